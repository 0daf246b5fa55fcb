"""The table's pure parts: which updates of a game go into one flush (:class:`Coalescer`), and
the words of the board's status line and of the thread's messages. No Discord here: tests run
them on plain updates and a virtual clock."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from bot.messages import t
from bot.service import Update
from bot.service.checks import person
from bot.service.screens import BoardState
from bot.service.updates import ABANDONED as CAUSE_ABANDONED
from bot.service.updates import CONCEDED, REPAIRED, STARTED, Waiting
from bot.storage.base import ABANDONED, ACTIVE, LOBBY, GameRecord, SeatRecord
from cogs.edge.times import deadline_text
from hadara.narrate import EPOCH, step_name
from hadara.types import Event

#: Events that make a message of their own (with their lines; a reveal also with its image).
HEADLINE_EVENTS = frozenset({"setup_revealed", "round_revealed", "colony_taken",
                             "statue_carved", "feeding_revealed", "medals_revealed"})
#: Events whose lines go along when a message is posted anyway (a ping, a headline).
CONTEXT_EVENTS = frozenset({"wheel_set", "took", "income", "phase_b_started", "epoch_started",
                            "undone"})  # "X took back their move" (Game.undo): news, no ping
MAX_CONTENT = 2000


# ---------------------------------------------------------------------- coalescing (pure)


def human_waiting(update: Update) -> list[Waiting]:
    """The decisions of ``update.waiting`` that a person (not an AI, not conceded, not taken
    over by the AI after missed deadlines or a vote) must take."""
    seats = {s.seat: s for s in update.seats}
    return [w for w in update.waiting if w.seat in seats and person(seats[w.seat])]


#: ``live(game, seat, now)``: until when the seat's player is at the table (acted in the last
#: few minutes, what they have open moving on by itself: the service's presence), or None.
Liveness = Callable[[int, int, float], "float | None"]


def nobody_live(game_id: int, seat: int, now: float) -> float | None:
    return None


@dataclass
class Batch:
    """The updates of one game gathered into one flush (none when only a ping held back for
    a live player falls due), the game's latest update, and the people to ping."""

    game_id: int
    updates: list[Update]
    ping: list[Waiting] = field(default_factory=list)
    latest: Update | None = None

    @property
    def last(self) -> Update:
        if self.latest is not None:
            return self.latest
        return self.updates[-1]

    @property
    def status(self) -> str:
        return self.last.status

    @property
    def lobby_changed(self) -> bool:
        """The lobby message must be redrawn (seats changed, the game started or was
        cancelled)."""
        return any(u.status == LOBBY or u.cause in (STARTED, CAUSE_ABANDONED)
                   for u in self.updates)

    @property
    def board_changed(self) -> bool:
        """The board message must be edited: anything happened in a started game."""
        return any(u.status != LOBBY for u in self.updates)

    @property
    def over(self) -> bool:
        return any(u.over for u in self.updates)

    @property
    def abandoned(self) -> bool:
        return any(u.cause == CAUSE_ABANDONED for u in self.updates)

    @property
    def conceded(self) -> list[int]:
        return [seat for u in self.updates if u.cause == CONCEDED for seat, _ in u.by]


@dataclass
class Step:
    """A run of decisions of one kind that keeps a person's seat waiting (a draft round, a
    Phase-B turn, all the removals of one feeding, all the medals of one step): they are
    pinged for it at most once."""

    kind: str
    pinged: bool = False
    held_until: float | None = None  # a live player's ping held back until then


