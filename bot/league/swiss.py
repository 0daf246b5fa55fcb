"""Tournaments' pure logic: seating by standing (Swiss-style), the final table, byes, and the
final order. Documentation: docs/leagues.md, "Tournaments".

Pure and deterministic (a seed drives the search); the service
(:mod:`bot.league.tournaments`) feeds it the standings and the earlier tables.

**Table sizes** (:func:`sizes_for`): every active player is seated. Three or more people play at
tables of 3–5 people, sizes as even as possible (``seating.table_sizes(P, "mixed")``: 7 → 4+3,
20 → 4+4+4+4+4, 22 → 5+5+4+4+4); two people play one table with an AI seat; one person left
cannot be seated and gets a **bye** (:data:`BYE`).

**Seating by standing** (:func:`swiss_seat`) minimises, lexicographically,

1. repeats: for every pair of people at one table, the times they met before in the event;
2. spread: over every table, the sum of squared distances of its people's standing positions
   from the table's mean position (people tied in the standings share a position, so
   swapping them costs nothing).

The start is the standings cut into consecutive tables (the best at table 1) — the least
spread there is; while it has repeats, the best swap of two people of different tables is made
while it lowers the cost (best improvement, so a repeat is removed by the swap that moves
standings least), then, while repeats remain (up to ``restarts`` times), alternately a seeded
shuffle or the best seating shaken by a few seeded random swaps is improved the same way
(iterated local search); once a seating has no repeat, ``polish`` more shaken restarts look
for a smaller spread. The best seating found wins. The opposite of :func:`bot.league.seating.seat`, which mixes strengths.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from itertools import combinations
from typing import Any

from .seating import MIN_TABLE, Seating, Table, pair, table_sizes

#: A bye's marker in a table result row (the one person left when nobody else can be seated).
BYE = "bye"


def sizes_for(players: int) -> list[tuple[int, int]]:
    """``(people, ai)`` per table for ``players`` active people; [] for a lone player (a bye)
    or nobody."""
    if players >= MIN_TABLE:
        return table_sizes(players, "mixed")
    if players == 2:
        return [(2, 1)]  # a table of three with one AI seat: nobody sits out
    return []


def positions_of(order: Sequence[Hashable], shared: Mapping[Any, float] | None = None
                 ) -> dict[Any, float]:
    """Standing positions by player: ``shared`` (the standings' own, equal for tied rows)
    where given, else the place in ``order`` (1, 2, …)."""
    shared = shared or {}
    return {p: float(shared.get(p, i + 1)) for i, p in enumerate(order)}


def spread_of(tables: Sequence[Sequence[Hashable]], positions: Mapping[Any, float]) -> float:
    """The mean, over tables, of the largest minus the smallest standing position at the table
    (the simulation's figure; 0 for no table)."""
    gaps = [max(positions[p] for p in t) - min(positions[p] for p in t) for t in tables if t]
    return sum(gaps) / len(gaps) if gaps else 0.0


def swiss_seat(order: Sequence[Hashable], positions: Mapping[Any, float] | None = None, *,
               history: Mapping[frozenset[Any], int] | None = None, seed: int = 0,
               restarts: int = 200, polish: int = 10) -> Seating:
    """Seat ``order`` (distinct people, best standing first) at tables of similar standing
    avoiding earlier meetings (``history``: :func:`bot.league.seating.history_of`).
    ``positions``: each person's standing position (tied people share one); default the place
    in ``order``. Returns a :class:`~bot.league.seating.Seating` whose tables list people best
    standing first, ``repeats`` and ``spread`` (:func:`spread_of`); a lone person has no table
    (see :func:`sizes_for`)."""
    players = list(order)
    if len(set(players)) != len(players):
        raise ValueError("players must be distinct")
    sizes = sizes_for(len(players))
    if not sizes:
        return Seating([], 0, 0.0, {"sizes": [], "byes": players})
    pos_map = positions_of(players, positions)
    history = history or {}
    n = len(players)
    pos = [pos_map[p] for p in players]
    h = [[history.get(pair(players[i], players[j]), 0) if i != j else 0 for j in range(n)]
         for i in range(n)]
    rng = random.Random(seed)

    def sse(t: Sequence[int]) -> float:
        mean = sum(pos[i] for i in t) / len(t)
        return sum((pos[i] - mean) ** 2 for i in t)

    def cost(tables: list[list[int]]) -> tuple[int, float]:
        return (sum(h[a][b] for t in tables for a, b in combinations(t, 2)),
                sum(sse(t) for t in tables))

    def improve(tables: list[list[int]]) -> list[list[int]]:
        """Best-improvement swaps of two people of different tables, lexicographic cost."""
        spreads = [sse(t) for t in tables]
        while True:
            best: tuple[int, float, int, int, int, int] | None = None
            for ta, tb in combinations(range(len(tables)), 2):
                A, B = tables[ta], tables[tb]
                for ia, a in enumerate(A):
                    for ib, b in enumerate(B):
                        d_rep = (sum(h[b][x] - h[a][x] for x in A if x != a)
                                 + sum(h[a][y] - h[b][y] for y in B if y != b))
                        if d_rep > 0:
                            continue
                        na = [b if x == a else x for x in A]
                        nb = [a if y == b else y for y in B]
                        d_spr = sse(na) + sse(nb) - spreads[ta] - spreads[tb]
                        if (d_rep, d_spr) < (0, -1e-9) and (
                                best is None or (d_rep, d_spr) < (best[0], best[1])):
                            best = (d_rep, d_spr, ta, ia, tb, ib)
            if best is None:
                return tables
            _, _, ta, ia, tb, ib = best
            tables[ta][ia], tables[tb][ib] = tables[tb][ib], tables[ta][ia]
            spreads[ta], spreads[tb] = sse(tables[ta]), sse(tables[tb])

    start: list[list[int]] = []
    i = 0
    for people, _ in sizes:
        start.append(list(range(i, i + people)))
        i += people
    best = improve(start)
    best_cost = cost(best)
    calm = 0  # restarts since the last repeat-free improvement
    for attempt in range(restarts if len(best) > 1 else 0):
        if best_cost[0] == 0:
            calm += 1
            if calm > polish:
                break
        if attempt % 2 and best_cost[0]:  # a fresh start from a seeded shuffle …
            shuffled = list(range(n))
            rng.shuffle(shuffled)
            cand, i = [], 0
            for people, _ in sizes:
                cand.append(shuffled[i:i + people])
                i += people
        else:  # … or the best so far, shaken by a few random swaps
            cand = [list(t) for t in best]
            for _ in range(max(2, n // 5)):
                ta, tb = rng.sample(range(len(cand)), 2)
                ia, ib = rng.randrange(len(cand[ta])), rng.randrange(len(cand[tb]))
                cand[ta][ia], cand[tb][ib] = cand[tb][ib], cand[ta][ia]
        cand = improve(cand)
        c = cost(cand)
        if c < best_cost:
            best, best_cost = cand, c
            calm = 0
    tables = [Table([players[i] for i in sorted(t, key=lambda i: (pos[i], i))], ai)
              for t, (_, ai) in zip(best, sizes, strict=True)]
    return Seating(tables, best_cost[0], spread_of([t.people for t in tables], pos_map),
                   {"sizes": [t.size for t in tables], "byes": []})


def random_seat(order: Sequence[Hashable], positions: Mapping[Any, float] | None = None, *,
                history: Mapping[frozenset[Any], int] | None = None, seed: int = 0
                ) -> Seating:
    """The same table sizes, people drawn at random (the simulation's yardstick);
    ``positions`` as for :func:`swiss_seat` (its ``spread``)."""
    players = list(order)
    rng = random.Random(seed)
    rng.shuffle(players)
    sizes = sizes_for(len(players))
    tables, i = [], 0
    for people, ai in sizes:
        tables.append(Table(players[i:i + people], ai))
        i += people
    reps = sum((history or {}).get(pair(a, b), 0) for t in tables
               for a, b in combinations(t.people, 2))
    return Seating(tables, reps, spread_of([t.people for t in tables],
                                           positions_of(order, positions)),
                   {"sizes": [t.size for t in tables], "byes": players[i:]})


def finalists(order: Sequence[Hashable], active: Sequence[Hashable] | set[Any],
              size: int) -> list[Any]:
    """The final table: the ``size`` best people of ``order`` (the standings, tie-breaks
    applied) who are still active (a withdrawn person's place goes to the next)."""
    still = set(active)
    return [p for p in order if p in still][:size]


def final_order(order: Sequence[Hashable], final_places: Mapping[Any, int]) -> list[Any]:
    """The event's final order: the finalists by their place at the final (a shared place:
    the better standing first), then everyone else in the standings' order."""
    rank = {p: i for i, p in enumerate(order)}
    top = sorted(final_places, key=lambda p: (final_places[p], rank.get(p, len(rank))))
    return top + [p for p in order if p not in final_places]
