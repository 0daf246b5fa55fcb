"""End-of-phase steps: E1 income, E2 colony (D-7), E3 statue (D-6)."""

from __future__ import annotations

import pytest

from hadara.content import EPOCHS
from hadara.errors import IllegalAction
from hadara.state import COLONY, DRAFT, PHASE_B, STATUE, WHEEL
from hadara.views import view
from tests.support.stacking import (
    CULTURE,
    INCOME,
    MILITARY,
    at,
    colonies_at,
    force,
    new_game,
    passive,
    run,
    setup_card_ids_by_initiative,
    strings_in,
    track,
)


def at_colony_step(n: int = 3, **kw):
    g = new_game(n, **kw)
    run(g, at(COLONY, epoch=1, phase="A"))
    return g


# ------------------------------------------------------------------------------ E1


@pytest.mark.parametrize("epoch", EPOCHS)
def test_E1_income_pays_the_income_track_after_each_phase(cat, epoch):
    """E1: after Phase A and after Phase B of every epoch every player gains coins equal to
    income."""
    g = new_game(3)
    run(g, at(DRAFT, epoch=epoch, rnd=4))
    for s in range(3):
        force(g, s, tracks=[3 + s, 0, 0, 0])
    coins = g.coins[:]
    sales = [cat.rules.sell_values[epoch - 1]] * 3
    for s in range(3):
        g.apply(s, passive(g, s))
    assert g.step == COLONY
    assert [g.coins[s] - coins[s] for s in range(3)] == [3 + s + sales[s] for s in range(3)]
    run(g, at(PHASE_B, epoch=epoch))
    while g.step == PHASE_B and sum(len(p) for p in g.discards) > 1:
        s = g.acting_seats()[0]
        g.apply(s, passive(g, s))
    last = g.acting_seats()[0]
    coins = g.coins[:]
    res = g.apply(last, passive(g, last))
    income = next(e for e in res.public if e["kind"] == "income")
    assert income["phase"] == "B"
    for s in range(3):
        sold = cat.rules.sell_values[epoch - 1] if s == last else 0
        assert g.coins[s] - coins[s] == g.tracks[s][INCOME] + sold


# ------------------------------------------------------------------------------ E2


def test_E2_colony_needs_military_at_least_the_requirement(cat):
    """E2: a colony whose requirement ≤ military may be taken; a higher one may not."""
    g = at_colony_step(2)
    seat = g.acting_seats()[0]
    levels = cat.rules.colony_levels
    force(g, seat, tracks=[0, levels[1], 0, 0], coins=0)
    offered = {a["level"] for a in g.legal_actions(seat) if a["type"] == "colony"}
    assert offered == {levels[0], levels[1]}
    for mode in ("plunder", "integrate"):
        with pytest.raises(IllegalAction, match=f"military {levels[2]}"):
            g.apply(seat, {"type": "colony", "level": levels[2], "mode": mode})
    force(g, seat, tracks=[0, levels[1] - 1, 0, 0])
    assert {a["level"] for a in g.legal_actions(seat) if a["type"] == "colony"} == {levels[0]}


def test_E2_plunder_takes_the_top_tile_coin_side_up(cat):
    """E2: plunder: take the top tile of the stack, gain its plunder coins, it stays coin side
    up (its back stays hidden from everyone, the taker included)."""
    level = cat.rules.colony_levels[0]
    tile = colonies_at(level)[-1]
    g = at_colony_step(2, colonies={level: [tile.id]})
    seat = g.acting_seats()[0]
    force(g, seat, tracks=[0, level, 0, 0], coins=0)
    res = g.apply(seat, {"type": "colony", "level": level, "mode": "plunder"})
    assert g.coins[seat] == tile.plunder
    assert g.colonies[seat] == [[tile.id, False]]
    assert tile.id not in g.colony_stacks[0]
    for s in (None, 0, 1):
        v = view(g, s)
        assert v["seats"][seat]["colonies"] == [
            {"level": level, "integrated": False,
             "front": {"plunder": tile.plunder, "cost": tile.cost, "points": tile.front_points}}]
        assert tile.id not in strings_in(v)
    assert tile.id not in strings_in(res.public) and tile.id not in strings_in(res.private)


