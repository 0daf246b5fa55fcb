"""The schema's migrations: ONE numbered list for every dialect (docs/service.md, "Migrations").

``migrations/NNNN_name.sql`` is the list, numbered 0001, 0002 … without gaps, and every
dialect runs it. A dialect whose SQL differs for a migration ships an **override** of the same
name in its own folder (PostgreSQL: ``migrations_pg/NNNN_name.sql``), which it runs instead of
the shared file; a migration written once in portable SQL has no override. 0001–0007 were
written for each dialect apart before this loader existed, so each has its PostgreSQL override,
kept byte for byte as deployed databases ran them (``tests/bot/storage/test_storage.py``
hashes them). An override without its shared migration is refused: the numbering is one for
every dialect.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from .base import StorageError

MIGRATIONS_DIR = Path(__file__).with_name("migrations")  # the list, for every dialect
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str
    path: Path | None = None  # the file it was read from (the shared one or an override)

    def statements(self) -> list[str]:
        return split_sql(self.sql, self.name)


def _files(directory: Path) -> dict[str, Path]:
    found = {}
    for path in sorted(directory.glob("*.sql")):
        if _MIGRATION_NAME.match(path.name) is None:
            raise StorageError(f"migration file name {path.name!r} is not NNNN_name.sql")
        found[path.name] = path
    return found


def load_migrations(directory: Path | None = None, overrides: Path | None = None
                    ) -> list[Migration]:
    """The migrations in order: the files of ``directory`` (``MIGRATIONS_DIR`` by default),
    each replaced by the file of the same name in ``overrides`` (a dialect's folder) when there
    is one. Their numbers must run 1, 2, 3 … without gaps; an override must name a migration of
    the list."""
    directory = MIGRATIONS_DIR if directory is None else directory
    shared = _files(directory)
    replaced = {} if overrides is None else _files(overrides)
    strays = sorted(set(replaced) - set(shared))
    if strays:
        raise StorageError(f"{overrides}: overrides {', '.join(strays)} name no migration of "
                           f"{directory} (a migration is numbered once, for every dialect)")
    found = []
    for name, path in shared.items():
        path = replaced.get(name, path)
        match = _MIGRATION_NAME.match(name)
        assert match is not None
        found.append(Migration(int(match.group(1)), name, path.read_text("utf-8"), path))
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise StorageError(f"migrations must be numbered 1, 2, 3 …: expected {expected:04d}, "
                               f"found {migration.name}")
    return found


def split_sql(script: str, name: str = "script") -> list[str]:
    """Split a script into complete statements (``sqlite3.complete_statement`` knows strings,
    comments and trigger bodies), so a migration can run statement by statement inside one
    transaction — ``executescript`` would commit first."""
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    rest = "\n".join(ln for ln in buffer.splitlines() if not ln.strip().startswith("--"))
    if rest.strip():
        raise StorageError(f"{name}: incomplete SQL statement at the end: {rest.strip()[:60]!r}")
    return statements
