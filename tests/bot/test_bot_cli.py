"""python -m bot: --check passes with .env.example copied and a dummy token, and without a
token both --check and the plain start exit non-zero with instructions (no secret printed);
the settings are parsed and a bad one is named with its fix (the shard settings)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import Config, ConfigError

ROOT = Path(__file__).resolve().parents[2]


def run_bot(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "HADARA_"))}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_check_passes_with_the_example_env_and_a_dummy_token(tmp_path: Path) -> None:
    text = (ROOT / ".env.example").read_text().replace("DISCORD_TOKEN=\n",
                                                        "DISCORD_TOKEN=dummy-secret-123\n")
    (tmp_path / ".env").write_text(text)
    out = run_bot(tmp_path, "--check")
    assert out.returncode == 0, out.stderr
    assert "ok" in out.stdout and "schema up to date" in out.stdout
    assert "dummy-secret-123" not in out.stdout + out.stderr  # the token is never shown
    assert (tmp_path / "var" / "hadara.sqlite3").is_file()
    assert "web page: off" in out.stdout


def test_without_a_token_the_bot_explains_and_fails(tmp_path: Path) -> None:
    shutil.copy(ROOT / ".env.example", tmp_path / ".env")
    start = run_bot(tmp_path)
    assert start.returncode != 0
    assert "DISCORD_TOKEN" in start.stderr and "make demo" in start.stderr
    check = run_bot(tmp_path, "--check")
    assert check.returncode != 0


def test_a_bad_setting_is_named(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=x\nHADARA_DEV_GUILD=my-server\n")
    out = run_bot(tmp_path, "--check")
    assert out.returncode == 2 and "HADARA_DEV_GUILD" in out.stderr


# -- sharding settings (HADARA_SHARD_COUNT, HADARA_SHARD_IDS; docs/deploy.md)


def load(tmp_path: Path, **env: str) -> Config:
    return Config.load(tmp_path / "no.env", environ=env)


def test_without_shard_settings_the_bot_is_not_sharded(tmp_path: Path) -> None:
    config = load(tmp_path, HADARA_SHARD_COUNT="", HADARA_SHARD_IDS=" ")
    assert config.shard_count is None and config.shard_ids is None
    assert not config.sharded and config.runs_shard_zero


@pytest.mark.parametrize(("count", "ids", "expected"), [
    ("4", "", None),  # every shard of the count
    ("4", "0,1", (0, 1)),
    ("4", "2-3", (2, 3)),
    ("8", " 0-2 , 5 ", (0, 1, 2, 5)),
    ("1", "0", (0,)),
    ("16", "7-7,3", (3, 7)),
])
def test_shard_ids_and_ranges(tmp_path: Path, count: str, ids: str,
                              expected: tuple[int, ...] | None) -> None:
    config = load(tmp_path, HADARA_SHARD_COUNT=count, HADARA_SHARD_IDS=ids)
    assert config.sharded and config.shard_count == int(count)
    assert config.shard_ids == expected
    assert config.runs_shard_zero == (expected is None or 0 in expected)


def test_shard_settings_come_from_the_env_file(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("HADARA_SHARD_COUNT=4\nHADARA_SHARD_IDS=\"2-3\"\n")
    config = Config.load(tmp_path / ".env", environ={})
    assert (config.shard_count, config.shard_ids) == (4, (2, 3))
    assert not config.runs_shard_zero
    # the environment wins over the file
    config = Config.load(tmp_path / ".env", environ={"HADARA_SHARD_IDS": "0"})
    assert (config.shard_count, config.shard_ids) == (4, (0,))


@pytest.mark.parametrize(("count", "ids", "words"), [
    ("0", "", ("HADARA_SHARD_COUNT", "from 1")),
    ("two", "", ("HADARA_SHARD_COUNT", "'two'")),
    ("-1", "", ("HADARA_SHARD_COUNT",)),
    ("2.5", "", ("HADARA_SHARD_COUNT",)),
    ("\u00b2", "", ("HADARA_SHARD_COUNT",)),  # a digit to str.isdigit, not to int()
    ("99999", "", ("HADARA_SHARD_COUNT", "4096")),
    ("", "0,1", ("HADARA_SHARD_IDS needs HADARA_SHARD_COUNT",)),
    ("2", "0,2", ("shard 2 does not exist", "HADARA_SHARD_COUNT=2", "0 to 1")),
    ("4", "0-4", ("shard 4 does not exist",)),
    ("4", "3-1", ("runs backwards", "1-3")),
    ("4", "0,,1", ("HADARA_SHARD_IDS", "0-3")),
    ("4", "a-b", ("HADARA_SHARD_IDS", "'a-b'")),
    ("4", "1-", ("HADARA_SHARD_IDS", "'1-'")),
    ("4", "-1", ("HADARA_SHARD_IDS",)),
    ("4", "0 1", ("HADARA_SHARD_IDS",)),
    ("4", "0-2,1", ("names shard 1 twice",)),
])
def test_a_bad_shard_setting_is_named_with_its_fix(tmp_path: Path, count: str, ids: str,
                                                   words: tuple[str, ...]) -> None:
    with pytest.raises(ConfigError) as caught:
        load(tmp_path, HADARA_SHARD_COUNT=count, HADARA_SHARD_IDS=ids)
    for word in words:
        assert word in str(caught.value)


def test_a_bad_shard_setting_stops_the_bot(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=x\nHADARA_SHARD_COUNT=2\n"
                                   "HADARA_SHARD_IDS=0-2\n")
    out = run_bot(tmp_path, "--check")
    assert out.returncode == 2 and "HADARA_SHARD_IDS" in out.stderr


def test_the_example_env_documents_the_shard_and_postgres_settings() -> None:
    text = (ROOT / ".env.example").read_text()
    assert "HADARA_SHARD_COUNT" in text and "HADARA_SHARD_IDS" in text
    assert "postgresql://" in text


async def test_a_shard_count_makes_the_bot_run_those_shards() -> None:
    from discord.ext import commands

    from bot.client import HadaraBot, commands_marker

    plain = HadaraBot(Config(token="x"))
    assert not isinstance(plain, commands.AutoShardedBot) and plain.shard_count is None
    some = HadaraBot(Config(token="x", shard_count=4, shard_ids=(2, 3)))
    assert isinstance(some, HadaraBot) and isinstance(some, commands.AutoShardedBot)
    assert (some.shard_count, some.shard_ids) == (4, [2, 3])
    every = HadaraBot(Config(token="x", shard_count=2))
    assert isinstance(every, commands.AutoShardedBot)
    assert (every.shard_count, every.shard_ids) == (2, None)  # discord.py runs 0 and 1
    for bot in (plain, some, every):
        await bot.close()
    # the synced command tree's hash: beside a SQLite file, under var/ for a server database
    assert commands_marker("var/hadara.sqlite3") == Path("var/hadara.commands")
    assert commands_marker("sqlite:////srv/h.sqlite3") == Path("/srv/h.commands")
    assert commands_marker("postgresql://bot@db/hadara") == Path("var/hadara.commands")


async def test_a_sharded_bot_runs_under_simcord(tmp_path: Path) -> None:
    """Both shards of two in one process: the bot starts and answers; a process without
    shard 0 leaves the commands' sync to the process that runs it."""
    simcord = pytest.importorskip("simcord")
    from discord.ext import commands

    from bot.client import HadaraBot

    for ids, syncs in (((0, 1), True), ((1,), False)):
        db = tmp_path / f"shards-{len(ids)}" / "hadara.sqlite3"
        bot = HadaraBot(Config(token="x", db=str(db), shard_count=2, shard_ids=ids))
        assert isinstance(bot, commands.AutoShardedBot)
        try:
            # strict: a command that was never synced is refused (the process without shard
            # 0 did not sync; simcord registers the commands for it)
            async with simcord.run(bot, strict_sync=syncs) as env:
                assert bot.shard_ids == list(ids)
                # Discord routes a server to shard (id >> 22) % count, and simcord too: a
                # server of a shard this process runs
                guild = env.create_guild()
                while (guild.id >> 22) % 2 not in ids:  # the id's millisecond decides
                    await env.advance_time(0.001)
                    guild = env.create_guild()
                channel = guild.create_text_channel("hadara")
                alice = guild.add_member(env.create_user("alice"))
                result = await alice.slash(channel, "hadara new", seats=2, ai=1)
                assert result.ephemeral
                assert (await bot.service.load(1)).record.status == "lobby"
            assert db.with_suffix(".commands").is_file() == syncs
        finally:
            await bot.service.close()
            await bot.service.store.close()


