"""The turn digests' timers (migration 0011) on SQLite and PostgreSQL: one per player, armed
and moved (the last digest's time kept), fired by a compare-and-set on the due time (a timer
moved or removed meanwhile is not fired again), removed, kept across a restart, and told to
the other processes (PostgreSQL: the scheduler's owner reloads)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.storage import SqliteStore
from bot.storage.base import TurnDigestTimer
from tests.support.stores import POSTGRESQL, StoreFactory

ALICE, BOB = 1_234_567_890_123_456_789, 42


async def test_armed_moved_fired_and_removed(make_store: StoreFactory) -> None:
    store = make_store("digest")
    await store.open()
    try:
        assert await store.turn_digest_timers() == []
        await store.arm_turn_digest(ALICE, 2000.0)
        await store.arm_turn_digest(BOB, 1500.0, sent_at=900.0)
        assert await store.turn_digest_timers() == [TurnDigestTimer(BOB, 1500.0, 900.0),
                                                    TurnDigestTimer(ALICE, 2000.0, None)]
        assert await store.turn_digest_timers(ALICE) == [TurnDigestTimer(ALICE, 2000.0)]
        # moved (a new hour or time zone): the last digest's time is kept
        await store.arm_turn_digest(BOB, 1700.5)
        assert await store.turn_digest_timers(BOB) == [TurnDigestTimer(BOB, 1700.5, 900.0)]
        # fired: only the timer still due when it fired is moved on
        assert await store.rearm_turn_digest(BOB, 1700.5, 88_100.5, 1700.5) is True
        assert await store.rearm_turn_digest(BOB, 1700.5, 99_999.0, 1800.0) is False
        assert await store.turn_digest_timers(BOB) == [TurnDigestTimer(BOB, 88_100.5, 1700.5)]
        # fired with nothing to hand over: the last digest's time stays
        assert await store.rearm_turn_digest(BOB, 88_100.5, 174_500.5, None) is True
        assert await store.turn_digest_timers(BOB) == [TurnDigestTimer(BOB, 174_500.5, 1700.5)]
        # removed (turned off): nothing left to fire, not even by a late compare-and-set
        assert await store.disarm_turn_digest(BOB) is True
        assert await store.disarm_turn_digest(BOB) is False
        assert await store.rearm_turn_digest(BOB, 174_500.5, 260_900.5, 1.0) is False
        assert await store.turn_digest_timers() == [TurnDigestTimer(ALICE, 2000.0)]
    finally:
        await store.close()
    again = make_store("digest")  # a restart keeps them
    await again.open()
    try:
        assert await again.turn_digest_timers() == [TurnDigestTimer(ALICE, 2000.0)]
    finally:
        await again.close()


async def test_another_process_hears_of_the_change(make_store: StoreFactory) -> None:
    """PostgreSQL: a write tells the other processes (NOTIFY hadara_timers), so the scheduler's
    owner reloads; SQLite is one process and tells nobody."""
    one, two = make_store("notify"), make_store("notify")
    await one.open()
    await two.open()
    heard: list[None] = []
    unlisten = two.listen_timers(lambda: heard.append(None))
    try:
        await one.arm_turn_digest(ALICE, 5000.0)
        await one.rearm_turn_digest(ALICE, 5000.0, 6000.0, 5000.0)
        await one.disarm_turn_digest(ALICE)
        for _ in range(300):
            if make_store.backend != POSTGRESQL or heard:
                break
            await asyncio.sleep(0.01)
        # (PostgreSQL folds the same notice sent together into one)
        assert bool(heard) == (make_store.backend == POSTGRESQL)
    finally:
        unlisten()
        await one.close()
        await two.close()


@pytest.mark.sqlite_only
async def test_a_database_from_before_0011_gets_the_table(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    s = SqliteStore(path)
    await s.open()
    await s.close()
    with sqlite3.connect(path) as db:  # as a bot of migration 0010 left it
        db.execute("DROP TABLE turn_digest_timers")
        db.execute("DROP INDEX leagues_guild_kind")  # 0012's
        db.execute("ALTER TABLE leagues DROP COLUMN kind")
        db.execute("PRAGMA user_version = 10")
    s = SqliteStore(path)
    await s.open()
    try:
        assert await s.schema_version() >= 11
        await s.arm_turn_digest(ALICE, 1.0)
        assert await s.turn_digest_timers() == [TurnDigestTimer(ALICE, 1.0)]
    finally:
        await s.close()
