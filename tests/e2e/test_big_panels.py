"""The largest decisions seen in random games, through the real bot: a statue with 25 legal
actions, feeding with 18, a Phase B turn with 13 (the positions tests/cogs/test_panels.py finds by
seed). The game is started through ``/hadara new`` with the same seed, brought to the position
through the service (the random policy's moves, as the seated people), and then the player
opens "Take my turn" and chooses by clicking through the panel's steps — every message within
Discord's limits (checked by the world after the test)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cogs.play.panels import is_batch, parse_custom_id
from hadara.engine import Game
from hadara.rng import Rng

from .conftest import (
    World,
    description,
    limit_problems,
    new_game,
    open_panel,
    settle,
    take_turn,
    world,
)

pytest.importorskip("simcord")

NAMES = ("alice", "bob", "carol", "dave", "erin")

Move = tuple[int, dict[str, Any], str]


def script(seed: int, players: int, variant: str, kind: str,
           at_least: int) -> tuple[list[Move], int, str, int]:
    """The random policy's moves (as in tests/cogs/test_panels.py) up to the first ``kind`` decision
    with at least ``at_least`` legal actions: (moves, seat, decision id, action count)."""
    game = Game.new([f"Player {i}" for i in range(players)], variant=variant, seed=seed)
    rng = Rng(seed)
    moves: list[Move] = []
    while not game.is_over:
        game.apply_forced()
        d = next(d for d in game.decisions() if not d.committed)
        if d.kind == kind and len(d.actions) >= at_least:
            return moves, d.seat, d.id, len(d.actions)
        action = d.actions[rng.below(len(d.actions))]
        moves.append((d.seat, action, d.id))
        game.apply(d.seat, action, d.id)
    raise AssertionError(f"no {kind} decision with {at_least} actions")


async def reach(w: World, gid: int, moves: list[Move]) -> None:
    snap = await w.service.load(gid)
    users = {s.seat: s.user_id for s in snap.record.seats if s.user_id is not None}
    for seat, action, decision in moves:
        await w.service.submit(gid, users[seat], decision, action)
        await w.service.idle(gid)


@pytest.mark.parametrize(("kind", "seed", "players", "variant", "count"), [
    ("statue", 11, 5, "advanced", 25),
    ("feeding", 83, 5, "advanced", 18),
    ("phase_b", 2, 4, "basic", 13),
])
async def test_largest_panels_through_the_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              kind: str, seed: int, players: int,
                                              variant: str, count: int) -> None:
    moves, seat, decision, actions = script(seed, players, variant, kind, count)
    assert actions >= count
    async with world(tmp_path, monkeypatch, names=NAMES[:players], seed=seed) as w:
        gid, _ = await new_game(w, "alice", seats=players, variant=variant,
                                join=NAMES[1:players])
        await reach(w, gid, moves)
        await settle(w, gid)
        snap = await w.service.load(gid)
        assert snap.game is not None and snap.game.decision_id(seat) == decision
        legal = [o for o in await w.service.options(gid, seat) if o["legal"]]
        assert len(legal) == actions
        user = next(s.user_id for s in snap.record.seats if s.seat == seat)
        assert user is not None
        panel = await open_panel(w, gid, user)
        turn = await take_turn(w, gid, user, panel=panel)
        assert description(turn.result.response).startswith("✅ Chosen:")
        for seen in turn.panels:
            assert len(seen.rows) <= 5 and len(seen.components) <= 25
            assert limit_problems(seen.payload) == []
        widest = max(len(p.components) for p in turn.panels)
        options = max(len(c.get("options") or []) for p in turn.panels for c in p.components)
        print(f"\n{kind} with {actions} legal actions: {len(turn.panels)} panel(s) walked, "
              f"up to {widest} components and {options} select options, {len(moves)} moves to "
              f"reach it: {[p.title.split(' · ', 2)[-1] for p in turn.panels]}")
        if kind == "statue":
            assert len(turn.panels) >= 2  # space, then tile and side
        await settle(w, gid)
        after = await w.service.load(gid)
        assert after.game is not None
        if kind == "feeding":  # the whole feeding in ONE interaction: one select, then fed
            assert len(turn.panels) == 1
            [select] = [c for c in turn.panels[0].components if c.get("type") == 3]
            pid = parse_custom_id(select["custom_id"])
            assert pid is not None and is_batch(pid)
            assert select["min_values"] >= 1 and len(select["options"]) >= 17
            assert all(d.kind != "feeding" for d in after.game.decisions() if d.seat == seat)
            mine = [a for a in (await w.service.store.load_game(gid)).actions  # type: ignore[union-attr]
                    if a.seat == seat and a.action["type"] in ("feed_remove", "feed_pay")]
            assert len(mine) >= select["min_values"]
            assert len({a.submitted_by for a in mine}) == 1 and mine[0].submitted_by.startswith(
                "user:")
        assert after.game.decision_id(seat) != decision or after.game.commits[seat] is not None
