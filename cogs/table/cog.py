"""The thread is the table: the lobby message, the board message edited in place, and new
messages only when someone must act.

``Table`` subscribes to the service's updates (a plain callback: no task waits on a queue).
Updates are **coalesced per game** by :class:`Coalescer`, a pure, clock-driven unit: a burst
(AI seats and forced moves resolving several steps in a row) becomes one flush — one board
edit plus at most one new message — after ``quiet`` seconds without updates, at the latest
``max_wait`` after the burst's first update, sooner (``urgent``) when a person must now act,
and never sooner than ``min_interval`` after the game's previous flush (Discord's per-channel
rate limits). The **notification budget**: a person is mentioned at most once per step that
waits on them, and not at all while they are at the table (they acted in the last few minutes:
what they have open moves on by itself; the service's presence) — their mention is held back
until they are not, and goes out then if the step still waits on them. A flush:

1. redraws the lobby message (lobby updates, the start, a cancelled table);
2. posts one new message only if it pings someone, carries a notice (deadlines, takeovers,
   votes with their buttons, a repair) or a concession: it mentions exactly the people to
   ping, with everything that happened since the thread's last message (a round's reveal
   with its picture and the next ping are one message) and "Take my turn"; what pings
   nobody folds into the board's news instead (``state.News``). What happened is the
   service's news (``GameService.news``) of the log's entries the batch's updates wrote;
3. edits the board message (table and players images from the service, rendered off the
   loop, the news and the latest reveal picture, a status line; the persistent "Take my turn"
   button while the game runs), or posts it the first time. When the board is old or far up
   the thread, the next message that pings someone is posted *as* the new board;
4. sends the pinged players who opted in their panel by DM (the ``Play`` feature's; a
   refused DM is counted and the thread mention stands). A player whose turn digest stands
   in for the per-game pings (``/hadara settings daily_turns``, ``cogs.turn_digest``) gets
   neither the mention nor the DM: their step counts as told;
5. at the end: the score image with a Rematch button (and "Watch the replay", the
   ``Replay`` feature's), the board's components removed, the thread archived (with Manage
   Threads; otherwise logged and skipped).

What other features put on the table's messages ("Take my turn", the multi-day notices and
their vote buttons, "Watch the replay") and a seat's DM panel are offered through
``cogs.edge.offers``; who is at the table now is the service's presence. One game's table
state is one ``state.GameTable``; ``tables(bot).stats`` counts board edits, posts, lobby edits
and DMs per thread, for tests and operators.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

import discord
from discord.ext import commands

from bot.messages import has, t
from bot.service import Refusal, Update
from bot.service.updates import DAMAGED, QUEUED, REMINDER, REPAIRED, Waiting
from bot.storage.base import ABANDONED, ACTIVE, FINISHED, GameRecord
from cogs.edge import forum
from cogs.edge.client import HadaraBot
from cogs.edge.feature import Commands, Components, Feature
from cogs.edge.games import game_of_thread, remember_thread
from cogs.edge.language import server_language, table_language, user_language
from cogs.edge.launch import LaunchButton
from cogs.edge.offers import offers
from cogs.edge.tasks import Tasks
from hadara.types import Event
from i18n import current, speaking

from . import board as boards
from .coalescer import (
    CONTEXT_EVENTS,
    HEADLINE_EVENTS,
    Batch,
    Coalescer,
    fit,
    news_lines,
    news_range,
    ping_lines,
    seat_names,
)
from .commands import COMMANDS
from .follow import FollowButton
from .lobby import LobbyButton, RematchButton, lobby_embed, lobby_view, rematch_view
from .state import MAX_NEWS_LINES, News, tables

log = logging.getLogger(__name__)

MAX_REVEAL_IMAGES = 4
#: The board moves down (a new board message, the old one's buttons removed) at the next
#: message that pings someone once it is this old (edits of messages older than an hour are
#: limited to 3 per 6 s per channel) …
BOARD_MAX_AGE = 50 * 60.0
#: … or once this many messages stand below it (far up a thread, a click on it often shows
#: no answer on a phone).
BOARD_MAX_BELOW = 8
#: An old board edited again within this many of the coalescer's minimum intervals between
#: flushes (6 s in production: the window of Discord's limit on edits of old messages) is
#: busy: it moves down rather than be edited. An old board edited now and then (a game waiting
#: hours for a player) is edited in place.
BUSY_FLUSHES = 6


# ---------------------------------------------------------------------- the cog


@dataclass
class Post:
    """The one message a flush posts."""

    lines: list[str]  # what happened (the oldest lines give way to Discord's limit)
    tail: list[str]  # notices and pings, kept whole
    users: list[int]  # the people it mentions
    reveals: list[Event]  # rounds revealed: their pictures go along
    view: discord.ui.View | None  # "Take my turn" with a ping, a vote's buttons
    pings: bool = False
    votes: bool = False


class Table(Feature):
    """Keeps every game's thread in step with the service; owns the table's commands (new,
    join, leave, start, board, history, concede, abandon) and the lobby's buttons."""

    COMMANDS: ClassVar[Commands] = COMMANDS
    # (and the edge's "Open the board" launch: on the board, and on the other features'
    # panels)
    COMPONENTS: ClassVar[Components] = (LobbyButton, RematchButton, FollowButton, LaunchButton)

    def __init__(self, bot: HadaraBot, coalescer: Coalescer | None = None) -> None:
        super().__init__(bot)
        self.coalescer = coalescer or Coalescer()
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._wake: dict[int, float] = {}
        self._unsubscribe: Callable[[], None] | None = None
        self._notices = Tasks()  # notices of damaged games, boards of new league tables
        self.tables = tables(bot)
        self.stats = self.tables.stats

    async def cog_load(self) -> None:
        await super().cog_load()
        self._unsubscribe = self.bot.service.subscribe(self.on_update)

    async def cog_unload(self) -> None:
        await super().cog_unload()
        if self._unsubscribe is not None:
            self._unsubscribe()
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self._notices.cancel()

    async def tell_damaged(self, update: Update) -> None:
        """A game found damaged (once per game, the service remembers it was told): a notice
        in its thread, mentioning its host, that the managers can repair it."""
        thread_id = update.discord.get("thread")
        damage = update.damage
        if not thread_id or damage is None:
            return
        thread = await boards.get_thread(self.bot, int(thread_id))
        if thread is None:
            return
        guild = update.discord.get("guild")
        with speaking(await server_language(self.bot, int(guild) if guild else None)):
            reason = t(f"storage.damage.reason.{damage.reason}") \
                if has(f"storage.damage.reason.{damage.reason}") \
                else t("storage.damage.reason.bad_record")
            text = t("storage.damaged.notice", game_id=update.game_id, reason=reason)
        host = update.user
        if host is not None:
            text = f"<@{host}> {text}"
        await self._post(thread, text, users=[host] if host is not None else [])

    @commands.Cog.listener()
    async def on_thread_update(self, before: discord.Thread, after: discord.Thread) -> None:
        """A game's thread archived by Discord (a day without a message) while the game is in
        play is unarchived at once: an archived thread refuses the bot's edits and the
        players' commands. Idle lobbies and finished games stay archived."""
        if not after.archived or before.archived:
            return
        gid = await game_of_thread(self.bot, after)
        if gid is None:
            return
        try:
            facts = await self.bot.service.game_facts(gid)
        except Refusal:
            return
        if facts.status == ACTIVE and facts.thread_id == after.id:
            await self._unarchive(after)

    @commands.Cog.listener()
    async def on_hadara_table_opened(self, game_id: int) -> None:
        """Another feature opened a game's thread after the game started (a league round):
        the board goes up at the next flush, or now when nothing of the game is pending."""
        if self.coalescer.due(game_id) is not None:
            return
        try:
            record = await self.bot.service.record(game_id)
            thread_id = record.discord.get("thread")
            if record.setup is None or record.discord.get("board") or not thread_id:
                return
            thread = await boards.get_thread(self.bot, int(thread_id))
            if thread is not None:
                await boards.update_board(self.bot, game_id, record, thread)
        except Exception:  # the next update of the game posts it
            log.exception("could not post the board of game %d", game_id)

    # -- scheduling ---------------------------------------------------------------------------

    def _live(self, game_id: int, seat: int, now: float) -> float | None:
        """Until when a seat's player is at the table (what they have open moves on: no
        ping, no DM), as the service's presence knows it from every front end."""
        return self.bot.service.presence.until(game_id, seat, now)

    @staticmethod
    def _now() -> float:
        """The clock ``asyncio.sleep`` follows (Discord's time; virtual under simcord)."""
        return discord.utils.utcnow().timestamp()

    def on_update(self, update: Update) -> None:
        """The service's callback (called under the game's lock: only bookkeeping here).
        Reminders (cogs.multiday) and queued plans change nothing on the table."""
        if update.cause in (REMINDER, QUEUED):
            return
        if update.cause == DAMAGED:  # the game cannot be loaded: told once, apart
            self._notices.spawn(self.tell_damaged(update), name=f"damaged {update.game_id}")
            return
        due = self.coalescer.push(update, self._now())
        gid = update.game_id
        task = self._tasks.get(gid)
        if task is not None and not task.done():
            wake = self._wake.get(gid)
            if wake is None or due >= wake - 1e-6:
                return  # flushing now (it looks again afterwards) or waking in time
            task.cancel()  # sleeping too long for an urgent update
        self._tasks[gid] = asyncio.create_task(self._run(gid), name=f"table {gid}")

    async def _run(self, gid: int) -> None:
        me = asyncio.current_task()
        try:
            while True:
                due = self.coalescer.due(gid)
                if due is None:
                    return
                delay = due - self._now()
                if delay > 0:
                    self._wake[gid] = due
                    try:
                        await asyncio.sleep(delay)
                    finally:
                        self._wake.pop(gid, None)
                    continue
                batch = self.coalescer.take(gid, self._now(), force=True, live=self._live)
                if batch is not None:
                    try:
                        await self.flush(batch)
                    except Exception:
                        log.exception("updating the thread of game %s failed", gid)
        finally:
            if self._tasks.get(gid) is me:
                del self._tasks[gid]

    async def settle(self) -> None:
        """Flush everything pending now (tests, shutdown)."""
        for gid in self.coalescer.pending():
            batch = self.coalescer.take(gid, self._now(), force=True, live=self._live)
            if batch is not None:
                await self.flush(batch)

    # -- one flush ----------------------------------------------------------------------------

    async def flush(self, batch: Batch) -> None:
        gid = batch.game_id
        try:
            record = await self.bot.service.record(gid)
        except Refusal:
            self._untold(gid)
            return
        # the thread is public: the server's language, whoever's click caused the update
        # (this task was started from inside that click and inherited its language)
        with speaking(await table_language(self.bot, record)):
            await self._flush(batch, record)

    async def _flush(self, batch: Batch, record: GameRecord) -> None:
        gid = batch.game_id
        thread_id = record.discord.get("thread")
        if not thread_id:
            self._untold(gid)
            return  # not a Discord table (yet): open_table posts the lobby itself
        remember_thread(self.bot, thread_id, gid)
        thread = await boards.get_thread(self.bot, int(thread_id))
        if thread is None:
            self._untold(gid)
            return
        if thread.archived and record.status == ACTIVE:
            await self._unarchive(thread)  # an edit alone leaves an archived thread closed
        if batch.lobby_changed and record.discord.get("lobby"):
            await self._edit_lobby(thread, gid)
        table = self.tables.of(gid)
        if isinstance(thread.parent, discord.ForumChannel) \
                and table.tagged != record.status:  # a post's tag: where it stands
            await forum.retag(self.bot, thread, record.status)
            table.tagged = record.status
        if record.setup is None:  # a lobby (or a lobby cancelled)
            if record.status == ABANDONED and batch.abandoned:
                await self._post(thread, t("table.abandoned_lobby", id=gid))
                await self._archive(thread)
            return
        # a person's ping goes before the cosmetic board edit; the board moves down when it is
        # old or far up the thread at a message that pings someone — as that message
        told = table.news
        if batch.ping:  # the step counts as told either way (once per step)
            batch.ping = await self._per_game(record, batch.ping)
        post = await self._compose(batch, record, told)
        board_id = record.discord.get("board")
        old = board_id is not None and (
            self._now() - discord.utils.snowflake_time(int(board_id)).timestamp()
            > BOARD_MAX_AGE)
        far = table.below >= BOARD_MAX_BELOW
        active = record.status == ACTIVE
        if post is not None and post.pings and not post.votes and active \
                and board_id is not None and (old or far):
            # the ping is posted as the new board (one message, not two), with the latest
            # reveal's picture
            told.clear()  # the message says it all; the latest reveal's picture stays on it
            if post.reveals:
                told.reveal_png = await self._reveal_png(gid, post.reveals[-1])
            await boards.update_board(self.bot, gid, record, thread, new=True,
                                      head=(post.lines, post.tail), users=post.users)
            self.stats[thread.id].posts += 1
            table.below = 0
        else:
            if post is not None:
                extra: dict[str, Any] = {} if post.view is None else {"view": post.view}
                await self._post(thread, fit(post.lines, post.tail), users=post.users,
                                 files=await self._reveal_files(gid, post.reveals), **extra)
                told.clear()
            elif active and told.reveals and told.reveal_png is None:
                told.reveal_png = await self._reveal_png(gid, told.reveals[-1])
            # a busy old board moves down rather than being edited again (Discord limits
            # edits of messages older than an hour): a message an hour at most, pinging nobody
            busy = self._now() - table.edited < BUSY_FLUSHES * self.coalescer.min_interval
            move = active and board_id is not None and (far or (old and busy))
            if move or batch.board_changed or batch.status != ACTIVE:
                await boards.update_board(self.bot, gid, record, thread, new=move)
                if move or not board_id:
                    table.below = 0
        table.edited = self._now()
        if batch.over:
            await self._post_final(batch, record, thread)
        elif batch.abandoned and record.status == ABANDONED:
            await self._post(thread, t("table.abandoned", id=gid))
        if record.status in (FINISHED, ABANDONED) and (batch.over or batch.abandoned):
            told.clear()
            await self._archive(thread)
        if batch.ping and record.status == ACTIVE:
            await self._send_dms(gid, record, batch.ping, thread)

    async def _edit_lobby(self, thread: discord.Thread, game_id: int) -> None:
        lobby = await self.bot.service.lobby_state(game_id)
        message = thread.get_partial_message(int(lobby.discord["lobby"]))
        try:
            await message.edit(embed=lobby_embed(lobby),
                               view=lobby_view(lobby, offers(self.bot).profile))
            self.stats[thread.id].lobby_edits += 1
        except discord.NotFound:
            log.info("lobby message of game %s is gone", game_id)

    async def _post(self, thread: discord.Thread, content: str, *,
                    users: Iterable[int] = (), **kwargs: Any) -> discord.Message | None:
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in users])
        try:
            message = await thread.send(content=content, allowed_mentions=mentions, **kwargs)
        except discord.Forbidden as exc:
            log.warning("cannot post in thread %s: %s", thread.id, exc)
            return None
        self.stats[thread.id].posts += 1
        gid = self.bot.game_of_channel(thread.id)
        if gid is not None:
            self.tables.of(gid).below += 1
        return message

    async def _compose(self, batch: Batch, record: GameRecord,
                       told: News) -> Post | None:
        """The message this flush posts, or None: when it would ping nobody (no ping, no
        notice, no concession, no vote) its lines fold into the board's news instead, and
        the next message that pings someone carries them (with the reveal pictures). A ping
        carries "Take my turn" (the board may be far up the thread). What happened is the
        service's news of the log's entries the batch's updates wrote (:meth:`_news`)."""
        events, worded = await self._news(batch, told)
        names = seat_names(record)
        conceded = [t("table.conceded", name=names.get(s, "?")) for s in batch.conceded]
        said = offers(self.bot).notices(batch.updates, record, names)  # multi-day notices
        notices = list(said.lines)
        repaired = [u for u in batch.updates if u.cause == REPAIRED]
        for u in repaired:  # the players are told what was lost (mentioned below)
            notices.append(t("storage.repaired.notice", game_id=batch.game_id,
                             dropped=u.dropped))
        pings = ping_lines(batch.ping, record.seats) if record.status == ACTIVE else []
        view = said.votes
        lines = conceded + news_lines(events, worded, HEADLINE_EVENTS | CONTEXT_EVENTS)
        reveals = [ev for ev in events if ev.get("kind") == "round_revealed"]
        if not pings and not conceded and not notices and view is None:
            if lines or reveals:
                told.add(lines, reveals)
                if reveals:
                    told.reveal_png = None  # drawn again for the board: a newer round
            return None
        lines = [*told.lines, *lines][-MAX_NEWS_LINES:]
        users = [s.user_id for s in record.seats
                 if s.user_id is not None and (repaired or s.seat in {w.seat for w in batch.ping})]
        if repaired:
            mentions = " ".join(f"<@{u}>" for u in users)
            notices[-1] = f"{mentions} {notices[-1]}".strip()
        votes = view is not None
        if pings:
            turn = offers(self.bot).take_turn(batch.game_id, bool(record.options.get("hints")))
            for item in (view.children if view is not None else []):
                turn.add_item(item)
            view = turn
        # the notices (deadlines, takeovers, votes, vacations) stay whole, like the pings
        return Post(lines, notices + pings, users, [*told.reveals, *reveals], view,
                    pings=bool(pings), votes=votes)

    async def _news(self, batch: Batch, told: News
                    ) -> tuple[tuple[Event, ...], tuple[tuple[str, ...], ...]]:
        """The batch's news, worded (``GameService.news``: the public events of the log's
        entries its updates wrote, each with its lines), from where the table's last news
        ended (``told.since``) to its last update; ``told.since`` moves on."""
        span = news_range(batch.updates, told.since)
        if span is None:
            return (), ()
        told.since = span.until
        if span.since == span.until and not span.opening:
            return (), ()
        try:
            news = await self.bot.service.news(batch.game_id, span.since, span.until,
                                               opening=span.opening)
        except Refusal:  # the log is shorter than the updates say (cut by a repair since)
            told.since = None
            return (), ()
        return news.events, news.worded

    def _untold(self, gid: int) -> None:
        """A flush that told nothing: its changes are no news later either."""
        table = self.tables.games.get(gid)
        if table is not None:
            table.news.since = None

    async def _reveal_png(self, gid: int, reveal: Event) -> bytes | None:
        try:
            pngs = await self.bot.service.reveal_images(gid, [reveal], current())
        except Exception:
            log.exception("reveal image of game %s failed", gid)
            return None
        return pngs[0] if pngs else None

    async def _reveal_files(self, gid: int, reveals: list[Event]
                            ) -> list[discord.File]:
        if not reveals:
            return []
        try:
            pngs = await self.bot.service.reveal_images(gid, reveals[-MAX_REVEAL_IMAGES:],
                                                        current())
        except Exception:
            log.exception("reveal images of game %s failed", gid)
            return []
        return [discord.File(io.BytesIO(png), f"reveal-{i + 1}.png")
                for i, png in enumerate(pngs)]

    async def _post_final(self, batch: Batch, record: GameRecord,
                          thread: discord.Thread) -> None:
        gid = batch.game_id
        names = seat_names(record)
        winners = next((u.winners for u in batch.updates if u.over and u.winners), None) or []
        text = t("table.over", id=gid, winners=", ".join(names.get(s, "?") for s in winners))
        final = next((u.final_hash for u in batch.updates if u.over and u.final_hash), None)
        if final is not None:  # the proof anyone can compare with an export (docs/security.md)
            text += "\n" + t("table.over.hash", hash=final)
        # each picture in its own embed: stacked at full width (attachments side by side
        # would share it); the recap (an animated GIF of the boards at each epoch's end) is
        # optional: if it fails, the scores are posted without it
        files: list[discord.File] = []
        for name, draw in (("scores.png", self.bot.service.scores_image),
                           ("recap.gif", self.bot.service.recap_image)):
            try:
                files.append(discord.File(io.BytesIO(await draw(gid, current())), name))
            except Exception:
                log.exception("%s of game %s failed", name, gid)
        embeds = [discord.Embed(colour=discord.Colour.dark_gold()).set_image(
            url=f"attachment://{f.filename}") for f in files]
        people = [(s.user_id, s.name) for s in record.seats if s.user_id is not None]
        view = rematch_view(gid, offers(self.bot).watch_replay, offers(self.bot).profile,
                            people)
        await self._post(thread, text, files=files, embeds=embeds, view=view)

    async def _unarchive(self, thread: discord.Thread) -> None:
        try:
            await thread.edit(archived=False)
        except discord.HTTPException as exc:
            log.info("could not unarchive thread %s: %s", thread.id, exc)

    async def _archive(self, thread: discord.Thread) -> None:
        me = thread.guild.me
        if me is None or not thread.permissions_for(me).manage_threads:
            log.info("not archiving thread %s: no Manage Threads permission", thread.id)
            return
        try:
            await thread.edit(archived=True)
        except discord.HTTPException as exc:
            log.info("could not archive thread %s: %s", thread.id, exc)

    async def _per_game(self, record: GameRecord, ping: list[Waiting]) -> list[Waiting]:
        """The pings that go out: not those of a player whose turn digest replaces the
        per-game pings and turn DMs (``SettingsState.per_game_turns``, issue 39: their games
        come in one message a day instead; reminders of deadlines still come)."""
        users = {s.seat: s.user_id for s in record.seats}
        out = []
        for w in ping:
            uid = users.get(w.seat)
            try:
                if uid is not None and not (await self.bot.service.settings(uid)).per_game_turns:
                    continue
            except Exception:  # not known now: pinged as before
                log.exception("the settings of user %s for game %s", uid, record.id)
            out.append(w)
        return out

    async def _send_dms(self, gid: int, record: GameRecord, ping: list[Waiting],
                        thread: discord.Thread) -> None:
        users = {s.seat: s.user_id for s in record.seats}
        for w in ping:
            uid = users.get(w.seat)
            if uid is None:
                continue
            try:
                if not (await self.bot.service.settings(uid)).dms:  # only who asked
                    continue
                with speaking(await user_language(self.bot, uid)):
                    sent = await offers(self.bot).panel_dm(uid, gid, w.seat)
            except Exception:
                log.exception("DM to user %s for game %s failed", uid, gid)
                continue
            if sent is None:
                self.stats[thread.id].dms_refused += 1  # the thread mention stands
            else:
                self.stats[thread.id].dms += 1


async def setup(bot: HadaraBot) -> None:
    await bot.add_cog(Table(bot))
