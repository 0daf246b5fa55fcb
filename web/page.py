"""The game's page as HTML, drawn on the server from the engine's view for one viewer (their
seat's view, or the spectator's) in their language: every word from the Fluent catalogs,
every value escaped. Pure: a view in, a page out (tests/web/test_page.py)."""

from __future__ import annotations

from html import escape

from bot.service.screens import TableState
from hadara.content import Catalog
from hadara.types import ViewData
from hadara.words import card_name, track_name
from i18n import translate
from rendering.parts import title

TRACKS = ("income", "military", "culture", "food")


def _seat(view: ViewData, seat: int, locale: str, viewer: int | None) -> str:
    s = view["seats"][seat]
    you = f' <span class="you">({escape(translate(locale, "web.you"))})</span>' \
        if seat == viewer else ""
    tracks = "".join(f"<li>{escape(track_name(k, locale))} <b>{s['tracks'].get(k, 0)}</b></li>"
                     for k in TRACKS)
    points = sum(s["score"].values()) if s["score"] else 0
    return (f'<article class="seat" aria-labelledby="seat-{seat}">'
            f'<h3 id="seat-{seat}">{escape(s["name"])}{you}</h3>'
            f'<p class="sums">{escape(translate(locale, "web.points", points=points))} · '
            f'{escape(translate(locale, "web.coins", coins=s["coins"]))}</p>'
            f'<ul class="tracks">{tracks}</ul></article>')


def _hand(view: ViewData, catalog: Catalog, locale: str) -> str:
    private = view.get("private")
    if private is None:
        return ""
    cards = "".join(f"<li>{escape(card_name(catalog, c, locale))}</li>" for c in private["hand"])
    body = f"<ul>{cards}</ul>" if cards else \
        f"<p>{escape(translate(locale, 'web.hand.empty'))}</p>"
    return (f'<section class="hand" aria-labelledby="hand"><h2 id="hand">'
            f'{escape(translate(locale, "web.hand"))}</h2>{body}</section>')


def game_page(state: TableState, locale: str) -> str:
    """The whole page of the game as its ``view`` shows it (its ``viewer``'s seat, if any)."""
    view, game_id = state.view, state.game_id
    viewer = view.get("viewer")
    heading = escape(translate(locale, "web.title", id=game_id))
    seats = "".join(_seat(view, s, locale, viewer) for s in range(view["n"]))
    return (
        f'<!doctype html><html lang="{escape(locale)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{heading}</title>"
        '<link rel="stylesheet" href="/static/page.css">'
        '<script src="/static/live.js" defer></script></head>'
        f'<body data-game="{game_id}" data-version="{view["version"]}">'
        f'<header><h1>{heading}</h1><p class="status">{escape(title(view, locale))}</p>'
        f"</header><main>{_hand(view, state.catalog, locale)}"
        f'<section class="players" aria-labelledby="players"><h2 id="players">'
        f'{escape(translate(locale, "web.players"))}</h2><div class="seats">{seats}</div>'
        "</section></main></body></html>")


def message_page(text: str, locale: str) -> str:
    """A page saying one thing (a refusal)."""
    return (f'<!doctype html><html lang="{escape(locale)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<title>Hadara</title><link rel="stylesheet" href="/static/page.css"></head>'
            f'<body><main><p class="message">{escape(text)}</p></main></body></html>')
