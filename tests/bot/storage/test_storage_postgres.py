"""PostgresStore on a throw-away server (tests/support/pg.py): its migrations, the same results as
SqliteStore for every core method, and what several processes share — the game lock and its
"changed elsewhere" callback, the NOTIFY notices, the scheduler's lock. Two PostgresStore
objects on one database stand for two processes."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import shutil
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.support.pg import TempPostgres, missing

REASON = missing()
if REASON is not None:
    pytest.skip(REASON, allow_module_level=True)

import asyncpg  # noqa: E402

from bot.storage import (  # noqa: E402
    ABANDONED,
    ACTIVE,
    FINISHED,
    LOBBY,
    ActionRecord,
    GameRecord,
    SeatRecord,
    SqliteStore,
    StorageError,
    Store,
    open_store,
    schema,  # noqa: E402
)
from bot.storage import postgres as postgres_module  # noqa: E402
from bot.storage.base import DEADLINE, REMINDER, TimerRecord, Vacation  # noqa: E402
from bot.storage.postgres import GAME_LOCKS, OVERRIDES_DIR, PostgresStore  # noqa: E402
from bot.storage.schema import load_migrations  # noqa: E402
from bot.storage.store import SqlStore  # noqa: E402
from bot.storage.urls import redact  # noqa: E402

NEWEST = len(load_migrations(overrides=OVERRIDES_DIR))
SNOWFLAKE = 1_234_567_890_123_456_789  # Discord ids are 64-bit
NOW = 5000.0  # both stores' clock


def game(status: str = LOBBY, **kw: Any) -> GameRecord:
    seats = [SeatRecord(0, "Amira", user_id=SNOWFLAKE), SeatRecord(1, "Bahram", ai_level="greedy")]
    fields: dict[str, Any] = dict(id=0, status=status, variant="basic", options={"rated": True},
                                  created_at=1000.0, updated_at=1000.0, host_user_id=SNOWFLAKE,
                                  seats=seats)
    fields.update(kw)
    return GameRecord(**fields)


def act(seq: int, seat: int = 0, at: float = 2000.0, **action: Any) -> ActionRecord:
    return ActionRecord(seq, seat, action or {"type": "pick", "card": f"c{seq}"},
                        f"d{seq}", f"user:{seat}", at)


def timer(game_id: int, due: float = 3000.0, kind: str = DEADLINE, seat: int = 0) -> TimerRecord:
    return TimerRecord(0, game_id, seat, kind, due, "d1", {"user": SNOWFLAKE, "base": 60.5})


async def until(check: Callable[[], bool], timeout: float = 5.0) -> None:
    """Wait for ``check()`` (a notice arriving from the server)."""
    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(0.01)


@pytest.fixture(scope="session")
def server(pg_server: TempPostgres) -> TempPostgres:
    """The session's throw-away server (tests/conftest.py), skipped with its reason."""
    return pg_server


_databases = itertools.count(1)


@pytest.fixture
def url(server: TempPostgres) -> str:
    # names of this module's own: the session's server also holds tests/conftest.py's
    # databases, named t<pid>_<n> too
    return server.create_database(f"storage_pg_{os.getpid()}_{next(_databases)}")


@pytest.fixture
async def store(url: str) -> AsyncIterator[PostgresStore]:
    s = PostgresStore(url, clock=lambda: NOW)
    await s.open()
    yield s
    await s.close()


@pytest.fixture
async def pair(url: str) -> AsyncIterator[tuple[PostgresStore, PostgresStore]]:
    """Two processes on one database."""
    a, b = PostgresStore(url), PostgresStore(url)
    await a.open()
    await b.open()
    yield a, b
    await a.close()
    await b.close()


async def sql(url: str, query: str, *args: Any) -> list[Any]:
    conn = await asyncpg.connect(url)
    try:
        return list(await conn.fetch(query, *args))
    finally:
        await conn.close()


def migration_messages(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == postgres_module.__name__ and "migrated" in r.getMessage()]


# ---------------------------------------------------------------- migrations


