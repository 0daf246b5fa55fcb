"""The table within Discord's real limits, through the real bot under the strict Discord
(tests/e2e/strict.py): the board moves down instead of being edited in place for days, every
ping carries "Take my turn", a game's thread that Discord archives is unarchived at once while
an idle lobby stays archived, and servers may host their tables as forum posts, tagged by
where each stands."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot.storage.base import ACTIVE, FINISHED
from cogs.table.state import tables

from .conftest import (
    World,
    answer,
    components,
    new_game,
    people_waiting,
    settle,
    take_turn,
    thread_messages,
    thread_of,
    world,
)

pytest.importorskip("simcord")

MINUTE, HOUR = 60.0, 3600.0


async def board_id(w: World, gid: int) -> int:
    return int((await w.service.load(gid)).record.discord["board"])


async def advance(w: World, seconds: float, step: float = 30 * MINUTE) -> None:
    """Virtual time in steps (each step settles the bot)."""
    while seconds > 0:
        await w.env.advance_time(min(step, seconds))
        seconds -= step
    await w.service.idle()


async def test_the_board_moves_down_when_old_at_a_ping_and_pings_carry_the_button(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        gid, thread = await new_game(w, "alice", seats=2, join=("bob",))
        first = await board_id(w, gid)
        # every message that pings someone carries "Take my turn"
        pings = [m for m in await thread_messages(w, gid) if "your turn" in (m.content or "")]
        assert pings and all("Take my turn" in [c.get("label") for c in components(m)]
                             for m in pings)
        await advance(w, 55 * MINUTE)  # the board is now older than 50 minutes
        (_, uid, _), *_ = await people_waiting(w, gid)
        await take_turn(w, gid, uid)
        await settle(w, gid)
        while (await w.service.load(gid)).record.discord["board"] == str(first) \
                or await board_id(w, gid) == first:
            waiting = await people_waiting(w, gid)
            assert waiting, "no ping came to move the board"
            await take_turn(w, gid, waiting[0][1])
            await settle(w, gid)
        moved = await board_id(w, gid)
        assert moved > first
        old = await thread.fetch_message(first)
        assert not old.components, "the old board keeps no buttons"
        new = await thread.fetch_message(moved)
        assert "Take my turn" in [c.get("label") for c in components(new)]
        assert tables(w.bot).stats[thread.id].board_posts >= 2


async def test_a_games_thread_is_unarchived_and_an_idle_lobby_stays_archived(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        strict_discord: Any) -> None:
    async with world(tmp_path, monkeypatch) as w:
        made = await w.members["carol"].slash(w.channel, "hadara new", seats=3)
        assert made.ephemeral
        lobby_gid = max(await w.service.store.game_ids(("lobby",)))
        lobby_thread = await thread_of(w, lobby_gid)
        gid, thread = await new_game(w, "alice", seats=2, join=("bob",))
        await advance(w, 25 * HOUR)  # a day without a message in either thread
        archived = [e for e in strict_discord.events if e.kind == "archived"]
        assert {e.path for e in archived} >= {f"/channels/{lobby_thread.id}",
                                              f"/channels/{thread.id}"}
        backend = w.env.backend.channels
        assert backend[lobby_thread.id].thread_metadata.archived  # an idle lobby closes
        assert not backend[thread.id].thread_metadata.archived  # a game in play does not
        # and the game goes on in its thread: a click works, the board is edited
        (_, uid, _), *_ = await people_waiting(w, gid)
        await take_turn(w, gid, uid)
        await settle(w, gid)
        assert (await w.service.load(gid)).record.status == ACTIVE


async def test_tables_as_forum_posts_tagged_by_where_they_stand(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        forum_handle = w.guild.create_forum_channel("hadara-tables")
        managers = w.guild.create_role("managers", permissions=discord.Permissions(
            manage_guild=True))
        dave = w.guild.add_member(w.env.create_user("dave"), roles=[managers])
        await w.env.settle()
        forum = w.bot.get_channel(forum_handle.id)
        assert isinstance(forum, discord.ForumChannel)
        chosen = await dave.slash(w.channel, "hadara-admin tables", forum=forum_handle)
        assert chosen.ephemeral and f"<#{forum.id}>" in answer(chosen).content
        # /hadara new in a text channel now opens a post of the forum, the lobby first in it
        gid, thread = await new_game(w, "alice", seats=2, join=("bob",))
        assert thread.parent_id == forum.id
        forum = w.bot.get_channel(forum.id)
        assert isinstance(forum, discord.ForumChannel)
        tags = {t.name: t.id for t in forum.available_tags}
        assert {"Waiting for players", "Playing", "Finished"} <= set(tags)

        def applied() -> set[int]:
            return set(w.env.backend.channels[thread.id].applied_tags or [])

        assert applied() == {tags["Playing"]}
        post = next(h for h in forum_handle.threads if h.id == thread.id)  # simcord's handle
        messages = await thread_messages(w, gid)
        assert messages[0].id == int((await w.service.load(gid)).record.discord["lobby"])
        # a lobby opened from inside a post waits under its tag
        made = await w.members["carol"].slash(post, "hadara new", seats=3)
        assert made.ephemeral
        lobby_gid = max(await w.service.store.game_ids(("lobby",)))
        lobby_thread = await thread_of(w, lobby_gid)
        assert lobby_thread.parent_id == forum.id
        assert set(w.env.backend.channels[lobby_thread.id].applied_tags or []) == {
            tags["Waiting for players"]}
        # the game ends: finished
        for name in ("alice", "bob"):
            await w.members[name].slash(post, "hadara concede", game=gid)
        await settle(w, gid)
        await settle(w, gid)
        assert (await w.service.load(gid)).record.status == FINISHED
        assert applied() == {tags["Finished"]}
        # back to threads of the channel
        back = await dave.slash(w.channel, "hadara-admin tables")
        assert "threads of the channel" in answer(back).content
        made = await w.members["carol"].slash(w.channel, "hadara new", seats=2)
        newest = max(await w.service.store.game_ids(("lobby",)))
        assert (await thread_of(w, newest)).parent_id == w.channel.id
