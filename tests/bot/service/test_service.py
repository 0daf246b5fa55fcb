"""The game service (bot/service) on real databases (every backend of tests/conftest.py): lobby, submissions under concurrency,
refusals that write nothing, playing on with AI in a process pool, restarts, older content,
concessions and images."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import shutil
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService, ImageCache, Refusal, Update
from bot.service.content import read_files
from bot.storage import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    LOBBY,
    ActionRecord,
    GameRecord,
    SeatRecord,
    StoredGame,
)
from bot.storage.base import Store
from hadara import driver
from hadara.content import DEFAULT_DATA_DIR, load_catalog
from hadara.engine import RULES_VERSION, Game
from hadara.rng import Rng
from tests.support.stores import StoreFactory

HOST, ALICE, BOB, CAROL, DAVE, STRANGER = 1, 2, 3, 4, 5, 99
PNG = b"\x89PNG\r\n\x1a\n"


class Clock:
    """A clock the test controls: every reading is one second later."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.fixture(scope="module")
def pool() -> Iterator[ProcessPoolExecutor]:
    with ProcessPoolExecutor(2, multiprocessing.get_context("spawn")) as p:
        yield p


@dataclass
class Env:
    make_store: StoreFactory
    place: str
    store: Store
    svc: GameService
    updates: list[Update]
    pool: ProcessPoolExecutor

    async def reopen(self) -> Env:
        """Close the service and database; open them again (a restart of the process)."""
        await self.svc.close()
        await self.store.close()
        return await make_env(self.make_store, self.place, self.pool)

    async def close(self) -> None:
        await self.svc.close()
        await self.store.close()


async def make_env(make_store: StoreFactory, place: str, pool: ProcessPoolExecutor,
                   max_games: int = 256) -> Env:
    store = make_store(place)
    await store.open()
    svc = GameService(store, clock=Clock(), ai_pool=pool, render_pool=pool,
                      image_cache=ImageCache(8 << 20), ai_options={"ismcts": {"iterations": 4}},
                      max_games=max_games)
    updates: list[Update] = []
    svc.subscribe(updates.append)
    await svc.open()
    return Env(make_store, place, store, svc, updates, pool)


@pytest.fixture
async def env(make_store: StoreFactory, pool: ProcessPoolExecutor) -> AsyncIterator[Env]:
    e = await make_env(make_store, "games", pool)
    try:
        yield e
    finally:
        await e.close()


async def table(env: Env, users: list[int], ais: list[str] = (), variant: str = "basic",
                seats: int = 5) -> int:
    """A started game with the given people (the first is the host) and AI levels."""
    gid = await env.svc.create(users[0], f"user{users[0]}", seats=seats, variant=variant)
    for u in users[1:]:
        await env.svc.join(gid, u, f"user{u}")
    for level in ais:
        await env.svc.add_ai(gid, level)
    await env.svc.start(gid, users[0])
    return gid


async def stored(env: Env, gid: int) -> StoredGame:
    game = await env.store.load_game(gid)
    assert game is not None
    return game


async def user_of(env: Env, gid: int, seat: int) -> int:
    rec = (await env.svc.load(gid)).record
    user = rec.seats[seat].user_id
    assert user is not None
    return user


async def refused(code: str, call: Any) -> Refusal:
    with pytest.raises(Refusal) as info:
        await call
    assert info.value.code == code, info.value.to_dict()
    return info.value


# ---------------------------------------------------------------------- lobby


