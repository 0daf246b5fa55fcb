"""Post-game review speed: the time to review one seat of a finished game.

Prints figures (never asserts). One process, one core. Usage:
    python bench/review.py [--games K] [--players N] [--budget B] [--json]

For K finished N-player games (greedy at every seat but seat 0, which is played by greedy in
one set of games and by random in another, so that the review has something to find), the
review of seat 0 with the greedy measure and with the rollout measure (B samples per decision):
seconds per seat, decisions reviewed, milliseconds per decision, total loss; and the pictures
of the listed moments (rendering.render_decision), which the service draws in its render pool.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hadara import driver, save  # noqa: E402
from hadara.ai import make_agent  # noqa: E402
from hadara.ai.review import review  # noqa: E402
from hadara.engine import Game  # noqa: E402
from hadara.views import view  # noqa: E402


def finished(players: int, seed: int, first: str) -> dict[str, Any]:
    """A finished game (seat 0 played by ``first``, the others by greedy) as save data."""
    game = Game.new([f"P{i}" for i in range(players)], seed=seed)
    agents = [make_agent(first if s == 0 else "greedy", seed=seed + s) for s in range(players)]

    def policy(g: Game, d: driver.Decision) -> dict[str, Any]:
        return agents[d.seat].choose(view(g, d.seat), d.actions)

    driver.play(game, policy)
    return save.to_dict(game)


def timed(data: dict[str, Any], level: str, budget: int) -> tuple[float, dict[str, Any]]:
    t0 = time.perf_counter()
    out = review(data, 0, level=level, budget=budget)
    return time.perf_counter() - t0, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--budget", type=int, default=8)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    results: dict[str, Any] = {"players": args.players, "games": args.games,
                               "budget": args.budget, "runs": {}}
    render_s: list[float] = []
    for first in ("greedy", "random"):
        datas = [finished(args.players, 100 + k, first) for k in range(args.games)]
        for level in ("greedy", "rollout"):
            secs, decisions, losses, ms = [], [], [], []
            for data in datas:
                s, out = timed(data, level, args.budget)
                n = out["summary"]["decisions"]
                secs.append(s)
                decisions.append(n)
                losses.append(out["summary"]["total_loss"])
                ms.append(1000 * s / max(1, n))
                if level == "greedy" and first == "random" and out["items"]:
                    import rendering

                    t0 = time.perf_counter()
                    for item in out["items"]:
                        rendering.render_decision(item["view"])
                    render_s.append((time.perf_counter() - t0) / len(out["items"]))
            results["runs"][f"{first}/{level}"] = {
                "seconds_per_seat": {"median": round(statistics.median(secs), 3),
                                     "max": round(max(secs), 3)},
                "decisions": round(statistics.mean(decisions), 1),
                "ms_per_decision": round(statistics.median(ms), 2),
                "total_loss": round(statistics.mean(losses), 1),
            }
    results["render_ms_per_picture"] = (round(1000 * statistics.median(render_s), 1)
                                        if render_s else None)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"review of seat 0, {args.players} players, {args.games} games, "
          f"rollout budget {args.budget}")
    print(f"{'seat 0 / measure':<18} {'s per seat (median, max)':>26} {'decisions':>10} "
          f"{'ms/decision':>12} {'total loss':>11}")
    for key, r in results["runs"].items():
        s = r["seconds_per_seat"]
        print(f"{key:<18} {s['median']:>15.3f} {s['max']:>10.3f} {r['decisions']:>10} "
              f"{r['ms_per_decision']:>12} {r['total_loss']:>11}")
    print(f"a listed moment's picture (render_decision): {results['render_ms_per_picture']} ms")


if __name__ == "__main__":
    main()
