"""Benchmark: time to produce each image for 5 players, and its PNG encode floor.

    python bench/render.py [--json] [--repeat N]

For each image, from a fresh view (a new deep copy per render, nothing of a previous render
kept) to PNG bytes; and, in the same run, the time to encode the finished image alone with the
encoder and settings the renderer uses (``rendering.canvas.png_bytes``): the floor for
producing that file. Prints both (medians), their ratio, the PNG size and the image height
(every image is 800 px wide).

Images, all from the sample game (``rendering.sample.play_sample(5, 3)``):

- ``board``: the table image plus the players image in Phase B of epoch II, as the bot posts
  them; ``table`` and ``players`` are its two halves (``table`` = ``table_play``);
- ``table_play``, ``table_focus`` (the colonies after Phase A of epoch II), ``table_final``
  (the standings at the end): the table's three layouts;
- ``scores`` (final), ``reveal`` (a Phase-A round revealed);
- ``decision_<kind>`` for each of the eight private decision images; ``hand`` is
  ``decision_draft`` under its former name;
- ``recap``: the end-of-game recap (``rendering.recap``), an animated GIF of four frames
  (the boards at the end of each epoch, the final standings) from the views at those moments
  of a simple-policy 5-player game (seed 3); its floor is the GIF encode of the finished
  frames (palette quantising included), and ``recap_replay_ms`` the service's replay that
  finds those views (``bot.service.images.recap_views``);
- ``replay_step``: a step of the replay viewer: the position halfway through that game rebuilt
  from its setup, seed and log (``bot.service.replay.walk``, timed with the pictures), then the
  board's two pictures from its spectator view (the goal: within 3× its encode floor).

Fonts, font coverage and icon sprites are loaded once per process (like the catalog); the
first, cold render is reported separately as ``cold_board_ms``.
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
from rendering import (  # noqa: E402
    default_fonts,
    draw_hand,
    draw_players,
    draw_reveal,
    draw_scores,
    draw_table,
)
from rendering.canvas import Canvas, png_bytes  # noqa: E402
from rendering.sample import KINDS, play_sample  # noqa: E402

PLAYERS = 5
SEED = 3
Source = dict[str, Any]  # a view, or {"event": …, "view": …} for the reveal


def sources() -> dict[str, Source]:
    """The views of the sample game: boards by moment, decisions by kind, the reveal."""
    sample = play_sample(PLAYERS, SEED)
    missing = sample.missing()
    if missing or sample.reveal is None:
        raise RuntimeError(f"the sample game lacks {missing or 'a round reveal'}")
    out: dict[str, Source] = {f"board:{k}": v for k, v in sample.boards.items()}
    out.update({f"decision:{k}": v for k, v in sample.decisions.items()})
    event, after = sample.reveal
    out["reveal"] = {"event": event, "view": after}
    return out


def measure(draws: list[Callable[[Source], Canvas]], source: Source,
            repeat: int) -> dict[str, float]:
    """Median ms of view -> PNG for the images together, and of encoding them alone."""
    full, floor = [], []
    size = height = 0
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
        height = sum(cv.image.height for cv in canvases)
    ms, fl = statistics.median(full), statistics.median(floor)
    return {"ms": round(ms, 2), "encode_floor_ms": round(fl, 2), "ratio": round(ms / fl, 2),
            "bytes": size, "height": height}


def recap_sources() -> tuple[list[Source], float]:
    """The spectator views at each epoch's end of a finished 5-player game, and the median ms
    of the service's replay that finds them."""
    from bot.service.images import recap_views
    from hadara import driver
    from hadara.demo import simple_policy, with_rng
    from hadara.rng import Rng
    from rendering.sample import new_game

    game = new_game(PLAYERS, SEED)
    driver.play(game, with_rng(simple_policy, Rng(SEED)))
    assert game.setup is not None and game.log is not None
    setup, log = game.setup.to_dict(), list(game.log)
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        views = recap_views(setup, game.seed, log, game.catalog)
        times.append((time.perf_counter() - t0) * 1000)
    return views, statistics.median(times)


