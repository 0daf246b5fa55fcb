"""bench/games_list.py at a toy size (four games): it seats one person in them, times
``games`` and ``next_turn``, and prints the keys docs/performance.md reports (no timing is
judged here)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "games_list.py"


def test_the_games_list_benchmark_prints_its_figures(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    spec = importlib.util.spec_from_file_location("bench_games_list", BENCH)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--games", "4", "--repeat", "2"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["config"] == {"games": 4, "repeat": 2}
    for key in ("games_ms", "next_turn_ms"):
        assert printed[key]["median"] >= 0 and printed[key]["worst"] >= printed[key]["median"]
    assert 0 < printed["waiting_on_her"] <= 4  # about half wait on her (a draft: both)
