"""Replaying a game from its setup, seed and log: one generator for every rebuild.

A game is deterministic from (setup, seed, log), so everything that looks at a game's past
(its history in words, a replay viewer's positions, what happened since a player last acted,
a recap, the position before a move, loading a save) walks the same loop: create the game
from the setup, then apply the log's entries in order. :func:`steps` is that loop;
:func:`replayed` is its end.

Log entries are ``{"seat": int, "action": dict}`` as ``Game.log`` and saves hold them, undo
entries included (``Game.apply`` replays those). Nothing here validates a save's versions or
canonical form: :mod:`hadara.save` does that, on top of this loop.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .content import Catalog
from .engine import Game, Result
from .setup import Setup

LogEntry = Mapping[str, Any]  # {"seat": int, "action": {...}}


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replay: the game after ``index`` log entries.

    ``index`` 0 is the opening (``entry`` None, ``result`` the events of creation); step k
    applied ``entry`` (the log's entry k - 1) and ``result`` holds its events. ``game`` is the
    one game the replay advances in place: read it (or ``clone()`` it) before asking for the
    next step.
    """

    index: int
    entry: LogEntry | None
    result: Result
    game: Game


def steps(setup: Setup | Mapping[str, Any], seed: int | None, catalog: Catalog | None,
          entries: Iterable[LogEntry], *, check: bool = True) -> Iterator[Step]:
    """Replay ``entries`` from the setup (a :class:`Setup` or its ``to_dict()`` data) and seed,
    under ``catalog`` (None: the default content), yielding the opening and then each entry's
    step. ``check=False`` skips apply's legality check, for a log the engine wrote itself and
    already replayed once (the replay viewer). An entry that does not replay raises the
    engine's :class:`~hadara.errors.HadaraError` when its step is asked for; a setup that does
    not fit the content raises when the opening is.
    """
    if not isinstance(setup, Setup):
        setup = Setup.from_dict(setup)
    game = Game.from_setup(setup, seed, catalog)
    yield Step(0, None, game.opening, game)
    for k, entry in enumerate(entries, start=1):
        yield Step(k, entry, game.apply(entry["seat"], entry["action"], check=check), game)


def replayed(setup: Setup | Mapping[str, Any], seed: int | None, catalog: Catalog | None,
             entries: Iterable[LogEntry], *, check: bool = True) -> Game:
    """The game after every entry (:func:`steps`' last game): the position before a log entry
    is ``replayed(setup, seed, catalog, log[:i])``."""
    replay = steps(setup, seed, catalog, entries, check=check)
    game = next(replay).game  # every step advances this one game
    for _ in replay:
        pass
    return game
