"""Purple effects P1…P15 with their details and D-9 stacking (P10–P12 scoring: see
test_rules_scoring.py)."""

from __future__ import annotations

import pytest

from hadara.engine import Game, Result
from hadara.errors import IllegalAction
from hadara.options import label
from hadara.state import COLONY, DRAFT, FEEDING, MEDALS, PHASE_B, STATUE
from tests.support.stacking import (
    CULTURE,
    FOOD,
    INCOME,
    MILITARY,
    at,
    card,
    cards,
    colonies_at,
    draw_colour,
    force,
    new_game,
    passive,
    run,
    track,
)


def eff(cat, effect: str, key: str) -> int:
    return cat.rules.eff(effect, key)


def all_with(effect: str) -> list[str]:
    return [c.id for c in cards(effect=effect)]


def plain(colour: str, k: int) -> list[str]:
    return [c.id for c in cards(colour=colour, where=lambda c: c.effect is None)][:k]


# ------------------------------------------------------------------------------ helpers


def phase_b(n: int = 2) -> Game:
    g = new_game(n)
    run(g, at(PHASE_B, epoch=1))
    return g


def take(g: Game, seat: int, cid: str, mode: str = "buy", tile: str | None = None) -> Result:
    """Let ``seat`` take ``cid`` in Phase B (placed on top of a discard pile)."""
    while g.acting_seats() != [seat]:
        other = g.acting_seats()[0]
        g.apply(other, passive(g, other))
    assert g.step == PHASE_B
    g.discards[0].append(cid)
    a = {"type": "take", "card": cid, "mode": mode}
    if tile:
        a["tile"] = tile
    return g.apply(seat, a)


def colony_step(n: int = 2, **kw) -> tuple[Game, int]:
    g = new_game(n, **kw)
    run(g, at(COLONY, epoch=1, phase="A"))
    return g, g.acting_seats()[0]


def statue_step(n: int = 2) -> tuple[Game, int]:
    g = new_game(n)
    run(g, at(STATUE, epoch=1, phase="A"))
    return g, g.acting_seats()[0]


def feeding_with(tableau: list[str], food: int, coins: int = 0) -> Game:
    """Seat 0 enters feeding with this tableau, food and coins; seat 1 is fed."""
    g = new_game(2)
    run(g, at(STATUE, epoch=1, phase="B"))
    force(g, 0, tableau=tableau, tracks=[0, 0, 0, food], coins=coins)
    force(g, 1, tableau=[], tracks=[0, 0, 0, 0], coins=0)
    run(g, lambda g: g.step != STATUE)
    return g


# ------------------------------------------------------------------------------ P1


def test_P1_sell_bonus_and_D_9_stacking(cat):
    """P1: each sale gains 1 more coin; D-9: two P1 cards give 2 more."""
    p1s = all_with("P1")
    g = phase_b()
    seat = g.acting_seats()[0]
    for k in (0, 1, 2):
        force(g, seat, tableau=p1s[:k])
        before = g.coins[seat]
        top = plain("red", 1)[0]
        take(g, seat, top, "sell")
        assert g.coins[seat] - before == cat.rules.sell_values[0] + k * eff(cat, "P1", "coins")


# ------------------------------------------------------------------------------ P2


def test_P2_buying_places_an_unused_tile_and_raises_its_track(cat):
    """P2: on buying, choose one unused bonus tile; it goes on the card and its track rises by
    2; the tile is chosen as part of the buy."""
    p2 = card(effect="P2", epoch=1)
    g = phase_b()
    seat = g.acting_seats()[0]
    force(g, seat, coins=50, tiles=[1, 0, 2, 0])
    g.discards[0].append(p2.id)
    buys = [a for a in g.legal_actions(seat) if a["card"] == p2.id and a["mode"] == "buy"]
    assert buys == [{"type": "take", "card": p2.id, "mode": "buy", "tile": "yellow"},
                    {"type": "take", "card": p2.id, "mode": "buy", "tile": "blue"}]
    with pytest.raises(IllegalAction, match="bonus tile"):
        g.apply(seat, {"type": "take", "card": p2.id, "mode": "buy"})
    with pytest.raises(IllegalAction):
        g.apply(seat, {"type": "take", "card": p2.id, "mode": "buy", "tile": "red"})
    tracks = g.tracks[seat][:]
    g.apply(seat, buys[1])
    assert g.tiles[seat] == [1, 0, 1, 0]
    assert g.p2_tiles[seat] == {p2.id: "blue"}
    want = [t + gain for t, gain in zip(tracks, p2.gains, strict=True)]
    want[CULTURE] += eff(cat, "P2", "steps")
    assert g.tracks[seat] == want


