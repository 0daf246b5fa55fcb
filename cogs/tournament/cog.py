"""Tournaments in Discord, the ``Tournament`` feature: ``/hadara-tournament create``, ``join``,
``withdraw``, ``round`` and ``standings``. Nothing here decides anything: the application's
:class:`~bot.league.tournaments.TournamentService` (``bot.leagues.tournaments``; docs/leagues.md
"Tournaments") does; refusals are raised and worded by ``cogs.edge.errors``.

``round`` opens a thread per table in the channel it is typed in (a forum: a post per table)
and posts ONE announcement there for the whole round: every table, its thread and its players
named (notified only for a bye: a table's board pings its players as the game starts). When a
round's last result is recorded, the service tells this feature, which posts the standings (a
picture and a CSV file) in the event's channel; after the final, the podium. With automatic
rounds (the default) it then starts the next round as ``round`` would (:func:`open_round`),
and at start the rounds that fell due while the bot was away; a round that cannot start is
explained in the channel. The games' clocks and reminders are the multi-day games' own (the
event's time control).
"""

from __future__ import annotations

import io
import logging
from typing import Any, ClassVar, Literal

import discord
from discord import app_commands

import i18n
from bot.league.export import tournament_csv
from bot.league.leagues import ROUND_OPEN
from bot.league.ratings import board_line
from bot.league.tournaments import TOURNAMENT_OVER, TournamentService
from bot.messages import t
from bot.service import Refusal
from cogs.commands import TOURNAMENT
from cogs.edge import guard
from cogs.edge.channels import Tables, check_table_permissions, tables_channel
from cogs.edge.client import HadaraBot, Interaction
from cogs.edge.errors import Denied, error_text, needs_permission
from cogs.edge.feature import Commands, Feature
from cogs.edge.figures import figures_words, fit_lines
from cogs.edge.forum import applied
from cogs.edge.forum import tags as forum_tags
from cogs.edge.games import remember_thread
from cogs.edge.language import L, server_language
from cogs.edge.tasks import Tasks
from cogs.edge.threads import MAX_THREAD_NAME
from cogs.edge.times import TIME_CONTROLS
from cogs.edge.times import time_control as time_control_of
from i18n import speaking

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080
MAX_CONTENT = 2000
MAX_ROWS = 25  # rows a standings message lists (its picture too)
MEDALS = ("🥇", "🥈", "🥉")
DAY = 86400.0
MENTIONS = discord.AllowedMentions(users=True, roles=False, everyone=False)


def events_of(bot: HadaraBot) -> TournamentService:
    return bot.leagues.tournaments


async def find_event(interaction: Interaction, name: str | None) -> int:
    """The tournament a command is about: by name, or the server's only one still running
    (else its only one)."""
    events = events_of(interaction.client)
    guild = guard.guild_of(interaction)
    if name:
        try:
            return await events.find(guild, name)
        except Refusal:
            raise Denied("tournament.error.unknown", name=name[:64]) from None
    found = await events.tournaments(guild)
    running = [e for e in found if e["status"] != "finished"] or found
    if not running:
        raise Denied("tournament.error.none")
    if len(running) > 1:
        raise Denied("tournament.error.which",
                     names=", ".join(e["name"] for e in running[:10]))
    return int(running[0]["id"])


async def event_autocomplete(interaction: Interaction,
                             current: str) -> list[app_commands.Choice[str]]:
    if interaction.guild_id is None:
        return []
    found = await events_of(interaction.client).tournaments(interaction.guild_id)
    wanted = current.strip().casefold()
    return [app_commands.Choice(name=e["name"], value=e["name"])
            for e in found if wanted in e["name"].casefold()][:25]


def chunks(lines: list[str], most: int = MAX_CONTENT) -> list[str]:
    """The lines in as few messages of at most ``most`` characters as they fit."""
    out: list[str] = []
    for line in lines:
        line = line[:most]
        if out and len(out[-1]) + 1 + len(line) <= most:
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out


