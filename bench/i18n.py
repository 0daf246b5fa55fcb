"""Benchmark: what speaking three languages costs.

    python bench/i18n.py [--json] [--games 3]

Prints figures, never asserts. For English, French and Japanese:

* **message**: µs per ``translate(lang, key, **params)`` of a bot message with parameters
  (``play.card.line``), and of a plural one (``md.back.done``);
* **describe**: µs per event when every event of ``--games`` whole five-player games (the
  engine's log, as the service words it for every accepted action) is worded by
  ``hadara.narrate.describe``; and the same per event with English from a cached dictionary
  lookup, the floor of any wording;
* **panel**: ms to build the private panel of a draft decision (``cogs.play.panels.build_panel``:
  every option labelled, every line worded);
* **images**: ms to draw the table and a decision image (the image with the most text) in
  each language, and the ratio to English (CJK runs fall back to the system Noto face).

The catalogs load once per process, like the content: the first ``translate`` is reported as
``cold_ms``.
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

import i18n  # noqa: E402
from hadara.driver import play  # noqa: E402
from hadara.engine import Game  # noqa: E402
from hadara.narrate import describe  # noqa: E402
from hadara.options import options  # noqa: E402
from hadara.rng import Rng  # noqa: E402
from hadara.views import view  # noqa: E402

LANGS = i18n.LOCALES


def per_call(fn: Callable[[], Any], repeat: int) -> float:
    """Median seconds of one call, over ``repeat`` batches of 200 calls."""
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(200):
            fn()
        runs.append((time.perf_counter() - t0) / 200)
    return statistics.median(runs)


def game_events(games: int) -> tuple[list[dict[str, Any]], list[list[str]], Any]:
    events, players, cat = [], [], None
    for seed in range(games):
        game = Game.new(["Ann", "Bo", "Cy", "Di", "Ed"], seed=seed, variant="advanced")
        log: list[dict[str, Any]] = list(game.opening.public)
        rng = Rng(seed)
        play(game, lambda g, d, rng=rng: rng.choice(d.actions),
             on_result=lambda res, log=log: log.extend(res.public))
        events.extend(log)
        players.extend([game.players] * len(log))
        cat = game.catalog
    return events, players, cat


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args(argv)
    out: dict[str, Any] = {}

    t0 = time.perf_counter()
    i18n.translate("en", "common.yes")
    out["cold_ms"] = round((time.perf_counter() - t0) * 1000, 1)
    for lang in LANGS:
        i18n.translate(lang, "common.yes")  # load each catalog before timing

    for lang in LANGS:
        out[f"message_{lang}_us"] = round(1e6 * per_call(lambda lang=lang: i18n.translate(
            lang, "play.card.line", name="Trader", colour="yellow", buy=2, sell=1),
            args.repeat), 2)
        out[f"plural_{lang}_us"] = round(1e6 * per_call(lambda lang=lang: i18n.translate(
            lang, "md.back.done", count=3), args.repeat), 2)

    events, players, cat = game_events(args.games)
    out["events"] = len(events)
    for lang in LANGS:
        runs = []
        for _ in range(max(3, args.repeat // 3)):
            t0 = time.perf_counter()
            for ev, names in zip(events, players, strict=True):
                describe(ev, names, cat, lang)
            runs.append((time.perf_counter() - t0) / len(events))
        out[f"describe_{lang}_us"] = round(1e6 * statistics.median(runs), 2)
    table = {ev["kind"]: f"{ev['kind']} line" for ev in events}
    t0 = time.perf_counter()
    for ev in events:
        table.get(ev["kind"])
    out["describe_floor_us"] = round(1e6 * (time.perf_counter() - t0) / len(events), 3)

    from cogs.play import panels as P
    from rendering import default_fonts, draw_hand, draw_table
    from rendering.sample import play_sample

    sample = play_sample(5, 3)
    draft = sample.decisions["draft"]
    game = Game.new(["Ann", "Bo", "Cy", "Di", "Ed"], seed=3)
    while game.step != "draft":
        seat = game.waiting_on()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    seat = game.waiting_on()[0]
    data, opts = view(game, seat), options(game, seat)
    fonts = default_fonts()
    board = sample.boards["epoch2-phaseB"]
    for lang in LANGS:
        with i18n.speaking(lang):
            out[f"panel_{lang}_ms"] = round(1000 * per_call(
                lambda: P.build_panel(1, seat, data, opts, card_name=P.card_namer(
                    game.catalog)), max(3, args.repeat // 5)) , 3)
        draws = {"table": lambda lang=lang: draw_table(copy.deepcopy(board), cat, fonts, lang),
                 "decision": lambda lang=lang: draw_hand(copy.deepcopy(draft), cat, fonts,
                                                         locale=lang)}
        for name, draw in draws.items():
            draw()  # warm: fonts and fallbacks loaded
            runs = []
            for _ in range(max(5, args.repeat // 2)):
                t0 = time.perf_counter()
                draw()
                runs.append(time.perf_counter() - t0)
            out[f"{name}_{lang}_ms"] = round(1000 * statistics.median(runs), 1)
    for name in ("table", "decision"):
        for lang in LANGS[1:]:
            out[f"{name}_{lang}_ratio"] = round(out[f"{name}_{lang}_ms"]
                                                / out[f"{name}_en_ms"], 2)
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"catalogs loaded (first translate): {out['cold_ms']} ms")
    print(f"{'':<28}" + "".join(f"{lang:>10}" for lang in LANGS))
    rows = [("message (µs)", "message_{}_us"), ("plural message (µs)", "plural_{}_us"),
            (f"describe, per event (µs, {out['events']} events)", "describe_{}_us"),
            ("draft panel built (ms)", "panel_{}_ms"), ("table image (ms)", "table_{}_ms"),
            ("draft decision image (ms)", "decision_{}_ms")]
    for title, key in rows:
        print(f"{title:<28}" + "".join(f"{out[key.format(lang)]:>10}" for lang in LANGS))
    print(f"floor of any wording (dict lookup per event): {out['describe_floor_us']} µs")
    print("image time vs English: " + ", ".join(
        f"{name} {lang} {out[f'{name}_{lang}_ratio']}" for name in ("table", "decision")
        for lang in LANGS[1:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
