"""Taking back a move through the service (Play.undo): accepted while harmless, with the AI
seats' moves that followed it taken back too; refused after another person acted, after a
reveal, for a stale click, in rated games unless the server allows it; all across restarts,
and the stored log rebuilds exactly the live game."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ProcessPoolExecutor

import pytest

from bot.service import Refusal
from bot.service.replay import walk
from bot.storage import migrate_verify
from hadara import save
from hadara.rng import Rng
from hadara.state import PHASE_B
from hadara.views import spectator_view
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


async def users_of(env: Env, gid: int) -> dict[int, int]:
    rec = (await env.svc.load(gid)).record
    return {s.seat: s.user_id for s in rec.seats if s.user_id is not None}


async def until_person_in_phase_b(env: Env, gid: int, users: dict[int, int],
                                  rng: Rng) -> int:
    """Random legal clicks by the people until a person's Phase-B take is open: its seat."""
    while True:
        await env.svc.idle(gid)
        game = (await env.svc.load(gid)).game
        assert game is not None and not game.is_over
        waiting = [w for w in await env.svc.waiting(gid) if w.seat in users]
        if game.step == PHASE_B and waiting:
            return waiting[0].seat
        for w in waiting:
            acts = game.legal_actions(w.seat)
            await env.svc.submit(gid, users[w.seat], w.decision_id, acts[rng.below(len(acts))])
            break


async def same_as_stored(env: Env, gid: int) -> None:
    """The live game equals the game rebuilt from the stored rows (migrate-db's replay)."""
    live = (await env.svc.load(gid)).game
    assert live is not None
    data = await stored(env, gid)
    again = migrate_verify.replay(data, live.catalog)
    assert again.snapshot() == live.snapshot() and again.version == live.version
    assert save.to_json(again) == save.to_json(live)


async def test_undo_takes_back_the_ai_moves_and_survives_a_restart(env: Env) -> None:
    gid = await table(env, [ALICE, BOB], ["random"], seats=3)
    users = await users_of(env, gid)
    rng = Rng(11)
    accepted = with_ai = revealed = 0
    for _ in range(30):
        seat = await until_person_in_phase_b(env, gid, users, rng)
        game = (await env.svc.load(gid)).game
        assert game is not None
        did = game.decision_id(seat)
        assert did is not None
        acts = game.legal_actions(seat)
        await env.svc.submit(gid, users[seat], did, acts[rng.below(len(acts))])
        await env.svc.idle(gid)
        env2 = await env.reopen()  # a restart between the move and the undo
        env.svc, env.store, env.updates = env2.svc, env2.store, env2.updates
        after = (await env.svc.load(gid)).game
        assert after is not None
        if after.is_over:
            break
        mine = max(i for i, e in enumerate(after.log or []) if e["seat"] == seat
                   and e["action"]["type"] != "undo")
        others = len(after.log or []) - 1 - mine
        if others:  # a button drawn after an earlier move is stale
            with pytest.raises(Refusal) as err:
                await env.svc.undo(gid, users[seat], mine + 1)
            assert err.value.code == "stale"
        try:
            update = await env.svc.undo(gid, users[seat], mine)
        except Refusal as exc:
            assert exc.reason in ("undo_revealed", "undo_hidden"), exc.reason
            revealed += 1
            continue
        accepted += 1
        with_ai += others > 0
        assert update.public[0]["kind"] == "undone" and update.public[0]["seat"] == seat
        now = (await env.svc.load(gid)).game
        assert now is not None
        assert now.version == after.version + 1 and now.next_decision > after.next_decision
        assert now.decision_id(seat) not in (None, did)  # decision ids are never reused
        assert [w.seat for w in await env.svc.waiting(gid)] == [seat]
        # the old click is stale; so is an undo click from before
        with pytest.raises(Refusal) as err:
            await env.svc.submit(gid, users[seat], did, acts[0])
        assert err.value.code == "stale"
        with pytest.raises(Refusal) as err:
            await env.svc.undo(gid, users[seat], mine)
        assert err.value.code == "stale"
        await same_as_stored(env, gid)
        # the history says so, and the replay viewer's walk ends at the live position
        assert any(line.endswith("took back their move.") for line in await env.svc.history(gid))
        assert now.log is not None
        _, found = walk(now, now.log, [len(now.log)], finished=False, outline=False)
        assert found[len(now.log)].view == spectator_view(now)
        env3 = await env.reopen()  # the service's rebuild equals the live game
        assert (await env3.svc.load(gid)).game.snapshot() == now.snapshot()  # type: ignore[union-attr]
        env.svc, env.store, env.updates = env3.svc, env3.store, env3.updates
        if accepted >= 3 and with_ai:
            break
        # play on differently (this move stays)
        acts = now.legal_actions(seat)
        await env.svc.submit(gid, users[seat], str(now.decision_id(seat)),
                             acts[rng.below(len(acts))])
    assert accepted and with_ai, (accepted, with_ai, revealed)


