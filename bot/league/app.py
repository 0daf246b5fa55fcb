"""The league side of the application, built over the game service: ratings, leagues with
their seasons, and the recorder of results (``HadaraBot`` builds one at start and closes it).
The front end reads what it shows through here, never the store."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from bot import access
from bot.service.reliability import Reliability
from bot.storage.base import FINISHED, RatedResult, TableRecord
from rendering.profile import ProfileCard

from .leagues import LeagueService, seat_users
from .profiles import KINDS, LIVE, TIMED, Profile, Profiles
from .ratings import Ratings, ordinal
from .recorder import Recorder
from .tournaments import TournamentService

if TYPE_CHECKING:
    from bot.service import GameService


log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ProfileView:
    """A person's profile on a server as one viewer may see it (``shown``: the access
    policy's :func:`~bot.access.figures`): what is not theirs to see is emptied (None, no
    rows), never zero."""

    profile: Profile
    shown: access.Figures
    hidden: bool  # the person hides their figures (said to whoever does not see them all)
    rating: float | None  # the display rating; None: not rated on this server
    mu: float
    sigma: float
    rated_games: int

    def card(self, name: str) -> ProfileCard:
        """The picture's card (``name``: the profile's, else the one the viewer knows)."""
        p = self.profile
        return ProfileCard(
            name=p.name or name, rating=self.rating, games=p.games, wins=p.wins, new=p.new,
            hidden=self.hidden and self.shown is access.Figures.PUBLIC,
            finish_rate=p.finish_rate, median_live=p.median_move.get(LIVE),
            median_timed=p.median_move.get(TIMED), deadlines_met=p.deadlines_met,
            colours=p.colours,
            rivals=tuple((r.name, r.games, r.ahead, r.behind) for r in p.rivals),
            rating_history=tuple(h.rating for h in p.rating_history), best_game=p.best_game)


def _shown(p: Profile, shown: access.Figures) -> Profile:
    if shown is access.Figures.ALL:
        return p
    blank = replace(p, colours=(), rivals=(), best_game=None, rating_history=(),
                    mean_score=None, mean_by_category=())
    if shown is access.Figures.RELIABILITY:
        return blank
    return replace(blank, finish_rate=None, excused=0, finished_own=0,
                   median_move=dict.fromkeys(KINDS), moves=dict.fromkeys(KINDS, 0),
                   deadlines_answered=0, deadlines_missed=0, deadlines_met=None)


class Leagues:
    """``ratings`` (:class:`Ratings`), ``leagues`` (:class:`LeagueService`) and ``recorder``
    (:class:`Recorder`) over one game service."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.ratings = Ratings(service.store, service.clock)
        self.leagues = LeagueService(service.store, service, service.clock,
                                     ratings=self.ratings)
        self.recorder = Recorder(service, self.ratings, self.leagues)
        # tournaments: their tables are league tables the recorder records; a round's end
        self.tournaments = TournamentService(service.store, service, service.clock)
        self.recorder.listeners.append(self.tournaments.recorded)
        self.profiles = Profiles(service.store, service.catalogs)
        # the lobbies' figures and the tables' and leagues' minimum finish rates
        service.reliability.source = self.reliability
        self._warm: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self.recorder.start()
        await self.tournaments.catch_up()  # a final recorded but not archived
        # every finished game read and replayed once, in the background (a thread), so the
        # first profile or lobby after a start does not wait for it (bench/profiles.py)
        self._warm = asyncio.create_task(self._warm_up(), name="hadara-profiles-warm")

    async def _warm_up(self) -> None:
        try:
            await self.profiles.facts()
        except Exception:  # the figures are read again on demand
            log.exception("could not read the finished games for the profiles")

    def stop(self) -> None:
        self.recorder.stop()
        if self._warm is not None:
            self._warm.cancel()

    async def warmed(self) -> None:
        """Wait for the start's reading of the finished games (tests)."""
        if self._warm is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._warm

    async def reliability(self, guild: int, users: Sequence[int]) -> dict[int, Reliability]:
        """Each of ``users``' reliability on ``guild`` (the service's source)."""
        return await self.profiles.reliability(guild, users)

    async def figures_for(self, actor: access.Actor | None, guild: int, users: Sequence[int]
                          ) -> dict[int, Reliability | None]:
        """Each of ``users``' reliability on ``guild`` as ``actor`` may see it (None: they
        keep their figures from this viewer); ``actor`` None: a message everyone reads."""
        seen: dict[int, bool] = {}
        for u in users:
            hidden = await self.service.hides_figures(u)
            seen[u] = access.figures(actor, u, guild, hidden=hidden) is not access.Figures.PUBLIC
        got = await self.profiles.reliability(guild, [u for u, ok in seen.items() if ok])
        return {u: got.get(u) if ok else None for u, ok in seen.items()}

    async def sign_ups(self, actor: access.Actor, league_id: int
                       ) -> list[tuple[int, str, Reliability | None]]:
        """The league's current season's members (user, name, reliability as ``actor`` may
        see it), in the order they joined: its sign-up list."""
        lg = await self.leagues.league(league_id)
        members = lg["members"]
        figures = await self.figures_for(actor, lg["guild"], [m["user"] for m in members])
        return [(m["user"], m["name"], figures.get(m["user"])) for m in members]

    async def profile_view(self, actor: access.Actor, guild: int, user: int) -> ProfileView:
        """``user``'s profile on ``guild`` as ``actor`` may see it (docs/security.md)."""
        hidden = await self.service.hides_figures(user)
        shown = access.figures(actor, user, guild, hidden=hidden)
        profile = await self.profiles.profile(guild, user)
        row = await self.ratings.rating(guild, user)
        rated = row.games > 0
        return ProfileView(
            profile=_shown(profile, shown), shown=shown, hidden=hidden,
            rating=round(ordinal(row.mu, row.sigma), 2) if rated else None,
            mu=round(row.mu, 3), sigma=round(row.sigma, 3), rated_games=row.games)

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
