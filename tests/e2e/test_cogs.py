"""Every cog loads (each ``EXTENSIONS`` entry, reloadable), no command name is registered
twice, and the command tree stays within Discord's limits; the synced commands are what a
member can invoke."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands

from bot.client import EXTENSIONS

from .conftest import world

pytest.importorskip("simcord")


def walk(commands: list[Any], prefix: str = "") -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for c in commands:
        name = f"{prefix}{c.name}"
        out.append((name, c))
        if isinstance(c, app_commands.Group):
            out += walk(list(c.commands), name + " ")
    return out


def tree_problems(commands: list[Any]) -> list[str]:
    problems = []
    names = [name for name, _ in walk(commands)]
    problems += [f"{n} registered {k} times" for n, k in Counter(names).items() if k > 1]
    if len(commands) > 100:
        problems.append(f"{len(commands)} top-level commands > 100")
    for name, c in walk(commands):
        if not (1 <= len(c.name) <= 32) or c.name != c.name.lower():
            problems.append(f"{name}: bad name")
        if not (1 <= len(c.description) <= 100):
            problems.append(f"{name}: description of {len(c.description)} characters")
        if isinstance(c, app_commands.Group):
            if len(c.commands) > 25:
                problems.append(f"{name}: {len(c.commands)} subcommands > 25")
            continue
        params = c.parameters
        if len(params) > 25:
            problems.append(f"{name}: {len(params)} options > 25")
        for p in params:
            if len(p.description or "") > 100 or len(p.name) > 32:
                problems.append(f"{name} {p.name}: option name or description too long")
            if len(p.choices) > 25:
                problems.append(f"{name} {p.name}: {len(p.choices)} choices > 25")
    return problems


async def test_every_cog_loads_without_duplicate_commands(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        bot = w.bot
        assert set(bot.extensions) == set(EXTENSIONS)
        assert {"Play", "Table"} <= set(bot.cogs)
        commands = bot.tree.get_commands()
        assert tree_problems(commands) == []
        before = sorted(name for name, _ in walk(commands))
        assert "hadara new" in before and "hadara settings" in before
        # each extension unloads and loads again without registering anything twice
        for name in EXTENSIONS:
            await bot.reload_extension(name)
        after = sorted(name for name, _ in walk(bot.tree.get_commands()))
        assert after == before
        assert tree_problems(bot.tree.get_commands()) == []
        # what Discord has (synced at start) is what a member can invoke, once each; the
        # server's administration only for Manage Server (tests/e2e/test_command_tree.py)
        invocable = w.members["alice"].available_commands(w.channel)
        assert len(invocable) == len(set(invocable))
        leaves = {name for name, c in walk(bot.tree.get_commands())
                  if not isinstance(c, app_commands.Group)}
        assert set(invocable) == {n for n in leaves if not n.startswith("hadara-admin ")}
        # and the bot still plays after the reloads
        result = await w.members["alice"].slash(w.channel, "hadara rules")
        assert result.ephemeral and result.response.content


def test_tree_problems_catches_a_duplicate() -> None:
    group = app_commands.Group(name="x", description="d")

    @group.command(name="a", description="d")
    async def a(interaction: Any) -> None: ...

    other = app_commands.Group(name="x", description="d")
    assert tree_problems([group, other]) == ["x registered 2 times"]
