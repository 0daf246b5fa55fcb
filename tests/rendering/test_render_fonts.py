"""Any name renders: shipped faces first, system fonts per character, readable degradation
instead of empty boxes. Coverage-specific checks skip when the machine lacks the font."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageFont

from rendering import theme
from rendering.canvas import Canvas
from rendering.cmap import read_coverage
from rendering.fonts import (
    SHIPPED,
    Face,
    FontBook,
    Run,
    clusters,
    coverage,
    system_fonts,
)
from rendering.parts import display_name

SHIPPED_ONLY = FontBook(system=False)
SYSTEM = FontBook(system=True)
NAMES = ["Zoë", "ハダラ", "🐉 Drake"]
#: Marks on digits, emoji presentation, keycaps, skin tones, tag sequences, stacked accents.
TRICKY = ["0\u0816", "❤️", "#️⃣", "👍🏽", "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e007f",
          "e\u0301\u0302", "\u200d", "\ufe0f x", "ｚｏë"]


def face_with(fonts: FontBook, ch: str) -> bool:
    face = fonts.face_for(ch, False)
    return face is not None and face != fonts.primary(False)


def covered(run: Run, ch: str) -> bool:
    cov = coverage(run.face)
    return cov is not None and ch in cov


def test_shipped_faces_degrade_readably():
    assert SHIPPED_ONLY.renderable("Zoë") == "Zoë"
    assert SHIPPED_ONLY.renderable("ハダラ") == "hadara"  # kana: their romanisation
    assert SHIPPED_ONLY.renderable("한국") == "hangug"
    assert SHIPPED_ONLY.renderable("🐉 Drake") == "Drake"  # pictographs are dropped
    assert SHIPPED_ONLY.renderable("田中 Taro") == "? Taro"  # one "?" per missing run
    assert SHIPPED_ONLY.renderable("Ωmega Жук") == "Ωmega Жук"


def test_a_name_with_nothing_drawable_becomes_its_seat():
    view = {"players": ["🐉🐲", "Zoë"]}
    assert display_name(SHIPPED_ONLY, view, 0) == "Player 1"
    assert display_name(SHIPPED_ONLY, view, 1) == "Zoë"


@settings(max_examples=300, deadline=None)
@given(st.text(min_size=1, max_size=12) | st.sampled_from(TRICKY))
def test_no_character_is_drawn_by_a_face_without_its_glyph(text):
    """Never a row of empty boxes: each drawn character is in the cmap of its run's face."""
    for fonts in (SHIPPED_ONLY, SYSTEM):
        for run in fonts.runs(text):
            for ch in run.text:
                assert covered(run, ch), (text, run.text, ch, run.face.name)


def test_cmap_reader_agrees_with_freetype():
    """Characters the cmap reader says are missing draw FreeType's .notdef box; the others
    draw something else."""
    for bold in (False, True):
        cov = read_coverage(SHIPPED[bold])
        font = ImageFont.truetype(str(SHIPPED[bold]), 40, layout_engine=ImageFont.Layout.BASIC)
        notdef = bytes(font.getmask("\U0010fffd"))
        sample = [chr(c) for c in range(0x21, 0x3000, 37)] + ["ハ", "中", "🐉", "é", "Ж"]
        assert any(ch not in cov for ch in sample) and any(ch in cov for ch in sample)
        for ch in sample:
            drawn = bytes(font.getmask(ch))
            assert (drawn == notdef) == (ch not in cov), (hex(ord(ch)), ch in cov)


def test_clusters_keep_emoji_sequences_and_marks_together():
    family = "👨\u200d👩\u200d👧"
    assert clusters(f"{family}x") == [family, "x"]
    assert clusters("e\u0301") == ["é"]  # composed first
    assert clusters("👍🏽!") == ["👍🏽", "!"]


def test_long_names_are_shortened_with_an_ellipsis():
    cv = Canvas(400, 60, SHIPPED_ONLY)
    long = "Bahram the Magnificent of the Seven Oases"
    runs = cv.runs(long, theme.TEXT, bold=True, max_width=200)
    text = "".join(r.text for r in runs)
    assert text.endswith("…") and long.startswith(text[:-1])
    assert cv.measure(text, theme.TEXT, True) <= 200
    width = cv.text(0, 30, long, theme.TEXT, bold=True, max_width=200)
    assert 150 < width <= 200


