"""The web front end's application (docs/web.md): its routes and middlewares.

Every handler reaches the game through the :class:`~web.server.Bridge` into the service's
loop and the service's own calls, under the one access policy (bot/access.py): the page
reads no ``game.*``, never the store, and works out nothing of the rules.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

from aiohttp import web

from .headers import security_headers
from .server import Bridge

MAX_BODY = 16 * 1024  # bytes: a request to the page is small; larger ones are refused (413)


async def _ready() -> bool:
    return True


def make_app(bridge: Bridge, *, frame_ancestors: Iterable[str] = ()) -> web.Application:
    """The application served by :class:`~web.server.WebServer`."""
    app = web.Application(client_max_size=MAX_BODY,
                          middlewares=[security_headers(frame_ancestors)])

    async def healthz(request: web.Request) -> web.Response:
        """Whether the page's server answers and the service's loop with it."""
        try:
            alive = await asyncio.wait_for(bridge.call(_ready()), 5)
        except TimeoutError:
            alive = False
        return web.json_response({"ok": alive}, status=200 if alive else 503)

    app.router.add_get("/healthz", healthz)
    return app
