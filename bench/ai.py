"""AI speed: ISMCTS iterations per second, decision times, and what one iteration costs.

Prints figures (never asserts). One process. Figures are noisy when other work shares the CPU:
run it twice and compare ratios. Usage:
    python bench/ai.py [--iterations I] [--decisions D] [--json]
    python bench/ai.py --against DIR [--iterations I] [--rounds R] [--json]

``--against DIR`` imports another checkout's engine and AI beside this one (as
``bench/engine.py --against`` does) and searches the same positions with the other
checkout's ``ismcts``, this tree's ``ismcts-v1`` (the same search, on this engine) and this
tree's ``ismcts`` (the expert), in turn, ``rounds`` times: iterations per second of each and
the ratios, and whether the same search chose the same actions on both engines.

- ISMCTS iterations per second from the opening position of a 4-player game (and 2 players);
- the parts of an iteration: view, determinise, clone (hand-written vs copy.deepcopy), a greedy
  decision, a greedy playout to the end of the epoch;
- ISMCTS decision time (median, 95th percentile) at a fixed iteration budget over the non-forced
  decisions of whole 2-player games against greedy, to calibrate the tournament budget.
"""

from __future__ import annotations

import argparse
import copy
import functools
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hadara.ai import make_agent  # noqa: E402
from hadara.ai.greedy import evaluator, greedy_action  # noqa: E402
from hadara.ai.ismcts import TOURNAMENT_ITERATIONS, IsmctsAgent  # noqa: E402
from hadara.determinise import determinise  # noqa: E402
from hadara.engine import Game  # noqa: E402
from hadara.rng import Rng  # noqa: E402
from hadara.views import view  # noqa: E402


def per_call_us(fn, repeat: int) -> float:
    t0 = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - t0) / repeat * 1e6


def opening(n: int, seed: int = 3) -> tuple[Game, int]:
    g = Game.new([f"P{i}" for i in range(n)], "basic", seed)
    return g, g.waiting_on()[0]


def iterations_per_second(n: int, iterations: int, repeats: int = 3) -> float:
    """Best of ``repeats`` searches from the opening (the wheel decision) of an n-player game."""
    g, seat = opening(n)
    v, acts = view(g, seat), g.legal_actions(seat)
    best = 0.0
    for r in range(repeats):
        agent = IsmctsAgent(seed=r, iterations=iterations, wheel="search")  # a search to time
        t0 = time.perf_counter()
        agent.choose(v, acts)
        best = max(best, iterations / (time.perf_counter() - t0))
    return best


def playout_ms(n: int, games: int = 20) -> float:
    """A greedy playout of every seat from the opening to the end of epoch I."""
    ev = evaluator()
    t0 = time.perf_counter()
    for seed in range(games):
        g, _ = opening(n, seed)
        g.log = None
        while g.epoch == 1:
            seat = g.waiting_on()[0]
            acts = g.legal_actions(seat)
            g.apply(seat, acts[0] if len(acts) == 1 else greedy_action(ev, g, seat, acts),
                    check=False)
    return (time.perf_counter() - t0) / games * 1000


def parts(n: int) -> dict[str, float]:
    """Costs at the first draft decision of an n-player game."""
    g, first = opening(n)
    g.apply(first, g.legal_actions(first)[0])
    seat = g.waiting_on()[0]
    v = view(g, seat)
    rng = Rng(1)
    ev = evaluator()
    det = determinise(v, rng)
    acts = det.legal_actions(seat)
    return {
        "view_us": round(per_call_us(lambda: view(g, seat), 300), 1),
        "determinise_us": round(per_call_us(lambda: determinise(v, rng), 300), 1),
        "clone_us": round(per_call_us(lambda: det.clone(), 1000), 1),
        "deepcopy_us": round(per_call_us(lambda: copy.deepcopy(det), 50), 1),
        "greedy_draft_decision_us": round(
            per_call_us(lambda: greedy_action(ev, det, seat, acts), 300), 1),
        "playout_to_epoch_end_ms": round(playout_ms(n), 2),
    }


def decision_times(iterations: int, decisions: int) -> dict[str, float]:
    """ISMCTS (fixed iterations) against greedy in 2-player games: ms per non-forced decision."""
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        g = Game.new(["a", "b"], "basic", 1000 + seed)
        agents = [IsmctsAgent(seed=seed, iterations=iterations), make_agent("greedy")]
        if seed % 2:
            agents.reverse()
        while not g.is_over and len(times) < decisions:
            seat = g.waiting_on()[0]
            acts = g.legal_actions(seat)
            if len(acts) == 1:
                g.apply(seat, acts[0])
                continue
            t0 = time.perf_counter()
            a = agents[seat].choose(view(g, seat), acts)
            if isinstance(agents[seat], IsmctsAgent):
                times.append((time.perf_counter() - t0) * 1000)
            g.apply(seat, a)
        seed += 1
    times.sort()
    return {"iterations": iterations, "decisions": len(times),
            "median_ms": round(statistics.median(times), 1),
            "p95_ms": round(times[int(0.95 * (len(times) - 1))], 1),
            "mean_ms": round(statistics.fmean(times), 1)}


