"""The stores on real databases: migrations, round trips, one transaction per write,
concurrent writers, reopening.

The tests taking ``make_store`` run on every backend (``[sqlite]``, ``[pg]``: tests/conftest.py);
the ones marked ``sqlite_only`` are about SQLite itself: its PRAGMAs and file, its
``user_version`` migrations, the ``sqlite:///`` URLs."""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.storage import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    LOBBY,
    ActionRecord,
    GameRecord,
    SeatRecord,
    SqliteStore,
    StorageError,
    open_store,
    schema,
)
from bot.storage.base import Store
from bot.storage.schema import load_migrations, split_sql
from tests.support.stores import POSTGRES_MODULE, SQLITE, StoreFactory

NEWEST = len(load_migrations())
SNOWFLAKE = 1_234_567_890_123_456_789  # Discord ids are 64-bit


def game(status: str = LOBBY, *, host: int | None = SNOWFLAKE, **kw: object) -> GameRecord:
    seats = [SeatRecord(0, "Amira", user_id=SNOWFLAKE), SeatRecord(1, "Bahram", ai_level="greedy")]
    fields: dict = dict(id=0, status=status, variant="basic", options={"rated": True},
                        created_at=1000.0, updated_at=1000.0, host_user_id=host, seats=seats)
    fields.update(kw)
    return GameRecord(**fields)


def act(seq: int, seat: int = 0, at: float = 2000.0, **action: object) -> ActionRecord:
    return ActionRecord(seq, seat, action or {"type": "pick", "card": f"c{seq}"},
                        f"d{seq}", f"user:{seat}", at)


@pytest.fixture
async def store(make_store: StoreFactory) -> AsyncIterator[Store]:
    s = make_store("hadara")
    await s.open()
    yield s
    await s.close()


def integrity_error(backend: str) -> type[Exception]:
    """What the backend's driver raises for a broken constraint (NOT NULL, CHECK, UNIQUE,
    FOREIGN KEY): the store lets it through."""
    if backend == SQLITE:
        return sqlite3.IntegrityError
    import asyncpg

    return asyncpg.IntegrityConstraintViolationError


def newest_schema(backend: str) -> int:
    """The newest schema version of the backend's migrations."""
    if backend == SQLITE:
        return NEWEST
    from bot.storage import postgres

    return len(load_migrations(overrides=postgres.OVERRIDES_DIR))


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def user_version(path: Path) -> int:
    with raw(path) as db:
        return int(db.execute("PRAGMA user_version").fetchone()[0])


# ---------------------------------------------------------------- migrations


