"""Damaged games (docs/service.md, "Damaged games"): the quarantine and the repair.

A stored game that does not rebuild (``live.Broken``, ``live.problem``) is quarantined by
:class:`Quarantine`: marked in the store, refused ``damaged`` from then on, and announced
once with a ``damaged`` update (kept for front ends that subscribe later when found while
resuming at start). :class:`Repairs` finds a damaged game's longest valid beginning and cuts
the log back to it in one transaction.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from bot.storage.base import (
    ACTIVE,
    FINISHED,
    DamageRecord,
    GameRecord,
    RawAction,
    StorageError,
    Store,
)
from hadara.engine import Result

from . import edges, refusals, updates
from .live import Broken, new_revision, problem
from .refusals import Refusal
from .updates import Hub, Target, Update

if TYPE_CHECKING:
    from .live import LiveGames
    from .scheduler import Scheduler
    from .writes import Writes

log = logging.getLogger(__name__)


def refused(damage: DamageRecord) -> Refusal:
    """The refusal of every call on a quarantined game."""
    return Refusal(refusals.DAMAGED, "This game's stored record is damaged; the server's "
                   "managers have been told.", damage.reason, game_id=damage.game_id)


class Quarantine:
    """The games marked damaged (by id), and the ``damaged`` updates: announced once in this
    process, and kept for subscribers still to come (found while resuming at start, or when
    nobody listened) until one of them was told."""

    def __init__(self, store: Store, clock: Callable[[], float], hub: Hub) -> None:
        self.store = store
        self.clock = clock
        self.hub = hub
        self.damaged: dict[int, DamageRecord] = {}
        self.announced: set[int] = set()
        self.notices: dict[int, Update] = {}
        self.resuming = False  # damage found now is also kept for subscribers to come
        self._background: set[asyncio.Task[None]] = set()

    async def open(self) -> None:
        """Load the store's marks; those not told yet wait for the front end to subscribe."""
        self.damaged = {d.game_id: d for d in await self.store.damaged_games()}
        for damage in self.damaged.values():
            if not damage.told:  # announced to the subscribers to come (front ends)
                self.notices[damage.game_id] = await self._update(damage)

    def check(self, game_id: int) -> None:
        """Refused ``damaged`` if the game is quarantined."""
        damage = self.damaged.get(game_id)
        if damage is not None:
            raise refused(damage)

    def forget(self, game_id: int) -> None:
        """The game was repaired: no mark, no notice."""
        self.damaged.pop(game_id, None)
        self.notices.pop(game_id, None)
        self.announced.discard(game_id)

    async def found(self, game_id: int, reason: str, detail: str,
                    seq: int | None = None) -> Refusal:
        """Quarantine a game whose stored record cannot be rebuilt: marked in the store (its
        rows stay as they are), refused ``damaged`` from now on, announced once with a
        ``damaged`` update. Returns the refusal to raise."""
        at = "" if seq is None else f" at action {seq}"
        log.error("game %s is damaged (%s%s): %s; it is refused until repaired "
                  "(python -m bot repair %s)", game_id, reason, at, detail, game_id)
        damage = DamageRecord(game_id, reason, detail, self.clock(), seq)
        try:
            damage = await self.store.mark_damaged(damage)
        except StorageError as exc:
            log.warning("game %s: the damage could not be marked in the store: %s", game_id,
                        exc)
        self.damaged[game_id] = damage
        if not damage.told and game_id not in self.announced:
            self.announced.add(game_id)
            update = await self._update(damage)
            delivered = self.hub.publish(update)
            if delivered:
                self._persist_told(game_id)
            if self.resuming or not delivered:  # the front end may not listen yet
                self.notices[game_id] = update
        return refused(damage)

    def subscribed(self, target: Target, game_id: int | None) -> None:
        """A new subscriber receives, right after subscribing, the ``damaged`` updates not
        yet delivered to anyone."""
        for update in list(self.notices.values()):
            if game_id in (None, update.game_id):
                try:
                    asyncio.get_running_loop().call_soon(self._tell, target, update)
                except RuntimeError:  # no loop yet: at once
                    self._tell(target, update)

    def _tell(self, target: Target, update: Update) -> None:
        if update.game_id not in self.notices:
            return  # repaired meanwhile
        self.hub.deliver(target, update)
        self._persist_told(update.game_id)

    async def _update(self, damage: DamageRecord) -> Update:
        """The ``damaged`` update: what was found, the host (``user``), the seats and the
        record's Discord bookkeeping, as far as the rows still give them."""
        try:
            found = await self.store.salvage_game(damage.game_id)
        except StorageError:
            found = None
        rec = found.record if found is not None else None
        return Update(game_id=damage.game_id, version=0, revision=new_revision(),
                      status=rec.status if rec is not None else ACTIVE,
                      cause=updates.DAMAGED,
                      seats=updates.seat_copies(rec.seats) if rec is not None else [],
                      user=rec.host_user_id if rec is not None else None,
                      damage=replace(damage), discord=dict(rec.discord) if rec else {})

    def _persist_told(self, game_id: int) -> None:
        """Remember in the store that the front end was told (not again after a restart)."""
        async def told() -> None:
            try:
                await self.store.set_damage_told(game_id)
            except StorageError as exc:
                log.warning("game %s: could not remember that its damage was told: %s",
                            game_id, exc)
        task = asyncio.ensure_future(told())
        self._background.add(task)
        task.add_done_callback(self._background.discard)


