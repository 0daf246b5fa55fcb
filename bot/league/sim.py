"""A simulated league season through the real game service (``python -m bot league-sim``),
and a simulated tournament against random seating (``python -m bot tournament-sim``).

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
import contextlib
import random
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from unittest import mock

from bot.service import service as service_module
from bot.service.service import GameService
from bot.storage.sqlite import SqliteStore

from .leagues import LeagueService
from .ratings import Ratings
from .recorder import Recorder
from .seating import history_of
from .tournaments import TournamentService

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


@dataclass
class _World:
    """A simulation's store, game service, ratings and league recorder (``_world``)."""

    store: SqliteStore
    games: GameService
    clock: SimClock
    ratings: Ratings
    leagues: LeagueService
    recorder: Recorder


@contextlib.asynccontextmanager
async def _world(seed: int, path: Path | str | None, name: str, *, level: str = "greedy",
                 stand_ins: bool = True) -> AsyncIterator[_World]:
    """A throw-away SQLite file (or ``path``), the real game service with inline AI and game
    seeds from ``seed``, the ratings, the leagues and the recorder, closed afterwards."""
    with tempfile.TemporaryDirectory(prefix=f"hadara-{name}-") as tmp, \
            mock.patch.object(service_module, "secrets", _SeededBits(seed)):
        db = Path(path) if path is not None else Path(tmp) / f"{name}.sqlite3"
        clock = SimClock()
        store = SqliteStore(db, clock=clock)
        await store.open()
        games = GameService(store, clock=clock, ai_pool=InlineExecutor(),
                            render_pool=InlineExecutor())
        await games.open()
        ratings = Ratings(store, clock)
        leagues = LeagueService(store, games, clock, ratings=ratings, stand_ins=stand_ins,
                                ai_level=level)
        world = _World(store, games, clock, ratings, leagues, Recorder(games, ratings, leagues))
        try:
            yield world
        finally:
            world.recorder.stop()
            await games.close()
            await store.close()


async def simulate_season(players: int = 12, rounds: int = 3, table_size: int | str = 4, *,
                          seed: int = 1, path: Path | str | None = None,
                          level: str = "greedy") -> dict[str, Any]:
    """Play a season of ``rounds`` rounds for ``players`` members; returns ``{"league",
    "standings", "podium", "games", "rounds", "seconds"}``."""
    started = time.perf_counter()
    async with _world(seed, path, "league", level=level) as w:
        store, games, leagues, recorder = w.store, w.games, w.leagues, w.recorder
        await recorder.start()
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


# ---------------------------------------------------------------------- tournaments

def meetings(tables: list[list[Any]]) -> dict[frozenset[Any], int]:
    """How often each pair of people sat at one table."""
    return history_of(tables)


async def simulate_tournament(players: int = 20, rounds: int = 4, *, final_size: int = 4,
                              seed: int = 1, seating_rule: str = "swiss",
                              path: Path | str | None = None,
                              level: str = "greedy") -> dict[str, Any]:
    """Run a tournament of ``players`` people to its final: ``rounds`` Swiss rounds (seated
    by ``seating_rule``: "swiss", or "random" for the yardstick), then the final table.
    Returns ``{"name", "players", "rounds": [{"round", "repeats", "spread", "tables"}],
    "final", "standings", "repeat_pairs", "mean_spread", "games", "seconds"}`` —
    ``repeat_pairs``: pairs that met more than once in the Swiss rounds; ``mean_spread``: the
    mean, over the tables of rounds 2 onwards, of the largest minus the smallest standing
    position at the table before the round."""
    started = time.perf_counter()
    async with _world(seed, path, "tournament", stand_ins=False) as w:
        games, recorder = w.games, w.recorder
        events = TournamentService(w.store, games, w.clock, stand_ins=True, ai_level=level)
        recorder.listeners.append(events.recorded)
        await recorder.start()
        event = await events.create(GUILD, "Simulated tournament", rounds=rounds,
                                    cap=max(players, 3), final_size=final_size,
                                    by_user=ADMIN)
        for i in range(players):
            await events.join(event["id"], 1000 + i, f"Player {i + 1:02d}")
        round_info: list[dict[str, Any]] = []
        swiss_tables: list[list[int]] = []
        n_games = 0
        for r in range(rounds + 1):
            info = await events.start_round(event["id"], ADMIN, seed=seed * 1000 + r,
                                            seating_rule=seating_rule)
            ids = [t["game_id"] for t in info["tables"]]
            n_games += len(ids)
            people = [[s["user"] for s in t["seats"] if s["user"] is not None]
                      for t in info["tables"]]
            if not info["final"]:
                swiss_tables += people
            round_info.append({"round": info["round"], "final": info["final"],
                               "repeats": info["repeats"], "spread": info["spread"],
                               "tables": [[s["name"] for s in t["seats"]]
                                          for t in info["tables"]]})
            await _finish(games, recorder, ids)
        standings = await events.standings(event["id"])
        status = (await events.tournament(event["id"]))["status"]
    later = [r["spread"] for r in round_info[1:] if not r["final"]]
    tables_later = [len(r["tables"]) for r in round_info[1:] if not r["final"]]
    mean_spread = (sum(s * n for s, n in zip(later, tables_later, strict=True))
                   / max(1, sum(tables_later)))
    return {"name": event["name"], "players": players, "seating": seating_rule,
            "rounds": round_info, "status": status,
            "final": round_info[-1]["tables"][0] if round_info[-1]["tables"] else [],
            "standings": standings, "games": n_games,
            "repeat_pairs": sum(1 for n in meetings(swiss_tables).values() if n > 1),
            "mean_spread": round(mean_spread, 2),
            "seconds": round(time.perf_counter() - started, 2)}


def tournament_text(swiss_run: dict[str, Any], random_run: dict[str, Any]) -> str:
    """A Swiss event's rounds, final and standings, and its figures against random seating."""
    lines = [f"{swiss_run['name']}: {swiss_run['players']} players, "
             f"{len(swiss_run['rounds']) - 1} Swiss rounds and a final "
             f"({swiss_run['games']} games, {swiss_run['seconds']} s; "
             f"random seating {random_run['seconds']} s)", ""]
    for r in swiss_run["rounds"]:
        label = "final" if r["final"] else f"round {r['round']}"
        lines.append(f"  {label}: " + " | ".join(", ".join(t) for t in r["tables"]))
    lines += ["", "Standings:"]
    lines += ["  " + row["text"] + (f"  (final: {row['final']})" if row.get("final") else "")
              for row in swiss_run["standings"]]
    lines += ["", "Seating        repeat meetings   mean spread of standings per table "
                  "(rounds 2+)"]
    for run in (swiss_run, random_run):
        lines.append(f"  {run['seating']:<12} {run['repeat_pairs']:>15}   "
                     f"{run['mean_spread']:.2f} positions")
    lines.append("(repeat meetings: pairs of people who met more than once in the Swiss "
                 "rounds; spread: the largest minus the smallest standing position at a "
                 "table, before its round)")
    return "\n".join(lines)
