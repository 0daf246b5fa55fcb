"""The players: one panel per seat with name, live score, coins, unused bonus tiles, the four
tracks (value, a bar, the cards of that colour), purple cards, colonies (side up), the four
statue spaces and the medals.

Three lines per player at 800 px wide keep 5 players near 4:5, so the image still shows about
400 px wide in chat, where every number is at least 10 px tall.
"""

from __future__ import annotations

from hadara.content import TRACK_COLOURS, TRACKS, Catalog

from . import icons, theme
from .canvas import Canvas
from .fonts import FontBook
from .parts import View, display_name

MARGIN = 10
GAP = 6
PAD = 6
LINE = 35
PANEL_H = 2 * PAD + 3 * LINE
TRACK_GROUP = 178  # icon 32, value, bar, card chip
VALUE_W = 54
BAR_W = 42
CHIP_W, CHIP_H = 40, 30
SLOT_W, SLOT_H = 40, 30


def players_height(n: int) -> int:
    return 2 * MARGIN + n * PANEL_H + (n - 1) * GAP


def _chip(cv: Canvas, x: float, cy: float, colour: str, count: int) -> None:
    """A card-coloured chip holding how many cards of that colour a player owns."""
    rgb = theme.COLOUR_RGB[colour] if count else theme.TINT[colour]
    cv.box(x, cy - CHIP_H / 2, x + CHIP_W, cy + CHIP_H / 2, fill=rgb,
           outline=theme.darker(theme.COLOUR_RGB[colour], 60), radius=6,
           width=2)
    cv.text(x + CHIP_W / 2, cy, str(count), theme.MIN_TEXT, bold=bool(count),
            fill=theme.ON_COLOUR[colour] if count else theme.MUTED, anchor="mm")


def _bar(cv: Canvas, x: float, cy: float, value: int, scale: int, colour: str,
         ticks: list[int]) -> None:
    """A track bar on a common scale, with ticks at the requirements that matter."""
    h = 14
    cv.draw.rectangle((x, cy - h / 2, x + BAR_W, cy + h / 2), fill=EMPTY)
    fill = round(BAR_W * min(value, scale) / scale)
    if fill > 0:
        cv.draw.rectangle((x, cy - h / 2, x + fill, cy + h / 2), fill=theme.COLOUR_RGB[colour])
    for t in ticks:
        if 0 < t <= scale:
            tx = x + round(BAR_W * t / scale)
            cv.draw.line((tx, cy - h / 2 - 4, tx, cy + h / 2 + 4), fill=theme.INK, width=3)


def _slot(cv: Canvas, x: float, cy: float, label: str, fill: tuple[int, int, int] | None,
          text_fill: tuple[int, int, int], bold: bool) -> None:
    """A colony level or statue space: empty (its requirement, quiet) or taken (filled)."""
    x1, y0, y1 = x + SLOT_W, cy - SLOT_H / 2, cy + SLOT_H / 2
    if fill is None:
        cv.draw.rectangle((x, y0, x1, y1), fill=EMPTY)
    else:
        cv.box(x, y0, x1, y1, fill=fill, outline=theme.darker(fill, 60),
               radius=6, width=2)
    cv.text(x + SLOT_W / 2, cy, label, theme.MIN_TEXT, bold=bold, fill=text_fill, anchor="mm")


EMPTY = (238, 234, 226)
COIN_SIDE = (240, 200, 90)  # a plundered colony shows its coin side
BACK_SIDE = (92, 70, 48)  # an integrated colony is flipped to its back