async def test_undo_refused_after_another_person_acted(env: Env) -> None:
    gid = await table(env, [ALICE, BOB], seats=2)
    users = await users_of(env, gid)
    rng = Rng(3)
    seat = await until_person_in_phase_b(env, gid, users, rng)
    game = (await env.svc.load(gid)).game
    assert game is not None
    acts = game.legal_actions(seat)
    await env.svc.submit(gid, users[seat], str(game.decision_id(seat)), acts[0])
    await env.svc.idle(gid)
    game = (await env.svc.load(gid)).game
    assert game is not None and game.log is not None
    mine = len(game.log) - 1
    other = 1 - seat
    if game.decision_id(other) is not None:
        acts = game.legal_actions(other)
        await env.svc.submit(gid, users[other], str(game.decision_id(other)), acts[0])
        await env.svc.idle(gid)
        game = (await env.svc.load(gid)).game
        assert game is not None
        n = len((await stored(env, gid)).actions)
        with pytest.raises(Refusal) as err:
            await env.svc.undo(gid, users[seat])
        assert err.value.reason in ("undo_someone_acted", "undo_revealed")
        with pytest.raises(Refusal) as err:  # the button drawn after that move: not stale
            await env.svc.undo(gid, users[seat], mine)
        assert err.value.reason in ("undo_someone_acted", "undo_revealed")
        assert len((await stored(env, gid)).actions) == n  # nothing written
    # someone without a seat cannot take anything back
    with pytest.raises(Refusal) as err:
        await env.svc.undo(gid, 999_999)
    assert err.value.code == "not_seated"


async def test_rated_games_need_the_servers_consent(env: Env) -> None:
    gid = await env.svc.create(ALICE, "alice", seats=2, rated=True)
    await env.svc.join(gid, BOB, "bob")
    await env.svc.start(gid, ALICE)
    await env.svc.set_discord(gid, {"guild": 77})
    users = await users_of(env, gid)
    seat = await until_person_in_phase_b(env, gid, users, Rng(4))
    game = (await env.svc.load(gid)).game
    assert game is not None
    await env.svc.submit(gid, users[seat], str(game.decision_id(seat)),
                         game.legal_actions(seat)[0])
    await env.svc.idle(gid)
    game = (await env.svc.load(gid)).game
    assert game is not None
    with pytest.raises(Refusal) as err:
        await env.svc.undo(gid, users[seat])
    assert err.value.code == "denied" and err.value.reason == "undo_rated"
    await env.svc.set_undo_rated(77, True)
    try:
        await env.svc.undo(gid, users[seat])
    except Refusal as exc:  # allowed now: only the harmlessness rules can refuse it
        assert exc.reason in ("undo_revealed", "undo_hidden")
    await same_as_stored(env, gid)


