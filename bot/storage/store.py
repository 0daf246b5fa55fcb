"""One store over two dialects: every method of the :class:`~bot.storage.base.Store`
protocol, its SQL written once (docs/service.md, "Storage").

:class:`SqlStore` holds the SQL and the semantics — what each method reads and writes, in
which transaction, which refusals it raises, what it returns — composed of one mixin per
aggregate (``bot/storage/sql/``: games, timers, people, leagues, damage, the web page's
sessions, the turn digests) over :class:`~bot.storage.sql.core.SqlCore`. A backend subclasses
it and provides what differs between the databases, each piece small:

* :attr:`SqlStore.dialect` — placeholders and the few spellings that differ
  (:mod:`bot.storage.dialect`), and its driver's integrity errors;
* :meth:`SqlStore._run` — how a transaction body runs: SQLite on its one connection's thread,
  group-committed with other writes (:class:`~bot.storage.sqlite.SqliteStore`); PostgreSQL
  on a pooled connection (:class:`~bot.storage.postgres.PostgresStore`). Each calls
  :attr:`SqlStore.before_commit` just before a write's COMMIT;
* :meth:`SqlStore._fault` — which driver errors are storage faults (raised as
  :class:`~bot.storage.base.StorageUnavailable` by :meth:`SqlStore._faults`, logged once per
  episode);
* :meth:`SqlStore._hold` — what the game lock holds beyond this process's asyncio lock
  (PostgreSQL: its advisory lock and the revision check);
* :meth:`SqlStore._announce`, :meth:`SqlStore._timers_changed` — telling other processes
  (PostgreSQL: NOTIFY);
* opening, the migrations runner, ``schema_version``, ``claim_scheduler``, closing.

Revisions: a dialect whose ``{revision}`` fragment is a column (PostgreSQL) returns the game's
revision from every write and read of the game, and the store remembers the newest it saw
(:meth:`_saw`, :meth:`_wrote`); SQLite returns NULL and nothing is kept.
"""

from __future__ import annotations

from .sql.damage import DamageTables
from .sql.games import GameTables
from .sql.leagues import LeagueTables
from .sql.people import PeopleTables
from .sql.timers import TimerTables
from .sql.turn_digest import TurnDigestTables
from .sql.web import WebTables


class SqlStore(GameTables, TimerTables, PeopleTables, LeagueTables, DamageTables, WebTables,
               TurnDigestTables):
    """The :class:`~bot.storage.base.Store` protocol over a :class:`~bot.storage.dialect.Dialect`
    (see the module's docstring for what a backend provides)."""

