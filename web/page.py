"""The game's page as HTML, drawn on the server from the service's table (``TableState``: the
viewer's view, their seat's or the spectator's) in their language: every word from the Fluent
catalogs, every value escaped, every icon from the one SVG sprite (rendering/svg.py). Phone
first: one column at 360–412 px, two at a desktop's width (web/static/page.css). Pure: a
table in, a page out (tests/web/test_page_html.py)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from html import escape
from typing import Any, NamedTuple

from bot.service.screens import QueueState, TableState
from hadara.narrate import describe, label
from hadara.types import ViewData
from hadara.words import colour_name, track_name
from i18n import LOCALES, translate
from rendering.parts import title
from rendering.svg import icon, sprite
from rendering.theme import TRACK_OF

from .ahead import plan_box
from .choices import Acting, Choices, place, tools
from .games import Elsewhere, elsewhere_nav
from .pieces import Pieces, Price, t, track_icon

TRACKS = ("income", "military", "culture", "food")
COLOUR_OF = {track: colour for colour, track in TRACK_OF.items()}
#: The language switch's names, each in its own language.
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "ja": "日本語"}


def _prices(view: ViewData) -> dict[str, Price]:
    """The viewer's own prices: the table's (discard tops) and their decision's cards."""
    private: Mapping[str, Any] = view.get("private") or {}
    prices: dict[str, Price] = dict(private.get("prices") or {})
    context: Mapping[str, Any] = private.get("context") or {}
    for entry in context.get("cards") or ():
        if "buy" in entry and "sell" in entry:
            prices[entry["card"]] = {"buy": entry["buy"], "sell": entry["sell"]}
    return prices


def header(state: TableState, locale: str, here: str | None = None,
           elsewhere: Elsewhere | None = None) -> str:
    """The page's header: its title, the status line, who the game waits for, the language
    switch (``here``: the page's own path), and for a signed-in player the links to their
    games and to the next one waiting on them (``elsewhere``)."""
    return _header(state, locale, here or f"/g/{state.game_id}", elsewhere)


def _header(state: TableState, locale: str, here: str, elsewhere: Elsewhere | None) -> str:
    view = state.view
    heading = t(locale, "web.title", id=state.game_id)
    waiting = [state.names[s] for s in view.get("waiting_on") or [] if 0 <= s < len(state.names)]
    line = (f'<p class="waiting">{icon("hourglass")} '
            f'{t(locale, "web.waiting", names=", ".join(waiting))}</p>') if waiting else ""
    switch = "".join(
        f'<a href="{escape(here)}?lang={code}" lang="{code}" hreflang="{code}"'
        + (' aria-current="true"' if code == locale else "")
        + f">{escape(LANGUAGE_NAMES[code])}</a>" for code in LOCALES)
    return (f'<header><h1>{heading}</h1><p class="status">{escape(title(view, locale))}</p>'
            f'{line}{elsewhere_nav(elsewhere, locale)}'
            f'<nav class="languages" aria-label="{t(locale, "web.language")}">{switch}'
            "</nav></header>")


def _mine(state: TableState, pieces: Pieces, locale: str, choices: Choices,
          extra: str = "") -> str:
    """The viewer's hand and what they are deciding now: chosen here when the page may act
    (``choices``), else shown (chosen on their panel)."""
    private = state.view.get("private")
    if private is None or state.view["over"]:
        return ""
    deciding = ""
    context: Mapping[str, Any] = private.get("context") or {}
    if state.options and context.get("kind"):
        what = t(locale, f"table.kind.{context['kind']}")
        if choices.form:
            items = f'<ul class="options">' \
                    f'{"".join(f"<li>{button}</li>" for button in choices.listed)}</ul>'
            if choices.at:  # each is on its piece too: the whole list folded away
                items = (f'<details><summary>{t(locale, "web.choices", count=len(choices.listed))}'
                         f"</summary>{items}</details>")
            deciding = (f'<div class="deciding" id="deciding"><h3>'
                        f'{t(locale, "web.deciding", what=what)}</h3>{choices.lead}{items}'
                        f"{choices.form}</div>")
        else:
            legal = [o for o in state.options if o["legal"]]
            items = "".join(
                "<li>" + escape(label({"code": o["label_code"], **o["label_params"]},
                                      state.catalog, locale)) + "</li>" for o in legal[:24])
            deciding = (f'<div class="deciding"><h3>{t(locale, "web.deciding", what=what)}</h3>'
                        f'<details><summary>{t(locale, "web.choices", count=len(legal))}'
                        f'</summary><ul class="options">{items}</ul></details>'
                        f'<p class="note">{t(locale, "web.deciding.note")}</p></div>')
    hand = private.get("hand") or []
    cards = "".join(f"<li>{pieces.card(cid, detail=pieces.price(cid))}</li>" for cid in hand)
    body = f'<ul class="cards">{cards}</ul>' if cards else \
        f'<p>{t(locale, "web.hand.empty")}</p>'
    return (f'<section class="mine" aria-labelledby="hand"><h2 id="hand">'
            f'{t(locale, "web.hand")}</h2>{deciding}{body}{extra}</section>')