async def test_take_back_is_offered_exactly_where_it_is_allowed(env: Env) -> None:
    """The panel's ``undo`` (what a front end offers as "Take back") is the move an undo
    would take back now, and None wherever the undo would be refused: over a whole stretch
    of random play, in an unrated game and in a rated one whose server did not allow it; a
    refused colony take-back says the colony revealed the next tile."""
    gid = await table(env, [ALICE, BOB], ["random"], seats=3)
    rated = await env.svc.create(ALICE, "alice", seats=2, rated=True)
    await env.svc.join(rated, BOB, "bob")
    await env.svc.start(rated, ALICE)
    await env.svc.set_discord(rated, {"guild": 78})
    offered = refused = 0
    for game_id, rng in ((gid, Rng(5)), (rated, Rng(6))):
        users = await users_of(env, game_id)
        for _ in range(120):
            await env.svc.idle(game_id)
            game = (await env.svc.load(game_id)).game
            assert game is not None
            if game.is_over:
                break
            waiting = [w for w in await env.svc.waiting(game_id) if w.seat in users]
            if not waiting:
                continue
            w = waiting[0]
            acts = game.legal_actions(w.seat)
            await env.svc.submit(game_id, users[w.seat], w.decision_id,
                                 acts[rng.below(len(acts))])
            await env.svc.idle(game_id)
            state = await env.svc.panel(game_id, users[w.seat], seat=w.seat, ended=True)
            before = (await env.svc.load(game_id)).game
            assert before is not None
            if before.is_over:
                assert state.undo is None and state.final
                break
            last = before.effective_log()[-1] if before.log else None
            kind = None
            if state.undo is not None:
                kind = before.log[state.undo]["action"]["type"]  # type: ignore[index]
            try:
                await env.svc.undo(game_id, users[w.seat])
            except Refusal as exc:
                assert state.undo is None, (game_id, exc, state.undo)
                refused += 1
                continue
            assert state.undo is not None and game_id != rated and kind is not None
            assert state.undo <= (last or 0)
            offered += 1
    assert offered and refused, (offered, refused)


async def test_a_colony_is_never_offered_back_and_its_refusal_says_why(env: Env) -> None:
    """Taking a colony reveals the next tile of its stack: no "Take back" after it, and the
    refusal of ``/hadara-replay undo`` says so (``event`` ``colony_taken``)."""
    rng = Rng(3)
    for _ in range(3):  # a game in which a person can take a colony (almost always the first)
        gid = await table(env, [ALICE, BOB], ["random"], seats=3)
        users = await users_of(env, gid)
        while True:
            await env.svc.idle(gid)
            game = (await env.svc.load(gid)).game
            assert game is not None
            waiting = [w for w in await env.svc.waiting(gid) if w.seat in users]
            if game.is_over or not waiting:
                break
            w = waiting[0]
            acts = game.legal_actions(w.seat)
            colonies = [a for a in acts if a["type"] == "colony"]
            await env.svc.submit(gid, users[w.seat], w.decision_id,
                                 (colonies or acts)[rng.below(len(colonies or acts))])
            if not colonies:
                continue
            state = await env.svc.panel(gid, users[w.seat], seat=w.seat, ended=True)
            assert state.undo is None
            with pytest.raises(Refusal) as err:
                await env.svc.undo(gid, users[w.seat])
            assert (err.value.reason, err.value.params) == ("undo_revealed",
                                                            {"event": "colony_taken"})
            return
    raise AssertionError("no person could take a colony in three games")


def test_a_refused_colony_take_back_says_why() -> None:
    from bot.messages import t
    from i18n import LOCALES, speaking

    for lang in LOCALES:
        with speaking(lang):
            colony = t("refusal.bad_request.undo_revealed", event="colony_taken")
            other = t("refusal.bad_request.undo_revealed", event="other")
            assert colony != other, lang
    with speaking("en"):
        assert "next tile" in t("refusal.bad_request.undo_revealed", event="colony_taken")
