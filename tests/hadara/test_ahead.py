"""Acting ahead of your turn (hadara/ahead.py): queued Phase-B takes, colony and statue
choices apply when the seat's turn comes only if still legal at the price the player saw."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hadara import ahead
from hadara.ahead import ColonyPlan, PhaseBPlan, PlanError, StatuePlan
from hadara.engine import Game
from hadara.state import COLONY, DRAFT, PHASE_B, STATUE
from hadara.views import view
from tests.support.stacking import at, card, force, new_game, run

MILITARY, CULTURE = 1, 2


def phase_b_game(**kw: Any) -> Game:
    g = new_game(3, **kw)
    run(g, at(PHASE_B))
    assert g.order == [0, 1, 2] and g.waiting_on() == [0]
    return g


def tops(g: Game) -> list[str]:
    return [p[-1] for p in g.discards if p]


def price(g: Game, seat: int, cid: str) -> dict[str, int]:
    prices: dict[str, dict[str, int]] = view(g, seat)["private"]["prices"]
    return prices[cid]


def take(g: Game, seat: int, cid: str, mode: str = "sell") -> None:
    g.apply(seat, {"type": "take", "card": cid, "mode": mode}, g.decision_id(seat))


def red_card(epoch: int = 2) -> str:
    return card(colour="red", epoch=epoch).id


# ------------------------------------------------------------------------------ Phase B


def test_phase_b_buys_first_card_still_on_top_and_skips_taken_ones() -> None:
    g = phase_b_game()
    first, second = tops(g)[0], tops(g)[1]
    plan = ahead.queue_phase_b(g, 1, [first, second], "buy_else_sell")
    assert plan.max_price == {first: price(g, 1, first)["buy"],
                              second: price(g, 1, second)["buy"]}
    assert ahead.resolve(g, 1, plan) is None  # not seat 1's turn yet
    take(g, 0, first)  # seat 0 takes the card seat 1 liked best
    assert first not in tops(g)
    action = ahead.resolve(g, 1, plan)
    assert action == {"type": "take", "card": second, "mode": "buy"}
    assert action in g.legal_actions(1)
    coins = g.coins[1]
    g.apply(1, action, g.decision_id(1))
    assert g.coins[1] == coins - plan.max_price[second]


def test_phase_b_none_when_no_listed_card_is_on_top() -> None:
    g = phase_b_game()
    first = tops(g)[0]
    plan = ahead.queue_phase_b(g, 1, [first])
    take(g, 0, first)
    assert first not in tops(g)
    assert ahead.resolve(g, 1, plan) is None
    # a card never on top is skipped like a taken one
    other = tops(g)[0]
    plan2 = PhaseBPlan(cards=("NOT-A-CARD", other), max_price={"NOT-A-CARD": 9, other: 9})
    assert ahead.resolve(g, 1, plan2) == {"type": "take", "card": other, "mode": "buy"}


def test_phase_b_falls_back_to_sell_by_mode_when_unaffordable() -> None:
    g = phase_b_game()
    cid = tops(g)[0]
    plans = {m: ahead.queue_phase_b(g, 1, [cid], m)
             for m in ("buy_else_sell", "buy_only", "sell")}
    take(g, 0, tops(g)[1])
    force(g, 1, coins=0)  # same price, no longer affordable
    assert price(g, 1, cid)["buy"] > 0
    assert ahead.resolve(g, 1, plans["buy_else_sell"]) == {"type": "take", "card": cid,
                                                           "mode": "sell"}
    assert ahead.resolve(g, 1, plans["buy_only"]) is None
    assert ahead.resolve(g, 1, plans["sell"]) == {"type": "take", "card": cid, "mode": "sell"}
    # a sale worth less than the player saw is not applied
    low = PhaseBPlan(cards=(cid,), mode="sell", min_sell={cid: price(g, 1, cid)["sell"] + 1})
    assert ahead.resolve(g, 1, low) is None


def test_phase_b_refused_when_price_rose_applied_when_cheaper() -> None:
    g = phase_b_game()
    cid = next(c for c in tops(g) if g.catalog.cards[c].colour == "red")
    # queued while seat 1 held a red card (discount 1), then the card is gone: price rose
    force(g, 1, tableau=[red_card()])
    rose = ahead.queue_phase_b(g, 1, [cid])
    force(g, 1, tableau=[])
    cheaper = ahead.queue_phase_b(g, 1, [cid])
    assert rose.max_price[cid] == cheaper.max_price[cid] - 1
    take(g, 0, next(c for c in tops(g) if c != cid))
    assert ahead.resolve(g, 1, rose) is None
    for mode in ("buy_only", "buy_else_sell"):  # refused, not sold instead
        assert ahead.resolve(g, 1, PhaseBPlan((cid,), mode, dict(rose.max_price))) is None
    assert ahead.resolve(g, 1, cheaper) == {"type": "take", "card": cid, "mode": "buy"}
    force(g, 1, tableau=[red_card()])  # now cheaper than when queued: still applied
    assert price(g, 1, cid)["buy"] < cheaper.max_price[cid]
    assert ahead.resolve(g, 1, cheaper) == {"type": "take", "card": cid, "mode": "buy"}


def test_phase_b_p2_buy_names_the_queued_tile() -> None:
    p2 = card(effect="P2", epoch=1, advanced=False)
    assert p2.colour == "purple"
    other = card(colour="purple", epoch=1, advanced=False, where=lambda c: c.id != p2.id)
    # seat 0 draws purple (deck 4) in round 4 and discards the P2 card: it ends on top
    g = phase_b_game(hands={(1, 4, 0): (other.id, p2.id)})
    assert p2.id in tops(g)
    opts = ahead.plan_options(g, 1)["phase_b"]
    entry = next(c for c in opts["cards"] if c["card"] == p2.id)
    assert entry["tiles"] and "red" in entry["tiles"]
    with_tile = ahead.queue_phase_b(g, 1, [p2.id], tile="red")
    without = ahead.queue_phase_b(g, 1, [p2.id])
    take(g, 0, next(c for c in tops(g) if c != p2.id))
    assert ahead.resolve(g, 1, with_tile) == {"type": "take", "card": p2.id, "mode": "buy",
                                              "tile": "red"}
    assert ahead.resolve(g, 1, without) is None  # the buy needs a tile: ask
    force(g, 1, tiles=[0, 0, 0, 0])  # no tile left: the buy names none
    assert ahead.resolve(g, 1, without) == {"type": "take", "card": p2.id, "mode": "buy"}


# ------------------------------------------------------------------------------ colony and statue


def colony_game(**kw: Any) -> Game:
    g = new_game(3, **kw)
    run(g, at(COLONY, epoch=1, phase="A"))
    assert g.order == [0, 1, 2] and g.waiting_on() == [0]
    for s in range(3):
        force(g, s, tracks=[2, 3, 2, 3])  # military 3: level 3 reachable, no statue
    return g


def test_colony_plan_applies_when_still_legal_same_payment() -> None:
    g = colony_game(colonies={3: ["C03-1", "C03-4"]})
    plan = ahead.queue_colony(g, 1, 3, "plunder")
    assert (plan.pay, plan.front) == (0, {"plunder": 4, "cost": 1, "points": 1})
    assert plan.epoch == 1 and plan.phase == "A"
    skip = ahead.queue_colony(g, 1, None)
    with pytest.raises(PlanError, match="needs_military"):
        ahead.queue_colony(g, 1, 9, "plunder")  # only what is legal now may be queued
    with pytest.raises(PlanError, match="needs_culture"):
        ahead.queue_statue(g, 1, 1, "red", "points")
    g.apply(0, {"type": "colony_skip"}, g.decision_id(0))
    action = ahead.resolve(g, 1, plan)
    assert action == {"type": "colony", "level": 3, "mode": "plunder"}
    assert ahead.resolve(g, 1, skip) == {"type": "colony_skip"}
    g.apply(1, action, g.decision_id(1))


def test_colony_plan_refused_when_the_tile_seen_was_taken() -> None:
    g = colony_game(colonies={3: ["C03-1", "C03-4"]})
    plan = ahead.queue_colony(g, 1, 3, "plunder")
    g.apply(0, {"type": "colony", "level": 3, "mode": "plunder"}, g.decision_id(0))
    assert ahead.resolve(g, 1, plan) is None  # C03-4 (plunder 5) is on top now
    blind = ColonyPlan(3, "plunder")  # no front recorded: any tile of the level
    assert ahead.resolve(g, 1, blind) == {"type": "colony", "level": 3, "mode": "plunder"}


def test_colony_plan_needs_the_same_payment() -> None:
    g = colony_game()
    p15 = card(effect="P15", epoch=1).id
    force(g, 1, tableau=[p15], tracks=[2, 8, 2, 3], coins=30)  # level 9: gap 1, P15 pays it
    plan = ahead.queue_colony(g, 1, 9, "plunder")
    assert plan.pay > 0
    g.apply(0, {"type": "colony_skip"}, g.decision_id(0))
    assert ahead.resolve(g, 1, plan) == {"type": "colony", "level": 9, "mode": "plunder",
                                         "pay": plan.pay}
    force(g, 1, tracks=[2, 7, 2, 3])  # a larger payment now
    assert ahead.resolve(g, 1, plan) is None
    force(g, 1, tracks=[2, 9, 2, 3])  # no payment needed now: changed too, ask
    assert ahead.resolve(g, 1, plan) is None
    force(g, 1, tracks=[2, 5, 2, 3])  # out of reach
    assert ahead.resolve(g, 1, plan) is None


def test_statue_plan_queued_during_colony_step_applies_at_same_payment() -> None:
    g = colony_game()
    p15 = card(effect="P15", epoch=1).id
    force(g, 1, tableau=[p15], tracks=[2, 3, 5, 3], coins=30)  # space 1 needs culture 6
    opts = ahead.plan_options(g, 1)
    assert opts[COLONY] is not None and opts[STATUE] is not None
    space1 = next(s for s in opts[STATUE]["spaces"] if s["space"] == 1)
    plan = ahead.queue_statue(g, 1, 1, "red", "points")
    assert plan.pay == space1["pay"] > 0
    skip = ahead.queue_statue(g, 1, None)
    # the colony step goes round (everyone skips), then seat 0's statue decision is forced
    run(g, lambda x: x.step == STATUE and x.waiting_on() == [1])
    want = {"type": "statue", "space": 1, "tile": "red", "side": "points", "pay": plan.pay}
    assert ahead.resolve(g, 1, plan) == want
    assert ahead.resolve(g, 1, skip) == {"type": "statue_skip"}
    assert ahead.resolve(g, 1, StatuePlan(1, "red", "points", pay=0)) is None
    force(g, 1, tracks=[2, 3, 6, 3])  # no payment now: not the payment seen
    assert ahead.resolve(g, 1, plan) is None
    force(g, 1, tracks=[2, 3, 5, 3], tiles=[2, 0, 2, 2])  # the red tile is gone
    assert ahead.resolve(g, 1, plan) is None
    force(g, 1, tiles=[2, 2, 2, 2])
    g.apply(1, ahead.resolve(g, 1, plan) or {}, g.decision_id(1))
    assert g.statues[1][0] == ["red", "points"]


def test_plans_of_another_kind_or_time_resolve_to_none() -> None:
    g = phase_b_game()
    cid = tops(g)[0]
    pb = ahead.queue_phase_b(g, 0, [cid])
    assert ahead.resolve(g, 0, ColonyPlan(None, None)) is None
    assert ahead.resolve(g, 0, StatuePlan(None, None, None)) is None
    assert ahead.resolve(g, 0, PhaseBPlan((cid,), max_price={cid: 9}, epoch=2)) is None
    assert ahead.resolve(g, 0, pb) is not None
    c = colony_game()
    assert ahead.resolve(c, 0, pb) is None
    assert ahead.resolve(c, 0, ColonyPlan(None, None, phase="B")) is None
    assert ahead.resolve(c, 0, ColonyPlan(None, None, epoch=1, phase="A")) == {
        "type": "colony_skip"}


def test_expired_and_what_may_be_queued() -> None:
    g = colony_game()
    colony = ahead.queue_colony(g, 2, None)
    statue = ahead.queue_statue(g, 2, None)
    assert ahead.plan_options(g, 2)[PHASE_B] is None
    assert ahead.plan_options(g, 2)[COLONY]["turns_before"] == 2
    g.apply(0, {"type": "colony_skip"}, g.decision_id(0))
    assert ahead.plan_options(g, 0)[COLONY] is None  # its colony turn is over
    with pytest.raises(PlanError):
        ahead.queue_colony(g, 0, None)
    assert ahead.queueable(g, 0) == [STATUE]  # the colony step is followed by the statue step
    assert ahead.queueable(g, 2) == [COLONY, STATUE]
    run(g, at(STATUE))
    assert ahead.expired(g, colony) and not ahead.expired(g, statue)
    opts = ahead.plan_options(g, 2)
    assert opts[COLONY] is None
    # Phase A's statue step is followed by Phase B: its first take may be queued already
    assert ahead.queueable(g, 2) == [STATUE, PHASE_B]
    assert opts[STATUE]["turns_before"] == 2 and opts[PHASE_B]["turns_before"] == 3 + 2
    early = ahead.queue_phase_b(g, 2, [c["card"] for c in opts[PHASE_B]["cards"]])
    run(g, at(PHASE_B))
    assert ahead.expired(g, statue) and not ahead.expired(g, early)
    assert ahead.queueable(g, 1) == [PHASE_B, COLONY]  # and the colony choice after it
    pb = ahead.queue_phase_b(g, 1, [tops(g)[0]])
    assert not ahead.expired(g, pb)
    take(g, 0, tops(g)[0])
    take(g, 1, tops(g)[0])
    action = ahead.resolve(g, 2, early)  # the first listed card still on top, bought
    first = next(c for c in early.cards if c in tops(g))
    assert action == {"type": "take", "card": first, "mode": "buy"}
    assert not ahead.expired(g, ahead.queue_colony(g, 2, None))
    with pytest.raises(PlanError, match="not on top"):
        ahead.queue_phase_b(g, 1, ["I-X99"])


# ------------------------------------------------------------------------------ JSON


def test_json_round_trip() -> None:
    plans: list[ahead.Plan] = [
        PhaseBPlan(("I-R03", "I-B01"), "buy_else_sell", {"I-R03": 3, "I-B01": 0},
                   {"I-R03": 2}, "red", 1),
        PhaseBPlan(["I-R03"], "sell"),
        ColonyPlan(9, "integrate", 3, {"plunder": 7, "cost": 2, "points": 2}, 2, "B"),
        ColonyPlan(None, None),
        StatuePlan(2, "blue", "colour", 0, 3, "A"),
        StatuePlan(None, None, None),
    ]
    for plan in plans:
        text = json.dumps(plan.to_dict())
        back = ahead.plan_from_dict(json.loads(text))
        assert back == plan and type(back) is type(plan)
        assert back.to_dict() == plan.to_dict()
    assert PhaseBPlan.from_dict({"kind": "phase_b", "cards": ["a"], "mode": "sell"}).cards == (
        "a",)


@pytest.mark.parametrize(("data", "field"), [
    ([], ""),
    ({"kind": "wheel"}, "kind"),
    ({"kind": "phase_b", "mode": "sell"}, "cards"),
    ({"kind": "phase_b", "cards": "I-R03", "mode": "sell"}, "cards"),
    ({"kind": "phase_b", "cards": [], "mode": "sell"}, "cards"),
    ({"kind": "phase_b", "cards": ["a", 3], "mode": "sell"}, "cards[1]"),
    ({"kind": "phase_b", "cards": ["a", "a"], "mode": "sell"}, "cards[1]"),
    ({"kind": "phase_b", "cards": ["a"], "mode": "steal"}, "mode"),
    ({"kind": "phase_b", "cards": ["a"], "mode": "buy_only"}, "max_price.a"),
    ({"kind": "phase_b", "cards": ["a"], "mode": "buy_only", "max_price": {"a": 2.0}},
     "max_price.a"),
    ({"kind": "phase_b", "cards": ["a"], "mode": "buy_only", "max_price": {"a": True}},
     "max_price.a"),
    ({"kind": "phase_b", "cards": ["a"], "mode": "buy_only", "max_price": {"a": -1}},
     "max_price.a"),
    ({"kind": "phase_b", "cards": ["a"], "mode": "sell", "max_price": {"b": 1}}, "max_price.b"),
    ({"kind": "phase_b", "cards": ["a"], "mode": "sell", "tile": "purple"}, "tile"),
    ({"kind": "phase_b", "cards": ["a"], "mode": "sell", "epoch": 4}, "epoch"),
    ({"kind": "phase_b", "cards": ["a"], "mode": "sell", "extra": 1}, "extra"),
    ({"kind": "colony", "level": 3}, "mode"),
    ({"kind": "colony", "level": "3", "mode": "plunder"}, "level"),
    ({"kind": "colony", "level": 3, "mode": None}, "mode"),
    ({"kind": "colony", "level": None, "mode": None, "pay": 3}, "pay"),
    ({"kind": "colony", "level": 3, "mode": "plunder", "front": {"plunder": 1}}, "front"),
    ({"kind": "colony", "level": 3, "mode": "plunder", "phase": "C"}, "phase"),
    ({"kind": "statue", "space": 1, "tile": "red", "side": None}, "space"),
    ({"kind": "statue", "space": 1, "tile": "red", "side": "back"}, "side"),
    ({"kind": "statue", "space": 0, "tile": "red", "side": "points"}, "space"),
    ({"kind": "statue", "space": 1, "tile": "red", "side": "points", "pay": None}, "pay"),
])
def test_validation_errors_name_the_field(data: Any, field: str) -> None:
    with pytest.raises(PlanError) as err:
        ahead.plan_from_dict(data)
    assert err.value.field == field
    assert str(err.value)


def test_queueing_and_resolving_change_nothing() -> None:
    g = phase_b_game()
    before = g.snapshot()
    for s in range(3):
        ahead.plan_options(g, s)
        plan = ahead.queue_phase_b(g, s, tops(g), "buy_else_sell")
        ahead.resolve(g, s, plan)
        ahead.as_if_turn(g, s, COLONY)
    assert g.snapshot() == before
    with pytest.raises(ValueError):
        ahead.as_if_turn(g, 0, "draft")


def test_colony_choice_queued_in_the_drafts_last_round() -> None:
    g = new_game(3)
    run(g, at(DRAFT, epoch=1, rnd=3))
    assert ahead.queueable(g, 1) == []
    run(g, at(DRAFT, epoch=1, rnd=4))
    assert ahead.queueable(g, 1) == [COLONY]
    assert ahead.plan_options(g, 1)[COLONY]["turns_before"] == 1
    force(g, 1, tracks=[2, 3, 2, 3])
    plan = ahead.queue_colony(g, 1, 3, "plunder")
    assert plan.phase == "A" and plan.epoch == 1
    run(g, lambda x: x.step == COLONY and x.waiting_on() == [1])
    assert not ahead.expired(g, plan)
    assert ahead.resolve(g, 1, plan) == {"type": "colony", "level": 3, "mode": "plunder"}


def test_plan_fields_use_the_action_codecs_names_and_limits() -> None:
    """A plan holds what the action it plays holds: the codec's modes, sides and tiles, and
    card ids up to the engine's limit (hadara.actions.MAX_ID, 64), no shorter."""
    from hadara import actions

    assert ahead.MAX_CARD_ID == actions.MAX_ID == 64
    assert actions.allowed("colony", "mode") == ahead.COLONY_MODES
    assert actions.allowed("statue", "side") == ahead.STATUE_SIDES
    assert actions.allowed("take", "tile") == actions.allowed("statue", "tile") == ahead.TILES
    longest = "x" * actions.MAX_ID
    assert PhaseBPlan([longest], "sell").cards == (longest,)
    with pytest.raises(PlanError) as err:
        PhaseBPlan([longest + "x"], "sell")
    assert err.value.field == "cards[0]"
    assert ColonyPlan(3, "plunder", 6).action() == {
        "type": "colony", "level": 3, "mode": "plunder", "pay": 6}
    assert actions.checked(ColonyPlan(3, "plunder").action()) == {
        "type": "colony", "level": 3, "mode": "plunder"}
    assert StatuePlan(None, None, None).action() == {"type": "statue_skip"}
