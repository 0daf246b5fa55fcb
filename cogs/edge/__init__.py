"""The Discord edge every feature shares: who acts and what they may do (:mod:`.guard`, over
the access policy of ``bot/access.py``), one refusal path (:mod:`.errors`), languages
(:mod:`.language`), background tasks (:mod:`.tasks`) and the feature cog base
(:mod:`.feature`).

As an extension it installs, for the whole command tree, the error handler, the check every
command and autocomplete goes through (the user's language, the policy's server rules) and the
translator of command descriptions.
"""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from .errors import on_app_command_error
from .guard import check
from .language import CatalogTranslator


async def setup(bot: commands.Bot) -> None:
    bot.tree.on_error = on_app_command_error  # type: ignore[method-assign]
    bot.tree.interaction_check = check  # type: ignore[method-assign]
    await bot.tree.set_translator(CatalogTranslator())


async def teardown(bot: commands.Bot) -> None:
    bot.tree.on_error = app_commands.CommandTree.on_error.__get__(bot.tree)  # type: ignore[method-assign]
    bot.tree.interaction_check = (  # type: ignore[method-assign]
        app_commands.CommandTree.interaction_check.__get__(bot.tree))
    await bot.tree.set_translator(None)
