"""Balance report: self-play for each player count (greedy by default; ``agent`` names
another level, such as the expert with an iteration budget).

For every player count it shows the win rate of each seat, by seat number and by initiative
order (0 = the lowest initiative, the epoch-I first player; seats are dealt setup cards at
random, so the initiative order is where an imbalance of the rules or the setup cards shows),
the mean winning score, and how often the holder of each purple effect wins. The goal
(issue 4): every seat within 5 percentage points of a fair share at 2,000 games per count.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence
from typing import Any

from ..content import EFFECT_KINDS
from .tournament import GameRecord, play_games

GOAL_PP = 5.0  # allowed distance of a seat's win rate from a fair share, percentage points


def summarise(records: list[GameRecord], players: int) -> dict[str, Any]:
    games = len(records)
    seat = [0.0] * players
    init = [0.0] * players
    holders = dict.fromkeys(EFFECT_KINDS, 0)
    holder_wins = dict.fromkeys(EFFECT_KINDS, 0.0)
    for r in records:
        share = 1 / len(r.winners)
        for s in r.winners:
            seat[s] += share
            init[r.initiative_order[s]] += share
        for s in range(players):
            for e in r.effects[s]:
                holders[e] += 1
                if s in r.winners:
                    holder_wins[e] += share
    fair = 1 / players
    seat_rate = [x / games for x in seat]
    init_rate = [x / games for x in init]
    gap = 100 * max(abs(x - fair) for x in seat_rate + init_rate)
    return {
        "games": games,
        "fair_share": round(fair, 4),
        "seat_win_rate": [round(x, 4) for x in seat_rate],
        "initiative_win_rate": [round(x, 4) for x in init_rate],
        "max_gap_pp": round(gap, 2),
        # one standard error of a seat's win rate at a fair share: with few games (the expert
        # is slow) a gap of two of these is as likely noise as a real edge
        "se_pp": round(100 * math.sqrt(fair * (1 - fair) / games), 2),
        "goal_met": gap <= GOAL_PP,
        "mean_winning_score": round(statistics.fmean(max(r.scores) for r in records), 1),
        "mean_score": round(statistics.fmean(x for r in records for x in r.scores), 1),
        "effects": {e: {"holders_per_game": round(holders[e] / games, 3),
                        "holder_win_rate": (round(holder_wins[e] / holders[e], 4)
                                            if holders[e] else None)}
                    for e in EFFECT_KINDS},
    }


def run(games: int = 2000, players: Sequence[int] = (2, 3, 4, 5), seed: int = 1,
        workers: int = 1, variant: str = "basic", agent: str = "greedy",
        options: dict[str, Any] | None = None) -> dict[str, Any]:
    t0 = time.perf_counter()
    out: dict[str, Any] = {"games_per_count": games, "seed": seed, "variant": variant,
                           "agent": agent, "options": dict(options or {}),
                           "goal_pp": GOAL_PP, "players": {}}
    for n in players:
        records = play_games([agent], n, games, seed, options or {}, workers, variant)
        out["players"][str(n)] = summarise(records, n)
    out["goal_met"] = all(p["goal_met"] for p in out["players"].values())
    out["elapsed_s"] = round(time.perf_counter() - t0, 1)
    return out


def format_report(rep: dict[str, Any]) -> str:
    options = "".join(f", {k} {v}" for k, v in rep["options"].items())
    lines = [f"Balance: {rep['agent']} self-play{options}, "
             f"{rep['games_per_count']} games per player count, seed {rep['seed']} (goal: "
             f"every seat within {rep['goal_pp']:g} points of a fair share)"]
    for n, p in rep["players"].items():
        fair = p["fair_share"]
        lines.append(f"{n} players (fair share {fair:.3f}): mean winning score "
                     f"{p['mean_winning_score']}, mean score {p['mean_score']}")
        lines.append("  by seat:             " + " ".join(f"{x:.3f}" for x in p["seat_win_rate"]))
        lines.append("  by initiative order: "
                     + " ".join(f"{x:.3f}" for x in p["initiative_win_rate"])
                     + f"   (largest gap {p['max_gap_pp']:.1f} points, one standard error "
                     + f"{p['se_pp']:.1f}: " + ("within goal)" if p["goal_met"]
                                                 else "MISSES the goal)"))
        cells = []
        for e, st in p["effects"].items():
            if st["holder_win_rate"] is not None:
                cells.append(f"{e} {st['holder_win_rate']:.2f} ({st['holders_per_game']:.2f})")
        lines.append("  effect holders' win rate (holders per game): " + ", ".join(cells))
    lines.append(f"goal {'met' if rep['goal_met'] else 'NOT met'}; elapsed {rep['elapsed_s']} s")
    return "\n".join(lines)
