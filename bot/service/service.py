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
import json
import logging
import multiprocessing
import os
import re
import secrets
import time
import unicodedata
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import count
from typing import Any

from bot import access, limits
from bot.storage.base import (
    ABANDONED,
    ACTIVE,
    CONNECTION,
    DEADLINE,
    FINISHED,
    IO_ERROR,
    LOBBY,
    REMINDER,
    ActionRecord,
    DamagedRecord,
    DamageRecord,
    GameRecord,
    RawAction,
    SeatRecord,
    StorageError,
    StorageUnavailable,
    Store,
    StoredGame,
    TimerRecord,
    Vacation,
)
from hadara import driver, save, scoring
from hadara.ai import agent_names
from hadara.engine import MAX_NAME, RULES_VERSION, Decision, Game, Result
from hadara.errors import BadSave, HadaraError
from hadara.narrate import describe
from hadara.options import options as option_list
from hadara.setup import VARIANTS
from hadara.views import spectator_view, view

from . import ahead
from . import refusals as R
from . import scheduler as S
from . import updates as U
from .ai import CONCEDED_LEVEL, DEFAULT_OPTIONS, ai_job, decision_seed
from .content import Catalogs
from .images import ImageCache, Key, render_job, shared_cache
from .languages import Languages
from .refusals import Refusal
from .scheduler import GroupKey, Scheduler
from .updates import Hub, Reminder, Update, Waiting

log = logging.getLogger(__name__)
#: How often a process that does not run the deadline scheduler tries to take it over (a
#: PostgreSQL advisory lock, free as soon as its holder's connection is gone).
CLAIM_EVERY = 1.0

MIN_SEATS, MAX_SEATS = 2, 5
DEFAULT_MAX_GAMES = 256  # games kept in memory (least recently used evicted when idle)
AI_NAMES = {"random": "Random AI", "greedy": "Greedy AI", "ismcts": "Clever AI"}
#: Ids the stores can hold (SQLite INTEGER, PostgreSQL BIGINT): a game id outside 1..MAX_ID is
#: no game, and a user or server id outside 0..MAX_ID is refused, without asking the store.
MAX_ID = 2**63 - 1
#: Seconds before a game whose playing on the storage refused is looked at again.
STORAGE_RETRY = 5.0

#: Process-wide: every change of any game in this process gets a new revision (the image key).
_REVISIONS = count(1)


@dataclass
class _Live:
    """A game in memory: its record and (once started) the live engine game."""

    record: GameRecord
    game: Game | None
    rev: int = field(default_factory=lambda: next(_REVISIONS))
    pins: int = 0  # locked sections using it (never evicted while pinned)
    # who made each logged decision, by seq: seat * 4 + author (_FORCED, _PERSON, _MACHINE);
    # small ints, so a game's list costs 8 bytes an action (ai_share)
    authors: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class GameSnapshot:
    """What :meth:`GameService.load` returns: copies, safe to keep and change."""

    record: GameRecord
    game: Game | None  # a clone of the live game (None in the lobby)
    revision: int
    ai_share: dict[int, float] = field(default_factory=dict)  # per seat (see ai_share())


