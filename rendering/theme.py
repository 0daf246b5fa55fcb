"""Colours, sizes and the legibility rule every image is laid out for.

Discord shows an image about 400 px wide in chat (previews also fit a box about 300 px tall,
so images keep to roughly 4:3 or wider where they can). Every image is drawn WIDTH px wide, so
it appears at DISPLAY_WIDTH / WIDTH of its size; text is never smaller than MIN_TEXT px, whose
digits are then at least 10 px tall on screen. Opened full size, the image stays crisp because
it is drawn at twice the shown size, not enlarged.
"""

from __future__ import annotations

from hadara.content import TRACK_COLOURS, TRACKS

RGB = tuple[int, int, int]

WIDTH = 800
DISPLAY_WIDTH = 400
MIN_DISPLAY_DIGIT_PX = 10
#: Smallest font size (px) any text uses; DejaVu digits are 0.73 em tall: 28 px gives 20.4 px
#: digits, 10.2 px when shown 400 px wide. Tests measure it from the font itself.
MIN_TEXT = 28
#: Letters inside small tiles and medals, which repeat what shape and colour already say.
GLYPH = 22
TEXT = 30  # ordinary values
BIG = 36  # scores, key values
TITLE = 38

# PNG settings shared by the renderer and the benchmark's encode floor. zlib level 3 encodes
# about 40% faster than the default 6 for files about 5% larger (flat colours compress well).
PNG_OPTIONS: dict[str, int | bool] = {"compress_level": 3, "optimize": False}

# Palette: warm paper, dark ink.
PAPER = (246, 241, 231)
PANEL = (255, 255, 255)
PANEL_ALT = (250, 247, 240)
LINE = (214, 204, 188)
INK = (34, 31, 28)
MUTED = (96, 88, 80)  # still 7:1 on PANEL
FAINT = (196, 188, 176)
HIGHLIGHT = (255, 236, 170)
GOLD = (212, 160, 23)
SILVER = (170, 176, 184)
COIN = (226, 178, 40)
COIN_DARK = (150, 110, 10)

#: Card and track colours; each track also has a letter and an icon shape (icons.py).
COLOUR_RGB: dict[str, tuple[int, int, int]] = {
    "yellow": (232, 185, 35),
    "red": (192, 57, 43),
    "blue": (46, 109, 180),
    "green": (60, 141, 64),
    "purple": (125, 60, 152),
}
#: Text colour readable on each card colour.
ON_COLOUR: dict[str, tuple[int, int, int]] = {
    "yellow": INK, "red": (255, 255, 255), "blue": (255, 255, 255),
    "green": (255, 255, 255), "purple": (255, 255, 255),
}
TINT: dict[str, tuple[int, int, int]] = {
    "yellow": (251, 240, 200), "red": (245, 215, 210), "blue": (212, 226, 244),
    "green": (215, 236, 214), "purple": (230, 215, 238),
}
TRACK_LETTER: dict[str, str] = {"income": "I", "military": "M", "culture": "C", "food": "F"}
COLOUR_LETTER: dict[str, str] = {
    **{c: TRACK_LETTER[t] for c, t in zip(TRACK_COLOURS, TRACKS, strict=True)}, "purple": "P"}
TRACK_OF: dict[str, str] = dict(zip(TRACK_COLOURS, TRACKS, strict=True))
COLOUR_OF_TRACK: dict[str, str] = dict(zip(TRACKS, TRACK_COLOURS, strict=True))

#: Seat colours (distinct from the card colours) and emblem shapes, by seat.
SEAT_RGB: tuple[tuple[int, int, int], ...] = (
    (230, 126, 34), (23, 150, 170), (214, 51, 132), (90, 98, 110), (139, 90, 43))
SEAT_SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "hexagon")

EPOCH_NUMERAL = {1: "I", 2: "II", 3: "III"}


def seat_rgb(seat: int) -> tuple[int, int, int]:
    return SEAT_RGB[seat % len(SEAT_RGB)]


def seat_tint(seat: int) -> tuple[int, int, int]:
    r, g, b = seat_rgb(seat)
    return (255 - (255 - r) // 5, 255 - (255 - g) // 5, 255 - (255 - b) // 5)


def darker(rgb: RGB, by: int = 60) -> RGB:
    """The same colour darker, for outlines."""
    r, g, b = rgb
    return (max(0, r - by), max(0, g - by), max(0, b - by))


def display_scale(width: int) -> float:
    """How much smaller an image of this width appears in chat."""
    return min(1.0, DISPLAY_WIDTH / width)
