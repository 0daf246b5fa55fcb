"""The table's state in this process, one :class:`GameTable` per game and the counters of each
thread, kept on the bot (``bot.kept``): it outlives a reloaded extension, and after a restart a
game's board simply starts without news."""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field

import discord

from cogs.edge.client import HadaraBot
from hadara.types import Event

#: News lines kept for the next message that pings someone.
MAX_NEWS_LINES = 40
#: Boards whose pictures are remembered (older ones just upload both pictures again).
MAX_KEPT = 4096

#: Each picture of a board message: its digest and the attachment Discord keeps for it.
Uploads = dict[str, tuple[str, discord.Attachment]]


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
    """What happened at a game's table since the thread's last message, and the version of
    the game's log the table's news reached (``GameService.news``)."""

    lines: list[str] = field(default_factory=list)
    reveals: list[Event] = field(default_factory=list)  # round_revealed events
    reveal_png: bytes | None = None  # the latest of them, drawn for the board
    #: the lines and pings of the message the board was posted as (they stay on it, so the
    #: thread's history keeps what that message said), and that board's id
    head: tuple[list[str], list[str]] | None = None
    head_board: int | None = None
    #: the log's version the news was taken up to: the ``since`` of the next (None: not
    #: known, after a restart or a flush that told nothing)
    since: int | None = None

    def add(self, lines: list[str], reveals: list[Event]) -> None:
        self.lines = [*self.lines, *lines][-MAX_NEWS_LINES:]
        self.reveals = [*self.reveals, *reveals][-4:]

    def clear(self) -> None:
        """The news went out in a message (the board's own head stays)."""
        self.lines, self.reveals, self.reveal_png = [], [], None


@dataclass
class GameTable:
    """One game's table: its news, where its board stands in the thread, what its board
    message's pictures are on Discord, and whether its rematch is being opened."""

    news: News = field(default_factory=News)
    below: int = 0  # messages posted below its board
    edited: float = -math.inf  # when its board was last shown
    tagged: str | None = None  # the status its forum post is tagged as
    #: the board message whose pictures :attr:`uploads` are, so an edit re-uploads only the
    #: pictures that changed (a board edit carries ~300 KB otherwise)
    board: int | None = None
    uploads: Uploads = field(default_factory=dict)
    rematching: bool = False  # its rematch is being opened (another click is refused)


@dataclass
class Tables:
    """Every game's table, and every thread's counters."""

    games: dict[int, GameTable] = field(default_factory=dict)
    stats: defaultdict[int, TableStats] = field(
        default_factory=lambda: defaultdict(TableStats))
    #: the games whose board pictures are remembered, oldest first
    uploaded: dict[int, None] = field(default_factory=dict)

    def of(self, game_id: int) -> GameTable:
        return self.games.setdefault(game_id, GameTable())

    def keep_uploads(self, game_id: int, board: int, uploads: Uploads) -> None:
        """Remember the pictures of a game's board message (of :data:`MAX_KEPT` boards at
        most: the oldest forget theirs)."""
        table = self.of(game_id)
        table.board, table.uploads = board, uploads
        self.uploaded.pop(game_id, None)
        self.uploaded[game_id] = None
        while len(self.uploaded) > MAX_KEPT:
            oldest = self.games[next(iter(self.uploaded))]
            del self.uploaded[next(iter(self.uploaded))]
            oldest.board, oldest.uploads = None, {}

    def uploads_of(self, game_id: int, board: int) -> Uploads:
        """The remembered pictures of the game's board message ``board`` (none: not known)."""
        table = self.games.get(game_id)
        return table.uploads if table is not None and table.board == board else {}


def tables(bot: HadaraBot) -> Tables:
    """The table's state at this bot."""
    return bot.kept.get(Tables)
