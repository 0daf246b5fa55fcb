"""What the service publishes after every change of a game: :class:`Update`.

Front ends subscribe with :meth:`Hub.subscribe` (a callback, or an ``asyncio.Queue`` per
subscriber), optionally for one game only. Updates of one game are published in the order the
changes were made (they are published under the game's lock). Every change of any game in this
process gets a new revision (:func:`new_revision`): the image cache's key, so a key never names
two pictures.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import count
from typing import TYPE_CHECKING, NamedTuple

from bot.storage.base import DamageRecord, JSONObject, SeatRecord
from hadara.narrate import describe
from hadara.types import Event

if TYPE_CHECKING:
    from hadara.content import Catalog
    from hadara.engine import Game

log = logging.getLogger(__name__)

#: Process-wide: every change of any game in this process gets a new revision (the image key).
_REVISIONS = count(1)


def new_revision() -> int:
    return next(_REVISIONS)


# Update.cause
CREATED, JOINED, LEFT, AI_ADDED, AI_REMOVED = "created", "joined", "left", "ai_added", "ai_removed"
STARTED, ACTION, FORCED, AI, CONCEDED, ABANDONED = (
    "started", "action", "forced", "ai", "conceded", "abandoned")
# time control (docs/service.md, "Time control, reminders and expiry")
DEADLINE, REMINDER, TAKEOVER, REJOINED, VOTE, AWAY, BACK = (
    "deadline", "reminder", "takeover", "rejoined", "vote", "away", "back")
# acting ahead: a plan queued or withdrawn (the move itself, when applied, is an ACTION by
# "ahead")
QUEUED = "queued"
# a player took back their last move (``Game.undo``; the board news says so, no ping)
UNDONE = "undone"
# storage that can be trusted: a game found damaged (once; ``damage``, ``user`` = the host,
# ``discord``), and repaired up to its last valid action (``dropped`` actions removed)
DAMAGED, REPAIRED = "damaged", "repaired"


class Waiting(NamedTuple):
    """A seat the game waits for, on which decision (pass ``decision_id`` back to submit):
    a plain ``(seat, decision_id, kind)`` tuple with names."""

    seat: int
    decision_id: str
    kind: str  # the step: setup_side, wheel, draft, phase_b, colony, statue, feeding, medals
    deadline: float | None = None  # when the AI decides for the seat (clock seconds); None: never


class Reminder(NamedTuple):
    """One game in a reminder: the seat that must act and its deadline."""

    game_id: int
    seat: int
    deadline: float
    decision_id: str | None = None


@dataclass(frozen=True)
class Update:
    """One change of one game. Seats are the engine's seats once the game has started (the
    lobby's before). Events are the engine's (codes with parameters); ``lines`` and
    ``private_lines`` word them in English on demand (logs and tests: the cogs word them in
    each reader's language, so no update pays for wording nobody reads)."""

    game_id: int
    version: int  # the engine's game.version (0 in the lobby); the store's notify() version
    revision: int  # process-wide, strictly increasing per change: the image cache's key
    status: str  # lobby | active | finished | abandoned (bot.storage.base)
    cause: str  # created, joined, left, ai_added, ai_removed, started, action, forced, ai,
    #             conceded, abandoned; deadline, reminder, takeover, rejoined, vote, away, back;
    #             queued; damaged, repaired
    by: list[tuple[int, str]] = field(default_factory=list)  # (seat, submitted_by) per action
    public: list[Event] = field(default_factory=list)
    private: dict[int, list[Event]] = field(default_factory=dict)
    waiting: list[Waiting] = field(default_factory=list)  # who must act now, on which decision
    board_changed: bool = False  # the public board (spectator view) changed: re-post it
    stale_panels: list[int] = field(default_factory=list)  # seats whose private panel changed
    over: bool = False  # the game ended with this update
    scores: list[JSONObject] | None = None  # at the end: the ranking (see docs/service.md)
    winners: list[int] | None = None  # at the end: the winning seats
    final_hash: str | None = None  # at the end: the head of the log's hash chain (0009)
    seats: list[SeatRecord] = field(default_factory=list)  # a copy of the seats
    # -- time control
    user: int | None = None  # reminder / away / back / rejoined / vote: the user concerned
    reminders: list[Reminder] = field(default_factory=list)  # reminder: every game, merged
    expired: list[int] = field(default_factory=list)  # deadline: the seats the AI moved for
    takeover: list[int] = field(default_factory=list)  # seats the AI plays from now on
    until: float | None = None  # away: when the user is back
    ai_share: dict[int, float] | None = None  # at the end: per seat, share of AI decisions
    # -- damaged games: what was found (damaged, repaired), how many actions a repair removed,
    # and the record's Discord bookkeeping (guild, channel, thread …) to tell the players
    damage: DamageRecord | None = None
    dropped: int = 0
    discord: JSONObject = field(default_factory=dict)
    # the players' names and the catalog that word the events (``lines``, ``private_lines``)
    words: tuple[list[str], Catalog] | None = field(default=None, repr=False, compare=False)

    @property
    def lines(self) -> list[str]:
        """The public events in English."""
        if self.words is None:
            return []
        players, catalog = self.words
        return [line for ev in self.public for line in describe(ev, players, catalog, "en")]

    @property
    def private_lines(self) -> dict[int, list[str]]:
        """Each seat's private events in English ("You draw …")."""
        if self.words is None:
            return {}
        players, catalog = self.words
        return {s: [line for ev in evs for line in describe(ev, players, catalog, "en")]
                for s, evs in self.private.items()}


Callback = Callable[[Update], object]
Target = Callback | asyncio.Queue[Update]


class Hub:
    """The subscribers of the update stream."""

    def __init__(self) -> None:
        self._subs: dict[int, tuple[Target, int | None]] = {}
        self._next = 0
        self._tasks: set[asyncio.Future[object]] = set()

    def subscribe(self, target: Target, game_id: int | None = None) -> Callable[[], None]:
        """Deliver every update (of ``game_id`` only, if given) to ``target``: a callback
        (called at once; a coroutine it returns is run as a task) or an ``asyncio.Queue``
        (``put_nowait``). Returns the unsubscribe function."""
        key = self._next
        self._next += 1
        self._subs[key] = (target, game_id)

        def unsubscribe() -> None:
            self._subs.pop(key, None)

        return unsubscribe

    def publish(self, update: Update) -> int:
        """Deliver to every subscriber (of this game); returns how many there were."""
        delivered = 0
        for target, only in list(self._subs.values()):
            if only is not None and only != update.game_id:
                continue
            delivered += 1
            self.deliver(target, update)
        return delivered

    def deliver(self, target: Target, update: Update) -> None:
        """Deliver one update to one subscriber."""
        try:
            if isinstance(target, asyncio.Queue):
                target.put_nowait(update)
                return
            out = target(update)
            if inspect.isawaitable(out):
                task = asyncio.ensure_future(out)
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
        except Exception:  # a subscriber's fault never breaks the game
            log.exception("update subscriber failed")


# ---------------------------------------------------------------------- building updates


def seat_copies(seats: list[SeatRecord]) -> list[SeatRecord]:
    """Copies of seat records for an update (``copy.deepcopy`` is ten times slower)."""
    return [replace(s, votes=list(s.votes)) for s in seats]


def waiting_for(game: Game, deadlines: dict[tuple[int, str | None], float] | None = None
                ) -> list[Waiting]:
    """The seats ``game`` waits for, on which decision, until when (``deadlines`` by
    ``(seat, decision_id)``)."""
    out = []
    for s in game.waiting_on():
        did = game.decision_ids[s]
        if did is not None:
            out.append(Waiting(s, did, game.step, (deadlines or {}).get((s, did))))
    return out
