"""The thread is the table: the lobby message, the board message edited in place, and new
messages only when someone must act or something worth reading happened.

``Table`` subscribes to the service's updates (a plain callback: no task waits on a queue).
Updates are **coalesced per game** by :class:`Coalescer`, a pure, clock-driven unit: a burst
(AI seats and forced moves resolving several steps in a row) becomes one flush — one board
edit plus at most one new message — after ``quiet`` seconds without updates, at the latest
``max_wait`` after the burst's first update, sooner (``urgent``) when a person must now act,
and never sooner than ``min_interval`` after the game's previous flush (Discord's per-channel
rate limits). A flush:

1. redraws the lobby message (lobby updates, the start, a cancelled table);
2. edits the board message (table and players images from the service, rendered off the
   loop, plus a status line; the persistent "Take my turn" button while the game runs), or
   posts it the first time, by channel and stored message id with the bot token;
3. posts one new message if something is worth reading (a round's reveal with its picture,
   colonies, statues, setup sides, feeding and medal reveals) or someone must act (it
   mentions exactly the people the game now waits for, each decision announced once);
4. sends opted-in players their panel by DM (``cogs.play.send_panel_dm``; a refused DM is
   counted and the thread mention stands);
5. at the end: the score image with a Rematch button, the board's components removed, the
   thread archived (with Manage Threads; otherwise logged and skipped).

``bot.table_stats[channel_id]`` counts board edits, posts, lobby edits and DMs per thread, for
tests and operators.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import math
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.messages import has, t
from bot.service import Refusal, Update
from bot.service.updates import ABANDONED as CAUSE_ABANDONED
from bot.service.updates import (
    CONCEDED,
    DAMAGED,
    QUEUED,
    REMINDER,
    REPAIRED,
    STARTED,
    Waiting,
)
from bot.storage.base import ABANDONED, ACTIVE, FINISHED, LOBBY, GameRecord, SeatRecord
from cogs.background import Tasks
from cogs.language import server_language, table_language, user_language
from hadara.narrate import EPOCH, describe, step_name
from i18n import current, speaking

from .errors import Denied
from .lobby import lobby_embed, lobby_view, rematch_view, remember_thread
from .multiday import board_deadlines, is_human, notice_lines, vote_seats, vote_view
from .play import send_panel_dm, take_turn_view

if TYPE_CHECKING:
    from bot.client import HadaraBot

log = logging.getLogger("hadara.bot.table")

#: Events that make a message of their own (with their lines; a reveal also with its image).
HEADLINE_EVENTS = frozenset({"setup_revealed", "round_revealed", "colony_taken",
                             "statue_carved", "feeding_revealed", "medals_revealed"})
#: Events whose lines go along when a message is posted anyway (a ping, a headline).
CONTEXT_EVENTS = frozenset({"wheel_set", "took", "income", "phase_b_started", "epoch_started"})
MAX_CONTENT = 2000
MAX_REVEAL_IMAGES = 4


# ---------------------------------------------------------------------- coalescing (pure)


def human_waiting(update: Update) -> list[Waiting]:
    """The decisions of ``update.waiting`` that a person (not an AI, not conceded, not taken
    over by the AI after missed deadlines or a vote) must take."""
    seats = {s.seat: s for s in update.seats}
    return [w for w in update.waiting if is_human(seats.get(w.seat))]


@dataclass
class Batch:
    """The updates of one game gathered into one flush, and the decisions to announce."""

    game_id: int
    updates: list[Update]
    ping: list[Waiting] = field(default_factory=list)

    @property
    def last(self) -> Update:
        return self.updates[-1]

    @property
    def status(self) -> str:
        return self.last.status

    @property
    def lobby_changed(self) -> bool:
        """The lobby message must be redrawn (seats changed, the game started or was
        cancelled)."""
        return any(u.status == LOBBY or u.cause in (STARTED, CAUSE_ABANDONED)
                   for u in self.updates)

    @property
    def board_changed(self) -> bool:
        """The board message must be edited: anything happened in a started game."""
        return any(u.status != LOBBY for u in self.updates)

    @property
    def over(self) -> bool:
        return any(u.over for u in self.updates)

    @property
    def abandoned(self) -> bool:
        return any(u.cause == CAUSE_ABANDONED for u in self.updates)

    @property
    def events(self) -> list[dict[str, Any]]:
        return [ev for u in self.updates for ev in u.public]

    @property
    def conceded(self) -> list[int]:
        return [seat for u in self.updates if u.cause == CONCEDED for seat, _ in u.by]


class Coalescer:
    """Per game: gather updates and say when to flush them (see the module docstring).

    Pure: time is passed in (``now``), nothing is awaited. ``push`` returns when the game is
    due; ``take`` hands over the batch once due and remembers which people's decisions it
    announces, so each decision is announced once."""

    def __init__(self, quiet: float = 0.6, urgent: float = 0.1, max_wait: float = 4.0,
                 min_interval: float = 1.0) -> None:
        self.quiet, self.urgent, self.max_wait, self.min_interval = (
            quiet, urgent, max_wait, min_interval)
        self._pending: dict[int, list[Update]] = {}
        self._first: dict[int, float] = {}
        self._last: dict[int, float] = {}
        self._hurry: set[int] = set()
        self._flushed: dict[int, float] = {}
        self._announced: dict[int, set[tuple[int, str]]] = defaultdict(set)

    def is_urgent(self, update: Update) -> bool:
        """Flush soon: the lobby changed, the game started or ended, or a person must now
        take a decision not announced yet."""
        if update.status != ACTIVE or update.cause == STARTED or update.over:
            return True
        seen = self._announced[update.game_id]
        return any((w.seat, w.decision_id) not in seen for w in human_waiting(update))

    def push(self, update: Update, now: float) -> float:
        gid = update.game_id
        self._pending.setdefault(gid, []).append(update)
        self._first.setdefault(gid, now)
        self._last[gid] = now
        if self.is_urgent(update):
            self._hurry.add(gid)
        due = self.due(gid)
        assert due is not None
        return due

    def due(self, game_id: int) -> float | None:
        """When the game's pending updates should be flushed (None: nothing pending)."""
        if game_id not in self._pending:
            return None
        wait = self.urgent if game_id in self._hurry else self.quiet
        when = min(self._last[game_id] + wait, self._first[game_id] + self.max_wait)
        return max(when, self._flushed.get(game_id, -math.inf) + self.min_interval)

    def pending(self) -> list[int]:
        return list(self._pending)

    def take(self, game_id: int, now: float, force: bool = False) -> Batch | None:
        """The game's batch if it is due (or ``force``), else None."""
        due = self.due(game_id)
        if due is None or (not force and now + 1e-9 < due):
            return None
        updates = self._pending.pop(game_id)
        self._first.pop(game_id, None)
        self._last.pop(game_id, None)
        self._hurry.discard(game_id)
        self._flushed[game_id] = now
        seen = self._announced[game_id]
        last = updates[-1]
        ping = [w for w in human_waiting(last) if (w.seat, w.decision_id) not in seen]
        seen.update((w.seat, w.decision_id) for w in ping)
        if last.status != ACTIVE:
            self.forget(game_id, keep_flush=True)
        return Batch(game_id, updates, ping)

    def forget(self, game_id: int, keep_flush: bool = False) -> None:
        self._announced.pop(game_id, None)
        if not keep_flush:
            self._flushed.pop(game_id, None)


