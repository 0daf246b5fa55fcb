"""The table's commands: ``/hadara new``, ``join``, ``leave``, ``start``, ``board``,
``history``, ``concede`` and ``abandon`` (attached to ``/hadara`` by the ``Table`` feature),
and ``/hadara-replay undo``.

Thin adapters: the game is resolved and the access policy asked (``cogs.edge.games``), the
service called once, the answer private. Refusals are raised and worded by ``cogs.edge.errors``.
"""

from __future__ import annotations

from discord import app_commands

from bot.messages import t
from bot.service import Refusal, ai
from bot.service.timecontrol import rules
from bot.storage.base import ACTIVE
from cogs.commands import HADARA, REPLAY, GameArg
from cogs.edge.channels import check_table_permissions, tables_channel
from cogs.edge.client import Interaction
from cogs.edge.errors import Denied
from cogs.edge.feature import Commands
from cogs.edge.games import find_game, game_autocomplete, resolve_game
from cogs.edge.guard import game as guard_game
from cogs.edge.guard import is_manager
from cogs.edge.language import L
from cogs.edge.times import TIME_CONTROLS, stamp
from cogs.edge.times import time_control as time_control_of

from . import board as boards
from .lobby import DEFAULT_AI_LEVEL, TableSettings, lobby_action, open_table

AI_LEVELS = ai.LEVELS
MAX_CONTENT = 2000
HISTORY_DEFAULT = 15


@app_commands.command(name="new", description=L("cmd.new"))
@app_commands.describe(seats=L("cmd.new.seats"), variant=L("cmd.new.variant"), ai=L("cmd.new.ai"),
                       ai_level=L("cmd.new.ai_level"), rated=L("cmd.new.rated"),
                       hints=L("cmd.new.hints"), time_control=L("cmd.new.time_control"),
                       strikes=L("cmd.new.strikes"), min_finish=L("cmd.new.min_finish"))
@app_commands.choices(
    variant=[app_commands.Choice(name=L(f"lobby.variant.{v}"), value=v)
             for v in ("basic", "advanced")],
    ai_level=[app_commands.Choice(name=L(f"lobby.ai_level.{v}"), value=v) for v in AI_LEVELS],
    time_control=[app_commands.Choice(name=L(f"md.tc.{v}"), value=v) for v in TIME_CONTROLS])
