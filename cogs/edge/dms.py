"""Direct messages: opening a DM with a player — one request the first time, none after (the
channel is cached), no user lookup (``create_dm`` needs only the id), and none at all while
Discord holds DM opens back (after a 40003 the pacer says so and the caller falls back to the
game's thread).

Turns and reminders come by DM only to players who asked for DMs (``/hadara settings
dms:True``: ``GameService.settings``' ``dms``); everyone else is mentioned in the game's thread
(opening DMs to many users quickly gets a bot refused, 40003, and can get it quarantined)."""

from __future__ import annotations

import discord

from .client import HadaraBot


def cached_dm(client: HadaraBot, user_id: int) -> discord.DMChannel | None:
    user = client.get_user(user_id)
    return user.dm_channel if user is not None else None


async def open_dm(client: HadaraBot, user_id: int, *, wait: bool = False
                  ) -> discord.DMChannel | None:
    """The DM channel with ``user_id``; None when DM opens are held back now (raises
    ``discord.HTTPException`` as ``create_dm`` does). ``wait``: a message with nowhere else
    to go (a digest: no thread to fall back to) waits its turn in the pacer's queue of DM
    opens instead — sent late rather than lost."""
    channel = cached_dm(client, user_id)
    if channel is not None:
        return channel
    if not wait and client.pacer.dm_blocked():
        return None
    return await client.create_dm(discord.Object(user_id))
