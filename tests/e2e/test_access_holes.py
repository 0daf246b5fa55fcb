"""The holes a real server would find in its first week, closed — through the real bot:

* the owner of ANOTHER server cannot abandon, export, re-post or read a game of this server;
* a seated player cannot get an active game's seed or deck order by any command;
* the board is posted again in its thread only when asked from the game's server, at most once
  per game per five minutes (otherwise the caller gets it privately);
* open lobbies and hints are bounded per user, with an answer that says when to try again;
* a modified client's custom id (a seat the game does not have, a decision, an option, a step
  or a game that is not there) is answered in words with no placeholder ("?", "None") and, for
  a forged seat, no one's name.

Each refusal is specific, and nothing changes (record, log, version, thread messages).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.limits import MAX_OPEN_LOBBIES, Window
from cogs.play import panels as P
from cogs.play import queue as A
from cogs.replay.components import jump_id, step_id
from i18n import translate

from .conftest import World, answer, new_game, settle, thread_messages, world

pytest.importorskip("simcord")

SEED = 7_391_002_311_458_990_017  # a seed no number on a board or in a log could equal


async def snapshot(w: World, gid: int) -> tuple[Any, ...]:
    stored = await w.service.store.load_game(gid)
    assert stored is not None
    snap = await w.service.load(gid)
    messages = await thread_messages(w, gid)
    return (stored.record.status, stored.record.host_user_id, len(stored.actions),
            snap.game.version if snap.game else 0,
            [(m.id, m.content, m.edited_at) for m in messages])


def denied(reason: str, **params: Any) -> str:
    return translate("en", f"refusal.denied.{reason}", **params)


async def test_another_server_s_owner_and_a_curious_player(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch, seed=SEED) as w:
        gid, _ = await new_game(w, "alice", seats=3, ai=1, join=["bob"])
        await settle(w, gid)
        erin = w.env.create_user("erin")
        other = w.env.create_guild("Elsewhere", owner=erin)  # erin owns it: every permission
        owner = other.add_member(erin)
        channel = other.create_text_channel("general")
        await w.env.settle()
        before = await snapshot(w, gid)
        elsewhere = denied("elsewhere", game_id=gid)
        not_player = denied("not_player", game_id=gid)

        for command in ("hadara abandon", "hadara board", "hadara history"):
            result = await owner.slash(channel, command, game=gid)
            text = answer(result).content
            assert result.ephemeral and text == elsewhere, (command, text)
            assert "discord.com/channels" not in text  # no link to the thread either
        exported = await owner.slash(channel, "hadara-replay export", game=gid)
        assert answer(exported).content == denied("in_play")
        assert not answer(exported).attachments
        assert await snapshot(w, gid) == before
        assert (await w.service.load(gid)).record.status == "active"
        # the autocomplete offers her nothing of this server
        assert await owner.autocomplete(channel, "hadara abandon", "game", "") == []

        # a seated player, in the thread or by DM: no seed, no deck order, by any command
        for who, where in ((w.members["bob"], w.channel), (w.users["bob"], None)):
            result = await (who.slash(where, "hadara-replay export", game=gid) if where
                            else who.slash("hadara-replay export", game=gid))
            message = answer(result)
            assert message.content == denied("in_play") and not message.attachments
        for command in ("hadara history", "hadara hand", "hadara board"):
            result = await w.members["bob"].slash(w.channel, command, game=gid)
            text = json.dumps([answer(result).content,
                               [e.to_dict() for e in answer(result).embeds]])
            stored = await w.service.store.load_game(gid)
            assert stored is not None and str(stored.record.seed) not in text, command
        # a member of this server without a seat: the public board and history only
        await settle(w, gid)  # bob's /hadara board posted the board again
        before = await snapshot(w, gid)
        carol = w.members["carol"]
        assert answer(await carol.slash(w.channel, "hadara hand", game=gid)).content \
            == not_player
        assert answer(await carol.slash(w.channel, "hadara abandon", game=gid)).content \
            == denied("not_host")
        reply = await carol.slash(w.channel, "hadara history", game=gid)
        assert reply.ephemeral and answer(reply).content.startswith(f"Game #{gid}, the last")
        assert await snapshot(w, gid) == before


async def test_the_board_is_posted_again_at_most_every_five_minutes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        gid, thread = await new_game(w, "alice", seats=3, ai=1, join=["bob"])
        await settle(w, gid)
        count = len(await thread_messages(w, gid))
        first = await w.members["carol"].slash(w.channel, "hadara board", game=gid)
        assert "posted again" in answer(first).content
        await settle(w, gid)
        assert len(await thread_messages(w, gid)) == count + 1

        again = await w.members["bob"].slash(w.channel, "hadara board", game=gid)
        message = answer(again)
        assert again.ephemeral and message.content.startswith(
            "The board was posted in the thread a few minutes ago") and "<t:" in message.content
        assert {a.filename for a in message.attachments} == {"table.png", "players.png"}
        await settle(w, gid)
        assert len(await thread_messages(w, gid)) == count + 1  # nothing new in the thread

        # a player asking by DM gets it privately, whenever they ask
        dm = await w.users["bob"].slash("hadara board", game=gid)
        assert answer(dm).content.startswith(translate("en", "game.board.private"))
        assert len(answer(dm).attachments) == 2

        await w.env.advance_time(301)
        later = await w.members["carol"].slash(w.channel, "hadara board", game=gid)
        assert "posted again" in answer(later).content
        await settle(w, gid)
        assert len(await thread_messages(w, gid)) == count + 2


async def test_open_lobbies_and_hints_are_bounded(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        alice = w.members["alice"]
        for _ in range(MAX_OPEN_LOBBIES):
            made = await alice.slash(w.channel, "hadara new", seats=2)
            assert "#" in answer(made).content
        lobbies = await w.service.store.game_ids(("lobby",))
        refused = await alice.slash(w.channel, "hadara new", seats=2)
        text = answer(refused).content
        assert refused.ephemeral and text.startswith(
            f"You already host {MAX_OPEN_LOBBIES} tables that have not started"), text
        assert await w.service.store.game_ids(("lobby",)) == lobbies  # nothing opened
        # another user is not bounded by alice's tables
        assert "#" in answer(await w.members["bob"].slash(w.channel, "hadara new",
                                                          seats=2)).content

        w.service.rate_limits.windows["hint"] = Window(1, 600.0)
        gid, _ = await new_game(w, "carol", seats=2, ai=1)
        board = (await w.service.load(gid)).record.discord["board"]
        message = await (await w.bot.fetch_channel(
            (await w.service.load(gid)).record.discord["thread"])).fetch_message(int(board))
        first = await w.members["carol"].click(message, label="Hint")
        assert "The AI suggests" in answer(first).content or answer(first).content
        second = await w.members["carol"].click(message, label="Hint")
        text = answer(second).content
        assert text.startswith("You asked for many hints just now: try again <t:"), text


def said(result: Any) -> str:
    """Every word an interaction answered: the answer's text, and its embeds' (an edited
    panel)."""
    message = answer(result)
    if message is None:
        return ""
    embeds = [e if isinstance(e, dict) else e.to_dict() for e in message.embeds or []]
    return "\n".join([message.content or "", *(
        f"{e.get('title') or ''}\n{e.get('description') or ''}" for e in embeds)])


async def forged(w: World, who: Any, custom_id: str, value: str | None = None) -> Any:
    """A modified client's click (or select ``value``) on ``custom_id``, from a message of
    the bot it sees."""
    view = discord.ui.View(timeout=None)
    if value is None:
        view.add_item(discord.ui.Button(label="x", custom_id=custom_id))
    else:
        view.add_item(discord.ui.Select(custom_id=custom_id, options=[
            discord.SelectOption(label="x", value=value)]))
    message = await w.bot.get_channel(w.channel.id).send(  # type: ignore[union-attr]
        content="x", view=view)
    await w.env.settle()
    if value is None:
        return await who.click(message, custom_id=custom_id)
    return await who.select(message, [value], custom_id=custom_id)


async def test_a_forged_custom_id_names_nobody(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        gid, _ = await new_game(w, "alice", seats=3, ai=1, join=["bob"])
        await settle(w, gid)
        snap = await w.service.load(gid)
        assert snap.game is not None
        bob = w.members["bob"]
        seat = next(s.seat for s in snap.record.seats if s.user_id == bob.id)
        names = [s.name for s in snap.record.seats]
        decision = snap.game.decision_id(seat) or "d0"
        before = await snapshot(w, gid)

        # seat 7 of a three-seat game, on every component that names a seat
        no_seat = denied("no_such_seat", game_id=gid)
        for cid, value in ((P.action_id(gid, 7, decision, 0, {"type": "x"}), None),
                           (P.nav_id(gid, 7, decision, ()), None),
                           (P.hint_id(gid, 7, decision), None),
                           (P.undo_id(gid, 7, 1), None),
                           (A.custom_id(gid, 7, "o"), None),
                           (P.select_id(gid, 7, decision, (), 0), "a0.abcd")):
            text = said(await forged(w, bob, cid, value))
            assert text == no_seat, (cid, text)
            assert "?" not in text and not any(n in text for n in names), (cid, text)
        # votes about a seat that is not there
        text = said(await forged(w, bob, f"hd1:vote:{gid}:7"))
        assert text == translate("en", "refusal.not_seated.no_seat"), text

        # a forged decision, option, step or game: words, never a placeholder
        for cid, value in ((P.action_id(gid, seat, "zz", 0, {"type": "x"}), None),
                           (P.action_id(gid, seat, decision, 999, {"type": "x"}), None),
                           (P.nav_id(gid, seat, decision, ("zz", "yy")), None),
                           (P.hint_id(gid, seat, "zz"), None),
                           (P.undo_id(gid, seat, 999_999), None),
                           (A.custom_id(gid, seat, "m", "abcd", "zz"), None),
                           (A.custom_id(gid, seat, "t", "abcd", "zz"), None),
                           (step_id(gid, 999_999, "n"), None),
                           (f"hd1:fk:{gid}:999999", None),
                           (P.select_id(gid, seat, decision, (), 0), "a999.abcd"),
                           (P.select_id(gid, seat, decision, (), 0), "nzz"),
                           (A.custom_id(gid, seat, "c", "abcd"), "zz"),
                           (jump_id(gid), "zz"),
                           (jump_id(gid), "999999"),
                           (P.take_turn_id(999_999), None),
                           (P.action_id(999_999, seat, "d0", 0, {"type": "x"}), None),
                           ("hd1:vote:999999:1", None),
                           ("hd1:lobby:join:999999", None),
                           ("hd1:fk:999999:0", None),
                           (step_id(999_999, 0, "n"), None)):
            text = said(await forged(w, bob, cid, value))
            assert text and "?" not in text and "None" not in text, (cid, text)
        assert await snapshot(w, gid) == before