def ink(cv: Canvas) -> int:
    """How many pixels differ from the paper."""
    paper = Image.new("RGB", cv.image.size, theme.PAPER)
    diff = ImageChops.difference(cv.image, paper).convert("L")
    return cv.image.width * cv.image.height - diff.histogram()[0]


def test_cjk_names_use_a_system_cjk_font():
    if not face_with(SYSTEM, "ハ"):
        pytest.skip("no CJK font on this machine (install fonts-noto-cjk)")
    runs = SYSTEM.runs("ハダラ", bold=True)
    assert len(runs) == 1 and runs[0].face != SYSTEM.primary(True)
    system, shipped = Canvas(300, 60, SYSTEM), Canvas(300, 60, SHIPPED_ONLY)
    system.text(5, 40, "ハダラ", theme.TEXT, bold=True)
    shipped.text(5, 40, "ハダラ", theme.TEXT, bold=True)
    assert ink(system) > 200 and ink(shipped) > 200
    assert system.image.tobytes() != shipped.image.tobytes()


def test_extra_font_paths_come_first_as_files_or_folders(tmp_path):
    """Extra fonts are a parameter (the bot passes HADARA_FONTS), searched before the
    system's, a folder's fonts and a single file alike."""
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "InFolder.ttf").symlink_to(SHIPPED[False])
    (folder / "notes.txt").write_text("not a font")
    single = tmp_path / "Single.ttf"
    single.symlink_to(SHIPPED[True])
    found = system_fonts([single, folder, tmp_path / "missing"])
    assert found[:2] == [single, folder / "InFolder.ttf"]
    assert FontBook(system=False)._chain(False) == []  # the fallbacks of a font book
    in_folder = FontBook(system=False, extra=(folder,))
    assert in_folder._chain(False) == [Face(folder / "InFolder.ttf")]


def test_an_extra_font_folder_draws_what_the_shipped_faces_lack(tmp_path):
    face = SYSTEM.face_for("ハ", False)
    if face is None or face == SYSTEM.primary(False):
        pytest.skip("no CJK font on this machine (install fonts-noto-cjk)")
    (tmp_path / face.path.name).symlink_to(face.path)
    extra = FontBook(system=False, extra=(tmp_path,))
    assert extra.face_for("ハ", False) == Face(tmp_path / face.path.name)
    assert extra.renderable("ハダラ") == "ハダラ" and SHIPPED_ONLY.renderable("ハダラ") == "hadara"


def test_configure_sets_the_fonts_every_image_uses(tmp_path):
    import rendering

    try:
        rendering.configure(font_paths=[tmp_path])
        shared = rendering.default_fonts()
        assert shared.system and shared.extra == (tmp_path,)
        rendering.configure(font_paths=[str(tmp_path)])  # the same: the loaded fonts stay
        assert rendering.default_fonts() is shared
        rendering.configure(strict_text=False)  # fonts left as they are
        assert rendering.default_fonts() is shared
    finally:
        rendering.configure(font_paths=())
    assert rendering.default_fonts().extra == ()


def test_emoji_are_drawn_in_colour_when_an_emoji_font_exists():
    if not face_with(SYSTEM, "🐉"):
        pytest.skip("no emoji font on this machine (install fonts-noto-color-emoji)")
    runs = SYSTEM.runs("🐉 Drake")
    assert [r.text for r in runs] == ["🐉", " Drake"]
    cv = Canvas(300, 60, SYSTEM)
    cv.text(5, 40, "🐉", theme.TEXT)
    saturation = cv.image.convert("HSV").getchannel("S").histogram()
    assert sum(saturation[120:]) > 100  # a colour glyph, not a grey box


@pytest.mark.parametrize("name", NAMES)
def test_names_render_in_every_image_with_any_fonts(cat, name):
    from hadara.engine import Game
    from hadara.views import view
    from rendering import draw_hand, draw_players, draw_scores, draw_table

    game = Game.new([name, "Amira", "Bahram"], "basic", 1)
    for fonts in (SHIPPED_ONLY, SYSTEM):
        for draw in (draw_table, draw_players, draw_scores):
            assert draw(view(game, None), cat, fonts).sizes["text"]
        assert draw_hand(view(game, 0), cat, fonts).sizes["text"]
