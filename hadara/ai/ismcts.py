"""Levels ``ismcts`` (expert) and ``ismcts-v1``: information-set Monte Carlo tree search with
greedy playouts.

Each iteration samples one full game consistent with the seat's view (determinise: the others'
hands and Phase-A sales, deck orders, colony backs), walks the tree of this seat's own decisions
with UCB (counting, for each child, the iterations in which it was available, since the legal
actions differ between samples), then plays on with the greedy policy for every seat and scores
the position once the current epoch is over. ``ismcts`` scores it with the fitted leaf
(leaf.py): every seat's forecast final points, a lead weighed against how far off the forecast
usually is at that stage, and the true final scores once the game is over. ``ismcts-v1`` is
the search as it was before the fitted leaf (issue 25's starting point), kept to measure
against: a logistic of the hand-written evaluation's differences.

Other seats' decisions are not tree nodes: in a sampled game they are played by the greedy
policy, from their own (sampled) hands. In simultaneous steps this seat decides first and the
others' picks are made by that policy without looking at it, so the search never assumes it sees
their picks; their public sequential actions are folded into the sample, which makes each node an
information set of this seat's own choices.

With an iteration budget the result depends only on the view and the seed; a time budget stops
at a deadline instead. Forced decisions return at once.
"""

from __future__ import annotations

import math
import time
from typing import Any

from i18n import t

from ..content import Catalog, default_catalog
from ..determinise import Determiniser, determinise
from ..engine import Game
from ..options import label
from ..rng import Rng
from ..state import OVER
from .base import Action, Agent, View, action_key, decision_rng, viewer
from .evaluation import DEFAULT_WEIGHTS, Evaluator, Weights
from .greedy import GreedyAgent, evaluator, greedy_action, scored_actions
from .leaf import Leaf, load

#: Iterations per decision in tournaments when no budget is given (≈ 220 ms a two-player
#: decision here; docs/ai.md).
TOURNAMENT_ITERATIONS = 300
#: The bot's default: a time budget, at most 2 s per decision.
BOT_BUDGET_MS = 1500
#: How the expert sets the wheel (once an epoch, by the epoch's first player): by greedy's rule
#: (the colour it holds fewest of; the default), which measured better for whoever sets it and
#: keeps the seats fair (docs/ai.md, "Balance"), or by its search, as ismcts-v1 does.
WHEELS = ("rule", "search")


