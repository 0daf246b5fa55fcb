"""Private choices: the "Take my turn" button and the decision panel (ephemeral or by DM).

The board message (cogs.table) carries :func:`take_turn_view`; its button opens an ephemeral
panel for the clicking player's current decision, built by :mod:`cogs.panels` from the game's
options and the seat's view, with the private image attached. :func:`send_panel_dm` sends the
same panel by DM. Every component is a ``DynamicItem`` whose custom id names the game, the seat
and the engine's decision id (see :mod:`cogs.panels`), so panels keep working after a restart:
each click reloads the game from the service, checks the user, the seat and the decision, and
answers by editing the panel it came from (``edit_original_response`` after a deferral — the
image may take longer than Discord's three seconds to render).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Sequence
from io import BytesIO
from typing import Any, Self

import discord
from discord.ext import commands

from bot.messages import t
from bot.service import GameService, GameSnapshot, Refusal
from cogs.guard import Guarded
from cogs.language import user_language
from hadara.ai.hint import hint as ai_hint
from hadara.options import options as option_list
from hadara.views import view as seat_view
from i18n import current, speaking

from . import panels as P
from .ahead import add_open_button
from .multiday import catch_up_lines, panel_deadline
from .replies import Refused, refusal_text

log = logging.getLogger("hadara.bot.play")

IMAGE_NAME = "decision.png"
DM_KIND = "dm"  # seat_messages kind of the DM panel
DM_REFUSED = frozenset({50007, 50278})  # DMs closed / no mutual server
STYLES = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
          "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger}
COLOUR = discord.Colour(0xC8963E)

Interaction = discord.Interaction[Any]


# ------------------------------------------------------------------------------ components


class TakeTurnButton(Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]],
                     template=P.TAKE_TURN_TEMPLATE):
    """The board's persistent "Take my turn" button (custom id ``hd1:t:<game>``)."""

    access_kind = "take_turn"

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(style=discord.ButtonStyle.primary,
                                           label=t("play.take_turn"),
                                           custom_id=P.take_turn_id(game_id)))
        self.game_id = game_id

    def access_target(self) -> tuple[int | None, int | None]:
        return self.game_id, None

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> TakeTurnButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: Interaction) -> None:
        await open_panel(interaction, self.game_id)


class _PanelItem(Guarded):
    """Shared by the panel's components: their whole state is the custom id (parsed once into
    ``pid``), so the item is rebuilt from it alone after a restart. The access policy checks
    the clicker holds the seat the custom id names."""

    pid: P.PanelId

    def access_target(self) -> tuple[int | None, int | None]:
        return self.pid.game, self.pid.seat

    def __init__(self, item: Any) -> None:
        super().__init__(item)  # type: ignore[call-arg]  # DynamicItem.__init__
        pid = P.parse_custom_id(item.custom_id or "")
        assert pid is not None
        self.pid = pid

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        return cls(item)


class HintButton(_PanelItem, discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=P.HINT_TEMPLATE):
    """"Hint": the AI's suggestion for the clicker's decision (on the board or a panel)."""

    access_kind = "hint"

    async def callback(self, interaction: Interaction) -> None:
        await give_hint(interaction, self.pid)


class ActionButton(_PanelItem, discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=P.ACTION_TEMPLATE):
    """A button choosing one option of the decision."""

    access_kind = "action"

    async def callback(self, interaction: Interaction) -> None:
        await panel_click(interaction, self.pid, P.SelectValue(self.pid.index, self.pid.check))


class NavButton(_PanelItem, discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=P.NAV_TEMPLATE):
    """A button going one step into (or back out of) a stepped decision."""

    access_kind = "nav"

    async def callback(self, interaction: Interaction) -> None:
        await panel_click(interaction, self.pid, None)


class PanelSelect(_PanelItem, discord.ui.DynamicItem[discord.ui.Select[Any]],
                  template=P.SELECT_TEMPLATE):
    """A select of options or of the next step's choices."""

    access_kind = "select"

    async def callback(self, interaction: Interaction) -> None:
        values = self.item.values
        value = P.parse_value(values[0]) if values else None
        if value is None:
            await _answer(interaction, t("play.refuse.malformed"))
            return
        if value.token is not None:
            pid = P.PanelId("n", self.pid.game, self.pid.seat, self.pid.decision,
                            path=(*self.pid.path, value.token))
            await panel_click(interaction, pid, None)
        else:
            await panel_click(interaction, self.pid, value)




def take_turn_view(game_id: int, *, hints: bool = False) -> discord.ui.View:
    """The board message's persistent view: "Take my turn", and "Hint" when the game allows
    hints (a hint from the board answers for the clicker's own current decision)."""
    view = discord.ui.View(timeout=None)
    view.add_item(TakeTurnButton(game_id))
    if hints:
        view.add_item(HintButton(discord.ui.Button(label=t("play.hint"),
                                                   style=discord.ButtonStyle.secondary,
                                                   custom_id=P.hint_id(game_id))))
    return view


