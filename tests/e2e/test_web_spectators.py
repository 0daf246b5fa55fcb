"""Spectators of the web page through the real bot under simcord (docs/web.md,
"Spectators"): ``/hadara-admin spectators`` (Manage Server) turns a server's spectator links on
and off; while on, the board message in a game's thread carries a "Watch live" link button,
and following it with a plain HTTP client opens the game's public view (200) — never a hand;
turned off, the link opens nothing (403) and the board loses its button at its next change.
No link without the page (a private game never has one: the policy, tests/web/test_spectators.py)."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import discord
import pytest

from bot.config import Config
from hadara.content import default_catalog
from hadara.words import card_name

from . import conftest
from .conftest import (
    answer,
    board,
    components,
    new_game,
    people_waiting,
    settle,
    take_turn,
    world,
)

pytest.importorskip("simcord")

BASE = "http://localhost:9"


def watch_links(message: object) -> list[dict[str, object]]:
    return [c for c in components(message) if c.get("style") == 5]


async def test_the_admin_setting_puts_a_watch_link_on_the_board(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest, "config", lambda path: Config(
        token="x", db=path, web_port=0, web_url=BASE))
    async with world(tmp_path, monkeypatch) as w:
        port = w.bot.get_cog("Web").server.port  # type: ignore[union-attr]
        managers = w.guild.create_role("managers", permissions=discord.Permissions(
            manage_guild=True))
        dave = w.guild.add_member(w.env.create_user("dave"), roles=[managers])
        await w.env.settle()
        # off by default: a board without the link
        gid, _ = await new_game(w, "alice", seats=2, ai=1)
        await settle(w, gid)
        assert watch_links(await board(w, gid)) == []
        # a manager turns it on (/hadara-admin shows only to Manage Server; the policy's
        # server.settings: tests/e2e/test_access_matrix.py)
        said = await dave.slash(w.channel, "hadara-admin spectators", allow=True)
        assert said.ephemeral and "Spectators are on" in answer(said).content
        gid, _ = await new_game(w, "bob", seats=2, ai=1)
        await settle(w, gid)
        message = await board(w, gid)
        [link] = watch_links(message)
        assert link["label"] == "Watch live"
        url = str(link["url"])
        assert url.startswith(f"{BASE}/s/{gid}/") and len(url) <= 512
        assert all(len(row.get("components", [])) <= 5 for row in message.components
                   if isinstance(row, dict)) and len(message.components) <= 5
        path = url[len(BASE):]
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}{path}") as resp:
                text = await resp.text()
                assert resp.status == 200, text[:300]
            assert f"game #{gid}" in text and "Your hand" not in text
            seat = await w.service.seat_of(gid, w.members["bob"].id)
            assert seat is not None
            mine = (await w.service.view(gid, seat))["private"]["hand"]
            shown = (await w.service.table(gid, None)).view
            public = {card_name(default_catalog(), c, "en") for c in str(shown).split("'")
                      if c in default_catalog().cards}
            for c in mine:
                name = card_name(default_catalog(), c, "en")
                assert name in public or name not in text, name
            # turned off: the link opens nothing, and the board loses it at its next change
            said = await dave.slash(w.channel, "hadara-admin spectators", allow=False)
            assert "Spectators are off" in answer(said).content
            async with http.get(f"http://127.0.0.1:{port}{path}") as resp:
                assert resp.status == 403 and "cannot be watched" in await resp.text()
        waiting = await people_waiting(w, gid)
        await take_turn(w, gid, waiting[0][1])
        await settle(w, gid)
        assert watch_links(await board(w, gid)) == []


async def test_no_watch_link_without_the_page(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        managers = w.guild.create_role("managers", permissions=discord.Permissions(
            manage_guild=True))
        dave = w.guild.add_member(w.env.create_user("dave"), roles=[managers])
        await w.env.settle()
        said = await dave.slash(w.channel, "hadara-admin spectators", allow=True)
        assert "web page is not on" in answer(said).content
        gid, _ = await new_game(w, "alice", seats=2, ai=1)
        await settle(w, gid)
        assert watch_links(await board(w, gid)) == []
        assert await w.service.web_spectators(w.guild.id)
