"""The game service: tables, seats, submissions, playing on, updates and images.

No Discord here: a front end calls these coroutines and subscribes to :class:`Update`s. Time
comes from the injected ``clock``. Documentation: docs/service.md.

:class:`GameService` is the entry point of the application, a façade over the parts it owns
(each holds explicit references to what it needs; they are wired in the constructor):

* ``live`` (:mod:`.live`): the games in memory, a cache of the store: loaded (replayed)
  once, locked, evicted, dropped when changed elsewhere;
* ``writes`` (:mod:`.writes`): the one write path, apply to a clone, write, swap, publish;
* ``lobby`` (:mod:`.lobby`) and ``play`` (:mod:`.play`): the calls on a table and on a game;
* ``playon`` (:mod:`.playon`): forced moves, queued plans and the AI, and the AI pool;
* ``timers`` and ``time_control`` (:mod:`.clock`): deadlines, reminders, vacations, votes;
* ``quarantine`` and ``repairs`` (:mod:`.repair`): damaged games;
* ``screens`` (:mod:`.screens`): what a front end shows, one call per click or message;
* reading, access and images are answered here.

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
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from concurrent.futures import Executor
from contextlib import AbstractAsyncContextManager
from functools import partial
from typing import Any

from bot import access, limits
from bot.storage.base import ACTIVE, LOBBY, DamageRecord, GameRecord, Store, TimerRecord
from hadara.engine import Game
from hadara.errors import HadaraError
from hadara.options import options as option_list
from hadara.views import spectator_view, view

from . import edges, refusals
from .ai import DEFAULT_OPTIONS
from .clock import TimeControl, Timers
from .content import Catalogs
from .edges import MAX_ID
from .follow import Digest, Follows
from .fork import Forks
from .images import ImageCache, Key, render_job, shared_cache
from .languages import Languages
from .live import GameSnapshot, Live, LiveGames, ai_share
from .lobby import AI_NAMES, MAX_SEATS, MIN_SEATS, Lobby
from .play import UNDO_RATED, Play
from .playon import STORAGE_RETRY, PlayOn
from .refusals import Refusal
from .repair import Quarantine, Repairs
from .replay import Replays, ReplayStep
from .scheduler import GroupKey, Scheduler
from .screens import BoardState, Chosen, PanelState, QueueState, Screens
from .updates import Hub, Target, Update, Waiting, final_ranking, waiting_for
from .writes import Writes

__all__ = ["AI_NAMES", "DEFAULT_MAX_GAMES", "MAX_ID", "MAX_SEATS", "MIN_SEATS",
           "STORAGE_RETRY", "GameService", "GameSnapshot", "final_ranking"]

log = logging.getLogger(__name__)

DEFAULT_MAX_GAMES = 256  # games kept in memory (least recently used evicted when idle)


def _new_seed() -> int:
    """A started game's seed (league simulations and tests patch this module's ``secrets``)."""
    return secrets.randbits(63)


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
        self.render_pool = render_pool
        self.images = image_cache if image_cache is not None else shared_cache()
        self.ai_options = {**DEFAULT_OPTIONS, **(ai_options or {})}
        self.catalogs = Catalogs(store)
        self.hub = Hub()
        self.languages = Languages(store)  # who reads which language
        self.rate_limits = limits.RateLimits(clock)  # per-user bounds (bot/limits.py)
        # the parts, in the order they need each other
        self.scheduler = Scheduler(clock, sleep, self._fire_timers)  # the one timer task
        self.quarantine = Quarantine(store, clock, self.hub)
        self.live = LiveGames(store, self.catalogs, self.images, self.quarantine, max_games)
        self.timers = Timers(store, clock, self.scheduler, self.live)
        self.writes = Writes(store, clock, self.hub, self.timers)
        self.playon = PlayOn(self.live, self.writes, self.timers, self.catalogs, sleep,
                             ai_pool, self.ai_options)
        self.live.busy = self.playon.running  # a game playing on stays in memory
        self.lobby = Lobby(store, clock, self.live, self.writes, self.catalogs, _new_seed)
        self.play = Play(store, clock, self.live, self.writes)
        self.time_control = TimeControl(
            store, clock, sleep, scheduler=self.scheduler, timers=self.timers, live=self.live,
            writes=self.writes, playon=self.playon, hub=self.hub, catalogs=self.catalogs)
        self.repairs = Repairs(store, clock, self.hub, self.live, self.quarantine,
                               self.writes, self.scheduler)
        self.follows = Follows(store, clock, self.live, self.hub)  # followers, digests
        self.screens = Screens(self, self.live)
        self.replays = Replays(self)  # the replay viewer (bot/service/replay.py)
        self.forks = Forks(store, clock, self.live, self.writes)  # practice games (fork.py)
        self._resume: asyncio.Task[None] | None = None
        self._opened = False

    # ------------------------------------------------------------------ life cycle

    async def open(self) -> None:
        """Resume every ACTIVE game in the background: each is loaded (replayed from the
        store) and any AI or forced decision that was pending when the process stopped is
        played on. Games that wait for people are evicted again when memory is full."""
        await self.store.open()  # idempotent; the caller closes the store
        await self.quarantine.open()  # the damage marks, and the updates still to tell
        ids = [g for g in await self.store.game_ids((ACTIVE,))
               if g not in self.quarantine.damaged]
        await self.timers.open()  # the vacations and every stored timer
        self.playon.closed = False
        self._opened = True
        # several processes over one database: another's change drops our stale copy, and
        # only the process holding the scheduler's claim fires timers
        self.live.listen()
        await self.time_control.open()
        self._resume = asyncio.create_task(self._resume_all(ids))

    async def close(self) -> None:
        """Stop playing on (what is stored stays; ``open`` resumes it) and free the pools."""
        self._opened = False
        self.playon.closed = True  # nothing new plays on
        self.live.unlisten()
        await self.time_control.close()
        await self.playon.close(self._resume)

    async def idle(self, game_id: int | None = None) -> None:
        """Wait until nothing plays on (in ``game_id``, or anywhere) and resuming is done;
        without ``game_id`` also until no timer is being fired."""
        while True:
            tasks: list[asyncio.Task[None]] = []
            if game_id is None and self._resume is not None and not self._resume.done():
                tasks.append(self._resume)
            if game_id is None:
                tasks.extend(self.scheduler.firing)
            for gid, task in list(self.playon.tasks.items()):
                if game_id in (None, gid):
                    tasks.append(task)
            if not tasks:
                return
            await asyncio.wait(tasks)

    def subscribe(self, target: Target, game_id: int | None = None) -> Callable[[], None]:
        """Receive every :class:`Update` (of one game, if given): a callback or an
        ``asyncio.Queue``. Returns the unsubscribe function. A new subscriber also receives,
        right after subscribing, the ``damaged`` updates not yet delivered to anyone (games
        found damaged at start, before the front end subscribed)."""
        unsubscribe = self.hub.subscribe(target, game_id)
        self.quarantine.subscribed(target, game_id)
        return unsubscribe

    async def _resume_all(self, ids: list[int]) -> None:
        self.quarantine.resuming = True  # damage found now is also kept for subscribers
        try:
            await self.playon.resume_all(ids)
        finally:
            self.quarantine.resuming = False

    async def _fire_timers(self, key: GroupKey, timers: list[TimerRecord]) -> None:
        """The scheduler's callback: a game's due deadlines, or a user's due reminders."""
        await self.time_control.fire(key, timers)

    # ------------------------------------------------------------------ lobby

    async def create(self, host_user_id: int, host_name: str | None = None, *,
                     seats: int = MAX_SEATS, variant: str = "basic", rated: bool = False,
                     hints: bool = True, options: dict[str, Any] | None = None,
                     time_control: Any = None) -> int:
        """A new table in the lobby; the host takes the first seat when ``host_name`` is
        given. ``seats`` is the table size (2–5); ``time_control`` a deadline per decision
        or a time bank (``scheduler.parse_time_control``; default none). Returns the game
        id."""
        return await self.lobby.create(host_user_id, host_name, seats=seats, variant=variant,
                                       rated=rated, hints=hints, options=options,
                                       time_control=time_control)

    async def join(self, game_id: int, user_id: int, name: str) -> Update:
        """Take a free seat at a table in its lobby."""
        return await self.lobby.join(game_id, user_id, name)

    async def leave(self, game_id: int, user_id: int) -> Update:
        """Give up a seat in the lobby (in a started game, concede instead). A leaving host
        hands the table to the next person seated; a table left with nobody is abandoned."""
        return await self.lobby.leave(game_id, user_id)

    async def add_ai(self, game_id: int, level: str = "greedy",
                     by_user: int | None = None) -> Update:
        """Seat an AI of ``level`` (random, greedy, ismcts); with ``by_user``, only the host
        may."""
        return await self.lobby.add_ai(game_id, level, by_user)

    async def remove_ai(self, game_id: int, seat: int, by_user: int | None = None) -> Update:
        """Remove the AI at lobby seat ``seat``; with ``by_user``, only the host may."""
        return await self.lobby.remove_ai(game_id, seat, by_user)

    async def start(self, game_id: int, by_user: int | None) -> Update:
        """The host starts the game with the seated players (at least 2); ``by_user`` None:
        a manager of the game's server, whom the access policy let through. The seed decides
        the seat order: from here on, seats are the engine's seats. Then it plays on."""
        update = await self.lobby.start(game_id, by_user)
        self.playon.kick(game_id)
        return update

    # ------------------------------------------------------------------ playing

    async def submit(self, game_id: int, user_id: int, decision_id: str,
                     action: dict[str, Any]) -> Update:
        """Apply a person's action to the decision ``decision_id`` (from the component they
        clicked). Returns the published update as soon as the action is stored; the AI and
        forced decisions that follow are played on in the background. Raises
        :class:`Refusal` (engine refusals keep their reason and params); a refused action
        changes nothing and writes nothing."""
        update = await self.play.submit(game_id, user_id, decision_id, action)
        self.playon.kick(game_id)
        return update

    async def undo(self, game_id: int, user_id: int, move: int | None = None) -> Update:
        """Take back the user's last decision while that is harmless (``Play.undo``):
        ``move``, the log index of the choice a "Take back" button was drawn after, must
        still be that decision (else ``stale``); None takes back whatever it is now
        (``/hadara-replay undo``). Nothing plays on afterwards: the game waits for the user."""
        return await self.play.undo(game_id, user_id, move)

    async def undo_rated(self, guild_id: int) -> bool:
        """Whether the server's rated games allow taking a move back."""
        return bool((await self.store.get_guild_settings(guild_id)).get(UNDO_RATED))

    async def set_undo_rated(self, guild_id: int, allowed: bool) -> None:
        """Whether the server's rated games allow taking a move back (off by default)."""
        settings = await self.store.get_guild_settings(guild_id)
        await self.store.set_guild_settings(guild_id, {**settings, UNDO_RATED: bool(allowed)})

    async def fork(self, game_id: int, user_id: int, index: int,
                   level: str | None = None) -> int:
        """A private practice table forked from the user's own decision at log index
        ``index`` of the finished game ``game_id``: the original's setup, seed and rows before
        it, the user's seat kept, every other seat an AI (``level``: default the table's),
        never rated (bot/service/fork.py). Returns the new game id, still in its lobby: the
        front end gives it a thread, then calls :meth:`start_fork`."""
        return await self.forks.create(game_id, user_id, index, level)

    async def forkable(self, game_id: int, user_id: int, index: int) -> bool:
        """Whether :meth:`fork` would take the user's decision at log ``index``."""
        return await self.forks.forkable(game_id, user_id, index)

    async def start_fork(self, game_id: int, user_id: int) -> Update:
        """The practice game at its moment; then it plays on (the AI seats move)."""
        update = await self.forks.start(game_id, user_id)
        self.playon.kick(game_id)
        return update

    async def concede(self, game_id: int, user_id: int) -> Update:
        """The user gives up their seat: the greedy AI plays it for the rest of the game and
        it ranks last."""
        update = await self.play.concede(game_id, user_id)
        self.playon.kick(game_id)
        return update

    async def abandon(self, game_id: int, by_user: int | None, is_admin: bool = False) -> Update:
        """End a game in its lobby or in play without result (the host, or an admin); the
        record and its log are kept."""
        return await self.play.abandon(game_id, by_user, is_admin)

    async def set_discord(self, game_id: int, values: dict[str, Any]) -> None:
        """Merge front-end bookkeeping (guild, channel, thread, message ids) into the
        record's ``discord`` field. Front ends change a game's record only through the
        service (a direct ``store.save_game`` would be overwritten by the next change)."""
        await self.play.set_discord(game_id, values)

    async def plan_options(self, game_id: int, user_id: int) -> dict[str, Any]:
        """What the user may queue now for their coming Phase-B, colony or statue decision
        (``bot.service.ahead.plan_options``), with the plan already queued (``queued``)."""
        return await self.play.plan_options(game_id, user_id)

    async def queue(self, game_id: int, user_id: int, plan: dict[str, Any] | None) -> Update:
        """Queue the user's choice for their coming Phase-B, colony or statue decision (a
        plan of ``bot.service.ahead``, as its JSON); ``None`` withdraws it. The plan is
        applied the moment that decision opens if it is still legal at the same price,
        otherwise the player is asked as usual; one plan per seat, replaced by the next."""
        update = await self.play.queue(game_id, user_id, plan)
        self.playon.kick(game_id)  # the decision may be open already
        return update

    # ------------------------------------------------------------------ time control

    async def rejoin(self, game_id: int, user_id: int) -> Update:
        """The player takes their seat back from the AI that played it after missed
        deadlines (or the other players' vote); their strikes start again from zero."""
        return await self.time_control.rejoin(game_id, user_id)

    async def vote_takeover(self, game_id: int, voter_user: int, seat: int) -> Update:
        """``voter_user`` votes to let the greedy AI play the absent ``seat``; when a
        majority of the other people at the table (more than half of them, the absent
        player not counted) voted, the AI takes the seat over until its player rejoins.
        Publishes ``vote`` (``seats[seat].votes``) or ``takeover`` (then it plays on)."""
        update = await self.time_control.vote_takeover(game_id, voter_user, seat)
        if update.takeover:
            self.playon.kick(game_id)
        return update

    async def away(self, user_id: int, days: float,
                   guild_ids: Iterable[int] = ()) -> list[Update]:
        """A vacation from now for ``days`` days: the player's clocks stand still in all
        their games (deadlines and reminders pushed by the time away, time banks don't
        run). At most the yearly allowance (a rolling 365 days) of the smallest among the
        servers of their active games (``record.discord["guild"]``) and ``guild_ids``;
        ``DEFAULT_AWAY_DAYS`` where none was set. Publishes ``away`` per active game;
        returns those updates."""
        return await self.time_control.away(user_id, days, guild_ids)

    async def back(self, user_id: int) -> list[Update]:
        """End the user's vacation now: their clocks run again (deadlines pulled in by the
        time not taken). Publishes ``back`` per active game; returns those updates."""
        return await self.time_control.back(user_id)

    async def away_until(self, user_id: int) -> float | None:
        """When the user's current vacation ends (None: not away)."""
        return self.time_control.away_until(user_id)

    async def set_away_allowance(self, guild_id: int, days: float | None) -> None:
        """A server's vacation days per rolling year (admins; None: the default,
        ``DEFAULT_AWAY_DAYS``)."""
        await self.time_control.set_away_allowance(guild_id, days)

    async def catch_up(self, game_id: int, seat: int) -> dict[str, Any]:
        """What happened since ``seat`` last acted itself (its person's last stored action;
        the start if never): ``{"seat", "since": the log index after that action, "actions":
        how many were taken since, "events": public events, "lines": the same in English,
        "deadline": the seat's current deadline or None}``. Recomputed from the stored log
        (replayed up to that action, then on with the events collected), so it costs no
        memory and survives restarts; a few milliseconds per call."""
        return await self.time_control.catch_up(game_id, seat)

    # ------------------------------------------------------------------ damaged games

    async def damaged_games(self) -> list[DamageRecord]:
        """Every game marked damaged in the store (by any process), by id: ``reason``,
        ``detail`` (English, for admins), ``seq`` of the first bad action, ``found_at``,
        ``told``."""
        async with edges.storage():
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
        return await self.repairs.preview(game_id)

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
        update = await self.repairs.repair(game_id, keep)
        if self._opened:
            try:
                await self.timers.sync(game_id)
            except Refusal as refusal:
                log.warning("game %s: timers not synced after the repair: %r", game_id,
                            refusal)
            self.playon.kick(game_id)
        return update

    # ------------------------------------------------------------------ reading

    async def load(self, game_id: int) -> GameSnapshot:
        """The game's record and state (copies)."""
        live = await self.live.load(game_id)
        return GameSnapshot(copy.deepcopy(live.record),
                            live.game.clone() if live.game is not None else None, live.rev,
                            ai_share(live))

    async def seat_of(self, game_id: int, user_id: int) -> int | None:
        """The user's seat (the engine's, once started), or None."""
        live = await self.live.load(game_id)
        return next((s.seat for s in live.record.seats if s.user_id == user_id), None)

    async def view(self, game_id: int, seat: int | None = None) -> dict[str, Any]:
        """``hadara.views.view`` of the live game (None: the spectator's)."""
        game = edges.started(await self.live.load(game_id))
        try:
            return view(game, seat)
        except HadaraError as exc:
            raise Refusal.from_engine(exc) from None

    async def options(self, game_id: int, seat: int) -> list[dict[str, Any]]:
        """``hadara.options.options`` for a seat: its actions with labels, legal or not."""
        game = edges.started(await self.live.load(game_id))
        try:
            return option_list(game, seat)
        except HadaraError as exc:
            raise Refusal.from_engine(exc) from None

    async def waiting(self, game_id: int) -> list[Waiting]:
        """Who must act now, on which decision, and until when (``Waiting.deadline``)."""
        live = await self.live.load(game_id)
        if live.game is None:
            return []
        return waiting_for(live.game, self.timers.deadlines(game_id))

    # ------------------------------------------------------------------ access

    async def authorize(self, actor: access.Actor, game_id: int, operation: str, *,
                        seat: int | None = None) -> access.GameFacts:
        """The access policy (``bot/access.py``) for ``actor`` doing ``operation`` to the
        game (to ``seat``, for a component of one seat): the game's facts when allowed, else
        Refusal ``denied`` with the policy's reason. Reads the live record only."""
        rec = await self.live.record(game_id)
        stand_ins: list[int] = []
        if operation in ("review", "export") and rec.options.get("league") \
                and all(s.user_id != actor.user_id for s in rec.seats):
            stand_ins = await self._stand_ins(game_id)
        game_facts = access.facts(rec, stand_ins)
        verdict = access.decide(actor, game_facts, operation, seat=seat)
        if not verdict:
            raise Refusal(refusals.DENIED, "You may not do that with this game here.",
                          verdict.reason, game_id=game_id, **verdict.params)
        return game_facts

    @staticmethod
    def authorize_server(actor: access.Actor, operation: str) -> None:
        """The access policy for an operation on the server the actor acts in (or on
        themselves): Refusal ``denied`` when it is not allowed."""
        verdict = access.decide_server(actor, operation)
        if not verdict:
            raise Refusal(refusals.DENIED, "You may not do that here.", verdict.reason,
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
            raise Refusal(refusals.LIMITED, "Too many of those for now; try again later.",
                          name, retry_at=later)

    async def open_tables(self, user_id: int, *, learning: bool = False) -> list[int]:
        """The games the user hosts that bound what they may open: lobbies not started (or,
        with ``learning``, learning games not over)."""
        statuses = (LOBBY, ACTIVE) if learning else (LOBBY,)
        out = []
        for gid in await self.store.games_of_user(user_id, statuses):
            rec: GameRecord = (await self.live.load(gid)).record
            if rec.host_user_id == user_id and bool(rec.options.get("learn")) == learning:
                out.append(gid)
        return out

    async def check_open_tables(self, user_id: int, *, learning: bool = False) -> None:
        """Refusal ``limited`` (reason ``lobbies`` or ``learning_games``, ``count``, ``max``,
        ``games``) when the user already holds as many open tables as allowed."""
        most = limits.MAX_LEARNING_GAMES if learning else limits.MAX_OPEN_LOBBIES
        held = await self.open_tables(user_id, learning=learning)
        if len(held) >= most:
            raise Refusal(refusals.LIMITED, "You already have as many open tables as "
                          "allowed.", "learning_games" if learning else "lobbies",
                          count=len(held), max=most, games=", ".join(f"#{g}" for g in held[:5]))

    # ------------------------------------------------------------------ images

    async def board_images(self, game_id: int, language: str = "en") -> dict[str, bytes]:
        """The public board: {"table": png, "players": png}."""
        live = await self.live.load(game_id)
        game, rev = edges.started(live), live.rev
        keys = ((game_id, rev, "table", None, language), (game_id, rev, "players", None,
                                                           language))
        got = await self._image(keys, game, "board", None, language=language)
        return {"table": got[keys[0]], "players": got[keys[1]]}

    async def private_image(self, game_id: int, seat: int, language: str = "en",
                            page: int = 0) -> bytes:
        """A seat's private panel (its hand and current decision)."""
        live = await self.live.load(game_id)
        game, rev = edges.started(live), live.rev
        if type(seat) is not int or not 0 <= seat < game.n:
            raise Refusal(refusals.NOT_SEATED, "There is no such seat in this game.",
                          seat=str(seat))
        key: Key = (game_id, rev, f"hand:{page}", seat, language)
        return (await self._image((key,), game, "hand", seat, page, language))[key]

    async def scores_image(self, game_id: int, language: str = "en") -> bytes:
        """The score table (final once the game is over, live before)."""
        live = await self.live.load(game_id)
        game, rev = edges.started(live), live.rev
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

    # ------------------------------------------------------------------ what a front end shows
    # (bot/service/screens.py: one call per click or message, nothing to assemble)

    async def panel(self, game_id: int, user_id: int, *, seat: int | None = None,
                    intro: bool = False, image: bool | None = None,
                    ended: bool = False) -> PanelState:
        """The user's panel now: view, options, deadline, catch-up lines, private picture;
        never a decision the service answers itself; ``ended``: a finished game's result."""
        return await self.screens.panel(game_id, user_id, seat=seat, intro=intro, image=image,
                                        ended=ended)

    async def revision(self, game_id: int) -> int:
        """The game's revision now (``PanelState.revision`` of a panel read now)."""
        return await self.screens.revision(game_id)

    async def choose(self, game_id: int, user_id: int, seat: int, decision_id: str,
                     index: int | None, check: str | None) -> Chosen:
        """Option ``index`` (still ``check``) of the decision stored, and the panel after."""
        return await self.screens.choose(game_id, user_id, seat, decision_id, index, check)

    async def choose_feeding(self, game_id: int, user_id: int, seat: int, decision_id: str,
                             picks: Sequence[tuple[int | None, str | None]]) -> Chosen:
        """A whole feeding (cards removed, P6 payments) stored as one batch; the panel after."""
        return await self.screens.choose_feeding(game_id, user_id, seat, decision_id, picks)

    async def hint(self, game_id: int, user_id: int, decision_id: str | None
                   ) -> tuple[str, str]:
        """The AI's suggestion for the user's decision, and why (the ``hint`` limit)."""
        return await self.screens.hint(game_id, user_id, decision_id)

    async def queue_panel(self, game_id: int, user_id: int) -> QueueState:
        """What the user may queue now, and what they queued."""
        return await self.screens.queue_panel(game_id, user_id)

    async def queue_choice(self, game_id: int, user_id: int, choice: dict[str, Any] | None,
                           *, token: str) -> tuple[dict[str, Any] | None, QueueState]:
        """Queue a choice at today's prices (None withdraws); the queue panel after it."""
        return await self.screens.queue_choice(game_id, user_id, choice, token=token)

    async def board(self, game_id: int, language: str) -> BoardState:
        """The board's pictures, the spectator's view and who the game waits for."""
        return await self.screens.board(game_id, language)

    async def history(self, game_id: int) -> list[str]:
        """Every public event so far, worded (replayed in a thread)."""
        return await self.screens.history(game_id)

    async def replay(self, game_id: int, step: int | None = None,
                     language: str = "en") -> ReplayStep:
        """The replay viewer at ``step`` (None: the last step shown): a finished game's every
        step and cards, a game in play's spectator positions up to now (bot/service/replay.py)."""
        return await self.replays.step(game_id, step, language)

    async def reveal_images(self, game_id: int, events: list[dict[str, Any]],
                            language: str) -> list[bytes]:
        return await self.screens.reveal_images(game_id, events, language)

    async def card_image(self, card_id: str, language: str) -> bytes:
        return await self.screens.card_image(card_id, language)

    async def recap_image(self, game_id: int, language: str = "en") -> bytes:
        """A finished game's recap, an animated GIF (the boards at each epoch's end, then the
        final standings)."""
        return await self.screens.recap_image(game_id, language)

    async def leaderboard_image(self, rows: list[dict[str, Any]], title: str,
                                language: str) -> bytes | None:
        return await self.screens.leaderboard_image(rows, title, language)

    async def mistake_note(self, game_id: int, seat: int, version: int) -> Any:
        """A learning game's note on the seat's last action (``bot.learn.Note``) or None."""
        return await self.screens.mistake_note(game_id, seat, version)

    async def record(self, game_id: int) -> GameRecord:
        """A copy of the game's record (no game state: nothing is cloned)."""
        return await self.screens.record(game_id)

    async def game_facts(self, game_id: int) -> access.GameFacts:
        return await self.screens.game_facts(game_id)

    async def export_record(self, game_id: int) -> dict[str, Any]:
        """A finished game's full record as JSON (the access policy decides who gets it)."""
        return await self.screens.export_record(game_id)

    async def games_of(self, user_id: int, statuses: tuple[str, ...] = (LOBBY, ACTIVE)
                       ) -> list[int]:
        return await self.screens.games_of(user_id, statuses)

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        return await self.screens.user_settings(user_id)

    async def set_user_settings(self, user_id: int, settings: dict[str, Any]) -> None:
        await self.screens.set_user_settings(user_id, settings)

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        return await self.screens.guild_settings(guild_id)

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        await self.screens.set_guild_settings(guild_id, settings)

    async def seat_message(self, game_id: int, seat: int, kind: str) -> int | None:
        return await self.screens.seat_message(game_id, seat, kind)

    async def set_seat_message(self, game_id: int, seat: int, kind: str,
                               message_id: int | None) -> None:
        await self.screens.set_seat_message(game_id, seat, kind, message_id)

    # ------------------------------------------------------------------ following a game

    async def follow(self, game_id: int, user_id: int) -> str:
        """The Follow button: follow the game or stop following it (``follow.FOLLOWING``,
        ``UNFOLLOWED``, ``PLAYING``: the user plays it, ``FULL``)."""
        return await self.follows.toggle(game_id, user_id)

    async def followers(self, game_id: int) -> list[int]:
        return await self.follows.followers(game_id)

    async def forget_followers(self, game_id: int) -> int:
        """The game ended and its final digest went out: its followers are forgotten."""
        return await self.follows.forget(game_id)

    def on_digest(self, callback: Callable[[Digest], Any]) -> Callable[[], None]:
        """Receive every epoch's and game's end as a :class:`~bot.service.follow.Digest`
        (for the followers); returns the unsubscribe function."""
        return self.follows.listen(callback)

    # ------------------------------------------------------------------ the AI pool

    async def run_ai_job(self, job: Callable[[], Any]) -> Any:
        """Run a picklable CPU-heavy job (an AI decision, a post-game review) in the AI
        pool, never on the event loop."""
        return await self.playon.in_pool(job)

    @property
    def ai_pool(self) -> Executor | None:
        """The AI pool (the one given, or the one created on first use)."""
        return self.playon.ai_pool

    @property
    def max_games(self) -> int:
        """The games kept in memory."""
        return self.live.max_games

    @max_games.setter
    def max_games(self, value: int) -> None:
        self.live.max_games = value

    # inside views for tests and benchmarks (bench/service.py, bench/scheduler.py)
    @property
    def _games(self) -> dict[int, Live]:
        return self.live.games

    @property
    def _tasks(self) -> dict[int, asyncio.Task[None]]:
        return self.playon.tasks

    def _locked(self, game_id: int) -> AbstractAsyncContextManager[Live]:
        return self.live.locked(game_id)

    def _pool(self) -> Executor:
        return self.playon.pool()

