"""The replay viewer: a game's positions step by step, rebuilt from its setup, seed and log.

A **step** is one stored action: step ``k`` is the position after the first ``k`` entries of
the action log (step 0: the game as it was set up, with the opening's events), and its lines
are the public events of the ``k``-th entry, worded as the history words them
(``hadara.narrate.describe``). Positions are rebuilt deterministically (no randomness is drawn
after setup) in a thread, off the event loop, and the board's two pictures are drawn from the
position's **spectator view** with the board's own render job, in the render pool.

What is shown:

- a **finished** game: every step to the last, and each player's cards at that step (hand,
  the simultaneous pick not yet revealed, Phase-A sales) — nothing is hidden once it is over;
- a game **in play** (or abandoned): only what a spectator could see, up to now — the
  spectator view of each position, and the steps only up to the last *settled* position (no
  simultaneous pick recorded and none of feeding or medals pending): the entries after it are
  picks still hidden, whose number and order would say more than the board does (and a draft
  pick may still be replaced). Never a seat's private view, never a position after now.

Caches: the outline of a game (each step's epoch and phase, the last step shown) and the
rebuilt positions are kept in small LRUs keyed by the game's revision (a change of the game, a
repair, gives new keys); the pictures go to the service's byte-bounded image cache under
``(game, revision, "replay:<k>:table|players", None, language)``.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from bot.storage.base import FINISHED
from hadara.engine import Game
from hadara.narrate import describe
from hadara.replay import LogEntry, steps
from hadara.types import Event, ViewData
from hadara.views import spectator_view
from hadara.words import card_name

from . import checks, refusals
from .images import Key, render_job
from .refusals import Refusal

if TYPE_CHECKING:
    from .memory import Memory
    from .pictures import Job, Pictures

K = TypeVar("K")
V = TypeVar("V")
#: Rebuilt positions kept (each a spectator view and the step's events: tens of KB).
MAX_POSITIONS = 256
#: Game outlines kept.
MAX_OUTLINES = 32


@dataclass(frozen=True)
class Position:
    """One rebuilt position (internal: the cards are handed out only for a finished game)."""

    view: ViewData  # the spectator view
    events: tuple[Event, ...]  # the public events of this step's entry
    seat: int | None  # whose entry (None: the opening)
    hands: tuple[tuple[str, ...], ...]  # per seat: its hand
    picks: tuple[str | None, ...]  # per seat: its recorded pick not yet revealed (a card)
    sold: tuple[tuple[str, ...], ...]  # per seat: every card it sold (Phase-A ones too)


@dataclass(frozen=True)
class Outline:
    """A game's steps: the (epoch, phase) of each position up to ``last``, the last step
    shown."""

    last: int
    phases: tuple[tuple[int, str], ...]  # per step 0..last

    def marks(self) -> list[tuple[int, int, str]]:
        """(first step, epoch, phase) of every epoch and phase, in order."""
        out: list[tuple[int, int, str]] = []
        for k, (epoch, phase) in enumerate(self.phases):
            if not out or (out[-1][1], out[-1][2]) != (epoch, phase):
                out.append((k, epoch, phase))
        return out


@dataclass(frozen=True)
class PlayerCards:
    """A player's cards at a step of a finished game."""

    name: str
    hand: tuple[str, ...]  # worded card names
    pick: str | None
    sold: tuple[str, ...]


@dataclass(frozen=True)
class ReplayStep:
    """What the viewer shows at one step (``GameService.replay``)."""

    game_id: int
    step: int
    last: int
    status: str
    full: bool  # a finished game: the players' cards are shown
    epoch: int
    phase: str
    round: int
    seat: str | None  # the name of the seat whose entry this step is (None: the opening)
    lines: tuple[str, ...]  # the step's public events, worded
    images: dict[str, bytes]  # {"table", "players"}
    cards: tuple[PlayerCards, ...]  # finished games only; empty otherwise
    marks: tuple[tuple[int, int, str], ...]  # (step, epoch, phase) jump targets


def _settled(game: Game) -> bool:
    """Nothing of a simultaneous step is recorded and still hidden."""
    return all(c is None for c in game.commits) and not any(game.pending)


def _position(game: Game, events: Sequence[Event], seat: int | None) -> Position:
    picks: list[str | None] = []
    for c in game.commits:
        card = c.get("card") if isinstance(c, Mapping) else None
        picks.append(str(card) if card is not None else None)
    return Position(spectator_view(game), tuple(events), seat,
                    tuple(tuple(h) for h in game.hands), tuple(picks),
                    tuple(tuple(c for c, _ in s) for s in game.sold))


