"""The Discord client: the one module of ``bot/`` that imports discord.

``HadaraBot`` receives its configuration and the game service over its store, built by
``main`` (``bot/__main__.py``, as discord.py's ``examples/advanced_startup.py`` hands its bot
what it needs); ``HadaraBot(config)`` alone builds its own (tests, the demo). ``setup_hook``
opens the service, starts the leagues and loads the cogs. The bot's state per process is named
fields (``thread_games``) and, for the extensions' own types, :class:`Kept`. Commands are
synced only when the command tree changed since the last sync (a hash kept beside a SQLite
database, under ``var/`` for PostgreSQL), or instantly to ``HADARA_DEV_GUILD`` while
developing, so restarts never spend Discord's daily command-create budget. With shards, only
the process running shard 0 syncs. With the board inside Discord (the Activity,
``config.activity_on``) the global commands carry its Entry Point command, which Discord keeps
for an application with Activities and discord.py cannot express (:func:`entry_point_command`).

Sharding (``HADARA_SHARD_COUNT``/``HADARA_SHARD_IDS``, docs/deploy.md): ``HadaraBot(config)``
then builds a :class:`ShardedHadaraBot`, discord.py's ``commands.AutoShardedBot`` running the
configured shards of this process in one client. Without them it is a plain ``commands.Bot``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
from pathlib import Path
from typing import Any, TypeVar

import discord
from discord.ext import commands

from bot.config import Config
from bot.league import Leagues
from bot.pacing import COSMETIC, DM_OPEN, PERSON, Pacer, RequestStats
from bot.service import GameService
from bot.storage import open_store
from bot.storage.base import Store
from bot.storage.urls import parse as parse_db

log = logging.getLogger(__name__)

T = TypeVar("T")

# The cogs, by extension name: the shared edge (the error handler, the access policy's check,
# the translator), the command groups, each feature, and the one list of components.
EXTENSIONS = ("cogs.edge", "cogs.commands", "cogs.table", "cogs.play", "cogs.multiday",
              "cogs.league", "cogs.learn", "cogs.admin", "cogs.player", "cogs.replay", "cogs.web",
              "cogs.turn_digest", "cogs.tournament", "cogs.components")


#: The permissions the bot needs in a server's channels, for its invite link (the number is in
#: README.md, "Set up the bot on your server"): a game's thread and its messages (the table
#: permissions checked in cogs/edge/errors.py and, for forum posts, cogs/edge/channels.py) and
#: Manage Threads to archive a finished game's thread and reopen one Discord archived. A
#: forum's tags need Manage Channels as well, granted in that forum only (not in the link).
BOT_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, send_messages_in_threads=True,
    create_public_threads=True, manage_threads=True, embed_links=True, attach_files=True,
    read_message_history=True)
INVITE_SCOPES = ("bot", "applications.commands")
DEVELOPER_PORTAL = "https://discord.com/developers/applications"


#: The Activity's Entry Point command (issue 38): the command Discord's App Launcher shows
#: for an application with Activities, ``PRIMARY_ENTRY_POINT`` (type 4) handled by Discord
#: itself, ``DISCORD_LAUNCH_ACTIVITY`` (handler 2: it launches the Activity and posts that it
#: did). Discord makes one named "launch" when Activities are turned on and refuses a bulk
#: overwrite of the global commands that leaves it out (400, code 50240, "You cannot remove
#: this app's Entry Point command in a bulk update operation"); discord.py has no command
#: type 4, so the bot adds it to the payload itself. Global only; for the servers the bot is
#: installed in (integration type 0, GUILD_INSTALL), used in a server (context 0, GUILD), as
#: the bot's commands are.
PRIMARY_ENTRY_POINT, DISCORD_LAUNCH_ACTIVITY = 4, 2
ENTRY_POINT_NAME = "launch"
ENTRY_POINT_KEPT = 50240
ENTRY_POINT_DESCRIPTION = "launch.command"


def entry_point_command() -> dict[str, Any]:
    """The Entry Point command as the bulk overwrite sends it: its description from the
    catalogs, translated as the command tree's translator translates the others
    (``cogs.edge.language.CatalogTranslator``: every Discord locale of a language we speak
    but English)."""
    import i18n

    key = ENTRY_POINT_DESCRIPTION
    localized = {locale.value: i18n.translate(lang, key) for locale in discord.Locale
                 if (lang := i18n.normalise(locale.value)) not in (None, i18n.DEFAULT)
                 and i18n.has(key, lang)}
    return {"name": ENTRY_POINT_NAME, "type": PRIMARY_ENTRY_POINT,
            "handler": DISCORD_LAUNCH_ACTIVITY,
            "description": i18n.translate(i18n.DEFAULT, key),
            "description_localizations": localized,
            "integration_types": [0], "contexts": [0]}


def invite_url(client_id: int) -> str:
    """The link that adds the bot to a server, with its slash commands and permissions."""
    return discord.utils.oauth_url(client_id, permissions=BOT_PERMISSIONS, scopes=INVITE_SCOPES)


def start_problem(exc: BaseException) -> str | None:
    """One line for an admin when the bot cannot log in or reach Discord at start-up (a bad
    token, no network, Discord unavailable); None: not a start-up problem (a bug, shown with
    its traceback). The token is never part of the line."""
    import aiohttp

    if isinstance(exc, discord.LoginFailure):
        return ("cannot log in: Discord refused the token in DISCORD_TOKEN. Reset it at "
                f"{DEVELOPER_PORTAL} (your application → Bot → Reset Token) and put the new "
                'one in .env (README: "Set up the bot on your server", "Troubleshooting")')
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        return ("cannot connect: Discord asks for privileged intents this bot does not use; "
                'check the application in the developer portal (README: "Troubleshooting")')
    if isinstance(exc, aiohttp.ClientConnectorDNSError):
        host = getattr(exc, "host", "discord.com")
        return (f"cannot reach Discord: the name {host} does not resolve (no network or no "
                'DNS?). Check the connection and start again (README: "Troubleshooting")')
    if isinstance(exc, discord.HTTPException) and exc.status >= 500:
        return (f"cannot reach Discord: it answered {exc.status} {exc.response.reason}; "
                "try again in a few minutes (https://discordstatus.com)")
    if isinstance(exc, (aiohttp.ClientError, discord.GatewayNotFound, OSError, TimeoutError)):
        detail = str(exc) or type(exc).__name__
        return (f"cannot reach Discord: {detail}. Check the connection (a firewall or proxy?) "
                'and start again (README: "Troubleshooting")')
    return None


async def clear_guild_commands(token: str, guild_id: int) -> int:
    """Remove the application's commands registered in one server (the copies
    ``HADARA_DEV_GUILD`` synced there, which show beside the global ones); returns how many
    there were. Logs in over HTTP only (no gateway connection)."""
    client = discord.Client(intents=discord.Intents.none())
    async with client:
        await client.login(token)
        application = await client.application_info()
        existing = await client.http.get_guild_commands(application.id, guild_id)
        if existing:
            await client.http.bulk_upsert_guild_commands(application.id, guild_id, [])
    return len(existing)


def discord_time() -> float:
    """Discord's clock: the real time in production, the virtual one under simcord (so
    deadlines follow the time the tests advance)."""
    return discord.utils.utcnow().timestamp()


_MESSAGE = re.compile(r"/messages/(\d+)")
_CHANNEL = re.compile(r"/channels/(\d+)")


class _RateLimitLog(logging.Handler):
    """Counts discord.py's "We are being rate limited" records (a 429 it will retry), by the
    channel of the request, so the bot can tell which games meet Discord's limits."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.by_channel: dict[int, int] = {}

    def emit(self, record: logging.LogRecord) -> None:
        if not str(record.msg).startswith("We are being rate limited") or not record.args:
            return
        url = str(record.args[1]) if len(record.args) > 1 else ""  # type: ignore[index]
        m = _CHANNEL.search(url)
        channel = int(m[1]) if m else 0
        self.by_channel[channel] = self.by_channel.get(channel, 0) + 1


