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
   messages, rated results, ratings, season members, the followers of games in play). A
   failure on the way empties the target again (exit code 1).
3. **Verify.** Every game is loaded from both stores (record, seats and action log must be
   equal) and replayed as the game service replays it (``hadara.save`` with the catalog of its
   stored content version): the save (``hadara.save.to_json``), the game's version and every
   view (spectator's and each seat's) must be the same. The row count of every table must match,
   and everything else is read back through the protocol on both sides and compared.

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
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlsplit, urlunsplit

from .base import (
    FollowerRecord,
    MemberRecord,
    RatedResult,
    Rating,
    StorageError,
    Store,
    StoredGame,
)

EXIT_OK, EXIT_FAILED, EXIT_REFUSED = 0, 1, 2

#: Copied with SQL (ids kept), in the order their foreign keys need.
SQL_TABLES = ("games", "seats", "actions", "timers", "vacations", "leagues", "league_seasons",
              "league_rounds", "league_tables", "league_archive")
#: Copied through the Store protocol (no id of their own to keep).
PROTOCOL_TABLES = ("content_versions", "user_settings", "guild_settings", "away_allowances",
                   "seat_messages", "rated_results", "ratings", "league_members", "followers")
TABLES = SQL_TABLES + PROTOCOL_TABLES
#: Damaged games' marks and the rows repairs removed (migration 0007): copied with SQL after
#: the games, compared row for row (usually empty, hence apart from TABLES).
QUARANTINE_TABLES = ("damaged", "actions_backup")
#: Not copied: facts about the source database itself (its identity, ``meta``).
SKIPPED_TABLES = ("meta",)
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


@dataclass
class Summary:
    source: str
    target: str
    counts: dict[str, tuple[int, int]] = field(default_factory=dict)  # table: (source, target)
    games: int = 0
    replayed: int = 0  # started games whose replays matched
    lobby: int = 0  # games not started (nothing to replay; record compared)
    warnings: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    source_schema: int | None = None
    target_schema: int | None = None
    seconds: float = 0.0

    def text(self) -> str:
        lines = [f"migrate-db: {self.source} -> {self.target}"]
        if self.source_schema is not None or self.target_schema is not None:
            lines.append(f"schema versions: source {_or_unknown(self.source_schema)}, target "
                         f"{_or_unknown(self.target_schema)}")
        width = max([len(t) for t in self.counts] + [5])
        lines.append(f"  {'table':<{width}}  {'source':>8}  {'target':>8}")
        for table, (src, dst) in self.counts.items():
            mark = "" if src == dst else "  MISMATCH"
            lines.append(f"  {table:<{width}}  {src:>8}  {dst:>8}{mark}")
        lines.append(f"games verified: {self.replayed} replayed to the same state, "
                     f"{self.lobby} in the lobby compared, of {self.games}")
        lines += [f"warning: {w}" for w in self.warnings]
        lines += [f"PROBLEM: {p}" for p in self.problems[:50]]
        if len(self.problems) > 50:
            lines.append(f"… and {len(self.problems) - 50} more problems")
        lines.append(f"{'verification FAILED' if self.problems else 'ok'} "
                     f"({self.seconds:.2f} s)")
        return "\n".join(lines)


def _or_unknown(value: int | None) -> str:
    return "unknown" if value is None else str(value)


# ---------------------------------------------------------------------- URLs


def redact(url: str) -> str:
    """A database URL or path fit to print: a password is replaced by ``***``."""
    text = str(url).strip()
    if "://" not in text:
        return text
    try:
        parts = urlsplit(text)
    except ValueError:
        return "<unparsable URL>"
    if parts.password is None:
        return text
    netloc = parts.netloc.rsplit("@", 1)
    user = netloc[0].split(":", 1)[0]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc[1]}"))


def kind_of(url: str | Path) -> str:
    """``"sqlite"`` or ``"postgresql"`` (as ``open_store`` decides), or ``"unknown"``."""
    if isinstance(url, Path):
        return "sqlite"
    scheme, sep, _ = url.strip().partition("://")
    if not sep:
        return "sqlite"
    scheme = scheme.lower()
    if scheme == "sqlite":
        return "sqlite"
    if scheme in ("postgresql", "postgres") or scheme.startswith("postgresql+"):
        return "postgresql"
    return "unknown"