async def test_lobby_create_join_add_ai_start(env: Env) -> None:
    svc = env.svc
    gid = await svc.create(HOST, "Host", seats=3, variant="advanced", rated=True, hints=False)
    rec = (await stored(env, gid)).record
    assert rec.status == LOBBY and rec.host_user_id == HOST
    assert rec.options == {"seats": 3, "rated": True, "hints": False}
    assert [(s.name, s.user_id) for s in rec.seats] == [("Host", HOST)]

    await refused("already_joined", svc.join(gid, HOST, "Host again"))
    await refused("not_started", svc.submit(gid, HOST, "d1", {"type": "wheel"}))
    await refused("too_few_players", svc.start(gid, HOST))
    up = await svc.join(gid, ALICE, "Host")  # a taken name gets a suffix
    assert up.cause == "joined" and [s.name for s in up.seats] == ["Host", "Host 2"]
    await refused("not_host", svc.add_ai(gid, "greedy", by_user=ALICE))
    await refused("bad_request", svc.add_ai(gid, "genius"))
    await svc.add_ai(gid, "random")
    await refused("lobby_full", svc.join(gid, BOB, "Bob"))
    await refused("lobby_full", svc.add_ai(gid, "greedy"))
    await svc.remove_ai(gid, 2)
    await svc.join(gid, BOB, "Bob")
    await svc.leave(gid, BOB)
    await refused("not_seated", svc.leave(gid, BOB))
    await svc.add_ai(gid, "greedy")
    await refused("not_host", svc.start(gid, ALICE))
    await refused("not_found", svc.join(12345, ALICE, "x"))
    assert [u.cause for u in env.updates] == [
        "created", "joined", "ai_added", "ai_removed", "joined", "left", "ai_added"]

    await svc.set_discord(gid, {"channel": 7, "lobby_message": 8})
    await svc.set_discord(gid, {"lobby_message": 9})
    assert (await stored(env, gid)).record.discord == {"channel": 7, "lobby_message": 9}
    started = await svc.start(gid, HOST)
    rec = (await stored(env, gid)).record
    assert rec.status == ACTIVE and rec.setup is not None and rec.seed is not None
    assert rec.rules_version == RULES_VERSION
    assert await env.store.load_content(rec.content_version) == read_files()
    game = (await svc.load(gid)).game
    assert game is not None and game.variant == "advanced" and game.seed == rec.seed
    # seats are the engine's seats from now on
    assert [s.name for s in rec.seats] == game.players
    assert [s.seat for s in rec.seats] == [0, 1, 2]
    assert started.cause == "started" and started.board_changed and started.lines
    assert {w.kind for w in started.waiting} == {"setup_side"}
    await refused("started", svc.join(gid, CAROL, "Carol"))
    await refused("started", svc.start(gid, HOST))

    # the host leaving a lobby hands it on; the last person leaving abandons it
    g2 = await svc.create(HOST, "Host")
    await svc.join(g2, ALICE, "Alice")
    await svc.leave(g2, HOST)
    assert (await stored(env, g2)).record.host_user_id == ALICE
    await svc.leave(g2, ALICE)
    assert (await stored(env, g2)).record.status == ABANDONED


# ---------------------------------------------------------------------- playing on


async def test_a_five_seat_ai_game_plays_to_the_end(env: Env) -> None:
    queue: asyncio.Queue[Update] = asyncio.Queue()
    env.svc.subscribe(queue)
    gid = await env.svc.create(HOST, None, seats=5)
    for level in ("random", "greedy", "greedy", "random", "ismcts"):
        await env.svc.add_ai(gid, level)
    await env.svc.start(gid, HOST)
    await env.svc.idle(gid)

    saved = await stored(env, gid)
    assert saved.record.status == FINISHED
    game = (await env.svc.load(gid)).game
    assert game is not None and game.is_over and game.log is not None
    assert [a.seq for a in saved.actions] == list(range(len(game.log)))
    assert [(a.seat, a.action) for a in saved.actions] == \
        [(e["seat"], e["action"]) for e in game.log]
    levels = {s.seat: s.ai_level for s in saved.record.seats}
    for a in saved.actions:
        assert a.submitted_by in ("forced", f"ai:{levels[a.seat]}")
        assert a.decision_id is not None and a.at > 1_000_000
    assert {a.submitted_by for a in saved.actions} >= {"forced", "ai:random", "ai:greedy",
                                                        "ai:ismcts"}

    got: list[Update] = []
    while not queue.empty():
        got.append(queue.get_nowait())
    assert [u.cause for u in got[:6]] == ["created"] + ["ai_added"] * 5
    end = [u for u in got if u.over]
    assert len(end) == 1 and end[0] is got[-1]
    last = end[0]
    assert last.status == FINISHED and last.waiting == []
    assert last.scores is not None and len(last.scores) == 5
    assert [r["seat"] for r in last.scores] == [r["seat"] for r in
                                                sorted(last.scores, key=lambda r: r["rank"])]
    assert last.winners == game.winners()
    assert {r["total"] for r in last.scores} == {t["total"] for t in game.scores()}
    assert any(line.startswith("Winner") for line in last.lines)
    assert any(e["kind"] == "game_over" for e in last.public)
    versions = [u.version for u in got]
    assert versions == sorted(versions) and versions[-1] == game.version
    revisions = [u.revision for u in got]
    assert revisions == sorted(set(revisions))

    # a finished game refuses everything and writes nothing
    await refused("finished", env.svc.submit(gid, HOST, "d1", {"type": "medals_done"}))
    await refused("finished", env.svc.abandon(gid, HOST))
    await refused("finished", env.svc.concede(gid, HOST))
    assert await stored(env, gid) == saved


