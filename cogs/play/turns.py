"""Private choices: the "Take my turn" button and the decision panel (ephemeral or by DM).

The board message (``cogs.table``) carries :func:`take_turn_view` (offered to it through
``cogs.edge.offers``); its button opens an ephemeral panel for the clicking player's current
decision, laid out by :mod:`.panels` from what the service hands over in ONE call
(``GameService.panel``: the seat's view, its options, the deadline, the catch-up lines and the
private picture). :func:`send_panel_dm` sends the same panel by DM. Every component is a
``DynamicItem`` whose custom id names the game, the seat and the engine's decision id (see
:mod:`.panels.ids`), so panels keep working after a restart: the access policy checks the
clicker holds the seat (``Guarded``), and a choice is one service call
(``GameService.choose``) that returns the panel after the move, which edits the panel the click
came from (``edit_original_response`` after a deferral: the picture may take longer than
Discord's three seconds to render).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from io import BytesIO
from typing import Any, Self

import discord
from discord.utils import MISSING

from bot.messages import t
from bot.service import GameService, Refusal
from bot.service.screens import Chosen, PanelState
from cogs.edge.board_link import row_after
from cogs.edge.client import HadaraBot, Interaction
from cogs.edge.dms import open_dm
from cogs.edge.errors import DM_REFUSED, DM_TOO_FAST, reply_error, safe_reply
from cogs.edge.guard import PRIVATE, UPDATE, Guarded, acknowledge
from cogs.edge.language import user_language
from cogs.edge.launch import add_board_buttons
from cogs.edge.times import panel_deadline
from i18n import speaking

from . import panels
from .live import live_panels
from .panels.ids import ACTION, GO, HINT, NAV, SELECT, TAKE_TURN, UNDO, GoKey, PanelId, UndoKey
from .panels.text import catch_up_lines
from .queue import open_button

log = logging.getLogger(__name__)

IMAGE_NAME = "decision.png"
DM_KIND = "dm"  # seat_messages kind of the DM panel
#: A DM panel older than this is no longer edited (edits of messages older than an hour are
#: limited by Discord; the next step that pings the player sends a fresh one).
DM_PANEL_MAX_AGE = 50 * 60.0
STYLES = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
          "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger}
COLOUR = discord.Colour(0xC8963E)

Button = discord.ui.Button[discord.ui.View]
Select = discord.ui.Select[discord.ui.View]
Item = discord.ui.Item[discord.ui.View]


# ------------------------------------------------------------------------------ components


class TakeTurnButton(Guarded[PanelId], discord.ui.DynamicItem[Button], spec=TAKE_TURN):
    """The board's persistent "Take my turn" button (custom id ``hd1:t:<game>``)."""

    access_kind = "take_turn"

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(style=discord.ButtonStyle.primary,
                                           label=t("play.take_turn"),
                                           custom_id=panels.take_turn_id(game_id)))
        self.game_id = game_id

    def access_target(self) -> tuple[int | None, int | None]:
        return self.game_id, None

    @classmethod
    def rebuild(cls, key: PanelId, item: Item) -> TakeTurnButton:
        return cls(key.game)

    async def clicked(self, interaction: Interaction) -> None:
        await open_panel(interaction, self.game_id)


class _PanelItem(Guarded[PanelId]):
    """Shared by the panel's components: their whole state is the custom id (``pid``), so the
    item is rebuilt from it alone after a restart. The access policy checks the clicker holds
    the seat the custom id names."""

    ack = UPDATE  # the panel itself is edited

    def __init__(self, item: Button | Select, pid: PanelId | None = None) -> None:
        super().__init__(item)  # type: ignore[call-arg]  # DynamicItem.__init__
        pid = pid if pid is not None else self.spec.parse(item.custom_id or "")
        assert pid is not None
        self.pid: PanelId = pid

    def access_target(self) -> tuple[int | None, int | None]:
        return self.pid.game, self.pid.seat

    @classmethod
    def rebuild(cls, key: PanelId, item: Item) -> Self:
        assert isinstance(item, discord.ui.Button | discord.ui.Select)
        return cls(item, key)


class HintButton(_PanelItem, discord.ui.DynamicItem[Button], spec=HINT):
    """"Hint": the AI's suggestion for the clicker's decision (on the board or a panel)."""

    access_kind = "hint"
    ack = PRIVATE  # the hint comes as a message of its own

    async def clicked(self, interaction: Interaction) -> None:
        await give_hint(interaction, self.pid)


