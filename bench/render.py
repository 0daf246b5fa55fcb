"""Benchmark: time to produce each image for 5 players, and its PNG encode floor.

    python bench/render.py [--json] [--repeat N]

For each image, from a fresh view (a new deep copy per render, nothing of a previous render
kept) to PNG bytes; and, in the same run, the time to encode the finished image alone with the
encoder and settings the renderer uses (``rendering.canvas.png_bytes``): the floor for
producing that file. Prints both (medians), their ratio and the PNG size.

"board" is the table image plus the players image, as the bot posts them. Fonts, font
coverage and icon sprites are loaded once per process (like the catalog); the first, cold
render is reported separately as ``cold_board_ms``.
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hadara.content import default_catalog  # noqa: E402
from hadara.rng import Rng  # noqa: E402
from hadara.views import view  # noqa: E402
from rendering import default_fonts, draw_hand, draw_players, draw_scores, draw_table  # noqa: E402
from rendering.canvas import Canvas, png_bytes  # noqa: E402
from rendering.sample import at, new_game, play_until  # noqa: E402

PLAYERS = 5
SEED = 3
View = dict[str, Any]


def views() -> dict[str, View]:
    """The busiest moments of a 5-player game: Phase B of epoch II, a draft hand, the end."""
    game = new_game(PLAYERS, SEED)
    rng = Rng(SEED)
    play_until(game, rng, at(2, "draft", 2))
    hand = view(game, game.waiting_on()[0])
    play_until(game, rng, at(2, "phase_b", PLAYERS + 1))
    board = view(game, None)
    play_until(game, rng, lambda g: g.is_over)
    return {"board": board, "hand": hand, "scores": view(game, None)}


def measure(draws: list[Callable[[View], Canvas]], source: View, repeat: int) -> dict[str, float]:
    """Median ms of view -> PNG for the images together, and of encoding them alone."""
    full, floor = [], []
    size = 0
    for _ in range(repeat):
        fresh = copy.deepcopy(source)
        t0 = time.perf_counter()
        canvases = [draw(fresh) for draw in draws]
        pngs = [png_bytes(cv.image) for cv in canvases]
        t1 = time.perf_counter()
        for cv in canvases:
            png_bytes(cv.image)
        t2 = time.perf_counter()
        full.append((t1 - t0) * 1000)
        floor.append((t2 - t1) * 1000)
        size = sum(len(p) for p in pngs)
    ms, fl = statistics.median(full), statistics.median(floor)
    return {"ms": round(ms, 2), "encode_floor_ms": round(fl, 2), "ratio": round(ms / fl, 2),
            "bytes": size}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--repeat", type=int, default=21, help="renders per image (median)")
    args = parser.parse_args(argv)
    cat, fonts = default_catalog(), default_fonts()
    v = views()

    def table(x: View) -> Canvas:
        return draw_table(x, cat, fonts)

    def players(x: View) -> Canvas:
        return draw_players(x, cat, fonts)

    t0 = time.perf_counter()
    png_bytes(table(copy.deepcopy(v["board"])).image)
    png_bytes(players(copy.deepcopy(v["board"])).image)
    cold = (time.perf_counter() - t0) * 1000
    results = {
        "board": measure([table, players], v["board"], args.repeat),
        "table": measure([table], v["board"], args.repeat),
        "players": measure([players], v["board"], args.repeat),
        "hand": measure([lambda x: draw_hand(x, cat, fonts)], v["hand"], args.repeat),
        "scores": measure([lambda x: draw_scores(x, cat, fonts)], v["scores"], args.repeat),
    }
    flat: dict[str, float | int] = {"players": PLAYERS, "repeat": args.repeat,
                                    "cold_board_ms": round(cold, 2)}
    for name, r in results.items():
        flat[f"{name}_ms"] = r["ms"]
        flat[f"{name}_encode_floor_ms"] = r["encode_floor_ms"]
        flat[f"{name}_ratio"] = r["ratio"]
        flat[f"{name}_bytes"] = r["bytes"]
    if args.json:
        print(json.dumps(flat))
        return 0
    print(f"{PLAYERS} players, median of {args.repeat} renders (view -> PNG) "
          f"and encodes of the finished image")
    print(f"{'image':<8} {'render ms':>10} {'encode ms':>10} {'ratio':>6} {'bytes':>9}")
    for name, r in results.items():
        print(f"{name:<8} {r['ms']:>10.1f} {r['encode_floor_ms']:>10.1f} {r['ratio']:>6.2f} "
              f"{r['bytes']:>9}")
    print(f"first (cold) board render: {cold:.0f} ms (fonts and icons loaded once)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
