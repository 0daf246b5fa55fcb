"""The board message of a game's thread: the two pictures and the status line, edited in place
(or posted again at the bottom), and its counters per thread (``bot.table_stats``).

The board also carries the table's news — what happened since the thread's last message
(:class:`News`: the lines, and the latest round's reveal picture) — since a message that
pings nobody is not posted: its lines fold into the board, and into the next message that
pings someone, which takes them over."""

from __future__ import annotations

import contextlib
import hashlib
import io
import logging
from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.messages import t
from bot.service import Refusal
from bot.storage.base import ACTIVE, GameRecord
from cogs.edge.errors import Denied
from cogs.edge.language import table_language
from cogs.play.turns import take_turn_view
from i18n import current, speaking

from .coalescer import fit, status_line
from .follow import FollowButton

if TYPE_CHECKING:
    from bot.client import HadaraBot

log = logging.getLogger(__name__)

IMAGES = ("table", "players")
REVEAL = "reveal"  # the latest round's reveal picture, while it is news
#: News lines shown on the board (the oldest give way; the next message shows them all).
BOARD_NEWS_LINES = 6
#: News lines kept for the next message that pings someone.
MAX_NEWS_LINES = 40
#: Per board message: each picture's digest and the attachment Discord keeps for it, so an
#: edit re-uploads only the pictures that changed (a board edit carries ~300 KB otherwise).
_UPLOADED: dict[int, dict[str, tuple[str, discord.Attachment]]] = {}
MAX_KEPT = 4096  # boards remembered (older ones just upload both pictures again)


@dataclass
class TableStats:
    """Per thread: what the table did (read by tests and operators)."""

    board_edits: int = 0
    board_posts: int = 0
    posts: int = 0
    lobby_edits: int = 0
    uploads_kept: int = 0  # pictures an edit kept instead of uploading again
    dms: int = 0
    dms_refused: int = 0

    @property
    def edits(self) -> int:
        return self.board_edits


@dataclass
class News:
    """What happened at a game's table since the thread's last message."""

    lines: list[str] = field(default_factory=list)
    reveals: list[dict[str, Any]] = field(default_factory=list)  # round_revealed events
    reveal_png: bytes | None = None  # the latest of them, drawn for the board
    #: the lines and pings of the message the board was posted as (they stay on it, so the
    #: thread's history keeps what that message said), and that board's id
    head: tuple[list[str], list[str]] | None = None
    head_board: int | None = None

    def add(self, lines: list[str], reveals: list[dict[str, Any]]) -> None:
        self.lines = [*self.lines, *lines][-MAX_NEWS_LINES:]
        self.reveals = [*self.reveals, *reveals][-4:]

    def clear(self) -> None:
        """The news went out in a message (the board's own head stays)."""
        self.lines, self.reveals, self.reveal_png = [], [], None


def news(bot: HadaraBot, gid: int) -> News:
    """The game's news (kept on the bot, in memory: after a restart the board starts
    without)."""
    out: dict[int, News] = bot.__dict__.setdefault("table_news", {})
    return out.setdefault(gid, News())


def stats(bot: HadaraBot) -> defaultdict[int, TableStats]:
    """The counters of every thread (kept on the bot: they outlive a reloaded cog)."""
    out: defaultdict[int, TableStats] = bot.__dict__.setdefault("table_stats",
                                                                defaultdict(TableStats))
    return out


