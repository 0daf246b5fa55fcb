"""The ``/hadara`` command group: new, join, leave, start, board, hand, games, rules, card,
history, concede, abandon, settings.

Thin adapters: validate cheaply, defer when the work may take longer than a moment, call the
service, answer ephemerally. Refusals are raised (service ``Refusal``, ``Denied``,
``NoPrivateMessage``, ``BotMissingPermissions``) and worded by ``cogs.errors``. Commands
that act on a game take an optional ``game`` (autocompleted from the user's games); without it
the game is the one whose thread the command is typed in, or the user's only game.
"""

from __future__ import annotations

import asyncio
import io
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import access
from bot.access import GameFacts
from bot.learn import learned, topic_name
from bot.messages import has, t
from bot.service import Refusal
from bot.service import scheduler as S
from bot.storage.base import ACTIVE, LOBBY
from cogs import guard
from cogs.language import L
from hadara.content import TRACKS, Card, Catalog, default_catalog
from hadara.effects import effect_name, effect_text
from hadara.engine import Game
from hadara.narrate import EPOCH, describe
from hadara.words import card_name, colour_name, track_name
from i18n import LOCALES, NATIVE_NAMES, set_current, translate
from i18n import current as current_language
from i18n import join as join_list

from . import multiday as M
from .ahead import queue_view
from .errors import Denied, reply_error
from .guard import Guarded
from .lobby import (
    DEFAULT_AI_LEVEL,
    TableSettings,
    check_table_permissions,
    hadara_bot,
    lobby_action,
    open_table,
    remember_thread,
    table_channel,
)

if TYPE_CHECKING:
    from bot.client import HadaraBot

#: The ``language`` choice that follows the user's Discord language again.
AUTO_LANGUAGE = "auto"

RULE_TOPICS = ("wheel", "draft", "discount", "selling", "phase_b", "income", "colonies",
               "statues", "feeding", "medals", "scoring", "purple")
AI_LEVELS = ("random", "greedy", "ismcts")
THREAD_NAME = re.compile(r"#([0-9]{1,18})\b")
MAX_CONTENT = 2000
HISTORY_DEFAULT = 15


hadara = app_commands.Group(name="hadara", description=L("cmd.hadara"))


# ---------------------------------------------------------------------- helpers


async def find_game(interaction: discord.Interaction[Any], game: int | None,
                    operation: str | None = None) -> int:
    """:func:`resolve_game`'s game id."""
    return (await resolve_game(interaction, game, operation)).game_id


async def resolve_game(interaction: discord.Interaction[Any], game: int | None,
                       operation: str | None = None) -> GameFacts:
    """The game a command is about — ``game`` if given; else the game of this thread; else the
    user's only game in a lobby or in play — once the access policy allowed the command's
    operation (``access.COMMANDS``; ``operation`` overrides it) on it: its facts."""
    bot = hadara_bot(interaction)
    operation = operation or guard.command_operation(interaction) or "self"
    gid = game if game is not None else await _game_here(bot, interaction.channel)
    if gid is None:
        mine = await bot.service.store.games_of_user(interaction.user.id)
        if len(mine) == 1:
            gid = mine[0]
        elif mine:
            raise Denied("game.error.which", games=", ".join(f"#{g}" for g in mine[:10]))
        else:
            raise Denied("game.error.none")
    interaction.extras["game_id"] = gid
    return await guard.game(interaction, gid, operation)


async def _game_here(bot: HadaraBot, channel: Any) -> int | None:
    if not isinstance(channel, discord.Thread):
        return None
    known: dict[int, int] = bot.__dict__.get("thread_games", {})
    if channel.id in known:
        return known[channel.id]
    match = THREAD_NAME.search(channel.name or "")
    if match is None:
        return None
    gid = int(match[1])
    try:
        record = (await bot.service.load(gid)).record
    except Exception:
        return None
    if record.discord.get("thread") != channel.id:
        return None
    remember_thread(bot, channel.id, gid)
    return gid


async def my_seat(bot: HadaraBot, game_id: int, user_id: int) -> int:
    seat = await bot.service.seat_of(game_id, user_id)
    if seat is None:
        raise Denied("game.error.not_player", id=game_id)
    return seat


