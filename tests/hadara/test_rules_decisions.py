"""Decisions: who decides what and when, ids, forced decisions, simultaneous steps, clone and
snapshot (the engine contract behind D-2, R-A2/R-A4, F1 and M1's simultaneous choices)."""

from __future__ import annotations

import json

import pytest

from hadara.engine import Game
from hadara.errors import StaleDecision
from hadara.options import options, unavailable
from hadara.rng import Rng
from hadara.state import (
    COLONY,
    DERIVED,
    DRAFT,
    FEEDING,
    FIELDS,
    MEDALS,
    PHASE_B,
    SETUP_SIDE,
    STATUE,
    WHEEL,
)
from tests.support.stacking import at, force, new_game, passive, play_random, run


def test_who_decides_in_every_step(cat):
    """Decisions: setup sides and the draft, medals: everyone; the wheel: the first player;
    Phase B, colony and statue steps: one seat in play order; feeding: the unfed."""
    g = new_game(3, "advanced")
    seen: dict[str, set[tuple[int, ...]]] = {}
    rng = Rng(5)
    while not g.is_over:
        acting = tuple(g.acting_seats())
        seen.setdefault(g.step, set()).add(acting)
        if g.step in (SETUP_SIDE, DRAFT):
            assert acting == (0, 1, 2)  # picked seats may still replace their pick
        if g.step in (MEDALS, FEEDING):
            assert acting == tuple(s for s in range(3) if not g.done[s])
        if g.step == WHEEL:
            assert acting == (g.first,)
        if g.step in (PHASE_B, COLONY, STATUE):
            assert len(acting) == 1
        for d in g.decisions():
            assert d.kind == g.step and d.id == g.decision_id(d.seat)
        seat = g.waiting_on()[rng.below(len(g.waiting_on()))]
        acts = g.legal_actions(seat)
        g.apply(seat, acts[rng.below(len(acts))], g.decision_id(seat))
    assert set(seen) >= {SETUP_SIDE, WHEEL, DRAFT, PHASE_B, COLONY, STATUE, MEDALS}
    assert g.acting_seats() == [] and g.waiting_on() == []


def test_legal_actions_have_a_stable_order(cat):
    """Decisions: legal actions come in a stable order (the same list every time, also on a
    clone), e.g. the draft lists each drawn card in hand order, buy before sell."""
    g = new_game(2)
    run(g, at(DRAFT, epoch=1))
    force(g, 0, coins=50)
    acts = g.legal_actions(0)
    assert acts == g.legal_actions(0) == g.clone().legal_actions(0)
    cards = [a["card"] for a in acts]
    assert cards == sorted(cards, key=g.hands[0].index)
    for cid in g.hands[0]:
        modes = [a["mode"] for a in acts if a["card"] == cid]
        assert modes[-1] == "sell" and set(modes[:-1]) <= {"buy"}
    run(g, at(COLONY, epoch=1, phase="A"))
    seat = g.acting_seats()[0]
    force(g, seat, tracks=[0, 100, 0, 0], coins=100)
    acts = g.legal_actions(seat)
    levels = [a["level"] for a in acts if a["type"] == "colony"]
    assert levels == sorted(levels) and acts[-1] == {"type": "colony_skip"}


def test_forced_decisions_are_flagged_and_apply_forced_resolves_them(cat):
    """Decisions: a decision with exactly one legal action is flagged forced; apply_forced
    applies every forced decision until a real choice is left."""
    g = new_game(3)
    run(g, at(COLONY, epoch=1, phase="A"))
    for s in range(3):
        force(g, s, tracks=[0, 0, 0, 0], tiles=[0, 0, 0, 0])
    seat = g.acting_seats()[0]
    (d,) = g.decisions()
    assert d.forced and d.actions == [{"type": "colony_skip"}] and d.seat == seat
    res = g.apply_forced()
    assert g.step == PHASE_B  # every colony and statue decision was forced
    kinds = [e["kind"] for e in res.public]
    assert kinds.count("colony_skipped") == 3 and kinds.count("statue_skipped") == 3
    (d,) = g.decisions()
    assert not d.forced
    assert g.apply_forced().public == []


def test_simultaneous_picks_are_independent_and_replaceable(cat):
    """R-A2 / R-A4: simultaneous picks may come in any order; a pick may be replaced until the
    last player picks; the decision id stays the same until the round resolves."""
    g = new_game(3)
    run(g, at(DRAFT, epoch=1))
    ids = [g.decision_id(s) for s in range(3)]
    assert len(set(ids)) == 3
    h = [g.hands[s][:] for s in range(3)]
    g.apply(2, {"type": "draft", "card": h[2][0], "mode": "sell"}, ids[2])
    g.apply(0, {"type": "draft", "card": h[0][0], "mode": "sell"}, ids[0])
    assert [g.decision_id(s) for s in range(3)] == ids  # nobody's choice went stale
    assert g.waiting_on() == [1]
    assert [d.committed for d in g.decisions()] == [True, False, True]
    g.apply(0, {"type": "draft", "card": h[0][1], "mode": "sell"}, ids[0])  # replaced
    assert g.decision_id(0) == ids[0]
    g.apply(1, {"type": "draft", "card": h[1][1], "mode": "sell"}, ids[1])
    assert g.round == 1
    assert [c for c, _ in g.sold[0]] == [h[0][1]]  # the replacement counted
    assert g.discards[g.deck_colours.index(g.catalog.cards[h[0][0]].colour)] == [h[0][0]]
    new_ids = [g.decision_id(s) for s in range(3)]
    assert not set(new_ids) & set(ids)
    with pytest.raises(StaleDecision):
        g.apply(0, {"type": "draft", "card": g.hands[0][0], "mode": "sell"}, ids[0])


