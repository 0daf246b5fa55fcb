"""Seating a league round: players into tables of 3–5, balanced by rating, avoiding repeats.

Pure and deterministic (a seed drives the search). Documentation: docs/leagues.md, "Seating".

Table sizes (:func:`table_sizes`):

* ``"mixed"``: as many tables as make their sizes closest to 4 (``round(P / 4)``, kept so that
  every table has 3–5 players), the sizes as even as possible (they differ by at most one,
  bigger tables first). 7 → 4+3, 12 → 4+4+4, 13 → 5+4+4, 23 → 4+4+4+4+4+3.
* a fixed size N: ``ceil(P / N)`` tables, people spread as evenly as possible (so as many full
  tables of N as that allows). The short tables play with one seat fewer (a "table of N−1")
  when every short table then has exactly N−1 ≥ 3 people — 14 at N=4 → 4+4+3+3; otherwise
  (N=3, or a table would be two short) the short tables are filled up to N with AI seats, one
  AI per short table where possible — 7 at N=3 → 3+(2+AI)+(2+AI); 7 at N=5 → (4+AI)+(3+2 AI).
  ``fill="ai"`` always fills with AI seats (every game has N seats).

Choosing who sits where (:func:`seat`) minimises, in this order of weight,

1. repeats: for every pair of people at one table, the number of times they met before
   (``history``), and
2. imbalance: the spread of the tables' mean ratings (each table's squared distance from the
   overall mean, scaled so that the whole imbalance is worth less than one repeat).

The start is a snake draft by rating (1st, 2nd … into tables 1, 2 … and back), improved by
swapping two people of different tables while that lowers the cost (first improvement, in a
seeded random order); then restarts from seeded shuffles, while the best seating still has
repeats, up to ``restarts`` times, alternating fresh seeded shuffles and the best seating
shaken by a few random swaps (iterated local search). The best seating found wins.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

MIN_TABLE, MAX_TABLE = 3, 5
TABLE_SIZES: tuple[int | str, ...] = (3, 4, 5, "mixed")
REPEAT_WEIGHT = 1000.0  # one repeat costs more than any imbalance (which is at most ~tables)


@dataclass
class Table:
    """A table: the people seated (best rated first) and the AI seats that fill it."""

    people: list[Any]
    ai: int = 0

    @property
    def size(self) -> int:
        return len(self.people) + self.ai


@dataclass
class Seating:
    tables: list[Table]
    repeats: int  # pairs of people at one table who met before (counted with multiplicity)
    spread: float  # standard deviation of the tables' mean ratings
    meta: dict[str, Any] = field(default_factory=dict)


def table_sizes(players: int, table_size: int | str, fill: str = "short") -> list[tuple[int, int]]:
    """``(people, ai)`` per table for ``players`` people; see the module docstring."""
    if table_size not in TABLE_SIZES:
        raise ValueError(f"table size must be one of {TABLE_SIZES}, not {table_size!r}")
    if fill not in ("short", "ai"):
        raise ValueError("fill must be 'short' or 'ai'")
    if players < MIN_TABLE:
        raise ValueError(f"a round needs at least {MIN_TABLE} players, not {players}")
    if table_size == "mixed":
        count = max(math.ceil(players / MAX_TABLE), min(players // MIN_TABLE,
                                                        max(1, round(players / 4))))
        return [(p, 0) for p in _even(players, count)]
    assert isinstance(table_size, int)
    n = table_size
    count = math.ceil(players / n)
    people = _even(players, count)
    short_ok = n - 1 >= MIN_TABLE and all(p >= n - 1 for p in people)
    if fill == "short" and short_ok:
        return [(p, 0) for p in people]
    return [(p, n - p) for p in people]


def _even(total: int, count: int) -> list[int]:
    """``total`` split into ``count`` parts differing by at most one, bigger parts first."""
    base, extra = divmod(total, count)
    return [base + (1 if i < extra else 0) for i in range(count)]


def pair(a: Hashable, b: Hashable) -> frozenset[Any]:
    """The key of a pair of players in a history."""
    return frozenset((a, b))


def history_of(tables: Iterable[Iterable[Hashable]]) -> dict[frozenset[Any], int]:
    """How often each pair of players sat at one table, from earlier tables' people."""
    out: dict[frozenset[Any], int] = {}
    for people in tables:
        for a, b in combinations(list(people), 2):
            if a != b:
                k = pair(a, b)
                out[k] = out.get(k, 0) + 1
    return out


def repeats(tables: Iterable[Iterable[Hashable]], history: Mapping[frozenset[Any], int]) -> int:
    """Pairs at one table who met before, counted with multiplicity."""
    return sum(history.get(pair(a, b), 0) for people in tables
               for a, b in combinations(list(people), 2))


