"""Configuration from the environment or a ``.env`` file (the environment wins).

The token is read only from here and never logged: ``Config.__repr__`` hides it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_DB = "var/hadara.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
MAX_SHARDS = 4096  # far beyond any Hadara deployment; a typo guard, not Discord's limit


class ConfigError(Exception):
    """A setting that cannot be used; the message says which and how to fix it."""


def read_env_file(path: Path) -> dict[str, str]:
    """``KEY=value`` lines of a .env file (comments, blank lines and quotes handled)."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export "):]
        key, sep, value = line.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"{path}:{number}: expected KEY=value")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def _whole(text: str) -> bool:
    return text.isascii() and text.isdigit()


def parse_shard_count(text: str) -> int | None:
    """``HADARA_SHARD_COUNT``: empty (no sharding) or a whole number from 1."""
    text = text.strip()
    if not text:
        return None
    if not _whole(text) or not 1 <= int(text) <= MAX_SHARDS:
        raise ConfigError(f"HADARA_SHARD_COUNT must be a whole number from 1 to {MAX_SHARDS} "
                          f"(the total number of shards over all processes), not {text!r}")
    return int(text)


def parse_shard_ids(text: str, count: int | None) -> tuple[int, ...] | None:
    """``HADARA_SHARD_IDS``: the shards this process runs, as ids and ranges ("0,1", "0-3",
    "0-3,8"), each below ``HADARA_SHARD_COUNT``; empty: every shard of the count."""
    text = text.strip()
    if not text:
        return None
    if count is None:
        raise ConfigError("HADARA_SHARD_IDS needs HADARA_SHARD_COUNT (the total number of "
                          "shards over all processes), e.g. HADARA_SHARD_COUNT=4 with "
                          "HADARA_SHARD_IDS=0-1")
    ids: set[int] = set()
    for part in (p.strip() for p in text.split(",")):
        low, dash, high = part.partition("-")
        low, high = low.strip(), high.strip()
        if not _whole(low) or (dash and not _whole(high)):
            raise ConfigError(f"HADARA_SHARD_IDS must be shard ids or ranges separated by "
                              f"commas, like 0,1 or 0-3; {part!r} is neither")
        first, last = int(low), int(high) if dash else int(low)
        if first > last:
            raise ConfigError(f"HADARA_SHARD_IDS: the range {part!r} runs backwards "
                              f"(write {last}-{first})")
        if last >= count:
            raise ConfigError(f"HADARA_SHARD_IDS: shard {last} does not exist with "
                              f"HADARA_SHARD_COUNT={count} (shards are numbered 0 to "
                              f"{count - 1})")
        twice = ids.intersection(range(first, last + 1))
        if twice:
            raise ConfigError(f"HADARA_SHARD_IDS names shard {min(twice)} twice")
        ids.update(range(first, last + 1))
    return tuple(sorted(ids))


def parse_font_paths(text: str) -> tuple[Path, ...]:
    """``HADARA_FONTS``: font files or folders separated like PATH (``:``; ``;`` on Windows),
    searched in their order before the system's fonts; each must exist."""
    paths = []
    for part in (p.strip() for p in text.split(os.pathsep)):
        if not part:
            continue
        path = Path(part).expanduser()
        if not path.exists():
            raise ConfigError(f"HADARA_FONTS: {part!r} does not exist (give font files or "
                              f"folders, separated by {os.pathsep!r})")
        paths.append(path)
    return tuple(paths)


FLAG_TRUE = ("1", "true", "yes", "on")
FLAG_FALSE = ("", "0", "false", "no", "off")


def parse_flag(name: str, text: str) -> bool:
    """A yes/no setting: 1, true, yes, on, or 0, false, no, off (empty: no)."""
    value = text.strip().lower()
    if value not in FLAG_TRUE + FLAG_FALSE:
        raise ConfigError(f"{name} must be 1 or 0 (or true/false, yes/no, on/off), "
                          f"not {text!r}")
    return value in FLAG_TRUE


LOCAL_HOSTS = ("localhost", "127.0.0.1", "[::1]")
#: Discord's HTTP API, where the Activity's server exchanges a sign-in code and checks an
#: instance (``HADARA_DISCORD_API`` points it at a fake Discord in tests).
DISCORD_API = "https://discord.com/api/v10"


