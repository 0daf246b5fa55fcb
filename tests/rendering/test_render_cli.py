"""``python -m rendering sample``: the images of a sample game, each a PNG under 1 MB."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from rendering.__main__ import main
from rendering.sample import KINDS

MOMENTS = ("epoch1-phaseA", "epoch2-colony", "epoch2-phaseB", "end")


@pytest.mark.parametrize("players,seed", [(5, 3), (2, 1)])
def test_sample_writes_boards_decisions_reveal_and_scores(tmp_path, capsys, players, seed):
    out = tmp_path / "out"
    assert main(["sample", "--players", str(players), "--seed", str(seed),
                 "--out", str(out)]) == 0
    names = {p.name for p in out.iterdir()}
    for moment in MOMENTS:
        assert {f"board-{moment}-table.png", f"board-{moment}-players.png"} <= names
    assert {"board.png", "decision-draft.png", "reveal.png", "scores.png"} <= names
    for path in out.iterdir():
        data = path.read_bytes()
        assert len(data) < 1_000_000, path.name
        img = Image.open(io.BytesIO(data))
        assert img.format == "PNG" and img.width == 800
    printed = capsys.readouterr().out
    assert printed.count(".png") == len(names)


def test_sample_takes_player_names(tmp_path):
    out = tmp_path / "named"
    assert main(["sample", "--players", "3", "--seed", "2", "--names", "Zoë", "ハダラ",
                 "🐉 Drake", "--out", str(out)]) == 0
    assert (out / "scores.png").exists()
    with pytest.raises(SystemExit):
        main(["sample", "--players", "3", "--names", "Solo", "--out", str(out)])


def test_sample_takes_fonts_and_strict_text_as_flags(tmp_path, capsys):
    """Rendering reads no environment: extra fonts and strict text are flags of the CLI."""
    import rendering
    from rendering.canvas import strict_mode
    from rendering.fonts import SHIPPED

    fonts = tmp_path / "fonts"
    fonts.mkdir()
    (fonts / "Extra.ttf").symlink_to(SHIPPED[False])
    unknown = "\U00010fff x"  # an unassigned code point: no font has it
    try:
        assert main(["sample", "--players", "2", "--seed", "1", "--fonts", str(fonts),
                     "--strict-text", "--out", str(tmp_path / "ok")]) == 0
        assert rendering.default_fonts().extra == (fonts,)
        assert not strict_mode()  # strict for the run only
        capsys.readouterr()
        assert main(["sample", "--players", "2", "--seed", "1", "--strict-text",
                     "--names", unknown, "Bob", "--out", str(tmp_path / "strict")]) == 1
        assert "no glyph" in capsys.readouterr().err
        assert main(["sample", "--players", "2", "--seed", "1", "--names", unknown, "Bob",
                     "--out", str(tmp_path / "lenient")]) == 0
    finally:
        rendering.configure(font_paths=())


def test_render_benchmark_prints_the_board_figures(capsys):
    """bench/render.py --json: the keys the issue asks for (figures are not judged here)."""
    import importlib.util
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "bench" / "render.py"
    spec = importlib.util.spec_from_file_location("bench_render", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--json", "--repeat", "1"]) == 0
    figures = json.loads(capsys.readouterr().out)
    for key in ("board_ms", "board_encode_floor_ms", "board_ratio", "board_bytes"):
        assert figures[key] > 0, key
    images = ["table_play", "table_focus", "table_final", "players", "scores", "reveal",
              *(f"decision_{k}" for k in KINDS)]
    for image in images:
        for field in ("ms", "encode_floor_ms", "ratio", "bytes", "height"):
            assert figures[f"{image}_{field}"] > 0, (image, field)
        assert figures[f"{image}_bytes"] < 1_000_000, image
    assert figures["board_bytes"] < 1_000_000
    ratio = figures["board_ms"] / figures["board_encode_floor_ms"]
    assert abs(figures["board_ratio"] - ratio) < 0.02
