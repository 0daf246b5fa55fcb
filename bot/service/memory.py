"""The games in memory, a cache of the store (docs/service.md, "Restarts and memory").

:class:`Memory` keeps the games in use (each a :class:`Held`) in an LRU of at most
``max_games`` (by last use). A game is read from the store and replayed once (concurrent loads
share one read); it is pinned while a locked section uses it, evicted when idle, and dropped
when the store says it changed elsewhere (another process, or a lost connection), to be read
again at its next use. A game whose rows do not rebuild is handed to the quarantine
(``damage.py``: :class:`~bot.service.damage.Broken` says why).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from bot.storage.base import (
    CONNECTION,
    IO_ERROR,
    DamagedRecord,
    GameRecord,
    StorageUnavailable,
    Store,
    StoredGame,
)
from hadara import save
from hadara.engine import Game
from hadara.errors import BadSave
from hadara.types import Action, Event

from . import checks, refusals
from .content import Catalogs
from .damage import Broken, Quarantine, classify, problem
from .images import ImageCache
from .refusals import Refusal
from .updates import new_revision

# authors of logged decisions (Held.authors): forced, a person, an AI (for the seat)
FORCED, PERSON, MACHINE = 0, 1, 2


def author(submitted_by: str) -> int:
    if submitted_by.startswith("user:"):
        return PERSON
    return FORCED if submitted_by == "forced" else MACHINE


@dataclass
class Held:
    """A game in memory: its record and (once started) the live engine game."""

    record: GameRecord
    game: Game | None
    rev: int = field(default_factory=new_revision)
    pins: int = 0  # locked sections using it (never evicted while pinned)
    # who made each logged decision, by seq: seat * 4 + author (FORCED, PERSON, MACHINE);
    # small ints, so a game's list costs 8 bytes an action (ai_share)
    authors: list[int] = field(default_factory=list)
    #: per person's seat, the label parts (``hadara.reasons.label_parts``) of the decisions
    #: forced on it since their last own move (``PlayOn``), for their panel; memory only
    done: dict[int, list[Event]] = field(default_factory=dict)


@dataclass(frozen=True)
class GameSnapshot:
    """What :meth:`GameService.load` returns: copies, safe to keep and change."""

    record: GameRecord
    game: Game | None  # a clone of the live game (None in the lobby)
    revision: int
    ai_share: dict[int, float] = field(default_factory=dict)  # per seat (see ai_share())


def ai_share(held: Held) -> dict[int, float]:
    """Per seat, the share of its decisions (forced ones not counted) made by an AI: an AI
    seat's are all; a person's counts deadlines, concession and takeover. A rated game whose
    seat was played by AI for most of it (share > 0.5) marks that seat."""
    n = len(held.record.seats)
    person, machine = [0] * n, [0] * n
    for code in held.authors:
        seat, who = divmod(code, 4)
        if seat < n:
            if who == PERSON:
                person[seat] += 1
            elif who == MACHINE:
                machine[seat] += 1
    return {s: (machine[s] / (person[s] + machine[s]) if person[s] + machine[s] else 0.0)
            for s in range(n)}


class Memory:
    """The games in memory, read from ``store`` and replayed with ``catalogs``; an evicted
    or dropped game's cached ``images`` go with it; ``quarantine`` refuses and records the
    damaged games."""

    def __init__(self, store: Store, catalogs: Catalogs, images: ImageCache,
                 quarantine: Quarantine, max_games: int) -> None:
        self.store = store
        self.catalogs = catalogs
        self.images = images
        self.quarantine = quarantine
        self.max_games = max_games
        self.games: OrderedDict[int, Held] = OrderedDict()
        self.loading: dict[int, asyncio.Future[Held]] = {}
        self.generations: dict[int, int] = {}  # games changed elsewhere during a load
        #: Games never evicted besides the pinned ones (the service: those playing on).
        self.busy: Callable[[int], bool] = lambda game_id: False
        self._unlisten: Callable[[], None] = lambda: None

    def listen(self) -> None:
        """Follow the store's notices (``changed_elsewhere``) until :meth:`unlisten`."""
        self._unlisten = self.store.listen(self.changed_elsewhere)

    def unlisten(self) -> None:
        self._unlisten()
        self._unlisten = lambda: None

    @asynccontextmanager
    async def locked(self, game_id: int) -> AsyncIterator[Held]:
        """The game's lock, with the game loaded and pinned in memory. A storage fault in the
        block becomes the refusal ``storage_unavailable`` (memory was not changed: every
        change is swapped in after its write); after a lost connection or an I/O error the
        copy in memory is also dropped (a COMMIT that failed there may still have happened:
        the game is read again from the store, the truth, at its next use)."""
        self.check(game_id)
        held: Held | None = None
        try:
            async with self.store.lock(game_id):
                held = await self.load(game_id)
                held.pins += 1
                try:
                    yield held
                finally:
                    held.pins -= 1
        except StorageUnavailable as exc:
            if exc.kind in (CONNECTION, IO_ERROR) and held is not None \
                    and self.games.get(game_id) is held:
                self.drop(game_id)
            raise checks.unavailable(exc) from None

    def check(self, game_id: int) -> None:
        """``not_found`` for an id no store can hold (without asking it), ``damaged`` for a
        quarantined game."""
        checks.check_id(game_id)
        self.quarantine.check(game_id)

    def add(self, held: Held) -> None:
        """A game just created: kept, the least recently used idle ones evicted."""
        self.games[held.record.id] = held
        self.evict(keep=held.record.id)

    def drop(self, game_id: int) -> None:
        """Forget the game and its cached images (read again at its next use)."""
        if self.games.pop(game_id, None) is not None:
            self.images.forget(game_id)

    async def load(self, game_id: int) -> Held:
        """The game in memory, loaded (read and replayed) if it is not."""
        self.check(game_id)
        while True:
            held = self.games.get(game_id)
            if held is not None:
                self.games.move_to_end(game_id)
                return held
            # a notice that the game changed elsewhere (``changed_elsewhere``) bumps its
            # generation: a load begun before it may be stale and is read again
            generation = self.generations.get(game_id, 0)
            pending = self.loading.get(game_id)
            if pending is not None:
                got = await asyncio.shield(pending)
                if self.generations.get(game_id, 0) == generation:
                    return got
                continue
            fut: asyncio.Future[Held] = asyncio.get_running_loop().create_future()
            self.loading[game_id] = fut
            try:
                held = await self._read(game_id)
                fut.set_result(held)  # those waiting check the generation themselves
                if self.generations.get(game_id, 0) != generation:
                    continue
                self.games[game_id] = held
                self.evict(keep=game_id)
                return held
            except BaseException as exc:
                if not fut.done():
                    if isinstance(exc, asyncio.CancelledError):
                        fut.cancel()
                    else:
                        fut.set_exception(exc)
                    fut.exception() if not fut.cancelled() else None  # retrieved
                raise
            finally:
                if self.loading.get(game_id) is fut:
                    del self.loading[game_id]

    async def _read(self, game_id: int) -> Held:
        """Load a game from the store and replay it. A game whose rows do not rebuild is
        quarantined (``Quarantine.found``: marked in the store, refused ``damaged``)."""
        stored = await self.stored(game_id) if type(game_id) is int else None
        if stored is None:
            raise Refusal(refusals.NOT_FOUND, "There is no such game.",
                          game_id=str(game_id)[:20])
        rec = stored.record
        found = problem(rec, [a.seq for a in stored.actions])
        if found is not None:
            raise await self.quarantine.found(game_id, *found)
        if rec.setup is None:
            return Held(rec, None)
        try:
            game = await self.rebuild(rec, [(a.seat, a.action) for a in stored.actions])
            if len(rec.seats) != game.n:
                raise Broken("bad_seat", f"{len(rec.seats)} seats for {game.n} players")
        except Broken as broken:
            raise await self.quarantine.found(game_id, broken.reason, broken.detail,
                                              broken.seq) from None
        return Held(rec, game, authors=[a.seat * 4 + author(a.submitted_by)
                                        for a in stored.actions])

    async def stored(self, game_id: int) -> StoredGame | None:
        """``store.load_game``: rows that do not decode quarantine the game, a storage fault is
        the refusal ``storage_unavailable``."""
        try:
            return await self.store.load_game(game_id)
        except DamagedRecord as exc:
            raise await self.quarantine.found(game_id, exc.reason, exc.detail,
                                              exc.seq) from None
        except StorageUnavailable as exc:
            raise checks.unavailable(exc) from None

    async def rebuild(self, rec: GameRecord, actions: Sequence[tuple[int, Action]]) -> Game:
        """Replay a stored game (``hadara.save``, with the catalog of its content version);
        :class:`Broken` says what does not replay."""
        try:
            catalog = await self.catalogs.get(rec.content_version)
        except StorageUnavailable as exc:
            raise checks.unavailable(exc) from None
        except Exception as exc:  # no stored files for its content, or files that fail
            raise Broken("other_version", f"its content version cannot be loaded: {exc}"
                         ) from exc
        try:
            return save.from_parts(rec.setup, rec.seed,
                                   [{"seat": seat, "action": action} for seat, action in actions],
                                   content_version=rec.content_version,
                                   rules_version=rec.rules_version, catalog=catalog)
        except BadSave as exc:
            raise Broken(*classify(exc)) from exc

    async def record(self, game_id: int) -> GameRecord:
        """The game's record, from memory or else read (not replayed, not cached: deciding
        access to a game nobody plays now costs one read)."""
        held = self.games.get(game_id) if type(game_id) is int else None
        if held is not None:
            return held.record
        checks.check_id(game_id)  # not_found beyond the stores' integer range, without a read
        if game_id in self.loading:
            return (await self.load(game_id)).record
        try:  # a damaged game's record as far as it reads (its managers may repair it)
            if game_id in self.quarantine.damaged:
                return await self._salvaged(game_id)
            stored = await self.stored(game_id)
        except Refusal as refusal:
            if refusal.code != refusals.DAMAGED:
                raise
            return await self._salvaged(game_id)
        if stored is None:
            raise Refusal(refusals.NOT_FOUND, "There is no such game.",
                          game_id=str(game_id)[:20])
        return stored.record

    async def _salvaged(self, game_id: int) -> GameRecord:
        """A damaged game's record, decoded as far as it goes (``store.salvage_game``)."""
        async with checks.storage():
            found = await self.store.salvage_game(game_id)
        if found is None:
            raise Refusal(refusals.NOT_FOUND, "There is no such game.", game_id=game_id)
        return found.record

    def changed_elsewhere(self, game_id: int, version: int) -> None:
        """The store's notice that a game changed. A copy in memory that may not be the stored
        one (another version, a lobby, or ``version`` -1: changed by another process) is
        dropped and reloaded on next use; this process's own notices come while the game is
        pinned or carry the version it holds, and change nothing. A quarantined game is
        read again at its next use (repaired by another process, or still damaged)."""
        self.quarantine.damaged.pop(game_id, None)
        held = self.games.get(game_id)
        if held is None:
            if game_id in self.loading:  # a load in flight may predate the change
                self.generations[game_id] = self.generations.get(game_id, 0) + 1
                del self.loading[game_id]
            return
        if held.pins:
            return
        have = held.game.version if held.game is not None else None
        if version >= 0 and have == version:
            return
        self.drop(game_id)

    def evict(self, keep: int | None = None) -> None:
        """Drop the least recently used idle games beyond ``max_games`` (never ``keep``, nor
        a game in a locked section or playing on)."""
        if len(self.games) <= self.max_games:
            return
        for gid in list(self.games):
            if len(self.games) <= self.max_games:
                return
            lv = self.games[gid]
            if gid == keep or lv.pins or self.busy(gid):
                continue
            self.drop(gid)
