"""``/hadara learn`` through the real bot: a learning game played to the end by clicking (the
learner's stand-in takes the panel's first option, as ``play`` does), every rule explained
exactly once, before the learner's first decision of its kind; a second learning game
explains nothing already seen; mistake notes after poor choices, turned off by their button;
``/hadara rules`` lists what was met."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import learn as L

from .conftest import (
    World,
    answer,
    components,
    people_waiting,
    settle,
    take_turn,
    thread_messages,
    thread_of,
    world,
)

pytest.importorskip("simcord")

#: the lesson due before the learner's first decision of each kind
KIND_TOPIC = {"wheel": "wheel", "draft": "draft", "phase_b": "phase_b", "colony": "colonies",
              "statue": "statues", "feeding": "feeding", "medals": "medals"}


def learn_cog(w: World) -> Any:
    cog = w.bot.get_cog("Learn")
    assert cog is not None
    return cog


async def start_learning(w: World, who: str) -> int:
    before = set(await w.service.store.game_ids(("active",)))
    result = await w.members[who].slash(w.channel, "hadara learn")
    assert result.ephemeral and "learning game" in answer(result).content
    gid = max(set(await w.service.store.game_ids(("active",))) - before)
    await settle(w, gid)
    await learn_cog(w).idle()
    return gid


async def play_learning(w: World, gid: int, max_turns: int) -> list[str]:
    """Click through the learner's decisions; checks each kind's lesson came first."""
    cog = learn_cog(w)
    kinds: list[str] = []
    for _ in range(max_turns):
        await settle(w, gid)
        await cog.idle()
        if (await w.service.load(gid)).record.status != "active":
            break
        waiting = await people_waiting(w, gid)
        assert waiting
        _, user_id, kind = waiting[0]
        if kind not in kinds:
            topic = KIND_TOPIC[kind]
            settings = await w.service.store.get_user_settings(user_id)
            assert topic in L.learned(settings), (kind, cog.posted[gid])
        kinds.append(kind)
        await take_turn(w, gid, user_id)
    await settle(w, gid)
    await cog.idle()
    return kinds


def lessons_in(messages: list[Any]) -> list[str]:
    return [m.content for m in messages if m.content.startswith("📘")]


async def test_learning_game_then_a_second_one(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    started = time.perf_counter()
    async with world(tmp_path, monkeypatch, names=("alice",)) as w:
        alice = w.members["alice"]
        gid = await start_learning(w, "alice")
        record = (await w.service.load(gid)).record
        assert record.options.get("learn") and len(record.seats) == 3
        assert sum(s.user_id is None for s in record.seats) == 2
        thread = await thread_of(w, gid)
        assert thread.type == discord.ChannelType.private_thread
        assert "learning game" in thread.name
        kinds = await play_learning(w, gid, 300)
        assert (await w.service.load(gid)).record.status == "finished"
        cog = learn_cog(w)
        posted = [x for x in cog.posted[gid] if x != "note"]
        assert len(posted) == len(set(posted)), posted  # each explanation once
        assert {"wheel", "draft", "phase_b", "income", "scoring"} <= set(posted)
        assert {KIND_TOPIC[k] for k in kinds} <= set(posted)
        messages = await thread_messages(w, gid)
        lessons = lessons_in(messages)
        assert len(lessons) == len(posted)
        assert "Your score sheet" in lessons[-1]  # the scoring lesson closes the game
        assert not any("<@" in m for m in lessons)  # mentions nobody
        settings = await w.service.store.get_user_settings(alice.id)
        assert L.learned(settings) == posted
        # mistake notes: the first-option stand-in makes some; the button turns them off
        notes = [m for m in messages if m.content.startswith("💡")]
        assert len(notes) == cog.posted[gid].count("note")
        assert notes, "the first-option stand-in made no poor choice"
        assert [c.get("label") for c in components(notes[0])] == ["Turn notes off"]
        await alice.click(notes[0], label="Turn notes off")
        assert not L.notes_on(await w.service.store.get_user_settings(alice.id))
        # /hadara rules lists what was met
        result = await alice.slash(w.channel, "hadara rules")
        assert "Rules you have met" in answer(result).content
        # a second learning game: nothing already seen, no notes
        first = set(posted)
        gid2 = await start_learning(w, "alice")
        await play_learning(w, gid2, 25)
        second = cog.posted[gid2]
        assert "note" not in second
        assert not set(second) & first, second
        assert len(lessons_in(await thread_messages(w, gid2))) == len(second)
        print(f"\nlearning game: {len(kinds)} decisions, {len(posted)} lessons, "
              f"{len(notes)} notes; second game lessons {second}; "
              f"{time.perf_counter() - started:.1f} s")
