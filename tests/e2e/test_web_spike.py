"""The web server beside the real bot under simcord (docs/web.md, "Where the server runs"):
started by the ``cogs.web`` extension on its own thread and loop, it answers while the
offline Discord keeps settling (its sockets and timers are not the bot's tracked work), and
its service calls run on the bot's loop; without HADARA_WEB_PORT nothing is started."""

from __future__ import annotations

import logging
import socket
from pathlib import Path

import aiohttp
import pytest

from bot.config import Config
from hadara.content import default_catalog
from hadara.words import card_name

from . import conftest
from .conftest import answer, components, new_game, open_panel, rows_of, settle, world

pytest.importorskip("simcord")


async def test_the_page_server_lives_beside_the_offline_discord(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest, "config",
                        lambda path: Config(token="x", db=path, web_port=0,
                                            web_session_idle_days=2, web_session_max_days=9))
    async with world(tmp_path, monkeypatch) as w:
        web = w.bot.get_cog("Web")
        assert web is not None and web.server is not None  # type: ignore[attr-defined]
        site = web.site  # type: ignore[attr-defined]
        assert (site.session_idle, site.session_lifetime) == (2 * 86400, 9 * 86400)
        port = web.server.port  # type: ignore[attr-defined]
        gid, _ = await new_game(w, "alice", seats=2, ai=1)
        async with aiohttp.ClientSession() as http:
            for _ in range(3):  # the world settles between requests: nothing left pending
                async with http.get(f"http://127.0.0.1:{port}/healthz") as resp:
                    assert resp.status == 200 and await resp.json() == {"ok": True}
                await settle(w, gid)
        assert (await w.service.load(gid)).game is not None


async def test_without_a_port_no_server_is_started(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        web = w.bot.get_cog("Web")
        assert web is not None and web.server is None  # type: ignore[attr-defined]


async def test_a_port_in_use_is_said_and_the_bot_plays_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """Another program holds HADARA_WEB_PORT: the log says so in words, and the bot plays in
    Discord without the page (no board links on the panels)."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        monkeypatch.setattr(conftest, "config", lambda path: Config(
            token="x", db=path, web_port=port, web_url="http://localhost:9"))
        with caplog.at_level(logging.ERROR, logger="cogs.web.cog"):
            async with world(tmp_path, monkeypatch) as w:
                web = w.bot.get_cog("Web")
                assert web is not None and web.server is None  # type: ignore[attr-defined]
                gid, _ = await new_game(w, "alice", seats=2, ai=1)
                await settle(w, gid)
                panel = await open_panel(w, gid, w.members["alice"].id)
                assert not [c for c in components(panel) if c.get("style") == 5]
    said = " ".join(r.getMessage() for r in caplog.records)
    assert f"127.0.0.1:{port}" in said and "in use" in said and "HADARA_WEB_PORT" in said


async def test_open_the_board_from_the_panel(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The panel carries "Open the board" (a link button) when the page is on; its signed
    link, opened, signs the player in and shows their own hand."""
    monkeypatch.setattr(conftest, "config", lambda path: Config(
        token="x", db=path, web_port=0, web_url="http://localhost:9"))
    async with world(tmp_path, monkeypatch) as w:
        port = w.bot.get_cog("Web").server.port  # type: ignore[union-attr]
        gid, _ = await new_game(w, "alice", seats=2, ai=1)
        alice = w.members["alice"].id
        await settle(w, gid)
        panel = await open_panel(w, gid, alice)
        [link] = [c for c in components(panel) if c.get("style") == 5]
        assert rows_of(panel)[-1]["components"] == [link]  # a row of its own, below the choices
        assert link["label"] == "Open the board"
        url = str(link["url"])
        assert url.startswith("http://localhost:9/l/") and len(url) <= 512
        path = url[len("http://localhost:9"):]
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}{path}",
                                allow_redirects=False) as resp:
                assert resp.status == 303 and resp.headers["Location"] == f"/g/{gid}"
                token = resp.cookies["hadara_session"].value
            async with http.get(f"http://127.0.0.1:{port}/g/{gid}",
                                headers={"Cookie": f"hadara_session={token}"}) as resp:
                text = await resp.text()
                assert resp.status == 200, text
        seat = await w.service.seat_of(gid, alice)
        assert seat is not None
        view = await w.service.view(gid, seat)
        name = view["seats"][seat]["name"]
        assert f"{name}</span>" in text or f'{name} <span class="you">(you)</span>' in text
        assert f"game #{gid}" in text
        names = [card_name(default_catalog(), c, "en") for c in view["private"]["hand"]]
        assert all(n in text for n in names)  # (the hand is dealt at the first draft)


async def test_no_board_link_without_the_page(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        gid, _ = await new_game(w, "alice", seats=2, ai=1)
        await settle(w, gid)
        panel = await open_panel(w, gid, w.members["alice"].id)
        assert not [c for c in components(panel) if c.get("style") == 5]


async def test_the_games_list_links_each_board(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """/hadara games carries a board link per game in play when the page is on."""
    monkeypatch.setattr(conftest, "config", lambda path: Config(
        token="x", db=path, web_port=0, web_url="https://hadara.example.org"))
    async with world(tmp_path, monkeypatch) as w:
        gid, _ = await new_game(w, "alice", seats=2, ai=1)
        await settle(w, gid)
        shown = await w.members["alice"].slash(w.channel, "hadara games")
        [link] = [c for c in components(answer(shown)) if c.get("style") == 5]
        assert link["label"] == f"Board #{gid}"
        assert str(link["url"]).startswith("https://hadara.example.org/l/")
        token = str(link["url"]).rsplit("/", 1)[1]
        assert token.split(".")[:2] == [str(w.members["alice"].id), str(gid)]


async def test_signing_out_everywhere_from_discord(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """/hadara settings web_sign_out ends every session of the user: their page asks them to
    open the board from Discord again."""
    monkeypatch.setattr(conftest, "config", lambda path: Config(
        token="x", db=path, web_port=0, web_url="http://localhost:9"))
    async with world(tmp_path, monkeypatch) as w:
        port = w.bot.get_cog("Web").server.port  # type: ignore[union-attr]
        gid, _ = await new_game(w, "alice", seats=2, ai=1)
        await settle(w, gid)
        panel = await open_panel(w, gid, w.members["alice"].id)
        [link] = [c for c in components(panel) if c.get("style") == 5]
        path = str(link["url"])[len("http://localhost:9"):]
        page = f"http://127.0.0.1:{port}/g/{gid}"
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}{path}",
                                allow_redirects=False) as resp:
                cookie = {"Cookie": f"hadara_session={resp.cookies['hadara_session'].value}"}
            async with http.get(page, headers=cookie) as resp:
                assert resp.status == 200
            said = await w.members["alice"].slash(w.channel, "hadara settings",
                                                  web_sign_out=True)
            assert "Signed out of the web board on 1 device." in answer(said).content
            async with http.get(page, headers=cookie) as resp:
                assert resp.status == 401 and "not signed in" in await resp.text()
