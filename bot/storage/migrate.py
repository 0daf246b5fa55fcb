"""Copy a SQLite database into an empty PostgreSQL database and verify the copy.

    python -m bot migrate-db --from sqlite:///var/hadara.sqlite3 --to postgresql://…

Stop the bot first: the source is read as one snapshot, but what the bot writes after it is
not copied. The steps:

1. **Open** both stores (``open_store``; each migrates its schema to the newest version — the
   source file too, as the bot would at start-up) and take one read snapshot of every table of
   the source. A source table this tool does not know, a target table that is missing or lacks
   a column, or **any row in any table of the target** (a game, a league, a setting …) is a
   refusal: exit code 2, nothing written.
2. **Copy.** The rows whose ids must stay what they are (games with their seats and full action
   logs, timers, vacations, leagues, seasons, rounds, league tables, season archives) go in ONE
   PostgreSQL transaction with ``COPY`` (which keeps identity columns' values), after which the
   identity sequences are set past the copied ids — past SQLite's ``sqlite_sequence`` too, so
   an id used once is never handed out again. The damage marks and the rows repairs removed
   (``damaged``, ``actions_backup``, migration 0007) are copied the same way; the source's
   identity (``meta``) is not: a database has its own. The rest goes through the :class:`Store`
   protocol (stored content versions, user and server settings, vacation allowances, seat
   messages, rated results, ratings, season members, the followers of games in play, the turn
   digests' timers). A failure on the way empties the target again (exit code 1).
3. **Verify** (:mod:`bot.storage.migrate_verify`): every game loaded from both stores and
   replayed to the same state, every table's row count, everything else read back through the
   protocol on both sides and compared.

The locations are read by :mod:`bot.storage.urls`; only their redacted forms are printed.

Exit codes: 0 copied and verified, 1 the copy or the verification failed, 2 refused (bad
arguments, a database that cannot be opened, a non-empty target).
"""

from __future__ import annotations

import asyncio
import importlib
import json
import sqlite3
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterable
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any
from urllib.parse import quote

from .base import FollowerRecord, MemberRecord, RatedResult, Rating, StorageError, Store
from .migrate_verify import Snapshot, Summary, verify
from .urls import POSTGRESQL, SQLITE, parse, redact, scrub

EXIT_OK, EXIT_FAILED, EXIT_REFUSED = 0, 1, 2

#: Copied with SQL (ids kept), in the order their foreign keys need.
SQL_TABLES = ("games", "seats", "actions", "timers", "vacations", "leagues", "league_seasons",
              "league_rounds", "league_tables", "league_archive")
#: Copied through the Store protocol (no id of their own to keep).
PROTOCOL_TABLES = ("content_versions", "user_settings", "guild_settings", "away_allowances",
                   "seat_messages", "rated_results", "ratings", "league_members", "followers",
                   "turn_digest_timers")
TABLES = SQL_TABLES + PROTOCOL_TABLES
#: Damaged games' marks and the rows repairs removed (migration 0007): copied with SQL after
#: the games, compared row for row (usually empty, hence apart from TABLES).
QUARANTINE_TABLES = ("damaged", "actions_backup")
#: Not copied: facts about the source database itself (its identity and the web page's
#: signing secret, ``meta``) and the web page's sessions (a moved bot signs its players in
#: again: a link made before the move no longer opens a page).
SKIPPED_TABLES = ("meta", "web_sessions")
#: Tables with an identity column ("id"): their sequences are set past the copied ids.
IDENTITY_TABLES = ("games", "timers", "vacations", "leagues", "league_seasons", "league_tables")
PROTOCOL_CONCURRENCY = 8  # protocol writes in flight at once


class MigrationRefused(Exception):
    """Nothing was written: bad arguments, a database that cannot be opened, a non-empty
    target, a schema this tool does not know (exit code 2)."""


class MigrationFailed(Exception):
    """The copy failed (the target was emptied again) or the verification found differences
    (exit code 1)."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = problems or []


# ---------------------------------------------------------------------- locations
# migrate-db's source file (bot/__main__.py reads HADARA_DB with bot.storage.urls)


def sqlite_path(url: str) -> Path:
    """The file of a SQLite path or ``sqlite:///path`` URL, as ``open_store`` opens it;
    :class:`MigrationRefused` for another URL or a throw-away database."""
    location = parse(url)
    if location.kind != SQLITE or location.path is None:
        raise MigrationRefused(f"bad SQLite URL {location.redacted!r}: expected sqlite:///path")
    if location.file is None:
        raise MigrationRefused(f"the source must be a SQLite file, not {location.redacted!r}")
    return location.file


async def schema_version(store: object) -> int | None:
    """The store's schema version, when it can tell."""
    method = getattr(store, "schema_version", None)
    if method is None:
        return None
    try:
        value = method()
        if asyncio.iscoroutine(value):
            value = await value
        return int(value)
    except Exception:
        return None


