"""The players image as a player board read at a glance: names stay whole where they fit and
distinguishable where they are cut, no text below the floor, the height in bounds for 2–5
players, no placeholder numbers (every number drawn is a value of the view), and the medal
spaces marked silver (S) and gold (G)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import pytest
from PIL import Image, ImageFont

from hadara.content import Catalog
from hadara.engine import Game
from hadara.rng import Rng
from hadara.views import view
from rendering import draw_players, theme
from rendering.canvas import ELLIPSIS, SQUEEZE_MIN, Canvas
from rendering.fonts import SHIPPED, FontBook
from rendering.names import fit_names
from rendering.players import players_height
from rendering.sample import at, new_game, play_until

SHIPPED_ONLY = FontBook(system=False)
LOOK_ALIKE = ["Alexander", "Alexandra", "Bahram the Magnificent", "Bahram the Merciful", "ハダラ"]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, int, str, bool]]]:
    """Every (text, size, role, bold) the canvas draws while the test runs."""
    log: list[tuple[str, int, str, bool]] = []
    original = Canvas.text

    def text(self: Canvas, x: float, y: float, text: str, size: int = theme.TEXT,
             **kw: object) -> float:
        log.append((text, size, str(kw.get("role", "text")), bool(kw.get("bold"))))
        return original(self, x, y, text, size, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(Canvas, "text", text)
    yield log


def game_at(players: int, seed: int, stop: str = "draft", epoch: int = 1,
            names: list[str] | None = None) -> Game:
    game = new_game(players, seed, names=names)
    assert play_until(game, Rng(seed), at(epoch, stop))
    return game


def name_strings(log: list[tuple[str, int, str, bool]], v: dict) -> list[str]:
    """The names as drawn: the bold words (not numbers, not ✓), in seat order."""
    return [t for t, _, role, bold in log
            if bold and role == "text" and not t.isdigit() and t != "✓"][:v["n"]]


def test_look_alike_long_names_stay_distinguishable(drawn):
    v = view(game_at(5, 4, names=LOOK_ALIKE), None)
    draw_players(v, *_args())
    names = name_strings(drawn, v)
    assert len(names) == 5
    for a, b in combinations(names, 2):
        assert a != b, names
    # Short names are whole; a cut name keeps its start and its end.
    for full, shown in zip(v["players"], names, strict=True):
        if full.startswith("Alexand"):
            assert shown == full
        elif shown != full:
            head, tail = shown.split(ELLIPSIS)
            assert full.startswith(head) and full.endswith(tail) and len(head) >= 5, shown


def test_names_use_the_room_they_have(drawn):
    v = view(game_at(2, 4, names=LOOK_ALIKE[2:4]), None)
    draw_players(v, *_args())
    assert name_strings(drawn, v) == v["players"]
    assert set(v["players"]) == set(LOOK_ALIKE[2:4])


def test_fitted_names_differ_even_in_little_room():
    cv = Canvas(theme.WIDTH, 100, SHIPPED_ONLY)
    for width in (80, 100, 130):
        fitted = fit_names(cv, ["Alexander", "Alexandra", "Alexandros"], [width] * 3)
        assert len({n for n, _ in fitted}) == 3, (width, fitted)
        for n, size in fitted:
            assert size >= theme.MIN_TEXT and cv.measure(n, size, True) * SQUEEZE_MIN <= width
            # whole when squeezing to SQUEEZE_MIN makes it fit, else cut in the middle
            assert (ELLIPSIS in n) == (width < 120), (width, n)
    assert fit_names(cv, ["Zoë", "Zoë"], [200, 200]) == [("Zoë", theme.TEXT)] * 2
    assert fit_names(cv, ["Bahram the Magnificent"], [350]) == [
        ("Bahram the Magnificent", theme.MIN_TEXT)]


def digit_height(size: float, bold: bool) -> float:
    font = ImageFont.truetype(str(SHIPPED[bold]), 1000)
    return min(-font.getbbox(d, anchor="ls")[1] for d in "0123456789") * size / 1000


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_height_in_bounds_and_text_above_the_floor(cat: Catalog, players: int):
    for stop, epoch in (("draft", 1), ("phase_b", 2), ("medals", 3)):
        cv = draw_players(view(game_at(players, 20 + players, stop, epoch), None), cat,
                          SHIPPED_ONLY)
        w, h = cv.image.size
        assert w == theme.WIDTH and h == players_height(players) <= 0.85 * w
        scale = theme.display_scale(w, h)
        for size in cv.sizes["text"] | cv.sizes["glyph"]:
            assert size >= theme.MIN_TEXT
            assert size * scale >= theme.MIN_DISPLAY_PX


def view_numbers(v: dict, cat: Catalog) -> set[str]:
    """Every number a panel may show: tracks, card counts, coins, scores, and the points of
    held colonies and carved statues."""
    out: set[int] = set()
    for s in v["seats"]:
        out |= set(s["tracks"].values()) | set(s["cards_by_colour"].values())
        out |= {s["coins"], s["score"]["total"]}
        for c in s["colonies"]:
            out.add(c["back"]["points"] if c["integrated"] else c["front"]["points"])
        for space, placed in zip(cat.statues, s["statues"], strict=True):
            if placed:
                out.add(space.points + (space.extra_points if placed["side"] == "points" else 0))
    return {str(n) for n in out}


def test_no_placeholder_numbers_in_epoch_one(drawn, cat: Catalog):
    v = view(game_at(5, 3), None)
    assert not any(s["colonies"] or any(s["statues"]) for s in v["seats"])
    draw_players(v, cat, SHIPPED_ONLY)
    numbers = {t for t, _, _, _ in drawn if t.isdigit()}
    assert numbers <= view_numbers(v, cat)
    # Unheld colony levels and uncarved statue requirements are not written out.
    for level in ("21", "30", "20"):
        assert level not in numbers or level in view_numbers(v, cat)


def test_every_number_drawn_is_a_value_of_the_view(drawn, cat: Catalog):
    game = new_game(5, 3)
    play_until(game, Rng(3), lambda g: g.is_over)
    v = view(game, None)
    draw_players(v, cat, SHIPPED_ONLY)
    assert {t for t, _, _, _ in drawn if t.isdigit()} <= view_numbers(v, cat)


def has_colour(img: Image.Image, rgb: tuple[int, int, int], tol: int = 6) -> bool:
    return any(all(abs(a - b) <= tol for a, b in zip(px, rgb, strict=True))
               for _, px in img.getcolors(1 << 20) or [])


def test_medal_spaces_marked_silver_and_gold(drawn, cat: Catalog):
    """Free spaces are rings in their metal, placed medals discs; a silver medal shows the
    shape of its tile's track in the track's colour. No letters: at this size they would be
    under the legibility floor (the key names the medals in words)."""
    game = game_at(3, 7)
    game.silver[0], game.gold[0] = ["red"], 1
    game.restore_derived()
    v = view(game, None)
    cv = draw_players(v, cat, SHIPPED_ONLY)
    assert not [t for t, _, role, _ in drawn if role == "glyph"]
    assert has_colour(cv.image, theme.SILVER) and has_colour(cv.image, theme.GOLD)
    other = view(game, None)
    other["seats"][0]["silver_medals"] = ["blue"]
    assert draw_players(other, cat, SHIPPED_ONLY).image.tobytes() != cv.image.tobytes()


def _args() -> tuple[Catalog, FontBook]:
    from hadara.content import default_catalog
    return default_catalog(), SHIPPED_ONLY
