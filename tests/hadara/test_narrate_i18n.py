"""hadara.narrate in English, French and Japanese: every event kind, label code, reason code,
step name and the hint's forced-decision reason is worded by the catalogs
(``i18n/locales/<language>/engine.ftl``) in all three languages without falling back to English,
French and Japanese lines keep no English word of the engine's catalog, and the English is the
engine's historical wording (plurals now agree: "1 coin", "pays for 1 card")."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import pytest

from hadara import narrate
from hadara.ai.hint import hint
from hadara.content import Catalog
from hadara.engine import Game
from hadara.options import options
from hadara.rng import Rng
from hadara.views import view
from i18n import LOCALE_DIR, speaking
from i18n.check import problems
from tests.support.stacking import played_events

LOCALES = ("en", "fr", "ja")
LABEL_CODES = {"buy", "sell", "wheel", "setup_side", "plunder", "integrate", "colony_skip",
               "statue", "statue_skip", "feed_remove", "feed_pay", "medal", "medals_done"}

#: Hand-made events, labels and reasons: every optional piece of every sentence.
PLAYERS = ["Ann", "Bo"]
SCORES = {"colonies": 5, "statues": 3, "silver_medals": 4, "gold_medals": 7, "cards": 20,
          "purple_sets": 0, "coins": 2}
EVENTS = [
    {"kind": "game_started", "variant": "basic", "players": ["Ann", "Bo"], "initiative": [2, 5]},
    {"kind": "game_started", "variant": "advanced", "players": ["Ann", "Bo"], "initiative": [2, 5]},
    {"kind": "setup_revealed", "sides": ["A", "B"]},
    {"kind": "setup_done", "sides": ["A", "B"], "coins": [8, 1], "tracks": [[2, 1, 2, 3], [1, 1, 1, 5]],
     "extra_coin": [1]},
    {"kind": "epoch_started", "epoch": 2, "first": 1, "order": [1, 0]},
    {"kind": "wheel_set", "seat": 0, "colour": "blue", "offset": 0},
    {"kind": "round_started", "epoch": 1, "round": 0,
     "draws": [{"seat": 0, "colour": "green"}, {"seat": 1, "colour": "purple"}]},
    {"kind": "round_revealed", "epoch": 1, "round": 0, "choices": [
        {"seat": 0, "colour": "purple", "discarded": "I-P01", "mode": "buy", "card": "I-P02",
         "cost": 2, "tile": "blue", "effects": [{"effect": "P2", "track": "blue", "steps": 2}]},
        {"seat": 1, "colour": "red", "discarded": "I-R01", "mode": "sell", "coins": 2}]},
    {"kind": "phase_b_started", "epoch": 1},
    {"kind": "took", "seat": 0, "colour": "yellow", "mode": "buy", "card": "I-Y01", "cost": 1,
     "effects": [{"effect": "P3", "track": "yellow", "steps": 1},
                 {"effect": "P4", "track": "red", "steps": 2}]},
    {"kind": "took", "seat": 1, "colour": "blue", "mode": "sell", "card": "I-B01", "coins": 3},
    {"kind": "income", "epoch": 1, "phase": "A",
     "incomes": [{"seat": 0, "income": 3, "bonus": 1}, {"seat": 1, "income": 0, "bonus": 0}]},
    {"kind": "colony_taken", "seat": 0, "level": 9, "mode": "plunder", "front": [9, 7, 3, 2],
     "pay": 6, "bonus": 2},
    {"kind": "colony_taken", "seat": 1, "level": 3, "mode": "integrate", "front": [3, 4, 1, 1],
     "pay": 0, "bonus": 0, "tile": "C1", "back_gains": [1, 2, 0, 0], "back_points": 3},
    {"kind": "colony_taken", "seat": 1, "level": 3, "mode": "integrate", "front": [3, 4, 1, 1],
     "pay": 0, "bonus": 0, "tile": "C1", "back_gains": [0, 0, 0, 0], "back_points": 4},
    {"kind": "colony_skipped", "seat": 1},
    {"kind": "statue_carved", "seat": 0, "space": 2, "tile": "red", "side": "colour", "pay": 9,
     "steps": 2},
    {"kind": "statue_carved", "seat": 1, "space": 1, "tile": "green", "side": "points", "pay": 0,
     "steps": 0},
    {"kind": "statue_skipped", "seat": 0},
    {"kind": "feeding_started", "epoch": 3,
     "needs": [{"seat": 0, "cards": 7, "food": 4}, {"seat": 1, "cards": 2, "food": 5}]},
    {"kind": "feeding_started", "epoch": 1,
     "needs": [{"seat": 0, "cards": 2, "food": 4}, {"seat": 1, "cards": 2, "food": 5}]},
    {"kind": "feeding_revealed", "epoch": 1, "results": [
        {"seat": 0, "removed": ["I-Y01", "I-G01"], "paid": 2, "surplus": 3},
        {"seat": 1, "removed": [], "paid": 0, "surplus": 0}]},
    {"kind": "medals_started", "epoch": 2},
    {"kind": "medals_revealed", "epoch": 2, "bought": []},
    {"kind": "medals_revealed", "epoch": 2, "bought": [
        {"seat": 0, "kind": "silver", "tile": "red", "cost": 9},
        {"seat": 1, "kind": "gold", "tile": None, "cost": 12}]},
    {"kind": "game_over", "scores": [dict(SCORES, total=41), dict(SCORES, total=40)],
     "winners": [0]},
    {"kind": "drew", "cards": ["I-Y01", "I-G01"], "colour": "green"},
    {"kind": "sold_privately", "card": "I-B01", "coins": 2},
    {"kind": "pick_recorded", "action": {"type": "draft", "card": "I-P02", "mode": "buy",
                                         "tile": "blue"}},
    {"kind": "pick_recorded", "action": {"type": "draft", "card": "I-R01", "mode": "sell"}},
    {"kind": "setup_side_recorded", "action": {"type": "setup_side", "side": "B"}},
    {"kind": "feeding_recorded", "action": {"type": "feed_remove", "card": "I-G01"}},
    {"kind": "feeding_recorded", "action": {"type": "feed_pay"}},
    {"kind": "medal_recorded", "action": {"type": "medal", "kind": "silver", "tile": "yellow"}},
    {"kind": "medal_recorded", "action": {"type": "medal", "kind": "gold"}},
]
LABELS = [
    {"code": "buy", "card": "I-Y01", "cost": 3, "tile": None},
    {"code": "buy", "card": "I-P02", "cost": 2, "tile": "green"},
    {"code": "sell", "card": "I-Y01", "value": 2},
    {"code": "wheel", "colour": "purple"},
    {"code": "setup_side", "side": "A", "coins": 8, "tracks": [2, 1, 0, 3]},
    {"code": "setup_side", "side": "B", "coins": 1, "tracks": [0, 0, 0, 0]},
    {"code": "plunder", "level": 9, "plunder": 7, "pay": 0},
    {"code": "plunder", "level": 12, "plunder": None, "pay": 6},
    {"code": "integrate", "level": 3, "cost": 1, "pay": 3},
    {"code": "integrate", "level": 15, "cost": None, "pay": 0},
    {"code": "colony_skip"},
    {"code": "statue", "space": 2, "requirement": 12, "tile": "red", "side": "colour", "pay": 0,
     "track": "military", "steps": 2},
    {"code": "statue", "space": 1, "requirement": 6, "tile": "blue", "side": "points", "pay": 9,
     "points": 2},
    {"code": "statue_skip"},
    {"code": "feed_remove", "card": "I-G01"},
    {"code": "feed_remove", "card": "I-P01"},
    {"code": "feed_pay", "coins": 2},
    {"code": "medal", "kind": "silver", "tile": "yellow", "cost": 4},
    {"code": "medal", "kind": "gold", "tile": None, "cost": 6},
    {"code": "medals_done"},
]
REASONS = [
    ("card_cost", {"cost": 5, "have": 3}),
    ("medal_cost", {"cost": 20, "have": 3}),
    ("already_hold_level", {"level": 3}),
    ("no_colony_left", {"level": 15}),
    ("needs_military", {"level": 12, "have": 8}),
    ("needs_culture", {"level": 20, "have": 5, "reduction": 4}),
    ("requirement_payment", {"pay": 24, "have": 7}),
    ("integrate_cost", {"cost": 3, "have": 2}),
    ("no_bonus_tile", {}),
    ("p6_max_payments", {"max": 6}),
    ("p6_cost", {"cost": 2, "have": 1}),
    ("max_medals", {"max": 2, "kind": "silver"}),
    ("max_medals", {"max": 2, "kind": "gold"}),
    ("wrong_step", {"type": "colony_skip", "step": "draft"}),
    ("no_such_card", {"card": "X-01"}),
    ("not_in_hand", {"card": "I-Y01"}),
    ("not_on_top", {"card": "I-Y01"}),
    ("not_in_tableau", {"card": "I-Y01"}),
    ("choose_buy_or_sell", {}),
    ("p2_tile", {"card": "I-P02", "tiles": ["red", "blue"]}),
    ("p2_tile", {"card": "I-P02", "tiles": []}),
    ("wrong_payment", {"expected": 0, "per_point": 3}),
    ("wrong_payment", {"expected": None, "per_point": 3}),
    ("wrong_payment", {"expected": 6, "per_point": 3}),
    ("space_taken", {"space": 3}),
    ("tile_not_held", {"tile": "green"}),
    ("no_p6", {}),
    ("not_legal", {}),
]


#: The English of EVENTS, LABELS and REASONS (as refusals), in order.
ENGLISH_EVENTS: list[list[str]] = [
    ["A basic game of Hadara. Seats in play order: Ann (initiative 2), Bo (initiative 5)."],
    ["An advanced game of Hadara. Seats in play order: Ann (initiative 2), Bo (initiative 5)."],
    ["Setup sides: Ann A, Bo B"],
    ["  Ann starts with 8 coins, income 2, military 1, culture 2, food 3.",
     "  Bo starts with 1 coin, income 1, military 1, culture 1, food 5.",
     "  Extra starting coin: Bo"],
    ["", "Epoch II begins: Bo plays first."],
    ["Ann sets the wheel: their emblem points at the blue deck."],
    ["Phase A, round 1: drawing from Ann green, Bo purple."],
    ["  Ann buys Artisan (purple) for 2, tile blue (P2: culture +2); discards Broker (purple).",
     "  Bo sells a red card for 2; discards Slinger (red)."],
    ["Phase B of epoch I: take the discards in play order."],
    ["  Ann takes and buys Trader (yellow) for 1 (P3: income +1; P4: military +2)."],
    ["  Bo takes and sells Scribe (blue) for 3."],
    ["Income: Ann +4, Bo +0."],
    ["  Ann plunders a level-9 colony for 7 coins (paying 6 to lower the requirement); "
     "+2 coins from P9."],
    ["  Bo integrates a level-3 colony: income +1, military +2, 3 points."],
    ["  Bo integrates a level-3 colony: nothing, 4 points."],
    ["  Bo takes no colony."],
    ["  Ann carves statue 2 with a red tile (+2 on that track) (paying 9 to lower the "
     "requirement)."],
    ["  Bo carves statue 1 with a tile on its points side."],
    ["  Ann carves no statue."],
    ["Feeding of epoch III: cards to remove or pay for — Ann 3."],
    ["Feeding of epoch I: everyone has food for their cards."],
    ["Feeding:", "  Ann: removes Trader (yellow), Gatherer (green); pays for 2 cards; gains 3 coins "
     "from surplus food.", "  Bo: fed."],
    ["Medals of epoch II: everyone buys in secret; the purchases are shown together."],
    ["Medals: nobody buys one."],
    ["Medals: Ann silver (red) for 9, Bo gold for 12"],
    ["", "Final scores:",
     "  Ann: 41 (colonies 5, statues 3, silver medals 4, gold medals 7, cards 20, purple sets 0, "
     "coins 2)",
     "  Bo: 40 (colonies 5, statues 3, silver medals 4, gold medals 7, cards 20, purple sets 0, "
     "coins 2)",
     "Winner: Ann"],
    ["You draw Trader (yellow) and Gatherer (green) from the green deck."],
    ["You sell Scribe (blue) for 2 coins (the others see only its colour)."],
    ["Your pick is recorded: buy Artisan (purple) with your blue tile."],
    ["Your pick is recorded: sell Slinger (red)."],
    ["Your setup side is recorded: side B."],
    ["You will remove Gatherer (green)."],
    ["You will pay coins instead of removing a card."],
    ["You will buy a silver medal with your yellow tile."],
    ["You will buy a gold medal."],
]
ENGLISH_LABELS = [
    "Buy Trader · 3", "Buy Artisan · 2 · tile green", "Sell Trader · +2",
    "Point at the purple deck", "Side A: 8 coins, income +2, military +1, food +3",
    "Side B: 1 coin, no track", "Plunder colony 9 · +7",
    "Plunder colony 12 (pay 6 to lower the requirement)",
    "Integrate colony 3 · cost 1 (pay 3 to lower the requirement)", "Integrate colony 15",
    "Take no colony", "Statue 2 (12) · red tile, military +2",
    "Statue 1 (6) · blue tile, +2 points (pay 9 to lower the requirement)", "Carve no statue",
    "Remove Gatherer (green, food +1)", "Remove Broker (purple, no track)",
    "Pay 2 coins instead of removing a card", "Silver medal · yellow tile · 4", "Gold medal · 6",
    "Done buying medals",
]
ENGLISH_REFUSALS = [
    "Costs 5 coins, you have 3.", "Costs 20 coins, you have 3.",
    "You already hold a colony of level 3.", "No colony of level 15 is left.",
    "Needs military 12, you have 8.", "Needs culture 20, you have 5 + 4 from P14.",
    "Lowering the requirement costs 24, you have 7.", "Integrating costs 3, you have 2.",
    "You have no unused bonus tile.", "P6 allows at most 6 payments per feeding.",
    "Paying costs 2, you have 1.", "At most 2 silver medals per game.",
    "At most 2 gold medals per game.",
    "'colony_skip' is not a choice during the Phase-A draft.", "There is no card 'X-01'.",
    "Trader is not in your hand.", "Trader is not on top of a discard pile.",
    "Trader is not in your tableau.", "Choose 'buy' or 'sell'.",
    "Buying Artisan needs one of your unused bonus tiles: red, blue.",
    "Buying Artisan takes no bonus tile: you have none left.",
    "No payment is needed: you already meet the requirement.",
    "The payment must be exactly what closes the requirement gap (3 coins per point, P15).",
    "The payment must be exactly what closes the requirement gap: 6 coins (3 per point, P15).",
    "You have already carved statue 3.", "You have no unused green bonus tile.",
    "Only a P6 card lets you pay instead of removing a card.", "That is not a legal choice now.",
]


def _played() -> list[tuple[list[str], dict[str, Any]]]:
    """(players, event) for every event, public and private, of a basic and an advanced game."""
    return [(players, e) for players, e, _private in played_events()]


@pytest.fixture(scope="module")
def played() -> list[tuple[list[str], dict[str, Any]]]:
    return _played()


@pytest.fixture
def no_fallback(caplog: pytest.LogCaptureFixture) -> Any:
    """Fails the test when a French or Japanese message falls back to English."""
    caplog.set_level(logging.WARNING, logger="i18n")
    yield
    fell = [r.getMessage() for r in caplog.records if r.name == "i18n"]
    assert not fell, fell


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z_]{3,}", text)}


def _catalog_words(lang: str) -> set[str]:
    """The words of a language's engine catalog (values only: no ids, variables, keys)."""
    words: set[str] = set()
    for line in (LOCALE_DIR / lang / "engine.ftl").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        line = re.sub(r"^engine-[\w-]+ =", "", line)
        line = re.sub(r"\$\w+|\*?\[\w+\]", "", line)
        words |= _words(line)
    return words


