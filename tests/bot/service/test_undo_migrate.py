"""migrate-db with a game that holds undo entries: copied from SQLite into PostgreSQL, the
verification replays it to the same state, and the service rebuilds it the same from both.

Skipped (with the reason) when no PostgreSQL server can be started (tests/support/pg.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.league.sim import InlineExecutor
from bot.service import GameService, ImageCache, Refusal
from bot.storage import SqliteStore, open_store
from bot.storage.migrate import migrate
from hadara import save
from hadara.rng import Rng
from hadara.state import PHASE_B
from tests.support.pg import TempPostgres, missing

pytestmark = pytest.mark.skipif(missing() is not None, reason=str(missing()))


def service(store: object) -> GameService:
    return GameService(store, ai_pool=InlineExecutor(), render_pool=InlineExecutor(),  # type: ignore[arg-type]
                       image_cache=ImageCache(1 << 20))


async def a_game_with_undos(path: Path) -> tuple[int, str]:
    store = SqliteStore(str(path))
    await store.open()
    svc = service(store)
    await svc.open()
    try:
        gid = await svc.create(1, "Ann", seats=3)
        await svc.join(gid, 2, "Bob")
        await svc.add_ai(gid, "random")
        await svc.start(gid, 1)
        rec = (await svc.load(gid)).record
        users = {s.seat: s.user_id for s in rec.seats if s.user_id is not None}
        rng, undone = Rng(9), 0
        for _ in range(400):
            await svc.idle(gid)
            game = (await svc.load(gid)).game
            assert game is not None
            if game.is_over or undone >= 2:
                break
            waiting = [w for w in await svc.waiting(gid) if w.seat in users]
            if not waiting:
                continue
            w = waiting[0]
            acts = game.legal_actions(w.seat)
            await svc.submit(gid, users[w.seat], w.decision_id, acts[rng.below(len(acts))])
            if game.step == PHASE_B:
                await svc.idle(gid)
                try:
                    await svc.undo(gid, users[w.seat])  # type: ignore[arg-type]
                    undone += 1
                except Refusal:
                    pass
        assert undone >= 1
        game = (await svc.load(gid)).game
        assert game is not None and game.log is not None
        assert any(e["action"]["type"] == "undo" for e in game.log)
        return gid, save.to_json(game)
    finally:
        await svc.close()
        await store.close()


async def test_migrate_db_replays_a_game_with_undos(pg_server: TempPostgres,
                                                    tmp_path: Path) -> None:
    source = tmp_path / "hadara.sqlite3"
    gid, text = await a_game_with_undos(source)
    url = pg_server.create_database()
    summary = await migrate(f"sqlite:///{source}", url)
    assert summary.problems == [] and summary.replayed == 1, summary
    store = open_store(url)
    await store.open()
    svc = service(store)
    try:
        game = (await svc.load(gid)).game
        assert game is not None and save.to_json(game) == text
    finally:
        await store.close()
