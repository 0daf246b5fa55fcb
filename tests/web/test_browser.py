"""The page in a real browser (Playwright for Python over Debian's chromium, docs/web.md):
a player's link at a phone's width signs them in and shows their own hand with no
Content-Security-Policy complaint; when the game moves on, the page's socket redraws it by
itself; at desktop width too. Skipped, with the reason, where chromium or Playwright is
missing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from hadara.content import default_catalog
from hadara.words import card_name
from tests.support.browser import chromium, new_tab, require_chromium
from tests.support.storage_helpers import ALICE, move
from tests.web.test_pages import Page, page  # noqa: F401  (the fixture)
from web.page import mark

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


async def _sockets(page: Page, want: int) -> None:  # noqa: F811
    """Wait (real time: the page's server runs on its own thread) for ``want`` open sockets."""
    for _ in range(200):
        if page.site.live.count() == want:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{page.site.live.count()} sockets open, not {want}")


@pytest.mark.sqlite_only
async def test_a_page_closed_for_a_newer_one_follows_again_when_looked_at(
        page: Page) -> None:  # noqa: F811
    """A player's ninth page closes their oldest page's socket (code 4000). That page does
    not connect again at once — it would close another, which would close another, for
    ever — but when it is looked at again. The page carries its own part's mark, which its
    socket says on connecting."""
    svc, gid, live = page.env.svc, page.gid, page.site.live
    seat = await svc.seat_of(gid, ALICE)
    async with chromium() as browser:
        tab = await new_tab(browser, 412)
        await tab.goto(page.link(ALICE))
        assert await tab.get_attribute("body", "data-mark") == mark(await svc.view(gid, seat))
        await _sockets(page, 1)
        assert live.loop is not None
        [sock] = [s for socks in live.games.values() for s in socks]
        live.loop.call_soon_threadsafe(live.drop, sock)
        await _sockets(page, 0)
        await asyncio.sleep(2.5)  # longer than a reconnection's first delay
        assert live.count() == 0
        await tab.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        await _sockets(page, 1)
