"""Post-game review: the decisions where one seat lost the most, by the AI's measure.

:func:`review` replays a saved game (``hadara.save.to_dict``) and, at every decision of the
reviewed seat that had a real choice, values each legal action **from that seat's view only**
(the view at that moment, determinised the way the AI players do it: nothing the seat could not
see is read), then reports the decisions with the largest

    loss = value(best legal action) - value(action taken)    (>= 0, in points)

with what the AI would have chosen, why, and the seat's view at that moment (for a picture).

Two measures (``level``), both in **points of estimated final score**:

* ``"greedy"`` (default): the hand-written evaluation (:mod:`hadara.ai.evaluation`) of the
  seat's position right after the action, the one-step look-ahead the ``greedy`` player
  decides with. Deterministic and exact: the AI's choice is greedy's choice, a seat played by
  greedy loses 0. A whole five-player game takes well under a second a seat.
* ``"rollout"`` (the bot's): for ``budget`` sampled determinisations of the view (the same
  samples for every action, so differences are paired), the action is applied and every seat
  plays on with the greedy policy to the end of the current epoch; the value is the mean of the
  expert's forecast of the seat's final points there (the fitted leaf, :mod:`hadara.ai.leaf`;
  in epoch III its exact final score). It sees consequences one step cannot (what the others
  then take, feeding), at about ``budget`` times the playouts' cost.

Pure and deterministic (the samples come from fixed seeds); input and output are plain JSON
data, so a process pool can run it. Documentation: docs/ai.md, "Post-game review".
"""

from __future__ import annotations

from typing import Any

from i18n import t

from .. import save as saves
from ..content import Catalog
from ..determinise import determinise
from ..engine import Game
from ..narrate import step_name
from ..options import label
from ..rng import Rng
from ..scoring import ranking
from ..setup import Setup
from ..state import OVER, WHEEL
from ..views import view as seat_view
from .base import Action, View, mix, viewer
from .evaluation import Evaluator
from .greedy import _changes, evaluator, greedy_action
from .hint import hint
from .leaf import Leaf, load

#: The measures :func:`review` knows.
LEVELS = ("greedy", "rollout")
#: Samples per decision of the ``rollout`` measure unless ``budget`` says otherwise.
DEFAULT_ROLLOUTS = 8
#: Losses below this (points) count as agreeing with the AI and are not listed.
MIN_LOSS = 0.05
#: A fixed seed: determinisations of the review depend only on the game and the seat.
REVIEW_SEED = 0x5EED_0F_7E1E


def review(save_data: dict[str, Any], seat: int, *, top: int = 5,
           catalog: Catalog | None = None, level: str = "greedy",
           budget: int = DEFAULT_ROLLOUTS, only: list[int] | set[int] | None = None,
           min_loss: float = MIN_LOSS) -> dict[str, Any]:
    """Review ``seat``'s decisions in a saved game (``hadara.save.to_dict`` data).

    ``level``: the measure, ``"greedy"`` or ``"rollout"`` (module docstring); ``budget``: the
    rollout measure's samples per decision (ignored by greedy). ``only``: the log indices that
    may be reviewed (e.g. the seat's person's own decisions, not those an AI or a queued plan
    made for it); None reviews every decision of the seat. ``catalog``: the game's content when
    it is not the running content. Decisions with one legal action and the wheel (which the
    evaluation cannot tell apart) are not reviewed.

    Returns ``{"summary": {...}, "items": [...]}``: the ``top`` decisions by loss (at least
    ``min_loss`` points), largest first (ties: earlier first), each with ``index`` (in the
    save's actions), ``decision_id``, ``epoch``, ``phase``, ``step``, ``round``, ``kind`` (the
    step) and ``kind_name``, ``taken``/``taken_label``, ``best``/``best_label`` (the AI's
    choice), ``value_taken``, ``value_best``, ``loss`` (points), ``options`` (legal actions),
    ``reason`` (why the AI prefers its choice), ``your_move`` (what the action taken changed)
    and ``view`` (the seat's view at that moment). Raises ``hadara.errors.BadSave`` for data
    that is not a valid save and ``ValueError`` for a bad seat or level.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown review level {level!r}; known: {', '.join(LEVELS)}")
    if type(budget) is not int or budget < 1:
        raise ValueError("budget: expected a positive integer (samples per decision)")
    catalogs = {catalog.version: catalog} if catalog is not None else None
    final = saves.from_dict(save_data, catalogs)  # validates the save; the final position
    if type(seat) is not int or not 0 <= seat < final.n:
        raise ValueError(f"seat: expected 0..{final.n - 1}, got {seat!r}")
    cat = final.catalog
    ev = evaluator(cat)
    allowed = None if only is None else set(only)
    game = Game.from_setup(Setup.from_dict(save_data["setup"]), save_data["seed"], cat)

    found: list[dict[str, Any]] = []
    reviewed = forced = skipped = 0
    by_kind: dict[str, dict[str, Any]] = {}
    for index, entry in enumerate(save_data["actions"]):
        who, action = entry["seat"], dict(entry["action"])
        if who == seat:
            actions = game.legal_actions(seat)
            if len(actions) <= 1:
                forced += 1
            elif game.step == WHEEL or (allowed is not None and index not in allowed):
                skipped += 1
            else:
                item = _decision(ev, game, seat, index, action, actions, level, budget)
                reviewed += 1
                k = by_kind.setdefault(item["kind"], {"decisions": 0, "loss": 0.0})
                k["decisions"] += 1
                k["loss"] += item["loss"]
                found.append(item)
        game.apply(who, action)

    total = sum(i["loss"] for i in found)
    listed = sorted((i for i in found if i["loss"] >= min_loss),
                    key=lambda i: (-i["loss"], i["index"]))[:max(0, top)]
    items = [_explained(ev, i, level, budget) for i in listed]
    rank = next(r for r in ranking(final) if r["seat"] == seat)
    summary = {
        "seat": seat,
        "player": final.players[seat],
        "level": level,
        "budget": budget if level == "rollout" else None,
        "unit": "points",
        "decisions": reviewed,
        "forced": forced,
        "skipped": skipped,
        "total_loss": round(total, 2),
        "mean_loss": round(total / reviewed, 2) if reviewed else 0.0,
        "agreed": sum(1 for i in found if i["loss"] < min_loss),
        "by_kind": {k: {"decisions": v["decisions"], "loss": round(v["loss"], 2)}
                    for k, v in sorted(by_kind.items())},
        "final_score": rank["total"],
        "rank": rank["rank"],
        "winners": final.winners(),
    }
    return {"summary": summary, "items": items}


# ------------------------------------------------------------------ one decision


def _decision(ev: Evaluator, game: Game, seat: int, index: int, taken: Action,
              actions: list[Action], level: str, budget: int) -> dict[str, Any]:
    """Value every legal action and the one taken, from the seat's view at this moment."""
    mine = seat_view(game, seat)
    rng = Rng(mix(REVIEW_SEED, seat, index))
    if level == "greedy":
        values = _greedy_values(ev, mine, actions, rng)
    else:
        values = _rollout_values(ev, mine, actions, rng, budget, load())
    ti = _find(actions, taken)
    bi = max(range(len(actions)), key=lambda i: (values[i], -i))
    if values[bi] <= values[ti] + 1e-9:
        bi = ti  # the action taken is as good as any: it is the AI's choice too
    loss = max(0.0, values[bi] - values[ti])
    return {
        "index": index,
        "decision_id": game.decision_ids[seat],
        "epoch": game.epoch,
        "phase": game.phase,
        "step": game.step,
        "round": game.round,
        "kind": game.step,
        "kind_name": step_name(game.step),
        "taken": actions[ti],
        "taken_label": label(game, seat, actions[ti]),
        "best": actions[bi],
        "best_label": label(game, seat, actions[bi]),
        "value_taken": round(values[ti], 2),
        "value_best": round(values[bi], 2),
        "loss": round(loss, 2),
        "options": len(actions),
        "view": mine,
    }


