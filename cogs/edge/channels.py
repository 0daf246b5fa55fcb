"""Where a game's thread may go, and whether the bot could run a table there: the table's
lobbies, a league round's tables, a learning game and a practice game all ask here first."""

from __future__ import annotations

import discord
from discord import app_commands

from .client import HadaraBot
from .errors import Denied, missing_permissions
from .forum import forum_of

#: A channel a table's thread goes in: a text channel's thread, or a forum's post.
Tables = discord.TextChannel | discord.ForumChannel

#: A forum post needs Send Messages in the forum rather than Create Public Threads.
FORUM_PERMISSIONS = ("view_channel", "send_messages", "send_messages_in_threads",
                     "embed_links", "attach_files", "read_message_history")


def table_channel(channel: object) -> Tables:
    """Where a game's thread goes: the text channel the command is typed in (in a thread: its
    parent), or the forum a post of which it is typed in (a new post)."""
    if isinstance(channel, discord.Thread):
        channel = channel.parent
    if not isinstance(channel, discord.TextChannel | discord.ForumChannel):
        raise Denied("lobby.error.channel_type")
    return channel


async def tables_channel(bot: HadaraBot, channel: object) -> Tables:
    """:func:`table_channel`, unless the server's managers chose a forum for every new table
    (``/hadara-admin tables``)."""
    here = table_channel(channel)
    chosen = await forum_of(bot, here.guild.id)
    return chosen if chosen is not None else here


def check_table_permissions(channel: Tables) -> None:
    """Refuse early, naming what is missing, when the bot could not run a table here."""
    me = channel.guild.me
    needed = FORUM_PERMISSIONS if isinstance(channel, discord.ForumChannel) else None
    missing = missing_permissions(channel, me, needed) if needed else missing_permissions(
        channel, me)
    if missing:
        raise app_commands.BotMissingPermissions(missing)
