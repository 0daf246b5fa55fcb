"""Rated results, ratings and leagues (migration 0005) on PostgreSQL: a mixin of
:class:`bot.storage.postgres.PostgresStore`.

The same semantics as :class:`bot.storage.sqlite.SqliteStore` (same ordering, returned values,
ids and :class:`StorageError` conditions; each write method is one transaction). JSON columns
are TEXT written by the same ``_dumps`` and read by ``json.loads``, so both stores return
identical Python values. The flags (``voided``, ``active``) are BOOLEAN columns here (INTEGER
0/1 in SQLite): written as Python bools, read with ``bool()`` as SQLite's are.

The store provides ``_read()`` (a connection), ``_write()`` (a connection inside one
transaction, committed at the end of the block, rolled back on an error) and ``clock``.
"""

from __future__ import annotations

import json
from abc import abstractmethod
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any

import asyncpg  # type: ignore[import-untyped]

from .base import (
    LeagueRecord,
    MemberRecord,
    RatedResult,
    Rating,
    RoundRecord,
    SeasonRecord,
    StorageError,
    TableRecord,
)
from .sqlite import _SELECT_RESULT, _dumps, _rating_values, _result

_UPSERT_RATING = (
    "INSERT INTO ratings (guild_id, user_id, mu, sigma, games, wins, updated_at)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
    " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, wins = excluded.wins,"
    " updated_at = excluded.updated_at")
_INSERT_SEASON = (
    "INSERT INTO league_seasons (league_id, number, status, started_at, ended_at)"
    " VALUES ($1, $2, $3, $4, $5) RETURNING id")


