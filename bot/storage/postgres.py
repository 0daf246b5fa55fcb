"""The shared store: one PostgreSQL database, several bot processes (asyncpg).

The same data and the same semantics as :class:`bot.storage.sqlite.SqliteStore` — JSON kept as
TEXT exactly as that store writes it (its ``_dumps``), read back with ``json.loads``, so both
return equal Python values — plus what several processes need:

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
* **Migrations** (``migrations_pg/NNNN_name.sql``, numbered like the SQLite ones) run at
  :meth:`open`, each in one transaction holding the advisory lock ``(SYSTEM_LOCKS,
  MIGRATIONS)``, so processes starting together migrate once; the version is the one row of
  ``schema_version``. A database newer than the code is refused.

* **Faults.** A lost connection (the server restarted, the backend terminated, the network),
  a full disk or a read-only server raise :class:`~bot.storage.base.StorageUnavailable` from
  every read, write and game lock (never a raw asyncpg error); the pool replaces dead
  connections, so the next call after the fault works again. Each episode is logged once.

The league and rating methods come from :class:`~bot.storage.postgres_leagues.PostgresLeagues`,
which relies on ``self._read()`` (an async context manager yielding a pooled asyncpg
connection), ``self._write()`` (the same inside one transaction: committed at the end of the
block, rolled back on an error) and ``self.clock``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager, suppress
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any

import asyncpg  # type: ignore[import-untyped]

from .base import (
    ACTIVE,
    BUSY,
    CONNECTION,
    DISK_FULL,
    LOBBY,
    READ_ONLY,
    ActionRecord,
    DamagedRecord,
    DamageRecord,
    FaultEpisodes,
    GameRecord,
    Salvage,
    SeatRecord,
    SettingsTables,
    StorageError,
    StorageUnavailable,
    StoredGame,
    TimerRecord,
    Vacation,
)
from .postgres_leagues import PostgresLeagues
from .sqlite import (
    _check_statuses,
    _damage,
    _dumps,
    _game_values,
    _timer_values,
    decode_actions,
    load_migrations,
    salvage,
)

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).with_name("migrations_pg")

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


# the stores (tokens) whose game lock the current task holds: a lock taken inside another
# does not wait for the lock pool (a task locking more games than it has connections would
# wait for itself)
_HOLDING: ContextVar[frozenset[str]] = ContextVar("hadara_game_locks", default=frozenset())


def _game_key(game_id: int) -> int:
    """The game id as a signed 32-bit key (the same number below 2**31; above, ids 2**32 apart
    share a lock, which only makes it coarser)."""
    return (game_id + 2**31) % 2**32 - 2**31


def redact(url: str) -> str:
    """The URL without its password (for messages and logs)."""
    url = re.sub(r"(://[^/@:]*):[^/]*@", r"\1:***@", url, count=1)
    return re.sub(r"([?&]password=)[^&]*", r"\1***", url)


def asyncpg_url(url: str) -> str:
    """The URL as asyncpg takes it: ``postgresql+asyncpg://…`` (SQLAlchemy's spelling),
    ``postgres://…`` and ``POSTGRESQL://…`` become ``postgresql://…``."""
    scheme, sep, rest = url.strip().partition("://")
    if not sep:
        return url
    scheme = scheme.lower().partition("+")[0]
    return f"{'postgresql' if scheme == 'postgres' else scheme}://{rest}"



async def _keep_session(conn: asyncpg.Connection) -> None:
    """Return a connection to its pool as it is. asyncpg's default reset runs
    ``pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL`` on every release — a round
    trip per query here. These pools hold no session state: transactions end in their block,
    a game lock is released explicitly (a connection that may still hold one is terminated
    instead), and LISTEN and the scheduler's lock have connections of their own."""

