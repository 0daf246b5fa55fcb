"""The custom ids of the restart-proof components, each written once.

A component's custom id is its whole state (a ``DynamicItem`` rebuilt from it after a
restart). One :class:`CustomId` per component names its shape once — ``"lobby:{action}:{game}"``
after the format version, an optional tail in brackets — with each field's pattern and type;
the template discord.py matches, the formatter and the parser all derive from it (discord.py's
``examples/views/dynamic_counter.py`` writes the regex and the f-string apart).

Every id starts with the format version ``hd1``. Game ids have at most 18 digits and seats one:
every id a component can carry fits the database's 64-bit integers, and a longer one matches no
component (docs/security.md). Discord allows 100 characters.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T")
K = TypeVar("K")

VERSION = "hd1"
MAX_LENGTH = 100


@dataclass(frozen=True)
class Field(Generic[T]):
    """A field of a custom id: its pattern, and how its text is read and written."""

    pattern: str
    read: Callable[[str], T]
    write: Callable[[T], str] = str


def number(most: int) -> Field[int]:
    """1 to ``most`` ASCII digits."""
    return Field(f"[0-9]{{1,{most}}}", int)


def text(pattern: str) -> Field[str]:
    return Field(pattern, str)


def one_of(*words: str) -> Field[str]:
    return Field("|".join(re.escape(w) for w in words), str)


def _path(value: str) -> tuple[str, ...]:
    return tuple(p for p in value.split(".") if p)


#: A game id: at most 18 digits, so every one a custom id carries fits a 64-bit integer.
GAME = number(18)
SEAT = Field("[0-9]", int)  # 0-4 in a game; a modified client's 9 is refused by the policy
#: An engine decision id (``Decision.id``).
DECISION = text(r"[A-Za-z0-9_.-]{1,24}")
#: The tokens chosen so far in a stepped decision, joined by ``.``.
PATH: Field[tuple[str, ...]] = Field(r"[A-Za-z0-9.-]{0,60}", _path, ".".join)
#: Four hex digits of an action or a position (so an index never names another one).
CHECK = text("[0-9a-f]{4}")

_PART = re.compile(r"\{(\w+)\}|\[([^\]]*)\]|[^{\[]+")
_FIELD = re.compile(r"\{(\w+)\}")


class CustomId(Generic[K]):
    """One component's custom id: ``shape`` (after ``hd1:``) with its ``fields``, read into
    ``make(**fields)`` (an optional field left out when absent) and written from the
    attributes of the same names."""

    def __init__(self, shape: str, make: Callable[..., K], **fields: Field[Any]) -> None:
        self.shape = f"{VERSION}:{shape}"
        self._make = make
        self._fields = fields
        #: (optional, text with {fields}) in order: the shape cut at its optional tail
        self._segments = [(m[2] is not None, m[0] if m[2] is None else m[2])
                          for m in _PART.finditer(self.shape)]
        self.template = "".join(self._regex(text) if not optional
                                else f"(?:{self._regex(text)})?"
                                for optional, text in self._segments)
        self._compiled = re.compile(self.template)

    def _regex(self, text: str) -> str:
        out, at = [], 0
        for m in _FIELD.finditer(text):
            out += [re.escape(text[at:m.start()]),
                    f"(?P<{m[1]}>{self._fields[m[1]].pattern})"]
            at = m.end()
        return "".join([*out, re.escape(text[at:])])

    def _write(self, text: str, key: K) -> str | None:
        """``text`` with the fields of ``key`` (None: one of them is not set)."""
        values = {name: getattr(key, name) for name in _FIELD.findall(text)}
        if any(v is None for v in values.values()):
            return None
        return _FIELD.sub(lambda m: self._fields[m[1]].write(values[m[1]]), text)

    def format(self, key: K) -> str:
        """The custom id of ``key`` (an optional tail only when all its fields are set)."""
        out: list[str] = []
        for optional, text in self._segments:
            written = self._write(text, key)
            if written is None and not optional:
                raise ValueError(f"{self.shape}: a field of {key!r} is not set")
            out.append(written or "")
        return "".join(out)

    def read(self, match: re.Match[str]) -> K:
        """The key of a custom id matched by :attr:`template`."""
        return self._make(**{name: field.read(found) for name, field in self._fields.items()
                             if (found := match.group(name)) is not None})

    def parse(self, custom_id: str) -> K | None:
        """The key of ``custom_id``, or None when it is not one of these ids."""
        match = self._compiled.fullmatch(custom_id)
        return None if match is None else self.read(match)


@dataclass(frozen=True)
class GameKey:
    """The key of a component that names a game and nothing else."""

    game: int
