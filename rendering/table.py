"""The public table, drawn from the spectator view only (it can be posted in the game's thread).

Three layouts, each showing what matters at that moment:

- **Play** (setup, wheel, draft, Phase B): status header, the wheel (who draws from which deck),
  the five draw piles, each discard pile's top card and size, the purple effects on top in
  words, and the colony stacks in their own panel below.
- **Focus** (colony, statue, feeding and medal steps, when no card is drawn or taken): what the
  step is in plain words, the colony stacks large, one row per level (military needed, tiles
  left, plunder, integrate cost, points, who took one), and the statue spaces (culture
  needed, points, what the bonus tile gives, who carved one).
- **Final** (game over): the standings by rank with totals, coins left and the winner, and how
  G2 decided.
"""

from __future__ import annotations

from hadara.content import Catalog
from hadara.effects import effect_summary, effect_text

from . import icons, theme
from .canvas import Canvas
from .cards import (
    COLONY_EDGE,
    COLONY_H,
    COLONY_SAND,
    MINI_H,
    card_face,
    coins_value,
    colony_front,
    effect_badge,
    points_tag,
)
from .fonts import FontBook
from .lexicon import card_title, listing, tr, track_icon
from .parts import View, display_name, emblem_name, status

MARGIN = 15
COL_W = 150
GAP = (theme.WIDTH - 2 * MARGIN - 5 * COL_W) / 4
HEADER_H = 100
EMBLEM_ROW = 64  # an emblem and a name on up to two lines
DECK_ROW = 46
CAPTION_ROW = 30
EFFECT_ROW = 38
COLONY_HEAD = 38
#: The colony panel's background: neither paper nor any deck's tint.
COLONY_PANEL = (232, 226, 214)
FOCUS_STEPS = ("colony", "statue", "feeding", "medals")
FOCUS_ROW = 46
STATUE_H = 130
RANK_ROW = 64


def table_height(effects: int = 0) -> int:
    """The play layout's height with ``effects`` purple effects worded under the piles."""
    return (HEADER_H + EMBLEM_ROW + 6 + DECK_ROW + 6 + MINI_H + CAPTION_ROW + 2
            + effects * EFFECT_ROW + 6 + COLONY_HEAD + 2 + COLONY_H + 10)


def header(cv: Canvas, view: View, fonts: FontBook) -> None:
    """Two lines: where the game is; first player and who we wait on."""
    lang = cv.locale
    where, now = status(view, lang)
    w = cv.width
    cv.draw.rectangle((0, 0, w, HEADER_H - 8), fill=theme.PANEL)
    cv.draw.line((0, HEADER_H - 8, w, HEADER_H - 8), fill=theme.LINE, width=2)
    # the step on the right keeps at least a third of the line, the place the rest
    line = w - 2 * MARGIN - 16
    now_w = min(cv.measure(now, theme.BIG, True),
                max(line / 3, line - cv.measure(where, theme.TITLE, True)))
    right = cv.text(w - MARGIN, 30, now, theme.BIG, bold=True, anchor="rm", max_width=now_w)
    cv.text(MARGIN, 30, where, theme.TITLE, bold=True, anchor="lm",
            max_width=line - right)
    cy = 72
    x: float = MARGIN
    if view["step"] not in ("setup_side", "over"):
        first = view["first"]
        cv.paste(icons.flag(30), x, cy - 15)
        x += 34
        x += cv.text(x, cy, cv.t("image.table.first"), theme.MIN_TEXT, fill=theme.MUTED,
                     anchor="lm", max_width=160) + 8
        x += emblem_name(cv, x, cy, first, display_name(fonts, view, first, lang),
                         theme.MIN_TEXT, 260) + 24
    waiting = view["waiting_on"]
    if view["over"]:
        winners = view["winners"]
        cv.paste(icons.crown(32), x, cy - 17)
        x += 38
        label = cv.t("image.table.winner" if len(winners) == 1 else "image.table.shared.victory")
        x += cv.text(x, cy, label, theme.MIN_TEXT, fill=theme.MUTED, anchor="lm",
                     max_width=260) + 8
        for s in winners:
            x += emblem_name(cv, x, cy, s, display_name(fonts, view, s, lang), theme.MIN_TEXT,
                             (w - MARGIN - x) / max(1, len(winners))) + 12
        return
    if not waiting:
        return
    cv.paste(icons.hourglass(28), x, cy - 14)
    x += 32
    x += cv.text(x, cy, cv.t("image.table.to.act"), theme.MIN_TEXT, fill=theme.MUTED, anchor="lm",
                 max_width=160) + 8
    room = w - MARGIN - x
    per = room / len(waiting)
    for s in waiting:
        # names when each is whole in its share, emblems alone otherwise (never a stub)
        who = display_name(fonts, view, s, lang)
        whole = cv.fits_line(who, theme.MIN_TEXT, per - 10 - 34 - 6, False)
        x += emblem_name(cv, x, cy, s, who, theme.MIN_TEXT, per - 10 if whole else 40) + 10


