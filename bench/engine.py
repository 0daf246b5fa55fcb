"""Engine speed: full random games per second (setup to final score) and µs per action, the
engine's speed index, and how long loading a saved finished game (replaying every action) takes.

Prints figures (never asserts). One process, one core. Usage:
    python bench/engine.py [--games K] [--json]
    python bench/engine.py --index [--against DIR --rounds R] [--json]
    python bench/engine.py --profile        # where the time goes (cProfile, 50 games)
    python bench/engine.py --hostile        # worst 1 MiB texts for save.from_json

**The index.** This machine's speed drifts by 2x with what else runs on it, so the engine's
own figure is an index measured in one process: 4-player random games per second on the AI's
path times the seconds a fixed 10-million-step pure-Python loop takes (:func:`reference_s`).
A faster machine plays more games a second and runs the loop in fewer seconds, so the product
stays put; a faster engine raises it. ``--against DIR`` imports another checkout's engine
(``git worktree add DIR <commit>``) beside this one and has both play the same games in turn in
one process, and prints both indices and their ratio, and whether both played the same games
(their final scores summed).

**The AI's path** is what search does: ``apply(check=False)`` on a game with no log and no
events (``Game.new(..., quiet=True)``; a checkout without quiet games runs with its log off).
The random choices come from Python's ``random`` with a fixed seed, the same on both sides, so
the harness costs both engines alike.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import importlib
import importlib.util
import json
import os
import pstats
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, os.environ.get("HADARA_SRC", str(HERE)))

from hadara import save  # noqa: E402
from hadara.engine import Game  # noqa: E402
from hadara.rng import Rng  # noqa: E402

REFERENCE_STEPS = 10_000_000


def reference_s() -> float:
    """Seconds of a fixed 10-million-step pure-Python loop: this machine's speed right now."""
    t0 = time.perf_counter()
    total = 0
    for i in range(REFERENCE_STEPS):
        total += i
    return time.perf_counter() - t0


def other_hadara(checkout: Path) -> Any:
    """Another checkout's engine package, imported beside this one as ``hadara_other`` (the
    engine imports itself only relatively, so both live in one process)."""
    name = "hadara_other"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            name, checkout / "hadara" / "__init__.py",
            submodule_search_locations=[str(checkout / "hadara")])
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def other_module(checkout: Path, module: str) -> Any:
    """``hadara.<module>`` of another checkout (see :func:`other_hadara`)."""
    other_hadara(checkout)
    return importlib.import_module(f"hadara_other.{module}")


def new_game(n: int, seed: int, game_class: Any = Game) -> Any:
    """A game on the AI's path: quiet where the engine has quiet games, else log off."""
    players = [f"P{i}" for i in range(n)]
    try:
        return game_class.new(players, "basic", seed, quiet=True)
    except TypeError:  # an engine from before quiet games
        g = game_class.new(players, "basic", seed)
        g.log = None
        return g


def play(n: int, seed: int, game_class: Any = Game) -> tuple[int, int]:
    """One random game on the AI's path; returns (actions applied, sum of final scores)."""
    g = new_game(n, seed, game_class)
    pick = random.Random(seed).random
    actions = 0
    while g.step != "over":
        seats = g.acting_seats()
        seat = seats[int(pick() * len(seats))]
        legal = g.legal_actions(seat)
        g.apply(seat, legal[int(pick() * len(legal))], check=False)
        actions += 1
    return actions, sum(t["total"] for t in g.scores())


def measure(n: int, games: int) -> dict[str, float]:
    play(n, 10**6)  # warm-up
    t0 = time.perf_counter()
    actions = checksum = 0
    for seed in range(games):
        a, c = play(n, seed)
        actions += a
        checksum += c
    dt = time.perf_counter() - t0
    return {"players": n, "games": games, "games_per_second": round(games / dt, 1),
            "us_per_action": round(dt / actions * 1e6, 2),
            "actions_per_game": round(actions / games, 1), "checksum": checksum}


def index(games: int) -> dict[str, float]:
    """The speed index: 4-player games per second × the reference loop's seconds."""
    ref = reference_s()
    row = measure(4, games)
    ref = (ref + reference_s()) / 2  # before and after: the machine may change under us
    return {"index": round(row["games_per_second"] * ref, 1), "reference_s": round(ref, 3),
            "games_per_second": row["games_per_second"], "games": games,
            "checksum": row["checksum"]}


