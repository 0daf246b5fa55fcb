"""Acting ahead of your turn: how many sequential waits queued plans remove.

Simulates games with the greedy AI in every seat. A sequential decision (a Phase-B take, a
colony or a statue choice; forced ones excluded, the wheel not counted) is a *wait* when the
player must be asked; with acting ahead, each waiting seat queues what greedy would choose if
its turn came now (hadara/ahead.py), and when the turn comes ``resolve`` either answers
the decision from the plan or returns None (the player is asked: still a wait).

A waiting seat queues for the soonest decision it may queue (``ahead.queueable``: its turn to
come in the current step, else the next step's) that is not forced, with the ``queue_*``
helpers, so prices are the ones it saw:

* Phase B: if its best action is a buy, ``buy_else_sell`` with every card whose buy it values
  above its best sale, best first (and the tile of the best P2 buy listed); otherwise ``sell``
  with every top, the best sale first;
* colony / statue: its best action (a skip included).

When a seat queues (``--when``):

* ``once`` — the multi-day model: a seat queues once, right after its own previous decision
  (a draft pick, a take, a colony or statue choice) or when it first gets the chance while
  another seat decides, and does not look again before its turn;
* ``fresh`` — it re-queues after every action of another seat (the plan is at most one move
  old): an upper bound.

``agree`` is the share of answered decisions where the plan's action equals the choice greedy
would make at its turn; ``score`` compares the mean final score with all-greedy games of the
same seeds (no acting ahead) — the cost of answering from plans.

Usage:
    python bench/act_ahead.py [--games 50] [--players 2,3,4,5] [--when once,fresh] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hadara import (
    ahead,  # noqa: E402
    driver,  # noqa: E402
)
from hadara.ahead import Plan  # noqa: E402
from hadara.ai.evaluation import Evaluator  # noqa: E402
from hadara.ai.greedy import evaluator, greedy_action, scored_actions  # noqa: E402
from hadara.engine import Game  # noqa: E402
from hadara.state import COLONY, DRAFT, PHASE_B, STATUE  # noqa: E402

KINDS = ahead.KINDS
EPOCHS = 3


def _best(scored: list[tuple[float, dict[str, Any]]]) -> tuple[float, dict[str, Any]]:
    """The best (value, action), the first on ties (as greedy_action)."""
    best = scored[0]
    for s in scored[1:]:
        if s[0] > best[0]:
            best = s
    return best


def greedy_plan(ev: Evaluator, game: Game, seat: int, kind: str) -> Plan | None:
    """What the greedy seat queues for its next ``kind`` decision; None if forced."""
    g = ahead.as_if_turn(game, seat, kind)
    acts = g.legal_actions(seat)
    if len(acts) < 2 and kind != PHASE_B:
        return None  # a forced skip now: nothing worth queueing (a take may change: queue it)
    scored = scored_actions(ev, g, seat, acts)
    _, best = _best(scored)
    if kind == PHASE_B:
        order: list[str] = []
        value: dict[str, float] = {}
        if best["mode"] == "buy":
            floor = max(v for v, a in scored if a["mode"] == "sell")
            tile: dict[str, str] = {}
            for v, a in scored:
                if a["mode"] == "buy" and v > floor and v > value.get(a["card"], float("-inf")):
                    value[a["card"]] = v
                    if "tile" in a:
                        tile[a["card"]] = a["tile"]
            order = sorted(value, key=lambda c: -value[c])  # stable: pile order on ties
            # one tile per plan: the one named by the best P2 buy listed
            p2 = next((tile[c] for c in order if c in tile), None)
            return ahead.queue_phase_b(game, seat, order, "buy_else_sell", p2)
        for v, a in scored:
            if a["mode"] == "sell":
                value[a["card"]] = v
        order = sorted(value, key=lambda c: -value[c])
        return ahead.queue_phase_b(game, seat, order, "sell")
    if kind == COLONY:
        if best["type"] == "colony_skip":
            return ahead.queue_colony(game, seat, None)
        return ahead.queue_colony(game, seat, best["level"], best["mode"])
    if best["type"] == "statue_skip":
        return ahead.queue_statue(game, seat, None)
    return ahead.queue_statue(game, seat, best["space"], best["tile"], best["side"])


def _counts() -> dict[str, dict[str, int]]:
    return {k: {"decisions": 0, "answered": 0, "agree": 0} for k in KINDS}


def queue(ev: Evaluator, game: Game, seat: int, plans: dict[int, Plan], when: str) -> None:
    """``seat`` looks at the game and queues (or keeps) its plan."""
    old = plans.get(seat)
    if old is not None and ahead.expired(game, old):
        del plans[seat]
        old = None
    kinds = ahead.queueable(game, seat)
    if when == "once" and old is not None and old.kind in kinds:
        return  # queued once; not looked at again before the turn
    plans.pop(seat, None)
    for kind in kinds:  # the soonest decision that will be asked (not forced)
        plan = greedy_plan(ev, game, seat, kind)
        if plan is not None:
            plans[seat] = plan
            return


def play(n: int, seed: int, when: str | None, ev: Evaluator,
         counts: dict[str, dict[str, int]]) -> list[int]:
    """One game; ``when=None`` plays all-greedy with no plans. Returns the final totals.

    A seat looks at the game right after its own decision (a sequential one, or its draft pick:
    the colony choice may be queued in the draft's last round), before the forced decisions
    that follow are applied, and, with ``fresh``, whenever another seat decides in turn.
    """
    game = Game.new([f"P{i}" for i in range(n)], "basic", seed)
    game.log = None
    plans: dict[int, Plan] = {}
    while True:
        ds = driver.step(game)
        if not ds:
            break
        if game.step not in KINDS or when is None:
            for d in ds:
                game.apply(d.seat, greedy_action(ev, game, d.seat, d.actions), d.id,
                           check=False)
                if when is not None and (game.step == DRAFT or (
                        game.step in KINDS and game.decision_ids[d.seat] is None)):
                    queue(ev, game, d.seat, plans, when)  # its last draft pick is in
            continue
        (d,) = ds  # a sequential step waits for one seat
        for s in range(n):
            if s != d.seat:
                queue(ev, game, s, plans, when)
        plan = plans.get(d.seat)
        if plan is not None and plan.kind == d.kind:
            del plans[d.seat]  # it answers this decision or none (then it is asked)
        else:
            plan = None  # a plan for a later decision stays queued
        action = ahead.resolve(game, d.seat, plan) if plan is not None else None
        fresh = greedy_action(ev, game, d.seat, d.actions)
        c = counts[d.kind]
        c["decisions"] += 1
        if action is not None:
            c["answered"] += 1
            c["agree"] += action == fresh
        game.apply(d.seat, action if action is not None else fresh, d.id)
        if game.step in KINDS and game.decision_ids[d.seat] is None:
            queue(ev, game, d.seat, plans, when)  # still online after its own decision
    return [row["total"] for row in game.scores()]


def measure(n: int, games: int, seed: int, when: str) -> dict[str, Any]:
    ev = evaluator()
    counts = _counts()
    base = _counts()
    scores: list[float] = []
    base_scores: list[float] = []
    t0 = time.perf_counter()
    for k in range(games):
        scores += play(n, seed + k, when, ev, counts)
        base_scores += play(n, seed + k, None, ev, base)
    dt = time.perf_counter() - t0
    rows = {}
    total = {"decisions": 0, "answered": 0, "agree": 0}
    for kind in KINDS:
        c = counts[kind]
        rows[kind] = _row(c, n, games)
        for key in total:
            total[key] += c[key]
    return {"players": n, "games": games, "when": when, "kinds": rows,
            "all": _row(total, n, games),
            "mean_score": round(sum(scores) / len(scores), 1),
            "mean_score_all_greedy": round(sum(base_scores) / len(base_scores), 1),
            "seconds": round(dt, 1)}


def _row(c: dict[str, int], n: int, games: int) -> dict[str, Any]:
    dec, ans = c["decisions"], c["answered"]
    per = n * games * EPOCHS  # player-epochs
    return {**c, "waits": dec - ans,
            "removed_pct": round(100 * ans / dec, 1) if dec else 0.0,
            "agree_pct": round(100 * c["agree"] / ans, 1) if ans else 0.0,
            "decisions_per_player_epoch": round(dec / per, 2),
            "waits_per_player_epoch": round((dec - ans) / per, 2)}


def table(results: list[dict[str, Any]]) -> str:
    """One row per queueing model and player count: the share of waits removed per step."""
    lines = ["| when | players | Phase B | colony | statue | **all** | "
             "waits per player·epoch | agree | mean score (all-greedy) |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]

    def cell(c: dict[str, Any]) -> str:  # waits removed: answered ahead / decisions
        return f"{c['removed_pct']}% ({c['answered']}/{c['decisions']})"

    for r in results:
        k, a = r["kinds"], r["all"]
        lines.append(
            f"| {r['when']} | {r['players']} | {cell(k[PHASE_B])} | {cell(k[COLONY])} | "
            f"{cell(k[STATUE])} | **{cell(a)}** | "
            f"{a['decisions_per_player_epoch']} → {a['waits_per_player_epoch']} | "
            f"{a['agree_pct']}% | {r['mean_score']} ({r['mean_score_all_greedy']}) |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=50, help="games per player count")
    ap.add_argument("--players", default="2,3,4,5")
    ap.add_argument("--when", default="once,fresh", help="once, fresh or both")
    ap.add_argument("--seed", type=int, default=1, help="first game seed")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    results = []
    for when in args.when.split(","):
        if when not in ("once", "fresh"):
            ap.error(f"--when: once or fresh, not {when!r}")
        for n in (int(x) for x in args.players.split(",")):
            results.append(measure(n, args.games, args.seed, when))
            if not args.json:
                print(f"{when} {n} players: {results[-1]['seconds']} s", file=sys.stderr)
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        print(table(results))


if __name__ == "__main__":
    main()
