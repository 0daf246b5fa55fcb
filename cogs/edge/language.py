"""Languages at the Discord edge.

Every interaction speaks its user's language for the rest of its task: the command tree's
check and every restart-proof component (``cogs.edge.guard.Guarded``) call :func:`enter`, which asks
the service (``bot/service/languages.py``) and sets ``i18n``'s current language, so ``t()``
in a cog, ``hadara.narrate`` and the error handler all answer in it. Messages for everyone
(the table, the lobby, reminders by thread mention) are written inside
``speaking(await server_language(…))`` and DMs inside ``speaking(await user_language(…))``.

Slash commands are shown in the user's language by :class:`CatalogTranslator`: descriptions,
option descriptions and choice names are :func:`L` strings carrying their catalog key.
Command and option names stay English, the same for everyone at a table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

import i18n
from bot.storage.base import GameRecord

if TYPE_CHECKING:
    from .client import HadaraBot, Interaction


def L(key: str, /) -> app_commands.locale_str:  # noqa: N802 - reads like t()
    """A command text: English now, the reader's language through the translator."""
    return app_commands.locale_str(i18n.translate(i18n.DEFAULT, key), key=key)


class CatalogTranslator(app_commands.Translator):
    """Command descriptions and choices from the catalogs (None: Discord shows English)."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
        lang = i18n.normalise(locale.value)
        if key is None or lang is None or lang == i18n.DEFAULT or not i18n.has(key, lang):
            return None
        return i18n.translate(lang, key)


async def user_language(client: HadaraBot, user_id: int, seen: str | None = None,
                        guild_id: int | None = None) -> str:
    """The language of a user's private messages (see ``bot/service/languages.py``)."""
    return await client.service.languages.for_user(user_id, seen, guild_id)


async def server_language(client: HadaraBot, guild_id: int | None) -> str:
    """The language of a server's public messages and board images."""
    return await client.service.languages.for_guild(guild_id)


async def enter(interaction: Interaction) -> str:
    """Speak the interacting user's language for the rest of this interaction's task."""
    lang = await user_language(interaction.client, interaction.user.id,
                               str(interaction.locale), interaction.guild_id)
    return i18n.set_current(lang)


async def table_language(client: HadaraBot, record: GameRecord) -> str:
    """The language of a game's thread: its server's; a learning game's thread (a private
    table of one person) speaks its learner's language."""
    if record.options.get("learn") and record.host_user_id is not None:
        return await user_language(client, record.host_user_id)
    guild = record.discord.get("guild")
    return await server_language(client, int(guild) if guild else None)
