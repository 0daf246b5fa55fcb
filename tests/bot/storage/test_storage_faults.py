"""Storage faults (docs/service.md, "Storage faults"): for every kind of write — actions, lobby
changes, timers and deadlines, settings, league results — a fault at the write is refused as
``storage_unavailable`` (typed, never a raw database error), leaves memory equal to storage,
acknowledges nothing that was not stored, and the next write succeeds once the fault is gone,
without a restart. Simulated faults run on every backend; real ones too: SQLite's full disk
(``PRAGMA max_page_count`` and, as root, a full tmpfs), a read-only and a locked database, an
I/O error at COMMIT, the file removed or replaced while running; PostgreSQL's backend
terminated mid-transaction and the server stopped and started again."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.league.recorder import Recorder
from bot.service import Refusal
from bot.service import service as service_module
from bot.storage import SqliteStore, StorageError
from bot.storage.base import RatedResult, StorageUnavailable, Store
from tests.support.pg import TempPostgres, missing
from tests.support.storage_helpers import (
    ALICE,
    BOB,
    HOST,
    Env,
    assert_memory_is_storage,
    make_env,
    move,
    play,
    stored,
    table,
)
from tests.support.stores import POSTGRESQL, SQLITE, StoreFactory


@contextlib.contextmanager
def broken(store: Store, *names: str, kind: str = "disk_full") -> Iterator[list[int]]:
    """While inside, the store's methods ``names`` raise StorageUnavailable(kind); yields
    the count of refused calls."""
    calls = [0]

    async def fail(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        raise StorageUnavailable(kind, f"simulated: {kind}")

    for name in names:
        setattr(store, name, fail)
    try:
        yield calls
    finally:
        for name in names:
            delattr(store, name)  # the class's method again


async def refused(call: Awaitable[Any], reason: str | None = None) -> Refusal:
    with pytest.raises(Refusal) as info:
        await call
    assert info.value.code == "storage_unavailable", info.value
    if reason is not None:
        assert info.value.reason == reason, info.value
    return info.value


async def next_move(env: Env, gid: int) -> tuple[int, str, dict[str, Any]]:
    """(user, decision id, action) of the first legal action of the first seat waited for."""
    await env.svc.idle(gid)
    w = (await env.svc.waiting(gid))[0]
    legal = (await env.svc.view(gid, w.seat))["private"]["legal_actions"]
    user = (await env.svc.load(gid)).record.seats[w.seat].user_id
    assert user is not None
    return user, w.decision_id, legal[0]


def storage_logs(caplog: pytest.LogCaptureFixture, level: int) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.levelno == level and "storage" in r.getMessage()]


# ---------------------------------------------------------------- every write, simulated


async def test_a_refused_move_changes_nothing_and_the_next_is_taken(
        make_store: StoreFactory) -> None:
    env = await make_env(make_store)
    try:
        gid = await table(env, time_control="24h")  # its timers are written with the moves
        await play(env, gid, 3)
        before = await stored(env.store, gid)
        timers = await env.store.timers(gid)
        published = len(env.updates)
        user, did, action = await next_move(env, gid)
        with broken(env.store, "write_actions") as calls:
            refusal = await refused(env.svc.submit(gid, user, did, action), "disk_full")
            assert calls[0] == 1
        assert "not taken" in refusal.message
        assert len(env.updates) == published  # nothing acknowledged, nothing published
        assert await stored(env.store, gid) == before
        assert await env.store.timers(gid) == timers
        assert sorted(t.id for t in env.svc.scheduler.of_game(gid)) == \
            sorted(t.id for t in timers)
        await assert_memory_is_storage(env, gid)
        update = await env.svc.submit(gid, user, did, action)  # the same move, taken now
        assert update.cause == "action"
        assert len((await stored(env.store, gid)).actions) > len(before.actions)
        await env.svc.idle(gid)
        await assert_memory_is_storage(env, gid)
    finally:
        await env.close()


async def _lobby(env: Env) -> int:
    gid = await env.svc.create(HOST, "Host", seats=4)
    await env.svc.join(gid, ALICE, "Alice")
    await env.svc.add_ai(gid, "random")
    return gid


LOBBY_CHANGES: dict[str, Callable[[Env, int], Awaitable[Any]]] = {
    "join": lambda env, gid: env.svc.join(gid, BOB, "Bob"),
    "leave": lambda env, gid: env.svc.leave(gid, ALICE),
    "add_ai": lambda env, gid: env.svc.add_ai(gid, "greedy"),
    "remove_ai": lambda env, gid: env.svc.remove_ai(gid, 2),
    "set_discord": lambda env, gid: env.svc.set_discord(gid, {"thread": 77}),
    "start": lambda env, gid: env.svc.start(gid, HOST),
    "abandon": lambda env, gid: env.svc.abandon(gid, HOST),
}


@pytest.mark.parametrize("change", list(LOBBY_CHANGES))
async def test_lobby_changes_under_a_fault(make_store: StoreFactory, change: str) -> None:
    env = await make_env(make_store)
    try:
        gid = await _lobby(env)
        before = await stored(env.store, gid)
        published = len(env.updates)
        with broken(env.store, "save_game"):
            await refused(LOBBY_CHANGES[change](env, gid))
        assert len(env.updates) == published
        assert await stored(env.store, gid) == before
        await assert_memory_is_storage(env, gid)
        await LOBBY_CHANGES[change](env, gid)  # works again, no restart
        await env.svc.idle(gid)
        await assert_memory_is_storage(env, gid)
    finally:
        await env.close()


async def test_creating_conceding_and_vacations_under_a_fault(make_store: StoreFactory) -> None:
    env = await make_env(make_store)
    try:
        with broken(env.store, "create_game"):
            await refused(env.svc.create(HOST, "Host"))
        assert await env.store.games_of_user(HOST) == []
        gid = await table(env)
        await play(env, gid, 2)
        with broken(env.store, "save_game"):
            await refused(env.svc.concede(gid, ALICE))
        await assert_memory_is_storage(env, gid)
        assert not any(s.conceded for s in (await env.svc.load(gid)).record.seats)
        with broken(env.store, "add_vacation"):
            await refused(env.svc.away(HOST, 2))
        assert await env.svc.away_until(HOST) is None and await env.store.vacations() == []
        with broken(env.store, "set_away_allowance"):
            await refused(env.svc.set_away_allowance(7, 10))
        assert await env.store.away_allowances() == {}
        # every one works again without a restart
        await env.svc.set_away_allowance(7, 10)
        assert await env.svc.away(HOST, 2) and await env.svc.away_until(HOST) is not None
        await env.svc.concede(gid, ALICE)
        await env.svc.idle(gid)
        await assert_memory_is_storage(env, gid)
    finally:
        await env.close()


async def test_deadlines_and_reminders_fire_once_the_fault_is_gone(
        make_store: StoreFactory) -> None:
    env = await make_env(make_store)
    try:
        gid = await table(env, time_control="1h")  # a reminder at 30 min, the deadline at 1 h
        await play(env, gid, 1)
        timers = await env.store.timers(gid)
        assert {t.kind for t in timers} == {"deadline", "reminder"}
        with broken(env.store, "change_timers"):
            await env.advance(1801)  # the reminder comes due: it cannot be deleted
        assert env.causes("reminder") == []
        assert await env.store.timers(gid) == timers
        await env.advance(6)  # the scheduler tries again: each user reminded once
        users = {t.payload["user"] for t in timers if t.kind == "reminder"}
        assert sorted(u.user for u in env.causes("reminder")) == sorted(users)
        before = await stored(env.store, gid)
        with broken(env.store, "write_actions") as calls:
            await env.advance(1800)  # the deadline: the AI's move cannot be stored
            assert calls[0] >= 1
        assert env.causes("deadline") == []
        assert await stored(env.store, gid) == before
        await assert_memory_is_storage(env, gid)
        assert {t.kind for t in await env.store.timers(gid)} == {"deadline"}
        await env.advance(6)
        [fired] = env.causes("deadline")
        assert fired.by and {b for _, b in fired.by} == {"deadline"}
        rows = (await stored(env.store, gid)).actions
        assert [r.submitted_by for r in rows[len(before.actions):]].count("deadline") >= 1
        await assert_memory_is_storage(env, gid)
    finally:
        await env.close()


async def test_settings_under_a_fault(make_store: StoreFactory) -> None:
    env = await make_env(make_store)
    try:
        with broken(env.store, "set_user_settings"), pytest.raises(StorageUnavailable):
            await env.svc.languages.choose(ALICE, "fr")
        assert await env.svc.languages.choice(ALICE) is None
        assert await env.store.get_user_settings(ALICE) == {}
        with broken(env.store, "set_guild_settings"), pytest.raises(StorageUnavailable):
            await env.svc.languages.set_guild(7, "ja")
        assert await env.svc.languages.for_guild(7) == "en"
        await env.svc.languages.choose(ALICE, "fr")
        await env.svc.languages.set_guild(7, "ja")
        assert await env.svc.languages.choice(ALICE) == "fr"
        assert (await env.store.get_guild_settings(7))["language"] == "ja"
    finally:
        await env.close()


@pytest.mark.sqlite_only
async def test_a_rated_result_refused_by_the_storage_is_recorded_when_it_is_back(
        make_store: StoreFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    env = await make_env(make_store)
    recorder = Recorder(env.svc)
    recorder.sleep = lambda delay: asyncio.sleep(0.001)
    original = env.store.record_result
    attempts: list[int] = []

    async def flaky(result: RatedResult, *args: Any, **kwargs: Any) -> bool:
        attempts.append(result.game_id)
        if len(attempts) <= 2:
            raise StorageUnavailable("disk_full", "simulated: disk full")
        return await original(result, *args, **kwargs)

    monkeypatch.setattr(env.store, "record_result", flaky)
    try:
        await recorder.start()
        gid = await env.svc.create(HOST, "Host", seats=2, rated=True)
        await env.svc.join(gid, ALICE, "Alice")
        await env.svc.start(gid, HOST)
        for user in (HOST, ALICE):  # the greedy AI plays both seats to the end
            await env.svc.concede(gid, user)
        for _ in range(600):
            await env.svc.idle(gid)
            if (await env.svc.load(gid)).record.status == "finished":
                break
            await asyncio.sleep(0.01)
        await recorder.idle()
        assert len(attempts) == 3  # refused twice, then stored, without a restart
        result = await env.store.rated_result(gid)
        assert result is not None and len(result.ranks) == 2
    finally:
        recorder.stop()
        await env.close()


# ---------------------------------------------------------------- memory never runs ahead


async def test_a_reader_never_sees_a_move_that_is_not_stored(make_store: StoreFactory) -> None:
    """While a move's write is in flight, readers (views, images, loads) see the stored game,
    and a write that then fails leaves everything as it was: the clone is swapped in only
    after the write succeeds (planting the swap before the write fails this test)."""
    env = await make_env(make_store)
    try:
        gid = await table(env)
        await play(env, gid, 2)
        version = (await env.svc.load(gid)).game.version  # type: ignore[union-attr]
        waiting = await env.svc.waiting(gid)
        entered, release = asyncio.Event(), asyncio.Event()

        async def slow(*args: Any, **kwargs: Any) -> Any:
            entered.set()
            await release.wait()
            raise StorageUnavailable("disk_full", "simulated: disk full")

        user, did, action = await next_move(env, gid)
        env.store.write_actions = slow  # type: ignore[method-assign]
        try:
            task = asyncio.create_task(env.svc.submit(gid, user, did, action))
            await entered.wait()
            snap = await env.svc.load(gid)  # a reader, while the write is in flight
            assert snap.game is not None and snap.game.version == version
            assert await env.svc.waiting(gid) == waiting
            release.set()
            await refused(task, "disk_full")
        finally:
            del env.store.write_actions  # type: ignore[method-assign]
        assert (await env.svc.load(gid)).game.version == version  # type: ignore[union-attr]
        await assert_memory_is_storage(env, gid)
        await env.svc.submit(gid, user, did, action)  # the very same move, accepted now
        await env.svc.idle(gid)
        await assert_memory_is_storage(env, gid)
    finally:
        await env.close()


# ---------------------------------------------------------------- real SQLite faults


@pytest.mark.sqlite_only
async def test_a_full_disk_refuses_every_write_of_the_group_and_recovers(
        make_store: StoreFactory, caplog: pytest.LogCaptureFixture) -> None:
    """``PRAGMA max_page_count`` gives SQLite's real SQLITE_FULL: concurrent moves of four
    games, group-committed, are either stored and acknowledged or refused and absent."""
    caplog.set_level(logging.INFO)
    env = await make_env(make_store)
    try:
        games = [await table(env, (HOST + i, ALICE + 10 + i)) for i in range(4)]
        db = env.store._db  # type: ignore[attr-defined]
        [(pages,)] = await db.execute_fetchall("PRAGMA page_count")
        await db.execute(f"PRAGMA max_page_count = {pages}")
        refusals: dict[int, tuple[int, str, dict[str, Any]]] = {}
        for _ in range(80):
            moves = {gid: await next_move(env, gid) for gid in games}
            got = await asyncio.gather(*(env.svc.submit(gid, *moves[gid]) for gid in games),
                                       return_exceptions=True)
            for gid, out in zip(games, got, strict=True):
                if isinstance(out, BaseException):
                    assert isinstance(out, Refusal), repr(out)
                    assert (out.code, out.reason) == ("storage_unavailable", "disk_full")
                    refusals[gid] = moves[gid]
                    assert (await stored(env.store, gid)).actions[-1].decision_id \
                        != moves[gid][1]  # refused: not stored
                else:
                    rows = (await stored(env.store, gid)).actions
                    assert moves[gid][1] in {r.decision_id for r in rows}  # acknowledged: stored
            if refusals:
                break
        assert refusals, "the disk never filled"
        for gid in games:
            await env.svc.idle(gid)
            await assert_memory_is_storage(env, gid)
        assert len(storage_logs(caplog, logging.ERROR)) == 1  # once per episode
        await db.execute("PRAGMA max_page_count = 1073741823")
        for gid, (user, did, action) in refusals.items():
            await env.svc.submit(gid, user, did, action)  # no restart needed
            await env.svc.idle(gid)
            await assert_memory_is_storage(env, gid)
        assert any("storage is back" in m for m in storage_logs(caplog, logging.INFO))
    finally:
        await env.close()


async def _read_only(env: Env, path: Path) -> Callable[[], Awaitable[None]]:
    db = env.store._db  # type: ignore[attr-defined]
    await db.execute("PRAGMA query_only = 1")

    async def undo() -> None:
        await db.execute("PRAGMA query_only = 0")
    return undo


async def _locked(env: Env, path: Path) -> Callable[[], Awaitable[None]]:
    db = env.store._db  # type: ignore[attr-defined]
    await db.execute("PRAGMA busy_timeout = 50")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the write lock

    async def undo() -> None:
        other.execute("ROLLBACK")
        other.close()
        await db.execute("PRAGMA busy_timeout = 5000")
    return undo


async def _io_error(env: Env, path: Path) -> Callable[[], Awaitable[None]]:
    def fail() -> None:
        exc = sqlite3.OperationalError("disk I/O error")
        exc.sqlite_errorcode = sqlite3.SQLITE_IOERR_WRITE  # type: ignore[attr-defined]
        exc.sqlite_errorname = "SQLITE_IOERR_WRITE"  # type: ignore[attr-defined]
        raise exc

    env.store.before_commit = fail  # type: ignore[attr-defined]

    async def undo() -> None:
        env.store.before_commit = None  # type: ignore[attr-defined]
    return undo


REAL_FAULTS = {"read_only": _read_only, "busy": _locked, "io_error": _io_error}


@pytest.mark.sqlite_only
@pytest.mark.parametrize("kind", list(REAL_FAULTS))
async def test_real_sqlite_faults_are_refused_and_pass(
        make_store: StoreFactory, kind: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    env = await make_env(make_store)
    try:
        gid = await table(env, time_control="24h")
        await play(env, gid, 2)
        lobby = await env.svc.create(HOST, "H")
        before = await stored(env.store, gid)
        undo = await REAL_FAULTS[kind](env, Path(make_store.location("games")))
        user, did, action = await next_move(env, gid)
        for _ in range(2):
            await refused(env.svc.submit(gid, user, did, action), kind)
        await refused(env.svc.join(lobby, ALICE, "A"), kind)
        await undo()
        await assert_memory_is_storage(env, lobby)
        assert await stored(env.store, gid) == before
        await assert_memory_is_storage(env, gid)
        errors = storage_logs(caplog, logging.WARNING if kind == "busy" else logging.ERROR)
        assert len(errors) == 1, errors  # one alert for the episode, not one per click
        await env.svc.submit(gid, user, did, action)
        await env.svc.idle(gid)
        await assert_memory_is_storage(env, gid)
        assert any("storage is back" in m for m in storage_logs(caplog, logging.INFO))
    finally:
        await env.close()


@pytest.mark.sqlite_only
@pytest.mark.parametrize("how", ["removed", "replaced"])
async def test_the_database_file_removed_or_replaced_while_running(
        make_store: StoreFactory, how: str, tmp_path: Path,
        caplog: pytest.LogCaptureFixture) -> None:
    path = Path(make_store.location("games"))
    env = await make_env(make_store)
    try:
        gid = await table(env)
        await play(env, gid, 2)
        before = await stored(env.store, gid)
        if how == "removed":
            path.unlink()
        else:
            other = tmp_path / "other.sqlite3"
            sqlite3.connect(other).close()
            os.replace(other, path)
        user, did, action = await next_move(env, gid)
        for _ in range(3):
            await refused(env.svc.submit(gid, user, did, action), "gone")
        gone = env.store.gone  # type: ignore[attr-defined]
        assert gone is not None and how in gone
        assert len([m for m in storage_logs(caplog, logging.ERROR) if "gone" in m]) == 1
        assert await stored(env.store, gid) == before  # what it still reads is what it had
    finally:
        await env.close()
    with pytest.raises(StorageError) as info:  # a restart never silently starts over
        await make_env(make_store)
    assert "restore" in str(info.value) and "--new-database" in str(info.value)
    fresh = SqliteStore(path, create=True)  # starting over on purpose
    await fresh.open()
    try:
        assert await fresh.game_ids(("lobby", "active", "finished", "abandoned")) == []
    finally:
        await fresh.close()


@pytest.mark.sqlite_only
async def test_a_full_tmpfs(make_store: StoreFactory, tmp_path: Path) -> None:
    """A real full disk: a 1 MiB tmpfs (root only, as CI runs), filled while a game plays."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a tmpfs needs root")
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(disk)],
                             capture_output=True, text=True)
    if mounted.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        store = SqliteStore(disk / "games.sqlite3")
        factory = StoreFactory(SQLITE, disk)
        await store.open()
        await store.close()
        env = await make_env(factory)
        try:
            gid = await table(env)
            await play(env, gid, 2)
            st = os.statvfs(disk)
            filler = disk / "filler"
            filler.write_bytes(b"\0" * max(0, st.f_bavail * st.f_frsize - 4096))
            got: Refusal | None = None
            for _ in range(200):
                user, did, action = await next_move(env, gid)
                try:
                    await env.svc.submit(gid, user, did, action)
                except Refusal as r:
                    got = r
                    break
            assert got is not None and got.code == "storage_unavailable"
            assert got.reason in ("disk_full", "io_error")
            await assert_memory_is_storage(env, gid)
            filler.unlink()
            await env.svc.submit(gid, user, did, action)
            await env.svc.idle(gid)
            await assert_memory_is_storage(env, gid)
        finally:
            await env.close()
    finally:
        subprocess.run(["umount", "-l", str(disk)], capture_output=True)


