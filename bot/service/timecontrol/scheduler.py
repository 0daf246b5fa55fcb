"""The one durable scheduler: a heap of the stored timers and ONE task that sleeps until the
next one is due, then hands the due timers to the handler registered for their kind
(docs/service.md, "Scheduler"; RoboDanny's durable timers dispatch ``<event>_timer_complete``
the same way).

Timers (deadlines and reminders) live in the store's ``timers`` table; the service writes and
deletes them in the same transaction as the actions that open or close their decision, and
:class:`Scheduler` mirrors them. A person's own timers, of no game (the turn digest:
``turn_digest.py``, its own table), share the heap under ids below zero (:func:`own_timer`). Waking it is "sleep and cancel": the task sleeps with the
injected ``sleep`` (never on an ``asyncio.Event`` or ``Queue``, which simcord's virtual time
cannot drive) and an earlier timer cancels that sleep and re-arms it. On start-up the heap is
rebuilt from the store. What firing means is the handlers' business (``deadlines.py``,
``reminders.py``): the scheduler knows no game, no rule of time.
"""

from __future__ import annotations

import asyncio
import heapq
import logging
import math
from collections.abc import Awaitable, Callable, Iterable, Sequence

from bot.storage.base import REMINDER, TURN_DIGEST, JSONObject, TimerRecord

log = logging.getLogger(__name__)

#: The injected clock (seconds) and sleep (``asyncio.sleep``; tests pass virtual ones).
Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[object]]

MAX_SLEEP = 6 * 3600.0  # the scheduler wakes at least this often (a clock jump is noticed)
RETRY_DELAY = 5.0  # a timer whose firing failed is tried again this much later

#: A group of due timers handed out together: (kind, the game's id, or for a reminder or a
#: turn digest the user's: a user's reminders are merged).
GroupKey = tuple[str, int]
#: A kind's handler: called with the group's id (a game, or a user) and its timers.
Handler = Callable[[int, list[TimerRecord]], Awaitable[None]]
#: One handler for every kind (tests and benchmarks): called with the group's key.
Fire = Callable[[GroupKey, list[TimerRecord]], Awaitable[None]]


#: Kinds fired per user: a user's reminders are merged; a turn digest is the user's own.
BY_USER = (REMINDER, TURN_DIGEST)
#: Kinds of a person's own timers, of no game (the turn digest: its own table, migration
#: 0011). The mirror keeps one as a :class:`TimerRecord` of game 0 whose id is
#: :func:`own_id` — below zero, so never a stored game timer's id (those are positive).
OWN_KINDS = (TURN_DIGEST,)


def user_of(t: TimerRecord) -> int:
    return int(t.payload.get("user", 0))


def group_of(t: TimerRecord) -> GroupKey:
    return (t.kind, user_of(t) if t.kind in BY_USER else t.game_id)


def own_id(user_id: int) -> int:
    """The mirror's id of a person's own timer (one per kind and person)."""
    return -1 - user_id


def own_timer(kind: str, user_id: int, due: float,
              payload: JSONObject | None = None) -> TimerRecord:
    """A person's own timer (``OWN_KINDS``) as the mirror keeps it: no game, no seat, the
    user in its payload."""
    return TimerRecord(own_id(user_id), 0, 0, kind, due, None, {**(payload or {}),
                                                                "user": user_id})


class Scheduler:
    """ONE task that sleeps until the next due timer and hands due timers to the handler of
    their kind (:meth:`handle`; ``fire``, if given, takes every kind without one).

    The heap mirrors the store's ``timers`` table: the service calls :meth:`add` with the
    timers a transaction inserted and :meth:`discard` with those it deleted, after the commit.
    Due timers are handed out in groups (a game's deadlines, a user's reminders) to a short
    firing task each; a timer being fired is never handed out again, and one whose firing
    failed (still present afterwards) is retried ``RETRY_DELAY`` later.
    """

    def __init__(self, clock: Clock, sleep: Sleep, fire: Fire | None = None, *, max_sleep: float = MAX_SLEEP) -> None:
        self.clock, self._sleep, self._fire = clock, sleep, fire
        self._handlers: dict[str, Handler] = {}
        self.max_sleep = max_sleep
        self._timers: dict[int, TimerRecord] = {}
        self._at: dict[int, float] = {}  # when each timer is handed out (due, or a retry)
        self._heap: list[tuple[float, int]] = []
        self._by_game: dict[int, set[int]] = {}  # a game's timers
        self._by_user: dict[int, set[int]] = {}  # reminders and a person's own timers
        self._inflight: set[int] = set()
        self._firing: set[asyncio.Task[None]] = set()
        self._task: asyncio.Task[None] | None = None
        self._sleeping = False
        self._woken = False
        self._armed: float = math.inf  # when the current sleep ends
        self.fired = 0  # groups handed out (statistics)

    def handle(self, kind: str, handler: Handler) -> None:
        """Fire the due timers of ``kind`` through ``handler`` (one handler per kind)."""
        self._handlers[kind] = handler

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
            if t.kind not in OWN_KINDS:
                self._by_game.setdefault(t.game_id, set()).add(t.id)
            if t.kind in BY_USER:
                self._by_user.setdefault(user_of(t), set()).add(t.id)
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
        ids = self._by_game.get(t.game_id) if t.kind not in OWN_KINDS else None
        if ids is not None:
            ids.discard(i)
            if not ids:
                del self._by_game[t.game_id]
        if t.kind in BY_USER:
            user = user_of(t)
            ids = self._by_user.get(user)
            if ids is not None:
                ids.discard(i)
                if not ids:
                    del self._by_user[user]

    def get(self, i: int) -> TimerRecord | None:
        return self._timers.get(i)

    def of_game(self, game_id: int) -> list[TimerRecord]:
        return [self._timers[i] for i in sorted(self._by_game.get(game_id, ()))]

    def of_user(self, user_id: int, kind: str = REMINDER) -> list[TimerRecord]:
        """The user's timers of ``kind``: their reminders, or their turn digest."""
        return [t for i in sorted(self._by_user.get(user_id, ()))
                if (t := self._timers[i]).kind == kind]

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
            handler = self._handlers.get(key[0])
            if not timers:
                pass
            elif handler is not None:
                await handler(key[1], timers)
            elif self._fire is not None:
                await self._fire(key, timers)
            else:  # stays, retried later: a handler may be registered by then
                log.warning("no handler for timers of kind %r", key[0])
        except asyncio.CancelledError:
            cancelled = True
            raise
        except Exception:
            log.exception("firing timers %s (%s) failed", ids, key)
        finally:
            self.release(ids, cancelled=cancelled)
