"""A drawing surface: Pillow image + text with per-character font fallback + size bookkeeping.

Every piece of text goes through :meth:`Canvas.text`, which records the font sizes used, so
tests can check the legibility rule (theme.py) on the real images instead of trusting a plan.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont, features

from . import theme
from .fonts import SHIPPED, FontBook, Run, clusters, coverage

RGB = tuple[int, int, int]
#: DejaVu cap (and digit) height per em: anchors place text by its capitals.
CAP = 0.73
ELLIPSIS = "…"
_SHIPPED_PATHS = frozenset(SHIPPED.values())


def _needs_shaping(text: str) -> bool:
    """Right-to-left text, combining marks and emoji sequences need a shaping engine."""
    if text.isascii():
        return False
    for c in text:
        cp = ord(c)
        if (unicodedata.bidirectional(c) in ("R", "AL", "AN")
                or unicodedata.category(c) in ("Mn", "Me") or cp == 0x200D
                or 0x1F1E6 <= cp <= 0x1F1FF or 0x1F3FB <= cp <= 0x1F3FF):
            return True
    return False


class Canvas:
    """An RGB image to draw a board, hand or score sheet on."""

    def __init__(self, width: int, height: int, fonts: FontBook, background: RGB = theme.PAPER):
        self.image = Image.new("RGB", (width, height), background)
        self.draw = ImageDraw.Draw(self.image)
        self.fonts = fonts
        #: every font size drawn, per role: "text" (words and numbers a player reads) or
        #: "glyph" (a letter repeating what an icon's shape and colour already say)
        self.sizes: dict[str, set[int]] = {"text": set(), "glyph": set()}

    @property
    def width(self) -> int:
        return self.image.width

    # -- text ---------------------------------------------------------------------------------

    def _run_font(self, run: Run, size: int) -> ImageFont.FreeTypeFont:
        return self.fonts.font(run.face, size, _needs_shaping(run.text))

    def _is_colour(self, run: Run) -> bool:
        if run.face.path in _SHIPPED_PATHS:
            return False
        cov = coverage(run.face)
        return cov is not None and cov.colour_bitmaps

    def _run_width(self, run: Run, size: int) -> float:
        font = self._run_font(run, size)
        if self._is_colour(run):
            return font.getlength(run.text) * size / self.fonts.strike(run.face)
        return font.getlength(self._visual(run.text))

    @staticmethod
    def _visual(text: str) -> str:
        # Without a shaping engine, right-to-left text is at least put in reading order.
        if _needs_shaping(text) and not features.check_feature("raqm"):
            return text[::-1]
        return text

    def runs(self, text: str, size: int, bold: bool = False,
             max_width: float | None = None) -> list[Run]:
        """The runs text will be drawn as, shortened with an ellipsis to fit ``max_width``."""
        runs = self.fonts.runs(text, bold)
        if max_width is None or self._width(runs, size) <= max_width:
            return runs
        primary = self.fonts.primary(bold)
        pieces = [(c, r.face) for r in runs for c in clusters(r.text)]
        while pieces:
            pieces.pop()
            trial = _merge([*pieces, (ELLIPSIS, primary)])
            if self._width(trial, size) <= max_width:
                return trial
        return [Run(ELLIPSIS, primary)]

    def _width(self, runs: Sequence[Run], size: int) -> float:
        return sum(self._run_width(r, size) for r in runs)

    def measure(self, text: str, size: int, bold: bool = False) -> float:
        return self._width(self.fonts.runs(text, bold), size)

    def text(self, x: float, y: float, text: str, size: int = theme.TEXT, *, bold: bool = False,
             fill: RGB = theme.INK, anchor: str = "ls", max_width: float | None = None,
             role: str = "text") -> float:
        """Draw text; anchor is horizontal l/m/r then vertical t (cap top), m (middle of the
        capitals) or s (baseline). Returns the width drawn."""
        runs = self.runs(text, size, bold, max_width)
        if not runs:
            return 0.0
        width = self._width(runs, size)
        x -= {"l": 0.0, "m": width / 2, "r": width}[anchor[0]]
        cap = CAP * size
        base = y + {"s": 0.0, "m": cap / 2, "t": cap}[anchor[1]]
        self.sizes[role].add(size)
        for run in runs:
            w = self._run_width(run, size)
            if self._is_colour(run):
                self._colour_run(run, x, base, size)
            else:
                self.draw.text((x, base), self._visual(run.text), font=self._run_font(run, size),
                               fill=fill, anchor="ls")
            x += w
        return width

    def _colour_run(self, run: Run, x: float, base: float, size: int) -> None:
        """Colour emoji come as fixed-size bitmaps: draw at that size, scale to the text."""
        strike = self.fonts.strike(run.face)
        font = self._run_font(run, size)
        left, top, right, bottom = font.getbbox(run.text, anchor="ls")
        if right <= left or bottom <= top:
            return
        tmp = Image.new("RGBA", (int(right - left), int(bottom - top)), (0, 0, 0, 0))
        ImageDraw.Draw(tmp).text((-left, -top), run.text, font=font, anchor="ls",
                                 embedded_color=True)
        scale = size / strike
        w, h = max(1, round(tmp.width * scale)), max(1, round(tmp.height * scale))
        tmp = tmp.resize((w, h), Image.Resampling.LANCZOS)
        self.image.paste(tmp, (round(x + left * scale), round(base + top * scale)), tmp)

    def wrap(self, text: str, size: int, max_width: float, bold: bool = False) -> list[str]:
        """Greedy word wrap to lines no wider than ``max_width``."""
        lines: list[str] = []
        line = ""
        for word in text.split():
            trial = f"{line} {word}" if line else word
            if line and self.measure(trial, size, bold) > max_width:
                lines.append(line)
                line = word
            else:
                line = trial
        if line:
            lines.append(line)
        return lines

    # -- shapes -------------------------------------------------------------------------------

    def box(self, x0: float, y0: float, x1: float, y1: float, fill: RGB | None = theme.PANEL,
            outline: RGB | None = theme.LINE, radius: int = 10, width: int = 2) -> None:
        self.draw.rounded_rectangle((x0, y0, x1, y1), radius=radius, fill=fill, outline=outline,
                                    width=width)

    def paste(self, sprite: Image.Image, x: float, y: float) -> None:
        """Paste an RGBA sprite with its top-left corner at (x, y)."""
        self.image.paste(sprite, (round(x), round(y)), sprite)

    def paste_centred(self, sprite: Image.Image, cx: float, cy: float) -> None:
        self.paste(sprite, cx - sprite.width / 2, cy - sprite.height / 2)

    def png(self) -> bytes:
        return png_bytes(self.image)


def png_bytes(image: Image.Image) -> bytes:
    """The PNG encoding every renderer uses (the benchmark times exactly this)."""
    buf = io.BytesIO()
    image.save(buf, "PNG", **theme.PNG_OPTIONS)
    return buf.getvalue()


def _merge(pieces: list[tuple[str, object]]) -> list[Run]:
    out: list[Run] = []
    for text, face in pieces:
        if out and out[-1].face == face:
            out[-1].text += text
        else:
            out.append(Run(text, face))  # type: ignore[arg-type]
    return out
