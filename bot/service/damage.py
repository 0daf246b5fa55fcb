"""Damaged games (docs/service.md, "Damaged games"): what does not rebuild, and the quarantine.

A stored game whose rows do not rebuild is classified here (:class:`Broken`, raised by a
replay; :func:`classify` a replay refusal, :func:`problem` what the rows show before any
replay) and quarantined by :class:`Quarantine`: marked in the store, refused ``damaged`` from
then on, and announced once with a ``damaged`` update (kept for front ends that subscribe later
when found while resuming at start). The repair (``repair.py``) cuts a damaged game's log back.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from dataclasses import replace

from bot.storage.base import (
    ACTIVE,
    FINISHED,
    DamageRecord,
    GameRecord,
    StorageError,
    Store,
)
from hadara.errors import BadSave

from . import refusals, updates
from .refusals import Refusal
from .updates import Hub, Target, Update, new_revision

log = logging.getLogger(__name__)


class Broken(Exception):
    """A stored game that does not rebuild: the damage's reason, detail and first bad
    action (``seq``; None: not an action)."""

    def __init__(self, reason: str, detail: str, seq: int | None = None) -> None:
        super().__init__(detail)
        self.reason, self.detail, self.seq = reason, detail, seq


_ACTION_FIELD = re.compile(r"actions\[(\d+)\]")


def classify(exc: BadSave) -> tuple[str, str, int | None]:
    """The damage a replay refusal (``hadara.save``) stands for: ``bad_action`` at the action
    it names, ``other_version`` (rules or content this bot does not have), ``bad_setup``,
    else ``bad_record``."""
    field_name = str(exc.params.get("field", ""))
    index = exc.params.get("action")
    match = _ACTION_FIELD.match(field_name)
    if type(index) is not int and match is not None:
        index = int(match.group(1))
    if type(index) is int:
        return "bad_action", f"action {index}: {exc.message}", index
    if exc.reason in ("other_rules", "other_content"):
        return "other_version", exc.message, None
    if exc.reason == "bad_setup" or field_name.startswith("setup"):
        return "bad_setup", exc.message, None
    if field_name == "actions":
        return "bad_action", exc.message, None
    return "bad_record", exc.message, None


def problem(rec: GameRecord, seqs: list[int]) -> tuple[str, str, int | None] | None:
    """What the stored rows themselves show before any replay: seats not numbered 0..n-1
    (``bad_seat``), a game in play or over without a setup (``bad_setup``), a gap in the
    log (``missing_row``)."""
    if [s.seat for s in rec.seats] != list(range(len(rec.seats))):
        return ("bad_seat", f"its seats are numbered {[s.seat for s in rec.seats][:8]}, not "
                f"0 to {len(rec.seats) - 1}", None)
    if not isinstance(rec.options, dict) or not isinstance(rec.discord, dict):
        return "bad_record", "its options or Discord fields are not objects", None
    if rec.setup is None:
        if rec.status in (ACTIVE, FINISHED) or seqs:
            return "bad_setup", f"a game {rec.status} without a setup", None
    elif not isinstance(rec.setup, dict) or not rec.setup:
        return "bad_setup", "its setup is empty", None
    for i, seq in enumerate(seqs):
        if seq != i:
            return "missing_row", f"action {i} is missing from the log", i
    return None


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