def _caption(view: View, fonts: FontBook, locale: str) -> str:
    step = view["step"]
    if step == "wheel":
        who = display_name(fonts, view, view["first"], locale)
        return tr(locale, "image.table.caption.wheel", name=who, emblem=view["first"] + 1)
    if step == "phase_b":
        return tr(locale, "image.table.caption.phase.b")
    if step == "setup_side":
        return tr(locale, "image.table.caption.setup")
    if any(d["count"] for d in view["decks"]):
        return tr(locale, "image.table.caption.waiting")
    return tr(locale, "image.table.caption.empty")


def draw_table(view: View, catalog: Catalog, fonts: FontBook, locale: str = "en") -> Canvas:
    """The table picture for this moment of the game (see the module's three layouts), its
    words in ``locale``."""
    if view["over"]:
        return _final(view, catalog, fonts, locale)
    if view["step"] in FOCUS_STEPS:
        return _focus(view, catalog, fonts, locale)
    return _play(view, catalog, fonts, locale)


# -- play -------------------------------------------------------------------------------------


def _play(view: View, catalog: Catalog, fonts: FontBook, locale: str) -> Canvas:
    tops = [catalog.cards[pile[-1]] for pile in view["discards"] if pile]
    effects = [c for c in tops if c.effect]
    cv = Canvas(theme.WIDTH, table_height(len(effects)), fonts, locale=locale)
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
            emblem_name(cv, x + 2, cy, seat, display_name(fonts, view, seat, locale),
                        theme.MIN_TEXT, COL_W - 4, emblem=38, lines=2)
            tip = x + 21
            cv.draw.polygon([(tip - 9, y + EMBLEM_ROW - 4), (tip + 9, y + EMBLEM_ROW - 4),
                             (tip, y + EMBLEM_ROW + 6)], fill=theme.seat_rgb(seat))
    else:
        cv.text(theme.WIDTH / 2, y + EMBLEM_ROW / 2 - 2, _caption(view, fonts, locale),
                theme.MIN_TEXT, fill=theme.MUTED, anchor="mm", max_width=theme.WIDTH - 2 * MARGIN)
    y += EMBLEM_ROW + 6
    # Row B: draw piles.
    for x, d in zip(xs, view["decks"], strict=True):
        colour = d["colour"]
        cv.box(x, y, x + COL_W, y + DECK_ROW, fill=theme.TINT[colour],
               outline=theme.COLOUR_RGB[colour], radius=10, width=3)
        # a two-digit count takes a smaller icon and size, so the word keeps its room
        two = d["count"] >= 10
        icon, lx = (32, 44) if two else (34, 48)
        cv.paste(track_icon(cv, colour, icon), x + 6 + (not two), y + (DECK_ROW - icon) / 2)
        nw = cv.text(x + COL_W - 10, y + DECK_ROW / 2, str(d["count"]),
                     theme.TEXT if two else theme.BIG, bold=True, anchor="rm")
        cv.text(x + lx, y + DECK_ROW / 2, cv.t("image.table.deck"), theme.MIN_TEXT,
                fill=theme.MUTED, anchor="lm", max_width=COL_W - lx - 10 - nw - 4)
    y += DECK_ROW + 6
    # Row C: discard piles, top card face up (R-B1, D-8).
    for x, pile, d in zip(xs, view["discards"], view["decks"], strict=True):
        if pile:
            card_face(cv, x, y, COL_W, MINI_H, catalog.cards[pile[-1]], catalog, detail="mini")
            cv.text(x + COL_W / 2, y + MINI_H + CAPTION_ROW / 2,
                    cv.t("image.table.pile", count=len(pile)), theme.MIN_TEXT, fill=theme.MUTED,
                    anchor="mm", max_width=COL_W + GAP - 6)
        else:
            cv.box(x, y, x + COL_W, y + MINI_H, fill=theme.PANEL_ALT, outline=theme.FAINT,
                   radius=10, width=2)
            cv.paste(track_icon(cv, d["colour"], 36), x + COL_W / 2 - 18, y + MINI_H / 2 - 56)
            empty = cv.fit(cv.t("image.table.pile.empty"), COL_W - 10, theme.MIN_TEXT)
            cv.lines(x + COL_W / 2, y + MINI_H / 2, empty, fill=theme.MUTED, anchor="m",
                     pitch=1.2)
    y += MINI_H + CAPTION_ROW + 2
    # The purple effects on top, in words (the card shows only its effect's id).
    for card in effects:
        assert card.effect is not None
        bw = effect_badge(cv, MARGIN, y + 2, card.effect.id)
        x = MARGIN + bw + 10
        cy = y + 2 + theme.MIN_TEXT * 0.56
        x += cv.text(x, cy, cv.t("image.table.effect.card", card=card_title(locale, catalog, card)),
                     theme.MIN_TEXT, bold=True, anchor="lm", max_width=300) + 8
        words = effect_text(card.effect, catalog, view["epoch"], locale=locale)
        if cv.measure(words, theme.MIN_TEXT) > theme.WIDTH - MARGIN - x:
            words = effect_summary(card.effect, catalog, view["epoch"], locale=locale)
        cv.text(x, cy, words, theme.MIN_TEXT, anchor="lm", max_width=theme.WIDTH - MARGIN - x)
        y += EFFECT_ROW
    y += 6
    _colony_panel(cv, view, y)
    return cv