def test_P2_without_an_unused_tile_no_tile_and_no_bonus(cat):
    """P2 details: with no unused tile the card gives no tile and no +2."""
    p2 = card(effect="P2", epoch=1)
    g = phase_b()
    seat = g.acting_seats()[0]
    force(g, seat, coins=50, tiles=[0, 0, 0, 0])
    tracks = g.tracks[seat][:]
    take(g, seat, p2.id)
    assert g.p2_tiles[seat] == {}
    assert g.tracks[seat] == [t + gain for t, gain in zip(tracks, p2.gains, strict=True)]


def test_P2_the_tile_is_lost_with_the_card_but_its_gain_stays(cat):
    """P2 details / F1: the tile stays on the card and is lost if the card is removed; the
    +2 it caused stays (only the card's printed gains are removed)."""
    p2 = card(effect="P2", epoch=1)
    g = feeding_with([p2.id, *plain("red", 1)], food=1)
    g.p2_tiles[0] = {p2.id: "yellow"}
    g.tiles[0] = [1, 2, 2, 2]
    g.tracks[0][INCOME] = 5
    g.apply(0, {"type": "feed_remove", "card": p2.id})
    assert g.p2_tiles[0] == {} and g.tiles[0] == [1, 2, 2, 2]
    assert g.tracks[0][INCOME] == 5 - p2.gains[INCOME]


def test_P2_D_9_each_card_takes_its_own_tile(cat):
    """D-9: P2 effects add up: each P2 card takes a tile and gives its own +2."""
    p2a, p2b = all_with("P2")[:2]
    g = phase_b()
    seat = g.acting_seats()[0]
    force(g, seat, coins=99)
    military = g.tracks[seat][MILITARY]
    take(g, seat, p2a, tile="red")
    take(g, seat, p2b, tile="red")
    assert g.tiles[seat][track("red")] == 0
    assert g.p2_tiles[seat] == {p2a: "red", p2b: "red"}
    gains = cat.cards[p2a].gains[MILITARY] + cat.cards[p2b].gains[MILITARY]
    assert g.tracks[seat][MILITARY] == military + gains + 2 * eff(cat, "P2", "steps")


# ------------------------------------------------------------------------------ P3


def test_P3_immediate_and_later_synergy(cat):
    """P3: at once raise the matching track by 1 per owned card of that colour; later each
    bought card of that colour raises it by 1 more (other colours: nothing extra)."""
    p3 = card(effect="P3", where=lambda c: c.effect.colour == "yellow")
    yellows = plain("yellow", 4)
    g = phase_b()
    seat = g.acting_seats()[0]
    force(g, seat, coins=99, tableau=yellows[:3], tracks=[0, 0, 0, 0])
    res = take(g, seat, p3.id)
    steps = eff(cat, "P3", "steps")
    assert steps == 1  # the rule's "by 1"
    assert g.tracks[seat][INCOME] == p3.gains[INCOME] + 3 * steps
    assert {"effect": "P3", "track": "yellow", "steps": 3 * steps} in res.public[0]["effects"]
    before = g.tracks[seat][:]
    take(g, seat, yellows[3])
    y = cat.cards[yellows[3]]
    assert g.tracks[seat][INCOME] == before[INCOME] + y.gains[INCOME] + steps
    before = g.tracks[seat][:]
    red = cat.cards[plain("red", 1)[0]]
    take(g, seat, red.id)
    assert g.tracks[seat] == [a + b for a, b in zip(before, red.gains, strict=True)]


