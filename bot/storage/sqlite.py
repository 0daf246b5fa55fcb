"""The embedded store: one SQLite file, one process (see docs/service.md, "Storage").

* WAL journal with ``synchronous=FULL``: a write method returns only after its transaction is
  in the WAL *and* fsynced, so an acknowledged action survives a process kill, an OS crash and
  a power loss (``NORMAL`` would survive only the first). It costs one fsync per commit, which
  at the pace of human moves is nothing.
* One aiosqlite connection (one worker thread) guarded by an asyncio lock: each write method
  is one ``BEGIN IMMEDIATE … COMMIT`` (rolled back on any error), and no other task's
  statement can land inside it. Reads take the same lock, so they never see another task's
  uncommitted rows.
* Numbered migrations (``migrations/NNNN_name.sql``) applied at :meth:`SqliteStore.open`, each
  in its own transaction, tracked by ``PRAGMA user_version``; a database newer than the code is
  refused.
* The database never starts over silently: its random identity is kept inside it (``meta``) and
  in a marker file beside it (``<file>.id``). A start that finds the marker but no database, or
  a database of another identity, is refused (``StorageError`` saying how to restore a backup or
  to start fresh on purpose with ``create=True``, ``python -m bot --new-database``); the first
  start, with neither, creates both. While open, the store holds a shared ``flock`` on the file
  (``python -m bot restore`` refuses to replace a database in use) and checks before every
  COMMIT that the path still names the file it opened: removed or replaced, it stops storing
  (``StorageUnavailable`` ``gone``) and says so.
* Storage faults (read-only, disk full, locked, I/O errors, a removed file) raise
  :class:`~bot.storage.base.StorageUnavailable` with their kind, never a raw ``sqlite3`` error;
  a failed COMMIT fails every write of its group, none acknowledged, and the next write is tried
  afresh. Each episode is logged once (``FaultEpisodes``).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import logging
import os
import re
import secrets
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiosqlite

from .base import (
    ACTIVE,
    BUSY,
    DISK_FULL,
    GONE,
    IO_ERROR,
    LOBBY,
    READ_ONLY,
    STATUSES,
    TIMER_KINDS,
    ActionRecord,
    DamagedRecord,
    DamageRecord,
    FaultEpisodes,
    GameRecord,
    LeagueRecord,
    MemberRecord,
    RatedResult,
    Rating,
    RawAction,
    RoundRecord,
    Salvage,
    SeasonRecord,
    SeatRecord,
    SettingsTables,
    StorageError,
    StorageUnavailable,
    StoredGame,
    TableRecord,
    TimerRecord,
    Vacation,
)

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
BUSY_TIMEOUT_MS = 5000  # only another process (a backup, the sqlite3 shell) can hold the lock
MARKER_SUFFIX = ".id"  # the identity marker beside the database: <file>.id
IDENTITY_KEY = "identity"

# SQLite's primary result codes (sqlite3.SQLITE_*) that mean "the disk cannot take it now",
# not "this write is wrong": mapped to StorageUnavailable kinds
_FAULT_CODES = {
    sqlite3.SQLITE_READONLY: READ_ONLY, sqlite3.SQLITE_PERM: READ_ONLY,
    sqlite3.SQLITE_FULL: DISK_FULL,
    sqlite3.SQLITE_BUSY: BUSY, sqlite3.SQLITE_LOCKED: BUSY, sqlite3.SQLITE_PROTOCOL: BUSY,
    sqlite3.SQLITE_IOERR: IO_ERROR, sqlite3.SQLITE_CANTOPEN: IO_ERROR,
    sqlite3.SQLITE_CORRUPT: IO_ERROR, sqlite3.SQLITE_NOTADB: IO_ERROR,
    sqlite3.SQLITE_NOLFS: IO_ERROR,
}
_READONLY_DBMOVED = sqlite3.SQLITE_READONLY | (4 << 8)  # the file was moved or removed


def storage_fault(exc: BaseException) -> StorageUnavailable | None:
    """The :class:`StorageUnavailable` a SQLite error stands for (read-only, disk full,
    locked, I/O), or None for an error of the write itself (a constraint, bad SQL)."""
    if isinstance(exc, StorageUnavailable):
        return exc
    if not isinstance(exc, sqlite3.Error):
        return None
    code = getattr(exc, "sqlite_errorcode", None)
    if code is None:
        return None
    if code == _READONLY_DBMOVED:
        return StorageUnavailable(GONE, f"the database file was moved or removed ({exc})")
    kind = _FAULT_CODES.get(code & 0xFF)
    if kind is None:
        return None
    return StorageUnavailable(kind, f"{getattr(exc, 'sqlite_errorname', 'SQLITE')}: {exc}")


def marker_path(path: Path) -> Path:
    """The identity marker of a database file: ``<file>.id`` beside it."""
    return path.with_name(path.name + MARKER_SUFFIX)


def read_marker(path: Path) -> str | None:
    """The identity written in a database's marker, or None without one."""
    try:
        text = marker_path(path).read_text("utf-8").strip()
    except FileNotFoundError:
        return None
    return text or None


def write_marker(path: Path, identity: str) -> None:
    """Write the marker atomically (a temporary file renamed over it)."""
    marker = marker_path(path)
    tmp = marker.with_name(marker.name + ".tmp")
    tmp.write_text(identity + "\n", "utf-8")
    os.replace(tmp, marker)