async def test_five_simultaneous_picks_resolve_the_round_once(env: Env) -> None:
    users = [HOST, ALICE, BOB, CAROL, DAVE]
    gid = await table(env, users)
    [wheel] = await env.svc.waiting(gid)
    assert wheel.kind == "wheel"
    await env.svc.submit(gid, await user_of(env, gid, wheel.seat), wheel.decision_id,
                         {"type": "wheel", "colour": (await env.svc.view(gid, wheel.seat))
                          ["private"]["legal_actions"][0]["colour"]})
    draft = await env.svc.waiting(gid)
    assert len(draft) == 5 and {w.kind for w in draft} == {"draft"}
    before = len((await stored(env, gid)).actions)
    picks = []
    for w in draft:
        legal = (await env.svc.view(gid, w.seat))["private"]["legal_actions"]
        picks.append(env.svc.submit(gid, await user_of(env, gid, w.seat), w.decision_id,
                                    legal[-1]))
    env.updates.clear()
    done = await asyncio.gather(*picks)
    assert len(done) == 5
    reveals = [e for u in env.updates for e in u.public if e["kind"] == "round_revealed"]
    assert len(reveals) == 1 and len(reveals[0]["choices"]) == 5
    assert sum(1 for u in env.updates for e in u.public if e["kind"] == "pick_committed") == 5
    assert all(w.kind == "draft" for w in await env.svc.waiting(gid))
    saved = await stored(env, gid)
    assert len(saved.actions) == before + 5
    live = (await env.svc.load(gid)).game
    assert live is not None and live.round == 1


async def test_twenty_identical_clicks_apply_once(env: Env) -> None:
    gid = await table(env, [HOST, ALICE, BOB])
    [wheel] = await env.svc.waiting(gid)
    user = await user_of(env, gid, wheel.seat)
    action = (await env.svc.view(gid, wheel.seat))["private"]["legal_actions"][0]
    out = await asyncio.gather(*(env.svc.submit(gid, user, wheel.decision_id, dict(action))
                                 for _ in range(20)), return_exceptions=True)
    ok = [o for o in out if isinstance(o, Update)]
    assert len(ok) == 1
    assert {o.code for o in out if isinstance(o, Refusal)} <= {"stale", "not_your_decision"}
    rows = [a for a in (await stored(env, gid)).actions if a.decision_id == wheel.decision_id]
    assert len(rows) == 1 and rows[0].submitted_by == f"user:{user}"

    # the same draft pick clicked twenty times: recorded once, the rest already recorded
    w = (await env.svc.waiting(gid))[0]
    user = await user_of(env, gid, w.seat)
    pick = (await env.svc.view(gid, w.seat))["private"]["legal_actions"][0]
    out = await asyncio.gather(*(env.svc.submit(gid, user, w.decision_id, dict(pick))
                                 for _ in range(20)), return_exceptions=True)
    assert sum(isinstance(o, Update) for o in out) == 1
    assert {o.reason for o in out if isinstance(o, Refusal)} == {"already_recorded"}
    rows = [a for a in (await stored(env, gid)).actions if a.decision_id == w.decision_id]
    assert len(rows) == 1 and rows[0].action == pick
    # a different pick replaces it: still one row, overwritten
    other = (await env.svc.view(gid, w.seat))["private"]["legal_actions"][-1]
    await env.svc.submit(gid, user, w.decision_id, other)
    rows = [a for a in (await stored(env, gid)).actions if a.decision_id == w.decision_id]
    assert len(rows) == 1 and rows[0].action == other


