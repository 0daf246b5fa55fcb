"""AI decisions for the service: a picklable job for a process pool and the decision seeds."""

from __future__ import annotations

import hashlib
from typing import Any

from hadara.ai import decide
from hadara.ai.hint import hint
from hadara.ai.ismcts import BOT_BUDGET_MS
from i18n import speaking

from .content import Files, worker_catalog

#: The levels the commands offer, gentlest first: novice (gentle), steady (greedy) and expert
#: (ismcts) (docs/ai.md: their measured strength). The service seats any level of
#: ``hadara.ai`` (``random`` of older tables and of tests keeps playing as it did).
LEVELS = ("gentle", "greedy", "ismcts")
#: The hint button's level: the strongest, within :data:`HINT_BUDGET_MS` (the click is
#: acknowledged first, and the search runs in the AI pool, never on the event loop).
HINT_LEVEL = "ismcts"
HINT_BUDGET_MS = 1000
#: Options per level unless the service is given others (ismcts: the bot's time budget;
#: ``hint``: the options of the hint button's level).
DEFAULT_OPTIONS: dict[str, dict[str, Any]] = {"ismcts": {"budget_ms": BOT_BUDGET_MS},
                                              "hint": {"budget_ms": HINT_BUDGET_MS}}
#: The level that plays a conceded seat for the rest of the game.
CONCEDED_LEVEL = "greedy"


def decision_seed(game_seed: int | None, decision_id: str, seat: int) -> int:
    """A deterministic seed per game and decision (0..2**63-1)."""
    digest = hashlib.sha256(f"{game_seed}:{decision_id}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def ai_job(level: str, view: dict[str, Any], actions: list[dict[str, Any]], seed: int,
           version: str | None, files: Files | None,
           options: dict[str, Any]) -> dict[str, Any]:
    """One AI decision in a worker process, with the game's catalog."""
    catalog = worker_catalog(version, files)
    return decide(level, view, actions, seed, catalog=catalog, **options)


def hint_job(view: dict[str, Any], actions: list[dict[str, Any]], version: str | None,
             files: Files | None, options: dict[str, Any],
             language: str) -> tuple[dict[str, Any], str]:
    """The hint button's suggestion and its reason in a worker process, worded in
    ``language`` (a worker does not share the caller's current language)."""
    catalog = worker_catalog(version, files)
    with speaking(language):
        return hint(view, actions, HINT_LEVEL, 0, catalog=catalog, **options)
