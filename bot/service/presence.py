"""Who is at the table right now (docs/service.md, "Who is at the table"): which seat of which
game has something open in a front end — a panel, a page — and until when.

A player is present for :data:`WINDOW` after they last acted or opened what they look at, and
never beyond what the front end says it can still show them (``until``: a Discord panel's
interaction token expires, a web page may say when it closed). While they are present, what
they have open moves on by itself: the table neither pings nor messages them (Discord's quiet
table asks :meth:`Presence.until`). A front end also says when an action of the seat is in
flight (:meth:`Presence.acting`): what is open then waits for the action to draw it.

Every front end reports to the same part, so a second front end (a web page) and the Discord
cogs agree on who is at the table. Per process and in memory: after a restart nobody is
present, and the table pings as before.
"""

from __future__ import annotations

import contextlib
import math
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

#: A player is present this long after they last acted or opened what they look at.
WINDOW = 5 * 60.0

Seat = tuple[int, int]  # (game, seat)


@dataclass
class Seen:
    """A seat someone has open: who, when they last acted, until when a front end can still
    show it to them."""

    user_id: int
    acted_at: float
    limit: float = math.inf

    def until(self) -> float:
        return min(self.acted_at + WINDOW, self.limit)


class Presence:
    """The seats present now, by (game, seat), on the service's ``clock``."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._seen: dict[Seat, Seen] = {}
        self._acting: Counter[Seat] = Counter()

    def seen(self, game_id: int, seat: int, user_id: int, *, at: float | None = None,
             until: float = math.inf) -> None:
        """The seat's player (``user_id``) just acted or opened it (``at``: now), and a front
        end can show it to them until ``until`` at the latest."""
        self._seen[(game_id, seat)] = Seen(user_id, self.clock() if at is None else at, until)

    def seen_by(self, game_id: int, seat: int) -> Seen | None:
        """Who last had the seat open (present or not any more)."""
        return self._seen.get((game_id, seat))

    def until(self, game_id: int, seat: int, now: float | None = None) -> float | None:
        """Until when the seat's player is present (None: not present now)."""
        entry = self._seen.get((game_id, seat))
        if entry is None:
            return None
        end = entry.until()
        return end if (self.clock() if now is None else now) < end else None

    def present(self, game_id: int, seat: int, now: float | None = None) -> bool:
        return self.until(game_id, seat, now) is not None

    def seats(self, game_id: int, now: float | None = None) -> list[int]:
        """The game's seats present now."""
        return sorted(s for (g, s) in list(self._seen) if g == game_id
                      and self.until(g, s, now) is not None)

    def leave(self, game_id: int, seat: int | None = None) -> None:
        """The seat (or every seat of the game) is no longer open anywhere."""
        for key in [k for k in self._seen if k[0] == game_id and seat in (None, k[1])]:
            del self._seen[key]

    @contextlib.contextmanager
    def acting(self, game_id: int, seat: int) -> Iterator[None]:
        """An action of the seat is in flight: what it has open does not move by itself
        until the action has drawn it (the action draws the newest state)."""
        key = (game_id, seat)
        self._acting[key] += 1
        try:
            yield
        finally:
            self._acting[key] -= 1
            if self._acting[key] <= 0:
                del self._acting[key]

    def busy(self, game_id: int, seat: int) -> bool:
        """Whether an action of the seat is in flight."""
        return self._acting.get((game_id, seat), 0) > 0
