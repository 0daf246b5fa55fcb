"""The purple effects P1–P15 in words, the one place the bot's ``/hadara card`` and the
rendered images take them from.

The wording lives in the catalogs (``i18n/locales/<language>/effects.ftl``, ids
``effect-<id>-name``, ``effect-<id>-text``, ``effect-<id>-summary``); this module only
gathers what a message needs. Every number comes from the catalog (``data/rules.json``
through ``catalog.rules.eff``, passed under the parameter's own name, and a P5 card's own
medal prices), never from constants here, so a change of the data changes the wording. Three
levels: :func:`effect_name` (a title), :func:`effect_text` (the sentence on a full card face
and in the effect list) and :func:`effect_summary` (one short line for small cards and
buttons). ``locale`` None speaks the current language (:func:`i18n.current`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from i18n import DEFAULT, has, translate

from .content import EFFECT_KINDS, TRACK_OF_COLOUR, TRACKS, Catalog, Effect
from .words import lang, track_name


class _EnglishNames(Mapping[str, str]):
    """The English title of each effect id, read from the catalog when asked."""

    def __getitem__(self, eid: str) -> str:
        if eid not in EFFECT_KINDS:
            raise KeyError(eid)
        return translate(DEFAULT, f"effect.{eid}.name")

    def __iter__(self) -> Iterator[str]:
        return iter(EFFECT_KINDS)

    def __len__(self) -> int:
        return len(EFFECT_KINDS)


#: A short English title per effect id ("P3" → "Colour synergy").
EFFECT_NAMES: Mapping[str, str] = _EnglishNames()


def _effect(effect: Effect | str) -> Effect:
    """An Effect for an id (without a P3 colour or P5 prices) or the Effect itself."""
    if isinstance(effect, Effect):
        return effect
    return Effect(id=effect, kind=EFFECT_KINDS.get(effect, effect))


def _track(colour: str | None, locale: str) -> str:
    """The name of the track a P3 colour raises ("yellow" → "income"); "its track" without
    a colour."""
    if colour in TRACK_OF_COLOUR:
        return track_name(TRACKS[TRACK_OF_COLOUR[colour]], locale)
    return translate(locale, "effect.its_track")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _prices(effect: Effect, epoch: int | None) -> tuple[str, str]:
    """A P5 card's silver and gold prices: this epoch's, or all three as "3/7/16"."""
    silver, gold = effect.silver or (0, 0, 0), effect.gold or (0, 0, 0)
    if epoch:
        return str(silver[epoch - 1]), str(gold[epoch - 1])
    return "/".join(map(str, silver)), "/".join(map(str, gold))


def _args(eff: Effect, catalog: Catalog, epoch: int | None, locale: str) -> dict[str, Any]:
    """What the effect's messages may use: its parameters from the rules data under their own
    names, and the words and prices of this effect."""
    args: dict[str, Any] = dict(catalog.rules.effects.get(eff.id, {}))
    if eff.id == "P3":
        args["track"] = _track(eff.colour, locale)
        args["colour"] = eff.colour or "none"
    elif eff.id == "P5":
        args["silver"], args["gold"] = _prices(eff, epoch)
    elif eff.id == "P7":
        args["food"] = track_name("food", locale)
    elif eff.id == "P8":
        args["income"] = track_name("income", locale)
    return args


def effect_name(effect: Effect | str, locale: str | None = None) -> str:
    """The effect's short title ("Colour synergy"), by Effect or id."""
    e = _effect(effect)
    key = f"effect.{e.id}.name"
    if not has(key):
        return e.kind.replace("_", " ").capitalize()
    return translate(lang(locale), key)


def _words(level: str, effect: Effect | str, catalog: Catalog, epoch: int | None,
           locale: str | None) -> str:
    eff = _effect(effect)
    key = f"effect.{eff.id}.{level}"
    if not has(key):
        return eff.kind.replace("_", " ")
    loc = lang(locale)
    args = _args(eff, catalog, epoch, loc)
    if level == "text" and "track" in args:  # P3's text begins with the track
        args["track"] = _capital(args["track"])
    return translate(loc, key, **args)


def effect_text(effect: Effect | str, catalog: Catalog, epoch: int | None = None,
                locale: str | None = None) -> str:
    """A short text of a purple effect, with the numbers from the catalog.

    ``epoch`` picks a P5 card's prices of that epoch (all three without it).
    """
    return _words("text", effect, catalog, epoch, locale)


def effect_summary(effect: Effect | str, catalog: Catalog, epoch: int | None = None,
                   locale: str | None = None) -> str:
    """One short line (about 25 characters) for small cards, with the catalog's numbers."""
    return _words("summary", effect, catalog, epoch, locale)
