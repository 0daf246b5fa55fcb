"""One store over two dialects: every method of the :class:`~bot.storage.base.Store`
protocol, its SQL written once (docs/service.md, "Storage").

:class:`SqlStore` holds the SQL and the semantics — what each method reads and writes, in
which transaction, which refusals it raises, what it returns. A backend subclasses it and
provides what differs between the databases, each piece small:

* :attr:`SqlStore.dialect` — placeholders and the few spellings that differ
  (:mod:`bot.storage.dialect`), and its driver's integrity errors;
* :meth:`SqlStore._run` — how a transaction body runs: SQLite on its one connection's thread,
  group-committed with other writes (:class:`~bot.storage.sqlite.SqliteStore`); PostgreSQL
  on a pooled connection (:class:`~bot.storage.postgres.PostgresStore`). Each calls
  :attr:`SqlStore.before_commit` just before a write's COMMIT;
* :meth:`SqlStore._fault` — which driver errors are storage faults (raised as
  :class:`~bot.storage.base.StorageUnavailable` by :meth:`SqlStore._faults`, logged once per
  episode);
* :meth:`SqlStore._hold` — what the game lock holds beyond this process's asyncio lock
  (PostgreSQL: its advisory lock and the revision check);
* :meth:`SqlStore._announce`, :meth:`SqlStore._timers_changed` — telling other processes
  (PostgreSQL: NOTIFY);
* opening, the migrations runner, ``schema_version``, ``claim_scheduler``, closing.

Revisions: a dialect whose ``{revision}`` fragment is a column (PostgreSQL) returns the game's
revision from every write and read of the game, and the store remembers the newest it saw
(:meth:`_saw`, :meth:`_wrote`); SQLite returns NULL and nothing is kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from .base import (
    ACTIVE,
    LOBBY,
    ActionRecord,
    DamagedRecord,
    DamageRecord,
    FaultEpisodes,
    FollowerRecord,
    GameRecord,
    LeagueRecord,
    MemberRecord,
    RatedResult,
    Rating,
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
from .dialect import Body, Dialect, T, Tx
from .rows import (
    action_values,
    check_statuses,
    decode_actions,
    decode_damage,
    decode_record,
    decode_result,
    dumps,
    game_values,
    is_rated,
    marks,
    rating_values,
    salvage,
    seat_state,
    seat_values,
    timer_values,
    where,
)

log = logging.getLogger(__name__)

# -- statements used by several methods (the neutral SQL: ``?`` and ``{fragments}``)
_GAME_COLUMNS = ("id, status, variant, options, setup, seed, content_version, rules_version,"
                 " host_user_id, discord, created_at, updated_at")
_SEAT_COLUMNS = "seat, name, user_id, ai_level, conceded, strikes, ai_takeover, bank, votes, plan"
_ACTION_COLUMNS = "seq, seat, action, decision_id, submitted_by, at"
_INSERT_SEAT = (f"INSERT INTO seats (game_id, {_SEAT_COLUMNS})"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
_SELECT_SEATS = f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat"
_SELECT_ACTIONS = f"SELECT {_ACTION_COLUMNS} FROM actions WHERE game_id = ? ORDER BY seq"
_INSERT_TIMER = ("INSERT INTO timers (game_id, seat, kind, due, decision_id, payload)"
                 " VALUES (?, ?, ?, ?, ?, ?) RETURNING id")
_DELETE_TIMER = "DELETE FROM timers WHERE id = ?"
_MOVE_TIMER = "UPDATE timers SET due = ? WHERE id = ?"
_SELECT_DAMAGE = "SELECT game_id, reason, detail, found_at, seq, told FROM damaged"
_SELECT_RESULT = ("SELECT game_id, guild_id, finished_at, ranks, voided, voided_by, recorded_at"
                  " FROM rated_results")
_UPSERT_RATING = (
    "INSERT INTO ratings (guild_id, user_id, mu, sigma, games, wins, updated_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
    " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, wins = excluded.wins,"
    " updated_at = excluded.updated_at")
_INSERT_SEASON = ("INSERT INTO league_seasons (league_id, number, status, started_at, ended_at)"
                  " VALUES (?, ?, ?, ?, ?) RETURNING id")


async def _change_timers(tx: Tx, deleted: Sequence[tuple[int]],
                         added: Sequence[tuple[Any, ...]]) -> list[int]:
    """Delete and insert timers inside the caller's transaction; the new ids in order."""
    if deleted:
        await tx.executemany(_DELETE_TIMER, deleted)
    return [await tx.fetchval(_INSERT_TIMER, values) for values in added]


async def _replace_ratings(tx: Tx, guild_id: int, values: Sequence[tuple[Any, ...]]) -> None:
    await tx.execute("DELETE FROM ratings WHERE guild_id = ?", (guild_id,))
    await tx.executemany(_UPSERT_RATING, values)