class ActionButton(_PanelItem, discord.ui.DynamicItem[Button], spec=ACTION):
    """A button choosing one option of the decision."""

    access_kind = "action"

    async def clicked(self, interaction: Interaction) -> None:
        await panel_click(interaction, self.pid,
                          panels.SelectValue(self.pid.index, self.pid.check))


class NavButton(_PanelItem, discord.ui.DynamicItem[Button], spec=NAV):
    """A button going one step into (or back out of) a stepped decision."""

    access_kind = "nav"

    async def clicked(self, interaction: Interaction) -> None:
        await panel_click(interaction, self.pid, None)


class PanelSelect(_PanelItem, discord.ui.DynamicItem[Select], spec=SELECT):
    """A select of options or of the next step's choices."""

    access_kind = "select"

    async def clicked(self, interaction: Interaction) -> None:
        values = self.item.values
        if panels.is_batch(self.pid):  # the whole feeding at once
            picks = [panels.parse_value(v) for v in values]
            if not picks or any(p is None or p.index is None for p in picks):
                await safe_reply(interaction, t("play.refuse.malformed"))
                return
            await feeding_click(interaction, self.pid, [p for p in picks if p is not None])
            return
        value = panels.parse_value(values[0]) if values else None
        if value is None:
            await safe_reply(interaction, t("play.refuse.malformed"))
            return
        if value.token is not None:
            pid = panels.PanelId("n", self.pid.game, self.pid.seat, self.pid.decision,
                                 path=(*self.pid.path, value.token))
            await panel_click(interaction, pid, None)
        else:
            await panel_click(interaction, self.pid, value)


class UndoButton(Guarded[UndoKey], discord.ui.DynamicItem[Button], spec=UNDO):
    """"Take back" on the panel after a choice: the seat's move at log index ``move``,
    taken back while harmless (``GameService.undo``; a stale click is refused as stale),
    then the panel of the decision again."""

    access_kind = "undo"
    ack = UPDATE  # the panel itself is edited

    def __init__(self, game_id: int, seat: int, move: int) -> None:
        super().__init__(discord.ui.Button(style=discord.ButtonStyle.secondary,
                                           label=t("play.undo"),
                                           custom_id=panels.undo_id(game_id, seat, move)))
        self.game_id, self.seat, self.move = game_id, seat, move

    def access_target(self) -> tuple[int | None, int | None]:
        return self.game_id, self.seat

    @classmethod
    def rebuild(cls, key: UndoKey, item: Item) -> UndoButton:
        return cls(key.game, key.seat, key.move)

    async def clicked(self, interaction: Interaction) -> None:
        service = interaction.client.service
        try:
            await acknowledge(interaction, UPDATE)
            with live_panels(interaction.client).clicking(self.game_id, self.seat):
                await service.undo(self.game_id, interaction.user.id, self.move)
                _remember_move(interaction.client, self.game_id, self.seat, None)
                state = await service.panel(self.game_id, interaction.user.id, seat=self.seat)
                await draw(interaction, state, note=t("game.undo.done", id=self.game_id))
        except Exception as exc:
            await reply_error(interaction, exc)


class OpenGameButton(Guarded[GoKey], discord.ui.DynamicItem[Button], spec=GO):
    """"Take my turn" for one game in the games panel (``/hadara games``), and "Next game" on
    a panel once its game waits on others (custom id ``hd1:go:<game>[:<after>]``): the
    message clicked becomes the clicker's panel of ``game``, in place (:func:`go_to`)."""

    access_kind = "open_game"
    ack = UPDATE  # the message clicked is edited into the panel

    def __init__(self, game_id: int, after: int | None = None, *, label: str | None = None,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            style=discord.ButtonStyle.primary,
            label=label or t("games.panel.next_game", id=game_id),
            custom_id=panels.go_id(game_id, after)), row=row)
        self.key = GoKey(game_id, after)

    def access_target(self) -> tuple[int | None, int | None]:
        return self.key.game, None

    @classmethod
    def rebuild(cls, key: GoKey, item: Item) -> OpenGameButton:
        return cls(key.game, key.after)

    async def clicked(self, interaction: Interaction) -> None:
        await go_to(interaction, self.key)


COMPONENTS = (TakeTurnButton, HintButton, ActionButton, NavButton, PanelSelect, UndoButton,
              OpenGameButton)


