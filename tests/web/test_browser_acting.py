"""Playing on the page in a real browser (Playwright over Debian's chromium): a whole 3-seat
game — two people, each in a browser context of their own (a phone's width in French, a
desktop's in English), and one AI seat — played only by clicking on the pages, to the final
scores; a double click makes one choice; a choice for a decision that moved on is refused in
words with the page as it is now. Skipped, with the reason, where chromium or Playwright is
missing."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

import pytest

from tests.support.browser import chromium, new_tab, require_chromium
from tests.support.storage_helpers import ALICE, HOST, make_env, move
from tests.support.stores import StoreFactory
from tests.web.test_pages import Page, page, serving  # noqa: F401  (the fixture)

require_chromium()

if TYPE_CHECKING:
    from playwright.async_api import Page as Tab


@pytest.fixture
async def three(make_store: StoreFactory) -> AsyncIterator[Page]:
    """A started game of HOST, ALICE and an AI, served."""
    env = await make_env(make_store)
    try:
        gid = await env.svc.create(HOST, f"user{HOST}", seats=3)
        await env.svc.join(gid, ALICE, f"user{ALICE}")
        await env.svc.add_ai(gid, "greedy", by_user=HOST)
        await env.svc.start(gid, HOST)
        await env.svc.idle(gid)
        async with serving(env, gid) as served:
            yield served
    finally:
        await env.close()


async def decision(p: Page, seat: int) -> tuple[str | None, object]:
    private = (await p.env.svc.view(p.gid, seat))["private"]
    return private["decision_id"], private["commit"]


async def stored(p: Page) -> int:
    """The engine's version: every action stored counts, hidden picks too."""
    game = (await p.env.svc.load(p.gid)).game
    assert game is not None
    return game.version


async def choose_on(tab: Tab, p: Page, seat: int) -> None:
    """Make the seat's decision by clicking on its page, as a person would: the first
    choice shown (a feeding: the cards it must remove, then confirm); then wait until the
    service has it."""
    view = await p.env.svc.view(p.gid, seat)
    await tab.wait_for_selector(f'body[data-version="{view["version"]}"]', state="attached",
                                timeout=10_000)
    before = await stored(p)
    context = view["private"]["context"] or {}
    if context.get("kind") == "feeding":  # the cards that feed nobody go first
        food = {c["card"]: int((c.get("gains") or {}).get("food") or 0)
                for c in context.get("cards") or []}
        need = int(context.get("must_remove", 0))
        options = await p.env.svc.options(p.gid, seat)
        removable = sorted((food.get(o["action"]["card"], 0), i) for i, o in enumerate(options)
                           if o["legal"] and o["action"]["type"] == "feed_remove")
        for gives, index in removable:
            if need <= 0:
                break
            await tab.locator(f'.deciding .pick input[value^="{index}."]').check()
            need -= 1 - gives
        await tab.locator("#feed button.choice").click()
    else:
        await tab.locator("button.choice:not(.tool):visible").first.click()
    for _ in range(200):
        if await stored(p) != before:
            return
        await asyncio.sleep(0.05)
    notice = await tab.locator(".notice").all_inner_texts()
    raise AssertionError(f"seat {seat}'s choice ({context.get('kind')}) never reached the "
                         f"service: {notice}")


@pytest.mark.sqlite_only
async def test_a_whole_game_played_on_pages(three: Page) -> None:
    svc, gid = three.env.svc, three.gid
    people = {ALICE: (412, "fr"), HOST: (1280, "en")}
    async with chromium() as browser:
        tabs: dict[int, Tab] = {}
        for user, (width, locale) in people.items():
            tab = await new_tab(browser, width, locale=locale)
            await tab.goto(three.link(user))
            seat = await svc.seat_of(gid, user)
            assert seat is not None
            tabs[seat] = tab
        clicks = 0
        for _ in range(600):
            await svc.idle(gid)
            if (await svc.load(gid)).record.status != "active":
                break
            waiting = [w.seat for w in await svc.waiting(gid) if w.seat in tabs]
            if not waiting:  # the AI's turn: it plays by itself
                await asyncio.sleep(0.05)
                continue
            committed = [s for s in waiting if (await decision(three, s))[1] is not None]
            seat = next((s for s in waiting if s not in committed), None)
            if seat is None:  # everyone has picked in secret: the reveal comes by itself
                await asyncio.sleep(0.05)
                continue
            await choose_on(tabs[seat], three, seat)
            three.env.vt.now += 2  # a person's pace: within the limits of choices and pages
            clicks += 1
        game = (await svc.load(gid)).game
        assert game is not None and game.is_over and clicks > 40
        for tab in tabs.values():  # both pages end on the final scores
            await tab.wait_for_selector("section.scores", timeout=10_000)


@pytest.mark.sqlite_only
async def test_a_double_click_makes_one_choice_and_a_stale_one_is_refused(
        page: Page) -> None:  # noqa: F811
    svc, gid = page.env.svc, page.gid
    seat = await svc.seat_of(gid, ALICE)
    assert seat is not None
    async with chromium() as browser:
        tab = await new_tab(browser, 412)
        await tab.goto(page.link(ALICE))
        before = (await svc.load(gid)).game.version  # type: ignore[union-attr]
        await tab.locator("button.choice:not(.tool):visible").first.dblclick()
        for _ in range(100):
            if (await decision(page, seat))[1] is not None:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)
        assert (await svc.load(gid)).game.version == before + 1  # type: ignore[union-attr]
        # the game moves on to the next round; a page still showing the old decision (its
        # form's decision set back, as a stale page or a modified client would) is refused
        old = (await decision(page, seat))[0]
        while (await decision(page, seat))[0] == old:
            await move(page.env, gid)
        await tab.wait_for_selector("button.choice:not(.tool):visible")
        await tab.evaluate("d => document.querySelector('input[name=decision]').value = d",
                           old)
        version = (await svc.load(gid)).game.version  # type: ignore[union-attr]
        await tab.locator("button.choice:not(.tool):visible").first.click()
        notice = tab.locator(".notice")
        await notice.wait_for(timeout=10_000)
        assert "no longer" in (await notice.inner_text())
        assert (await svc.load(gid)).game.version == version  # type: ignore[union-attr]
        assert await tab.locator("button.choice:not(.tool):visible").count() > 0  # the decision now
