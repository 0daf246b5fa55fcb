"""The board inside Discord as an Activity (issue 38), through the real bot under the strict
Discord (tests/e2e/strict.py models the LAUNCH_ACTIVITY callback and the Entry Point command).

With the Activity on, "Open the board" on a player's panels and on the board message is a
normal button whose click launches the Activity (the strict layer records the type-12
callback; the service records which game: ``GameService.record_launch``), a spectator's too;
the player's own panels keep their signed link beside it ("In a browser"). Where Discord
refuses the launch the clicker gets, in the same click and privately, their own signed link,
else the spectator link, else words. Without the Activity, the link buttons as before;
without the page, no button. The global command sync carries the Entry Point command, and a
sync without it is refused (400/50240) by an application with Activities."""

from __future__ import annotations

import dataclasses
import logging
import time
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.config import Config
from cogs.edge.board_link import WebLinks
from cogs.edge.custom_ids import GameKey
from cogs.edge.launch import LAUNCH, LaunchButton
from cogs.web.cog import Web
from i18n import translate
from web import links, spectate

from . import conftest
from . import strict as strict_layer
from .conftest import (
    World,
    answer,
    board,
    components,
    new_game,
    open_panel,
    rows_of,
    settle,
    thread_of,
    world,
)

pytest.importorskip("simcord")

BASE = "https://hadara.example.org"
LINK = 5  # a link button's style
ON = pytest.mark.discord_limits(activities=True)


def activity_config(path: str, *, activity: bool = True, web: bool = True) -> Config:
    """The page on port 0 with a public https address, and the Activity asked for."""
    return Config(token="x", db=path, web_port=0 if web else None,
                  web_url=BASE if web else None, activity=activity,
                  client_id=1234 if activity else None,
                  client_secret="s3cret" if activity else "")


def use(monkeypatch: pytest.MonkeyPatch, **kwargs: Any) -> None:
    monkeypatch.setattr(conftest, "config", lambda path: activity_config(path, **kwargs))


def launch_id(gid: int) -> str:
    return LAUNCH.format(GameKey(gid))


def launch_buttons(message: Any) -> list[dict[str, Any]]:
    return [c for c in components(message) if str(c.get("custom_id") or "").startswith(
        "hd1:launch:")]


def links_of(message: Any) -> list[dict[str, Any]]:
    return [c for c in components(message) if c.get("style") == LINK]


def signed(w: World, url: str) -> links.Link:
    """Who a signed link names (it verifies with the page's secret)."""
    assert url.startswith(f"{BASE}/l/") and len(url) <= 512, url
    secret = w.bot.kept.get(WebLinks).secret
    return links.verify(secret, url.rsplit("/", 1)[1], time.time())


def strict_of(w: World) -> strict_layer.StrictDiscord:
    strict = getattr(w.bot.http, "strict", None)
    assert isinstance(strict, strict_layer.StrictDiscord)
    return strict


async def spectator(w: World, name: str = "dave") -> Any:
    """A member of the server without a seat."""
    member = w.guild.add_member(w.env.create_user(name))
    await w.env.settle()
    return member


@ON
async def test_a_client_id_not_the_bot_s_application_is_said_at_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """DISCORD_CLIENT_ID must be the bot's own application (Discord refuses the sign-in
    otherwise): said as an error when the page starts with another; nothing said with the
    bot's own."""
    use(monkeypatch)  # client id 1234
    caplog.set_level(logging.ERROR, logger="cogs.web.cog")

    def said() -> list[str]:
        return [r.getMessage() for r in caplog.records if "DISCORD_CLIENT_ID" in r.getMessage()]

    async with world(tmp_path, monkeypatch) as w:
        application = w.bot.application_id
        assert application is not None and application != 1234
        assert said() == [
            f"DISCORD_CLIENT_ID (1234) is not this bot's application ({application}): "
            "Discord will refuse the board's sign-in; set it to the bot's application id"]
        caplog.clear()
        web_cog = w.bot.get_cog("Web")
        assert isinstance(web_cog, Web)
        monkeypatch.setattr(w.bot, "config", dataclasses.replace(w.bot.config,
                                                                  client_id=application))
        assert web_cog._activity() is not None and said() == []


# ------------------------------------------------------------------------------ launching


