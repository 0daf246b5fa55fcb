"""The games panel and "Next game" through the real bot under the strict Discord (issue 39).

A person in five games across two servers types ``/hadara games`` once and plays every turn
waiting on them from that one message — "Take my turn" on the game waiting longest, the
choices, "Next game", … — without opening a thread, in the order of how long each game has
waited; every move is stored as theirs. A message switched to another game is that game's
panel from then on: the game it showed lets go of it (nothing moves it back) and the new one
moves it on by itself; in a DM it becomes the seat's DM panel. More games than a page holds
are paged with "Previous" / "Next", each page within Discord's limits (the strict layer's
check after every test).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.storage.base import ACTIVE
from cogs.edge.offers import offers
from cogs.play import panels as P
from cogs.play.live import live_panels
from cogs.player.games_panel import PAGE_SIZE

from .conftest import (
    SETTLE_SECONDS,
    World,
    answer,
    button,
    components,
    description,
    ids,
    new_game,
    open_panel,
    rows_of,
    settle,
    take_turn,
    thread_of,
    world,
)

pytest.importorskip("simcord")

GO = re.compile(r"hd1:go:(\d+)(?::(\d+))?")


@dataclass
class Place:
    """A server's channel and its members (name -> MemberActor)."""

    channel: Any
    members: dict[str, Any]


def second_server(w: World, names: tuple[str, ...] = ("alice", "bob")) -> Place:
    """Another server the bot is in, with a #hadara channel and the same people."""
    guild = w.env.create_guild("Second")
    return Place(guild.create_text_channel("hadara"),
                 {n: guild.add_member(w.users[n]) for n in names})


async def table(w: World, place: Place, *, join: tuple[str, ...] = ("bob",),
                **options: Any) -> int:
    """``/hadara new`` by alice in ``place`` (two seats, a day to decide), the others join by
    the lobby's button, she starts: the game."""
    made = await place.members["alice"].slash(place.channel, "hadara new",
                                              seats=1 + len(join), time_control="24h",
                                              **options)
    assert made.ephemeral and "#" in answer(made).content, answer(made).content
    gid = max(await w.service.store.game_ids(("lobby",)))
    thread = await thread_of(w, gid)
    lobby = [m async for m in thread.history(limit=5, oldest_first=True)][0]
    for name in join:
        await place.members[name].click(lobby, custom_id=button(lobby, "lobby.button.join"))
    await w.env.advance_time(SETTLE_SECONDS)
    lobby = await thread.fetch_message(lobby.id)
    await place.members["alice"].click(lobby, custom_id=button(lobby, "lobby.button.start"))
    await settle(w, gid)
    assert (await w.service.load(gid)).record.status == ACTIVE
    return gid


def game_of(message: Any) -> int:
    """The game a panel shows (its title: "Game #12 · …")."""
    found = re.search(r"#(\d+)", message.embeds[0].title or "")
    assert found, message.embeds[0].title
    return int(found[1])


def go_buttons(message: Any) -> list[tuple[int, int | None, str]]:
    """The message's "Take my turn" in place / "Next game": (game, after, label)."""
    out = []
    for c in components(message):
        m = GO.fullmatch(c.get("custom_id") or "")
        if m:
            out.append((int(m[1]), int(m[2]) if m[2] else None, str(c.get("label"))))
    return out


async def waiting_on(w: World, user_id: int) -> list[int]:
    return [line.game_id for line in (await w.service.games(user_id)).your_turn]


async def choices_of(w: World, gid: int, user_id: int) -> list[str]:
    """Who submitted each move of the user's seat."""
    stored = await w.service.store.load_game(gid)
    assert stored is not None
    seat = await w.service.seat_of(gid, user_id)
    return [a.submitted_by for a in stored.actions if a.seat == seat]


