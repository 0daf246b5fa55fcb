"""The board inside Discord in a real browser (Playwright over Debian's chromium): the page
Discord opens signs in through the Embedded App SDK and the server's code exchange (against
the local fake Discord, tests/support/fake_discord.py), shows the player's seat, and is
played by clicking; a member without a seat sees only the public view; both pages change
at once; who has the board open comes from the SDK's participants.

Two ways to be Discord's client, as the issue asks:
* ``DiscordSDKMock``, the SDK's own stand-in (its ``authorize`` answers the fake's code);
* a harness page framing the board exactly as Discord does (``frame_id``, ``instance_id``,
  ``platform`` in the address) and playing Discord's client over ``postMessage`` — the
  handshake answered with a ``READY`` dispatch, each command frame by its nonce — so the
  real ``DiscordSDK`` code path runs, from web/static/activity-main.js on.

Skipped, with the reason, where chromium or Playwright is missing."""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

import pytest

from tests.support.browser import chromium, new_tab, require_chromium
from tests.support.fake_discord import CLIENT_ID, Where
from tests.support.storage_helpers import ALICE, BOB, CAROL, move
from tests.web.test_activity import INSTANCE, Table, at_table  # noqa: F401  (the fixture)
from tests.web.test_browser_acting import choose_on

require_chromium()

if TYPE_CHECKING:
    from playwright.async_api import Frame, Route
    from playwright.async_api import Page as Tab

ENTRY = "/?frame_id=f-1&instance_id={instance}&platform={platform}&guild_id=5005&channel_id=7007"


MOCK = """
import { DiscordSDKMock } from "/static/vendor/discord-embedded-app-sdk/output/mock.mjs";
import { begin } from "/static/activity.js";
const clientId = document.body.dataset.activity;
const sdk = new DiscordSDKMock(clientId, "5005", "7007", null);
sdk.instanceId = %(instance)s;
sdk._updateCommandMocks({
  authorize: async (args) => { window.authorized = args; return { code: %(code)s }; },
  getInstanceConnectedParticipants: async () => ({ participants: %(participants)s }),
});
window.sdk = sdk;
begin(sdk, clientId);
"""


async def with_mock(tab: Tab, code: str, participants: list[dict[str, Any]],
                    instance: str = INSTANCE) -> None:
    """The page's entry replaced by one that signs in through ``DiscordSDKMock``."""
    script = MOCK % {"instance": json.dumps(instance), "code": json.dumps(code),
                     "participants": json.dumps(participants)}

    async def entry(route: Route) -> None:
        await route.fulfill(status=200, content_type="text/javascript", body=script)

    await tab.route("**/static/activity-main.js", entry)


HARNESS = """<!doctype html><html><head><meta charset="utf-8"><title>Discord (harness)</title>
</head><body style="margin:0">
<iframe id="activity" src="%(src)s" style="border:0;width:100vw;height:100vh"></iframe>
<script>
// Discord's client, as the SDK speaks to it: [opcode, payload] over postMessage
window.sent = [];
window.participants = %(participants)s;
let subscribers = null;
const reply = (target, payload) => target.postMessage([1, payload], "*");
window.dispatchParticipants = (participants) => {
  if (subscribers) reply(subscribers, { cmd: "DISPATCH", evt: "ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE",
                                         nonce: null, data: { participants } });
};
window.addEventListener("message", (event) => {
  if (!Array.isArray(event.data)) return;
  const [opcode, payload] = event.data;
  window.sent.push([opcode, payload]);
  if (opcode === 0) {  // the handshake: READY
    reply(event.source, { cmd: "DISPATCH", evt: "READY", nonce: null, data: {
      v: 1, config: { api_endpoint: "//discord.com/api", environment: "production",
                      cdn_host: "cdn.discordapp.com" } } });
    return;
  }
  if (opcode !== 1) return;
  const answer = (data) => reply(event.source, { cmd: payload.cmd, evt: null, nonce: payload.nonce, data });
  switch (payload.cmd) {
    case "AUTHORIZE": answer({ code: %(code)s }); break;
    case "AUTHENTICATE": answer({
      access_token: payload.args.access_token,
      user: { id: %(user)s, username: "player", discriminator: "0", avatar: null, public_flags: 0 },
      scopes: ["identify"], expires: "2030-01-01T00:00:00Z",
      application: { id: %(client)s, name: "Hadara", description: "", icon: null } }); break;
    case "GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS": answer({ participants: window.participants }); break;
    case "SUBSCRIBE": subscribers = event.source; answer({ evt: payload.evt }); break;
    default: answer({});
  }
});
</script></body></html>"""


