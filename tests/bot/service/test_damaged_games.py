"""Damaged games (docs/service.md, "Damaged games"), on every backend: a game whose stored
rows do not rebuild (planted behind a hash chain recomputed to match, so the replay and the
row checks find it: tests/bot/service/test_hash_chain.py plants changes the chain finds) — an unknown card in a stored action, an action that is not JSON, a
deleted log row, a seat out of range, an empty setup — is quarantined: marked in the store with
its reason, refused ``damaged`` by every call, announced once (also across a restart), while
every other game plays on; a repair keeps its last valid action, moves the later rows into
``actions_backup``, publishes ``repaired`` and the game plays on."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.access import Actor
from bot.service import Refusal
from tests.support.storage_helpers import (
    ALICE,
    BOB,
    HOST,
    assert_memory_is_storage,
    make_env,
    move,
    play,
    reseal,
    run_sql,
    stored,
    table,
)
from tests.support.stores import SQLITE, StoreFactory

# (damage, SQLite statement, PostgreSQL statement, reason, first bad seq, kept, removed);
# every statement takes the game id (and the damaged seq 3 where it says so)
UNKNOWN_CARD = json.dumps({"type": "draft", "card": "NO-SUCH-CARD", "mode": "buy"})
CASES: dict[str, tuple[str, str, str, int | None, int | None, int]] = {
    "unknown_card": (f"UPDATE actions SET action = '{UNKNOWN_CARD}' WHERE game_id = ? AND seq = 3",
                     f"UPDATE actions SET action = '{UNKNOWN_CARD}' WHERE game_id = $1"
                     " AND seq = 3", "bad_action", 3, 3, 3),
    "bad_json": ("UPDATE actions SET action = '{\"type\": \"dra' WHERE game_id = ? AND seq = 3",
                 "", "bad_json", 3, 3, 3),
    "deleted_row": ("DELETE FROM actions WHERE game_id = ? AND seq = 3",
                    "DELETE FROM actions WHERE game_id = $1 AND seq = 3", "missing_row", 3, 3,
                    2),
    "seat_out_of_range": ("UPDATE actions SET seat = 9 WHERE game_id = ? AND seq = 3",
                          "UPDATE actions SET seat = 9 WHERE game_id = $1 AND seq = 3",
                          "bad_action", 3, 3, 3),
    "empty_setup": ("UPDATE games SET setup = '{}' WHERE id = ?",
                    "UPDATE games SET setup = '{}' WHERE id = $1", "bad_setup", None, None, 0),
}
#: PostgreSQL runs the cases its CHECK constraints allow (it refuses text that is not JSON)
PG_CASES = ("unknown_card", "deleted_row", "empty_setup")


def refused(exc: pytest.ExceptionInfo[Refusal], code: str, reason: str | None = None) -> None:
    assert exc.value.code == code, exc.value
    if reason is not None:
        assert exc.value.reason == reason, exc.value


async def every_call_refuses(env: Any, gid: int, reason: str) -> None:
    """load, waiting, view, images, catch_up, submit, lobby and play calls: all ``damaged``."""
    svc = env.svc
    calls = [svc.load(gid), svc.waiting(gid), svc.view(gid), svc.view(gid, 0),
             svc.options(gid, 0), svc.board_images(gid), svc.private_image(gid, 0),
             svc.scores_image(gid), svc.catch_up(gid, 0), svc.seat_of(gid, HOST),
             svc.submit(gid, HOST, "d1", {"type": "wheel", "colour": "red"}),
             svc.concede(gid, ALICE), svc.abandon(gid, HOST), svc.join(gid, BOB, "Bob"),
             svc.leave(gid, ALICE), svc.add_ai(gid, "greedy"), svc.start(gid, HOST),
             svc.plan_options(gid, HOST), svc.rejoin(gid, HOST),
             svc.vote_takeover(gid, HOST, 1), svc.set_discord(gid, {"thread": 5})]
    for call in calls:
        with pytest.raises(Refusal) as info:
            await call
        refused(info, "damaged", reason)
        assert info.value.params["game_id"] == gid


@pytest.mark.parametrize("case", list(CASES))
async def test_a_damaged_game_is_quarantined_and_repaired(make_store: StoreFactory,
                                                          case: str) -> None:
    lite_sql, pg_sql, reason, seq, keep, removed = CASES[case]
    if make_store.backend != SQLITE and case not in PG_CASES:
        pytest.skip("PostgreSQL's CHECK constraints refuse that damage")
    env = await make_env(make_store)
    damaged = await table(env)
    await play(env, damaged, 6)
    other = await table(env, (BOB, ALICE))
    await play(env, other, 2)
    await env.close()
    await run_sql(make_store, "games", lite_sql if make_store.backend == SQLITE else pg_sql,
                  damaged)
    await reseal(make_store, "games", damaged)
    rows_before = await run_sql(make_store, "games",
                                "SELECT count(*) FROM actions WHERE game_id = "
                                + ("?" if make_store.backend == SQLITE else "$1"), damaged)

    # the start resumes the other game and quarantines the damaged one
    env = await make_env(make_store)
    try:
        [notice] = env.causes("damaged")
        assert notice.game_id == damaged and notice.user == HOST
        assert notice.damage is not None and notice.damage.reason == reason
        assert notice.damage.seq == seq and notice.damage.detail
        assert {s.user_id for s in notice.seats} == {HOST, ALICE}
        await every_call_refuses(env, damaged, reason)
        assert len(env.causes("damaged")) == 1  # told once
        try:  # the access policy still reads its record (its managers may repair it)
            facts = await env.svc.authorize(Actor(HOST, manage_guild=True), damaged, "repair")
            assert facts.game_id == damaged and facts.host_user_id == HOST
        except Refusal as r:
            assert r.code == "denied", r
        await play(env, other, 3)  # the rest of the service serves on
        await assert_memory_is_storage(env, other)
        [mark] = await env.svc.damaged_games()
        assert (mark.game_id, mark.reason, mark.seq) == (damaged, reason, seq) and mark.told
        assert await run_sql(make_store, "games", "SELECT count(*) FROM actions WHERE game_id "
                             + ("= ?" if make_store.backend == SQLITE else "= $1"),
                             damaged) == rows_before  # kept as found
    finally:
        await env.close()

    # a restart does not tell again; the game stays refused
    env = await make_env(make_store)
    try:
        assert env.causes("damaged") == []
        with pytest.raises(Refusal) as info:
            await env.svc.load(damaged)
        refused(info, "damaged", reason)
        preview = await env.svc.repair_preview(damaged)
        assert preview["reason"] == reason and preview["seq"] == seq and preview["marked"]
        if keep is None:  # the setup itself: cutting moves back does not mend it
            assert not preview["repairable"]
            with pytest.raises(Refusal) as info:
                await env.svc.repair(damaged)
            refused(info, "damaged", "not_repairable")
            assert len(await env.svc.damaged_games()) == 1
            return
        assert preview["repairable"] and preview["keep"] == keep
        assert preview["dropped"] == removed == len(preview["actions"])
        assert preview["actions"][0]["problem"] in (reason, "bad_json", "after_damage")
        with pytest.raises(Refusal) as info:  # confirming what was not shown
            await env.svc.repair(damaged, keep=keep + 1)
        refused(info, "stale", "repair_changed")
        update = await env.svc.repair(damaged, keep=keep)
        assert update.cause == "repaired" and update.dropped == removed
        assert update.damage is not None and update.damage.reason == reason
        assert update.status == "active" and update.waiting and update.board_changed
        assert [u.cause for u in env.updates].count("repaired") == 1
        assert await env.svc.damaged_games() == []
        kept = await stored(env.store, damaged)
        assert [a.seq for a in kept.actions] == list(range(keep))
        backup = await run_sql(make_store, "games", "SELECT seq FROM actions_backup WHERE "
                               + ("game_id = ?" if make_store.backend == SQLITE
                                  else "game_id = $1") + " ORDER BY seq", damaged)
        assert len(backup) == removed
        await env.svc.idle(damaged)
        await assert_memory_is_storage(env, damaged)
        await play(env, damaged, 2)  # it plays on from its last valid action
        with pytest.raises(Refusal) as info:
            await env.svc.repair(damaged)
        refused(info, "not_damaged")
    finally:
        await env.close()
    env = await make_env(make_store)  # and after another restart
    try:
        await assert_memory_is_storage(env, damaged)
        await move(env, damaged)
    finally:
        await env.close()


async def test_damage_found_in_play_is_told_at_once_and_a_late_subscriber_hears_of_it(
        make_store: StoreFactory) -> None:
    env = await make_env(make_store)
    gid = await table(env)
    await play(env, gid, 4)
    finished = await table(env, (BOB, ALICE))  # not resumed at start: found when read
    await env.svc.abandon(finished, BOB)
    await env.close()
    ph = "?" if make_store.backend == SQLITE else "$1"
    await run_sql(make_store, "games", f"DELETE FROM actions WHERE game_id = {ph} AND seq = 1",
                  gid)
    await run_sql(make_store, "games", f"UPDATE games SET setup = '{{}}' WHERE id = {ph}",
                  finished)
    # nobody listens while the service resumes: the notice waits for the first subscriber
    env = await make_env(make_store, subscribe=False)
    try:
        assert env.updates == []
        heard: list[Any] = []
        env.svc.subscribe(heard.append)
        await env.svc.idle()
        import asyncio

        await asyncio.sleep(0.01)
        assert [(u.cause, u.game_id) for u in heard] == [("damaged", gid)]
        # found during play: published at once
        with pytest.raises(Refusal) as info:
            await env.svc.load(finished)
        refused(info, "damaged", "bad_setup")
        assert [(u.cause, u.game_id) for u in heard][-1] == ("damaged", finished)
        await asyncio.sleep(0.01)
        assert all(d.told for d in await env.svc.damaged_games())
    finally:
        await env.close()
