"""Every image in English, French and Japanese, for 2 and 5 players: everything
``python -m rendering sample`` draws (the boards at four moments, each of the eight decision
kinds, a round reveal, the scores), the table at each decision's step (every play and focus
layout) and the leaderboard.

Each canvas records what its text fitting did (``rendering.canvas``): a cut (an ellipsis, an
incomplete fit, text off the image), a squeeze, a character no font had (degraded to "?",
romanised or dropped), and every text's box. The tests assert that nothing was cut, no glyph
was missing, no two texts overlap, and that the images really change with the language and
show no English of the images' catalog in French or Japanese.

English and French are drawn with the shipped faces only (DejaVu covers French); Japanese
needs a system CJK font and is skipped, saying so, on a machine without one.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from hadara.content import Catalog
from i18n import keys, translate
from rendering import FontBook, draw_hand, draw_players, draw_scores, draw_table, lexicon, theme
from rendering.__main__ import main
from rendering.canvas import SQUEEZE_MIN, Canvas, TextCut, strict_text
from rendering.leaderboard import draw_leaderboard
from rendering.linebreak import units
from rendering.reveal import draw_reveal
from rendering.sample import KINDS, Sample, full_sample

SHIPPED_ONLY = FontBook(system=False)
SYSTEM = FontBook(system=True)
LOCALES = ("en", "fr", "ja")
GAMES = {2: 1, 5: 3}  # players -> seed (as `make sample`)
NO_CJK = "no Noto CJK font: install fonts-noto-cjk (Japanese images cannot be checked)"
ROWS = [
    {"position": 1, "name": "Amira", "rating": 31.5, "sigma": 2.1, "games": 12, "wins": 7},
    {"position": 2, "name": "Bahram", "rating": 27.25, "sigma": 3.0, "games": 1, "wins": 0},
    {"position": 3, "name": "Cyrus", "rating": 20.0, "sigma": 5.5, "games": 4, "wins": 1},
]


def has_cjk_font() -> bool:
    return all(SYSTEM.face_for(ch, bold) not in (None, SYSTEM.primary(bold))
               for ch in "時カ" for bold in (False, True))


def fonts_for(locale: str) -> FontBook:
    if locale == "ja":
        if not has_cjk_font():
            pytest.skip(NO_CJK)
        return SYSTEM
    return SHIPPED_ONLY


@pytest.fixture(scope="module")
def samples() -> dict[int, Sample]:
    return {n: full_sample(n, seed) for n, seed in GAMES.items()}


def canvases(sample: Sample, cat: Catalog, fonts: FontBook, locale: str) -> dict[str, Canvas]:
    """Every image of a sample game (as the CLI writes them) and the leaderboard."""
    out: dict[str, Canvas] = {}
    for moment, seen in sample.boards.items():
        out[f"board-{moment}-table"] = draw_table(seen, cat, fonts, locale)
        out[f"board-{moment}-players"] = draw_players(seen, cat, fonts, locale)
    for kind in KINDS:
        seen = sample.decisions[kind]
        out[f"decision-{kind}"] = draw_hand(seen, cat, fonts, locale=locale)
        # the table at that step too: every play and focus layout (wheel, setup, draft,
        # Phase B; colony, statue, feeding and medal steps)
        out[f"table-at-{kind}"] = draw_table(seen, cat, fonts, locale)
    assert sample.reveal is not None
    event, after = sample.reveal
    out["reveal"] = draw_reveal(event, after, cat, fonts, locale)
    out["scores"] = draw_scores(sample.boards["end"], cat, fonts, locale)
    out["leaderboard"] = draw_leaderboard(ROWS, None, fonts, locale)
    out["leaderboard-empty"] = draw_leaderboard([], None, fonts, locale)
    return out


def overlaps(cv: Canvas) -> list[tuple[str, str]]:
    """Pairs of drawn texts whose boxes (cap top to baseline) overlap by more than 1 px."""
    out = []
    for (t1, a), (t2, b) in itertools.combinations(cv.placed, 2):
        if a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1:
            out.append((t1, t2))
    return out


def checked(cv: Canvas, name: str) -> Iterator[str]:
    """What is wrong with a canvas's text, as readable lines."""
    for text in cv.cuts:
        yield f"{name}: cut: {text!r}"
    for text, lost in cv.missing:
        yield f"{name}: no glyph for {lost!r} in {text!r}"
    for a, b in overlaps(cv):
        yield f"{name}: {a!r} overlaps {b!r}"
    for text, scale in cv.squeezed:
        if scale < SQUEEZE_MIN - 1e-6:
            yield f"{name}: {text!r} squeezed to {scale:.2f}"
    for size in cv.sizes["text"]:
        if size < theme.MIN_TEXT:
            yield f"{name}: text at {size} px"
    limit = 0.9 if name.startswith("decision") or name.startswith("leaderboard") else 0.85
    if name == "reveal":
        limit = 0.6
    if cv.image.height > limit * cv.image.width:
        yield f"{name}: {cv.image.height} px tall"


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("players", sorted(GAMES))
def test_every_image_fits_its_text_whole(samples, cat, players, locale):
    """No text cut or run off the image, no missing glyph, no two texts on each other, every
    size legible, every shape within bounds: in each language, for 2 and 5 players."""
    fonts = fonts_for(locale)
    drawn = canvases(samples[players], cat, fonts, locale)
    assert {f"decision-{k}" for k in KINDS} <= set(drawn)
    problems = [line for name, cv in drawn.items() for line in checked(cv, name)]
    assert not problems, "\n".join(problems)


