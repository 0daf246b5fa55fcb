"""A local stand-in for the three Discord endpoints the board inside Discord asks (web/
discord_api.py): the OAuth2 code exchange, the token's user, and an Activity instance — as
Discord's documentation describes them, with its refusals (a code used twice or unknown:
400 ``invalid_grant``; a wrong token: 401; an unknown instance: 404). Served on this
machine for a test; ``HADARA_DISCORD_API`` / ``DiscordAPI.base`` points at it."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from aiohttp import web

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
CLIENT_ID = 424242424242424242
CLIENT_SECRET = "shh-client-secret-0123456789"
BOT_TOKEN = "bot-token-0123456789"


@dataclass
class Where:
    guild: int | None
    channel: int | None
    users: set[int]


@dataclass
class FakeDiscord:
    """Codes Discord would give the SDK's ``authorize`` (code -> user), the instances live
    now, and every request it was asked (method, path) in order."""

    codes: dict[str, int] = field(default_factory=dict)
    instances: dict[str, Where] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    asked: list[tuple[str, str]] = field(default_factory=list)
    down: bool = False
    #: answer in two pieces, a moment apart (as a body may arrive over the network)
    in_pieces: bool = False
    port: int = 0
    bot_token: str = field(default=BOT_TOKEN, repr=False)  # the bot's, for the instance
    _tokens: dict[str, int] = field(default_factory=dict)
    _used: set[str] = field(default_factory=set)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    def code_for(self, user: int) -> str:
        """A fresh code for ``user`` (as the SDK's authorize would get)."""
        code = "c" + secrets.token_hex(12)
        self.codes[code] = user
        return code

    def app(self) -> web.Application:
        app = web.Application()

        @web.middleware
        async def record(request: web.Request, handler: Handler) -> web.StreamResponse:
            self.asked.append((request.method, request.path))
            if self.down:
                return web.json_response({"message": "Service Unavailable"}, status=503)
            response = await handler(request)
            if self.in_pieces and isinstance(response, web.Response) \
                    and isinstance(response.body, bytes):
                return await self._in_pieces(request, response.status, response.body,
                                             response.headers["Content-Type"])
            return response

        app.middlewares.append(record)
        app.router.add_post("/api/v10/oauth2/token", self._token)
        app.router.add_get("/api/v10/users/@me", self._me)
        app.router.add_get("/api/v10/applications/{app}/activity-instances/{instance}",
                           self._instance)
        return app

    @staticmethod
    async def _in_pieces(request: web.Request, status: int, body: bytes, kind: str
                         ) -> web.StreamResponse:
        stream = web.StreamResponse(status=status, headers={"Content-Type": kind})
        stream.enable_chunked_encoding()
        await stream.prepare(request)
        half = len(body) // 2
        await stream.write(body[:half])
        await asyncio.sleep(0.05)
        await stream.write(body[half:])
        await stream.write_eof()
        return stream

    async def _token(self, request: web.Request) -> web.Response:
        form = await request.post()
        if form.get("client_id") != str(CLIENT_ID) or form.get("client_secret") != CLIENT_SECRET:
            return web.json_response({"error": "invalid_client"}, status=401)
        code = str(form.get("code", ""))
        if form.get("grant_type") != "authorization_code" or code not in self.codes \
                or code in self._used:
            return web.json_response({"error": "invalid_grant"}, status=400)
        self._used.add(code)
        token = "at-" + secrets.token_hex(16)
        self._tokens[token] = self.codes[code]
        return web.json_response({"access_token": token, "token_type": "Bearer",
                                  "expires_in": 604800, "scope": "identify",
                                  "refresh_token": "rt-" + secrets.token_hex(8)})

    async def _me(self, request: web.Request) -> web.Response:
        said = request.headers.get("Authorization", "")
        user = self._tokens.get(said.removeprefix("Bearer ")) if said.startswith("Bearer ") \
            else None
        if user is None:
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        name = self.names.get(user, f"user{user}")
        return web.json_response({"id": str(user), "username": name, "global_name": name,
                                  "discriminator": "0", "avatar": None})

    async def _instance(self, request: web.Request) -> web.Response:
        if request.headers.get("Authorization") != f"Bot {self.bot_token}":
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        app, instance = request.match_info["app"], request.match_info["instance"]
        where = self.instances.get(instance)
        if app != str(CLIENT_ID) or where is None:
            return web.json_response({"message": "Unknown Activity Instance", "code": 10010},
                                     status=404)
        location = {"id": f"gc-{where.guild}-{where.channel}", "kind": "gc"}
        if where.channel is not None:
            location["channel_id"] = str(where.channel)
        if where.guild is not None:
            location["guild_id"] = str(where.guild)
        return web.json_response({"application_id": str(CLIENT_ID), "instance_id": instance,
                                  "launch_id": "1", "location": location,
                                  "users": [str(u) for u in sorted(where.users)]})


@asynccontextmanager
async def serving_discord(bot_token: str = BOT_TOKEN) -> AsyncIterator[FakeDiscord]:
    """A fake Discord served on a free port of this machine while the block runs."""
    fake = FakeDiscord(bot_token=bot_token)
    runner = web.AppRunner(fake.app(), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    fake.port = runner.addresses[0][1]
    try:
        yield fake
    finally:
        await runner.cleanup()
