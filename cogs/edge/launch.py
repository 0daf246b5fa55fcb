""""Open the board" inside Discord: the board as an Activity (issue 38; the page's side is
docs/web.md).

With the Activity on (``config.activity_on``) and the page's links on (``web_links_on``), "Open
the board" — on a player's panels, under ``/hadara games`` and on the board message in a game's
thread — is :class:`LaunchButton`, a normal button (custom id ``hd1:launch:<game>``: restart-
proof, its state is the id). Its click goes through the access policy like every component
(``board``: the game's players anywhere, members of its server), then answers Discord with the
``LAUNCH_ACTIVITY`` callback (``InteractionResponse.launch_activity``, type 12), which can only
be a click's first answer (``cogs.edge.guard.ITSELF``), and tells the service which game it was
for (``GameService.record_launch``: the page inside Discord asks it which table to show).

Where Discord refuses the launch (``discord.HTTPException``: a channel it does not open
Activities in, an application without them), the clicker gets a link instead, privately and in
the same click: their own seat's signed link (``board_link.board_url``), else the game's
spectator link where the policy lets it be watched (``board_link.watch_url``), else words saying
where the board is shown. A client too old to open Activities cannot be told apart, so on a
player's own private panels the signed link stays beside the launch ("In a browser").

Without the Activity, the link buttons of :mod:`.board_link` are used as before; without the
page, there is no button at all.
"""

from __future__ import annotations

import contextlib
import logging

import discord

from i18n import t

from .board_link import (
    MAX_COMPONENTS,
    add_board_button,
    board_url,
    row_after,
    watch_url,
    web_links_on,
)
from .client import HadaraBot, Interaction
from .custom_ids import GAME, CustomId, GameKey
from .errors import safe_reply
from .guard import ITSELF, Guarded

log = logging.getLogger(__name__)

LAUNCH = CustomId("launch:{game}", GameKey, game=GAME)


def activity_on(bot: HadaraBot) -> bool:
    """Whether "Open the board" launches the Activity: asked for and configured
    (``config.activity_on``), and the page it opens is served with its public address."""
    return bot.config.activity_on and web_links_on(bot)


class LaunchButton(Guarded[GameKey],
                   discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], spec=LAUNCH):
    """ "Open the board" as the Activity's launch, for one game."""

    access_kind = "launch"
    ack = ITSELF  # the launch must be the click's first answer

    def __init__(self, game_id: int, label: str | None = None, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(style=discord.ButtonStyle.primary,
                                           label=label or t("web.open"),
                                           custom_id=LAUNCH.format(GameKey(game_id))), row=row)
        self.game_id = game_id

    def access_target(self) -> tuple[int | None, int | None]:
        return self.game_id, None

    @classmethod
    def rebuild(cls, key: GameKey, item: discord.ui.Item[discord.ui.View]) -> LaunchButton:
        return cls(key.game)

    async def clicked(self, interaction: Interaction) -> None:
        seated = self.facts is not None and interaction.user.id in self.facts.seats
        thread = self.facts.thread_id if self.facts is not None else None
        await launch(interaction, self.game_id, seated=seated, thread_id=thread)


async def launch(interaction: Interaction, game_id: int, *, seated: bool,
                 thread_id: int | None = None) -> None:
    """Answer an allowed click on "Open the board" with the Activity, or (Discord refused it,
    or the Activity is off now) with a link privately."""
    bot = interaction.client
    channel_id = interaction.channel_id
    if activity_on(bot) and channel_id is not None:
        try:
            await interaction.response.launch_activity()
        except discord.HTTPException as exc:  # not here: the link instead, in the same click
            log.info("Discord did not launch the board of game %s in channel %s: %s",
                     game_id, channel_id, exc)
        else:
            bot.service.record_launch(interaction.user.id, channel_id, game_id)
            return
    await _instead(interaction, game_id, seated=seated, thread_id=thread_id)


async def _instead(interaction: Interaction, game_id: int, *, seated: bool,
                   thread_id: int | None) -> None:
    """The board as a link, privately: the clicker's seat's signed link, else the game's
    spectator link, else where the board is shown."""
    bot = interaction.client
    url = board_url(bot, interaction.user.id, game_id) if seated else None
    text, label = t("launch.refused"), t("web.open")
    if url is None:
        url = await watch_url(bot, game_id)
        text, label = t("launch.refused.watch"), t("web.watch")
    if url is None:
        await safe_reply(interaction, t("launch.in.thread",
                                        thread=f"<#{thread_id}>" if thread_id else "none"))
        return
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, label=label, url=url))
    await safe_reply(interaction, text, view=view)


# ------------------------------------------------------------------------------ adding it


def add_board_buttons(bot: HadaraBot, user_id: int, game_id: int, view: discord.ui.View, *,
                      label: str | None = None, browser_label: str | None = None,
                      rows: tuple[int, int] | None = None) -> None:
    """"Open the board" on a player's own private panel (``label``: another wording): the
    Activity's launch with the user's signed link beside it ("In a browser", or
    ``browser_label``) when the Activity is on; the link alone when only the page is on
    (``board_link.add_board_button``); nothing without the page. In the row below the
    panel's own items, or in ``rows`` (the launch's, the link's); only where the view has
    room (its own items come first); without the Activity, the link in ``rows``' first."""
    if not activity_on(bot):
        add_board_button(bot, user_id, game_id, view, label=label,
                         row=rows[0] if rows is not None else None)
        return
    launch_row, link_row = rows if rows is not None else (row_after(view),) * 2
    if len(view.children) < MAX_COMPONENTS:
        with contextlib.suppress(ValueError):  # every row full
            view.add_item(LaunchButton(game_id, label, row=launch_row))
    add_board_button(bot, user_id, game_id, view, label=browser_label or t("launch.browser"),
                     row=link_row)


def add_launch_button(bot: HadaraBot, game_id: int, view: discord.ui.View) -> bool:
    """"Open the board" for everyone on a game's board message when the Activity is on (its
    own buttons come first); whether it was added."""
    if not activity_on(bot) or len(view.children) >= MAX_COMPONENTS:
        return False
    try:
        view.add_item(LaunchButton(game_id))
    except ValueError:  # every row full
        return False
    return True