def _kind(route: discord.http.Route) -> tuple[str, int | None, float | None]:
    """What a request is for the pacer: its kind, channel and the age of the message it
    edits (None: not an edit)."""
    if route.method == "POST" and route.path == "/users/@me/channels":
        return DM_OPEN, None, None
    channel = int(route.channel_id) if route.channel_id is not None else None
    if route.method == "PATCH" and "{message_id}" in route.path:
        m = _MESSAGE.search(route.url)
        age = None
        if m is not None:
            age = discord_time() - discord.utils.snowflake_time(int(m[1])).timestamp()
        return COSMETIC, channel, age
    return PERSON, channel, None


def commands_marker(db: str) -> Path:
    """Where the hash of the last synced command tree is kept: beside a SQLite database, or
    (a server database such as PostgreSQL) under ``var/`` of the working directory."""
    file = parse_db(db).file
    return Path("var") / "hadara.commands" if file is None else file.with_suffix(".commands")


class Kept:
    """The extensions' state per process, one object of each class, made on first use
    (``bot.kept.get(Tables)``): kept on the bot, it outlives a reloaded extension, which finds
    it again by its class's name (its fields move to the reloaded class). The client imports no
    cogs, so each feature owns its state's type."""

    def __init__(self) -> None:
        self._kept: dict[str, object] = {}

    def get(self, kind: type[T]) -> T:
        name = f"{kind.__module__}.{kind.__qualname__}"
        found = self._kept.get(name)
        if isinstance(found, kind):
            return found
        made = kind()
        if found is not None:  # the class of a reloaded extension
            vars(made).update(vars(found))
        self._kept[name] = made
        return made


