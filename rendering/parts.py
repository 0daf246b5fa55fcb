"""Pieces several images share: the status line of a view, player names, emblem + name."""

from __future__ import annotations

from hadara import narrate
from hadara.types import View

from . import icons, theme
from .canvas import Canvas
from .fonts import MISSING, FontBook
from .lexicon import epoch_numeral, tr
from .names import fit_names

ROUNDS = 5  # Phase-A rounds: one draw from each of the five decks (R-A4)


def display_name(fonts: FontBook, view: View, seat: int, locale: str = "en") -> str:
    """The seat's name, or "Player n" when nothing of it can be drawn readably."""
    name: str = view["players"][seat]
    drawn = fonts.renderable(name, bold=True)
    if not drawn.replace(MISSING, "").strip():
        return tr(locale, "image.player", n=seat + 1)
    return name


def status(view: View, locale: str = "en") -> tuple[str, str]:
    """(where we are, what happens now) for a header line."""
    step = view["step"]
    epoch = epoch_numeral(view["epoch"])
    if step == "over":
        return tr(locale, "image.status.over"), tr(locale, "image.status.final.scores")
    if step == "setup_side":
        return tr(locale, "image.status.setup"), tr(locale, "image.status.setup.sides")
    phase_a = tr(locale, "image.status.phase.a", epoch=epoch)
    phase_b = tr(locale, "image.status.phase.b", epoch=epoch)
    if step == "wheel":
        return phase_a, tr(locale, "image.status.wheel")
    if step == "draft":
        return phase_a, tr(locale, "image.status.round", round=view["round"] + 1, rounds=ROUNDS)
    if step == "phase_b":
        left = sum(len(p) for p in view["discards"])
        return phase_b, tr(locale, "image.status.take", take=view["round"] + 1,
                           takes=view["round"] + left)
    after = tr(locale, "image.status.after.a" if view["phase"] == "A" else "image.status.after.b",
               epoch=epoch)
    if step == "colony":
        return after, tr(locale, "image.status.colonies")
    if step == "statue":
        return after, tr(locale, "image.status.statues")
    if step == "feeding":
        return phase_b, tr(locale, "image.status.feeding")
    if step == "medals":
        return phase_b, tr(locale, "image.status.medals")
    return tr(locale, "image.status.epoch", epoch=epoch), narrate.step_name(step, locale=locale)


def title(view: View, locale: str = "en") -> str:
    """The status as one line ("Epoch II · Phase A · round 3 of 5")."""
    where, now = status(view, locale)
    return tr(locale, "image.status.line", where=where, now=now)


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
