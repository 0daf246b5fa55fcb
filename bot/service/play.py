"""Playing: a person's moves and the other calls on a game at the table (docs/service.md,
"Submitting: clone, write, swap" and "Acting ahead").

``submit`` applies the action to a clone and commits it through ``Writes`` (the stored rows
first, then the swap); ``submit_feeding`` does the same with a seat's whole feeding, its
actions applied in sequence to one clone and written in one transaction; ``concede``,
``abandon``, ``queue`` and ``set_discord`` change the record the same way. Playing on after
them is ``PlayOn``'s, which follows their updates.
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.storage.base import ABANDONED, FINISHED, ActionRecord, GameRecord, JSONObject, Store
from hadara import ahead
from hadara.engine import UNDOABLE, Result
from hadara.errors import HadaraError
from hadara.types import Action

from . import checks, refusals, updates
from .memory import FORCED, MACHINE
from .refusals import Refusal
from .updates import Update, new_revision

if TYPE_CHECKING:
    from hadara.engine import Game

    from .memory import Held, Memory
    from .writes import Writes

#: The guild setting (``store.get_guild_settings``) that lets rated games take moves back.
UNDO_RATED = "undo_rated"

#: The actions of a feeding batch (``Play.submit_feeding``), and at most how many.
FEEDING_TYPES = frozenset({"feed_remove", "feed_pay"})
MAX_BATCH = 40


class Play:
    """The calls of :class:`~bot.service.service.GameService` on a game in play (see there),
    on the ``memory`` games, written through ``writes``."""

    def __init__(self, store: Store, clock: Callable[[], float], memory: Memory,
                 writes: Writes) -> None:
        self.store = store
        self.clock = clock
        self.memory = memory
        self.writes = writes

    @staticmethod
    def _mine(held: Held, user_id: int, decision_id: str) -> tuple[Game, int]:
        """The game in play and the user's seat, if they may submit to ``decision_id``."""
        game = checks.playing(held)
        seat = checks.own_seat(held.record, user_id)
        if held.record.seats[seat].ai_takeover:
            raise Refusal(refusals.TAKEN_OVER, "The AI plays your seat after missed "
                          "deadlines; rejoin the game to play again.", seat=seat)
        if type(decision_id) is not str:
            raise Refusal(refusals.MALFORMED, "A decision id is needed.",
                          "no_decision_id")
        return game, seat

    async def submit(self, game_id: int, user_id: int, decision_id: str,
                     action: Action) -> Update:
        async with self.memory.locked(game_id) as held:
            game, seat = self._mine(held, user_id, decision_id)
            if (game.commits[seat] is not None and game.decision_ids[seat] == decision_id
                    and game.commits[seat] == action):
                # the same simultaneous pick again (a double click): nothing to replace
                raise Refusal(refusals.STALE, "That choice is already recorded.",
                              "already_recorded")
            clone = game.clone()
            rows: dict[int, ActionRecord] = {}
            res = Result()
            try:
                self.writes.apply(clone, seat, action, decision_id, f"user:{user_id}", res,
                                  rows)
            except HadaraError as exc:
                raise Refusal.from_engine(exc) from None
            me = held.record.seats[seat]
            changed = {seat: replace(me, votes=[])} if me.votes else None  # back: no vote
            update = await self.writes.commit(held, clone, res, rows, updates.ACTION,
                                              seats=changed)
            held.done.pop(seat, None)  # what was forced on the seat was told before this move
            return update

    async def submit_feeding(self, game_id: int, user_id: int, decision_id: str,
                             actions: Sequence[Action]) -> Update:
        """A seat's whole feeding (F1 with P6) as ONE batch: its ``feed_pay`` and
        ``feed_remove`` actions (payments first, then the removals in the order given) are
        applied in sequence to one clone, each to the seat's decision of the moment (the
        first to ``decision_id``); every one must be legal, the last must leave the seat fed
        and none before it. Then all their rows are written in one transaction and ONE update
        is published. Anything wrong refuses the whole batch and changes nothing: the
        engine's refusals (a card not held, a stale decision, a payment beyond P6) with
        their reason, ``bad_request`` ``feed_too_many`` (the seat was fed before the last
        action) or ``feed_too_few`` (still not fed; ``more``: how many cards are still
        missing), ``malformed`` (``feed_batch``: not a list of feeding actions)."""
        batch = list(actions) if isinstance(actions, list | tuple) else None
        if (not batch or len(batch) > MAX_BATCH
                or not all(isinstance(a, dict) and a.get("type") in FEEDING_TYPES
                           for a in batch)):
            raise Refusal(refusals.MALFORMED, "A feeding batch is a list of feeding actions.",
                          "feed_batch")
        ordered = ([a for a in batch if a["type"] == "feed_pay"]
                   + [a for a in batch if a["type"] != "feed_pay"])
        async with self.memory.locked(game_id) as held:
            game, seat = self._mine(held, user_id, decision_id)
            clone = game.clone()
            rows: dict[int, ActionRecord] = {}
            res = Result()
            for k, action in enumerate(ordered):
                did = decision_id if k == 0 else clone.decision_id(seat)
                if k and (did is None or clone.decision_kind(seat) != "feeding"):
                    raise Refusal(refusals.BAD_REQUEST, "Your people were fed before the "
                                  "last card of that choice.", "feed_too_many",
                                  extra=len(ordered) - k)
                try:
                    self.writes.apply(clone, seat, action, str(did), f"user:{user_id}", res,
                                      rows)
                except HadaraError as exc:
                    raise Refusal.from_engine(exc) from None
            if clone.decision_id(seat) is not None and clone.decision_kind(seat) == "feeding":
                st = clone.feeding_status(seat)
                raise Refusal(refusals.BAD_REQUEST, "That choice does not feed your people.",
                              "feed_too_few", more=st["count"] - st["paid"] - st["food"])
            me = held.record.seats[seat]
            changed = {seat: replace(me, votes=[])} if me.votes else None  # back: no vote
            update = await self.writes.commit(held, clone, res, rows, updates.ACTION,
                                              seats=changed)
            held.done.pop(seat, None)  # what was forced on the seat was told before this move
            return update

    async def undo(self, game_id: int, user_id: int, move: int | None = None) -> Update:
        """The user takes back their last decision, with the automatic moves that followed
        it (forced moves, AI seats, their own queued plans), while that is harmless: that
        decision is still the log entry ``move`` (the index of the choice a panel's button
        was drawn after; None: whatever it is now; else ``stale``), nobody else decided
        since (``bad_request`` ``undo_someone_acted``), nothing hidden was revealed and the
        decision is a public one (the engine's ``undo_*`` refusals). Rated games allow it
        only where the server chose so (guild setting :data:`UNDO_RATED`; ``denied``
        ``undo_rated``). An undo entry is APPENDED to the log (``Game.undo``)."""
        async with self.memory.locked(game_id) as held:
            game = checks.playing(held)
            seat = checks.own_seat(held.record, user_id)
            count = await self._undo_count(held, game, seat, move)
            clone = game.clone()
            rows: dict[int, ActionRecord] = {}
            res = Result()
            try:
                self.writes.apply(clone, seat, {"type": "undo", "count": count}, None,
                                  f"user:{user_id}", res, rows)
            except HadaraError as exc:
                if exc.reason.startswith("undo_"):  # worded by the bot's catalog
                    raise Refusal(refusals.BAD_REQUEST, exc.message, exc.reason,
                                  **exc.params) from None
                raise Refusal.from_engine(exc) from None
            return await self.writes.commit(held, clone, res, rows, updates.UNDONE)

    async def _undo_count(self, held: Held, game: Game, seat: int, move: int | None) -> int:
        """How many entries an undo by ``seat`` takes back, if the service's own rules allow
        it (the engine's ``undo_check`` is the caller's): the refusals of :meth:`undo`."""
        rec = held.record
        if rec.seats[seat].ai_takeover:
            raise Refusal(refusals.TAKEN_OVER, "The AI plays your seat after missed "
                          "deadlines; rejoin the game to play again.", seat=seat)
        if move is not None and type(move) is not int:
            raise Refusal(refusals.MALFORMED, "A move is a log index.", "undo_move")
        if rec.options.get("rated") and not await self._undo_rated(rec):
            raise Refusal(refusals.DENIED, "This server does not allow taking moves "
                          "back in rated games.", "undo_rated")
        count = game.undo_count(seat, self._automatic(held, seat))
        effective = game.effective_log()
        target = effective[-count] if count else None
        if move is not None and target != move and (count or move not in effective):
            # taken back already, or the user moved again: the button is stale
            raise Refusal(refusals.STALE, "That is no longer your last move: the game "
                          "has moved on.", "undo_stale")
        if count == 0:
            raise Refusal(refusals.BAD_REQUEST, "Someone else has moved since your last "
                          "move.", "undo_someone_acted")
        return count

    async def undo_target(self, held: Held, seat: int) -> int | None:
        """The log index of the move ``seat`` could take back now (what :meth:`undo` would
        allow, the engine's check included), or None: a front end offers "Take back" only
        then. Cheap checks first; the engine's (a replay of the game) in a thread."""
        game = held.game
        if game is None or game.is_over or game.log is None:
            return None
        effective = game.effective_log()
        if not effective:
            return None
        count = game.undo_count(seat, self._automatic(held, seat))
        if count == 0 or game.log[effective[-count]]["action"]["type"] not in UNDOABLE:
            return None
        try:
            count = await self._undo_count(held, game, seat, None)
            await asyncio.to_thread(game.undo_check, seat, count)
        except (Refusal, HadaraError):
            return None
        return effective[-count]

    @staticmethod
    def _automatic(held: Held, seat: int) -> set[int]:
        """Log indices of the automatic moves an undo by ``seat`` may take back: forced
        moves, moves of AI seats, and the machine's moves for ``seat`` itself (its queued
        plans). A person's move, or the machine's for another person's seat, is not."""
        ai = {s.seat for s in held.record.seats if s.user_id is None}
        out: set[int] = set()
        for i, code in enumerate(held.authors):
            s, who = divmod(code, 4)
            if who == FORCED or who == MACHINE and (s in ai or s == seat):
                out.add(i)
        return out

    async def _undo_rated(self, rec: GameRecord) -> bool:
        guild = rec.discord.get("guild")
        return type(guild) is int and await self.undo_rated(guild)

    async def undo_rated(self, guild_id: int) -> bool:
        """Whether the server's rated games allow taking a move back (guild setting
        :data:`UNDO_RATED`, off by default)."""
        return bool((await self.store.get_guild_settings(guild_id)).get(UNDO_RATED))

    async def set_undo_rated(self, guild_id: int, allowed: bool) -> None:
        settings = await self.store.get_guild_settings(guild_id)
        await self.store.set_guild_settings(guild_id, {**settings, UNDO_RATED: bool(allowed)})

    async def concede(self, game_id: int, user_id: int) -> Update:
        async with self.memory.locked(game_id) as held:
            checks.playing(held)
            seat = checks.own_seat(held.record, user_id)
            rec = copy.deepcopy(held.record)
            rec.seats[seat].conceded = True
            rec.updated_at = self.clock()
            await self.writes.save(rec, held.game)
            held.record, held.rev = rec, new_revision()
            assert held.game is not None
            return self.writes.update(held, held.game, held.game, Result(), updates.CONCEDED,
                                      [(seat, f"user:{user_id}")], stale={seat})

    async def abandon(self, game_id: int, by_user: int | None, is_admin: bool) -> Update:
        async with self.memory.locked(game_id) as held:
            rec = held.record
            if rec.status == FINISHED:
                raise Refusal(refusals.FINISHED, "The game is over.")
            if rec.status == ABANDONED:
                raise Refusal(refusals.ABANDONED, "The game was abandoned.")
            if not is_admin:
                checks.host(rec, by_user, required=True)
            new = replace(copy.deepcopy(rec), status=ABANDONED, updated_at=self.clock())
            await self.writes.save(new, held.game)
            held.record, held.rev = new, new_revision()
            version = held.game.version if held.game is not None else 0
            self.store.notify(game_id, version)
            if held.game is None:
                return self.writes.publish_lobby(held, updates.ABANDONED)
            return self.writes.update(held, held.game, held.game, Result(), updates.ABANDONED,
                                      [])

    async def set_discord(self, game_id: int, values: Mapping[str, object]) -> None:
        if not isinstance(values, dict) or not checks.storable(values):
            raise Refusal(refusals.BAD_REQUEST, "Those values cannot be stored.", "bad_values")
        async with self.memory.locked(game_id) as held:
            rec = copy.deepcopy(held.record)
            rec.discord = {**rec.discord, **values}
            await self.store.save_game(rec)
            held.record = rec

    # ------------------------------------------------------------------ acting ahead

    async def plan_options(self, game_id: int, user_id: int) -> JSONObject:
        held = await self.memory.load(game_id)
        game = checks.playing(held)
        seat = checks.own_seat(held.record, user_id)
        out = ahead.plan_options(game, seat)
        out["queued"] = copy.deepcopy(held.record.seats[seat].plan)
        return out

    async def queue(self, game_id: int, user_id: int, plan: JSONObject | None) -> Update:
        async with self.memory.locked(game_id) as held:
            game = checks.playing(held)
            seat = checks.own_seat(held.record, user_id)
            if plan is not None:
                try:
                    parsed = ahead.plan_from_dict(plan)
                except ahead.PlanError as exc:
                    raise Refusal(refusals.BAD_REQUEST, f"That plan cannot be queued: {exc}",
                                  "bad_plan", field=exc.field) from None
                if ahead.expired(game, parsed):
                    raise Refusal(refusals.BAD_REQUEST, "That plan is for a step already "
                                  "past.", "plan_expired")
                plan = parsed.to_dict()
            rec = copy.deepcopy(held.record)
            rec.seats[seat] = replace(rec.seats[seat], plan=plan)
            rec.updated_at = self.clock()
            await self.writes.save(rec, game)
            held.record, held.rev = rec, new_revision()
            return self.writes.update(held, game, game, Result(), updates.QUEUED, [],
                                      stale={seat}, user=user_id)
