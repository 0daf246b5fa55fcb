"""Several bot processes over ONE PostgreSQL database (bot/storage/postgres.py): each is a
spawned process with its own GameService (tests/support/pg_processes_child.py).

* Two processes click in the SAME games at once (each for half of the seats), while both play
  on the AI seat and the forced decisions: every acknowledged click is in the stored log
  exactly once, the log has no gaps, no decision is in it twice, nothing unacknowledged is,
  and every game replays.
* The scheduler takeover: process A owns the deadline scheduler with deadlines pending (a
  real clock, a 2-second deadline per decision, the AI takes a seat over at its first missed
  deadline); it is frozen (SIGSTOP) until they are overdue — B and C, running, must not fire
  them meanwhile — then killed (SIGKILL). One of B and C takes over and fires each overdue
  deadline exactly once, then arms and fires the next seat's deadline: one ``deadline`` move
  and one strike per seat, every expiry published once by that one process, no timer row
  left, and the AI plays the taken-over seats to the end (a lost deadline would leave the
  game waiting for a person).

Skipped (with the reason) when no PostgreSQL server can be started (tests/support/pg.py).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import queue as queue_module
import signal
import time
from collections import Counter
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.league.sim import InlineExecutor
from bot.service import GameService, ImageCache
from bot.storage import open_store
from bot.storage.base import StoredGame
from hadara import save
from tests.support.pg import TempPostgres, missing
from tests.support.pg_processes_child import clicker, scheduler_process

pytestmark = pytest.mark.skipif(missing() is not None, reason=str(missing()))

CTX = multiprocessing.get_context("spawn")
CLICK_SECONDS = 6.0
PEOPLE = 4  # per clicked game, plus one greedy AI seat


@pytest.fixture(scope="session")
def server(pg_server: TempPostgres) -> TempPostgres:
    """The session's throw-away server (tests/conftest.py), skipped with its reason."""
    return pg_server


@pytest.fixture
async def store_url(server: TempPostgres) -> AsyncIterator[str]:
    yield server.create_database()


def receive(q: Any, want: str, names: set[str], timeout: float,
            procs: dict[str, Any] | None = None) -> dict[str, Any]:
    """The ``want`` message of each process in ``names`` (a crash fails the test)."""
    got: dict[str, Any] = {}
    end = time.monotonic() + timeout
    while set(got) != names:
        left = end - time.monotonic()
        if left <= 0:
            dead = {n: p.exitcode for n, p in (procs or {}).items() if not p.is_alive()}
            pytest.fail(f"timed out waiting for {want!r} from {sorted(names - set(got))} "
                        f"(exited: {dead})")
        try:
            if isinstance(q, dict):  # one queue per process (a killed one's lock dies alone)
                name = next(n for n in sorted(names - set(got)))
                name, kind, payload = q[name].get(timeout=min(left, 0.2))
            else:
                name, kind, payload = q.get(timeout=min(left, 1.0))
        except queue_module.Empty:
            continue
        if kind == "crashed":
            pytest.fail(f"process {name} crashed:\n{payload}")
        assert kind == want, (name, kind, payload)
        got[name] = payload
    return got


def stop_all(procs: dict[str, Any]) -> None:
    for p in procs.values():
        if p.is_alive():
            os.kill(p.pid, signal.SIGCONT)
            p.kill()
        p.join(10)


async def stored_games(url: str, ids: list[int]) -> dict[int, StoredGame]:
    store = open_store(url)
    await store.open()
    try:
        out = {}
        for gid in ids:
            game = await store.load_game(gid)
            assert game is not None, gid
            out[gid] = game
        return out
    finally:
        await store.close()


async def replays(url: str, ids: list[int]) -> dict[int, Any]:
    """Each game as the service rebuilds it from the store (a fresh service)."""
    store = open_store(url)
    await store.open()
    svc = GameService(store, ai_pool=InlineExecutor(), render_pool=InlineExecutor(),
                      image_cache=ImageCache(1 << 20))
    try:
        return {gid: (await svc.load(gid)).game for gid in ids}
    finally:
        await store.close()


def check_log(gid: int, stored: StoredGame, game: Any) -> None:
    """No gaps, no decision twice, and the replay holds exactly the stored log."""
    seqs = [a.seq for a in stored.actions]
    assert seqs == list(range(len(seqs))), f"game {gid}: the log has gaps: {seqs}"
    twice = [k for k, n in Counter((a.seat, a.decision_id) for a in stored.actions).items()
             if n > 1]
    assert not twice, f"game {gid}: decisions applied twice: {twice}"
    assert game is not None and game.log is not None
    assert [{"seat": a.seat, "action": a.action} for a in stored.actions] == \
        [{"seat": e["seat"], "action": e["action"]} for e in game.log], gid
    again = save.from_json(save.to_json(game))
    assert save.to_json(again) == save.to_json(game)


