"""Names in the reader's language: cards, colours, tracks, medal kinds.

The content's English names stay in ``data/`` (they are part of the content version stored
games refer to); translations live in the catalogs (``i18n/locales/<language>/content.ftl``,
keyed by card id), so translating never changes a stored game's content. A name with no
catalog entry is the content's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from i18n import current, has, translate

if TYPE_CHECKING:
    from .content import Catalog


def lang(locale: str | None) -> str:
    """``locale``, or the language being spoken when it is None."""
    return locale or current()


def _word(prefix: str, code: Any, locale: str | None) -> str:
    key = f"{prefix}.{code}"
    return translate(lang(locale), key) if has(key) else str(code)


def card_name(cat: Catalog | None, cid: Any, locale: str | None = None) -> str:
    """A card's name, or its id when there is no catalog or no such card."""
    if cat is None or cid not in cat.cards:
        return str(cid)
    key = f"card.{cid}"
    return translate(lang(locale), key) if has(key) else cat.cards[cid].name


def colour_name(colour: Any, locale: str | None = None) -> str:
    """"yellow" → "yellow" / "jaune" / "黄"."""
    return _word("colour", colour, locale)


def track_name(track: Any, locale: str | None = None) -> str:
    """"income" → "income" / "revenu" / "収入"."""
    return _word("track", track, locale)
