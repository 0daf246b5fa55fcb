"""What differs between the SQL databases the store runs on, in one small object.

:class:`bot.storage.store.SqlStore` writes every statement once, in a neutral form:

* parameters are ``?`` (positional, in order), as SQLite writes them; a dialect rewrites them
  (PostgreSQL: ``$1``, ``$2`` …);
* the few spellings the two databases do not share are ``{name}`` fragments, filled from
  :attr:`Dialect.fragments` (any other ``{…}``, a JSON literal ``'{}'``, stays as written):

  ============  ======================  ==========================================
  fragment      SQLite                  PostgreSQL
  ============  ======================  ==========================================
  ``greatest``  ``max`` (scalar)        ``GREATEST`` (SQLite has no GREATEST, PostgreSQL
                                        no two-argument max)
  ``revision``  ``NULL``                ``revision`` (PostgreSQL only: what its game
                                        lock compares, migration 0001 of migrations_pg)
  ``bump``      (nothing)               ``, revision = revision + 1``
  ============  ======================  ==========================================

Everything else — ``ON CONFLICT … DO UPDATE``/``DO NOTHING``, ``RETURNING``, ``TRUE``,
``NOT flag``, ``COALESCE`` — is spelled the same in both (SQLite 3.35 or later, checked at
open). A statement is rewritten once, at its first use, and kept (:meth:`Dialect.sql` is a
dict lookup afterwards). Values need no conversion: JSON is TEXT in both schemas (written by
:func:`bot.storage.rows.dumps`), flags are bound as Python bools (SQLite stores them as 0/1,
its columns are INTEGER with a CHECK) and read back with ``bool()``, times are REAL / DOUBLE
PRECISION floats.

A dialect's connection runs a statement through a :class:`Tx`: the store's transaction bodies
are ``async def body(tx)`` functions. The SQLite store runs a body on its connection's thread
to the end without suspending (every ``await`` on its ``Tx`` returns at once), the PostgreSQL
store awaits it on the event loop with a pooled connection.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Coroutine, Iterable, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")
_FRAGMENT = re.compile(r"\{([a-z_]+)\}")

#: a value bound to a statement's ``?``: both drivers take these as they are
Param = bool | int | float | str | bytes | None
#: a row a statement returns: its columns' types are the statement's, given by the decoders of
#: :mod:`bot.storage.rows` (and the few methods that read one column)
Row = Sequence[Any]


class Tx(Protocol):
    """One connection inside one transaction (or a read), in the neutral SQL."""

    async def execute(self, sql: str, args: Sequence[Param] = ()) -> int:
        """Run a statement; the number of rows it changed."""

    async def executemany(self, sql: str, rows: Iterable[Sequence[Param]]) -> None: ...

    async def fetchall(self, sql: str, args: Sequence[Param] = ()) -> list[Row]: ...

    async def fetchone(self, sql: str, args: Sequence[Param] = ()) -> Row | None:
        """The first row, or None."""

    async def fetchval(self, sql: str, args: Sequence[Param] = ()) -> Any:
        """The first column of the first row, or None without a row."""


#: a transaction body: ``async def body(tx)``
Body = Callable[[Tx], Coroutine[Any, Any, T]]


class Dialect:
    """Placeholders and fragments of one database (see the module's docstring)."""

    name = "sql"
    #: the ``{name}`` fragments of the neutral SQL, in this dialect
    fragments: dict[str, str] = {}
    #: what its driver raises for a broken constraint (NOT NULL, CHECK, UNIQUE, FOREIGN KEY)
    integrity_errors: tuple[type[BaseException], ...] = ()

    def __init__(self) -> None:
        self._cache: dict[str, str] = {}

    def sql(self, text: str) -> str:
        """``text`` in this dialect (rewritten at its first use, then kept)."""
        try:
            return self._cache[text]
        except KeyError:
            pass
        out = self._cache[text] = self.translate(_FRAGMENT.sub(self._fragment, text))
        return out

    def _fragment(self, match: re.Match[str]) -> str:
        return self.fragments.get(match.group(1), match.group(0))  # others stay as written

    def translate(self, text: str) -> str:
        """The placeholders of ``text`` (fragments already filled) in this dialect."""
        return text

    def unique_violation(self, exc: BaseException) -> bool:
        """Whether a driver error is a UNIQUE (or primary key) violation."""
        return False


def numbered_placeholders(text: str) -> str:
    """``?`` → ``$1``, ``$2`` … in order, outside quoted literals and identifiers."""
    out: list[str] = []
    n = 0
    quote: str | None = None
    for ch in text:
        if quote is not None:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "?":
            n += 1
            out.append(f"${n}")
            continue
        out.append(ch)
    if quote is not None:
        raise ValueError(f"unterminated quote in SQL: {text[:80]!r}")
    return "".join(out)
