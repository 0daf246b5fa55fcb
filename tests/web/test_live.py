"""Live pages (web/live.py, the /ws route), on SQLite and PostgreSQL: a page's socket is told
when its game moves on, at once when it reconnects behind, and when its own seat's part
changed; a socket from another origin, without a session or for a game not the user's is
refused; a page that reads nothing is never waited for and never piles anything up (one
message is due however many changes come); a socket that connects after a hidden change to
its seat's part (the version unchanged) is told at once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import aiohttp
import pytest

from tests.support.storage_helpers import ALICE, BOB, move
from tests.web.test_pages import Page, page, sign_in  # noqa: F401  (the fixture)
from web.app import COOKIE
from web.page import mark


def ws_url(p: Page, path: str) -> str:
    return f"ws://127.0.0.1:{p.server.port}{path}"


def headers(p: Page, token: str | None, origin: str | None = "same") -> dict[str, str]:
    out = {}
    if token is not None:
        out["Cookie"] = f"{COOKIE}={token}"
    if origin == "same":
        out["Origin"] = f"http://127.0.0.1:{p.server.port}"
    elif origin is not None:
        out["Origin"] = origin
    return out


async def version(p: Page) -> int:
    """The version Alice's page shows: her view's (the engine's counts hidden picks)."""
    return (await shown(p))[0]


async def shown(p: Page) -> tuple[int, str]:
    """What Alice's page drawn now says on connecting: her view's version and mark."""
    seat = await p.env.svc.seat_of(p.gid, ALICE)
    view = await p.env.svc.view(p.gid, seat)
    return view["version"], mark(view)


@asynccontextmanager
async def open_socket(p: Page, http: aiohttp.ClientSession
                      ) -> AsyncIterator[tuple[aiohttp.ClientWebSocketResponse, int, str]]:
    """Alice's page's socket, up to date: (the socket, the version, her session token)."""
    token = await sign_in(p, http, ALICE)
    now, its = await shown(p)
    async with http.ws_connect(ws_url(p, f"/ws/{p.gid}?v={now}&m={its}"),
                               headers=headers(p, token)) as ws:
        await asyncio.sleep(0.05)  # registered on the server's loop
        yield ws, now, token


async def test_a_page_hears_its_game_move_on(page: Page) -> None:  # noqa: F811
    async with aiohttp.ClientSession() as http:
        async with open_socket(page, http) as (ws, now, token):
            assert page.site.live.count() == 1
            await move(page.env, page.gid)
            message = await ws.receive_json(timeout=5)
            assert set(message) == {"mine"}  # no version crosses the socket
            assert await version(page) > now
        # behind: told at once on connecting
        async with http.ws_connect(ws_url(page, f"/ws/{page.gid}?v={now}"),
                                   headers=headers(page, token)) as ws:
            message = await ws.receive_json(timeout=5)
            assert message == {"mine": True}
    await asyncio.sleep(0.05)
    assert page.site.live.count() == 0


@pytest.mark.parametrize("case", ["other_origin", "no_origin", "cross_site", "no_session",
                                  "stranger", "bad_game"])
async def test_a_socket_is_refused(page: Page, case: str) -> None:  # noqa: F811
    async with aiohttp.ClientSession() as http:
        token: str | None = await sign_in(page, http, BOB if case == "stranger" else ALICE)
        origin: str | None = "same"
        path = f"/ws/{page.gid}"
        extra = {}
        if case == "other_origin":
            origin = "https://evil.example"
        elif case == "no_origin":
            origin = None
        elif case == "cross_site":
            extra = {"Sec-Fetch-Site": "cross-site"}
        elif case == "no_session":
            token = None
        elif case == "bad_game":
            path = "/ws/0"
        with pytest.raises(aiohttp.WSServerHandshakeError) as err:
            async with http.ws_connect(ws_url(page, path),
                                       headers={**headers(page, token, origin), **extra}):
                pass
        assert err.value.status in (401, 403, 404)
    assert page.site.live.count() == 0


async def test_many_changes_while_a_page_reads_nothing_are_one_message(
        page: Page) -> None:  # noqa: F811
    """A slow page is never waited for and never dropped (a dropped page reconnects, and a
    change in that gap could be missed): what is due to it is one message, "draw yourself
    again", however many changes come while it is unsent."""
    async with aiohttp.ClientSession() as http, open_socket(page, http) as (ws, _, _):
        live = page.site.live
        assert live.loop is not None
        [sock] = [s for socks in live.games.values() for s in socks]
        # two hundred changes in one turn of the server's loop: one message is due
        live.loop.call_soon_threadsafe(_flood, live, page.gid, 200)
        first = await ws.receive_json(timeout=5)
        assert set(first) == {"mine"}
        extra = 0
        with pytest.raises(asyncio.TimeoutError):
            while True:
                await ws.receive_json(timeout=0.5)
                extra += 1
        assert extra <= 1  # (the pump may have taken the first before the flood ended)
        assert not sock.dropped and live.count() == 1 and not ws.closed
        await move(page.env, page.gid)  # and it still hears what comes next
        assert set(await ws.receive_json(timeout=5)) == {"mine"}


def _flood(live: object, game_id: int, n: int) -> None:
    for _ in range(n):
        live.deliver(game_id, True, ())  # type: ignore[attr-defined]


async def test_a_change_reaches_only_the_pages_that_show_it(page: Page) -> None:  # noqa: F811
    """The board changed: every page; only a seat's own part changed (a pick): that seat's
    page alone, so a page never hears of another seat's hidden pick."""
    async with aiohttp.ClientSession() as http, open_socket(page, http) as (ws, _, _):
        live = page.site.live
        assert live.loop is not None
        [sock] = [s for socks in live.games.values() for s in socks]
        other = 1 - (sock.seat or 0)
        live.loop.call_soon_threadsafe(live.deliver, page.gid, False, (other,))
        with pytest.raises(asyncio.TimeoutError):
            await ws.receive_json(timeout=0.3)
        live.loop.call_soon_threadsafe(live.deliver, page.gid, False, (sock.seat,))
        assert await ws.receive_json(timeout=5) == {"mine": True}
        live.loop.call_soon_threadsafe(live.deliver, page.gid, True, (other,))
        assert await ws.receive_json(timeout=5) == {"mine": False}


async def test_a_page_in_front_of_its_player_puts_them_at_the_table(
        page: Page) -> None:  # noqa: F811
    """"seen" on the socket: the seat's player is present (the quiet table does not ping
    them); anything else closes the socket."""
    svc = page.env.svc
    seat = await svc.seat_of(page.gid, ALICE)
    assert seat is not None
    svc.presence.leave(page.gid)
    async with aiohttp.ClientSession() as http, open_socket(page, http) as (ws, _, _):
        assert not svc.presence.present(page.gid, seat)
        await ws.send_str("seen")
        for _ in range(100):
            if svc.presence.present(page.gid, seat):
                break
            await asyncio.sleep(0.02)
        assert svc.presence.present(page.gid, seat)
        assert svc.presence.seats(page.gid) == [seat]  # the other seat's player is not
        await ws.send_str("hello")
        message = await ws.receive(timeout=5)
        assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)


