"""``hint(view, legal_actions)``: the preferred action and a one-line reason (a "suggest a
move" button). Like every agent, it reads only the seat's view."""

from __future__ import annotations

from typing import Any

from ..content import TRACKS
from ..determinise import determinise
from ..options import label
from ..rng import Rng
from .base import Action, View, make_agent
from .evaluation import Evaluator, Pos


def hint(view: View, legal_actions: list[Action], level: str = "greedy", seed: int = 0,
         **options: Any) -> tuple[Action, str]:
    """The ``level`` agent's choice for this view, with why it prefers it, in one line."""
    if not legal_actions:
        raise ValueError("there is no decision to hint at: no legal actions")
    if len(legal_actions) == 1:
        return legal_actions[0], "It is the only legal action."
    return make_agent(level, seed=seed, **options).explain(view, legal_actions)


def _changes(before: Pos, after: Pos) -> str:
    """What an action changes in the position, in words (tracks, points, coins)."""
    parts = []
    for i, name in enumerate(TRACKS):
        d = after.tracks[i] - before.tracks[i]
        if abs(d) >= 0.5:
            parts.append(f"{name} {d:+.0f}")
    pts = (after.points + after.col_points + after.st_points) - (
        before.points + before.col_points + before.st_points)
    if abs(pts) >= 0.5:
        parts.append(f"{pts:+.0f} points")
    coins = after.coins - before.coins
    if coins:
        parts.append(f"{coins:+d} coins")
    if after.gold != before.gold or len(after.silver) != len(before.silver):
        parts.append("a medal")
    return ", ".join(parts) or "no immediate change"


def explain_greedy(ev: Evaluator, view: View, actions: list[Action],
                   rng: Rng) -> tuple[Action, str]:
    game = determinise(view, rng, ev.cat)
    seat = view["viewer"]
    ctx = ev.ctx(game, seat)
    pos = ev.pos(game, seat, ctx)
    scored = sorted(((ev.value(ev.after(game, seat, pos, a), ctx), i)
                     for i, a in enumerate(actions)), key=lambda x: (-x[0], x[1]))
    (best_v, bi), (next_v, ni) = scored[0], scored[1]
    best = actions[bi]
    what = _changes(pos, ev.after(game, seat, pos, best))
    reason = (f"{label(game, seat, best)}: {what}; the evaluation puts it {best_v - next_v:.1f} "
              f"points ahead of the next option ({label(game, seat, actions[ni])}).")
    return best, reason


def explain_search(agent: Any, view: View, actions: list[Action]) -> tuple[Action, str]:
    from .base import action_key
    from .ismcts import best_child

    search = agent.search(view, actions)
    best, node = best_child(search.root, actions)
    others = [a for a in actions if a is not best]
    runner = max(others, key=lambda a: search.root.children[action_key(a)].visits)
    rn = search.root.children[action_key(runner)]
    game = determinise(view, Rng(agent.seed), agent.catalog)
    seat = view["viewer"]

    def rate(n: Any) -> str:
        return f"{100 * n.total / n.visits:.0f}%" if n.visits else "untried"

    reason = (f"{label(game, seat, best)}: scored {rate(node)} against the other players over "
              f"{node.visits} of {search.iterations} simulated futures (next best: "
              f"{label(game, seat, runner)}, {rate(rn)}).")
    return best, reason