def compare(other: Path, games: int, rounds: int) -> dict[str, Any]:
    """The index of this tree and of ``other`` in one process: the same games, each played by
    both engines one after the other (in alternating order), so whatever the machine does
    meanwhile slows both alike. ``rounds`` passes over the games; the ratio is of the totals,
    and per round to show its spread."""
    classes = {"this": Game, "other": other_module(other.resolve(), "engine").Game}
    for cls in classes.values():
        play(4, 10**6, cls)  # warm-up
    refs: list[float] = []
    spent = {"this": 0.0, "other": 0.0}
    checks = {"this": 0, "other": 0}
    per_round = []
    for r in range(rounds):
        refs.append(reference_s())
        took = {"this": 0.0, "other": 0.0}
        for seed in range(games):
            order = ("this", "other") if (seed + r) % 2 == 0 else ("other", "this")
            for side in order:
                t0 = time.perf_counter()
                checks[side] += play(4, seed, classes[side])[1]
                took[side] += time.perf_counter() - t0
        per_round.append(round(took["other"] / took["this"], 3))
        for side in took:
            spent[side] += took[side]
    refs.append(reference_s())
    ref = statistics.median(refs)
    played = games * rounds
    out: dict[str, Any] = {side: round(played / spent[side] * ref, 1) for side in spent}
    out.update({
        "ratio": round(spent["other"] / spent["this"], 3), "ratios_per_round": per_round,
        "this_games_per_second": round(played / spent["this"], 1),
        "other_games_per_second": round(played / spent["other"], 1),
        "reference_s": round(ref, 3), "same_games": checks["this"] == checks["other"],
        "rounds": rounds, "games": games})
    return out


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
    ap.add_argument("--index", action="store_true", help="the speed index only")
    ap.add_argument("--against", type=Path, help="another checkout to compare the index with")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--raw", action="store_true", help=argparse.SUPPRESS)
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
    if args.index:
        if args.raw:
            print(json.dumps(index(args.games)))
        elif args.against:
            result = compare(args.against, args.games, args.rounds)
            if args.json:
                print(json.dumps(result, indent=2))
            else:
                print(f"index: this tree {result['this']} "
                      f"({result['this_games_per_second']} games/s) · {args.against}: "
                      f"{result['other']} ({result['other_games_per_second']} games/s) · "
                      f"ratio {result['ratio']} ({args.rounds} rounds of the same games played "
                      f"by both in turn; per round {result['ratios_per_round']}); same games: "
                      f"{result['same_games']}")
        else:
            result = index(args.games)
            print(json.dumps(result, indent=2) if args.json else
                  f"index {result['index']} = {result['games_per_second']} 4-player games/s "
                  f"× {result['reference_s']} s (reference loop)")
        return
    ref = reference_s()
    rows = [measure(n, args.games) for n in (2, 3, 4, 5)]
    ref = (ref + reference_s()) / 2
    checked = checked_apply_cost()
    replay = replay_cost()
    speed = {"index": round(rows[2]["games_per_second"] * ref, 1), "reference_s": round(ref, 3)}
    if args.json:
        print(json.dumps({"random_games": rows, "index": speed,
                          "checked_us_per_action_4p": checked, "replay_5p": replay}, indent=2))
        return
    print(f"{'players':>7} {'games/s':>9} {'µs/action':>10} {'actions/game':>13}")
    for r in rows:
        print(f"{r['players']:>7} {r['games_per_second']:>9} {r['us_per_action']:>10} "
              f"{r['actions_per_game']:>13}")
    print(f"index {speed['index']} (4-player games/s × {speed['reference_s']} s of the "
          f"reference loop)")
    print(f"checked apply (legality + decision id), 4 players: {checked} µs/action")
    print(f"load a finished 5-player advanced save (save.from_json, replays every action): "
          f"median {replay['load_ms_median']} ms, max {replay['load_ms_max']} ms "
          f"({replay['us_per_replayed_action']} µs/action, {replay['actions_per_save']} actions, "
          f"save {replay['save_kb']} KB, snapshot {replay['snapshot_kb']} KB)")


if __name__ == "__main__":
    main()
