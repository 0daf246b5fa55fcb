"""The global command sync (bot/client.py): the tree's commands as discord.py's
``CommandTree.sync`` sends them, and the Activity's Entry Point command beside them when the
board opens inside Discord (issue 38); the hash that decides whether to sync counts it, so
turning the Activity on or off syncs again; Discord's refusals of the Entry Point command are
said in the log, the bot running on."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

import i18n
from bot.client import HadaraBot, commands_marker, entry_point_command
from bot.config import Config
from cogs.components import full_tree
from cogs.edge.language import CatalogTranslator


def config(tmp_path: Path, *, activity: bool) -> Config:
    return Config(token="x", db=str(tmp_path / "hadara.sqlite3"), web_port=8080,
                  web_url="https://hadara.example.org", activity=activity,
                  client_id=1234 if activity else None,
                  client_secret="s3cret" if activity else "")


class Http:
    """The bulk overwrite of the global commands, recorded (or refused with ``error``)."""

    def __init__(self, error: dict[str, Any] | None = None) -> None:
        self.sent: list[list[dict[str, Any]]] = []
        self.error = error

    async def bulk_upsert_global_commands(self, application_id: int, *,
                                          payload: list[dict[str, Any]]) -> list[Any]:
        self.sent.append(payload)
        if self.error is not None:
            raise discord.HTTPException(SimpleNamespace(status=400, reason="Bad Request"),
                                        self.error)
        return payload


async def make(tmp_path: Path, *, activity: bool, http: Http | None = None) -> HadaraBot:
    """A bot with every command in its tree and the catalogs' translator, as a running bot
    has them, talking to ``http`` (nothing connects)."""
    bot = HadaraBot(config(tmp_path, activity=activity), sync=None)
    for group in full_tree():
        bot.tree.add_command(group)
    await bot.tree.set_translator(CatalogTranslator())
    bot._connection.application_id = 42
    if http is not None:
        bot.http.bulk_upsert_global_commands = http.bulk_upsert_global_commands  # type: ignore[method-assign]
    return bot


@pytest.fixture
async def bots(tmp_path: Path) -> AsyncIterator[list[HadaraBot]]:
    made: list[HadaraBot] = []
    yield made
    for bot in made:
        await bot.close()


async def tree_payload(bot: HadaraBot) -> list[dict[str, Any]]:
    """What discord.py's ``CommandTree.sync`` would send (the same calls)."""
    translator = bot.tree.translator
    assert translator is not None
    return [await c.get_translated_payload(bot.tree, translator)
            for c in bot.tree.get_commands()]


def test_the_entry_point_command_as_discord_takes_it() -> None:
    """PRIMARY_ENTRY_POINT (type 4) handled by Discord (DISCORD_LAUNCH_ACTIVITY, 2), named as
    the one Discord makes ("launch"), for servers; its description in every language we speak
    within Discord's 100 characters, under Discord's locale names."""
    command = entry_point_command()
    assert {k: command[k] for k in ("name", "type", "handler", "integration_types",
                                    "contexts")} == {
        "name": "launch", "type": 4, "handler": 2, "integration_types": [0], "contexts": [0]}
    assert command["description"] == i18n.translate("en", "launch.command")
    assert command["description_localizations"] == {
        "fr": i18n.translate("fr", "launch.command"), "ja": i18n.translate("ja", "launch.command")}
    locales = {locale.value for locale in discord.Locale}
    assert set(command["description_localizations"]) <= locales
    assert all(0 < len(d) <= 100 for d in [command["description"],
                                           *command["description_localizations"].values()])
    assert "options" not in command  # (only chat commands have options)


