"""Actions: one typed representation and one codec over the action dicts.

An action is stored, logged and saved as a plain JSON object with a ``type`` (the table in
docs/engine.md). Each type is also a small frozen dataclass here, and the codec goes between
the two the way python-chess's ``Move.from_uci``/``Move.uci`` do:

* :func:`decode` checks an untrusted dict (from a button, a save, a database row, a queued
  plan) and returns the typed action, or raises :class:`MalformedAction` naming the field at
  fault. It guarantees that every value has the type and range the rules code assumes, so
  nothing can fail half-way through applying an action; legality (is this card in your hand,
  can you afford it) is the engine's business afterwards.
* :func:`encode` (``action.to_dict()``) writes the dict exactly as the engine records it: the
  same keys in the same order, no ``pay`` when it is 0 and no ``tile`` when none is named. So
  ``encode(decode(a)) == a``, key order included, for every action the engine lists, and the
  stored JSON does not depend on who built the action.

The dataclasses' annotations are the one statement of an action's shape: ``str`` is an id of
1..:data:`MAX_ID` characters, ``int`` an exact integer within ±:data:`MAX_INT`, a ``Literal``
one of its names, a field with a default is optional. The engine's hot paths (legal actions,
apply) stay on the dicts; the codec runs at the edges and where ``Game.apply`` falls back
from its fast legality lookup. The log's undo entries (``{"type": "undo", "count": n}``) are
no decision and not part of the codec: ``Game.apply`` reads them itself.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, get_args, get_origin, get_type_hints

from .errors import MalformedAction
from .state import COLONY, DRAFT, FEEDING, MEDALS, PHASE_B, SETUP_SIDE, STATUE, WHEEL
from .types import Action, Colour, TrackColour

MAX_ID = 64  # card ids and names are short; a longer string is not an id
MAX_INT = 1000  # levels, spaces and payments are small; bigger is not a real choice

Side = Literal["A", "B"]
Mode = Literal["buy", "sell"]
ColonyMode = Literal["plunder", "integrate"]
StatueSide = Literal["colour", "points"]
MedalKind = Literal["silver", "gold"]


class _Typed:
    """What every typed action has: its ``type`` name, the kind of ``decision`` it answers
    (the step: ``Decision.kind``) and its dict (:func:`encode`)."""

    __slots__ = ()
    type: ClassVar[str]
    decision: ClassVar[str]

    def to_dict(self) -> Action:
        return encode(self)


# kw_only: a field with a default may come before one without, so each class lists its fields
# in the order the engine writes them (a paid colony is type, level, pay, mode).


@dataclass(frozen=True, slots=True, kw_only=True)
class SetupSide(_Typed):
    type: ClassVar[str] = "setup_side"
    decision: ClassVar[str] = SETUP_SIDE
    side: Side


@dataclass(frozen=True, slots=True, kw_only=True)
class Wheel(_Typed):
    type: ClassVar[str] = "wheel"
    decision: ClassVar[str] = WHEEL
    colour: Colour  # the deck the first player's emblem points at (R-A1)


@dataclass(frozen=True, slots=True, kw_only=True)
class Draft(_Typed):
    type: ClassVar[str] = "draft"
    decision: ClassVar[str] = DRAFT
    card: str  # the card kept (the other is discarded)
    mode: Mode
    tile: TrackColour | None = None  # a P2 buy: the bonus tile placed on the card


@dataclass(frozen=True, slots=True, kw_only=True)
class Take(_Typed):
    type: ClassVar[str] = "take"
    decision: ClassVar[str] = PHASE_B
    card: str  # the top card of a discard pile
    mode: Mode
    tile: TrackColour | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Colony(_Typed):
    type: ClassVar[str] = "colony"
    decision: ClassVar[str] = COLONY
    level: int
    pay: int = 0  # P15: exactly the coins that close the requirement gap
    mode: ColonyMode


@dataclass(frozen=True, slots=True, kw_only=True)
class ColonySkip(_Typed):
    type: ClassVar[str] = "colony_skip"
    decision: ClassVar[str] = COLONY


@dataclass(frozen=True, slots=True, kw_only=True)
class Statue(_Typed):
    type: ClassVar[str] = "statue"
    decision: ClassVar[str] = STATUE
    space: int  # 1..4
    tile: TrackColour
    side: StatueSide
    pay: int = 0  # P15


@dataclass(frozen=True, slots=True, kw_only=True)
class StatueSkip(_Typed):
    type: ClassVar[str] = "statue_skip"
    decision: ClassVar[str] = STATUE


@dataclass(frozen=True, slots=True, kw_only=True)
class FeedRemove(_Typed):
    type: ClassVar[str] = "feed_remove"
    decision: ClassVar[str] = FEEDING
    card: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FeedPay(_Typed):
    type: ClassVar[str] = "feed_pay"  # P6: pay coins for one card instead of removing it
    decision: ClassVar[str] = FEEDING


@dataclass(frozen=True, slots=True, kw_only=True)
class Medal(_Typed):
    type: ClassVar[str] = "medal"
    decision: ClassVar[str] = MEDALS
    kind: MedalKind
    tile: TrackColour | None = None  # silver only: the bonus tile on the medal space


@dataclass(frozen=True, slots=True, kw_only=True)
class MedalsDone(_Typed):
    type: ClassVar[str] = "medals_done"
    decision: ClassVar[str] = MEDALS


TypedAction = (SetupSide | Wheel | Draft | Take | Colony | ColonySkip | Statue | StatueSkip
               | FeedRemove | FeedPay | Medal | MedalsDone)
CLASSES: tuple[type[TypedAction], ...] = (
    SetupSide, Wheel, Draft, Take, Colony, ColonySkip, Statue, StatueSkip, FeedRemove, FeedPay,
    Medal, MedalsDone)
BY_TYPE: Mapping[str, type[TypedAction]] = {cls.type: cls for cls in CLASSES}
ACTION_TYPES = tuple(BY_TYPE)
#: Action type -> the kind of decision (the step) it answers.
DECISION_KIND: Mapping[str, str] = {cls.type: cls.decision for cls in CLASSES}


# ------------------------------------------------------------------------------ the schema


@dataclass(frozen=True, slots=True)
class Field:
    """One field of an action type, read from its dataclass: ``kind`` is ``"id"``, ``"int"``
    or the allowed names; an optional field left at ``default`` is not written."""

    name: str
    kind: str | tuple[str, ...]
    required: bool
    default: object = None


def _kind_of(hint: Any) -> str | tuple[str, ...]:
    if get_origin(hint) in (types.UnionType, typing.Union):  # X | None: optional
        (hint,) = (a for a in get_args(hint) if a is not type(None))
    if get_origin(hint) is Literal:
        return tuple(get_args(hint))
    if hint is int:
        return "int"
    if hint is str:
        return "id"
    raise TypeError(f"no codec for a field of type {hint!r}")  # pragma: no cover


def _schema(cls: type[TypedAction]) -> tuple[Field, ...]:
    hints = get_type_hints(cls)
    return tuple(
        Field(f.name, _kind_of(hints[f.name]), f.default is dataclasses.MISSING,
              None if f.default is dataclasses.MISSING else f.default)
        for f in dataclasses.fields(cls))


#: Action type -> its fields, in the order the engine writes them.
FIELDS: Mapping[str, tuple[Field, ...]] = {cls.type: _schema(cls) for cls in CLASSES}
_BY_NAME: dict[str, dict[str, Field]] = {t: {f.name: f for f in fs} for t, fs in FIELDS.items()}


def allowed(action_type: str, name: str) -> tuple[str, ...]:
    """The names a field may hold (``allowed("colony", "mode")``: plunder, integrate)."""
    kind = _BY_NAME[action_type][name].kind
    if isinstance(kind, str):
        raise ValueError(f"{action_type}.{name} holds an {kind}, not one of some names")
    return kind


# ------------------------------------------------------------------------------ the codec


def _bad(message: str, field: str, **params: Any) -> MalformedAction:
    return MalformedAction(message, "malformed_field" if field else "malformed", field=field,
                           **params)


def _check_value(t: str, key: str, kind: str | tuple[str, ...], value: Any) -> None:
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


def decode(data: object) -> TypedAction:
    """The typed action of a well-formed action dict, or :class:`MalformedAction` naming the
    first field at fault (in the dict's order: an unknown field, a value of the wrong type or
    range; then a missing field)."""
    if type(data) is not dict:
        raise MalformedAction("An action must be an object with a 'type'.", "not_an_object")
    t = data.get("type")
    if type(t) is not str or t not in BY_TYPE:
        raise MalformedAction(f"Unknown action type {t!r}." if isinstance(t, str)
                              else "An action needs a 'type' naming what to do.",
                              "unknown_type", type=t if isinstance(t, str) else None)
    fields = _BY_NAME[t]
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key == "type":
            continue
        f = fields.get(key) if type(key) is str else None
        if f is None:
            raise _bad(f"A {t} action has no field {key!r}.", str(key)[:MAX_ID],
                       problem="unknown_field")
        _check_value(t, key, f.kind, value)
        values[key] = value
    for f in FIELDS[t]:
        if f.required and f.name not in values:
            raise _bad(f"A {t} action needs '{f.name}'.", f.name, problem="missing_field")
    return BY_TYPE[t](**values)


def encode(action: _Typed) -> Action:
    """The action's dict as the engine records it (a fresh dict): ``type`` first, then the
    fields in their order, optional ones only when given (``pay`` 0 and no ``tile`` left
    out: ``{"pay": 0}`` and no pay name the same action)."""
    out: Action = {"type": action.type}
    for f in FIELDS[action.type]:
        value = getattr(action, f.name)
        if f.required or value != f.default:
            out[f.name] = value
    return out


def checked(action: object) -> Action:
    """A fresh, canonical copy of a well-formed action (``encode(decode(action))``), or
    :class:`MalformedAction`."""
    return encode(decode(action))
