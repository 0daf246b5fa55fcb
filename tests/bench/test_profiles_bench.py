"""bench/profiles.py at a toy size (eight games): it builds its season through the store,
computes profiles cold and warm, and prints the keys docs/performance.md reports (figures are
not judged here: no test asserts a timing)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "profiles.py"


def test_the_profiles_benchmark_prints_its_figures(capsys):
    spec = importlib.util.spec_from_file_location("bench_profiles", BENCH)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--games", "8", "--people", "5"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["config"]["games"] == 8
    for key in ("cold_ms", "warm_ms", "warm_other_ms", "one_new_game_ms", "lobby_ms"):
        assert printed[key] >= 0, key
    assert printed["profile"]["games"] > 0
    assert set(printed["profile"]["median_move"]) == {"live", "timed"}
