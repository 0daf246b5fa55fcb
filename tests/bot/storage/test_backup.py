"""The database never starts over silently (its identity in ``meta`` and in the marker
``<file>.id``), backups a server admin can trust (``python -m bot backup`` / ``restore``:
SQLite's online backup API, every game replayed), and the admin's command line for damaged
games (``python -m bot --check`` lists them, ``python -m bot repair GAME``)."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot import __main__ as cli
from bot.config import Config
from bot.storage import SqliteStore, StorageError, open_store
from bot.storage.backup import identity_of, restore, unused
from bot.storage.migrate_verify import replay
from bot.storage.sqlite import marker_path, read_marker
from bot.verify import verify
from hadara import save
from hadara.content import default_catalog
from tests.support.storage_helpers import ALICE, BOB, HOST, make_env, move, play, stored, table
from tests.support.stores import SQLITE, StoreFactory

ALL = ("lobby", "active", "finished", "abandoned")


async def opened(path: Path, **kw: Any) -> SqliteStore:
    store = SqliteStore(path, **kw)
    await store.open()
    return store


# ---------------------------------------------------------------- identity


async def test_the_first_start_creates_the_database_and_its_marker(tmp_path: Path) -> None:
    path = tmp_path / "var" / "hadara.sqlite3"
    store = await opened(path)
    identity = store.identity
    gid = await store.create_game(_lobby())
    await store.close()
    assert identity and read_marker(path) == identity
    again = await opened(path)  # the same database: opens as before
    assert again.identity == identity and await again.game_ids(ALL) == [gid]
    await again.close()


async def test_a_missing_database_with_its_marker_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "hadara.sqlite3"
    store = await opened(path)
    first = store.identity
    await store.close()
    for companion in (path, path.with_name(path.name + "-wal"),
                      path.with_name(path.name + "-shm")):
        companion.unlink(missing_ok=True)
    with pytest.raises(StorageError) as info:
        await opened(path)
    text = str(info.value)
    assert "missing" in text and "python -m bot restore" in text and "--new-database" in text
    assert not path.exists()  # nothing was created
    fresh = await opened(path, create=True)  # on purpose
    assert fresh.identity != first and read_marker(path) == fresh.identity
    await fresh.close()


async def test_a_database_of_another_identity_is_refused_until_adopted(tmp_path: Path) -> None:
    path, elsewhere = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    first = await opened(path)
    await first.close()
    other = await opened(elsewhere)
    gid = await other.create_game(_lobby())
    await other.close()
    os.replace(elsewhere, path)  # someone copied another database over it
    with pytest.raises(StorageError) as info:
        await opened(path)
    assert "replaced" in str(info.value) and "--new-database" in str(info.value)
    adopted = await opened(path, create=True)
    assert await adopted.game_ids(ALL) == [gid] and read_marker(path) == adopted.identity
    await adopted.close()


async def test_a_copy_without_a_marker_keeps_its_identity(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite3"
    store = await opened(path)
    identity = store.identity
    await store.close()
    copy = tmp_path / "copy" / "a.sqlite3"
    copy.parent.mkdir()
    shutil.copy(path, copy)  # closed cleanly: the file alone is the database
    again = await opened(copy)
    assert again.identity == identity and read_marker(copy) == identity
    await again.close()


def test_new_database_flag_and_check_say_what_they_find(tmp_path: Path) -> None:
    """``--check`` refuses a database whose marker remains; ``--new-database`` starts over."""
    db = tmp_path / "hadara.sqlite3"
    config = Config(token="x", db=str(db))
    asyncio.run(cli.new_database(config))
    assert db.is_file() and read_marker(db)
    db.unlink()
    with pytest.raises(StorageError):
        asyncio.run(cli.check(config))
    lines = asyncio.run(cli.check(config, new_database=True))
    assert any("damaged games: none" in line for line in lines)


# ---------------------------------------------------------------- backup and restore


@pytest.mark.sqlite_only
async def test_a_backup_round_trips_a_database_with_active_games(
        make_store: StoreFactory, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    env = await make_env(make_store)
    games = [await table(env), await table(env, (BOB, ALICE), time_control="24h")]
    for gid in games:
        await play(env, gid, 5)
    lobby = await env.svc.create(HOST, "Host", seats=3)
    before = {gid: save.to_json(replay(await stored(env.store, gid), default_catalog()))
              for gid in games}
    live = Path(make_store.location("games"))
    env_file = tmp_path / "backup.env"
    env_file.write_text(f"HADARA_DB={live}\n")
    backup = tmp_path / "backups" / "hadara.sqlite3"
    try:
        # while the bot runs: SQLite's online backup API, then the copy is verified
        assert await asyncio.to_thread(cli.main, ["backup", str(backup), "--env-file",
                                                  str(env_file)]) == 0
        out = capsys.readouterr().out
        assert "3 games (2 replayed, 1 in the lobby)" in out and "verified" in out
        assert not marker_path(backup).exists()  # a backup is no live database
        inside = tmp_path / "inside.sqlite3"  # the same from inside the bot's process
        await env.store.backup(inside)  # type: ignore[attr-defined]
        copied = await verify(inside)
        assert copied.ok and (copied.games, copied.replayed) == (3, 2)
        with pytest.raises(StorageError):
            await env.store.backup(inside)  # type: ignore[attr-defined]  # never overwrites
        await play(env, games[0], 2)  # moves after the backup
    finally:
        await env.close()
    # restore elsewhere: verified, then put in place (the current database kept aside)
    target = tmp_path / "restored" / "hadara.sqlite3"
    target_env = tmp_path / "restored.env"
    target_env.write_text(f"HADARA_DB={target}\n")
    assert await asyncio.to_thread(cli.main, ["restore", str(backup), "--env-file",
                                                  str(target_env)]) == 0
    assert "run again with --yes" in capsys.readouterr().out and not target.exists()
    assert await asyncio.to_thread(cli.main, ["restore", str(backup), "--yes",
                                                  "--env-file", str(target_env)]) == 0
    assert "restored" in capsys.readouterr().out
    store = await opened(target)  # its marker names the restored database
    try:
        assert sorted(await store.game_ids(ALL)) == sorted([*games, lobby])
        for gid in games:
            assert save.to_json(replay(await stored(store, gid), default_catalog())) \
                == before[gid]  # every game replays identically
        assert await store.timers(games[1])  # the timers came along
    finally:
        await store.close()
    # restoring over the live database keeps it aside; refused while a store has it open
    keep = await opened(live)
    with pytest.raises(RuntimeError, match="stop it first"):
        restore(backup, live)
    await keep.close()
    kept = restore(backup, live)
    assert kept is not None and kept.is_file()
    report = await verify(kept)  # the database as it was before the restore
    assert report.ok and report.replayed == 2
    assert read_marker(live) == identity_of(live) == identity_of(backup)
    with unused(live):  # nobody holds the restored database
        assert not live.with_name(live.name + ".restoring").exists()


async def test_a_backup_that_does_not_replay_is_not_restored(tmp_path: Path) -> None:
    factory = StoreFactory(SQLITE, tmp_path)
    env = await make_env(factory)
    gid = await table(env)
    await play(env, gid, 4)
    await env.close()
    path = Path(factory.location("games"))
    backup = tmp_path / "bad.sqlite3"
    con = sqlite3.connect(path)
    con.execute("UPDATE actions SET seat = 7 WHERE seq = 2")
    con.commit()
    con.backup(sqlite3.connect(backup))
    con.close()
    report = await verify(backup)
    # the changed seat is found by the log's hash chain before any replay
    assert not report.ok and f"game {gid} does not replay: bad_chain: action 2" in report.text()
    target = tmp_path / "t" / "hadara.sqlite3"
    env_file = tmp_path / "t.env"
    env_file.write_text(f"HADARA_DB={target}\n")
    assert await asyncio.to_thread(cli.main, ["restore", str(backup), "--yes",
                                                  "--env-file", str(env_file)]) == 1
    assert not target.exists()


def test_postgresql_backups_point_at_pg_dump(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    env_file = tmp_path / "pg.env"
    env_file.write_text("HADARA_DB=postgresql://u:secret@db/hadara\n")
    assert cli.main(["backup", str(tmp_path / "x"), "--env-file", str(env_file)]) == 2
    err = capsys.readouterr().err
    assert "pg_dump" in err and "secret" not in err


# ---------------------------------------------------------------- --check and repair


@pytest.mark.sqlite_only
async def test_check_lists_damaged_games_and_repair_mends_one(
        make_store: StoreFactory, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    env = await make_env(make_store)
    gid = await table(env)
    await play(env, gid, 6)
    fine = await table(env, (BOB, ALICE))
    await env.close()
    live = Path(make_store.location("games"))
    con = sqlite3.connect(live)
    con.execute("DELETE FROM actions WHERE game_id = ? AND seq = 4", (gid,))
    con.commit()
    con.close()
    config = Config(token="x", db=str(live))
    lines = await cli.check(config)
    assert any(f"damaged game {gid} (found now): missing_row at action 4" in line
               for line in lines), lines
    assert not any(f"damaged game {fine}" in line for line in lines)
    env_file = tmp_path / "repair.env"
    env_file.write_text(f"HADARA_DB={live}\n")
    assert await cli._repair(config, gid, yes=True) == 0
    out = capsys.readouterr().out
    assert "missing_row at action 4" in out and "removes 1" in out
    assert f"repaired game {gid}: 1 actions removed" in out
    assert any("damaged games: none" in line for line in await cli.check(config))
    assert await cli._repair(config, gid, yes=True) == 0  # nothing to repair any more
    assert "not damaged" in capsys.readouterr().out
    env = await make_env(make_store)
    try:
        assert [a.seq for a in (await stored(env.store, gid)).actions] == [0, 1, 2, 3]
        await move(env, gid)  # plays on from its last valid action
    finally:
        await env.close()
    held = open_store(live)
    await held.open()
    try:  # one process per SQLite file: a running bot repairs from inside
        assert await cli._repair(config, gid, yes=True) == 2
    finally:
        await held.close()


def _lobby() -> Any:
    from bot.storage import GameRecord, SeatRecord

    return GameRecord(id=0, status="lobby", variant="basic", options={}, created_at=1.0,
                      updated_at=1.0, host_user_id=HOST,
                      seats=[SeatRecord(0, "Host", user_id=HOST)])
