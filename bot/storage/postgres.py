"""The shared store: one PostgreSQL database, several bot processes (asyncpg).

The SQL of every method is :class:`~bot.storage.store.SqlStore`'s, the same as SQLite's but
for the placeholders (``$1`` …) and the fragments of :class:`PostgresDialect` — JSON kept as
TEXT exactly as SQLite's store writes it (:func:`bot.storage.rows.dumps`), read back with
``json.loads``, so both return equal Python values. This module is how it runs here, plus what
several processes need:

* **Connections.** A pool for reads and writes; each write method is one transaction on one
  pooled connection (``_write``), committed before it returns. Isolation is PostgreSQL's READ
  COMMITTED; the writes of one game are serialised by the row lock of its ``games`` row, which
  every game write updates first (``revision``). A second pool holds the game locks' connections
  only, so that a task holding a game lock can always get a connection for its writes; a lock
  taken inside another one (a user's games, locked in id order) opens a connection of its own
  rather than wait for that pool, which the task itself may have drained.
* **Game locks.** :meth:`PostgresStore.lock` holds the session-level advisory lock
  ``(GAME_LOCKS, game_id)`` on a connection for the block (released at its end, or by the
  server when the connection dies). Then, before it yields, it reads the game's ``revision``
  (+1 on every write of the game): when this process saw an older one (the store remembers
  the revision of every game it loaded or wrote), another process changed the game, and every
  listener is called with ``(game_id, -1)`` so the service drops its copy and reloads it under
  the lock. A :meth:`load_game` that finds a newer revision than the one seen calls them the
  same way at once (the copy in memory is stale even when that load does not replace it).
* **Change notices.** :meth:`notify` calls this process's listeners at once and sends
  ``NOTIFY hadara_games, '<game>:<version>:<token>'``; the write methods that change timers
  send ``NOTIFY hadara_timers, '<token>'`` after their commit. A dedicated connection LISTENs
  to both and calls the listeners of this store for the notices of other stores (another
  token); it reconnects when lost, and then calls the timer listeners (notices may have been
  missed meanwhile). Notices are sent in order by one task, after the commit they follow.
* **The scheduler.** :meth:`claim_scheduler` takes the advisory lock ``(SYSTEM_LOCKS,
  SCHEDULER)`` with ``pg_try_advisory_lock`` on a connection of its own, kept until
  :meth:`close` (or until it dies: the server then releases the lock, and another process
  takes over at its next claim).
* **Migrations** (the one list ``migrations/NNNN_name.sql``, each replaced by its override
  ``migrations_pg/NNNN_name.sql`` where there is one: :mod:`bot.storage.schema`) run at
  :meth:`open`, each in one transaction holding the advisory lock ``(SYSTEM_LOCKS,
  MIGRATIONS)``, so processes starting together migrate once; the version is the one row of
  ``schema_version``. A database newer than the code is refused.

* **Faults.** A lost connection (the server restarted, the backend terminated, the network),
  a full disk or a read-only server raise :class:`~bot.storage.base.StorageUnavailable` from
  every read, write and game lock (never a raw asyncpg error); the pool replaces dead
  connections, so the next call after the fault works again. Each episode is logged once.

``self._read()`` (an async context manager yielding a pooled asyncpg connection) and
``self._write()`` (the same inside one transaction: committed at the end of the block, rolled
back on an error) are what :meth:`PostgresStore._run` runs the store's transaction bodies on.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager, suppress
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any

import asyncpg  # type: ignore[import-untyped]

from .base import (
    BUSY,
    CONNECTION,
    DISK_FULL,
    READ_ONLY,
    FaultEpisodes,
    StorageError,
    StorageUnavailable,
)
from .chain_fill import fill_chains
from .dialect import Body, Dialect, Param, Row, T, numbered_placeholders
from .schema import load_migrations
from .store import SqlStore
from .urls import parse, redact, scrub

log = logging.getLogger(__name__)

# PostgreSQL's own versions of migrations whose SQL differs from the shared ones (0001–0007)
OVERRIDES_DIR = Path(__file__).with_name("migrations_pg")

# Advisory lock keys, in the two-int form (key1, key2); key1 is a name space of this bot's own,
# so other applications sharing the database are unlikely to collide with it.
GAME_LOCKS = 0x48616401  # ("Had", 1): key2 is the game id (wrapped to 32 bits)
SYSTEM_LOCKS = 0x48616400  # ("Had", 0): key2 below
SCHEDULER = 1  # held by the process that runs the deadline scheduler
MIGRATIONS = 2  # held (per transaction) while migrating

GAMES_CHANNEL = "hadara_games"  # payload "<game_id>:<version>:<token>"
TIMERS_CHANNEL = "hadara_timers"  # payload "<token>"

_SCHEMA_VERSION_TABLE = (
    "CREATE TABLE schema_version ("
    " singleton BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (singleton),"
    " version INTEGER NOT NULL CHECK (version >= 0))")

# what a lost or broken connection raises (the server is gone, the socket was closed …)
_CONNECTION_ERRORS = (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError,
                      asyncpg.InternalClientError)


def storage_fault(exc: BaseException) -> StorageUnavailable | None:
    """The :class:`StorageUnavailable` an asyncpg (or socket) error stands for, or None for
    an error of the statement itself (a constraint, bad SQL)."""
    if isinstance(exc, StorageUnavailable):
        return exc
    text = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, asyncpg.DiskFullError):
        return StorageUnavailable(DISK_FULL, text)
    if isinstance(exc, asyncpg.ReadOnlySQLTransactionError):
        return StorageUnavailable(READ_ONLY, text)
    if isinstance(exc, asyncpg.QueryCanceledError | asyncpg.LockNotAvailableError
                  | asyncpg.DeadlockDetectedError | asyncpg.SerializationError):
        return StorageUnavailable(BUSY, text)
    if isinstance(exc, asyncpg.PostgresConnectionError | asyncpg.OperatorInterventionError
                  | asyncpg.InsufficientResourcesError | asyncpg.InterfaceError
                  | asyncpg.InternalClientError | OSError | TimeoutError):
        return StorageUnavailable(CONNECTION, text)
    return None


# the stores (tokens) whose game lock a task holds, with that task: a lock taken inside
# another by the same task does not wait for the lock pool (a task locking more games than it
# has connections would wait for itself). The task is part of the mark because a context
# variable is inherited: a task started while a lock is held (an update's subscriber) does not
# hold it, and takes its own locks from the pool like anyone
_HOLDING: ContextVar[frozenset[tuple[str, asyncio.Task[Any] | None]]] = ContextVar(
    "hadara_game_locks", default=frozenset())


def _game_key(game_id: int) -> int:
    """The game id as a signed 32-bit key (the same number below 2**31; above, ids 2**32 apart
    share a lock, which only makes it coarser)."""
    return (game_id + 2**31) % 2**32 - 2**31


async def _keep_session(conn: asyncpg.Connection) -> None:
    """Return a connection to its pool as it is. asyncpg's default reset runs
    ``pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL`` on every release — a round
    trip per query here. These pools hold no session state: transactions end in their block,
    a game lock is released explicitly (a connection that may still hold one is terminated
    instead), and LISTEN and the scheduler's lock have connections of their own."""


