"""Starts and stops the web server (``web.server.WebServer``) with the bot. Without
``HADARA_WEB_PORT`` it does nothing: the bot runs exactly as without it."""

from __future__ import annotations

import logging
from collections.abc import Callable

from aiohttp import web

from web.activity import Activity
from web.app import Site, follow, make_app
from web.discord_api import DiscordAPI
from web.server import Bridge, PortUnavailable, WebServer

from ..edge.board_link import WebLinks
from ..edge.client import HadaraBot
from ..edge.feature import Feature

log = logging.getLogger(__name__)
DAY = 24 * 3600.0


class Web(Feature):
    """The web page's server, when the configuration asks for one."""

    def __init__(self, bot: HadaraBot) -> None:
        super().__init__(bot)
        self.server: WebServer | None = None
        self.site: Site | None = None
        self._unsubscribe: list[Callable[[], None]] = []

    async def cog_load(self) -> None:
        await super().cog_load()
        config = self.bot.config
        if config.web_port is None:
            return
        # the links' secret: made once in the database, the same in every process
        secret = (await self.bot.service.web_secret()).encode("utf-8")
        site = Site(self.bot.service, secret,
                    secure_cookies=not (config.web_url or "").startswith("http://"),
                    session_idle=config.web_session_idle_days * DAY,
                    session_lifetime=config.web_session_max_days * DAY,
                    activity=self._activity())

        self.site = site

        def app(bridge: Bridge) -> web.Application:
            return make_app(bridge, site)

        server = WebServer(app, host=config.web_host, port=config.web_port)
        try:
            await server.start()
        except PortUnavailable as exc:  # the bot plays on in Discord; the page waits
            log.error("%s", exc)
            return
        self.server = server
        assert self.server.loop is not None
        self._unsubscribe = follow(site, self.server.loop)
        if config.web_url:  # "Open the board" on the players' panels
            kept = self.bot.kept.get(WebLinks)
            kept.secret, kept.base = secret, config.web_url

    def _activity(self) -> Activity | None:
        """The board inside Discord, when configured (docs/deploy.md); asked for but not
        complete, it is said once and "Open the board" stays a link."""
        config = self.bot.config
        if config.activity and config.activity_missing:
            log.warning("the board inside Discord is off: missing %s",
                        ", ".join(config.activity_missing))
        if not config.activity_on or config.client_id is None:
            return None
        application = self.bot.application_id  # known since the login
        if application is not None and application != config.client_id:
            log.error("DISCORD_CLIENT_ID (%s) is not this bot's application (%s): Discord "
                      "will refuse the board's sign-in; set it to the bot's application id",
                      config.client_id, application)
        return Activity(DiscordAPI(config.client_id, config.client_secret, config.token,
                                   config.discord_api))

    async def cog_unload(self) -> None:
        kept = self.bot.kept.get(WebLinks)
        kept.secret, kept.base = b"", ""
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe = []
        if self.server is not None:
            await self.server.stop()
            self.server = None
        await super().cog_unload()


async def setup(bot: HadaraBot) -> None:
    await bot.add_cog(Web(bot))