def test_other_players_actions_never_make_an_open_choice_stale(cat):
    """Decisions: in feeding and medals another player's action leaves my decision id alone;
    my own action gives me a fresh id (so a repeated click is refused as stale)."""
    g = new_game(2)
    run(g, at(MEDALS, epoch=1))
    for s in range(2):
        force(g, s, coins=100)
    mine = g.decision_id(0)
    g.apply(1, {"type": "medal", "kind": "gold"}, g.decision_id(1))
    g.apply(1, {"type": "medal", "kind": "silver", "tile": "red"}, g.decision_id(1))
    assert g.decision_id(0) == mine
    g.apply(0, {"type": "medal", "kind": "gold"}, mine)
    assert g.decision_id(0) != mine
    with pytest.raises(StaleDecision):
        g.apply(0, {"type": "medal", "kind": "gold"}, mine)
    assert g.medal_status(0)["gold"] == 1


def test_decision_ids_are_unique_over_a_whole_game(cat):
    """Decisions: every id ever issued is new; an id is unchanged until its decision is
    resolved."""
    g = Game.new(["a", "b", "c", "d"], "advanced", 9)
    issued: set[str] = set()
    rng = Rng(9)
    previous = list(g.decision_ids)
    issued |= {d for d in previous if d}
    while not g.is_over:
        seat = g.waiting_on()[rng.below(len(g.waiting_on()))]
        acts = g.legal_actions(seat)
        g.apply(seat, acts[rng.below(len(acts))], g.decision_id(seat))
        for s, d in enumerate(g.decision_ids):
            if d and d != previous[s]:
                assert d not in issued, f"id {d} issued twice"
                issued.add(d)
        previous = list(g.decision_ids)
    assert len(issued) > 100


def test_unavailable_natural_options_are_listed_with_reasons(cat):
    """Decisions: options() lists legal actions with labels, then natural options that are not
    available now, each with a code and a reason."""
    g = new_game(2)
    run(g, at(DRAFT, epoch=1))
    force(g, 0, coins=0)
    opts = options(g, 0)
    legal = [o for o in opts if o["legal"]]
    assert [o["action"] for o in legal] == g.legal_actions(0)
    assert all(o["label"] for o in opts)
    dear = [o for o in opts if not o["legal"]]
    assert dear and all(o["code"] == "cannot_afford" and "costs" in o["reason"] for o in dear)
    run(g, at(COLONY, epoch=1, phase="A"))
    seat = g.acting_seats()[0]
    force(g, seat, tracks=[0, cat.rules.colony_levels[0], 0, 0], coins=0)
    reasons = {o["action"]["level"]: o["reason"] for o in unavailable(g, seat)}
    for level in cat.rules.colony_levels[1:]:
        assert f"needs military {level}" in reasons[level]
    g.apply(seat, {"type": "colony", "level": cat.rules.colony_levels[0], "mode": "plunder"})
    assert unavailable(g, seat) == []  # no decision, nothing to list


def test_clone_is_an_independent_game(cat):
    """Engine contract: clone() gives a Game that can be played without touching the
    original."""
    g = new_game(3)
    run(g, at(DRAFT, epoch=1))
    before = g.snapshot()
    c = g.clone()
    assert isinstance(c, Game) and c.snapshot() == before
    play_random(c, Rng(1))
    assert c.is_over and g.snapshot() == before
    run(g, at(PHASE_B, epoch=1))
    assert g.snapshot() != before


def test_snapshot_holds_every_state_field_as_json(cat):
    """Engine contract: snapshot() is JSON data naming every state field (not the derived
    caches), so equal snapshots mean equal states."""
    g = new_game(2)
    snap = g.snapshot()
    assert json.loads(json.dumps(snap)) == snap
    assert set(snap) == set(FIELDS) - set(DERIVED)
    assert snap["coins"] == g.coins and snap["decks"] == g.decks
    before = g.snapshot()
    g.apply(g.first, passive(g, g.first))
    assert g.snapshot() != before


def test_feeding_waits_only_for_those_who_must_feed(cat):
    """F1 decisions: only unfed players decide; a fed player is done from the start."""
    g = new_game(2)
    run(g, at(STATUE, epoch=1, phase="B"))
    force(g, 0, tableau=g.tableau[0] + [c for c, _ in g.sold[0]][:3], tracks=[0, 0, 0, 0])
    force(g, 1, tracks=[0, 0, 0, 99])
    run(g, lambda g: g.step != STATUE)
    assert g.step == FEEDING and g.waiting_on() == [0] and g.done == [False, True]