def sqlite_path(url: str) -> Path:
    """The file of a SQLite path or ``sqlite:///path`` URL (as ``open_store`` reads it)."""
    text = url.strip()
    scheme, sep, rest = text.partition("://")
    if not sep:
        path = text
    else:
        if scheme.lower() != "sqlite" or not rest.startswith("/") or rest == "/":
            raise MigrationRefused(f"bad SQLite URL {text!r}: expected sqlite:///path")
        path = rest[1:]
    if not path or path == ":memory:":
        raise MigrationRefused(f"the source must be a SQLite file, not {text!r}")
    return Path(unquote(path))


def asyncpg_dsn(url: str) -> str:
    """The URL asyncpg accepts (``postgresql+asyncpg://`` loses its driver suffix)."""
    text = url.strip()
    scheme, _, rest = text.partition("://")
    return "postgresql://" + rest if scheme.lower().startswith("postgresql+") else text


async def schema_version(store: Any) -> int | None:
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


@dataclass
class Snapshot:
    """Every table of the source, read in one transaction: column names and rows."""

    columns: dict[str, list[str]]
    rows: dict[str, list[tuple[Any, ...]]]
    sequences: dict[str, int]  # sqlite_sequence: the highest id ever handed out per table

    def dicts(self, table: str) -> list[dict[str, Any]]:
        cols = self.columns[table]
        return [dict(zip(cols, row, strict=True)) for row in self.rows[table]]


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
        conn = await asyncpg.connect(asyncpg_dsn(url))
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
    calls: list[Callable[[], Awaitable[Any]]] = []
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
            bool(r["voided"]), r["voided_by"], float(r["recorded_at"]))))
    await _run_all(calls)


def _call(fn: Callable[..., Awaitable[Any]], *args: Any) -> Callable[[], Awaitable[Any]]:
    return lambda: fn(*args)


async def _run_all(calls: list[Callable[[], Awaitable[Any]]]) -> None:
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


# ---------------------------------------------------------------------- verification


def replay(stored: StoredGame, catalog: Any) -> Any:
    """The game the service rebuilds from a stored game (``GameService._read``)."""
    from hadara import save

    rec = stored.record
    data = {"format": save.FORMAT, "content_version": rec.content_version,
            "rules_version": rec.rules_version, "setup": rec.setup, "seed": rec.seed,
            "actions": [{"seat": a.seat, "action": a.action} for a in stored.actions]}
    return save.from_dict(data, catalogs={catalog.version: catalog})


def game_state(game: Any) -> dict[str, Any]:
    """What must be equal after a replay: the save, the version and every view."""
    from hadara import save
    from hadara.views import spectator_view, view

    return {"save": save.to_json(game), "version": game.version,
            "spectator": spectator_view(game),
            "views": [view(game, s) for s in range(game.n)]}


async def replayed_state(stored: StoredGame, catalogs: Any) -> dict[str, Any]:
    """The replayed game's state, or ``{"error": …}`` when it does not replay."""
    try:
        catalog = await catalogs.get(stored.record.content_version)
        return game_state(replay(stored, catalog))
    except Exception as exc:
        return {"error": f"{type(exc).__name__}: {exc}"}


def _diff(a: Any, b: Any, where: str = "") -> str:
    """The first place where two values differ (for the report)."""
    if hasattr(a, "__dataclass_fields__") and type(a) is type(b):
        for name in a.__dataclass_fields__:
            x, y = getattr(a, name), getattr(b, name)
            if x != y:
                return _diff(x, y, f"{where}.{name}")
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k) != b.get(k):
                return _diff(a.get(k), b.get(k), f"{where}[{k!r}]")
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        if len(a) != len(b):
            return f"{where}: {len(a)} items vs {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _diff(x, y, f"{where}[{i}]")
    return f"{where or 'value'}: {_short(a)} vs {_short(b)}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."


