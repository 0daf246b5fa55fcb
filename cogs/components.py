"""Every restart-proof component the bot answers: ONE list, registered by this extension and
read by the access matrix test (``tests/e2e/test_access_matrix.py``), so a component cannot be
registered without an entry in the access policy (``bot/access.py`` ``COMPONENTS``).

Each class is a ``discord.ui.DynamicItem`` whose custom id names what it acts on, and a
:class:`cogs.guard.Guarded`: its callback runs only once the access policy allowed the click.
"""

from __future__ import annotations

from typing import Any

import discord
from discord.ext import commands

from cogs.ahead import AheadButton, AheadSelect
from cogs.game import RepairButton
from cogs.learn import NotesOffButton
from cogs.lobby import LobbyButton, RematchButton
from cogs.multiday import VoteButton
from cogs.play import ActionButton, HintButton, NavButton, PanelSelect, TakeTurnButton

ALL: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton, RematchButton, TakeTurnButton, HintButton, ActionButton, NavButton,
    PanelSelect, AheadButton, AheadSelect, VoteButton, NotesOffButton, RepairButton,
)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(*ALL)


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(*ALL)