async def test_refusals_change_and_write_nothing(env: Env) -> None:
    gid = await table(env, [HOST, ALICE, BOB])
    [wheel] = await env.svc.waiting(gid)
    first = await user_of(env, gid, wheel.seat)
    other = next(u for u in (HOST, ALICE, BOB) if u != first)
    colour = (await env.svc.view(gid, wheel.seat))["private"]["legal_actions"][0]["colour"]
    await env.svc.submit(gid, first, wheel.decision_id, {"type": "wheel", "colour": colour})
    mine = next(w for w in await env.svc.waiting(gid) if w.seat == wheel.seat)

    async def nothing_written(code: str, call: Any) -> Refusal:
        before, snap = await stored(env, gid), (await env.svc.load(gid)).game
        n = len(env.updates)
        refusal = await refused(code, call)
        assert await stored(env, gid) == before
        after = (await env.svc.load(gid)).game
        assert after is not None and snap is not None and after.snapshot() == snap.snapshot()
        assert len(env.updates) == n
        return refusal

    hand = (await env.svc.view(gid, wheel.seat))["private"]["hand"]
    pick = {"type": "draft", "card": hand[0], "mode": "sell"}
    await nothing_written("not_seated", env.svc.submit(gid, STRANGER, mine.decision_id, pick))
    await nothing_written("stale", env.svc.submit(gid, first, wheel.decision_id, pick))
    await nothing_written("stale", env.svc.submit(gid, other, mine.decision_id, pick))
    r = await nothing_written("malformed", env.svc.submit(gid, first, mine.decision_id,
                                                          {"type": "bogus"}))
    assert r.message and r.reason
    await nothing_written("illegal", env.svc.submit(gid, first, mine.decision_id,
                                                    {"type": "draft", "card": "III-P01",
                                                     "mode": "buy"}))
    await nothing_written("malformed", env.svc.submit(gid, first, None, pick))  # type: ignore[arg-type]
    await nothing_written("not_host", env.svc.abandon(gid, ALICE if first != ALICE else BOB))
    await nothing_written("not_seated", env.svc.concede(gid, STRANGER))

    await env.svc.abandon(gid, None, is_admin=True)
    assert (await stored(env, gid)).record.status == ABANDONED
    await nothing_written("abandoned", env.svc.submit(gid, first, mine.decision_id, pick))
    await nothing_written("abandoned", env.svc.abandon(gid, HOST))
    await nothing_written("abandoned", env.svc.concede(gid, first))


async def test_concede_lets_greedy_play_the_seat_and_ranks_it_last(env: Env) -> None:
    gid = await table(env, [HOST], ["random"], seats=2)
    seat = (await env.svc.load(gid)).record.seats
    mine = next(s.seat for s in seat if s.user_id == HOST)
    t0 = len((await stored(env, gid)).actions)
    up = await env.svc.concede(gid, HOST)
    assert up.cause == "conceded" and up.seats[mine].conceded and up.stale_panels == [mine]
    await env.svc.idle(gid)
    saved = await stored(env, gid)
    assert saved.record.status == FINISHED and saved.record.seats[mine].conceded
    by = {a.submitted_by for a in saved.actions[t0:] if a.seat == mine}
    assert "ai:greedy" in by and by <= {"ai:greedy", "forced"}
    last = env.updates[-1]
    assert last.over and last.scores is not None
    assert last.scores[-1]["seat"] == mine and last.scores[-1]["conceded"]
    assert last.scores[-1]["rank"] == 2 and last.winners == [1 - mine]


async def test_concede_mid_game_refuses_the_seat_afterwards(env: Env) -> None:
    gid = await table(env, [HOST, ALICE])
    await env.svc.concede(gid, ALICE)
    await refused("conceded", env.svc.concede(gid, ALICE))
    await refused("conceded", env.svc.submit(gid, ALICE, "d1", {"type": "medals_done"}))
    await env.svc.concede(gid, HOST)
    await env.svc.idle(gid)
    assert (await stored(env, gid)).record.status == FINISHED


# ---------------------------------------------------------------------- restarts


def play_locally(game: Game, actions: int, seed: int = 1) -> None:
    rng = Rng(seed)
    for _ in range(actions):
        decisions = driver.step(game)
        if not decisions:
            return
        d = decisions[0]
        game.apply(d.seat, d.actions[rng.below(len(d.actions))], d.id)