async def test_with_the_activity_the_sync_carries_the_entry_point(
        tmp_path: Path, bots: list[HadaraBot]) -> None:
    http = Http()
    bot = await make(tmp_path, activity=True, http=http)
    bots.append(bot)
    assert bot.config.activity_on
    await bot._sync_commands()
    [sent] = http.sent
    assert sent == [*await tree_payload(bot), entry_point_command()]
    assert [c["name"] for c in sent] == ["hadara", "hadara-replay", "hadara-league",
                                         "hadara-tournament", "hadara-admin", "launch"]
    marker = commands_marker(bot.config.db)
    assert marker.read_text() == await bot._tree_hash()
    await bot._sync_commands()  # in sync: nothing sent again
    assert len(http.sent) == 1


async def test_without_the_activity_the_sync_is_the_tree_alone(
        tmp_path: Path, bots: list[HadaraBot]) -> None:
    http = Http()
    bot = await make(tmp_path, activity=False, http=http)
    bots.append(bot)
    await bot._sync_commands()
    assert http.sent == [await tree_payload(bot)]
    assert all(c.get("type") == 1 and "handler" not in c for c in http.sent[0])


async def test_turning_the_activity_on_or_off_changes_the_hash(
        tmp_path: Path, bots: list[HadaraBot]) -> None:
    on = await make(tmp_path / "on", activity=True)
    off = await make(tmp_path / "off", activity=False)
    again = await make(tmp_path / "again", activity=True)
    bots += [on, off, again]
    digest = await on._tree_hash()
    assert digest != await off._tree_hash()
    assert digest == await again._tree_hash()
    assert digest == hashlib.sha256(json.dumps(
        [*await tree_payload(on), entry_point_command()], sort_keys=True).encode()).hexdigest()
    # asked for but not configured (no secret): no Entry Point, the tree's own hash
    half = HadaraBot(Config(token="x", db=str(tmp_path / "half.sqlite3"), activity=True,
                            client_id=1, web_port=1, web_url="https://hadara.example.org"))
    bots.append(half)
    for group in full_tree():
        half.tree.add_command(group)
    await half.tree.set_translator(CatalogTranslator())
    assert not half.config.activity_on and await half._tree_hash() == await off._tree_hash()


@pytest.mark.parametrize(("activity", "error", "says"), [
    # the Activity off while the application keeps its Entry Point command
    (False, {"code": 50240, "message": "You cannot remove this app's Entry Point command in "
                                       "a bulk update operation."}, "HADARA_ACTIVITY"),
    # the Activity on, the application without Activities: Discord names the Entry Point
    # (the last command: after the tree's five groups)
    (True, {"code": 50035, "message": "Invalid Form Body", "errors": {"5": {"type": {
        "_errors": [{"code": "X", "message": "Entry Point commands need Activities."}]}}}},
     "Developer Portal"),
])
async def test_a_refused_entry_point_is_said_and_the_bot_runs_on(
        activity: bool, error: dict[str, Any], says: str, tmp_path: Path,
        bots: list[HadaraBot], caplog: pytest.LogCaptureFixture) -> None:
    http = Http(error)
    bot = await make(tmp_path, activity=activity, http=http)
    bots.append(bot)
    with caplog.at_level(logging.ERROR, logger="bot.client"):
        await bot._sync_commands()
    assert len(http.sent) == 1
    assert not commands_marker(bot.config.db).exists()  # tried again at the next start
    said = " ".join(r.getMessage() for r in caplog.records)
    assert "not synced" in said and says in said


async def test_any_other_invalid_body_still_fails_the_sync(
        tmp_path: Path, bots: list[HadaraBot]) -> None:
    """A refusal naming one of the tree's commands is a bug of ours: raised as discord.py's
    ``CommandTree.sync`` raises it."""
    http = Http({"code": 50035, "message": "Invalid Form Body", "errors": {"0": {"name": {
        "_errors": [{"code": "X", "message": "Too long."}]}}}})
    bot = await make(tmp_path, activity=True, http=http)
    bots.append(bot)
    with pytest.raises(discord.app_commands.CommandSyncFailure):
        await bot._sync_commands()
    assert not commands_marker(bot.config.db).exists()
