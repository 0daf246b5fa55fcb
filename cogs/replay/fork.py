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

from dataclasses import dataclass
from typing import Self

import discord

from bot.messages import t
from cogs.edge.channels import check_table_permissions, table_channel
from cogs.edge.client import HadaraBot, Interaction
from cogs.edge.custom_ids import GAME, CustomId, number
from cogs.edge.errors import Denied, reply_error
from cogs.edge.guard import PRIVATE, Guarded, acknowledge
from cogs.edge.threads import MAX_THREAD_NAME, open_private_game


@dataclass(frozen=True)
class ForkKey:
    game: int
    index: int  # the decision's log index


FORK = CustomId("fk:{game}:{index}", ForkKey, game=GAME, index=number(6))


def fork_id(game_id: int, index: int) -> str:
    return FORK.format(ForkKey(game_id, index))


class ForkButton(Guarded[ForkKey], discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                 spec=FORK):
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
    def rebuild(cls, key: ForkKey, item: discord.ui.Item[discord.ui.View]) -> Self:
        return cls(key.game, key.index)

    async def clicked(self, interaction: Interaction) -> None:
        try:
            await acknowledge(interaction, PRIVATE)  # (the guard's, already)
            gid, thread = await open_practice_game(interaction.client, interaction,
                                                   self.game_id, self.index)
            interaction.extras["game_id"] = gid
            await interaction.followup.send(
                t("fork.started", id=gid, game=self.game_id, thread=thread.id),
                ephemeral=True)
        except Exception as exc:
            await reply_error(interaction, exc)


COMPONENTS = (ForkButton,)


def fork_button(game_id: int, index: int, n: int | None = None) -> ForkButton:
    """"Try it again" (``n``: the review item's number, in its label), offered to the
    league's reviews."""
    label = t("fork.button") if n is None else t("fork.button_n", n=n)
    return ForkButton(game_id, index, label=label)


async def open_practice_game(bot: HadaraBot, interaction: Interaction, game_id: int,
                             index: int) -> tuple[int, discord.Thread]:
    """Fork, thread and start a practice game, as a learning game opens; (id, thread)."""
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