# -- rendering settings (HADARA_FONTS, HADARA_STRICT_TEXT): read here, passed to rendering


def test_font_paths_and_strict_text_are_read_and_checked(tmp_path: Path) -> None:
    plain = load(tmp_path)
    assert plain.font_paths == () and plain.strict_text is False
    fonts, more = tmp_path / "fonts", tmp_path / "more"
    fonts.mkdir()
    more.mkdir()
    config = load(tmp_path, HADARA_FONTS=f"{fonts}{os.pathsep}{os.pathsep}{more}",
                  HADARA_STRICT_TEXT="1")
    assert config.font_paths == (fonts, more) and config.strict_text is True
    for word, on in (("true", True), ("ON", True), ("0", False), ("no", False), ("", False)):
        assert load(tmp_path, HADARA_STRICT_TEXT=word).strict_text is on
    with pytest.raises(ConfigError, match="HADARA_FONTS.*does not exist"):
        load(tmp_path, HADARA_FONTS=str(tmp_path / "missing"))
    with pytest.raises(ConfigError, match="HADARA_STRICT_TEXT must be 1 or 0"):
        load(tmp_path, HADARA_STRICT_TEXT="sometimes")


def test_a_bad_font_setting_stops_the_bot(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=x\nHADARA_FONTS=/no/such/fonts\n")
    out = run_bot(tmp_path, "--check")
    assert out.returncode == 2 and "HADARA_FONTS" in out.stderr


async def test_the_bot_passes_its_rendering_settings_at_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import rendering
    from bot import client
    from rendering.canvas import strict_mode

    monkeypatch.setattr(client, "EXTENSIONS", ())  # the start alone, without the cogs
    bot = client.HadaraBot(Config(token="x", db=str(tmp_path / "h.sqlite3"),
                                  font_paths=(tmp_path,), strict_text=True), sync=False)
    try:
        await bot.setup_hook()
        assert rendering.default_fonts().extra == (tmp_path,)
        assert strict_mode()
    finally:
        await bot.close()
        rendering.configure(font_paths=(), strict_text=False)
    assert rendering.default_fonts().extra == () and not strict_mode()


def test_the_web_settings_are_read_and_checked(tmp_path: Path) -> None:
    """HADARA_WEB_PORT (none: no web server), HADARA_WEB_HOST, HADARA_WEB_URL (https, or
    http on this machine only), docs/web.md."""
    config = load(tmp_path)
    assert (config.web_port, config.web_host, config.web_url) == (None, "127.0.0.1", None)
    config = load(tmp_path, HADARA_WEB_PORT="8080", HADARA_WEB_HOST="0.0.0.0",
                    HADARA_WEB_URL="https://hadara.example.org/")
    assert (config.web_port, config.web_host, config.web_url) == (
        8080, "0.0.0.0", "https://hadara.example.org")
    for local in ("http://localhost:8080", "http://127.0.0.1:9000/", "http://[::1]:80"):
        assert load(tmp_path, HADARA_WEB_URL=local).web_url == local.rstrip("/")
    for port in ("http", "-1", "65536", "80 80"):
        with pytest.raises(ConfigError, match="HADARA_WEB_PORT"):
            load(tmp_path, HADARA_WEB_PORT=port)
    for url in ("http://hadara.example.org", "ftp://x.org", "hadara.example.org",
                "https://", "http://localhost.evil.org"):
        with pytest.raises(ConfigError, match="HADARA_WEB_URL"):
            load(tmp_path, HADARA_WEB_URL=url)


def test_the_web_sessions_settings(tmp_path: Path) -> None:
    config = load(tmp_path, HADARA_WEB_SESSION_IDLE_DAYS="2",
                  HADARA_WEB_SESSION_MAX_DAYS="14.5")
    assert (config.web_session_idle_days, config.web_session_max_days) == (2.0, 14.5)
    assert load(tmp_path, HADARA_WEB_SESSION_MAX_DAYS="3").web_session_idle_days == 3.0
    for name, value in (("HADARA_WEB_SESSION_IDLE_DAYS", "0"),
                        ("HADARA_WEB_SESSION_IDLE_DAYS", "week"),
                        ("HADARA_WEB_SESSION_IDLE_DAYS", "40"),  # beyond the 30 at most
                        ("HADARA_WEB_SESSION_MAX_DAYS", "-1"),
                        ("HADARA_WEB_SESSION_MAX_DAYS", "400")):
        with pytest.raises(ConfigError, match=name):
            load(tmp_path, **{name: value})


def test_check_reports_the_web_page(tmp_path: Path) -> None:
    from bot.__main__ import web_line

    assert web_line(load(tmp_path)) == "web page: off (HADARA_WEB_PORT unset)"
    line = web_line(load(tmp_path, HADARA_WEB_PORT="8080",
                         HADARA_WEB_URL="https://hadara.example.org"))
    assert line == ("web page: 127.0.0.1:8080, players open https://hadara.example.org; "
                    "sessions end after 7 idle days, 30 days at most")
    (tmp_path / ".env").write_text("DISCORD_TOKEN=x\nHADARA_WEB_URL=http://example.org\n")
    out = run_bot(tmp_path, "--check")
    assert out.returncode == 2 and "HADARA_WEB_URL must use https://" in out.stderr


def test_the_activity_settings(tmp_path: Path) -> None:
    """Off by default; on, it needs the application's id and secret and the https page;
    what is missing is named, and the secret never shows in the configuration's repr."""
    assert not load(tmp_path).activity and not load(tmp_path).activity_on
    web = {"HADARA_WEB_PORT": "8080", "HADARA_WEB_URL": "https://hadara.example.org"}
    config = load(tmp_path, HADARA_ACTIVITY="1", DISCORD_CLIENT_ID="123456789012345678",
                  DISCORD_CLIENT_SECRET="s3cret-value", **web)
    assert config.activity_on and config.client_id == 123456789012345678
    assert config.discord_api == "https://discord.com/api/v10"
    assert "s3cret-value" not in repr(config)
    half = load(tmp_path, HADARA_ACTIVITY="yes", DISCORD_CLIENT_ID="1")
    assert not half.activity_on
    assert half.activity_missing == ["DISCORD_CLIENT_SECRET", "HADARA_WEB_PORT",
                                     "HADARA_WEB_URL"]
    local = load(tmp_path, HADARA_ACTIVITY="1", DISCORD_CLIENT_ID="1", DISCORD_CLIENT_SECRET="s",
                 HADARA_WEB_PORT="8080", HADARA_WEB_URL="http://localhost:8080")
    assert local.activity_missing == [
        "HADARA_WEB_URL on https:// (Discord maps only https hosts)"]
    for name, value in (("DISCORD_CLIENT_ID", "my-app"), ("HADARA_ACTIVITY", "maybe"),
                        ("HADARA_DISCORD_API", "http://discord.example")):
        with pytest.raises(ConfigError, match=name):
            load(tmp_path, **{name: value})
    assert load(tmp_path, HADARA_DISCORD_API="http://127.0.0.1:9/api/v10/").discord_api == \
        "http://127.0.0.1:9/api/v10"


def test_check_says_which_of_link_and_activity(tmp_path: Path) -> None:
    from bot.__main__ import activity_line

    assert activity_line(load(tmp_path)) == (
        'board inside Discord: off (HADARA_ACTIVITY unset); "Open the board" opens nothing '
        "(no web page)")
    web = {"HADARA_WEB_PORT": "8080", "HADARA_WEB_URL": "https://hadara.example.org"}
    assert "opens the signed link" in activity_line(load(tmp_path, **web))
    missing = activity_line(load(tmp_path, HADARA_ACTIVITY="1", **web))
    assert missing == ('board inside Discord: asked for (HADARA_ACTIVITY) but missing '
                       'DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET; "Open the board" opens the '
                       "signed link until then")
    on = activity_line(load(tmp_path, HADARA_ACTIVITY="1", DISCORD_CLIENT_ID="77",
                            DISCORD_CLIENT_SECRET="s3cret", **web))
    assert on.startswith("board inside Discord: on for application 77") and "s3cret" not in on
    (tmp_path / ".env").write_text("DISCORD_TOKEN=x\nHADARA_ACTIVITY=1\n")
    out = run_bot(tmp_path, "--check")
    assert out.returncode == 0, out.stderr
    assert "missing DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET, HADARA_WEB_PORT, HADARA_WEB_URL" \
        in out.stdout
