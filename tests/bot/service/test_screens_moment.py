"""A page's table and a player's panel are drawn from one moment of the game, on every
storage backend: a move stored while one is being drawn (its awaits let other work run)
leaves it labelled with the revision of what it shows. Labelled with the newer revision,
the older drawing was kept as that revision's — by the service and by the page's server,
which keep drawings per revision — and a page went on offering a decision already made, at
the current version (seen in CI: a page at version 16 offering d14, the service at d17)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.storage_helpers import ALICE, HOST, make_env, move, table
from tests.support.stores import StoreFactory


@pytest.mark.parametrize("screen", ["table", "panel"])
async def test_a_move_stored_while_a_screen_is_drawn_does_not_relabel_it(
        make_store: StoreFactory, monkeypatch: pytest.MonkeyPatch, screen: str) -> None:
    env = await make_env(make_store)
    try:
        gid = await table(env, (HOST, ALICE))
        svc = env.svc
        seat = await svc.seat_of(gid, ALICE)
        assert seat is not None
        before = await svc.revision(gid)
        shown = await svc.view(gid, seat)
        play = svc.screens.play
        real = play.undo_target
        moved: list[Any] = []

        async def undo_target(held: Any, s: int) -> int | None:
            got = await real(held, s)
            if not moved:  # the first await of a drawing: another move is stored
                moved.append(await move(env, gid))
            return got

        monkeypatch.setattr(play, "undo_target", undo_target)
        if screen == "table":
            state: Any = await svc.table(gid, seat)
        else:
            state = await svc.panel(gid, ALICE)
        assert moved, "no move was stored while the screen was drawn"
        now = await svc.revision(gid)
        assert now != before and await svc.view(gid, seat) != shown
        assert state.view == shown and state.revision == before
        again: Any = (await svc.table(gid, seat) if screen == "table"
                      else await svc.panel(gid, ALICE))
        assert again.revision == now and again.view == await svc.view(gid, seat)
    finally:
        await env.close()
