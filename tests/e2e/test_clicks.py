"""Clicks that must change nothing, and DMs that Discord refuses.

* A panel of a decision that is no longer current answers "no longer current" with the
  player's panel now; another player's click on a panel is refused by name; someone without a
  seat is told so — and none of them writes anything.
* A player who asked for DMs but whose DMs are closed (Discord error 50007 on the DM
  channel's route) is mentioned in the thread instead; the game goes on, nothing fails.
"""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from cogs.play.turns import layout, to_discord
from cogs.table.state import tables
from hadara.words import card_name

from .conftest import (
    World,
    answer,
    board,
    description,
    ids,
    new_game,
    open_panel,
    people_waiting,
    play,
    settle,
    take_turn,
    thread_messages,
    world,
)

pytest.importorskip("simcord")


async def snapshot(w: World, gid: int) -> tuple[object, ...]:
    """What a refused click must not change: the stored log and record, the live game."""
    stored = await w.service.store.load_game(gid)
    assert stored is not None
    snap = await w.service.load(gid)
    assert snap.game is not None
    return (len(stored.actions), [(r.seat, r.decision_id, r.action) for r in stored.actions],
            stored.record.status, snap.game.version, list(snap.game.commits),
            list(snap.game.decision_ids))


async def test_stale_and_foreign_clicks_change_nothing(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        gid, thread = await new_game(w, "alice", seats=3, ai=1, join=["bob"])
        await play(w, gid, until=lambda ws: len([k for *_, k in ws if k == "draft"]) == 2)
        (seat_a, user_a, _), (seat_b, user_b, _) = await people_waiting(w, gid)

        # a panel opened now, then the round is decided through other panels
        stale = await open_panel(w, gid, user_a)
        await take_turn(w, gid, user_a)
        await take_turn(w, gid, user_b)
        await settle(w, gid)
        snap = await w.service.load(gid)
        assert snap.game is not None and snap.game.decision_id(seat_a) != ids(stale, "a")[0][
            "custom_id"].split(":")[4]
        before = await snapshot(w, gid)
        decision = ids(stale, "a")[0]["custom_id"].split(":")[4]
        result = await w.member(user_a).click(stale, custom_id=ids(stale, "a")[-1]["custom_id"])
        fresh = result.response
        # a change of pick that arrives after the reveal: the answer says which pick stood
        stored = await w.service.store.load_game(gid)
        assert stored is not None
        pick = next(r.action for r in stored.actions
                    if r.seat == seat_a and r.decision_id == decision)
        name = card_name(snap.game.catalog, pick["card"])
        verb = "sold" if pick["mode"] == "sell" else "bought"
        assert description(fresh).startswith(
            f"✅ The round was revealed before your change: you {verb} {name}."), \
            description(fresh)
        assert fresh.embeds[0].title and fresh.embeds[0].title != "" and fresh.attachments
        assert await snapshot(w, gid) == before

        # another player's panel, and a panel clicked by someone without a seat: the bot
        # posts seat A's panel where everyone can click it (a DM or an ephemeral panel can
        # only be clicked by its owner in Discord; the custom id is what travels)
        panel, file = layout(await w.service.panel(gid, user_a))
        embed, view = to_discord(panel)
        channel = w.bot.get_channel(thread.id)
        assert isinstance(channel, discord.Thread)
        posted = await channel.send(embed=embed, view=view)
        await w.env.settle()
        custom_id = ids(posted, "a")[0]["custom_id"]
        name_a = next(s.name for s in snap.record.seats if s.seat == seat_a)
        refused = await w.member(user_b).click(posted, custom_id=custom_id)
        assert answer(refused).ephemeral  # (the click was acknowledged silently first)
        assert answer(refused).content.startswith(f"This panel belongs to {name_a}")
        stranger = await w.members["carol"].click(posted, custom_id=custom_id)
        not_player = f"Only the players of game #{gid} can do that."  # the access policy's
        assert answer(stranger).ephemeral and answer(stranger).content == not_player
        board_click = await w.members["carol"].click(await board(w, gid), label="Take my turn")
        assert answer(board_click).content == not_player
        assert await snapshot(w, gid) == before

        # the owner's click on that panel still works
        chosen = await w.member(user_a).click(posted, custom_id=custom_id)
        assert description(chosen.response).startswith("✅ Chosen:")
        assert await snapshot(w, gid) != before


async def test_refused_dms_fall_back_to_the_thread(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        alice, bob = w.members["alice"], w.members["bob"]
        for member in (alice, bob):
            on = await member.slash(w.channel, "hadara settings", dms=True)
            assert "DM" in answer(on).content or "dm" in answer(on).content.lower()
        # alice's DMs are closed: every message to her DM channel fails with 50007
        dm = w.users["alice"].dm_channel
        w.env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                           message="Cannot send messages to this user", times=None)
        gid, thread = await new_game(w, "alice", seats=3, ai=1, join=["bob"])
        stats = tables(w.bot).stats[thread.id]
        await play(w, gid, until=lambda ws: stats.dms_refused > 0 and stats.dms > 0)
        assert stats.dms_refused >= 1 and stats.dms >= 1
        # the thread mentions alice for her decision; no DM reached her
        mentions = [m for m in await thread_messages(w, gid) if alice.mention in m.content]
        assert mentions and "Take my turn" in mentions[-1].content
        assert dm.history() == []
        # bob's DM arrived and works like the ephemeral panel
        bob_dms = w.users["bob"].dm_channel.history()
        assert bob_dms and bob_dms[-1].embeds
        # the game goes on: alice plays from the board, a few decisions more
        for _ in range(6):
            waiting = await people_waiting(w, gid)
            seat, user, _ = waiting[0]
            await take_turn(w, gid, user)
            await settle(w, gid)
        assert (await w.service.load(gid)).record.status == "active"
        assert w.env.errors == []