def seat(players: Sequence[Hashable], table_size: int | str, *,
         ratings: Mapping[Any, float] | None = None,
         history: Mapping[frozenset[Any], int] | None = None, seed: int = 0,
         fill: str = "short", restarts: int = 200) -> Seating:
    """Seat ``players`` (distinct ids) into tables; ``ratings`` (missing: 0) balance the
    tables, ``history`` (:func:`history_of`) holds the pairs that met before."""
    if len(set(players)) != len(players):
        raise ValueError("players must be distinct")
    ratings = ratings or {}
    history = history or {}
    sizes = table_sizes(len(players), table_size, fill)
    n = len(players)
    order = sorted(range(n), key=lambda i: (-float(ratings.get(players[i], 0.0)), i))
    r = [float(ratings.get(p, 0.0)) for p in players]
    h = [[history.get(pair(players[i], players[j]), 0) if i != j else 0 for j in range(n)]
         for i in range(n)]
    mean = sum(r) / n
    scale = max(1e-9, max(r) - min(r))  # imbalance in units of the rating range
    caps = [p for p, _ in sizes]
    rng = random.Random(seed)

    def cost(tables: list[list[int]]) -> tuple[int, float]:
        rep = sum(h[a][b] for t in tables for a, b in combinations(t, 2))
        imb = sum(((sum(r[i] for i in t) / len(t) - mean) / scale) ** 2 for t in tables)
        return rep, imb

    def improve(tables: list[list[int]]) -> list[list[int]]:
        where = {i: k for k, t in enumerate(tables) for i in t}
        sums = [sum(r[i] for i in t) for t in tables]
        improved = True
        while improved:
            improved = False
            people = list(range(n))
            rng.shuffle(people)
            for a in people:
                ta = where[a]
                for b in people:
                    tb = where[b]
                    if tb <= ta:  # each unordered pair of tables once, never the same table
                        continue
                    A, B = tables[ta], tables[tb]
                    d_rep = (sum(h[b][x] - h[a][x] for x in A if x != a)
                             + sum(h[a][y] - h[b][y] for y in B if y != b))
                    la, lb = len(A), len(B)
                    na, nb = sums[ta] - r[a] + r[b], sums[tb] - r[b] + r[a]
                    d_imb = (((na / la - mean) / scale) ** 2 + ((nb / lb - mean) / scale) ** 2
                             - ((sums[ta] / la - mean) / scale) ** 2
                             - ((sums[tb] / lb - mean) / scale) ** 2)
                    if REPEAT_WEIGHT * d_rep + d_imb < -1e-12:
                        A[A.index(a)], B[B.index(b)] = b, a
                        where[a], where[b] = tb, ta
                        sums[ta], sums[tb] = na, nb
                        improved = True
                        break
        return tables

    def snake(seq: list[int]) -> list[list[int]]:
        tables: list[list[int]] = [[] for _ in caps]
        k, step = 0, 1
        for i in seq:
            while len(tables[k]) >= caps[k]:
                k, step = _next(k, step, len(caps))
            tables[k].append(i)
            k, step = _next(k, step, len(caps))
        return tables

    best = improve(snake(order))
    best_cost = cost(best)
    for attempt in range(restarts):
        if best_cost[0] == 0 and attempt >= 2:
            break
        if attempt % 2:  # a fresh start from a shuffle …
            shuffled = list(range(n))
            rng.shuffle(shuffled)
            cand = snake(shuffled)
        else:  # … or the best so far, shaken by a few random swaps (iterated local search)
            cand = [list(t) for t in best]
            for _ in range(max(2, n // 4)):
                ta, tb = rng.sample(range(len(cand)), 2) if len(cand) > 1 else (0, 0)
                if ta != tb:
                    ia, ib = rng.randrange(len(cand[ta])), rng.randrange(len(cand[tb]))
                    cand[ta][ia], cand[tb][ib] = cand[tb][ib], cand[ta][ia]
        cand = improve(cand)
        c = cost(cand)
        if REPEAT_WEIGHT * c[0] + c[1] < REPEAT_WEIGHT * best_cost[0] + best_cost[1] - 1e-12:
            best, best_cost = cand, c
    tables = [Table(sorted((players[i] for i in t),
                           key=lambda p: (-float(ratings.get(p, 0.0)), players.index(p))), ai)
              for t, (_, ai) in zip(best, sizes, strict=True)]
    means = [sum(r[i] for i in t) / len(t) for t in best]
    m = sum(means) / len(means)
    spread = math.sqrt(sum((x - m) ** 2 for x in means) / len(means))
    return Seating(tables, best_cost[0], spread, {"sizes": [t.size for t in tables]})


def _next(k: int, step: int, count: int) -> tuple[int, int]:
    """The snake's next table: 0, 1 … count−1, count−1 … 0, 0, 1 …"""
    if count == 1:
        return 0, 1
    k2 = k + step
    if 0 <= k2 < count:
        return k2, step
    return k, -step
