"""The embedded store: one SQLite file, one process (see docs/service.md, "Storage").

The SQL of every method is :class:`~bot.storage.store.SqlStore`'s; this module is how it runs
on SQLite:

* WAL journal with ``synchronous=FULL``: a write method returns only after its transaction is
  in the WAL *and* fsynced, so an acknowledged action survives a process kill, an OS crash and
  a power loss (``NORMAL`` would survive only the first). It costs one fsync per commit, which
  at the pace of human moves is nothing.
* One aiosqlite connection (one worker thread) guarded by an asyncio lock: a read is ONE job
  on that thread, and each write is one ``BEGIN IMMEDIATE … COMMIT`` (rolled back on any
  error), group-committed with the writes queued behind it (:meth:`SqliteStore._transaction`);
  no other task's statement can land inside it. Reads take the same lock, so they never see
  another task's uncommitted rows.
* Numbered migrations (``migrations/NNNN_name.sql``, :mod:`bot.storage.schema`) applied at
  :meth:`SqliteStore.open`, each in its own transaction, tracked by ``PRAGMA user_version``; a
  database newer than the code is refused.
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
import logging
import os
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiosqlite

from .base import (
    BUSY,
    DISK_FULL,
    GONE,
    IO_ERROR,
    READ_ONLY,
    FaultEpisodes,
    StorageError,
    StorageUnavailable,
)
from .chain_fill import fill_chains
from .dialect import Body, Dialect, Param, Row, T
from .schema import load_migrations
from .store import SqlStore

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5000  # only another process (a backup, the sqlite3 shell) can hold the lock
MARKER_SUFFIX = ".id"  # the identity marker beside the database: <file>.id
IDENTITY_KEY = "identity"
# RETURNING (3.35) and UPSERT (3.24), used by the store's SQL
MIN_SQLITE = (3, 35, 0)

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
_UNIQUE = (sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY)


class SqliteDialect(Dialect):
    """SQLite's spelling: the neutral SQL is SQLite's own, but for the fragments."""

    name = "sqlite"
    fragments = {"greatest": "max", "revision": "NULL", "bump": ""}
    integrity_errors = (sqlite3.IntegrityError,)

    def unique_violation(self, exc: BaseException) -> bool:
        return getattr(exc, "sqlite_errorcode", None) in _UNIQUE


class SqliteTx:
    """A :class:`~bot.storage.dialect.Tx` over the sqlite3 connection, used on its own
    thread only: every coroutine returns without suspending."""

    __slots__ = ("_conn", "_sql")

    def __init__(self, conn: sqlite3.Connection, dialect: Dialect) -> None:
        self._conn = conn
        self._sql = dialect.sql

    async def execute(self, sql: str, args: Sequence[Param] = ()) -> int:
        return self._conn.execute(self._sql(sql), args).rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Param]]) -> None:
        self._conn.executemany(self._sql(sql), rows)

    async def fetchall(self, sql: str, args: Sequence[Param] = ()) -> list[Row]:
        return self._conn.execute(self._sql(sql), args).fetchall()

    async def fetchone(self, sql: str, args: Sequence[Param] = ()) -> Row | None:
        # fetchall: the statement runs to its end (a RETURNING statement is reset before the
        # savepoint is released)
        rows = self._conn.execute(self._sql(sql), args).fetchall()
        return rows[0] if rows else None

    async def fetchval(self, sql: str, args: Sequence[Param] = ()) -> Any:
        row = await self.fetchone(sql, args)
        return None if row is None else row[0]


def run_to_end(body: Body[T], tx: SqliteTx) -> T:
    """Run ``body(tx)`` to its end here, on the connection's thread: it never suspends (its
    awaits are on ``tx`` only, which return at once)."""
    coro = body(tx)
    try:
        coro.send(None)
    except StopIteration as stop:
        out: T = stop.value
        return out
    coro.close()
    raise RuntimeError("a SQLite transaction body suspended: it may await only its Tx")


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


class SqliteStore(SqlStore):
    """:class:`bot.storage.base.Store` on one SQLite file (``":memory:"`` for a throw-away)."""

    dialect = SqliteDialect()

    def __init__(self, path: str | Path, *, clock: Callable[[], float] = time.time,
                 create: bool = False, marker: bool = True) -> None:
        super().__init__(clock=clock)
        self.path = path if str(path) == ":memory:" else Path(path)
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
        self._db_lock = asyncio.Lock()  # one task at a time on the connection
        # group commit: transactions waiting for their turn, run together by one "leader"
        self._pending: list[tuple[Body[Any], asyncio.Future[Any]]] = []
        self._leading = False

    # ------------------------------------------------------------------ connection, schema
    async def open(self) -> None:
        if self._db is not None:
            return
        if sqlite3.sqlite_version_info < MIN_SQLITE:
            raise StorageError(f"SQLite {sqlite3.sqlite_version} is too old: the store needs "
                               f"{'.'.join(map(str, MIN_SQLITE))} or later")
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
        await fill_chains(self)  # the Python step of migration 0009 (resumable)

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
        return int(await self._run(lambda tx: tx.fetchval("PRAGMA user_version")))

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

    async def _run(self, body: Body[T], *, write: bool = False, snapshot: bool = False) -> T:
        """A write is group-committed (:meth:`_transaction`); a read is one job on the
        connection's thread under the connection's lock (which no write holds meanwhile, so
        its statements see one state: ``snapshot`` needs nothing more)."""
        if write:
            out: T = await self._transaction(body)
            return out
        async with self._db_lock:
            db = self._conn()
            with self._faults():
                result: T = await db._execute(lambda: run_to_end(body, SqliteTx(db._conn,
                                                                                self.dialect)))
            return result

    def _fault(self, exc: BaseException) -> StorageUnavailable | None:
        return storage_fault(exc)

    async def _transaction(self, body: Body[Any]) -> Any:
        """Run ``body`` as one atomic write, committed (fsynced) before this returns.

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
        ``_execute`` (aiosqlite is pinned in pyproject.toml; tests/bot/storage/test_storage.py
        exercises this path)."""
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending.append((body, fut))
        if not self._leading:
            # the batches run in their own task: a cancelled caller never strands the others
            # (their writes commit and they learn it)
            self._leading = True
            drain = asyncio.ensure_future(self._drain())
            drain.add_done_callback(lambda t: t.cancelled() or t.exception())
        return await fut

    async def _drain(self) -> None:
        try:
            while self._pending:
                # the connection's lock is taken per batch: a read waiting for it (FIFO)
                # goes between two batches instead of waiting while writes keep coming
                async with self._db_lock:
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

    async def _run_batch(self, batch: list[tuple[Body[Any], asyncio.Future[Any]]]) -> None:
        db = self._conn() if self._db is not None else None
        try:
            if db is None:
                raise StorageError("the store is not open (call open() first)")
            bodies = [body for body, _ in batch]

            def job() -> list[tuple[bool, Any]]:
                conn = db._conn  # the sqlite3 connection, used only on its own thread here
                tx = SqliteTx(conn, self.dialect)
                self._check_file()
                conn.execute("BEGIN IMMEDIATE")
                outcomes: list[tuple[bool, Any]] = []
                try:
                    for body in bodies:
                        conn.execute("SAVEPOINT w")
                        try:
                            out = run_to_end(body, tx)
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
        async with self._db_lock:
            db = self._conn()

            def job() -> None:
                out = sqlite3.connect(dest)
                try:
                    db._conn.backup(out)
                finally:
                    out.close()

            with self._faults():
                await db._execute(job)

    # ------------------------------------------------------------------ coordination
    async def claim_scheduler(self) -> bool:
        return True  # one process owns the file


async def _user_version(db: aiosqlite.Connection) -> int:
    async with db.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    assert row is not None
    return int(row[0])


if TYPE_CHECKING:  # mypy checks that SqliteStore implements the protocol
    from .base import Store

    def _is_a_store(store: SqliteStore) -> Store:
        return store
