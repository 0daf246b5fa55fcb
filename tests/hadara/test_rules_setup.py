"""Components (R-C1…R-C6, D-1) and setup (R-S1…R-S6, D-2, D-3, D-5)."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from itertools import permutations
from pathlib import Path

import pytest

from hadara.content import (
    COLOURS,
    DEFAULT_DATA_DIR,
    EPOCHS,
    TRACKS,
    ContentError,
    load_catalog,
)
from hadara.engine import Game
from hadara.errors import NotYourDecision
from hadara.setup import random_setup
from hadara.state import COLONY, DRAFT, PHASE_B, SETUP_SIDE, STATUE, WHEEL
from hadara.views import view
from tests.support.stacking import (
    CULTURE,
    at,
    draw_colour,
    force,
    make_setup,
    new_game,
    run,
    setup_card_ids_by_initiative,
    strings_in,
)

# ------------------------------------------------------------------------------ components


def test_R_C1_cards_per_epoch_and_colour(cat):
    """R-C1: per epoch 10 cards of each track colour and 14 purple; only purple can be
    advanced, and the basic game still has 10 of each colour (2 per player for 5 players)."""
    for e in EPOCHS:
        for colour in COLOURS:
            group = [c for c in cat.cards.values() if c.epoch == e and c.colour == colour]
            assert len(group) == (14 if colour == "purple" else 10)  # the rule's numbers
            assert len(cat.pool(e, colour, True)) == len(group)
            basic = cat.pool(e, colour, False)
            assert len(basic) >= 2 * 5
            assert all(not cat.cards[c].advanced for c in basic)
            if colour != "purple":
                assert not any(c.advanced for c in group)
    assert any(c.advanced for c in cat.cards.values())


def test_R_C2_card_faces_costs_and_sell_values(cat):
    """R-C2: colour, epoch, cost 1–4 / 4–7 / 7–9, track gains, points; at most one effect and
    only on purple cards; the back's sell value is 2 / 3 / 4 by epoch."""
    ranges = {1: (1, 4), 2: (4, 7), 3: (7, 9)}
    assert cat.rules.sell_values == (2, 3, 4)
    for c in cat.cards.values():
        lo, hi = ranges[c.epoch]
        assert lo <= c.cost <= hi, c.id
        assert len(c.gains) == len(TRACKS) and all(g >= 0 for g in c.gains)
        assert c.points >= 0
        if c.colour != "purple":
            assert c.effect is None and sum(c.gains) >= 1, c.id
    assert {c.effect_id for c in cat.cards.values() if c.effect} == {f"P{i}" for i in
                                                                     range(1, 16)}


#: R-C2: the back of a card shows 2 / 3 / 4 coins in epoch I / II / III (the rule's numbers).
RULE_SELL_VALUES = {1: 2, 2: 3, 3: 4}


@pytest.mark.parametrize("epoch", EPOCHS)
@pytest.mark.parametrize("phase", ["A", "B"])
def test_R_C2_sell_value_is_the_backs_value_per_epoch(cat, epoch, phase):
    """R-C2 / R-A3: a sold card pays the sell value of its epoch (2 / 3 / 4 in epoch I / II /
    III), in Phase A and in Phase B alike."""
    assert cat.rules.sell_values[epoch - 1] == RULE_SELL_VALUES[epoch]
    g = new_game(2)
    if phase == "A":
        run(g, at(DRAFT, epoch=epoch))
        seat, kept = 0, g.hands[0][0]
        before = g.coins[:]
        g.apply(0, {"type": "draft", "card": kept, "mode": "sell"})
        g.apply(1, {"type": "draft", "card": g.hands[1][0], "mode": "sell"})
        assert g.round == 1  # no income in between
    else:
        run(g, at(PHASE_B, epoch=epoch))
        seat = g.acting_seats()[0]
        kept = next(p[-1] for p in g.discards if p)
        before = g.coins[:]
        g.apply(seat, {"type": "take", "card": kept, "mode": "sell"})
        assert g.step == PHASE_B
    assert cat.cards[kept].epoch == epoch
    assert g.coins[seat] - before[seat] == RULE_SELL_VALUES[epoch]


def test_R_C3_colonies_levels_and_sides(cat):
    """R-C3: 25 colonies, 5 per requirement 3, 9, 15, 21, 30; the front shows requirement,
    plunder coins, integration cost and points; the back track gains and points."""
    assert len(cat.colonies) == 25
    assert cat.rules.colony_levels == (3, 9, 15, 21, 30)
    for level in cat.rules.colony_levels:
        assert len(cat.colonies_at(level)) == 5
    for col in cat.colonies.values():
        assert col.front == (col.requirement, col.plunder, col.cost, col.front_points)
        assert len(col.back_gains) == len(TRACKS)


