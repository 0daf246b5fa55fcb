"""Benchmark: a player of many slow games — ``GameService.games`` (``/hadara games``, the games
panel, a web page's header, the turn digest) and ``next_turn`` ("Next game") for one person
seated in ``--games`` started two-player games, about half of them waiting on them, over the real
service on a temporary SQLite file, the games in the service's memory (as after their first
use).

    python bench/games_list.py [--games 100] [--repeat 20] [--out FILE]

Prints one JSON object (median and worst milliseconds per call), never asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


async def bench(games: int, repeat: int) -> dict[str, Any]:
    from tests.support.storage_helpers import ALICE, HOST, make_env, move, table
    from tests.support.stores import SQLITE, StoreFactory

    with tempfile.TemporaryDirectory() as tmp:
        env = await make_env(StoreFactory(SQLITE, Path(tmp)))
        try:
            for n in range(games):
                gid = await table(env, (HOST, ALICE))
                seat = await env.svc.seat_of(gid, ALICE)
                for _ in range(12):  # half wait on her, half on HOST
                    waiting = {w.seat for w in await env.svc.waiting(gid)}
                    if (seat in waiting) == (n % 2 == 0) and waiting:
                        break
                    await move(env, gid)
                env.vt.now += 60
            out: dict[str, Any] = {"config": {"games": games, "repeat": repeat}}
            for name, call in (("games_ms", lambda: env.svc.games(ALICE, limit=100)),
                               ("next_turn_ms", lambda: env.svc.next_turn(ALICE))):
                times = []
                for _ in range(repeat):
                    start = time.perf_counter()
                    await call()
                    times.append((time.perf_counter() - start) * 1000)
                out[name] = {"median": round(statistics.median(times), 2),
                             "worst": round(max(times), 2)}
            listed = await env.svc.games(ALICE, limit=100)
            out["waiting_on_her"] = len(listed.your_turn)
            return out
        finally:
            await env.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    out = asyncio.run(bench(args.games, args.repeat))
    text = json.dumps(out, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
