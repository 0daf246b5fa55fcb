"""Words from codes: every unavailable option, label, refusal and event is a stable code with
parameters, and its English is exactly narrate's wording of them (so a front end in another
language can word the same codes without parsing English)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from hadara import narrate
from hadara.content import Catalog
from hadara.engine import Action, Game
from hadara.errors import CannotAfford, HadaraError, IllegalAction
from hadara.options import explain_illegal, label_parts, options, unavailable
from hadara.rng import Rng
from hadara.state import COLONY, DRAFT, FEEDING, MEDALS, PHASE_B, STATUE
from tests.support.stacking import at, card, cards, force, new_game, played_events, run

INCOME, MILITARY, CULTURE, FOOD = 0, 1, 2, 3
LABEL_CODES = {"buy", "sell", "wheel", "setup_side", "plunder", "integrate", "colony_skip",
               "statue", "statue_skip", "feed_remove", "feed_pay", "medal", "medals_done"}


def plain(colour: str, k: int) -> list[str]:
    return [c.id for c in cards(colour=colour, where=lambda c: c.effect is None)][:k]


def step_game(step: str, phase: str = "A") -> tuple[Game, int]:
    g = new_game(2)
    run(g, at(step, epoch=1, phase=phase))
    return g, g.waiting_on()[0]


def feeding_with(tableau: list[str], food: int, coins: int) -> Game:
    """Seat 0 enters feeding with this tableau, food and coins; seat 1 is fed."""
    g = new_game(2)
    run(g, at(STATUE, epoch=1, phase="B"))
    force(g, 0, tableau=tableau, tracks=[0, 0, 0, food], coins=coins)
    force(g, 1, tableau=[], tracks=[0, 0, 0, 0], coins=0)
    run(g, lambda g: g.step != STATUE)
    assert g.step == FEEDING
    return g


def check_option(g: Game, seat: int, o: dict[str, Any]) -> None:
    """One unavailable option: codes and params, English = narrate's, refusal consistent."""
    cat = g.catalog
    assert o["legal"] is False and o["code"] in ("illegal", "cannot_afford")
    assert o["why"] in narrate.OPTION_REASONS and isinstance(o["params"], dict)
    assert o["reason"] == narrate.reason(o["why"], o["params"], cat)
    assert o["reason"] != o["why"].replace("_", " ")  # a real wording, not the fallback
    parts = {"code": o["label_code"], **o["label_params"]}
    assert parts == label_parts(g, seat, o["action"])
    assert o["label"] == narrate.label(parts, cat)
    err = explain_illegal(g, seat, o["action"], g.legal_actions(seat))
    assert err.reason == o["why"] and err.code == o["code"]
    assert err.params == {**o["params"], "label": parts}
    assert err.message == narrate.refusal(err.reason, err.params, cat)
    assert err.message == f"{o['label']}: {o['reason']}."
    json.dumps(o) and json.dumps(err.to_dict())


def all_options(g: Game, seat: int) -> list[dict[str, Any]]:
    out = unavailable(g, seat)
    for o in out:
        check_option(g, seat, o)
    return out


def whys(opts: list[dict[str, Any]]) -> set[str]:
    return {o["why"] for o in opts}


