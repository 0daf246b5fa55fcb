"""The agent interface and the helpers every agent shares (the levels are in levels.py).

An agent sees only what its seat may see: the seat's view (``hadara.views.view``, a JSON dict)
and the legal actions. It never receives a :class:`~hadara.engine.Game`. Search agents build
full games consistent with the view through :func:`hadara.determinise.determinise`.

Agents are deterministic: the randomness of one decision comes from the agent's seed mixed with
public counters of the view, so the same view and seed give the same choice in any process, in
any order of calls, and whatever the seat cannot see.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from i18n import t

from ..rng import Rng
from ..types import Action, View

_MASK = (1 << 64) - 1


def mix(*parts: int) -> int:
    """A stable 64-bit hash of integers (SplitMix64 finaliser); Python's hash() is salted."""
    h = 0x243F6A8885A308D3
    for p in parts:
        h = (h ^ (p & _MASK)) * 0x9E3779B97F4A7C15 & _MASK
        h ^= h >> 29
    return h


def viewer(view: View) -> int:
    """The seat a view belongs to: an AI decides from a seat's view, never the spectator's."""
    seat = view["viewer"]
    if seat is None:
        raise ValueError("an AI decides from a seat's view, not the spectator view")
    return seat


def decision_rng(seed: int, view: View) -> Rng:
    """The generator of one decision: a function of the seed and public counters only."""
    return Rng(mix(seed, viewer(view), view["version"], view["next_decision"]))


def action_key(action: Action) -> tuple[Any, ...]:
    """A hashable name of an action (legal_actions builds keys in a fixed order per type)."""
    return tuple(action.values())


class Agent(ABC):
    """One AI player level. ``choose`` gets the acting seat's view and its legal actions."""

    name: str = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    @abstractmethod
    def choose(self, view: View, actions: list[Action]) -> Action:
        """Return one of ``actions`` (the very object, not a copy)."""

    def explain(self, view: View, actions: list[Action]) -> tuple[Action, str]:
        """The preferred action and a one-line reason (the hint button)."""
        return self.choose(view, actions), t("engine.hint.agent", name=self.name)


AgentFactory = Callable[..., Agent]  # (seed=…, **options) -> Agent; the levels table holds them
