"""Views: the decision context (``private["context"]``), fresh data, seat validation, and the
documentation of every event kind and view field.

Context values are checked against numbers computed here from the rules and the raw data files
(``data/*.json``), not from the engine helper that produced them, wherever that is possible.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from hadara.content import COLOURS, DEFAULT_DATA_DIR, TRACK_COLOURS, TRACKS
from hadara.engine import Game
from hadara.errors import NotSeated
from hadara.rng import Rng
from hadara.state import COLONY, DRAFT, FEEDING, MEDALS, PHASE_B, SETUP_SIDE, STATUE, WHEEL
from hadara.types import CONTEXT_KINDS, EVENT_KINDS, PrivateView, SeatView, ViewData
from hadara.views import spectator_view, view
from tests.support.stacking import (
    as_json,
    at,
    card,
    cards,
    force,
    new_game,
    perturb_hidden,
    run,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "engine.md"
MILITARY, CULTURE, FOOD = 1, 2, 3


def raw(name: str) -> Any:
    """A data file as stored (independent of the catalog loader)."""
    return json.loads((DEFAULT_DATA_DIR / name).read_text(encoding="utf-8"))


def raw_by_id(name: str) -> dict[str, dict[str, Any]]:
    return {r["id"]: r for r in raw(name)}


def rule(effect: str, key: str) -> int:
    value: int = raw("rules.json")["effects"][effect][key]
    return value


def ctx(game: Game, seat: int) -> dict[str, Any]:
    c = view(game, seat)["private"]["context"]
    assert c is not None and c["kind"] == game.step
    return c


def random_positions(n: int, variant: str, seed: int) -> list[Game]:
    """A clone of a random game after every action (and the start and the end)."""
    g = Game.new([f"p{i}" for i in range(n)], variant, seed)
    rng = Rng(seed)
    out = [g.clone()]
    while not g.is_over:
        seats = g.waiting_on()
        seat = seats[rng.below(len(seats))]
        acts = g.legal_actions(seat)
        g.apply(seat, acts[rng.below(len(acts))], g.decision_id(seat))
        out.append(g.clone())
    return out


@pytest.fixture(scope="module")
def positions() -> list[Game]:
    return random_positions(3, "advanced", 5) + random_positions(4, "basic", 11)[::3]


# ------------------------------------------------------------------------------ every position


def test_context_is_none_without_a_decision_and_names_the_step(positions):
    for g in positions:
        for s in range(g.n):
            c = view(g, s)["private"]["context"]
            if g.decision_id(s) is None:
                assert c is None
            else:
                assert c is not None and c["kind"] == g.step


def test_context_agrees_with_the_legal_actions(positions):
    """Whatever the context calls possible is exactly what legal_actions offers."""
    for g in positions:
        for s in g.acting_seats():
            c, legal = ctx(g, s), g.legal_actions(s)
            if g.step in (DRAFT, PHASE_B):
                for o in c["cards"]:
                    assert o["can_buy"] == any(a["card"] == o["card"] and a["mode"] == "buy"
                                               for a in legal)
            elif g.step == COLONY:
                for lv in c["levels"]:
                    modes = {a["mode"] for a in legal
                             if a["type"] == "colony" and a["level"] == lv["level"]}
                    assert lv["reachable"] == bool(modes) == (lv["reason"] is None)
                    assert lv["can_integrate"] == ("integrate" in modes)
            elif g.step == STATUE:
                for sp in c["spaces"]:
                    assert sp["reachable"] == any(a["type"] == "statue"
                                                  and a["space"] == sp["space"] for a in legal)
                    assert sp["reachable"] == (sp["reason"] is None)
            elif g.step == FEEDING:
                assert c["p6"]["can_pay"] == ({"type": "feed_pay"} in legal)
            elif g.step == MEDALS:
                assert c["gold"]["legal"] == any(a.get("kind") == "gold" for a in legal)


def test_context_shows_no_hidden_information_of_other_seats(positions):
    """Information: a seat's view (context included) is the same whatever it cannot see."""
    rng = Rng(4)
    for g in positions[::9]:
        for s in range(g.n):
            assert view(perturb_hidden(g, s, rng), s) == view(g, s)


# ------------------------------------------------------------------------------ per decision kind


