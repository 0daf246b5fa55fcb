"""Benchmark: the durable timer scheduler (bot/service/timecontrol/scheduler.py) firing deadlines.

    python bench/scheduler.py [--json] [--games 1000] [--deadlines 10000] [--spread 2]
                              [--pool process|thread]

Prints figures, never asserts. ``--games`` five-seat games of people who never click, each with
a per-decision deadline of 1 to 1 + ``--spread`` seconds (1–3 s; spread evenly over the
games; no reminders; strikes never let the AI take a seat over), are set up through
the service on a frozen clock; then the clock runs in real time and every deadline fires: the
greedy AI decides for the seat through the service's AI path (``--pool process``: the default
process pool; ``thread``: one thread) and one transaction (fsynced) deletes the timer and writes
the move while arming the next decision's deadline. Games go through the wheel (one seat) and
then draft rounds (five seats at once), so ``--deadlines`` (10,000) are armed and fired within
about eight real seconds, in bursts.

Figures:

* lateness of each deadline: from its due time to the published ``deadline`` update (AI move
  decided, transaction committed, game swapped): p50 / p99 / max, and the share within 1 s;
* the tasks: how many ``timer scheduler`` tasks exist (one), and the most tasks alive at once
  (transient firing tasks, one per game with due deadlines);
* memory: the process's peak RSS, and the scheduler's own bytes per armed timer (tracemalloc
  over 10,000 timers in a bare ``Scheduler``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import sys
import tempfile
import time
import tracemalloc
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.stats import pct  # noqa: E402
from bot.service import GameService, ImageCache, Update  # noqa: E402
from bot.service.timecontrol.scheduler import Scheduler  # noqa: E402
from bot.storage import SqliteStore  # noqa: E402
from bot.storage.base import DEADLINE, TimerRecord  # noqa: E402

SEATS = 5




class BenchClock:
    """Frozen while the games are set up, then real time from the frozen instant on."""

    def __init__(self) -> None:
        self.frozen: float | None = time.time()
        self.offset = 0.0

    def __call__(self) -> float:
        return self.frozen if self.frozen is not None else time.time() + self.offset

    def run(self) -> None:
        assert self.frozen is not None
        self.offset = self.frozen - time.time()
        self.frozen = None


def scheduler_bytes(n: int = 10_000) -> float:
    """Bytes per armed timer in the scheduler's structures (records, heap, indexes)."""

    async def fire(key: Any, timers: list[TimerRecord]) -> None:
        return None

    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    sched = Scheduler(time.time, asyncio.sleep, fire)
    sched.add(TimerRecord(i + 1, i // 10, i % 5, DEADLINE, 1e9 + i, f"d{i}",
                          {"user": i, "opened": 1e9, "base": 1e9 + i, "bank": 60.0})
              for i in range(n))
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    size = sum(s.size_diff for s in after.compare_to(before, "filename"))
    assert len(sched) == n
    return size / n


async def run(games: int, deadlines: int, pool_kind: str, spread: float = 2.0
              ) -> dict[str, Any]:
    clock = BenchClock()
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(Path(tmp) / "bench.sqlite3")
        await store.open()
        pool = ThreadPoolExecutor(1) if pool_kind == "thread" else None
        svc = GameService(store, clock=clock, sleep=asyncio.sleep, ai_pool=pool,
                          image_cache=ImageCache(1 << 20), max_games=games + 100)
        await svc.open()
        if pool_kind == "process":  # start the workers before the clock runs
            svc._pool().submit(int).result()
        due: dict[int, dict[int, float]] = {}
        late: list[float] = []
        fired = 0
        done = asyncio.get_running_loop().create_future()

        def on_update(u: Update) -> None:
            nonlocal fired
            if u.cause == DEADLINE and clock.frozen is None:
                now = clock()
                for seat in u.expired:
                    late.append(now - due[u.game_id][seat])
                fired += len(u.expired)
                if fired >= deadlines and not done.done():
                    done.set_result(None)
            due[u.game_id] = {w.seat: w.deadline for w in u.waiting if w.deadline is not None}

        svc.subscribe(on_update)
        setup = time.perf_counter()
        for k in range(games):
            seconds = 1.0 + spread * k / max(1, games - 1)
            gid = await svc.create(10_000 + k * SEATS, "P0", seats=SEATS,
                                   time_control={"seconds": seconds, "reminders": [],
                                                 "strikes": 100})
            for s in range(1, SEATS):
                await svc.join(gid, 10_000 + k * SEATS + s, f"P{s}")
            await svc.start(gid, 10_000 + k * SEATS)
        await svc.idle()
        setup = time.perf_counter() - setup
        armed_at_start = len(svc.scheduler)
        rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        most_tasks = 0

        async def watch() -> None:
            nonlocal most_tasks
            while True:
                most_tasks = max(most_tasks, len(asyncio.all_tasks()))
                await asyncio.sleep(0.05)

        watcher = asyncio.create_task(watch())
        clock.run()
        svc.scheduler.wake()
        started = time.perf_counter()
        await asyncio.wait_for(done, 120)
        elapsed = time.perf_counter() - started
        schedulers = sum(1 for t in asyncio.all_tasks() if t.get_name() == "timer scheduler")
        watcher.cancel()
        rss_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        await svc.close()
        await store.close()
    return {
        "games": games, "pool": pool_kind, "spread_s": spread, "setup_s": round(setup, 1),
        "armed_at_start": armed_at_start, "fired": fired, "seconds": round(elapsed, 2),
        "per_second": round(fired / elapsed),
        "late_p50_ms": round(pct(late, 50) * 1000, 1),
        "late_p99_ms": round(pct(late, 99) * 1000, 1),
        "late_max_ms": round(max(late) * 1000, 1),
        "within_1s": round(sum(1 for x in late if x <= 1.0) / len(late), 4),
        "scheduler_tasks": schedulers, "most_tasks_alive": most_tasks,
        "rss_before_mib": round(rss_before / 1024, 1), "rss_peak_mib": round(rss_peak / 1024, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--deadlines", type=int, default=10_000)
    ap.add_argument("--pool", choices=("process", "thread"), default="process")
    ap.add_argument("--spread", type=float, default=2.0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = asyncio.run(run(args.games, args.deadlines, args.pool, args.spread))
    out["scheduler_bytes_per_timer"] = round(scheduler_bytes())
    if args.json:
        print(json.dumps(out))
        return
    for key, value in out.items():
        print(f"{key:>28}: {value}")


if __name__ == "__main__":
    main()
