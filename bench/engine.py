"""Engine speed: full random games per second (setup to final score) and µs per action.

Prints figures (never asserts). One process, one core. Usage:
    python bench/engine.py [--games K] [--json]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hadara.engine import Game  # noqa: E402
from hadara.rng import Rng  # noqa: E402


def play(n: int, seed: int) -> int:
    """One random game, log off; returns the number of applied actions."""
    g = Game.new([f"P{i}" for i in range(n)], "basic", seed)
    g.log = None
    rng = Rng(seed)
    actions = 0
    while g.step != "over":
        seats = g.acting_seats()
        seat = seats[rng.below(len(seats))]
        legal = g.legal_actions(seat)
        g.apply(seat, legal[rng.below(len(legal))], check=False)
        actions += 1
    return actions


def measure(n: int, games: int) -> dict[str, float]:
    play(n, 10**6)  # warm-up
    t0 = time.perf_counter()
    actions = sum(play(n, seed) for seed in range(games))
    dt = time.perf_counter() - t0
    return {"players": n, "games": games, "games_per_second": round(games / dt, 1),
            "us_per_action": round(dt / actions * 1e6, 2),
            "actions_per_game": round(actions / games, 1)}


def checked_apply_cost(games: int = 20) -> float:
    """µs per action when apply checks legality itself (the bot's path), 4 players."""
    t0 = time.perf_counter()
    actions = 0
    for seed in range(games):
        g = Game.new(["a", "b", "c", "d"], "basic", seed)
        rng = Rng(seed)
        while g.step != "over":
            seats = g.acting_seats()
            seat = seats[rng.below(len(seats))]
            legal = g.legal_actions(seat)
            g.apply(seat, legal[rng.below(len(legal))], g.decision_id(seat))
            actions += 1
    return round((time.perf_counter() - t0) / actions * 1e6, 2)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--profile", action="store_true", help="print where the time goes")
    args = ap.parse_args()
    if args.profile:
        cProfile.run("for s in range(50): play(4, s)", "/tmp/hadara-engine.prof")
        pstats.Stats("/tmp/hadara-engine.prof").sort_stats("tottime").print_stats(12)
        return
    rows = [measure(n, args.games) for n in (2, 3, 4, 5)]
    checked = checked_apply_cost()
    if args.json:
        print(json.dumps({"random_games": rows, "checked_us_per_action_4p": checked}, indent=2))
        return
    print(f"{'players':>7} {'games/s':>9} {'µs/action':>10} {'actions/game':>13}")
    for r in rows:
        print(f"{r['players']:>7} {r['games_per_second']:>9} {r['us_per_action']:>10} "
              f"{r['actions_per_game']:>13}")
    print(f"checked apply (legality + decision id), 4 players: {checked} µs/action")


if __name__ == "__main__":
    main()
