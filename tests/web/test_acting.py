"""Acting on the page over the real service (web/acting.py, web/choices.py): a player's choice
posted from their page is made through the buttons' own call, exactly once — the same post
again, or a choice for a decision that moved on, is refused in words with the page as it is
now; a forged CSRF token, another site's post, a malformed form, another player's game and a
signed-out session change nothing."""

from __future__ import annotations

import re

import aiohttp
import pytest

from tests.support.storage_helpers import ALICE, BOB, move
from tests.web.test_pages import Page, get, page, sign_in  # noqa: F401  (the fixture)

FORM = re.compile(r'name="csrf" value="([^"]+)"><input type="hidden" name="decision" '
                  r'value="([^"]+)"')
CHOICE = re.compile(r'form="act" name="o" value="(\d+\.[0-9a-f]{4})"')


def form_of(text: str) -> tuple[str, str, list[str]]:
    """The page's CSRF token, the decision it shows and its choices."""
    match = FORM.search(text)
    assert match is not None, "no form on the page"
    return match.group(1), match.group(2), list(dict.fromkeys(CHOICE.findall(text)))


async def post(p: Page, http: aiohttp.ClientSession, token: str | None,
               data: dict[str, str], *, origin: str | None = "same",
               extra: dict[str, str] | None = None) -> tuple[int, str, str]:
    headers = {"Accept-Language": "en", **(extra or {})}
    if token is not None:
        headers["Cookie"] = f"hadara_session={token}"
    if origin == "same":
        headers["Origin"] = f"http://127.0.0.1:{p.server.port}"
    elif origin is not None:
        headers["Origin"] = origin
    async with http.post(p.url(f"/g/{p.gid}/act"), data=data, headers=headers,
                         allow_redirects=False) as resp:
        return resp.status, resp.headers.get("Location", ""), await resp.text()


async def pending(p: Page, user: int) -> str | None:
    seat = await p.env.svc.seat_of(p.gid, user)
    return (await p.env.svc.view(p.gid, seat))["private"]["decision_id"]


async def test_a_choice_is_made_once_and_a_stale_one_refused(page: Page) -> None:  # noqa: F811
    async with aiohttp.ClientSession() as http:
        token = await sign_in(page, http, ALICE)
        status, text = await get(page, http, f"/g/{page.gid}", token)
        assert status == 200
        csrf, decision, options = form_of(text)
        assert decision == await pending(page, ALICE) and options
        assert 'class="acts"' in text  # the card's own buttons, on the card
        before = (await page.env.svc.load(page.gid)).game.version  # type: ignore[union-attr]
        data = {"csrf": csrf, "decision": decision, "o": options[0]}
        status, where, _ = await post(page, http, token, data)
        assert (status, where) == (303, f"/g/{page.gid}")
        after = (await page.env.svc.load(page.gid)).game.version  # type: ignore[union-attr]
        assert after == before + 1  # stored once
        # the same post again (a double click): refused in words, nothing stored
        status, _, text = await post(page, http, token, data)
        assert status == 409
        notice = re.findall(r'class="notice" role="alert">([^<]+)<', text)
        assert notice == ["That choice is already recorded."]  # a draft pick stands, once
        assert (await page.env.svc.load(page.gid)).game.version == after  # type: ignore[union-attr]


@pytest.mark.parametrize("case", ["forged_csrf", "no_csrf", "other_site", "no_origin",
                                  "cross_site", "bad_option", "bad_decision", "no_session",
                                  "stranger", "huge"])
async def test_a_bad_post_changes_nothing(page: Page, case: str) -> None:  # noqa: F811
    async with aiohttp.ClientSession() as http:
        who = BOB if case == "stranger" else ALICE
        token: str | None = await sign_in(page, http, who)
        _, text = await get(page, http, f"/g/{page.gid}",
                            await sign_in(page, http, ALICE))
        csrf, decision, options = form_of(text)
        data = {"csrf": csrf, "decision": decision, "o": options[0]}
        origin: str | None = "same"
        extra: dict[str, str] = {}
        if case == "forged_csrf":
            data["csrf"] = "A" * len(csrf)
        elif case == "no_csrf":
            del data["csrf"]
        elif case == "other_site":
            origin = "https://evil.example"
        elif case == "no_origin":
            origin = None
        elif case == "cross_site":
            extra = {"Sec-Fetch-Site": "cross-site"}
        elif case == "bad_option":
            data["o"] = "1; DROP TABLE"
        elif case == "bad_decision":
            data["decision"] = "x" * 500
        elif case == "no_session":
            token = None
        elif case == "huge":
            data["o"] = "9" * 40_000
        before = (await page.env.svc.load(page.gid)).game.version  # type: ignore[union-attr]
        status, _, body = await post(page, http, token, data, origin=origin, extra=extra)
        assert status in (400, 401, 403, 409, 413), (case, status)
        assert "Traceback" not in body
        assert (await page.env.svc.load(page.gid)).game.version == before  # type: ignore[union-attr]
        assert await pending(page, ALICE) == decision  # still hers to make


