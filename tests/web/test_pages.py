"""A player's page through the web server over a real game service, on SQLite and PostgreSQL
(web/app.py): a signed link exchanged for a session cookie (HttpOnly, SameSite=Lax) and a
redirect that drops the link from the address; the page shows the user's own seat — their
hand, never another seat's — in the browser's language; forged, expired and malformed links,
no session, an idle or signed-out session, another user's game and bad ids are refused with
a page in words and change nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import aiohttp
import pytest

from bot.access import Actor
from bot.service import Refusal
from hadara.content import default_catalog
from hadara.words import card_name
from tests.support.storage_helpers import ALICE, BOB, HOST, Env, make_env, move, table
from tests.support.stores import StoreFactory
from web import links
from web.activity import Activity
from web.app import COOKIE, Site, follow, make_app
from web.server import Bridge, WebServer

SECRET = b"k" * 32
STRANGER = 999


@dataclass
class Page:
    env: Env
    server: WebServer
    site: Site
    gid: int

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.port}{path}"

    def link(self, user: int, game: int | None = None, ttl: float = 3600) -> str:
        return self.url("/l/" + links.sign(SECRET, user, self.gid if game is None else game,
                                           self.env.vt.clock(), ttl))


@asynccontextmanager
async def serving(env: Env, gid: int, activity: Activity | None = None
                  ) -> AsyncIterator[Page]:
    """The web page of ``gid`` served over ``env``'s service while the block runs (with the
    board inside Discord when ``activity`` is given)."""
    site = Site(env.svc, SECRET, secure_cookies=False, clock=env.vt.clock, activity=activity)

    def app(bridge: Bridge) -> aiohttp.web.Application:
        return make_app(bridge, site)

    server = WebServer(app, host="127.0.0.1", port=0)
    await server.start()
    page = Page(env, server, site, gid)
    try:
        assert server.loop is not None
        unfollow = follow(site, server.loop)
        try:
            yield page
        finally:
            for stop in unfollow:
                stop()
    finally:
        await page.server.stop()  # a test may have started it again


@pytest.fixture
async def page(make_store: StoreFactory) -> AsyncIterator[Page]:
    env = await make_env(make_store)
    try:
        gid = await table(env, (HOST, ALICE))
        for _ in range(6):  # to the first draft: both hands dealt
            hands = [(await env.svc.view(gid, s))["private"]["hand"] for s in (0, 1)]
            if all(hands):
                break
            await move(env, gid)
        async with serving(env, gid) as served:
            yield served
    finally:
        await env.close()


async def sign_in(p: Page, http: aiohttp.ClientSession, user: int) -> str:
    """Open a fresh link: the session token the server set."""
    async with http.get(p.link(user), allow_redirects=False) as resp:
        assert resp.status == 303 and resp.headers["Location"] == f"/g/{p.gid}"
        cookie = resp.cookies[COOKIE]
        assert cookie["httponly"] and cookie["samesite"] == "Lax" and cookie["path"] == "/"
        return cookie.value


async def get(p: Page, http: aiohttp.ClientSession, path: str, token: str | None = None,
              lang: str = "en") -> tuple[int, str]:
    headers = {"Accept-Language": lang}
    if token is not None:
        headers["Cookie"] = f"{COOKIE}={token}"
    async with http.get(p.url(path), headers=headers, allow_redirects=False) as resp:
        return resp.status, await resp.text()


async def test_a_link_opens_the_players_own_page(page: Page) -> None:
    svc, gid = page.env.svc, page.gid
    cat = default_catalog()
    async with aiohttp.ClientSession() as http:
        token = await sign_in(page, http, ALICE)
        status, text = await get(page, http, f"/g/{gid}", token)
        assert status == 200, text
        seat = await svc.seat_of(gid, ALICE)
        assert seat is not None
        mine = (await svc.view(gid, seat))["private"]["hand"]
        other = (await svc.view(gid, 1 - seat))["private"]["hand"]
        assert mine and all(card_name(cat, c, "en") in text for c in mine)
        assert other and not any(f"card-{c}" in text for c in other)  # ids are unique
        assert "Game #" not in text and f"game #{gid}" in text  # the catalog's title
        # in French, by the browser's language
        status, text = await get(page, http, f"/g/{gid}", token, lang="fr-FR,fr;q=0.9")
        assert status == 200 and "Votre main" in text and 'lang="fr"' in text


async def test_a_player_s_page_speaks_their_language(page: Page) -> None:
    """Their /hadara settings language first (over the browser's), the page's switch over
    both; the switch's links keep to the page."""
    gid = page.gid
    await page.env.svc.languages.choose(ALICE, "ja")
    async with aiohttp.ClientSession() as http:
        token = await sign_in(page, http, ALICE)
        status, text = await get(page, http, f"/g/{gid}", token, lang="fr")
        assert status == 200 and 'lang="ja"' in text and "あなたの手札" in text
        status, text = await get(page, http, f"/g/{gid}?lang=en", token, lang="fr")
        assert status == 200 and 'lang="en"' in text and "Your hand" in text
        assert f'href="/g/{gid}?lang=fr"' in text  # the switch
        status, text = await get(page, http, f"/g/{gid}?lang=xx", token, lang="fr")
        assert status == 200 and 'lang="ja"' in text  # an unknown one is ignored


async def test_refusals_are_pages_in_words_and_change_nothing(page: Page) -> None:
    gid = page.gid
    before = (await page.env.svc.load(gid)).game.version  # type: ignore[union-attr]
    async with aiohttp.ClientSession() as http:
        forged = page.link(ALICE)[:-2] + "AA"
        for url, status, words in (
                (forged, 403, "not valid"),
                (page.link(ALICE, ttl=1), None, None),  # good, but used below when expired
                (page.url("/l/not-a-token"), 403, "not valid"),
                (page.url("/l/" + "1" * 500), 403, "not valid"),
                (page.url(f"/g/{gid}"), 401, "not signed in"),
                (page.url("/g/0"), 404, None), (page.url("/g/-1"), 404, None),
                (page.url("/g/" + "9" * 30), 404, None), (page.url("/g/x"), 404, None)):
            if status is None:
                continue
            async with http.get(url, allow_redirects=False) as resp:
                assert resp.status == status, (url, await resp.text())
                assert COOKIE not in resp.cookies
                if words is not None:
                    assert words in await resp.text()
        expired = page.link(ALICE, ttl=10)
        page.env.vt.now += 11
        async with http.get(expired, allow_redirects=False) as resp:
            assert resp.status == 403 and "too old" in await resp.text()
        # a stranger's valid link opens a session, but not the game
        token = await sign_in(page, http, STRANGER)
        status, text = await get(page, http, f"/g/{gid}", token)
        assert status == 403 and "not yours" in text
        # a forged cookie
        status, _ = await get(page, http, f"/g/{gid}", "x" * 43)
        assert status == 401
    after = (await page.env.svc.load(gid)).game.version  # type: ignore[union-attr]
    assert after == before


async def test_sessions_end_when_idle_and_everywhere_at_once(page: Page) -> None:
    gid, store = page.gid, page.env.store
    async with aiohttp.ClientSession() as http:
        one = await sign_in(page, http, HOST)
        two = await sign_in(page, http, HOST)
        assert one != two
        page.env.vt.now += page.site.session_idle - 60
        assert (await get(page, http, f"/g/{gid}", one))[0] == 200  # used: the idle clock
        page.env.vt.now += 120  # restarts for this one only
        assert (await get(page, http, f"/g/{gid}", one))[0] == 200
        assert (await get(page, http, f"/g/{gid}", two))[0] == 401  # idle too long
        assert await page.env.svc.end_web_sessions(HOST) == 1  # sign out everywhere
        assert (await get(page, http, f"/g/{gid}", one))[0] == 401  # at once, kept or not
        assert await store.end_sessions(HOST) == 0
    # the store keeps only the token's hash
    assert await store.session_user(one, page.env.vt.clock(), 3600) is None


async def test_the_policy_decides_as_in_a_dm(page: Page) -> None:
    """A link session is an actor with no server: a seated player reaches their own seat;
    someone without a seat is refused the board from outside the game's server."""
    svc, gid = page.env.svc, page.gid
    await svc.authorize(Actor(HOST), gid, "panel", seat=await svc.seat_of(gid, HOST))
    with pytest.raises(Refusal) as err:
        await svc.authorize(Actor(BOB), gid, "board")
    assert err.value.code == "denied"


async def test_no_secret_reaches_the_log(page: Page, caplog: pytest.LogCaptureFixture) -> None:
    """The links' secret, a link, a session's token and a spectator token are never logged,
    whatever is asked (good and forged links, pages, a spectator's page)."""
    import logging

    from web import spectate

    link = page.link(ALICE)
    watch = spectate.token(SECRET, page.gid)
    with caplog.at_level(logging.DEBUG):
        async with aiohttp.ClientSession() as http:
            token = await sign_in(page, http, ALICE)
            await get(page, http, f"/g/{page.gid}", token)
            await get(page, http, link.split(str(page.server.port), 1)[1] + "x")  # forged
            await get(page, http, f"/s/{page.gid}/{watch}")
            await get(page, http, f"/s/{page.gid}/{watch[:-1]}A")
    logged = "\n".join(r.getMessage() for r in caplog.records)
    secrets = (SECRET.decode(), link.rsplit("/", 1)[1], token, watch)
    assert not [s for s in secrets if s in logged]
