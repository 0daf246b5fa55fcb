"""Exports: standings and results as CSV, a finished game's full record as JSON.

The JSON record (format ``hadara-game-record/1``) holds everything needed to replay the game
with the engine alone — ``python -m hadara replay FILE`` prints its log and final scores:

``{"format", "game_id", "variant", "status", "options", "created_at", "finished_at",
"players": [{"seat", "name", "user", "ai_level", "conceded"}], "save": <hadara.save format 1:
content_version, rules_version, setup, seed, actions>, "log": [{"seq", "seat",
"submitted_by", "at"}], "content": {"version", "files"} (the data files of the game's content
version, so it replays after data/ changed), "final": {"scores", "winners"}}``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.storage.base import RatedResult, Store, StoredGame, TableRecord
from hadara import save

FORMAT = "hadara-game-record/1"
STANDINGS_FIELDS = ("position", "user", "name", "points", "opponents", "games", "wins",
                    "rating", "mu", "sigma", "active")
TABLE_FIELDS = ("season", "round", "table", "game_id", "place", "user", "name", "points",
                "total", "coins", "win", "last")
RESULT_FIELDS = ("game_id", "guild_id", "finished_at", "voided", "rank", "user", "name",
                 "seat", "total", "coins", "win", "last")


def _csv(fields: Sequence[str], rows: Iterable[Mapping[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(fields), extrasaction="ignore",
                            lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: ("" if row.get(k) is None else row.get(k)) for k in fields})
    return out.getvalue()


def standings_csv(standings: Iterable[Mapping[str, Any]]) -> str:
    """Standings rows (``LeagueService.standings``) as CSV, one line per member."""
    return _csv(STANDINGS_FIELDS, standings)


def tables_csv(tables: Iterable[TableRecord], season: int | None = None) -> str:
    """League games' results as CSV: one line per seat of every finished table (AI fillers
    with an empty user); abandoned tables are left out."""
    rows = []
    for t in tables:
        if not isinstance(t.result, list):
            continue
        for r in t.result:
            rows.append({**r, "season": season if season is not None else t.season_id,
                         "round": t.round, "table": t.number, "game_id": t.game_id})
    return _csv(TABLE_FIELDS, rows)


def results_csv(results: Iterable[RatedResult]) -> str:
    """Rated results (``store.rated_results``) as CSV: one line per rated person."""
    rows = [{**p, "game_id": r.game_id, "guild_id": r.guild_id,
             "finished_at": r.finished_at, "voided": int(r.voided)}
            for r in results for p in r.ranks]
    return _csv(RESULT_FIELDS, rows)


def game_record(stored: StoredGame, files: Mapping[str, str] | None) -> dict[str, Any]:
    """A stored game as a replayable JSON record (see the module docstring); ``files``: the
    data files of its content version (``store.load_content``). ValueError for a game that
    never started."""
    rec = stored.record
    if rec.setup is None or rec.content_version is None or rec.rules_version is None:
        raise ValueError(f"game {rec.id} never started: nothing to replay")
    data = {"format": save.FORMAT, "content_version": rec.content_version,
            "rules_version": rec.rules_version, "setup": rec.setup, "seed": rec.seed,
            "actions": [{"seat": a.seat, "action": a.action} for a in stored.actions]}
    return {
        "format": FORMAT, "game_id": rec.id, "variant": rec.variant, "status": rec.status,
        "options": rec.options, "created_at": rec.created_at, "finished_at": rec.updated_at,
        "players": [{"seat": s.seat, "name": s.name, "user": s.user_id,
                     "ai_level": s.ai_level, "conceded": s.conceded} for s in rec.seats],
        "save": data,
        "log": [{"seq": a.seq, "seat": a.seat, "submitted_by": a.submitted_by, "at": a.at}
                for a in stored.actions],
        "content": {"version": rec.content_version,
                    "files": dict(files) if files is not None else None},
    }


async def export_game(store: Store, game_id: int, *, final: bool = True) -> dict[str, Any]:
    """The JSON record of a stored game; with ``final`` (and a finished game) its final
    ranking (``scores`` rows as the service's ``final_ranking`` gives them, ``winners``).
    KeyError: no such game."""
    stored = await store.load_game(game_id)
    if stored is None:
        raise KeyError(game_id)
    rec = stored.record
    files = await store.load_content(rec.content_version) if rec.content_version else None
    out = game_record(stored, files)
    if final and rec.status == "finished":
        from bot.service.service import final_ranking

        from .ratings import load_finished

        game = await load_finished(store, game_id)
        if game is not None:
            scores, winners = final_ranking(game, rec.seats)
            out["final"] = {"scores": scores, "winners": winners}
    return out
