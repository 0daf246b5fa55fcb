"""The recap of a finished game: one animated picture posted with the final scores.

Its frames are the players' boards at the end of each epoch (I, II, III: tracks, cards, tiles,
colonies, statues, medals, coins and the score so far) and then the table's final standings,
each under a caption band in the reader's language ("End of epoch I", …, "Final standings")
with one pip per frame, the current one filled. Every frame has the same size, 800 px wide and
the caption plus the tallest of the pictures high (at most ``theme.MAX_HEIGHT``), so the recap
reads like the board where Discord shows it (docs/rendering.md, "The recap").

Input: the spectator views of those moments, in order (the service rebuilds them from the
game's setup, seed and log: :func:`bot.service.screens.recap_views`); the last view is the game
over. Nothing else is read. The file is an animated GIF (the one animated format every Discord
client plays in an embed and as an attachment); each frame keeps its own 256-colour palette
(fast octree, no dithering: flat colours and anti-aliased text quantise cleanly).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from hadara.content import Catalog
from hadara.types import View

from . import theme
from .canvas import Canvas
from .fonts import FontBook
from .lexicon import epoch_numeral, tr
from .players import draw_players
from .table import draw_table

#: The caption band above each frame's picture.
CAPTION_H = 58
#: How long each epoch's frame and the final standings show (ms); the animation loops.
EPOCH_MS = 4000
FINAL_MS = 6000
PIP_R = 9


def quiet(view: View) -> View:
    """An epoch-end view without the markers of the step that follows it (the next epoch's
    first player, who we wait on, who chose): the boards as the epoch left them."""
    out = view.copy()
    out["waiting_on"] = []
    out["first"] = -1
    out["seats"] = [s.copy() for s in view["seats"]]
    for s in out["seats"]:
        s["committed"] = False
    return out


def _pictures(views: Sequence[View], catalog: Catalog, fonts: FontBook,
              locale: str) -> list[tuple[str, Canvas]]:
    if not views or not views[-1]["over"]:
        raise ValueError("a recap needs the views at each epoch's end, the last a game over")
    out = [(tr(locale, "image.recap.epoch", epoch=epoch_numeral(i + 1)),
            draw_players(v if v["over"] else quiet(v), catalog, fonts, locale))
           for i, v in enumerate(views)]
    out.append((tr(locale, "image.recap.final"), draw_table(views[-1], catalog, fonts, locale)))
    return out


def draw_recap(views: Sequence[View], catalog: Catalog, fonts: FontBook,
               locale: str = "en") -> list[Canvas]:
    """The frames of the recap, one canvas each: the boards at the end of each epoch of
    ``views`` (spectator views, in order, the last the game over), then the final standings.
    Each frame's canvas records the texts of its picture too (``drawn``, ``cuts`` …)."""
    pictures = _pictures(views, catalog, fonts, locale)
    height = CAPTION_H + max(cv.image.height for _, cv in pictures)
    frames = []
    for index, (caption, picture) in enumerate(pictures):
        frame = Canvas(theme.WIDTH, height, fonts, locale=locale)
        frame.draw.rectangle((0, 0, theme.WIDTH, CAPTION_H - 1), fill=theme.INK)
        pips = len(pictures)
        room = theme.WIDTH - 2 * 16 - pips * (3 * PIP_R) - 16
        frame.text(16, CAPTION_H / 2, caption, theme.BIG, bold=True, fill=theme.PAPER,
                   anchor="lm", max_width=room)
        for k in range(pips):
            cx = theme.WIDTH - 16 - PIP_R - (pips - 1 - k) * 3 * PIP_R
            cy = CAPTION_H / 2
            frame.draw.ellipse((cx - PIP_R, cy - PIP_R, cx + PIP_R, cy + PIP_R),
                               fill=theme.GOLD if k == index else None,
                               outline=theme.GOLD if k == index else theme.FAINT, width=2)
        frame.image.paste(picture.image, (0, CAPTION_H))
        frame.drawn.extend(picture.drawn)
        frame.placed.extend((text, (x0, y0 + CAPTION_H, x1, y1 + CAPTION_H))
                            for text, (x0, y0, x1, y1) in picture.placed)
        frame.cuts.extend(picture.cuts)
        frame.squeezed.extend(picture.squeezed)
        frame.missing.extend(picture.missing)
        for role, sizes in picture.sizes.items():
            frame.sizes[role] |= sizes
        frames.append(frame)
    return frames


def gif_bytes(frames: Sequence[Image.Image], durations: Sequence[int]) -> bytes:
    """An animated GIF that loops, each frame with its own adaptive palette (no dither)."""
    quantised = [im.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
                 for im in frames]
    buf = io.BytesIO()
    quantised[0].save(buf, "GIF", save_all=True, append_images=quantised[1:],
                      duration=list(durations), loop=0, optimize=False, disposal=1)
    return buf.getvalue()


def durations(count: int) -> list[int]:
    """Each frame's time on screen: the epochs, then a longer final standings."""
    return [EPOCH_MS] * (count - 1) + [FINAL_MS]


def render_recap(views: Sequence[View], catalog: Catalog, fonts: FontBook,
                 locale: str = "en") -> bytes:
    """The recap as an animated GIF (see the module)."""
    frames = draw_recap(views, catalog, fonts, locale)
    return gif_bytes([f.image for f in frames], durations(len(frames)))
