"""The screenshot tool's phone check: a panel whose first row of buttons starts below a
phone's first screen is named."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from devtools.screenshots import PHONE_FIRST_SCREEN, below_first_screen


def test_a_phone_panel_taller_than_the_first_screen_is_named(tmp_path: Path) -> None:
    paths = []
    for name, height in (("phone-draft-panel", 620), ("phone-statue-panel", 900),
                         ("02-board", 1400), ("phone-board", 1000)):
        path = tmp_path / f"{name}.png"
        Image.new("RGB", (412, height)).save(path)
        paths.append(path)
    assert below_first_screen(paths, {}) == ["phone-statue-panel: 888 px"]
    assert below_first_screen(paths, {}, limit=1000) == []
    # six rows of buttons at its foot: the first starts at 900 - 12 - 240 = 648, on screen
    assert below_first_screen(paths, {"phone-statue-panel.png": 6}) == []
    assert 600 < PHONE_FIRST_SCREEN < 915  # a 412 × 915 phone, less Discord's bars
