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

from hadara.content import TRACK_COLOURS, TRACKS, Catalog, Effect
from hadara.effects import effect_text
from hadara.types import CardsContext, FeedingContext, SetupSideContext, WheelContext

from . import icons, theme
from .canvas import Canvas
from .cards import MINI_H, MINI_W, card_face, effect_badge, effect_lines
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
from .lexicon import (
    card_title,
    colour_word,
    listing,
    page_of,
    sentences,
    tr,
    track_icon,
    track_word,
)
from .parts import View, display_name, emblem_name, title

FULL_W, FULL_H = 377, 450
GRID_COLS = 5
FEED_ROWS = 2
FEED_PER_PAGE = GRID_COLS * FEED_ROWS
ROW_GAP = 10
NOTE_H = 40  # a line of text under a grid
PRICE_ROW = 36
SETUP_H = 204


def _measure(fonts: FontBook, locale: str) -> Canvas:
    return Canvas(8, 8, fonts, locale=locale)


# ------------------------------------------------------------------------------- setup side


def setup_side(view: View, catalog: Catalog, fonts: FontBook, seat: int, ctx: SetupSideContext,
               locale: str = "en") -> Canvas:
    """R-S3: both sides of the seat's setup card."""
    chosen = ctx.get("chosen")
    text = sentences(locale, tr(locale, "image.setup.chosen", side=chosen) if chosen
                     else tr(locale, "image.setup.choose"),
                     tr(locale, "image.setup.initiative", initiative=ctx["initiative"]))
    lines = wrap_lines(_measure(fonts, locale), text)
    cv = Canvas(theme.WIDTH, header_height(len(lines)) + SETUP_H + MARGIN, fonts, locale=locale)
    y = header(cv, view, fonts, seat, cv.t("image.setup.title"), lines)
    w = (theme.WIDTH - 3 * MARGIN) / 2
    for i, side in enumerate(ctx["sides"][:2]):
        x = MARGIN + i * (w + MARGIN)
        picked = chosen == side["side"]
        cv.box(x, y, x + w, y + SETUP_H, fill=theme.HIGHLIGHT if picked else theme.PANEL,
               outline=theme.INK if picked else theme.LINE, radius=14, width=5 if picked else 3)
        cv.text(x + 18, y + 34, cv.t("image.setup.side", side=side["side"]), theme.BIG, bold=True,
                anchor="lm", max_width=w - 140)
        cv.paste(icons.coins(34), x + w - 110, y + 17)
        cv.text(x + w - 18, y + 34, str(side["coins"]), theme.BIG, bold=True, anchor="rm")
        for k, (track, colour) in enumerate(zip(TRACKS, TRACK_COLOURS, strict=True)):
            ty = y + 76 + (k // 2) * 66
            tx = x + 18 + (k % 2) * (w / 2 - 6)
            cv.paste(track_icon(cv, colour, 34), tx, ty)
            vw = cv.text(tx + 40, ty + 17, str(side["tracks"][track]), theme.BIG, bold=True,
                         anchor="lm")
            cv.label(tx + 46 + vw, ty + 17, track_word(locale, track), theme.MIN_TEXT,
                     w / 2 - 52 - vw, fill=theme.MUTED)
        if picked:
            tag(cv, x + w - 12, y + SETUP_H - 10, cv.t("image.setup.tag.chosen"))
    return cv


# ------------------------------------------------------------------------------------ wheel

WHEEL_LABEL_W = 150
WHEEL_HEAD_H = 52
WHEEL_ROW_H = 62
WHEEL_GAP = 6
LEGEND_H = 66  # an emblem and a name on up to two lines


def wheel(view: View, catalog: Catalog, fonts: FontBook, seat: int, ctx: WheelContext,
          locale: str = "en") -> Canvas:
    """R-A1/R-S6: per deck the chooser may point at, the deck each seat draws from first."""
    options = ctx["options"]
    lines = wrap_lines(_measure(fonts, locale), tr(locale, "image.wheel.line"))
    height = (header_height(len(lines)) + WHEEL_HEAD_H
              + len(options) * (WHEEL_ROW_H + WHEEL_GAP) + LEGEND_H + MARGIN)
    cv = Canvas(theme.WIDTH, height, fonts, locale=locale)
    y = header(cv, view, fonts, seat, title(view, locale), lines)
    decks = list(view["deck_colours"])
    col = (INNER_W - WHEEL_LABEL_W) / len(decks)
    x0 = MARGIN + WHEEL_LABEL_W
    cv.text(MARGIN, y + WHEEL_HEAD_H / 2, cv.t("image.wheel.point.at"), theme.MIN_TEXT,
            fill=theme.MUTED, anchor="lm", max_width=WHEEL_LABEL_W - 8)
    for k, colour in enumerate(decks):  # column heads: the decks in wheel order
        x = x0 + k * col
        cv.box(x + 3, y + 4, x + col - 3, y + WHEEL_HEAD_H - 6, fill=theme.TINT[colour],
               outline=theme.COLOUR_RGB[colour], radius=8, width=3)
        cv.paste(track_icon(cv, colour, 32), x + 9, y + WHEEL_HEAD_H / 2 - 17)
        cv.text(x + 46, y + WHEEL_HEAD_H / 2 - 1, cv.t("image.table.deck"), theme.MIN_TEXT,
                fill=theme.MUTED, anchor="lm", max_width=col - 52)
    y += WHEEL_HEAD_H
    chooser = ctx["chooser"]
    for opt in options:
        cy = y + WHEEL_ROW_H / 2
        cv.box(MARGIN, y, MARGIN + INNER_W, y + WHEEL_ROW_H, fill=theme.PANEL,
               outline=theme.LINE, radius=10, width=2)
        cv.paste(track_icon(cv, opt["colour"], 36), MARGIN + 10, cy - 18)
        cv.text(MARGIN + 54, cy, colour_word(locale, opt["colour"]), theme.MIN_TEXT, bold=True,
                anchor="lm", max_width=WHEEL_LABEL_W - 58)
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
                    display_name(fonts, view, s, locale), theme.MIN_TEXT, per - 6, emblem=34,
                    bold=False, lines=2)
    return cv


