"""The ``Admin`` feature: a server's administration of Hadara — ``/hadara-admin allowance``
(vacation days), ``admin tables`` (threads or a forum), ``admin spectators`` (the web page's
spectator links of the server's games), ``admin repair`` (a damaged game, with its Repair button) and ``admin void``
(a rated result). The access policy decides who may (Manage Server in the game's or this
server: docs/security.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import discord
from discord import app_commands

from bot.messages import has, t
from bot.storage.base import FINISHED, JSONObject
from cogs.commands import ADMIN, GameArg
from cogs.edge.board_link import web_links_on
from cogs.edge.channels import check_table_permissions
from cogs.edge.client import HadaraBot, Interaction
from cogs.edge.custom_ids import GAME, CustomId, number
from cogs.edge.errors import Denied, reply_error
from cogs.edge.feature import Commands, Components, Feature
from cogs.edge.games import game_autocomplete
from cogs.edge.guard import Guarded
from cogs.edge.guard import game as guard_game
from cogs.edge.language import L
from i18n import join as join_list

MAX_CONTENT = 2000


@app_commands.command(name="allowance", description=L("cmd.admin.allowance"))
@app_commands.describe(days=L("cmd.admin.allowance.days"))
async def allowance(interaction: Interaction,
                    days: app_commands.Range[int, 0, 365]) -> None:
    bot = interaction.client
    assert interaction.guild_id is not None
    await bot.service.set_away_allowance(interaction.guild_id, days)
    await interaction.response.send_message(t("md.admin.allowance.done", days=days),
                                            ephemeral=True)


@app_commands.command(name="tables", description=L("cmd.admin.tables"))
@app_commands.describe(forum=L("cmd.admin.tables.forum"))
async def tables(interaction: Interaction,
                 forum: discord.ForumChannel | None = None) -> None:
    """Host every new table of this server as a post of ``forum`` (tagged waiting, playing,
    finished), or — without one — in a thread of the channel ``/hadara new`` is typed in."""
    bot = interaction.client
    assert interaction.guild_id is not None  # the access policy: a server's managers
    await interaction.response.defer(ephemeral=True, thinking=True)
    settings = await bot.service.guild_settings(interaction.guild_id)
    if forum is None:
        settings.pop("tables_forum", None)
        text = t("admin.tables.threads")
    else:
        check_table_permissions(forum)
        settings["tables_forum"] = forum.id
        text = t("admin.tables.forum", forum=forum.id)
    await bot.service.set_guild_settings(interaction.guild_id, settings)
    await interaction.followup.send(text, ephemeral=True)


@app_commands.command(name="spectators", description=L("cmd.admin.spectators"))
@app_commands.describe(allow=L("cmd.admin.spectators.allow"))
async def spectators(interaction: Interaction, allow: bool) -> None:
    """Whether anyone holding a game's spectator link may watch this server's games (their
    public view) on the web page; off by default (docs/web.md, "Spectators"). The boards
    carry their "Watch live" link from their next change."""
    bot = interaction.client
    assert interaction.guild_id is not None  # the access policy: a server's managers
    await interaction.response.defer(ephemeral=True, thinking=True)
    await bot.service.set_web_spectators(interaction.guild_id, allow)
    text = t("admin.spectators.on" if allow else "admin.spectators.off")
    if allow and not web_links_on(bot):
        text = f"{text}\n{t('admin.spectators.no.page')}"
    await interaction.followup.send(text, ephemeral=True)


def repair_text(preview: JSONObject) -> str:
    """A damaged game's repair as its managers read it: what is wrong, what a repair keeps and
    how many moves of whom it drops (never what they were: a dropped move may be a pick
    still hidden from the table)."""
    gid = preview["game_id"]
    reason = preview.get("reason")
    if reason is None and preview.get("marked") is None:
        return t("admin.repair.healthy", id=gid)
    key = f"storage.damage.reason.{reason}"
    lines = [t("admin.repair.title", id=gid,
               reason=t(key) if reason and has(key) else t("storage.damage.reason.bad_record"))]
    if not preview.get("repairable"):
        kept = reason == "bad_chain" and preview.get("status") == FINISHED
        lines.append(t("admin.repair.cannot.result" if kept else "admin.repair.cannot"))
        return "\n".join(lines)
    names = {s["seat"]: s["name"] for s in preview.get("seats") or []
             if isinstance(s, dict) and "seat" in s}
    per_seat: dict[int, int] = {}
    for row in preview.get("actions") or []:
        per_seat[int(row["seat"])] = per_seat.get(int(row["seat"]), 0) + 1
    who = join_list([t("admin.repair.seat", name=names.get(seat, "?"), count=n)
                     for seat, n in sorted(per_seat.items())])
    lines.append(t("admin.repair.plan", keep=preview["keep"], total=preview["total"],
                   dropped=preview["dropped"], who=who or "—"))
    return "\n".join(lines)


@dataclass(frozen=True)
class RepairKey:
    game: int
    keep: int  # the moves a repair keeps, as the preview showed


REPAIR = CustomId("repair:{game}:{keep}", RepairKey, game=GAME, keep=number(6))


class RepairButton(Guarded[RepairKey],
                   discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], spec=REPAIR):
    """Confirms a repair exactly as it was shown (the number of moves kept)."""

    access_kind = "repair"

    def __init__(self, game_id: int, keep: int) -> None:
        super().__init__(discord.ui.Button(label=t("admin.repair.button"),
                                           style=discord.ButtonStyle.danger,
                                           custom_id=REPAIR.format(RepairKey(game_id, keep))))
        self.game_id, self.keep = game_id, keep

    def access_target(self) -> tuple[int | None, int | None]:
        return self.game_id, None

    @classmethod
    def rebuild(cls, key: RepairKey, item: discord.ui.Item[discord.ui.View]) -> RepairButton:
        return cls(key.game, key.keep)

    async def clicked(self, interaction: Interaction) -> None:
        try:  # (acknowledged by the guard)
            update = await interaction.client.service.repair(self.game_id, keep=self.keep)
            await interaction.followup.send(
                t("admin.repair.done", id=self.game_id, dropped=update.dropped), ephemeral=True)
        except Exception as exc:
            await reply_error(interaction, exc)


@app_commands.command(name="repair", description=L("cmd.admin.repair"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def repair(interaction: Interaction, game: GameArg) -> None:
    """A damaged game: what is wrong, and a button that cuts it back to its last valid move
    (the cut moves are kept in the backup table). Managers with Manage Server only."""
    await guard_game(interaction, game, "repair")
    await interaction.response.defer(ephemeral=True, thinking=True)
    preview = await interaction.client.service.repair_preview(game)
    extra: dict[str, Any] = {}
    if preview.get("repairable") and (preview.get("reason") or preview.get("marked")):
        view = discord.ui.View(timeout=None)
        view.add_item(RepairButton(game, int(preview["keep"])))
        extra["view"] = view
    await interaction.followup.send(repair_text(preview)[:MAX_CONTENT], ephemeral=True,
                                    **extra)


@app_commands.command(name="void", description=L("cmd.admin.void"))
@app_commands.describe(game=L("cmd.game"), restore=L("cmd.admin.void.restore"))
@app_commands.autocomplete(game=game_autocomplete)
async def void(interaction: Interaction, game: GameArg,
               restore: bool = False) -> None:
    bot = interaction.client
    await guard_game(interaction, game, "void")
    res = await bot.leagues.rated_result(game)
    if res is None or res.guild_id != interaction.guild_id:
        raise Denied("admin.void.unknown", id=game)
    await interaction.response.defer(ephemeral=True, thinking=True)
    await bot.leagues.ratings.void(game, interaction.user.id, voided=not restore)
    key = "admin.void.restored" if restore else "admin.void.done"
    await interaction.followup.send(t(key, id=game), ephemeral=True)


class Admin(Feature):
    """A server's administration: vacation allowance, where tables go, spectators, damaged
    games, rated results."""

    COMMANDS: ClassVar[Commands] = ((ADMIN, allowance), (ADMIN, tables), (ADMIN, spectators),
                                    (ADMIN, repair), (ADMIN, void))
    COMPONENTS: ClassVar[Components] = (RepairButton,)


async def setup(bot: HadaraBot) -> None:
    await bot.add_cog(Admin(bot))