def test_every_unavailable_reason_is_a_code_with_params_worded_by_narrate(cat: Catalog) -> None:
    """Options: each unavailable reason (card_cost, already_hold_level, no_colony_left,
    needs_military, needs_culture, requirement_payment, integrate_cost, no_bonus_tile,
    p6_max_payments, p6_cost, max_medals, medal_cost) carries ``why`` and ``params``; its
    English is narrate.reason of them, and explain_illegal refuses the action with the same
    reason, params and message."""
    seen: set[str] = set()
    levels = cat.rules.colony_levels
    per = cat.rules.eff("P15", "coins_per_point")
    p14, p15 = card(effect="P14").id, card(effect="P15").id

    g, seat = step_game(DRAFT)
    force(g, seat, coins=0)
    opts = all_options(g, seat)
    assert whys(opts) == {"card_cost"}
    o = opts[0]
    assert o["params"] == {"card": o["action"]["card"], "cost": o["params"]["cost"], "have": 0}
    seen |= whys(opts)

    g, seat = step_game(COLONY)
    force(g, seat, tracks=[0, 0, 0, 0], coins=0)
    held = g.colony_stacks[0][0]
    g.colonies[seat] = [[held, False]]
    g.colony_stacks[1] = []
    opts = all_options(g, seat)
    by_level = {o["action"]["level"]: o for o in opts}
    assert by_level[levels[0]]["why"] == "already_hold_level"
    assert by_level[levels[0]]["params"] == {"level": levels[0]}
    assert by_level[levels[1]]["why"] == "no_colony_left"
    assert by_level[levels[2]]["why"] == "needs_military"
    assert by_level[levels[2]]["params"] == {"level": levels[2], "have": 0, "reduction": 0}
    assert by_level[levels[2]]["reason"] == f"needs military {levels[2]}, you have 0"
    seen |= whys(opts)

    g, seat = step_game(COLONY)
    force(g, seat, tableau=[p14], tracks=[0, 0, 0, 0], coins=0)
    reduction = cat.rules.eff("P14", "reduction")
    o = next(o for o in all_options(g, seat) if o["why"] == "needs_military")
    assert o["params"]["reduction"] == reduction
    assert "from P14" in o["reason"] and str(reduction) in o["reason"]

    g, seat = step_game(COLONY)
    force(g, seat, tableau=[p15], tracks=[0, levels[1] - 1, 0, 0], coins=0)
    opts = all_options(g, seat)
    o = next(o for o in opts if o["action"]["level"] == levels[1])
    assert o["why"] == "requirement_payment" and o["params"] == {"pay": per, "have": 0}
    assert o["code"] == "cannot_afford"
    seen |= whys(opts)

    g, seat = step_game(COLONY)
    force(g, seat, tracks=[0, 99, 0, 0], coins=0)
    opts = all_options(g, seat)
    assert opts and whys(opts) == {"integrate_cost"}
    assert all(o["action"]["mode"] == "integrate" for o in opts)
    seen |= whys(opts)

    g, seat = step_game(STATUE)
    force(g, seat, tiles=[0, 0, 0, 0])
    opts = all_options(g, seat)
    assert whys(opts) == {"no_bonus_tile"} and opts[0]["params"] == {}
    force(g, seat, tiles=[1, 0, 0, 0], tracks=[0, 0, 0, 0])
    opts += all_options(g, seat)
    assert "needs_culture" in whys(opts)
    force(g, seat, tableau=[p15], tracks=[0, 0, cat.statues[0].requirement - 1, 0], coins=0)
    opts += all_options(g, seat)
    assert "requirement_payment" in whys(opts)
    seen |= whys(opts)

    p6 = card(effect="P6")
    most = cat.rules.eff("P6", "max_cards")
    g = feeding_with([p6.id, *plain("red", most + 2)], food=p6.gains[FOOD], coins=per * 100)
    for _ in range(most):
        g.apply(0, {"type": "feed_pay"})
    opts = all_options(g, 0)
    assert whys(opts) == {"p6_max_payments"} and opts[0]["params"] == {"max": most}
    seen |= whys(opts)
    g = feeding_with([p6.id, *plain("red", 3)], food=p6.gains[FOOD], coins=0)
    opts = all_options(g, 0)
    assert whys(opts) == {"p6_cost"}
    seen |= whys(opts)

    g, seat = step_game(MEDALS, phase="B")
    force(g, seat, coins=0, tiles=[1, 1, 0, 0])
    opts = all_options(g, seat)
    assert whys(opts) == {"medal_cost"} and {o["params"]["kind"] for o in opts} == {
        "silver", "gold"}
    seen |= whys(opts)
    g.silver[seat] = ["red"] * cat.rules.max_silver
    g.gold[seat] = cat.rules.max_gold
    opts = all_options(g, seat)
    assert whys(opts) == {"max_medals"}
    seen |= whys(opts)
    g.silver[seat], g.gold[seat] = [], 0
    force(g, seat, coins=999, tiles=[0, 0, 0, 0])
    opts = all_options(g, seat)
    assert whys(opts) == {"no_bonus_tile"}
    seen |= whys(opts)

    assert seen == set(narrate.OPTION_REASONS)


