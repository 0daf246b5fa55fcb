"""Board, decision, reveal and score images for Hadara: pure functions from engine views to PNG
bytes.

Inputs are the JSON views of :mod:`hadara.views` (the spectator view for the public images, a
seat's view for its private decision image), the public ``round_revealed`` event for the
reveal, and the content catalog; nothing else is read, so an image shows exactly what its
viewer may see. Each image is legible where Discord shows it on a 412-px phone (an embed 292 px
wide and at most 280 high, a gallery 324 px, a gallery in a container 287 px): no text under
10 px there (:mod:`rendering.theme`, docs/rendering.md).

Every public function takes ``locale`` ("en", "fr", "ja"; default "en"): the language of the
words drawn (docs/rendering.md, "Languages and fonts"). It is always passed explicitly, never
read from :func:`i18n.current`, because rendering runs in process pools.

Which public images to post at a step: :func:`posted_images` (see its docstring and
docs/rendering.md).

Rendering reads no environment: its two process-wide settings, extra font files or folders and
strict text, are set by :func:`configure` (the bot calls it once at start with its
configuration; ``python -m rendering`` from its ``--fonts`` and ``--strict-text`` flags).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PIL import Image

from hadara.content import Catalog, default_catalog
from hadara.types import View

from .canvas import Canvas, png_bytes, set_strict_text
from .fonts import FontBook
from .hand import draw_hand
from .players import draw_players
from .recap import draw_recap
from .reveal import draw_reveal
from .scores import draw_scores
from .table import draw_table

_DEFAULT_FONTS: FontBook | None = None
#: The extra font files or folders of :func:`default_fonts` (set by :func:`configure`).
_FONT_PATHS: tuple[Path, ...] = ()

__all__ = [
    "Canvas", "FontBook", "configure", "default_fonts", "draw_decision", "draw_hand",
    "draw_players", "draw_posted", "draw_reveal", "draw_scores", "draw_table", "posted_images",
    "draw_recap", "render_board", "render_board_stacked", "render_decision", "render_hand",
    "render_players", "render_recap", "render_reveal", "render_scores", "render_table",
]

#: A seat's private decision image (the documented name; ``draw_hand`` is the same function).
draw_decision = draw_hand


def configure(*, font_paths: Sequence[Path | str] | None = None,
              strict_text: bool | None = None) -> None:
    """The process's rendering settings (the bot calls it once at start, before the first
    image); a setting left None stays as it is:

    - ``font_paths``: font files or folders searched, in their order, before the system's
      fonts by :func:`default_fonts` (the fonts every image uses unless given others);
    - ``strict_text``: a cut text or a missing glyph raises ``TextCut`` instead of being
      recorded on the canvas (tests; a translation being checked).

    Both hold for the calling process and the threads it renders in; a process pool's
    workers start with the defaults (no extra fonts, not strict) unless the pool's
    initializer calls this too. The same fonts again keep the fonts already loaded.
    """
    global _DEFAULT_FONTS, _FONT_PATHS
    if font_paths is not None:
        paths = tuple(Path(p).expanduser() for p in font_paths)
        if paths != _FONT_PATHS:
            _FONT_PATHS, _DEFAULT_FONTS = paths, None
    if strict_text is not None:
        set_strict_text(strict_text)


def default_fonts() -> FontBook:
    """Shipped faces plus fallbacks (the font paths of :func:`configure`, then the system's
    fonts), shared by the process."""
    global _DEFAULT_FONTS
    if _DEFAULT_FONTS is None:
        _DEFAULT_FONTS = FontBook(system=True, extra=_FONT_PATHS)
    return _DEFAULT_FONTS


def _args(catalog: Catalog | None, fonts: FontBook | None) -> tuple[Catalog, FontBook]:
    return catalog or default_catalog(), fonts or default_fonts()


def render_table(view: View, catalog: Catalog | None = None,
                 fonts: FontBook | None = None, locale: str = "en") -> bytes:
    """The public table as PNG bytes, in the layout of the moment: play (wheel, draw and
    discard piles, colonies), focus (colony, statue, feeding and medal steps) or final
    (standings)."""
    return png_bytes(draw_table(view, *_args(catalog, fonts), locale=locale).image)


def render_players(view: View, catalog: Catalog | None = None,
                   fonts: FontBook | None = None, locale: str = "en") -> bytes:
    """One board per player (tracks, cards, tiles, colonies, statues, medals, coins, score)."""
    return png_bytes(draw_players(view, *_args(catalog, fonts), locale=locale).image)


def render_board(view: View, catalog: Catalog | None = None,
                 fonts: FontBook | None = None, locale: str = "en") -> dict[str, bytes]:
    """The whole public board: {"table": png, "players": png} (post both, table first)."""
    cat, fb = _args(catalog, fonts)
    return {"table": png_bytes(draw_table(view, cat, fb, locale).image),
            "players": png_bytes(draw_players(view, cat, fb, locale).image)}


def render_board_stacked(view: View, catalog: Catalog | None = None,
                         fonts: FontBook | None = None, locale: str = "en") -> bytes:
    """The table above the players in one tall PNG (a README, a file to download; too tall
    to stay legible as a chat preview, where the two images of render_board belong)."""
    cat, fb = _args(catalog, fonts)
    table = draw_table(view, cat, fb, locale).image
    players = draw_players(view, cat, fb, locale).image
    stacked = Image.new("RGB", (table.width, table.height + players.height))
    stacked.paste(table, (0, 0))
    stacked.paste(players, (0, table.height))
    return png_bytes(stacked)


def render_decision(view: View, catalog: Catalog | None = None,
                    fonts: FontBook | None = None, page: int = 0, locale: str = "en") -> bytes:
    """A seat's private image for its current decision (needs a seat's view): one picture
    per decision kind, drawn from ``view["private"]["context"]`` (setup side, wheel, draft,
    Phase B, colony, statue, feeding, medals); the seat's cards when it has nothing to
    decide. Long lists are paged (``page``)."""
    return png_bytes(draw_hand(view, *_args(catalog, fonts), page=page, locale=locale).image)


def render_hand(view: View, catalog: Catalog | None = None, fonts: FontBook | None = None,
                page: int = 0, locale: str = "en") -> bytes:
    """The former name of :func:`render_decision` (same image)."""
    return render_decision(view, catalog, fonts, page, locale)


def render_reveal(event: dict[str, Any], view: View, catalog: Catalog | None = None,
                  fonts: FontBook | None = None, locale: str = "en") -> bytes:
    """A Phase-A round revealed (the public ``round_revealed`` event, with the spectator view
    after it for names): per player the card kept (a bought card, or only the colour and
    coins of a sale) and the card discarded."""
    return png_bytes(draw_reveal(event, view, *_args(catalog, fonts), locale=locale).image)


def render_scores(view: View, catalog: Catalog | None = None,
                  fonts: FontBook | None = None, locale: str = "en") -> bytes:
    """Scores per category in rank order (ties broken by coins left, G2, and said so), with
    the winners and a chart of the totals; live during the game, final at the end."""
    return png_bytes(draw_scores(view, *_args(catalog, fonts), locale=locale).image)


def render_recap(views: Sequence[View], catalog: Catalog | None = None,
                 fonts: FontBook | None = None, locale: str = "en") -> bytes:
    """The end-of-game recap as an animated GIF: the players' boards at the end of each epoch,
    then the final standings, one same-sized frame each under a caption ("End of epoch I",
    …). ``views``: the spectator views at each epoch's end, in order, the last the game over
    (:mod:`rendering.recap`)."""
    from .recap import render_recap as draw

    return draw(views, *_args(catalog, fonts), locale=locale)


def draw_posted(view: View, catalog: Catalog, fonts: FontBook,
                locale: str = "en") -> dict[str, Canvas]:
    """The canvases of :func:`posted_images` (for tests and the benchmark)."""
    if view["over"]:
        return {"table": draw_table(view, catalog, fonts, locale),
                "scores": draw_scores(view, catalog, fonts, locale)}
    return {"table": draw_table(view, catalog, fonts, locale),
            "players": draw_players(view, catalog, fonts, locale)}


def posted_images(view: View, catalog: Catalog | None = None,
                  fonts: FontBook | None = None, locale: str = "en") -> dict[str, bytes]:
    """The public images to post for the game's current step, name -> PNG, in posting order
    (one embed or message each, so each shows at full chat width), their words in
    ``locale`` ("en", "fr", "ja"; pass it explicitly: rendering runs in worker processes).

    - **During play** (setup sides, wheel, draft, Phase B): ``table`` in its play layout
      (wheel, draw piles, discard tops, colony stacks) and ``players`` (one board per seat).
    - **End-of-phase steps** (colony, statue, feeding, medals): ``table`` in its focus layout
      (what the step is, the colony rows and statue spaces with who took what) and
      ``players`` (tracks, colonies, statues and medals are what these steps change).
    - **Game over**: ``table`` in its final layout (standings by rank, winner, how G2
      decided) and ``scores`` (categories per player in rank order, ties broken by coins
      left and said so); the players image is not posted again at the end.

    Every image returned has content (at least a quarter of it drawn, tested for 2 and 5
    players at every step kind). The Phase-A round reveal is posted when its event arrives
    (:func:`render_reveal`); private decision images go to their seat
    (:func:`render_decision`).
    """
    return {name: png_bytes(cv.image)
            for name, cv in draw_posted(view, *_args(catalog, fonts), locale).items()}
