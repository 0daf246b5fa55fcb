"""Seating cases with a planted answer (tests/bot/league): a history of earlier rounds that
avoids every pair of one hidden seating, so a seating without repeats is known to exist."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from bot.league.seating import pair


def planted_history(rng: random.Random, players: Sequence[int],
                    shape: Sequence[tuple[int, int]], rounds: int
                    ) -> dict[frozenset[int], int]:
    """``rounds`` random earlier rounds of ``players`` at tables of ``shape`` (people, AI
    seats) with every pair of a hidden seating of that shape left out."""
    def partition() -> list[list[int]]:
        perm = list(players)
        rng.shuffle(perm)
        out, i = [], 0
        for p, _ in shape:
            out.append(perm[i:i + p])
            i += p
        return out

    hidden = {pair(a, b) for t in partition() for a, b in combinations(t, 2)}
    history: dict[frozenset[int], int] = {}
    for _ in range(rounds):
        for t in partition():
            for a, b in combinations(t, 2):
                if pair(a, b) not in hidden:
                    history[pair(a, b)] = history.get(pair(a, b), 0) + 1
    return history
