"""No shared mutable objects across the API boundary: whatever the engine hands out (events,
decisions, legal actions, options, views, the opening) can be scribbled over by the caller
without changing the game, and the actions a caller passes in are copied."""

from __future__ import annotations

from typing import Any

from hadara.engine import Game
from hadara.options import options
from hadara.rng import Rng
from hadara.views import spectator_view, view


def scribble(data: Any) -> None:
    """Mutate every list and dict inside ``data`` in place (recursively)."""
    if isinstance(data, dict):
        for value in list(data.values()):
            scribble(value)
        for key in list(data):
            data[key] = "scribbled"
        data["extra"] = ["scribbled"]
    elif isinstance(data, list):
        for value in data:
            scribble(value)
        data[:] = ["scribbled"] * len(data)
        data.append({"x": 1})


def test_scribbling_over_everything_returned_changes_nothing() -> None:
    """Errors/Information: mutate every returned object at every step of a 4-player advanced
    game (events public and private, decisions, legal actions, options, views) and of a clone;
    the game's snapshot stays as it was."""
    game = Game.new(["a", "b", "c", "d"], "advanced", 8)
    before = game.snapshot()
    scribble(game.opening.public)
    scribble(game.opening.private)
    assert game.snapshot() == before
    rng = Rng(3)
    steps = 0
    while not game.is_over:
        before = game.snapshot()
        for d in game.decisions():
            scribble(d.actions)
        for seat in range(game.n):
            scribble(game.legal_actions(seat))
            scribble(options(game, seat))
            scribble(view(game, seat))
        scribble(spectator_view(game))
        scribble(game.scores())
        scribble(game.winners())
        clone = game.clone()
        scribble(view(clone, 0))
        assert game.snapshot() == before, f"changed at step {steps} ({game.step})"
        seats = game.waiting_on() or game.acting_seats()
        seat = seats[rng.below(len(seats))]
        acts = game.legal_actions(seat)
        action = acts[rng.below(len(acts))]
        result = game.apply(seat, action, game.decision_id(seat))
        after = game.snapshot()
        scribble(action)  # the caller's own dict, kept by the engine only as a copy
        scribble(result.public)
        scribble(result.private)
        assert game.snapshot() == after, f"changed by scribbling events at step {steps}"
        steps += 1
    assert steps > 150  # a whole game


def test_a_clone_is_independent_of_the_original() -> None:
    """Playing on a clone never changes the original, and the other way round."""
    game = Game.new(["a", "b", "c"], "basic", 4)
    rng = Rng(1)
    for _ in range(60):
        seats = game.waiting_on() or game.acting_seats()
        acts = game.legal_actions(seats[0])
        game.apply(seats[0], acts[rng.below(len(acts))])
    before = game.snapshot()
    clone = game.clone()
    while not clone.is_over:
        seats = clone.waiting_on() or clone.acting_seats()
        acts = clone.legal_actions(seats[0])
        clone.apply(seats[0], acts[rng.below(len(acts))])
    assert game.snapshot() == before
    assert clone.snapshot() != before
