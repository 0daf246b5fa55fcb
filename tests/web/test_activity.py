"""The board inside Discord, over HTTP (web/activity.py, web/app.py): the sign-in exchanges
Discord's one-time code on the server against a local fake of Discord's OAuth2, user and
Activity-instance endpoints (tests/support/fake_discord.py), takes the user and the server
from Discord (never from the page), and opens a bearer session; which game the instance
shows (a launch, the instance's first viewer, the channel's game, a deep link; else the
player's games to pick); a seat's view for its player, the public view for a member of the
server without a seat; choices and the socket with the bearer token; every refusal in
words with no session; no code, token or secret in the log."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest

from tests.support.fake_discord import (
    BOT_TOKEN,
    CLIENT_ID,
    CLIENT_SECRET,
    FakeDiscord,
    Where,
    serving_discord,
)
from tests.support.storage_helpers import ALICE, BOB, CAROL, HOST, Env, make_env, move, table
from tests.support.stores import StoreFactory
from tests.web.test_acting import form_of
from tests.web.test_pages import Page, serving
from web.activity import Activity
from web.discord_api import MAX_ANSWER, DiscordAPI
from web.limits import Window

GUILD, THREAD, OTHER_GUILD = 5005, 7007, 6006
INSTANCE = "i-1234567890-gc-5005-7007"


@dataclass
class Table:
    page: Page
    discord: FakeDiscord
    activity: Activity

    async def sign_in(self, http: aiohttp.ClientSession, user: int, *,
                      instance: str = INSTANCE, custom_id: str | None = None,
                      code: str | None = None, origin: str | None = None
                      ) -> tuple[int, dict[str, object]]:
        body = {"code": code or self.discord.code_for(user), "instance_id": instance,
                "custom_id": custom_id}
        async with http.post(self.page.url("/a/session"), json=body, headers={
                "Origin": origin or self.page.url(""), "Accept-Language": "en"}) as resp:
            return resp.status, await resp.json()

    def person(self, user: int) -> dict[str, Any]:
        """A participant as the SDK describes one."""
        name = self.discord.names[user]
        return {"id": str(user), "username": name.lower(), "global_name": name,
                "discriminator": "0", "flags": 0, "bot": False}

    async def get(self, http: aiohttp.ClientSession, path: str, session: str
                  ) -> tuple[int, str]:
        async with http.get(self.page.url(path), allow_redirects=False, headers={
                "Authorization": f"Bearer {session}", "Accept-Language": "en"}) as resp:
            assert "Set-Cookie" not in resp.headers  # the session lives in the page's memory
            return resp.status, await resp.text()


@asynccontextmanager
async def activity_served(env: Env, gid: int) -> AsyncIterator[Table]:
    """``gid`` in GUILD's thread THREAD, its Activity instance open to ALICE, BOB (a member
    without a seat) and HOST; served with the Activity on, against a fake Discord."""
    await env.svc.set_discord(gid, {"guild": GUILD, "thread": THREAD})
    async with serving_discord() as fake:
        fake.names.update({HOST: "Hassan", ALICE: "Alice", BOB: "Bob", CAROL: "Carol"})
        fake.instances[INSTANCE] = Where(GUILD, THREAD, {HOST, ALICE, BOB})
        act = Activity(DiscordAPI(CLIENT_ID, CLIENT_SECRET, BOT_TOKEN, fake.base),
                       clock=env.vt.clock)
        async with serving(env, gid, act) as page:
            yield Table(page, fake, act)


@pytest.fixture
async def at_table(make_store: StoreFactory) -> AsyncIterator[Table]:
    """HOST and ALICE's game at its first draft (both hands dealt), served as above."""
    env = await make_env(make_store)
    try:
        gid = await table(env, (HOST, ALICE))
        for _ in range(6):
            if all([(await env.svc.view(gid, s))["private"]["hand"] for s in (0, 1)]):
                break
            await move(env, gid)
        async with activity_served(env, gid) as served:
            yield served
    finally:
        await env.close()


