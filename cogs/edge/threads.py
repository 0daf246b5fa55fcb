"""Game threads: the longest name Discord allows one, and a private game's thread (the learning
game, a practice fork): private where the bot may make private threads, else public, with the
player added."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import Final, Literal

import discord

from bot.service import Refusal

from .client import HadaraBot
from .games import remember_thread

#: Private games wait a week without a message before Discord archives their thread.
PRIVATE_ARCHIVE_MINUTES: Final[Literal[10080]] = 10080
#: Discord's longest thread name (a longer one is cut).
MAX_THREAD_NAME = 100


async def private_thread(channel: discord.TextChannel, user: discord.abc.Snowflake,
                         title: str) -> discord.Thread:
    """A thread of ``channel`` for ``user`` alone (private, not invitable), or a public one
    when the bot cannot make private threads there."""
    name = title[:MAX_THREAD_NAME]
    try:
        thread = await channel.create_thread(
            name=name, type=discord.ChannelType.private_thread, invitable=False,
            auto_archive_duration=PRIVATE_ARCHIVE_MINUTES)
        await thread.add_user(user)
    except discord.HTTPException:
        thread = await channel.create_thread(
            name=name, type=discord.ChannelType.public_thread,
            auto_archive_duration=PRIVATE_ARCHIVE_MINUTES)
    return thread


async def open_private_game(bot: HadaraBot, channel: discord.TextChannel, user: discord.abc.User,
                            game_id: int, title: str, welcome: str,
                            start: Callable[[], Awaitable[object]]) -> discord.Thread:
    """A private game's table (a learning game, a practice fork): its thread, remembered,
    with ``welcome`` posted, then ``start`` (the game starts and its AI seats move). If any
    of it fails the game is abandoned, so no lobby is left without a thread."""
    service = bot.service
    try:
        thread = await private_thread(channel, user, title)
        await service.set_discord(game_id, {"guild": channel.guild.id, "channel": channel.id,
                                            "thread": thread.id})
        remember_thread(bot, thread.id, game_id)
        await thread.send(welcome, allowed_mentions=discord.AllowedMentions.none())
        await start()
    except BaseException:
        with contextlib.suppress(Refusal):
            await service.abandon(game_id, None, is_admin=True)
        raise
    return thread
