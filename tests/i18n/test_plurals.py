"""Plurals: every catalog message that takes a number agrees with it in every language, and
no code builds a plural by hand.

Each message is formatted with every number variable at 0, 1, 2 and 5 (all together, then each
alone while the others are 7) in English, French and Japanese; variables that hold words (a
colour, a tile, a name: :data:`WORD_VARIABLES`, :data:`WORD_IN`) are given a word, so "the
{ $colour } deck" is never read as "the 2 deck", and variables written from another one
(:data:`LINKED`) follow it. Wherever a number meets a counted
word ("1 point", "2 cartes", "+1 coin"), the word must agree with the number by the language's
rules (English: one for 1; French: one for 0 and 1). Words are known as counted nouns (and
French agreeing adjectives) from :data:`COUNTED`, and from every word seen in the outputs after
a number in both its singular and plural form. Japanese counts with counters and has no plural:
its messages must simply format, and never show an English counted word after a number.

The static checks: no Python module of the application pluralises by hand (``"s" if n != 1``,
``+ "s"``, ``"card(s)"``, ``f"…{n} points"``) in text a player reads (exceptions, logs,
refusals' English messages and developer tools are left out: :data:`DEVELOPER_MODULES`,
:data:`DEVELOPER_CALLS`), and no catalog writes "point(s)".
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import i18n
from i18n import check

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = (0, 1, 2, 5)
OTHER = 7

#: Counted words (singular, plural) of each language beyond those the outputs show in both
#: forms; French adjectives that agree with a count ("2 restantes") are listed too.
COUNTED: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (("point", "points"), ("coin", "coins"), ("card", "cards"), ("tile", "tiles"),
           ("move", "moves"), ("vote", "votes"), ("seat", "seats"), ("round", "rounds"),
           ("payment", "payments"), ("game", "games"), ("day", "days"), ("table", "tables"),
           ("colony", "colonies"), ("track", "tracks"), ("step", "steps"), ("set", "sets"),
           ("position", "positions"), ("player", "players"), ("line", "lines"),
           ("decision", "decisions"), ("character", "characters"), ("hour", "hours"),
           ("minute", "minutes"), ("event", "events"), ("strike", "strikes"),
           ("medal", "medals"), ("statue", "statues"), ("time", "times"),
           ("lesson", "lessons"), ("turn", "turns"), ("deadline", "deadlines"),
           ("pt", "pts"), ("future", "futures"), ("member", "members"),
           ("opponent", "opponents"), ("win", "wins"), ("season", "seasons"),
           ("league", "leagues"), ("result", "results"), ("emblem", "emblems"),
           ("deck", "decks"), ("pile", "piles"), ("action", "actions"),
           ("track step", "track steps"), ("AI player", "AI players"),
           ("silver medal", "silver medals"), ("gold medal", "gold medals"),
           ("bonus tile", "bonus tiles"), ("purple set", "purple sets")),
    "fr": (("point", "points"), ("pièce", "pièces"), ("carte", "cartes"), ("jeton", "jetons"),
           ("coup", "coups"), ("place", "places"), ("partie", "parties"),
           ("paiement", "paiements"), ("manche", "manches"), ("jour", "jours"),
           ("table", "tables"), ("colonie", "colonies"), ("case", "cases"),
           ("joueur", "joueurs"), ("joueuse", "joueuses"), ("décision", "décisions"),
           ("délai", "délais"), ("caractère", "caractères"), ("avenir", "avenirs"),
           ("ligne", "lignes"), ("heure", "heures"), ("événement", "événements"),
           ("sceau", "sceaux"), ("médaille", "médailles"), ("buste", "bustes"),
           ("statue", "statues"), ("tour", "tours"), ("leçon", "leçons"),
           ("adversaire", "adversaires"), ("victoire", "victoires"), ("saison", "saisons"),
           ("ligue", "ligues"), ("résultat", "résultats"), ("membre", "membres"),
           ("pioche", "pioches"), ("piste", "pistes"), ("action", "actions"),
           ("avertissement", "avertissements"), ("fois", "fois"),
           ("restant", "restants"), ("restante", "restantes"), ("utilisé", "utilisés"),
           ("utilisée", "utilisées"), ("inscrit", "inscrits"), ("gagnée", "gagnées"),
           ("jouée", "jouées"), ("dernier", "derniers"), ("dernière", "dernières"),
           ("premier", "premiers"), ("autre", "autres"), ("possédée", "possédées"),
           ("disponible", "disponibles"), ("manquée", "manquées"), ("manqué", "manqués"),
           ("pt", "pts")),
}
#: A number as the catalogs print it (not part of an id, a mention, a decimal or "level-3"),
#: optionally bold, then up to two words.
NUMBER_WORDS = re.compile(
    r"(?<![\w.,:/#@<>&-])[+−-]?(?P<n>\d+)(?![\d.,:/])\**(?:\s|\u00a0|\u202f)+\**"
    r"(?P<words>[^\W\d_]+(?:[ '][^\W\d_]+)?)")


#: Variables that hold words, not numbers, wherever they appear (a colour, a tile's track, a
#: game variant, a person's name, a card's name…): they are formatted as a word, so "the
#: { $colour } deck" or "A { $variant } game" is never read as "the 2 deck" or "A 2 game".
WORD_VARIABLES = frozenset({
    "colour", "tile", "variant", "mode", "name", "names", "card", "track", "kind", "medal",
    "mention", "voter", "who", "player", "label", "reason", "taken", "best", "what", "where",
    "effects", "effect", "tracks", "text", "rel", "at", "url", "host", "discards",
})
#: Variables that are words in one message only (the same name is a number elsewhere), with why.
WORD_IN: dict[str, frozenset[str]] = {
    # " · pay 2 coins to reach it (P15)", a piece of text appended to the line, or nothing
    "ahead-level": frozenset({"pay"}),
    "engine-label-statue-colour": frozenset({"pay"}),
    "engine-label-statue-points": frozenset({"pay"}),
    "engine-event-statue-colour": frozenset({"pay"}),
    "engine-event-statue-points": frozenset({"pay"}),
}
#: Variables that always equal another one as written (its sign, its text): they follow their
#: partner instead of varying alone ("+2 coins" is { $delta } { $n -> … } with delta "+2").
LINKED: dict[tuple[str, str], str] = {
    ("engine-hint-coins", "delta"): "n",
    ("engine-hint-points", "delta"): "n",
}
WORD_SAMPLE = "‹w›"  # not a letter at either end: "points‹w›" still shows "points"


def _format(lang: str, ident: str, values: dict[str, int | str]) -> str:
    bundle = i18n._bundle(lang)
    pattern = bundle.get_message(ident).value
    assert pattern is not None
    text, errors = bundle.format_pattern(
        pattern, {k: i18n._arg(v, lang) for k, v in values.items()})
    assert not errors, (lang, ident, values, errors)
    return str(text)


def is_word(ident: str, name: str) -> bool:
    return name in WORD_VARIABLES or name in WORD_IN.get(ident, frozenset())


def renderings(lang: str) -> Iterator[tuple[str, dict[str, int | str], str]]:
    """(message, its values, its text) for every message taking a number: every number at
    0, 1, 2 and 5 together, then each alone while the others are 7; words stay words."""
    for ident, message in sorted(i18n.keys(lang).items()):
        names = sorted(check.variables(message))
        words = {name: WORD_SAMPLE for name in names if is_word(ident, name)}
        numbers = [name for name in names if name not in words]
        free = [name for name in numbers if (ident, name) not in LINKED]
        if not numbers:
            continue

        def filled(values: dict[str, int], ident: str = ident,
                   words: dict[str, str] = words) -> dict[str, int | str]:
            for (i, name), partner in LINKED.items():
                if i == ident:
                    values[name] = values[partner]
            return {**words, **values}
        for n in SAMPLES:
            together = filled(dict.fromkeys(numbers, n))
            yield ident, together, _format(lang, ident, together)
            if len(free) > 1:
                for name in free:
                    alone = filled({**dict.fromkeys(numbers, OTHER), name: n})
                    yield ident, alone, _format(lang, ident, alone)


def _singular(lang: str, n: int) -> bool:
    return n == 1 if lang == "en" else n in (0, 1)


def _pairs(lang: str, seen: set[str]) -> tuple[dict[str, str], dict[str, str]]:
    """(singular → plural, plural → singular) of the counted words of ``lang``: the listed
    ones and every word the outputs show after a number both as w and as w + "s"."""
    pairs = set(COUNTED[lang])
    pairs |= {(w, w + "s") for w in seen if w + "s" in seen and len(w) > 2}
    return {s: p for s, p in pairs if s != p}, {p: s for s, p in pairs if s != p}


def agreement_errors(lang: str) -> list[str]:
    found: list[tuple[str, str, int, str]] = []
    for ident, _values, text in renderings(lang):
        for m in NUMBER_WORDS.finditer(text):
            found.append((ident, text, int(m["n"]), m["words"]))
    seen = {w.split(" ")[0] for *_x, w in found} | {w for *_x, w in found}
    to_plural, to_singular = _pairs(lang, seen)
    errors = []
    for ident, text, n, words in found:
        for w in (words, words.split(" ")[0]):  # "track steps", then "track"
            if w not in to_singular and w not in to_plural:
                continue
            if _singular(lang, n) and w in to_singular:
                errors.append(f"{lang} {ident}: {n} {w} (want {to_singular[w]}): {text!r}")
            elif not _singular(lang, n) and w in to_plural:
                errors.append(f"{lang} {ident}: {n} {w} (want {to_plural[w]}): {text!r}")
            break  # the longest counted words decide ("2 track steps" is not "2 track")
    return sorted(set(errors))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_counted_words_agree_with_their_number(lang: str) -> None:
    errors = agreement_errors(lang)
    assert not errors, f"{len(errors)} disagreements:\n" + "\n".join(errors[:80])


def test_the_check_sees_a_disagreement() -> None:
    """The detector itself: "1 points" and "2 carte" are found, "1 point", "level-2 colony",
    "game #1 points", "1.0 points" are not."""
    def hits(lang: str, text: str) -> list[tuple[int, str]]:
        to_plural, to_singular = _pairs(lang, set())
        return [(int(m["n"]), m["words"].split(" ")[0]) for m in NUMBER_WORDS.finditer(text)
                if (m["words"].split(" ")[0] in to_singular and _singular(lang, int(m["n"])))
                or (m["words"].split(" ")[0] in to_plural and not _singular(lang, int(m["n"])))]
    assert hits("en", "Colony 3 (2 left): integrate for 1 · 1 points") == [(1, "points")]
    assert hits("en", "+1 coins") == [(1, "coins")]
    assert hits("en", "**1** points, rank 2") == [(1, "points")]
    assert hits("en", "0 points, 1 point, 2 points, a level-2 colony, 1.0 points") == []
    assert hits("fr", "0 point, 1 carte, 2 carte") == [(2, "carte")]
    assert hits("fr", "0 points") == [(0, "points")]


def test_japanese_formats_every_number_without_english_counted_words() -> None:
    english = {w for pair in COUNTED["en"] for w in pair}
    bad = []
    for ident, _values, text in renderings("ja"):
        for m in NUMBER_WORDS.finditer(text):
            if m["words"].split(" ")[0] in english:
                bad.append(f"ja {ident}: {text!r}")
    assert not bad, "\n".join(sorted(set(bad))[:40])


# ---------------------------------------------------------------------- no plural by hand

#: Code that builds a plural by hand: a suffix chosen by a count, or glued to a word.
BY_HAND_CODE = (
    re.compile(r"""["']s["']\s+if\b"""),                      # "s" if n != 1 else ""
    re.compile(r"""\+\s*["']s["']"""),                         # word + "s"
)
#: Text (the literal parts of strings and f-strings) that writes a plural by hand.
BY_HAND_TEXT = (
    re.compile(r"""\w\((s|es)\)"""),                           # "card(s)"
    re.compile(r"""\}s\b"""),                                   # f"{word}s"
    re.compile(r"""\}\s+(points?|pts|coins?|cards?|tiles?|moves?|votes?|seats?|rounds?|"""
               r"""games?|wins?|days?|hours?|players?)\b(?!=)"""),  # f"{n} points"
)
APP = ("bot", "cogs", "hadara", "rendering", "i18n")
#: Modules whose words are for developers and operators at a terminal, in English only
#: (command-line tools, benchmarks, the migration's progress), not for players.
DEVELOPER_MODULES = frozenset({
    "bot/__main__.py", "bot/verify.py", "bot/storage/migrate.py", "bot/league/sim.py",
    "hadara/cli.py", "hadara/demo.py", "hadara/ai/balance.py", "hadara/ai/tournament.py",
    "i18n/check.py",
})
#: Calls whose text is for developers (exceptions, logs, terminal output, a refusal's
#: English message: players read the refusal's catalog key instead).
DEVELOPER_CALLS = frozenset({
    "print", "say", "debug", "info", "warning", "error", "exception", "fail", "_fail",
    "Refusal", "PlanError", "Broken",
})