# ---------------------------------------------------------------------- concurrent clicks


async def test_two_processes_clicking_in_the_same_games_apply_every_click_once(
        store_url: str) -> None:
    # the games: four people and a greedy AI each (the AI seat and the forced decisions are
    # played on by whichever process gets there first)
    store = open_store(store_url)
    await store.open()
    svc = GameService(store, ai_pool=InlineExecutor(), render_pool=InlineExecutor(),
                      image_cache=ImageCache(1 << 20))
    ids = []
    for g in range(3):
        host = 1000 + 10 * g
        gid = await svc.create(host, f"Host {g}", seats=PEOPLE + 1)
        for k in range(1, PEOPLE):
            await svc.join(gid, host + k, f"Player {g}.{k}")
        await svc.add_ai(gid, "greedy")
        await svc.start(gid, host)
        ids.append(gid)
    await svc.idle()
    await svc.close()
    await store.close()

    q = CTX.Queue()
    go = CTX.Event()
    procs = {f"p{k}": CTX.Process(target=clicker, args=(f"p{k}", store_url, ids, k,
                                                        CLICK_SECONDS, 7 + k, go, q))
             for k in range(2)}
    try:
        for p in procs.values():
            p.start()
        receive(q, "ready", set(procs), 60, procs)
        go.set()
        results = receive(q, "done", set(procs), CLICK_SECONDS + 60, procs)
        for p in procs.values():
            p.join(10)
    finally:
        stop_all(procs)

    for name, res in results.items():
        assert not res["errors"], f"{name}: " + "\n".join(res["errors"])
    acks = [a for res in results.values() for a in res["acks"]]
    by_process = {name: len(res["acks"]) for name, res in results.items()}
    print("acknowledged:", by_process, "refusals:",
          {n: r["refusals"] for n, r in results.items()})
    assert all(n >= 10 for n in by_process.values()), \
        f"too few clicks went through ({by_process}): the processes hardly progressed"
    for gid in ids:  # both processes clicked in every game
        assert {a["pid"] for a in acks if a["game"] == gid} == \
            {res["pid"] for res in results.values()}, gid

    stored = await stored_games(store_url, ids)
    games = await replays(store_url, ids)
    for gid in ids:
        s = stored[gid]
        check_log(gid, s, games[gid])
        mine = [a for a in acks if a["game"] == gid]
        rows = {a.seq: a for a in s.actions}
        for ack in mine:
            # the row the click wrote is in the log, at the seq it was written at, unchanged
            own = [r for r in ack["rows"] if r["seat"] == ack["seat"]
                   and r["decision_id"] == ack["decision_id"]]
            assert len(own) == 1, ack
            row = rows.get(own[0]["seq"])
            assert row is not None, f"game {gid}: acknowledged row missing: {own[0]}"
            assert (row.seat, row.action, row.decision_id, row.submitted_by, row.at) == (
                own[0]["seat"], own[0]["action"], own[0]["decision_id"],
                own[0]["submitted_by"], own[0]["at"]), f"game {gid}: overwritten: {own[0]}"
            assert row.submitted_by == f"user:{ack['user']}"
            # … and exactly once
            same = [a for a in s.actions if a.seat == ack["seat"]
                    and a.decision_id == ack["decision_id"]]
            assert len(same) == 1, f"game {gid}: click in the log {len(same)} times: {ack}"
        # every person's row in the log was acknowledged, once
        acked = Counter((a["seat"], a["decision_id"]) for a in mine)
        people = Counter((a.seat, a.decision_id) for a in s.actions
                         if a.submitted_by.startswith("user:"))
        assert people == acked, f"game {gid}: unacknowledged or doubled clicks: " \
            f"{(people - acked) or (acked - people)}"


# ---------------------------------------------------------------------- the scheduler


DEADLINE_SECONDS = 2.0
TIMED_GAMES = 3


async def timer_rows(url: str) -> list[Any]:
    store = open_store(url)
    await store.open()
    try:
        return await store.timers()
    finally:
        await store.close()


