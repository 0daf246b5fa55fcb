"""A tournament from sign-up to final through the real bot under simcord (docs/leagues.md,
"Tournaments"): a manager opens it, seven members sign up by command (the cap refuses an
eighth), the manager starts each round (automatic rounds off) — a thread per table and ONE
announcement per round in the channel, its players mentioned there — the games are played by AI stand-ins except
alice's seat, which waits on her until she withdraws: the AI then finishes her game, her
result stays in the standings, she is never seated again. Each round's end posts the
standings (a picture and a CSV file); the final table seats the best three; its end posts the
podium. ``/hadara-tournament standings`` answers with the picture and the CSV.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest

from bot.league.tournaments import TournamentService

from .conftest import World, answer, play_to_results, thread_messages, world

pytest.importorskip("simcord")

import discord  # noqa: E402

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace")


async def channel_messages(w: World) -> list[discord.Message]:
    channel = w.bot.get_channel(w.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return [m async for m in channel.history(limit=None, oldest_first=True)]


async def finish(w: World, gids: list[int]) -> None:
    """The games played to their recorded results, and the round's end announced."""
    await play_to_results(w, gids, "Tournament")
    await w.bot.get_cog("Tournament").idle()  # type: ignore[union-attr]
    await w.env.advance_time(1)


async def start_round(w: World, admin: Any) -> list[dict[str, Any]]:
    """The manager starts the next round; returns its tables as stored."""
    before = {t.id for t in await w.service.store.league_tables()}
    result = await admin.slash(w.channel, "hadara-tournament round")
    assert result.ephemeral and "started" in answer(result).content, answer(result).content
    tables = [t for t in await w.service.store.league_tables() if t.id not in before]
    for t in tables:
        record = (await w.service.load(t.game_id)).record
        assert record.options["rated"] and record.options["tournament"]
        assert record.discord["thread"]
    return [{"game_id": t.game_id, "users": [s["user"] for s in t.seats if s.get("user")],
             "thread": int((await w.service.load(t.game_id)).record.discord["thread"])}
            for t in tables]


def announced(messages: list[discord.Message], marker: str) -> list[discord.Message]:
    return [m for m in messages if marker in (m.content or "")]