class PostgresStore(PostgresLeagues, SettingsTables):
    """:class:`bot.storage.base.Store` on a PostgreSQL database shared by several processes."""

    #: other processes may share the database (the service keeps checking its scheduler claim)
    shared = True

    # Connections per process, at most: POOL_SIZE + LOCK_CONNECTIONS + 2 (LISTEN, scheduler);
    # the lock pool's are opened on demand and closed after 5 idle minutes.
    POOL_SIZE = 10  # for reads and writes
    LOCK_CONNECTIONS = 16  # game locks held at once by this process (more wait)
    PING_EVERY = 30.0  # seconds between checks that the LISTEN connection is alive
    CLOSE_TIMEOUT = 10.0

    def __init__(self, url: str, *, clock: Callable[[], float] = time.time) -> None:
        self.url = asyncpg_url(url)
        self.clock = clock
        self.token = secrets.token_hex(8)  # tells this store's notices from other processes'
        self._pool: Any = None
        self._lock_pool: Any = None
        self._listener: Any = None  # the LISTEN connection
        self._listener_lost = asyncio.Event()
        self._watcher: asyncio.Task[None] | None = None  # keeps the LISTEN connection up
        self._outbox: asyncio.Queue[tuple[str, str] | None] = asyncio.Queue()
        self._sender: asyncio.Task[None] | None = None
        self._scheduler_conn: Any = None
        self._scheduling = False
        self._scheduler_lock = asyncio.Lock()
        self._closing = False
        self._game_locks: dict[int, tuple[asyncio.Lock, list[int]]] = {}
        self._revisions: dict[int, int] = {}  # game id -> the revision this process saw last
        self._listeners: list[Callable[[int, int], None]] = []
        self._timer_listeners: list[Callable[[], None]] = []
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
            raise StorageError(f"cannot connect to {redact(self.url)}: {exc}") from exc
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
        migrations = load_migrations(MIGRATIONS_DIR)
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

    def _pool_(self) -> Any:
        if self._pool is None:
            raise StorageError("the store is not open (call open() first)")
        return self._pool

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[asyncpg.Connection]:
        """A pooled connection for the block (statements outside a transaction)."""
        pool = self._pool_()
        try:
            async with pool.acquire() as conn:
                yield conn
        except Exception as exc:
            fault = storage_fault(exc)
            if fault is None:
                raise
            raise self.faults.fault(fault) from exc

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[asyncpg.Connection]:
        """One transaction: committed if the block ends normally, rolled back otherwise. A
        lost connection, a full disk … raise StorageUnavailable (the pool replaces the
        connection: the next write works once the server is back)."""
        pool = self._pool_()
        try:
            async with pool.acquire() as conn, conn.transaction():
                yield conn
        except Exception as exc:
            fault = storage_fault(exc)
            if fault is None:
                raise
            raise self.faults.fault(fault) from exc
        self.faults.ok()

    # ------------------------------------------------------------------ games
    def _saw(self, game_id: int, revision: int) -> None:
        """This process loaded the game at ``revision`` (never older than the one it knew:
        see :meth:`load_game`). Newer: another process changed it, and the listeners are told
        at once (``-1``) — a copy in memory is stale even when this load (a catch-up, a
        review) does not replace it."""
        seen = self._revisions.get(game_id)
        self._revisions[game_id] = revision
        if seen is not None and revision > seen:
            self._call_listeners(game_id, -1)

    def _wrote(self, game_id: int, revision: int) -> None:
        """This process wrote the game, which is now at ``revision``. When that skipped a
        revision it never saw (another process wrote in between), the older one is kept, so
        the next lock still reports the game as changed."""
        seen = self._revisions.get(game_id)
        if seen is None or seen == revision - 1:
            self._revisions[game_id] = revision

    # ------------------------------------------------------------------ damaged games
    async def mark_damaged(self, damage: DamageRecord) -> DamageRecord:
        async with self._write() as conn:
            await conn.execute(
                "INSERT INTO damaged (game_id, reason, detail, seq, found_at, told)"
                " SELECT $1, $2, $3, $4, $5, $6 WHERE EXISTS (SELECT 1 FROM games"
                " WHERE id = $1) ON CONFLICT (game_id) DO NOTHING", damage.game_id,
                damage.reason, damage.detail[:2000], damage.seq, float(damage.found_at),
                bool(damage.told))
            row = await conn.fetchrow("SELECT game_id, reason, detail, found_at, seq, told"
                                      " FROM damaged WHERE game_id = $1", damage.game_id)
        return damage if row is None else _damage(tuple(row))

    async def set_damage_told(self, game_id: int) -> None:
        async with self._write() as conn:
            await conn.execute("UPDATE damaged SET told = TRUE WHERE game_id = $1", game_id)

    async def damaged_games(self) -> list[DamageRecord]:
        async with self._read() as conn:
            rows = await conn.fetch("SELECT game_id, reason, detail, found_at, seq, told"
                                    " FROM damaged ORDER BY game_id")
        return [_damage(tuple(r)) for r in rows]

    async def salvage_game(self, game_id: int) -> Salvage | None:
        async with self._read() as conn, conn.transaction(isolation="repeatable_read",
                                                          readonly=True):
            game = await conn.fetchrow(
                "SELECT id, status, variant, options, setup, seed, content_version,"
                " rules_version, host_user_id, discord, created_at, updated_at FROM games"
                " WHERE id = $1", game_id)
            if game is None:
                return None
            seat_rows = await conn.fetch(
                "SELECT seat, name, user_id, ai_level, conceded, strikes, ai_takeover, bank,"
                " votes, plan FROM seats WHERE game_id = $1 ORDER BY seat", game_id)
            action_rows = await conn.fetch(
                "SELECT seq, seat, action, decision_id, submitted_by, at FROM actions"
                " WHERE game_id = $1 ORDER BY seq", game_id)
        return salvage(tuple(game), [tuple(r) for r in seat_rows],
                       [tuple(r) for r in action_rows])

    async def truncate_actions(self, game_id: int, keep: int, at: float,
                               status: str | None = None) -> int:
        if status is not None:
            _check_statuses([status])
        async with self._write() as conn:
            revision = await conn.fetchval(
                "UPDATE games SET status = COALESCE($1, status),"
                " updated_at = GREATEST(updated_at, $2), revision = revision + 1"
                " WHERE id = $3 RETURNING revision", status, at, game_id)
            if revision is None:
                raise StorageError(f"no game {game_id}")
            await conn.execute(
                "INSERT INTO actions_backup (game_id, seq, seat, action, decision_id,"
                " submitted_by, at, repaired_at) SELECT game_id, seq, seat, action,"
                " decision_id, submitted_by, at, $1 FROM actions WHERE game_id = $2"
                " AND seq >= $3", at, game_id, keep)
            done = await conn.execute("DELETE FROM actions WHERE game_id = $1 AND seq >= $2",
                                      game_id, keep)
            await conn.execute("DELETE FROM damaged WHERE game_id = $1", game_id)
        self._wrote(game_id, revision)
        return int(done.split()[-1])

    # ------------------------------------------------------------------ games
    async def create_game(self, record: GameRecord) -> int:
        _check_statuses([record.status])
        values = (*_game_values(record), record.created_at, record.updated_at)
        async with self._write() as conn:
            row = await conn.fetchrow(
                "INSERT INTO games (status, variant, options, setup, seed, content_version,"
                " rules_version, host_user_id, discord, created_at, updated_at, revision)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 1)"
                " RETURNING id, revision", *values)
            game_id: int = row[0]
            await conn.executemany(_INSERT_SEAT, _seat_rows(game_id, record.seats))
        self._wrote(game_id, row[1])
        return game_id

    async def save_game(self, record: GameRecord, *, add_timers: Sequence[TimerRecord] = (),
                        delete_timers: Sequence[int] = ()) -> list[int]:
        _check_statuses([record.status])
        values = (*_game_values(record), record.created_at, record.updated_at, record.id)
        seat_rows = _seat_rows(record.id, record.seats)
        timer_values = _timer_values(add_timers)
        deleted = list(delete_timers)
        async with self._write() as conn:
            revision = await conn.fetchval(
                "UPDATE games SET status = $1, variant = $2, options = $3, setup = $4,"
                " seed = $5, content_version = $6, rules_version = $7, host_user_id = $8,"
                " discord = $9, created_at = $10, updated_at = $11, revision = revision + 1"
                " WHERE id = $12 RETURNING revision", *values)
            if revision is None:
                raise StorageError(f"no game {record.id}")
            await conn.execute("DELETE FROM seats WHERE game_id = $1", record.id)
            await conn.executemany(_INSERT_SEAT, seat_rows)
            ids = await _change_timers(conn, deleted, timer_values)
        self._wrote(record.id, revision)
        if timer_values or deleted:
            self._timers_changed()
        return ids

    async def load_game(self, game_id: int) -> StoredGame | None:
        for attempt in range(3):
            snapshot = await self._load_snapshot(game_id)
            if snapshot is None:
                return None
            row, seat_rows, action_rows = snapshot
            seen = self._revisions.get(game_id)
            if seen is None or row[12] >= seen or attempt == 2:  # (2: a restored database)
                break
            # Older than a revision this process knows: a lock taken while this snapshot was
            # read found the game changed. Read again, or a service that shares this load
            # with the lock holder would hand it the stale game (the next snapshot, begun
            # after the lock's read, is the current game).
        try:
            seats = [SeatRecord(seat, name, user_id, ai_level, conceded, strikes, takeover,
                                bank, json.loads(votes),
                                None if plan is None else json.loads(plan))
                     for seat, name, user_id, ai_level, conceded, strikes, takeover, bank, votes,
                     plan in seat_rows]
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
        actions = decode_actions(game_id, action_rows)
        self._saw(game_id, row[12])  # no await from the check above to the caller
        return StoredGame(record, actions)

    async def _load_snapshot(self, game_id: int) -> tuple[Any, list[Any], list[Any]] | None:
        """The game's row, seats and actions, from one snapshot."""
        async with self._read() as conn, conn.transaction(isolation="repeatable_read",
                                                          readonly=True):
            row = await conn.fetchrow(
                "SELECT id, status, variant, options, setup, seed, content_version,"
                " rules_version, host_user_id, discord, created_at, updated_at, revision"
                " FROM games WHERE id = $1", game_id)
            if row is None:
                return None
            seat_rows = await conn.fetch(
                "SELECT seat, name, user_id, ai_level, conceded, strikes, ai_takeover, bank,"
                " votes, plan FROM seats WHERE game_id = $1 ORDER BY seat", game_id)
            action_rows = await conn.fetch(
                "SELECT seq, seat, action, decision_id, submitted_by, at FROM actions"
                " WHERE game_id = $1 ORDER BY seq", game_id)
        return row, list(seat_rows), list(action_rows)

    async def game_ids(self, statuses: tuple[str, ...] = (ACTIVE,)) -> list[int]:
        _check_statuses(statuses)
        if not statuses:
            return []
        async with self._read() as conn:
            rows = await conn.fetch(
                "SELECT id FROM games WHERE status = ANY($1::text[]) ORDER BY id",
                list(statuses))
        return [row[0] for row in rows]

    async def games_of_user(self, user_id: int,
                            statuses: tuple[str, ...] = (LOBBY, ACTIVE)) -> list[int]:
        """The games (with one of ``statuses``) where ``user_id`` holds a seat."""
        _check_statuses(statuses)
        if not statuses:
            return []
        async with self._read() as conn:
            rows = await conn.fetch(
                "SELECT DISTINCT games.id FROM seats JOIN games ON games.id = seats.game_id"
                " WHERE seats.user_id = $1 AND games.status = ANY($2::text[])"
                " ORDER BY games.id", user_id, list(statuses))
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
        seat_state = [(s.strikes, bool(s.ai_takeover), s.bank, _dumps(s.votes),
                       None if s.plan is None else _dumps(s.plan), game_id, s.seat)
                      for s in seats or ()]
        timer_values = _timer_values(add_timers)
        deleted = list(delete_timers)
        updated_at = max((r.at for r in rows), default=None)
        if updated_at is None:
            updated_at = self.clock()
        async with self._write() as conn:
            # first: the game's row lock orders the writes of one game across processes
            revision = await conn.fetchval(
                "UPDATE games SET updated_at = GREATEST(updated_at, $1),"
                " status = COALESCE($2, status), revision = revision + 1"
                " WHERE id = $3 RETURNING revision", updated_at, status, game_id)
            if revision is None:
                raise StorageError(f"no game {game_id}")
            if values:
                await conn.executemany(
                    "INSERT INTO actions (game_id, seq, seat, action, decision_id,"
                    " submitted_by, at) VALUES ($1, $2, $3, $4, $5, $6, $7)"
                    " ON CONFLICT (game_id, seq) DO UPDATE SET seat = excluded.seat,"
                    " action = excluded.action, decision_id = excluded.decision_id,"
                    " submitted_by = excluded.submitted_by, at = excluded.at", values)
                # the log stays 0..n-1 without gaps (StoredGame promises it)
                count, top = await conn.fetchrow(
                    "SELECT count(*), max(seq) FROM actions WHERE game_id = $1", game_id)
                if top != count - 1:
                    raise StorageError(f"game {game_id}: writing seqs "
                                       f"{sorted(r.seq for r in rows)} would leave a gap in "
                                       f"its action log ({count} rows up to seq {top})")
            for state in seat_state:
                found = await conn.fetchval(
                    "UPDATE seats SET strikes = $1, ai_takeover = $2, bank = $3, votes = $4,"
                    " plan = $5 WHERE game_id = $6 AND seat = $7 RETURNING seat", *state)
                if found is None:
                    raise StorageError(f"game {game_id} has no seat {state[-1]}")
            ids = await _change_timers(conn, deleted, timer_values)
        self._wrote(game_id, revision)
        if timer_values or deleted:
            self._timers_changed()
        return ids

    # ------------------------------------------------------------------ timers, vacations
    async def timers(self, game_id: int | None = None) -> list[TimerRecord]:
        query = "SELECT id, game_id, seat, kind, due, decision_id, payload FROM timers"
        args: tuple[Any, ...] = ()
        if game_id is not None:
            query += " WHERE game_id = $1"
            args = (game_id,)
        async with self._read() as conn:
            rows = await conn.fetch(query + " ORDER BY due, id", *args)
        return [TimerRecord(i, g, seat, kind, due, did, json.loads(payload))
                for i, g, seat, kind, due, did, payload in rows]

    async def change_timers(self, add: Sequence[TimerRecord] = (),
                            delete: Sequence[int] = ()) -> list[int]:
        added = _timer_values(add)
        deleted = list(delete)
        if not added and not deleted:
            return []
        async with self._write() as conn:
            ids = await _change_timers(conn, deleted, added)
        self._timers_changed()
        return ids

    async def move_timers(self, dues: Sequence[tuple[int, float]]) -> None:
        moved = [(float(due), i) for i, due in dues]
        if not moved:
            return
        async with self._write() as conn:
            await conn.executemany(_MOVE_TIMER, moved)
        self._timers_changed()

    async def add_vacation(self, vacation: Vacation,
                           dues: Sequence[tuple[int, float]] = ()) -> int:
        moved = [(float(due), i) for i, due in dues]
        async with self._write() as conn:
            vacation_id: int = await conn.fetchval(
                "INSERT INTO vacations (user_id, start_at, end_at) VALUES ($1, $2, $3)"
                " RETURNING id", vacation.user_id, vacation.start, vacation.end)
            if moved:
                await conn.executemany(_MOVE_TIMER, moved)
        self._timers_changed()
        return vacation_id

    async def end_vacation(self, vacation_id: int, end: float,
                           dues: Sequence[tuple[int, float]] = ()) -> None:
        moved = [(float(due), i) for i, due in dues]
        async with self._write() as conn:
            found = await conn.fetchval(
                "UPDATE vacations SET end_at = GREATEST(start_at, $1) WHERE id = $2"
                " RETURNING id", end, vacation_id)
            if found is None:
                raise StorageError(f"no vacation {vacation_id}")
            if moved:
                await conn.executemany(_MOVE_TIMER, moved)
        self._timers_changed()

    async def vacations(self, user_id: int | None = None,
                        since: float | None = None) -> list[Vacation]:
        query = "SELECT id, user_id, start_at, end_at FROM vacations WHERE end_at >= $1"
        args: tuple[Any, ...] = (float("-inf") if since is None else since,)
        if user_id is not None:
            query += " AND user_id = $2"
            args = (*args, user_id)
        async with self._read() as conn:
            rows = await conn.fetch(query + " ORDER BY start_at, id", *args)
        return [Vacation(i, u, start, end) for i, u, start, end in rows]

    async def set_away_allowance(self, guild_id: int, days: float | None) -> None:
        async with self._write() as conn:
            if days is None:
                await conn.execute("DELETE FROM away_allowances WHERE guild_id = $1", guild_id)
            else:
                await conn.execute(
                    "INSERT INTO away_allowances (guild_id, days) VALUES ($1, $2)"
                    " ON CONFLICT (guild_id) DO UPDATE SET days = excluded.days",
                    guild_id, float(days))

    async def away_allowances(self) -> dict[int, float]:
        async with self._read() as conn:
            rows = await conn.fetch("SELECT guild_id, days FROM away_allowances"
                                    " ORDER BY guild_id")
        return {g: d for g, d in rows}

    # ------------------------------------------------------------------ users, messages
    # Settings are one JSON object per user or per server; both tables have the same shape.
    _SETTINGS = {"user_settings": "user_id", "guild_settings": "guild_id"}

    async def _get_settings(self, table: str, key: int) -> dict[str, Any]:
        column = self._SETTINGS[table]
        async with self._read() as conn:
            text = await conn.fetchval(f"SELECT settings FROM {table} WHERE {column} = $1", key)
        if text is None:
            return {}
        settings: dict[str, Any] = json.loads(text)
        return settings

    async def _set_settings(self, table: str, key: int, settings: dict[str, Any]) -> None:
        column, text = self._SETTINGS[table], _dumps(settings)
        async with self._write() as conn:
            await conn.execute(
                f"INSERT INTO {table} ({column}, settings) VALUES ($1, $2)"
                f" ON CONFLICT ({column}) DO UPDATE SET settings = excluded.settings",
                key, text)

    async def set_seat_message(self, game_id: int, seat: int, kind: str,
                               message_id: int | None) -> None:
        """Remember (or with ``None`` forget) a per-seat message id."""
        async with self._write() as conn:
            if message_id is None:
                await conn.execute(
                    "DELETE FROM seat_messages WHERE game_id = $1 AND seat = $2 AND kind = $3",
                    game_id, seat, kind)
            else:
                await conn.execute(
                    "INSERT INTO seat_messages (game_id, seat, kind, message_id)"
                    " VALUES ($1, $2, $3, $4) ON CONFLICT (game_id, seat, kind)"
                    " DO UPDATE SET message_id = excluded.message_id",
                    game_id, seat, kind, message_id)

    async def seat_messages(self, game_id: int) -> dict[tuple[int, str], int]:
        async with self._read() as conn:
            rows = await conn.fetch(
                "SELECT seat, kind, message_id FROM seat_messages WHERE game_id = $1"
                " ORDER BY seat, kind", game_id)
        return {(seat, kind): message_id for seat, kind, message_id in rows}

    # ------------------------------------------------------------------ content catalogs
    async def save_content(self, version: str, files: dict[str, str]) -> None:
        """Keep the data files of a content version. Saving the same files again is a no-op;
        other files under a version already stored are refused (a version names one content)."""
        text = _dumps(dict(sorted(files.items())))
        async with self._write() as conn:
            # ON CONFLICT: two processes saving the same version at once do not collide
            inserted = await conn.fetchval(
                "INSERT INTO content_versions (version, files) VALUES ($1, $2)"
                " ON CONFLICT (version) DO NOTHING RETURNING version", version, text)
            if inserted is None:
                stored = await conn.fetchval(
                    "SELECT files FROM content_versions WHERE version = $1", version)
                if json.loads(stored) != files:
                    raise StorageError(f"content version {version!r} is already stored with "
                                       "other files")

    async def load_content(self, version: str) -> dict[str, str] | None:
        async with self._read() as conn:
            text = await conn.fetchval("SELECT files FROM content_versions WHERE version = $1",
                                       version)
        if text is None:
            return None
        files: dict[str, str] = json.loads(text)
        return files

    # ------------------------------------------------------------------ coordination
    @asynccontextmanager
    async def lock(self, game_id: int) -> AsyncIterator[None]:
        """Exclusive access to one game across processes (not re-entrant): the advisory lock
        ``(GAME_LOCKS, game_id)`` on a connection held for the block (from the lock pool; a
        lock taken inside another opens a connection of its own). Tasks of this process
        queue on an asyncio lock first, so one connection at most waits per game. Before it
        yields: when another process changed the game since this one loaded or wrote it, every
        listener is called with ``(game_id, -1)``."""
        entry = self._game_locks.get(game_id)
        if entry is None:
            entry = self._game_locks[game_id] = (asyncio.Lock(), [0])
        local, users = entry
        users[0] += 1
        try:
            async with local, self._game_lock(game_id):
                yield
        except StorageUnavailable:
            raise  # from a read or write in the block: counted there
        except Exception as exc:
            fault = storage_fault(exc)
            if fault is None:
                raise
            raise self.faults.fault(fault) from exc  # taking or giving back the lock
        finally:
            users[0] -= 1
            if users[0] == 0:
                del self._game_locks[game_id]

    @asynccontextmanager
    async def _game_lock(self, game_id: int) -> AsyncIterator[None]:
        pool = self._lock_pool
        if pool is None:
            raise StorageError("the store is not open (call open() first)")
        key = _game_key(game_id)
        holding = _HOLDING.get()
        if self.token in holding:
            # a lock inside another (several games in id order): a connection of its own,
            # never a wait for the lock pool, which this task may have drained itself
            conn = await asyncpg.connect(self.url,
                                         server_settings={"application_name": "hadara locks"})
        else:
            conn = await pool.acquire()
        marked = _HOLDING.set(holding | {self.token})
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
            if revision is not None:
                seen = self._revisions.get(game_id)
                if seen is not None and seen < revision:
                    log.debug("game %d changed elsewhere (revision %d, seen %d)", game_id,
                              revision, seen)
                    self._call_listeners(game_id, -1)
                    self._revisions[game_id] = revision
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
            if self.token in holding:
                await _close_connection(conn)
            else:
                await pool.release(conn)

    def notify(self, game_id: int, version: int) -> None:
        """Call every listener of this process now, and those of the other processes through
        ``NOTIFY hadara_games`` (sent after the notices queued before). A failing listener is
        logged and does not stop the others."""
        self._call_listeners(game_id, version)
        self._send(GAMES_CHANNEL, f"{game_id}:{version}:{self.token}")

    def listen(self, callback: Callable[[int, int], None]) -> Callable[[], None]:
        self._listeners.append(callback)

        def unsubscribe() -> None:
            if callback in self._listeners:
                self._listeners.remove(callback)

        return unsubscribe

    def listen_timers(self, callback: Callable[[], None]) -> Callable[[], None]:
        self._timer_listeners.append(callback)

        def unsubscribe() -> None:
            if callback in self._timer_listeners:
                self._timer_listeners.remove(callback)

        return unsubscribe

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
    def _call_listeners(self, game_id: int, version: int) -> None:
        for callback in list(self._listeners):
            try:
                callback(game_id, version)
            except Exception:
                log.exception("listener %r failed on game %d version %d", callback, game_id,
                              version)

    def _call_timer_listeners(self) -> None:
        for callback in list(self._timer_listeners):
            try:
                callback()
            except Exception:
                log.exception("timer listener %r failed", callback)

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

    def _on_notice(self, conn: Any, pid: int, channel: str, payload: str) -> None:
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
                try:
                    await asyncio.wait_for(self._listener.execute("SELECT 1"),
                                           self.CLOSE_TIMEOUT)
                    continue
                except _CONNECTION_ERRORS:
                    _terminate(self._listener)
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