async def get_thread(bot: HadaraBot, thread_id: int) -> discord.Thread | None:
    channel = bot.get_channel(thread_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(thread_id)
        except discord.HTTPException as exc:
            log.warning("thread %s is gone (%s)", thread_id, exc)
            return None
    return channel if isinstance(channel, discord.Thread) else None


async def payload(bot: HadaraBot, gid: int, record: GameRecord,
                  head: tuple[list[str], list[str]] | None = None) -> dict[str, Any]:
    """The board message in the language being spoken: the news (or ``head``: the lines and
    pings of a message the board is posted as), the status line, the two pictures (and the
    latest reveal while it is news), and "Take my turn" (and "Follow") while the game is in
    play (one service call for everything)."""
    board = await bot.service.board(gid, current())
    images = {name: board.images[name] for name in IMAGES}
    told = news(bot, gid) if record.status == ACTIVE else News()
    if told.reveal_png is not None:
        images[REVEAL] = told.reveal_png
    embeds = [discord.Embed(colour=discord.Colour.dark_gold()).set_image(
        url=f"attachment://{name}.png") for name in images]
    embeds[0].title = t("table.board.title", id=gid)
    components: discord.ui.View | None = None
    if record.status == ACTIVE:
        components = take_turn_view(gid, hints=bool(record.options.get("hints", False)))
        components.add_item(FollowButton(gid))  # the board only (not the messages that ping)
    status = status_line(board.view, record, board.waiting)
    recent = told.lines[-BOARD_NEWS_LINES:]
    if head is not None:  # the lines and pings of the message the board is (whole), then news
        content = fit([*head[0], *head[1], *recent], [status])
        if content.startswith("…") or not all(p in content for p in head[1]):
            content = fit(head[0], [*head[1], status])  # too long: the pings before news
    else:
        content = fit(recent, [status])
    return {"content": content, "embeds": embeds, "images": images, "view": components}


def files(images: dict[str, bytes]) -> list[discord.File]:
    return [discord.File(io.BytesIO(png), f"{name}.png") for name, png in images.items()]


def _digest(png: bytes) -> str:
    return hashlib.sha256(png).hexdigest()


def _keep(message: discord.Message | discord.PartialMessage, images: dict[str, bytes],
          reused: dict[str, tuple[str, discord.Attachment]]) -> None:
    """Remember the attachments of a board message just sent or edited."""
    if not isinstance(message, discord.Message):
        return
    by_name = {a.filename: a for a in message.attachments}
    kept = {}
    for name, png in images.items():
        attachment = by_name.get(f"{name}.png")
        if attachment is not None:
            kept[name] = (_digest(png), attachment)
        elif name in reused:
            kept[name] = reused[name]
    if len(_UPLOADED) >= MAX_KEPT:
        _UPLOADED.pop(next(iter(_UPLOADED)))
    _UPLOADED[message.id] = kept


async def update_board(bot: HadaraBot, gid: int, record: GameRecord, thread: discord.Thread,
                       *, new: bool = False, head: tuple[list[str], list[str]] | None = None,
                       users: list[int] | None = None,
                       ) -> discord.Message | discord.PartialMessage:
    """Edit the board message in place (post it if there is none, or if ``new``: then the old
    one loses its button). ``head`` and ``users``: a new board that is also the message
    pinging ``users`` (its lines and mentions before the status line). Returns the board
    message."""
    board_id = record.discord.get("board")
    told = news(bot, gid)
    if head is None and not new and board_id and told.head_board == int(board_id):
        head = told.head  # the board was posted as a message that pinged: it keeps saying so
    with speaking(await table_language(bot, record)):
        sent_payload = await payload(bot, gid, record, head)
    counters = stats(bot)[thread.id]
    images: dict[str, bytes] = sent_payload["images"]
    if board_id and not new:
        message = thread.get_partial_message(int(board_id))
        known = _UPLOADED.get(int(board_id), {})
        reused = {name: known[name] for name, png in images.items()
                  if name in known and known[name][0] == _digest(png)}
        attachments: list[discord.Attachment | discord.File] = [
            reused[name][1] if name in reused else discord.File(io.BytesIO(png), f"{name}.png")
            for name, png in images.items()]
        try:
            edited = await message.edit(content=sent_payload["content"],
                                        embeds=sent_payload["embeds"],
                                        attachments=attachments, view=sent_payload["view"],
                                        allowed_mentions=discord.AllowedMentions.none())
            counters.board_edits += 1
            counters.uploads_kept += len(reused)
            _keep(edited, images, reused)
            return edited
        except discord.NotFound:
            log.info("board message of game %s is gone; posting a new one", gid)
    if board_id and new:
        with contextlib.suppress(discord.HTTPException):
            await thread.get_partial_message(int(board_id)).edit(view=None)
    mentions = discord.AllowedMentions(everyone=False, roles=False,
                                       users=[discord.Object(u) for u in users or ()])
    sent = await thread.send(content=sent_payload["content"], embeds=sent_payload["embeds"],
                             files=files(images), view=sent_payload["view"],
                             allowed_mentions=mentions)
    counters.board_posts += 1
    told.head, told.head_board = (head, sent.id) if head is not None else (None, None)
    _keep(sent, images, {})
    await bot.service.set_discord(gid, {"board": sent.id})
    return sent


async def private_board(bot: HadaraBot, gid: int) -> dict[str, Any]:
    """The board as the thread shows it, for a private answer: status line, pictures, no
    buttons (``/hadara board`` outside the game's server, or again within minutes), in the
    reader's language."""
    record = await bot.service.record(gid)
    if record.setup is None:
        raise Refusal("not_started", "The game has not started yet.")
    out = await payload(bot, gid, record)
    out.pop("view", None)
    out["files"] = files(out.pop("images"))
    return out


async def repost_board(bot: HadaraBot, gid: int) -> discord.Message | discord.PartialMessage:
    """``/hadara board``: the board posted again at the bottom of the thread."""
    record = await bot.service.record(gid)
    if record.setup is None:
        raise Refusal("not_started", "The game has not started yet.")
    thread_id = record.discord.get("thread")
    thread = await get_thread(bot, int(thread_id)) if thread_id else None
    if thread is None:
        raise Denied("table.error.no_thread", id=gid)
    return await update_board(bot, gid, record, thread, new=True)
