"""The bot's path through the engine: ``apply`` with the legality check and the decision id.

Plays fixed random games (4 players) and reports µs per checked action. With
``--against DIR`` it runs the same measurement alternately on this tree and on another
checkout (for example the previous commit, made with ``git worktree add DIR HEAD~1``) in
fresh processes, and prints both medians and their ratio: on a noisy machine a ratio taken
in one run is steadier than absolute figures. Prints figures; asserts nothing.

    python bench/checked_path.py [--games 20] [--against DIR --rounds 7] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, os.environ.get("HADARA_SRC", str(HERE)))

from hadara.engine import Game  # noqa: E402
from hadara.rng import Rng  # noqa: E402


def checked_us_per_action(games: int) -> float:
    """µs per ``apply(seat, action, decision_id)`` (legality + id checked), 4 players."""
    total, actions = 0.0, 0
    for seed in range(games):
        g = Game.new(["a", "b", "c", "d"], "basic", seed)
        rng = Rng(seed)
        while g.step != "over":
            seats = g.acting_seats()
            seat = seats[rng.below(len(seats))]
            legal = g.legal_actions(seat)
            action = dict(legal[rng.below(len(legal))])  # as if it came from a button
            did = g.decision_id(seat)
            t0 = time.perf_counter()
            g.apply(seat, action, did)
            total += time.perf_counter() - t0
            actions += 1
    return total / actions * 1e6


def _run(src: Path, games: int) -> float:
    env = {**os.environ, "HADARA_SRC": str(src)}
    out = subprocess.run([sys.executable, __file__, "--games", str(games), "--raw"],
                         env=env, capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--against", type=Path, help="another checkout to compare with")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--raw", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.raw:
        print(checked_us_per_action(args.games))
        return
    if args.against is None:
        us = checked_us_per_action(args.games)
        print(json.dumps({"checked_us_per_action_4p": round(us, 2)}) if args.json
              else f"checked apply (legality + decision id), 4 players: {us:.2f} µs/action")
        return
    here, there = [], []
    for _ in range(args.rounds):  # alternate so drift hits both sides alike
        here.append(_run(HERE, args.games))
        there.append(_run(args.against.resolve(), args.games))
    result = {"this_us": round(statistics.median(here), 2),
              "other_us": round(statistics.median(there), 2),
              "ratio_this_over_other": round(statistics.median(
                  h / t for h, t in zip(here, there, strict=True)), 3),
              "rounds": args.rounds, "games": args.games}
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"this tree: {result['this_us']} µs/action · {args.against}: "
              f"{result['other_us']} µs/action · ratio {result['ratio_this_over_other']} "
              f"(median of {args.rounds} alternating runs)")


if __name__ == "__main__":
    main()
