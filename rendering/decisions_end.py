"""Decision pictures of the end-of-phase steps and the medals, drawn from the seat's decision
context (``view["private"]["context"]``, :mod:`hadara.types`).

- colony (E2, P9, P13, P14, P15): one row per level: the top tile's front (plunder coins,
  points, integration cost, tiles left), a green edge when in reach, then what the seat may
  do there (plunder and/or integrate, the P15 payment) or why not, worded by
  :func:`hadara.narrate.reason`;
- statue (E3, P4, P13, P14, P15): the seat's bonus tiles, then one row per space: culture
  requirement, what the colour side gives (track steps, statue points) and the points side,
  then in reach (with any P15 payment), why not, or the tile already carved there;
- medals (M1, P5, P10, P12): this epoch's prices, how many are left, what a silver medal on
  each tile colour and one more gold medal would score now, and whether it can be bought.
"""

from __future__ import annotations

from typing import Any

from hadara.content import TRACK_COLOURS, Catalog

from . import icons, theme
from .canvas import Canvas
from .cards import coins_value
from .decision_common import (
    INNER_W,
    MARGIN,
    bonus_tile,
    header,
    header_height,
    points_at,
    stripe,
    veil,
    why,
    wrap_lines,
)
from .fonts import FontBook
from .parts import View, status

Ctx = dict[str, Any]

ROW_H = 80
ROW_GAP = 6
NOTE_H = 40
SAND, SAND_DARK = (236, 222, 192), (150, 120, 70)


def _title(view: View) -> str:
    where, now = status(view)
    return f"{where} · {now}"


def _status(cv: Canvas, cy: float, text: str, ok: bool) -> None:
    """An option's status line: bold when in reach (regular if bold would not fit)."""
    room = INNER_W - 34
    bold = ok and cv.measure(text, theme.MIN_TEXT, True) <= room
    cv.text(MARGIN + 22, cy, text, theme.MIN_TEXT, bold=bold,
            fill=theme.INK if ok else theme.MUTED, anchor="lm", max_width=room)


def _have(track: str, value: int, reduction: int) -> str:
    text = f"{track.capitalize()} {value}"
    return text + (f" (requirements −{reduction}, P14)" if reduction else "")


# ----------------------------------------------------------------------------------- colony


def _colony_status(lv: Ctx, ctx: Ctx) -> str:
    if not lv["reachable"]:
        code = lv["reason"] or "not_legal"
        params = {"level": lv["level"], "have": ctx["military"], "reduction": ctx["reduction"],
                  "pay": lv["pay"]}
        if code == "requirement_payment":
            params["have"] = ctx["coins"]
        return why(code, params)
    start = f"Pay {lv['pay']} coins (P15), then " if lv["pay"] else "In reach: "
    if lv["can_integrate"]:
        return f"{start}plunder or integrate"
    cost = lv["top"]["cost"] if lv["top"] else 0
    return f"{start}plunder only (integrating costs {cost})"


def colony(view: View, catalog: Catalog, fonts: FontBook, seat: int, ctx: Ctx) -> Canvas:
    levels = ctx["levels"]
    first = "Second colony (P13): " if ctx["second_action"] else ""
    first += (f"{_have('military', ctx['military'], ctx['reduction'])}. Take the top tile of "
              "one level, or pass.")
    lines = wrap_lines(Canvas(8, 8, fonts), first)
    notes = []
    if ctx["p9_bonus"]:
        notes.append(f"P9: +{ctx['p9_bonus']} coins when you take one, before integrating.")
    notes.append("Plunder: take the coins; the tile scores the points shown.")
    notes.append("Integrate: pay the cost, turn the tile over, gain its back.")
    height = (header_height(len(lines)) + len(levels) * (ROW_H + ROW_GAP)
              + len(notes) * NOTE_H + MARGIN)
    cv = Canvas(theme.WIDTH, height, fonts)
    y = header(cv, view, fonts, seat, _title(view), lines, ctx["coins"])
    for lv in levels:
        top = lv["top"]
        ok = lv["reachable"]
        cv.box(MARGIN, y, MARGIN + INNER_W, y + ROW_H, fill=SAND if top else theme.PANEL_ALT,
               outline=SAND_DARK if ok else theme.FAINT, radius=12, width=3 if ok else 2)
        stripe(cv, MARGIN + 3, y + 6, y + ROW_H - 6, ok)
        cy = y + 24
        x: float = MARGIN + 22
        cv.paste(icons.track_icon("red", 34), x, cy - 17)
        cv.text(x + 40, cy, str(lv["requirement"]), theme.BIG, bold=True, anchor="lm")
        x += 120
        if top:
            x += coins_value(cv, x, cy, f"+{top['plunder']}", theme.TEXT, 30) + 24
            x += points_at(cv, x, cy, top["points"]) + 6
            x += cv.text(x, cy, "pts", theme.MIN_TEXT, fill=theme.MUTED, anchor="lm") + 24
            cv.text(x, cy, f"integrate: pay {top['cost']}", theme.MIN_TEXT, anchor="lm")
        cv.text(MARGIN + INNER_W - 12, cy, f"{lv['count']} left", theme.MIN_TEXT,
                fill=theme.MUTED, anchor="rm")
        if not ok:
            veil(cv, MARGIN, y, MARGIN + INNER_W, y + ROW_H, radius=12)
        _status(cv, y + 58, _colony_status(lv, ctx), ok)
        y += ROW_H + ROW_GAP
    for note in notes:
        cv.text(MARGIN, y + NOTE_H / 2 - 4, note, theme.MIN_TEXT, fill=theme.MUTED,
                anchor="lm", max_width=INNER_W)
        y += NOTE_H
    return cv