# ------------------------------------------------------------------------------------ draft


def draft(view: View, catalog: Catalog, fonts: FontBook, seat: int, ctx: CardsContext,
          locale: str = "en") -> Canvas:
    """R-A2/R-A3: the two drawn cards with the seat's price and sale value."""
    offers = ctx["cards"][:2]
    picked = next((o for o in offers if o["picked"]), None)
    if picked:
        name = card_title(locale, catalog, picked["card"])
        text = tr(locale, "image.draft.picked.sell" if picked["picked"] == "sell"
                  else "image.draft.picked.buy", card=name)
    elif deck := ctx["deck_colour"]:
        text = tr(locale, "image.draft.offer", colour=colour_word(locale, deck))
    else:
        text = tr(locale, "image.draft.offer.any")
    lines = wrap_lines(_measure(fonts, locale), text)
    # The faces size themselves to the longer card; a language with longer words may take
    # more than FULL_H, up to the decision images' height limit.
    room = max(FULL_H, MAX_H - header_height(len(lines)) - MARGIN)
    scratch = Canvas(FULL_W, room, fonts, locale=locale)
    needed = max((card_face(scratch, 0, 0, FULL_W, room, catalog.cards[o["card"]], catalog,
                            cost=0, sell=0, detail="full", epoch=view["epoch"])
                  for o in offers), default=FULL_H)
    full_h = round(min(room, needed + 16))
    cv = Canvas(theme.WIDTH, header_height(len(lines)) + full_h + MARGIN, fonts, locale=locale)
    y = header(cv, view, fonts, seat, title(view, locale), lines, ctx["coins"])
    gap = theme.WIDTH - 2 * MARGIN - 2 * FULL_W
    for i, o in enumerate(offers):
        card = catalog.cards[o["card"]]
        x = MARGIN + i * (FULL_W + gap)
        card_face(cv, x, y, FULL_W, full_h, card, catalog, cost=o["buy"], sell=o["sell"],
                  detail="full", epoch=view["epoch"], highlight=bool(o["picked"]))
        if o["picked"]:
            tag(cv, x + FULL_W - 12, y + full_h - 14,
                cv.t("image.draft.tag.sell" if o["picked"] == "sell" else "image.draft.tag.buy"))
        elif not o["can_buy"]:
            tag(cv, x + FULL_W - 12, y + full_h - 14, cv.t("image.draft.tag.sell.only"),
                fill=(150, 40, 30))
    return cv