def _table(state: TableState, pieces: Pieces, locale: str, choices: Choices) -> str:
    """Decks, the wheel's draws, the discard piles and the colony stacks."""
    view = state.view
    draws = {d["colour"]: d["seat"] for d in view.get("draws") or []}
    decks = []
    for deck in view["decks"]:
        colour = deck["colour"]
        seat = draws.get(colour)
        who = (f'<span class="draws">{icon(f"seat-{seat}")} '
               f'{t(locale, "web.draws", name=state.names[seat])}</span>'
               if seat is not None and 0 <= seat < len(state.names) else "")
        decks.append(f'<li class="deck c-{colour}">{track_icon(colour, locale)}'
                     f'<span class="name">{escape(colour_name(colour, locale))}</span>'
                     f'<span class="detail">{t(locale, "web.deck", count=deck["count"])}</span>'
                     f'{who}{choices.here(("deck", colour))}</li>')
    piles = []
    for colour, pile in zip(view["deck_colours"], view["discards"], strict=False):
        size = t(locale, "web.pile", count=len(pile), colour=colour_name(colour, locale))
        if pile:
            shown = pieces.card(pile[-1], detail=pieces.price(pile[-1]))
            piles.append(f'<li><span class="label">{size}</span>{shown}</li>')
        else:
            piles.append(f'<li><span class="card empty c-{colour}">{size}</span></li>')
    stacks = []
    for stack in view.get("colony_stacks") or []:
        level = stack["level"]
        name = t(locale, "web.colony.stack", level=level, count=stack["count"])
        front = stack.get("top")
        if front:
            stacks.append("<li>" + pieces.colony(f"stack-{level}", name, level, front, acts=True)
                          + "</li>")
        else:
            stacks.append(f'<li><span class="tile colony empty">{name}</span></li>')
    return (f'<section class="table" aria-labelledby="table"><h2 id="table">'
            f'{t(locale, "web.table")}</h2>'
            f'<h3>{t(locale, "web.decks")}</h3><ul class="decks">{"".join(decks)}</ul>'
            f'<h3>{t(locale, "web.discards")}</h3><ul class="piles">{"".join(piles)}</ul>'
            f'<h3>{t(locale, "web.colonies")}</h3>'
            f'<ul class="tiles">{"".join(stacks)}</ul></section>')


