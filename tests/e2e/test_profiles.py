"""Profiles and reliability through the real bot under simcord (docs/leagues.md, "Profiles and
reliability"; docs/security.md, "Profiles"): a season of finished games is in the store; an
open lobby shows each person's finish rate and usual time to move on this server ("new" under
five games); a table asking for a minimum finish rate refuses who is under it and welcomes the
new; "Profile" beside a name opens that person's profile privately, picture and text, with the
replay of their best game; a player who hides their figures shows only the leaderboard's to
others while a manager still sees their reliability; a league asking for a minimum refuses
likewise and lists its sign-ups with their figures."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from .conftest import World, answer, components, concede_to_the_end, settle, thread_messages, world

pytest.importorskip("simcord")

import discord  # noqa: E402

from tests.bot.league.test_profiles import Script, play, store_season  # noqa: E402

NAMES = ("alice", "bob", "carol", "dave")


def labels(message: Any) -> list[str]:
    return [str(c.get("label") or "") for c in components(message) if c.get("type") == 2]


def field(embed: discord.Embed, name: str) -> str | None:
    return next((f.value for f in embed.fields if f.name == name), None)


async def season(w: World) -> list[Script]:
    """Finished games on this server: alice 6 (conceded one: 83 %), bob 5 (all his own:
    100 %), dave 5 (taken over in one, no vacation: 80 %), carol 2 (new)."""
    a, b, c, d = (w.members[n].id for n in NAMES)
    g = w.guild.id
    day = 86400.0
    scripts = [
        play(1, [a, b, d, None], seed=31, start=1 * day, guild=g, conceded=(0,),
             ai_from={0: 9}),
        play(2, [a, b, d, None], seed=32, start=2 * day, guild=g),
        play(3, [a, b, c, d], seed=33, start=3 * day, guild=g, ai_from={3: 8},
             taken_over=(3,)),
        play(4, [a, b, d], seed=34, start=4 * day, guild=g),
        play(5, [a, b, c, d], seed=35, start=5 * day, guild=g),
        play(6, [a, None, None], seed=36, start=6 * day, guild=g),
    ]
    names = {w.members[n].id: n for n in NAMES}
    for sc in scripts:  # the names they play under here
        sc.record.seats = [replace(s, name=names.get(s.user_id or 0, s.name))
                           for s in sc.record.seats]
    await store_season(w.service.store, scripts)
    return scripts


async def lobby_of(w: World, gid: int) -> discord.Message:
    record = (await w.service.load(gid)).record
    thread = w.bot.get_channel(int(record.discord["thread"]))
    assert isinstance(thread, discord.Thread)
    return await thread.fetch_message(int(record.discord["lobby"]))


async def test_profiles_and_reliability_through_the_bot(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch, names=NAMES) as w:
        await season(w)
        alice, bob, carol, dave = (w.members[n] for n in NAMES)
        role = w.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
        boss = w.guild.add_member(w.env.create_user("boss"), roles=[role])

        # a table asking for 82 %: alice (83 %) may sit down, dave (80 %) may not
        opened = await bob.slash(w.channel, "hadara new", seats=5, min_finish=82)
        assert opened.ephemeral
        gid = 7
        lobby = await lobby_of(w, gid)
        assert "82%" in lobby.embeds[0].fields[-1].value  # the table says what it asks
        refused = await dave.click(lobby, label="Join")
        assert "82%" in answer(refused).content and "80%" in answer(refused).content
        assert [s.user_id for s in (await w.service.load(gid)).record.seats] == [bob.id]
        joined = await carol.click(lobby, label="Join")  # new: always welcome
        assert not joined.followups, answer(joined).content
        await settle(w, gid)
        lobby = await lobby_of(w, gid)
        seats = lobby.embeds[0].fields[0].value
        assert "bob (host) — finishes 100%" in seats and "moves in" in seats
        assert "carol — new here" in seats
        assert labels(lobby)[-2:] == ["bob", "carol"]  # "Profile" beside each person

        # bob keeps his figures to himself: the lobby, and his profile to others, say so
        saved = await bob.slash(w.channel, "hadara settings", hide_figures=True)
        assert "yours alone" in answer(saved).content
        await alice.slash(w.channel, "hadara join", game=gid)  # the lobby is drawn again
        await settle(w, gid)
        lobby = await lobby_of(w, gid)
        seats = lobby.embeds[0].fields[0].value
        assert "bob (host) — figures kept private" in seats and "finishes 100%" not in seats
        assert "alice — finishes 83%" in seats

        seen = answer(await carol.click(lobby, label="bob"))
        embed = seen.embeds[0]
        assert seen.flags.ephemeral and "keeps their figures to themselves" in embed.description
        assert field(embed, "Reliability") is None and field(embed, "Rivals") is None
        assert "5 played" in (field(embed, "Games") or "")
        assert embed.image.url == "attachment://profile.png" and seen.attachments
        managed = answer(await boss.click(lobby, label="bob")).embeds[0]
        assert "as a manager" in managed.description
        assert "5 of 5" in (field(managed, "Reliability") or "")
        assert field(managed, "Rivals") is None  # reliability only
        own = answer(await bob.click(lobby, label="bob")).embeds[0]
        assert field(own, "Rivals") is not None and "5 of 5" in (field(own, "Reliability") or "")

        # alice's own profile: everything, and her best game's replay
        mine = answer(await alice.slash(w.channel, "hadara-league profile"))
        embed = mine.embeds[0]
        assert "5 of 6" in (field(embed, "Reliability") or "")
        assert "(live games)" in (field(embed, "Reliability") or "")  # no multi-day game
        assert "bob: 5 games" in (field(embed, "Rivals") or "")
        best = field(embed, "Best game")
        assert best is not None and best.startswith("#")
        replay_label = f"Replay {best}"
        assert replay_label in labels(mine)
        viewer = answer(await alice.click(mine, label=replay_label))
        assert viewer.attachments  # the replay viewer opened on that game
        other = answer(await carol.slash(w.channel, "hadara-league profile", user=dave))
        assert "4 of 5" in (field(other.embeds[0], "Reliability") or "")  # taken over once

        # a league asking for 82 %: dave refused, carol (new) and alice in; its sign-ups
        await boss.slash(w.channel, "hadara-league create", name="Slow", min_finish=82)
        no = answer(await dave.slash(w.channel, "hadara-league join"))
        assert "82%" in no.content
        for who in (alice, carol, bob):
            assert "season 1" in answer(await who.slash(w.channel, "hadara-league join")).content
        listed = answer(await carol.slash(w.channel, "hadara-league standings")).embeds[0]
        signed = field(listed, "Signed up (3)") or ""
        assert "alice — finishes 83%" in signed and "carol — new here" in signed
        assert "bob — figures kept private" in signed
        by_boss = answer(await boss.slash(w.channel, "hadara-league standings")).embeds[0]
        assert "bob — finishes 100%" in (field(by_boss, "Signed up (3)") or "")


async def test_final_scores_offer_each_persons_profile(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The final scores carry "Profile" beside each person, on a row of their own."""
    async with world(tmp_path, monkeypatch) as w:
        await w.members["alice"].slash(w.channel, "hadara new", seats=3)
        gid = 1
        await w.members["bob"].slash(w.channel, "hadara join", game=gid)
        await w.members["alice"].slash(w.channel, "hadara start", game=gid)
        await settle(w, gid)
        await w.members["bob"].slash(w.channel, "hadara concede", game=gid)
        await concede_to_the_end(w, gid, "alice")
        final = next(m for m in reversed(await thread_messages(w, gid)) if m.components)
        assert labels(final)[-2:] == ["alice", "bob"]
        rows = [[c.label for c in row.children] for row in final.components]  # type: ignore[attr-defined]
        assert rows[-1] == ["alice", "bob"], rows  # a row of their own
        seen = answer(await w.members["carol"].click(final, label="bob"))
        assert seen.embeds[0].title.startswith("bob") and seen.attachments
