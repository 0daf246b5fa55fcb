"""The league side of the application, built over the game service: ratings, leagues with
their seasons, and the recorder of results (``HadaraBot`` builds one at start and closes it).
The front end reads what it shows through here, never the store."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.storage.base import FINISHED, RatedResult, TableRecord

from .leagues import LeagueService, seat_users
from .ratings import Ratings
from .recorder import Recorder

if TYPE_CHECKING:
    from bot.service import GameService


class Leagues:
    """``ratings`` (:class:`Ratings`), ``leagues`` (:class:`LeagueService`) and ``recorder``
    (:class:`Recorder`) over one game service."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.ratings = Ratings(service.store, service.clock)
        self.leagues = LeagueService(service.store, service, service.clock,
                                     ratings=self.ratings)
        self.recorder = Recorder(service, self.ratings, self.leagues)

    async def start(self) -> None:
        await self.recorder.start()

    def stop(self) -> None:
        self.recorder.stop()

    async def idle(self) -> None:
        """Wait until every result seen so far is recorded (tests)."""
        await self.recorder.idle()

    # -- what the front end shows

    async def season_tables(self, league_id: int, number: int) -> list[TableRecord]:
        """The tables of a league's season ``number`` (none for a season that never was)."""
        store = self.service.store
        ids = [s.id for s in await store.seasons(league_id) if s.number == number]
        return await store.league_tables(ids[0]) if ids else []

    async def rated_results(self, guild_id: int) -> list[RatedResult]:
        return await self.service.store.rated_results(guild_id)

    async def rated_result(self, game_id: int) -> RatedResult | None:
        return await self.service.store.rated_result(game_id)

    async def latest_finished(self, user_id: int) -> int | None:
        """The user's latest finished game: their own seat's, or one an AI seat played for
        them in a league (the default of ``/hadara-replay review``)."""
        store = self.service.store
        mine = await store.games_of_user(user_id, (FINISHED,))
        stood = [tb.game_id for tb in await store.league_tables()
                 if tb.game_id is not None and isinstance(tb.result, list)
                 and any(s.get("user") == user_id and s.get("seat_name") for s in tb.seats)]
        ids = sorted(set(mine) | set(stood))
        return ids[-1] if ids else None

    async def review_seat(self, game_id: int, user_id: int) -> tuple[int, bool] | None:
        """(seat, people_only) a user reviews in a game: their seat, or the AI seat that stood
        in for them in a league game (all its decisions then); None without one."""
        seat = await self.service.seat_of(game_id, user_id)
        if seat is not None:
            return seat, True
        tables = await self.service.store.league_tables(game_id=game_id)
        if tables:
            record = await self.service.record(game_id)
            users, stand = seat_users(record.seats, tables[0])
            for s, u in users.items():
                if u == user_id:
                    return s, s not in stand
        return None
