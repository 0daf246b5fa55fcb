"""Following a game from its board (issue 24, "Follow a game").

The board message carries a **Follow** button (:class:`FollowButton`, custom id
``hd1:follow:<game>``: restart-proof, its state is the id) beside "Take my turn". A member of
the game's server who is not one of its players presses it to follow the game, and again to
stop (answered privately with the new state); a player is answered "you're playing this
game". Followers are stored (``GameService.follow``, migration 0008), so a restart keeps them.

:class:`Follow` (a cog of the table's extension) listens for the service's digests
(``GameService.on_digest``: the end of epochs I and II, and the game's end) and sends each
follower ONE short DM per digest, in the follower's language: the standings (rank, points,
cards, colonies, statues, medals) and a link to the table — nothing else, and nothing in the
thread. DM channels are opened with ``cogs.edge.dms.open_dm`` (none while Discord holds DM opens
back); a refused DM is logged and skipped; the bot's pacer spaces the requests. After the final
digest the game's followers are forgotten.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import discord
from discord.ext import commands

from bot.messages import t
from bot.service import Refusal
from bot.service.follow import Digest, Standing
from cogs.edge.client import HadaraBot, Interaction
from cogs.edge.custom_ids import GAME, CustomId, GameKey
from cogs.edge.dms import open_dm
from cogs.edge.errors import reply_error, safe_reply
from cogs.edge.guard import Guarded
from cogs.edge.language import user_language
from cogs.edge.tasks import Tasks
from hadara.narrate import EPOCH
from i18n import speaking

log = logging.getLogger(__name__)

FOLLOW = CustomId("follow:{game}", GameKey, game=GAME)


class FollowButton(Guarded[GameKey], discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                   spec=FOLLOW):
    """The board's "Follow" button: follow the game, or stop following it."""

    access_kind = "follow"

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(style=discord.ButtonStyle.secondary,
                                           label=t("table.follow.button"),
                                           custom_id=FOLLOW.format(GameKey(game_id))))
        self.game_id = game_id

    def access_target(self) -> tuple[int | None, int | None]:
        return self.game_id, None

    @classmethod
    def rebuild(cls, key: GameKey, item: discord.ui.Item[discord.ui.View]) -> FollowButton:
        return cls(key.game)

    async def clicked(self, interaction: Interaction) -> None:
        interaction.extras["game_id"] = self.game_id
        try:
            state = await interaction.client.service.follow(self.game_id, interaction.user.id)
        except Exception as exc:
            await reply_error(interaction, exc)
            return
        await safe_reply(interaction, t(f"table.follow.{state}", id=self.game_id))


# ---------------------------------------------------------------------- the digests


def _name(row: Standing) -> str:
    name = discord.utils.escape_markdown(row.name)
    # (an AI seat's name says it is one: "Greedy AI")
    return t("table.digest.conceded", name=name) if row.conceded else name


def digest_text(digest: Digest) -> str:
    """A digest in the language being spoken: a headline, one line per seat by rank, what
    comes next and the table's link."""
    names = {row.seat: discord.utils.escape_markdown(row.name) for row in digest.standings}
    if digest.final:
        lines = [t("table.digest.final", id=digest.game_id,
                   winners=", ".join(names.get(s, "?") for s in digest.winners))]
    else:
        lines = [t("table.digest.epoch", id=digest.game_id,
                   epoch=EPOCH.get(digest.epoch, str(digest.epoch)))]
    lines += [t("table.digest.row", rank=row.rank, name=_name(row), points=row.points,
                cards=row.cards, colonies=row.colonies, statues=row.statues,
                medals=row.medals) for row in digest.standings]
    if not digest.final:
        lines.append(t("table.digest.next", epoch=EPOCH.get(digest.epoch + 1, "?")))
    guild, thread = digest.discord.get("guild"), digest.discord.get("thread")
    if guild and thread:
        lines.append(t("table.digest.thread",
                       link=f"https://discord.com/channels/{int(guild)}/{int(thread)}"))
    return "\n".join(lines)


@dataclass
class Digests:
    """Digest DMs ``sent`` and ``refused``, kept on the bot (tests and operators)."""

    counts: Counter[str] = field(default_factory=Counter)


def follow_stats(bot: HadaraBot) -> Counter[str]:
    """Digest DMs ``sent`` and ``refused`` at this bot."""
    return bot.kept.get(Digests).counts


class Follow(commands.Cog):
    """Sends the digests of followed games to their followers by DM."""

    def __init__(self, bot: HadaraBot) -> None:
        self.bot = bot
        self._tasks = Tasks()
        self._unsubscribe: Callable[[], None] | None = None
        self.stats = follow_stats(bot)

    async def cog_load(self) -> None:
        self._unsubscribe = self.bot.service.on_digest(self.on_digest)

    async def cog_unload(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        await self._tasks.cancel()

    def on_digest(self, digest: Digest) -> None:
        """The service's callback (under the game's lock: the sending runs apart)."""
        self._tasks.spawn(self.send(digest), name=f"digest {digest.game_id}")

    async def idle(self) -> None:
        await self._tasks.idle()

    async def send(self, digest: Digest) -> None:
        gid = digest.game_id
        try:
            followers = await self.bot.service.followers(gid)
        except Refusal as refusal:
            log.warning("no digest for game %s: %s", gid, refusal)
            return
        guild = digest.discord.get("guild")
        for user_id in followers:
            try:
                await self._send_one(digest, user_id, int(guild) if guild else None)
            except Exception:  # one follower's failure never stops the others
                log.exception("digest of game %s to %s failed", gid, user_id)
        if digest.final:
            try:
                await self.bot.service.forget_followers(gid)
            except Refusal as refusal:
                log.warning("could not forget the followers of game %s: %s", gid, refusal)

    async def _send_one(self, digest: Digest, user_id: int, guild_id: int | None) -> None:
        with speaking(await user_language(self.bot, user_id, None, guild_id)):
            text = digest_text(digest)
        try:
            channel = await open_dm(self.bot, user_id, wait=True)  # a DM or nothing
            assert channel is not None
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:  # DMs closed, no shared server …
            log.info("digest of game %s to %s refused: %s", digest.game_id, user_id, exc)
            self.stats["refused"] += 1
            return
        self.stats["sent"] += 1


async def setup(bot: HadaraBot) -> None:
    await bot.add_cog(Follow(bot))
