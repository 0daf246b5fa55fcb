"""``/hadara learn``: a guided first game, rules explained as they first matter.

The command opens a game for the learner alone against gentle AI players (hints on) in a
private thread when the bot may create one (else a public thread named as a learning game),
and starts it at once. ``Learn`` subscribes to the service's updates of learning games
(``options["learn"]``) and, per game in order, asks :class:`bot.learn.Tutor` which rules to
explain now (posted in the thread, mentioning nobody), stores the topics met in the user's
settings (``learned``), and posts a gentle mistake note after a learner's action the AI rates
much worse (``bot.learn.mistake``), unless the learner turned notes off (``learn_notes``:
the note's button, or ``/hadara learn notes:False``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

import discord
from discord import app_commands

from bot import learn as lessons
from bot.messages import t
from bot.service import Refusal, Update, ai
from cogs.commands import HADARA
from cogs.edge.channels import check_table_permissions, table_channel
from cogs.edge.client import HadaraBot, Interaction
from cogs.edge.custom_ids import CustomId, number
from cogs.edge.errors import Denied, reply_error
from cogs.edge.feature import Commands, Components, Feature
from cogs.edge.guard import Guarded
from cogs.edge.language import L, user_language
from cogs.edge.tasks import Tasks
from cogs.edge.threads import MAX_THREAD_NAME, open_private_game
from i18n import speaking

log = logging.getLogger(__name__)

LEVELS = ai.LEVELS[:2]  # novice and steady: a first game is no place for the expert
AI_SEATS = 2
CAUSES = frozenset({"started", "action", "ai", "forced", "deadline", "ahead"})


def lesson_text(lesson: lessons.Lesson) -> str:
    head = t("learn.lesson.head", name=lessons.lesson_title(lesson.topic))
    return f"{head}\n{t(lesson.key, **lesson.params)}"


@dataclass(frozen=True)
class UserKey:
    user: int


#: A Discord user id (a snowflake: up to 20 digits).
NOTES = CustomId("learn:notes:{user}", UserKey, user=number(20))


class NotesOffButton(Guarded[UserKey],
                     discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], spec=NOTES):
    """On a mistake note: the learner turns notes off (whoever clicks turns off their own
    notes: the button changes nothing of anyone else's)."""

    access_kind = "notes"

    def __init__(self, user_id: int) -> None:
        self.user_id = user_id
        super().__init__(discord.ui.Button(label=t("learn.notes.off_button"),
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=NOTES.format(UserKey(user_id))))

    @classmethod
    def rebuild(cls, key: UserKey, item: discord.ui.Item[discord.ui.View]) -> NotesOffButton:
        return cls(key.user)

    async def clicked(self, interaction: Interaction) -> None:
        try:  # (acknowledged by the guard)
            await set_notes(interaction.client, interaction.user.id, False)
            await interaction.followup.send(t("learn.notes.off"), ephemeral=True)
        except Exception as exc:
            await reply_error(interaction, exc)


async def set_notes(bot: HadaraBot, user_id: int, on: bool) -> None:
    current = await bot.service.user_settings(user_id)
    await bot.service.set_user_settings(user_id, {**current, lessons.NOTES_KEY: on})


async def learned_topics(bot: HadaraBot, user_id: int) -> list[str]:
    return lessons.learned(await bot.service.user_settings(user_id))


@app_commands.command(name="learn", description=L("cmd.learn"))
@app_commands.describe(level=L("cmd.learn.level"), notes=L("cmd.learn.notes"))
@app_commands.choices(level=[app_commands.Choice(name=L(f"lobby.ai_level.{v}"), value=v)
                             for v in LEVELS])
async def learn(interaction: Interaction, level: str = "greedy",
                notes: bool | None = None) -> None:
    bot = interaction.client
    channel = table_channel(interaction.channel)
    if not isinstance(channel, discord.TextChannel):  # a private thread: not in a forum
        raise Denied("learn.error.forum")
    check_table_permissions(channel)
    user = interaction.user
    await bot.service.check_open_tables(user.id, learning=True)  # a thread each: bounded
    bot.service.limit("learn", user.id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    if notes is not None:
        await set_notes(bot, user.id, notes)
    gid, thread = await open_learning_game(bot, channel, user, level)
    interaction.extras["game_id"] = gid
    await interaction.followup.send(t("learn.started", id=gid, thread=thread.id),
                                    ephemeral=True)


async def open_learning_game(bot: HadaraBot, channel: discord.TextChannel,
                             user: discord.abc.User, level: str) -> tuple[int, discord.Thread]:
    """Create, seat, thread and start a learning game; returns (game id, thread)."""
    service = bot.service
    name = user.display_name
    gid = await service.create(user.id, name, seats=AI_SEATS + 1, hints=True,
                               options={"ai_level": level, "learn": True})
    try:
        for _ in range(AI_SEATS):
            await service.add_ai(gid, level)
    except BaseException:
        with contextlib.suppress(Refusal):
            await service.abandon(gid, None, is_admin=True)
        raise
    thread = await open_private_game(
        bot, channel, user, gid, t("learn.thread_name", id=gid, name=name)[:MAX_THREAD_NAME],
        t("learn.welcome", count=AI_SEATS), lambda: service.start(gid, user.id))
    return gid, thread


class Learn(Feature):
    """Posts the lessons and notes of learning games; owns ``/hadara learn`` and the notes'
    button."""

    COMMANDS: ClassVar[Commands] = ((HADARA, learn),)
    COMPONENTS: ClassVar[Components] = (NotesOffButton,)

    def __init__(self, bot: HadaraBot) -> None:
        super().__init__(bot)
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._tutors: dict[int, lessons.Tutor] = {}
        self._games: dict[int, bool] = {}
        self._tasks = Tasks()
        self._unsubscribe: Callable[[], None] | None = None
        #: per game, every lesson topic posted and every note posted (tests, operators)
        self.posted: defaultdict[int, list[str]] = defaultdict(list)

    async def cog_load(self) -> None:
        await super().cog_load()
        self._unsubscribe = self.bot.service.subscribe(self.on_update)

    async def cog_unload(self) -> None:
        await super().cog_unload()
        if self._unsubscribe is not None:
            self._unsubscribe()
        await self._tasks.cancel()

    def on_update(self, update: Update) -> None:
        if update.cause not in CAUSES or self._games.get(update.game_id) is False:
            return
        self._tasks.spawn(self._handle(update), name=f"learn {update.game_id}")

    async def idle(self) -> None:
        """Wait until every update received so far is handled (tests)."""
        await self._tasks.idle()

    async def _handle(self, update: Update) -> None:
        gid = update.game_id
        async with self._locks[gid]:
            try:
                await self._lessons(update)
            except Exception:
                log.exception("learning game %s: lessons failed", gid)

    async def _lessons(self, update: Update) -> None:
        gid = update.game_id
        record = await self.bot.service.record(gid)
        if not record.options.get("learn"):
            self._games[gid] = False
            return
        self._games[gid] = True
        learner = next((s for s in record.seats if s.user_id is not None), None)
        thread_id = record.discord.get("thread")
        if learner is None or record.setup is None or not thread_id or update.words is None:
            return
        uid = int(learner.user_id) if learner.user_id is not None else 0
        with speaking(await user_language(self.bot, uid)):  # the learner's own thread
            await self._teach(update, learner.seat, uid, int(thread_id))

    async def _teach(self, update: Update, seat: int, uid: int, thread_id: int) -> None:
        gid = update.game_id
        service = self.bot.service
        settings = await service.user_settings(uid)
        tutor = self._tutors.get(gid)
        if tutor is None:
            assert update.words is not None
            players, catalog = update.words
            tutor = lessons.Tutor(seat, lessons.learned(settings), catalog, players)
            self._tutors[gid] = tutor
        texts: list[str] = []
        note: lessons.Note | None = None
        mine = [b for b in update.by if b[0] == seat and b[1].startswith("user:")]
        if update.cause == "action" and mine and lessons.notes_on(settings):
            note = await service.mistake_note(gid, seat, update.version)  # off the loop
        view = None
        if any(w.seat == seat for w in update.waiting):
            view = await self.bot.service.view(gid, seat)
        due = tutor.lessons(update, view)
        texts = [lesson_text(x) for x in due]
        if due:
            met = lessons.learned(settings)
            met += [x.topic for x in due if x.topic not in met]
            await service.set_user_settings(uid, {**settings, lessons.LEARNED_KEY: met})
        thread = self.bot.get_channel(thread_id)
        if thread is None:
            thread = await self.bot.fetch_channel(thread_id)
        if not isinstance(thread, discord.Thread):
            return
        none = discord.AllowedMentions.none()
        if note is not None:
            view_ = discord.ui.View(timeout=None)
            view_.add_item(NotesOffButton(uid))
            await thread.send(t(note.key, **note.params)[:2000], view=view_,
                              allowed_mentions=none)
            self.posted[gid].append("note")
        for text, lesson in zip(texts, due, strict=True):
            await thread.send(text[:2000], allowed_mentions=none)
            self.posted[gid].append(lesson.topic)
        if update.over:
            self._tutors.pop(gid, None)


async def setup(bot: HadaraBot) -> None:
    await bot.add_cog(Learn(bot))
