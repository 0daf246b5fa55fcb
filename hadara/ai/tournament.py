"""Tournaments between agent levels: duplicate deals, rotated seats, win rates with intervals.

Game ``k`` plays deal ``k // R`` with seat rotation ``k % R``, where the lineup (the agents
repeated in rotation to fill the seats) is rotated by one seat per game and R counts the distinct
rotations: every agent meets the same cards from every seat ("duplicate deals"). Every game is a
function of (seed, k) alone, so results do not depend on the number of worker processes.

Agents only ever receive a seat's view and legal actions; forced decisions are applied without
asking them (they cost no search).
"""

from __future__ import annotations

import dataclasses
import math
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..content import default_catalog
from ..driver import play
from ..engine import Action, Decision, Game
from ..scoring import ranking
from ..setup import random_setup
from ..views import view
from .base import Agent, mix
from .levels import make_agent


@dataclass
class GameRecord:
    """One finished game, as plain data (it crosses process boundaries)."""

    index: int
    deal: int
    agents: list[str]  # agent name per seat
    scores: list[int]  # final total per seat
    coins: list[int]
    winners: list[int]
    ranks: list[int]  # 1 = best, shared ranks for ties (G2)
    initiative_order: list[int]  # per seat: 0 = lowest initiative (epoch I first player), …
    effects: list[list[str]]  # purple effect ids held at the end, per seat
    decision_ms: dict[str, list[float]] = field(default_factory=dict)  # per agent, non-forced


def lineups(agents: Sequence[str], players: int) -> list[list[str]]:
    """The distinct seatings of one deal: the agents repeated in rotation, rotated seat by seat."""
    base = [agents[i % len(agents)] for i in range(players)]
    out: list[list[str]] = []
    for r in range(players):
        lineup = base[r:] + base[:r]
        if lineup not in out:
            out.append(lineup)
    return out


def play_game(index: int, agents: Sequence[str], players: int, seed: int,
              options: dict[str, Any] | None = None, variant: str = "basic",
              timed: bool = True) -> GameRecord:
    """Play game ``index`` of a tournament (deal and seating derived from it)."""
    options = options or {}
    seatings = lineups(agents, players)
    deal, rot = divmod(index, len(seatings))
    lineup = seatings[rot]
    cat = default_catalog()
    setup = random_setup(cat, [f"p{i}" for i in range(players)], variant, mix(seed, deal))
    names = tuple(f"Seat {s + 1} ({lineup[s]})" for s in range(players))
    game = Game.from_setup(dataclasses.replace(setup, players=names), None, cat)
    game.log = None
    seat_agents: list[Agent] = [make_agent(lineup[s], seed=mix(seed, index, s), **options)
                                for s in range(players)]
    times: dict[str, list[float]] = {}

    def agent(game: Game, d: Decision) -> Action:  # asked for non-forced decisions only
        t0 = time.perf_counter()
        action = seat_agents[d.seat].choose(view(game, d.seat), d.actions)
        if timed:
            times.setdefault(lineup[d.seat], []).append((time.perf_counter() - t0) * 1000)
        return action

    play(game, agent, check=False)
    ranks = {r["seat"]: r["rank"] for r in ranking(game)}
    by_init = sorted(range(players), key=game.initiative)
    return GameRecord(
        index=index, deal=deal, agents=list(lineup),
        scores=[t["total"] for t in game.scores()], coins=game.coins[:],
        winners=game.winners(), ranks=[ranks[s] for s in range(players)],
        initiative_order=[by_init.index(s) for s in range(players)],
        effects=[sorted({e for e, k in game.eff[s].items() if k > 0}) for s in range(players)],
        decision_ms=times)


def _play(args: tuple[Any, ...]) -> GameRecord:
    return play_game(*args)


