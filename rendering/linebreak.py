"""Where a line of text may break, for English, French and Japanese.

Latin text breaks at spaces only (a no-break space, U+00A0 or U+202F, as French puts before
":" and inside "« … »", holds its neighbours together). Japanese has no spaces: a line may
break between any two CJK characters (kanji, kana, CJK punctuation, full-width forms), and
between a CJK character and Latin text, except where Japanese typography forbids it
(kinsoku): never before closing punctuation, small kana or the long-vowel mark ("、", "。",
"」", "ッ", "ー" …), never after an opening bracket ("「", "（" …). Latin words and numbers
inside Japanese text stay whole, and so do katakana words (loanwords such as "ボーナストークン"
are short; breaking inside them is legal but reads badly).

:func:`units` splits a text into unbreakable units, each with the separator that goes before
it when it continues a line (" " after a space, "" between CJK characters); a line is its
units joined with their separators, and the separator of a unit starting a line is dropped.
"""

from __future__ import annotations

import unicodedata

from .fonts import clusters

#: Spaces a line may break at (a no-break space is not one of them).
BREAKING_SPACES = frozenset(" \t\n\r\f\v\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
                            "\u2008\u2009\u200a\u205f\u3000")
#: Never at the start of a line (kinsoku shori, JIS X 4051 "no break before").
NO_START = frozenset(
    "、。，．・：；？！゛゜ー‐–〜～…‥ヽヾゝゞ々〻"
    "）］｝〕〉》」』】〙〗〟’”｠»"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    ")]},.:;!?%’”"
)
#: Never at the end of a line.
NO_END = frozenset("（［｛〔〈《「『【〘〖〝‘“｟«([{")


def is_cjk(ch: str) -> bool:
    """A character of CJK text: ideographs, kana, CJK symbols and punctuation, full-width
    forms, hangul (each may stand at a line break)."""
    cp = ord(ch[0])
    return (0x2E80 <= cp <= 0x9FFF or 0xAC00 <= cp <= 0xD7AF or 0xF900 <= cp <= 0xFAFF
            or 0xFE30 <= cp <= 0xFE4F or 0xFF00 <= cp <= 0xFFEF or 0x20000 <= cp <= 0x3FFFF)


def has_cjk(text: str) -> bool:
    return any(is_cjk(c) for c in text)


def _katakana(ch: str) -> bool:
    return 0x30A1 <= ord(ch) <= 0x30FA or ch == "ー" or 0x31F0 <= ord(ch) <= 0x31FF


def _may_break(before: str, after: str) -> bool:
    """Whether a line may break between two clusters of one space-free word."""
    if not (is_cjk(before[-1]) or is_cjk(after[0])):
        return False  # inside a Latin word or number
    if _katakana(before[-1]) and _katakana(after[0]):
        return False  # a katakana word ("ボーナストークン") stays whole
    if before[-1].isascii() and before[-1].isalnum():
        return False  # a number keeps its counter ("14枚"), a code its particle ("P14の")
    return after[0] not in NO_START and before[-1] not in NO_END


def units(text: str) -> list[tuple[str, str]]:
    """The unbreakable units of ``text`` with the separator before each ("" for the first)."""
    out: list[tuple[str, str]] = []
    sep = ""
    word: list[str] = []

    def flush() -> None:
        nonlocal sep
        if not word:
            return
        piece = word[0]
        pieces_sep = sep
        for c in word[1:]:
            if _may_break(piece, c):
                out.append((pieces_sep, piece))
                pieces_sep, piece = "", c
            else:
                piece += c
        out.append((pieces_sep, piece))
        word.clear()
        sep = " "

    for c in clusters(unicodedata.normalize("NFC", text)):
        if c[0] in BREAKING_SPACES:
            flush()
        else:
            word.append(c)
    flush()
    if out:
        out[0] = ("", out[0][1])
    return out


def join(parts: list[tuple[str, str]]) -> str:
    """Units back into one line (the first unit's separator dropped)."""
    return "".join(u if i == 0 else s + u for i, (s, u) in enumerate(parts))
