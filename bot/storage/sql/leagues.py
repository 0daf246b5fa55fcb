"""Leagues: rated results and ratings per server, leagues with their seasons, members, rounds,
tables and archived standings (migration 0005, docs/leagues.md); tournaments are leagues of
their own ``kind`` (migration 0012)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from ..base import (
    JSON,
    LEAGUE,
    JSONObject,
    LeagueRecord,
    MemberRecord,
    RatedResult,
    Rating,
    RoundRecord,
    SeasonRecord,
    StorageError,
    TableRecord,
)
from ..dialect import Param, Row, Tx
from ..rows import decode_result, dumps, is_rated, rating_values, where
from .core import SqlCore

_SELECT_RESULT = ("SELECT game_id, guild_id, finished_at, ranks, voided, voided_by, recorded_at,"
                  " final_hash FROM rated_results")
_UPSERT_RATING = (
    "INSERT INTO ratings (guild_id, user_id, mu, sigma, games, wins, updated_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
    " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, wins = excluded.wins,"
    " updated_at = excluded.updated_at")
_INSERT_SEASON = ("INSERT INTO league_seasons (league_id, number, status, started_at, ended_at)"
                  " VALUES (?, ?, ?, ?, ?) RETURNING id")


async def _replace_ratings(tx: Tx, guild_id: int, values: Sequence[tuple[Param, ...]]) -> None:
    await tx.execute("DELETE FROM ratings WHERE guild_id = ?", (guild_id,))
    await tx.executemany(_UPSERT_RATING, values)


class LeagueTables(SqlCore):
    """Ratings and leagues, per server."""

    # ------------------------------------------------------------------ ratings (0005)
    async def record_result(self, result: RatedResult, ratings: Sequence[Rating] = (),
                            *, replace_all: bool = False) -> bool:
        row = (result.game_id, result.guild_id, float(result.finished_at), dumps(result.ranks),
               bool(result.voided), result.voided_by,
               float(result.recorded_at or self.clock()), result.final_hash)
        values = rating_values(ratings)

        async def write(tx: Tx) -> bool:
            if await tx.execute(
                    "INSERT INTO rated_results (game_id, guild_id, finished_at, ranks, voided,"
                    " voided_by, recorded_at, final_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (game_id) DO NOTHING", row) != 1:
                return False
            if replace_all:
                await _replace_ratings(tx, result.guild_id, values)
            else:
                await tx.executemany(_UPSERT_RATING, values)
            return True

        return await self._run(write, write=True)

    async def rated_result(self, game_id: int) -> RatedResult | None:
        async def read(tx: Tx) -> Row | None:
            return await tx.fetchone(_SELECT_RESULT + " WHERE game_id = ?", (game_id,))

        row = await self._run(read)
        return None if row is None else decode_result(row)

    async def unrecorded_rated_games(self) -> list[int]:
        # The test of ``options.rated`` runs here, as SQLite's json_extract(options, '$.rated')
        # IN (1, 'true') would: PostgreSQL's JSON operators refuse a whole document with a
        # "\u0000" anywhere in it. The query keeps the finished games whose options mention
        # "rated" at all.
        async def read(tx: Tx) -> list[Row]:
            return await tx.fetchall(
                "SELECT id, options FROM games WHERE status = 'finished'"
                " AND options LIKE '%\"rated\"%' AND NOT EXISTS"
                " (SELECT 1 FROM rated_results r WHERE r.game_id = games.id) ORDER BY id")

        return [r[0] for r in await self._run(read) if is_rated(r[1])]

    async def rated_results(self, guild_id: int | None = None, *,
                            include_voided: bool = True) -> list[RatedResult]:
        conditions: list[str] = []
        args: list[Param] = []
        if guild_id is not None:
            conditions.append("guild_id = ?")
            args.append(guild_id)
        if not include_voided:
            conditions.append("NOT voided")
        query = _SELECT_RESULT + (" WHERE " + " AND ".join(conditions) if conditions else "")

        async def read(tx: Tx) -> list[Row]:
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
        async def read(tx: Tx) -> list[Row]:
            return await tx.fetchall(
                "SELECT guild_id, user_id, mu, sigma, games, wins, updated_at FROM ratings"
                " WHERE guild_id = ? ORDER BY user_id", (guild_id,))

        return [Rating(*r) for r in await self._run(read)]


    # ------------------------------------------------------------------ leagues (0005)
    async def create_league(self, league: LeagueRecord, season: SeasonRecord) -> tuple[int, int]:
        values = (league.guild_id, league.name, dumps(league.settings), league.created_by,
                  float(league.created_at), league.kind)

        async def write(tx: Tx) -> tuple[int, int]:
            try:
                league_id = await tx.fetchval(
                    "INSERT INTO leagues (guild_id, name, settings, created_by, created_at,"
                    " kind) VALUES (?, ?, ?, ?, ?, ?) RETURNING id", values)
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

    async def leagues(self, guild_id: int | None = None, league_id: int | None = None, *,
                      kind: str | None = LEAGUE) -> list[LeagueRecord]:
        filters, args = where(guild_id=guild_id, id=league_id, kind=kind)

        async def read(tx: Tx) -> list[Row]:
            return await tx.fetchall("SELECT id, guild_id, name, settings, created_by,"
                                     " created_at, kind FROM leagues" + filters
                                     + " ORDER BY id", args)

        return [LeagueRecord(i, g, n, json.loads(st), by, at, k)
                for i, g, n, st, by, at, k in await self._run(read)]

    async def seasons(self, league_id: int) -> list[SeasonRecord]:
        async def read(tx: Tx) -> list[Row]:
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
        async def read(tx: Tx) -> list[Row]:
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
        async def read(tx: Tx) -> list[Row]:
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

    async def set_table_result(self, table_id: int, result: JSON) -> bool:
        text = dumps(result)

        async def write(tx: Tx) -> bool:
            return await tx.execute("UPDATE league_tables SET result = ? WHERE id = ?"
                                    " AND result IS NULL", (text, table_id)) == 1

        return await self._run(write, write=True)

    async def league_tables(self, season_id: int | None = None, *,
                            game_id: int | None = None) -> list[TableRecord]:
        filters, args = where(season_id=season_id, game_id=game_id)

        async def read(tx: Tx) -> list[Row]:
            return await tx.fetchall(
                "SELECT id, season_id, round, number, game_id, seats, result FROM league_tables"
                + filters + " ORDER BY season_id, round, number", args)

        return [TableRecord(i, s, r, n, g, json.loads(seats),
                            None if res is None else json.loads(res))
                for i, s, r, n, g, seats, res in await self._run(read)]

    async def archive_season(self, season_id: int, standings: Sequence[Mapping[str, JSON]],
                             podium: Sequence[Mapping[str, JSON]], at: float,
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
                             ) -> tuple[list[JSONObject], list[JSONObject]] | None:
        async def read(tx: Tx) -> Row | None:
            return await tx.fetchone("SELECT standings, podium FROM league_archive"
                                     " WHERE season_id = ?", (season_id,))

        row = await self._run(read)
        if row is None:
            return None
        return json.loads(row[0]), json.loads(row[1])
