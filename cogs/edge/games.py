"""Which game a command is about, and the ``game:`` autocomplete — both through the access
policy (``cogs.edge.guard``)."""

from __future__ import annotations

import re

import discord
from discord import app_commands

from bot import access
from bot.access import GameFacts
from bot.messages import t
from bot.service import Refusal

from . import guard
from .client import HadaraBot, Interaction
from .errors import Denied

#: A game's number in its thread's name ("Hadara #12 — …"); at most 18 digits (the database's
#: 64-bit integers).
THREAD_NAME = re.compile(r"#([0-9]{1,18})\b")


def remember_thread(bot: HadaraBot, thread_id: int | None, game_id: int) -> None:
    """thread id → game id, so commands typed in a game's thread find their game."""
    if thread_id:
        bot.thread_games[int(thread_id)] = game_id


async def find_game(interaction: Interaction, game: int | None,
                    operation: str | None = None) -> int:
    """:func:`resolve_game`'s game id."""
    return (await resolve_game(interaction, game, operation)).game_id


async def resolve_game(interaction: Interaction, game: int | None,
                       operation: str | None = None) -> GameFacts:
    """The game a command is about — ``game`` if given; else the game of this thread; else the
    user's only game in a lobby or in play — once the access policy allowed the command's
    operation (``access.COMMANDS``; ``operation`` overrides it) on it: its facts."""
    bot = interaction.client
    operation = operation or guard.command_operation(interaction) or "self"
    gid = game if game is not None else await game_of_thread(bot, interaction.channel)
    if gid is None:
        mine = await bot.service.games_of(interaction.user.id)
        if len(mine) == 1:
            gid = mine[0]
        elif mine:
            raise Denied("game.error.which", games=", ".join(f"#{g}" for g in mine[:10]))
        else:
            raise Denied("game.error.none")
    interaction.extras["game_id"] = gid
    return await guard.game(interaction, gid, operation)


async def game_of_thread(bot: HadaraBot, channel: object) -> int | None:
    """The game whose thread ``channel`` is (by the remembered threads, else its name)."""
    if not isinstance(channel, discord.Thread):
        return None
    if channel.id in bot.thread_games:
        return bot.thread_games[channel.id]
    match = THREAD_NAME.search(channel.name or "")
    if match is None:
        return None
    gid = int(match[1])
    try:
        facts = await bot.service.game_facts(gid)
    except Refusal:
        return None
    if facts.thread_id != channel.id:
        return None
    remember_thread(bot, channel.id, gid)
    return gid


async def my_seat(bot: HadaraBot, game_id: int, user_id: int) -> int:
    seat = await bot.service.seat_of(game_id, user_id)
    if seat is None:
        raise Denied("game.error.not_player", id=game_id)
    return seat


async def game_autocomplete(interaction: Interaction,
                            current: str) -> list[app_commands.Choice[int]]:
    """The caller's games that the command's operation allows here (none of another
    server's games, none the caller may not use from where they type). Only games the
    caller holds a seat in are read: someone else's private game (a learning game, a
    practice fork) is never offered, not even its number, whatever the caller's powers."""
    bot = interaction.client
    operation = guard.command_operation(interaction) or "self"
    ids = await bot.service.games_of(interaction.user.id, access.offered_statuses(operation))
    wanted = current.strip().lstrip("#")
    out: list[app_commands.Choice[int]] = []
    for g in sorted(ids, reverse=True):
        if wanted not in str(g):
            continue
        try:
            await guard.game(interaction, g, operation)
        except Refusal:
            continue
        out.append(app_commands.Choice(name=t("game.choice", id=g), value=g))
        if len(out) == 25:
            break
    return out
