"""The slash command tree, declared in one place: one top-level command per audience.

- ``/hadara``: playing (tables, turns, your games, vacations, settings, the rules);
- ``/hadara-replay``: finished games (your review, the record) and any game's replay viewer;
- ``/hadara-league``: leagues and ratings of a server (servers only);
- ``/hadara-tournament``: a server's tournaments (servers only);
- ``/hadara-admin``: the server's settings and repairs (servers only; shown to members with
  Manage Server unless the server's integration settings say otherwise — the access policy
  decides either way).

Each is its own command for Discord, with its own 8,000 characters and 25 subcommands
(``tests/e2e/test_command_tree.py`` keeps a quarter of both free at the longest
translation). :func:`roots` builds the groups; as an extension this module adds them to the
bot's tree. Every feature's cog names the group each of its commands hangs under by its path
(:data:`HADARA`, :data:`REPLAY`, :data:`LEAGUE`, :data:`TOURNAMENT`, :data:`ADMIN`) and attaches them when it
loads (``Feature.COMMANDS``, ``cogs.edge.tree.attach``), detaching them when it unloads — so
the tree's shape lives here and the order extensions load in does not matter.
"""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.edge.client import HadaraBot
from cogs.edge.language import L

#: The groups, by path.
HADARA, REPLAY, LEAGUE, ADMIN = "hadara", "hadara-replay", "hadara-league", "hadara-admin"
TOURNAMENT = "hadara-tournament"

#: The largest integer an option may declare: Discord documents integer options as "any
#: integer between -2^53+1 and 2^53-1" (its OpenAPI description's Int53Type agrees), and
#: refuses the whole command sync (50035) over one bound outside that range.
MAX_INTEGER = 2**53 - 1

#: A game id option: at most Discord's largest integer, within the database's 64-bit integers.
GameArg = app_commands.Range[int, 1, MAX_INTEGER]


def roots() -> list[app_commands.Group]:
    """The top-level commands, empty (the features fill them)."""
    return [
        app_commands.Group(name=HADARA, description=L("cmd.hadara")),
        app_commands.Group(name=REPLAY, description=L("cmd.replay")),
        app_commands.Group(name=LEAGUE, description=L("cmd.league"), guild_only=True),
        app_commands.Group(name=TOURNAMENT, description=L("cmd.tournament"), guild_only=True),
        app_commands.Group(name=ADMIN, description=L("cmd.admin"), guild_only=True,
                           default_permissions=discord.Permissions(manage_guild=True)),
    ]


async def setup(bot: HadaraBot) -> None:
    for group in roots():
        bot.tree.add_command(group, override=True)


async def teardown(bot: HadaraBot) -> None:
    for name in (HADARA, REPLAY, LEAGUE, TOURNAMENT, ADMIN):
        bot.tree.remove_command(name)