@pytest.mark.parametrize("epoch", [1, 2, 3])
@pytest.mark.parametrize("phase", ["A", "B"])
def test_P3_later_buys_in_every_epoch_and_phase(cat, epoch, phase):
    """P3: a P3 card bought earlier keeps adding 1 to its track for each later bought card of
    its colour, in Phase A and Phase B of every epoch; the cost is the printed cost minus the
    owned cards of that colour (R-A3)."""
    p3 = card(effect="P3", where=lambda c: c.effect.colour == "yellow")
    colour = draw_colour(0, 0)  # seat 0 draws this deck in round 0 at wheel offset 0
    assert colour == "yellow"
    pool = [c for c in cards(colour="yellow", epoch=epoch) if c.effect is None]
    bought, other = pool[0], pool[1]
    owned = [c.id for c in cards(colour="yellow", where=lambda c: c.effect is None
                                 and c.epoch != epoch)][:2]
    assert len(owned) == 2
    g = new_game(2, hands={(epoch, 0, 0): (bought.id, other.id)})
    if phase == "A":
        run(g, at(DRAFT, epoch=epoch, rnd=0))
        assert bought.id in g.hands[0]
    else:
        run(g, at(PHASE_B, epoch=epoch))
        while g.acting_seats() != [0]:
            s = g.acting_seats()[0]
            g.apply(s, passive(g, s))
        g.discards[0].append(bought.id)
    tracks = [1, 1, 1, 1]
    force(g, 0, coins=30, tableau=[p3.id, *owned], tracks=tracks)
    if phase == "A":
        g.apply(0, {"type": "draft", "card": bought.id, "mode": "buy"})
        g.apply(1, passive(g, 1))
    else:
        g.apply(0, {"type": "take", "card": bought.id, "mode": "buy"})
    steps = eff(cat, "P3", "steps")
    want = [t + gain for t, gain in zip(tracks, bought.gains, strict=True)]
    want[INCOME] += steps
    assert g.tracks[0] == want
    assert 30 - g.coins[0] == max(0, bought.cost - len(owned))  # R-A3, printed cost


def test_P3_D_9_two_synergy_cards_add_up(cat):
    """D-9: two P3 cards of the same colour each add their step per later card."""
    p3s = [c.id for c in cards(effect="P3", where=lambda c: c.effect.colour == "yellow")]
    assert len(p3s) >= 2
    yellow = cat.cards[plain("yellow", 1)[0]]
    g = phase_b()
    seat = g.acting_seats()[0]
    force(g, seat, coins=99, tableau=p3s[:2], tracks=[0, 0, 0, 0])
    take(g, seat, yellow.id)
    assert g.tracks[seat][INCOME] == yellow.gains[INCOME] + 2 * eff(cat, "P3", "steps")


def test_P3_lost_at_feeding_earlier_gains_stay_later_buys_get_none(cat):
    """Details: losing a P3 card at feeding ends its effect; the gains it caused stay."""
    p3 = card(effect="P3", where=lambda c: c.effect.colour == "red")
    g = feeding_with([p3.id, *plain("blue", 1)], food=1)
    g.tracks[0][MILITARY] = 7  # includes earlier P3 gains
    g.apply(0, {"type": "feed_remove", "card": p3.id})
    assert g.tracks[0][MILITARY] == 7 - p3.gains[MILITARY]
    assert g.p3[0] == [] and not g.eff[0].get("P3")


# ------------------------------------------------------------------------------ P4


def test_P4_before_colour_side_statues_get_2_at_once(cat):
    """P4 details: on buying, +2 at once on the track of each colour-side statue already
    carved (points-side statues: nothing now)."""
    p4 = card(effect="P4")
    g = phase_b()
    seat = g.acting_seats()[0]
    g.statues[seat] = [["red", "colour"], ["green", "points"], ["red", "colour"], None]
    force(g, seat, coins=99, tracks=[0, 0, 0, 0])
    take(g, seat, p4.id)
    steps = eff(cat, "P4", "steps")
    want = list(p4.gains)
    want[MILITARY] += 2 * steps
    assert g.tracks[seat] == want


