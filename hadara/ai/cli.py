"""The AI sub-commands of ``python -m hadara``: ``tournament`` and ``balance``."""

from __future__ import annotations

import argparse
import json
import os

from .ismcts import WHEELS
from .levels import agent_names

_WHEEL_HELP = ("how the expert (ismcts) sets the wheel: greedy's rule (the default) or its "
               "search; ismcts-v1 always searches")


def _agents(text: str) -> list[str]:
    names = [a.strip() for a in text.split(",") if a.strip()]
    known = agent_names()
    for a in names:
        if a not in known:
            raise argparse.ArgumentTypeError(f"unknown agent {a!r} (known: {', '.join(known)})")
    if not names:
        raise argparse.ArgumentTypeError("name at least one agent")
    return names


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _search_options(args: argparse.Namespace) -> dict[str, object]:
    """The search options given on the command line (``budget_ms``: tournaments only)."""
    given = {"iterations": args.iterations, "budget_ms": getattr(args, "budget_ms", None),
             "wheel": args.wheel}
    return {k: v for k, v in given.items() if v is not None}


def _tournament(args: argparse.Namespace) -> int:
    from .tournament import format_report, run

    rep = run(args.agents, args.players, args.games, args.seed, _search_options(args),
              args.workers, args.variant)
    print(json.dumps(rep, indent=2) if args.json else format_report(rep))
    return 0


def _balance(args: argparse.Namespace) -> int:
    from .balance import format_report, run

    players = [int(x) for x in args.players.split(",")]
    rep = run(args.games, players, args.seed, args.workers, args.variant, args.agent,
              _search_options(args))
    print(json.dumps(rep, indent=2) if args.json else format_report(rep))
    return 0


def _fit_leaf(args: argparse.Namespace) -> int:
    import shlex
    import sys
    from pathlib import Path

    from .fit import run, write

    players = [int(x) for x in args.players.split(",")]
    words, skip = [], False
    for a in sys.argv[1:]:  # the command as typed, less where the file went
        if skip or a.startswith("--out"):
            skip = a == "--out" and not skip
            continue
        words.append(shlex.quote(a))
    command = "python -m hadara " + " ".join(words)
    data = run(args.games, players, args.seed, args.workers, command)
    write(data, Path(args.out))
    print(f"wrote {args.out} (" + ", ".join(
        f"{n} players: {sum(m['rows'] for m in s.values())} rows"
        for n, s in data["models"].items()) + f"; {data['seconds']} s)")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``tournament`` and ``balance`` to the ``python -m hadara`` sub-commands."""
    t = sub.add_parser("tournament", help="play AI levels against each other",
                       description="Seat the agents in rotation (repeating them when there are "
                                   "fewer agents than seats) on duplicate deals and report win "
                                   "rates with 95% intervals, scores, seat fairness and "
                                   "decision times.")
    t.add_argument("--agents", type=_agents, required=True,
                   help="comma-separated levels, e.g. ismcts,greedy (random, greedy, ismcts)")
    t.add_argument("--players", type=int, default=2, choices=range(2, 6))
    t.add_argument("--games", type=_positive, default=100)
    t.add_argument("--seed", type=int, default=1)
    budget = t.add_mutually_exclusive_group()
    budget.add_argument("--iterations", type=_positive,
                        help="ISMCTS iterations per decision (reproducible by seed)")
    budget.add_argument("--budget-ms", type=float, dest="budget_ms",
                        help="ISMCTS time per decision in milliseconds")
    t.add_argument("--wheel", choices=WHEELS, help=_WHEEL_HELP)
    t.add_argument("--workers", type=_positive, default=1,
                   help=f"processes to spread games over (this machine: {os.cpu_count()} cores)")
    t.add_argument("--variant", choices=("basic", "advanced"), default="basic")
    t.add_argument("--json", action="store_true", help="print the report as JSON")
    t.set_defaults(func=_tournament)

    b = sub.add_parser("balance", help="self-play: seat fairness and purple effects")
    b.add_argument("--games", type=_positive, default=2000, help="games per player count")
    b.add_argument("--players", default="2,3,4,5", help="player counts, comma-separated")
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--workers", type=_positive, default=1)
    b.add_argument("--variant", choices=("basic", "advanced"), default="basic")
    b.add_argument("--agent", choices=agent_names(), default="greedy",
                   help="the level in every seat (default greedy)")
    b.add_argument("--iterations", type=_positive,
                   help="ISMCTS iterations per decision (with --agent ismcts or ismcts-v1)")
    b.add_argument("--wheel", choices=WHEELS, help=_WHEEL_HELP)
    b.add_argument("--json", action="store_true")
    b.set_defaults(func=_balance)

    from .leaf import WEIGHTS_FILE

    f = sub.add_parser("fit-leaf", help="fit the search's leaf forecast on greedy self-play",
                       description="Play greedy self-play games, record every seat's evaluation "
                                   "terms at a sample of decisions and its final points, and "
                                   "fit one linear forecast per player count and stage "
                                   "(hadara/ai/fit.py, docs/ai.md).")
    f.add_argument("--games", type=_positive, default=3000, help="games per player count")
    f.add_argument("--players", default="2,3,4,5", help="player counts, comma-separated")
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--workers", type=_positive, default=1)
    f.add_argument("--out", default=str(WEIGHTS_FILE), help="where to write the weights")
    f.set_defaults(func=_fit_leaf)
