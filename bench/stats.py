"""Small statistics the benchmark scripts share."""

from __future__ import annotations


def pct(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of ``values``; NaN when there are none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]