def test_R_C3_a_colony_scores_the_side_that_is_up(cat):
    """R-C3 / G1: a plundered colony scores its front points, an integrated one its back's."""
    g = new_game(2)
    tiles = [cat.colonies[t] for t in cat.colonies_at(cat.rules.colony_levels[0])]
    tile = next(t for t in tiles if t.front_points != t.back_points)
    g.colonies[0] = [[tile.id, False]]
    g.colonies[1] = [[tile.id, True]]
    assert g.scores()[0]["colonies"] == tile.front_points
    assert g.scores()[1]["colonies"] == tile.back_points


def test_R_C4_player_components(cat):
    """R-C4: 4 statue spaces (culture 6, 12, 20, 30), 2 silver spaces, 2 gold medals, 8 bonus
    tiles (2 per track colour) and 4 track markers per player."""
    assert [s.requirement for s in cat.statues] == [6, 12, 20, 30]
    assert [s.space for s in cat.statues] == [1, 2, 3, 4]
    assert cat.rules.max_silver == 2 and cat.rules.max_gold == 2
    assert cat.rules.bonus_tiles_per_colour == 2
    g = new_game(4)
    for s in range(4):
        assert g.tiles[s] == [2, 2, 2, 2]
        assert g.statues[s] == [None] * 4
        assert g.silver[s] == [] and g.gold[s] == 0
        assert len(g.tracks[s]) == 4


def test_R_C5_setup_cards(cat):
    """R-C5: 5 setup cards, initiative 1–5, each with sides A and B of coins and 4 tracks."""
    assert sorted(s.initiative for s in cat.setup_cards.values()) == [1, 2, 3, 4, 5]
    for sc in cat.setup_cards.values():
        for side in (sc.a, sc.b):
            assert side.coins >= 0 and len(side.tracks) == 4
        assert sc.side("A") is sc.a and sc.side("B") is sc.b


def test_R_C6_tracks_and_coins_have_no_upper_limit(cat):
    """R-C6: tracks run past any printed end and coins are unlimited."""
    g = new_game(2)
    run(g, at(COLONY, epoch=1, phase="A"))
    seat = g.order[0]
    big = 10 * max(cat.rules.colony_levels)
    force(g, seat, coins=10_000, tracks=[big, big, big, big])
    top = cat.rules.colony_levels[-1]
    g.apply(seat, {"type": "colony", "level": top, "mode": "plunder"})
    assert g.coins[seat] > 10_000
    run(g, at(STATUE, epoch=1, phase="A"))
    assert g.waiting_on() == [seat]
    g.apply(seat, {"type": "statue", "space": 4, "tile": "blue", "side": "colour"})
    assert g.tracks[seat][CULTURE] == big + cat.statues[3].steps


def test_D_1_content_comes_from_data_and_can_be_replaced(tmp_path: Path, cat):
    """D-1: values live in data/ with a provenance on every record; replacing a value in the
    data changes the game without code changes (and bad data is refused by field)."""
    for c in cat.cards.values():
        assert c.provenance
    for col in cat.colonies.values():
        assert col.provenance
    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, data)
    rules = json.loads((data / "rules.json").read_text())
    rules["sell_values"] = [5, 6, 7]
    (data / "rules.json").write_text(json.dumps(rules))
    other = load_catalog(data)
    assert other.version != cat.version
    g = Game.new(["a", "b"], "basic", 1, catalog=other)
    run(g, at(DRAFT))
    seat = 0
    before = g.coins[seat]
    g.apply(0, {"type": "draft", "card": g.hands[0][0], "mode": "sell"})
    g.apply(1, {"type": "draft", "card": g.hands[1][0], "mode": "sell"})
    assert g.coins[seat] - before == 5
    rules["sell_values"] = [5, 6]
    (data / "rules.json").write_text(json.dumps(rules))
    with pytest.raises(ContentError, match="sell_values"):
        load_catalog(data)


# ------------------------------------------------------------------------------ setup


@pytest.mark.parametrize("variant", ["basic", "advanced"])
def test_R_S1_decks_hold_two_cards_per_player_per_colour(cat, variant):
    """R-S1: each colour shuffled separately, 2 cards per player on its draw space, the rest
    returned unseen; the basic game leaves the starred purple cards out."""
    seen_advanced = False
    for seed in range(12):
        n = 2 + seed % 4
        setup = random_setup(cat, [f"p{i}" for i in range(n)], variant, seed)
        for e in EPOCHS:
            for colour in COLOURS:
                deck = setup.decks[e][colour]
                assert len(deck) == len(set(deck)) == cat.rules.draw_per_player * n
                assert set(deck) <= set(cat.pool(e, colour, variant == "advanced"))
                seen_advanced |= any(cat.cards[c].advanced for c in deck)
    assert seen_advanced == (variant == "advanced")
    g = Game.new(["a", "b", "c"], variant, 5)
    run(g, at(WHEEL, epoch=1))
    dealt = {c for d in g.decks for c in d}
    pool = {c for colour in COLOURS for c in cat.pool(1, colour, variant == "advanced")}
    assert set(g.box) == pool - dealt  # returned unseen ...
    for seat in (None, 0):
        assert not strings_in(view(g, seat)) & (set(g.box) | dealt)  # ... and not shown


