"""Every posted picture reads on a 412-px phone without a tap: no text under 10 px (font size)
at the size it is shown, in every kind of message it may be posted in.

The boxes are simcord 3.2.1's preview at 412 px (``theme.DISPLAYS``): an embed image 292 px
wide and at most 280 px high, a top-level media gallery 324 px, a gallery in a container
287 px, a plain attachment 324 × 576 at most. A picture ``w`` × ``h`` is shown at
``min(box_w / w, box_h / h)``. Every text a canvas draws is recorded with its size
(``Canvas.drawn``), letters inside icons too (``icons`` record them in the sprite's ``info``,
``Canvas.paste`` adds them), so nothing drawn escapes the check.
"""

from __future__ import annotations

import pytest

from hadara.views import view
from rendering import (
    FontBook,
    draw_hand,
    draw_players,
    draw_reveal,
    draw_scores,
    draw_table,
    icons,
    theme,
)
from rendering.canvas import Canvas
from rendering.leaderboard import draw_leaderboard
from rendering.profile import ProfileCard, draw_profile
from rendering.sample import full_sample, new_game

SHIPPED_ONLY = FontBook(system=False)
#: Look-alike names, as AI seats and people get them ("Greedy AI" and "Greedy AI 2").
NAMES = ["Greedy AI 2", "Zoë", "Greedy AI", "Amira", "Bahram"]


def posted(players: int, seed: int, cat, locale: str = "en") -> dict[str, Canvas]:
    """Every kind of picture the bot posts, drawn from a sample game: the table and players
    at each sample moment, each decision kind, a reveal and the final scores."""
    sample = full_sample(players, seed, names=NAMES[:players])
    out: dict[str, Canvas] = {}
    for moment, seen in sample.boards.items():
        out[f"{moment} table"] = draw_table(seen, cat, SHIPPED_ONLY, locale)
        if moment != "end":
            out[f"{moment} players"] = draw_players(seen, cat, SHIPPED_ONLY, locale)
    for kind, seen in sample.decisions.items():
        out[f"decision {kind}"] = draw_hand(seen, cat, SHIPPED_ONLY, locale=locale)
    assert sample.reveal is not None
    event, after = sample.reveal
    out["reveal"] = draw_reveal(event, after, cat, SHIPPED_ONLY, locale)
    out["scores"] = draw_scores(sample.boards["end"], cat, SHIPPED_ONLY, locale)
    # the leaderboard embed, as the league cog posts it (up to 25 rows given)
    rows = [{"position": i + 1, "name": f"Player {i + 1}", "rating": 30.0 - i, "sigma": 2.0,
             "games": 10, "wins": 3} for i in range(25)]
    out["leaderboard"] = draw_leaderboard(rows, None, SHIPPED_ONLY, locale)
    out["standings"] = draw_leaderboard([{**r, "points": 10 - i} for i, r in enumerate(rows)],
                                        None, SHIPPED_ONLY, locale)
    # a player's profile (/hadara-league profile): every figure, and one kept private
    profile = ProfileCard(
        name=NAMES[0], rating=27.3, games=48, wins=19, new=True, finish_rate=0.96,
        median_live=250.0, median_timed=22_000.0, deadlines_met=0.97,
        colours=(("red", 41), ("blue", 30), ("green", 22), ("yellow", 12), ("purple", 4)),
        rivals=tuple((n, 9 - i, 5, 4 - i) for i, n in enumerate(NAMES[1:4])),
        rating_history=tuple(20.0 + (i % 7) for i in range(60)), best_game=1234)
    out["profile"] = draw_profile(profile, SHIPPED_ONLY, locale)
    out["profile hidden"] = draw_profile(
        ProfileCard(name=NAMES[2], rating=None, games=3, wins=1, new=True, hidden=True),
        SHIPPED_ONLY, locale)
    return out


def too_small(cv: Canvas, where: str) -> list[tuple[str, float]]:
    """The texts of a canvas shown under MIN_DISPLAY_PX in a box, with their shown size."""
    scale = theme.displayed_scale(cv.image.width, cv.image.height, where)
    return [(text, round(size * scale, 1)) for text, size in cv.drawn
            if size * scale < theme.MIN_DISPLAY_PX]


