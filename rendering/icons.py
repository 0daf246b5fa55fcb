"""Icons drawn by code (no outside artwork): track shapes, seat emblems, coins, laurels, medals.

Each icon is drawn four times larger and scaled down, so edges are smooth although Pillow's
shapes are not anti-aliased. Icons are static artwork, so each (kind, size, colour) is drawn
once per process and reused, like a loaded font; nothing that depends on a game is cached.

Every track has a colour and a shape (income: yellow coin; military: red shield; culture: blue
temple; food: green drop; purple cards: violet star), so no element depends on telling colours
apart. An icon large enough carries its letter too ("I", "M", "C", "F", "P"; a seat's emblem its
number), but only where the letter is at least :data:`theme.MIN_TEXT` px, the legibility floor
of every text: below that the shape alone says it. The letters an icon carries are recorded in
its ``info["text"]`` (text, size), which :meth:`Canvas.paste` adds to the canvas's sizes, so
the legibility tests see them too.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from . import theme
from .fonts import SHIPPED
from .shapes import LETTER_Y as _LETTER_Y
from .shapes import TRACK_SHAPE
from .shapes import shape_points as _shape_points

SS = 4  # supersampling factor
RGB = tuple[int, int, int]
WHITE = (255, 255, 255)


def _canvas(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img)


def _finish(img: Image.Image, w: int, h: int,
            text: tuple[tuple[str, int], ...] = ()) -> Image.Image:
    out = img.resize((w, h), Image.Resampling.LANCZOS)
    if text:
        out.info["text"] = text
    return out


#: A font file and face index for an icon's letter (None: the shipped bold face).
FaceRef = tuple[str, int] | None


def _font(size: int, face: FaceRef = None) -> ImageFont.FreeTypeFont:
    path, index = face if face is not None else (str(SHIPPED[True]), 0)
    return ImageFont.truetype(path, size * SS, index=index,
                              layout_engine=ImageFont.Layout.BASIC)


def _letter(d: ImageDraw.ImageDraw, cx: float, cy: float, text: str, size: int, fill: RGB,
            face: FaceRef = None) -> tuple[tuple[str, int], ...]:
    """A letter centred on its capital height (cy in supersampled px), if it is large enough
    to read (:data:`theme.MIN_TEXT`); returns what was drawn, for the icon's ``info``."""
    if size < theme.MIN_TEXT:
        return ()
    font = _font(size, face)
    d.text((cx, cy + 0.365 * size * SS), text, font=font, fill=fill, anchor="ms")
    return ((text, size),)


def _pts(points: list[tuple[float, float]], w: int, h: int) -> list[tuple[float, float]]:
    return [(x * w * SS, y * h * SS) for x, y in points]


def _draw_shape(d: ImageDraw.ImageDraw, shape: str, w: int, h: int, fill: RGB,
                outline: RGB | None, line: float) -> None:
    pts = _shape_points(shape)
    width = max(1, round(line * SS))
    if pts is None:
        inset = width / 2
        d.ellipse((inset, inset, w * SS - inset, h * SS - inset), fill=fill, outline=outline,
                  width=width if outline else 0)
    else:
        d.polygon(_pts(pts, w, h), fill=fill, outline=outline, width=width if outline else 0)




@lru_cache(maxsize=512)
def track_icon(colour: str, size: int, letter: str | None = None,
               face: FaceRef = None) -> Image.Image:
    """The icon of a card colour / track: shape, colour and letter (``letter`` in the
    reader's language, drawn with ``face``; default the English letter)."""
    img, d = _canvas(size, size)
    shape = TRACK_SHAPE[colour]
    dark = theme.darker(theme.COLOUR_RGB[colour], 60)
    _draw_shape(d, shape, size, size, theme.COLOUR_RGB[colour], dark, size / 18)
    letter_size = round(size * (0.56 if shape in ("drop", "temple") else 0.62))
    drawn = _letter(d, size * SS / 2, size * SS * _LETTER_Y[shape],
                    letter or theme.COLOUR_LETTER[colour], letter_size, theme.ON_COLOUR[colour],
                    face)
    return _finish(img, size, size, drawn)