def _colony_panel(cv: Canvas, view: View, y: float) -> None:
    """The colony stacks in a panel of their own (they belong to no deck), with a heading."""
    cv.draw.rectangle((0, y, cv.width, cv.image.height), fill=COLONY_PANEL)
    cv.draw.line((0, y, cv.width, y), fill=COLONY_EDGE, width=3)
    cv.paste(icons.colony(30, COLONY_EDGE), MARGIN, y + COLONY_HEAD / 2 - 15 + 2)
    x: float = MARGIN + 38
    x += cv.text(x, y + COLONY_HEAD / 2 + 2, cv.t("image.table.colonies"), theme.MIN_TEXT,
                 bold=True, anchor="lm", max_width=300)
    cv.text(x + 10, y + COLONY_HEAD / 2 + 2, cv.t("image.table.colonies.legend"),
            theme.MIN_TEXT, fill=theme.MUTED, anchor="lm", max_width=cv.width - MARGIN - x - 10)
    y += COLONY_HEAD + 2
    stacks = view["colony_stacks"]
    # Offset from the deck columns, so no stack sits under (and seems to belong to) a deck.
    gap = 6
    w = (cv.width - 2 * MARGIN - gap * (len(stacks) - 1)) / len(stacks)
    for i, stack in enumerate(stacks):
        colony_front(cv, MARGIN + i * (w + gap), y, w, COLONY_H, stack["level"], stack["top"],
                     stack["count"])


# -- focus ------------------------------------------------------------------------------------


def _step_words(view: View, catalog: Catalog, locale: str) -> str:
    step = view["step"]
    rules = catalog.rules
    if step in ("colony", "statue", "feeding"):
        return tr(locale, f"image.table.step.{step}")
    e = max(1, min(3, int(view["epoch"]))) - 1
    return tr(locale, "image.table.step.medals", silver=rules.silver_costs[e],
              max=rules.max_silver, gold=rules.gold_costs[e])


def _focus(view: View, catalog: Catalog, fonts: FontBook, locale: str) -> Canvas:
    probe = Canvas(theme.WIDTH, 10, fonts, locale=locale)
    words = probe.fit(_step_words(view, catalog, locale), theme.WIDTH - 2 * MARGIN,
                      theme.MIN_TEXT, max_lines=3)
    step_h = round(len(words.lines) * theme.MIN_TEXT * 1.2 + 18)
    n_levels = len(view["colony_stacks"])
    height = (HEADER_H + step_h + COLONY_HEAD + n_levels * FOCUS_ROW + 16 + COLONY_HEAD
              + STATUE_H + MARGIN)
    cv = Canvas(theme.WIDTH, height, fonts, locale=locale)
    header(cv, view, fonts)
    y: float = HEADER_H + 4
    cv.lines(MARGIN, y, words, pitch=1.2)
    y += step_h
    y = _colony_rows(cv, view, fonts, y)
    _statues(cv, view, catalog, fonts, y + 16)
    return cv


#: Colony columns in the focus layout: x offsets from the margin.
_C_LEFT, _C_PLUNDER, _C_INTEGRATE, _C_POINTS, _C_TAKEN = 180, 250, 375, 515, 605