async def test_five_games_in_two_servers_played_from_one_panel(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch, names=("alice", "bob")) as w:
        home, away = Place(w.channel, w.members), second_server(w)
        games = [await table(w, place) for place in (home, home, home, away, away)]
        alice = w.members["alice"]
        # the first two wait on her since later: she set their wheel in their thread, and
        # each now waits on her draft pick
        for gid in games[:2]:
            await take_turn(w, gid, alice.id, steps=False)
            await settle(w, gid)
        before = {gid: await choices_of(w, gid, alice.id) for gid in games}
        longest_first = games[2:] + games[:2]
        assert await waiting_on(w, alice.id) == longest_first
        assert len({(await w.service.load(g)).record.discord["guild"] for g in games}) == 2

        result = await alice.slash(w.channel, "hadara games")
        panel = answer(result)
        assert result.ephemeral and panel.channel_id == w.channel.id
        text = description(panel)
        # the games waiting on her, the one waiting longest at the top, each with how long
        # and its deadline in her own time zone, and its own "Take my turn"
        assert [int(g) for g in re.findall(r"\*\*#(\d+)\*\*", text)] == longest_first
        assert len(re.findall(r"⌛ waiting for \d+ (?:minute|hour)s? · decide by <t:\d+:f> "
                              r"\(<t:\d+:R>\)", text)) == 5
        assert [(g, label) for g, _, label in go_buttons(panel)] == [
            (g, f"#{g} · Take my turn") for g in longest_first]
        assert [c["custom_id"] for c in rows_of(panel)[0]["components"]] == [
            P.go_id(g) for g in longest_first]

        message_id, played, click = panel.id, [], P.go_id(longest_first[0])
        shown = panel
        while True:
            result = await alice.click(shown, custom_id=click)
            shown = result.response
            assert shown.id == message_id and shown.channel_id == w.channel.id  # in place
            gid = game_of(shown)
            played.append(gid)
            while gid in await waiting_on(w, alice.id):
                assert go_buttons(shown) == []  # not while she has a decision here
                turn = await take_turn(w, gid, alice.id, panel=shown, steps=False)
                shown = turn.result.response
                assert shown.id == message_id and game_of(shown) == gid
                await w.service.idle(gid)
            following = await w.service.next_turn(alice.id, after=gid)
            if following is None:
                assert go_buttons(shown) == []
                break
            # this game waits on bob now: the game waiting longest on her is offered
            assert go_buttons(shown) == [(following.game_id, gid,
                                          f"Next game · #{following.game_id}")]
            click = P.go_id(following.game_id, gid)

        assert played == longest_first
        assert await waiting_on(w, alice.id) == []
        for gid in games:  # every move made from the panel was hers, none by the clock
            after = await choices_of(w, gid, alice.id)
            made = after[len(before[gid]):]
            assert after[:len(before[gid])] == before[gid]
            assert made and set(made) == {f"user:{alice.id}"}, (gid, made)


async def test_a_switched_panel_is_the_new_games_and_the_old_one_lets_go(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch, names=("alice", "bob")) as w:
        first, second = [await new_game(w, "alice", seats=2, join=["bob"]) for _ in "ab"]
        one, two = first[0], second[0]
        alice, registry = w.members["alice"], live_panels(w.bot)
        panel = answer(await alice.slash(w.channel, "hadara games"))
        shown = (await alice.click(panel, custom_id=P.go_id(one))).response
        for _ in range(2):  # the wheel, then her draft pick: the game waits on bob
            shown = (await take_turn(w, one, alice.id, panel=shown, steps=False)
                     ).result.response
        assert go_buttons(shown) == [(two, one, f"Next game · #{two}")]
        entry = registry.get(one, 0)
        assert entry is not None and entry.message_id == panel.id

        shown = (await alice.click(shown, custom_id=P.go_id(two, one))).response
        assert shown.id == panel.id and game_of(shown) == two
        assert registry.get(one, 0) is None  # game one let go of the message
        entry = registry.get(two, 0)
        assert entry is not None and entry.message_id == panel.id

        # bob picks in game one: a new round waits on alice there, and her message stays on
        # game two (nothing moves it back)
        await take_turn(w, one, w.users["bob"].id)
        await w.service.idle(one)
        await w.env.advance_time(5)
        assert one in await waiting_on(w, alice.id)
        assert game_of(shown) == two and ids(shown, "a")  # (read as the message is now)
        assert all(P.parse_custom_id(c["custom_id"]).game == two  # type: ignore[union-attr]
                   for c in ids(shown, "a"))

        # she plays game two from it; once it waits on bob, "Next game" offers game one again
        for _ in range(2):
            shown = (await take_turn(w, two, alice.id, panel=shown, steps=False)
                     ).result.response
        assert go_buttons(shown) == [(one, two, f"Next game · #{one}")]
        decision = ids(shown, "a")[0]["custom_id"]
        # bob picks in game two: her panel of game two moves on by itself to the new round
        await take_turn(w, two, w.users["bob"].id)
        await w.service.idle(two)
        await w.env.advance_time(5)
        assert game_of(shown) == two and go_buttons(shown) == []
        assert ids(shown, "a") and ids(shown, "a")[0]["custom_id"] != decision