# ---------------------------------------------------------------- PostgreSQL


TRIGGER = """
CREATE TABLE fault (dying BOOLEAN NOT NULL);
INSERT INTO fault VALUES (FALSE);
CREATE FUNCTION die() RETURNS trigger AS $$
BEGIN
    IF (SELECT dying FROM fault) THEN
        PERFORM pg_terminate_backend(pg_backend_pid());
    END IF;
    RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER die BEFORE INSERT ON actions FOR EACH ROW EXECUTE FUNCTION die();
"""


async def test_a_connection_dropped_mid_transaction(pg_server: TempPostgres,
                                                    tmp_path: Path) -> None:
    """A trigger terminates the writing backend inside write_actions' transaction."""
    import asyncpg

    make_store = StoreFactory(POSTGRESQL, tmp_path, pg_server)
    env = await make_env(make_store)
    admin = await asyncpg.connect(str(make_store.location("games")))
    try:
        gid = await table(env)
        await play(env, gid, 2)
        await admin.execute(TRIGGER)
        before = await stored(env.store, gid)
        user, did, action = await next_move(env, gid)
        await admin.execute("UPDATE fault SET dying = TRUE")
        await refused(env.svc.submit(gid, user, did, action), "connection")
        await admin.execute("UPDATE fault SET dying = FALSE")
        assert await stored(env.store, gid) == before  # the transaction died: nothing stored
        await assert_memory_is_storage(env, gid)
        await env.svc.submit(gid, user, did, action)
        await env.svc.idle(gid)
        await assert_memory_is_storage(env, gid)
    finally:
        await admin.close()
        await env.close()
        make_store.drop()


