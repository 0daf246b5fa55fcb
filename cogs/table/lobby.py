"""The lobby: opening a table (a thread and its lobby message), the lobby message itself and its
restart-proof buttons (Join / Leave / Add AI / Start / Cancel), and Rematch.

Every button is a ``DynamicItem`` whose custom id carries a format version and the game id
(``hd1:lobby:<action>:<game>``, ``hd1:rematch:<game>``); a click reloads the game from the
service, which refuses what the clicker may not do. A click is acknowledged silently (a
deferred update) and the lobby message is redrawn by ``cogs.table`` from the update the
service publishes — one path for buttons and commands — laid out from the lobby the service
hands over (``GameService.lobby_state``). Where a table may go is asked of
``cogs.edge.channels``.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import discord

from bot.access import GameFacts
from bot.messages import t
from bot.service import Refusal
from bot.service.reliability import MIN_FINISH, Reliability
from bot.service.screens import LobbySeat, LobbyState
from bot.service.timecontrol.rules import TimeControl
from bot.storage.base import ABANDONED, ACTIVE, FINISHED, LOBBY
from cogs.edge.channels import Tables, check_table_permissions, table_channel
from cogs.edge.client import HadaraBot, Interaction
from cogs.edge.custom_ids import GAME, CustomId, GameKey, one_of
from cogs.edge.errors import Denied, needs_permission, reply_error
from cogs.edge.figures import figures_words
from cogs.edge.forum import applied
from cogs.edge.forum import tags as forum_tags
from cogs.edge.games import remember_thread
from cogs.edge.guard import PRIVATE, UPDATE, Guarded, acknowledge, is_manager
from cogs.edge.language import server_language
from cogs.edge.offers import Item, offers
from cogs.edge.threads import MAX_THREAD_NAME
from cogs.edge.times import time_control_text
from i18n import speaking

from .state import tables

log = logging.getLogger(__name__)

LOBBY_ACTIONS = ("join", "leave", "ai", "start", "cancel")
#: A table's thread archives after a day without a message: an idle lobby closes by itself;
#: a game in play is unarchived by the table as soon as Discord archives it.
THREAD_ARCHIVE_MINUTES: Literal[1440] = 1440
DEFAULT_AI_LEVEL = "greedy"


@dataclass(frozen=True)
class LobbyKey:
    action: str
    game: int


LOBBY_BUTTON = CustomId("lobby:{action}:{game}", LobbyKey, action=one_of(*LOBBY_ACTIONS),
                        game=GAME)
REMATCH = CustomId("rematch:{game}", GameKey, game=GAME)


# ---------------------------------------------------------------------- the lobby message


def _yes(value: object) -> str:
    return t("common.yes") if value else t("common.no")


def seat_line(index: int, seat: LobbySeat, figures: Reliability | None = None,
              open_: bool = False) -> str:
    """A seat; while the table is open, a person's reliability on this server beside them
    (``figures`` None: they keep it private)."""
    if seat.ai_level is not None:
        return t("lobby.seat.ai", n=index + 1, name=seat.name,
                 level=t(f"lobby.ai_level.{seat.ai_level}"))
    key = "lobby.seat.host" if seat.host else "lobby.seat.person"
    line = t(key, n=index + 1, name=seat.name, user=seat.user_id)
    if open_:
        line += f" — {figures_words(figures)}"
    return line


#: The lobby's rows: its actions, then "Profile" beside each person seated.
ACTION_ROW, PROFILE_ROW = 0, 1


def lobby_embed(lobby: LobbyState) -> discord.Embed:
    lines = [seat_line(i, s, lobby.reliability.get(s.user_id) if s.user_id else None,
                       lobby.figures)
             for i, s in enumerate(lobby.seats)]
    lines += [t("lobby.seat.open", n=i + 1) for i in range(len(lobby.seats), lobby.size)]
    status = {LOBBY: "lobby.status.open", ACTIVE: "lobby.status.started",
              FINISHED: "lobby.status.finished", ABANDONED: "lobby.status.abandoned"}
    embed = discord.Embed(title=t("lobby.title", id=lobby.game_id),
                          description=t(status.get(lobby.status, "lobby.status.open"),
                                        host=lobby.host_user_id or 0),
                          colour=discord.Colour.gold())
    embed.add_field(name=t("lobby.field.seats", taken=len(lobby.seats), size=lobby.size),
                    value="\n".join(lines)[:1024] or "—", inline=False)
    embed.add_field(name=t("lobby.field.settings"), value=t(
        "lobby.settings", variant=t(f"lobby.variant.{lobby.variant}"), rated=_yes(lobby.rated),
        hints=_yes(lobby.hints), level=t(f"lobby.ai_level.{lobby.ai_level}")), inline=False)
    if lobby.time_control:
        embed.add_field(name=t("lobby.field.time_control"),
                        value=time_control_text(lobby.time_control), inline=False)
    if lobby.min_finish is not None:
        embed.add_field(name=t("lobby.field.settings"), inline=False, value=t(
            "lobby.min_finish", percent=round(lobby.min_finish * 100)))
    return embed


def lobby_content(lobby: LobbyState) -> str:
    """The lobby message's text: mentions the seated people when it is posted (a new
    message notifies them and adds them to the thread; later edits notify nobody)."""
    people = [f"<@{s.user_id}>" for s in lobby.seats if s.user_id is not None]
    return t("lobby.content", people=" ".join(people)) if people else ""


def lobby_view(lobby: LobbyState, profile: ProfileOffer | None = None
               ) -> discord.ui.View | None:
    """The lobby's buttons while it is open (and, with ``profile``: the ``League``
    feature's, by ``cogs.edge.offers``, "Profile" beside each person); None once it started
    or was cancelled."""
    if lobby.status != LOBBY:
        return None
    view = discord.ui.View(timeout=None)
    for action in LOBBY_ACTIONS:
        disabled = (action in ("join", "ai") and not lobby.can_join) or (
            action == "start" and not lobby.can_start)
        view.add_item(LobbyButton(action, lobby.game_id, disabled=disabled, row=ACTION_ROW))
    add_profiles(view, profile, [(s.user_id, s.name) for s in lobby.seats
                                 if s.user_id is not None], PROFILE_ROW)
    return view


#: (user, name, row) -> "Profile" beside a name (``Offers.profile``)
ProfileOffer = Callable[[int, str, int | None], Item]
#: one row of buttons: a table's five people at most
MAX_PROFILES = 5


def add_profiles(view: discord.ui.View, profile: ProfileOffer | None,
                 people: list[tuple[int, str]], row: int) -> None:
    """"Profile" beside each of ``people`` (user, name), one row (a table seats five)."""
    if profile is None:
        return
    for user, name in people[:MAX_PROFILES]:
        view.add_item(profile(user, name, row))


# ---------------------------------------------------------------------- opening a table


@dataclass(frozen=True)
class TableSettings:
    seats: int = 4
    variant: str = "basic"
    ai_level: str = DEFAULT_AI_LEVEL
    rated: bool = False
    hints: bool = True
    time_control: TimeControl | None = None  # service.create's (cogs.edge.times)
    min_finish: int | None = None  # the finish rate (per cent) asked of who joins


async def open_table(bot: HadaraBot, channel: Tables, host: tuple[int, str],
                     settings: TableSettings, *, people: list[tuple[int, str]] | None = None,
                     ais: list[str] | None = None) -> tuple[int, discord.Thread]:
    """Create the game, its thread (in a forum: a post tagged as waiting for players) and its
    lobby message; returns (game id, thread).

    ``people`` (user id, name) are seated after the host, ``ais`` (levels) after them. If the
    thread or the lobby message cannot be made, the new game is abandoned again and the error
    is raised (``BotMissingPermissions`` naming the permission when Discord refused)."""
    check_table_permissions(channel)
    service = bot.service
    gid = await service.create(host[0], host[1], seats=settings.seats, variant=settings.variant,
                               rated=settings.rated, hints=settings.hints,
                               options={"ai_level": settings.ai_level,
                                        MIN_FINISH: settings.min_finish,
                                        # its server from the start: the lobby's figures
                                        "guild": channel.guild.id},
                               time_control=settings.time_control)
    try:
        for user_id, name in people or []:
            await service.join(gid, user_id, name)
        for level in ais or []:
            await service.add_ai(gid, level)
        public = await server_language(bot, channel.guild.id)  # the thread's language
        with speaking(public):
            name = t("lobby.thread_name", id=gid, host=host[1])[:MAX_THREAD_NAME]
        lobby = await service.lobby_state(gid)
        with speaking(public):
            view = lobby_view(lobby, offers(bot).profile)
            content, embed = lobby_content(lobby), lobby_embed(lobby)
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        mentions = discord.AllowedMentions(users=True, roles=False, everyone=False)
        if isinstance(channel, discord.ForumChannel):  # the lobby is the post's first message
            tag_ids = await forum_tags(bot, channel)
            async with needs_permission("send_messages", "embed_links"):
                thread, message = await channel.create_thread(
                    name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                    applied_tags=applied(channel, tag_ids, lobby.status),
                    content=content or None, embed=embed, allowed_mentions=mentions,
                    **extra)
        else:
            async with needs_permission("create_public_threads"):
                thread = await channel.create_thread(
                    name=name, type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_ARCHIVE_MINUTES)
            async with needs_permission("send_messages_in_threads", "embed_links"):
                message = await thread.send(content=content, embed=embed, **extra,
                                            allowed_mentions=mentions)
        await service.set_discord(gid, {"guild": channel.guild.id, "channel": channel.id,
                                        "thread": thread.id, "lobby": message.id})
    except BaseException:
        with contextlib.suppress(Refusal):
            await service.abandon(gid, None, is_admin=True)
        raise
    remember_thread(bot, thread.id, gid)
    return gid, thread


# ---------------------------------------------------------------------- the buttons


class LobbyButton(Guarded[LobbyKey],
                  discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], spec=LOBBY_BUTTON):
    """One of the lobby's buttons; the action and the game are in the custom id."""

    ack = UPDATE  # the lobby message is redrawn

    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
              "ai": discord.ButtonStyle.secondary, "start": discord.ButtonStyle.primary,
              "cancel": discord.ButtonStyle.danger}

    def __init__(self, action: str, game_id: int, *, disabled: bool = False,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=t(f"lobby.button.{action}"), style=self.STYLES[action], disabled=disabled,
            custom_id=LOBBY_BUTTON.format(LobbyKey(action, game_id))), row=row)
        self.action = action
        self.game_id = game_id

    def access_name(self) -> str:
        return f"lobby.{self.action}"

    def access_target(self) -> tuple[int | None, int | None]:
        return self.game_id, None

    @classmethod
    def rebuild(cls, key: LobbyKey, item: discord.ui.Item[discord.ui.View]) -> LobbyButton:
        return cls(key.action, key.game)

    async def clicked(self, interaction: Interaction) -> None:
        assert self.facts is not None  # the access policy let the click through
        try:
            await lobby_action(interaction, self.action, self.facts)
        except Exception as exc:  # every refusal is an ephemeral answer
            await reply_error(interaction, exc)


