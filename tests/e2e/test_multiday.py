"""Multi-day games through the real bot under simcord, on its virtual clock: deadlines that
expire (the AI choosing, strikes, the takeover), reminders in the thread by default (with the
"Take my turn" button) and by DM merged per user for those who ask, a restart in
the middle that loses or doubles nothing, a Phase-B choice queued ahead through the panel and
played when the turn comes, vacations told to the other players, and the vote.

The bot builds its service on Discord's clock (``discord.utils.utcnow``, virtual under
simcord) and the scheduler sleeps with ``asyncio.sleep``, so ``env.advance_time`` drives the
deadlines.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from .conftest import (
    World,
    answer,
    components,
    people_waiting,
    settle,
    take_turn,
    thread_messages,
    thread_of,
    world,
)

pytest.importorskip("simcord")

HOUR = 3600.0
STAMP = re.compile(r"<t:(\d+):f>")


async def new_timed_game(w: World, host: str, *, seats: int, ai: int = 0,
                         join: tuple[str, ...] = (), time_control: str = "1h",
                         strikes: int = 3) -> int:
    """``/hadara new`` with a time control; the others join by the lobby's button."""
    result = await w.members[host].slash(w.channel, "hadara new", seats=seats, ai=ai,
                                         time_control=time_control, strikes=strikes)
    assert result.ephemeral and "#" in answer(result).content
    gid = max(await w.service.store.game_ids(("lobby",)))
    record = (await w.service.load(gid)).record
    assert record.options["time_control"]["seconds"] == HOUR
    assert record.options["time_control"]["strikes"] == strikes
    thread = await thread_of(w, gid)
    lobby = [m async for m in thread.history(limit=5, oldest_first=True)][0]
    assert any("Time control" in (f.name or "") for f in lobby.embeds[0].fields)
    for name in join:
        await w.members[name].click(lobby, label="Join")
    await settle(w, gid)
    lobby = await thread.fetch_message(lobby.id)
    await w.members[host].click(lobby, label="Start")
    await settle(w, gid)
    return gid


async def act(w: World, gid: int, user_id: int) -> bool:
    """The user takes their pending decision by clicking (the panel's first option), if any.
    (Through the bot, not the service: work started from the test itself would not run on
    simcord's virtual clock.)"""
    waiting = await people_waiting(w, gid)
    snap = await w.service.load(gid)
    mine = next(s for s in snap.record.seats if s.user_id == user_id)
    if mine.ai_takeover or not any(u == user_id for _, u, _ in waiting):
        return False
    await take_turn(w, gid, user_id)
    await settle(w, gid)  # the table flushes on the virtual clock
    return True


def reminder_stamps(w: World, name: str) -> list[int]:
    """The deadlines listed in every reminder DM of ``name`` (one entry per game line)."""
    out: list[int] = []
    for m in w.users[name].dm_channel.history():
        if (m.content or "").startswith("⏰ Reminder"):
            out += [int(x) for x in STAMP.findall(m.content)]
    return out


