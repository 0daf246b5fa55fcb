"""``python -m devtools.demo`` (``make demo``): the real bot against an offline Discord, in
your browser.

The bot — every cog, its own store and service — runs unmodified against simcord's simulated
Discord (no network, no token) with a server, a ``#hadara`` channel and two members: you
(named "Sam" unless ``--name`` or ``HADARA_DEMO_NAME`` says otherwise) and a friend ("Alex").
simcord's local preview serves that world to your browser: type ``/hadara new`` in the
composer, add AI players, press Start and play by clicking, as in Discord.

A preview shows one channel. When a game opens its thread the demo moves the open preview —
the page already in your browser included — into that thread: the page follows by itself,
under the same address, no reload needed (simcord binds a preview to one channel, so the
demo re-points the preview's pages at the thread and republishes them; the page's next poll
shows the thread). Ephemeral panels ("Take my turn") appear to the member who opened them;
switch the viewer at the top of the page to play the friend's seat too.

The bot's own web page (docs/web.md) is on, on a free local port (``--web-port`` to choose
one): every player panel carries "Open the board", which opens the live page of the game for
that player in a new browser tab (plain http, on this computer only).

Ctrl-C (or SIGTERM) stops the demo within two seconds: the preview, simcord and the bot's
service and store are closed, each with a time limit; a second Ctrl-C ends it at once.

Needs the ``demo`` extra (``pip install -e '.[demo]'``: ``simcord[preview]``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import logging
import os
import re
import shutil
import signal
import socket
import sys
import tempfile
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import urlsplit

from bot.config import Config

log = logging.getLogger("hadara.demo")

DEFAULT_PORT = 8765
TICK_SECONDS = 0.5
SETTLE_SECONDS = 60.0  # the preview waits this long for the bot (AI seats think in between)
PREVIEW_MODULES = ("simcord", "aiohttp", "markdown_it", "linkify_it", "regex")
# A Ctrl-C ends the demo within STOP_SECONDS: each closing step has its own limit, and a
# watchdog ends the process if the steps together overrun HARD_STOP_SECONDS.
STOP_SECONDS = 2.0
HARD_STOP_SECONDS = 1.8
CLOSE_LIMITS = {"preview": 0.4, "simcord": 0.6, "service": 0.4, "store": 0.3}

DEFAULT_PLAYER = "Sam"
FRIEND = "Alex"
NAME_VARIABLE = "HADARA_DEMO_NAME"

INSTALL_HELP = """\
The demo needs simcord's browser preview (the `demo` extra). Install it with

    make demo            (installs .[demo] into .venv, then starts the demo)
