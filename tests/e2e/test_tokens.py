"""Interaction tokens as Discord keeps them (issue 33, item 2): a token is valid for 15
minutes, after which Discord answers an edit of the original response or a followup with
401/50027 (the strict layer does too, and fails a test whose bot uses an expired token).

A live panel moves on by itself only while its token may be used (a margin before the 15
minutes); past it the player is pinged instead. A 401 that comes anyway (a clock that
disagrees) is handled like a 404: the panel is forgotten and the ping stands. A click on an
old panel is a new interaction with a fresh token: it works.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bot.service import presence

from .conftest import (
    World,
    description,
    first_draft,
    ids,
    open_panel,
    settle,
    thread_messages,
    world,
)
from .strict import FAIL_ON

pytest.importorskip("simcord")

MINUTE = 60.0


def live_module() -> ModuleType:
    """The live-panel module the bot runs now (an earlier test may have reloaded the
    extensions: the module imported when this file was collected is then a stale copy)."""
    return importlib.import_module("cogs.play.live")


async def mentions(w: World, gid: int, user_id: int) -> int:
    return sum(f"<@{user_id}>" in (m.content or "") for m in await thread_messages(w, gid))


async def pick_then_wait(w: World, minutes: float) -> tuple[int, int, int, Any, str]:
    """alice picks on her panel (she is at the table), ``minutes`` pass, then bob's pick ends
    the round: (game, alice's seat, mentions of alice before bob's pick, her panel, its
    text)."""
    gid, seats = await first_draft(w, ["bob"])
    ((seat, alice),) = [(s, u) for s, u in seats if u == w.members["alice"].id]
    ((_, bob),) = [(s, u) for s, u in seats if u != alice]
    panel = await open_panel(w, gid, alice)
    await w.member(alice).click(panel, custom_id=ids(panel, "a")[0]["custom_id"])
    text = description(panel)
    assert text.startswith("✅")
    await settle(w, gid)
    before = await mentions(w, gid, alice)
    await w.env.advance_time(minutes * MINUTE)
    other = await open_panel(w, gid, bob)
    await w.member(bob).click(other, custom_id=ids(other, "a")[0]["custom_id"])
    await settle(w, gid)
    return gid, seat, before, panel, text


async def test_a_live_panel_stops_moving_before_its_token_expires(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the token binds (the live window made an hour): 14½ minutes after her click,
    alice's panel is past the margin, so it is not edited through the old interaction (no
    401); she is pinged for her next pick instead."""
    async with world(tmp_path, monkeypatch, names=("alice", "bob")) as w:
        monkeypatch.setattr(presence, "WINDOW", 60 * MINUTE)
        gid, seat, before, panel, text = await pick_then_wait(w, 14.5)
        alice = w.members["alice"].id
        assert description(panel) == text  # left as it was: the token could have expired
        assert await mentions(w, gid, alice) > before  # the thread pings her instead
        assert live_module().live_panels(w.bot).get(gid, seat) is None


async def test_within_the_token_the_live_panel_moves_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same, 10 minutes after her click: the panel moves on to her next pick by itself
    and she is not pinged (she is at the table)."""
    async with world(tmp_path, monkeypatch, names=("alice", "bob")) as w:
        monkeypatch.setattr(presence, "WINDOW", 60 * MINUTE)
        gid, seat, before, panel, text = await pick_then_wait(w, 10)
        alice = w.members["alice"].id
        assert description(panel) != text and ids(panel, "a")
        assert await mentions(w, gid, alice) == before


@pytest.mark.discord_limits(fail_on=FAIL_ON - {"expired_tokens"})
async def test_a_401_is_handled_like_a_404(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           strict_discord: Any) -> None:
    """A bot whose clock thinks the token still valid (both margins lifted) edits through an
    expired token: Discord's 401/50027 is caught like a 404 — the panel is forgotten, no
    error reaches anyone, and alice is pinged."""
    async with world(tmp_path, monkeypatch, names=("alice", "bob")) as w:
        live = live_module()
        monkeypatch.setattr(presence, "WINDOW", 60 * MINUTE)
        monkeypatch.setattr(live, "TOKEN_LIFE", 60 * MINUTE)
        monkeypatch.setattr(live.OpenPanel, "token_valid", lambda self, now=None: True)
        gid, seat, before, panel, text = await pick_then_wait(w, 16)
        alice = w.members["alice"].id
        assert strict_discord.counts["50027"] >= 1
        assert description(panel) == text
        assert await mentions(w, gid, alice) > before
        assert live_module().live_panels(w.bot).get(gid, seat) is None


async def test_a_late_click_on_an_old_panel_works(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A panel opened 20 minutes ago: its own token has expired, but a click on it is a new
    interaction — the choice is stored and the panel redrawn through the new token."""
    async with world(tmp_path, monkeypatch, names=("alice", "bob")) as w:
        gid, ((seat_a, alice), _) = await first_draft(w, ["bob"])
        panel = await open_panel(w, gid, alice)
        await w.env.advance_time(20 * MINUTE)
        result = await w.member(alice).click(panel, custom_id=ids(panel, "a")[0]["custom_id"])
        assert description(result.response).startswith("✅"), description(result.response)
        snap = await w.service.load(gid)
        assert snap.game is not None and snap.game.commits[seat_a] is not None
