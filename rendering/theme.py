"""Colours, sizes and the legibility rule every image is laid out for.

Where Discord shows a picture on a 412-px phone (measured in simcord 3.2.1's preview, the only
client that can be measured offline; see docs/rendering.md): an embed image 292 px wide and at
most 280 px high, a top-level media gallery 324 px wide (no height cap), a gallery inside a
container about 287 px, a plain attachment 324 px wide and at most 576 px high
(:data:`DISPLAYS`). A picture ``w`` × ``h`` px shown in a box ``W`` × ``H`` is drawn at
``min(W / w, H / h)`` of its size (:func:`displayed_scale`).

The rule: no text is smaller than :data:`MIN_DISPLAY_PX` (10 px font size) where it is shown.
Every image is drawn :data:`WIDTH` (800) px wide and at most :data:`MAX_HEIGHT` px high, so in
the narrowest box (a container's gallery, 287/800) and in an embed (292/800, the height cap
not binding up to 767 px) text of :data:`MIN_TEXT` = 28 px shows at 10.0 px or more; letters
inside icons are drawn only when they reach that size too (:mod:`rendering.icons`).
"""

from __future__ import annotations

from hadara.content import TRACK_COLOURS, TRACKS

RGB = tuple[int, int, int]

WIDTH = 800
#: Where a posted picture is shown on a 412-px phone (simcord 3.2.1's preview): box width and
#: height cap (None: no cap), by kind of message.
DISPLAYS: dict[str, tuple[int, int | None]] = {
    "embed": (292, 280),       # an embed's image (the board, decisions)
    "gallery": (324, None),    # a top-level media gallery (Components V2)
    "container": (287, None),  # a media gallery inside a container
    "attachment": (324, 576),  # an image attached to a plain message (reveals, scores)
}
#: The smallest text, as font size in px, where a picture is shown.
MIN_DISPLAY_PX = 10
#: The tallest image: an embed's 280-px cap does not shrink an 800-px-wide image further
#: up to this height (800 × 280 / 292 = 767.1).
MAX_HEIGHT = 767
#: Smallest font size (px) any text uses: 10 px shown at 287/800 (28 × 0.359 = 10.05).
MIN_TEXT = 28
#: Letters inside tiles and medals: no smaller than any other text.
GLYPH = MIN_TEXT
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


def displayed_scale(width: int, height: int, where: str) -> float:
    """How much smaller a ``width`` × ``height`` picture appears in a box of
    :data:`DISPLAYS` (never enlarged)."""
    box_w, box_h = DISPLAYS[where]
    return min(1.0, box_w / width, box_h / height if box_h else 1.0)


def display_scale(width: int, height: int = 0) -> float:
    """The smallest scale a picture of this size is shown at, in any box of :data:`DISPLAYS`
    (the worst case: every posted picture must read there)."""
    return min(displayed_scale(width, max(1, height), where) for where in DISPLAYS)