async def put_game(env: Env, game: Game, seats: list[SeatRecord]) -> int:
    """Store a started game as a process that died would have left it."""
    assert game.setup is not None and game.log is not None
    now = 1_000_000.0
    gid = await env.store.create_game(GameRecord(
        id=0, status=ACTIVE, variant=game.variant, options={"seats": game.n}, created_at=now,
        updated_at=now, content_version=game.catalog.version, rules_version=RULES_VERSION,
        setup=game.setup.to_dict(), seed=game.seed, host_user_id=HOST, seats=seats))
    await env.store.write_actions(gid, [ActionRecord(i, e["seat"], e["action"], None, "test",
                                                     now) for i, e in enumerate(game.log)])
    return gid


async def test_reopening_restores_every_game_and_resumes_the_ai(env: Env) -> None:
    svc = env.svc
    lobby = await svc.create(HOST, "Host")
    await svc.add_ai(lobby, "random")
    mid = await table(env, [HOST, ALICE, BOB])  # people only: waits for the wheel
    [wheel] = await svc.waiting(mid)
    act = (await svc.view(mid, wheel.seat))["private"]["legal_actions"][0]
    await svc.submit(mid, await user_of(env, mid, wheel.seat), wheel.decision_id, act)
    w = (await svc.waiting(mid))[0]  # one recorded (still hidden) draft pick
    legal = (await svc.view(mid, w.seat))["private"]["legal_actions"]
    await svc.submit(mid, await user_of(env, mid, w.seat), w.decision_id, legal[0])
    await svc.submit(mid, await user_of(env, mid, w.seat), w.decision_id, legal[1])
    done = await svc.create(HOST, None, seats=2)
    await svc.add_ai(done, "greedy")
    await svc.add_ai(done, "random")
    await svc.start(done, HOST)
    gone = await table(env, [HOST], ["random"], seats=2)
    await svc.idle()
    await svc.abandon(gone, HOST)
    # a game whose process died while its AI had to decide
    dead = Game.new(["Ann", "Ben", "Cid"], "advanced", seed=11)
    play_locally(dead, 12)
    dead_id = await put_game(env, dead, [SeatRecord(i, n, ai_level=lvl) for i, (n, lvl) in
                                         enumerate(zip(dead.players, ("random", "greedy",
                                                                      "random"), strict=True))])
    ids = [lobby, mid, done, gone]
    before = {g: await svc.load(g) for g in ids}
    rows = {g: await stored(env, g) for g in ids}

    env2 = await env.reopen()
    try:
        await env2.svc.idle()
        for g in ids:
            snap = await env2.svc.load(g)
            assert snap.record == before[g].record
            assert await stored(env2, g) == rows[g]
            old = before[g].game
            if old is None:
                assert snap.game is None
            else:
                assert snap.game is not None and snap.game.snapshot() == old.snapshot()
                assert snap.game.version == old.version
        resumed = await stored(env2, dead_id)
        assert resumed.record.status == FINISHED
        assert resumed.actions[:len(dead.log or [])] == [
            ActionRecord(i, e["seat"], e["action"], None, "test", 1_000_000.0)
            for i, e in enumerate(dead.log or [])]
        assert {a.submitted_by for a in resumed.actions[len(dead.log or []):]} >= {
            "ai:random", "ai:greedy"}
        # the restored game plays on: the recorded pick can be replaced, the others pick
        w2 = next(x for x in await env2.svc.waiting(mid))
        assert w2.seat != w.seat
        mine = (await env2.svc.view(mid, w.seat))["private"]
        assert mine["commit"] == legal[1] and mine["decision_id"] == w.decision_id
        await env2.svc.submit(mid, await user_of(env2, mid, w.seat), w.decision_id, legal[0])
    finally:
        await env2.close()
    env.svc, env.store = env2.svc, env2.store  # the fixture closes these (again: harmless)


