"""Whole games through the real bot, every decision made by clicking what the players see
("Take my turn", then the panel's buttons and selects, stepped panels walked), to the final
score message in the thread.

The world (conftest) checks after every test that each message the bot sent stayed within
Discord's limits and that every interaction was acknowledged within a second of real time.
"""

from __future__ import annotations

import time
from pathlib import Path

import discord
import pytest

from cogs.table.state import tables

from .conftest import (
    ACK_LIMIT,
    World,
    check_limits,
    components,
    new_game,
    people_waiting,
    play,
    settle,
    take_turn,
    thread_messages,
    world,
)

pytest.importorskip("simcord")


async def assert_final_message(w: World, gid: int) -> None:
    record = (await w.service.load(gid)).record
    assert record.status == "finished"
    messages = await thread_messages(w, gid)
    final = messages[-1]
    assert f"Game #{gid} is over" in final.content and "Winner:" in final.content, final.content
    assert [a.filename for a in final.attachments] == ["scores.png", "recap.gif"]
    # Rematch, the replay, then "Profile" beside each person (their names, a row of their own)
    people = [s.name for s in record.seats if s.user_id is not None]
    assert [c.get("label") for c in components(final)] == ["Rematch", "Watch the replay",
                                                            *people]
    # the board lost its "Take my turn" once the game ended
    board = next(m for m in messages if m.id == record.discord["board"])
    assert board.components == []


async def test_three_seats_two_people_one_ai_to_the_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started = time.perf_counter()
    async with world(tmp_path, monkeypatch) as w:
        gid, thread = await new_game(w, "alice", seats=3, ai=1, join=["bob"])
        record = (await w.service.load(gid)).record
        assert sorted((s.user_id is None) for s in record.seats) == [False, False, True]
        played = await play(w, gid)
        await settle(w, gid)
        await assert_final_message(w, gid)
        # both people decided, through their panels, every kind of decision a basic game has
        assert played.kinds == {"wheel", "draft", "phase_b", "colony", "statue", "feeding",
                                "medals"}, played.kinds
        stored = (await w.service.store.load_game(gid))
        assert stored is not None
        by = {row.submitted_by.split(":")[0] for row in stored.actions}
        assert {"user", "ai"} <= by
        stats = tables(w.bot).stats[thread.id]
        limits = check_limits(w.env)
        print(f"\n3 seats (2 people, 1 AI): {len(played.turns)} decisions by clicking, "
              f"{sum(len(t.panels) for t in played.turns)} panels seen; "
              f"{w.updates[gid]} service updates -> {stats.board_edits} board edits, "
              f"{stats.posts} posts; {w.clock.summary()}; {limits.payloads} message payloads "
              f"and {limits.stored} stored messages within limits; "
              f"{time.perf_counter() - started:.1f} s")
        assert stats.board_edits < w.updates[gid]
        assert w.clock.max < ACK_LIMIT


async def test_five_seats_advanced_one_person_four_ai(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Advanced rules (setup side included): one person plays every decision of theirs;
    the AI seats' bursts between two of their decisions become one board edit."""
    started = time.perf_counter()
    async with world(tmp_path, monkeypatch) as w:
        gid, thread = await new_game(w, "alice", seats=5, ai=4, variant="advanced")
        stats = tables(w.bot).stats[thread.id]
        bursts: list[tuple[int, int]] = []  # (updates, board edits) after each decision
        kinds: list[str] = []
        while (await w.service.load(gid)).record.status == "active":
            waiting = await people_waiting(w, gid)
            if not waiting:
                await settle(w, gid)
                continue
            (seat, user_id, kind), = waiting
            # the board is shown by an edit, or by a new board below when it moves down
            updates, shown = w.updates[gid], stats.board_edits + stats.board_posts
            turn = await take_turn(w, gid, user_id)
            kinds.append(kind)
            await settle(w, gid)
            bursts.append((w.updates[gid] - updates,
                           stats.board_edits + stats.board_posts - shown))
        await assert_final_message(w, gid)
        assert {"setup_side", "draft", "phase_b", "colony", "statue", "feeding",
                "medals"} <= set(kinds), set(kinds)
        assert turn.panels
        # coalescing: however many updates a decision set off (its own, forced moves and
        # four AI seats), the board was shown once
        assert all(shown == 1 for _, shown in bursts), bursts
        # alice plays at the table (live): her panel moves on by itself, she is pinged for
        # her first step only, nothing piles up below the board; the busy board moves down
        # once it is old (edits of messages older than an hour are limited), about hourly
        hours = (discord.utils.utcnow() - discord.utils.snowflake_time(thread.id)) \
            .total_seconds() / 3600
        assert stats.posts <= 3, stats.posts
        assert 1 <= stats.board_posts <= 2 + hours, (stats.board_posts, hours)
        most = max(updates for updates, _ in bursts)
        assert most >= 4, bursts
        print(f"\n5 seats advanced (1 person, 4 AI): {len(kinds)} decisions by clicking "
              f"({', '.join(sorted(set(kinds)))}); updates per decision up to {most}, "
              f"boards shown per decision: 1 ({stats.board_posts - 1} moves down); {w.updates[gid]} updates -> "
              f"{stats.board_edits} board edits, {stats.posts} posts; {w.clock.summary()}; "
              f"{time.perf_counter() - started:.1f} s")