#: Messages of the images' catalog, and the drawn forms of those without variables.
def _plain(locale: str) -> dict[str, str]:
    from i18n.check import variables

    return {ident: translate(locale, ident) for ident, msg in keys("en").items()
            if ident.startswith("image-") and not variables(msg)}


@pytest.mark.parametrize("locale", ("fr", "ja"))
@pytest.mark.parametrize("players", sorted(GAMES))
def test_images_speak_the_language_asked_for(samples, cat, players, locale):
    """The images differ from the English ones, words of the language are drawn, and no
    English text of the images' catalog is (where the translation differs)."""
    fonts = fonts_for(locale)
    sample = samples[players]
    english = canvases(sample, cat, fonts, "en")
    other = canvases(sample, cat, fonts, locale)
    english_only = {en for ident, en in _plain("en").items()
                    if en != translate(locale, ident) and len(en) > 1}
    leaks = []
    for name, cv in other.items():
        assert cv.image.tobytes() != english[name].image.tobytes(), f"{name} is the same"
        drawn = {text for text, _ in cv.drawn}
        leaks += [f"{name}: {text!r}" for text in drawn & english_only]
    assert not leaks, "English words on a translated image:\n" + "\n".join(leaks)
    word = {"fr": "Époque", "ja": "時代"}[locale]
    table = other["board-epoch2-phaseB-table"]
    assert any(word in text for text, _ in table.drawn), [t for t, _ in table.drawn]


def test_french_and_japanese_images_differ(samples, cat):
    fonts = fonts_for("ja")
    for players, sample in samples.items():
        fr = canvases(sample, cat, fonts, "fr")
        ja = canvases(sample, cat, fonts, "ja")
        for name in fr:
            assert fr[name].image.tobytes() != ja[name].image.tobytes(), (players, name)


def test_icon_letters_follow_the_language(samples, cat):
    """Icons large enough for a letter at the legibility floor carry the language's letter
    (R for revenu, 収 for 収入), recorded as a glyph when pasted; smaller icons carry none."""
    fr = Canvas(theme.WIDTH, 100, SHIPPED_ONLY, locale="fr")
    for colour in ("red", "blue", "green"):
        fr.paste(lexicon.track_icon(fr, colour, 60), 0, 0)
    glyphs = {text for text, size in fr.drawn if size >= theme.MIN_TEXT}
    assert {"M", "C", "A"} <= glyphs and "F" not in glyphs
    assert "text" not in lexicon.track_icon(fr, "green", 40).info
    if has_cjk_font():
        ja = Canvas(theme.WIDTH, 100, SYSTEM, locale="ja")
        for colour in ("red", "blue", "green"):
            ja.paste(lexicon.track_icon(ja, colour, 60), 0, 0)
        assert {"軍", "文", "食"} <= {text for text, _ in ja.drawn}


# -- the fitting itself ------------------------------------------------------------------------


def test_japanese_breaks_between_characters_but_not_against_kinsoku():
    parts = [u for _, u in units("カード14枚、食料10：ボーナストークンを置く。「文化」（P14）")]
    assert "カード" in parts and "ボーナストークン" in parts  # katakana words stay whole
    assert "14枚、" in parts  # a number keeps its counter; "、" never starts a line
    assert not any(p[0] in "、。」）：" for p in parts)  # closing marks never start a line
    assert not any(p[-1] in "「（" for p in parts)  # opening marks never end one
    assert [u for _, u in units("Époque\u00a0II : ok")] == ["Époque\u00a0II", ":", "ok"]


def test_japanese_text_wraps_without_spaces():
    if not has_cjk_font():
        pytest.skip(NO_CJK)
    cv = Canvas(10, 10, SYSTEM, locale="ja")
    text = "入植（親から順番に）：軍事が条件に届くタイルを1枚獲得し、侵略してコインを得るか、コインを払って併合します。"
    lines = cv.wrap(text, theme.MIN_TEXT, 400)
    assert len(lines) >= 3 and "".join(lines) == text
    assert all(cv.measure(line, theme.MIN_TEXT) <= 400 for line in lines)
    assert not any(line[0] in "、。）：" for line in lines)
    fit = cv.fit(text, 770, theme.MIN_TEXT, max_lines=3)
    assert fit.complete and "".join(fit.lines) == text and not cv.cuts


