"""Where a feature's commands hang in the command tree: a group by its path ("hadara-admin"),
found in a bot's tree or among the top-level groups themselves (tests and tools), and the
commands attached to it when a feature loads and detached when it unloads. The groups
themselves are declared in ``cogs.commands``."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence
from typing import Any

from discord import app_commands

#: A command (or subgroup) a feature attaches.
Command = app_commands.Command[Any, ..., Any] | app_commands.Group
#: (group path, command) pairs: a command and the group it hangs under (``cogs.commands``).
Commands = tuple[tuple[str, Command], ...]
#: Where commands hang: a bot's tree, or the top-level groups themselves.
Where = app_commands.CommandTree[Any] | Sequence[app_commands.Group]


def group(where: Where, path: str) -> app_commands.Group:
    """The group at ``path`` ("hadara-admin") in a bot's tree (or among the top-level
    groups)."""
    first, *rest = path.split()
    found: Command | app_commands.ContextMenu | None
    if isinstance(where, app_commands.CommandTree):
        found = where.get_command(first)
    else:
        found = next((g for g in where if g.name == first), None)
    for name in rest:
        found = found.get_command(name) if isinstance(found, app_commands.Group) else None
    if not isinstance(found, app_commands.Group):
        raise LookupError(f"no command group /{path} (is the cogs.commands extension loaded?)")
    return found


def attach(where: Where, pairs: Iterable[tuple[str, Command]]) -> None:
    for path, command in pairs:
        parent = group(where, path)
        if parent.get_command(command.name) is not None:
            parent.remove_command(command.name)
        parent.add_command(command)


def detach(where: Where, pairs: Iterable[tuple[str, Command]]) -> None:
    for path, command in pairs:
        with contextlib.suppress(LookupError):  # the tree's root went first
            group(where, path).remove_command(command.name)
