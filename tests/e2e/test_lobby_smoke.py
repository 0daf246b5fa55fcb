"""Smoke tests of cogs.game, cogs.lobby and cogs.table through simcord: the whole bot starts,
``/hadara new`` opens a thread with a lobby whose buttons work, refusals are specific and
change nothing, a missing permission is named, and the start posts the board with its
"Take my turn" button.

The table's flushes are debounced on Discord's clock (virtual under simcord):
``env.advance_time`` lets them run.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

simcord = pytest.importorskip("simcord")

import discord  # noqa: E402

from bot.client import HadaraBot  # noqa: E402
from bot.config import Config  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.storage import SqliteStore  # noqa: E402
from cogs.table.state import tables  # noqa: E402

from .conftest import shared_ai_pool  # noqa: E402


@dataclass
class World:
    env: Any
    bot: HadaraBot
    service: GameService
    guild: Any
    channel: Any
    alice: Any
    bob: Any
    carol: Any


@asynccontextmanager
async def world(tmp_path: Path) -> AsyncIterator[World]:
    """The real bot (every extension) under simcord, with a server, a channel and three
    members (a context manager in the test itself: simcord's clock context must not cross
    fixture tasks)."""
    path = str(tmp_path / "hadara.sqlite3")
    store = SqliteStore(path)
    service = GameService(store, ai_pool=shared_ai_pool())
    bot = HadaraBot(Config(token="x", db=path), service=service, sync=True)
    try:
        async with simcord.run(bot) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("hadara")
            alice, bob, carol = (guild.add_member(env.create_user(n))
                                 for n in ("alice", "bob", "carol"))
            yield World(env, bot, service, guild, channel, alice, bob, carol)
    finally:
        await service.close()
        await store.close()


def threads(bot: HadaraBot) -> list[discord.Thread]:
    return [th for g in bot.guilds for th in g.threads]


async def lobby_message(thread: discord.Thread) -> discord.Message:
    return [m async for m in thread.history(limit=10, oldest_first=True)][0]


def answer(result: Any) -> Any:
    """The message that answered an interaction (after a deferral, the first followup edits
    the "thinking" response)."""
    return result.followups[-1] if result.followups else result.response


def labels(message: discord.Message) -> list[str]:
    return [c.label or "" for row in message.components for c in row.children  # type: ignore[attr-defined]
            if isinstance(c, discord.Button)]


async def test_new_opens_a_thread_and_a_lobby(tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        result = await w.alice.slash(w.channel, "hadara new", seats=4, ai=1)
        assert result.ephemeral
        [thread] = threads(w.bot)
        assert thread.name.startswith("Hadara #1 — ")
        assert thread.parent_id == w.channel.id
        assert thread.auto_archive_duration == 1440  # an idle lobby closes after a day
        lobby = await lobby_message(thread)
        # its actions, then "Profile" beside each person seated (a row of its own)
        assert labels(lobby) == ["Join", "Leave", "Add AI", "Start", "Cancel", "alice"]
        assert all(c.custom_id and c.custom_id.startswith(("hd1:lobby:", "hd1:pf:"))
                   for row in lobby.components for c in row.children)  # type: ignore[attr-defined]
        record = (await w.service.load(1)).record
        assert record.discord == {"guild": w.guild.id, "channel": w.channel.id,
                                  "thread": thread.id, "lobby": lobby.id}
        assert [s.ai_level for s in record.seats] == [None, "greedy"]

        # a join by button edits the lobby; a refused start (not the host) changes nothing
        await w.bob.click(lobby, label="Join")
        await w.env.advance_time(2)
        lobby = await thread.fetch_message(lobby.id)
        assert "bob" in lobby.embeds[0].fields[0].value
        refused = await w.bob.click(lobby, label="Start")
        assert "host" in answer(refused).content
        assert (await w.service.load(1)).record.status == "lobby"
        again = await w.bob.click(lobby, label="Join")
        assert "already" in answer(again).content

        # the host starts: the lobby loses its buttons, the board arrives with Take my turn
        await w.alice.click(lobby, label="Start")
        await w.service.idle(1)
        await w.env.advance_time(3)
        lobby = await thread.fetch_message(lobby.id)
        assert labels(lobby) == []
        record = (await w.service.load(1)).record
        board = await thread.fetch_message(record.discord["board"])
        assert "Take my turn" in labels(board)
        assert len(board.attachments) == 2
        assert "Epoch I" in board.content
        stats = tables(w.bot).stats[thread.id]
        assert stats.board_posts == 1
        late = await w.carol.click(lobby if labels(lobby) else board, label="Take my turn")
        assert late.ephemeral


async def test_refusals_are_specific(tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        too_many = await w.alice.slash(w.channel, "hadara new", seats=2, ai=2)
        assert "fewer AI" in too_many.response.content
        assert threads(w.bot) == []
        none = await w.carol.slash(w.channel, "hadara hand")
        assert "no game" in none.response.content
        await w.alice.slash(w.channel, "hadara new", seats=2)
        [thread] = threads(w.bot)
        lobby = await lobby_message(thread)
        cancel = await w.bob.click(lobby, label="Cancel")
        assert "host" in answer(cancel).content
        leave = await w.carol.click(lobby, label="Leave")
        assert "Only the players of game" in answer(leave).content
        await w.alice.click(lobby, label="Cancel")
        await w.env.advance_time(2)
        assert (await w.service.load(1)).record.status == "abandoned"
        join = await w.bob.click(await thread.fetch_message(lobby.id), label="Join") \
            if labels(await thread.fetch_message(lobby.id)) else None
        assert join is None  # the cancelled lobby has no buttons left


async def test_missing_permission_is_named(tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        locked = w.guild.create_text_channel("locked", overwrites={
            w.bot.user: discord.PermissionOverwrite(create_public_threads=False)})
        result = await w.alice.slash(locked, "hadara new")
        assert not threads(w.bot)
        assert "Create Public Threads" in result.response.content
        assert await w.service.store.games_of_user(w.alice.id) == []


async def test_rules_card_and_settings(tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        rules = await w.alice.slash(w.channel, "hadara rules", topic="feeding")
        assert rules.ephemeral and "food" in rules.response.content
        choices = await w.alice.autocomplete(w.channel, "hadara card", "name", "bro")
        assert 0 < len(choices) <= 25
        card = await w.alice.slash(w.channel, "hadara card", name=choices[0]["value"])
        assert card.ephemeral and answer(card).embeds
        on = await w.alice.slash(w.channel, "hadara settings", dms=True)
        assert "on" in answer(on).content
        assert (await w.service.store.get_user_settings(w.alice.id))["dm_turns"] is True
        games = await w.alice.slash(w.channel, "hadara games")
        assert "no game" in answer(games).content


async def test_game_commands_in_the_thread(tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        await w.alice.slash(w.channel, "hadara new", seats=3)
        [thread] = w.channel.threads  # the thread's simcord handle
        await w.bob.slash(thread, "hadara join")
        start = await w.bob.slash(thread, "hadara start")
        assert "host" in answer(start).content
        await w.alice.slash(thread, "hadara start")
        await w.service.idle(1)
        await w.env.advance_time(3)
        games = await w.bob.slash(w.channel, "hadara games")
        assert "#1" in (answer(games).embeds[0].description or "")
        hand = await w.alice.slash(thread, "hadara hand")
        assert hand.ephemeral and answer(hand).attachments
        stranger = await w.carol.slash(thread, "hadara hand")
        assert "Only the players of game #1" in answer(stranger).content
        history = await w.alice.slash(thread, "hadara history")
        assert "Hadara" in answer(history).content
        board = await w.alice.slash(thread, "hadara board")
        assert "posted again" in answer(board).content
        record = (await w.service.load(1)).record
        assert tables(w.bot).stats[thread.id].board_posts == 2
        abandon = await w.bob.slash(thread, "hadara abandon")
        assert "host" in answer(abandon).content
        concede = await w.bob.slash(thread, "hadara concede")
        assert "conceded" in answer(concede).content
        await w.service.idle(1)
        await w.env.advance_time(3)
        again = await w.bob.slash(thread, "hadara concede", game=1)
        assert "conceded" in answer(again).content.lower()
        await w.alice.slash(thread, "hadara abandon")
        await w.env.advance_time(3)
        record = (await w.service.load(1)).record
        assert record.status == "abandoned"
        channel = w.bot.get_channel(thread.id) or await w.bot.fetch_channel(thread.id)
        assert isinstance(channel, discord.Thread)
        board_message = await channel.fetch_message(record.discord["board"])
        assert labels(board_message) == []
