"""Names and effect wording in every language (hadara/words.py, hadara/effects.py and the
catalogs content.ftl and effects.ftl): every card is named in English, French and Japanese,
English is the content's own name, names stay apart, translating never touches the content,
and every effect words in every language with the same numbers as in English."""

from __future__ import annotations

import dataclasses
import re
import shutil
from collections import defaultdict
from pathlib import Path

import pytest

import i18n
from hadara.content import (
    COLOURS,
    DATA_FILES,
    DEFAULT_DATA_DIR,
    EFFECT_KINDS,
    TRACKS,
    Catalog,
    Effect,
    content_version,
    load_catalog,
)
from hadara.effects import effect_name, effect_summary, effect_text
from hadara.words import card_name, colour_name, medal_name, track_name
from tests.support.stacking import renumbered_effects

LANGS = i18n.LOCALES
OTHERS = [loc for loc in LANGS if loc != i18n.DEFAULT]


def numbers(text: str) -> list[int]:
    return sorted(int(n) for n in re.findall(r"\d+", text))


def every_effect(cat: Catalog) -> list[Effect | str]:
    """Each distinct effect record of the cards (P3 colours, P5 prices), and each id alone."""
    found = sorted({c.effect for c in cat.cards.values() if c.effect}, key=repr)
    return [*found, *EFFECT_KINDS]


@pytest.mark.parametrize("loc", LANGS)
def test_every_card_has_a_name_in_each_language(cat: Catalog, loc: str) -> None:
    """Each card of data/cards.json has its own catalog entry (no fallback to English)."""
    have = i18n.keys(loc)
    missing = [cid for cid in cat.cards if i18n.fluent_id(f"card.{cid}") not in have]
    assert not missing, f"{loc}: no name for {missing}"
    for cid in cat.cards:
        name = card_name(cat, cid, loc)
        assert name.strip() == name and name, (loc, cid)
        assert name == i18n.translate(loc, f"card.{cid}")


@pytest.mark.parametrize("loc", LANGS)
def test_card_names_are_distinct_where_english_ones_are(cat: Catalog, loc: str) -> None:
    """One English name, one translation (a card reprinted in later epochs keeps its name);
    two English names, two translations."""
    by_english: dict[str, set[str]] = defaultdict(set)
    for cid, card in cat.cards.items():
        by_english[card.name].add(card_name(cat, cid, loc))
    assert all(len(names) == 1 for names in by_english.values()), by_english
    translated = [next(iter(names)) for names in by_english.values()]
    assert len(set(translated)) == len(translated) == len(by_english)


def test_english_names_are_the_contents_own(cat: Catalog) -> None:
    for cid, card in cat.cards.items():
        assert i18n.translate("en", f"card.{cid}") == card.name
        assert card_name(cat, cid, "en") == card.name
        with i18n.speaking("en"):
            assert card_name(cat, cid) == card.name


def test_names_follow_the_language_being_spoken(cat: Catalog) -> None:
    cid = next(iter(cat.cards))
    for loc in LANGS:
        with i18n.speaking(loc):
            assert card_name(cat, cid) == card_name(cat, cid, loc)
            assert track_name("income") == track_name("income", loc)
    assert card_name(None, cid, "fr") == cid
    assert card_name(cat, "no-such-card", "ja") == "no-such-card"


def test_a_renamed_card_shows_its_own_name_not_a_stale_translation(cat: Catalog) -> None:
    """Content whose card is named otherwise than the catalog (other data) keeps its name."""
    cid = next(iter(cat.cards))
    renamed = dataclasses.replace(cat.cards[cid], name="Somebody Else")
    other = dataclasses.replace(cat, cards={**cat.cards, cid: renamed})
    for loc in LANGS:
        assert card_name(other, cid, loc) == "Somebody Else"