def open_game_button(game_id: int, label: str, row: int | None = None) -> OpenGameButton:
    """"Take my turn" for ``game_id`` opening its panel in place of the message it is on (the
    games panel's, offered to ``cogs.player`` through ``cogs.edge.offers``)."""
    return OpenGameButton(game_id, label=label, row=row)


def take_turn_view(game_id: int, hints: bool = False) -> discord.ui.View:
    """The board message's persistent view: "Take my turn", and "Hint" when the game allows
    hints (a hint from the board answers for the clicker's own current decision)."""
    view = discord.ui.View(timeout=None)
    view.add_item(TakeTurnButton(game_id))
    if hints:
        view.add_item(HintButton(discord.ui.Button(label=t("play.hint"),
                                                   style=discord.ButtonStyle.secondary,
                                                   custom_id=panels.hint_id(game_id))))
    return view


def to_discord(panel: panels.Panel) -> tuple[discord.Embed, discord.ui.View]:
    """The embed and the view (``DynamicItem`` s only) of a panel."""
    embed = discord.Embed(title=panel.title, description=panel.description or None,
                          colour=COLOUR)
    if panel.image:
        embed.set_image(url=f"attachment://{IMAGE_NAME}")
    if panel.footer:
        embed.set_footer(text=panel.footer)
    view = discord.ui.View(timeout=None)
    for r, row in enumerate(panel.rows):
        for c in row:
            if isinstance(c, panels.Button):
                button: Button = discord.ui.Button(
                    label=c.label, custom_id=c.custom_id, style=STYLES[c.style],
                    disabled=c.disabled, row=r)
                pid = panels.parse_custom_id(c.custom_id)
                kind = pid.kind if pid is not None else ""
                cls: type[HintButton | ActionButton | NavButton] = (
                    HintButton if kind == "h" else NavButton if kind == "n" else ActionButton)
                view.add_item(cls(button))
            else:
                select: Select = discord.ui.Select(
                    custom_id=c.custom_id, placeholder=c.placeholder, row=r,
                    min_values=c.min_values, max_values=c.max_values,
                    options=[discord.SelectOption(label=o.label, value=o.value,
                                                  description=o.description, default=o.default)
                             for o in c.options])
                view.add_item(PanelSelect(select))
    return embed, view


# ------------------------------------------------------------------------------ building


def layout(state: PanelState, *, path: Sequence[str] = (), note: str | None = None,
           ) -> tuple[panels.Panel, discord.File | None]:
    """The panel of a seat as the service handed it over, at step ``path`` of its decision,
    with ``note`` (what was just chosen) and — for a panel opened afresh — what happened
    since the player last acted, then the seat's deadline (multi-day games)."""
    lines = [note] if note else []
    lines += [t("play.done", label=label) for label in state.done]
    if state.final:
        return panels.final_panel(state.game_id, state.final,
                                  note="\n".join(lines) or None), None
    if state.taken_over:
        lines.append(t("play.taken_over"))
    lines += catch_up_lines(state.catch_up)
    deadline = panel_deadline(state.deadline)
    if deadline:
        lines.append(deadline)
    preface = "\n".join(lines) or None
    if state.decision_id is None:
        return panels.waiting_panel(state.game_id, state.view, note=preface,
                                    waiting=state.waiting), None
    panel = panels.build_panel(state.game_id, state.seat, state.view, state.options,
                               path=path, note=preface, hints=state.hints,
                               card_name=panels.card_namer(state.catalog),
                               picture=state.image is not None)
    file = discord.File(BytesIO(state.image), filename=IMAGE_NAME) if state.image else None
    return panel, file


def _message_kwargs(panel: panels.Panel, file: discord.File | None,
                    extra: discord.ui.View | None = None, *,
                    board: tuple[HadaraBot, int, int] | None = None,
                    content: str | None = MISSING) -> dict[str, Any]:
    """The message of a panel; ``board`` (bot, user, game): with "Open the board" when the
    web page is on (the Activity's launch, with the link "In a browser" beside it, when the
    board opens inside Discord: ``cogs.edge.launch``); ``content``: the text above it, when
    it changes (a message that showed another game's panel, or the games panel)."""
    embed, view = to_discord(panel)
    if extra is not None:
        for item in extra.children:
            if len(view.children) < 25:
                if isinstance(item, OpenGameButton):  # "Next game": below the choices
                    item.row = row_after(view)
                with contextlib.suppress(ValueError):  # (no room left: the choices first)
                    view.add_item(item)
    if board is not None:
        add_board_buttons(*board, view)
    kwargs: dict[str, Any] = {"embed": embed, "view": view,
                              "attachments": [file] if file is not None else []}
    if content is not MISSING:
        kwargs["content"] = content
    return kwargs


