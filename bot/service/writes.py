"""The one write path (docs/service.md, "Submitting: clone, write, swap").

Every change of a game happens under its lock: the change is made on a **clone** of the live
game (:meth:`Writes.apply`; engine refusals leave the live game untouched), the rows it wrote
to the engine's log and the game's timer changes are written in ONE transaction
(:meth:`Writes.commit`, or :meth:`Writes.save` for a record without new actions), and only
then is the clone swapped in as the live game and the update published
(:meth:`Writes.update`). A live game object is never mutated after the swap, so a reader
that took it holds a frozen state, and never one that is not stored
(tests/bot/storage/test_storage_faults.py fails if the swap comes before the write).
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.storage.base import (
    ACTIVE,
    FINISHED,
    LOBBY,
    ActionRecord,
    DamageRecord,
    GameRecord,
    SeatRecord,
    StorageError,
    Store,
    TimerRecord,
)
from hadara.engine import Game, Result
from hadara.scoring import final_ranking
from hadara.types import Action

from . import updates
from .checks import conceded
from .memory import ai_share, author
from .timecontrol.timers import Timers
from .updates import Hub, Update, new_revision

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from .memory import Held


class Writes:
    """Writing changes to ``store`` with their timers (planned by ``timers``), swapping them
    in and publishing them on ``hub``."""

    def __init__(self, store: Store, clock: Callable[[], float], hub: Hub,
                 timers: Timers) -> None:
        self.store = store
        self.clock = clock
        self.hub = hub
        self.timers = timers

    def apply(self, clone: Game, seat: int, action: Action, decision_id: str | None, by: str,
              acc: Result, rows: dict[int, ActionRecord]) -> None:
        """Apply one action to the clone; remember the log rows it wrote and its events."""
        res = clone.apply(seat, action, decision_id)
        assert clone.log is not None
        now = self.clock()
        for i in res.logged:
            entry = clone.log[i]
            rows[i] = ActionRecord(i, entry["seat"], entry["action"], decision_id, by, now)
        acc.extend(res)

    async def commit(self, held: Held, clone: Game, res: Result,
                     rows: dict[int, ActionRecord], cause: str, *,
                     seats: dict[int, SeatRecord] | None = None, expired: Iterable[int] = (),
                     takeover: Iterable[int] = (), delete: Iterable[int] = ()) -> Update:
        """Write the clone's new rows (one transaction), then swap it in and publish.

        The same transaction updates the time-control state of ``seats`` (replacements of
        seat records) and makes the game's timers match its pending decisions: timers of
        decisions that closed are deleted, new decisions get theirs (``Timers.plan``)."""
        ended = clone.is_over
        gid = held.record.id
        seats = dict(seats or {})
        planned = held.record.status == ACTIVE and self.timers.timed(held.record)
        add: list[TimerRecord] = []
        dropped = list(delete)
        if planned:
            acted = {rows[i].seat: rows[i].submitted_by for i in sorted(rows)}
            add, more = self.timers.plan(held.record, clone, seats, acted,
                                         status=FINISHED if ended else ACTIVE)
            dropped += [i for i in more if i not in dropped]
        ordered = [rows[i] for i in sorted(rows)]
        status = FINISHED if ended else None
        if add or dropped or seats:
            ids = await self.store.write_actions(
                gid, ordered, status, seats=[seats[k] for k in sorted(seats)],
                add_timers=add, delete_timers=dropped)
        else:  # the plain call (tests/support/crash_child.py wraps write_actions with it)
            await self.store.write_actions(gid, ordered, status)
            ids = []
        self.timers.written(add, ids, dropped)
        old = held.game
        held.game, held.rev = clone, new_revision()
        # as the store does: updated_at is the newest row's time (never earlier than before)
        held.record.updated_at = max([held.record.updated_at, *(r.at for r in rows.values())])
        if ended:
            held.record.status = FINISHED
        for k, seat in seats.items():
            held.record.seats[k] = seat
        for i in sorted(rows):
            code = rows[i].seat * 4 + author(rows[i].submitted_by)
            if i < len(held.authors):
                held.authors[i] = code
            else:
                held.authors.append(code)
        self.store.notify(gid, clone.version)
        by = [(rows[i].seat, rows[i].submitted_by) for i in sorted(rows)]
        # the final hash, as the transaction above left it (posted with the final scores)
        final = await self._final_hash(gid) if ended else None
        return self.update(held, old, clone, res, cause, by, expired=sorted(expired),
                           takeover=sorted(takeover), final_hash=final)

    async def _final_hash(self, game_id: int) -> str | None:
        """The game's chain head; None (logged) if the store cannot say right now: the move
        is stored, and the export and ``python -m bot verify`` still give the hash."""
        try:
            return await self.store.chain_head(game_id)
        except StorageError as exc:
            log.warning("game %s: its final hash could not be read: %s", game_id, exc)
            return None

    async def save(self, rec: GameRecord, game: Game | None) -> None:
        """``store.save_game`` with the game's timers made to match, in its transaction."""
        add: list[TimerRecord] = []
        delete: list[int] = []
        if self.timers.timed(rec):
            add, delete = self.timers.plan(rec, game, {})
        if add or delete:
            ids = await self.store.save_game(rec, add_timers=add, delete_timers=delete)
            self.timers.written(add, ids, delete)
        else:
            await self.store.save_game(rec)

    def update(self, held: Held, old: Game | None, new: Game, res: Result, cause: str,
               by: list[tuple[int, str]], stale: set[int] | None = None, *,
               user: int | None = None, expired: list[int] | None = None,
               takeover: list[int] | None = None, until: float | None = None,
               dropped: int = 0, damage: DamageRecord | None = None,
               final_hash: str | None = None) -> Update:
        """Build and publish the update of one change."""
        cat, players = new.catalog, new.players
        board = old is None or bool(res.public)
        stale = set(res.private) | (stale or set())
        for s in range(new.n):
            if old is None or old.decision_ids[s] != new.decision_ids[s] or board and new.decision_ids[s] is not None:
                stale.add(s)
        # (a repair's update never announces the end: the game ended, or not, before)
        over = new.is_over and (old is None or not old.is_over) and damage is None
        scores = winners = None
        if new.is_over:
            scores, winners = final_ranking(new, conceded(held.record.seats))
        update = Update(
            game_id=held.record.id, version=new.version, revision=held.rev,
            status=held.record.status, cause=cause, by=by, public=list(res.public),
            words=(list(players), cat),
            private={s: list(evs) for s, evs in res.private.items()},
            waiting=updates.waiting_for(new, self.timers.deadlines(held.record.id))
            if held.record.status == ACTIVE else [], board_changed=board,
            stale_panels=sorted(stale), over=over, scores=scores, winners=winners,
            final_hash=final_hash if over else None,
            seats=updates.seat_copies(held.record.seats), user=user, expired=expired or [],
            takeover=takeover or [], until=until,
            ai_share=ai_share(held) if new.is_over else None, dropped=dropped,
            damage=damage, discord=dict(held.record.discord) if damage is not None else {})
        self.hub.publish(update)
        return update

    # ------------------------------------------------------------------ the lobby

    async def save_lobby(self, held: Held, seats: list[SeatRecord], cause: str, *,
                         host: int | None = None, status: str = LOBBY) -> Update:
        """A lobby's new seats (renumbered), host and status: saved, swapped in, published."""
        rec = copy.deepcopy(held.record)
        rec.seats = [replace(s, seat=i) for i, s in enumerate(seats)]
        rec.updated_at = self.clock()
        rec.status = status
        if host is not None or cause == updates.LEFT:
            rec.host_user_id = host
        await self.store.save_game(rec)
        held.record, held.rev = rec, new_revision()
        self.store.notify(rec.id, 0)
        return self.publish_lobby(held, cause)

    def publish_lobby(self, held: Held, cause: str) -> Update:
        rec = held.record
        update = Update(game_id=rec.id, version=0, revision=held.rev, status=rec.status,
                        cause=cause, seats=updates.seat_copies(rec.seats))
        self.hub.publish(update)
        return update