#: English words of the engine's catalog that French or Japanese text must not contain (the
#: words French shares with English, "Phase", "points", "initiative", are not counted).
ENGLISH_ONLY = {lang: _catalog_words("en") - (_catalog_words(lang) if lang == "fr" else set())
                for lang in ("fr", "ja")}


def _no_english(lang: str, lines: list[str]) -> None:
    for line in lines:
        left = _words(line) & ENGLISH_ONLY[lang]
        assert not left, (lang, line, left)


def test_the_engine_catalogs_match_english() -> None:
    """Same ids and variables in every language, and every message formats."""
    for lang in ("fr", "ja"):
        assert [p for p in problems(lang) if "engine.ftl" in p] == []


@pytest.mark.parametrize("lang", LOCALES)
def test_every_event_kind_is_worded(lang: str, played: list[tuple[list[str], dict[str, Any]]],
                                    cat: Catalog, no_fallback: Any) -> None:
    """Every kind the engine emits (and every hand-made event) has its lines in each language,
    except the NO_LINE kinds; French and Japanese keep no English word."""
    types = pytest.importorskip("hadara.types")
    worded: set[str] = set()
    for players, e in [*played, *((PLAYERS, e) for e in EVENTS)]:
        lines = narrate.describe(e, players, cat, lang)
        if e["kind"] in narrate.NO_LINE:
            assert lines == [], e["kind"]
            continue
        assert any(line.strip() for line in lines), e["kind"]
        worded.add(e["kind"])
        if lang != "en":
            _no_english(lang, lines)
    assert worded | narrate.NO_LINE == set(types.EVENT_KINDS)


