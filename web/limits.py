"""Rate limits of the web page (docs/security.md, "The web page"): a fixed window per key
(an address, a user) and kind of request, answered 429 with ``Retry-After``. Memory is
bounded: the oldest keys are forgotten first."""

from __future__ import annotations

import math
from collections import OrderedDict

MAX_KEYS = 20_000


class Window:
    """At most ``limit`` requests per key in each ``seconds`` window."""

    def __init__(self, limit: int, seconds: float) -> None:
        self.limit = limit
        self.seconds = seconds
        self._seen: OrderedDict[object, tuple[float, int]] = OrderedDict()

    def check(self, key: object, now: float) -> int | None:
        """None when allowed (and counted), else the seconds to wait."""
        start, count = self._seen.get(key, (now, 0))
        if now - start >= self.seconds:
            start, count = now, 0
        if count >= self.limit:
            return max(1, math.ceil(start + self.seconds - now))
        self._seen[key] = (start, count + 1)
        self._seen.move_to_end(key)
        while len(self._seen) > MAX_KEYS:
            self._seen.popitem(last=False)
        return None


class Limits:
    """The page's limits: link exchanges per address (before anyone is known), pages,
    sockets and choices per user."""

    def __init__(self) -> None:
        self.links = Window(30, 600)  # per address: a link is opened once, by a person
        self.pages = Window(120, 60)  # per user: a page redraws on every change
        self.sockets = Window(60, 60)  # per user: reconnects included
        self.acts = Window(60, 60)  # per user: a choice a second, a person's pace and more
