"""The feeding panel (F1 with P6) in ONE interaction (issue 23, item 1): one select holding
every card that may go, in the order of the picture (the view's ``cards``, by colour), each
named with what removing it loses, then one value per P6 payment the seat can make; the player
picks the whole feeding at once (at least as many as must go). Its values name options of the
decision, so the service stores them as one batch (tests/bot/service/test_feeding_batch.py)."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.play import panels as P
from hadara import driver
from hadara.engine import Game
from hadara.options import options
from hadara.rng import Rng
from hadara.views import view
from tests.cogs.test_panels import GAME_ID, GAMES, check_decision, positions

#: seed 1, three players, basic, random play: after 72 actions seat 1 feeds 10 cards with 8
#: food and can pay with P6 (tests/bot/service/test_feeding_batch.py uses the same game).
SEAT = 1


def p6_game() -> Game:
    game = Game.new([f"P{i}" for i in range(3)], variant="basic", seed=1)
    rng = Rng(1)
    for _ in range(72):
        d = driver.step(game)[0]
        game.apply(d.seat, d.actions[rng.below(len(d.actions))], d.id)
    driver.step(game)
    return game


def feeding_panel(game: Game, seat: int) -> tuple[P.Panel, P.Select, list[dict[str, Any]]]:
    opts = options(game, seat)
    panel = P.build_panel(GAME_ID, seat, view(game, seat), opts, hints=True,
                          card_name=P.card_namer(game.catalog))
    selects = [c for c in panel.components() if isinstance(c, P.Select)]
    assert len(selects) == 1, panel.rows
    return panel, selects[0], opts


def check_feeding(game: Game, seat: int) -> P.Select:
    """The feeding panel's one select, checked against the view and the options."""
    panel, select, opts = feeding_panel(game, seat)
    ctx = view(game, seat)["private"]["context"]
    assert P.limit_problems(panel) == []
    pid = P.parse_custom_id(select.custom_id)
    assert pid is not None and P.is_batch(pid) and pid.decision == game.decision_id(seat)
    # nothing else to click but Hint: no wall of buttons, no separate P6 button
    buttons = [c for c in panel.components() if isinstance(c, P.Button)]
    assert [P.parse_custom_id(b.custom_id).kind for b in buttons] == ["h"]  # type: ignore[union-attr]
    picked = [P.parse_value(o.value) for o in select.options]
    assert all(v is not None and v.index is not None for v in picked)
    actions = [opts[v.index]["action"] for v in picked]  # type: ignore[union-attr,index]
    cards = [a["card"] for a in actions if a["type"] == "feed_remove"]
    # the picture's order (the view's cards, by colour), every card that may go, once
    assert cards == [c["card"] for c in ctx["cards"] if c["removable"] and not c["removed"]]
    assert actions[:len(cards)] == [{"type": "feed_remove", "card": c} for c in cards]
    for option, card in zip(select.options, cards, strict=False):
        assert P.card_namer(game.catalog)(card) in option.label
    pays = actions[len(cards):]
    assert all(a == {"type": "feed_pay"} for a in pays)
    assert bool(pays) == bool(ctx["p6"]["can_pay"])
    assert select.min_values == min(ctx["must_remove"], len(select.options))
    assert select.max_values >= select.min_values
    return select


@pytest.mark.parametrize(("seed", "players", "variant"), GAMES)
def test_every_feeding_of_random_games_is_one_select(seed: int, players: int,
                                                     variant: str) -> None:
    seen = 0
    for game, d in positions(seed, players, variant):
        if d.kind == "feeding":
            check_feeding(game, d.seat)
            check_decision(game, d)  # every legal action still reachable
            seen += 1
    assert seen


def test_p6_payments_are_values_of_the_same_select() -> None:
    """Pay k with P6 and remove the rest, in one submit: a value per payment the seat can
    make (at most as many as it could need), each naming the decision's feed_pay option."""
    game = p6_game()
    select = check_feeding(game, SEAT)
    ctx = view(game, SEAT)["private"]["context"]
    assert ctx["must_remove"] == 2 and ctx["p6"]["can_pay"]
    pays = [o for o in select.options if "Pay" in o.label]
    food = sum(c["gains"].get("food", 0) for c in ctx["cards"] if c["removable"])
    assert 1 <= len(pays) <= min(ctx["p6"]["payments_left"], ctx["must_remove"] + food)
    assert len({o.value for o in select.options}) == len(select.options)
    assert [o.label for o in pays][:2] == [f"{pays[0].label[:-5]} (#1)",
                                          f"{pays[0].label[:-5]} (#2)"]
    # every card says what removing it loses
    described = [o for o in select.options if o not in pays]
    assert described and all(o.description and o.description.startswith("Loses")
                             for o in described if "Quartermaster" in o.label)
    assert select.min_values == 2 and select.max_values == min(len(select.options), 2 + food)


def test_batch_values_parse_back() -> None:
    action = {"type": "feed_pay"}
    value = P.option_value(7, action, 3)
    parsed = P.parse_value(value)
    assert parsed is not None and parsed.index == 7 and parsed.check == P.option_value(
        7, action).split(".")[1]
    bid = P.batch_id(GAME_ID, 2, "d12.2.1")
    pid = P.parse_custom_id(bid)
    assert pid is not None and P.is_batch(pid) and pid.seat == 2 and pid.decision == "d12.2.1"
    assert not P.is_batch(P.parse_custom_id(P.select_id(GAME_ID, 2, "d1", ("x",), 0)))  # type: ignore[arg-type]


def test_after_a_partial_feeding_the_select_holds_what_is_left() -> None:
    """A removal recorded before (an older panel's click, the AI for a seat taken over):
    the select offers the cards left and asks for what must still go."""
    game = p6_game()
    did = game.decision_id(SEAT)
    game.apply(SEAT, {"type": "feed_remove", "card": "I-Y04"}, did)
    select = check_feeding(game, SEAT)
    assert select.min_values == 1
    name = P.card_namer(game.catalog)("I-Y04")
    assert not any(name in o.label for o in select.options)