def _seat(state: TableState, seat: int, pieces: Pieces, locale: str) -> str:
    view = state.view
    s = view["seats"][seat]
    you = f' <span class="you">({t(locale, "web.you")})</span>' \
        if seat == view.get("viewer") else ""
    marks = ""
    if seat == view.get("first"):
        marks += icon("flag", translate(locale, "web.first"))
    if seat in (view.get("waiting_on") or []):
        marks += icon("hourglass", translate(locale, "image.table.to.act"))
    if seat in (view.get("winners") or []):
        marks += icon("crown", translate(locale, "image.table.winner"))
    score = s.get("score") or {}
    points = score.get("total", 0)
    tracks = "".join(
        f'<li>{track_icon(COLOUR_OF[k], locale)}<span>{escape(track_name(k, locale))}</span> '
        f'<b>{s["tracks"].get(k, 0)}</b></li>' for k in TRACKS)
    tableau = s.get("tableau") or []
    mine = seat == view.get("viewer")  # the viewer's own board carries their choices
    cards = "".join(f"<li>{pieces.card(cid, cls='card mini', acts=mine)}</li>"
                    for cid in tableau)
    colonies = "".join(
        "<li>" + pieces.colony(f"{seat}-{i}", t(locale, "web.colony", level=c["level"]),
                               c["level"], c["front"], c.get("back") if c["integrated"] else None)
        + "</li>" for i, c in enumerate(s.get("colonies") or []))
    statues = "".join(f"<li>{pieces.statue_space(i + 1, carved, acts=mine)}</li>"
                      for i, carved in enumerate(s.get("statues") or []))
    medals = [pieces.medal("silver", t(locale, "web.medal.silver",
                                       colour=colour_name(colour, locale)), colour)
              for colour in s.get("silver_medals") or []]
    if s.get("gold_medals"):
        medals.append(pieces.medal("gold", t(locale, "web.medal.gold", count=s["gold_medals"])))
    tiles = ", ".join(f"{escape(colour_name(c, locale))} {n}"
                      for c, n in (s.get("bonus_tiles") or {}).items() if n)
    sections = [
        f'<h4>{t(locale, "web.cards", count=len(tableau))}</h4>'
        + (f'<ul class="cards minis">{cards}</ul>' if cards else ""),
        f'<h4>{t(locale, "web.colonies")}</h4>'
        + (f'<ul class="tiles">{colonies}</ul>' if colonies
           else f'<p class="none">{t(locale, "web.none")}</p>'),
        f'<h4>{t(locale, "web.statues")}</h4><ul class="tiles statues">{statues}</ul>',
        f'<h4>{t(locale, "web.medals")}</h4>'
        + (f'<ul class="tiles">{"".join(f"<li>{m}</li>" for m in medals)}</ul>' if medals
           else f'<p class="none">{t(locale, "web.none")}</p>'),
        f'<p class="bonus">{t(locale, "web.tiles")}: {tiles or t(locale, "web.none")}</p>',
    ]
    return (f'<article class="seat seat-{seat % 5}" aria-labelledby="seat-{seat}">'
            f'<h3 id="seat-{seat}">{icon(f"seat-{seat % 5}")}{escape(s["name"])}{you}{marks}</h3>'
            f'<p class="sums">{icon("crown")}{t(locale, "web.points", points=points)} · '
            f'{icon("coin")}{t(locale, "web.coins", coins=s["coins"])}</p>'
            f'<ul class="tracks">{tracks}</ul>{"".join(sections)}</article>')


SCORE_ROWS = ("colonies", "statues", "silver_medals", "gold_medals", "cards", "purple_sets",
              "coins", "total")


def _scores(state: TableState, locale: str) -> str:
    """The score sheet: a row per category, a column per player (best first); final once the
    game is over, so far before."""
    view = state.view
    seats = view["seats"]
    if not any(s.get("score") for s in seats):
        return ""
    order = sorted(range(view["n"]), key=lambda i: (-(seats[i]["score"] or {}).get("total", 0),
                                                     -seats[i]["coins"], i))
    head = "".join(f'<th scope="col">{icon(f"seat-{i % 5}")}{escape(seats[i]["name"])}'
                   + (icon("crown", translate(locale, "image.scores.winner"))
                      if i in (view.get("winners") or []) else "") + "</th>" for i in order)
    rows = "".join(
        f'<tr{" class=total" if row == "total" else ""}><th scope="row">'
        f'{t(locale, f"image.scores.category.{row}")}</th>'
        + "".join(f"<td>{(seats[i]['score'] or {}).get(row, 0)}</td>" for i in order)
        + "</tr>" for row in SCORE_ROWS)
    caption = t(locale, "image.scores.final" if view["over"] else "image.scores.so.far")
    return (f'<section class="scores" aria-labelledby="scores"><h2 id="scores">{caption}</h2>'
            f'<div class="sheet"><table><thead><tr><td></td>{head}</tr></thead>'
            f"<tbody>{rows}</tbody></table></div>"
            f'<p class="note">{t(locale, "image.scores.ranked")}</p></section>')


def _news(state: TableState, locale: str) -> str:
    """The news, newest first: one item per event (an event's lines stay together)."""
    events = [[line for line in describe(dict(event), list(state.names), state.catalog, locale)
               if line.strip()] for event in state.events]
    items = "".join("<li>" + "<br>".join(escape(line) for line in lines) + "</li>"
                    for lines in reversed(events) if lines)
    body = f'<ol class="news" reversed>{items}</ol>' if items else \
        f'<p>{t(locale, "web.news.none")}</p>'
    return (f'<section class="happened" aria-labelledby="news"><h2 id="news">'
            f'{t(locale, "web.news")}</h2>{body}</section>')


class Part(NamedTuple):
    """A part of the page the live script may replace alone: the hash of what it holds, and
    its HTML in a wrapper that takes no room (``display: contents``)."""

    hash: str
    html: str


def _part(name: str, html: str) -> tuple[str, Part]:
    digest = hashlib.blake2b(html.encode("utf-8"), digest_size=5).hexdigest()
    return name, Part(digest, f'<div class="part" data-part="{name}" data-hash="{digest}">'
                              f"{html}</div>")


