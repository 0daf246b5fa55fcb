"""Fit the search's leaf (leaf.py) on self-play outcomes: ``python -m hadara fit-leaf``.

Plays games in which every seat is the greedy level (fast, and the level search assumes the
others play), records at a sample of decisions every seat's evaluation terms with the stage,
and, once the game is over, each seat's final points. For every player count and stage a ridge
least-squares fit gives the weights of a linear forecast of the final points from the terms;
``sigma`` is the spread of the forecast's error on the difference between two seats of the same
game (what search's reward divides a lead by). Everything is drawn from the engine's own
generator: the same command writes the same file.

    python -m hadara fit-leaf [--games 3000] [--players 2,3,4,5] [--seed 1] [--workers 2]
                              [--out hadara/ai/leaf_weights.json]
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from ..content import default_catalog
from ..engine import Game
from ..rng import Rng
from .base import mix
from .evaluation import N_TERMS, TERMS
from .greedy import evaluator, greedy_action
from .leaf import FORMAT, WEIGHTS_FILE

SAMPLE = 4  # record about one decision in SAMPLE (neighbouring positions say the same thing)
RIDGE = 1.0  # shrinks weights of terms a stage hardly sees (an all-zero term stays at zero)

#: one snapshot: (stage, terms of every seat); a game: its snapshots and the final points
Snapshot = tuple[int, list[list[float]]]
GameData = tuple[list[Snapshot], list[int]]


def play_and_record(n: int, seed: int) -> GameData:
    """One greedy self-play game of ``n`` seats; its snapshots and final points."""
    ev = evaluator()
    game = Game.new([f"P{i}" for i in range(n)], "basic", seed, quiet=True)
    rng = Rng(mix(seed, n, 0xF17))
    snaps: list[Snapshot] = []
    while not game.is_over:
        seat = game.waiting_on()[0]
        actions = game.legal_actions(seat)
        if len(actions) == 1:
            game.apply(seat, actions[0], check=False)
            continue
        if rng.below(SAMPLE) == 0:
            rows = []
            stage = 0
            for s in range(n):
                ctx = ev.ctx(game, s)
                stage = ctx.stage
                rows.append(ev.terms(ev.pos(game, s, ctx), ctx))
            snaps.append((stage, rows))
        game.apply(seat, greedy_action(ev, game, seat, actions), check=False)
    return snaps, [t["total"] for t in game.scores()]


def _job(args: tuple[int, int]) -> GameData:
    return play_and_record(*args)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (a is symmetric positive
    definite here, made so by the ridge)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[pivot] = m[pivot], m[i]
        if m[i][i] == 0.0:
            continue
        for r in range(n):
            if r != i and m[r][i] != 0.0:
                f = m[r][i] / m[i][i]
                for c in range(i, n + 1):
                    m[r][c] -= f * m[i][c]
    return [m[i][n] / m[i][i] if m[i][i] != 0.0 else 0.0 for i in range(n)]


def fit_stage(rows: list[tuple[list[float], float]]) -> list[float]:
    """Ridge least squares of the final points on the terms (and a constant)."""
    d = N_TERMS + 1
    a = [[0.0] * d for _ in range(d)]
    b = [0.0] * d
    for terms, y in rows:
        x = [*terms, 1.0]
        for i in range(d):
            xi = x[i]
            if xi == 0.0:
                continue
            b[i] += xi * y
            row = a[i]
            for j in range(d):
                row[j] += xi * x[j]
    for i in range(d - 1):  # not the constant
        a[i][i] += RIDGE
    return solve(a, b)


def _predict(w: list[float], terms: list[float]) -> float:
    v = w[-1]
    for i in range(N_TERMS):
        v += w[i] * terms[i]
    return v


def fit_games(n: int, games: list[GameData]) -> dict[str, Any]:
    """The models of one player count: per stage, weights, sigma and the rows fitted on."""
    by_stage: dict[int, list[tuple[list[list[float]], list[int]]]] = {}
    for snaps, final in games:
        for stage, seats in snaps:
            by_stage.setdefault(stage, []).append((seats, final))
    out: dict[str, Any] = {}
    for stage in sorted(by_stage):
        samples = by_stage[stage]
        rows = [(seats[s], float(final[s])) for seats, final in samples for s in range(n)]
        w = fit_stage(rows)
        errors = []
        for seats, final in samples:
            pred = [_predict(w, t) for t in seats]
            errors += [(pred[i] - pred[j]) - (final[i] - final[j])
                       for i in range(n) for j in range(i + 1, n)]
        sigma = math.sqrt(sum(e * e for e in errors) / len(errors)) if errors else 0.0
        out[str(stage)] = {"w": [float(f"{x:.6g}") for x in w],
                           "sigma": float(f"{max(sigma, 1.0):.4g}"), "rows": len(rows)}
    return out


def run(games: int = 3000, players: Sequence[int] = (2, 3, 4, 5), seed: int = 1,
        workers: int = 1, command: str = "") -> dict[str, Any]:
    """Play, record and fit; the JSON data of ``leaf_weights.json``."""
    t0 = time.perf_counter()
    models: dict[str, Any] = {}
    for n in players:
        jobs = [(n, mix(seed, n, k) >> 1) for k in range(games)]  # seeds fit 63 bits
        if workers > 1:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                data = list(pool.map(_job, jobs, chunksize=16))
        else:
            data = [_job(j) for j in jobs]
        models[str(n)] = fit_games(n, data)
    return {"format": FORMAT, "terms": list(TERMS),
            "content_version": default_catalog().version, "command": command,
            "games_per_player_count": games, "seed": seed, "policy": "greedy",
            "seconds": round(time.perf_counter() - t0, 1), "models": models}


def write(data: dict[str, Any], out: Path = WEIGHTS_FILE) -> None:
    out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