def _pg_ctl(server: TempPostgres, *args: str) -> None:
    assert server.dir is not None
    server._call("pg_ctl", "-D", str(server.dir / "data"), "-l", str(server.dir / "log"), "-w",
                 "-o", f"-k {server.dir} -p {server.port} -c listen_addresses='' "
                 "-c max_connections=200", *args)


async def test_a_postgresql_server_stopped_and_started_again(tmp_path: Path) -> None:
    reason = missing()
    if reason:
        pytest.skip(reason)
    server = TempPostgres().start()  # its own server: the session's keeps running
    factory = StoreFactory(POSTGRESQL, tmp_path, server)
    env = await make_env(factory)
    try:
        gid = await table(env)
        await play(env, gid, 2)
        user, did, action = await next_move(env, gid)
        version = (await env.svc.load(gid)).game.version  # type: ignore[union-attr]
        _pg_ctl(server, "-m", "fast", "stop")
        await refused(env.svc.submit(gid, user, did, action), "connection")
        try:  # served from memory, or (the copy dropped) refused, typed
            snap = await env.svc.load(gid)
            assert snap.game is not None and snap.game.version == version
        except Refusal as r:
            assert (r.code, r.reason) == ("storage_unavailable", "connection")
        _pg_ctl(server, "start")
        for _ in range(3):  # the pool replaces its dead connections
            try:
                await env.svc.submit(gid, user, did, action)
                break
            except Refusal as r:
                assert r.code == "storage_unavailable", r
        else:
            raise AssertionError("the move was never taken after the restart")
        await env.svc.idle(gid)
        await assert_memory_is_storage(env, gid)
        await move(env, gid)
    finally:
        await env.close()
        server.stop()


async def test_playing_on_is_retried_after_a_fault_without_a_restart(
        make_store: StoreFactory) -> None:
    env = await make_env(make_store)
    try:
        gid = await env.svc.create(HOST, None, seats=2)  # two AI seats: it plays on alone
        await env.svc.add_ai(gid, "random")
        await env.svc.add_ai(gid, "random")
        with broken(env.store, "write_actions") as calls:
            await env.svc.start(gid, HOST)
            await env.svc.idle(gid)
            assert calls[0] == 1
        assert (await stored(env.store, gid)).actions == []
        await assert_memory_is_storage(env, gid)
        env.vt.now += service_module.STORAGE_RETRY + 1  # the retry's (virtual) wait
        for _ in range(1000):
            await asyncio.sleep(0.002)
            if len((await stored(env.store, gid)).actions) > 3:
                break
        assert len((await stored(env.store, gid)).actions) > 3
        await env.svc.abandon(gid, HOST)
        await env.svc.idle(gid)
        await assert_memory_is_storage(env, gid)
    finally:
        await env.close()