# ---------------------------------------------------------------------- the source snapshot


def read_snapshot(path: Path) -> Snapshot:
    """One consistent read of the source file (read-only; WAL gives a snapshot)."""
    con = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)
    try:
        con.execute("BEGIN")
        tables = [r[0] for r in con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            " ORDER BY name")]
        known = (*TABLES, *QUARANTINE_TABLES, *SKIPPED_TABLES)
        unknown = sorted(set(tables) - set(known))
        if unknown:
            raise MigrationRefused(f"the source has tables this tool does not know: "
                                   f"{', '.join(unknown)} (a newer bot? update it first)")
        missing = [t for t in (*TABLES, *QUARANTINE_TABLES) if t not in tables]
        if missing:
            raise MigrationRefused(f"the source lacks tables {', '.join(missing)}")
        columns: dict[str, list[str]] = {}
        rows: dict[str, list[tuple[Any, ...]]] = {}
        for table in (*TABLES, *QUARANTINE_TABLES):
            cur = con.execute(f'SELECT * FROM "{table}"')
            columns[table] = [d[0] for d in cur.description]
            rows[table] = [tuple(r) for r in cur.fetchall()]
        sequences: dict[str, int] = {}
        if con.execute("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").fetchone():
            sequences = {name: int(seq) for name, seq in
                         con.execute("SELECT name, seq FROM sqlite_sequence")}
        con.execute("COMMIT")
    finally:
        con.close()
    return Snapshot(columns, rows, sequences)


# ---------------------------------------------------------------------- the target


class Target:
    """A plain asyncpg connection to the target (the copy by COPY, counts, sequences)."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        self.types: dict[str, dict[str, str]] = {}  # table -> column -> data_type

    @classmethod
    async def connect(cls, url: str) -> Target:
        asyncpg = importlib.import_module("asyncpg")
        conn = await asyncpg.connect(parse(url).dsn)
        target = cls(conn)
        rows = await conn.fetch(
            "SELECT table_name, column_name, data_type FROM information_schema.columns"
            " WHERE table_schema = current_schema()")
        for r in rows:
            target.types.setdefault(r["table_name"], {})[r["column_name"]] = r["data_type"]
        return target

    async def close(self) -> None:
        await self.conn.close()

    def check_schema(self, snap: Snapshot) -> None:
        for table in (*TABLES, *QUARANTINE_TABLES):
            have = self.types.get(table)
            if have is None:
                raise MigrationRefused(f"the target has no table {table}")
            lacking = [c for c in snap.columns[table] if c not in have]
            if lacking:
                raise MigrationRefused(f"the target's table {table} lacks the columns "
                                       f"{', '.join(lacking)}")

    async def counts(self) -> dict[str, int]:
        out = {}
        for table in (*TABLES, *QUARANTINE_TABLES):
            out[table] = int(await self.conn.fetchval(f'SELECT count(*) FROM "{table}"'))
        return out

    async def copy(self, snap: Snapshot) -> None:
        """The SQL tables in one transaction, identity sequences set past the copied ids."""
        async with self.conn.transaction():
            for table in (*SQL_TABLES, *QUARANTINE_TABLES):
                cols = snap.columns[table]
                types = [self.types[table][c] for c in cols]
                records = [tuple(_to_pg(v, t) for v, t in zip(row, types, strict=True))
                           for row in snap.rows[table]]
                if records:
                    await self.conn.copy_records_to_table(table, records=records, columns=cols)
            for table in IDENTITY_TABLES:
                sequence = await self.conn.fetchval("SELECT pg_get_serial_sequence($1, 'id')",
                                                    table)
                if sequence is None:
                    continue  # not an identity/serial column here: nothing to move
                ids = [row[snap.columns[table].index("id")] for row in snap.rows[table]]
                top = max([0, snap.sequences.get(table, 0), *ids])
                if top > 0:
                    await self.conn.execute("SELECT setval($1, $2, true)", sequence, top)

    async def empty(self) -> None:
        """Remove every copied row again (the target was empty before)."""
        names = ", ".join(f'"{t}"' for t in (*TABLES, *QUARANTINE_TABLES))
        await self.conn.execute(f"TRUNCATE {names} RESTART IDENTITY CASCADE")


def _to_pg(value: Any, data_type: str) -> Any:
    """A SQLite value as asyncpg's binary COPY wants it for a column of ``data_type``."""
    if value is None:
        return None
    if data_type == "boolean":
        return bool(value)
    if data_type in ("double precision", "real"):
        return float(value)
    if data_type in ("bigint", "integer", "smallint"):
        return int(value)
    if data_type == "numeric":
        return Decimal(str(value))
    if data_type in ("text", "character varying", "json", "jsonb"):
        return value if isinstance(value, str) else json.dumps(value)
    if data_type == "timestamp with time zone":
        return datetime.fromtimestamp(float(value), UTC)
    return value