async def test_a_game_under_older_content_loads_and_plays_on(env: Env, tmp_path: Path) -> None:
    old_dir = tmp_path / "old-data"
    shutil.copytree(DEFAULT_DATA_DIR, old_dir)
    cards = json.loads((old_dir / "cards.json").read_text(encoding="utf-8"))
    cards[0]["name"], cards[0]["points"] = "Ancient " + cards[0]["name"], cards[0]["points"] + 4
    (old_dir / "cards.json").write_text(json.dumps(cards), encoding="utf-8")
    old = load_catalog(old_dir)
    assert old.version != env.svc.catalogs.default.version
    await env.store.save_content(old.version, read_files(old_dir))
    game = Game.new(["Ann", "Ben"], "basic", seed=5, catalog=old)
    play_locally(game, 8)
    gid = await put_game(env, game, [SeatRecord(0, game.players[0], user_id=HOST),
                                     SeatRecord(1, game.players[1], ai_level="greedy")])

    env2 = await env.reopen()  # a new process: nothing cached, the catalog comes from the store
    try:
        await env2.svc.idle()
        live = (await env2.svc.load(gid)).game
        assert live is not None and live.catalog.version == old.version
        assert live.catalog.cards[cards[0]["id"]].points == cards[0]["points"]
        assert live.version >= game.version
        images = await env2.svc.board_images(gid)
        assert images["table"].startswith(PNG) and images["players"].startswith(PNG)
        for _ in range(6):  # the person plays a few decisions, the AI answers
            mine = [w for w in await env2.svc.waiting(gid) if w.seat == 0]
            if not mine:
                break
            legal = (await env2.svc.view(gid, 0))["private"]["legal_actions"]
            await env2.svc.submit(gid, HOST, mine[0].decision_id, legal[0])
            await env2.svc.idle(gid)
        await env2.svc.concede(gid, HOST)
        await env2.svc.idle(gid)
        saved = await stored(env2, gid)
        assert saved.record.status == FINISHED and saved.record.content_version == old.version
        assert {a.submitted_by for a in saved.actions} >= {"user:1", "ai:greedy"}
    finally:
        await env2.close()
    env.svc, env.store = env2.svc, env2.store


# ---------------------------------------------------------------------- images


async def test_images_render_off_the_loop_and_are_cached(env: Env) -> None:
    gid = await table(env, [HOST], ["random"], seats=2)
    await env.svc.idle(gid)
    await refused("not_started", env.svc.board_images(await env.svc.create(ALICE, "A")))
    cache = env.svc.images
    board = await env.svc.board_images(gid)
    assert set(board) == {"table", "players"} and all(v.startswith(PNG) for v in board.values())
    hand = await env.svc.private_image(gid, await env.svc.seat_of(gid, HOST) or 0)
    scores = await env.svc.scores_image(gid)
    assert hand.startswith(PNG) and scores.startswith(PNG)
    misses = cache.misses
    again = await asyncio.gather(*(env.svc.board_images(gid) for _ in range(5)))
    assert all(a == board for a in again) and cache.misses == misses
    assert cache.bytes == sum(len(v) for v in (*board.values(), hand, scores))
    await refused("not_seated", env.svc.private_image(gid, 7))
    # a new state is a new key; the byte budget holds
    small = ImageCache(max_bytes=len(board["players"]) + 10)
    small.put((1, 1, "a", None, "en"), board["players"])
    small.put((1, 2, "b", None, "en"), board["table"])
    assert small.bytes <= small.max_bytes and len(small) == 1


async def test_idle_games_are_evicted_and_reloaded_on_demand(make_store: StoreFactory,
                                                             pool: ProcessPoolExecutor) -> None:
    env = await make_env(make_store, "few", pool, max_games=2)
    try:
        gids = [await table(env, [HOST, ALICE], seats=2) for _ in range(4)]
        snaps = {g: (await env.svc.load(g)).game for g in gids}
        assert len(env.svc._games) == 2  # only the two most recently used stay in memory
        first = gids[0]
        assert first not in env.svc._games
        [w] = await env.svc.waiting(first)  # reloaded from the store on demand
        again = (await env.svc.load(first)).game
        assert again is not None and again.snapshot() == snaps[first].snapshot()  # type: ignore[union-attr]
        legal = (await env.svc.view(first, w.seat))["private"]["legal_actions"]
        await env.svc.submit(first, await user_of(env, first, w.seat), w.decision_id, legal[0])
        assert len(env.svc._games) <= 2
    finally:
        await env.close()
