"""Command line: ``python -m hadara demo | simulate | data check`` (and the AI commands)."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from .content import COLOURS, DEFAULT_DATA_DIR, EPOCHS, ContentError, load_catalog


def _data_check(args: argparse.Namespace) -> int:
    try:
        cat = load_catalog(Path(args.data) if args.data else DEFAULT_DATA_DIR)
    except ContentError as exc:
        print(f"data check FAILED: {exc}", file=sys.stderr)
        return 1
    print(f"content version {cat.version}: {len(cat.cards)} cards, {len(cat.colonies)} colonies, "
          f"{len(cat.statues)} statue spaces, {len(cat.setup_cards)} setup cards")
    print("cards per epoch and colour (advanced in brackets), cost range:")
    for e in EPOCHS:
        cells = []
        for c in COLOURS:
            group = [x for x in cat.cards.values() if x.epoch == e and x.colour == c]
            adv = sum(1 for x in group if x.advanced)
            lo, hi = min(x.cost for x in group), max(x.cost for x in group)
            cells.append(f"{c} {len(group)}" + (f" [{adv}]" if adv else "") + f" ({lo}-{hi})")
        print(f"  epoch {'I' * e}: " + ", ".join(cells))
    print("purple effects (cards carrying each; * = advanced):")
    by_effect: dict[str, list[str]] = {}
    for card in cat.cards.values():
        if card.effect:
            by_effect.setdefault(card.effect.id, []).append(card.id + ("*" if card.advanced else ""))
    for eid in sorted(by_effect, key=lambda e: int(e[1:])):
        kind = cat.cards[by_effect[eid][0].rstrip("*")].effect.kind  # type: ignore[union-attr]
        print(f"  {eid:>3} {kind:<20} {', '.join(by_effect[eid])}")
    advanced = [c.id for c in cat.cards.values() if c.advanced]
    print(f"advanced cards: {len(advanced)} ({', '.join(advanced)})")
    prov = Counter(c.provenance for c in cat.cards.values())
    print("card provenance: " + ", ".join(f"{k} {v}" for k, v in sorted(prov.items())))
    for lv in cat.rules.colony_levels:
        tiles = [cat.colonies[t] for t in cat.colonies_at(lv)]
        fronts = sorted({t.front[1:] for t in tiles})
        print(f"colonies {lv:>2}: {len(tiles)} tiles, fronts (plunder, cost, points) {fronts}")
    print("statues: " + ", ".join(f"{s.requirement} culture → {s.points} pts"
                                  for s in cat.statues))
    print("data check OK")
    return 0


def _demo(args: argparse.Namespace) -> int:
    from .demo import play, random_policy, simple_policy

    policy = random_policy if args.random else simple_policy
    play(args.players, args.seed, args.variant, policy)
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from .simulate import simulate

    result = simulate(args.players, args.games, args.seed, args.variant)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"{result['games']} random {args.players}-player games, "
              f"{result['games_per_second']} games/s")
        for s, (m, w) in enumerate(zip(result["mean_scores"], result["winners"], strict=True)):
            print(f"  seat {s}: mean total {m['total']:.1f}, wins {w:g}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m hadara", description="Hadara rules engine")
    sub = p.add_subparsers(dest="command", required=True)

    d = sub.add_parser("demo", help="print a whole game between simple players")
    d.add_argument("--players", type=int, default=4, choices=range(2, 6))
    d.add_argument("--seed", type=int, default=7)
    d.add_argument("--variant", choices=("basic", "advanced"), default="basic")
    d.add_argument("--random", action="store_true", help="random players instead of simple")
    d.set_defaults(func=_demo)

    s = sub.add_parser("simulate", help="play random legal games and summarise")
    s.add_argument("--players", type=int, default=4, choices=range(2, 6))
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--variant", choices=("basic", "advanced"), default="basic")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=_simulate)

    data = sub.add_parser("data", help="content tools")
    dsub = data.add_subparsers(dest="data_command", required=True)
    chk = dsub.add_parser("check", help="validate data/ and print a summary")
    chk.add_argument("--data", help="data directory (default: the shipped data/)")
    chk.set_defaults(func=_data_check)

    try:
        from .ai import cli as ai_cli
    except ImportError:  # the AI package is optional for the engine's own commands
        ai_cli = None  # type: ignore[assignment]
    if ai_cli is not None:
        ai_cli.register(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args) or 0)
