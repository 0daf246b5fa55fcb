"""The ``Play`` feature: private choices — "Take my turn", the decision panels and their
components (:mod:`.turns`), acting ahead ("Queue my choice", :mod:`.queue`), ``/hadara hand``,
the DM panel told when a queued choice was played, and live players' panels moved on to their
next decision by themselves (:mod:`.live`). It offers the table (``cogs.edge.offers``) "Take
my turn" and a seat's panel by DM, and the games panel (``cogs.player``) "Take my turn" for
each game waiting on its player, opening that game's panel in place."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any, ClassVar

import discord
from discord import app_commands

from bot.messages import t
from bot.service import Update
from bot.service.updates import REMINDER
from cogs.commands import HADARA, GameArg
from cogs.edge.client import HadaraBot, Interaction
from cogs.edge.feature import Commands, Components, Feature
from cogs.edge.games import find_game, game_autocomplete
from cogs.edge.language import L, user_language
from cogs.edge.offers import offers
from cogs.edge.tasks import Tasks
from cogs.edge.times import panel_deadline
from i18n import speaking

from . import queue, turns
from .live import live_panels

#: What the table is offered (``cogs.edge.offers``).
OFFERS = ("take_turn", "panel_dm", "open_game")


def ahead_played(updates: Iterable[Update]) -> list[int]:
    """Seats whose queued choice was played in these updates."""
    return sorted({seat for u in updates for seat, by in u.by if by == "ahead"})


@app_commands.command(name="hand", description=L("cmd.hand"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def hand(interaction: Interaction, game: GameArg | None = None) -> None:
    """The player's private picture (their cards and current decision), with "Queue my
    choice" while they wait."""
    gid = await find_game(interaction, game)
    await interaction.response.defer(ephemeral=True, thinking=True)
    state = await interaction.client.service.panel(gid, interaction.user.id, image=True)
    text = (t("game.hand.deciding", id=gid, what=t(f"table.kind.{state.kind}"))
            if state.decision_id is not None else t("game.hand.cards", id=gid))
    deadline = panel_deadline(state.deadline)
    if deadline:
        text += "\n" + deadline
    extra: dict[str, Any] = {}
    if state.decision_id is None and state.can_queue:
        view = discord.ui.View(timeout=None)
        view.add_item(queue.open_button(gid, state.seat))
        extra["view"] = view
    assert state.image is not None
    await interaction.followup.send(text, file=discord.File(io.BytesIO(state.image),
                                                            "hand.png"),
                                    ephemeral=True, **extra)


class Play(Feature):
    """Private choices: its components, ``/hadara hand``, and DM panels told that a queued
    choice was played."""

    COMMANDS: ClassVar[Commands] = ((HADARA, hand),)
    COMPONENTS: ClassVar[Components] = (*turns.COMPONENTS, *queue.COMPONENTS)

    def __init__(self, bot: HadaraBot) -> None:
        super().__init__(bot)
        self._tasks = Tasks()
        self._unsubscribe: Callable[[], None] | None = None
        self._moving: set[tuple[int, int]] = set()  # panels with a move under way

    async def cog_load(self) -> None:
        await super().cog_load()
        self._unsubscribe = self.bot.service.subscribe(self.on_update)
        offer = offers(self.bot)
        offer.take_turn = turns.take_turn_view
        offer.panel_dm = partial(turns.send_panel_dm, self.bot)
        offer.open_game = turns.open_game_button

    async def cog_unload(self) -> None:
        await super().cog_unload()
        offers(self.bot).withdraw(*OFFERS)
        if self._unsubscribe is not None:
            self._unsubscribe()
        await self._tasks.cancel()

    def on_update(self, update: Update) -> None:
        if update.cause == REMINDER:
            return
        if ahead_played([update]):
            self._tasks.spawn(self.tell_played(update))
        registry = live_panels(self.bot)
        for w in update.waiting:  # a live player's panel follows them to the next decision
            key = (update.game_id, w.seat)
            entry = registry.get(*key)
            if entry is None or entry.shown == w.decision_id or key in self._moving:
                continue
            self._moving.add(key)
            self._tasks.spawn(self._move(key), name=f"move panel {key}")
        if update.over:  # every panel still open shows the final scores, then is forgotten
            self._tasks.spawn(self._finish(update.game_id), name=f"final panels {update.game_id}")

    async def _move(self, key: tuple[int, int]) -> None:
        try:
            await asyncio.sleep(0)  # let the update's own click take the panel's lock first
            self._moving.discard(key)  # from here, a later update may start another move
            await turns.move_panel(self.bot, *key)
        finally:
            self._moving.discard(key)

    async def _finish(self, game_id: int) -> None:
        registry = live_panels(self.bot)
        try:
            for seat in registry.seats_open(game_id):
                await turns.move_panel(self.bot, game_id, seat, final=True)
        finally:
            registry.drop(game_id)

    async def tell_played(self, update: Update) -> None:
        """The player's DM panel (if any) says their queued choice was played."""
        users = {s.seat: s.user_id for s in update.seats}
        for seat in ahead_played([update]):
            uid = users.get(seat)
            if uid is None:
                continue
            with speaking(await user_language(self.bot, uid)):
                note = t("md.ahead.played", id=update.game_id)
            await turns.update_dm(self.bot, update.game_id, seat, uid, note=note)


async def setup(bot: HadaraBot) -> None:
    await bot.add_cog(Play(bot))
