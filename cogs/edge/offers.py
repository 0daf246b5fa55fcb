"""What one feature offers the messages of another, by composition: the feature registers its
part when its cog loads and takes it back when it unloads; the feature that posts the message
asks for it here (``offers(bot)``) and imports nothing of the other. A feature not loaded
offers nothing, and the message goes without.

- ``Play``: "Take my turn" (and "Hint") on the board, a ping and a reminder; a seat's panel by
  DM; "Take my turn" for one game in the games panel (``Player``), opening its panel in place.
- ``League``: "Profile" buttons beside the names in a lobby and under the final scores.
- ``Replay``: "Watch the replay" under a finished game's scores; "Try it again" under a
  review's decisions (a practice game forked from one).
- ``Multiday``: the thread's notices of a game's updates (expiries, takeovers, votes,
  vacations, queued choices played) and the vote buttons that go with them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field

import discord

from bot.service import Update
from bot.storage.base import GameRecord

from .client import HadaraBot

#: A button another feature's message carries.
Item = discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]]


@dataclass(frozen=True)
class Notices:
    """The thread's notices of a batch of updates: lines kept whole, and the buttons of the
    votes they offer."""

    lines: list[str] = field(default_factory=list)
    votes: discord.ui.View | None = None


def _no_turn(game_id: int, hints: bool) -> discord.ui.View:
    return discord.ui.View(timeout=None)


async def _no_dm(user_id: int, game_id: int, seat: int) -> discord.Message | None:
    return None


def _no_notices(updates: Sequence[Update], record: GameRecord,
                names: Mapping[int, str]) -> Notices:
    return Notices()


@dataclass
class Offers:
    """The parts on offer, kept on the bot (``bot.kept``)."""

    #: (game, hints) -> a view with "Take my turn" (and "Hint"): Play
    take_turn: Callable[[int, bool], discord.ui.View] = _no_turn
    #: (user, game, seat) -> the panel sent by DM, or None (refused, or nothing to decide):
    #: Play
    panel_dm: Callable[[int, int, int], Awaitable[discord.Message | None]] = _no_dm
    #: (game, label, row) -> "Take my turn" that makes the message it is on the clicker's
    #: panel of that game, in place (the games panel of ``/hadara games``): Play
    open_game: Callable[[int, str, int | None], Item] | None = None
    #: game -> "Watch the replay": Replay
    watch_replay: Callable[[int], Item] | None = None
    #: (game, the decision's log index, its number in the review) -> "Try it again": Replay
    try_again: Callable[[int, int, int | None], Item] | None = None
    #: (user, name, row) -> "Profile" beside a name (a lobby's, the final scores'): that
    #: person's profile on the server, privately: League
    profile: Callable[[int, str, int | None], Item] | None = None
    #: (a game's updates, its record, seat names) -> the thread's notices: Multiday
    notices: Callable[[Sequence[Update], GameRecord, Mapping[int, str]], Notices] = _no_notices

    def withdraw(self, *names: str) -> None:
        """Take parts back (the feature unloads): each is what it is when nobody offers it."""
        defaults = {f.name: f.default for f in dataclasses.fields(self)}
        for name in names:
            setattr(self, name, defaults[name])


def offers(bot: HadaraBot) -> Offers:
    """The parts on offer at this bot."""
    return bot.kept.get(Offers)
