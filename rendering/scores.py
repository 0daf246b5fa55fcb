"""Scores: points per player and G1 category, the winners and the G2 tie-break highlighted,
and the ranks. Live during the game ("Scores so far"), final at the end.
Columns run in rank order (best first; a shared rank keeps seat order), so the table reads
as the standings.
"""

from __future__ import annotations

from hadara.content import Catalog
from hadara.scoring import CATEGORIES

from . import icons, theme
from .canvas import Canvas
from .fonts import FontBook
from .lexicon import tr
from .parts import View, display_name, name_label

MARGIN = 15
TITLE_H = 136  # the title, the winners on their own line (whole names), the ranking rule
HEAD_H = 108  # an emblem and a name on up to two lines
ROW = 36
LABEL_W = 180  # "Silver medals" fits; every player column gets ~118 px at 5 players
#: The label column widens for a language's longer labels, up to this.
LABEL_MAX_W = 250
PLAYER_MIN_W = 117  # a 6-letter bold name ("Bahram") whole at 5 players
RANK_H = 40
#: The row labels' catalog keys (``image.scores.category-<category>``).
ROWS = (*CATEGORIES, "total", "coins_left")
WIN = (255, 232, 150)


def ranks(view: View) -> list[int]:
    """G2 ranks (1 = best): points, then coins left; equal on both share a rank."""
    key = [(-s["score"]["total"], -s["coins"]) for s in view["seats"]]
    return [1 + sum(1 for k in key if k < key[s]) for s in range(len(key))]


def tie_note(view: View, locale: str = "en") -> str:
    """What decided the winner, when points alone did not."""
    seats = view["seats"]
    best = max(s["score"]["total"] for s in seats)
    tied = [s["seat"] for s in seats if s["score"]["total"] == best]
    if len(tied) < 2:
        return ""
    top = ranks(view)
    winners = [s for s in tied if top[s] == 1]
    if len(winners) == len(tied):
        return tr(locale, "image.scores.tie.shared", points=best)
    if len(winners) == 1:
        return tr(locale, "image.scores.tie.coins", points=best)
    return tr(locale, "image.scores.tie.coins.shared", points=best)


def rank_order(view: View) -> list[int]:
    """Seats best first (G2: points, then coins left); equal ranks keep seat order."""
    rank = ranks(view)
    return sorted(range(view["n"]), key=lambda s: (rank[s], s))


def scores_height() -> int:
    return TITLE_H + HEAD_H + (len(CATEGORIES) + 2) * ROW + 8 + RANK_H + MARGIN


def draw_scores(view: View, catalog: Catalog, fonts: FontBook, locale: str = "en") -> Canvas:
    """Scores per category in rank order (see the module), its words in ``locale``."""
    n = view["n"]
    seats = view["seats"]
    cv = Canvas(theme.WIDTH, scores_height(), fonts, locale=locale)
    rank = ranks(view)
    winners = set(view["winners"]) if view["over"] else {s for s in range(n) if rank[s] == 1}
    note = tie_note(view, locale)
    # title
    cv.draw.rectangle((0, 0, theme.WIDTH, TITLE_H - 10), fill=theme.PANEL)
    cv.draw.line((0, TITLE_H - 10, theme.WIDTH, TITLE_H - 10), fill=theme.LINE, width=2)
    title = cv.t("image.scores.final" if view["over"] else "image.scores.so.far")
    if view["over"]:
        lead = cv.t("image.scores.winner" if len(winners) == 1 else "image.scores.shared.victory")
    else:
        lead = cv.t("image.scores.leading" if len(winners) == 1 else "image.scores.tied")
    names = cv.t("image.list.separator").join(display_name(fonts, view, s, locale)
                                        for s in sorted(winners))
    cv.text(MARGIN, 30, title, theme.TITLE, bold=True, anchor="lm",
            max_width=theme.WIDTH - 2 * MARGIN)
    # the winners on a line of their own, so their names are never cut
    cv.paste(icons.crown(34), MARGIN, 56)
    x: float = MARGIN + 42
    x += cv.text(x, 72, lead, theme.MIN_TEXT, fill=theme.MUTED, anchor="lm",
                 max_width=200) + 10
    cv.text(x, 72, names, theme.TEXT, bold=True, anchor="lm",
            max_width=theme.WIDTH - MARGIN - x)
    cv.text(MARGIN, 110, note or cv.t("image.scores.ranked"),
            theme.MIN_TEXT, bold=bool(note), fill=theme.INK if note else theme.MUTED,
            anchor="lm", max_width=theme.WIDTH - 2 * MARGIN)
    # table: the label column as wide as the language's labels need (within limits)
    labels = {cat: cv.t(f"image.scores.category.{cat}") for cat in ROWS}
    need = max(cv.measure(text, theme.TEXT if cat == "total" else theme.MIN_TEXT,
                          cat == "total") for cat, text in labels.items()) + 8
    # ... leaving each player's column PLAYER_MIN_W for the name
    label_w = max(LABEL_W, min(LABEL_MAX_W, round(need),
                               theme.WIDTH - 2 * MARGIN - n * PLAYER_MIN_W))
    col = (theme.WIDTH - 2 * MARGIN - label_w) / n
    order = rank_order(view)
    xs = [0.0] * n  # x of each seat's column, in rank order
    for i, s in enumerate(order):
        xs[s] = MARGIN + label_w + i * col
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
        name_label(cv, cx, top + e + 36, display_name(fonts, view, s, locale),
                   theme.MIN_TEXT, col - 8, anchor="m")
    y = top + HEAD_H
    totals = [st["score"]["total"] for st in seats]
    coins_left = [st["coins"] for st in seats]
    tied_best = [s for s in range(n) if totals[s] == max(totals)]
    for cat in ROWS:
        if cat == "total":
            cv.draw.line((MARGIN, y, theme.WIDTH - MARGIN, y), fill=theme.INK, width=3)
        elif cat == "coins_left":
            cv.draw.line((MARGIN, y, theme.WIDTH - MARGIN, y), fill=theme.LINE, width=2)
        else:
            cv.draw.line((MARGIN, y + ROW, theme.WIDTH - MARGIN, y + ROW), fill=(234, 228, 218),
                         width=1)
        label = labels[cat]
        strong = cat == "total"
        cv.text(MARGIN + 4, y + ROW / 2, label, theme.TEXT if strong else theme.MIN_TEXT,
                bold=strong, fill=theme.INK if strong or cat != "coins_left" else theme.MUTED,
                anchor="lm", max_width=label_w - 8)
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
    # the ranks, aligned with the columns (the totals are the row above: no chart repeats them)
    y = table_bottom + 8
    cy = y + RANK_H / 2
    for s in range(n):
        cv.text(xs[s] + col / 2, cy, cv.t("image.scores.rank", rank=rank[s]), theme.MIN_TEXT,
                bold=rank[s] == 1, anchor="mm", max_width=col - 8)
    cv.text(MARGIN + 4, cy, cv.t("image.scores.rank.label"), theme.MIN_TEXT,
            fill=theme.MUTED, anchor="lm", max_width=label_w - 8)
    return cv
