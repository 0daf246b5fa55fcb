"""The turn digests' timers (migration 0011, docs/service.md "The turn digest"): one row per
player who has the digest on, its next due time and when the last one was handed over. A write
tells the other processes, as the games' timers do (the scheduler's owner reloads)."""

from __future__ import annotations

from ..base import TurnDigestTimer
from ..dialect import Row, Tx
from ..rows import where
from .core import SqlCore


class TurnDigestTables(SqlCore):
    """``turn_digest_timers``: armed, moved, fired (a compare-and-set on the due time) and
    removed."""

    async def turn_digest_timers(self, user_id: int | None = None) -> list[TurnDigestTimer]:
        filters, args = where(user_id=user_id)

        async def read(tx: Tx) -> list[Row]:
            return await tx.fetchall("SELECT user_id, due, sent_at FROM turn_digest_timers"
                                     + filters + " ORDER BY due, user_id", args)

        return [TurnDigestTimer(int(user), float(due), None if sent is None else float(sent))
                for user, due, sent in await self._run(read)]

    async def arm_turn_digest(self, user_id: int, due: float,
                              sent_at: float | None = None) -> None:
        async def write(tx: Tx) -> None:
            await tx.execute(
                "INSERT INTO turn_digest_timers (user_id, due, sent_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET due = excluded.due,"
                " sent_at = COALESCE(excluded.sent_at, turn_digest_timers.sent_at)",
                (user_id, float(due), None if sent_at is None else float(sent_at)))

        await self._run(write, write=True)
        self._timers_changed()

    async def disarm_turn_digest(self, user_id: int) -> bool:
        async def write(tx: Tx) -> int:
            return await tx.execute("DELETE FROM turn_digest_timers WHERE user_id = ?",
                                    (user_id,))

        removed = bool(await self._run(write, write=True))
        if removed:
            self._timers_changed()
        return removed

    async def rearm_turn_digest(self, user_id: int, was: float, due: float,
                                sent_at: float | None) -> bool:
        async def write(tx: Tx) -> int:
            return await tx.execute(
                "UPDATE turn_digest_timers SET due = ?, sent_at = COALESCE(?, sent_at)"
                " WHERE user_id = ? AND due = ?",
                (float(due), None if sent_at is None else float(sent_at), user_id, float(was)))

        moved = bool(await self._run(write, write=True))
        if moved:
            self._timers_changed()
        return moved
