"""A player's profile picture (``rendering.profile``): legible on a 412-px phone wherever it
is posted (the shared check of test_render_phone.py, which also draws it with every posted
picture), in English, French and Japanese, with long names, for a card with every figure, a new
player with none and a player who keeps their figures private (nothing private is drawn);
its chart with 1, 2 and 60 points; within ``theme.MAX_HEIGHT`` and well under Discord's size
limit; figures that are None never drawn as 0; the text fallback in the same words.
"""

from __future__ import annotations

import io
import math
import pickle
from dataclasses import replace

import pytest
from PIL import Image

from rendering import FontBook, theme
from rendering.canvas import SQUEEZE_MIN, Canvas, png_bytes
from rendering.profile import (
    CHART_RGB,
    ProfileCard,
    draw_profile,
    duration,
    percent,
    profile_text,
    rating_value,
    render_profile,
)
from tests.rendering.test_render_i18n import fonts_for, overlaps
from tests.rendering.test_render_phone import too_small

SHIPPED_ONLY = FontBook(system=False)
LOCALES = ("en", "fr", "ja")
#: Discord's smallest upload limit (a server without boosts) is 10 MB; pictures stay far below.
MAX_BYTES = 1_000_000

HISTORY = tuple(20 + 8 * math.sin(i / 7) + i / 10 for i in range(60))
FULL = ProfileCard(
    name="Greedy AI 2", rating=27.34, games=48, wins=19, new=False, finish_rate=0.958,
    median_live=252, median_timed=6.2 * 3600, deadlines_met=0.97,
    colours=(("red", 41), ("blue", 30), ("green", 22), ("yellow", 12), ("purple", 4)),
    rivals=(("Bahram", 17, 10, 7), ("Zoë", 9, 4, 5), ("Greedy AI", 7, 4, 3)),
    rating_history=HISTORY, best_game=1234)
NEW = ProfileCard(name="Zoë", rating=None, games=0, wins=0, new=True)
HIDDEN = replace(FULL, name="Amira", hidden=True)
LONG = replace(FULL, name="Alexandra Konstantinopoulou-Richardson the First", new=True,
               rivals=(("Maximilian Wolfgang von Habsburg-Lothringen-Esterházy", 3, 1, 2),
                       ("Alexandra Konstantinopoulou-Richardson the Second", 2, 2, 0),
                       ("Alexandra Konstantinopoulou-Richardson the Third", 2, 0, 2)))
JAPANESE = replace(FULL, name="寿限無寿限無五劫の擦り切れ海砂利水魚の水行末雲来末風来末", new=True,
                   rivals=(("山田太郎", 5, 3, 2), ("佐藤花子さん（東京）", 4, 2, 2)))
CARDS = {"full": FULL, "new": NEW, "hidden": HIDDEN, "long": LONG, "japanese": JAPANESE}


def problems(cv: Canvas) -> list[str]:
    """What is wrong with a drawn profile: cuts, missing glyphs, overlaps, squeezes past the
    limit, sizes under the floor, a size that an embed would shrink."""
    out = [f"cut {t!r}" for t in cv.cuts]
    out += [f"no glyph {lost!r} in {t!r}" for t, lost in cv.missing]
    out += [f"{a!r} overlaps {b!r}" for a, b in overlaps(cv)]
    out += [f"{t!r} squeezed {s:.2f}" for t, s in cv.squeezed if s < SQUEEZE_MIN - 1e-6]
    out += [f"text at {s} px" for s in cv.sizes["text"] | cv.sizes["glyph"] if s < theme.MIN_TEXT]
    w, h = cv.image.size
    if w != theme.WIDTH or h > theme.MAX_HEIGHT:
        out.append(f"size {w}×{h}")
    return out


def drawn(cv: Canvas) -> list[str]:
    return [text for text, _ in cv.drawn]


# ------------------------------------------------------------------ legible on a phone


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("kind", sorted(CARDS))
def test_every_card_reads_on_a_phone_whole(kind, locale):
    """No text under 10 px where it is shown (every kind of message), nothing cut, no glyph
    missing (Japanese with a system CJK font), no text on another, within MAX_HEIGHT."""
    fonts = fonts_for("ja" if kind == "japanese" else locale)  # a Japanese name anywhere
    cv = draw_profile(CARDS[kind], fonts, locale)
    assert cv.drawn
    for where in theme.DISPLAYS:
        assert not too_small(cv, where), (where, too_small(cv, where)[:5])
    assert not problems(cv), problems(cv)
    assert theme.displayed_scale(*cv.image.size, "embed") == pytest.approx(292 / 800)


