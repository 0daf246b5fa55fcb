"""Saving and replaying games: (content version, rules version, setup, seed, actions) as JSON.

A saved game replays to an identical state. A game saved under other content or other rules is
refused with a clear error unless that content is supplied.

Loading is strict and safe on any input: :func:`from_json` and :func:`from_dict` raise only
:class:`~hadara.errors.BadSave` (``reason`` says what kind of fault, the message names the
field, e.g. ``actions[12].seat: expected an integer, got a string``) for anything that is not
a valid save, and bound their work on hostile text: at most :data:`MAX_CHARS` characters
(checked before parsing), JSON nested at most :data:`MAX_DEPTH` deep (checked by a linear scan
before parsing, so the parser never recurses deeply), numbers of at most
:data:`MAX_NUMBER_CHARS` characters, at most :data:`MAX_ACTIONS` actions.

**Canonical form.** A save is the compact JSON that :func:`to_json` writes: keys sorted, no
spaces, ASCII only (other characters as ``\\uXXXX``), integers as plain integers, no duplicate
keys, exactly the fields of the schema below, and actions exactly as the engine records them
(``{"pay": 0}`` is recorded without ``pay``). :func:`from_json` accepts only canonical text
and :func:`from_dict` only data that :func:`to_dict` gives back unchanged, so for every text
``s`` that loads, ``to_json(from_json(s)) == s`` (and ``to_dict(from_dict(d)) == d``). A text
edited by hand (re-indented, reordered) is refused with reason ``not_canonical``; load it with
``from_dict(json.loads(text))`` if only its layout changed.

Schema (format 1)::

    {"actions": [{"action": {<name>: <string or integer>, ...}, "seat": <integer>}, ...],
     "content_version": <string>, "format": 1, "rules_version": <string>,
     "seed": <integer 0..2**63-1> | null, "setup": <Setup.to_dict()>}
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any, NoReturn

from .content import Catalog, default_catalog
from .engine import RULES_VERSION, Game
from .errors import BadSave, HadaraError
from .replay import steps
from .setup import Setup

FORMAT = 1
MAX_CHARS = 1 << 20  # 1 MiB; a finished five-player game is about 25 KB
MAX_DEPTH = 8  # a save nests 5 deep (save, setup, decks, epoch, deck)
MAX_NUMBER_CHARS = 24  # 2**63 has 19 digits
MAX_ACTIONS = 10_000  # a finished five-player game has about 350
MAX_SEED = (1 << 63) - 1
FIELDS = frozenset({"format", "content_version", "rules_version", "setup", "seed", "actions"})
ENTRY_FIELDS = frozenset({"seat", "action"})

# A JSON string (possessive, so linear), or an unterminated one running to the end of the text.
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
# Anything that would make a last-resort exception inside the engine during replay.
_REPLAY_FAULTS = (ValueError, TypeError, LookupError, AttributeError, RecursionError)


def to_dict(game: Game) -> dict[str, Any]:
    if game.setup is None or game.log is None:
        raise ValueError("only games created from a setup (not determinised ones) can be saved")
    return {
        "format": FORMAT,
        "content_version": game.catalog.version,
        "rules_version": RULES_VERSION,
        "setup": game.setup.to_dict(),
        "seed": game.seed,
        "actions": [{"seat": e["seat"], "action": e["action"]} for e in game.log],
    }


def to_json(game: Game) -> str:
    return _canonical(to_dict(game))


def from_dict(data: dict[str, Any], catalogs: dict[str, Catalog] | None = None) -> Game:
    """Replay saved data (as ``json.loads`` gives it). ``catalogs`` maps other content
    versions to their catalogs. Raises only :class:`BadSave`."""
    setup = _check(data)
    game = _replay(data, setup, _catalog(data, catalogs))
    _same_again(data, game, _canonical(data))
    return game


def from_json(text: str, catalogs: dict[str, Catalog] | None = None) -> Game:
    """Replay a saved game from its canonical JSON text. Raises only :class:`BadSave`."""
    data = _parse(text)
    setup = _check(data)
    catalog = _catalog(data, catalogs)
    if _canonical(data) != text:
        _fail("not_canonical", "saved game is not in canonical form (as to_json writes it: "
              "sorted keys, no spaces, ASCII, integers)")
    game = _replay(data, setup, catalog)
    _same_again(data, game, text)
    return game


def from_parts(setup: Mapping[str, Any] | None, seed: int | None,
               entries: Iterable[Mapping[str, Any]], *, content_version: str | None,
               rules_version: str | None, catalog: Catalog | None = None) -> Game:
    """Replay a game kept in parts (as a store keeps a record and its action rows: the setup
    as ``Setup.to_dict()`` data, the seed, the log entries ``{"seat", "action"}`` and the
    versions, None where a record has none: refused as :func:`from_dict` refuses it) with
    every check of :func:`from_dict`; ``catalog`` is the content of
    ``content_version`` when that is not the default one. Raises only :class:`BadSave`."""
    data = {"format": FORMAT, "content_version": content_version,
            "rules_version": rules_version, "setup": setup, "seed": seed,
            "actions": [{"seat": e["seat"], "action": e["action"]} for e in entries]}
    return from_dict(data, catalogs=None if catalog is None else {catalog.version: catalog})


# ------------------------------------------------------------------ parsing


def _fail(reason: str, message: str, **params: Any) -> NoReturn:
    raise BadSave(message, reason, **params)


def _canonical(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def _parse(text: str) -> Any:
    if not isinstance(text, str):
        _fail("not_json", f"a saved game is text, got {type(text).__name__}")
    if len(text) > MAX_CHARS:
        _fail("too_large", f"saved game is {len(text)} characters; at most {MAX_CHARS} allowed",
              limit=MAX_CHARS)
    _check_depth(text)
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_parse_constant, object_pairs_hook=_object)
    except json.JSONDecodeError as exc:
        _fail("not_json", f"saved game is not valid JSON: {exc.msg} at line {exc.lineno} "
              f"column {exc.colno}")
    except (ValueError, RecursionError) as exc:  # pragma: no cover - the scans above prevent it
        _fail("not_json", f"saved game is not valid JSON: {type(exc).__name__}")


def _check_depth(text: str) -> None:
    """Refuse text nested deeper than MAX_DEPTH, in linear time and without recursion.

    Strings are cut out, leaving the brackets; each pass deletes every innermost ``[]``/``{}``
    pair. Text nested at most MAX_DEPTH deep is empty after MAX_DEPTH passes.
    """
    skeleton = _NOT_BRACKET.sub("", _STRING.sub("", text))
    for _ in range(MAX_DEPTH):
        if not skeleton:
            return
        shorter = skeleton.replace("[]", "").replace("{}", "")
        if shorter == skeleton:
            _fail("not_json", "saved game is not valid JSON: brackets do not match")
        skeleton = shorter
    if skeleton:
        _fail("too_deep", f"saved game is nested more than {MAX_DEPTH} deep", limit=MAX_DEPTH)


def _parse_int(s: str) -> int:
    if len(s) > MAX_NUMBER_CHARS:
        _fail("too_large", f"saved game holds a number of {len(s)} characters "
              f"(at most {MAX_NUMBER_CHARS})", limit=MAX_NUMBER_CHARS)
    return int(s)


def _parse_float(s: str) -> float:
    if len(s) > MAX_NUMBER_CHARS:
        _fail("too_large", f"saved game holds a number of {len(s)} characters "
              f"(at most {MAX_NUMBER_CHARS})", limit=MAX_NUMBER_CHARS)
    return float(s)  # never valid in a save: the schema check names the field


def _parse_constant(s: str) -> NoReturn:
    _fail("not_json", f"saved game is not valid JSON: {s} is not a JSON number")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    d = dict(pairs)
    if len(d) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                _fail("malformed", f"saved game repeats the key {_short(key)} in an object")
            seen.add(key)
    return d


# ------------------------------------------------------------------ schema


def _what(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    for kind, name in ((int, "an integer"), (float, "a fraction"), (str, "a string"),
                       (list, "a list"), (dict, "an object")):
        if isinstance(value, kind):
            return name
    return type(value).__name__


def _short(value: Any) -> str:
    if type(value) is int and not -(10**30) < value < 10**30:
        return "a huge integer"  # repr of a 5,000-digit int raises ValueError
    r = repr(value)
    return r if len(r) <= 40 else r[:37] + "..."


def _expected(field: str, what: str, value: Any) -> NoReturn:
    _fail("malformed", f"{field}: expected {what}, got {_what(value)}", field=field)


def _fields(field: str, value: Any, names: frozenset[str]) -> dict[str, Any]:
    if type(value) is not dict:
        _expected(field, "an object", value)
    missing = sorted(names - value.keys())
    if missing:
        _fail("malformed", f"{field}: missing field {missing[0]!r}", field=field)
    extra = sorted(_short(k) for k in value.keys() - names)
    if extra:
        _fail("malformed", f"{field}: unknown field {extra[0]}", field=field)
    return value


def _check(data: Any) -> Setup:
    """Check the whole save's shape and types (not the setup's or actions' meaning)."""
    if type(data) is not dict:
        _fail("malformed", f"not a saved Hadara game: expected an object, got {_what(data)}")
    fmt = data.get("format")
    if type(fmt) is not int:
        _fail("malformed", f"not a saved Hadara game: format: expected the integer {FORMAT}, "
              f"got {_what(fmt) if 'format' in data else 'nothing'}", field="format")
    if fmt != FORMAT:
        _fail("other_format", f"saved in format {_short(fmt)}; this engine reads format "
              f"{FORMAT}", format=fmt)
    _fields("save", data, FIELDS)
    for name in ("rules_version", "content_version"):
        if type(data[name]) is not str:
            _expected(name, "a string", data[name])
    seed = data["seed"]
    if seed is not None and type(seed) is not int:
        _expected("seed", "null or an integer", seed)
    if seed is not None and not 0 <= seed <= MAX_SEED:
        _fail("malformed", "seed: expected an integer from 0 to 2**63-1, got one out of range",
              field="seed")
    actions = data["actions"]
    if type(actions) is not list:
        _expected("actions", "a list", actions)
    if len(actions) > MAX_ACTIONS:
        _fail("too_large", f"actions: {len(actions)} actions; at most {MAX_ACTIONS} allowed",
              field="actions", limit=MAX_ACTIONS)
    for i, entry in enumerate(actions):
        field = f"actions[{i}]"
        _fields(field, entry, ENTRY_FIELDS)
        seat = entry["seat"]
        if type(seat) is not int:
            _expected(f"{field}.seat", "an integer", seat)
        if not -MAX_SEED <= seat <= MAX_SEED:
            _fail("malformed", f"{field}.seat: integer out of range", field=f"{field}.seat")
        action = entry["action"]
        if type(action) is not dict:
            _expected(f"{field}.action", "an object", action)
        for key, value in action.items():
            if type(key) is not str:
                _expected(f"{field}.action", "names (strings) as keys", key)
            if type(value) is not str and type(value) is not int:
                _expected(f"{field}.action.{_short(key)}", "a string or an integer", value)
            if type(value) is int and not -MAX_SEED <= value <= MAX_SEED:
                _fail("malformed", f"{field}.action.{_short(key)}: integer out of range",
                      field=f"{field}.action.{_short(key)}")
    return _setup(data["setup"])


