"""The players: a key, then one panel per seat laid out like a Hadara player board.

Line 1: emblem, name (as wide as the line allows), markers, coins, live score.
Line 2: the four tracks as bars, each with its value large and, beside it, a small card of
that colour with the number of cards owned; the purple cards last.
Line 3: unused bonus tiles (a tile of each colour held, with the number held), colonies
(hexagons with their points), statues (carved: the tile's colour with their points).
The medal spaces are on line 1 (a ring: free; a medal: placed, a silver one with its tile's
colour shape).

The key above the first panel names the pictures once, in words. Three lines per seat at 800 px
wide keep 5 players at 668 px high, so the image shows 292 px wide in an embed (the 280-px
height cap does not bind), where no text is under 10 px (theme.py). Icons carry no letters at
these sizes: their shapes and the key say what they are.
"""

from __future__ import annotations

from PIL import Image

from hadara.content import TRACK_COLOURS, TRACKS, Catalog
from hadara.types import ColonyView, SeatView, StatueView

from . import icons, theme
from .canvas import Canvas
from .fonts import FontBook
from .lexicon import track_icon
from .names import fit_names
from .parts import View, display_name

MARGIN = 10
KEY_H = 38
GAP = 5
PAD = 5
LINE = 36
PANEL_H = 2 * PAD + 3 * LINE

# Line 2: a track is a bar (icon, value) and a card count; purple cards come last.
BAR_W, BAR_H = 96, 32
CARD_W, CARD_H = 42, 34
TRACK_STEP = 172  # bar, card, count and the gap to the next track
# Line 1: medal spaces before coins and score. Line 3: fixed slots, so each tile colour,
# colony level and statue space sits in the same place on every panel.
MEDAL_STEP, MEDAL = 33, 32
TILE_STEP, TILE = 54, 24
HEX_STEP, HEX_W, HEX_H = 48, 44, 36
STATUE_STEP, STATUE_W = 64, 60
SECTION_GAP = 28

COIN_SIDE = (240, 200, 90)  # a plundered colony shows its coin side
BACK_SIDE = (92, 70, 48)  # an integrated colony is flipped to its back
EMPTY = (238, 234, 226)
CHECK = (40, 130, 60)


def players_height(n: int) -> int:
    return 2 * MARGIN + KEY_H + n * PANEL_H + (n - 1) * GAP


# -- pieces -------------------------------------------------------------------------------


def _mix(a: theme.RGB, b: theme.RGB, t: float) -> theme.RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def _track(cv: Canvas, x: float, cy: float, colour: str, value: int, scale: int,
           mark: int | None) -> None:
    """A track as a bar (common scale): icon, value large on top; ``mark``: a requirement,
    shown by two small triangles on the bar's edges."""
    y0, y1 = cy - BAR_H / 2, cy + BAR_H / 2
    rgb = theme.COLOUR_RGB[colour]
    cv.box(x, y0, x + BAR_W, y1, fill=_mix(theme.TINT[colour], (255, 255, 255), 0.5),
           outline=None, radius=6)
    fill = round(BAR_W * min(value, scale) / scale)
    if fill > 0:
        cv.box(x, y0, x + max(fill, 12), y1, fill=_mix(rgb, (255, 255, 255), 0.5),
               outline=None, radius=6)
    cv.box(x, y0, x + BAR_W, y1, fill=None, outline=theme.darker(rgb, 40), radius=6, width=2)
    if mark is not None and 0 < mark <= scale:
        tx = x + round(BAR_W * mark / scale)
        dark = theme.darker(rgb, 70)
        cv.draw.polygon([(tx - 5, y0), (tx + 5, y0), (tx, y0 + 6)], fill=dark)
        cv.draw.polygon([(tx - 5, y1), (tx + 5, y1), (tx, y1 - 6)], fill=dark)
    cv.paste(track_icon(cv, colour, 28), x + 3, cy - 14)
    size = theme.BIG if value < 100 else theme.TEXT
    cv.text(x + 35, cy, str(value), size, bold=True, anchor="lm")


def _cards(cv: Canvas, x: float, cy: float, colour: str, count: int) -> float:
    """The cards of a colour owned: a card of that colour with the number on it (a pale
    card with a grey 0 when none); returns the width."""
    rgb = theme.COLOUR_RGB[colour]
    y0, y1 = cy - CARD_H / 2, cy + CARD_H / 2
    fill = rgb if count else theme.TINT[colour]
    edge = theme.darker(rgb, 60)
    # a second card behind, up and right, so the chip reads as cards
    cv.box(x + 5, y0 - 1, x + CARD_W, y1 - 5, fill=theme.darker(fill, 25), outline=edge,
           radius=5, width=2)
    cv.box(x, y0 + 3, x + CARD_W - 5, y1 + 1, fill=fill, outline=edge, radius=5, width=2)
    ink = theme.ON_COLOUR[colour] if count else theme.MUTED
    cv.text(x + (CARD_W - 5) / 2, cy + 2, str(count), theme.MIN_TEXT, bold=True, fill=ink,
            anchor="mm", max_width=CARD_W - 7)
    return float(CARD_W)