async def verify(snap: Snapshot, src: Store, dst: Store, target: Target,
                 summary: Summary) -> None:
    """Compare the target with the source; differences go to ``summary.problems``."""
    from .content import Catalogs

    problems = summary.problems
    counts = await target.counts()
    for table in (*TABLES, *QUARANTINE_TABLES):
        summary.counts[table] = (len(snap.rows[table]), counts[table])
        if counts[table] != len(snap.rows[table]):
            problems.append(f"table {table}: {len(snap.rows[table])} rows in the source, "
                            f"{counts[table]} in the target")

    src_catalogs, dst_catalogs = Catalogs(src), Catalogs(dst)
    game_ids = sorted(r[0] for r in snap.rows["games"])
    summary.games = len(game_ids)
    for gid in game_ids:
        a, b = await src.load_game(gid), await dst.load_game(gid)
        if a is None or b is None:
            problems.append(f"game {gid}: missing in the {'source' if a is None else 'target'}")
            continue
        if a != b:
            problems.append(f"game {gid}: stored data differs: {_diff(a, b, 'game')}")
            continue
        if a.record.setup is None:
            summary.lobby += 1
            continue
        sa = await replayed_state(a, src_catalogs)
        sb = await replayed_state(b, dst_catalogs)
        if sa != sb:
            problems.append(f"game {gid}: replays differently: {_diff(sa, sb, 'state')}")
        elif "error" in sa:
            summary.warnings.append(f"game {gid} does not replay in the source either: "
                                    f"{sa['error']}")
        else:
            summary.replayed += 1

    checks: list[tuple[str, Callable[[Store], Awaitable[Any]]]] = [
        ("game ids", lambda s: s.game_ids(("lobby", "active", "finished", "abandoned"))),
        ("timers", lambda s: s.timers()),
        ("vacations", lambda s: s.vacations()),
        ("away allowances", lambda s: s.away_allowances()),
        ("rated results", lambda s: s.rated_results()),
        ("unrecorded rated games", lambda s: s.unrecorded_rated_games()),
        ("leagues", lambda s: s.leagues()),
        ("damaged games", lambda s: s.damaged_games()),
        ("followers", lambda s: s.followers()),
    ]
    for gid in game_ids:
        checks.append((f"seat messages of game {gid}", _bind(lambda s, g: s.seat_messages(g),
                                                             gid)))
    for version in _column(snap, "content_versions", "version"):
        checks.append((f"content version {version}", _bind(lambda s, v: s.load_content(v),
                                                           version)))
    for user in _column(snap, "user_settings", "user_id"):
        checks.append((f"settings of user {user}",
                       _bind(lambda s, u: s.get_user_settings(u), user)))
    for guild in _column(snap, "guild_settings", "guild_id"):
        checks.append((f"settings of server {guild}",
                       _bind(lambda s, g: s.get_guild_settings(g), guild)))
    for guild in sorted(set(_column(snap, "ratings", "guild_id"))
                        | set(_column(snap, "rated_results", "guild_id"))):
        checks.append((f"ratings of server {guild}", _bind(lambda s, g: s.ratings(g), guild)))
    for league in _column(snap, "leagues", "id"):
        checks.append((f"seasons of league {league}", _bind(lambda s, i: s.seasons(i), league)))
    for season in _column(snap, "league_seasons", "id"):
        checks += [
            (f"members of season {season}", _bind(lambda s, i: s.members(i), season)),
            (f"rounds of season {season}", _bind(lambda s, i: s.rounds(i), season)),
            (f"tables of season {season}", _bind(lambda s, i: s.league_tables(i), season)),
            (f"archive of season {season}", _bind(lambda s, i: s.season_archive(i), season)),
        ]
    for what, read in checks:
        try:
            a = await read(src)
        except Exception as exc:
            problems.append(f"{what}: cannot be read from the source: {exc}")
            continue
        try:
            b = await read(dst)
        except Exception as exc:
            problems.append(f"{what}: cannot be read from the target: "
                            f"{type(exc).__name__}: {exc}")
            continue
        if a != b:
            problems.append(f"{what} differ: {_diff(a, b, what.split()[0])}")


def _bind(fn: Callable[[Store, Any], Awaitable[Any]], value: Any
          ) -> Callable[[Store], Awaitable[Any]]:
    return lambda s: fn(s, value)


def _column(snap: Snapshot, table: str, column: str) -> list[Any]:
    i = snap.columns[table].index(column)
    return sorted({row[i] for row in snap.rows[table]})


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
    if kind_of(source) != "sqlite":
        raise MigrationRefused(f"--from must be a SQLite file (a path or sqlite:///path), not "
                               f"{redact(source)!r}")
    if kind_of(target) != "postgresql":
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
    opened: list[Any] = []
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
            raise MigrationRefused(f"cannot open the target {redact(target)}: "
                                   f"{type(exc).__name__}: {exc}") from exc
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
            await verify(snap, src, dst, target_conn, summary)
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

    try:
        summary = asyncio.run(migrate(args.source, args.target, progress=progress))
    except MigrationRefused as exc:
        print(f"migrate-db: refused: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    except MigrationFailed as exc:
        print(f"migrate-db: FAILED: {exc}", file=sys.stderr)
        for p in exc.problems:
            print(f"  {p}", file=sys.stderr)
        return EXIT_FAILED
    except Exception as exc:  # anything else: a failure, reported without a traceback
        print(f"migrate-db: FAILED: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_FAILED
    print(summary.text())
    return EXIT_FAILED if summary.problems else EXIT_OK