@pytest.mark.sqlite_only
async def test_a_player_signs_in_through_discord_and_sees_their_seat(at_table: Table) -> None:
    t, gid = at_table, at_table.page.gid
    async with aiohttp.ClientSession() as http:
        status, answer = await t.sign_in(http, ALICE)
        assert status == 200 and answer["game"] == gid and answer["user"] == str(ALICE)
        # the access token goes back to the page for the SDK's authenticate, nowhere else
        assert str(answer["access_token"]).startswith("at-")
        assert [p for _, p in t.discord.asked] == [
            "/api/v10/oauth2/token", "/api/v10/users/@me",
            f"/api/v10/applications/{CLIENT_ID}/activity-instances/{INSTANCE}"]
        session = str(answer["session"])
        status, text = await t.get(http, f"/g/{gid}", session)
        assert status == 200 and 'data-game="' in text
        assert 'class="hand' in text or "Your hand" in text
        csrf, decision, options = form_of(text)  # her choices are on it
        assert options
        # nothing of the session is stored: a cookie-less page, a session only in memory
        assert t.activity.sessions and ALICE in {s.user for s in t.activity.sessions.values()}
        # a choice with the bearer token, as the page's script sends it
        before = (await t.page.env.svc.load(gid)).game.version  # type: ignore[union-attr]
        async with http.post(t.page.url(f"/g/{gid}/act"), allow_redirects=False,
                             data={"csrf": csrf, "decision": decision, "o": options[0]},
                             headers={"Authorization": f"Bearer {session}",
                                      "Origin": t.page.url("")}) as resp:
            assert resp.status == 303
        after = (await t.page.env.svc.load(gid)).game.version  # type: ignore[union-attr]
        assert after == before + 1
        # the history has it as any other move
        assert (await t.page.env.svc.load(gid)).record.status == "active"


@pytest.mark.sqlite_only
async def test_a_member_without_a_seat_sees_the_public_view(at_table: Table) -> None:
    t, gid = at_table, at_table.page.gid
    async with aiohttp.ClientSession() as http:
        status, answer = await t.sign_in(http, ALICE)  # the instance now shows this game
        assert status == 200
        status, answer = await t.sign_in(http, BOB)
        assert status == 200 and answer["game"] == gid  # the same table as ALICE's
        status, text = await t.get(http, f"/g/{gid}", str(answer["session"]))
        assert status == 200
        assert "Your hand" not in text and 'name="csrf"' not in text  # no seat, no choices
        # the same page as the game's public view: the spectator's table, seat None
        assert (await t.page.env.svc.table(gid, None)).view.get("viewer") is None
        assert f'data-version="{(await t.page.env.svc.view(gid, None))["version"]}"' in text


@pytest.mark.sqlite_only
async def test_the_server_comes_from_discord_not_from_the_page(at_table: Table) -> None:
    """An instance in another server, naming this game by a deep link: the policy sees
    an actor of that other server, and BOB (no seat) is not let in: he picks from his own
    games (none)."""
    t, gid = at_table, at_table.page.gid
    t.discord.instances["i-elsewhere"] = Where(OTHER_GUILD, 1, {BOB})
    async with aiohttp.ClientSession() as http:
        status, answer = await t.sign_in(http, BOB, instance="i-elsewhere",
                                         custom_id=f"game-{gid}")
        assert status == 200 and answer["game"] is None and answer["games"] == []
        status, _ = await t.get(http, f"/g/{gid}", str(answer["session"]))
        assert status == 403
        # a player's own game by the deep link is found wherever they are
        t.discord.instances["i-elsewhere"].users.add(ALICE)
        status, answer = await t.sign_in(http, ALICE, instance="i-elsewhere",
                                         custom_id=f"game-{gid}")
        assert status == 200 and answer["game"] == gid


@pytest.mark.sqlite_only
async def test_no_game_named_lists_the_player_s_games(at_table: Table) -> None:
    t, gid = at_table, at_table.page.gid
    t.discord.instances["i-dm"] = Where(None, 8, {ALICE, CAROL})
    async with aiohttp.ClientSession() as http:
        status, answer = await t.sign_in(http, ALICE, instance="i-dm")
        assert status == 200 and answer["game"] is None
        assert answer["games"] == [{"id": gid, "label": f"Hadara · game #{gid}"}]
        session = str(answer["session"])
        headers = {"Authorization": f"Bearer {session}", "Origin": t.page.url("")}
        async with http.post(t.page.url("/a/pick"), json={"game": gid}, headers=headers) as r:
            assert r.status == 200
        # whoever joins the instance later sees the picked game (CAROL: a stranger to it is
        # still refused by the policy when she opens it)
        status, answer = await t.sign_in(http, CAROL, instance="i-dm")
        assert status == 200 and answer["game"] is None
        async with http.post(t.page.url("/a/pick"), json={"game": gid}, headers={
                "Authorization": f"Bearer {answer['session']}",
                "Origin": t.page.url("")}) as r:
            assert r.status == 403 and (await r.json()) == {"error": "refused"}
        bads: list[object] = [{"game": "1"}, {"game": True}, {"game": 2 ** 60}, []]
        for bad in bads:
            async with http.post(t.page.url("/a/pick"), json=bad, headers=headers) as r:
                assert r.status == 400


