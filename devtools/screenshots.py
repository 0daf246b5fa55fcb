"""``python -m devtools.screenshots --out DIR`` (``make screenshots``): PNG screenshots of
what a player sees, from a scripted game of the real bot against simcord's offline Discord.

Two people ("alice", whose view is shown, and "bob", who gets his turns by DM) and one AI play
a basic game to its end by clicking, as in the end-to-end tests. At each kind of moment — the
lobby, the board, alice's panels (draft, Phase B, colony, statue, feeding, medals), a round's
reveal, the final scores, bob's DM panel, alice's ``/hadara games`` — simcord's local preview shows that message to its
viewer, and Debian's headless chromium photographs it (a round's reveal is on the board while
everyone is at the table, or in the next message that pings someone). The board and every
panel are also taken at phone width (412 px), and the run fails when a phone panel's first
row of buttons or menus starts below a phone's first screen (:data:`PHONE_FIRST_SCREEN`: it
would need a scroll). Then alice starts a ``/hadara learn`` game: its first lesson and a mistake note
(when her first-option choices make one within a few turns) are photographed.

The bot's web page (docs/web.md) is on, on a free local port, as in ``make demo``: alice's
"Open the board" link, taken from her draft panel in epoch II (the boards are full by then) and
from her last panel at the end of the game, is photographed in chromium at 1280 px and at
412 px, the whole page (``web-board``, ``phone-web-board``; ``web-board-end``,
``phone-web-board-end``). Chromium opens the link as a player does: the link is exchanged
for a session cookie and redirected to the game's page, in one browser profile, whose
``Accept-Language`` is the screenshots' language (the page's own choice of language).

``--locale fr`` (or ``ja``) plays the same game in that language: the server's language and
both players' ``/hadara settings language:`` are set to it, so the thread, the panels, the DMs
and every picture speak it.

The preview's own screenshot needs a Playwright browser download; here the preview page is
pinned the way its managed capture pins it (simcord 3.2.1 internals: ``_pin_capture``), so
chromium on the plain URL sees the message alone, without the preview's toolbar.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cogs.play import panels
from i18n import LOCALES, translate

DESKTOP = 1000
PHONE = 412
#: The web page's desktop width, and the window heights of its pictures by width (taller than
#: the whole page: chromium's screenshot is the window; the empty foot is trimmed off).
WEB_DESKTOP = 1280
WEB_HEIGHTS = {WEB_DESKTOP: 4000, PHONE: 9000}
#: The epoch whose first draft panel of alice's carries the web page's photographed link.
WEB_EPOCH = 2
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
CHROMIUM_HELP = """\
Screenshots need a headless chromium, which was not found.
On Debian or Ubuntu:  sudo apt-get install chromium
(or pass --chromium /path/to/chromium, or set CHROMIUM=/path/to/chromium)."""
#: The table cog's coalescing delays, multiplied (as in tests/e2e): simcord waits out short
#: virtual sleeps in real time, so the scaled ones keep the scripted game quick; the clock is
#: advanced past them after every step. What the messages show is the same.
TIME_SCALE = 60.0
ADVANCE = 100.0
PANEL_KINDS = ("draft", "phase_b", "colony", "statue", "feeding", "medals")
#: The chat a 412 × 915 phone shows between Discord's top bar and its message box: a panel
#: whose first row of buttons or menus starts above this shows it without scrolling.
PHONE_FIRST_SCREEN = 740
#: The height of one row of components in the preview at 412 px (buttons 32 px, 8 px apart),
#: and the margin below the last: a panel's rows are at its bottom, so its first row starts
#: this far above the picture's foot.
CONTROL_ROW = 40
CONTROL_MARGIN = 12
#: The photographed phone panels and their rows of components (filled by ``capture``).
CONTROL_ROWS: dict[str, int] = {}

log = logging.getLogger("hadara.screenshots")


def find_chromium(explicit: str | None = None) -> str | None:
    """``explicit`` (``--chromium``), else ``$CHROMIUM`` (this tool's own option), else the
    first of :data:`CHROMIUM_NAMES` on the PATH; None if that is not found."""
    explicit = explicit or os.environ.get("CHROMIUM")
    if explicit:
        return explicit if Path(explicit).exists() or shutil.which(explicit) else None
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


async def shoot(chromium: str, url: str, out: Path, width: int, height: int,
                language: str | None = None) -> None:
    """One headless chromium screenshot of ``url`` (served by this process meanwhile);
    ``language``: the browser's ``Accept-Language`` (the web page speaks it)."""
    with tempfile.TemporaryDirectory(prefix="hadara-chromium-") as profile:
        proc = await asyncio.create_subprocess_exec(
            chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--hide-scrollbars", f"--user-data-dir={profile}",
            *([f"--accept-lang={language}"] if language else []),
            "--virtual-time-budget=4000", f"--window-size={width},{height}",
            f"--screenshot={out}", url,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
        try:
            code = await asyncio.wait_for(proc.wait(), 120)
        except TimeoutError:
            proc.kill()
            raise RuntimeError(f"chromium timed out on {out.name}") from None
    if code != 0 or not out.is_file():
        raise RuntimeError(f"chromium failed ({code}) on {out.name}")


def trim(path: Path, background_margin: int = 16) -> None:
    """Cut the empty background below and right of the content (fixed-size captures are
    taller than most messages)."""
    from PIL import Image, ImageChops

    with Image.open(path) as image:
        rgb = image.convert("RGB")
    background = Image.new("RGB", rgb.size, rgb.getpixel((rgb.width - 1, rgb.height - 1)))
    box = ImageChops.difference(rgb, background).getbbox()
    if box is None:
        return
    right = min(rgb.width, box[2] + background_margin)
    bottom = min(rgb.height, box[3] + background_margin)
    rgb.crop((0, 0, right, bottom)).save(path, optimize=True)


@dataclass
class Shots:
    """The scripted game's world and the screenshots taken so far."""

    env: Any
    bot: Any
    chromium: str
    out: Path
    channel: Any  # #hadara
    members: dict[str, Any]
    users: dict[str, Any]
    taken: list[Path] = field(default_factory=list)
    gid: int = 0
    locale: str = "en"

    def label(self, key: str) -> str:
        """A button's label in the screenshots' language."""
        return translate(self.locale, key)

    async def capture(self, name: str, target: Any, *, viewer: Any, channel: Any,
                      width: int = DESKTOP, height: int = 900,
                      layout: str = "message") -> Path:
        """Photograph ``target`` (a message or an ephemeral response) as ``viewer`` sees it."""
        await self.env.settle()
        path = self.out / f"{name}.png"
        preview = self.env.preview(channel, viewers=[viewer], layout=layout, width=width,
                                   height=height, display="fixed")
        async with preview:
            try:  # pin the page as simcord's managed capture does (no preview toolbar)
                pin = preview._pin_capture(viewer, target, 0.0, (width, height), layout)
                preview._open_page = lambda viewer_id=None, target_id=None: pin.page
            except Exception as exc:  # another simcord: the interactive page, toolbar and all
                log.warning("could not pin the capture (%s); using the live page", exc)
                await preview.show(target)
            await shoot(self.chromium, preview.url, path, width, height)
        trim(path)
        if hasattr(target, "components"):
            CONTROL_ROWS[path.name] = len(list(target.components))
        self.taken.append(path)
        print(f"  {path}", flush=True)
        return path

    def board_link(self, panel: Any) -> str | None:
        """The url of "Open the board" on ``panel`` (a link button: style 5), or None."""
        for row in panel.components:
            row = row if isinstance(row, dict) else dict(row.to_dict())
            for c in row.get("components", []):
                if c.get("type") == 2 and c.get("style") == 5 \
                        and c.get("label") == self.label("web.open"):
                    return str(c["url"])
        return None

    async def capture_page(self, name: str, link: str) -> list[Path]:
        """Photograph the web page a player's ``link`` opens, whole, at desktop and phone
        width (``name``, ``phone-name``), in a browser speaking the screenshots' language
        (the page follows ``Accept-Language``); first checks that the link opens the game's
        page (not a refusal), as a browser does (the link's redirect, the session cookie)."""
        import aiohttp

        await self.env.settle()
        jar = aiohttp.CookieJar(unsafe=True)  # cookies for 127.0.0.1 (an address, no name)
        async with aiohttp.ClientSession(cookie_jar=jar) as http, http.get(link) as response:
            if response.status != 200 or not response.url.path.startswith("/g/"):
                raise RuntimeError(f"the board link opened {response.url.path} "
                                   f"({response.status}), not the game's page")
        paths = []
        for prefix, width in (("", WEB_DESKTOP), ("phone-", PHONE)):
            path = self.out / f"{prefix}{name}.png"
            await shoot(self.chromium, link, path, width, WEB_HEIGHTS[width], self.locale)
            trim(path)
            self.taken.append(path)
            paths.append(path)
            print(f"  {path}", flush=True)
        return paths

    # -- the game -----------------------------------------------------------------------------

    async def settle(self) -> None:
        await self.bot.service.idle(self.gid)
        await self.env.advance_time(ADVANCE)
        await self.bot.service.idle(self.gid)

    async def thread(self) -> Any:
        record = (await self.bot.service.load(self.gid)).record
        return next(th for th in self.channel.threads if th.id == record.discord["thread"])

    async def message(self, message_id: int) -> Any:
        thread = self.bot.get_channel((await self.thread()).id)
        return await thread.fetch_message(message_id)

    async def board(self) -> Any:
        record = (await self.bot.service.load(self.gid)).record
        return await self.message(int(record.discord["board"]))

    async def waiting(self) -> list[tuple[str, str]]:
        """(member name, decision kind) of the people the game waits for."""
        snap = await self.bot.service.load(self.gid)
        names = {m.id: n for n, m in self.members.items()}
        users = {s.seat: s.user_id for s in snap.record.seats}
        return [(names[users[w.seat]], w.kind) for w in await self.bot.service.waiting(self.gid)
                if users.get(w.seat) in names]

    async def open_panel(self, name: str) -> Any:
        result = await self.members[name].click(await self.board(),
                                                label=self.label("play.take_turn"))
        return result.response

    async def choose(self, name: str, panel: Any) -> None:
        """Step into the panel (steps first, so stepped panels are walked) and choose."""
        actor = self.members[name]
        for _ in range(8):
            rows = [r if isinstance(r, dict) else dict(r.to_dict()) for r in panel.components]
            comps = [c for r in rows for c in r.get("components", [])]
            # a link button ("Open the board") has a url, no custom id: not a choice
            usable = [c for c in comps if not c.get("disabled") and "custom_id" in c]
            steps = [c for c in usable if c.get("type") == 2 and ":n:" in c["custom_id"]
                     and c.get("label") != self.label("play.back")]
            selects = [c for c in usable if c.get("type") == 3]
            actions = [c for c in usable if c.get("type") == 2 and ":a:" in c["custom_id"]]
            if steps:
                panel = (await actor.click(panel, custom_id=steps[0]["custom_id"])).response
            elif selects:
                value = selects[0]["options"][0]["value"]
                values = [value]
                pid = panels.parse_custom_id(selects[0]["custom_id"])
                if pid is not None and pid.seat is not None and panels.is_batch(pid):
                    # feeding is one select of the whole feeding: a valid set of values
                    view = await self.bot.service.view(self.gid, pid.seat)
                    values = panels.feeding_pick(
                        view["private"]["context"],
                        await self.bot.service.options(self.gid, pid.seat),
                        [o["value"] for o in selects[0]["options"]])
                result = await actor.select(panel, values, custom_id=selects[0]["custom_id"])
                if value.startswith("a"):
                    return
                panel = result.response
            elif actions:
                await actor.click(panel, custom_id=actions[0]["custom_id"])
                return
            else:
                raise RuntimeError(f"nothing to choose for {name}")
        raise RuntimeError(f"no choice after 8 steps for {name}")


async def learning_moments(s: Shots) -> None:
    """Two moments of a ``/hadara learn`` game: the first lessons, and a later one (a mistake
    note if alice's first-option choices make one within a few turns)."""
    print("learning game", flush=True)
    alice = s.members["alice"]
    learn = s.bot.get_cog("Learn")
    before = set(await s.bot.service.store.game_ids(("active",)))
    await alice.slash(s.channel, "hadara learn")
    s.gid = max(set(await s.bot.service.store.game_ids(("active",))) - before)
    await s.settle()
    await learn.idle()
    thread = await s.thread()
    lessons = [m for m in thread.history() if m.content.startswith("📘")]
    if lessons:
        await s.capture("12-learn-lesson", lessons[-1], viewer=alice, channel=thread,
                        height=700)
    for _ in range(12):
        notes = [m for m in thread.history() if m.content.startswith("💡")]
        if notes:
            await s.capture("13-learn-note", notes[-1], viewer=alice, channel=thread,
                            height=700)
            return
        waiting = await s.waiting()
        if not waiting:
            break
        name, _ = waiting[0]
        await s.choose(name, await s.open_panel(name))
        await s.settle()
        await learn.idle()


def _scale_table(bot: Any) -> None:
    """Give the table cog a coalescer of its own class (``cogs.table``'s ``Coalescer``, from
    the cog's public ``coalescer`` attribute) with every production delay scaled, as
    tests/e2e do; called before the first game, so the replaced one holds nothing."""
    table = bot.get_cog("Table")
    if table is not None:
        base = table.coalescer
        table.coalescer = type(base)(
            quiet=base.quiet * TIME_SCALE, urgent=base.urgent * TIME_SCALE,
            max_wait=base.max_wait * TIME_SCALE, min_interval=base.min_interval * TIME_SCALE)


async def play_and_shoot(out: Path, chromium: str, db: str,
                         locale: str = "en") -> list[Path]:
    from bot.client import HadaraBot
    from devtools.demo import demo_config, offline_discord, web_served

    bot = HadaraBot(demo_config(db, token="offline-screenshots"))
    # simcord's default settle timeout (5 s) stays below the scaled delays: they are parked
    async with offline_discord(bot) as env:
        _scale_table(bot)
        if not web_served(bot):
            raise RuntimeError("the bot's web page did not start (see the error above)")
        guild = env.create_guild("Hadara")
        channel = guild.create_text_channel("hadara")
        users = {n: env.create_user(n) for n in ("alice", "bob")}
        members = {n: guild.add_member(u) for n, u in users.items()}
        s = Shots(env, bot, chromium, out, channel, members, users, locale=locale)
        alice, bob = members["alice"], members["bob"]
        await bob.slash(channel, "hadara settings", dms=True)
        if locale != "en":  # the server's and both players' language (as an admin would)
            await bot.service.languages.set_guild(guild.id, locale)
            for member in (alice, bob):
                await member.slash(channel, "hadara settings", language=locale)

        print("lobby and board", flush=True)
        await alice.slash(channel, "hadara new", seats=3, ai=1)
        s.gid = max(await bot.service.store.game_ids(("lobby",)))
        thread = await s.thread()
        lobby = thread.history()[0]
        await bob.click(lobby, label=s.label("lobby.button.join"))
        await env.advance_time(ADVANCE)
        lobby = await s.message(lobby.id)
        await s.capture("01-lobby", lobby, viewer=alice, channel=thread, height=700)
        await alice.click(lobby, label=s.label("lobby.button.start"))
        await s.settle()
        board = await s.board()
        await s.capture("02-board", board, viewer=alice, channel=thread, height=1500)
        await s.capture("phone-board", board, viewer=alice, channel=thread, width=PHONE,
                        height=1400)

        print("playing", flush=True)
        shot: set[str] = set()
        reveal_taken = dm_taken = web_taken = games_taken = False
        last_link: str | None = None  # alice's newest "Open the board" (valid a day)
        for _ in range(400):
            await s.settle()
            record = (await bot.service.load(s.gid)).record
            if record.status != "active":
                break
            if not reveal_taken:
                reveals = [m for m in thread.history() if any(
                    a.filename.startswith("reveal") for a in m.attachments)]
                if reveals:
                    await s.capture("04-reveal", reveals[-1], viewer=alice, channel=thread,
                                    height=1100)
                    reveal_taken = True
            if not dm_taken:
                dms = users["bob"].dm_channel.history()
                if dms:
                    await s.capture("10-dm-panel", dms[-1], viewer=users["bob"],
                                    channel=users["bob"].dm_channel, height=1100)
                    dm_taken = True
            waiting = await s.waiting()
            if not waiting:
                continue
            name, kind = waiting[0]
            if name == "alice" and kind == "draft" and not games_taken:
                # her games panel (/hadara games) while this game waits on her
                games = (await alice.slash(channel, "hadara games")).response
                await s.capture("14-games-panel", games, viewer=alice, channel=channel,
                                height=900)
                await s.capture("phone-games-panel", games, viewer=alice, channel=channel,
                                width=PHONE, height=900)
                games_taken = True
            panel = await s.open_panel(name)
            if name == "alice":
                last_link = s.board_link(panel) or last_link
                game = (await bot.service.load(s.gid)).game
                if not web_taken and kind == "draft" and game is not None \
                        and game.epoch == WEB_EPOCH and last_link is not None:
                    await s.capture_page("web-board", last_link)
                    web_taken = True
            if name == "alice" and kind in PANEL_KINDS and kind not in shot:
                number = {"draft": "03", "phase_b": "05", "colony": "06", "statue": "07",
                          "feeding": "08", "medals": "09"}[kind]
                await s.capture(f"{number}-{kind.replace('_', '-')}-panel", panel,
                                viewer=alice, channel=thread, height=1100)
                await s.capture(f"phone-{kind.replace('_', '-')}-panel", panel, viewer=alice,
                                channel=thread, width=PHONE, height=1200)
                shot.add(kind)
            await s.choose(name, panel)
        await s.settle()
        final = thread.history()[-1]
        await s.capture("11-final-scores", final, viewer=alice, channel=thread, height=1100)
        # "Profile" beside bob's name under the final scores: his profile, privately
        clicked = await alice.click(final, label="bob")
        profile = clicked.followups[-1] if clicked.followups else clicked.response
        await s.capture("15-profile", profile, viewer=alice, channel=thread, height=1300)
        await s.capture("phone-profile", profile, viewer=alice, channel=thread, width=PHONE,
                        height=1400)
        if last_link is None:
            raise RuntimeError('alice\'s panels had no "Open the board" link')
        await s.capture_page("web-board-end", last_link)
        missing = [k for k in PANEL_KINDS if k not in shot]
        if missing:
            print(f"  (alice had no {', '.join(missing)} decision in this game)")
        await learning_moments(s)
        await bot.service.idle()
    # simcord.run does not close the bot: close its service and store here, or the store's
    # worker thread keeps the process alive after the last screenshot
    await bot.service.close()
    await bot.service.store.close()
    return s.taken


def below_first_screen(paths: list[Path], rows: dict[str, int] | None = None,
                       limit: int = PHONE_FIRST_SCREEN) -> list[str]:
    """The phone panels (``phone-*-panel.png``, trimmed to the message) whose first row of
    buttons or menus starts below the first screen, as "name: y px" (empty: every panel's
    first button shows at once). ``rows``: each picture's rows of components (default
    :data:`CONTROL_ROWS`; a panel of unknown rows is judged by its whole height)."""
    from PIL import Image

    rows = CONTROL_ROWS if rows is None else rows
    out = []
    for path in paths:
        if path.name.startswith("phone-") and path.name.endswith("-panel.png"):
            with Image.open(path) as image:
                top = image.height - CONTROL_MARGIN - CONTROL_ROW * rows.get(path.name, 0)
            if top > limit:
                out.append(f"{path.stem}: {top} px")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m devtools.screenshots",
                                 description="PNG screenshots of a scripted game")
    ap.add_argument("--out", default=None,
                    help="folder for the PNGs (default out/screenshots, or out/screenshots-fr …)")
    ap.add_argument("--locale", default="en", choices=LOCALES,
                    help="the language of the server and the players (default en)")
    ap.add_argument("--chromium", default=None, metavar="PATH",
                    help="the chromium to photograph with (default $CHROMIUM, else chromium, "
                    "chromium-browser or google-chrome on the PATH)")
    args = ap.parse_args(argv)
    chromium = find_chromium(args.chromium)
    if chromium is None:
        print(CHROMIUM_HELP, file=sys.stderr)
        return 1
    from devtools.demo import INSTALL_HELP, missing_preview

    missing = missing_preview()
    if missing:
        print(f"missing: {', '.join(missing)}\n\n{INSTALL_HELP}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord").setLevel(logging.ERROR)
    out = Path(args.out or ("out/screenshots" if args.locale == "en"
                            else f"out/screenshots-{args.locale}"))
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="hadara-shots-") as tmp, \
            contextlib.suppress(KeyboardInterrupt):
        taken = asyncio.run(play_and_shoot(out, chromium, str(Path(tmp) / "shots.sqlite3"),
                                           args.locale))
        print(f"{len(taken)} screenshots in {out}/")
        tall = below_first_screen(taken)
        if tall:
            print(f"first button below the first screen of a phone ({PHONE_FIRST_SCREEN} "
                  "px): " + ", ".join(tall), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