class Node:
    """Statistics of one of this seat's actions below a tree position."""

    __slots__ = ("children", "visits", "total", "avail", "prior")

    def __init__(self, prior: float = 0.0) -> None:
        self.children: dict[tuple, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.prior = prior


class Search:
    """One decision's search. ``run`` returns the root's children statistics."""

    def __init__(self, ev: Evaluator, view: View, actions: list[Action], rng: Rng,
                 catalog: Catalog, c: float = 0.3, scale: float = 15.0,
                 prior_weight: float = 0.0, horizon: int = 1, leaf: Leaf | None = None,
                 lead: float = 0.55, end_scale: float = 4.0, phase_cut: bool = False) -> None:
        self.ev, self.view, self.actions, self.rng, self.cat = ev, view, actions, rng, catalog
        self.me = viewer(view)
        self.c, self.scale, self.prior_weight, self.horizon = c, scale, prior_weight, horizon
        # the fitted leaf (None: the hand-written evaluation, as ismcts-v1); a lead counts as
        # a logistic of lead / (``lead`` × the stage's sigma), and at the end of the game of
        # the true margin / ``end_scale`` (0.55 σ: a logistic that follows a normal of sd σ)
        self.leaf, self.lead, self.end_scale = leaf, lead, end_scale
        self.phase_cut = phase_cut  # playouts end with the phase (A or B), not the epoch
        self.root = Node()
        self.iterations = 0

    # -- the loop

    def run(self, iterations: int | None, deadline: float | None) -> Node:
        keys = [action_key(a) for a in self.actions]
        sampler = Determiniser(self.view, self.cat)
        first = sampler.sample(self.rng, quiet=True)
        self._root_priors(first, keys)
        while True:
            if iterations is not None and self.iterations >= iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            game = first if self.iterations == 0 else sampler.sample(self.rng, quiet=True)
            self._iterate(game)
            self.iterations += 1
        return self.root

    def _root_priors(self, game: Game, keys: list[tuple]) -> None:
        """Greedy's one-step values as priors: unexplored moves are tried best first."""
        scored = scored_actions(self.ev, game, self.me, self.actions)
        best = max(v for v, _ in scored)
        for key, (v, _) in zip(keys, scored, strict=True):
            self.root.children[key] = Node(1.0 / (1.0 + math.exp(-(v - best) / self.scale)))

    def _iterate(self, game: Game) -> None:
        me, ev = self.me, self.ev
        end_epoch = game.epoch + self.horizon
        phase = game.phase if self.phase_cut else None  # cut where the phase changes
        node = self.root
        path: list[Node] = []
        in_tree = True
        while game.step != OVER and game.epoch < end_epoch and (phase is None
                                                                 or game.phase == phase):
            waiting = game.waiting_on()
            seat = me if me in waiting else waiting[0]
            actions = game.legal_actions(seat)
            if len(actions) == 1:
                action = actions[0]
            elif seat == me and in_tree:
                action, child, new = self._select(node, actions)
                path.append(child)
                node = child
                if new:
                    in_tree = False
            else:
                action = greedy_action(ev, game, seat, actions)
            game.apply(seat, action, check=False)
        reward = self._reward(game)
        for n in path:
            n.visits += 1
            n.total += reward

    def _select(self, node: Node, actions: list[Action]) -> tuple[Action, Node, bool]:
        """UCB over the children available in this sample; expand an untried one first."""
        children = node.children
        best_a: Action | None = None
        best_n: Node | None = None
        best_u = -1.0
        untried: list[tuple[Action, Node]] = []
        for a in actions:
            key = action_key(a)
            child = children.get(key)
            if child is None:
                child = children[key] = Node()
            child.avail += 1
            if child.visits == 0:
                untried.append((a, child))
        if untried:
            a, child = max(untried, key=lambda ac: ac[1].prior)
            if child.prior == 0.0 and len(untried) > 1:  # below the root: no priors, sample
                a, child = untried[self.rng.below(len(untried))]
            return a, child, True
        log_c = self.c
        for a in actions:
            child = children[action_key(a)]
            u = (child.total / child.visits
                 + log_c * math.sqrt(math.log(child.avail) / child.visits)
                 + self.prior_weight * child.prior / (child.visits + 1))
            if u > best_u:
                best_a, best_n, best_u = a, child, u
        assert best_a is not None and best_n is not None
        return best_a, best_n, False

    def _reward(self, game: Game) -> float:
        """This seat's standing: mean over opponents of a logistic of the difference in
        (forecast) final points, so a reward of 1 is ahead of everyone for sure."""
        ev = self.ev
        values = []
        scale = self.scale
        if self.leaf is None:  # ismcts-v1: the evaluation's values
            for s in range(game.n):
                ctx = ev.ctx(game, s)
                values.append(ev.value(ev.pos(game, s, ctx), ctx))
        elif game.step == OVER:  # the true scores
            values = [float(t["total"]) for t in game.scores()]
            scale = self.end_scale
        else:
            sigma = 0.0
            for s in range(game.n):
                v, sigma = self.leaf.forecast(ev, game, s)
                values.append(v)
            scale = self.lead * sigma
        mine = values[self.me]
        total = 0.0
        for s, v in enumerate(values):
            if s != self.me:
                total += 1.0 / (1.0 + math.exp(-(mine - v) / scale))
        return total / (game.n - 1)


def best_child(root: Node, actions: list[Action]) -> tuple[Action, Node]:
    """The most visited action (ties: the higher mean, then the higher prior)."""
    def key(a: Action) -> tuple[int, float, float]:
        n = root.children[action_key(a)]
        return (n.visits, n.total / n.visits if n.visits else 0.0, n.prior)
    best = max(actions, key=key)
    return best, root.children[action_key(best)]


def explain_search(agent: IsmctsAgent, view: View,
                   actions: list[Action]) -> tuple[Action, str]:
    """The search's choice and its record against the runner-up, in one line (the hint)."""
    search = agent.search(view, actions)
    best, node = best_child(search.root, actions)
    others = [a for a in actions if a is not best]
    runner = max(others, key=lambda a: search.root.children[action_key(a)].visits)
    rn = search.root.children[action_key(runner)]
    game = determinise(view, Rng(agent.seed), agent.catalog)
    seat = viewer(view)

    def rate(n: Node) -> str:
        return f"{100 * n.total / n.visits:.0f}%" if n.visits else t("engine.hint.untried")

    reason = t("engine.hint.search", label=label(game, seat, best), rate=rate(node),
               visits=node.visits, iterations=search.iterations,
               next=label(game, seat, runner), next_rate=rate(rn))
    return best, reason


class IsmctsAgent(Agent):
    """The expert: the search with the fitted leaf."""

    name = "ismcts"
    #: search constants of the level (an agent's keyword options override them)
    defaults: dict[str, float] = {"c": 0.3, "scale": 15.0, "prior_weight": 0.0, "horizon": 1,
                                  "lead": 0.55, "end_scale": 4.0, "phase_cut": False}
    fitted = True  # the fitted leaf (False: the evaluation's values, as ismcts-v1)

    def __init__(self, seed: int = 0, iterations: int | None = None,
                 budget_ms: float | None = None, weights: Weights = DEFAULT_WEIGHTS,
                 catalog: Catalog | None = None, leaf: Leaf | None = None,
                 wheel: str = "rule", **options: object) -> None:
        super().__init__(seed)
        if wheel not in WHEELS:
            raise ValueError(f"wheel must be one of {', '.join(WHEELS)}, got {wheel!r}")
        self.wheel = wheel
        if iterations is None and budget_ms is None:
            iterations = TOURNAMENT_ITERATIONS
        self.iterations, self.budget_ms = iterations, budget_ms
        self.catalog = catalog or default_catalog()
        self.ev = evaluator(self.catalog, weights)
        # the wheel by greedy's rule (its choice and its hint), or None: searched like the rest
        self.rule = GreedyAgent(seed, catalog=self.catalog) if wheel == "rule" else None
        self.params: dict[str, object] = {k: options.get(k, v) for k, v in self.defaults.items()}
        self.params["leaf"] = (leaf or load()) if self.fitted else None
        self.last: Search | None = None  # the last decision's search, for hints and stats

    def search(self, view: View, actions: list[Action]) -> Search:
        deadline = (time.perf_counter() + self.budget_ms / 1000
                    if self.budget_ms is not None else None)
        s = Search(self.ev, view, actions, decision_rng(self.seed, view), self.catalog,
                   **self.params)  # type: ignore[arg-type]
        s.run(self.iterations, deadline)
        self.last = s
        return s

    def choose(self, view: View, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        if self.rule is not None and actions[0]["type"] == "wheel":
            return self.rule.choose(view, actions)
        s = self.search(view, actions)
        return best_child(s.root, actions)[0]

    def explain(self, view: View, actions: list[Action]) -> tuple[Action, str]:
        if self.rule is not None and actions[0]["type"] == "wheel":  # what it would do, and why
            return self.rule.explain(view, actions)
        return explain_search(self, view, actions)


class IsmctsV1Agent(IsmctsAgent):
    """The search as it was before the fitted leaf (the baseline of issue 25): the same tree
    and playouts, scored by a logistic (15 points) of the hand-written evaluation's
    differences."""

    name = "ismcts-v1"
    fitted = False

    def __init__(self, seed: int = 0, wheel: str = "search", **options: Any) -> None:
        # the yardstick searches its wheel, as it did: ``wheel`` ignored
        super().__init__(seed, wheel="search", **options)

