""""Try it again": a private practice game forked from one of your decisions in a finished game.

The button ``hd1:fk:<game>:<index>`` (the decision's log index) sits under each of the
post-game review's costliest decisions and under a replay step that is one of the viewer's own
decisions. It is a :class:`~cogs.edge.guard.Guarded` asking the access policy (operation
``fork``: the game's players); the service then checks the decision is the clicker's own
(``bot/service/fork.py``). Like a learning game, the practice game gets a private thread (a
public one named as a practice game when the bot may not create private threads) in the text
channel the click came from, with the player's seat kept and AI players in the others.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Self

import discord

from bot.messages import t
from cogs.edge.errors import Denied, reply_error
from cogs.edge.games import hadara_bot
from cogs.edge.guard import PRIVATE, Guarded, acknowledge
from cogs.edge.threads import open_private_game

if TYPE_CHECKING:
    from bot.client import HadaraBot

Interaction = discord.Interaction[Any]

FORK_TEMPLATE = r"hd1:fk:(?P<game>[0-9]{1,19}):(?P<index>[0-9]{1,6})"
MAX_THREAD_NAME = 100


def fork_id(game_id: int, index: int) -> str:
    return f"hd1:fk:{game_id}:{index}"


class ForkButton(Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=FORK_TEMPLATE):
    """"Try it again" at one decision (``index``: its log index) of a finished game."""

    access_kind = "fork"
    ack = PRIVATE

    def __init__(self, game_id: int, index: int, *, label: str | None = None,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=(label if label is not None else t("fork.button"))[:80],
            style=discord.ButtonStyle.success, custom_id=fork_id(game_id, index), row=row))
        self.game_id, self.index = game_id, index

    def access_target(self) -> tuple[int | None, int | None]:
        return self.game_id, None

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        return cls(int(match["game"]), int(match["index"]))

    async def callback(self, interaction: Interaction) -> None:
        try:
            await acknowledge(interaction, PRIVATE)  # (the guard's, already)
            gid, thread = await open_practice_game(hadara_bot(interaction), interaction,
                                                   self.game_id, self.index)
            interaction.extras["game_id"] = gid
            await interaction.followup.send(
                t("fork.started", id=gid, game=self.game_id, thread=thread.id),
                ephemeral=True)
        except Exception as exc:
            await reply_error(interaction, exc)


COMPONENTS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (ForkButton,)


def fork_button(game_id: int, index: int, n: int | None = None) -> ForkButton:
    """"Try it again" (``n``: the review item's number, in its label)."""
    label = t("fork.button") if n is None else t("fork.button_n", n=n)
    return ForkButton(game_id, index, label=label)


async def open_practice_game(bot: HadaraBot, interaction: Interaction, game_id: int,
                             index: int) -> tuple[int, discord.Thread]:
    """Fork, thread and start a practice game, as a learning game opens; (id, thread)."""
    # (here: the table feature imports the league's, which offers this module's button)
    from cogs.table.lobby import check_table_permissions, table_channel

    try:
        channel = table_channel(interaction.channel)
    except Denied:
        raise Denied("fork.error.channel") from None
    if not isinstance(channel, discord.TextChannel):  # a private thread: not in a forum
        raise Denied("fork.error.channel")
    check_table_permissions(channel)
    user = interaction.user
    bot.service.limit("learn", user.id)  # a thread each, as a learning game
    service = bot.service
    gid = await service.fork(game_id, user.id, index)
    title = t("fork.thread_name", id=gid, game=game_id, name=user.display_name)
    thread = await open_private_game(bot, channel, user, gid, title[:MAX_THREAD_NAME],
                                     t("fork.welcome", game=game_id),
                                     lambda: service.start_fork(gid, user.id))
    return gid, thread
