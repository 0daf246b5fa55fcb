"""The Discord edge every feature shares: the bot and its typed ``Interaction``
(:mod:`.client`), who acts and what they may do (:mod:`.guard`, over the access policy of
``bot/access.py``), one refusal path (:mod:`.errors`), languages (:mod:`.language`), the
components' custom ids (:mod:`.custom_ids`), what one feature offers another's messages
(:mod:`.offers`), the feature cog base (:mod:`.feature`) and where commands hang
(:mod:`.tree`); and what several features use: which game a command is about (:mod:`.games`),
channels and permissions for a table (:mod:`.channels`), tables as forum posts
(:mod:`.forum`), threads (:mod:`.threads`), DMs (:mod:`.dms`), the words of time
(:mod:`.times`) and background tasks (:mod:`.tasks`).

As an extension it installs, for the whole command tree, the error handler, the check every
command and autocomplete goes through (the user's language, the policy's server rules) and the
translator of command descriptions.
"""

from __future__ import annotations

from discord import app_commands

from .client import HadaraBot
from .errors import on_app_command_error
from .guard import check
from .language import CatalogTranslator


async def setup(bot: HadaraBot) -> None:
    bot.tree.on_error = on_app_command_error  # type: ignore[method-assign]
    bot.tree.interaction_check = check  # type: ignore[method-assign]
    await bot.tree.set_translator(CatalogTranslator())


async def teardown(bot: HadaraBot) -> None:
    bot.tree.on_error = (  # type: ignore[method-assign]
        app_commands.CommandTree.on_error.__get__(bot.tree))
    bot.tree.interaction_check = (  # type: ignore[method-assign]
        app_commands.CommandTree.interaction_check.__get__(bot.tree))
    await bot.tree.set_translator(None)