def test_E2_D_7_integrate_pays_the_cost_flips_and_gains_the_back(cat):
    """E2 / D-7: integrate: pay the printed integration cost, flip the tile, gain its back's
    track gains; the tile and its back become public."""
    level = cat.rules.colony_levels[1]
    tile = max(colonies_at(level), key=lambda t: sum(t.back_gains))
    g = at_colony_step(2, colonies={level: [tile.id]})
    seat = g.acting_seats()[0]
    force(g, seat, tracks=[1, level, 1, 1], coins=tile.cost + 3)
    g.apply(seat, {"type": "colony", "level": level, "mode": "integrate"})
    assert g.coins[seat] == 3
    assert g.tracks[seat] == [a + b for a, b in zip([1, level, 1, 1], tile.back_gains,
                                                     strict=True)]
    assert g.colonies[seat] == [[tile.id, True]]
    assert view(g, 1 - seat)["seats"][seat]["colonies"][0]["tile"] == tile.id


def test_E2_D_7_integrate_needs_the_cost(cat):
    """E2 / D-7: without the integration cost only plunder is offered (cannot_afford)."""
    level = cat.rules.colony_levels[1]
    tile = max(colonies_at(level), key=lambda t: t.cost)
    assert tile.cost > 0
    g = at_colony_step(2, colonies={level: [tile.id]})
    seat = g.acting_seats()[0]
    force(g, seat, tracks=[0, level, 0, 0], coins=tile.cost - 1)
    acts = g.legal_actions(seat)
    assert {"type": "colony", "level": level, "mode": "plunder"} in acts
    assert {"type": "colony", "level": level, "mode": "integrate"} not in acts
    with pytest.raises(IllegalAction) as err:
        g.apply(seat, {"type": "colony", "level": level, "mode": "integrate"})
    assert err.value.code == "cannot_afford"


def test_E2_decide_before_seeing_the_back(cat):
    """E2: the choice names only the level and mode, never a tile: the back is unseen."""
    g = at_colony_step(3)
    seat = g.acting_seats()[0]
    force(g, seat, tracks=[0, 100, 0, 0], coins=100)
    for a in g.legal_actions(seat):
        assert set(a) <= {"type", "level", "mode"}


def test_E2_one_colony_per_level_levels_in_any_order_never_lost(cat):
    """E2: at most one colony per requirement level, levels in any order; colonies are kept
    for the rest of the game."""
    levels = cat.rules.colony_levels
    g = at_colony_step(2)
    seat = g.acting_seats()[0]
    force(g, seat, tracks=[0, 100, 0, 0], coins=0)
    g.apply(seat, {"type": "colony", "level": levels[3], "mode": "plunder"})
    run(g, at(COLONY, epoch=1, phase="B"))
    seat_now = g.acting_seats()[0]
    if seat_now != seat:
        g.apply(seat_now, {"type": "colony_skip"})
    force(g, seat, tracks=[0, 100, 0, 0])
    offered = {a["level"] for a in g.legal_actions(seat) if a["type"] == "colony"}
    assert offered == set(levels) - {levels[3]}
    with pytest.raises(IllegalAction, match="already hold"):
        g.apply(seat, {"type": "colony", "level": levels[3], "mode": "plunder"})
    g.apply(seat, {"type": "colony", "level": levels[0], "mode": "plunder"})
    run(g, at(WHEEL, epoch=2))
    assert [cat.colonies[t].requirement for t, _ in g.colonies[seat]] == [levels[3], levels[0]]


