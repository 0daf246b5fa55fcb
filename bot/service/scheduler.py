"""Multi-day games: time controls, and the one durable scheduler that fires their timers.

Timers (deadlines and reminders) live in the store's ``timers`` table; the service writes and
deletes them in the same transaction as the actions that open or close their decision, and
:class:`Scheduler` keeps an in-memory heap of them so that ONE task sleeps until the next one is
due. Waking it is "sleep and cancel": the task sleeps with the injected ``sleep`` (never on an
``asyncio.Event`` or ``Queue``, which simcord's virtual time cannot drive) and an earlier timer
cancels that sleep and re-arms it. On start-up the heap is rebuilt from the store. What firing
means is the service's business (the ``fire`` callback): for a deadline, one transaction that
deletes the timer and writes the automatic move. Documentation: docs/service.md, "Scheduler".
"""

from __future__ import annotations

import asyncio
import heapq
import logging
import math
import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.storage.base import DEADLINE, REMINDER, TimerRecord, Vacation

from . import refusals
from .refusals import Refusal

log = logging.getLogger(__name__)

HOUR, DAY = 3600.0, 86400.0
#: The per-decision deadlines a front end offers (the service accepts any positive seconds).
PRESETS: dict[str, float] = {"1h": HOUR, "12h": 12 * HOUR, "24h": DAY, "48h": 2 * DAY,
                             "72h": 3 * DAY}
#: Reminder points: "50%" is halfway through the decision's time, a number is seconds before
#: the deadline. A point at or before the decision opened is skipped.
DEFAULT_REMINDERS: tuple[str | float, ...] = ("50%", HOUR)
DEFAULT_STRIKES = 3  # expiries before the AI takes the seat over
MERGE_WINDOW = 600.0  # reminders of one user due within 10 minutes become one
DEFAULT_AWAY_DAYS = 21.0  # vacation days per rolling year where no server set an allowance
YEAR = 365 * DAY
MAX_SLEEP = 6 * HOUR  # the scheduler wakes at least this often (a clock jump is noticed)
RETRY_DELAY = 5.0  # a timer whose firing failed is tried again this much later
TIMER_LEVEL = "greedy"  # who decides for an expired or taken-over seat

# Refusal codes of the time-control calls (in bot.service.refusals.CODES)
TIME_CODES = (refusals.TAKEN_OVER, refusals.NOT_TAKEN_OVER, refusals.AWAY_ALLOWANCE)

# -------------------------------------------------------------------------- AI


