"""What a front end shows: the front-end API, ONE typed call per screen (docs/service.md,
"What a front end shows"): a seat's panel (its view, options, deadline, catch-up lines and
private picture), a choice made and the panel after it, a hint, the queue panel and a queued
choice, the board and its pictures, the news, the history, the lobby, a user's games and
settings, and the pictures a front end posts (reveals, cards, leaderboards), plus the per-user
data it keeps (settings, the ids of its messages). The replay viewer's step is
``replay.py``'s (``Replays``).

Every call returns a frozen dataclass (or a named tuple, a ``TypedDict``) that mypy checks;
front ends lay out and word what they are handed with the pure wording functions
(``hadara.narrate``, ``hadara.words``, ``i18n``): they never build views, options or legal
actions, replay a game or call the store. This is the contract the Discord cogs use and a
second front end (a web page) will use: nothing here knows Discord (``discord`` in a record
is a front end's opaque bookkeeping). Every picture is drawn in the render pool
(``pictures.py``), never on the event loop.

:class:`Screens` is handed the narrow parts it needs (memory, the play calls, the history,
the pictures, the AI pool …), never the service.
"""

from __future__ import annotations

import copy
import json
import logging
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from bot import access
from bot.kept import Kept
from bot.learn import learned
from bot.limits import RateLimits
from bot.storage.base import ACTIVE, FINISHED, JSON, LOBBY, GameRecord, JSONObject, Store
from hadara import ahead
from hadara.engine import Game
from hadara.errors import HadaraError
from hadara.narrate import label as action_label
from hadara.options import options as option_list
from hadara.scoring import final_ranking
from hadara.types import Event, OptionData, ViewData
from hadara.views import spectator_view, view
from hadara.words import card_name
from i18n import current

from . import checks, export, refusals
from .ai import hint_job
from .images import Rows
from .memory import GameSnapshot, ai_share
from .playon import ai_level, automatic
from .refusals import Refusal
from .reliability import HIDE_FIGURES, Board, Reliability, minimum_of, server_of
from .timecontrol.rules import TimeControl
from .updates import Waiting, waiting_for

if TYPE_CHECKING:
    from bot.learn import Note
    from hadara.content import Catalog
    from rendering.profile import ProfileCard

    from .ai import AiPool
    from .history import CatchUp, Deadlines, History, News
    from .memory import Held, Memory
    from .pictures import Pictures
    from .play import Play
    from .updates import Update

log = logging.getLogger(__name__)

#: The user settings (``store.get_user_settings``) the service reads: the seat's turns by
#: direct message, the time zone and the quiet hours (reminders wait for their end).
DM_TURNS, TIME_ZONE, QUIET_HOURS = "dm_turns", "tz", "quiet_hours"
#: The turn digest (``turn_digest.py``): its local hour (an int 0–23; absent: off), and
#: whether the per-game turn pings and turn DMs go on while it is on (absent: they stop).
TURN_DIGEST, TURN_PINGS = "turn_digest", "turn_pings"
#: Games listed on a user's games screen (the rest are counted).
MAX_GAMES_LISTED = 20
MAX_GAMES_SCANNED = 200  # "Next game" looks at this many of a user's games at most


def digest_hour(settings: Mapping[str, object]) -> int | None:
    """The turn digest's local hour in the user's settings (None: off)."""
    hour = settings.get(TURN_DIGEST)
    return hour if type(hour) is int and 0 <= hour <= 23 else None


def _listed_order(line: GameLine) -> tuple[int, float, int]:
    """Waiting on the user (longest first), then in play (soonest deadline first, then the
    newest game), then the lobbies (newest first)."""
    never = float("inf")
    if line.your_turn is not None:
        return 0, line.since if line.since is not None else never, line.game_id
    if line.status != LOBBY:
        return 1, line.deadline if line.deadline is not None else never, -line.game_id
    return 2, 0.0, -line.game_id


def check_of(action: Mapping[str, object]) -> str:
    """Four hex digits naming an action (a component's custom id carries them, so a stale
    index never picks another action)."""
    text = json.dumps(action, sort_keys=True, separators=(",", ":"))
    return f"{zlib.crc32(text.encode()) & 0xFFFF:04x}"


def position_token(game: Game) -> str:
    """Four hex digits of the game's position (a queue panel's click from an older position
    is stale)."""
    key = f"{game.epoch}:{game.phase}:{game.step}:{game.round}:{game.turn}:{game.version}"
    return f"{zlib.crc32(key.encode()) & 0xFFFF:04x}"


