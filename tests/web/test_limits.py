"""The web page's rate limits (web/limits.py): a fixed window per key, 429 with Retry-After
past it — link exchanges per address, pages and sockets per user — and bounded memory."""

from __future__ import annotations

import aiohttp
import pytest

from tests.support.storage_helpers import ALICE
from tests.web.test_pages import Page, get, page, sign_in  # noqa: F401  (the fixture)
from web import limits
from web.limits import Window


def test_a_window() -> None:
    w = Window(3, 60)
    assert [w.check("a", 100.0) for _ in range(3)] == [None, None, None]
    assert w.check("a", 110.0) == 50 and w.check("b", 110.0) is None  # per key
    assert w.check("a", 160.0) is None  # a new window


def test_memory_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_KEYS", 10)
    w = Window(1, 60)
    for key in range(50):
        w.check(key, 0.0)
    assert len(w._seen) == 10 and w.check(49, 1.0) is not None  # the newest kept
    assert w.check(0, 1.0) is None  # the oldest forgotten


async def test_past_the_limit_the_page_answers_429(page: Page) -> None:  # noqa: F811
    page.site.limits.links = Window(2, 600)
    page.site.limits.pages = Window(3, 60)
    async with aiohttp.ClientSession() as http:
        token = await sign_in(page, http, ALICE)
        await sign_in(page, http, ALICE)
        async with http.get(page.link(ALICE), allow_redirects=False) as resp:
            assert resp.status == 429 and int(resp.headers["Retry-After"]) > 0
            assert resp.headers["X-Content-Type-Options"] == "nosniff"
        codes = [(await get(page, http, f"/g/{page.gid}", token))[0] for _ in range(4)]
        assert codes == [200, 200, 200, 429]
        page.env.vt.now += 61
        assert (await get(page, http, f"/g/{page.gid}", token))[0] == 200
