"""``python -m rendering sample``: the images of a sample game, each a PNG under 1 MB."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from rendering.__main__ import main

MOMENTS = ("epoch1-phaseA", "epoch2-phaseB", "end")


@pytest.mark.parametrize("players,seed", [(5, 3), (2, 1)])
def test_sample_writes_board_hand_and_scores(tmp_path, capsys, players, seed):
    out = tmp_path / "out"
    assert main(["sample", "--players", str(players), "--seed", str(seed),
                 "--out", str(out)]) == 0
    names = {p.name for p in out.iterdir()}
    for moment in MOMENTS:
        assert {f"board-{moment}-table.png", f"board-{moment}-players.png"} <= names
    assert {"hand.png", "scores.png"} <= names
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
