"""Smoke tests of cogs.play through simcord: the cog loads in a real ``HadaraBot``, "Take my
turn" opens an ephemeral panel with the decision image, a click on it is submitted, an old
panel answers with the current one, hints answer, and the DM panel is sent, refused and
edited after a choice made elsewhere.

Only the extensions these tests need are loaded (the thread and the board are cogs.table's):
the test posts the board message with the "Take my turn" button itself.
"""

from __future__ import annotations

import importlib.util
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

simcord = pytest.importorskip("simcord")

import discord  # noqa: E402

import bot.client as client_module  # noqa: E402
from bot.client import HadaraBot  # noqa: E402
from bot.config import Config  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.storage import SqliteStore  # noqa: E402
from cogs.components import ALL as DYNAMIC_ITEMS  # noqa: E402
from cogs.play import panels as P  # noqa: E402
from cogs.play.turns import send_panel_dm, take_turn_view, to_discord  # noqa: E402

from .conftest import shared_ai_pool  # noqa: E402


def _extensions() -> tuple[str, ...]:
    return tuple(e for e in ("cogs.edge", "cogs.commands", "cogs.play", "cogs.components") if importlib.util.find_spec(e))


def buttons(components: list[dict[str, Any]], kind: str = "a") -> list[dict[str, Any]]:
    """The enabled buttons of a message whose custom id is of ``kind``."""
    out = []
    for row in components:
        for c in row.get("components", []):
            pid = P.parse_custom_id(c.get("custom_id", "")) if c.get("type") == 2 else None
            if pid is not None and pid.kind == kind and not c.get("disabled"):
                out.append(c)
    return out


@dataclass
class Table:
    env: Any
    bot: HadaraBot
    service: GameService
    game: int
    board: discord.Message
    path: str  # the database file
    actors: dict[int, Any]  # seat -> the member actor
    users: dict[int, Any]  # seat -> the user handle (clicks in DMs)
    stranger: Any


@asynccontextmanager
async def seated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Table]:
    """A bot under simcord with a started two-player game and its board message (a context
    manager in the test itself: simcord's clock context must not cross fixture tasks)."""
    monkeypatch.setattr(client_module, "EXTENSIONS", _extensions())
    path = str(tmp_path / "hadara.sqlite3")
    store = SqliteStore(path)
    service = GameService(store, ai_pool=shared_ai_pool())
    bot = HadaraBot(Config(token="x", db=path), service=service, sync=False)
    try:
        async with simcord.run(bot) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("hadara")
            users = [env.create_user("alice"), env.create_user("bob")]
            alice, bob = (guild.add_member(u) for u in users)
            carol = guild.add_member(env.create_user("carol"))
            gid = await service.create(alice.id, "Alice", seats=2, hints=True)
            await service.join(gid, bob.id, "Bob")
            await service.start(gid, alice.id)
            await service.set_discord(gid, {"guild": guild.id, "thread": channel.id})
            text_channel = bot.get_channel(channel.id)
            assert isinstance(text_channel, discord.TextChannel)
            board = await text_channel.send("board", view=take_turn_view(gid, hints=True))
            await env.settle()
            by_user = {alice.id: (alice, users[0]), bob.id: (bob, users[1])}
            records = (await service.load(gid)).record.seats
            yield Table(env, bot, service, gid, board, path,
                        {s.seat: by_user[s.user_id][0] for s in records},
                        {s.seat: by_user[s.user_id][1] for s in records}, carol)
    finally:
        await store.close()


async def open_panel(table: Table, seat: int) -> Any:
    result = await table.actors[seat].click(table.board, label="Take my turn")
    panel = result.response
    assert result.ephemeral and panel is not None and panel.ephemeral
    assert panel.embeds and panel.embeds[0].image.url
    assert panel.attachments and panel.attachments[0].filename == "decision.png"
    return panel


async def choose_wheel(table: Table) -> tuple[int, Any]:
    """The wheel chooser opens two panels and chooses in the first; returns the seat and the
    second panel (still showing the wheel)."""
    (wheel,) = await table.service.waiting(table.game)
    panel = await open_panel(table, wheel.seat)
    other = await open_panel(table, wheel.seat)
    decks = buttons(panel.components)
    assert len(decks) == 5
    await table.actors[wheel.seat].click(panel, custom_id=decks[0]["custom_id"])
    await table.service.idle(table.game)
    assert [w.kind for w in await table.service.waiting(table.game)] == ["draft", "draft"]
    return wheel.seat, other


