"""The table image always has something to show: the play layout while cards are drawn and
taken, the colony and statue focus in the end-of-phase steps, the final standings at the end
(G2). Every table is mostly content (rendering.canvas.content_share), keeps its shape and its
legibility, and says "integrate", not "flip"."""

from __future__ import annotations

import copy

import pytest
from PIL import Image

from hadara.content import Catalog
from hadara.engine import Game
from hadara.rng import Rng
from hadara.views import view
from rendering import FontBook, draw_table, table, theme
from rendering.canvas import Canvas, content_share
from rendering.sample import new_game, step
from tests.rendering.test_render_cards import assert_floor

FONTS = FontBook(system=False)
MIN_SHARE = 0.25
MAX_ASPECT = 0.85


def moments(players: int, seed: int) -> list[tuple[str, Game]]:
    """A clone of the game at the first moment of every (epoch, step), and at the end."""
    game = new_game(players, seed)
    rng = Rng(seed)
    seen: dict[tuple[int, str], Game] = {}
    while True:
        seen.setdefault((game.epoch, game.step), game.clone())
        if game.is_over:
            return [(f"e{e}-{s}", g) for (e, s), g in seen.items()]
        step(game, rng)


@pytest.fixture(scope="module")
def games() -> dict[int, list[tuple[str, Game]]]:
    return {n: moments(n, 20 + n) for n in (2, 5)}


def test_content_share_measures_drawn_content():
    fonts = FONTS
    blank = Canvas(800, 600, fonts)
    assert content_share(blank.image) == 0.0
    half = Canvas(800, 600, fonts)
    half.draw.rectangle((0, 0, 799, 299), fill=theme.INK)  # the most common colour wins
    assert 0.45 <= content_share(half.image) <= 0.55
    words = Canvas(800, 600, fonts)
    for row in range(10):
        words.text(10, 40 + row * 55, "Colonies military needed " * 3, theme.TEXT)
    assert content_share(words.image) > MIN_SHARE  # lines of text, half the height
    assert content_share(Image.new("RGB", (64, 64), (1, 2, 3))) == 0.0


@pytest.mark.parametrize("players", [2, 5])
def test_every_table_has_content_shape_and_legible_text(games, cat: Catalog, players):
    steps = set()
    for tag, game in games[players]:
        cv = draw_table(view(game, None), cat, FONTS)
        share = content_share(cv.image)
        assert share >= MIN_SHARE, (players, tag, share)
        w, h = cv.image.size
        assert w == theme.WIDTH and 0 < h <= MAX_ASPECT * w, (tag, h)
        assert_floor(cv)
        drawn = " ".join(t for t, _ in cv.drawn)
        assert "flip" not in drawn
        steps.add(game.step)
    assert {"wheel", "draft", "phase_b", "colony", "statue", "feeding", "medals",
            "over"} <= steps


def test_colonies_have_their_own_heading_and_plain_words(games, cat: Catalog):
    for tag, game in games[5]:
        v = view(game, None)
        drawn = [t for t, _ in draw_table(v, cat, FONTS).drawn]
        if game.step in ("wheel", "draft", "phase_b"):
            assert "— military needed, tiles left, top tile" in drawn, tag
            assert "integrate:" in drawn
        elif game.step in table.FOCUS_STEPS:
            assert {"Colonies", "plunder", "integrate", "taken by", "Statues"} <= set(drawn)
            for stack in v["colony_stacks"]:
                if stack["top"]:
                    assert f"pay {stack['top']['cost']}" in drawn
            for space in cat.statues:
                assert str(space.requirement) in drawn


def test_colony_panel_is_apart_from_the_deck_columns(games, cat: Catalog):
    """No colony tile starts where a deck column does: they are not read as one column."""
    _, game = next((t, g) for t, g in games[5] if g.step == "draft")
    cv = draw_table(view(game, None), cat, FONTS)
    deck_x = [round(table.MARGIN + i * (table.COL_W + table.GAP)) for i in range(5)]
    gap = 6
    w = (theme.WIDTH - 2 * table.MARGIN - 4 * gap) / 5
    colony_x = [round(table.MARGIN + i * (w + gap)) for i in range(5)]
    assert deck_x[1:] != colony_x[1:]
    # the panel behind the colonies has its own colour, across the whole width
    bottom = cv.image.height - 4
    assert cv.image.getpixel((2, bottom)) == table.COLONY_PANEL
    assert cv.image.getpixel((theme.WIDTH - 3, bottom)) == table.COLONY_PANEL


def test_final_table_ranks_by_points_then_coins(games, cat: Catalog):
    """G2: most points, then most coins left; equal on both is a shared victory."""
    _, over = games[5][-1]
    v = view(over, None)
    assert v["over"]
    ranks = table.standings(v)
    totals = [(v["seats"][s]["score"]["total"], v["seats"][s]["coins"]) for _, s in ranks]
    assert totals == sorted(totals, reverse=True)
    assert ranks[0][0] == 1 and ranks[0][1] in v["winners"]
    drawn = [t for t, _ in draw_table(v, cat, FONTS).drawn]
    assert "Final standings" in drawn
    assert all(str(v["seats"][s]["score"]["total"]) in drawn for _, s in ranks)

    tied = copy.deepcopy(v)
    for s in tied["seats"]:
        s["score"]["total"] = 50
    tied["seats"][0]["coins"], tied["seats"][1]["coins"] = 9, 9
    for s in tied["seats"][2:]:
        s["coins"] = 3
    tied["winners"] = [0, 1]
    note = table.g2_note(tied, FONTS)
    assert "tie on 50 points and on coins left (9): a shared victory" in note
    assert [r for r, _ in table.standings(tied)] == [1, 1, 3, 3, 3]
    tied["seats"][1]["coins"] = 8
    tied["winners"] = [0]
    first = tied["players"][0]
    assert f"the most coins left wins (G2), {first} with 9" in table.g2_note(tied, FONTS)
    cv = draw_table(tied, cat, FONTS)
    assert content_share(cv.image) >= MIN_SHARE
    assert_floor(cv)
