"""Following a game (bot/service/follow.py, issue 24 "Follow a game") on real databases: the
toggle and its answers (following, unfollowed, playing, full) and refusals, followers kept
across a restart, and the digests — exactly one at the end of epochs I and II and one final
(epoch III's end is the final result), each the standings as the update left the game."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.league.sim import InlineExecutor
from bot.service import GameService, ImageCache, Refusal, Update
from bot.service import follow as F
from bot.service.follow import Digest, digest_due
from bot.storage.base import Store
from hadara import scoring
from tests.support.stores import StoreFactory

HOST, GUEST, SPECTATOR, OTHER = 11, 12, 1_234_567_890_123_456_789, 14


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


async def service(store: Store) -> GameService:
    inline = InlineExecutor()
    svc = GameService(store, clock=Clock(), ai_pool=inline, render_pool=inline,
                      image_cache=ImageCache(1 << 20))
    await svc.open()
    return svc


@pytest.fixture
async def svc(make_store: StoreFactory) -> AsyncIterator[GameService]:
    store = make_store("follow")
    await store.open()
    s = await service(store)
    try:
        yield s
    finally:
        await s.close()
        await store.close()


async def game(svc: GameService, *, start: bool = True) -> int:
    """Two people (the host and a guest) and a greedy AI."""
    gid = await svc.create(HOST, "Host", seats=3)
    await svc.join(gid, GUEST, "Guest")
    await svc.add_ai(gid, "greedy")
    if start:
        await svc.start(gid, HOST)
    return gid


async def refused(code: str, call: Any) -> Refusal:
    with pytest.raises(Refusal) as info:
        await call
    assert info.value.code == code, info.value.to_dict()
    return info.value


async def test_the_toggle_and_its_answers(svc: GameService,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    gid = await game(svc)
    assert await svc.follow(gid, SPECTATOR) == F.FOLLOWING
    assert await svc.followers(gid) == [SPECTATOR]
    assert await svc.follow(gid, SPECTATOR) == F.UNFOLLOWED
    assert await svc.followers(gid) == []
    assert await svc.follow(gid, SPECTATOR) == F.FOLLOWING
    # a player is told they play it; nothing is stored
    for player in (HOST, GUEST):
        assert await svc.follow(gid, player) == F.PLAYING
    assert await svc.followers(gid) == [SPECTATOR]
    # full: the game's followers, or the games one user follows
    monkeypatch.setattr(F, "MAX_FOLLOWERS", 2)
    assert await svc.follow(gid, OTHER) == F.FOLLOWING
    assert await svc.follow(gid, 99) == F.FULL
    assert await svc.follow(gid, OTHER) == F.UNFOLLOWED  # leaving is always possible
    monkeypatch.setattr(F, "MAX_FOLLOWED", 1)
    other = await game(svc)
    assert await svc.follow(other, SPECTATOR) == F.FULL
    assert await svc.followers(other) == []


async def test_refusals_write_nothing(svc: GameService) -> None:
    lobby = await game(svc, start=False)
    await refused("not_started", svc.follow(lobby, SPECTATOR))
    await refused("not_found", svc.follow(987654, SPECTATOR))
    await refused("bad_request", svc.follow(lobby, -1))
    abandoned = await game(svc)
    assert await svc.follow(abandoned, SPECTATOR) == F.FOLLOWING
    await svc.abandon(abandoned, HOST)
    for _ in range(200):  # the followers of an abandoned game are forgotten (no digest)
        if not await svc.store.followers():
            break
        await asyncio.sleep(0.01)
    assert await svc.store.followers() == []
    await refused("abandoned", svc.follow(abandoned, SPECTATOR))
    assert await svc.store.followers() == []


async def test_followers_survive_a_restart(make_store: StoreFactory) -> None:
    store = make_store("restart")
    await store.open()
    svc = await service(store)
    gid = await game(svc)
    assert await svc.follow(gid, SPECTATOR) == F.FOLLOWING
    await svc.close()
    await store.close()
    store = make_store("restart")
    await store.open()
    svc = await service(store)
    try:
        assert await svc.followers(gid) == [SPECTATOR]
        assert await svc.follow(gid, SPECTATOR) == F.UNFOLLOWED  # the stored state toggles
    finally:
        await svc.close()
        await store.close()


@pytest.mark.sqlite_only
async def test_one_digest_per_epoch_end_and_one_final(svc: GameService) -> None:
    gid = await game(svc)
    await svc.follow(gid, SPECTATOR)
    digests: list[Digest] = []
    seen: list[tuple[int, list[int]]] = []  # (epoch ended, the points) when it was published

    def at_update(update: Update) -> None:  # subscribed after the service's own part
        if digest_due(update) and not update.over:
            game_now = svc.memory.games[gid].game
            assert game_now is not None
            ended = max(e["epoch"] for e in update.public if e["kind"] == "epoch_ended")
            seen.append((ended, [s["total"] for s in scoring.scores(game_now)]))

    svc.subscribe(at_update)
    unsubscribe = svc.on_digest(digests.append)
    final: list[Update] = []
    svc.subscribe(lambda u: final.append(u) if u.over else None)
    # both people concede: the AI plays the game out
    await svc.concede(gid, HOST)
    await svc.concede(gid, GUEST)
    await svc.idle(gid)
    assert (await svc.load(gid)).record.status == "finished"
    assert [(d.epoch, d.final) for d in digests] == [(1, False), (2, False), (3, True)]
    for d, (ended, points) in zip(digests[:2], seen, strict=True):
        assert d.epoch == ended
        assert sorted(r.points for r in d.standings) == sorted(points)
    for d in digests:
        assert d.game_id == gid
        assert [r.rank for r in d.standings] == sorted(r.rank for r in d.standings)
        assert {r.seat for r in d.standings} == {0, 1, 2}
        assert all(r.name for r in d.standings)
        assert sum(r.ai for r in d.standings) == 1
    (over,) = final
    last = digests[-1]
    assert over.scores is not None
    assert [(r.seat, r.rank, r.points) for r in last.standings] == [
        (s["seat"], s["rank"], s["total"]) for s in over.scores]
    assert last.winners == over.winners
    assert all(r.conceded for r in last.standings if not r.ai)
    # the followers stay until the front end forgets them after the final digest
    assert await svc.followers(gid) == [SPECTATOR]
    assert await svc.forget_followers(gid) == 1
    assert await svc.followers(gid) == []
    await refused("finished", svc.follow(gid, SPECTATOR))
    unsubscribe()


async def test_a_private_game_sends_no_digest_and_forgets_its_followers(
        svc: GameService) -> None:
    """A follower of a practice game from before it was private to its owner (issue 33: the
    policy refuses following someone else's private game now) is told nothing, and
    forgotten."""
    gid = await game(svc)
    await svc.follow(gid, SPECTATOR)
    svc.memory.games[gid].record.options["learn"] = True  # as a learning game's record says
    digests: list[Digest] = []
    svc.on_digest(digests.append)
    await svc.concede(gid, HOST)
    await svc.concede(gid, GUEST)
    await svc.idle(gid)
    for _ in range(3):
        await asyncio.sleep(0)
    assert (await svc.load(gid)).record.status == "finished"
    assert digests == []
    assert await svc.followers(gid) == []