@pytest.mark.sqlite_only
async def test_a_launch_names_the_game(at_table: Table) -> None:
    """The bot recorded ALICE's "Open the board" in a channel that is not the game's
    thread (her DM with the bot): the instance there shows that game."""
    t, gid = at_table, at_table.page.gid
    t.discord.instances["i-dm"] = Where(None, 8, {ALICE})
    t.page.env.svc.record_launch(ALICE, 8, gid)
    async with aiohttp.ClientSession() as http:
        status, answer = await t.sign_in(http, ALICE, instance="i-dm")
        assert status == 200 and answer["game"] == gid


@pytest.mark.sqlite_only
@pytest.mark.parametrize("case", ["used_twice", "unknown_code", "not_in_instance",
                                  "no_instance", "discord_down", "malformed", "other_site"])
async def test_a_refused_sign_in_opens_no_session(at_table: Table, case: str) -> None:
    t = at_table
    expected = {"used_twice": (403, "refused"), "unknown_code": (403, "refused"),
                "not_in_instance": (403, "not_there"), "no_instance": (403, "not_there"),
                "discord_down": (503, "unavailable"), "malformed": (400, "refused")}
    async with aiohttp.ClientSession() as http:
        if case == "used_twice":
            code = t.discord.code_for(ALICE)
            status, _ = await t.sign_in(http, ALICE, code=code)
            assert status == 200
            t.activity.sessions.clear()
            asked = len(t.discord.asked)
            status, answer = await t.sign_in(http, ALICE, code=code)
            assert len(t.discord.asked) == asked  # refused here: Discord not even asked
        elif case == "unknown_code":
            status, answer = await t.sign_in(http, ALICE, code="nosuchcode")
        elif case == "not_in_instance":
            status, answer = await t.sign_in(http, CAROL)
        elif case == "no_instance":
            status, answer = await t.sign_in(http, ALICE, instance="i-gone")
        elif case == "discord_down":
            t.discord.down = True
            status, answer = await t.sign_in(http, ALICE)
        elif case == "malformed":
            status, answer = await t.sign_in(http, ALICE, code="a b<script>")
        else:
            async with http.post(t.page.url("/a/session"), json={
                    "code": t.discord.code_for(ALICE), "instance_id": INSTANCE},
                    headers={"Origin": "https://evil.example"}) as resp:
                assert resp.status == 403
            assert not t.activity.sessions
            return
        assert (status, answer) == (expected[case][0], {"error": expected[case][1]})
        assert not t.activity.sessions


@pytest.mark.sqlite_only
async def test_discord_s_answers_are_read_to_their_end(at_table: Table) -> None:
    """An answer arriving in pieces is read whole (not only its first piece); one longer
    than :data:`MAX_ANSWER` is refused, unread past it."""
    t, gid = at_table, at_table.page.gid
    t.discord.in_pieces = True
    async with aiohttp.ClientSession() as http:
        status, answer = await t.sign_in(http, ALICE)
        assert status == 200 and answer["game"] == gid
        t.discord.names[BOB] = "B" * MAX_ANSWER
        status, answer = await t.sign_in(http, BOB)
        assert (status, answer) == (503, {"error": "unavailable"})