def test_long_french_words_hyphenate_or_squeeze_never_cut():
    cv = Canvas(10, 10, SHIPPED_ONLY, locale="fr")
    for name in ("Protecteur des moissons", "Architecte des temples", "Porte-bouclier",
                 "Intendant", "Ambassadeur", "Mécène du négoce"):
        fit = cv.fit(name, 140, theme.MIN_TEXT, theme.MIN_TEXT, 2)
        assert fit.complete and fit.scale >= SQUEEZE_MIN, (name, fit)
        assert all(cv.measure(line, fit.size) * fit.scale <= 140 + 0.01 for line in fit.lines)
    assert cv.fit("Porte-bouclier", 140, 28).lines == ("Porte-", "bouclier")  # its own hyphen
    assert not cv.cuts


def test_a_line_squeezes_before_it_is_cut_and_cuts_are_recorded():
    cv = Canvas(400, 60, SHIPPED_ONLY)
    text = "Accessible : pillage ou alliance"
    natural = cv.measure(text, theme.MIN_TEXT)
    width = cv.text(0, 30, text, theme.MIN_TEXT, max_width=natural * 0.9)
    assert abs(width - natural * 0.9) < 0.5 and cv.squeezed and not cv.cuts
    assert cv.drawn[-1][0] == text  # drawn whole
    cv.text(0, 30, text, theme.MIN_TEXT, max_width=natural * 0.5)
    assert cv.cuts == [text] and cv.drawn[-1][0].endswith("…")
    cv.text(380, 30, "off the edge", theme.MIN_TEXT)
    assert cv.cuts[-1] == "off the edge"


def test_strict_mode_raises_on_a_cut_and_on_a_missing_glyph():
    cv = Canvas(400, 60, SHIPPED_ONLY, locale="ja")
    with strict_text(), pytest.raises(TextCut, match="cut"):
        cv.text(0, 30, "Bahram the Magnificent of the Seven Oases", 30, max_width=100)
    cv.text(0, 30, "時代II", theme.MIN_TEXT)  # not strict: recorded, drawn degraded
    assert cv.missing == [("時代II", "時代")]
    with strict_text(), pytest.raises(TextCut, match="no glyph"):
        cv.text(0, 30, "収入", theme.MIN_TEXT)
    before = len(cv.missing)
    cv.text(0, 30, "Époque\u00a0: « ok » ; l’œuf", theme.MIN_TEXT)  # all in the shipped faces
    assert len(cv.missing) == before


def test_strict_mode_is_a_parameter_of_a_canvas_or_of_the_process():
    import rendering
    from rendering.canvas import strict_mode

    long = "Bahram the Magnificent of the Seven Oases"
    with pytest.raises(TextCut, match="cut"):
        Canvas(400, 60, SHIPPED_ONLY, strict=True).text(0, 30, long, 30, max_width=100)
    lenient = Canvas(400, 60, SHIPPED_ONLY, strict=False)
    with strict_text():
        lenient.text(0, 30, long, 30, max_width=100)  # this canvas chose: recorded only
    assert lenient.cuts == [long]
    assert not strict_mode()
    try:
        rendering.configure(strict_text=True)  # what the bot does with HADARA_STRICT_TEXT=1
        assert strict_mode()
        with pytest.raises(TextCut, match="no glyph"):
            Canvas(400, 60, SHIPPED_ONLY, locale="ja").text(0, 30, "収入", theme.MIN_TEXT)
        with strict_text(False):
            Canvas(400, 60, SHIPPED_ONLY).text(0, 30, long, 30, max_width=100)
    finally:
        rendering.configure(strict_text=False)
    assert not strict_mode()


def test_a_letter_no_font_has_falls_back_to_english(samples, cat):
    """With the shipped faces only, Japanese icon letters cannot be drawn: the English letter
    is used instead of a "?" (the words themselves are recorded as missing)."""
    cv = Canvas(theme.WIDTH, 100, SHIPPED_ONLY, locale="ja")
    for colour in ("red", "blue", "green"):
        cv.paste(lexicon.track_icon(cv, colour, 60), 0, 0)
    assert {"M", "C", "F"} <= {text for text, _ in cv.drawn}
    board = samples[2].boards["epoch2-phaseB"]
    assert draw_players(board, cat, SHIPPED_ONLY, "ja").missing  # the key's words: degraded


# -- the command line ----------------------------------------------------------------------------


@pytest.mark.parametrize("locale,folder", [("fr", "2p-fr"), ("en", "2p")])
def test_sample_cli_writes_each_language_to_its_folder(tmp_path, monkeypatch, capsys, locale,
                                                      folder):
    if locale == "ja" and not has_cjk_font():
        pytest.skip(NO_CJK)
    monkeypatch.chdir(tmp_path)
    assert main(["sample", "--players", "2", "--seed", "1", "--locale", locale]) == 0
    out = Path("out") / folder
    names = {p.name for p in out.iterdir()}
    assert {"board.png", "reveal.png", "scores.png"} <= names
    assert {f"decision-{k}.png" for k in KINDS} <= names
    assert capsys.readouterr().out.count(".png") == len(names)


@pytest.mark.slow
def test_sample_cli_in_japanese(tmp_path, monkeypatch):
    if not has_cjk_font():
        pytest.skip(NO_CJK)
    monkeypatch.chdir(tmp_path)
    assert main(["sample", "--players", "5", "--locale", "ja"]) == 0
    assert (Path("out") / "5p-ja" / "board.png").exists()