async def game_autocomplete(interaction: discord.Interaction[Any],
                            current: str) -> list[app_commands.Choice[int]]:
    """The caller's games that the command's operation allows here (none of another
    server's games, none the caller may not use from where they type)."""
    bot = hadara_bot(interaction)
    operation = guard.command_operation(interaction) or "self"
    ids = await bot.service.store.games_of_user(interaction.user.id,
                                                access.offered_statuses(operation))
    wanted = current.strip().lstrip("#")
    out: list[app_commands.Choice[int]] = []
    for g in sorted(ids, reverse=True):
        if wanted not in str(g):
            continue
        try:
            await guard.game(interaction, g, operation)
        except Refusal:
            continue
        out.append(app_commands.Choice(name=t("game.choice", id=g), value=g))
        if len(out) == 25:
            break
    return out


async def _done(interaction: discord.Interaction[Any], text: str) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


#: A game id option: Discord sends at most 2**53 (its integer options are doubles), within
#: the database's 64-bit integers.
GameArg = app_commands.Range[int, 1, 2**53]


# ---------------------------------------------------------------------- lobby commands


@hadara.command(name="new", description=L("cmd.new"))
@app_commands.describe(seats=L("cmd.new.seats"), variant=L("cmd.new.variant"), ai=L("cmd.new.ai"),
                       ai_level=L("cmd.new.ai_level"), rated=L("cmd.new.rated"),
                       hints=L("cmd.new.hints"), time_control=L("cmd.new.time_control"),
                       strikes=L("cmd.new.strikes"))
@app_commands.choices(
    variant=[app_commands.Choice(name=L(f"lobby.variant.{v}"), value=v)
             for v in ("basic", "advanced")],
    ai_level=[app_commands.Choice(name=L(f"lobby.ai_level.{v}"), value=v) for v in AI_LEVELS],
    time_control=[app_commands.Choice(name=L(f"md.tc.{v}"), value=v) for v in M.TIME_CONTROLS])
