"""The ``Player`` feature: a player's own things — ``/hadara games`` (the games panel: every
game and what it awaits, ``GameService.games``, laid out by :mod:`.games_panel`, with "Take my
turn" for each game waiting on the player, offered by ``Play``), ``rules``, ``card`` and
``settings`` (DMs, language, time zone, quiet hours; the server's language for its managers:
``GameService.settings``)."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any, ClassVar

import discord
from discord import app_commands

from bot.learn import topic_name
from bot.messages import t
from bot.service.reliability import HIDE_FIGURES
from bot.storage.base import JSON
from cogs.commands import HADARA
from cogs.edge.client import HadaraBot, Interaction
from cogs.edge.custom_ids import CustomId, number
from cogs.edge.errors import Denied, reply_error
from cogs.edge.feature import Commands, Components, Feature
from cogs.edge.guard import UPDATE, Guarded
from cogs.edge.guard import server as server_rule
from cogs.edge.language import L
from cogs.edge.launch import add_board_buttons
from cogs.edge.offers import offers
from hadara.content import default_catalog
from i18n import LOCALES, NATIVE_NAMES, set_current
from i18n import current as current_language

from .cards import card_choices, card_embed, find_card
from .games_panel import LISTED, GamesPage, games_page
from .preferences import (
    DAILY_TURNS,
    DAILY_TURNS_OFF,
    hour_key,
    normalise_quiet_hours,
    settings_text,
    timezone_choices,
    turn_digest_changes,
    valid_timezone,
)

#: The ``language`` choice that follows the user's Discord language again.
AUTO_LANGUAGE = "auto"
RULE_TOPICS = ("wheel", "draft", "discount", "selling", "phase_b", "income", "colonies",
               "statues", "feeding", "medals", "scoring", "purple")
MAX_CONTENT = 2000


@dataclass(frozen=True)
class PageKey:
    """A page of the games panel (from 0): of the clicker's own games."""

    page: int


Button = discord.ui.Button[discord.ui.View]
GAMES_PAGE = CustomId("games:{page}", PageKey, page=number(2))
COLOUR = discord.Colour(0xC8963E)  # the panels' colour
#: The games panel's rows: "Take my turn", the boards (the Activity's launches, the links
#: "in a browser" beside them), the pages.
TURN_ROW, BOARD_ROWS, PAGE_ROW = 0, (1, 2), 3


class GamesPageButton(Guarded[PageKey], discord.ui.DynamicItem[Button], spec=GAMES_PAGE):
    """"Previous" / "Next" in the games panel: that page of the clicker's games, in place."""

    access_kind = "games.page"
    ack = UPDATE  # the games panel itself is edited

    def __init__(self, page: int, label: str | None = None, *, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            style=discord.ButtonStyle.secondary, label=label or t("games.panel.next"),
            custom_id=GAMES_PAGE.format(PageKey(page)), disabled=disabled), row=PAGE_ROW)
        self.page = page

    @classmethod
    def rebuild(cls, key: PageKey, item: discord.ui.Item[discord.ui.View]) -> GamesPageButton:
        return cls(key.page)

    async def clicked(self, interaction: Interaction) -> None:
        try:
            message = await games_message(interaction.client, interaction.user.id, self.page)
            await interaction.edit_original_response(**message, attachments=[])
        except Exception as exc:
            await reply_error(interaction, exc)


@app_commands.command(name="games", description=L("cmd.games"))
async def games(interaction: Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    message = await games_message(interaction.client, interaction.user.id)
    await interaction.followup.send(ephemeral=True, **{k: v for k, v in message.items()
                                                       if v is not None})


async def games_message(bot: HadaraBot, user_id: int, page: int = 0) -> dict[str, Any]:
    """The games panel of ``user_id`` at ``page`` (:mod:`.games_panel`), as a message's
    ``content``, ``embed`` and ``view`` (a player without a game: a line, nothing else)."""
    mine = await bot.service.games(user_id, limit=LISTED)
    if not mine.games:
        return {"content": t("game.games.none"), "embed": None, "view": None}
    shown = games_page(mine, page, bot.service.clock())
    embed = discord.Embed(title=shown.title, description=shown.description, colour=COLOUR)
    if shown.footer:
        embed.set_footer(text=shown.footer)
    return {"content": None, "embed": embed, "view": games_view(bot, user_id, shown)}


def games_view(bot: HadaraBot, user_id: int, shown: GamesPage) -> discord.ui.View:
    """The page's buttons: "Take my turn" for each game on it waiting on the player (their
    panel in place: offered by ``Play``), "Open the board" for each game in play on it, and
    "Previous" / "Next" when there are other pages."""
    view = discord.ui.View(timeout=None)
    open_game = offers(bot).open_game
    if open_game is not None:
        for game_id, label in shown.turns:
            view.add_item(open_game(game_id, label, TURN_ROW))
    for game_id in shown.boards:
        add_board_buttons(bot, user_id, game_id, view,
                          label=t("web.open.game", id=game_id),
                          browser_label=t("launch.browser.game", id=game_id), rows=BOARD_ROWS)
    if shown.pages > 1:
        previous, following = shown.previous, shown.next
        view.add_item(GamesPageButton(shown.page if previous is None else previous,
                                      t("games.panel.previous"), disabled=previous is None))
        view.add_item(GamesPageButton(shown.page if following is None else following,
                                      t("games.panel.next"), disabled=following is None))
    return view


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
                       web_sign_out=L("cmd.settings.web_sign_out"),
                       daily_turns=L("cmd.settings.daily_turns"),
                       turn_pings=L("cmd.settings.turn_pings"),
                       hide_figures=L("cmd.settings.hide_figures"))
@app_commands.autocomplete(timezone=_timezone_autocomplete)
@app_commands.choices(
    language=[app_commands.Choice(name=L("language.auto"), value=AUTO_LANGUAGE)]
    + [app_commands.Choice(name=NATIVE_NAMES[code], value=code) for code in LOCALES],
    server_language=[app_commands.Choice(name=NATIVE_NAMES[code], value=code)
                     for code in LOCALES],
    daily_turns=[app_commands.Choice(name=L("turn_digest.off") if value == DAILY_TURNS_OFF
                                     else L(hour_key(int(value))), value=value)
                 for value in DAILY_TURNS])
async def settings(interaction: Interaction, dms: bool | None = None,
                   timezone: app_commands.Range[str, 1, 64] | None = None,
                   quiet_hours: app_commands.Range[str, 1, 20] | None = None,
                   language: str | None = None, server_language: str | None = None,
                   rated_undo: bool | None = None, web_sign_out: bool | None = None,
                   daily_turns: str | None = None, turn_pings: bool | None = None,
                   hide_figures: bool | None = None) -> None:
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
    changes.update(turn_digest_changes(daily_turns, turn_pings))  # the turn digest's
    if hide_figures is not None:  # the profile's figures (bot.access.figures decides)
        changes[HIDE_FIGURES] = hide_figures
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
    COMPONENTS: ClassVar[Components] = (GamesPageButton,)


async def setup(bot: HadaraBot) -> None:
    await bot.add_cog(Player(bot))
