"""``make demo`` (devtools/demo.py): the page in the browser follows a new game into its
thread without a reload (the same page context answers with the thread), Ctrl-C ends the demo
within two seconds without a traceback, the demo player has a person's name, and the bot's
web page is served on a free local port ("Open the board" on the panels)."""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bot.config import parse_web
from devtools.demo import (
    DEFAULT_PLAYER,
    STOP_SECONDS,
    Follower,
    demo_config,
    free_port,
    missing_preview,
    player_name,
    username,
)

ROOT = Path(__file__).resolve().parents[2]
preview_installed = pytest.mark.skipif(
    bool(missing_preview()) or importlib.util.find_spec("aiohttp") is None,
    reason="the demo extra (simcord[preview]) is not installed")


def test_the_demo_player_has_a_name() -> None:
    assert player_name(environ={}) == DEFAULT_PLAYER
    assert DEFAULT_PLAYER.lower() != "you"
    assert player_name("  Ana   Lucia ", environ={}) == "Ana Lucia"
    assert player_name(None, environ={"HADARA_DEMO_NAME": "Kenji"}) == "Kenji"
    assert player_name("", environ={"HADARA_DEMO_NAME": " "}) == DEFAULT_PLAYER
    assert username("Ana Lucia") == "analucia" and username("花子") == "player"


def test_the_demo_serves_the_web_page_on_a_free_local_port(tmp_path: Path) -> None:
    config = demo_config(str(tmp_path / "demo.sqlite3"))
    assert config.web_port and config.web_host == "127.0.0.1"
    assert config.web_url == f"http://127.0.0.1:{config.web_port}"
    # the address passes the bot's own check (plain http on this computer only)
    assert parse_web(str(config.web_port), config.web_url) == (config.web_port,
                                                               config.web_url)
    chosen = demo_config(str(tmp_path / "demo.sqlite3"), 8123)
    assert (chosen.web_port, chosen.web_url) == (8123, "http://127.0.0.1:8123")
    assert 0 < free_port() < 65536


def start_demo(tmp_path: Path, *args: str) -> tuple[subprocess.Popen[str], list[str]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "HADARA_"))}
    env["PYTHONPATH"] = str(ROOT)
    env["PYTHONUNBUFFERED"] = "1"
    proc = subprocess.Popen([sys.executable, "-m", "devtools.demo", "--port", "0",
                             "--db", str(tmp_path / "demo.sqlite3"), *args],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    lines: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        if line.startswith("Stop with Ctrl-C"):  # the welcome's last line
            return proc, lines
    proc.kill()
    out, err = proc.communicate()
    pytest.fail(f"the demo did not start: {''.join(lines) + out}\n{err}")


def stop_demo(proc: subprocess.Popen[str], *signals: signal.Signals) -> tuple[float, str, str]:
    started = time.monotonic()
    for sig in signals:
        proc.send_signal(sig)
        time.sleep(0.05)
    try:
        out, err = proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        pytest.fail(f"the demo did not stop: {out}\n{err}")
    return time.monotonic() - started, out, err


@preview_installed
@pytest.mark.parametrize("signals", [(signal.SIGINT,), (signal.SIGINT, signal.SIGINT)],
                         ids=["ctrl-c", "ctrl-c-twice"])
def test_ctrl_c_ends_the_demo_quickly_without_a_traceback(
        tmp_path: Path, signals: tuple[signal.Signals, ...]) -> None:
    proc, lines = start_demo(tmp_path, "--name", "Kenji")
    welcome = "".join(lines)
    took, out, err = stop_demo(proc, *signals)
    assert took < STOP_SECONDS, (took, out, err)
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "Error" not in err, err
    assert out.rstrip().endswith("demo stopped")
    assert out.count("demo stopped") == 1
    text = welcome + out
    assert "You play as Kenji" in text and '"you"' not in text
    assert "The live board: http://127.0.0.1:" in text  # the bot's web page is on


async def post(http: Any, url: str, path: str, body: Any, capability: str) -> Any:
    async with http.post(url + path, json=body,
                         headers={"X-Simcord-Capability": capability}) as response:
        assert response.status == 200, await response.text()
        return await response.json()


async def state(http: Any, url: str, capability: str, context: str) -> Any:
    async with http.get(url + "/api/state", headers={
            "X-Simcord-Capability": capability, "X-Simcord-Context": context}) as response:
        assert response.status == 200, await response.text()  # 410: the page went blank
        return await response.json()


@preview_installed
async def test_the_open_page_follows_the_game_into_its_thread_without_a_reload(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import aiohttp

    from tests.e2e.conftest import answer, world

    async with world(tmp_path, monkeypatch) as w:
        alice, bob = w.members["alice"], w.members["bob"]
        follower = Follower(w.env, w.channel, [alice, bob], port=0)
        await follower.open(w.channel)
        try:
            url = follower.url
            base, capability = url.split("/#")
            async with aiohttp.ClientSession() as http:
                # the page a browser holds open (what app.js's bootstrap and poll do)
                page = await post(http, base, "/api/pages", {}, capability)
                context = page["context"]["id"]
                before = await state(http, base, capability, context)
                assert before["channelId"] == str(w.channel.id)
                result = await alice.slash(w.channel, "hadara new", seats=3, ai=2)
                assert "#1" in answer(result).content
                await follower.tick()
                [thread] = w.channel.threads
                assert follower.showing.id == thread.id and follower.url == url
                after = await state(http, base, capability, context)  # the same page
                assert after["channelId"] == str(thread.id)
                assert after["context"]["generation"] > before["context"]["generation"]
                assert after["publishedRevision"] > before["publishedRevision"]
                lobby = thread.history()[0]
                assert str(lobby.id) in after["messages"]
                # and it plays on there: the lobby's own button works from the page's thread
                reloaded = await post(http, base, "/api/pages", {}, capability)
                assert reloaded["channelId"] == str(thread.id)
        finally:
            await follower.preview.close()
