"""Community leagues in Discord, the ``League`` feature: ratings, profiles, the leaderboard,
leagues with seasons of rounds, exports, and private post-game reviews.

Commands: ``/hadara-league profile``, ``leaderboard``, ``review``, the ``league`` group (create,
join, leave, standings, round, end, export) and ``game export``. Nothing here decides anything:
the application's :class:`~bot.league.Leagues` (ratings, leagues, the recorder of results;
docs/leagues.md) does; refusals are raised and worded by ``cogs.edge.errors``.

``league round`` opens a thread per table in the channel it is typed in, mentions the table's
players there, stores the ids with ``service.set_discord`` and tells the table feature
(``hadara_table_opened``), which posts the board. A review is prepared in the background: the
command dispatches ``hadara_review`` and this cog delivers it.
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
from collections.abc import Callable
from typing import Any, ClassVar, Literal

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from bot.league import Leagues
from bot.league.export import results_csv, standings_csv, tables_csv
from bot.league.ratings import board_line
from bot.messages import t
from bot.service import Refusal, refusals
from bot.service.images import Rows
from bot.service.review import review_job
from bot.storage.base import FINISHED, JSONObject
from cogs.commands import LEAGUE, REPLAY, GameArg
from cogs.edge import guard
from cogs.edge.channels import Tables, check_table_permissions, tables_channel
from cogs.edge.client import HadaraBot, Interaction
from cogs.edge.errors import Denied, needs_permission, reply_error
from cogs.edge.feature import Commands, Components, Feature
from cogs.edge.figures import figures_words, fit_lines
from cogs.edge.forum import applied
from cogs.edge.forum import tags as forum_tags
from cogs.edge.games import game_autocomplete, remember_thread
from cogs.edge.language import L, server_language
from cogs.edge.offers import Item, offers
from cogs.edge.tasks import Tasks
from cogs.edge.threads import MAX_THREAD_NAME
from cogs.edge.times import TIME_CONTROLS
from cogs.edge.times import time_control as time_control_of
from i18n import speaking

from .profile import COMPONENTS as PROFILE_COMPONENTS
from .profile import profile, profile_button

log = logging.getLogger(__name__)

TABLE_SIZES = ("3", "4", "5", "mixed")
THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080
MAX_REVIEW_ITEMS = 5
MEDALS = ("🥇", "🥈", "🥉")
MAX_CONTENT = 2000


def leagues_of(interaction: Interaction) -> Leagues:
    """The application's leagues (built by the client over the game service)."""
    return interaction.client.leagues


async def find_league(interaction: Interaction, name: str | None) -> int:
    """The league a command is about: by name, or the server's only league."""
    leagues = leagues_of(interaction).leagues
    guild = guard.guild_of(interaction)
    if name:
        try:
            return await leagues.find(guild, name)
        except Refusal:
            raise Denied("league.error.unknown", name=name[:64]) from None
    found = await leagues.leagues(guild)
    if not found:
        raise Denied("league.error.none")
    if len(found) > 1:
        raise Denied("league.error.which", names=", ".join(lg["name"] for lg in found[:10]))
    return int(found[0]["id"])


async def league_autocomplete(interaction: Interaction,
                              current: str) -> list[app_commands.Choice[str]]:
    if interaction.guild_id is None:
        return []
    found = await leagues_of(interaction).leagues.leagues(interaction.guild_id)
    wanted = current.strip().casefold()
    return [app_commands.Choice(name=lg["name"], value=lg["name"])
            for lg in found if wanted in lg["name"].casefold()][:25]


def parse_points(text: str | None) -> list[float] | None:
    if text is None or not text.strip():
        return None
    try:
        return [float(p) for p in text.replace(";", ",").split(",") if p.strip()]
    except ValueError:
        raise Denied("league.error.bad_points") from None


async def _send(interaction: Interaction, text: str = "", **kwargs: Any) -> None:
    kwargs.setdefault("ephemeral", True)
    if interaction.response.is_done():
        await interaction.followup.send(text, **kwargs)
    else:
        await interaction.response.send_message(text, **kwargs)


#: Rows a leaderboard or standings message lists (its picture, drawn by the service, too).
MAX_ROWS = 25
MAX_FIELD = 1024  # an embed field's value