async def standings_message(bot: HadaraBot, rows: list[dict[str, Any]], title: str
                            ) -> dict[str, Any]:
    """The standings as an embed (text lines), the picture (drawn by the service off the
    event loop) and the CSV file."""
    lines = []
    for row in rows[:MAX_ROWS]:
        line = board_line(row, i18n.current())
        if row.get("final"):
            line += " · " + t("tournament.standings.final", place=row["final"])
        if row.get("withdrawn"):
            line += " · " + t("tournament.standings.withdrawn")
        lines.append(line)
    embed = discord.Embed(title=title[:256],
                          description="\n".join(lines)[:4000] or t("tournament.standings.empty"),
                          colour=discord.Colour.dark_gold())
    files = [discord.File(io.BytesIO(tournament_csv(rows).encode()), "standings.csv")]
    if rows:
        png = await bot.service.leaderboard_image(rows[:MAX_ROWS], title, i18n.current())
        if png is not None:
            embed.set_image(url="attachment://standings.png")
            files.insert(0, discord.File(io.BytesIO(png), "standings.png"))
    return {"embed": embed, "files": files}


async def open_table(bot: HadaraBot, channel: Tables, event: dict[str, Any],
                     rnd: dict[str, Any], table: dict[str, Any]) -> discord.Thread:
    """A table's thread in ``channel`` (in a forum: a post tagged as playing, whose text is
    the table's line, without mentions); the table feature then posts the board. The players
    are mentioned once, in the round's announcement."""
    gid = int(table["game_id"])
    name = t("tournament.thread_name", name=event["name"], round=rnd["round"],
             table=table["number"], id=gid)[:MAX_THREAD_NAME]
    if isinstance(channel, discord.ForumChannel):
        tag_ids = await forum_tags(bot, channel)
        text = t("tournament.post", name=event["name"], round=rnd["round"],
                 table=table["number"], id=gid,
                 players=", ".join(s["name"] for s in table["seats"]))
        async with needs_permission("send_messages"):
            thread, _ = await channel.create_thread(
                name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES, content=text,
                applied_tags=applied(channel, tag_ids, "active"),
                allowed_mentions=discord.AllowedMentions.none())
    else:
        async with needs_permission("create_public_threads"):
            thread = await channel.create_thread(
                name=name, type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES)
    await bot.service.set_discord(gid, {"guild": channel.guild.id, "channel": channel.id,
                                        "thread": thread.id})
    remember_thread(bot, thread.id, gid)
    bot.dispatch("hadara_table_opened", gid)
    return thread


def announcement(event: dict[str, Any], rnd: dict[str, Any],
                 threads: dict[int, int]) -> list[str]:
    """The round's one announcement: a heading, then a line per table (its thread, its
    people mentioned, its AI seats) and the byes; split only where 2,000 characters end."""
    head = (t("tournament.round.final", name=event["name"]) if rnd["final"] else
            t("tournament.round.heading", name=event["name"], round=rnd["round"],
              total=rnd["total_rounds"] - 1))
    lines = [head]
    for table in rnd["tables"]:
        people = ", ".join(f"<@{s['user']}>" for s in table["seats"] if s["user"] is not None)
        if table["ai"]:
            people += " + " + t("tournament.round.ai", count=table["ai"])
        thread = threads.get(int(table["game_id"]))
        lines.append(t("tournament.round.table", table=table["number"], people=people,
                       thread=f"<#{thread}>" if thread else f"#{table['game_id']}"))
    for bye in rnd["byes"]:
        lines.append(t("tournament.round.bye", mention=f"<@{bye['user']}>"))
    return chunks(lines)


# ---------------------------------------------------------------------- the commands


