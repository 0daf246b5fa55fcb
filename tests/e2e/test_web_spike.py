"""The web server beside the real bot under simcord (docs/web.md, "Where the server runs"):
started by the ``cogs.web`` extension on its own thread and loop, it answers while the
offline Discord keeps settling (its sockets and timers are not the bot's tracked work), and
its service calls run on the bot's loop; without HADARA_WEB_PORT nothing is started."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import pytest

from bot.config import Config

from . import conftest
from .conftest import new_game, settle, world

pytest.importorskip("simcord")


async def test_the_page_server_lives_beside_the_offline_discord(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest, "config",
                        lambda path: Config(token="x", db=path, web_port=0))
    async with world(tmp_path, monkeypatch) as w:
        web = w.bot.get_cog("Web")
        assert web is not None and web.server is not None  # type: ignore[attr-defined]
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