class HadaraBot(commands.Bot):
    """The bot. With ``config.shard_count`` set, ``HadaraBot(config)`` returns a
    :class:`ShardedHadaraBot` (the same bot over discord.py's ``AutoShardedBot``)."""

    def __new__(cls, config: Config, *args: Any, **kwargs: Any) -> HadaraBot:
        if config.shard_count is not None and not issubclass(cls, commands.AutoShardedBot):
            cls = ShardedHadaraBot
        return super().__new__(cls)

    def __init__(self, config: Config, *, service: GameService | None = None,
                 store: Store | None = None, sync: bool | None = None,
                 **options: Any) -> None:
        if isinstance(self, commands.AutoShardedBot):
            # discord.py's documented manual sharding: AutoShardedBot(shard_count=N,
            # shard_ids=[…]) runs those shards in this process (all N without shard_ids).
            # Several processes each run a part of the shards over ONE PostgreSQL database.
            # Discord routes a server's interactions to the shard (server id >> 22) % count,
            # but a DM interaction (the buttons of the panels sent by DM) has no server and
            # only ever reaches shard 0: the process running shard 0 must be up, or DM
            # buttons fail. Any process can answer any game, a DM click in shard 0's
            # process included: the store coordinates them (per-game advisory locks, change
            # notices that drop stale copies, one process firing the deadlines).
            options.setdefault("shard_count", config.shard_count)
            if config.shard_ids is not None:
                options.setdefault("shard_ids", list(config.shard_ids))
        # the bot has no voice: no start-up warnings about voice libraries
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(command_prefix=commands.when_mentioned,
                         intents=discord.Intents.default(), help_command=None, **options)
        self.config = config
        # what this bot built itself it closes; what it was handed, its giver closes
        self._own_store = service is None and store is None
        self._own_service = service is None
        if service is None:
            service = GameService(store if store is not None else open_store(config.db),
                                  clock=discord_time)
        self.service = service  # opened by setup_hook
        # the league side of the application: ratings, leagues, the recorder of results
        self.leagues = Leagues(service)  # started by setup_hook
        #: thread id -> game id: commands typed in a game's thread find their game, and the
        #: request statistics name it (``cogs.edge.games`` remembers them)
        self.thread_games: dict[int, int] = {}
        self.kept = Kept()  # the extensions' own state (``Kept``)
        self._sync = sync  # None: by the config's policy
        # one pacer for every request of this process (bot/pacing.py), and what Discord
        # answered, per game
        self.pacer = Pacer(discord_time)
        self.request_stats = RequestStats()
        self._rate_log = _RateLimitLog()
        self._announced = False  # the account and invite link, logged at the first READY

    async def on_ready(self) -> None:
        """Which account logged in, and the invite link with the permissions it needs."""
        if self._announced or self.user is None:
            return
        self._announced = True
        log.info("logged in as %s (id %s); servers: %d", self.user, self.user.id,
                 len(self.guilds))
        log.info("invite link (permissions %d): %s", BOT_PERMISSIONS.value,
                 invite_url(self.application_id or self.user.id))

    async def setup_hook(self) -> None:
        import rendering  # its process-wide settings, from the configuration (before any image)

        rendering.configure(font_paths=self.config.font_paths,
                            strict_text=self.config.strict_text)
        self._pace_requests()
        await self.service.open()
        await self.leagues.start()
        for name in EXTENSIONS:
            await self.load_extension(name)
        await self._sync_commands()

    def game_of_channel(self, channel_id: int | None) -> int | None:
        """The game whose thread a channel is (None: not a known game thread)."""
        return self.thread_games.get(channel_id) if channel_id is not None else None

    def _pace_requests(self) -> None:
        """Every REST request goes through the pacer first; Discord's 429s (counted from
        discord.py's log), 403s and retries that then succeeded are counted per game, and a
        retry that succeeded is a WARNING (the pacer should have prevented it)."""
        http = self.http
        original = http.request
        logging.getLogger("discord.http").addHandler(self._rate_log)

        async def request(route: discord.http.Route, **kwargs: Any) -> Any:
            kind, channel, age = _kind(route)
            for wait in (lambda: self.pacer.hold(kind, channel=channel, message_age=age),
                         lambda: self.pacer.reserve(kind)):
                delay = wait()
                if delay > 0:
                    await asyncio.sleep(delay)
            before = self._rate_log.by_channel.get(channel or 0, 0)
            game = self.game_of_channel(channel)
            try:
                out = await original(route, **kwargs)
            except discord.HTTPException as exc:
                counts = self.request_stats.of(game)
                if exc.status == 429:
                    counts.rate_limited += 1
                elif exc.status == 403:
                    counts.forbidden += 1
                    if exc.code == 40003:  # DMs opened too fast: hold them back
                        self.pacer.dm_backoff()
                raise
            retried = self._rate_log.by_channel.get(channel or 0, 0) - before
            if retried > 0:
                counts = self.request_stats.of(game)
                counts.rate_limited += retried
                counts.retried_ok += 1
                log.warning("%s %s went through after %d rate-limited tries (game %s)",
                            route.method, route.path, retried, game)
            return out

        http.request = request  # type: ignore[method-assign]

    async def close(self) -> None:
        logging.getLogger("discord.http").removeHandler(self._rate_log)
        try:
            await super().close()
        finally:
            self.leagues.stop()
            if self._own_service:
                await self.service.close()
            if self._own_store:
                await self.service.store.close()

    # -- command sync -------------------------------------------------------------------------

    async def _commands_payload(self) -> list[dict[str, Any]]:
        """The global commands as the bulk overwrite sends them: the tree's, translated as
        ``CommandTree.sync`` translates them, and the Activity's Entry Point command when the
        board opens inside Discord (:func:`entry_point_command`)."""
        translator = self.tree.translator
        payload: list[dict[str, Any]] = [
            await c.get_translated_payload(self.tree, translator) if translator
            else c.to_dict(self.tree) for c in self.tree.get_commands()]
        if self.config.activity_on:
            payload.append(entry_point_command())
        return payload

    async def _tree_hash(self) -> str:
        # with the translations (a new or changed translation is a change to sync) and the
        # Entry Point command (turning the Activity on or off is one too)
        payload = await self._commands_payload()
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()

    async def _sync_global(self, payload: list[dict[str, Any]]) -> bool:
        """Overwrite the global commands with ``payload`` as ``CommandTree.sync`` does (which
        knows no Entry Point command: discord.py has no command type 4); whether Discord took
        it. An application with Activities keeps its Entry Point command, and Discord refuses
        (400, code 50240) a bulk overwrite without it; an application without them refuses
        the Entry Point command (400, 50035 naming it): either is said in the log, not a
        crash — the bot runs on with the commands synced before, and syncs at its next
        start."""
        if self.application_id is None:
            raise discord.app_commands.MissingApplicationID
        try:
            await self.http.bulk_upsert_global_commands(self.application_id, payload=payload)
        except discord.HTTPException as exc:
            if exc.status == 400 and exc.code == ENTRY_POINT_KEPT:
                missing = ", ".join(self.config.activity_missing)
                log.error(
                    "commands not synced: this application has Activities on, and Discord "
                    "keeps their Entry Point command (%s). Turn the board inside Discord on "
                    "(HADARA_ACTIVITY=1%s) or Activities off in the Developer Portal",
                    exc.text, f"; still missing: {missing}" if missing else "")
                return False
            if exc.status == 400 and exc.code == 50035 and self.config.activity_on \
                    and f"In {len(payload) - 1}." in exc.text:
                log.error(  # the Entry Point command (the last): an application without them
                    "commands not synced: Discord refused the board's Entry Point command "
                    "(%s). Turn Activities on for this application in the Developer Portal "
                    "(Activities → Getting Started), or HADARA_ACTIVITY off", exc.text)
                return False
            if exc.status == 400 and exc.code == 50035:
                raise discord.app_commands.CommandSyncFailure(
                    exc, self.tree.get_commands()) from None
            raise
        return True

    async def _sync_commands(self) -> None:
        policy = self.config.sync_commands
        if self._sync is False or (self._sync is None and policy == "never"):
            return
        if self._sync is None and not self.config.runs_shard_zero:
            # commands belong to the application, not to a shard: one process syncs them
            log.info("commands are synced by the process running shard 0")
            return
        if self.config.dev_guild is not None:
            guild = discord.Object(id=self.config.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
            log.info("commands synced to the development server %s", self.config.dev_guild)
            return
        marker = commands_marker(self.config.db)
        digest = await self._tree_hash()
        if self._sync is None and policy == "auto" and marker.is_file() \
                and marker.read_text().strip() == digest:
            return
        if not await self._sync_global(await self._commands_payload()):
            return
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.write_text(digest)
        log.info("commands synced globally (the command tree changed)")


class ShardedHadaraBot(HadaraBot, commands.AutoShardedBot):
    """:class:`HadaraBot` over ``commands.AutoShardedBot``: built by ``HadaraBot(config)``
    when ``config.shard_count`` is set (``HADARA_SHARD_COUNT``/``HADARA_SHARD_IDS``)."""

    async def close(self) -> None:
        # discord.py's AutoShardedClient makes its event queue in connect(); closing before
        # that (a refused token, a store that cannot open in setup_hook) would raise
        # AttributeError from close() and hide the real error
        if not hasattr(self, "_AutoShardedClient__queue"):
            setattr(self, "_AutoShardedClient__queue", asyncio.PriorityQueue())  # noqa: B010
        await super().close()
