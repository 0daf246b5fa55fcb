"""Reliability as a table or a league sign-up shows it, and the minimum finish rate a table or
a league may ask for (docs/leagues.md, "Profiles and reliability").

The figures are worked out by the league side (``bot.league.profiles``, from the stored log);
the service only carries them: :class:`Board` is where it asks, and the league side plugs its
source in at start (``bot.league.app.Leagues``). Without a source nobody has figures, every
minimum is met, and the lobbies show none — a service used alone (the benches, the service's
own tests) behaves as before.

Counted on one server only: a person's games elsewhere are never shown, nor held against them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import refusals
from .refusals import Refusal

#: fewer counted games than this: "new" (shown as such, never a penalty)
NEW_BELOW = 5
#: the option (a table's ``options``, a league's ``settings``): the lowest finish rate, 0–1
MIN_FINISH = "min_finish"
#: the user setting (``/hadara settings hide_figures``): others do not see their figures
HIDE_FIGURES = "hide_figures"


@dataclass(frozen=True)
class Reliability:
    """What a lobby or a league sign-up shows of a person on the server. ``new`` (fewer than
    :data:`NEW_BELOW` games): show "new", and never refuse them for their figures."""

    user: int
    games: int
    new: bool
    finish_rate: float | None  # None: no game to judge by
    median_move: Mapping[str, float | None]  # seconds, by "live" / "timed"
    deadlines_met: float | None  # share, timed games; None: no decision in one

    def meets(self, minimum: float | None) -> bool:
        """A table's or league's minimum finish rate: new people always meet it."""
        return (minimum is None or self.new or self.finish_rate is None
                or self.finish_rate >= minimum)


#: (server, users) -> each user's reliability on that server
Source = Callable[[int, Sequence[int]], Awaitable[dict[int, Reliability]]]


def server_of(options: Mapping[str, Any], discord: Mapping[str, Any]) -> int | None:
    """A game's server: ``discord["guild"]``, else ``options["guild"]`` (league games)."""
    for where in (discord, options):
        g = where.get("guild")
        if isinstance(g, int) and not isinstance(g, bool):
            return g
    return None


def minimum_of(where: Mapping[str, Any]) -> float | None:
    """The minimum finish rate a table's options or a league's settings ask for (None: none)."""
    value = where.get(MIN_FINISH)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if 0 < value <= 1 else None


def check_minimum_value(value: object) -> float | None:
    """A minimum finish rate given as a percentage (0–100; 0 or None: none), as stored (0–1)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 100:
        raise Refusal(refusals.BAD_REQUEST, "A minimum finish rate is 0 to 100 (per cent).",
                      "bad_min_finish")
    return round(float(value) / 100, 4) or None


class Board:
    """Where the service asks for reliability (see the module)."""

    def __init__(self) -> None:
        self.source: Source | None = None

    async def of(self, guild: int | None, users: Sequence[int]) -> dict[int, Reliability]:
        """Each of ``users``' reliability on ``guild`` (none without a server or a source)."""
        if guild is None or self.source is None or not users:
            return {}
        return await self.source(guild, list(users))

    async def check(self, guild: int | None, user: int, minimum: float | None) -> None:
        """Refuse ``user`` a seat (a table's, a league's) when their finish rate on ``guild``
        is under ``minimum``; new people always pass (docs/leagues.md)."""
        if minimum is None:
            return
        mine = (await self.of(guild, [user])).get(user)
        if mine is not None and not mine.meets(minimum):
            rate = mine.finish_rate or 0.0
            raise Refusal(refusals.FINISH_RATE,
                          f"This table asks for a finish rate of {minimum:.0%}; yours here "
                          f"is {rate:.0%}.", percent=round(rate * 100),
                          minimum=round(minimum * 100))
