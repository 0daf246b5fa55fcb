"""Hostile requests and frames at every endpoint of the web page (web/app.py): malformed,
oversized, forged, replayed and misdirected ones get a clean refusal with the security
headers — never a 500, never a page of another seat — and change nothing (the game's
version, the sessions stored)."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from tests.support.storage_helpers import ALICE, run_sql
from tests.web.test_pages import Page, page, sign_in  # noqa: F401  (the fixture)
from web.app import COOKIE, MAX_BODY


async def sessions(p: Page) -> int:
    rows = await run_sql(p.env.make_store, "games", "SELECT count(*) FROM web_sessions")
    return int(rows[0][0])


async def state(p: Page) -> tuple[int, int]:
    game = (await p.env.svc.load(p.gid)).game
    assert game is not None
    return game.version, await sessions(p)


async def test_hostile_requests_are_refused_cleanly(page: Page) -> None:  # noqa: F811
    gid = page.gid
    async with aiohttp.ClientSession() as http:
        token = await sign_in(page, http, ALICE)
        before = await state(page)
        link = page.link(ALICE)
        cases: list[tuple[str, str, dict[str, str], bytes | None]] = [
            ("GET", "/g/" + "9" * 5000, {}, None),
            ("GET", f"/g/{gid}?" + "x=1&" * 2000, {}, None),
            ("GET", "/l/" + "A" * 5000, {}, None),
            ("GET", "/l/%00%ff", {}, None),
            ("GET", "/static/../../../../etc/passwd", {}, None),
            ("GET", "/static/%2e%2e/app.py", {}, None),
            ("GET", "/static/", {}, None),
            ("POST", link[len(page.url("")):], {}, b"{}"),
            ("PUT", f"/g/{gid}", {}, b"x"),
            ("DELETE", f"/g/{gid}", {}, None),
            ("POST", "/healthz", {"Content-Type": "application/json"}, b"{" * (MAX_BODY * 8)),
            ("GET", f"/g/{gid}", {"Cookie": f"{COOKIE}=" + "x" * 4000}, None),
            ("GET", f"/g/{gid}", {"Cookie": f"{COOKIE}=\u00e9\u00e9"}, None),
            ("GET", f"/g/{gid}", {"Cookie": f"{COOKIE}={token}x"}, None),
            ("GET", f"/g/{gid}", {"Accept-Language": "x" * 5000}, None),
            ("GET", f"/ws/{gid}", {"Cookie": f"{COOKIE}={token}"}, None),  # not a socket
        ]
        for method, path, headers, body in cases:
            async with http.request(method, page.url(path), headers=headers, data=body,
                                    allow_redirects=False) as resp:
                text = await resp.text(errors="replace")
                assert resp.status < 500, (method, path[:60], resp.status, text[:200])
                if resp.status == 200:  # only the user's own page, in words
                    assert path.startswith(f"/g/{gid}") and "Your hand" in text, path[:60]
                assert "root:" not in text and "import" not in text
                if resp.status != 400:  # (a request aiohttp refuses before any handler)
                    assert resp.headers.get("X-Content-Type-Options") == "nosniff", path[:60]
        # a link replayed after its session ended still opens only its own user's page;
        # a link for another game opens nothing of this one
        other = page.link(ALICE, game=gid + 1000)
        async with http.get(other, allow_redirects=False) as resp:
            assert resp.status == 303
            stranger = resp.cookies[COOKIE].value
        async with http.get(page.url(f"/g/{gid + 1000}"),
                            headers={"Cookie": f"{COOKIE}={stranger}"}) as resp:
            assert resp.status in (403, 404)
    version, _ = await state(page)
    assert version == before[0]
    # the links opened above made sessions (each is a valid link); nothing else did
    assert await sessions(page) == before[1] + 1


@pytest.mark.parametrize("frame", ["binary", "huge", "many"])
async def test_hostile_frames_close_the_socket(page: Page, frame: str) -> None:  # noqa: F811
    async with aiohttp.ClientSession() as http:
        token = await sign_in(page, http, ALICE)
        origin = {"Origin": f"http://127.0.0.1:{page.server.port}",
                  "Cookie": f"{COOKIE}={token}"}
        before = await state(page)
        async with http.ws_connect(f"ws://127.0.0.1:{page.server.port}/ws/{page.gid}",
                                   headers=origin) as ws:
            await ws.receive(timeout=5)  # told it is behind (no version given)
            if frame == "binary":
                await ws.send_bytes(b"\x00" * 10)
            elif frame == "huge":
                await ws.send_str("x" * 100_000)
            else:
                for _ in range(200):
                    await ws.send_str("{}" * 100)
            message = await ws.receive(timeout=5)
            assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                    aiohttp.WSMsgType.CLOSING, aiohttp.WSMsgType.ERROR)
        await asyncio.sleep(0.05)
        assert page.site.live.count() == 0
        assert await state(page) == before