@dataclass
class Diagnosis:
    """What a repair finds: the rows, how many are valid (``keep``), the first problem."""

    record: GameRecord
    rows: list[RawAction]
    keep: int
    reason: str | None = None
    detail: str = ""
    seq: int | None = None
    repairable: bool = True
    marked: DamageRecord | None = None
    status_after: str = ""

    def __post_init__(self) -> None:
        self.status_after = self.status_after or self.record.status

    def cut(self, keep: int, reason: str, detail: str) -> None:
        """The log is valid only up to ``keep`` (exclusive)."""
        self.keep, self.reason, self.detail, self.seq = keep, reason, detail, keep

    def fail(self, reason: str, detail: str, seq: int | None) -> None:
        """Damage that cutting the log back does not mend."""
        self.reason, self.detail, self.seq, self.repairable = reason, detail, seq, False

    def preview(self) -> dict[str, Any]:
        rec = self.record
        dropped = self.rows[self.keep:] if self.repairable else []
        actions = []
        for r in dropped:
            why = ("bad_json" if r.text is not None else
                   self.reason if r.seq == self.seq and self.reason != "missing_row"
                   else "after_damage")
            actions.append({"seq": r.seq, "seat": r.seat if type(r.seat) is int else None,
                            "submitted_by": r.submitted_by, "decision_id": r.decision_id,
                            "at": r.at, "problem": why,
                            "action": r.action if isinstance(r.action, dict) else None})
        return {"game_id": rec.id, "reason": self.reason, "detail": self.detail,
                "seq": self.seq, "marked": self.marked is not None,
                "found_at": self.marked.found_at if self.marked is not None else None,
                "repairable": self.repairable, "keep": self.keep, "total": len(self.rows),
                "dropped": len(dropped), "actions": actions, "started": rec.setup is not None,
                "status": rec.status,
                "status_after": self.status_after, "host_user_id": rec.host_user_id,
                "discord": dict(rec.discord),
                "seats": [{"seat": s.seat, "name": s.name, "user_id": s.user_id,
                           "ai_level": s.ai_level} for s in rec.seats]}