@lru_cache(maxsize=128)
def silhouette(colour: str, size: int, fill: RGB = WHITE) -> Image.Image:
    """The shape of a colour's track (coin, shield, temple, drop, star) in one colour, no
    letter: on a bonus tile, a medal or a carved statue."""
    img, d = _canvas(size, size)
    _draw_shape(d, TRACK_SHAPE[colour], size, size, fill, theme.darker(fill, 80), size / 16)
    return _finish(img, size, size)


@lru_cache(maxsize=64)
def emblem(seat: int, size: int) -> Image.Image:
    """A seat's emblem: its shape in its colour, with the seat number."""
    img, d = _canvas(size, size)
    shape = theme.SEAT_SHAPES[seat % len(theme.SEAT_SHAPES)]
    _draw_shape(d, shape, size, size, theme.seat_rgb(seat), WHITE, size / 14)
    cy = 0.64 if shape == "triangle" else 0.5
    drawn = _letter(d, size * SS / 2, size * SS * cy, str(seat + 1),
                    round(size * (0.5 if shape == "triangle" else 0.62)), WHITE)
    return _finish(img, size, size, drawn)


@lru_cache(maxsize=32)
def coins(size: int) -> Image.Image:
    """A small stack of coins."""
    img, d = _canvas(size, size)
    s = size * SS
    for i, top in enumerate((0.52, 0.34, 0.16)):
        y0 = top * s
        d.ellipse((0.08 * s, y0 + 0.1 * s, 0.92 * s, y0 + 0.42 * s), fill=theme.COIN_DARK)
        d.ellipse((0.08 * s, y0, 0.92 * s, y0 + 0.32 * s), fill=theme.COIN,
                  outline=theme.COIN_DARK, width=max(1, round(s / 22)))
        if i == 2:
            d.ellipse((0.3 * s, y0 + 0.08 * s, 0.7 * s, y0 + 0.24 * s), outline=theme.COIN_DARK,
                      width=max(1, round(s / 30)))
    return _finish(img, size, size)


@lru_cache(maxsize=32)
def laurel(width: int, height: int, colour: RGB = (84, 130, 53)) -> Image.Image:
    """Two laurel branches framing a space for a number of points."""
    img, d = _canvas(width, height)
    w, h = width * SS, height * SS
    leaf = min(w, h) * 0.34  # leaf length
    rx, ry = w / 2 - leaf * 0.3, h / 2 - leaf * 0.25
    for side in (-1, 1):
        for i in range(5):
            theta = math.radians(-62 + 28 * i)  # from near the bottom up each side
            x = w / 2 + side * rx * math.cos(theta)
            y = h / 2 - ry * math.sin(theta)
            # along the branch (upwards), turned a little outwards
            tilt = math.atan2(-ry * math.cos(theta), -side * rx * math.sin(theta)) + side * 0.4
            pts = []
            for k in range(14):
                a = 2 * math.pi * k / 14
                lx, ly = leaf * 0.5 * math.cos(a), leaf * 0.2 * math.sin(a)
                pts.append((x + lx * math.cos(tilt) - ly * math.sin(tilt),
                            y + lx * math.sin(tilt) + ly * math.cos(tilt)))
            d.polygon(pts, fill=colour)
    return _finish(img, width, height)


@lru_cache(maxsize=32)
def card(width: int, height: int, colour: RGB, border: RGB = WHITE) -> Image.Image:
    """A card silhouette (counts of cards)."""
    img, d = _canvas(width, height)
    r = min(width, height) * SS * 0.18
    d.rounded_rectangle((0, 0, width * SS - 1, height * SS - 1), radius=r, fill=colour,
                        outline=theme.darker(colour, 60), width=SS * 2)
    inset = SS * 3
    d.rounded_rectangle((inset, inset, width * SS - inset, height * SS - inset), radius=r * 0.6,
                        outline=border, width=SS)
    return _finish(img, width, height)


