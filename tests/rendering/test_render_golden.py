"""Golden images: fixed views rendered with the shipped fonts only (so no machine's fonts
matter), compared with a small tolerance for FreeType differences between Pillow builds.

The views are stored as JSON next to the images, and the content they were made with is stored
in golden/data/, so neither an engine change nor a retune of data/ can move them. To
regenerate after a deliberate change of the pictures (then look at them before committing):

    HADARA_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/rendering/test_render_golden.py
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from hadara.content import DATA_FILES, DEFAULT_DATA_DIR, Catalog, load_catalog
from hadara.rng import Rng
from hadara.views import view
from rendering import FontBook, draw_hand, draw_players, draw_scores, draw_table
from rendering.sample import at, new_game, play_until

GOLDEN = Path(__file__).resolve().parent / "golden"
VIEWS = GOLDEN / "views.json"
GOLDEN_DATA = GOLDEN / "data"
UPDATE = os.environ.get("HADARA_UPDATE_GOLDEN") == "1"
SHIPPED_ONLY = FontBook(system=False)
NAMES = ["Amira", "Zoë", "ハダラ", "🐉 Drake", "Bahram the Magnificent"]
#: Tolerance, for FreeType differences between Pillow builds: the mean channel difference
#: (0-255) over the image, and in every 32 px square the share of pixels differing by more than
#: 64 (one changed number concentrates there; anti-aliasing noise spreads thin).
MEAN_DIFF = 3.0
TILE = 32
TILE_SHARE = 0.04

CASES = {
    "table.png": (draw_table, "board"),
    "players.png": (draw_players, "board"),
    "hand.png": (draw_hand, "hand"),
    "scores.png": (draw_scores, "end"),
}


def make_views() -> dict:
    game = new_game(5, 3, names=NAMES)
    rng = Rng(3)
    play_until(game, rng, at(2, "draft", 1))
    hand = view(game, game.waiting_on()[0])
    play_until(game, rng, at(2, "phase_b", 6))
    board = view(game, None)
    play_until(game, rng, lambda g: g.is_over)
    return {"board": board, "hand": hand, "end": view(game, None)}


def difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """(mean channel difference, worst share of strongly differing pixels in a tile)."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    hist = diff.histogram()  # 3 x 256 bins
    mean = sum(i * n for c in range(3) for i, n in enumerate(hist[c * 256:(c + 1) * 256]))
    strong = diff.convert("L").point(lambda v: 255 if v > 64 else 0)
    worst = 0
    for y in range(0, a.height, TILE):
        for x in range(0, a.width, TILE):
            worst = max(worst, strong.crop((x, y, x + TILE, y + TILE)).histogram()[255])
    return mean / (3 * a.width * a.height), worst / (TILE * TILE)


def matches(a: Image.Image, b: Image.Image) -> bool:
    mean, worst = difference(a, b)
    return a.size == b.size and mean <= MEAN_DIFF and worst <= TILE_SHARE


@pytest.fixture(scope="module")
def golden_cat() -> Catalog:
    """The content the golden views were made with (a copy of data/ at that time)."""
    if UPDATE:
        GOLDEN_DATA.mkdir(parents=True, exist_ok=True)
        for name in DATA_FILES:
            shutil.copy(DEFAULT_DATA_DIR / name, GOLDEN_DATA / name)
    return load_catalog(GOLDEN_DATA)


@pytest.fixture(scope="module")
def views(golden_cat: Catalog) -> dict:
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        data = make_views()
        VIEWS.write_text(json.dumps({"content_version": golden_cat.version, "views": data},
                                    ensure_ascii=False, indent=1))
    stored = json.loads(VIEWS.read_text())
    assert stored["content_version"] == golden_cat.version, "golden views and data disagree"
    return stored["views"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_image(views, golden_cat, name):
    draw, key = CASES[name]
    image = draw(views[key], golden_cat, SHIPPED_ONLY).image
    path = GOLDEN / name
    if UPDATE:
        image.save(path, optimize=True)
    golden = Image.open(path)
    assert golden.size == image.size
    assert matches(golden, image), (name, difference(golden, image))


def test_tolerance_catches_one_changed_number(views, golden_cat):
    """The comparison is strict enough to notice a single wrong value on the board."""
    golden = Image.open(GOLDEN / "players.png")
    for field in ("coins", "tracks"):
        changed = json.loads(json.dumps(views["board"]))
        if field == "coins":
            changed["seats"][0]["coins"] += 7
        else:
            changed["seats"][2]["tracks"]["culture"] += 1
        assert not matches(golden, draw_players(changed, golden_cat, SHIPPED_ONLY).image), field
