"""The service over a store it shares with other processes, without a second process: the
store's notices drop a stale game (it is reloaded, current, on next use) and leave the
process's own copy alone; the deadline scheduler runs only once the store grants the claim,
and reloads the timers when another process changed them. (tests/bot/storage/test_pg_processes.py
does the same with real processes over PostgreSQL.)"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.service import GameService
from bot.service import claim as claim_module
from bot.storage import SqliteStore
from bot.storage.base import TimerRecord


class SharedSqlite(SqliteStore):
    """SQLite standing in for a shared database: the scheduler's claim is refused
    ``refusals`` times, and the test plays the other process's notices."""

    def __init__(self, path: Path, refusals: int = 0) -> None:
        super().__init__(path)
        self.refusals, self.claims = refusals, 0
        self.timer_listeners: list[Callable[[], None]] = []

    async def claim_scheduler(self) -> bool:
        self.claims += 1
        return self.claims > self.refusals

    def listen_timers(self, callback: Callable[[], None]) -> Callable[[], None]:
        self.timer_listeners.append(callback)
        return lambda: self.timer_listeners.remove(callback)

    def elsewhere(self, game_id: int, version: int = -1) -> None:
        """Another process's notice that a game changed."""
        for callback in list(self._listeners):
            callback(game_id, version)


async def started(svc: GameService) -> int:
    gid = await svc.create(1, "ann", seats=2)
    await svc.join(gid, 2, "bo")
    await svc.start(gid, 1)
    return gid


async def test_a_notice_from_elsewhere_drops_the_copy_and_ours_do_not(tmp_path: Path) -> None:
    store = SharedSqlite(tmp_path / "g.sqlite3")
    svc = GameService(store)
    await svc.open()
    try:
        gid = await started(svc)
        version = (await svc.load(gid)).game.version  # type: ignore[union-attr]
        assert gid in svc._games
        store.elsewhere(gid, version)  # the version we hold: nothing to do
        assert gid in svc._games
        store.elsewhere(gid, version + 1)  # a newer one: dropped …
        assert gid not in svc._games
        again = await svc.load(gid)  # … and reloaded from the store, the same game
        assert again.game is not None and again.game.version == version
        store.elsewhere(gid)  # "changed, version unknown" (the lock's check)
        assert gid not in svc._games
        await svc.view(gid, 0)
        async with svc._locked(gid):  # a pinned game (our own locked change) stays
            store.elsewhere(gid)
            assert gid in svc._games
    finally:
        await svc.close()
        await store.close()


async def test_the_scheduler_runs_once_claimed_and_reloads_on_notice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(claim_module, "CLAIM_EVERY", 0.01)
    store = SharedSqlite(tmp_path / "g.sqlite3", refusals=3)
    svc = GameService(store)
    await svc.open()
    try:
        assert not svc.scheduler.running  # another process owns it
        gid = await started(svc)
        # a timer written by "another process" while this one waits: not in our mirror
        [tid] = await store.change_timers(add=[TimerRecord(0, gid, 0, "reminder", 4e9,
                                                           None, {"user": 1})])
        for _ in range(200):
            if svc.scheduler.running:
                break
            await asyncio.sleep(0.01)
        assert svc.scheduler.running and store.claims == 4
        assert svc.scheduler.get(tid) is not None  # taking over loads what is stored
        [other] = await store.change_timers(add=[TimerRecord(0, gid, 1, "reminder", 4e9,
                                                             None, {"user": 2})])
        assert svc.scheduler.get(other) is None
        for callback in store.timer_listeners:
            callback()
        for _ in range(100):
            if svc.scheduler.get(other) is not None:
                break
            await asyncio.sleep(0.01)
        assert svc.scheduler.get(other) is not None
    finally:
        await svc.close()
        await store.close()
    assert not store.timer_listeners  # closing unsubscribes


async def test_a_load_in_flight_when_the_game_changes_elsewhere_is_read_again(
        tmp_path: Path) -> None:
    store = SharedSqlite(tmp_path / "g.sqlite3")
    svc = GameService(store)
    await svc.open()
    try:
        gid = await started(svc)
        svc._games.clear()  # evicted: the next use loads it
        reads, gate = [], asyncio.Event()
        real = store.load_game

        async def slow_load(game_id: int) -> object:
            reads.append(game_id)
            stored = await real(game_id)
            if len(reads) == 1:
                await gate.wait()  # the first read is overtaken by another process's write
            return stored

        store.load_game = slow_load  # type: ignore[method-assign]
        first = asyncio.create_task(svc.view(gid, 0))
        second = asyncio.create_task(svc.view(gid, 1))  # waits on the same load
        while not reads:
            await asyncio.sleep(0)
        store.elsewhere(gid)  # changed elsewhere while the read was in flight
        gate.set()
        await asyncio.gather(first, second)
        assert reads == [gid, gid]  # read again, once, for both callers
        assert gid in svc._games
    finally:
        await svc.close()
        await store.close()