async def move_panel(client: HadaraBot, game_id: int, seat: int, *, final: bool = False) -> bool:
    """Move the seat's live panel (:mod:`.live`) on to its current decision, through
    the interaction that last showed it, with what happened meanwhile first; with ``final``
    (the game just ended), an open panel shows the final scores instead. Returns whether it
    was edited. The interaction's token is never used once it may have expired (Discord
    answers 401/50027 after 15 minutes); a panel Discord no longer lets us edit is forgotten
    (the table then pings as for anyone away)."""
    registry = live_panels(client)
    entry = registry.open_panel(game_id, seat) if final else registry.get(game_id, seat)
    if entry is None or registry.click_in_flight(game_id, seat):
        return False  # (a click in flight draws the newest state itself)
    async with entry.lock:
        current = registry.open_panel(game_id, seat) if final else registry.get(game_id, seat)
        if current is not entry or registry.click_in_flight(game_id, seat):
            return False
        if not entry.token_valid():
            registry.drop(game_id, seat)
            return False
        try:
            with speaking(await user_language(client, entry.user_id)):
                state = await client.service.panel(game_id, entry.user_id, seat=seat,
                                                     intro=not final, ended=final)
                if state.revision < entry.revision or (
                        not state.final and (state.decision_id is None
                                             or state.decision_id == entry.shown)):
                    return False
                panel, file = layout(state)
                extra = _undo_view(client, state)
                if state.final:  # the game is over: the next one waiting on them, if any
                    extra = _next_view(await _next_game(client, entry.user_id, state), state)
                await entry.interaction.edit_original_response(
                    **_message_kwargs(panel, file, extra,
                                      board=(client, entry.user_id, game_id)))
        except (discord.HTTPException, Refusal) as exc:
            # 404 (gone) and 401 (an expired token) alike: the panel is left as it is
            log.info("live panel of game %s seat %s cannot move (%s)", game_id, seat, exc)
            registry.drop(game_id, seat)
            return False
        entry.shown, entry.revision = state.decision_id, state.revision
        return True


def _undo_view(client: HadaraBot, state: PanelState) -> discord.ui.View | None:
    """"Take back" for the seat's last choice made on a panel, while its live panel moves on
    (the AI seats play after it) — only while the service would allow it (``state.undo``:
    the move it would take back; a rated game whose server does not allow it, a colony that
    revealed the next tile, someone else's move since: none). The choice's log index is kept
    in the live registry (memory only: after a restart the buttons already sent still work,
    and ``/hadara-replay undo`` always does)."""
    move = live_panels(client).moves.get((state.game_id, state.seat))
    if move is None or state.undo != move:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(UndoButton(state.game_id, state.seat, move))
    return view


def _remember_move(client: HadaraBot, game_id: int, seat: int, move: int | None) -> None:
    live_panels(client).remember_move(game_id, seat, move)


def _queue_button(state: PanelState) -> discord.ui.View | None:
    """"Queue my choice" on a waiting panel, when something can be queued now."""
    if not state.can_queue:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(open_button(state.game_id, state.seat))
    return view


def waits_on_seat(state: PanelState) -> bool:
    """Whether the game waits on the panel's seat (as ``GameService.games`` counts it): a
    pick made that may still change until everyone has chosen no longer waits."""
    return not state.final and state.seat in (state.view.get("waiting_on") or ())


async def _next_game(client: HadaraBot, user_id: int, state: PanelState) -> int | None:
    """The game waiting longest on the user other than this one (``GameService.next_turn``),
    once this one no longer waits on them (they wait on others, or it is over); None while
    it still waits on them, or when no other game does."""
    if waits_on_seat(state):
        return None
    line = await client.service.next_turn(user_id, after=state.game_id)
    return line.game_id if line is not None else None


def _next_view(next_game: int | None, state: PanelState) -> discord.ui.View | None:
    """"Next game" (``next_game``) on the panel of ``state``, as long as that game does not
    wait on its player (a state drawn after a newer read may wait on them again)."""
    if next_game is None or waits_on_seat(state):
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(OpenGameButton(next_game, state.game_id))
    return view


