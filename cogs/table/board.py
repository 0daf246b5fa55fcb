"""The board message of a game's thread: the two pictures and the status line, edited in place
(or posted again at the bottom), counted per thread (``state.TableStats``).

The board also carries the table's news — what happened since the thread's last message
(``state.News``: the lines, and the latest round's reveal picture) — since a message that
pings nobody is not posted: its lines fold into the board, and into the next message that
pings someone, which takes them over. "Take my turn" on it is the ``Play`` feature's
(``cogs.edge.offers``)."""

from __future__ import annotations

import contextlib
import hashlib
import io
import logging
from dataclasses import dataclass

import discord

from bot.messages import t
from bot.service import Refusal
from bot.storage.base import ACTIVE, GameRecord
from cogs.edge.board_link import add_watch_button
from cogs.edge.client import HadaraBot
from cogs.edge.errors import Denied
from cogs.edge.language import table_language
from cogs.edge.launch import add_launch_button
from cogs.edge.offers import offers
from i18n import current, speaking

from .coalescer import fit, status_line
from .follow import FollowButton
from .state import News, Uploads, tables

log = logging.getLogger(__name__)

IMAGES = ("table", "players")
REVEAL = "reveal"  # the latest round's reveal picture, while it is news
#: News lines shown on the board (the oldest give way; the next message shows them all).
BOARD_NEWS_LINES = 6


async def get_thread(bot: HadaraBot, thread_id: int) -> discord.Thread | None:
    channel = bot.get_channel(thread_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(thread_id)
        except discord.HTTPException as exc:
            log.warning("thread %s is gone (%s)", thread_id, exc)
            return None
    return channel if isinstance(channel, discord.Thread) else None


@dataclass
class BoardMessage:
    """A board message: its text (the news, the status line), one embed per picture, the
    pictures by name, and its buttons (None: a game no longer in play)."""

    content: str
    embeds: list[discord.Embed]
    images: dict[str, bytes]
    view: discord.ui.View | None

    def files(self) -> list[discord.File]:
        return files(self.images)


async def payload(bot: HadaraBot, gid: int,
                  head: tuple[list[str], list[str]] | None = None) -> BoardMessage:
    """The board message in the language being spoken: the news (or ``head``: the lines and
    pings of a message the board is posted as), the status line, the two pictures (and the
    latest reveal while it is news), and "Take my turn" (and "Follow", "Open the board" when
    the board opens inside Discord as an Activity, and "Watch live" where the game may be
    watched on the web page) while the game is in play (one service call for everything:
    ``GameService.board``; and the policy's ``spectate`` when the page is on)."""
    board = await bot.service.board(gid, current())
    images = {name: board.images[name] for name in IMAGES}
    told = tables(bot).of(gid).news if board.status == ACTIVE else News()
    if told.reveal_png is not None:
        images[REVEAL] = told.reveal_png
    embeds = [discord.Embed(colour=discord.Colour.dark_gold()).set_image(
        url=f"attachment://{name}.png") for name in images]
    embeds[0].title = t("table.board.title", id=gid)
    components: discord.ui.View | None = None
    if board.status == ACTIVE:
        components = offers(bot).take_turn(gid, board.hints)
        components.add_item(FollowButton(gid))  # the board only (not the messages that ping)
        # "Open the board" when the board opens inside Discord (the Activity, for players
        # and members alike), and "Watch live" when its server allows spectators
        add_launch_button(bot, gid, components)
        await add_watch_button(bot, gid, components)
    status = status_line(board)
    recent = told.lines[-BOARD_NEWS_LINES:]
    if head is not None:  # the lines and pings of the message the board is (whole), then news
        content = fit([*head[0], *head[1], *recent], [status])
        if content.startswith("…") or not all(p in content for p in head[1]):
            content = fit(head[0], [*head[1], status])  # too long: the pings before news
    else:
        content = fit(recent, [status])
    return BoardMessage(content, embeds, images, components)


def files(images: dict[str, bytes]) -> list[discord.File]:
    return [discord.File(io.BytesIO(png), f"{name}.png") for name, png in images.items()]


def _digest(png: bytes) -> str:
    return hashlib.sha256(png).hexdigest()


def _keep(bot: HadaraBot, gid: int, message: discord.Message | discord.PartialMessage,
          images: dict[str, bytes], reused: Uploads) -> None:
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
    tables(bot).keep_uploads(gid, message.id, kept)


async def update_board(bot: HadaraBot, gid: int, record: GameRecord, thread: discord.Thread,
                       *, new: bool = False, head: tuple[list[str], list[str]] | None = None,
                       users: list[int] | None = None,
                       ) -> discord.Message | discord.PartialMessage:
    """Edit the board message in place (post it if there is none, or if ``new``: then the old
    one loses its button). ``head`` and ``users``: a new board that is also the message
    pinging ``users`` (its lines and mentions before the status line). Returns the board
    message."""
    board_id = record.discord.get("board")
    state = tables(bot)
    told = state.of(gid).news
    if head is None and not new and board_id and told.head_board == int(board_id):
        head = told.head  # the board was posted as a message that pinged: it keeps saying so
    with speaking(await table_language(bot, record)):
        board = await payload(bot, gid, head)
    counters = state.stats[thread.id]
    images = board.images
    if board_id and not new:
        message = thread.get_partial_message(int(board_id))
        known = state.uploads_of(gid, int(board_id))
        reused = {name: known[name] for name, png in images.items()
                  if name in known and known[name][0] == _digest(png)}
        attachments: list[discord.Attachment | discord.File] = [
            reused[name][1] if name in reused else discord.File(io.BytesIO(png), f"{name}.png")
            for name, png in images.items()]
        try:
            edited = await message.edit(content=board.content, embeds=board.embeds,
                                        attachments=attachments, view=board.view,
                                        allowed_mentions=discord.AllowedMentions.none())
            counters.board_edits += 1
            counters.uploads_kept += len(reused)
            _keep(bot, gid, edited, images, reused)
            return edited
        except discord.NotFound:
            log.info("board message of game %s is gone; posting a new one", gid)
    if board_id and new:
        with contextlib.suppress(discord.HTTPException):
            await thread.get_partial_message(int(board_id)).edit(view=None)
    mentions = discord.AllowedMentions(everyone=False, roles=False,
                                       users=[discord.Object(u) for u in users or ()])
    if board.view is None:  # a game no longer in play: a board without buttons
        sent = await thread.send(content=board.content, embeds=board.embeds,
                                 files=board.files(), allowed_mentions=mentions)
    else:
        sent = await thread.send(content=board.content, embeds=board.embeds,
                                 files=board.files(), view=board.view, allowed_mentions=mentions)
    counters.board_posts += 1
    told.head, told.head_board = (head, sent.id) if head is not None else (None, None)
    _keep(bot, gid, sent, images, {})
    await bot.service.set_discord(gid, {"board": sent.id})
    return sent


async def private_board(bot: HadaraBot, gid: int) -> BoardMessage:
    """The board as the thread shows it, for a private answer: status line, pictures, no
    buttons (``/hadara board`` outside the game's server, or again within minutes), in the
    reader's language."""
    out = await payload(bot, gid)  # (``not_started`` in its lobby)
    out.view = None
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
