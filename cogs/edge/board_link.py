""""Open the board": a player's signed link to their game's web page (docs/web.md), on their
panel when the web page is on. The link is made for the user who sees the panel, valid a day
(web/links.py), and opens only their own seat (the access policy decides on the page).

"Watch live": a game's spectator link (web/spectate.py) on the board message in its thread,
when the page is on and the access policy lets the game be watched (``spectate``: its
server's managers allowed it, never a private game).

With the board inside Discord as an Activity, "Open the board" launches it instead
(:mod:`.launch`), and these links are where it cannot: beside the launch on a player's own
panels, and in the answer of a click Discord refused to launch."""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass

import discord

from bot import access
from bot.service import Refusal
from i18n import t
from web import links, spectate

from .client import HadaraBot

MAX_URL = 512  # Discord's limit for a link button's url
MAX_COMPONENTS = 25  # Discord's limit for a message's components


@dataclass
class WebLinks:
    """Kept on the bot (``bot.kept``) by the web extension once its server serves: the links'
    secret and the page's public address (empty: no links)."""

    secret: bytes = b""
    base: str = ""


def web_links_on(bot: HadaraBot) -> bool:
    """Whether the page is on with a public address (its links can be handed out)."""
    kept = bot.kept.get(WebLinks)
    return bool(kept.secret and kept.base)


def board_url(bot: HadaraBot, user_id: int, game_id: int) -> str | None:
    """The user's signed link to the game's page, or None when the page is off."""
    kept = bot.kept.get(WebLinks)
    if not kept.secret or not kept.base:
        return None
    url = f"{kept.base}/l/{links.sign(kept.secret, user_id, game_id, time.time())}"
    return url if len(url) <= MAX_URL else None


def add_board_button(bot: HadaraBot, user_id: int, game_id: int,
                     view: discord.ui.View, label: str | None = None,
                     row: int | None = None) -> None:
    """Add "Open the board" (or ``label``) to ``view`` when the page is on and the view has
    room: in ``row``, else in the row below the view's own items."""
    url = board_url(bot, user_id, game_id)
    if url is None or len(view.children) >= MAX_COMPONENTS:
        return
    button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
        style=discord.ButtonStyle.link, label=label or t("web.open"), url=url,
        row=row if row is not None else row_after(view))
    with contextlib.suppress(ValueError):  # every row full: the panel's own come first
        view.add_item(button)


def row_after(view: discord.ui.View) -> int | None:
    """The row below the view's own items, so a link never sits among a panel's choices
    (None: no row left, wherever there is room)."""
    rows = [item.row if item.row is not None else getattr(item, "_rendered_row", None)
            for item in view.children]
    last = max((r for r in rows if r is not None), default=-1)
    return last + 1 if last < 4 else None


async def watch_url(bot: HadaraBot, game_id: int) -> str | None:
    """The game's spectator link, or None: the page is off, or the access policy does not
    let the game be watched (asked only when the page is on)."""
    kept = bot.kept.get(WebLinks)
    if not kept.secret or not kept.base:
        return None
    try:
        await bot.service.authorize(access.ANYONE, game_id, "spectate")
    except Refusal:
        return None
    url = f"{kept.base}{spectate.page_path(kept.secret, game_id)}"
    return url if len(url) <= MAX_URL else None


async def add_watch_button(bot: HadaraBot, game_id: int, view: discord.ui.View) -> None:
    """Add "Watch live" to the board's ``view`` when the game may be watched and the view has
    room (its own buttons come first)."""
    url = await watch_url(bot, game_id)
    if url is None or len(view.children) >= MAX_COMPONENTS:
        return
    button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
        style=discord.ButtonStyle.link, label=t("web.watch"), url=url)
    with contextlib.suppress(ValueError):  # every row full
        view.add_item(button)