async def test_next_game_in_a_dm_makes_it_the_seats_dm_panel(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch, names=("alice", "bob")) as w:
        one = (await new_game(w, "alice", seats=2, join=["bob"]))[0]
        two = (await new_game(w, "alice", seats=2, join=["bob"]))[0]
        alice = w.users["alice"]
        dm = await offers(w.bot).panel_dm(alice.id, one, 0)
        assert dm is not None and await w.service.seat_message(one, 0, "dm") == dm.id
        await w.env.settle()
        shown = await dm.channel.fetch_message(dm.id)
        for _ in range(2):
            shown = (await take_turn(w, one, alice.id, panel=shown, clicker=alice,
                                     steps=False)).result.response
        assert go_buttons(shown) == [(two, one, f"Next game · #{two}")]
        result = await alice.click(shown, custom_id=P.go_id(two, one))
        shown = result.response
        assert shown.id == dm.id and game_of(shown) == two
        assert shown.content.startswith(f"Your turn in game #{two}")
        assert await w.service.seat_message(one, 0, "dm") is None
        assert await w.service.seat_message(two, 0, "dm") == dm.id
        # a change of her pick in game one's thread no longer reaches the message …
        panel = await open_panel(w, one, alice.id)
        await w.members["alice"].click(panel, custom_id=ids(panel, "a")[1]["custom_id"])
        await w.env.settle()
        assert game_of(await dm.channel.fetch_message(dm.id)) == two
        # … and a choice in game two's thread does: it is game two's DM panel now
        await take_turn(w, two, alice.id, panel=await open_panel(w, two, alice.id),
                        steps=False)
        await w.env.settle()
        edited = await dm.channel.fetch_message(dm.id)
        assert game_of(edited) == two
        assert (edited.embeds[0].description or "").startswith("✅ Chosen:")


async def test_more_games_than_a_page_holds(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch, names=("alice",)) as w:
        games = [(await new_game(w, "alice", seats=2, ai=1))[0] for _ in range(PAGE_SIZE + 1)]
        alice = w.members["alice"]
        assert await waiting_on(w, alice.id) == games  # each since its start
        panel = answer(await alice.slash(w.channel, "hadara games"))
        assert panel.embeds[0].footer.text == "Page 1 of 2"
        assert [g for g, _, _ in go_buttons(panel)] == games[:PAGE_SIZE]
        pages = {c["label"]: c for c in components(panel) if c["custom_id"].startswith(
            "hd1:games:")}
        assert pages["◀ Previous"]["disabled"] and not pages["Next ▶"]["disabled"]
        assert len(rows_of(panel)) <= 5 and all(len(r["components"]) <= 5
                                                for r in rows_of(panel))

        shown = (await alice.click(panel, custom_id=pages["Next ▶"]["custom_id"])).response
        assert shown.id == panel.id and shown.embeds[0].footer.text == "Page 2 of 2"
        assert [g for g, _, _ in go_buttons(shown)] == games[PAGE_SIZE:]
        assert description(shown).startswith("**Your turn (6)**")
        pages = {c["label"]: c for c in components(shown) if c["custom_id"].startswith(
            "hd1:games:")}
        assert not pages["◀ Previous"]["disabled"] and pages["Next ▶"]["disabled"]
        back = (await alice.click(shown, custom_id=pages["◀ Previous"]["custom_id"])).response
        assert back.embeds[0].footer.text == "Page 1 of 2"

        # "Take my turn" on page 2 opens that game's panel in place
        shown = (await alice.click(back, custom_id=pages["Next ▶"]["custom_id"])).response
        opened = (await alice.click(shown, custom_id=P.go_id(games[-1]))).response
        assert opened.id == panel.id and game_of(opened) == games[-1]
        assert ids(opened, "a") and opened.embeds[0].image
        # the page buttons answer after a restart too (their whole state is the custom id)
        await w.restart()
        again = answer(await alice.slash(w.channel, "hadara games"))
        pages = {c["label"]: c for c in components(again) if c["custom_id"].startswith(
            "hd1:games:")}
        shown = (await alice.click(again, custom_id=pages["Next ▶"]["custom_id"])).response
        assert shown.embeds[0].footer.text == "Page 2 of 2"