async def test_a_killed_scheduler_owner_is_replaced_and_each_deadline_fires_once(
        store_url: str) -> None:
    # a queue per process: A is frozen and killed, maybe while holding its queue's write
    # lock, which must not stop B and C from reporting
    q = {n: CTX.Queue() for n in ("A", "B", "C")}
    commands = {n: CTX.Queue() for n in ("A", "B", "C")}
    procs = {n: CTX.Process(target=scheduler_process,
                            args=(n, store_url, "owner" if n == "A" else "standby",
                                  commands[n], q[n]))
             for n in ("A", "B", "C")}
    try:
        procs["A"].start()
        opened = receive(q, "open", {"A"}, 60, procs)
        assert opened["A"]["claimed"] is True, "the first process must own the scheduler"
        procs["B"].start()
        procs["C"].start()
        opened |= receive(q, "open", {"B", "C"}, 60, procs)
        assert opened["B"]["claimed"] is False and opened["C"]["claimed"] is False, \
            f"a second process claimed the scheduler while A holds it: {opened}"

        spec = {"games": TIMED_GAMES, "people": 2,
                "time_control": {"kind": "deadline", "seconds": DEADLINE_SECONDS,
                                 "reminders": [], "strikes": 1}}
        commands["A"].put(("create", spec))
        created = receive(q, "created", {"A"}, 60, procs)["A"]
        os.kill(procs["A"].pid, signal.SIGSTOP)  # A holds the scheduler but fires nothing
        ids = created["games"]
        assert created["claimed"] is True

        # the first decision (the wheel) is one seat's: one deadline per game, pending
        pending = [t for t in await timer_rows(store_url) if t.kind == "deadline"]
        assert sorted(t.game_id for t in pending) == sorted(ids), \
            f"expected one deadline per game: {pending}"
        stored = await stored_games(store_url, ids)
        assert not [a for g in stored.values() for a in g.actions
                    if a.submitted_by == "deadline"], "A fired before it was frozen"

        # overdue while A is frozen: B and C must not fire them (A still holds the lock)
        overdue = max(t.due for t in pending) + 1.0
        while time.time() < overdue:
            await asyncio.sleep(0.1)
        await asyncio.sleep(1.5)  # more than the standbys' retry interval
        still = [t for t in await timer_rows(store_url) if t.kind == "deadline"]
        assert sorted(t.id for t in still) == sorted(t.id for t in pending), \
            "a deadline fired while its owner was alive (frozen)"

        killed_at = time.time()
        os.kill(procs["A"].pid, signal.SIGKILL)
        procs["A"].join(10)

        # one of B and C takes over and fires every overdue deadline
        end = time.monotonic() + 30
        while True:
            stored = await stored_games(store_url, ids)
            seats = [s for g in stored.values() for s in g.record.seats]
            if all(g.record.status == "finished" for g in stored.values()):
                break
            if time.monotonic() > end:
                pytest.fail(f"after the kill: strikes {[s.strikes for s in seats]}, statuses "
                            f"{[g.record.status for g in stored.values()]}, timers "
                            f"{await timer_rows(store_url)}")
            await asyncio.sleep(0.2)
        for n in ("B", "C"):
            commands[n].put(("stop", None))
        done = receive(q, "done", {"B", "C"}, 60, procs)
        for n in ("B", "C"):
            procs[n].join(10)
    finally:
        stop_all(procs)

    assert await timer_rows(store_url) == [], "timers left behind"
    games = await replays(store_url, ids)
    for gid in ids:
        g = stored[gid]
        check_log(gid, g, games[gid])
        # each seat missed exactly one deadline (then the AI took it over): the overdue wheel
        # deadline, then the other seat's first draft pick, armed and fired by the new owner
        for seat in g.record.seats:
            assert seat.strikes == 1 and seat.ai_takeover, \
                f"game {gid} seat {seat.seat}: {seat.strikes} strikes"
        fired = [a for a in g.actions if a.submitted_by == "deadline"]
        assert sorted(a.seat for a in fired) == [0, 1], \
            f"game {gid}: deadline moves {[(a.seat, a.decision_id) for a in fired]}"
        [first] = [t for t in pending if t.game_id == gid]
        moves = [a for a in fired if (a.seat, a.decision_id) == (first.seat, first.decision_id)]
        assert len(moves) == 1, f"game {gid}: the overdue deadline {first} fired {len(moves)}" \
            " times"
        assert all(a.at >= killed_at for a in fired), (fired, killed_at)
    # the updates: every expiry published once, all by the one process that took over
    expiries = Counter((f["game"], s) for n in ("B", "C") for f in done[n]["fired"]
                       for s in f["expired"])
    assert expiries == Counter((g, s) for g in ids for s in (0, 1)), expiries
    firing = [n for n in ("B", "C") if done[n]["fired"]]
    assert len(firing) == 1, f"deadlines fired by {firing}: one owner at a time"