def _tiles(cv: Canvas, x: float, cy: float, colour: str, count: int) -> None:
    """Unused bonus tiles of a colour: a tile (the track's shape in its colour) and the number
    held, together in one pale chip; a small faint square when none."""
    if count <= 0:
        cv.box(x + 6, cy - 7, x + 20, cy + 7, fill=EMPTY, outline=theme.FAINT, radius=3,
               width=2)
        return
    rgb = theme.COLOUR_RGB[colour]
    nw = cv.measure(str(count), theme.MIN_TEXT, True)
    cv.box(x, cy - 16, x + TILE + nw + 10, cy + 16, fill=theme.TINT[colour],
           outline=theme.darker(rgb, 40), radius=8, width=2)
    tile(cv, x + 4, cy, colour, TILE - 4)
    cv.text(x + TILE + 4, cy, str(count), theme.MIN_TEXT, bold=True, anchor="lm")


def tile(cv: Canvas, x: float, cy: float, colour: str, size: int) -> None:
    """A bonus tile: a square in the track's colour with the track's shape on it."""
    rgb = theme.COLOUR_RGB[colour]
    cv.box(x, cy - size / 2, x + size, cy + size / 2, fill=rgb, outline=theme.darker(rgb, 70),
           radius=4, width=2)
    cv.paste_centred(icons.silhouette(colour, size - 6, theme.ON_COLOUR[colour]),
                     x + size / 2, cy)


def _colony(cv: Canvas, x: float, cy: float, colony: ColonyView | None) -> None:
    """A colony slot: a held tile (coin side gold, integrated back brown) with its points, or a
    small faint hexagon for a level not held."""
    cx = x + HEX_W / 2
    if colony is None:
        cv.paste_centred(icons.hex_tile(16, 16, EMPTY, theme.FAINT), cx, cy)
        return
    if colony["integrated"]:
        fill, ink, points = BACK_SIDE, (255, 255, 255), colony["back"]["points"]
    else:
        fill, ink, points = COIN_SIDE, theme.INK, colony["front"]["points"]
    cv.paste_centred(icons.hex_tile(HEX_W, HEX_H, fill, theme.darker(fill, 70)), cx, cy)
    cv.text(cx, cy, str(points), theme.MIN_TEXT, bold=True, fill=ink, anchor="mm")


def _statue(cv: Canvas, x: float, cy: float, points: int, placed: StatueView | None) -> None:
    """A statue space: carved (the bonus tile's colour, the statue's points and, for the
    tile's points side, ★; for its colour side, the track's icon) or a small faint statue."""
    if placed is None:
        cv.paste_centred(icons.statue(22, theme.FAINT), x + STATUE_W / 2, cy)
        return
    colour = placed["tile"]
    rgb, ink = theme.COLOUR_RGB[colour], theme.ON_COLOUR[colour]
    cv.box(x, cy - 16, x + STATUE_W, cy + 16, fill=rgb, outline=theme.darker(rgb, 60),
           radius=6, width=2)
    nw = cv.measure(str(points), theme.MIN_TEXT, True)
    if placed["side"] == "points":
        mw = cv.measure("★", theme.MIN_TEXT, True)
        left = x + (STATUE_W - nw - mw) / 2
        cv.text(left + nw, cy, "★", theme.MIN_TEXT, bold=True, fill=ink, anchor="lm")
    else:
        left = x + (STATUE_W - nw - 20) / 2
        cv.paste(icons.silhouette(colour, 18, ink), left + nw + 2, cy - 9)
    cv.text(left, cy, str(points), theme.MIN_TEXT, bold=True, fill=ink, anchor="lm")


def _medal(cv: Canvas, x: float, cy: float, kind: str, tile: str | None, held: bool) -> None:
    """A medal space: the medal (a silver one shows the shape of its tile's track in the
    track's colour) or a free space (a ring in its metal)."""
    top = cy - MEDAL / 2
    disc_cy = top + MEDAL * 0.61  # the disc's centre, below the ribbon
    if held:
        cv.paste(icons.medal(kind, MEDAL), x, top)
        if tile:
            cv.paste_centred(icons.silhouette(tile, 16, theme.COLOUR_RGB[tile]),
                             x + MEDAL / 2, disc_cy)
    else:
        cv.paste(icons.medal_space(kind, MEDAL), x, top)