def test_the_checks_catch_a_bad_picture():
    """The checks this file relies on fail on a picture that breaks the rule."""
    cv = Canvas(theme.WIDTH, theme.MAX_HEIGHT + 1, SHIPPED_ONLY)
    cv.text(10, 40, "small", 24)
    cv.text(10, 40, "on top", theme.MIN_TEXT)
    assert too_small(cv, "container")
    found = problems(cv)
    assert any("overlaps" in p for p in found) and any("size" in p for p in found)
    assert any("24 px" in p for p in found)


def test_the_fullest_card_fits_the_height_and_the_size_limit():
    """Every list at its longest (5 colours, more rivals than shown, two-line labels in
    French): at most MAX_HEIGHT high, a PNG far under Discord's limit."""
    most = replace(FULL, rivals=FULL.rivals + (("Cyrus", 2, 1, 1),) * 4, new=True)
    for locale in ("en", "fr"):
        png = render_profile(most, locale, SHIPPED_ONLY)
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG"
        assert image.width == theme.WIDTH and image.height <= theme.MAX_HEIGHT
        assert len(png) < MAX_BYTES
    cv = draw_profile(most, SHIPPED_ONLY, "en")
    assert sum("games ·" in t for t in drawn(cv)) == 3  # three rivals at most


def test_long_names_fit_whole_or_shortened_in_the_middle():
    cv = draw_profile(LONG, SHIPPED_ONLY, "en")
    texts = drawn(cv)
    assert LONG.name in texts  # squeezed, whole
    rivals = [t for t in texts if t.startswith(("Maximilian", "Alexandra")) and t != LONG.name]
    assert len(rivals) == 3 and len(set(rivals)) == 3  # look-alike names stay apart
    assert not cv.cuts
    huge = replace(NEW, name="Bartholomew " * 8 + "the Last")
    cv = draw_profile(huge, SHIPPED_ONLY, "en")
    head = drawn(cv)[0]
    assert not cv.cuts and "…" in head
    assert head.startswith("Bartholomew Bartholomew") and head.endswith("Last")
    assert "New" in drawn(cv)  # the badge still has its room


# ------------------------------------------------------------------ what is drawn


def test_a_full_card_shows_every_figure():
    texts = drawn(draw_profile(FULL, SHIPPED_ONLY, "en"))
    for text in ("Greedy AI 2", "27.3", "48", "games", "19", "wins", "96%", "4 min", "6 h",
                 "97%", "Usual move", "live", "multi-day", "Red", "41", "Purple", "Bahram",
                 "17 games · 10–7", "Zoë", "9 games · 4–5", "#1234", "Best game"):
        assert text in texts, text
    assert "New" not in texts


def test_a_new_player_with_nothing_shows_no_zeros_for_unknowns():
    cv = draw_profile(NEW, SHIPPED_ONLY, "en")
    texts = drawn(cv)
    assert "New" in texts and "—" in texts  # the badge; the rating unknown, not 0.0
    assert not [t for t in texts if "%" in t or "0.0" in t or "min" in t]
    assert cv.image.height < 300  # nothing empty is laid out
    known = replace(NEW, rating=0.0, finish_rate=0.0)  # a real zero is shown as one
    assert {"0.0", "0%"} <= set(drawn(draw_profile(known, SHIPPED_ONLY, "en")))


def test_a_hidden_card_draws_none_of_its_private_figures():
    """Two cards differing only in private figures are the same picture when hidden (and
    different pictures when not), and nothing private is among the texts drawn."""
    other = replace(HIDDEN, finish_rate=0.1, median_live=9, median_timed=None,
                    deadlines_met=0.2, colours=(("blue", 1),), rivals=(("Cyrus", 1, 0, 1),),
                    rating_history=(1.0, 2.0, 3.0), best_game=7)
    assert png_bytes(draw_profile(HIDDEN, SHIPPED_ONLY).image) == \
        png_bytes(draw_profile(other, SHIPPED_ONLY).image)
    assert png_bytes(draw_profile(replace(HIDDEN, hidden=False), SHIPPED_ONLY).image) != \
        png_bytes(draw_profile(replace(other, hidden=False), SHIPPED_ONLY).image)
    cv = draw_profile(HIDDEN, SHIPPED_ONLY, "en")
    texts = drawn(cv)
    assert {"Amira", "27.3", "48", "19", "Figures kept private"} <= set(texts)
    for private in ("96%", "4 min", "6 h", "97%", "Red", "Bahram", "#1234", "Rivals"):
        assert private not in texts, private
    assert not _has_colour(cv.image, CHART_RGB)  # no rating history either
    assert profile_text(HIDDEN) == profile_text(other)
    assert "Bahram" not in profile_text(HIDDEN) and "96%" not in profile_text(HIDDEN)


