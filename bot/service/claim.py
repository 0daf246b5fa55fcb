"""The scheduler's claim across processes (docs/deploy.md): several processes over one
database, and only the one holding the claim fires timers; the others keep trying, to take
over when it stops, and another process's timer changes make the owner reload them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.storage.base import Store, TimerRecord

from .timecontrol.scheduler import Scheduler, Sleep

log = logging.getLogger(__name__)
#: How often a process that does not run the deadline scheduler tries to take it over (a
#: PostgreSQL advisory lock, free as soon as its holder's connection is gone).
CLAIM_EVERY = 1.0


class Claim:
    """Running the ``scheduler`` while this process holds the store's claim."""

    def __init__(self, store: Store, scheduler: Scheduler, sleep: Sleep, *,
                 also: Callable[[], Awaitable[list[TimerRecord]]] | None = None) -> None:
        self.store = store
        self.scheduler = scheduler
        self._sleep = sleep
        #: the timers kept apart from the games' (a person's own: the turn digests)
        self._also = also
        self.closed = False
        self.claiming: asyncio.Task[None] | None = None  # waiting to own the scheduler
        self._unlisten: Callable[[], None] | None = None
        self._background: set[asyncio.Task[None]] = set()

    async def open(self) -> None:
        """Several processes over one database: only the process holding the scheduler's
        claim fires timers (the others keep trying, to take over when it stops), and another
        process's timer changes make the owner reload them."""
        self.closed = False
        self._unlisten = self.store.listen_timers(self._timers_changed)
        if await self.store.claim_scheduler():
            self.scheduler.start()
        if getattr(self.store, "shared", False) or not self.scheduler.running:
            self.claiming = asyncio.create_task(self._claim(), name="claim timers")

    async def close(self) -> None:
        """Stop firing timers (they stay stored)."""
        self.closed = True
        if self._unlisten is not None:
            self._unlisten()
            self._unlisten = None
        await self.scheduler.stop()
        if self.claiming is not None and not self.claiming.done():
            self.claiming.cancel()
            await asyncio.gather(self.claiming, return_exceptions=True)

    def _timers_changed(self) -> None:
        """Another process added, moved or deleted timers: the scheduler's owner reloads."""
        if self.scheduler.running and not self.closed:
            task = asyncio.create_task(self._reload_timers(), name="reload timers")
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    async def _reload_timers(self) -> None:
        self.scheduler.load(await self.stored())

    async def stored(self) -> list[TimerRecord]:
        """Every stored timer the scheduler fires: the games', and those kept apart."""
        return [*await self.store.timers(), *(await self._also() if self._also else [])]

    async def _claim(self) -> None:
        """Every ``CLAIM_EVERY`` seconds: a process without the scheduler tries to take it
        (then loads the timers — another process may have left some due — and runs it); the
        owner of a shared store checks it still holds the claim (its connection may have died,
        and another process taken over) and stops firing when it does not."""
        while not self.closed:
            await self._sleep(CLAIM_EVERY)
            try:
                claimed = await self.store.claim_scheduler()
                if claimed and not self.scheduler.running:
                    self.scheduler.load(await self.stored())
                    self.scheduler.start()
                    log.info("this process now runs the deadline scheduler")
                    if not getattr(self.store, "shared", False):
                        return
                elif not claimed and self.scheduler.running:
                    await self.scheduler.stop()
                    log.warning("this process lost the deadline scheduler to another one")
            except Exception:
                log.exception("claiming the scheduler failed; trying again")