class Coalescer:
    """Per game: gather updates and say when to flush them (see the module docstring).

    Pure: time is passed in (``now``), nothing is awaited. ``push`` returns when the game is
    due; ``take`` hands over the batch once due, with the people to ping: a person is pinged
    once per :class:`Step`, and not while they are live (``live``) — their ping is held back
    until they stop being live and goes out then if the step still waits on them."""

    def __init__(self, quiet: float = 0.6, urgent: float = 0.1, max_wait: float = 4.0,
                 min_interval: float = 1.0) -> None:
        self.quiet, self.urgent, self.max_wait, self.min_interval = (
            quiet, urgent, max_wait, min_interval)
        self._pending: dict[int, list[Update]] = {}
        self._first: dict[int, float] = {}
        self._last: dict[int, float] = {}
        self._hurry: set[int] = set()
        self._flushed: dict[int, float] = {}
        self._latest: dict[int, Update] = {}
        self._steps: dict[int, dict[int, Step]] = defaultdict(dict)  # game -> seat -> step

    def _track(self, update: Update) -> bool:
        """Follow each person's steps through ``update``; whether one began."""
        steps = self._steps[update.game_id]
        now = {w.seat: w.kind for w in human_waiting(update)}
        began = False
        for seat in [s for s in steps if s not in now]:
            del steps[seat]  # no longer waiting: the step is over
        for seat, kind in now.items():
            step = steps.get(seat)
            if step is None or step.kind != kind:
                steps[seat] = Step(kind)
                began = True
        return began

    def is_urgent(self, update: Update) -> bool:
        """Flush soon: the lobby changed, the game started or ended, or a person must now
        take a decision of a step not announced yet."""
        if update.status != ACTIVE or update.cause == STARTED or update.over:
            return True
        return any(not step.pinged and step.held_until is None
                   for step in self._steps[update.game_id].values())

    def push(self, update: Update, now: float) -> float:
        gid = update.game_id
        self._pending.setdefault(gid, []).append(update)
        self._latest[gid] = update
        self._first.setdefault(gid, now)
        self._last[gid] = now
        self._track(update)
        if self.is_urgent(update):
            self._hurry.add(gid)
        due = self.due(gid)
        assert due is not None
        return due

    def _held(self, game_id: int) -> float | None:
        """The earliest time a held-back ping of the game falls due."""
        times = [s.held_until for s in self._steps.get(game_id, {}).values()
                 if not s.pinged and s.held_until is not None]
        return min(times, default=None)

    def due(self, game_id: int) -> float | None:
        """When the game should be flushed (None: nothing pending, no ping held back)."""
        held = self._held(game_id)
        if game_id not in self._pending:
            return held
        wait = self.urgent if game_id in self._hurry else self.quiet
        when = min(self._last[game_id] + wait, self._first[game_id] + self.max_wait)
        when = max(when, self._flushed.get(game_id, -math.inf) + self.min_interval)
        return when if held is None else min(when, held)

    def pending(self) -> list[int]:
        return list(self._pending)

    def take(self, game_id: int, now: float, force: bool = False,
             live: Liveness = nobody_live) -> Batch | None:
        """The game's batch if it is due (or ``force``), else None."""
        due = self.due(game_id)
        latest = self._latest.get(game_id)
        if due is None or latest is None or (not force and now + 1e-9 < due):
            return None
        updates = self._pending.pop(game_id, [])
        self._first.pop(game_id, None)
        self._last.pop(game_id, None)
        self._hurry.discard(game_id)
        if updates:
            self._flushed[game_id] = now
        ping: list[Waiting] = []
        steps = self._steps[game_id]
        if latest.status == ACTIVE:
            for w in human_waiting(latest):
                step = steps.get(w.seat)
                if step is None or step.pinged:
                    continue
                until = live(game_id, w.seat, now)
                if until is not None and until > now:
                    step.held_until = until  # at the table: their panel moves on
                    continue
                step.pinged, step.held_until = True, None
                ping.append(w)
        if latest.status != ACTIVE:
            self.forget(game_id, keep_flush=True)
        return Batch(game_id, updates, ping, latest)

    def forget(self, game_id: int, keep_flush: bool = False) -> None:
        self._steps.pop(game_id, None)
        self._latest.pop(game_id, None)
        if not keep_flush:
            self._flushed.pop(game_id, None)


# ---------------------------------------------------------------------- wording


def seat_names(record: GameRecord) -> dict[int, str]:
    return {s.seat: s.name for s in record.seats}


