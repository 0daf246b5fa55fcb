"""bench/web.py at a toy size (two games, a second of moves, no chromium): it runs over the
real service, web server and a clients' process, and prints the keys docs/performance.md
reports (figures are not judged here: no test asserts a timing)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "web.py"


def test_the_web_benchmark_prints_its_figures_and_goals(capsys, tmp_path):
    spec = importlib.util.spec_from_file_location("bench_web", BENCH)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "web.json"
    assert module.main(["--games", "2", "--sockets-per-game", "5", "--rate", "4",
                        "--seconds", "1", "--navigations", "0", "--out", str(out)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == json.loads(out.read_text())
    assert printed["config"]["sockets"] == 10
    for key in ("frame_p50_ms", "frame_p99_ms", "frame_max_ms", "pairs", "missed"):
        assert key in printed["frames"], key
    assert printed["frames"]["pairs"] > 0 and printed["frames"]["frame_n"] > 0
    for key in ("bytes_per_update_per_socket_raw", "bytes_per_update_per_socket_sent",
                "frame_wire_per_update_per_socket", "redraws"):
        assert key in printed["bytes"], key
    for run in ("with_sockets", "without_sockets"):
        assert printed["submit"][run]["n"] > 0
    assert "p99_ratio" in printed["submit"]
    for name in ("page.css", "live.js", "icon.svg", "static_total", "page_player",
                 "page_spectator"):
        assert printed["sizes"][name]["raw"] > printed["sizes"][name]["gzip"] > 0, name
    assert printed["navigation"] == {"skipped": "--navigations 0"}
    assert set(printed["goals"]) == {"frame_p99_ms", "bytes_per_update_per_socket",
                                     "submit_p99_ratio", "navigation_median_ms",
                                     "static_gzip_bytes"}
    assert printed["goals"]["navigation_median_ms"]["met"] is None
    assert all(goal["met"] in (True, False) for name, goal in printed["goals"].items()
               if name != "navigation_median_ms")
