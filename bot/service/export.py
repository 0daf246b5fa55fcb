"""A finished game's full record as JSON (``GameService.export_record``; docs/leagues.md).

The JSON record (format ``hadara-game-record/1``) holds everything needed to replay the game
with the engine alone — ``python -m hadara replay FILE`` prints its log and final scores:

``{"format", "game_id", "variant", "status", "options", "created_at", "finished_at",
"players": [{"seat", "name", "user", "ai_level", "conceded"}], "save": <hadara.save format 1:
content_version, rules_version, setup, seed, actions>, "log": [{"seq", "seat",
"submitted_by", "at"}], "content": {"version", "files"} (the data files of the game's content
version, so it replays after data/ changed), "final": {"scores", "winners"}}``.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.storage.base import FINISHED, JSONObject, StoredGame
from hadara import save
from hadara.engine import Game
from hadara.scoring import final_ranking

from .checks import conceded

FORMAT = "hadara-game-record/1"


def game_record(stored: StoredGame, files: Mapping[str, str] | None,
                game: Game | None = None) -> JSONObject:
    """A stored game as a replayable JSON record (see the module docstring); ``files``: the
    data files of its content version (``store.load_content``); ``game``: the game rebuilt
    from it, whose final ranking a finished game's record carries. ValueError for a game
    that never started."""
    rec = stored.record
    if rec.setup is None or rec.content_version is None or rec.rules_version is None:
        raise ValueError(f"game {rec.id} never started: nothing to replay")
    data = {"format": save.FORMAT, "content_version": rec.content_version,
            "rules_version": rec.rules_version, "setup": rec.setup, "seed": rec.seed,
            "actions": [{"seat": a.seat, "action": a.action} for a in stored.actions]}
    out: JSONObject = {
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
    if rec.status == FINISHED and game is not None:
        scores, winners = final_ranking(game, conceded(rec.seats))
        out["final"] = {"scores": scores, "winners": winners}
    return out
