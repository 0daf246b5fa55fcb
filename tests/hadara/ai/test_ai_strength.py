"""The strength ladder, on fixed seeds.

The full figures (200 games at the tournament budget) are in docs/ai.md; the ``slow`` tests
(run with `make test-all` or `-m slow`) are smaller versions that still separate the levels
clearly. The "CI sample" tests run by default: a few seconds that still catch a search that
plays the wrong move (e.g. its least visited action).
"""

from __future__ import annotations

import pytest

from hadara.ai.base import action_key
from hadara.ai.ismcts import Node, best_child
from hadara.ai.tournament import run

# ------------------------------------------------------------------------------ CI sample


def test_ismcts_plays_its_most_visited_action():
    """ISMCTS (docs/ai.md): the final choice is the most visited root action; ties go to the
    higher mean value."""
    actions = [{"type": "colony_skip"}, {"type": "colony", "level": 3, "mode": "plunder"},
               {"type": "colony", "level": 3, "mode": "integrate"}]
    root = Node()
    for a, (visits, total) in zip(actions, [(3, 2.7), (40, 20.0), (7, 6.0)], strict=True):
        child = root.children[action_key(a)] = Node()
        child.visits, child.total = visits, total
    assert best_child(root, actions)[0] == actions[1]
    root.children[action_key(actions[2])].visits = 40
    root.children[action_key(actions[2])].total = 30.0  # same visits, higher mean
    assert best_child(root, actions)[0] == actions[2]


def test_ci_sample_ismcts_beats_random_clearly():
    """CI sample of the strength ladder: ISMCTS with a tiny budget (8 iterations) wins every
    one of 4 two-player games against random on fixed seeds, by a wide score margin (measured:
    about 190 to 95; a search that played its least visited action lost all four)."""
    rep = run(["ismcts", "random"], 2, 4, seed=3, options={"iterations": 8})
    assert rep["win_rate"]["ismcts"] >= 0.75
    assert rep["mean_score"]["ismcts"] >= 1.4 * rep["mean_score"]["random"]


def test_ci_sample_the_expert_beats_greedy_and_the_search_before_it():
    """CI sample of issue 25's goals: at 20 iterations (not 300) the expert (the search with
    the fitted leaf) wins at least 5 of 6 fixed-seed two-player games against greedy and more
    than half of 6 against ismcts-v1 (measured: 5 of 6 and 5 of 6; the full tournaments are
    in docs/ai.md). ismcts-v1 in the expert's place wins 4 of 6 against greedy here."""
    rep = run(["ismcts", "greedy"], 2, 6, seed=3, options={"iterations": 20})
    assert rep["wins"]["ismcts"] >= 5
    rep = run(["ismcts", "ismcts-v1"], 2, 6, seed=3, options={"iterations": 20})
    assert rep["win_rate"]["ismcts"] > 0.5
    assert rep["mean_score"]["ismcts"] > rep["mean_score"]["ismcts-v1"]


def test_ci_sample_novice_sits_between_random_and_greedy():
    """The gentle level (Novice) is a real opponent for a beginner and beatable: it wins all
    of 10 two-player games against random and at most 4 of 20 against greedy on fixed seeds
    (measured: 10 of 10, mean 171 against 94, and 3 of 20, mean 163 against 202; greedy in its
    place would win about half; 200-game figures in docs/ai.md)."""
    rep = run(["gentle", "random"], 2, 10, seed=5)
    assert rep["win_rate"]["gentle"] == 1.0
    rep = run(["gentle", "greedy"], 2, 20, seed=5)
    assert rep["win_rate"]["gentle"] <= 0.2
    assert rep["mean_score"]["gentle"] < rep["mean_score"]["greedy"] - 20


# ------------------------------------------------------------------------------ full (slow)


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


@pytest.mark.slow
def test_the_expert_beats_greedy_nearly_always():
    """Issue 25's first goal at a third of the budget (the 300-iteration figures: docs/ai.md)."""
    rep = run(["ismcts", "greedy"], 2, 40, seed=7, options={"iterations": 100}, workers=2)
    assert rep["win_rate"]["ismcts"] >= 0.9


@pytest.mark.slow
def test_the_expert_beats_the_search_before_it():
    rep = run(["ismcts", "ismcts-v1"], 2, 40, seed=7, options={"iterations": 100}, workers=2)
    assert rep["win_rate"]["ismcts"] > 0.55