async def board_message(bot: HadaraBot, rows: Rows, title: str,
                        empty_key: str) -> dict[str, Any]:
    """An embed with the rows as text (fallback) and, when it can be drawn, the picture (the
    service draws it off the event loop)."""
    lines = [board_line(r, i18n.current()) for r in rows[:MAX_ROWS]] or [t(empty_key)]
    embed = discord.Embed(title=title[:256], description="\n".join(lines)[:4000],
                          colour=discord.Colour.dark_gold())
    out: dict[str, Any] = {"embed": embed}
    if rows:
        png = await bot.service.leaderboard_image(rows[:MAX_ROWS], title, i18n.current())
        if png is not None:
            embed.set_image(url="attachment://board.png")
            out["file"] = discord.File(io.BytesIO(png), "board.png")
    return out


# ---------------------------------------------------------------------- a table's thread


async def open_thread(bot: HadaraBot, channel: Tables, lg: dict[str, Any],
                      rnd: dict[str, Any], table: dict[str, Any]) -> discord.Thread:
    """A league table's thread in ``channel`` (in a forum: a post tagged as playing), its
    players mentioned (in the server's language); the table feature then posts the board."""
    with speaking(await server_language(bot, channel.guild.id)):  # a public thread
        gid = int(table["game_id"])
        name = t("league.round.thread_name", league=lg["name"], round=rnd["round"],
                 table=table["number"], id=gid)[:MAX_THREAD_NAME]
        people = [s for s in table["seats"] if s.get("user") is not None]
        mentions = ", ".join(f"<@{s['user']}>" for s in people)
        if table.get("ai"):
            mentions += " + " + t("league.round.filler", count=table["ai"])
        text = t("league.round.table", name=lg["name"], season=rnd["season"],
                 round=rnd["round"], table=table["number"], mentions=mentions, id=gid)
        allowed = discord.AllowedMentions(users=True, roles=False, everyone=False)
        if isinstance(channel, discord.ForumChannel):
            tag_ids = await forum_tags(bot, channel)
            async with needs_permission("send_messages"):
                thread, _ = await channel.create_thread(
                    name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES, content=text,
                    applied_tags=applied(channel, tag_ids, "active"), allowed_mentions=allowed)
        else:
            async with needs_permission("create_public_threads"):
                thread = await channel.create_thread(
                    name=name, type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_ARCHIVE_MINUTES)
        await bot.service.set_discord(gid, {"guild": channel.guild.id,
                                            "channel": channel.id, "thread": thread.id})
        remember_thread(bot, thread.id, gid)
        if not isinstance(channel, discord.ForumChannel):
            async with needs_permission("send_messages_in_threads"):
                await thread.send(text, allowed_mentions=allowed)
    # the table feature posts the board at its next flush of this game, or now if nothing of
    # it is pending (it flushed before the thread existed)
    bot.dispatch("hadara_table_opened", gid)
    return thread


# ---------------------------------------------------------------------- reviews


async def deliver_review(bot: HadaraBot, interaction: Interaction, gid: int,
                         seat: int, people_only: bool) -> None:
    """Prepare the review in the AI pool and send it as a followup (by DM once the
    interaction's token expired)."""
    try:
        result = await review_job(bot.service, gid, seat, top=MAX_REVIEW_ITEMS,
                                  people_only=people_only)
        payload = review_payload(gid, result,
                                 try_again=offers(bot).try_again if people_only else None)
    except Exception as exc:
        if not isinstance(exc, Refusal | Denied):
            log.exception("review of game %d seat %d failed", gid, seat)
        with contextlib.suppress(Exception):
            await reply_error(interaction, exc)
        return
    try:
        if not interaction.is_expired():
            await interaction.followup.send(ephemeral=True, **payload)
            return
    except discord.HTTPException as exc:
        log.info("review followup failed (%s); sending it by DM", exc)
    try:
        await interaction.user.send(**payload)
    except discord.HTTPException:
        log.info("could not deliver the review of game %d to %s", gid, interaction.user.id)


TryAgain = Callable[[int, int, int | None], Item]


