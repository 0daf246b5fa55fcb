"""Level ``random``: a uniformly random legal action (fuzzing and the weakest opponent)."""

from __future__ import annotations

from i18n import t

from .base import Action, Agent, View, decision_rng


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed: int = 0, **_: object) -> None:
        super().__init__(seed)

    def choose(self, view: View, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        return actions[decision_rng(self.seed, view).below(len(actions))]

    def explain(self, view: View, actions: list[Action]) -> tuple[Action, str]:
        return self.choose(view, actions), t("engine.hint.random")