def panel(cv: Canvas, view: View, catalog: Catalog, fonts: FontBook, seat: int, y: float,
          scales: list[int]) -> None:
    s = view["seats"][seat]
    x0, x1 = MARGIN, theme.WIDTH - MARGIN
    waiting = seat in view["waiting_on"]
    chosen = s["committed"] and not waiting
    # Tint the seats we wait on, unless that is everyone (then the hourglasses say it).
    tint = waiting and len(view["waiting_on"]) < view["n"]
    cv.box(x0, y, x1, y + PANEL_H, fill=theme.HIGHLIGHT if tint else theme.PANEL,
           outline=theme.seat_rgb(seat), radius=12, width=4 if tint else 3)
    ix, iw = x0 + 10, x1 - x0 - 20
    cy1 = y + PAD + LINE / 2
    cy2, cy3 = cy1 + LINE, cy1 + 2 * LINE

    # Line 1, from the right: score, coins, unused bonus tiles; then emblem, name, markers.
    right: float = ix + iw
    score = s["score"]["total"]
    nw = cv.measure(str(score), theme.BIG, True)
    pw = cv.measure("pts", theme.MIN_TEXT)
    sw = nw + pw + 32
    cv.box(right - sw, cy1 - 16, right, cy1 + 16, fill=theme.INK, outline=None, radius=16)
    cv.text(right - 12, cy1, "pts", theme.MIN_TEXT, fill=(220, 214, 204), anchor="rm")
    cv.text(right - 18 - pw, cy1, str(score), theme.BIG, bold=True, fill=(255, 255, 255),
            anchor="rm")
    right -= sw + 16
    cw = cv.measure(str(s["coins"]), theme.TEXT, True)
    cv.text(right, cy1, str(s["coins"]), theme.TEXT, bold=True, anchor="rm")
    cv.paste(icons.coins(30), right - cw - 34, cy1 - 15)
    right -= cw + 34 + 16
    for colour in reversed(TRACK_COLOURS):
        n = s["bonus_tiles"][colour]
        nw = cv.text(right, cy1, str(n), theme.MIN_TEXT, fill=theme.INK if n else theme.MUTED,
                     anchor="rm")
        right -= nw + 3
        _tile(cv, right - 28, cy1, colour, faded=not n)
        right -= 28 + 10
    e = 32
    cv.paste(icons.emblem(seat, e), ix, cy1 - e / 2)
    markers = []
    if view["first"] == seat and view["step"] not in ("setup_side", "over"):
        markers.append(icons.flag(28))
    if waiting:
        markers.append(icons.hourglass(28))
    if view["over"] and seat in view["winners"]:
        markers.append(icons.crown(30))
    room = right - (ix + e + 8) - 12 - 32 * len(markers) - (34 if chosen else 0)
    nx: float = ix + e + 8
    nx += cv.text(nx, cy1, display_name(fonts, view, seat), theme.TEXT, bold=True,
                  anchor="lm", max_width=room) + 8
    for m in markers:
        cv.paste(m, nx, cy1 - m.height / 2)
        nx += m.width + 4
    if chosen:
        cv.text(nx, cy1, "✓", theme.TEXT, bold=True, fill=(40, 130, 60), anchor="lm")

    # Line 2: the four tracks, each with the cards of its colour.
    for i, (track, colour) in enumerate(zip(TRACKS, TRACK_COLOURS, strict=True)):
        gx = ix + i * (TRACK_GROUP + 14)
        if i:
            cv.draw.line((gx - 8, cy2 - 14, gx - 8, cy2 + 14), fill=theme.LINE, width=2)
        cv.paste(icons.track_icon(colour, 32), gx, cy2 - 16)
        value = s["tracks"][track]
        size = theme.TEXT if value < 100 else theme.MIN_TEXT  # three digits still fit
        cv.text(gx + 34 + VALUE_W, cy2, str(value), size, bold=True, anchor="rm")
        # feeding (F1): food must reach the card count, so the food bar marks it
        ticks = [len(s["tableau"])] if track == "food" else []
        _bar(cv, gx + 38 + VALUE_W, cy2, value, scales[i], colour, ticks)
        _chip(cv, gx + 38 + VALUE_W + BAR_W + 6, cy2, colour, s["cards_by_colour"][colour])

    # Line 3: purple cards, colonies, statues, medals.
    x = ix
    cv.paste(icons.track_icon("purple", 32), x, cy3 - 16)
    _chip(cv, x + 36, cy3, "purple", s["cards_by_colour"]["purple"])
    x += 36 + CHIP_W + 18
    cv.paste(icons.colony(26), x, cy3 - 13)
    x += 30
    held = {c["level"]: c for c in s["colonies"]}
    for level in catalog.rules.colony_levels:
        c = held.get(level)
        if c is None:
            _slot(cv, x, cy3, str(level), None, theme.MUTED, False)
        elif c["integrated"]:
            _slot(cv, x, cy3, str(level), BACK_SIDE, (255, 255, 255), True)
        else:
            _slot(cv, x, cy3, str(level), COIN_SIDE, theme.INK, True)
        x += SLOT_W + 2
    x += 16
    cv.paste(icons.statue(26), x, cy3 - 13)
    x += 30
    for space, placed in zip(catalog.statues, s["statues"], strict=True):
        if placed is None:
            _slot(cv, x, cy3, str(space.requirement), None, theme.MUTED, False)
        else:
            colour = placed["tile"]
            label = theme.COLOUR_LETTER[colour] if placed["side"] == "colour" else "★"
            _slot(cv, x, cy3, label, theme.COLOUR_RGB[colour], theme.ON_COLOUR[colour], True)
        x += SLOT_W + 2
    x += 16
    silver = s["silver_medals"]
    for i in range(catalog.rules.max_silver):
        _medal(cv, x, cy3, "silver", silver[i] if i < len(silver) else None)
        x += 36
    for i in range(catalog.rules.max_gold):
        _medal(cv, x, cy3, "gold", "" if i < s["gold_medals"] else None)
        x += 36


def _tile(cv: Canvas, x: float, cy: float, colour: str, faded: bool) -> None:
    """An unused bonus tile: a square in its track colour with the track letter."""
    size = 28
    fill = theme.TINT[colour] if faded else theme.COLOUR_RGB[colour]
    cv.box(x, cy - size / 2, x + size, cy + size / 2, fill=fill,
           outline=theme.darker(theme.COLOUR_RGB[colour], 60), radius=4, width=2)
    cv.text(x + size / 2, cy, theme.COLOUR_LETTER[colour], theme.GLYPH, bold=True,
            fill=theme.MUTED if faded else theme.ON_COLOUR[colour], anchor="mm", role="glyph")


def _medal(cv: Canvas, x: float, cy: float, kind: str, tile: str | None) -> None:
    """A medal space: empty ring, or the medal (a silver one shows its tile's letter)."""
    d = 32
    box = (x, cy - d / 2, x + d, cy + d / 2)
    if tile is None:
        cv.draw.ellipse(box, outline=theme.FAINT, width=2)
        return
    fill = theme.SILVER if kind == "silver" else theme.GOLD
    ring = theme.COLOUR_RGB[tile] if tile else theme.COIN_DARK
    cv.draw.ellipse(box, fill=fill, outline=ring, width=4)
    if tile:
        cv.text(x + d / 2, cy, theme.COLOUR_LETTER[tile], theme.GLYPH, bold=True,
                anchor="mm", role="glyph")


def draw_players(view: View, catalog: Catalog, fonts: FontBook) -> Canvas:
    n = view["n"]
    cv = Canvas(theme.WIDTH, players_height(n), fonts)
    scales = [max(30, *(st["tracks"][t] for st in view["seats"])) for t in TRACKS]
    for seat in range(n):
        panel(cv, view, catalog, fonts, seat, MARGIN + seat * (PANEL_H + GAP), scales)
    return cv