def test_E2_colony_step_runs_in_play_order_and_may_be_skipped(cat):
    """E2: each player in play order may take a colony (or none)."""
    g = at_colony_step(4)
    seen = []
    while g.step == COLONY:
        seat = g.acting_seats()[0]
        seen.append(seat)
        assert g.legal_actions(seat)[-1] == {"type": "colony_skip"}
        g.apply(seat, {"type": "colony_skip"})
    assert seen == g.order and g.step == STATUE


def test_E2_taking_reveals_the_next_tiles_front(cat):
    """E2 / R-S2: after a tile is taken, the next tile's front becomes the visible top."""
    level = cat.rules.colony_levels[0]
    g = at_colony_step(3)
    second = cat.colonies[g.colony_stacks[0][1]]
    seat = g.acting_seats()[0]
    force(g, seat, tracks=[0, level, 0, 0])
    g.apply(seat, {"type": "colony", "level": level, "mode": "plunder"})
    top = view(g, None)["colony_stacks"][0]
    assert top["count"] == 2
    assert top["top"] == {"plunder": second.plunder, "cost": second.cost,
                          "points": second.front_points}


# ------------------------------------------------------------------------------ E3


def at_statue_step(n: int = 2, **kw):
    g = new_game(n, **kw)
    run(g, at(STATUE, epoch=1, phase="A"))
    return g


def test_E3_statue_needs_culture_at_least_the_requirement(cat):
    """E3: a statue space can be carved only if its requirement ≤ culture."""
    g = at_statue_step()
    seat = g.acting_seats()[0]
    req = [s.requirement for s in cat.statues]
    force(g, seat, tracks=[0, 0, req[1], 0])
    spaces = {a["space"] for a in g.legal_actions(seat) if a["type"] == "statue"}
    assert spaces == {1, 2}
    with pytest.raises(IllegalAction, match=f"culture {req[2]}"):
        g.apply(seat, {"type": "statue", "space": 3, "tile": "red", "side": "colour"})


def test_E3_D_6_colour_side_raises_the_tiles_track_by_the_spaces_steps(cat):
    """E3 / D-6: a colour-side tile raises its colour's track by the steps the space shows."""
    g = at_statue_step()
    seat = g.acting_seats()[0]
    space = cat.statues[1]
    force(g, seat, tracks=[0, 0, space.requirement, 0])
    g.apply(seat, {"type": "statue", "space": 2, "tile": "red", "side": "colour"})
    assert g.tracks[seat][MILITARY] == space.steps
    assert g.tiles[seat][track("red")] == cat.rules.bonus_tiles_per_colour - 1
    assert g.statues[seat][1] == ["red", "colour"]
    assert g.scores()[seat]["statues"] == space.points


def test_E3_points_side_scores_the_extra_points(cat):
    """E3 / G1: a points-side tile scores the space's extra points besides the statue's."""
    g = at_statue_step()
    seat = g.acting_seats()[0]
    space = cat.statues[0]
    force(g, seat, tracks=[0, 0, space.requirement, 0])
    tracks = g.tracks[seat][:]
    g.apply(seat, {"type": "statue", "space": 1, "tile": "green", "side": "points"})
    assert g.tracks[seat] == tracks
    assert g.scores()[seat]["statues"] == space.points + space.extra_points


def test_E3_used_tiles_and_carved_spaces_are_gone_for_good(cat):
    """E3: a placed tile is never reused or flipped; a carved space cannot be carved again;
    statues are kept; with no unused tile only 'carve no statue' remains."""
    g = at_statue_step()
    seat = g.acting_seats()[0]
    force(g, seat, tracks=[0, 0, 100, 0], tiles=[1, 0, 0, 0])
    g.apply(seat, {"type": "statue", "space": 4, "tile": "yellow", "side": "points"})
    assert g.tiles[seat] == [0, 0, 0, 0]
    run(g, at(STATUE, epoch=1, phase="B"))
    if g.acting_seats()[0] != seat:
        g.apply(g.acting_seats()[0], {"type": "statue_skip"})
    assert g.legal_actions(seat) == [{"type": "statue_skip"}]
    force(g, seat, tiles=[0, 1, 0, 0])
    spaces = {a["space"] for a in g.legal_actions(seat) if a["type"] == "statue"}
    assert spaces == {1, 2, 3}
    assert all(a["tile"] == "red" for a in g.legal_actions(seat) if a["type"] == "statue")
    g.apply(seat, {"type": "statue_skip"})
    run(g, at(WHEEL, epoch=2))
    assert g.statues[seat][3] == ["yellow", "points"]


