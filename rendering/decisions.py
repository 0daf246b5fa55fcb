"""Decision pictures of the setup, the wheel, the draft, Phase B and feeding, each drawn from
the seat's decision context (``view["private"]["context"]``, :mod:`hadara.types`).

- setup side: both sides of the setup card, coins and track starts, the recorded side framed;
- wheel: for each deck the first player may point at, the deck every seat draws from first
  (the seats' emblems in the columns of the decks, in wheel order);
- draft: the two drawn cards, large, at the seat's price and sale value; the recorded pick
  framed and tagged; a card it cannot afford tagged "sell only";
- Phase B: the top card of each discard pile at the seat's price and sale value (a price it
  cannot pay struck through), the purple effects worded below;
- feeding: the seat's cards by colour (a card face shows what removing it loses: gains,
  points, effect, a P2 tile), how many must go, the P6 alternative, removals chosen so far
  faded and tagged; ``FEED_PER_PAGE`` cards a page.
"""

from __future__ import annotations

from typing import Any

from hadara.content import TRACK_COLOURS, TRACKS, Catalog, Effect
from hadara.effects import effect_text

from . import icons, theme
from .canvas import Canvas
from .cards import MINI_H, MINI_W, card_face, effect_badge
from .decision_common import (
    INNER_W,
    MARGIN,
    MAX_H,
    bonus_tile,
    header,
    header_height,
    strike,
    tag,
    veil,
    why,
    wrap_lines,
)
from .fonts import FontBook
from .parts import View, display_name, emblem_name, status

Ctx = dict[str, Any]

FULL_W, FULL_H = 377, 450
GRID_COLS = 5
FEED_ROWS = 2
FEED_PER_PAGE = GRID_COLS * FEED_ROWS
ROW_GAP = 10
NOTE_H = 40  # a line of text under a grid
PRICE_ROW = 36
SETUP_H = 204


def _title(view: View) -> str:
    where, now = status(view)
    return f"{where} · {now}"


def _measure(fonts: FontBook) -> Canvas:
    return Canvas(8, 8, fonts)


# ------------------------------------------------------------------------------- setup side


