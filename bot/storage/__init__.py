"""Storage of games for the service: the :class:`Store` protocol and its implementations.

``open_store(url_or_path)`` picks the implementation (the location read by
:func:`bot.storage.urls.parse`): a plain path or ``sqlite:///path`` (``sqlite:///:memory:``
for a throw-away) is :class:`SqliteStore` (one process); ``postgresql://…`` (also
``postgres://`` and ``postgresql+asyncpg://``) is :class:`~bot.storage.postgres.PostgresStore`,
which several bot processes can share. The PostgreSQL module (and asyncpg) is imported only
when such a URL is opened. Both are :class:`~bot.storage.store.SqlStore` (every method's SQL,
written once) over a dialect.
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
from .urls import POSTGRESQL, parse

DEFAULT_DB = "var/hadara.sqlite3"  # relative to the working directory (env HADARA_DB)

__all__ = [
    "ABANDONED", "ACTIVE", "DEFAULT_DB", "FINISHED", "LOBBY", "STATUSES", "ActionRecord",
    "GameRecord", "SeatRecord", "SqliteStore", "StorageError", "StorageUnavailable", "Store",
    "StoredGame",
    "open_store",
]


def open_store(url_or_path: str | Path, *, create: bool = False) -> Store:
    """The store for a path or URL (:mod:`bot.storage.urls`), not yet opened (``await
    store.open()``); StorageError for an empty path, a bad SQLite URL or an unknown scheme.
    ``create``: a SQLite store starts with a new database on purpose even where its identity
    marker says one existed (``--new-database``)."""
    url = parse(url_or_path)
    if url.problem is not None:
        raise StorageError(url.problem)
    if url.kind == POSTGRESQL:
        from .postgres import PostgresStore

        return PostgresStore(url.text)
    assert url.path is not None  # a SQLite location without a problem has its path
    return SqliteStore(url.path, create=create)