def _line3_x(ix: float) -> tuple[float, float, float]:
    """Left edges of the bonus tiles, colonies and statues on line 3."""
    tiles = ix
    colonies = tiles + 4 * TILE_STEP + SECTION_GAP - 6
    statues = colonies + 5 * HEX_STEP + SECTION_GAP - 4
    return tiles, colonies, statues


#: The key's pictures: (what, width of its picture and the gap before its label).
_KEY_ITEMS = (("cards", CARD_W + 4), ("tiles", TILE + 6), ("colonies", 32), ("statues", 28),
              ("medals", 2 * MEDAL_STEP + 4))
_KEY_GAP = 18


def _key(cv: Canvas, y: float) -> None:
    """One line naming the pictures of the panels (labels squeezed alike if the language's
    words are too long for the line)."""
    cy = y + KEY_H / 2
    x: float = MARGIN + 10
    muted, size = theme.MUTED, theme.MIN_TEXT
    labels = [cv.t(f"image.players.key.{what}") for what, _ in _KEY_ITEMS]
    widths = [cv.measure(t, size) for t in labels]
    room = (theme.WIDTH - 6 - x - sum(w for _, w in _KEY_ITEMS)
            - _KEY_GAP * (len(_KEY_ITEMS) - 1))
    scale = min(1.0, room / sum(widths))

    def label(i: int) -> None:
        nonlocal x
        x += cv.text(x, cy, labels[i], size, fill=muted, anchor="lm",
                     max_width=widths[i] * scale) + _KEY_GAP

    _cards(cv, x, cy, "blue", 3)
    x += CARD_W + 4
    label(0)
    tile(cv, x, cy, "red", TILE)
    x += TILE + 6
    label(1)
    cv.paste_centred(icons.hex_tile(28, 26, COIN_SIDE, theme.darker(COIN_SIDE, 70)), x + 14,
                     cy)
    x += 32
    label(2)
    cv.paste_centred(icons.statue(28, theme.MUTED), x + 12, cy)
    x += 28
    label(3)
    _medal(cv, x, cy, "silver", None, False)
    _medal(cv, x + MEDAL_STEP, cy, "gold", None, False)
    x += 2 * MEDAL_STEP + 4
    label(4)


# -- a panel --------------------------------------------------------------------------------


def panel(cv: Canvas, view: View, catalog: Catalog, seat: int, y: float, scales: list[int],
          name: tuple[str, int]) -> None:
    s = view["seats"][seat]
    x0, x1 = MARGIN, theme.WIDTH - MARGIN
    waiting = seat in view["waiting_on"]
    chosen = s["committed"] and not waiting
    # Tint the seats we wait on, unless that is everyone (then the hourglasses say it).
    tint = waiting and len(view["waiting_on"]) < view["n"]
    cv.box(x0, y, x1, y + PANEL_H, fill=theme.HIGHLIGHT if tint else theme.PANEL,
           outline=theme.seat_rgb(seat), radius=12, width=4 if tint else 3)
    ix, right_edge = x0 + 10, x1 - 10
    cy1 = y + PAD + LINE / 2
    cy2, cy3 = cy1 + LINE, cy1 + 2 * LINE

    # Line 1: emblem, name, markers; coins and score on the right.
    rules = catalog.rules
    medals_x = _line1_right(cv, s, right_edge, cy1) - _medals_w(catalog)
    silver = s["silver_medals"]
    for i in range(rules.max_silver):
        _medal(cv, medals_x + i * MEDAL_STEP, cy1, "silver",
               silver[i] if i < len(silver) else None, i < len(silver))
    for i in range(rules.max_gold):
        _medal(cv, medals_x + (rules.max_silver + i) * MEDAL_STEP, cy1, "gold", None,
               i < s["gold_medals"])
    e = 32
    cv.paste(icons.emblem(seat, e), ix, cy1 - e / 2)
    nx: float = ix + e + 6
    nx += cv.text(nx, cy1, name[0], name[1], bold=True, anchor="lm") + 8
    for m in _markers(view, seat):
        cv.paste(m, nx, cy1 - m.height / 2)
        nx += m.width + 4
    if chosen:
        cv.text(nx, cy1, "✓", theme.TEXT, bold=True, fill=CHECK, anchor="lm")

    # Line 2: each track with its value and the cards of its colour; then purple cards.
    for i, (track, colour) in enumerate(zip(TRACKS, TRACK_COLOURS, strict=True)):
        gx = ix + i * TRACK_STEP
        # feeding (F1): food must reach the card count, marked on the food bar
        mark = len(s["tableau"]) if track == "food" else None
        _track(cv, gx, cy2, colour, s["tracks"][track], scales[i], mark)
        _cards(cv, gx + BAR_W + 6, cy2, colour, s["cards_by_colour"][colour])
    _cards(cv, ix + 4 * TRACK_STEP, cy2, "purple", s["cards_by_colour"]["purple"])

    # Line 3: bonus tiles, colonies, statues, each in fixed slots.
    held = {c["level"]: c for c in s["colonies"]}
    tx, colx, stx = _line3_x(ix)
    for i, colour in enumerate(TRACK_COLOURS):
        _tiles(cv, tx + i * TILE_STEP, cy3, colour, s["bonus_tiles"][colour])
    for i, level in enumerate(catalog.rules.colony_levels):
        _colony(cv, colx + i * HEX_STEP, cy3, held.get(level))
    for i, (space, placed) in enumerate(zip(catalog.statues, s["statues"], strict=True)):
        points = space.points + (space.extra_points if placed and placed["side"] == "points"
                                 else 0)
        _statue(cv, stx + i * STATUE_STEP, cy3, points, placed)
    for sx in (colx, stx):
        lx = sx - SECTION_GAP / 2 + 2
        cv.draw.line((lx, cy3 - 14, lx, cy3 + 14), fill=theme.LINE, width=2)


