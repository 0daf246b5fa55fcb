"""Practice games forked from a finished game (``GameService.fork``, bot/service/fork.py): a
new record with the original's setup, seed and rows before the decision, the user's seat kept
and every other seat an AI, never rated, marked as a fork; the original is unchanged; only the
seat's own person's decisions can be forked."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.service import GameService, Refusal
from bot.storage.base import ACTIVE, FINISHED, ActionRecord
from hadara.engine import Game
from tests.support.stores import StoreFactory

HOST, OTHER = 1, 2


@pytest.fixture
async def service(make_store: StoreFactory) -> AsyncIterator[GameService]:
    store = make_store("games")
    await store.open()
    svc = GameService(store)
    await svc.open()
    try:
        yield svc
    finally:
        await svc.close()
        await store.close()


async def play_out(svc: GameService, gid: int, users: dict[int, int]) -> None:
    """Every person (user -> seat) takes their first legal option until the game is over."""
    for _ in range(2000):
        await svc.idle(gid)
        snap = await svc.load(gid)
        game = snap.game
        assert game is not None
        if snap.record.status != ACTIVE:
            return
        for user, seat in users.items():
            if game.decision_ids[seat] is not None and game.commits[seat] is None:
                options = await svc.options(gid, seat)
                legal = next(o for o in options if o.get("legal", True))
                decision = game.decision_id(seat)
                assert decision is not None
                await svc.submit(gid, user, decision, legal["action"])
                break
    raise AssertionError("the game did not end")


async def finished_game(svc: GameService) -> tuple[int, int, int]:
    """A finished 3-seat game of HOST, OTHER and a random AI; (id, HOST's seat, OTHER's)."""
    gid = await svc.create(HOST, "Host", seats=3, options={"ai_level": "random"})
    await svc.join(gid, OTHER, "Other")
    await svc.add_ai(gid, "random")
    await svc.start(gid, HOST)
    host, other = await svc.seat_of(gid, HOST), await svc.seat_of(gid, OTHER)
    assert host is not None and other is not None
    await play_out(svc, gid, {HOST: host, OTHER: other})
    assert (await svc.load(gid)).record.status == FINISHED
    return gid, host, other


def own_decision(actions: list[ActionRecord], seat: int, after: int = 30) -> int:
    return next(a.seq for a in actions if a.seat == seat and a.seq >= after
                and a.submitted_by.startswith("user:"))


async def test_a_fork_starts_at_the_moment_and_plays_to_the_end(service: GameService) -> None:
    svc = service
    gid, host, other = await finished_game(svc)
    before = await svc.store.load_game(gid)
    assert before is not None
    index = own_decision(before.actions, host)
    fid = await svc.fork(gid, HOST, index)
    await svc.start_fork(fid, HOST)
    snap = await svc.load(fid)
    rec, game = snap.record, snap.game
    assert game is not None and game.log is not None
    orig = (await svc.load(gid)).game
    assert orig is not None and orig.log is not None
    # the original's setup and seed, its rows before the decision, the user's decision due
    assert rec.setup == before.record.setup and rec.seed == before.record.seed
    assert game.log[:index] == orig.log[:index]
    replayed = Game.from_setup(orig.setup, orig.seed, orig.catalog)  # type: ignore[arg-type]
    for entry in orig.log[:index]:
        replayed.apply(entry["seat"], entry["action"])
    assert game.decision_ids[host] == replayed.decision_ids[host] is not None
    # the user's seat kept; every other seat an AI of the table's level; unrated, a fork
    assert [(s.user_id, s.ai_level) for s in rec.seats] == [
        (HOST, None) if s.seat == host else (None, "random") for s in rec.seats]
    assert rec.options["rated"] is False and rec.options["practice"] is True
    assert rec.options["fork"] == {"game": gid, "action": index, "seat": host}
    assert rec.host_user_id == HOST
    # played on as any game, to its final score
    await play_out(svc, fid, {HOST: host})
    done = await svc.load(fid)
    assert done.record.status == FINISHED and done.game is not None and done.game.is_over
    # the original is unchanged
    after = await svc.store.load_game(gid)
    assert after is not None
    assert after.record == before.record and after.actions == before.actions


async def test_only_ones_own_decisions_in_a_finished_game(service: GameService) -> None:
    svc = service
    gid, host, other = await finished_game(svc)
    stored = await svc.store.load_game(gid)
    assert stored is not None
    theirs = own_decision(stored.actions, other)
    with pytest.raises(Refusal) as err:
        await svc.fork(gid, HOST, theirs)  # another seat's decision
    assert err.value.code == "not_your_decision"
    ai = next(a.seq for a in stored.actions if a.submitted_by.startswith(("ai", "forced"))
              and a.seat == host) if any(a.submitted_by.startswith(("ai", "forced"))
                                         and a.seat == host for a in stored.actions) else None
    if ai is not None:
        with pytest.raises(Refusal) as err:
            await svc.fork(gid, HOST, ai)  # not a decision the person made
        assert err.value.code == "not_your_decision"
    with pytest.raises(Refusal) as err:
        await svc.fork(gid, 99, own_decision(stored.actions, host))  # no seat
    assert err.value.code == "not_seated"
    with pytest.raises(Refusal) as err:
        await svc.fork(gid, HOST, len(stored.actions))
    assert err.value.code == "bad_request"
    # a game in play cannot be forked
    live = await svc.create(HOST, "Host", seats=2)
    await svc.add_ai(live, "random")
    await svc.start(live, HOST)
    await svc.idle(live)
    with pytest.raises(Refusal) as err:
        await svc.fork(live, HOST, 0)
    assert err.value.code in ("bad_request", "finished")
    # at most two practice games open at once
    index = own_decision(stored.actions, host)
    for _ in range(2):
        await svc.start_fork(await svc.fork(gid, HOST, index), HOST)
    with pytest.raises(Refusal) as err:
        await svc.fork(gid, HOST, index)
    assert err.value.code == "limited"
