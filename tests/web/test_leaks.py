"""No hidden information on the web page through a whole game (docs/security.md, "The web
page"): at every step each seat's page shows its own hand and nothing of the other seat's
hand that the viewer could not see; the socket carries only versions."""

from __future__ import annotations

import aiohttp
import pytest

from hadara.content import default_catalog
from hadara.words import card_name
from tests.support.storage_helpers import ALICE, HOST, move
from tests.web.test_pages import Page, get, page, sign_in  # noqa: F401  (the fixture)


@pytest.mark.sqlite_only
async def test_a_whole_game_leaks_no_hand(page: Page) -> None:  # noqa: F811
    svc, gid, cat = page.env.svc, page.gid, default_catalog()
    seats = {await svc.seat_of(gid, user): user for user in (HOST, ALICE)}
    async with aiohttp.ClientSession() as http:
        tokens = {seat: await sign_in(page, http, user) for seat, user in seats.items()}
        checked = 0
        for _ in range(400):
            game = (await svc.load(gid)).game
            assert game is not None
            if game.is_over:
                break
            hands = {s: (await svc.view(gid, s))["private"]["hand"] for s in seats}
            for seat in seats:
                status, text = await get(page, http, f"/g/{gid}", tokens[seat])
                assert status == 200
                hand_part = text.split('<section class="mine"', 1)[1].split("</section>", 1)[0]
                for c in hands[seat]:
                    assert f'popovertarget="card-{c}"' in hand_part, (seat, c)
                    assert card_name(cat, c, "en") in hand_part
                for other in seats:
                    if other == seat:
                        continue
                    for c in hands[other]:  # card ids are unique in a game
                        assert f"card-{c}" not in text and f'"{c}"' not in text, (seat, c)
                checked += 1
            await move(page.env, gid)
            page.env.vt.now += 1  # a move a second: well within the pages' rate limit
        assert game.is_over and checked > 50
