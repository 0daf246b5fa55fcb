"""Phase A, the draft around the wheel (R-A1…R-A5, D-10)."""

from __future__ import annotations

import pytest

from hadara.content import COLOURS, TRACK_OF_COLOUR
from hadara.engine import Game
from hadara.errors import CannotAfford
from hadara.state import COLONY, DRAFT, WHEEL
from hadara.views import view
from tests.support.stacking import (
    at,
    card,
    cards,
    draw_colour,
    force,
    new_game,
    passive,
    run,
    strings_in,
)


def pick_all(g: Game, picks: dict[int, dict]) -> None:
    """Every seat picks (``picks`` where given, else sells its first card); last pick resolves."""
    for s in range(g.n):
        g.apply(s, picks.get(s) or passive(g, s), g.decision_id(s))


def test_R_A1_D_10_every_epochs_first_player_sets_the_wheel(cat):
    """R-A1 / D-10: in each epoch the first player (only) chooses the deck their emblem points
    at; every other emblem follows at the next positions (R-S6)."""
    colours = ("blue", "red", "purple", "green", "yellow")
    g = new_game(3, deck_colours=colours)
    for epoch in (1, 2, 3):
        run(g, at(WHEEL, epoch=epoch))
        first = g.first
        assert g.acting_seats() == [first]
        assert g.legal_actions(first) == [{"type": "wheel", "colour": c} for c in colours]
        chosen = colours[(first + 2) % 5]
        g.apply(first, {"type": "wheel", "colour": chosen})
        assert g.step == DRAFT and g.round == 0
        v = view(g, None)
        assert v["wheel"] == g.wheel
        assert v["draws"][first]["colour"] == chosen
        for s in range(3):
            pos = (colours.index(chosen) + s - first) % 5
            assert v["draws"][s]["colour"] == colours[pos]


def test_R_A2_draw_two_keep_one_discard_the_other_face_up(cat):
    """R-A2: everyone draws 2 from the deck their emblem points at (private), keeps one and
    discards the other face up on that colour's discard pile."""
    colour0 = draw_colour(0, 0)
    a, b = (c.id for c in cards(colour=colour0, epoch=1)[:2])
    g = new_game(2, hands={(1, 0, 0): (a, b)})
    run(g, at(DRAFT, epoch=1))
    assert g.hands[0] == [a, b]
    assert len(g.hands[1]) == 2
    other_view = view(g, 1)
    assert not strings_in(other_view) & {a, b}
    assert view(g, 0)["private"]["hand"] == [a, b]
    pick_all(g, {0: {"type": "draft", "card": a, "mode": "sell"}})
    k = g.deck_colours.index(colour0)
    assert g.discards[k] == [b]
    assert view(g, 1)["discards"][k] == [b]  # face up: public


def test_R_A3_buy_pays_cost_minus_one_per_owned_card_of_that_colour(cat):
    """R-A3: buying costs the printed cost minus 1 per card of that colour already owned
    (minimum 0); the card joins the tableau and its tracks rise at once."""
    colour = draw_colour(0, 0)
    dear = max(cards(colour=colour, epoch=1), key=lambda c: c.cost)
    other = next(c for c in cards(colour=colour, epoch=1) if c.id != dear.id)
    later = [c.id for c in cards(colour=colour, where=lambda c: c.epoch > 1)]
    for n_owned in (0, dear.cost - 1, dear.cost + 2):
        g = new_game(2, hands={(1, 0, 0): (dear.id, other.id)})
        run(g, at(DRAFT, epoch=1))
        force(g, 0, coins=20, tableau=later[:n_owned])
        tracks = g.tracks[0][:]
        pick_all(g, {0: {"type": "draft", "card": dear.id, "mode": "buy"}})
        assert 20 - g.coins[0] == max(0, dear.cost - n_owned)
        assert dear.id in g.tableau[0]
        assert g.tracks[0] == [t + gain for t, gain in zip(tracks, dear.gains, strict=True)]


def test_R_A3_purple_effect_works_from_the_moment_of_buying(cat):
    """R-A3: a purple effect works from the moment the card is bought: a P1 card bought in
    round 0 adds its coin to the sale in round 1."""
    p1 = card(effect="P1", epoch=1)
    o = next(c.id for c in cards(colour="purple", epoch=1) if c.id != p1.id)
    offset = (COLOURS.index("purple")) % 5  # seat 0 draws purple in round 0
    r1 = draw_colour(0, 1, offset)
    x, y = (c.id for c in cards(colour=r1, epoch=1)[:2])
    g = new_game(2, offsets={1: offset}, hands={(1, 0, 0): (p1.id, o), (1, 1, 0): (x, y)})
    run(g, at(DRAFT, epoch=1), offsets={1: offset})
    force(g, 0, coins=20)
    pick_all(g, {0: {"type": "draft", "card": p1.id, "mode": "buy"}})
    before = g.coins[0]
    pick_all(g, {0: {"type": "draft", "card": x, "mode": "sell"}})
    bonus = cat.rules.eff("P1", "coins")
    assert g.coins[0] - before == cat.rules.sell_values[0] + bonus


