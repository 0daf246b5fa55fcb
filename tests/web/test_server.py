"""The web server (web/server.py, web/app.py): on its own thread and event loop, answering
while the service's loop is busy with something else, every answer (refusals included) with
the security headers, bodies bounded, and stopped cleanly."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import aiohttp
import pytest

from web.app import MAX_BODY, make_app
from web.headers import csp
from web.server import PortUnavailable, WebServer


@pytest.fixture
async def server() -> AsyncIterator[WebServer]:
    s = WebServer(make_app, host="127.0.0.1", port=0)
    await s.start()
    try:
        yield s
    finally:
        await s.stop()


def url(s: WebServer, path: str) -> str:
    return f"http://127.0.0.1:{s.port}{path}"


def secured(headers: aiohttp.typedefs.LooseHeaders) -> None:
    h = dict(headers)  # type: ignore[arg-type]
    assert h["Content-Security-Policy"] == csp()
    assert "script-src 'self'" in h["Content-Security-Policy"]
    assert "unsafe-inline" not in h["Content-Security-Policy"]
    assert h["X-Content-Type-Options"] == "nosniff"
    assert h["Referrer-Policy"] == "no-referrer"
    assert h["Cache-Control"] == "no-store"


async def test_it_answers_from_its_own_thread(server: WebServer) -> None:
    assert server.port > 0 and server.loop is not None
    assert server.loop is not asyncio.get_running_loop()
    async with aiohttp.ClientSession() as http, http.get(url(server, "/healthz")) as resp:
        assert resp.status == 200 and await resp.json() == {"ok": True}
        secured(resp.headers)


async def test_refusals_carry_the_headers_and_bodies_are_bounded(server: WebServer) -> None:
    async with aiohttp.ClientSession() as http:
        async with http.get(url(server, "/no/such/page")) as resp:
            assert resp.status == 404
            secured(resp.headers)
        async with http.post(url(server, "/healthz"), data=b"x") as resp:
            assert resp.status == 405
            secured(resp.headers)
        async with http.post(url(server, "/healthz"), data=b"x" * (MAX_BODY * 4)) as resp:
            assert resp.status in (405, 413)  # never read into memory beyond the bound
            secured(resp.headers)


async def test_a_blocked_service_loop_is_reported_not_waited_for_forever(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import web.app as app_module

    gate = asyncio.Event()

    async def stuck() -> bool:  # the service's loop never answers this call
        await gate.wait()
        return True

    monkeypatch.setattr(app_module, "_ready", stuck)
    monkeypatch.setattr(asyncio, "wait_for", _short(asyncio.wait_for))
    s = WebServer(make_app, host="127.0.0.1", port=0)
    await s.start()
    try:
        async with aiohttp.ClientSession() as http, http.get(url(s, "/healthz")) as resp:
            assert resp.status == 503 and await resp.json() == {"ok": False}
    finally:
        gate.set()
        await s.stop()


def _short(wait_for):  # type: ignore[no-untyped-def]
    async def shorter(aw, timeout):  # type: ignore[no-untyped-def]
        return await wait_for(aw, min(timeout, 0.2))
    return shorter


async def test_a_port_in_use_fails_the_start() -> None:
    first = WebServer(make_app, host="127.0.0.1", port=0)
    await first.start()
    try:
        second = WebServer(make_app, host="127.0.0.1", port=first.port)
        with pytest.raises(PortUnavailable) as refused:
            await second.start()
        said = str(refused.value)  # what the bot's log says, in words
        assert f"127.0.0.1:{first.port}" in said and "in use" in said
        assert "HADARA_WEB_PORT" in said
        await second.stop()
    finally:
        await first.stop()
    assert first._thread is None  # the thread ended
