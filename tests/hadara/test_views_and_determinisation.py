"""Views ("Information: who may see what") and determinisation.

Leak tests build two games that differ only in what a seat cannot see and require identical
views for that seat; determinisation must rebuild a game the seat cannot tell apart.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from hadara.determinise import determinise
from hadara.engine import Game
from hadara.rng import Rng
from hadara.state import COLONY, DRAFT, FEEDING, MEDALS, PHASE_B, SETUP_SIDE, STATUE, WHEEL
from hadara.views import view
from tests.hadara.test_properties import _masked
from tests.support.stacking import (
    as_json,
    at,
    cards,
    colonies_at,
    draw_colour,
    force,
    hidden_card_ids,
    make_setup,
    new_game,
    passive,
    perturb_hidden,
    play_random,
    run,
    strings_in,
)


def sample_positions(n: int, variant: str, seed: int, every: int = 7) -> list[Game]:
    """Clones of one random game taken every ``every`` actions."""
    g = Game.new([f"p{i}" for i in range(n)], variant, seed)
    rng = Rng(seed)
    out = [g.clone()]
    k = 0
    while not g.is_over:
        seat = g.waiting_on()[rng.below(len(g.waiting_on()))]
        acts = g.legal_actions(seat)
        g.apply(seat, acts[rng.below(len(acts))], g.decision_id(seat))
        k += 1
        if k % every == 0:
            out.append(g.clone())
    out.append(g)
    return out


# ------------------------------------------------------------------------------ views


def test_views_are_json_and_hide_what_must_stay_hidden(cat):
    """Information: views are JSON; none shows another seat's hand or Phase-A sales, an
    unintegrated colony's id, a draw pile's order, the box, the seed or generator state."""
    for g in sample_positions(4, "advanced", 3):
        for seat in (None, 0, 1, 2, 3):
            v = view(g, seat)
            assert as_json(v) == v
            assert not strings_in(v) & hidden_card_ids(g, seat)
            assert "seed" not in v and "box" not in v and "epoch_decks" not in v
            assert [d["count"] for d in v["decks"]] == [len(d) for d in g.decks]
            if seat is None:
                assert "private" not in v and v["viewer"] is None


def test_public_information_is_in_every_view(cat):
    """Information: tableaux, tracks, coins, colonies' visible sides, statues, medals, the
    discard piles (D-8), draw pile sizes and the wheel are public."""
    g = sample_positions(3, "basic", 8, every=1000)[-1]
    for seat in (None, 0, 1, 2):
        v = view(g, seat)
        for s in range(3):
            pub = v["seats"][s]
            assert pub["tableau"] == g.tableau[s] and pub["coins"] == g.coins[s]
            assert list(pub["tracks"].values()) == g.tracks[s]
            assert pub["statues"] == [None if p is None else {"tile": p[0], "side": p[1]}
                                      for p in g.statues[s]]
            assert pub["silver_medals"] == g.silver[s] and pub["gold_medals"] == g.gold[s]
            assert len(pub["colonies"]) == len(g.colonies[s])
            assert pub["sold_public"] == [c for c, public in g.sold[s] if public]
            assert pub["score"] == g.scores()[s]
        assert v["discards"] == g.discards and v["wheel"] == g.wheel


def test_leak_other_seats_hand_and_draw_order(cat):
    """Information: a seat's view is the same whatever another seat drew and whatever order
    the draw piles are in."""
    c1 = draw_colour(1, 0)
    x, y = (c.id for c in cards(colour=c1, epoch=1)[:2])
    setup = make_setup(3, hands={(1, 0, 1): (x, y)})
    z = next(c.id for c in cards(colour=c1, epoch=1) if c.id not in setup.decks[1][c1])
    decks = {e: dict(d) for e, d in setup.decks.items()}
    decks[1][c1] = tuple(z if c == x else c for c in decks[1][c1])
    a = Game.from_setup(setup)
    b = Game.from_setup(replace(setup, decks=decks))
    for g in (a, b):
        run(g, at(DRAFT, epoch=1))
    assert a.hands[1] != b.hands[1]
    reordered = a.clone()
    for d in reordered.decks:
        d.reverse()
    assert reordered.decks != a.decks
    for seat in (0, 2, None):
        assert view(a, seat) == view(b, seat) == view(reordered, seat)
    # seat 1 sells the card the others never saw and discards the shared one
    for g, kept in ((a, x), (b, z)):
        g.apply(1, {"type": "draft", "card": kept, "mode": "sell"})
        assert view(g, 1)["private"]["commit"]["card"] == kept
    for seat in (0, 2, None):
        assert view(a, seat) == view(b, seat)
    for g in (a, b):
        for s in (0, 2):
            g.apply(s, passive(g, s))
    assert a.sold[1] != b.sold[1]
    for seat in (0, 2, None):
        assert view(a, seat) == view(b, seat)  # a Phase-A sale stays private


def test_leak_draft_pick_hidden_until_the_round_resolves(cat):
    """Information: which card another seat picked (and buy or sell) is hidden until all have
    picked."""
    g = new_game(3)
    run(g, at(DRAFT, epoch=1))
    force(g, 1, coins=50)
    picks = [a for a in g.legal_actions(1)]
    views = set()
    for p in picks:
        c = g.clone()
        c.apply(1, p)
        views.add(repr(view(c, 0)))
        views.add(repr(view(c, None)))
    assert len(views) == 2  # one for seat 0, one for the spectator


def test_leak_setup_side_hidden_until_all_chose(cat):
    """Information / R-S3: another seat's setup side choice is hidden until all have chosen."""
    g = new_game(3, "advanced")
    assert g.step == SETUP_SIDE
    a, b = g.clone(), g.clone()
    a.apply(2, {"type": "setup_side", "side": "A"})
    b.apply(2, {"type": "setup_side", "side": "B"})
    for seat in (0, 1, None):
        assert view(a, seat) == view(b, seat)
    assert view(a, 2) != view(b, 2)