# ---------------------------------------------------------------------- the protocol copy


async def copy_protocol(snap: Snapshot, dst: Store) -> None:
    """The tables without ids of their own, through the Store protocol."""
    calls: list[Callable[[], Awaitable[object]]] = []
    for r in snap.dicts("content_versions"):
        calls.append(_call(dst.save_content, r["version"], json.loads(r["files"])))
    for r in snap.dicts("user_settings"):
        calls.append(_call(dst.set_user_settings, r["user_id"], json.loads(r["settings"])))
    for r in snap.dicts("guild_settings"):
        calls.append(_call(dst.set_guild_settings, r["guild_id"], json.loads(r["settings"])))
    for r in snap.dicts("away_allowances"):
        calls.append(_call(dst.set_away_allowance, r["guild_id"], float(r["days"])))
    for r in snap.dicts("seat_messages"):
        calls.append(_call(dst.set_seat_message, r["game_id"], r["seat"], r["kind"],
                           r["message_id"]))
    for r in snap.dicts("league_members"):
        calls.append(_call(dst.set_member, MemberRecord(
            r["season_id"], r["user_id"], r["name"], bool(r["active"]),
            float(r["joined_at"]))))
    for r in snap.dicts("followers"):
        calls.append(_call(dst.add_follower, FollowerRecord(
            r["game_id"], r["user_id"], float(r["followed_at"]))))
    for r in snap.dicts("turn_digest_timers"):
        calls.append(_call(dst.arm_turn_digest, r["user_id"], float(r["due"]),
                           None if r["sent_at"] is None else float(r["sent_at"])))
    ratings: dict[int, list[Rating]] = defaultdict(list)
    for r in snap.dicts("ratings"):
        ratings[r["guild_id"]].append(Rating(r["guild_id"], r["user_id"], float(r["mu"]),
                                             float(r["sigma"]), r["games"], r["wins"],
                                             float(r["updated_at"])))
    for guild, rows in ratings.items():
        calls.append(_call(dst.replace_ratings, guild, rows))

    async def record(result: RatedResult) -> None:
        if not await dst.record_result(result):
            raise StorageError(f"the target refused the rated result of game "
                               f"{result.game_id}")

    for r in snap.dicts("rated_results"):
        calls.append(_call(record, RatedResult(
            r["game_id"], r["guild_id"], float(r["finished_at"]), json.loads(r["ranks"]),
            bool(r["voided"]), r["voided_by"], float(r["recorded_at"]), r["final_hash"])))
    await _run_all(calls)


def _call(fn: Callable[..., Awaitable[object]], *args: object) -> Callable[[], Awaitable[object]]:
    return lambda: fn(*args)


async def _run_all(calls: list[Callable[[], Awaitable[object]]]) -> None:
    """Run the calls, a few at a time; the first failure is raised once all stopped."""
    it = iter(calls)
    errors: list[BaseException] = []

    async def worker() -> None:
        for call in it:
            if errors:
                return
            try:
                await call()
            except Exception as exc:
                errors.append(exc)
                return

    await asyncio.gather(*(worker() for _ in range(PROTOCOL_CONCURRENCY)))
    if errors:
        raise errors[0]


# ---------------------------------------------------------------------- the whole run


