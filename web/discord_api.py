"""The three questions the board inside Discord asks Discord itself (docs/security.md, "The
board inside Discord"), with aiohttp against a configurable base address (a fake Discord in
tests): discord.py has no call for the last one, and these run on the web server's loop.

* the sign-in code the page got from the SDK's ``authorize``, exchanged for an access token
  with the application's secret (``POST /oauth2/token``, form-encoded, no redirect address);
* who that token belongs to (``GET /users/@me``): the page's word is never taken for it;
* the Activity instance (``GET /applications/{app}/activity-instances/{instance}`` with the
  bot's token): that the user is in it, and the server and channel it runs in.

Nothing here is logged or kept: not the code, the access token, the secret or the bot's
token; a failure is a :class:`DiscordRefused` with a reason the page words.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

import aiohttp

#: Why Discord did not sign the page in (the page words each; docs/web.md):
#: the code was refused (used, expired, not ours), the user is not in the instance, or
#: Discord could not be asked now.
REFUSED, NOT_THERE, UNAVAILABLE = "refused", "not_there", "unavailable"
TIMEOUT = aiohttp.ClientTimeout(total=10)
MAX_ANSWER = 64 * 1024  # bytes: Discord's answers here are small
_SNOWFLAKE = re.compile(r"^[1-9]\d{0,19}$")


class DiscordRefused(Exception):
    """Discord did not sign the page in: ``reason`` one of refused, not_there, unavailable."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Instance:
    """A verified Activity instance: where it runs and who is in it."""

    instance_id: str
    guild_id: int | None
    channel_id: int | None
    users: frozenset[int]


@dataclass
class DiscordAPI:
    """Discord's HTTP API for the Activity's sign-in: the application's id and secret, the
    bot's token (for the instance), the base address."""

    client_id: int
    client_secret: str = field(repr=False)
    bot_token: str = field(repr=False)
    base: str = "https://discord.com/api/v10"
    _http: aiohttp.ClientSession | None = field(default=None, repr=False)

    def _session(self) -> aiohttp.ClientSession:
        if self._http is None or self._http.closed:
            self._http = aiohttp.ClientSession(timeout=TIMEOUT)
        return self._http

    async def close(self) -> None:
        if self._http is not None:
            await self._http.close()
            self._http = None

    async def _ask(self, method: str, path: str, refused: str, **kwargs: Any) -> Any:
        """Discord's JSON answer, or :class:`DiscordRefused`: ``refused`` for a 4xx (our
        question was turned down), unavailable for anything else."""
        try:
            async with self._session().request(method, self.base + path,
                                               allow_redirects=False, **kwargs) as resp:
                body = await _read(resp.content, MAX_ANSWER + 1)
                if 400 <= resp.status < 500 and resp.status != 429:
                    raise DiscordRefused(refused)
                if resp.status != 200 or len(body) > MAX_ANSWER:
                    raise DiscordRefused(UNAVAILABLE)
                return json.loads(body)
        except (TimeoutError, aiohttp.ClientError, ValueError):
            raise DiscordRefused(UNAVAILABLE) from None

    async def exchange(self, code: str) -> str:
        """The access token for a sign-in code (used once: Discord refuses it after)."""
        answer = await self._ask("POST", "/oauth2/token", REFUSED, data={
            "client_id": str(self.client_id), "client_secret": self.client_secret,
            "grant_type": "authorization_code", "code": code})
        token = answer.get("access_token") if isinstance(answer, dict) else None
        if not isinstance(token, str) or not token:
            raise DiscordRefused(UNAVAILABLE)
        return token

    async def user(self, access_token: str) -> tuple[int, str]:
        """The id and display name of the token's user."""
        answer = await self._ask("GET", "/users/@me", REFUSED,
                                 headers={"Authorization": f"Bearer {access_token}"})
        user_id = answer.get("id") if isinstance(answer, dict) else None
        if not isinstance(user_id, str) or not _SNOWFLAKE.match(user_id):
            raise DiscordRefused(UNAVAILABLE)
        name = answer.get("global_name") or answer.get("username") or ""
        return int(user_id), str(name)[:64]

    async def instance(self, instance_id: str) -> Instance:
        """The instance as Discord knows it (not_there: no such live instance of ours)."""
        answer = await self._ask(
            "GET", f"/applications/{self.client_id}/activity-instances/{instance_id}",
            NOT_THERE, headers={"Authorization": f"Bot {self.bot_token}"})
        if not isinstance(answer, dict) or str(answer.get("application_id")) != str(
                self.client_id) or answer.get("instance_id") != instance_id:
            raise DiscordRefused(NOT_THERE)
        location = answer.get("location") or {}
        users = answer.get("users") or []
        return Instance(instance_id, _id(location.get("guild_id")),
                        _id(location.get("channel_id")),
                        frozenset(int(u) for u in users
                                  if isinstance(u, str) and _SNOWFLAKE.match(u)))


async def _read(content: aiohttp.StreamReader, most: int) -> bytes:
    """The answer's body to its end, however many pieces it comes in, but no more than
    ``most`` bytes (the rest is not read: the caller refuses an answer that long)."""
    body = bytearray()
    while len(body) < most:
        piece = await content.read(most - len(body))
        if not piece:  # the end of the answer
            break
        body += piece
    return bytes(body)


def _id(value: object) -> int | None:
    return int(value) if isinstance(value, str) and _SNOWFLAKE.match(value) else None
