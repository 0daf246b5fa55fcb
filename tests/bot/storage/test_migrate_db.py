"""``python -m bot migrate-db``: a SQLite database made by a simulated league season (plus a
lobby, a running timed game, settings, vacations, seat messages …) is copied into a fresh
PostgreSQL database; every table has the same rows, every game replays to the same state
through the service, new ids continue past the copied ones; a second run into the now
non-empty target is refused and changes nothing; bad URLs exit with code 2.

Skipped (with the reason) when no PostgreSQL server can be started (tests/support/pg.py).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.league.sim import InlineExecutor, simulate_season
from bot.service import GameService, ImageCache
from bot.storage import ActionRecord, GameRecord, SeatRecord, SqliteStore, open_store
from bot.storage.base import TimerRecord, Vacation
from bot.storage.migrate import TABLES, MigrationRefused, migrate
from bot.storage.urls import redact
from hadara import save
from hadara.engine import RULES_VERSION, Game
from hadara.views import spectator_view, view
from tests.support.pg import TempPostgres, missing

pytestmark = pytest.mark.skipif(missing() is not None, reason=str(missing()))

ROOT = Path(__file__).resolve().parents[3]
JSON_COLUMNS = {"options", "setup", "discord", "votes", "plan", "action", "payload", "files",
                "settings", "ranks", "seats", "result", "standings", "podium"}


@pytest.fixture(scope="session")
def server(pg_server: TempPostgres) -> TempPostgres:
    """The session's throw-away server (tests/conftest.py), skipped with its reason."""
    return pg_server


async def build_source(path: Path) -> None:
    """A simulated season (6 players, 2 rounds of two 3-seat tables: 4 rated, finished games
    in a league with ratings and an archived season), then what a season does not make."""
    await simulate_season(6, 2, 3, seed=3, path=path)
    store = SqliteStore(path)
    await store.open()
    try:
        now = 1_760_000_000.5
        # a lobby
        await store.create_game(GameRecord(
            id=0, status="lobby", variant="advanced", options={"seats": 4, "rated": False},
            created_at=now, updated_at=now, host_user_id=7,
            seats=[SeatRecord(0, "Seven", user_id=7), SeatRecord(1, "Greedy AI",
                                                                   ai_level="greedy")]))
        # a running timed game, part way, with time-control state, a plan and timers
        game = Game.new(["Ann", "Bob", "Cid"], "basic", 4242)
        assert game.setup is not None and game.log is not None
        for _ in range(9):
            d = next(d for d in game.decisions() if not d.committed)
            game.apply(d.seat, d.actions[-1], d.id)
        version = next(iter(await _content_versions(path)))
        gid = await store.create_game(GameRecord(
            id=0, status="active", variant="basic",
            options={"seats": 3, "time_control": {"kind": "deadline", "seconds": 3600.0,
                                                  "reminders": ["50%"], "strikes": 3}},
            created_at=now, updated_at=now, content_version=version,
            rules_version=RULES_VERSION, setup=game.setup.to_dict(), seed=4242,
            host_user_id=21, discord={"guild": 5, "channel": 6, "board_message": 77},
            seats=[SeatRecord(i, name, user_id=21 + i, strikes=i, bank=12.25 if i else None,
                              votes=[22] if i == 2 else [],
                              plan={"kind": "colony", "pick": 1} if i == 1 else None)
                   for i, name in enumerate(game.players)]))
        await store.write_actions(gid, [
            ActionRecord(i, e["seat"], e["action"], f"d{i + 1}", "user:21" if i % 2 else
                         "forced", now + i + 0.125) for i, e in enumerate(game.log)])
        ids = await store.change_timers([
            TimerRecord(0, gid, 0, "deadline", now + 3600, "d10", {"user": 21, "base": 1.5}),
            TimerRecord(0, gid, 0, "reminder", now + 1800, "d10", {"user": 21}),
            TimerRecord(0, gid, 1, "deadline", now + 3601, "d11", {"user": 22})])
        await store.change_timers(delete=[ids[-1]])  # sqlite_sequence runs past max(id)
        await store.set_seat_message(gid, 0, "panel", 9_000_000_000_000_001)
        await store.set_seat_message(gid, 1, "dm", 9_000_000_000_000_002)
        vid = await store.add_vacation(Vacation(0, 22, now - 86400, now + 86400))
        await store.end_vacation(vid, now)
        await store.add_vacation(Vacation(0, 23, now + 10, now + 20))
        await store.set_away_allowance(5, 14.5)
        await store.set_user_settings(21, {"dms": False, "language": "de"})
        await store.set_guild_settings(5, {"language": "fr"})
        await store.toggle_follower(gid, 9_000_000_000_000_003, now + 5)  # a spectator follows
        await store.arm_turn_digest(21, now + 7200.25, sent_at=now - 79200.5)  # a turn digest
        await store.arm_turn_digest(22, now + 3600)  # never sent yet
        # a voided result: the ratings are recomputed without it
        result = (await store.rated_results())[0]
        await store.void_result(result.game_id, True, 1, await store.ratings(result.guild_id))
    finally:
        await store.close()