class PostgresLeagues:
    """The league and rating methods of the PostgreSQL store (see the module's docstring)."""

    if TYPE_CHECKING:  # provided by PostgresStore (declared here for mypy only, so that these
        # stubs never shadow the real methods at run time, whatever the order of the bases)
        clock: Callable[[], float]

        @abstractmethod
        def _read(self) -> AbstractAsyncContextManager[asyncpg.Connection]: ...

        @abstractmethod
        def _write(self) -> AbstractAsyncContextManager[asyncpg.Connection]: ...

    # ------------------------------------------------------------------ ratings (0005)
    async def record_result(self, result: RatedResult, ratings: Sequence[Rating] = (),
                            *, replace_all: bool = False) -> bool:
        row = (result.game_id, result.guild_id, float(result.finished_at),
               _dumps(result.ranks), bool(result.voided), result.voided_by,
               float(result.recorded_at or self.clock()))
        values = _rating_values(ratings)
        async with self._write() as conn:
            status = await conn.execute(
                "INSERT INTO rated_results (game_id, guild_id, finished_at, ranks, voided,"
                " voided_by, recorded_at) VALUES ($1, $2, $3, $4, $5, $6, $7)"
                " ON CONFLICT (game_id) DO NOTHING", *row)
            if _count(status) != 1:
                return False
            if replace_all:
                await conn.execute("DELETE FROM ratings WHERE guild_id = $1", result.guild_id)
            await _upsert_ratings(conn, values)
        return True

    async def rated_result(self, game_id: int) -> RatedResult | None:
        async with self._read() as conn:
            row = await conn.fetchrow(_SELECT_RESULT + " WHERE game_id = $1", game_id)
        return None if row is None else _result(row)

    async def unrecorded_rated_games(self) -> list[int]:
        # SQLite asks json_extract(options, '$.rated') IN (1, 'true'). PostgreSQL's JSON
        # operators refuse a whole document with a "\u0000" anywhere in it, so the test runs
        # here, on the finished games whose options mention "rated" at all.
        async with self._read() as conn:
            rows = await conn.fetch(
                "SELECT g.id, g.options::text FROM games g WHERE g.status = 'finished'"
                " AND g.options::text LIKE '%\"rated\"%'"
                " AND NOT EXISTS (SELECT 1 FROM rated_results r WHERE r.game_id = g.id)"
                " ORDER BY g.id")
        return [r[0] for r in rows if _is_rated(r[1])]

    async def rated_results(self, guild_id: int | None = None, *,
                            include_voided: bool = True) -> list[RatedResult]:
        where: list[str] = []
        args: list[Any] = []
        if guild_id is not None:
            args.append(guild_id)
            where.append(f"guild_id = ${len(args)}")
        if not include_voided:
            where.append("NOT voided")
        query = _SELECT_RESULT + (" WHERE " + " AND ".join(where) if where else "")
        async with self._read() as conn:
            rows = await conn.fetch(query + " ORDER BY finished_at, game_id", *args)
        return [_result(r) for r in rows]

    async def void_result(self, game_id: int, voided: bool, by_user: int | None,
                          ratings: Sequence[Rating]) -> None:
        values = _rating_values(ratings)
        async with self._write() as conn:
            guild_id = await conn.fetchval(
                "SELECT guild_id FROM rated_results WHERE game_id = $1", game_id)
            if guild_id is None:
                raise StorageError(f"no rated result for game {game_id}")
            await conn.execute(
                "UPDATE rated_results SET voided = $1, voided_by = $2 WHERE game_id = $3",
                bool(voided), by_user if voided else None, game_id)
            await conn.execute("DELETE FROM ratings WHERE guild_id = $1", guild_id)
            await _upsert_ratings(conn, values)

    async def replace_ratings(self, guild_id: int, ratings: Sequence[Rating]) -> None:
        values = _rating_values(ratings)
        async with self._write() as conn:
            await conn.execute("DELETE FROM ratings WHERE guild_id = $1", guild_id)
            await _upsert_ratings(conn, values)

    async def ratings(self, guild_id: int) -> list[Rating]:
        async with self._read() as conn:
            rows = await conn.fetch(
                "SELECT guild_id, user_id, mu, sigma, games, wins, updated_at FROM ratings"
                " WHERE guild_id = $1 ORDER BY user_id", guild_id)
        return [Rating(*r) for r in rows]

    # ------------------------------------------------------------------ leagues (0005)
    async def create_league(self, league: LeagueRecord, season: SeasonRecord) -> tuple[int, int]:
        values = (league.guild_id, league.name, _dumps(league.settings), league.created_by,
                  float(league.created_at))
        async with self._write() as conn:
            try:
                league_id = await conn.fetchval(
                    "INSERT INTO leagues (guild_id, name, settings, created_by, created_at)"
                    " VALUES ($1, $2, $3, $4, $5) RETURNING id", *values)
            except asyncpg.UniqueViolationError as exc:
                # several processes: two admins creating the same league at once (the league
                # service turns this StorageError into "there is already a league named …")
                raise StorageError(f"server {league.guild_id} already has a league named "
                                   f"{league.name!r}") from exc
            season_id = await conn.fetchval(
                _INSERT_SEASON, league_id, season.number, season.status, season.started_at,
                season.ended_at)
        return int(league_id), int(season_id)

    async def save_league(self, league: LeagueRecord) -> None:
        values = (league.name, _dumps(league.settings), league.id)
        async with self._write() as conn:
            status = await conn.execute(
                "UPDATE leagues SET name = $1, settings = $2 WHERE id = $3", *values)
            if _count(status) != 1:
                raise StorageError(f"no league {league.id}")

    async def leagues(self, guild_id: int | None = None,
                      league_id: int | None = None) -> list[LeagueRecord]:
        where, args = _where(guild_id=guild_id, id=league_id)
        query = ("SELECT id, guild_id, name, settings, created_by, created_at FROM leagues"
                 + where + " ORDER BY id")
        async with self._read() as conn:
            rows = await conn.fetch(query, *args)
        return [LeagueRecord(i, g, n, json.loads(st), by, at) for i, g, n, st, by, at in rows]

    async def seasons(self, league_id: int) -> list[SeasonRecord]:
        async with self._read() as conn:
            rows = await conn.fetch(
                "SELECT id, league_id, number, status, started_at, ended_at FROM league_seasons"
                " WHERE league_id = $1 ORDER BY number", league_id)
        return [SeasonRecord(*r) for r in rows]

    async def set_member(self, member: MemberRecord) -> None:
        values = (member.season_id, member.user_id, member.name, bool(member.active),
                  float(member.joined_at))
        async with self._write() as conn:
            await conn.execute(
                "INSERT INTO league_members (season_id, user_id, name, active, joined_at)"
                " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (season_id, user_id) DO UPDATE SET"
                " name = excluded.name, active = excluded.active", *values)

    async def members(self, season_id: int) -> list[MemberRecord]:
        async with self._read() as conn:
            rows = await conn.fetch(
                "SELECT season_id, user_id, name, active, joined_at FROM league_members"
                " WHERE season_id = $1 ORDER BY joined_at, user_id", season_id)
        return [MemberRecord(s, u, n, bool(a), j) for s, u, n, a, j in rows]

    async def create_round(self, rnd: RoundRecord, tables: Sequence[TableRecord]) -> list[int]:
        table_values = [(t.season_id, t.round, t.number, t.game_id, _dumps(t.seats),
                         None if t.result is None else _dumps(t.result)) for t in tables]
        async with self._write() as conn:
            try:
                await conn.execute(
                    "INSERT INTO league_rounds (season_id, number, started_at, started_by)"
                    " VALUES ($1, $2, $3, $4)",
                    rnd.season_id, rnd.number, rnd.started_at, rnd.started_by)
            except asyncpg.IntegrityConstraintViolationError as exc:  # as sqlite3.IntegrityError
                raise StorageError(f"season {rnd.season_id} already has round {rnd.number}"
                                   ) from exc
            await conn.execute("UPDATE league_seasons SET status = 'active' WHERE id = $1",
                               rnd.season_id)
            ids = [int(await conn.fetchval(
                "INSERT INTO league_tables (season_id, round, number, game_id, seats, result)"
                " VALUES ($1, $2, $3, $4, $5, $6) RETURNING id", *values))
                for values in table_values]
        return ids

    async def rounds(self, season_id: int) -> list[RoundRecord]:
        async with self._read() as conn:
            rows = await conn.fetch(
                "SELECT season_id, number, started_at, started_by FROM league_rounds"
                " WHERE season_id = $1 ORDER BY number", season_id)
        return [RoundRecord(*r) for r in rows]

    async def set_table_game(self, table_id: int, game_id: int | None) -> None:
        async with self._write() as conn:
            status = await conn.execute("UPDATE league_tables SET game_id = $1 WHERE id = $2",
                                        game_id, table_id)
            if _count(status) != 1:
                raise StorageError(f"no league table {table_id}")

    async def set_table_result(self, table_id: int, result: Any) -> bool:
        text = _dumps(result)
        async with self._write() as conn:
            status = await conn.execute("UPDATE league_tables SET result = $1 WHERE id = $2"
                                        " AND result IS NULL", text, table_id)
        return _count(status) == 1

    async def league_tables(self, season_id: int | None = None, *,
                            game_id: int | None = None) -> list[TableRecord]:
        where, args = _where(season_id=season_id, game_id=game_id)
        query = ("SELECT id, season_id, round, number, game_id, seats, result FROM league_tables"
                 + where + " ORDER BY season_id, round, number")
        async with self._read() as conn:
            rows = await conn.fetch(query, *args)
        return [TableRecord(i, s, r, n, g, json.loads(seats),
                            None if res is None else json.loads(res))
                for i, s, r, n, g, seats, res in rows]

    async def archive_season(self, season_id: int, standings: list[dict[str, Any]],
                             podium: list[dict[str, Any]], at: float,
                             next_season: SeasonRecord | None = None) -> int | None:
        values = (season_id, _dumps(standings), _dumps(podium), float(at))
        async with self._write() as conn:
            status = await conn.execute(
                "UPDATE league_seasons SET status = 'finished', ended_at = $1"
                " WHERE id = $2 AND status != 'finished'", at, season_id)
            if _count(status) != 1:
                raise StorageError(f"season {season_id} is unknown or already finished")
            await conn.execute("INSERT INTO league_archive (season_id, standings, podium,"
                               " archived_at) VALUES ($1, $2, $3, $4)", *values)
            if next_season is None:
                return None
            next_id = await conn.fetchval(
                _INSERT_SEASON, next_season.league_id, next_season.number, next_season.status,
                next_season.started_at, next_season.ended_at)
        return int(next_id)

    async def season_archive(self, season_id: int
                             ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]] | None:
        async with self._read() as conn:
            row = await conn.fetchrow(
                "SELECT standings, podium FROM league_archive WHERE season_id = $1", season_id)
        if row is None:
            return None
        return json.loads(row[0]), json.loads(row[1])


def _count(status: str) -> int:
    """The row count of a command tag: ``"UPDATE 1"`` → 1, ``"INSERT 0 1"`` → 1."""
    return int(status.rsplit(" ", 1)[-1])


def _where(**filters: Any) -> tuple[str, list[Any]]:
    """`` WHERE column = $1 AND …`` for the filters that are not None, with their values."""
    pairs = [(column, value) for column, value in filters.items() if value is not None]
    if not pairs:
        return "", []
    return (" WHERE " + " AND ".join(f"{c} = ${n}" for n, (c, _) in enumerate(pairs, start=1)),
            [v for _, v in pairs])


async def _upsert_ratings(conn: asyncpg.Connection, values: list[tuple[Any, ...]]) -> None:
    if values:
        await conn.executemany(_UPSERT_RATING, values)


def _is_rated(options: str) -> bool:
    """SQLite's ``json_extract(options, '$.rated') IN (1, 'true')``: JSON true, a number equal
    to 1 or the string "true"."""
    try:
        value = json.loads(options)
    except ValueError:
        return False
    if not isinstance(value, dict):
        return False
    flag = value.get("rated")
    if isinstance(flag, bool):
        return flag
    if isinstance(flag, int | float):
        return flag == 1
    return flag == "true"
