"""Start-up for a real server: without a token ``python -m bot`` names README sections that
exist and ``make run`` ends without make's own error line; a refused token or no network is one
line, not a traceback; the start-up log names the account and prints the invite link, whose
permission number is the one in README.md."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest

import bot.__main__ as entry
from bot.client import BOT_PERMISSIONS, HadaraBot, clear_guild_commands, invite_url, start_problem
from bot.config import NO_TOKEN_HELP, NO_TOKEN_SECTIONS, Config

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
HEADINGS = {m[1].strip() for m in re.finditer(r"^#{1,6} (.+)$", README, re.MULTILINE)}
SECRET = "secret-token-123.abc"


def test_the_no_token_message_names_readme_sections_that_exist(tmp_path: Path) -> None:
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT)}  # nothing else set
    out = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == entry.EXIT_SETUP
    assert "No bot token" in out.stderr and "Traceback" not in out.stderr
    quoted = set(re.findall(r'"([^"]+)"', out.stderr))
    assert quoted == set(NO_TOKEN_SECTIONS), quoted
    assert quoted <= HEADINGS, quoted - HEADINGS
    assert set(re.findall(r'"([^"]+)"', NO_TOKEN_HELP)) <= HEADINGS


def run_recipe() -> str:
    """The shell line of the Makefile's run target, with make's escapes undone."""
    text = (ROOT / "Makefile").read_text()
    recipe = text[text.index("\nrun:"):].split("\n\n")[0]
    [line] = [ln for ln in recipe.splitlines() if "-m bot;" in ln]
    return line.strip().lstrip("@").replace("$$", "$")


@pytest.mark.parametrize(("code", "status"), [(0, 0), (entry.EXIT_SETUP, 0),
                                               (entry.EXIT_CONNECT, 0), (1, 1)])
def test_make_run_ends_quietly_after_an_explained_exit(code: int, status: int) -> None:
    line = run_recipe().replace("$(BIN)/python -m bot", f"sh -c 'exit {code}'")
    assert subprocess.run(["sh", "-c", line]).returncode == status


def connector_error(dns: bool) -> Exception:
    key = SimpleNamespace(host="discord.com", port=443, ssl=True, is_ssl=True)
    kind = aiohttp.ClientConnectorDNSError if dns else aiohttp.ClientConnectorError
    return kind(key, OSError(-3, "Temporary failure in name resolution") if dns  # type: ignore[arg-type]
                else ConnectionRefusedError(111, "Connection refused"))


FAILURES = {
    "login": (lambda: discord.LoginFailure("Improper token has been passed."),
              "cannot log in: Discord refused the token"),
    "dns": (lambda: connector_error(True), "cannot reach Discord: the name discord.com"),
    "refused": (lambda: connector_error(False), "cannot reach Discord: Cannot connect"),
    "os": (lambda: OSError(101, "Network is unreachable"), "cannot reach Discord: "),
    "timeout": (lambda: TimeoutError(), "cannot reach Discord: TimeoutError"),
}


@pytest.mark.parametrize("failure", list(FAILURES))
def test_a_start_that_cannot_connect_is_one_line(
        failure: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    make, expected = FAILURES[failure]

    async def start(self: Any, token: str, *, reconnect: bool = True) -> None:
        raise make()

    monkeypatch.setattr(HadaraBot, "start", start)
    monkeypatch.setenv("DISCORD_TOKEN", SECRET)
    monkeypatch.setenv("HADARA_DB", str(tmp_path / "hadara.sqlite3"))
    monkeypatch.setenv("HADARA_LOG_LEVEL", "WARNING")
    code = entry.main(["--env-file", str(tmp_path / "none.env")])
    err = capsys.readouterr().err
    assert code == entry.EXIT_CONNECT
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith(expected), err
    assert "Traceback" not in err and SECRET not in err
    quoted = set(re.findall(r'"([^"]+)"', lines[0]))
    assert quoted <= HEADINGS, quoted - HEADINGS


def test_other_errors_keep_their_traceback() -> None:
    assert start_problem(ValueError("a bug")) is None
    assert start_problem(KeyError("a bug")) is None


def test_the_invite_link_asks_for_the_permissions_the_bot_uses() -> None:
    from cogs.edge.channels import FORUM_PERMISSIONS
    from cogs.edge.errors import TABLE_PERMISSIONS

    value = BOT_PERMISSIONS.value
    assert invite_url(123) == ("https://discord.com/oauth2/authorize?client_id=123"
                               f"&scope=bot+applications.commands&permissions={value}")
    used = set(TABLE_PERMISSIONS) | set(FORUM_PERMISSIONS) | {"manage_threads"}
    assert discord.Permissions(**dict.fromkeys(used, True)) == BOT_PERMISSIONS
    assert not BOT_PERMISSIONS.administrator and not BOT_PERMISSIONS.manage_guild


def test_the_readme_gives_the_same_permission_number() -> None:
    value = BOT_PERMISSIONS.value
    numbers = set(re.findall(r"permissions[= ](\d+)", README))
    assert numbers == {str(value)}, numbers
    assert f"**{value}**" in README


def test_the_readme_has_updating_and_troubleshooting() -> None:
    assert {"Updating", "Troubleshooting", "Set up the bot on your server"} <= HEADINGS
    updating = README.split("### Updating")[1].split("### ")[0]
    for word in ("git pull", "backup", "Restart", "Migrations", "make run"):
        assert word in updating, word
    trouble = README.split("### Troubleshooting")[1].split("\n## ")[0]
    for word in ("No bot token", "cannot log in", "cannot reach Discord", "No slash commands",
                 "HADARA_DEV_GUILD", "clear-dev-commands", "permission", "DMs"):
        assert word in trouble, word


async def test_the_start_up_log_names_the_account_and_the_invite_link(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    simcord = pytest.importorskip("simcord")
    bot = HadaraBot(Config(token="offline", db=str(tmp_path / "hadara.sqlite3"),
                           sync_commands="never"))
    caplog.set_level("INFO", logger="bot.client")
    try:
        async with simcord.run(bot):
            await asyncio.sleep(0)
            me = bot.user
            assert me is not None
            client_id = bot.application_id or me.id
    finally:
        await bot.service.close()
        await bot.service.store.close()
    messages = [r.getMessage() for r in caplog.records if r.name == "bot.client"]
    assert any(m.startswith(f"logged in as {me} (id {me.id})") for m in messages), messages
    invite = f"invite link (permissions {BOT_PERMISSIONS.value}): {invite_url(client_id)}"
    assert messages.count(invite) == 1, messages


async def test_clear_dev_commands_empties_the_servers_commands(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, ...]] = []

    async def login(self: Any, token: str) -> None:
        calls.append(("login", token))

    async def application_info(self: Any) -> Any:
        return SimpleNamespace(id=77)

    async def get(self: Any, app: int, guild: int) -> list[dict[str, Any]]:
        return [{"name": "hadara"}, {"name": "hadara-admin"}]

    async def put(self: Any, app: int, guild: int, payload: list[Any]) -> list[Any]:
        calls.append(("put", app, guild, payload))
        return []

    monkeypatch.setattr(discord.Client, "login", login)
    monkeypatch.setattr(discord.Client, "application_info", application_info)
    monkeypatch.setattr(discord.http.HTTPClient, "get_guild_commands", get)
    monkeypatch.setattr(discord.http.HTTPClient, "bulk_upsert_guild_commands", put)
    assert await clear_guild_commands(SECRET, 42) == 2
    assert calls == [("login", SECRET), ("put", 77, 42, [])]
