"""Benchmark: the game service (bot/service) over SQLite, as the bot runs it.

    python bench/service.py [--json] [--games 100] [--seconds 10] [--rates 100,500]
                            [--stored 1000] [--only throughput,paced,startup,memory,stall]
                            [--db URL | --pg] [--processes 1] [--foreign 0.1]

Prints figures, never asserts. Each part uses its own temporary SQLite file:

* **throughput** (saturation): ``--games`` five-seat games, every seat a simulated person,
  written into the database at random points of their course (so the games are at different
  steps, as games started at different times are) and resumed by the service. One task per game
  asks the service who must act (``waiting``), takes each waiting seat's legal actions from
  its view and submits a random one (the picks of a simultaneous step concurrently), as clicks
  would come; everyone clicks again as soon as the previous click returned, for ``--seconds``.
  A finished game is replaced by a new one. Figures: accepted submissions per second and the
  latency of ``await service.submit(...)`` (validate, commit with fsync, apply in memory) —
  which, at saturation, is mostly the queue for the one database connection.
* **paced** (``paced_<rate>``): the same games, but clicks arrive open-loop at a fixed rate
  (exponential gaps, whatever the latency): the submission latency at that load.
* **start-up**: ``--stored`` games written into a database (random prefixes of random
  five-player games, a tenth finished), then a new store and ``GameService(...)``: the time
  of ``await open()`` (the service answers from then on), of a first request during the
  resume, and until every active game is resumed in the background (``idle()``).
* **cold first use**: ``view`` of 300 games that are not in memory (evicted), one at a time.
* **memory per loaded game**: tracemalloc's growth over loading games (no images), divided by
  their number: the mix, and the finished games alone (the longest logs).
* **loop stall**: a ticker measures its own lateness every 5 ms while a five-player game with
  an ``ismcts`` seat (the bot's 1.5 s budget, the default process pool) is played by four
  people; the board images are requested after every change and, while the AI thinks, again
  and again with the cached ones dropped (default render pool: the loop's threads). ``cold``
  is until the first AI decision (pool start, first render), ``warm`` after.

Several processes (throughput and paced only): ``--db URL`` runs them over that database
instead of the temporary file (a SQLite path or ``sqlite:///path``, or ``postgresql://…``;
the games are written into it first, and stay), ``--pg`` over a throw-away PostgreSQL server
(tests/support/pg.py; a new database per run), and ``--processes N`` starts N worker processes
(multiprocessing, spawn), each with its own store and ``GameService`` over the same database,
started together. The games are split between them (worker *i* plays the games *i*, *i+N* …
and the replacements of its finished ones), and with a store that coordinates processes
(PostgreSQL) each worker also plays, instead of one of its own rounds, a round of a game another
worker owns with probability ``--foreign`` (default 0.1): a game's clicks may arrive at any
process, as with a sharded bot. Figures: the totals as above (``accepted_per_s`` over all
processes, ``p50_ms``/``p99_ms`` over all submissions) and ``per_process``. A paced run's
clicks per second are split evenly between the processes.

SQLite coordinates nothing between processes (its lock, notices and the scheduler live in the
process) and lets one writer at a time commit: there the games are split strictly (no foreign
clicks; ``--foreign`` is refused) and the processes queue for the database file's write lock
(busy waiting, ``busy_timeout``) instead of sharing one group commit — several processes over
SQLite measure that contention, not a deployment (a bot runs one process over SQLite).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import random
import sqlite3
import sys
import tempfile
import time
import traceback
import tracemalloc
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.stats import pct  # noqa: E402
from bot.service import GameService, ImageCache, Refusal, Update  # noqa: E402
from bot.service.content import read_files  # noqa: E402
from bot.storage import (  # noqa: E402
    ACTIVE,
    FINISHED,
    ActionRecord,
    GameRecord,
    SeatRecord,
    SqliteStore,
    StorageError,
    Store,
    chain,  # noqa: E402
    open_store,
)
from bot.storage.rows import dumps as _dumps  # noqa: E402
from hadara.content import default_catalog  # noqa: E402
from hadara.engine import RULES_VERSION, Game  # noqa: E402

SEATS = 5




async def new_game(svc: GameService, rng: random.Random, ais: tuple[str, ...] = ()) -> int:
    users = [rng.randrange(1, 1 << 40) for _ in range(SEATS - len(ais))]
    gid = await svc.create(users[0], "Host")
    for i, user in enumerate(users[1:], start=1):
        await svc.join(gid, user, f"Player {i}")
    for level in ais:
        await svc.add_ai(gid, level)
    await svc.start(gid, users[0])
    return gid


class Pacer:
    """Open-loop arrivals: clicks come at ``rate`` per second (exponential gaps) whatever the
    service's latency, each taking the next slot in the order the people became ready."""

    def __init__(self, rate: float, rng: random.Random) -> None:
        self.rate, self.rng = rate, rng
        self.next = time.perf_counter()

    async def slot(self) -> None:
        self.next = max(self.next, time.perf_counter()) + self.rng.expovariate(self.rate)
        await asyncio.sleep(self.next - time.perf_counter())