async def test_a_fresh_database_gets_sqlites_tables_and_columns(
        url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    assert ([m.name for m in load_migrations(overrides=OVERRIDES_DIR)]
            == [m.name for m in load_migrations()])  # one numbering
    caplog.set_level(logging.INFO, logger=postgres_module.__name__)
    s = PostgresStore(url)
    await s.open()
    try:
        assert await s.schema_version() == NEWEST
        game_id = await s.create_game(game())
    finally:
        await s.close()
    assert len(migration_messages(caplog)) == NEWEST

    pg_columns: dict[str, set[str]] = {}
    for table, column in await sql(url, "SELECT table_name, column_name FROM"
                                        " information_schema.columns WHERE table_schema ="
                                        " 'public'"):
        pg_columns.setdefault(table, set()).add(column)
    lite = SqliteStore(tmp_path / "x.sqlite3")
    await lite.open()
    await lite.close()
    with sqlite3.connect(tmp_path / "x.sqlite3") as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"
                                           " AND name NOT LIKE 'sqlite_%'")]
        lite_columns = {t: {r[1] for r in db.execute(f"PRAGMA table_info({t})")}
                        for t in tables}
    lite_columns["games"].add("revision")  # PostgreSQL only: what the lock compares
    lite_columns["schema_version"] = {"singleton", "version"}  # SQLite: PRAGMA user_version
    assert pg_columns == lite_columns

    # opening again migrates nothing and keeps the data
    caplog.clear()
    again = PostgresStore(url)
    await again.open()
    try:
        assert await again.schema_version() == NEWEST
        assert await again.game_ids((LOBBY,)) == [game_id]
    finally:
        await again.close()
    assert migration_messages(caplog) == []


async def test_a_newer_database_is_refused_and_left_alone(url: str) -> None:
    s = PostgresStore(url)
    await s.open()
    await s.close()
    await sql(url, "UPDATE schema_version SET version = $1", NEWEST + 1)
    with pytest.raises(StorageError, match="newer than this bot"):
        await s.open()
    assert s._pool is None  # nothing left open
    assert await sql(url, "SELECT version FROM schema_version") == [(NEWEST + 1,)]


async def test_processes_starting_together_migrate_once(
        url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger=postgres_module.__name__)
    stores = [PostgresStore(url) for _ in range(4)]
    await asyncio.gather(*(s.open() for s in stores))
    try:
        assert [await s.schema_version() for s in stores] == [NEWEST] * 4
    finally:
        await asyncio.gather(*(s.close() for s in stores))
    assert len(migration_messages(caplog)) == NEWEST


