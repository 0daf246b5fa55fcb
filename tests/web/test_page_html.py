"""The page as HTML, pure (web/page.py, web/pieces.py, rendering/svg.py): for sample games at
several steps, in every language, for a seat and for a spectator — every id is unique, every
popover a piece opens and every icon it uses exist, every word comes from the catalogs (no
key shown raw), every seat's board is there with its cards, and a spectator's page holds no
seat's hand."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from html.parser import HTMLParser

import pytest

from bot.service.history import events_since
from bot.service.screens import TableState
from hadara import views
from hadara.engine import Game
from hadara.options import options
from hadara.rng import Rng
from hadara.words import card_name
from i18n import LOCALES, translate
from rendering.sample import at, new_game, play_until
from rendering.shapes import TRACK_SHAPE, shape_points
from rendering.svg import SYMBOLS, sprite
from web.page import game_page


class Parsed(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.targets: list[str] = []
        self.uses: list[str] = []
        self.symbols: list[str] = []
        self.text: list[str] = []
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(str(a["id"]))
        if a.get("popovertarget"):
            self.targets.append(str(a["popovertarget"]))
        if tag == "use":
            self.uses.append(str(a.get("href", "")).lstrip("#"))
        if tag == "symbol":
            self.symbols.append(str(a.get("id")))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(html: str) -> Parsed:
    p = Parsed()
    p.feed(html)
    return p


def state(game: Game, seat: int | None) -> TableState:
    view = views.view(game, seat) if seat is not None else views.spectator_view(game)
    log = list(game.log or [])
    events = events_since(game, log, max(0, len(log) - 12), False)
    opts = options(game, seat) if seat is not None and view["private"]["decision_id"] else []
    return TableState(7, "active", view, game.catalog, tuple(game.players), [],
                      tuple(events), opts)


STOPS: dict[str, Callable[[Game], bool]] = {
    "draft": at(1, "draft"), "phase_b": at(2, "phase_b"), "late": at(3, "medals")}


@pytest.fixture(scope="module", params=list(STOPS))
def game(request: pytest.FixtureRequest) -> Game:
    g = new_game(3, 11)
    play_until(g, Rng(5), STOPS[request.param])
    return g


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("seat", [0, None])
def test_the_page_is_whole_and_consistent(game: Game, locale: str, seat: int | None) -> None:
    html = game_page(state(game, seat), locale)
    p = parse(html)
    assert len(p.ids) == len(set(p.ids)), "an id twice"
    assert set(p.targets) <= set(p.ids), set(p.targets) - set(p.ids)
    assert set(p.uses) <= set(p.symbols), set(p.uses) - set(p.symbols)
    assert f'<html lang="{locale}">' in html
    text = " ".join(p.text)
    assert "web-" not in text and "image-" not in text and "table-" not in text  # raw keys
    view = views.view(game, seat) if seat is not None else views.spectator_view(game)
    for s in view["seats"]:
        assert s["name"] in text
        for cid in s["tableau"]:  # every card of every board opens its text
            assert f"card-{cid}" in p.targets and f"card-{cid}" in p.ids
            assert card_name(game.catalog, cid, locale) in text
    if seat is None:
        assert 'class="mine"' not in html
        for other in range(game.n):  # no seat's hand on the spectator's page
            for cid in views.view(game, other)["private"]["hand"]:
                assert cid not in html
    else:
        for cid in view["private"]["hand"]:
            assert f'popovertarget="card-{cid}"' in html


def test_a_card_opens_its_text_and_the_viewer_s_price() -> None:
    g = new_game(2, 3)
    play_until(g, Rng(2), at(1, "draft"))
    st = state(g, 0)
    html = game_page(st, "en")
    context = st.view["private"]["context"]
    assert context is not None and context["kind"] == "draft"
    for entry in context["cards"]:
        popover = html.split(f'id="card-{entry["card"]}"', 1)[1].split("</div>", 1)[0]
        card = g.catalog.cards[entry["card"]]
        assert f"Cost {card.cost}" in popover
        assert escape(translate("en", "web.price", buy=entry["buy"], sell=entry["sell"])) \
            in popover
    # a spectator sees the printed cost, never a seat's price
    assert "Your price" not in game_page(state(g, None), "en")


def test_the_svg_icons_are_the_pictures_shapes() -> None:
    """One artwork: the sprite's track shapes are the points Pillow draws."""
    svg = sprite()
    assert set(parse(svg).symbols) == {f"i-{name}" for name in SYMBOLS}
    for colour, shape in TRACK_SHAPE.items():
        pts = shape_points(shape)
        symbol = svg.split(f'id="i-track-{colour}"', 1)[1].split("</symbol>", 1)[0]
        if pts is None:
            assert "<circle" in symbol
        else:
            x, y = pts[0]
            assert f"{x * 100:.1f},{y * 100:.1f}" in symbol


def test_a_finished_game_opens_on_its_final_scores() -> None:
    g = new_game(4, 5)
    play_until(g, Rng(3), lambda game: False)  # to the end
    assert g.is_over
    view = views.view(g, 0)
    html = game_page(state(g, 0), "en")
    main = html.split('<main id="main">', 1)[1]
    assert main.startswith('<div class="part" data-part="scores"') and "Final scores" in main[:300]
    assert 'class="mine"' not in html  # no hand to show any more
    sheet = main.split("</table>", 1)[0]
    heads = sheet.split("<tbody>", 1)[0]
    totals = [s["score"]["total"] for s in view["seats"]]
    best = max(range(4), key=lambda i: (totals[i], view["seats"][i]["coins"]))
    assert heads.index(view["seats"][best]["name"]) == min(
        heads.index(s["name"]) for s in view["seats"])  # the winner's column first
    assert 'aria-label="winner"' in heads
    total_row = sheet.split('<tr class=total>', 1)[1].split("</tr>", 1)[0]
    cells = [int(cell.split("<", 1)[0]) for cell in total_row.split("<td>")[1:]]
    assert cells == sorted(totals, reverse=True)


def test_a_choice_on_its_card_names_the_card_for_a_screen_reader() -> None:
    """"Sell · +2" sits on the card; a screen reader hears the card's name too, after the
    visible words (which stay the start of its name, for voice control)."""
    from web.choices import Acting

    g = new_game(2, 3)
    play_until(g, Rng(2), at(1, "draft"))
    html = game_page(state(g, 0), "en", acting=Acting("x" * 64, "/g/7/act"))
    first = views.view(g, 0)["private"]["hand"][0]
    acts = html.split(f'popovertarget="card-{first}"', 1)[1].split('<div class="acts">', 1)[1]
    acts = acts.split("</div>", 1)[0]
    assert f'<span class="unseen"> · {card_name(g.catalog, first, "en")}</span>' in acts
