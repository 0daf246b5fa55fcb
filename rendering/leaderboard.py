"""A server's leaderboard (or a league's standings) as an image: 800 px wide, legible on a
phone (posted in an embed: 292 px wide, at most 280 px high).

``render_leaderboard(rows, title=None, locale="en") -> PNG bytes`` (``title`` None: "Leaderboard"
in ``locale``); ``rows`` are the dicts of
``bot.league.ratings.Ratings.leaderboard`` (``position``, ``name``, ``rating``, ``mu``,
``sigma``, ``games``, ``wins``) or of ``LeagueService.standings`` (with ``points``: a points
column is shown). :func:`leaderboard_text` is the plain-text fallback a front end posts when
it cannot send images: one line per row worded in ``locale`` (a row's own ``text`` is in the
language it was made in, so it is not used).

Text is never smaller than ``theme.MIN_TEXT`` (28 px at 800, 10 px shown at 292/800); the image
shows the first ``MAX_ROWS`` rows only, so it stays within ``theme.MAX_HEIGHT`` (a taller image
would be shrunk by the embed's 280-px height cap): the embed's text lists the rest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from i18n import tenths, translate

from . import theme
from .canvas import Canvas, png_bytes
from .fonts import FontBook
from .lexicon import tr

MARGIN = 18
TITLE_H = 84
HEAD_H = 48
ROW = 50
MAX_ROWS = 12  # 750 px high: within theme.MAX_HEIGHT
MEDALS = {1: theme.GOLD, 2: (168, 169, 173), 3: (176, 112, 64)}



def leaderboard_text(rows: Sequence[Mapping[str, Any]], title: str | None = None,
                     locale: str = "en") -> str:
    """The fallback: the title and one line per row."""
    if title is None:
        title = tr(locale, "image.leaderboard.title")
    lines = [title] + [_line(r, locale) for r in rows[:MAX_ROWS]]
    return "\n".join(lines if rows else [title, tr(locale, "image.leaderboard.empty")])


def _line(r: Mapping[str, Any], locale: str = "en") -> str:
    """A row in ``locale`` (never its ``text``, which is in the language it was made in)."""
    if "points" in r:  # a league's standings: the league's line
        points, opponents = float(r.get("points", 0)), float(r.get("opponents", 0))
        return translate(locale, "league.standings.line", position=int(r.get("position", 0)),
                         name=str(r.get("name", "")),
                         points=int(points) if points.is_integer() else points,
                         opponents=int(opponents) if opponents.is_integer() else opponents,
                         rating=float(r.get("rating", 0)), sigma=float(r.get("sigma", 0)),
                         games=int(r.get("games", 0)))
    return tr(locale, "image.leaderboard.line", position=str(r.get("position", "")),
              name=str(r.get("name", "")), rating=tenths(float(r.get("rating", 0)), locale),
              games=int(r.get("games", 0)))


def render_leaderboard(rows: Sequence[Mapping[str, Any]], title: str | None = None,
                       fonts: FontBook | None = None, locale: str = "en") -> bytes:
    """The leaderboard as PNG bytes (at most ``MAX_ROWS`` rows), its words in ``locale``
    (``title`` None: "Leaderboard" in ``locale``)."""
    if fonts is None:
        from . import default_fonts

        fonts = default_fonts()
    return png_bytes(draw_leaderboard(rows, title, fonts, locale).image)


def draw_leaderboard(rows: Sequence[Mapping[str, Any]], title: str | None,
                     fonts: FontBook, locale: str = "en") -> Canvas:
    shown = list(rows[:MAX_ROWS])
    standings = any("points" in r for r in shown)
    height = TITLE_H + HEAD_H + max(1, len(shown)) * ROW + MARGIN
    cv = Canvas(theme.WIDTH, height, fonts, locale=locale)
    if title is None:
        title = cv.t("image.leaderboard.title")
    w = theme.WIDTH
    cv.draw.rectangle((0, 0, w, TITLE_H - 12), fill=theme.PANEL)
    cv.draw.line((0, TITLE_H - 12, w, TITLE_H - 12), fill=theme.LINE, width=2)
    cv.text(MARGIN, (TITLE_H - 12) / 2, title, theme.TITLE, bold=True, anchor="lm",
            max_width=w - 2 * MARGIN)
    # columns: position, name, [points], rating (± sigma), games
    x_pos, x_name = MARGIN + 34, MARGIN + 84
    x_games = w - MARGIN - 10
    x_rating = x_games - 110
    x_points = x_rating - 170
    name_w = (x_points - 96 if standings else x_rating - 150) - x_name - 12
    y = TITLE_H
    head = [(x_name, "player", "lm", name_w), (x_rating, "rating", "rm", 150),
            (x_games, "games", "rm", x_games - x_rating - 12)]
    if standings:
        head.append((x_points, "points", "rm", 150))
    for x, label, anchor, room in head:
        cv.text(x, y + HEAD_H / 2, cv.t(f"image.leaderboard.{label}"), theme.MIN_TEXT, bold=True,
                fill=theme.MUTED, anchor=anchor, max_width=room)
    y += HEAD_H
    if not shown:
        cv.text(w / 2, y + ROW / 2, cv.t("image.leaderboard.empty"), theme.TEXT, fill=theme.MUTED,
                anchor="mm", max_width=w - 2 * MARGIN)
        return cv
    for i, r in enumerate(shown):
        fill = theme.PANEL if i % 2 == 0 else theme.PANEL_ALT
        cv.draw.rectangle((MARGIN, y, w - MARGIN, y + ROW), fill=fill)
        pos = int(r.get("position", i + 1))
        medal = MEDALS.get(pos)
        if medal is not None:
            cv.draw.ellipse((x_pos - 22, y + ROW / 2 - 22, x_pos + 22, y + ROW / 2 + 22),
                            fill=medal)
        cv.text(x_pos, y + ROW / 2, str(pos), theme.TEXT, bold=True, anchor="mm")
        cv.text(x_name, y + ROW / 2, str(r.get("name", "")), theme.TEXT, bold=pos <= 3,
                anchor="lm", max_width=name_w)
        if standings:
            pts = float(r.get("points", 0))
            cv.text(x_points, y + ROW / 2, f"{pts:g}", theme.BIG, bold=True, anchor="rm")
        rating = float(r.get("rating", 0.0))
        sigma = r.get("sigma")
        cv.text(x_rating - 62, y + ROW / 2, tenths(rating, locale), theme.TEXT, bold=not standings,
                anchor="rm")
        if sigma is not None:
            cv.text(x_rating, y + ROW / 2, f"±{float(sigma):.0f}", theme.MIN_TEXT,
                    fill=theme.MUTED, anchor="rm")
        cv.text(x_games, y + ROW / 2, str(int(r.get("games", 0))), theme.TEXT, anchor="rm")
        y += ROW
    return cv
