"""The turn digest (issue 39, "One digest"; docs/service.md "The turn digest"): a player who
asks for it gets ONE private message a day, at a local hour of their choosing, listing every
game waiting on them, the one waiting longest first. Not the followers' digest
(``follow.py``, the standings of a followed game at each epoch's end): this one is a player's
own turns.

The player's settings hold the hour (``screens.TURN_DIGEST``: 0–23, absent: off) and their
time zone (``screens.TIME_ZONE``; UTC when unset or unknown, ``rules.zone``); the timer is a
person's own, in the store's ``turn_digest_timers`` (migration 0011), and fires through the
one scheduler (``timecontrol/scheduler.py``, kind ``turn_digest``, grouped by user). Every
change of the settings arms, moves or removes it (:meth:`TurnDigests.arm`); the firing reads
the settings again, so a digest turned off never fires, whatever the timer says.

**The rule of the hour** (:func:`digest_at`): the digest comes once per local date, at the
first instant the local clock reads the chosen hour; an hour the clocks skip that day (spring
forward) at the first instant after the gap; an hour they repeat (fall back) at its first
occurrence only. After a firing the next one is the first such instant after now on a later
local date than the last digest handed over (:func:`next_digest`): a player gets at most one a
local date, and a timer that came due while the bot was down fires once, not once per day
missed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo
from typing import Protocol

from bot.storage.base import TURN_DIGEST, Store, TimerRecord

from . import checks, refusals
from .listeners import Listeners
from .refusals import Refusal
from .screens import MAX_GAMES_SCANNED, TIME_ZONE, GameLine, GamesList, digest_hour
from .timecontrol.rules import zone
from .timecontrol.scheduler import Scheduler, own_id, own_timer

log = logging.getLogger(__name__)

__all__ = ["TurnDigest", "TurnDigests", "digest_at", "next_digest"]


# ---------------------------------------------------------------------- the rule of the hour


def digest_at(day: date, hour: int, tz: tzinfo) -> float:
    """The first instant of the local date ``day`` at which the clock of ``tz`` reads
    ``hour`` (clock seconds): ``hour``:00 on a normal day and the first of the two on a day
    the hour is repeated (fall back); on a day that skips it (spring forward), the first
    instant after the gap."""
    wall = datetime(day.year, day.month, day.day, hour, tzinfo=tz)  # fold=0: the first
    at = wall.timestamp()
    back = datetime.fromtimestamp(at, tz)
    if back.date() == day and back.hour == hour:
        return at
    # a wall time in a gap: with fold=0 it reads with the offset before the change (the
    # later instant), with fold=1 with the one after (the earlier); the change lies between
    lo, hi = int(wall.replace(fold=1).timestamp()), int(at)
    before = datetime.fromtimestamp(lo, tz).utcoffset()
    while hi - lo > 1:  # the first second with the new offset: the end of the gap
        mid = (lo + hi) // 2
        if datetime.fromtimestamp(mid, tz).utcoffset() == before:
            lo = mid
        else:
            hi = mid
    return float(hi)


def next_digest(now: float, hour: int, tz: tzinfo, sent_at: float | None) -> float:
    """When the next digest is due: the first :func:`digest_at` after ``now`` on a local date
    later than that of the last digest handed over (``sent_at``; None: none yet)."""
    today = datetime.fromtimestamp(now, tz).date()
    last = datetime.fromtimestamp(sent_at, tz).date() if sent_at is not None else None
    for days in range(4):
        day = today + timedelta(days=days)
        if last is not None and day <= last:
            continue
        at = digest_at(day, hour, tz)
        if at > now:
            return at
    raise AssertionError(f"no {hour}:00 in {tz} within four days of {now}")  # never


# ---------------------------------------------------------------------- the digests


@dataclass(frozen=True)
class TurnDigest:
    """What a front end sends a player at their hour: every game waiting on them (the one
    waiting longest first: ``GamesList.your_turn``), for the local ``date`` in their
    ``time_zone``. Never empty: no game waiting, no digest."""

    user_id: int
    lines: tuple[GameLine, ...]
    date: date
    time_zone: str


class Games(Protocol):
    """The one screen a digest needs (``Screens.games``)."""

    async def games(self, user_id: int, limit: int = ...) -> GamesList: ...


class TurnDigests:
    """The players' turn digests: their timers (in ``store``, mirrored in ``scheduler``), the
    firing, and the front ends that listen."""

    def __init__(self, store: Store, clock: Callable[[], float], scheduler: Scheduler,
                 games: Games) -> None:
        self.store = store
        self.clock = clock
        self.scheduler = scheduler
        self.games = games
        self._listeners: Listeners[TurnDigest] = Listeners("turn digest")
        scheduler.handle(TURN_DIGEST, self.fire)

    async def stored(self) -> list[TimerRecord]:
        """Every stored turn digest as the scheduler keeps it."""
        return [own_timer(TURN_DIGEST, t.user_id, t.due, {"sent_at": t.sent_at})
                for t in await self.store.turn_digest_timers()]

    async def open(self) -> None:
        """Into the scheduler, beside the games' timers (a digest that came due while the bot
        was down fires at once — once)."""
        self.scheduler.add(await self.stored())

    async def arm(self, user_id: int, settings: Mapping[str, object]) -> float | None:
        """Make the user's timer follow their settings (just stored): on, at the next
        :func:`next_digest` of their hour in their time zone (a moved hour or zone moves it);
        off, none. When it is due next (None: off)."""
        checks.check_user(user_id)
        hour = digest_hour(settings)
        armed = await self.store.turn_digest_timers(user_id)  # (a read: most have none)
        if hour is None:
            if armed:
                await self.store.disarm_turn_digest(user_id)
            self.scheduler.discard([own_id(user_id)])
            return None
        sent = armed[0].sent_at if armed else None
        due = next_digest(self.clock(), hour, zone(settings.get(TIME_ZONE)), sent)
        if not armed or armed[0].due != due:
            await self.store.arm_turn_digest(user_id, due)
        self.scheduler.add([own_timer(TURN_DIGEST, user_id, due, {"sent_at": sent})])
        return due

    @checks.tolerant
    async def fire(self, user_id: int, timers: list[TimerRecord]) -> None:
        """The user's digest came due: the games waiting on them handed to the listeners
        (nothing when none waits), and the timer moved on to the next local date — in the
        store first, by a compare-and-set on the due time, so a kill between the two loses
        one digest rather than sending it twice, and a timer moved or removed meanwhile
        (settings changed, another process) is not fired."""
        now = self.clock()
        for timer in timers:  # (one: a user has one turn digest)
            settings = await self.store.get_user_settings(user_id)
            hour = digest_hour(settings)
            if hour is None:  # turned off: the settings are the truth
                await self.store.disarm_turn_digest(user_id)
                self.scheduler.discard([timer.id])
                continue
            tz = zone(settings.get(TIME_ZONE))
            waiting = await self._waiting(user_id)
            sent = now if waiting else timer.payload.get("sent_at")
            due = next_digest(now, hour, tz, sent)
            if not await self.store.rearm_turn_digest(user_id, timer.due, due,
                                                      now if waiting else None):
                await self._reload(user_id)
                continue
            self.scheduler.add([own_timer(TURN_DIGEST, user_id, due, {"sent_at": sent})])
            if waiting:
                local = datetime.fromtimestamp(now, tz).date()
                self._listeners.publish(TurnDigest(user_id, waiting, local, str(tz)))

    async def _waiting(self, user_id: int) -> tuple[GameLine, ...]:
        """The games waiting on the user, the one waiting longest first. A storage fault
        is raised (the timer fires again: the scheduler's retry); any other refusal (a
        damaged game among theirs) leaves today's digest out rather than retrying forever;
        so does a vacation (the games wait for them: nothing is asked of them)."""
        try:
            listed = await self.games.games(user_id, limit=MAX_GAMES_SCANNED)
        except Refusal as refusal:
            if refusal.code == refusals.STORAGE_UNAVAILABLE:
                raise
            log.warning("no turn digest for user %s today: %r", user_id, refusal)
            return ()
        if listed.away_until is not None:  # on vacation: their clocks wait, and so does this
            return ()
        return listed.your_turn

    async def _reload(self, user_id: int) -> None:
        """The mirror of the user's timer as the store has it now."""
        self.scheduler.discard([own_id(user_id)])
        self.scheduler.add(own_timer(TURN_DIGEST, t.user_id, t.due, {"sent_at": t.sent_at})
                           for t in await self.store.turn_digest_timers(user_id))

    # -- the front ends

    def listen(self, callback: Callable[[TurnDigest], object]) -> Callable[[], None]:
        """Call ``callback`` with every digest (a coroutine it returns is run as a task);
        returns the unsubscribe function."""
        return self._listeners.listen(callback)
