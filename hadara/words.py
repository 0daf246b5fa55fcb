"""Names in the reader's language: cards, colours, tracks, medal kinds.

The content's English names stay in ``data/`` (they are part of the content version stored
games refer to); translations live in the catalogs (``i18n/locales/<language>/content.ftl``:
``card-<id>``, ``colour-<colour>``, ``track-<track>``, ``medal-<kind>``), so translating never
changes a stored game's content. A name with no catalog entry is the content's own (a card's
English name, or the code). Colonies, statue spaces and setup cards have ids but no names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from i18n import DEFAULT, current, has, translate

if TYPE_CHECKING:
    from .content import Catalog


def lang(locale: str | None) -> str:
    """``locale``, or the language being spoken when it is None."""
    return locale or current()


def _word(prefix: str, code: Any, locale: str | None) -> str:
    key = f"{prefix}.{code}"
    return translate(lang(locale), key) if has(key) else str(code)


def card_name(cat: Catalog | None, cid: Any, locale: str | None = None) -> str:
    """A card's name, or its id when there is no catalog or no such card.

    English is always the content's own name. A translation is used only while the English
    catalog names the card as the content does: content whose card was renamed (other data,
    a later retune) shows its own name rather than the translation of another."""
    if cat is None or cid not in cat.cards:
        return str(cid)
    name = cat.cards[cid].name
    loc = lang(locale)
    key = f"card.{cid}"
    if loc == DEFAULT or not has(key) or translate(DEFAULT, key) != name:
        return name
    return translate(loc, key)


def colour_name(colour: Any, locale: str | None = None) -> str:
    """"yellow" → "yellow" / "jaune" / "黄"."""
    return _word("colour", colour, locale)


def track_name(track: Any, locale: str | None = None) -> str:
    """"income" → "income" / "revenu" / "収入"."""
    return _word("track", track, locale)


def medal_name(kind: Any, locale: str | None = None) -> str:
    """"silver" → "silver medal" / "sceau argenté" / "銀のメダル"; "gold" likewise."""
    return _word("medal", kind, locale)
