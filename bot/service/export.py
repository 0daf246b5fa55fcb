"""A finished game's full record as JSON (``GameService.export_record``; docs/leagues.md).

The JSON record (format ``hadara-game-record/2``) holds everything needed to replay the game
with the engine alone — ``python -m hadara replay FILE`` prints its log and final scores — and
to recompute its hash chain — ``python -m bot verify FILE``:

``{"format", "game_id", "variant", "status", "options", "created_at", "finished_at",
"players": [{"seat", "name", "user", "ai_level", "conceded"}], "save": <hadara.save format 1:
content_version, rules_version, setup, seed, actions>, "log": [{"seq", "seat", "decision_id",
"submitted_by", "at", "hash"}], "chain": {"format", "root", "final_hash"}, "content":
{"version", "files"} (the data files of the game's content version, so it replays after data/
changed), "final": {"scores", "winners"}}``.

The chain (``bot/storage/chain.py``, docs/service.md "The log's hash chain"): ``root`` from
``game_id`` and the save's setup, seed and versions; each log entry's ``hash`` over the one
before, its own fields and the save's action of the same index; ``final_hash`` the last.
Format 1 (before the chain) had no ``chain``, nor ``decision_id`` and ``hash`` in the log.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.storage import chain
from bot.storage.base import FINISHED, JSONObject, StoredGame
from bot.storage.rows import record_root
from hadara import save
from hadara.engine import Game
from hadara.scoring import final_ranking

from .checks import conceded

FORMAT = "hadara-game-record/2"


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
        "log": [{"seq": a.seq, "seat": a.seat, "decision_id": a.decision_id,
                 "submitted_by": a.submitted_by, "at": a.at, "hash": a.hash}
                for a in stored.actions],
        "chain": {"format": chain.FORMAT,
                  "root": record_root(rec),
                  "final_hash": stored.head},
        "content": {"version": rec.content_version,
                    "files": dict(files) if files is not None else None},
    }
    if rec.status == FINISHED and game is not None:
        scores, winners = final_ranking(game, conceded(rec.seats))
        out["final"] = {"scores": scores, "winners": winners}
    return out


@dataclass(frozen=True)
class Verdict:
    """What recomputing a record's chain found: ``ok``, its final hash, in words."""

    ok: bool
    final_hash: str | None
    detail: str


def check_record(doc: object) -> Verdict:
    """Recompute an exported record's hash chain (``python -m bot verify FILE``). Nothing in
    the record is trusted but what it hashes: the root is recomputed from its game id, setup,
    seed and versions, each link from its log entry and action."""
    if not isinstance(doc, dict) or not isinstance(doc.get("save"), dict):
        return Verdict(False, None, "not a game record (no save)")
    data, log = doc["save"], doc.get("log")
    sealed = doc.get("chain")
    if not isinstance(sealed, dict) or not isinstance(log, list):
        return Verdict(False, None, f"a record of format {doc.get('format')!r} has no hash chain")
    actions = data.get("actions")
    if not isinstance(actions, list) or len(actions) != len(log):
        return Verdict(False, None, "its save and its log do not have the same number of actions")
    try:
        start = chain.root(int(doc["game_id"]), data.get("setup"), data.get("seed"),
                           data.get("content_version"), data.get("rules_version"))
        entries = [chain.Entry(int(e["seq"]), int(e["seat"]), e.get("decision_id"),
                               str(e["submitted_by"]), float(e["at"]), a.get("action"),
                               e.get("hash"))
                   for e, a in zip(log, actions, strict=True)]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        return Verdict(False, None, f"its log cannot be read: {exc!r}")
    if [e.seq for e in entries] != list(range(len(entries))):
        return Verdict(False, None, "its log is not numbered 0, 1, 2 …")
    if sealed.get("root") != start:
        return Verdict(False, None, "its root does not match its game id, setup, seed and versions")
    broken = chain.check(start, entries, sealed.get("final_hash"))
    if broken is not None:
        return Verdict(False, None, broken.detail)
    final = sealed.get("final_hash")
    return Verdict(True, None if final is None else str(final),
                   f"{len(entries)} actions, every hash recomputed")
