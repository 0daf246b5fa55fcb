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
    assert names == ["hadara", "hadara-replay", "hadara-league", "hadara-tournament",
                     "hadara-admin"]
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


#: Discord's range for an integer or number option's bounds: "any integer between -2^53+1 and
#: 2^53-1" (application commands, option structure; the OpenAPI description's Int53Type).
INT53 = 2**53 - 1


def bound_problems(commands: list[dict[str, Any]]) -> list[str]:
    """Every integer (4) or number (10) option whose ``min_value`` or ``max_value`` lies
    outside Discord's range, as "/command sub option: max_value 9007199254740992"."""
    out: list[str] = []

    def walk(options: list[dict[str, Any]], path: str) -> None:
        for option in options:
            where = f"{path} {option['name']}"
            if option.get("type") in (4, 10):
                for key in ("min_value", "max_value"):
                    value = option.get(key)
                    if value is not None and not -INT53 <= value <= INT53:
                        out.append(f"{where}: {key} {value}")
            walk(option.get("options") or [], where)

    for command in commands:
        walk(command.get("options") or [], f"/{command['name']}")
    return out


async def test_every_integer_option_is_within_discords_range(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord refuses the whole sync over one bound outside -2^53+1..2^53-1 (a game id
    declared up to 2^53 in 16 options left a server with no command at all)."""
    async with world(tmp_path, monkeypatch) as w:
        payload = await synced(w.bot)
    assert bound_problems(payload) == []
    game_ids = [o for c in payload for sub in c.get("options") or []
                for o in sub.get("options") or [] if o["name"] == "game" and o["type"] == 4]
    assert len(game_ids) >= 16 and {o["max_value"] for o in game_ids} == {INT53}


def test_the_bound_check_can_fail() -> None:
    game = {"name": "game", "description": "d", "type": 4, "min_value": 1,
            "max_value": 2**53}
    low = {"name": "n", "description": "d", "type": 10, "min_value": -2**53}
    tree = [{"name": "hadara", "options": [{"name": "board", "type": 1, "options": [game]},
                                           {"name": "x", "type": 1, "options": [low]}]}]
    assert bound_problems(tree) == ["/hadara board game: max_value 9007199254740992",
                                    "/hadara x n: min_value -9007199254740992"]


async def test_who_sees_which_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        managers = w.guild.create_role("managers", permissions=discord.Permissions(
            manage_guild=True))
        dave = w.guild.add_member(w.env.create_user("dave"), roles=[managers])
        await w.env.settle()
        alice = w.members["alice"]
        seen = {c.split()[0] for c in alice.available_commands(w.channel)}
        assert seen == {"hadara", "hadara-replay", "hadara-league", "hadara-tournament"}
        assert {c.split()[0] for c in dave.available_commands(w.channel)} == {
            "hadara", "hadara-replay", "hadara-league", "hadara-tournament", "hadara-admin"}
        with pytest.raises(SetupError, match="not visible"):
            await alice.slash(w.channel, "hadara-admin allowance", days=3)
        # in a DM: playing and finished games, not a server's leagues or settings
        with pytest.raises(SetupError, match="not visible"):
            await w.users["alice"].slash("hadara-league standings")
        result = await w.users["alice"].slash("hadara rules")
        assert result.ephemeral