def parse_web(port_text: str, url_text: str) -> tuple[int | None, str | None]:
    """``HADARA_WEB_PORT`` (empty: no web server; 0: any free port, for tests) and
    ``HADARA_WEB_URL`` (https, or http on this machine only: a session cookie must never
    cross the network in the clear)."""
    port_text, url = port_text.strip(), url_text.strip().rstrip("/")
    port: int | None = None
    if port_text:
        if not port_text.isdigit() or int(port_text) > 65535:
            raise ConfigError(f"HADARA_WEB_PORT must be a port number (1-65535), not "
                              f"{port_text!r}")
        port = int(port_text)
    if not url:
        return port, None
    scheme, sep, rest = url.partition("://")
    host = rest.split("/", 1)[0].rsplit(":", 1)[0] if not rest.startswith("[") else \
        rest.split("]", 1)[0] + "]"
    if not sep or scheme.lower() not in ("https", "http") or not host:
        raise ConfigError(f"HADARA_WEB_URL must be an https:// address, not {url!r}")
    if scheme.lower() == "http" and host.lower() not in LOCAL_HOSTS:
        raise ConfigError("HADARA_WEB_URL must use https:// (plain http only for localhost): "
                          "players' sessions would cross the network unencrypted")
    return port, url


def parse_days(name: str, text: str, default: float, most: float) -> float:
    """A number of days (``HADARA_WEB_SESSION_IDLE_DAYS`` …): more than 0, at most ``most``."""
    text = text.strip()
    if not text:
        return default
    try:
        days = float(text)
    except ValueError:
        days = -1.0
    if not 0 < days <= most:
        raise ConfigError(f"{name} must be a number of days above 0 and at most {most:g}, "
                          f"not {text!r}")
    return days


