"""A player's private picture: what its current decision needs, drawn from the decision
context the engine puts in its view (``view["private"]["context"]``, see docs/engine.md).

One picture per decision kind (:mod:`rendering.decisions`, :mod:`rendering.decisions_end`):
setup side, wheel, draft, Phase B, colony, statue, feeding and medals. Prices,
reachability, reasons and points are read from the context, never re-derived here. A seat
with nothing to decide gets its cards. Long card lists are split into pages (``page``), so
the image keeps a chat-friendly shape.
"""

from __future__ import annotations

from hadara.content import Card, Catalog

from . import decisions, decisions_end, theme
from .canvas import Canvas
from .cards import MINI_H, MINI_W, card_face
from .decision_common import INNER_W, MARGIN, header, header_height, wrap_lines
from .fonts import FontBook
from .lexicon import tr
from .parts import View, title

GRID_COLS = decisions.GRID_COLS
GRID_ROWS = 3  # cards per page of the plain card list
ROW_GAP = 10



def buy_price(view: View, seat: int, card: Card) -> int:
    """The seat's price after its discount (R-A3), as the engine states it in the view."""
    price: int = view["private"]["prices"][card.id]["buy"]
    return price


def sell_price(view: View, catalog: Catalog, seat: int, card: Card) -> int:
    """The sell value with P1's bonus, as the engine states it in the view."""
    price: int = view["private"]["prices"][card.id]["sell"]
    return price


def cards_per_page() -> int:
    """Cards per page of the feeding picture (and of the plain card list)."""
    return decisions.FEED_PER_PAGE


def _cards(view: View, catalog: Catalog, fonts: FontBook, seat: int, page: int,
           locale: str) -> Canvas:
    """No decision now: the seat's cards, paged."""
    cards = list(view["seats"][seat]["tableau"])
    per = cards_per_page()
    pages = max(1, -(-len(cards) // per))
    page = min(max(page, 0), pages - 1)
    shown = cards[page * per:(page + 1) * per]
    rows = max(1, -(-len(shown) // GRID_COLS))
    if pages > 1:
        line = tr(locale, "image.hand.nothing.paged", count=len(cards), page=page + 1, pages=pages)
    else:
        line = tr(locale, "image.hand.nothing", count=len(cards))
    cv = Canvas(theme.WIDTH, header_height(1) + rows * (MINI_H + ROW_GAP) + MARGIN, fonts,
                locale=locale)
    y = header(cv, view, fonts, seat, title(view, locale), wrap_lines(cv, line, 1))
    col = (INNER_W - MINI_W) / (GRID_COLS - 1)
    for i, cid in enumerate(shown):
        x = MARGIN + (i % GRID_COLS) * col
        card_face(cv, x, y + (i // GRID_COLS) * (MINI_H + ROW_GAP), MINI_W, MINI_H,
                  catalog.cards[cid], catalog, detail="mini")
    if not shown:
        cv.text(MARGIN, y + MINI_H / 2, cv.t("image.hand.no.cards"), theme.TEXT, fill=theme.MUTED,
                anchor="lm", max_width=INNER_W)
    return cv


def draw_hand(view: View, catalog: Catalog, fonts: FontBook, page: int = 0,
              locale: str = "en") -> Canvas:
    """The seat's picture for its current decision (its cards when it has none), its words
    in ``locale``."""
    seat = view.get("viewer")
    if seat is None:
        raise ValueError("a hand image needs a seat's view (hadara.views.view(game, seat))")
    ctx = view["private"].get("context")
    if ctx is None:
        return _cards(view, catalog, fonts, seat, page, locale)
    # One drawer per kind; testing the kind narrows the context to that kind's shape.
    if ctx["kind"] == "feeding":
        return decisions.feeding(view, catalog, fonts, seat, ctx, page, locale)
    if ctx["kind"] == "setup_side":
        return decisions.setup_side(view, catalog, fonts, seat, ctx, locale)
    if ctx["kind"] == "wheel":
        return decisions.wheel(view, catalog, fonts, seat, ctx, locale)
    if ctx["kind"] == "draft":
        return decisions.draft(view, catalog, fonts, seat, ctx, locale)
    if ctx["kind"] == "phase_b":
        return decisions.phase_b(view, catalog, fonts, seat, ctx, locale)
    if ctx["kind"] == "colony":
        return decisions_end.colony(view, catalog, fonts, seat, ctx, locale)
    if ctx["kind"] == "statue":
        return decisions_end.statue(view, catalog, fonts, seat, ctx, locale)
    if ctx["kind"] == "medals":
        return decisions_end.medals(view, catalog, fonts, seat, ctx, locale)
    return _cards(view, catalog, fonts, seat, page, locale)
