"""Engine speed: full random games per second (setup to final score) and µs per action,
and how long loading a saved finished game (replaying every action) takes.

Prints figures (never asserts). One process, one core. Usage:
    python bench/engine.py [--games K] [--json]
    python bench/engine.py --hostile        # worst 1 MiB texts for save.from_json
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import json
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hadara import save  # noqa: E402
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


def replay_cost(games: int = 10, repeat: int = 5) -> dict[str, float]:
    """Loading a finished five-player advanced game: ``save.from_json`` replays every action
    with full checks. Median ms per load over ``games`` games, best of ``repeat`` each."""
    loads, sizes, counts, snaps = [], [], [], []
    for seed in range(games):
        g = Game.new([f"P{i}" for i in range(5)], "advanced", seed)
        rng = Rng(seed)
        while g.step != "over":
            seats = g.acting_seats()
            seat = seats[rng.below(len(seats))]
            legal = g.legal_actions(seat)
            g.apply(seat, legal[rng.below(len(legal))])
        text = save.to_json(g)
        best = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            save.from_json(text)
            best = min(best, time.perf_counter() - t0)
        loads.append(best)
        sizes.append(len(text))
        counts.append(len(g.log or []))
        snaps.append(len(json.dumps(g.snapshot(), separators=(",", ":"))))
    mid = sorted(loads)[len(loads) // 2]
    return {"players": 5, "games": games, "load_ms_median": round(mid * 1e3, 2),
            "load_ms_max": round(max(loads) * 1e3, 2),
            "us_per_replayed_action": round(mid / (sum(counts) / games) * 1e6, 2),
            "actions_per_save": round(sum(counts) / games, 1),
            "save_kb": round(sum(sizes) / games / 1024, 1),
            "snapshot_kb": round(sum(snaps) / games / 1024, 1)}


def hostile_cost() -> None:
    """Time and peak memory of ``save.from_json`` on damaged texts of the maximum size."""
    import tracemalloc

    from hadara.errors import BadSave

    n = save.MAX_CHARS
    cases = {
        "open brackets": "[" * n,
        "empty lists": "[" + "[]," * ((n - 2) // 3 - 1) + "[]]",
        "escaped quotes": '"' + '\\"' * ((n - 2) // 2 - 1) + "\\",
        "integers": "[" + "1," * ((n - 3) // 2) + "1]",
        "fractions": "[" + "1.5," * ((n - 3) // 4 - 1) + "1]",
        "objects": "[" + '{"a":{}},' * ((n - 2) // 9 - 1) + "{}]",
        "repeated keys": "{" + '"a":1,' * ((n - 2) // 6 - 1) + '"a":1}',
        "lists 8 deep": "[" + ("[" * 7 + "]" * 7 + ",") * ((n - 2) // 15 - 1) + "0]",
    }
    for name, text in cases.items():
        assert len(text) <= n, name
        t0 = time.perf_counter()
        try:
            save.from_json(text)
            reason = "LOADED"
        except BadSave as exc:
            reason = exc.reason
        dt = time.perf_counter() - t0
        tracemalloc.start()
        with contextlib.suppress(BadSave):
            save.from_json(text)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(f"{name:>15} {dt * 1e3:8.1f} ms {peak / 2**20:7.1f} MiB  {reason}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--profile", action="store_true", help="print where the time goes")
    ap.add_argument("--hostile", action="store_true", help="damaged 1 MiB saves: time, memory")
    args = ap.parse_args()
    if args.hostile:
        hostile_cost()
        return
    if args.profile:
        cProfile.run("for s in range(50): play(4, s)", "/tmp/hadara-engine.prof")
        pstats.Stats("/tmp/hadara-engine.prof").sort_stats("tottime").print_stats(12)
        return
    rows = [measure(n, args.games) for n in (2, 3, 4, 5)]
    checked = checked_apply_cost()
    replay = replay_cost()
    if args.json:
        print(json.dumps({"random_games": rows, "checked_us_per_action_4p": checked,
                          "replay_5p": replay}, indent=2))
        return
    print(f"{'players':>7} {'games/s':>9} {'µs/action':>10} {'actions/game':>13}")
    for r in rows:
        print(f"{r['players']:>7} {r['games_per_second']:>9} {r['us_per_action']:>10} "
              f"{r['actions_per_game']:>13}")
    print(f"checked apply (legality + decision id), 4 players: {checked} µs/action")
    print(f"load a finished 5-player advanced save (save.from_json, replays every action): "
          f"median {replay['load_ms_median']} ms, max {replay['load_ms_max']} ms "
          f"({replay['us_per_replayed_action']} µs/action, {replay['actions_per_save']} actions, "
          f"save {replay['save_kb']} KB, snapshot {replay['snapshot_kb']} KB)")


if __name__ == "__main__":
    main()
