"""The turn digest's message in words (the language being spoken), without the network: one
line per game waiting on the player — its number, what it waits for, how long it has waited
and its deadline as a Discord timestamp — the longest-waiting first, as many as fit
Discord's limits (2,000 characters, 25 buttons: one "Take my turn" each), then how many more
and where to find them all (``/hadara games``). Pure: tests call it without a bot."""

from __future__ import annotations

from dataclasses import dataclass

from bot.messages import t
from bot.service.screens import GameLine
from bot.service.turn_digest import TurnDigest
from cogs.edge import times
from cogs.edge.times import stamp

MAX_CONTENT = 2000  # a message's text (Discord)
MAX_BUTTONS = 25  # a message's buttons: 5 rows of 5 (Discord)


@dataclass(frozen=True)
class Layout:
    """The message's text, and the games listed in it (one button each), in order."""

    text: str
    listed: tuple[int, ...]


def waited_text(seconds: float) -> str:
    """How long a game has waited: minutes under an hour, hours under two days, else days."""
    return times.waited_text(seconds, "turn_digest")


def game_line(line: GameLine, now: float) -> str:
    """One game waiting on the player."""
    deadline = t("turn_digest.deadline", rel=stamp(line.deadline, "R")) \
        if line.deadline is not None else ""
    since = line.since if line.since is not None else now
    return t("turn_digest.line", id=line.game_id, what=t(f"table.kind.{line.your_turn}"),
             waited=waited_text(max(0.0, now - since)), deadline=deadline)


def layout(digest: TurnDigest, now: float, buttons: int = MAX_BUTTONS) -> Layout:
    """The digest's message at ``now``: as many games as fit the text and ``buttons``."""
    head = t("turn_digest.title", count=len(digest.lines))
    footer = t("turn_digest.footer")
    lines: list[str] = []
    listed: list[int] = []
    for i, line in enumerate(digest.lines):
        text = game_line(line, now)
        left = len(digest.lines) - i - 1
        more = [t("turn_digest.more", count=left)] if left else []
        if len(listed) >= buttons or len("\n".join(
                [head, *lines, text, *more, footer])) > MAX_CONTENT:
            break
        lines.append(text)
        listed.append(line.game_id)
    left = len(digest.lines) - len(listed)
    more = [t("turn_digest.more", count=left)] if left else []
    return Layout("\n".join([head, *lines, *more, footer])[:MAX_CONTENT], tuple(listed))
