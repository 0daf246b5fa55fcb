"""A league season through the real bot under simcord: an admin creates a league, members
join by command, the admin starts two rounds (a thread per table, its players mentioned), the
games are played by AI stand-ins (``LeagueService.stand_ins``), the results flow into the
standings, the season ends with a podium and is archived; ``/hadara-league profile``,
``/hadara-league leaderboard``, ``/hadara-replay review``, ``/hadara-replay export``, ``/hadara-league export``
and ``/hadara-admin void`` answer.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from simcord import SetupError

from .conftest import World, answer, play_to_results, thread_messages, world

pytest.importorskip("simcord")

import discord  # noqa: E402

from bot.proof import EXIT_BAD, EXIT_OK, verify_file  # noqa: E402
from bot.service.export import check_record  # noqa: E402

NAMES = ("alice", "bob", "carol", "dave", "erin")


async def finish_round(w: World, gids: list[int]) -> None:
    await play_to_results(w, gids, "League")


async def start_round(w: World, admin: Any) -> list[int]:
    before = set(await w.service.store.game_ids(("active", "finished")))
    result = await admin.slash(w.channel, "hadara-league round")
    assert result.ephemeral and "started" in answer(result).content, answer(result).content
    gids = sorted(set(await w.service.store.game_ids(("active", "finished"))) - before)
    assert gids
    for gid in gids:
        record = (await w.service.load(gid)).record
        assert record.options["rated"] and record.discord["thread"]
    return gids


async def check_exported_hash(w: World, gid: int, text: str, data: dict[str, Any],
                              tmp_path: Path) -> None:
    """An exported finished game: its message shows the record's final hash (the store's
    chain head), the chain recomputes from the file alone (``check_record``, ``python -m bot
    verify FILE``), and one changed or two swapped actions break it."""
    final = data["chain"]["final_hash"]
    assert isinstance(final, str) and re.fullmatch(r"[0-9a-f]{64}", final), final
    assert final == await w.service.store.chain_head(gid)
    assert f"Final hash `{final}`" in text and f"game-{gid}.json" in text, text
    verdict = check_record(data)
    assert verdict.ok and verdict.final_hash == final, verdict

    good = tmp_path / f"game-{gid}.json"
    good.write_text(json.dumps(data, indent=1), "utf-8")
    code, line = verify_file(good)
    assert code == EXIT_OK and line.endswith(f"final hash {final}"), line

    actions = data["save"]["actions"]
    assert len(actions) > 4
    changed = copy.deepcopy(data)
    step = changed["save"]["actions"][3]
    step["action"] = {"changed": step["action"]}
    assert not check_record(changed).ok
    swapped = copy.deepcopy(data)
    moved = next(i for i in range(len(actions) - 1) if actions[i] != actions[i + 1])
    acts = swapped["save"]["actions"]
    acts[moved], acts[moved + 1] = acts[moved + 1], acts[moved]
    assert not check_record(swapped).ok
    assert check_record(data).ok  # the copies were changed, not the export

    bad = tmp_path / f"game-{gid}-changed.json"
    bad.write_text(json.dumps(changed), "utf-8")
    code, line = verify_file(bad)
    assert code == EXIT_BAD and "does NOT verify" in line and final not in line, line


@pytest.mark.asyncio
async def test_league_season(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch, names=NAMES) as w:
        cog: Any = w.bot.get_cog("League")
        w.bot.leagues.leagues.stand_ins = True  # an AI stands in for every member: the games run alone
        role = w.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
        admin = w.guild.add_member(w.env.create_user("boss"), roles=[role])
        alice = w.members["alice"]

        refused = await alice.slash(w.channel, "hadara-league create", name="Friday")
        assert "Manage Server" in answer(refused).content
        none = await alice.slash(w.channel, "hadara-league join")
        assert "no league" in answer(none).content

        made = await admin.slash(w.channel, "hadara-league create", name="Friday", rounds=2,
                                 table_size="3", time_control="none")
        assert "Friday" in answer(made).content
        for name in NAMES:
            joined = await w.members[name].slash(w.channel, "hadara-league join")
            assert "season 1" in answer(joined).content
        again = await alice.slash(w.channel, "hadara-league join", name="friday")
        assert "already" in answer(again).content

        early = await admin.slash(w.channel, "hadara-league end")
        assert "not over" in answer(early).content

        all_games: list[int] = []
        for rnd in (1, 2):
            gids = await start_round(w, admin)
            assert len(gids) == 2  # five players at tables of three: 3 + (2 + AI)
            if rnd == 1:
                messages = await thread_messages(w, gids[0])
                assert any("<@" in (m.content or "") and "round 1" in (m.content or "")
                           for m in messages)
            await finish_round(w, gids)
            for gid in gids:  # the table cog (or the league cog) posted the board
                assert (await w.service.load(gid)).record.discord.get("board")
            all_games += gids

        standings = await alice.slash(w.channel, "hadara-league standings")
        shown = answer(standings)
        assert shown.embeds and shown.attachments
        lines = shown.embeds[0].description.splitlines()
        assert len(lines) == len(NAMES) and all("pts" in line for line in lines)
        lid = await w.bot.leagues.leagues.find(w.guild.id, "Friday")
        rows = await w.bot.leagues.leagues.standings(lid)
        assert all(r["games"] == 2 for r in rows)

        full = await admin.slash(w.channel, "hadara-league round")
        assert "end the season" in answer(full).content

        exported = await admin.slash(w.channel, "hadara-league export")
        names = sorted(a.filename for a in answer(exported).attachments)
        assert names == ["rated.csv", "results-season1.csv", "standings-season1.csv"]

        ended = await admin.slash(w.channel, "hadara-league end")
        podium = answer(ended)
        assert not ended.ephemeral and "podium" in podium.content and "🥇" in podium.content
        archived = await alice.slash(w.channel, "hadara-league standings", season=1)
        assert answer(archived).embeds[0].description.count("pts") == len(NAMES)
        rejoin = await alice.slash(w.channel, "hadara-league join")
        assert "season 2" in answer(rejoin).content

        profile = await alice.slash(w.channel, "hadara-league profile")
        embed = answer(profile).embeds[0]
        assert "alice" in embed.title
        assert any(f.name == "Rating" and "±" in f.value and "after 2 rated games" in f.value
                   for f in embed.fields)
        # an AI stood in for her at every table: none played in her own seat
        assert any(f.name == "Games" and "0 played" in f.value for f in embed.fields)
        assert embed.image.url == "attachment://profile.png"
        other = await alice.slash(w.channel, "hadara-league profile", user=w.members["bob"])
        assert "bob" in answer(other).embeds[0].title

        board = await alice.slash(w.channel, "hadara-league leaderboard")
        top = answer(board)
        assert top.attachments and len(top.embeds[0].description.splitlines()) == len(NAMES)

        record = await alice.slash(w.channel, "hadara-replay export", game=all_games[0])
        attachment = answer(record).attachments[0]
        assert attachment.filename == f"game-{all_games[0]}.json"
        data = json.loads(await attachment.read())
        assert data["format"] == "hadara-game-record/2" and data["final"]["scores"]
        await check_exported_hash(w, all_games[0], answer(record).content, data, tmp_path)

        review = await alice.slash(w.channel, "hadara-replay review")
        assert review.ephemeral and "being prepared" in review.response.content
        await cog.idle()
        await w.env.advance_time(1)
        delivered = review.followups[-1] if review.followups else None
        assert delivered is not None and "Your review of game" in delivered.content

        with pytest.raises(SetupError, match="not visible"):  # shown to Manage Server only
            await alice.slash(w.channel, "hadara-admin void", game=all_games[0])
        voided = await admin.slash(w.channel, "hadara-admin void", game=all_games[0])
        assert "void" in answer(voided).content
        result = await w.service.store.rated_result(all_games[0])
        assert result is not None and result.voided


def test_review_payload_items() -> None:
    """The review message: the summary, then one embed per item (at most five) with its
    image and "you chose X (−N pts vs Y): reason"."""
    from cogs.league.cog import review_payload

    item = {"kind": "draft", "kind_name": "Draft", "epoch": 2, "taken_label": "Farmer",
            "best_label": "Statue", "loss": 3.25, "reason": "the statue scores more",
            "image": b"\x89PNG fake"}
    result = {"summary": {"decisions": 12, "agreed": 5, "total_loss": 9.5,
                          "mean_loss": 0.79}, "items": [item] * 7}
    payload = review_payload(7, result)
    assert "Your review of game #7" in payload["content"] and "12 decision" in payload["content"]
    assert len(payload["embeds"]) == 5 and len(payload["files"]) == 5
    first = payload["embeds"][0]
    assert "You chose **Farmer** (−3.2 pts vs **Statue**)" in first.description
    assert first.image.url == "attachment://review1.png"


def test_commands_within_limits_and_worded() -> None:
    """The league's commands: names, descriptions and options within Discord's limits, at
    most 25 under each top-level command, every catalog key the cog uses defined."""
    import re

    from discord import app_commands

    from bot.messages import has
    from cogs.admin.cog import void
    from cogs.components import full_tree
    from cogs.league import cog as lc

    name = re.compile(r"^[-_a-z0-9]{1,32}$")
    assert all(len(group.commands) <= 25 for group in full_tree())
    leaves: list[Any] = [void]
    for _, cmd in lc.LeagueCog.COMMANDS:
        leaves += list(cmd.commands) if isinstance(cmd, app_commands.Group) else [cmd]
        assert name.match(cmd.name) and 1 <= len(cmd.description) <= 100
    for cmd in leaves:
        assert name.match(cmd.name) and 1 <= len(cmd.description) <= 100, cmd.name
        for p in cmd.parameters:
            assert name.match(p.name) and 1 <= len(p.description) <= 100, (cmd.name, p.name)
    text = Path(lc.__file__).read_text(encoding="utf-8")
    keys = set(re.findall(r'\b(?:t|Denied)\("([a-z_.]+)"', text))
    assert keys and not sorted(k for k in keys if not has(k))
    for code in ("league_exists", "already_member", "not_member", "round_open",
                 "season_complete", "season_not_over", "too_few_members"):
        assert has(f"refusal.{code}")
