"""Per-user (and per-game) bounds on public posting and expensive work. No Discord here.

A :class:`RateLimits` keeps, per limit and key (a user id, or a game id for the board posted
again), the times of the last uses within the limit's window, on the service's clock. Over the
limit, :meth:`RateLimits.take` answers when to try again; under it, it counts the use. Counts
live in the process (several bot processes each count their own: at most the limit times the
number of processes). The figures and why: docs/security.md, "Limits".

Counted limits that need no window — open lobbies and unfinished learning games per user —
are counted from the store by the service (``GameService.open_tables``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

#: Count limits on what a user holds at once.
MAX_OPEN_LOBBIES = 3  # tables a user hosts that have not started
MAX_LEARNING_GAMES = 2  # learning games of a user not yet over


@dataclass(frozen=True)
class Window:
    """At most ``count`` uses per ``seconds``."""

    count: int
    seconds: float


#: Windowed limits, by name (the key is a user id unless said otherwise).
WINDOWS: dict[str, Window] = {
    "board.post": Window(1, 300.0),  # per GAME: the board posted again in its thread
    "table.new": Window(6, 3600.0),  # tables opened (a thread each)
    "learn": Window(4, 3600.0),  # learning games opened (a thread each)
    "review": Window(3, 600.0),  # post-game reviews (seconds of AI time each)
    "export": Window(10, 600.0),  # game records
    "hint": Window(20, 600.0),  # AI hints
}


class RateLimits:
    """Sliding-window counters on an injected clock."""

    def __init__(self, clock: Callable[[], float], windows: dict[str, Window] | None = None
                 ) -> None:
        self.clock = clock
        self.windows = dict(WINDOWS if windows is None else windows)
        self._uses: dict[tuple[str, int], deque[float]] = {}

    def _recent(self, name: str, key: int, now: float) -> deque[float]:
        window = self.windows[name]
        uses = self._uses.setdefault((name, key), deque())
        while uses and uses[0] <= now - window.seconds:
            uses.popleft()
        return uses

    def retry_at(self, name: str, key: int) -> float | None:
        """When the next use is allowed (None: now)."""
        now = self.clock()
        uses = self._recent(name, key, now)
        window = self.windows[name]
        if len(uses) < window.count:
            return None
        return uses[0] + window.seconds

    def take(self, name: str, key: int) -> float | None:
        """Count one use and return None, or — over the limit — count nothing and return
        when to try again."""
        later = self.retry_at(name, key)
        if later is None:
            self._uses[(name, key)].append(self.clock())
            if len(self._uses) > 100_000:  # forget idle keys (a long-running process)
                self._forget_idle()
        return later

    def _forget_idle(self) -> None:
        now = self.clock()
        for (name, key) in list(self._uses):
            if not self._recent(name, key, now):
                del self._uses[(name, key)]
