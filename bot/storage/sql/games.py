"""Games: the record with its seats, the action log, the seats' messages and the content
catalogs a game was started with."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..base import (
    ACTIVE,
    LOBBY,
    ActionRecord,
    DamagedRecord,
    GameRecord,
    SeatRecord,
    StorageError,
    StoredGame,
    TimerRecord,
)
from ..chain import hashes
from ..dialect import Param, Row, Tx
from ..rows import (
    SeatState,
    action_values,
    check_chain,
    check_statuses,
    decode_actions,
    decode_record,
    dumps,
    entry,
    game_values,
    marks,
    record_root,
    seat_state,
    seat_values,
    timer_values,
)
from .core import SqlCore
from .timers import change_timers_in

# the neutral SQL (``?`` and ``{fragments}``); the damage module reads the same columns
GAME_COLUMNS = ("id, status, variant, options, setup, seed, content_version, rules_version,"
                " host_user_id, discord, created_at, updated_at")
SEAT_COLUMNS = "seat, name, user_id, ai_level, conceded, strikes, ai_takeover, bank, votes, plan"
ACTION_COLUMNS = "seq, seat, action, decision_id, submitted_by, at, hash"
INSERT_SEAT = (f"INSERT INTO seats (game_id, {SEAT_COLUMNS})"
               " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
SELECT_SEATS = f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat"
SELECT_ACTIONS = f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? ORDER BY seq"
MAX_TIPS = 10_000  # games whose log length and head a store remembers (``_tips``)


class GameTables(SqlCore):
    """The games, their seats and action logs (every write of a game updates its row first:
    in PostgreSQL that row's lock orders the writes of one game across processes)."""

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
            await tx.executemany(INSERT_SEAT, seat_values(row[0], record.seats))
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
            await tx.executemany(INSERT_SEAT, seats)
            return row[0], await change_timers_in(tx, deleted, added)

        revision, ids = await self._run(write, write=True)
        self._wrote(record.id, revision)
        if added or deleted:
            self._timers_changed()
        return ids

    async def load_game(self, game_id: int) -> StoredGame | None:
        """The game, or None; :class:`DamagedRecord` when its rows cannot be decoded."""

        async def read(tx: Tx) -> tuple[Row, list[Row], list[Row]] | None:
            row = await tx.fetchone(f"SELECT {GAME_COLUMNS}, {{revision}}, log_hash FROM games"
                                    " WHERE id = ?", (game_id,))
            if row is None:
                return None
            return (row, await tx.fetchall(SELECT_SEATS, (game_id,)),
                    await tx.fetchall(SELECT_ACTIONS, (game_id,)))

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
        head = row[13]
        check_chain(record, actions, head)
        self._tip(game_id, (len(actions), head))
        self._saw(game_id, revision)  # no await from the check above to the caller
        return StoredGame(record, actions, head)

    async def chain_head(self, game_id: int) -> str | None:
        async def read(tx: Tx) -> Any:
            return await tx.fetchval("SELECT log_hash FROM games WHERE id = ?", (game_id,))

        head = await self._run(read)
        return None if head is None else str(head)

    async def game_ids(self, statuses: tuple[str, ...] = (ACTIVE,)) -> list[int]:
        check_statuses(statuses)
        if not statuses:
            return []

        async def read(tx: Tx) -> list[Row]:
            return await tx.fetchall(f"SELECT id FROM games WHERE status IN"
                                     f" ({marks(len(statuses))}) ORDER BY id", statuses)

        return [row[0] for row in await self._run(read)]

    async def games_of_user(self, user_id: int,
                            statuses: tuple[str, ...] = (LOBBY, ACTIVE)) -> list[int]:
        """The games (with one of ``statuses``) where ``user_id`` holds a seat."""
        check_statuses(statuses)
        if not statuses:
            return []

        async def read(tx: Tx) -> list[Row]:
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
        ordered = sorted(rows, key=lambda r: r.seq)
        values = action_values(game_id, ordered)
        changed = seat_state(game_id, seats or ())
        added = timer_values(add_timers)
        deleted = [(i,) for i in delete_timers]
        updated_at = max((r.at for r in rows), default=None)
        if updated_at is None:
            updated_at = self.clock()
        # an append to the log this process last saw: chained now, before the transaction
        tip = self._tips.get(game_id)
        links: list[str] = []
        if tip is not None and ordered and all(r.seq == tip[0] + i
                                               for i, r in enumerate(ordered)):
            links = hashes(tip[1], [entry(r.seq, r.seat, r.action, r.decision_id,
                                          r.submitted_by, r.at) for r in ordered])

        async def write(tx: Tx) -> tuple[int | None, list[int], tuple[int, str] | None]:
            # first: in PostgreSQL the game's row lock orders the writes of one game across
            # processes
            if links:
                assert tip is not None
                row = await tx.fetchone(
                    "UPDATE games SET updated_at = {greatest}(updated_at, ?),"
                    " status = COALESCE(?, status), log_hash = ?{bump}"
                    " WHERE id = ? AND log_hash = ? RETURNING {revision}",
                    (updated_at, status, links[-1], game_id, tip[1]))
                if row is not None:
                    # the head was the one chained from: a hash covers its row's seq, so
                    # the log still ends at seq tip[0] - 1 and these rows append to it (a
                    # row removed by hand behind an unchanged head is found on load)
                    await tx.executemany(_UPSERT_ACTION, [
                        (*v, h) for v, h in zip(values, links, strict=True)])
                    return (row[0], *await self._seats_and_timers(tx, game_id, changed,
                                                                  deleted, added),
                            (ordered[-1].seq + 1, links[-1]))
            row = await tx.fetchone(
                "UPDATE games SET updated_at = {greatest}(updated_at, ?),"
                " status = COALESCE(?, status){bump} WHERE id = ?"
                " RETURNING {revision}, log_hash", (updated_at, status, game_id))
            if row is None:
                raise StorageError(f"no game {game_id}")
            after = await _write_chained(tx, game_id, ordered, values, row[1]) \
                if values else None
            return (row[0], *await self._seats_and_timers(tx, game_id, changed, deleted,
                                                          added), after)

        revision, ids, now = await self._run(write, write=True)
        self._wrote(game_id, revision)
        if now is not None:
            self._tip(game_id, now)
        if added or deleted:
            self._timers_changed()
        return ids

    @staticmethod
    async def _seats_and_timers(tx: Tx, game_id: int, changed: Sequence[SeatState],
                                deleted: list[tuple[int]], added: list[tuple[Param, ...]]
                                ) -> tuple[list[int]]:
        """The seats' time-control state and the timers of a write (its last statements)."""
        for state in changed:
            if await tx.execute("UPDATE seats SET strikes = ?, ai_takeover = ?, bank = ?,"
                                " votes = ?, plan = ? WHERE game_id = ? AND seat = ?",
                                state) != 1:
                raise StorageError(f"game {game_id} has no seat {state[-1]}")
        return (await change_timers_in(tx, deleted, added),)

    def _tip(self, game_id: int, tip: tuple[int, str | None] | None) -> None:
        """Remember (or with None or no head, forget) the game's log length and head."""
        if tip is None or tip[1] is None:
            self._tips.pop(game_id, None)
            return
        if len(self._tips) >= MAX_TIPS and game_id not in self._tips:
            self._tips.pop(next(iter(self._tips)))  # the oldest remembered
        self._tips[game_id] = (tip[0], tip[1])



    # ------------------------------------------------------------------ chains (0009)
    async def unchained_games(self) -> list[int]:
        """The games with an action that has no hash yet (stored before migration 0009)."""
        async def read(tx: Tx) -> list[Row]:
            return await tx.fetchall("SELECT DISTINCT game_id FROM actions WHERE hash IS NULL"
                                     " ORDER BY game_id")

        return [row[0] for row in await self._run(read)]

    async def chain_game(self, game_id: int) -> str | None:
        """Compute a game's hash chain over its rows as they are, and its head, in one
        transaction (the step after migration 0009, ``bot.storage.chain_fill``); the head."""
        async def write(tx: Tx) -> tuple[int | None, str | None]:
            row = await tx.fetchone("UPDATE games SET updated_at = updated_at{bump}"
                                    " WHERE id = ? RETURNING {revision}", (game_id,))
            if row is None:
                raise StorageError(f"no game {game_id}")
            top = await tx.fetchval("SELECT max(seq) FROM actions WHERE game_id = ?",
                                    (game_id,))
            head = None if top is None else await _rechain(tx, game_id, 0, None)
            await tx.execute("UPDATE games SET log_hash = ? WHERE id = ?", (head, game_id))
            return row[0], head

        revision, head = await self._run(write, write=True)
        self._wrote(game_id, revision)
        self._tip(game_id, None)  # read again at the next load
        return head

    # ------------------------------------------------------------------ the seats' messages
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
        async def read(tx: Tx) -> list[Row]:
            return await tx.fetchall("SELECT seat, kind, message_id FROM seat_messages"
                                     " WHERE game_id = ? ORDER BY seat, kind", (game_id,))

        return {(seat, kind): message_id for seat, kind, message_id in await self._run(read)}


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



# ---------------------------------------------------------------------- the hash chain

_UPSERT_ACTION = (
    "INSERT INTO actions (game_id, seq, seat, action, decision_id, submitted_by, at, hash)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seq) DO UPDATE SET"
    " seat = excluded.seat, action = excluded.action, decision_id = excluded.decision_id,"
    " submitted_by = excluded.submitted_by, at = excluded.at, hash = excluded.hash")


async def _write_chained(tx: Tx, game_id: int, rows: Sequence[ActionRecord],
                         values: list[tuple[Param, ...]], head: str | None
                         ) -> tuple[int, str]:
    """Upsert action rows (``values``: ``action_values(rows)``, in seq order) with their
    links in the game's hash chain, and move its ``head`` (as the game's row held it),
    inside the caller's transaction (after the game's row was updated: in PostgreSQL its
    lock orders the writes of one game). Rows appended after the last are chained from the
    head; an overwritten row (a changed simultaneous pick) and every row after it are
    chained again."""
    first, last = rows[0].seq, rows[-1].seq
    counted = await tx.fetchone("SELECT count(*), max(seq) FROM actions WHERE game_id = ?",
                                (game_id,))
    assert counted is not None
    count, top = counted
    top = -1 if top is None else top
    # the log stays 0..n-1 without gaps (StoredGame promises it)
    if top != count - 1 or first > count or any(
            r.seq != first + i for i, r in enumerate(rows)):
        raise StorageError(f"game {game_id}: writing seqs {[r.seq for r in rows]} would "
                           f"leave a gap in its action log ({count} rows up to seq {top})")
    if first == count and (head is not None or count == 0):
        prev = head if head is not None else await _link_before(tx, game_id, 0)
    else:  # an overwrite (or a log not chained yet): from the row before
        prev = await _link_before(tx, game_id, first)
    links = hashes(prev, [entry(r.seq, r.seat, r.action, r.decision_id, r.submitted_by, r.at)
                          for r in rows])
    await tx.executemany(_UPSERT_ACTION, [(*v, h) for v, h in zip(values, links, strict=True)])
    new_head = links[-1]
    if last < top:  # rows after the ones written: the chain from ``first`` on, again
        new_head = await _rechain(tx, game_id, first, prev)
    await tx.execute("UPDATE games SET log_hash = ? WHERE id = ?", (new_head, game_id))
    return max(count, last + 1), new_head


async def _link_before(tx: Tx, game_id: int, seq: int) -> str:
    """The hash ``seq``'s link starts from: the root (the game's setup, seed and versions)
    for the first action, else the stored hash of the action before."""
    if seq > 0:
        got = await tx.fetchval("SELECT hash FROM actions WHERE game_id = ? AND seq = ?",
                                (game_id, seq - 1))
        if got is not None:
            return str(got)
        # an unchained row (the chain step after migration 0009 not run yet): chained from
        # the root below, with every row before it
        return await _rechain(tx, game_id, 0, None, upto=seq)
    row = await tx.fetchone("SELECT id, setup, seed, content_version, rules_version"
                            " FROM games WHERE id = ?", (game_id,))
    assert row is not None
    return _root_of(row)


def _root_of(row: Row) -> str:
    """The root of a game row ``(id, setup text, seed, content_version, rules_version)``."""
    setup = None if row[1] is None else json.loads(row[1])
    return record_root(GameRecord(id=row[0], status="", variant="", options={}, created_at=0,
                                  updated_at=0, setup=setup, seed=row[2],
                                  content_version=row[3], rules_version=row[4]))


async def _rechain(tx: Tx, game_id: int, first: int, prev: str | None, *,
                   upto: int | None = None) -> str:
    """Chain the stored rows from ``first`` (before ``upto``) again, from ``prev`` (None:
    the root); rows whose hash changes are updated. Returns the last hash."""
    if prev is None:
        prev = await _link_before(tx, game_id, first)
    bound = "" if upto is None else " AND seq < ?"
    params: tuple[Param, ...] = (game_id, first) if upto is None else (game_id, first, upto)
    stored = await tx.fetchall(f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ?"
                               f" AND seq >= ?{bound} ORDER BY seq", params)
    changed = []
    for seq, seat, action, decision_id, submitted_by, at, old in stored:
        try:
            value = json.loads(action)
        except (ValueError, TypeError):  # damaged (bad_json, found on load): its text
            value = action
        prev = entry(seq, seat, value, decision_id, submitted_by, at).link(prev)
        if old != prev:
            changed.append((prev, game_id, seq))
    if changed:
        await tx.executemany("UPDATE actions SET hash = ? WHERE game_id = ? AND seq = ?",
                             changed)
    return prev