@pytest.mark.sqlite_only
async def test_one_address_cannot_use_up_everyone_s_sign_ins(at_table: Table) -> None:
    """Made-up instance ids from one address: refused 429 past the address's limit, and
    those refused count against no instance and not against everyone."""
    t = at_table
    t.activity.per_address = Window(3, 60)
    async with aiohttp.ClientSession() as http:
        for n in range(3):
            status, _ = await t.sign_in(http, ALICE, instance=f"i-made-up-{n}")
            assert status == 403
        async with http.post(t.page.url("/a/session"), json={
                "code": t.discord.code_for(ALICE), "instance_id": "i-made-up-3"},
                headers={"Origin": t.page.url("")}) as resp:
            assert resp.status == 429 and int(resp.headers["Retry-After"]) > 0
    assert t.activity.everyone._seen[None][1] == 3  # the three sign-ins, not the fourth
    assert "i-made-up-3" not in t.activity.per_instance._seen


@pytest.mark.sqlite_only
async def test_discord_s_proxy_is_the_page_s_own_origin(at_table: Table) -> None:
    t = at_table
    async with aiohttp.ClientSession() as http:
        status, _ = await t.sign_in(http, ALICE,
                                    origin=f"https://{CLIENT_ID}.discordsays.com")
        assert status == 200
        for origin in (f"http://{CLIENT_ID}.discordsays.com", "https://1.discordsays.com",
                       f"https://{CLIENT_ID}.discordsays.com.evil.example"):
            async with http.post(t.page.url("/a/session"), json={
                    "code": t.discord.code_for(ALICE), "instance_id": INSTANCE},
                    headers={"Origin": origin}) as resp:
                assert resp.status == 403, origin


@pytest.mark.sqlite_only
async def test_the_socket_takes_the_session_as_a_sub_protocol(at_table: Table) -> None:
    t, gid = at_table, at_table.page.gid
    async with aiohttp.ClientSession() as http:
        _, answer = await t.sign_in(http, ALICE)
        session = str(answer["session"])
        url = t.page.url(f"/ws/{gid}?v=0")
        async with http.ws_connect(url, protocols=("hadara", f"hadara.bearer.{session}"),
                                   origin=t.page.url("")) as ws:
            assert ws.protocol == "hadara"
            message = await ws.receive_json(timeout=5)  # behind: told to redraw at once
            assert message == {"mine": True}
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(url, protocols=("hadara", "hadara.bearer.forged"),
                                  origin=t.page.url(""))
        assert refused.value.status == 401


@pytest.mark.sqlite_only
async def test_signing_out_everywhere_ends_the_activity_s_sessions(at_table: Table) -> None:
    t, gid = at_table, at_table.page.gid
    async with aiohttp.ClientSession() as http:
        _, answer = await t.sign_in(http, ALICE)
        session = str(answer["session"])
        assert (await t.get(http, f"/g/{gid}", session))[0] == 200
        await t.page.env.svc.end_web_sessions(ALICE)
        for _ in range(50):  # told on the web server's loop
            status, text = await t.get(http, f"/g/{gid}", session)
            if status == 401:
                break
        assert status == 401 and "not signed in" in text


@pytest.mark.sqlite_only
async def test_the_page_discord_opens(at_table: Table) -> None:
    t = at_table
    async with aiohttp.ClientSession() as http, http.get(
            t.page.url("/?frame_id=f&instance_id=i&platform=desktop"),
            headers={"Accept-Language": "fr"}) as resp:
        assert resp.status == 200
        text = await resp.text()
        policy = resp.headers["Content-Security-Policy"]
    assert f'data-activity="{CLIENT_ID}"' in text and "data-game" not in text
    assert re.findall(r'data-say="([a-z_]+)"', text) == [
        "signing", "outside", "refused", "not_there", "unavailable", "pick", "none", "failed"]
    assert "Connexion avec Discord" in text  # the viewer's language
    # the messages switch in a polite live region (a screen reader says each as it shows)
    region = re.search(r'<div role="status">(.*?)</div>', text)
    assert region is not None and region.group(1).count("data-say=") == 8
    assert "/static/activity-main.js" in text and "<script>" not in text
    ancestors = policy.split("frame-ancestors ")[1]
    assert "https://discord.com" in ancestors
    # Discord's proxy of this application only, not another application's Activity
    assert f"https://{CLIENT_ID}.discordsays.com" in ancestors.split()
    assert "discordsays" not in ancestors.replace(f"https://{CLIENT_ID}.discordsays.com", "")
    assert "connect-src 'self'" in policy and "script-src 'self'" in policy


