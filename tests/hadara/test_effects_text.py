"""Purple effects P1–P15 in words (hadara.effects): the one wording the bot's /hadara card and
the images share. Every number in a wording comes from the data (``data/rules.json`` through
``catalog.rules.eff``, a P5 card's own medal prices), never from the engine or constants."""

from __future__ import annotations

import re

import pytest

from hadara.content import EFFECT_KINDS, TRACK_OF_COLOUR, TRACKS, Catalog, Effect
from hadara.effects import EFFECT_NAMES, effect_name, effect_summary, effect_text
from tests.support.stacking import renumbered_effects

EFFECT_IDS = [f"P{i}" for i in range(1, 16)]


def has_number(text: str, n: int) -> bool:
    return re.search(rf"(?<!\d){n}(?!\d)", text) is not None


def effects_of(cat: Catalog, eid: str) -> list[Effect]:
    """Every distinct Effect record of this id in the catalog (P3 colours, P5 prices)."""
    found = {c.effect for c in cat.cards.values() if c.effect and c.effect.id == eid}
    return sorted(found, key=repr)


def test_every_effect_P1_to_P15_is_in_the_catalog_and_named(cat: Catalog) -> None:
    """P1 … P15: each has cards in the catalog, its own name and its own wording."""
    assert sorted(EFFECT_KINDS, key=lambda e: int(e[1:])) == EFFECT_IDS
    assert set(EFFECT_NAMES) == set(EFFECT_IDS)
    assert len(set(EFFECT_NAMES.values())) == len(EFFECT_IDS)
    texts = set()
    for eid in EFFECT_IDS:
        effects = effects_of(cat, eid)
        assert effects, eid
        assert effect_name(eid) == effect_name(effects[0]) == EFFECT_NAMES[eid]
        texts.add(effect_text(eid, cat))
    assert len(texts) == len(EFFECT_IDS)


@pytest.mark.parametrize("eid", EFFECT_IDS)
def test_effect_wording_has_its_numbers_from_the_rules_data(cat: Catalog, eid: str) -> None:
    """P1 … P15: the text and the one-line summary of every card's effect include each
    number of that effect in data/rules.json (P10, P12, P13 have none), and are real
    wordings (not the kind's name)."""
    numbers = cat.rules.effects.get(eid, {})
    for e in effects_of(cat, eid):
        for text in (effect_text(e, cat), effect_summary(e, cat)):
            assert text and text != e.kind.replace("_", " "), (eid, text)
            for key, n in numbers.items():
                assert has_number(text, n), (eid, key, n, text)
    for n in numbers.values():
        assert has_number(effect_text(eid, cat), n)


def test_P3_wording_names_the_colour_and_its_track(cat: Catalog) -> None:
    """P3: each colour-synergy card says which colour it counts and which track it raises."""
    for e in effects_of(cat, "P3"):
        assert e.colour in TRACK_OF_COLOUR
        track = TRACKS[TRACK_OF_COLOUR[e.colour]]
        for text in (effect_text(e, cat), effect_summary(e, cat)):
            assert e.colour in text and track in text.lower(), text


def test_P5_wording_has_the_cards_own_medal_prices(cat: Catalog) -> None:
    """P5: the prices are the card's own (cards.json), all three epochs, or one epoch's."""
    effects = effects_of(cat, "P5")
    assert len({(e.silver, e.gold) for e in effects}) > 1  # the cards differ
    for e in effects:
        assert e.silver and e.gold
        text, summary = effect_text(e, cat), effect_summary(e, cat)
        for price in (*e.silver, *e.gold):
            assert has_number(text, price) and has_number(summary, price)
        for epoch in (1, 2, 3):
            text = effect_text(e, cat, epoch)
            assert has_number(text, e.silver[epoch - 1]) and has_number(text, e.gold[epoch - 1])


def test_wording_follows_changed_data(cat: Catalog) -> None:
    """P1 … P15: with other numbers in the rules data the words change with them, so none
    is hard-coded."""
    other, changed = renumbered_effects(cat)
    for eid, params in changed.items():
        for e in effects_of(cat, eid):
            for text in (effect_text(e, other), effect_summary(e, other)):
                for n in params.values():
                    assert has_number(text, n), (eid, n, text)
                for n in cat.rules.effects[eid].values():
                    assert not has_number(text, n) or n in params.values(), (eid, n, text)


def test_rendering_uses_the_same_wording(cat: Catalog) -> None:
    """The images word effects with hadara.effects (one wording for the bot and images)."""
    pytest.importorskip("PIL")
    from rendering import cards

    assert cards.effect_text is effect_text
