"""A drawing surface: Pillow image + text with per-character font fallback + size bookkeeping.

Every piece of text goes through :meth:`Canvas.text`, which records the font sizes used, so
tests can check the legibility rule (theme.py) on the real images instead of trusting a plan.

A canvas speaks one language (``locale``); :meth:`Canvas.t` words the image's own text from
the catalog (``i18n/locales/<language>/images.ftl``). Text too wide for its room is fitted,
never silently lost: a line is squeezed horizontally (down to :data:`SQUEEZE_MIN` of its
width) before anything is cut, and every cut, squeeze and character no font could draw is
recorded on the canvas (``cuts``, ``squeezed``, ``missing``), with each text's box
(``placed``), so tests can assert that nothing was cut, overlapped or degraded. In strict
mode a cut or a missing glyph raises :class:`TextCut`: for one canvas (``Canvas(...,
strict=True)``), inside a :func:`strict_text` block, or for the whole process
(:func:`set_strict_text`, which :func:`rendering.configure` calls; a process pool's workers
start with it off unless their initializer sets it).
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw, ImageFont, features

from i18n import translate

from . import theme
from .fonts import SHIPPED, FontBook, Run, clusters, coverage
from .linebreak import has_cjk, is_cjk, units

RGB = tuple[int, int, int]
#: DejaVu cap (and digit) height per em: anchors place text by its capitals.
CAP = 0.73
ELLIPSIS = "…"
_SHIPPED_PATHS = frozenset(SHIPPED.values())
#: The narrowest a line of text is squeezed (a share of its natural width) before it is cut.
SQUEEZE_MIN = 0.8
SQUEEZE_STEPS = (0.95, 0.9, 0.85, SQUEEZE_MIN)
#: Text may overhang the image by this much (anti-aliasing, rounding) before it counts as cut.
_EDGE = 1.0


class TextCut(RuntimeError):
    """Text was cut, ran off the image or had a character no font could draw (strict mode)."""


_STRICT = [False]


def set_strict_text(on: bool) -> None:
    """Strict mode for every canvas of the process that does not choose (``strict=None``)."""
    _STRICT[0] = bool(on)


def strict_mode() -> bool:
    """Whether canvases that do not choose are strict now."""
    return _STRICT[0]


@contextmanager
def strict_text(on: bool = True) -> Iterator[None]:
    """Inside the block, a cut text or a missing glyph raises :class:`TextCut`."""
    before = _STRICT[0]
    _STRICT[0] = on
    try:
        yield
    finally:
        _STRICT[0] = before


def image_key(key: str) -> str:
    """The catalog key of an image text ("table.first" → "image.table.first")."""
    return key if key.startswith("image.") else f"image.{key}"


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

    def __init__(self, width: int, height: int, fonts: FontBook, background: RGB = theme.PAPER,
                 locale: str = "en", *, strict: bool | None = None):
        self.image = Image.new("RGB", (width, height), background)
        self.draw = ImageDraw.Draw(self.image)
        self.fonts = fonts
        #: strict mode for this canvas: a cut or a missing glyph raises :class:`TextCut`
        #: (None: the process's mode when the text is drawn, see :func:`strict_text`)
        self.strict = strict
        #: the language of the image's words (never the task's current language: rendering
        #: runs in process pools)
        self.locale = locale
        #: every font size drawn, per role: "text" (words and numbers a player reads) or
        #: "glyph" (a letter repeating what an icon's shape and colour already say)
        self.sizes: dict[str, set[int]] = {"text": set(), "glyph": set()}
        #: every string drawn (after any shortening) with its size, in drawing order: tests
        #: check what a player can read, e.g. that a card name is never cut short
        self.drawn: list[tuple[str, int]] = []
        #: each string drawn with its box (left, cap top, right, baseline)
        self.placed: list[tuple[str, tuple[float, float, float, float]]] = []
        #: texts that were cut short (ellipsis, an incomplete fit, off the image)
        self.cuts: list[str] = []
        #: texts squeezed horizontally to fit, with the factor
        self.squeezed: list[tuple[str, float]] = []
        #: texts with characters no font has (degraded to "?", romanised or dropped)
        self.missing: list[tuple[str, str]] = []

    @property
    def width(self) -> int:
        return self.image.width

    def t(self, key: str, /, **params: Any) -> str:
        """An image text in this canvas's language (``image.`` is prefixed to ``key``)."""
        return translate(self.locale, image_key(key), **params)

    @property
    def is_strict(self) -> bool:
        return _STRICT[0] if self.strict is None else self.strict

    def note_cut(self, text: str, why: str = "cut") -> None:
        self.cuts.append(text)
        if self.is_strict:
            raise TextCut(f"{why}: {text!r}")

    def _note_missing(self, text: str, bold: bool) -> None:
        lost = self.fonts.missing(text, bold)
        if lost:
            self.missing.append((text, lost))
            if self.is_strict:
                raise TextCut(f"no glyph for {lost!r} in {text!r}")

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
        """The runs text will be drawn as, shortened with an ellipsis to fit ``max_width``
        (not recorded as a cut: :meth:`text` records what it draws)."""
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
             role: str = "text", scale: float = 1.0) -> float:
        """Draw text; anchor is horizontal l/m/r then vertical t (cap top), m (middle of the
        capitals) or s (baseline). Returns the width drawn.

        Wider than ``max_width``, the text is squeezed horizontally (to no less than
        :data:`SQUEEZE_MIN` of its width), else cut with an ellipsis; both are recorded.
        ``scale`` squeezes it on purpose (a fitted line, :class:`Fit`)."""
        runs = self.fonts.runs(text, bold)
        if not runs:
            return 0.0
        self._note_missing(text, bold)
        natural = self._width(runs, size)
        if max_width is not None and natural * scale > max_width + 0.01:
            if natural * SQUEEZE_MIN <= max_width:
                scale = max_width / natural
            else:
                runs, scale = self.runs(text, size, bold, max_width), 1.0
                natural = self._width(runs, size)
                self.note_cut(text)
        width = natural * scale
        x -= {"l": 0.0, "m": width / 2, "r": width}[anchor[0]]
        cap = CAP * size
        base = y + {"s": 0.0, "m": cap / 2, "t": cap}[anchor[1]]
        shown = "".join(r.text for r in runs)
        self.sizes[role].add(size)
        self.drawn.append((shown, size))
        self.placed.append((shown, (x, base - cap, x + width, base)))
        if scale < 1.0:
            self.squeezed.append((text, scale))
        if x < -_EDGE or x + width > self.width + _EDGE or base - cap < -_EDGE \
                or base > self.image.height + _EDGE:
            self.note_cut(text, "off the image")
        if scale < 1.0:
            self._squeezed_runs(runs, x, base, size, fill, scale)
            return width
        for run in runs:
            w = self._run_width(run, size)
            if self._is_colour(run):
                self._colour_run(run, x, base, size)
            else:
                self.draw.text((x, base), self._visual(run.text), font=self._run_font(run, size),
                               fill=fill, anchor="ls")
            x += w
        return width

    def fits_line(self, text: str, size: int, max_width: float, bold: bool = False) -> bool:
        """Whether text fits one line of ``max_width`` (squeezed at most to SQUEEZE_MIN)."""
        return self.measure(text, size, bold) * SQUEEZE_MIN <= max_width

    def label(self, x: float, cy: float, text: str, size: int, max_width: float, *,
              bold: bool = False, fill: RGB = theme.INK, anchor: str = "l",
              max_lines: int = 2, pitch: float = 1.05) -> float:
        """A label vertically centred on ``cy``: one line (squeezed if need be), else fitted
        onto up to ``max_lines`` lines (wrapped, hyphenated). Returns the width drawn."""
        if self.fits_line(text, size, max_width, bold):
            return self.text(x, cy, text, size, bold=bold, fill=fill, anchor=anchor + "m",
                             max_width=max_width)
        fit = self.fit(text, max_width, size, theme.MIN_TEXT, max_lines, bold)
        height = CAP * fit.size + (len(fit.lines) - 1) * fit.size * pitch
        self.lines(x, cy - height / 2, fit, bold=bold, fill=fill, anchor=anchor, pitch=pitch,
                   max_width=max_width)
        return max(self.measure(line, fit.size, bold) * fit.scale for line in fit.lines)

    def _squeezed_runs(self, runs: list[Run], x: float, base: float, size: int, fill: RGB,
                       scale: float) -> None:
        """Runs drawn at their natural width on a layer, then narrowed to ``scale``."""
        natural = self._width(runs, size)
        pad = size  # room for overhangs, ascenders and descenders
        w, h = int(natural + 2 * pad), int(size * 2 + 2 * pad)
        mask = Image.new("L", (w, h), 0)
        layer = Image.new("RGBA", (w, h), (*fill, 0))
        draw = ImageDraw.Draw(mask)
        lx, lbase = float(pad), float(pad + size * 1.3)
        for run in runs:
            if self._is_colour(run):
                self._colour_run(run, lx, lbase, size, layer)
            else:
                draw.text((lx, lbase), self._visual(run.text), font=self._run_font(run, size),
                          fill=255, anchor="ls")
            lx += self._run_width(run, size)
        ink = Image.new("RGBA", (w, h), (*fill, 255))
        ink.putalpha(mask)
        layer.alpha_composite(ink)
        narrow = layer.resize((max(1, round(w * scale)), h), Image.Resampling.LANCZOS)
        self.image.paste(narrow, (round(x - pad * scale), round(base - lbase)), narrow)

    def _colour_run(self, run: Run, x: float, base: float, size: int,
                    target: Image.Image | None = None) -> None:
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
        (self.image if target is None else target).paste(
            tmp, (round(x + left * scale), round(base + top * scale)), tmp)

    def wrap(self, text: str, size: int, max_width: float, bold: bool = False) -> list[str]:
        """Greedy wrap to lines no wider than ``max_width``: at spaces, and between CJK
        characters where Japanese typography allows (:mod:`rendering.linebreak`)."""
        lines: list[str] = []
        line = ""
        for sep, unit in units(text):
            trial = f"{line}{sep}{unit}" if line else unit
            if line and self.measure(trial, size, bold) > max_width:
                lines.append(line)
                line = unit
            else:
                line = trial
        if line:
            lines.append(line)
        return lines

    def fit(self, text: str, max_width: float, size: int, min_size: int = theme.MIN_TEXT,
            max_lines: int = 2, bold: bool = False) -> Fit:
        """Fit text into ``max_width`` on up to ``max_lines`` lines: wrapped at ``size``,
        else at each smaller size down to ``min_size`` (the legibility floor), else at
        ``min_size`` with words too long for a line hyphenated, else squeezed horizontally
        (``Fit.scale``, down to :data:`SQUEEZE_MIN`), else cut with an ellipsis (the only
        case where ``Fit.complete`` is False; recorded in ``cuts``)."""
        for s in range(size, min_size - 1, -1):
            lines = self.wrap(text, s, max_width, bold)
            if len(lines) <= max_lines and self._fits(lines, s, max_width, bold):
                return Fit(s, tuple(lines), True)
        s = min_size
        found = self._fit_at(text, s, max_width, bold, max_lines)
        if found is not None:
            return Fit(s, found, True)
        for scale in SQUEEZE_STEPS:
            found = self._fit_at(text, s, max_width / scale, bold, max_lines)
            if found is not None:
                return Fit(s, found, True, scale)
        lines = self._wrap_hyphenated(text, s, max_width, bold, long_words_only=False)
        rest = _rejoin(lines[max_lines - 1:])
        lines = [*lines[:max_lines - 1], rest]
        cut = tuple("".join(r.text for r in self.runs(line, s, bold, max_width))
                    for line in lines)
        self.note_cut(text)
        return Fit(s, cut, False)

    def _fit_at(self, text: str, size: int, max_width: float, bold: bool,
                max_lines: int) -> tuple[str, ...] | None:
        """Lines at one size, hyphenating long words (then any word) if need be."""
        for long_only in (True, False):
            lines = self._wrap_hyphenated(text, size, max_width, bold, long_words_only=long_only)
            if len(lines) <= max_lines and self._fits(lines, size, max_width, bold):
                return tuple(lines)
        return None

    def _fits(self, lines: Sequence[str], size: int, max_width: float, bold: bool) -> bool:
        return all(self.measure(line, size, bold) <= max_width for line in lines)

    def _wrap_hyphenated(self, text: str, size: int, max_width: float, bold: bool,
                         long_words_only: bool) -> list[str]:
        """Greedy wrap that may break Latin words with a hyphen: only words wider than a line
        (split where the parts are most even), or any word that does not fit the line's end.
        CJK text breaks between characters instead (no hyphen)."""
        lines: list[str] = []
        line = ""
        queue = units(text)
        while queue:
            sep, word = queue.pop(0)
            trial = f"{line}{sep}{word}" if line else word
            if self.measure(trial, size, bold) <= max_width:
                line = trial
                continue
            if not has_cjk(word) and (not long_words_only
                                      or self.measure(word, size, bold) > max_width):
                lead = f"{line}{sep}" if line else ""
                room = max_width - self.measure(lead, size, bold)
                cut = self._hyphen_point(word, size, room, max_width, bold,
                                         balanced=not line)
                if cut:
                    head = word[:cut] if word[cut - 1] == "-" else f"{word[:cut]}-"
                    lines.append(f"{lead}{head}")
                    line = ""
                    queue.insert(0, ("", word[cut:]))
                    continue
            if line:
                lines.append(line)
                line = ""
                queue.insert(0, ("", word))
            else:  # nothing fits: leave the word whole, the caller cuts it
                lines.append(word)
        if line:
            lines.append(line)
        return lines

    def _hyphen_point(self, word: str, size: int, room: float, max_width: float, bold: bool,
                      balanced: bool) -> int:
        """Where to break ``word`` (its head plus "-" no wider than ``room``), preferring
        a hyphen the word already has, then syllable-like breaks; 0 when no head fits."""
        cuts: list[int] = []
        pos = 0
        for c in clusters(word)[:-1]:
            pos += len(c)
            cuts.append(pos)

        def head(i: int) -> str:
            return word[:i] if word[i - 1] == "-" else word[:i] + "-"
        fitting = [i for i in cuts if self.measure(head(i), size, bold) <= room]
        if not fitting:
            return 0
        nice = ([i for i in fitting if word[i - 1] == "-" and i > 1]
                or [i for i in fitting if _syllable_break(word, i)] or fitting)

        def cost(i: int) -> float:
            left = self.measure(head(i), size, bold)
            tail = self.measure(word[i:], size, bold)
            return max(left, tail) if balanced else -left
        return min(nice, key=cost)

    def lines(self, x: float, y: float, fit: Fit, *, bold: bool = False, fill: RGB = theme.INK,
              anchor: str = "l", pitch: float = 1.1, max_width: float | None = None) -> float:
        """Draw a :class:`Fit` from the cap top ``y`` down, anchored l/m/r; returns the height
        from ``y`` to the last baseline."""
        step = fit.size * pitch
        if not fit.complete:
            self.note_cut(_rejoin(fit.lines), "drawn incomplete")
        for i, line in enumerate(fit.lines):
            self.text(x, y + i * step, line, fit.size, bold=bold, fill=fill, anchor=anchor + "t",
                      max_width=max_width, scale=fit.scale)
        return CAP * fit.size + (len(fit.lines) - 1) * step

    # -- shapes -------------------------------------------------------------------------------

    def box(self, x0: float, y0: float, x1: float, y1: float, fill: RGB | None = theme.PANEL,
            outline: RGB | None = theme.LINE, radius: int = 10, width: int = 2) -> None:
        self.draw.rounded_rectangle((x0, y0, x1, y1), radius=radius, fill=fill, outline=outline,
                                    width=width)

    def paste(self, sprite: Image.Image, x: float, y: float) -> None:
        """Paste an RGBA sprite with its top-left corner at (x, y); letters the sprite
        carries (``info["text"]``, :mod:`rendering.icons`) are recorded as glyphs."""
        self.image.paste(sprite, (round(x), round(y)), sprite)
        for text, size in sprite.info.get("text", ()):
            self.sizes["glyph"].add(size)
            self.drawn.append((text, size))

    def paste_centred(self, sprite: Image.Image, cx: float, cy: float) -> None:
        self.paste(sprite, cx - sprite.width / 2, cy - sprite.height / 2)

    def png(self) -> bytes:
        return png_bytes(self.image)