def _find(actions: list[Action], taken: Action) -> int:
    """The legal action the log recorded (the log omits ``pay`` when it is 0)."""
    def norm(a: Action) -> dict[str, Any]:
        return {k: v for k, v in a.items() if not (k == "pay" and v == 0)}
    want = norm(taken)
    for i, a in enumerate(actions):
        if norm(a) == want:
            return i
    raise ValueError(f"the logged action {taken!r} is not among the legal actions")


def _greedy_values(ev: Evaluator, mine: View, actions: list[Action], rng: Rng) -> list[float]:
    """The evaluation of the seat's position after each action (greedy's one-step values)."""
    g = determinise(mine, rng, ev.cat)
    seat = viewer(mine)
    ctx = ev.ctx(g, seat)
    p = ev.pos(g, seat, ctx)
    return [ev.value(ev.after(g, seat, p, a), ctx) for a in actions]


def _rollout_values(ev: Evaluator, mine: View, actions: list[Action], rng: Rng,
                    samples: int, leaf: Leaf) -> list[float]:
    """The mean forecast final points at the end of the epoch after each action (the exact
    final score once the game is over), every seat then playing greedy, over ``samples``
    determinisations shared by all actions."""
    seat = viewer(mine)
    totals = [0.0] * len(actions)
    for _ in range(samples):
        base = determinise(mine, rng, ev.cat, quiet=True)
        end = base.epoch + 1
        for i, a in enumerate(actions):
            g = base.clone(quiet=True)
            g.apply(seat, a, check=False)
            while g.step != OVER and g.epoch < end:
                s = g.waiting_on()[0]
                legal = g.legal_actions(s)
                g.apply(s, legal[0] if len(legal) == 1 else greedy_action(ev, g, s, legal),
                        check=False)
            if g.step == OVER:
                ctx = ev.ctx(g, seat)
                totals[i] += ev.value(ev.pos(g, seat, ctx), ctx)
            else:
                totals[i] += leaf.forecast(ev, g, seat)[0]
    return [t / samples for t in totals]


def _explained(ev: Evaluator, item: dict[str, Any], level: str, budget: int) -> dict[str, Any]:
    """Add ``reason`` (why the AI prefers its choice) and ``your_move`` to a listed item."""
    mine = item["view"]
    actions = mine["private"]["legal_actions"]
    seat = viewer(mine)
    g = determinise(mine, Rng(mix(REVIEW_SEED, seat, item["index"])), ev.cat)
    ctx = ev.ctx(g, seat)
    p = ev.pos(g, seat, ctx)
    changed = _changes(p, ev.after(g, seat, p, item["taken"]))
    your_move = t("engine.review.your_move", taken=item["taken_label"], changed=changed,
                  loss=item["loss"], best=item["best_label"])
    if level == "greedy":
        _, reason = hint(mine, actions, "greedy", catalog=ev.cat)
    else:
        best_changed = _changes(p, ev.after(g, seat, p, item["best"]))
        reason = t("engine.review.rollout", best=item["best_label"], changed=best_changed,
                   budget=budget, value_best=item["value_best"],
                   value_taken=item["value_taken"], taken=item["taken_label"])
    return {**item, "reason": reason, "your_move": your_move}