@lru_cache(maxsize=16)
def medal(kind: str, size: int) -> Image.Image:
    """A silver or gold medal: a ribbon and a disc (the letter is drawn by the caller)."""
    img, d = _canvas(size, size)
    s = size * SS
    fill = theme.SILVER if kind == "silver" else theme.GOLD
    dark = theme.darker(fill, 70)
    d.polygon([(0.22 * s, 0), (0.46 * s, 0), (0.56 * s, 0.4 * s), (0.36 * s, 0.4 * s)],
              fill=(60, 90, 160))
    d.polygon([(0.54 * s, 0), (0.78 * s, 0), (0.64 * s, 0.4 * s), (0.44 * s, 0.4 * s)],
              fill=(170, 50, 50))
    d.ellipse((0.1 * s, 0.22 * s, 0.9 * s, s - 1), fill=fill, outline=dark,
              width=max(1, round(s / 16)))
    return _finish(img, size, size)


@lru_cache(maxsize=16)
def hourglass(size: int, colour: RGB = theme.INK) -> Image.Image:
    """Marks a seat the game waits for."""
    img, d = _canvas(size, size)
    s = size * SS
    lw = max(1, round(s / 12))
    d.rectangle((0.18 * s, 0.04 * s, 0.82 * s, 0.04 * s + lw), fill=colour)
    d.rectangle((0.18 * s, 0.96 * s - lw, 0.82 * s, 0.96 * s), fill=colour)
    d.polygon([(0.26 * s, 0.12 * s), (0.74 * s, 0.12 * s), (0.5 * s, 0.5 * s)], outline=colour,
              width=lw)
    d.polygon([(0.5 * s, 0.5 * s), (0.74 * s, 0.88 * s), (0.26 * s, 0.88 * s)], fill=colour)
    return _finish(img, size, size)


@lru_cache(maxsize=16)
def flag(size: int, colour: RGB = (200, 40, 40)) -> Image.Image:
    """Marks the epoch's first player."""
    img, d = _canvas(size, size)
    s = size * SS
    d.rectangle((0.2 * s, 0.06 * s, 0.28 * s, 0.96 * s), fill=theme.INK)
    d.polygon([(0.28 * s, 0.08 * s), (0.9 * s, 0.28 * s), (0.28 * s, 0.5 * s)], fill=colour)
    return _finish(img, size, size)


@lru_cache(maxsize=16)
def crown(size: int) -> Image.Image:
    """Marks the winners."""
    img, d = _canvas(size, size)
    s = size * SS
    pts = [(0.06, 0.3), (0.3, 0.55), (0.5, 0.18), (0.7, 0.55), (0.94, 0.3), (0.84, 0.82),
           (0.16, 0.82)]
    d.polygon([(x * s, y * s) for x, y in pts], fill=theme.GOLD, outline=theme.COIN_DARK,
              width=max(1, round(s / 20)))
    for x, y in ((0.06, 0.3), (0.5, 0.18), (0.94, 0.3)):
        d.ellipse(((x - 0.06) * s, (y - 0.06) * s, (x + 0.06) * s, (y + 0.06) * s),
                  fill=theme.GOLD)
    return _finish(img, size, size)


@lru_cache(maxsize=16)
def deck(width: int, height: int, colour: RGB) -> Image.Image:
    """A face-down pile of cards, three backs offset."""
    img, d = _canvas(width, height)
    w, h = width * SS, height * SS
    dark = theme.darker(colour, 70)
    for i in (2, 1, 0):
        off = i * 0.05 * w
        d.rounded_rectangle((off, i * 0.04 * h, w - 0.1 * w + off, h - 0.08 * h + i * 0.04 * h),
                            radius=0.08 * w, fill=colour if i == 0 else dark, outline=dark,
                            width=SS * 2)
    return _finish(img, width, height)


