"""``hint(view, legal_actions)``: the preferred action and a one-line reason (a "suggest a
move" button). Like every agent, it reads only the seat's view."""

from __future__ import annotations

from typing import Any

from .base import Action, View
from .levels import make_agent


def hint(view: View, legal_actions: list[Action], level: str = "greedy", seed: int = 0,
         **options: Any) -> tuple[Action, str]:
    """The ``level`` agent's choice for this view, with why it prefers it, in one line."""
    if not legal_actions:
        raise ValueError("there is no decision to hint at: no legal actions")
    if len(legal_actions) == 1:
        return legal_actions[0], "It is the only legal action."
    return make_agent(level, seed=seed, **options).explain(view, legal_actions)