def play_games(agents: Sequence[str], players: int, games: int, seed: int,
               options: dict[str, Any] | None = None, workers: int = 1, variant: str = "basic",
               progress: Callable[[int], None] | None = None) -> list[GameRecord]:
    """Play games 0…games−1, spread over ``workers`` processes; records in game order."""
    jobs = [(k, list(agents), players, seed, options or {}, variant) for k in range(games)]
    if workers <= 1:
        out = []
        for job in jobs:
            out.append(_play(job))
            if progress:
                progress(len(out))
        return out
    records: list[GameRecord] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for rec in pool.map(_play, jobs, chunksize=1):
            records.append(rec)
            if progress:
                progress(len(records))
    return records


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (shared wins make p fractional; still fine)."""
    if n == 0:
        return (0.0, 1.0)
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _quantile(values: list[float], q: float) -> float:
    s = sorted(values)
    if not s:
        return 0.0
    i = min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))
    return s[i]


def summarise(records: list[GameRecord], agents: Sequence[str], players: int, seed: int,
              options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Aggregate records into the tournament report (its fields are listed in docs/ai.md)."""
    names = list(dict.fromkeys(agents))
    games = len(records)
    wins = dict.fromkeys(names, 0.0)
    played = dict.fromkeys(names, 0)
    scores: dict[str, list[int]] = {a: [] for a in names}
    ranks: dict[str, list[int]] = {a: [] for a in names}
    seat_wins = [0.0] * players
    init_wins = [0.0] * players
    times: dict[str, list[float]] = {a: [] for a in names}
    for r in records:
        share = 1 / len(r.winners)
        for a in set(r.agents):
            played[a] += 1
        for s in range(players):
            scores[r.agents[s]].append(r.scores[s])
            ranks[r.agents[s]].append(r.ranks[s])
        for s in r.winners:
            wins[r.agents[s]] += share
            seat_wins[s] += share
            init_wins[r.initiative_order[s]] += share
        for a, ms in r.decision_ms.items():
            times[a].extend(ms)
    win_rate = {a: wins[a] / played[a] if played[a] else 0.0 for a in names}
    report: dict[str, Any] = {
        "games": games,
        "players": players,
        "agents": list(agents),
        "seed": seed,
        "options": dict(options or {}),
        "win_rate": {a: round(v, 4) for a, v in win_rate.items()},
        "win_rate_ci95": {a: [round(x, 4) for x in wilson(win_rate[a], played[a])]
                          for a in names},
        "wins": {a: round(wins[a], 3) for a in names},
        "mean_score": {a: round(statistics.fmean(v), 2) if v else None
                       for a, v in scores.items()},
        "score_sd": {a: round(statistics.pstdev(v), 2) if len(v) > 1 else 0.0
                     for a, v in scores.items()},
        "mean_rank": {a: round(statistics.fmean(v), 3) if v else None for a, v in ranks.items()},
        "seat_win_rate": [round(w / games, 4) if games else 0.0 for w in seat_wins],
        "initiative_win_rate": [round(w / games, 4) if games else 0.0 for w in init_wins],
        "fair_share": round(1 / players, 4),
        "decision_ms": {a: {"decisions": len(v), "median": round(statistics.median(v), 2),
                            "p95": round(_quantile(v, 0.95), 2), "max": round(max(v), 2)}
                        for a, v in times.items() if v},
    }
    return report


def run(agents: Sequence[str], players: int, games: int, seed: int,
        options: dict[str, Any] | None = None, workers: int = 1,
        variant: str = "basic") -> dict[str, Any]:
    """Play and summarise a tournament."""
    t0 = time.perf_counter()
    records = play_games(agents, players, games, seed, options, workers, variant)
    report = summarise(records, agents, players, seed, options)
    report["elapsed_s"] = round(time.perf_counter() - t0, 1)
    report["workers"] = workers
    return report


def format_report(rep: dict[str, Any]) -> str:
    """The report as a readable table."""
    lines = [f"{rep['games']} games, {rep['players']} players, agents "
             f"{', '.join(rep['agents'])}, seed {rep['seed']}"
             + (f", {rep['options']}" if rep["options"] else "")]
    lines.append(f"{'agent':<10} {'win rate':>9} {'95% interval':>16} {'mean score':>11} "
                 f"{'spread':>7} {'mean rank':>10}")
    for a, wr in rep["win_rate"].items():
        lo, hi = rep["win_rate_ci95"][a]
        lines.append(f"{a:<10} {wr:>9.3f} {f'[{lo:.3f}, {hi:.3f}]':>16} "
                     f"{rep['mean_score'][a]:>11.1f} {rep['score_sd'][a]:>7.1f} "
                     f"{rep['mean_rank'][a]:>10.2f}")
    fair = rep["fair_share"]
    by_seat = " ".join(f"{x:.3f}" for x in rep["seat_win_rate"])
    by_init = " ".join(f"{x:.3f}" for x in rep["initiative_win_rate"])
    lines.append(f"seat fairness (win rate, fair share {fair:.3f}): by seat {by_seat}; "
                 f"by initiative order {by_init}")
    for a, t in rep["decision_ms"].items():
        lines.append(f"decision time {a}: median {t['median']:.1f} ms, 95th percentile "
                     f"{t['p95']:.1f} ms over {t['decisions']} decisions")
    if "elapsed_s" in rep:
        lines.append(f"elapsed {rep['elapsed_s']} s with {rep.get('workers', 1)} worker(s)")
    return "\n".join(lines)