async def in_harness(t: Table, tab: Tab, user: int, participants: list[dict[str, Any]],
                     platform: str = "desktop") -> Frame:
    """Open the board as Discord would, framed by the harness; its frame."""
    src = ENTRY.format(instance=INSTANCE, platform=platform)
    body = HARNESS % {"src": src, "code": json.dumps(t.discord.code_for(user)),
                      "participants": json.dumps(participants), "user": json.dumps(str(user)),
                      "client": json.dumps(str(CLIENT_ID))}

    async def harness(route: Route) -> None:
        await route.fulfill(status=200, content_type="text/html", body=body)

    await tab.route("**/discord-harness.html", harness)
    await tab.goto(t.page.url("/discord-harness.html"))
    frame = tab.frame(url=lambda url: "frame_id=" in url)
    for _ in range(100):
        if frame is not None:
            break
        await asyncio.sleep(0.05)
        frame = tab.frame(url=lambda url: "frame_id=" in url)
    assert frame is not None
    return frame


async def play_alice(t: Table, board: Tab | Frame, moves: int) -> int:
    """ALICE plays ``moves`` decisions on ``board`` (HOST's by the service); how many."""
    svc, gid = t.page.env.svc, t.page.gid
    seat = await svc.seat_of(gid, ALICE)
    assert seat is not None
    done = 0
    for _ in range(200):
        if done >= moves:
            break
        await svc.idle(gid)
        waiting = [w.seat for w in await svc.waiting(gid)]
        private = (await svc.view(gid, seat))["private"]
        if seat in waiting and private["commit"] is None:
            await choose_on(board, t.page, seat)  # type: ignore[arg-type]
            t.page.env.vt.now += 2
            done += 1
        else:
            await move(t.page.env, gid)
    return done


@pytest.mark.sqlite_only
async def test_with_the_sdk_s_mock_a_player_signs_in_and_plays(at_table: Table) -> None:  # noqa: F811
    t = at_table
    async with chromium() as browser:
        tab = await new_tab(browser, 412, locale="fr")
        await with_mock(tab, t.discord.code_for(ALICE), [t.person(ALICE), t.person(BOB)])
        await tab.goto(t.page.url(ENTRY.format(instance=INSTANCE, platform="mobile")))
        await tab.wait_for_selector("body[data-game]", state="attached", timeout=10_000)
        assert await tab.evaluate("window.authorized") == {
            "client_id": str(CLIENT_ID), "response_type": "code", "state": "",
            "prompt": "none", "scope": ["identify"]}
        assert await tab.locator("#hand, .hand").count() >= 1
        # who else has it open, from the SDK's participants (and its events)
        await tab.wait_for_selector("aside.together:not([hidden])", timeout=5_000)
        assert await tab.locator("aside.together .names").inner_text() == "Alice, Bob"
        await tab.evaluate("""window.sdk.emitEvent("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE",
            { participants: [{ id: "102", username: "alice", global_name: "Alice",
                               discriminator: "0", flags: 0, bot: false }] })""")
        await tab.wait_for_function(
            "document.querySelector('aside.together .names').textContent === 'Alice'")
        assert await play_alice(t, tab, 3) == 3  # played by clicking on the board
        # nothing of the session left in a cookie or in storage
        assert await tab.context.cookies() == []
        assert await tab.evaluate("localStorage.length + sessionStorage.length") == 0