@pytest.mark.sqlite_only
async def test_no_code_token_or_secret_in_the_log(at_table: Table,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    t, gid = at_table, at_table.page.gid
    caplog.set_level(logging.DEBUG)
    async with aiohttp.ClientSession() as http:
        code = t.discord.code_for(ALICE)
        _, answer = await t.sign_in(http, ALICE, code=code)
        await t.sign_in(http, ALICE, code=code)  # refused: a reused code
        await t.get(http, f"/g/{gid}", str(answer["session"]))
    logged = "\n".join(r.getMessage() for r in caplog.records)
    for secret in (code, str(answer["access_token"]), str(answer["session"]), CLIENT_SECRET,
                   BOT_TOKEN):
        assert secret not in logged
    assert "client_secret" not in repr(t.activity.discord) and BOT_TOKEN not in repr(
        t.activity.discord)


@pytest.mark.sqlite_only
async def test_static_files_are_compressed_and_revalidated(at_table: Table) -> None:
    """The SDK's modules load each time the Activity opens: compressed, and asked again
    with their ETag (a 304 when unchanged) instead of sent whole; pages stay no-store."""
    t = at_table
    path = "/static/vendor/discord-embedded-app-sdk/output/index.mjs"
    async with aiohttp.ClientSession(auto_decompress=False) as http:
        async with http.get(t.page.url(path), headers={"Accept-Encoding": "gzip"}) as resp:
            assert resp.status == 200 and resp.headers["Content-Encoding"] == "gzip"
            assert resp.headers["Cache-Control"] == "no-cache"
            # a JavaScript type, or the browser refuses the module (nosniff)
            assert resp.headers["Content-Type"].split(";")[0] in (
                "text/javascript", "application/javascript")
            etag = resp.headers["ETag"]
        async with http.get(t.page.url(path), headers={"If-None-Match": etag,
                                                       "Accept-Encoding": "gzip"}) as resp:
            assert resp.status == 304 and await resp.read() == b""
        # the connection is still sound after the 304 (no stray body on it)
        async with http.get(t.page.url(path), headers={"Accept-Encoding": "gzip"}) as resp:
            assert resp.status == 200
        async with http.get(t.page.url("/")) as resp:
            assert resp.headers["Cache-Control"] == "no-store"


@pytest.mark.sqlite_only
async def test_an_instance_without_a_channel_shows_everyone_its_game(at_table: Table) -> None:
    """Discord names no channel for the instance: ALICE picks the game, and HOST joining
    the same instance is shown it (the instance's own game, whatever its channel)."""
    t, gid = at_table, at_table.page.gid
    t.discord.instances["i-nowhere"] = Where(GUILD, None, {ALICE, HOST})
    async with aiohttp.ClientSession() as http:
        status, answer = await t.sign_in(http, ALICE, instance="i-nowhere")
        assert status == 200 and answer["game"] is None and gid in [
            g["id"] for g in answer["games"]]
        async with http.post(t.page.url("/a/pick"), json={"game": gid}, headers={
                "Origin": t.page.url(""),
                "Authorization": f"Bearer {answer['session']}"}) as resp:
            assert resp.status == 200
        status, answer = await t.sign_in(http, HOST, instance="i-nowhere")
        assert status == 200 and answer["game"] == gid


@pytest.mark.sqlite_only
async def test_a_launch_in_a_general_channel_names_no_game_for_others(at_table: Table) -> None:
    """ALICE launched from /hadara games in a general channel: her instance there shows her
    game, but BOB launching in that channel later is not handed it (a general channel is
    no game's); in the game's thread, the last game launched there is everyone's."""
    t, gid = at_table, at_table.page.gid
    general = 9009
    t.page.env.svc.record_launch(ALICE, general, gid)
    t.discord.instances["i-general-bob"] = Where(GUILD, general, {BOB})
    t.discord.instances["i-thread-bob"] = Where(GUILD, THREAD, {BOB})
    t.page.env.svc.record_launch(HOST, THREAD, gid)
    async with aiohttp.ClientSession() as http:
        status, answer = await t.sign_in(http, BOB, instance="i-general-bob")
        assert status == 200 and answer["game"] is None
        status, answer = await t.sign_in(http, BOB, instance="i-thread-bob")
        assert status == 200 and answer["game"] == gid