# ---------------------------------------------------------------------------------- phase B


def phase_b(view: View, catalog: Catalog, fonts: FontBook, seat: int, ctx: CardsContext,
            locale: str = "en") -> Canvas:
    """R-B1: the top card of each discard pile at the seat's prices; effects worded."""
    offers = ctx["cards"]
    effects: list[tuple[str, Effect]] = []
    for o in offers:
        e = catalog.cards[o["card"]].effect
        if e and all(e.id != x.id or e.colour != x.colour for _, x in effects):
            effects.append((card_title(locale, catalog, o["card"]), e))
    dear = [o for o in offers if not o["can_buy"]]
    text = sentences(locale, tr(locale, "image.phase.b.line"),
                     tr(locale, "image.phase.b.struck") if dear else "")
    probe = _measure(fonts, locale)
    lines = wrap_lines(probe, text)
    notes = [effect_note(probe, name, e, catalog, view["epoch"]) for name, e in effects]
    height = (header_height(len(lines)) + MINI_H + 2 * PRICE_ROW + 16
              + sum(len(n) for n in notes) * NOTE_H + MARGIN)
    cv = Canvas(theme.WIDTH, height, fonts, locale=locale)
    y = header(cv, view, fonts, seat, title(view, locale), lines, ctx["coins"])
    col = (INNER_W - MINI_W) / 4
    for i, o in enumerate(offers):
        card = catalog.cards[o["card"]]
        x = MARGIN + i * col
        card_face(cv, x, y, MINI_W, MINI_H, card, catalog, cost=o["buy"], detail="mini")
        cy = y + MINI_H + PRICE_ROW / 2 + 4
        afford = o["can_buy"]
        room = min(col, MINI_W + 2 * MARGIN) - 6
        bw = cv.text(x + MINI_W / 2, cy, cv.t("image.phase.b.buy", cost=o["buy"]), theme.MIN_TEXT,
                     bold=afford, fill=theme.INK if afford else theme.MUTED, anchor="mm",
                     max_width=room)
        if not afford:
            strike(cv, x + MINI_W / 2 - bw / 2 - 4, x + MINI_W / 2 + bw / 2 + 4, cy)
        cv.text(x + MINI_W / 2, cy + PRICE_ROW, cv.t("image.phase.b.sell", value=o["sell"]),
                theme.MIN_TEXT, fill=theme.MUTED, anchor="mm", max_width=room)
    y += MINI_H + 2 * PRICE_ROW + 16
    for (_name, e), note in zip(effects, notes, strict=True):
        y = draw_effect_note(cv, y, e.id, note)
    return cv


def effect_note(cv: Canvas, name: str, effect: Effect, catalog: Catalog,
                epoch: int) -> list[str]:
    """"Card name: effect text" in lines beside an effect badge (as many as it takes)."""
    text = cv.t("image.effect.line", card=name,
                text=effect_text(effect, catalog, epoch, locale=cv.locale))
    bw = cv.measure(effect.id, theme.MIN_TEXT, True) + 14
    return effect_lines(cv, text, INNER_W, bw)


def draw_effect_note(cv: Canvas, y: float, badge: str | None, lines: list[str]) -> float:
    """An effect badge and its text's lines from ``y``; returns the y below."""
    x: float = MARGIN
    if badge:
        x += effect_badge(cv, x, y, badge) + 10
    for i, line in enumerate(lines):
        lx = x if i == 0 else MARGIN
        cv.text(lx, y + theme.MIN_TEXT * 0.56, line, theme.MIN_TEXT, anchor="lm",
                max_width=MARGIN + INNER_W - lx)
        y += NOTE_H
    return y


# ---------------------------------------------------------------------------------- feeding