@pytest.mark.sqlite_only
async def test_fresh_file_migrates_to_newest_with_the_pragmas(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "h.sqlite3"  # the parent folder is created
    s = SqliteStore(path)
    await s.open()
    try:
        assert await s.schema_version() == NEWEST >= 2
        db = s._conn()
        pragmas = {}
        for name in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout"):
            async with db.execute(f"PRAGMA {name}") as cur:
                row = await cur.fetchone()
                assert row is not None
                pragmas[name] = row[0]
        assert pragmas == {"journal_mode": "wal", "synchronous": 2, "foreign_keys": 1,
                           "busy_timeout": 5000}
        tables = {r[0] for r in await db.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"games", "seats", "actions", "seat_messages", "user_settings",
                "content_versions"} <= tables
    finally:
        await s.close()
    assert user_version(path) == NEWEST
    s2 = SqliteStore(path)  # opening again migrates nothing
    await s2.open()
    assert await s2.schema_version() == NEWEST
    await s2.close()


@pytest.mark.sqlite_only
async def test_an_older_schema_is_migrated_and_its_data_kept(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    first = load_migrations()[0]
    assert first.version == 1
    with raw(path) as db:  # a database as the bot at schema 1 left it
        for statement in split_sql(first.sql):
            db.execute(statement)
        db.execute("PRAGMA user_version = 1")
        db.execute("INSERT INTO games (id, status, variant, options, setup, seed, discord,"
                   " created_at, updated_at) VALUES (7, 'active', 'basic', '{\"rated\":false}',"
                   " '{\"players\":[\"A\",\"B\"]}', 42, '{\"thread\":5}', 1.0, 2.0)")
        db.execute("INSERT INTO seats (game_id, seat, name, user_id) VALUES (7, 0, 'A', 11)")
        db.execute("INSERT INTO seats (game_id, seat, name, ai_level) VALUES (7, 1, 'B', 'random')")
        db.execute("INSERT INTO actions VALUES (7, 0, 0, '{\"type\":\"pass\"}', NULL, 'user:11', 3.0)")
    assert user_version(path) == 1

    s = SqliteStore(path)
    await s.open()
    try:
        assert await s.schema_version() == NEWEST
        stored = await s.load_game(7)
        assert stored is not None
        assert stored.record.status == ACTIVE and stored.record.seed == 42
        assert stored.record.setup == {"players": ["A", "B"]}
        assert stored.record.discord == {"thread": 5}
        assert [(x.seat, x.name, x.user_id, x.ai_level) for x in stored.record.seats] == [
            (0, "A", 11, None), (1, "B", None, "random")]
        assert stored.actions == [ActionRecord(0, 0, {"type": "pass"}, None, "user:11", 3.0)]
        assert await s.game_ids() == [7]
        assert await s.games_of_user(11, (ACTIVE,)) == [7]
        await s.save_content("v1", {"cards.json": "[]"})  # a table of migration 0002
        assert await s.load_content("v1") == {"cards.json": "[]"}
        new = await s.create_game(game())
        assert new == 8
    finally:
        await s.close()
    with raw(path) as db:
        indexes = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='index'")}
    assert {"games_status", "seats_user"} <= indexes


@pytest.mark.sqlite_only
async def test_a_newer_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    with raw(path) as db:
        db.execute("CREATE TABLE future (x)")
        db.execute(f"PRAGMA user_version = {NEWEST + 97}")
    s = SqliteStore(path)
    with pytest.raises(StorageError) as info:
        await s.open()
    assert str(info.value) == (f"database schema version {NEWEST + 97} is newer than this bot "
                               f"({NEWEST}); upgrade the bot")
    assert user_version(path) == NEWEST + 97
    with pytest.raises(StorageError, match="not open"):
        await s.load_game(1)


@pytest.mark.sqlite_only
async def test_a_failing_migration_is_rolled_back_entirely(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    migrations = tmp_path / "migrations"
    migrations.mkdir()
    for m in load_migrations():
        (migrations / m.name).write_text(m.sql)
    (migrations / f"{NEWEST + 1:04d}_broken.sql").write_text(
        "CREATE TABLE half (x);\nINSERT INTO half VALUES (1);\nINSERT INTO nowhere VALUES (2);\n")
    monkeypatch.setattr(schema, "MIGRATIONS_DIR", migrations)
    path = tmp_path / "m.sqlite3"
    s = SqliteStore(path)
    with pytest.raises(StorageError, match="broken.sql failed"):
        await s.open()
    assert user_version(path) == NEWEST  # the good ones committed, the broken one not at all
    with raw(path) as db:
        assert db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'half'").fetchone()[0] == 0


@pytest.mark.sqlite_only
def test_migration_files_are_numbered_without_gaps(tmp_path: Path) -> None:
    (tmp_path / "0001_a.sql").write_text("CREATE TABLE a (x);")
    (tmp_path / "0003_c.sql").write_text("CREATE TABLE c (x);")
    with pytest.raises(StorageError, match="expected 0002"):
        load_migrations(tmp_path)
    (tmp_path / "2_bad name.sql").write_text("")
    with pytest.raises(StorageError, match="NNNN_name.sql"):
        load_migrations(tmp_path)
    assert split_sql("-- c\nCREATE TABLE t (x TEXT DEFAULT ';');\n-- end\n") == [
        "-- c\nCREATE TABLE t (x TEXT DEFAULT ';');"]
    with pytest.raises(StorageError, match="incomplete"):
        split_sql("CREATE TABLE t (x)")


#: Migrations 0001–0008 exactly as deployed databases ran them (sha256): never edit a shipped
#: migration, add the next number. The PostgreSQL files are those dialect's overrides.
SHIPPED = {
    "migrations/0001_initial.sql":
        "5b0ebe4e51d2a176e7b9e512161137f40bcb69508002c693817283bf4ef78216",
    "migrations/0002_content_and_indexes.sql":
        "06c0e59e7dea73c02f89c9db5dc8e7c4d1830be5d4d48e17dec969fbd27f8b9e",
    "migrations/0003_timers.sql":
        "0ba10d24fa70a5ed0446bea62e565e46ee1518f9f7a0fd497f5508dbbdcaecdb",
    "migrations/0004_plans.sql":
        "65b63e34e7eca97ca12314343fa0cd431689cfe4671b23657b238e51fcdcd7ee",
    "migrations/0005_leagues.sql":
        "5a4edc91e3010131aaeb2404a329d6f20dceac0755bb92232ffe5bf76d25f71f",
    "migrations/0006_guild_settings.sql":
        "a88bc29a022737469880a8460df286467e0ab1f6f53515643c9c30a7bf396c42",
    "migrations/0007_damage_and_identity.sql":
        "6ffa6ca624953a10cb6aeee823c2c3644a649464963958a7096a85cc2bc33eda",
    "migrations/0008_followers.sql":
        "17ed958a1182e473e0ea85788f768f1bfbf96514d4f2ecb08aa8a5e25ab5942d",
    "migrations_pg/0001_initial.sql":
        "6eec7fcd069627475001a597537d00923e6ad4d7b21fa5df1b3761f476186f11",
    "migrations_pg/0002_content_and_indexes.sql":
        "bd8405321b824d282fa7d5191e81126435be9258a94fcc067d790d3796f10075",
    "migrations_pg/0003_timers.sql":
        "2d9f0b8f0da6b1025876d78b37e3a632efab6ebb598aef480ed26ee7a39dbd22",
    "migrations_pg/0004_plans.sql":
        "98811b07fa550d8dae5ec5972eb8b43536710b589b24790a48fb2d5a907b208a",
    "migrations_pg/0005_leagues.sql":
        "57e07117b23601111e36b88e0552052fb05251a191eaad1fa9d196f099c6805b",
    "migrations_pg/0006_guild_settings.sql":
        "2505d03e23ffe40871abd25eadbce2e5806a1a3af833ed557e202c84c916ae2a",
    "migrations_pg/0007_damage_and_identity.sql":
        "b49f1f87a0fbde732fa011d9eae006431c7af3c58afc19d4c12c2a74bed9ccb3",
    "migrations_pg/0008_followers.sql":
        "6f63389f8945da9b459803d956be6674cb0dd3dc5e32ce1d5e654bb241ece59d",
}


def test_shipped_migrations_are_unchanged_and_each_dialect_runs_its_own() -> None:
    from bot.storage.postgres import OVERRIDES_DIR

    folder = schema.MIGRATIONS_DIR.parent
    assert {name: hashlib.sha256((folder / name).read_bytes()).hexdigest()
            for name in SHIPPED} == SHIPPED
    lite = load_migrations()
    pg = load_migrations(overrides=OVERRIDES_DIR)
    assert [m.name for m in lite] == [m.name for m in pg]  # one numbering
    for m in lite:
        assert m.path == schema.MIGRATIONS_DIR / m.name
        assert m.sql == (schema.MIGRATIONS_DIR / m.name).read_text("utf-8")
    for m in pg:  # its override where there is one, else the shared file
        override = OVERRIDES_DIR / m.name
        expected = override if override.exists() else schema.MIGRATIONS_DIR / m.name
        assert m.path == expected and m.sql == expected.read_text("utf-8")
    assert [m.path for m in pg[:7]] == [OVERRIDES_DIR / m.name for m in lite[:7]]


def test_the_loader_takes_the_shared_list_and_a_dialects_overrides(tmp_path: Path) -> None:
    shared, overrides = tmp_path / "migrations", tmp_path / "migrations_pg"
    shared.mkdir()
    overrides.mkdir()
    (shared / "0001_a.sql").write_text("CREATE TABLE a (x INTEGER);")
    (shared / "0002_b.sql").write_text("CREATE TABLE b (x INTEGER);")
    (overrides / "0001_a.sql").write_text("CREATE TABLE a (x BIGINT);")
    assert [(m.version, m.sql) for m in load_migrations(shared)] == [
        (1, "CREATE TABLE a (x INTEGER);"), (2, "CREATE TABLE b (x INTEGER);")]
    assert [(m.version, m.sql, m.path) for m in load_migrations(shared, overrides)] == [
        (1, "CREATE TABLE a (x BIGINT);", overrides / "0001_a.sql"),  # the override
        (2, "CREATE TABLE b (x INTEGER);", shared / "0002_b.sql")]  # written once
    (overrides / "0003_c.sql").write_text("CREATE TABLE c (x INTEGER);")
    with pytest.raises(StorageError, match="0003_c.sql name no migration"):
        load_migrations(shared, overrides)  # a number of its own: refused


async def test_a_fresh_database_is_migrated_and_reopened_as_it_was(make_store: StoreFactory,
                                                                   backend: str) -> None:
    s = make_store("m")
    with pytest.raises(StorageError, match="not open"):
        await s.load_game(1)
    await s.open()
    try:
        assert await s.schema_version() == newest_schema(backend) >= 6  # type: ignore[attr-defined]
        game_id = await s.create_game(game(ACTIVE))
        await s.write_actions(game_id, [act(0)])
    finally:
        await s.close()
    s2 = make_store("m")  # opening again: the same version, the same data
    await s2.open()
    try:
        assert await s2.schema_version() == newest_schema(backend)  # type: ignore[attr-defined]
        stored = await s2.load_game(game_id)
        assert stored is not None and stored.actions == [act(0)]
        assert await s2.game_ids() == [game_id]
    finally:
        await s2.close()


# ---------------------------------------------------------------- round trips


async def test_a_game_record_round_trips_with_seats_and_discord_ids(store: Store) -> None:
    record = game(ACTIVE, seed=2**63 - 1, content_version="abc123", rules_version="r1",
                  setup={"players": ["Amira", "Bahram"], "decks": {"A": ["x", "y"]}},
                  discord={"guild": SNOWFLAKE, "channel": SNOWFLAKE + 1, "thread": SNOWFLAKE + 2,
                           "board_message": SNOWFLAKE + 3, "lobby_message": None})
    record.seats[1].conceded = True
    game_id = await store.create_game(record)
    stored = await store.load_game(game_id)
    assert stored is not None and stored.actions == []
    record.id = game_id
    assert stored.record == record

    record.status, record.updated_at = FINISHED, 1500.0
    record.seats = [SeatRecord(0, "Cyrus", ai_level="ismcts")]
    record.options = {"rated": False, "hints": "off"}
    await store.save_game(record)
    again = await store.load_game(game_id)
    assert again is not None and again.record == record
    assert await store.load_game(game_id + 1) is None
    with pytest.raises(StorageError, match="no game"):
        await store.save_game(game(id=999))


async def test_game_ids_and_games_of_user_filter_by_status(store: Store) -> None:
    ids = {}
    for status in (LOBBY, ACTIVE, FINISHED, ABANDONED, ACTIVE):
        ids.setdefault(status, []).append(await store.create_game(game(status)))
    assert await store.game_ids() == ids[ACTIVE]
    assert await store.game_ids((LOBBY, FINISHED)) == sorted(ids[LOBBY] + ids[FINISHED])
    assert await store.game_ids(()) == []
    assert await store.games_of_user(SNOWFLAKE) == sorted(ids[LOBBY] + ids[ACTIVE])
    assert await store.games_of_user(SNOWFLAKE, (ABANDONED,)) == ids[ABANDONED]
    assert await store.games_of_user(5) == []
    with pytest.raises(StorageError, match="unknown game status"):
        await store.game_ids(("running",))


async def test_settings_and_seat_messages(store: Store, backend: str) -> None:
    assert await store.get_user_settings(SNOWFLAKE) == {}
    await store.set_user_settings(SNOWFLAKE, {"dms": False, "language": "fr"})
    await store.set_user_settings(SNOWFLAKE, {"dms": True})
    assert await store.get_user_settings(SNOWFLAKE) == {"dms": True}

    game_id = await store.create_game(game())
    await store.set_seat_message(game_id, 0, "panel", SNOWFLAKE)
    await store.set_seat_message(game_id, 0, "dm", 5)
    await store.set_seat_message(game_id, 1, "panel", 6)
    await store.set_seat_message(game_id, 0, "panel", 7)
    await store.set_seat_message(game_id, 1, "panel", None)
    assert await store.seat_messages(game_id) == {(0, "panel"): 7, (0, "dm"): 5}
    with pytest.raises(integrity_error(backend)):  # foreign keys are on
        await store.set_seat_message(game_id + 1, 0, "panel", 1)


async def test_content_versions_are_kept(store: Store) -> None:
    files = {"cards.json": '[{"id": "x"}]', "statues.json": "[]", "README.md": "é ✓"}
    assert await store.load_content("v1") is None
    await store.save_content("v1", files)
    await store.save_content("v1", dict(files))  # the same again: fine
    assert await store.load_content("v1") == files
    with pytest.raises(StorageError, match="other files"):
        await store.save_content("v1", {"cards.json": "[]"})
    assert await store.load_content("v1") == files


# ---------------------------------------------------------------- the action log


async def test_write_actions_upserts_by_seq_and_touches_the_game(store: Store) -> None:
    game_id = await store.create_game(game())
    await store.write_actions(game_id, [act(0), act(1), act(2, seat=1, at=2500.0)], status=ACTIVE)
    stored = await store.load_game(game_id)
    assert stored is not None
    assert [a.seq for a in stored.actions] == [0, 1, 2]
    assert stored.record.status == ACTIVE and stored.record.updated_at == 2500.0

    # a replaced simultaneous pick overwrites its seq: the log keeps its size
    await store.write_actions(game_id, [act(2, seat=1, at=2600.0, type="pick", card="other")])
    stored = await store.load_game(game_id)
    assert stored is not None and len(stored.actions) == 3
    assert stored.actions[2] == ActionRecord(2, 1, {"type": "pick", "card": "other"}, "d2",
                                             "user:1", 2600.0)
    assert stored.record.status == ACTIVE and stored.record.updated_at == 2600.0

    await store.write_actions(game_id, [], status=FINISHED)  # a status change alone
    stored = await store.load_game(game_id)
    assert stored is not None and stored.record.status == FINISHED
    assert stored.record.updated_at >= 2600.0


async def test_a_failing_write_leaves_nothing_written(store: Store, backend: str) -> None:
    game_id = await store.create_game(game())
    await store.write_actions(game_id, [act(0), act(1)])
    before = await store.load_game(game_id)

    # not JSON: refused before anything is written
    with pytest.raises(TypeError):
        await store.write_actions(game_id, [act(2), ActionRecord(3, 0, {"x": object()}, None,
                                                                 "ai:greedy", 1.0)], ACTIVE)
    # rows that are not one run of seqs (a negative one, a gap) are refused inside the
    # transaction, after the game's row was touched: the whole write rolls back
    with pytest.raises(StorageError, match="gap"):
        await store.write_actions(game_id, [act(1, card="changed"), act(2), act(-1)], ACTIVE)
    with pytest.raises(StorageError, match="gap"):
        await store.write_actions(game_id, [act(0, card="changed"), act(3)], ACTIVE)
    with pytest.raises(StorageError, match="gap"):
        await store.write_actions(game_id, [act(3)], ACTIVE)
    with pytest.raises(StorageError, match="no game"):
        await store.write_actions(game_id + 1, [act(0)])
    assert await store.load_game(game_id) == before

    # save_game replaces the seats: a duplicate seat fails after the delete, nothing changes
    broken = game(FINISHED, id=game_id, seats=[SeatRecord(0, "A"), SeatRecord(0, "B")])
    with pytest.raises(integrity_error(backend)):
        await store.save_game(broken)
    assert await store.load_game(game_id) == before
    # a person and an AI in one seat is refused by the schema
    with pytest.raises(integrity_error(backend)):
        await store.create_game(game(seats=[SeatRecord(0, "A", user_id=1, ai_level="random")]))
    assert await store.game_ids((LOBBY, ACTIVE, FINISHED, ABANDONED)) == [game_id]

    # the store is still usable after all that
    await store.write_actions(game_id, [act(2)])
    stored = await store.load_game(game_id)
    assert stored is not None and len(stored.actions) == 3


async def test_concurrent_writes_all_land_and_survive_reopening(make_store: StoreFactory
                                                                ) -> None:
    s = make_store("c")
    await s.open()
    ids = await asyncio.gather(*(s.create_game(game(ACTIVE)) for _ in range(50)))
    assert sorted(ids) == list(range(1, 51))

    async def play(game_id: int) -> None:
        for turn in range(3):  # three batches per game, interleaved with every other game
            await s.write_actions(game_id, [act(2 * turn, at=game_id), act(2 * turn + 1)])
            loaded = await s.load_game(game_id)
            assert loaded is not None and len(loaded.actions) == 2 * turn + 2

    await asyncio.gather(*(play(i) for i in ids),
                         *(s.set_seat_message(i, 0, "panel", i) for i in ids),
                         s.set_user_settings(1, {"a": 1}), s.save_content("v", {"f": "x"}))
    await s.close()

    s2 = make_store("c")  # a new process would see exactly this
    await s2.open()
    try:
        assert await s2.game_ids() == sorted(ids)
        for game_id in ids:
            stored = await s2.load_game(game_id)
            assert stored is not None
            assert [a.seq for a in stored.actions] == list(range(6))
            assert stored.actions[4].at == game_id
            assert [x.name for x in stored.record.seats] == ["Amira", "Bahram"]
            assert await s2.seat_messages(game_id) == {(0, "panel"): game_id}
        assert await s2.get_user_settings(1) == {"a": 1}
        assert await s2.load_content("v") == {"f": "x"}
    finally:
        await s2.close()


# ---------------------------------------------------------------- coordination, factory


async def test_the_game_lock_is_exclusive_per_game(store: Store) -> None:
    inside: dict[int, int] = {1: 0, 2: 0}
    most: dict[int, int] = {1: 0, 2: 0}

    async def hold(game_id: int) -> None:
        async with store.lock(game_id):
            inside[game_id] += 1
            most[game_id] = max(most[game_id], inside[game_id])
            await asyncio.sleep(0)
            inside[game_id] -= 1

    async with store.lock(2):  # game 1 is not blocked by game 2
        await asyncio.wait_for(hold(1), 1)
    await asyncio.gather(*(hold(1 + i % 2) for i in range(20)))
    assert most == {1: 1, 2: 1}
    assert store._game_locks == {}  # type: ignore[attr-defined]  # dropped when unused


async def test_notify_reaches_listeners_until_they_unsubscribe(store: Store) -> None:
    seen: list[tuple[str, int, int]] = []

    def broken(game_id: int, version: int) -> None:
        raise RuntimeError("a bad listener")

    store.listen(broken)
    stop = store.listen(lambda g, v: seen.append(("a", g, v)))
    store.listen(lambda g, v: seen.append(("b", g, v)))
    store.notify(3, 10)
    stop()
    stop()
    store.notify(3, 11)
    assert seen == [("a", 3, 10), ("b", 3, 10), ("b", 3, 11)]


@pytest.mark.sqlite_only
async def test_open_store_picks_sqlite(tmp_path: Path) -> None:
    assert open_store(tmp_path / "a.db").path == tmp_path / "a.db"
    assert open_store(str(tmp_path / "a.db")).path == tmp_path / "a.db"
    assert open_store("sqlite:///var/x.sqlite3").path == Path("var/x.sqlite3")
    assert open_store(f"sqlite:///{tmp_path}/b.db").path == tmp_path / "b.db"
    with pytest.raises(StorageError, match="unknown database URL scheme"):
        open_store("mysql://x")
    memory = open_store("sqlite:///:memory:")
    await memory.open()
    try:
        game_id = await memory.create_game(game())
        await memory.write_actions(game_id, [act(0)])
        stored = await memory.load_game(game_id)
        assert stored is not None and len(stored.actions) == 1
    finally:
        await memory.close()


async def test_open_store_picks_postgresql() -> None:
    if not POSTGRES_MODULE.exists():
        pytest.skip("PostgresStore is not written yet (no bot/storage/postgres.py)")
    from bot.storage.postgres import PostgresStore

    url = "postgresql://bot@localhost/hadara"
    store = open_store(url)  # not opened: nothing connects yet
    assert isinstance(store, PostgresStore) and store.url == url


# ---------------------------------------------------------------- one store, two dialects


def test_each_dialect_rewrites_a_statement_once() -> None:
    from bot.storage.postgres import PostgresDialect
    from bot.storage.sqlite import SqliteDialect

    text = ("UPDATE g SET a = {greatest}(a, ?), s = 'x?''y'{bump} WHERE id = ? AND n = \"q?\""
            " RETURNING {revision}")
    pg, lite = PostgresDialect(), SqliteDialect()
    assert pg.sql(text) == ("UPDATE g SET a = GREATEST(a, $1), s = 'x?''y', revision ="
                            " revision + 1 WHERE id = $2 AND n = \"q?\" RETURNING revision")
    assert lite.sql(text) == ("UPDATE g SET a = max(a, ?), s = 'x?''y' WHERE id = ?"
                              " AND n = \"q?\" RETURNING NULL")
    assert pg.sql(text) is pg.sql(text)  # rewritten at its first use, then kept
    assert lite.sql("SELECT 1 WHERE 2 = ?") == "SELECT 1 WHERE 2 = ?"


@pytest.mark.sqlite_only
async def test_a_sqlite_body_that_suspends_is_refused_and_rolled_back(store: Store) -> None:
    """A SQLite transaction body runs to its end on the connection's thread: an await on
    anything but its Tx would suspend it there, which is refused (the write rolled back)."""
    async def write(tx: Any) -> None:
        await tx.execute("INSERT INTO user_settings (user_id, settings) VALUES (1, '{}')")
        await asyncio.sleep(0)

    with pytest.raises(RuntimeError, match="suspended"):
        await store._run(write, write=True)  # type: ignore[attr-defined]
    assert await store.get_user_settings(1) == {}
    with pytest.raises(RuntimeError, match="suspended"):
        await store._run(write)  # type: ignore[attr-defined]


async def test_a_duplicate_league_name_is_a_storage_error(store: Store) -> None:
    """On every backend (PostgreSQL: two processes creating the same league at once; the
    league service turns the StorageError into "there is already a league named …")."""
    from bot.storage.base import LeagueRecord, SeasonRecord

    await store.create_league(LeagueRecord(0, 1, "Cup", {}), SeasonRecord(0, 0, 1, "open", 1))
    with pytest.raises(StorageError, match="already has a league named 'Cup'"):
        await store.create_league(LeagueRecord(0, 1, "Cup", {}),
                                  SeasonRecord(0, 0, 1, "open", 1))
    assert [lg.name for lg in await store.leagues()] == ["Cup"]
    await store.create_league(LeagueRecord(0, 2, "Cup", {}), SeasonRecord(0, 0, 1, "open", 1))
