"""The strength ladder, on fixed seeds (slow: run with `make test-all` or `-m slow`).

The full figures (200 games at the tournament budget) are in docs/ai.md; these are smaller
versions that still separate the levels clearly.
"""

from __future__ import annotations

import pytest

from hadara.ai.tournament import run


@pytest.mark.slow
def test_greedy_beats_random_in_nearly_every_two_player_game():
    rep = run(["greedy", "random"], 2, 100, seed=7)
    assert rep["win_rate"]["greedy"] >= 0.95


@pytest.mark.slow
def test_ismcts_beats_greedy_in_two_player_games():
    rep = run(["ismcts", "greedy"], 2, 40, seed=7, options={"iterations": 100}, workers=2)
    assert rep["win_rate"]["ismcts"] >= 0.6
    assert rep["mean_score"]["ismcts"] > rep["mean_score"]["greedy"]


@pytest.mark.slow
def test_ismcts_has_the_best_mean_rank_among_greedy_seats():
    rep = run(["ismcts", "greedy", "greedy", "greedy"], 4, 8, seed=7,
              options={"iterations": 60}, workers=2)
    assert rep["mean_rank"]["ismcts"] < rep["mean_rank"]["greedy"]
