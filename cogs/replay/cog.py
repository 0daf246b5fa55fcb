"""The ``Replay`` feature: ``/hadara-replay view game:`` opens a private viewer of a game — a
finished game from its first step, a game in play at now (what a spectator sees) — with its
restart-proof step buttons and jump select (:mod:`.components`). The access policy's ``replay``
operation decides who may open which game's replay (``bot/access.py``); the service rebuilds
and draws the positions (``bot/service/replay.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.storage.base import FINISHED
from cogs.commands import REPLAY, GameArg
from cogs.edge.feature import Commands, Components, Feature
from cogs.edge.games import game_autocomplete, resolve_game
from cogs.edge.guard import PRIVATE, acknowledge
from cogs.edge.language import L

from .components import COMPONENTS, show
from .fork import COMPONENTS as FORK_COMPONENTS

if TYPE_CHECKING:
    from bot.client import HadaraBot


@app_commands.command(name="view", description=L("cmd.replay.view"))
@app_commands.describe(game=L("cmd.replay.view.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def view(interaction: discord.Interaction[Any], game: GameArg | None = None) -> None:
    facts = await resolve_game(interaction, game)
    await acknowledge(interaction, PRIVATE)
    # a finished game from its first step; a game in play at now
    await show(interaction, facts.game_id, 0 if facts.status == FINISHED else None)


class Replay(Feature):
    """The replay viewer."""

    COMMANDS: ClassVar[Commands] = ((REPLAY, view),)
    COMPONENTS: ClassVar[Components] = (*COMPONENTS, *FORK_COMPONENTS)

    def __init__(self, bot: HadaraBot) -> None:
        self.bot = bot


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Replay(bot))  # type: ignore[arg-type]