def setup_side(view: View, catalog: Catalog, fonts: FontBook, seat: int, ctx: Ctx) -> Canvas:
    """R-S3: both sides of the seat's setup card."""
    chosen = ctx.get("chosen")
    text = (f"Your choice: side {chosen} (you may change it until all chose)." if chosen
            else "Choose side A or B of your setup card.")
    text += f" Initiative {ctx['initiative']}."
    lines = wrap_lines(_measure(fonts), text)
    cv = Canvas(theme.WIDTH, header_height(len(lines)) + SETUP_H + MARGIN, fonts)
    y = header(cv, view, fonts, seat, "Setup · your setup card", lines)
    w = (theme.WIDTH - 3 * MARGIN) / 2
    for i, side in enumerate(ctx["sides"][:2]):
        x = MARGIN + i * (w + MARGIN)
        picked = chosen == side["side"]
        cv.box(x, y, x + w, y + SETUP_H, fill=theme.HIGHLIGHT if picked else theme.PANEL,
               outline=theme.INK if picked else theme.LINE, radius=14, width=5 if picked else 3)
        cv.text(x + 18, y + 34, f"Side {side['side']}", theme.BIG, bold=True, anchor="lm")
        cv.paste(icons.coins(34), x + w - 110, y + 17)
        cv.text(x + w - 18, y + 34, str(side["coins"]), theme.BIG, bold=True, anchor="rm")
        for k, (track, colour) in enumerate(zip(TRACKS, TRACK_COLOURS, strict=True)):
            ty = y + 76 + (k // 2) * 66
            tx = x + 18 + (k % 2) * (w / 2 - 6)
            cv.paste(icons.track_icon(colour, 34), tx, ty)
            vw = cv.text(tx + 40, ty + 17, str(side["tracks"][track]), theme.BIG, bold=True,
                         anchor="lm")
            cv.text(tx + 46 + vw, ty + 17, track, theme.MIN_TEXT, fill=theme.MUTED,
                    anchor="lm", max_width=w / 2 - 52 - vw)
        if picked:
            tag(cv, x + w - 12, y + SETUP_H - 10, "CHOSEN")
    return cv


# ------------------------------------------------------------------------------------ wheel

WHEEL_LABEL_W = 150
WHEEL_HEAD_H = 52
WHEEL_ROW_H = 62
WHEEL_GAP = 6
LEGEND_H = 50


def wheel(view: View, catalog: Catalog, fonts: FontBook, seat: int, ctx: Ctx) -> Canvas:
    """R-A1/R-S6: per deck the chooser may point at, the deck each seat draws from first."""
    options = ctx["options"]
    lines = ["Point your emblem at a deck. Each row: where every seat draws in round 1."]
    lines = wrap_lines(_measure(fonts), lines[0])
    height = (header_height(len(lines)) + WHEEL_HEAD_H
              + len(options) * (WHEEL_ROW_H + WHEEL_GAP) + LEGEND_H + MARGIN)
    cv = Canvas(theme.WIDTH, height, fonts)
    y = header(cv, view, fonts, seat, _title(view), lines)
    decks = list(view["deck_colours"])
    col = (INNER_W - WHEEL_LABEL_W) / len(decks)
    x0 = MARGIN + WHEEL_LABEL_W
    cv.text(MARGIN, y + WHEEL_HEAD_H / 2, "Point at", theme.MIN_TEXT, fill=theme.MUTED,
            anchor="lm", max_width=WHEEL_LABEL_W - 8)
    for k, colour in enumerate(decks):  # column heads: the decks in wheel order
        x = x0 + k * col
        cv.box(x + 3, y + 4, x + col - 3, y + WHEEL_HEAD_H - 6, fill=theme.TINT[colour],
               outline=theme.COLOUR_RGB[colour], radius=8, width=3)
        cv.paste(icons.track_icon(colour, 32), x + 9, y + WHEEL_HEAD_H / 2 - 17)
        cv.text(x + 46, y + WHEEL_HEAD_H / 2 - 1, "deck", theme.MIN_TEXT, fill=theme.MUTED,
                anchor="lm", max_width=col - 52)
    y += WHEEL_HEAD_H
    chooser = ctx["chooser"]
    for opt in options:
        cy = y + WHEEL_ROW_H / 2
        cv.box(MARGIN, y, MARGIN + INNER_W, y + WHEEL_ROW_H, fill=theme.PANEL,
               outline=theme.LINE, radius=10, width=2)
        cv.paste(icons.track_icon(opt["colour"], 36), MARGIN + 10, cy - 18)
        cv.text(MARGIN + 54, cy, opt["colour"], theme.MIN_TEXT, bold=True, anchor="lm",
                max_width=WHEEL_LABEL_W - 58)
        at = {d["colour"]: d["seat"] for d in opt["draws"]}
        for k, colour in enumerate(decks):
            s = at.get(colour)
            if s is None:
                continue
            x = x0 + k * col
            if s == chooser:
                cv.box(x + 8, y + 5, x + col - 8, y + WHEEL_ROW_H - 5, fill=theme.HIGHLIGHT,
                       outline=theme.INK, radius=10, width=3)
            cv.paste_centred(icons.emblem(s, 44), x + col / 2, cy)
        y += WHEEL_ROW_H + WHEEL_GAP
    # legend: emblem and name of every seat
    per = INNER_W / max(1, view["n"])
    for s in range(view["n"]):
        emblem_name(cv, MARGIN + s * per, y + LEGEND_H / 2 - 2, s,
                    display_name(fonts, view, s), theme.MIN_TEXT, per - 6, emblem=34,
                    bold=False)
    return cv


# ------------------------------------------------------------------------------------ draft


def draft(view: View, catalog: Catalog, fonts: FontBook, seat: int, ctx: Ctx) -> Canvas:
    """R-A2/R-A3: the two drawn cards with the seat's price and sale value."""
    offers = ctx["cards"][:2]
    scratch = Canvas(FULL_W, FULL_H, fonts)
    needed = max((card_face(scratch, 0, 0, FULL_W, FULL_H, catalog.cards[o["card"]], catalog,
                            cost=0, sell=0, detail="full", epoch=view["epoch"])
                  for o in offers), default=FULL_H)
    full_h = round(min(FULL_H, needed + 16))
    picked = next((o for o in offers if o["picked"]), None)
    if picked:
        text = (f"Your pick: {picked['picked']} {catalog.cards[picked['card']].name}. You may "
                "change it until the round resolves.")
    else:
        text = (f"From the {ctx.get('deck_colour') or ''} deck: keep one card and buy or sell "
                "it; the other goes face up on its discard pile.")
    lines = wrap_lines(_measure(fonts), text)
    cv = Canvas(theme.WIDTH, header_height(len(lines)) + full_h + MARGIN, fonts)
    y = header(cv, view, fonts, seat, _title(view), lines, ctx["coins"])
    gap = theme.WIDTH - 2 * MARGIN - 2 * FULL_W
    for i, o in enumerate(offers):
        card = catalog.cards[o["card"]]
        x = MARGIN + i * (FULL_W + gap)
        card_face(cv, x, y, FULL_W, full_h, card, catalog, cost=o["buy"], sell=o["sell"],
                  detail="full", epoch=view["epoch"], highlight=bool(o["picked"]))
        if o["picked"]:
            tag(cv, x + FULL_W - 12, y + full_h - 14, f"YOUR PICK: {o['picked'].upper()}")
        elif not o["can_buy"]:
            tag(cv, x + FULL_W - 12, y + full_h - 14, "SELL ONLY", fill=(150, 40, 30))
    return cv


# ---------------------------------------------------------------------------------- phase B


def phase_b(view: View, catalog: Catalog, fonts: FontBook, seat: int, ctx: Ctx) -> Canvas:
    """R-B1: the top card of each discard pile at the seat's prices; effects worded."""
    offers = ctx["cards"]
    effects: list[tuple[str, Effect]] = []
    for o in offers:
        e = catalog.cards[o["card"]].effect
        if e and all(e.id != x.id or e.colour != x.colour for _, x in effects):
            effects.append((catalog.cards[o["card"]].name, e))
    dear = [o for o in offers if not o["can_buy"]]
    text = "Your turn: take the top card of a pile, then buy it or sell it."
    if dear:
        text += " Struck prices are more than your coins."
    lines = wrap_lines(_measure(fonts), text)
    height = (header_height(len(lines)) + MINI_H + 2 * PRICE_ROW + 16
              + len(effects) * NOTE_H + MARGIN)
    cv = Canvas(theme.WIDTH, height, fonts)
    y = header(cv, view, fonts, seat, _title(view), lines, ctx["coins"])
    col = (INNER_W - MINI_W) / 4
    for i, o in enumerate(offers):
        card = catalog.cards[o["card"]]
        x = MARGIN + i * col
        card_face(cv, x, y, MINI_W, MINI_H, card, catalog, cost=o["buy"], detail="mini")
        cy = y + MINI_H + PRICE_ROW / 2 + 4
        afford = o["can_buy"]
        bw = cv.text(x + MINI_W / 2, cy, f"buy {o['buy']}", theme.MIN_TEXT, bold=afford,
                     fill=theme.INK if afford else theme.MUTED, anchor="mm")
        if not afford:
            strike(cv, x + MINI_W / 2 - bw / 2 - 4, x + MINI_W / 2 + bw / 2 + 4, cy)
        cv.text(x + MINI_W / 2, cy + PRICE_ROW, f"sell +{o['sell']}", theme.MIN_TEXT,
                fill=theme.MUTED, anchor="mm")
    y += MINI_H + 2 * PRICE_ROW + 16
    for name, e in effects:
        bw = effect_badge(cv, MARGIN, y, e.id)
        cv.text(MARGIN + bw + 10, y + theme.MIN_TEXT * 0.56,
                f"{name}: {effect_text(e, catalog, view['epoch'])}", theme.MIN_TEXT,
                anchor="lm", max_width=INNER_W - bw - 10)
        y += NOTE_H
    return cv


# ---------------------------------------------------------------------------------- feeding


def feeding_pages(ctx: Ctx) -> int:
    return max(1, -(-len(ctx["cards"]) // FEED_PER_PAGE))


def feeding(view: View, catalog: Catalog, fonts: FontBook, seat: int, ctx: Ctx,
            page: int) -> Canvas:
    """F1 + P6: the seat's cards by colour, how many must go, the P6 alternative."""
    pages = feeding_pages(ctx)
    page = min(max(page, 0), pages - 1)
    shown = ctx["cards"][page * FEED_PER_PAGE:(page + 1) * FEED_PER_PAGE]
    count, food, must = ctx["count"], ctx["food"], ctx["must_remove"]
    first = f"{count} cards, {food} food: "
    first += f"remove {must} more." if must else "fed, nothing more to remove."
    if ctx["paid"]:
        first += f" {ctx['paid']} paid for (P6)."
    if pages > 1:
        first += f" Page {page + 1} of {pages}."
    lines = [first, "Removing a card loses its gains, points and effect."]
    notes: list[tuple[str | None, str]] = []  # (effect badge, text) under the grid
    p6 = ctx["p6"]
    if p6["has_p6"]:
        if p6["can_pay"]:
            notes.append(("P6", f"Or pay {p6['cost']} coins a card instead: "
                                f"{p6['payments_left']} payments left"))
        elif p6["payments_left"] == 0:
            notes.append(("P6", why("p6_max_payments",
                                    {"max": catalog.rules.eff("P6", "max_cards")})))
        else:
            notes.append(("P6", why("p6_cost", {"cost": p6["cost"], "have": ctx["coins"]})))
    seen: set[tuple[str, str | None]] = {("P6", None)} if p6["has_p6"] else set()
    for c in shown:
        e = catalog.cards[c["card"]].effect
        if e is not None and (e.id, e.colour) not in seen:
            seen.add((e.id, e.colour))
            notes.append((e.id, effect_text(e, catalog, view["epoch"])))
    rows = max(1, -(-len(shown) // GRID_COLS))
    base = header_height(len(lines)) + rows * (MINI_H + ROW_GAP) + MARGIN
    room = max(1, (MAX_H - base) // NOTE_H)
    if len(notes) > room:
        rest = notes[room - 1:]
        notes = notes[:room - 1] + [(None, "Also: " + ", ".join(b or "" for b, _ in rest))]
    cv = Canvas(theme.WIDTH, base + len(notes) * NOTE_H, fonts)
    y = header(cv, view, fonts, seat, _title(view), lines, ctx["coins"])
    col = (INNER_W - MINI_W) / (GRID_COLS - 1)
    for i, c in enumerate(shown):
        x = MARGIN + (i % GRID_COLS) * col
        cy = y + (i // GRID_COLS) * (MINI_H + ROW_GAP)
        card_face(cv, x, cy, MINI_W, MINI_H, catalog.cards[c["card"]], catalog, detail="mini")
        if c["p2_tile"]:  # the P2 tile on it goes with the card
            bonus_tile(cv, x + MINI_W / 2 - 6, cy + MINI_H - 25, c["p2_tile"], 28)
        if c["removed"]:
            veil(cv, x, cy, x + MINI_W, cy + MINI_H)
            tag(cv, x + MINI_W - 6, cy + MINI_H - 6, "REMOVE")
    if not shown:
        cv.text(MARGIN, y + MINI_H / 2, "No cards.", theme.TEXT, fill=theme.MUTED, anchor="lm")
    y += rows * (MINI_H + ROW_GAP) + 4
    for badge, text in notes:
        x = MARGIN
        if badge:
            x += effect_badge(cv, x, y, badge) + 10
        cv.text(x, y + theme.MIN_TEXT * 0.56, text, theme.MIN_TEXT, anchor="lm",
                max_width=MARGIN + INNER_W - x)
        y += NOTE_H
    return cv
