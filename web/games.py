"""Every game waiting on you, on the page (docs/web.md, "Your games"): the list of a signed-in
player's games as ``/hadara games`` orders them (``GameService.games``: waiting on you
first, the one waiting longest at the top; then waiting on others; then lobbies), and the
header's links to it and to the next game waiting on you (``GameService.next_turn``). Pure:
a list in, HTML out; times in the player's own time zone (their setting, else UTC)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from html import escape

from bot.service.screens import GameLine, GamesList, waited_for
from bot.service.timecontrol.rules import zone

from .pieces import t

LOBBY = "lobby"


@dataclass(frozen=True)
class Elsewhere:
    """What the header says of the viewer's other games: how many wait on them, and the one
    to go to next (None: this is the only one, or the page is a spectator's)."""

    waiting: int
    next: GameLine | None


def waited(seconds: float, locale: str) -> str:
    """How long a game has waited, in the largest whole unit (minutes, hours, days)."""
    unit, count = waited_for(seconds, least=0)
    return t(locale, f"web.games.waited.{unit}", count=count)


def local_time(when: float, time_zone: str | None) -> str:
    """A moment in the viewer's zone, with the zone named (UTC when they set none)."""
    at = dt.datetime.fromtimestamp(when, zone(time_zone or "UTC"))
    return f"{at:%Y-%m-%d %H:%M} {time_zone or 'UTC'}"  # escaped with the words around it


def _kind(line: GameLine, locale: str) -> str:
    return t(locale, f"table.kind.{line.your_turn}") if line.your_turn else ""


def _yours(line: GameLine, locale: str, now: float, time_zone: str | None) -> str:
    bits = [_kind(line, locale)]
    if line.since is not None:
        bits.append(waited(now - line.since, locale))
    if line.deadline is not None:
        bits.append(t(locale, "web.games.deadline", at=local_time(line.deadline, time_zone)))
    return (f'<li><a class="game-link" href="/g/{line.game_id}" data-game="{line.game_id}">'
            f'{t(locale, "web.games.game", id=line.game_id)}</a> · '
            f'<span>{" · ".join(bits)}</span></li>')


def _others(line: GameLine, locale: str) -> str:
    if line.status == LOBBY:
        what = t(locale, "web.games.lobby", taken=line.seats_taken, size=line.size)
        return f'<li>{t(locale, "web.games.game", id=line.game_id)} · <span>{what}</span></li>'
    what = t(locale, "web.waiting", names=", ".join(line.waiting) or "—")
    return (f'<li><a class="game-link" href="/g/{line.game_id}" data-game="{line.game_id}">'
            f'{t(locale, "web.games.game", id=line.game_id)}</a> · <span>{what}</span></li>')


def games_main(listed: GamesList, locale: str, now: float, time_zone: str | None) -> str:
    """The list's ``<main>``: the games waiting on you, then the others, then lobbies."""
    mine = [line for line in listed.games if line.your_turn is not None]
    others = [line for line in listed.games if line.your_turn is None]
    parts = [f'<h2>{t(locale, "web.games.yours", count=len(mine))}</h2>']
    if mine:
        parts.append('<ol class="games">' + "".join(
            _yours(line, locale, now, time_zone) for line in mine) + "</ol>")
    if others:
        parts.append(f'<h2>{t(locale, "web.games.others")}</h2><ul class="games">'
                     + "".join(_others(line, locale) for line in others) + "</ul>")
    if listed.more:
        parts.append(f'<p class="note">{t(locale, "web.games.more", count=listed.more)}</p>')
    return f'<main id="main" class="games-list">{"".join(parts)}</main>'


def games_page(listed: GamesList, locale: str, now: float, time_zone: str | None) -> str:
    """The whole page of the viewer's games (no script needed: plain links)."""
    title = t(locale, "web.games.title")
    return (f'<!doctype html><html lang="{escape(locale)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{title}</title><link rel=\"stylesheet\" href=\"/static/page.css\">"
            '<link rel="icon" href="/static/icon.svg" type="image/svg+xml"></head>'
            f'<body><a class="skip" href="#main">{t(locale, "web.skip")}</a>'
            f"<header><h1>{title}</h1></header>"
            f"{games_main(listed, locale, now, time_zone)}</body></html>")


def elsewhere_nav(elsewhere: Elsewhere | None, locale: str) -> str:
    """The header's links: your games (how many wait on you), and the next one."""
    if elsewhere is None:
        return ""
    links = [f'<a href="/games" data-games="1">'
             f'{t(locale, "web.games.link", count=elsewhere.waiting)}</a>']
    nxt = elsewhere.next
    if nxt is not None:
        links.append(f'<a class="next-game" href="/g/{nxt.game_id}" data-game="{nxt.game_id}">'
                     f'{t(locale, "web.games.next", id=nxt.game_id)}</a>')
    return f'<nav class="elsewhere" aria-label="{t(locale, "web.games.title")}">' \
        f'{"".join(links)}</nav>'
