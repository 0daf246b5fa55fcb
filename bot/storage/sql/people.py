"""People: user and server settings, vacations and servers' allowances of them, the
followers of games in play."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import ACTIVE, JSON, FollowerRecord, JSONObject, StorageError, Vacation
from ..dialect import Param, Row, Tx
from ..rows import dumps
from .core import SqlCore
from .timers import MOVE_TIMER


class PeopleTables(SqlCore):
    """What is kept per person or per server rather than per game."""

    # ------------------------------------------------------------------ settings
    # Settings are one JSON object per user or per server; both tables have the same shape.
    _SETTINGS = {"user_settings": "user_id", "guild_settings": "guild_id"}

    async def _get_settings(self, table: str, key: int) -> JSONObject:
        column = self._SETTINGS[table]

        async def read(tx: Tx) -> Any:
            return await tx.fetchval(f"SELECT settings FROM {table} WHERE {column} = ?", (key,))

        text = await self._run(read)
        if text is None:
            return {}
        settings: JSONObject = json.loads(text)
        return settings

    async def _set_settings(self, table: str, key: int, settings: Mapping[str, JSON]) -> None:
        column, text = self._SETTINGS[table], dumps(settings)

        async def write(tx: Tx) -> None:
            await tx.execute(f"INSERT INTO {table} ({column}, settings) VALUES (?, ?)"
                             f" ON CONFLICT ({column}) DO UPDATE SET settings = excluded.settings",
                             (key, text))

        await self._run(write, write=True)

    async def get_user_settings(self, user_id: int) -> JSONObject:
        return await self._get_settings("user_settings", user_id)

    async def set_user_settings(self, user_id: int, settings: Mapping[str, JSON]) -> None:
        await self._set_settings("user_settings", user_id, settings)

    async def get_guild_settings(self, guild_id: int) -> JSONObject:
        return await self._get_settings("guild_settings", guild_id)

    async def set_guild_settings(self, guild_id: int, settings: Mapping[str, JSON]) -> None:
        await self._set_settings("guild_settings", guild_id, settings)

    # ------------------------------------------------------------------ vacations, allowances
    async def add_vacation(self, vacation: Vacation,
                           dues: Sequence[tuple[int, float]] = ()) -> int:
        moved = [(float(due), i) for i, due in dues]

        async def write(tx: Tx) -> int:
            vacation_id = await tx.fetchval(
                "INSERT INTO vacations (user_id, start_at, end_at) VALUES (?, ?, ?)"
                " RETURNING id", (vacation.user_id, vacation.start, vacation.end))
            if moved:
                await tx.executemany(MOVE_TIMER, moved)
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
                await tx.executemany(MOVE_TIMER, moved)

        await self._run(write, write=True)
        self._timers_changed()

    async def vacations(self, user_id: int | None = None,
                        since: float | None = None) -> list[Vacation]:
        query = "SELECT id, user_id, start_at, end_at FROM vacations WHERE end_at >= ?"
        args: tuple[Param, ...] = (float("-inf") if since is None else since,)
        if user_id is not None:
            query += " AND user_id = ?"
            args = (*args, user_id)

        async def read(tx: Tx) -> list[Row]:
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
        async def read(tx: Tx) -> list[Row]:
            return await tx.fetchall("SELECT guild_id, days FROM away_allowances"
                                     " ORDER BY guild_id")

        return {g: d for g, d in await self._run(read)}


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

        async def read(tx: Tx) -> list[Row]:
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

