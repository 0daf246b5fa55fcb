"""AI decisions for the service: a picklable job for a process pool and the decision seeds."""

from __future__ import annotations

import hashlib
from typing import Any

from hadara.ai import decide
from hadara.ai.ismcts import BOT_BUDGET_MS

from .content import Files, worker_catalog

#: Options per level unless the service is given others (ismcts: the bot's time budget).
DEFAULT_OPTIONS: dict[str, dict[str, Any]] = {"ismcts": {"budget_ms": BOT_BUDGET_MS}}
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
