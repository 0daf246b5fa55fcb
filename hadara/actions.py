"""The shape of every action, checked before the engine looks at legality.

An action arriving from a button, an old save or a database row is untrusted: ``checked``
returns a fresh, normalised copy of a well-formed action or raises :class:`MalformedAction`
naming the field at fault. Legality (is this card in your hand, can you afford it) is the
engine's business afterwards; this module only guarantees that every value has the type and
range the rules code assumes, so nothing can fail half-way through applying an action.
"""

from __future__ import annotations

from typing import Any

from .content import COLOURS, TRACK_COLOURS
from .errors import MalformedAction

MAX_ID = 64  # card ids and names are short; a longer string is not an id
MAX_INT = 1000  # levels, spaces and payments are small; bigger is not a real choice

_SIDES = ("A", "B")
_MODES = ("buy", "sell")
# Field kinds: "id" (short string), "int" (exact int), or a tuple of allowed strings.
_SCHEMA: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    # type: (required fields, optional fields)
    "setup_side": ({"side": _SIDES}, {}),
    "wheel": ({"colour": COLOURS}, {}),
    "draft": ({"card": "id", "mode": _MODES}, {"tile": TRACK_COLOURS}),
    "take": ({"card": "id", "mode": _MODES}, {"tile": TRACK_COLOURS}),
    "colony": ({"level": "int", "mode": ("plunder", "integrate")}, {"pay": "int"}),
    "colony_skip": ({}, {}),
    "statue": ({"space": "int", "tile": TRACK_COLOURS, "side": ("colour", "points")},
               {"pay": "int"}),
    "statue_skip": ({}, {}),
    "feed_remove": ({"card": "id"}, {}),
    "feed_pay": ({}, {}),
    "medal": ({"kind": ("silver", "gold")}, {"tile": TRACK_COLOURS}),
    "medals_done": ({}, {}),
}
ACTION_TYPES = tuple(_SCHEMA)


def _bad(message: str, field: str, **params: Any) -> MalformedAction:
    return MalformedAction(message, "malformed_field" if field else "malformed", field=field,
                           **params)


def _check_value(t: str, key: str, kind: Any, value: Any) -> None:
    if kind == "int":
        # exact int: True is an int in Python, and 3.0 == 3 would pass a legality lookup
        if type(value) is not int:
            raise _bad(f"'{key}' of a {t} action must be a whole number.", key,
                       expected="int")
        if not -MAX_INT <= value <= MAX_INT:
            raise _bad(f"'{key}' of a {t} action is out of range.", key, expected="int")
        return
    if type(value) is not str:
        raise _bad(f"'{key}' of a {t} action must be a name.", key, expected="str")
    if kind == "id":
        if not 0 < len(value) <= MAX_ID:
            raise _bad(f"'{key}' of a {t} action is not an id.", key, expected="id")
    elif value not in kind:
        raise _bad(f"'{key}' of a {t} action must be one of {', '.join(kind)}.", key,
                   allowed=list(kind))


def checked(action: Any) -> dict[str, Any]:
    """A fresh copy of a well-formed action (``pay: 0`` dropped), or MalformedAction."""
    if type(action) is not dict:
        raise MalformedAction("An action must be an object with a 'type'.", "not_an_object")
    t = action.get("type")
    if type(t) is not str or t not in _SCHEMA:
        raise MalformedAction(f"Unknown action type {t!r}." if isinstance(t, str)
                              else "An action needs a 'type' naming what to do.",
                              "unknown_type", type=t if isinstance(t, str) else None)
    required, optional = _SCHEMA[t]
    out: dict[str, Any] = {"type": t}
    for key, value in action.items():
        if key == "type":
            continue
        kind = required.get(key) if type(key) is str else None
        if kind is None:
            kind = optional.get(key) if type(key) is str else None
        if kind is None:
            raise _bad(f"A {t} action has no field {key!r}.", str(key)[:MAX_ID],
                       problem="unknown_field")
        _check_value(t, key, kind, value)
        if key == "pay" and value == 0:  # {"pay": 0} and no pay name the same action
            continue
        out[key] = value
    for key in required:
        if key not in out:
            raise _bad(f"A {t} action needs '{key}'.", key, problem="missing_field")
    return out
