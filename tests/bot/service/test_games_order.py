"""``GameService.games``: the games waiting on a person first, the one waiting longest at the
top (since when: their decision's opening, else the game's last change), then the games
waiting on others, then the open lobbies; ``next_turn`` is the longest-waiting one other
than the game just played."""

from __future__ import annotations

import pytest

from tests.support.storage_helpers import (
    ALICE,
    BOB,
    HOST,
    Env,
    make_env,
    move,
    run_sql,
    table,
)
from tests.support.stores import StoreFactory


async def waits_on(env: Env, gid: int, user: int) -> bool:
    seat = await env.svc.seat_of(gid, user)
    return any(w.seat == seat for w in await env.svc.waiting(gid))


async def until_waiting_on(env: Env, gid: int, user: int) -> None:
    for _ in range(20):
        if await waits_on(env, gid, user):
            return
        await move(env, gid)
    raise AssertionError("the game never waited on the user")


async def test_the_games_waiting_longest_come_first(make_store: StoreFactory) -> None:
    env = await make_env(make_store)
    try:
        games = []
        for _ in range(3):  # three games, each waiting on ALICE from a later moment
            gid = await table(env, (HOST, ALICE))
            await until_waiting_on(env, gid, ALICE)
            games.append(gid)
            env.vt.now += 3600
        other = await table(env, (HOST, BOB))  # not hers
        lobby = await env.svc.create(ALICE, "alice", seats=3)
        listed = await env.svc.games(ALICE)
        mine = [line.game_id for line in listed.your_turn]
        assert mine == games  # the oldest wait first
        assert all(line.since is not None for line in listed.your_turn)
        assert [line.since for line in listed.your_turn] == sorted(
            line.since for line in listed.your_turn)  # type: ignore[type-var]
        assert listed.games[-1].game_id == lobby and other not in [g.game_id for g in
                                                                   listed.games]
        first = await env.svc.next_turn(ALICE)
        after = await env.svc.next_turn(ALICE, after=games[0])
        assert first is not None and first.game_id == games[0]
        assert after is not None and after.game_id == games[1]
        # paged: the first two, and how many more
        two = await env.svc.games(ALICE, limit=2)
        assert [line.game_id for line in two.games] == games[:2] and two.more == 2
    finally:
        await env.close()


async def test_no_next_game_when_nothing_else_waits(make_store: StoreFactory) -> None:
    env = await make_env(make_store)
    try:
        gid = await table(env, (HOST, ALICE))
        await until_waiting_on(env, gid, ALICE)
        assert await env.svc.next_turn(ALICE, after=gid) is None
        assert await env.svc.next_turn(BOB) is None
    finally:
        await env.close()


@pytest.mark.sqlite_only
async def test_a_damaged_game_does_not_hide_the_others(make_store: StoreFactory) -> None:
    """One of a person's games damaged in the store: their list (and so the games panel,
    "Next game" and the digest) still shows every other game."""
    env = await make_env(make_store)
    try:
        sound = await table(env, (HOST, ALICE))
        await until_waiting_on(env, sound, ALICE)
        broken = await table(env, (HOST, ALICE))
        for _ in range(4):
            await move(env, broken)
        await run_sql(make_store, "games", "DELETE FROM actions WHERE game_id = ? AND seq = 1",
                      broken)
        env.svc.memory.drop(broken)  # read again from the damaged store
        listed = await env.svc.games(ALICE)
        assert [line.game_id for line in listed.games] == [sound]
        nxt = await env.svc.next_turn(ALICE)
        assert nxt is not None and nxt.game_id == sound
    finally:
        await env.close()