def test_P4_after_colour_side_statue_gets_2_more_points_side_scores_2(cat):
    """P4 details: later colour-side statues get +2 when carved; points-side statues score 2
    more points at game end while the P4 card is held; D-9: per P4 card."""
    p4s = all_with("P4")
    assert len(p4s) >= 2
    for k in (1, 2):
        g, seat = statue_step()
        space = cat.statues[0]
        force(g, seat, tableau=p4s[:k], tracks=[0, 0, space.requirement, 0])
        g.apply(seat, {"type": "statue", "space": 1, "tile": "yellow", "side": "colour"})
        assert g.tracks[seat][INCOME] == space.steps + k * eff(cat, "P4", "steps")
        g.statues[seat][1] = ["blue", "points"]
        s2 = cat.statues[1]
        pts = space.points + s2.points + s2.extra_points
        assert g.scores()[seat]["statues"] == pts + k * eff(cat, "P4", "points")
        s3 = {"type": "statue", "space": 3, "tile": "red", "side": "colour"}
        assert f"+{cat.statues[2].steps + k * eff(cat, 'P4', 'steps')}" in label(g, seat, s3)
        force(g, seat, tableau=[])
        assert g.scores()[seat]["statues"] == pts


# ------------------------------------------------------------------------------ P5


@pytest.mark.parametrize("epoch", [1, 2, 3])
def test_P5_medal_discount_and_D_9_lowest_price(cat, epoch):
    """P5: silver and gold medals cost the reduced amounts the card shows for the current epoch
    (its prices differ by epoch, like M1's); D-9: with two P5 cards the lowest prices apply."""
    p5s = [cat.cards[c] for c in all_with("P5")]
    assert len(p5s) >= 2
    i = epoch - 1
    for p in p5s:  # the card's prices are per epoch and below the normal prices
        assert len(p.effect.silver) == len(p.effect.gold) == 3
        assert p.effect.silver[i] < cat.rules.silver_costs[i]
        assert p.effect.gold[i] < cat.rules.gold_costs[i]
        if epoch > 1:  # so a wrong epoch's price would show
            assert p.effect.silver[i] != p.effect.silver[0]
    g = new_game(2)
    run(g, at(MEDALS, epoch=epoch))
    force(g, 0, tableau=[p5s[0].id], coins=100)
    force(g, 1, tableau=[], coins=100)
    assert g.medal_cost(0, "silver") == p5s[0].effect.silver[i]
    assert g.medal_cost(0, "gold") == p5s[0].effect.gold[i]
    force(g, 0, tableau=[p.id for p in p5s])
    low_s = min(p.effect.silver[i] for p in p5s)
    low_g = min(p.effect.gold[i] for p in p5s)
    for a in ({"type": "medal", "kind": "silver", "tile": "red"}, {"type": "medal", "kind": "gold"}):
        g.apply(0, a)
        g.apply(1, a)
    g.apply(0, {"type": "medals_done"})
    g.apply(1, {"type": "medals_done"})
    assert g.coins[0] == 100 - low_s - low_g
    assert g.coins[1] == 100 - cat.rules.silver_costs[i] - cat.rules.gold_costs[i]  # no P5


# ------------------------------------------------------------------------------ P6


def test_P6_pay_2_instead_of_removing(cat):
    """P6: when feeding, each action either removes a card or pays 2 coins for one card;
    feeding is met when count − paid ≤ food; coins are paid when feeding is revealed."""
    p6 = card(effect="P6")
    tableau = [p6.id, *plain("red", 3)]
    food = len(tableau) - 2
    g = feeding_with(tableau, food=food, coins=10)
    need = len(tableau) - food
    assert need == 2
    assert {"type": "feed_pay"} in g.legal_actions(0)
    g.apply(0, {"type": "feed_pay"})
    assert g.coins[0] == 10 and g.step == FEEDING
    g.apply(0, {"type": "feed_pay"})
    assert g.step == MEDALS
    per = eff(cat, "P6", "coins_per_card")
    assert g.coins[0] == 10 - 2 * per
    assert g.tableau[0] == tableau  # nothing removed


