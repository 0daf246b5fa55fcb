"""Shared fixtures for the rule, view and property tests (helpers live in tests/support/), and
the storage backends the storage and service suites run on.

Storage: a test that takes ``make_store`` runs once per backend, ``[sqlite]`` and ``[pg]``.
``make_store(place="games", *, clock=None)`` returns a store that is NOT yet opened
(``await store.open()``) for a *place*: a SQLite file ``tmp_path / f"{place}.sqlite3"``, or a
fresh PostgreSQL database on the session's throw-away server (tests/support/pg.py). The same
place again within a test is the same file or database, so a test can close a store and open
the place again, as a restarted process would; every test starts from empty places. The
factory itself (``StoreFactory``, ``SQLITE``, ``POSTGRESQL``) is in tests/support/stores.py.

The PostgreSQL server is started once, lazily, by the first ``[pg]`` case (and stopped at the
end of the session); each test's databases are dropped after it. When no server can be
started (``pg.missing()``) or ``bot/storage/postgres.py`` does not exist yet, the ``[pg]``
cases skip and say why.

``@pytest.mark.sqlite_only``: a test about SQLite itself (PRAGMAs, WAL, its file, its migration
mechanics, killing a process between a write and its commit on the file). With ``make_store``
it runs as ``[sqlite]`` only.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hadara.content import Catalog, default_catalog
from tests.support.pg import TempPostgres, missing
from tests.support.stores import POSTGRES_MODULE, POSTGRESQL, SQLITE, StoreFactory

BACKENDS = [pytest.param(SQLITE, id="sqlite"), pytest.param(POSTGRESQL, id="pg")]


@pytest.fixture(scope="session")
def cat() -> Catalog:
    """The shipped content: tests take counts, costs and thresholds from it."""
    return default_catalog()


# ---------------------------------------------------------------- storage backends


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "sqlite_only: about SQLite itself (PRAGMAs, its file, migrations, crash "
        "tests on the file); with make_store it runs on SQLite only")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Every test that takes ``backend`` (``make_store`` does) runs once per backend."""
    if "backend" in metafunc.fixturenames:
        only = metafunc.definition.get_closest_marker("sqlite_only") is not None
        params = [p for p in BACKENDS if not only or p.values[0] == SQLITE]
        metafunc.parametrize("backend", params, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """``"sqlite"`` or ``"postgresql"`` (parametrized by pytest_generate_tests)."""
    return str(request.param)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[TempPostgres]:
    """One throw-away PostgreSQL server for the session, started by the first [pg] case."""
    reason = missing()
    if reason:
        pytest.skip(reason)
    server = TempPostgres()
    try:
        server.start()
    except RuntimeError as exc:
        server.stop()
        raise RuntimeError(f"the test PostgreSQL server did not start: {exc}") from exc
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def make_store(backend: str, tmp_path: Path, request: pytest.FixtureRequest
               ) -> Iterator[StoreFactory]:
    """A store factory for this test's backend (see the module's docstring)."""
    if backend == SQLITE:
        yield StoreFactory(SQLITE, tmp_path)
        return
    server: TempPostgres = request.getfixturevalue("pg_server")  # skips if none can start
    if not POSTGRES_MODULE.exists():
        pytest.skip("PostgresStore is not written yet (no bot/storage/postgres.py)")
    factory = StoreFactory(POSTGRESQL, tmp_path, server)
    try:
        yield factory
    finally:
        factory.drop()
