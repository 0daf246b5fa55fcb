"""What front ends ask of the engine about a decision, by its kind: ``Game.decision_kind``,
``SIMULTANEOUS``, ``CHANGEABLE`` and ``UNDO_KINDS`` (hadara/engine.py), checked against what
the engine does in random games."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest

from hadara import driver
from hadara.engine import CHANGEABLE, SIMULTANEOUS, UNDO_KINDS, UNDOABLE, Decision, Game
from hadara.errors import IllegalAction, NotSeated
from hadara.rng import Rng
from hadara.state import STEPS

KINDS = frozenset(STEPS) - {"over"}
PROBES = 12  # per kind: an undo check replays the game from its setup


def _positions() -> list[tuple[Game, list[Decision]]]:
    """Every position where the game waits for someone, in random games (2–5 players, both
    variants), with the decisions it waits for."""
    out = []
    for seed in range(6):
        n, variant = 2 + seed % 4, ("advanced", "basic")[seed % 2]
        game = Game.new([f"p{i}" for i in range(n)], variant, seed=seed)
        rng = Rng(seed)
        while not game.is_over:
            pending = driver.step(game)
            if not pending:
                break
            out.append((game.clone(), pending))
            d = pending[rng.below(len(pending))]
            game.apply(d.seat, d.actions[rng.below(len(d.actions))], d.id)
    return out


@pytest.fixture(scope="module")
def positions() -> list[tuple[Game, list[Decision]]]:
    return _positions()


def test_decision_kind_is_the_kind_of_the_seats_decision(positions) -> None:
    for game, _ in positions:
        for seat in range(game.n):
            assert game.decision_kind(seat) == next(
                (d.kind for d in game.decisions() if d.seat == seat), None)
    game = positions[0][0]
    for bad in (-1, game.n, True, "0"):
        with pytest.raises(NotSeated):
            game.decision_kind(bad)  # type: ignore[arg-type]


def test_simultaneous_kinds_are_decided_by_several_seats_at_once(positions) -> None:
    most: Counter[str] = Counter()
    for game, _ in positions:
        for d in game.decisions():
            most[d.kind] = max(most[d.kind], len(game.acting_seats()))
    assert set(most) == KINDS
    assert {k for k, m in most.items() if m > 1} == SIMULTANEOUS


def test_changeable_kinds_keep_their_decision_after_a_pick(positions) -> None:
    """A recorded pick of a CHANGEABLE kind may be replaced: the seat keeps its decision id
    and another pick overwrites its log entry; after any other decision the seat's decision
    is over (closed, or a new one with a new id)."""
    kept: dict[str, set[bool]] = defaultdict(set)
    for game, pending in positions:
        if len(game.waiting_on()) < 2 and pending[0].kind in SIMULTANEOUS:
            continue  # the last pick resolves the step
        for d in pending[:2]:
            g = game.clone()
            g.apply(d.seat, d.actions[0], d.id)
            same = g.decision_id(d.seat) == d.id
            kept[d.kind].add(same)
            if same and len(d.actions) > 1:
                log = len(g.log or [])
                g.apply(d.seat, d.actions[1], d.id)
                assert len(g.log or []) == log and g.decision_id(d.seat) == d.id
    assert set(kept) == KINDS
    assert {k for k, v in kept.items() if v == {True}} == CHANGEABLE
    assert {k for k, v in kept.items() if v == {False}} == KINDS - CHANGEABLE


def test_undo_kinds_are_those_a_take_back_may_follow(positions) -> None:
    """After a decision of a kind in UNDO_KINDS the seat may take it back (in some position);
    after any other kind ``undo_check`` always refuses (the wheel deals at once: revealed)."""
    accepted: dict[str, set[bool]] = defaultdict(set)
    probes: Counter[str] = Counter()
    for game, pending in positions:
        for d in pending:
            if probes[d.kind] >= PROBES and True in accepted[d.kind]:
                continue
            probes[d.kind] += 1
            g = game.clone()
            g.apply(d.seat, d.actions[-1], d.id)
            try:
                g.undo_check(d.seat, 1)
                accepted[d.kind].add(True)
            except IllegalAction as exc:
                accepted[d.kind].add(False)
                if d.kind == "wheel":
                    assert exc.reason == "undo_revealed"
    assert set(accepted) == KINDS
    assert {k for k, v in accepted.items() if True in v} == UNDO_KINDS
    assert "wheel" in UNDOABLE and "wheel" not in UNDO_KINDS  # undoable by type, never in play
