"""Phase B, the discards (R-B1, R-B2, D-8)."""

from __future__ import annotations

import pytest

from hadara.errors import IllegalAction
from hadara.state import COLONY, FEEDING, MEDALS, PHASE_B, STATUE, WHEEL
from hadara.views import view
from tests.support.stacking import at, force, new_game, passive, run, strings_in


def to_phase_b(n: int = 3, epoch: int = 1):
    g = new_game(n)
    run(g, at(PHASE_B, epoch=epoch))
    return g


def test_R_B1_players_take_top_cards_in_play_order_five_turns_each(cat):
    """R-B1: from the first player in play order, each player takes the top card of any
    non-empty discard pile and buys or sells it; 5 turns each, until the piles are empty."""
    g = to_phase_b(3)
    assert sum(len(p) for p in g.discards) == 5 * 3
    turns = []
    while g.step == PHASE_B:
        seat = g.acting_seats()[0]
        turns.append(seat)
        tops = [p[-1] for p in g.discards if p]
        assert {a["card"] for a in g.legal_actions(seat)} == set(tops)
        g.apply(seat, passive(g, seat))
    assert turns == [g.order[k % 3] for k in range(15)]
    assert all(p == [] for p in g.discards)


def test_R_B1_D_8_only_the_top_card_and_piles_are_public(cat):
    """R-B1 / D-8: every pile's full order is public (bottom first) and only its top card can
    be taken."""
    g = to_phase_b(2)
    seat = g.acting_seats()[0]
    pile = next(p[:] for p in g.discards if len(p) >= 2)
    for s in (None, 0, 1):
        assert view(g, s)["discards"] == g.discards
    with pytest.raises(IllegalAction):
        g.apply(seat, {"type": "take", "card": pile[0], "mode": "sell"})
    g.apply(seat, {"type": "take", "card": pile[-1], "mode": "sell"})
    assert pile[:-1] in g.discards  # the card below is the new top


def test_R_B1_the_wheel_does_not_matter_any_pile_may_be_chosen(cat):
    """R-B1: the wheel does not restrict Phase B: every non-empty pile's top is offered."""
    g = to_phase_b(4)
    seat = g.acting_seats()[0]
    tops = {p[-1] for p in g.discards if p}
    assert len(tops) == 5
    assert {a["card"] for a in g.legal_actions(seat) if a["mode"] == "sell"} == tops


@pytest.mark.parametrize("epoch", [1, 2, 3])
def test_R_B1_R_A3_phase_B_buy_and_public_sale(cat, epoch):
    """R-B1 / R-A3: a Phase-B buy works as in Phase A (printed cost minus 1 per owned card of
    that colour, at least 0; tracks rise); a Phase-B sale pays the epoch's sell value (R-C2)
    and is public (everyone saw the card taken)."""
    g = to_phase_b(2, epoch)
    seat = g.acting_seats()[0]
    top = next(p[-1] for p in g.discards if p)
    card = cat.cards[top]
    same = [c.id for c in cat.cards.values() if c.colour == card.colour and c.id != top
            and c.epoch != epoch]
    for owned in (0, 1, card.cost + 1):  # from the printed cost down to the floor of 0
        probe = g.clone()
        force(probe, seat, coins=50, tableau=same[:owned])
        tracks = probe.tracks[seat][:]
        probe.apply(seat, {"type": "take", "card": top, "mode": "buy"})
        assert 50 - probe.coins[seat] == max(0, card.cost - owned), owned
        assert top in probe.tableau[seat]
        assert probe.tracks[seat] == [a + b for a, b in zip(tracks, card.gains, strict=True)]
    g.apply(seat, passive(g, seat))
    seat = g.acting_seats()[0]
    top = next(p[-1] for p in g.discards if p)
    before = g.coins[seat]
    res = g.apply(seat, {"type": "take", "card": top, "mode": "sell"})
    assert g.coins[seat] - before == {1: 2, 2: 3, 3: 4}[epoch]  # R-C2's sell values
    assert g.sold[seat][-1] == [top, True]
    assert top in strings_in(res.public)
    assert view(g, 1 - seat)["seats"][seat]["sold_public"][-1] == top


def test_R_B2_then_income_colony_statue_feeding_medals(cat):
    """R-B2: after Phase B come E1–E3, then feeding (F1), then medals (M1), then the next
    epoch (R-S1 deal, R-A1 wheel)."""
    g = to_phase_b(2)
    events = []
    for res in run(g, at(MEDALS, epoch=1)):
        events += [e["kind"] for e in res.public]
    order = [k for k in events if k in ("income", "feeding_started", "medals_started")]
    assert order == ["income", "feeding_started", "medals_started"]
    assert g.phase == "B"
    g2 = to_phase_b(2)
    steps = []
    while g2.step != WHEEL:
        if not steps or steps[-1] != g2.step:
            steps.append(g2.step)
        s = g2.waiting_on()[0]
        g2.apply(s, passive(g2, s))
    assert steps[:3] == [PHASE_B, COLONY, STATUE]
    assert steps[3:] in ([FEEDING, MEDALS], [MEDALS])  # feeding needs no decision if fed
    assert g2.epoch == 2
