"""Spectator pages of the web page (web/spectate.py, the /s and /sw routes; docs/web.md,
"Spectators"), over a real game service on SQLite and PostgreSQL: a game's spectator link
shows its public view — no hand, no pending pick, no deck — in the browser's language, with a
live socket carrying versions only; a wrong, altered, malformed or huge token, another game's
token, a server that did not allow spectators, a game of no server and a private game
(learning, practice) are refused with a page in words (403), never a 500, and change
nothing. Through a whole game, no seat's hidden card is ever named on the spectator page in
any language."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterable

import aiohttp
import pytest

from hadara.content import default_catalog
from hadara.words import card_name
from i18n import LOCALES
from tests.support.storage_helpers import ALICE, BOB, HOST, move, table
from tests.web.test_live import headers, ws_url
from tests.web.test_pages import SECRET, Page, get, page  # noqa: F401  (the fixture)
from web import spectate

GUILD = 4242
REFUSED = "cannot be watched"


async def allow(p: Page, gid: int | None = None, *, on: bool = True) -> int:
    """The game (the page's by default) played on GUILD, whose spectators are ``on``."""
    gid = p.gid if gid is None else gid
    await p.env.svc.set_discord(gid, {"guild": GUILD, "thread": 77})
    await p.env.svc.set_web_spectators(GUILD, on)
    return gid


def watch_path(gid: int, secret: bytes = SECRET) -> str:
    return spectate.page_path(secret, gid)


async def version(p: Page, gid: int | None = None) -> int:
    """The version a spectator's page shows: the spectator view's."""
    return (await p.env.svc.view(p.gid if gid is None else gid, None))["version"]


def test_tokens_are_derived_unguessable_and_checked_in_shape() -> None:
    one, two = spectate.token(SECRET, 1), spectate.token(SECRET, 2)
    assert len(one) == spectate.TOKEN_CHARS == 22 and one != two
    assert spectate.token(SECRET, 1) == one  # derived: the same in every process
    assert spectate.token(b"other" * 8, 1) != one  # another secret: every link changes
    assert spectate.valid(SECRET, 1, one) and not spectate.valid(SECRET, 2, one)
    for bad in (one[:-1], one + "A", one[:-1] + ("A" if one[-1] != "A" else "B"), "",
                "x" * 5000, None, 123, one.upper() if one.upper() != one else one.lower(),
                "/" * 22, "é" * 22):
        assert not spectate.valid(SECRET, 1, bad), bad
    assert not spectate.valid(b"", 1, one)
    with pytest.raises(ValueError):
        spectate.token(b"", 1)
    assert spectate.page_path(SECRET, 9) == f"/s/9/{spectate.token(SECRET, 9)}"
    assert spectate.socket_path(SECRET, 9) == f"/sw/9/{spectate.token(SECRET, 9)}"


async def test_a_spectator_link_shows_the_public_view(page: Page) -> None:  # noqa: F811
    gid = await allow(page)
    svc = page.env.svc
    async with aiohttp.ClientSession() as http:
        status, text = await get(page, http, watch_path(gid))
        assert status == 200, text
        assert f'data-socket="{spectate.socket_path(SECRET, gid)}"' in text
        assert f'data-game="{gid}"' in text and "Your hand" not in text
        assert f"game #{gid}" in text
        for seat in (0, 1):  # the players, by name
            assert (await svc.view(gid, seat))["seats"][seat]["name"] in text
        hidden, public = await hidden_cards(page, gid), await public_cards(page, gid)
        assert hidden_names(hidden, public, "en")
        assert not named(hidden_names(hidden, public, "en"), text, "en", public)
        # in the browser's language
        status, text = await get(page, http, watch_path(gid), lang="fr-FR,fr;q=0.9")
        assert status == 200 and 'lang="fr"' in text and "Votre main" not in text
        assert not named(hidden_names(hidden, public, "fr"), text, "fr", public)


async def test_wrong_tokens_are_refused_in_words(page: Page) -> None:  # noqa: F811
    gid = await allow(page)
    before = await version(page)
    good = spectate.token(SECRET, gid)
    other = await table(page.env, (HOST, ALICE))
    await allow(page, other)
    flipped = good[:-1] + ("A" if good[-1] != "A" else "B")
    async with aiohttp.ClientSession() as http:
        for path in (f"/s/{gid}/{flipped}",
                     f"/s/{gid}/{spectate.token(SECRET, other)}",  # another game's token
                     f"/s/{other}/{good}",
                     f"/s/{gid}/{spectate.token(b'another secret', gid)}",
                     f"/s/{gid}/{good[:-1]}", f"/s/{gid}/{good}A",
                     f"/s/{gid}/" + "A" * 5000, f"/s/{gid}/%00%ff", f"/s/{gid}/..%2f..",
                     f"/s/{gid}/{good}?v=1&" + "x=1&" * 500):
            status, text = await get(page, http, path)
            if path.startswith(f"/s/{gid}/{good}?"):  # (a query changes nothing)
                assert status == 200, path[:60]
                continue
            assert status == 403 and REFUSED in text, (path[:60], status, text[:200])
        for path in ("/s/abc/" + good, "/s/0/" + good, "/s/-1/" + good, "/s/" + "9" * 5000
                     + "/" + good, f"/s/{gid}", f"/s/{gid}/", f"/s/{gid}/{good}/x",
                     "/sw/abc/" + good):
            status, text = await get(page, http, path)
            assert 400 <= status < 500, (path[:60], status)
        # the French page, in words
        status, text = await get(page, http, f"/s/{gid}/{flipped}", lang="fr")
        assert status == 403 and "ne peut pas être regardée" in text
    assert await version(page) == before


async def test_a_server_that_does_not_allow_it(page: Page) -> None:  # noqa: F811
    gid = page.gid
    async with aiohttp.ClientSession() as http:
        status, text = await get(page, http, watch_path(gid))  # a game of no server
        assert status == 403 and REFUSED in text
        await allow(page, on=False)  # a server's games: off by default, and turned off
        status, text = await get(page, http, watch_path(gid))
        assert status == 403 and REFUSED in text
        await allow(page, on=True)
        assert (await get(page, http, watch_path(gid)))[0] == 200
        await page.env.svc.set_web_spectators(GUILD, False)
        assert (await get(page, http, watch_path(gid)))[0] == 403


@pytest.mark.parametrize("options", [{"learn": True}, {"practice": True},
                                     {"fork": {"game": 1, "action": 0, "seat": 0},
                                      "practice": True}],
                         ids=["learning", "practice", "fork"])
async def test_private_games_are_never_watched(page: Page,  # noqa: F811
                                               options: dict[str, object]) -> None:
    gid = await allow(page, await table(page.env, (ALICE, BOB), options=options))
    assert (await page.env.svc.record(gid)).options.items() >= options.items()
    async with aiohttp.ClientSession() as http:
        status, text = await get(page, http, watch_path(gid))
        assert status == 403 and REFUSED in text
        async with http.get(ws_url(page, spectate.socket_path(SECRET, gid)),
                            headers={**headers(page, None), "Connection": "Upgrade",
                                     "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                                     "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
                            ) as resp:
            assert resp.status == 403


async def test_the_spectator_socket_carries_versions_only(page: Page) -> None:  # noqa: F811
    gid = await allow(page)
    path = spectate.socket_path(SECRET, gid)
    async with aiohttp.ClientSession() as http:
        now = await version(page)
        async with http.ws_connect(ws_url(page, f"{path}?v={now}"),
                                   headers=headers(page, None)) as ws:
            await asyncio.sleep(0.05)  # registered on the server's loop
            assert page.site.live.count() == 1
            await move(page.env, page.gid)
            message = await ws.receive_json(timeout=5)
            assert set(message) <= {"mine", "version"} and message.get("mine") is not None
            assert "version" not in message or message["version"] == await version(page)
        assert await version(page) > now
        # behind: told at once
        async with http.ws_connect(ws_url(page, f"{path}?v={now}"),
                                   headers=headers(page, None)) as ws:
            assert (await ws.receive_json(timeout=5)).get("mine") is True
        # refused: another origin, a wrong token, the setting off
        for bad, origin in ((path, "https://evil.example"),
                            (f"/sw/{gid}/{spectate.token(SECRET, gid + 1)}", "same")):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                async with http.ws_connect(ws_url(page, f"{bad}?v={now}"),
                                           headers=headers(page, None, origin)):
                    pass
            assert refused.value.status == 403
        await page.env.svc.set_web_spectators(GUILD, False)
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            async with http.ws_connect(ws_url(page, f"{path}?v={now}"),
                                       headers=headers(page, None)):
                pass
        assert refused.value.status == 403
    await asyncio.sleep(0.05)
    assert page.site.live.count() == 0


# -- the leak check

def _cards(value: object, known: Iterable[str]) -> set[str]:
    """Every card id named anywhere in ``value`` (a view, events: JSON-like)."""
    ids = set(known)
    text = json.dumps(value, default=str)
    return {s for s in re.findall(r'"([^"]+)"', text) if s in ids}


async def public_cards(p: Page, gid: int) -> set[str]:
    """The cards the spectator's table names (its view and its news): public now."""
    state = await p.env.svc.table(gid, None)
    assert "private" not in state.view
    return _cards([state.view, list(state.events)], default_catalog().cards)


async def hidden_cards(p: Page, gid: int) -> set[str]:
    """Every card some seat holds privately now (its hand, its pending pick, its sales, the
    cards of its decision) and every card still in a deck, left to come."""
    game = (await p.env.svc.load(gid)).game
    assert game is not None
    known = default_catalog().cards
    out: set[str] = set()
    for seat in range(len(game.players)):
        out |= _cards((await p.env.svc.view(gid, seat))["private"], known)
    out |= _cards([game.decks, game.epoch_decks], known)
    return out


def names(cards: set[str], locale: str) -> set[str]:
    cat = default_catalog()
    return {card_name(cat, c, locale) for c in cards}


def hidden_names(hidden: set[str], public: set[str], locale: str) -> set[str]:
    """Names only hidden cards bear (another copy of a shown card shares its name)."""
    return names(hidden - public, locale) - names(public, locale)


def named(hidden: set[str], text: str, locale: str, public: set[str] = frozenset()) -> set[str]:
    """Which of the ``hidden`` names the page's text shows: as words in the Latin scripts;
    in Japanese, once the ``public`` cards' names are taken out (学者 is in 哲学者)."""
    for name in sorted(names(public, locale), key=len, reverse=True):
        text = text.replace(name, "\x00")
    if locale == "ja":
        return {n for n in hidden if n in text}
    return {n for n in hidden if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text)}


@pytest.mark.sqlite_only
async def test_a_whole_game_shows_no_hidden_card(page: Page) -> None:  # noqa: F811
    gid = await allow(page)
    svc = page.env.svc
    async with aiohttp.ClientSession() as http:
        checked, step = 0, 0
        for step in range(400):
            game = (await svc.load(gid)).game
            assert game is not None
            if game.is_over:
                break
            locale = LOCALES[step % len(LOCALES)]
            hidden, public = await hidden_cards(page, gid), await public_cards(page, gid)
            status, text = await get(page, http, watch_path(gid), lang=locale)
            assert status == 200, text[:300]
            for loc in LOCALES:  # any language's name of a hidden card
                assert not named(hidden_names(hidden, public, loc), text, loc, public), \
                    (step, loc)
            checked += 1
            await move(page.env, gid)
            page.env.vt.now += 1
        assert game.is_over and checked > 50
        status, text = await get(page, http, watch_path(gid))  # the finished game
        assert status == 200