def test_R_A3_phase_A_sale_is_private_and_pays_the_sell_value(cat):
    """R-A3: a sold card leaves the game face down for its sell value; in Phase A its identity
    stays private to the seller (others see only 'sold', epoch and colour)."""
    colour = draw_colour(1, 0)
    a, b = (c.id for c in cards(colour=colour, epoch=1)[:2])
    g = new_game(2, hands={(1, 0, 1): (a, b)})
    run(g, at(DRAFT, epoch=1))
    before = g.coins[1]
    g.apply(1, {"type": "draft", "card": a, "mode": "sell"})
    res = g.apply(0, passive(g, 0))
    assert g.coins[1] - before == cat.rules.sell_values[0]
    assert g.sold[1] == [[a, False]]
    assert a not in strings_in(res.public)
    revealed = next(e for e in res.public if e["kind"] == "round_revealed")
    mine = next(c for c in revealed["choices"] if c["seat"] == 1)
    assert mine["mode"] == "sell" and mine["discarded"] == b and "card" not in mine
    assert res.private[1][0] == {"kind": "sold_privately", "card": a,
                                 "coins": cat.rules.sell_values[0]}
    theirs = view(g, 0)["seats"][1]
    assert theirs["sold_public"] == [] and theirs["sold_hidden"] == [
        {"epoch": 1, "colour": colour}]
    assert a not in strings_in(view(g, 0)) and a not in strings_in(view(g, None))
    assert view(g, 1)["private"]["sold"] == [a]


def test_R_A3_unaffordable_card_can_be_sold_but_not_bought(cat):
    """R-A3: a player who cannot afford a card may still sell it; choosing to buy it is
    illegal (code cannot_afford)."""
    colour = draw_colour(0, 0)
    dear = max(cards(colour=colour, epoch=1), key=lambda c: c.cost)
    other = next(c for c in cards(colour=colour, epoch=1) if c.id != dear.id)
    g = new_game(2, hands={(1, 0, 0): (dear.id, other.id)})
    run(g, at(DRAFT, epoch=1))
    force(g, 0, coins=dear.cost - 1)
    acts = g.legal_actions(0)
    assert {"type": "draft", "card": dear.id, "mode": "sell"} in acts
    assert {"type": "draft", "card": dear.id, "mode": "buy"} not in acts
    with pytest.raises(CannotAfford) as err:
        g.apply(0, {"type": "draft", "card": dear.id, "mode": "buy"})
    assert err.value.code == "cannot_afford"


def test_R_A4_choices_are_revealed_together_then_the_wheel_turns(cat):
    """R-A4: nothing happens until every player has chosen; then all choices are revealed at
    once and the wheel turns one step (each seat draws from the next deck)."""
    g = new_game(3)
    run(g, at(DRAFT, epoch=1))
    before = g.snapshot()
    g.apply(0, {"type": "draft", "card": g.hands[0][0], "mode": "sell"})
    g.apply(1, {"type": "draft", "card": g.hands[1][1], "mode": "sell"})
    after = g.snapshot()
    for key in ("coins", "tracks", "tableau", "discards", "sold", "round"):
        assert after[key] == before[key], key
    res = g.apply(2, {"type": "draft", "card": g.hands[2][0], "mode": "sell"})
    kinds = [e["kind"] for e in res.public]
    assert "round_revealed" in kinds and kinds.index("round_revealed") < kinds.index(
        "round_started")
    assert g.round == 1
    for s in range(3):
        assert view(g, None)["draws"][s]["colour"] == draw_colour(s, 1, g.wheel or 0,
                                                                 g.deck_colours)


@pytest.mark.parametrize("n", [2, 5])
def test_R_A4_five_rounds_each_player_draws_once_from_every_colour(cat, n):
    """R-A4: the draft lasts 5 rounds, until the draw piles are empty; each player draws once
    from every colour."""
    g = new_game(n)
    drawn: dict[int, list[str]] = {s: [] for s in range(n)}
    run(g, at(DRAFT, epoch=1))
    for r in range(5):
        assert g.step == DRAFT and g.round == r
        for s in range(n):
            colours = {cat.cards[c].colour for c in g.hands[s]}
            assert len(colours) == 1
            drawn[s] += colours
        pick_all(g, {})
    assert all(sorted(d) == sorted(COLOURS) for d in drawn.values())
    assert all(d == [] for d in g.decks)
    assert g.step == COLONY


def test_R_A5_end_of_phase_steps_follow_the_draft(cat):
    """R-A5: after the fifth round come E1 (income), E2 (colony) and E3 (statue)."""
    g = new_game(2)
    run(g, at(DRAFT, epoch=1, rnd=4))
    res = [g.apply(s, passive(g, s)) for s in range(2)][-1]
    kinds = [e["kind"] for e in res.public]
    assert kinds[-1] == "income"
    assert g.step == COLONY and g.phase == "A" and g.waiting_on() == [g.order[0]]


def test_R_A3_buying_raises_tracks_of_other_colours_too(cat):
    """R-A3 / R-C2: a bought card raises every track it shows, also another colour's track."""
    multi = card(where=lambda c: c.epoch == 1 and c.colour != "purple"
                 and any(g and i != TRACK_OF_COLOUR[c.colour] for i, g in enumerate(c.gains)))
    offset = (COLOURS.index(multi.colour)) % 5
    other = next(c for c in cards(colour=multi.colour, epoch=1) if c.id != multi.id)
    g = new_game(2, offsets={1: offset}, hands={(1, 0, 0): (multi.id, other.id)})
    run(g, at(DRAFT, epoch=1), offsets={1: offset})
    force(g, 0, coins=20)
    tracks = g.tracks[0][:]
    pick_all(g, {0: {"type": "draft", "card": multi.id, "mode": "buy"}})
    assert g.tracks[0] == [a + b for a, b in zip(tracks, multi.gains, strict=True)]
