"""Level ``gentle`` (the bot's novice): greedy's one-step look-ahead, chosen loosely.

It values every legal action as greedy does and then picks at random with a preference for the
better ones (a softmax: an action ``temperature`` points worse is e≈2.7 times less likely),
so it makes the plausible mistakes of someone still learning the values — selling a card it
could have used, letting food run short — and rarely an absurd one. Like every level it is
deterministic: the draw comes from the agent's seed and the view's public counters.
"""

from __future__ import annotations

import math

from ..content import Catalog, default_catalog
from ..determinise import determinise
from ..state import WHEEL
from .base import Action, Agent, View, decision_rng, viewer
from .evaluation import DEFAULT_WEIGHTS, Weights
from .greedy import evaluator, scored_actions

#: Points of evaluation that make an action e times less likely (docs/ai.md: its strength).
TEMPERATURE = 2.5


class GentleAgent(Agent):
    name = "gentle"

    def __init__(self, seed: int = 0, weights: Weights = DEFAULT_WEIGHTS,
                 catalog: Catalog | None = None, temperature: float = TEMPERATURE,
                 **_: object) -> None:
        super().__init__(seed)
        self.catalog = catalog or default_catalog()
        self.ev = evaluator(self.catalog, weights)
        self.temperature = temperature

    def choose(self, view: View, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        rng = decision_rng(self.seed, view)
        if view["step"] == WHEEL:  # the evaluation cannot tell the wheel's choices apart
            return actions[rng.below(len(actions))]
        game = determinise(view, rng, self.catalog, quiet=True)
        scored = scored_actions(self.ev, game, viewer(view), actions)
        best = max(v for v, _ in scored)
        weights = [math.exp((v - best) / self.temperature) for v, _ in scored]
        # a draw in [0, total) from the engine's generator (integer steps: the same everywhere)
        steps = 1 << 53
        x = rng.below(steps) / steps * sum(weights)
        for w, (_, action) in zip(weights, scored, strict=True):
            x -= w
            if x < 0:
                return action
        return scored[-1][1]
