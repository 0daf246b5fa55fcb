"""The screenshot tool's phone check: a panel whose first row of buttons starts below a
phone's first screen is named; the web page's link is taken from a panel's "Open the board"."""

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


def test_the_board_link_is_taken_from_the_panels_link_button(tmp_path: Path) -> None:
    from types import SimpleNamespace

    from devtools.screenshots import Shots
    from i18n import translate

    shots = Shots(env=None, bot=None, chromium="chromium", out=tmp_path, channel=None,
                  members={}, users={}, locale="fr")
    url = "http://127.0.0.1:8123/l/1.2.3.abc"
    panel = SimpleNamespace(components=[
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "Acheter",
                                    "custom_id": "h:a:1"}]},
        {"type": 1, "components": [{"type": 2, "style": 5, "url": url,
                                    "label": translate("fr", "web.open")}]}])
    assert shots.board_link(panel) == url
    panel.components = panel.components[:1]  # the page is off: no link button
    assert shots.board_link(panel) is None
