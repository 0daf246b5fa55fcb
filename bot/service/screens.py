"""What a front end shows, in ONE call each: a seat's panel (its view, options, deadline,
catch-up lines and private picture), a choice made and the panel after it, a hint, the queue
panel and a queued choice, the board, the history, and the pictures a front end posts (reveals,
cards, leaderboards), plus the per-user data it keeps (settings, the ids of its messages).

Front ends word what they are handed with the pure wording functions (``hadara.narrate``,
``hadara.words``, ``i18n``); they never build views, options or legal actions, replay a game
or call the store. Every picture is drawn in the service's render pool, never on the event
loop. Documentation: docs/service.md, "What a front end shows".
"""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from bot import access
from bot.storage.base import ABANDONED, ACTIVE, FINISHED, LOBBY, GameRecord
from hadara.engine import Game
from hadara.errors import HadaraError
from hadara.narrate import describe
from hadara.narrate import label as action_label
from hadara.options import options as option_list
from hadara.views import spectator_view, view
from hadara.words import card_name
from i18n import current

from . import ahead, refusals
from .ai import hint_job
from .images import Key, recap_job
from .playon import ai_level, automatic
from .refusals import Refusal
from .updates import final_ranking

if TYPE_CHECKING:
    from hadara.content import Catalog

    from .live import Live, LiveGames
    from .service import GameService
    from .updates import Update, Waiting

log = logging.getLogger(__name__)


def check_of(action: Mapping[str, Any]) -> str:
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


@dataclass(frozen=True)
class PanelState:
    """A seat's panel as the service hands it over (``GameService.panel``)."""

    game_id: int
    seat: int
    status: str
    decision_id: str | None  # the seat's pending decision (None: waiting)
    kind: str | None  # its kind (``draft``, ``statue`` …)
    view: dict[str, Any]  # the seat's own view (hadara.views.view)
    options: list[dict[str, Any]]  # the decision's options, legal or not, with labels
    waiting: tuple[str, ...]  # the names of the seats the game waits for
    hints: bool
    deadline: float | None
    catch_up: tuple[str, ...]  # what happened since the seat last acted (when asked)
    image: bytes | None  # the private picture (when deciding, or when asked)
    can_queue: bool  # "Queue my choice" is offered now
    catalog: Catalog  # to word cards (hadara.words)
    thread_url: str | None
    #: the game's revision when this was read (``Live.rev``): of two panels of a seat, the
    #: one with the higher revision is the newer (a front end never draws an older over it)
    revision: int = 0
    done: tuple[str, ...] = ()  # decisions forced on the seat since its last move, labelled
    undo: int | None = None  # the log index of the move the seat may take back now
    taken_over: bool = False  # the AI plays the seat after missed deadlines (rejoin)
    final: tuple[FinalRow, ...] = ()  # a finished game: the ranking


@dataclass(frozen=True)
class FinalRow:
    """One seat of a finished game's ranking on a panel."""

    rank: int
    name: str
    total: int
    you: bool
    conceded: bool


@dataclass(frozen=True)
class Chosen:
    """A choice stored (``GameService.choose``): the update, the option's kind and label,
    and the seat's panel after it."""

    update: Update
    kind: str
    label: str
    panel: PanelState


@dataclass(frozen=True)
class QueueState:
    """What a seat may queue now (``ahead.plan_options``), the plan it queued, and the token
    of the game's position."""

    game_id: int
    seat: int
    status: str
    options: dict[str, Any]
    queued: dict[str, Any] | None
    token: str
    catalog: Catalog


@dataclass(frozen=True)
class BoardState:
    """The board: its pictures, the spectator's view (its status line) and who the game waits
    for."""

    images: dict[str, bytes]
    view: dict[str, Any]
    waiting: list[Waiting]


