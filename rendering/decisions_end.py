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

from hadara.content import TRACK_COLOURS, Catalog
from hadara.types import (
    ColonyContext,
    ColonyLevel,
    GoldContext,
    MedalsContext,
    SilverContext,
    StatueContext,
    StatueSpaceContext,
)

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
from .lexicon import capital, colour_word, tr, track_icon, track_word
from .parts import View, title

ROW_H = 80
ROW_GAP = 6
NOTE_H = 40
SAND, SAND_DARK = (236, 222, 192), (150, 120, 70)


def _status(cv: Canvas, cy: float, text: str, ok: bool) -> None:
    """An option's status line: bold when in reach (regular if bold would not fit)."""
    room = INNER_W - 34
    bold = ok and cv.measure(text, theme.MIN_TEXT, True) <= room
    cv.text(MARGIN + 22, cy, text, theme.MIN_TEXT, bold=bold,
            fill=theme.INK if ok else theme.MUTED, anchor="lm", max_width=room)


def _have(locale: str, track: str, value: int, reduction: int) -> str:
    name = capital(track_word(locale, track))
    if reduction:
        return tr(locale, "image.have.reduced", track=name, value=value, reduction=reduction)
    return tr(locale, "have", track=name, value=value)


# ----------------------------------------------------------------------------------- colony


def _colony_status(lv: ColonyLevel, ctx: ColonyContext, locale: str) -> str:
    if not lv["reachable"]:
        code = lv["reason"] or "not_legal"
        params = {"level": lv["level"], "have": ctx["military"], "reduction": ctx["reduction"],
                  "pay": lv["pay"]}
        if code == "requirement_payment":
            params["have"] = ctx["coins"]
        return why(code, params, locale)
    both = lv["can_integrate"]
    cost = lv["top"]["cost"] if lv["top"] else 0
    if lv["pay"]:
        key = "image.colony.pay.both" if both else "image.colony.pay.plunder"
    else:
        key = "image.colony.reach.both" if both else "image.colony.reach.plunder"
    return tr(locale, key, pay=lv["pay"], cost=cost)


def _notes(cv: Canvas, notes: list[str]) -> list[str]:
    """Notes under the rows, each on as many lines as it takes."""
    return [line for note in notes for line in cv.wrap(note, theme.MIN_TEXT, INNER_W)]


def colony(view: View, catalog: Catalog, fonts: FontBook, seat: int, ctx: ColonyContext,
           locale: str = "en") -> Canvas:
    levels = ctx["levels"]
    have = _have(locale, "military", ctx["military"], ctx["reduction"])
    first = tr(locale, "image.colony.line.second" if ctx["second_action"] else "image.colony.line",
               have=have)
    probe = Canvas(8, 8, fonts, locale=locale)
    lines = wrap_lines(probe, first)
    notes = []
    if ctx["p9_bonus"]:
        notes.append(tr(locale, "image.colony.note.p9", coins=ctx["p9_bonus"]))
    notes.append(tr(locale, "image.colony.note.plunder"))
    notes.append(tr(locale, "image.colony.note.integrate"))
    notes = _notes(probe, notes)
    height = (header_height(len(lines)) + len(levels) * (ROW_H + ROW_GAP)
              + len(notes) * NOTE_H + MARGIN)
    cv = Canvas(theme.WIDTH, height, fonts, locale=locale)
    y = header(cv, view, fonts, seat, title(view, locale), lines, ctx["coins"])
    for lv in levels:
        top = lv["top"]
        ok = lv["reachable"]
        cv.box(MARGIN, y, MARGIN + INNER_W, y + ROW_H, fill=SAND if top else theme.PANEL_ALT,
               outline=SAND_DARK if ok else theme.FAINT, radius=12, width=3 if ok else 2)
        stripe(cv, MARGIN + 3, y + 6, y + ROW_H - 6, ok)
        cy = y + 24
        x: float = MARGIN + 22
        cv.paste(track_icon(cv, "red", 34), x, cy - 17)
        cv.text(x + 40, cy, str(lv["requirement"]), theme.BIG, bold=True, anchor="lm")
        x += 120
        left_w = cv.text(MARGIN + INNER_W - 12, cy, cv.t("image.colony.left", count=lv["count"]),
                         theme.MIN_TEXT, fill=theme.MUTED, anchor="rm", max_width=150)
        if top:
            x += coins_value(cv, x, cy, f"+{top['plunder']}", theme.TEXT, 30) + 24
            x += points_at(cv, x, cy, top["points"]) + 6
            x += cv.text(x, cy, cv.t("image.pts"), theme.MIN_TEXT, fill=theme.MUTED, anchor="lm",
                         max_width=80) + 24
            cv.text(x, cy, cv.t("image.colony.integrate.pay", cost=top["cost"]), theme.MIN_TEXT,
                    anchor="lm", max_width=MARGIN + INNER_W - 12 - left_w - 16 - x)
        if not ok:
            veil(cv, MARGIN, y, MARGIN + INNER_W, y + ROW_H, radius=12)
        _status(cv, y + 58, _colony_status(lv, ctx, locale), ok)
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