def test_setup_side_context_shows_both_sides_of_the_seats_card():
    g = new_game(3, "advanced")
    assert g.step == SETUP_SIDE
    data = raw_by_id("setup_cards.json")
    for s in range(3):
        c = ctx(g, s)
        printed = data[g.setup_card[s]]
        assert c["setup_card"] == g.setup_card[s] and c["chosen"] is None
        assert c["initiative"] == printed["initiative"]
        for side in c["sides"]:
            p = printed[side["side"]]
            assert side["coins"] == p["coins"]
            assert side["tracks"] == {t: p["tracks"].get(t, 0) for t in TRACKS}
        assert [x["side"] for x in c["sides"]] == ["A", "B"]
    g.apply(1, {"type": "setup_side", "side": "B"})
    assert ctx(g, 1)["chosen"] == "B" and ctx(g, 0)["chosen"] is None


def test_wheel_context_shows_where_everyone_would_draw_first():
    """R-A1 / R-S6: pointing the chooser's emblem at a deck decides everyone's first deck;
    each option's draws are what the round actually deals after that choice."""
    for n in (2, 3, 5):
        g = new_game(n)
        run(g, at(WHEEL, epoch=1))
        chooser = g.first
        c = ctx(g, chooser)
        assert c["chooser"] == chooser
        assert sorted(o["colour"] for o in c["options"]) == sorted(g.deck_colours)
        for o in c["options"]:
            offset = (g.deck_colours.index(o["colour"]) - chooser) % 5
            assert o["offset"] == offset
            assert o["draws"] == [{"seat": s, "colour": g.deck_colours[(s + offset) % 5]}
                                  for s in range(n)]
            after = g.clone()
            after.apply(chooser, {"type": "wheel", "colour": o["colour"]})
            assert spectator_view(after)["draws"] == o["draws"]
            # the chooser's emblem points at the chosen deck
            assert o["draws"][chooser]["colour"] == o["colour"]


def _expected_prices(g: Game, seat: int, cid: str) -> tuple[int, int]:
    printed = raw_by_id("cards.json")
    c = printed[cid]
    owned = sum(1 for x in g.tableau[seat] if printed[x]["colour"] == c["colour"])
    p1 = sum(1 for x in g.tableau[seat] if (printed[x]["effect"] or {}).get("id") == "P1")
    sell = raw("rules.json")["sell_values"][c["epoch"] - 1] + p1 * rule("P1", "coins")
    return max(0, c["cost"] - owned), sell


def test_draft_context_prices_the_hand_for_this_seat():
    """R-A3 (discount per owned card of the colour), P1 (sale bonus)."""
    g = new_game(3)
    run(g, at(DRAFT, epoch=1, rnd=0))
    hand_colour = raw_by_id("cards.json")[g.hands[0][0]]["colour"]
    same = cards(colour=hand_colour, epoch=1)[-3:]
    force(g, 0, coins=1, tableau=[x.id for x in same] + [card(effect="P1").id])
    c = ctx(g, 0)
    assert [o["card"] for o in c["cards"]] == g.hands[0]
    assert c["deck_colour"] == hand_colour and c["coins"] == 1
    for o in c["cards"]:
        assert (o["buy"], o["sell"]) == _expected_prices(g, 0, o["card"])
        assert o["colour"] == hand_colour and o["picked"] is None
        assert o["can_buy"] == (o["buy"] <= 1)
    pick = {"type": "draft", "card": g.hands[0][1], "mode": "sell"}
    g.apply(0, pick)
    assert [o["picked"] for o in ctx(g, 0)["cards"]] == [None, "sell"]


def test_phase_b_context_prices_every_discard_top():
    g = new_game(3)
    run(g, at(PHASE_B, epoch=1))
    seat = g.waiting_on()[0]
    c = ctx(g, seat)
    tops = [(p[-1], g.deck_colours[k]) for k, p in enumerate(g.discards) if p]
    assert [(o["card"], o["colour"]) for o in c["cards"]] == tops
    for o in c["cards"]:
        assert (o["buy"], o["sell"]) == _expected_prices(g, seat, o["card"])
    assert view(g, seat)["private"]["prices"] == {
        o["card"]: {"buy": o["buy"], "sell": o["sell"]} for o in c["cards"]}