def refusal(g: Game, seat: int, a: Action, why: str, params: dict[str, Any]) -> HadaraError:
    """explain_illegal's refusal of ``a``: this reason and params, narrate's English."""
    assert a not in g.legal_actions(seat)
    err = explain_illegal(g, seat, a, g.legal_actions(seat))
    assert isinstance(err, IllegalAction) and not isinstance(err, CannotAfford)
    assert (err.reason, err.params) == (why, params)
    assert err.message == narrate.refusal(why, params, g.catalog)
    assert err.message.endswith(".") and not err.message[0].islower()
    assert err.message.rstrip(".").lower() != why.replace("_", " ")  # not the fallback
    json.dumps(err.to_dict())
    return err


def test_every_explain_illegal_branch_carries_a_reason_and_params(cat: Catalog) -> None:
    """Refusals: wrong_step, no_such_card, not_in_hand, not_on_top, not_in_tableau,
    choose_buy_or_sell, p2_tile, wrong_payment, space_taken, tile_not_held, no_p6 and
    not_legal each come with their parameters, worded by narrate.refusal."""
    per = cat.rules.eff("P15", "coins_per_point")
    levels = cat.rules.colony_levels
    g, seat = step_game(DRAFT)
    err = refusal(g, seat, {"type": "colony_skip"}, "wrong_step",
                  {"type": "colony_skip", "step": DRAFT})
    assert err.message == "'colony_skip' is not a choice during the Phase-A draft."
    err = refusal(g, seat, {"type": "draft", "card": "nope", "mode": "buy"}, "no_such_card",
                  {"card": "nope"})
    assert err.message == "There is no card 'nope'."
    other = next(c for c in cat.cards if c not in g.hands[seat])
    err = refusal(g, seat, {"type": "draft", "card": other, "mode": "sell"}, "not_in_hand",
                  {"card": other})
    assert err.message == f"{cat.cards[other].name} is not in your hand."
    refusal(g, seat, {"type": "draft", "card": g.hands[seat][0], "mode": "steal"},
            "choose_buy_or_sell", {})
    plain_card = next(c for c in g.hands[seat] if cat.cards[c].effect_id != "P2")
    force(g, seat, coins=99)
    refusal(g, seat, {"type": "draft", "card": plain_card, "mode": "buy", "tile": "red"},
            "not_legal", {})

    g, seat = step_game(PHASE_B, phase="B")
    p2 = card(effect="P2", epoch=1)
    force(g, seat, coins=50, tiles=[1, 0, 2, 0])
    g.discards[0].append(p2.id)
    err = refusal(g, seat, {"type": "take", "card": p2.id, "mode": "buy"}, "p2_tile",
                  {"card": p2.id, "tiles": ["yellow", "blue"]})
    assert "bonus tile" in err.message
    force(g, seat, tiles=[0, 0, 0, 0])
    err = refusal(g, seat, {"type": "take", "card": p2.id, "mode": "buy", "tile": "red"},
                  "p2_tile", {"card": p2.id, "tiles": []})
    assert "bonus tile" in err.message
    under = g.discards[0][-2]
    refusal(g, seat, {"type": "take", "card": under, "mode": "sell"}, "not_on_top",
            {"card": under})

    g, seat = step_game(COLONY)
    force(g, seat, tracks=[0, 99, 0, 0], coins=99)
    refusal(g, seat, {"type": "colony", "level": levels[0], "mode": "plunder", "pay": per},
            "wrong_payment", {"expected": 0, "per_point": per})
    force(g, seat, tableau=[card(effect="P15").id], tracks=[0, levels[1] - 2, 0, 0])
    err = refusal(g, seat, {"type": "colony", "level": levels[1], "mode": "plunder",
                            "pay": per}, "wrong_payment",
                  {"expected": 2 * per, "per_point": per})
    assert f"{2 * per} coins" in err.message

    g, seat = step_game(STATUE)
    force(g, seat, tracks=[0, 0, 99, 0], tiles=[1, 0, 0, 0])
    g.statues[seat][0] = ["yellow", "points"]
    refusal(g, seat, {"type": "statue", "space": 1, "tile": "yellow", "side": "points"},
            "space_taken", {"space": 1})
    refusal(g, seat, {"type": "statue", "space": 2, "tile": "red", "side": "colour"},
            "tile_not_held", {"tile": "red"})

    g, seat = step_game(MEDALS, phase="B")
    force(g, seat, coins=999, tiles=[1, 0, 0, 0])
    refusal(g, seat, {"type": "medal", "kind": "silver", "tile": "green"}, "tile_not_held",
            {"tile": "green"})

    g = feeding_with(plain("red", 3), food=0, coins=99)
    refusal(g, 0, {"type": "feed_pay"}, "no_p6", {})
    gone = next(c for c in cat.cards if c not in g.tableau[0])
    refusal(g, 0, {"type": "feed_remove", "card": gone}, "not_in_tableau", {"card": gone})

    # through the engine: the raised error is explain_illegal's
    g, seat = step_game(DRAFT)
    with pytest.raises(IllegalAction) as raised:
        g.apply(seat, {"type": "colony_skip"})
    assert (raised.value.reason, raised.value.params) == (
        "wrong_step", {"type": "colony_skip", "step": DRAFT})


