"""The replay viewer through the real bot in the offline Discord (issue 24, item 1).

A finished game is stepped through from its first action to its last and back, each step with
its two pictures and its log lines matching the history; a spectator's replay of a game in
play shows nothing hidden (every seat's hand and recorded pick), and stops at the last settled
step; stale and malformed ids are refused; a viewer opened before a restart keeps working.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.service.history import history_lines
from bot.storage.base import FINISHED
from cogs.replay.components import STEP, ReplayButton, ReplaySelect, jump_id, step_id
from hadara.views import view

from .conftest import (
    World,
    answer,
    components,
    description,
    new_game,
    people_waiting,
    play,
    settle,
    take_turn,
    thread_messages,
    world,
)

pytest.importorskip("simcord")

TITLE = re.compile(r"Game #(\d+) · replay · step (\d+) of (\d+)")


def step_of(message: Any) -> tuple[int, int]:
    match = TITLE.search(message.embeds[0].title or "")
    assert match, message.embeds[0].title
    return int(match[2]), int(match[3])


def lines_of(message: Any) -> list[str]:
    return [line[2:] for line in description(message).split("\n") if line.startswith("• ")]


def cid(message: Any, label: str) -> str:
    return str(next(c for c in components(message) if c.get("label") == label)["custom_id"])


def enabled(message: Any, label: str) -> bool:
    return not next(c for c in components(message) if c.get("label") == label).get("disabled")


def assert_pictures(message: Any) -> None:
    assert sorted(a.filename for a in message.attachments) == ["replay-players.png",
                                                                "replay-table.png"]


async def finished_game(w: World) -> int:
    """A two-seat game, alice and an AI; alice concedes, the AI plays both seats to the end."""
    gid, _ = await new_game(w, "alice", seats=2, ai=1)
    await w.members["alice"].slash(w.channel, "hadara concede", game=gid)
    for _ in range(40):
        await settle(w, gid)
        if (await w.service.load(gid)).record.status == FINISHED:
            return gid
    raise AssertionError("the game did not finish")


async def send(w: World, *items: discord.ui.Item[Any]) -> discord.Message:
    """A message of the bot carrying these components (what a modified client could click)."""
    view_ = discord.ui.View(timeout=None)
    for item in items:
        view_.add_item(item)
    channel: Any = w.bot.get_channel(w.channel.id)
    message = await channel.send(content="crafted", view=view_)
    await w.env.settle()
    return message


async def test_a_finished_game_stepped_to_the_end_and_back(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    async with world(tmp_path, monkeypatch) as w:
        gid = await finished_game(w)
        snap = await w.service.load(gid)
        assert snap.game is not None and snap.game.log is not None
        entries = len(snap.game.log)
        history = [line for line in history_lines(snap.game) if line]  # (no blank bullets)

        # the final scores carry "Watch the replay"; carol (a member, no seat) opens it
        final = (await thread_messages(w, gid))[-1]
        assert f"Game #{gid} is over" in final.content
        assert [c.get("label") for c in components(final)][:2] == ["Rematch", "Watch the replay"]
        opened = await w.members["carol"].click(final, label="Watch the replay")
        viewer = answer(opened)
        assert opened.ephemeral
        assert step_of(viewer) == (0, entries)
        assert_pictures(viewer)
        assert not enabled(viewer, "◀") and not enabled(viewer, "⏮")
        assert "The players' cards at this step" in description(viewer)

        # forward, one step at a time, to the last: the lines are the history's
        forward: dict[int, str] = {0: description(viewer)}
        seen = lines_of(viewer)
        for k in range(1, entries + 1):
            result = await w.members["carol"].click(viewer, custom_id=cid(viewer, "▶"))
            viewer = result.response
            assert step_of(viewer) == (k, entries)
            assert_pictures(viewer)
            forward[k] = description(viewer)
            seen += lines_of(viewer)
        assert seen == history
        assert not enabled(viewer, "▶") and not enabled(viewer, "⏭")
        # back to the first, the same steps again (from the caches)
        rebuilt = w.service.replays.rebuilt
        for k in range(entries - 1, -1, -1):
            result = await w.members["carol"].click(viewer, custom_id=cid(viewer, "◀"))
            viewer = result.response
            assert step_of(viewer) == (k, entries)
            assert description(viewer) == forward[k]
            assert_pictures(viewer)
        assert w.service.replays.rebuilt == rebuilt  # nothing rebuilt on the way back

        # ⏭ and the jump to an epoch and phase
        viewer = (await w.members["carol"].click(viewer, custom_id=cid(viewer, "⏭"))).response
        assert step_of(viewer) == (entries, entries)
        select = next(c for c in components(viewer) if c.get("type") == 3)
        assert select["custom_id"] == jump_id(gid)
        marks = [o["value"] for o in select["options"]]
        assert len(marks) >= 6 and marks[0] == "0"  # three epochs, phases A and B
        target = int(marks[2])
        viewer = (await w.members["carol"].select(viewer, [str(target)],
                                                  custom_id=jump_id(gid))).response
        assert step_of(viewer) == (target, entries)

        # a player's /hadara-replay view opens at the first step, anywhere
        mine = await w.users["alice"].slash("hadara-replay view", game=gid)
        assert mine.ephemeral and step_of(answer(mine)) == (0, entries)


async def test_a_spectators_replay_of_a_game_in_play_shows_nothing_hidden(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        gid, _ = await new_game(w, "alice", seats=3, ai=1, join=["bob"])
        # a draft round after a dozen turns: alice has picked, bob not yet (the AI has)
        turns = iter(range(10**6))
        await play(w, gid, until=lambda ws: next(turns) >= 12
                   and len([k for *_, k in ws if k == "draft"]) == 2)
        (_, user_a, _), _ = await people_waiting(w, gid)
        await take_turn(w, gid, user_a)
        await settle(w, gid)
        snap = await w.service.load(gid)
        game = snap.game
        assert game is not None and game.log is not None
        assert any(c is not None for c in game.commits)  # picks recorded, still hidden
        hidden: set[str] = set()
        for seat in range(game.n):
            private = view(game, seat)["private"]
            hidden.update(private["hand"])
            if private["commit"] and private["commit"].get("card"):
                hidden.add(private["commit"]["card"])
        assert hidden

        opened = await w.members["carol"].slash(w.channel, "hadara-replay view", game=gid)
        viewer = answer(opened)
        k, last = step_of(viewer)
        assert k == last < len(game.log)  # the picks being made are not steps yet
        assert "what a spectator saw" in description(viewer)
        assert "The players' cards" not in description(viewer)
        seen: list[str] = []
        viewer = (await w.members["carol"].click(viewer, custom_id=cid(viewer, "⏮"))).response
        for step in range(last + 1):
            assert step_of(viewer) == (step, last)
            assert_pictures(viewer)
            seen += lines_of(viewer)
            if step < last:
                viewer = (await w.members["carol"].click(viewer,
                                                         custom_id=cid(viewer, "▶"))).response
        # the words are the public history's, up to the last settled step (card names are
        # shared by copies: the hidden cards themselves are checked in the positions drawn)
        # (the history's blank lines between groups are not bullets of the viewer)
        history = [line for line in await w.service.history(gid) if line]
        assert seen == history[:len(seen)]
        # every position the viewer rebuilt is a spectator's, without a hidden card in it
        for pos in w.service.replays.positions.values():
            assert pos.view["viewer"] is None and "private" not in pos.view
            assert not hidden & strings(pos.view)
        # a step beyond now (a modified client) is refused, as stale
        message = await send(w, ReplayButton(gid, len(game.log), "n"))
        result = await w.members["carol"].click(message, custom_id=message.components[0]
                                                .children[0].custom_id)
        assert "That step of the replay is not there" in answer(result).content
        # a stranger in a DM may not open it
        refused = await w.users["carol"].slash("hadara-replay view", game=gid)
        assert answer(refused).content == f"Only the players of game #{gid} can do that."
        assert not answer(refused).embeds


def strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


async def test_malformed_and_stale_ids_are_refused_and_buttons_survive_a_restart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        gid = await finished_game(w)
        opened = await w.members["bob"].slash(w.channel, "hadara-replay view", game=gid)
        viewer = answer(opened)
        _, last = step_of(viewer)
        viewer = (await w.members["bob"].click(viewer, custom_id=cid(viewer, "▶"))).response
        assert step_of(viewer) == (1, last)

        # malformed: a select value that is no step; stale: a step past the end; no such game
        select = discord.ui.Select[Any](custom_id=jump_id(gid), options=[
            discord.SelectOption(label="x", value="x1")])
        message = await send(w, ReplaySelect(select))
        result = await w.members["bob"].select(message, ["x1"], custom_id=jump_id(gid))
        assert "cannot be read" in answer(result).content
        for bad in (ReplayButton(gid, last + 1, "n"), ReplayButton(gid, 999_999, "p")):
            message = await send(w, bad)
            result = await w.members["bob"].click(message, custom_id=bad.item.custom_id)
            assert "That step of the replay is not there" in answer(result).content
        for ghost in (ReplayButton(gid + 1000, 0, "n"), ReplayButton(10**18 - 1, 0, "n")):
            message = await send(w, ghost)
            result = await w.members["bob"].click(message, custom_id=ghost.item.custom_id)
            assert answer(result).content == "There is no such game."
        # a longer game id (past the database's 64-bit integers) matches no component at all,
        # as for every other component (docs/security.md)
        assert not re.fullmatch(STEP.template, step_id(10**19 - 1, 0, "n"))

        # a new bot from the same database: the viewer opened before still steps
        await w.restart()
        await w.service.idle()
        viewer = (await w.members["bob"].click(viewer, custom_id=cid(viewer, "▶"))).response
        assert step_of(viewer) == (2, last)
        assert_pictures(viewer)
        viewer = (await w.members["bob"].click(viewer, custom_id=cid(viewer, "⏭"))).response
        assert step_of(viewer) == (last, last)
