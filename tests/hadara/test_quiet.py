"""Quiet games (search's path: no log, no events, shared legal-action dicts) play exactly the
games that ordinary games play, and the engine plays exactly the games it played before its
speed work (a pinned digest of random games: rules, decisions, events and views)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from hadara import save
from hadara.engine import QUIET_RESULT, Game
from hadara.rng import Rng
from hadara.views import view


def _random_pair(n: int, variant: str, seed: int) -> tuple[Game, Game]:
    """The same random game played by an ordinary game and by a quiet one, step by step,
    checking that both offer the same decisions and legal actions at every step."""
    loud = Game.new([f"P{i}" for i in range(n)], variant, seed)
    quiet = Game.new([f"P{i}" for i in range(n)], variant, seed, quiet=True)
    rng = Rng(seed + 11)
    while not loud.is_over:
        assert quiet.acting_seats() == loud.acting_seats()
        assert quiet.decision_ids == loud.decision_ids
        seats = loud.acting_seats()
        seat = seats[rng.below(len(seats))]
        legal = loud.legal_actions(seat)
        assert quiet.legal_actions(seat) == legal
        action = legal[rng.below(len(legal))]
        loud.apply(seat, action, check=False)
        assert quiet.apply(seat, dict(action), check=False) is QUIET_RESULT
        if rng.below(20) == 0:  # a quiet copy of a quiet game is quiet and equal
            quiet = quiet.clone(quiet=True)
    return loud, quiet


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("variant", ["basic", "advanced"])
def test_a_quiet_game_plays_the_same_game(n: int, variant: str) -> None:
    for seed in range(3):
        loud, quiet = _random_pair(n, variant, seed)
        assert quiet.is_over
        assert quiet.snapshot() == loud.snapshot()
        assert quiet.scores() == loud.scores() and quiet.winners() == loud.winners()
        assert quiet.log is None and quiet.quiet and not loud.quiet


def test_a_quiet_game_keeps_no_log_and_reports_nothing() -> None:
    game = Game.new(["a", "b", "c"], "basic", 4, quiet=True)
    assert game.opening is QUIET_RESULT and game.log is None
    res = game.apply_forced()
    seat = game.waiting_on()[0]
    res = game.apply(seat, game.legal_actions(seat)[0])  # checked apply works quiet too
    assert res is QUIET_RESULT
    assert list(res.public) == [] and dict(res.private) == {} and list(res.logged) == []
    with pytest.raises(AttributeError):
        res.public.append({"kind": "x"})  # shared and read-only: it cannot be filled
    with pytest.raises(TypeError):
        res.private[0] = []  # type: ignore[index]
    assert not res.revealed


def test_a_quiet_clone_of_an_ordinary_game() -> None:
    game = Game.new(["a", "b"], "basic", 2)
    seat = game.waiting_on()[0]
    game.apply(seat, game.legal_actions(seat)[0])
    copy = game.clone(quiet=True)
    assert copy.quiet and copy.log is None and game.log
    assert copy.snapshot() == game.snapshot()
    seat = game.waiting_on()[0]
    action = game.legal_actions(seat)[0]
    assert copy.legal_actions(seat) == game.legal_actions(seat)
    copy.apply(seat, action, check=False)
    assert copy.snapshot() != game.snapshot()  # independent
    assert not game.clone().quiet


def test_an_ordinary_games_legal_actions_are_fresh_and_a_quiet_games_shared() -> None:
    loud = Game.new(["a", "b"], "basic", 1)
    quiet = Game.new(["a", "b"], "basic", 1, quiet=True)
    for g in (loud, quiet):
        seat = g.waiting_on()[0]
        g.apply(seat, g.legal_actions(seat)[0], check=False)  # the wheel
    first, again = loud.legal_actions(0), loud.legal_actions(0)
    assert first == again and all(a is not b for a, b in zip(first, again, strict=True))
    first, again = quiet.legal_actions(0), quiet.legal_actions(0)
    assert first == again and all(a is b for a, b in zip(first, again, strict=True))


# The digest of 48 random games (2–5 players, both variants): every decision, legal action,
# event, snapshot and a sample of views. Pinned before the engine's speed work (commit
# b9bca31); a change here means the rules play differently. Regenerate it only with a rule
# change that is meant (and say so in docs/rules.md).
ENGINE_DIGEST = "29296f02d5afc84c278e2d52186fff48f3436fa7fa3fcae6afedcc49cd115ae3"


def _feed(h: Any, data: Any) -> None:
    h.update(json.dumps(data, sort_keys=True, default=str).encode())


def engine_digest(games: int = 3) -> str:
    h = hashlib.sha256()
    for n in (2, 3, 4, 5):
        for variant in ("basic", "advanced"):
            for seed in range(games):
                g = Game.new([f"P{i}" for i in range(n)], variant, seed)
                _feed(h, [g.opening.public, g.opening.private])
                rng = Rng(seed * 7 + n)
                k = 0
                while not g.is_over:
                    seats = g.acting_seats()
                    seat = seats[rng.below(len(seats))]
                    legal = g.legal_actions(seat)
                    _feed(h, [seat, legal, g.decision_ids, g.waiting_on()])
                    if k % 7 == 0:
                        _feed(h, [view(g, s) for s in range(n)] + [view(g, None)])
                    r = g.apply(seat, legal[rng.below(len(legal))], g.decision_id(seat))
                    _feed(h, [r.public, r.private, r.logged])
                    if k % 5 == 0:
                        _feed(h, g.snapshot())
                    k += 1
                _feed(h, [g.scores(), g.winners(), save.to_json(g)])
                g = Game.new([f"P{i}" for i in range(n)], variant, seed + 1000)
                g.log = None
                rng = Rng(seed)
                while not g.is_over:  # the unchecked path, with a clone now and then
                    seats = g.acting_seats()
                    seat = seats[rng.below(len(seats))]
                    legal = g.legal_actions(seat)
                    g.apply(seat, legal[rng.below(len(legal))], check=False)
                    if rng.below(10) == 0:
                        g = g.clone()
                _feed(h, g.snapshot())
    return h.hexdigest()


def test_the_engine_plays_the_games_it_played_before() -> None:
    assert engine_digest() == ENGINE_DIGEST