async def test_a_failing_migration_is_rolled_back_entirely(
        url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "migrations"  # a new shared migration (no PostgreSQL override)
    shutil.copytree(schema.MIGRATIONS_DIR, folder)
    (folder / f"{NEWEST + 1:04d}_broken.sql").write_text(
        "CREATE TABLE extra (x INTEGER);\nSELECT 1 / 0;\n")
    monkeypatch.setattr(schema, "MIGRATIONS_DIR", folder)
    s = PostgresStore(url)
    with pytest.raises(StorageError, match="_broken.sql failed: division by zero"):
        await s.open()
    assert await sql(url, "SELECT version FROM schema_version") == [(NEWEST,)]
    assert await sql(url, "SELECT to_regclass('extra')") == [(None,)]


# ---------------------------------------------------------------- the same results as SQLite


async def scenario(s: Store) -> list[tuple[Any, ...]]:
    """Every core method, refusals included; what each call returned or raised."""
    out: list[tuple[Any, ...]] = []

    async def call(label: str, result: Awaitable[Any]) -> Any:
        try:
            value = await result
        except StorageError as exc:
            out.append((label, "StorageError", str(exc)))
            return None
        except (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError):
            out.append((label, "integrity"))  # the database's own constraint
            return None
        out.append((label, value))
        return value

    seats = [SeatRecord(0, "Amira", user_id=SNOWFLAKE, strikes=1, bank=3600, votes=[5, 6]),
             SeatRecord(1, "Bahram", ai_level="ismcts", conceded=True,
                        plan={"kind": "phase_b", "steps": [1, 2]}),
             SeatRecord(2, "Cyrus ✓", user_id=SNOWFLAKE + 1, ai_takeover=True)]
    g1 = await call("create", s.create_game(game(
        ACTIVE, seed=2**63 - 1, content_version="abc", rules_version="r1", seats=seats,
        setup={"players": ["Amira", "Bahram", "Cyrus ✓"], "decks": {"A": ["x", "é"]}},
        discord={"guild": SNOWFLAKE, "thread": None}, created_at=1000, updated_at=1000.5)))
    g2 = await call("create lobby", s.create_game(game(LOBBY, options={})))
    await call("create finished", s.create_game(game(FINISHED, host_user_id=None)))
    await call("create abandoned", s.create_game(game(ABANDONED)))
    await call("load", s.load_game(g1))
    await call("load missing", s.load_game(999))

    # the action log: upsert by (game, seq), seat state, timers in the same transaction
    changed = replace(seats[1], strikes=2, ai_takeover=True, bank=12.5, votes=[SNOWFLAKE],
                      plan=None)
    ids = await call("write", s.write_actions(
        g1, [act(0), act(1, at=2000), act(2, seat=1, at=2500.0)], ACTIVE, seats=[changed],
        add_timers=[timer(g1), timer(g1, 2900.0, REMINDER, 2)]))
    await call("re-pick", s.write_actions(g1, [act(2, seat=1, at=2600.0, card="other")]))
    await call("status only", s.write_actions(g1, [], status=FINISHED))  # updated_at: clock
    await call("gap", s.write_actions(g1, [act(0, card="x"), act(5)]))
    await call("no game", s.write_actions(999, [act(0)]))
    await call("no seat", s.write_actions(g1, [], seats=[SeatRecord(7, "X")]))
    await call("bad status", s.write_actions(g1, [], status="running"))
    await call("bad kind", s.write_actions(g1, [], add_timers=[timer(g1, kind="alarm")]))
    await call("load after writes", s.load_game(g1))

    # save_game replaces the record and the seats, and changes timers
    lobby = game(ACTIVE, id=g2, seats=[SeatRecord(0, "Dara", user_id=7)], options={"h": 1},
                 discord={"board_message": SNOWFLAKE + 9}, updated_at=1200.0)
    await call("save", s.save_game(lobby, add_timers=[timer(g2, 2800.0)],
                                   delete_timers=[ids[0], 424242]))
    await call("save missing", s.save_game(game(id=999)))
    await call("load saved", s.load_game(g2))

    # timers
    await call("timers", s.timers())
    await call("timers of g1", s.timers(g1))
    new = await call("change", s.change_timers(add=[timer(g1, 2700.0), timer(g2, 2700.0)],
                                               delete=[ids[1], 31337]))
    await call("change nothing", s.change_timers())
    await call("move", s.move_timers([(new[0], 9000), (new[1], 8000.5)]))
    await call("timers moved", s.timers())

    # vacations and allowances
    v1 = await call("vacation", s.add_vacation(Vacation(0, SNOWFLAKE, 100.0, 200.0),
                                               dues=[(new[0], 9100.0)]))
    await call("vacation 2", s.add_vacation(Vacation(0, 7, 150, 400.0)))
    await call("back early", s.end_vacation(v1, 50.0, dues=[(new[1], 1.5)]))  # not before start
    await call("back missing", s.end_vacation(999, 1.0))
    await call("vacations", s.vacations())
    await call("vacations of one", s.vacations(SNOWFLAKE))
    await call("vacations since", s.vacations(since=150.0))
    await call("timers after vacations", s.timers())
    await call("allow 1", s.set_away_allowance(1, 10))
    await call("allow 2", s.set_away_allowance(SNOWFLAKE, 3.5))
    await call("allow 1 again", s.set_away_allowance(1, 12.25))
    await call("allow 3", s.set_away_allowance(3, 1))
    await call("unset 3", s.set_away_allowance(3, None))
    await call("allowances", s.away_allowances())

    # settings, seat messages, content
    await call("no settings", s.get_user_settings(SNOWFLAKE))
    await call("set user", s.set_user_settings(SNOWFLAKE, {"dms": False, "language": "fr"}))
    await call("set user again", s.set_user_settings(SNOWFLAKE, {"dms": True, "z": [1.5]}))
    await call("user", s.get_user_settings(SNOWFLAKE))
    await call("set guild", s.set_guild_settings(SNOWFLAKE, {"language": "de"}))
    await call("guild", s.get_guild_settings(SNOWFLAKE))
    await call("other guild", s.get_guild_settings(1))
    for seat, kind, message in ((0, "panel", SNOWFLAKE), (0, "dm", 5), (1, "panel", 6),
                                (0, "panel", 7), (1, "panel", None), (2, "dm", None)):
        await call(f"message {seat} {kind}", s.set_seat_message(g1, seat, kind, message))
    await call("messages", s.seat_messages(g1))
    await call("no messages", s.seat_messages(g2))
    files = {"cards.json": '[{"id": "x"}]', "statues.json": "[]", "README.md": "é ✓"}
    await call("no content", s.load_content("v1"))
    await call("content", s.save_content("v1", files))
    await call("content again", s.save_content("v1", dict(reversed(files.items()))))
    await call("other content", s.save_content("v1", {"cards.json": "[]"}))
    await call("load content", s.load_content("v1"))

    # games by status and by user
    await call("active", s.game_ids())
    await call("lobby or finished", s.game_ids((LOBBY, FINISHED)))
    await call("none", s.game_ids(()))
    await call("of user", s.games_of_user(SNOWFLAKE))
    await call("of user abandoned", s.games_of_user(SNOWFLAKE, (ABANDONED,)))
    await call("of seven", s.games_of_user(7))
    await call("of nobody", s.games_of_user(5))
    await call("bad statuses", s.game_ids(("running",)))

    # last (PostgreSQL's identities do not give back the ids of a rolled-back insert, SQLite's
    # AUTOINCREMENT does): the schema's own refusals, each rolled back entirely
    before = await s.load_game(g1)
    await call("message of no game", s.set_seat_message(999, 0, "panel", 1))
    await call("person and AI", s.create_game(game(seats=[SeatRecord(0, "A", user_id=1,
                                                                     ai_level="random")])))
    await call("duplicate seat", s.save_game(replace(lobby, id=g1, seats=[SeatRecord(0, "A"),
                                                                          SeatRecord(0, "B")])))
    await call("negative seq", s.write_actions(g1, [act(0, card="y"), act(-1)]))
    await call("timer of no game", s.change_timers(add=[timer(999)]))
    await call("unchanged", s.load_game(g1))
    assert (await s.load_game(g1)) == before
    return out


async def test_every_core_method_gives_what_sqlite_gives(url: str, tmp_path: Path) -> None:
    lite = SqliteStore(tmp_path / "same.sqlite3", clock=lambda: NOW)
    pg = PostgresStore(url, clock=lambda: NOW)
    await lite.open()
    await pg.open()
    try:
        expected = await scenario(lite)
        got = await scenario(pg)
    finally:
        await lite.close()
        await pg.close()
    assert [label for label, *_ in got] == [label for label, *_ in expected]
    for mine, theirs in zip(got, expected, strict=True):
        # repr: the same Python values, down to float vs int and key order
        assert repr(mine) == repr(theirs)
    errors = {label: rest for label, *rest in expected if rest and rest[0] in (
        "StorageError", "integrity")}
    assert set(errors) == {"gap", "no game", "no seat", "bad status", "bad kind",
                           "save missing", "back missing", "other content", "bad statuses",
                           "message of no game", "person and AI", "duplicate seat",
                           "negative seq", "timer of no game"}


async def test_read_write_and_clock_as_the_store_runs_on_them(store: PostgresStore) -> None:
    # every protocol method, the league and rating ones too, is the one store's (its SQL
    # written once), run on these connections
    assert isinstance(store, SqlStore)
    assert PostgresStore.create_league is SqlStore.create_league
    assert PostgresStore.write_actions is SqlStore.write_actions
    assert store.clock() == NOW
    async with store._write() as conn:
        await conn.execute("INSERT INTO user_settings (user_id, settings) VALUES (1, '{}')")
    with pytest.raises(RuntimeError):
        async with store._write() as conn:
            await conn.execute("INSERT INTO user_settings (user_id, settings) VALUES (2, '{}')")
            raise RuntimeError("rolled back")
    async with store._read() as conn:
        assert await conn.fetchval("SELECT array_agg(user_id) FROM user_settings") == [1]
    await store.close()
    with pytest.raises(StorageError, match="not open"):
        async with store._read():
            pass


# ---------------------------------------------------------------- several processes


async def test_the_lock_excludes_another_process(pair: tuple[PostgresStore,
                                                             PostgresStore]) -> None:
    a, b = pair
    game_id = await a.create_game(game(ACTIVE))
    entered = asyncio.Event()

    async def other() -> None:
        async with b.lock(game_id):
            entered.set()

    async with a.lock(game_id):
        waiting = asyncio.create_task(other())
        await asyncio.sleep(0.3)
        assert not entered.is_set()
        async with asyncio.timeout(2), b.lock(game_id + 1):  # another game is free
            pass
    await asyncio.wait_for(waiting, 5)

    inside, most = [0], [0]

    async def hold(s: PostgresStore) -> None:
        async with s.lock(game_id):
            inside[0] += 1
            most[0] = max(most[0], inside[0])
            await asyncio.sleep(0.005)
            inside[0] -= 1

    await asyncio.gather(*(hold(a if i % 2 else b) for i in range(20)))
    assert most == [1]
    assert a._game_locks == {} and b._game_locks == {}


async def test_one_task_may_lock_more_games_than_the_lock_pool_has(url: str) -> None:
    """The service locks all of a user's games at once (in id order) for a vacation."""
    s = PostgresStore(url)
    s.LOCK_CONNECTIONS = 2
    await s.open()
    other = PostgresStore(url)
    await other.open()
    try:
        ids = [await s.create_game(game(ACTIVE)) for _ in range(5)]
        async with asyncio.timeout(10), contextlib.AsyncExitStack() as stack:
            for game_id in ids:
                await stack.enter_async_context(s.lock(game_id))
            with pytest.raises(TimeoutError):  # all five are held
                async with asyncio.timeout(0.3), other.lock(ids[-1]):
                    pass
        async with asyncio.timeout(5), other.lock(ids[-1]), s.lock(ids[0]):
            pass  # all released, the pool usable
    finally:
        await s.close()
        await other.close()


async def test_a_task_started_under_a_lock_takes_its_locks_from_the_pool(
        url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A task started while a lock is held (an update's subscriber: updates are published
    under the game's lock) inherits the context but holds no lock: its own locks come from the
    lock pool, not from a connection opened for each (as a lock nested in the same task's)."""
    import bot.storage.postgres as pg

    opened: list[str] = []
    connect = pg.asyncpg.connect

    async def counted(*args: object, **kwargs: object) -> object:
        opened.append("connect")
        return await connect(*args, **kwargs)  # type: ignore[arg-type]

    s = PostgresStore(url)
    await s.open()
    try:
        a, b = [await s.create_game(game(ACTIVE)) for _ in range(2)]
        monkeypatch.setattr(pg.asyncpg, "connect", counted)
        async with asyncio.timeout(10):
            async with s.lock(a):
                async def other() -> None:
                    async with s.lock(b):
                        pass
                await asyncio.create_task(other())
            assert opened == []
            async with s.lock(a), s.lock(b):  # nested in one task: a connection of its own
                pass
            assert opened == ["connect"]
    finally:
        await s.close()


async def test_the_lock_reports_a_game_another_process_changed(
        pair: tuple[PostgresStore, PostgresStore]) -> None:
    a, b = pair
    seen: list[tuple[int, int]] = []
    inside: list[bool] = []
    a.listen(lambda g, v: seen.append((g, v)))
    game_id = await a.create_game(game(ACTIVE))
    await a.write_actions(game_id, [act(0)])  # its own writes are no news
    async with a.lock(game_id):
        pass
    assert seen == []

    async with b.lock(game_id):  # another process plays on
        stored = await b.load_game(game_id)
        assert stored is not None
        await b.write_actions(game_id, [act(1)])
    async with a.lock(game_id):
        inside.append(True)
        assert seen == [(game_id, -1)]  # told before the block runs, to reload now
        stored = await a.load_game(game_id)
        assert stored is not None and len(stored.actions) == 2
        await a.write_actions(game_id, [act(2)])
    async with a.lock(game_id):
        pass
    assert seen == [(game_id, -1)] and inside == [True]

    record = stored.record  # save_game in another process counts too
    record.discord = {"channel": SNOWFLAKE}
    await b.save_game(record)
    async with a.lock(game_id):
        assert len(seen) == 2

    # a write of its own that skipped another process's revision does not hide it
    await b.write_actions(game_id, [act(3)])
    await a.write_actions(game_id, [act(4)])
    async with a.lock(game_id):
        assert len(seen) == 3

    # a load outside the lock (a catch-up) that finds a newer game tells at once: the copy in
    # memory is stale even if this load does not replace it
    await b.write_actions(game_id, [act(5)])
    assert (await a.load_game(game_id)) is not None
    assert len(seen) == 4
    async with a.lock(game_id):
        assert len(seen) == 4

    # a game this process never read or wrote: nothing to drop
    other = await b.create_game(game())
    async with a.lock(other):
        pass
    assert seen == [(game_id, -1)] * 4


async def test_a_load_in_flight_across_a_lock_returns_the_current_game(
        pair: tuple[PostgresStore, PostgresStore]) -> None:
    """A service shares a load begun before its lock with the lock holder: the load must not
    return a game older than the one the lock found."""
    a, b = pair
    game_id = await a.create_game(game(ACTIVE))
    await a.write_actions(game_id, [act(0)])
    assert (await a.load_game(game_id)) is not None
    paused, resume = asyncio.Event(), asyncio.Event()
    reads = [0]
    real_read = a._read

    class Slow:  # the first snapshot stops after the game's row
        def __init__(self, conn: Any) -> None:
            self.conn = conn

        def __getattr__(self, name: str) -> Any:
            return getattr(self.conn, name)

        async def fetchrow(self, *args: Any) -> Any:
            row = await self.conn.fetchrow(*args)
            reads[0] += 1
            if reads[0] == 1:
                paused.set()
                await resume.wait()
            return row

    @contextlib.asynccontextmanager
    async def slow_read() -> AsyncIterator[Any]:
        async with real_read() as conn:
            yield Slow(conn)

    a._read = slow_read  # type: ignore[method-assign]
    loading = asyncio.create_task(a.load_game(game_id))  # e.g. a view, outside the lock
    await paused.wait()
    async with b.lock(game_id):  # meanwhile another process plays on
        await b.write_actions(game_id, [act(1)])
    async with a.lock(game_id):  # this process's lock finds the game changed …
        resume.set()
        stored = await loading  # … and the load it shares is read again
        assert stored is not None and len(stored.actions) == 2
    assert reads[0] == 2


async def test_two_processes_playing_one_game_keep_one_log(
        pair: tuple[PostgresStore, PostgresStore]) -> None:
    """What the service does: a cached copy per process, dropped on a notice, reloaded under
    the lock; 40 appends from two processes leave seqs 0..39, none written twice."""
    a, b = pair
    game_id = await a.create_game(game(ACTIVE))

    async def player(s: PostgresStore, name: str) -> None:
        cache: dict[int, int] = {}  # game -> its log's length as this process knows it
        s.listen(lambda g, v: cache.pop(g, None))
        for _ in range(20):
            async with s.lock(game_id):
                if game_id not in cache:
                    stored = await s.load_game(game_id)
                    assert stored is not None
                    cache[game_id] = len(stored.actions)
                seq = cache[game_id]
                await s.write_actions(game_id, [ActionRecord(seq, 0, {"n": seq}, None, name,
                                                             float(seq))])
                cache[game_id] = seq + 1
            await asyncio.sleep(0)

    await asyncio.gather(player(a, "a"), player(b, "b"))
    stored = await a.load_game(game_id)
    assert stored is not None
    assert [x.seq for x in stored.actions] == list(range(40))
    assert sorted(x.submitted_by for x in stored.actions) == ["a"] * 20 + ["b"] * 20


async def test_a_lock_dies_with_its_connection(url: str,
                                               pair: tuple[PostgresStore, PostgresStore],
                                               caplog: pytest.LogCaptureFixture) -> None:
    a, b = pair
    game_id = await a.create_game(game(ACTIVE))
    async with a.lock(game_id):
        await sql(url, "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE"
                       " locktype = 'advisory' AND classid = $1 AND objid = $2 AND database ="
                       " (SELECT oid FROM pg_database WHERE datname = current_database())",
                  GAME_LOCKS, game_id)  # as if a's process had died
        async with asyncio.timeout(5), b.lock(game_id):
            pass
    assert "lost while held" in caplog.text  # logged, not raised
    async with asyncio.timeout(5), a.lock(game_id), b.lock(game_id + 1):
        pass  # a's pool recovered


async def test_notices_reach_the_other_process(url: str,
                                               pair: tuple[PostgresStore, PostgresStore]) -> None:
    a, b = pair
    got_a: list[tuple[int, int]] = []
    got_b: list[tuple[int, int]] = []
    timers_a: list[int] = []
    timers_b: list[int] = []
    a.listen(lambda g, v: got_a.append((g, v)))
    b.listen(lambda g, v: got_b.append((g, v)))
    a.listen_timers(lambda: timers_a.append(1))
    b.listen_timers(lambda: timers_b.append(1))

    b.notify(5, 7)
    assert got_b == [(5, 7)]  # this process's listeners at once
    b.notify(5, 8)
    b.notify(6, -1)
    await until(lambda: len(got_a) == 3)
    assert got_a == [(5, 7), (5, 8), (6, -1)]  # in order

    async def settled() -> None:
        """Every notice b sent so far has reached a (they arrive in order)."""
        b.notify(0, len(got_a))
        mark = (0, len(got_a))
        await until(lambda: mark in got_a)

    # every write that changes timers tells the other processes, once it committed
    game_id = await b.create_game(game(ACTIVE))
    ids = await b.change_timers(add=[timer(game_id)])
    await until(lambda: len(timers_a) == 1)
    await b.write_actions(game_id, [act(0)], add_timers=[timer(game_id)])
    await until(lambda: len(timers_a) == 2)
    await b.move_timers([(ids[0], 4000.0)])
    await until(lambda: len(timers_a) == 3)
    vacation = await b.add_vacation(Vacation(0, 1, 10.0, 20.0))
    await until(lambda: len(timers_a) == 4)
    await b.end_vacation(vacation, 15.0)
    await until(lambda: len(timers_a) == 5)
    stored = await b.load_game(game_id)
    assert stored is not None
    await b.save_game(stored.record, delete_timers=ids)
    await until(lambda: len(timers_a) == 6)
    # writes without timers send none
    await b.write_actions(game_id, [act(1)])
    await b.save_game(stored.record)
    await b.change_timers()
    await settled()
    assert len(timers_a) == 6
    # a's own notices never come back to a
    await a.change_timers(add=[timer(game_id)])
    a.notify(9, 1)
    await until(lambda: (9, 1) in got_b and len(timers_b) == 1)
    await settled()
    assert got_a.count((9, 1)) == 1 and timers_a == [1] * 6
    assert timers_b == [1]

    # unsubscribed: no more calls
    stop = a.listen(lambda g, v: got_a.append((-g, v)))
    stop()
    stop()
    await settled()
    assert all(g >= 0 for g, _ in got_a)

    # the LISTEN connection lost: reconnected, and the timer listeners told (notices may have
    # been missed meanwhile)
    pid = a._listener.get_server_pid()
    await sql(url, "SELECT pg_terminate_backend($1)", pid)
    await until(lambda: len(timers_a) == 7)
    assert a._listener.get_server_pid() != pid
    await settled()


async def test_the_scheduler_is_held_by_one_process_until_it_closes(
        url: str, pair: tuple[PostgresStore, PostgresStore]) -> None:
    a, b = pair
    assert await a.claim_scheduler() is True
    assert await a.claim_scheduler() is True  # idempotent
    assert await b.claim_scheduler() is False
    assert await b.claim_scheduler() is False
    await a.close()
    assert await b.claim_scheduler() is True
    assert await b.claim_scheduler() is True

    # b's process dies (its scheduler connection with it): another one takes over
    c = PostgresStore(url)
    await c.open()
    try:
        assert await c.claim_scheduler() is False
        await sql(url, "SELECT pg_terminate_backend($1)", b._scheduler_conn.get_server_pid())
        assert await c.claim_scheduler() is True
        assert await b.claim_scheduler() is False  # b noticed, and c holds it now
    finally:
        await c.close()
    assert await b.claim_scheduler() is True


# ---------------------------------------------------------------- open_store


async def test_open_store_opens_postgresql_urls(url: str) -> None:
    for spelling in (url, url.replace("postgresql://", "postgres://"),
                     url.replace("postgresql://", "postgresql+asyncpg://"),
                     url.replace("postgresql://", "PostgreSQL://")):
        s = open_store(spelling)
        assert isinstance(s, PostgresStore) and s.url == url
    s = open_store(url)
    await s.open()  # what `python -m bot --check` does with HADARA_DB
    try:
        assert await s.game_ids() == []
    finally:
        await s.close()
    with pytest.raises(StorageError, match="unknown database URL scheme"):
        open_store("mysql://x")

    unreachable = PostgresStore("postgresql://bot:s3cret@/hadara?host=/nonexistent&port=1")
    with pytest.raises(StorageError, match="cannot connect") as refused:
        await unreachable.open()
    assert "s3cret" not in str(refused.value) and "bot:***@" in str(refused.value)
    assert redact("postgresql:///h?user=u&password=s3cret&port=5") == \
        "postgresql:///h?user=u&password=***&port=5"
