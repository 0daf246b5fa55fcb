""""Take back" through the real bot: after a Phase-B take the panel offers it; a click takes
the move back with the AI seat's moves that followed, the panel shows the decision again, the
board news says "X took back their move", the stored log replays to the live game;
``/hadara-replay undo`` answers privately."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot.service import Refusal
from bot.storage import migrate_verify
from hadara.state import PHASE_B
from i18n import translate

from .conftest import (
    SETTLE_SECONDS,
    answer,
    button,
    components,
    new_game,
    people_waiting,
    play,
    settle,
    take_turn,
    thread_messages,
    thread_of,
    world,
)

pytest.importorskip("simcord")


def undo_buttons(message: Any) -> list[dict[str, Any]]:
    return [c for c in components(message) if str(c.get("custom_id", "")).startswith("hd1:u:")]


async def test_take_back_a_phase_b_take(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch, names=("alice",)) as w:
        gid, _ = await new_game(w, "alice", seats=2, ai=1)
        alice = w.members["alice"]
        done = False
        for attempt in range(12):
            await play(w, gid, until=lambda waiting: any(k == "phase_b" for _, _, k in waiting))
            turn = await take_turn(w, gid, alice.id)
            panel = turn.result.response
            offered = undo_buttons(panel)
            if not offered:  # offered only where the service would allow it
                with pytest.raises(Refusal):
                    await w.service.undo(gid, alice.id)
                continue
            assert offered[0]["label"] == "Take back", (
                attempt, turn.kind, [c.get("label") for c in components(panel)])
            await settle(w, gid)
            before = (await w.service.load(gid)).game
            assert before is not None
            result = await alice.click(panel, custom_id=offered[0]["custom_id"])
            await settle(w, gid)
            after = (await w.service.load(gid)).game
            assert after is not None
            if after.version == before.version:  # refused: something was revealed since
                assert result.followups or result.response is not None
                continue
            assert after.log is not None and after.log[-1]["action"]["type"] == "undo"
            assert after.step == PHASE_B
            assert [s for s, _, _ in await people_waiting(w, gid)] == [
                next(x.seat for x in (await w.service.load(gid)).record.seats
                     if x.user_id == alice.id)]
            shown = result.response
            assert shown is not None and "took back your last move" in (
                shown.embeds[0].description or "")
            await w.env.advance_time(SETTLE_SECONDS)
            news = " ".join(m.content or "" for m in await thread_messages(w, gid)) + " ".join(
                (e.description or "") for m in await thread_messages(w, gid) for e in m.embeds)
            assert "took back their move" in news
            # the panel shows the decision again, without the button (a stale click of it
            # is refused as stale: tests/bot/service/test_undo.py)
            assert not undo_buttons(shown)
            stored = await w.service.store.load_game(gid)
            assert stored is not None
            assert migrate_verify.replay(stored, after.catalog).snapshot() == after.snapshot()
            done = True
            break
        assert done
        # the command: nothing to take back right after the undo (answered privately)
        result = await alice.slash(w.channel, "hadara-replay undo", game=gid)
        assert result.ephemeral and answer(result).content


async def test_no_take_back_where_it_would_be_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A rated game whose server has not allowed taking moves back never offers "Take back"
    (issue 33: it was offered, then always refused)."""
    async with world(tmp_path, monkeypatch, names=("alice", "bob")) as w:
        made = await w.members["alice"].slash(w.channel, "hadara new", seats=2, rated=True)
        assert made.ephemeral
        gid = max(await w.service.store.game_ids(("lobby",)))
        thread = await thread_of(w, gid)
        lobby = [m async for m in thread.history(limit=5, oldest_first=True)][0]
        await w.members["bob"].click(lobby, custom_id=button(lobby, "lobby.button.join"))
        await w.env.advance_time(SETTLE_SECONDS)
        lobby = await thread.fetch_message(lobby.id)
        await w.members["alice"].click(lobby, custom_id=button(lobby, "lobby.button.start"))
        await settle(w, gid)
        played = await play(w, gid, until=lambda waiting: sum(
            k == "statue" for _, _, k in waiting) > 0)
        takes = [t for t in played.turns if t.kind in ("phase_b", "colony", "statue")]
        assert takes, [t.kind for t in played.turns]
        for turn in played.turns:
            assert not undo_buttons(turn.result.response), turn.kind
        with pytest.raises(Refusal) as refused:
            await w.service.undo(gid, w.members["alice"].id)
        assert refused.value.reason in ("undo_rated", "undo_someone_acted")


async def test_a_server_chooses_whether_rated_games_allow_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``/hadara settings rated_undo:`` is the server's (Manage Server), off by default."""
    async with world(tmp_path, monkeypatch) as w:
        guild = w.guild.id
        assert not await w.service.undo_rated(guild)
        refused = await w.members["alice"].slash(w.channel, "hadara settings", rated_undo=True)
        assert answer(refused).content == translate("en", "refusal.denied.not_manager")
        assert not await w.service.undo_rated(guild)
        role = w.guild.create_role("admins",
                                   permissions=discord.Permissions(manage_guild=True))
        boss = w.guild.add_member(w.env.create_user("boss"), roles=[role])
        made = await boss.slash(w.channel, "hadara settings", rated_undo=True)
        assert translate("en", "settings.rated_undo.on") in answer(made).content
        assert await w.service.undo_rated(guild)
        made = await boss.slash(w.channel, "hadara settings", rated_undo=False)
        assert translate("en", "settings.rated_undo.off") in answer(made).content
        assert not await w.service.undo_rated(guild)
