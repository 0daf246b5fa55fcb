"""Repairing a damaged game (docs/service.md, "Damaged games"): :class:`Repairs` finds its
longest valid beginning (:meth:`Repairs.diagnose`, the :class:`Diagnosis`) and cuts the log
back to it in one transaction. What damage is and the quarantine are ``damage.py``'s.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.storage import chain
from bot.storage.base import (
    ACTIVE,
    FINISHED,
    DamageRecord,
    GameRecord,
    JSONObject,
    RawAction,
    Salvage,
    Store,
)
from bot.storage.rows import record_root
from hadara.engine import Result

from . import checks, refusals, updates
from .damage import Broken, Quarantine, problem
from .refusals import Refusal
from .updates import Hub, Update, new_revision

if TYPE_CHECKING:
    from .memory import Memory
    from .timecontrol.scheduler import Scheduler
    from .writes import Writes

log = logging.getLogger(__name__)


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

    def preview(self) -> JSONObject:
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


def chain_break(found: Salvage, keep: int) -> chain.Break | None:
    """Where the salvaged rows' first ``keep`` actions (numbered 0..keep-1, all JSON) stop
    matching the game's hash chain (``bot/storage/chain.py``); the head is checked when the
    whole log is kept."""
    rec = found.record
    rows = found.actions[:keep]
    entries = [chain.Entry(r.seq, r.seat, r.decision_id, r.submitted_by, r.at, r.action, r.hash)
               for r in rows]
    start = record_root(rec)
    if keep == len(found.actions):
        return chain.check(start, entries, found.head)
    broken = chain.check(start, entries, entries[-1].hash if entries else None)
    return broken if broken is not None and broken.seq < keep else None


class Repairs:
    """Repairing damaged games: the diagnosis (``preview``) and the cut (``repair``); the
    rebuilt game is loaded into ``memory``, its stored timers into the ``scheduler``, and the
    ``repaired`` update is published through ``writes``."""

    def __init__(self, store: Store, clock: Callable[[], float], hub: Hub, memory: Memory,
                 quarantine: Quarantine, writes: Writes, scheduler: Scheduler) -> None:
        self.store = store
        self.clock = clock
        self.hub = hub
        self.memory = memory
        self.quarantine = quarantine
        self.writes = writes
        self.scheduler = scheduler

    async def preview(self, game_id: int) -> JSONObject:
        """``GameService.repair_preview``."""
        checks.check_id(game_id)
        async with checks.storage(), self.store.lock(game_id):
            return (await self.diagnose(game_id)).preview()

    async def repair(self, game_id: int, keep: int | None) -> Update:
        """``GameService.repair`` up to the rebuilt game and its ``repaired`` update (the
        service then makes its timers match and plays it on)."""
        checks.check_id(game_id)
        async with checks.storage(), self.store.lock(game_id):
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
            self.memory.drop(game_id)
            held = await self.memory.load(game_id)
            self.scheduler.discard([t.id for t in self.scheduler.of_game(game_id)])
            self.scheduler.add(await self.store.timers(game_id))
            damage = found.marked or DamageRecord(game_id, found.reason or "", found.detail,
                                                  self.clock(), found.seq)
            game = held.game
            self.store.notify(game_id, game.version if game is not None else 0)
            if game is None:
                held.rev = new_revision()
                update = Update(game_id=game_id, version=0, revision=held.rev,
                                status=held.record.status, cause=updates.REPAIRED,
                                seats=updates.seat_copies(held.record.seats), dropped=dropped,
                                damage=damage, discord=dict(held.record.discord))
                self.hub.publish(update)
            else:
                update = self.writes.update(held, None, game, Result(), updates.REPAIRED, [],
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
        if not found.bad_fields:
            broken = chain_break(found, out.keep)
            if broken is not None:
                if broken.seq == 0 or (rec.status == FINISHED and rec.options.get("rated")):
                    # the setup or seed (a break at the first action cannot tell them from
                    # it), or a rated result: never cut back (a manager may void the result)
                    out.fail("bad_chain", broken.detail, broken.seq)
                    return out
                out.cut(broken.seq, "bad_chain", broken.detail)
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
                game = await self.memory.rebuild(rec, [(r.seat, r.action)
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
