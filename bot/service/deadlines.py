"""Deadlines that pass (docs/service.md, "Time control, reminders and expiry"): the greedy AI
decides for each expired seat (and finishes its feeding or medals step), stored with
``submitted_by`` ``deadline``; each expiry is a strike, and the last allowed strike lets the
AI take the seat over. The scheduler's handler for ``deadline`` timers.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.storage.base import ACTIVE, DEADLINE, ActionRecord, SeatRecord, Store, TimerRecord
from hadara.engine import Decision, Result
from hadara.errors import HadaraError
from hadara.views import view

from . import refusals, updates
from .ai import TIMER_LEVEL, AiPool
from .checks import person, tolerant
from .refusals import Refusal
from .timecontrol.rules import DEFAULT_STRIKES
from .timecontrol.scheduler import Scheduler

if TYPE_CHECKING:
    from .content import Catalogs
    from .memory import Held, Memory
    from .writes import Writes

log = logging.getLogger(__name__)


class Deadlines:
    """Firing the deadlines of a game (``scheduler`` hands them out; the ``ai`` decides; the
    moves are written through ``writes``). Playing on after them is the update's (``PlayOn``
    follows the stream)."""

    def __init__(self, store: Store, clock: Callable[[], float], scheduler: Scheduler,
                 memory: Memory, writes: Writes, catalogs: Catalogs, ai: AiPool) -> None:
        self.store = store
        self.clock = clock
        self.scheduler = scheduler
        self.memory = memory
        self.writes = writes
        self.catalogs = catalogs
        self.ai = ai
        scheduler.handle(DEADLINE, self.fire)

    @tolerant
    async def fire(self, game_id: int, timers: list[TimerRecord]) -> None:
        """The game's due deadlines. ONE transaction writes the moves, deletes the fired
        timers (and any other obsolete one), arms the new decisions' timers and records the
        strikes: a kill before its commit leaves the timers to fire again after a restart, a
        kill after it leaves the moves and no timer."""
        try:
            async with self.memory.locked(game_id) as held:
                await self._expire(held, timers)
        except Refusal as refusal:
            if refusal.code == refusals.DAMAGED:  # its timers wait in the store for the repair
                self.scheduler.discard(t.id for t in self.scheduler.of_game(game_id))
                return
            if refusal.code != refusals.NOT_FOUND:
                raise
            # the game is gone
            await self.store.change_timers(delete=[t.id for t in timers])
            self.scheduler.discard(t.id for t in timers)

    async def _expire(self, held: Held, timers: list[TimerRecord]) -> None:
        rec, game = held.record, held.game
        now = self.clock()
        current = [c for t in timers if (c := self.scheduler.get(t.id)) is not None]
        if not current:
            return  # deleted meanwhile: the player acted (in the same transaction)
        if rec.status != ACTIVE or game is None or game.is_over:
            ids = [t.id for t in self.scheduler.of_game(rec.id)]
            await self.store.change_timers(delete=ids)
            self.scheduler.discard(ids)
            return
        expired: list[TimerRecord] = []
        obsolete: list[int] = []
        for t in current:
            if t.due > now:
                continue  # moved into the future meanwhile (a vacation)
            if (t.kind == DEADLINE and game.decision_ids[t.seat] == t.decision_id
                    and game.commits[t.seat] is None and person(rec.seats[t.seat])):
                expired.append(t)
            elif t.kind == DEADLINE:
                obsolete.append(t.id)
        if not expired:
            if obsolete:
                await self.store.change_timers(delete=obsolete)
                self.scheduler.discard(obsolete)
            return
        tc = rec.options.get("time_control") or {}
        clone = game.clone()
        rows: dict[int, ActionRecord] = {}
        res = Result()
        first = clone.step
        todo = sorted({t.seat for t in expired})
        version = clone.catalog.version
        files = self.catalogs.files(version)
        for _ in range(64):  # the seat's feeding or medals step may take several decisions
            decisions = []
            for s in todo:
                did = clone.decision_ids[s]
                if did is not None and clone.commits[s] is None:
                    acts = clone.legal_actions(s)
                    decisions.append(Decision(did, s, clone.step, acts, len(acts) == 1,
                                              False))
            if not decisions:
                break
            answers = await self.ai.think_many(
                TIMER_LEVEL, [(view(clone, d.seat), d) for d in decisions], clone.seed,
                version, files)
            for d, action in zip(decisions, answers, strict=True):
                try:
                    self.writes.apply(clone, d.seat, action, d.id, updates.DEADLINE, res, rows)
                except HadaraError:
                    log.exception("AI answered expired decision %s of game %s illegally",
                                  d.id, rec.id)
                    self.writes.apply(clone, d.seat, d.actions[0], d.id, updates.DEADLINE, res,
                                      rows)
            if clone.step != first or first not in ("feeding", "medals"):
                break
        seats: dict[int, SeatRecord] = {}
        takeover = []
        limit = int(tc.get("strikes", DEFAULT_STRIKES))
        for s in sorted({t.seat for t in expired}):
            seat = rec.seats[s]
            strikes = seat.strikes + 1
            taken = strikes >= limit
            if taken:
                takeover.append(s)
            seats[s] = replace(seat, strikes=strikes, ai_takeover=taken,
                               votes=[] if taken else seat.votes)
        # the fired timers go in this transaction whatever the plan says
        for t in expired:
            for extra in self.scheduler.of_game(rec.id):
                if extra.seat == t.seat and extra.decision_id == t.decision_id \
                        and extra.kind == DEADLINE and extra.id != t.id:
                    obsolete.append(extra.id)
        await self.writes.commit(held, clone, res, rows, updates.DEADLINE, seats=seats,
                                 expired=[t.seat for t in expired], takeover=takeover,
                                 delete=[t.id for t in expired] + obsolete)