def positions() -> list[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    """Decisions from the opening and from later in greedy games, 2 to 5 players."""
    from hadara.ai.greedy import evaluator as _evaluator

    ev = _evaluator()
    out = []
    for n, seed, steps in ((4, 3, 0), (4, 3, 1), (2, 3, 0), (2, 5, 40), (4, 7, 60),
                           (3, 2, 100), (5, 4, 150), (2, 9, 90)):
        g = Game.new([f"P{i}" for i in range(n)], "basic", seed)
        for _ in range(steps):
            seat = g.waiting_on()[0]
            acts = g.legal_actions(seat)
            g.apply(seat, greedy_action(ev, g, seat, acts))
        while len(g.legal_actions(g.waiting_on()[0])) < 2:
            seat = g.waiting_on()[0]
            g.apply(seat, g.legal_actions(seat)[0])
        seat = g.waiting_on()[0]
        out.append((f"{n}p, action {steps}, {g.step}", view(g, seat), g.legal_actions(seat)))
    return out


def against(other: Path, iterations: int, rounds: int) -> dict[str, Any]:
    """Iterations per second of the other checkout's ismcts and of this tree's ismcts-v1 and
    ismcts from the same positions, in turn in one process."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from engine import other_module  # bench/engine.py: another checkout beside this one

    from hadara.ai.ismcts import IsmctsV1Agent

    searches = {"other ismcts": other_module(other.resolve(), "ai.ismcts").IsmctsAgent,
                "this ismcts-v1": IsmctsV1Agent,
                # the expert sets the wheel by a rule; searched here, as the others search it
                "this ismcts": functools.partial(IsmctsAgent, wheel="search")}
    spent = dict.fromkeys(searches, 0.0)
    rows = []
    same = True
    for name, v, acts in positions():
        took = dict.fromkeys(searches, 0.0)
        chosen: dict[str, Any] = {}
        for r in range(rounds):
            order = list(searches) if r % 2 == 0 else list(reversed(searches))
            for side in order:
                agent = searches[side](seed=r, iterations=iterations)
                t0 = time.perf_counter()
                chosen[side] = agent.choose(v, acts)
                took[side] += time.perf_counter() - t0
            same = same and chosen["other ismcts"] == chosen["this ismcts-v1"]
        for side in searches:
            spent[side] += took[side]
        rows.append({"position": name, **{side: round(rounds * iterations / took[side], 1)
                                          for side in searches}})
    base = spent["other ismcts"]
    return {"iterations": iterations, "rounds": rounds, "positions": rows,
            "iterations_per_second": {side: round(len(rows) * rounds * iterations / t, 1)
                                      for side, t in spent.items()},
            "ratio_v1": round(base / spent["this ismcts-v1"], 3),
            "ratio_expert": round(base / spent["this ismcts"], 3),
            "same_choices_v1": same}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=TOURNAMENT_ITERATIONS,
                    help="ISMCTS iterations per decision (default: the tournament budget)")
    ap.add_argument("--decisions", type=int, default=150,
                    help="ISMCTS decisions to time in games against greedy")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--against", type=Path, help="another checkout to compare the search with")
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    if args.against:
        res = against(args.against, args.iterations if args.iterations != TOURNAMENT_ITERATIONS
                      else 100, args.rounds)
        if args.json:
            print(json.dumps(res, indent=2))
            return
        for row in res["positions"]:
            print(f"{row['position']:>26}: " + " · ".join(
                f"{k} {v} it/s" for k, v in row.items() if k != "position"))
        print(f"all positions: {res['iterations_per_second']}; this tree over the other: "
              f"ismcts-v1 {res['ratio_v1']}x (same choices: {res['same_choices_v1']}), "
              f"ismcts {res['ratio_expert']}x")
        return
    out = {
        "ismcts_iterations_per_second": {
            "4_players_opening": round(iterations_per_second(4, 200), 1),
            "2_players_opening": round(iterations_per_second(2, 200), 1),
        },
        "iteration_parts_4_players": parts(4),
        "decision_time_2_players": decision_times(args.iterations, args.decisions),
    }
    if args.json:
        print(json.dumps(out, indent=2))
        return
    it = out["ismcts_iterations_per_second"]
    print(f"ISMCTS iterations/s from the opening: 4 players {it['4_players_opening']}, "
          f"2 players {it['2_players_opening']}")
    p = out["iteration_parts_4_players"]
    print(f"4 players, per call: view {p['view_us']} µs, determinise {p['determinise_us']} µs, "
          f"clone {p['clone_us']} µs (deepcopy {p['deepcopy_us']} µs, "
          f"{p['deepcopy_us'] / p['clone_us']:.0f}x), greedy draft decision "
          f"{p['greedy_draft_decision_us']} µs, greedy playout to the end of epoch I "
          f"{p['playout_to_epoch_end_ms']} ms")
    d = out["decision_time_2_players"]
    print(f"ISMCTS at {d['iterations']} iterations vs greedy, 2 players: median "
          f"{d['median_ms']} ms, 95th percentile {d['p95_ms']} ms, mean {d['mean_ms']} ms "
          f"over {d['decisions']} decisions")


if __name__ == "__main__":
    main()
