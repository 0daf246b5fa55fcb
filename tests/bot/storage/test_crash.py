"""Crash tests: the game service in a child process (tests/support/crash_child.py) over one SQLite
file, killed with SIGKILL at random moments during a stream of submissions, between executing a
transaction and its COMMIT, and between the commit and the acknowledgement.

After every kill, on the file as the killed process left it:

* every acknowledged row (the child appends one fsynced line per row of every submission the
  service acknowledged) is in the log, at its seq, with its decision id and action;
* every decision id appears at most once in a game's log (no click applied twice);
* rows written but not committed are not in the log; rows committed but not acknowledged are;
* every started game loads through a fresh ``GameService`` (``hadara.save.from_dict``) to the
  same ``snapshot()`` as an independent replay of the stored rows that checks each row's
  decision id was the one pending; a game is ``finished`` exactly when its replay is over.

After the last kill a child plays every active game to its end.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bot.service import GameService, ImageCache
from bot.storage import FINISHED, SqliteStore, StoredGame
from hadara.engine import Game
from hadara.setup import Setup

CHILD = Path(__file__).resolve().parents[2] / "support" / "crash_child.py"
ROOT = CHILD.parents[2]
READY_TIMEOUT = 30.0  # seconds; the child is ready in about 0.15 s


def start_child(db: Path, acks: Path, seed: int, **env: str) -> subprocess.Popen[bytes]:
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(db), str(acks), str(seed)], cwd=ROOT,
        stdout=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT), **env})
    return child


def wait_ready(child: subprocess.Popen[bytes]) -> None:
    assert child.stdout is not None
    line = child.stdout.readline()  # the child prints nothing else before "ready"
    assert line == b"ready\n", (line, child.poll())


def kill(child: subprocess.Popen[bytes]) -> None:
    child.send_signal(signal.SIGKILL)
    assert child.wait(READY_TIMEOUT) == -signal.SIGKILL
    assert child.stdout is not None
    child.stdout.close()


def read_acks(path: Path) -> list[dict[str, Any]]:
    """The child's lines; a line torn by a kill (not acknowledged yet) is skipped."""
    if not path.exists():
        return []
    out = []
    for line in path.read_bytes().split(b"\n"):
        try:
            out.append(json.loads(line))
        except ValueError:
            continue
    return out


def replay(stored: StoredGame) -> Game:
    """Replay the stored rows independently of ``hadara.save``, checking that each row's
    decision id was the decision pending for its seat."""
    rec = stored.record
    assert rec.setup is not None
    game = Game.from_setup(Setup.from_dict(rec.setup), rec.seed)
    for row in stored.actions:
        assert row.decision_id is not None, row
        assert game.decision_ids[row.seat] == row.decision_id, (rec.id, row)
        game.apply(row.seat, row.action, row.decision_id)
    return game