def review_payload(gid: int, result: JSONObject, *, try_again: TryAgain | None = None
                   ) -> dict[str, Any]:
    """The review as one message: the summary, then up to five embeds each with its image;
    with ``try_again`` (the seat's person's own decisions were reviewed: the ``Replay``
    feature's button, by ``cogs.edge.offers``), a "Try #n again" button under each listed
    decision (a private practice game from it)."""
    s = result["summary"]
    lines = [f"**{t('review.title', id=gid)}**",
             t("review.summary", decisions=s.get("decisions", 0), agreed=s.get("agreed", 0),
               total=s.get("total_loss", 0), mean=s.get("mean_loss", 0))]
    items = result["items"][:MAX_REVIEW_ITEMS]
    if not items:
        lines.append(t("review.none"))
    embeds: list[discord.Embed] = []
    files: list[discord.File] = []
    for n, item in enumerate(items, start=1):
        embed = discord.Embed(
            title=t("review.item.title", n=n, kind=str(item.get("kind_name", item["kind"])),
                    epoch=item.get("epoch", "?"))[:256],
            description=t("review.item", taken=item.get("taken_label", "?"),
                          loss=round(float(item["loss"]), 1),
                          best=item.get("best_label", "?"),
                          reason=str(item.get("reason", "")))[:1000],
            colour=discord.Colour.dark_gold())
        if item.get("image"):
            fname = f"review{n}.png"
            files.append(discord.File(io.BytesIO(item["image"]), fname))
            embed.set_image(url=f"attachment://{fname}")
        embeds.append(embed)
    payload: dict[str, Any] = {"content": "\n".join(lines)[:MAX_CONTENT], "embeds": embeds,
                               "files": files}
    if try_again is not None and any(isinstance(i.get("index"), int) for i in items):
        view = discord.ui.View(timeout=None)
        for n, item in enumerate(items, start=1):
            if isinstance(item.get("index"), int):
                view.add_item(try_again(gid, item["index"], n))
        payload["view"] = view
    return payload


# ---------------------------------------------------------------------- profile, leaderboard