@pytest.mark.sqlite_only
async def test_in_discord_s_frame_the_real_sdk_signs_in_and_everyone_sees_the_move(
        at_table: Table) -> None:  # noqa: F811
    t = at_table
    svc, gid = t.page.env.svc, t.page.gid
    async with chromium() as browser:
        alice_tab = await new_tab(browser, 1280)
        alice = await in_harness(t, alice_tab, ALICE, [t.person(ALICE)])
        await alice.wait_for_selector("body[data-game]", state="attached", timeout=10_000)
        bob_tab = await new_tab(browser, 412)
        bob = await in_harness(t, bob_tab, BOB, [t.person(ALICE), t.person(BOB)], "mobile")
        await bob.wait_for_selector("body[data-game]", state="attached", timeout=10_000)
        # the real SDK spoke to "Discord": the handshake, then the commands, in order
        sent = await alice_tab.evaluate("window.sent")
        assert sent[0][0] == 0 and sent[0][1]["client_id"] == str(CLIENT_ID)
        assert sent[0][1]["frame_id"] == "f-1"
        commands = [frame[1]["cmd"] for frame in sent[1:]]
        assert commands[:2] == ["AUTHORIZE", "AUTHENTICATE"]
        assert sent[1][1]["args"]["scope"] == ["identify"]
        # authenticate got the token Discord issued for the exchanged code
        assert sent[2][1]["args"]["access_token"] in t.discord._tokens
        # ALICE sees her seat; BOB, a member without a seat, only the public view
        assert await alice.locator("#hand, .hand").count() >= 1
        assert await bob.locator("#hand, .hand").count() == 0
        assert await bob.locator('input[name="csrf"]').count() == 0
        # who is here, and a late joiner appearing
        await bob.wait_for_function(
            "document.querySelector('aside.together .names').textContent === 'Alice, Bob'")
        # a move on ALICE's board reaches BOB's board by itself
        assert await play_alice(t, alice, 2) == 2
        await svc.idle(gid)
        public = (await svc.view(gid, None))["version"]
        await bob.wait_for_selector(f'body[data-version="{public}"]', state="attached",
                                    timeout=10_000)


@pytest.mark.sqlite_only
async def test_a_refused_sign_in_says_so_and_opens_no_session(at_table: Table) -> None:  # noqa: F811
    t = at_table
    async with chromium() as browser:
        tab = await new_tab(browser, 412)
        await with_mock(tab, "not-a-code-discord-gave", [])
        await tab.goto(t.page.url(ENTRY.format(instance=INSTANCE, platform="desktop")))
        await tab.wait_for_selector('[data-say="refused"]:not([hidden])', timeout=10_000)
        assert await tab.locator("[data-say]:not([hidden])").count() == 1
        assert not t.activity.sessions
        # someone not in the instance
        tab = await new_tab(browser, 412)
        await with_mock(tab, t.discord.code_for(CAROL), [])
        await tab.goto(t.page.url(ENTRY.format(instance=INSTANCE, platform="desktop")))
        await tab.wait_for_selector('[data-say="not_there"]:not([hidden])', timeout=10_000)
        assert not t.activity.sessions
        # Discord away
        t.discord.down = True
        tab = await new_tab(browser, 412)
        await with_mock(tab, t.discord.code_for(ALICE), [])
        await tab.goto(t.page.url(ENTRY.format(instance=INSTANCE, platform="desktop")))
        await tab.wait_for_selector('[data-say="unavailable"]:not([hidden])', timeout=10_000)
        assert not t.activity.sessions


@pytest.mark.sqlite_only
async def test_outside_discord_the_page_says_where_the_board_opens(at_table: Table) -> None:  # noqa: F811
    """The real entry, the real SDK's modules loaded by the browser from the vendored files:
    without Discord's frame the page says so (and never asks Discord anything)."""
    t = at_table
    async with chromium() as browser:
        tab = await new_tab(browser, 412)
        failed: list[str] = []
        tab.on("requestfailed", lambda request: failed.append(request.url))
        tab.on("pageerror", lambda error: failed.append(str(error)))
        await tab.goto(t.page.url("/"))
        await tab.wait_for_selector('[data-say="outside"]:not([hidden])', timeout=10_000)
        assert failed == [] and t.discord.asked == []
        # the SDK's modules load as modules (the server's JavaScript type for .mjs)
        loaded = await tab.evaluate("""import("/static/vendor/discord-embedded-app-sdk/output/index.mjs")
            .then((m) => typeof m.DiscordSDK)""")
        assert loaded == "function"


