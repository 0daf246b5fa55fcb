"""Practice games forked from a finished game (docs/service.md, "Forks: play a moment again").

A fork is a new game record, never a change of the original: the original's setup, seed,
content and rules versions, its seats in the engine's order (the forking player's seat kept as
that person, every other seat an AI of the table's level, greedy by default) and the
original's action log *before* the chosen decision copied as the fork's first rows. It is
never rated (``rated`` False, so never recorded in ratings or leagues) and carries
``options["fork"] = {"game", "action", "seat"}`` (``practice`` True). From there it is played
on as any game: the AI seats move, the player gets the decision they want to take again.

The future is the game's true one: no randomness is drawn after setup (the seed shuffles
every deck at setup), so replaying the prefix from the original setup and seed reproduces
the moment exactly, and the decks hold the cards they held. Re-sampling the hidden cards from
what the player knew would need a determinisation of every hidden deck and hand at that
moment made into a stored setup; ``hadara.determinise`` builds a *game object* for the AI's
search, not a setup the store can rebuild from, so the fork keeps the true, exact future.

Two calls, as a learning game opens: :meth:`Forks.create` (a lobby record, ready, so the
front end can give it a private thread first) and :meth:`Forks.start` (the fork's position
written at once: the record with its setup and the copied rows, the status ``active`` in the
rows' transaction).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from bot import limits
from bot.storage.base import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    LOBBY,
    ActionRecord,
    GameRecord,
    JSONObject,
    SeatRecord,
    Store,
)
from hadara.ai import agent_names
from hadara.engine import Result

from . import checks, refusals, updates
from .lobby import lobby_record, open_lobby
from .memory import PERSON, author
from .refusals import Refusal
from .updates import Update, new_revision

if TYPE_CHECKING:
    from .memory import Memory
    from .writes import Writes

#: ``submitted_by`` of a seat's person: their clicks and the plans they queued (as the review).
PERSON_SOURCES = ("user:", "ahead")
#: The option naming what a practice game was forked from.
FORK = "fork"
DEFAULT_LEVEL = "greedy"


def is_fork(rec: GameRecord) -> bool:
    return isinstance(rec.options.get(FORK), dict)


def table_level(rec: GameRecord) -> str:
    """The AI level of the original table: its ``ai_level`` option, else its first AI seat's
    level, else greedy (a level no longer known is greedy too)."""
    level = rec.options.get("ai_level")
    if not isinstance(level, str):
        level = next((s.ai_level for s in rec.seats if s.ai_level), None)
    return level if isinstance(level, str) and level in agent_names() else DEFAULT_LEVEL


class Forks:
    """The fork calls of :class:`~bot.service.service.GameService` (see there)."""

    def __init__(self, store: Store, clock: Callable[[], float], memory: Memory,
                 writes: Writes) -> None:
        self.store = store
        self.clock = clock
        self.memory = memory
        self.writes = writes

    async def _original(self, game_id: int) -> tuple[GameRecord, list[ActionRecord]]:
        stored = await self.memory.stored(game_id) if type(game_id) is int else None
        if stored is None:
            raise Refusal(refusals.NOT_FOUND, "There is no such game.",
                          game_id=str(game_id)[:20])
        status = stored.record.status
        if status == LOBBY:
            raise Refusal(refusals.NOT_STARTED, "The game has not started yet.")
        if status == ABANDONED:
            raise Refusal(refusals.ABANDONED, "The game was abandoned.")
        if status != FINISHED or stored.record.setup is None:
            raise Refusal(refusals.BAD_REQUEST, "A game can be played again once it is over.",
                          "fork_not_finished")
        return stored.record, list(stored.actions)

    async def practice_games(self, user_id: int) -> list[int]:
        """The user's practice games not over (they bound how many may be open)."""
        out = []
        for gid in await self.store.games_of_user(user_id, (LOBBY, ACTIVE)):
            rec = (await self.memory.load(gid)).record
            if rec.host_user_id == user_id and is_fork(rec):
                out.append(gid)
        return out

    async def forkable(self, game_id: int, user_id: int, index: int) -> bool:
        """Whether the decision at log ``index`` of a finished game is ``user_id``'s own (what
        :meth:`create` accepts, the limit aside): the replay viewer offers "Play from here"
        then. Reads the live game, copies nothing."""
        held = await self.memory.load(game_id)
        game = held.game
        if held.record.status != FINISHED or game is None or game.log is None \
                or not 0 <= index < len(game.log) or index >= len(held.authors):
            return False
        seat = checks.seat_of(held.record, user_id)
        code = held.authors[index]
        return seat is not None and code // 4 == seat and code % 4 == PERSON

    async def create(self, game_id: int, user_id: int, index: int,
                     level: str | None = None) -> int:
        """A practice table forked from ``user_id``'s own decision at log index ``index`` of
        the finished game ``game_id`` (a lobby record; :meth:`start` plays it). Refusals:
        ``not_found``, ``not_started``, ``abandoned``, ``bad_request`` (``fork_not_finished``,
        ``fork_bad_index``, ``bad_level``), ``not_seated`` (no seat of the user),
        ``not_your_decision`` (``fork_not_own``: a decision of another seat, or one an AI
        made for the seat),
        ``limited`` (``practice_games``)."""
        checks.check_user(user_id)
        rec, actions = await self._original(game_id)
        seat = checks.any_seat(rec, user_id)
        if type(index) is not int or not 0 <= index < len(actions):
            raise Refusal(refusals.BAD_REQUEST, "There is no such decision in this game.",
                          "fork_bad_index", index=str(index)[:20])
        row = actions[index]
        if row.seat != seat or not row.submitted_by.startswith(PERSON_SOURCES):
            raise Refusal(refusals.NOT_YOUR_DECISION,
                          "Only your own decisions can be played again.", "fork_not_own")
        if level is None:
            level = table_level(rec)
        elif level not in agent_names():
            raise Refusal(refusals.BAD_REQUEST, f"There is no AI level {str(level)[:20]!r}.",
                          "bad_level", levels=agent_names())
        held = await self.practice_games(user_id)
        if len(held) >= limits.MAX_LEARNING_GAMES:
            raise Refusal(refusals.LIMITED, "You already have as many practice games as "
                          "allowed.", "practice_games", count=len(held),
                          max=limits.MAX_LEARNING_GAMES,
                          games=", ".join(f"#{g}" for g in held[:5]))
        seats = [SeatRecord(s.seat, s.name, user_id=user_id) if s.seat == seat
                 else SeatRecord(s.seat, s.name, ai_level=level) for s in rec.seats]
        now = self.clock()
        record = GameRecord(
            id=0, status=LOBBY, variant=rec.variant,
            options={"seats": len(seats), "rated": False, "hints": True, "ai_level": level,
                     "practice": True,
                     FORK: {"game": game_id, "action": index, "seat": seat}},
            created_at=now, updated_at=now, host_user_id=user_id, seats=seats)
        return await open_lobby(self.store, self.memory, self.writes, record)

    async def start(self, fork_id: int, user_id: int) -> Update:
        """The practice game at its moment: the original's setup and seed, its rows before
        the decision copied (the status turns ``active`` in their transaction), published as
        a start (``PlayOn`` then plays it on: the AI seats move)."""
        async with self.memory.locked(fork_id) as held:
            rec = lobby_record(held)
            fork = rec.options.get(FORK)
            if not isinstance(fork, dict) or rec.host_user_id != user_id:
                raise Refusal(refusals.NOT_HOST, "Only its player starts a practice game.")
            orig, actions = await self._original(int(fork["game"]))
            index, seat = int(fork["action"]), int(fork["seat"])
            prefix = actions[:index]
            game = await self.memory.rebuild(orig, [(a.seat, a.action) for a in prefix])
            if game.decision_ids[seat] is None or game.is_over:  # pragma: no cover
                raise Refusal(refusals.BAD_REQUEST, "That decision cannot be played again.",
                              "fork_bad_index", index=str(index))
            now = self.clock()
            ready = replace(copy.deepcopy(rec), setup=copy.deepcopy(orig.setup),
                            seed=orig.seed, content_version=orig.content_version,
                            rules_version=orig.rules_version, updated_at=now)
            rows = [ActionRecord(a.seq, a.seat, copy.deepcopy(a.action), a.decision_id,
                                 a.submitted_by, now) for a in prefix]
            async with checks.storage():
                await self.writes.save(ready, None)  # still a lobby: no timers, no rows
                await self.store.write_actions(fork_id, rows, ACTIVE)
            new = replace(ready, status=ACTIVE)
            held.record, held.game, held.rev = new, game, new_revision()
            held.authors = [a.seat * 4 + author(a.submitted_by) for a in prefix]
            self.store.notify(fork_id, game.version)
            return self.writes.update(held, None, game, Result(), updates.STARTED, [])


def fork_of(rec: GameRecord) -> JSONObject | None:
    """``{"game", "action", "seat"}`` of a practice game, None for any other game."""
    fork = rec.options.get(FORK)
    return dict(fork) if isinstance(fork, dict) else None
