"""One process-wide pacer of the bot's requests to Discord, so the bot keeps within Discord's
limits by its own pacing instead of meeting 429s (docs/deploy.md, "Discord's limits"). No
Discord here: ``bot/client.py`` asks it before every REST request.

Discord's limits it keeps (``/shared/references/discord-limits.md``; Discord does not publish
every number, so each is a setting of :class:`PaceLimits`):

- **the global limit**, 50 requests per second per bot: the pacer lets a burst of ``burst``
  (20) go at once, then ``per_second`` (25) — at most 45 within any second — and lets cosmetic requests (message edits: the
  board) use only ``cosmetic_share`` of the burst, so a person's ping or DM finds room when
  boards are busy;
- **edits of messages older than an hour**, 3 per 6 s per channel (code 30046): edits of an
  old message are spaced to at most ``old_edits`` per ``old_window`` per channel;
- **DM channel opens** (code 40003 when too fast): a burst of ``dm_burst``, then one per
  ``dm_open_every``; after a 40003 the opens stop for ``dm_backoff`` seconds (the caller
  falls back to the thread).

Per-route buckets are left to discord.py, which reads them from every answer's headers.

The pacer hands out *times*, in two steps: :meth:`Pacer.hold` books the request in its own
queue (DM opens; edits of old messages, per channel) and says how long to wait; then
:meth:`Pacer.reserve` books its place in the global budget at that moment. The caller sleeps
each wait (no shared futures: a test's virtual clock can advance over them). A request held
back in its own queue — an old board's edit waiting six seconds, DM opens stopped after a
40003 — so never holds back anyone else's. Requests are never refused, only spaced.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class PaceLimits:
    # a burst and a rate whose sum stays under Discord's 50 in any second (GCRA allows
    # ``burst + per_second`` within one second), with room for what the pacer does not see
    per_second: float = 25.0
    burst: int = 20  # requests that may go at once when none went lately
    cosmetic_share: float = 0.5  # of the burst, for message edits: the rest stays for people
    old_edits: int = 3  # edits of a message older than an hour, per channel …
    old_window: float = 6.0  # … per this many seconds
    old_age: float = 3000.0  # seconds: a message this old counts as old (an hour, less margin)
    dm_open_every: float = 1.2  # seconds between DM channel opens, sustained …
    dm_burst: int = 5  # … after a burst of this many
    dm_backoff: float = 600.0  # seconds without DM opens after Discord said 40003


#: What a request is, for the pacer.
PERSON, COSMETIC, DM_OPEN = "person", "cosmetic", "dm_open"


@dataclass
class PaceStats:
    """What the pacer did (read by tests, the soak and operators)."""

    requests: int = 0
    waited: int = 0  # requests that had to wait
    wait_seconds: float = 0.0
    old_edits: int = 0  # edits of old messages
    dm_backoffs: int = 0
    by_kind: dict[str, int] = field(default_factory=dict)


class _Cell:
    """One generic cell rate: ``burst`` at once, then one per ``interval`` (the theoretical
    arrival time of the next request, as in GCRA)."""

    def __init__(self, interval: float, burst: int) -> None:
        self.interval = interval
        self.tolerance = interval * max(burst - 1, 0)
        self.tat = 0.0

    def earliest(self, now: float, share: float = 1.0) -> float:
        """When the next request may go; ``share`` < 1 uses only that part of the burst."""
        at = max(self.tat, now) - self.tolerance * share
        return at if at - now > 1e-9 else now  # (float sums of intervals: no 1e-13 waits)

    def book(self, at: float) -> None:
        self.tat = max(self.tat, at) + self.interval


class Pacer:
    """Books each request's slot on the injected ``clock`` (seconds)."""

    def __init__(self, clock: Callable[[], float], limits: PaceLimits | None = None) -> None:
        self.clock = clock
        self.limits = lim = limits or PaceLimits()
        self.stats = PaceStats()
        self._global = _Cell(1.0 / lim.per_second, lim.burst)
        self._dm = _Cell(lim.dm_open_every, lim.dm_burst)
        self._dm_closed_until = 0.0
        self._old: dict[int, deque[float]] = {}  # channel -> booked times of old edits

    def dm_backoff(self) -> None:
        """Discord said 40003 (DMs opened too fast): no DM opens for a while."""
        self._dm_closed_until = max(self._dm_closed_until, self.clock() + self.limits.dm_backoff)
        self.stats.dm_backoffs += 1

    def dm_blocked(self) -> bool:
        """Whether a DM open now would be held back (after a 40003, or behind a whole burst of
        opens): the caller should fall back to the thread instead of waiting."""
        now = self.clock()
        return (self._dm_closed_until > now
                or self._dm.earliest(now) - now > self.limits.dm_open_every * self.limits.dm_burst)

    def _booked(self, channel: int, now: float) -> deque[float]:
        booked = self._old.setdefault(channel, deque())
        while booked and booked[0] <= now - self.limits.old_window:
            booked.popleft()
        return booked

    def hold(self, kind: str, *, channel: int | None = None,
             message_age: float | None = None) -> float:
        """The first of a request's two waits: its own queue's — a DM open (``DM_OPEN``), an
        edit of a message ``message_age`` seconds old on ``channel`` — booked at the time it
        may go, holding back nothing else. Returns the seconds to wait (0: none); then
        :meth:`reserve`."""
        now = self.clock()
        lim = self.limits
        at = now
        if kind == DM_OPEN:
            at = max(at, self._dm.earliest(now), self._dm_closed_until)
            self._dm.book(at)
        if message_age is not None and message_age >= lim.old_age and channel is not None:
            booked = self._booked(channel, now)
            if len(booked) >= lim.old_edits:
                at = max(at, booked[-lim.old_edits] + lim.old_window)
            booked.append(at)
            self.stats.old_edits += 1
        if len(self._old) > 10_000:  # forget channels not edited lately
            self._old = {c: d for c, d in self._old.items() if d and d[-1] > now - 60}
        return self._waited(at - now)

    def reserve(self, kind: str) -> float:
        """The second wait: the request's place in the global budget, booked now (after
        :meth:`hold`'s wait). A ``COSMETIC`` request (a message edit) may use only its share
        of the burst. Returns the seconds to wait before sending (0: now)."""
        now = self.clock()
        share = self.limits.cosmetic_share if kind == COSMETIC else 1.0
        at = self._global.earliest(now, share)
        self._global.book(at)
        self.stats.requests += 1
        self.stats.by_kind[kind] = self.stats.by_kind.get(kind, 0) + 1
        return self._waited(at - now)

    def _waited(self, wait: float) -> float:
        if wait > 0:
            self.stats.waited += 1
            self.stats.wait_seconds += wait
        return wait


@dataclass
class RequestCounts:
    """Per game (or 0: no game), what Discord answered: 429s, 403s, requests retried after a
    429 that then went through (``bot/client.py`` counts them from discord.py's log records
    and its own answers)."""

    rate_limited: int = 0
    forbidden: int = 0
    retried_ok: int = 0


@dataclass
class RequestStats:
    by_game: dict[int, RequestCounts] = field(default_factory=dict)

    def of(self, game_id: int | None) -> RequestCounts:
        return self.by_game.setdefault(game_id or 0, RequestCounts())

    @property
    def rate_limited(self) -> int:
        return sum(c.rate_limited for c in self.by_game.values())

    @property
    def retried_ok(self) -> int:
        return sum(c.retried_ok for c in self.by_game.values())