@pytest.mark.asyncio
async def test_tournament_from_sign_up_to_final(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch, names=NAMES) as w:
        role = w.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
        admin = w.guild.add_member(w.env.create_user("boss"), roles=[role])
        latecomer = w.guild.add_member(w.env.create_user("zed"))
        alice = w.members["alice"]
        # everyone but alice is stood in for by the AI: the games run alone, hers waits
        w.bot.leagues.tournaments.stand_ins = {w.members[n].id for n in NAMES[1:]}

        refused = await alice.slash(w.channel, "hadara-tournament create", name="Cup")
        assert "Manage Server" in answer(refused).content
        none = await alice.slash(w.channel, "hadara-tournament join")
        assert "no tournament" in answer(none).content

        made = await admin.slash(w.channel, "hadara-tournament create", name="Winter cup",
                                 rounds=2, cap=7, final=3, time_control="48h",
                                 auto_rounds=False)
        assert not made.ephemeral and "Winter cup" in answer(made).content
        assert "A manager starts each round" in answer(made).content
        for name in NAMES:
            joined = await w.members[name].slash(w.channel, "hadara-tournament join")
            assert "signed up" in answer(joined).content, answer(joined).content
        full = await latecomer.slash(w.channel, "hadara-tournament join")
        assert "full" in answer(full).content
        again = await alice.slash(w.channel, "hadara-tournament join", name="winter CUP")
        assert "already" in answer(again).content
        other = await alice.slash(w.channel, "hadara-tournament withdraw",
                                  user=w.members["bob"])
        assert "Manage Server" in answer(other).content
        # the sign-ups, each with their reliability on this server (nobody has played yet)
        listed = answer(await alice.slash(w.channel, "hadara-tournament standings")).embeds[0]
        signed = next(f.value for f in listed.fields if f.name.startswith("Signed up: 7"))
        assert signed.count("new here") == 7 and "alice — new here" in signed

        # round 1: 4 + 3, one announcement, alice's table waits on her
        tables = await start_round(w, admin)
        assert sorted(len(t["users"]) for t in tables) == [3, 4]
        messages = await channel_messages(w)
        heads = announced(messages, "round 1 of 2")
        assert len(heads) == 1
        for t in tables:
            assert f"<#{t['thread']}>" in heads[0].content
            assert all(f"<@{u}>" in heads[0].content for u in t["users"])
            # the thread carries the game, not a second announcement
            assert not any("round 1 of 2" in (m.content or "")
                           for m in await thread_messages(w, t["game_id"]))
        # named, not notified: each table's board pings its own players (one ping a step)
        policy = w.env.backend.messages[w.channel.id][heads[0].id].allowed_mentions
        assert not any(policy.allows_user(u) for t in tables for u in t["users"])
        again_round = await admin.slash(w.channel, "hadara-tournament round")
        assert "still being played" in answer(again_round).content
        mine = next(t for t in tables if alice.id in t["users"])
        rest = [t["game_id"] for t in tables if t is not mine]
        await finish(w, rest)
        assert (await w.service.load(mine["game_id"])).record.status == "active"
        assert announced(await channel_messages(w), "round 1 is over") == []

        # alice withdraws mid-round: the AI finishes her game, her result stays
        gone = await alice.slash(w.channel, "hadara-tournament withdraw")
        assert "AI finishes their game" in answer(gone).content, answer(gone).content
        await finish(w, [mine["game_id"]])
        record = (await w.service.load(mine["game_id"])).record
        seat = next(s for s in record.seats if s.user_id == alice.id)
        assert seat.conceded
        over = announced(await channel_messages(w), "round 1 is over")
        assert len(over) == 1
        names = sorted(a.filename for a in over[0].attachments)
        assert names == ["standings.csv", "standings.png"]
        rows = list(csv.DictReader(io.StringIO(
            (await next(a for a in over[0].attachments
                        if a.filename == "standings.csv").read()).decode())))
        mine_row = next(r for r in rows if r["user"] == str(alice.id))
        assert mine_row["withdrawn"] == "True" and mine_row["games"] == "1"

        # round 2: alice is not seated again; six people: 3 + 3
        tables = await start_round(w, admin)
        assert alice.id not in {u for t in tables for u in t["users"]}
        assert sorted(len(t["users"]) for t in tables) == [3, 3]
        assert len(announced(await channel_messages(w), "round 2 of 2")) == 1
        await finish(w, [t["game_id"] for t in tables])
        assert len(announced(await channel_messages(w), "the final table comes next")) == 1

        # the final: the best three of the standings still in
        lid = await w.bot.leagues.tournaments.find(w.guild.id, "Winter cup")
        before = await w.bot.leagues.tournaments.standings(lid)
        best = [r["user"] for r in before if not r["withdrawn"]][:3]
        tables = await start_round(w, admin)
        assert len(tables) == 1 and sorted(tables[0]["users"]) == sorted(best)
        assert len(announced(await channel_messages(w), "the final table is open")) == 1
        await finish(w, [tables[0]["game_id"]])
        podium = announced(await channel_messages(w), "is over — the podium")
        assert len(podium) == 1 and "🥇" in podium[0].content
        assert podium[0].attachments

        shown = await w.members["bob"].slash(w.channel, "hadara-tournament standings")
        reply = answer(shown)
        assert reply.embeds and sorted(a.filename for a in reply.attachments) == [
            "standings.csv", "standings.png"]
        lines = reply.embeds[0].description.splitlines()
        assert len(lines) == len(NAMES) and "final: place 1" in lines[0]
        assert any("withdrew" in line and "alice" in line for line in lines)
        ended = await admin.slash(w.channel, "hadara-tournament round")
        assert "is over" in answer(ended).content


