"""A person's profile on a server: ``/hadara-league profile`` and the "Profile" buttons beside
the names in a lobby and under a game's final scores (offered to the table by
``cogs.edge.offers``). One private message: the picture (``rendering.profile``, legible on a
phone) and the same figures as text, as the access policy lets the viewer see them
(``bot.access.figures``: a player may keep theirs private; the server's managers still see
their reliability), with the replay of their best game.

The button's whole state is its custom id, ``hd1:pf:<user>``: the server is where it is
clicked (a server's figures only; in a DM the policy refuses it).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any, Self

import discord
from discord import app_commands

from bot.access import Figures
from bot.league.app import ProfileView
from bot.messages import t
from cogs.edge import guard
from cogs.edge.client import HadaraBot, Interaction
from cogs.edge.custom_ids import CustomId, number
from cogs.edge.guard import PRIVATE, Guarded
from cogs.edge.language import L
from cogs.edge.offers import offers
from hadara.words import colour_name
from i18n import current, join
from rendering.profile import duration, percent

COLOUR = discord.Colour.dark_gold()
MAX_LABEL = 80  # Discord's button label
MAX_FIELD = 1024


@dataclass(frozen=True)
class UserKey:
    user: int


PROFILE = CustomId("pf:{user}", UserKey, user=number(20))


def _none() -> str:
    return t("profile.none")


def profile_embed(view: ProfileView, name: str) -> discord.Embed:
    """The profile as text: what the picture shows, in the viewer's language."""
    p, lang = view.profile, current()
    who = (p.name or name)[:100]
    lines = []
    if view.hidden and view.shown is not Figures.ALL:
        lines.append(t("profile.hidden-manager" if view.shown is Figures.RELIABILITY
                       else "profile.hidden", name=who))
    if p.new:
        lines.append(t("profile.new"))
    embed = discord.Embed(title=t("profile.title", name=who)[:256],
                          description="\n".join(lines)[:4000] or None, colour=COLOUR)
    rating = (t("league.profile.rating_value", rating=view.rating, mu=view.mu,
                sigma=view.sigma) + "\n" + t("profile.rated_games", count=view.rated_games)
              if view.rating is not None else t("profile.unrated"))
    embed.add_field(name=t("profile.rating"), value=rating)
    embed.add_field(name=t("profile.games"),
                    value=t("profile.games_value", games=p.games, wins=p.wins))
    if view.shown is not Figures.PUBLIC:
        judged = p.games - p.excused
        rel = []
        if p.finish_rate is not None:
            rel.append(t("profile.finish", own=p.finished_own, games=judged,
                         percent=percent(lang, p.finish_rate)))
        if p.excused:
            rel.append(t("profile.excused", count=p.excused))
        live, timed = p.median_move.get("live"), p.median_move.get("timed")
        if live is not None and timed is not None:
            rel.append(t("profile.moves", live=duration(lang, live),
                         timed=duration(lang, timed)))
        elif live is not None:
            rel.append(t("profile.moves-live", live=duration(lang, live)))
        elif timed is not None:
            rel.append(t("profile.moves-timed", timed=duration(lang, timed)))
        if p.deadlines_met is not None:
            rel.append(t("profile.deadlines", percent=percent(lang, p.deadlines_met)))
        embed.add_field(name=t("profile.reliability"), inline=False,
                        value="\n".join(rel)[:MAX_FIELD] or _none())
    if view.shown is Figures.ALL and p.games:
        if p.mean_score is not None:
            embed.add_field(name=t("profile.mean"), value=f"{p.mean_score:g}")
            embed.add_field(name=t("profile.categories"), value=", ".join(
                t("league.category.line", name=t(f"league.category.{k}"), value=v)
                for k, v in p.mean_by_category)[:MAX_FIELD] or _none())
        embed.add_field(name=t("profile.paths"), inline=False,
                        value=join([colour_name(c) for c, _ in p.colours[:3]]) or _none())
        if p.rivals:
            embed.add_field(name=t("profile.rivals"), inline=False, value="\n".join(
                t("profile.rival", name=r.name, games=r.games, ahead=r.ahead,
                  behind=r.behind) for r in p.rivals)[:MAX_FIELD])
        if p.best_game is not None:
            embed.add_field(name=t("profile.best"), value=t("profile.best_value",
                                                            id=p.best_game))
    embed.set_footer(text=t("profile.footer"))
    return embed


async def profile_message(bot: HadaraBot, interaction: Interaction, user: int,
                          name: str) -> dict[str, Any]:
    """The private message of ``user``'s profile on the server the interaction is in."""
    guild = guard.guild_of(interaction)
    view = await bot.leagues.profile_view(guard.actor(interaction), guild, user)
    embed = profile_embed(view, name)
    out: dict[str, Any] = {"embed": embed}
    png = await bot.service.profile_image(view.card(name), current())
    if png is not None:
        embed.set_image(url="attachment://profile.png")
        out["file"] = discord.File(io.BytesIO(png), "profile.png")
    best = view.profile.best_game
    watch = offers(bot).watch_replay
    if best is not None and watch is not None:  # the replay viewer's own button
        item = watch(best)
        item.item.label = t("profile.replay", id=best)[:MAX_LABEL]
        buttons = discord.ui.View(timeout=None)
        buttons.add_item(item)
        out["view"] = buttons
    return out


class ProfileButton(Guarded[UserKey],
                    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], spec=PROFILE):
    """A name's "Profile" button: that person's profile on this server, privately."""

    access_kind = "profile"
    ack = PRIVATE

    def __init__(self, user: int, name: str = "", row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            style=discord.ButtonStyle.secondary, emoji="👤",
            label=t("profile.button", name=name or "?")[:MAX_LABEL],
            custom_id=PROFILE.format(UserKey(user))), row=row)
        self.user = user

    @classmethod
    def rebuild(cls, key: UserKey, item: discord.ui.Item[discord.ui.View]) -> Self:
        label = getattr(item, "label", None) or ""
        return cls(key.user, str(label))

    async def clicked(self, interaction: Interaction) -> None:
        name = self.item.label or str(self.user)
        member = interaction.guild.get_member(self.user) if interaction.guild else None
        if member is not None:
            name = member.display_name
        message = await profile_message(interaction.client, interaction, self.user, name)
        await interaction.followup.send(ephemeral=True, **message)


def profile_button(user: int, name: str, row: int | None = None) -> ProfileButton:
    """Offered to the table: "👤 name" beside a name."""
    return ProfileButton(user, name, row)


@app_commands.command(name="profile", description=L("cmd.profile"))
@app_commands.describe(user=L("cmd.profile.user"))
async def profile(interaction: Interaction,
                  user: discord.User | discord.Member | None = None) -> None:
    who = user or interaction.user
    guard.guild_of(interaction)  # a server's figures
    await interaction.response.defer(ephemeral=True, thinking=True)
    message = await profile_message(interaction.client, interaction, who.id,
                                    who.display_name)
    await interaction.followup.send(ephemeral=True, **message)


COMPONENTS = (ProfileButton,)