def to_discord(panel: P.Panel) -> tuple[discord.Embed, discord.ui.View]:
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
            if isinstance(c, P.Button):
                button: discord.ui.Button[Any] = discord.ui.Button(
                    label=c.label, custom_id=c.custom_id, style=STYLES[c.style],
                    disabled=c.disabled, row=r)
                pid = P.parse_custom_id(c.custom_id)
                kind = pid.kind if pid is not None else ""
                cls: type[HintButton | ActionButton | NavButton] = (
                    HintButton if kind == "h" else NavButton if kind == "n" else ActionButton)
                view.add_item(cls(button))
            else:
                select: discord.ui.Select[Any] = discord.ui.Select(
                    custom_id=c.custom_id, placeholder=c.placeholder, row=r,
                    options=[discord.SelectOption(label=o.label, value=o.value,
                                                  description=o.description, default=o.default)
                             for o in c.options])
                view.add_item(PanelSelect(select))
    return embed, view


# ------------------------------------------------------------------------------ building


def _service(client: Any) -> GameService:
    return client.service  # type: ignore[no-any-return]


def _seat_record(snap: GameSnapshot, seat: int) -> Any:
    return next((s for s in snap.record.seats if s.seat == seat), None)


def _check_playing(snap: GameSnapshot) -> None:
    status = snap.record.status
    if status == "lobby" or snap.game is None:
        raise Refused("play.refuse.not_started")
    if status in ("finished", "abandoned"):
        raise Refused(f"play.refuse.{status}")


def _seat_of_user(snap: GameSnapshot, user_id: int) -> int:
    rec = next((s for s in snap.record.seats if s.user_id == user_id), None)
    if rec is None:
        raise Refused("play.refuse.not_seated")
    if rec.conceded:
        raise Refused("play.refuse.conceded")
    return int(rec.seat)


async def _preface(service: GameService, game_id: int, seat: int, note: str | None,
                   intro: bool) -> str | None:
    """The panel's first lines: ``note`` (what was just chosen), then — when the panel is
    opened afresh (``intro``) — what happened since the player last acted, then the seat's
    deadline (multi-day games)."""
    lines = [note] if note else []
    if intro:
        try:
            caught = await service.catch_up(game_id, seat)
            lines += catch_up_lines(caught.get("lines") or [])
        except Refusal:
            pass
    waiting = await service.waiting(game_id)
    mine = next((w for w in waiting if w.seat == seat), None)
    line = panel_deadline(mine.deadline) if mine is not None else None
    if line:
        lines.append(line)
    return "\n".join(lines) or None


async def build(service: GameService, game_id: int, seat: int, *,
                path: Sequence[str] = (), note: str | None = None,
                snap: GameSnapshot | None = None,
                intro: bool = False) -> tuple[P.Panel, discord.File | None]:
    """The panel of ``seat`` in ``game_id`` now, with its image file (None without image);
    ``intro``: a panel opened afresh starts with what happened since the player's last move."""
    if snap is None:
        snap = await service.load(game_id)
    game = snap.game
    if game is None:
        raise Refused("play.refuse.not_started")
    if snap.record.status == "active":
        note = await _preface(service, game_id, seat, note, intro)
    data = seat_view(game, seat)
    opts = option_list(game, seat) if game.decision_id(seat) is not None else []
    names = [s.name for s in sorted(snap.record.seats, key=lambda s: s.seat)]
    if data["private"].get("decision_id") is None:
        waiting = [names[s] for s in data.get("waiting_on") or [] if 0 <= s < len(names)]
        return P.waiting_panel(game_id, data, note=note, waiting=waiting), None
    panel = P.build_panel(game_id, seat, data, opts, path=path, note=note,
                          hints=bool(snap.record.options.get("hints")),
                          card_name=P.card_namer(game.catalog))
    image = await service.private_image(game_id, seat, current())
    return panel, discord.File(BytesIO(image), filename=IMAGE_NAME)


def _message_kwargs(panel: P.Panel, file: discord.File | None) -> dict[str, Any]:
    embed, view = to_discord(panel)
    return {"embed": embed, "view": view, "attachments": [file] if file is not None else []}


async def _answer(interaction: Interaction, text: str) -> None:
    """A short ephemeral answer, by the response if still open, else a followup."""
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(text, ephemeral=True)
        elif not interaction.is_expired():
            await interaction.followup.send(text, ephemeral=True)
    except discord.HTTPException as exc:
        log.warning("could not answer interaction %s: %s", interaction.id, exc)