def _file_key(path: Path) -> tuple[int, int] | None:
    """(device, inode) of the file at ``path`` now; None when there is none."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return st.st_dev, st.st_ino


def _restore_help(path: Path) -> str:
    return (f"To restore a backup: stop the bot, then `python -m bot restore BACKUP` (it checks "
            f"the backup and puts it at {path}). To start with a new, empty database on "
            f"purpose: `python -m bot --new-database` (or delete {marker_path(path)}).")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str

    def statements(self) -> list[str]:
        return split_sql(self.sql, self.name)


def load_migrations(directory: Path | None = None) -> list[Migration]:
    """The migrations in order (from ``MIGRATIONS_DIR`` by default); their numbers must run
    1, 2, 3 … without gaps."""
    directory = MIGRATIONS_DIR if directory is None else directory
    found: list[Migration] = []
    for path in sorted(directory.glob("*.sql")):
        match = _MIGRATION_NAME.match(path.name)
        if match is None:
            raise StorageError(f"migration file name {path.name!r} is not NNNN_name.sql")
        found.append(Migration(int(match.group(1)), path.name, path.read_text("utf-8")))
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise StorageError(f"migrations must be numbered 1, 2, 3 …: expected {expected:04d}, "
                               f"found {migration.name}")
    return found


def split_sql(script: str, name: str = "script") -> list[str]:
    """Split a script into complete statements (``sqlite3.complete_statement`` knows strings,
    comments and trigger bodies), so a migration can run statement by statement inside one
    transaction — ``executescript`` would commit first."""
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    rest = "\n".join(ln for ln in buffer.splitlines() if not ln.strip().startswith("--"))
    if rest.strip():
        raise StorageError(f"{name}: incomplete SQL statement at the end: {rest.strip()[:60]!r}")
    return statements


def _dumps(value: Any) -> str:
    # allow_nan=False: NaN/Infinity are not JSON (json_valid would refuse them anyway)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _check_statuses(statuses: Iterable[str]) -> None:
    for status in statuses:
        if status not in STATUSES:
            raise StorageError(f"unknown game status {status!r} (expected one of {STATUSES})")


class SqliteStore(SettingsTables):
    """:class:`bot.storage.base.Store` on one SQLite file (``":memory:"`` for a throw-away)."""

    def __init__(self, path: str | Path, *, clock: Callable[[], float] = time.time,
                 create: bool = False, marker: bool = True) -> None:
        self.path = path if str(path) == ":memory:" else Path(path)
        self._clock = clock
        # create: start with a new database on purpose even where the marker says one
        # existed (or adopt the database found there); marker: keep the identity marker
        # beside the file (False for backups and verification copies)
        self.create = create
        self.marker = marker
        self.identity: str | None = None  # the database's random identity (meta)
        self._file: tuple[int, int] | None = None  # (device, inode) of the file opened
        self._flock: int | None = None  # a shared flock on the file while open
        self._gone: str | None = None  # why the file no longer is the one opened
        self.faults = FaultEpisodes(log, str(path))
        self._db: aiosqlite.Connection | None = None
        # Called on the database thread just before a write's COMMIT (crash tests only).
        self.before_commit: Callable[[], None] | None = None
        self._db_lock = asyncio.Lock()  # one task at a time on the connection
        # group commit: transactions waiting for their turn, run together by one "leader"
        self._pending: list[tuple[Callable[[sqlite3.Connection], Any], asyncio.Future[Any]]] = []
        self._leading = False
        self._game_locks: dict[int, tuple[asyncio.Lock, list[int]]] = {}
        self._listeners: list[Callable[[int, int], None]] = []

    # ------------------------------------------------------------------ connection, schema
    async def open(self) -> None:
        if self._db is not None:
            return
        known: str | None = None
        if isinstance(self.path, Path):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            known = read_marker(self.path) if self.marker else None
            present = self.path.is_file() and self.path.stat().st_size > 0
            if known is not None and not present and not self.create:
                raise StorageError(
                    f"the database {self.path} is missing, but {marker_path(self.path)} says "
                    f"one was created here (identity {known}): refusing to start over with "
                    f"an empty one. {_restore_help(self.path)}")
        try:
            db = await aiosqlite.connect(self.path, isolation_level=None)  # our BEGIN/COMMIT
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open the database {self.path}: {exc}") from exc
        try:
            await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            if isinstance(self.path, Path):
                async with db.execute("PRAGMA journal_mode = WAL") as cur:
                    row = await cur.fetchone()
                if row is None or str(row[0]).lower() != "wal":
                    raise StorageError(f"{self.path}: cannot use the WAL journal (got {row})")
            await db.execute("PRAGMA synchronous = FULL")
            await self._migrate(db)
            await db.execute("PRAGMA foreign_keys = ON")
            self.identity = await self._identity(db, known)
        except BaseException:
            await db.close()
            raise
        if isinstance(self.path, Path):
            if self.marker and known != self.identity:
                write_marker(self.path, self.identity)
            self._file = _file_key(self.path)
            self._lock_file()
        self._gone = None
        self._db = db

    async def _identity(self, db: aiosqlite.Connection, known: str | None) -> str:
        """The database's identity (created with it); refuses one the marker does not name."""
        async with db.execute("SELECT value FROM meta WHERE key = ?", (IDENTITY_KEY,)) as cur:
            row = await cur.fetchone()
        identity = None if row is None else str(row[0])
        if (known is not None and identity != known and not self.create
                and isinstance(self.path, Path)):
            found = "no identity (an older database)" if identity is None else \
                f"identity {identity}"
            raise StorageError(
                f"the database {self.path} has {found}, but {marker_path(self.path)} says the "
                f"database created here is {known}: it was replaced. {_restore_help(self.path)}"
                " Starting with --new-database adopts the database found there.")
        if identity is None:
            identity = secrets.token_hex(16)
            await db.execute("INSERT INTO meta (key, value) VALUES (?, ?)",
                             (IDENTITY_KEY, identity))
        return identity

    def _lock_file(self) -> None:
        """A shared flock on the database file while it is open (SQLite's own locks are
        POSIX locks, independent of it): ``python -m bot restore`` takes it exclusively to
        make sure no bot has the database open."""
        assert isinstance(self.path, Path)
        try:
            fd = os.open(self.path, os.O_RDONLY)
        except OSError:
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)  # held exclusively (a restore): SQLite's locks still protect us
            return
        self._flock = fd

    def _check_file(self) -> None:
        """Before a COMMIT: the path still names the file this store opened (one stat).
        Removed or replaced, nothing more is stored (until a restart opens the new file)."""
        if self._file is None or not isinstance(self.path, Path):
            return
        if self._gone is None:
            now = _file_key(self.path)
            if now is None:
                self._gone = f"the database file {self.path} was removed while the bot ran"
            elif now != self._file:
                self._gone = f"the database file {self.path} was replaced while the bot ran"
        if self._gone is not None:
            raise StorageUnavailable(GONE, f"{self._gone}; nothing is stored until the bot is "
                                     "restarted (python -m bot --check says what it finds)")

    @property
    def gone(self) -> str | None:
        """Why the database file is no longer the one opened (removed, replaced), or None."""
        return self._gone

    async def close(self) -> None:
        if self._db is not None:
            async with self._db_lock:
                db, self._db = self._db, None
                with contextlib.suppress(sqlite3.Error):
                    await db.close()
        if self._flock is not None:
            os.close(self._flock)  # releases the flock
            self._flock = None

    async def schema_version(self) -> int:
        async with self._read() as db:
            return await _user_version(db)

    @staticmethod
    async def _migrate(db: aiosqlite.Connection) -> None:
        migrations = load_migrations()
        newest = len(migrations)
        current = await _user_version(db)
        if current > newest:
            raise StorageError(f"database schema version {current} is newer than this bot "
                               f"({newest}); upgrade the bot")
        # Foreign keys are off while migrating (a table rebuild needs that, and the pragma
        # cannot change inside a transaction); each migration checks them before it commits.
        await db.execute("PRAGMA foreign_keys = OFF")
        for migration in migrations[current:]:
            await db.execute("BEGIN IMMEDIATE")
            try:
                # another process may have migrated between our read and our lock
                if await _user_version(db) >= migration.version:
                    await db.execute("ROLLBACK")
                    continue
                for statement in migration.statements():
                    await db.execute(statement)
                async with db.execute("PRAGMA foreign_key_check") as cur:
                    broken = await cur.fetchall()
                if broken:
                    raise StorageError(f"{migration.name} leaves broken foreign keys: "
                                       f"{[tuple(r) for r in list(broken)[:5]]}")
                await db.execute(f"PRAGMA user_version = {migration.version}")
                await db.execute("COMMIT")
            except BaseException as exc:
                if db.in_transaction:
                    await db.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise StorageError(f"migration {migration.name} failed: {exc}") from exc
                raise
            log.info("database migrated to schema version %d (%s)", migration.version,
                     migration.name)

    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StorageError("the store is not open (call open() first)")
        return self._db

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._db_lock:
            try:
                yield self._conn()
            except sqlite3.Error as exc:
                fault = storage_fault(exc)
                if fault is None:
                    raise
                raise self.faults.fault(fault) from exc

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One transaction: committed if the block ends normally, rolled back otherwise. A
        storage fault (at BEGIN, in a statement or at COMMIT) raises StorageUnavailable."""
        async with self._db_lock:
            db = self._conn()
            try:
                self._check_file()
                await db.execute("BEGIN IMMEDIATE")
                try:
                    yield db
                    self._check_file()
                    await db.execute("COMMIT")
                except BaseException:
                    if db.in_transaction:  # SQLite may already have rolled back (disk full)
                        with contextlib.suppress(sqlite3.Error):
                            await db.execute("ROLLBACK")
                    raise
            except (sqlite3.Error, StorageUnavailable) as exc:
                fault = storage_fault(exc)
                if fault is None:
                    raise
                raise self.faults.fault(fault) from (None if fault is exc else exc)
            self.faults.ok()

    async def _transaction(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run ``fn`` as one atomic write, committed (fsynced) before this returns.

        The hot writes (every accepted click, every fired deadline) would otherwise take
        about eight aiosqlite round trips, each waiting for a turn of a busy event loop while
        the connection's lock is held: measured, that capped writes near 500/s
        (docs/performance.md). So a write is ONE job on the connection's thread, and writes
        that queue up while another is running are **group-committed**: a short drain task
        (started by the first writer that finds none running) takes every queued write and
        runs them in one ``BEGIN IMMEDIATE … COMMIT`` (one fsync, one hop), each inside its
        own ``SAVEPOINT`` so that
        one failing write rolls back alone and raises to its own caller; every caller returns
        only after the shared COMMIT. A kill before that COMMIT loses the whole batch, none of
        which was acknowledged. aiosqlite has no public call for this, so it uses its
        ``_execute`` (aiosqlite is pinned in pyproject.toml; tests/test_storage.py exercises
        this path)."""
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending.append((fn, fut))
        if not self._leading:
            # the batches run in their own task: a cancelled caller never strands the others
            # (their writes commit and they learn it)
            self._leading = True
            drain = asyncio.ensure_future(self._drain())
            drain.add_done_callback(lambda t: t.cancelled() or t.exception())
        return await fut

    async def _drain(self) -> None:
        try:
            async with self._db_lock:
                while self._pending:
                    batch, self._pending = self._pending, []
                    await self._run_batch(batch)
                    # let the callers of this batch go on (acknowledge) before the next
                    # batch starts: what was acknowledged is always older than what runs
                    await asyncio.sleep(0)
        finally:
            self._leading = False
            for _, f in self._pending:  # only if the drain itself was cancelled
                if not f.done():
                    f.set_exception(StorageError("the write was interrupted"))
            self._pending = []

    async def _run_batch(self, batch: list[tuple[Callable[[sqlite3.Connection], Any],
                                                 asyncio.Future[Any]]]) -> None:
        db = self._conn() if self._db is not None else None
        try:
            if db is None:
                raise StorageError("the store is not open (call open() first)")
            fns = [fn for fn, _ in batch]

            def job() -> list[tuple[bool, Any]]:
                conn = db._conn  # the sqlite3 connection, used only on its own thread here
                self._check_file()
                conn.execute("BEGIN IMMEDIATE")
                outcomes: list[tuple[bool, Any]] = []
                try:
                    for fn in fns:
                        conn.execute("SAVEPOINT w")
                        try:
                            out = fn(conn)
                        except Exception as exc:
                            if storage_fault(exc) is not None:
                                raise  # the disk, not this write: the whole group fails
                            conn.execute("ROLLBACK TO w")
                            conn.execute("RELEASE w")
                            outcomes.append((False, exc))
                            continue
                        conn.execute("RELEASE w")
                        outcomes.append((True, out))
                    if self.before_commit is not None:
                        self.before_commit()  # crash tests kill the process here
                    self._check_file()
                    conn.execute("COMMIT")
                except BaseException:
                    # a failed COMMIT fails every write of the group: none is acknowledged
                    if conn.in_transaction:
                        with contextlib.suppress(sqlite3.Error):
                            conn.execute("ROLLBACK")
                    raise
                return outcomes

            outcomes = await db._execute(job)
        except BaseException as exc:
            fault = storage_fault(exc)
            error: Exception
            if fault is not None:
                error = self.faults.fault(fault)
                if fault is not exc:
                    error.__cause__ = exc
            elif isinstance(exc, Exception):
                error = exc
            else:
                error = StorageError("the write was interrupted")
            for _, f in batch:
                if not f.done():
                    f.set_exception(error)
            if not isinstance(exc, Exception):
                raise
            return
        self.faults.ok()
        for (_, f), (ok, value) in zip(batch, outcomes, strict=True):
            if f.done():
                continue
            if ok:
                f.set_result(value)
            else:
                f.set_exception(value)

    # ------------------------------------------------------------------ backups
    async def backup(self, target: str | Path) -> None:
        """Copy the database to ``target`` with SQLite's online backup API, under the
        connection's lock (a consistent snapshot: no write of this store lands inside it)."""
        dest = Path(target)
        if dest.exists():
            raise StorageError(f"{dest} exists already: choose a new file for the backup")
        dest.parent.mkdir(parents=True, exist_ok=True)
        async with self._read() as db:
            def job() -> None:
                out = sqlite3.connect(dest)
                try:
                    db._conn.backup(out)
                finally:
                    out.close()

            await db._execute(job)

    # ------------------------------------------------------------------ damaged games
    async def mark_damaged(self, damage: DamageRecord) -> DamageRecord:
        values = (damage.game_id, damage.reason, damage.detail[:2000], damage.seq,
                  float(damage.found_at), int(damage.told))

        def write(conn: sqlite3.Connection) -> DamageRecord:
            conn.execute("INSERT INTO damaged (game_id, reason, detail, seq, found_at, told)"
                         " SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM games"
                         " WHERE id = ?1) ON CONFLICT (game_id) DO NOTHING", values)
            row = conn.execute("SELECT game_id, reason, detail, found_at, seq, told FROM"
                               " damaged WHERE game_id = ?", (damage.game_id,)).fetchone()
            return damage if row is None else _damage(row)

        out: DamageRecord = await self._transaction(write)
        return out

    async def set_damage_told(self, game_id: int) -> None:
        await self._transaction(lambda conn: conn.execute(
            "UPDATE damaged SET told = 1 WHERE game_id = ?", (game_id,)))

    async def damaged_games(self) -> list[DamageRecord]:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT game_id, reason, detail, found_at, seq, told FROM damaged"
                " ORDER BY game_id")
        return [_damage(r) for r in rows]

    async def salvage_game(self, game_id: int) -> Salvage | None:
        async with self._read() as db:
            games = await db.execute_fetchall(
                "SELECT id, status, variant, options, setup, seed, content_version,"
                " rules_version, host_user_id, discord, created_at, updated_at FROM games"
                " WHERE id = ?", (game_id,))
            if not games:
                return None
            seat_rows = await db.execute_fetchall(
                "SELECT seat, name, user_id, ai_level, conceded, strikes, ai_takeover, bank,"
                " votes, plan FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
            action_rows = await db.execute_fetchall(
                "SELECT seq, seat, action, decision_id, submitted_by, at FROM actions"
                " WHERE game_id = ? ORDER BY seq", (game_id,))
        return salvage(list(games)[0], list(seat_rows), list(action_rows))

    async def truncate_actions(self, game_id: int, keep: int, at: float,
                               status: str | None = None) -> int:
        if status is not None:
            _check_statuses([status])

        def write(conn: sqlite3.Connection) -> int:
            cur = conn.execute("UPDATE games SET status = coalesce(?, status),"
                               " updated_at = max(updated_at, ?) WHERE id = ?",
                               (status, at, game_id))
            if cur.rowcount != 1:
                raise StorageError(f"no game {game_id}")
            conn.execute("INSERT INTO actions_backup (game_id, seq, seat, action, decision_id,"
                         " submitted_by, at, repaired_at) SELECT game_id, seq, seat, action,"
                         " decision_id, submitted_by, at, ? FROM actions WHERE game_id = ?"
                         " AND seq >= ?", (at, game_id, keep))
            cur = conn.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?",
                               (game_id, keep))
            conn.execute("DELETE FROM damaged WHERE game_id = ?", (game_id,))
            return cur.rowcount

        out: int = await self._transaction(write)
        return out

    # ------------------------------------------------------------------ games
    async def create_game(self, record: GameRecord) -> int:
        _check_statuses([record.status])
        async with self._write() as db:
            async with db.execute(
                "INSERT INTO games (status, variant, options, setup, seed, content_version,"
                " rules_version, host_user_id, discord, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (*_game_values(record), record.created_at, record.updated_at),
            ) as cur:
                game_id = cur.lastrowid
            assert game_id is not None
            await _insert_seats(db, game_id, record.seats)
        return game_id

    async def save_game(self, record: GameRecord, *, add_timers: Sequence[TimerRecord] = (),
                        delete_timers: Sequence[int] = ()) -> list[int]:
        _check_statuses([record.status])
        game_values = (*_game_values(record), record.created_at, record.updated_at, record.id)
        seat_values = _seat_values(record.id, record.seats)
        timer_values = _timer_values(add_timers)
        deleted = [(i,) for i in delete_timers]

        def write(conn: sqlite3.Connection) -> list[int]:
            cur = conn.execute(
                "UPDATE games SET status = ?, variant = ?, options = ?, setup = ?, seed = ?,"
                " content_version = ?, rules_version = ?, host_user_id = ?, discord = ?,"
                " created_at = ?, updated_at = ? WHERE id = ?", game_values)
            if cur.rowcount != 1:
                raise StorageError(f"no game {record.id}")
            conn.execute("DELETE FROM seats WHERE game_id = ?", (record.id,))
            conn.executemany(_INSERT_SEAT, seat_values)
            return _change_timers(conn, deleted, timer_values)

        out: list[int] = await self._transaction(write)
        return out

    async def load_game(self, game_id: int) -> StoredGame | None:
        """The game, or None; :class:`DamagedRecord` when its rows cannot be decoded."""
        try:
            async with self._read() as db:
                async with db.execute(
                    "SELECT id, status, variant, options, setup, seed, content_version,"
                    " rules_version, host_user_id, discord, created_at, updated_at,"
                    " (SELECT json_group_array(json_array(seat, name, user_id, ai_level,"
                    "  conceded, strikes, ai_takeover, bank, json(votes), json(plan)))"
                    "  FROM seats WHERE game_id = games.id)"
                    " FROM games WHERE id = ?",
                    (game_id,),
                ) as cur:
                    row = await cur.fetchone()
                if row is None:
                    return None
                async with db.execute(
                    "SELECT seq, seat, action, decision_id, submitted_by, at FROM actions"
                    " WHERE game_id = ? ORDER BY seq",
                    (game_id,),
                ) as cur:
                    action_rows = await cur.fetchall()
        except sqlite3.OperationalError as exc:
            if "JSON" not in str(exc):
                raise
            raise DamagedRecord(game_id, "bad_record", f"its seats do not decode: {exc}"
                                ) from exc
        try:
            seats = sorted((SeatRecord(seat, name, user_id, ai_level, bool(conceded), strikes,
                                       bool(takeover), bank, votes, plan)
                            for seat, name, user_id, ai_level, conceded, strikes, takeover, bank,
                            votes, plan in json.loads(row[12])),
                           key=lambda s: s.seat)
            record = GameRecord(
                id=row[0], status=row[1], variant=row[2], options=json.loads(row[3]),
                setup=None if row[4] is None else json.loads(row[4]), seed=row[5],
                content_version=row[6], rules_version=row[7], host_user_id=row[8],
                discord=json.loads(row[9]), created_at=row[10], updated_at=row[11],
                seats=seats,
            )
        except (ValueError, TypeError) as exc:
            raise DamagedRecord(game_id, "bad_record", f"its record does not decode: {exc}"
                                ) from exc
        return StoredGame(record, decode_actions(game_id, action_rows))

    async def game_ids(self, statuses: tuple[str, ...] = (ACTIVE,)) -> list[int]:
        _check_statuses(statuses)
        if not statuses:
            return []
        marks = ", ".join("?" * len(statuses))
        async with self._read() as db:
            rows = await db.execute_fetchall(
                f"SELECT id FROM games WHERE status IN ({marks}) ORDER BY id", statuses)
        return [row[0] for row in rows]

    async def games_of_user(self, user_id: int,
                            statuses: tuple[str, ...] = (LOBBY, ACTIVE)) -> list[int]:
        """The games (with one of ``statuses``) where ``user_id`` holds a seat."""
        _check_statuses(statuses)
        if not statuses:
            return []
        marks = ", ".join("?" * len(statuses))
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT DISTINCT games.id FROM seats JOIN games ON games.id = seats.game_id"
                f" WHERE seats.user_id = ? AND games.status IN ({marks}) ORDER BY games.id",
                (user_id, *statuses))
        return [row[0] for row in rows]

    # ------------------------------------------------------------------ the action log
    async def write_actions(self, game_id: int, rows: list[ActionRecord],
                            status: str | None = None, *,
                            seats: Sequence[SeatRecord] | None = None,
                            add_timers: Sequence[TimerRecord] = (),
                            delete_timers: Sequence[int] = ()) -> list[int]:
        if status is not None:
            _check_statuses([status])
        # serialise before the transaction: a row that is not JSON fails here, nothing written
        values = [(game_id, r.seq, r.seat, _dumps(r.action), r.decision_id, r.submitted_by, r.at)
                  for r in rows]
        seat_state = [(s.strikes, int(s.ai_takeover), s.bank, _dumps(s.votes),
                       None if s.plan is None else _dumps(s.plan), game_id, s.seat)
                      for s in seats or ()]
        timer_values = _timer_values(add_timers)
        deleted = [(i,) for i in delete_timers]
        updated_at = max((r.at for r in rows), default=None)
        if updated_at is None:
            updated_at = self._clock()

        def write(conn: sqlite3.Connection) -> list[int]:
            cur = conn.execute(
                "UPDATE games SET updated_at = max(updated_at, ?), status = coalesce(?, status)"
                " WHERE id = ?", (updated_at, status, game_id))
            if cur.rowcount != 1:
                raise StorageError(f"no game {game_id}")
            conn.executemany(
                "INSERT INTO actions (game_id, seq, seat, action, decision_id, submitted_by, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, seq) DO UPDATE SET seat = excluded.seat,"
                " action = excluded.action, decision_id = excluded.decision_id,"
                " submitted_by = excluded.submitted_by, at = excluded.at",
                values,
            )
            if rows:  # the log stays 0..n-1 without gaps (StoredGame promises it)
                count, top = conn.execute(
                    "SELECT count(*), max(seq) FROM actions WHERE game_id = ?",
                    (game_id,)).fetchone()
                if top != count - 1:
                    raise StorageError(f"game {game_id}: writing seqs "
                                       f"{sorted(r.seq for r in rows)} would leave a gap in "
                                       f"its action log ({count} rows up to seq {top})")
            for state in seat_state:
                cur = conn.execute("UPDATE seats SET strikes = ?, ai_takeover = ?, bank = ?,"
                                   " votes = ?, plan = ? WHERE game_id = ? AND seat = ?", state)
                if cur.rowcount != 1:
                    raise StorageError(f"game {game_id} has no seat {state[-1]}")
            return _change_timers(conn, deleted, timer_values)

        out: list[int] = await self._transaction(write)
        return out

    # ------------------------------------------------------------------ timers, vacations
    async def timers(self, game_id: int | None = None) -> list[TimerRecord]:
        query = "SELECT id, game_id, seat, kind, due, decision_id, payload FROM timers"
        args: tuple[Any, ...] = ()
        if game_id is not None:
            query += " WHERE game_id = ?"
            args = (game_id,)
        async with self._read() as db:
            rows = await db.execute_fetchall(query + " ORDER BY due, id", args)
        return [TimerRecord(i, g, seat, kind, due, did, json.loads(payload))
                for i, g, seat, kind, due, did, payload in rows]

    async def change_timers(self, add: Sequence[TimerRecord] = (),
                            delete: Sequence[int] = ()) -> list[int]:
        added = _timer_values(add)
        deleted = [(i,) for i in delete]
        if not added and not deleted:
            return []
        out: list[int] = await self._transaction(
            lambda conn: _change_timers(conn, deleted, added))
        return out

    async def move_timers(self, dues: Sequence[tuple[int, float]]) -> None:
        moved = [(float(due), i) for i, due in dues]
        if moved:
            await self._transaction(
                lambda conn: conn.executemany("UPDATE timers SET due = ? WHERE id = ?", moved))

    async def add_vacation(self, vacation: Vacation,
                           dues: Sequence[tuple[int, float]] = ()) -> int:
        moved = [(float(due), i) for i, due in dues]

        def write(conn: sqlite3.Connection) -> int:
            cur = conn.execute("INSERT INTO vacations (user_id, start_at, end_at)"
                               " VALUES (?, ?, ?)", (vacation.user_id, vacation.start,
                                                     vacation.end))
            conn.executemany("UPDATE timers SET due = ? WHERE id = ?", moved)
            assert cur.lastrowid is not None
            return cur.lastrowid

        out: int = await self._transaction(write)
        return out

    async def end_vacation(self, vacation_id: int, end: float,
                           dues: Sequence[tuple[int, float]] = ()) -> None:
        moved = [(float(due), i) for i, due in dues]

        def write(conn: sqlite3.Connection) -> None:
            cur = conn.execute("UPDATE vacations SET end_at = max(start_at, ?) WHERE id = ?",
                               (end, vacation_id))
            if cur.rowcount != 1:
                raise StorageError(f"no vacation {vacation_id}")
            conn.executemany("UPDATE timers SET due = ? WHERE id = ?", moved)

        await self._transaction(write)

    async def vacations(self, user_id: int | None = None,
                        since: float | None = None) -> list[Vacation]:
        query = "SELECT id, user_id, start_at, end_at FROM vacations WHERE end_at >= ?"
        args: tuple[Any, ...] = (float("-inf") if since is None else since,)
        if user_id is not None:
            query += " AND user_id = ?"
            args = (*args, user_id)
        async with self._read() as db:
            rows = await db.execute_fetchall(query + " ORDER BY start_at, id", args)
        return [Vacation(i, u, start, end) for i, u, start, end in rows]

    async def set_away_allowance(self, guild_id: int, days: float | None) -> None:
        async with self._write() as db:
            if days is None:
                await db.execute("DELETE FROM away_allowances WHERE guild_id = ?", (guild_id,))
            else:
                await db.execute(
                    "INSERT INTO away_allowances (guild_id, days) VALUES (?, ?)"
                    " ON CONFLICT (guild_id) DO UPDATE SET days = excluded.days",
                    (guild_id, float(days)))

    async def away_allowances(self) -> dict[int, float]:
        async with self._read() as db:
            rows = await db.execute_fetchall("SELECT guild_id, days FROM away_allowances")
        return {g: d for g, d in rows}

    # ------------------------------------------------------------------ users, messages
    # Settings are one JSON object per user or per server; both tables have the same shape.
    _SETTINGS = {"user_settings": "user_id", "guild_settings": "guild_id"}

    async def _get_settings(self, table: str, key: int) -> dict[str, Any]:
        column = self._SETTINGS[table]
        async with self._read() as db, db.execute(
            f"SELECT settings FROM {table} WHERE {column} = ?", (key,)
        ) as cur:
            row = await cur.fetchone()
        if row is None:
            return {}
        settings: dict[str, Any] = json.loads(row[0])
        return settings

    async def _set_settings(self, table: str, key: int, settings: dict[str, Any]) -> None:
        column, text = self._SETTINGS[table], _dumps(settings)
        async with self._write() as db:
            await db.execute(
                f"INSERT INTO {table} ({column}, settings) VALUES (?, ?)"
                f" ON CONFLICT ({column}) DO UPDATE SET settings = excluded.settings",
                (key, text))

    async def set_seat_message(self, game_id: int, seat: int, kind: str,
                               message_id: int | None) -> None:
        """Remember (or with ``None`` forget) a per-seat message id."""
        async with self._write() as db:
            if message_id is None:
                await db.execute(
                    "DELETE FROM seat_messages WHERE game_id = ? AND seat = ? AND kind = ?",
                    (game_id, seat, kind))
            else:
                await db.execute(
                    "INSERT INTO seat_messages (game_id, seat, kind, message_id)"
                    " VALUES (?, ?, ?, ?) ON CONFLICT (game_id, seat, kind)"
                    " DO UPDATE SET message_id = excluded.message_id",
                    (game_id, seat, kind, message_id))

    async def seat_messages(self, game_id: int) -> dict[tuple[int, str], int]:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT seat, kind, message_id FROM seat_messages WHERE game_id = ?", (game_id,))
        return {(seat, kind): message_id for seat, kind, message_id in rows}

    # ------------------------------------------------------------------ content catalogs
    async def save_content(self, version: str, files: dict[str, str]) -> None:
        """Keep the data files of a content version. Saving the same files again is a no-op;
        other files under a version already stored are refused (a version names one content)."""
        text = _dumps(dict(sorted(files.items())))
        async with self._write() as db:
            async with db.execute(
                "SELECT files FROM content_versions WHERE version = ?", (version,)
            ) as cur:
                row = await cur.fetchone()
            if row is None:
                await db.execute("INSERT INTO content_versions (version, files) VALUES (?, ?)",
                                 (version, text))
            elif json.loads(row[0]) != files:
                raise StorageError(f"content version {version!r} is already stored with "
                                   "other files")

    async def load_content(self, version: str) -> dict[str, str] | None:
        async with self._read() as db, db.execute(
            "SELECT files FROM content_versions WHERE version = ?", (version,)
        ) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        files: dict[str, str] = json.loads(row[0])
        return files

    # ------------------------------------------------------------------ ratings (0005)
    async def record_result(self, result: RatedResult, ratings: Sequence[Rating] = (),
                            *, replace_all: bool = False) -> bool:
        row = (result.game_id, result.guild_id, float(result.finished_at),
               _dumps(result.ranks), int(result.voided), result.voided_by,
               float(result.recorded_at or self._clock()))
        values = _rating_values(ratings)

        def write(conn: sqlite3.Connection) -> bool:
            cur = conn.execute(
                "INSERT INTO rated_results (game_id, guild_id, finished_at, ranks, voided,"
                " voided_by, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO NOTHING", row)
            if cur.rowcount != 1:
                return False
            if replace_all:
                conn.execute("DELETE FROM ratings WHERE guild_id = ?", (result.guild_id,))
            conn.executemany(_UPSERT_RATING, values)
            return True

        out: bool = await self._transaction(write)
        return out

    async def rated_result(self, game_id: int) -> RatedResult | None:
        async with self._read() as db:
            rows = await db.execute_fetchall(_SELECT_RESULT + " WHERE game_id = ?", (game_id,))
        return _result(list(rows)[0]) if rows else None

    async def unrecorded_rated_games(self) -> list[int]:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT id FROM games WHERE status = 'finished'"
                " AND json_extract(options, '$.rated') IN (1, 'true')"
                " AND id NOT IN (SELECT game_id FROM rated_results) ORDER BY id")
        return [r[0] for r in rows]

    async def rated_results(self, guild_id: int | None = None, *,
                            include_voided: bool = True) -> list[RatedResult]:
        where, args = [], []
        if guild_id is not None:
            where.append("guild_id = ?")
            args.append(guild_id)
        if not include_voided:
            where.append("voided = 0")
        query = _SELECT_RESULT + (" WHERE " + " AND ".join(where) if where else "")
        async with self._read() as db:
            rows = await db.execute_fetchall(query + " ORDER BY finished_at, game_id", args)
        return [_result(r) for r in rows]

    async def void_result(self, game_id: int, voided: bool, by_user: int | None,
                          ratings: Sequence[Rating]) -> None:
        values = _rating_values(ratings)

        def write(conn: sqlite3.Connection) -> None:
            row = conn.execute("SELECT guild_id FROM rated_results WHERE game_id = ?",
                               (game_id,)).fetchone()
            if row is None:
                raise StorageError(f"no rated result for game {game_id}")
            conn.execute("UPDATE rated_results SET voided = ?, voided_by = ? WHERE game_id = ?",
                         (int(voided), by_user if voided else None, game_id))
            conn.execute("DELETE FROM ratings WHERE guild_id = ?", (row[0],))
            conn.executemany(_UPSERT_RATING, values)

        await self._transaction(write)

    async def replace_ratings(self, guild_id: int, ratings: Sequence[Rating]) -> None:
        values = _rating_values(ratings)

        def write(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM ratings WHERE guild_id = ?", (guild_id,))
            conn.executemany(_UPSERT_RATING, values)

        await self._transaction(write)

    async def ratings(self, guild_id: int) -> list[Rating]:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT guild_id, user_id, mu, sigma, games, wins, updated_at FROM ratings"
                " WHERE guild_id = ? ORDER BY user_id", (guild_id,))
        return [Rating(*r) for r in rows]

    # ------------------------------------------------------------------ leagues (0005)
    async def create_league(self, league: LeagueRecord, season: SeasonRecord) -> tuple[int, int]:
        values = (league.guild_id, league.name, _dumps(league.settings), league.created_by,
                  float(league.created_at))

        def write(conn: sqlite3.Connection) -> tuple[int, int]:
            cur = conn.execute("INSERT INTO leagues (guild_id, name, settings, created_by,"
                               " created_at) VALUES (?, ?, ?, ?, ?)", values)
            assert cur.lastrowid is not None
            league_id = cur.lastrowid
            cur = conn.execute(
                "INSERT INTO league_seasons (league_id, number, status, started_at, ended_at)"
                " VALUES (?, ?, ?, ?, ?)", (league_id, season.number, season.status,
                                            season.started_at, season.ended_at))
            assert cur.lastrowid is not None
            return league_id, cur.lastrowid

        out: tuple[int, int] = await self._transaction(write)
        return out

    async def save_league(self, league: LeagueRecord) -> None:
        values = (league.name, _dumps(league.settings), league.id)

        def write(conn: sqlite3.Connection) -> None:
            cur = conn.execute("UPDATE leagues SET name = ?, settings = ? WHERE id = ?", values)
            if cur.rowcount != 1:
                raise StorageError(f"no league {league.id}")

        await self._transaction(write)

    async def leagues(self, guild_id: int | None = None,
                      league_id: int | None = None) -> list[LeagueRecord]:
        where, args = _where(guild_id=guild_id, id=league_id)
        query = ("SELECT id, guild_id, name, settings, created_by, created_at FROM leagues"
                 + where + " ORDER BY id")
        async with self._read() as db:
            rows = await db.execute_fetchall(query, args)
        return [LeagueRecord(i, g, n, json.loads(st), by, at) for i, g, n, st, by, at in rows]

    async def seasons(self, league_id: int) -> list[SeasonRecord]:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT id, league_id, number, status, started_at, ended_at FROM league_seasons"
                " WHERE league_id = ? ORDER BY number", (league_id,))
        return [SeasonRecord(*r) for r in rows]

    async def set_member(self, member: MemberRecord) -> None:
        values = (member.season_id, member.user_id, member.name, int(member.active),
                  float(member.joined_at))
        await self._transaction(lambda conn: conn.execute(
            "INSERT INTO league_members (season_id, user_id, name, active, joined_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (season_id, user_id) DO UPDATE SET"
            " name = excluded.name, active = excluded.active", values))

    async def members(self, season_id: int) -> list[MemberRecord]:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT season_id, user_id, name, active, joined_at FROM league_members"
                " WHERE season_id = ? ORDER BY joined_at, user_id", (season_id,))
        return [MemberRecord(s, u, n, bool(a), j) for s, u, n, a, j in rows]

    async def create_round(self, rnd: RoundRecord, tables: Sequence[TableRecord]) -> list[int]:
        table_values = [(t.season_id, t.round, t.number, t.game_id, _dumps(t.seats),
                         None if t.result is None else _dumps(t.result)) for t in tables]

        def write(conn: sqlite3.Connection) -> list[int]:
            try:
                conn.execute("INSERT INTO league_rounds (season_id, number, started_at,"
                             " started_by) VALUES (?, ?, ?, ?)",
                             (rnd.season_id, rnd.number, rnd.started_at, rnd.started_by))
            except sqlite3.IntegrityError as exc:
                raise StorageError(f"season {rnd.season_id} already has round {rnd.number}"
                                   ) from exc
            conn.execute("UPDATE league_seasons SET status = 'active' WHERE id = ?",
                         (rnd.season_id,))
            return _insert_ids(conn, "INSERT INTO league_tables (season_id, round, number,"
                               " game_id, seats, result) VALUES (?, ?, ?, ?, ?, ?)", table_values)

        out: list[int] = await self._transaction(write)
        return out

    async def rounds(self, season_id: int) -> list[RoundRecord]:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT season_id, number, started_at, started_by FROM league_rounds"
                " WHERE season_id = ? ORDER BY number", (season_id,))
        return [RoundRecord(*r) for r in rows]

    async def set_table_game(self, table_id: int, game_id: int | None) -> None:
        def write(conn: sqlite3.Connection) -> None:
            cur = conn.execute("UPDATE league_tables SET game_id = ? WHERE id = ?",
                               (game_id, table_id))
            if cur.rowcount != 1:
                raise StorageError(f"no league table {table_id}")

        await self._transaction(write)

    async def set_table_result(self, table_id: int, result: Any) -> bool:
        text = _dumps(result)

        def write(conn: sqlite3.Connection) -> bool:
            cur = conn.execute("UPDATE league_tables SET result = ? WHERE id = ?"
                               " AND result IS NULL", (text, table_id))
            return cur.rowcount == 1

        out: bool = await self._transaction(write)
        return out

    async def league_tables(self, season_id: int | None = None, *,
                            game_id: int | None = None) -> list[TableRecord]:
        where, args = _where(season_id=season_id, game_id=game_id)
        query = ("SELECT id, season_id, round, number, game_id, seats, result FROM league_tables"
                 + where
                 + " ORDER BY season_id, round, number")
        async with self._read() as db:
            rows = await db.execute_fetchall(query, args)
        return [TableRecord(i, s, r, n, g, json.loads(seats),
                            None if res is None else json.loads(res))
                for i, s, r, n, g, seats, res in rows]

    async def archive_season(self, season_id: int, standings: list[dict[str, Any]],
                             podium: list[dict[str, Any]], at: float,
                             next_season: SeasonRecord | None = None) -> int | None:
        values = (season_id, _dumps(standings), _dumps(podium), float(at))

        def write(conn: sqlite3.Connection) -> int | None:
            cur = conn.execute("UPDATE league_seasons SET status = 'finished', ended_at = ?"
                               " WHERE id = ? AND status != 'finished'", (at, season_id))
            if cur.rowcount != 1:
                raise StorageError(f"season {season_id} is unknown or already finished")
            conn.execute("INSERT INTO league_archive (season_id, standings, podium,"
                         " archived_at) VALUES (?, ?, ?, ?)", values)
            if next_season is None:
                return None
            cur = conn.execute(
                "INSERT INTO league_seasons (league_id, number, status, started_at, ended_at)"
                " VALUES (?, ?, ?, ?, ?)", (next_season.league_id, next_season.number,
                                            next_season.status, next_season.started_at,
                                            next_season.ended_at))
            return cur.lastrowid

        out: int | None = await self._transaction(write)
        return out

    async def season_archive(self, season_id: int
                             ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]] | None:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT standings, podium FROM league_archive WHERE season_id = ?",
                (season_id,))
        for standings, podium in rows:
            return json.loads(standings), json.loads(podium)
        return None

    # ------------------------------------------------------------------ coordination
    @asynccontextmanager
    async def lock(self, game_id: int) -> AsyncIterator[None]:
        """Exclusive access to one game (not re-entrant). An asyncio.Lock per game is enough in
        one process; a PostgreSQL store would take ``pg_advisory_xact_lock(game_id)`` instead.
        The entry is dropped when nobody holds or waits for it, so the dict stays small."""
        entry = self._game_locks.get(game_id)
        if entry is None:
            entry = self._game_locks[game_id] = (asyncio.Lock(), [0])
        lock, users = entry
        users[0] += 1
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if users[0] == 0:
                del self._game_locks[game_id]

    def notify(self, game_id: int, version: int) -> None:
        """Call every listener now (in this process; PostgreSQL would use NOTIFY). A failing
        listener is logged and does not stop the others."""
        for callback in list(self._listeners):
            try:
                callback(game_id, version)
            except Exception:
                log.exception("listener %r failed on game %d version %d", callback, game_id,
                              version)

    def listen(self, callback: Callable[[int, int], None]) -> Callable[[], None]:
        self._listeners.append(callback)

        def unsubscribe() -> None:
            if callback in self._listeners:
                self._listeners.remove(callback)

        return unsubscribe

    async def claim_scheduler(self) -> bool:
        return True  # one process owns the file

    def listen_timers(self, callback: Callable[[], None]) -> Callable[[], None]:
        return lambda: None  # no other process changes the timers


