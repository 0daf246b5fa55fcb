"""A Phase-A round revealed (R-A4), as one small picture for the game's thread.

Drawn from the public ``round_revealed`` event (:class:`hadara.types.RoundRevealedEvent`) and
the spectator view after it (names and emblems). One row per player in play order: what it
kept — a bought card as a compact card face with the price paid and any P2/P3/P4 steps, a
sale as the deck's colour and the coins only (R-A3: a Phase-A sale's card stays secret; the
event does not name it) — and the card it discarded face up.
"""

from __future__ import annotations

from typing import Any

from hadara.content import Card, Catalog

from . import theme
from .canvas import CAP, SQUEEZE_MIN, Canvas
from .cards import coins_value, effect_badge, gains_line, points_tag
from .fonts import FontBook
from .lexicon import card_title, colour_word, track_icon
from .parts import ROUNDS, View, display_name, emblem_name

MARGIN = 15
TITLE_H = 54
ROW_H = 74
ROW_GAP = 6
NAME_W = 150
KEPT_X = MARGIN + NAME_W + 10
KEPT_W = 320  # "sold a purple card" fits; the discarded card keeps 280 px
DISCARD_X = KEPT_X + KEPT_W + 10
DISCARD_W = theme.WIDTH - MARGIN - DISCARD_X
BAND_W = 46


#: Extra row height when a card name needs two lines (a long name in some language).
NAME_EXTRA = 32


def reveal_height(players: int, extra: int = 0) -> int:
    """The height for ``players`` rows, ``extra`` px taller in all (names on two lines)."""
    return TITLE_H + players * (ROW_H + ROW_GAP) + extra + MARGIN - ROW_GAP


def _band(cv: Canvas, x: float, y: float, h: float, colour: str) -> None:
    """The coloured left edge of a compact card: the colour's icon on a white disc."""
    cv.draw.rounded_rectangle((x, y, x + BAND_W, y + h), radius=10,
                              fill=theme.COLOUR_RGB[colour])
    cv.draw.rectangle((x + BAND_W - 10, y, x + BAND_W, y + h), fill=theme.COLOUR_RGB[colour])
    cy = y + h / 2
    cv.draw.ellipse((x + 5, cy - 19, x + BAND_W - 5, cy + 19), fill=(255, 255, 255))
    cv.paste_centred(track_icon(cv, colour, 32), x + BAND_W / 2, cy)


def _name_room(w: float) -> float:
    return w - BAND_W - 18


def _one_line(cv: Canvas, name: str, w: float) -> bool:
    """Whether a card name fits its compact face's first line (squeezed at most)."""
    return cv.measure(name, theme.MIN_TEXT) * SQUEEZE_MIN <= _name_room(w)


def _card(cv: Canvas, x: float, y: float, w: float, card: Card, catalog: Catalog,
          right: str = "", step: dict[str, Any] | None = None, extra: int = 0) -> None:
    """A compact card face: colour edge, name (and ``right``), gains, points and effect;
    ``step`` (a bought card's P2/P3/P4 extra steps) replaces the effect glyph on the right.
    ``extra``: the rows are taller by that much, for names on two lines."""
    h = ROW_H + extra
    cv.box(x, y, x + w, y + h, fill=theme.PANEL, outline=theme.darker(
        theme.COLOUR_RGB[card.colour], 50), radius=10, width=3)
    _band(cv, x, y, h, card.colour)
    name = card_title(cv.locale, catalog, card)
    rw = cv.measure(right, theme.MIN_TEXT, True) + 8 if right else 0.0
    room = _name_room(w)
    name_w = cv.measure(name, theme.MIN_TEXT)
    # The name is never cut: ``right`` moves to line 2 when they do not fit side by side,
    # and a name too long for the line takes two (the rows are then ``extra`` taller).
    right_below = bool(right) and name_w > room - rw
    if right and not right_below:
        cv.text(x + w - 10, y + 20, right, theme.MIN_TEXT, bold=True, anchor="rm")
    if _one_line(cv, name, w):
        cv.text(x + BAND_W + 8, y + 20, name, theme.MIN_TEXT, anchor="lm",
                max_width=room - (0 if right_below or not right else rw))
    else:
        fit = cv.fit(name, room, theme.MIN_TEXT, theme.MIN_TEXT, 2)
        cv.lines(x + BAND_W + 8, y + 20 - CAP * theme.MIN_TEXT / 2, fit, pitch=1.1)
    cy = y + 53 + extra
    # the right end of line 2: the extra steps of the buy, or the effect glyph
    end = x + w - 8 if step is not None or card.effect is not None else x + w
    if step is not None:
        text = f"+{step['steps']}"
        end -= cv.text(end, cy, text, theme.MIN_TEXT, bold=True, anchor="rm") + 2
        end -= 26
        cv.paste(track_icon(cv, step["track"], 26), end, cy - 13)
        end -= cv.measure(step["effect"], theme.MIN_TEXT, True) + 14 + 4
        effect_badge(cv, end, cy - theme.MIN_TEXT * 0.56, step["effect"])
    elif card.effect is not None:
        end -= cv.measure(card.effect.id, theme.MIN_TEXT, True) + 14
        effect_badge(cv, end, cy - theme.MIN_TEXT * 0.56, card.effect.id)
    gx = x + BAND_W + 6
    if right_below:
        gx += cv.text(gx + 2, cy, right, theme.MIN_TEXT, bold=True, anchor="lm",
                      max_width=end - gx - 12) + 10
    if any(card.gains):
        gx += gains_line(cv, gx, cy, card, 26, theme.MIN_TEXT, gap=4, bold=False)
    pw = max(round(theme.MIN_TEXT * 2.0),
             round(cv.measure(str(card.points), theme.MIN_TEXT, True) + theme.MIN_TEXT * 1.1))
    if gx + 4 + pw < end - 4:
        points_tag(cv, gx + 4 + pw / 2, cy, card.points, theme.MIN_TEXT)


