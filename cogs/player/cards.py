"""Cards by name in the reader's language: the ``/hadara card`` autocomplete, the search, and
the card's embed (its picture comes from the service, drawn off the event loop)."""

from __future__ import annotations

from functools import lru_cache

import discord
from discord import app_commands

from bot.messages import t
from cogs.edge.errors import Denied
from hadara.content import TRACKS, Card, Catalog, default_catalog
from hadara.effects import effect_name, effect_text
from hadara.narrate import EPOCH
from hadara.words import card_name, colour_name, track_name
from i18n import LOCALES, translate
from i18n import current as current_language
from i18n import join as join_list


@lru_cache(maxsize=len(LOCALES))
def card_index(lang: str = "en") -> tuple[tuple[str, str, str], ...]:
    """(label, id, folded label) for every card in ``lang``, sorted by name, epoch, colour;
    the folded label also holds the English name, so either can be typed."""
    cat = default_catalog()
    named = [(card_name(cat, c.id, lang), c) for c in cat.cards.values()]
    out = []
    for name, c in sorted(named, key=lambda nc: (nc[0].casefold(), nc[1].epoch, nc[1].colour)):
        label = translate(lang, "card.choice", name=name, epoch=EPOCH[c.epoch],
                          colour=colour_name(c.colour, lang))[:100]
        out.append((label, c.id, f"{label.casefold()} {c.name.casefold()}"))
    return tuple(out)


def card_choices(current: str, limit: int = 25) -> list[app_commands.Choice[str]]:
    """Up to ``limit`` cards whose label starts with (first) or contains what was typed."""
    wanted = current.strip().casefold()
    index = card_index(current_language())
    starts = [(label, cid) for label, cid, folded in index if folded.startswith(wanted)]
    inside = [(label, cid) for label, cid, folded in index
              if wanted and wanted in folded and not folded.startswith(wanted)]
    return [app_commands.Choice(name=label, value=cid) for label, cid in (starts + inside)[:limit]]


def find_card(value: str, catalog: Catalog) -> Card:
    if value in catalog.cards:
        return catalog.cards[value]
    folded = value.strip().casefold()
    exact = [c for c in catalog.cards.values() if folded in (
        c.name.casefold(), card_name(catalog, c.id).casefold())]
    if exact:
        return sorted(exact, key=lambda c: (c.epoch, c.colour))[0]
    matches = [cid for label, cid, f in card_index(current_language()) if folded and folded in f]
    if len(matches) >= 1:
        return catalog.cards[matches[0]]
    raise Denied("card.unknown", name=value[:50])


def card_embed(card: Card, catalog: Catalog) -> discord.Embed:
    gains = join_list([t("card.gain", n=g, track=track_name(TRACKS[i]))
                  for i, g in enumerate(card.gains) if g]) or t("card.no_gains")
    lines = [t("card.line", colour=colour_name(card.colour), epoch=EPOCH[card.epoch],
               cost=card.cost, points=card.points, gains=gains)]
    if card.effect is not None:
        lines.append(t("card.effect", id=card.effect.id, name=effect_name(card.effect),
                       text=effect_text(card.effect, catalog)))
    if card.advanced:
        lines.append(t("card.advanced"))
    embed = discord.Embed(title=card_name(catalog, card.id), description="\n".join(lines),
                          colour=discord.Colour.dark_gold())
    embed.set_image(url="attachment://card.png")
    return embed