async def test_take_my_turn_and_pick(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with seated(tmp_path, monkeypatch) as table:
        await _take_my_turn_and_pick(table)


async def _take_my_turn_and_pick(table: Table) -> None:
    # someone without a seat clicks: a specific refusal, nothing changes
    result = await table.stranger.click(table.board, label="Take my turn")
    assert result.ephemeral and "Only the players of game" in (result.response.content or "")

    chooser, old = await choose_wheel(table)
    # the second wheel panel is no longer current: a click answers with the current decision
    assert "wheel" in old.embeds[0].title
    result = await table.actors[chooser].click(old, custom_id=buttons(old.components)[1]
                                               ["custom_id"])
    now = result.response
    assert now is not None and "no longer current" in now.embeds[0].description
    assert "Phase A" in now.embeds[0].title
    assert [w.kind for w in await table.service.waiting(table.game)] == ["draft", "draft"]

    # both players pick a draft card through their panels
    for seat in sorted(table.actors):
        panel = await open_panel(table, seat)
        picks = buttons(panel.components)
        assert picks, panel.components
        result = await table.actors[seat].click(panel, custom_id=picks[-1]["custom_id"])
        await table.service.idle(table.game)
        text = result.response.embeds[0].description
        assert text.startswith("✅ Chosen:")
        if seat == min(table.actors):
            assert "change this until everyone has chosen" in text
            # the pick is marked, and choosing it again changes nothing
            marked = [b for b in buttons(result.response.components) if b["style"] == 3]
            assert len(marked) == 1 and marked[0]["label"].startswith("✓ ")
        else:
            assert "Everyone has chosen" in text
    snap = await table.service.load(table.game)
    assert snap.game is not None and snap.game.round == 1


async def test_hint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with seated(tmp_path, monkeypatch) as table:
        await _hint(table)


async def _hint(table: Table) -> None:
    await choose_wheel(table)
    panel = await open_panel(table, 0)
    (hint,) = buttons(panel.components, "h")
    result = await table.actors[0].click(panel, custom_id=hint["custom_id"])
    assert result.ephemeral and result.response.content.startswith("💡 Suggestion:")
    # from the board too
    result = await table.actors[1].click(table.board, label="Hint")
    assert result.ephemeral and result.response.content.startswith("💡 Suggestion:")


async def test_dm_panel_is_sent_and_edited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with seated(tmp_path, monkeypatch) as table:
        await _dm_panel_is_sent_and_edited(table)


async def _dm_panel_is_sent_and_edited(table: Table) -> None:
    await choose_wheel(table)
    dm = await send_panel_dm(table.bot, table.actors[0].id, table.game, 0)
    assert dm is not None and dm.embeds and dm.embeds[0].image
    assert (0, "dm") in await table.service.store.seat_messages(table.game)
    # choose in the ephemeral panel: the DM is edited to show the choice
    panel = await open_panel(table, 0)
    await table.actors[0].click(panel, custom_id=buttons(panel.components)[0]["custom_id"])
    await table.env.settle()
    edited = await dm.channel.fetch_message(dm.id)
    assert (edited.embeds[0].description or "").startswith("✅ Chosen:")
    # and a choice in the DM itself works like the ephemeral panel
    rows: list[dict[str, Any]] = [dict(c.to_dict()) for c in edited.components]
    result = await table.users[0].click(edited, custom_id=buttons(rows)[-1]["custom_id"])
    assert result.response.embeds[0].description.startswith("✅ Chosen:")


async def test_dm_refused_returns_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with seated(tmp_path, monkeypatch) as table:
        await _dm_refused_returns_none(table)


async def _dm_refused_returns_none(table: Table) -> None:
    await choose_wheel(table)
    table.env.inject_error("POST", "/channels/*/messages", status=403, code=50007,
                           message="Cannot send messages to this user")
    assert await send_panel_dm(table.bot, table.actors[1].id, table.game, 1) is None
    assert (1, "dm") not in await table.service.store.seat_messages(table.game)


async def test_select_in_a_dm_submits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A select (feeding-style) dispatches through its DynamicItem and submits the option."""
    async with seated(tmp_path, monkeypatch) as table:
        await choose_wheel(table)
        snap = await table.service.load(table.game)
        assert snap.game is not None
        decision = snap.game.decision_id(0)
        assert decision is not None
        opts = await table.service.options(table.game, 0)
        legal = [(i, o) for i, o in enumerate(opts) if o["legal"]]
        select = P.Select(P.select_id(table.game, 0, decision, (), 0), "Choose…", tuple(
            P.SelectOption(o["label"], P.option_value(i, o["action"])) for i, o in legal))
        embed, view = to_discord(P.Panel("t", ("x",), ((select,),), image=False))
        user = table.bot.get_user(table.actors[0].id) or await table.bot.fetch_user(
            table.actors[0].id)
        message = await user.send(embed=embed, view=view)
        await table.env.settle()
        i, option = legal[0]
        result = await table.users[0].select(message, [P.option_value(i, option["action"])],
                                             custom_id=select.custom_id)
        assert result.response.embeds[0].description.startswith("✅ Chosen:")
        snap = await table.service.load(table.game)
        assert snap.game is not None and snap.game.commits[0] == option["action"]


def test_to_discord_keeps_rows_and_ids() -> None:
    panel = P.Panel("title", ("line",), (
        (P.Button(P.action_id(1, 0, "d1", 0, {"type": "wheel"}), "A", "primary"),
         P.Button(P.nav_id(1, 0, "d1", ("2",)), "B"),
         P.Button(P.hint_id(1, 0, "d1"), "Hint")),
        (P.Select(P.select_id(1, 0, "d1", (), 0), "pick", (P.SelectOption("x", "nX"),)),),
    ), footer="f")
    embed, view = to_discord(panel)
    assert embed.image.url == "attachment://decision.png" and embed.footer.text == "f"
    rows = view.to_components()
    assert [[c["custom_id"] for c in r["components"]] for r in rows] == [
        [c.custom_id for c in row] for row in panel.rows]
    assert {type(item) for item in view.children} <= set(DYNAMIC_ITEMS)


async def test_panel_works_after_a_restart(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing lives in memory: a panel opened before a restart still submits after it."""
    async with seated(tmp_path, monkeypatch) as table:
        (wheel,) = await table.service.waiting(table.game)
        panel = await open_panel(table, wheel.seat)
        await table.service.close()
        store = SqliteStore(table.path)
        service = GameService(store, ai_pool=shared_ai_pool())
        try:
            await table.env.restart_bot(HadaraBot(Config(token="x", db=table.path),
                                                  service=service, sync=False))
            result = await table.actors[wheel.seat].click(
                panel, custom_id=buttons(panel.components)[2]["custom_id"])
            assert result.response.embeds[0].description.startswith("✅ Chosen:")
            await service.idle(table.game)
            assert [w.kind for w in await service.waiting(table.game)] == ["draft", "draft"]
        finally:
            await service.close()
            await store.close()
