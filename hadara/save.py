"""Saving and replaying games: (content version, rules version, setup, seed, actions) as JSON.

A saved game replays to an identical state. A game saved under other content or other rules is
refused with a clear error unless that content is supplied.
"""

from __future__ import annotations

import json
from typing import Any

from .content import Catalog, default_catalog
from .engine import RULES_VERSION, Game
from .errors import BadSave, HadaraError
from .setup import Setup

FORMAT = 1


def to_dict(game: Game) -> dict[str, Any]:
    if game.setup is None or game.log is None:
        raise ValueError("only games created from a setup (not determinised ones) can be saved")
    return {
        "format": FORMAT,
        "content_version": game.catalog.version,
        "rules_version": RULES_VERSION,
        "setup": game.setup.to_dict(),
        "seed": game.seed,
        "actions": [{"seat": e["seat"], "action": e["action"]} for e in game.log],
    }


def to_json(game: Game) -> str:
    return json.dumps(to_dict(game), separators=(",", ":"), sort_keys=True)


def from_dict(data: dict[str, Any], catalogs: dict[str, Catalog] | None = None) -> Game:
    """Replay a saved game. ``catalogs`` maps other content versions to their catalogs."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadSave(f"not a saved Hadara game (format {FORMAT} expected)")
    if data.get("rules_version") != RULES_VERSION:
        raise BadSave(f"saved under rules version {data.get('rules_version')!r}; this engine "
                      f"plays version {RULES_VERSION}")
    version = data.get("content_version")
    catalog = default_catalog()
    if version != catalog.version:
        catalog = (catalogs or {}).get(version)  # type: ignore[arg-type, assignment]
        if catalog is None:
            raise BadSave(f"saved with content {version}, but only content "
                          f"{default_catalog().version} is available; supply that content")
    setup = Setup.from_dict(data.get("setup", {}))
    try:
        game = Game.from_setup(setup, data.get("seed"), catalog)
    except ValueError as exc:
        raise BadSave(f"setup does not fit the content: {exc}") from None
    for i, entry in enumerate(data.get("actions", [])):
        try:
            game.apply(entry["seat"], entry["action"])
        except HadaraError as exc:
            raise BadSave(f"action #{i} does not replay: {exc.message}") from None
        except (KeyError, TypeError) as exc:
            raise BadSave(f"action #{i} is malformed: {exc!r}") from None
    return game


def from_json(text: str, catalogs: dict[str, Catalog] | None = None) -> Game:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadSave(f"saved game is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    return from_dict(data, catalogs)