@pytest.mark.parametrize("lang", LOCALES)
def test_every_label_and_reason_is_worded(lang: str, cat: Catalog, no_fallback: Any) -> None:
    assert {p["code"] for p in LABELS} == LABEL_CODES
    assert {why for why, _ in REASONS} == set(narrate.REASONS)
    labels = [narrate.label(p, cat, lang) for p in LABELS]
    reasons = [narrate.reason(why, p, cat, lang) for why, p in REASONS]
    refusals = [narrate.refusal(why, p, cat, lang) for why, p in REASONS]
    with_label = [narrate.refusal(why, dict(p, label=LABELS[0]), cat, lang) for why, p in REASONS]
    for why, text in zip([w for w, _ in REASONS], reasons, strict=True):
        assert text and text != why.replace("_", " "), why
    if lang != "en":
        _no_english(lang, labels + reasons + refusals + with_label)
    stop = "。" if lang == "ja" else "."
    assert all(r.endswith(stop) and not r.endswith(stop * 2) for r in refusals + with_label)


@pytest.mark.parametrize("lang", LOCALES)
def test_labels_and_reasons_of_real_games(lang: str, cat: Catalog, no_fallback: Any) -> None:
    """The options of a whole random game, legal or not, in each language."""
    g = Game.new(["Ann", "Bo", "Cy"], "advanced", 7)
    rng = Rng(7)
    codes: set[str] = set()
    while not g.is_over:
        seat = g.waiting_on()[rng.below(len(g.waiting_on()))]
        for o in options(g, seat):
            parts = {"code": o["label_code"], **o["label_params"]}
            codes.add(parts["code"])
            texts = [narrate.label(parts, cat, lang)]
            if not o["legal"]:
                texts.append(narrate.refusal(o["why"], dict(o["params"], label=parts), cat, lang))
            if lang != "en":
                _no_english(lang, texts)
        acts = g.legal_actions(seat)
        g.apply(seat, acts[rng.below(len(acts))])
    assert codes <= LABEL_CODES