def test_P6_at_most_6_payments_and_only_affordable(cat):
    """P6: at most 6 payments per feeding; each must be affordable (pending ones counted)."""
    p6 = card(effect="P6")
    most = eff(cat, "P6", "max_cards")
    per = eff(cat, "P6", "coins_per_card")
    tableau = [p6.id, *plain("red", most + 2)]
    g = feeding_with(tableau, food=p6.gains[FOOD], coins=per * (most + 5))
    for _ in range(most):
        g.apply(0, {"type": "feed_pay"})
    assert {"type": "feed_pay"} not in g.legal_actions(0)
    with pytest.raises(IllegalAction, match="at most"):
        g.apply(0, {"type": "feed_pay"})
    g2 = feeding_with(tableau, food=p6.gains[FOOD], coins=per + 1)
    g2.apply(0, {"type": "feed_pay"})
    assert {"type": "feed_pay"} not in g2.legal_actions(0)
    with pytest.raises(IllegalAction) as err:
        g2.apply(0, {"type": "feed_pay"})
    assert err.value.code == "cannot_afford"


def test_P6_card_itself_removable_then_no_more_payments(cat):
    """P6 details: the P6 card itself may be removed; after that no more payments (earlier
    ones still count)."""
    p6 = card(effect="P6")
    tableau = [p6.id, *plain("red", 4)]
    g = feeding_with(tableau, food=1 + p6.gains[FOOD], coins=20)
    g.apply(0, {"type": "feed_pay"})
    g.apply(0, {"type": "feed_remove", "card": p6.id})
    assert g.step == FEEDING
    assert {"type": "feed_pay"} not in g.legal_actions(0)
    st = g.feeding_status(0)
    assert st["paid"] == 1 and st["count"] == 4 and not st["has_p6"]
    while g.step == FEEDING:
        g.apply(0, passive(g, 0))
    assert len(g.tableau[0]) - 1 <= g.tracks[0][FOOD]
    assert g.coins[0] == 20 - eff(cat, "P6", "coins_per_card")


def test_P6_D_9_second_copy_changes_nothing(cat):
    """D-9: P6 does not stack: two P6 cards still allow 6 payments of 2 coins."""
    p6s = all_with("P6")[:2]
    most = eff(cat, "P6", "max_cards")
    tableau = [*p6s, *plain("red", most + 3)]
    food = sum(cat.cards[c].gains[FOOD] for c in p6s)
    g = feeding_with(tableau, food=food, coins=100)
    for _ in range(most):
        g.apply(0, {"type": "feed_pay"})
    assert {"type": "feed_pay"} not in g.legal_actions(0)


# ------------------------------------------------------------------------------ P7


@pytest.mark.parametrize("surplus", [0, 1, 3, 10])
def test_P7_surplus_food_pays_3_per_point_at_most_12(cat, surplus):
    """P7: when feeding, if food exceeds the card count, gain 3 coins per point of difference,
    at most 12; D-9: a second P7 card changes nothing."""
    p7s = all_with("P7")
    for held in (p7s[:1], p7s[:2]):
        tableau = [*held, *plain("red", 2)]
        g = feeding_with(tableau, food=len(tableau) + surplus, coins=0)
        assert g.step == MEDALS
        want = min(eff(cat, "P7", "max"), surplus * eff(cat, "P7", "coins_per_food"))
        assert g.coins[0] == want
        assert g.coins[1] == 0  # no P7, no coins


# ------------------------------------------------------------------------------ P8


def _p8_bonus(cat, k: int, tracks: list[int]) -> int:
    """P8 from the rule: 2 coins per other track greater than income, per P8 card (D-9)."""
    above = sum(1 for t in tracks[1:] if t > tracks[0])
    return k * above * eff(cat, "P8", "coins_per_track")


