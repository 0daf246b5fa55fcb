"""Restarts in the middle of a game: in Phase A (a draft round with one pick recorded and
another player's panel open) and again in Phase B. Each time the running bot's service and
store are closed and a NEW bot is built from the database path alone (``HadaraBot(config)``,
its own store and service); the old buttons — the board's "Take my turn" and a panel opened
before the restart — keep working, the stored action log loses and doubles nothing, and the
game goes on to its end."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from .conftest import (
    World,
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

Row = tuple[int, int, str, str | None, str]


async def log_rows(w: World, gid: int) -> list[Row]:
    stored = await w.service.store.load_game(gid)
    assert stored is not None
    return [(r.seq, r.seat, repr(sorted(r.action.items())), r.decision_id, r.submitted_by)
            for r in stored.actions]


async def assert_log_whole(w: World, gid: int, before: list[Row]) -> list[Row]:
    """The stored log still starts with ``before``, has no gap, no (seat, decision) twice,
    and is exactly what the live game replayed."""
    rows = await log_rows(w, gid)
    assert rows[:len(before)] == before
    assert [r[0] for r in rows] == list(range(len(rows)))
    decided = [(seat, decision) for _, seat, _, decision, _ in rows if decision is not None]
    assert len(decided) == len(set(decided)), "a decision was stored twice"
    snap = await w.service.load(gid)
    assert snap.game is not None and snap.game.log is not None
    assert len(snap.game.log) == len(rows)
    return rows


async def test_restart_in_phase_a_and_in_phase_b(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    started = time.perf_counter()
    async with world(tmp_path, monkeypatch) as w:
        gid, _ = await new_game(w, "alice", seats=3, ai=1, join=["bob"])

        # ---- Phase A: both people draft; one has picked, the other has a panel open
        await play(w, gid, until=lambda ws: len([k for *_, k in ws if k == "draft"]) == 2)
        (seat_a, user_a, _), (seat_b, user_b, _) = await people_waiting(w, gid)
        picked = await take_turn(w, gid, user_a)
        assert "change this until everyone has chosen" in description(picked.result.response)
        old_board = await board(w, gid)
        old_panel = await open_panel(w, gid, user_b)
        old_bot = w.bot
        before = await assert_log_whole(w, gid, [])
        snap = await w.service.load(gid)
        assert snap.game is not None
        pick = snap.game.commits[seat_a]
        assert pick is not None

        await w.restart()
        assert w.bot is not old_bot and w.service is not old_bot.service
        await w.service.idle()
        snap = await w.service.load(gid)
        assert snap.game is not None and snap.game.commits[seat_a] == pick  # kept
        await assert_log_whole(w, gid, before)
        # the panel opened before the restart chooses
        result = await w.member(user_b).click(old_panel, custom_id=ids(old_panel, "a")[0]
                                              ["custom_id"])
        assert description(result.response).startswith("✅ Chosen:"), result.response.embeds
        await settle(w, gid)
        rows = await assert_log_whole(w, gid, before)
        assert len(rows) > len(before)
        # and the board's "Take my turn", as fetched before the restart, opens a panel
        waiting = await people_waiting(w, gid)
        assert waiting
        opened = await w.member(waiting[0][1]).click(old_board, label="Take my turn")
        assert opened.ephemeral and opened.response.embeds and ids(opened.response, "a") + ids(
            opened.response, "n") + [c for r in opened.response.components
                                     for c in r["components"] if c["type"] == 3]

        # ---- Phase B: a panel open across the second restart
        await play(w, gid, until=lambda ws: any(k == "phase_b" for *_, k in ws))
        seat, user, _ = next(x for x in await people_waiting(w, gid) if x[2] == "phase_b")
        panel = await open_panel(w, gid, user)
        snap = await w.service.load(gid)
        assert snap.game is not None
        decision = snap.game.decision_id(seat)
        before = await assert_log_whole(w, gid, rows)
        await w.restart()
        await w.service.idle()
        await assert_log_whole(w, gid, before)
        turn = await take_turn(w, gid, user, panel=panel)
        assert description(turn.result.response).startswith("✅ Chosen:")
        await settle(w, gid)
        rows = await assert_log_whole(w, gid, before)
        mine = [r for r in rows if r[3] == decision and r[1] == seat]
        assert len(mine) == 1 and mine[0][4] == f"user:{user}"

        # ---- the game goes on to its end with the new bot
        await play(w, gid)
        await settle(w, gid)
        rows = await assert_log_whole(w, gid, before)
        assert (await w.service.load(gid)).record.status == "finished"
        final = (await thread_messages(w, gid))[-1]
        assert f"Game #{gid} is over" in final.content
        print(f"\nrestarts in Phase A and B: {len(rows)} stored actions, none lost or doubled; "
              f"{w.clock.summary()}; {time.perf_counter() - started:.1f} s")