def _colony_rows(cv: Canvas, view: View, fonts: FontBook, y: float) -> float:
    """One row per colony level under column labels; returns the y below."""
    m = MARGIN
    cy = y + COLONY_HEAD / 2
    cv.paste(icons.colony(30, COLONY_EDGE), m, cy - 15)
    cv.text(m + 38, cy, cv.t("image.table.colonies"), theme.TEXT, bold=True, anchor="lm",
            max_width=_C_LEFT - 38 - 8)
    columns = ((_C_LEFT, "left"), (_C_PLUNDER, "plunder"), (_C_INTEGRATE, "integrate"),
               (_C_POINTS, "points"), (_C_TAKEN, "taken"))
    ends = [c for c, _ in columns[1:]] + [cv.width - 2 * m]
    for (col, label), end in zip(columns, ends, strict=True):
        cv.text(m + col, cy, cv.t(f"image.table.column.{label}"), theme.MIN_TEXT, fill=theme.MUTED,
                anchor="lm", max_width=end - col - 6)
    y += COLONY_HEAD
    holders: dict[int, list[int]] = {}
    for s in view["seats"]:
        for c in s["colonies"]:
            holders.setdefault(c["level"], []).append(s["seat"])
    for stack in view["colony_stacks"]:
        top = stack["top"]
        cv.box(m, y + 2, cv.width - m, y + FOCUS_ROW - 2,
               fill=COLONY_SAND if top else theme.PANEL_ALT,
               outline=COLONY_EDGE if top else theme.FAINT, radius=10, width=2)
        cy = y + FOCUS_ROW / 2
        cv.paste(track_icon(cv, "red", 34), m + 10, cy - 17)
        cv.text(m + 52, cy, str(stack["level"]), theme.BIG, bold=True, anchor="lm")
        if top:
            cv.text(m + _C_LEFT, cy, f"×{stack['count']}", theme.TEXT, bold=True, anchor="lm")
            coins_value(cv, m + _C_PLUNDER, cy, f"+{top['plunder']}", theme.TEXT, 30)
            cv.text(m + _C_INTEGRATE, cy, cv.t("image.pay", cost=top["cost"]), theme.TEXT,
                    bold=True, anchor="lm", max_width=_C_POINTS - _C_INTEGRATE - 6)
            points_tag(cv, m + _C_POINTS + 30, cy, top["points"], theme.MIN_TEXT)
        else:
            cv.text(m + _C_LEFT, cy, cv.t("image.none.left"), theme.MIN_TEXT, fill=theme.MUTED,
                    anchor="lm", max_width=_C_TAKEN - _C_LEFT - 6)
        x: float = m + _C_TAKEN
        for seat in holders.get(stack["level"], []):
            cv.paste(icons.emblem(seat, 28), x, cy - 14)
            x += 31
        y += FOCUS_ROW
    return y


def _statues(cv: Canvas, view: View, catalog: Catalog, fonts: FontBook, y: float) -> None:
    """The statue spaces (E3): culture needed, the statue's points, what the tile gives."""
    m = MARGIN
    cy = y + COLONY_HEAD / 2
    cv.paste(icons.statue(30), m, cy - 15)
    x = m + 38 + cv.text(m + 38, cy, cv.t("image.table.statues"), theme.TEXT, bold=True,
                         anchor="lm", max_width=300)
    cv.text(x + 10, cy, cv.t("image.table.statues.legend"), theme.MIN_TEXT,
            fill=theme.MUTED, anchor="lm", max_width=cv.width - m - x - 10)
    y += COLONY_HEAD
    spaces = catalog.statues
    gap = 10
    w = (cv.width - 2 * m - gap * (len(spaces) - 1)) / len(spaces)
    for i, space in enumerate(spaces):
        x = m + i * (w + gap)
        carved = [s["seat"] for s in view["seats"]
                  if i < len(s["statues"]) and s["statues"][i] is not None]
        cv.box(x, y, x + w, y + STATUE_H, fill=theme.PANEL, outline=theme.LINE, radius=12,
               width=3)
        r1 = y + 24
        cv.paste(track_icon(cv, "blue", 34), x + 8, r1 - 17)
        cv.text(x + 48, r1, str(space.requirement), theme.BIG, bold=True, anchor="lm")
        points_tag(cv, x + w - 8 - theme.MIN_TEXT, r1, space.points, theme.MIN_TEXT)
        cv.text(x + 10, r1 + 34, cv.t("image.table.statue.tile", steps=space.steps), theme.MIN_TEXT,
                anchor="lm", max_width=w - 16)
        cv.text(x + 10, r1 + 64, cv.t("image.table.statue.points", points=space.extra_points),
                theme.MIN_TEXT, anchor="lm", max_width=w - 16)
        ex = x + 10
        for seat in carved:
            if ex + 30 > x + w - 6:
                break
            cv.paste(icons.emblem(seat, 26), ex, r1 + 80)
            ex += 32