@pytest.mark.parametrize("epoch", [1, 2, 3])
@pytest.mark.parametrize("phase", ["A", "B"])
def test_P8_income_bonus_per_other_track_above_income_and_D_9(cat, epoch, phase):
    """P8: on every income (E1 after Phase A and after Phase B, every epoch) gain 2 coins per
    other track greater than income; equal tracks do not count; D-9: per P8 card."""
    p8s = all_with("P8")
    assert len(p8s) >= 2
    tracks = [3, 4, 3, 9]  # military and food exceed income, culture ties it
    for k in (1, 2):
        g = new_game(2)
        if phase == "A":
            run(g, at(DRAFT, epoch=epoch, rnd=4))
        else:
            run(g, lambda g: g.step == PHASE_B and g.epoch == epoch
                and sum(len(p) for p in g.discards) == 1)
        force(g, 0, tableau=p8s[:k], tracks=tracks, coins=0)
        force(g, 1, tableau=[], tracks=tracks, coins=0)
        sellers = range(2) if phase == "A" else g.acting_seats()
        for s in sellers:
            g.apply(s, passive(g, s))
        assert g.step == COLONY and g.phase == phase
        sale = cat.rules.sell_values[epoch - 1]
        for s, held in ((0, k), (1, 0)):
            want = tracks[0] + _p8_bonus(cat, held, tracks) + (sale if s in sellers else 0)
            assert g.coins[s] == want, (s, held)
        assert _p8_bonus(cat, k, tracks) == k * 2 * 2


# ------------------------------------------------------------------------------ P9


def test_P9_coins_on_taking_a_colony_before_integration_cost(cat):
    """P9: gain 4 coins whenever you take a colony; they arrive before an integration cost is
    paid (so they can pay it); D-9: per P9 card."""
    level = cat.rules.colony_levels[0]
    tile = max(colonies_at(level), key=lambda t: t.cost)
    p9s = all_with("P9")
    bonus = eff(cat, "P9", "coins")
    assert 0 < tile.cost <= bonus
    g, seat = colony_step(colonies={level: [tile.id]})
    force(g, seat, tableau=[], tracks=[0, level, 0, 0], coins=tile.cost - 1)
    assert {"type": "colony", "level": level, "mode": "integrate"} not in g.legal_actions(seat)
    force(g, seat, tableau=p9s[:1])
    g.apply(seat, {"type": "colony", "level": level, "mode": "integrate"})
    assert g.coins[seat] == tile.cost - 1 + bonus - tile.cost
    g, seat = colony_step(colonies={level: [tile.id]})
    force(g, seat, tableau=p9s[:2], tracks=[0, level, 0, 0], coins=0)
    g.apply(seat, {"type": "colony", "level": level, "mode": "plunder"})
    assert g.coins[seat] == 2 * bonus + tile.plunder


# ------------------------------------------------------------------------------ P13


def test_P13_two_colony_and_two_statue_actions(cat):
    """P13: in each colony step and each statue step the holder may act twice if the
    requirements are met (different levels / spaces); then the turn passes."""
    p13 = card(effect="P13")
    levels = cat.rules.colony_levels
    g, seat = colony_step()
    force(g, seat, tableau=[p13.id], tracks=[0, levels[1], 100, 0])
    g.apply(seat, {"type": "colony", "level": levels[0], "mode": "plunder"})
    assert g.acting_seats() == [seat]
    assert {a.get("level") for a in g.legal_actions(seat)} == {levels[1], None}
    g.apply(seat, {"type": "colony", "level": levels[1], "mode": "plunder"})
    assert g.acting_seats() != [seat]  # at most two
    run(g, at(STATUE, epoch=1, phase="A"))
    if g.acting_seats() != [seat]:
        g.apply(g.acting_seats()[0], {"type": "statue_skip"})
    g.apply(seat, {"type": "statue", "space": 1, "tile": "red", "side": "points"})
    assert g.acting_seats() == [seat]
    g.apply(seat, {"type": "statue", "space": 2, "tile": "red", "side": "points"})
    assert g.acting_seats() != [seat] and len([p for p in g.statues[seat] if p]) == 2