def test_every_reason_code_has_a_wording() -> None:
    """narrate: every reason of the vocabulary has its own English (no fallback), and the
    vocabulary has no duplicates."""
    assert len(set(narrate.REASONS)) == len(narrate.REASONS)
    sample = {"card": "x", "cost": 1, "have": 0, "level": 3, "pay": 3, "max": 2,
              "kind": "gold", "type": "draft", "step": DRAFT, "tiles": [], "expected": 3,
              "per_point": 3, "space": 1, "tile": "red", "reduction": 0}
    for why in narrate.REASONS:
        assert narrate.reason(why, sample) != why.replace("_", " "), why


def test_options_carry_label_codes_and_params(cat: Catalog) -> None:
    """Options: every entry (legal or not) has label_code and label_params, and its label is
    narrate.label of them, through a whole random game of each variant."""
    for seed, variant in ((3, "basic"), (4, "advanced")):
        g = Game.new(["a", "b", "c"], variant, seed)
        rng = Rng(seed)
        while not g.is_over:
            seat = g.waiting_on()[rng.below(len(g.waiting_on()))]
            opts = options(g, seat)
            legal = [o["action"] for o in opts if o["legal"]]
            assert legal == g.legal_actions(seat)
            for o in opts:
                assert o["label_code"] in LABEL_CODES
                parts = {"code": o["label_code"], **o["label_params"]}
                assert o["label"] == narrate.label(parts, cat)
                json.dumps(o)
            g.apply(seat, legal[rng.below(len(legal))])


CODE = re.compile(r"^[A-Za-z0-9_.\-]*$")


def _strings(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for k, v in data.items() for s in _strings(k) + _strings(v)]
    if isinstance(data, list | tuple):
        return [s for v in data for s in _strings(v)]
    return []


def test_events_are_codes_and_every_kind_has_a_line_or_none_by_decision(cat: Catalog) -> None:
    """Events: every event the engine emits holds codes and numbers only (no English), and
    narrate.describe words every kind, except the NO_LINE kinds (progress of simultaneous
    steps, end of epoch), which deliberately get no line; private kinds are worded as
    "you"."""
    kinds: set[str] = set()
    for players, e, private in played_events():
        k = e["kind"]
        kinds.add(k)
        assert (k in narrate.PRIVATE) == private, k
        data = {key: v for key, v in e.items() if key != "players"}
        assert all(CODE.match(s) for s in _strings(data)), e
        lines = narrate.describe(e, players, cat)
        if k in narrate.NO_LINE:
            assert lines == [], k
        else:
            assert any(line.strip() for line in lines), k
    for k in ("colony_skipped", "statue_skipped", "fed", "medals_finished", "epoch_ended",
              "sold_privately", "drew", "feeding_started", "medals_started"):
        assert k in kinds


def test_narrate_knows_every_event_kind_of_the_engine() -> None:
    """Events: every kind listed in hadara.types.EVENT_KINDS is emitted by the games above
    (so worded by narrate or in NO_LINE), and narrate's private kinds are exactly the
    engine's private ones."""
    types = pytest.importorskip("hadara.types")
    kinds: dict[str, tuple[type, bool]] = types.EVENT_KINDS
    assert {k for k, (_, private) in kinds.items() if private} == narrate.PRIVATE
    assert set(kinds) >= narrate.NO_LINE
    assert {e["kind"] for _, e, _ in played_events()} == set(kinds)
