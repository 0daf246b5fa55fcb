"""Scores: points per player and G1 category, the winners and the G2 tie-break highlighted,
and a bar chart of the totals. Live during the game ("Scores so far"), final at the end.
Columns run in rank order (best first; a shared rank keeps seat order), so the table reads
as the standings.
"""

from __future__ import annotations

from hadara.content import Catalog
from hadara.scoring import CATEGORIES

from . import icons, theme
from .canvas import Canvas
from .fonts import FontBook
from .parts import View, display_name

MARGIN = 15
TITLE_H = 96
HEAD_H = 78
ROW = 36
LABEL_W = 180  # "Silver medals" fits; every player column gets ~118 px at 5 players
CHART_H = 116
LABELS = {
    "colonies": "Colonies", "statues": "Statues", "silver_medals": "Silver medals",
    "gold_medals": "Gold medals", "cards": "Cards", "purple_sets": "Purple sets",
    "coins": "Coins (per 5)",
}
WIN = (255, 232, 150)


def ranks(view: View) -> list[int]:
    """G2 ranks (1 = best): points, then coins left; equal on both share a rank."""
    key = [(-s["score"]["total"], -s["coins"]) for s in view["seats"]]
    return [1 + sum(1 for k in key if k < key[s]) for s in range(len(key))]


def tie_note(view: View) -> str:
    """What decided the winner, when points alone did not."""
    seats = view["seats"]
    best = max(s["score"]["total"] for s in seats)
    tied = [s["seat"] for s in seats if s["score"]["total"] == best]
    if len(tied) < 2:
        return ""
    top = ranks(view)
    winners = [s for s in tied if top[s] == 1]
    pts = f"{best} point{'s' if best != 1 else ''}"
    if len(winners) == len(tied):
        return f"Tie on {pts} and coins left: shared victory"
    if len(winners) == 1:
        return f"Tie on {pts}: most coins left wins"
    return f"Tie on {pts}: most coins left share the victory"


def rank_order(view: View) -> list[int]:
    """Seats best first (G2: points, then coins left); equal ranks keep seat order."""
    rank = ranks(view)
    return sorted(range(view["n"]), key=lambda s: (rank[s], s))


def scores_height() -> int:
    return TITLE_H + HEAD_H + (len(CATEGORIES) + 2) * ROW + 12 + CHART_H + MARGIN


