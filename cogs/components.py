"""Every restart-proof component the bot answers: ONE list, the union of what each feature's
cog owns (``Feature.COMPONENTS``), registered by this extension and read by the access matrix
test (``tests/e2e/test_access_matrix.py``), so a component cannot be registered without an
entry in the access policy (``bot/access.py`` ``COMPONENTS``).

Each class is a ``discord.ui.DynamicItem`` whose custom id names what it acts on (one
``cogs.edge.custom_ids.CustomId`` each), and a :class:`cogs.edge.guard.Guarded`: its
``clicked`` runs only once the access policy allowed the click.
"""

from __future__ import annotations

from discord import app_commands

from cogs.admin.cog import Admin
from cogs.commands import roots
from cogs.edge.client import HadaraBot
from cogs.edge.feature import Components, Feature
from cogs.edge.tree import attach
from cogs.league.cog import LeagueCog
from cogs.learn.cog import Learn
from cogs.multiday.cog import Multiday
from cogs.play.cog import Play
from cogs.player.cog import Player
from cogs.replay.cog import Replay
from cogs.table.cog import Table
from cogs.tournament.cog import Tournament
from cogs.turn_digest.cog import TurnDigestDMs
from cogs.web.cog import Web

#: Every feature's cog class (each loaded by its package's extension).
FEATURES: tuple[type[Feature], ...] = (Table, Play, Multiday, LeagueCog, Learn, Admin, Player,
                                       Replay, Web, TurnDigestDMs, Tournament)

ALL: Components = tuple(component for feature in FEATURES for component in feature.COMPONENTS)


def full_tree() -> list[app_commands.Group]:
    """The top-level commands with every feature's commands, as a running bot has them
    (tests and tools check the tree against Discord's limits without a bot)."""
    groups = roots()
    for feature in FEATURES:
        attach(groups, feature.COMMANDS)
    return groups


async def setup(bot: HadaraBot) -> None:
    bot.add_dynamic_items(*ALL)


async def teardown(bot: HadaraBot) -> None:
    bot.remove_dynamic_items(*ALL)