def _colony_game(military: int, coins: int, tableau: list[str]) -> tuple[Game, int]:
    g = new_game(3)
    run(g, at(COLONY, epoch=1))
    seat = g.waiting_on()[0]
    tracks = g.tracks[seat][:]
    tracks[MILITARY] = military
    force(g, seat, coins=coins, tracks=tracks, tableau=tableau)
    return g, seat


@pytest.mark.parametrize("military, coins, effects", [
    (0, 0, []),
    (10, 3, []),
    (5, 40, ["P15"]),
    (5, 6, ["P14", "P15"]),
    (16, 1, ["P9"]),
    (30, 2, ["P14", "P14", "P9"]),
])
def test_colony_context_levels(military, coins, effects):
    """E2 with P9, P14 (−4 per card), P15 (3 coins per point, at most 30): each level's
    reachability, reason, gap and payment, the top tile's front, and integrate affordable."""
    picked: list[str] = []
    for e in effects:
        picked.append(next(x.id for x in cards(effect=e) if x.id not in picked))
    g, seat = _colony_game(military, coins, picked)
    fronts = {r["id"]: r["front"] for r in raw("colonies.json")}
    reduction = effects.count("P14") * rule("P14", "reduction")
    p9 = effects.count("P9") * rule("P9", "coins")
    c = ctx(g, seat)
    assert (c["military"], c["reduction"], c["coins"], c["p9_bonus"]) == (
        military, reduction, coins, p9)
    assert [lv["level"] for lv in c["levels"]] == raw("rules.json")["colony_levels"]
    for lv, stack in zip(c["levels"], g.colony_stacks, strict=True):
        level = lv["level"]
        gap = max(0, level - military - reduction)
        if gap == 0:
            pay: int | None = 0
        elif "P15" in effects and gap * rule("P15", "coins_per_point") <= rule("P15",
                                                                             "max_coins"):
            pay = gap * rule("P15", "coins_per_point")
        else:
            pay = None
        assert (lv["requirement"], lv["gap"], lv["pay"], lv["count"]) == (
            level, gap, pay, len(stack))
        assert lv["top"] == fronts[stack[0]]
        reachable = pay is not None and pay <= coins
        assert lv["reachable"] == lv["can_plunder"] == reachable
        assert lv["reason"] == (None if reachable else
                                "needs_military" if pay is None else "requirement_payment")
        cost = fronts[stack[0]]["cost"]
        assert lv["can_integrate"] == (reachable and coins - pay + p9 >= cost)  # type: ignore[operator]


def test_colony_context_held_level_and_empty_stack():
    g, seat = _colony_game(50, 50, [])
    levels = raw("rules.json")["colony_levels"]
    held = next(t for t in g.colony_box if g.catalog.colonies[t].requirement == levels[0])
    g.colonies[seat].append([held, False])
    g.colony_stacks[1] = []
    c = ctx(g, seat)
    assert c["levels"][0]["reason"] == "already_hold_level" and not c["levels"][0]["reachable"]
    assert c["levels"][1]["reason"] == "no_colony_left" and c["levels"][1]["top"] is None
    assert c["levels"][2]["reason"] is None and c["levels"][2]["reachable"]


def _statue_game(culture: int, coins: int, tableau: list[str]) -> tuple[Game, int]:
    g = new_game(3)
    run(g, at(STATUE, epoch=1))
    seat = g.waiting_on()[0]
    tracks = g.tracks[seat][:]
    tracks[CULTURE] = culture
    force(g, seat, coins=coins, tracks=tracks, tableau=tableau)
    return g, seat


@pytest.mark.parametrize("n_p4", [0, 1, 2])
def test_statue_context_steps_and_points_with_p4(n_p4):
    """E3 + P4: a colour-side tile gives the space's steps +2 per P4 card; a points-side tile
    scores the statue's points, its extra points and +2 per P4 card (data/statues.json and
    the P4 parameters in data/rules.json)."""
    p4 = [x.id for x in cards(effect="P4")][:n_p4]
    assert len(p4) == n_p4
    g, seat = _statue_game(13, 0, p4)
    c = ctx(g, seat)
    printed = raw("statues.json")
    assert c["culture"] == 13 and c["reduction"] == 0
    assert c["tiles"] == dict(zip(TRACK_COLOURS, g.tiles[seat], strict=True))
    assert c["tile_colours"] == [col for col, k in c["tiles"].items() if k]
    for sp, p in zip(c["spaces"], printed, strict=True):
        assert sp["space"] == p["space"] and sp["requirement"] == p["requirement"]
        assert sp["colour_steps"] == p["steps"] + n_p4 * rule("P4", "steps")
        assert sp["points"] == p["points"]
        assert sp["points_side_points"] == (p["points"] + p["extra_points"]
                                            + n_p4 * rule("P4", "points"))
        assert sp["gap"] == max(0, p["requirement"] - 13)
        assert sp["reachable"] == (p["requirement"] <= 13)
        assert sp["reason"] == (None if p["requirement"] <= 13 else "needs_culture")