def history_lines(game: Game) -> list[str]:
    """Every public event of the game so far, worded (replayed from setup, seed and log)."""
    assert game.setup is not None and game.log is not None
    replay = Game.from_setup(game.setup, game.seed, game.catalog)
    events = list(replay.opening.public)
    for entry in game.log:
        events.extend(replay.apply(entry["seat"], entry["action"]).public)
    return [line.strip() for ev in events
            for line in describe(ev, replay.players, replay.catalog)]


def mistake(game: Game, seat: int, version: int) -> Any:
    """The learning game's mistake note for the seat's action just stored (the last of its log
    entries up to ``version``), replayed from the game's setup (``bot.learn.mistake``)."""
    from bot.learn import mistake as note_of

    entries = game.log or []
    i = min(version, len(entries)) - 1
    while i >= 0 and entries[i]["seat"] != seat:
        i -= 1
    if i < 0 or game.setup is None:
        return None
    before = Game.from_setup(game.setup, game.seed, game.catalog)
    for entry in entries[:i]:
        before.apply(entry["seat"], entry["action"])
    return note_of(before, seat, entries[i]["action"])


def render_card(card_id: str, version: str | None, files: Any, language: str) -> bytes:
    """A card's full face on its own small canvas (in the render pool)."""
    from rendering import default_fonts
    from rendering.canvas import Canvas, png_bytes
    from rendering.cards import card_face

    from .content import worker_catalog

    catalog = worker_catalog(version, files)
    card = catalog.cards[card_id]
    fonts = default_fonts()
    width, pad = 380, 10
    scratch = Canvas(width, 900, fonts, locale=language)
    bottom = card_face(scratch, pad, pad, width - 2 * pad, 880, card, catalog)
    height = int(bottom) + 24
    canvas = Canvas(width, height + 2 * pad, fonts, locale=language)
    card_face(canvas, pad, pad, width - 2 * pad, height, card, catalog)
    return png_bytes(canvas.image)


def render_reveals(events: list[dict[str, Any]], data: dict[str, Any], version: str | None,
                   files: Any, language: str) -> list[bytes]:
    """The pictures of a round's reveals (in the render pool)."""
    from rendering import render_reveal

    from .content import worker_catalog

    catalog = worker_catalog(version, files)
    return [render_reveal(ev, data, catalog, locale=language) for ev in events]


def render_leaderboard(rows: list[dict[str, Any]], title: str, language: str) -> bytes:
    from rendering.leaderboard import render_leaderboard as draw

    return draw(rows, title, locale=language)


