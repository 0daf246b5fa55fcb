"""The step after migration 0009: the hash chains of the games stored before it.

Run by both stores when they open, after the SQL migrations (``SqlCore.open`` → a backend's
``open``): every game with an action that has no hash gets its chain computed over its rows
as they are, in one transaction per game — so a start interrupted halfway resumes with the
games still left. Each game is then read back (which checks the new chain) and replayed with
the engine, as the service would, so a migrated game is known to load: one that does not
replay was damaged before and is logged here (the service quarantines it at its first use).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Protocol

from hadara import save
from hadara.errors import BadSave

from .base import DamagedRecord, GameStore
from .content import Catalogs

log = logging.getLogger(__name__)


class Chaining(GameStore, Protocol):
    """A store with the step's two methods (``bot/storage/sql/games.py``)."""

    async def unchained_games(self) -> list[int]: ...

    async def chain_game(self, game_id: int) -> str | None: ...


@dataclass
class Filled:
    """What the step did: the games chained, those that replay, those that do not."""

    chained: list[int] = field(default_factory=list)
    replayed: int = 0
    problems: list[str] = field(default_factory=list)


async def fill_chains(store: Chaining) -> Filled:
    """Chain every unchained game of ``store`` and replay it (see the module docstring)."""
    out = Filled()
    games = await store.unchained_games()
    if not games:
        return out
    log.info("computing the hash chains of %d games stored before them", len(games))
    catalogs: Catalogs | None = None
    for game_id in games:
        await store.chain_game(game_id)
        out.chained.append(game_id)
        try:
            stored = await store.load_game(game_id)
            if stored is None or stored.record.setup is None:
                continue
            catalogs = catalogs or Catalogs(store)
            rec = stored.record
            save.from_parts(rec.setup, rec.seed,
                            [{"seat": a.seat, "action": a.action} for a in stored.actions],
                            content_version=rec.content_version,
                            rules_version=rec.rules_version,
                            catalog=await catalogs.get(rec.content_version))
            out.replayed += 1
        except (DamagedRecord, BadSave, LookupError, ValueError) as exc:
            out.problems.append(f"game {game_id}: {exc}")
            log.warning("game %s was chained but does not replay (it was damaged before): %s",
                        game_id, exc)
    log.info("hash chains computed for %d games (%d replay)", len(out.chained), out.replayed)
    return out
