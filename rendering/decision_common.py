"""Pieces every decision picture shares: the header (who, where, coins, what to decide), tags,
veils, bonus tiles and reasons worded by :mod:`hadara.narrate`.

A decision picture reads only ``view["private"]["context"]`` (and the public view for names,
the epoch and the catalog for card faces): prices, reachability, reasons and points come from
the engine, never from a rule re-derived here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import ImageDraw

from hadara import narrate

from . import icons, theme
from .canvas import Canvas
from .cards import points_tag
from .fonts import FontBook
from .lexicon import capital
from .parts import View, display_name, emblem_name

RGB = tuple[int, int, int]

MARGIN = 15
TOP_H = 60  # emblem, name, title and coins
LINE_H = 36  # each line of the decision sentence
#: Hands keep to height <= 0.9 x width (docs/rendering.md).
MAX_H = round(0.9 * theme.WIDTH)
INNER_W = theme.WIDTH - 2 * MARGIN
GOOD = (46, 125, 50)  # "in reach" stripe
BAD = (176, 62, 50)  # struck prices
FADE = (255, 255, 255, 150)


def header_height(lines: int) -> int:
    return TOP_H + LINE_H * lines + 8


def wrap_lines(cv: Canvas, text: str, most: int = 3) -> list[str]:
    """The decision sentence in at most ``most`` lines (the last squeezed or cut when even
    that is not enough; English takes two)."""
    lines = cv.wrap(text, theme.MIN_TEXT, INNER_W) or [""]
    if len(lines) > most:
        fit = cv.fit(text, INNER_W, theme.MIN_TEXT, theme.MIN_TEXT, most)
        lines = list(fit.lines)
    return lines


def header(cv: Canvas, view: View, fonts: FontBook, seat: int, title: str,
           lines: list[str], coins: int | None = None) -> float:
    """Who this is for, where the game is, their coins; then the decision in ``lines``.
    Returns the y where the content starts."""
    w = cv.width
    bottom = header_height(len(lines)) - 10
    cv.draw.rectangle((0, 0, w, bottom), fill=theme.PANEL)
    cv.draw.line((0, bottom, w, bottom), fill=theme.LINE, width=2)
    if coins is None:
        coins = view["seats"][seat]["coins"]
    cw = cv.text(w - MARGIN, 30, str(coins), theme.BIG, bold=True, anchor="rm")
    cv.paste(icons.coins(34), w - MARGIN - cw - 40, 13)
    x = MARGIN + emblem_name(cv, MARGIN, 30, seat, display_name(fonts, view, seat, cv.locale),
                             theme.TEXT, 240, emblem=36) + 16
    cv.text(x, 30, title, theme.TEXT, fill=theme.MUTED, anchor="lm",
            max_width=w - MARGIN - cw - 52 - x)
    for i, line in enumerate(lines):
        cv.text(MARGIN, TOP_H + 12 + i * LINE_H, line, theme.MIN_TEXT, anchor="lm",
                max_width=INNER_W)
    return float(header_height(len(lines)))


def tag(cv: Canvas, right: float, bottom: float, text: str, fill: RGB = theme.INK) -> float:
    """A dark label in a corner (a recorded pick, a removal); returns its width."""
    w = cv.measure(text, theme.MIN_TEXT, True) + 20
    cv.box(right - w, bottom - 36, right, bottom, fill=fill, outline=None, radius=8)
    cv.text(right - w / 2, bottom - 18, text, theme.MIN_TEXT, bold=True, fill=(255, 255, 255),
            anchor="mm")
    return w


def veil(cv: Canvas, x0: float, y0: float, x1: float, y1: float, radius: int = 10) -> None:
    """Fade what is under the box (a removed card, an option out of reach)."""
    ImageDraw.Draw(cv.image, "RGBA").rounded_rectangle((x0, y0, x1, y1), radius=radius,
                                                       fill=FADE)


def strike(cv: Canvas, x0: float, x1: float, y: float, fill: RGB = BAD) -> None:
    """A line through a price that cannot be paid."""
    cv.draw.line((x0, y, x1, y), fill=fill, width=3)


def bonus_tile(cv: Canvas, x: float, cy: float, colour: str, size: int = 30,
               faded: bool = False) -> float:
    """A bonus tile: a square in its track colour with the track's shape on it (the same
    tile as on the players' boards); returns its width."""
    rgb = theme.TINT[colour] if faded else theme.COLOUR_RGB[colour]
    cv.box(x, cy - size / 2, x + size, cy + size / 2, fill=rgb,
           outline=theme.darker(theme.COLOUR_RGB[colour], 60), radius=5, width=2)
    mark = theme.FAINT if faded else theme.ON_COLOUR[colour]
    cv.paste_centred(icons.silhouette(colour, size - 8, mark), x + size / 2, cy)
    return float(size)


def stripe(cv: Canvas, x: float, y0: float, y1: float, good: bool) -> None:
    """The left edge of an option row: green when in reach, grey when not."""
    cv.draw.rounded_rectangle((x, y0, x + 10, y1), radius=5,
                              fill=GOOD if good else theme.FAINT)


def points_at(cv: Canvas, x: float, cy: float, points: int, size: int = theme.MIN_TEXT
              ) -> float:
    """A laurel with the points, its left edge at ``x``; returns its width."""
    w = max(round(size * 2.0), round(cv.measure(str(points), size, True) + size * 1.1))
    points_tag(cv, x + w / 2, cy, points, size)
    return float(w)


def why(code: str, params: Mapping[str, Any], locale: str = "en") -> str:
    """A reason code worded by :func:`hadara.narrate.reason` in ``locale``, starting with a
    capital."""
    return capital(narrate.reason(code, params, locale=locale))
