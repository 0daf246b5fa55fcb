"""``python -m devtools.demo`` (``make demo``): the real bot against an offline Discord, in
your browser.

The bot — every cog, its own store and service — runs unmodified against simcord's simulated
Discord (no network, no token) with a server, a ``#hadara`` channel and two members, "you" and
"friend". simcord's local preview serves that world to your browser: type ``/hadara new`` in
the composer, add AI players, press Start and play by clicking, as in Discord. The preview
shows one channel at a time, so when a game opens its thread the demo moves the preview into
that thread (the address stays the same: reload the page). Ephemeral panels ("Take my turn")
appear to the member who opened them; switch the viewer at the top of the page to play the
friend's seat too.

Needs the ``demo`` extra (``pip install -e '.[demo]'``: ``simcord[preview]``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import logging
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from bot.config import Config

DEFAULT_PORT = 8765
TICK_SECONDS = 0.5
SETTLE_SECONDS = 60.0  # the preview waits this long for the bot (AI seats think in between)
PREVIEW_MODULES = ("simcord", "aiohttp", "markdown_it", "linkify_it", "regex")

INSTALL_HELP = """\
The demo needs simcord's browser preview (the `demo` extra). Install it with

    make demo            (installs .[demo] into .venv, then starts the demo)
or  .venv/bin/pip install -e '.[demo]'
"""

WELCOME = """\
Hadara demo: the real bot against an offline Discord (nothing leaves this computer).

  Open {url}
  (the address is a key to this session: don't share it)

How to play:
  1. In #hadara, type  /hadara new  in the message box at the bottom, choose the options
     (e.g. seats 3, ai 2) and send it. A thread "Hadara #1 — you" opens with the lobby.
  2. The preview shows one channel at a time: the demo moves it into the game's thread
     when the thread opens — reload the page (the same address) to follow it there.
  3. In the lobby: "Add AI" fills a seat with an AI player, "Start" begins the game.
  4. Press "Take my turn" on the board: your private panel opens (only you see it); click
     your choice. Stepped choices (Phase B, statues) go one step per click; "Back" returns.
     Reveals, colonies and the final scores appear as new messages in the thread.
  5. To play a second seat yourself, let "friend" join from the lobby and switch the
     viewer (top of the page) to "friend".

Stop with Ctrl-C (or "End preview session" in the page).
"""


BOT_NAME = "Hadara"


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


class Follower:
    """One preview kept on the newest game thread of ``channel`` (on ``channel`` before any
    game exists), under the same address; republishes the page when the bot changed the world
    outside a click (a timer, a background flush)."""

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
            preview.capability = self.capability  # the same address after a move
        await preview.__aenter__()
        self.preview, self.showing, self.capability = preview, channel, preview.capability
        self.port = urlsplit(preview.url).port or self.port  # port 0: keep the one it got
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
        thread = self.newest_thread()
        if thread is not None and thread.id != self.showing.id and self._idle():
            await self.preview.close()
            await self.open(thread)
            print(f"\n→ The game is in its thread “{thread.name}”: reload the page "
                  f"({self.url}) to follow it there.", flush=True)
            return
        if self._revision_sum() != self._revisions:  # a click published the page itself
            self._mark()
        elif len(self.env.http_requests) != self._requests and self._idle():
            await self.preview.refresh()
            self._mark()

    async def run(self) -> None:
        while not self.closed:
            await asyncio.sleep(TICK_SECONDS)
            try:
                await self.tick()
            except Exception as exc:  # an overlapping operation: try again next tick
                logging.getLogger("hadara.demo").debug("preview tick skipped: %s", exc)


async def run_demo(db: str, port: int) -> None:
    from bot.client import HadaraBot

    bot = HadaraBot(Config(token="offline-demo", db=db, sync_commands="always"))
    async with offline_discord(bot, settle_timeout=SETTLE_SECONDS) as env:
        guild = env.create_guild("Hadara demo")
        channel = guild.create_text_channel("hadara", topic="Type /hadara new to start a game")
        you = guild.add_member(env.create_user("you"))
        friend = guild.add_member(env.create_user("friend"))
        follower = Follower(env, channel, [you, friend], port)
        await follower.open(channel)
        print(WELCOME.format(url=follower.url), flush=True)
        try:
            await follower.run()
        finally:
            if not follower.closed:
                await follower.preview.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m devtools.demo",
                                 description="the real bot against an offline Discord, in "
                                 "your browser (make demo)")
    ap.add_argument("--port", type=int, default=DEFAULT_PORT,
                    help=f"local port of the preview (default {DEFAULT_PORT}; 0: any free one)")
    ap.add_argument("--db", default=None,
                    help="database file (default: a new one in a temporary folder)")
    args = ap.parse_args(argv)
    missing = missing_preview()
    if missing:
        print(f"missing: {', '.join(missing)}\n\n{INSTALL_HELP}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord").setLevel(logging.ERROR)  # voice and intent notes, offline
    with tempfile.TemporaryDirectory(prefix="hadara-demo-") as tmp:
        db = args.db or str(Path(tmp) / "demo.sqlite3")
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(run_demo(db, args.port))
    print("demo stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
