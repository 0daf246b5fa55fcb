"""A simulated league season through the real game service (``python -m bot league-sim``).

Every "player" is a league member whose seat is played by a greedy AI standing in for them
(``LeagueService(stand_ins=True)``); the games run in the real :class:`GameService` on a
temporary SQLite file, with the AI deciding inline (no process pool) for speed. The game
seeds come from ``--seed`` (the service's ``secrets`` is swapped for a seeded generator during
the simulation), so a simulated season is reproducible. Results flow
through the :class:`~bot.league.recorder.Recorder` into ratings and standings exactly as in
the bot.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any, TypeVar
from unittest import mock

from bot.service import service as service_module
from bot.service.service import GameService
from bot.storage.sqlite import SqliteStore

from .leagues import LeagueService
from .ratings import Ratings
from .recorder import Recorder

T = TypeVar("T")
GUILD = 1
ADMIN = 1


class InlineExecutor(Executor):
    """Runs each job at once in the caller's thread (AI decisions of a simulation)."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        fut: Future[T] = Future()
        try:
            fut.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # handed to the awaiting caller
            fut.set_exception(exc)
        return fut


class SimClock:
    """A clock that moves one second per reading: deterministic, strictly increasing."""

    def __init__(self, start: float = 1_750_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


class _SeededBits:
    """Stands in for ``secrets`` in the game service during a simulation: game seeds from a
    seeded generator, so a simulated season is reproducible."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def randbits(self, k: int) -> int:
        return self._rng.getrandbits(k)


async def simulate_season(players: int = 12, rounds: int = 3, table_size: int | str = 4, *,
                          seed: int = 1, path: Path | str | None = None,
                          level: str = "greedy") -> dict[str, Any]:
    """Play a season of ``rounds`` rounds for ``players`` members; returns ``{"league",
    "standings", "podium", "games", "rounds", "seconds"}``."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="hadara-league-") as tmp, \
            mock.patch.object(service_module, "secrets", _SeededBits(seed)):
        db = Path(path) if path is not None else Path(tmp) / "league.sqlite3"
        clock = SimClock()
        store = SqliteStore(db, clock=clock)
        await store.open()
        games = GameService(store, clock=clock, ai_pool=InlineExecutor(),
                            render_pool=InlineExecutor())
        await games.open()
        ratings = Ratings(store, clock)
        leagues = LeagueService(store, games, clock, ratings=ratings, stand_ins=True,
                                ai_level=level)
        recorder = Recorder(games, ratings, leagues)
        await recorder.start()
        try:
            league = await leagues.create_league(GUILD, "Simulated league",
                                                 season_rounds=rounds, table_size=table_size,
                                                 by_user=ADMIN)
            for i in range(players):
                await leagues.join(league["id"], 1000 + i, f"Player {i + 1:02d}")
            played: list[dict[str, Any]] = []
            round_info = []
            for r in range(rounds):
                info = await leagues.start_round(league["id"], ADMIN, seed=seed * 1000 + r)
                round_info.append({"round": info["round"], "repeats": info["repeats"],
                                   "spread": info["spread"],
                                   "tables": [[s["name"] for s in t["seats"]]
                                              for t in info["tables"]]})
                await _finish(games, recorder, [t["game_id"] for t in info["tables"]])
                for t in info["tables"]:
                    tables = await store.league_tables(game_id=t["game_id"])
                    played.append({"round": info["round"], "table": t["number"],
                                   "game_id": t["game_id"],
                                   "result": [{"name": x["name"], "user": x["user"],
                                               "place": x["place"], "points": x["points"],
                                               "total": x["total"]}
                                              for x in tables[0].result]})
            standings = await leagues.standings(league["id"])
            end = await leagues.end_season(league["id"], ADMIN)
        finally:
            recorder.stop()
            await games.close()
            await store.close()
    return {"league": league["name"], "players": players, "rounds": round_info,
            "standings": standings, "podium": end["podium"], "games": played,
            "seconds": round(time.perf_counter() - started, 2)}


async def _finish(games: GameService, recorder: Recorder, ids: list[int]) -> None:
    """Wait until every game ended and its result is recorded."""
    for _ in range(100_000):
        await games.idle()
        await recorder.idle()
        snaps = [await games.load(g) for g in ids]
        if all(s.record.status in ("finished", "abandoned") for s in snaps):
            await recorder.idle()
            return
        await asyncio.sleep(0)
    raise RuntimeError("simulated games did not finish")


def standings_text(result: dict[str, Any]) -> str:
    """The standings and games of :func:`simulate_season` as plain text."""
    lines = [f"{result['league']}: {result['players']} players, "
             f"{len(result['rounds'])} rounds ({result['seconds']} s)", "", "Standings:"]
    lines += ["  " + row["text"] for row in result["standings"]]
    lines += ["", "Games:"]
    for g in result["games"]:
        lines.append(f"  round {g['round']} table {g['table']} (game {g['game_id']}): "
                     + ", ".join(f"{x['place']}. {x['name']} {x['total']} ({x['points']:g})"
                                 for x in g["result"]))
    return "\n".join(lines)