def measure_recap(views: list[Source], repeat: int) -> dict[str, float]:
    """Median ms of views -> recap GIF, and of encoding its finished frames alone."""
    from rendering.recap import draw_recap, durations, gif_bytes

    cat, fonts = default_catalog(), default_fonts()
    full, floor = [], []
    size = height = 0
    for _ in range(repeat):
        fresh = copy.deepcopy(views)
        t0 = time.perf_counter()
        frames = [f.image for f in draw_recap(fresh, cat, fonts)]
        data = gif_bytes(frames, durations(len(frames)))
        t1 = time.perf_counter()
        gif_bytes(frames, durations(len(frames)))
        t2 = time.perf_counter()
        full.append((t1 - t0) * 1000)
        floor.append((t2 - t1) * 1000)
        size, height = len(data), frames[0].height
    ms, fl = statistics.median(full), statistics.median(floor)
    return {"ms": round(ms, 2), "encode_floor_ms": round(fl, 2), "ratio": round(ms / fl, 2),
            "bytes": size, "height": height}


def replay_job(cat: Any, fonts: Any) -> tuple[list[Callable[[Source], Canvas]], Source]:
    """The replay viewer's step: rebuild the position halfway through a finished game from its
    log, then draw the board's two pictures of it."""
    from bot.service.replay import walk
    from hadara import driver
    from hadara.demo import simple_policy, with_rng
    from hadara.rng import Rng
    from rendering.sample import new_game

    game = new_game(PLAYERS, SEED)
    driver.play(game, with_rng(simple_policy, Rng(SEED)))
    log = list(game.log or ())

    def rebuilt_table(x: Source) -> Canvas:
        _, found = walk(game, log, [x["step"]], finished=True, outline=False)
        x["view"] = found[x["step"]].view
        return draw_table(x["view"], cat, fonts)

    def rebuilt_players(x: Source) -> Canvas:
        return draw_players(x["view"], cat, fonts)

    return [rebuilt_table, rebuilt_players], {"step": len(log) // 2}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--repeat", type=int, default=21, help="renders per image (median)")
    args = parser.parse_args(argv)
    cat, fonts = default_catalog(), default_fonts()
    src = sources()

    def table(x: Source) -> Canvas:
        return draw_table(x, cat, fonts)

    def players(x: Source) -> Canvas:
        return draw_players(x, cat, fonts)

    def hand(x: Source) -> Canvas:
        return draw_hand(x, cat, fonts)

    def reveal(x: Source) -> Canvas:
        return draw_reveal(x["event"], x["view"], cat, fonts)

    def scores(x: Source) -> Canvas:
        return draw_scores(x, cat, fonts)

    play, focus, end = (src[f"board:{m}"] for m in ("epoch2-phaseB", "epoch2-colony", "end"))
    t0 = time.perf_counter()
    png_bytes(table(copy.deepcopy(play)).image)
    png_bytes(players(copy.deepcopy(play)).image)
    cold = (time.perf_counter() - t0) * 1000
    jobs: dict[str, tuple[list[Callable[[Source], Canvas]], Source]] = {
        "board": ([table, players], play),
        "table": ([table], play),
        "table_play": ([table], play),
        "table_focus": ([table], focus),
        "table_final": ([table], end),
        "players": ([players], play),
        "scores": ([scores], end),
        "reveal": ([reveal], src["reveal"]),
        "hand": ([hand], src["decision:draft"]),
    }
    for kind in KINDS:
        jobs[f"decision_{kind}"] = ([hand], src[f"decision:{kind}"])
    jobs["replay_step"] = replay_job(cat, fonts)
    results = {name: measure(draws, source, args.repeat)
               for name, (draws, source) in jobs.items()}
    recap_views, replay_ms = recap_sources()
    results["recap"] = measure_recap(recap_views, max(1, args.repeat // 3))
    flat: dict[str, float | int] = {"players": PLAYERS, "repeat": args.repeat,
                                    "cold_board_ms": round(cold, 2),
                                    "recap_replay_ms": round(replay_ms, 2)}
    for name, r in results.items():
        for key, value in r.items():
            flat[f"{name}_{key}"] = value
    if args.json:
        print(json.dumps(flat))
        return 0
    print(f"{PLAYERS} players, median of {args.repeat} renders (view -> PNG) "
          f"and encodes of the finished image")
    print(f"{'image':<20} {'render ms':>10} {'encode ms':>10} {'ratio':>6} {'KB':>6} "
          f"{'height':>7}")
    for name, r in results.items():
        print(f"{name:<20} {r['ms']:>10.1f} {r['encode_floor_ms']:>10.1f} {r['ratio']:>6.2f} "
              f"{r['bytes'] / 1024:>6.0f} {r['height']:>7}")
    print(f"first (cold) board render: {cold:.0f} ms (fonts and icons loaded once)")
    print(f"recap: 4 frames (GIF; height is one frame's), {args.repeat // 3 or 1} renders; "
          f"its replay of the log: {replay_ms:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
