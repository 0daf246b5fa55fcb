"""A player's profile on a server as an image: 800 px wide, at most ``theme.MAX_HEIGHT`` high,
legible on a phone wherever it is posted (an embed 292 px wide: no text under 10 px there).

``render_profile(card, locale="en") -> PNG bytes``; :func:`profile_text` is the plain-text
fallback in the same words. :class:`ProfileCard` holds what is shown, already decided by its
maker (the league's profile, the player's privacy setting): a figure that is None is not
shown — omitted, or "—" for the rating — never drawn as 0.

The picture, top to bottom: the name (fitted whole, else shortened in the middle:
:func:`rendering.names.fit_names`) and a "new" badge for fewer than five games; the rating,
big, beside a small line chart of its history (two points or more); tiles of games, wins,
finish rate, usual time to move in live and multi-day games, deadlines met; then two columns,
the favourite paths (cards bought per colour, as bars in the game's colours with each track's
icon) and the rivals (games together, ahead–behind) with the best game. A card whose player
keeps their figures private (``hidden``) shows only the name, rating, games and wins, and
one line saying the rest is private.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import icons, theme
from .canvas import Canvas, png_bytes
from .fonts import FontBook
from .lexicon import capital, colour_word, tr
from .names import fit_names

MARGIN = 18
HEADER_H = 84
GAP = 14
RATING_H = 116
RATING_W = 290  # the rating's room, left of its chart or of two tiles
RATING_SIZE = 64
TILE_H = 116
TILE_GAP = 12
TILES_PER_ROW = 3
HEADING_H = 42
ROW = 42
LEFT_W = 330  # the paths' column; the rivals' takes the rest
PRIVATE_H = 56
#: the most colours and rivals a card shows
MAX_COLOURS = 5
MAX_RIVALS = 3
CHART_RGB = theme.darker(theme.COLOUR_RGB["blue"], 30)  # not a card colour: bars are


@dataclass(frozen=True)
class ProfileCard:
    """What a profile picture shows; None: not shown (unknown, or kept private)."""

    name: str
    rating: float | None  # display rating; None: not rated on this server
    games: int
    wins: int
    new: bool  # fewer than 5 games: a "new" badge, never a penalty
    hidden: bool = False  # the player keeps their figures private: one line says so
    finish_rate: float | None = None  # 0..1
    median_live: float | None = None  # seconds, live tables
    median_timed: float | None = None  # seconds, multi-day tables
    deadlines_met: float | None = None  # 0..1
    #: (colour key, cards bought), most first
    colours: tuple[tuple[str, int], ...] = ()
    #: (name, games together, ahead, behind), most played first
    rivals: tuple[tuple[str, int, int, int], ...] = ()
    #: display rating after each rated game, oldest first
    rating_history: tuple[float, ...] = ()
    best_game: int | None = None  # a game id


# ----------------------------------------------------------------------------- the words


def percent(locale: str, share: float) -> str:
    """A share 0..1 as a whole percentage in ``locale`` ("92%", "92 %")."""
    return tr(locale, "image.profile.percent", percent=round(min(1.0, max(0.0, share)) * 100))


def duration(locale: str, seconds: float) -> str:
    """A time to move in one unit, rounded: "45 s", "4 min", "6 h", "2 d" (in ``locale``)."""
    s = max(0.0, seconds)
    if round(s) < 60:
        return tr(locale, "image.profile.seconds", n=max(1, round(s)))
    if round(s / 60) < 60:
        return tr(locale, "image.profile.minutes", n=round(s / 60))
    if round(s / 3600) < 48:
        return tr(locale, "image.profile.hours", n=round(s / 3600))
    return tr(locale, "image.profile.days", n=round(s / 86400))


def rating_value(locale: str, rating: float) -> str:
    return tr(locale, "image.profile.rating_value", rating=float(rating))


#: a stat tile: its value, its label (one or two lines) and the label of the text fallback
Tile = tuple[str, tuple[str, ...], str]


def _tiles(card: ProfileCard, locale: str) -> list[Tile]:
    """The stat tiles: games and wins always, the rest when known and not kept private."""
    def one(value: str, label: str) -> Tile:
        return value, (label,), label

    def move(seconds: float, kind: str) -> Tile:
        label, kind = tr(locale, "image.profile.move"), tr(locale, kind)
        return (duration(locale, seconds), (label, kind),
                tr(locale, "image.profile.move_kind", label=label, kind=kind))

    out = [one(str(card.games), tr(locale, "image.profile.games", games=card.games)),
           one(str(card.wins), tr(locale, "image.profile.wins", wins=card.wins))]
    if card.hidden:
        return out
    if card.finish_rate is not None:
        out.append(one(percent(locale, card.finish_rate), tr(locale, "image.profile.finish")))
    if card.median_live is not None:
        out.append(move(card.median_live, "image.profile.live"))
    if card.median_timed is not None:
        out.append(move(card.median_timed, "image.profile.timed"))
    if card.deadlines_met is not None:
        out.append(one(percent(locale, card.deadlines_met),
                       tr(locale, "image.profile.deadlines")))
    return out


def _colours(card: ProfileCard) -> list[tuple[str, int]]:
    return [(c, n) for c, n in card.colours if c in theme.COLOUR_RGB and n > 0][:MAX_COLOURS]


def _record(locale: str, games: int, ahead: int, behind: int) -> str:
    return tr(locale, "image.profile.rival_record", games=games, ahead=ahead, behind=behind)


def best_game(locale: str, game: int) -> str:
    return tr(locale, "image.profile.best_value", game=str(game))


def profile_text(card: ProfileCard, locale: str = "en") -> str:
    """The fallback: the same figures as the picture, one per line, in ``locale``."""

    def field(label: str, value: str | list[str]) -> str:
        return tr(locale, "image.profile.field", label=label, value=value)

    head = card.name
    if card.new:
        head = tr(locale, "image.profile.name_new", name=card.name)
    rating = (rating_value(locale, card.rating) if card.rating is not None
              else tr(locale, "image.profile.unrated"))
    lines = [head, field(tr(locale, "image.profile.rating"), rating),
             tr(locale, "image.profile.games_wins", games=card.games, wins=card.wins)]
    if card.hidden:
        return "\n".join([*lines, tr(locale, "image.profile.private")])
    lines += [field(label, value) for value, _, label in _tiles(card, locale)[2:]]
    colours = _colours(card)
    if colours:
        lines.append(field(tr(locale, "image.profile.paths"),
                           [tr(locale, "image.profile.path", colour=colour_word(locale, c),
                               cards=n) for c, n in colours]))
    if card.rivals:
        lines.append(field(tr(locale, "image.profile.rivals"),
                           [tr(locale, "image.profile.rival", name=name,
                               record=_record(locale, games, ahead, behind))
                            for name, games, ahead, behind in card.rivals[:MAX_RIVALS]]))
    if card.best_game is not None:
        lines.append(field(tr(locale, "image.profile.best"), best_game(locale, card.best_game)))
    return "\n".join(lines)


# ----------------------------------------------------------------------------- the picture


def render_profile(card: ProfileCard, locale: str = "en", fonts: FontBook | None = None) -> bytes:
    """The profile as PNG bytes, its words in ``locale``."""
    if fonts is None:
        from . import default_fonts

        fonts = default_fonts()
    return png_bytes(draw_profile(card, fonts, locale).image)


def _chart_shown(card: ProfileCard) -> bool:
    return not card.hidden and len(card.rating_history) >= 2


def _layout(card: ProfileCard) -> dict[str, float]:
    """The top of each part drawn, how many tiles sit beside the rating (the first two,
    games and wins, when there is no chart), and the image's height."""
    y: float = HEADER_H + GAP
    at = {"rating": y, "beside": 0 if _chart_shown(card) else 2}
    y += RATING_H + GAP
    rows = -(-(len(_tiles(card, "en")) - int(at["beside"])) // TILES_PER_ROW)
    at["tiles"] = y
    if rows:
        y += rows * TILE_H + (rows - 1) * TILE_GAP + GAP
    if card.hidden:
        at["private"] = y
        y += PRIVATE_H + GAP
    else:
        left = HEADING_H + ROW * len(_colours(card)) if _colours(card) else 0
        rivals = min(MAX_RIVALS, len(card.rivals))
        right = (HEADING_H + ROW * rivals if rivals else 0) \
            + (HEADING_H if card.best_game is not None else 0)
        if left or right:
            at["columns"] = y
            y += max(left, right) + GAP
    at["height"] = y - GAP + MARGIN
    return at


def draw_profile(card: ProfileCard, fonts: FontBook, locale: str = "en") -> Canvas:
    """The profile's canvas (its texts recorded for the legibility checks)."""
    at = _layout(card)
    cv = Canvas(theme.WIDTH, int(at["height"]), fonts, locale=locale)
    _header(cv, card)
    _rating(cv, card, at["rating"])
    tiles = _tiles(card, locale)
    beside = int(at["beside"])
    if beside:
        x0 = MARGIN + RATING_W + TILE_GAP
        tile_w = (theme.WIDTH - MARGIN - x0 - (beside - 1) * TILE_GAP) / beside
        for i, tile in enumerate(tiles[:beside]):
            _tile(cv, tile, x0 + i * (tile_w + TILE_GAP), at["rating"], tile_w)
    tile_w = (theme.WIDTH - 2 * MARGIN - (TILES_PER_ROW - 1) * TILE_GAP) / TILES_PER_ROW
    for i, tile in enumerate(tiles[beside:]):
        row, col = divmod(i, TILES_PER_ROW)
        _tile(cv, tile, MARGIN + col * (tile_w + TILE_GAP),
              at["tiles"] + row * (TILE_H + TILE_GAP), tile_w)
    if card.hidden:
        cv.text(theme.WIDTH / 2, at["private"] + PRIVATE_H / 2, cv.t("image.profile.private"),
                theme.TEXT, fill=theme.MUTED, anchor="mm", max_width=theme.WIDTH - 2 * MARGIN)
        return cv
    if "columns" in at:
        # two columns, or the one with something to show across the width
        y, colours = at["columns"], _colours(card)
        right = bool(card.rivals) or card.best_game is not None
        right_x = MARGIN + LEFT_W + 2 * GAP if colours else MARGIN
        _paths(cv, colours, MARGIN, y, LEFT_W if right else theme.WIDTH - 2 * MARGIN)
        _rivals(cv, card, right_x, y, theme.WIDTH - MARGIN - right_x)
    return cv


def _header(cv: Canvas, card: ProfileCard) -> None:
    w = theme.WIDTH
    cv.draw.rectangle((0, 0, w, HEADER_H - 10), fill=theme.PANEL)
    cv.draw.line((0, HEADER_H - 10, w, HEADER_H - 10), fill=theme.LINE, width=2)
    cy = (HEADER_H - 10) / 2
    badge = cv.t("image.profile.new")
    badge_w = cv.measure(badge, theme.MIN_TEXT, True) + 28 if card.new else 0.0
    room = w - 2 * MARGIN - (badge_w + 16 if card.new else 0)
    text, size = fit_names(cv, [card.name], [room], (theme.TITLE, theme.TEXT, theme.MIN_TEXT))[0]
    drawn = cv.text(MARGIN, cy, text, size, bold=True, anchor="lm", max_width=room)
    if card.new:
        x = MARGIN + drawn + 16
        cv.draw.rounded_rectangle((x, cy - 22, x + badge_w, cy + 22), radius=22,
                                  fill=theme.HIGHLIGHT, outline=theme.GOLD, width=2)
        cv.text(x + badge_w / 2, cy, badge, theme.MIN_TEXT, bold=True, anchor="mm")


def _rating(cv: Canvas, card: ProfileCard, y: float) -> None:
    cv.text(MARGIN, y + 4, cv.t("image.profile.rating"), theme.MIN_TEXT, bold=True, fill=theme.MUTED,
            anchor="lt", max_width=RATING_W)
    value = "—" if card.rating is None else rating_value(cv.locale, card.rating)
    cv.text(MARGIN, y + RATING_H - 12, value, RATING_SIZE, bold=True, anchor="ls",
            max_width=RATING_W)
    if _chart_shown(card):
        _chart(cv, card.rating_history, MARGIN + RATING_W + TILE_GAP, y, theme.WIDTH - MARGIN,
               y + RATING_H)


def _chart(cv: Canvas, points: Sequence[float], x0: float, y0: float, x1: float,
           y1: float) -> None:
    """A line chart of ``points`` in a panel, its highest and lowest value written at its
    left, the last point marked."""
    cv.draw.rounded_rectangle((x0, y0, x1, y1), radius=12, fill=theme.PANEL, outline=theme.LINE,
                              width=2)
    hi, lo = max(points), min(points)
    top, bottom = rating_value(cv.locale, hi), rating_value(cv.locale, lo)
    label_w = max(cv.measure(top, theme.MIN_TEXT), cv.measure(bottom, theme.MIN_TEXT))
    cv.text(x0 + 12, y0 + 12, top, theme.MIN_TEXT, fill=theme.MUTED, anchor="lt")
    cv.text(x0 + 12, y1 - 12, bottom, theme.MIN_TEXT, fill=theme.MUTED, anchor="ls")
    px0, px1 = x0 + 12 + label_w + 16, x1 - 18
    py0, py1 = y0 + 18, y1 - 18
    cv.draw.line((px0, py0, px1, py0), fill=theme.FAINT, width=1)
    cv.draw.line((px0, py1, px1, py1), fill=theme.FAINT, width=1)
    span = hi - lo
    step = (px1 - px0) / (len(points) - 1)
    xy = [(px0 + i * step, (py0 + py1) / 2 if span <= 0 else py1 - (p - lo) / span * (py1 - py0))
          for i, p in enumerate(points)]
    cv.draw.line(xy, fill=CHART_RGB, width=5, joint="curve")
    lx, ly = xy[-1]
    cv.draw.ellipse((lx - 8, ly - 8, lx + 8, ly + 8), fill=CHART_RGB, outline=theme.PANEL,
                    width=2)


def _tile(cv: Canvas, tile: Tile, x: float, y: float, width: float) -> None:
    """A figure, big, above its label (one line, or two: "Usual move" above "live")."""
    value, label, _ = tile
    cv.draw.rounded_rectangle((x, y, x + width, y + TILE_H), radius=12, fill=theme.PANEL,
                              outline=theme.LINE, width=2)
    cx = x + width / 2
    cv.text(cx, y + 32, value, theme.BIG + 6, bold=True, anchor="mm", max_width=width - 16)
    if len(label) == 1:
        cv.label(cx, y + 82, label[0], theme.MIN_TEXT, width - 20, fill=theme.MUTED,
                 anchor="m", max_lines=2, pitch=1.0)
        return
    for i, line in enumerate(label[:2]):
        cv.text(cx, y + 68 + 30 * i, line, theme.MIN_TEXT, fill=theme.MUTED, anchor="mm",
                max_width=width - 16)


def _heading(cv: Canvas, x: float, y: float, width: float, key: str) -> None:
    cv.text(x, y + HEADING_H / 2 - 2, cv.t(key), theme.MIN_TEXT, bold=True, fill=theme.MUTED,
            anchor="lm", max_width=width)
    cv.draw.line((x, y + HEADING_H - 4, x + width, y + HEADING_H - 4), fill=theme.LINE, width=2)


def _paths(cv: Canvas, colours: Sequence[tuple[str, int]], x: float, y: float,
           width: float) -> None:
    """Cards bought per colour: the track's icon, the colour's name, a bar, the count."""
    if not colours:
        return
    _heading(cv, x, y, width, "image.profile.paths")
    words = [capital(colour_word(cv.locale, c)) for c, _ in colours]
    word_w = min(130.0, max(cv.measure(w, theme.MIN_TEXT) for w in words))
    count_w = max(cv.measure(str(n), theme.MIN_TEXT, True) for _, n in colours)
    most = max(n for _, n in colours)
    icon = 32
    bar_x = x + icon + 10 + word_w + 12
    bar_room = x + width - count_w - 10 - bar_x
    for i, ((colour, n), word) in enumerate(zip(colours, words, strict=True)):
        cy = y + HEADING_H + i * ROW + ROW / 2
        cv.paste(icons.track_icon(colour, icon), x, cy - icon / 2)
        cv.text(x + icon + 10, cy, word, theme.MIN_TEXT, anchor="lm", max_width=word_w)
        length = max(8.0, bar_room * n / most)
        rgb = theme.COLOUR_RGB[colour]
        cv.draw.rounded_rectangle((bar_x, cy - 11, bar_x + length, cy + 11), radius=6, fill=rgb,
                                  outline=theme.darker(rgb, 50), width=2)
        cv.text(bar_x + length + 10, cy, str(n), theme.MIN_TEXT, bold=True, anchor="lm")


def _rivals(cv: Canvas, card: ProfileCard, x: float, y: float, width: float) -> None:
    """The rivals, each a line "name  7 games · 4–3", then the best game."""
    rivals = card.rivals[:MAX_RIVALS]
    if rivals:
        _heading(cv, x, y, width, "image.profile.rivals")
        records = [_record(cv.locale, g, a, b) for _, g, a, b in rivals]
        rooms = [width - cv.measure(r, theme.MIN_TEXT) - 14 for r in records]
        names = fit_names(cv, [r[0] for r in rivals], rooms)
        for i, ((name, size), record, room) in enumerate(zip(names, records, rooms,
                                                             strict=True)):
            cy = y + HEADING_H + i * ROW + ROW / 2
            cv.text(x, cy, name, size, bold=True, anchor="lm", max_width=room)
            cv.text(x + width, cy, record, theme.MIN_TEXT, fill=theme.MUTED, anchor="rm")
        y += HEADING_H + ROW * len(rivals)
    if card.best_game is not None:
        label = cv.t("image.profile.best")
        value = best_game(cv.locale, card.best_game)
        value_w = cv.measure(value, theme.TEXT, True)
        cy = y + HEADING_H / 2
        cv.text(x, cy, label, theme.MIN_TEXT, bold=True, fill=theme.MUTED, anchor="lm",
                max_width=width - value_w - 14)
        cv.text(x + width, cy, value, theme.TEXT, bold=True, anchor="rm")