# ----------------------------------------------------------------------------------- statue

TILES_H = 50
COLS_H = 38
SIDE_X = 190  # colour side column
POINTS_X = 520  # points side column


def _statue_status(sp: Ctx, ctx: Ctx) -> str:
    if sp["reachable"]:
        return (f"In reach: pay {sp['pay']} coins (P15) and place a tile" if sp["pay"]
                else "In reach: place a tile either side up")
    code = sp["reason"] or "not_legal"
    params = {"level": sp["requirement"], "have": ctx["culture"], "reduction": ctx["reduction"],
              "pay": sp["pay"], "space": sp["space"]}
    if code == "requirement_payment":
        params["have"] = ctx["coins"]
    return why(code, params)


def statue(view: View, catalog: Catalog, fonts: FontBook, seat: int, ctx: Ctx) -> Canvas:
    spaces = ctx["spaces"]
    first = "Second statue (P13): " if ctx["second_action"] else ""
    first += (f"{_have('culture', ctx['culture'], ctx['reduction'])}. Carve one statue with "
              "a bonus tile, or pass.")
    lines = wrap_lines(Canvas(8, 8, fonts), first)
    height = (header_height(len(lines)) + TILES_H + COLS_H + len(spaces) * (ROW_H + ROW_GAP)
              + MARGIN)
    cv = Canvas(theme.WIDTH, height, fonts)
    y = header(cv, view, fonts, seat, _title(view), lines, ctx["coins"])
    # the bonus tiles it may place
    cy = y + TILES_H / 2 - 4
    x = MARGIN + cv.text(MARGIN, cy, "Your bonus tiles:", theme.MIN_TEXT, anchor="lm") + 14
    for colour in TRACK_COLOURS:
        n = ctx["tiles"].get(colour, 0)
        usable = colour in ctx["tile_colours"]
        x += bonus_tile(cv, x, cy, colour, 34, faded=not usable) + 6
        x += cv.text(x, cy, f"×{n}", theme.MIN_TEXT, bold=usable,
                     fill=theme.INK if usable else theme.MUTED, anchor="lm") + 22
    y += TILES_H
    cv.text(MARGIN + 22, y + COLS_H / 2, "needs", theme.MIN_TEXT, fill=theme.MUTED, anchor="lm")
    cv.text(MARGIN + SIDE_X, y + COLS_H / 2, "colour side up", theme.MIN_TEXT,
            fill=theme.MUTED, anchor="lm")
    cv.text(MARGIN + POINTS_X, y + COLS_H / 2, "points side up", theme.MIN_TEXT,
            fill=theme.MUTED, anchor="lm")
    y += COLS_H
    for sp in spaces:
        ok = sp["reachable"]
        placed = sp["placed"]
        cv.box(MARGIN, y, MARGIN + INNER_W, y + ROW_H, fill=theme.PANEL,
               outline=theme.INK if ok else theme.FAINT, radius=12, width=3 if ok else 2)
        stripe(cv, MARGIN + 3, y + 6, y + ROW_H - 6, ok)
        cy = y + 24
        x = MARGIN + 22
        cv.paste(icons.track_icon("blue", 34), x, cy - 17)
        cv.text(x + 40, cy, str(sp["requirement"]), theme.BIG, bold=True, anchor="lm")
        x = MARGIN + SIDE_X
        x += cv.text(x, cy, f"track +{sp['colour_steps']}", theme.TEXT, bold=True,
                     anchor="lm") + 12
        x += points_at(cv, x, cy, sp["points"]) + 6
        cv.text(x, cy, "pts", theme.MIN_TEXT, fill=theme.MUTED, anchor="lm")
        x = MARGIN + POINTS_X
        x += points_at(cv, x, cy, sp["points_side_points"]) + 6
        cv.text(x, cy, "pts", theme.MIN_TEXT, fill=theme.MUTED, anchor="lm")
        if not ok:
            veil(cv, MARGIN, y, MARGIN + INNER_W, y + ROW_H, radius=12)
        sy = y + 58
        if placed:
            x = MARGIN + 22
            x += cv.text(x, sy, "Carved:", theme.MIN_TEXT, bold=True, anchor="lm") + 10
            x += bonus_tile(cv, x, sy, placed["tile"], 30) + 10
            cv.text(x, sy, f"{placed['tile']} tile, {placed['side']} side up", theme.MIN_TEXT,
                    anchor="lm", max_width=MARGIN + INNER_W - 12 - x)
        else:
            _status(cv, sy, _statue_status(sp, ctx), ok)
        y += ROW_H + ROW_GAP
    return cv


