"""English wording of the purple effects P1–P15, the one place the bot's ``/hadara card`` and
the rendered images take it from.

Every number comes from the catalog (``data/rules.json`` through ``catalog.rules.eff``, and
a P5 card's own medal prices), never from constants here, so a change of the data changes
the wording. Three levels: :func:`effect_name` (a title), :func:`effect_text` (the sentence
on a full card face and in the effect list) and :func:`effect_summary` (one short line for
small cards and buttons).
"""

from __future__ import annotations

from .content import EFFECT_KINDS, TRACK_OF_COLOUR, TRACKS, Catalog, Effect

#: A short title per effect id.
EFFECT_NAMES: dict[str, str] = {
    "P1": "Better sales", "P2": "Bonus tile on the card", "P3": "Colour synergy",
    "P4": "Statue bonus", "P5": "Cheaper medals", "P6": "Feed with coins",
    "P7": "Surplus food", "P8": "Income bonus", "P9": "Colony coins",
    "P10": "Full silver", "P11": "Purple sets", "P12": "Gold wildcard",
    "P13": "Double action", "P14": "Lower requirements", "P15": "Buy requirements",
}


def _effect(effect: Effect | str) -> Effect:
    """An Effect for an id (without a P3 colour or P5 prices) or the Effect itself."""
    if isinstance(effect, Effect):
        return effect
    return Effect(id=effect, kind=EFFECT_KINDS.get(effect, effect))


def _track(colour: str | None) -> str:
    """The track a P3 colour raises ("yellow" → "income"); "its track" without a colour."""
    if colour in TRACK_OF_COLOUR:
        return TRACKS[TRACK_OF_COLOUR[colour]]
    return "its track"


def _prices(effect: Effect, epoch: int | None) -> tuple[str, str]:
    """A P5 card's silver and gold prices: this epoch's, or all three as "3/7/16"."""
    silver, gold = effect.silver or (0, 0, 0), effect.gold or (0, 0, 0)
    if epoch:
        return str(silver[epoch - 1]), str(gold[epoch - 1])
    return "/".join(map(str, silver)), "/".join(map(str, gold))


def effect_name(effect: Effect | str, locale: str | None = None) -> str:
    """The effect's short title ("Colour synergy"), by Effect or id."""
    e = _effect(effect)
    return EFFECT_NAMES.get(e.id, e.kind.replace("_", " ").capitalize())


def effect_text(effect: Effect | str, catalog: Catalog, epoch: int | None = None,
                locale: str | None = None) -> str:
    """A short English text of a purple effect, with the numbers from the catalog.

    ``epoch`` picks a P5 card's prices of that epoch (all three without it).
    """
    eff = _effect(effect)
    e = eff.id

    def p(key: str) -> int:
        return catalog.rules.eff(e, key)

    if e == "P1":
        return f"Selling a card: +{p('coins')} coin"
    if e == "P2":
        return f"Put a bonus tile here: its track +{p('steps')}"
    if e == "P3":
        colour = eff.colour or "its colour"
        return f"{_track(eff.colour).capitalize()} +{p('steps')} per {colour} card, now and later"
    if e == "P4":
        return f"Each statue: its tile's track +{p('steps')}, or +{p('points')} pts"
    if e == "P5":
        silver, gold = _prices(eff, epoch)
        return f"Medals cost less: silver {silver}, gold {gold}"
    if e == "P6":
        return f"Feeding: pay {p('coins_per_card')} coins a card instead (max {p('max_cards')})"
    if e == "P7":
        return f"Feeding: +{p('coins_per_food')} coins per spare food (max {p('max')})"
    if e == "P8":
        return f"Income: +{p('coins_per_track')} per track above income"
    if e == "P9":
        return f"Taking a colony: +{p('coins')} coins"
    if e == "P10":
        return "One silver medal scores the full track"
    if e == "P11":
        return f"Game end: {p('points_per_set')} pts per set of 5 colours"
    if e == "P12":
        return "Gold medals: counts as any colour"
    if e == "P13":
        return "Two colonies and two statues per step"
    if e == "P14":
        return f"Colony and statue requirements −{p('reduction')}"
    if e == "P15":
        return (f"Pay {p('coins_per_point')} coins per requirement point "
                f"(max {p('max_coins')})")
    return eff.kind.replace("_", " ")


def effect_summary(effect: Effect | str, catalog: Catalog, epoch: int | None = None,
                   locale: str | None = None) -> str:
    """One short line (about 25 characters) for small cards, with the catalog's numbers."""
    eff = _effect(effect)
    e = eff.id

    def p(key: str) -> int:
        return catalog.rules.eff(e, key)

    if e == "P1":
        return f"+{p('coins')} coin per sale"
    if e == "P2":
        return f"bonus tile: track +{p('steps')}"
    if e == "P3":
        return f"{_track(eff.colour)} +{p('steps')} per {eff.colour or 'same-colour'} card"
    if e == "P4":
        return f"statues: +{p('steps')} steps or +{p('points')} pts"
    if e == "P5":
        silver, gold = _prices(eff, epoch)
        return f"medals: silver {silver}, gold {gold}"
    if e == "P6":
        return f"feed: {p('coins_per_card')} coins a card, max {p('max_cards')}"
    if e == "P7":
        return f"+{p('coins_per_food')} per spare food, max {p('max')}"
    if e == "P8":
        return f"+{p('coins_per_track')} coins per track above income"
    if e == "P9":
        return f"+{p('coins')} coins per colony"
    if e == "P10":
        return "a silver medal scores full"
    if e == "P11":
        return f"{p('points_per_set')} pts per 5-colour set"
    if e == "P12":
        return "wildcard for gold medals"
    if e == "P13":
        return "2 colonies, 2 statues"
    if e == "P14":
        return f"requirements −{p('reduction')}"
    if e == "P15":
        return f"{p('coins_per_point')} coins per point, max {p('max_coins')}"
    return eff.kind.replace("_", " ")
