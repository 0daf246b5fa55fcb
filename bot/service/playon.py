"""Playing on (docs/service.md, "Playing on"): what the game does by itself after a change.

Playing on happens here and only here: :class:`PlayOn` follows the update stream (from
``open`` to ``close``) and looks at a game after every change that may leave it something to
play (:data:`KICKED_BY`: a person's move, the start, a concession, a queued plan, a takeover, a
deadline, a repair); nothing else calls it. One play-on task per game (:meth:`PlayOn.kick`; a
kick while it runs makes it look once more). Each step, under the game's lock, applies every
forced decision and every queued plan that answers an open decision (``hadara.ahead``), then
lets the AI seats the game waits for decide **outside the lock** in the AI pool (never on the
event loop) and applies their answers, skipping any whose decision is no longer pending.
Playing on refused by the storage is tried again every ``STORAGE_RETRY`` seconds.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.storage.base import ACTIVE, ActionRecord, GameRecord, SeatRecord
from hadara import ahead, driver
from hadara.engine import Decision, Game, Result
from hadara.errors import HadaraError
from hadara.reasons import label_parts
from hadara.types import Action, Event, ViewData
from hadara.views import view

from . import refusals, updates
from .ai import CONCEDED_LEVEL, TIMER_LEVEL, AiPool
from .refusals import Refusal
from .timecontrol.scheduler import Sleep
from .updates import Hub, Update

if TYPE_CHECKING:
    from .content import Catalogs
    from .memory import Held, Memory
    from .timecontrol.timers import Timers
    from .writes import Writes

log = logging.getLogger(__name__)
#: Seconds before a game whose playing on the storage refused is looked at again.
STORAGE_RETRY = 5.0
#: How many of the decisions forced on a person's seat since their last move are kept to tell
#: them (``Held.done``).
MAX_DONE = 4
#: The causes of the updates after which a game may have something to play on. Not its own
#: (``forced``, ``ai``: the task looks again while it progresses), not an undo (the game
#: waits for the player who took the move back), not the lobby's or the clock's.
KICKED_BY = frozenset({updates.STARTED, updates.ACTION, updates.CONCEDED, updates.QUEUED,
                       updates.TAKEOVER, updates.DEADLINE, updates.REPAIRED})


def automatic(rec: GameRecord, game: Game, seat: int) -> bool:
    """Whether the service answers the seat's open decision itself: it is forced (one legal
    action), an AI plays the seat (its level, a concession, a takeover), or a queued plan
    answers it. A front end never shows such a decision as one to make."""
    if game.decision_id(seat) is None or game.commits[seat] is not None:
        return False
    if ai_level(rec, seat) is not None or len(game.legal_actions(seat)) == 1:
        return True
    plan = rec.seats[seat].plan
    if plan is None:
        return False
    try:
        return ahead.resolve(game, seat, ahead.plan_from_dict(plan)) is not None
    except (HadaraError, ValueError, KeyError, TypeError):
        return False


def ai_level(rec: GameRecord, seat: int) -> str | None:
    """Who decides for a seat without asking: its AI level, greedy once conceded or taken
    over after missed deadlines (or by the other players' vote)."""
    s = rec.seats[seat]
    if s.ai_level is not None:
        return s.ai_level
    if s.conceded:
        return CONCEDED_LEVEL
    return TIMER_LEVEL if s.ai_takeover else None


def planned(rec: GameRecord, game: Game,
            seats: dict[int, SeatRecord]) -> tuple[Decision, Action] | None:
    """The first open decision a queued plan answers now, with its action; plans that
    can no longer apply are dropped into ``seats`` (written with the moves)."""
    for d in driver.pending(game):
        seat = seats.get(d.seat, rec.seats[d.seat])
        if seat.plan is None or seat.user_id is None or seat.ai_takeover:
            continue
        plan = ahead.plan_from_dict(seat.plan)
        if ahead.expired(game, plan):
            seats[d.seat] = replace(seat, plan=None)
            continue
        action = ahead.resolve(game, d.seat, plan)
        if game.decision_kind(d.seat) == plan.kind:
            # the decision the plan was for is open: applied now, or asked as usual
            seats[d.seat] = replace(seat, plan=None)
        if action is not None:
            return d, action
    return None


class PlayOn:
    """The play-on tasks of the ``memory`` games: kicked by the updates on ``hub``, changes
    written through ``writes``, the AI seats decided by ``ai``; a retry after a storage fault
    first makes the game's ``timers`` match."""

    def __init__(self, memory: Memory, writes: Writes, timers: Timers, catalogs: Catalogs,
                 sleep: Sleep, ai: AiPool, hub: Hub) -> None:
        self.memory = memory
        self.writes = writes
        self.timers = timers
        self.catalogs = catalogs
        self._sleep = sleep
        self.ai = ai
        self.hub = hub
        self.tasks: dict[int, asyncio.Task[None]] = {}  # the play-on task per game
        self.again: set[int] = set()  # kicked while its play-on task ran: look once more
        self.retrying: dict[int, asyncio.Task[None]] = {}  # play on again after a fault
        self.closed = True  # until open: a service never opened plays nothing on
        self._unsubscribe: Callable[[], None] = lambda: None
        self._context = contextvars.copy_context()  # the play-on tasks' (``open``'s)

    def running(self, game_id: int) -> bool:
        """Whether the game's play-on task runs (it stays in memory)."""
        return game_id in self.tasks

    def open(self) -> None:
        """Follow the update stream: play on after every change that may need it."""
        self.closed = False
        self._context = contextvars.copy_context()
        self._unsubscribe()
        self._unsubscribe = self.hub.subscribe(self.on_update)

    def on_update(self, update: Update) -> None:
        if update.cause in KICKED_BY and update.status == ACTIVE:
            self.kick(update.game_id)

    def pause(self) -> None:
        """Nothing new plays on (closing: the running tasks end with :meth:`close`)."""
        self.closed = True
        self._unsubscribe()
        self._unsubscribe = lambda: None

    async def close(self, *others: asyncio.Task[None] | None) -> None:
        """Stop playing on (what is stored stays), with ``others`` (resuming, which kicks),
        and shut down an AI pool created here."""
        self.pause()
        tasks = [t for t in [*others, *self.tasks.values(), *self.retrying.values()]
                 if t is not None and not t.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.ai.close()

    def kick(self, game_id: int) -> None:
        """Make sure the game's play-on task looks at it (after any change). The task loads
        the game itself, so it works even if the game was evicted meanwhile."""
        if self.closed:
            return
        if game_id in self.tasks:
            self.again.add(game_id)
            return
        # a copy of the opener's context, never the kicker's: playing on belongs to the
        # service, not to whoever published the update (its language, its caller's scope)
        task = asyncio.create_task(self._play_on(game_id), name=f"play-on {game_id}",
                                   context=self._context.copy())
        self.tasks[game_id] = task

    async def _play_on(self, game_id: int) -> None:
        try:
            while True:
                self.again.discard(game_id)
                progressed = await self._step(game_id)
                if not progressed and game_id not in self.again:
                    return
        except asyncio.CancelledError:
            raise
        except Refusal as refusal:
            if refusal.code == refusals.STORAGE_UNAVAILABLE:  # logged by the store, once
                self.retry_later(game_id)
            elif refusal.code != refusals.DAMAGED:  # a damaged game waits for its repair
                log.warning("playing on game %s was refused: %r", game_id, refusal)
        except Exception:
            log.exception("playing on game %s failed", game_id)
        finally:
            self.tasks.pop(game_id, None)
            self.again.discard(game_id)

    def retry_later(self, game_id: int) -> None:
        """The storage refused a write while the game played on: look again in
        ``STORAGE_RETRY`` seconds (and again, until it is back): no restart needed."""
        if self.closed or game_id in self.retrying:
            return

        async def retry() -> None:
            try:
                await self._sleep(STORAGE_RETRY)
                await self.sync(game_id)
            except Refusal as refusal:
                if refusal.code == refusals.STORAGE_UNAVAILABLE:
                    self.retrying.pop(game_id, None)
                    self.retry_later(game_id)
                return
            finally:
                if self.retrying.get(game_id) is asyncio.current_task():
                    del self.retrying[game_id]
            self.kick(game_id)

        self.retrying[game_id] = asyncio.create_task(retry(), name=f"retry {game_id}")

    async def _step(self, game_id: int) -> bool:
        """Apply forced decisions, then let the AI seats the game waits for decide (in the
        pool, outside the lock) and apply their answers. Returns whether to look again."""
        async with self.memory.locked(game_id) as held:
            if held.record.status != ACTIVE or held.game is None or held.game.is_over:
                return False
            await self._apply_automatic(held)
            game = held.game
            jobs: list[tuple[Decision, str, ViewData]] = []
            for d in driver.pending(game):
                level = ai_level(held.record, d.seat)
                if level is not None:
                    jobs.append((d, level, view(game, d.seat)))
            if not jobs:
                return False
            version = game.catalog.version
            files = self.catalogs.files(version)
            seed = game.seed
        answers = await asyncio.gather(*(self.ai.think(level, data, d, seed, version, files)
                                         for d, level, data in jobs))
        async with self.memory.locked(game_id) as held:
            if held.record.status != ACTIVE or held.game is None:
                return False
            clone = held.game.clone()
            rows: dict[int, ActionRecord] = {}
            res = Result()
            for (d, level, _), action in zip(jobs, answers, strict=True):
                if clone.decision_ids[d.seat] != d.id or clone.commits[d.seat] is not None:
                    continue  # the game moved on meanwhile (or the seat changed hands)
                if ai_level(held.record, d.seat) != level:
                    continue
                try:
                    self.writes.apply(clone, d.seat, action, d.id, f"ai:{level}", res, rows)
                except HadaraError:
                    log.exception("AI %s answered decision %s of game %s illegally",
                                  level, d.id, game_id)
            if rows:
                await self.writes.commit(held, clone, res, rows, updates.AI)
        return True

    async def settle(self, game_id: int) -> None:
        """Apply now the forced decisions and queued plans playing on would apply next (a
        front end about to show a seat its decision: one the service plays itself is never
        shown). A no-op when there are none; AI seats are left to playing on."""
        async with self.memory.locked(game_id) as held:
            if held.record.status == ACTIVE and held.game is not None \
                    and not held.game.is_over:
                await self._apply_automatic(held)

    async def _apply_automatic(self, held: Held) -> None:
        """Under the game's lock: every forced decision and every queued plan that answers
        an open decision, on one clone, written as one change. A person's seat keeps what was
        forced on it (``Held.done``) until they move: their panel says it was done for them."""
        assert held.game is not None
        clone = held.game.clone()
        rows: dict[int, ActionRecord] = {}
        res = Result()
        seats: dict[int, SeatRecord] = {}
        people = {s.seat for s in held.record.seats
                  if s.user_id is not None and ai_level(held.record, s.seat) is None}
        done: list[tuple[int, Event]] = []
        while True:  # the driver's step, one forced decision at a time (with its id)
            forced = [d for d in driver.pending(clone) if d.forced]
            if forced:
                d = forced[0]
                if d.seat in people:
                    done.append((d.seat, label_parts(clone, d.seat, d.actions[0])))
                self.writes.apply(clone, d.seat, d.actions[0], d.id, "forced", res, rows)
                continue
            plan = planned(held.record, clone, seats)
            if plan is None:
                break
            d, action = plan
            self.writes.apply(clone, d.seat, action, d.id, "ahead", res, rows)
        if rows or seats:
            await self.writes.commit(held, clone, res, rows, updates.FORCED, seats=seats)
            for seat, parts in done:
                kept = held.done.setdefault(seat, [])
                kept.append(parts)
                del kept[:-MAX_DONE]

    async def sync(self, game_id: int) -> None:
        """Make the game's timers match its pending decisions (under its lock)."""
        async with self.memory.locked(game_id) as held:
            await self.timers.sync(held.record, held.game)

    async def resume_all(self, ids: list[int]) -> None:
        """After a start: make each active game's timers match and play it on."""
        for gid in ids:
            try:
                await self.sync(gid)
                self.kick(gid)
            except asyncio.CancelledError:
                raise
            except Refusal as refusal:
                if refusal.code == refusals.STORAGE_UNAVAILABLE:
                    self.retry_later(gid)
                elif refusal.code != refusals.DAMAGED:  # quarantined: logged when found
                    log.warning("could not resume game %s: %r", gid, refusal)
            except Exception:
                log.exception("could not resume game %s", gid)