class Checker:
    """Checks a database against the acknowledgements; remembers the logs it replayed (a log
    that has not changed replays the same way, so it is not replayed again)."""

    def __init__(self, db: Path, acks: Path) -> None:
        self.db, self.acks = db, acks
        self.replayed: dict[int, str] = {}

    def check(self, absent: list[dict[str, Any]] | None = None) -> dict[str, int]:
        return asyncio.run(self._check(absent or []))

    async def _check(self, absent: list[dict[str, Any]]) -> dict[str, int]:
        store = SqliteStore(self.db)
        await store.open()
        svc = GameService(store, image_cache=ImageCache(1 << 20))  # not opened: plays nothing
        try:
            games: dict[int, StoredGame] = {}
            for gid in await store.game_ids(("lobby", "active", "finished", "abandoned")):
                stored = await store.load_game(gid)
                assert stored is not None
                games[gid] = stored
            logs = {gid: {r.seq: r for r in g.actions} for gid, g in games.items()}
            for gid, g in games.items():
                ids = [r.decision_id for r in g.actions]
                assert len(ids) == len(set(ids)), f"game {gid}: a decision applied twice"
                assert [r.seq for r in g.actions] == list(range(len(g.actions)))
            lines = read_acks(self.acks)
            for line in lines:
                if line["k"] in ("ack", "committed"):
                    row = logs[line["g"]].get(line["seq"])
                    assert row is not None, f"acknowledged row lost: {line}"
                    assert (row.decision_id, row.action) == (line["d"], line["a"]), (line, row)
            for line in absent:
                row = logs.get(line["g"], {}).get(line["seq"])
                assert row is None or (row.decision_id, row.action) != (line["d"], line["a"]), \
                    f"a row that was never committed is in the log: {line}"
            for gid, g in games.items():
                if g.record.setup is None:
                    continue
                digest = hashlib.sha256(repr([(r.seq, r.seat, r.decision_id, r.action)
                                              for r in g.actions]).encode()).hexdigest()
                if self.replayed.get(gid) == digest:
                    continue
                expected = replay(g)
                loaded = (await svc.load(gid)).game
                assert loaded is not None
                assert loaded.snapshot() == expected.snapshot(), f"game {gid} loads differently"
                assert (g.record.status == FINISHED) == expected.is_over, (gid, g.record.status)
                self.replayed[gid] = digest
            return {
                "games": sum(1 for g in games.values() if g.record.setup is not None),
                "finished": sum(1 for g in games.values() if g.record.status == FINISHED),
                "active": sum(1 for g in games.values() if g.record.status == "active"),
                "rows": sum(len(g.actions) for g in games.values()),
                "acks": sum(1 for line in lines if line["k"] == "ack"),
            }
        finally:
            await svc.close()
            await store.close()


def finish(checker: Checker, seed: int) -> dict[str, int]:
    """A last restart: play every active game to its end."""
    before = checker.check()
    child = start_child(checker.db, checker.acks, seed, CRASH_FINISH="1")
    try:
        wait_ready(child)
        assert child.wait(60) == 0
    finally:
        if child.poll() is None:
            kill(child)
        if child.stdout is not None:
            child.stdout.close()
    after = checker.check()
    assert after["active"] == 0 and after["finished"] == after["games"], after
    assert after["finished"] >= before["finished"] + before["active"]
    assert before["active"] >= 1
    return after


def test_killed_at_random_moments(tmp_path: Path) -> None:
    """50 kills 20–200 ms into a stream of submissions (three games in play at a time)."""
    db, acks = tmp_path / "games.sqlite3", tmp_path / "acks.jsonl"
    checker = Checker(db, acks)
    rng = random.Random(20240601)
    for run in range(50):
        child = start_child(db, acks, run)
        wait_ready(child)
        time.sleep(rng.uniform(0.02, 0.2))
        kill(child)
        checker.check()
    stats = finish(checker, 1000)
    assert stats["acks"] >= 500, stats  # the kills did land in a stream of submissions
    assert stats["finished"] >= 3, stats


def test_killed_before_commit_and_before_the_ack(tmp_path: Path) -> None:
    """The child kills itself inside write_actions' transaction just before COMMIT (the rows
    must be gone) and after the commit, before the acknowledgement (the rows must be kept)."""
    db, acks = tmp_path / "games.sqlite3", tmp_path / "acks.jsonl"
    checker = Checker(db, acks)
    rng = random.Random(7)
    for run in range(10):
        where = ("before_commit", "after_commit")[run % 2]
        seen = len(read_acks(acks))
        child = start_child(db, acks, run, CRASH_HOOK=f"{where}:{rng.randint(1, 60)}")
        wait_ready(child)
        assert child.wait(READY_TIMEOUT) == -signal.SIGKILL
        assert child.stdout is not None
        child.stdout.close()
        new = read_acks(acks)[seen:]
        marked = [x for x in new if x["k"] != "ack"]
        kind = {"before_commit": "uncommitted", "after_commit": "committed"}[where]
        assert marked and {x["k"] for x in marked} == {kind}, marked
        assert new[-len(marked):] == marked  # nothing was acknowledged after the marker
        checker.check(absent=marked if where == "before_commit" else None)
    finish(checker, 2000)