@app_commands.command(name="create", description=L("cmd.tournament.create"))
@app_commands.describe(name=L("cmd.tournament.create.name"),
                       rounds=L("cmd.tournament.create.rounds"),
                       cap=L("cmd.tournament.create.cap"),
                       final=L("cmd.tournament.create.final"),
                       time_control=L("cmd.tournament.create.time_control"),
                       signup_days=L("cmd.tournament.create.signup_days"),
                       auto_rounds=L("cmd.tournament.create.auto_rounds"))
@app_commands.choices(
    time_control=[app_commands.Choice(name=L(f"md.tc.{v}"), value=v) for v in TIME_CONTROLS])
async def create(interaction: Interaction, name: app_commands.Range[str, 1, 64],
                 rounds: app_commands.Range[int, 1, 12] = 3,
                 cap: app_commands.Range[int, 3, 64] = 32,
                 final: app_commands.Range[int, 3, 5] = 4, time_control: str = "48h",
                 signup_days: app_commands.Range[int, 0, 60] = 0,
                 auto_rounds: bool = True) -> None:
    events = events_of(interaction.client)
    until = events.clock() + signup_days * DAY if signup_days else None
    event = await events.create(guard.guild_of(interaction), name, rounds=rounds, cap=cap,
                                final_size=final, time_control=time_control_of(time_control),
                                signup_until=until, auto=auto_rounds,
                                by_user=interaction.user.id)
    if interaction.channel_id is not None:
        await events.set_discord(event["id"], {"channel": interaction.channel_id})
    i18n.set_current(await server_language(interaction.client, interaction.guild_id))
    text = t("tournament.create.done", name=event["name"], rounds=rounds, final=final, cap=cap)
    if until is not None:
        text += "\n" + t("tournament.create.until", at=f"<t:{int(until)}:f>")
    text += "\n" + t("tournament.create.auto" if auto_rounds else "tournament.create.manual")
    await interaction.response.send_message(text[:MAX_CONTENT],
                                            allowed_mentions=discord.AllowedMentions.none())


@app_commands.command(name="join", description=L("cmd.tournament.join"))
@app_commands.describe(name=L("cmd.tournament.name"))
@app_commands.autocomplete(name=event_autocomplete)
async def join(interaction: Interaction,
               name: app_commands.Range[str, 1, 64] | None = None) -> None:
    tid = await find_event(interaction, name)
    got = await events_of(interaction.client).join(tid, interaction.user.id,
                                                   interaction.user.display_name)
    await interaction.response.send_message(
        t("tournament.join.done", name=got["name"], count=got["count"], cap=got["cap"]),
        ephemeral=True)


@app_commands.command(name="withdraw", description=L("cmd.tournament.withdraw"))
@app_commands.describe(name=L("cmd.tournament.name"), user=L("cmd.tournament.withdraw.user"))
@app_commands.autocomplete(name=event_autocomplete)
async def withdraw(interaction: Interaction,
                   name: app_commands.Range[str, 1, 64] | None = None,
                   user: discord.User | discord.Member | None = None) -> None:
    who = user.id if user is not None else interaction.user.id
    if who != interaction.user.id and not guard.allowed(interaction, "league.manage"):
        raise Denied("tournament.error.not_manager")
    tid = await find_event(interaction, name)
    await interaction.response.defer(ephemeral=True, thinking=True)
    got = await events_of(interaction.client).withdraw(tid, who)
    key = "tournament.withdraw.done" if got["started"] else "tournament.withdraw.signup"
    await interaction.followup.send(t(key, name=got["name"], mention=f"<@{who}>",
                                      games=len(got["conceded"])), ephemeral=True)


@app_commands.command(name="round", description=L("cmd.tournament.round"))
@app_commands.describe(name=L("cmd.tournament.name"))
@app_commands.autocomplete(name=event_autocomplete)
async def start_round(interaction: Interaction,
                      name: app_commands.Range[str, 1, 64] | None = None) -> None:
    bot = interaction.client
    tid = await find_event(interaction, name)
    channel = await tables_channel(bot, interaction.channel)
    check_table_permissions(channel)
    await interaction.response.defer(ephemeral=True, thinking=True)
    # the round's announcement and the standings after it go where the round was started
    where = interaction.channel
    rnd, event = await open_round(bot, tid, channel, where, interaction.user.id)
    await interaction.followup.send(
        t("tournament.round.started", name=event["name"], round=rnd["round"],
          count=len(rnd["tables"])), ephemeral=True)


