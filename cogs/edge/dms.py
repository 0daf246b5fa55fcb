"""Opening a DM with a player: one request the first time, none after (the channel is cached),
no user lookup (``create_dm`` needs only the id), and none at all while Discord holds DM opens
back (after a 40003 the pacer says so and the caller falls back to the game's thread)."""

from __future__ import annotations

from typing import Any

import discord


def cached_dm(client: Any, user_id: int) -> discord.DMChannel | None:
    user = client.get_user(user_id)
    return user.dm_channel if user is not None else None


async def open_dm(client: Any, user_id: int) -> discord.DMChannel | None:
    """The DM channel with ``user_id``; None when DM opens are held back now (raises
    ``discord.HTTPException`` as ``create_dm`` does)."""
    channel = cached_dm(client, user_id)
    if channel is not None:
        return channel
    pacer = getattr(client, "pacer", None)
    if pacer is not None and pacer.dm_blocked():
        return None
    opened: discord.DMChannel = await client.create_dm(discord.Object(user_id))
    return opened