@pytest.mark.parametrize("lang", LOCALES)
def test_step_names_and_the_forced_hint(lang: str, no_fallback: Any) -> None:
    names = [narrate.step_name(step, lang) for step in narrate.STEP_NAMES]
    assert len(set(names)) == len(names) and all(names)
    assert narrate.step_name("unknown", lang) == "unknown"
    g = Game.new(["Ann", "Bo"], "basic", 1)
    seat = g.waiting_on()[0]
    only = g.legal_actions(seat)[:1]
    action, why = hint(view(g, seat), only, locale=lang)
    assert action == only[0] and why
    if lang != "en":
        _no_english(lang, names + [why])


def test_english_is_unchanged_but_for_plurals(cat: Catalog) -> None:
    assert [narrate.describe(e, PLAYERS, cat, "en") for e in EVENTS] == ENGLISH_EVENTS
    assert [narrate.label(p, cat, "en") for p in LABELS] == ENGLISH_LABELS
    assert [narrate.refusal(why, p, cat, "en") for why, p in REASONS] == ENGLISH_REFUSALS
    assert [narrate.step_name(s, "en") for s in narrate.STEP_NAMES] == [
        "choosing setup sides", "setting the wheel", "the Phase-A draft", "Phase B",
        "the colony step", "the statue step", "feeding", "buying medals", "the end of the game"]
    refused = narrate.refusal("needs_military", {"level": 12, "have": 8, "label": LABELS[6]}, cat,
                              "en")
    assert refused == "Plunder colony 9 · +7: needs military 12, you have 8."