class Players:
    """The people of one game: each waiting seat clicks a random legal action of its view."""

    def __init__(self, svc: GameService, gid: int, rng: random.Random,
                 latencies: list[float]) -> None:
        self.svc, self.gid, self.rng, self.latencies = svc, gid, rng, latencies
        self.users: dict[int, int] = {}
        self.accepted = self.refused = 0
        self.pacer: Pacer | None = None

    async def seat_users(self) -> None:
        for s in (await self.svc.load(self.gid)).record.seats:
            if s.user_id is not None:
                self.users[s.seat] = s.user_id

    async def click(self, seat: int, decision_id: str) -> None:
        if self.pacer is not None:  # the person clicks when the offered load says so
            await self.pacer.slot()
        legal = (await self.svc.view(self.gid, seat))["private"]["legal_actions"]
        if not legal:
            return
        action = legal[self.rng.randrange(len(legal))]
        t = time.perf_counter()
        try:
            await self.svc.submit(self.gid, self.users[seat], decision_id, action)
        except Refusal:
            self.refused += 1
            return
        self.latencies.append(time.perf_counter() - t)
        self.accepted += 1

    async def round(self) -> bool:
        """Click every waiting person's decision once; False when the game is over."""
        await self.svc.idle(self.gid)  # forced decisions: the service applies them
        waiting = [w for w in await self.svc.waiting(self.gid) if w.seat in self.users]
        if not waiting:
            return False
        await asyncio.gather(*(self.click(w.seat, w.decision_id) for w in waiting))
        return True


async def open_service(path: Path | str, **kw: Any) -> tuple[Store, GameService]:
    """A store (a SQLite path, or any URL ``open_store`` takes) and its opened service."""
    store: Store = SqliteStore(path) if isinstance(path, Path) else open_store(path)
    svc = GameService(store, image_cache=ImageCache(8 << 20), **kw)
    await svc.open()
    return store, svc


async def close_service(store: Store, svc: GameService) -> None:
    await svc.close()
    await store.close()


# ---------------------------------------------------------------------- throughput


def is_sqlite(db: Path | str) -> bool:
    """A SQLite path or ``sqlite:///`` URL (not a server database such as PostgreSQL)."""
    if isinstance(db, Path):
        return True
    scheme, sep, _ = db.strip().partition("://")
    return not sep or scheme.lower() == "sqlite"


def sqlite_path(db: Path | str) -> Path:
    if isinstance(db, Path):
        return db
    text = db.strip()
    if text.lower().startswith("sqlite://"):
        text = text[len("sqlite://"):][1:]  # sqlite:///relative, sqlite:////absolute
    return Path(text)


def db_kind(db: Path | str) -> str:
    return "sqlite" if is_sqlite(db) else str(db).strip().partition("://")[0].lower()


async def prepare_games(db: Path | str, games: int, seed: int) -> list[int]:
    """``games`` active games written into the database (SQLite: straight into its tables,
    as ever; another database: through the store); their ids."""
    ids: list[int] = []
    if is_sqlite(db):
        await write_stored(sqlite_path(db), games, seed, finished_share=0.0, ids=ids)
    else:
        await write_stored_through(str(db), games, seed, finished_share=0.0, ids=ids)
    return ids


