"""The base of every feature's cog: it owns its slash commands (attached to the groups declared
in ``cogs.commands`` when the cog loads, detached when it unloads) and its restart-proof
components (listed for ``cogs.components``, which registers every feature's at once).

A feature is a package of ``cogs/`` (``play``, ``table``, ``multiday``, ``league``,
``learn``, ``admin``, ``player``) whose ``setup`` adds its one :class:`Feature`. Features do not
reach each other's cog: they talk through the service's updates and bot events
(``bot.dispatch("hadara_…")`` and ``@commands.Cog.listener``), as RoboDanny's timers dispatch
events the interested cog listens to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from cogs.commands import attach, detach

if TYPE_CHECKING:
    from bot.client import HadaraBot

#: (group path, command) pairs: a command (or subgroup) and the group it hangs under
#: (``cogs.commands.HADARA`` …).
Commands = tuple[tuple[str, app_commands.Command[Any, ..., Any] | app_commands.Group], ...]
#: A feature's restart-proof component classes.
Components = tuple[type[discord.ui.DynamicItem[Any]], ...]


class Feature(commands.Cog):
    """A feature's cog. Subclasses set ``COMMANDS`` (their commands and where they hang) and
    ``COMPONENTS`` (their ``DynamicItem`` classes)."""

    COMMANDS: ClassVar[Commands] = ()
    COMPONENTS: ClassVar[Components] = ()

    bot: HadaraBot

    async def cog_load(self) -> None:
        attach(self.bot.tree, self.COMMANDS)

    async def cog_unload(self) -> None:
        detach(self.bot.tree, self.COMMANDS)
