"""Storage of games for the service: the :class:`Store` protocol and its implementations.

``open_store(url_or_path)`` picks the implementation: a plain path or ``sqlite:///path``
(``sqlite:///:memory:`` for a throw-away) is :class:`SqliteStore` (one process);
``postgresql://…`` (also ``postgres://`` and ``postgresql+asyncpg://``) is
:class:`~bot.storage.postgres.PostgresStore`, which several bot processes can share. The
PostgreSQL module (and asyncpg) is imported only when such a URL is opened. Both are
:class:`~bot.storage.store.SqlStore` (every method's SQL, written once) over a dialect.
"""

from __future__ import annotations

from pathlib import Path

from .base import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    LOBBY,
    STATUSES,
    ActionRecord,
    GameRecord,
    SeatRecord,
    StorageError,
    StorageUnavailable,
    Store,
    StoredGame,
)
from .sqlite import SqliteStore

DEFAULT_DB = "var/hadara.sqlite3"  # relative to the working directory (env HADARA_DB)

__all__ = [
    "ABANDONED", "ACTIVE", "DEFAULT_DB", "FINISHED", "LOBBY", "STATUSES", "ActionRecord",
    "GameRecord", "SeatRecord", "SqliteStore", "StorageError", "StorageUnavailable", "Store",
    "StoredGame",
    "open_store",
]


def open_store(url_or_path: str | Path, *, create: bool = False) -> Store:
    """The store for a path or URL, not yet opened (``await store.open()``); StorageError for
    an empty path or an unknown scheme. ``create``: a SQLite store starts with a new database
    on purpose even where its identity marker says one existed (``--new-database``)."""
    if isinstance(url_or_path, Path):
        return SqliteStore(url_or_path, create=create)
    text = url_or_path.strip()
    scheme, sep, rest = text.partition("://")
    if not sep:
        if not text:
            raise StorageError("empty database path")
        return SqliteStore(text, create=create)
    scheme = scheme.lower()
    if scheme == "sqlite":
        # sqlite:///relative/or/absolute — everything after "sqlite://" minus one "/" is the path,
        # as in SQLAlchemy: sqlite:///var/x.db is relative, sqlite:////srv/x.db absolute
        if not rest.startswith("/") or rest == "/":
            raise StorageError(f"bad SQLite URL {text!r}: expected sqlite:///path")
        return SqliteStore(rest[1:], create=create)
    if scheme in ("postgresql", "postgres") or scheme.startswith("postgresql+"):
        from .postgres import PostgresStore

        return PostgresStore(text)
    raise StorageError(f"unknown database URL scheme {scheme!r} in {text!r} "
                       "(expected a path, sqlite:///path or postgresql://…)")
