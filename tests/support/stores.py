"""The store factory behind the ``make_store`` fixture (tests/conftest.py): the backend names
and :class:`StoreFactory`, a not yet opened store for a *place* (a SQLite file or a PostgreSQL
database on the session's throw-away server, tests/support/pg.py)."""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.storage.base import Store
from tests.support.pg import TempPostgres

SQLITE, POSTGRESQL = "sqlite", "postgresql"
POSTGRES_MODULE = Path(__file__).resolve().parents[2] / "bot" / "storage" / "postgres.py"
_databases = itertools.count(1)


class StoreFactory:
    """``make_store(place="games", *, clock=None)``: a not yet opened store for a place."""

    def __init__(self, backend: str, tmp_path: Path, server: TempPostgres | None = None,
                 ) -> None:
        self.backend = backend
        self.tmp_path = tmp_path
        self.server = server
        self.databases: dict[str, str] = {}  # place -> database name

    def location(self, place: str = "games") -> Path | str:
        """The SQLite file or the PostgreSQL URL of a place (created on first use)."""
        if self.backend == SQLITE:
            return self.tmp_path / f"{place}.sqlite3"
        assert self.server is not None
        name = self.databases.get(place)
        if name is None:
            name = f"store_{os.getpid()}_{next(_databases)}"  # apart from pg.py's own names
            self.server.create_database(name)
            self.databases[place] = name
        return self.server.url(name)

    def __call__(self, place: str = "games", *,
                 clock: Callable[[], float] | None = None) -> Store:
        where = self.location(place)
        kw: dict[str, Any] = {} if clock is None else {"clock": clock}
        if self.backend == SQLITE:
            from bot.storage.sqlite import SqliteStore

            return SqliteStore(where, **kw)
        from bot.storage.postgres import PostgresStore

        store: Store = PostgresStore(where, **kw)
        return store

    def drop(self) -> None:
        """Drop the test's databases (closing any connection a failed test left open)."""
        server, self.server = self.server, None
        if server is None or server.dir is None:
            return
        for name in self.databases.values():
            # if it fails, the server's folder goes at the end of the session anyway
            with contextlib.suppress(RuntimeError):
                server._call("dropdb", "--force", "-h", str(server.dir), "-p",
                             str(server.port), "-U", "postgres", name)
