"""Exports: standings and results as CSV. A finished game's full record as JSON is the
service's (``GameService.export_record``, ``bot/service/export.py``): it is a game's, not a
league's, and the service imports nothing of the leagues."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.storage.base import RatedResult, TableRecord

STANDINGS_FIELDS = ("position", "user", "name", "points", "opponents", "games", "wins",
                    "rating", "mu", "sigma", "active")
# final_hash: the head of the game's hash chain when its result was recorded (empty for a
# result recorded before the chain existed); ``python -m bot verify`` recomputes it
TABLE_FIELDS = ("season", "round", "table", "game_id", "place", "user", "name", "points",
                "total", "coins", "win", "last", "final_hash")
RESULT_FIELDS = ("game_id", "guild_id", "finished_at", "voided", "rank", "user", "name",
                 "seat", "total", "coins", "win", "last", "final_hash")


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
             "finished_at": r.finished_at, "voided": int(r.voided),
             "final_hash": r.final_hash}
            for r in results for p in r.ranks]
    return _csv(RESULT_FIELDS, rows)


#: A tournament's standings (``TournamentService.standings``): the final place, the byes and
#: whether the person withdrew, beside the league columns.
TOURNAMENT_FIELDS = ("position", "final", "user", "name", "points", "opponents", "wins",
                     "games", "byes", "withdrawn", "rating")


def tournament_csv(standings: Iterable[Mapping[str, Any]]) -> str:
    """A tournament's standings as CSV, one line per entrant who played or is still in."""
    return _csv(TOURNAMENT_FIELDS, standings)