@ON
async def test_players_and_spectators_launch_the_board(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    use(monkeypatch)
    async with world(tmp_path, monkeypatch) as w:
        strict = strict_of(w)
        gid, _ = await new_game(w, "alice", seats=2, ai=1)
        await settle(w, gid)
        thread = await thread_of(w, gid)
        alice = w.members["alice"]
        # her panel: the launch, and her signed link beside it in the same row
        panel = await open_panel(w, gid, alice.id)
        [launch] = launch_buttons(panel)
        [link] = links_of(panel)
        assert launch["custom_id"] == launch_id(gid) and launch["label"] == "Open the board"
        assert link["label"] == "In a browser"
        assert signed(w, str(link["url"])).user == alice.id
        assert signed(w, str(link["url"])).game == gid
        assert rows_of(panel)[-1]["components"] == [launch, link]  # below the choices
        clicked = await alice.click(panel, custom_id=launch_id(gid))
        assert clicked.acknowledged and clicked.response is None and not clicked.followups
        [first] = strict.launches
        assert (first.user_id, first.channel_id) == (alice.id, thread.id)
        assert w.service.launches.game(first.instance_id, alice.id, thread.id) == gid
        # the board message: one launch for everyone
        message = await board(w, gid)
        assert [c["custom_id"] for c in launch_buttons(message)] == [launch_id(gid)]
        assert links_of(message) == []  # (spectators are off on this server)
        await alice.click(message, custom_id=launch_id(gid))
        assert [x.user_id for x in strict.launches] == [alice.id, alice.id]
        # a member without a seat launches it too ("board": the members of its server)
        dave = await spectator(w)
        clicked = await dave.click(message, custom_id=launch_id(gid))
        assert clicked.acknowledged and clicked.response is None
        assert strict.launches[-1].user_id == dave.id
        assert w.service.launches.game("another instance", dave.id, thread.id) == gid
        assert strict.counts["launch"] == 3 and strict.counts["50039"] == 0
        # the board's button survives a restart (its state is its custom id)
        await w.restart()
        await alice.click(await board(w, gid), custom_id=launch_id(gid))
        assert len(strict.launches) == 4
        assert w.bot.service.launches.game("again", alice.id, thread.id) == gid


@ON
async def test_the_games_list_launches_each_board_with_its_browser_link(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    use(monkeypatch)
    async with world(tmp_path, monkeypatch) as w:
        gid, _ = await new_game(w, "alice", seats=2, ai=1)
        await settle(w, gid)
        alice = w.members["alice"]
        shown = answer(await alice.slash(w.channel, "hadara games"))
        rows = rows_of(shown)  # her turn first (the games panel), then the boards
        [turn] = rows[0]["components"]
        [launch] = rows[1]["components"]
        [link] = rows[2]["components"]
        assert turn["label"] == f"#{gid} · Take my turn"
        assert (launch["custom_id"], launch["label"]) == (launch_id(gid), f"Board #{gid}")
        assert link["label"] == f"#{gid} in a browser" and link["style"] == LINK
        assert signed(w, str(link["url"])).game == gid
        await alice.click(shown, custom_id=launch_id(gid))
        [launched] = strict_of(w).launches
        assert launched.channel_id == w.channel.id  # where the command was typed
        assert w.service.launches.game("i", alice.id, w.channel.id) == gid


@ON
async def test_a_refused_launch_gives_the_link_in_the_same_click(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    use(monkeypatch)
    async with world(tmp_path, monkeypatch) as w:
        strict = strict_of(w)
        gid, _ = await new_game(w, "alice", seats=2, ai=1)
        await settle(w, gid)
        thread = await thread_of(w, gid)
        strict.refuse_launch.add(thread.id)  # Discord opens no Activity in this thread
        alice = w.members["alice"]
        message = await board(w, gid)
        # a player: her own seat's signed link
        said = await alice.click(message, custom_id=launch_id(gid))
        reply = said.response
        assert said.ephemeral and reply is not None and not said.followups
        assert reply.content == translate("en", "launch.refused")
        [link] = links_of(reply)
        assert link["label"] == "Open the board"
        named = signed(w, str(link["url"]))
        assert (named.user, named.game) == (alice.id, gid)
        # someone without a seat, the game not open to spectators: words
        dave = await spectator(w)
        said = await dave.click(message, custom_id=launch_id(gid))
        assert said.ephemeral and said.response is not None
        assert said.response.content == translate("en", "launch.in.thread",
                                                  thread=f"<#{thread.id}>")
        assert links_of(said.response) == []
        # ... and open to spectators: the game's spectator link
        await w.service.set_web_spectators(w.guild.id, True)
        said = await dave.click(message, custom_id=launch_id(gid))
        assert said.response is not None
        assert said.response.content == translate("en", "launch.refused.watch")
        [watch] = links_of(said.response)
        secret = w.bot.kept.get(WebLinks).secret
        assert watch["url"] == f"{BASE}{spectate.page_path(secret, gid)}"
        assert watch["label"] == "Watch live"
        # nothing launched, nothing recorded: Discord said no three times
        assert strict.launches == [] and strict.counts["50039"] == 3
        assert w.service.launches.game("i", alice.id, thread.id) is None
        # elsewhere (her panel, sent in the thread too) the same refusal, the same link
        panel = await open_panel(w, gid, alice.id)
        said = await alice.click(panel, custom_id=launch_id(gid))
        assert said.response is not None and said.response.id != panel.id
        assert signed(w, str(links_of(said.response)[0]["url"])).user == alice.id


@pytest.mark.discord_limits(activities=False,
                            fail_on=strict_layer.FAIL_ON - {"entry_point"})
async def test_an_application_without_activities_refuses_the_entry_point_and_the_launch(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """The bot asks for the Activity, the application in the Developer Portal has none:
    Discord refuses the Entry Point command (the bot says so, and plays on with the commands
    synced before), and every launch, whose click gets the link."""
    use(monkeypatch, activity=False)  # the commands synced before
    with caplog.at_level(logging.ERROR, logger="bot.client"):
        async with world(tmp_path, monkeypatch) as w:
            strict = strict_of(w)
            synced = (tmp_path / "hadara.commands").read_text()
            use(monkeypatch)
            await w.restart()
            [refused] = [e for e in strict.events if e.kind == "entry_point"]
            assert refused.code == 50035 and "Activities" in refused.detail
            # not synced: tried again at the next start
            assert (tmp_path / "hadara.commands").read_text() == synced
            gid, _ = await new_game(w, "alice", seats=2, ai=1)
            await settle(w, gid)
            alice = w.members["alice"]
            said = await alice.click(await board(w, gid), custom_id=launch_id(gid))
            assert said.response is not None and strict.launches == []
            assert signed(w, str(links_of(said.response)[0]["url"])).user == alice.id
            assert [e.detail for e in strict.events if e.kind == "launch"] == [
                "the application has no Activities"]
    said_in_log = " ".join(r.getMessage() for r in caplog.records)
    assert "Entry Point" in said_in_log and "Developer Portal" in said_in_log


# ------------------------------------------------------------------------------ without it


@pytest.mark.parametrize("asked", [False, True])
async def test_without_the_activity_the_link_buttons_as_before(
        asked: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Activity not asked for, or asked for with a setting missing (no client secret):
    "Open the board" is the signed link on the panel, no launch anywhere."""
    monkeypatch.setattr(conftest, "config", lambda path: Config(
        token="x", db=path, web_port=0, web_url=BASE, activity=asked,
        client_id=1234 if asked else None))
    async with world(tmp_path, monkeypatch) as w:
        assert not w.bot.config.activity_on
        gid, _ = await new_game(w, "alice", seats=2, ai=1)
        await settle(w, gid)
        alice = w.members["alice"]
        panel = await open_panel(w, gid, alice.id)
        [link] = links_of(panel)
        assert link["label"] == "Open the board" and signed(w, str(link["url"])).user == alice.id
        assert rows_of(panel)[-1]["components"] == [link]
        assert launch_buttons(panel) == [] and launch_buttons(await board(w, gid)) == []
        shown = answer(await alice.slash(w.channel, "hadara games"))
        assert [c["label"] for c in components(shown)] == [f"#{gid} · Take my turn",
                                                           f"Board #{gid}"]
        assert strict_of(w).entry_point is None  # nothing synced but the tree


async def test_without_the_page_no_button_at_all(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    use(monkeypatch, web=False)
    async with world(tmp_path, monkeypatch) as w:
        assert w.bot.config.activity and not w.bot.config.activity_on  # (the page is missing)
        gid, _ = await new_game(w, "alice", seats=2, ai=1)
        await settle(w, gid)
        panel = await open_panel(w, gid, w.members["alice"].id)
        message = await board(w, gid)
        for shown in (panel, message):
            assert launch_buttons(shown) == [] and links_of(shown) == []
        # a launch button of before (the page was on then) answers in words, never fails
        old = discord.ui.View(timeout=None)
        old.add_item(LaunchButton(gid))
        before = await (await thread_of(w, gid)).send(view=old)
        clicked = await w.members["alice"].click(before, custom_id=launch_id(gid))
        assert clicked.ephemeral and clicked.response is not None
        assert clicked.response.content.startswith(
            translate("en", "launch.in.thread", thread="none")[:40])
        assert strict_of(w).launches == []


# ------------------------------------------------------------------------------ commands


@ON
async def test_the_sync_carries_the_entry_point_and_one_without_it_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """With the Activity on, the global sync carries the Entry Point command (type 4,
    handled by Discord) beside the tree. Turned off while the application keeps Activities,
    the bot's sync would remove it: Discord refuses it (400/50240), the bot says so."""
    use(monkeypatch)
    async with world(tmp_path, monkeypatch) as w:
        strict = strict_of(w)
        entry = strict.entry_point
        assert entry is not None and strict.counts["entry_point.synced"] == 1
        assert (entry["type"], entry["handler"], entry["name"]) == (4, 2, "launch")
        assert entry["description"] == translate("en", "launch.command")
        assert entry["description_localizations"] == {
            "fr": translate("fr", "launch.command"), "ja": translate("ja", "launch.command")}
        registered = {c["name"] for c in w.env.backend.commands.get(None, {}).values()}
        assert {"hadara", "hadara-admin"} <= registered and "launch" not in registered
        # Discord's list of the global commands has it (as read by the bot)
        listed = await w.bot.http.get_global_commands(w.bot.application_id)
        assert [c["name"] for c in listed if c["type"] == 4] == ["launch"]
        marker = tmp_path / "hadara.commands"
        synced = marker.read_text()
        # the Activity turned off: the tree's hash changes, the bot syncs without it
        strict.fail_on.discard("entry_point")
        use(monkeypatch, activity=False)
        with caplog.at_level(logging.ERROR, logger="bot.client"):
            await w.restart()
        [refused] = [e for e in strict.events if e.kind == "entry_point"]
        assert (refused.status, refused.code) == (400, 50240)
        assert marker.read_text() == synced  # not synced: tried again at the next start
        assert "HADARA_ACTIVITY" in " ".join(r.getMessage() for r in caplog.records)
        assert strict.entry_point is entry  # still Discord's
        # on again: Discord still has what the marker says (the refused sync changed
        # nothing), so nothing to sync
        use(monkeypatch)
        await w.restart()
        assert strict.counts["entry_point.synced"] == 1 and marker.read_text() == synced
        assert len([e for e in strict.events if e.kind == "entry_point"]) == 1


def test_discords_description_allows_the_launch_and_the_entry_point() -> None:
    """What the strict layer's schema check holds both to (tests/e2e/discord_schema.py over
    tests/e2e/discord_api/openapi.json): the callback ``{"type": 12}`` with ``with_response``
    (``LaunchActivityInteractionCallbackRequest``, in the callback body's ``anyOf``), and a
    bulk overwrite carrying an Entry Point command with its ``handler``
    (``ApplicationCommandUpdateRequest``: ``type`` 4 ``PRIMARY_ENTRY_POINT``, ``handler`` one
    of ``ApplicationCommandHandler`` 1 ``APP_HANDLER``, 2 ``DISCORD_LAUNCH_ACTIVITY``)."""
    from bot.client import entry_point_command

    from . import discord_schema

    check = discord_schema.checker().check
    launched = check("POST", "/interactions/1234/token/callback",
                     params={"with_response": "1"}, body={"type": 12})
    assert launched.operation == "create_interaction_response" and not launched.violations
    synced = check("PUT", "/applications/42/commands", params=None,
                   body=[{"name": "hadara", "description": "Play", "type": 1},
                         entry_point_command()])
    assert synced.operation and not synced.violations
    [wrong] = check("PUT", "/applications/42/commands", params=None,
                    body=[{**entry_point_command(), "handler": 3}]).violations
    assert wrong.pointer == "/0/handler"
    unknown = check("POST", "/interactions/1234/token/callback", params=None,
                    body={"type": 11}).violations
    assert unknown and all(v.where == "body" for v in unknown)
