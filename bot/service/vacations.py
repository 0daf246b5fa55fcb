"""Vacations (docs/service.md, "Time control, reminders and expiry"): ``away`` stands a
player's clocks still in all their games (every timer of their seats pushed by the time away),
``back`` ends it early; a server's allowance of days per rolling year bounds them.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.storage.base import ACTIVE, Store, Vacation
from hadara.engine import Result

from . import checks, refusals, updates
from .refusals import Refusal
from .timecontrol.rules import DAY, DEFAULT_AWAY_DAYS, YEAR, paused
from .timecontrol.scheduler import Scheduler
from .timecontrol.timers import Timers
from .updates import Update, new_revision

if TYPE_CHECKING:
    from .memory import Held, Memory
    from .writes import Writes


class Vacations:
    """The vacation calls of :class:`~bot.service.service.GameService`: the vacations are kept
    by ``timers`` (which plans with them), the timers they push move in the store and in the
    ``scheduler``, one update per game goes out through ``writes``."""

    def __init__(self, store: Store, clock: Callable[[], float], scheduler: Scheduler,
                 timers: Timers, memory: Memory, writes: Writes) -> None:
        self.store = store
        self.clock = clock
        self.scheduler = scheduler
        self.timers = timers
        self.memory = memory
        self.writes = writes

    async def away(self, user_id: int, days: float, guild_ids: Iterable[int]) -> list[Update]:
        """``GameService.away``: a vacation from now, within the allowance."""
        if (isinstance(days, bool) or not isinstance(days, int | float)
                or not 0 < days <= 365):
            raise Refusal(refusals.BAD_REQUEST, "Days away must be more than 0 and at most "
                          "365.", "bad_days", max=365)
        checks.check_user(user_id)
        try:
            asked = [checks.check_user(g, "bad_guild") for g in guild_ids]
        except TypeError:  # not iterable
            raise Refusal(refusals.BAD_REQUEST, "That server id is not valid.",
                          "bad_guild") from None
        now = self.clock()
        if self._away_now(user_id, now) is not None:
            raise Refusal(refusals.BAD_REQUEST, "You are away already; come back first.",
                          "already_away")
        async with checks.storage(), self._games_of(user_id) as games:
            guilds = set(asked)
            for held in games:
                g = held.record.discord.get("guild")
                if isinstance(g, int):
                    guilds.add(g)
            allowances = await self.store.away_allowances()
            allowance = min((allowances.get(g, DEFAULT_AWAY_DAYS) for g in guilds),
                            default=DEFAULT_AWAY_DAYS)
            used = paused(self.timers.vacations.get(user_id, []), now - YEAR, now) / DAY
            if used + days > allowance + 1e-9:
                raise Refusal(refusals.AWAY_ALLOWANCE, "That is more time away than this "
                              "server allows in a year.", allowance=allowance,
                              used=round(used, 2), requested=days,
                              left=round(max(0.0, allowance - used), 2))
            vac = Vacation(0, user_id, now, now + days * DAY)
            vacations = [*self.timers.vacations.get(user_id, []), vac]
            dues = self._repush(user_id, games, vacations)
            vac.id = await self.store.add_vacation(vac, dues)
            self.timers.vacations[user_id] = vacations
            self.scheduler.move(dues)
            return self._publish_clock(games, updates.AWAY, user_id, vac.end)

    async def back(self, user_id: int) -> list[Update]:
        """``GameService.back``: the vacation ends now."""
        now = self.clock()
        vac = self._away_now(user_id, now) if checks.valid_user(user_id) else None
        if vac is None:
            raise Refusal(refusals.BAD_REQUEST, "You are not away.", "not_away")
        async with checks.storage(), self._games_of(user_id) as games:
            ended = replace(vac, end=now)
            vacations = [ended if v is vac else v
                         for v in self.timers.vacations.get(user_id, [])]
            dues = self._repush(user_id, games, vacations)
            await self.store.end_vacation(vac.id, now, dues)
            self.timers.vacations[user_id] = vacations
            self.scheduler.move(dues)
            return self._publish_clock(games, updates.BACK, user_id, None)

    def away_until(self, user_id: int) -> float | None:
        """When the user's current vacation ends (None: not away)."""
        vac = self._away_now(user_id, self.clock()) if checks.valid_user(user_id) else None
        return vac.end if vac is not None else None

    async def set_away_allowance(self, guild_id: int, days: float | None) -> None:
        """``GameService.set_away_allowance``."""
        if days is not None and (isinstance(days, bool) or not isinstance(days, int | float)
                                 or not 0 <= days <= 365):
            raise Refusal(refusals.BAD_REQUEST, "An allowance is 0 to 365 days.", "bad_days",
                          max=365)
        checks.check_user(guild_id, "bad_guild")
        async with checks.storage():
            await self.store.set_away_allowance(guild_id, days)

    def _away_now(self, user_id: int, now: float) -> Vacation | None:
        return next((v for v in self.timers.vacations.get(user_id, [])
                     if v.start <= now < v.end), None)

    @asynccontextmanager
    async def _games_of(self, user_id: int) -> AsyncIterator[list[Held]]:
        """The user's active games, each locked (in id order: no deadlock)."""
        ids = await self.store.games_of_user(user_id, (ACTIVE,))
        async with AsyncExitStack() as stack:
            games = []
            for gid in sorted(ids):
                held = await stack.enter_async_context(self.memory.locked(gid))
                if held.record.status == ACTIVE:
                    games.append(held)
            yield games

    def _repush(self, user_id: int, games: list[Held], vacations: list[Vacation]
                ) -> list[tuple[int, float]]:
        """The user's timers' due times under ``vacations``: the time as opened plus every
        vacation after the opening."""
        dues = []
        for held in games:
            for t in self.scheduler.of_game(held.record.id):
                if t.payload.get("user") != user_id or "base" not in t.payload:
                    continue
                due = float(t.payload["base"]) + paused(vacations, float(t.payload["opened"]))
                if due != t.due:
                    dues.append((t.id, due))
        return dues

    def _publish_clock(self, games: list[Held], cause: str, user_id: int,
                       until: float | None) -> list[Update]:
        out = []
        for held in games:
            game = held.game
            if game is None:
                continue
            held.rev = new_revision()
            seat = checks.seat_of(held.record, user_id)
            mine = {seat} if seat is not None else set()
            out.append(self.writes.update(held, game, game, Result(), cause, [], stale=mine,
                                          user=user_id, until=until))
        return out