def decode_actions(game_id: int, rows: Iterable[Any]) -> list[ActionRecord]:
    """Action rows ``(seq, seat, action text, decision_id, submitted_by, at)`` as records;
    :class:`DamagedRecord` ``bad_json`` naming the first row whose action is not JSON."""
    out = []
    for seq, seat, action, decision_id, submitted_by, at in rows:
        try:
            value = json.loads(action)
        except (ValueError, TypeError) as exc:
            raise DamagedRecord(game_id, "bad_json", f"action {seq} is not JSON: {exc}",
                                seq) from exc
        out.append(ActionRecord(seq, seat, value, decision_id, submitted_by, at))
    return out


def _loads(text: Any, default: Any, name: str, bad: list[str]) -> Any:
    if text is None:
        return default
    try:
        return json.loads(text)
    except (ValueError, TypeError):
        bad.append(name)
        return default


def salvage(game: Any, seat_rows: list[Any], action_rows: list[Any]) -> Salvage:
    """A damaged game's rows decoded as far as they go (both stores): JSON that does not
    decode becomes its default and is named in ``bad_fields``."""
    bad: list[str] = []
    gid = game[0]
    seats = []
    for seat, name, user_id, ai_level, conceded, strikes, takeover, bank, votes, plan in seat_rows:
        voters = _loads(votes, [], f"seats[{seat}].votes", bad)
        queued = _loads(plan, None, f"seats[{seat}].plan", bad)
        seats.append(SeatRecord(
            seat, str(name), user_id, ai_level, bool(conceded), strikes or 0, bool(takeover),
            bank, voters if isinstance(voters, list) else [],
            queued if isinstance(queued, dict) else None))
    options = _loads(game[3], {}, "options", bad)
    discord = _loads(game[9], {}, "discord", bad)
    record = GameRecord(
        id=gid, status=game[1], variant=game[2],
        options=options if isinstance(options, dict) else {},
        setup=_loads(game[4], None, "setup", bad), seed=game[5], content_version=game[6],
        rules_version=game[7], host_user_id=game[8],
        discord=discord if isinstance(discord, dict) else {}, created_at=game[10],
        updated_at=game[11], seats=seats)
    actions = []
    for seq, seat, action, decision_id, submitted_by, at in action_rows:
        value = _loads(action, None, f"actions[{seq}]", [])
        actions.append(RawAction(seq, seat, value, action if value is None else None,
                                 decision_id, submitted_by, at))
    return Salvage(record, actions, bad)