def test_P13_second_action_only_if_possible_and_D_9(cat):
    """P13: no second decision when no second action is possible; D-9: two P13 cards still
    give only two actions."""
    p13s = all_with("P13")[:2]
    levels = cat.rules.colony_levels
    g, seat = colony_step()
    force(g, seat, tableau=p13s[:1], tracks=[0, levels[0], 0, 0])
    g.apply(seat, {"type": "colony", "level": levels[0], "mode": "plunder"})
    assert g.acting_seats() != [seat]
    g, seat = colony_step()
    force(g, seat, tableau=p13s, tracks=[0, levels[2], 0, 0])
    g.apply(seat, {"type": "colony", "level": levels[0], "mode": "plunder"})
    g.apply(seat, {"type": "colony", "level": levels[1], "mode": "plunder"})
    assert g.acting_seats() != [seat]
    assert len(g.colonies[seat]) == 2


def test_P13_skip_ends_the_turn(cat):
    """P13: declining (skip) ends the turn without a second decision."""
    p13 = card(effect="P13")
    g, seat = colony_step()
    force(g, seat, tableau=[p13.id], tracks=[0, 100, 0, 0])
    g.apply(seat, {"type": "colony_skip"})
    assert g.acting_seats() != [seat]


# ------------------------------------------------------------------------------ P14


def test_P14_requirements_4_lower_and_D_9_per_card(cat):
    """P14: colony and statue requirements are 4 lower; D-9: −4 per card."""
    p14s = all_with("P14")
    red = eff(cat, "P14", "reduction")
    levels = cat.rules.colony_levels
    for k in (0, 1, 2):
        g, seat = colony_step()
        force(g, seat, tableau=p14s[:k], tracks=[0, levels[1] - k * red, 0, 0])
        offered = {a["level"] for a in g.legal_actions(seat) if a["type"] == "colony"}
        assert levels[1] in offered
        force(g, seat, tracks=[0, levels[1] - k * red - 1, 0, 0])
        offered = {a["level"] for a in g.legal_actions(seat) if a["type"] == "colony"}
        assert levels[1] not in offered
    g, seat = statue_step()
    req = cat.statues[1].requirement
    force(g, seat, tableau=p14s[:2], tracks=[0, 0, req - 2 * red, 0])
    assert {a["space"] for a in g.legal_actions(seat) if a["type"] == "statue"} == {1, 2}


# ------------------------------------------------------------------------------ P15


def test_P15_pay_3_per_point_as_part_of_the_action(cat):
    """P15: pay 3 coins per point of requirement reduction for a colony or statue; the payment
    is part of that action (its 'pay' field), at most 30 coins (10 points) per action."""
    p15 = card(effect="P15")
    per = eff(cat, "P15", "coins_per_point")
    most = eff(cat, "P15", "max_coins")
    levels = cat.rules.colony_levels
    g, seat = colony_step()
    force(g, seat, tableau=[p15.id], tracks=[0, levels[1] - 2, 0, 0], coins=100)
    acts = g.legal_actions(seat)
    assert {"type": "colony", "level": levels[1], "mode": "plunder", "pay": 2 * per} in acts
    with pytest.raises(IllegalAction):
        g.apply(seat, {"type": "colony", "level": levels[1], "mode": "plunder"})
    with pytest.raises(IllegalAction):
        g.apply(seat, {"type": "colony", "level": levels[1], "mode": "plunder", "pay": per})
    tile = cat.colonies[g.colony_stacks[1][0]]
    g.apply(seat, {"type": "colony", "level": levels[1], "mode": "plunder", "pay": 2 * per})
    assert g.coins[seat] == 100 - 2 * per + tile.plunder
    g, seat = colony_step()
    gap = most // per
    force(g, seat, tableau=[p15.id], tracks=[0, levels[2] - gap, 0, 0], coins=100)
    assert {"type": "colony", "level": levels[2], "mode": "plunder", "pay": gap * per} in (
        g.legal_actions(seat))
    force(g, seat, tracks=[0, levels[2] - gap - 1, 0, 0])
    assert levels[2] not in {a.get("level") for a in g.legal_actions(seat)}


