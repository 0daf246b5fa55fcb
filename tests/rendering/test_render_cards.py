"""Card faces: every card's name is drawn whole (wrapped to two lines, shrunk on full faces,
long words hyphenated, never cut with an ellipsis) at every size the images use, and no text
is smaller than the legibility floor; purple effects are worded where a purple card lies on
the table."""

from __future__ import annotations

import pytest
from PIL import ImageFont

from hadara.content import Card, Catalog
from hadara.effects import effect_summary, effect_text
from hadara.rng import Rng
from hadara.views import view
from rendering import FontBook, decisions, draw_table, theme
from rendering.canvas import ELLIPSIS, Canvas
from rendering.cards import MINI_H, MINI_W, card_face, name_fit
from rendering.fonts import SHIPPED
from rendering.sample import at, new_game, play_until, step

FONTS = FontBook(system=False)
#: The draft's full faces (rendering/decisions.py; 377 x 450 when this was written).
FULL_W: int = getattr(decisions, "FULL_W", 377)
FULL_H: int = getattr(decisions, "FULL_H", 450)
#: (detail, width, height) of every card face the renderers draw: the draft's two full faces
#: (hand.py) and the mini faces of the table, Phase-B picks, feeding and tableau grids.
FACES = [("full", FULL_W, FULL_H), ("mini", MINI_W, MINI_H)]
#: The inner width a name may use on each face (cards.py: 18 px padding on full faces, 5 px
#: inside the border on mini faces).
NAME_WIDTH = {"full": FULL_W - 36, "mini": MINI_W - 10}


def digit_height(size: float, bold: bool) -> float:
    font = ImageFont.truetype(str(SHIPPED[bold]), 1000)
    return min(-font.getbbox(d, anchor="ls")[1] for d in "0123456789") * size / 1000


def unfit(lines: tuple[str, ...] | list[str]) -> str:
    """The text of fitted lines: a line ending in a hyphen was a word broken by the fit."""
    return "".join(line[:-1] if line.endswith("-") else line + " " for line in lines).strip()


def assert_floor(cv: Canvas) -> None:
    """No text smaller than 10 px where the image is shown on a phone (the narrowest box of
    theme.DISPLAYS; MIN_TEXT, 28 px)."""
    scale = theme.display_scale(cv.image.width, cv.image.height)
    for size in cv.sizes["text"] | cv.sizes["glyph"]:
        assert size >= theme.MIN_TEXT, size
        assert size * scale >= theme.MIN_DISPLAY_PX, size


def render(card: Card, cat: Catalog, detail: str, w: int, h: int) -> Canvas:
    cv = Canvas(w + 20, h + 20, FONTS)
    card_face(cv, 10, 10, w, h, card, cat, detail=detail, epoch=card.epoch,
              cost=max(0, card.cost - 1), sell=2 if detail == "full" else None)
    return cv


@pytest.mark.parametrize("detail,w,h", FACES)
def test_every_card_name_is_drawn_whole(cat: Catalog, detail, w, h):
    cut = []
    for card in cat.cards.values():
        cv = render(card, cat, detail, w, h)
        fit = name_fit(cv, card.name, NAME_WIDTH[detail], detail)
        drawn = [text for text, _ in cv.drawn]
        assert fit.complete and unfit(fit.lines) == card.name, (card.name, fit)
        assert len(fit.lines) <= 2
        for line in fit.lines:
            assert line in drawn, (card.name, line, drawn)  # drawn as fitted, not shortened
            assert cv.measure(line, fit.size, detail == "full") <= NAME_WIDTH[detail]
        if any(ELLIPSIS in t for t in drawn if t in fit.lines):
            cut.append(card.name)
        assert fit.size >= theme.MIN_TEXT
        assert_floor(cv)
    assert not cut


def test_names_shrink_on_full_faces_only_as_far_as_the_floor(cat: Catalog):
    cv = Canvas(10, 10, FONTS)
    sizes = {name_fit(cv, c.name, NAME_WIDTH["full"], "full").size for c in cat.cards.values()}
    assert min(sizes) >= theme.MIN_TEXT
    # a name too long for the full size shrinks before it is cut
    long = "Keeper of the Very Long Name of Temples"
    fit = cv.fit(long, NAME_WIDTH["full"], 34, theme.MIN_TEXT, 2, bold=True)
    assert fit.complete and fit.size < 34 and unfit(fit.lines) == long


def test_fit_wraps_then_shrinks_then_hyphenates_then_cuts():
    cv = Canvas(10, 10, FONTS)
    assert cv.fit("Trader", 140, 28).lines == ("Trader",)
    assert cv.fit("Patron of Harvest", 140, 28).lines == ("Patron of", "Harvest")
    hyph = cv.fit("Quartermaster", 140, 28)
    assert hyph.complete and hyph.lines == ("Quarter-", "master")
    shrunk = cv.fit("Architect of Temples", 300, 34, 28, 1, bold=True)
    assert shrunk.complete and 28 <= shrunk.size < 34
    assert shrunk.lines == ("Architect of Temples",)
    cut = cv.fit("Supercalifragilisticexpialidocious and more words", 140, 28)
    assert not cut.complete and cut.lines[-1].endswith(ELLIPSIS)
    assert all(cv.measure(line, 28) <= 140 for line in cut.lines)


def test_the_table_words_the_purple_effect_on_top(cat: Catalog):
    """The table's discard tops through a whole Phase B: a purple card there has its effect
    written out, and every top card's name is drawn whole."""
    game = new_game(5, 3)
    rng = Rng(3)
    assert play_until(game, rng, at(2, "phase_b"))
    worded = 0
    while game.step == "phase_b":
        v = view(game, None)
        cv = draw_table(v, cat, FONTS)
        drawn = [t for t, _ in cv.drawn]
        for pile in v["discards"]:
            if not pile:
                continue
            card = cat.cards[pile[-1]]
            fit = name_fit(cv, card.name, NAME_WIDTH["mini"], "mini")
            assert all(line in drawn for line in fit.lines), (card.name, drawn)
            if card.effect:
                worded_as = {effect_text(card.effect, cat, v["epoch"]),
                             effect_summary(card.effect, cat, v["epoch"])}
                assert worded_as & set(drawn), (card.name, drawn)
                worded += 1
        assert_floor(cv)
        step(game, rng)
    assert worded >= 3