def _damage(row: Any) -> DamageRecord:
    game_id, reason, detail, found_at, seq, told = row
    return DamageRecord(game_id, reason, detail, found_at, seq, bool(told))


async def _user_version(db: aiosqlite.Connection) -> int:
    async with db.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    assert row is not None
    return int(row[0])


def _game_values(record: GameRecord) -> tuple[Any, ...]:
    return (
        record.status, record.variant, _dumps(record.options),
        None if record.setup is None else _dumps(record.setup), record.seed,
        record.content_version, record.rules_version, record.host_user_id,
        _dumps(record.discord),
    )


_INSERT_SEAT = (
    "INSERT INTO seats (game_id, seat, name, user_id, ai_level, conceded, strikes, ai_takeover,"
    " bank, votes, plan) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")


def _where(**filters: Any) -> tuple[str, list[Any]]:
    """`` WHERE column = ? AND …`` for the filters that are not None, with their values."""
    pairs = [(column, value) for column, value in filters.items() if value is not None]
    if not pairs:
        return "", []
    return " WHERE " + " AND ".join(f"{c} = ?" for c, _ in pairs), [v for _, v in pairs]


def _seat_values(game_id: int, seats: list[SeatRecord]) -> list[tuple[Any, ...]]:
    return [(game_id, s.seat, s.name, s.user_id, s.ai_level, int(s.conceded), s.strikes,
             int(s.ai_takeover), s.bank, _dumps(s.votes),
             None if s.plan is None else _dumps(s.plan)) for s in seats]


