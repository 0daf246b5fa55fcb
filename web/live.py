"""Live pages (docs/web.md, "Live"): every open page holds a WebSocket; the service's updates
reach it as they are committed.

The service publishes on its own loop; :meth:`Live.on_update` (a subscriber there) only hands
``(game, version, seats whose own view changed)`` to the web server's loop, where each socket
holds **at most one unsent message**: a message says only "draw yourself again", so changes
that come while one waits are the same message (:meth:`Socket.tell`). A slow client never
slows the service nor piles anything up, and is never dropped for being slow (a dropped
socket's page would reconnect, and a change in the gap could be missed). A change made by another process reaches the page through the store's notices
(game and version only: every page of the game redraws). A socket says which game and
version its page shows; on (re)connecting it is told at once when the game has moved on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field

from aiohttp import web

from bot.service import Update

log = logging.getLogger(__name__)

MAX_SOCKETS_PER_USER = 8  # open pages per user (a ninth closes the oldest)
CLOSE_REPLACED = 4000  # a socket closed for its user's newer one (its page waits to be looked at)
NOTICE_GRACE = 0.25  # seconds a store's notice waits for this process's own update


@dataclass(eq=False)
class Socket:
    """One open page: its user, game and seat (None: a spectator), and whether a message is
    due to it (``mine``: its own seat's part changed, or unknown)."""

    ws: web.WebSocketResponse
    user: int | None
    game_id: int
    seat: int | None
    due: asyncio.Event = field(default_factory=asyncio.Event)
    mine: bool = False
    dropped: bool = False

    def tell(self, mine: bool) -> None:
        """A message is due: one, however many changes come before it is sent."""
        self.mine = self.mine or mine
        self.due.set()

    def take(self) -> dict[str, object]:
        """The message due now (the pump sends it), and none due after it."""
        message: dict[str, object] = {"mine": self.mine}
        self.mine = False
        self.due.clear()
        return message


class Live:
    """The open pages by game, on the web server's loop; fed from the service's loop."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None  # the web server's, once serving
        self.games: dict[int, set[Socket]] = {}
        self.users: dict[int, list[Socket]] = {}
        #: the newest version of each game this process's own updates announced (its
        #: notices of the same changes are not passed on again)
        self.published: dict[int, int] = {}
        self._closing: set[asyncio.Future[bool]] = set()

    # -- on the service's loop
    def on_update(self, update: Update) -> None:
        """A subscriber of the service's updates: whether the public board changed, and the
        seats whose own part changed (a changed pick changes a seat's view, not the board)."""
        if update.version > self.published.get(update.game_id, -1):
            self.published[update.game_id] = update.version
        if update.board_changed or update.stale_panels:
            self._hand_over(update.game_id, update.board_changed, tuple(update.stale_panels))
        # the people it now waits on, and those who just acted: their pages of OTHER games
        # redraw too (the header's count of games waiting on them, and its "Next game")
        concerned = {w.seat for w in update.waiting} | {seat for seat, _ in update.by}
        users = tuple(s.user_id for s in update.seats
                      if s.seat in concerned and s.user_id is not None)
        loop = self.loop
        if users and loop is not None and any(u in self.users for u in users):
            with contextlib.suppress(RuntimeError):  # the web loop closed
                loop.call_soon_threadsafe(self.elsewhere, update.game_id, users)

    def on_notice(self, game_id: int, version: int) -> None:
        """The store's notice of a change: every page redraws — unless this process made the
        change (the store tells its own process too, and the update has said it better: only
        to the pages that show it). A notice can come before its update, so it waits
        :data:`NOTICE_GRACE` for it. Its version is the engine's, which counts hidden picks:
        it is never passed on."""
        loop = self.loop
        if loop is None or game_id not in self.games:
            return

        with contextlib.suppress(RuntimeError):  # the web loop closed
            loop.call_soon_threadsafe(loop.call_later, NOTICE_GRACE, self._check, game_id,
                                      version)

    def _check(self, game_id: int, version: int) -> None:
        """On the web server's loop, a moment after a notice: not this process's change."""
        if self.published.get(game_id, -1) < version:
            self.deliver(game_id, True, None)

    def _hand_over(self, game_id: int, board: bool, seats: tuple[int, ...] | None) -> None:
        loop = self.loop
        if loop is None or game_id not in self.games:
            return
        with contextlib.suppress(RuntimeError):  # the web loop closed
            loop.call_soon_threadsafe(self.deliver, game_id, board, seats)

    # -- on the web server's loop
    def deliver(self, game_id: int, board: bool, seats: tuple[int, ...] | None) -> None:
        """Tell ``{"mine"}`` to every page of the game that shows the change: all of them
        when the board changed, else those of the seats whose own part changed (``mine``:
        the page's seat's part changed, or unknown: a notice from the store). No version
        crosses the socket: the engine's counts hidden picks; the page asks for itself
        again and gets the view's."""
        for sock in list(self.games.get(game_id, ())):
            mine = seats is None or sock.seat in seats
            if not (board or mine):
                continue
            sock.tell(mine)

    def elsewhere(self, game_id: int, users: tuple[int, ...]) -> None:
        """Tell ``{"mine"}`` to the users' pages of games other than ``game_id``: whether
        it waits on them changed what those pages' headers say."""
        for user in users:
            for sock in list(self.users.get(user, ())):
                if sock.game_id == game_id:
                    continue
                sock.tell(True)

    def add(self, sock: Socket) -> None:
        self.games.setdefault(sock.game_id, set()).add(sock)
        if sock.user is not None:
            mine = self.users.setdefault(sock.user, [])
            mine.append(sock)
            while len(mine) > MAX_SOCKETS_PER_USER:
                self.drop(mine[0])

    def remove(self, sock: Socket) -> None:
        self.games.get(sock.game_id, set()).discard(sock)
        if not self.games.get(sock.game_id):
            self.games.pop(sock.game_id, None)
        if sock.user is not None and sock in self.users.get(sock.user, []):
            self.users[sock.user].remove(sock)
            if not self.users[sock.user]:
                del self.users[sock.user]

    def drop(self, sock: Socket) -> None:
        """Close a socket one too many for its user: its page reconnects."""
        if sock.dropped:
            return
        sock.dropped = True
        self.remove(sock)
        task = asyncio.ensure_future(sock.ws.close(code=CLOSE_REPLACED,
                                                   message=b"another page: later"))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    def count(self) -> int:
        return sum(len(s) for s in self.games.values())
