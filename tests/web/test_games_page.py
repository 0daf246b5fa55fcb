"""Every game waiting on you, on the page (web/games.py, issue 39): ``/games`` lists a
signed-in player's games as ``/hadara games`` orders them — waiting on them first, the one
waiting longest at the top, how long and the deadline in their own time zone — then the
others and the lobbies; a game's page links to the list (how many wait on them) and, once
that game no longer waits on them, to the next game; their pages of other games hear when
a game starts waiting on them."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass

import aiohttp
import pytest

from tests.support.storage_helpers import ALICE, HOST, Env, make_env, move, table
from tests.support.stores import StoreFactory
from tests.web.test_pages import Page, get, serving, sign_in
from web.app import _games_of
from web.games import Elsewhere, elsewhere_nav, local_time, waited


async def waits_on(env: Env, gid: int, user: int) -> bool:
    seat = await env.svc.seat_of(gid, user)
    return any(w.seat == seat for w in await env.svc.waiting(gid))


async def until(env: Env, gid: int, user: int, waiting: bool) -> None:
    for _ in range(30):
        if await waits_on(env, gid, user) == waiting:
            return
        await move(env, gid)
    raise AssertionError("the game never got there")


@dataclass
class Games:
    page: Page
    waiting: list[int]  # waiting on ALICE, the oldest first
    other: int  # ALICE's, waiting on HOST
    lobby: int


@pytest.fixture
async def games(make_store: StoreFactory) -> AsyncIterator[Games]:
    env = await make_env(make_store)
    try:
        waiting = []
        for _ in range(2):
            gid = await table(env, (HOST, ALICE))
            await until(env, gid, ALICE, True)
            waiting.append(gid)
            env.vt.now += 3 * 3600
        other = await table(env, (HOST, ALICE))
        await until(env, other, ALICE, False)
        lobby = await env.svc.create(ALICE, "alice", seats=3)
        await env.svc.set_user_settings(ALICE, {"tz": "Asia/Tokyo"})
        async with serving(env, other) as page:
            yield Games(page, waiting, other, lobby)
    finally:
        await env.close()


@pytest.mark.sqlite_only
async def test_the_list_of_a_player_s_games(games: Games) -> None:
    p = games.page
    async with aiohttp.ClientSession() as http:
        token = await sign_in(p, http, ALICE)
        status, text = await get(p, http, "/games", token)
        assert status == 200
        linked = [int(g) for g in re.findall(r'href="/g/(\d+)" data-game', text)]
        assert linked[:2] == games.waiting  # the longest wait first
        assert games.other in linked[2:]
        assert f"Game #{games.lobby}" in text and "lobby, 1/3 seats taken" in text
        assert "2 games are waiting on you" in text
        assert "waiting for 6 hours" in text and "waiting for 3 hours" in text
        # nobody signed in: refused in words
        status, text = await get(p, http, "/games", None)
        assert status == 401 and "not signed in" in text


@pytest.mark.sqlite_only
async def test_the_list_speaks_the_language_of_the_game_s_page(games: Games) -> None:
    """ALICE chose no language; her Discord client reads French: the list is in French,
    as her game's page is, and its deadlines in her own time zone still."""
    p = games.page
    await p.env.svc.languages.for_user(ALICE, "fr")
    async with aiohttp.ClientSession() as http:
        token = await sign_in(p, http, ALICE)
        status, text = await get(p, http, f"/g/{games.other}", token)
        assert status == 200 and '<html lang="fr"' in text
        status, text = await get(p, http, "/games", token)
        assert status == 200 and '<html lang="fr"' in text
        assert "en attente depuis 6 heures" in text
    _, known, zone_name = await _games_of(p.env.svc, ALICE)  # what the list is drawn with
    assert (known, zone_name) == ("fr", "Asia/Tokyo")


@pytest.mark.sqlite_only
async def test_a_page_links_to_the_next_game_once_this_one_does_not_wait(games: Games) -> None:
    p = games.page
    async with aiohttp.ClientSession() as http:
        token = await sign_in(p, http, ALICE)  # the page of `other`: waiting on HOST
        status, text = await get(p, http, f"/g/{games.other}", token)
        assert status == 200
        assert f'href="/g/{games.waiting[0]}" data-game="{games.waiting[0]}">Next game: ' \
               f"#{games.waiting[0]}</a>" in text
        assert "Your games (2 waiting)" in text
        # a game waiting on her: the list's link, no "Next game"
        status, text = await get(p, http, f"/g/{games.waiting[1]}", token)
        assert status == 200 and "Next game" not in text and "Your games (2 waiting)" in text


@pytest.mark.sqlite_only
async def test_pages_of_other_games_hear_when_a_game_starts_waiting(games: Games) -> None:
    """ALICE has the page of a game waiting on HOST open; in another game HOST moves and the
    game comes to her: that page is told to redraw (its header's count changes)."""
    p, env = games.page, games.page.env
    extra = await table(env, (HOST, ALICE))
    await until(env, extra, ALICE, False)
    async with aiohttp.ClientSession() as http:
        token = await sign_in(p, http, ALICE)
        view = await env.svc.view(games.other, await env.svc.seat_of(games.other, ALICE))
        async with http.ws_connect(p.url(f"/ws/{games.other}?v={view['version']}"),
                                   headers={"Cookie": f"hadara_session={token}"},
                                   origin=p.url("")) as ws:
            await until(env, extra, ALICE, True)  # HOST's moves: the game comes to her
            message = await ws.receive_json(timeout=5)
            assert message == {"mine": True}
        status, text = await get(p, http, f"/g/{games.other}", token)
        assert "Your games (3 waiting)" in text


def test_how_long_and_the_header_s_words() -> None:
    assert waited(59, "en") == "waiting for 0 minutes"
    assert waited(61 * 60, "en") == "waiting for 1 hour"
    assert waited(47 * 3600, "en") == "waiting for 47 hours"
    assert waited(3 * 86400, "fr") == "en attente depuis 3 jours"
    assert local_time(0, "Asia/Tokyo") == "1970-01-01 09:00 Asia/Tokyo"  # her own zone
    assert local_time(0, None) == "1970-01-01 00:00 UTC"
    assert elsewhere_nav(None, "en") == ""
    assert "Your games</a>" in elsewhere_nav(Elsewhere(0, None), "en")
