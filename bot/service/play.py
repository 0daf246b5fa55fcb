"""Playing: a person's moves and the other calls on a game at the table (docs/service.md,
"Submitting: clone, write, swap" and "Acting ahead").

``submit`` applies the action to a clone and commits it through ``Writes`` (the stored rows
first, then the swap); ``concede``, ``abandon``, ``queue`` and ``set_discord`` change the
record the same way. Playing on after them is the service's (``GameService`` kicks).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.storage.base import ABANDONED, FINISHED, ActionRecord, Store
from hadara.engine import Result
from hadara.errors import HadaraError

from . import ahead, edges, refusals, updates
from .live import new_revision
from .refusals import Refusal
from .updates import Update

if TYPE_CHECKING:
    from .live import LiveGames
    from .writes import Writes


class Play:
    """The calls of :class:`~bot.service.service.GameService` on a game in play (see there),
    on the ``live`` games, written through ``writes``."""

    def __init__(self, store: Store, clock: Callable[[], float], live: LiveGames,
                 writes: Writes) -> None:
        self.store = store
        self.clock = clock
        self.live = live
        self.writes = writes

    async def submit(self, game_id: int, user_id: int, decision_id: str,
                     action: dict[str, Any]) -> Update:
        async with self.live.locked(game_id) as live:
            game = edges.playing(live)
            seat = edges.seat_of(live.record, user_id)
            if live.record.seats[seat].ai_takeover:
                raise Refusal(refusals.TAKEN_OVER, "The AI plays your seat after missed "
                              "deadlines; rejoin the game to play again.", seat=seat)
            if type(decision_id) is not str:
                raise Refusal(refusals.MALFORMED, "A decision id is needed.",
                              "no_decision_id")
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
            me = live.record.seats[seat]
            changed = {seat: replace(me, votes=[])} if me.votes else None  # back: no vote
            return await self.writes.commit(live, clone, res, rows, updates.ACTION,
                                            seats=changed)

    async def concede(self, game_id: int, user_id: int) -> Update:
        async with self.live.locked(game_id) as live:
            edges.playing(live)
            seat = edges.seat_of(live.record, user_id)
            rec = copy.deepcopy(live.record)
            rec.seats[seat].conceded = True
            rec.updated_at = self.clock()
            await self.writes.save(rec, live.game)
            live.record, live.rev = rec, new_revision()
            assert live.game is not None
            return self.writes.update(live, live.game, live.game, Result(), updates.CONCEDED,
                                      [(seat, f"user:{user_id}")], stale={seat})

    async def abandon(self, game_id: int, by_user: int | None, is_admin: bool) -> Update:
        async with self.live.locked(game_id) as live:
            rec = live.record
            if rec.status == FINISHED:
                raise Refusal(refusals.FINISHED, "The game is over.")
            if rec.status == ABANDONED:
                raise Refusal(refusals.ABANDONED, "The game was abandoned.")
            if not is_admin:
                edges.host(rec, by_user, required=True)
            new = replace(copy.deepcopy(rec), status=ABANDONED, updated_at=self.clock())
            await self.writes.save(new, live.game)
            live.record, live.rev = new, new_revision()
            version = live.game.version if live.game is not None else 0
            self.store.notify(game_id, version)
            if live.game is None:
                return self.writes.publish_lobby(live, updates.ABANDONED)
            return self.writes.update(live, live.game, live.game, Result(), updates.ABANDONED,
                                      [])

    async def set_discord(self, game_id: int, values: dict[str, Any]) -> None:
        if not isinstance(values, dict) or not edges.storable(values):
            raise Refusal(refusals.BAD_REQUEST, "Those values cannot be stored.", "bad_values")
        async with self.live.locked(game_id) as live:
            rec = copy.deepcopy(live.record)
            rec.discord = {**rec.discord, **values}
            await self.store.save_game(rec)
            live.record = rec

    # ------------------------------------------------------------------ acting ahead

    async def plan_options(self, game_id: int, user_id: int) -> dict[str, Any]:
        live = await self.live.load(game_id)
        game = edges.playing(live)
        seat = edges.person_seat(live.record, user_id)
        out = ahead.plan_options(game, seat)
        out["queued"] = copy.deepcopy(live.record.seats[seat].plan)
        return out

    async def queue(self, game_id: int, user_id: int, plan: dict[str, Any] | None) -> Update:
        async with self.live.locked(game_id) as live:
            game = edges.playing(live)
            seat = edges.person_seat(live.record, user_id)
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
            rec = copy.deepcopy(live.record)
            rec.seats[seat] = replace(rec.seats[seat], plan=plan)
            rec.updated_at = self.clock()
            await self.writes.save(rec, game)
            live.record, live.rev = rec, new_revision()
            return self.writes.update(live, game, game, Result(), updates.QUEUED, [],
                                      stale={seat}, user=user_id)