# ----------------------------------------------------------------------------------- medals

SILVER_H = 236
GOLD_H = 150
CELL_H = 92


def _medal_status(kind: str, m: Ctx, coins: int, catalog: Catalog, can: bool) -> str:
    if can:
        return ("You can buy one now: choose the tile colour" if kind == "silver"
                else "You can buy one now")
    most = catalog.rules.max_silver if kind == "silver" else catalog.rules.max_gold
    if m["left"] <= 0:
        return why("max_medals", {"kind": kind, "max": most})
    if m["price"] > coins:
        return why("medal_cost", {"cost": m["price"], "have": coins})
    if kind == "silver" and not any(m["tiles"].values()):
        return why("no_bonus_tile", {})
    return "Not available now"


def _medal_head(cv: Canvas, y: float, kind: str, m: Ctx, coins: int) -> None:
    cy = y + 32
    cv.paste(icons.medal(kind, 46), MARGIN + 14, cy - 24)
    x: float = MARGIN + 70
    x += cv.text(x, cy, f"{kind.capitalize()} medal", theme.BIG, bold=True, anchor="lm") + 24
    dear = m["price"] > coins
    w = coins_value(cv, x, cy, m["price"], theme.BIG, 36)
    if dear:
        cv.draw.line((x + 36, cy, x + w + 4, cy), fill=(176, 62, 50), width=3)
    cv.text(MARGIN + INNER_W - 14, cy, f"{m['left']} of {m['held'] + m['left']} left",
            theme.MIN_TEXT, bold=bool(m["left"]), fill=theme.INK if m["left"] else theme.MUTED,
            anchor="rm")


def medals(view: View, catalog: Catalog, fonts: FontBook, seat: int, ctx: Ctx) -> Canvas:
    silver, gold, coins = ctx["silver"], ctx["gold"], ctx["coins"]
    lines = wrap_lines(Canvas(8, 8, fonts), "Buy silver and gold medals one at a time, then "
                       "say you are done. Points are what each would score now.")
    cv = Canvas(theme.WIDTH, header_height(len(lines)) + SILVER_H + 10 + GOLD_H + MARGIN,
                fonts)
    y = header(cv, view, fonts, seat, _title(view), lines, coins)
    # silver: a bonus tile on the medal; its points by tile colour
    cv.box(MARGIN, y, MARGIN + INNER_W, y + SILVER_H, fill=theme.PANEL, outline=theme.SILVER,
           radius=14, width=3)
    _medal_head(cv, y, "silver", silver, coins)
    cw = (INNER_W - 20 - 3 * 10) / 4
    top = y + 64
    for k, colour in enumerate(TRACK_COLOURS):
        x = MARGIN + 10 + k * (cw + 10)
        legal = colour in silver["legal"]
        n = silver["tiles"].get(colour, 0)
        cv.box(x, top, x + cw, top + CELL_H, fill=theme.TINT[colour] if legal else
               theme.PANEL_ALT, outline=theme.COLOUR_RGB[colour] if legal else theme.FAINT,
               radius=10, width=3 if legal else 2)
        cv.paste(icons.track_icon(colour, 38), x + 8, top + 8)
        cv.text(x + 54, top + 27, f"+{silver['value'][colour]}", theme.BIG, bold=True,
                anchor="lm")
        cv.text(x + cw - 8, top + 27, "pts", theme.MIN_TEXT, fill=theme.MUTED, anchor="rm")
        cv.text(x + 10, top + 70, f"{n} tile{'s' if n != 1 else ''}", theme.MIN_TEXT,
                fill=theme.INK if n else theme.MUTED, anchor="lm", max_width=cw - 16)
        if not legal:
            veil(cv, x, top, x + cw, top + CELL_H)
    can = bool(silver["legal"])
    cv.text(MARGIN + 16, top + CELL_H + 38, _medal_status("silver", silver, coins, catalog, can),
            theme.MIN_TEXT, bold=can, fill=theme.INK if can else theme.MUTED, anchor="lm",
            max_width=INNER_W - 32)
    y += SILVER_H + 10
    cv.box(MARGIN, y, MARGIN + INNER_W, y + GOLD_H, fill=theme.PANEL, outline=theme.GOLD,
           radius=14, width=3)
    _medal_head(cv, y, "gold", gold, coins)
    x = MARGIN + 16
    x += cv.text(x, y + 84, "One more would score", theme.MIN_TEXT, anchor="lm") + 12
    cv.text(x, y + 84, f"+{gold['value']} pts", theme.BIG, bold=True, anchor="lm")
    can = bool(gold["legal"])
    cv.text(MARGIN + 16, y + 124, _medal_status("gold", gold, coins, catalog, can),
            theme.MIN_TEXT, bold=can, fill=theme.INK if can else theme.MUTED, anchor="lm",
            max_width=INNER_W - 32)
    return cv
