"""Private games stay private, through the real bot (docs/security.md, "Private games").

A practice game ("Try it again", ``options["fork"]``) and a learning game (``/hadara learn``,
``options["learn"]``) live in their player's private thread. The hole reported: a member with
no seat typed ``/hadara board game:<fork id>`` and the bot posted the practice game's board
into that private thread; ``/hadara history`` and ``/hadara-replay view`` showed it too. Now
anyone but its owner is refused ``private_game`` by every command, component and
autocomplete, nothing is posted and nothing changes — the managers of its server may only
abandon it (server hygiene).

The helpers here (a finished game with a decision of one's own, a fork of it, a learning
game) are the access matrix's too (``test_access_matrix.py``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.storage.base import ABANDONED, ACTIVE, FINISHED, LOBBY
from cogs.play import panels as P
from cogs.replay.components import ReplayButton, ReplaySelect, jump_id
from cogs.replay.fork import ForkButton
from cogs.table.follow import FollowButton
from cogs.table.lobby import LobbyButton
from i18n import translate

from .conftest import (
    SETTLE_SECONDS,
    World,
    answer,
    button,
    people_waiting,
    settle,
    take_turn,
    thread_messages,
    world,
)

pytest.importorskip("simcord")


# ------------------------------------------------------------------------------ helpers


async def finished_with_a_decision(w: World, host: str, other: str) -> tuple[int, int]:
    """A two-person game (``host`` opens it, ``other`` joins) in which ``other`` made one
    decision by clicking, then both conceded (the AI played it out): (game, the log index of
    ``other``'s decision), a moment "Try it again" accepts."""
    made = await w.members[host].slash(w.channel, "hadara new", seats=2)
    assert made.ephemeral and "#" in answer(made).content, answer(made).content
    gid = max(await w.service.store.game_ids((LOBBY,)))
    lobby = (await thread_messages(w, gid))[0]
    await w.members[other].click(lobby, custom_id=button(lobby, "lobby.button.join"))
    await w.env.advance_time(SETTLE_SECONDS)
    lobby = (await thread_messages(w, gid))[0]
    await w.members[host].click(lobby, custom_id=button(lobby, "lobby.button.start"))
    await settle(w, gid)
    user = w.members[other].id
    for _ in range(6):  # the other's first decision (after the host's, if theirs comes first)
        waiting = await people_waiting(w, gid)
        mine = [x for x in waiting if x[1] == user]
        await take_turn(w, gid, (mine or waiting)[0][1])
        await settle(w, gid)
        if mine:
            break
    for name in (host, other):
        await w.members[name].slash(w.channel, "hadara concede", game=gid)
    await settle(w, gid)
    await settle(w, gid)
    stored = await w.service.store.load_game(gid)
    assert stored is not None and stored.record.status == FINISHED
    seat = next(s.seat for s in stored.record.seats if s.user_id == user)
    index = next(a.seq for a in stored.actions
                 if a.seat == seat and a.submitted_by.startswith("user:"))
    return gid, index


async def open_fork(w: World, who: str, gid: int, index: int) -> int:
    """``who`` presses "Try it again" at ``index`` of ``gid`` (the button in the channel):
    the practice game's id, its AI seats moved on."""
    view = discord.ui.View(timeout=None)
    view.add_item(ForkButton(gid, index))
    message = await w.bot.get_channel(w.channel.id).send(  # type: ignore[union-attr]
        content="fork", view=view)
    await w.env.settle()
    before = set(await w.service.store.game_ids((ACTIVE,)))
    result = await w.members[who].click(message, custom_id=f"hd1:fk:{gid}:{index}")
    assert "practice game" in answer(result).content, answer(result).content
    fid = max(set(await w.service.store.game_ids((ACTIVE,))) - before)
    await settle(w, fid)
    await settle(w, fid)
    return fid


async def open_learning(w: World, who: str) -> int:
    """``/hadara learn`` by ``who``: the learning game's id, its AI seats moved on."""
    before = set(await w.service.store.game_ids((ACTIVE,)))
    result = await w.members[who].slash(w.channel, "hadara learn")
    assert result.ephemeral and "learning game" in answer(result).content
    gid = max(set(await w.service.store.game_ids((ACTIVE,))) - before)
    await settle(w, gid)
    await settle(w, gid)
    learn = w.bot.get_cog("Learn")
    if learn is not None:
        await learn.idle()  # type: ignore[attr-defined]
    return gid


async def snapshot(w: World, gid: int) -> tuple[Any, ...]:
    """What nobody but the owner may change: the record, the log, the thread's messages."""
    stored = await w.service.store.load_game(gid)
    assert stored is not None
    messages = await thread_messages(w, gid)
    return (stored.record.status, stored.record.discord, len(stored.actions),
            [(m.id, m.content, m.edited_at) for m in messages])


def offered_names(choices: list[dict[str, Any]]) -> str:
    return " ".join(f"{c['name']} {c['value']}" for c in choices)


def names_game(text: str, gid: int) -> bool:
    return re.search(rf"(?<![0-9]){gid}(?![0-9])", text) is not None


# ------------------------------------------------------------------------------ the tests


async def test_a_member_without_a_seat_cannot_reach_a_practice_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The reported hole: carol (a member, no seat) and bob (a player of the game it was
    forked from) reach nothing of alice's practice game; a manager may only abandon it."""
    async with world(tmp_path, monkeypatch) as w:
        managers = w.guild.create_role("managers", permissions=discord.Permissions(
            manage_guild=True, manage_threads=True))
        dave = w.guild.add_member(w.env.create_user("dave"), roles=[managers])
        await w.env.settle()
        gid, index = await finished_with_a_decision(w, "bob", "alice")
        fid = await open_fork(w, "alice", gid, index)
        thread = int((await w.service.load(fid)).record.discord["thread"])
        refusal = translate("en", "refusal.denied.private_game", game_id=fid)
        before = await snapshot(w, fid)
        for who in (w.members["carol"], w.members["bob"], dave):
            for command in ("hadara board", "hadara history", "hadara-replay view",
                            "hadara hand", "hadara-replay export", "hadara join"):
                result = await who.slash(w.channel, command, game=fid)
                text = answer(result).content
                assert result.ephemeral and text == refusal, (who, command, text)
                assert not answer(result).attachments and not answer(result).embeds
                assert "discord.com/channels" not in text and str(thread) not in text
            # the autocomplete offers no one else's practice game, not even its number
            for command in ("hadara board", "hadara history", "hadara-replay view",
                            "hadara abandon"):
                for typed in ("", str(fid), f"#{fid}"):
                    offered = await who.autocomplete(w.channel, command, "game", typed)
                    assert not names_game(offered_names(offered), fid), (command, offered)
            # a modified client's clicks on the practice game's components: refused alike
            for item in (P.take_turn_id(fid), P.hint_id(fid), P.hint_id(fid, 0, "d0"),
                         P.action_id(fid, 0, "d0", 0, {"type": "x"}),
                         ReplayButton(fid, 0, "f").item.custom_id,
                         FollowButton(fid).item.custom_id,
                         LobbyButton("join", fid).item.custom_id,
                         ForkButton(fid, 0).item.custom_id):
                view = discord.ui.View(timeout=None)
                view.add_item(discord.ui.Button(label="x", custom_id=item))
                seen = await w.bot.get_channel(w.channel.id).send(  # type: ignore[union-attr]
                    content="x", view=view)
                await w.env.settle()
                result = await who.click(seen, custom_id=item)
                assert answer(result).content == refusal, (item, answer(result).content)
            select = ReplaySelect(discord.ui.Select(custom_id=jump_id(fid), options=[
                discord.SelectOption(label="x", value="0")]))
            view = discord.ui.View(timeout=None)
            view.add_item(select)
            seen = await w.bot.get_channel(w.channel.id).send(  # type: ignore[union-attr]
                content="x", view=view)
            await w.env.settle()
            result = await who.select(seen, ["0"], custom_id=jump_id(fid))
            assert answer(result).content == refusal
            await settle(w, fid)
            assert await snapshot(w, fid) == before, who  # nothing posted, nothing changed

        # its owner reaches it as any player her game
        mine = await w.members["alice"].slash(w.channel, "hadara history", game=fid)
        assert answer(mine).content.startswith(f"Game #{fid}")
        offered = await w.members["alice"].autocomplete(w.channel, "hadara board", "game", "")
        assert fid in {int(c["value"]) for c in offered}
        # server hygiene: a manager may end it (without seeing it)
        ended = await dave.slash(w.channel, "hadara abandon", game=fid)
        assert answer(ended).content != refusal
        await settle(w, fid)
        assert (await w.service.load(fid)).record.status == ABANDONED


async def test_nobody_else_reaches_a_learning_game(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A learning game: the same for a member, and for a manager who may not watch it."""
    async with world(tmp_path, monkeypatch) as w:
        managers = w.guild.create_role("managers", permissions=discord.Permissions(
            manage_guild=True, manage_threads=True))
        dave = w.guild.add_member(w.env.create_user("dave"), roles=[managers])
        await w.env.settle()
        gid = await open_learning(w, "alice")
        before = await snapshot(w, gid)
        refusal = translate("en", "refusal.denied.private_game", game_id=gid)
        for who in (w.members["carol"], dave):
            for command in ("hadara board", "hadara history", "hadara-replay view"):
                result = await who.slash(w.channel, command, game=gid)
                assert answer(result).content == refusal, (command, answer(result).content)
            offered = await who.autocomplete(w.channel, "hadara board", "game", str(gid))
            assert not names_game(offered_names(offered), gid)
        await settle(w, gid)
        assert await snapshot(w, gid) == before
        assert (await w.service.load(gid)).record.status == ACTIVE