@app_commands.command(name="leaderboard", description=L("cmd.leaderboard"))
async def leaderboard(interaction: Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    rows = await leagues_of(interaction).ratings.leaderboard(guard.guild_of(interaction), 10)
    payload = await board_message(interaction.client, rows, t("league.leaderboard.title"),
                                  "league.leaderboard.empty")
    await interaction.followup.send(ephemeral=True, **payload)


# ---------------------------------------------------------------------- review


@app_commands.command(name="review", description=L("cmd.review"))
@app_commands.describe(game=L("cmd.review.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def review(interaction: Interaction, game: GameArg | None = None) -> None:
    bot = interaction.client
    gid = game if game is not None else await bot.leagues.latest_finished(interaction.user.id)
    if gid is None:
        raise Denied("review.no_game")
    facts = await guard.game(interaction, gid, "review")
    if facts.status != FINISHED:
        raise Refusal(refusals.BAD_REQUEST, "A review is ready once the game is over.",
                      "not_finished")
    found = await bot.leagues.review_seat(gid, interaction.user.id)
    if found is None:
        raise Denied("review.not_player", id=gid)
    seat, people_only = found
    bot.service.limit("review", interaction.user.id)  # seconds of AI time each
    await interaction.response.send_message(t("review.preparing", id=gid), ephemeral=True)
    bot.dispatch("hadara_review", interaction, gid, seat, people_only)


# ---------------------------------------------------------------------- leagues




@app_commands.command(name="create", description=L("cmd.league.create"))
@app_commands.describe(name=L("cmd.league.create.name"), rounds=L("cmd.league.create.rounds"),
                       table_size=L("cmd.league.create.table_size"),
                       time_control=L("cmd.league.create.time_control"),
                       points=L("cmd.league.create.points"),
                       min_finish=L("cmd.league.create.min_finish"))
@app_commands.choices(
    table_size=[app_commands.Choice(name=L(f"league.size.{v}"), value=v) for v in TABLE_SIZES],
    time_control=[app_commands.Choice(name=L(f"md.tc.{v}"), value=v) for v in TIME_CONTROLS])
async def league_create(interaction: Interaction,
                        name: app_commands.Range[str, 1, 64],
                        rounds: app_commands.Range[int, 1, 50] = 3, table_size: str = "4",
                        time_control: str = "48h",
                        points: app_commands.Range[str, 1, 60] | None = None,
                        min_finish: app_commands.Range[int, 0, 100] = 0) -> None:
    leagues = leagues_of(interaction).leagues
    size: int | str = table_size if table_size == "mixed" else int(table_size)
    lg = await leagues.create_league(guard.guild_of(interaction), name, season_rounds=rounds,
                                         table_size=size,
                                         time_control=time_control_of(time_control),
                                         points=parse_points(points),
                                         by_user=interaction.user.id,
                                         min_finish=min_finish or None)
    await _send(interaction, t("league.create.done", name=lg["name"], rounds=rounds,
                               size=t(f"league.size.{table_size}")))


@app_commands.command(name="join", description=L("cmd.league.join"))
@app_commands.describe(name=L("cmd.league.name"))
@app_commands.autocomplete(name=league_autocomplete)
async def league_join(interaction: Interaction,
                      name: app_commands.Range[str, 1, 64] | None = None) -> None:
    leagues = leagues_of(interaction).leagues
    lid = await find_league(interaction, name)
    got = await leagues.join(lid, interaction.user.id, interaction.user.display_name)
    lg = await leagues.league(lid)
    await _send(interaction, t("league.join.done", season=got["season"], name=lg["name"]))


@app_commands.command(name="leave", description=L("cmd.league.leave"))
@app_commands.describe(name=L("cmd.league.name"))
@app_commands.autocomplete(name=league_autocomplete)
async def league_leave(interaction: Interaction,
                       name: app_commands.Range[str, 1, 64] | None = None) -> None:
    leagues = leagues_of(interaction).leagues
    lid = await find_league(interaction, name)
    got = await leagues.leave(lid, interaction.user.id)
    lg = await leagues.league(lid)
    await _send(interaction, t("league.leave.done", season=got["season"], name=lg["name"]))


@app_commands.command(name="standings", description=L("cmd.league.standings"))
@app_commands.describe(name=L("cmd.league.name"), season=L("cmd.league.standings.season"))
@app_commands.autocomplete(name=league_autocomplete)
async def league_standings(interaction: Interaction,
                           name: app_commands.Range[str, 1, 64] | None = None,
                           season: app_commands.Range[int, 1, 10000] | None = None) -> None:
    leagues = leagues_of(interaction).leagues
    lid = await find_league(interaction, name)
    await interaction.response.defer(ephemeral=True, thinking=True)
    lg = await leagues.league(lid)
    rows = await leagues.standings(lid, season)
    title = t("league.standings.title", name=lg["name"], season=season or lg["season"])
    payload = await board_message(interaction.client, rows, title, "league.standings.empty")
    if season in (None, lg["season"]) and not lg["rounds_started"]:  # its sign-ups
        people = await leagues_of(interaction).sign_ups(guard.actor(interaction), lid)
        lines = [t("figures.line", name=name, figures=figures_words(rel))
                 for _, name, rel in people]
        if lines:
            payload["embed"].add_field(name=t("league.signups", count=len(lines)),
                                       value=fit_lines(lines, MAX_FIELD), inline=False)
    await interaction.followup.send(ephemeral=True, **payload)


@app_commands.command(name="round", description=L("cmd.league.round"))
@app_commands.describe(name=L("cmd.league.name"))
@app_commands.autocomplete(name=league_autocomplete)
async def league_round(interaction: Interaction,
                       name: app_commands.Range[str, 1, 64] | None = None) -> None:
    leagues = leagues_of(interaction).leagues
    lid = await find_league(interaction, name)
    channel = await tables_channel(interaction.client, interaction.channel)
    check_table_permissions(channel)
    await interaction.response.defer(ephemeral=True, thinking=True)
    rnd = await leagues.start_round(lid, interaction.user.id)
    lg = await leagues.league(lid)
    for table in rnd["tables"]:
        try:
            await open_thread(interaction.client, channel, lg, rnd, table)
        except app_commands.AppCommandError:
            raise
        except Exception:  # the game runs; its thread is missing (logged)
            log.exception("could not open the thread of league game %s", table["game_id"])
    await interaction.followup.send(t("league.round.started", round=rnd["round"],
                                      name=lg["name"], count=len(rnd["tables"])),
                                    ephemeral=True)


@app_commands.command(name="end", description=L("cmd.league.end"))
@app_commands.describe(name=L("cmd.league.name"), force=L("cmd.league.end.force"))
@app_commands.autocomplete(name=league_autocomplete)
async def league_end(interaction: Interaction,
                     name: app_commands.Range[str, 1, 64] | None = None,
                     force: bool = False) -> None:
    leagues = leagues_of(interaction).leagues
    lid = await find_league(interaction, name)
    lg = await leagues.league(lid)
    end = await leagues.end_season(lid, interaction.user.id, force=force)
    i18n.set_current(await server_language(interaction.client, interaction.guild_id))
    if end["podium"]:
        lines = "\n".join(t("league.end.podium_line",
                            medal=MEDALS[min(row["position"], 3) - 1],
                            mention=f"<@{row['user']}>", points=row["points"])
                          for row in end["podium"])
        text = t("league.end.podium", name=lg["name"], season=end["season"], lines=lines,
                 next=end["next_season"])
    else:
        text = t("league.end.no_podium", name=lg["name"], season=end["season"],
                 next=end["next_season"])
    await interaction.response.send_message(
        text[:MAX_CONTENT],
        allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False))


@app_commands.command(name="export", description=L("cmd.league.export"))
@app_commands.describe(name=L("cmd.league.name"), season=L("cmd.league.standings.season"))
@app_commands.autocomplete(name=league_autocomplete)
async def league_export(interaction: Interaction,
                        name: app_commands.Range[str, 1, 64] | None = None,
                        season: app_commands.Range[int, 1, 10000] | None = None) -> None:
    leagues = leagues_of(interaction).leagues
    lid = await find_league(interaction, name)
    await interaction.response.defer(ephemeral=True, thinking=True)
    lg = await leagues.league(lid)
    number = season or lg["season"]
    rows = await leagues.standings(lid, number)
    tables = await leagues_of(interaction).season_tables(lid, number)
    files = [discord.File(io.BytesIO(standings_csv(rows).encode()),
                          f"standings-season{number}.csv"),
             discord.File(io.BytesIO(tables_csv(tables, number).encode()),
                          f"results-season{number}.csv")]
    if guard.allowed(interaction, "league.manage"):  # every rated result: managers only
        rated = await leagues_of(interaction).rated_results(lg["guild"])
        files.append(discord.File(io.BytesIO(results_csv(rated).encode()), "rated.csv"))
    await interaction.followup.send(t("league.export.done", name=lg["name"], season=number),
                                    files=files, ephemeral=True)


# ---------------------------------------------------------------------- game export, void


@app_commands.command(name="export", description=L("cmd.game.export"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def game_export(interaction: Interaction, game: GameArg) -> None:
    """A finished game's full record (its seed, every deck and colony stack, every hand): to
    its players and its server's managers, never while it is in its lobby or in play."""
    bot = interaction.client
    await guard.game(interaction, game, "export")
    bot.service.limit("export", interaction.user.id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    record = await bot.service.export_record(game)
    data = json.dumps(record, indent=1, sort_keys=True).encode()
    text = t("game.export.done", id=game)
    final = (record.get("chain") or {}).get("final_hash")
    if final is not None:
        text += "\n" + t("game.export.hash", hash=final, id=game)
    await interaction.followup.send(text, ephemeral=True,
                                    file=discord.File(io.BytesIO(data), f"game-{game}.json"))


# ---------------------------------------------------------------------- the cog


class LeagueCog(Feature, name="League"):
    """The league commands, and the reviews delivered in the background."""

    COMMANDS: ClassVar[Commands] = (
        (LEAGUE, profile), (LEAGUE, leaderboard), (REPLAY, review),
        (LEAGUE, league_create), (LEAGUE, league_join), (LEAGUE, league_leave),
        (LEAGUE, league_standings), (LEAGUE, league_round), (LEAGUE, league_end),
        (LEAGUE, league_export), (REPLAY, game_export))

    COMPONENTS: ClassVar[Components] = PROFILE_COMPONENTS

    def __init__(self, bot: HadaraBot) -> None:
        super().__init__(bot)
        self._tasks = Tasks()

    async def cog_load(self) -> None:
        await super().cog_load()
        offers(self.bot).profile = profile_button  # beside the names at a table

    async def cog_unload(self) -> None:
        await super().cog_unload()
        offers(self.bot).withdraw("profile")
        await self._tasks.cancel()

    async def idle(self) -> None:
        """Wait for the reviews under way and the recordings (tests)."""
        await self._tasks.idle()
        await self.bot.leagues.idle()

    @commands.Cog.listener()
    async def on_hadara_review(self, interaction: Interaction, gid: int, seat: int,
                               people_only: bool) -> None:
        await self._tasks.spawn(deliver_review(self.bot, interaction, gid, seat, people_only))


async def setup(bot: HadaraBot) -> None:
    await bot.add_cog(LeagueCog(bot))