async def _content_versions(path: Path) -> list[str]:
    con = sqlite3.connect(path)
    try:
        return [r[0] for r in con.execute("SELECT version FROM content_versions")]
    finally:
        con.close()


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("migrate") / "source.sqlite3"
    asyncio.run(build_source(path))
    return path


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "HADARA_"))}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "bot", "migrate-db", *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)


# ---------------------------------------------------------------------- reading both sides


def sqlite_rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        out = {}
        for table in TABLES:
            cur = con.execute(f"SELECT * FROM {table}")
            cols = [d[0] for d in cur.description]
            out[table] = sorted((_norm(dict(zip(cols, r, strict=True))) for r in cur),
                                key=repr)
        return out
    finally:
        con.close()


async def pg_rows(url: str, columns: dict[str, list[str]] | None = None
                  ) -> dict[str, list[tuple[Any, ...]]]:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        out = {}
        for table in TABLES:
            rows = await conn.fetch(f"SELECT * FROM {table}")
            cols = (columns or {}).get(table)
            out[table] = sorted((_norm({k: r[k] for k in (cols or r.keys())}) for r in rows),
                                key=repr)
        return out
    finally:
        await conn.close()


async def pg_sequences(url: str) -> dict[str, Any]:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        return {r["sequencename"]: r["last_value"] for r in await conn.fetch(
            "SELECT sequencename, last_value FROM pg_sequences")}
    finally:
        await conn.close()


def _norm(row: dict[str, Any]) -> tuple[Any, ...]:
    """A row comparable across both databases: JSON parsed, flags as ints, sorted by column."""
    out = []
    for k in sorted(row):
        v = row[k]
        if k in JSON_COLUMNS and isinstance(v, str):
            v = json.loads(v)
        elif isinstance(v, bool):
            v = int(v)
        out.append((k, json.dumps(v, sort_keys=True)))
    return tuple(out)


def source_columns(path: Path) -> dict[str, list[str]]:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return {t: [r[1] for r in con.execute(f"PRAGMA table_info({t})")] for t in TABLES}
    finally:
        con.close()


def digest(path: Path) -> str:
    return hashlib.sha256(repr(sqlite_rows(path)).encode()).hexdigest()


async def replayed(url: str) -> dict[int, Any]:
    """Every game as the service rebuilds it (None in the lobby): save, version, views."""
    store = open_store(url)
    await store.open()
    svc = GameService(store, ai_pool=InlineExecutor(), render_pool=InlineExecutor(),
                      image_cache=ImageCache(1 << 20))
    try:
        out: dict[int, Any] = {}
        for gid in await store.game_ids(("lobby", "active", "finished", "abandoned")):
            game = (await svc.load(gid)).game
            out[gid] = None if game is None else (
                save.to_json(game), game.version, spectator_view(game),
                [view(game, s) for s in range(game.n)])
        return out
    finally:
        await store.close()


# ---------------------------------------------------------------------- the tests


async def test_migration_copies_everything_and_every_game_replays(
        server: TempPostgres, source: Path) -> None:
    url = server.create_database()
    before = digest(source)
    out = run_cli("--from", f"sqlite:///{source}", "--to", url)
    assert out.returncode == 0, out.stdout + out.stderr
    print(out.stdout)
    assert "ok" in out.stdout.splitlines()[-1]
    assert "games verified: 5 replayed to the same state, 1 in the lobby" in out.stdout

    # every table: the same rows (ids, seqs, submitted_by, times, JSON, flags)
    src = sqlite_rows(source)
    dst = await pg_rows(url, source_columns(source))
    for table in TABLES:
        assert len(dst[table]) == len(src[table]), table
        assert dst[table] == src[table], table
        assert f"  {table} " in out.stdout  # its counts are in the summary
    assert len(src["games"]) == 6 and len(src["actions"]) > 300
    assert all(src[t] for t in TABLES), [t for t in TABLES if not src[t]]

    # every game, rebuilt by the service from each store, is in the same state
    a, b = await replayed(f"sqlite:///{source}"), await replayed(url)
    assert a.keys() == b.keys() and len(a) == 6
    for gid in a:
        assert a[gid] == b[gid], gid
    assert sum(v is not None for v in b.values()) == 5
    assert digest(source) == before  # the source is only read

    # a second run into the now non-empty target is refused and changes nothing
    rows, seqs = await pg_rows(url), await pg_sequences(url)
    again = run_cli("--from", f"sqlite:///{source}", "--to", url)
    assert again.returncode == 2, again.stdout + again.stderr
    assert "not empty" in again.stderr and "games" in again.stderr
    assert await pg_rows(url) == rows and await pg_sequences(url) == seqs