# -- final ------------------------------------------------------------------------------------


def standings(view: View) -> list[tuple[int, int]]:
    """(rank, seat) by G2: most points, then most coins left; equal on both share a rank."""
    seats = view["seats"]
    key = {s["seat"]: (-s["score"]["total"], -s["coins"]) for s in seats}
    order = sorted(key, key=lambda s: (key[s], s))
    return [(1 + sum(1 for k in key.values() if k < key[s]), s) for s in order]


def g2_note(view: View, fonts: FontBook, locale: str = "en") -> str:
    """How the winner was decided, in words (G2)."""
    seats = view["seats"]
    best = max(s["score"]["total"] for s in seats)
    tied = [s for s in seats if s["score"]["total"] == best]
    names = [display_name(fonts, view, s["seat"], locale) for s in tied]
    if len(tied) == 1:
        return tr(locale, "image.table.g2.single", name=names[0], points=best)
    coins = max(s["coins"] for s in tied)
    rich = [display_name(fonts, view, s["seat"], locale) for s in tied if s["coins"] == coins]
    who = listing(locale, names)
    if len(rich) == 1:
        return tr(locale, "image.table.g2.coins", names=who, points=best, name=rich[0], coins=coins)
    return tr(locale, "image.table.g2.shared", names=who, points=best, coins=coins)


def _final(view: View, catalog: Catalog, fonts: FontBook, locale: str) -> Canvas:
    probe = Canvas(theme.WIDTH, 10, fonts, locale=locale)
    note = probe.fit(g2_note(view, fonts, locale), theme.WIDTH - 2 * MARGIN, theme.MIN_TEXT,
                     max_lines=3)
    ranks = standings(view)
    note_h = round(len(note.lines) * theme.MIN_TEXT * 1.2 + 16)
    height = HEADER_H + COLONY_HEAD + len(ranks) * RANK_ROW + 12 + note_h + MARGIN
    cv = Canvas(theme.WIDTH, height, fonts, locale=locale)
    header(cv, view, fonts)
    y = HEADER_H
    m = MARGIN
    lw = cv.text(m, y + COLONY_HEAD / 2, cv.t("image.table.final.standings"), theme.TEXT, bold=True,
                 anchor="lm", max_width=360)
    cv.text(cv.width - m, y + COLONY_HEAD / 2, cv.t("image.table.final.legend"), theme.MIN_TEXT,
            fill=theme.MUTED, anchor="rm", max_width=cv.width - 2 * m - lw - 16)
    y += COLONY_HEAD
    seats = {s["seat"]: s for s in view["seats"]}
    best = max(s["score"]["total"] for s in seats.values()) or 1
    winners = set(view["winners"])
    bar_x0, bar_x1 = 400, 580
    for rank, seat in ranks:
        s = seats[seat]
        won = seat in winners
        cv.box(m, y + 3, cv.width - m, y + RANK_ROW - 3,
               fill=theme.HIGHLIGHT if won else theme.PANEL,
               outline=theme.GOLD if won else theme.LINE, radius=12, width=3 if won else 2)
        cy = y + RANK_ROW / 2
        cv.text(m + 34, cy, str(rank), theme.BIG, bold=True, anchor="mm")
        x = m + 62
        if won:
            cv.paste(icons.crown(32), x, cy - 17)
        x += 40
        emblem_name(cv, x, cy, seat, display_name(fonts, view, seat, locale), theme.TEXT,
                    bar_x0 - 12 - x, emblem=38)
        total = s["score"]["total"]
        length = round((bar_x1 - bar_x0) * max(0, total) / best)
        cv.box(bar_x0, cy - 12, bar_x1, cy + 12, fill=theme.PANEL_ALT, outline=None, radius=6)
        if length > 0:
            cv.box(bar_x0, cy - 12, bar_x0 + max(length, 12), cy + 12,
                   fill=theme.seat_rgb(seat), outline=None, radius=6)
        cv.text(bar_x1 + 92, cy, str(total), theme.BIG, bold=True, anchor="rm")
        cw = cv.text(cv.width - m - 12, cy, str(s["coins"]), theme.TEXT, anchor="rm")
        cv.paste(icons.coins(30), cv.width - m - 16 - cw - 30, cy - 15)
        y += RANK_ROW
    y += 12
    cv.lines(m, y, note, pitch=1.2)
    return cv
