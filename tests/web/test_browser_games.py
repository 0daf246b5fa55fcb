"""Whole games followed on the page in a real browser (Playwright over Debian's chromium):
two players' pages (a phone's width in French, a desktop's in English) and a spectator's (a
phone's, in Japanese) stay with the game from the first draft to the final scores, redrawn in
place through their sockets, and agree with the service's views (their hand, every seat's
points and coins; no hidden card on the spectator's) all along; a page whose server restarts reconnects and catches up by itself. Skipped, with the
reason, where chromium or Playwright is missing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp
import pytest

from hadara.words import card_name
from i18n import translate
from tests.support.browser import chromium, new_tab, require_chromium
from tests.support.storage_helpers import ALICE, HOST, move
from tests.web.test_pages import SECRET, Page, page  # noqa: F401  (the fixture)
from web import spectate
from web.app import make_app
from web.limits import Window
from web.server import Bridge, WebServer

require_chromium()

from playwright.async_api import Page as Tab  # noqa: E402

GUILD = 4242  # the server the game is played on (its spectators allowed)
#: Every how many moves the pages are compared with the service's views (each has redrawn by
#: itself to its view's version, then its words are checked), and at the end.
CHECK_EVERY = 5


async def agrees(p: Page, tab: Tab, seat: int | None, locale: str) -> None:
    """The page shows what the service says: the seat's hand (a spectator's page: no seat's
    hidden card), every seat's sums."""
    svc, gid = p.env.svc, p.gid
    view = await svc.view(gid, seat)
    cat = (await svc.load(gid)).game.catalog  # type: ignore[union-attr]
    if seat is None:
        html = await tab.content()
        for other in range(view["n"]):
            for cid in (await svc.view(gid, other))["private"]["hand"]:
                assert f'card-{cid}"' not in html, (other, cid)
    elif not view["over"]:
        mine = await tab.inner_text("section.mine")
        for cid in view["private"]["hand"]:
            assert card_name(cat, cid, locale) in mine, (cid, locale)
    for s in view["seats"]:
        board = await tab.inner_text(f'article[aria-labelledby="seat-{s["seat"]}"]')
        points = (s["score"] or {}).get("total", 0)
        assert translate(locale, "web.points", points=points) in board, (s["seat"], points)
        assert translate(locale, "web.coins", coins=s["coins"]) in board


@pytest.mark.sqlite_only
async def test_pages_follow_a_whole_game(page: Page, tmp_path: Path) -> None:  # noqa: F811
    """Two players (412 px in French, 1280 px in English) and a spectator (412 px in
    Japanese) follow the game from the first draft to the final scores."""
    svc, gid = page.env.svc, page.gid
    await svc.set_discord(gid, {"guild": GUILD, "thread": 77})
    await svc.set_web_spectators(GUILD, True)
    viewers: dict[str, tuple[str, int, str]] = {  # name: (url, width, locale)
        "alice": (page.link(ALICE), 412, "fr"), "host": (page.link(HOST), 1280, "en"),
        "spectator": (page.url(spectate.page_path(SECRET, gid)), 412, "ja")}
    seats = {"alice": await svc.seat_of(gid, ALICE), "host": await svc.seat_of(gid, HOST),
             "spectator": None}
    async with chromium() as browser:
        tabs: dict[str, Tab] = {}
        problems: list[str] = []
        for name, (url, width, locale) in viewers.items():
            tab = await new_tab(browser, width, locale=locale)
            tab.on("console", lambda m: problems.append(m.text)
                   if m.type == "error" else None)
            await tab.goto(url)
            assert await tab.get_attribute("html", "lang") == locale
            tabs[name] = tab
        moves = 0
        while True:
            game = (await svc.load(gid)).game
            assert game is not None
            for name, tab in tabs.items():
                if moves % CHECK_EVERY and not game.is_over:
                    continue
                seat, locale = seats[name], viewers[name][2]
                shown = (await svc.view(gid, seat))["version"]  # the view's, as the page
                await tab.wait_for_selector(f'body[data-version="{shown}"]',
                                            state="attached", timeout=10_000)
                await agrees(page, tab, seat, locale)
            if game.is_over:
                break
            await move(page.env, gid)
            page.env.vt.now += 1  # a move a second: within the pages' rate limits
            moves += 1
        assert moves > 50
        for name, tab in tabs.items():  # the final scores, with the winners' crown
            await tab.screenshot(path=str(tmp_path / f"over-{name}.png"), full_page=True)
            assert await tab.locator("section.scores svg[role=img]").count() >= 1
        assert not problems, problems


@pytest.mark.sqlite_only
async def test_a_page_reconnects_after_the_server_restarts(page: Page) -> None:  # noqa: F811
    """The server stops while the game moves on; when it serves again (same port), the
    page's socket reconnects behind and the page redraws to the game as it is."""
    svc, gid = page.env.svc, page.gid
    async with chromium() as browser:
        tab = await new_tab(browser, 412)
        await tab.goto(page.link(ALICE))
        seat = await svc.seat_of(gid, ALICE)
        assert seat is not None
        before = int(await tab.get_attribute("body", "data-version") or -1)
        port = page.server.port
        await page.server.stop()
        for _ in range(3):
            await move(page.env, gid)
        after = (await svc.view(gid, seat))["version"]
        assert after > before
        assert await tab.get_attribute("body", "data-version") == str(before)

        def app(bridge: Bridge) -> aiohttp.web.Application:
            return make_app(bridge, page.site)

        page.server = WebServer(app, host="127.0.0.1", port=port)
        await page.server.start()
        await tab.wait_for_selector(f'body[data-version="{after}"]',
                                    state="attached", timeout=20_000)
        await agrees(page, tab, seat, "en")


@pytest.mark.sqlite_only
async def test_a_page_held_back_by_the_rate_limit_catches_up(page: Page) -> None:  # noqa: F811
    """Redraws refused with 429 (the pages' limit) are tried again after Retry-After: the
    page never ends on a refusal, and shows the game as it is once the window passes."""
    svc, gid = page.env.svc, page.gid
    page.site.limits.pages = Window(2, 2)  # two pages per two (virtual) seconds
    async with chromium() as browser:
        tab = await new_tab(browser, 412)
        await tab.goto(page.link(ALICE))
        seat = await svc.seat_of(gid, ALICE)
        assert seat is not None
        for _ in range(6):  # redraws beyond the limit, refused with 429
            await move(page.env, gid)
            await asyncio.sleep(0.3)
        page.env.vt.now += 3  # the window passes
        shown = (await svc.view(gid, seat))["version"]
        await tab.wait_for_selector(f'body[data-version="{shown}"]', state="attached",
                                    timeout=20_000)
        assert await tab.locator("section.mine").count() == 1  # the page, not a refusal


@pytest.mark.sqlite_only
async def test_a_page_signed_out_elsewhere_says_so(page: Page,  # noqa: F811
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Sockets live an hour (here a second) and then are asked for again: after "sign out
    everywhere", the open page stops following the game and says, in words, to sign in."""
    import web.app as app_module
    monkeypatch.setattr(app_module, "SOCKET_LIFETIME", 1.0)
    async with chromium() as browser:
        tab = await new_tab(browser, 412)
        await tab.goto(page.link(ALICE))
        assert await tab.locator("section.mine").count() == 1
        assert await page.env.svc.end_web_sessions(ALICE) == 1
        said = translate("en", "web.signed.out")
        await tab.wait_for_function(
            "text => document.body.innerText.includes(text)", arg=said, timeout=15_000)
        assert await tab.locator("section.mine").count() == 0
