"""Front ends listening to the service for one kind of message (the followers' digests, the
turn digests): ``listen(callback) -> unsubscribe``; ``publish(value)`` calls each callback,
runs a coroutine one returns as a task of its own (kept until done), and never lets a
listener's failure reach the caller (a game's update, a timer)."""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")


class Listeners(Generic[T]):
    """The callbacks listening for ``T``s (``what`` names them in the log)."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._callbacks: dict[int, Callable[[T], object]] = {}
        self._next = 0
        self._tasks: set[asyncio.Future[object]] = set()

    def __bool__(self) -> bool:
        return bool(self._callbacks)

    def listen(self, callback: Callable[[T], object]) -> Callable[[], None]:
        """Call ``callback`` with every ``T`` published; returns the unsubscribe function."""
        key = self._next
        self._next += 1
        self._callbacks[key] = callback

        def unsubscribe() -> None:
            self._callbacks.pop(key, None)

        return unsubscribe

    def publish(self, value: T) -> None:
        for callback in list(self._callbacks.values()):
            try:
                out = callback(value)
                if inspect.isawaitable(out):
                    self.spawn(out)
            except Exception:  # a listener's fault never breaks the service's work
                log.exception("%s listener failed", self.what)

    def spawn(self, awaitable: Awaitable[object]) -> None:
        """Run ``awaitable`` as a task, kept until it is done."""
        task = asyncio.ensure_future(awaitable)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Future[object]) -> None:
        """Forget a finished task; its failure is logged (nobody awaits it)."""
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("%s listener failed", self.what, exc_info=task.exception())
