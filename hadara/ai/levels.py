"""The AI levels by name: :func:`make_agent`, :func:`agent_names` and :func:`decide`.

The table imports every level module at the top; the level modules import only ``base`` (and
each other: ``ismcts`` plays out with ``greedy``), never this module, so there is no cycle.
A new level is a module with an :class:`~hadara.ai.base.Agent` subclass and a line in
:data:`LEVELS`.
"""

from __future__ import annotations

from typing import Any

from .base import Action, Agent, AgentFactory, View
from .gentle import GentleAgent
from .greedy import GreedyAgent
from .ismcts import IsmctsAgent, IsmctsV1Agent
from .random_agent import RandomAgent

#: Level name -> factory, called as ``factory(seed=…, **options)``.
LEVELS: dict[str, AgentFactory] = {
    RandomAgent.name: RandomAgent,
    GentleAgent.name: GentleAgent,
    GreedyAgent.name: GreedyAgent,
    IsmctsAgent.name: IsmctsAgent,
    IsmctsV1Agent.name: IsmctsV1Agent,
}


def agent_names() -> list[str]:
    return sorted(LEVELS)


def make_agent(name: str, seed: int = 0, **options: Any) -> Agent:
    """Build an agent by level name; options the level does not take are ignored."""
    if name not in LEVELS:
        raise ValueError(f"unknown agent {name!r}; known: {', '.join(agent_names())}")
    return LEVELS[name](seed=seed, **options)


def decide(level: str, view: View, actions: list[Action], seed: int = 0,
           **options: Any) -> Action:
    """One decision by a fresh agent: a top-level function, so a process pool can run it."""
    if len(actions) == 1:
        return actions[0]
    return make_agent(level, seed=seed, **options).choose(view, actions)
