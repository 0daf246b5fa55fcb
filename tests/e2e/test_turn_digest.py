"""The turn digest ("Daily turns", issue 39) through the real bot under simcord, on Discord's
virtual clock: a player turns it on with ``/hadara settings daily_turns:``; from then on the
games' own pings and turn DMs stop for her while the other player's go on; at her hour ONE DM
lists every game waiting on her (the longest-waiting first) with a "Take my turn" per game,
which opens that game's panel; once a day, not more; off, nothing comes."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.service.presence import WINDOW as PRESENCE
from cogs.play import panels as P
from cogs.turn_digest.cog import turn_digest_stats

from .conftest import (
    World,
    answer,
    components,
    new_game,
    people_waiting,
    play,
    settle,
    take_turn,
    thread_messages,
    world,
)

pytest.importorskip("simcord")

HOUR = 3600.0
EIGHT = datetime(2026, 1, 1, 8, tzinfo=UTC).timestamp()  # simcord's clock starts at midnight


def digests(w: World, name: str) -> list[Any]:
    """The turn digests ``name`` received."""
    channel = w.users[name].dm_channel
    if channel is None:
        return []
    return [m for m in channel.history() if (m.content or "").startswith("📬")]


def panel_dms(w: World, name: str) -> list[Any]:
    """The decision panels ``name`` received by DM (an embed each)."""
    channel = w.users[name].dm_channel
    return [] if channel is None else [m for m in channel.history() if m.embeds]


def games_of(message: Any, kind: str) -> list[int]:
    """The games named by the components of ``kind`` in a message, in order."""
    out = []
    for c in components(message):
        pid = P.parse_custom_id(c.get("custom_id") or "")
        if pid is not None and pid.kind == kind:
            out.append(pid.game)
    return out


async def new_two(w: World, host: str, guest: str) -> int:
    """A table of two people, started (the lobby's buttons)."""
    gid, _ = await new_game(w, host, seats=2, join=[guest])
    return gid


async def until_waiting_on(w: World, gid: int, user: int) -> None:
    await play(w, gid, until=lambda waiting: any(u == user for _, u, _ in waiting))


async def slow_turns(w: World, gid: int, turns: int) -> set[int]:
    """``turns`` decisions of the game, each taken ten minutes after the step opened (nobody
    is at the table any more: the quiet table pings whom it waits on); who took them."""
    moved = set()
    for _ in range(turns):
        await w.env.advance_time(PRESENCE + 60)
        await settle(w, gid)
        _, user, _ = (await people_waiting(w, gid))[0]
        await take_turn(w, gid, user)
        moved.add(user)
        await settle(w, gid)
    return moved


async def mentions(w: World, gid: int, since: int) -> str:
    """Everything the game's thread said after its first ``since`` messages."""
    return "\n".join(m.content or "" for m in (await thread_messages(w, gid))[since:])


async def test_daily_turns_replace_her_pings_and_list_her_games(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        alice, bob = w.members["alice"], w.members["bob"]
        one = await new_two(w, "alice", "bob")
        two = await new_two(w, "carol", "alice")
        # DMs for her turns, and the digest at 08:00 (no time zone: UTC) in their place
        said = answer(await alice.slash(w.channel, "hadara settings", dms=True,
                                        daily_turns="8"))
        assert said.ephemeral and "Daily turns: every day at **08:00**" in said.content
        assert "stop meanwhile" in said.content
        mark = len(await thread_messages(w, one))
        dms_before = len(panel_dms(w, "alice"))

        # game one goes on: each step pings whom it waits on, once — bob, never alice
        assert await slow_turns(w, one, 8) == {alice.id, bob.id}
        said = await mentions(w, one, mark)
        assert bob.mention in said and alice.mention not in said, said
        assert len(panel_dms(w, "alice")) == dms_before  # no turn DM either

        # both games wait on her at 08:00: one DM lists them, the longest-waiting first
        for gid in (one, two):
            await until_waiting_on(w, gid, alice.id)
        order = [line.game_id for line in (await w.service.games(alice.id)).your_turn]
        assert sorted(order) == sorted([one, two])
        now = discord.utils.utcnow().timestamp()
        assert now < EIGHT - 60 and digests(w, "alice") == []
        await w.env.advance_time(EIGHT - now + 1)
        await w.service.idle()
        await w.env.advance_time(5)
        (digest,) = digests(w, "alice")
        text = digest.content
        assert "2 games are waiting for you" in text
        assert text.index(f"**#{order[0]}**") < text.index(f"**#{order[1]}**")
        assert games_of(digest, "t") == order  # a "Take my turn" per game, in that order
        assert [c.get("label") for c in components(digest)] == [
            f"#{gid} · Take my turn" for gid in order]
        assert digests(w, "bob") == [] and digests(w, "carol") == []

        # a button opens that game's panel, privately
        opened = await w.users["alice"].click(digest, custom_id=P.take_turn_id(two))
        panel = opened.response
        assert opened.ephemeral and panel is not None and panel.embeds
        assert set(games_of(panel, "a") + games_of(panel, "n") + games_of(panel, "s")) == {two}

        # once a day: the next comes the next morning, not before
        await w.env.advance_time(20 * HOUR)
        await w.service.idle()
        assert len(digests(w, "alice")) == 1
        await w.env.advance_time(4 * HOUR + 5)
        await w.service.idle()
        await w.env.advance_time(5)
        assert len(digests(w, "alice")) == 2

        # off: no digest the day after, and her pings come back
        off = answer(await alice.slash(w.channel, "hadara settings", daily_turns="off"))
        assert "Daily turns: off" in off.content
        await w.env.advance_time(24 * HOUR)
        await w.service.idle()
        assert len(digests(w, "alice")) == 2
        mark = len(await thread_messages(w, one))
        assert alice.id in await slow_turns(w, one, 8)
        said = await mentions(w, one, mark)
        assert alice.mention in said and bob.mention in said, said
        assert len(panel_dms(w, "alice")) > dms_before  # and her turn DMs


async def test_closed_dms_are_met_quietly(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Her DMs are closed (50007): the digest is not sent, counted as refused, nothing
    breaks, and the next one is due the next day as usual."""
    async with world(tmp_path, monkeypatch) as w:
        alice = w.members["alice"]
        one = await new_two(w, "alice", "bob")
        await until_waiting_on(w, one, alice.id)
        await alice.slash(w.channel, "hadara settings", daily_turns="8")
        dm = w.users["alice"].dm_channel
        w.env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                           message="Cannot send messages to this user", times=None)
        await w.env.advance_time(EIGHT - discord.utils.utcnow().timestamp() + 1)
        await w.service.idle()
        await w.env.advance_time(5)
        stats = turn_digest_stats(w.bot)
        assert stats["refused"] == 1 and stats["sent"] == 0
        assert digests(w, "alice") == []
        due = (await w.service.settings(alice.id)).turn_digest_due
        assert due == EIGHT + 24 * HOUR


async def test_a_digest_waits_for_a_dm_open_instead_of_being_lost(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord just said 40003 (DMs opened too fast) when her digest falls due: the pacer
    holds DM opens back for a while; the digest waits its turn and comes late, not never
    (her pings stop meanwhile: it is the only way her turns reach her)."""
    async with world(tmp_path, monkeypatch) as w:
        alice = w.members["alice"]
        one = await new_two(w, "alice", "bob")
        await until_waiting_on(w, one, alice.id)
        await alice.slash(w.channel, "hadara settings", daily_turns="8")
        user = w.bot.get_user(alice.id)
        assert user is None or user.dm_channel is None  # no DM with her yet
        await w.env.advance_time(EIGHT - discord.utils.utcnow().timestamp() - 1)
        w.bot.pacer.dm_backoff()  # no DM opens for a while, from just before her hour
        assert w.bot.pacer.dm_blocked()
        await w.env.advance_time(2)
        await w.service.idle()
        assert digests(w, "alice") == []  # held back, not dropped
        await w.env.advance_time(w.bot.pacer.limits.dm_backoff + 5)
        await w.service.idle()
        await w.env.advance_time(5)
        stats = turn_digest_stats(w.bot)
        assert len(digests(w, "alice")) == 1
        assert (stats["sent"], stats["refused"]) == (1, 0)