async def test_a_player_who_never_acts_the_game_still_finishes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Alice plays, Bob never does: each of Bob's deadlines expires on the virtual clock
    (reminded by DM halfway: he asked for DMs), the AI chooses for him, after 3 strikes it
    plays his seat, and the game ends. A restart between two of his deadlines loses or doubles
    nothing."""
    async with world(tmp_path, monkeypatch) as w:
        await w.members["bob"].slash(w.channel, "hadara settings", dms=True)
        gid = await new_timed_game(w, "alice", seats=3, ai=1, join=("bob",))
        alice, bob = w.members["alice"].id, w.members["bob"].id
        board = await thread_messages(w, gid)
        assert any("⏳" in (m.content or "") for m in board), "the board shows deadlines"
        restarted = False
        for _ in range(400):
            snap = await w.service.load(gid)
            if snap.record.status != "active":
                break
            if await act(w, gid, alice):
                continue
            if not restarted and snap.record.seats[
                    next(s.seat for s in snap.record.seats if s.user_id == bob)].strikes == 1:
                await w.env.advance_time(10 * 60)  # within Bob's second deadline's first half
                await w.restart()
                restarted = True
                continue
            await w.env.advance_time(HOUR / 2 + 1)  # a reminder, then the deadline
            await w.service.idle()
        await settle(w, gid, 120)
        snap = await w.service.load(gid)
        assert snap.record.status == "finished" and restarted
        seat = next(s for s in snap.record.seats if s.user_id == bob)
        assert seat.ai_takeover and seat.strikes == 3

        stored = await w.service.store.load_game(gid)
        assert stored is not None
        ids = [(a.seat, a.decision_id) for a in stored.actions if a.decision_id]
        assert len(ids) == len(set(ids)), "a decision stored twice"
        expired = [a for a in stored.actions if a.submitted_by == "deadline"]
        assert {a.seat for a in expired} == {seat.seat} and len(expired) >= 3

        # one reminder per deadline of Bob (halfway through the hour), none twice
        stamps = reminder_stamps(w, "bob")
        assert len(stamps) >= 3, stamps
        assert max(Counter(stamps).values()) == 1, Counter(stamps)
        assert reminder_stamps(w, "alice") == []

        text = "\n".join(m.content or "" for m in await thread_messages(w, gid))
        for n in (1, 2, 3):
            assert f"ran out of time: the AI chose for them (strike {n} of 3)" in text
        assert "The AI plays bob's seat from now on" in text
        assert f"Game #{gid} is over" in text


async def test_reminders_go_to_the_thread_unless_a_player_asks_for_dms(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """By default a reminder is a mention in the game's thread carrying "Take my turn" (no
    DM: opening DMs to many people gets a bot refused); it opens the panel of the seat."""
    async with world(tmp_path, monkeypatch) as w:
        gid = await new_timed_game(w, "alice", seats=2, join=("bob",))
        waiting = await people_waiting(w, gid)
        (_, uid, _), = waiting
        name = next(n for n, m in w.members.items() if m.id == uid)
        await w.env.advance_time(HOUR / 2 + 1)
        await w.service.idle()
        await settle(w, gid)
        reminders = [m for m in await thread_messages(w, gid)
                     if (m.content or "").startswith(f"⏰ <@{uid}>")]
        assert len(reminders) == 1, [m.content for m in await thread_messages(w, gid)]
        assert f"game #{gid} awaits you" in reminders[0].content
        assert [c.get("label") for c in components(reminders[0])][0] == "Take my turn"
        assert reminder_stamps(w, name) == []  # no DM
        dm = w.users[name].dm_channel
        assert dm is None or not list(dm.history())
        panel = await w.members[name].click(reminders[0], label="Take my turn")
        assert panel.ephemeral


async def test_queue_ahead_away_back_and_vote(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Two people, 1 h per decision: Bob queues his Phase-B take through "Take my turn" →
    "Queue my choice" and it is played the moment his turn comes; Alice's vacation and
    return are told in the thread; Bob misses a deadline and Alice votes the AI in; Bob
    rejoins."""
    async with world(tmp_path, monkeypatch) as w:
        gid = await new_timed_game(w, "alice", seats=2, join=("bob",), strikes=10)
        users = {s.seat: int(s.user_id or 0) for s in (await w.service.load(gid)).record.seats}
        bob = w.members["bob"].id
        bob_seat = next(s for s, u in users.items() if u == bob)
        # both play on (first legal option) until Phase B waits for the other player
        for _ in range(200):
            game = (await w.service.load(gid)).game
            assert game is not None
            waiting = await w.service.waiting(gid)
            if game.step == "phase_b" and waiting and waiting[0].seat != bob_seat:
                break
            await take_turn(w, gid, users[waiting[0].seat])
            await settle(w, gid, 10)
        await settle(w, gid, 120)
        board = await thread_messages(w, gid)
        record = (await w.service.load(gid)).record
        board_message = next(m for m in board if m.id == record.discord["board"])
        opened = await w.members["bob"].click(board_message, label="Take my turn")
        panel = opened.response
        assert "Queue my choice" in [c.get("label") for c in components(panel)]
        shown = await w.members["bob"].click(panel, label="Queue my choice")
        ahead = shown.response
        assert ahead.embeds and "Queued:" in ahead.embeds[0].description
        select = next(c for c in components(ahead) if c.get("type") == 3
                      and ":pb:" in c["custom_id"])
        assert select["max_values"] <= 3 and select["min_values"] == 1
        cards = [o["value"] for o in select["options"]][:2]
        picked = await w.members["bob"].select(ahead, cards, custom_id=select["custom_id"])
        modes = picked.response
        assert "Your order:" in modes.embeds[0].description
        done = await w.members["bob"].click(modes, label="Sell")
        queued = answer(done) if done.followups else done.response
        assert "✅ Queued: Phase B" in queued.embeds[0].description
        assert "Withdraw" in [c.get("label") for c in components(queued)]
        snap = await w.service.load(gid)
        assert snap.record.seats[bob_seat].plan is not None
        # Alice takes her turn: Bob's queued take is played at once (a sale of the first of
        # his cards still on top)
        await take_turn(w, gid, users[1 - bob_seat])
        await settle(w, gid, 120)
        stored = await w.service.store.load_game(gid)
        assert stored is not None
        assert any(a.submitted_by == "ahead" and a.seat == bob_seat for a in stored.actions)
        text = "\n".join(m.content or "" for m in await thread_messages(w, gid))
        assert "queued choice was played" in text

        # an archived thread is opened again when the game moves on
        await (await thread_of(w, gid)).edit(archived=True)
        assert (await w.bot.fetch_channel((await thread_of(w, gid)).id)).archived  # type: ignore[union-attr]
        # vacation: the other player is told in the thread
        away = await w.members["alice"].slash(w.channel, "hadara away", days=3)
        assert "You are away until" in answer(away).content
        await settle(w, gid, 120)
        back = await w.members["alice"].slash(w.channel, "hadara back")
        assert "Welcome back" in answer(back).content
        await settle(w, gid, 120)
        text = "\n".join(m.content or "" for m in await thread_messages(w, gid))
        assert "alice is away until" in text and "alice is back from vacation" in text
        assert not (await w.bot.fetch_channel((await thread_of(w, gid)).id)).archived  # type: ignore[union-attr]
        too_long = await w.members["alice"].slash(w.channel, "hadara away", days=60)
        assert "more time away than this server allows" in answer(too_long).content

        # Bob misses a deadline: the notice offers the vote; Alice's vote is the majority
        for _ in range(20):
            waiting = await w.service.waiting(gid)
            if any(x.seat == bob_seat for x in waiting):
                break
            assert await act(w, gid, users[1 - bob_seat])
        await w.env.advance_time(HOUR + 1)
        await w.service.idle()
        await settle(w, gid, 120)
        messages = await thread_messages(w, gid)
        notice = next(m for m in reversed(messages) if "ran out of time" in (m.content or ""))
        assert "strike 1 of 10" in notice.content
        voted = await w.members["alice"].click(notice, label="Let the AI play bob")
        assert "the AI plays bob's seat now" in answer(voted).content
        snap = await w.service.load(gid)
        assert snap.record.seats[bob_seat].ai_takeover
        again = await w.members["bob"].slash(w.channel, "hadara rejoin", game=gid)
        assert "back" in answer(again).content
        assert not (await w.service.load(gid)).record.seats[bob_seat].ai_takeover
        own = await w.members["alice"].slash(w.channel, "hadara vote", player=w.members["alice"],
                                             game=gid)
        assert "cannot vote about your own seat" in answer(own).content
        by_command = await w.members["alice"].slash(w.channel, "hadara vote",
                                                    player=w.members["bob"], game=gid)
        assert "the AI plays bob's seat now" in answer(by_command).content
