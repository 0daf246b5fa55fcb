"""Timers: each seat's deadline for a decision and its reminders (vacations, which move them,
are people's: :mod:`.people`)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from ..base import TimerRecord
from ..dialect import Param, Row, Tx
from ..rows import timer_values, where
from .core import SqlCore

INSERT_TIMER = ("INSERT INTO timers (game_id, seat, kind, due, decision_id, payload)"
                " VALUES (?, ?, ?, ?, ?, ?) RETURNING id")
DELETE_TIMER = "DELETE FROM timers WHERE id = ?"
MOVE_TIMER = "UPDATE timers SET due = ? WHERE id = ?"


async def change_timers_in(tx: Tx, deleted: Sequence[tuple[int]],
                           added: Sequence[tuple[Param, ...]]) -> list[int]:
    """Delete and insert timers inside the caller's transaction (a game's write, or
    :meth:`TimerTables.change_timers`); the new ids in order."""
    if deleted:
        await tx.executemany(DELETE_TIMER, deleted)
    return [await tx.fetchval(INSERT_TIMER, values) for values in added]


class TimerTables(SqlCore):
    """The durable timers; a write that changes them tells the other processes."""

    async def timers(self, game_id: int | None = None) -> list[TimerRecord]:
        filters, args = where(game_id=game_id)

        async def read(tx: Tx) -> list[Row]:
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
            return await change_timers_in(tx, deleted, added)

        ids = await self._run(write, write=True)
        self._timers_changed()
        return ids

    async def move_timers(self, dues: Sequence[tuple[int, float]]) -> None:
        moved = [(float(due), i) for i, due in dues]
        if not moved:
            return

        async def write(tx: Tx) -> None:
            await tx.executemany(MOVE_TIMER, moved)

        await self._run(write, write=True)
        self._timers_changed()