def test_plurals_agree(cat: Catalog) -> None:
    """A count of one is singular in English and French; Japanese has no plural."""
    one = {"kind": "feeding_revealed", "epoch": 1, "results": [
        {"seat": 0, "removed": [], "paid": 1, "surplus": 1}]}
    assert narrate.describe(one, PLAYERS, cat, "en")[1] == (
        "  Ann: pays for 1 card; gains 1 coin from surplus food.")
    assert narrate.describe(one, PLAYERS, cat, "fr")[1] == (
        "  Ann : paie pour 1 carte ; gagne 1 pièce grâce au surplus d'Alimentation.")
    assert narrate.describe(one, PLAYERS, cat, "ja")[1] == (
        "  Ann：1枚分を支払いました。余った食料で1コインを獲得しました。")
    assert narrate.reason("card_cost", {"cost": 1, "have": 0}, cat, "en") == (
        "costs 1 coin, you have 0")
    assert narrate.reason("card_cost", {"cost": 2, "have": 0}, cat, "fr") == (
        "coûte 2 pièces, vous avez 0")
    tie = {"kind": "game_over", "scores": [{"total": 1}, {"total": 1}, {"total": 1}],
           "winners": [0, 1, 2]}
    assert narrate.describe(tie, ["Ann", "Bo", "Cy"], cat, "en")[-1] == (
        "Winners: Ann, Bo and Cy")
    assert narrate.describe(tie, ["Ann", "Bo", "Cy"], cat, "fr")[-1] == (
        "Vainqueurs : Ann, Bo et Cy")
    assert narrate.describe(tie, ["Ann", "Bo", "Cy"], cat, "ja")[-1] == "勝者：Ann、BoとCy"


