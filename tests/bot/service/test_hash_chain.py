"""The log's hash chain (docs/service.md, "The log's hash chain"; docs/security.md, "Results
nobody can quietly change"), on SQLite and PostgreSQL: a stored action changed into another
(a buy into a sell, one card for another), two rows swapped, the last row deleted, an undo
entry or a pick's author changed, the seed changed — each is found when the game is loaded
(the quarantine: refused ``damaged``/``bad_chain``) and by ``python -m bot --check``; a game
with undos, a changed simultaneous pick and a repair verifies; a database from before the
chain is chained at its first start (resumably) and its games replay as before; the final
hash is recomputed by ``python -m bot verify``; a finished rated game whose chain fails is
never cut back."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot import __main__ as cli
from bot import proof
from bot.config import Config
from bot.service import Refusal
from bot.storage import chain
from bot.storage.base import DamagedRecord
from hadara import save
from hadara.rng import Rng
from hadara.state import PHASE_B
from tests.support.storage_helpers import (
    ALICE,
    BOB,
    HOST,
    Env,
    assert_memory_is_storage,
    make_env,
    run_sql,
    stored,
    table,
)
from tests.support.stores import SQLITE, StoreFactory

PEOPLE = (HOST, ALICE, BOB)


def ph(make_store: StoreFactory, n: int) -> str:
    """The n-th (1-based) placeholder of the backend."""
    return "?" if make_store.backend == SQLITE else f"${n}"


async def rows_of(make_store: StoreFactory, gid: int) -> list[tuple[Any, ...]]:
    """``(seq, seat, action text, decision_id, submitted_by)`` of the stored log."""
    got = await run_sql(make_store, "games", "SELECT seq, seat, action, decision_id,"
                        f" submitted_by FROM actions WHERE game_id = {ph(make_store, 1)}"
                        " ORDER BY seq", gid)
    return [tuple(r) for r in got]


async def set_action(make_store: StoreFactory, gid: int, seq: int, action: Any) -> None:
    await run_sql(make_store, "games", f"UPDATE actions SET action = {ph(make_store, 1)}"
                  f" WHERE game_id = {ph(make_store, 2)} AND seq = {ph(make_store, 3)}",
                  json.dumps(action), gid, seq)


async def click(env: Env, gid: int, prefer: Callable[[dict[str, Any]], bool]) -> None:
    """The first seat waited for takes its first legal action that ``prefer`` likes (else
    its first)."""
    await env.svc.idle(gid)
    w = (await env.svc.waiting(gid))[0]
    legal = (await env.svc.view(gid, w.seat))["private"]["legal_actions"]
    action = next((a for a in legal if prefer(a)), legal[0])
    user = (await env.svc.load(gid)).record.seats[w.seat].user_id
    assert user is not None
    await env.svc.submit(gid, user, w.decision_id, action)
    await env.svc.idle(gid)


def buys(action: dict[str, Any]) -> bool:
    return action.get("mode") == "buy"


async def with_buys(env: Env) -> int:
    """A three-person game played until its log holds a bought card and a sold one."""
    gid = await table(env, PEOPLE)
    for _ in range(40):
        game = (await env.svc.load(gid)).game
        assert game is not None
        modes = {e["action"].get("mode") for e in game.log or []}
        if {"buy", "sell"} <= modes:
            return gid
        await click(env, gid, buys if "buy" not in modes else (lambda a: a.get("mode") == "sell"))
    raise AssertionError("no buy and sell in 40 moves")


# -- the planted changes: each returns the first seq the chain no longer matches


async def buy_into_sell(ms: StoreFactory, gid: int) -> int:
    seq, _, text, _, _ = next(r for r in await rows_of(ms, gid)
                              if json.loads(r[2]).get("mode") == "buy")
    await set_action(ms, gid, seq, {**json.loads(text), "mode": "sell"})
    return int(seq)


async def card_changed(ms: StoreFactory, gid: int) -> int:
    rows = [r for r in await rows_of(ms, gid) if "card" in json.loads(r[2])]
    seq, _, text, _, _ = rows[0]
    other = next(json.loads(r[2])["card"] for r in rows
                 if json.loads(r[2])["card"] != json.loads(text)["card"])
    await set_action(ms, gid, seq, {**json.loads(text), "card": other})
    return int(seq)


async def rows_swapped(ms: StoreFactory, gid: int) -> int:
    rows = await rows_of(ms, gid)
    a, b = rows[1], rows[2]
    for (seq, *_), (_, seat, text, did, by) in ((a, b), (b, a)):
        await run_sql(ms, "games", f"UPDATE actions SET seat = {ph(ms, 1)}, action = {ph(ms, 2)},"
                      f" decision_id = {ph(ms, 3)}, submitted_by = {ph(ms, 4)}"
                      f" WHERE game_id = {ph(ms, 5)} AND seq = {ph(ms, 6)}",
                      seat, text, did, by, gid, seq)
    return 1


async def last_row_deleted(ms: StoreFactory, gid: int) -> int:
    rows = await rows_of(ms, gid)
    await run_sql(ms, "games", f"DELETE FROM actions WHERE game_id = {ph(ms, 1)}"
                  f" AND seq = {ph(ms, 2)}", gid, len(rows) - 1)
    return len(rows) - 1  # every row left matches: the head names the one removed


async def pick_author_changed(ms: StoreFactory, gid: int) -> int:
    seq = next(r[0] for r in await rows_of(ms, gid) if r[4].startswith("user:"))
    await run_sql(ms, "games", "UPDATE actions SET submitted_by = 'ai:greedy'"
                  f" WHERE game_id = {ph(ms, 1)} AND seq = {ph(ms, 2)}", gid, seq)
    return int(seq)


async def seed_changed(ms: StoreFactory, gid: int) -> int:
    await run_sql(ms, "games", f"UPDATE games SET seed = seed + 1 WHERE id = {ph(ms, 1)}", gid)
    return 0


PLANTS: dict[str, Callable[[StoreFactory, int], Awaitable[int]]] = {
    "buy_into_sell": buy_into_sell, "card_changed": card_changed,
    "rows_swapped": rows_swapped, "last_row_deleted": last_row_deleted,
    "pick_author_changed": pick_author_changed, "seed_changed": seed_changed,
}


def config_of(ms: StoreFactory) -> Config:
    return Config(token="x", db=str(ms.location("games")))


async def found_on_load_and_by_check(ms: StoreFactory, gid: int, seq: int,
                                     fine: int) -> None:
    """The store refuses the game as ``bad_chain`` at ``seq``; ``--check`` lists it (and not
    the ``fine`` game); a service quarantines it; ``verify GAME`` says it does not verify."""
    store = ms("games")
    await store.open()
    try:
        with pytest.raises(DamagedRecord) as err:
            await store.load_game(gid)
        assert (err.value.reason, err.value.seq) == ("bad_chain", seq), err.value.detail
        assert await store.load_game(fine) is not None
    finally:
        await store.close()
    lines = await cli.check(config_of(ms))
    assert any(f"damaged game {gid} (found now): bad_chain at action {seq}" in line
               for line in lines), lines
    assert not any(f"damaged game {fine}" in line for line in lines)
    code, line = await proof.verify_game(config_of(ms), gid)
    assert code == proof.EXIT_BAD and "does NOT verify" in line
    env = await make_env(ms)
    try:
        with pytest.raises(Refusal) as info:
            await env.svc.load(gid)
        assert (info.value.code, info.value.reason) == ("damaged", "bad_chain")
        [notice] = env.causes("damaged")
        assert notice.game_id == gid and notice.damage is not None
        assert notice.damage.seq == seq
        await assert_memory_is_storage(env, fine)  # the rest plays on
    finally:
        await env.close()


@pytest.mark.parametrize("plant", list(PLANTS))
async def test_a_planted_change_is_found_on_load_and_by_check(make_store: StoreFactory,
                                                              plant: str) -> None:
    env = await make_env(make_store)
    gid = await with_buys(env)
    fine = await table(env, (BOB, ALICE))
    await click(env, fine, buys)
    await env.close()
    seq = await PLANTS[plant](make_store, gid)
    await found_on_load_and_by_check(make_store, gid, seq, fine)
    # a break after the first action of a game in play: cut back to before it, and the
    # chain of what stays verifies
    env = await make_env(make_store)
    try:
        preview = await env.svc.repair_preview(gid)
        assert preview["reason"] == "bad_chain" and preview["seq"] == seq
        if seq == 0:  # the seed (or the first action): cutting moves back cannot tell
            assert not preview["repairable"]
            return
        assert preview["repairable"] and preview["keep"] == seq
        await env.svc.repair(gid, keep=seq)
        await env.svc.idle(gid)
        await assert_memory_is_storage(env, gid)
        await click(env, gid, buys)  # it plays on, chained from the last row kept
    finally:
        await env.close()
    code, line = await proof.verify_game(config_of(make_store), gid)
    assert code == proof.EXIT_OK, line


async def phase_b_take_undone(env: Env, gid: int, rng: Rng) -> bool:
    """Random clicks until a person's Phase-B take, then that person takes it back;
    whether the undo was accepted."""
    rec = (await env.svc.load(gid)).record
    users = {s.seat: s.user_id for s in rec.seats if s.user_id is not None}
    while True:
        await env.svc.idle(gid)
        game = (await env.svc.load(gid)).game
        assert game is not None and not game.is_over
        waiting = [w for w in await env.svc.waiting(gid) if w.seat in users]
        w = waiting[0]
        acts = game.legal_actions(w.seat)
        await env.svc.submit(gid, users[w.seat], w.decision_id, acts[rng.below(len(acts))])
        if game.step == PHASE_B:
            break
    await env.svc.idle(gid)
    after = (await env.svc.load(gid)).game
    assert after is not None and after.log is not None
    mine = max(i for i, e in enumerate(after.log) if e["seat"] == w.seat
               and e["action"]["type"] != "undo")
    try:
        await env.svc.undo(gid, users[w.seat], mine)
    except Refusal:
        return False
    return True


async def test_undos_a_changed_pick_and_an_undo_entry(make_store: StoreFactory) -> None:
    """What the log legitimately does verifies: an undo entry appended, a simultaneous pick
    changed after another seat's pick was stored (its row overwritten, the chain recomputed
    from it); and an altered undo entry does not."""
    env = await make_env(make_store)
    try:
        gid = await table(env, PEOPLE)
        # the draft: seat A picks, seat B picks, seat A changes its pick (rows after it)
        for _ in range(10):
            waiting = await env.svc.waiting(gid)
            if len(waiting) == 3:
                break
            await click(env, gid, buys)
        first, second = (await env.svc.waiting(gid))[:2]
        users = {s.seat: s.user_id for s in (await env.svc.load(gid)).record.seats}
        legal = (await env.svc.view(gid, first.seat))["private"]["legal_actions"]
        await env.svc.submit(gid, users[first.seat], first.decision_id, legal[0])
        other = (await env.svc.view(gid, second.seat))["private"]["legal_actions"][0]
        await env.svc.submit(gid, users[second.seat], second.decision_id, other)
        before = await stored(env.store, gid)
        await env.svc.submit(gid, users[first.seat], first.decision_id, legal[-1])
        after = await stored(env.store, gid)  # loading checks the chain
        assert len(after.actions) == len(before.actions) and legal[0] != legal[-1]
        changed = [a.seq for a, b in zip(before.actions, after.actions, strict=True)
                   if a.hash != b.hash]
        assert changed and changed[-1] == len(after.actions) - 1 and len(changed) >= 2
        assert after.head == after.actions[-1].hash != before.head
        # an undo, appended (a two-person game reaches Phase B sooner)
        duo = await table(env, (HOST, ALICE))
        rng = Rng(5)
        for _ in range(12):
            if await phase_b_take_undone(env, duo, rng):
                break
        else:
            raise AssertionError("no undo accepted")
        undone = await stored(env.store, duo)
        [undo] = [a for a in undone.actions if a.action["type"] == "undo"][-1:]
        assert undone.head == undone.actions[-1].hash
    finally:
        await env.close()
    for game in (gid, duo):
        code, line = await proof.verify_game(config_of(make_store), game)
        assert code == proof.EXIT_OK, line
    lines = await cli.check(config_of(make_store))
    assert "damaged games: none" in lines, lines
    # the undo entry altered: found
    await set_action(make_store, duo, undo.seq, {**undo.action, "count": undo.action["count"] + 1})
    await found_on_load_and_by_check(make_store, duo, undo.seq, gid)


async def test_a_finished_rated_game_whose_chain_fails_is_never_cut_back(
        make_store: StoreFactory) -> None:
    env = await make_env(make_store)
    gid = await table(env, (HOST, ALICE), rated=True)
    try:
        while (await env.svc.load(gid)).record.status != "finished":
            await click(env, gid, buys)
        head = await env.store.chain_head(gid)
        assert head is not None and len(head) == 64
    finally:
        await env.close()
    seq = await card_changed(make_store, gid)
    env = await make_env(make_store)
    try:
        with pytest.raises(Refusal):
            await env.svc.load(gid)
        preview = await env.svc.repair_preview(gid)
        assert preview["reason"] == "bad_chain" and preview["seq"] == seq
        assert not preview["repairable"] and preview["status"] == "finished"
        with pytest.raises(Refusal) as info:
            await env.svc.repair(gid)
        assert info.value.reason == "not_repairable"
        rows = await run_sql(make_store, "games", "SELECT count(*) FROM actions WHERE"
                             f" game_id = {ph(make_store, 1)}", gid)
        assert rows[0][0] > seq  # nothing cut
    finally:
        await env.close()


# -- a database from before the chain


async def unchain(ms: StoreFactory) -> None:
    """Make the database what a bot of migration 0008 left: no chain columns (nor the
    later tables)."""
    await run_sql(ms, "games", "DROP TABLE web_sessions")
    await run_sql(ms, "games", "DROP TABLE turn_digest_timers")  # 0011's
    await run_sql(ms, "games", "DROP INDEX leagues_guild_kind")  # 0012's
    await run_sql(ms, "games", "ALTER TABLE leagues DROP COLUMN kind")
    drops = [("actions", "hash"), ("games", "log_hash"), ("actions_backup", "hash"),
             ("rated_results", "final_hash")]
    for name, column in drops:
        await run_sql(ms, "games", f"ALTER TABLE {name} DROP COLUMN {column}")
    if ms.backend == SQLITE:
        await run_sql(ms, "games", "PRAGMA user_version = 8")
    else:
        await run_sql(ms, "games", "UPDATE schema_version SET version = 8")


async def test_a_database_from_before_the_chain_is_chained_at_its_start(
        make_store: StoreFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    env = await make_env(make_store)
    games = [await with_buys(env), await table(env, (HOST, ALICE))]
    await click(env, games[1], buys)
    lobby = await env.svc.create(BOB, "Bob", seats=2)
    before = {gid: save.to_json((await env.svc.load(gid)).game) for gid in games}
    await env.close()
    await unchain(make_store)
    # a start that stops after the first game (a crash): the next one resumes
    from bot.storage.sql.games import GameTables

    real = GameTables.chain_game
    calls: list[int] = []

    async def crash_after_one(self: GameTables, game_id: int) -> str | None:
        if calls:
            raise RuntimeError("killed")
        calls.append(game_id)
        return await real(self, game_id)

    monkeypatch.setattr(GameTables, "chain_game", crash_after_one)
    store = make_store("games")
    with pytest.raises(RuntimeError, match="killed"):
        await store.open()
    await store.close()
    monkeypatch.setattr(GameTables, "chain_game", real)
    store = make_store("games")
    await store.open()
    try:
        assert await store.unchained_games() == []
        for gid in games:
            got = await stored(store, gid)  # the chain checked on load
            assert got.head == got.actions[-1].hash and got.head is not None
            assert got.actions[0].hash != chain.root(gid, got.record.setup, got.record.seed,
                                                     got.record.content_version,
                                                     got.record.rules_version)
        assert (await stored(store, lobby)).head is None
    finally:
        await store.close()
    env = await make_env(make_store)
    try:
        for gid in games:  # replayed as before, and playing on
            assert save.to_json((await env.svc.load(gid)).game) == before[gid]
        await click(env, games[1], buys)
        await assert_memory_is_storage(env, games[1])
    finally:
        await env.close()
    lines = await cli.check(config_of(make_store))
    assert "damaged games: none" in lines, lines


async def test_an_export_carries_the_final_hash_and_verify_recomputes_it(
        make_store: StoreFactory, tmp_path: Path) -> None:
    env = await make_env(make_store)
    gid = await table(env, (HOST, ALICE))
    try:
        while (await env.svc.load(gid)).record.status != "finished":
            await click(env, gid, buys)
        over = [u for u in env.updates if u.game_id == gid and u.over]
        record = await env.svc.export_record(gid)
        head = await env.store.chain_head(gid)
    finally:
        await env.close()
    assert over and over[0].final_hash == head == record["chain"]["final_hash"]
    assert record["format"] == "hadara-game-record/2"
    path = tmp_path / f"game-{gid}.json"
    path.write_text(json.dumps(record, indent=2), "utf-8")  # indented: the same hashes
    code, line = proof.verify_file(path)
    assert code == proof.EXIT_OK and str(head) in line, line
    code, line = await proof.verify_game(config_of(make_store), gid)
    assert code == proof.EXIT_OK and str(head) in line, line
    assert cli.main(["verify", str(path)]) == proof.EXIT_OK
    # one action changed in the file, or the claimed final hash: it does not verify
    changed = json.loads(path.read_text("utf-8"))
    act = changed["save"]["actions"][2]["action"]
    key = "card" if "card" in act else next(iter(act))
    act[key] = "changed"
    path.write_text(json.dumps(changed), "utf-8")
    code, line = proof.verify_file(path)
    assert code == proof.EXIT_BAD and "action 2" in line, line
    forged = {**record, "chain": {**record["chain"], "final_hash": "0" * 64}}
    path.write_text(json.dumps(forged), "utf-8")
    assert proof.verify_file(path)[0] == proof.EXIT_BAD
    path.write_text("{", "utf-8")
    assert proof.verify_file(path)[0] == proof.EXIT_MISSING