def _views(*views: discord.ui.View | None) -> discord.ui.View | None:
    """The items of several views in one, in order (None: no item at all)."""
    items = [item for view in views if view is not None for item in view.children]
    if not items:
        return None
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


# ------------------------------------------------------------------------------ the flows


async def open_panel(interaction: Interaction, game_id: int) -> None:
    """"Take my turn": a fresh ephemeral panel for the clicker's current decision."""
    try:
        await acknowledge(interaction, PRIVATE)  # (a command's or the guard's, already)
        state = await interaction.client.service.panel(game_id, interaction.user.id,
                                                         intro=True)
        following = await _next_game(interaction.client, interaction.user.id, state)
        await draw(interaction, state,
                   extra=lambda s: _views(_next_view(following, s), _queue_button(s)))
    except Exception as exc:
        await reply_error(interaction, exc)


async def go_to(interaction: Interaction, key: GoKey) -> None:
    """"Take my turn" in the games panel and "Next game": the message clicked becomes the
    clicker's panel of ``key.game``, in place, and is tracked as that game's panel from now
    on — the live panel that moves on by itself (:mod:`.live`), and in a DM the seat's DM
    panel — while the game it showed (``key.after``, or any game whose live panel it was)
    lets go of it, so nothing moves it back."""
    client = interaction.client
    service = client.service
    user = interaction.user.id
    try:
        await acknowledge(interaction, UPDATE)  # (the guard's, already)
        state = await service.panel(key.game, user, intro=True)
        message = interaction.message
        if message is not None:
            await live_panels(client).release(message.id, keep=(key.game, state.seat))
        dm_panel = (interaction.guild_id is None and message is not None
                    and not message.flags.ephemeral)  # a DM panel, edited by the bot too
        following = await _next_game(client, user, state)

        async def fresh() -> PanelState:
            return await service.panel(key.game, user, seat=state.seat, ended=True)

        drawn = await draw(interaction, state, fresh=fresh,
                           content=_dm_content(state) if dm_panel else None,
                           extra=lambda s: _views(_next_view(following, s), _queue_button(s)))
        if drawn and dm_panel and message is not None:
            await _move_dm_panel(service, message.id, user, key, state.seat)
    except Exception as exc:
        await reply_error(interaction, exc)


async def _move_dm_panel(service: GameService, message_id: int, user_id: int, key: GoKey,
                         seat: int) -> None:
    """A DM message now shows the seat's panel of ``key.game``: it is that seat's DM panel
    (edited when a choice is made elsewhere), and no longer ``key.after``'s."""
    if key.after is not None:
        before = await service.seat_of(key.after, user_id)
        if before is not None and await service.seat_message(key.after, before, DM_KIND) \
                == message_id:
            await service.set_seat_message(key.after, before, DM_KIND, None)
    await service.set_seat_message(key.game, seat, DM_KIND, message_id)


async def panel_click(interaction: Interaction, pid: panels.PanelId,
                      value: panels.SelectValue | None) -> None:
    """A click on a panel: a step (``value`` None) or an option (``value.index``)."""
    service = interaction.client.service
    try:
        await acknowledge(interaction, UPDATE)
        if value is None:  # a step of a stepped decision (or a stale one: the panel now)
            state = await service.panel(pid.game, interaction.user.id, seat=pid.seat)
            stale = state.decision_id != pid.decision
            await draw(interaction, state, path=() if stale else pid.path,
                       note=t("play.stale") if stale else None)
            return
        assert pid.seat is not None
        with live_panels(interaction.client).clicking(pid.game, pid.seat):
            await _choose(interaction, service, pid, value)
    except Exception as exc:
        await reply_error(interaction, exc)


Note = str | Callable[[PanelState], str | None] | None
Extra = discord.ui.View | Callable[[PanelState], discord.ui.View | None] | None


