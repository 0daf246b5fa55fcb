"""``make demo``'s machinery (devtools/demo.py) under test: the preview opens on #hadara, follows
a new game into its thread under the same address, and the page's entry point answers there
(what a reload in the browser does)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from devtools.demo import Follower, missing_preview

from .conftest import answer, world

pytest.importorskip("simcord")
pytestmark = pytest.mark.skipif(bool(missing_preview()) or importlib.util.find_spec(
    "aiohttp") is None, reason="the demo extra (simcord[preview]) is not installed")


async def test_the_preview_follows_the_game_into_its_thread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import aiohttp

    async with world(tmp_path, monkeypatch) as w:
        alice, bob = w.members["alice"], w.members["bob"]
        follower = Follower(w.env, w.channel, [alice, bob], port=0)
        await follower.open(w.channel)
        try:
            url = follower.url
            assert follower.showing.id == w.channel.id
            await follower.tick()  # nothing happened: stays
            assert follower.showing.id == w.channel.id
            result = await alice.slash(w.channel, "hadara new", seats=3, ai=2)
            assert "#1" in answer(result).content
            await follower.tick()
            [thread] = w.channel.threads
            assert follower.showing.id == thread.id
            assert follower.url == url  # the same address: a reload follows
            base, capability = url.split("/#")
            async with aiohttp.ClientSession() as http:
                async with http.get(base + "/") as index:
                    assert index.status == 200
                async with http.post(base + "/api/pages", json={},
                                     headers={"X-Simcord-Capability": capability}) as page:
                    assert page.status == 200
                    payload = await page.json()
            assert str(thread.id) in str(payload)
        finally:
            await follower.preview.close()
