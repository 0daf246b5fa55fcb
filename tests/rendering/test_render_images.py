"""Board, hand and score images: every image renders for 2–5 players, both variants, at every
kind of decision and with extreme values; sizes stay in bounds; text stays legible at the
400 px Discord width; renders are deterministic."""

from __future__ import annotations

import copy
import io
import json

import pytest
from PIL import Image, ImageFont

from hadara.content import COLOURS, Catalog
from hadara.engine import Game
from hadara.rng import Rng
from hadara.scoring import CATEGORIES
from hadara.state import STEPS
from hadara.views import view
from rendering import (
    FontBook,
    draw_hand,
    draw_players,
    draw_scores,
    draw_table,
    render_board,
    render_hand,
    render_scores,
    theme,
)
from rendering import scores as scores_module
from rendering.canvas import Canvas
from rendering.fonts import SHIPPED
from rendering.hand import cards_per_page
from rendering.sample import new_game, play_until, step

MAX_BYTES = 1_000_000
#: Shown in chat, an image keeps about the shape of a 400 x 320 preview box (4:5 or wider).
MAX_ASPECT = 0.85
SHIPPED_ONLY = FontBook(system=False)


def digit_height(size: float, bold: bool) -> float:
    """Height of the shortest digit in a shipped face at ``size`` px: measured by FreeType at
    1000 px (whole-pixel rounding would flatter small sizes) and scaled."""
    font = ImageFont.truetype(str(SHIPPED[bold]), 1000)
    return min(-font.getbbox(d, anchor="ls")[1] for d in "0123456789") * size / 1000


def assert_legible(cv: Canvas) -> None:
    """Every text size used (words, numbers, letters inside icons) is at least 10 px where
    the image is shown in the narrowest box of the phone preview (theme.DISPLAYS)."""
    scale = theme.display_scale(cv.image.width, cv.image.height)
    assert cv.sizes["text"], "an image without text cannot be read"
    for size in cv.sizes["text"] | cv.sizes["glyph"]:
        assert size * scale >= theme.MIN_DISPLAY_PX, size


def assert_shape(cv: Canvas, max_aspect: float = MAX_ASPECT) -> None:
    w, h = cv.image.size
    assert w == theme.WIDTH
    assert 0 < h <= max_aspect * w, (w, h)