class Screens:
    """The part of the service that hands front ends what they show (see the module)."""

    def __init__(self, service: GameService, live: LiveGames) -> None:
        self.service = service
        self.live = live

    # -- helpers

    def _seat(self, live: Live, user_id: int, seat: int | None) -> int:
        """The user's seat (the access policy checked ``seat`` is theirs)."""
        for s in live.record.seats:
            if s.user_id == user_id:
                if s.conceded:
                    raise Refusal(refusals.CONCEDED, "You conceded; the AI plays your seat.",
                                  seat=s.seat)
                if seat is not None and seat != s.seat:
                    raise Refusal(refusals.NOT_SEATED, "That seat is not yours.", seat=seat)
                return s.seat
        raise Refusal(refusals.NOT_SEATED, "You have no seat in this game.")

    @staticmethod
    def _started(live: Live, *, ended_ok: bool) -> Game:
        status = live.record.status
        if live.game is None or status == LOBBY:
            raise Refusal(refusals.NOT_STARTED, "The game has not started yet.")
        if not ended_ok and status == FINISHED:
            raise Refusal(refusals.FINISHED, "The game is over.")
        if not ended_ok and status == ABANDONED:
            raise Refusal(refusals.ABANDONED, "The game was abandoned.")
        return live.game

    @staticmethod
    def _kind(game: Game, seat: int) -> str | None:
        return next((d.kind for d in game.decisions() if d.seat == seat), None)

    @staticmethod
    def _url(record: GameRecord) -> str | None:
        d = record.discord
        if d.get("guild") and d.get("thread"):
            return f"https://discord.com/channels/{d['guild']}/{d['thread']}"
        return None

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
        live = await self.live.load(game_id)
        game = self._started(live, ended_ok=image is True or ended)
        mine = self._seat(live, user_id, seat)
        if (live.record.status == ACTIVE and automatic(live.record, game, mine)
                and ai_level(live.record, mine) is None):
            try:
                await self.service.playon.settle(game_id)
            except Refusal as refusal:  # storage: shown as waiting, playing on retries
                log.info("could not settle game %s before a panel: %r", game_id, refusal)
            live = await self.live.load(game_id)
            game = self._started(live, ended_ok=True)
        rec = live.record
        data = view(game, mine)
        decision = game.decision_id(mine)
        if decision is not None and (rec.status != ACTIVE or automatic(rec, game, mine)):
            decision = None
        opts = option_list(game, mine) if decision is not None else []
        names = [s.name for s in sorted(rec.seats, key=lambda s: s.seat)]
        waiting_names = tuple(names[s] for s in data.get("waiting_on") or []
                              if 0 <= s < len(names))
        deadline = next((w.deadline for w in await self.service.waiting(game_id)
                         if w.seat == mine), None) if rec.status == ACTIVE else None
        caught: list[str] = []
        if intro and rec.status == ACTIVE:
            try:
                caught = list((await self.service.catch_up(game_id, mine)).get("lines") or [])
            except Refusal:
                caught = []
        picture = None
        if image or (image is None and decision is not None):
            picture = await self.service.private_image(game_id, mine, language or current())
        can_queue = False
        if decision is None and rec.status == ACTIVE:
            try:
                can_queue = bool(offered(ahead.plan_options(game, mine))) \
                    or bool(rec.seats[mine].plan)
            except (HadaraError, ValueError, KeyError):
                can_queue = False
        done: list[str] = []
        for parts in live.done.get(mine, ()):
            try:
                done.append(action_label(parts, game.catalog))
            except (KeyError, ValueError, IndexError, TypeError):
                continue
        undo = (await self.service.play.undo_target(live, mine)
                if rec.status == ACTIVE else None)
        final: tuple[FinalRow, ...] = ()
        if rec.status == FINISHED and game.is_over:
            rows, _ = final_ranking(game, rec.seats)
            final = tuple(FinalRow(int(r["rank"]), names[r["seat"]], int(r["total"]),
                                   r["seat"] == mine, bool(r.get("conceded")))
                          for r in rows)
        return PanelState(game_id=game_id, seat=mine, status=rec.status, decision_id=decision,
                          kind=self._kind(game, mine) if decision is not None else None,
                          view=data, options=opts, waiting=waiting_names,
                          hints=bool(rec.options.get("hints")), deadline=deadline,
                          catch_up=tuple(caught), image=picture, can_queue=can_queue,
                          catalog=game.catalog, thread_url=self._url(rec),
                          revision=live.rev, done=tuple(done), undo=undo,
                          taken_over=rec.status == ACTIVE and rec.seats[mine].ai_takeover,
                          final=final)

    async def revision(self, game_id: int) -> int:
        return (await self.live.load(game_id)).rev

    async def choose(self, game_id: int, user_id: int, seat: int, decision_id: str,
                     index: int | None, check: str | None) -> Chosen:
        """Option ``index`` of the seat's decision ``decision_id``, if its action still matches
        ``check``: stored (``submit``), and the panel after it. ``stale`` when the decision
        moved on or the option changed."""
        live = await self.live.load(game_id)
        game = self._started(live, ended_ok=False)
        mine = self._seat(live, user_id, seat)
        if game.decision_id(mine) != decision_id:
            raise await self._moved_on(live, mine, decision_id)
        opts = option_list(game, mine)
        option = opts[index] if index is not None and 0 <= index < len(opts) else None
        if option is None or not option.get("legal") or check_of(option["action"]) != check:
            raise Refusal(refusals.STALE, "That option is no longer offered.", "option_changed")
        kind = self._kind(game, mine) or ""
        try:
            update = await self.service.submit(game_id, user_id, decision_id,
                                               option["action"])
        except Refusal as refusal:
            if refusal.code == refusals.STALE and refusal.reason != "already_recorded":
                # the round was revealed between the check above and the game's lock
                raise await self._moved_on(await self.live.load(game_id), mine,
                                           decision_id) from None
            raise
        after = await self.panel(game_id, user_id, seat=mine, ended=True)
        return Chosen(update, kind, str(option.get("label", "")), after)

    async def _moved_on(self, live: Live, seat: int, decision_id: str) -> Refusal:
        """The refusal of a choice for a decision no longer open. A simultaneous pick the
        seat had made for it stood (the round was revealed before the change arrived): the
        refusal names it (``stale`` ``pick_stood``: ``label`` of the pick, ``kind``)."""
        stood = None
        try:
            stored = await self.live.stored(live.record.id)
        except Refusal:
            stored = None
        if stored is not None:
            stood = next((a for a in reversed(stored.actions)
                          if a.seat == seat and a.decision_id == decision_id
                          and a.action.get("type") in ("draft", "setup_side")), None)
        if stood is None or live.game is None:
            return Refusal(refusals.STALE, "That decision is no longer open.", "moved_on")
        action = stood.action
        catalog = live.game.catalog
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
        live = await self.live.load(game_id)
        game = self._started(live, ended_ok=False)
        mine = self._seat(live, user_id, seat)
        if game.decision_id(mine) != decision_id:
            raise Refusal(refusals.STALE, "That decision is no longer open.", "moved_on")
        if self._kind(game, mine) != "feeding":
            raise Refusal(refusals.MALFORMED, "Only a feeding is chosen in one batch.",
                          "feed_batch")
        opts = option_list(game, mine)
        chosen: list[Mapping[str, Any]] = []
        for index, check in picks:
            option = opts[index] if index is not None and 0 <= index < len(opts) else None
            if (option is None or not option.get("legal")
                    or check_of(option["action"]) != check):
                raise Refusal(refusals.STALE, "That option is no longer offered.",
                              "option_changed")
            chosen.append(option)
        update = await self.service.play.submit_feeding(
            game_id, user_id, decision_id, [dict(o["action"]) for o in chosen])
        self.service.playon.kick(game_id)
        after = await self.panel(game_id, user_id, seat=mine, ended=True)
        pays = [str(o.get("label", "")) for o in chosen if o["action"]["type"] == "feed_pay"]
        names = ", ".join(card_name(game.catalog, str(o["action"]["card"])) for o in chosen
                          if o["action"]["type"] != "feed_pay")  # by name: one short line
        if pays:
            paid = pays[0] if len(pays) == 1 else f"{pays[0]} ×{len(pays)}"
            names = f"{paid}; {names}" if names else paid
        return Chosen(update, "feeding", names, after)

    async def hint(self, game_id: int, user_id: int, decision_id: str | None
                   ) -> tuple[str, str]:
        """The AI's suggestion for the user's current decision and why (the strongest level,
        ``ai.HINT_LEVEL``, within its budget, from the seat's own view, in the AI pool: never on
        the event loop). Counts the ``hint`` limit."""
        live = await self.live.load(game_id)
        game = self._started(live, ended_ok=False)
        if not live.record.options.get("hints"):
            raise Refusal(refusals.BAD_REQUEST, "Hints are off in this game.", "hints_off")
        mine = self._seat(live, user_id, None)
        decision = game.decision_id(mine)
        if decision is None:
            raise Refusal(refusals.NOT_YOUR_DECISION, "You have nothing to decide now.")
        if decision_id is not None and decision_id != decision:
            raise Refusal(refusals.STALE, "That decision is no longer open.", "moved_on")
        self.service.limit("hint", user_id)
        data = view(game, mine)
        legal = data["private"]["legal_actions"]
        version = game.catalog.version
        job = partial(hint_job, data, legal, version, self.service.catalogs.files(version),
                      self.service.ai_options.get("hint", {}), current())
        action, reason = await self.service.run_ai_job(job)
        label = next((o["label"] for o in option_list(game, mine) if o["action"] == action),
                     str(action))
        return str(label), str(reason)

    # -- acting ahead

    async def queue_panel(self, game_id: int, user_id: int) -> QueueState:
        """What the user may queue now, what they queued, and the position's token."""
        live = await self.live.load(game_id)
        game = self._started(live, ended_ok=True)
        mine = next((s.seat for s in live.record.seats if s.user_id == user_id), None)
        if mine is None:
            raise Refusal(refusals.NOT_SEATED, "You have no seat in this game.")
        options = ahead.plan_options(game, mine) if live.record.status == ACTIVE else {}
        return QueueState(game_id, mine, live.record.status, options,
                          copy.deepcopy(live.record.seats[mine].plan), position_token(game),
                          game.catalog)

    async def queue_choice(self, game_id: int, user_id: int, choice: Mapping[str, Any] | None,
                           *, token: str) -> tuple[dict[str, Any] | None, QueueState]:
        """Queue the plan a choice describes at the prices seen now (``None`` withdraws):
        ``{"kind": "phase_b", "cards": [...], "mode"}``, ``{"kind": "colony", "level" (None:
        no colony), "mode"}``, ``{"kind": "statue", "space" (None: no statue), "tile",
        "side"}``. ``stale`` (``queue_moved_on``) when the game moved on since ``token``.
        Returns the plan stored and the queue panel after it."""
        live = await self.live.load(game_id)
        game = self._started(live, ended_ok=False)
        mine = next((s.seat for s in live.record.seats if s.user_id == user_id), None)
        if mine is None:
            raise Refusal(refusals.NOT_SEATED, "You have no seat in this game.")
        if token != position_token(game):
            raise Refusal(refusals.STALE, "The game moved on since that panel.",
                          "queue_moved_on")
        plan: dict[str, Any] | None = None
        if choice is not None:
            try:
                plan = _plan(game, mine, choice)
            except (ahead.PlanError, ValueError, TypeError, KeyError):
                raise Refusal(refusals.BAD_REQUEST, "That choice cannot be queued.",
                              "bad_plan") from None
        await self.service.queue(game_id, user_id, plan)
        return plan, await self.queue_panel(game_id, user_id)

    # -- the board and its messages

    async def board(self, game_id: int, language: str) -> BoardState:
        """The board's pictures (in ``language``), the spectator's view and who the game
        waits for."""
        live = await self.live.load(game_id)
        game = self._started(live, ended_ok=True)
        images = await self.service.board_images(game_id, language)
        waiting = await self.service.waiting(game_id) if live.record.status == ACTIVE else []
        return BoardState(images, spectator_view(game), waiting)

    async def history(self, game_id: int) -> list[str]:
        """Every public event of the game so far, worded in the language being spoken
        (replayed in a thread)."""
        live = await self.live.load(game_id)
        game = self._started(live, ended_ok=True)
        return await asyncio.to_thread(history_lines, game)

    async def reveal_images(self, game_id: int, events: Sequence[dict[str, Any]],
                            language: str) -> list[bytes]:
        """The pictures of these ``round_revealed`` events, drawn from the spectator's view."""
        live = await self.live.load(game_id)
        game = self._started(live, ended_ok=True)
        version = game.catalog.version
        job = partial(render_reveals, list(events), spectator_view(game), version,
                      self.service.catalogs.files(version), language)
        out: list[bytes] = await asyncio.get_running_loop().run_in_executor(
            self.service.render_pool, job)
        return out

    async def recap_image(self, game_id: int, language: str) -> bytes:
        """A finished game's recap (an animated GIF: the boards at the end of each epoch,
        then the final standings), replayed and drawn in the render pool, cached like the
        other pictures. ``bad_request`` (``not_finished``) before the game is over."""
        live = await self.live.load(game_id)
        game = self._started(live, ended_ok=True)
        if live.record.status != FINISHED or not game.is_over or game.setup is None:
            raise Refusal(refusals.BAD_REQUEST, "A recap is ready once the game is over.",
                          "not_finished")
        version, rev = game.catalog.version, live.rev
        key: Key = (game_id, rev, "recap", None, language)
        job = partial(recap_job, game.setup.to_dict(), game.seed,
                      [{"seat": e["seat"], "action": e["action"]} for e in game.log or []],
                      version, self.service.catalogs.files(version), language)

        async def render() -> dict[Key, bytes]:
            gif: bytes = await asyncio.get_running_loop().run_in_executor(
                self.service.render_pool, job)
            return {key: gif}

        return (await self.service.images.get_or_render((key,), render))[key]

    async def card_image(self, card_id: str, language: str) -> bytes:
        """A card's face (``/hadara card``), of the current content."""
        version = self.service.catalogs.default.version
        job = partial(render_card, card_id, version, self.service.catalogs.files(version),
                      language)
        out: bytes = await asyncio.get_running_loop().run_in_executor(
            self.service.render_pool, job)
        return out

    async def leaderboard_image(self, rows: list[dict[str, Any]], title: str,
                                language: str) -> bytes | None:
        """A leaderboard or standings picture; None when it cannot be drawn (the text
        stands)."""
        try:
            out: bytes = await asyncio.get_running_loop().run_in_executor(
                self.service.render_pool, partial(render_leaderboard, rows, title, language))
        except Exception:
            log.exception("could not draw %r", title)
            return None
        return out

    async def mistake_note(self, game_id: int, seat: int, version: int) -> Any:
        """A learning game's mistake note for the seat's last action (``bot.learn.Note`` or
        None), worked out in a thread."""
        live = await self.live.load(game_id)
        game = self._started(live, ended_ok=True)
        return await asyncio.to_thread(mistake, game, seat, version)

    # -- records and a front end's own data

    async def games_of(self, user_id: int, statuses: tuple[str, ...] = (LOBBY, ACTIVE)
                       ) -> list[int]:
        """The games the user holds a seat in (in a lobby or in play, by default)."""
        return await self.service.store.games_of_user(user_id, statuses)

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        return await self.service.store.get_user_settings(user_id)

    async def set_user_settings(self, user_id: int, settings: dict[str, Any]) -> None:
        await self.service.store.set_user_settings(user_id, settings)

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        return await self.service.store.get_guild_settings(guild_id)

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        await self.service.store.set_guild_settings(guild_id, settings)

    async def seat_message(self, game_id: int, seat: int, kind: str) -> int | None:
        """The id of a seat's message the front end keeps (``kind``: "dm", …)."""
        return (await self.service.store.seat_messages(game_id)).get((seat, kind))

    async def set_seat_message(self, game_id: int, seat: int, kind: str,
                               message_id: int | None) -> None:
        await self.service.store.set_seat_message(game_id, seat, kind, message_id)

    async def record(self, game_id: int) -> GameRecord:
        """A copy of the game's record (a damaged game's as far as it reads)."""
        return copy.deepcopy(await self.live.record(game_id))

    async def game_facts(self, game_id: int) -> access.GameFacts:
        """The access policy's facts of the game (its server, thread, seats …)."""
        return access.facts(await self.live.record(game_id))

    async def export_record(self, game_id: int) -> dict[str, Any]:
        """A finished game's full record as JSON (``bot/league/export.py``'s format)."""
        from bot.league.export import export_game

        try:
            return await export_game(self.service.store, game_id)
        except KeyError:
            raise Refusal(refusals.NOT_FOUND, "There is no such game.",
                          game_id=game_id) from None
        except ValueError:
            raise Refusal(refusals.NOT_STARTED, "The game never started.") from None


def _plan(game: Game, seat: int, choice: Mapping[str, Any]) -> dict[str, Any]:
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