def _statue_status(sp: StatueSpaceContext, ctx: StatueContext, locale: str) -> str:
    if sp["reachable"]:
        return (tr(locale, "image.statue.reach.pay", pay=sp["pay"]) if sp["pay"]
                else tr(locale, "image.statue.reach"))
    code = sp["reason"] or "not_legal"
    params = {"level": sp["requirement"], "have": ctx["culture"], "reduction": ctx["reduction"],
              "pay": sp["pay"], "space": sp["space"]}
    if code == "requirement_payment":
        params["have"] = ctx["coins"]
    return why(code, params, locale)


#: The bonus tiles row: the label's room and each tile with its count.
TILE_ITEM_W = 34 + 6 + 50 + 22


def statue(view: View, catalog: Catalog, fonts: FontBook, seat: int, ctx: StatueContext,
           locale: str = "en") -> Canvas:
    spaces = ctx["spaces"]
    have = _have(locale, "culture", ctx["culture"], ctx["reduction"])
    first = tr(locale, "image.statue.line.second" if ctx["second_action"] else "image.statue.line",
               have=have)
    lines = wrap_lines(Canvas(8, 8, fonts, locale=locale), first)
    height = (header_height(len(lines)) + TILES_H + COLS_H + len(spaces) * (ROW_H + ROW_GAP)
              + MARGIN)
    cv = Canvas(theme.WIDTH, height, fonts, locale=locale)
    y = header(cv, view, fonts, seat, title(view, locale), lines, ctx["coins"])
    # the bonus tiles it may place
    cy = y + TILES_H / 2 - 4
    x = MARGIN + cv.text(MARGIN, cy, cv.t("image.statue.your.tiles"), theme.MIN_TEXT, anchor="lm",
                         max_width=INNER_W - 4 * TILE_ITEM_W) + 14
    for colour in TRACK_COLOURS:
        n = ctx["tiles"].get(colour, 0)
        usable = colour in ctx["tile_colours"]
        x += bonus_tile(cv, x, cy, colour, 34, faded=not usable) + 6
        x += cv.text(x, cy, f"×{n}", theme.MIN_TEXT, bold=usable,
                     fill=theme.INK if usable else theme.MUTED, anchor="lm") + 22
    y += TILES_H
    cv.text(MARGIN + 22, y + COLS_H / 2, cv.t("image.statue.needs"), theme.MIN_TEXT,
            fill=theme.MUTED, anchor="lm", max_width=SIDE_X - 22 - 8)
    cv.text(MARGIN + SIDE_X, y + COLS_H / 2, cv.t("image.statue.colour.side"), theme.MIN_TEXT,
            fill=theme.MUTED, anchor="lm", max_width=POINTS_X - SIDE_X - 8)
    cv.text(MARGIN + POINTS_X, y + COLS_H / 2, cv.t("image.statue.points.side"), theme.MIN_TEXT,
            fill=theme.MUTED, anchor="lm", max_width=INNER_W - POINTS_X)
    y += COLS_H
    for sp in spaces:
        ok = sp["reachable"]
        placed = sp["placed"]
        cv.box(MARGIN, y, MARGIN + INNER_W, y + ROW_H, fill=theme.PANEL,
               outline=theme.INK if ok else theme.FAINT, radius=12, width=3 if ok else 2)
        stripe(cv, MARGIN + 3, y + 6, y + ROW_H - 6, ok)
        cy = y + 24
        x = MARGIN + 22
        cv.paste(track_icon(cv, "blue", 34), x, cy - 17)
        cv.text(x + 40, cy, str(sp["requirement"]), theme.BIG, bold=True, anchor="lm")
        x = MARGIN + SIDE_X
        x += cv.text(x, cy, cv.t("image.statue.track", steps=sp["colour_steps"]), theme.TEXT,
                     bold=True, anchor="lm", max_width=150) + 12
        x += points_at(cv, x, cy, sp["points"]) + 6
        cv.text(x, cy, cv.t("image.pts"), theme.MIN_TEXT, fill=theme.MUTED, anchor="lm",
                max_width=MARGIN + POINTS_X - 8 - x)
        x = MARGIN + POINTS_X
        x += points_at(cv, x, cy, sp["points_side_points"]) + 6
        cv.text(x, cy, cv.t("image.pts"), theme.MIN_TEXT, fill=theme.MUTED, anchor="lm",
                max_width=MARGIN + INNER_W - 8 - x)
        if not ok:
            veil(cv, MARGIN, y, MARGIN + INNER_W, y + ROW_H, radius=12)
        sy = y + 58
        if placed:
            x = MARGIN + 22
            x += cv.text(x, sy, cv.t("image.statue.carved"), theme.MIN_TEXT, bold=True, anchor="lm",
                         max_width=200) + 10
            x += bonus_tile(cv, x, sy, placed["tile"], 30) + 10
            key = ("image.statue.placed.points" if placed["side"] == "points"
                   else "image.statue.placed.colour")
            cv.text(x, sy, cv.t(key, tile=colour_word(locale, placed["tile"])), theme.MIN_TEXT,
                    anchor="lm", max_width=MARGIN + INNER_W - 12 - x)
        else:
            _status(cv, sy, _statue_status(sp, ctx, locale), ok)
        y += ROW_H + ROW_GAP
    return cv