class SqlStore(SettingsTables):
    """The :class:`~bot.storage.base.Store` protocol over a :class:`Dialect` (see the module's
    docstring for what a backend provides)."""

    dialect: Dialect

    def __init__(self, *, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        # Called just before a write's COMMIT (SQLite: on its database thread), with every
        # statement of the transaction run: the crash tests kill the process there.
        self.before_commit: Callable[[], None] | None = None
        self.faults: FaultEpisodes  # the backend's, naming its database
        self._game_locks: dict[int, tuple[asyncio.Lock, list[int]]] = {}
        self._revisions: dict[int, int] = {}  # game id -> the revision this process saw last
        self._listeners: list[Callable[[int, int], None]] = []
        self._timer_listeners: list[Callable[[], None]] = []

    # ------------------------------------------------------------------ what a backend provides
    async def _run(self, body: Body[T], *, write: bool = False, snapshot: bool = False) -> T:
        """Run ``body(tx)``: with ``write``, as ONE transaction committed before this returns
        (rolled back when the body raises); else as a read (``snapshot``: every statement of
        the body sees the same state)."""
        raise NotImplementedError

    @asynccontextmanager
    async def _hold(self, game_id: int) -> AsyncIterator[None]:
        """What the game lock holds besides the asyncio lock of this process (nothing here)."""
        yield

    def _announce(self, game_id: int, version: int) -> None:
        """Tell the other processes that a game changed (nothing here: one process)."""

    def _timers_changed(self) -> None:
        """After a committed write that changed timers: tell the other processes."""

    def _fault(self, exc: BaseException) -> StorageUnavailable | None:
        """The :class:`StorageUnavailable` a driver error stands for (the disk, the server, the
        connection), or None for an error of the statement itself (a constraint, bad SQL)."""
        raise NotImplementedError

    @contextlib.contextmanager
    def _faults(self) -> Iterator[None]:
        """Around a driver call: a storage fault raises :class:`StorageUnavailable`, counted
        in this store's episode (``faults``); any other error goes through as it is."""
        try:
            yield
        except StorageUnavailable:
            raise  # counted where it was raised
        except Exception as exc:
            fault = self._fault(exc)
            if fault is None:
                raise
            raise self.faults.fault(fault) from exc

    # ------------------------------------------------------------------ revisions
    def _saw(self, game_id: int, revision: int | None) -> None:
        """This process loaded the game at ``revision`` (never older than the one it knew:
        see :meth:`load_game`). Newer: another process changed it, and the listeners are told
        at once (``-1``) — a copy in memory is stale even when this load (a catch-up, a
        review) does not replace it."""
        if revision is None:
            return
        seen = self._revisions.get(game_id)
        self._revisions[game_id] = revision
        if seen is not None and revision > seen:
            self._call_listeners(game_id, -1)

    def _wrote(self, game_id: int, revision: int | None) -> None:
        """This process wrote the game, which is now at ``revision``. When that skipped a
        revision it never saw (another process wrote in between), the older one is kept, so
        the next lock still reports the game as changed."""
        if revision is None:
            return
        seen = self._revisions.get(game_id)
        if seen is None or seen == revision - 1:
            self._revisions[game_id] = revision

    def _locked(self, game_id: int, revision: int | None) -> None:
        """The game's lock found it at ``revision``: when another process changed it since
        this one loaded or wrote it, every listener is called with ``(game_id, -1)``."""
        if revision is None:
            return
        seen = self._revisions.get(game_id)
        if seen is not None and seen < revision:
            log.debug("game %d changed elsewhere (revision %d, seen %d)", game_id, revision,
                      seen)
            self._call_listeners(game_id, -1)
            self._revisions[game_id] = revision

    # ------------------------------------------------------------------ damaged games
    async def mark_damaged(self, damage: DamageRecord) -> DamageRecord:
        values = (damage.game_id, damage.reason, damage.detail[:2000], damage.seq,
                  float(damage.found_at), bool(damage.told), damage.game_id)

        async def write(tx: Tx) -> DamageRecord:
            await tx.execute(
                "INSERT INTO damaged (game_id, reason, detail, seq, found_at, told)"
                " SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM games WHERE id = ?)"
                " ON CONFLICT (game_id) DO NOTHING", values)
            row = await tx.fetchone(_SELECT_DAMAGE + " WHERE game_id = ?", (damage.game_id,))
            return damage if row is None else decode_damage(row)

        return await self._run(write, write=True)

    async def set_damage_told(self, game_id: int) -> None:
        async def write(tx: Tx) -> None:
            await tx.execute("UPDATE damaged SET told = TRUE WHERE game_id = ?", (game_id,))

        await self._run(write, write=True)

    async def damaged_games(self) -> list[DamageRecord]:
        async def read(tx: Tx) -> list[Any]:
            return await tx.fetchall(_SELECT_DAMAGE + " ORDER BY game_id")

        return [decode_damage(r) for r in await self._run(read)]

    async def salvage_game(self, game_id: int) -> Salvage | None:
        async def read(tx: Tx) -> Salvage | None:
            game = await tx.fetchone(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?",
                                     (game_id,))
            if game is None:
                return None
            return salvage(game, await tx.fetchall(_SELECT_SEATS, (game_id,)),
                           await tx.fetchall(_SELECT_ACTIONS, (game_id,)))

        return await self._run(read, snapshot=True)

    async def truncate_actions(self, game_id: int, keep: int, at: float,
                               status: str | None = None) -> int:
        if status is not None:
            check_statuses([status])

        async def write(tx: Tx) -> tuple[int | None, int]:
            row = await tx.fetchone(
                "UPDATE games SET status = COALESCE(?, status),"
                " updated_at = {greatest}(updated_at, ?){bump} WHERE id = ?"
                " RETURNING {revision}", (status, at, game_id))
            if row is None:
                raise StorageError(f"no game {game_id}")
            await tx.execute(
                "INSERT INTO actions_backup (game_id, seq, seat, action, decision_id,"
                " submitted_by, at, repaired_at) SELECT game_id, seq, seat, action,"
                " decision_id, submitted_by, at, ? FROM actions WHERE game_id = ?"
                " AND seq >= ?", (at, game_id, keep))
            done = await tx.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?",
                                    (game_id, keep))
            await tx.execute("DELETE FROM damaged WHERE game_id = ?", (game_id,))
            return row[0], done

        revision, done = await self._run(write, write=True)
        self._wrote(game_id, revision)
        return done

    # ------------------------------------------------------------------ games
    async def create_game(self, record: GameRecord) -> int:
        check_statuses([record.status])
        values = (*game_values(record), record.created_at, record.updated_at)

        async def write(tx: Tx) -> tuple[int, int | None]:
            row = await tx.fetchone(
                "INSERT INTO games (status, variant, options, setup, seed, content_version,"
                " rules_version, host_user_id, discord, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id, {revision}", values)
            assert row is not None
            await tx.executemany(_INSERT_SEAT, seat_values(row[0], record.seats))
            return row[0], row[1]

        game_id, revision = await self._run(write, write=True)
        self._wrote(game_id, revision)
        return game_id

    async def save_game(self, record: GameRecord, *, add_timers: Sequence[TimerRecord] = (),
                        delete_timers: Sequence[int] = ()) -> list[int]:
        check_statuses([record.status])
        values = (*game_values(record), record.created_at, record.updated_at, record.id)
        seats = seat_values(record.id, record.seats)
        added = timer_values(add_timers)
        deleted = [(i,) for i in delete_timers]

        async def write(tx: Tx) -> tuple[int | None, list[int]]:
            row = await tx.fetchone(
                "UPDATE games SET status = ?, variant = ?, options = ?, setup = ?, seed = ?,"
                " content_version = ?, rules_version = ?, host_user_id = ?, discord = ?,"
                " created_at = ?, updated_at = ?{bump} WHERE id = ? RETURNING {revision}",
                values)
            if row is None:
                raise StorageError(f"no game {record.id}")
            await tx.execute("DELETE FROM seats WHERE game_id = ?", (record.id,))
            await tx.executemany(_INSERT_SEAT, seats)
            return row[0], await _change_timers(tx, deleted, added)

        revision, ids = await self._run(write, write=True)
        self._wrote(record.id, revision)
        if added or deleted:
            self._timers_changed()
        return ids

    async def load_game(self, game_id: int) -> StoredGame | None:
        """The game, or None; :class:`DamagedRecord` when its rows cannot be decoded."""

        async def read(tx: Tx) -> tuple[Any, list[Any], list[Any]] | None:
            row = await tx.fetchone(f"SELECT {_GAME_COLUMNS}, {{revision}} FROM games"
                                    " WHERE id = ?", (game_id,))
            if row is None:
                return None
            return (row, await tx.fetchall(_SELECT_SEATS, (game_id,)),
                    await tx.fetchall(_SELECT_ACTIONS, (game_id,)))

        for attempt in range(3):
            found = await self._run(read, snapshot=True)
            if found is None:
                return None
            row, seat_rows, action_rows = found
            revision, seen = row[12], self._revisions.get(game_id)
            if revision is None or seen is None or revision >= seen or attempt == 2:
                break  # (attempt 2: a restored database)
            # Older than a revision this process knows: a lock taken while this snapshot was
            # read found the game changed. Read again, or a service that shares this load
            # with the lock holder would hand it the stale game (the next snapshot, begun
            # after the lock's read, is the current game).
        try:
            record = decode_record(row, seat_rows)
        except (ValueError, TypeError) as exc:
            raise DamagedRecord(game_id, "bad_record", f"its record does not decode: {exc}"
                                ) from exc
        actions = decode_actions(game_id, action_rows)
        self._saw(game_id, revision)  # no await from the check above to the caller
        return StoredGame(record, actions)

    async def game_ids(self, statuses: tuple[str, ...] = (ACTIVE,)) -> list[int]:
        check_statuses(statuses)
        if not statuses:
            return []

        async def read(tx: Tx) -> list[Any]:
            return await tx.fetchall(f"SELECT id FROM games WHERE status IN"
                                     f" ({marks(len(statuses))}) ORDER BY id", statuses)

        return [row[0] for row in await self._run(read)]

    async def games_of_user(self, user_id: int,
                            statuses: tuple[str, ...] = (LOBBY, ACTIVE)) -> list[int]:
        """The games (with one of ``statuses``) where ``user_id`` holds a seat."""
        check_statuses(statuses)
        if not statuses:
            return []

        async def read(tx: Tx) -> list[Any]:
            return await tx.fetchall(
                "SELECT DISTINCT games.id FROM seats JOIN games ON games.id = seats.game_id"
                f" WHERE seats.user_id = ? AND games.status IN ({marks(len(statuses))})"
                " ORDER BY games.id", (user_id, *statuses))

        return [row[0] for row in await self._run(read)]

    # ------------------------------------------------------------------ the action log
    async def write_actions(self, game_id: int, rows: list[ActionRecord],
                            status: str | None = None, *,
                            seats: Sequence[SeatRecord] | None = None,
                            add_timers: Sequence[TimerRecord] = (),
                            delete_timers: Sequence[int] = ()) -> list[int]:
        if status is not None:
            check_statuses([status])
        # serialise before the transaction: a row that is not JSON fails here, nothing written
        values = action_values(game_id, rows)
        changed = seat_state(game_id, seats or ())
        added = timer_values(add_timers)
        deleted = [(i,) for i in delete_timers]
        updated_at = max((r.at for r in rows), default=None)
        if updated_at is None:
            updated_at = self.clock()

        async def write(tx: Tx) -> tuple[int | None, list[int]]:
            # first: in PostgreSQL the game's row lock orders the writes of one game across
            # processes
            row = await tx.fetchone(
                "UPDATE games SET updated_at = {greatest}(updated_at, ?),"
                " status = COALESCE(?, status){bump} WHERE id = ? RETURNING {revision}",
                (updated_at, status, game_id))
            if row is None:
                raise StorageError(f"no game {game_id}")
            if values:
                await tx.executemany(
                    "INSERT INTO actions (game_id, seq, seat, action, decision_id,"
                    " submitted_by, at) VALUES (?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (game_id, seq) DO UPDATE SET seat = excluded.seat,"
                    " action = excluded.action, decision_id = excluded.decision_id,"
                    " submitted_by = excluded.submitted_by, at = excluded.at", values)
                # the log stays 0..n-1 without gaps (StoredGame promises it)
                counted = await tx.fetchone(
                    "SELECT count(*), max(seq) FROM actions WHERE game_id = ?", (game_id,))
                assert counted is not None
                count, top = counted
                if top != count - 1:
                    raise StorageError(f"game {game_id}: writing seqs "
                                       f"{sorted(r.seq for r in rows)} would leave a gap in "
                                       f"its action log ({count} rows up to seq {top})")
            for state in changed:
                if await tx.execute("UPDATE seats SET strikes = ?, ai_takeover = ?, bank = ?,"
                                    " votes = ?, plan = ? WHERE game_id = ? AND seat = ?",
                                    state) != 1:
                    raise StorageError(f"game {game_id} has no seat {state[-1]}")
            return row[0], await _change_timers(tx, deleted, added)

        revision, ids = await self._run(write, write=True)
        self._wrote(game_id, revision)
        if added or deleted:
            self._timers_changed()
        return ids

    # ------------------------------------------------------------------ timers, vacations
    async def timers(self, game_id: int | None = None) -> list[TimerRecord]:
        filters, args = where(game_id=game_id)

        async def read(tx: Tx) -> list[Any]:
            return await tx.fetchall(
                "SELECT id, game_id, seat, kind, due, decision_id, payload FROM timers"
                + filters + " ORDER BY due, id", args)

        return [TimerRecord(i, g, seat, kind, due, did, json.loads(payload))
                for i, g, seat, kind, due, did, payload in await self._run(read)]

    async def change_timers(self, add: Sequence[TimerRecord] = (),
                            delete: Sequence[int] = ()) -> list[int]:
        added = timer_values(add)
        deleted = [(i,) for i in delete]
        if not added and not deleted:
            return []

        async def write(tx: Tx) -> list[int]:
            return await _change_timers(tx, deleted, added)

        ids = await self._run(write, write=True)
        self._timers_changed()
        return ids

    async def move_timers(self, dues: Sequence[tuple[int, float]]) -> None:
        moved = [(float(due), i) for i, due in dues]
        if not moved:
            return

        async def write(tx: Tx) -> None:
            await tx.executemany(_MOVE_TIMER, moved)

        await self._run(write, write=True)
        self._timers_changed()

    async def add_vacation(self, vacation: Vacation,
                           dues: Sequence[tuple[int, float]] = ()) -> int:
        moved = [(float(due), i) for i, due in dues]

        async def write(tx: Tx) -> int:
            vacation_id = await tx.fetchval(
                "INSERT INTO vacations (user_id, start_at, end_at) VALUES (?, ?, ?)"
                " RETURNING id", (vacation.user_id, vacation.start, vacation.end))
            if moved:
                await tx.executemany(_MOVE_TIMER, moved)
            return int(vacation_id)

        vacation_id = await self._run(write, write=True)
        self._timers_changed()
        return vacation_id

    async def end_vacation(self, vacation_id: int, end: float,
                           dues: Sequence[tuple[int, float]] = ()) -> None:
        moved = [(float(due), i) for i, due in dues]

        async def write(tx: Tx) -> None:
            if await tx.execute("UPDATE vacations SET end_at = {greatest}(start_at, ?)"
                                " WHERE id = ?", (end, vacation_id)) != 1:
                raise StorageError(f"no vacation {vacation_id}")
            if moved:
                await tx.executemany(_MOVE_TIMER, moved)

        await self._run(write, write=True)
        self._timers_changed()

    async def vacations(self, user_id: int | None = None,
                        since: float | None = None) -> list[Vacation]:
        query = "SELECT id, user_id, start_at, end_at FROM vacations WHERE end_at >= ?"
        args: tuple[Any, ...] = (float("-inf") if since is None else since,)
        if user_id is not None:
            query += " AND user_id = ?"
            args = (*args, user_id)

        async def read(tx: Tx) -> list[Any]:
            return await tx.fetchall(query + " ORDER BY start_at, id", args)

        return [Vacation(i, u, start, end) for i, u, start, end in await self._run(read)]

    async def set_away_allowance(self, guild_id: int, days: float | None) -> None:
        async def write(tx: Tx) -> None:
            if days is None:
                await tx.execute("DELETE FROM away_allowances WHERE guild_id = ?", (guild_id,))
            else:
                await tx.execute(
                    "INSERT INTO away_allowances (guild_id, days) VALUES (?, ?)"
                    " ON CONFLICT (guild_id) DO UPDATE SET days = excluded.days",
                    (guild_id, float(days)))

        await self._run(write, write=True)

    async def away_allowances(self) -> dict[int, float]:
        async def read(tx: Tx) -> list[Any]:
            return await tx.fetchall("SELECT guild_id, days FROM away_allowances"
                                     " ORDER BY guild_id")

        return {g: d for g, d in await self._run(read)}

    # ------------------------------------------------------------------ users, messages
    # Settings are one JSON object per user or per server; both tables have the same shape.
    _SETTINGS = {"user_settings": "user_id", "guild_settings": "guild_id"}

    async def _get_settings(self, table: str, key: int) -> dict[str, Any]:
        column = self._SETTINGS[table]

        async def read(tx: Tx) -> Any:
            return await tx.fetchval(f"SELECT settings FROM {table} WHERE {column} = ?", (key,))

        text = await self._run(read)
        if text is None:
            return {}
        settings: dict[str, Any] = json.loads(text)
        return settings

    async def _set_settings(self, table: str, key: int, settings: dict[str, Any]) -> None:
        column, text = self._SETTINGS[table], dumps(settings)

        async def write(tx: Tx) -> None:
            await tx.execute(f"INSERT INTO {table} ({column}, settings) VALUES (?, ?)"
                             f" ON CONFLICT ({column}) DO UPDATE SET settings = excluded.settings",
                             (key, text))

        await self._run(write, write=True)

    async def set_seat_message(self, game_id: int, seat: int, kind: str,
                               message_id: int | None) -> None:
        """Remember (or with ``None`` forget) a per-seat message id."""
        async def write(tx: Tx) -> None:
            if message_id is None:
                await tx.execute(
                    "DELETE FROM seat_messages WHERE game_id = ? AND seat = ? AND kind = ?",
                    (game_id, seat, kind))
            else:
                await tx.execute(
                    "INSERT INTO seat_messages (game_id, seat, kind, message_id)"
                    " VALUES (?, ?, ?, ?) ON CONFLICT (game_id, seat, kind)"
                    " DO UPDATE SET message_id = excluded.message_id",
                    (game_id, seat, kind, message_id))

        await self._run(write, write=True)

    async def seat_messages(self, game_id: int) -> dict[tuple[int, str], int]:
        async def read(tx: Tx) -> list[Any]:
            return await tx.fetchall("SELECT seat, kind, message_id FROM seat_messages"
                                     " WHERE game_id = ? ORDER BY seat, kind", (game_id,))

        return {(seat, kind): message_id for seat, kind, message_id in await self._run(read)}

    # ------------------------------------------------------------------ followers (0008)
    async def toggle_follower(self, game_id: int, user_id: int, at: float) -> bool:
        """Follow the game, or stop following it: one transaction; the new state."""
        async def write(tx: Tx) -> bool:
            if await tx.fetchone("SELECT id FROM games WHERE id = ?", (game_id,)) is None:
                raise StorageError(f"no game {game_id}")
            if await tx.fetchone("DELETE FROM followers WHERE game_id = ? AND user_id = ?"
                                 " RETURNING user_id", (game_id, user_id)) is not None:
                return False
            await tx.execute("INSERT INTO followers (game_id, user_id, followed_at)"
                             " VALUES (?, ?, ?) ON CONFLICT (game_id, user_id) DO NOTHING",
                             (game_id, user_id, float(at)))
            return True

        return await self._run(write, write=True)

    async def add_follower(self, follower: FollowerRecord) -> bool:
        async def write(tx: Tx) -> bool:
            if await tx.fetchone("SELECT id FROM games WHERE id = ?",
                                 (follower.game_id,)) is None:
                raise StorageError(f"no game {follower.game_id}")
            row = await tx.fetchone(
                "INSERT INTO followers (game_id, user_id, followed_at) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id, user_id) DO NOTHING RETURNING user_id",
                (follower.game_id, follower.user_id, float(follower.followed_at)))
            return row is not None

        return await self._run(write, write=True)

    async def followers(self, game_id: int | None = None) -> list[FollowerRecord]:
        query = "SELECT game_id, user_id, followed_at FROM followers"
        args: tuple[int, ...] = ()
        if game_id is not None:
            query, args = query + " WHERE game_id = ?", (game_id,)

        async def read(tx: Tx) -> list[Any]:
            return await tx.fetchall(query + " ORDER BY game_id, followed_at, user_id", args)

        return [FollowerRecord(g, u, float(at)) for g, u, at in await self._run(read)]

    async def follower_count(self, user_id: int) -> int:
        async def read(tx: Tx) -> Any:
            return await tx.fetchval("SELECT count(*) FROM followers JOIN games"
                                     " ON games.id = followers.game_id"
                                     " WHERE followers.user_id = ? AND games.status = ?",
                                     (user_id, ACTIVE))

        return int(await self._run(read) or 0)

    async def forget_followers(self, game_id: int) -> int:
        async def write(tx: Tx) -> int:
            return await tx.execute("DELETE FROM followers WHERE game_id = ?", (game_id,))

        return int(await self._run(write, write=True))

    # ------------------------------------------------------------------ content catalogs
    async def save_content(self, version: str, files: dict[str, str]) -> None:
        """Keep the data files of a content version. Saving the same files again is a no-op;
        other files under a version already stored are refused (a version names one content)."""
        text = dumps(dict(sorted(files.items())))

        async def write(tx: Tx) -> None:
            # ON CONFLICT: two processes saving the same version at once do not collide
            if await tx.fetchone("INSERT INTO content_versions (version, files) VALUES (?, ?)"
                                 " ON CONFLICT (version) DO NOTHING RETURNING version",
                                 (version, text)) is None:
                stored = await tx.fetchval("SELECT files FROM content_versions"
                                           " WHERE version = ?", (version,))
                if json.loads(stored) != files:
                    raise StorageError(f"content version {version!r} is already stored with "
                                       "other files")

        await self._run(write, write=True)

    async def load_content(self, version: str) -> dict[str, str] | None:
        async def read(tx: Tx) -> Any:
            return await tx.fetchval("SELECT files FROM content_versions WHERE version = ?",
                                     (version,))

        text = await self._run(read)
        if text is None:
            return None
        files: dict[str, str] = json.loads(text)
        return files

    # ------------------------------------------------------------------ ratings (0005)
    async def record_result(self, result: RatedResult, ratings: Sequence[Rating] = (),
                            *, replace_all: bool = False) -> bool:
        row = (result.game_id, result.guild_id, float(result.finished_at), dumps(result.ranks),
               bool(result.voided), result.voided_by,
               float(result.recorded_at or self.clock()))
        values = rating_values(ratings)

        async def write(tx: Tx) -> bool:
            if await tx.execute(
                    "INSERT INTO rated_results (game_id, guild_id, finished_at, ranks, voided,"
                    " voided_by, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (game_id) DO NOTHING", row) != 1:
                return False
            if replace_all:
                await _replace_ratings(tx, result.guild_id, values)
            else:
                await tx.executemany(_UPSERT_RATING, values)
            return True

        return await self._run(write, write=True)

    async def rated_result(self, game_id: int) -> RatedResult | None:
        async def read(tx: Tx) -> Any:
            return await tx.fetchone(_SELECT_RESULT + " WHERE game_id = ?", (game_id,))

        row = await self._run(read)
        return None if row is None else decode_result(row)

    async def unrecorded_rated_games(self) -> list[int]:
        # The test of ``options.rated`` runs here, as SQLite's json_extract(options, '$.rated')
        # IN (1, 'true') would: PostgreSQL's JSON operators refuse a whole document with a
        # "\u0000" anywhere in it. The query keeps the finished games whose options mention
        # "rated" at all.
        async def read(tx: Tx) -> list[Any]:
            return await tx.fetchall(
                "SELECT id, options FROM games WHERE status = 'finished'"
                " AND options LIKE '%\"rated\"%' AND NOT EXISTS"
                " (SELECT 1 FROM rated_results r WHERE r.game_id = games.id) ORDER BY id")

        return [r[0] for r in await self._run(read) if is_rated(r[1])]

    async def rated_results(self, guild_id: int | None = None, *,
                            include_voided: bool = True) -> list[RatedResult]:
        conditions: list[str] = []
        args: list[Any] = []
        if guild_id is not None:
            conditions.append("guild_id = ?")
            args.append(guild_id)
        if not include_voided:
            conditions.append("NOT voided")
        query = _SELECT_RESULT + (" WHERE " + " AND ".join(conditions) if conditions else "")

        async def read(tx: Tx) -> list[Any]:
            return await tx.fetchall(query + " ORDER BY finished_at, game_id", args)

        return [decode_result(r) for r in await self._run(read)]

    async def void_result(self, game_id: int, voided: bool, by_user: int | None,
                          ratings: Sequence[Rating]) -> None:
        values = rating_values(ratings)

        async def write(tx: Tx) -> None:
            guild_id = await tx.fetchval("SELECT guild_id FROM rated_results WHERE game_id = ?",
                                         (game_id,))
            if guild_id is None:
                raise StorageError(f"no rated result for game {game_id}")
            await tx.execute("UPDATE rated_results SET voided = ?, voided_by = ?"
                             " WHERE game_id = ?", (bool(voided), by_user if voided else None,
                                                    game_id))
            await _replace_ratings(tx, guild_id, values)

        await self._run(write, write=True)

    async def replace_ratings(self, guild_id: int, ratings: Sequence[Rating]) -> None:
        values = rating_values(ratings)

        async def write(tx: Tx) -> None:
            await _replace_ratings(tx, guild_id, values)

        await self._run(write, write=True)

    async def ratings(self, guild_id: int) -> list[Rating]:
        async def read(tx: Tx) -> list[Any]:
            return await tx.fetchall(
                "SELECT guild_id, user_id, mu, sigma, games, wins, updated_at FROM ratings"
                " WHERE guild_id = ? ORDER BY user_id", (guild_id,))

        return [Rating(*r) for r in await self._run(read)]

    # ------------------------------------------------------------------ leagues (0005)
    async def create_league(self, league: LeagueRecord, season: SeasonRecord) -> tuple[int, int]:
        values = (league.guild_id, league.name, dumps(league.settings), league.created_by,
                  float(league.created_at))

        async def write(tx: Tx) -> tuple[int, int]:
            try:
                league_id = await tx.fetchval(
                    "INSERT INTO leagues (guild_id, name, settings, created_by, created_at)"
                    " VALUES (?, ?, ?, ?, ?) RETURNING id", values)
            except self.dialect.integrity_errors as exc:
                if not self.dialect.unique_violation(exc):
                    raise
                # several processes: two admins creating the same league at once (the league
                # service turns this StorageError into "there is already a league named …")
                raise StorageError(f"server {league.guild_id} already has a league named "
                                   f"{league.name!r}") from exc
            season_id = await tx.fetchval(_INSERT_SEASON, (
                league_id, season.number, season.status, season.started_at, season.ended_at))
            return int(league_id), int(season_id)

        return await self._run(write, write=True)

    async def save_league(self, league: LeagueRecord) -> None:
        values = (league.name, dumps(league.settings), league.id)

        async def write(tx: Tx) -> None:
            if await tx.execute("UPDATE leagues SET name = ?, settings = ? WHERE id = ?",
                                values) != 1:
                raise StorageError(f"no league {league.id}")

        await self._run(write, write=True)

    async def leagues(self, guild_id: int | None = None,
                      league_id: int | None = None) -> list[LeagueRecord]:
        filters, args = where(guild_id=guild_id, id=league_id)

        async def read(tx: Tx) -> list[Any]:
            return await tx.fetchall("SELECT id, guild_id, name, settings, created_by,"
                                     " created_at FROM leagues" + filters + " ORDER BY id", args)

        return [LeagueRecord(i, g, n, json.loads(st), by, at)
                for i, g, n, st, by, at in await self._run(read)]

    async def seasons(self, league_id: int) -> list[SeasonRecord]:
        async def read(tx: Tx) -> list[Any]:
            return await tx.fetchall(
                "SELECT id, league_id, number, status, started_at, ended_at FROM league_seasons"
                " WHERE league_id = ? ORDER BY number", (league_id,))

        return [SeasonRecord(*r) for r in await self._run(read)]

    async def set_member(self, member: MemberRecord) -> None:
        values = (member.season_id, member.user_id, member.name, bool(member.active),
                  float(member.joined_at))

        async def write(tx: Tx) -> None:
            await tx.execute(
                "INSERT INTO league_members (season_id, user_id, name, active, joined_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (season_id, user_id) DO UPDATE SET"
                " name = excluded.name, active = excluded.active", values)

        await self._run(write, write=True)

    async def members(self, season_id: int) -> list[MemberRecord]:
        async def read(tx: Tx) -> list[Any]:
            return await tx.fetchall(
                "SELECT season_id, user_id, name, active, joined_at FROM league_members"
                " WHERE season_id = ? ORDER BY joined_at, user_id", (season_id,))

        return [MemberRecord(s, u, n, bool(a), j) for s, u, n, a, j in await self._run(read)]

    async def create_round(self, rnd: RoundRecord, tables: Sequence[TableRecord]) -> list[int]:
        table_values = [(t.season_id, t.round, t.number, t.game_id, dumps(t.seats),
                         None if t.result is None else dumps(t.result)) for t in tables]

        async def write(tx: Tx) -> list[int]:
            try:
                await tx.execute("INSERT INTO league_rounds (season_id, number, started_at,"
                                 " started_by) VALUES (?, ?, ?, ?)",
                                 (rnd.season_id, rnd.number, rnd.started_at, rnd.started_by))
            except self.dialect.integrity_errors as exc:
                raise StorageError(f"season {rnd.season_id} already has round {rnd.number}"
                                   ) from exc
            await tx.execute("UPDATE league_seasons SET status = 'active' WHERE id = ?",
                             (rnd.season_id,))
            return [int(await tx.fetchval(
                "INSERT INTO league_tables (season_id, round, number, game_id, seats, result)"
                " VALUES (?, ?, ?, ?, ?, ?) RETURNING id", values)) for values in table_values]

        return await self._run(write, write=True)

    async def rounds(self, season_id: int) -> list[RoundRecord]:
        async def read(tx: Tx) -> list[Any]:
            return await tx.fetchall(
                "SELECT season_id, number, started_at, started_by FROM league_rounds"
                " WHERE season_id = ? ORDER BY number", (season_id,))

        return [RoundRecord(*r) for r in await self._run(read)]

    async def set_table_game(self, table_id: int, game_id: int | None) -> None:
        async def write(tx: Tx) -> None:
            if await tx.execute("UPDATE league_tables SET game_id = ? WHERE id = ?",
                                (game_id, table_id)) != 1:
                raise StorageError(f"no league table {table_id}")

        await self._run(write, write=True)

    async def set_table_result(self, table_id: int, result: Any) -> bool:
        text = dumps(result)

        async def write(tx: Tx) -> bool:
            return await tx.execute("UPDATE league_tables SET result = ? WHERE id = ?"
                                    " AND result IS NULL", (text, table_id)) == 1

        return await self._run(write, write=True)

    async def league_tables(self, season_id: int | None = None, *,
                            game_id: int | None = None) -> list[TableRecord]:
        filters, args = where(season_id=season_id, game_id=game_id)

        async def read(tx: Tx) -> list[Any]:
            return await tx.fetchall(
                "SELECT id, season_id, round, number, game_id, seats, result FROM league_tables"
                + filters + " ORDER BY season_id, round, number", args)

        return [TableRecord(i, s, r, n, g, json.loads(seats),
                            None if res is None else json.loads(res))
                for i, s, r, n, g, seats, res in await self._run(read)]

    async def archive_season(self, season_id: int, standings: list[dict[str, Any]],
                             podium: list[dict[str, Any]], at: float,
                             next_season: SeasonRecord | None = None) -> int | None:
        values = (season_id, dumps(standings), dumps(podium), float(at))

        async def write(tx: Tx) -> int | None:
            if await tx.execute("UPDATE league_seasons SET status = 'finished', ended_at = ?"
                                " WHERE id = ? AND status != 'finished'",
                                (at, season_id)) != 1:
                raise StorageError(f"season {season_id} is unknown or already finished")
            await tx.execute("INSERT INTO league_archive (season_id, standings, podium,"
                             " archived_at) VALUES (?, ?, ?, ?)", values)
            if next_season is None:
                return None
            return int(await tx.fetchval(_INSERT_SEASON, (
                next_season.league_id, next_season.number, next_season.status,
                next_season.started_at, next_season.ended_at)))

        return await self._run(write, write=True)

    async def season_archive(self, season_id: int
                             ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]] | None:
        async def read(tx: Tx) -> Any:
            return await tx.fetchone("SELECT standings, podium FROM league_archive"
                                     " WHERE season_id = ?", (season_id,))

        row = await self._run(read)
        if row is None:
            return None
        return json.loads(row[0]), json.loads(row[1])

    # ------------------------------------------------------------------ coordination
    @asynccontextmanager
    async def lock(self, game_id: int) -> AsyncIterator[None]:
        """Exclusive access to one game (not re-entrant): an asyncio.Lock per game in this
        process, then what the backend holds (:meth:`_hold`; PostgreSQL: its advisory lock,
        so tasks of this process queue here first and one connection at most waits per
        game). The entry is dropped when nobody holds or waits for it, so the dict stays
        small."""
        entry = self._game_locks.get(game_id)
        if entry is None:
            entry = self._game_locks[game_id] = (asyncio.Lock(), [0])
        local, users = entry
        users[0] += 1
        try:
            async with local, self._hold(game_id):
                yield
        finally:
            users[0] -= 1
            if users[0] == 0:
                del self._game_locks[game_id]

    def notify(self, game_id: int, version: int) -> None:
        """Call every listener of this process now (a failing one is logged and does not stop
        the others), and tell the other processes (:meth:`_announce`)."""
        self._call_listeners(game_id, version)
        self._announce(game_id, version)

    def listen(self, callback: Callable[[int, int], None]) -> Callable[[], None]:
        self._listeners.append(callback)

        def unsubscribe() -> None:
            if callback in self._listeners:
                self._listeners.remove(callback)

        return unsubscribe

    def listen_timers(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Called when another process changed timers (never, with one process)."""
        self._timer_listeners.append(callback)

        def unsubscribe() -> None:
            if callback in self._timer_listeners:
                self._timer_listeners.remove(callback)

        return unsubscribe

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

