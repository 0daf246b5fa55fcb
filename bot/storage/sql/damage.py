"""Damaged games (migration 0007, docs/service.md "Damaged games"): the marks, what a damaged
game's rows still give, and the repair that cuts its action log."""

from __future__ import annotations

from ..base import DamageRecord, Salvage, StorageError
from ..dialect import Row, Tx
from ..rows import check_statuses, decode_damage, salvage
from .core import SqlCore
from .games import GAME_COLUMNS, SELECT_ACTIONS, SELECT_SEATS

_SELECT_DAMAGE = "SELECT game_id, reason, detail, found_at, seq, told FROM damaged"


class DamageTables(SqlCore):
    """Games whose stored rows cannot be rebuilt, kept as they are until repaired."""

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
        async def read(tx: Tx) -> list[Row]:
            return await tx.fetchall(_SELECT_DAMAGE + " ORDER BY game_id")

        return [decode_damage(r) for r in await self._run(read)]

    async def salvage_game(self, game_id: int) -> Salvage | None:
        async def read(tx: Tx) -> Salvage | None:
            game = await tx.fetchone(f"SELECT {GAME_COLUMNS}, log_hash FROM games"
                                     " WHERE id = ?", (game_id,))
            if game is None:
                return None
            return salvage(game, await tx.fetchall(SELECT_SEATS, (game_id,)),
                           await tx.fetchall(SELECT_ACTIONS, (game_id,)), game[12])

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
                " submitted_by, at, repaired_at, hash) SELECT game_id, seq, seat, action,"
                " decision_id, submitted_by, at, ?, hash FROM actions WHERE game_id = ?"
                " AND seq >= ?", (at, game_id, keep))
            done = await tx.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?",
                                    (game_id, keep))
            # the head names the last row kept (whose chain the repair's diagnosis verified)
            await tx.execute("UPDATE games SET log_hash = (SELECT hash FROM actions"
                             " WHERE game_id = ? AND seq = ?) WHERE id = ?",
                             (game_id, keep - 1, game_id))
            await tx.execute("DELETE FROM damaged WHERE game_id = ?", (game_id,))
            return row[0], done

        revision, done = await self._run(write, write=True)
        self._wrote(game_id, revision)
        self._tips.pop(game_id, None)  # read again at the next load
        return done
