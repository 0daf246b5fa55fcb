"""A move made in the board inside Discord is a move like any other (issue 38, "Together at
the table"), through the real bot under the strict Discord: alice presses "Open the board"
on the board message in the game's thread (the strict layer accepts the launch), the page
Discord opens signs her in through the server's code exchange against a local fake of
Discord's OAuth2, user and instance endpoints (tests/support/fake_discord.py, the bot's own
token checked), shows the thread's game, and her choices posted with the bearer session are
stored as hers (``user:<alice>`` in the log, once each), the thread's board moves on, and
nobody is pinged twice for a step (alice never for her own move)."""

from __future__ import annotations

import re
import socket
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.config import Config
from tests.support.fake_discord import CLIENT_ID, CLIENT_SECRET, Where, serving_discord

from . import conftest
from .conftest import board, new_game, people_waiting, settle, take_turn, thread_of, world
from .test_activity_launch import launch_id, strict_of
from .test_web_acting import bridge_in_bot_scope, rows

pytest.importorskip("simcord")

FORM = re.compile(r'name="csrf" value="([^"]+)"><input type="hidden" name="decision" '
                  r'value="([^"]+)"')
CHOICE = re.compile(r'form="act" name="o" value="(\d+\.[0-9a-f]{4})"')


def mentions(messages: list[Any], user: int) -> int:
    return sum(f"<@{user}>" in (m.content or "") for m in messages)


@pytest.mark.discord_limits(activities=True)
async def test_a_move_in_the_activity_is_a_move_like_any_other(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    async with serving_discord(bot_token="x") as fake:
        monkeypatch.setattr(conftest, "config", lambda path: Config(
            token="x", db=path, web_port=port, web_url="https://hadara.example.org",
            activity=True, client_id=CLIENT_ID, client_secret=CLIENT_SECRET,
            discord_api=fake.base))
        async with world(tmp_path, monkeypatch) as w:
            bridge_in_bot_scope(w, monkeypatch)
            gid, _ = await new_game(w, "alice", seats=2, join=["bob"])
            alice, bob = w.members["alice"], w.members["bob"]
            await settle(w, gid)
            thread = await thread_of(w, gid)
            # "Open the board" on the board message, in the thread
            clicked = await alice.click(await board(w, gid), custom_id=launch_id(gid))
            assert clicked.acknowledged and [lc.channel_id for lc in strict_of(w).launches] \
                == [thread.id]
            fake.instances["i-thread"] = Where(w.guild.id, thread.id, {alice.id})
            site = f"http://127.0.0.1:{port}"
            async with aiohttp.ClientSession() as http:
                async with http.post(f"{site}/a/session", headers={"Origin": site}, json={
                        "code": fake.code_for(alice.id), "instance_id": "i-thread"}) as r:
                    assert r.status == 200, await r.text()
                    answer = await r.json()
                assert answer["game"] == gid  # the thread's game, from the launch
                bearer = {"Authorization": f"Bearer {answer['session']}", "Origin": site}
                moves = 0
                for _ in range(60):
                    await settle(w, gid)
                    waiting = await people_waiting(w, gid)
                    users = {u for _, u, _ in waiting}
                    if bob.id in users:
                        await take_turn(w, gid, bob.id)
                        continue
                    if users != {alice.id} or moves >= 4:
                        break
                    async with http.get(f"{site}/g/{gid}", headers=bearer) as r:
                        assert r.status == 200
                        page = await r.text()
                    form, options = FORM.search(page), CHOICE.findall(page)
                    assert form is not None and options, "her choices are on the page"
                    before_rows = await rows(w, gid)
                    before_said = (await board(w, gid)).content
                    before = [m async for m in thread.history(limit=None)]
                    async with http.post(f"{site}/g/{gid}/act", headers=bearer,
                                         allow_redirects=False, data={
                                             "csrf": form.group(1),
                                             "decision": form.group(2),
                                             "o": options[0]}) as r:
                        assert r.status == 303
                    await settle(w, gid)
                    made = (await rows(w, gid))[len(before_rows):]
                    # stored as hers, once: the same call as her buttons make
                    assert made and made[0].submitted_by == f"user:{alice.id}"
                    assert [r.decision_id for r in made if r.submitted_by ==
                            f"user:{alice.id}"].count(form.group(2)) >= 1
                    # Discord follows: the board moved on; the quiet table holds
                    assert (await board(w, gid)).content != before_said
                    after = [m async for m in thread.history(limit=None)]
                    new = [m for m in after if m.id not in {b.id for b in before}]
                    assert mentions(new, alice.id) == 0
                    assert mentions(new, bob.id) <= 1
                    moves += 1
                assert moves >= 2