async def migrate(source: str, target: str, *,
                  progress: Callable[[str], None] | None = None) -> Summary:
    """Copy ``source`` (SQLite) into ``target`` (an empty PostgreSQL database) and verify it.

    Raises :class:`MigrationRefused` (nothing written) or :class:`MigrationFailed`; returns the
    summary, whose ``problems`` list the differences the verification found."""
    from . import open_store

    say = progress or (lambda _: None)
    started = time.perf_counter()
    summary = Summary(redact(source), redact(target))
    if parse(source).kind != SQLITE:
        raise MigrationRefused(f"--from must be a SQLite file (a path or sqlite:///path), not "
                               f"{redact(source)!r}")
    if parse(target).kind != POSTGRESQL:
        raise MigrationRefused(f"--to must be a PostgreSQL URL (postgresql://…), not "
                               f"{redact(target)!r}")
    path = sqlite_path(source)
    if not path.is_file():
        raise MigrationRefused(f"no SQLite database at {str(path)!r}")
    try:
        src = open_store(path)
        dst = open_store(target)
    except StorageError as exc:
        raise MigrationRefused(str(exc)) from exc
    opened: list[Store] = []
    target_conn: Target | None = None
    try:
        try:
            await src.open()
            opened.append(src)
        except Exception as exc:
            raise MigrationRefused(f"cannot open the source: {exc}") from exc
        try:
            await dst.open()
            opened.append(dst)
            target_conn = await Target.connect(target)
        except Exception as exc:
            raise MigrationRefused(scrub(f"cannot open the target {redact(target)}: "
                                         f"{type(exc).__name__}: {exc}", target)) from exc
        summary.source_schema = await schema_version(src)
        summary.target_schema = await schema_version(dst)
        snap = read_snapshot(path)
        target_conn.check_schema(snap)
        present = {t: n for t, n in (await target_conn.counts()).items() if n}
        if present:
            raise MigrationRefused(
                "the target database is not empty (" + ", ".join(
                    f"{n} {t}" for t, n in present.items())
                + "); migrate into a new, empty database")
        say(f"copying {len(snap.rows['games'])} games, {len(snap.rows['actions'])} actions …")
        try:
            await target_conn.copy(snap)
            await copy_protocol(snap, dst)
        except Exception as exc:
            problem = f"{type(exc).__name__}: {exc}"
            try:
                await target_conn.empty()
            except Exception as again:
                raise MigrationFailed(f"the copy failed ({problem}) and emptying the target "
                                      f"again failed too ({again}): drop and recreate the "
                                      "target database") from exc
            raise MigrationFailed(f"the copy failed ({problem}); the target was emptied "
                                  "again") from exc
        say("verifying …")
        try:
            await verify(snap, src, dst, await target_conn.counts(), summary)
        except Exception as exc:  # a store that cannot read back what it holds
            summary.problems.append(f"the verification stopped: {type(exc).__name__}: {exc}")
    finally:
        if target_conn is not None:
            await target_conn.close()
        for store in reversed(opened):
            await store.close()
        summary.seconds = time.perf_counter() - started
    return summary


def main(argv: Iterable[str]) -> int:
    """``python -m bot migrate-db --from sqlite:///path --to postgresql://…``."""
    import argparse
    import logging
    import sys

    ap = argparse.ArgumentParser(
        prog="python -m bot migrate-db",
        description="copy a SQLite database into a new, empty PostgreSQL database and verify "
        "that every game replays to the same state (stop the bot first)",
        epilog="exit codes: 0 copied and verified, 1 the copy or the verification failed, "
        "2 refused (bad arguments, a database that cannot be opened, a non-empty target)")
    ap.add_argument("--from", dest="source", required=True, metavar="SQLITE",
                    help="the source: a SQLite path or sqlite:///path")
    ap.add_argument("--to", dest="target", required=True, metavar="POSTGRESQL_URL",
                    help="the target: postgresql://user:password@host:port/database (empty)")
    ap.add_argument("--quiet", action="store_true", help="print only the summary")
    args = ap.parse_args(list(argv))
    logging.basicConfig(level="WARNING")

    def progress(line: str) -> None:
        if not args.quiet:
            print(line, flush=True)

    def error(line: str) -> None:  # a driver's message may quote a URL: no password in it
        print(scrub(line, args.source, args.target), file=sys.stderr)

    try:
        summary = asyncio.run(migrate(args.source, args.target, progress=progress))
    except MigrationRefused as exc:
        error(f"migrate-db: refused: {exc}")
        return EXIT_REFUSED
    except MigrationFailed as exc:
        error(f"migrate-db: FAILED: {exc}")
        for p in exc.problems:
            error(f"  {p}")
        return EXIT_FAILED
    except Exception as exc:  # anything else: a failure, reported without a traceback
        error(f"migrate-db: FAILED: {type(exc).__name__}: {exc}")
        return EXIT_FAILED
    print(summary.text())
    return EXIT_FAILED if summary.problems else EXIT_OK