# ---------------------------------------------------------------------- wording


def seat_names(record: GameRecord) -> dict[int, str]:
    return {s.seat: s.name for s in record.seats}


def status_line(view: dict[str, Any], record: GameRecord,
                waiting: Iterable[Waiting] = ()) -> str:
    """Epoch, phase, step, round and who we wait on (names: an edit notifies nobody), with
    each pending player's deadline as Discord timestamps when the game has time control."""
    names = seat_names(record)
    if record.status == ABANDONED:
        return t("table.status.abandoned", id=record.id)
    if view.get("over"):
        winners = ", ".join(names.get(s, "?") for s in view.get("winners") or [])
        return t("table.status.over", id=record.id, winners=winners or "—")
    step = view.get("step", "")
    where = t("table.status.where", id=record.id, epoch=EPOCH.get(view.get("epoch", 1), "?"),
              phase=view.get("phase", "?"), step=step_name(step))
    if step == "draft":
        where += t("table.status.round", n=int(view.get("round", 0)) + 1)
    elif step == "phase_b":
        where += t("table.status.turn", n=int(view.get("round", 0)) + 1)
    who = ", ".join(names.get(s, "?") for s in view.get("waiting_on", []))
    line = where + "\n" + t("table.status.waiting", names=who or "—")
    deadlines = board_deadlines(waiting, names)
    if deadlines:
        line += "\n" + deadlines
    return line


