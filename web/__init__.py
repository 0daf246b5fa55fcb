"""The web front end (docs/web.md): the live board as a page served by the bot, over the same
game service and its one front-end API. Never imports discord or the cogs (an import contract
says so); the bot's ``cogs.web`` extension only starts it, when ``HADARA_WEB_PORT`` is set.

* :mod:`web.server` — the HTTP server on its own thread and loop, and the bridge into the
  service's loop.
* :mod:`web.app` — the application: routes and middlewares.
* :mod:`web.headers` — the security headers of every answer.
* :mod:`web.links` — signed links to a player's page.
"""
