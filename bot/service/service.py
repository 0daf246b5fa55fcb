"""The game service: tables, seats, submissions, playing on, updates and images.

No Discord here: a front end calls these coroutines and subscribes to :class:`Update`s. Time
comes from the injected ``clock``. Documentation: docs/service.md.

Consistency model. The store is the truth; memory is a cache of it. Every change of a game
happens under ``store.lock(game_id)``: the change is made on a **clone** of the in-memory game
(engine refusals leave the live game untouched), the rows it wrote to the engine's log
(``Result.logged``) are written with ``store.write_actions`` in one transaction, and only then is
the clone swapped in as the live game. A live game object is never mutated after the swap, so a
reader (views, images) that took it holds a frozen state.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import multiprocessing
import os
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import count
from typing import Any

from bot.storage.base import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    LOBBY,
    ActionRecord,
    GameRecord,
    SeatRecord,
    Store,
)
from hadara import driver, save, scoring
from hadara.ai import agent_names
from hadara.engine import MAX_NAME, RULES_VERSION, Decision, Game, Result
from hadara.errors import HadaraError
from hadara.narrate import describe
from hadara.options import options as option_list
from hadara.setup import VARIANTS
from hadara.views import spectator_view, view

from . import refusals as R
from . import updates as U
from .ai import CONCEDED_LEVEL, DEFAULT_OPTIONS, ai_job, decision_seed
from .content import Catalogs
from .images import ImageCache, Key, render_job, shared_cache
from .refusals import Refusal
from .updates import Hub, Update, Waiting

log = logging.getLogger(__name__)

MIN_SEATS, MAX_SEATS = 2, 5
DEFAULT_MAX_GAMES = 256  # games kept in memory (least recently used evicted when idle)
AI_NAMES = {"random": "Random AI", "greedy": "Greedy AI", "ismcts": "Clever AI"}

#: Process-wide: every change of any game in this process gets a new revision (the image key).
_REVISIONS = count(1)


@dataclass
class _Live:
    """A game in memory: its record and (once started) the live engine game."""

    record: GameRecord
    game: Game | None
    rev: int = field(default_factory=lambda: next(_REVISIONS))
    pins: int = 0  # locked sections using it (never evicted while pinned)


@dataclass(frozen=True)
class GameSnapshot:
    """What :meth:`GameService.load` returns: copies, safe to keep and change."""

    record: GameRecord
    game: Game | None  # a clone of the live game (None in the lobby)
    revision: int


class GameService:
    """The game service. ``await open()`` before use, ``await close()`` at the end.

    ``ai_pool``: an executor for AI decisions (a ``ProcessPoolExecutor``; by default one is
    created on first use, with the ``spawn`` start method, and shut down by ``close``).
    ``render_pool``: an executor for images (default: the event loop's thread pool).
    """

    def __init__(self, store: Store, clock: Callable[[], float] = time.time,
                 ai_pool: Executor | None = None, render_pool: Executor | None = None, *,
                 max_games: int = DEFAULT_MAX_GAMES, image_cache: ImageCache | None = None,
                 ai_options: dict[str, dict[str, Any]] | None = None) -> None:
        self.store = store
        self.clock = clock
        self.ai_pool = ai_pool
        self._own_pool = False
        self.render_pool = render_pool
        self.max_games = max_games
        self.images = image_cache if image_cache is not None else shared_cache()
        self.ai_options = {**DEFAULT_OPTIONS, **(ai_options or {})}
        self.catalogs = Catalogs(store)
        self.hub = Hub()
        self._games: OrderedDict[int, _Live] = OrderedDict()
        self._loading: dict[int, asyncio.Future[_Live]] = {}
        self._resume: asyncio.Task[None] | None = None
        self._tasks: dict[int, asyncio.Task[None]] = {}  # the play-on task per game
        self._again: set[int] = set()  # kicked while its play-on task ran: look once more
        self._closed = False

    # ------------------------------------------------------------------ life cycle

    async def open(self) -> None:
        """Resume every ACTIVE game in the background: each is loaded (replayed from the
        store) and any AI or forced decision that was pending when the process stopped is
        played on. Games that wait for people are evicted again when memory is full."""
        await self.store.open()  # idempotent; the caller closes the store
        ids = await self.store.game_ids((ACTIVE,))
        self._resume = asyncio.create_task(self._resume_all(ids))

    async def close(self) -> None:
        """Stop playing on (what is stored stays; ``open`` resumes it) and free the pools."""
        self._closed = True
        tasks = [t for t in [self._resume, *self._tasks.values()]
                 if t is not None and not t.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._own_pool and self.ai_pool is not None:
            self.ai_pool.shutdown(wait=True, cancel_futures=True)
            self.ai_pool = None

    async def idle(self, game_id: int | None = None) -> None:
        """Wait until nothing plays on (in ``game_id``, or anywhere) and resuming is done."""
        while True:
            tasks: list[asyncio.Task[None]] = []
            if game_id is None and self._resume is not None and not self._resume.done():
                tasks.append(self._resume)
            for gid, task in list(self._tasks.items()):
                if game_id in (None, gid):
                    tasks.append(task)
            if not tasks:
                return
            await asyncio.wait(tasks)

    def subscribe(self, target: U.Target, game_id: int | None = None) -> Callable[[], None]:
        """Receive every :class:`Update` (of one game, if given): a callback or an
        ``asyncio.Queue``. Returns the unsubscribe function."""
        return self.hub.subscribe(target, game_id)

    # ------------------------------------------------------------------ lobby

    async def create(self, host_user_id: int, host_name: str | None = None, *,
                     seats: int = MAX_SEATS, variant: str = "basic", rated: bool = False,
                     hints: bool = True, options: dict[str, Any] | None = None) -> int:
        """A new table in the lobby; the host takes the first seat when ``host_name`` is
        given. ``seats`` is the table size (2–5). Returns the game id."""
        if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
            raise Refusal(R.BAD_REQUEST, f"A table has {MIN_SEATS} to {MAX_SEATS} seats.",
                          "seat_count", min=MIN_SEATS, max=MAX_SEATS)
        if variant not in VARIANTS:
            raise Refusal(R.BAD_REQUEST, "The variant must be basic or advanced.",
                          "bad_variant", variants=list(VARIANTS))
        now = self.clock()
        seat_list = []
        if host_name is not None:
            seat_list.append(SeatRecord(0, _clean_name(host_name, []), user_id=host_user_id))
        record = GameRecord(
            id=0, status=LOBBY, variant=variant,
            options={**(options or {}), "seats": seats, "rated": bool(rated),
                     "hints": bool(hints)},
            created_at=now, updated_at=now, host_user_id=host_user_id, seats=seat_list)
        gid = await self.store.create_game(record)
        record = replace(record, id=gid)
        async with self.store.lock(gid):
            live = self._games[gid] = _Live(record, None)
            self._evict(keep=gid)
            self._publish_lobby(live, U.CREATED)
        return gid

    async def join(self, game_id: int, user_id: int, name: str) -> Update:
        """Take a free seat at a table in its lobby."""
        async with self._locked(game_id) as live:
            rec = self._lobby(live)
            if any(s.user_id == user_id for s in rec.seats):
                raise Refusal(R.ALREADY_JOINED, "You already have a seat at this table.")
            self._room(rec)
            names = [s.name for s in rec.seats]
            seat = SeatRecord(len(rec.seats), _clean_name(name, names), user_id=user_id)
            return await self._save_lobby(live, [*rec.seats, seat], U.JOINED)

    async def leave(self, game_id: int, user_id: int) -> Update:
        """Give up a seat in the lobby (in a started game, concede instead). A leaving host
        hands the table to the next person seated; a table left with nobody is abandoned."""
        async with self._locked(game_id) as live:
            rec = self._lobby(live)
            mine = [s for s in rec.seats if s.user_id == user_id]
            if not mine:
                raise Refusal(R.NOT_SEATED, "You have no seat at this table.")
            seats = [s for s in rec.seats if s.user_id != user_id]
            host = rec.host_user_id
            status = LOBBY
            if host == user_id:
                people = [s.user_id for s in seats if s.user_id is not None]
                host = people[0] if people else None
                status = LOBBY if people else ABANDONED
            return await self._save_lobby(live, seats, U.LEFT, host=host, status=status)

    async def add_ai(self, game_id: int, level: str = "greedy",
                     by_user: int | None = None) -> Update:
        """Seat an AI of ``level`` (random, greedy, ismcts); with ``by_user``, only the host
        may."""
        async with self._locked(game_id) as live:
            rec = self._lobby(live)
            self._host(rec, by_user)
            if level not in agent_names():
                raise Refusal(R.BAD_REQUEST, f"There is no AI level {str(level)[:20]!r}.",
                              "bad_level", levels=agent_names())
            self._room(rec)
            names = [s.name for s in rec.seats]
            seat = SeatRecord(len(rec.seats), _clean_name(AI_NAMES.get(level, "AI"), names),
                              ai_level=level)
            return await self._save_lobby(live, [*rec.seats, seat], U.AI_ADDED)

    async def remove_ai(self, game_id: int, seat: int, by_user: int | None = None) -> Update:
        """Remove the AI at lobby seat ``seat``; with ``by_user``, only the host may."""
        async with self._locked(game_id) as live:
            rec = self._lobby(live)
            self._host(rec, by_user)
            if not any(s.seat == seat and s.ai_level is not None for s in rec.seats):
                raise Refusal(R.NOT_SEATED, "There is no AI in that seat.", "no_ai", seat=seat)
            seats = [s for s in rec.seats if s.seat != seat]
            return await self._save_lobby(live, seats, U.AI_REMOVED)

    async def start(self, game_id: int, by_user: int | None) -> Update:
        """The host starts the game with the seated players (at least 2). The seed decides
        the seat order: from here on, seats are the engine's seats."""
        async with self._locked(game_id) as live:
            rec = self._lobby(live)
            self._host(rec, by_user, required=True)
            if len(rec.seats) < MIN_SEATS:
                raise Refusal(R.TOO_FEW_PLAYERS, "A game needs at least two players.",
                              count=len(rec.seats), min=MIN_SEATS)
            version = await self.catalogs.save_current()
            seed = secrets.randbits(63)
            game = Game.new([s.name for s in rec.seats], rec.variant, seed,
                            catalog=self.catalogs.default)
            assert game.setup is not None
            by_name = {s.name: s for s in rec.seats}
            seats = [replace(by_name[name], seat=i) for i, name in enumerate(game.players)]
            new = replace(copy.deepcopy(rec), status=ACTIVE, setup=game.setup.to_dict(),
                          seed=seed, content_version=version, rules_version=RULES_VERSION,
                          seats=seats, updated_at=self.clock())
            await self.store.save_game(new)
            live.record, live.game, live.rev = new, game, next(_REVISIONS)
            self.store.notify(game_id, game.version)
            update = self._update(live, None, game, game.opening, U.STARTED, [])
        self._kick(game_id)
        return update

    # ------------------------------------------------------------------ playing

    async def submit(self, game_id: int, user_id: int, decision_id: str,
                     action: dict[str, Any]) -> Update:
        """Apply a person's action to the decision ``decision_id`` (from the component they
        clicked). Returns the published update as soon as the action is stored; the AI and
        forced decisions that follow are played on in the background. Raises
        :class:`Refusal` (engine refusals keep their reason and params); a refused action
        changes nothing and writes nothing."""
        async with self._locked(game_id) as live:
            game = self._playing(live)
            seat = self._seat_of(live.record, user_id)
            if type(decision_id) is not str:
                raise Refusal(R.MALFORMED, "A decision id is needed.", "no_decision_id")
            if (game.commits[seat] is not None and game.decision_ids[seat] == decision_id
                    and game.commits[seat] == action):
                # the same simultaneous pick again (a double click): nothing to replace
                raise Refusal(R.STALE, "That choice is already recorded.", "already_recorded")
            clone = game.clone()
            rows: dict[int, ActionRecord] = {}
            res = Result()
            try:
                self._apply(clone, seat, action, decision_id, f"user:{user_id}", res, rows)
            except HadaraError as exc:
                raise Refusal.from_engine(exc) from None
            update = await self._commit(live, clone, res, rows, U.ACTION)
        self._kick(game_id)
        return update

    async def concede(self, game_id: int, user_id: int) -> Update:
        """The user gives up their seat: the greedy AI plays it for the rest of the game and
        it ranks last."""
        async with self._locked(game_id) as live:
            self._playing(live)
            seat = self._seat_of(live.record, user_id)
            rec = copy.deepcopy(live.record)
            rec.seats[seat].conceded = True
            rec.updated_at = self.clock()
            await self.store.save_game(rec)
            live.record, live.rev = rec, next(_REVISIONS)
            assert live.game is not None
            update = self._update(live, live.game, live.game, Result(), U.CONCEDED,
                                  [(seat, f"user:{user_id}")], stale={seat})
        self._kick(game_id)
        return update

    async def abandon(self, game_id: int, by_user: int | None, is_admin: bool = False) -> Update:
        """End a game in its lobby or in play without result (the host, or an admin); the
        record and its log are kept."""
        async with self._locked(game_id) as live:
            rec = live.record
            if rec.status == FINISHED:
                raise Refusal(R.FINISHED, "The game is over.")
            if rec.status == ABANDONED:
                raise Refusal(R.ABANDONED, "The game was abandoned.")
            if not is_admin:
                self._host(rec, by_user, required=True)
            new = replace(copy.deepcopy(rec), status=ABANDONED, updated_at=self.clock())
            await self.store.save_game(new)
            live.record, live.rev = new, next(_REVISIONS)
            version = live.game.version if live.game is not None else 0
            self.store.notify(game_id, version)
            if live.game is None:
                return self._publish_lobby(live, U.ABANDONED)
            return self._update(live, live.game, live.game, Result(), U.ABANDONED, [])

    async def set_discord(self, game_id: int, values: dict[str, Any]) -> None:
        """Merge front-end bookkeeping (guild, channel, thread, message ids) into the
        record's ``discord`` field. Front ends change a game's record only through the
        service (a direct ``store.save_game`` would be overwritten by the next change)."""
        async with self._locked(game_id) as live:
            rec = copy.deepcopy(live.record)
            rec.discord = {**rec.discord, **values}
            await self.store.save_game(rec)
            live.record = rec

    # ------------------------------------------------------------------ reading

    async def load(self, game_id: int) -> GameSnapshot:
        """The game's record and state (copies)."""
        live = await self._load(game_id)
        return GameSnapshot(copy.deepcopy(live.record),
                            live.game.clone() if live.game is not None else None, live.rev)

    async def seat_of(self, game_id: int, user_id: int) -> int | None:
        """The user's seat (the engine's, once started), or None."""
        live = await self._load(game_id)
        return next((s.seat for s in live.record.seats if s.user_id == user_id), None)

    async def view(self, game_id: int, seat: int | None = None) -> dict[str, Any]:
        """``hadara.views.view`` of the live game (None: the spectator's)."""
        game = self._started(await self._load(game_id))
        try:
            return view(game, seat)
        except HadaraError as exc:
            raise Refusal.from_engine(exc) from None

    async def options(self, game_id: int, seat: int) -> list[dict[str, Any]]:
        """``hadara.options.options`` for a seat: its actions with labels, legal or not."""
        game = self._started(await self._load(game_id))
        try:
            return option_list(game, seat)
        except HadaraError as exc:
            raise Refusal.from_engine(exc) from None

    async def waiting(self, game_id: int) -> list[Waiting]:
        live = await self._load(game_id)
        return _waiting(live.game) if live.game is not None else []

    # ------------------------------------------------------------------ images

    async def board_images(self, game_id: int, language: str = "en") -> dict[str, bytes]:
        """The public board: {"table": png, "players": png}."""
        live = await self._load(game_id)
        game, rev = self._started(live), live.rev
        keys = ((game_id, rev, "table", None, language), (game_id, rev, "players", None,
                                                           language))
        got = await self._image(keys, game, "board", None)
        return {"table": got[keys[0]], "players": got[keys[1]]}

    async def private_image(self, game_id: int, seat: int, language: str = "en",
                            page: int = 0) -> bytes:
        """A seat's private panel (its hand and current decision)."""
        live = await self._load(game_id)
        game, rev = self._started(live), live.rev
        if type(seat) is not int or not 0 <= seat < game.n:
            raise Refusal(R.NOT_SEATED, "There is no such seat in this game.", seat=str(seat))
        key: Key = (game_id, rev, f"hand:{page}", seat, language)
        return (await self._image((key,), game, "hand", seat, page))[key]

    async def scores_image(self, game_id: int, language: str = "en") -> bytes:
        """The score table (final once the game is over, live before)."""
        live = await self._load(game_id)
        game, rev = self._started(live), live.rev
        key: Key = (game_id, rev, "scores", None, language)
        return (await self._image((key,), game, "scores", None))[key]

    async def _image(self, keys: tuple[Key, ...], game: Game, kind: str, seat: int | None,
                     page: int = 0) -> dict[Key, bytes]:
        async def render() -> dict[Key, bytes]:
            data = spectator_view(game) if seat is None else view(game, seat)
            version = game.catalog.version
            job = partial(render_job, kind, data, version, self.catalogs.files(version), page)
            out = await asyncio.get_running_loop().run_in_executor(self.render_pool, job)
            return dict(zip(keys, out.values(), strict=True))

        return await self.images.get_or_render(keys, render)

    # ------------------------------------------------------------------ memory

    @asynccontextmanager
    async def _locked(self, game_id: int) -> AsyncIterator[_Live]:
        """The game's lock, with the game loaded and pinned in memory."""
        async with self.store.lock(game_id):
            live = await self._load(game_id)
            live.pins += 1
            try:
                yield live
            finally:
                live.pins -= 1

    async def _load(self, game_id: int) -> _Live:
        live = self._games.get(game_id)
        if live is not None:
            self._games.move_to_end(game_id)
            return live
        pending = self._loading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        fut: asyncio.Future[_Live] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = fut
        try:
            live = await self._read(game_id)
            self._games[game_id] = live
            fut.set_result(live)
            self._evict(keep=game_id)
            return live
        except BaseException as exc:
            if isinstance(exc, asyncio.CancelledError):
                fut.cancel()
            else:
                fut.set_exception(exc)
            fut.exception() if not fut.cancelled() else None  # retrieved
            raise
        finally:
            del self._loading[game_id]

    async def _read(self, game_id: int) -> _Live:
        """Load a game from the store and replay it."""
        stored = await self.store.load_game(game_id) if type(game_id) is int else None
        if stored is None:
            raise Refusal(R.NOT_FOUND, "There is no such game.", game_id=str(game_id)[:20])
        rec = stored.record
        if rec.setup is None:
            return _Live(rec, None)
        catalog = await self.catalogs.get(rec.content_version)
        data = {"format": save.FORMAT, "content_version": rec.content_version,
                "rules_version": rec.rules_version, "setup": rec.setup, "seed": rec.seed,
                "actions": [{"seat": a.seat, "action": a.action} for a in stored.actions]}
        game = save.from_dict(data, catalogs={catalog.version: catalog})
        return _Live(rec, game)

    def _evict(self, keep: int | None = None) -> None:
        """Drop the least recently used idle games beyond ``max_games`` (never ``keep``, nor
        a game in a locked section or playing on)."""
        if len(self._games) <= self.max_games:
            return
        for gid in list(self._games):
            if len(self._games) <= self.max_games:
                return
            lv = self._games[gid]
            if gid == keep or lv.pins or gid in self._tasks:
                continue
            del self._games[gid]
            self.images.forget(gid)

    # ------------------------------------------------------------------ checks

    def _lobby(self, live: _Live) -> GameRecord:
        status = live.record.status
        if status == LOBBY:
            return live.record
        if status == ACTIVE:
            raise Refusal(R.STARTED, "The game has already started.")
        self._ended(status)
        raise AssertionError(status)  # pragma: no cover

    def _playing(self, live: _Live) -> Game:
        status = live.record.status
        if status == LOBBY:
            raise Refusal(R.NOT_STARTED, "The game has not started yet.")
        self._ended(status)
        assert live.game is not None
        return live.game

    @staticmethod
    def _ended(status: str) -> None:
        if status == FINISHED:
            raise Refusal(R.FINISHED, "The game is over.")
        if status == ABANDONED:
            raise Refusal(R.ABANDONED, "The game was abandoned.")

    @staticmethod
    def _started(live: _Live) -> Game:
        if live.game is None:
            raise Refusal(R.NOT_STARTED, "The game has not started yet.")
        return live.game

    @staticmethod
    def _host(rec: GameRecord, by_user: int | None, required: bool = False) -> None:
        if (by_user is not None or required) and by_user != rec.host_user_id:
            raise Refusal(R.NOT_HOST, "Only the host of the table may do that.")

    @staticmethod
    def _room(rec: GameRecord) -> None:
        size = int(rec.options.get("seats", MAX_SEATS))
        if len(rec.seats) >= size:
            raise Refusal(R.LOBBY_FULL, "Every seat at this table is taken.", seats=size)

    @staticmethod
    def _seat_of(rec: GameRecord, user_id: int) -> int:
        for s in rec.seats:
            if s.user_id == user_id:
                if s.conceded:
                    raise Refusal(R.CONCEDED, "You conceded; the AI plays your seat now.",
                                  seat=s.seat)
                return s.seat
        raise Refusal(R.NOT_SEATED, "You have no seat in this game.")

    # ------------------------------------------------------------------ writing

    async def _save_lobby(self, live: _Live, seats: list[SeatRecord], cause: str, *,
                          host: int | None = None, status: str = LOBBY) -> Update:
        rec = copy.deepcopy(live.record)
        rec.seats = [replace(s, seat=i) for i, s in enumerate(seats)]
        rec.updated_at = self.clock()
        rec.status = status
        if host is not None or cause == U.LEFT:
            rec.host_user_id = host
        await self.store.save_game(rec)
        live.record, live.rev = rec, next(_REVISIONS)
        self.store.notify(rec.id, 0)
        return self._publish_lobby(live, cause)

    def _publish_lobby(self, live: _Live, cause: str) -> Update:
        rec = live.record
        update = Update(game_id=rec.id, version=0, revision=live.rev, status=rec.status,
                        cause=cause, seats=copy.deepcopy(rec.seats))
        self.hub.publish(update)
        return update

    def _apply(self, clone: Game, seat: int, action: Any, decision_id: str, by: str,
               acc: Result, rows: dict[int, ActionRecord]) -> None:
        """Apply one action to the clone; remember the log rows it wrote and its events."""
        res = clone.apply(seat, action, decision_id)
        assert clone.log is not None
        now = self.clock()
        for i in res.logged:
            entry = clone.log[i]
            rows[i] = ActionRecord(i, entry["seat"], entry["action"], decision_id, by, now)
        acc.extend(res)

    async def _commit(self, live: _Live, clone: Game, res: Result,
                      rows: dict[int, ActionRecord], cause: str) -> Update:
        """Write the clone's new rows (one transaction), then swap it in and publish."""
        ended = clone.is_over
        await self.store.write_actions(live.record.id, [rows[i] for i in sorted(rows)],
                                       FINISHED if ended else None)
        old = live.game
        live.game, live.rev = clone, next(_REVISIONS)
        # as the store does: updated_at is the newest row's time (never earlier than before)
        live.record.updated_at = max([live.record.updated_at, *(r.at for r in rows.values())])
        if ended:
            live.record.status = FINISHED
        self.store.notify(live.record.id, clone.version)
        by = [(rows[i].seat, rows[i].submitted_by) for i in sorted(rows)]
        return self._update(live, old, clone, res, cause, by)

    def _update(self, live: _Live, old: Game | None, new: Game, res: Result, cause: str,
                by: list[tuple[int, str]], stale: set[int] | None = None) -> Update:
        """Build and publish the update of one change."""
        cat, players = new.catalog, new.players
        lines = [line for ev in res.public for line in describe(ev, players, cat)]
        private_lines = {s: [line for ev in evs for line in describe(ev, players, cat)]
                         for s, evs in res.private.items()}
        board = old is None or bool(res.public)
        stale = set(res.private) | (stale or set())
        for s in range(new.n):
            if old is None or old.decision_ids[s] != new.decision_ids[s] or board and new.decision_ids[s] is not None:
                stale.add(s)
        over = new.is_over and (old is None or not old.is_over)
        scores = winners = None
        if new.is_over:
            scores, winners = final_ranking(new, live.record.seats)
        update = Update(
            game_id=live.record.id, version=new.version, revision=live.rev,
            status=live.record.status, cause=cause, by=by, public=list(res.public), lines=lines,
            private={s: list(evs) for s, evs in res.private.items()},
            private_lines=private_lines, waiting=_waiting(new) if live.record.status == ACTIVE
            else [], board_changed=board, stale_panels=sorted(stale), over=over, scores=scores,
            winners=winners, seats=copy.deepcopy(live.record.seats))
        self.hub.publish(update)
        return update

    # ------------------------------------------------------------------ playing on

    def _kick(self, game_id: int) -> None:
        """Make sure the game's play-on task looks at it (after any change). The task loads
        the game itself, so it works even if the game was evicted meanwhile."""
        if self._closed:
            return
        if game_id in self._tasks:
            self._again.add(game_id)
            return
        task = asyncio.create_task(self._play_on(game_id), name=f"play-on {game_id}")
        self._tasks[game_id] = task

    async def _play_on(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                progressed = await self._play_step(game_id)
                if not progressed and game_id not in self._again:
                    return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("playing on game %s failed", game_id)
        finally:
            self._tasks.pop(game_id, None)
            self._again.discard(game_id)

    async def _play_step(self, game_id: int) -> bool:
        """Apply forced decisions, then let the AI seats the game waits for decide (in the
        pool, outside the lock) and apply their answers. Returns whether to look again."""
        async with self._locked(game_id) as live:
            if live.record.status != ACTIVE or live.game is None or live.game.is_over:
                return False
            clone = live.game.clone()
            rows: dict[int, ActionRecord] = {}
            res = Result()
            while True:  # the driver's step, one forced decision at a time (with its id)
                forced = [d for d in driver.pending(clone) if d.forced]
                if not forced:
                    break
                d = forced[0]
                self._apply(clone, d.seat, d.actions[0], d.id, "forced", res, rows)
            if rows:
                await self._commit(live, clone, res, rows, U.FORCED)
            game = live.game
            jobs: list[tuple[Decision, str, dict[str, Any]]] = []
            for d in driver.pending(game):
                level = _ai_level(live.record, d.seat)
                if level is not None:
                    jobs.append((d, level, view(game, d.seat)))
            if not jobs:
                return False
            version = game.catalog.version
            files = self.catalogs.files(version)
            seed = game.seed
        answers = await asyncio.gather(*(self._think(level, data, d, seed, version, files)
                                         for d, level, data in jobs))
        async with self._locked(game_id) as live:
            if live.record.status != ACTIVE or live.game is None:
                return False
            clone = live.game.clone()
            rows, res = {}, Result()
            for (d, level, _), action in zip(jobs, answers, strict=True):
                if clone.decision_ids[d.seat] != d.id or clone.commits[d.seat] is not None:
                    continue  # the game moved on meanwhile (or the seat changed hands)
                if _ai_level(live.record, d.seat) != level:
                    continue
                try:
                    self._apply(clone, d.seat, action, d.id, f"ai:{level}", res, rows)
                except HadaraError:
                    log.exception("AI %s answered decision %s of game %s illegally",
                                  level, d.id, game_id)
            if rows:
                await self._commit(live, clone, res, rows, U.AI)
        return True

    async def _think(self, level: str, data: dict[str, Any], d: Decision, game_seed: int | None,
                     version: str, files: dict[str, str] | None) -> dict[str, Any]:
        """One AI decision in the process pool (never on the event loop)."""
        if len(d.actions) == 1:
            return d.actions[0]
        seed = decision_seed(game_seed, d.id, d.seat)
        job = partial(ai_job, level, data, d.actions, seed, version, files,
                      self.ai_options.get(level, {}))
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            pool = self._pool()
            try:
                return await loop.run_in_executor(pool, job)
            except BrokenProcessPool as exc:
                if not self._own_pool or attempt:
                    log.warning("AI pool is broken (%s); deciding in a thread", exc)
                    break
                log.warning("AI pool is broken (%s); starting a new one", exc)
                if self.ai_pool is pool:
                    pool.shutdown(wait=False, cancel_futures=True)
                    self.ai_pool = None
        return await loop.run_in_executor(None, job)

    def _pool(self) -> Executor:
        if self.ai_pool is None:
            workers = max(1, min(4, os.cpu_count() or 1))
            self.ai_pool = ProcessPoolExecutor(workers, multiprocessing.get_context("spawn"))
            self._own_pool = True
        return self.ai_pool

    async def _resume_all(self, ids: list[int]) -> None:
        for gid in ids:
            try:
                async with self._locked(gid):
                    pass
                self._kick(gid)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("could not resume game %s", gid)


# ---------------------------------------------------------------------- helpers


def _clean_name(name: Any, taken: list[str]) -> str:
    """A seat name: trimmed, at most MAX_NAME characters, distinct from ``taken``."""
    if type(name) is not str or not name.strip():
        raise Refusal(R.BAD_REQUEST, "A name is needed.", "bad_name", max=MAX_NAME)
    base = " ".join(name.split())[:MAX_NAME]
    out, k = base, 2
    while out in taken:
        suffix = f" {k}"
        out = base[:MAX_NAME - len(suffix)] + suffix
        k += 1
    return out


def _ai_level(rec: GameRecord, seat: int) -> str | None:
    """Who decides for a seat without asking: its AI level, greedy once conceded."""
    s = rec.seats[seat]
    if s.ai_level is not None:
        return s.ai_level
    return CONCEDED_LEVEL if s.conceded else None


def _waiting(game: Game) -> list[Waiting]:
    out = []
    for s in game.waiting_on():
        did = game.decision_ids[s]
        if did is not None:
            out.append(Waiting(s, did, game.step))
    return out


def final_ranking(game: Game, seats: list[SeatRecord]) -> tuple[list[dict[str, Any]], list[int]]:
    """The ranking (``hadara.scoring.ranking`` rows: seat, rank, G1 categories, total) with
    conceded seats ranked last, each row marked ``conceded``; and the winning seats."""
    gone = {s.seat for s in seats if s.conceded}
    rows = scoring.ranking(game)
    kept = [r for r in rows if r["seat"] not in gone]
    last = [r for r in rows if r["seat"] in gone]

    def ranked(group: list[dict[str, Any]], offset: int) -> list[dict[str, Any]]:
        key = {r["seat"]: (-r["total"], -game.coins[r["seat"]]) for r in group}
        return [{**r, "rank": offset + 1 + sum(1 for k in key.values() if k < key[r["seat"]]),
                 "conceded": r["seat"] in gone} for r in group]

    table = ranked(kept, 0) + ranked(last, len(kept))
    winners = sorted(r["seat"] for r in table if r["rank"] == 1)
    return table, winners
