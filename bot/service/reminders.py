"""Reminders that come due (docs/service.md, "Time control, reminders and expiry"): a user's
reminders due together are merged into ONE ``reminder`` update, and wait for the end of their
quiet hours. The scheduler's handler for ``reminder`` timers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.storage.base import DEADLINE, REMINDER, Store, TimerRecord

from . import updates
from .checks import tolerant
from .timecontrol.rules import MERGE_WINDOW, quiet_until
from .timecontrol.scheduler import Scheduler
from .timecontrol.timers import Timers
from .updates import Hub, Reminder, Update

if TYPE_CHECKING:
    from .memory import Memory


class Reminders:
    """Firing a user's reminders (``scheduler`` hands them out, grouped by user), published on
    ``hub``; ``timers`` knows the deadlines they remind of."""

    def __init__(self, store: Store, clock: Callable[[], float], scheduler: Scheduler,
                 timers: Timers, memory: Memory, hub: Hub) -> None:
        self.store = store
        self.clock = clock
        self.scheduler = scheduler
        self.timers = timers
        self.memory = memory
        self.hub = hub
        scheduler.handle(REMINDER, self.fire)

    @tolerant
    async def fire(self, user_id: int, timers: list[TimerRecord]) -> None:
        """A user's due reminders, merged with their others due within ``MERGE_WINDOW``
        into one ``reminder`` update; in their quiet hours they wait until the hours end
        (dropped if the deadline comes first). Deleted before publishing: a kill between
        the two loses one reminder rather than sending it twice."""
        now = self.clock()
        mine = {t.id for t in timers}
        extra = self.scheduler.claim([t.id for t in self.scheduler.of_user(user_id)
                                      if t.id not in mine and t.due <= now + MERGE_WINDOW])
        try:
            group = [c for t in [*timers, *extra] if (c := self.scheduler.get(t.id))]
            group = [t for t in group if t.id not in mine or t.due <= now]
            if not group:
                return
            deadlines: dict[tuple[int, int, str | None], float] = {}
            for gid in {t.game_id for t in group}:
                for t in self.scheduler.of_game(gid):
                    if t.kind == DEADLINE:
                        deadlines[(gid, t.seat, t.decision_id)] = t.due
            live_ones = [t for t in group  # a reminder after its deadline is pointless
                         if deadlines.get((t.game_id, t.seat, t.decision_id), now) > now]
            drop = [t.id for t in group if t not in live_ones]
            settings = await self.store.get_user_settings(user_id)
            later = quiet_until(now, settings)
            if later is not None:
                moved = [(t.id, later) for t in live_ones
                         if later < deadlines[(t.game_id, t.seat, t.decision_id)]]
                drop += [t.id for t in live_ones if t.id not in dict(moved)]
                if drop:
                    await self.store.change_timers(delete=drop)
                    self.scheduler.discard(drop)
                if moved:
                    await self.store.move_timers(moved)
                    self.scheduler.move(moved)
                return
            reminders = sorted({(t.game_id, t.seat, t.decision_id):
                                Reminder(t.game_id, t.seat,
                                         deadlines[(t.game_id, t.seat, t.decision_id)],
                                         t.decision_id) for t in live_ones}.values(),
                               key=lambda r: (r.deadline, r.game_id, r.seat))
            ids = [t.id for t in group]
            await self.store.change_timers(delete=ids)
            self.scheduler.discard(ids)
            if reminders:
                first = await self.memory.load(reminders[0].game_id)
                game = first.game
                update = Update(
                    game_id=first.record.id, version=game.version if game else 0,
                    revision=first.rev, status=first.record.status, cause=updates.REMINDER,
                    waiting=updates.waiting_for(game, self.timers.deadlines(first.record.id))
                    if game else [],
                    seats=updates.seat_copies(first.record.seats), user=user_id,
                    reminders=reminders)
                self.hub.publish(update)
        finally:
            self.scheduler.release([t.id for t in extra])