def test_a_missing_discard_leaves_no_dangling_separator(cat: Catalog) -> None:
    e = {"kind": "round_revealed", "epoch": 1, "round": 0, "choices": [
        {"seat": 0, "colour": "red", "discarded": None, "mode": "sell", "coins": 2}]}
    assert narrate.describe(e, PLAYERS, cat, "en") == ["  Ann sells a red card for 2."]


def test_french_and_japanese_sentences(cat: Catalog) -> None:
    """A sample in each language: the rules' terms, "vous", polite Japanese and 「」 quotes."""
    fr = [narrate.describe(e, PLAYERS, cat, "fr") for e in EVENTS]
    ja = [narrate.describe(e, PLAYERS, cat, "ja") for e in EVENTS]
    assert fr[4] == ["", "L’époque II commence : Bo joue en premier."]
    assert ja[4] == ["", "時代IIが始まります。Boが親です。"]
    assert fr[28][0].startswith("Votre choix est enregistré") and fr[26][0].startswith("Vous ")
    assert all(line.endswith("。") for lines in ja[26:] for line in lines)
    assert narrate.reason("wrong_step", {"type": "take", "step": "colony"}, cat, "ja") == (
        "「take」は入植では選べません")
    assert narrate.reason("wrong_step", {"type": "take", "step": "colony"}, cat, "fr") == (
        "« take » n'est pas un choix possible pendant l'étape Colonie")
    assert "Sceau argenté" in narrate.label(LABELS[17], cat, "fr")
    assert "銀のメダル" in narrate.label(LABELS[17], cat, "ja")
    assert "P15" in narrate.reason("wrong_payment", {"expected": 6, "per_point": 3}, cat, "ja")


def test_none_speaks_the_current_language(cat: Catalog) -> None:
    e = {"kind": "colony_skipped", "seat": 0}
    with speaking("fr"):
        assert narrate.describe(e, PLAYERS, cat) == ["  Ann ne prend aucune Colonie."]
        assert narrate.step_name("feeding") == "l'Alimentation"
    with speaking("ja"):
        assert narrate.describe(e, PLAYERS, cat) == ["  Annは植民地を獲得しませんでした。"]
        assert hint({}, [{"type": "colony_skip"}])[1] == "選べる行動はこれだけです。"
    assert narrate.describe(e, PLAYERS, cat) == ["  Ann takes no colony."]


def test_log_lines_keep_their_indent(cat: Catalog) -> None:
    """Detail lines start with two spaces in every language (the code adds them)."""
    for lang in LOCALES:
        lines = narrate.describe(EVENTS[7], PLAYERS, cat, lang)
        assert all(line.startswith("  ") and not line.startswith("   ") for line in lines)


def test_no_catalog_file_is_missing() -> None:
    for lang in LOCALES:
        assert Path(LOCALE_DIR / lang / "engine.ftl").is_file()