async def test_the_seat_s_tools_on_the_page(page: Page) -> None:  # noqa: F811
    """Take back, concede behind a second tap, a hint where the table allows them (refused
    in words where it does not), taking a seat back that the AI does not play (refused)."""
    svc, gid = page.env.svc, page.gid
    seat = await svc.seat_of(gid, ALICE)
    assert seat is not None
    async with aiohttp.ClientSession() as http:
        token = await sign_in(page, http, ALICE)
        _, text = await get(page, http, f"/g/{gid}", token)
        csrf, decision, options = form_of(text)
        assert 'name="do" value="undo"' not in text  # nothing to take back yet
        assert 'name="do" value="concede"' in text.split('<details class="concede">', 1)[1]
        hints = (await svc.load(gid)).record.options.get("hints")
        status, _, text = await post(page, http, token,
                                     {"csrf": csrf, "decision": decision, "do": "hint"})
        if hints:
            assert status == 200 and 'class="tip"' in text
        else:
            assert status == 409 and 'class="notice"' in text
        status, _, text = await post(page, http, token, {"csrf": csrf, "do": "rejoin"})
        assert status == 409 and 'class="notice"' in text  # the AI does not play her seat
        await post(page, http, token, {"csrf": csrf, "decision": decision, "o": options[0]})
        _, text = await get(page, http, f"/g/{gid}", token)
        if 'name="do" value="undo"' in text:  # harmless to take back: the service says so
            status, where, _ = await post(page, http, token, {"csrf": csrf, "do": "undo"})
            assert status == 303
            assert (await svc.view(gid, seat))["private"]["commit"] is None
        status, where, _ = await post(page, http, token, {"csrf": csrf, "do": "concede"})
        assert status == 303
        record = (await svc.load(gid)).record
        assert record.seats[seat].conceded
        _, text = await get(page, http, f"/g/{gid}", token)
        assert 'value="concede"' not in text


async def test_a_redraw_sends_only_what_changed(page: Page) -> None:  # noqa: F811
    """The live script's redraw names the parts its page holds (name:hash); the answer is
    the header, the parts' order and only the parts that changed — compressed, and with a
    fresh masking of the CSRF token that still posts."""
    from web.app import PARTS_HEADER

    parts = re.compile(r'data-part="([^"]+)" data-hash="([0-9a-f]+)"')
    async with aiohttp.ClientSession() as http:
        token = await sign_in(page, http, ALICE)
        _, text = await get(page, http, f"/g/{page.gid}", token)
        have = parts.findall(text)
        headers = {"Cookie": f"hadara_session={token}", "Accept-Encoding": "gzip",
                   PARTS_HEADER: ",".join(f"{n}:{h}" for n, h in have)}
        async with http.get(page.url(f"/g/{page.gid}"), headers=headers) as resp:
            assert resp.headers["Content-Encoding"] == "gzip"
            same = await resp.json()
        assert same["order"] == [n for n, _ in have] and same["parts"] == {}
        # the other player moves: only what it touched comes back
        seat = await page.env.svc.seat_of(page.gid, ALICE)
        record = (await page.env.svc.load(page.gid)).record
        other = next(s for s in record.seats if s.seat != seat)
        view = await page.env.svc.view(page.gid, other.seat)
        await page.env.svc.submit(page.gid, other.user_id,  # type: ignore[arg-type]
                                  view["private"]["decision_id"],
                                  view["private"]["legal_actions"][0])
        async with http.get(page.url(f"/g/{page.gid}"), headers=headers) as resp:
            changed = await resp.json()
        assert changed["parts"] and len(changed["parts"]) < len(have) / 2
        assert set(changed["parts"]) <= set(changed["order"])
        # a fresh masking every answer, each one good for a choice
        csrf_a, decision, options = form_of(text)
        _, again = await get(page, http, f"/g/{page.gid}", token)
        csrf_b = form_of(again)[0]
        assert csrf_a != csrf_b
        status, _, _ = await post(page, http, token,
                                  {"csrf": csrf_b, "decision": decision, "o": options[0]})
        assert status in (303, 409)  # accepted as ours (409: the round moved on meanwhile)


async def test_a_plan_queued_ahead_from_the_page(page: Page) -> None:  # noqa: F811
    """While the seat waits, the page offers what the queue panel offers; a plan posted from
    it is the service's queued plan, and withdrawn from it too."""
    from bot.service.screens import offered

    svc, gid = page.env.svc, page.gid
    plan = re.compile(r'form="(plan-[a-z-]+)" name="plan" value="([^"]+)"')
    token_re = re.compile(r'name="token" value="([0-9a-f]{4})"')
    async with aiohttp.ClientSession() as http:
        token = await sign_in(page, http, ALICE)
        for _ in range(300):  # on until alice waits for something she may queue
            queue = await svc.queue_panel(gid, ALICE)
            if offered(queue.options) and not await pending(page, ALICE):
                break
            await move(page.env, gid)
            page.env.vt.now += 1
        else:
            pytest.skip("this seed never lets alice queue")
        _, text = await get(page, http, f"/g/{gid}", token)
        buttons = [b for b in plan.findall(text) if b[0] != "plan-phase-b"]
        csrf = re.search(r'name="csrf" value="([^"]+)"', text)
        position = token_re.search(text)
        assert csrf and position and (buttons or "plan-phase-b" in text)
        if buttons:
            data = {"csrf": csrf.group(1), "do": "queue", "token": position.group(1),
                    "plan": buttons[0][1]}
        else:
            card = re.search(r'<select name="card"><option value="([^"]+)"', text)
            assert card
            data = {"csrf": csrf.group(1), "do": "queue", "token": position.group(1),
                    "plan": "phase_b", "card": card.group(1), "mode": "buy_else_sell"}
        status, _, body = await post(page, http, token, data)
        assert status == 303, body[:300]
        assert (await svc.queue_panel(gid, ALICE)).queued is not None
        _, text = await get(page, http, f"/g/{gid}", token)
        assert 'value="withdraw"' in text
        position = token_re.search(text)
        assert position
        status, _, _ = await post(page, http, token, {
            "csrf": csrf.group(1), "do": "queue", "token": position.group(1),
            "plan": "withdraw"})
        assert status == 303 and (await svc.queue_panel(gid, ALICE)).queued is None
