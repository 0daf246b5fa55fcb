"""Pieces several images share: the status line of a view, player names, emblem + name."""

from __future__ import annotations

from hadara.types import View

from . import icons, theme
from .canvas import Canvas
from .fonts import MISSING, FontBook
from .names import fit_names

ROUNDS = 5  # Phase-A rounds: one draw from each of the five decks (R-A4)


def display_name(fonts: FontBook, view: View, seat: int) -> str:
    """The seat's name, or "Player n" when nothing of it can be drawn readably."""
    name: str = view["players"][seat]
    drawn = fonts.renderable(name, bold=True)
    if not drawn.replace(MISSING, "").strip():
        return f"Player {seat + 1}"
    return name


def status(view: View) -> tuple[str, str]:
    """(where we are, what happens now) for a header line."""
    step = view["step"]
    epoch = f"Epoch {theme.EPOCH_NUMERAL.get(view['epoch'], view['epoch'])}"
    if step == "over":
        return "Game over", "final scores"
    if step == "setup_side":
        return "Setup", "choosing setup card sides"
    if step == "wheel":
        return f"{epoch} · Phase A", "setting the wheel"
    if step == "draft":
        return f"{epoch} · Phase A", f"round {view['round'] + 1} of {ROUNDS}"
    if step == "phase_b":
        left = sum(len(p) for p in view["discards"])
        return f"{epoch} · Phase B", f"take {view['round'] + 1} of {view['round'] + left}"
    after = "after Phase A" if view["phase"] == "A" else "after Phase B"
    if step == "colony":
        return f"{epoch} · {after}", "colonies"
    if step == "statue":
        return f"{epoch} · {after}", "statues"
    if step == "feeding":
        return f"{epoch} · Phase B", "feeding"
    if step == "medals":
        return f"{epoch} · Phase B", "medals"
    return epoch, step


def emblem_name(cv: Canvas, x: float, cy: float, seat: int, name: str, size: int,
                max_width: float, emblem: int | None = None, bold: bool = True,
                fill: tuple[int, int, int] = theme.INK) -> float:
    """A seat's emblem followed by its name, vertically centred on ``cy``; returns the width."""
    e = emblem or round(size * 1.25)
    cv.paste(icons.emblem(seat, e), x, cy - e / 2)
    if max_width - e - 6 < size:
        return e
    room = max_width - e - 6
    if bold and cv.measure(name, size, True) > room >= cv.measure(name, size, False):
        bold = False  # the whole name in regular weight reads better than a shortened one
    text, at = fit_names(cv, [name], [room], (size,), bold)[0]
    w = cv.text(x + e + 6, cy, text, at, bold=bold, fill=fill, anchor="lm",
                max_width=max_width - e - 6)
    return e + 6 + w
