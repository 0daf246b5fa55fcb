"""The ``Player`` feature: a player's own things — ``/hadara games`` (every game and what it
awaits: ``GameService.games``), ``rules``, ``card`` and ``settings`` (DMs, language, time zone,
quiet hours; the server's language for its managers: ``GameService.settings``)."""

from __future__ import annotations

import io
from typing import ClassVar

import discord
from discord import app_commands

from bot.learn import topic_name
from bot.messages import t
from bot.service.screens import GameLine, GamesList
from bot.storage.base import JSON, LOBBY
from cogs.commands import HADARA
from cogs.edge.client import HadaraBot, Interaction
from cogs.edge.errors import Denied
from cogs.edge.feature import Commands, Feature
from cogs.edge.guard import server as server_rule
from cogs.edge.language import L
from cogs.edge.launch import add_board_buttons
from cogs.edge.times import deadline_text
from hadara.content import default_catalog
from i18n import LOCALES, NATIVE_NAMES, set_current
from i18n import current as current_language

from .cards import card_choices, card_embed, find_card
from .preferences import (
    normalise_quiet_hours,
    settings_text,
    timezone_choices,
    valid_timezone,
)

#: The ``language`` choice that follows the user's Discord language again.
AUTO_LANGUAGE = "auto"
RULE_TOPICS = ("wheel", "draft", "discount", "selling", "phase_b", "income", "colonies",
               "statues", "feeding", "medals", "scoring", "purple")
MAX_CONTENT = 2000


BOARDS = 5  # board links under /hadara games (one row; the games waiting on you come first)


@app_commands.command(name="games", description=L("cmd.games"))
async def games(interaction: Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    mine = await interaction.client.service.games(interaction.user.id)
    view = discord.ui.View(timeout=None)
    # "Board #12" for each game in play (the page on): the Activity's launch, with the
    # signed link "#12 in a browser" in the row below, when the board opens inside Discord;
    # else the signed link
    boards = [line.game_id for line in mine.games
              if line.status != LOBBY and line.seat is not None][:BOARDS]
    for game_id in boards:
        add_board_buttons(interaction.client, interaction.user.id, game_id, view,
                          label=t("web.open.game", id=game_id),
                          browser_label=t("launch.browser.game", id=game_id), rows=(0, 1))
    if view.children:
        await interaction.followup.send(games_text(mine), ephemeral=True, view=view)
    else:
        await interaction.followup.send(games_text(mine), ephemeral=True)


def games_text(mine: GamesList) -> str:
    """``/hadara games``: each game and what it awaits, how many more, the vacation's end."""
    if not mine.games:
        return t("game.games.none")
    lines = [t("game.games.title", count=len(mine.games) + mine.more)]
    lines += [game_line(line) for line in mine.games]
    if mine.more:
        lines.append(t("game.games.more", count=mine.more))
    if mine.away_until is not None:
        lines.append(t("md.games.away", at=deadline_text(mine.away_until)))
    return "\n".join(lines)[:MAX_CONTENT]


def game_line(line: GameLine) -> str:
    """One game of ``/hadara games``: a lobby's seats, or whose turn it is and until when."""
    thread = line.discord.get("thread")
    where = t("game.games.where", thread=thread) if thread else ""
    if line.status == LOBBY:
        return t("game.games.lobby", id=line.game_id, taken=line.seats_taken, size=line.size,
                 where=where)
    if line.your_turn is not None:
        text = t("game.games.your_turn", id=line.game_id, what=t(f"table.kind.{line.your_turn}"),
                 where=where)
    else:
        text = t("game.games.waiting", id=line.game_id, names=", ".join(line.waiting) or "—",
                 where=where)
    if line.deadline is not None:
        text += t("md.games.deadline", rel=deadline_text(line.deadline))
    return text


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
    met = (await interaction.client.service.settings(interaction.user.id)).learned
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
                       rated_undo=L("cmd.settings.rated_undo"),
                       web_sign_out=L("cmd.settings.web_sign_out"))
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
                   rated_undo: bool | None = None, web_sign_out: bool | None = None) -> None:
    bot = interaction.client
    languages = bot.service.languages
    if server_language is not None or rated_undo is not None:  # the server's: its managers
        server_rule(interaction, "server.settings")
    changes: dict[str, JSON] = {}
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
    if changes:  # merged into what is stored (the languages and lessons keep theirs there)
        stored = await bot.service.user_settings(interaction.user.id)
        await bot.service.set_user_settings(interaction.user.id, {
            k: v for k, v in {**stored, **changes}.items() if v is not None})
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
    changed = (changes or language is not None or server_language is not None
               or rated_undo is not None)
    state = await bot.service.settings(interaction.user.id, interaction.guild_id)
    text = settings_text(state, bool(changed))
    if web_sign_out:  # every session of the web page ends (docs/web.md)
        ended = await bot.service.end_web_sessions(interaction.user.id)
        text = f"{t('web.signed.out.everywhere', count=ended)}\n{text}"[:MAX_CONTENT]
    await interaction.followup.send(text, ephemeral=True)


class Player(Feature):
    """A player's own things: games, rules, cards, settings."""

    COMMANDS: ClassVar[Commands] = ((HADARA, games), (HADARA, rules), (HADARA, card),
                                    (HADARA, settings))


async def setup(bot: HadaraBot) -> None:
    await bot.add_cog(Player(bot))