def _markers(view: View, seat: int) -> list[Image.Image]:
    out: list[Image.Image] = []
    if view["first"] == seat and view["step"] not in ("setup_side", "over"):
        out.append(icons.flag(28))
    if seat in view["waiting_on"]:
        out.append(icons.hourglass(28))
    if view["over"] and seat in view["winners"]:
        out.append(icons.crown(30))
    return out


def _markers_width(view: View, seat: int) -> float:
    s = view["seats"][seat]
    chosen = bool(s["committed"]) and seat not in view["waiting_on"]
    return float(sum(m.width + 4 for m in _markers(view, seat)) + (34 if chosen else 0))


def _line1_right(cv: Canvas, s: SeatView, right: float, cy: float) -> float:
    """Score pill and coins, drawn from the right; returns their left edge."""
    score = s["score"]["total"]
    nw = cv.measure(str(score), theme.BIG, True)
    pw = cv.measure(cv.t("image.pts"), theme.MIN_TEXT)
    sw = nw + pw + 32
    cv.box(right - sw, cy - 16, right, cy + 16, fill=theme.INK, outline=None, radius=16)
    cv.text(right - 12, cy, cv.t("image.pts"), theme.MIN_TEXT, fill=(220, 214, 204), anchor="rm")
    cv.text(right - 18 - pw, cy, str(score), theme.BIG, bold=True, fill=(255, 255, 255),
            anchor="rm")
    right -= sw + 16
    cw = cv.measure(str(s["coins"]), theme.TEXT, True)
    cv.text(right, cy, str(s["coins"]), theme.TEXT, bold=True, anchor="rm")
    cv.paste(icons.coins(30), right - cw - 34, cy - 15)
    return right - cw - 34


def _medals_w(catalog: Catalog) -> float:
    """Width of the medal spaces on line 1, with the gap before the coins."""
    return (catalog.rules.max_silver + catalog.rules.max_gold) * MEDAL_STEP + 10


def _line1_room(cv: Canvas, view: View, catalog: Catalog, seat: int) -> float:
    """Width left for the name between the emblem and markers and the coins and score."""
    s = view["seats"][seat]
    right: float = theme.WIDTH - MARGIN - 10
    right -= (cv.measure(str(s["score"]["total"]), theme.BIG, True)
              + cv.measure(cv.t("image.pts"), theme.MIN_TEXT) + 32 + 16)
    right -= cv.measure(str(s["coins"]), theme.TEXT, True) + 34 + _medals_w(catalog)
    left = MARGIN + 10 + 32 + 6
    return right - left - 8 - _markers_width(view, seat)


def draw_players(view: View, catalog: Catalog, fonts: FontBook, locale: str = "en") -> Canvas:
    """One panel per seat (see the module), its words in ``locale``."""
    n = view["n"]
    cv = Canvas(theme.WIDTH, players_height(n), fonts, locale=locale)
    _key(cv, MARGIN)
    scales = [max(30, *(st["tracks"][t] for st in view["seats"])) for t in TRACKS]
    names = fit_names(cv, [display_name(fonts, view, seat, locale) for seat in range(n)],
                      [_line1_room(cv, view, catalog, seat) for seat in range(n)])
    top = MARGIN + KEY_H
    for seat in range(n):
        panel(cv, view, catalog, seat, top + seat * (PANEL_H + GAP), scales, names[seat])
    return cv
