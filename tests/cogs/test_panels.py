"""The decision panels (cogs/panels.py) without Discord: built from real games' options for
every decision kind, within Discord's component and embed limits at every step, every legal
action reachable exactly once, custom ids that parse back, and the largest decisions seen in
random games (statue 25, feeding 18, Phase B 13 legal actions)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from cogs.play import panels as P
from hadara.engine import Decision, Game
from hadara.options import options
from hadara.rng import Rng
from hadara.views import view

GAME_ID = 12345
KINDS = {"setup_side", "wheel", "draft", "phase_b", "colony", "statue", "feeding", "medals"}


def positions(seed: int, players: int, variant: str) -> Iterator[tuple[Game, Decision]]:
    """Every decision of a random game (uniform random policy seeded by ``seed``)."""
    game = Game.new([f"Player {i}" for i in range(players)], variant=variant, seed=seed)
    rng = Rng(seed)
    while not game.is_over:
        game.apply_forced()
        if game.is_over:
            return
        d = next(d for d in game.decisions() if not d.committed)
        yield game, d
        game.apply(d.seat, d.actions[rng.below(len(d.actions))], d.id)


def panel_of(game: Game, seat: int, path: tuple[str, ...] = (), *, hints: bool = True,
             note: str | None = None, picture: bool = True) -> P.Panel:
    return P.build_panel(GAME_ID, seat, view(game, seat), options(game, seat), path=path,
                         hints=hints, note=note, card_name=P.card_namer(game.catalog),
                         picture=picture)


def walk(game_id: int, seat: int, data: dict[str, Any], opts: list[dict[str, Any]],
         hints: bool = True) -> list[P.Panel]:
    """The panel and every step reachable from it (buttons and select values that step)."""
    seen: dict[tuple[str, ...], P.Panel] = {}
    todo: list[tuple[str, ...]] = [()]
    while todo:
        path = todo.pop()
        panel = P.build_panel(game_id, seat, data, opts, path=path, hints=hints)
        if panel.path in seen:
            continue
        seen[panel.path] = panel
        for c in panel.components():
            if isinstance(c, P.Button):
                pid = P.parse_custom_id(c.custom_id)
                assert pid is not None
                if pid.kind == "n":
                    todo.append(pid.path)
            else:
                pid = P.parse_custom_id(c.custom_id)
                assert pid is not None and pid.kind == "s"
                for o in c.options:
                    v = P.parse_value(o.value)
                    assert v is not None
                    if v.token is not None:
                        todo.append((*pid.path, v.token))
    return list(seen.values())


def chosen_indices(panel: P.Panel) -> list[int]:
    """The option indices a click on this panel can submit (enabled buttons, select values)."""
    out: list[int] = []
    for c in panel.components():
        if isinstance(c, P.Button):
            pid = P.parse_custom_id(c.custom_id)
            assert pid is not None
            if pid.kind == "a" and not c.disabled:
                assert pid.index is not None
                out.append(pid.index)
        else:
            for o in c.options:
                v = P.parse_value(o.value)
                assert v is not None
                if v.index is not None:
                    out.append(v.index)
    return out


def check_decision(game: Game, d: Decision, *, hints: bool = True) -> list[P.Panel]:
    """Build the whole panel tree of a decision and check it; returns its panels."""
    data, opts = view(game, d.seat), options(game, d.seat)
    panels = walk(GAME_ID, d.seat, data, opts, hints)
    reachable: list[int] = []
    for panel in panels:
        assert P.limit_problems(panel) == [], (d.kind, panel.path, P.limit_problems(panel))
        assert panel.decision_id == d.id
        for c in panel.components():
            pid = P.parse_custom_id(c.custom_id)
            assert pid is not None and pid.game == GAME_ID
            if pid.kind != "t":
                assert (pid.seat, pid.decision) == (d.seat, d.id), c.custom_id
            if isinstance(c, P.Button) and pid.kind == "a":
                option = opts[pid.index or 0]
                assert c.disabled == (not option["legal"])
                if option["legal"]:  # the engine's label (an unavailable group: its name)
                    assert c.label.endswith(P.clip(option["label"], P.MAX_BUTTON_LABEL)[-20:])
                    assert P.find_option(opts, pid.index, pid.check) is option
        reachable.extend(i for i in chosen_indices(panel) if i not in reachable)
    legal = [i for i, o in enumerate(opts) if o["legal"]]
    assert sorted(reachable) == legal, (d.kind, reachable, legal)
    assert [opts[i]["action"] for i in legal] == d.actions
    return panels


# ------------------------------------------------------------------------------ custom ids


def test_custom_ids_parse_back() -> None:
    action = {"type": "statue", "space": 3, "tile": "green", "side": "points", "pay": 12}
    cid = P.action_id(9_007_199_254_740_993, 4, "d183.4.12", 25, action)
    pid = P.parse_custom_id(cid)
    assert pid == P.PanelId("a", 9_007_199_254_740_993, 4, "d183.4.12", 25,
                            P.check_of(action))
    assert len(cid) <= P.MAX_CUSTOM_ID
    nav = P.parse_custom_id(P.nav_id(7, 2, "d44", ("III-P02", "buy")))
    assert nav is not None and (nav.kind, nav.path) == ("n", ("III-P02", "buy"))
    root = P.parse_custom_id(P.nav_id(7, 2, "d44", ()))
    assert root is not None and root.path == ()
    sel = P.parse_custom_id(P.select_id(7, 2, "d44", ("2",), 1))
    assert sel is not None and (sel.kind, sel.path, sel.chunk) == ("s", ("2",), 1)
    assert P.parse_custom_id(P.take_turn_id(7)) == P.PanelId("t", 7)
    assert P.parse_custom_id(P.hint_id(7)) == P.PanelId("h", 7)
    assert P.parse_custom_id(P.hint_id(7, 1, "d3")) == P.PanelId("h", 7, 1, "d3")
    for foreign in ("", "hd1:t:", "hd2:t:7", "hd1:a:7:1:d3:2", "lobby:join:7", "hd1:t:7x"):
        assert P.parse_custom_id(foreign) is None
    assert P.parse_value(P.option_value(3, action)) == P.SelectValue(3, P.check_of(action))
    assert P.parse_value("nIII-P02") == P.SelectValue(token="III-P02")
    assert P.parse_value("x1") is None


def test_find_option_refuses_a_changed_or_illegal_option() -> None:
    opts: list[dict[str, Any]] = [
            {"action": {"type": "wheel", "colour": "red"}, "legal": True, "label": "red"},
            {"action": {"type": "wheel", "colour": "blue"}, "legal": False, "label": "blue"}]
    red = P.check_of(opts[0]["action"])
    assert P.find_option(opts, 0, red) is opts[0]
    assert P.find_option(opts, 0, P.check_of(opts[1]["action"])) is None  # another action
    assert P.find_option(opts, 1, P.check_of(opts[1]["action"])) is None  # not legal
    assert P.find_option(opts, 2, red) is None
    assert P.find_option(opts, None, red) is None


# ------------------------------------------------------------------------------ every kind

GAMES = [(1, 2, "basic"), (2, 3, "advanced"), (3, 4, "basic"), (4, 5, "advanced"),
         (5, 2, "advanced"), (6, 3, "basic")]


@pytest.mark.parametrize(("seed", "players", "variant"), GAMES)
def test_every_decision_of_random_games(seed: int, players: int, variant: str) -> None:
    kinds: set[str] = set()
    for game, d in positions(seed, players, variant):
        check_decision(game, d, hints=seed % 2 == 0)
        kinds.add(d.kind)
    expected = KINDS if variant == "advanced" else KINDS - {"setup_side"}
    assert kinds == expected


def first(kind: str, seed: int = 4, players: int = 5, variant: str = "advanced",
          at_least: int = 0) -> tuple[Game, Decision]:
    for game, d in positions(seed, players, variant):
        if d.kind == kind and len(d.actions) >= at_least:
            return game, d
    raise AssertionError(f"no {kind} decision with {at_least} actions")


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_panel_text_and_title(kind: str) -> None:
    game, d = first(kind)
    panel = panel_of(game, d.seat)
    assert panel.image and panel.title.startswith(f"Game #{GAME_ID} · Epoch ")
    assert panel.lines or kind == "draft", kind  # the draft's picture says it all
    assert P.limit_problems(panel) == []
    if kind in P.CHANGEABLE:
        assert panel.footer and "change" in panel.footer
    elif kind in P.SIMULTANEOUS:
        assert panel.footer
    else:
        assert panel.footer is None


def test_draft_shows_the_recorded_pick_and_that_it_can_change() -> None:
    game, d = first("draft")
    pick = d.actions[-1]
    game.apply(d.seat, pick, d.id)
    assert game.decision_id(d.seat) == d.id  # still open: the pick may be replaced
    panel = panel_of(game, d.seat, note=P.chosen_note("draft", "X", pending=True,
                                                      next_step=False))
    picked = [c for c in panel.components() if isinstance(c, P.Button) and c.style == "success"]
    assert len(picked) == 1 and picked[0].label.startswith("✓ ")
    assert "change" in panel.lines[0]
    assert any("your pick" in line.lower() for line in panel.lines)


def test_statue_steps_space_tile_side() -> None:
    game, d = first("statue", seed=11, players=5, at_least=25)
    assert len(d.actions) == 25
    panels = check_decision(game, d)
    root = next(p for p in panels if p.path == ())
    navs = [P.parse_custom_id(c.custom_id) for c in root.components()
            if isinstance(c, P.Button) and c.custom_id.startswith("hd1:n:")]
    assert navs, "the statue step starts with the space"
    assert max(len(p.path) for p in panels) >= 1
    # a step shows where the player is and leads back
    deeper = next(p for p in panels if p.path)
    assert any(c.label == "Back" for c in deeper.components() if isinstance(c, P.Button))
    assert any("so far" in line for line in deeper.lines)


def test_feeding_with_18_cards() -> None:
    game, d = first("feeding", seed=83, players=5, at_least=18)
    assert len(d.actions) >= 18
    panels = check_decision(game, d)
    assert len(panels) == 1  # one select holds them all, no step
    selects = [c for c in panels[0].components() if isinstance(c, P.Select)]
    assert selects and sum(len(s.options) for s in selects) >= 17


def test_phase_b_with_13_actions() -> None:
    game, d = first("phase_b", seed=2, players=4, variant="basic", at_least=13)
    assert len(d.actions) == 13
    panels = check_decision(game, d)
    assert len(panels) > 1  # pile first, then buy/sell and tile


# ------------------------------------------------------------------------------ more than seen


def _feeding_with(n: int) -> tuple[int, dict[str, Any], list[dict[str, Any]]]:
    game, d = first("feeding", seed=83, players=5, at_least=18)
    data = view(game, d.seat)
    base = [o for o in options(game, d.seat) if o["action"]["type"] == "feed_remove"][0]
    opts = []
    for i in range(n):
        o = copy.deepcopy(base)
        o["action"]["card"] = f"X-{i:03d}"
        o["label"] = f"Remove card number {i} " + "with a very long name " * 5
        opts.append(o)
    opts.append({"action": {"type": "feed_pay"}, "legal": False, "label": "Pay 2 coins",
                 "label_code": "feed_pay", "why": "p6_cost", "reason": "costs 2"})
    return d.seat, data, opts


@pytest.mark.parametrize("n", [1, 5, 10, 11, 25, 26, 60, 100])
def test_many_options_stay_within_limits(n: int) -> None:
    seat, data, opts = _feeding_with(n)
    panels = walk(GAME_ID, seat, data, opts)
    reachable: set[int] = set()
    for panel in panels:
        assert P.limit_problems(panel) == []
        reachable.update(chosen_indices(panel))
    assert reachable == set(range(n))


def test_many_statue_combinations_stay_within_limits() -> None:
    game, d = first("statue", seed=11, players=5, at_least=25)
    data = view(game, d.seat)
    opts = []
    for space in range(1, 9):
        for tile in ("yellow", "red", "blue", "green", "purple", "white"):
            for side in ("colour", "points"):
                action = {"type": "statue", "space": space, "tile": tile, "side": side}
                opts.append({"action": action, "legal": space != 3, "label": f"{space} {tile} "
                             f"{side}", "label_code": "statue", "label_params": {},
                             "reason": "needs culture"})
    opts.append({"action": {"type": "statue_skip"}, "legal": True, "label": "Carve none",
                 "label_code": "statue_skip", "label_params": {}})
    reachable: set[int] = set()
    for panel in walk(GAME_ID, d.seat, data, opts):
        assert P.limit_problems(panel) == []
        reachable.update(chosen_indices(panel))
    assert reachable == {i for i, o in enumerate(opts) if o["legal"]}


@pytest.mark.parametrize("piles", [3, 6, 21, 40])
def test_many_groups_step_through_selects(piles: int) -> None:
    game, d = first("phase_b", seed=2, players=4, variant="basic", at_least=13)
    data = view(game, d.seat)
    opts = []
    for i in range(piles):
        for mode in ("buy", "sell"):
            action = {"type": "take", "card": f"X-{i:02d}", "mode": mode}
            opts.append({"action": action, "legal": not (i == 1 and mode == "buy"),
                         "label": f"{mode} X-{i:02d}", "label_code": mode, "label_params": {},
                         "reason": "costs too much"})
    panels = walk(GAME_ID, d.seat, data, opts)
    reachable: set[int] = set()
    for panel in panels:
        assert P.limit_problems(panel) == []
        reachable.update(chosen_indices(panel))
    assert reachable == {i for i, o in enumerate(opts) if o["legal"]}
    if piles > 20:  # more piles than buttons: the first step is a select of piles
        root = next(p for p in panels if p.path == ())
        assert any(isinstance(c, P.Select) for c in root.components())


def test_unavailable_options_are_explained_without_a_picture() -> None:
    """(With the picture, it shows why an option is out of reach: tests/cogs/
    test_panels_text.py.)"""
    game, d = first("colony", seed=1, players=2, variant="basic")
    opts = options(game, d.seat)
    panel = panel_of(game, d.seat, picture=False)
    for o in opts:
        if not o["legal"]:
            assert any(o["reason"] in line for line in panel.lines)


def test_waiting_panel_has_no_components() -> None:
    game, d = first("draft")
    data = view(game, d.seat)
    data["private"]["decision_id"] = None
    panel = P.build_panel(GAME_ID, d.seat, data, [], note="done")
    assert panel.rows == () and not panel.image and panel.lines[0] == "done"
    assert P.limit_problems(panel) == []
    waiting = P.waiting_panel(GAME_ID, data, waiting=["Player 1", "Player 2"])
    assert "Player 1, Player 2" in waiting.description


def test_a_stale_path_falls_back_to_the_start() -> None:
    game, d = first("statue", seed=11, players=5, at_least=25)
    panel = panel_of(game, d.seat, path=("99", "nothing"))
    assert panel.path == () and P.limit_problems(panel) == []


def test_long_text_is_cut_to_discord_limits() -> None:
    game, d = first("feeding", seed=83, players=5, at_least=18)
    panel = panel_of(game, d.seat, note="n" * 5000)
    assert P.limit_problems(panel) == []
    assert P.clip("abcdef", 4) == "abc…"


def test_medal_values_list_only_tile_colours_the_player_holds() -> None:
    """M1: a silver medal takes one of your unused bonus tiles, so the panel's "would score"
    line names only colours you still hold."""
    from cogs.play.panels.text import kind_lines

    c = {"coins": 20, "silver": {"price": 6, "left": 2, "tiles": {"yellow": 0, "red": 1},
                                 "value": {"yellow": 4, "red": 7}},
         "gold": {"price": 12, "left": 1, "value": 10}}
    text = "\n".join(kind_lines("medals", {}, c, lambda cid: cid))
    assert "red 7" in text and "yellow" not in text