def test_leak_plundered_colony_back_and_id(cat):
    """Information: a colony not integrated is named only by its front; two tiles with the same
    front but different backs look identical."""
    level = cat.rules.colony_levels[0]
    tiles = colonies_at(level)
    t1, t2 = next((p, q) for p in tiles for q in tiles
                  if p.id != q.id and p.front == q.front and p.back_gains != q.back_gains)
    games = []
    for t in (t1, t2):
        g = new_game(2, colonies={level: [t.id]})
        run(g, at(COLONY, epoch=1, phase="A"))
        seat = g.acting_seats()[0]
        force(g, seat, tracks=[0, level, 0, 0])
        res = g.apply(seat, {"type": "colony", "level": level, "mode": "plunder"})
        assert t.id not in strings_in(res.public)
        games.append(g)
    for seat in (0, 1, None):
        assert view(games[0], seat) == view(games[1], seat)


def test_leak_seed_and_generator_state(cat):
    """Information: the seed and the generator state never reach a view."""
    setup = make_setup(3)
    a, b = Game.from_setup(setup, seed=1), Game.from_setup(setup, seed=987654321)
    for seat in (0, 1, 2, None):
        assert view(a, seat) == view(b, seat)


@pytest.mark.parametrize("seed", [4, 5])
def test_leak_any_hidden_difference_is_invisible(cat, seed):
    """Information: games differing only in what a seat cannot see (draw orders, others' hands
    and Phase-A sales, hidden colony tiles, future decks) give that seat identical views."""
    rng = Rng(seed)
    changed = 0
    for g in sample_positions(3 + seed % 2, "advanced", seed, every=5):
        for seat in range(g.n):
            other = perturb_hidden(g, seat, rng)
            changed += other.snapshot() != g.snapshot()
            assert view(other, seat) == view(g, seat)
    assert changed > 20  # the perturbations really changed hidden things


def test_medal_and_feeding_choices_are_invisible_until_resolved(cat):
    """Information / F1 / M1: another seat's pending medals or feeding actions, even how many,
    do not show in a view (not through counters or decision ids either)."""
    g = new_game(2)
    run(g, at(MEDALS, epoch=1))
    force(g, 1, coins=100)
    a, b = g.clone(), g.clone()
    a.apply(1, {"type": "medal", "kind": "gold"})
    a.apply(1, {"type": "medal", "kind": "silver", "tile": "red"})
    assert view(a, 0) == view(g, 0)
    a.apply(1, {"type": "medals_done"})
    b.apply(1, {"type": "medals_done"})
    assert view(a, 0) == view(b, 0)
    for x in (a, b):
        x.apply(0, {"type": "medal", "kind": "silver", "tile": "blue"})
    assert view(a, 0) == view(b, 0)  # my next decision id does not count their purchases
    g2 = new_game(2)
    run(g2, at(STATUE, epoch=1, phase="B"))
    for s in range(2):
        force(g2, s, tableau=[c.id for c in cards(colour="red")[:4]], tracks=[0, 0, 0, 1])
    run(g2, lambda x: x.step != STATUE)
    c, d = g2.clone(), g2.clone()
    c.apply(1, {"type": "feed_remove", "card": c.tableau[1][0]})
    assert view(c, 0) == view(g2, 0) and view(c, None) == view(g2, None)
    c.apply(0, {"type": "feed_remove", "card": c.tableau[0][0]})
    d.apply(0, {"type": "feed_remove", "card": d.tableau[0][0]})
    assert view(c, 0) == view(d, 0)


def test_public_and_private_events_name_no_hidden_card(cat):
    """Information: Result.public never names a card hidden from the table; a seat's private
    events never name a card hidden from that seat."""
    g = Game.new(["a", "b", "c"], "advanced", 21)
    rng = Rng(21)
    assert not strings_in(g.opening.public) & hidden_card_ids(g, None)
    while not g.is_over:
        seat = g.waiting_on()[rng.below(len(g.waiting_on()))]
        acts = g.legal_actions(seat)
        res = g.apply(seat, acts[rng.below(len(acts))], g.decision_id(seat))
        assert not strings_in(res.public) & hidden_card_ids(g, None)
        for s, evs in res.private.items():
            assert not strings_in(evs) & hidden_card_ids(g, s)


