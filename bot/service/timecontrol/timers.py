"""The timer planner (docs/service.md, "Time control, reminders and expiry"): the one place
that says which timers a game has. A leaf the write path imports: every change plans its timer
changes (:meth:`Timers.plan`), its transaction writes them, and after the commit the
scheduler's mirror follows (:meth:`Timers.written`). It also holds the vacations (by user) that
push them, and answers the deadlines of a game (:meth:`Timers.deadlines`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from bot.storage.base import (
    ACTIVE,
    DEADLINE,
    REMINDER,
    GameRecord,
    SeatRecord,
    Store,
    TimerRecord,
    Vacation,
)
from hadara.engine import Game

from .. import updates
from ..checks import person
from .rules import DEFAULT_REMINDERS, YEAR, TimeControl, paused, reminder_times
from .scheduler import Scheduler


class Timers:
    """The games' timers, planned with every change and mirrored in ``scheduler`` after its
    commit, and the vacations (by user) that push them."""

    def __init__(self, store: Store, clock: Callable[[], float], scheduler: Scheduler) -> None:
        self.store = store
        self.clock = clock
        self.scheduler = scheduler
        self.vacations: dict[int, list[Vacation]] = {}

    async def open(self) -> None:
        """Load the vacations of the last year, then every stored timer (those that came due
        while the bot was down fire at once)."""
        self.vacations = {}
        for v in await self.store.vacations(since=self.clock() - YEAR):
            self.vacations.setdefault(v.user_id, []).append(v)
        self.scheduler.load(await self.store.timers())

    def timed(self, rec: GameRecord) -> bool:
        """Whether the game's timers are kept: it has a time control, or timers left."""
        return "time_control" in rec.options or bool(self.scheduler.of_game(rec.id))

    def deadlines(self, game_id: int) -> dict[tuple[int, str | None], float]:
        """The game's deadlines by ``(seat, decision_id)``."""
        return {(t.seat, t.decision_id): t.due for t in self.scheduler.of_game(game_id)
                if t.kind == DEADLINE}

    def opened(self, game_id: int, seat: int, decision_id: str | None) -> float | None:
        """When the seat's decision opened, as its deadline timer noted it (None: the game
        has no time control, or no timer for that decision)."""
        for t in self.scheduler.of_game(game_id):
            if t.kind == DEADLINE and t.seat == seat and t.decision_id == decision_id:
                opened = t.payload.get("opened")
                return float(opened) if isinstance(opened, int | float) else None
        return None

    def plan(self, rec: GameRecord, game: Game | None, seats: dict[int, SeatRecord],
             acted: dict[int, str] | None = None, *, status: str | None = None
             ) -> tuple[list[TimerRecord], list[int]]:
        """The timer changes that make the game's timers match its pending decisions: every
        decision a person must take (not a forced one) has a deadline and its reminders, and
        nothing else has a timer. ``seats`` holds the seat records changed by this change
        (and receives the time banks charged: a seat that acted (``acted``: its
        ``submitted_by``) pays the time it took, vacations not counted, and earns the
        increment)."""
        tc: TimeControl | None = rec.options.get("time_control")
        existing = self.scheduler.of_game(rec.id)
        want: set[tuple[int, str]] = set()
        now = self.clock()
        status = status or rec.status
        if tc is not None and status == ACTIVE and game is not None and not game.is_over:
            for s in game.waiting_on():
                did = game.decision_ids[s]
                if did is not None and person(seats.get(s, rec.seats[s])) \
                        and len(game.legal_actions(s)) > 1:
                    want.add((s, did))
        delete = [t.id for t in existing if (t.seat, t.decision_id) not in want]
        have = {(t.seat, t.decision_id) for t in existing if t.kind == DEADLINE}
        if tc is not None and tc["kind"] == "bank":
            for t in existing:
                who = (acted or {}).get(t.seat)
                if t.kind != DEADLINE or t.id not in delete or who is None:
                    continue
                seat = seats.get(t.seat, rec.seats[t.seat])
                left = 0.0
                if who != updates.DEADLINE:
                    opened = float(t.payload.get("opened", now))
                    took = now - opened - paused(self.vacations.get(seat.user_id or 0, []),
                                                 opened, now)
                    left = max(0.0, float(t.payload.get("bank", 0.0)) - max(0.0, took))
                bank = min(float(tc["cap"]), left + float(tc["increment"]))
                seats[t.seat] = replace(seat, bank=round(bank, 3))
        add: list[TimerRecord] = []
        assert game is not None or not want
        for s, did in sorted(want - have):
            add.extend(self._new_timers(rec, tc or {}, seats.get(s, rec.seats[s]), did, now))
        return add, delete

    def _new_timers(self, rec: GameRecord, tc: TimeControl, seat: SeatRecord, did: str,
                    now: float) -> list[TimerRecord]:
        """A decision's deadline and reminders, opened now (pushed by a vacation)."""
        user = seat.user_id
        assert user is not None
        if tc["kind"] == "bank":
            window = float(tc["initial"] if seat.bank is None else seat.bank)
        else:
            window = float(tc["seconds"])
        base = now + window
        pause = paused(self.vacations.get(user, []), now)
        out = [TimerRecord(0, rec.id, seat.seat, DEADLINE, base + pause, did,
                           {"user": user, "opened": now, "base": base, "bank": window})]
        for at in reminder_times(now, base, tc.get("reminders", DEFAULT_REMINDERS)):
            out.append(TimerRecord(0, rec.id, seat.seat, REMINDER, at + pause, did,
                                   {"user": user, "opened": now, "base": at}))
        return out

    def written(self, add: list[TimerRecord], ids: list[int], delete: Iterable[int]) -> None:
        """After the commit: the scheduler's mirror follows the store."""
        self.scheduler.discard(delete)
        self.scheduler.add(replace(t, id=i) for t, i in zip(add, ids, strict=True))

    async def sync(self, rec: GameRecord, game: Game | None) -> None:
        """Make a game's timers match its pending decisions (a resumed game stored before
        time control existed, or by another version; a repaired one). Under the game's
        lock (the caller's)."""
        if not self.timed(rec):
            return
        add, delete = self.plan(rec, game, {})
        if add or delete:
            ids = await self.store.change_timers(add, delete)
            self.written(add, ids, delete)