class PostgresDialect(Dialect):
    """PostgreSQL's spelling of the neutral SQL: ``$1`` … for ``?``; ``GREATEST``; the
    ``revision`` column its game lock compares (migrations_pg/0001)."""

    name = "postgresql"
    fragments = {"greatest": "GREATEST", "revision": "revision",
                 "bump": ", revision = revision + 1"}
    integrity_errors = (asyncpg.IntegrityConstraintViolationError,)

    def translate(self, text: str) -> str:
        return numbered_placeholders(text)

    def unique_violation(self, exc: BaseException) -> bool:
        return isinstance(exc, asyncpg.UniqueViolationError)


class PgTx:
    """A :class:`~bot.storage.dialect.Tx` over an asyncpg connection."""

    __slots__ = ("_conn", "_sql")

    def __init__(self, conn: asyncpg.Connection, dialect: Dialect) -> None:
        self._conn = conn
        self._sql = dialect.sql

    async def execute(self, sql: str, args: Sequence[Param] = ()) -> int:
        return _count(await self._conn.execute(self._sql(sql), *args))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Param]]) -> None:
        rows = rows if isinstance(rows, list) else list(rows)
        if rows:
            await self._conn.executemany(self._sql(sql), rows)

    async def fetchall(self, sql: str, args: Sequence[Param] = ()) -> list[Row]:
        rows: list[Row] = await self._conn.fetch(self._sql(sql), *args)
        return rows

    async def fetchone(self, sql: str, args: Sequence[Param] = ()) -> Row | None:
        row: Row | None = await self._conn.fetchrow(self._sql(sql), *args)
        return row

    async def fetchval(self, sql: str, args: Sequence[Param] = ()) -> Any:
        return await self._conn.fetchval(self._sql(sql), *args)


