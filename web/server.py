"""The web front end's HTTP server: its own thread and event loop, the service's loop entered
only for service calls (docs/web.md, "Where the server runs").

Why a thread of its own: the tests' offline Discord (simcord) tracks every task and timer
started in the bot's scope and settles only when they all are done; a handler waiting on a
socket would never settle, and aiohttp's own timers (keep-alive, shutdown) would run on
virtual time. On its own loop the server is invisible to it, in the tests and in production
alike (one code path), and a slow or hostile client can never stall the loop that plays the
games: every service call is handed to the service's loop (:class:`Bridge`), and the
service's updates come back as at most one unsent message per page (web/live.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from aiohttp import web

log = logging.getLogger(__name__)
T = TypeVar("T")

START_TIMEOUT = 10.0  # seconds to bind the port
STOP_TIMEOUT = 5.0  # seconds for open requests to finish at shutdown


class PortUnavailable(OSError):
    """The web page's address cannot be bound: in use, not allowed, or not this machine's."""

    def __init__(self, host: str, port: int, cause: OSError) -> None:
        why = {errno.EADDRINUSE: "it is in use (another program, or another bot process, "
                                 "listens there)",
               errno.EACCES: "this user may not listen on it (ports below 1024 need "
                             "privileges)",
               errno.EADDRNOTAVAIL: "this machine has no such address"}.get(
            cause.errno or 0, cause.strerror or str(cause))
        super().__init__(cause.errno, f"The web page cannot listen on {host}:{port}: {why}. "
                         "Set HADARA_WEB_PORT (or HADARA_WEB_HOST) to a free address, or "
                         "stop what holds it; the bot runs without the web page until then.")
        self.host, self.port = host, port

    def __str__(self) -> str:
        return str(self.strerror)


class Bridge:
    """Runs coroutines on the service's event loop from the web server's loop."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    async def call(self, coro: Coroutine[Any, Any, T]) -> T:
        """Await ``coro`` on the service's loop (its result or its exception here)."""
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(coro, self.loop))

    def soon(self, callback: Callable[[], None], loop: asyncio.AbstractEventLoop) -> None:
        """From the service's loop: run ``callback`` on the web server's ``loop``."""
        loop.call_soon_threadsafe(callback)


class WebServer:
    """An aiohttp application (``make_app(bridge)``) served on ``host:port`` by a thread with
    its own event loop. ``port`` 0 binds a free port (tests); :attr:`port` is the bound one."""

    def __init__(self, make_app: Callable[[Bridge], web.Application], *, host: str,
                 port: int) -> None:
        self._make_app = make_app
        self.host = host
        self.port = port
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._runner: web.AppRunner | None = None
        self._stopped: asyncio.Event | None = None

    async def start(self) -> None:
        """Start the thread and wait (without blocking the calling loop) until the port is
        bound; the error of a port that cannot be bound is raised here."""
        bridge = Bridge(asyncio.get_running_loop())
        self._thread = threading.Thread(target=self._run, args=(bridge,),
                                        name="hadara web", daemon=True)
        self._thread.start()
        if not await asyncio.to_thread(self._ready.wait, START_TIMEOUT):
            raise RuntimeError(f"the web server did not start in {START_TIMEOUT:.0f} s")
        if isinstance(self._failed, OSError):
            raise PortUnavailable(self.host, self.port, self._failed) from self._failed
        if self._failed is not None:
            raise self._failed
        log.info("web page served on %s:%d", self.host, self.port)

    def _run(self, bridge: Bridge) -> None:
        loop = self.loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self._serve(bridge))
        except BaseException as exc:  # reported to start(), which raises it
            self._failed = exc
            self._ready.set()
        finally:
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    async def _serve(self, bridge: Bridge) -> None:
        self._stopped = asyncio.Event()
        runner = self._runner = web.AppRunner(self._make_app(bridge), access_log=None,
                                              shutdown_timeout=STOP_TIMEOUT)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            await site.start()
            server = getattr(site, "_server", None)
            sockets = getattr(server, "sockets", None) or []
            if sockets:
                self.port = int(sockets[0].getsockname()[1])
            self._ready.set()
            await self._stopped.wait()
        finally:
            await runner.cleanup()

    async def stop(self) -> None:
        """Stop serving (open requests get :data:`STOP_TIMEOUT`) and end the thread."""
        loop, stopped, thread = self.loop, self._stopped, self._thread
        if loop is None or stopped is None or thread is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop already closed
            loop.call_soon_threadsafe(stopped.set)
        await asyncio.to_thread(thread.join, STOP_TIMEOUT + START_TIMEOUT)
        self._thread = None