def walk(game: Game, log: Sequence[LogEntry], want: Sequence[int], *,
         finished: bool, outline: bool = True) -> tuple[Outline | None, dict[int, Position]]:
    """Replay ``game``'s setup and seed through ``log``: the outline (unless not asked) and
    the positions of the steps in ``want``. Runs in a thread."""
    assert game.setup is not None
    wanted = set(want)
    stop = len(log) if outline else max(wanted, default=0)
    phases: list[tuple[int, str]] = []
    last = 0
    found: dict[int, Position] = {}
    # the log was replayed once already (loading the game): no legality check again
    for step in steps(game.setup, game.seed, game.catalog, log[:stop], check=False):
        replay, k = step.game, step.index
        if k in wanted:
            seat = int(step.entry["seat"]) if step.entry is not None else None
            found[k] = _position(replay, step.result.public, seat)
        if outline:
            phases.append((replay.epoch, replay.phase))
            if k and (finished or _settled(replay)):
                last = k
    if not outline:
        return None, found
    if finished:
        last = len(log)
    return Outline(last, tuple(phases[:last + 1])), found


class _Lru(OrderedDict[K, V]):
    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def get_fresh(self, key: K) -> V | None:
        value = self.get(key)
        if value is not None:
            self.move_to_end(key)
        return value

    def keep(self, key: K, value: V) -> None:
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)


class Replays:
    """The part of the service that rebuilds the ``memory`` games' past positions and draws
    them with ``pictures``."""

    def __init__(self, memory: Memory, pictures: Pictures) -> None:
        self.memory = memory
        self.pictures = pictures
        self.outlines: _Lru[tuple[int, int], Outline] = _Lru(MAX_OUTLINES)
        self.positions: _Lru[tuple[int, int, int], Position] = _Lru(MAX_POSITIONS)
        self.rebuilt = 0  # positions rebuilt (tests: the cache works)

    async def step(self, game_id: int, step: int | None, language: str = "en") -> ReplayStep:
        """The viewer at ``step`` (None: the last step shown). Refuses ``not_started`` in the
        lobby and ``stale`` (reason ``replay_step``) for a step beyond the last shown."""
        held = await self.memory.load(game_id)
        game = checks.started(held)
        rev, status = held.rev, held.record.status
        finished = status == FINISHED
        log = list(game.log or ())
        outline: Outline | None = self.outlines.get_fresh((game_id, rev))
        if outline is None:
            wants = [step] if step is not None and 0 <= step <= len(log) else []
            outline, found = await asyncio.to_thread(walk, game, log, wants,
                                                     finished=finished)
            assert outline is not None
            self.outlines.keep((game_id, rev), outline)
            for k, walked in found.items():
                self._keep(game_id, rev, k, walked)
        if step is None:
            step = outline.last
        if type(step) is not int or not 0 <= step <= outline.last:
            raise Refusal(refusals.STALE, "That step of the replay is not there.",
                          "replay_step", step=str(step)[:8], last=outline.last)
        pos: Position | None = self.positions.get_fresh((game_id, rev, step))
        if pos is None:
            _, found = await asyncio.to_thread(walk, game, log, [step], finished=finished,
                                               outline=False)
            pos = found[step]
            self._keep(game_id, rev, step, pos)
        images = await self._images(game_id, rev, step, game, pos, language)
        view = pos.view
        players = list(view["players"])
        cat = game.catalog
        # each line a bullet of the viewer: the blank lines describe() sets between groups
        # (before an epoch's first event, before the final scores) are not events
        lines = tuple(text for ev in pos.events
                      for line in describe(ev, players, cat, language)
                      if (text := line.strip()))
        cards: tuple[PlayerCards, ...] = ()
        if finished:
            def word(cards: Sequence[str]) -> tuple[str, ...]:
                return tuple(card_name(cat, c, language) for c in cards)
            cards = tuple(
                PlayerCards(players[s], word(pos.hands[s]),
                            card_name(cat, pos.picks[s], language)
                            if pos.picks[s] is not None else None,
                            word(pos.sold[s]))
                for s in range(len(players)))
        return ReplayStep(
            game_id=game_id, step=step, last=outline.last, status=status, full=finished,
            epoch=int(view["epoch"]), phase=str(view["phase"]), round=int(view["round"]),
            seat=players[pos.seat] if pos.seat is not None else None, lines=lines,
            images=images, cards=cards, marks=tuple(outline.marks()))

    def _keep(self, game_id: int, rev: int, step: int, pos: Position) -> None:
        self.rebuilt += 1
        self.positions.keep((game_id, rev, step), pos)

    async def _images(self, game_id: int, rev: int, step: int, game: Game, pos: Position,
                      language: str) -> dict[str, bytes]:
        keys: tuple[Key, Key] = ((game_id, rev, f"replay:{step}:table", None, language),
                                 (game_id, rev, f"replay:{step}:players", None, language))

        def prepare() -> Job:
            version = game.catalog.version
            return partial(render_job, "board", pos.view, version,
                           self.pictures.files(version), 0, language)

        got = await self.pictures.draw(keys, prepare)
        return {"table": got[keys[0]], "players": got[keys[1]]}