def parts(state: TableState, locale: str, acting: Acting | None = None,
          notice: str | None = None, tip: str | None = None,
          queue: QueueState | None = None) -> dict[str, Part]:
    """The page's ``<main>`` as named parts in document order (web/live.js redraws only those
    that changed): what became of the last choice, the viewer's own part, the table, each
    seat, the scores, the news and every piece's text. With ``acting`` the viewer's choices
    are buttons of its form; ``notice``: a refusal in words; ``tip``: a hint."""
    view = state.view
    choices = place(state, locale, acting)
    pieces = Pieces(state.catalog, locale, _prices(view),
                    acts={where: choices.here(where) for where in choices.at},
                    picks=choices.picks)
    said = f'<p class="notice" role="alert">{escape(notice)}</p>' if notice else ""
    if tip:
        said += f'<p class="tip" role="status">{escape(tip)}</p>'
    mine = _mine(state, pieces, locale, choices,
                 tools(state, locale, acting) + plan_box(queue, locale, acting))
    table = _table(state, pieces, locale, choices)
    seats = [_seat(state, s, pieces, locale) for s in range(view["n"])]
    scores = _scores(state, locale)
    out = dict([_part("said", said), _part("mine", mine), _part("table", table)])
    out.update(_part(f"seat-{s}", html) for s, html in enumerate(seats))
    out.update([_part("scores", scores), _part("news", _news(state, locale))])
    out.update(_part(f"pop-{pid}", html) for pid, html in pieces.popovers.items())
    return out


def assemble(state: TableState, locale: str, p: dict[str, Part]) -> str:
    """``<main>`` from its parts."""
    seats = "".join(part.html for name, part in p.items() if name.startswith("seat-"))
    pops = "".join(part.html for name, part in p.items() if name.startswith("pop-"))
    scores = p["scores"].html
    first, last = (scores, "") if state.view["over"] else ("", scores)
    return (f'<main id="main">{first}{p["said"].html}{p["mine"].html}<div class="board">'
            f'{p["table"].html}<section class="players" aria-labelledby="players">'
            f'<h2 id="players">{t(locale, "web.players")}</h2><div class="seats">{seats}</div>'
            f'</section></div>{last}{p["news"].html}<div class="popovers">{pops}</div></main>')


def game_page(state: TableState, locale: str, *, socket: str | None = None,
              here: str | None = None, acting: Acting | None = None,
              notice: str | None = None, tip: str | None = None,
              queue: QueueState | None = None, elsewhere: Elsewhere | None = None) -> str:
    """The whole page of the game as its ``view`` shows it (its ``viewer``'s seat, if any);
    ``socket`` the path of its live socket (default: the player's), ``here`` its own path
    (for the language switch), ``acting`` the viewer's form (their choices are buttons),
    ``notice`` what became of their last choice."""
    view, game_id = state.view, state.game_id
    heading = t(locale, "web.title", id=game_id)
    data_socket = f' data-socket="{escape(socket)}"' if socket else ""
    p = parts(state, locale, acting, notice, tip, queue)
    return (
        f'<!doctype html><html lang="{escape(locale)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{heading}</title>"
        '<link rel="stylesheet" href="/static/page.css">'
        '<link rel="icon" href="/static/icon.svg" type="image/svg+xml">'
        '<script src="/static/live.js" defer></script></head>'
        f'<body data-game="{game_id}" data-version="{view["version"]}" '
        f'data-mark="{mark(view)}"{data_socket}>'
        f'<a class="skip" href="#main">{t(locale, "web.skip")}</a>{sprite()}'
        f"{header(state, locale, here, elsewhere)}{assemble(state, locale, p)}"
        "</body></html>")


def mark(view: ViewData) -> str:
    """What the viewer's own part of ``view`` holds, in ten hex digits ("" for a spectator):
    a hidden choice (a pick, a feeding, the seat's next decision) changes it and not the
    view's version. A page says both on connecting its socket, which tells it at once when
    either differs from the service's (a change between the page's drawing and its socket
    is not lost)."""
    private = view.get("private")
    if private is None:
        return ""
    text = json.dumps(private, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=5).hexdigest()


def message_page(text: str, locale: str) -> str:
    """A page saying one thing (a refusal)."""
    return (f'<!doctype html><html lang="{escape(locale)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<title>Hadara</title><link rel="stylesheet" href="/static/page.css">'
            '<link rel="icon" href="/static/icon.svg" type="image/svg+xml"></head>'
            f'<body><main><p class="message">{escape(text)}</p></main></body></html>')