async def new(interaction: Interaction, seats: app_commands.Range[int, 2, 5] = 4,
              variant: str = "basic", ai: app_commands.Range[int, 0, 4] = 0,
              ai_level: str = DEFAULT_AI_LEVEL, rated: bool = False,
              hints: bool = True, time_control: str = "none",
              strikes: app_commands.Range[int, 1, 10] = rules.DEFAULT_STRIKES,
              min_finish: app_commands.Range[int, 0, 100] = 0) -> None:
    if ai >= seats:
        raise Denied("game.error.too_many_ai", seats=seats)
    channel = await tables_channel(interaction.client, interaction.channel)
    check_table_permissions(channel)  # before anything is created
    user = interaction.user
    service = interaction.client.service
    await service.check_open_tables(user.id)  # a thread each: bounded per user
    service.limit("table.new", user.id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    settings = TableSettings(seats=seats, variant=variant, ai_level=ai_level, rated=rated,
                             hints=hints, time_control=time_control_of(time_control, strikes),
                             min_finish=min_finish or None)
    gid, thread = await open_table(interaction.client, channel,
                                   (user.id, user.display_name), settings, ais=[ai_level] * ai)
    interaction.extras["game_id"] = gid
    await interaction.followup.send(t("game.new.opened", id=gid, thread=thread.id),
                                    ephemeral=True)


async def _lobby_command(interaction: Interaction, action: str, done_key: str,
                         game: int | None) -> None:
    facts = await resolve_game(interaction, game)
    await interaction.response.defer(ephemeral=True, thinking=True)
    await lobby_action(interaction, action, facts)
    await interaction.followup.send(t(done_key, id=facts.game_id), ephemeral=True)


@app_commands.command(name="join", description=L("cmd.join"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def join(interaction: Interaction, game: GameArg | None = None) -> None:
    await _lobby_command(interaction, "join", "game.join.done", game)


@app_commands.command(name="leave", description=L("cmd.leave"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def leave(interaction: Interaction, game: GameArg | None = None) -> None:
    await _lobby_command(interaction, "leave", "game.leave.done", game)


@app_commands.command(name="start", description=L("cmd.start"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def start(interaction: Interaction, game: GameArg | None = None) -> None:
    await _lobby_command(interaction, "start", "game.start.done", game)


@app_commands.command(name="board", description=L("cmd.board"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def board(interaction: Interaction, game: GameArg | None = None) -> None:
    gid = await find_game(interaction, game)
    bot = interaction.client
    await interaction.response.defer(ephemeral=True, thinking=True)
    # posted again in the thread only while the game is in play (a finished game's thread is
    # archived), when asked from the game's own server, at most once per game per five
    # minutes (bot/limits.py); otherwise the caller gets the board privately
    try:
        facts = await guard_game(interaction, gid, "board.post")
        later = bot.service.rate_limits.retry_at("board.post", gid) \
            if facts.status == ACTIVE else -1.0
    except Refusal:
        later = -1.0
    if later is None:
        bot.service.limit("board.post", gid)
        message = await boards.repost_board(bot, gid)
        await interaction.followup.send(t("game.board.posted", url=message.jump_url),
                                        ephemeral=True)
        return
    shown = await boards.private_board(bot, gid)
    note = (t("game.board.private_recent", at=stamp(later, "R")) if later >= 0
            else t("game.board.private"))
    await interaction.followup.send(content=f"{note}\n{shown.content}"[:MAX_CONTENT],
                                    embeds=shown.embeds, files=shown.files(), ephemeral=True)


@app_commands.command(name="history", description=L("cmd.history"))
@app_commands.describe(game=L("cmd.game"), count=L("cmd.history.count"))
@app_commands.autocomplete(game=game_autocomplete)
async def history(interaction: Interaction, game: GameArg | None = None,
                  count: app_commands.Range[int, 1, 40] = HISTORY_DEFAULT) -> None:
    gid = await find_game(interaction, game)
    bot = interaction.client
    await interaction.response.defer(ephemeral=True, thinking=True)
    lines = await bot.service.history(gid)  # the public events, replayed off the loop
    shown: list[str] = []
    size = 0
    for line in reversed(lines[-count:]):
        if size + len(line) + 1 > MAX_CONTENT - 100:
            break
        shown.insert(0, line)
        size += len(line) + 1
    text = t("game.history.title", id=gid, count=len(shown)) + "\n" + "\n".join(shown)
    await interaction.followup.send(text[:MAX_CONTENT], ephemeral=True)


@app_commands.command(name="concede", description=L("cmd.concede"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def concede(interaction: Interaction, game: GameArg | None = None) -> None:
    gid = await find_game(interaction, game)
    bot = interaction.client
    await interaction.response.defer(ephemeral=True, thinking=True)
    await bot.service.concede(gid, interaction.user.id)
    await interaction.followup.send(t("game.concede.done", id=gid), ephemeral=True)


@app_commands.command(name="undo", description=L("cmd.undo"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def undo(interaction: Interaction, game: GameArg | None = None) -> None:
    """Take back one's last move while harmless (``GameService.undo``: the last move as it
    is now; a command, unlike a panel's button, is never stale)."""
    gid = await find_game(interaction, game)
    bot = interaction.client
    await interaction.response.defer(ephemeral=True, thinking=True)
    await bot.service.undo(gid, interaction.user.id)
    await interaction.followup.send(t("game.undo.done", id=gid), ephemeral=True)


@app_commands.command(name="abandon", description=L("cmd.abandon"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def abandon(interaction: Interaction, game: GameArg | None = None) -> None:
    facts = await resolve_game(interaction, game)
    bot = interaction.client
    await interaction.response.defer(ephemeral=True, thinking=True)
    await bot.service.abandon(facts.game_id, interaction.user.id,
                              is_admin=is_manager(interaction, facts))
    await interaction.followup.send(t("game.abandon.done", id=facts.game_id), ephemeral=True)


COMMANDS: Commands = ((HADARA, new), (HADARA, join), (HADARA, leave), (HADARA, start),
                      (HADARA, board), (HADARA, history), (HADARA, concede), (HADARA, abandon),
                      # under /hadara-replay: /hadara holds 18 subcommands, a quarter of
                      # Discord's 25 kept free (tests/e2e/test_command_tree.py)
                      (REPLAY, undo))
