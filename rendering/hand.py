"""A player's private picture: the cards they decide about, priced for them.

- Phase-A draft: the two drawn cards, large, each with the player's cost after discount, the
  sell value, gains, points and effect text; a recorded pick is marked.
- Phase B: the top card of every discard pile (the board's card face) with the player's buy and
  sell prices, and the effect texts below.
- Feeding: the player's cards with the feeding count ("14 cards, 10 food: remove 4") and the
  removals already chosen faded and tagged.
- Setup (advanced game): both sides of the player's setup card.
- Anything else: the player's cards.

Long card lists are split into pages (``page``), so the image keeps a chat-friendly shape.
"""

from __future__ import annotations

from PIL import ImageDraw

from hadara.content import TRACK_COLOURS, TRACKS, Card, Catalog, Effect

from . import icons, theme
from .canvas import Canvas
from .cards import MINI_H, MINI_W, card_face, effect_badge, effect_text
from .fonts import FontBook
from .parts import View, display_name, emblem_name, status

MARGIN = 15
HEADER_H = 104
FULL_W, FULL_H = 377, 450
GRID_COLS = 5
GRID_ROWS = 3  # cards per page = GRID_COLS * GRID_ROWS
PRICE_ROW = 36
SETUP_H = 204


def buy_price(view: View, seat: int, card: Card) -> int:
    """The seat's price after its discount (R-A3), as the engine states it in the view."""
    price: int = view["private"]["prices"][card.id]["buy"]
    return price


def sell_price(view: View, catalog: Catalog, seat: int, card: Card) -> int:
    """The sell value with P1's bonus, as the engine states it in the view."""
    price: int = view["private"]["prices"][card.id]["sell"]
    return price


def cards_per_page() -> int:
    return GRID_COLS * GRID_ROWS


def _header(cv: Canvas, view: View, fonts: FontBook, seat: int, title: str, line: str) -> None:
    """Who this is for, where the game is, their coins; then one line about the decision."""
    w = cv.width
    cv.draw.rectangle((0, 0, w, HEADER_H - 10), fill=theme.PANEL)
    cv.draw.line((0, HEADER_H - 10, w, HEADER_H - 10), fill=theme.LINE, width=2)
    coins = view["seats"][seat]["coins"]
    cw = cv.text(w - MARGIN, 30, str(coins), theme.BIG, bold=True, anchor="rm")
    cv.paste(icons.coins(34), w - MARGIN - cw - 40, 13)
    x = MARGIN + emblem_name(cv, MARGIN, 30, seat, display_name(fonts, view, seat),
                             theme.TEXT, 240, emblem=36) + 16
    cv.text(x, 30, title, theme.TEXT, fill=theme.MUTED, anchor="lm",
            max_width=w - MARGIN - cw - 52 - x)
    cv.text(MARGIN, 72, line, theme.MIN_TEXT, anchor="lm",
            max_width=w - 2 * MARGIN)


def _draft(view: View, catalog: Catalog, fonts: FontBook, seat: int) -> Canvas:
    priv = view["private"]
    hand = priv["hand"]
    colour = next((d["colour"] for d in view["draws"] if d["seat"] == seat), "")
    # Size both faces to the taller card: lay each out once on a scratch canvas (cost 0 with a
    # sell value shows every optional line, so this is an upper bound).
    scratch = Canvas(FULL_W, FULL_H, fonts)
    needed = max((card_face(scratch, 0, 0, FULL_W, FULL_H, catalog.cards[c], catalog, cost=0,
                            sell=0, detail="full", epoch=view["epoch"]) for c in hand[:2]),
                 default=FULL_H)
    full_h = round(min(FULL_H, needed + 16))
    cv = Canvas(theme.WIDTH, HEADER_H + full_h + MARGIN, fonts)
    where, now = status(view)
    commit = priv.get("commit")
    if commit and commit.get("type") == "draft":
        name = catalog.cards[commit["card"]].name
        line = f"Your pick: {commit['mode']} {name} (you may change it until all chose)"
    else:
        line = "Keep one card and buy or sell it; the other is discarded."
    _header(cv, view, fonts, seat, f"{where.split(' · ')[0]} · {now} · {colour} deck", line)
    gap = theme.WIDTH - 2 * MARGIN - 2 * FULL_W
    for i, cid in enumerate(hand[:2]):
        card = catalog.cards[cid]
        x = MARGIN + i * (FULL_W + gap)
        picked = bool(commit) and commit.get("card") == cid
        card_face(cv, x, HEADER_H, FULL_W, full_h, card, catalog,
                  cost=buy_price(view, seat, card), sell=sell_price(view, catalog, seat, card),
                  detail="full", epoch=view["epoch"], highlight=picked)
        if picked:
            _tag(cv, x + FULL_W - 12, HEADER_H + full_h - 14, commit["mode"].upper())
    return cv


