"""The ``Player`` feature: a player's own things — ``/hadara games`` (every game and what it
awaits), ``rules``, ``card`` and ``settings`` (DMs, language, time zone, quiet hours; the
server's language for its managers)."""

from __future__ import annotations

import io
from typing import Any, ClassVar

import discord
from discord import app_commands

from bot.learn import learned, topic_name
from bot.messages import t
from bot.storage.base import ACTIVE, LOBBY
from cogs.commands import HADARA
from cogs.edge.client import HadaraBot, Interaction
from cogs.edge.dms import wants_dms
from cogs.edge.errors import Denied
from cogs.edge.feature import Commands, Feature
from cogs.edge.guard import server as server_rule
from cogs.edge.language import L
from cogs.edge.times import deadline_text
from hadara.content import default_catalog
from i18n import LOCALES, NATIVE_NAMES, set_current
from i18n import current as current_language

from .cards import card_choices, card_embed, find_card
from .preferences import (
    normalise_quiet_hours,
    settings_lines,
    timezone_choices,
    valid_timezone,
)

#: The ``language`` choice that follows the user's Discord language again.
AUTO_LANGUAGE = "auto"
RULE_TOPICS = ("wheel", "draft", "discount", "selling", "phase_b", "income", "colonies",
               "statues", "feeding", "medals", "scoring", "purple")
MAX_CONTENT = 2000


@app_commands.command(name="games", description=L("cmd.games"))
async def games(interaction: Interaction) -> None:
    bot = interaction.client
    await interaction.response.defer(ephemeral=True, thinking=True)
    uid = interaction.user.id
    ids = await bot.service.games_of(uid, (LOBBY, ACTIVE))
    if not ids:
        await interaction.followup.send(t("game.games.none"), ephemeral=True)
        return
    lines = [t("game.games.title", count=len(ids))]
    for gid in ids[:20]:
        lines.append(await _game_line(bot, gid, uid))
    if len(ids) > 20:
        lines.append(t("game.games.more", count=len(ids) - 20))
    until = await bot.service.away_until(uid)
    if until is not None:
        lines.append(t("md.games.away", at=deadline_text(until)))
    await interaction.followup.send("\n".join(lines)[:MAX_CONTENT], ephemeral=True)


async def _game_line(bot: HadaraBot, gid: int, uid: int) -> str:
    rec = await bot.service.record(gid)
    thread = rec.discord.get("thread")
    where = t("game.games.where", thread=thread) if thread else ""
    if rec.status == LOBBY:
        return t("game.games.lobby", id=gid, taken=len(rec.seats),
                 size=rec.options.get("seats", 5), where=where)
    names = {s.seat: s.name for s in rec.seats}
    mine = next((s.seat for s in rec.seats if s.user_id == uid), None)
    waiting = await bot.service.waiting(gid)
    me = next((w for w in waiting if w.seat == mine), None)
    if me is not None:
        line = t("game.games.your_turn", id=gid, what=t(f"table.kind.{me.kind}"), where=where)
        deadline = me.deadline
    else:
        others = ", ".join(names.get(w.seat, "?") for w in waiting) or "—"
        line = t("game.games.waiting", id=gid, names=others, where=where)
        deadline = min((w.deadline for w in waiting if w.deadline is not None), default=None)
    if deadline is not None:
        line += t("md.games.deadline", rel=deadline_text(deadline))
    return line


@app_commands.command(name="rules", description=L("cmd.rules"))
@app_commands.describe(topic=L("cmd.rules.topic"))
@app_commands.choices(topic=[app_commands.Choice(name=L(f"rules.name.{k}"), value=k)
                             for k in RULE_TOPICS])
async def rules(interaction: Interaction, topic: str | None = None) -> None:
    if topic is None:
        text = t("rules.overview", topics=", ".join(f"`{t(f'rules.name.{k}')}`"
                                                    for k in RULE_TOPICS))
        text += "\n" + await _met_line(interaction)
    else:
        text = f"**{t(f'rules.name.{topic}')}**\n{t(f'rules.{topic}')}"
    await interaction.response.send_message(text[:MAX_CONTENT], ephemeral=True)


async def _met_line(interaction: Interaction) -> str:
    """The rules the user has met in learning games (``/hadara learn``)."""
    met = learned(await interaction.client.service.user_settings(interaction.user.id))
    if not met:
        return t("learn.rules.none")
    return t("learn.rules.met", topics=", ".join(topic_name(k) for k in met))


async def _card_autocomplete(interaction: Interaction,
                             current: str) -> list[app_commands.Choice[str]]:
    return card_choices(current)


