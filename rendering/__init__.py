"""Board, hand and score images for Hadara: pure functions from engine views to PNG bytes.

Inputs are the JSON views of :mod:`hadara.views` (spectator view for the public images, a
seat's view for its hand) and the content catalog; nothing else is read, so an image shows
exactly what its viewer may see. The board is two images: ``table`` (wheel, piles, colonies)
and ``players`` (one panel per seat), each legible when Discord shows it about 400 px wide.
"""

from __future__ import annotations

from PIL import Image

from hadara.content import Catalog, default_catalog
from hadara.types import View

from .canvas import Canvas, png_bytes
from .fonts import FontBook
from .hand import draw_hand
from .players import draw_players
from .scores import draw_scores
from .table import draw_table

_DEFAULT_FONTS: FontBook | None = None

__all__ = [
    "Canvas", "FontBook", "default_fonts", "draw_hand", "draw_players", "draw_scores",
    "draw_table", "render_board", "render_board_stacked", "render_hand", "render_players",
    "render_scores", "render_table",
]


def default_fonts() -> FontBook:
    """Shipped faces plus system fallbacks, shared by the process."""
    global _DEFAULT_FONTS
    if _DEFAULT_FONTS is None:
        _DEFAULT_FONTS = FontBook(system=True)
    return _DEFAULT_FONTS


def _args(catalog: Catalog | None, fonts: FontBook | None) -> tuple[Catalog, FontBook]:
    return catalog or default_catalog(), fonts or default_fonts()


def render_table(view: View, catalog: Catalog | None = None,
                 fonts: FontBook | None = None) -> bytes:
    """The public table (wheel, draw and discard piles, colonies) as PNG bytes."""
    return png_bytes(draw_table(view, *_args(catalog, fonts)).image)


def render_players(view: View, catalog: Catalog | None = None,
                   fonts: FontBook | None = None) -> bytes:
    """One panel per player (tracks, cards, colonies, statues, medals, score) as PNG bytes."""
    return png_bytes(draw_players(view, *_args(catalog, fonts)).image)


def render_board(view: View, catalog: Catalog | None = None,
                 fonts: FontBook | None = None) -> dict[str, bytes]:
    """The whole public board: {"table": png, "players": png} (post both, table first)."""
    cat, fb = _args(catalog, fonts)
    return {"table": png_bytes(draw_table(view, cat, fb).image),
            "players": png_bytes(draw_players(view, cat, fb).image)}


def render_board_stacked(view: View, catalog: Catalog | None = None,
                         fonts: FontBook | None = None) -> bytes:
    """The table above the players in one tall PNG (a README, a file to download; too tall
    to stay legible as a chat preview, where the two images of render_board belong)."""
    cat, fb = _args(catalog, fonts)
    table, players = draw_table(view, cat, fb).image, draw_players(view, cat, fb).image
    stacked = Image.new("RGB", (table.width, table.height + players.height))
    stacked.paste(table, (0, 0))
    stacked.paste(players, (0, table.height))
    return png_bytes(stacked)


def render_hand(view: View, catalog: Catalog | None = None, fonts: FontBook | None = None,
                page: int = 0) -> bytes:
    """A seat's private picture for its current decision (needs a seat's view)."""
    return png_bytes(draw_hand(view, *_args(catalog, fonts), page=page).image)


def render_scores(view: View, catalog: Catalog | None = None,
                  fonts: FontBook | None = None) -> bytes:
    """Scores per player and category with winners, tie-break and a chart of the totals."""
    return png_bytes(draw_scores(view, *_args(catalog, fonts)).image)
