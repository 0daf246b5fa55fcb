"""The service's listeners (bot/service/listeners.py): every callback is called, a failing
one never reaches the publisher, and a coroutine's failure is logged, not lost."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.service.listeners import Listeners


async def test_a_listener_s_failure_is_logged_and_never_reaches_the_publisher(
        caplog: pytest.LogCaptureFixture) -> None:
    heard: list[int] = []
    listeners: Listeners[int] = Listeners("test")

    def fails(value: int) -> None:
        raise RuntimeError("at once")

    async def later(value: int) -> None:
        await asyncio.sleep(0)
        raise RuntimeError(f"later {value}")

    listeners.listen(fails)
    listeners.listen(later)
    stop = listeners.listen(heard.append)
    with caplog.at_level(logging.ERROR, logger="bot.service.listeners"):
        listeners.publish(7)
        for _ in range(5):
            await asyncio.sleep(0)
    assert heard == [7]
    messages = [(r.getMessage(), str(r.exc_info[1]) if r.exc_info else "")
                for r in caplog.records]
    assert ("test listener failed", "at once") in messages
    assert ("test listener failed", "later 7") in messages  # the task's, once it failed
    stop()
    listeners.publish(8)
    assert heard == [7] and listeners
