"""Playing on (docs/service.md, "Playing on"): what the game does by itself after a change.

One play-on task per game (:meth:`PlayOn.kick`; a kick while it runs makes it look once
more). Each step, under the game's lock, applies every forced decision and every queued plan
that answers an open decision (``bot.service.ahead``), then lets the AI seats the game waits
for decide **outside the lock** in the process pool (never on the event loop) and applies
their answers, skipping any whose decision is no longer pending. Playing on refused by the
storage is tried again every ``STORAGE_RETRY`` seconds.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from bot.storage.base import ACTIVE, ActionRecord, GameRecord, SeatRecord
from hadara import driver
from hadara.engine import Decision, Game, Result
from hadara.errors import HadaraError
from hadara.reasons import label_parts
from hadara.views import view

from . import ahead, refusals, updates
from .ai import CONCEDED_LEVEL, ai_job, decision_seed
from .refusals import Refusal
from .scheduler import TIMER_LEVEL, ai_batch

if TYPE_CHECKING:
    from .clock import Timers
    from .content import Catalogs
    from .live import Live, LiveGames
    from .writes import Writes

log = logging.getLogger(__name__)
#: Seconds before a game whose playing on the storage refused is looked at again.
STORAGE_RETRY = 5.0
#: How many of the decisions forced on a person's seat since their last move are kept to tell
#: them (``Live.done``).
MAX_DONE = 4


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
            seats: dict[int, SeatRecord]) -> tuple[Decision, dict[str, Any]] | None:
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
        if ahead.decision_kind(game, d.seat) == plan.kind:
            # the decision the plan was for is open: applied now, or asked as usual
            seats[d.seat] = replace(seat, plan=None)
        if action is not None:
            return d, action
    return None


class PlayOn:
    """The play-on tasks of the ``live`` games (changes go through ``writes``; a retry
    after a storage fault first makes the game's ``timers`` match), and the AI pool."""

    def __init__(self, live: LiveGames, writes: Writes, timers: Timers, catalogs: Catalogs,
                 sleep: Callable[[float], Awaitable[Any]], ai_pool: Executor | None,
                 ai_options: dict[str, dict[str, Any]]) -> None:
        self.live = live
        self.writes = writes
        self.timers = timers
        self.catalogs = catalogs
        self._sleep = sleep
        self.ai_pool = ai_pool
        self.own_pool = False  # created here (shut down by close, replaced once if broken)
        self.ai_options = ai_options
        self.tasks: dict[int, asyncio.Task[None]] = {}  # the play-on task per game
        self.again: set[int] = set()  # kicked while its play-on task ran: look once more
        self.retrying: dict[int, asyncio.Task[None]] = {}  # play on again after a fault
        self.closed = False

    def running(self, game_id: int) -> bool:
        """Whether the game's play-on task runs (it stays in memory)."""
        return game_id in self.tasks

    async def close(self, *others: asyncio.Task[None] | None) -> None:
        """Stop playing on (what is stored stays), with ``others`` (resuming, which kicks),
        and shut down a pool created here."""
        self.closed = True
        tasks = [t for t in [*others, *self.tasks.values(), *self.retrying.values()]
                 if t is not None and not t.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.own_pool and self.ai_pool is not None:
            self.ai_pool.shutdown(wait=True, cancel_futures=True)
            self.ai_pool = None

    def kick(self, game_id: int) -> None:
        """Make sure the game's play-on task looks at it (after any change). The task loads
        the game itself, so it works even if the game was evicted meanwhile."""
        if self.closed:
            return
        if game_id in self.tasks:
            self.again.add(game_id)
            return
        task = asyncio.create_task(self._play_on(game_id), name=f"play-on {game_id}")
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
                await self.timers.sync(game_id)
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
        async with self.live.locked(game_id) as live:
            if live.record.status != ACTIVE or live.game is None or live.game.is_over:
                return False
            await self._apply_automatic(live)
            game = live.game
            jobs: list[tuple[Decision, str, dict[str, Any]]] = []
            for d in driver.pending(game):
                level = ai_level(live.record, d.seat)
                if level is not None:
                    jobs.append((d, level, view(game, d.seat)))
            if not jobs:
                return False
            version = game.catalog.version
            files = self.catalogs.files(version)
            seed = game.seed
        answers = await asyncio.gather(*(self.think(level, data, d, seed, version, files)
                                         for d, level, data in jobs))
        async with self.live.locked(game_id) as live:
            if live.record.status != ACTIVE or live.game is None:
                return False
            clone = live.game.clone()
            rows: dict[int, ActionRecord] = {}
            res = Result()
            for (d, level, _), action in zip(jobs, answers, strict=True):
                if clone.decision_ids[d.seat] != d.id or clone.commits[d.seat] is not None:
                    continue  # the game moved on meanwhile (or the seat changed hands)
                if ai_level(live.record, d.seat) != level:
                    continue
                try:
                    self.writes.apply(clone, d.seat, action, d.id, f"ai:{level}", res, rows)
                except HadaraError:
                    log.exception("AI %s answered decision %s of game %s illegally",
                                  level, d.id, game_id)
            if rows:
                await self.writes.commit(live, clone, res, rows, updates.AI)
        return True

    async def settle(self, game_id: int) -> None:
        """Apply now the forced decisions and queued plans playing on would apply next (a
        front end about to show a seat its decision: one the service plays itself is never
        shown). A no-op when there are none; AI seats are left to playing on."""
        async with self.live.locked(game_id) as live:
            if live.record.status == ACTIVE and live.game is not None \
                    and not live.game.is_over:
                await self._apply_automatic(live)

    async def _apply_automatic(self, live: Live) -> None:
        """Under the game's lock: every forced decision and every queued plan that answers
        an open decision, on one clone, written as one change. A person's seat keeps what was
        forced on it (``Live.done``) until they move: their panel says it was done for them."""
        assert live.game is not None
        clone = live.game.clone()
        rows: dict[int, ActionRecord] = {}
        res = Result()
        seats: dict[int, SeatRecord] = {}
        people = {s.seat for s in live.record.seats
                  if s.user_id is not None and ai_level(live.record, s.seat) is None}
        done: list[tuple[int, dict[str, Any]]] = []
        while True:  # the driver's step, one forced decision at a time (with its id)
            forced = [d for d in driver.pending(clone) if d.forced]
            if forced:
                d = forced[0]
                if d.seat in people:
                    done.append((d.seat, label_parts(clone, d.seat, d.actions[0])))
                self.writes.apply(clone, d.seat, d.actions[0], d.id, "forced", res, rows)
                continue
            plan = planned(live.record, clone, seats)
            if plan is None:
                break
            d, action = plan
            self.writes.apply(clone, d.seat, action, d.id, "ahead", res, rows)
        if rows or seats:
            await self.writes.commit(live, clone, res, rows, updates.FORCED, seats=seats)
            for seat, parts in done:
                kept = live.done.setdefault(seat, [])
                kept.append(parts)
                del kept[:-MAX_DONE]

    async def resume_all(self, ids: list[int]) -> None:
        """After a start: make each active game's timers match and play it on."""
        for gid in ids:
            try:
                await self.timers.sync(gid)
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

    # ------------------------------------------------------------------ the AI pool

    async def think(self, level: str, data: dict[str, Any], d: Decision,
                    game_seed: int | None, version: str,
                    files: dict[str, str] | None) -> dict[str, Any]:
        """One AI decision in the process pool (never on the event loop)."""
        if len(d.actions) == 1:
            return d.actions[0]
        seed = decision_seed(game_seed, d.id, d.seat)
        job = partial(ai_job, level, data, d.actions, seed, version, files,
                      self.ai_options.get(level, {}))
        out: dict[str, Any] = await self.in_pool(job)
        return out

    async def think_many(self, level: str, items: list[tuple[dict[str, Any], Decision]],
                         game_seed: int | None, version: str,
                         files: dict[str, str] | None) -> list[dict[str, Any]]:
        """Several decisions of one game as ONE pool job (``scheduler.ai_batch``): the
        seats whose deadline passed together (a draft round) cost one round trip."""
        answers: list[dict[str, Any] | None] = [
            d.actions[0] if len(d.actions) == 1 else None for _, d in items]
        jobs = [(level, data, d.actions, decision_seed(game_seed, d.id, d.seat), version,
                 files, self.ai_options.get(level, {}))
                for (data, d), a in zip(items, answers, strict=True) if a is None]
        if jobs:
            decided = iter(await self.in_pool(partial(ai_batch, jobs)))
            answers = [a if a is not None else next(decided) for a in answers]
        return [a for a in answers if a is not None]

    async def in_pool(self, job: Callable[[], Any]) -> Any:
        """Run an AI job in the pool (never on the event loop); a broken pool created here
        is replaced once, else the job runs in a thread."""
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            pool = self.pool()
            try:
                return await loop.run_in_executor(pool, job)
            except BrokenProcessPool as exc:
                if not self.own_pool or attempt:
                    log.warning("AI pool is broken (%s); deciding in a thread", exc)
                    break
                log.warning("AI pool is broken (%s); starting a new one", exc)
                if self.ai_pool is pool:
                    pool.shutdown(wait=False, cancel_futures=True)
                    self.ai_pool = None
        return await loop.run_in_executor(None, job)

    def pool(self) -> Executor:
        """The AI pool, created on first use (``spawn``, up to 4 workers)."""
        if self.ai_pool is None:
            workers = max(1, min(4, os.cpu_count() or 1))
            self.ai_pool = ProcessPoolExecutor(workers, multiprocessing.get_context("spawn"))
            self.own_pool = True
        return self.ai_pool