def event_lines(events: Iterable[dict[str, Any]], kinds: frozenset[str], players: list[str],
                catalog: Any) -> list[str]:
    lines: list[str] = []
    for ev in events:
        if ev.get("kind") in kinds:
            lines.extend(line.strip() for line in describe(ev, players, catalog) if line.strip())
    return lines


def ping_lines(ping: list[Waiting], seats: list[SeatRecord]) -> list[str]:
    """One line per decision kind: the mentions of the people who must take it."""
    users = {s.seat: s.user_id for s in seats}
    by_kind: dict[str, list[str]] = {}
    for w in ping:
        if users.get(w.seat) is not None:
            by_kind.setdefault(w.kind, []).append(f"<@{users[w.seat]}>")
    return [t("table.turn", mentions=" ".join(m), what=t(f"table.kind.{kind}"))
            for kind, m in by_kind.items()]


def fit(lines: list[str], tail: list[str], limit: int = MAX_CONTENT) -> str:
    """The lines and then the tail (pings, kept whole), within Discord's content limit: the
    oldest lines give way first."""
    tail_text = "\n".join(tail)
    room = limit - len(tail_text) - 2
    kept: list[str] = []
    for line in reversed(lines):
        if len(line) + 1 > room:
            kept.insert(0, "…")
            break
        kept.insert(0, line)
        room -= len(line) + 1
    return "\n".join([*kept, *tail])[:limit]


# ---------------------------------------------------------------------- the cog


@dataclass
class TableStats:
    """Per thread: what the table did (read by tests and operators)."""

    board_edits: int = 0
    board_posts: int = 0
    posts: int = 0
    lobby_edits: int = 0
    dms: int = 0
    dms_refused: int = 0

    @property
    def edits(self) -> int:
        return self.board_edits


