"""Fonts: the shipped DejaVu faces first, then system fonts, chosen per character.

Discord names carry accents, CJK and emoji. The shipped faces (``rendering/fonts``, DejaVu Sans
Condensed, with its licence) cover Latin, Greek, Cyrillic, Arabic, Hebrew and many symbols and
make every image reproducible. Other characters fall back, one by one, to system fonts (Noto
CJK, Noto Color Emoji, …; see docs/rendering.md for the packages). A character that no font has
degrades readably instead of becoming an empty box: kana and hangul become their romanisation
(ハダラ → hadara), emoji and symbols are dropped, anything else becomes one "?" per run.

``FontBook(system=False)`` uses the shipped faces only (golden images). Extra font files or
directories are a parameter (``FontBook(extra=...)``, :func:`system_fonts`), never read from
the environment: the application passes its configured ones through
:func:`rendering.configure`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from PIL import ImageFont, features

from .cmap import Coverage, read_coverage

FONT_DIR = Path(__file__).resolve().parent / "fonts"
#: The shipped faces, by boldness.
SHIPPED = {False: FONT_DIR / "DejaVuSansCondensed.ttf",
           True: FONT_DIR / "DejaVuSansCondensed-Bold.ttf"}
_SYSTEM_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts", "~/.local/share/fonts", "~/.fonts",
                "/Library/Fonts", "/System/Library/Fonts", "C:/Windows/Fonts")
_EXTS = (".ttf", ".otf", ".ttc", ".otc")
#: Family preference for fallback, by file name (lower case); the first match ranks.
_FAMILY_RANK = (
    "dejavusans", "notosans-", "notosanscjk", "sourcehansans", "notosansjp", "notosanskr",
    "notosanssc", "notosanstc", "notosans", "notosanssymbols", "notocoloremoji", "notoemoji",
    "twemoji", "symbola", "droidsansfallback", "wqy", "unifont",
)
# Slanted and unusual weights never stand in for the regular or bold face.
_OTHER_STYLE = re.compile(r"italic|oblique|light|thin|black|medium|semi|extra|demi|heavy")
_COLOUR_STRIKES = (109, 136, 128, 160, 96, 72, 64, 48, 32)  # bitmap emoji sizes to try
# Characters that belong to the preceding character's cluster (emoji sequences, marks).
_JOINERS = {0x200D, 0xFE0E, 0xFE0F, 0x20E3}
MISSING = "?"
MAX_FALLBACKS = 300


def _joins(cp: int) -> bool:
    return (cp in _JOINERS or 0x1F3FB <= cp <= 0x1F3FF or 0xE0020 <= cp <= 0xE007F
            or unicodedata.category(chr(cp)) in ("Mn", "Me"))


@dataclass(frozen=True)
class Face:
    """One face of a font file."""

    path: Path
    index: int = 0

    @property
    def name(self) -> str:
        return self.path.name


@dataclass
class Run:
    """A piece of text drawn with one face (``face`` None: shipped face)."""

    text: str
    face: Face


_COVERAGE: dict[Face, Coverage | None] = {}
_FONTS: dict[tuple[Face, int, bool], ImageFont.FreeTypeFont] = {}
_STRIKE: dict[Face, int] = {}


def coverage(face: Face) -> Coverage | None:
    """The characters a face covers (None if the file cannot be read); cached per process."""
    if face not in _COVERAGE:
        try:
            _COVERAGE[face] = read_coverage(face.path, face.index)
        except (OSError, ValueError):
            _COVERAGE[face] = None
    return _COVERAGE[face]


def _style(name: str) -> str:
    low = name.lower()
    if _OTHER_STYLE.search(low.replace("extrabold", "")):
        return "other"
    return "bold" if "bold" in low else "regular"


def _rank(name: str) -> int:
    low = name.lower()
    for i, prefix in enumerate(_FAMILY_RANK):
        if low.startswith(prefix):
            return i
    return len(_FAMILY_RANK) + ("sans" not in low)


def _scan(paths: list[Path]) -> list[Path]:
    found: list[Path] = []
    for p in paths:
        p = p.expanduser()
        if p.is_file() and p.suffix.lower() in _EXTS:
            found.append(p)
        elif p.is_dir():
            try:
                found.extend(f for f in sorted(p.rglob("*")) if f.suffix.lower() in _EXTS)
            except OSError:
                continue
    return found


def system_fonts(extra: Sequence[Path] = ()) -> list[Path]:
    """Font files of ``extra`` (files or directories, in their order, searched first) and of
    the usual system directories, best fallbacks first."""
    files = _scan(list(extra))
    system = _scan([Path(d) for d in _SYSTEM_DIRS])
    keyed = sorted(((_rank(f.name), f.name.lower(), f) for f in system if f not in files),
                   key=lambda t: t[:2])
    # A character no font has is looked up in every fallback once; bound that on machines
    # with thousands of fonts (the best-ranked families come first).
    return (files + [f for _, _, f in keyed])[:MAX_FALLBACKS]


@dataclass
class FontBook:
    """The faces text is drawn with: shipped faces, then fallbacks: ``extra`` (font files or
    directories, searched in their order) and, with ``system=True``, the system's fonts."""

    system: bool = True
    extra: tuple[Path, ...] = ()
    _fallbacks: dict[bool, list[Face]] | None = field(default=None, repr=False)
    _by_char: dict[tuple[str, bool, bool], Face | None] = field(default_factory=dict,
                                                                repr=False)

    def _chain(self, bold: bool) -> list[Face]:
        if self._fallbacks is None:
            files = system_fonts(self.extra) if self.system else _scan(list(self.extra))
            # Match the weight where a family offers it; never fall back to italics and such.
            shipped = {p.name for p in SHIPPED.values()}
            chains: dict[bool, list[Face]] = {False: [], True: []}
            for f in files:
                style = _style(f.name)
                if style == "other" or f.name in shipped:
                    continue
                if style == "regular":
                    chains[False].append(Face(f))
                chains[True].append(Face(f))
            # Bold text prefers bold files of a family, then the regular ones.
            chains[True].sort(key=lambda face: (_rank(face.name), _style(face.name) != "bold"))
            self._fallbacks = chains
        return self._fallbacks[bold]

    def primary(self, bold: bool) -> Face:
        return Face(SHIPPED[bold])

    def face_for(self, ch: str, bold: bool, emoji: bool = False) -> Face | None:
        """The first face that has a glyph for ``ch`` (None: no face has). ``emoji``: a
        colour emoji face first (emoji presentation was asked for with U+FE0F)."""
        key = (ch, bold, emoji)
        if key in self._by_char:
            return self._by_char[key]
        found: Face | None = None
        faces = (self.primary(bold), *self._chain(bold))
        if emoji:
            faces = tuple(sorted(faces, key=lambda f: not getattr(coverage(f), "colour_bitmaps",
                                                                  False)))
        for face in faces:
            cov = coverage(face)
            if cov is not None and ch in cov:
                found = face
                break
        self._by_char[key] = found
        return found

    def font(self, face: Face, size: int, complex_layout: bool = False) -> ImageFont.FreeTypeFont:
        """A Pillow font for a face (colour bitmap faces come at their fixed strike size)."""
        key = (face, size, complex_layout)
        font = _FONTS.get(key)
        if font is None:
            cov = coverage(face)
            load_size = self.strike(face) if cov is not None and cov.colour_bitmaps else size
            raqm = complex_layout and features.check_feature("raqm")
            layout = ImageFont.Layout.RAQM if raqm else ImageFont.Layout.BASIC
            font = ImageFont.truetype(str(face.path), load_size, index=face.index,
                                      layout_engine=layout)
            _FONTS[key] = font
        return font

    def strike(self, face: Face) -> int:
        """The pixel size a colour bitmap face can be loaded at."""
        if face not in _STRIKE:
            for size in _COLOUR_STRIKES:
                try:
                    ImageFont.truetype(str(face.path), size, index=face.index)
                except OSError:
                    continue
                _STRIKE[face] = size
                break
            else:
                _STRIKE[face] = 0
        return _STRIKE[face]

    def runs(self, text: str, bold: bool = False) -> list[Run]:
        """Split text into runs of one face each, degrading characters no face has."""
        primary = self.primary(bold)
        if text.isascii() and text.isprintable():  # the shipped faces cover all of ASCII
            stripped = " ".join(text.split())
            return [Run(stripped, primary)] if stripped else []
        out: list[Run] = []

        def add(piece: str, face: Face) -> None:
            if out and out[-1].face == face:
                out[-1].text += piece
            else:
                out.append(Run(piece, face))

        missing_run = False
        for cluster in clusters(text):
            base = cluster[0]
            face = self.face_for(base, bold, emoji="\ufe0f" in cluster)
            cov = coverage(face) if face is not None else None
            if face is not None and cov is not None:
                # Marks, selectors and joiners the base's face lacks are dropped, not boxed.
                add("".join(c for c in cluster if c in cov), face)
                missing_run = False
                continue
            if base.isspace():
                add(" ", primary)
                missing_run = False
                continue
            roman = romanise(base)
            if roman:
                add(roman, primary)
                missing_run = False
            elif is_pictograph(base):
                missing_run = False
            elif not missing_run:
                add(MISSING, primary)
                missing_run = True
        # Drops can leave doubled or edge spaces.
        cleaned: list[Run] = []
        for r in out:
            t = re.sub(r" {2,}", " ", r.text)
            if cleaned and cleaned[-1].text.endswith(" ") and t.startswith(" "):
                t = t[1:]
            if t:
                cleaned.append(Run(t, r.face))
        if cleaned:
            cleaned[0].text = cleaned[0].text.lstrip(" ")
            cleaned[-1].text = cleaned[-1].text.rstrip(" ")
        return [r for r in cleaned if r.text]

    def missing(self, text: str, bold: bool = False) -> str:
        """The characters of ``text`` no face has (each degraded by :meth:`runs`: romanised,
        dropped or drawn as "?"); "" when every character is drawn as itself. Canvases
        record these, so tests can tell a translation's glyph is missing."""
        if text.isascii():
            return ""
        lost = []
        for cluster in clusters(text):
            base = cluster[0]
            if base.isspace() or unicodedata.category(base) in ("Cc", "Cf"):
                continue
            if self.face_for(base, bold, emoji="\ufe0f" in cluster) is None:
                lost.append(base)
        return "".join(lost)

    def renderable(self, text: str, bold: bool = False) -> str:
        """The text as it will be drawn (after fallback and degradation)."""
        return "".join(r.text for r in self.runs(text, bold))


