"""Multi-day games on Discord: the ``Multiday`` feature.

It receives the service's ``reminder`` updates (one per user, every game merged) and DMs them
— or mentions the player in each game's thread when DMs are off or refused —, owns the
commands ``/hadara rejoin``, ``vote``, ``away`` and ``back`` and the restart-proof "Let the AI
play <name>" button (custom id ``hd1:vote:<game>:<seat>``). The words of its notices and
reminders are in :mod:`.notices` (the words of time every feature uses in ``cogs.edge.times``);
the thread's notices go out with the table's coalesced news: this feature offers them, with
their vote buttons (:func:`thread_notices`, ``cogs.edge.offers``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

import discord
from discord import app_commands

from bot.messages import t
from bot.service import Refusal, Update
from bot.service.timecontrol import rules
from bot.service.updates import REMINDER, Reminder
from bot.storage.base import ACTIVE, GameRecord
from cogs.commands import HADARA, GameArg
from cogs.edge.client import HadaraBot, Interaction
from cogs.edge.custom_ids import GAME, SEAT, CustomId
from cogs.edge.dms import open_dm
from cogs.edge.errors import DM_REFUSED, DM_TOO_FAST, Denied, reply_error
from cogs.edge.feature import Commands, Components, Feature
from cogs.edge.games import find_game, game_autocomplete
from cogs.edge.guard import Guarded
from cogs.edge.language import L, table_language, user_language
from cogs.edge.offers import Notices, offers
from cogs.edge.tasks import Tasks
from cogs.edge.times import stamp
from i18n import speaking

from .notices import (
    needed_votes,
    notice_lines,
    reminder_line,
    reminder_text,
    seat_name,
    thread_url,
    vote_seats,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class VoteKey:
    game: int
    seat: int


VOTE = CustomId("vote:{game}:{seat}", VoteKey, game=GAME, seat=SEAT)


# ---------------------------------------------------------------------- the vote button


class VoteButton(Guarded[VoteKey], discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                 spec=VOTE):
    """"Let the AI play <name>" under an expiry notice: a vote of the clicker."""

    access_kind = "vote"

    def access_target(self) -> tuple[int | None, int | None]:
        return self.game_id, None  # the seat voted about is not the clicker's

    def __init__(self, game_id: int, seat: int, name: str = "?") -> None:
        super().__init__(discord.ui.Button(
            label=t("md.button.vote", name=name)[:80], style=discord.ButtonStyle.secondary,
            custom_id=VOTE.format(VoteKey(game_id, seat))))
        self.game_id, self.seat = game_id, seat

    @classmethod
    def rebuild(cls, key: VoteKey, item: discord.ui.Item[discord.ui.View]) -> VoteButton:
        return cls(key.game, key.seat)

    async def clicked(self, interaction: Interaction) -> None:
        interaction.extras["game_id"] = self.game_id
        try:  # (acknowledged by the guard)
            text = await vote(interaction.client, self.game_id, interaction.user.id, self.seat)
            await interaction.followup.send(text, ephemeral=True)
        except Exception as exc:
            await reply_error(interaction, exc)


def vote_view(game_id: int, seats: Sequence[int],
              names: Mapping[int, str]) -> discord.ui.View | None:
    if not seats:
        return None
    view = discord.ui.View(timeout=None)
    for seat in seats[:5]:
        view.add_item(VoteButton(game_id, seat, names.get(seat, "?")))
    return view


def thread_notices(updates: Sequence[Update], record: GameRecord,
                   names: Mapping[int, str]) -> Notices:
    """The thread's notices of a batch of a game's updates, with a vote to hand each seat
    that missed a deadline to the AI while the game runs (offered to the table)."""
    votes = vote_seats(updates) if record.status == ACTIVE else []
    return Notices(notice_lines(updates, record), vote_view(record.id, votes, names))


async def vote(client: HadaraBot, game_id: int, user_id: int, seat: int) -> str:
    """Vote to hand ``seat`` to the AI; the answer for the voter."""
    update = await client.service.vote_takeover(game_id, user_id, seat)
    seats = {s.seat: s for s in update.seats}
    name = seat_name(seats, seat)
    if seat in update.takeover:
        return t("md.vote.passed", name=name)
    target = seats.get(seat)
    return t("md.vote.done", votes=len(target.votes) if target else 1, name=name,
             needed=needed_votes(list(seats.values()), seat))


# ---------------------------------------------------------------------- the commands


@app_commands.command(name="rejoin", description=L("cmd.rejoin"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def rejoin(interaction: Interaction, game: GameArg | None = None) -> None:
    gid = await find_game(interaction, game)
    bot = interaction.client
    await interaction.response.defer(ephemeral=True, thinking=True)
    await bot.service.rejoin(gid, interaction.user.id)
    await interaction.followup.send(t("md.rejoin.done", id=gid), ephemeral=True)


@app_commands.command(name="vote", description=L("cmd.vote"))
@app_commands.describe(player=L("cmd.vote.player"), game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def vote_command(interaction: Interaction,
                       player: discord.User | discord.Member,
                       game: GameArg | None = None) -> None:
    gid = await find_game(interaction, game)
    bot = interaction.client
    seat = await bot.service.seat_of(gid, player.id)
    if seat is None:
        raise Denied("md.vote.not_player", name=player.display_name[:50], id=gid)
    await interaction.response.defer(ephemeral=True, thinking=True)
    text = await vote(bot, gid, interaction.user.id, seat)
    await interaction.followup.send(text, ephemeral=True)


@app_commands.command(name="away", description=L("cmd.away"))
@app_commands.describe(days=L("cmd.away.days"))
async def away(interaction: Interaction,
               days: app_commands.Range[int, 1, 365]) -> None:
    bot = interaction.client
    await interaction.response.defer(ephemeral=True, thinking=True)
    guilds = [interaction.guild_id] if interaction.guild_id is not None else []
    updates = await bot.service.away(interaction.user.id, days, guild_ids=guilds)
    until = await bot.service.away_until(interaction.user.id)
    end = until if until is not None else bot.service.clock() + days * rules.DAY
    await interaction.followup.send(
        t("md.away.done", at=stamp(end, "f"), rel=stamp(end, "R"), count=len(updates)),
        ephemeral=True)


@app_commands.command(name="back", description=L("cmd.back"))
async def back(interaction: Interaction) -> None:
    bot = interaction.client
    await interaction.response.defer(ephemeral=True, thinking=True)
    updates = await bot.service.back(interaction.user.id)
    await interaction.followup.send(t("md.back.done", count=len(updates)), ephemeral=True)


# ---------------------------------------------------------------------- the cog


@dataclass
class Reminded:
    """How reminders went, kept on the bot (tests, operators): (user, game, deadline, "dm" or
    "thread")."""

    sent: list[tuple[int, int, float, str]] = field(default_factory=list)


class Multiday(Feature):
    """Reminders by DM (or in the thread), the vote button and the multi-day commands; offers
    the table its thread's notices."""

    COMMANDS: ClassVar[Commands] = ((HADARA, rejoin), (HADARA, vote_command), (HADARA, away),
                                    (HADARA, back))
    COMPONENTS: ClassVar[Components] = (VoteButton,)

    def __init__(self, bot: HadaraBot) -> None:
        super().__init__(bot)
        self._unsubscribe: Callable[[], None] | None = None
        self._tasks = Tasks()
        self.sent = bot.kept.get(Reminded).sent

    async def cog_load(self) -> None:
        await super().cog_load()
        self._unsubscribe = self.bot.service.subscribe(self.on_update)
        offers(self.bot).notices = thread_notices

    async def cog_unload(self) -> None:
        await super().cog_unload()
        offers(self.bot).withdraw("notices")
        if self._unsubscribe is not None:
            self._unsubscribe()
        await self._tasks.cancel()

    def on_update(self, update: Update) -> None:
        if update.cause == REMINDER and update.user is not None and update.reminders:
            self._tasks.spawn(self.remind(update.user, update.reminders))

    async def _entries(self, reminders: Sequence[Reminder]
                       ) -> list[tuple[Reminder, GameRecord, str]]:
        out = []
        for r in reminders:
            try:
                record = await self.bot.service.record(r.game_id)
                waiting = await self.bot.service.waiting(r.game_id)
            except Refusal:
                continue
            w = next((w for w in waiting if w.seat == r.seat), None)
            if w is None:
                continue  # answered meanwhile
            out.append((r, record, w.kind))  # worded in the reader's language
        return out

    async def remind(self, user_id: int, reminders: Sequence[Reminder]) -> None:
        """One DM listing every game; in each game's thread instead when DMs are off or
        refused."""
        try:
            entries = await self._entries(reminders)
            if not entries:
                return
            dms = (await self.bot.service.settings(user_id)).dms  # only who asked
            if dms and await self._dm(user_id, entries):  # theirs
                self.sent.extend((user_id, r.game_id, r.deadline, "dm") for r, _, _ in entries)
                return
            for r, record, kind in entries:
                if await self._in_thread(user_id, r, record, kind):
                    self.sent.append((user_id, r.game_id, r.deadline, "thread"))
        except Exception:
            log.exception("reminder for user %s failed", user_id)

    async def _dm(self, user_id: int, entries: list[tuple[Reminder, GameRecord, str]]) -> bool:
        with speaking(await user_language(self.bot, user_id)):
            lines = [reminder_line(r.game_id, t(f"table.kind.{kind}"), r.deadline,
                                   thread_url(record)) for r, record, kind in entries]
            text = reminder_text(lines)
        try:
            channel = await open_dm(self.bot, user_id)
            if channel is None:
                return False  # Discord said we open DMs too fast: the thread instead
            await channel.send(text)
        except discord.Forbidden as exc:
            if exc.code not in DM_REFUSED and exc.code != DM_TOO_FAST:
                log.warning("reminder DM to %s refused (%s)", user_id, exc.code)
            return False
        except discord.HTTPException as exc:
            log.warning("reminder DM to %s failed: %s", user_id, exc)
            return False
        return True

    async def _in_thread(self, user_id: int, r: Reminder, record: GameRecord,
                         kind: str) -> bool:
        thread_id = record.discord.get("thread")
        if not thread_id:
            return False
        try:
            thread = self.bot.get_channel(int(thread_id)) or await self.bot.fetch_channel(
                int(thread_id))
            if not isinstance(thread, discord.Thread):
                return False
            with speaking(await table_language(self.bot, record)):  # said in public
                text = t("md.reminder.thread", mention=f"<@{user_id}>", id=r.game_id,
                         what=t(f"table.kind.{kind}"), at=stamp(r.deadline, "f"),
                         rel=stamp(r.deadline, "R"))
            # a ping carries its button: the board may be far up the thread
            turn = offers(self.bot).take_turn(r.game_id, bool(record.options.get("hints")))
            await thread.send(
                text, view=turn,
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)],
                                                         roles=False, everyone=False))
        except discord.HTTPException as exc:
            log.warning("reminder in thread %s failed: %s", thread_id, exc)
            return False
        return True


async def setup(bot: HadaraBot) -> None:
    await bot.add_cog(Multiday(bot))
