"""Card faces and colony tiles, drawn by code: colour band, cost, track gains, points, effect.

One face design at two levels of detail: ``full`` (the two drawn cards of a draft: name, cost
after discount, sell value, gains, points and effect text) and ``mini`` (discard tops on the
board, Phase-B picks, feeding choices, tableaux: the effect as its glyph, its text listed
beside when it matters; the table words it under the piles). Both keep the colour's icon and
letter, the cost, the gains, the points and the effect glyph.

Names are never cut (:func:`name_fit`): two lines, full faces shrinking from 34 px to the
28 px floor, then long words hyphenated ("Quarter-/master"); mini faces are at the floor and
give the name the card's whole inner width (140 px).
"""

from __future__ import annotations

from hadara.content import TRACKS, Card, Catalog
from hadara.effects import effect_text as effect_text  # the wording; re-exported
from hadara.types import ColonyFront

from . import icons, theme
from .canvas import CAP, Canvas, Fit
from .lexicon import capital, card_title, colour_word, track_icon, track_word

EFFECT_GLYPH_RGB = (92, 40, 120)


def effect_badge(cv: Canvas, x: float, y: float, effect_id: str, size: int = theme.MIN_TEXT,
                 ) -> float:
    """The effect glyph: a purple tag with the effect's id; returns its width."""
    w = cv.measure(effect_id, size, bold=True) + 14
    h = size * 1.12
    cv.box(x, y, x + w, y + h, fill=EFFECT_GLYPH_RGB, outline=None, radius=int(h / 3))
    cv.text(x + w / 2, y + h / 2, effect_id, size, bold=True, fill=(255, 255, 255), anchor="mm")
    return w


def coins_value(cv: Canvas, x: float, cy: float, value: int | str, size: int, icon: int) -> float:
    """Coins icon and a number; returns the width."""
    cv.paste(icons.coins(icon), x, cy - icon / 2)
    return icon + 4 + cv.text(x + icon + 4, cy, str(value), size, bold=True, anchor="lm")


def gains_line(cv: Canvas, x: float, cy: float, card: Card, icon: int, size: int,
               gap: int = 12, bold: bool = True, max_width: float | None = None) -> float:
    """Each track gain as its icon and "+n" ("no track" within ``max_width``); returns the
    width."""
    x0 = x
    for i, g in enumerate(card.gains):
        if not g:
            continue
        colour = theme.COLOUR_OF_TRACK[TRACKS[i]]
        cv.paste(track_icon(cv, colour, icon), x, cy - icon / 2)
        x += icon + 2
        x += cv.text(x, cy, f"+{g}", size, bold=bold, anchor="lm") + gap
    if x == x0:
        x += cv.text(x, cy, cv.t("image.card.no.track"), theme.MIN_TEXT, fill=theme.MUTED,
                     anchor="lm", max_width=max_width)
    return x - x0


def points_tag(cv: Canvas, cx: float, cy: float, points: int, size: int) -> float:
    """A laurel around the points; returns its width."""
    w = max(round(size * 2.0), round(cv.measure(str(points), size, True) + size * 1.1))
    h = round(size * 1.5)
    cv.paste(icons.laurel(w, h), cx - w / 2, cy - h / 2)
    cv.text(cx, cy, str(points), size, bold=True, anchor="mm")
    return w