@pytest.fixture(scope="module", params=[(2, 1, "en"), (5, 3, "en"), (5, 3, "fr")],
                ids=lambda p: f"{p[0]}p-{p[2]}")
def pictures(request, cat) -> dict[str, Canvas]:
    players, seed, locale = request.param
    return posted(players, seed, cat, locale)


@pytest.mark.parametrize("where", sorted(theme.DISPLAYS))
def test_no_text_under_10px_where_it_is_shown(pictures, where):
    for name, cv in pictures.items():
        assert cv.drawn, name
        assert not too_small(cv, where), (name, where, cv.image.size, too_small(cv, where)[:8])


def test_pictures_fit_an_embed_without_shrinking_further(pictures):
    """800 px wide and at most MAX_HEIGHT high: an embed's 280-px height cap never shrinks a
    picture below its width's scale (292/800)."""
    for name, cv in pictures.items():
        w, h = cv.image.size
        assert w == theme.WIDTH and h <= theme.MAX_HEIGHT, (name, w, h)
        assert theme.displayed_scale(w, h, "embed") == pytest.approx(292 / 800), name


def test_names_are_drawn_whole(pictures):
    """No name is cut to a stub ("Gre…2", "Gree…I", "winner 👑 Greedy"): every name of the
    sample is drawn whole (on one line, or wrapped onto two) and no drawn text shortens one."""
    for name, cv in pictures.items():
        drawn = [text for text, _ in cv.drawn]
        assert not [t for t in drawn if "…" in t and any(t[:2] in n for n in NAMES)], name
        assert not cv.cuts, (name, cv.cuts)


def test_the_final_scores_name_the_winner_whole(cat):
    game = new_game(3, 1, names=["Greedy AI 2", "Greedy AI", "Zoë"])
    spectator = view(game, None)
    spectator["over"], spectator["winners"] = True, [0]
    cv = draw_scores(spectator, cat, SHIPPED_ONLY)
    assert "Greedy AI 2" in [text for text, _ in cv.drawn]
    assert not cv.cuts and not cv.squeezed


# -------------------------------------------------------------- the check can fail (the model)


def test_the_display_model_is_the_measured_preview():
    assert theme.DISPLAYS == {"embed": (292, 280), "gallery": (324, None),
                              "container": (287, None), "attachment": (324, 576)}
    # a landscape picture in an embed: its width binds; a tall one: the 280-px cap
    assert theme.displayed_scale(800, 600, "embed") == pytest.approx(0.365)
    assert theme.displayed_scale(800, 1322, "embed") == pytest.approx(280 / 1322)
    assert theme.displayed_scale(800, 1322, "gallery") == pytest.approx(324 / 800)
    # the floor: 28 px reads in the narrowest box, the old 22-px glyphs and 26 px do not
    worst = theme.display_scale(theme.WIDTH, theme.MAX_HEIGHT)
    assert theme.MIN_TEXT * worst >= theme.MIN_DISPLAY_PX > (theme.MIN_TEXT - 1) * worst
    assert 22 * theme.displayed_scale(800, 668, "embed") < theme.MIN_DISPLAY_PX


def test_a_small_text_or_icon_letter_is_caught():
    cv = Canvas(theme.WIDTH, 600, SHIPPED_ONLY)
    cv.text(10, 40, "28 px", theme.MIN_TEXT)
    assert not too_small(cv, "embed")
    cv.text(10, 80, "+5", 22)
    assert too_small(cv, "embed") == [("+5", 8.0)]
    big = icons.track_icon("red", 60)
    cv.paste(big, 10, 100)
    assert ("M", 37) in cv.drawn
    small = icons.emblem(1, 32)  # its number would be 20 px: not drawn, only the shape
    assert "text" not in small.info
    tall = Canvas(theme.WIDTH, 1200, SHIPPED_ONLY)
    tall.text(10, 40, "28 px", theme.MIN_TEXT)
    assert too_small(tall, "embed") and not too_small(tall, "gallery")
