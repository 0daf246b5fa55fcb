"""Following a game through the real bot (issue 24, "Follow a game"): spectators press
**Follow** on the board, a player pressing it is told they play the game, the game plays to its
end, and each follower gets exactly one DM at the end of each epoch they followed and the final
result, in their language, pinging nobody — the players none of them; pressing again stops
them; a follower whose DMs are closed is skipped (logged); a restart in between keeps the
followers and the board's button keeps working; once the game is over its followers are
forgotten.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.storage.base import FINISHED
from cogs.table.follow import follow_stats
from i18n import translate

from .conftest import (
    SETTLE_SECONDS,
    World,
    answer,
    board,
    button,
    labels,
    new_game,
    play,
    settle,
    thread_messages,
    world,
)

pytest.importorskip("simcord")


def digests(w: World, name: str, gid: int) -> list[Any]:
    """The digest DMs ``name`` received about game ``gid`` (any language)."""
    channel = w.users[name].dm_channel
    if channel is None:
        return []
    return [m for m in channel.history() if (m.content or "").startswith(f"**Hadara #{gid}**")]


async def press_follow(w: World, name: str, gid: int) -> str:
    message = await board(w, gid)
    result = await w.members[name].click(message,
                                         custom_id=button(message, "table.follow.button"))
    reply = answer(result)
    assert reply.ephemeral
    return str(reply.content)


async def test_followers_get_one_digest_per_epoch_and_the_result(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    names = ("alice", "bob", "carol", "dave", "erin", "frank")
    async with world(tmp_path, monkeypatch, names=names) as w:
        made = await w.members["erin"].slash(w.channel, "hadara settings", language="fr")
        assert answer(made).ephemeral
        gid, thread = await new_game(w, "alice", seats=3, ai=1, join=["bob"])
        b = await board(w, gid)
        assert labels(b)[-1] == "Follow"  # on the board, beside "Take my turn"
        # players are answered privately: they play it (nothing stored)
        for player in ("alice", "bob"):
            assert await press_follow(w, player, gid) == translate(
                "en", "table.follow.playing", id=gid)
        # carol follows to the end; dave follows and stops at once
        assert await press_follow(w, "carol", gid) == translate("en", "table.follow.following",
                                                                id=gid)
        assert await press_follow(w, "dave", gid) == translate("en", "table.follow.following",
                                                               id=gid)
        assert await press_follow(w, "dave", gid) == translate("en", "table.follow.unfollowed",
                                                               id=gid)
        # frank follows too, but his DMs are closed: his digests are refused and skipped
        frank = w.users["frank"].dm_channel
        w.env.inject_error("POST", f"/channels/{frank.id}/messages", status=403, code=50007,
                           message="Cannot send messages to this user", times=None)
        assert await press_follow(w, "frank", gid) == translate("en", "table.follow.following",
                                                                id=gid)
        assert await w.service.followers(gid) == [w.users["carol"].id, w.users["frank"].id]
        # the messages that ping carry no Follow button: only the board does
        pings = [m for m in await thread_messages(w, gid)
                 if m.id != b.id and "Take my turn" in labels(m)]
        assert pings and all("Follow" not in labels(m) for m in pings)

        # the people play epoch I by clicking, up to its end
        await play(w, gid, until=lambda ws: bool(digests(w, "carol", gid)))
        await follow_cog(w).idle()
        (first,) = digests(w, "carol", gid)
        assert "end of epoch I\n" in first.content and "Epoch II begins" in first.content
        assert first.mentions == [] and "<@" not in first.content
        assert f"/{w.guild.id}/{thread.id}" in first.content  # the table's link

        # a restart: the followers are stored; the board's button works in the new process
        old_bot = w.bot
        await w.restart()
        await w.service.idle()
        assert await w.service.followers(gid) == [w.users["carol"].id, w.users["frank"].id]
        assert follow_stats(old_bot)["refused"] == 1  # frank's first digest, logged and skipped
        assert await press_follow(w, "erin", gid) == translate("fr", "table.follow.following",
                                                               id=gid)

        # both people concede: the AI plays the game to its end
        for player in ("alice", "bob"):
            await w.members[player].slash(w.channel, "hadara concede", game=gid)
        for _ in range(10):
            await settle(w, gid)
            if (await w.service.load(gid)).record.status == FINISHED:
                break
        await settle(w, gid)
        await follow_cog(w).idle()
        assert (await w.service.load(gid)).record.status == FINISHED

        # carol: epoch I, epoch II and the final result, one DM each
        got = [m.content for m in digests(w, "carol", gid)]
        assert len(got) == 3, got
        assert "end of epoch II\n" in got[1] and "game over · winner:" in got[2]
        # erin (French) followed from epoch II on: epoch II's end and the result, in French
        fr = [m.content for m in digests(w, "erin", gid)]
        assert len(fr) == 2 and "fin de l'époque II" in fr[0] and "partie terminée" in fr[1], fr
        # dave stopped at once, the players follow nothing: none of these DMs
        for name in ("dave", "alice", "bob", "frank"):
            assert digests(w, name, gid) == [], name
        # nothing of it went to the thread
        assert not any("end of epoch" in (m.content or "") for m in await thread_messages(w, gid))
        # the game is over: its followers are forgotten
        assert await w.service.followers(gid) == []
        assert follow_stats(w.bot)["sent"] == 4 and follow_stats(w.bot)["refused"] == 2
        await w.env.advance_time(SETTLE_SECONDS)
        assert len(digests(w, "carol", gid)) == 3  # and nothing more came


def follow_cog(w: World) -> Any:
    cog = w.bot.get_cog("Follow")
    assert cog is not None
    return cog