def draw_scores(view: View, catalog: Catalog, fonts: FontBook) -> Canvas:
    n = view["n"]
    seats = view["seats"]
    cv = Canvas(theme.WIDTH, scores_height(), fonts)
    rank = ranks(view)
    winners = set(view["winners"]) if view["over"] else {s for s in range(n) if rank[s] == 1}
    note = tie_note(view)
    # title
    cv.draw.rectangle((0, 0, theme.WIDTH, TITLE_H - 10), fill=theme.PANEL)
    cv.draw.line((0, TITLE_H - 10, theme.WIDTH, TITLE_H - 10), fill=theme.LINE, width=2)
    title = "Final scores" if view["over"] else "Scores so far"
    cv.text(MARGIN, 30, title, theme.TITLE, bold=True, anchor="lm")
    lead = "winner" if len(winners) == 1 else "shared victory"
    if not view["over"]:
        lead = "leading" if len(winners) == 1 else "tied for the lead"
    x: float = theme.WIDTH - MARGIN
    names = ", ".join(display_name(fonts, view, s) for s in sorted(winners))
    x -= cv.text(x, 30, names, theme.TEXT, bold=True, anchor="rm", max_width=380) + 8
    cv.paste(icons.crown(34), x - 34, 12)
    cv.text(x - 42, 30, lead, theme.MIN_TEXT, fill=theme.MUTED, anchor="rm")
    cv.text(MARGIN, 70, note or "Ranked by points; a tie goes to most coins left (G2).",
            theme.MIN_TEXT, bold=bool(note), fill=theme.INK if note else theme.MUTED,
            anchor="lm", max_width=theme.WIDTH - 2 * MARGIN)
    # table
    col = (theme.WIDTH - 2 * MARGIN - LABEL_W) / n
    order = rank_order(view)
    xs = [0.0] * n  # x of each seat's column, in rank order
    for i, s in enumerate(order):
        xs[s] = MARGIN + LABEL_W + i * col
    top = TITLE_H
    rows = len(CATEGORIES) + 2
    table_bottom = top + HEAD_H + rows * ROW
    for s in range(n):
        if s in winners:
            cv.draw.rectangle((xs[s] + 2, top, xs[s] + col - 2, table_bottom), fill=WIN)
    for s in range(n):
        cx = xs[s] + col / 2
        e = 36
        cv.paste(icons.emblem(s, e), cx - e / 2, top + 2)
        cv.text(cx, top + e + 22, display_name(fonts, view, s), theme.MIN_TEXT, bold=True,
                anchor="mm", max_width=col - 8)
    y = top + HEAD_H
    totals = [st["score"]["total"] for st in seats]
    coins_left = [st["coins"] for st in seats]
    tied_best = [s for s in range(n) if totals[s] == max(totals)]
    for cat in (*CATEGORIES, "total", "coins_left"):
        if cat == "total":
            cv.draw.line((MARGIN, y, theme.WIDTH - MARGIN, y), fill=theme.INK, width=3)
        elif cat == "coins_left":
            cv.draw.line((MARGIN, y, theme.WIDTH - MARGIN, y), fill=theme.LINE, width=2)
        else:
            cv.draw.line((MARGIN, y + ROW, theme.WIDTH - MARGIN, y + ROW), fill=(234, 228, 218),
                         width=1)
        label = {"total": "Total", "coins_left": "Coins left"}.get(cat, LABELS.get(cat, cat))
        strong = cat == "total"
        cv.text(MARGIN + 4, y + ROW / 2, label, theme.TEXT if strong else theme.MIN_TEXT,
                bold=strong, fill=theme.INK if strong or cat != "coins_left" else theme.MUTED,
                anchor="lm", max_width=LABEL_W - 8)
        for s in range(n):
            value = coins_left[s] if cat == "coins_left" else seats[s]["score"][cat]
            decisive = cat == "coins_left" and len(tied_best) > 1 and s in tied_best
            if decisive:
                cv.box(xs[s] + 10, y + 3, xs[s] + col - 10, y + ROW - 3, fill=None,
                       outline=theme.INK, radius=8, width=3)
            cv.text(xs[s] + col / 2, y + ROW / 2, str(value),
                    theme.BIG if strong else theme.TEXT, bold=strong or decisive,
                    fill=theme.MUTED if value == 0 and not strong else theme.INK, anchor="mm")
        y += ROW
    # chart of the totals, aligned with the columns
    y = table_bottom + 12
    best = max(1, max(totals))
    base = y + CHART_H - 40
    for s in range(n):
        h = round((CHART_H - 52) * max(0, totals[s]) / best)
        bw = min(70, col - 24)
        bx = xs[s] + (col - bw) / 2
        cv.draw.rectangle((bx, base - h, bx + bw, base), fill=theme.seat_rgb(s))
        cv.text(xs[s] + col / 2, base + 20, _ordinal(rank[s]), theme.MIN_TEXT,
                bold=rank[s] == 1, anchor="mm")
    cv.draw.line((MARGIN + LABEL_W, base, theme.WIDTH - MARGIN, base), fill=theme.INK, width=2)
    cv.text(MARGIN + 4, base - (CHART_H - 52) / 2, "Totals", theme.MIN_TEXT, fill=theme.MUTED,
            anchor="lm")
    cv.text(MARGIN + 4, base + 20, "Rank", theme.MIN_TEXT, fill=theme.MUTED, anchor="lm")
    return cv


def _ordinal(k: int) -> str:
    return f"{k}{'th' if 10 <= k % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"