async def play_share(db: Path | str, own: list[int], others: list[int], seconds: float,
                     rate: float | None, seed: int, foreign: float,
                     ready: Any = None) -> dict[str, Any]:
    """One process's part: a service over ``db`` plays the games ``own`` (and replaces the
    finished ones) and, with probability ``foreign`` per round, a round of one of ``others``
    instead. ``ready``: a barrier to wait at before the clock starts (the other workers)."""
    store, svc = await open_service(db, ai_pool=ThreadPoolExecutor(1))
    await svc.idle()
    rng = random.Random(seed)
    latencies: list[float] = []
    players = []
    for gid in own:
        p = Players(svc, gid, rng, latencies)
        await p.seat_users()
        players.append(p)
    visiting: dict[int, Players] = {}  # the other workers' games this one clicked in
    pacer = Pacer(rate, rng) if rate else None
    for p in players:
        p.pacer = pacer

    async def visit() -> None:
        gid = others[rng.randrange(len(others))]
        v = visiting.get(gid)
        if v is None:
            v = visiting[gid] = Players(svc, gid, rng, latencies)
            await v.seat_users()
            v.pacer = pacer
        await v.round()  # False once the game is over (its owner replaces it)

    if ready is not None:  # every worker set up: start together
        await asyncio.to_thread(ready.wait)
    latencies.clear()
    for p in players:
        p.accepted = p.refused = 0
    stop = time.perf_counter() + seconds

    async def play(p: Players) -> None:
        while time.perf_counter() < stop:
            if others and foreign and rng.random() < foreign:
                await visit()
            elif not await p.round():
                p.gid = await new_game(svc, rng)
                await p.seat_users()

    t0 = time.perf_counter()
    await asyncio.gather(*(play(p) for p in players))
    elapsed = time.perf_counter() - t0
    await svc.idle()
    await close_service(store, svc)
    return {"games": len(own), "accepted": sum(p.accepted for p in players)
            + sum(v.accepted for v in visiting.values()),
            "refused": sum(p.refused for p in players)
            + sum(v.refused for v in visiting.values()),
            "foreign_accepted": sum(v.accepted for v in visiting.values()),
            "foreign_refused": sum(v.refused for v in visiting.values()),
            "seconds": elapsed, "latencies": latencies}


def figures(part: dict[str, Any]) -> dict[str, Any]:
    """The reported figures of one process's (or the merged) part."""
    latencies, elapsed = part["latencies"], part["seconds"]
    return {"accepted": part["accepted"], "seconds": round(elapsed, 2),
            "accepted_per_s": round(part["accepted"] / elapsed, 1),
            "refused": part["refused"],
            "p50_ms": round(pct(latencies, 50) * 1000, 2),
            "p99_ms": round(pct(latencies, 99) * 1000, 2),
            "max_ms": round(max(latencies, default=float("nan")) * 1000, 2)}


def _worker(index: int, db: str, own: list[int], others: list[int], seconds: float,
            rate: float | None, seed: int, foreign: float, ready: Any, out: Any) -> None:
    """A worker process (spawned): its part, or the error, onto the ``out`` queue."""
    try:
        result = asyncio.run(play_share(db, own, others, seconds, rate, seed, foreign, ready))
    except BaseException:  # the parent reports it (and does not wait for a result forever)
        ready.abort()
        out.put((index, {"error": traceback.format_exc()}))
        return
    out.put((index, result))


def run_processes(db: str, ids: list[int], processes: int, seconds: float,
                  rate: float | None, seed: int, foreign: float) -> list[dict[str, Any]]:
    """``processes`` spawned workers over ``db``, worker i owning ``ids[i::processes]``."""
    ctx = multiprocessing.get_context("spawn")
    ready, out = ctx.Barrier(processes), ctx.Queue()
    shares = [ids[i::processes] for i in range(processes)]
    workers = []
    for i in range(processes):
        others = [g for j, share in enumerate(shares) if j != i for g in share]
        rate_i = rate / processes if rate else None
        workers.append(ctx.Process(
            target=_worker, name=f"bench-worker-{i}",
            args=(i, db, shares[i], others, seconds, rate_i, seed + 7919 * i, foreign, ready,
                  out)))
    for w in workers:
        w.start()
    results: dict[int, dict[str, Any]] = {}
    deadline = time.monotonic() + seconds + 600  # set-up (resume every game) and the run
    while len(results) < processes:
        try:
            index, result = out.get(timeout=5)
        except Exception:  # queue.Empty: is everybody still alive?
            dead = [w for w in workers if not w.is_alive() and w.exitcode != 0]
            if dead or time.monotonic() > deadline:
                for w in workers:
                    if w.is_alive():
                        w.terminate()
                raise RuntimeError(f"worker {dead[0].name if dead else '?'} died "
                                   f"(exit code {dead[0].exitcode if dead else '?'})"
                                   ) from None
            continue
        results[index] = result
    for w in workers:
        w.join()
    errors = [f"worker {i}:\n{r['error']}" for i, r in sorted(results.items()) if "error" in r]
    if errors:
        raise RuntimeError("\n".join(errors))
    return [results[i] for i in range(processes)]