def band(cv: Canvas, x: float, y: float, w: float, h: float, card: Card, radius: int,
         icon: int, label: str) -> None:
    """The coloured top of a card: the colour's icon on a white disc, a label, the epoch."""
    rgb = theme.COLOUR_RGB[card.colour]
    on = theme.ON_COLOUR[card.colour]
    cv.draw.rounded_rectangle((x, y, x + w, y + h + radius), radius=radius, fill=rgb)
    cv.draw.rectangle((x, y + h, x + w, y + h + radius), fill=theme.PANEL)
    cy = y + h / 2
    cv.draw.ellipse((x + 5, cy - icon / 2 - 3, x + 11 + icon, cy + icon / 2 + 3),
                    fill=(255, 255, 255))
    cv.paste(track_icon(cv, card.colour, icon), x + 8, cy - icon / 2)
    if label:
        right = cv.measure(theme.EPOCH_NUMERAL[card.epoch], theme.TEXT, True)
        cv.text(x + w - 10, cy, theme.EPOCH_NUMERAL[card.epoch], theme.TEXT, bold=True, fill=on,
                anchor="rm")
        cv.text(x + 18 + icon, cy, label, theme.TEXT, bold=True, fill=on, anchor="lm",
                max_width=w - 36 - icon - right)


def _effect(cv: Canvas, x: float, y: float, w: float, bottom: float, card: Card,
            catalog: Catalog, epoch: int | None) -> float:
    """Effect glyph and its text, wrapped into the space left (cut with an ellipsis)."""
    assert card.effect is not None
    size = theme.MIN_TEXT
    line_h = size * 1.22
    bw = effect_badge(cv, x, y, card.effect.id)
    text = effect_text(card.effect, catalog, epoch, locale=cv.locale)
    lines = effect_lines(cv, text, w, bw)
    room = max(1, int((bottom - y) // line_h))
    if len(lines) > room:
        cv.note_cut(text)
        lines = lines[:room]
        lines[-1] += " …"
    for i, line in enumerate(lines):
        lx = x + bw + 10 if i == 0 else x
        cv.text(lx, y + size * 0.56 + i * line_h, line, size, anchor="lm",
                max_width=w - (lx - x))
    return y + len(lines) * line_h


def effect_lines(cv: Canvas, text: str, w: float, badge: float,
                 size: int = theme.MIN_TEXT) -> list[str]:
    """An effect's text wrapped into ``w``, its first line beside the badge."""
    first = cv.wrap(text, size, w - badge - 10)[:1]
    rest = text[len(first[0]):].strip() if first else text
    return [first[0] if first else ""] + cv.wrap(rest, size, w)


def card_face(cv: Canvas, x: float, y: float, w: float, h: float, card: Card, catalog: Catalog,
              *, cost: int | None = None, sell: int | None = None, detail: str = "full",
              epoch: int | None = None, highlight: bool = False, price: bool = True) -> float:
    """Draw one card in the box (x, y, w, h). ``cost``/``sell`` are a player's own prices
    (None: the printed cost and no sell value, as on the public board); ``price=False``: a
    mini face without its cost (where no price is at stake: feeding). Returns how far down
    the content reached (full faces size themselves to their largest card with it)."""
    rgb = theme.COLOUR_RGB[card.colour]
    radius = 14 if detail == "full" else 10
    outline = theme.INK if highlight else theme.darker(rgb, 50)
    cv.box(x, y, x + w, y + h, fill=theme.PANEL, outline=outline, radius=radius,
           width=5 if highlight else 3)
    shown = card.cost if cost is None else cost
    if detail == "mini":
        _mini(cv, x, y, w, h, card, catalog, shown if price else None, radius)
        return y + h
    return _full(cv, x, y, w, h, card, catalog, shown, sell, radius, epoch)


#: Name sizes: full faces start large and shrink to the floor; mini faces are at the floor.
NAME_FULL = 34
NAME_PITCH = 1.1


def name_fit(cv: Canvas, name: str, width: float, detail: str) -> Fit:
    """A card name fitted to a face: two lines, shrinking (full faces) down to the legibility
    floor, long words hyphenated; never cut for the catalog's names (tests check all)."""
    if detail == "full":
        return cv.fit(name, width, NAME_FULL, theme.MIN_TEXT, 2, bold=True)
    return cv.fit(name, width, theme.MIN_TEXT, theme.MIN_TEXT, 2)


def _name(cv: Canvas, x: float, y: float, w: float, name: str) -> float:
    """The card's name on up to two lines from the cap top y; returns the height used."""
    fit = name_fit(cv, name, w, "full")
    return cv.lines(x, y, fit, bold=True, pitch=1.18) + fit.size * 0.3


def band_label(cv: Canvas, card: Card) -> str:
    """"Yellow · income": the card's colour and the track it raises."""
    colour = capital(colour_word(cv.locale, card.colour))
    if card.colour in theme.TRACK_OF:
        return cv.t("image.card.band", colour=colour,
                    track=track_word(cv.locale, theme.TRACK_OF[card.colour]))
    return colour


def _full(cv: Canvas, x: float, y: float, w: float, h: float, card: Card, catalog: Catalog,
          price: int, sell: int | None, radius: int, epoch: int | None) -> float:
    band_h, pad = 60, 18
    band(cv, x + 2, y + 2, w - 4, band_h, card, radius - 2, 44, band_label(cv, card))
    cy = y + band_h + 14
    cy += _name(cv, x + pad, cy, w - 2 * pad, card_title(cv.locale, catalog, card)) + 10
    mid = cy + 26
    coins_value(cv, x + pad, mid, price, 44, 44)
    points_tag(cv, x + w - pad - 48, mid, card.points, 40)
    cy += 58
    if price != card.cost:
        cv.text(x + pad, cy, cv.t("image.card.printed", cost=card.cost, owned=card.cost - price),
                theme.MIN_TEXT, fill=theme.MUTED, anchor="lt", max_width=w - 2 * pad)
        cy += theme.MIN_TEXT * 1.25
    if sell is not None:
        cv.text(x + pad, cy, cv.t("image.card.sell", value=sell), theme.MIN_TEXT, fill=theme.MUTED,
                anchor="lt", max_width=w - 2 * pad)
        cy += theme.MIN_TEXT * 1.25
    cy += 6
    cv.draw.line((x + pad, cy, x + w - pad, cy), fill=theme.LINE, width=2)
    cy += 12
    gicon = 38
    for i, g in enumerate(card.gains):
        if g:
            colour = theme.COLOUR_OF_TRACK[TRACKS[i]]
            cv.paste(track_icon(cv, colour, gicon), x + pad, cy)
            cv.text(x + pad + gicon + 10, cy + gicon / 2,
                    cv.t("image.card.gain", n=g, track=track_word(cv.locale, TRACKS[i])),
                    theme.TEXT, bold=True, anchor="lm", max_width=w - 2 * pad - gicon - 10)
            cy += gicon + 8
    if not any(card.gains) and not card.effect:
        cv.text(x + pad, cy + gicon / 2, cv.t("image.card.no.gains"), theme.MIN_TEXT,
                fill=theme.MUTED, anchor="lm", max_width=w - 2 * pad)
        cy += gicon + 8
    if card.effect:
        cy += 4
        cv.draw.line((x + pad, cy, x + w - pad, cy), fill=theme.LINE, width=2)
        cy = _effect(cv, x + pad, cy + 12, w - 2 * pad, y + h - 10, card, catalog, epoch)
    return cy


def _mini(cv: Canvas, x: float, y: float, w: float, h: float, card: Card, catalog: Catalog,
          price: int | None, radius: int) -> None:
    """Band (colour icon, epoch pips, cost unless None), the name on up to two lines, gains,
    points and the effect glyph. Every row has a fixed place, so faces side by side line up."""
    band_h = MINI_BAND
    band(cv, x + 2, y + 2, w - 4, band_h, card, radius - 2, 32, "")
    # the cost on the band, right; the epoch as 1-3 pips between icon and cost (names recur
    # across epochs; a numeral "I" would read as the income letter)
    on = theme.ON_COLOUR[card.colour]
    mid = y + 2 + band_h / 2
    if price is not None:
        tw = cv.text(x + w - 10, mid, str(price), theme.TEXT, bold=True, fill=on, anchor="rm")
        coin = 28
        cv.paste(icons.coins(coin), x + w - 14 - tw - coin, mid - coin / 2)
    for k in range(card.epoch):
        px = x + 50 + k * 11
        cv.draw.ellipse((px, mid - 4, px + 8, mid + 4), fill=on)
    # the name: two lines' room, a one-line name centred in it
    fit = name_fit(cv, card_title(cv.locale, catalog, card), w - 2 * MINI_PAD, "mini")
    pitch = fit.size * NAME_PITCH
    top = y + 2 + band_h + 8
    cv.lines(x + MINI_PAD, top + (2 - len(fit.lines)) * pitch / 2, fit, pitch=NAME_PITCH)
    gicon = 26
    gy = top + CAP * fit.size + pitch + 0.24 * fit.size + 3 + gicon / 2  # below descenders
    gains_line(cv, x + 6, gy, card, gicon, theme.MIN_TEXT, gap=4, bold=False,
               max_width=w - 12)
    low = y + h - 6 - round(theme.MIN_TEXT * 1.5) / 2
    pw = round(theme.MIN_TEXT * 2.3)
    points_tag(cv, x + 8 + pw / 2, low, card.points, theme.MIN_TEXT)
    if card.effect:
        bw = cv.measure(card.effect.id, theme.MIN_TEXT, True) + 14
        effect_badge(cv, x + w - 8 - bw, low - theme.MIN_TEXT * 0.56, card.effect.id)


#: Mini faces: the table's discard tops, Phase-B picks, feeding choices, tableaux. The name
#: gets the whole inner width (5 px padding inside the 3 px border: "of Temples" is 140 px).
MINI_W, MINI_H = 150, 186
MINI_BAND = 40
MINI_PAD = 5


COLONY_H = 138
#: Colony tiles: sand when tiles are left, with a brown edge (no deck uses these colours).
COLONY_SAND = (236, 222, 192)
COLONY_EDGE = (150, 120, 70)


def colony_front(cv: Canvas, x: float, y: float, w: float, h: float, level: int,
                 top: ColonyFront | None, count: int) -> None:
    """A colony stack (E2): military needed, tiles left, the top tile's front: its plunder
    coins and points, and what integrating it (turning it over) costs."""
    cv.box(x, y, x + w, y + h, fill=COLONY_SAND if top else theme.PANEL_ALT,
           outline=COLONY_EDGE if top else theme.FAINT, radius=12, width=3)
    icon = 32
    r1 = y + 6 + icon / 2
    cv.paste(track_icon(cv, "red", icon), x + 8, r1 - icon / 2)
    cv.text(x + 12 + icon, r1, str(level), theme.BIG, bold=True, anchor="lm")
    cv.text(x + w - 10, r1, f"×{count}", theme.TEXT, bold=bool(top),
            fill=theme.INK if top else theme.MUTED, anchor="rm")
    if top is None:
        cv.text(x + w / 2, (r1 + y + h) / 2 + 6, cv.t("image.none.left"), theme.MIN_TEXT,
                fill=theme.MUTED, anchor="mm", max_width=w - 12)
        return
    r2 = y + 60
    cv.paste(icons.coins(24), x + 6, r2 - 12)
    cv.text(x + 32, r2, f"+{top['plunder']}", theme.MIN_TEXT, anchor="lm")
    lw = max(round(theme.MIN_TEXT * 2.0),
             round(cv.measure(str(top["points"]), theme.MIN_TEXT, True) + theme.MIN_TEXT * 1.1))
    points_tag(cv, x + w - 4 - lw / 2, r2, top["points"], theme.MIN_TEXT)
    cv.text(x + 10, y + 93, cv.t("image.colony.integrate"), theme.MIN_TEXT, fill=theme.MUTED,
            anchor="lm", max_width=w - 16)
    cv.text(x + 10, y + h - 17, cv.t("image.pay", cost=top["cost"]), theme.MIN_TEXT, bold=True,
            anchor="lm", max_width=w - 16)
