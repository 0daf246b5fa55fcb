"""AI decisions for the service: the AI pool (:class:`AiPool`), picklable jobs for it and the
decision seeds."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import multiprocessing
import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any, TypeVar

from hadara.ai import decide
from hadara.ai.hint import hint
from hadara.ai.ismcts import BOT_BUDGET_MS
from hadara.engine import Decision
from hadara.types import Action, ViewData
from i18n import speaking

from .content import Files, worker_catalog

log = logging.getLogger(__name__)
T = TypeVar("T")
#: An agent's (or the hint's) options, passed as keyword arguments (``budget_ms`` …).
Options = Mapping[str, Any]

#: The levels the commands offer, gentlest first: novice (gentle), steady (greedy) and expert
#: (ismcts) (docs/ai.md: their measured strength). The service seats any level of
#: ``hadara.ai`` (``random`` of older tables and of tests keeps playing as it did).
LEVELS = ("gentle", "greedy", "ismcts")
#: The hint button's level: the strongest, within :data:`HINT_BUDGET_MS` (the click is
#: acknowledged first, and the search runs in the AI pool, never on the event loop).
HINT_LEVEL = "ismcts"
HINT_BUDGET_MS = 1000
#: Options per level unless the service is given others (ismcts: the bot's time budget;
#: ``hint``: the options of the hint button's level).
DEFAULT_OPTIONS: dict[str, Options] = {"ismcts": {"budget_ms": BOT_BUDGET_MS},
                                              "hint": {"budget_ms": HINT_BUDGET_MS}}
#: The level that plays a conceded seat for the rest of the game.
CONCEDED_LEVEL = "greedy"
#: Who decides for a seat whose deadline passed, and for a seat taken over (missed deadlines,
#: or the other players' vote).
TIMER_LEVEL = "greedy"


def decision_seed(game_seed: int | None, decision_id: str, seat: int) -> int:
    """A deterministic seed per game and decision (0..2**63-1)."""
    digest = hashlib.sha256(f"{game_seed}:{decision_id}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def ai_job(level: str, view: ViewData, actions: list[Action], seed: int,
           version: str | None, files: Files | None, options: Options) -> Action:
    """One AI decision in a worker process, with the game's catalog."""
    catalog = worker_catalog(version, files)
    return decide(level, view, actions, seed, catalog=catalog, **options)


#: :func:`ai_job`'s arguments.
AiJob = tuple[str, ViewData, list[Action], int, str | None, Files | None, Options]


def ai_batch(jobs: Sequence[AiJob]) -> list[Action]:
    """Several :func:`ai_job` calls as one pool job (expired seats of one game)."""
    return [ai_job(*job) for job in jobs]


def hint_job(view: ViewData, actions: list[Action], version: str | None,
             files: Files | None, options: Options, language: str) -> tuple[Action, str]:
    """The hint button's suggestion and its reason in a worker process, worded in
    ``language`` (a worker does not share the caller's current language)."""
    catalog = worker_catalog(version, files)
    with speaking(language):
        return hint(view, actions, HINT_LEVEL, 0, catalog=catalog, **options)


class AiPool:
    """The AI pool: CPU-heavy jobs (AI decisions, hints, reviews) in a process pool, never on
    the event loop. ``pool``: an executor given (kept), else a ``spawn`` process pool of up to
    4 workers created on first use (shut down by :meth:`close`, replaced once if it broke).
    ``options``: per level, what ``hadara.ai.decide`` is given."""

    def __init__(self, pool: Executor | None, options: dict[str, Options]) -> None:
        self.ai_pool = pool
        self.own_pool = False  # created here
        self.options = options

    def close(self) -> None:
        """Shut down a pool created here."""
        if self.own_pool and self.ai_pool is not None:
            self.ai_pool.shutdown(wait=True, cancel_futures=True)
            self.ai_pool = None

    async def think(self, level: str, data: ViewData, d: Decision, game_seed: int | None,
                    version: str, files: Files | None) -> Action:
        """One AI decision in the pool."""
        if len(d.actions) == 1:
            return d.actions[0]
        seed = decision_seed(game_seed, d.id, d.seat)
        job = partial(ai_job, level, data, d.actions, seed, version, files,
                      self.options.get(level, {}))
        out: Action = await self.run(job)
        return out

    async def think_many(self, level: str, items: list[tuple[ViewData, Decision]],
                         game_seed: int | None, version: str,
                         files: Files | None) -> list[Action]:
        """Several decisions of one game as ONE pool job (:func:`ai_batch`): the seats whose
        deadline passed together (a draft round) cost one round trip."""
        answers: list[Action | None] = [
            d.actions[0] if len(d.actions) == 1 else None for _, d in items]
        jobs: list[AiJob] = [
            (level, data, d.actions, decision_seed(game_seed, d.id, d.seat), version, files,
             self.options.get(level, {})) for (data, d), a in zip(items, answers, strict=True)
            if a is None]
        if jobs:
            decided = iter(await self.run(partial(ai_batch, jobs)))
            answers = [a if a is not None else next(decided) for a in answers]
        return [a for a in answers if a is not None]

    async def run(self, job: Callable[[], T]) -> T:
        """Run a picklable job in the pool (never on the event loop); a broken pool created
        here is replaced once, else the job runs in a thread."""
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