def ai_batch(jobs: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
    """Several ``bot.service.ai.ai_job`` calls as one pool job (expired seats of one game)."""
    from .ai import ai_job

    return [ai_job(*job) for job in jobs]


# -------------------------------------------------------------------------- time control

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*$")
_UNITS = {"": 1.0, "s": 1.0, "m": 60.0, "h": HOUR, "d": DAY}


def _seconds(value: Any, what: str, *, zero: bool = False) -> float:
    if isinstance(value, bool):
        raise _bad(what)
    if isinstance(value, int | float):
        seconds = float(value)
    elif isinstance(value, str) and (m := _DURATION.match(value)):
        seconds = float(m.group(1)) * _UNITS[m.group(2)]
    else:
        raise _bad(what)
    if not math.isfinite(seconds) or seconds < 0 or (seconds == 0 and not zero):
        raise _bad(what)
    return seconds


def _bad(what: str) -> Refusal:
    return Refusal(refusals.BAD_REQUEST, f"The time control is not valid ({what}).",
                   "bad_time_control", field=what, presets=[*PRESETS, "none"])


def parse_time_control(value: Any) -> dict[str, Any] | None:
    """The stored form of a time control (``options["time_control"]``), or None for none.

    Accepted: ``None``/``"none"``; a preset ``"1h"``, ``"12h"``, ``"24h"``, ``"48h"``,
    ``"72h"`` or any duration (``"90m"``, seconds as a number): a deadline per decision; or a
    dict ``{"kind": "deadline", "seconds": …}`` / ``{"kind": "bank", "initial": …,
    "increment": …, "cap": …}`` with optional ``reminders`` (points: ``"50%"`` or seconds
    before the deadline) and ``strikes`` (expiries before the AI takes over, default 3).
    Raises :class:`Refusal` ``bad_request`` / ``bad_time_control``."""
    if value is None or value == "none":
        return None
    if not isinstance(value, dict):
        return {"kind": DEADLINE, "seconds": _seconds(value, "seconds"),
                "reminders": list(DEFAULT_REMINDERS), "strikes": DEFAULT_STRIKES}
    kind = value.get("kind", DEADLINE)
    out: dict[str, Any]
    if kind == "none":
        return None
    if kind == DEADLINE:
        out = {"kind": DEADLINE, "seconds": _seconds(value.get("seconds"), "seconds")}
    elif kind == "bank":
        initial = _seconds(value.get("initial"), "initial")
        increment = _seconds(value.get("increment", 0), "increment", zero=True)
        cap = _seconds(value.get("cap", initial), "cap")
        if cap < initial:
            raise _bad("cap")
        out = {"kind": "bank", "initial": initial, "increment": increment, "cap": cap}
    else:
        raise _bad("kind")
    points = value.get("reminders", list(DEFAULT_REMINDERS))
    if not isinstance(points, list) or len(points) > 8:
        raise _bad("reminders")
    out["reminders"] = [_point(p) for p in points]
    strikes = value.get("strikes", DEFAULT_STRIKES)
    if type(strikes) is not int or not 1 <= strikes <= 100:
        raise _bad("strikes")
    out["strikes"] = strikes
    return out


def _point(p: Any) -> str | float:
    if isinstance(p, str) and p.endswith("%"):
        try:
            share = float(p[:-1])
        except ValueError:
            raise _bad("reminders") from None
        if not 0 < share < 100:
            raise _bad("reminders")
        return p
    return _seconds(p, "reminders")


def reminder_times(opened: float, base: float, points: Iterable[str | float]) -> list[float]:
    """The reminder times (before any pause) of a decision opened at ``opened`` whose deadline
    is ``base``: distinct, after the opening, before the deadline, ascending."""
    out: set[float] = set()
    for p in points:
        if isinstance(p, str):
            at = opened + (base - opened) * float(p[:-1]) / 100
        else:
            at = base - float(p)
        if opened < at < base:
            out.add(round(at, 3))
    return sorted(out)


def paused(vacations: Iterable[Vacation], since: float, until: float = math.inf) -> float:
    """Seconds of the vacations that lie between ``since`` and ``until``: the time a clock
    opened at ``since`` stands still (deadlines are pushed by it, time banks don't run)."""
    total = 0.0
    for v in vacations:
        lo, hi = max(v.start, since), min(v.end, until)
        if hi > lo:
            total += hi - lo
    return total


_QUIET = re.compile(r"^\s*(\d{1,2})(?::(\d{2}))?\s*-\s*(\d{1,2})(?::(\d{2}))?\s*$")


def quiet_hours(text: Any) -> tuple[int, int] | None:
    """``"22-07"`` or ``"22:30-07:00"`` as minutes of the day (start, end); None if unset or
    not understood."""
    if not isinstance(text, str):
        return None
    m = _QUIET.match(text)
    if m is None:
        return None
    h1, m1, h2, m2 = (int(x or 0) for x in m.groups())
    if h1 > 24 or h2 > 24 or m1 > 59 or m2 > 59:
        return None
    start, end = (h1 * 60 + m1) % 1440, (h2 * 60 + m2) % 1440
    return None if start == end else (start, end)


def zone(name: Any) -> ZoneInfo:
    """The user's time zone (IANA name); UTC when unset or unknown."""
    if isinstance(name, str) and name:
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    return ZoneInfo("UTC")


def quiet_until(at: float, settings: dict[str, Any]) -> float | None:
    """If ``at`` falls in the user's quiet hours (``settings["quiet_hours"]`` in their
    ``settings["tz"]``), when they end; else None."""
    span = quiet_hours(settings.get("quiet_hours"))
    if span is None:
        return None
    start, end = span
    tz = zone(settings.get("tz"))
    local = datetime.fromtimestamp(at, tz)
    minute = local.hour * 60 + local.minute
    inside = start <= minute < end if start < end else (minute >= start or minute < end)
    if not inside:
        return None
    day = local.date() if minute < end else local.date() + timedelta(days=1)
    wall = datetime(day.year, day.month, day.day, end // 60, end % 60, tzinfo=tz)
    # a wall time in a DST gap or fold: fromtimestamp/ timestamp() resolve it (fold=0)
    return max(wall.timestamp(), at)


# -------------------------------------------------------------------------- the scheduler

GroupKey = tuple[str, int]  # ("game", game_id) for deadlines, ("user", user_id) for reminders
Fire = Callable[[GroupKey, list[TimerRecord]], Awaitable[None]]


def group_of(t: TimerRecord) -> GroupKey:
    if t.kind == REMINDER:
        return ("user", int(t.payload.get("user", 0)))
    return ("game", t.game_id)


class Scheduler:
    """ONE task that sleeps until the next due timer and hands due timers to ``fire``.

    The heap mirrors the store's ``timers`` table: the service calls :meth:`add` with the
    timers a transaction inserted and :meth:`discard` with those it deleted, after the commit.
    Due timers are handed out in groups (a game's deadlines, a user's reminders) to a short
    firing task each; a timer being fired is never handed out again, and one whose firing
    failed (still present afterwards) is retried ``RETRY_DELAY`` later.
    """

    def __init__(self, clock: Callable[[], float], sleep: Callable[[float], Awaitable[Any]],
                 fire: Fire, *, max_sleep: float = MAX_SLEEP) -> None:
        self.clock, self._sleep, self._fire = clock, sleep, fire
        self.max_sleep = max_sleep
        self._timers: dict[int, TimerRecord] = {}
        self._at: dict[int, float] = {}  # when each timer is handed out (due, or a retry)
        self._heap: list[tuple[float, int]] = []
        self._by_game: dict[int, set[int]] = {}
        self._by_user: dict[int, set[int]] = {}  # reminders
        self._inflight: set[int] = set()
        self._firing: set[asyncio.Task[None]] = set()
        self._task: asyncio.Task[None] | None = None
        self._sleeping = False
        self._woken = False
        self._armed: float = math.inf  # when the current sleep ends
        self.fired = 0  # groups handed out (statistics)

    # -- the mirror
    def load(self, timers: Iterable[TimerRecord]) -> None:
        """Replace everything with the store's timers (start-up)."""
        self._timers.clear()
        self._at.clear()
        self._heap.clear()
        self._by_game.clear()
        self._by_user.clear()
        self.add(timers)

    def add(self, timers: Iterable[TimerRecord]) -> None:
        earliest = math.inf
        for t in timers:
            assert t.id, "only stored timers are scheduled"
            self._drop(t.id)
            self._timers[t.id] = t
            self._at[t.id] = t.due
            heapq.heappush(self._heap, (t.due, t.id))
            self._by_game.setdefault(t.game_id, set()).add(t.id)
            if t.kind == REMINDER:
                self._by_user.setdefault(int(t.payload.get("user", 0)), set()).add(t.id)
            earliest = min(earliest, t.due)
        if earliest < self._armed:
            self.wake()

    def discard(self, ids: Iterable[int]) -> None:
        for i in ids:
            self._drop(i)

    def move(self, dues: Iterable[tuple[int, float]]) -> None:
        """New due times for stored timers (vacations, quiet hours)."""
        moved = []
        for i, due in dues:
            t = self._timers.get(i)
            if t is not None:
                t = TimerRecord(t.id, t.game_id, t.seat, t.kind, due, t.decision_id, t.payload)
                moved.append(t)
        self.add(moved)

    def _drop(self, i: int) -> None:
        t = self._timers.pop(i, None)
        if t is None:
            return
        self._at.pop(i, None)
        ids = self._by_game.get(t.game_id)
        if ids is not None:
            ids.discard(i)
            if not ids:
                del self._by_game[t.game_id]
        if t.kind == REMINDER:
            user = int(t.payload.get("user", 0))
            ids = self._by_user.get(user)
            if ids is not None:
                ids.discard(i)
                if not ids:
                    del self._by_user[user]

    def get(self, i: int) -> TimerRecord | None:
        return self._timers.get(i)

    def of_game(self, game_id: int) -> list[TimerRecord]:
        return [self._timers[i] for i in sorted(self._by_game.get(game_id, ()))]

    def of_user(self, user_id: int) -> list[TimerRecord]:
        """The user's reminders."""
        return [self._timers[i] for i in sorted(self._by_user.get(user_id, ()))]

    def all(self) -> list[TimerRecord]:
        return sorted(self._timers.values(), key=lambda t: (t.due, t.id))

    def __len__(self) -> int:
        return len(self._timers)

    def claim(self, ids: Sequence[int]) -> list[TimerRecord]:
        """Take timers for a firing in progress (e.g. reminders merged ahead of their time):
        those present and not being fired elsewhere. :meth:`release` them afterwards."""
        out = []
        for i in ids:
            if i in self._timers and i not in self._inflight:
                self._inflight.add(i)
                out.append(self._timers[i])
        return out

    def release(self, ids: Iterable[int], *, cancelled: bool = False) -> None:
        """End a firing: a timer still present (not deleted, nor moved into the future)
        is retried later (``cancelled``: the service is closing, quietly)."""
        now = self.clock()
        retry = []
        for i in ids:
            self._inflight.discard(i)
            if i in self._timers:
                at = self._at[i]
                if at <= now:
                    at = now + RETRY_DELAY
                    if not cancelled:
                        log.warning("timer %d is still due after firing; retrying at %.0f",
                                    i, at)
                self._at[i] = at
                retry.append(at)
                heapq.heappush(self._heap, (at, i))
        if retry and min(retry) < self._armed:
            self.wake()

    # -- the task
    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="timer scheduler")

    async def stop(self) -> None:
        tasks = [t for t in [self._task, *self._firing] if t is not None and not t.done()]
        self._task = None
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def wake(self) -> None:
        """Cancel the scheduler's sleep so that it looks at the heap again."""
        if self._task is not None and self._sleeping and not self._woken:
            self._woken = True
            self._task.cancel()

    def next_due(self) -> float | None:
        self._clean_top()
        return self._heap[0][0] if self._heap else None

    @property
    def firing(self) -> list[asyncio.Task[None]]:
        """The firing tasks in progress (short-lived, one per group of due timers)."""
        return list(self._firing)

    def busy(self) -> bool:
        """Whether a timer is due (not handed out yet) or being fired."""
        due = self.next_due()
        return bool(self._firing) or (due is not None and due <= self.clock())

    async def idle(self) -> None:
        """Wait until no firing is in progress (tests, benchmarks)."""
        while self._firing:
            await asyncio.wait(list(self._firing))

    def _clean_top(self) -> None:
        heap = self._heap
        while heap:
            at, i = heap[0]
            if i in self._timers and i not in self._inflight and self._at.get(i) == at:
                return
            heapq.heappop(heap)

    async def _run(self) -> None:
        while True:
            now = self.clock()
            groups: dict[GroupKey, list[int]] = {}
            heap = self._heap
            while heap and heap[0][0] <= now:
                at, i = heapq.heappop(heap)
                if i not in self._timers or i in self._inflight or self._at.get(i) != at:
                    continue
                self._inflight.add(i)
                groups.setdefault(group_of(self._timers[i]), []).append(i)
            for key, ids in groups.items():
                task = asyncio.create_task(self._fire_group(key, ids), name=f"fire {key}")
                self._firing.add(task)
                task.add_done_callback(self._firing.discard)
            if len(heap) > 2 * len(self._timers) + 1024:  # stale entries: rebuild
                self._heap = heap = [(at, i) for i, at in self._at.items()
                                     if i not in self._inflight]
                heapq.heapify(heap)
            self._clean_top()
            delay = min(max(heap[0][0] - now, 0.0), self.max_sleep) if heap else self.max_sleep
            if groups and delay == 0:
                await asyncio.sleep(0)  # let the firing tasks start
                continue
            self._armed = now + delay
            self._sleeping = True
            try:
                await self._sleep(delay)
            except asyncio.CancelledError:
                if not self._woken:
                    raise
                current = asyncio.current_task()
                if current is not None:
                    current.uncancel()
            finally:
                self._sleeping = False
                self._woken = False
                self._armed = math.inf

    async def _fire_group(self, key: GroupKey, ids: list[int]) -> None:
        self.fired += 1
        cancelled = False
        try:
            timers = [self._timers[i] for i in ids if i in self._timers]
            if timers:
                await self._fire(key, timers)
        except asyncio.CancelledError:
            cancelled = True
            raise
        except Exception:
            log.exception("firing timers %s (%s) failed", ids, key)
        finally:
            self.release(ids, cancelled=cancelled)