class Table(commands.Cog):
    """Keeps every game's thread in step with the service."""

    def __init__(self, bot: HadaraBot, coalescer: Coalescer | None = None) -> None:
        self.bot = bot
        self.coalescer = coalescer or Coalescer()
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._wake: dict[int, float] = {}
        self._unsubscribe: Callable[[], None] | None = None
        self._notices = Tasks()  # notices of damaged games
        stats: defaultdict[int, TableStats] = bot.__dict__.setdefault(
            "table_stats", defaultdict(TableStats))
        self.stats = stats

    async def cog_load(self) -> None:
        self._unsubscribe = self.bot.service.subscribe(self.on_update)

    async def cog_unload(self) -> None:
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
        thread = await self._thread(int(thread_id))
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

    # -- scheduling ---------------------------------------------------------------------------

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
                batch = self.coalescer.take(gid, self._now(), force=True)
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
            batch = self.coalescer.take(gid, self._now(), force=True)
            if batch is not None:
                await self.flush(batch)

    # -- one flush ----------------------------------------------------------------------------

    async def _thread(self, thread_id: int) -> discord.Thread | None:
        channel = self.bot.get_channel(thread_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(thread_id)
            except discord.HTTPException as exc:
                log.warning("thread %s is gone (%s)", thread_id, exc)
                return None
        return channel if isinstance(channel, discord.Thread) else None

    async def flush(self, batch: Batch) -> None:
        gid = batch.game_id
        try:
            snap = await self.bot.service.load(gid)
        except Refusal:
            return
        # the thread is public: the server's language, whoever's click caused the update
        # (this task was started from inside that click and inherited its language)
        with speaking(await table_language(self.bot, snap.record)):
            await self._flush(batch, snap)

    async def _flush(self, batch: Batch, snap: Any) -> None:
        gid, record = batch.game_id, snap.record
        thread_id = record.discord.get("thread")
        if not thread_id:
            return  # not a Discord table (yet): open_table posts the lobby itself
        remember_thread(self.bot, thread_id, gid)
        thread = await self._thread(int(thread_id))
        if thread is None:
            return
        if thread.archived and record.status == ACTIVE:
            await self._unarchive(thread)  # an edit alone leaves an archived thread closed
        if batch.lobby_changed and record.discord.get("lobby"):
            await self._edit_lobby(thread, record)
        if snap.game is None:  # a lobby (or a lobby cancelled)
            if record.status == ABANDONED and batch.abandoned:
                await self._post(thread, t("table.abandoned_lobby", id=gid))
                await self._archive(thread)
            return
        if batch.board_changed or batch.status != ACTIVE:
            await self.update_board(gid, record, thread)
        await self._post_news(batch, record, snap.game, thread)
        if batch.over:
            await self._post_final(gid, record, thread)
        elif batch.abandoned and record.status == ABANDONED:
            await self._post(thread, t("table.abandoned", id=gid))
        if record.status in (FINISHED, ABANDONED) and (batch.over or batch.abandoned):
            await self._archive(thread)
        if batch.ping and record.status == ACTIVE:
            await self._send_dms(gid, record, batch.ping, thread)

    async def _edit_lobby(self, thread: discord.Thread, record: GameRecord) -> None:
        message = thread.get_partial_message(int(record.discord["lobby"]))
        try:
            await message.edit(embed=lobby_embed(record), view=lobby_view(record))
            self.stats[thread.id].lobby_edits += 1
        except discord.NotFound:
            log.info("lobby message of game %s is gone", record.id)

    async def _board_payload(self, gid: int, record: GameRecord) -> dict[str, Any]:
        images = await self.bot.service.board_images(gid, current())
        view = await self.bot.service.view(gid)
        waiting = await self.bot.service.waiting(gid) if record.status == ACTIVE else []
        files = [discord.File(io.BytesIO(images[name]), f"{name}.png")
                 for name in ("table", "players")]
        embeds = [discord.Embed(colour=discord.Colour.dark_gold()).set_image(
            url=f"attachment://{name}.png") for name in ("table", "players")]
        embeds[0].title = t("table.board.title", id=gid)
        components: discord.ui.View | None = None
        if record.status == ACTIVE:
            components = take_turn_view(gid, hints=bool(record.options.get("hints", False)))
        return {"content": status_line(view, record, waiting), "embeds": embeds, "files": files,
                "view": components}

    async def update_board(self, gid: int, record: GameRecord, thread: discord.Thread,
                           *, new: bool = False) -> discord.Message | discord.PartialMessage:
        """Edit the board message in place (post it if there is none, or if ``new``: then the
        old one loses its button). Returns the board message."""
        with speaking(await table_language(self.bot, record)):
            payload = await self._board_payload(gid, record)
        board_id = record.discord.get("board")
        if board_id and not new:
            message = thread.get_partial_message(int(board_id))
            try:
                edited = await message.edit(content=payload["content"],
                                            embeds=payload["embeds"],
                                            attachments=payload["files"], view=payload["view"],
                                            allowed_mentions=discord.AllowedMentions.none())
                self.stats[thread.id].board_edits += 1
                return edited
            except discord.NotFound:
                log.info("board message of game %s is gone; posting a new one", gid)
        if board_id and new:
            with contextlib.suppress(discord.HTTPException):
                await thread.get_partial_message(int(board_id)).edit(view=None)
        sent = await thread.send(content=payload["content"], embeds=payload["embeds"],
                                 files=payload["files"], view=payload["view"],
                                 allowed_mentions=discord.AllowedMentions.none())
        self.stats[thread.id].board_posts += 1
        await self.bot.service.set_discord(gid, {"board": sent.id})
        return sent

    async def private_board(self, gid: int) -> dict[str, Any]:
        """The board as the thread shows it, for a private answer: status line, images, no
        buttons (``/hadara board`` outside the game's server, or again within minutes)."""
        snap = await self.bot.service.load(gid)
        if snap.game is None:
            raise Refusal("not_started", "The game has not started yet.")
        payload = await self._board_payload(gid, snap.record)  # in the reader's language
        payload.pop("view", None)
        return payload

    async def repost_board(self, gid: int) -> discord.Message | discord.PartialMessage:
        """``/hadara board``: the board posted again at the bottom of the thread."""
        snap = await self.bot.service.load(gid)
        record = snap.record
        if snap.game is None:
            raise Refusal("not_started", "The game has not started yet.")
        thread_id = record.discord.get("thread")
        thread = await self._thread(int(thread_id)) if thread_id else None
        if thread is None:
            raise Denied("table.error.no_thread", id=gid)
        return await self.update_board(gid, record, thread, new=True)

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
        return message

    async def _post_news(self, batch: Batch, record: GameRecord, game: Any,
                         thread: discord.Thread) -> None:
        """One new message: headline events (with reveal pictures) and pings, if any."""
        players, catalog = game.players, game.catalog
        events = batch.events
        headline = [ev for ev in events if ev.get("kind") in HEADLINE_EVENTS]
        names = seat_names(record)
        conceded = [t("table.conceded", name=names.get(s, "?")) for s in batch.conceded]
        notices = notice_lines(batch.updates, record)
        repaired = [u for u in batch.updates if u.cause == REPAIRED]
        for u in repaired:  # the players are told what was lost (mentioned below)
            notices.append(t("storage.repaired.notice", game_id=batch.game_id,
                             dropped=u.dropped))
        pings = ping_lines(batch.ping, record.seats) if record.status == ACTIVE else []
        if not headline and not pings and not conceded and not notices:
            return
        lines = conceded + event_lines(events, HEADLINE_EVENTS | CONTEXT_EVENTS, players,
                                       catalog)
        files = await self._reveal_files(batch.game_id, headline)
        users = [s.user_id for s in record.seats
                 if s.user_id is not None and (repaired or s.seat in {w.seat for w in batch.ping})]
        if repaired:
            mentions = " ".join(f"<@{u}>" for u in users)
            notices[-1] = f"{mentions} {notices[-1]}".strip()
        extra: dict[str, Any] = {}
        votes = vote_seats(batch.updates) if record.status == ACTIVE else []
        view = vote_view(batch.game_id, votes, names)
        if view is not None:
            extra["view"] = view
        # the notices (deadlines, takeovers, votes, vacations) stay whole, like the pings
        await self._post(thread, fit(lines, notices + pings), users=users, files=files,
                         **extra)

    async def _reveal_files(self, gid: int, headline: list[dict[str, Any]]) -> list[discord.File]:
        reveals = [ev for ev in headline if ev.get("kind") == "round_revealed"]
        if not reveals:
            return []
        try:
            from rendering import render_reveal
        except ImportError:  # pragma: no cover - older renderer
            return []
        snap = await self.bot.service.load(gid)
        if snap.game is None:
            return []
        view = await self.bot.service.view(gid)
        catalog = snap.game.catalog
        files = []
        for i, ev in enumerate(reveals[-MAX_REVEAL_IMAGES:]):
            try:
                png = await asyncio.to_thread(render_reveal, ev, view, catalog, locale=current())
            except Exception:
                log.exception("reveal image of game %s failed", gid)
                continue
            files.append(discord.File(io.BytesIO(png), f"reveal-{i + 1}.png"))
        return files

    async def _post_final(self, gid: int, record: GameRecord, thread: discord.Thread) -> None:
        names = seat_names(record)
        snap = await self.bot.service.load(gid)
        winners = snap.game.winners() if snap.game is not None else []
        text = t("table.over", id=gid, winners=", ".join(names.get(s, "?") for s in winners))
        files = []
        try:
            png = await self.bot.service.scores_image(gid, current())
            files.append(discord.File(io.BytesIO(png), "scores.png"))
        except Exception:
            log.exception("score image of game %s failed", gid)
        await self._post(thread, text, files=files, view=rematch_view(gid))

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

    async def _send_dms(self, gid: int, record: GameRecord, ping: list[Waiting],
                        thread: discord.Thread) -> None:
        users = {s.seat: s.user_id for s in record.seats}
        store = self.bot.service.store
        for w in ping:
            uid = users.get(w.seat)
            if uid is None:
                continue
            try:
                settings = await store.get_user_settings(uid)
                if not settings.get("dm_turns", False):
                    continue
                user = self.bot.get_user(uid) or await self.bot.fetch_user(uid)
                with speaking(await user_language(self.bot, uid)):
                    sent = await send_panel_dm(self.bot, user, gid, w.seat)
            except Exception:
                log.exception("DM to user %s for game %s failed", uid, gid)
                continue
            if sent is None:
                self.stats[thread.id].dms_refused += 1  # the thread mention stands
            else:
                self.stats[thread.id].dms += 1


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Table(bot))  # type: ignore[arg-type]
