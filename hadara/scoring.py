"""Scoring (G1) and the winner (G2). Pure functions of a state; used live and at the end."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from .content import COLOURS, TRACK_OF_COLOUR
from .state import State

#: G1 category names, in display order; the same names in the engine, images and JSON.
CATEGORIES: tuple[str, ...] = (
    "colonies", "statues", "silver_medals", "gold_medals", "cards", "purple_sets", "coins",
)


def plain_sets(counts: dict[str, int]) -> int:
    """Sets of 5 differently coloured cards without wildcards (P11)."""
    return min(counts.get(c, 0) for c in COLOURS)


def gold_sets(counts: dict[str, int], wildcards: int) -> int:
    """Largest k with sum over colours of max(0, k - n_c) <= wildcards (G1, P12).

    ``counts`` must already have the P12 cards taken out of purple.
    """
    k = 0
    while sum(max(0, k + 1 - counts.get(c, 0)) for c in COLOURS) <= wildcards:
        k += 1
    return k


def breakdown(state: State, seat: int) -> dict[str, int]:
    """Points per G1 category and ``total`` for one seat, from the state as it stands."""
    cat = state.catalog
    rules = cat.rules
    colonies = 0
    for tile_id, integrated in state.colonies[seat]:
        tile = cat.colonies[tile_id]
        colonies += tile.back_points if integrated else tile.front_points

    p4 = state.eff[seat].get("P4", 0)
    statues = 0
    for space, placed in zip(cat.statues, state.statues[seat], strict=True):
        if placed is None:
            continue
        statues += space.points
        if placed[1] == "points":
            statues += space.extra_points + p4 * rules.eff("P4", "points")

    # P10: each P10 card lets one silver medal score full value; it goes where it adds most.
    values = []
    for colour in state.silver[seat]:
        v = state.tracks[seat][TRACK_OF_COLOUR[colour]]
        values.append((v - (v + 1) // 2, (v + 1) // 2))
    values.sort(reverse=True)
    full = state.eff[seat].get("P10", 0)
    silver = sum(half + (gain if i < full else 0) for i, (gain, half) in enumerate(values))

    counts = dict(state.ncol[seat])
    wild = state.eff[seat].get("P12", 0)
    counts["purple"] = counts.get("purple", 0) - wild
    gold = state.gold[seat] * rules.gold_set_points * gold_sets(counts, wild)

    cards = sum(cat.cards[c].points for c in state.tableau[seat])
    purple_sets = (state.eff[seat].get("P11", 0) * rules.eff("P11", "points_per_set")
                   * plain_sets(state.ncol[seat]))
    coins = state.coins[seat] // rules.coins_per_point
    out = {"colonies": colonies, "statues": statues, "silver_medals": silver,
           "gold_medals": gold, "cards": cards, "purple_sets": purple_sets, "coins": coins}
    out["total"] = sum(out.values())
    return out


def scores(state: State) -> list[dict[str, int]]:
    return [breakdown(state, s) for s in range(state.n)]


def winners(state: State, table: list[dict[str, int]] | None = None) -> list[int]:
    """G2: most points; tie: most coins left; still tied: all of them share the victory."""
    table = table or scores(state)
    best = max(t["total"] for t in table)
    tied = [s for s in range(state.n) if table[s]["total"] == best]
    most = max(state.coins[s] for s in tied)
    return [s for s in tied if state.coins[s] == most]


def ranking(state: State) -> list[dict[str, Any]]:
    """Seats ranked by G2 with shared ranks (1 = best), for results and ratings."""
    table = scores(state)
    key = [(-table[s]["total"], -state.coins[s]) for s in range(state.n)]
    return [{"seat": s, "rank": 1 + sum(1 for k in key if k < key[s]), **table[s]}
            for s in sorted(range(state.n), key=lambda s: key[s])]


def final_ranking(state: State, conceded: Collection[int] = ()) -> tuple[list[dict[str, Any]],
                                                                         list[int]]:
    """The final ranking with the ``conceded`` seats ranked after everyone who played on
    (G2 within each group, shared ranks): :func:`ranking`'s rows, each with ``conceded``, and
    the winning seats (rank 1). Without concessions it is :func:`ranking`."""
    rows = ranking(state)
    kept = [r for r in rows if r["seat"] not in conceded]
    last = [r for r in rows if r["seat"] in conceded]

    def ranked(group: list[dict[str, Any]], offset: int) -> list[dict[str, Any]]:
        key = {r["seat"]: (-r["total"], -state.coins[r["seat"]]) for r in group}
        return [{**r, "rank": offset + 1 + sum(1 for k in key.values() if k < key[r["seat"]]),
                 "conceded": r["seat"] in conceded} for r in group]

    table = ranked(kept, 0) + ranked(last, len(kept))
    winners = sorted(r["seat"] for r in table if r["rank"] == 1)
    return table, winners