def _terminate(conn: Any) -> None:
    """End a connection's session now (the server releases its locks); a pooled one that
    died was given back to its pool already."""
    with suppress(asyncpg.InterfaceError):
        conn.terminate()


async def _close_connection(conn: Any) -> None:
    try:
        await asyncio.wait_for(conn.close(), PostgresStore.CLOSE_TIMEOUT)
    except (TimeoutError, *_CONNECTION_ERRORS):
        _terminate(conn)


async def _schema_version(conn: asyncpg.Connection) -> int:
    if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
        return 0
    return int(await conn.fetchval("SELECT version FROM schema_version"))


_INSERT_SEAT = (
    "INSERT INTO seats (game_id, seat, name, user_id, ai_level, conceded, strikes, ai_takeover,"
    " bank, votes, plan) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)")
_MOVE_TIMER = "UPDATE timers SET due = $1 WHERE id = $2"


def _seat_rows(game_id: int, seats: list[SeatRecord]) -> list[tuple[Any, ...]]:
    return [(game_id, s.seat, s.name, s.user_id, s.ai_level, bool(s.conceded), s.strikes,
             bool(s.ai_takeover), s.bank, _dumps(s.votes),
             None if s.plan is None else _dumps(s.plan)) for s in seats]


async def _change_timers(conn: asyncpg.Connection, deleted: list[int],
                         added: list[tuple[Any, ...]]) -> list[int]:
    """Delete and insert timers inside the caller's transaction; the new ids in order."""
    if deleted:
        await conn.execute("DELETE FROM timers WHERE id = ANY($1::bigint[])", deleted)
    ids: list[int] = []
    for values in added:
        ids.append(await conn.fetchval(
            "INSERT INTO timers (game_id, seat, kind, due, decision_id, payload)"
            " VALUES ($1, $2, $3, $4, $5, $6) RETURNING id", *values))
    return ids


if TYPE_CHECKING:  # mypy checks that PostgresStore implements the protocol
    from .base import Store

    def _is_a_store(store: PostgresStore) -> Store:
        return store