def test_statue_context_taken_space_p14_p15_and_no_tile():
    p14, p15 = card(effect="P14").id, card(effect="P15").id
    g, seat = _statue_game(3, 9, [p14, p15])
    printed = raw("statues.json")
    g.statues[seat][0] = ["red", "points"]
    c = ctx(g, seat)
    reduction = rule("P14", "reduction")
    assert c["reduction"] == reduction
    assert c["spaces"][0]["free"] is False and c["spaces"][0]["reason"] == "space_taken"
    assert c["spaces"][0]["placed"] == {"tile": "red", "side": "points"}
    for sp, p in zip(c["spaces"][1:], printed[1:], strict=True):
        gap = max(0, p["requirement"] - 3 - reduction)
        pay = gap * rule("P15", "coins_per_point")
        assert sp["gap"] == gap
        assert sp["pay"] == (pay if pay <= rule("P15", "max_coins") else None)
        if sp["pay"] is not None and sp["pay"] > 9:
            assert sp["reason"] == "requirement_payment"
    force(g, seat, tiles=[0, 0, 0, 0])
    c = ctx(g, seat)
    assert c["tile_colours"] == []
    assert [sp["reason"] for sp in c["spaces"]][1:] == ["no_bonus_tile"] * 3


def _feeding_game(tableau: list[str], food: int, coins: int) -> tuple[Game, int]:
    g = new_game(3)
    run(g, at(STATUE, epoch=1, phase="B"))
    tracks = g.tracks[0][:]
    tracks[FOOD] = food
    force(g, 0, coins=coins, tracks=tracks, tableau=tableau)
    run(g, at(FEEDING, epoch=1))
    return g, 0


def test_feeding_context_cards_by_colour_losses_and_p6():
    """F1 + P6: every card sorted by colour with what removing it loses; how many must go;
    paying instead (2 coins a card, at most 6 per feeding)."""
    p6 = card(effect="P6").id
    mixed = [cards(colour="green", epoch=1)[0].id, cards(colour="yellow", epoch=1)[0].id,
             p6, cards(colour="red", epoch=2)[0].id, cards(colour="yellow", epoch=2)[1].id,
             cards(colour="blue", epoch=1)[2].id]
    g, seat = _feeding_game(mixed, food=2, coins=5)
    printed = raw_by_id("cards.json")
    c = ctx(g, seat)
    order = sorted(mixed, key=lambda x: COLOURS.index(printed[x]["colour"]))
    assert [x["card"] for x in c["cards"]] == order
    for x in c["cards"]:
        p = printed[x["card"]]
        assert x["colour"] == p["colour"] and x["points"] == p["points"]
        assert x["gains"] == {t: p["gains"].get(t, 0) for t in TRACKS}
        assert x["effect"] == (p["effect"] or {}).get("id")
        assert x["removable"] and not x["removed"] and x["p2_tile"] is None
    assert (c["count"], c["food"], c["paid"], c["must_remove"]) == (6, 2, 0, 4)
    assert c["p6"] == {"has_p6": True, "can_pay": True, "cost": rule("P6", "coins_per_card"),
                       "paid": 0, "payments_left": rule("P6", "max_cards")}
    g.apply(seat, {"type": "feed_pay"})
    g.apply(seat, {"type": "feed_remove", "card": order[0]})
    c = ctx(g, seat)
    assert c["must_remove"] == 6 - 1 - 1 - (2 - printed[order[0]]["gains"].get("food", 0))
    assert c["p6"]["paid"] == 1 and c["p6"]["payments_left"] == rule("P6", "max_cards") - 1
    assert c["coins"] == 5 - rule("P6", "coins_per_card")
    gone = [x for x in c["cards"] if x["removed"]]
    assert [x["card"] for x in gone] == [order[0]] and not gone[0]["removable"]
    assert c["p6"]["can_pay"] == (5 - rule("P6", "coins_per_card")
                                  >= rule("P6", "coins_per_card"))