def _tag(cv: Canvas, right: float, bottom: float, text: str) -> None:
    """A dark label in a card's corner (a recorded pick)."""
    w = cv.measure(text, theme.MIN_TEXT, True) + 20
    cv.box(right - w, bottom - 36, right, bottom, fill=theme.INK, outline=None, radius=8)
    cv.text(right - w / 2, bottom - 18, text, theme.MIN_TEXT, bold=True, fill=(255, 255, 255),
            anchor="mm")


def _phase_b(view: View, catalog: Catalog, fonts: FontBook, seat: int) -> Canvas:
    tops = [(d["colour"], pile[-1]) for d, pile in zip(view["decks"], view["discards"],
                                                         strict=True) if pile]
    effects: list[tuple[str, Effect]] = []
    for _, cid in tops:
        e = catalog.cards[cid].effect
        if e and all(e.id != x.id for _, x in effects):
            effects.append((catalog.cards[cid].name, e))
    height = HEADER_H + MINI_H + 2 * PRICE_ROW + 16 + len(effects) * 40 + MARGIN
    cv = Canvas(theme.WIDTH, height, fonts)
    where, now = status(view)
    mine = seat in view["waiting_on"]
    line = ("Your turn: take a pile's top card, then buy or sell it." if mine else
            "The top card of each discard pile, at your prices.")
    _header(cv, view, fonts, seat, f"{where} · {now}", line)
    col = (theme.WIDTH - 2 * MARGIN - MINI_W) / 4
    y = HEADER_H
    for i, (_, cid) in enumerate(tops):
        card = catalog.cards[cid]
        x = MARGIN + i * col
        card_face(cv, x, y, MINI_W, MINI_H, card, catalog, cost=buy_price(view, seat, card),
                  detail="mini")
        cy = y + MINI_H + PRICE_ROW / 2 + 4
        cost = buy_price(view, seat, card)
        afford = cost <= view["seats"][seat]["coins"]
        cv.text(x + MINI_W / 2, cy, f"buy {cost}", theme.MIN_TEXT, bold=afford,
                fill=theme.INK if afford else theme.MUTED, anchor="mm")
        cv.text(x + MINI_W / 2, cy + PRICE_ROW, f"sell +{sell_price(view, catalog, seat, card)}",
                theme.MIN_TEXT, fill=theme.MUTED, anchor="mm")
    y += MINI_H + 2 * PRICE_ROW + 16
    for name, e in effects:
        bw = effect_badge(cv, MARGIN, y, e.id)
        cv.text(MARGIN + bw + 10, y + theme.MIN_TEXT * 0.56,
                f"{name}: {effect_text(e, catalog, view['epoch'])}", theme.MIN_TEXT,
                anchor="lm", max_width=theme.WIDTH - 2 * MARGIN - bw - 10)
        y += 40
    return cv