async def draw(interaction: Interaction, state: PanelState, *, path: Sequence[str] = (),
               note: Note = None, extra: Extra = None,
               fresh: Callable[[], Awaitable[PanelState]] | None = None,
               content: str | None = MISSING) -> bool:
    """Show ``state`` on the panel the interaction came from, holding the seat's panel for
    the drawing only (the choice was stored before: a change of pick never waits behind a
    drawing). Never an older state over a newer one: with ``fresh`` (how to read the panel
    again), a state the game has moved past is read again first (``note`` and ``extra``
    may be functions of the state drawn); without it, a panel that already shows a newer
    state is left as it is. ``content``: the message's text, when it changes (a message
    that showed something else). Returns whether it was drawn."""
    client = interaction.client
    registry = live_panels(client)
    async with registry.holding(state.game_id, state.seat):
        if fresh is not None and await client.service.revision(state.game_id) \
                > state.revision:
            newer = await fresh()
            path = path if newer.decision_id == state.decision_id else ()
            state = newer
        elif registry.newer_shown(state.game_id, state.seat, state.revision):
            return False
        text = note(state) if callable(note) else note
        view = extra(state) if callable(extra) else extra
        panel, file = layout(state, path=path, note=text)
        message = await interaction.edit_original_response(**_message_kwargs(
            panel, file, view, board=(client, interaction.user.id, state.game_id),
            content=content))
        if state.final:  # the game is over: nothing will move this panel again
            registry.drop(state.game_id, state.seat)
        else:
            registry.touch(interaction, state.game_id, state.seat, state.decision_id,
                           state.revision, message_id=message.id)
    return True


async def _choose(interaction: Interaction, service: GameService, pid: panels.PanelId,
                  value: panels.SelectValue) -> None:
    """One option chosen: ONE service call stores it and hands back the panel after it."""
    assert pid.decision is not None and pid.seat is not None
    try:
        chosen = await service.choose(pid.game, interaction.user.id, pid.seat, pid.decision,
                                      value.index, value.check)
    except Refusal as exc:
        if exc.code != "stale" or exc.reason == "already_recorded":
            raise
        await _show_stale(interaction, service, pid, exc)
        return
    await _after_choice(interaction, pid, chosen)


def _fresh(interaction: Interaction, pid: panels.PanelId
           ) -> Callable[[], Awaitable[PanelState]]:
    async def read() -> PanelState:
        return await interaction.client.service.panel(pid.game, interaction.user.id,
                                                        seat=pid.seat, ended=True)
    return read


async def _show_stale(interaction: Interaction, service: GameService,
                      pid: panels.PanelId, refusal: Refusal | None = None) -> None:
    """A choice for a decision no longer pending: the panel as it stands now, saying so —
    and which pick stood, when the round was revealed before a change of pick arrived."""
    assert pid.seat is not None
    state = await service.panel(pid.game, interaction.user.id, seat=pid.seat, ended=True)
    if refusal is not None and refusal.reason == "pick_stood":
        note = t("play.stale.pick_stood", **refusal.params)
    else:
        note = t("play.stale")
    await draw(interaction, state, note=note, fresh=_fresh(interaction, pid))


async def _after_choice(interaction: Interaction, pid: panels.PanelId, chosen: Chosen) -> None:
    """The panel after a stored choice, with what was chosen; the seat's DM panel too."""
    assert pid.seat is not None
    client = interaction.client

    def note(after: PanelState) -> str:
        return panels.chosen_note(chosen.kind, chosen.label,
                                  pending=after.decision_id == pid.decision,
                                  next_step=after.decision_id not in (None, pid.decision))

    # "Take back" for this choice while the service would allow it (``undo``); "Next game"
    # once this game waits on others and another waits on the player
    _remember_move(client, pid.game, pid.seat, chosen.panel.undo)
    following = await _next_game(client, interaction.user.id, chosen.panel)

    def extra(after: PanelState) -> discord.ui.View | None:
        return _views(_next_view(following, after), _undo_view(client, after))

    await draw(interaction, chosen.panel, note=note, extra=extra,
               fresh=_fresh(interaction, pid))
    clicked = interaction.message.id if interaction.message is not None else None
    await update_dm(client, pid.game, pid.seat, interaction.user, note=note(chosen.panel),
                    skip_message=clicked)


async def feeding_click(interaction: Interaction, pid: panels.PanelId,
                        picks: Sequence[panels.SelectValue]) -> None:
    """The feeding select: the seat's whole feeding (cards to remove, P6 payments) stored in
    ONE service call, as one batch, and the panel after it; a stale select shows the panel
    now (as a stale click does)."""
    service = interaction.client.service
    try:
        await acknowledge(interaction, UPDATE)
        assert pid.decision is not None and pid.seat is not None
        with live_panels(interaction.client).clicking(pid.game, pid.seat):
            try:
                chosen = await service.choose_feeding(
                    pid.game, interaction.user.id, pid.seat, pid.decision,
                    [(p.index, p.check) for p in picks])
            except Refusal as exc:
                if exc.code != "stale":
                    raise
                await _show_stale(interaction, service, pid)
                return
            await _after_choice(interaction, pid, chosen)
    except Exception as exc:
        await reply_error(interaction, exc)