@dataclass(frozen=True, slots=True)
class Fit:
    """Text fitted into a width: the size chosen, its lines, whether it is all there, and
    how much it is squeezed horizontally (1: not at all)."""
    size: int
    lines: tuple[str, ...]
    complete: bool
    scale: float = 1.0


def _rejoin(lines: Sequence[str]) -> str:
    """Wrapped lines back into one text (hyphens taken out, spaces only between Latin)."""
    out = ""
    for line in lines:
        if out.endswith("-"):
            out = out[:-1] + line
        elif out and not (is_cjk(out[-1]) or is_cjk(line[:1] or " ")):
            out += " " + line
        else:
            out += line
    return out.strip()


_VOWELS = frozenset("aeiouyAEIOUYàâäéèêëîïôöùûüÿæœÀÂÄÉÈÊËÎÏÔÖÙÛÜŸÆŒ")
_DIGRAPHS = frozenset(("ch", "ck", "gh", "ph", "sh", "th", "wh", "qu"))


def _syllable_break(word: str, i: int) -> bool:
    """A plausible hyphenation point in a Latin word: both parts of at least three letters,
    between two consonants that are not a digraph (Quarter-master), or after a vowel before a
    consonant and a vowel (Astro-nomer)."""
    if i < 3 or len(word) - i < 3 or not word[i - 2:i + 2].isalpha():
        return False
    a, b, c = word[i - 1], word[i], word[i + 1]
    if a not in _VOWELS and b not in _VOWELS:
        return (a + b).lower() not in _DIGRAPHS
    return a in _VOWELS and b not in _VOWELS and c in _VOWELS


def content_share(image: Image.Image, block: int = 8, tolerance: int = 16) -> float:
    """How much of an image is drawn content rather than background: the share of pixels of
    the image shrunk ``block`` times (box average) that differ by more than ``tolerance`` in a
    channel from its most common colour (the background: paper, or a panel filling most of
    it)."""
    small = image.convert("RGB").reduce(block)
    colours: list[tuple[int, tuple[int, int, int]]] = small.getcolors(
        small.width * small.height) or []  # type: ignore[assignment]
    if not colours:
        return 0.0
    _, bg = max(colours, key=lambda kc: kc[0])
    far = sum(k for k, c in colours
              if max(abs(a - b) for a, b in zip(c, bg, strict=True)) > tolerance)
    return far / (small.width * small.height)


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
