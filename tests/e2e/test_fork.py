""""Try it again" through the real bot: a finished game's review offers a practice game at each
of its costliest decisions; clicking one opens a private thread with the game at that moment
(the player's seat kept, AI players in the others), played to its final score; the original is
unchanged; the practice game is never rated; a non-player's click is refused by the policy."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot.storage.base import FINISHED
from cogs.replay.fork import ForkButton

from .conftest import SETTLE_SECONDS, answer, components, new_game, play, settle, thread_of, world

pytest.importorskip("simcord")


def fork_buttons(message: Any) -> list[dict[str, Any]]:
    return [c for c in components(message) if str(c.get("custom_id", "")).startswith("hd1:fk:")]


async def test_a_fork_from_the_review_plays_to_its_final_score(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch, names=("alice", "carol")) as w:
        alice, carol = w.members["alice"], w.members["carol"]
        gid, _ = await new_game(w, "alice", seats=2, ai=1)
        await play(w, gid)
        assert (await w.service.load(gid)).record.status == FINISHED
        before = await w.service.store.load_game(gid)
        assert before is not None

        # the replay viewer offers "Play from here" at the steps before alice's own decisions
        viewer = answer(await alice.slash(w.channel, "hadara-replay view", game=gid))
        own = {a.seq for a in before.actions if a.seat == next(
            s.seat for s in before.record.seats if s.user_id == alice.id)
            and a.submitted_by.startswith("user:")}
        for step in range(len(before.actions)):
            here = fork_buttons(viewer)
            assert [c["custom_id"] for c in here] == (
                [f"hd1:fk:{gid}:{step}"] if step in own else []), step
            if here:
                assert here[0]["label"] == "Play from here"
                break
            viewer = (await alice.click(viewer, custom_id=next(
                c for c in components(viewer) if c.get("label") == "▶")["custom_id"])).response
        else:
            raise AssertionError("no step before one of alice's decisions")

        review = await alice.slash(w.channel, "hadara-replay review", game=gid)
        cog = w.bot.get_cog("League")
        assert cog is not None
        await cog.idle()  # type: ignore[attr-defined]
        await w.env.advance_time(1)
        delivered = review.followups[-1] if review.followups else None
        assert delivered is not None and "Your review of game" in delivered.content
        offered = fork_buttons(delivered)
        assert offered and offered[0]["label"] == "Try #1 again"
        assert len(offered) == len(delivered.embeds)  # one per listed decision

        # a non-player may not: the access policy refuses, nothing is created
        games = set(await w.service.store.game_ids(("lobby", "active", "finished")))
        # (the review is private: the custom id as a modified client sends it, from a message
        # carol sees)
        index = int(offered[0]["custom_id"].rsplit(":", 1)[1])
        view = discord.ui.View(timeout=None)
        view.add_item(ForkButton(gid, index))
        seen = await w.bot.get_channel(w.channel.id).send(  # type: ignore[union-attr]
            content="fork", view=view)
        await w.env.settle()
        refused = await carol.click(seen, custom_id=offered[0]["custom_id"])
        assert "player" in answer(refused).content
        assert set(await w.service.store.game_ids(("lobby", "active", "finished"))) == games

        result = await alice.click(delivered, custom_id=offered[0]["custom_id"])
        await w.env.advance_time(SETTLE_SECONDS)
        text = answer(result).content
        assert "practice game" in text, text
        fid = max(set(await w.service.store.game_ids(("active",))) - games)
        await settle(w, fid)
        rec = (await w.service.load(fid)).record
        fork = rec.options["fork"]
        assert fork["game"] == gid and rec.options["rated"] is False
        assert fork["action"] == index
        assert rec.setup == before.record.setup and rec.seed == before.record.seed
        assert [s.user_id for s in rec.seats if s.user_id is not None] == [alice.id]
        assert all(s.ai_level for s in rec.seats if s.user_id is None)
        thread = await thread_of(w, fid)
        assert thread.type == discord.ChannelType.private_thread
        assert "practice" in thread.name
        stored = await w.service.store.load_game(fid)
        assert stored is not None
        assert [(a.seat, a.action) for a in stored.actions[:index]] == \
            [(a.seat, a.action) for a in before.actions[:index]]

        await play(w, fid)  # the practice game to its final score, against the AI
        done = await w.service.load(fid)
        assert done.record.status == FINISHED and done.game is not None and done.game.is_over

        after = await w.service.store.load_game(gid)
        assert after is not None
        assert after.actions == before.actions and after.record.setup == before.record.setup
        assert after.record.status == FINISHED
        assert await w.service.store.rated_result(fid) is None  # never rated


def test_the_review_offers_a_practice_game_per_listed_decision() -> None:
    """One "Try #n again" button per listed decision, naming its log index; none when the
    review covered decisions an AI made for the seat (a league stand-in's review)."""
    from cogs.league.cog import review_payload
    from cogs.replay.fork import fork_button

    items = [{"kind": "draft", "kind_name": "Draft", "epoch": 1, "taken_label": "A",
              "best_label": "B", "loss": 5.0 - i, "reason": "", "image": None, "index": 10 + i}
             for i in range(7)]
    result = {"summary": {"decisions": 7, "agreed": 0, "total_loss": 20, "mean_loss": 3},
              "items": items}
    payload = review_payload(3, result, try_again=fork_button)
    buttons = payload["view"].children
    assert [b.item.label for b in buttons] == [f"Try #{n} again" for n in range(1, 6)]
    assert [b.item.custom_id for b in buttons] == [f"hd1:fk:3:{10 + i}" for i in range(5)]
    assert "view" not in review_payload(3, result)