def test_E3_statue_step_in_play_order_one_statue_each(cat):
    """E3: in play order each player may carve one statue (only one without P13)."""
    g = at_statue_step(3)
    seen = []
    while g.step == STATUE:
        seat = g.acting_seats()[0]
        seen.append(seat)
        force(g, seat, tracks=[0, 0, 100, 0])
        g.apply(seat, {"type": "statue", "space": 1, "tile": "blue", "side": "colour"})
    assert seen == g.order
    assert all(g.tracks[s][CULTURE] == 100 + cat.statues[0].steps for s in range(3))


# ------------------------------------------------------------------------------ every epoch


def expected_order(cat, g, epoch: int) -> list[int]:
    """R-S4 / R-S6 from the setup cards alone: the epoch's first player, then increasing seats."""
    by_init = sorted(range(g.n), key=lambda s: cat.setup_cards[g.setup_card[s]].initiative)
    first = by_init[0] if g.n == 2 and epoch == 3 else by_init[epoch - 1]
    return [(first + i) % g.n for i in range(g.n)]


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("epoch", EPOCHS)
@pytest.mark.parametrize("phase", ["A", "B"])
def test_E2_E3_steps_run_in_play_order_in_every_epoch_and_phase(cat, n, epoch, phase):
    """E2 / E3: after each phase of every epoch, each player in play order (from the epoch's
    first player, R-S4 / R-S6 — not by seat number) takes one colony, then each carves one
    statue; every level and space is open to a player who meets its requirement (colony 30
    and statue space 4 included)."""
    ids = setup_card_ids_by_initiative()
    rank = epoch - 1  # seat 1 holds the initiative that starts this epoch (R-S4)
    cards = tuple(ids[(s - 1 + rank) % n] for s in range(n))
    g = new_game(n, setup_cards=cards)
    run(g, at(COLONY, epoch=epoch, phase=phase))
    want = expected_order(cat, g, epoch)
    assert want != list(range(n))  # seat order and play order differ here
    levels = cat.rules.colony_levels
    seen = []
    while g.step == COLONY:
        seat = g.acting_seats()[0]
        k = len(seen)
        seen.append(seat)
        level = levels[-1 - k % len(levels)]  # the first player takes colony 30
        top = cat.colonies[g.colony_stacks[levels.index(level)][0]]
        force(g, seat, tracks=[0, level, 0, 0], coins=0)
        offered = {a["level"] for a in g.legal_actions(seat) if a["type"] == "colony"}
        assert level in offered and not {lv for lv in offered if lv > level}
        g.apply(seat, {"type": "colony", "level": level, "mode": "plunder"})
        assert g.coins[seat] == top.plunder
        assert [cat.colonies[t].requirement for t, _ in g.colonies[seat]][-1] == level
    assert seen == want
    assert g.step == STATUE and g.phase == phase and g.epoch == epoch
    seen = []
    while g.step == STATUE:
        seat = g.acting_seats()[0]
        k = len(seen)
        seen.append(seat)
        space = cat.statues[-1 - k % len(cat.statues)]  # the first player carves space 4
        force(g, seat, tracks=[0, 0, space.requirement, 0])
        spaces = {a["space"] for a in g.legal_actions(seat) if a["type"] == "statue"}
        assert space.space in spaces and max(spaces) == space.space
        g.apply(seat, {"type": "statue", "space": space.space, "tile": "yellow",
                       "side": "colour"})
        assert g.tracks[seat][INCOME] == space.steps
        assert g.statues[seat][space.space - 1] == ["yellow", "colour"]
    assert seen == want