def offered(options: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    """The kinds of ``ahead.plan_options`` that can be queued now and are not the seat's
    current decision."""
    return {k: o for k in ahead.KINDS
            if (o := options.get(k)) is not None and int(o.get("turns_before") or 0) > 0}


# ---------------------------------------------------------------------- what is returned


@dataclass(frozen=True)
class FinalRow:
    """One seat of a finished game's ranking on a panel."""

    rank: int
    name: str
    total: int
    you: bool
    conceded: bool


@dataclass(frozen=True)
class PanelState:
    """A seat's panel (``panel``)."""

    game_id: int
    seat: int
    status: str
    decision_id: str | None  # the seat's pending decision (None: waiting)
    kind: str | None  # its kind (``draft``, ``statue`` …)
    view: ViewData  # the seat's own view (hadara.views.view)
    options: list[OptionData]  # the decision's options, legal or not, with labels
    waiting: tuple[str, ...]  # the names of the seats the game waits for
    hints: bool
    deadline: float | None
    catch_up: tuple[str, ...]  # what happened since the seat last acted (when asked)
    image: bytes | None  # the private picture (when deciding, or when asked)
    can_queue: bool  # "Queue my choice" is offered now
    catalog: Catalog  # to word cards (hadara.words)
    thread_url: str | None
    #: the game's revision when this was read (``Held.rev``): of two panels of a seat, the
    #: one with the higher revision is the newer (a front end never draws an older over it)
    revision: int = 0
    done: tuple[str, ...] = ()  # decisions forced on the seat since its last move, labelled
    undo: int | None = None  # the log index of the move the seat may take back now
    taken_over: bool = False  # the AI plays the seat after missed deadlines (rejoin)
    final: tuple[FinalRow, ...] = ()  # a finished game: the ranking


@dataclass(frozen=True)
class Chosen:
    """A choice stored (``choose``, ``choose_feeding``): the update, the option's kind and
    label, and the seat's panel after it."""

    update: Update
    kind: str
    label: str
    panel: PanelState


class Hint(NamedTuple):
    """The AI's suggestion for a decision (``hint``): its option's label, and why."""

    label: str
    reason: str


@dataclass(frozen=True)
class QueueState:
    """What a seat may queue now (``ahead.plan_options``), the plan it queued, and the token
    of the game's position (``queue_panel``)."""

    game_id: int
    seat: int
    status: str
    options: JSONObject
    queued: JSONObject | None
    token: str
    catalog: Catalog


class Queued(NamedTuple):
    """A choice queued (``queue_choice``): the plan stored (None: withdrawn), the queue panel
    after it."""

    plan: JSONObject | None
    panel: QueueState


@dataclass(frozen=True)
class BoardState:
    """The board (``board``): its pictures, the spectator's view (its status line), who the
    game waits for, and what its status line and buttons say of the table: the game, its
    status, the players' names by seat, whether hints are on."""

    images: dict[str, bytes]
    view: ViewData
    waiting: list[Waiting]
    game_id: int
    status: str
    names: tuple[str, ...]  # the seats' names, by seat
    hints: bool


@dataclass(frozen=True)
class TableState:
    """The live page's table (``table``): the viewer's view (their seat's, or the
    spectator's for no seat), the game's own catalog (a game keeps the content it started
    with), the table's status, the seats' names, who the game waits for, and the public
    events of the log's last :data:`NEWS_ENTRIES` entries (the page words them)."""

    game_id: int
    status: str
    view: ViewData
    catalog: Catalog
    names: tuple[str, ...]
    waiting: list[Waiting]
    events: tuple[Event, ...]
    #: the viewer's decision now, as the panel offers it (none when the service plays it
    #: itself: forced, a queued plan, a seat taken over), with labels, legal or not
    options: list[OptionData]
    hints: bool = False  # the table allows hints
    undo: int | None = None  # the log index of the move the viewer's seat may take back now
    taken_over: bool = False  # the AI plays the viewer's seat after missed deadlines
    conceded: bool = False  # the viewer conceded their seat
    revision: int = 0  # the game's revision it was made at (a front end may keep a drawing)


#: Log entries whose public events the page shows as its news.
NEWS_ENTRIES = 12
#: Tables kept (by game, revision and seat) for the pages that ask again after a change.
TABLES_KEPT = 256


@dataclass(frozen=True)
class LobbySeat:
    """A seat at a table in its lobby."""

    seat: int
    name: str
    user_id: int | None
    ai_level: str | None  # an AI's level (None: a person)
    host: bool


@dataclass(frozen=True)
class LobbyState:
    """A table's lobby (``lobby``), whatever its status: its seats, its settings, and what
    may be done now."""

    game_id: int
    status: str
    host_user_id: int | None
    size: int  # the table's seats
    seats: tuple[LobbySeat, ...]
    variant: str
    rated: bool
    hints: bool
    ai_level: str  # the level of the AIs the host adds
    time_control: TimeControl | None
    can_join: bool  # open, and a seat free
    can_start: bool  # open, and enough players seated
    discord: JSONObject  # the front end's bookkeeping (its thread, messages …)
    min_finish: float | None = None  # the finish rate (0–1) the table asks of who joins
    # the seated people's reliability on the table's server, for everyone to read: only
    # theirs who let others see their figures (bot.access.figures), by user id
    reliability: Mapping[int, Reliability] = field(default_factory=dict)
    figures: bool = False  # the lobby shows figures (open, on a server, figures to be had):
    # a person without an entry in ``reliability`` keeps theirs private


def waited_for(seconds: float, least: int = 1) -> tuple[str, int]:
    """How long a game has waited on a player, in the largest whole unit the front ends word
    it in: ``("minutes", n)`` under an hour (at least ``least``), ``("hours", n)`` under two
    days, else ``("days", n)``."""
    minutes = max(least, int(max(0.0, seconds) // 60))
    if minutes < 60:
        return "minutes", minutes
    if minutes < 48 * 60:
        return "hours", minutes // 60
    return "days", minutes // (24 * 60)


@dataclass(frozen=True)
class GameLine:
    """One of a user's games (``games``): a lobby, or a game in play and what it waits for."""

    game_id: int
    status: str
    seats_taken: int
    size: int
    seat: int | None  # the user's seat
    your_turn: str | None  # the kind of the decision the game waits on the user for
    waiting: tuple[str, ...]  # otherwise: the names of the seats it waits for
    deadline: float | None  # the user's deadline, else the soonest of the others'
    discord: JSONObject  # the front end's bookkeeping (its thread …)
    #: when the game began waiting on the user (their decision's opening, as its deadline
    #: timer noted it; else the game's last change): None when it does not wait on them
    since: float | None = None

    @property
    def guild_id(self) -> int | None:
        guild = self.discord.get("guild")
        return int(guild) if isinstance(guild, int | str) and str(guild).isdigit() else None


@dataclass(frozen=True)
class GamesList:
    """A user's games in a lobby or in play (``games``): the first ``MAX_GAMES_LISTED``,
    how many ``more``, and when their vacation ends. In order: the games waiting on the
    user, the one waiting longest first; then the games waiting on others, the soonest
    deadline first; then the open lobbies."""

    user_id: int
    games: tuple[GameLine, ...]
    more: int
    away_until: float | None

    @property
    def your_turn(self) -> tuple[GameLine, ...]:
        """The games waiting on the user, the one waiting longest first."""
        return tuple(line for line in self.games if line.your_turn is not None)


@dataclass(frozen=True)
class SettingsState:
    """A user's settings (``settings``), and their server's when one is given."""

    user_id: int
    dms: bool  # their turns by direct message
    language: str | None  # the language they chose (None: their client's)
    time_zone: str | None
    quiet_hours: str | None
    away_until: float | None
    server_language: str | None = None  # with a server
    rated_undo: bool | None = None  # with a server: its rated games allow taking back
    learned: tuple[str, ...] = ()  # the rules met in learning games (``bot.learn.TOPICS``)
    #: the turn digest's local hour (0–23; None: off), when the next one is due, and whether
    #: the per-game turn pings and turn DMs go on while it is on
    turn_digest: int | None = None
    turn_digest_due: float | None = None
    turn_pings: bool = False
    hide_figures: bool = False  # their profile's figures are theirs (and managers') alone

    @property
    def per_game_turns(self) -> bool:
        """Whether a game that waits on the user pings them in its thread (and sends their
        panel by DM, with ``dms``): not while the turn digest is on in place of them — and
        only while a digest is really due (its timer armed): a setting saved whose timer was
        never armed (a storage fault, a crash between the two) must not silence them."""
        return self.turn_digest is None or self.turn_pings or self.turn_digest_due is None


# ---------------------------------------------------------------------- narrow parts


class Settling(Protocol):
    """Playing on's one call a panel needs: apply now what it would apply next."""

    async def settle(self, game_id: int) -> None: ...


class Away(Protocol):
    """The vacations' one call a games list needs."""

    def away_until(self, user_id: int) -> float | None: ...


class Languages(Protocol):
    """What the settings screen needs of who reads which language."""

    async def choice(self, user_id: int) -> str | None: ...

    async def for_guild(self, guild_id: int | None) -> str: ...


class Screens:
    """The front-end API over the narrow parts it is handed (see the module)."""

    def __init__(self, store: Store, memory: Memory, play: Play, settling: Settling,
                 timers: Deadlines, history: History, pictures: Pictures, ai: AiPool,
                 rate_limits: RateLimits, away: Away, languages: Languages,
                 reliability: Board | None = None) -> None:
        self.store = store
        self.reliability = reliability or Board()
        self.memory = memory
        self.play = play
        self.settling = settling
        self.timers = timers
        self.past = history
        self.pictures = pictures
        self.ai = ai
        self.rate_limits = rate_limits
        self.away = away
        self.languages = languages
        self._tables: Kept[tuple[int, int, int | None], TableState] = Kept(TABLES_KEPT)
        self._queues: Kept[tuple[int, int, int], QueueState] = Kept(TABLES_KEPT)
        self._events: Kept[tuple[int, int], tuple[Event, ...]] = Kept(TABLES_KEPT)

    # -- helpers

    @staticmethod
    def _url(record: GameRecord) -> str | None:
        d = record.discord
        if d.get("guild") and d.get("thread"):
            return f"https://discord.com/channels/{d['guild']}/{d['thread']}"
        return None

    def _waiting(self, held: Held) -> list[Waiting]:
        if held.game is None:
            return []
        return waiting_for(held.game, self.timers.deadlines(held.record.id))

    # -- reading a game

    async def load(self, game_id: int) -> GameSnapshot:
        """The game's record and state (copies)."""
        held = await self.memory.load(game_id)
        return GameSnapshot(copy.deepcopy(held.record),
                            held.game.clone() if held.game is not None else None, held.rev,
                            ai_share(held))

    async def seat_of(self, game_id: int, user_id: int) -> int | None:
        """The user's seat (the engine's, once started), or None."""
        return checks.seat_of((await self.memory.load(game_id)).record, user_id)

    async def view(self, game_id: int, seat: int | None = None) -> ViewData:
        """``hadara.views.view`` of the game (None: the spectator's)."""
        game = checks.started(await self.memory.load(game_id))
        try:
            return view(game, seat)
        except HadaraError as exc:
            raise Refusal.from_engine(exc) from None

    async def options(self, game_id: int, seat: int) -> list[OptionData]:
        """``hadara.options.options`` for a seat: its actions with labels, legal or not."""
        game = checks.started(await self.memory.load(game_id))
        try:
            return option_list(game, seat)
        except HadaraError as exc:
            raise Refusal.from_engine(exc) from None

    async def waiting(self, game_id: int) -> list[Waiting]:
        """Who must act now, on which decision, and until when (``Waiting.deadline``)."""
        return self._waiting(await self.memory.load(game_id))

    async def revision(self, game_id: int) -> int:
        """The game's revision now (``PanelState.revision`` of a panel read now)."""
        return (await self.memory.load(game_id)).rev

    # -- a seat's panel

    async def panel(self, game_id: int, user_id: int, *, seat: int | None = None,
                    intro: bool = False, image: bool | None = None,
                    language: str | None = None, ended: bool = False) -> PanelState:
        """The user's panel now: ``intro`` adds what happened since they last acted;
        ``image`` True draws the private picture even without a decision (``/hadara hand``),
        None only with one, False never. A finished game's panel is refused unless ``image``
        is True (the hand of a game over) or ``ended`` (its final result, for a panel that
        was open when the game ended).

        A decision the service answers itself (forced, a queued plan's, the AI's for a seat
        taken over: ``playon.automatic``) is never handed over as one to make: forced moves
        and plans are applied first (``PlayOn.settle``), and what was forced on the seat since
        its last move is listed in ``done``."""
        held = await self.memory.load(game_id)
        game = self._game(held, ended_ok=image is True or ended)
        mine = checks.own_seat(held.record, user_id, seat)
        if (held.record.status == ACTIVE and automatic(held.record, game, mine)
                and ai_level(held.record, mine) is None):
            try:
                await self.settling.settle(game_id)
            except Refusal as refusal:  # storage: shown as waiting, playing on retries
                log.info("could not settle game %s before a panel: %r", game_id, refusal)
            held = await self.memory.load(game_id)
            game = checks.started(held)
        # read before the first await below: a move stored meanwhile replaces held's game and
        # revision, and a panel must carry the revision of what it shows
        rec, rev, forced = held.record, held.rev, tuple(held.done.get(mine, ()))
        data = view(game, mine)
        decision = game.decision_id(mine)
        if decision is not None and (rec.status != ACTIVE or automatic(rec, game, mine)):
            decision = None
        opts = option_list(game, mine) if decision is not None else []
        names = [s.name for s in sorted(rec.seats, key=lambda s: s.seat)]
        waiting_names = tuple(names[s] for s in data.get("waiting_on") or []
                              if 0 <= s < len(names))
        deadline = next((w.deadline for w in self._waiting(held) if w.seat == mine),
                        None) if rec.status == ACTIVE else None
        caught: list[str] = []
        if intro and rec.status == ACTIVE:
            try:
                caught = list((await self.past.catch_up(game_id, mine))["lines"])
            except Refusal:
                caught = []
        picture = None
        if image or (image is None and decision is not None):
            picture = await self.private_image(game_id, mine, language or current())
        can_queue = False
        if decision is None and rec.status == ACTIVE:
            try:
                can_queue = bool(offered(ahead.plan_options(game, mine))) \
                    or bool(rec.seats[mine].plan)
            except (HadaraError, ValueError, KeyError):
                can_queue = False
        done: list[str] = []
        for parts in forced:
            try:
                done.append(action_label(parts, game.catalog))
            except (KeyError, ValueError, IndexError, TypeError):
                continue
        undo = await self.play.undo_target(held, mine) if rec.status == ACTIVE else None
        final: tuple[FinalRow, ...] = ()
        if rec.status == FINISHED and game.is_over:
            rows, _ = final_ranking(game, checks.conceded(rec.seats))
            final = tuple(FinalRow(int(r["rank"]), names[r["seat"]], int(r["total"]),
                                   r["seat"] == mine, bool(r.get("conceded")))
                          for r in rows)
        return PanelState(game_id=game_id, seat=mine, status=rec.status, decision_id=decision,
                          kind=game.decision_kind(mine) if decision is not None else None,
                          view=data, options=opts, waiting=waiting_names,
                          hints=bool(rec.options.get("hints")), deadline=deadline,
                          catch_up=tuple(caught), image=picture, can_queue=can_queue,
                          catalog=game.catalog, thread_url=self._url(rec),
                          revision=rev, done=tuple(done), undo=undo,
                          taken_over=rec.status == ACTIVE and rec.seats[mine].ai_takeover,
                          final=final)

    @staticmethod
    def _game(held: Held, *, ended_ok: bool) -> Game:
        """The started game; over or abandoned only when ``ended_ok``."""
        return checks.started(held) if ended_ok else checks.playing(held)

    async def choose(self, game_id: int, user_id: int, seat: int, decision_id: str,
                     index: int | None, check: str | None) -> Chosen:
        """Option ``index`` of the seat's decision ``decision_id``, if its action still matches
        ``check``: stored, and the panel after it. ``stale`` when the decision moved on or
        the option changed."""
        held = await self.memory.load(game_id)
        game = checks.playing(held)
        mine = checks.own_seat(held.record, user_id, seat)
        if game.decision_id(mine) != decision_id:
            raise await self._moved_on(held, mine, decision_id)
        option = self._option(option_list(game, mine), index, check)
        kind = game.decision_kind(mine) or ""
        try:
            update = await self.play.submit(game_id, user_id, decision_id, option["action"])
        except Refusal as refusal:
            if refusal.code == refusals.STALE and refusal.reason != "already_recorded":
                # the round was revealed between the check above and the game's lock
                raise await self._moved_on(await self.memory.load(game_id), mine,
                                           decision_id) from None
            raise
        after = await self.panel(game_id, user_id, seat=mine, ended=True)
        return Chosen(update, kind, str(option.get("label", "")), after)

    @staticmethod
    def _option(opts: list[OptionData], index: int | None, check: str | None) -> OptionData:
        """The option ``index`` still offered and still ``check``'s action, else ``stale``
        (``option_changed``)."""
        option = opts[index] if index is not None and 0 <= index < len(opts) else None
        if option is None or not option.get("legal") or check_of(option["action"]) != check:
            raise Refusal(refusals.STALE, "That option is no longer offered.", "option_changed")
        return option

    async def _moved_on(self, held: Held, seat: int, decision_id: str) -> Refusal:
        """The refusal of a choice for a decision no longer open. A simultaneous pick the
        seat had made for it stood (the round was revealed before the change arrived): the
        refusal names it (``stale`` ``pick_stood``: ``label`` of the pick, ``kind``)."""
        stood = None
        try:
            stored = await self.memory.stored(held.record.id)
        except Refusal:
            stored = None
        if stored is not None:
            stood = next((a for a in reversed(stored.actions)
                          if a.seat == seat and a.decision_id == decision_id
                          and a.action.get("type") in ("draft", "setup_side")), None)
        if stood is None or held.game is None:
            return Refusal(refusals.STALE, "That decision is no longer open.", "moved_on")
        action = stood.action
        catalog = held.game.catalog
        if action["type"] == "draft":
            name = card_name(catalog, str(action.get("card")))
            mode = "sell" if action.get("mode") == "sell" else "buy"
        else:
            name, mode = str(action.get("side", "")).upper(), "side"
        return Refusal(refusals.STALE, "The round was revealed before your change: your "
                       "pick stood.", "pick_stood", card=name, mode=mode)

    async def choose_feeding(self, game_id: int, user_id: int, seat: int, decision_id: str,
                             picks: Sequence[tuple[int | None, str | None]]) -> Chosen:
        """The seat's whole feeding in one choice: ``picks`` are options (index, check) of
        its feeding decision ``decision_id``, a ``feed_pay`` option once per payment. All are
        stored as ONE batch (``Play.submit_feeding``: one transaction, one update) or none
        is; then the panel after it. ``stale`` when the decision moved on or an option
        changed."""
        held = await self.memory.load(game_id)
        game = checks.playing(held)
        mine = checks.own_seat(held.record, user_id, seat)
        if game.decision_id(mine) != decision_id:
            raise Refusal(refusals.STALE, "That decision is no longer open.", "moved_on")
        if game.decision_kind(mine) != "feeding":
            raise Refusal(refusals.MALFORMED, "Only a feeding is chosen in one batch.",
                          "feed_batch")
        opts = option_list(game, mine)
        chosen = [self._option(opts, index, check) for index, check in picks]
        update = await self.play.submit_feeding(game_id, user_id, decision_id,
                                                [dict(o["action"]) for o in chosen])
        after = await self.panel(game_id, user_id, seat=mine, ended=True)
        pays = [str(o.get("label", "")) for o in chosen if o["action"]["type"] == "feed_pay"]
        names = ", ".join(card_name(game.catalog, str(o["action"]["card"])) for o in chosen
                          if o["action"]["type"] != "feed_pay")  # by name: one short line
        if pays:
            paid = pays[0] if len(pays) == 1 else f"{pays[0]} ×{len(pays)}"
            names = f"{paid}; {names}" if names else paid
        return Chosen(update, "feeding", names, after)

    async def hint(self, game_id: int, user_id: int, decision_id: str | None) -> Hint:
        """The AI's suggestion for the user's current decision and why (the strongest level,
        ``ai.HINT_LEVEL``, within its budget, from the seat's own view, in the AI pool: never on
        the event loop). Counts the ``hint`` limit."""
        held = await self.memory.load(game_id)
        game = checks.playing(held)
        if not held.record.options.get("hints"):
            raise Refusal(refusals.BAD_REQUEST, "Hints are off in this game.", "hints_off")
        mine = checks.own_seat(held.record, user_id)
        decision = game.decision_id(mine)
        if decision is None:
            raise Refusal(refusals.NOT_YOUR_DECISION, "You have nothing to decide now.")
        if decision_id is not None and decision_id != decision:
            raise Refusal(refusals.STALE, "That decision is no longer open.", "moved_on")
        checks.limit(self.rate_limits, "hint", user_id)
        data = view(game, mine)
        legal = data["private"]["legal_actions"]
        version = game.catalog.version
        job = partial(hint_job, data, legal, version, self.pictures.files(version),
                      self.ai.options.get("hint", {}), current())
        action, reason = await self.ai.run(job)
        label = next((o["label"] for o in option_list(game, mine) if o["action"] == action),
                     str(action))
        return Hint(str(label), str(reason))

    # -- acting ahead

    async def queue_panel(self, game_id: int, user_id: int) -> QueueState:
        """What the user may queue now, what they queued, and the position's token."""
        held = await self.memory.load(game_id)
        game = checks.started(held)
        mine = checks.any_seat(held.record, user_id)
        key = (game_id, held.rev, mine)
        kept = self._queues.get(key)  # a page asks again after every change: once a revision
        if kept is not None:
            return kept
        options = ahead.plan_options(game, mine) if held.record.status == ACTIVE else {}
        state = QueueState(game_id, mine, held.record.status, options,
                           copy.deepcopy(held.record.seats[mine].plan), position_token(game),
                           game.catalog)
        self._queues[key] = state
        return state

    async def queue_choice(self, game_id: int, user_id: int, choice: JSONObject | None,
                           *, token: str) -> Queued:
        """Queue the plan a choice describes at the prices seen now (``None`` withdraws):
        ``{"kind": "phase_b", "cards": [...], "mode"}``, ``{"kind": "colony", "level" (None:
        no colony), "mode"}``, ``{"kind": "statue", "space" (None: no statue), "tile",
        "side"}``. ``stale`` (``queue_moved_on``) when the game moved on since ``token``.
        Returns the plan stored and the queue panel after it."""
        held = await self.memory.load(game_id)
        game = checks.playing(held)
        mine = checks.any_seat(held.record, user_id)
        if token != position_token(game):
            raise Refusal(refusals.STALE, "The game moved on since that panel.",
                          "queue_moved_on")
        plan: JSONObject | None = None
        if choice is not None:
            try:
                plan = _plan(game, mine, choice)
            except (ahead.PlanError, ValueError, TypeError, KeyError):
                raise Refusal(refusals.BAD_REQUEST, "That choice cannot be queued.",
                              "bad_plan") from None
        await self.play.queue(game_id, user_id, plan)
        return Queued(plan, await self.queue_panel(game_id, user_id))

    # -- the board, its pictures and its news

    async def board(self, game_id: int, language: str) -> BoardState:
        """The board's pictures (in ``language``), the spectator's view, who the game waits
        for, and the table's status, names and hints."""
        held = await self.memory.load(game_id)
        game, rec = checks.started(held), held.record  # as they are now (held may move on)
        waiting = self._waiting(held) if rec.status == ACTIVE else []
        images = await self.pictures.board(game_id, held.rev, game, language)
        names = tuple(s.name for s in sorted(rec.seats, key=lambda s: s.seat))
        return BoardState(images, spectator_view(game), waiting, rec.id, rec.status, names,
                          bool(rec.options.get("hints", False)))

    async def table(self, game_id: int, seat: int | None) -> TableState:
        """The live page: ``seat``'s view (None: the spectator's), the game's catalog and
        its last news. The caller has asked the access policy (``seat`` is the viewer's).
        Kept per revision and seat (:data:`TABLES_KEPT`): every page watching a game asks
        for it after each change, and the news replays part of the log."""
        held = await self.memory.load(game_id)
        key = (game_id, held.rev, seat)
        kept = self._tables.get(key)
        if kept is not None:
            return kept
        state = await self._table(held, game_id, seat)
        self._tables[key] = state
        return state

    async def _table(self, held: Held, game_id: int, seat: int | None) -> TableState:
        # Everything is read from the game as it is now, before the first await: a move
        # stored during one replaces held's game and revision, and a table labelled with the
        # new revision but drawn from the old game would be kept (here and by the page's
        # server) as the new revision's — a page would show an old decision as current.
        game, rec, rev = checks.started(held), held.record, held.rev
        shown = view(game, checks.seat_number(game, seat)) if seat is not None \
            else spectator_view(game)
        waiting = self._waiting(held) if rec.status == ACTIVE else []
        names = tuple(s.name for s in sorted(rec.seats, key=lambda s: s.seat))
        deciding = seat is not None and rec.status == ACTIVE \
            and game.decision_id(seat) is not None and not automatic(rec, game, seat)
        opts = option_list(game, seat) if deciding and seat is not None else []
        mine = rec.seats[seat] if seat is not None and 0 <= seat < len(rec.seats) else None
        active = rec.status == ACTIVE and mine is not None
        logged = len(game.log or [])
        since = max(0, logged - NEWS_ENTRIES)
        events = self._events.get((game_id, rev))  # the same for every seat
        if events is None:
            try:
                events = (await self.past.news(game_id, since, logged, opening=since == 0,
                                               words=False)).events
                self._events[(game_id, rev)] = events
            except Refusal:  # taken back meanwhile: no news on this drawing (not kept)
                events = ()
        return TableState(rec.id, rec.status, shown, game.catalog, names, waiting, events,
                          opts, hints=bool(rec.options.get("hints")),
                          undo=await self.play.undo_target(held, seat)
                          if active and seat is not None else None,
                          taken_over=active and bool(mine and mine.ai_takeover),
                          conceded=bool(mine and mine.conceded), revision=rev)

    async def board_images(self, game_id: int, language: str = "en") -> dict[str, bytes]:
        """The public board: {"table": png, "players": png}."""
        held = await self.memory.load(game_id)
        return await self.pictures.board(game_id, held.rev, checks.started(held), language)

    async def private_image(self, game_id: int, seat: int, language: str = "en",
                            page: int = 0) -> bytes:
        """A seat's private panel (its hand and current decision)."""
        held = await self.memory.load(game_id)
        game = checks.started(held)
        return await self.pictures.hand(game_id, held.rev, game, checks.seat_number(game, seat),
                                        language, page)

    async def scores_image(self, game_id: int, language: str = "en") -> bytes:
        """The score table (final once the game is over, live before)."""
        held = await self.memory.load(game_id)
        return await self.pictures.scores(game_id, held.rev, checks.started(held), language)

    async def news(self, game_id: int, since: int, until: int | None = None, *,
                   opening: bool = False) -> News:
        """What happened since the log's index ``since`` (up to ``until``; with ``opening``
        the game's creation too: ``History.news``)."""
        return await self.past.news(game_id, since, until, opening=opening)

    async def history(self, game_id: int) -> list[str]:
        """Every public event of the game so far, worded in the language being spoken
        (replayed in a thread)."""
        return await self.past.history(game_id)

    async def catch_up(self, game_id: int, seat: int) -> CatchUp:
        """What happened since ``seat`` last acted (``History.catch_up``)."""
        return await self.past.catch_up(game_id, seat)

    async def reveal_images(self, game_id: int, events: Sequence[Event],
                            language: str) -> list[bytes]:
        """The pictures of these ``round_revealed`` events, drawn from the spectator's view."""
        game = checks.started(await self.memory.load(game_id))
        return await self.pictures.reveals(game, events, language)

    async def recap_image(self, game_id: int, language: str) -> bytes:
        """A finished game's recap (an animated GIF: the boards at the end of each epoch,
        then the final standings), replayed and drawn in the render pool, cached like the
        other pictures. ``bad_request`` (``not_finished``) before the game is over."""
        held = await self.memory.load(game_id)
        game = checks.started(held)
        if held.record.status != FINISHED or not game.is_over or game.setup is None:
            raise Refusal(refusals.BAD_REQUEST, "A recap is ready once the game is over.",
                          "not_finished")
        return await self.pictures.recap(game_id, held.rev, game, language)

    async def card_image(self, card_id: str, language: str) -> bytes:
        """A card's face (``/hadara card``), of the current content."""
        return await self.pictures.card(card_id, language)

    async def leaderboard_image(self, rows: Rows, title: str, language: str) -> bytes | None:
        """A leaderboard or standings picture; None when it cannot be drawn (the text
        stands)."""
        return await self.pictures.leaderboard(rows, title, language)

    async def profile_image(self, card: ProfileCard, language: str) -> bytes | None:
        """A player's profile picture; None when it cannot be drawn (the text stands)."""
        return await self.pictures.profile(card, language)

    async def mistake_note(self, game_id: int, seat: int, version: int) -> Note | None:
        """A learning game's mistake note for the seat's last action (``History``)."""
        return await self.past.mistake_note(game_id, seat, version)

    # -- a table's lobby, a user's games and settings

    async def lobby(self, game_id: int) -> LobbyState:
        """The table's lobby: its seats and settings, whether one may join or start."""
        rec = await self.memory.record(game_id)
        opts = rec.options
        size = int(opts.get("seats", 5))
        seats = tuple(LobbySeat(s.seat, s.name, s.user_id, s.ai_level,
                                s.user_id is not None and s.user_id == rec.host_user_id)
                      for s in rec.seats)
        open_ = rec.status == LOBBY
        figures: dict[int, Reliability] = {}
        guild = server_of(opts, rec.discord)
        shows = open_ and guild is not None and self.reliability.source is not None
        if shows and guild is not None:  # only while people sit down
            people = [s.user_id for s in seats if s.user_id is not None]
            shown = [u for u in people if access.figures(
                None, u, guild, hidden=await self.hides_figures(u)) is access.Figures.ALL]
            figures = await self.reliability.of(guild, shown)
        return LobbyState(
            game_id=rec.id, status=rec.status, host_user_id=rec.host_user_id, size=size,
            seats=seats, variant=rec.variant, rated=bool(opts.get("rated")),
            hints=bool(opts.get("hints", True)), ai_level=str(opts.get("ai_level", "greedy")),
            time_control=opts.get("time_control") or None,
            can_join=open_ and len(seats) < size, can_start=open_ and len(seats) >= 2,
            discord=dict(rec.discord), min_finish=minimum_of(opts), reliability=figures,
            figures=shows)

    async def hides_figures(self, user_id: int) -> bool:
        """The user keeps their figures from others (``/hadara settings hide_figures``)."""
        return (await self.user_settings(user_id)).get(HIDE_FIGURES) is True

    async def games(self, user_id: int, limit: int = MAX_GAMES_LISTED) -> GamesList:
        """The user's games in a lobby or in play, each with what it waits for (the user's
        decision first: its kind, since when and its deadline; else whom, and the soonest
        deadline), in :class:`GamesList`'s order; the first ``limit`` of them."""
        checks.check_user(user_id)
        ids = await self.games_of(user_id, (LOBBY, ACTIVE))
        lines = []
        for gid in ids[:MAX_GAMES_SCANNED]:
            try:
                held = await self.memory.load(gid)
            except Refusal as refusal:  # a damaged game: the others are still listed
                if refusal.code == refusals.STORAGE_UNAVAILABLE:
                    raise
                log.warning("game %s left out of user %s's games: %r", gid, user_id, refusal)
                continue
            rec = held.record
            mine = checks.seat_of(rec, user_id)
            size = int(rec.options.get("seats", 5))
            turn: str | None = None
            names: tuple[str, ...] = ()
            deadline: float | None = None
            since: float | None = None
            if rec.status != LOBBY:
                waiting = self._waiting(held)
                me = next((w for w in waiting if w.seat == mine), None)
                if me is not None:
                    turn, deadline = me.kind, me.deadline
                    since = self.timers.opened(gid, me.seat, me.decision_id) or rec.updated_at
                else:
                    by_seat = {s.seat: s.name for s in rec.seats}
                    names = tuple(by_seat.get(w.seat, "?") for w in waiting)
                    deadline = min((w.deadline for w in waiting if w.deadline is not None),
                                   default=None)
            lines.append(GameLine(gid, rec.status, len(rec.seats), size, mine, turn, names,
                                  deadline, dict(rec.discord), since))
        lines.sort(key=_listed_order)
        return GamesList(user_id, tuple(lines[:limit]), max(0, len(ids) - limit),
                         self.away.away_until(user_id))

    async def next_turn(self, user_id: int, after: int | None = None) -> GameLine | None:
        """The game waiting longest on the user, other than ``after`` (the one they just
        moved in): "Next game" after a move. None: no other game waits on them."""
        listed = await self.games(user_id, limit=MAX_GAMES_SCANNED)
        return next((line for line in listed.your_turn if line.game_id != after), None)

    async def settings(self, user_id: int, guild_id: int | None = None) -> SettingsState:
        """The user's settings and the rules they met in learning games (and, with
        ``guild_id``, their server's language and whether its rated games allow taking a move
        back)."""
        checks.check_user(user_id)
        if guild_id is not None:
            checks.check_user(guild_id, "bad_guild")
        mine = await self.user_settings(user_id)
        server_language = rated_undo = None
        if guild_id is not None:
            server_language = await self.languages.for_guild(guild_id)
            rated_undo = await self.play.undo_rated(guild_id)
        tz, quiet = mine.get(TIME_ZONE), mine.get(QUIET_HOURS)
        hour = digest_hour(mine)
        armed = await self.store.turn_digest_timers(user_id) if hour is not None else []
        return SettingsState(
            user_id=user_id, dms=mine.get(DM_TURNS) is True,  # asked for, nothing else
            language=await self.languages.choice(user_id),
            time_zone=tz if isinstance(tz, str) else None,
            quiet_hours=quiet if isinstance(quiet, str) else None,
            away_until=self.away.away_until(user_id), server_language=server_language,
            rated_undo=rated_undo, learned=tuple(learned(mine)), turn_digest=hour,
            turn_digest_due=armed[0].due if armed else None,
            turn_pings=mine.get(TURN_PINGS) is True,
            hide_figures=mine.get(HIDE_FIGURES) is True)

    # -- records and a front end's own data

    async def games_of(self, user_id: int, statuses: tuple[str, ...] = (LOBBY, ACTIVE)
                       ) -> list[int]:
        """The games the user holds a seat in (in a lobby or in play, by default)."""
        return await self.store.games_of_user(user_id, statuses)

    async def user_settings(self, user_id: int) -> JSONObject:
        return await self.store.get_user_settings(user_id)

    async def set_user_settings(self, user_id: int, settings: Mapping[str, JSON]) -> None:
        await self.store.set_user_settings(user_id, settings)

    async def guild_settings(self, guild_id: int) -> JSONObject:
        return await self.store.get_guild_settings(guild_id)

    async def set_guild_settings(self, guild_id: int, settings: Mapping[str, JSON]) -> None:
        await self.store.set_guild_settings(guild_id, settings)

    async def seat_message(self, game_id: int, seat: int, kind: str) -> int | None:
        """The id of a seat's message the front end keeps (``kind``: "dm", …)."""
        return (await self.store.seat_messages(game_id)).get((seat, kind))

    async def set_seat_message(self, game_id: int, seat: int, kind: str,
                               message_id: int | None) -> None:
        await self.store.set_seat_message(game_id, seat, kind, message_id)

    async def record(self, game_id: int) -> GameRecord:
        """A copy of the game's record (a damaged game's as far as it reads)."""
        return copy.deepcopy(await self.memory.record(game_id))

    async def game_facts(self, game_id: int) -> access.GameFacts:
        """The access policy's facts of the game (its server, thread, seats …)."""
        return access.facts(await self.memory.record(game_id))

    async def export_record(self, game_id: int) -> JSONObject:
        """A finished game's full record as JSON (``export.py``'s format); ``not_found``,
        ``not_started`` for a game that never started."""
        stored = await self.memory.stored(game_id)
        if stored is None:
            raise Refusal(refusals.NOT_FOUND, "There is no such game.", game_id=game_id)
        rec = stored.record
        files = await self.store.load_content(rec.content_version) \
            if rec.content_version else None
        game = None
        if rec.status == FINISHED and rec.setup is not None:
            game = (await self.memory.load(game_id)).game
        try:
            return export.game_record(stored, files, game)
        except ValueError:
            raise Refusal(refusals.NOT_STARTED, "The game never started.") from None


def _plan(game: Game, seat: int, choice: JSONObject) -> JSONObject:
    kind = choice.get("kind")
    if kind == ahead.PHASE_B:
        cards = [str(c) for c in choice.get("cards") or []][:ahead.MAX_CARDS]
        return ahead.queue_phase_b(game, seat, cards, str(choice.get("mode"))).to_dict()
    if kind == ahead.COLONY:
        level = choice.get("level")
        if level is None:
            return ahead.queue_colony(game, seat, None).to_dict()
        return ahead.queue_colony(game, seat, int(level), str(choice.get("mode"))).to_dict()
    if kind == ahead.STATUE:
        space = choice.get("space")
        if space is None:
            return ahead.queue_statue(game, seat, None).to_dict()
        return ahead.queue_statue(game, seat, int(space), str(choice.get("tile")),
                                  str(choice.get("side"))).to_dict()
    raise ahead.PlanError("kind", "nothing to queue")
