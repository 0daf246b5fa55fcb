"""Storage of games for the service: the :class:`Store` protocol and its SQLite implementation.

``open_store(url_or_path)`` picks the implementation: a plain path or ``sqlite:///path``
(``sqlite:///:memory:`` for a throw-away) is SQLite; ``postgresql://…`` is not supported yet.
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
    Store,
    StoredGame,
)
from .sqlite import SqliteStore

DEFAULT_DB = "var/hadara.sqlite3"  # relative to the working directory (env HADARA_DB)

__all__ = [
    "ABANDONED", "ACTIVE", "DEFAULT_DB", "FINISHED", "LOBBY", "STATUSES", "ActionRecord",
    "GameRecord", "SeatRecord", "SqliteStore", "StorageError", "Store", "StoredGame",
    "open_store",
]


def open_store(url_or_path: str | Path) -> SqliteStore:
    """The store for a path or URL, not yet opened (``await store.open()``)."""
    if isinstance(url_or_path, Path):
        return SqliteStore(url_or_path)
    text = url_or_path.strip()
    scheme, sep, rest = text.partition("://")
    if not sep:
        if not text:
            raise StorageError("empty database path")
        return SqliteStore(text)
    scheme = scheme.lower()
    if scheme == "sqlite":
        # sqlite:///relative/or/absolute — everything after "sqlite://" minus one "/" is the path,
        # as in SQLAlchemy: sqlite:///var/x.db is relative, sqlite:////srv/x.db absolute
        if not rest.startswith("/") or rest == "/":
            raise StorageError(f"bad SQLite URL {text!r}: expected sqlite:///path")
        return SqliteStore(rest[1:])
    if scheme in ("postgresql", "postgres") or scheme.startswith("postgresql+"):
        raise StorageError("PostgreSQL storage is not supported yet; use a SQLite path "
                           "(HADARA_DB=var/hadara.sqlite3)")
    raise StorageError(f"unknown database URL scheme {scheme!r} in {text!r} "
                       "(expected a path or sqlite:///path)")