def _kept(cv: Canvas, y: float, choice: dict[str, Any], catalog: Catalog, extra: int) -> None:
    x, w = KEPT_X, KEPT_W
    if choice["mode"] == "buy" and choice.get("card") in catalog.cards:
        card = catalog.cards[choice["card"]]
        steps = [e for e in choice.get("effects", ()) if e.get("steps")]
        _card(cv, x, y, w, card, catalog, cv.t("image.reveal.paid", cost=choice.get("cost", 0)),
              steps[0] if steps else None, extra)
        return
    # a sale: only the deck's colour and the coins are public (R-A3)
    colour = choice["colour"]
    h = ROW_H + extra
    cv.box(x, y, x + w, y + h, fill=theme.TINT.get(colour, theme.PANEL_ALT),
           outline=theme.COLOUR_RGB.get(colour, theme.LINE), radius=10, width=3)
    _band(cv, x, y, h, colour)
    sold = cv.t("image.reveal.sold", colour=colour_word(cv.locale, colour))
    cv.text(x + BAND_W + 10, y + 20, sold, theme.MIN_TEXT, bold=True, anchor="lm",
            max_width=w - BAND_W - 14)
    tx: float = x + BAND_W + 10
    cy = y + 53 + extra
    before, after = cv.t("image.reveal.for"), cv.t("image.reveal.coins")
    if before:
        tx += cv.text(tx, cy, before, theme.MIN_TEXT, fill=theme.MUTED, anchor="lm",
                      max_width=90) + 8
    tx += coins_value(cv, tx, cy, f"+{choice.get('coins', 0)}", theme.MIN_TEXT, 28) + 8
    cv.text(tx, cy, after, theme.MIN_TEXT, fill=theme.MUTED, anchor="lm",
            max_width=x + w - 10 - tx)


def _shown(choice: dict[str, Any], catalog: Catalog) -> list[tuple[str, int]]:
    """The cards a row shows by name, with the width of their face."""
    out = []
    if choice["mode"] == "buy" and choice.get("card") in catalog.cards:
        out.append((choice["card"], KEPT_W))
    if choice.get("discarded") in catalog.cards:
        out.append((choice["discarded"], DISCARD_W))
    return out


def draw_reveal(event: dict[str, Any], view: View, catalog: Catalog, fonts: FontBook,
                locale: str = "en") -> Canvas:
    """The ``round_revealed`` event as a picture: per player (in play order) the card kept
    (bought: face and price paid; sold: colour and coins only) and the card discarded, its
    words in ``locale``."""
    choices = list(event["choices"])
    probe = Canvas(8, 8, fonts, locale=locale)
    # a row is taller when one of its card names needs two lines
    extras = [NAME_EXTRA if any(not _one_line(probe, card_title(locale, catalog, cid), w)
                                for cid, w in _shown(c, catalog)) else 0 for c in choices]
    cv = Canvas(theme.WIDTH, reveal_height(max(1, len(choices)), sum(extras)), fonts,
                locale=locale)
    epoch = theme.EPOCH_NUMERAL.get(event["epoch"], str(event["epoch"]))
    cv.draw.rectangle((0, 0, theme.WIDTH, TITLE_H - 8), fill=theme.PANEL)
    cv.draw.line((0, TITLE_H - 8, theme.WIDTH, TITLE_H - 8), fill=theme.LINE, width=2)
    cv.text(MARGIN, (TITLE_H - 8) / 2, cv.t("image.reveal.title", epoch=epoch,
                                             round=event["round"] + 1, rounds=ROUNDS),
            theme.TEXT, bold=True, anchor="lm", max_width=DISCARD_X - MARGIN - 10)
    cv.text(DISCARD_X + 4, (TITLE_H - 8) / 2, cv.t("image.reveal.discarded"), theme.TEXT,
            fill=theme.MUTED, anchor="lm", max_width=DISCARD_W)
    y = float(TITLE_H)
    for choice, extra in zip(choices, extras, strict=True):
        h = ROW_H + extra
        seat = choice["seat"]
        emblem_name(cv, MARGIN, y + h / 2, seat, display_name(fonts, view, seat, locale),
                    theme.MIN_TEXT, NAME_W, emblem=32, bold=False, lines=2)
        _kept(cv, y, choice, catalog, extra)
        gone = choice.get("discarded")
        if gone in catalog.cards:
            _card(cv, DISCARD_X, y, DISCARD_W, catalog.cards[gone], catalog, extra=extra)
        else:
            cv.box(DISCARD_X, y, DISCARD_X + DISCARD_W, y + h, fill=theme.PANEL_ALT,
                   outline=theme.FAINT, radius=10, width=2)
            cv.text(DISCARD_X + DISCARD_W / 2, y + h / 2, cv.t("image.reveal.none"), theme.MIN_TEXT,
                    fill=theme.MUTED, anchor="mm", max_width=DISCARD_W - 12)
        y += h + ROW_GAP
    return cv
