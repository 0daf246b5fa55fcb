"""The SQL of the store, by aggregate: each module a mixin of :class:`~bot.storage.store.SqlStore`
holding its tables' statements, written once for every dialect (``?`` parameters and a few
``{fragments}``, :mod:`bot.storage.dialect`).

* :mod:`.core` — :class:`~.core.SqlCore`: what a backend provides (running a transaction body,
  storage faults, the game lock's part across processes, notices), revisions, the game lock,
  the listeners;
* :mod:`.games` — games with their seats and action log, the seats' messages, the content
  catalogs;
* :mod:`.timers` — deadlines and reminders;
* :mod:`.people` — user and server settings, vacations and allowances, followers;
* :mod:`.leagues` — rated results and ratings, leagues, seasons, members, rounds, tables and
  archives;
* :mod:`.damage` — damaged games: the marks, salvage and repair.
"""