def status_line(board: BoardState) -> str:
    """Epoch, phase, step, round and who we wait on (names: an edit notifies nobody), with
    each pending player's deadline as Discord timestamps when the game has time control."""
    view, gid = board.view, board.game_id
    names = dict(enumerate(board.names))
    if board.status == ABANDONED:
        return t("table.status.abandoned", id=gid)
    if view.get("over"):
        winners = ", ".join(names.get(s, "?") for s in view.get("winners") or [])
        return t("table.status.over", id=gid, winners=winners or "—")
    step = view.get("step", "")
    epoch, phase = EPOCH.get(view.get("epoch", 1), "?"), view.get("phase", "?")
    if step == "phase_b":  # the step is the phase itself: named once
        where = t("table.status.where.phase", id=gid, epoch=epoch, phase=phase)
    else:
        words = t("table.status.step.draft") if step == "draft" else step_name(step)
        where = t("table.status.where", id=gid, epoch=epoch, phase=phase, step=words)
    if step == "draft":
        where += t("table.status.round", n=int(view.get("round", 0)) + 1)
    elif step == "phase_b":
        where += t("table.status.turn", n=int(view.get("round", 0)) + 1)
    who = ", ".join(names.get(s, "?") for s in view.get("waiting_on", []))
    line = where + "\n" + t("table.status.waiting", names=who or "—")
    deadlines = board_deadlines(board.waiting, names)
    if deadlines:
        line += "\n" + deadlines
    return line


def board_deadlines(waiting: Iterable[Waiting], names: Mapping[int, str]) -> str | None:
    """The board's line of each pending player's deadline (None without time control)."""
    parts = []
    seen: set[int] = set()
    for w in sorted(waiting, key=lambda w: (w.deadline or 0, w.seat)):
        if w.deadline is None or w.seat in seen:
            continue
        seen.add(w.seat)
        parts.append(t("md.status.deadline", name=names.get(w.seat, "?"),
                       rel=deadline_text(w.deadline)))
    return t("md.status.deadlines", list=" · ".join(parts)) if parts else None


@dataclass(frozen=True)
class NewsRange:
    """The news a flush asks for (``GameService.news``): the log's entries from ``since`` to
    ``until``, with the opening's events when the batch started the game."""

    since: int
    until: int
    opening: bool = False


def news_range(updates: Sequence[Update], since: int | None) -> NewsRange | None:
    """What the batch's ``updates`` added to the game's log, as a news to ask for: from where
    the table's last news ended (``since``; None: a table without news yet, after a restart:
    where the batch's first update began, its version less the log entries it wrote when it
    says something) to its last update's version (what arrived since is the next batch's); a
    start from the game's version then (a new game with its opening), a repair from its
    version (the log was cut). None: the batch changed no game."""
    if not updates:
        return None
    opening = False
    if since is None:
        first = updates[0]
        since = first.version - (len(first.by) if first.public else 0)
    for u in updates:
        if u.cause in (STARTED, REPAIRED):
            since, opening = u.version, u.cause == STARTED and bool(u.public)
    until = updates[-1].version
    return NewsRange(max(0, min(since, until)), until, opening)


def news_lines(events: Sequence[Event], worded: Sequence[Sequence[str]],
               kinds: frozenset[str]) -> list[str]:
    """The lines of the events of these ``kinds`` (the service's news: each event with its
    own lines)."""
    return [line.strip() for ev, lines in zip(events, worded, strict=True)
            if ev.get("kind") in kinds for line in lines if line.strip()]


def ping_lines(ping: list[Waiting], seats: list[SeatRecord]) -> list[str]:
    """One line per decision kind: the mentions of the people who must take it."""
    users = {s.seat: s.user_id for s in seats}
    by_kind: dict[str, list[str]] = {}
    for w in ping:
        if users.get(w.seat) is not None:
            by_kind.setdefault(w.kind, []).append(f"<@{users[w.seat]}>")
    return [t("table.turn", mentions=" ".join(m), what=t(f"table.kind.{kind}"))
            for kind, m in by_kind.items()]


def fit(lines: list[str], tail: list[str], limit: int = MAX_CONTENT) -> str:
    """The lines and then the tail (pings, kept whole), within Discord's content limit: the
    oldest lines give way first."""
    tail_text = "\n".join(tail)
    room = limit - len(tail_text) - 2
    kept: list[str] = []
    for line in reversed(lines):
        if len(line) + 1 > room:
            kept.insert(0, "…")
            break
        kept.insert(0, line)
        room -= len(line) + 1
    return "\n".join([*kept, *tail])[:limit]
