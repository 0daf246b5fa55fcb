"""Live panels: the Discord side of who is at the table. Whoever acted (or opened their panel)
in the last few minutes is at the table — the service's ``Presence`` knows who and until when
(``bot/service/presence.py``), for every front end — so their open panel moves on to their
next decision by itself and the table neither pings nor DMs them (``cogs.table``'s coalescer
asks :meth:`LivePanels.live_until`, which asks the presence).

What stays here is Discord's: a panel is the message of the player's latest interaction with
it (an ephemeral panel or a DM panel), and Discord lets the bot edit it through that
interaction for 15 minutes (then it answers 401/50027), so the token is never used past
:data:`TOKEN_LIFE` — the presence is told so with each panel shown. The registry is per
process and in memory, kept on the bot (``bot.kept``, :func:`live_panels`): it outlives a
reloaded extension; after a restart nobody is live, and the table pings as before.

Each open panel has a lock held while it is drawn, never while a choice is stored: a change of
pick reaches the game at once, whatever the panel is doing. Each drawing records the game's
revision it showed, and nothing older is drawn over it. While a click is in flight
(:meth:`LivePanels.clicking`, the presence's ``acting``) the panel does not move by itself:
the click draws the newest state when it is done (no double edit).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field

import discord

from bot.service.presence import Presence
from cogs.edge.client import HadaraBot, Interaction

log = logging.getLogger(__name__)

#: An interaction's token lets the bot edit its message for 15 minutes; keep a margin.
TOKEN_LIFE = 14 * 60.0


def _now() -> float:
    """Discord's clock (virtual under simcord)."""
    return discord.utils.utcnow().timestamp()


@dataclass
class OpenPanel:
    """A seat's panel that can still be edited through the interaction that showed it."""

    interaction: Interaction
    user_id: int
    token_at: float  # when Discord issued the interaction's token
    shown: str | None  # the decision the panel shows (None: a waiting panel)
    revision: int = -1  # the game's revision the panel shows (``PanelState.revision``)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    message_id: int | None = None  # the message the panel is (None: not known)

    def token_valid(self, now: float | None = None) -> bool:
        """Whether the interaction's token may still be used (with a margin: Discord's 15
        minutes are counted from the interaction's creation)."""
        if self.interaction.is_expired():
            return False
        return (now if now is not None else _now()) < self.token_at + TOKEN_LIFE


class LivePanels:
    """The open panels of this process, by (game, seat); who is live is the ``presence``'s
    (the service's, so every front end shares it: :func:`live_panels` hands it over; a
    presence of its own without one)."""

    MAX_MOVES = 4096

    def __init__(self, presence: Presence | None = None) -> None:
        self.presence = presence if presence is not None else Presence(_now)
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
              shown: str | None, revision: int = -1, message_id: int | None = None) -> None:
        """The seat's panel was just shown or edited through ``interaction`` (showing the
        game's ``revision``, in the message ``message_id`` when known)."""
        entry = self._open.get((game_id, seat))
        token_at = interaction.created_at.timestamp()
        user = interaction.user.id
        # live while the token may edit the panel: the presence is told when that ends
        self.presence.seen(game_id, seat, user, at=_now(), until=token_at + TOKEN_LIFE)
        if entry is None or entry.user_id != user:
            self._open[(game_id, seat)] = OpenPanel(interaction, user, token_at, shown,
                                                    revision, message_id=message_id)
            return
        entry.interaction, entry.token_at, entry.shown = interaction, token_at, shown
        entry.revision = max(entry.revision, revision)
        if message_id is not None:
            entry.message_id = message_id

    async def release(self, message_id: int, keep: tuple[int, int] | None = None
                      ) -> list[tuple[int, int]]:
        """The message ``message_id`` is about to show another game's panel (``keep``: that
        game's seat, "Next game", "Take my turn" in the games panel): every other seat whose
        panel it was is forgotten — once a drawing of it under way is done, so nothing moves
        it back — and so no longer live (the table pings them again). Returns those seats."""
        released = []
        for key, entry in list(self._open.items()):
            if entry.message_id != message_id or key == keep:
                continue
            async with entry.lock:
                if self._open.get(key) is entry:
                    self.drop(*key)
                    released.append(key)
        return released

    def newer_shown(self, game_id: int, seat: int, revision: int) -> bool:
        """Whether the seat's panel already shows a newer state of the game than
        ``revision``."""
        entry = self._open.get((game_id, seat))
        return entry is not None and entry.revision > revision

    def open_panel(self, game_id: int, seat: int) -> OpenPanel | None:
        """The seat's panel while its interaction's token may be used, live or not (a panel
        open on screen when the game ends moves to the final scores)."""
        entry = self._open.get((game_id, seat))
        return entry if entry is not None and entry.token_valid() else None

    def seats_open(self, game_id: int) -> list[int]:
        """The seats of the game with a panel whose token may still be used."""
        return [seat for (g, seat) in list(self._open) if g == game_id
                and self.open_panel(g, seat) is not None]

    @contextlib.contextmanager
    def clicking(self, game_id: int, seat: int) -> Iterator[None]:
        """A click on the seat's panel is in flight: the panel does not move by itself until
        the click has drawn it (the click draws the newest state)."""
        with self.presence.acting(game_id, seat):
            yield

    def click_in_flight(self, game_id: int, seat: int) -> bool:
        return self.presence.busy(game_id, seat)

    def get(self, game_id: int, seat: int, now: float | None = None) -> OpenPanel | None:
        """The seat's open panel while its player is live."""
        entry = self._open.get((game_id, seat))
        if entry is None or self.live_until(game_id, seat, now) is None:
            return None
        return entry

    def live_until(self, game_id: int, seat: int, now: float | None = None) -> float | None:
        """Until when the seat's player counts as live (None: not live now)."""
        return self.presence.until(game_id, seat, _now() if now is None else now)

    def drop(self, game_id: int, seat: int | None = None) -> None:
        """Forget a panel that can no longer be edited (or every panel of a game)."""
        for key in [k for k in self._open if k[0] == game_id and seat in (None, k[1])]:
            del self._open[key]
        self.presence.leave(game_id, seat)
        if seat is None:
            for key in [k for k in self.moves if k[0] == game_id]:
                del self.moves[key]

    @contextlib.asynccontextmanager
    async def holding(self, game_id: int, seat: int) -> AsyncIterator[None]:
        """Hold the seat's panel while it is drawn (never while a choice is stored)."""
        entry = self._open.get((game_id, seat))
        if entry is None:
            yield
            return
        async with entry.lock:
            yield


def live_panels(bot: HadaraBot) -> LivePanels:
    """The registry of the bot (``bot.kept``: it outlives a reloaded cog), over the service's
    presence."""
    registry = bot.kept.get(LivePanels)
    if registry.presence is not bot.service.presence:  # made just now
        registry.presence = bot.service.presence
    return registry