async def test_new_ids_continue_past_the_copied_ones(server: TempPostgres,
                                                     source: Path) -> None:
    url = server.create_database()
    summary = await migrate(str(source), url)
    assert not summary.problems, summary.problems
    src = sqlite_rows(source)
    con = sqlite3.connect(source)
    try:
        seq = dict(con.execute("SELECT name, seq FROM sqlite_sequence").fetchall())
        top = {t: con.execute(f"SELECT max(id) FROM {t}").fetchone()[0]
               for t in ("games", "timers", "leagues")}
    finally:
        con.close()
    assert seq["timers"] > top["timers"]  # a deleted timer: its id is never handed out again
    store = open_store(url)
    await store.open()
    try:
        gid = await store.create_game(GameRecord(0, "lobby", "basic", {}, 1.0, 1.0))
        assert gid == max(seq["games"], top["games"]) + 1
        [tid] = await store.change_timers([TimerRecord(0, gid, 0, "reminder", 5.0)])
        assert tid == seq["timers"] + 1
        vid = await store.add_vacation(Vacation(0, 99, 1.0, 2.0))
        assert vid == len(src["vacations"]) + 1
    finally:
        await store.close()


async def test_a_target_with_only_a_setting_is_refused(server: TempPostgres,
                                                       source: Path) -> None:
    url = server.create_database()
    store = open_store(url)
    await store.open()
    try:
        await store.set_guild_settings(1, {"language": "en"})
    finally:
        await store.close()
    rows = await pg_rows(url)
    with pytest.raises(MigrationRefused, match="not empty.*guild_settings"):
        await migrate(f"sqlite:///{source}", url)
    assert await pg_rows(url) == rows


def test_bad_urls_exit_with_code_2(server: TempPostgres, source: Path,
                                   tmp_path: Path) -> None:
    url = server.create_database()
    cases = [
        ("--from", f"sqlite:///{tmp_path}/missing.sqlite3", "--to", url),  # no such file
        ("--from", f"sqlite:///{source}", "--to", "mysql://localhost/hadara"),
        ("--from", f"sqlite:///{source}", "--to", f"sqlite:///{tmp_path}/x.sqlite3"),
        ("--from", url, "--to", url),  # the source must be SQLite
        ("--from", f"sqlite:///{source}", "--to", server.url("no_such_database")),
        ("--from", f"sqlite:///{source}",),  # --to missing
        ("--from", "sqlite:/", "--to", url),
    ]
    for args in cases:
        out = run_cli(*args)
        assert out.returncode == 2, (args, out.stdout, out.stderr)
        assert out.stderr.strip(), args
    assert not (tmp_path / "missing.sqlite3").exists()  # never created by the attempt
    assert table_names(url) == []  # not even a schema was written
    # a password is never printed
    out = run_cli("--from", f"sqlite:///{source}", "--to",
                  "postgresql://bob:s3cret-pw@127.0.0.1:1/hadara")
    assert out.returncode == 2 and "s3cret-pw" not in out.stdout + out.stderr
    assert redact("postgresql://bob:s3cret-pw@h:5/db") == "postgresql://bob:***@h:5/db"


def table_names(url: str) -> list[str]:
    async def names() -> list[str]:
        import asyncpg

        conn = await asyncpg.connect(url)
        try:
            return [r[0] for r in await conn.fetch(
                "SELECT table_name FROM information_schema.tables"
                " WHERE table_schema = current_schema()")]
        finally:
            await conn.close()

    return asyncio.run(names())


def test_a_difference_fails_the_verification_and_a_failed_copy_is_undone(
        server: TempPostgres, source: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from bot.storage import migrate as m

    copy = m.Target.copy

    async def corrupting_copy(self: m.Target, snap: m.Snapshot) -> None:
        await copy(self, snap)
        await self.conn.execute("UPDATE actions SET at = at + 1 WHERE game_id = 1 AND seq = 3")
        await self.conn.execute("DELETE FROM league_archive")

    monkeypatch.setattr(m.Target, "copy", corrupting_copy)
    url = server.create_database()
    assert m.main(["--from", str(source), "--to", url]) == 1
    out = capsys.readouterr().out
    # the changed time is caught by the target's hash chain as it loads the game
    assert "verification FAILED" in out and "game 1: " in out
    assert "action 3 does not match its hash" in out
    assert "table league_archive: 1 rows in the source, 0 in the target" in out

    async def failing_protocol_copy(snap: m.Snapshot, dst: Any) -> None:
        await dst.set_user_settings(1, {"x": 1})
        raise RuntimeError("disk full")

    monkeypatch.setattr(m.Target, "copy", copy)
    monkeypatch.setattr(m, "copy_protocol", failing_protocol_copy)
    url = server.create_database()
    assert m.main(["--from", str(source), "--to", url]) == 1
    err = capsys.readouterr().err
    assert "disk full" in err and "emptied again" in err
    assert all(not rows for rows in asyncio.run(pg_rows(url)).values())