@app_commands.command(name="card", description=L("cmd.card"))
@app_commands.describe(name=L("cmd.card.name"))
@app_commands.autocomplete(name=_card_autocomplete)
async def card(interaction: Interaction,
               name: app_commands.Range[str, 1, 100]) -> None:
    catalog = default_catalog()
    found = find_card(name, catalog)
    await interaction.response.defer(ephemeral=True, thinking=True)
    png = await interaction.client.service.card_image(found.id, current_language())
    await interaction.followup.send(embed=card_embed(found, catalog),
                                    file=discord.File(io.BytesIO(png), "card.png"),
                                    ephemeral=True)


async def _timezone_autocomplete(interaction: Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=z, value=z) for z in timezone_choices(current)]


@app_commands.command(name="settings", description=L("cmd.settings"))
@app_commands.describe(dms=L("cmd.settings.dms"), timezone=L("cmd.settings.timezone"),
                       quiet_hours=L("cmd.settings.quiet_hours"),
                       language=L("cmd.settings.language"),
                       server_language=L("cmd.settings.server_language"),
                       rated_undo=L("cmd.settings.rated_undo"))
@app_commands.autocomplete(timezone=_timezone_autocomplete)
@app_commands.choices(
    language=[app_commands.Choice(name=L("language.auto"), value=AUTO_LANGUAGE)]
    + [app_commands.Choice(name=NATIVE_NAMES[code], value=code) for code in LOCALES],
    server_language=[app_commands.Choice(name=NATIVE_NAMES[code], value=code)
                     for code in LOCALES])
async def settings(interaction: Interaction, dms: bool | None = None,
                   timezone: app_commands.Range[str, 1, 64] | None = None,
                   quiet_hours: app_commands.Range[str, 1, 20] | None = None,
                   language: str | None = None, server_language: str | None = None,
                   rated_undo: bool | None = None) -> None:
    bot = interaction.client
    languages = bot.service.languages
    if server_language is not None or rated_undo is not None:  # the server's: its managers
        server_rule(interaction, "server.settings")
    changes: dict[str, Any] = {}
    if timezone is not None:
        zone = valid_timezone(timezone)
        if zone is None:
            raise Denied("md.settings.bad_tz", tz=timezone[:64])
        changes["tz"] = zone
    if quiet_hours is not None:
        quiet = normalise_quiet_hours(quiet_hours)
        if quiet is None:
            raise Denied("md.settings.bad_quiet")
        changes["quiet_hours"] = quiet or None
    if dms is not None:
        changes["dm_turns"] = dms
    await interaction.response.defer(ephemeral=True, thinking=True)
    current = await bot.service.user_settings(interaction.user.id)
    if changes:
        current = {k: v for k, v in {**current, **changes}.items() if v is not None}
        await bot.service.set_user_settings(interaction.user.id, current)
    if language is not None:
        await languages.choose(interaction.user.id, None if language == AUTO_LANGUAGE
                               else language)
    if server_language is not None and interaction.guild_id is not None:
        await languages.set_guild(interaction.guild_id, server_language)
    if rated_undo is not None and interaction.guild_id is not None:
        await bot.service.set_undo_rated(interaction.guild_id, rated_undo)
    # the answer is in the language just chosen
    set_current(await languages.for_user(interaction.user.id, str(interaction.locale),
                                         interaction.guild_id))
    key = "game.settings.dms_on" if wants_dms(current) else "game.settings.dms_off"
    changed = (changes or language is not None or server_language is not None
               or rated_undo is not None)
    head = t("game.settings.saved") if changed else t("game.settings.title")
    chosen = await languages.choice(interaction.user.id)
    lines = [t("settings.language", language=NATIVE_NAMES[chosen]) if chosen else
             t("settings.language.auto", language=NATIVE_NAMES[current_language()])]
    if interaction.guild_id is not None:
        lines.append(t("settings.server_language", language=NATIVE_NAMES[
            await languages.for_guild(interaction.guild_id)]))
        lines.append(t("settings.rated_undo.on") if await bot.service.undo_rated(
            interaction.guild_id) else t("settings.rated_undo.off"))
    text = "\n".join([head, *lines, t(key), *settings_lines(current)])
    await interaction.followup.send(text, ephemeral=True)


class Player(Feature):
    """A player's own things: games, rules, cards, settings."""

    COMMANDS: ClassVar[Commands] = ((HADARA, games), (HADARA, rules), (HADARA, card),
                                    (HADARA, settings))


async def setup(bot: HadaraBot) -> None:
    await bot.add_cog(Player(bot))