class GameService:
    """The game service. ``await open()`` before use, ``await close()`` at the end.

    ``ai_pool``: an executor for AI decisions (a ``ProcessPoolExecutor``; by default one is
    created on first use, with the ``spawn`` start method, and shut down by ``close``).
    ``render_pool``: an executor for images (default: the event loop's thread pool).
    """

    def __init__(self, store: Store, clock: Callable[[], float] = time.time,
                 ai_pool: Executor | None = None, render_pool: Executor | None = None, *,
                 max_games: int = DEFAULT_MAX_GAMES, image_cache: ImageCache | None = None,
                 ai_options: dict[str, dict[str, Any]] | None = None,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep) -> None:
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
        self._claiming: asyncio.Task[None] | None = None  # waiting to own the scheduler
        self._unlisten: list[Callable[[], None]] = []
        self._background: set[asyncio.Task[None]] = set()
        self._generations: dict[int, int] = {}  # games changed elsewhere during a load
        self._sleep = sleep
        self._tasks: dict[int, asyncio.Task[None]] = {}  # the play-on task per game
        self._again: set[int] = set()  # kicked while its play-on task ran: look once more
        self._closed = False
        # time control: the one timer task (woken by cancelling its sleep), vacations by user
        self.scheduler = Scheduler(clock, sleep, self._fire_timers)
        self.languages = Languages(store)  # who reads which language
        self.rate_limits = limits.RateLimits(clock)  # per-user bounds (bot/limits.py)
        self._vacations: dict[int, list[Vacation]] = {}
        # damaged games (docs/service.md, "Damaged games"): quarantined by id; the ``damaged``
        # updates announced in this process, and those kept for subscribers still to come
        # (found while resuming at start, or when nobody listened)
        self._damaged: dict[int, DamageRecord] = {}
        self._announced: set[int] = set()
        self._notices: dict[int, Update] = {}
        self._resuming = False
        self._opened = False
        self._retrying: dict[int, asyncio.Task[None]] = {}  # play on again after a fault

    # ------------------------------------------------------------------ life cycle

    async def open(self) -> None:
        """Resume every ACTIVE game in the background: each is loaded (replayed from the
        store) and any AI or forced decision that was pending when the process stopped is
        played on. Games that wait for people are evicted again when memory is full."""
        await self.store.open()  # idempotent; the caller closes the store
        self._damaged = {d.game_id: d for d in await self.store.damaged_games()}
        for damage in self._damaged.values():
            if not damage.told:  # announced to the subscribers to come (front ends)
                self._notices[damage.game_id] = await self._damage_update(damage)
        ids = [g for g in await self.store.game_ids((ACTIVE,)) if g not in self._damaged]
        self._vacations = {}
        for v in await self.store.vacations(since=self.clock() - S.YEAR):
            self._vacations.setdefault(v.user_id, []).append(v)
        self.scheduler.load(await self.store.timers())
        self._closed = False
        self._opened = True
        # several processes over one database: another's change drops our stale copy, and
        # only the process holding the scheduler's claim fires timers (the others keep trying,
        # to take over when it stops)
        self._unlisten = [self.store.listen(self._changed_elsewhere),
                          self.store.listen_timers(self._timers_changed)]
        if await self.store.claim_scheduler():
            self.scheduler.start()
        if getattr(self.store, "shared", False) or not self.scheduler.running:
            self._claiming = asyncio.create_task(self._claim_scheduler(), name="claim timers")
        self._resume = asyncio.create_task(self._resume_all(ids))

    async def close(self) -> None:
        """Stop playing on (what is stored stays; ``open`` resumes it) and free the pools."""
        self._closed = True
        self._opened = False
        for unlisten in self._unlisten:
            unlisten()
        self._unlisten = []
        await self.scheduler.stop()
        tasks = [t for t in [self._resume, self._claiming, *self._tasks.values(),
                             *self._retrying.values()]
                 if t is not None and not t.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._own_pool and self.ai_pool is not None:
            self.ai_pool.shutdown(wait=True, cancel_futures=True)
            self.ai_pool = None

    async def idle(self, game_id: int | None = None) -> None:
        """Wait until nothing plays on (in ``game_id``, or anywhere) and resuming is done;
        without ``game_id`` also until no timer is being fired."""
        while True:
            tasks: list[asyncio.Task[None]] = []
            if game_id is None and self._resume is not None and not self._resume.done():
                tasks.append(self._resume)
            if game_id is None:
                tasks.extend(self.scheduler.firing)
            for gid, task in list(self._tasks.items()):
                if game_id in (None, gid):
                    tasks.append(task)
            if not tasks:
                return
            await asyncio.wait(tasks)

    def subscribe(self, target: U.Target, game_id: int | None = None) -> Callable[[], None]:
        """Receive every :class:`Update` (of one game, if given): a callback or an
        ``asyncio.Queue``. Returns the unsubscribe function. A new subscriber also receives,
        right after subscribing, the ``damaged`` updates not yet delivered to anyone (games
        found damaged at start, before the front end subscribed)."""
        unsubscribe = self.hub.subscribe(target, game_id)
        for update in list(self._notices.values()):
            if game_id in (None, update.game_id):
                try:
                    asyncio.get_running_loop().call_soon(self._tell, target, update)
                except RuntimeError:  # no loop yet: at once
                    self._tell(target, update)
        return unsubscribe

    def _tell(self, target: U.Target, update: Update) -> None:
        if update.game_id not in self._notices:
            return  # repaired meanwhile
        self.hub.deliver(target, update)
        self._persist_told(update.game_id)

    # ------------------------------------------------------------------ lobby

    async def create(self, host_user_id: int, host_name: str | None = None, *,
                     seats: int = MAX_SEATS, variant: str = "basic", rated: bool = False,
                     hints: bool = True, options: dict[str, Any] | None = None,
                     time_control: Any = None) -> int:
        """A new table in the lobby; the host takes the first seat when ``host_name`` is
        given. ``seats`` is the table size (2–5); ``time_control`` a deadline per decision
        or a time bank (``scheduler.parse_time_control``; default none). Returns the game
        id."""
        if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
            raise Refusal(R.BAD_REQUEST, f"A table has {MIN_SEATS} to {MAX_SEATS} seats.",
                          "seat_count", min=MIN_SEATS, max=MAX_SEATS)
        if variant not in VARIANTS:
            raise Refusal(R.BAD_REQUEST, "The variant must be basic or advanced.",
                          "bad_variant", variants=list(VARIANTS))
        if rated:  # rated games are played without hints (docs/leagues.md)
            hints = False
        extra = dict(options or {})
        tc = S.parse_time_control(time_control if time_control is not None
                                  else extra.pop("time_control", None))
        if tc is not None:
            extra["time_control"] = tc
        _check_user(host_user_id)
        now = self.clock()
        seat_list = []
        if host_name is not None:
            seat_list.append(SeatRecord(0, _clean_name(host_name, []), user_id=host_user_id))
        record = GameRecord(
            id=0, status=LOBBY, variant=variant,
            options={**extra, "seats": seats, "rated": bool(rated),
                     "hints": bool(hints)},
            created_at=now, updated_at=now, host_user_id=host_user_id, seats=seat_list)
        async with _storage():
            gid = await self.store.create_game(record)
        record = replace(record, id=gid)
        async with self.store.lock(gid):
            live = self._games[gid] = _Live(record, None)
            self._evict(keep=gid)
            self._publish_lobby(live, U.CREATED)
        return gid

    async def join(self, game_id: int, user_id: int, name: str) -> Update:
        """Take a free seat at a table in its lobby."""
        _check_user(user_id)
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
        """The host starts the game with the seated players (at least 2); ``by_user`` None:
        a manager of the game's server, whom the access policy let through. The seed decides
        the seat order: from here on, seats are the engine's seats."""
        async with self._locked(game_id) as live:
            rec = self._lobby(live)
            self._host(rec, by_user)
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
            if new.options.get("rated"):  # never hints in a rated game (docs/leagues.md)
                new.options["hints"] = False
            await self._save(new, game)
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
            if live.record.seats[seat].ai_takeover:
                raise Refusal(R.TAKEN_OVER, "The AI plays your seat after missed deadlines; "
                              "rejoin the game to play again.", seat=seat)
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
            me = live.record.seats[seat]
            changed = {seat: replace(me, votes=[])} if me.votes else None  # back: no vote
            update = await self._commit(live, clone, res, rows, U.ACTION, seats=changed)
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
            await self._save(rec, live.game)
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
            await self._save(new, live.game)
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
        if not isinstance(values, dict) or not _storable(values):
            raise Refusal(R.BAD_REQUEST, "Those values cannot be stored.", "bad_values")
        async with self._locked(game_id) as live:
            rec = copy.deepcopy(live.record)
            rec.discord = {**rec.discord, **values}
            await self.store.save_game(rec)
            live.record = rec

    # ------------------------------------------------------------------ acting ahead

    async def plan_options(self, game_id: int, user_id: int) -> dict[str, Any]:
        """What the user may queue now for their coming Phase-B, colony or statue decision
        (``bot.service.ahead.plan_options``), with the plan already queued (``queued``)."""
        live = await self._load(game_id)
        game = self._playing(live)
        seat = self._person_seat(live.record, user_id)
        out = ahead.plan_options(game, seat)
        out["queued"] = copy.deepcopy(live.record.seats[seat].plan)
        return out

    async def queue(self, game_id: int, user_id: int, plan: dict[str, Any] | None) -> Update:
        """Queue the user's choice for their coming Phase-B, colony or statue decision (a
        plan of ``bot.service.ahead``, as its JSON); ``None`` withdraws it. The plan is
        applied the moment that decision opens if it is still legal at the same price,
        otherwise the player is asked as usual; one plan per seat, replaced by the next."""
        async with self._locked(game_id) as live:
            game = self._playing(live)
            seat = self._person_seat(live.record, user_id)
            if plan is not None:
                try:
                    parsed = ahead.plan_from_dict(plan)
                except ahead.PlanError as exc:
                    raise Refusal(R.BAD_REQUEST, f"That plan cannot be queued: {exc}",
                                  "bad_plan", field=exc.field) from None
                if ahead.expired(game, parsed):
                    raise Refusal(R.BAD_REQUEST, "That plan is for a step already past.",
                                  "plan_expired")
                plan = parsed.to_dict()
            rec = copy.deepcopy(live.record)
            rec.seats[seat] = replace(rec.seats[seat], plan=plan)
            rec.updated_at = self.clock()
            await self._save(rec, game)
            live.record, live.rev = rec, next(_REVISIONS)
            update = self._update(live, game, game, Result(), U.QUEUED, [], stale={seat},
                                  user=user_id)
        self._kick(game_id)  # the decision may be open already
        return update

    # ------------------------------------------------------------------ time control

    async def rejoin(self, game_id: int, user_id: int) -> Update:
        """The player takes their seat back from the AI that played it after missed
        deadlines (or the other players' vote); their strikes start again from zero."""
        async with self._locked(game_id) as live:
            game = self._playing(live)
            seat = self._person_seat(live.record, user_id)
            me = live.record.seats[seat]
            if not me.ai_takeover:
                raise Refusal(R.NOT_TAKEN_OVER, "The AI does not play your seat.", seat=seat)
            rec = copy.deepcopy(live.record)
            rec.seats[seat] = replace(me, ai_takeover=False, strikes=0, votes=[])
            rec.updated_at = self.clock()
            await self._save(rec, game)
            live.record, live.rev = rec, next(_REVISIONS)
            return self._update(live, game, game, Result(), U.REJOINED, [], stale={seat},
                                user=user_id)

    async def vote_takeover(self, game_id: int, voter_user: int, seat: int) -> Update:
        """``voter_user`` votes to let the greedy AI play the absent ``seat``; when a
        majority of the other people at the table (more than half of them, the absent
        player not counted) voted, the AI takes the seat over until its player rejoins.
        Publishes ``vote`` (``seats[seat].votes``) or ``takeover``."""
        async with self._locked(game_id) as live:
            game = self._playing(live)
            rec = live.record
            mine = self._person_seat(rec, voter_user)
            if rec.seats[mine].ai_takeover:
                raise Refusal(R.TAKEN_OVER, "The AI plays your seat; rejoin first.", seat=mine)
            if type(seat) is not int or not 0 <= seat < len(rec.seats):
                raise Refusal(R.NOT_SEATED, "There is no such seat in this game.", "no_seat",
                              seat=str(seat)[:20])
            target = rec.seats[seat]
            if seat == mine:
                raise Refusal(R.BAD_REQUEST, "You cannot vote about your own seat.",
                              "own_seat", seat=seat)
            if not _person(target):
                raise Refusal(R.BAD_REQUEST, "An AI already plays that seat.", "already_ai",
                              seat=seat)
            if voter_user in target.votes:
                raise Refusal(R.BAD_REQUEST, "You have already voted.", "already_voted",
                              seat=seat)
            voters = {s.user_id for s in rec.seats if _person(s) and s.seat != seat}
            votes = sorted(v for v in {*target.votes, voter_user} if v in voters)
            taken = 2 * len(votes) > len(voters)
            new = replace(target, votes=[] if taken else votes, ai_takeover=taken)
            out = copy.deepcopy(rec)
            out.seats[seat] = new
            out.updated_at = self.clock()
            await self._save(out, game)
            live.record, live.rev = out, next(_REVISIONS)
            update = self._update(live, game, game, Result(), U.TAKEOVER if taken else U.VOTE,
                                  [], stale={seat}, user=voter_user,
                                  takeover=[seat] if taken else [])
        if taken:
            self._kick(game_id)
        return update

    async def away(self, user_id: int, days: float,
                   guild_ids: Iterable[int] = ()) -> list[Update]:
        """A vacation from now for ``days`` days: the player's clocks stand still in all
        their games (deadlines and reminders pushed by the time away, time banks don't
        run). At most the yearly allowance (a rolling 365 days) of the smallest among the
        servers of their active games (``record.discord["guild"]``) and ``guild_ids``;
        ``DEFAULT_AWAY_DAYS`` where none was set. Publishes ``away`` per active game;
        returns those updates."""
        if (isinstance(days, bool) or not isinstance(days, int | float)
                or not 0 < days <= 365):
            raise Refusal(R.BAD_REQUEST, "Days away must be more than 0 and at most 365.",
                          "bad_days", max=365)
        _check_user(user_id)
        try:
            asked = [_check_user(g, "bad_guild") for g in guild_ids]
        except TypeError:  # not iterable
            raise Refusal(R.BAD_REQUEST, "That server id is not valid.", "bad_guild") from None
        now = self.clock()
        if self._away_now(user_id, now) is not None:
            raise Refusal(R.BAD_REQUEST, "You are away already; come back first.",
                          "already_away")
        async with _storage(), self._games_of(user_id) as lives:
            guilds = set(asked)
            for live in lives:
                g = live.record.discord.get("guild")
                if isinstance(g, int):
                    guilds.add(g)
            allowances = await self.store.away_allowances()
            allowance = min((allowances.get(g, S.DEFAULT_AWAY_DAYS) for g in guilds),
                            default=S.DEFAULT_AWAY_DAYS)
            used = S.paused(self._vacations.get(user_id, []), now - S.YEAR, now) / S.DAY
            if used + days > allowance + 1e-9:
                raise Refusal(R.AWAY_ALLOWANCE, "That is more time away than this server "
                              "allows in a year.", allowance=allowance,
                              used=round(used, 2), requested=days,
                              left=round(max(0.0, allowance - used), 2))
            vac = Vacation(0, user_id, now, now + days * S.DAY)
            vacations = [*self._vacations.get(user_id, []), vac]
            dues = self._repush(user_id, lives, vacations)
            vac.id = await self.store.add_vacation(vac, dues)
            self._vacations[user_id] = vacations
            self.scheduler.move(dues)
            return self._publish_clock(lives, U.AWAY, user_id, vac.end)

    async def back(self, user_id: int) -> list[Update]:
        """End the user's vacation now: their clocks run again (deadlines pulled in by the
        time not taken). Publishes ``back`` per active game; returns those updates."""
        now = self.clock()
        vac = self._away_now(user_id, now) if _valid_user(user_id) else None
        if vac is None:
            raise Refusal(R.BAD_REQUEST, "You are not away.", "not_away")
        async with _storage(), self._games_of(user_id) as lives:
            ended = replace(vac, end=now)
            vacations = [ended if v is vac else v for v in self._vacations.get(user_id, [])]
            dues = self._repush(user_id, lives, vacations)
            await self.store.end_vacation(vac.id, now, dues)
            self._vacations[user_id] = vacations
            self.scheduler.move(dues)
            return self._publish_clock(lives, U.BACK, user_id, None)

    async def away_until(self, user_id: int) -> float | None:
        """When the user's current vacation ends (None: not away)."""
        vac = self._away_now(user_id, self.clock()) if _valid_user(user_id) else None
        return vac.end if vac is not None else None

    async def set_away_allowance(self, guild_id: int, days: float | None) -> None:
        """A server's vacation days per rolling year (admins; None: the default,
        ``DEFAULT_AWAY_DAYS``)."""
        if days is not None and (isinstance(days, bool) or not isinstance(days, int | float)
                                 or not 0 <= days <= 365):
            raise Refusal(R.BAD_REQUEST, "An allowance is 0 to 365 days.", "bad_days",
                          max=365)
        _check_user(guild_id, "bad_guild")
        async with _storage():
            await self.store.set_away_allowance(guild_id, days)

    async def catch_up(self, game_id: int, seat: int) -> dict[str, Any]:
        """What happened since ``seat`` last acted itself (its person's last stored action;
        the start if never): ``{"seat", "since": the log index after that action, "actions":
        how many were taken since, "events": public events, "lines": the same in English,
        "deadline": the seat's current deadline or None}``. Recomputed from the stored log
        (replayed up to that action, then on with the events collected), so it costs no
        memory and survives restarts; a few milliseconds per call."""
        live = await self._load(game_id)
        game = self._started(live)
        if type(seat) is not int or not 0 <= seat < game.n:
            raise Refusal(R.NOT_SEATED, "There is no such seat in this game.", seat=str(seat))
        stored = await self._stored(game_id)
        if stored is None:
            raise Refusal(R.NOT_FOUND, "There is no such game.", game_id=game_id)
        rec, actions = stored.record, stored.actions
        user = rec.seats[seat].user_id
        mine = f"user:{user}" if user is not None else None
        since = 0
        for a in actions:
            if a.seat == seat and (a.submitted_by == mine or (
                    mine is None and a.submitted_by.startswith("ai:"))):
                since = a.seq + 1
        catalog = await self.catalogs.get(rec.content_version)
        data = {"format": save.FORMAT, "content_version": rec.content_version,
                "rules_version": rec.rules_version, "setup": rec.setup, "seed": rec.seed,
                "actions": [{"seat": a.seat, "action": a.action} for a in actions[:since]]}
        replayed = save.from_dict(data, catalogs={catalog.version: catalog})
        events: list[dict[str, Any]] = []
        for a in actions[since:]:
            events.extend(replayed.apply(a.seat, a.action, a.decision_id).public)
        lines = [line for ev in events
                 for line in describe(ev, replayed.players, replayed.catalog)]
        did = game.decision_ids[seat]
        return {"seat": seat, "since": since, "actions": len(actions) - since,
                "events": events, "lines": lines,
                "deadline": self._deadlines(game_id).get((seat, did))}

    # ------------------------------------------------------------------ damaged games

    async def damaged_games(self) -> list[DamageRecord]:
        """Every game marked damaged in the store (by any process), by id: ``reason``,
        ``detail`` (English, for admins), ``seq`` of the first bad action, ``found_at``,
        ``told``."""
        async with _storage():
            return await self.store.damaged_games()

    async def repair_preview(self, game_id: int) -> dict[str, Any]:
        """What :meth:`repair` would do, changing nothing: ``{"game_id", "reason" (None: the
        game loads as it is), "detail", "seq", "marked", "found_at", "repairable", "started",
        "keep" (the valid actions kept), "total", "dropped" (how many would go), "actions"
        (the rows that would go: ``seq``, ``seat``, ``submitted_by``, ``decision_id``,
        ``at``, ``action`` or None, ``problem``: the damage's reason for the first one,
        ``bad_json`` for a text that is not JSON, else ``after_damage``), "status",
        "status_after", "host_user_id", "discord", "seats"}``. Words-free: the front end
        words the codes."""
        _check_id(game_id)
        async with _storage(), self.store.lock(game_id):
            return (await self._diagnose(game_id)).preview()

    async def repair(self, game_id: int, *, keep: int | None = None) -> Update:
        """Repair a damaged game up to its last valid action: in ONE transaction the later
        action rows are copied to ``actions_backup`` and deleted, the damage mark cleared
        (and the status follows the rebuilt game: a finished game cut back is active again);
        then the game is rebuilt, its timers made to match and it plays on. ``keep``: the
        preview's ``keep``, to confirm exactly what was shown (``stale`` /
        ``repair_changed`` if the damage changed since). A game marked damaged that loads
        as it is (mended by hand) just loses its mark. Publishes ``repaired`` (``dropped``:
        how many actions went, ``damage``: what was found, ``discord``). Refusals:
        ``not_found``, ``not_damaged``, ``damaged`` / ``not_repairable``, ``stale`` /
        ``repair_changed``, ``storage_unavailable``."""
        _check_id(game_id)
        async with _storage(), self.store.lock(game_id):
            found = await self._diagnose(game_id)
            if found.reason is None and found.marked is None:
                raise Refusal(R.NOT_DAMAGED, "This game is not damaged: nothing to repair.",
                              game_id=game_id)
            if not found.repairable:
                raise Refusal(R.DAMAGED, "This game's damage cannot be repaired by cutting "
                              "its log back.", "not_repairable", game_id=game_id,
                              damage=found.reason or "")
            if keep is not None and keep != found.keep:
                raise Refusal(R.STALE, "The damage changed since it was shown; look again.",
                              "repair_changed", keep=found.keep)
            rec = found.record
            status = found.status_after if found.status_after != rec.status else None
            dropped = await self.store.truncate_actions(game_id, found.keep, self.clock(),
                                                        status)
            # forget everything held about the game, then rebuild it from the store
            self._damaged.pop(game_id, None)
            self._notices.pop(game_id, None)
            self._announced.discard(game_id)
            if self._games.pop(game_id, None) is not None:
                self.images.forget(game_id)
            live = await self._load(game_id)
            self.scheduler.discard([t.id for t in self.scheduler.of_game(game_id)])
            self.scheduler.add(await self.store.timers(game_id))
            damage = found.marked or DamageRecord(game_id, found.reason or "", found.detail,
                                                  self.clock(), found.seq)
            game = live.game
            self.store.notify(game_id, game.version if game is not None else 0)
            if game is None:
                live.rev = next(_REVISIONS)
                update = Update(game_id=game_id, version=0, revision=live.rev,
                                status=live.record.status, cause=U.REPAIRED,
                                seats=_seat_copies(live.record.seats), dropped=dropped,
                                damage=damage, discord=dict(live.record.discord))
                self.hub.publish(update)
            else:
                update = self._update(live, None, game, Result(), U.REPAIRED, [],
                                      dropped=dropped, damage=damage)
        log.warning("game %s repaired: %d actions dropped (kept into actions_backup), %d kept",
                    game_id, dropped, found.keep)
        if self._opened:
            try:
                await self._sync_timers(game_id)
            except Refusal as refusal:
                log.warning("game %s: timers not synced after the repair: %r", game_id,
                            refusal)
            self._kick(game_id)
        return update

    async def _diagnose(self, game_id: int) -> _Diagnosis:
        """Read a game's rows leniently and find its longest valid beginning (under the
        game's lock)."""
        found = await self.store.salvage_game(game_id)
        if found is None:
            raise Refusal(R.NOT_FOUND, "There is no such game.", game_id=game_id)
        marks = {d.game_id: d for d in await self.store.damaged_games()}
        rec, rows = found.record, found.actions
        out = _Diagnosis(rec, rows, len(rows), marked=marks.get(game_id))
        for i, row in enumerate(rows):
            if row.seq != i:
                out.cut(i, "missing_row", f"action {i} is missing from the log")
                break
            if row.text is not None:
                out.cut(i, "bad_json", f"action {i} is not JSON")
                break
        problem: tuple[str, str, int | None] | None = None
        if found.bad_fields:
            problem = ("bad_record", f"{', '.join(found.bad_fields)} do not decode", None)
        else:
            problem = _problem(rec, [r.seq for r in rows[:out.keep]])
        if problem is not None:
            out.fail(*problem)
            return out
        if rec.setup is None:
            return out
        while True:
            try:
                game = await self._rebuild(rec, [(r.seat, r.action) for r in rows[:out.keep]])
                break
            except _Broken as broken:
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

    # ------------------------------------------------------------------ reading

    async def load(self, game_id: int) -> GameSnapshot:
        """The game's record and state (copies)."""
        live = await self._load(game_id)
        return GameSnapshot(copy.deepcopy(live.record),
                            live.game.clone() if live.game is not None else None, live.rev,
                            _ai_share(live))

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
        """Who must act now, on which decision, and until when (``Waiting.deadline``)."""
        live = await self._load(game_id)
        if live.game is None:
            return []
        return _waiting(live.game, self._deadlines(game_id))

    # ------------------------------------------------------------------ access

    async def authorize(self, actor: access.Actor, game_id: int, operation: str, *,
                        seat: int | None = None) -> access.GameFacts:
        """The access policy (``bot/access.py``) for ``actor`` doing ``operation`` to the
        game (to ``seat``, for a component of one seat): the game's facts when allowed, else
        Refusal ``denied`` with the policy's reason. Reads the live record only."""
        rec = await self._record(game_id)
        stand_ins: list[int] = []
        if operation in ("review", "export") and rec.options.get("league") \
                and all(s.user_id != actor.user_id for s in rec.seats):
            stand_ins = await self._stand_ins(game_id)
        game_facts = access.facts(rec, stand_ins)
        verdict = access.decide(actor, game_facts, operation, seat=seat)
        if not verdict:
            raise Refusal(R.DENIED, "You may not do that with this game here.",
                          verdict.reason, game_id=game_id, **verdict.params)
        return game_facts

    async def _record(self, game_id: int) -> GameRecord:
        """The game's record, from memory or else read (not replayed, not cached: deciding
        access to a game nobody plays now costs one read)."""
        live = self._games.get(game_id) if type(game_id) is int else None
        if live is not None:
            return live.record
        _check_id(game_id)  # not_found beyond the stores' integer range, without a read
        if game_id in self._loading:
            return (await self._load(game_id)).record
        try:  # a damaged game's record as far as it reads (its managers may repair it)
            if game_id in self._damaged:
                return await self._salvaged(game_id)
            stored = await self._stored(game_id)
        except Refusal as refusal:
            if refusal.code != R.DAMAGED:
                raise
            return await self._salvaged(game_id)
        if stored is None:
            raise Refusal(R.NOT_FOUND, "There is no such game.", game_id=str(game_id)[:20])
        return stored.record

    async def _salvaged(self, game_id: int) -> GameRecord:
        """A damaged game's record, decoded as far as it goes (``store.salvage_game``)."""
        async with _storage():
            found = await self.store.salvage_game(game_id)
        if found is None:
            raise Refusal(R.NOT_FOUND, "There is no such game.", game_id=game_id)
        return found.record

    @staticmethod
    def authorize_server(actor: access.Actor, operation: str) -> None:
        """The access policy for an operation on the server the actor acts in (or on
        themselves): Refusal ``denied`` when it is not allowed."""
        verdict = access.decide_server(actor, operation)
        if not verdict:
            raise Refusal(R.DENIED, "You may not do that here.", verdict.reason,
                          **verdict.params)

    async def _stand_ins(self, game_id: int) -> list[int]:
        """League members whose seat an AI played in this game (they may review it)."""
        tables = await self.store.league_tables(game_id=game_id)
        return [int(s["user"]) for t in tables for s in t.seats
                if s.get("user") is not None and s.get("seat_name")]

    def limit(self, name: str, key: int) -> None:
        """Count one use of the windowed limit ``name`` (``bot/limits.py``) for ``key`` (a
        user, or a game): Refusal ``limited`` (reason ``name``, ``retry_at`` clock seconds)
        over it, counting nothing."""
        later = self.rate_limits.take(name, key)
        if later is not None:
            raise Refusal(R.LIMITED, "Too many of those for now; try again later.", name,
                          retry_at=later)

    async def open_tables(self, user_id: int, *, learning: bool = False) -> list[int]:
        """The games the user hosts that bound what they may open: lobbies not started (or,
        with ``learning``, learning games not over)."""
        statuses = (LOBBY, ACTIVE) if learning else (LOBBY,)
        out = []
        for gid in await self.store.games_of_user(user_id, statuses):
            rec = (await self._load(gid)).record
            if rec.host_user_id == user_id and bool(rec.options.get("learn")) == learning:
                out.append(gid)
        return out

    async def check_open_tables(self, user_id: int, *, learning: bool = False) -> None:
        """Refusal ``limited`` (reason ``lobbies`` or ``learning_games``, ``count``, ``max``,
        ``games``) when the user already holds as many open tables as allowed."""
        most = limits.MAX_LEARNING_GAMES if learning else limits.MAX_OPEN_LOBBIES
        held = await self.open_tables(user_id, learning=learning)
        if len(held) >= most:
            raise Refusal(R.LIMITED, "You already have as many open tables as allowed.",
                          "learning_games" if learning else "lobbies", count=len(held),
                          max=most, games=", ".join(f"#{g}" for g in held[:5]))

    # ------------------------------------------------------------------ images

    async def board_images(self, game_id: int, language: str = "en") -> dict[str, bytes]:
        """The public board: {"table": png, "players": png}."""
        live = await self._load(game_id)
        game, rev = self._started(live), live.rev
        keys = ((game_id, rev, "table", None, language), (game_id, rev, "players", None,
                                                           language))
        got = await self._image(keys, game, "board", None, language=language)
        return {"table": got[keys[0]], "players": got[keys[1]]}

    async def private_image(self, game_id: int, seat: int, language: str = "en",
                            page: int = 0) -> bytes:
        """A seat's private panel (its hand and current decision)."""
        live = await self._load(game_id)
        game, rev = self._started(live), live.rev
        if type(seat) is not int or not 0 <= seat < game.n:
            raise Refusal(R.NOT_SEATED, "There is no such seat in this game.", seat=str(seat))
        key: Key = (game_id, rev, f"hand:{page}", seat, language)
        return (await self._image((key,), game, "hand", seat, page, language))[key]

    async def scores_image(self, game_id: int, language: str = "en") -> bytes:
        """The score table (final once the game is over, live before)."""
        live = await self._load(game_id)
        game, rev = self._started(live), live.rev
        key: Key = (game_id, rev, "scores", None, language)
        return (await self._image((key,), game, "scores", None, language=language))[key]

    async def _image(self, keys: tuple[Key, ...], game: Game, kind: str, seat: int | None,
                     page: int = 0, language: str = "en") -> dict[Key, bytes]:
        async def render() -> dict[Key, bytes]:
            data = spectator_view(game) if seat is None else view(game, seat)
            version = game.catalog.version
            job = partial(render_job, kind, data, version, self.catalogs.files(version), page,
                          language)
            out = await asyncio.get_running_loop().run_in_executor(self.render_pool, job)
            return dict(zip(keys, out.values(), strict=True))

        return await self.images.get_or_render(keys, render)

    # ------------------------------------------------------------------ memory

    @asynccontextmanager
    async def _locked(self, game_id: int) -> AsyncIterator[_Live]:
        """The game's lock, with the game loaded and pinned in memory. A storage fault in the
        block becomes the refusal ``storage_unavailable`` (memory was not changed: every
        change is swapped in after its write); after a lost connection or an I/O error the
        copy in memory is also dropped (a COMMIT that failed there may still have happened:
        the game is read again from the store, the truth, at its next use)."""
        self._check_game(game_id)
        live: _Live | None = None
        try:
            async with self.store.lock(game_id):
                live = await self._load(game_id)
                live.pins += 1
                try:
                    yield live
                finally:
                    live.pins -= 1
        except StorageUnavailable as exc:
            if exc.kind in (CONNECTION, IO_ERROR) and live is not None \
                    and self._games.get(game_id) is live:
                del self._games[game_id]
                self.images.forget(game_id)
            raise _unavailable(exc) from None

    def _check_game(self, game_id: Any) -> None:
        """``not_found`` for an id no store can hold (without asking it), ``damaged`` for a
        quarantined game."""
        _check_id(game_id)
        damage = self._damaged.get(game_id)
        if damage is not None:
            raise _damaged(damage)

    async def _load(self, game_id: int) -> _Live:
        self._check_game(game_id)
        while True:
            live = self._games.get(game_id)
            if live is not None:
                self._games.move_to_end(game_id)
                return live
            # a notice that the game changed elsewhere (``_changed_elsewhere``) bumps its
            # generation: a load begun before it may be stale and is read again
            generation = self._generations.get(game_id, 0)
            pending = self._loading.get(game_id)
            if pending is not None:
                got = await asyncio.shield(pending)
                if self._generations.get(game_id, 0) == generation:
                    return got
                continue
            fut: asyncio.Future[_Live] = asyncio.get_running_loop().create_future()
            self._loading[game_id] = fut
            try:
                live = await self._read(game_id)
                fut.set_result(live)  # those waiting check the generation themselves
                if self._generations.get(game_id, 0) != generation:
                    continue
                self._games[game_id] = live
                self._evict(keep=game_id)
                return live
            except BaseException as exc:
                if not fut.done():
                    if isinstance(exc, asyncio.CancelledError):
                        fut.cancel()
                    else:
                        fut.set_exception(exc)
                    fut.exception() if not fut.cancelled() else None  # retrieved
                raise
            finally:
                if self._loading.get(game_id) is fut:
                    del self._loading[game_id]

    async def _read(self, game_id: int) -> _Live:
        """Load a game from the store and replay it. A game whose rows do not rebuild is
        quarantined (``_found_damage``: marked in the store, refused ``damaged``)."""
        stored = await self._stored(game_id) if type(game_id) is int else None
        if stored is None:
            raise Refusal(R.NOT_FOUND, "There is no such game.", game_id=str(game_id)[:20])
        rec = stored.record
        problem = _problem(rec, [a.seq for a in stored.actions])
        if problem is not None:
            raise await self._found_damage(game_id, *problem)
        if rec.setup is None:
            return _Live(rec, None)
        try:
            game = await self._rebuild(rec, [(a.seat, a.action) for a in stored.actions])
            if len(rec.seats) != game.n:
                raise _Broken("bad_seat", f"{len(rec.seats)} seats for {game.n} players")
        except _Broken as broken:
            raise await self._found_damage(game_id, broken.reason, broken.detail,
                                           broken.seq) from None
        return _Live(rec, game, authors=[a.seat * 4 + _author(a.submitted_by)
                                         for a in stored.actions])

    async def _stored(self, game_id: int) -> StoredGame | None:
        """``store.load_game``: rows that do not decode quarantine the game, a storage fault is
        the refusal ``storage_unavailable``."""
        try:
            return await self.store.load_game(game_id)
        except DamagedRecord as exc:
            raise await self._found_damage(game_id, exc.reason, exc.detail, exc.seq) from None
        except StorageUnavailable as exc:
            raise _unavailable(exc) from None

    async def _rebuild(self, rec: GameRecord, actions: list[tuple[Any, Any]]) -> Game:
        """Replay a stored game (``hadara.save``, with the catalog of its content version);
        :class:`_Broken` says what does not replay."""
        try:
            catalog = await self.catalogs.get(rec.content_version)
        except StorageUnavailable as exc:
            raise _unavailable(exc) from None
        except Exception as exc:  # no stored files for its content, or files that fail
            raise _Broken("other_version", f"its content version cannot be loaded: {exc}"
                          ) from exc
        data = {"format": save.FORMAT, "content_version": rec.content_version,
                "rules_version": rec.rules_version, "setup": rec.setup, "seed": rec.seed,
                "actions": [{"seat": seat, "action": action} for seat, action in actions]}
        try:
            return save.from_dict(data, catalogs={catalog.version: catalog})
        except BadSave as exc:
            raise _Broken(*_classify(exc)) from exc

    async def _found_damage(self, game_id: int, reason: str, detail: str,
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
        self._damaged[game_id] = damage
        if not damage.told and game_id not in self._announced:
            self._announced.add(game_id)
            update = await self._damage_update(damage)
            delivered = self.hub.publish(update)
            if delivered:
                self._persist_told(game_id)
            if self._resuming or not delivered:  # the front end may not listen yet
                self._notices[game_id] = update
        return _damaged(damage)

    async def _damage_update(self, damage: DamageRecord) -> Update:
        """The ``damaged`` update: what was found, the host (``user``), the seats and the
        record's Discord bookkeeping, as far as the rows still give them."""
        try:
            found = await self.store.salvage_game(damage.game_id)
        except StorageError:
            found = None
        rec = found.record if found is not None else None
        return Update(game_id=damage.game_id, version=0, revision=next(_REVISIONS),
                      status=rec.status if rec is not None else ACTIVE, cause=U.DAMAGED,
                      seats=_seat_copies(rec.seats) if rec is not None else [],
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

    # ------------------------------------------------------------------ other processes

    def _changed_elsewhere(self, game_id: int, version: int) -> None:
        """The store's notice that a game changed. A copy in memory that may not be the stored
        one (another version, a lobby, or ``version`` -1: changed by another process) is
        dropped and reloaded on next use; this process's own notices come while the game is
        pinned or carry the version it holds, and change nothing. A quarantined game is
        read again at its next use (repaired by another process, or still damaged)."""
        self._damaged.pop(game_id, None)
        live = self._games.get(game_id)
        if live is None:
            if game_id in self._loading:  # a load in flight may predate the change
                self._generations[game_id] = self._generations.get(game_id, 0) + 1
                del self._loading[game_id]
            return
        if live.pins:
            return
        held = live.game.version if live.game is not None else None
        if version >= 0 and held == version:
            return
        del self._games[game_id]
        self.images.forget(game_id)

    def _timers_changed(self) -> None:
        """Another process added, moved or deleted timers: the scheduler's owner reloads."""
        if self.scheduler.running and not self._closed:
            task = asyncio.create_task(self._reload_timers(), name="reload timers")
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    async def _reload_timers(self) -> None:
        self.scheduler.load(await self.store.timers())

    async def _claim_scheduler(self) -> None:
        """Every ``CLAIM_EVERY`` seconds: a process without the scheduler tries to take it
        (then loads the timers — another process may have left some due — and runs it); the
        owner of a shared store checks it still holds the claim (its connection may have died,
        and another process taken over) and stops firing when it does not."""
        while not self._closed:
            await self._sleep(CLAIM_EVERY)
            try:
                claimed = await self.store.claim_scheduler()
                if claimed and not self.scheduler.running:
                    self.scheduler.load(await self.store.timers())
                    self.scheduler.start()
                    log.info("this process now runs the deadline scheduler")
                    if not getattr(self.store, "shared", False):
                        return
                elif not claimed and self.scheduler.running:
                    await self.scheduler.stop()
                    log.warning("this process lost the deadline scheduler to another one")
            except Exception:
                log.exception("claiming the scheduler failed; trying again")

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
                        cause=cause, seats=_seat_copies(rec.seats))
        self.hub.publish(update)
        return update

    @staticmethod
    def _planned(rec: GameRecord, game: Game,
                 seats: dict[int, SeatRecord]) -> tuple[Decision, dict[str, Any]] | None:
        """The first open decision a queued plan answers now, with its action; plans that
        can no longer apply are dropped into ``seats`` (written with the moves)."""
        for d in driver.pending(game):
            seat = seats.get(d.seat, rec.seats[d.seat])
            if seat.plan is None or seat.user_id is None or seat.ai_takeover:
                continue
            plan = ahead.plan_from_dict(seat.plan)
            if ahead.expired(game, plan):
                seats[d.seat] = replace(seat, plan=None)
                continue
            action = ahead.resolve(game, d.seat, plan)
            if ahead.decision_kind(game, d.seat) == plan.kind:
                # the decision the plan was for is open: applied now, or asked as usual
                seats[d.seat] = replace(seat, plan=None)
            if action is not None:
                return d, action
        return None

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
                      rows: dict[int, ActionRecord], cause: str, *,
                      seats: dict[int, SeatRecord] | None = None, expired: Iterable[int] = (),
                      takeover: Iterable[int] = (), delete: Iterable[int] = ()) -> Update:
        """Write the clone's new rows (one transaction), then swap it in and publish.

        The same transaction updates the time-control state of ``seats`` (replacements of
        seat records) and makes the game's timers match its pending decisions: timers of
        decisions that closed are deleted, new decisions get theirs (``_plan``)."""
        ended = clone.is_over
        gid = live.record.id
        seats = dict(seats or {})
        planned = live.record.status == ACTIVE and (
            "time_control" in live.record.options or self.scheduler.of_game(gid))
        add: list[TimerRecord] = []
        dropped = list(delete)
        if planned:
            acted = {rows[i].seat: rows[i].submitted_by for i in sorted(rows)}
            add, more = self._plan(live.record, clone, seats, acted,
                                   status=FINISHED if ended else ACTIVE)
            dropped += [i for i in more if i not in dropped]
        ordered = [rows[i] for i in sorted(rows)]
        status = FINISHED if ended else None
        if add or dropped or seats:
            ids = await self.store.write_actions(
                gid, ordered, status, seats=[seats[k] for k in sorted(seats)],
                add_timers=add, delete_timers=dropped)
        else:  # the plain call (tests/crash_child.py wraps write_actions with this signature)
            await self.store.write_actions(gid, ordered, status)
            ids = []
        self._timers_written(add, ids, dropped)
        old = live.game
        live.game, live.rev = clone, next(_REVISIONS)
        # as the store does: updated_at is the newest row's time (never earlier than before)
        live.record.updated_at = max([live.record.updated_at, *(r.at for r in rows.values())])
        if ended:
            live.record.status = FINISHED
        for k, seat in seats.items():
            live.record.seats[k] = seat
        for i in sorted(rows):
            code = rows[i].seat * 4 + _author(rows[i].submitted_by)
            if i < len(live.authors):
                live.authors[i] = code
            else:
                live.authors.append(code)
        self.store.notify(gid, clone.version)
        by = [(rows[i].seat, rows[i].submitted_by) for i in sorted(rows)]
        return self._update(live, old, clone, res, cause, by, expired=sorted(expired),
                            takeover=sorted(takeover))

    def _update(self, live: _Live, old: Game | None, new: Game, res: Result, cause: str,
                by: list[tuple[int, str]], stale: set[int] | None = None, *,
                user: int | None = None, expired: list[int] | None = None,
                takeover: list[int] | None = None, until: float | None = None,
                dropped: int = 0, damage: DamageRecord | None = None) -> Update:
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
            scores, winners = final_ranking(new, live.record.seats)
        update = Update(
            game_id=live.record.id, version=new.version, revision=live.rev,
            status=live.record.status, cause=cause, by=by, public=list(res.public),
            words=(list(players), cat),
            private={s: list(evs) for s, evs in res.private.items()},
            waiting=_waiting(new, self._deadlines(live.record.id))
            if live.record.status == ACTIVE else [], board_changed=board,
            stale_panels=sorted(stale), over=over, scores=scores, winners=winners,
            seats=_seat_copies(live.record.seats), user=user, expired=expired or [],
            takeover=takeover or [], until=until,
            ai_share=_ai_share(live) if new.is_over else None, dropped=dropped,
            damage=damage, discord=dict(live.record.discord) if damage is not None else {})
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
        except Refusal as refusal:
            if refusal.code == R.STORAGE_UNAVAILABLE:  # logged by the store, once
                self._retry_later(game_id)
            elif refusal.code != R.DAMAGED:  # a damaged game waits for its repair
                log.warning("playing on game %s was refused: %r", game_id, refusal)
        except Exception:
            log.exception("playing on game %s failed", game_id)
        finally:
            self._tasks.pop(game_id, None)
            self._again.discard(game_id)

    def _retry_later(self, game_id: int) -> None:
        """The storage refused a write while the game played on: look again in
        ``STORAGE_RETRY`` seconds (and again, until it is back): no restart needed."""
        if self._closed or game_id in self._retrying:
            return

        async def retry() -> None:
            try:
                await self._sleep(STORAGE_RETRY)
                await self._sync_timers(game_id)
            except Refusal as refusal:
                if refusal.code == R.STORAGE_UNAVAILABLE:
                    self._retrying.pop(game_id, None)
                    self._retry_later(game_id)
                return
            finally:
                if self._retrying.get(game_id) is asyncio.current_task():
                    del self._retrying[game_id]
            self._kick(game_id)

        self._retrying[game_id] = asyncio.create_task(retry(), name=f"retry {game_id}")

    async def _play_step(self, game_id: int) -> bool:
        """Apply forced decisions, then let the AI seats the game waits for decide (in the
        pool, outside the lock) and apply their answers. Returns whether to look again."""
        async with self._locked(game_id) as live:
            if live.record.status != ACTIVE or live.game is None or live.game.is_over:
                return False
            clone = live.game.clone()
            rows: dict[int, ActionRecord] = {}
            res = Result()
            seats: dict[int, SeatRecord] = {}
            while True:  # the driver's step, one forced decision at a time (with its id)
                forced = [d for d in driver.pending(clone) if d.forced]
                if forced:
                    d = forced[0]
                    self._apply(clone, d.seat, d.actions[0], d.id, "forced", res, rows)
                    continue
                planned = self._planned(live.record, clone, seats)
                if planned is None:
                    break
                d, action = planned
                self._apply(clone, d.seat, action, d.id, "ahead", res, rows)
            if rows or seats:
                await self._commit(live, clone, res, rows, U.FORCED, seats=seats)
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
        out: dict[str, Any] = await self._in_pool(job)
        return out

    async def _think_many(self, level: str, items: list[tuple[dict[str, Any], Decision]],
                          game_seed: int | None, version: str,
                          files: dict[str, str] | None) -> list[dict[str, Any]]:
        """Several decisions of one game as ONE pool job (``scheduler.ai_batch``): the
        seats whose deadline passed together (a draft round) cost one round trip."""
        answers: list[dict[str, Any] | None] = [
            d.actions[0] if len(d.actions) == 1 else None for _, d in items]
        jobs = [(level, data, d.actions, decision_seed(game_seed, d.id, d.seat), version,
                 files, self.ai_options.get(level, {}))
                for (data, d), a in zip(items, answers, strict=True) if a is None]
        if jobs:
            decided = iter(await self._in_pool(partial(S.ai_batch, jobs)))
            answers = [a if a is not None else next(decided) for a in answers]
        return [a for a in answers if a is not None]

    async def run_ai_job(self, job: Callable[[], Any]) -> Any:
        """Run a picklable CPU-heavy job (an AI decision, a post-game review) in the AI
        pool, never on the event loop."""
        return await self._in_pool(job)

    async def _in_pool(self, job: Callable[[], Any]) -> Any:
        """Run an AI job in the pool (never on the event loop); a broken pool the service
        created is replaced once, else the job runs in a thread."""
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
        self._resuming = True  # damage found now is also kept for subscribers to come
        try:
            for gid in ids:
                try:
                    await self._sync_timers(gid)
                    self._kick(gid)
                except asyncio.CancelledError:
                    raise
                except Refusal as refusal:
                    if refusal.code == R.STORAGE_UNAVAILABLE:
                        self._retry_later(gid)
                    elif refusal.code != R.DAMAGED:  # quarantined: logged when found
                        log.warning("could not resume game %s: %r", gid, refusal)
                except Exception:
                    log.exception("could not resume game %s", gid)
        finally:
            self._resuming = False


    # ------------------------------------------------------------------ timers

    def _deadlines(self, game_id: int) -> dict[tuple[int, str | None], float]:
        return {(t.seat, t.decision_id): t.due for t in self.scheduler.of_game(game_id)
                if t.kind == DEADLINE}

    def _plan(self, rec: GameRecord, game: Game | None, seats: dict[int, SeatRecord],
              acted: dict[int, str] | None = None, *, status: str | None = None
              ) -> tuple[list[TimerRecord], list[int]]:
        """The timer changes that make the game's timers match its pending decisions: every
        decision a person must take (not a forced one) has a deadline and its reminders, and
        nothing else has a timer. ``seats`` holds the seat records changed by this change
        (and receives the time banks charged: a seat that acted (``acted``: its
        ``submitted_by``) pays the time it took, vacations not counted, and earns the
        increment)."""
        tc: dict[str, Any] | None = rec.options.get("time_control")
        existing = self.scheduler.of_game(rec.id)
        want: set[tuple[int, str]] = set()
        now = self.clock()
        status = status or rec.status
        if tc is not None and status == ACTIVE and game is not None and not game.is_over:
            for s in game.waiting_on():
                did = game.decision_ids[s]
                if did is not None and _person(seats.get(s, rec.seats[s])) \
                        and len(game.legal_actions(s)) > 1:
                    want.add((s, did))
        delete = [t.id for t in existing if (t.seat, t.decision_id) not in want]
        have = {(t.seat, t.decision_id) for t in existing if t.kind == DEADLINE}
        if tc is not None and tc["kind"] == "bank":
            for t in existing:
                who = (acted or {}).get(t.seat)
                if t.kind != DEADLINE or t.id not in delete or who is None:
                    continue
                seat = seats.get(t.seat, rec.seats[t.seat])
                left = 0.0
                if who != U.DEADLINE:
                    opened = float(t.payload.get("opened", now))
                    took = now - opened - S.paused(self._vacations.get(seat.user_id or 0, []),
                                                   opened, now)
                    left = max(0.0, float(t.payload.get("bank", 0.0)) - max(0.0, took))
                bank = min(float(tc["cap"]), left + float(tc["increment"]))
                seats[t.seat] = replace(seat, bank=round(bank, 3))
        add: list[TimerRecord] = []
        assert game is not None or not want
        for s, did in sorted(want - have):
            add.extend(self._new_timers(rec, tc or {}, seats.get(s, rec.seats[s]), did, now))
        return add, delete

    def _new_timers(self, rec: GameRecord, tc: dict[str, Any], seat: SeatRecord, did: str,
                    now: float) -> list[TimerRecord]:
        """A decision's deadline and reminders, opened now (pushed by a vacation)."""
        user = seat.user_id
        assert user is not None
        if tc["kind"] == "bank":
            window = float(tc["initial"] if seat.bank is None else seat.bank)
        else:
            window = float(tc["seconds"])
        base = now + window
        pause = S.paused(self._vacations.get(user, []), now)
        out = [TimerRecord(0, rec.id, seat.seat, DEADLINE, base + pause, did,
                           {"user": user, "opened": now, "base": base, "bank": window})]
        for at in S.reminder_times(now, base, tc.get("reminders", S.DEFAULT_REMINDERS)):
            out.append(TimerRecord(0, rec.id, seat.seat, REMINDER, at + pause, did,
                                   {"user": user, "opened": now, "base": at}))
        return out

    def _timers_written(self, add: list[TimerRecord], ids: list[int],
                        delete: Iterable[int]) -> None:
        """After the commit: the scheduler's mirror follows the store."""
        self.scheduler.discard(delete)
        self.scheduler.add(replace(t, id=i) for t, i in zip(add, ids, strict=True))

    async def _save(self, rec: GameRecord, game: Game | None) -> None:
        """``store.save_game`` with the game's timers made to match, in its transaction."""
        add: list[TimerRecord] = []
        delete: list[int] = []
        if "time_control" in rec.options or self.scheduler.of_game(rec.id):
            add, delete = self._plan(rec, game, {})
        if add or delete:
            ids = await self.store.save_game(rec, add_timers=add, delete_timers=delete)
            self._timers_written(add, ids, delete)
        else:
            await self.store.save_game(rec)

    async def _sync_timers(self, game_id: int) -> None:
        """Make a resumed game's timers match its pending decisions (a game stored before
        time control existed, or by another version)."""
        async with self._locked(game_id) as live:
            if "time_control" not in live.record.options and not self.scheduler.of_game(
                    game_id):
                return
            add, delete = self._plan(live.record, live.game, {})
            if add or delete:
                ids = await self.store.change_timers(add, delete)
                self._timers_written(add, ids, delete)

    async def _fire_timers(self, key: GroupKey, timers: list[TimerRecord]) -> None:
        """The scheduler's callback: a game's due deadlines, or a user's due reminders."""
        kind, ident = key
        try:
            if kind == "game":
                await self._fire_deadlines(ident, timers)
            else:
                await self._fire_reminders(ident, timers)
        except StorageUnavailable:
            pass  # logged by the store once; the timers stay and are fired again later
        except Refusal as refusal:
            if refusal.code not in (R.STORAGE_UNAVAILABLE, R.DAMAGED):
                raise

    async def _fire_deadlines(self, game_id: int, timers: list[TimerRecord]) -> None:
        """Deadlines that passed: the greedy AI decides for each expired seat (and finishes
        its feeding or medals step), stored with ``submitted_by`` ``deadline``; each expiry is
        a strike, and the last allowed strike lets the AI take the seat over. ONE transaction
        writes the moves, deletes the fired timers (and any other obsolete one), arms the new
        decisions' timers and records the strikes: a kill before its commit leaves the timers
        to fire again after a restart, a kill after it leaves the moves and no timer."""
        try:
            async with self._locked(game_id) as live:
                await self._expire(live, timers)
                game, rec = live.game, live.record
                more = game is not None and rec.status == ACTIVE and any(
                    not _person(rec.seats[s]) or len(game.legal_actions(s)) == 1
                    for s in game.waiting_on())
        except Refusal as refusal:
            if refusal.code == R.DAMAGED:  # its timers wait in the store for the repair
                self.scheduler.discard(t.id for t in self.scheduler.of_game(game_id))
                return
            if refusal.code != R.NOT_FOUND:
                raise
            # the game is gone
            await self.store.change_timers(delete=[t.id for t in timers])
            self.scheduler.discard(t.id for t in timers)
            return
        if more:  # an AI seat, a taken-over seat or a forced decision: play on
            self._kick(game_id)

    async def _expire(self, live: _Live, timers: list[TimerRecord]) -> None:
        rec, game = live.record, live.game
        now = self.clock()
        current = [c for t in timers if (c := self.scheduler.get(t.id)) is not None]
        if not current:
            return  # deleted meanwhile: the player acted (in the same transaction)
        if rec.status != ACTIVE or game is None or game.is_over:
            ids = [t.id for t in self.scheduler.of_game(rec.id)]
            await self.store.change_timers(delete=ids)
            self.scheduler.discard(ids)
            return
        expired: list[TimerRecord] = []
        obsolete: list[int] = []
        for t in current:
            if t.due > now:
                continue  # moved into the future meanwhile (a vacation)
            if (t.kind == DEADLINE and game.decision_ids[t.seat] == t.decision_id
                    and game.commits[t.seat] is None and _person(rec.seats[t.seat])):
                expired.append(t)
            elif t.kind == DEADLINE:
                obsolete.append(t.id)
        if not expired:
            if obsolete:
                await self.store.change_timers(delete=obsolete)
                self.scheduler.discard(obsolete)
            return
        tc = rec.options.get("time_control") or {}
        clone = game.clone()
        rows: dict[int, ActionRecord] = {}
        res = Result()
        first = clone.step
        todo = sorted({t.seat for t in expired})
        version = clone.catalog.version
        files = self.catalogs.files(version)
        for _ in range(64):  # the seat's feeding or medals step may take several decisions
            decisions = []
            for s in todo:
                did = clone.decision_ids[s]
                if did is not None and clone.commits[s] is None:
                    acts = clone.legal_actions(s)
                    decisions.append(Decision(did, s, clone.step, acts, len(acts) == 1,
                                              False))
            if not decisions:
                break
            answers = await self._think_many(
                S.TIMER_LEVEL, [(view(clone, d.seat), d) for d in decisions], clone.seed,
                version, files)
            for d, action in zip(decisions, answers, strict=True):
                try:
                    self._apply(clone, d.seat, action, d.id, U.DEADLINE, res, rows)
                except HadaraError:
                    log.exception("AI answered expired decision %s of game %s illegally",
                                  d.id, rec.id)
                    self._apply(clone, d.seat, d.actions[0], d.id, U.DEADLINE, res, rows)
            if clone.step != first or first not in ("feeding", "medals"):
                break
        seats: dict[int, SeatRecord] = {}
        takeover = []
        limit = int(tc.get("strikes", S.DEFAULT_STRIKES))
        for s in sorted({t.seat for t in expired}):
            seat = rec.seats[s]
            strikes = seat.strikes + 1
            taken = strikes >= limit
            if taken:
                takeover.append(s)
            seats[s] = replace(seat, strikes=strikes, ai_takeover=taken,
                               votes=[] if taken else seat.votes)
        # the fired timers go in this transaction whatever the plan says
        for t in expired:
            for extra in self.scheduler.of_game(rec.id):
                if extra.seat == t.seat and extra.decision_id == t.decision_id \
                        and extra.kind == DEADLINE and extra.id != t.id:
                    obsolete.append(extra.id)
        await self._commit(live, clone, res, rows, U.DEADLINE, seats=seats,
                           expired=[t.seat for t in expired], takeover=takeover,
                           delete=[t.id for t in expired] + obsolete)

    async def _fire_reminders(self, user_id: int, timers: list[TimerRecord]) -> None:
        """A user's due reminders, merged with their others due within ``MERGE_WINDOW``
        into one ``reminder`` update; in their quiet hours they wait until the hours end
        (dropped if the deadline comes first). Deleted before publishing: a kill between
        the two loses one reminder rather than sending it twice."""
        now = self.clock()
        mine = {t.id for t in timers}
        extra = self.scheduler.claim([t.id for t in self.scheduler.of_user(user_id)
                                      if t.id not in mine and t.due <= now + S.MERGE_WINDOW])
        try:
            group = [c for t in [*timers, *extra] if (c := self.scheduler.get(t.id))]
            group = [t for t in group if t.id not in mine or t.due <= now]
            if not group:
                return
            deadlines: dict[tuple[int, int, str | None], float] = {}
            for gid in {t.game_id for t in group}:
                for t in self.scheduler.of_game(gid):
                    if t.kind == DEADLINE:
                        deadlines[(gid, t.seat, t.decision_id)] = t.due
            live_ones = [t for t in group  # a reminder after its deadline is pointless
                         if deadlines.get((t.game_id, t.seat, t.decision_id), now) > now]
            drop = [t.id for t in group if t not in live_ones]
            settings = await self.store.get_user_settings(user_id)
            later = S.quiet_until(now, settings)
            if later is not None:
                moved = [(t.id, later) for t in live_ones
                         if later < deadlines[(t.game_id, t.seat, t.decision_id)]]
                drop += [t.id for t in live_ones if t.id not in dict(moved)]
                if drop:
                    await self.store.change_timers(delete=drop)
                    self.scheduler.discard(drop)
                if moved:
                    await self.store.move_timers(moved)
                    self.scheduler.move(moved)
                return
            reminders = sorted({(t.game_id, t.seat, t.decision_id):
                                Reminder(t.game_id, t.seat,
                                         deadlines[(t.game_id, t.seat, t.decision_id)],
                                         t.decision_id) for t in live_ones}.values(),
                               key=lambda r: (r.deadline, r.game_id, r.seat))
            ids = [t.id for t in group]
            await self.store.change_timers(delete=ids)
            self.scheduler.discard(ids)
            if reminders:
                first = await self._load(reminders[0].game_id)
                game = first.game
                update = Update(
                    game_id=first.record.id, version=game.version if game else 0,
                    revision=first.rev, status=first.record.status, cause=U.REMINDER,
                    waiting=_waiting(game, self._deadlines(first.record.id)) if game else [],
                    seats=_seat_copies(first.record.seats), user=user_id,
                    reminders=reminders)
                self.hub.publish(update)
        finally:
            self.scheduler.release([t.id for t in extra])

    # ------------------------------------------------------------------ vacations

    def _away_now(self, user_id: int, now: float) -> Vacation | None:
        return next((v for v in self._vacations.get(user_id, [])
                     if v.start <= now < v.end), None)

    @asynccontextmanager
    async def _games_of(self, user_id: int) -> AsyncIterator[list[_Live]]:
        """The user's active games, each locked (in id order: no deadlock)."""
        ids = await self.store.games_of_user(user_id, (ACTIVE,))
        async with AsyncExitStack() as stack:
            lives = []
            for gid in sorted(ids):
                live = await stack.enter_async_context(self._locked(gid))
                if live.record.status == ACTIVE:
                    lives.append(live)
            yield lives

    def _repush(self, user_id: int, lives: list[_Live], vacations: list[Vacation]
                ) -> list[tuple[int, float]]:
        """The user's timers' due times under ``vacations``: the time as opened plus every
        vacation after the opening."""
        dues = []
        for live in lives:
            for t in self.scheduler.of_game(live.record.id):
                if t.payload.get("user") != user_id or "base" not in t.payload:
                    continue
                due = float(t.payload["base"]) + S.paused(vacations,
                                                          float(t.payload["opened"]))
                if due != t.due:
                    dues.append((t.id, due))
        return dues

    def _publish_clock(self, lives: list[_Live], cause: str, user_id: int,
                       until: float | None) -> list[Update]:
        out = []
        for live in lives:
            game = live.game
            if game is None:
                continue
            live.rev = next(_REVISIONS)
            mine = {s.seat for s in live.record.seats if s.user_id == user_id}
            out.append(self._update(live, game, game, Result(), cause, [], stale=mine,
                                    user=user_id, until=until))
        return out

    def _person_seat(self, rec: GameRecord, user_id: int) -> int:
        """The user's seat, even when the AI has taken it over (not when conceded)."""
        return self._seat_of(rec, user_id)


# ---------------------------------------------------------------------- helpers


class _Broken(Exception):
    """A stored game that does not rebuild: the damage's reason, detail and first bad
    action (``seq``; None: not an action)."""

    def __init__(self, reason: str, detail: str, seq: int | None = None) -> None:
        super().__init__(detail)
        self.reason, self.detail, self.seq = reason, detail, seq


@dataclass
class _Diagnosis:
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
            problem = ("bad_json" if r.text is not None else
                       self.reason if r.seq == self.seq and self.reason != "missing_row"
                       else "after_damage")
            actions.append({"seq": r.seq, "seat": r.seat if type(r.seat) is int else None,
                            "submitted_by": r.submitted_by, "decision_id": r.decision_id,
                            "at": r.at, "problem": problem,
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


_ACTION_FIELD = re.compile(r"actions\[(\d+)\]")


def _classify(exc: BadSave) -> tuple[str, str, int | None]:
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


def _problem(rec: GameRecord, seqs: list[int]) -> tuple[str, str, int | None] | None:
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


def _damaged(damage: DamageRecord) -> Refusal:
    return Refusal(R.DAMAGED, "This game's stored record is damaged; the server's managers "
                   "have been told.", damage.reason, game_id=damage.game_id)


def _unavailable(exc: StorageUnavailable) -> Refusal:
    return Refusal(R.STORAGE_UNAVAILABLE, "Your move was not taken: the game cannot be saved "
                   "right now. Try again in a moment.", exc.kind)


@asynccontextmanager
async def _storage() -> AsyncIterator[None]:
    """A storage fault in the block becomes the refusal ``storage_unavailable``."""
    try:
        yield
    except StorageUnavailable as exc:
        raise _unavailable(exc) from None


def _check_id(game_id: Any) -> None:
    """``not_found`` for a game id no store can hold (not an int in 1..MAX_ID)."""
    if type(game_id) is not int or not 0 < game_id <= MAX_ID:
        raise Refusal(R.NOT_FOUND, "There is no such game.", game_id=str(game_id)[:20])


def _valid_user(user_id: Any) -> bool:
    return type(user_id) is int and 0 <= user_id <= MAX_ID


def _check_user(user_id: Any, reason: str = "bad_user") -> int:
    """A user (or server) id the stores can hold, else ``bad_request``."""
    if not _valid_user(user_id):
        raise Refusal(R.BAD_REQUEST, "That id is not valid.", reason)
    return int(user_id)


def _storable(value: Any) -> bool:
    """Whether ``value`` is JSON the stores can keep (UTF-8 text, no NaN)."""
    try:
        json.dumps(value, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except (TypeError, ValueError, RecursionError):
        return False
    return True


#: Characters that show nothing (besides the categories Cc, Cf, Z*, Mn, Me): Hangul fillers,
#: the Braille blank, Khmer vowel inherents, the Mongolian vowel separator …
_BLANK = frozenset("\u115f\u1160\u17b4\u17b5\u180e\u2800\u3164\uffa0")
#: Format characters kept inside a name: the zero-width (non-)joiners of emoji and scripts
#: (Persian, Indic …) and the tag characters of flag emoji; every other Cf (bidi controls,
#: zero-width space, word joiner, BOM, soft hyphen …) and every control character is removed.
_KEEP_FORMAT = frozenset("\u200c\u200d") | frozenset(chr(c) for c in range(0xE0020, 0xE0080))


def _visible(ch: str) -> bool:
    return ch not in _BLANK and unicodedata.category(ch)[0] not in "CZM"


def _clean_name(name: Any, taken: list[str]) -> str:
    """A seat name: NFC-normalised, control and invisible format characters removed,
    whitespace collapsed, at most MAX_NAME characters, distinct from ``taken``. Refused
    (``bad_request``): no text (``bad_name``), a lone surrogate (``bad_characters``, text
    that is not Unicode), nothing visible (``invisible_name``)."""
    if type(name) is not str or not name.strip():
        raise Refusal(R.BAD_REQUEST, "A name is needed.", "bad_name", max=MAX_NAME)
    if any("\ud800" <= ch <= "\udfff" for ch in name):
        raise Refusal(R.BAD_REQUEST, "That name holds characters that are not text.",
                      "bad_characters", max=MAX_NAME)
    text = "".join(ch for ch in unicodedata.normalize("NFC", name)
                   if ch in _KEEP_FORMAT or unicodedata.category(ch) not in ("Cc", "Cf"))
    if not any(_visible(ch) for ch in text):
        raise Refusal(R.BAD_REQUEST, "A name needs at least one visible character.",
                      "invisible_name", max=MAX_NAME)
    base = " ".join(text.split())[:MAX_NAME]
    out, k = base, 2
    while out in taken:
        suffix = f" {k}"
        out = base[:MAX_NAME - len(suffix)] + suffix
        k += 1
    return out


def _ai_level(rec: GameRecord, seat: int) -> str | None:
    """Who decides for a seat without asking: its AI level, greedy once conceded or taken
    over after missed deadlines (or by the other players' vote)."""
    s = rec.seats[seat]
    if s.ai_level is not None:
        return s.ai_level
    if s.conceded:
        return CONCEDED_LEVEL
    return S.TIMER_LEVEL if s.ai_takeover else None


def _seat_copies(seats: list[SeatRecord]) -> list[SeatRecord]:
    """Copies of seat records for an update (``copy.deepcopy`` is ten times slower)."""
    return [replace(s, votes=list(s.votes)) for s in seats]


def _person(s: SeatRecord) -> bool:
    """A seat a person plays now (their clock runs)."""
    return s.user_id is not None and not s.conceded and not s.ai_takeover


def _waiting(game: Game, deadlines: dict[tuple[int, str | None], float] | None = None
             ) -> list[Waiting]:
    out = []
    for s in game.waiting_on():
        did = game.decision_ids[s]
        if did is not None:
            out.append(Waiting(s, did, game.step, (deadlines or {}).get((s, did))))
    return out


# authors of logged decisions (_Live.authors): forced, a person, an AI (for the seat)
_FORCED, _PERSON, _MACHINE = 0, 1, 2


def _author(submitted_by: str) -> int:
    if submitted_by.startswith("user:"):
        return _PERSON
    return _FORCED if submitted_by == "forced" else _MACHINE


def _ai_share(live: _Live) -> dict[int, float]:
    """Per seat, the share of its decisions (forced ones not counted) made by an AI: an AI
    seat's are all; a person's counts deadlines, concession and takeover. A rated game whose
    seat was played by AI for most of it (share > 0.5) marks that seat."""
    n = len(live.record.seats)
    person, machine = [0] * n, [0] * n
    for code in live.authors:
        seat, who = divmod(code, 4)
        if seat < n:
            if who == _PERSON:
                person[seat] += 1
            elif who == _MACHINE:
                machine[seat] += 1
    return {s: (machine[s] / (person[s] + machine[s]) if person[s] + machine[s] else 0.0)
            for s in range(n)}


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
