"""A game's past in words (docs/service.md, "What a front end shows"): its history, the news
since a point of its log, what happened since a seat last acted (catching up), and a learning
game's note on a move. Each is recomputed from the game's setup, seed and log with the engine's
one replay (``hadara.replay``): no randomness is drawn after setup, so the replay is exact, and
it costs no memory per game (a few milliseconds, only when asked; replays run in a thread).

Lines are worded in the language being spoken (``hadara.narrate.describe``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypedDict

from hadara.engine import Game
from hadara.narrate import describe
from hadara.replay import LogEntry, replayed, steps
from hadara.types import Event

from . import checks, refusals
from .refusals import Refusal

if TYPE_CHECKING:
    from bot.learn import Note

    from .memory import Memory


class Deadlines(Protocol):
    """What the history needs of the timers: a game's deadlines by (seat, decision)."""

    def deadlines(self, game_id: int) -> dict[tuple[int, str | None], float]: ...

    def opened(self, game_id: int, seat: int, decision_id: str | None) -> float | None: ...


class CatchUp(TypedDict):
    """What happened since a seat last acted (``GameService.catch_up``)."""

    seat: int
    since: int  # the log index after the seat's last own action
    actions: int  # how many were taken since
    events: list[Event]  # their public events
    lines: list[str]  # the same, worded
    deadline: float | None  # the seat's current deadline


@dataclass(frozen=True)
class News:
    """What happened at a table since a point of its log (``GameService.news``): the public
    events of the log's entries from ``since`` on (up to ``version``), and their lines;
    ``version`` is the log's length now (or the ``until`` asked for), the ``since`` of the
    next news."""

    game_id: int
    since: int
    version: int
    events: tuple[Event, ...]
    lines: tuple[str, ...]
    #: each event's own lines, in the order of ``events`` (``lines`` is their concatenation):
    #: a front end that shows some kinds of events only words those
    worded: tuple[tuple[str, ...], ...] = ()


Entries = Sequence[LogEntry]  # log entries: {"seat", "action"}


def events_since(game: Game, entries: Entries, since: int,
                 opening: bool = False) -> list[Event]:
    """The public events of ``entries[since:]``, replayed from ``game``'s setup and seed (with
    ``opening`` and ``since`` 0, the opening's events first)."""
    assert game.setup is not None
    out: list[Event] = []
    for step in steps(game.setup, game.seed, game.catalog, entries):
        if step.index > since or (opening and since == 0 == step.index):
            out.extend(step.result.public)
    return out


def history_lines(game: Game) -> list[str]:
    """Every public event of the game so far, worded (the opening's too)."""
    assert game.setup is not None
    events: list[Event] = []
    for step in steps(game.setup, game.seed, game.catalog, game.log or []):
        events.extend(step.result.public)
    return [line.strip() for ev in events
            for line in describe(ev, game.players, game.catalog)]


def mistake(game: Game, seat: int, version: int) -> Note | None:
    """The learning game's mistake note for the seat's action just stored (the last of its log
    entries up to ``version``), from the position before it (``bot.learn.mistake``)."""
    from bot.learn import mistake as note_of

    entries = game.log or []
    i = min(version, len(entries)) - 1
    while i >= 0 and entries[i]["seat"] != seat:
        i -= 1
    if i < 0 or game.setup is None:
        return None
    before = replayed(game.setup, game.seed, game.catalog, entries[:i])
    return note_of(before, seat, entries[i]["action"])


class History:
    """The past of the ``memory`` games in words; ``timers`` gives a catching-up seat its
    deadline."""

    def __init__(self, memory: Memory, timers: Deadlines) -> None:
        self.memory = memory
        self.timers = timers

    async def history(self, game_id: int) -> list[str]:
        """Every public event of the game so far, worded."""
        game = checks.started(await self.memory.load(game_id))
        return await asyncio.to_thread(history_lines, game)

    async def news(self, game_id: int, since: int, until: int | None = None, *,
                   opening: bool = False, words: bool = True) -> News:
        """The public events of the log's entries from index ``since`` on (a front end passes
        the ``version`` of the last news it showed), worded; with ``until``, only up to that
        index (a front end that tells the changes it was sent, and not those still on their
        way); with ``opening`` (and ``since`` 0), the events of the game's creation first.
        ``stale`` (``news_since``) for a point beyond the log."""
        game = checks.started(await self.memory.load(game_id))
        entries = list(game.log or [])
        end = len(entries) if until is None else until
        if type(since) is not int or type(end) is not int \
                or not 0 <= since <= end <= len(entries):
            raise Refusal(refusals.STALE, "The game's log has no such point.", "news_since",
                          since=str(since)[:20], version=len(entries))
        events = (await asyncio.to_thread(events_since, game, entries[:end], since, opening)
                  if since < end or opening else [])
        if not words:  # the caller words them itself (the web page, in its reader's language)
            return News(game_id, since, end, tuple(events), (), ())
        worded = tuple(tuple(describe(ev, game.players, game.catalog)) for ev in events)
        lines = tuple(line for each in worded for line in each)
        return News(game_id, since, end, tuple(events), lines, worded)

    async def catch_up(self, game_id: int, seat: int) -> CatchUp:
        """The events since ``seat`` last acted itself (its person's last stored action; for
        an AI seat its last; the start if never), from the stored log (replayed up to that
        action, then on with the events collected)."""
        game = checks.started(await self.memory.load(game_id))
        checks.seat_number(game, seat)
        stored = await self.memory.stored(game_id)
        if stored is None:
            raise Refusal(refusals.NOT_FOUND, "There is no such game.", game_id=game_id)
        rec, actions = stored.record, stored.actions
        user = rec.seats[seat].user_id
        mine = f"user:{user}" if user is not None else None
        since = 0
        for a in actions:
            if a.seat == seat and (a.submitted_by == mine or (
                    mine is None and a.submitted_by.startswith("ai:"))):
                since = a.seq + 1
        entries = [{"seat": a.seat, "action": a.action} for a in actions]
        events = events_since(game, entries, since) if since < len(entries) else []
        lines = [line for ev in events for line in describe(ev, game.players, game.catalog)]
        did = game.decision_ids[seat]
        return {"seat": seat, "since": since, "actions": len(actions) - since,
                "events": events, "lines": lines,
                "deadline": self.timers.deadlines(game_id).get((seat, did))}

    async def mistake_note(self, game_id: int, seat: int, version: int) -> Note | None:
        """A learning game's mistake note for the seat's last action, worked out in a
        thread."""
        game = checks.started(await self.memory.load(game_id))
        return await asyncio.to_thread(mistake, game, seat, version)