@pytest.mark.parametrize("loc", LANGS)
def test_colours_tracks_and_medals_are_named(loc: str) -> None:
    """The five colours, four tracks and two medal kinds: each in the language's own catalog,
    and apart; English colours and tracks are named by their codes."""
    have = i18n.keys(loc)
    for prefix, codes, namer in (("colour", COLOURS, colour_name), ("track", TRACKS, track_name),
                                 ("medal", ("silver", "gold"), medal_name)):
        assert all(f"{prefix}-{code}" in have for code in codes), (loc, prefix)
        names = [namer(code, loc) for code in codes]
        assert len(set(names)) == len(names) and all(names), (loc, names)
        if loc == "en" and prefix != "medal":
            assert names == list(codes)
    assert colour_name("mauve", loc) == "mauve"  # not a colour: the code itself


def test_french_and_japanese_names_are_short(cat: Catalog) -> None:
    """Printed on small cards: French about 16 characters at most, Japanese 2 to 6."""
    for cid in cat.cards:
        assert len(card_name(cat, cid, "fr")) <= 17, card_name(cat, cid, "fr")
        assert 2 <= len(card_name(cat, cid, "ja")) <= 6, card_name(cat, cid, "ja")


def test_translations_do_not_change_the_content_version(cat: Catalog, tmp_path: Path) -> None:
    """The content version hashes data/ alone: names live in the catalogs, and data/ keeps the
    English names, so the version a stored game refers to is that of the data files."""
    assert cat.version == content_version() == content_version(DEFAULT_DATA_DIR)
    for name in DATA_FILES:
        shutil.copy(DEFAULT_DATA_DIR / name, tmp_path / name)
    (tmp_path / "content.ftl").write_text("card-I-Y01 = Someone else\n", encoding="utf-8")
    assert content_version(tmp_path) == cat.version
    assert load_catalog(tmp_path).version == cat.version
    assert not any(name.endswith(".ftl") for name in DATA_FILES)
    for loc in LANGS:  # naming cards in any language leaves the loaded content as it is
        for cid in cat.cards:
            card_name(cat, cid, loc)
    assert load_catalog().version == cat.version
    assert all(card.name == i18n.translate("en", f"card.{cid}")
               for cid, card in load_catalog().cards.items())


@pytest.mark.parametrize("loc", LANGS)
def test_every_effect_words_in_every_language_with_the_english_numbers(
        cat: Catalog, loc: str) -> None:
    """P1–P15 (each card's effect, and each id alone): a title, a text and a summary in the
    language itself (its own catalog, no fallback), all with the same numbers as English, for
    every epoch's P5 prices and with other data numbers too."""
    have = i18n.keys(loc)
    other, _changed = renumbered_effects(cat)
    for eid in EFFECT_KINDS:
        for level in ("name", "text", "summary"):
            assert i18n.fluent_id(f"effect.{eid}.{level}") in have, (loc, eid, level)
    names = {effect_name(eid, loc) for eid in EFFECT_KINDS}
    assert len(names) == len(EFFECT_KINDS) and all(names)
    for e in every_effect(cat):
        assert effect_name(e, loc) == effect_name(e if isinstance(e, str) else e.id, loc)
        for data in (cat, other):
            for epoch in (None, 1, 2, 3):
                for words in (effect_text, effect_summary):
                    text = words(e, data, epoch, loc)
                    english = words(e, data, epoch, "en")
                    assert text and "{" not in text, (loc, e, text)
                    assert numbers(text) == numbers(english), (loc, e, text, english)
                    if loc != "en":
                        assert text != english, (loc, e, text)


def test_effect_wording_follows_the_language_being_spoken(cat: Catalog) -> None:
    e = next(c.effect for c in cat.cards.values() if c.effect and c.effect.id == "P3")
    for loc in LANGS:
        with i18n.speaking(loc):
            assert effect_text(e, cat) == effect_text(e, cat, None, loc)
            assert effect_summary(e, cat) == effect_summary(e, cat, None, loc)
            assert effect_name(e) == effect_name(e, loc)


def test_P3_names_its_track_in_each_language(cat: Catalog) -> None:
    """The track a colour-synergy card raises is named by hadara.words.track_name."""
    for card in cat.cards.values():
        e = card.effect
        if e is None or e.id != "P3":
            continue
        track = TRACKS[COLOURS.index(e.colour or "")]
        for loc in LANGS:
            name = track_name(track, loc)
            assert name.lower() in effect_text(e, cat, None, loc).lower()
            assert name in effect_summary(e, cat, None, loc)
