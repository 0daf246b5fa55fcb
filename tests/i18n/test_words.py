"""Words a player reads, in English, French and Japanese (issue 23, "Words" and "Names").

* No raw key where a word belongs: colours and tracks by their names (the medals panel, the
  colour lists), never "yellow 2, red 3" in a French or Japanese text.
* Catch-up lists in the order things happened, "… and N more" after them.
* No banners ("=== Epoch I — … ==="): the thread's lines are sentences.
* The learning game and hints in a player's words: lesson titles without rule ids ("(R-A1)",
  "(P6)"), notes and hints without evaluation numbers ("3.1 points", "0.0 points ahead").
* AI levels and AI seat names for players: short, distinct, no algorithm names.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import i18n
from bot import learn
from bot.service import ai, lobby
from cogs.learn.cog import lesson_text
from cogs.play.panels.text import CATCH_UP_LINES, catch_up_lines
from hadara.ai.hint import hint
from hadara.content import TRACKS, default_catalog
from hadara.engine import Game
from hadara.views import view as seat_view
from hadara.words import colour_name, track_name
from i18n import check, speaking, t

LANGS = i18n.LOCALES
COLOURS = ("yellow", "red", "blue", "green", "purple")
#: A raw key of a colour or a track, as a word of its own. In French "culture" is also the
#: French word, so French is checked for the other keys only.
RAW_KEYS = {
    "fr": re.compile(r"\b(yellow|red|blue|green|purple|income|military|food)\b"),
    "ja": re.compile(r"\b(yellow|red|blue|green|purple|income|military|culture|food)\b"),
}
#: A rule id as docs/rules.md writes them: R-A1, E2, G1, M1, F1, P6, R-S4 / D-10.
RULE_ID = re.compile(r"\b(?:[A-Z]-[A-Z]?\d+|[A-Z]{1,2}\d{1,2})\b")
#: An evaluation number: a decimal ("3.1", "0,0") or a percentage.
EVALUATION = re.compile(r"\d[.,]\d|\d\s?%")
ALGORITHMS = re.compile(r"greedy|ismcts|mcts|random|glouton|aléatoire|欲張り|ランダム",
                        re.IGNORECASE)


# ---------------------------------------------------------------------- no raw keys


def test_colour_and_track_names_are_words_of_the_language() -> None:
    for lang in ("fr", "ja"):
        for key in (*COLOURS, *TRACKS):
            name = (colour_name if key in COLOURS else track_name)(key, lang)
            assert name and not RAW_KEYS[lang].search(name), (lang, key, name)
        names = [colour_name(c, lang) for c in COLOURS]
        assert len(set(names)) == len(names), names


def _medals_context() -> dict[str, Any]:
    """A medals decision's context as the views give it: silver values per tile colour."""
    return {"coins": 14,
            "silver": {"price": 5, "left": 2, "tiles": dict.fromkeys(COLOURS, 1),
                       "value": {"yellow": 2, "red": 3, "blue": 1, "green": 4, "purple": 2}},
            "gold": {"price": 9, "left": 2, "value": 7}}


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_the_medals_panel_names_colours_in_words(lang: str) -> None:
    """The medals panel's text ("A silver medal would score now: …") lists colour names,
    not keys ("yellow 2, red 3, …" in a Japanese panel was the defect)."""
    from cogs.play.panels.text import kind_lines

    with speaking(lang):
        lines = kind_lines("medals", {"players": ["Ann", "Bo"]}, _medals_context(), str)
        text = "\n".join(lines)
        assert not RAW_KEYS[lang].search(text), text
        for colour in COLOURS:
            assert colour_name(colour) in text, (colour, text)


def test_the_check_sees_a_raw_key() -> None:
    assert RAW_KEYS["ja"].search("今、銀のメダルで得られる勝利点：yellow 2、red 3。")
    assert RAW_KEYS["fr"].search("Un sceau argenté rapporterait : yellow 2")
    assert not RAW_KEYS["fr"].search("jaune 2, rouge 3 · culture 4")
    assert not RAW_KEYS["ja"].search("黄2点、赤3点")


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_no_catalog_message_holds_a_raw_key(lang: str) -> None:
    """Every French and Japanese message, formatted with its words in that language, shows
    no colour or track key (a key written into a catalog, or a word left in English)."""
    words = {"colour": colour_name("red", lang), "track": track_name("income", lang),
             "tile": colour_name("blue", lang)}
    bad = []
    for ident, message in sorted(i18n.keys(lang).items()):
        args = {name: words.get(name, 3) for name in check.variables(message)}
        bundle = i18n._bundle(lang)
        pattern = bundle.get_message(ident).value
        if pattern is None:
            continue
        text, _errors = bundle.format_pattern(pattern, {k: i18n._arg(v, lang)
                                                        for k, v in args.items()})
        if RAW_KEYS[lang].search(str(text)):
            bad.append(f"{lang} {ident}: {text}")
    assert not bad, "\n".join(bad)


