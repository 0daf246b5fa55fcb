"""Helpers of the storage-trust tests (test_damaged_games, test_storage_faults,
test_service_edges, test_backup): a service over a real store, games played by people, raw SQL
on either backend, and the check that memory equals storage."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.service import GameService, ImageCache, Update
from bot.storage.base import Store, StoredGame
from bot.storage.migrate_verify import replay
from hadara import save
from hadara.content import default_catalog
from tests.support.stores import SQLITE, StoreFactory

HOST, ALICE, BOB, CAROL = 101, 102, 103, 104
_POOL = ThreadPoolExecutor(2)


class VirtualTime:
    """The service's clock and sleep: time moves only when the test moves it (``advance``);
    a sleep waits, in 1 ms real steps, until the clock has passed its end."""

    def __init__(self, now: float = 1_767_225_600.0) -> None:
        self.now = now

    def clock(self) -> float:
        return self.now

    async def sleep(self, delay: float) -> None:
        end = self.now + delay
        while self.now < end:
            await asyncio.sleep(0.001)


@dataclass
class Env:
    make_store: StoreFactory
    place: str
    store: Store
    svc: GameService
    vt: VirtualTime
    updates: list[Update] = field(default_factory=list)

    async def advance(self, seconds: float) -> None:
        """Move the clock; wait until the timers due and the retries have run."""
        self.vt.now += seconds
        await settle(self.svc)

    def causes(self, cause: str) -> list[Update]:
        return [u for u in self.updates if u.cause == cause]

    async def reopen(self) -> Env:
        """A restart: close the service and the store, open both again."""
        await self.close()
        return await make_env(self.make_store, self.place, vt=self.vt)

    async def close(self) -> None:
        await self.svc.close()
        await self.store.close()


async def settle(svc: GameService) -> None:
    """Until nothing plays on and no timer is due or firing."""
    quiet = 0
    for _ in range(4000):
        await asyncio.sleep(0.002)
        await svc.idle()
        if svc.scheduler.busy():
            quiet = 0
            continue
        quiet += 1
        if quiet >= 3:
            return
    raise AssertionError("the service did not settle")


async def make_env(make_store: StoreFactory, place: str = "games", *, open_service: bool = True,
                   subscribe: bool = True, vt: VirtualTime | None = None, **kw: Any) -> Env:
    store = make_store(place)
    await store.open()
    vt = vt or VirtualTime()
    svc = GameService(store, clock=vt.clock, ai_pool=_POOL, render_pool=_POOL,
                      image_cache=ImageCache(4 << 20), sleep=vt.sleep, **kw)
    env = Env(make_store, place, store, svc, vt)
    if subscribe:
        svc.subscribe(env.updates.append)
    if open_service:
        await svc.open()
        await svc.idle()
    return env


async def table(env: Env, users: tuple[int, ...] = (HOST, ALICE), **kw: Any) -> int:
    """A started game of people (the first is the host)."""
    gid = await env.svc.create(users[0], f"user{users[0]}", seats=len(users), **kw)
    for u in users[1:]:
        await env.svc.join(gid, u, f"user{u}")
    await env.svc.start(gid, users[0])
    await env.svc.idle(gid)
    return gid


async def move(env: Env, gid: int) -> Update:
    """The first seat the game waits for takes its first legal action."""
    await env.svc.idle(gid)
    w = (await env.svc.waiting(gid))[0]
    legal = (await env.svc.view(gid, w.seat))["private"]["legal_actions"]
    user = (await env.svc.load(gid)).record.seats[w.seat].user_id
    assert user is not None
    update = await env.svc.submit(gid, user, w.decision_id, legal[0])
    await env.svc.idle(gid)
    return update


async def play(env: Env, gid: int, moves: int) -> None:
    for _ in range(moves):
        await move(env, gid)


async def stored(store: Store, gid: int) -> StoredGame:
    got = await store.load_game(gid)
    assert got is not None
    return got


async def assert_memory_is_storage(env: Env, gid: int) -> None:
    """What the service holds of the game is what the store holds: the record, and the
    game replayed independently from the stored rows."""
    snap = await env.svc.load(gid)
    rows = await stored(env.store, gid)
    assert snap.record == rows.record
    if snap.game is None:
        assert rows.record.setup is None
        return
    fresh = replay(rows, default_catalog())
    assert save.to_json(snap.game) == save.to_json(fresh)
    assert snap.game.version == fresh.version


async def run_sql(make_store: StoreFactory, place: str, query: str, *args: Any) -> list[Any]:
    """A statement on the place's database, outside the store (damage, checks). SQLite:
    ``?`` parameters; PostgreSQL: ``$1`` … (the test writes each)."""
    where = make_store.location(place)
    if make_store.backend == SQLITE:
        con = sqlite3.connect(Path(where))
        try:
            con.execute("PRAGMA ignore_check_constraints = ON")
            rows = con.execute(query, args).fetchall()
            con.commit()
            return rows
        finally:
            con.close()
    import asyncpg

    conn = await asyncpg.connect(str(where))
    try:
        return list(await conn.fetch(query, *args))
    finally:
        await conn.close()


async def reseal(make_store: StoreFactory, place: str, game_id: int) -> None:
    """Recompute a game's hash chain over its rows as they are now, as someone who can edit
    the database can (docs/security.md): damage planted behind it is left for the replay
    and the row checks to find, not the chain."""
    store = make_store(place)
    await store.open()
    try:
        await store.chain_game(game_id)
    finally:
        await store.close()


def dialect(make_store: StoreFactory, sqlite: str, pg: str) -> str:
    return sqlite if make_store.backend == SQLITE else pg


def failing(exc_factory: Callable[[], BaseException]) -> Callable[..., Any]:
    """A coroutine function that raises ``exc_factory()``."""
    async def fail(*args: Any, **kwargs: Any) -> Any:
        raise exc_factory()
    return fail