def _has_colour(image: Image.Image, rgb: tuple[int, int, int]) -> bool:
    return any(c == rgb for _, c in image.getcolors(image.width * image.height) or [])


@pytest.mark.parametrize("points", [0, 1, 2, 60])
def test_the_chart_needs_two_points(points):
    history = HISTORY[:points]
    cv = draw_profile(replace(FULL, rating_history=history), SHIPPED_ONLY, "en")
    assert _has_colour(cv.image, CHART_RGB) == (points >= 2)
    if points >= 2:  # its range is written beside it
        assert {rating_value("en", max(history)), rating_value("en", min(history))} \
            <= set(drawn(cv))
    assert not problems(cv)


def test_a_flat_history_is_drawn():
    cv = draw_profile(replace(FULL, rating_history=(5.0, 5.0, 5.0)), SHIPPED_ONLY, "en")
    assert _has_colour(cv.image, CHART_RGB) and not problems(cv)


@pytest.mark.parametrize("locale", ("fr", "ja"))
def test_the_card_speaks_its_language(locale):
    fonts = fonts_for(locale)
    english = set(drawn(draw_profile(FULL, fonts, "en")))
    texts = set(drawn(draw_profile(FULL, fonts, locale)))
    words = {"fr": {"Cote", "parties", "victoires", "Rivaux", "Rouge", "Meilleure partie",
                    "27,3", "96\u00a0%", "n°1234"},
             "ja": {"レート", "対戦数", "勝利数", "ライバル", "赤", "ベストゲーム", "4分", "6時間"}}
    assert words[locale] <= texts
    assert not {"Rating", "games", "wins", "Rivals", "Best game", "Usual move"} & texts
    assert texts != english


# ------------------------------------------------------------------ words


@pytest.mark.parametrize(("seconds", "en", "fr", "ja"), [
    (0.2, "1 s", "1\u00a0s", "1秒"),
    (45, "45 s", "45\u00a0s", "45秒"),
    (252, "4 min", "4\u00a0min", "4分"),
    (59.7 * 60, "1 h", "1\u00a0h", "1時間"),
    (6.2 * 3600, "6 h", "6\u00a0h", "6時間"),
    (47 * 3600, "47 h", "47\u00a0h", "47時間"),
    (2 * 86400, "2 d", "2\u00a0j", "2日"),
])
def test_times_to_move_in_one_unit(seconds, en, fr, ja):
    assert (duration("en", seconds), duration("fr", seconds), duration("ja", seconds)) == \
        (en, fr, ja)


def test_percentages():
    assert [percent("en", s) for s in (0.0, 0.958, 1.0, 1.2)] == ["0%", "96%", "100%", "100%"]
    assert percent("fr", 0.5) == "50\u00a0%"


def test_the_text_fallback_says_the_same_figures():
    text = profile_text(FULL, "en")
    for piece in ("Greedy AI 2", "Rating: 27.3", "48 games · 19 wins", "Games finished: 96%",
                  "Usual move, live: 4 min", "Usual move, multi-day: 6 h",
                  "Deadlines met: 97%", "red · 41 cards", "purple · 4 cards",
                  "Bahram · 17 games · 10–7", "Best game: #1234"):
        assert piece in text, piece
    assert profile_text(NEW, "en").splitlines() == [
        "Zoë (new)", "Rating: Not rated yet", "0 games · 0 wins"]
    assert profile_text(replace(NEW, games=1, wins=1), "en").endswith("1 game · 1 win")
    fr = profile_text(FULL, "fr")
    assert "Cote\u00a0: 27,3" in fr and "48 parties · 19 victoires" in fr
    assert "1 partie · 0 victoire" in profile_text(replace(NEW, games=1), "fr")
    ja = profile_text(FULL, "ja")
    assert "レート：27.3" in ja and "48戦 · 19勝" in ja and "Rating" not in ja


# ------------------------------------------------------------------ the service's job


def test_the_profile_job_is_picklable_and_draws_the_picture():
    """The render pool may be a process pool: the job and its card cross it by pickling."""
    from functools import partial

    from bot.service.pictures import profile_job

    job = pickle.loads(pickle.dumps(partial(profile_job, FULL, "fr")))
    png = job()
    assert png.startswith(b"\x89PNG") and Image.open(io.BytesIO(png)).width == theme.WIDTH