async def lobby_action(interaction: Interaction, action: str, facts: GameFacts) -> None:
    """Apply a lobby action for the clicking (or commanding) user, once the access policy
    allowed it (``facts``). The lobby message is redrawn by cogs.table from the service's
    update."""
    service = interaction.client.service
    user = interaction.user
    game_id = facts.game_id
    # the host acts as the host; a manager of the game's server who is not the host acts
    # with the policy's leave (the service checks no host then)
    by = user.id if user.id == facts.host_user_id or not is_manager(interaction, facts) \
        else None
    await acknowledge(interaction, UPDATE)  # an update of the clicked message, silently
    if action == "join":
        await service.join(game_id, user.id, user.display_name)
    elif action == "leave":
        await service.leave(game_id, user.id)
    elif action == "ai":
        await service.add_ai(game_id, (await service.lobby_state(game_id)).ai_level,
                             by_user=by)
    elif action == "start":
        await service.start(game_id, by)
    elif action == "cancel":
        await service.abandon(game_id, by, is_admin=by is None)


class RematchButton(Guarded[GameKey],
                    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], spec=REMATCH):
    """Offered under a finished game: the same seats and settings at a new table."""

    access_kind = "rematch"

    def __init__(self, game_id: int, *, disabled: bool = False, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=t("lobby.button.rematch"), style=discord.ButtonStyle.primary,
            disabled=disabled, custom_id=REMATCH.format(GameKey(game_id))), row=row)
        self.game_id = game_id

    def access_target(self) -> tuple[int | None, int | None]:
        return self.game_id, None

    @classmethod
    def rebuild(cls, key: GameKey, item: discord.ui.Item[discord.ui.View]) -> RematchButton:
        return cls(key.game)

    async def clicked(self, interaction: Interaction) -> None:
        interaction.extras["game_id"] = self.game_id
        try:
            await rematch(interaction, self.game_id)
        except Exception as exc:
            await reply_error(interaction, exc)


