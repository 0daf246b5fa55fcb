"""The icons as SVG, for the web page: the same shapes (:mod:`rendering.shapes`) and colours
(:mod:`rendering.theme`) as the pictures, so a track, a seat, a medal look alike on the page
and in Discord. One sprite of ``<symbol>`` elements is put in the page once; each icon is then
a ``<use>`` of it (:func:`icon`), crisp at any size; the symbols' ids begin with ``i-``,
apart from the page's own. Pure strings; no Pillow."""

from __future__ import annotations

from functools import cache
from html import escape

from . import theme
from .shapes import TRACK_SHAPE, shape_points

RGB = tuple[int, int, int]


def hex_colour(rgb: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _outline(shape: str, fill: RGB, stroke: RGB | None, width: float) -> str:
    """``shape`` in the 100 × 100 box (an ellipse where the shape has no points)."""
    line = f' stroke="{hex_colour(stroke)}" stroke-width="{width:g}" stroke-linejoin="round"' \
        if stroke else ""
    pts = shape_points(shape)
    if pts is None:
        r = 50 - width / 2
        return f'<circle cx="50" cy="50" r="{r:g}" fill="{hex_colour(fill)}"{line}/>'
    points = " ".join(f"{x * 100:.1f},{y * 100:.1f}" for x, y in pts)
    return f'<polygon points="{points}" fill="{hex_colour(fill)}"{line}/>'


def _symbol(name: str, body: str, box: str = "0 0 100 100") -> str:
    return f'<symbol id="i-{name}" viewBox="{box}">{body}</symbol>'


def _medal(kind: str) -> str:
    disc = theme.SILVER if kind == "silver" else theme.GOLD
    return (f'<polygon points="30,0 46,0 56,40 40,40" fill="{hex_colour((52, 95, 160))}"/>'
            f'<polygon points="70,0 54,0 44,40 60,40" fill="{hex_colour((192, 57, 43))}"/>'
            f'<circle cx="50" cy="64" r="33" fill="{hex_colour(disc)}" '
            f'stroke="{hex_colour(theme.darker(disc, 60))}" stroke-width="6"/>')


@cache
def sprite() -> str:
    """Every icon as a symbol, in one hidden SVG (put once at the top of the page)."""
    parts = []
    for colour, rgb in theme.COLOUR_RGB.items():
        parts.append(_symbol(f"track-{colour}", _outline(TRACK_SHAPE[colour], rgb,
                                                         theme.darker(rgb, 80), 6)))
    for seat, shape in enumerate(theme.SEAT_SHAPES):
        rgb = theme.seat_rgb(seat)
        parts.append(_symbol(f"seat-{seat}", _outline(shape, rgb, theme.darker(rgb, 70), 6)))
    parts.append(_symbol("coin", f'<circle cx="50" cy="50" r="44" fill="{hex_colour(theme.COIN)}"'
                                 f' stroke="{hex_colour(theme.COIN_DARK)}" stroke-width="8"/>'
                                 f'<circle cx="50" cy="50" r="26" fill="none" '
                                 f'stroke="{hex_colour(theme.COIN_DARK)}" stroke-width="5"/>'))
    parts.append(_symbol("medal-silver", _medal("silver")))
    parts.append(_symbol("medal-gold", _medal("gold")))
    muted = hex_colour(theme.MUTED)
    parts.append(_symbol("statue", f'<circle cx="50" cy="16" r="12" fill="{muted}"/>'
                                   f'<polygon points="32,30 68,30 62,72 38,72" fill="{muted}"/>'
                                   f'<rect x="20" y="76" width="60" height="20" fill="{muted}"/>'))
    parts.append(_symbol("colony", _outline("hexagon", theme.MUTED, None, 0)))
    parts.append(_symbol("hourglass", f'<polygon points="20,6 80,6 52,50 80,94 20,94 48,50" '
                                      f'fill="none" stroke="{hex_colour(theme.INK)}" '
                                      f'stroke-width="9" stroke-linejoin="round"/>'))
    parts.append(_symbol("flag", f'<rect x="20" y="6" width="8" height="90" '
                                 f'fill="{hex_colour(theme.INK)}"/>'
                                 '<polygon points="28,8 90,28 28,50" fill="#c82828"/>'))
    parts.append(_symbol("crown", '<polygon points="6,30 30,55 50,18 70,55 94,30 84,82 16,82" '
                                  f'fill="{hex_colour(theme.GOLD)}" '
                                  f'stroke="{hex_colour(theme.COIN_DARK)}" stroke-width="5"/>'))
    return ('<svg xmlns="http://www.w3.org/2000/svg" class="sprite" aria-hidden="true" '
            f'focusable="false">{"".join(parts)}</svg>')


def icon(name: str, label: str | None = None, cls: str = "icon") -> str:
    """One icon of the sprite: named for a screen reader by ``label``, else hidden from it
    (the words beside it say what it is)."""
    said = f'role="img" aria-label="{escape(label)}"' if label else 'aria-hidden="true"'
    return (f'<svg class="{escape(cls)}" {said} focusable="false">'
            f'<use href="#i-{escape(name)}"/></svg>')


SYMBOLS = (*(f"track-{c}" for c in theme.COLOUR_RGB),
           *(f"seat-{s}" for s in range(len(theme.SEAT_SHAPES))),
           "coin", "medal-silver", "medal-gold", "statue", "colony", "hourglass", "flag", "crown")