@pytest.mark.sqlite_only
async def test_the_board_inside_discord_is_accessible_on_a_phone(at_table: Table) -> None:  # noqa: F811
    """axe-core finds no serious violation, and the phone checks pass, on the page Discord
    opens as a player sees it: signing in, the games to pick, the board."""
    from tests.web.phone_checks import phone_context, phone_problems
    from tests.web.test_accessibility import axe, blocking, report

    t = at_table
    t.discord.instances["i-dm"] = Where(None, 8, {ALICE})
    found: list[str] = []
    async with chromium() as browser:
        for what in ("outside", "pick", "board"):
            context = await browser.new_context(bypass_csp=True, **phone_context(412))
            tab = await context.new_page()
            instance = "i-dm" if what == "pick" else INSTANCE
            if what != "outside":
                await with_mock(tab, t.discord.code_for(ALICE), [t.person(ALICE)], instance)
                await tab.goto(t.page.url(ENTRY.format(instance=instance, platform="mobile")))
            else:
                await tab.goto(t.page.url("/"))
            wanted = {"outside": '[data-say="outside"]:not([hidden])',
                      "pick": "ul.games:not([hidden]) button", "board": "body[data-game]"}
            await tab.wait_for_selector(wanted[what], state="attached", timeout=10_000)
            bad = blocking(await axe(tab))
            if bad:
                found.append(report(f"the Activity's page ({what})", bad))
            found += [f"the Activity's page ({what}) at 412 px: {p}"
                      for p in await phone_problems(tab, 412)]
            await context.close()
    assert not found, "\n".join(found)


@pytest.mark.sqlite_only
async def test_inside_discord_the_list_and_another_game_open_in_place(
        at_table: Table) -> None:  # noqa: F811
    """"Your games" and a game's link are followed inside the frame with the session (a
    plain link would load the page over Discord's frame, signed out)."""
    from tests.support.storage_helpers import HOST, table

    t = at_table
    env = t.page.env
    second = await table(env, (HOST, ALICE))
    async with chromium() as browser:
        tab = await new_tab(browser, 412)
        await with_mock(tab, t.discord.code_for(ALICE), [t.person(ALICE)])
        await tab.goto(t.page.url(ENTRY.format(instance=INSTANCE, platform="mobile")))
        await tab.wait_for_selector(f'body[data-game="{t.page.gid}"]', state="attached",
                                    timeout=10_000)
        # each page put in place takes the focus to its heading (not lost to the body)
        focused = "document.activeElement && document.activeElement.tagName"
        assert await tab.evaluate(focused) == "H1"
        await tab.locator("nav.elsewhere a[data-games]").click()
        await tab.wait_for_selector("main.games-list", timeout=10_000)
        assert await tab.evaluate(focused) == "H1"
        assert await tab.locator("aside.together").count() == 1  # kept above the list
        await tab.locator(f'main.games-list a[data-game="{second}"]').click()
        await tab.wait_for_selector(f'body[data-game="{second}"]', state="attached",
                                    timeout=10_000)
        assert tab.url.startswith(t.page.url("/?frame_id="))  # still the page Discord opened
        assert await tab.locator("section.mine").count() == 1  # her seat in that game


@pytest.mark.sqlite_only
async def test_a_page_whose_session_is_gone_stops_following(at_table: Table) -> None:  # noqa: F811
    """The session ends (signed out everywhere) and the socket closes: the page says so in
    words in place of the board, and connects no more (it used to try every 30 s, forever)."""
    t, gid = at_table, at_table.page.gid
    async with chromium() as browser:
        tab = await new_tab(browser, 412)
        await with_mock(tab, t.discord.code_for(ALICE), [t.person(ALICE)])
        await tab.goto(t.page.url(ENTRY.format(instance=INSTANCE, platform="mobile")))
        await tab.wait_for_selector(f'body[data-game="{gid}"]', state="attached",
                                    timeout=10_000)
        sockets: list[str] = []
        tab.on("websocket", lambda ws: sockets.append(ws.url))
        t.activity.sign_out(ALICE)

        async def close_sockets() -> None:  # as when the server restarts, or after an hour
            for sock in list(t.page.site.live.games.get(gid, ())):
                await sock.ws.close(code=4001)

        loop = t.page.server.loop
        assert loop is not None
        await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(close_sockets(), loop))
        await tab.wait_for_selector("text=not signed in", timeout=10_000)
        await asyncio.sleep(4)  # reconnections came after 1 s, 2 s, … 30 s
        assert sockets == []
        assert await tab.locator("text=not signed in").count() == 1