class Repairs:
    """Repairing damaged games: the diagnosis (``preview``) and the cut (``repair``); the
    rebuilt game is loaded into ``live``, its stored timers into the ``scheduler``, and the
    ``repaired`` update is published through ``writes``."""

    def __init__(self, store: Store, clock: Callable[[], float], hub: Hub, live: LiveGames,
                 quarantine: Quarantine, writes: Writes, scheduler: Scheduler) -> None:
        self.store = store
        self.clock = clock
        self.hub = hub
        self.live = live
        self.quarantine = quarantine
        self.writes = writes
        self.scheduler = scheduler

    async def preview(self, game_id: int) -> dict[str, Any]:
        """``GameService.repair_preview``."""
        edges.check_id(game_id)
        async with edges.storage(), self.store.lock(game_id):
            return (await self.diagnose(game_id)).preview()

    async def repair(self, game_id: int, keep: int | None) -> Update:
        """``GameService.repair`` up to the rebuilt game and its ``repaired`` update (the
        service then makes its timers match and plays it on)."""
        edges.check_id(game_id)
        async with edges.storage(), self.store.lock(game_id):
            found = await self.diagnose(game_id)
            if found.reason is None and found.marked is None:
                raise Refusal(refusals.NOT_DAMAGED, "This game is not damaged: nothing to "
                              "repair.", game_id=game_id)
            if not found.repairable:
                raise Refusal(refusals.DAMAGED, "This game's damage cannot be repaired by "
                              "cutting its log back.", "not_repairable", game_id=game_id,
                              damage=found.reason or "")
            if keep is not None and keep != found.keep:
                raise Refusal(refusals.STALE, "The damage changed since it was shown; look "
                              "again.", "repair_changed", keep=found.keep)
            rec = found.record
            status = found.status_after if found.status_after != rec.status else None
            dropped = await self.store.truncate_actions(game_id, found.keep, self.clock(),
                                                        status)
            # forget everything held about the game, then rebuild it from the store
            self.quarantine.forget(game_id)
            self.live.drop(game_id)
            live = await self.live.load(game_id)
            self.scheduler.discard([t.id for t in self.scheduler.of_game(game_id)])
            self.scheduler.add(await self.store.timers(game_id))
            damage = found.marked or DamageRecord(game_id, found.reason or "", found.detail,
                                                  self.clock(), found.seq)
            game = live.game
            self.store.notify(game_id, game.version if game is not None else 0)
            if game is None:
                live.rev = new_revision()
                update = Update(game_id=game_id, version=0, revision=live.rev,
                                status=live.record.status, cause=updates.REPAIRED,
                                seats=updates.seat_copies(live.record.seats), dropped=dropped,
                                damage=damage, discord=dict(live.record.discord))
                self.hub.publish(update)
            else:
                update = self.writes.update(live, None, game, Result(), updates.REPAIRED, [],
                                            dropped=dropped, damage=damage)
        log.warning("game %s repaired: %d actions dropped (kept into actions_backup), %d kept",
                    game_id, dropped, found.keep)
        return update

    async def diagnose(self, game_id: int) -> Diagnosis:
        """Read a game's rows leniently and find its longest valid beginning (under the
        game's lock)."""
        found = await self.store.salvage_game(game_id)
        if found is None:
            raise Refusal(refusals.NOT_FOUND, "There is no such game.", game_id=game_id)
        marks = {d.game_id: d for d in await self.store.damaged_games()}
        rec, rows = found.record, found.actions
        out = Diagnosis(rec, rows, len(rows), marked=marks.get(game_id))
        for i, row in enumerate(rows):
            if row.seq != i:
                out.cut(i, "missing_row", f"action {i} is missing from the log")
                break
            if row.text is not None:
                out.cut(i, "bad_json", f"action {i} is not JSON")
                break
        first: tuple[str, str, int | None] | None = None
        if found.bad_fields:
            first = ("bad_record", f"{', '.join(found.bad_fields)} do not decode", None)
        else:
            first = problem(rec, [r.seq for r in rows[:out.keep]])
        if first is not None:
            out.fail(*first)
            return out
        if rec.setup is None:
            return out
        while True:
            try:
                game = await self.live.rebuild(rec, [(r.seat, r.action)
                                                     for r in rows[:out.keep]])
                break
            except Broken as broken:
                if broken.seq is None or broken.seq >= out.keep:
                    out.fail(broken.reason, broken.detail, broken.seq)
                    return out
                out.cut(broken.seq, broken.reason, broken.detail)
        if len(rec.seats) != game.n:
            out.fail("bad_seat", f"{len(rec.seats)} seats for {game.n} players", None)
            return out
        if rec.status in (ACTIVE, FINISHED):
            out.status_after = FINISHED if game.is_over else ACTIVE
        return out
