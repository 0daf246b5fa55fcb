"""The table: a game's thread, its lobby, its board, its news, and the table's commands; and
following a game (the board's Follow button, the digests by DM: ``follow.py``)."""

from __future__ import annotations

from cogs.edge.client import HadaraBot

from . import cog, follow


async def setup(bot: HadaraBot) -> None:
    await cog.setup(bot)
    await follow.setup(bot)


__all__ = ["setup"]
