"""Replaying (hadara/replay.py): one loop from (setup, seed, log) gives back every step's
events and position, the position before any entry, and the game itself."""

from __future__ import annotations

from typing import Any

import pytest

from hadara import driver, save
from hadara.engine import Game, Result
from hadara.errors import HadaraError, IllegalAction
from hadara.replay import Step, replayed, steps
from hadara.rng import Rng


def _played(n: int, variant: str, seed: int) -> tuple[Game, list[dict[str, Any]], list[Any]]:
    """A finished random game, with the snapshot before each log entry was written and the
    public events of each ``apply`` (forced moves included)."""
    game = Game.new([f"p{i}" for i in range(n)], variant, seed=seed)
    rng = Rng(seed)
    before: list[dict[str, Any]] = []
    events: list[Any] = [list(game.opening.public)]

    def policy(g: Game, d: Any) -> Any:
        return d.actions[rng.below(len(d.actions))]

    def on_result(res: Result) -> None:
        events.append(list(res.public))

    while not game.is_over:
        for d in driver.step(game, on_result=on_result):
            if game.decision_id(d.seat) != d.id:
                continue
            before.append(game.snapshot())
            on_result(game.apply(d.seat, policy(game, d), d.id))
    return game, before, events


@pytest.mark.parametrize(("n", "variant", "seed"), [(2, "basic", 1), (4, "advanced", 2),
                                                   (5, "basic", 3)])
def test_steps_give_every_event_and_the_same_game(n: int, variant: str, seed: int) -> None:
    game, _, events = _played(n, variant, seed)
    assert game.setup is not None and game.log is not None
    for check in (True, False):
        seen: list[Step] = []
        public = []
        for step in steps(game.setup, game.seed, game.catalog, game.log, check=check):
            seen.append(step)
            public.extend(step.result.public)
        assert [s.index for s in seen] == list(range(len(game.log) + 1))
        assert seen[0].entry is None and seen[0].result.public == game.opening.public
        assert [s.entry for s in seen[1:]] == game.log
        assert public == [ev for evs in events for ev in evs]
        assert seen[-1].game.snapshot() == game.snapshot()
        assert seen[-1].game.log == game.log
    # the setup as data (as a store keeps it) replays the same
    again = replayed(game.setup.to_dict(), game.seed, None, game.log)
    assert save.to_json(again) == save.to_json(game)


def test_the_position_before_an_entry() -> None:
    """``replayed(..., log[:i])`` is the game as it stood when entry i was about to be
    written (a replaced draft pick overwrote its entry, so only the entries in order count)."""
    game, _, _ = _played(3, "basic", 5)
    assert game.setup is not None and game.log is not None
    log = game.log
    positions = [s.game.clone() for s in steps(game.setup, game.seed, game.catalog, log)]
    for i in range(0, len(log), 17):
        assert replayed(game.setup, game.seed, game.catalog, log[:i]).snapshot() == \
            positions[i].snapshot()
        # the seat of entry i has a decision then, and entry i is among its legal actions
        seat, action = log[i]["seat"], log[i]["action"]
        assert action in positions[i].legal_actions(seat)


def test_undo_entries_replay() -> None:
    game = Game.new(["Amira", "Bahram", "Cyrus"], "basic", seed=3)
    driver.play(game, lambda g, d: d.actions[0],
                until=lambda g: any(d.kind == "phase_b" for d in driver.pending(g)))
    driver.step(game)
    d = next(d for d in driver.pending(game) if d.kind == "phase_b")
    game.apply(d.seat, d.actions[0], d.id)
    game.undo(d.seat, 1)
    assert game.setup is not None and game.log is not None
    assert game.log[-1]["action"]["type"] == "undo"
    last = list(steps(game.setup, game.seed, game.catalog, game.log))[-1]
    assert last.result.public == [{"kind": "undone", "seat": d.seat, "count": 1}]
    assert last.game.snapshot() == game.snapshot()


def test_a_bad_entry_raises_when_its_step_is_asked_for() -> None:
    game, _, _ = _played(2, "basic", 9)
    assert game.setup is not None and game.log is not None
    log = [*game.log[:10], {"seat": game.log[10]["seat"], "action": {"type": "feed_pay"}}]
    replay = steps(game.setup, game.seed, game.catalog, log)
    for _ in range(11):
        next(replay)
    with pytest.raises(IllegalAction):
        next(replay)
    with pytest.raises(HadaraError):
        replayed(game.setup, game.seed, game.catalog, log)
