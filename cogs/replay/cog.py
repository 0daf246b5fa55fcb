"""The ``Replay`` feature: ``/hadara-replay view game:`` opens a private viewer of a game — a
finished game from its first step, a game in play at now (what a spectator sees) — with its
restart-proof step buttons and jump select (:mod:`.components`). The access policy's ``replay``
operation decides who may open which game's replay (``bot/access.py``); the service rebuilds
and draws the positions (``bot/service/replay.py``). It offers (``cogs.edge.offers``) "Watch
the replay" to the table's final message and "Try it again" (:mod:`.fork`) to the league's
reviews."""

from __future__ import annotations

from typing import ClassVar

from discord import app_commands

from bot.storage.base import FINISHED
from cogs.commands import REPLAY, GameArg
from cogs.edge.client import HadaraBot, Interaction
from cogs.edge.feature import Commands, Components, Feature
from cogs.edge.games import game_autocomplete, resolve_game
from cogs.edge.guard import PRIVATE, acknowledge
from cogs.edge.language import L
from cogs.edge.offers import offers

from .components import COMPONENTS, show, watch_button
from .fork import COMPONENTS as FORK_COMPONENTS
from .fork import fork_button


@app_commands.command(name="view", description=L("cmd.replay.view"))
@app_commands.describe(game=L("cmd.replay.view.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def view(interaction: Interaction, game: GameArg | None = None) -> None:
    facts = await resolve_game(interaction, game)
    await acknowledge(interaction, PRIVATE)
    # a finished game from its first step; a game in play at now
    await show(interaction, facts.game_id, 0 if facts.status == FINISHED else None)


class Replay(Feature):
    """The replay viewer."""

    COMMANDS: ClassVar[Commands] = ((REPLAY, view),)
    COMPONENTS: ClassVar[Components] = (*COMPONENTS, *FORK_COMPONENTS)

    async def cog_load(self) -> None:
        await super().cog_load()
        offer = offers(self.bot)
        offer.watch_replay, offer.try_again = watch_button, fork_button

    async def cog_unload(self) -> None:
        await super().cog_unload()
        offers(self.bot).withdraw("watch_replay", "try_again")


async def setup(bot: HadaraBot) -> None:
    await bot.add_cog(Replay(bot))