def _medals_game(tracks: list[int], coins: int, tableau: list[str]) -> tuple[Game, int]:
    g = new_game(3)
    run(g, at(MEDALS, epoch=1))
    force(g, 0, coins=coins, tracks=tracks, tableau=tableau)
    return g, 0


def _half_up(v: int) -> int:
    return -(-v // 2)


def test_medals_context_prices_values_and_counts():
    """M1 prices of this epoch; a silver medal scores half its track rounded up (G1), a gold
    medal 7 per complete set of the five colours."""
    rules = raw("rules.json")
    full_set = [cards(colour=col, epoch=1)[0].id for col in COLOURS]
    g, seat = _medals_game([5, 8, 3, 0], 50, full_set)
    c = ctx(g, seat)
    assert c["coins"] == 50
    assert c["silver"]["price"] == rules["silver_costs"][0]
    assert c["gold"]["price"] == rules["gold_costs"][0]
    assert c["silver"]["value"] == {col: _half_up(v) for col, v in
                                    zip(TRACK_COLOURS, [5, 8, 3, 0], strict=True)}
    assert c["gold"]["value"] == rules["gold_set_points"]
    assert (c["silver"]["held"], c["silver"]["left"]) == (0, rules["max_silver"])
    assert (c["gold"]["held"], c["gold"]["left"]) == (0, rules["max_gold"])
    g.apply(seat, {"type": "medal", "kind": "silver", "tile": "red"})
    c = ctx(g, seat)
    assert c["coins"] == 50 - rules["silver_costs"][0]
    assert (c["silver"]["held"], c["silver"]["left"]) == (1, rules["max_silver"] - 1)
    assert c["silver"]["tiles"]["red"] == rules["bonus_tiles_per_colour"] - 1
    for _ in range(rules["max_silver"] - 1):
        g.apply(seat, {"type": "medal", "kind": "silver", "tile": "yellow"})
    c = ctx(g, seat)
    assert c["silver"]["left"] == 0 and c["silver"]["legal"] == []


def test_medals_context_with_p5_and_p10():
    """P5: the card's lower prices; P10: one silver medal scores the full track value."""
    p5 = next(x for x in raw("cards.json") if (x["effect"] or {}).get("id") == "P5")
    p10 = card(effect="P10").id
    rules = raw("rules.json")
    g, seat = _medals_game([7, 2, 0, 4], 60, [p5["id"], p10])
    c = ctx(g, seat)
    assert c["silver"]["price"] == min(rules["silver_costs"][0], p5["effect"]["silver"][0])
    assert c["gold"]["price"] == min(rules["gold_costs"][0], p5["effect"]["gold"][0])
    assert c["silver"]["value"] == {"yellow": 7, "red": 2, "blue": 0, "green": 4}
    g.apply(seat, {"type": "medal", "kind": "silver", "tile": "yellow"})
    # P10 now goes to the yellow medal; another medal scores half of its track
    assert ctx(g, seat)["silver"]["value"] == {"yellow": _half_up(7), "red": 1, "blue": 0,
                                               "green": 2}


# ------------------------------------------------------------------------------ fresh data


def _containers(data: Any) -> list[Any]:
    out: list[Any] = []
    if isinstance(data, dict):
        out.append(data)
        for v in data.values():
            out += _containers(v)
    elif isinstance(data, list):
        out.append(data)
        for v in data:
            out += _containers(v)
    return out


def _vandalise(data: Any) -> None:
    """Change every dict and list inside ``data`` (all collected before any is changed)."""
    for x in _containers(data):
        if isinstance(x, dict):
            for k in list(x):
                x[k] = "vandalised"
            x["extra"] = 1
        else:
            x.append("vandalised")
            x[0] = "vandalised"


def test_mutating_a_view_never_changes_the_game(positions):
    for g in positions[::4]:
        before = g.snapshot()
        views = [view(g, None)] + [view(g, s) for s in range(g.n)]
        again = [view(g, None)] + [view(g, s) for s in range(g.n)]
        for v in views:
            _vandalise(v)
        assert g.snapshot() == before
        assert [view(g, None)] + [view(g, s) for s in range(g.n)] == again


def test_a_views_objects_are_not_shared_with_the_game():
    """The recorded pick, pending actions and legal actions are copies."""
    g = new_game(3)
    run(g, at(DRAFT, epoch=1))
    g.apply(0, {"type": "draft", "card": g.hands[0][0], "mode": "sell"})
    v = view(g, 0)
    assert v["private"]["commit"] == g.commits[0]
    assert v["private"]["commit"] is not g.commits[0]
    v["private"]["commit"]["mode"] = "buy"
    assert g.commits[0]["mode"] == "sell"  # type: ignore[index]


# ------------------------------------------------------------------------------ seat validation


@pytest.mark.parametrize("seat", [-1, 3, 5, True, False, "0", 1.0, [0]])
def test_view_refuses_what_is_not_a_seat(seat):
    g = new_game(3)
    with pytest.raises(NotSeated) as err:
        view(g, seat)
    assert err.value.code == "not_seated"


def test_view_takes_none_and_every_seat():
    g = new_game(3)
    assert view(g, None)["viewer"] is None and "private" not in view(g, None)
    assert [view(g, s)["viewer"] for s in range(3)] == [0, 1, 2]


# ------------------------------------------------------------------------------ documentation


def _doc_names() -> set[str]:
    return set(re.findall(r"`([a-z_0-9]+)`", DOCS.read_text(encoding="utf-8")))


def _event_kinds(seed: int, n: int, variant: str) -> tuple[set[str], list[tuple[dict[str, Any],
                                                                              bool]]]:
    g = Game.new([f"p{i}" for i in range(n)], variant, seed)
    rng = Rng(seed)
    events: list[tuple[dict[str, Any], bool]] = []

    def take(res: Any) -> None:
        events.extend((e, False) for e in res.public)
        events.extend((e, True) for evs in res.private.values() for e in evs)

    take(g.opening)
    while not g.is_over:
        seats = g.waiting_on()
        seat = seats[rng.below(len(seats))]
        acts = g.legal_actions(seat)
        take(g.apply(seat, acts[rng.below(len(acts))], g.decision_id(seat)))
    return {e["kind"] for e, _ in events}, events


def test_docs_and_types_list_every_event_kind():
    seen: set[str] = set()
    documented = _doc_names()
    for seed, n, variant in ((1, 3, "advanced"), (2, 2, "basic"), (3, 5, "advanced")):
        kinds, events = _event_kinds(seed, n, variant)
        seen |= kinds
        for e, private in events:
            shape, is_private = EVENT_KINDS[e["kind"]]
            assert private == is_private, e["kind"]
            keys = set(e) - {"kind"}
            required = shape.__required_keys__ - {"kind"}  # type: ignore[attr-defined]
            allowed = required | shape.__optional_keys__  # type: ignore[attr-defined]
            assert required <= keys <= allowed, (e["kind"], keys, required, allowed)
    assert seen - documented == set(), "event kinds missing from docs/engine.md"
    assert set(EVENT_KINDS) - documented == set()


def test_docs_list_every_view_field(positions):
    documented = _doc_names()
    fields: set[str] = set()
    for g in positions[::5]:
        v = view(g, g.acting_seats()[0] if g.acting_seats() else 0)
        fields |= set(v) | set(v["seats"][0]) | set(v["private"])
        c = v["private"]["context"]
        if c is not None:
            fields |= set(c)
    assert fields - documented == set(), "view fields missing from docs/engine.md"


def _keys(shape: Any) -> tuple[set[str], set[str]]:
    required = set(shape.__required_keys__)
    return required, required | set(shape.__optional_keys__)


def test_views_have_the_fields_hadara_types_declares(positions):
    kinds = set()
    for g in positions[::3]:
        for s in (None, *range(g.n)):
            v = view(g, s)
            required, allowed = _keys(ViewData)
            assert required <= set(v) <= allowed
            assert set(v["seats"][0]) == _keys(SeatView)[0]
            if s is None:
                continue
            assert set(v["private"]) == _keys(PrivateView)[0]
            c = v["private"]["context"]
            if c is not None:
                kinds.add(c["kind"])
                assert set(c) == _keys(CONTEXT_KINDS[c["kind"]])[0], c["kind"]
    assert kinds == set(CONTEXT_KINDS)


def test_views_stay_json(positions):
    for g in positions[::7]:
        for s in (None, *range(g.n)):
            v = view(g, s)
            assert as_json(v) == v