async def new(interaction: discord.Interaction[Any], seats: app_commands.Range[int, 2, 5] = 4,
              variant: str = "basic", ai: app_commands.Range[int, 0, 4] = 0,
              ai_level: str = DEFAULT_AI_LEVEL, rated: bool = False,
              hints: bool = True, time_control: str = "none",
              strikes: app_commands.Range[int, 1, 10] = S.DEFAULT_STRIKES) -> None:
    if ai >= seats:
        raise Denied("game.error.too_many_ai", seats=seats)
    channel = table_channel(interaction.channel)
    check_table_permissions(channel)  # before anything is created
    user = interaction.user
    service = hadara_bot(interaction).service
    await service.check_open_tables(user.id)  # a thread each: bounded per user
    service.limit("table.new", user.id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    settings = TableSettings(seats=seats, variant=variant, ai_level=ai_level, rated=rated,
                             hints=hints, time_control=M.time_control(time_control, strikes))
    gid, thread = await open_table(hadara_bot(interaction), channel,
                                   (user.id, user.display_name), settings, ais=[ai_level] * ai)
    interaction.extras["game_id"] = gid
    await interaction.followup.send(t("game.new.opened", id=gid, thread=thread.id),
                                    ephemeral=True)


async def _lobby_command(interaction: discord.Interaction[Any], action: str, done_key: str,
                         game: int | None) -> None:
    facts = await resolve_game(interaction, game)
    await interaction.response.defer(ephemeral=True, thinking=True)
    await lobby_action(interaction, action, facts)
    await interaction.followup.send(t(done_key, id=facts.game_id), ephemeral=True)


@hadara.command(name="join", description=L("cmd.join"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def join(interaction: discord.Interaction[Any], game: GameArg | None = None) -> None:
    await _lobby_command(interaction, "join", "game.join.done", game)


@hadara.command(name="leave", description=L("cmd.leave"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def leave(interaction: discord.Interaction[Any], game: GameArg | None = None) -> None:
    await _lobby_command(interaction, "leave", "game.leave.done", game)


@hadara.command(name="start", description=L("cmd.start"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def start(interaction: discord.Interaction[Any], game: GameArg | None = None) -> None:
    await _lobby_command(interaction, "start", "game.start.done", game)


# ---------------------------------------------------------------------- the game


@hadara.command(name="board", description=L("cmd.board"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def board(interaction: discord.Interaction[Any], game: GameArg | None = None) -> None:
    gid = await find_game(interaction, game)
    bot = hadara_bot(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    table: Any = bot.get_cog("Table")
    if table is None:
        raise Denied("game.error.no_table")
    # posted again in the thread only while the game is in play (a finished game's thread is
    # archived), when asked from the game's own server, at most once per game per five
    # minutes (bot/limits.py); otherwise the caller gets the board privately
    try:
        facts = await guard.game(interaction, gid, "board.post")
        later = bot.service.rate_limits.retry_at("board.post", gid) \
            if facts.status == ACTIVE else -1.0
    except Refusal:
        later = -1.0
    if later is None:
        bot.service.limit("board.post", gid)
        message = await table.repost_board(gid)
        await interaction.followup.send(t("game.board.posted", url=message.jump_url),
                                        ephemeral=True)
        return
    payload = await table.private_board(gid)
    note = (t("game.board.private_recent", at=M.stamp(later, "R")) if later >= 0
            else t("game.board.private"))
    await interaction.followup.send(content=f"{note}\n{payload['content']}"[:MAX_CONTENT],
                                    embeds=payload["embeds"], files=payload["files"],
                                    ephemeral=True)


@hadara.command(name="hand", description=L("cmd.hand"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def hand(interaction: discord.Interaction[Any], game: GameArg | None = None) -> None:
    gid = await find_game(interaction, game)
    bot = hadara_bot(interaction)
    seat = await my_seat(bot, gid, interaction.user.id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    png = await bot.service.private_image(gid, seat)
    waiting = {w.seat: w for w in await bot.service.waiting(gid)}
    w = waiting.get(seat)
    text = (t("game.hand.deciding", id=gid, what=t(f"table.kind.{w.kind}")) if w
            else t("game.hand.cards", id=gid))
    if w is not None and w.deadline is not None:
        text += "\n" + (M.panel_deadline(w.deadline) or "")
    extra: dict[str, Any] = {}
    if w is None:
        view = await queue_view(bot.service, gid, seat)
        if view is not None:
            extra["view"] = view
    await interaction.followup.send(text, file=discord.File(io.BytesIO(png), "hand.png"),
                                    ephemeral=True, **extra)


@hadara.command(name="games", description=L("cmd.games"))
async def games(interaction: discord.Interaction[Any]) -> None:
    bot = hadara_bot(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    uid = interaction.user.id
    ids = await bot.service.store.games_of_user(uid, (LOBBY, ACTIVE))
    if not ids:
        await interaction.followup.send(t("game.games.none"), ephemeral=True)
        return
    lines = [t("game.games.title", count=len(ids))]
    for gid in ids[:20]:
        lines.append(await _game_line(bot, gid, uid))
    if len(ids) > 20:
        lines.append(t("game.games.more", count=len(ids) - 20))
    until = await bot.service.away_until(uid)
    if until is not None:
        lines.append(t("md.games.away", at=M.deadline_text(until)))
    await interaction.followup.send("\n".join(lines)[:MAX_CONTENT], ephemeral=True)


async def _game_line(bot: HadaraBot, gid: int, uid: int) -> str:
    snap = await bot.service.load(gid)
    rec = snap.record
    thread = rec.discord.get("thread")
    where = t("game.games.where", thread=thread) if thread else ""
    if rec.status == LOBBY:
        return t("game.games.lobby", id=gid, taken=len(rec.seats),
                 size=rec.options.get("seats", 5), where=where)
    names = {s.seat: s.name for s in rec.seats}
    mine = next((s.seat for s in rec.seats if s.user_id == uid), None)
    waiting = await bot.service.waiting(gid)
    me = next((w for w in waiting if w.seat == mine), None)
    if me is not None:
        line = t("game.games.your_turn", id=gid, what=t(f"table.kind.{me.kind}"), where=where)
        deadline = me.deadline
    else:
        others = ", ".join(names.get(w.seat, "?") for w in waiting) or "—"
        line = t("game.games.waiting", id=gid, names=others, where=where)
        deadline = min((w.deadline for w in waiting if w.deadline is not None), default=None)
    if deadline is not None:
        line += t("md.games.deadline", rel=M.deadline_text(deadline))
    return line


@hadara.command(name="rules", description=L("cmd.rules"))
@app_commands.describe(topic=L("cmd.rules.topic"))
@app_commands.choices(topic=[app_commands.Choice(name=L(f"rules.name.{k}"), value=k)
                             for k in RULE_TOPICS])
async def rules(interaction: discord.Interaction[Any], topic: str | None = None) -> None:
    if topic is None:
        text = t("rules.overview", topics=", ".join(f"`{t(f'rules.name.{k}')}`"
                                                    for k in RULE_TOPICS))
        text += "\n" + await _met_line(interaction)
    else:
        text = f"**{t(f'rules.name.{topic}')}**\n{t(f'rules.{topic}')}"
    await interaction.response.send_message(text[:MAX_CONTENT], ephemeral=True)


async def _met_line(interaction: discord.Interaction[Any]) -> str:
    """The rules the user has met in learning games (``/hadara learn``)."""
    met = learned(await hadara_bot(interaction).service.store.get_user_settings(
        interaction.user.id))
    if not met:
        return t("learn.rules.none")
    return t("learn.rules.met", topics=", ".join(topic_name(k) for k in met))


# ---------------------------------------------------------------------- cards


@lru_cache(maxsize=len(LOCALES))
def card_index(lang: str = "en") -> tuple[tuple[str, str, str], ...]:
    """(label, id, folded label) for every card in ``lang``, sorted by name, epoch, colour;
    the folded label also holds the English name, so either can be typed."""
    cat = default_catalog()
    named = [(card_name(cat, c.id, lang), c) for c in cat.cards.values()]
    out = []
    for name, c in sorted(named, key=lambda nc: (nc[0].casefold(), nc[1].epoch, nc[1].colour)):
        label = translate(lang, "card.choice", name=name, epoch=EPOCH[c.epoch],
                          colour=colour_name(c.colour, lang))[:100]
        out.append((label, c.id, f"{label.casefold()} {c.name.casefold()}"))
    return tuple(out)


def card_choices(current: str, limit: int = 25) -> list[app_commands.Choice[str]]:
    """Up to ``limit`` cards whose label starts with (first) or contains what was typed."""
    wanted = current.strip().casefold()
    index = card_index(current_language())
    starts = [(label, cid) for label, cid, folded in index if folded.startswith(wanted)]
    inside = [(label, cid) for label, cid, folded in index
              if wanted and wanted in folded and not folded.startswith(wanted)]
    return [app_commands.Choice(name=label, value=cid) for label, cid in (starts + inside)[:limit]]


def find_card(value: str, catalog: Catalog) -> Card:
    if value in catalog.cards:
        return catalog.cards[value]
    folded = value.strip().casefold()
    exact = [c for c in catalog.cards.values() if folded in (
        c.name.casefold(), card_name(catalog, c.id).casefold())]
    if exact:
        return sorted(exact, key=lambda c: (c.epoch, c.colour))[0]
    matches = [cid for label, cid, f in card_index(current_language()) if folded and folded in f]
    if len(matches) >= 1:
        return catalog.cards[matches[0]]
    raise Denied("card.unknown", name=value[:50])


def card_png(card: Card, catalog: Catalog, language: str = "en") -> bytes:
    """The card's full face on its own small canvas (called off the event loop)."""
    from rendering import default_fonts
    from rendering.canvas import Canvas, png_bytes
    from rendering.cards import card_face

    fonts = default_fonts()
    width, pad = 380, 10
    scratch = Canvas(width, 900, fonts, locale=language)
    bottom = card_face(scratch, pad, pad, width - 2 * pad, 880, card, catalog)
    height = int(bottom) + 24
    canvas = Canvas(width, height + 2 * pad, fonts, locale=language)
    card_face(canvas, pad, pad, width - 2 * pad, height, card, catalog)
    return png_bytes(canvas.image)


def card_embed(card: Card, catalog: Catalog) -> discord.Embed:
    gains = join_list([t("card.gain", n=g, track=track_name(TRACKS[i]))
                  for i, g in enumerate(card.gains) if g]) or t("card.no_gains")
    lines = [t("card.line", colour=colour_name(card.colour), epoch=EPOCH[card.epoch],
               cost=card.cost, points=card.points, gains=gains)]
    if card.effect is not None:
        lines.append(t("card.effect", id=card.effect.id, name=effect_name(card.effect),
                       text=effect_text(card.effect, catalog)))
    if card.advanced:
        lines.append(t("card.advanced"))
    embed = discord.Embed(title=card_name(catalog, card.id), description="\n".join(lines),
                          colour=discord.Colour.dark_gold())
    embed.set_image(url="attachment://card.png")
    return embed


async def _card_autocomplete(interaction: discord.Interaction[Any],
                             current: str) -> list[app_commands.Choice[str]]:
    return card_choices(current)


@hadara.command(name="card", description=L("cmd.card"))
@app_commands.describe(name=L("cmd.card.name"))
@app_commands.autocomplete(name=_card_autocomplete)
async def card(interaction: discord.Interaction[Any],
               name: app_commands.Range[str, 1, 100]) -> None:
    catalog = default_catalog()
    found = find_card(name, catalog)
    await interaction.response.defer(ephemeral=True, thinking=True)
    png = await asyncio.to_thread(card_png, found, catalog, current_language())
    await interaction.followup.send(embed=card_embed(found, catalog),
                                    file=discord.File(io.BytesIO(png), "card.png"),
                                    ephemeral=True)


# ---------------------------------------------------------------------- history and endings


def history_lines(game: Game) -> list[str]:
    """Every public event of the game so far, worded (replayed from setup, seed and log)."""
    assert game.setup is not None and game.log is not None
    replay = Game.from_setup(game.setup, game.seed, game.catalog)
    events = list(replay.opening.public)
    for entry in game.log:
        events.extend(replay.apply(entry["seat"], entry["action"]).public)
    return [line.strip() for ev in events for line in describe(ev, replay.players, replay.catalog)]


@hadara.command(name="history", description=L("cmd.history"))
@app_commands.describe(game=L("cmd.game"), count=L("cmd.history.count"))
@app_commands.autocomplete(game=game_autocomplete)
async def history(interaction: discord.Interaction[Any], game: GameArg | None = None,
                  count: app_commands.Range[int, 1, 40] = HISTORY_DEFAULT) -> None:
    gid = await find_game(interaction, game)
    bot = hadara_bot(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    snap = await bot.service.load(gid)
    if snap.game is None:
        raise Denied("game.error.not_started", id=gid)
    lines = await asyncio.to_thread(history_lines, snap.game)
    shown: list[str] = []
    size = 0
    for line in reversed(lines[-count:]):
        if size + len(line) + 1 > MAX_CONTENT - 100:
            break
        shown.insert(0, line)
        size += len(line) + 1
    text = t("game.history.title", id=gid, count=len(shown)) + "\n" + "\n".join(shown)
    await interaction.followup.send(text[:MAX_CONTENT], ephemeral=True)


@hadara.command(name="concede", description=L("cmd.concede"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def concede(interaction: discord.Interaction[Any], game: GameArg | None = None) -> None:
    gid = await find_game(interaction, game)
    bot = hadara_bot(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    await bot.service.concede(gid, interaction.user.id)
    await interaction.followup.send(t("game.concede.done", id=gid), ephemeral=True)


@hadara.command(name="abandon", description=L("cmd.abandon"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def abandon(interaction: discord.Interaction[Any], game: GameArg | None = None) -> None:
    facts = await resolve_game(interaction, game)
    bot = hadara_bot(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    await bot.service.abandon(facts.game_id, interaction.user.id,
                              is_admin=guard.is_manager(interaction, facts))
    await interaction.followup.send(t("game.abandon.done", id=facts.game_id), ephemeral=True)


async def _timezone_autocomplete(interaction: discord.Interaction[Any],
                                 current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=z, value=z) for z in M.timezone_choices(current)]


@hadara.command(name="settings", description=L("cmd.settings"))
@app_commands.describe(dms=L("cmd.settings.dms"), timezone=L("cmd.settings.timezone"),
                       quiet_hours=L("cmd.settings.quiet_hours"),
                       language=L("cmd.settings.language"),
                       server_language=L("cmd.settings.server_language"))
@app_commands.autocomplete(timezone=_timezone_autocomplete)
@app_commands.choices(
    language=[app_commands.Choice(name=L("language.auto"), value=AUTO_LANGUAGE)]
    + [app_commands.Choice(name=NATIVE_NAMES[code], value=code) for code in LOCALES],
    server_language=[app_commands.Choice(name=NATIVE_NAMES[code], value=code)
                     for code in LOCALES])
async def settings(interaction: discord.Interaction[Any], dms: bool | None = None,
                   timezone: app_commands.Range[str, 1, 64] | None = None,
                   quiet_hours: app_commands.Range[str, 1, 20] | None = None,
                   language: str | None = None, server_language: str | None = None) -> None:
    bot = hadara_bot(interaction)
    store = bot.service.store
    languages = bot.service.languages
    if server_language is not None:  # the server's: its managers only
        guard.server(interaction, "server.settings")
    changes: dict[str, Any] = {}
    if timezone is not None:
        zone = M.valid_timezone(timezone)
        if zone is None:
            raise Denied("md.settings.bad_tz", tz=timezone[:64])
        changes["tz"] = zone
    if quiet_hours is not None:
        quiet = M.normalise_quiet_hours(quiet_hours)
        if quiet is None:
            raise Denied("md.settings.bad_quiet")
        changes["quiet_hours"] = quiet or None
    if dms is not None:
        changes["dm_turns"] = dms
    await interaction.response.defer(ephemeral=True, thinking=True)
    current = await store.get_user_settings(interaction.user.id)
    if changes:
        current = {k: v for k, v in {**current, **changes}.items() if v is not None}
        await store.set_user_settings(interaction.user.id, current)
    if language is not None:
        await languages.choose(interaction.user.id, None if language == AUTO_LANGUAGE
                               else language)
    if server_language is not None and interaction.guild_id is not None:
        await languages.set_guild(interaction.guild_id, server_language)
    # the answer is in the language just chosen
    set_current(await languages.for_user(interaction.user.id, str(interaction.locale),
                                         interaction.guild_id))
    key = "game.settings.dms_on" if current.get("dm_turns") else "game.settings.dms_off"
    changed = changes or language is not None or server_language is not None
    head = t("game.settings.saved") if changed else t("game.settings.title")
    chosen = await languages.choice(interaction.user.id)
    lines = [t("settings.language", language=NATIVE_NAMES[chosen]) if chosen else
             t("settings.language.auto", language=NATIVE_NAMES[current_language()])]
    if interaction.guild_id is not None:
        lines.append(t("settings.server_language", language=NATIVE_NAMES[
            await languages.for_guild(interaction.guild_id)]))
    text = "\n".join([head, *lines, t(key), *M.settings_lines(current)])
    await interaction.followup.send(text, ephemeral=True)


def dm_turns_enabled(settings: dict[str, Any]) -> bool:
    """Whether a user's settings ask for their turns by DM (off unless they opted in)."""
    return bool(settings.get("dm_turns", False))


# ---------------------------------------------------------------------- multi-day games


@hadara.command(name="rejoin", description=L("cmd.rejoin"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def rejoin(interaction: discord.Interaction[Any], game: GameArg | None = None) -> None:
    gid = await find_game(interaction, game)
    bot = hadara_bot(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    await bot.service.rejoin(gid, interaction.user.id)
    await interaction.followup.send(t("md.rejoin.done", id=gid), ephemeral=True)


@hadara.command(name="vote", description=L("cmd.vote"))
@app_commands.describe(player=L("cmd.vote.player"), game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def vote(interaction: discord.Interaction[Any], player: discord.User | discord.Member,
               game: GameArg | None = None) -> None:
    gid = await find_game(interaction, game)
    bot = hadara_bot(interaction)
    seat = await bot.service.seat_of(gid, player.id)
    if seat is None:
        raise Denied("md.vote.not_player", name=player.display_name[:50], id=gid)
    await interaction.response.defer(ephemeral=True, thinking=True)
    text = await M.vote(bot, gid, interaction.user.id, seat)
    await interaction.followup.send(text, ephemeral=True)


@hadara.command(name="away", description=L("cmd.away"))
@app_commands.describe(days=L("cmd.away.days"))
async def away(interaction: discord.Interaction[Any],
               days: app_commands.Range[int, 1, 365]) -> None:
    bot = hadara_bot(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    guilds = [interaction.guild_id] if interaction.guild_id is not None else []
    updates = await bot.service.away(interaction.user.id, days, guild_ids=guilds)
    until = await bot.service.away_until(interaction.user.id)
    end = until if until is not None else bot.service.clock() + days * S.DAY
    await interaction.followup.send(
        t("md.away.done", at=M.stamp(end, "f"), rel=M.stamp(end, "R"), count=len(updates)),
        ephemeral=True)


@hadara.command(name="back", description=L("cmd.back"))
async def back(interaction: discord.Interaction[Any]) -> None:
    bot = hadara_bot(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    updates = await bot.service.back(interaction.user.id)
    await interaction.followup.send(t("md.back.done", count=len(updates)), ephemeral=True)


admin = app_commands.Group(name="admin", description=L("cmd.admin"), parent=hadara)


@admin.command(name="allowance", description=L("cmd.admin.allowance"))
@app_commands.describe(days=L("cmd.admin.allowance.days"))
async def allowance(interaction: discord.Interaction[Any],
                    days: app_commands.Range[int, 0, 365]) -> None:
    bot = hadara_bot(interaction)
    assert interaction.guild_id is not None
    await bot.service.set_away_allowance(interaction.guild_id, days)
    await interaction.response.send_message(t("md.admin.allowance.done", days=days),
                                            ephemeral=True)


def repair_text(preview: dict[str, Any]) -> str:
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
        lines.append(t("admin.repair.cannot"))
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


class RepairButton(Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"hd1:repair:(?P<game>[0-9]{1,18}):(?P<keep>[0-9]{1,6})"):
    """Confirms a repair exactly as it was shown (the number of moves kept)."""

    access_kind = "repair"

    def __init__(self, game_id: int, keep: int) -> None:
        super().__init__(discord.ui.Button(label=t("admin.repair.button"),
                                           style=discord.ButtonStyle.danger,
                                           custom_id=f"hd1:repair:{game_id}:{keep}"))
        self.game_id, self.keep = game_id, keep

    def access_target(self) -> tuple[int | None, int | None]:
        return self.game_id, None

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: Any) -> RepairButton:
        return cls(int(match["game"]), int(match["keep"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            update = await hadara_bot(interaction).service.repair(self.game_id, keep=self.keep)
            await interaction.followup.send(
                t("admin.repair.done", id=self.game_id, dropped=update.dropped), ephemeral=True)
        except Exception as exc:
            await reply_error(interaction, exc)


@admin.command(name="repair", description=L("cmd.admin.repair"))
@app_commands.describe(game=L("cmd.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def repair(interaction: discord.Interaction[Any], game: GameArg) -> None:
    """A damaged game: what is wrong, and a button that cuts it back to its last valid move
    (the cut moves are kept in the backup table). Managers with Manage Server only."""
    await guard.game(interaction, game, "repair")
    await interaction.response.defer(ephemeral=True, thinking=True)
    preview = await hadara_bot(interaction).service.repair_preview(game)
    extra: dict[str, Any] = {}
    if preview.get("repairable") and (preview.get("reason") or preview.get("marked")):
        view = discord.ui.View(timeout=None)
        view.add_item(RepairButton(game, int(preview["keep"])))
        extra["view"] = view
    await interaction.followup.send(repair_text(preview)[:MAX_CONTENT], ephemeral=True,
                                    **extra)


COMMAND_NAMES = ("new", "join", "leave", "start", "board", "hand", "games", "rules", "card",
                 "history", "concede", "abandon", "settings", "rejoin", "vote", "away", "back",
                 "admin")


async def setup(bot: commands.Bot) -> None:
    bot.tree.add_command(hadara)


async def teardown(bot: commands.Bot) -> None:
    bot.tree.remove_command(hadara.name)
