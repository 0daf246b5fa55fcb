"""The SQL store's core: what every aggregate's SQL runs on (see :mod:`bot.storage.store` for
what a backend provides), the revisions a process saw, the game lock and the listeners."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager

from ..base import FaultEpisodes, StorageUnavailable
from ..dialect import Body, Dialect, T

log = logging.getLogger("bot.storage.store")  # the name it had before the split


class SqlCore:
    """The store's machinery under the aggregates' SQL (``bot/storage/sql/``); a backend
    subclasses :class:`~bot.storage.store.SqlStore`, which composes them."""

    dialect: Dialect

    def __init__(self, *, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        # Called just before a write's COMMIT (SQLite: on its database thread), with every
        # statement of the transaction run: the crash tests kill the process there.
        self.before_commit: Callable[[], None] | None = None
        self.faults: FaultEpisodes  # the backend's, naming its database
        self._game_locks: dict[int, tuple[asyncio.Lock, list[int]]] = {}
        self._revisions: dict[int, int] = {}  # game id -> the revision this process saw last
        #: game id -> (log length, chain head) as this process last wrote or loaded it: an
        #: append is chained from it before its transaction, the head compared in the game's
        #: UPDATE (another process's write, or any change, sends it the slow way)
        self._tips: dict[int, tuple[int, str]] = {}
        self._listeners: list[Callable[[int, int], None]] = []
        self._timer_listeners: list[Callable[[], None]] = []

    # ------------------------------------------------------------------ what a backend provides
    async def _run(self, body: Body[T], *, write: bool = False, snapshot: bool = False) -> T:
        """Run ``body(tx)``: with ``write``, as ONE transaction committed before this returns
        (rolled back when the body raises); else as a read (``snapshot``: every statement of
        the body sees the same state)."""
        raise NotImplementedError

    @asynccontextmanager
    async def _hold(self, game_id: int) -> AsyncIterator[None]:
        """What the game lock holds besides the asyncio lock of this process (nothing here)."""
        yield

    def _announce(self, game_id: int, version: int) -> None:
        """Tell the other processes that a game changed (nothing here: one process)."""

    def _timers_changed(self) -> None:
        """After a committed write that changed timers: tell the other processes."""

    def _fault(self, exc: BaseException) -> StorageUnavailable | None:
        """The :class:`StorageUnavailable` a driver error stands for (the disk, the server, the
        connection), or None for an error of the statement itself (a constraint, bad SQL)."""
        raise NotImplementedError

    @contextlib.contextmanager
    def _faults(self) -> Iterator[None]:
        """Around a driver call: a storage fault raises :class:`StorageUnavailable`, counted
        in this store's episode (``faults``); any other error goes through as it is."""
        try:
            yield
        except StorageUnavailable:
            raise  # counted where it was raised
        except Exception as exc:
            fault = self._fault(exc)
            if fault is None:
                raise
            raise self.faults.fault(fault) from exc

    # ------------------------------------------------------------------ revisions
    def _saw(self, game_id: int, revision: int | None) -> None:
        """This process loaded the game at ``revision`` (never older than the one it knew:
        see :meth:`load_game`). Newer: another process changed it, and the listeners are told
        at once (``-1``) — a copy in memory is stale even when this load (a catch-up, a
        review) does not replace it."""
        if revision is None:
            return
        seen = self._revisions.get(game_id)
        self._revisions[game_id] = revision
        if seen is not None and revision > seen:
            self._call_listeners(game_id, -1)

    def _wrote(self, game_id: int, revision: int | None) -> None:
        """This process wrote the game, which is now at ``revision``. When that skipped a
        revision it never saw (another process wrote in between), the older one is kept, so
        the next lock still reports the game as changed."""
        if revision is None:
            return
        seen = self._revisions.get(game_id)
        if seen is None or seen == revision - 1:
            self._revisions[game_id] = revision

    def _locked(self, game_id: int, revision: int | None) -> None:
        """The game's lock found it at ``revision``: when another process changed it since
        this one loaded or wrote it, every listener is called with ``(game_id, -1)``."""
        if revision is None:
            return
        seen = self._revisions.get(game_id)
        if seen is not None and seen < revision:
            log.debug("game %d changed elsewhere (revision %d, seen %d)", game_id, revision,
                      seen)
            self._call_listeners(game_id, -1)
            self._revisions[game_id] = revision


    # ------------------------------------------------------------------ coordination
    @asynccontextmanager
    async def lock(self, game_id: int) -> AsyncIterator[None]:
        """Exclusive access to one game (not re-entrant): an asyncio.Lock per game in this
        process, then what the backend holds (:meth:`_hold`; PostgreSQL: its advisory lock,
        so tasks of this process queue here first and one connection at most waits per
        game). The entry is dropped when nobody holds or waits for it, so the dict stays
        small."""
        entry = self._game_locks.get(game_id)
        if entry is None:
            entry = self._game_locks[game_id] = (asyncio.Lock(), [0])
        local, users = entry
        users[0] += 1
        try:
            async with local, self._hold(game_id):
                yield
        finally:
            users[0] -= 1
            if users[0] == 0:
                del self._game_locks[game_id]

    def notify(self, game_id: int, version: int) -> None:
        """Call every listener of this process now (a failing one is logged and does not stop
        the others), and tell the other processes (:meth:`_announce`)."""
        self._call_listeners(game_id, version)
        self._announce(game_id, version)

    def listen(self, callback: Callable[[int, int], None]) -> Callable[[], None]:
        self._listeners.append(callback)

        def unsubscribe() -> None:
            if callback in self._listeners:
                self._listeners.remove(callback)

        return unsubscribe

    def listen_timers(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Called when another process changed timers (never, with one process)."""
        self._timer_listeners.append(callback)

        def unsubscribe() -> None:
            if callback in self._timer_listeners:
                self._timer_listeners.remove(callback)

        return unsubscribe

    def _call_listeners(self, game_id: int, version: int) -> None:
        for callback in list(self._listeners):
            try:
                callback(game_id, version)
            except Exception:
                log.exception("listener %r failed on game %d version %d", callback, game_id,
                              version)

    def _call_timer_listeners(self) -> None:
        for callback in list(self._timer_listeners):
            try:
                callback()
            except Exception:
                log.exception("timer listener %r failed", callback)


