"""The followers of a game (migration 0008, issue 24 "Follow a game") on every store
(``[sqlite]``, ``[pg]``: tests/conftest.py): toggling in one transaction, 64-bit ids, the
counts (games in play only), forgetting, concurrent presses, reopening, and a database from before 0008."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import ACTIVE, FINISHED, GameRecord, SeatRecord, SqliteStore, StorageError
from bot.storage.base import FollowerRecord, Store
from bot.storage.schema import load_migrations
from tests.support.stores import StoreFactory

SNOWFLAKE = 1_234_567_890_123_456_789  # Discord ids are 64-bit
NEWEST = len(load_migrations())


def game() -> GameRecord:
    return GameRecord(id=0, status=ACTIVE, variant="basic", options={}, created_at=1000.0,
                      updated_at=1000.0, host_user_id=1,
                      seats=[SeatRecord(0, "Amira", user_id=1),
                             SeatRecord(1, "Bahram", ai_level="greedy")])


@pytest.fixture
async def store(make_store: StoreFactory) -> AsyncIterator[Store]:
    s = make_store("follow")
    await s.open()
    yield s
    await s.close()


async def test_toggle_add_list_count_and_forget(store: Store) -> None:
    a, b = await store.create_game(game()), await store.create_game(game())
    assert await store.followers(a) == []
    assert await store.toggle_follower(a, SNOWFLAKE, 1500.25) is True
    assert await store.toggle_follower(a, 7, 1501.0) is True
    assert await store.toggle_follower(b, SNOWFLAKE, 1502.0) is True
    assert await store.followers(a) == [FollowerRecord(a, SNOWFLAKE, 1500.25),
                                        FollowerRecord(a, 7, 1501.0)]
    assert await store.follower_count(SNOWFLAKE) == 2
    assert await store.follower_count(99) == 0
    # pressing again: no longer following (the others are left alone)
    assert await store.toggle_follower(a, SNOWFLAKE, 1600.0) is False
    assert [f.user_id for f in await store.followers(a)] == [7]
    assert await store.follower_count(SNOWFLAKE) == 1
    # add (the copy of migrate-db) is idempotent and keeps the time it is given
    assert await store.add_follower(FollowerRecord(a, SNOWFLAKE, 1400.5)) is True
    assert await store.add_follower(FollowerRecord(a, SNOWFLAKE, 1700.0)) is False
    assert await store.followers(a) == [FollowerRecord(a, SNOWFLAKE, 1400.5),
                                        FollowerRecord(a, 7, 1501.0)]
    assert [(f.game_id, f.user_id) for f in await store.followers()] == [
        (a, SNOWFLAKE), (a, 7), (b, SNOWFLAKE)]
    # the game ended: its followers are forgotten, the other game's stay
    assert await store.forget_followers(a) == 2
    assert await store.forget_followers(a) == 0
    assert await store.followers(a) == []
    assert await store.followers() == [FollowerRecord(b, SNOWFLAKE, 1502.0)]
    # only games in play count towards the games a user follows
    assert await store.follower_count(SNOWFLAKE) == 1
    ended = game()
    ended.id, ended.status = b, FINISHED
    await store.save_game(ended)
    assert await store.follower_count(SNOWFLAKE) == 0


async def test_an_unknown_game_is_refused_and_nothing_is_written(store: Store) -> None:
    with pytest.raises(StorageError, match="no game"):
        await store.toggle_follower(424242, 5, 1.0)
    with pytest.raises(StorageError, match="no game"):
        await store.add_follower(FollowerRecord(424242, 5, 1.0))
    assert await store.followers() == []


async def test_concurrent_presses_are_each_one_transaction(store: Store, backend: str) -> None:
    gid = await store.create_game(game())
    # twenty people follow at once: all of them follow
    got = await asyncio.gather(*(store.toggle_follower(gid, 100 + i, 2000.0 + i)
                                 for i in range(20)))
    assert got == [True] * 20
    assert sorted(f.user_id for f in await store.followers(gid)) == list(range(100, 120))
    # one person presses eleven times at once: never two rows, and the state stored is one
    # the presses answered. SQLite runs the writes one after the other: each press toggles,
    # the eleventh leaves them following. (PostgreSQL's presses racing each other in READ
    # COMMITTED may both find no row and both answer "following", which is what is stored.)
    states = await asyncio.gather(*(store.toggle_follower(gid, 5, 3000.0) for _ in range(11)))
    rows = [f for f in await store.followers(gid) if f.user_id == 5]
    assert len(rows) <= 1 and bool(rows) in states
    if backend == "sqlite":
        assert sorted(states) == [False] * 5 + [True] * 6 and rows


async def test_followers_survive_reopening(make_store: StoreFactory) -> None:
    s = make_store("reopen")
    await s.open()
    try:
        gid = await s.create_game(game())
        await s.toggle_follower(gid, SNOWFLAKE, 1234.5)
    finally:
        await s.close()
    s2 = make_store("reopen")
    await s2.open()
    try:
        assert await s2.followers(gid) == [FollowerRecord(gid, SNOWFLAKE, 1234.5)]
    finally:
        await s2.close()


@pytest.mark.sqlite_only
async def test_a_database_from_before_0008_gets_the_table(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    s = SqliteStore(path)
    await s.open()
    gid = await s.create_game(game())
    await s.close()
    with sqlite3.connect(path) as db:  # as a bot of migration 0007 left it
        db.execute("DROP TABLE followers")
        db.execute("DROP TABLE web_sessions")  # 0010's
        db.execute("DROP TABLE turn_digest_timers")  # 0011's
        db.execute("DROP INDEX leagues_guild_kind")  # 0012's
        db.execute("ALTER TABLE leagues DROP COLUMN kind")
        for table, column in (("actions", "hash"), ("games", "log_hash"),
                              ("actions_backup", "hash"), ("rated_results", "final_hash")):
            db.execute(f"ALTER TABLE {table} DROP COLUMN {column}")  # 0009's
        db.execute("PRAGMA user_version = 7")
    s = SqliteStore(path)
    await s.open()
    try:
        assert await s.schema_version() == NEWEST >= 8
        assert await s.toggle_follower(gid, SNOWFLAKE, 1.0) is True
        assert (await s.load_game(gid)) is not None  # the game kept
    finally:
        await s.close()