# ----------------------------------------------------------------------------------- medals

SILVER_H = 236
GOLD_H = 150
CELL_H = 92


def _medal_status(kind: str, m: SilverContext | GoldContext, coins: int, catalog: Catalog,
                  can: bool,
                  locale: str) -> str:
    if can:
        return tr(locale, "image.medals.can.silver" if kind == "silver"
                  else "image.medals.can.gold")
    most = catalog.rules.max_silver if kind == "silver" else catalog.rules.max_gold
    if m["left"] <= 0:
        return why("max_medals", {"kind": kind, "max": most}, locale)
    if m["price"] > coins:
        return why("medal_cost", {"cost": m["price"], "have": coins}, locale)
    if kind == "silver" and "tiles" in m and not any(m["tiles"].values()):
        return why("no_bonus_tile", {}, locale)
    return tr(locale, "image.medals.unavailable")


def _medal_head(cv: Canvas, y: float, kind: str, m: SilverContext | GoldContext,
                coins: int) -> None:
    cy = y + 32
    cv.paste(icons.medal(kind, 46), MARGIN + 14, cy - 24)
    left = cv.t("image.medals.left", left=m["left"], total=m["held"] + m["left"])
    left_w = cv.measure(left, theme.MIN_TEXT, bool(m["left"]))
    x: float = MARGIN + 70
    name = cv.t(f"image.medals.{kind}")
    x += cv.text(x, cy, name, theme.BIG, bold=True, anchor="lm",
                 max_width=INNER_W - 70 - 14 - left_w - 24 - 100) + 24
    dear = m["price"] > coins
    w = coins_value(cv, x, cy, m["price"], theme.BIG, 36)
    if dear:
        cv.draw.line((x + 36, cy, x + w + 4, cy), fill=(176, 62, 50), width=3)
    cv.text(MARGIN + INNER_W - 14, cy, left,
            theme.MIN_TEXT, bold=bool(m["left"]), fill=theme.INK if m["left"] else theme.MUTED,
            anchor="rm", max_width=MARGIN + INNER_W - 14 - (x + w + 16))


def medals(view: View, catalog: Catalog, fonts: FontBook, seat: int, ctx: MedalsContext,
           locale: str = "en") -> Canvas:
    silver, gold, coins = ctx["silver"], ctx["gold"], ctx["coins"]
    lines = wrap_lines(Canvas(8, 8, fonts, locale=locale), tr(locale, "image.medals.line"))
    cv = Canvas(theme.WIDTH, header_height(len(lines)) + SILVER_H + 10 + GOLD_H + MARGIN,
                fonts, locale=locale)
    y = header(cv, view, fonts, seat, title(view, locale), lines, coins)
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
        cv.paste(track_icon(cv, colour, 38), x + 8, top + 8)
        vw = cv.text(x + 54, top + 27, f"+{silver['value'][colour]}", theme.BIG, bold=True,
                     anchor="lm")
        cv.text(x + cw - 8, top + 27, cv.t("image.pts"), theme.MIN_TEXT, fill=theme.MUTED,
                anchor="rm", max_width=cw - 8 - 54 - vw - 6)
        cv.text(x + 10, top + 70, cv.t("image.medals.tiles", count=n), theme.MIN_TEXT,
                fill=theme.INK if n else theme.MUTED, anchor="lm", max_width=cw - 16)
        if not legal:
            veil(cv, x, top, x + cw, top + CELL_H)
    can = bool(silver["legal"])
    cv.text(MARGIN + 16, top + CELL_H + 38,
            _medal_status("silver", silver, coins, catalog, can, locale),
            theme.MIN_TEXT, bold=can, fill=theme.INK if can else theme.MUTED, anchor="lm",
            max_width=INNER_W - 32)
    y += SILVER_H + 10
    cv.box(MARGIN, y, MARGIN + INNER_W, y + GOLD_H, fill=theme.PANEL, outline=theme.GOLD,
           radius=14, width=3)
    _medal_head(cv, y, "gold", gold, coins)
    x = MARGIN + 16
    gold_pts = cv.t("image.medals.points", points=gold["value"])
    x += cv.text(x, y + 84, cv.t("image.medals.one.more"), theme.MIN_TEXT, anchor="lm",
                 max_width=INNER_W - 32 - 12 - cv.measure(gold_pts, theme.BIG, True)) + 12
    cv.text(x, y + 84, gold_pts, theme.BIG, bold=True, anchor="lm",
            max_width=MARGIN + INNER_W - 16 - x)
    can = bool(gold["legal"])
    cv.text(MARGIN + 16, y + 124, _medal_status("gold", gold, coins, catalog, can, locale),
            theme.MIN_TEXT, bold=can, fill=theme.INK if can else theme.MUTED, anchor="lm",
            max_width=INNER_W - 32)
    return cv
