"""A private game's thread (the learning game, a practice fork): private where the bot may
make private threads, else public, with the player added."""

from __future__ import annotations

from typing import Final, Literal

import discord

#: Private games wait a week without a message before Discord archives their thread.
PRIVATE_ARCHIVE_MINUTES: Final[Literal[10080]] = 10080
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
