"""One refusal path: every refusal, error and answer in words, for commands, clicks and DMs.

:func:`reply_error` answers any exception privately (the response if still open, else a
followup) and logs the unexpected ones with the interaction's context; the command tree's error
handler (installed by ``cogs.edge``) and every component call it. The mapping:

- a service :class:`~bot.service.Refusal` — :func:`refusal_text`: engine refusals (``illegal``,
  ``cannot_afford``, ``malformed``) by ``hadara.narrate.refusal``, every other code by the
  catalog (``refusal.<code>.<reason>``, else ``refusal.<code>``); a limit's ``retry_at``
  becomes a Discord timestamp;
- :class:`Denied` — a cog's own specific answer, a catalog key ("no game here" …);
- ``NoPrivateMessage`` — "this command works in a server";
- ``BotMissingPermissions`` (also raised by :func:`needs_permission` when Discord answers a
  thread creation, a send or an upload with ``Forbidden``) — names the permission;
- other ``Forbidden`` — a generic missing-permission answer; ``CheckFailure`` — "not allowed";
- anything else — "something went wrong, it has been logged", logged with the command, user,
  guild and game (``interaction.extras["game_id"]``, set when a game is resolved).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.messages import has, t
from bot.refusal_words import refusal_text
from bot.service import Refusal
from bot.storage.base import StorageUnavailable

from .client import Interaction

log = logging.getLogger(__name__)

#: Refusal codes the engine words (reason + params → hadara.narrate.refusal).

#: The permissions the bot needs for a game's thread, board and messages, in checking order.
TABLE_PERMISSIONS: tuple[str, ...] = (
    "view_channel", "create_public_threads", "send_messages_in_threads", "embed_links",
    "attach_files", "read_message_history",
)

DM_REFUSED = frozenset({50007, 50278})  # cannot send messages to this user / no mutual guild
DM_TOO_FAST = 40003  # opening direct messages too fast (bot.pacing holds DMs back then)
MISSING_PERMISSIONS = frozenset({50013, 50001})  # missing permissions / missing access


class Denied(app_commands.AppCommandError):
    """A specific, expected refusal of a cog: ``key`` of the message catalog and its params."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    @property
    def text(self) -> str:
        return t(self.key, **self.params)


def permission_name(name: str) -> str:
    """A permission as Discord's client names it ("Create Public Threads")."""
    key = f"common.permission.{name}"
    if has(key):
        return t(key)
    return name.replace("_", " ").replace("guild", "server").title()


def missing_permissions(channel: discord.abc.GuildChannel | discord.Thread,
                        member: discord.Member,
                        needed: Iterable[str] = TABLE_PERMISSIONS) -> list[str]:
    """The permissions of ``needed`` that ``member`` (the bot) lacks in ``channel``."""
    have = channel.permissions_for(member)
    return [p for p in needed if not getattr(have, p)]


@asynccontextmanager
async def needs_permission(*names: str) -> AsyncIterator[None]:
    """Turn Discord's ``Forbidden`` (missing permissions/access) inside the block into
    ``BotMissingPermissions`` naming what the block needed."""
    try:
        yield
    except discord.Forbidden as exc:
        if exc.code in MISSING_PERMISSIONS or exc.code == 0:
            raise app_commands.BotMissingPermissions(list(names)) from exc
        raise


def error_text(error: BaseException) -> tuple[str, bool]:
    """The answer to a player for ``error`` and whether it is unexpected (to be logged)."""
    if isinstance(error, app_commands.CommandInvokeError):
        return error_text(error.original)
    if isinstance(error, app_commands.TransformerError):
        return t("common.error.bad_value", value=str(error.value)[:50]), False
    if isinstance(error, Refusal):
        return refusal_text(error), False
    if isinstance(error, StorageUnavailable):  # a cog's own store write: the service's words
        return refusal_text(Refusal("storage_unavailable", str(error), error.kind)), False
    if isinstance(error, Denied):
        return error.text, False
    if isinstance(error, app_commands.NoPrivateMessage | commands.NoPrivateMessage):
        return t("common.error.guild_only"), False
    if isinstance(error, app_commands.BotMissingPermissions):
        names = ", ".join(f"**{permission_name(p)}**" for p in error.missing_permissions)
        return t("common.error.bot_permission", permissions=names), False
    if isinstance(error, app_commands.MissingPermissions):
        names = ", ".join(f"**{permission_name(p)}**" for p in error.missing_permissions)
        return t("common.error.user_permission", permissions=names), False
    if isinstance(error, app_commands.CommandOnCooldown):
        return t("common.error.cooldown", seconds=f"{error.retry_after:.0f}"), False
    if isinstance(error, app_commands.CheckFailure):
        return t("common.error.not_allowed"), False
    if isinstance(error, discord.Forbidden):
        if error.code in DM_REFUSED:
            return t("common.error.dm_closed"), False
        return t("common.error.forbidden"), True
    if isinstance(error, discord.NotFound):
        return t("common.error.not_found"), True
    if isinstance(error, discord.DiscordServerError):
        return t("common.error.discord_down"), True
    return t("common.error.generic"), True


def _context(interaction: Interaction) -> str:
    command = interaction.command.qualified_name if interaction.command else None
    custom_id = (interaction.data or {}).get("custom_id") if interaction.data else None
    game = interaction.extras.get("game_id")
    return (f"command={command!r} custom_id={custom_id!r} user={interaction.user.id} "
            f"guild={interaction.guild_id} channel={interaction.channel_id} game={game}")


async def safe_reply(interaction: Interaction, content: str, **kwargs: Any) -> None:
    """An ephemeral answer by whatever way is still open: the response if not yet given, a
    followup within the token's 15 minutes; otherwise nothing (logged)."""
    kwargs.setdefault("ephemeral", True)
    kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(content, **kwargs)
        elif not interaction.is_expired():
            await interaction.followup.send(content, **kwargs)
        else:
            log.info("no way left to answer %s: %s", _context(interaction), content)
    except discord.HTTPException as exc:
        log.warning("could not answer %s: %s", _context(interaction), exc)


async def reply_error(interaction: Interaction, error: BaseException) -> None:
    """Answer ``error`` ephemerally (response or followup by ``is_done()``); log the
    unexpected ones with the interaction's context. For commands and components alike."""
    text, unexpected = error_text(error)
    if unexpected:
        original = getattr(error, "original", error)
        log.error("error in %s", _context(interaction), exc_info=original)
    else:
        log.debug("refused %s: %r", _context(interaction), error)
    await safe_reply(interaction, text)


async def on_app_command_error(interaction: Interaction,
                               error: app_commands.AppCommandError) -> None:
    await reply_error(interaction, error)
