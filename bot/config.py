"""Configuration from the environment or a ``.env`` file (the environment wins).

The token is read only from here and never logged: ``Config.__repr__`` hides it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_DB = "var/hadara.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


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


@dataclass(frozen=True)
class Config:
    token: str = field(default="", repr=False)
    db: str = DEFAULT_DB
    dev_guild: int | None = None
    log_level: str = "INFO"
    sync_commands: str = "auto"  # auto: sync when the command tree changed; always; never

    @property
    def has_token(self) -> bool:
        return bool(self.token.strip())

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
        return cls(token=values.get("DISCORD_TOKEN", "").strip(),
                   db=values.get("HADARA_DB", "").strip() or DEFAULT_DB,
                   dev_guild=int(dev) if dev else None, log_level=level, sync_commands=sync)


NO_TOKEN_HELP = """\
No bot token: set DISCORD_TOKEN in .env (copy .env.example to .env) or in the environment.

To get one: https://discord.com/developers/applications → New Application → Bot →
Reset Token, then copy it into .env as DISCORD_TOKEN=… (README: "Creating the Discord
application" also shows how to invite the bot to your server).

No token yet? `make demo` plays the real bot against an offline Discord in your browser.
"""