async def test_one_change_is_one_frame(page: Page) -> None:  # noqa: F811
    """The store tells this process of its own changes too; the page hears each once (the
    update's word), and a notice of another process's change still reaches it."""
    async with aiohttp.ClientSession() as http, open_socket(page, http) as (ws, _, _):
        await move(page.env, page.gid)
        assert set(await ws.receive_json(timeout=5)) == {"mine"}
        with pytest.raises(asyncio.TimeoutError):
            await ws.receive_json(timeout=0.6)  # no second frame from the store's notice
        live = page.site.live
        assert live.loop is not None
        newer = live.published[page.gid] + 1  # a change made elsewhere
        live.on_notice(page.gid, newer)
        assert await ws.receive_json(timeout=5) == {"mine": True}


async def test_a_hidden_change_before_the_socket_connects_is_told_at_once(
        page: Page) -> None:  # noqa: F811
    """A page whose version is the view's but whose own part is not (a hidden choice — a
    feeding, a medal, the seat's next decision — changes the seat's part and not the view's
    version): its mark is not the service's, so it is told at once on connecting. Here
    the page's mark is the one before Alice's draft pick. With the version and mark of the
    view now, nothing is said."""
    svc = page.env.svc
    seat = await svc.seat_of(page.gid, ALICE)
    assert seat is not None
    async with aiohttp.ClientSession() as http:
        token = await sign_in(page, http, ALICE)
        now, its = await shown(page)
        view = await svc.view(page.gid, seat)
        decision, legal = view["private"]["decision_id"], view["private"]["legal_actions"]
        assert decision is not None and legal
        await svc.submit(page.gid, ALICE, decision, legal[0])  # drawn, then picked
        await svc.idle(page.gid)
        later, changed = await shown(page)
        assert changed != its
        async with http.ws_connect(ws_url(page, f"/ws/{page.gid}?v={later}&m={its}"),
                                   headers=headers(page, token)) as ws:
            assert await ws.receive_json(timeout=5) == {"mine": True}
        async with http.ws_connect(ws_url(page, f"/ws/{page.gid}?v={later}&m={changed}"),
                                   headers=headers(page, token)) as ws:
            with pytest.raises(asyncio.TimeoutError):
                await ws.receive_json(timeout=0.5)
    assert mark(await svc.view(page.gid, None)) == ""  # a spectator's page has no own part
