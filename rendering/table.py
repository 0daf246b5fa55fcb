"""The public table: status header, the wheel (who draws from which deck), the five draw piles,
each discard pile's top card and size, and the five colony stacks.

Drawn from the spectator view only, so it can be posted in the game's thread.
"""

from __future__ import annotations

from hadara.content import Catalog

from . import icons, theme
from .canvas import Canvas
from .cards import COLONY_H, MINI_H, card_face, colony_front
from .fonts import FontBook
from .parts import View, display_name, emblem_name, status

MARGIN = 15
COL_W = 150
GAP = (theme.WIDTH - 2 * MARGIN - 5 * COL_W) / 4
HEADER_H = 100
EMBLEM_ROW = 50
DECK_ROW = 48
CAPTION_ROW = 34


def table_height() -> int:
    return (HEADER_H + EMBLEM_ROW + 6 + DECK_ROW + 8 + MINI_H + CAPTION_ROW + 8 + COLONY_H
            + MARGIN)


def header(cv: Canvas, view: View, fonts: FontBook) -> None:
    """Two lines: where the game is; first player and who we wait on."""
    where, now = status(view)
    w = cv.width
    cv.draw.rectangle((0, 0, w, HEADER_H - 8), fill=theme.PANEL)
    cv.draw.line((0, HEADER_H - 8, w, HEADER_H - 8), fill=theme.LINE, width=2)
    right = cv.text(w - MARGIN, 30, now, theme.BIG, bold=True, anchor="rm")
    cv.text(MARGIN, 30, where, theme.TITLE, bold=True, anchor="lm",
            max_width=w - 2 * MARGIN - right - 16)
    cy = 72
    x: float = MARGIN
    if view["step"] not in ("setup_side", "over"):
        first = view["first"]
        cv.paste(icons.flag(30), x, cy - 15)
        x += 34
        x += cv.text(x, cy, "first", theme.MIN_TEXT, fill=theme.MUTED, anchor="lm") + 8
        x += emblem_name(cv, x, cy, first, display_name(fonts, view, first), theme.MIN_TEXT,
                         260) + 24
    waiting = view["waiting_on"]
    if view["over"]:
        winners = view["winners"]
        cv.paste(icons.crown(32), x, cy - 17)
        x += 38
        label = "winner" if len(winners) == 1 else "shared victory"
        x += cv.text(x, cy, label, theme.MIN_TEXT, fill=theme.MUTED, anchor="lm") + 8
        for s in winners:
            x += emblem_name(cv, x, cy, s, display_name(fonts, view, s), theme.MIN_TEXT,
                             (w - MARGIN - x) / max(1, len(winners))) + 12
        return
    if not waiting:
        return
    cv.paste(icons.hourglass(28), x, cy - 14)
    x += 32
    x += cv.text(x, cy, "to act", theme.MIN_TEXT, fill=theme.MUTED, anchor="lm") + 8
    room = w - MARGIN - x
    per = room / len(waiting)
    for s in waiting:
        # names when there is room for a few letters, emblems alone otherwise
        limit = per - 10 if per >= 110 else 40
        x += emblem_name(cv, x, cy, s, display_name(fonts, view, s), theme.MIN_TEXT, limit) + 10


def _caption(view: View, fonts: FontBook) -> str:
    step = view["step"]
    if step == "wheel":
        who = display_name(fonts, view, view["first"])
        return f"{who} turns the wheel: which deck emblem {view['first'] + 1} points at"
    if step == "phase_b":
        return "Phase B: in play order, take the top card of any discard pile"
    if step == "setup_side":
        return "Players choose the side of their setup card"
    if step == "over":
        return "The game is over"
    if any(d["count"] for d in view["decks"]):
        return "Draw piles wait for Phase A"
    return "Draw piles are empty until the next epoch"


def draw_table(view: View, catalog: Catalog, fonts: FontBook) -> Canvas:
    cv = Canvas(theme.WIDTH, table_height(), fonts)
    header(cv, view, fonts)
    y = HEADER_H
    xs = [MARGIN + i * (COL_W + GAP) for i in range(5)]
    # Row A: the wheel, as the emblems pointing at the decks (in clockwise order).
    draws = {d["colour"]: d["seat"] for d in view["draws"]}
    if draws:
        for x, d in zip(xs, view["decks"], strict=True):
            seat = draws.get(d["colour"])
            if seat is None:
                continue
            cy = y + EMBLEM_ROW / 2 - 4
            emblem_name(cv, x + 2, cy, seat, display_name(fonts, view, seat), theme.MIN_TEXT,
                        COL_W - 4, emblem=38)
            tip = x + 21
            cv.draw.polygon([(tip - 9, y + EMBLEM_ROW - 4), (tip + 9, y + EMBLEM_ROW - 4),
                             (tip, y + EMBLEM_ROW + 6)], fill=theme.seat_rgb(seat))
    else:
        cv.text(theme.WIDTH / 2, y + EMBLEM_ROW / 2 - 2, _caption(view, fonts), theme.MIN_TEXT,
                fill=theme.MUTED, anchor="mm", max_width=theme.WIDTH - 2 * MARGIN)
    y += EMBLEM_ROW + 6
    # Row B: draw piles.
    for x, d in zip(xs, view["decks"], strict=True):
        colour = d["colour"]
        cv.box(x, y, x + COL_W, y + DECK_ROW, fill=theme.TINT[colour],
               outline=theme.COLOUR_RGB[colour], radius=10, width=3)
        cv.paste(icons.track_icon(colour, 36), x + 6, y + (DECK_ROW - 36) / 2)
        cv.text(x + 48, y + DECK_ROW / 2, "deck", theme.MIN_TEXT, fill=theme.MUTED, anchor="lm")
        cv.text(x + COL_W - 10, y + DECK_ROW / 2, str(d["count"]), theme.BIG, bold=True,
                anchor="rm")
    y += DECK_ROW + 8
    # Row C: discard piles, top card face up (R-B1, D-8).
    for x, pile, d in zip(xs, view["discards"], view["decks"], strict=True):
        if pile:
            card_face(cv, x, y, COL_W, MINI_H, catalog.cards[pile[-1]], catalog, detail="mini")
        else:
            cv.box(x, y, x + COL_W, y + MINI_H, fill=theme.PANEL_ALT, outline=theme.FAINT,
                   radius=10, width=2)
            cv.paste(icons.track_icon(d["colour"], 36), x + COL_W / 2 - 18, y + MINI_H / 2 - 40)
            cv.text(x + COL_W / 2, y + MINI_H / 2 + 20, "empty", theme.MIN_TEXT,
                    fill=theme.MUTED, anchor="mm")
        label = f"pile of {len(pile)}" if pile else ""
        if label:
            cv.text(x + COL_W / 2, y + MINI_H + CAPTION_ROW / 2, label, theme.MIN_TEXT,
                    fill=theme.MUTED, anchor="mm")
    y += MINI_H + CAPTION_ROW + 8
    # Colony stacks: requirement, top tile front, tiles left (R-S2, E2).
    for x, stack in zip(xs, view["colony_stacks"], strict=True):
        colony_front(cv, x, y, COL_W, COLONY_H, stack["level"], stack["top"], stack["count"])
    return cv