def clusters(text: str) -> list[str]:
    """Characters with their joiners, variation selectors, modifiers and marks attached."""
    out: list[str] = []
    glue = False
    for ch in unicodedata.normalize("NFC", text):
        cp = ord(ch)
        if unicodedata.category(ch) == "Cc":
            ch, cp = " ", 32
        if out and (glue or _joins(cp)):
            out[-1] += ch
        else:
            out.append(ch)
        glue = cp == 0x200D
    return out


_ROMAN = re.compile(r"^(?:KATAKANA|HIRAGANA|HALFWIDTH KATAKANA) LETTER (?:SMALL )?([A-Z]+)$|"
                    r"^HANGUL SYLLABLE ([A-Z]+)$")


def romanise(ch: str) -> str:
    """A readable Latin stand-in for a kana or hangul syllable ("" if there is none)."""
    m = _ROMAN.match(unicodedata.name(ch, ""))
    return (m.group(1) or m.group(2)).lower() if m else ""


def is_pictograph(ch: str) -> bool:
    """Emoji and symbols: dropped when no font has them (a name stays readable without)."""
    cp = ord(ch)
    return (unicodedata.category(ch) in ("So", "Sk", "Co", "Cs", "Cn", "Cf")
            or 0x1F000 <= cp <= 0x1FAFF or 0x2600 <= cp <= 0x27BF)


def has_letters(text: str) -> bool:
    return any(c.isalnum() for c in text)