async def _insert_seats(db: aiosqlite.Connection, game_id: int,
                        seats: list[SeatRecord]) -> None:
    await db.executemany(_INSERT_SEAT, _seat_values(game_id, seats))


def _timer_values(timers: Sequence[TimerRecord]) -> list[tuple[Any, ...]]:
    """Timers as rows to insert (checked and serialised before any transaction)."""
    out = []
    for t in timers:
        if t.kind not in TIMER_KINDS:
            raise StorageError(f"unknown timer kind {t.kind!r} (expected one of {TIMER_KINDS})")
        out.append((t.game_id, t.seat, t.kind, float(t.due), t.decision_id, _dumps(t.payload)))
    return out


def _change_timers(conn: sqlite3.Connection, deleted: list[tuple[int]],
                   added: list[tuple[Any, ...]]) -> list[int]:
    """Delete and insert timers inside the caller's transaction; the new ids in order."""
    if deleted:
        conn.executemany("DELETE FROM timers WHERE id = ?", deleted)
    return _insert_ids(conn, "INSERT INTO timers (game_id, seat, kind, due, decision_id,"
                       " payload) VALUES (?, ?, ?, ?, ?, ?)", added)


def _insert_ids(conn: sqlite3.Connection, sql: str,
                rows: Iterable[tuple[Any, ...]]) -> list[int]:
    """Insert each row (in the caller's transaction); the new row ids in order."""
    ids = []
    for values in rows:
        cur = conn.execute(sql, values)
        assert cur.lastrowid is not None
        ids.append(cur.lastrowid)
    return ids


_SELECT_RESULT = ("SELECT game_id, guild_id, finished_at, ranks, voided, voided_by, recorded_at"
                  " FROM rated_results")
_UPSERT_RATING = (
    "INSERT INTO ratings (guild_id, user_id, mu, sigma, games, wins, updated_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
    " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, wins = excluded.wins,"
    " updated_at = excluded.updated_at")


def _rating_values(ratings: Sequence[Rating]) -> list[tuple[Any, ...]]:
    return [(r.guild_id, r.user_id, float(r.mu), float(r.sigma), r.games, r.wins,
             float(r.updated_at)) for r in ratings]


def _result(row: Any) -> RatedResult:
    game_id, guild_id, finished_at, ranks, voided, voided_by, recorded_at = row
    return RatedResult(game_id, guild_id, finished_at, json.loads(ranks), bool(voided),
                       voided_by, recorded_at)


if TYPE_CHECKING:  # mypy checks that SqliteStore implements the protocol
    from .base import Store

    def _is_a_store(store: SqliteStore) -> Store:
        return store
