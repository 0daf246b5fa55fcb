"""Live players: whoever acted (or opened their panel) in the last few minutes is at the
table, so their open panel moves on to their next decision by itself and the table neither
pings nor DMs them (``cogs.table``'s coalescer asks :func:`live_until`).

A panel is the message of the player's latest interaction with it (an ephemeral panel or a DM
panel): Discord lets the bot edit it through that interaction for 15 minutes. The registry is
per process and in memory — after a restart nobody is live, and the table pings as before.
Each open panel has a lock: a click holds it while the choice is stored and the panel edited,
so a move triggered by the same update waits and then finds nothing to do (no double edit,
never an older decision over a newer one).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import discord

log = logging.getLogger(__name__)

#: A player is live this long after they last acted or opened their panel.
LIVE_WINDOW = 5 * 60.0
#: An interaction's token lets the bot edit its message for 15 minutes; keep a margin.
TOKEN_LIFE = 14 * 60.0

Interaction = discord.Interaction[Any]


def _now() -> float:
    """Discord's clock (virtual under simcord)."""
    return discord.utils.utcnow().timestamp()


@dataclass
class OpenPanel:
    """A seat's panel that can still be edited through the interaction that showed it."""

    interaction: Interaction
    user_id: int
    token_at: float  # when Discord issued the interaction's token
    acted_at: float  # the player's last click or open
    shown: str | None  # the decision the panel shows (None: a waiting panel)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def live_until(self) -> float:
        return min(self.acted_at + LIVE_WINDOW, self.token_at + TOKEN_LIFE)


class LivePanels:
    """The open panels of this process, by (game, seat)."""

    MAX_MOVES = 4096

    def __init__(self) -> None:
        self._open: dict[tuple[int, int], OpenPanel] = {}
        #: (game, seat) -> the log index of the seat's last choice made on a panel, for the
        #: "Take back" its live panel keeps while it moves on (cogs.play.turns)
        self.moves: dict[tuple[int, int], int] = {}

    def remember_move(self, game_id: int, seat: int, move: int | None) -> None:
        self.moves.pop((game_id, seat), None)
        if move is not None:
            if len(self.moves) >= self.MAX_MOVES:
                self.moves.pop(next(iter(self.moves)))
            self.moves[(game_id, seat)] = move

    def touch(self, interaction: Interaction, game_id: int, seat: int,
              shown: str | None) -> None:
        """The seat's panel was just shown or edited through ``interaction``."""
        now = _now()
        entry = self._open.get((game_id, seat))
        token_at = interaction.created_at.timestamp()
        if entry is None or entry.user_id != interaction.user.id:
            self._open[(game_id, seat)] = OpenPanel(interaction, interaction.user.id,
                                                    token_at, now, shown)
            return
        entry.interaction, entry.token_at, entry.acted_at, entry.shown = (
            interaction, token_at, now, shown)

    def get(self, game_id: int, seat: int, now: float | None = None) -> OpenPanel | None:
        """The seat's open panel while its player is live."""
        entry = self._open.get((game_id, seat))
        if entry is None:
            return None
        if (now if now is not None else _now()) >= entry.live_until():
            return None
        return entry

    def live_until(self, game_id: int, seat: int, now: float) -> float | None:
        """Until when the seat's player counts as live (None: not live now)."""
        entry = self.get(game_id, seat, now)
        return entry.live_until() if entry is not None else None

    def drop(self, game_id: int, seat: int | None = None) -> None:
        """Forget a panel that can no longer be edited (or every panel of a game)."""
        for key in [k for k in self._open if k[0] == game_id and seat in (None, k[1])]:
            del self._open[key]
        if seat is None:
            for key in [k for k in self.moves if k[0] == game_id]:
                del self.moves[key]

    @contextlib.asynccontextmanager
    async def holding(self, game_id: int, seat: int) -> AsyncIterator[None]:
        """Hold the seat's panel while a click stores a choice and edits it."""
        entry = self._open.get((game_id, seat))
        if entry is None:
            yield
            return
        async with entry.lock:
            yield


def live_panels(bot: Any) -> LivePanels:
    """The registry of the bot (kept on it: it outlives a reloaded cog)."""
    registry: LivePanels = bot.__dict__.setdefault("live_panels", LivePanels())
    return registry