async def throughput(tmp: Path, games: int, seconds: float, rate: float | None,
                     seed: int = 1, *, db: str | None = None, processes: int = 1,
                     foreign: float | None = None) -> dict[str, Any]:
    """Saturation (rate None: click again at once) or a paced offered load (clicks/s), in
    this process (``processes`` 1) or split between spawned worker processes."""
    # games spread over their course (as games started at different times would be; the
    # same steps at the same moment in every game would come as bursts of clicks)
    target: Path | str = tmp / f"throughput-{rate}.sqlite3" if db is None else db
    ids = await prepare_games(target, games, seed)
    if foreign is None:
        foreign = 0.1 if processes > 1 and not is_sqlite(target) else 0.0
    if processes == 1:
        parts = [await play_share(target, ids, [], seconds, rate, seed, 0.0)]
    else:
        if is_sqlite(target) and foreign:
            raise SystemExit("--foreign needs a store that coordinates processes "
                             "(PostgreSQL): two processes over one SQLite file would each "
                             "write a game from a stale copy of it")
        parts = await asyncio.to_thread(run_processes, str(target), ids, processes, seconds,
                                        rate, seed, foreign)
    merged = {"accepted": sum(p["accepted"] for p in parts),
              "refused": sum(p["refused"] for p in parts),
              "seconds": max(p["seconds"] for p in parts),
              "latencies": [x for p in parts for x in p["latencies"]]}
    out: dict[str, Any] = figures(merged)
    if processes > 1 or db is not None:
        out["db"] = db_kind(target)
    if processes > 1:
        out["processes"] = processes
        out["foreign"] = foreign
        out["foreign_accepted"] = sum(p["foreign_accepted"] for p in parts)
        out["per_process"] = [{"games": p["games"], **figures(p),
                               "foreign_accepted": p["foreign_accepted"],
                               "foreign_refused": p["foreign_refused"]} for p in parts]
    return out


# ---------------------------------------------------------------------- stored games