def test_R_S1_each_colour_is_shuffled(cat):
    """R-S1: deck orders vary with the seed (each colour's shuffle is independent)."""
    orders = {random_setup(cat, ["a", "b"], "basic", seed).decks[1]["red"] for seed in range(8)}
    assert len(orders) > 1


def test_R_S2_colony_stacks(cat):
    """R-S2: one tile per player in each level's stack, coin side up; only the top tile's front
    is visible; the rest returned unseen."""
    g = Game.new(["a", "b", "c", "d"], "basic", 3)
    for level, stack in zip(cat.rules.colony_levels, g.colony_stacks, strict=True):
        assert len(stack) == 4 and set(stack) <= set(cat.colonies_at(level))
    assert sorted(g.colony_box + [t for st in g.colony_stacks for t in st]) == sorted(
        cat.colonies)
    v = view(g, 0)
    for st, stack in zip(v["colony_stacks"], g.colony_stacks, strict=True):
        top = cat.colonies[stack[0]]
        assert st["count"] == 4
        assert st["top"] == {"plunder": top.plunder, "cost": top.cost,
                             "points": top.front_points}
    assert not strings_in(v) & set(cat.colonies)


def test_R_S3_basic_game_uses_side_A(cat):
    """R-S3: basic game: each player takes side A's coins and tracks (plus R-S5's coin)."""
    g = new_game(3)
    for s in range(3):
        side = cat.setup_cards[g.setup_card[s]].a
        assert g.side[s] == "A"
        assert g.tracks[s] == list(side.tracks)
        assert g.coins[s] == side.coins  # 3 players: no extra coin (R-S5)


def test_R_S3_setup_cards_are_dealt_at_random(cat):
    """R-S3: the setup card of each seat comes from the seed."""
    dealt = {random_setup(cat, ["a", "b", "c"], "basic", s).setup_cards for s in range(10)}
    assert len(dealt) > 1


def test_R_S3_D_2_advanced_sides_are_a_hidden_simultaneous_choice(cat):
    """R-S3 / D-2: in the advanced game every player chooses side A or B at the same time;
    choices stay hidden until all have chosen; then coins and tracks come from the side."""
    g = new_game(3, "advanced")
    assert g.step == SETUP_SIDE
    assert g.waiting_on() == [0, 1, 2]
    for s in range(3):
        assert g.legal_actions(s) == [{"type": "setup_side", "side": "A"},
                                      {"type": "setup_side", "side": "B"}]
    g.apply(0, {"type": "setup_side", "side": "B"})
    g.apply(1, {"type": "setup_side", "side": "A"})
    for other in (1, 2):
        v = view(g, other)
        assert v["seats"][0]["side"] is None
        assert "B" not in json.dumps(v["seats"][0])
        assert v["seats"][0]["committed"] is True
    assert view(g, 0)["private"]["commit"] == {"type": "setup_side", "side": "B"}
    assert g.tracks[0] == [0, 0, 0, 0]  # nothing applied before everyone chose
    g.apply(2, {"type": "setup_side", "side": "B"})
    for s, side_name in enumerate("BAB"):
        side = cat.setup_cards[g.setup_card[s]].side(side_name)
        assert g.side[s] == side_name
        assert g.tracks[s] == list(side.tracks)
        assert g.coins[s] == side.coins


def _firsts(n: int, cards: tuple[str, ...]) -> list[int]:
    """The seat that sets the wheel in epochs I, II and III (and the play order it starts)."""
    g = Game.from_setup(make_setup(n, setup_cards=cards))
    firsts = []
    for e in EPOCHS:
        run(g, at(WHEEL, epoch=e))
        assert g.waiting_on() == [g.first]
        assert g.order == [(g.first + i) % n for i in range(n)]  # R-S6
        firsts.append(g.first)
    return firsts


