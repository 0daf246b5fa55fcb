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
                fill: tuple[int, int, int] = theme.INK, lines: int = 1) -> float:
    """A seat's emblem followed by its name, vertically centred on ``cy``; returns the width.
    With ``lines`` > 1 (a row tall enough), a name too long for one line is wrapped onto
    that many rather than shortened."""
    e = emblem or round(size * 1.25)
    cv.paste(icons.emblem(seat, e), x, cy - e / 2)
    if max_width - e - 6 < size:
        return e
    room = max_width - e - 6
    if bold and not cv.fits_line(name, size, room, True) and cv.fits_line(name, size, room):
        bold = False  # the whole name in regular weight reads better than a shortened one
    if lines > 1 and not cv.fits_line(name, size, room, bold):
        return e + 6 + name_label(cv, x + e + 6, cy, name, size, room, lines=lines,
                                  bold=bold, fill=fill)
    text, at = fit_names(cv, [name], [room], (size,), bold)[0]
    w = cv.text(x + e + 6, cy, text, at, bold=bold, fill=fill, anchor="lm",
                max_width=max_width - e - 6)
    return e + 6 + w


def wraps_whole(cv: Canvas, name: str, size: int, room: float, lines: int,
                bold: bool) -> bool:
    """Whether a name fits ``room`` whole on up to ``lines`` lines (one line squeezed at most
    to SQUEEZE_MIN, or wrapped at spaces / hyphenated), at ``size`` down to the floor."""
    if cv.fits_line(name, size, room, bold):
        return True
    probe = Canvas(8, 8, cv.fonts, locale=cv.locale, strict=False)
    return probe.fit(name, room, size, theme.MIN_TEXT, lines, bold).complete


def name_label(cv: Canvas, x: float, cy: float, name: str, size: int, room: float, *,
               lines: int = 2, anchor: str = "l", bold: bool = True,
               fill: tuple[int, int, int] = theme.INK) -> float:
    """A player's name centred on ``cy``: whole on one line or wrapped onto up to ``lines``
    (bold, else regular weight when only that fits), else — a name longer than any layout
    plans for — shortened in the middle keeping both ends (:func:`fit_names`). Returns the
    width drawn."""
    for weight in ((True, False) if bold else (False,)):
        if wraps_whole(cv, name, size, room, lines, weight):
            return cv.label(x, cy, name, size, room, bold=weight, fill=fill, anchor=anchor,
                            max_lines=lines, pitch=1.0)
    words = name.split(" ")
    head = next((" ".join(words[:k]) for k in range(len(words) - 1, 0, -1)
                 if cv.fits_line(" ".join(words[:k]), size, room)), "")
    if lines < 2 or not head:
        text, at = fit_names(cv, [name], [room], (size,), False)[0]
        return cv.text(x, cy, text, at, fill=fill, anchor=anchor + "m", max_width=room)
    # the leading words whole on line 1, the rest shortened in the middle on line 2
    rest, at = fit_names(cv, [name[len(head):].strip()], [room], (size,), False)[0]
    step = size * 1.0
    w1 = cv.text(x, cy - step / 2, head, size, fill=fill, anchor=anchor + "m", max_width=room)
    w2 = cv.text(x, cy + step / 2, rest, at, fill=fill, anchor=anchor + "m", max_width=room)
    return max(w1, w2)
