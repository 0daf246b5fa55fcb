"""Random legal games, for the CLI's ``simulate`` and the benchmark."""

from __future__ import annotations

import time
from typing import Any

from .engine import Game
from .rng import Rng
from .scoring import CATEGORIES


def random_game(n: int, seed: int, variant: str = "basic") -> Game:
    """Play one game with uniformly random legal actions; deterministic from the seed."""
    game = Game.new([f"Player {i + 1}" for i in range(n)], variant, seed)
    game.log = None  # the log is not needed here; keeps the playout lean
    rng = Rng(seed ^ 0x5EED)
    while game.step != "over":
        seats = game.acting_seats()
        seat = seats[rng.below(len(seats))] if len(seats) > 1 else seats[0]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.below(len(actions))], check=False)
    return game


def simulate(players: int, games: int, seed: int, variant: str = "basic") -> dict[str, Any]:
    """Play ``games`` random games; per-seat mean scores and wins (shared wins as fractions)."""
    sums = [dict.fromkeys((*CATEGORIES, "total"), 0.0) for _ in range(players)]
    wins = [0.0] * players
    elapsed = 0.0
    for i in range(games):
        t0 = time.perf_counter()
        game = random_game(players, seed * 1_000_003 + i, variant)
        table = game.scores()
        winners = game.winners()
        elapsed += time.perf_counter() - t0
        for s in range(players):
            for k, v in table[s].items():
                sums[s][k] += v
        for s in winners:
            wins[s] += 1 / len(winners)
    return {
        "games": games,
        "players": players,
        "variant": variant,
        "seed": seed,
        "games_per_second": round(games / elapsed, 1) if elapsed else None,
        "mean_scores": [{k: round(v / games, 3) for k, v in s.items()} for s in sums],
        "winners": [round(w, 6) for w in wins],
    }
