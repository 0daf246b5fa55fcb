"""The base of every feature's cog: it owns its slash commands (attached to the groups declared
in ``cogs.commands`` when the cog loads, detached when it unloads) and its restart-proof
components (listed for ``cogs.components``, which registers every feature's at once).

A feature is a package of ``cogs/`` (``table``, ``play``, ``multiday``, ``league``, ``learn``,
``admin``, ``player``, ``replay``) whose ``setup`` adds its one :class:`Feature`. Features
import nothing of each other (an import-linter contract): what several use is in
``cogs.edge``; they talk through the service's updates and bot events
(``bot.dispatch("hadara_…")`` and ``@commands.Cog.listener``, as RoboDanny's timers dispatch
events the interested cog listens to), and a feature's component on another's message is
offered through :mod:`cogs.edge.offers`.
"""

from __future__ import annotations

from typing import Any, ClassVar

import discord
from discord.ext import commands

from .client import HadaraBot
from .tree import Commands, attach, detach

#: A feature's restart-proof component classes.
Components = tuple[type[discord.ui.DynamicItem[Any]], ...]

__all__ = ["Commands", "Components", "Feature"]


class Feature(commands.Cog):
    """A feature's cog. Subclasses set ``COMMANDS`` (their commands and where they hang) and
    ``COMPONENTS`` (their ``DynamicItem`` classes)."""

    COMMANDS: ClassVar[Commands] = ()
    COMPONENTS: ClassVar[Components] = ()

    def __init__(self, bot: HadaraBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        attach(self.bot.tree, self.COMMANDS)

    async def cog_unload(self) -> None:
        detach(self.bot.tree, self.COMMANDS)