@lru_cache(maxsize=16)
def statue(size: int, colour: RGB = theme.MUTED) -> Image.Image:
    """A statue on a pedestal (section marker)."""
    img, d = _canvas(size, size)
    s = size * SS
    d.ellipse((0.38 * s, 0.04 * s, 0.62 * s, 0.28 * s), fill=colour)
    body = [(0.32, 0.3), (0.68, 0.3), (0.62, 0.72), (0.38, 0.72)]
    d.polygon([(x * s, y * s) for x, y in body], fill=colour)
    d.rectangle((0.2 * s, 0.76 * s, 0.8 * s, 0.96 * s), fill=colour)
    return _finish(img, size, size)


@lru_cache(maxsize=16)
def colony(size: int, colour: RGB = theme.MUTED) -> Image.Image:
    """A hexagonal colony tile (section marker)."""
    img, d = _canvas(size, size)
    pts = _shape_points("hexagon")
    d.polygon(_pts(pts or [], size, size), fill=colour)
    return _finish(img, size, size)


@lru_cache(maxsize=128)
def card_mini(colour: str, width: int, height: int, faded: bool = False,
              letter: str | None = None, face: FaceRef = None) -> Image.Image:
    """Two cards of a colour, fanned, the front one with the colour's letter (a count of owned
    cards is written beside it)."""
    img, d = _canvas(width, height)
    w, h = width * SS, height * SS
    base = theme.COLOUR_RGB[colour]
    fill = theme.TINT[colour] if faded else base
    dark = theme.darker(base, 60)
    cw, ch = w * 0.8, h * 0.88
    r = cw * 0.16
    lw = round(SS * 1.5)
    d.rounded_rectangle((w - cw, 0, w - 1, ch), radius=r,
                        fill=theme.TINT[colour] if faded else theme.darker(base, 30),
                        outline=dark, width=lw)
    d.rounded_rectangle((0, h - ch, cw, h - 1), radius=r, fill=fill, outline=dark, width=lw)
    inset = SS * 3
    d.rounded_rectangle((inset, h - ch + inset, cw - inset, h - 1 - inset), radius=r * 0.5,
                        outline=theme.FAINT if faded else WHITE, width=SS)
    drawn = _letter(d, cw / 2, h - ch / 2, letter or theme.COLOUR_LETTER[colour],
                    round(width * 0.5), theme.MUTED if faded else theme.ON_COLOUR[colour], face)
    return _finish(img, width, height, drawn)


@lru_cache(maxsize=32)
def hex_tile(width: int, height: int, fill: RGB, outline: RGB) -> Image.Image:
    """A hexagonal colony tile, pointed top and bottom, its straight sides leaving room for a
    number between them."""
    img, d = _canvas(width, height)
    w, h = width * SS, height * SS
    lw = max(1, round(SS * width / 18))
    m = lw / 2
    pts = [(w / 2, m), (w - m, h * 0.27), (w - m, h * 0.73), (w / 2, h - m), (m, h * 0.73),
           (m, h * 0.27)]
    d.polygon(pts, fill=fill, outline=outline, width=lw)
    return _finish(img, width, height)


@lru_cache(maxsize=16)
def medal_space(kind: str, size: int) -> Image.Image:
    """A free medal space: a ring in silver or gold on a pale disc (letter drawn by the
    caller), the same outline as the medal it can hold."""
    img, d = _canvas(size, size)
    s = size * SS
    ring = theme.SILVER if kind == "silver" else theme.GOLD
    pale = (240, 242, 245) if kind == "silver" else (250, 238, 200)
    d.ellipse((0.1 * s, 0.22 * s, 0.9 * s, s - 1), fill=pale, outline=ring,
              width=max(1, round(s / 11)))
    return _finish(img, size, size)
