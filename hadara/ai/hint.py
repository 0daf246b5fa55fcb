"""``hint(view, legal_actions)``: the preferred action and a one-line reason (a "suggest a
move" button). Like every agent, it reads only the seat's view."""

from __future__ import annotations

from typing import Any

from i18n import translate

from ..words import lang
from .base import Action, View
from .levels import make_agent

#: The catalog key of the reason given for a forced decision.
ONLY_LEGAL = "engine.hint.only_legal"


def hint(view: View, legal_actions: list[Action], level: str = "greedy", seed: int = 0,
         *, locale: str | None = None, **options: Any) -> tuple[Action, str]:
    """The ``level`` agent's choice for this view, with why it prefers it, in one line.

    A forced decision's reason is worded by the catalog (:data:`ONLY_LEGAL`) in ``locale``
    (None: the language being spoken)."""
    if not legal_actions:
        raise ValueError("there is no decision to hint at: no legal actions")
    if len(legal_actions) == 1:
        return legal_actions[0], translate(lang(locale), ONLY_LEGAL)
    return make_agent(level, seed=seed, **options).explain(view, legal_actions)
