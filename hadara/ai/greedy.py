"""Level ``greedy``: one-step look-ahead on the hand-written evaluation (evaluation.py).

The agent rebuilds a game from its view (determinise: the hidden parts are sampled, but the
evaluation reads only what the seat may see, so the sample does not change the choice) and takes
the action whose resulting position values highest. :func:`greedy_action` is the same choice on
a full game, used by search playouts for every seat.
"""

from __future__ import annotations

from i18n import join, t

from ..content import TRACKS, Catalog, default_catalog
from ..determinise import determinise
from ..engine import Game
from ..options import label
from ..rng import Rng
from ..state import WHEEL
from ..words import track_name
from .base import Action, Agent, View, decision_rng, viewer
from .evaluation import DEFAULT_WEIGHTS, Evaluator, Pos, Weights

_EVALUATORS: dict[tuple[int, Weights], Evaluator] = {}


def evaluator(catalog: Catalog | None = None, weights: Weights = DEFAULT_WEIGHTS) -> Evaluator:
    """A shared evaluator per catalog and weights (building one precomputes tables)."""
    catalog = catalog or default_catalog()
    key = (id(catalog), weights)
    ev = _EVALUATORS.get(key)
    if ev is None or ev.cat is not catalog:
        ev = _EVALUATORS[key] = Evaluator(catalog, weights)
    return ev


def scored_actions(ev: Evaluator, game: Game, seat: int,
                   actions: list[Action]) -> list[tuple[float, Action]]:
    """Each action with the evaluation of the seat's position after it."""
    ctx = ev.ctx(game, seat)
    p = ev.pos(game, seat, ctx)
    return [(ev.value(ev.after(game, seat, p, a), ctx), a) for a in actions]


def greedy_action(ev: Evaluator, game: Game, seat: int, actions: list[Action]) -> Action:
    """The action with the best evaluation (the first one on ties, so it is deterministic)."""
    if len(actions) == 1 or game.step == WHEEL:
        # The wheel only decides the order the decks come round; the evaluation cannot tell.
        return actions[0] if len(actions) == 1 else _wheel(game, seat, actions)
    ctx = ev.ctx(game, seat)
    p = ev.pos(game, seat, ctx)
    best, best_v = actions[0], float("-inf")
    value, after, cards = ev.value, ev.after, ev.cat.cards
    sold = 0  # the epoch of the last sale valued: a sale's position depends only on it
    for a in actions:
        if a.get("mode") == "sell":
            epoch = cards[a["card"]].epoch
            if epoch == sold:  # the same position as that sale: the same value, not better
                continue
            sold = epoch
        v = value(after(game, seat, p, a), ctx)
        if v > best_v:
            best, best_v = a, v
    return best


def _wheel(game: Game, seat: int, actions: list[Action]) -> Action:
    """Point this seat's emblem at the colour it holds fewest of (sets and balance)."""
    ncol = game.ncol[seat]
    return min(actions, key=lambda a: ncol.get(a["colour"], 0))


def _changes(before: Pos, after: Pos) -> str:
    """What an action changes in the position, in words (tracks, points, coins)."""
    parts = []
    for i, name in enumerate(TRACKS):
        d = after.tracks[i] - before.tracks[i]
        if abs(d) >= 0.5:
            parts.append(t("engine.hint.track", track=track_name(name), delta=f"{d:+.0f}"))
    pts = (after.points + after.col_points + after.st_points) - (
        before.points + before.col_points + before.st_points)
    if abs(pts) >= 0.5:
        parts.append(t("engine.hint.points", delta=f"{pts:+.0f}", n=abs(round(pts))))
    coins = after.coins - before.coins
    if coins:
        parts.append(t("engine.hint.coins", delta=f"{coins:+d}", n=abs(coins)))
    if after.gold != before.gold or len(after.silver) != len(before.silver):
        parts.append(t("engine.hint.medal"))
    return join(parts) or t("engine.hint.nothing")


def explain_greedy(ev: Evaluator, view: View, actions: list[Action],
                   rng: Rng) -> tuple[Action, str]:
    game = determinise(view, rng, ev.cat)
    seat = viewer(view)
    if game.step == WHEEL:  # set by the rule, not the evaluation: say so
        best = _wheel(game, seat, actions)
        return best, t("engine.hint.wheel", label=label(game, seat, best))
    ctx = ev.ctx(game, seat)
    pos = ev.pos(game, seat, ctx)
    scored = sorted(((ev.value(ev.after(game, seat, pos, a), ctx), i)
                     for i, a in enumerate(actions)), key=lambda x: (-x[0], x[1]))
    (best_v, bi), (next_v, ni) = scored[0], scored[1]
    best = actions[bi]
    what = _changes(pos, ev.after(game, seat, pos, best))
    reason = t("engine.hint.greedy", label=label(game, seat, best), what=what,
               margin=best_v - next_v, next=label(game, seat, actions[ni]))
    return best, reason



class GreedyAgent(Agent):
    name = "greedy"

    def __init__(self, seed: int = 0, weights: Weights = DEFAULT_WEIGHTS,
                 catalog: Catalog | None = None, **_: object) -> None:
        super().__init__(seed)
        self.catalog = catalog or default_catalog()
        self.ev = evaluator(self.catalog, weights)

    def choose(self, view: View, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        game = determinise(view, decision_rng(self.seed, view), self.catalog, quiet=True)
        return greedy_action(self.ev, game, viewer(view), actions)

    def explain(self, view: View, actions: list[Action]) -> tuple[Action, str]:
        return explain_greedy(self.ev, view, actions, decision_rng(self.seed, view))

