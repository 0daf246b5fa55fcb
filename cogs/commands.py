"""The slash command tree, declared in one place: the ``/hadara`` group and its subgroups.

:func:`root` builds the groups; as an extension this module adds a fresh ``/hadara`` to the
bot's tree. Every feature's cog names the group each of its commands hangs under by its path
(:data:`HADARA`, :data:`ADMIN`, :data:`LEAGUE`, :data:`GAME`) and attaches them when it loads
(``Feature.COMMANDS``, :func:`attach`), detaching them when it unloads — so the tree's shape
lives here and the order extensions load in does not matter.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from typing import Any

from discord import app_commands
from discord.ext import commands

from cogs.edge.language import L

#: The groups, by path.
HADARA, ADMIN, LEAGUE, GAME = "hadara", "hadara admin", "hadara league", "hadara game"

#: A game id option: Discord sends at most 2**53 (its integer options are doubles), within the
#: database's 64-bit integers.
GameArg = app_commands.Range[int, 1, 2**53]

Command = app_commands.Command[Any, ..., Any] | app_commands.Group


def root() -> app_commands.Group:
    """``/hadara`` and its subgroups, empty (the features fill them)."""
    hadara = app_commands.Group(name="hadara", description=L("cmd.hadara"))
    app_commands.Group(name="admin", description=L("cmd.admin"), parent=hadara)
    app_commands.Group(name="league", description=L("cmd.league"), parent=hadara)
    app_commands.Group(name="game", description=L("cmd.gamegroup"), parent=hadara)
    return hadara


def group(tree_or_root: app_commands.CommandTree[Any] | app_commands.Group,
          path: str) -> app_commands.Group:
    """The group at ``path`` ("hadara admin") in a bot's tree (or under a root group)."""
    first, *rest = path.split()
    if isinstance(tree_or_root, app_commands.Group):
        found: Any = tree_or_root if tree_or_root.name == first else None
    else:
        found = tree_or_root.get_command(first)
    for name in rest:
        found = found.get_command(name) if isinstance(found, app_commands.Group) else None
    if not isinstance(found, app_commands.Group):
        raise LookupError(f"no command group /{path} (is the cogs.commands extension loaded?)")
    return found


def attach(where: app_commands.CommandTree[Any] | app_commands.Group,
           pairs: Iterable[tuple[str, Command]]) -> None:
    for path, command in pairs:
        parent = group(where, path)
        if parent.get_command(command.name) is not None:
            parent.remove_command(command.name)
        parent.add_command(command)


def detach(where: app_commands.CommandTree[Any] | app_commands.Group,
           pairs: Iterable[tuple[str, Command]]) -> None:
    for path, command in pairs:
        with contextlib.suppress(LookupError):  # the tree's root went first
            group(where, path).remove_command(command.name)


async def setup(bot: commands.Bot) -> None:
    bot.tree.add_command(root(), override=True)


async def teardown(bot: commands.Bot) -> None:
    bot.tree.remove_command("hadara")