def _count(status: str) -> int:
    """The row count of a command tag: ``"UPDATE 1"`` → 1, ``"INSERT 0 1"`` → 1."""
    return int(status.rsplit(" ", 1)[-1])


class PostgresStore(SqlStore):
    """:class:`bot.storage.base.Store` on a PostgreSQL database shared by several processes."""

    #: other processes may share the database (the service keeps checking its scheduler claim)
    shared = True

    # Connections per process, at most: POOL_SIZE + LOCK_CONNECTIONS + 2 (LISTEN, scheduler);
    # the lock pool's are opened on demand and closed after 5 idle minutes.
    POOL_SIZE = 10  # for reads and writes
    LOCK_CONNECTIONS = 16  # game locks held at once by this process (more wait)
    PING_EVERY = 30.0  # seconds between checks that the LISTEN connection is alive
    CLOSE_TIMEOUT = 10.0

    dialect = PostgresDialect()

    def __init__(self, url: str, *, clock: Callable[[], float] = time.time) -> None:
        super().__init__(clock=clock)
        self.url = parse(url).dsn  # asyncpg's spelling
        self.token = secrets.token_hex(8)  # tells this store's notices from other processes'
        self._pool: asyncpg.Pool | None = None
        self._lock_pool: asyncpg.Pool | None = None
        self._listener: asyncpg.Connection | None = None  # the LISTEN connection
        self._listener_lost = asyncio.Event()
        self._watcher: asyncio.Task[None] | None = None  # keeps the LISTEN connection up
        self._outbox: asyncio.Queue[tuple[str, str] | None] = asyncio.Queue()
        self._sender: asyncio.Task[None] | None = None
        self._scheduler_conn: asyncpg.Connection | None = None
        self._scheduling = False
        self._scheduler_lock = asyncio.Lock()
        self._closing = False
        self.faults = FaultEpisodes(log, redact(self.url))

    # ------------------------------------------------------------------ connection, schema
    async def open(self) -> None:
        if self._pool is not None:
            return
        self._closing = False
        try:
            pool = await asyncpg.create_pool(
                self.url, min_size=1, max_size=self.POOL_SIZE, reset=_keep_session,
                server_settings={"application_name": "hadara"})
        except (*_CONNECTION_ERRORS, ValueError) as exc:
            # a driver's message may quote the URL: no password leaves with it
            raise StorageError(scrub(f"cannot connect to {redact(self.url)}: {exc}", self.url)
                               ) from exc
        try:
            async with pool.acquire() as conn:
                await self._migrate(conn)
            lock_pool = await asyncpg.create_pool(
                self.url, min_size=0, max_size=self.LOCK_CONNECTIONS, reset=_keep_session,
                server_settings={"application_name": "hadara locks"})
        except BaseException:
            pool.terminate()
            raise
        self._pool, self._lock_pool = pool, lock_pool
        try:
            await self._listen_connect()
        except BaseException:
            await self._close_pools()
            raise
        self._outbox = asyncio.Queue()
        self._sender = asyncio.create_task(self._send_notices(), name="hadara NOTIFY")
        self._watcher = asyncio.create_task(self._watch_listener(), name="hadara LISTEN")
        await fill_chains(self)  # the Python step of migration 0009 (resumable)

    async def close(self) -> None:
        if self._pool is None:
            return
        self._closing = True
        if self._sender is not None:  # the notices already queued go out first
            self._outbox.put_nowait(None)
            try:
                await asyncio.wait_for(asyncio.shield(self._sender), self.CLOSE_TIMEOUT)
            except Exception:
                log.warning("notices not sent before closing the store")
            self._sender.cancel()
            self._sender = None
        if self._watcher is not None:
            self._watcher.cancel()
            await asyncio.gather(self._watcher, return_exceptions=True)
            self._watcher = None
        listener, self._listener = self._listener, None
        if listener is not None:
            await _close_connection(listener)
        async with self._scheduler_lock:
            conn, self._scheduler_conn, self._scheduling = self._scheduler_conn, None, False
            if conn is not None:
                await _close_connection(conn)  # the server releases the scheduler lock
        await self._close_pools()

    async def _close_pools(self) -> None:
        pools = [self._lock_pool, self._pool]
        self._pool = self._lock_pool = None
        for pool in pools:
            if pool is None:
                continue
            try:
                await asyncio.wait_for(pool.close(), self.CLOSE_TIMEOUT)
            except (TimeoutError, *_CONNECTION_ERRORS):
                pool.terminate()

    async def schema_version(self) -> int:
        async with self._read() as conn:
            return await _schema_version(conn)

    @staticmethod
    async def _migrate(conn: asyncpg.Connection) -> None:
        migrations = load_migrations(overrides=OVERRIDES_DIR)
        newest = len(migrations)
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", SYSTEM_LOCKS, MIGRATIONS)
            if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
                await conn.execute(_SCHEMA_VERSION_TABLE)
                await conn.execute("INSERT INTO schema_version (version) VALUES (0)")
            current = await _schema_version(conn)
        if current > newest:
            raise StorageError(f"database schema version {current} is newer than this bot "
                               f"({newest}); upgrade the bot")
        for migration in migrations[current:]:
            try:
                async with conn.transaction():
                    await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", SYSTEM_LOCKS,
                                       MIGRATIONS)
                    # another process may have migrated between our read and our lock
                    if await _schema_version(conn) >= migration.version:
                        continue
                    await conn.execute(migration.sql)
                    await conn.execute("UPDATE schema_version SET version = $1",
                                       migration.version)
            except asyncpg.PostgresError as exc:
                raise StorageError(f"migration {migration.name} failed: {exc}") from exc
            log.info("database migrated to schema version %d (%s)", migration.version,
                     migration.name)

    def _pool_(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StorageError("the store is not open (call open() first)")
        return self._pool

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[asyncpg.Connection]:
        """A pooled connection for the block (statements outside a transaction)."""
        pool = self._pool_()
        with self._faults():
            async with pool.acquire() as conn:
                yield conn

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[asyncpg.Connection]:
        """One transaction: committed if the block ends normally, rolled back otherwise. A
        lost connection, a full disk … raise StorageUnavailable (the pool replaces the
        connection: the next write works once the server is back)."""
        pool = self._pool_()
        with self._faults():
            async with pool.acquire() as conn, conn.transaction():
                yield conn
        self.faults.ok()

    def _fault(self, exc: BaseException) -> StorageUnavailable | None:
        return storage_fault(exc)

    async def _run(self, body: Body[T], *, write: bool = False, snapshot: bool = False) -> T:
        """A write on a pooled connection in one transaction (:meth:`_write`); a read on a
        pooled connection (:meth:`_read`), with ``snapshot`` in one REPEATABLE READ read-only
        transaction."""
        if write:
            async with self._write() as conn:
                out = await body(PgTx(conn, self.dialect))
                if self.before_commit is not None:
                    self.before_commit()
            return out
        async with self._read() as conn:
            if not snapshot:
                return await body(PgTx(conn, self.dialect))
            async with conn.transaction(isolation="repeatable_read", readonly=True):
                return await body(PgTx(conn, self.dialect))

    # ------------------------------------------------------------------ coordination
    @asynccontextmanager
    async def _hold(self, game_id: int) -> AsyncIterator[None]:
        """Across processes: the advisory lock ``(GAME_LOCKS, game_id)`` on a connection held
        for the block (from the lock pool; a lock taken inside another opens a connection of
        its own), taken after this process's asyncio lock of the game (so one connection at
        most waits per game). Before it yields: when another process changed the game since
        this one loaded or wrote it, every listener is called with ``(game_id, -1)``."""
        with self._faults():  # taking or giving back the lock (the block's own: counted there)
            async with self._game_lock(game_id):
                yield

    @asynccontextmanager
    async def _game_lock(self, game_id: int) -> AsyncIterator[None]:
        pool = self._lock_pool
        if pool is None:
            raise StorageError("the store is not open (call open() first)")
        key = _game_key(game_id)
        holding = _HOLDING.get()
        mark = (self.token, asyncio.current_task())
        nested = mark in holding
        if nested:
            # a lock inside another (several games in id order): a connection of its own,
            # never a wait for the lock pool, which this task may have drained itself
            conn = await asyncpg.connect(self.url,
                                         server_settings={"application_name": "hadara locks"})
        else:
            conn = await pool.acquire()
        marked = _HOLDING.set(holding | {mark})
        try:
            try:
                await conn.execute("SELECT pg_advisory_lock($1, $2)", GAME_LOCKS, key)
                revision = await conn.fetchval("SELECT revision FROM games WHERE id = $1",
                                               game_id)
            except BaseException:
                # cancelled or failed while taking it: the lock may be held or not; ending
                # the session releases it either way
                _terminate(conn)
                raise
            self._locked(game_id, revision)
            try:
                yield
            finally:
                try:
                    released = await conn.fetchval("SELECT pg_advisory_unlock($1, $2)",
                                                   GAME_LOCKS, key)
                except _CONNECTION_ERRORS as exc:
                    # the connection died in the block: the server released the lock then
                    _terminate(conn)
                    log.error("the lock of game %d was lost while held: %s", game_id, exc)
                except BaseException:
                    _terminate(conn)  # cancelled: the server releases it with the session
                    raise
                else:
                    if not released:
                        log.error("the lock of game %d was not held at its end", game_id)
        finally:
            _HOLDING.reset(marked)
            if nested:
                await _close_connection(conn)
            else:
                await pool.release(conn)

    def _announce(self, game_id: int, version: int) -> None:
        """``NOTIFY hadara_games`` (sent after the notices queued before)."""
        self._send(GAMES_CHANNEL, f"{game_id}:{version}:{self.token}")

    async def claim_scheduler(self) -> bool:
        """Whether this process runs the deadline scheduler: ``pg_try_advisory_lock`` on a
        connection of its own, kept until :meth:`close`. Idempotent: True again while it is
        held (its connection is checked first: if it died, the server released the lock and
        it is claimed again). A database out of reach: False (logged)."""
        async with self._scheduler_lock:
            if self._pool is None:
                raise StorageError("the store is not open (call open() first)")
            for attempt in (1, 2):  # a dead connection is replaced once
                conn = self._scheduler_conn
                try:
                    if conn is None or conn.is_closed():
                        self._scheduling = False
                        conn = self._scheduler_conn = await asyncpg.connect(
                            self.url,
                            server_settings={"application_name": "hadara scheduler"})
                    if self._scheduling:
                        await asyncio.wait_for(conn.execute("SELECT 1"), self.CLOSE_TIMEOUT)
                    else:  # (never twice on one session: the lock would be counted twice)
                        self._scheduling = bool(await asyncio.wait_for(conn.fetchval(
                            "SELECT pg_try_advisory_lock($1, $2)", SYSTEM_LOCKS, SCHEDULER),
                            self.CLOSE_TIMEOUT))
                    return self._scheduling
                except _CONNECTION_ERRORS as exc:
                    if conn is not None:
                        _terminate(conn)  # whatever it held, the server releases
                    self._scheduler_conn, self._scheduling = None, False
                    if attempt == 2:
                        log.warning("cannot claim the scheduler: %s", exc)
            return False

    # ------------------------------------------------------------------ notices
    def _timers_changed(self) -> None:
        """After a committed write that changed timers: tell the other processes."""
        self._send(TIMERS_CHANNEL, self.token)

    def _send(self, channel: str, payload: str) -> None:
        if self._sender is not None and not self._sender.done():
            self._outbox.put_nowait((channel, payload))

    async def _send_notices(self) -> None:
        """Send the queued notices in order, each batch in one statement."""
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty():
                batch.append(self._outbox.get_nowait())
            notices = [item for item in batch if item is not None]
            if notices:
                try:
                    async with self._read() as conn:
                        await conn.execute(
                            "SELECT pg_notify(c, p) FROM unnest($1::text[], $2::text[])"
                            " AS n (c, p)", [c for c, _ in notices], [p for _, p in notices])
                except Exception:
                    # lost: the other processes see a changed game at its lock anyway
                    log.exception("could not send %d change notices", len(notices))
            if len(notices) < len(batch):  # close() queued None: all before it are sent
                return

    def _on_notice(self, conn: asyncpg.Connection, pid: int, channel: str, payload: str) -> None:
        """A NOTIFY from the LISTEN connection (this store's own are ignored)."""
        if channel == TIMERS_CHANNEL:
            if payload != self.token:
                self._call_timer_listeners()
            return
        try:
            game, version, token = payload.split(":", 2)
            game_id, number = int(game), int(version)
        except ValueError:
            log.warning("ignoring a malformed notice on %s: %r", channel, payload[:100])
            return
        if token != self.token:
            self._call_listeners(game_id, number)

    async def _listen_connect(self) -> None:
        conn = await asyncpg.connect(self.url,
                                     server_settings={"application_name": "hadara listen"})
        try:
            lost = asyncio.Event()
            conn.add_termination_listener(lambda _conn: lost.set())
            await conn.add_listener(GAMES_CHANNEL, self._on_notice)
            await conn.add_listener(TIMERS_CHANNEL, self._on_notice)
        except BaseException:
            _terminate(conn)
            raise
        self._listener, self._listener_lost = conn, lost

    async def _watch_listener(self) -> None:
        """Keep the LISTEN connection up: ping it now and then; when it is lost, reconnect
        (with a growing pause) and then call the timer listeners, since notices sent
        meanwhile were missed (a changed game shows at its lock anyway)."""
        while not self._closing:
            lost = self._listener_lost
            try:
                await asyncio.wait_for(lost.wait(), self.PING_EVERY)
            except TimeoutError:
                listener = self._listener
                assert listener is not None  # set while this task runs: close() cancels it first
                try:
                    await asyncio.wait_for(listener.execute("SELECT 1"), self.CLOSE_TIMEOUT)
                    continue
                except _CONNECTION_ERRORS:
                    _terminate(listener)
            if self._closing:
                return
            log.warning("the LISTEN connection was lost; reconnecting")
            pause = 0.5
            while not self._closing:
                try:
                    await self._listen_connect()
                    break
                except Exception as exc:
                    log.warning("reconnecting the LISTEN connection failed: %s", exc)
                    await asyncio.sleep(pause)
                    pause = min(pause * 2, 30.0)
            else:
                return
            log.info("the LISTEN connection is back")
            self._call_timer_listeners()


def _terminate(conn: asyncpg.Connection) -> None:
    """End a connection's session now (the server releases its locks); a pooled one that
    died was given back to its pool already."""
    with suppress(asyncpg.InterfaceError):
        conn.terminate()


async def _close_connection(conn: asyncpg.Connection) -> None:
    try:
        await asyncio.wait_for(conn.close(), PostgresStore.CLOSE_TIMEOUT)
    except (TimeoutError, *_CONNECTION_ERRORS):
        _terminate(conn)


async def _schema_version(conn: asyncpg.Connection) -> int:
    if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
        return 0
    return int(await conn.fetchval("SELECT version FROM schema_version"))


if TYPE_CHECKING:  # mypy checks that PostgresStore implements the protocol
    from .base import Store

    def _is_a_store(store: PostgresStore) -> Store:
        return store