async def give_hint(interaction: Interaction, pid: panels.PanelId) -> None:
    """The AI's suggestion for the clicker's current decision, as a new ephemeral message."""
    try:
        await acknowledge(interaction, PRIVATE)
        label, reason = await interaction.client.service.hint(
            pid.game, interaction.user.id, pid.decision)
        await interaction.edit_original_response(
            content=t("play.hint.answer", label=label, reason=reason))
    except Exception as exc:
        await reply_error(interaction, exc)


# ------------------------------------------------------------------------------ DMs


def _dm_content(state: PanelState) -> str:
    if state.thread_url:
        return t("play.dm.turn_link", game=state.game_id, url=state.thread_url)
    return t("play.dm.turn", game=state.game_id)


async def send_panel_dm(bot: HadaraBot, user_id: int, game_id: int,
                        seat: int) -> discord.Message | None:
    """DM ``user_id`` the panel of ``seat``'s current decision (the same as the ephemeral one)
    and remember the message (``seat_messages`` kind ``dm``) so a choice made anywhere edits
    it. Returns None, without raising, when the user does not accept DMs (Discord 50007 /
    50278), DM opens are held back (40003) or Discord fails — the caller then pings in the
    thread — and when the seat has nothing to decide."""
    service = bot.service
    try:
        state = await service.panel(game_id, user_id, seat=seat, intro=True)
        if state.decision_id is None:
            return None
        channel = await open_dm(bot, user_id)
        if channel is None:
            return None  # Discord said we open DMs too fast: the thread's mention stands
        panel, file = layout(state)
        embed, view = to_discord(panel)
        kwargs: dict[str, Any] = {"content": _dm_content(state), "embed": embed,
                                  "view": view}
        if file is not None:
            kwargs["file"] = file
        message = await channel.send(**kwargs)
    except discord.Forbidden as exc:
        if exc.code == DM_TOO_FAST:  # the pacer holds DM opens back for a while
            log.info("DMs opened too fast (40003): %s gets the thread's mention", user_id)
        elif exc.code not in DM_REFUSED:
            log.warning("DM to %s refused (%s): %s", user_id, exc.code, exc)
        return None
    except (discord.HTTPException, Refusal) as exc:
        log.warning("could not DM the panel of game %s seat %s: %s", game_id, seat, exc)
        return None
    await service.set_seat_message(game_id, seat, DM_KIND, message.id)
    return message


async def update_dm(client: HadaraBot, game_id: int, seat: int, user: discord.abc.User | int, *,
                    note: str | None = None, skip_message: int | None = None) -> None:
    """Edit the seat's stored DM panel (if any) to its current state, with ``note`` (what was
    chosen) first — with the bot token, not an interaction. ``user``: the seat's user (or its
    id); ``skip_message``: the message the click came from (already edited through the
    interaction)."""
    service = client.service
    try:
        message_id = await service.seat_message(game_id, seat, DM_KIND)
        if message_id is None or message_id == skip_message:
            return
        age = discord.utils.utcnow() - discord.utils.snowflake_time(message_id)
        if age.total_seconds() > DM_PANEL_MAX_AGE:
            # nobody is reading a DM panel this old, and Discord limits edits of messages
            # older than an hour: it is left as it is (a click on it answers with the
            # panel as it stands) and forgotten
            await service.set_seat_message(game_id, seat, DM_KIND, None)
            return
        user_id = user if isinstance(user, int) else user.id
        channel = await open_dm(client, user_id)
        if channel is None:
            return
        with speaking(await user_language(client, user_id)):  # no interaction: theirs
            state = await service.panel(game_id, user_id, seat=seat)
            panel, file = layout(state, note=note)
        await channel.get_partial_message(message_id).edit(**_message_kwargs(panel, file))
    except discord.NotFound:
        await service.set_seat_message(game_id, seat, DM_KIND, None)
    except (discord.HTTPException, Refusal) as exc:
        log.info("could not update the DM panel of game %s seat %s: %s", game_id, seat, exc)
