"""A change of pick sent before the round ends stands (issue 33, item 4).

A click is stored before the seat's panel is drawn: the panel is held for the drawing only,
so a change of pick that reaches the bot before the last player's pick counts, even while
the changing player's previous click is still being drawn; and when a change truly arrives
after the reveal, the answer says which pick stood, with its ✅.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hadara.words import card_name

from .conftest import World, description, first_draft, ids, open_panel, settle, world

pytest.importorskip("simcord")


async def burst(w: World, clicks: list[tuple[Any, Any, str]]) -> list[Any]:
    """Clicks sent back to back, each before the bot answered any (simcord settles after
    every operation; its settling is held back until the last click is sent)."""
    env = w.env
    real = env._settle_internal

    async def later(*args: Any, **kwargs: Any) -> None:
        return None

    env._begin_operation("burst")
    try:
        env._settle_internal = later
        try:
            results = [await actor.click(message, custom_id=custom_id)
                       for actor, message, custom_id in clicks]
        finally:
            del env._settle_internal
        await real(dispatch="INTERACTION_CREATE")
    finally:
        env._end_operation()
    return results


async def pick_of(w: World, gid: int, seat: int, decision: str) -> dict[str, Any]:
    stored = await w.service.store.load_game(gid)
    assert stored is not None
    return next(r.action for r in stored.actions
                if r.seat == seat and r.decision_id == decision)


def decision_of(panel: Any) -> str:
    return str(ids(panel, "a")[0]["custom_id"].split(":")[4])


async def test_a_change_sent_before_the_last_pick_stands(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch, names=("alice", "bob", "carol")) as w:
        gid, seats = await first_draft(w, ["bob", "carol"])
        (seat_a, user_a), (seat_b, user_b), (seat_c, user_c) = seats
        panels = {user: await open_panel(w, gid, user) for _, user in seats}
        decision = decision_of(panels[user_a])
        first, second = (c["custom_id"] for c in ids(panels[user_a], "a")[:2])
        offered = await w.service.options(gid, seat_a)
        wanted = offered[int(second.split(":")[5])]["action"]
        await w.member(user_b).click(panels[user_b],
                                     custom_id=ids(panels[user_b], "a")[0]["custom_id"])
        # the burst: A picks, A changes the pick, then the last player (C) picks — sent in
        # that order before any is answered; A's second click arrives while the first is
        # still being stored and drawn
        last = ids(panels[user_c], "a")[0]["custom_id"]
        clicks = await burst(w, [(w.member(user_a), panels[user_a], first),
                                 (w.member(user_a), panels[user_a], second),
                                 (w.member(user_c), panels[user_c], last)])
        await settle(w, gid)
        # the change reached the bot before the last pick: it is the pick that stood
        pick = await pick_of(w, gid, seat_a, decision)
        assert (pick["card"], pick["mode"]) == (wanted["card"], wanted["mode"]), (pick, wanted)
        # A's panel ends on its newest state with the ✅ of the pick that stood (never the
        # first click's older panel over it, never "no longer current")
        text = description(panels[user_a])
        assert "no longer current" not in text and text.startswith("✅"), text
        for result in clicks:
            assert "no longer current" not in description(result.response)


async def test_a_change_after_the_reveal_names_the_pick_that_stood(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch, names=("alice", "bob", "carol")) as w:
        gid, seats = await first_draft(w, ["bob", "carol"])
        (seat_a, user_a), (seat_b, user_b), (seat_c, user_c) = seats
        panels = {user: await open_panel(w, gid, user) for _, user in seats}
        decision = decision_of(panels[user_a])
        first = ids(panels[user_a], "a")[0]["custom_id"]
        await w.member(user_a).click(panels[user_a], custom_id=first)
        # a change offered on the panel after the pick (the pick itself is marked chosen)
        second = next(c["custom_id"] for c in ids(panels[user_a], "a")
                      if c["custom_id"].split(":")[5] != first.split(":")[5])
        await w.member(user_b).click(panels[user_b],
                                     custom_id=ids(panels[user_b], "a")[0]["custom_id"])
        # the last pick, then A's change sent from the panel as it was: it arrives after
        # the reveal
        _, late = await burst(w, [
            (w.member(user_c), panels[user_c], ids(panels[user_c], "a")[0]["custom_id"]),
            (w.member(user_a), panels[user_a], second)])
        await settle(w, gid)
        pick = await pick_of(w, gid, seat_a, decision)
        snap = await w.service.load(gid)
        assert snap.game is not None
        verb = "sold" if pick["mode"] == "sell" else "bought"
        name = card_name(snap.game.catalog, pick["card"])
        assert description(late.response).startswith(
            f"✅ The round was revealed before your change: you {verb} {name}."), \
            description(late.response)