def base_games(count: int, seed: int) -> list[Game]:
    """Finished five-player games (random legal play) to cut stored games from."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        game = Game.new([f"Player {k}" for k in range(SEATS)], "basic", seed * 1000 + i)
        while not game.is_over:
            decisions = [d for d in game.decisions() if not d.committed]
            d = decisions[rng.randrange(len(decisions))]
            game.apply(d.seat, d.actions[rng.randrange(len(d.actions))], d.id)
        out.append(game)
    return out


def stored_games(count: int, seed: int, finished_share: float
                 ) -> Iterator[tuple[str, Game, int, list[int]]]:
    """``count`` started games, each a random prefix of a base game's log (whole, and
    finished, for ``finished_share`` of them): ``(status, base game, actions, user ids)``."""
    rng = random.Random(seed)
    bases = base_games(20, seed)
    for _ in range(count):
        base = bases[rng.randrange(len(bases))]
        assert base.log is not None and base.setup is not None
        whole = rng.random() < finished_share
        n = len(base.log) if whole else rng.randrange(1, len(base.log))
        users = [rng.randrange(1, 1 << 40) for _ in range(SEATS)]
        yield (FINISHED if whole else ACTIVE), base, n, users


async def write_stored(path: Path, count: int, seed: int = 2,
                 finished_share: float = 0.1, ids: list[int] | None = None) -> dict[str, int]:
    """:func:`stored_games` written in one transaction straight into the store's tables (the
    schema the store made); their ids appended to ``ids``."""
    await _create_schema(path)
    cat = default_catalog()
    now = time.time()
    con = sqlite3.connect(path)
    con.execute("BEGIN")
    active = finished = rows = 0
    for status, base, n, users in stored_games(count, seed, finished_share):
        assert base.log is not None and base.setup is not None
        active += status == ACTIVE
        finished += status == FINISHED
        cur = con.execute(
            "INSERT INTO games (status, variant, options, setup, seed, content_version,"
            " rules_version, host_user_id, discord, created_at, updated_at)"
            " VALUES (?, 'basic', ?, ?, ?, ?, ?, ?, '{}', ?, ?)",
            (status, _dumps({"seats": SEATS}), _dumps(base.setup.to_dict()), base.seed,
             cat.version, RULES_VERSION, 1, now, now))
        gid = cur.lastrowid
        assert gid is not None
        if ids is not None:
            ids.append(gid)
        con.executemany(
            "INSERT INTO seats (game_id, seat, name, user_id) VALUES (?, ?, ?, ?)",
            [(gid, s, name, users[s]) for s, name in enumerate(base.players)])
        # with their hash chain, as the store writes it (bot/storage/chain.py)
        links = chain.hashes(
            chain.root(gid, base.setup.to_dict(), base.seed, cat.version, RULES_VERSION),
            [chain.Entry(i, e["seat"], None, "bench", now, e["action"])
             for i, e in enumerate(base.log[:n])])
        con.executemany(
            "INSERT INTO actions (game_id, seq, seat, action, decision_id, submitted_by, at,"
            " hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(gid, i, e["seat"], _dumps(e["action"]), None, "bench", now, links[i])
             for i, e in enumerate(base.log[:n])])
        con.execute("UPDATE games SET log_hash = ? WHERE id = ?",
                    (links[-1] if links else None, gid))
        rows += n
    con.execute("COMMIT")
    con.close()
    return {"active": active, "finished": finished, "rows": rows}


async def write_stored_through(db: str, count: int, seed: int = 2,
                               finished_share: float = 0.1,
                               ids: list[int] | None = None) -> dict[str, int]:
    """The same games written through the store of ``db`` (any URL ``open_store`` takes,
    such as PostgreSQL): per game ``create_game`` and one ``write_actions``."""
    store = open_store(db)
    await store.open()
    cat = default_catalog()
    now = time.time()
    active = finished = rows = 0
    try:
        await store.save_content(cat.version, read_files())  # as the service does at start
        for status, base, n, users in stored_games(count, seed, finished_share):
            assert base.log is not None and base.setup is not None
            active += status == ACTIVE
            finished += status == FINISHED
            gid = await store.create_game(GameRecord(
                id=0, status=status, variant="basic", options={"seats": SEATS},
                created_at=now, updated_at=now, content_version=cat.version,
                rules_version=RULES_VERSION, setup=base.setup.to_dict(), seed=base.seed,
                host_user_id=1, discord={},
                seats=[SeatRecord(seat=s, name=name, user_id=users[s])
                       for s, name in enumerate(base.players)]))
            if ids is not None:
                ids.append(gid)
            await store.write_actions(gid, [
                ActionRecord(seq=i, seat=e["seat"], action=e["action"], decision_id=None,
                             submitted_by="bench", at=now)
                for i, e in enumerate(base.log[:n])])
            rows += n
    finally:
        await store.close()
    return {"active": active, "finished": finished, "rows": rows}


async def _create_schema(path: Path) -> None:
    store = SqliteStore(path)
    await store.open()
    await store.close()


async def startup(path: Path) -> dict[str, Any]:
    """Open a service on the stored games: open() and until every active game is resumed;
    then the first use of cold (evicted) games."""
    store = SqliteStore(path)
    svc = GameService(store, ai_pool=ThreadPoolExecutor(1), image_cache=ImageCache(8 << 20))
    t0 = time.perf_counter()
    await svc.open()
    t_open = time.perf_counter() - t0
    first = await store.game_ids((ACTIVE,))
    t1 = time.perf_counter()
    await svc.view(first[-1], 0)  # the first request after open() (during the resume)
    t_first_request = time.perf_counter() - t1
    await svc.idle()
    t_resumed = time.perf_counter() - t0
    in_memory = set(svc._games)
    cold = [g for g in await store.game_ids((ACTIVE, FINISHED)) if g not in in_memory]
    random.Random(3).shuffle(cold)
    times = []
    for gid in cold[:300]:
        t = time.perf_counter()
        await svc.view(gid, 0)
        times.append(time.perf_counter() - t)
    await close_service(store, svc)
    return {"open_ms": round(t_open * 1000, 1),
            "first_request_ms": round(t_first_request * 1000, 1),
            "resumed_ms": round(t_resumed * 1000, 1),
            "cold_games": len(times),
            "cold_p50_ms": round(pct(times, 50) * 1000, 2),
            "cold_p99_ms": round(pct(times, 99) * 1000, 2),
            "cold_max_ms": round(max(times) * 1000, 2)}


async def memory(path: Path, count: int) -> dict[str, Any]:
    """tracemalloc's growth over loading games (no images), per game: ``count`` games of
    the mix, and the finished ones alone (the longest logs)."""
    store = SqliteStore(path)
    await store.open()
    mix = (await store.game_ids((ACTIVE, FINISHED)))[:count]
    whole = await store.game_ids((FINISHED,))
    await store.close()
    out: dict[str, Any] = {}
    for label, ids in (("mix", mix), ("finished", whole)):
        kb, actions = await _memory(path, ids)
        out[f"{label}_games"] = len(ids) - 1
        out[f"{label}_kb_per_game"] = kb
        out[f"{label}_mean_actions"] = actions
    return out


async def _memory(path: Path, ids: list[int]) -> tuple[float, float]:
    store = SqliteStore(path)
    await store.open()
    svc = GameService(store, ai_pool=ThreadPoolExecutor(1), image_cache=ImageCache(8 << 20),
                      max_games=len(ids) + 10)  # not opened: nothing resumes by itself
    await svc.waiting(ids[0])  # catalogs and first-use caches outside the measure
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for gid in ids[1:]:
        await svc.waiting(gid)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    games = [lv.game for gid, lv in svc._games.items() if gid != ids[0]]
    actions = sum(len(g.log or []) for g in games if g is not None) / len(games)
    await svc.close()
    await store.close()
    return round((after - before) / (len(ids) - 1) / 1024, 1), round(actions, 1)


# ---------------------------------------------------------------------- loop stall


async def stall(tmp: Path, ai_decisions: int = 3) -> dict[str, Any]:
    """Worst lateness of a 5 ms ticker while an ismcts seat thinks and boards render."""
    store, svc = await open_service(tmp / "stall.sqlite3")  # default pools, as the bot
    rng = random.Random(4)
    lateness: list[tuple[float, str]] = []
    phase = ["cold"]
    stop = asyncio.Event()

    async def ticker() -> None:
        while not stop.is_set():
            t = time.perf_counter()
            await asyncio.sleep(0.005)
            lateness.append((time.perf_counter() - t - 0.005, phase[0]))

    renders: list[asyncio.Task[Any]] = []
    ai_done = overlapped = 0

    def on_update(update: Update) -> None:
        nonlocal ai_done
        if update.cause == "ai":
            ai_done += 1
        if update.board_changed and update.status == ACTIVE:
            renders.append(asyncio.create_task(svc.board_images(update.game_id)))

    svc.subscribe(on_update)
    tick = asyncio.create_task(ticker())
    gid = await new_game(svc, rng, ais=("ismcts",))
    people = Players(svc, gid, rng, [])
    await people.seat_users()
    deadline = time.perf_counter() + 120
    warm_at = None
    while ai_done < ai_decisions + 1 and time.perf_counter() < deadline:
        if ai_done >= 1 and warm_at is None:
            await asyncio.gather(*renders)
            phase[0], warm_at = "warm", len(lateness)
        waiting = [w for w in await svc.waiting(gid) if w.seat in people.users]
        if waiting:
            await asyncio.gather(*(people.click(w.seat, w.decision_id) for w in waiting))
        elif gid in svc._tasks:  # the ismcts seat thinks: render the board meanwhile
            svc.images.forget(gid)  # (again: the cached images of this revision dropped)
            await svc.board_images(gid)
            overlapped += 1
        else:
            await asyncio.sleep(0.01)
    await svc.idle(gid)
    await asyncio.gather(*renders)
    stop.set()
    await tick
    await close_service(store, svc)
    cold = [x for x, p in lateness if p == "cold"]
    warm = [x for x, p in lateness if p == "warm"]
    return {"ai_decisions": ai_done, "renders": len(renders) + overlapped,
            "renders_while_thinking": overlapped,
            "warm_max_ms": round(max(warm, default=0) * 1000, 1),
            "warm_p99_ms": round(pct(warm, 99) * 1000, 1),
            "cold_max_ms": round(max(cold, default=0) * 1000, 1),
            "ticks": len(lateness)}


# ---------------------------------------------------------------------- experiment


# ---------------------------------------------------------------------- main


def note(label: str) -> None:
    print(f"... {label}", file=sys.stderr, flush=True)


def temp_postgres() -> Any:
    """A throw-away PostgreSQL server (tests/support/pg.py's ``TempPostgres``), started."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("hadara_test_pg",
                                                  ROOT / "tests" / "support" / "pg.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    reason = module.missing()
    if reason:
        raise SystemExit(f"--pg: cannot start a PostgreSQL server here: {reason}")
    return module.TempPostgres().start()


def check_db(db: str) -> None:
    """Refuse a database URL the stores cannot open (before writing any game)."""
    try:
        open_store(db)
    except StorageError as exc:
        raise SystemExit(f"--db {db}: {exc}") from None


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rates", default="100,500",
                        help="clicks per second offered in the paced runs")
    parser.add_argument("--stored", type=int, default=1000)
    parser.add_argument("--only", default="throughput,paced,startup,memory,stall")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--db", metavar="URL",
                       help="throughput and paced runs over this database (a SQLite path, "
                       "sqlite:///path or postgresql://…; the games are written into it "
                       "and stay); default: a temporary SQLite file per run")
    where.add_argument("--pg", action="store_true",
                       help="throughput and paced runs over a throw-away PostgreSQL server "
                       "(tests/support/pg.py), a new database per run")
    parser.add_argument("--processes", type=int, default=1,
                        help="worker processes (spawned), each with its own service over the "
                        "same database, the games split between them (default 1: this one)")
    parser.add_argument("--foreign", type=float, default=None,
                        help="with several processes: the share of rounds a worker plays in "
                        "a game another worker owns (default 0.1; 0 with SQLite, which "
                        "cannot share a game between processes)")
    args = parser.parse_args()
    if args.processes < 1:
        parser.error("--processes must be 1 or more")
    if args.foreign is not None and not 0 <= args.foreign <= 1:
        parser.error("--foreign is a share from 0 to 1")
    if args.db:
        check_db(args.db)
    if args.foreign and args.processes > 1 and not args.pg and is_sqlite(args.db or ""):
        parser.error("--foreign needs a store that coordinates processes (PostgreSQL): two "
                     "processes over one SQLite file would each write a game from a stale "
                     "copy of it")
    parts = set(args.only.split(","))
    out: dict[str, Any] = {}
    server = None
    try:
        if args.pg and parts & {"throughput", "paced"}:
            note("starting a throw-away PostgreSQL server")
            server = temp_postgres()
            check_db(server.url())

        with tempfile.TemporaryDirectory(prefix="hadara-bench-") as name:
            tmp = Path(name)

            def run(rate: float | None) -> dict[str, Any]:
                db: str | None = args.db
                if server is not None:  # a new database per run, as a new file per run
                    db = str(server.create_database())
                return asyncio.run(throughput(tmp, args.games, args.seconds, rate, db=db,
                                              processes=args.processes,
                                              foreign=args.foreign))

            if "throughput" in parts:
                note("throughput")
                out["throughput"] = run(None)
            if "paced" in parts:
                for rate in (float(r) for r in args.rates.split(",")):
                    note(f"paced {rate:g}/s")
                    out[f"paced_{rate:g}"] = run(rate)
            if parts & {"startup", "memory"}:
                note("stored games")
                stored = tmp / "stored.sqlite3"
                t = time.perf_counter()
                out["stored"] = {**asyncio.run(write_stored(stored, args.stored)),
                                 "write_s": round(time.perf_counter() - t, 1)}
                if "startup" in parts:
                    note("startup")
                    out["startup"] = asyncio.run(startup(stored))
                if "memory" in parts:
                    note("memory")
                    out["memory"] = asyncio.run(memory(stored, 300))
            if "stall" in parts:
                note("stall")
                out["stall"] = asyncio.run(stall(tmp))
    finally:
        if server is not None:
            server.stop()
    if args.json:
        print(json.dumps(out))
        return
    for part, values in out.items():
        per_process = values.pop("per_process", [])
        print(f"{part}: " + ", ".join(f"{k} {v}" for k, v in values.items()))
        for i, one in enumerate(per_process):
            print(f"  process {i}: " + ", ".join(f"{k} {v}" for k, v in one.items()))


if __name__ == "__main__":
    main()