def rematch_view(game_id: int, watch: Callable[[int], Item] | None = None,
                 profile: ProfileOffer | None = None,
                 people: list[tuple[int, str]] | None = None) -> discord.ui.View:
    """Under the final scores: Rematch, and "Watch the replay" (``watch``: the ``Replay``
    feature's, by ``cogs.edge.offers``); "Profile" beside each of ``people`` (``profile``:
    the ``League`` feature's)."""
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id, row=ACTION_ROW))
    if watch is not None:
        view.add_item(watch(game_id))
    add_profiles(view, profile, people or [], PROFILE_ROW)
    return view


async def rematch(interaction: Interaction, game_id: int) -> None:
    bot = interaction.client
    await acknowledge(interaction, PRIVATE)  # (the guard's, already)
    old = await bot.service.lobby_state(game_id)  # its seats and settings
    if old.status != FINISHED:
        raise Denied("rematch.not_finished")
    # the access policy let only a player of this game, in its server, click
    mine = next(s for s in old.seats if s.user_id == interaction.user.id)
    done = old.discord.get("rematch_thread")
    if done:
        raise Denied("rematch.exists", thread=done)
    table = tables(bot).of(game_id)
    if table.rematching:  # being opened by another click
        raise Denied("rematch.busy")
    await bot.service.check_open_tables(interaction.user.id)
    bot.service.limit("table.new", interaction.user.id)
    parent = bot.get_channel(int(old.discord.get("channel") or 0))
    channel = table_channel(parent if parent is not None else interaction.channel)
    check_table_permissions(channel)
    table.rematching = True
    try:
        people = [(s.user_id, s.name) for s in old.seats
                  if s.user_id is not None and s.user_id != mine.user_id]
        ais = [s.ai_level for s in old.seats if s.ai_level is not None]
        settings = TableSettings(seats=old.size, variant=old.variant, ai_level=old.ai_level,
                                 rated=old.rated, hints=old.hints,
                                 time_control=old.time_control,
                                 min_finish=None if old.min_finish is None
                                 else round(old.min_finish * 100))
        assert mine.user_id is not None
        gid, thread = await open_table(bot, channel, (mine.user_id, mine.name), settings,
                                       people=people, ais=ais)
        await bot.service.set_discord(game_id, {"rematch": gid, "rematch_thread": thread.id})
    finally:
        table.rematching = False
    await interaction.followup.send(t("rematch.opened", id=gid, thread=thread.id),
                                    ephemeral=True)