def _call_name(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _strings(path: Path) -> Iterator[tuple[int, str, str]]:
    """(line, kind, text) of a module: "text" for the literal parts of every string and
    f-string (placeholders as "{}"), "code" for the source of every conditional expression
    and addition; docstrings, exceptions raised and developer calls left out."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    skip: set[int] = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) \
                and n.body and isinstance(n.body[0], ast.Expr) \
                and isinstance(n.body[0].value, ast.Constant):
            skip.add(id(n.body[0].value))
        if isinstance(n, ast.Raise) or (isinstance(n, ast.Call)
                                        and _call_name(n) in DEVELOPER_CALLS):
            skip |= {id(m) for m in ast.walk(n)}
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, "text", node.value
        elif isinstance(node, ast.JoinedStr):
            yield node.lineno, "text", "".join(
                str(v.value) if isinstance(v, ast.Constant) else "{}" for v in node.values)
        elif isinstance(node, ast.IfExp | ast.BinOp):
            yield node.lineno, "code", ast.get_source_segment(source, node) or ""


def by_hand(path: Path) -> list[str]:
    found = []
    for line, kind, text in _strings(path):
        for pattern in BY_HAND_CODE if kind == "code" else BY_HAND_TEXT:
            if pattern.search(text):
                found.append(f"{line}: {text.strip()[:100]}")
    return found


def test_no_code_builds_a_plural_by_hand() -> None:
    found = []
    for folder in APP:
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name not in DEVELOPER_MODULES:
                found += [f"{name}:{x}" for x in by_hand(path)]
    assert not found, "\n".join(sorted(set(found)))


def test_the_source_check_sees_a_plural_by_hand(tmp_path: Path) -> None:
    """The detector itself: a suffix by count, "card(s)" and f"{n} points" are found; a
    call such as initiative(s), an exception's message and a log line are not."""
    bad = tmp_path / "bad.py"
    bad.write_text('def f(n, s):\n'
                   '    a = "card" + ("s" if n != 1 else "")\n'
                   '    b = "card" + "s"\n'
                   '    c = "card(s)"\n'
                   '    d = f"{n} points"\n'
                   '    e = g.initiative(s) + 1\n'
                   '    log.info(f"{n} games")\n'
                   '    raise ValueError(f"{n} cards")\n', encoding="utf-8")
    assert sorted({x.split(":")[0] for x in by_hand(bad)}) == ["2", "3", "4", "5"], by_hand(bad)


def test_no_catalog_writes_a_plural_by_hand() -> None:
    found = []
    for lang in i18n.LOCALES:
        for path in sorted((i18n.LOCALE_DIR / lang).glob("*.ftl")):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if not line.startswith("#") and re.search(r"\w\((s|x|e|es)\)", line):
                    found.append(f"{lang}/{path.name}:{n}: {line.strip()}")
    assert not found, "\n".join(found)