@dataclass(frozen=True)
class Config:
    token: str = field(default="", repr=False)
    db: str = DEFAULT_DB
    dev_guild: int | None = None
    log_level: str = "INFO"
    sync_commands: str = "auto"  # auto: sync when the command tree changed; always; never
    # Sharding (several processes over one PostgreSQL database, docs/deploy.md): the total
    # number of shards, and the ones this process runs (None: all of them). Both None: no
    # sharding, one connection as a plain bot.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    # Rendering (passed to rendering.configure at start; rendering reads no environment):
    # font files or folders searched before the system's fonts, and strict text (a text cut
    # short or a character no font has fails the image instead of being drawn degraded).
    font_paths: tuple[Path, ...] = ()
    strict_text: bool = False
    # The web page (docs/web.md): served on web_host:web_port when the port is set (None: no
    # web server, the bot runs as without it); web_url is the address players open (behind
    # a reverse proxy with HTTPS); plain http only for localhost.
    web_port: int | None = None
    web_host: str = "127.0.0.1"
    web_url: str | None = None
    # A web session unused this many days ends; every session ends after the second.
    web_session_idle_days: float = 7.0
    web_session_max_days: float = 30.0
    # The page inside Discord as an Activity (docs/deploy.md, "The board inside Discord"):
    # off by default; on, it needs the application's id and OAuth2 secret and the web page
    # itself. discord_api is where the page's server asks Discord (a fake one in tests).
    activity: bool = False
    client_id: int | None = None
    client_secret: str = field(default="", repr=False)
    discord_api: str = DISCORD_API

    @property
    def activity_missing(self) -> list[str]:
        """What the Activity still needs (the settings to set), when it is asked for."""
        if not self.activity:
            return []
        missing = [name for name, value in (
            ("DISCORD_CLIENT_ID", self.client_id), ("DISCORD_CLIENT_SECRET", self.client_secret),
            ("HADARA_WEB_PORT", self.web_port), ("HADARA_WEB_URL", self.web_url))
            if value is None or value == ""]  # (port 0: any free port, for tests)
        if self.web_url and not self.web_url.startswith("https://"):
            missing.append("HADARA_WEB_URL on https:// (Discord maps only https hosts)")
        return missing

    @property
    def activity_on(self) -> bool:
        """Whether "Open the board" launches the Activity (else it is a link)."""
        return self.activity and not self.activity_missing

    @property
    def has_token(self) -> bool:
        return bool(self.token.strip())

    @property
    def sharded(self) -> bool:
        return self.shard_count is not None

    @property
    def runs_shard_zero(self) -> bool:
        """Whether this process runs shard 0 (the one that receives DMs), or is unsharded."""
        return self.shard_ids is None or 0 in self.shard_ids

    @classmethod
    def load(cls, env_file: Path | str = ".env",
             environ: dict[str, str] | None = None) -> Config:
        values = read_env_file(Path(env_file))
        values.update(os.environ if environ is None else environ)
        dev = values.get("HADARA_DEV_GUILD", "").strip()
        if dev and not dev.isdigit():
            raise ConfigError("HADARA_DEV_GUILD must be a server id (a number); "
                              "right-click the server with Developer Mode on → Copy Server ID")
        level = values.get("HADARA_LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if level not in LOG_LEVELS:
            raise ConfigError(f"HADARA_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}")
        sync = values.get("HADARA_SYNC_COMMANDS", "auto").strip().lower() or "auto"
        if sync not in ("auto", "always", "never"):
            raise ConfigError("HADARA_SYNC_COMMANDS must be auto, always or never")
        shard_count = parse_shard_count(values.get("HADARA_SHARD_COUNT", ""))
        shard_ids = parse_shard_ids(values.get("HADARA_SHARD_IDS", ""), shard_count)
        web_port, web_url = parse_web(values.get("HADARA_WEB_PORT", ""),
                                      values.get("HADARA_WEB_URL", ""))
        most = parse_days("HADARA_WEB_SESSION_MAX_DAYS",
                          values.get("HADARA_WEB_SESSION_MAX_DAYS", ""), 30.0, 365.0)
        idle = parse_days("HADARA_WEB_SESSION_IDLE_DAYS",
                          values.get("HADARA_WEB_SESSION_IDLE_DAYS", ""), min(7.0, most), most)
        client_id = values.get("DISCORD_CLIENT_ID", "").strip()
        if client_id and not (client_id.isdigit() and len(client_id) <= 20):
            raise ConfigError("DISCORD_CLIENT_ID must be the application's id (a number: "
                              "Developer Portal → your application → General Information)")
        api = values.get("HADARA_DISCORD_API", "").strip().rstrip("/") or DISCORD_API
        if not api.startswith(("https://", "http://127.0.0.1", "http://localhost")):
            raise ConfigError("HADARA_DISCORD_API must be an https:// address (plain http only "
                              "on this machine, for tests)")
        return cls(token=values.get("DISCORD_TOKEN", "").strip(),
                   db=values.get("HADARA_DB", "").strip() or DEFAULT_DB,
                   dev_guild=int(dev) if dev else None, log_level=level, sync_commands=sync,
                   shard_count=shard_count, shard_ids=shard_ids,
                   font_paths=parse_font_paths(values.get("HADARA_FONTS", "")),
                   strict_text=parse_flag("HADARA_STRICT_TEXT",
                                          values.get("HADARA_STRICT_TEXT", "")),
                   web_port=web_port,
                   web_host=values.get("HADARA_WEB_HOST", "").strip() or "127.0.0.1",
                   web_url=web_url, web_session_idle_days=idle, web_session_max_days=most,
                   activity=parse_flag("HADARA_ACTIVITY", values.get("HADARA_ACTIVITY", "")),
                   client_id=int(client_id) if client_id else None,
                   client_secret=values.get("DISCORD_CLIENT_SECRET", "").strip(),
                   discord_api=api)


NO_TOKEN_HELP = """\
No bot token: set DISCORD_TOKEN in .env (copy .env.example to .env) or in the environment.

To get one: https://discord.com/developers/applications → New Application → Bot →
Reset Token, then put it in .env as DISCORD_TOKEN=… and start again. README.md, section
"Set up the bot on your server", goes through it step by step (and the invite link);
"Troubleshooting" there helps when the bot starts but something is missing.

No token yet? `make demo` plays the real bot against an offline Discord in your browser
(README.md, "Try it without a token").
"""

#: The README sections NO_TOKEN_HELP names (tests check that README.md has them).
NO_TOKEN_SECTIONS = ("Set up the bot on your server", "Troubleshooting", "Try it without a token")
