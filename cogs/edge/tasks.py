"""The background tasks of a cog (lessons to post, reminders to send, reviews to deliver):
started with :meth:`Tasks.spawn` and kept so that none is garbage-collected mid-way,
awaited by :meth:`Tasks.idle` (tests, shutdown) and cancelled when the cog unloads."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine


class Tasks:
    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[object]] = set()

    def __len__(self) -> int:
        return len(self._tasks)

    def spawn(self, coro: Coroutine[object, None, object], name: str | None = None
              ) -> asyncio.Task[object]:
        task = asyncio.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def idle(self) -> None:
        """Wait until every task, and any task they started, is done."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def cancel(self) -> None:
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
