"""The bot as every cog sees it: :class:`~bot.client.HadaraBot`, and the ``Interaction`` it
receives typed with it, so ``interaction.client.service`` is the game service without a cast
(python-discord's ``bot/exts/`` type their ``setup(bot: Bot)`` the same way).

discord.py types an item's ``callback`` and ``interaction_check`` for any client: only the
component base (:class:`cogs.edge.guard.Guarded`) meets that signature, and hands on this
``Interaction``."""

from __future__ import annotations

import discord

from bot.client import HadaraBot

Interaction = discord.Interaction[HadaraBot]

__all__ = ["HadaraBot", "Interaction"]