def test_P15_statue_payment_and_affordability(cat):
    """P15: also for statues; the payment must be affordable."""
    p15 = card(effect="P15")
    per = eff(cat, "P15", "coins_per_point")
    g, seat = statue_step()
    req = cat.statues[0].requirement
    force(g, seat, tableau=[p15.id], tracks=[0, 0, req - 1, 0], coins=per - 1)
    assert g.legal_actions(seat) == [{"type": "statue_skip"}]
    with pytest.raises(IllegalAction) as err:
        g.apply(seat, {"type": "statue", "space": 1, "tile": "red", "side": "points",
                       "pay": per})
    assert err.value.code == "cannot_afford"
    force(g, seat, coins=per)
    g.apply(seat, {"type": "statue", "space": 1, "tile": "red", "side": "points", "pay": per})
    assert g.coins[seat] == 0 and g.statues[seat][0] == ["red", "points"]


def test_P15_again_on_P13_second_action_and_with_P14(cat):
    """P15 details: usable again on P13's second action; the gap is measured after P14."""
    p13, p14, p15 = card(effect="P13"), card(effect="P14"), card(effect="P15")
    per = eff(cat, "P15", "coins_per_point")
    red = eff(cat, "P14", "reduction")
    levels = cat.rules.colony_levels
    g, seat = colony_step()
    force(g, seat, tableau=[p13.id, p14.id, p15.id], coins=100,
          tracks=[0, levels[1] - red - 1, 0, 0])
    a1 = {"type": "colony", "level": levels[1], "mode": "plunder", "pay": per}
    assert a1 in g.legal_actions(seat)
    g.apply(seat, a1)
    gap2 = levels[2] - red - g.tracks[seat][MILITARY]
    a2 = {"type": "colony", "level": levels[2], "mode": "plunder", "pay": gap2 * per}
    assert a2 in g.legal_actions(seat)
    coins = g.coins[seat]
    tile = cat.colonies[g.colony_stacks[2][0]]
    g.apply(seat, a2)
    assert g.coins[seat] == coins - gap2 * per + tile.plunder


def test_P15_D_9_second_copy_changes_nothing(cat):
    """D-9: two P15 cards still cost 3 per point and allow at most 30 coins per action."""
    p15s = all_with("P15")[:2]
    per = eff(cat, "P15", "coins_per_point")
    most = eff(cat, "P15", "max_coins")
    levels = cat.rules.colony_levels
    g, seat = colony_step()
    force(g, seat, tableau=p15s, tracks=[0, levels[2] - most // per - 1, 0, 0], coins=500)
    assert levels[2] not in {a.get("level") for a in g.legal_actions(seat)}
    force(g, seat, tracks=[0, levels[2] - 1, 0, 0])
    assert {"type": "colony", "level": levels[2], "mode": "plunder", "pay": per} in (
        g.legal_actions(seat))


# ------------------------------------------------------------------------------ losing effects


def test_losing_a_purple_card_at_feeding_ends_its_effect(cat):
    """F1 details: a removed purple card's effect ends at once (here P14 and P1)."""
    p14, p1 = card(effect="P14"), card(effect="P1")
    g = feeding_with([p14.id, p1.id, *plain("red", 1)], food=1)
    g.apply(0, {"type": "feed_remove", "card": p14.id})
    g.apply(0, {"type": "feed_remove", "card": p1.id})
    assert not g.eff[0].get("P14") and not g.eff[0].get("P1")
    assert g.requirement_gap(0, cat.rules.colony_levels[1], MILITARY) == (
        cat.rules.colony_levels[1] - g.tracks[0][MILITARY])
    assert g.sell_value(0, cat.cards[plain("red", 1)[0]]) == cat.rules.sell_values[0]
