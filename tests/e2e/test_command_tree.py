"""The command tree the running bot syncs, held to Discord's limits with a quarter of each
kept free: every field counted at its longest translation (Discord refuses the whole sync when
one command is over 8,000 characters, or a level over 25 options), so one more language or a
few more commands still fit. And who sees which top-level command: the server's
administration only for Manage Server (unless the server opens it), leagues and
administration not in DMs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest
from simcord import SetupError

from . import strict
from .conftest import world

pytest.importorskip("simcord")

#: The share of each limit the tree may use.
USE = 0.75
LIMITS = strict.Limits(command_chars=int(8000 * USE), command_options=int(25 * USE))


async def synced(bot: Any) -> list[dict[str, Any]]:
    translator = bot.tree.translator
    assert translator is not None
    return [await c.get_translated_payload(bot.tree, translator)
            for c in bot.tree.get_commands()]


async def test_the_tree_keeps_a_quarter_of_discords_limits_free(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        payload = await synced(w.bot)
    names = [c["name"] for c in payload]
    assert names == ["hadara", "hadara-replay", "hadara-league", "hadara-admin"]
    problems = strict.command_problems(payload, LIMITS, global_scope=True)
    assert problems == [], problems
    sizes = {c["name"]: strict.command_size(c) for c in payload}
    english = {c["name"]: strict.command_size({k: v for k, v in c.items()
                                               if not k.endswith("_localizations")})
               for c in payload}
    # the translations are counted: the longest is longer than English somewhere
    assert any(sizes[n] > english[n] for n in names)
    print("\n" + "; ".join(f"/{n}: {len(c['options'])} subcommands, {sizes[n]} characters "
                           f"at the longest translation ({english[n]} in English)"
                           for n, c in zip(names, payload, strict=True)))


def _command(*, french: bool) -> dict[str, Any]:
    """A command of exactly the margin's 6,000 characters in English; its French is one
    character longer in one field."""
    def option(name: str, **more: Any) -> dict[str, Any]:
        return {"name": name, "description": "d" * 99, "type": 3, **more}

    subs = [{**option("o", type=1), "options": [option("p")] * 4} for _ in range(11)]
    filler = {**option("f", type=1), "options": [option("q")] * 3}
    if french:
        filler["description_localizations"] = {"fr": "é" * 100}
    return {"name": "x", "description": "d" * 99, "options": [*subs, filler]}


def test_the_margin_check_can_fail() -> None:
    """The same check refuses a command one subcommand, or one character of one translation,
    over the margin."""
    assert strict.command_size(_command(french=False)) == LIMITS.command_chars
    assert strict.command_problems([_command(french=False)], LIMITS, global_scope=True) == []
    over = strict.command_problems([_command(french=True)], LIMITS, global_scope=True)
    assert [code for _, code, _ in over] == ["APPLICATION_COMMAND_TOO_LARGE"]
    wide = {"name": "x", "description": "d",
            "options": [{"name": f"o{i}", "description": "d", "type": 1}
                        for i in range(LIMITS.command_options + 1)]}
    assert [code for _, code, _ in strict.command_problems([wide], LIMITS, global_scope=True)
            ] == ["BASE_TYPE_MAX_LENGTH"]


async def test_who_sees_which_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        managers = w.guild.create_role("managers", permissions=discord.Permissions(
            manage_guild=True))
        dave = w.guild.add_member(w.env.create_user("dave"), roles=[managers])
        await w.env.settle()
        alice = w.members["alice"]
        seen = {c.split()[0] for c in alice.available_commands(w.channel)}
        assert seen == {"hadara", "hadara-replay", "hadara-league"}
        assert {c.split()[0] for c in dave.available_commands(w.channel)} == {
            "hadara", "hadara-replay", "hadara-league", "hadara-admin"}
        with pytest.raises(SetupError, match="not visible"):
            await alice.slash(w.channel, "hadara-admin allowance", days=3)
        # in a DM: playing and finished games, not a server's leagues or settings
        with pytest.raises(SetupError, match="not visible"):
            await w.users["alice"].slash("hadara-league standings")
        result = await w.users["alice"].slash("hadara rules")
        assert result.ephemeral