async def open_round(bot: HadaraBot, tid: int, channel: Tables, where: object,
                     by_user: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """The event's next round (the service seats it and starts its games): a thread per
    table in ``channel`` and ONE announcement in ``where`` (kept as the event's channel).
    ``by_user`` None: the round started by itself. Returns the round and the event."""
    events = events_of(bot)
    rnd = await events.start_round(tid, by_user)
    event = await events.tournament(tid)
    where_id = getattr(where, "id", None)
    if isinstance(where_id, int):
        await events.set_discord(tid, {"channel": where_id})
    threads: dict[int, int] = {}
    with speaking(await server_language(bot, channel.guild.id)):  # public messages
        for table in rnd["tables"]:
            try:
                thread = await open_table(bot, channel, event, rnd, table)
                threads[int(table["game_id"])] = thread.id
            except app_commands.AppCommandError:
                raise
            except Exception:  # the game runs; its thread is missing (logged)
                log.exception("could not open the thread of tournament game %s",
                              table["game_id"])
        if isinstance(where, discord.abc.Messageable):
            # everyone is named; only a bye notifies: a table's board pings its players in
            # its thread as the game starts (one ping a person for the step, not two)
            byes = discord.AllowedMentions(
                users=[discord.Object(int(b["user"])) for b in rnd["byes"]], roles=False,
                everyone=False)
            for text in announcement(event, rnd, threads):
                await where.send(text, allowed_mentions=byes)
    return rnd, event


@app_commands.command(name="standings", description=L("cmd.tournament.standings"))
@app_commands.describe(name=L("cmd.tournament.name"))
@app_commands.autocomplete(name=event_autocomplete)
async def standings(interaction: Interaction,
                    name: app_commands.Range[str, 1, 64] | None = None) -> None:
    events = events_of(interaction.client)
    tid = await find_event(interaction, name)
    await interaction.response.defer(ephemeral=True, thinking=True)
    event = await events.tournament(tid)
    title = t("tournament.standings.title", name=event["name"])
    if event["status"] != "open":
        payload = await standings_message(interaction.client, await events.standings(tid),
                                          title)
    else:  # before its first round: no standings yet, its sign-ups with their reliability
        signed = [e for e in event["entrants"] if e["active"]]
        figures = await interaction.client.leagues.figures_for(
            guard.actor(interaction), event["guild"], [e["user"] for e in signed])
        lines = [t("figures.line", name=e["name"], figures=figures_words(figures.get(e["user"])))
                 for e in signed]
        embed = discord.Embed(title=title[:256], description=t("tournament.standings.empty"),
                              colour=discord.Colour.dark_gold())
        embed.add_field(
            name=t("tournament.signups", count=len(signed), cap=event["settings"]["cap"]),
            value=fit_lines(lines, 1024) or "—", inline=False)
        payload = {"embed": embed}
    await interaction.followup.send(ephemeral=True, **payload)


# ---------------------------------------------------------------------- the cog


class Tournament(Feature, name="Tournament"):
    """The tournament commands, and each round's end announced with the standings."""

    COMMANDS: ClassVar[Commands] = (
        (TOURNAMENT, create), (TOURNAMENT, join), (TOURNAMENT, withdraw),
        (TOURNAMENT, start_round), (TOURNAMENT, standings))

    def __init__(self, bot: HadaraBot) -> None:
        super().__init__(bot)
        self._tasks = Tasks()

    async def cog_load(self) -> None:
        await super().cog_load()
        events_of(self.bot).listeners.append(self._round_over)
        self._tasks.spawn(self._catch_up(), name="hadara-tournament-catch-up")

    async def cog_unload(self) -> None:
        await super().cog_unload()
        listeners = events_of(self.bot).listeners
        if self._round_over in listeners:
            listeners.remove(self._round_over)
        await self._tasks.cancel()

    async def idle(self) -> None:
        """Wait for the announcements under way and the recordings (tests)."""
        await self.bot.leagues.idle()
        await self._tasks.idle()

    def _round_over(self, event: dict[str, Any]) -> None:
        self._tasks.spawn(self._announce(event), name="hadara-tournament-round")

    async def _announce(self, event: dict[str, Any]) -> None:
        """The standings at a round's end in the event's channel; after the final, the
        podium with them."""
        channel_id = (event.get("discord") or {}).get("channel")
        channel = self.bot.get_channel(int(channel_id)) if channel_id else None
        if not isinstance(channel, discord.abc.Messageable):
            log.info("tournament %s: no channel to announce round %s", event["tournament"],
                     event["round"])
            return
        rows = await events_of(self.bot).standings(int(event["tournament"]))
        with speaking(await server_language(self.bot, int(event["guild"]))):
            if event["over"]:
                podium = [r for r in rows if r["position"] <= 3 and r["games"]]
                lines = [t("tournament.over.line", medal=MEDALS[min(r["position"], 3) - 1],
                           mention=f"<@{r['user']}>") for r in podium]
                text = t("tournament.over", name=event["name"], lines="\n".join(lines))
            else:
                key = ("tournament.round.over_final"
                       if event["round"] + 1 == event["total_rounds"] else
                       "tournament.round.over")
                text = t(key, name=event["name"], round=event["round"])
            payload = await standings_message(
                self.bot, rows, t("tournament.standings.title", name=event["name"]))
        try:
            await channel.send(text[:MAX_CONTENT], allowed_mentions=MENTIONS, **payload)
        except discord.HTTPException:
            log.exception("could not announce round %s of tournament %s", event["round"],
                          event["tournament"])
        if event.get("next_due"):
            await self._next_round(int(event["tournament"]))

    async def _catch_up(self) -> None:
        """At start: the automatic rounds that fell due while the bot was away."""
        await self.bot.wait_until_ready()
        for tid in await events_of(self.bot).due():
            await self._next_round(tid)

    async def _next_round(self, tid: int) -> None:
        """An automatic round, started as the manager's command would, in the event's channel
        (its tables where that channel's go). When it cannot start, the channel is told why
        and that a manager can start it; a round already started says nothing."""
        events = events_of(self.bot)
        event = await events.tournament(tid)
        channel_id = (event["settings"].get("discord") or {}).get("channel")
        where = self.bot.get_channel(int(channel_id)) if channel_id else None
        if not isinstance(where, discord.abc.Messageable):
            log.warning("tournament %s: no channel to start round %s in", tid,
                        event["rounds_started"] + 1)
            return
        try:
            tables = await tables_channel(self.bot, where)
            check_table_permissions(tables)
            await open_round(self.bot, tid, tables, where, None)
            return
        except Refusal as exc:
            if exc.code in (ROUND_OPEN, TOURNAMENT_OVER):  # started (or ended) meanwhile
                return
            failure: Exception = exc
        except (app_commands.AppCommandError, discord.HTTPException) as exc:
            failure = exc
        with speaking(await server_language(self.bot, int(event["guild"]))):
            why, unexpected = error_text(failure)
            text = t("tournament.round.auto_failed", name=event["name"],
                     round=event["rounds_started"] + 1, why=why)
        if unexpected:
            log.warning("tournament %s: round %s did not start by itself: %r", tid,
                        event["rounds_started"] + 1, failure)
        try:
            await where.send(text[:MAX_CONTENT], allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.exception("tournament %s: could not say why its round did not start", tid)


async def setup(bot: HadaraBot) -> None:
    await bot.add_cog(Tournament(bot))
