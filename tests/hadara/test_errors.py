"""Refusals: stable codes, the check order (game over → not your decision → stale → illegal),
cannot_afford as a kind of illegal, and a refused action leaving the game unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from hadara.engine import Game
from hadara.errors import (
    CannotAfford,
    GameOver,
    HadaraError,
    IllegalAction,
    MalformedAction,
    NotYourDecision,
    StaleDecision,
)
from hadara.rng import Rng
from hadara.state import DRAFT
from tests.support.stacking import at, force, new_game, play_random, run


def test_error_codes_are_stable(cat):
    """Errors: every refusal has a stable code; cannot_afford is a subclass of illegal."""
    assert [c.code for c in (GameOver, NotYourDecision, StaleDecision, IllegalAction,
                             CannotAfford)] == ["game_over", "not_your_decision", "stale",
                                                "illegal", "cannot_afford"]
    assert issubclass(CannotAfford, IllegalAction)
    assert CannotAfford("x", "card_cost", cost=3).to_dict() == {
        "code": "cannot_afford", "reason": "card_cost", "params": {"cost": 3}, "message": "x"}
    assert IllegalAction("x").reason == "illegal"  # a refusal without a reason has its code


def test_check_order_game_over_first(cat):
    """Errors: once the game is over every action is refused as game_over, whoever sends it,
    with whatever id."""
    g = play_random(new_game(2), Rng(2))
    for seat, did in ((0, None), (7, "d1"), (1, "nonsense")):
        with pytest.raises(GameOver):
            g.apply(seat, {"type": "nonsense"}, did)


def test_check_order_not_your_decision_before_stale(cat):
    """Errors: a seat without a decision gets not_your_decision even with a stale id and an
    illegal action; an unknown seat too."""
    g = new_game(3)
    other = (g.first + 1) % 3
    with pytest.raises(NotYourDecision) as err:
        g.apply(other, {"type": "bogus"}, "d999")
    assert "waiting for" in err.value.message
    for seat in (-1, 3, "0", None):
        with pytest.raises(NotYourDecision):
            g.apply(seat, {"type": "wheel", "colour": "red"})  # type: ignore[arg-type]


def test_check_order_stale_before_illegal(cat):
    """Errors: a wrong decision id is refused as stale before legality is looked at."""
    g = new_game(2)
    run(g, at(DRAFT, epoch=1))
    old = g.decision_id(0)
    with pytest.raises(StaleDecision):
        g.apply(0, {"type": "bogus"}, "d0")
    with pytest.raises(IllegalAction):
        g.apply(0, {"type": "bogus"}, old)
    with pytest.raises(IllegalAction):
        g.apply(0, {"type": "bogus"})  # no id: no stale check


def test_cannot_afford_is_reported_as_such(cat):
    """Errors: buying an unaffordable card is cannot_afford (an illegal action)."""
    g = new_game(2)
    run(g, at(DRAFT, epoch=1))
    force(g, 0, coins=0)
    dear = next(c for c in g.hands[0] if g.catalog.cards[c].cost > 0)
    with pytest.raises(IllegalAction) as err:
        g.apply(0, {"type": "draft", "card": dear, "mode": "buy"})
    assert isinstance(err.value, CannotAfford) and err.value.code == "cannot_afford"


MALFORMED: list[Any] = [
    "draft", 3, None, ["type"], {}, {"type": None}, {"type": []}, {"type": {"a": 1}},
    {"type": "draft", "card": ["x"], "mode": "buy"}, {"type": "draft", "card": {"a": 1}},
    {"type": "draft", "card": "nope", "mode": "buy"}, {"type": "draft", "mode": "steal"},
    {"type": "take", "card": "nope", "mode": "sell"}, {"type": "colony", "level": [3]},
    {"type": "colony", "level": 4, "mode": "plunder"}, {"type": "colony_skip", "pay": [1]},
    {"type": "statue", "space": 9, "tile": "red", "side": "colour"},
    {"type": "statue", "space": 1, "tile": "pink", "side": "colour"},
    {"type": "medal", "kind": "bronze"}, {"type": "medal", "kind": "silver", "tile": "pink"},
    {"type": "feed_remove", "card": None}, {"type": "feed_pay", "extra": 1},
    {"type": "wheel", "colour": "pink"}, {"type": "setup_side", "side": "C"},
]


def test_refused_actions_leave_the_game_unchanged(cat):
    """Errors: every refused action (malformed, illegal, wrong step, unaffordable, mutated legal
    actions) raises a HadaraError and leaves snapshot() and the log exactly as they were."""
    refusals = 0
    for seed, variant in ((1, "basic"), (2, "advanced")):
        g = Game.new(["a", "b", "c"], variant, seed)
        rng = Rng(seed)
        while not g.is_over:
            seat = g.waiting_on()[rng.below(len(g.waiting_on()))]
            acts = g.legal_actions(seat)
            tries = MALFORMED + [
                {**a, "mode": "buy"} for a in acts if "mode" in a] + [
                {**a, "pay": 3} for a in acts] + [{**a, "tile": "red"} for a in acts]
            before, log = g.snapshot(), list(g.log or [])
            for bad in tries:
                if bad in acts:
                    continue
                with pytest.raises(HadaraError):
                    g.apply(seat, bad, g.decision_id(seat))
                refusals += 1
            assert g.snapshot() == before and g.log == log
            g.apply(seat, acts[rng.below(len(acts))], g.decision_id(seat))
    assert refusals > 1000


def test_refused_buy_leaves_the_game_unchanged(cat):
    """Errors: a refused Phase-A buy changes nothing (coins, hands, commits, decision ids)."""
    g = new_game(2)
    run(g, at(DRAFT, epoch=1))
    force(g, 0, coins=0)
    before = g.snapshot()
    card = max(g.hands[0], key=lambda c: g.catalog.cards[c].cost)
    with pytest.raises(CannotAfford):
        g.apply(0, {"type": "draft", "card": card, "mode": "buy"}, g.decision_id(0))
    assert g.snapshot() == before


def test_booleans_are_not_seats_or_numbers(cat):
    """True == 1 in Python; the engine must not take it as seat 1 or statue space 1."""
    game = new_game(3)
    run(game, at(DRAFT))
    with pytest.raises(NotYourDecision):
        game.apply(True, {"type": "draft", "card": game.hands[1][0], "mode": "sell"})
    run(game, at("statue"))
    seat = game.waiting_on()[0]
    force(game, seat, tracks=[0, 0, 99, 0])
    before = game.snapshot()
    with pytest.raises(MalformedAction, match="whole number") as err:
        game.apply(seat, {"type": "statue", "space": True, "tile": "red", "side": "points"})
    assert (err.value.reason, err.value.params["field"]) == ("malformed_field", "space")
    assert game.snapshot() == before
    game.apply(seat, {"type": "statue", "space": 1, "tile": "red", "side": "points"})


def test_refused_integrate_names_the_integrate_not_a_plunder(cat):
    """E2: the refusal words the action that was asked for."""
    game = new_game(3)
    run(game, at("colony"))
    seat = game.waiting_on()[0]
    force(game, seat, tracks=[0, 0, 0, 0])
    level = cat.rules.colony_levels[-1]
    with pytest.raises(IllegalAction) as err:
        game.apply(seat, {"type": "colony", "level": level, "mode": "integrate"})
    assert err.value.message.startswith(f"Integrate colony {level}")
    assert f"needs military {level}" in err.value.message
