"""The icons' shapes as unit-square outlines, drawn by Pillow (:mod:`rendering.icons`) and as
SVG (:mod:`rendering.svg`) from the same points, so the page and the pictures share one
artwork: every track a colour and a shape (income: coin; military: shield; culture: temple;
food: drop; purple cards: star), every seat a shape of its own (:data:`theme.SEAT_SHAPES`)."""

from __future__ import annotations

import math

#: Each card colour's track shape.
TRACK_SHAPE = {"yellow": "circle", "red": "shield", "blue": "temple", "green": "drop",
               "purple": "star"}
#: Where a letter inside each shape sits (its centre, as a share of the height).
LETTER_Y = {"circle": 0.5, "shield": 0.43, "temple": 0.6, "drop": 0.62, "star": 0.5}


def shape_points(shape: str) -> list[tuple[float, float]] | None:
    """Unit-square outlines of the polygon shapes (None: drawn as an ellipse)."""
    if shape == "shield":
        pts = [(0.1, 0.06), (0.9, 0.06), (0.9, 0.45)]
        quarter = [t * math.pi / 2 for t in (0.2, 0.4, 0.6, 0.8, 1.0)]
        pts += [(0.9 - 0.4 * (1 - math.cos(a)), 0.45 + 0.5 * math.sin(a)) for a in quarter]
        pts += [(1 - x, y) for x, y in reversed(pts[2:-1])]
        return pts
    if shape == "temple":
        return [(0.5, 0.03), (0.97, 0.34), (0.86, 0.34), (0.86, 0.84), (0.95, 0.84), (0.95, 0.97),
                (0.05, 0.97), (0.05, 0.84), (0.14, 0.84), (0.14, 0.34), (0.03, 0.34)]
    if shape == "drop":
        cx, cy, r = 0.5, 0.62, 0.35
        a = math.asin(r / (cy - 0.02))  # tangent angle from the apex
        start, end = math.pi / 2 + a, math.pi / 2 - a + 2 * math.pi
        arc = [(cx + r * math.cos(start + (end - start) * i / 24),
                cy - r * math.sin(start + (end - start) * i / 24)) for i in range(25)]
        return [(0.5, 0.02), *arc]
    if shape == "star":  # eight points
        radii = [0.49 if i % 2 == 0 else 0.3 for i in range(16)]
        return [(0.5 + r * math.sin(i * math.pi / 8), 0.5 - r * math.cos(i * math.pi / 8))
                for i, r in enumerate(radii)]
    if shape == "square":
        return [(0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9)]
    if shape == "triangle":
        return [(0.5, 0.04), (0.97, 0.92), (0.03, 0.92)]
    if shape == "diamond":
        return [(0.5, 0.02), (0.98, 0.5), (0.5, 0.98), (0.02, 0.5)]
    if shape == "hexagon":
        return [(0.5 + 0.48 * math.cos(math.pi / 6 + i * math.pi / 3),
                 0.5 + 0.48 * math.sin(math.pi / 6 + i * math.pi / 3)) for i in range(6)]
    return None