def _expected_firsts(cat, n: int, cards: tuple[str, ...]) -> list[int]:
    by_init = sorted(range(n), key=lambda s: cat.setup_cards[cards[s]].initiative)
    return [by_init[0], by_init[1], by_init[0] if n == 2 else by_init[2]]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_R_S4_D_3_first_player_per_epoch_by_initiative(cat, n):
    """R-S4 / D-3: epochs I, II, III start with the lowest, second and third lowest initiative;
    with 2 players epoch III goes back to the lowest. Every seating of the setup cards is
    checked against the engine's first player; a spread of seatings (the lowest initiatives on
    every seat) is played through to each epoch's wheel decision."""
    ids = setup_card_ids_by_initiative()
    seatings = list(permutations(ids, n))
    for cards in seatings:
        g = Game.from_setup(make_setup(n, setup_cards=cards))
        want = _expected_firsts(cat, n, cards)
        assert [g.first_player(e) for e in EPOCHS] == want, cards
    played = seatings[:: max(1, len(seatings) // 7)] + [tuple(reversed(seatings[0]))]
    lows = set()
    for cards in played:
        want = _expected_firsts(cat, n, cards)
        lows.add(want[0])
        assert _firsts(n, cards) == want, cards
    assert len(lows) >= min(n, 3)  # the lowest initiative sat on several seats


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_R_S5_D_5_extra_coin_for_those_who_start_less_often(cat, n):
    """R-S5 / D-5: +1 starting coin for the players who are first player less often than the
    others: 2 players the higher initiative, 3 nobody, 4 the highest, 5 the two highest."""
    ids = setup_card_ids_by_initiative()
    cards = tuple(reversed(ids[:n]))  # seat 0 holds the highest initiative
    g = Game.from_setup(make_setup(n, setup_cards=cards))
    by_init = sorted(range(n), key=lambda s: cat.setup_cards[cards[s]].initiative)
    want = {2: by_init[1:], 3: [], 4: by_init[3:], 5: by_init[3:]}[n]
    extra = [s for s in range(n) if g.coins[s] == cat.setup_cards[cards[s]].a.coins + 1]
    assert sorted(extra) == sorted(want)
    assert all(g.coins[s] == cat.setup_cards[cards[s]].a.coins for s in range(n)
               if s not in want)
    starts = Counter(g.first_player(e) for e in EPOCHS)
    most = max(starts[s] for s in range(n))
    assert sorted(extra) == sorted(s for s in range(n) if starts[s] < most)


def test_R_S6_seat_order_and_deck_positions_are_random(cat):
    """R-S6: seat order and the clockwise order of the five decks are drawn at setup."""
    setups = [random_setup(cat, ["a", "b", "c", "d"], "basic", s) for s in range(10)]
    assert len({s.players for s in setups}) > 1
    assert len({s.deck_colours for s in setups}) > 1
    for s in setups:
        assert sorted(s.players) == ["a", "b", "c", "d"]
        assert sorted(s.deck_colours) == sorted(COLOURS)


@pytest.mark.parametrize("offset", [0, 2, 4])
def test_R_S6_wheel_mapping_seat_i_draws_deck_i_plus_o_plus_r(cat, offset):
    """R-S6: with wheel offset o, in round r seat i draws from deck (i + o + r) mod 5; emblems
    sit at consecutive positions in seat order."""
    colours = ("green", "purple", "yellow", "blue", "red")
    g = new_game(4, deck_colours=colours, offsets={1: offset})
    run(g, at(DRAFT, epoch=1), offsets={1: offset})
    assert g.wheel == offset
    for r in range(5):
        run(g, at(DRAFT, epoch=1, rnd=r), offsets={1: offset})
        v = view(g, None)
        for s in range(4):
            want = draw_colour(s, r, offset, colours)
            assert v["draws"][s] == {"seat": s, "colour": want}
            assert {cat.cards[c].colour for c in g.hands[s]} == {want}


def test_R_S6_play_order_starts_at_first_player_and_wraps(cat):
    """R-S6: play order runs from the epoch's first player through increasing seats."""
    ids = setup_card_ids_by_initiative()
    cards = (ids[3], ids[1], ids[2], ids[0])  # seat 3 lowest, seat 1 second, seat 2 third
    g = Game.from_setup(make_setup(4, setup_cards=cards))
    run(g, at(WHEEL, epoch=1))
    assert g.first == 3 and g.order == [3, 0, 1, 2]
    run(g, at(WHEEL, epoch=2))
    assert g.first == 1 and g.order == [1, 2, 3, 0]
    run(g, at(COLONY, epoch=2, phase="A"))
    assert g.waiting_on() == [1]


def test_R_S6_only_the_first_player_sets_the_wheel(cat):
    """R-S6 / R-A1: another seat has no wheel decision."""
    g = new_game(3)
    other = (g.first + 1) % 3
    assert g.waiting_on() == [g.first]
    with pytest.raises(NotYourDecision):
        g.apply(other, {"type": "wheel", "colour": "red"})