# ---------------------------------------------------------------------- catch-up lists


@pytest.mark.parametrize("lang", LANGS)
def test_catch_up_lists_are_in_order_with_the_earlier_count_first(lang: str) -> None:
    events = [f"event {i}" for i in range(20)]
    with speaking(lang):
        head = t("md.catchup.head")
        earlier = t("md.catchup.earlier", count=20 - (CATCH_UP_LINES - 1))
        out = catch_up_lines(events)
        assert out[0] == head and len(out) == CATCH_UP_LINES + 1
        assert out[1] == earlier  # how many earlier ones, before the events: in time order
        assert out[2:] == events[-(CATCH_UP_LINES - 1):]  # the latest, as they happened
        short = events[:CATCH_UP_LINES]
        assert catch_up_lines(short) == [head, *short]  # nothing cut, no "more"


# ---------------------------------------------------------------------- sentences, not banners


@pytest.mark.parametrize("lang", LANGS)
def test_no_message_is_a_banner(lang: str) -> None:
    """The thread's lines are sentences: no "=== … ===" banner (the first Phase-A message
    showed "=== Epoch I — first player Greedy AI 2 ===")."""
    bad = [ident for ident, text in _texts(lang) if "===" in text]
    assert not bad, bad
    with speaking(lang):
        line = t("engine.event.epoch_started", epoch="I", name="Ann")
    assert "Ann" in line and "I" in line and not line.startswith(("=", "—"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_wheel_caption_reads_as_a_sentence(lang: str) -> None:
    """"bob turns the wheel: which deck emblem 1 points at" read as "1 points": the caption
    names the player and no number."""
    with speaking(lang):
        text = t("image.table.caption.wheel", name="bob", emblem=1)
    assert "bob" in text and not re.search(r"\d", text), text


def _texts(lang: str) -> list[tuple[str, str]]:
    """(identifier, text) of every message with its variables at 3 (words as "Xq")."""
    bundle = i18n._bundle(lang)
    out = []
    for ident, message in sorted(i18n.keys(lang).items()):
        pattern = bundle.get_message(ident).value
        if pattern is None:
            continue
        args = {name: 3 for name in check.variables(message)}
        text, _errors = bundle.format_pattern(pattern, args)
        out.append((ident, str(text)))
    return out


# ---------------------------------------------------------------------- the learning game


def test_the_checks_see_rule_ids_and_evaluation_numbers() -> None:
    assert RULE_ID.search("📘 wheel (R-A1)") and RULE_ID.search("effet violet P6")
    assert RULE_ID.search("(E2)") and RULE_ID.search("R-S4 / D-10")
    assert not RULE_ID.search("📘 **How the wheel works**")
    assert not RULE_ID.search("Epoch II, 5 turns, MCTS-free")
    assert EVALUATION.search("about 3.1 points better") and EVALUATION.search("0,0 points")
    assert EVALUATION.search("scored 62% against")
    assert not EVALUATION.search("+2 points, -1 coin · Buy Broker · 1")


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_titles_are_words_without_rule_ids(lang: str) -> None:
    with speaking(lang):
        titles = [learn.lesson_title(topic) for topic in learn.TOPICS]
        heads = [t("learn.lesson.head", name=title) for title in titles]
        names = [learn.topic_name(topic) for topic in learn.TOPICS]
    for text in (*titles, *heads, *names):
        assert not RULE_ID.search(text), text
    assert len(set(titles)) == len(titles), titles


@pytest.mark.parametrize("lang", LANGS)
def test_lessons_and_notes_have_no_rule_ids_or_evaluation_numbers(lang: str) -> None:
    """Every lesson as posted (title and text) and a mistake note, with realistic values."""
    samples: dict[str, dict[str, Any]] = {
        "wheel": {"options": 5}, "draft": {"colour": "red"},
        "discount": {"card": "Farmer", "price": 2, "cost": 4, "colour": "green"},
        "selling": {"coins": 3}, "phase_b": {}, "income": {"coins": 4},
        "colonies": {"level": 6, "plunder": 3, "cost": 4, "military": 7},
        "statues": {"requirement": 6, "steps": 2, "points": 5, "culture": 7},
        "feeding": {"count": 7, "food": 5, "remove": 2},
        "medals": {"silver": 5, "gold": 9},
        "scoring": dict.fromkeys(("colonies", "statues", "silver_medals", "gold_medals",
                                  "cards", "purple_sets", "coins", "total", "rank"), 4),
    }
    with speaking(lang):
        texts = [lesson_text(learn.Lesson(topic, learn.rule_of(topic),
                                          f"learn.lesson.{topic}", params))
                 for topic, params in samples.items()]
        texts.append(lesson_text(learn.Lesson("P6", "P6", "learn.lesson.purple", {
            "id": "P6", "card": "Farmer", "name": "Feed with coins", "text": "Pay 2 coins."})))
        note = learn.Note(3.14159, "Buy Farmer · 2", "Sell Scholar · +2",
                          t("learn.because.gain", what="+2 coins"))
        later = learn.Note(4.5, "Buy Farmer · 2", "Sell Scholar · +2", t("learn.because.later"))
        texts += [t(n.key, **n.params) for n in (note, later)]
    for text in texts:
        assert not RULE_ID.search(text), text
        assert not EVALUATION.search(text), text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("level", ["greedy", "ismcts"])
def test_hints_have_no_evaluation_numbers(lang: str, level: str) -> None:
    """The hint's reason at a real decision (a draft of a 3-seat game): what the move does
    and the option it beats, no evaluation margin, no rate or count of simulations."""
    game = Game.new(["Ann", "Bo", "Cy"], "basic", 3)
    while len(game.legal_actions(0)) < 2 or game.step == "wheel":
        seat = next(s for s in range(game.n) if game.legal_actions(s))
        game.apply(seat, game.legal_actions(seat)[0])
    with speaking(lang):
        _, reason = hint(seat_view(game, 0), game.legal_actions(0), level,
                         catalog=default_catalog(), iterations=40)
    assert reason and not EVALUATION.search(reason), reason


@pytest.mark.parametrize("lang", LANGS)
def test_learning_and_hint_catalog_texts_carry_no_evaluation(lang: str) -> None:
    """The catalog side: no learning or hint message prints a number with decimals
    (NUMBER(… FractionDigits …)) or names a rule id in its words."""
    msgs = i18n.keys(lang)
    bundle = i18n._bundle(lang)
    for ident in sorted(msgs):
        if not ident.startswith(("learn-", "engine-hint-", "play-hint-")):
            continue
        pattern = bundle.get_message(ident).value
        if pattern is None:
            continue
        args = {name: 3.25 if name in ("loss", "margin", "rate") else 3
                for name in check.variables(msgs[ident])}
        text, _errors = bundle.format_pattern(pattern, args)
        assert not EVALUATION.search(str(text)), (ident, text)
        assert not RULE_ID.search(str(text)), (ident, text)


# ---------------------------------------------------------------------- AI levels and names


@pytest.mark.parametrize("lang", LANGS)
def test_ai_levels_and_seat_names_are_for_players(lang: str) -> None:
    levels = ai.LEVELS  # the internal ids stay: gentle, greedy, ismcts
    with speaking(lang):
        shown = [t(f"lobby.ai_level.{level}") for level in levels]
        names = [lobby.ai_name(level) for level in levels]
        # older tables' random seats are shown as the novice they were called
        older = [t("lobby.ai_level.random"), lobby.ai_name("random")]
    for text in (*shown, *names, *older):
        assert not ALGORITHMS.search(text) and "(" not in text, text
    assert len(set(shown)) == 3 and len(set(names)) == 3, (shown, names)
    assert older == [shown[0], names[0]]
    assert all(len(n) <= 8 for n in names), names  # short: "Steady 2" fits a picture
    assert lobby.ai_name("unknown") == "AI"


def test_english_ai_names_match_the_catalog() -> None:
    with speaking("en"):
        assert {level: lobby.ai_name(level) for level in lobby.AI_NAMES} == lobby.AI_NAMES
