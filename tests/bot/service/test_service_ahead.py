"""Acting ahead through the service: a queued plan is kept in the database with the seat,
applied (submitted_by "ahead") the moment its decision opens if still legal at the same price,
dropped otherwise, and survives a restart."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ProcessPoolExecutor

import pytest

from bot.service import Refusal
from hadara.ahead import queue_phase_b
from hadara.rng import Rng
from hadara.state import PHASE_B
from tests.bot.service.test_service import ALICE, BOB, Env, make_env, stored, table
from tests.support.stores import StoreFactory


@pytest.fixture(scope="module")
def pool() -> Iterator[ProcessPoolExecutor]:
    import multiprocessing

    with ProcessPoolExecutor(1, multiprocessing.get_context("spawn")) as p:
        yield p


@pytest.fixture
async def env(make_store: StoreFactory, pool: ProcessPoolExecutor) -> AsyncIterator[Env]:
    e = await make_env(make_store, "games", pool)
    try:
        yield e
    finally:
        await e.close()


async def play_until_phase_b(env: Env, gid: int, users: dict[int, int]) -> None:
    """Random legal clicks by both people until Phase B's first take is open."""
    rng = Rng(5)
    while True:
        await env.svc.idle(gid)
        game = (await env.svc.load(gid)).game
        assert game is not None and not game.is_over
        if game.step == PHASE_B:
            return
        for w in await env.svc.waiting(gid):
            acts = game.legal_actions(w.seat)
            await env.svc.submit(gid, users[w.seat], w.decision_id, acts[rng.below(len(acts))])
            break


async def test_a_queued_phase_b_pick_applies_when_the_turn_comes(env: Env) -> None:
    """The second player queues a buy of a card on top; after the first player takes another
    pile, the plan is applied for them at once, logged as "ahead", and the plan is gone."""
    gid = await table(env, [ALICE, BOB], seats=2)
    rec = (await env.svc.load(gid)).record
    users = {s.seat: s.user_id for s in rec.seats}
    await play_until_phase_b(env, gid, users)  # type: ignore[arg-type]
    game = (await env.svc.load(gid)).game
    assert game is not None
    first = (await env.svc.waiting(gid))[0].seat
    second = 1 - first
    tops = [p[-1] for p in game.discards if p]
    assert len(tops) >= 2
    mine, theirs = tops[0], tops[1]
    plan = queue_phase_b(game, second, [mine], mode="sell")
    await env.svc.queue(gid, users[second], plan.to_dict())  # type: ignore[arg-type]
    assert (await env.svc.load(gid)).record.seats[second].plan is not None
    await env.svc.submit(gid, users[first], game.decision_id(first),  # type: ignore[arg-type]
                         {"type": "take", "card": theirs, "mode": "sell"})
    await env.svc.idle(gid)
    log = (await stored(env, gid)).actions
    assert log[-1].submitted_by == "ahead" and log[-1].seat == second
    assert log[-1].action == {"type": "take", "card": mine, "mode": "sell"}
    assert (await env.svc.load(gid)).record.seats[second].plan is None


async def test_a_plan_that_no_longer_applies_is_dropped_and_the_player_asked(env: Env) -> None:
    """If the queued card is gone when the turn comes, nothing is played for the player and
    the plan is dropped; a malformed plan is refused with nothing stored."""
    gid = await table(env, [ALICE, BOB], seats=2)
    rec = (await env.svc.load(gid)).record
    users = {s.seat: s.user_id for s in rec.seats}
    await play_until_phase_b(env, gid, users)  # type: ignore[arg-type]
    game = (await env.svc.load(gid)).game
    assert game is not None
    first = (await env.svc.waiting(gid))[0].seat
    second = 1 - first
    top = next(p[-1] for p in game.discards if p)
    with pytest.raises(Refusal) as err:
        await env.svc.queue(gid, users[second], {"kind": "phase_b", "cards": 3})  # type: ignore[arg-type]
    assert err.value.reason == "bad_plan"
    assert (await env.svc.load(gid)).record.seats[second].plan is None
    plan = queue_phase_b(game, second, [top], mode="sell")
    await env.svc.queue(gid, users[second], plan.to_dict())  # type: ignore[arg-type]
    env2 = await env.reopen()  # the plan is in the database, not only in memory
    assert (await env2.svc.load(gid)).record.seats[second].plan == plan.to_dict()
    await env2.svc.submit(gid, users[first], game.decision_id(first),  # type: ignore[arg-type]
                          {"type": "take", "card": top, "mode": "sell"})  # the queued card
    await env2.svc.idle(gid)
    log = (await stored(env2, gid)).actions
    assert log[-1].seat == first  # nothing was played for the second player
    waiting = await env2.svc.waiting(gid)
    assert [w.seat for w in waiting] == [second]
    assert (await env2.svc.load(gid)).record.seats[second].plan is None
    env.svc, env.store = env2.svc, env2.store  # the fixture closes the reopened service