def assert_png(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG") and len(png) < MAX_BYTES
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def decision_moments(players: int, seed: int, variant: str) -> dict[str, Game]:
    """A clone of the game at the first moment of each step (kind of decision), and the end."""
    game = new_game(players, seed, variant)
    rng = Rng(seed)
    seen: dict[str, Game] = {}
    while True:
        if game.step not in seen:
            seen[game.step] = game.clone()
        if game.is_over:
            return seen
        step(game, rng)


@pytest.fixture(scope="module")
def moments() -> dict[tuple[int, str], dict[str, Game]]:
    return {(n, v): decision_moments(n, 10 + n, v)
            for n in (2, 3, 4, 5) for v in ("basic", "advanced")}


def test_sample_games_reach_every_kind_of_decision(moments):
    reached = set().union(*(m.keys() for m in moments.values()))
    assert reached == set(STEPS), set(STEPS) - reached


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("variant", ["basic", "advanced"])
def test_every_image_renders_at_every_decision(moments, cat: Catalog, players, variant):
    for step_name, game in moments[(players, variant)].items():
        spectator = view(game, None)
        for draw in (draw_table, draw_players, draw_scores):
            cv = draw(spectator, cat, SHIPPED_ONLY)
            assert_shape(cv)
            assert_legible(cv)
        seats = game.acting_seats() or [0]
        for seat in {seats[0], (seats[0] + 1) % game.n}:  # one deciding, one other seat
            cv = draw_hand(view(game, seat), cat, SHIPPED_ONLY)
            assert_shape(cv, 0.9)
            assert_legible(cv)
        assert step_name == game.step


def test_board_and_scores_png_stay_under_a_megabyte(moments):
    game = moments[(5, "basic")]["phase_b"]
    pngs = render_board(view(game, None))
    assert set(pngs) == {"table", "players"}
    for png in pngs.values():
        img = assert_png(png)
        assert img.width == theme.WIDTH
    assert_png(render_scores(view(moments[(5, "basic")]["over"], None)))
    seat = game.acting_seats()[0]
    assert_png(render_hand(view(game, seat)))


def test_players_image_grows_with_players_but_keeps_its_shape(moments, cat):
    heights = [draw_players(view(moments[(n, "basic")]["draft"], None), cat,
                            SHIPPED_ONLY).image.height for n in (2, 3, 4, 5)]
    assert heights == sorted(heights) and len(set(heights)) == 4
    assert heights[-1] <= MAX_ASPECT * theme.WIDTH


def card_colour_pixels(img: Image.Image) -> dict[str, int]:
    """Pixels of exactly each card colour (theme.COLOUR_RGB): card faces are flat fills."""
    counts = {rgb: k for k, rgb in img.convert("RGB").getcolors(maxcolors=1 << 22)}
    return {c: counts.get(rgb, 0) for c, rgb in theme.COLOUR_RGB.items()}


def test_hand_shows_the_draft_cards_of_the_viewer_only(moments, cat):
    """R-A2 / Information: the hand image shows the viewer's two drawn cards — their colour
    fills the card faces (far more pixels than any other card colour) — and nobody else's."""
    game = moments[(3, "basic")]["draft"]
    seat = game.acting_seats()[0]
    mine = draw_hand(view(game, seat), cat, SHIPPED_ONLY).image
    other = draw_hand(view(game, (seat + 1) % game.n), cat, SHIPPED_ONLY).image
    assert game.hands[seat] != game.hands[(seat + 1) % game.n]
    assert mine.tobytes() != other.tobytes()
    for s, img in ((seat, mine), ((seat + 1) % game.n, other)):
        (drawn,) = {cat.cards[c].colour for c in game.hands[s]}  # one deck per draw (R-A2)
        px = card_colour_pixels(img)
        assert px[drawn] > 10_000, (s, drawn, px)  # two card faces
        assert all(px[drawn] > 10 * k for c, k in px.items() if c != drawn), (s, drawn, px)
    with pytest.raises(ValueError):
        draw_hand(view(game, None), cat, SHIPPED_ONLY)


def test_renders_are_deterministic_and_read_only_the_view(moments, cat):
    game = moments[(4, "advanced")]["phase_b"]
    spectator = view(game, None)
    seat = game.acting_seats()[0]
    mine = view(game, seat)
    frozen = json.dumps([spectator, mine], sort_keys=True)
    first = (render_board(spectator, cat, SHIPPED_ONLY), render_hand(mine, cat, SHIPPED_ONLY),
             render_scores(spectator, cat, SHIPPED_ONLY))
    # the same view again, and a JSON round trip of it (as a bot restoring a game would have)
    again = json.loads(frozen)
    second = (render_board(again[0], cat, SHIPPED_ONLY), render_hand(again[1], cat,
              SHIPPED_ONLY), render_scores(again[0], cat, SHIPPED_ONLY))
    assert first == second
    assert json.dumps([spectator, mine], sort_keys=True) == frozen  # inputs untouched


# -- extreme values -------------------------------------------------------------------------


def extreme_game(cat: Catalog, players: int = 5) -> Game:
    """A mid-game state pushed to extremes: huge tracks and coins, 40+ cards, no cards, long
    names, every colony, statue and medal taken by someone."""
    names = ["Bahram the Magnificent of the Seven Oases", "Zoë", "ハダラ", "🐉 Drake",
             "W" * 40][:players]
    game = Game.new(names, "advanced", 5)
    rng = Rng(5)
    play_until(game, rng, lambda g: g.epoch == 2 and g.step == "phase_b")
    by_colour = {c: [cid for cid, card in cat.cards.items() if card.colour == c] for c in COLOURS}
    every = [cid for c in COLOURS for cid in by_colour[c]]
    game.tableau[0] = every[:45]  # 40+ cards
    game.tableau[1] = []  # no cards
    game.tracks[0] = [45, 99, 31, 120]  # tracks above 30
    game.tracks[1] = [0, 0, 0, 0]
    game.coins[0], game.coins[1] = 999, 0
    levels = cat.rules.colony_levels
    game.colonies[0] = [[cat.colonies_at(lv)[0], i % 2 == 0] for i, lv in enumerate(levels)]
    game.statues[0] = [["yellow", "colour"], ["red", "points"], ["blue", "colour"],
                       ["green", "points"]]
    game.silver[0], game.gold[0] = ["green", "red"], cat.rules.max_gold
    game.tiles[0] = [0, 0, 0, 0]
    game.restore_derived()
    return game


def test_extreme_values_render_within_bounds(cat):
    game = extreme_game(cat)
    spectator = view(game, None)
    assert spectator["seats"][0]["tracks"]["food"] > 30
    assert len(spectator["seats"][0]["tableau"]) >= 40
    for draw in (draw_table, draw_players, draw_scores):
        cv = draw(spectator, cat, SHIPPED_ONLY)
        assert_shape(cv)
        assert_legible(cv)
        assert_png(cv.png())
    for seat in range(game.n):
        cv = draw_hand(view(game, seat), cat, SHIPPED_ONLY)
        assert_shape(cv, 0.9)
        assert_png(cv.png())


def test_long_card_lists_are_paged(cat):
    game = extreme_game(cat)
    game.step = "feeding"  # the feeding picture lists every card the player owns
    mine = view(game, 0)
    n = len(mine["seats"][0]["tableau"])
    pages = -(-n // cards_per_page())
    assert pages >= 3
    images = [draw_hand(mine, cat, SHIPPED_ONLY, page=p).image.tobytes() for p in range(pages)]
    assert len(set(images)) == pages
    last = draw_hand(mine, cat, SHIPPED_ONLY, page=pages + 5).image  # clamped to the last page
    assert last.tobytes() == images[-1]


def test_extreme_scores_and_the_tie_break(cat):
    game = extreme_game(cat, players=3)
    spectator = view(game, None)
    plain = draw_scores(spectator, cat, SHIPPED_ONLY).image
    tied = copy.deepcopy(spectator)
    for s in tied["seats"]:  # everyone on the same total: coins left decide (G2)
        s["score"] = {**{c: 0 for c in CATEGORIES}, "colonies": 50, "total": 50}
    tied["seats"][1]["coins"] = tied["seats"][0]["coins"]
    tied["seats"][2]["coins"] = tied["seats"][0]["coins"] - 1
    cv = draw_scores(tied, cat, SHIPPED_ONLY)
    assert_legible(cv)
    assert cv.image.tobytes() != plain.tobytes()
    # G2: the columns of the players with most coins left (seats 0 and 1) are highlighted as
    # winners, seat 2 (one coin fewer) is not; the note says coins decided.
    assert "most coins left share the victory" in scores_module.tie_note(tied)
    assert winner_columns(cv.image, tied) == [True, True, False]
    tied["seats"][1]["coins"] -= 2  # now seat 0 alone has most coins left
    cv = draw_scores(tied, cat, SHIPPED_ONLY)
    assert winner_columns(cv.image, tied) == [True, False, False]
    assert "most coins left wins" in scores_module.tie_note(tied)


def winner_columns(img: Image.Image, v: dict) -> list[bool]:
    """Per seat: is its score column filled with the winner colour (rendering.scores.WIN)?"""
    sc = scores_module
    n = v["n"]
    col = (theme.WIDTH - 2 * sc.MARGIN - sc.LABEL_W) / n
    y = sc.TITLE_H + sc.HEAD_H + sc.ROW // 2
    rgb = img.convert("RGB")
    return [rgb.getpixel((int(sc.MARGIN + sc.LABEL_W + s * col + 5), y)) == sc.WIN[:3]
            for s in range(n)]


def test_legibility_rule_matches_the_theme():
    """The smallest size is what theme.py promises: 10 px at the narrowest phone box (a
    container's gallery, 287 px; an embed, 292 px, with its 280-px cap not binding up to
    MAX_HEIGHT), not more than a pixel to spare (so the rule is not met by accident of a huge
    font)."""
    scale = theme.display_scale(theme.WIDTH, theme.MAX_HEIGHT)
    assert scale == min(287 / theme.WIDTH, 280 / theme.MAX_HEIGHT)
    small = theme.MIN_TEXT * scale
    assert theme.MIN_DISPLAY_PX <= small < theme.MIN_DISPLAY_PX + 1
    assert (theme.MIN_TEXT - 1) * scale < theme.MIN_DISPLAY_PX
    assert theme.GLYPH >= theme.MIN_TEXT


def test_track_icons_differ_in_shape_not_only_colour():
    """Colour-blind players: each track icon differs from every other in grey levels too."""
    from rendering.icons import track_icon

    alphas = {c: track_icon(c, 40).getchannel("A").tobytes() for c in COLOURS}
    assert len(set(alphas.values())) == len(COLOURS)  # five different silhouettes


@pytest.mark.slow
@pytest.mark.parametrize("players,variant", [(5, "basic"), (3, "advanced")])
def test_every_decision_of_a_whole_game_renders(cat, players, variant):
    """Every single decision, not only the first of each kind (long: `make test-all`)."""
    game = new_game(players, 40 + players, variant)
    rng = Rng(40 + players)
    count = 0
    while not game.is_over:
        spectator = view(game, None)
        for draw in (draw_table, draw_players):
            assert_shape(draw(spectator, cat, SHIPPED_ONLY))
        for seat in game.acting_seats():
            assert_shape(draw_hand(view(game, seat), cat, SHIPPED_ONLY), 0.9)
        step(game, rng)
        count += 1
    assert count > 100