# ------------------------------------------------------------------------------ determinisation


def _det_check(g: Game, seat: int, k: int) -> Game:
    v = view(g, seat)
    det = determinise(v, Rng(k))
    assert _masked(view(det, seat), seat) == _masked(v, seat)
    return det


@pytest.mark.parametrize("n,variant,seed", [(2, "basic", 1), (5, "advanced", 2)])
def test_determinised_game_looks_the_same_and_plays_to_the_end(cat, n, variant, seed):
    """Determinisation: determinise(view(g, s), Rng(k)) shows s the same view (other seats'
    simultaneous commit flags reopened) and can be played to the end."""
    steps = set()
    for i, g in enumerate(sample_positions(n, variant, seed, every=3)):
        if g.is_over:
            continue
        steps.add(g.step)
        seat = g.waiting_on()[0]
        det = _det_check(g, seat, i)
        play_random(det, Rng(i))
        assert det.is_over
    assert {DRAFT, PHASE_B, COLONY, STATUE, MEDALS} <= steps


def test_determinisation_samples_hidden_parts_only(cat):
    """Determinisation: the hidden parts vary with the generator; the visible ones never."""
    g = new_game(3)
    run(g, at(DRAFT, epoch=1, rnd=1))
    a, b = (determinise(view(g, 0), Rng(k)) for k in (1, 2))
    assert a.hands[0] == b.hands[0] == g.hands[0]
    assert a.tableau == b.tableau == g.tableau and a.discards == g.discards
    assert (a.decks, a.hands[1:]) != (b.decks, b.hands[1:])
    assert [len(d) for d in a.decks] == [len(d) for d in g.decks]
    with pytest.raises(ValueError):
        determinise(view(g, None), Rng(1))


def test_determinisation_in_feeding_and_medals_keeps_own_pending(cat):
    """Determinisation: in feeding and medals the seat's own recorded actions are kept; other
    seats are reopened (their hidden choices are unknown)."""
    g = new_game(2)
    run(g, at(MEDALS, epoch=1))
    for s in range(2):
        force(g, s, coins=100)
    g.apply(0, {"type": "medal", "kind": "gold"})
    g.apply(1, {"type": "medal", "kind": "silver", "tile": "blue"})
    g.apply(1, {"type": "medals_done"})
    det = _det_check(g, 0, 3)
    assert det.pending[0] == [{"type": "medal", "kind": "gold"}] and det.pending[1] == []
    assert det.waiting_on() == [0, 1]
    det.apply(0, {"type": "medals_done"}, det.decision_id(0))
    assert det.waiting_on() == [1]
    g2 = new_game(2)
    run(g2, at(STATUE, epoch=1, phase="B"))
    for s in range(2):
        force(g2, s, tableau=[c.id for c in cards(colour="red")[:4]], tracks=[0, 0, 0, 1])
    run(g2, lambda x: x.step != STATUE)
    assert g2.step == FEEDING
    g2.apply(1, {"type": "feed_remove", "card": g2.tableau[1][0]})
    det = _det_check(g2, 1, 4)
    assert det.pending[1] == g2.pending[1] and det.pending[0] == []
    play_random(det, Rng(5))


def test_masked_comparison_still_sees_real_differences(cat):
    """Determinisation test helper: the mask drops only other seats' commit flags."""
    g = new_game(2)
    run(g, at(DRAFT, epoch=1))
    v: dict[str, Any] = view(g, 0)
    w = view(g, 0)
    w["seats"][1]["coins"] += 1
    assert _masked(v, 0) != _masked(w, 0)


@pytest.mark.parametrize("where", ["setup_side", "wheel_epoch_2", "over"])
def test_determinisation_at_the_edges_of_the_game(cat, where):
    """Determinisation: also before the first deal (advanced setup sides), at an epoch's wheel
    decision and after the end."""
    g = new_game(3, "advanced")
    if where == "setup_side":
        g.apply(1, {"type": "setup_side", "side": "B"})
        seat = 1
    elif where == "wheel_epoch_2":
        run(g, at(WHEEL, epoch=2))
        seat = g.first
    else:
        play_random(g, Rng(7))
        seat = 2
    det = _det_check(g, seat, 11)
    if where == "setup_side":
        assert det.commits[1] == {"type": "setup_side", "side": "B"} and det.commits[0] is None
    if where == "over":  # nothing is hidden any more: the same final table and winners
        assert det.is_over
        assert det.scores() == g.scores() and det.winners() == g.winners()
        assert det.coins == g.coins and det.tableau == g.tableau

        def visible(game: Game) -> list[list[Any]]:  # a plundered tile is known by its front
            return [[t if up else cat.colonies[t].front for t, up in held]
                    for held in game.colonies]
        assert visible(det) == visible(g)
    else:
        assert not det.is_over
        assert det.waiting_on() == g.waiting_on() or where == "setup_side"
        play_random(det, Rng(12))
        assert det.is_over