def _setup(data: Any) -> Setup:
    try:
        return Setup.from_dict(data)
    except BadSave:
        raise
    except (*_REPLAY_FAULTS, HadaraError) as exc:  # pragma: no cover - from_dict raises BadSave
        _fail("malformed", f"setup: {type(exc).__name__}", field="setup")


# ------------------------------------------------------------------ replay


def _catalog(data: dict[str, Any], catalogs: dict[str, Catalog] | None) -> Catalog:
    if data["rules_version"] != RULES_VERSION:
        _fail("other_rules", f"saved under rules version {data['rules_version'][:40]!r}; this "
              f"engine plays version {RULES_VERSION}", rules_version=data["rules_version"])
    version = data["content_version"]
    catalog = default_catalog()
    if version == catalog.version:
        return catalog
    other = (catalogs or {}).get(version)
    if other is None:
        _fail("other_content", f"saved with content {version[:40]}, but only content "
              f"{catalog.version} is available; supply that content", content_version=version)
    return other


def _replay(data: dict[str, Any], setup: Setup, catalog: Catalog) -> Game:
    replay = steps(setup, data["seed"], catalog, data["actions"])
    try:
        step = next(replay)  # the opening: the setup meets the content
    except HadaraError as exc:
        _fail("bad_setup", f"setup does not fit the content: {exc.message}", field="setup")
    except _REPLAY_FAULTS as exc:
        _fail("bad_setup", f"setup does not fit the content: {exc}", field="setup")
    for i in range(len(data["actions"])):
        try:
            step = next(replay)
        except HadaraError as exc:
            _fail("does_not_replay", f"action #{i} does not replay: {exc.message}",
                  field=f"actions[{i}]", action=i)
        except _REPLAY_FAULTS as exc:
            _fail("does_not_replay", f"action #{i} does not replay: actions[{i}].action is "
                  f"malformed ({type(exc).__name__})", field=f"actions[{i}]", action=i)
    return step.game


def _same_again(data: dict[str, Any], game: Game, text: str) -> None:
    """Refuse a save that loads but would not be saved the same way (not canonical)."""
    again = to_dict(game)
    # A catalog supplied under another name than its own version re-saves under its own.
    again["content_version"] = data["content_version"]
    if _canonical(again) == text:
        return
    saved, given = again["actions"], data["actions"]
    for i, (a, b) in enumerate(zip(saved, given, strict=False)):
        if _canonical(a) != _canonical(b):
            _fail("not_canonical", f"actions[{i}]: recorded as {_short(_canonical(a))}, not "
                  f"{_short(_canonical(b))}; saves hold actions as the engine records them",
                  field=f"actions[{i}]")
    if len(saved) != len(given):
        _fail("not_canonical", f"actions: the engine records {len(saved)} actions, the save "
              f"holds {len(given)} (a replaced pick replaces its entry)", field="actions")
    _fail("not_canonical", "saved game does not save again the same way")
