"""Command line: ``python -m hadara demo | simulate | replay | data check`` (and the AI commands)."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from i18n import DEFAULT, LOCALES, speaking

from .content import (
    COLOURS,
    DEFAULT_DATA_DIR,
    EPOCHS,
    ContentError,
    default_catalog,
    load_catalog,
)


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


def _replay(args: argparse.Namespace) -> int:
    """Replay a saved game (``hadara.save`` format) or an exported game record
    (``hadara-game-record/1`` or ``/2``, docs/leagues.md): print its public log and final scores."""
    import tempfile

    from . import save, scoring
    from .content import DATA_FILES
    from .engine import Game
    from .errors import HadaraError
    from .narrate import describe
    from .setup import Setup

    try:
        doc = json.loads(Path(args.file).read_text("utf-8"))
    except (OSError, ValueError) as exc:
        print(f"replay: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    record = doc if isinstance(doc, dict) and "save" in doc else None
    data = record["save"] if record is not None else doc
    if not isinstance(data, dict) or "setup" not in data or "actions" not in data:
        print("replay: not a saved game or game record", file=sys.stderr)
        return 2
    version = str(data.get("content_version"))
    try:
        if args.data:
            catalog = load_catalog(Path(args.data))
        else:
            content = (record or {}).get("content") or {}
            files = content.get("files")
            catalog = default_catalog()
            if catalog.version != version and isinstance(files, dict):
                with tempfile.TemporaryDirectory(prefix="hadara-replay-") as tmp:
                    for name in DATA_FILES:
                        (Path(tmp) / name).write_text(files[name], "utf-8")
                    catalog = load_catalog(tmp)
        # check the whole save (schema, rules and content versions, every action) first
        save.from_dict(data, catalogs={version: catalog})
        game = Game.from_setup(Setup.from_dict(data["setup"]), data["seed"], catalog)
    except (ContentError, HadaraError, KeyError, OSError) as exc:
        print(f"replay failed: {exc}", file=sys.stderr)
        return 1
    players = game.players
    lines = [line for ev in game.opening.public for line in describe(ev, players, catalog)]
    for entry in data["actions"]:
        res = game.apply(entry["seat"], dict(entry["action"]))
        lines += [line for ev in res.public for line in describe(ev, players, catalog)]
    if not args.quiet:
        print("\n".join(lines))
    conceded = {p["seat"] for p in (record or {}).get("players", []) if p.get("conceded")}
    rows = scoring.ranking(game)
    kept = [r for r in rows if r["seat"] not in conceded]
    gone = [r for r in rows if r["seat"] in conceded]

    def ranked(group: list[dict[str, object]], offset: int) -> list[dict[str, object]]:
        key = {r["seat"]: (-int(r["total"]), -game.coins[int(r["seat"])])  # type: ignore[call-overload]
               for r in group}
        return [{**r, "rank": offset + 1 + sum(1 for k in key.values() if k < key[r["seat"]]),
                 "conceded": r["seat"] in conceded} for r in group]

    table = ranked(kept, 0) + ranked(gone, len(kept))
    print(f"Final scores{'' if game.is_over else ' (the game is not over)'}:")
    for r in table:
        seat = int(r["seat"])  # type: ignore[call-overload]
        print(f"  {r['rank']}. {players[seat]}: {r['total']} points, {game.coins[seat]} coins"
              + (" (conceded)" if r["conceded"] else ""))
    if args.json:
        print(json.dumps({"scores": table, "winners": sorted(
            int(r["seat"]) for r in table if r["rank"] == 1)}))  # type: ignore[call-overload]
    final = (record or {}).get("final")
    if isinstance(final, dict) and "scores" in final:
        same = [(r["seat"], r["rank"], r["total"]) for r in final["scores"]] == [
            (r["seat"], r["rank"], r["total"]) for r in table]
        print("matches the recorded result" if same else "DIFFERS from the recorded result")
        if not same:
            return 1
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m hadara", description="Hadara rules engine")
    p.add_argument("--locale", choices=LOCALES, default=DEFAULT,
                   help="the language of the game log (before the command: --locale fr demo)")
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

    r = sub.add_parser("replay", help="replay a saved game or exported game record: print "
                       "its log and final scores")
    r.add_argument("file", help="a hadara.save JSON file or a hadara-game-record export")
    r.add_argument("--data", help="content directory to replay with (default: the record's "
                   "embedded content, else the shipped data/)")
    r.add_argument("--quiet", action="store_true", help="only the final scores")
    r.add_argument("--json", action="store_true", help="also print the final scores as JSON")
    r.set_defaults(func=_replay)

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
    with speaking(args.locale):
        return int(args.func(args) or 0)
