"""A whole game played by buttons through the real bot under simcord, followed on the web page
in chromium (Playwright over Debian's chromium): alice's page, opened from "Open the board" on
her panel, at a phone's width, and a spectator's page, opened from "Watch live" on the board,
at a desktop's. All along each page shows its view's version once it has redrawn, alice's
hand and every seat's points are the service's, and the spectator's page names no card any
seat holds hidden. Skipped, with the reason, where chromium or Playwright is missing."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from bot.config import Config
from bot.storage.base import ACTIVE
from hadara.words import card_name
from i18n import translate
from tests.support.browser import chromium, new_tab, require_chromium

from . import conftest
from .conftest import (
    board,
    components,
    new_game,
    open_panel,
    people_waiting,
    settle,
    take_turn,
    world,
)

pytest.importorskip("simcord")
require_chromium()

from playwright.async_api import Page as Tab  # noqa: E402

CHECK_EVERY = 5  # turns between two comparisons of the pages with the service


def link(message: object, label: str) -> str:
    [button] = [c for c in components(message) if c.get("style") == 5
                and c.get("label") == label]
    return str(button["url"])


async def shows(tab: Tab, version: int) -> None:
    await tab.wait_for_selector(f'body[data-version="{version}"]', state="attached",
                                timeout=15_000)


async def test_a_game_played_by_buttons_on_the_player_s_and_the_spectator_s_page(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the links carry the page's own address, so its port is chosen first: a free one
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setattr(conftest, "config", lambda path: Config(
        token="x", db=path, web_port=port, web_url=f"http://127.0.0.1:{port}"))
    async with world(tmp_path, monkeypatch) as w:
        await w.service.set_web_spectators(w.guild.id, True)
        gid, _ = await new_game(w, "alice", seats=3, ai=1, join=["bob"])
        alice = w.members["alice"].id
        await settle(w, gid)
        panel = await open_panel(w, gid, alice)
        mine_url = link(panel, translate("en", "web.open"))
        watch_url = link(await board(w, gid), translate("en", "web.watch"))
        async with chromium() as browser:
            phone = await new_tab(browser, 412)
            desk = await new_tab(browser, 1280)
            await phone.goto(mine_url)
            await desk.goto(watch_url)
            seat = await w.service.seat_of(gid, alice)
            assert seat is not None
            turns = 0
            while True:
                await settle(w, gid)
                snap = await w.service.load(gid)
                game = snap.game
                assert game is not None
                over = snap.record.status != ACTIVE
                if turns % CHECK_EVERY == 0 or over:
                    await check(w, gid, seat, phone, desk, game.catalog)
                if over:
                    break
                waiting = await people_waiting(w, gid)
                assert waiting
                _, user, _ = waiting[0]
                await take_turn(w, gid, user)
                turns += 1
            assert turns > 20
            await phone.screenshot(path=str(tmp_path / "phone-over.png"), full_page=True)
            await desk.screenshot(path=str(tmp_path / "spectator-over.png"),
                                  full_page=True)
            assert await desk.locator("section.scores").count() == 1


async def check(w: object, gid: int, seat: int, phone: Tab, desk: Tab, cat: object) -> None:
    svc = w.service  # type: ignore[attr-defined]
    mine = await svc.view(gid, seat)
    public = await svc.view(gid, None)
    await shows(phone, mine["version"])
    await shows(desk, public["version"])
    if not mine["over"]:
        hand = await phone.inner_text("section.mine")
        for cid in mine["private"]["hand"]:
            assert card_name(cat, cid, "en") in hand  # type: ignore[arg-type]
    html = await desk.content()
    assert 'class="mine"' not in html
    for other in range(public["n"]):  # nothing any seat holds hidden
        private = (await svc.view(gid, other))["private"]
        for cid in private["hand"]:
            assert f"card-{cid}\"" not in html, (other, cid)
    for s in public["seats"]:
        text = await desk.inner_text(f'article[aria-labelledby="seat-{s["seat"]}"]')
        points = (s["score"] or {}).get("total", 0)
        assert translate("en", "web.points", points=points) in text