def feeding_pages(ctx: FeedingContext) -> int:
    return max(1, -(-len(ctx["cards"]) // FEED_PER_PAGE))


def feeding(view: View, catalog: Catalog, fonts: FontBook, seat: int, ctx: FeedingContext,
            page: int, locale: str = "en") -> Canvas:
    """F1 + P6: the seat's cards by colour, how many must go, the P6 alternative."""
    pages = feeding_pages(ctx)
    page = min(max(page, 0), pages - 1)
    shown = ctx["cards"][page * FEED_PER_PAGE:(page + 1) * FEED_PER_PAGE]
    count, food, must = ctx["count"], ctx["food"], ctx["must_remove"]
    first = sentences(
        locale,
        tr(locale, "image.feeding.must", count=count, food=food, must=must) if must
        else tr(locale, "image.feeding.fed", count=count, food=food),
        tr(locale, "image.feeding.paid", paid=ctx["paid"]) if ctx["paid"] else "",
        page_of(locale, page + 1, pages) if pages > 1 else "")
    probe = _measure(fonts, locale)
    lines = [*wrap_lines(probe, first, 2), *wrap_lines(probe, tr(locale, "image.feeding.lose"), 1)]
    notes: list[tuple[str | None, str]] = []  # (effect badge, text) under the grid
    p6 = ctx["p6"]
    if p6["has_p6"]:
        if p6["can_pay"]:
            notes.append(("P6", tr(locale, "image.feeding.p6", cost=p6["cost"],
                                   left=p6["payments_left"])))
        elif p6["payments_left"] == 0:
            notes.append(("P6", why("p6_max_payments",
                                    {"max": catalog.rules.eff("P6", "max_cards")}, locale)))
        else:
            notes.append(("P6", why("p6_cost", {"cost": p6["cost"], "have": ctx["coins"]},
                                    locale)))
    seen: set[tuple[str, str | None]] = {("P6", None)} if p6["has_p6"] else set()
    for c in shown:
        e = catalog.cards[c["card"]].effect
        if e is not None and (e.id, e.colour) not in seen:
            seen.add((e.id, e.colour))
            notes.append((e.id, effect_text(e, catalog, view["epoch"], locale=locale)))
    rows = max(1, -(-len(shown) // GRID_COLS))
    base = header_height(len(lines)) + rows * (MINI_H + ROW_GAP) + MARGIN
    room = max(1, (MAX_H - base) // NOTE_H)

    def wrapped(badge: str | None, text: str) -> list[str]:
        bw = probe.measure(badge, theme.MIN_TEXT, True) + 14 if badge else -10
        return effect_lines(probe, text, INNER_W, bw)
    blocks = [(b, wrapped(b, t)) for b, t in notes]
    while sum(len(lines) for _, lines in blocks) > room and len(blocks) > 1:
        # the last notes give way to one line naming their effects
        cut = next((k for k in range(len(blocks) - 1, 0, -1)
                    if sum(len(ls) for _, ls in blocks[:k]) < room), 1)
        also = tr(locale, "image.feeding.also", effects=listing(locale, [b or "" for b, _ in
                                                                    blocks[cut:]]))
        blocks = blocks[:cut] + [(None, wrapped(None, also))]
        if sum(len(ls) for _, ls in blocks) <= room or cut == 1:
            break
    cv = Canvas(theme.WIDTH, base + sum(len(ls) for _, ls in blocks) * NOTE_H, fonts,
                locale=locale)
    y = header(cv, view, fonts, seat, title(view, locale), lines, ctx["coins"])
    col = (INNER_W - MINI_W) / (GRID_COLS - 1)
    for i, c in enumerate(shown):
        x = MARGIN + (i % GRID_COLS) * col
        cy = y + (i // GRID_COLS) * (MINI_H + ROW_GAP)
        # no cost on the band: removing a card loses its gains, points and effect, not coins
        card_face(cv, x, cy, MINI_W, MINI_H, catalog.cards[c["card"]], catalog, detail="mini",
                  price=False)
        if c["p2_tile"]:  # the P2 tile on it goes with the card
            bonus_tile(cv, x + MINI_W / 2 - 6, cy + MINI_H - 25, c["p2_tile"], 28)
        if c["removed"]:
            veil(cv, x, cy, x + MINI_W, cy + MINI_H)
            tag(cv, x + MINI_W - 6, cy + MINI_H - 6, cv.t("image.feeding.tag.remove"))
    if not shown:
        cv.text(MARGIN, y + MINI_H / 2, cv.t("image.feeding.no.cards"), theme.TEXT,
                fill=theme.MUTED, anchor="lm", max_width=INNER_W)
    y += rows * (MINI_H + ROW_GAP) + 4
    for badge, note in blocks:
        y = draw_effect_note(cv, y, badge, note)
    return cv
