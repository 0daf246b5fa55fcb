"""The words of the images in the reader's language.

Rendering's own text (headings, legends, labels, units) comes from the catalog
``i18n/locales/<language>/images.ftl`` (ids ``image-…``, keys ``image.…`` in code); names
and worded codes come from their owners, always with the language passed explicitly (the
rendering pools never know a "current" language): card names (:func:`hadara.words.card_name`),
colours and tracks (:func:`hadara.words.colour_name`, :func:`~hadara.words.track_name`),
effects (:mod:`hadara.effects`), reasons and step names (:mod:`hadara.narrate`).

The letters inside icons large enough to carry them at the legibility floor (income "I",
military "M", …) are catalog words too; a letter no font can draw falls back to the English
one. (Medals and tiles no longer carry letters: at their size they would be under the floor.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PIL import Image

from hadara import words
from i18n import translate

from . import icons, theme

if TYPE_CHECKING:
    from hadara.content import Card, Catalog

    from .canvas import Canvas


def tr(locale: str, key: str, /, **params: Any) -> str:
    """An image text (``image.`` is prefixed to ``key``) in ``locale``."""
    return translate(locale, key if key.startswith("image.") else f"image.{key}", **params)


def capital(text: str) -> str:
    """The text with its first letter capitalised (no change to CJK)."""
    return text[:1].upper() + text[1:]


def colour_word(locale: str, colour: str) -> str:
    return words.colour_name(colour, locale)


def track_word(locale: str, track: str) -> str:
    return words.track_name(track, locale)


def card_title(locale: str, catalog: Catalog, card: Card | str) -> str:
    """A card's name in ``locale`` (by card or id)."""
    cid = card if isinstance(card, str) else card.id
    return words.card_name(catalog, cid, locale)


def sentences(locale: str, *parts: str) -> str:
    """Sentences one after the other (a space between them; none in Japanese)."""
    gap = tr(locale, "image.sentence.gap")
    return gap.join(p for p in parts if p)


def listing(locale: str, items: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C" in the language."""
    if len(items) <= 1:
        return "".join(items)
    head = tr(locale, "image.list.separator").join(items[:-1])
    return tr(locale, "image.list.and", head=head, last=items[-1])


def page_of(locale: str, page: int, pages: int) -> str:
    return tr(locale, "image.page", page=page, pages=pages)


def epoch_numeral(epoch: Any) -> str:
    return theme.EPOCH_NUMERAL.get(epoch, str(epoch))


# -- letters in icons ------------------------------------------------------------------------


def letter(cv: Canvas, what: str) -> str:
    """The letter of a colour (its track) or a medal kind ("silver", "gold") in the canvas's
    language; the English letter when no font of the canvas has its glyph."""
    english = {"silver": "S", "gold": "G"}.get(what) or theme.COLOUR_LETTER[what]
    word = cv.t(f"image.letter.{what}")
    if not word or cv.fonts.missing(word, True):
        return english
    return word


def _face(cv: Canvas, text: str) -> icons.FaceRef:
    """The face an icon's letter is drawn with (None: the shipped face)."""
    if text.isascii():
        return None
    face = cv.fonts.face_for(text[0], True)
    if face is None or face == cv.fonts.primary(True):
        return None
    return (str(face.path), face.index)


def track_icon(cv: Canvas, colour: str, size: int) -> Image.Image:
    """The icon of a colour with its letter in the canvas's language."""
    mark = letter(cv, colour)
    if mark == theme.COLOUR_LETTER[colour]:
        return icons.track_icon(colour, size)
    return icons.track_icon(colour, size, mark, _face(cv, mark))


def card_mini(cv: Canvas, colour: str, width: int, height: int,
              faded: bool = False) -> Image.Image:
    """Two fanned cards of a colour with its letter in the canvas's language."""
    mark = letter(cv, colour)
    if mark == theme.COLOUR_LETTER[colour]:
        return icons.card_mini(colour, width, height, faded)
    return icons.card_mini(colour, width, height, faded, mark, _face(cv, mark))
