"""Random legal games, for the CLI's ``simulate`` and the benchmark."""

from __future__ import annotations

import time
from typing import Any

from .driver import play
from .engine import Action, Decision, Game
from .rng import Rng
from .scoring import CATEGORIES


def random_game(n: int, seed: int, variant: str = "basic") -> Game:
    """Play one game with uniformly random legal actions; deterministic from the seed.

    Seats answer in turn (:func:`hadara.driver.play`); forced decisions draw nothing.
    """
    game = Game.new([f"Player {i + 1}" for i in range(n)], variant, seed)
    game.log = None  # the log is not needed here; keeps the playout lean
    rng = Rng(seed ^ 0x5EED)

    def uniform(game: Game, decision: Decision) -> Action:
        return decision.actions[rng.below(len(decision.actions))]

    play(game, uniform, check=False)
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