or  .venv/bin/pip install -e '.[demo]'
"""

WELCOME = """\
Hadara demo: the real bot against an offline Discord (nothing leaves this computer).

  Open {url}
  (the address is a key to this session: don't share it)
{web}
You play as {player} (another name: make demo NAME=…, or --name); {friend} is a friend.

How to play:
  1. In #hadara, type  /hadara new  in the message box at the bottom, choose the options
     (e.g. seats 3, ai 2) and send it. A thread "Hadara #1 — {player}" opens with the lobby,
     and the page follows into it by itself.
  2. In the lobby: "Add AI" fills a seat with an AI player, "Start" begins the game.
  3. Press "Take my turn" on the board: your private panel opens (only you see it); click
     your choice. Stepped choices (Phase B, statues) go one step per click; "Back" returns.
     Reveals, colonies and the final scores appear as new messages in the thread.
     "Open the board" on your panel opens the whole table live in a browser tab.
  4. To play a second seat yourself, let {friend} join from the lobby and switch the viewer
     (top of the page) to "{friend}".

Stop with Ctrl-C (or "End preview session" in the page).
"""


WEB_ON = """
  The live board: {url}  ("Open the board" on your panel signs you in there)
"""
WEB_OFF = """
  (the live board page is off: its port could not be bound, see the error above;
   --web-port chooses another)
"""

BOT_NAME = "Hadara"
WEB_HOST = "127.0.0.1"


def free_port(host: str = WEB_HOST) -> int:
    """A local port free now (the system's pick for port 0), for the bot's web page: its
    address goes into "Open the board" links, so it must be known before the bot starts."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def demo_config(db: str, web_port: int = 0, *, token: str = "offline-demo") -> Config:
    """The bot's configuration in the demo (and the screenshots): commands synced at once, and
    the web page on ``web_port`` (0: a free one) of this computer, its links on the players'
    panels (plain http is allowed for localhost only: bot/config.py ``parse_web``)."""
    port = web_port or free_port()
    return Config(token=token, db=db, sync_commands="always", web_port=port,
                  web_host=WEB_HOST, web_url=f"http://{WEB_HOST}:{port}")


def web_served(bot: Any) -> bool:
    """Whether the bot's web page is being served (its port could be bound)."""
    cog = bot.get_cog("Web")
    return getattr(cog, "server", None) is not None


def offline_discord(bot: Any, **options: Any) -> Any:
    """``simcord.run(bot, ...)`` with the bot's user named "Hadara" (simcord calls every bot
    "TestBot"; the name is set on its not yet started backend)."""
    import simcord

    runner = simcord.run(bot, **options)
    with contextlib.suppress(AttributeError):
        runner._env.backend.bot_user.name = BOT_NAME
    return runner


def missing_preview() -> list[str]:
    """The modules of the ``demo`` extra that are not installed."""
    return [m for m in PREVIEW_MODULES if importlib.util.find_spec(m) is None]


def player_name(given: str | None = None, environ: dict[str, str] | None = None) -> str:
    """The demo player's display name: ``--name``, else ``HADARA_DEMO_NAME``, else "Sam" (a
    person's name, so the bot's sentences read right: "Sam buys Horseman")."""
    environ = dict(os.environ) if environ is None else environ
    for text in (given, environ.get(NAME_VARIABLE)):
        name = " ".join((text or "").split())[:32]
        if name:
            return name
    return DEFAULT_PLAYER


def username(name: str) -> str:
    """A Discord-style user name (lower case, letters, digits, ``_`` and ``.``) for a display
    name; the display name is what the bot writes."""
    return re.sub(r"[^a-z0-9_.]", "", name.lower())[:32] or "player"


class Follower:
    """One preview kept on the newest game thread of ``channel`` (on ``channel`` before any
    game exists), under the same address: when a thread opens, the open preview and every page
    of it (the browser's too) are moved there in place, so the page follows without a reload;
    republishes the page when the bot changed the world outside a click (a timer, a background
    flush)."""

    def __init__(self, env: Any, channel: Any, viewers: list[Any], port: int,
                 width: int = 1100, height: int = 900) -> None:
        self.env, self.channel, self.viewers = env, channel, viewers
        self.port, self.width, self.height = port, width, height
        self.preview: Any = None
        self.showing: Any = None
        self.capability: str | None = None
        self._requests = 0
        self._revisions = 0

    @property
    def url(self) -> str:
        return str(self.preview.url)

    async def open(self, channel: Any) -> None:
        preview = self.env.preview(channel, viewers=self.viewers, layout="channel",
                                   port=self.port, width=self.width, height=self.height)
        if self.capability is not None:
            preview.capability = self.capability  # the same address after a reopen
        await preview.__aenter__()
        self.preview, self.showing, self.capability = preview, channel, preview.capability
        self.port = urlsplit(preview.url).port or self.port  # port 0: keep the one it got
        self._mark()

    def move(self, channel: Any) -> None:
        """Point the open preview and all its pages (the browser's pages keep their context
        ids) at ``channel``, each on its newest message, as simcord's own viewer switch does
        for one page; the pages' next poll shows the new channel."""
        preview = self.preview
        self.env._begin_operation("preview.follow")
        try:
            preview.channel = channel
            for page in tuple(preview._pages.values()):
                preview._clear_page_assets(page)
                page.channel_id = channel.id
                page.generation += 1
                page.navigation_query, page.navigation_cursor = "", None
                page.candidate_queries.clear()
                page.target_id = preview._initial_target(page.viewer, channel.id)
                if page.layout == "channel":
                    page.window_end_id = page.target_id
                page.modal = page.modal_handle = None
                page.status = "current"
                preview._publish(page, reason="navigation")
        finally:
            self.env._end_operation()
        self.showing = channel
        self._mark()

    def republish(self) -> None:
        """Publish every page with what the bot did since (simcord's ``refresh`` without its
        wait for the bot to settle: a click from the page meanwhile would find the session busy
        and leave the page "uncertain"; what the bot does next is published on a later
        tick)."""
        preview = self.preview
        self.env._begin_operation("preview.follow")
        try:
            preview._advance_presentation_time()
            for page in tuple(preview._pages.values()):
                if page.id in preview._pages:  # earlier publishes prune expired pages
                    preview._publish(page, reason="refresh")
        finally:
            self.env._end_operation()
        self._mark()

    @property
    def closed(self) -> bool:
        return self.preview is None or bool(self.preview._closed)

    def newest_thread(self) -> Any:
        threads = self.channel.threads
        return max(threads, key=lambda th: th.id) if threads else None

    def _revision_sum(self) -> int:
        return sum(page.revision for page in self.preview._pages.values())

    def _mark(self) -> None:
        self._requests = len(self.env.http_requests)
        self._revisions = self._revision_sum()

    def _idle(self) -> bool:
        """No simcord operation (a click from the page) is running: safe to act now (no
        await between this check and the operation's start)."""
        return self.env._operation_task is None and self.preview._active_action is None

    async def tick(self) -> None:
        """Follow a new thread, or republish after the bot changed the world; never awaits
        inside a simcord operation, so a click from the page is never refused as busy."""
        thread = self.newest_thread()
        if thread is not None and thread.id != self.showing.id and self._idle():
            self.move(thread)
            print(f"\n→ The game is in its thread “{thread.name}”: the page follows it there.",
                  flush=True)
            return
        if self._revision_sum() != self._revisions:  # a click published the page itself
            self._mark()
        elif len(self.env.http_requests) != self._requests and self._idle():
            self.republish()

    async def run(self) -> None:
        while not self.closed:
            await asyncio.sleep(TICK_SECONDS)
            try:
                await self.tick()
            except Exception as exc:  # an overlapping operation: try again next tick
                log.debug("preview tick skipped: %s", exc)


# -- stopping --------------------------------------------------------------------------------


class Stopper:
    """Ctrl-C and SIGTERM: the first asks the demo to stop (and arms a watchdog that ends the
    process after ``HARD_STOP_SECONDS`` if closing overruns), a second one ends it at once.
    Either way the last words are "demo stopped", never a traceback."""

    def __init__(self, leftovers: Callable[[], None] = lambda: None) -> None:
        self.requested = asyncio.Event()
        self.signals = 0
        self.said = False  # "demo stopped" printed
        self._leftovers = leftovers

    def install(self) -> None:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, self.signalled)

    def signalled(self) -> None:
        self.signals += 1
        if self.signals > 1:
            self.end_now()
        print("\nstopping the demo…", flush=True)
        self.requested.set()
        watchdog = threading.Timer(HARD_STOP_SECONDS, self.end_now)
        watchdog.daemon = True
        watchdog.start()

    def end_now(self) -> NoReturn:
        """The process ends here (closing overran, or a second Ctrl-C)."""
        with contextlib.suppress(Exception):
            self._leftovers()
        self.goodbye()
        os._exit(0)

    def goodbye(self) -> None:
        if not self.said:
            self.said = True
            with contextlib.suppress(Exception):
                print("demo stopped", flush=True)
                sys.stderr.flush()


async def bounded(what: str, step: Awaitable[Any], seconds: float) -> None:
    """One closing step, given at most ``seconds``; a failure or overrun is logged, not
    raised (the next steps still run)."""
    try:
        await asyncio.wait_for(step, seconds)
    except TimeoutError:
        log.debug("closing %s took longer than %.1f s; left behind", what, seconds)
    except Exception as exc:  # closing goes on whatever one step says
        log.debug("closing %s: %s", what, exc)


def stop_ai_workers(bot: Any) -> None:
    """End the AI seats' worker processes now: the service's own closing waits for a search
    in progress (seconds for the strongest level), which a Ctrl-C should not."""
    playon = getattr(getattr(bot, "service", None), "playon", None)
    pool = getattr(playon, "ai_pool", None)
    if not isinstance(pool, ProcessPoolExecutor) or not getattr(playon, "own_pool", False):
        return
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        with contextlib.suppress(Exception):
            worker.terminate()
    for worker in workers:
        with contextlib.suppress(Exception):
            worker.join(0.2)


async def run_demo(db: str, port: int, player: str = DEFAULT_PLAYER, *,
                   stopper: Stopper | None = None, web_port: int = 0) -> None:
    from bot.client import HadaraBot

    stopper = stopper or Stopper()
    stopper.install()
    config = demo_config(db, web_port)
    bot = HadaraBot(config)
    runner = offline_discord(bot, settle_timeout=SETTLE_SECONDS)
    follower: Follower | None = None
    env = await runner.__aenter__()
    try:
        guild = env.create_guild("Hadara demo")
        channel = guild.create_text_channel("hadara", topic="Type /hadara new to start a game")
        you = guild.add_member(env.create_user(username(player), global_name=player))
        friend = guild.add_member(env.create_user(username(FRIEND), global_name=FRIEND))
        follower = Follower(env, channel, [you, friend], port)
        await follower.open(channel)
        web = WEB_ON.format(url=config.web_url) if web_served(bot) else WEB_OFF
        print(WELCOME.format(url=follower.url, web=web, player=player, friend=FRIEND),
              flush=True)
        following = asyncio.ensure_future(follower.run())
        stopping = asyncio.ensure_future(stopper.requested.wait())
        try:
            await asyncio.wait({following, stopping}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (following, stopping):
                task.cancel()
            await asyncio.gather(following, stopping, return_exceptions=True)
    finally:
        stop_ai_workers(bot)
        if follower is not None and not follower.closed:
            await bounded("the preview", follower.preview.close(), CLOSE_LIMITS["preview"])
        await bounded("simcord", runner.__aexit__(None, None, None), CLOSE_LIMITS["simcord"])
        # simcord detaches the bot but does not close it: its service and store (a SQLite
        # connection thread that would keep the process alive) are closed here
        if bot.service is not None:
            await bounded("the service", bot.service.close(), CLOSE_LIMITS["service"])
            await bounded("the store", bot.service.store.close(), CLOSE_LIMITS["store"])


def _threads_left(seconds: float) -> list[threading.Thread]:
    """Non-daemon threads still running after ``seconds`` (the interpreter would wait for
    them at exit: a pool's worker, a database connection that did not close in time)."""
    deadline = seconds
    left = []
    for thread in threading.enumerate():
        if thread is threading.main_thread() or thread.daemon:
            continue
        thread.join(max(0.0, deadline))
        deadline = 0.05
        if thread.is_alive():
            left.append(thread)
    return left


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m devtools.demo",
                                 description="the real bot against an offline Discord, in "
                                 "your browser (make demo)")
    ap.add_argument("--port", type=int, default=DEFAULT_PORT,
                    help=f"local port of the preview (default {DEFAULT_PORT}; 0: any free one)")
    ap.add_argument("--web-port", type=int, default=0,
                    help="local port of the bot's live board page (default 0: any free one)")
    ap.add_argument("--db", default=None,
                    help="database file (default: a new one in a temporary folder)")
    ap.add_argument("--name", default=None,
                    help=f"your name in the demo (default: ${NAME_VARIABLE}, else "
                    f"{DEFAULT_PLAYER})")
    args = ap.parse_args(argv)
    missing = missing_preview()
    if missing:
        print(f"missing: {', '.join(missing)}\n\n{INSTALL_HELP}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord").setLevel(logging.ERROR)  # voice and intent notes, offline
    tmp = tempfile.mkdtemp(prefix="hadara-demo-")
    stopper = Stopper(leftovers=lambda: shutil.rmtree(tmp, ignore_errors=True))
    # outside the event loop (starting, and the last clean-up after it) a signal ends the
    # demo at once; inside it, run_demo's handlers close everything first
    at_once = lambda signum, frame: stopper.end_now()  # noqa: E731
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, at_once)
    try:
        db = args.db or str(Path(tmp) / "demo.sqlite3")
        asyncio.run(run_demo(db, args.port, player_name(args.name), stopper=stopper,
                             web_port=args.web_port))
    except KeyboardInterrupt:  # a Ctrl-C the loop turned into one (its handlers gone)
        pass
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, at_once)
        if _threads_left(0.3):
            stopper.end_now()  # a thread would hold the interpreter's exit: end here
        shutil.rmtree(tmp, ignore_errors=True)
    stopper.goodbye()
    for sig in (signal.SIGINT, signal.SIGTERM):  # a late Ctrl-C while Python winds down
        signal.signal(sig, signal.SIG_IGN)
    return 0


if __name__ == "__main__":
    sys.exit(main())