def _grid(view: View, catalog: Catalog, fonts: FontBook, seat: int, cards: list[str],
          title: str, line: str, crossed: set[str], page: int) -> Canvas:
    per = cards_per_page()
    pages = max(1, -(-len(cards) // per))
    page = min(max(page, 0), pages - 1)
    shown = cards[page * per:(page + 1) * per]
    rows = max(1, -(-len(shown) // GRID_COLS))
    cv = Canvas(theme.WIDTH, HEADER_H + rows * (MINI_H + 10) + MARGIN, fonts)
    if pages > 1:
        line += f" · page {page + 1} of {pages}"
    _header(cv, view, fonts, seat, title, line)
    col = (theme.WIDTH - 2 * MARGIN - MINI_W) / (GRID_COLS - 1)
    for i, cid in enumerate(shown):
        x = MARGIN + (i % GRID_COLS) * col
        y = HEADER_H + (i // GRID_COLS) * (MINI_H + 10)
        card_face(cv, x, y, MINI_W, MINI_H, catalog.cards[cid], catalog, detail="mini")
        if cid in crossed:  # chosen for removal: faded, with a tag
            veil = ImageDraw.Draw(cv.image, "RGBA")
            veil.rounded_rectangle((x, y, x + MINI_W, y + MINI_H), radius=10,
                                   fill=(255, 255, 255, 150))
            _tag(cv, x + MINI_W - 6, y + MINI_H - 6, "REMOVE")
    if not shown:
        cv.text(MARGIN, HEADER_H + MINI_H / 2, "No cards yet.", theme.TEXT, fill=theme.MUTED,
                anchor="lm")
    return cv


def _feeding(view: View, catalog: Catalog, fonts: FontBook, seat: int, page: int) -> Canvas:
    s = view["seats"][seat]
    feeding = view["private"]["feeding"]  # F1 with this seat's hidden removals counted
    removed = {a["card"] for a in view["private"]["pending"] if a.get("type") == "feed_remove"}
    count, food, paid = feeding["count"], feeding["food"], feeding["paid"]
    need = max(0, count - paid - food)
    where, now = status(view)
    if need:
        line = f"{count} cards, {food} food: remove {need} more"
    else:
        line = f"{count} cards, {food} food: fed"
    if paid:
        line += f" ({paid} paid for)"
    return _grid(view, catalog, fonts, seat, list(s["tableau"]), f"{where} · {now}", line,
                 removed, page)


def _setup(view: View, catalog: Catalog, fonts: FontBook, seat: int) -> Canvas:
    card = catalog.setup_cards[view["seats"][seat]["setup_card"]]
    cv = Canvas(theme.WIDTH, HEADER_H + SETUP_H + MARGIN, fonts)
    commit = view["private"].get("commit")
    line = (f"Your choice: side {commit['side']}." if commit else
            "Choose a side of your setup card.") + f" Initiative {card.initiative}."
    _header(cv, view, fonts, seat, "Setup", line)
    w = (theme.WIDTH - 3 * MARGIN) / 2
    for i, name in enumerate(("A", "B")):
        side = card.side(name)
        x, y = MARGIN + i * (w + MARGIN), HEADER_H
        chosen = bool(commit) and commit.get("side") == name
        cv.box(x, y, x + w, y + SETUP_H, fill=theme.PANEL,
               outline=theme.INK if chosen else theme.LINE, radius=14, width=5 if chosen else 3)
        cv.text(x + 18, y + 34, f"Side {name}", theme.BIG, bold=True, anchor="lm")
        cv.paste(icons.coins(34), x + w - 110, y + 17)
        cv.text(x + w - 18, y + 34, str(side.coins), theme.BIG, bold=True, anchor="rm")
        for k, (track, colour) in enumerate(zip(TRACKS, TRACK_COLOURS, strict=True)):
            ty = y + 76 + (k // 2) * 66
            tx = x + 18 + (k % 2) * (w / 2 - 6)
            cv.paste(icons.track_icon(colour, 34), tx, ty)
            vw = cv.text(tx + 40, ty + 17, str(side.tracks[k]), theme.BIG, bold=True,
                         anchor="lm")
            cv.text(tx + 46 + vw, ty + 17, track, theme.MIN_TEXT, fill=theme.MUTED,
                    anchor="lm", max_width=w / 2 - 52 - vw)
    return cv


def draw_hand(view: View, catalog: Catalog, fonts: FontBook, page: int = 0) -> Canvas:
    seat = view.get("viewer")
    if seat is None:
        raise ValueError("a hand image needs a seat's view (hadara.views.view(game, seat))")
    step = view["step"]
    if step == "draft" and view["private"]["hand"]:
        return _draft(view, catalog, fonts, seat)
    if step == "phase_b" and any(view["discards"]):
        return _phase_b(view, catalog, fonts, seat)
    if step == "feeding":
        return _feeding(view, catalog, fonts, seat, page)
    if step == "setup_side":
        return _setup(view, catalog, fonts, seat)
    where, now = status(view)
    tableau = list(view["seats"][seat]["tableau"])
    return _grid(view, catalog, fonts, seat, tableau, f"{where} · {now}",
                 f"Your cards: {len(tableau)}", set(), page)
