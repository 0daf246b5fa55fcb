"""Seating (bot/league/seating.py): table sizes for 7–23 players, every player seated once,
no repeat opponents whenever a repeat-free seating exists (property-based over histories),
balance by rating, determinism."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.league.seating import history_of, repeats, seat, table_sizes
from tests.support.seatings import planted_history

SIZES = (3, 4, 5, "mixed")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", range(7, 24))
def test_table_sizes(players: int, size: int | str) -> None:
    tables = table_sizes(players, size)
    assert sum(p for p, _ in tables) == players
    assert all(3 <= p + ai <= 5 for p, ai in tables)
    people = [p for p, _ in tables]
    assert max(people) - min(people) <= 1  # as even as possible
    if size == "mixed":
        assert all(ai == 0 for _, ai in tables)
        assert abs(len(tables) - players / 4) < 1  # close to tables of four
    else:
        assert isinstance(size, int)
        assert all(p + ai in (size, size - 1) for p, ai in tables)
        assert len(tables) == -(-players // size)  # as many full tables as possible
        if players % size == 0:
            assert tables == [(size, 0)] * (players // size)
        if any(ai for _, ai in tables):  # AI seats only where tables of N-1 do not work
            assert size == 3 or min(people) < size - 1
        assert table_sizes(players, size, fill="ai") == [(p, size - p) for p in people]


def test_examples() -> None:
    assert table_sizes(7, "mixed") == [(4, 0), (3, 0)]
    assert table_sizes(13, "mixed") == [(5, 0), (4, 0), (4, 0)]
    assert table_sizes(14, 4) == [(4, 0), (4, 0), (3, 0), (3, 0)]
    assert table_sizes(7, 3) == [(3, 0), (2, 1), (2, 1)]
    assert table_sizes(7, 5) == [(4, 1), (3, 2)]
    with pytest.raises(ValueError):
        table_sizes(2, 4)
    with pytest.raises(ValueError):
        table_sizes(9, 6)


@st.composite
def planted(draw: st.DrawFn) -> tuple[list[int], int | str, dict[frozenset[int], int], int]:
    """Players, a table size and a history of up to three earlier rounds that avoids every
    pair of a hidden seating — so a seating without repeats exists."""
    n = draw(st.integers(7, 23))
    size = draw(st.sampled_from(SIZES))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    players = list(range(1000, 1000 + n))
    shape = table_sizes(n, size)
    history = planted_history(rng, players, shape, draw(st.integers(0, 3)))
    return players, size, history, seed


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(planted())
def test_no_repeats_when_possible(case: tuple[list[int], int | str,
                                              dict[frozenset[int], int], int]) -> None:
    players, size, history, seed = case
    rng = random.Random(seed)
    ratings = {p: rng.gauss(0.0, 6.0) for p in players}
    result = seat(players, size, ratings=ratings, history=history, seed=seed)
    seated = [p for t in result.tables for p in t.people]
    assert sorted(seated) == players  # everybody exactly once
    assert [(len(t.people), t.ai) for t in result.tables] == table_sizes(len(players), size)
    assert result.repeats == 0 == repeats([t.people for t in result.tables], history)


@settings(max_examples=30, deadline=None)
@given(st.integers(7, 23), st.sampled_from(SIZES), st.integers(0, 10**6))
def test_rounds_of_a_season(n: int, size: int | str, seed: int) -> None:
    """Seating round after round never repeats more than needed in round 2 (no repeats at
    all when every table of round 1 can be split up), and is deterministic."""
    players = list(range(n))
    first = seat(players, size, seed=seed)
    history = history_of(t.people for t in first.tables)
    second = seat(players, size, history=history, seed=seed)
    again = seat(players, size, history=history, seed=seed)
    assert [t.people for t in second.tables] == [t.people for t in again.tables]
    tables = len(second.tables)
    biggest_old = max(len(t.people) for t in first.tables)
    if all(len(t.people) <= len(first.tables) for t in second.tables) and tables >= biggest_old:
        assert second.repeats == 0


def test_balanced_by_rating() -> None:
    """Without history, tables have close mean ratings (snake seeding, then swaps)."""
    players = list(range(16))
    ratings = {p: float(p) for p in players}
    result = seat(players, 4, ratings=ratings)
    means = [sum(ratings[p] for p in t.people) / 4 for t in result.tables]
    assert max(means) - min(means) <= 0.5
    # the best rated are spread over the tables
    assert sorted(t.people[0] for t in result.tables) == [12, 13, 14, 15]