@pytest.mark.asyncio
async def test_automatic_rounds_run_to_the_final_by_themselves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With automatic rounds (the default) the manager starts round 1 only: each round's end
    posts the standings and opens the next round (its one announcement, its threads), to the
    final and its podium. A round that fell due while the bot was not listening starts at
    start-up; one that cannot start says why in the channel and that a manager can."""
    async with world(tmp_path, monkeypatch, names=NAMES[:6]) as w:
        role = w.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
        admin = w.guild.add_member(w.env.create_user("boss"), roles=[role])
        people = {w.members[n].id for n in NAMES[:6]}
        stood_in = set(people)  # every game runs alone (this bot's and the next's)
        monkeypatch.setattr(TournamentService, "_stands_in",
                            lambda self, user: user in stood_in)
        events = w.bot.leagues.tournaments
        cog: Any = w.bot.get_cog("Tournament")
        made = await admin.slash(w.channel, "hadara-tournament create", name="Spring cup",
                                 rounds=2, final=3)
        assert "each round starts by itself" in answer(made).content
        for name in NAMES[:6]:
            await w.members[name].slash(w.channel, "hadara-tournament join")
        tid = await events.find(w.guild.id, "Spring cup")

        # the bot is not listening when round 1 ends (it stopped): round 2 starts at start-up
        events.listeners.remove(cog._round_over)
        first = await start_round(w, admin)
        await finish(w, [t["game_id"] for t in first])
        assert announced(await channel_messages(w), "round 2 of 2") == []
        assert await events.due() == [tid]
        await w.restart()
        events = w.bot.leagues.tournaments
        await w.bot.get_cog("Tournament").idle()  # type: ignore[union-attr]
        heads = announced(await channel_messages(w), "round 2 of 2")
        assert len(heads) == 1  # one announcement, naming each table's thread
        second = [t for t in await w.service.store.league_tables() if t.round == 2]
        assert second
        for t in second:
            thread = (await w.service.load(t.game_id)).record.discord["thread"]
            assert f"<#{thread}>" in heads[0].content

        # from here on nobody types a command: round 2's end, the final, the podium
        season = (await w.service.store.seasons(tid))[0].id
        for _ in range(10):
            if (await w.service.store.seasons(tid))[0].status == "finished":
                break
            tables = await w.service.store.league_tables(season)
            await finish(w, [t.game_id for t in tables if t.game_id is not None])
        messages = await channel_messages(w)
        assert len(announced(messages, "round 2 is over; the final table comes next")) == 1
        assert len(announced(messages, "the final table is open")) == 1
        podium = announced(messages, "is over — the podium")
        assert len(podium) == 1 and "🥇" in podium[0].content
        stored = await w.service.store.rounds(season)
        assert [r.started_by for r in stored] == [admin.id, None, None]
        assert await events.due() == []

        # a round that cannot start by itself: everyone withdrew during round 1
        await admin.slash(w.channel, "hadara-tournament create", name="Empty cup")
        for name in NAMES[:3]:
            await w.members[name].slash(w.channel, "hadara-tournament join", name="Empty cup")
        stood_in.clear()  # the games wait on their people
        empty = await events.find(w.guild.id, "Empty cup")
        result = await admin.slash(w.channel, "hadara-tournament round", name="Empty cup")
        assert "started" in answer(result).content
        [table] = [t for t in await w.service.store.league_tables() if t.round == 1
                   and (await w.service.load(t.game_id)).record.options["league"]["league"]
                   == empty]
        for name in NAMES[:3]:
            gone = await w.members[name].slash(w.channel, "hadara-tournament withdraw",
                                               name="Empty cup")
            assert "withdrew" in answer(gone).content, answer(gone).content
        await finish(w, [table.game_id])
        failed = announced(await channel_messages(w), "could not start by itself")
        assert len(failed) == 1 and "Empty cup" in failed[0].content
        assert "/hadara-tournament round" in failed[0].content
        assert "still in" in failed[0].content  # why, in words
