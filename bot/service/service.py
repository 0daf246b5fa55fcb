"""The game service: tables, seats, submissions, playing on, updates and images.

No Discord here: a front end calls these coroutines and subscribes to :class:`Update`s. Time
comes from the injected ``clock``. Documentation: docs/service.md.

:class:`GameService` is the entry point of the application, a façade over the parts it owns
(each holds explicit references to what it needs, a narrow ``Protocol`` where it needs a
method or two of another; they are wired in the constructor and never reach back into the
façade):

* ``memory`` (:mod:`.memory`): the games in memory, a cache of the store: loaded (replayed)
  once, locked, evicted, dropped when changed elsewhere; ``quarantine`` (:mod:`.damage`) the
  damaged games, ``repairs`` (:mod:`.repair`) their repair;
* ``writes`` (:mod:`.writes`): the one write path, apply to a clone, write, swap, publish;
* ``lobby`` (:mod:`.lobby`), ``play`` (:mod:`.play`) and ``forks`` (:mod:`.fork`): the calls
  on a table and on a game;
* ``playon`` (:mod:`.playon`): playing on (forced moves, queued plans, the AI seats), which
  follows the update stream; ``ai`` (:mod:`.ai`): the AI pool;
* time control: ``timers`` (the planner) and ``scheduler`` (the heap) (:mod:`.timecontrol`),
  and ``deadlines``, ``reminders``, ``votes``, ``vacations``, ``claim`` (their modules);
* ``screens`` (:mod:`.screens`), ``replays`` (:mod:`.replay`), ``past`` (:mod:`.history`),
  ``pictures`` (:mod:`.pictures`): what a front end shows, one call per click or message;
  ``presence`` (:mod:`.presence`): who is at the table right now;
* ``follows`` (:mod:`.follow`), ``turn_digests`` (:mod:`.turn_digest`), ``languages``
  (:mod:`.languages`), access and limits.

Consistency model. The store is the truth; memory is a cache of it. Every change of a game
happens under ``store.lock(game_id)``: the change is made on a **clone** of the in-memory game
(engine refusals leave the live game untouched), the rows it wrote to the engine's log
(``Result.logged``) are written with ``store.write_actions`` in one transaction, and only then is
the clone swapped in as the live game. A live game object is never mutated after the swap, so a
reader (views, images) that took it holds a frozen state.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor
from contextlib import AbstractAsyncContextManager
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from bot import access, limits
from bot.storage.base import (
    ACTIVE,
    JSON,
    LOBBY,
    DamageRecord,
    GameRecord,
    JSONObject,
    Store,
)
from hadara.types import Action, Event, OptionData, ViewData

from . import checks, refusals
from .ai import DEFAULT_OPTIONS, AiPool, Options
from .checks import MAX_ID
from .claim import Claim
from .content import Catalogs
from .damage import Quarantine
from .deadlines import Deadlines
from .follow import Digest, Follows
from .fork import Forks
from .history import CatchUp, History, News
from .images import ImageCache, Rows, shared_cache
from .languages import Languages
from .launches import Launches
from .lobby import AI_NAMES, MAX_SEATS, MIN_SEATS, Lobby
from .memory import GameSnapshot, Held, Memory
from .pictures import Pictures
from .play import Play
from .playon import STORAGE_RETRY, PlayOn
from .presence import Presence
from .refusals import Refusal
from .reliability import Board
from .reminders import Reminders
from .repair import Repairs
from .replay import Replays, ReplayStep
from .screens import (
    MAX_GAMES_LISTED,
    BoardState,
    Chosen,
    GameLine,
    GamesList,
    Hint,
    LobbyState,
    PanelState,
    Queued,
    QueueState,
    Screens,
    SettingsState,
    TableState,
)
from .timecontrol.scheduler import Scheduler, Sleep
from .timecontrol.timers import Timers
from .turn_digest import TurnDigest, TurnDigests
from .updates import Hub, Target, Update, Waiting
from .vacations import Vacations
from .votes import Votes
from .writes import Writes

if TYPE_CHECKING:
    from bot.learn import Note
    from rendering.profile import ProfileCard

__all__ = ["AI_NAMES", "DEFAULT_MAX_GAMES", "MAX_ID", "MAX_SEATS", "MIN_SEATS",
           "STORAGE_RETRY", "GameService", "GameSnapshot"]

log = logging.getLogger(__name__)
#: The guild setting of ``/hadara-admin spectators`` (``web_spectators``).
WEB_SPECTATORS = "web_spectators"

T = TypeVar("T")

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
                 ai_options: dict[str, Options] | None = None,
                 sleep: Sleep = asyncio.sleep) -> None:
        self.store = store
        self.clock = clock
        self.images = image_cache if image_cache is not None else shared_cache()
        self.catalogs = Catalogs(store)
        self.hub = Hub()
        self.languages = Languages(store)  # who reads which language
        self.rate_limits = limits.RateLimits(clock)  # per-user bounds (bot/limits.py)
        self.presence = Presence(clock)  # who is at the table right now
        self.launches = Launches(clock)  # which game the board inside Discord shows
        self._web_listeners: list[Callable[[str, int], None]] = []
        self.ai = AiPool(ai_pool, {**DEFAULT_OPTIONS, **(ai_options or {})})
        self.pictures = Pictures(self.images, render_pool, self.catalogs)
        # the parts, in the order they need each other
        self.scheduler = Scheduler(clock, sleep)  # the one timer task
        self.quarantine = Quarantine(store, clock, self.hub)
        self.memory = Memory(store, self.catalogs, self.images, self.quarantine, max_games)
        self.timers = Timers(store, clock, self.scheduler)
        self.writes = Writes(store, clock, self.hub, self.timers)
        self.playon = PlayOn(self.memory, self.writes, self.timers, self.catalogs, sleep,
                             self.ai, self.hub)
        self.memory.busy = self.playon.running  # a game playing on stays in memory
        # reliability (a lobby's figures, a table's minimum finish rate): the league side
        # plugs its source in (bot/service/reliability.py)
        self.reliability = Board()
        self.lobby = Lobby(store, clock, self.memory, self.writes, self.catalogs, _new_seed,
                           self.reliability)
        self.play = Play(store, clock, self.memory, self.writes)
        self.deadlines = Deadlines(store, clock, self.scheduler, self.memory, self.writes,
                                   self.catalogs, self.ai)
        self.reminders = Reminders(store, clock, self.scheduler, self.timers, self.memory,
                                   self.hub)
        self.votes = Votes(clock, self.memory, self.writes,
                           away_until=lambda user: self.vacations.away_until(user))
        self.vacations = Vacations(store, clock, self.scheduler, self.timers, self.memory,
                                   self.writes)
        self.repairs = Repairs(store, clock, self.hub, self.memory, self.quarantine,
                               self.writes, self.scheduler)
        self.follows = Follows(store, clock, self.memory, self.hub)  # followers, digests
        self.past = History(self.memory, self.timers)  # the log replayed into words
        self.screens = Screens(store, self.memory, self.play, self.playon, self.timers,
                               self.past, self.pictures, self.ai, self.rate_limits,
                               self.vacations, self.languages, self.reliability)
        self.replays = Replays(self.memory, self.pictures)  # the replay viewer
        # a player's turns in one message a day, on the one scheduler
        self.turn_digests = TurnDigests(store, clock, self.scheduler, self.screens)
        self.claim = Claim(store, self.scheduler, sleep, also=self.turn_digests.stored)
        self.forks = Forks(store, clock, self.memory, self.writes)  # practice games
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
        await self.turn_digests.open()  # and the players' own (the turn digests)
        self.playon.open()  # from now on every change that may need it plays on
        self._opened = True
        # several processes over one database: another's change drops our stale copy, and
        # only the process holding the scheduler's claim fires timers
        self.memory.listen()
        await self.claim.open()
        self._resume = asyncio.create_task(self._resume_all(ids))

    async def close(self) -> None:
        """Stop playing on (what is stored stays; ``open`` resumes it) and free the pools."""
        self._opened = False
        self.playon.pause()  # nothing new plays on
        self.memory.unlisten()
        await self.claim.close()
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

    # ------------------------------------------------------------------ lobby

    async def create(self, host_user_id: int, host_name: str | None = None, *,
                     seats: int = MAX_SEATS, variant: str = "basic", rated: bool = False,
                     hints: bool = True, options: Mapping[str, object] | None = None,
                     time_control: object = None) -> int:
        """A new table in the lobby; the host takes the first seat when ``host_name`` is
        given. ``seats`` is the table size (2–5); ``time_control`` a deadline per decision
        or a time bank (``timecontrol.rules.parse_time_control``; default none). Returns
        the game id."""
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
        return await self.lobby.start(game_id, by_user)

    # ------------------------------------------------------------------ playing

    async def submit(self, game_id: int, user_id: int, decision_id: str,
                     action: Action) -> Update:
        """Apply a person's action to the decision ``decision_id`` (from the component they
        clicked). Returns the published update as soon as the action is stored; the AI and
        forced decisions that follow are played on in the background. Raises
        :class:`Refusal` (engine refusals keep their reason and params); a refused action
        changes nothing and writes nothing."""
        return await self.play.submit(game_id, user_id, decision_id, action)

    async def undo(self, game_id: int, user_id: int, move: int | None = None) -> Update:
        """Take back the user's last decision while that is harmless (``Play.undo``):
        ``move``, the log index of the choice a "Take back" button was drawn after, must
        still be that decision (else ``stale``); None takes back whatever it is now
        (``/hadara-replay undo``). Nothing plays on afterwards: the game waits for the user."""
        return await self.play.undo(game_id, user_id, move)

    async def undo_rated(self, guild_id: int) -> bool:
        """Whether the server's rated games allow taking a move back."""
        return await self.play.undo_rated(guild_id)

    async def set_undo_rated(self, guild_id: int, allowed: bool) -> None:
        """Whether the server's rated games allow taking a move back (off by default)."""
        await self.play.set_undo_rated(guild_id, allowed)

    async def web_spectators(self, guild_id: int) -> bool:
        """Whether anyone holding a game's spectator link may watch the server's games on
        the web page (``/hadara-admin spectators``; off by default: docs/web.md)."""
        return (await self.screens.guild_settings(guild_id)).get(WEB_SPECTATORS) is True

    async def set_web_spectators(self, guild_id: int, allowed: bool) -> None:
        settings = await self.screens.guild_settings(guild_id)
        await self.screens.set_guild_settings(guild_id,
                                              {**settings, WEB_SPECTATORS: bool(allowed)})
        self._tell_web("spectators", guild_id)

    def on_web_change(self, callback: Callable[[str, int], None]) -> Callable[[], None]:
        """``callback(what, id)`` when a web front end's trust must end at once, in this
        process: ``("signed_out", user_id)``, ``("spectators", guild_id)``. The unsubscribe
        call."""
        self._web_listeners.append(callback)
        return lambda: self._web_listeners.remove(callback) \
            if callback in self._web_listeners else None

    def _tell_web(self, what: str, key: int) -> None:
        for callback in list(self._web_listeners):
            try:
                callback(what, key)
            except Exception:  # a front end's own failure never fails the service's call
                log.exception("a web listener failed on %s %s", what, key)

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
        return await self.forks.start(game_id, user_id)

    async def concede(self, game_id: int, user_id: int) -> Update:
        """The user gives up their seat: the greedy AI plays it for the rest of the game and
        it ranks last."""
        return await self.play.concede(game_id, user_id)

    async def abandon(self, game_id: int, by_user: int | None, is_admin: bool = False) -> Update:
        """End a game in its lobby or in play without result (the host, or an admin); the
        record and its log are kept."""
        return await self.play.abandon(game_id, by_user, is_admin)

    async def set_discord(self, game_id: int, values: Mapping[str, object]) -> None:
        """Merge front-end bookkeeping (guild, channel, thread, message ids) into the
        record's ``discord`` field. Front ends change a game's record only through the
        service (a direct ``store.save_game`` would be overwritten by the next change)."""
        await self.play.set_discord(game_id, values)

    async def plan_options(self, game_id: int, user_id: int) -> JSONObject:
        """What the user may queue now for their coming Phase-B, colony or statue decision
        (``hadara.ahead.plan_options``), with the plan already queued (``queued``)."""
        return await self.play.plan_options(game_id, user_id)

    async def queue(self, game_id: int, user_id: int, plan: JSONObject | None) -> Update:
        """Queue the user's choice for their coming Phase-B, colony or statue decision (a
        plan of ``hadara.ahead``, as its JSON); ``None`` withdraws it. The plan is applied
        the moment that decision opens if it is still legal at the same price, otherwise the
        player is asked as usual; one plan per seat, replaced by the next."""
        return await self.play.queue(game_id, user_id, plan)

    # ------------------------------------------------------------------ time control

    async def rejoin(self, game_id: int, user_id: int) -> Update:
        """The player takes their seat back from the AI that played it after missed
        deadlines (or the other players' vote); their strikes start again from zero."""
        return await self.votes.rejoin(game_id, user_id)

    async def vote_takeover(self, game_id: int, voter_user: int, seat: int) -> Update:
        """``voter_user`` votes to let the greedy AI play the absent ``seat``; when a
        majority of the other people at the table (more than half of them, the absent
        player not counted) voted, the AI takes the seat over until its player rejoins.
        Publishes ``vote`` (``seats[seat].votes``) or ``takeover`` (then it plays on)."""
        return await self.votes.vote_takeover(game_id, voter_user, seat)

    async def away(self, user_id: int, days: float,
                   guild_ids: Iterable[int] = ()) -> list[Update]:
        """A vacation from now for ``days`` days: the player's clocks stand still in all
        their games (deadlines and reminders pushed by the time away, time banks don't
        run). At most the yearly allowance (a rolling 365 days) of the smallest among the
        servers of their active games (``record.discord["guild"]``) and ``guild_ids``;
        ``DEFAULT_AWAY_DAYS`` where none was set. Publishes ``away`` per active game;
        returns those updates."""
        return await self.vacations.away(user_id, days, guild_ids)

    async def back(self, user_id: int) -> list[Update]:
        """End the user's vacation now: their clocks run again (deadlines pulled in by the
        time not taken). Publishes ``back`` per active game; returns those updates."""
        return await self.vacations.back(user_id)

    async def away_until(self, user_id: int) -> float | None:
        """When the user's current vacation ends (None: not away)."""
        return self.vacations.away_until(user_id)

    async def set_away_allowance(self, guild_id: int, days: float | None) -> None:
        """A server's vacation days per rolling year (admins; None: the default,
        ``DEFAULT_AWAY_DAYS``)."""
        await self.vacations.set_away_allowance(guild_id, days)

    async def catch_up(self, game_id: int, seat: int) -> CatchUp:
        """What happened since ``seat`` last acted itself (its person's last stored action;
        the start if never): ``{"seat", "since": the log index after that action, "actions":
        how many were taken since, "events": public events, "lines": the same worded,
        "deadline": the seat's current deadline or None}``. Recomputed from the stored log
        (replayed up to that action, then on with the events collected), so it costs no
        memory and survives restarts; a few milliseconds per call."""
        return await self.past.catch_up(game_id, seat)

    # ------------------------------------------------------------------ damaged games

    async def damaged_games(self) -> list[DamageRecord]:
        """Every game marked damaged in the store (by any process), by id: ``reason``,
        ``detail`` (English, for admins), ``seq`` of the first bad action, ``found_at``,
        ``told``."""
        async with checks.storage():
            return await self.store.damaged_games()

    async def repair_preview(self, game_id: int) -> JSONObject:
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
                await self.playon.sync(game_id)
            except Refusal as refusal:
                log.warning("game %s: timers not synced after the repair: %r", game_id,
                            refusal)
        return update

    # ------------------------------------------------------------------ reading

    async def load(self, game_id: int) -> GameSnapshot:
        """The game's record and state (copies)."""
        return await self.screens.load(game_id)

    async def seat_of(self, game_id: int, user_id: int) -> int | None:
        """The user's seat (the engine's, once started), or None."""
        return await self.screens.seat_of(game_id, user_id)

    async def view(self, game_id: int, seat: int | None = None) -> ViewData:
        """``hadara.views.view`` of the live game (None: the spectator's)."""
        return await self.screens.view(game_id, seat)

    async def options(self, game_id: int, seat: int) -> list[OptionData]:
        """``hadara.options.options`` for a seat: its actions with labels, legal or not."""
        return await self.screens.options(game_id, seat)

    async def waiting(self, game_id: int) -> list[Waiting]:
        """Who must act now, on which decision, and until when (``Waiting.deadline``)."""
        return await self.screens.waiting(game_id)

    # ------------------------------------------------------------------ access

    async def authorize(self, actor: access.Actor, game_id: int, operation: str, *,
                        seat: int | None = None) -> access.GameFacts:
        """The access policy (``bot/access.py``) for ``actor`` doing ``operation`` to the
        game (to ``seat``, for a component of one seat): the game's facts when allowed, else
        Refusal ``denied`` with the policy's reason. Reads the live record only."""
        rec = await self.memory.record(game_id)
        stand_ins: list[int] = []
        if operation in ("review", "export") and rec.options.get("league") \
                and checks.seat_of(rec, actor.user_id) is None:
            stand_ins = await self._stand_ins(game_id)
        game_facts = access.facts(rec, stand_ins)
        if operation == "spectate" and game_facts.guild_id is not None:  # (its server's)
            game_facts = replace(game_facts,
                                 spectators=await self.web_spectators(game_facts.guild_id))
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
        checks.limit(self.rate_limits, name, key)

    async def open_tables(self, user_id: int, *, learning: bool = False) -> list[int]:
        """The games the user hosts that bound what they may open: lobbies not started (or,
        with ``learning``, learning games not over)."""
        statuses = (LOBBY, ACTIVE) if learning else (LOBBY,)
        out = []
        for gid in await self.store.games_of_user(user_id, statuses):
            rec: GameRecord = (await self.memory.load(gid)).record
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

    # ------------------------------------------------------------------ what a front end shows
    # (bot/service/screens.py and replay.py: one typed call per screen; docs/service.md)

    async def board_images(self, game_id: int, language: str = "en") -> dict[str, bytes]:
        """The public board: {"table": png, "players": png}."""
        return await self.screens.board_images(game_id, language)

    async def private_image(self, game_id: int, seat: int, language: str = "en",
                            page: int = 0) -> bytes:
        """A seat's private panel (its hand and current decision)."""
        return await self.screens.private_image(game_id, seat, language, page)

    async def scores_image(self, game_id: int, language: str = "en") -> bytes:
        """The score table (final once the game is over, live before)."""
        return await self.screens.scores_image(game_id, language)

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

    async def hint(self, game_id: int, user_id: int, decision_id: str | None) -> Hint:
        """The AI's suggestion for the user's decision, and why (the ``hint`` limit)."""
        return await self.screens.hint(game_id, user_id, decision_id)

    async def queue_panel(self, game_id: int, user_id: int) -> QueueState:
        """What the user may queue now, and what they queued."""
        return await self.screens.queue_panel(game_id, user_id)

    async def queue_choice(self, game_id: int, user_id: int, choice: JSONObject | None,
                           *, token: str) -> Queued:
        """Queue a choice at today's prices (None withdraws); the queue panel after it."""
        return await self.screens.queue_choice(game_id, user_id, choice, token=token)

    async def user_language(self, user_id: int) -> str | None:
        """The language a user reads, as far as the bot knows it (their ``/hadara settings``
        choice, else their Discord client's last), for a front end outside Discord."""
        return await self.languages.known(user_id)

    async def table(self, game_id: int, seat: int | None) -> TableState:
        """The live page's table for ``seat`` (None: a spectator's)."""
        return await self.screens.table(game_id, seat)

    async def board(self, game_id: int, language: str) -> BoardState:
        """The board's pictures, the spectator's view and who the game waits for."""
        return await self.screens.board(game_id, language)

    async def news(self, game_id: int, since: int, until: int | None = None, *,
                   opening: bool = False) -> News:
        """What happened at the table since the log's index ``since`` (up to ``until``; with
        ``opening`` the game's creation too), worded."""
        return await self.screens.news(game_id, since, until, opening=opening)

    async def history(self, game_id: int) -> list[str]:
        """Every public event so far, worded (replayed in a thread)."""
        return await self.screens.history(game_id)

    async def replay(self, game_id: int, step: int | None = None,
                     language: str = "en") -> ReplayStep:
        """The replay viewer at ``step`` (None: the last step shown): a finished game's every
        step and cards, a game in play's spectator positions up to now (bot/service/replay.py)."""
        return await self.replays.step(game_id, step, language)

    async def lobby_state(self, game_id: int) -> LobbyState:
        """The table's lobby: its seats and settings, whether one may join or start."""
        return await self.screens.lobby(game_id)

    async def games(self, user_id: int, limit: int = MAX_GAMES_LISTED) -> GamesList:
        """The user's games in a lobby or in play, and what each waits for: those waiting
        on them first, the one waiting longest at the top (``screens.GamesList``)."""
        return await self.screens.games(user_id, limit)

    async def next_turn(self, user_id: int, after: int | None = None) -> GameLine | None:
        """"Next game": the game waiting longest on the user, other than ``after``."""
        return await self.screens.next_turn(user_id, after)

    async def settings(self, user_id: int, guild_id: int | None = None) -> SettingsState:
        """The user's settings (and their server's)."""
        return await self.screens.settings(user_id, guild_id)

    async def reveal_images(self, game_id: int, events: list[Event],
                            language: str) -> list[bytes]:
        return await self.screens.reveal_images(game_id, events, language)

    async def card_image(self, card_id: str, language: str) -> bytes:
        return await self.screens.card_image(card_id, language)

    async def recap_image(self, game_id: int, language: str = "en") -> bytes:
        """A finished game's recap, an animated GIF (the boards at each epoch's end, then the
        final standings)."""
        return await self.screens.recap_image(game_id, language)

    async def leaderboard_image(self, rows: Rows, title: str, language: str) -> bytes | None:
        return await self.screens.leaderboard_image(rows, title, language)

    async def profile_image(self, card: ProfileCard, language: str) -> bytes | None:
        """A player's profile picture (``rendering.profile``), drawn in the render pool;
        None when it cannot be drawn (post :func:`rendering.profile.profile_text`)."""
        return await self.screens.profile_image(card, language)

    async def mistake_note(self, game_id: int, seat: int, version: int) -> Note | None:
        """A learning game's note on the seat's last action (``bot.learn.Note``) or None."""
        return await self.screens.mistake_note(game_id, seat, version)

    async def record(self, game_id: int) -> GameRecord:
        """A copy of the game's record (no game state: nothing is cloned)."""
        return await self.screens.record(game_id)

    async def game_facts(self, game_id: int) -> access.GameFacts:
        return await self.screens.game_facts(game_id)

    async def export_record(self, game_id: int) -> JSONObject:
        """A finished game's full record as JSON (the access policy decides who gets it)."""
        return await self.screens.export_record(game_id)

    async def games_of(self, user_id: int, statuses: tuple[str, ...] = (LOBBY, ACTIVE)
                       ) -> list[int]:
        return await self.screens.games_of(user_id, statuses)

    async def hides_figures(self, user_id: int) -> bool:
        """The user keeps their profile's figures from others (``/hadara settings
        hide_figures``; what a viewer then sees is ``bot.access.figures``)."""
        return await self.screens.hides_figures(user_id)

    async def user_settings(self, user_id: int) -> JSONObject:
        return await self.screens.user_settings(user_id)

    async def set_user_settings(self, user_id: int, settings: Mapping[str, JSON]) -> None:
        """Store the user's settings (the whole object); their turn digest follows them at
        once (its hour, their time zone: armed, moved or removed)."""
        await self.screens.set_user_settings(user_id, settings)
        await self.turn_digests.arm(user_id, settings)

    # -- the web page's sessions (docs/web.md): kept in the store, reached through here
    async def web_secret(self) -> str:
        """The secret the web page signs its links with (made once in the database)."""
        async with checks.storage():
            return await self.store.web_secret()

    async def open_web_session(self, token_hash: str, user_id: int, now: float,
                               lifetime: float) -> None:
        async with checks.storage():
            await self.store.open_session(token_hash, user_id, now, lifetime)

    async def web_session_user(self, token_hash: str, now: float, idle: float) -> int | None:
        """The user of a live web session, or None (unknown, idle, ended)."""
        async with checks.storage():
            return await self.store.session_user(token_hash, now, idle)

    async def end_web_sessions(self, user_id: int) -> int:
        """Sign the user out of the web page everywhere: how many sessions ended."""
        async with checks.storage():
            ended = await self.store.end_sessions(user_id)
        self._tell_web("signed_out", user_id)
        return ended

    # -- the board inside Discord (the Activity): which game an instance shows
    def record_launch(self, user_id: int, channel_id: int, game_id: int) -> None:
        """The bot answered a player's "Open the board" in ``channel_id`` with the Activity,
        for ``game_id`` (bot/service/launches.py)."""
        self.launches.launched(user_id, channel_id, game_id)

    async def activity_game(self, instance_id: str, user_id: int, channel_id: int | None,
                            asked: int | None = None) -> int | None:
        """The game a verified Activity instance shows to ``user_id``: the instance's own
        (all its participants see one table), the user's launch in the channel, the game
        ``asked`` for (the deep link's), the game whose thread the channel is (the last
        launched there, else among the user's own); None: the page lists the user's games to pick from. Nothing here
        grants access: the page asks the policy for the game it shows, then maps the
        instance to it (:meth:`map_activity`)."""
        found = self.launches.game(instance_id, user_id, channel_id)
        if found is None and asked is not None:
            found = asked
        if found is None and channel_id:
            # a game's thread names its game for whoever launches there: the last game
            # launched in it, else the user's own game there
            candidates = [g for g in (self.launches.last_in(channel_id),) if g is not None]
            candidates += await self.games_of(user_id)
            for game_id in candidates:
                with contextlib.suppress(Refusal):
                    if (await self.game_facts(game_id)).thread_id == channel_id:
                        found = game_id
                        break
        return found

    def map_activity(self, instance_id: str, game_id: int) -> None:
        """The instance shows ``game_id`` from now on (its first viewer the policy let see
        it, or their pick): whoever joins the instance later sees the same table."""
        self.launches.mapped(instance_id, game_id)

    def listen_changes(self, callback: Callable[[int, int], None]) -> Callable[[], None]:
        """``callback(game_id, version)`` for every change the store announces, made by any
        process (a front end redraws; the updates say more, but only of this process's)."""
        return self.store.listen(callback)

    async def guild_settings(self, guild_id: int) -> JSONObject:
        return await self.screens.guild_settings(guild_id)

    async def set_guild_settings(self, guild_id: int, settings: Mapping[str, JSON]) -> None:
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

    def on_digest(self, callback: Callable[[Digest], object]) -> Callable[[], None]:
        """Receive every epoch's and game's end as a :class:`~bot.service.follow.Digest`
        (for the followers); returns the unsubscribe function."""
        return self.follows.listen(callback)

    # ------------------------------------------------------------------ the turn digest

    def on_turn_digest(self, callback: Callable[[TurnDigest], object]) -> Callable[[], None]:
        """Receive every player's :class:`~bot.service.turn_digest.TurnDigest` at their hour
        (the games waiting on them; none when nothing waits); returns the unsubscribe
        function. Their settings (``set_user_settings``) turn it on, move it or off."""
        return self.turn_digests.listen(callback)

    # ------------------------------------------------------------------ the pools

    async def run_ai_job(self, job: Callable[[], T]) -> T:
        """Run a picklable CPU-heavy job (an AI decision, a post-game review) in the AI
        pool, never on the event loop."""
        return await self.ai.run(job)

    @property
    def ai_pool(self) -> Executor | None:
        """The AI pool (the one given, or the one created on first use)."""
        return self.ai.ai_pool

    @property
    def render_pool(self) -> Executor | None:
        """The render pool (None: the event loop's thread pool)."""
        return self.pictures.pool

    @property
    def ai_options(self) -> dict[str, Options]:
        """Per AI level, what ``hadara.ai.decide`` is given."""
        return self.ai.options

    @property
    def max_games(self) -> int:
        """The games kept in memory."""
        return self.memory.max_games

    @max_games.setter
    def max_games(self, value: int) -> None:
        self.memory.max_games = value

    # inside views for tests and benchmarks (bench/service.py, bench/scheduler.py)
    @property
    def _games(self) -> dict[int, Held]:
        return self.memory.games

    @property
    def _tasks(self) -> dict[int, asyncio.Task[None]]:
        return self.playon.tasks

    def _locked(self, game_id: int) -> AbstractAsyncContextManager[Held]:
        return self.memory.locked(game_id)

    def _pool(self) -> Executor:
        return self.ai.pool()
