"""Verifying a SQLite database as the bot reads it (``python -m bot backup`` and ``restore``,
docs/deploy.md "Backups"): SQLite's ``integrity_check``, then every game replayed by the game
service's repair preview. It lives above ``bot.storage`` (which copies and restores the file,
``bot/storage/backup.py``) because it needs the service: storage imports nothing from it.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from bot.service.service import GameService
from bot.storage.base import STATUSES
from bot.storage.sqlite import SqliteStore


@dataclass
class Report:
    """What a verification found."""

    path: Path
    games: int = 0
    replayed: int = 0  # started games that replay
    lobby: int = 0  # games not started (their seats checked)
    actions: int = 0
    damaged: list[str] = field(default_factory=list)  # games marked damaged (kept as they are)
    problems: list[str] = field(default_factory=list)  # games that do not replay, integrity
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.problems

    def text(self) -> str:
        lines = [f"{self.path}: {self.games} games ({self.replayed} replayed, {self.lobby} in "
                 f"the lobby), {self.actions} actions"]
        lines += [f"damaged (kept as marked): {d}" for d in self.damaged]
        lines += [f"PROBLEM: {p}" for p in self.problems[:50]]
        if len(self.problems) > 50:
            lines.append(f"… and {len(self.problems) - 50} more problems")
        lines.append(f"{'verification FAILED' if self.problems else 'verified'} "
                     f"({self.seconds:.2f} s)")
        return "\n".join(lines)


async def verify(path: Path) -> Report:
    """Open a database (no marker written) and replay every game as the service does."""
    started = time.perf_counter()
    report = Report(path)
    if not path.is_file():
        report.problems.append(f"no database at {path}")
        return report
    with sqlite3.connect(path) as con:
        found = [r[0] for r in con.execute("PRAGMA integrity_check")]
    if found != ["ok"]:
        report.problems += [f"integrity: {line}" for line in found[:20]]
        report.seconds = time.perf_counter() - started
        return report
    store = SqliteStore(path, marker=False)
    await store.open()
    try:
        service = GameService(store)  # not opened: nothing plays on, nothing is marked
        damaged = {d.game_id: d for d in await store.damaged_games()}
        for gid in await store.game_ids(STATUSES):
            report.games += 1
            if gid in damaged:
                d = damaged[gid]
                report.damaged.append(f"game {gid}: {d.reason}: {d.detail}")
                continue
            preview = await service.repair_preview(gid)
            report.actions += preview["total"]
            if preview["reason"] is not None:
                report.problems.append(f"game {gid} does not replay: {preview['reason']}: "
                                       f"{preview['detail']}")
            elif not preview["started"]:
                report.lobby += 1
            else:
                report.replayed += 1
    finally:
        await store.close()
    report.seconds = time.perf_counter() - started
    return report
