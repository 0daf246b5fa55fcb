"""The ``TurnDigestDMs`` feature: each player's turn digest ("Daily turns", issue 39) by DM.

The service fires a player's digest at their local hour (``GameService.on_turn_digest``:
bot/service/turn_digest.py, docs/service.md "The turn digest") with the games waiting on them;
this feature sends it as ONE private message in the player's language (:mod:`.message`: a line
per game, the longest-waiting first) with a "Take my turn" button per game listed — the
``Play`` feature's button (offered through ``cogs.edge.offers``: it opens that game's panel,
privately, and keeps working after a restart), labelled with the game's number. The player
turns it on, moves it and off with ``/hadara settings daily_turns:`` (``cogs.player``). DM
channels are opened with ``cogs.edge.dms.open_dm`` (none while Discord holds DM opens back); a
refused DM (closed DMs, no shared server) is logged and counted, nothing else: the digest is
not sent again, and the games' deadline reminders go on as before.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import discord

from bot.messages import t
from bot.service.turn_digest import TurnDigest
from cogs.edge.client import HadaraBot
from cogs.edge.dms import open_dm
from cogs.edge.errors import DM_REFUSED, DM_TOO_FAST
from cogs.edge.feature import Feature
from cogs.edge.language import user_language
from cogs.edge.offers import offers
from cogs.edge.tasks import Tasks
from i18n import speaking

from .message import layout

log = logging.getLogger(__name__)


@dataclass
class TurnDigestStats:
    """Turn digests ``sent`` and ``refused`` at this bot (tests and operators)."""

    counts: Counter[str] = field(default_factory=Counter)


def turn_digest_stats(bot: HadaraBot) -> Counter[str]:
    return bot.kept.get(TurnDigestStats).counts


def take_turn(bot: HadaraBot, game_id: int) -> discord.ui.Item[discord.ui.View] | None:
    """The ``Play`` feature's "Take my turn" for one game (on offer: None while it is not
    loaded), labelled with the game's number: several stand in one message."""
    for item in offers(bot).take_turn(game_id, False).children:
        button = getattr(item, "item", item)  # a DynamicItem wraps its button
        if isinstance(button, discord.ui.Button):
            button.label = t("turn_digest.button", id=game_id)
            return item
    return None


class TurnDigestDMs(Feature):
    """Sends each player's turn digest by DM."""

    def __init__(self, bot: HadaraBot) -> None:
        super().__init__(bot)
        self._tasks = Tasks()
        self._unsubscribe: Callable[[], None] | None = None
        self.stats = turn_digest_stats(bot)

    async def cog_load(self) -> None:
        await super().cog_load()
        self._unsubscribe = self.bot.service.on_turn_digest(self.on_turn_digest)

    async def cog_unload(self) -> None:
        await super().cog_unload()
        if self._unsubscribe is not None:
            self._unsubscribe()
        await self._tasks.cancel()

    def on_turn_digest(self, digest: TurnDigest) -> None:
        """The service's callback (from its timer): the sending runs apart."""
        self._tasks.spawn(self.send(digest), name=f"turn digest {digest.user_id}")

    async def idle(self) -> None:
        await self._tasks.idle()

    async def send(self, digest: TurnDigest) -> None:
        user_id = digest.user_id
        try:
            now = discord.utils.utcnow().timestamp()
            with speaking(await user_language(self.bot, user_id)):
                message = layout(digest, now)
                view = discord.ui.View(timeout=None)
                for game_id in message.listed:
                    item = take_turn(self.bot, game_id)
                    if item is not None:
                        view.add_item(item)
            # no thread to fall back to, and her pings stop meanwhile: wait for a DM open
            channel = await open_dm(self.bot, user_id, wait=True)
            assert channel is not None
            await channel.send(message.text, view=view,
                               allowed_mentions=discord.AllowedMentions.none())
        except discord.Forbidden as exc:
            if exc.code not in DM_REFUSED and exc.code != DM_TOO_FAST:
                log.warning("turn digest to %s refused (%s): %s", user_id, exc.code, exc)
            else:
                log.info("turn digest to %s refused (%s)", user_id, exc.code)
            self.stats["refused"] += 1
            return
        except discord.HTTPException as exc:
            log.warning("turn digest to %s failed: %s", user_id, exc)
            self.stats["refused"] += 1
            return
        except Exception:
            log.exception("turn digest to %s failed", user_id)
            self.stats["refused"] += 1
            return
        self.stats["sent"] += 1


async def setup(bot: HadaraBot) -> None:
    await bot.add_cog(TurnDigestDMs(bot))
