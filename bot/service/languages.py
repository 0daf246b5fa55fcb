"""Who reads which language.

A player reads their panels, private images and direct messages in the language they chose
(``/hadara settings language:``), else in their Discord client's language when we speak it
(seen with every interaction and remembered, since reminders and DMs have no interaction),
else in their server's. Public messages and board images are in the server's language, which
an admin sets (English until then). Choices live in the user and server settings; this keeps
them cached so an interaction costs no database read after the first; an entry is read again
after ``FRESH`` seconds, so a choice made through another bot process (several processes over
PostgreSQL) is followed within a minute.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

from bot.storage.base import Store
from i18n import DEFAULT, LOCALES, normalise

#: Settings keys: a user's choice, the language their Discord client last reported, a
#: server's language.
CHOICE, SEEN, SERVER = "language", "seen_language", "language"
#: Seconds a cached choice is trusted before it is read again.
FRESH = 60.0


class Languages:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._users: dict[int, tuple[float, str | None, str | None]] = {}
        self._guilds: dict[int, tuple[float, str]] = {}

    async def _user(self, user_id: int) -> tuple[str | None, str | None]:
        cached = self._users.get(user_id)
        if cached is None or time.monotonic() - cached[0] > FRESH:
            settings = await self.store.get_user_settings(user_id)
            cached = self._keep_user(user_id, settings)
        return cached[1], cached[2]

    def _keep_user(self, user_id: int, settings: Mapping[str, object]
                   ) -> tuple[float, str | None, str | None]:
        cached = (time.monotonic(), _known(settings.get(CHOICE)), _known(settings.get(SEEN)))
        self._users[user_id] = cached
        return cached

    async def _update_user(self, user_id: int, **changes: str | None) -> None:
        settings = await self.store.get_user_settings(user_id)
        for key, value in changes.items():
            if value is None:
                settings.pop(key, None)
            else:
                settings[key] = value
        await self.store.set_user_settings(user_id, settings)
        self._keep_user(user_id, settings)

    async def for_user(self, user_id: int, seen: str | None = None,
                       guild_id: int | None = None) -> str:
        """The language of ``user_id``'s private messages; ``seen`` is the locale their
        Discord client reports now (remembered when it changed)."""
        choice, last = await self._user(user_id)
        now = normalise(seen)
        if now is not None and now != last:
            await self._update_user(user_id, **{SEEN: now})
            last = now
        if choice is not None:
            return choice
        if last is not None:
            return last
        return await self.for_guild(guild_id)

    async def known(self, user_id: int) -> str | None:
        """The language a user reads, as far as the bot knows it: their choice, else the one
        their Discord client last reported (None: neither yet)."""
        choice, last = await self._user(user_id)
        return choice or last

    async def choice(self, user_id: int) -> str | None:
        """The language a user chose (None: they follow their Discord client)."""
        return (await self._user(user_id))[0]

    async def choose(self, user_id: int, language: str | None) -> None:
        """Set (or with None forget) a user's language."""
        if language is not None and language not in LOCALES:
            raise ValueError(f"unknown language {language!r}")
        await self._update_user(user_id, **{CHOICE: language})

    async def for_guild(self, guild_id: int | None) -> str:
        """The language of a server's public messages and board images."""
        if guild_id is None:
            return DEFAULT
        cached = self._guilds.get(guild_id)
        if cached is None or time.monotonic() - cached[0] > FRESH:
            settings = await self.store.get_guild_settings(guild_id)
            cached = (time.monotonic(), _known(settings.get(SERVER)) or DEFAULT)
            self._guilds[guild_id] = cached
        return cached[1]

    async def set_guild(self, guild_id: int, language: str) -> None:
        if language not in LOCALES:
            raise ValueError(f"unknown language {language!r}")
        settings = await self.store.get_guild_settings(guild_id)
        await self.store.set_guild_settings(guild_id, {**settings, SERVER: language})
        self._guilds[guild_id] = (time.monotonic(), language)


def _known(value: object) -> str | None:
    return value if value in LOCALES else None
