"""A damaged game through the real bot: found at a restart, the thread and its host are told
once, every click on it is refused with the catalog's words while another game plays on, a
manager repairs it with /hadara-admin repair (counts only, never what the moves were), and
the players are told what was lost."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import discord
import pytest
from simcord import SetupError

from i18n import translate

from .conftest import (
    World,
    answer,
    button,
    new_game,
    people_waiting,
    play,
    settle,
    take_turn,
    thread_messages,
    world,
)

pytest.importorskip("simcord")


async def messages_of(w: World, gid: int) -> list[discord.Message]:
    """The thread's messages, found from the stored record (a damaged game does not load:
    its rows as far as they read)."""
    stored = await w.service.store.salvage_game(gid)
    assert stored is not None
    thread = await w.bot.fetch_channel(int(stored.record.discord["thread"]))
    assert isinstance(thread, discord.Thread)
    return [m async for m in thread.history(limit=None, oldest_first=True)]


async def board_of(w: World, gid: int) -> discord.Message:
    stored = await w.service.store.salvage_game(gid)
    assert stored is not None
    thread = await w.bot.fetch_channel(int(stored.record.discord["thread"]))
    assert isinstance(thread, discord.Thread)
    return await thread.fetch_message(int(stored.record.discord["board"]))


async def test_found_told_refused_repaired(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        gid, _ = await new_game(w, "alice", seats=3, ai=1, join=["bob"])
        other, _ = await new_game(w, "carol", seats=2, ai=1)
        await play(w, gid, until=lambda ws: len([1 for *_, k in ws if k == "draft"]) == 2)
        stored = await w.service.store.load_game(gid)
        assert stored is not None and len(stored.actions) >= 2
        kept = len(stored.actions) - 1
        # the last stored move is changed while the bot is down: its hash no longer matches
        await w.service.close()
        await w.service.store.close()
        with sqlite3.connect(w.path) as db:
            db.execute("UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?",
                       ('{"type": "draft", "card": "NO-SUCH-CARD", "mode": "buy"}', gid, kept))
        await w.restart()
        await settle(w, gid)

        messages = await messages_of(w, gid)
        notice = translate("en", "storage.damaged.notice", game_id=gid,
                           reason=translate("en", "storage.damage.reason.bad_chain"))
        told = [m for m in messages if notice in (m.content or "")]
        assert len(told) == 1 and f"<@{w.members['alice'].id}>" in told[0].content

        # every click on it is refused in words, another game plays on
        damaged = translate("en", "refusal.damaged")
        message = await board_of(w, gid)
        click = await w.members["bob"].click(message,
                                             custom_id=button(message, "play.take_turn"))
        assert click.ephemeral and answer(click).content == damaged
        hand = await w.members["bob"].slash(w.channel, "hadara hand", game=gid)
        assert answer(hand).content == damaged
        assert await people_waiting(w, other)  # the other game still answers
        await w.restart()  # told once: not again after another restart
        await settle(w, gid)
        again = [m for m in await messages_of(w, gid) if notice in (m.content or "")]
        assert len(again) == 1

        # only a manager of the game's server may repair it; they see counts, not moves
        # (Discord offers /hadara-admin to Manage Server only; where a server opened it to
        # everyone the policy refuses: tests/e2e/test_access_matrix.py)
        with pytest.raises(SetupError, match="not visible"):
            await w.members["bob"].slash(w.channel, "hadara-admin repair", game=gid)
        managers = w.guild.create_role("managers", permissions=discord.Permissions(
            manage_guild=True))
        boss = w.guild.add_member(w.env.create_user("boss"), roles=[managers])
        await w.env.settle()
        shown = await boss.slash(w.channel, "hadara-admin repair", game=gid)
        preview = answer(shown)
        assert preview.content.startswith(f"**Game #{gid} is damaged:**")
        assert f"first {kept} of {kept + 1} moves" in preview.content
        assert "NO-SUCH-CARD" not in preview.content
        repaired = await boss.click(preview, label="Repair")
        assert answer(repaired).content == translate("en", "admin.repair.done", id=gid,
                                                     dropped=1)
        await settle(w, gid)
        snap = await w.service.load(gid)  # loads again; the AI played its pick again at once
        assert snap.game is not None and snap.game.version >= kept
        after = await w.service.store.load_game(gid)
        assert after is not None and "NO-SUCH-CARD" not in str([a.action for a in after.actions])
        last = (await thread_messages(w, gid))[-1].content or ""
        assert translate("en", "storage.repaired.notice", game_id=gid, dropped=1) in last
        assert f"<@{w.members['bob'].id}>" in last and f"<@{w.members['alice'].id}>" in last
        # and it plays on: the move that was lost is asked again, and taken
        waiting = await people_waiting(w, gid)
        assert waiting
        await take_turn(w, gid, waiting[0][1])
        await settle(w, gid)
        assert (await w.service.load(gid)).game.version > kept  # type: ignore[union-attr]