async def _unexpected(interaction: Interaction, exc: BaseException) -> None:
    try:
        from cogs.errors import reply_error
    except ImportError:  # pragma: no cover - the errors cog is part of the bot
        log.exception("error in a play component", exc_info=exc)
        await _answer(interaction, t("play.refuse.error"))
        return
    await reply_error(interaction, exc)


# ------------------------------------------------------------------------------ the flows


async def open_panel(interaction: Interaction, game_id: int) -> None:
    """"Take my turn": a fresh ephemeral panel for the clicker's current decision."""
    interaction.extras["game_id"] = game_id
    service = _service(interaction.client)
    try:
        snap = await service.load(game_id)
        _check_playing(snap)
        seat = _seat_of_user(snap, interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        panel, file = await build(service, game_id, seat, snap=snap, intro=True)
        kwargs = _message_kwargs(panel, file)
        if panel.decision_id is None:  # waiting: offer to queue the coming choice
            add_open_button(kwargs["view"], snap, seat)
        await interaction.edit_original_response(**kwargs)
    except Refused as exc:
        await _answer(interaction, exc.text)
    except Refusal as exc:
        await _answer(interaction, refusal_text(exc))
    except Exception as exc:
        await _unexpected(interaction, exc)


async def panel_click(interaction: Interaction, pid: P.PanelId,
                      value: P.SelectValue | None) -> None:
    """A click on a panel: a step (``value`` None) or an option (``value.index``)."""
    interaction.extras["game_id"] = pid.game
    service = _service(interaction.client)
    try:
        snap = await service.load(pid.game)
        _check_playing(snap)
        seat = pid.seat if pid.seat is not None else -1
        owner = _seat_record(snap, seat)  # the clicker's: the access policy checked it
        if owner is None:
            raise Refused("play.refuse.not_seated")
        if owner.conceded:
            raise Refused("play.refuse.conceded")
        game = snap.game
        assert game is not None
        if game.decision_id(seat) != pid.decision:
            await _refresh(interaction, service, pid.game, seat, note=t("play.stale"))
            return
        if value is None:  # a step of a stepped decision
            await interaction.response.defer()
            panel, file = await build(service, pid.game, seat, path=pid.path, snap=snap)
            await interaction.edit_original_response(**_message_kwargs(panel, file))
            return
        option = P.find_option(option_list(game, seat), value.index, value.check)
        if option is None:
            await _refresh(interaction, service, pid.game, seat, note=t("play.stale"))
            return
        await _choose(interaction, service, snap, seat, pid, option)
    except Refused as exc:
        await _answer(interaction, exc.text)
    except Refusal as exc:
        await _answer(interaction, refusal_text(exc))
    except Exception as exc:
        await _unexpected(interaction, exc)


async def _refresh(interaction: Interaction, service: GameService, game_id: int, seat: int,
                   *, note: str | None) -> None:
    """Replace the clicked panel by the seat's current one (with ``note`` first)."""
    await interaction.response.defer()
    panel, file = await build(service, game_id, seat, note=note)
    await interaction.edit_original_response(**_message_kwargs(panel, file))


async def _choose(interaction: Interaction, service: GameService, snap: GameSnapshot,
                  seat: int, pid: P.PanelId, option: Any) -> None:
    game = snap.game
    assert game is not None and pid.decision is not None
    kind = next((d.kind for d in game.decisions() if d.seat == seat), "")
    await interaction.response.defer()
    try:
        await service.submit(pid.game, interaction.user.id, pid.decision, option["action"])
    except Refusal as exc:
        if exc.code == "stale" and exc.reason != "already_recorded":
            panel, file = await build(service, pid.game, seat, note=t("play.stale"))
            await interaction.edit_original_response(**_message_kwargs(panel, file))
            return
        await _answer(interaction, refusal_text(exc, game.catalog))
        return
    after = await service.load(pid.game)
    new_decision = after.game.decision_id(seat) if after.game is not None else None
    note = P.chosen_note(kind, str(option.get("label", "")),
                         pending=new_decision == pid.decision,
                         next_step=new_decision is not None and new_decision != pid.decision)
    panel, file = await build(service, pid.game, seat, note=note, snap=after)
    await interaction.edit_original_response(**_message_kwargs(panel, file))
    clicked = interaction.message.id if interaction.message is not None else None
    await update_dm(interaction.client, pid.game, seat, interaction.user, note=note,
                    skip_message=clicked)


async def give_hint(interaction: Interaction, pid: P.PanelId) -> None:
    """The AI's suggestion for the clicker's current decision, as a new ephemeral message."""
    interaction.extras["game_id"] = pid.game
    service = _service(interaction.client)
    try:
        snap = await service.load(pid.game)
        _check_playing(snap)
        if not snap.record.options.get("hints"):
            raise Refused("play.refuse.hints_off")
        seat = _seat_of_user(snap, interaction.user.id)  # the policy checked pid.seat
        game = snap.game
        assert game is not None
        decision = game.decision_id(seat)
        if decision is None:
            raise Refused("play.refuse.not_your_decision")
        if pid.decision is not None and pid.decision != decision:
            raise Refused("play.refuse.stale")
        service.limit("hint", interaction.user.id)  # an AI search each: bounded per user
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = seat_view(game, seat)
        legal = data["private"]["legal_actions"]
        action, reason = await asyncio.to_thread(ai_hint, data, legal, "greedy", 0,
                                                 catalog=game.catalog)
        label = next((o["label"] for o in option_list(game, seat) if o["action"] == action),
                     str(action))
        await interaction.edit_original_response(
            content=t("play.hint.answer", label=label, reason=reason))
    except Refused as exc:
        await _answer(interaction, exc.text)
    except Refusal as exc:
        await _answer(interaction, refusal_text(exc))
    except Exception as exc:
        await _unexpected(interaction, exc)


# ------------------------------------------------------------------------------ DMs


def _dm_content(snap: GameSnapshot, game_id: int) -> str:
    d = snap.record.discord
    if d.get("guild") and d.get("thread"):
        url = f"https://discord.com/channels/{d['guild']}/{d['thread']}"
        return t("play.dm.turn_link", game=game_id, url=url)
    return t("play.dm.turn", game=game_id)


async def send_panel_dm(bot: commands.Bot, user: discord.abc.User, game_id: int,
                        seat: int) -> discord.Message | None:
    """DM ``user`` the panel of ``seat``'s current decision (the same as the ephemeral one)
    and remember the message (``seat_messages`` kind ``dm``) so a choice made anywhere edits
    it. Returns None, without raising, when the user does not accept DMs (Discord 50007 /
    50278) or Discord fails — the caller then pings in the thread — and when the seat has
    nothing to decide."""
    service = _service(bot)
    try:
        snap = await service.load(game_id)
        if snap.game is None or snap.game.decision_id(seat) is None:
            return None
        panel, file = await build(service, game_id, seat, snap=snap, intro=True)
        embed, view = to_discord(panel)
        kwargs: dict[str, Any] = {"content": _dm_content(snap, game_id), "embed": embed,
                                  "view": view}
        if file is not None:
            kwargs["file"] = file
        if not isinstance(user, discord.abc.Messageable):
            return None
        message = await user.send(**kwargs)
    except discord.Forbidden as exc:
        if exc.code not in DM_REFUSED:
            log.warning("DM to %s refused (%s): %s", user.id, exc.code, exc)
        return None
    except (discord.HTTPException, Refusal, Refused) as exc:
        log.warning("could not DM the panel of game %s seat %s: %s", game_id, seat, exc)
        return None
    await service.store.set_seat_message(game_id, seat, DM_KIND, message.id)
    return message


async def update_dm(client: Any, game_id: int, seat: int, user: discord.abc.User | int, *,
                    note: str | None = None, skip_message: int | None = None) -> None:
    """Edit the seat's stored DM panel (if any) to its current state, with ``note`` (what was
    chosen) first — with the bot token, not an interaction. ``user``: the seat's user (or its
    id); ``skip_message``: the message the click came from (already edited through the
    interaction). Other cogs may call it when a decision ends another way (a deadline)."""
    service = _service(client)
    try:
        ids = await service.store.seat_messages(game_id)
        message_id = ids.get((seat, DM_KIND))
        if message_id is None or message_id == skip_message:
            return
        if isinstance(user, int):
            user = client.get_user(user) or await client.fetch_user(user)
        if not isinstance(user, discord.User | discord.Member):
            return
        channel = user.dm_channel or await user.create_dm()
        with speaking(await user_language(client, user.id)):  # no interaction: theirs
            panel, file = await build(service, game_id, seat, note=note)
        await channel.get_partial_message(message_id).edit(**_message_kwargs(panel, file))
    except discord.NotFound:
        await service.store.set_seat_message(game_id, seat, DM_KIND, None)
    except (discord.HTTPException, Refusal, Refused) as exc:
        log.info("could not update the DM panel of game %s seat %s: %s", game_id, seat, exc)


# ------------------------------------------------------------------------------ the cog


class Play(commands.Cog):
    """Private choices: the components above are registered as dynamic items."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def update_dm(self, game_id: int, seat: int, user: discord.abc.User | int, *,
                        note: str | None = None) -> None:
        """:func:`update_dm` for other cogs, reached through ``bot.get_cog("Play")`` so that
        they need not import this module (which imports theirs)."""
        await update_dm(self.bot, game_id, seat, user, note=note)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(bot))
