"""The page in a real browser (Playwright for Python over Debian's chromium, docs/web.md):
a player's link at a phone's width signs them in and shows their own hand with no
Content-Security-Policy complaint; when the game moves on, the page's socket redraws it by
itself; at desktop width too. Skipped, with the reason, where chromium or Playwright is
missing."""

from __future__ import annotations

from pathlib import Path

import pytest

from hadara.content import default_catalog
from hadara.words import card_name
from tests.support.browser import chromium, new_tab, require_chromium
from tests.support.storage_helpers import ALICE, move
from tests.web.test_pages import Page, page  # noqa: F401  (the fixture)

require_chromium()



@pytest.mark.sqlite_only
@pytest.mark.parametrize("width", [412, 1280])
async def test_the_page_in_a_browser_follows_the_game(page: Page,  # noqa: F811
                                                      width: int, tmp_path: Path) -> None:
    svc, gid = page.env.svc, page.gid
    seat = await svc.seat_of(gid, ALICE)
    assert seat is not None
    async with chromium() as browser:
        tab = await new_tab(browser, width)
        problems: list[str] = []
        tab.on("console", lambda m: problems.append(m.text)
               if m.type in ("error", "warning") else None)
        await tab.goto(page.link(ALICE))
        assert tab.url.endswith(f"/g/{gid}")  # the link left the address bar
        hand = (await svc.view(gid, seat))["private"]["hand"]
        text = await tab.inner_text("body")
        for card in hand:
            assert card_name(default_catalog(), card, "en") in text
        before = int(await tab.get_attribute("body", "data-version") or -1)
        await tab.screenshot(path=str(tmp_path / f"page-{width}.png"), full_page=True)
        # the game moves on: the page redraws by itself through its socket
        await move(page.env, gid)
        after = (await svc.view(gid, seat))["version"]  # the view's, as the page shows
        assert after > before
        await tab.wait_for_selector(f'body[data-version="{after}"]',
                                    timeout=10_000)
        assert not [m for m in problems if "Content Security Policy" in m], problems
