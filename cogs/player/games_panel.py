"""The games panel of ``/hadara games`` as plain data: which of a player's games a page shows,
in which words, and which buttons it carries — no discord.py, no network (``cog.py`` turns a
:class:`GamesPage` into an embed and a view; ``tests/cogs/test_games_panel.py`` reads it).

The games come in the service's order (``GameService.games``): the games waiting on the
player first, the one waiting longest at the top — each with how long it has waited, its
deadline as a Discord timestamp (shown in the reader's own zone) and its own "Take my turn"
button — then the games waiting on others (the soonest deadline first), then the open lobbies,
with their threads. A page holds :data:`PAGE_SIZE` games so it reads on a phone, and the
buttons stay within Discord's limits however many games there are: one row of "Take my
turn" (at most five), the boards of the page's games in play (one row, and one more for the
links "in a browser" beside the board inside Discord), and "Previous" / "Next" when there is
more than one page.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from bot.messages import t
from bot.service.screens import GameLine, GamesList
from bot.storage.base import LOBBY
from cogs.edge import times
from cogs.edge.times import deadline_text, stamp

#: Games on one page: five short entries fit a phone's screen, and a row of five buttons.
PAGE_SIZE = 5
#: Pages at most (the games beyond are counted, not shown: ``GamesList.more``).
MAX_PAGES = 20
#: Games asked of the service for the panel (``GameService.games(limit=…)``).
LISTED = PAGE_SIZE * MAX_PAGES

# Discord's limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits)
MAX_TITLE = 256
MAX_DESCRIPTION = 4096
MAX_FOOTER = 2048
MAX_LABEL = 80


#: The sections of the panel, in order: their heading's key.
YOURS, OTHERS, LOBBIES = "yours", "others", "lobbies"


@dataclass(frozen=True)
class GamesPage:
    """One page of the games panel.

    ``turns``: the games on this page waiting on the player, each with the label of its
    "Take my turn" button (in the list's order); ``boards``: the page's games in play (their
    "Open the board"); ``page`` counts from 0 of ``pages``; ``previous`` / ``next``: the page
    each button goes to (None: no such button)."""

    title: str
    lines: tuple[str, ...]
    footer: str | None
    turns: tuple[tuple[int, str], ...]
    boards: tuple[int, ...]
    page: int
    pages: int

    @property
    def description(self) -> str:
        return "\n".join(self.lines)

    @property
    def previous(self) -> int | None:
        return self.page - 1 if self.page > 0 else None

    @property
    def next(self) -> int | None:
        return self.page + 1 if self.page + 1 < self.pages else None


def section(line: GameLine) -> str:
    """Which section a game belongs in: waiting on the player, on others, or a lobby."""
    if line.your_turn is not None:
        return YOURS
    return LOBBIES if line.status == LOBBY else OTHERS


def page_count(count: int) -> int:
    """The pages ``count`` games take (at least one)."""
    return max(1, min(MAX_PAGES, -(-count // PAGE_SIZE)))


def waited_text(seconds: float) -> str:
    """How long a game has waited on the player: minutes under an hour, hours under two
    days, else days (always at least one minute)."""
    return times.waited_text(seconds, "games.panel.waited")


def deadline_words(when: float) -> str:
    """The deadline as Discord timestamps: the date and time in the reader's zone, and how
    far it is (``<t:…:f>`` and ``<t:…:R>``)."""
    return t("games.panel.deadline", at=stamp(when, "f"), rel=stamp(when, "R"))


def _where(line: GameLine) -> str:
    thread = line.discord.get("thread")
    return t("games.panel.where", thread=thread) if thread else ""


def game_lines(line: GameLine, now: float) -> list[str]:
    """A game's entry: one line, and for a game waiting on the player a second one — how long
    it has waited and until when they may decide."""
    where = _where(line)
    if line.your_turn is not None:
        out = [t("games.panel.turn", id=line.game_id, what=t(f"table.kind.{line.your_turn}"),
                 where=where)]
        when = []
        if line.since is not None:
            when.append(waited_text(max(0.0, now - line.since)))
        if line.deadline is not None:
            when.append(deadline_words(line.deadline))
        if when:
            out.append(t("games.panel.when", what=" · ".join(when)))
        return out
    if line.status == LOBBY:
        return [t("games.panel.lobby", id=line.game_id, taken=line.seats_taken,
                  size=line.size, where=where)]
    text = t("games.panel.waiting", id=line.game_id, names=", ".join(line.waiting) or "—",
             where=where)
    if line.deadline is not None:
        text += t("games.panel.others_deadline", at=stamp(line.deadline, "R"))
    return [text]


def games_page(mine: GamesList, page: int, now: float) -> GamesPage:
    """Page ``page`` (from 0; clamped to the pages there are) of the player's games ``mine``
    (in the service's order, as listed), at time ``now`` (the service's clock)."""
    games = mine.games[:PAGE_SIZE * MAX_PAGES]
    pages = page_count(len(games))
    page = min(max(0, page), pages - 1)
    shown = games[page * PAGE_SIZE:(page + 1) * PAGE_SIZE]
    counts = Counter(section(line) for line in games)
    lines: list[str] = []
    if page == 0 and not counts[YOURS]:
        lines.append(t("games.panel.nothing"))
    heading: str | None = None
    for line in shown:
        if section(line) != heading:  # each section's heading, again on a page it goes on
            heading = section(line)
            lines.append(t(f"games.panel.{heading}", count=counts[heading]))
        lines += game_lines(line, now)
    more = mine.more + len(mine.games) - len(games)
    if more and page == pages - 1:
        lines.append(t("games.panel.more", count=more))
    if mine.away_until is not None:
        lines.append(t("md.games.away", at=deadline_text(mine.away_until)))
    turns = tuple((line.game_id, _clip(t("games.panel.take", id=line.game_id), MAX_LABEL))
                  for line in shown if line.your_turn is not None)
    boards = tuple(line.game_id for line in shown
                   if line.status != LOBBY and line.seat is not None)
    footer = t("games.panel.page", page=page + 1, pages=pages) if pages > 1 else None
    return GamesPage(
        title=_clip(t("games.panel.title", count=len(mine.games) + mine.more), MAX_TITLE),
        lines=_fit(lines), footer=footer, turns=turns, boards=boards, page=page,
        pages=pages)


def _clip(text: str, most: int) -> str:
    return text if len(text) <= most else text[:most - 1] + "…"


def _fit(lines: Sequence[str]) -> tuple[str, ...]:
    """The lines within an embed's description (the last ones dropped first; a page of five
    games never comes near it, names of 32 characters and all)."""
    out = list(lines)
    while len(out) > 1 and len("\n".join(out)) > MAX_DESCRIPTION:
        out.pop()
    if len("\n".join(out)) > MAX_DESCRIPTION:
        out = [_clip("\n".join(out), MAX_DESCRIPTION)]
    return tuple(out)
