"""Benchmark: the live web page (web/) under load, over the real service and web server.

    python bench/web.py [--games 50] [--sockets-per-game 10] [--rate 20] [--seconds 30]
                        [--redraw | --no-redraw] [--navigations 10] [--out FILE]

Prints one JSON object (and writes it to ``--out``), never asserts. One process holds the
service (``GameService`` over a temporary SQLite file, a real clock) on its event loop and the
web server (``web.server.WebServer`` serving ``web.app.make_app`` with a ``Site``, followed as
the bot does: ``web.app.follow``) on its own thread, as in the bot. The clients run in a
second process (``python bench/web.py --client``): both processes share the machine's cores.

* **frames** (``sockets``): ``--games`` two-person games; each is watched by
  ``--sockets-per-game`` sockets — its two players' pages, two tabs each (a session opened
  through ``service.open_web_session``, its cookie; the ``/g`` page and ``/ws`` socket), then
  spectators (the ``/s`` page and ``/sw`` socket; the game's guild allows spectators), each
  spectator from its own loopback address (127.0.x.y: the spectators' rate limit is per
  address). Every client first fetches its page, then opens its socket at the page's
  ``data-version``, as web/static/live.js does. A driver makes ``--rate`` moves per second
  in all, round robin over the games (a game whose previous move is still on its way is
  skipped): the first seat the game waits for submits a random legal action. The moment a
  move is committed is the store's notice of it (``service.listen_changes``, called right
  after the write commits); every update (``service.subscribe``) names the sockets that must
  hear of it (all of the game's when the board changed, else the seats whose own part
  changed). ``frame_*_ms``: from the commit to the first frame received after it on each of
  those sockets (the clients' clock is the same monotonic clock); a pair with no frame
  within 2 s of the last move is ``missed``.
* **bytes per update per socket**: what the sockets received during the run — the frames
  (payload, and on the wire with the WebSocket header) and, with ``--redraw`` (default), the
  page each socket fetched again as live.js does on a frame (at most one redraw a second per
  socket, frames that come meanwhile drawn together; ``Accept-Encoding: gzip, deflate, br``
  as a browser sends): the body as sent (compressed only if the server compresses) and
  decoded, and the response headers — divided by the (update, socket) pairs above. When the
  server cannot keep up, the sockets complete fewer redraws than they ask for and that figure
  shrinks; ``bytes_per_followed_update_sent`` (the goal's figure) is what an update costs a
  page that keeps up: its frames and at least one redraw (the mean one) per update.
* **submit**: the latency of ``await service.submit(...)`` in the socket run, and in the same
  driver with no socket open (half before the socket run, half after it once the server
  has drained what the clients left: ``drain_s``), their p99s and ratio.
* **redraw cost**: one redraw's two parts, quiet: ``service.table`` (the service's loop) and
  ``web.page.game_page`` (the web server's thread), for a two-player game and the five-player
  one below.
* **navigation**: chromium (Debian's, driven by Playwright: tests/support/browser.py) opens a
  player's signed link (web/links.py ``sign``) of a five-player game at epoch III in a fresh
  context each time (``--navigations``, the first one not counted): the time from the start
  of the navigation until the ``load`` event has fired and ``body[data-version]`` holds the
  players' section. Median, min, max.
* **sizes**: the files the page loads from web/static (page.css, live.js, icon.svg), raw and
  gzip-compressed (level 6), and as the server sends them; the page's HTML for that
  five-player game at epoch III, a player's and a spectator's (raw, gzip, as sent).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gzip
import json
import random
import re
import statistics
import sys
import tempfile
import time
import zlib
from bisect import bisect_left
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402

from bench.stats import pct  # noqa: E402

SECRET = b"bench-web-secret" * 2
GUILD = 4242
ACCEPT = "gzip, deflate, br"  # what a browser offers
TABS = 2  # pages (sockets) per player
FIVE = 5  # the sizes' and the navigation's game: five players, at epoch III
GOALS = {"frame_p99_ms": 50.0, "bytes_per_update_per_socket": 4096,
         "submit_p99_ratio": 1.5, "navigation_median_ms": 1000.0, "static_gzip_bytes": 150_000}
GRACE = 2.0  # seconds after the last move for its frames (later: counted as missed)
_VERSION = re.compile(r'data-version="(\d+)"')


def ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def spread(values: list[float]) -> dict[str, Any]:
    """Count, p50, p99 and max of ``values`` (seconds), in ms."""
    if not values:
        return {"n": 0, "p50_ms": None, "p99_ms": None, "max_ms": None}
    return {"n": len(values), "p50_ms": ms(pct(values, 50)), "p99_ms": ms(pct(values, 99)),
            "max_ms": ms(max(values))}


def note(text: str) -> None:
    print(f"... {text}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------- the clients (process 2)


def unpacked(body: bytes, encoding: str) -> bytes | None:
    """``body`` decoded (None: an encoding this script cannot decode, such as br)."""
    encoding = encoding.strip().lower()
    if encoding in ("", "identity"):
        return body
    if encoding == "gzip":
        return gzip.decompress(body)
    if encoding == "deflate":
        try:
            return zlib.decompress(body)
        except zlib.error:
            return zlib.decompress(body, -zlib.MAX_WBITS)
    return None


def header_bytes(resp: aiohttp.ClientResponse) -> int:
    """The response's status line and headers as sent (HTTP/1.1)."""
    line = len(f"HTTP/1.1 {resp.status} {resp.reason}\r\n")
    return line + sum(len(k) + len(v) + 4 for k, v in resp.raw_headers) + 2


PARTS = "X-Hadara-Parts"
_PART = re.compile(r'data-part="([^"]+)" data-hash="([0-9a-f]+)"')


class Client:
    """One open page: its page fetched, its socket open; on a frame, a redraw as live.js."""

    def __init__(self, base: str, spec: dict[str, Any], http: aiohttp.ClientSession,
                 redraw: bool) -> None:
        self.base, self.spec, self.http, self.redraw_on = base, spec, http, redraw
        self.headers = {"Accept-Language": "en", "Accept-Encoding": ACCEPT}
        if spec.get("cookie"):
            self.headers["Cookie"] = f"hadara_session={spec['cookie']}"
        self.version = 0
        self.frames: list[float] = []
        self.frame_payload = 0
        self.frame_wire = 0
        self.redraws = 0
        self.body_wire = 0
        self.body_raw = 0
        self.undecoded = 0
        self.head_wire = 0
        self.redraw_s: list[float] = []
        self.statuses: Counter[int] = Counter()
        self.closes: Counter[str] = Counter()
        self.busy = self.pending = False
        self.parts: dict[str, str] = {}  # the page's parts: name -> hash
        self.layout_changed = False
        self.last = 0.0
        self.tasks: set[asyncio.Task[None]] = set()
        self.ready = asyncio.Event()
        self.stopping = False

    async def fetch(self, count: bool) -> None:
        """The page, as live.js asks for it: whole the first time, then naming the parts
        it holds (``X-Hadara-Parts``) and patching the parts that changed; whole again when
        the layout changed."""
        whole = not self.parts
        await self._get(count, whole)
        if self.layout_changed:
            self.layout_changed = False
            await self._get(count, True)

    async def _get(self, count: bool, whole: bool) -> None:
        t = time.monotonic()
        headers = dict(self.headers)
        if not whole:
            headers[PARTS] = ",".join(f"{n}:{h}" for n, h in self.parts.items())
        async with self.http.get(self.base + self.spec["page"], headers=headers) as resp:
            body = await resp.read()
            encoding = resp.headers.get("Content-Encoding", "")
            text = unpacked(body, encoding)
            if text and resp.status == 200:
                self._take(text.decode("utf-8", "replace"),
                           resp.headers.get("Content-Type", "").startswith("application/json"))
            if count:
                self.redraws += 1
                self.statuses[resp.status] += 1
                self.body_wire += len(body)
                if text is None:
                    self.undecoded += 1
                else:
                    self.body_raw += len(text)
                self.head_wire += header_bytes(resp)
                self.redraw_s.append(time.monotonic() - t)
            if resp.status in (429, 503):
                retry = resp.headers.get("Retry-After", "5")
                raise _Later(min(float(retry) if retry.isdigit() else 5.0, 60.0))

    def _take(self, text: str, is_json: bool) -> None:
        """What the page holds after an answer: its version and its parts' hashes."""
        if not is_json:
            match = _VERSION.search(text)
            if match:
                self.version = int(match.group(1))
            self.parts = dict(_PART.findall(text))
            return
        data = json.loads(text)
        fixed = [n for n in data["order"] if not n.startswith("pop-")]
        if fixed != [n for n in self.parts if not n.startswith("pop-")]:
            self.layout_changed = True
            return
        self.version = int(data["version"])
        for html in data["parts"].values():
            self.parts.update(_PART.findall(html)[:1])
        self.parts = {n: self.parts[n] for n in data["order"] if n in self.parts}

    def redraw(self) -> None:
        if not self.redraw_on or self.stopping:
            return
        task = asyncio.ensure_future(self._redraw())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _redraw(self) -> None:
        """live.js's redraw: one at a time, at most one a second; a frame while one is on its
        way makes one more after it; 429/503: again after Retry-After."""
        if self.busy:
            self.pending = True
            return
        self.busy = True
        wait = 0.0
        try:
            early = self.last + 1.0 - time.monotonic()
            if early > 0:
                await asyncio.sleep(early)
            self.last = time.monotonic()
            await self.fetch(True)
        except _Later as later:
            wait, self.pending = later.seconds, True
        except (aiohttp.ClientError, OSError):
            wait, self.pending = 5.0, True
        finally:
            self.busy = False
        if self.pending and not self.stopping:
            self.pending = False
            await asyncio.sleep(wait)
            await self._redraw()

    async def run(self) -> None:
        while True:
            try:
                await self.fetch(False)
                break
            except _Later as later:
                await asyncio.sleep(later.seconds)
        delay = 1.0
        origin = self.base
        while not self.stopping:
            try:
                async with self.http.ws_connect(
                        f"{self.base}{self.spec['socket']}?v={self.version}",
                        headers={**self.headers, "Origin": origin}, autoping=True,
                        max_msg_size=1 << 16) as ws:
                    self.ready.set()
                    delay = 1.0
                    async for message in ws:
                        if message.type == aiohttp.WSMsgType.TEXT:
                            self.frames.append(time.monotonic())
                            size = len(message.data.encode("utf-8"))
                            self.frame_payload += size
                            self.frame_wire += size + (2 if size < 126 else 4)
                            self.redraw()
                    self.closes[str(ws.close_code)] += 1
            except (aiohttp.ClientError, OSError) as exc:
                self.closes[type(exc).__name__] += 1
            if self.stopping:
                break
            self.redraw()  # as live.js: a closed socket redraws, then connects again
            await asyncio.sleep(delay)
            delay = min(delay * 2, 30.0)

    def figures(self) -> dict[str, Any]:
        return {"frames": self.frames, "frame_payload": self.frame_payload,
                "frame_wire": self.frame_wire, "redraws": self.redraws,
                "body_wire": self.body_wire, "body_raw": self.body_raw,
                "undecoded": self.undecoded, "head_wire": self.head_wire,
                "redraw_s": self.redraw_s, "statuses": dict(self.statuses),
                "closes": dict(self.closes)}


class _Later(Exception):
    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self.seconds = seconds


async def clients_main() -> None:
    """The clients' process: the sockets of a spec read from stdin; ``ready`` on stdout once
    every socket is open; on ``stop`` (stdin), the figures as one JSON line."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=1 << 26)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    spec = json.loads(await reader.readline())
    sessions: dict[str, aiohttp.ClientSession] = {}

    def session(addr: str) -> aiohttp.ClientSession:
        if addr not in sessions:
            sessions[addr] = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(limit=0, local_addr=(addr, 0)),
                auto_decompress=False, cookie_jar=aiohttp.DummyCookieJar())
        return sessions[addr]

    clients = [Client(spec["base"], one, session(one["addr"]), spec["redraw"])
               for one in spec["sockets"]]
    runs = []
    for i, client in enumerate(clients):  # opened in turn, a few at a time
        runs.append(asyncio.ensure_future(client.run()))
        if i % 20 == 19:
            await asyncio.gather(*(c.ready.wait() for c in clients[:i + 1]))
    await asyncio.wait_for(asyncio.gather(*(c.ready.wait() for c in clients)), 300)
    print("ready", flush=True)
    await reader.readline()  # stop
    for client in clients:
        client.stopping = True
    for run in runs:
        run.cancel()
    for client in clients:
        for task in list(client.tasks):
            task.cancel()
    await asyncio.gather(*runs, *(t for c in clients for t in c.tasks),
                         return_exceptions=True)
    for http in sessions.values():
        await http.close()
    print(json.dumps([c.figures() for c in clients]), flush=True)


# ---------------------------------------------------------------------- the service (process 1)


async def open_site(db: Path) -> tuple[Any, ...]:
    """The store, the service (opened), the site and the web server following the service."""
    from bot.service import GameService, ImageCache
    from bot.storage import SqliteStore
    from web.app import Site, make_app
    from web.server import WebServer

    store = SqliteStore(db)
    await store.open()
    svc = GameService(store, ai_pool=ThreadPoolExecutor(1), render_pool=ThreadPoolExecutor(1),
                      image_cache=ImageCache(8 << 20))
    await svc.open()
    site = Site(svc, SECRET, secure_cookies=False)
    server = WebServer(lambda bridge: make_app(bridge, site), host="127.0.0.1", port=0)
    await server.start()
    return store, svc, site, server


async def new_table(svc: Any, users: list[int]) -> tuple[int, list[int]]:
    """A started game of ``users`` on the guild GUILD: its id and its seats' users (the
    start draws the seats' order)."""
    gid: int = await svc.create(users[0], f"user{users[0]}", seats=len(users))
    for u in users[1:]:
        await svc.join(gid, u, f"user{u}")
    await svc.start(gid, users[0])
    await svc.idle(gid)
    await svc.set_discord(gid, {"guild": GUILD, "thread": 77})
    seats = sorted((await svc.load(gid)).record.seats, key=lambda s: s.seat)
    return gid, [s.user_id for s in seats]


async def move(svc: Any, gid: int, users: list[int], rng: random.Random,
               latencies: list[float] | None = None) -> bool:
    """The first seat the game waits for submits a random legal action (False: nobody
    waits: the game is over, or plays on by itself)."""
    from bot.service import Refusal

    waiting = await svc.waiting(gid)
    if not waiting:
        return False
    w = waiting[0]
    legal = (await svc.view(gid, w.seat))["private"]["legal_actions"]
    if not legal:
        return False
    t = time.monotonic()
    try:
        await svc.submit(gid, users[w.seat], w.decision_id, rng.choice(legal))
    except Refusal:
        return False
    if latencies is not None:
        latencies.append(time.monotonic() - t)
    return True


async def drive(svc: Any, games: dict[int, list[int]], rate: float, seconds: float,
                rng: random.Random) -> dict[str, Any]:
    """``rate`` moves a second in all, round robin over ``games``, for ``seconds``; open
    loop (a slow submit does not delay the next game's move)."""
    order = list(games)
    latencies: list[float] = []
    busy: set[int] = set()
    tasks: list[asyncio.Task[None]] = []
    skipped = refused = 0

    async def one(gid: int) -> None:
        nonlocal refused
        try:
            if not await move(svc, gid, games[gid], rng, latencies):
                refused += 1
        finally:
            busy.discard(gid)

    start = time.monotonic()
    k = 0
    while (at := start + k / rate) < start + seconds:
        await asyncio.sleep(max(0.0, at - time.monotonic()))
        gid = order[k % len(order)]
        k += 1
        if gid in busy:
            skipped += 1
            continue
        busy.add(gid)
        tasks.append(asyncio.ensure_future(one(gid)))
    await asyncio.gather(*tasks)
    elapsed = time.monotonic() - start
    return {"latencies": latencies, "offered": k, "skipped_busy": skipped,
            "not_moved": refused, "moves_per_s": round(len(latencies) / elapsed, 1)}


class Events:
    """Every committed change of the games (the store's notice) and the update that follows
    it (which sockets must hear of it), timed on the service's loop."""

    def __init__(self) -> None:
        self.on = False
        self.pending: dict[int, float] = {}
        self.events: list[tuple[int, float, bool, tuple[int, ...]]] = []
        self.notices = 0

    def notice(self, game_id: int, version: int) -> None:
        if self.on:
            self.notices += 1
            self.pending.setdefault(game_id, time.monotonic())

    def update(self, update: Any) -> None:
        if not self.on:
            return
        at = self.pending.pop(update.game_id, None) or time.monotonic()
        self.events.append((update.game_id, at, bool(update.board_changed),
                            tuple(update.stale_panels)))


async def players_sessions(svc: Any, users: list[int]) -> dict[int, list[str]]:
    """``TABS`` web sessions per user (their cookies), opened through the service as the
    link exchange does (the links' own limit per address is not what is measured here)."""
    import secrets

    from web.app import token_hash

    out: dict[int, list[str]] = {}
    for user in users:
        out[user] = []
        for _ in range(TABS):
            token = secrets.token_urlsafe(32)
            await svc.open_web_session(token_hash(token), user, time.time(), 24 * 3600)
            out[user].append(token)
    return out


def socket_specs(games: dict[int, list[int]], cookies: dict[int, list[str]],
                 per_game: int) -> list[dict[str, Any]]:
    from web import spectate

    specs = []
    watcher = 0
    for gid, users in games.items():
        for i in range(per_game):
            if i < len(users) * TABS:  # the players' tabs first
                seat, tab = i % len(users), i // len(users)
                specs.append({"game": gid, "seat": seat, "cookie": cookies[users[seat]][tab],
                              "page": f"/g/{gid}", "socket": f"/ws/{gid}", "addr": "127.0.0.1"})
            else:
                watcher += 1
                specs.append({"game": gid, "seat": None, "cookie": None,
                              "page": spectate.page_path(SECRET, gid),
                              "socket": spectate.socket_path(SECRET, gid),
                              "addr": f"127.0.{1 + watcher // 250}.{1 + watcher % 250}"})
    return specs


async def with_clients(port: int, specs: list[dict[str, Any]], redraw: bool, run: Any
                       ) -> tuple[list[dict[str, Any]], Any, float]:
    """Start the clients' process on ``specs``; once every socket is open, await ``run()``;
    then stop the clients and return their figures, ``run``'s result and the connect time."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(Path(__file__).resolve()), "--client",
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=1 << 28)
    assert proc.stdin is not None and proc.stdout is not None
    t = time.monotonic()
    proc.stdin.write(json.dumps({"base": f"http://127.0.0.1:{port}", "sockets": specs,
                                 "redraw": redraw}).encode() + b"\n")
    await proc.stdin.drain()
    try:
        line = await asyncio.wait_for(proc.stdout.readline(), 600)
        if line.strip() != b"ready":
            raise SystemExit(f"the clients did not start: {line[:300]!r}")
        connected = time.monotonic() - t
        result = await run()
        proc.stdin.write(b"stop\n")
        await proc.stdin.drain()
        figures = json.loads(await asyncio.wait_for(proc.stdout.readline(), 120))
    finally:
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()  # the child this function started, by its own handle
        await proc.wait()
    return figures, result, connected


def frame_figures(events: list[tuple[int, float, bool, tuple[int, ...]]],
                  specs: list[dict[str, Any]], clients: list[dict[str, Any]],
                  until: float) -> dict[str, Any]:
    """From each commit to the first frame after it on each socket that must hear of it."""
    by_game: dict[int, list[int]] = {}
    for i, spec in enumerate(specs):
        by_game.setdefault(spec["game"], []).append(i)
    lat: list[float] = []
    missed = pairs = 0
    for gid, at, board, seats in events:
        for i in by_game.get(gid, ()):
            if not board and specs[i]["seat"] not in seats:
                continue
            pairs += 1
            frames = clients[i]["frames"]
            j = bisect_left(frames, at)
            if j < len(frames) and frames[j] <= until:
                lat.append(frames[j] - at)
            else:
                missed += 1
    frames_total = sum(len(c["frames"]) for c in clients)
    return {**{f"frame_{k}": v for k, v in spread(lat).items()}, "pairs": pairs,
            "missed": missed, "frames": frames_total,
            "frames_per_pair": round(frames_total / pairs, 2) if pairs else None}


def byte_figures(clients: list[dict[str, Any]], pairs: int) -> dict[str, Any]:
    total = {k: sum(c[k] for c in clients) for k in (
        "frame_payload", "frame_wire", "redraws", "body_wire", "body_raw", "head_wire",
        "undecoded")}
    statuses: Counter[str] = Counter()
    closes: Counter[str] = Counter()
    for c in clients:
        statuses.update({str(k): v for k, v in c["statuses"].items()})
        closes.update(c["closes"])
    redraw_s = [x for c in clients for x in c["redraw_s"]]
    per = max(pairs, 1)
    redraws = max(total["redraws"], 1)
    return {
        "frame_payload_per_update_per_socket": round(total["frame_payload"] / per, 1),
        "frame_wire_per_update_per_socket": round(total["frame_wire"] / per, 1),
        "redraws": total["redraws"], "redraw_statuses": dict(statuses),
        "redraws_per_update_per_socket": round(total["redraws"] / per, 2),
        "redraw_body_raw_mean": round(total["body_raw"] / redraws),
        "redraw_body_wire_mean": round(total["body_wire"] / redraws),
        "redraw_headers_mean": round(total["head_wire"] / redraws),
        "redraw_undecoded": total["undecoded"],
        **{f"redraw_fetch_{k}": v for k, v in spread(redraw_s).items() if k != "n"},
        "bytes_per_update_per_socket_raw": round(
            (total["frame_payload"] + total["body_raw"]) / per),
        "bytes_per_update_per_socket_sent": round(
            (total["frame_wire"] + total["body_wire"] + total["head_wire"]) / per),
        # a page that keeps up: its frames and at least one redraw per update (a server too
        # busy to answer makes the figure above smaller than what the pages ask for)
        "bytes_per_followed_update_sent": round(
            total["frame_wire"] / per + (total["body_wire"] + total["head_wire"]) / redraws
            * max(1.0, total["redraws"] / per)) if total["redraws"] else
        round(total["frame_wire"] / per),
        "socket_closes": dict(closes)}


# ---------------------------------------------------------------------- sizes and chromium


async def epoch_three(svc: Any, rng: random.Random) -> tuple[int, list[int]]:
    """A five-player game played (random legal moves) into epoch III."""
    gid, users = await new_table(svc, [900_001 + i for i in range(FIVE)])
    for _ in range(2000):
        if (await svc.view(gid, None))["epoch"] >= 3:
            break
        await move(svc, gid, users, rng)
        await svc.idle(gid)
    for _ in range(10):  # a few moves into it
        await move(svc, gid, users, rng)
        await svc.idle(gid)
    return gid, users


def packed(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=6, mtime=0))


async def sizes(port: int, svc: Any, gid: int, users: list[int]) -> dict[str, Any]:
    """web/static as the page loads it, and the page's HTML (a player's, a spectator's)."""
    from web import spectate

    base = f"http://127.0.0.1:{port}"
    cookie = (await players_sessions(svc, users[:1]))[users[0]][0]
    out: dict[str, Any] = {}
    async with aiohttp.ClientSession(auto_decompress=False,
                                     cookie_jar=aiohttp.DummyCookieJar()) as http:
        async def get(path: str, **headers: str) -> tuple[bytes, int, str]:
            async with http.get(base + path, headers={"Accept-Encoding": ACCEPT,
                                                      "Accept-Language": "en",
                                                      **headers}) as resp:
                assert resp.status == 200, (path, resp.status)
                body = await resp.read()
                return body, len(body), resp.headers.get("Content-Encoding", "")

        static_raw = static_gzip = static_sent = 0
        for name in ("page.css", "live.js", "icon.svg"):
            raw = (ROOT / "web" / "static" / name).read_bytes()
            _, sent, encoding = await get(f"/static/{name}")
            out[name] = {"raw": len(raw), "gzip": packed(raw), "sent": sent,
                         "sent_encoding": encoding or "identity"}
            static_raw += len(raw)
            static_gzip += packed(raw)
            static_sent += sent
        out["static_total"] = {"raw": static_raw, "gzip": static_gzip, "sent": static_sent}
        for label, path, headers in (
                ("page_player", f"/g/{gid}", {"Cookie": f"hadara_session={cookie}"}),
                ("page_spectator", spectate.page_path(SECRET, gid), {})):
            body, sent, encoding = await get(path, **headers)
            text = unpacked(body, encoding)
            out[label] = {"raw": len(text) if text is not None else None,
                          "gzip": packed(text) if text is not None else None,
                          "sent": sent, "sent_encoding": encoding or "identity"}
    return out


async def navigations(port: int, gid: int, user: int, count: int) -> dict[str, Any]:
    """Chromium opens the user's signed link ``count`` + 1 times, a fresh context each."""
    from web import links

    chromium = Path("/usr/lib/chromium/chromium")
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        return {"skipped": "Playwright for Python is not installed"}
    if not chromium.exists():
        return {"skipped": "Debian's chromium is not installed (apt install chromium)"}
    times: list[float] = []
    loads: list[float] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(chromium),
                                           args=["--no-sandbox"])
        try:
            for _ in range(count + 1):
                context = await browser.new_context(viewport={"width": 412, "height": 900})
                page = await context.new_page()
                url = (f"http://127.0.0.1:{port}/l/"
                       + links.sign(SECRET, user, gid, time.time(), 600))
                t = time.monotonic()
                await page.goto(url, wait_until="load")
                await page.wait_for_selector("body[data-version] section.players .seat",
                                             state="attached")
                times.append(time.monotonic() - t)
                loads.append(await page.evaluate(
                    "performance.getEntriesByType('navigation')[0].loadEventEnd") / 1000)
                await context.close()
        finally:
            await browser.close()
    first, rest = times[0], times[1:] or times
    return {"count": len(rest), "first_ms": ms(first),
            "median_ms": ms(statistics.median(rest)), "min_ms": ms(min(rest)),
            "max_ms": ms(max(rest)),
            "load_event_median_ms": ms(statistics.median(loads[1:] or loads))}


# ---------------------------------------------------------------------- the run


async def bench(args: argparse.Namespace) -> dict[str, Any]:
    from web.app import follow

    rng = random.Random(args.seed)
    out: dict[str, Any] = {"config": {
        "games": args.games, "sockets_per_game": args.sockets_per_game,
        "sockets": args.games * args.sockets_per_game, "rate": args.rate,
        "seconds": args.seconds, "redraw": args.redraw, "players_tabs": TABS,
        "clients": "a second process (python bench/web.py --client), same machine",
        "cores": _cores(), **_tree()}}
    with tempfile.TemporaryDirectory(prefix="hadara-bench-web-") as tmp:
        store, svc, site, server = await open_site(Path(tmp) / "web.sqlite3")
        events = Events()
        unlisten = [svc.listen_changes(events.notice), svc.subscribe(events.update)]
        assert server.loop is not None
        unfollow = follow(site, server.loop)  # after ours: the commit is timed first
        try:
            note(f"{args.games} games")
            await svc.set_web_spectators(GUILD, True)
            games: dict[int, list[int]] = {}
            for g in range(args.games):
                gid, users = await new_table(svc, [10_000 + 2 * g, 10_001 + 2 * g])
                games[gid] = users
            cookies = await players_sessions(svc, [u for us in games.values() for u in us])
            specs = socket_specs(games, cookies, args.sockets_per_game)

            note(f"no sockets, {args.seconds / 2:g} s")
            quiet = await drive(svc, games, args.rate, args.seconds / 2, rng)

            async def loaded() -> tuple[dict[str, Any], float]:
                events.on = True
                result = await drive(svc, games, args.rate, args.seconds, rng)
                events.on = False
                await asyncio.sleep(GRACE)  # the last moves' frames on their way
                return result, time.monotonic()

            note(f"{len(specs)} sockets ({'with' if args.redraw else 'without'} redraws), "
                 f"{args.seconds:g} s")
            clients, (busy, until), connected = await with_clients(
                server.port, specs, args.redraw, loaded)
            drained = await drain(site, server)
            note(f"no sockets, {args.seconds / 2:g} s")
            quiet2 = await drive(svc, games, args.rate, args.seconds / 2, rng)

            frames = frame_figures(events.events, specs, clients, until)
            out["frames"] = {"connect_s": round(connected, 1), "drain_s": drained,
                             "updates": len(events.events),
                             "notices": events.notices, **frames}
            out["bytes"] = byte_figures(clients, frames["pairs"])
            base = quiet["latencies"] + quiet2["latencies"]
            with_sockets = spread(busy["latencies"])
            without = spread(base)
            out["submit"] = {
                "with_sockets": {**with_sockets, **_drive_counts(busy)},
                "without_sockets": {**without, **_drive_counts(quiet, quiet2),
                                    "before_p99_ms": spread(quiet["latencies"])["p99_ms"],
                                    "after_p99_ms": spread(quiet2["latencies"])["p99_ms"]},
                "p99_ratio": round(with_sockets["p99_ms"] / without["p99_ms"], 2)
                if with_sockets["n"] and without["n"] else None}

            note("a five-player game to epoch III")
            five, five_users = await epoch_three(svc, rng)
            out["sizes"] = await sizes(server.port, svc, five, five_users)
            out["redraw_cost"] = await redraw_cost(svc, next(iter(games)), five)
            if args.navigations > 0:
                note(f"chromium, {args.navigations} navigations")
                out["navigation"] = await navigations(server.port, five, five_users[0],
                                                      args.navigations)
            else:
                out["navigation"] = {"skipped": "--navigations 0"}
        finally:
            for stop in unfollow + unlisten:
                stop()
            await server.stop()
            await svc.close()
            await store.close()
    out["goals"] = goals(out)
    return out


async def drain(site: Any, server: Any, limit: float = 120.0) -> float:
    """After the clients left: until no socket is open and the web server's loop answers
    within 20 ms for a second (the requests it still had are done). The seconds taken."""
    assert server.loop is not None
    start = time.monotonic()
    calm = 0.0
    while time.monotonic() - start < limit:
        t = time.monotonic()
        await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(asyncio.sleep(0),
                                                                   server.loop))
        took = time.monotonic() - t
        calm = calm + 0.05 if took < 0.02 and site.live.count() == 0 else 0.0
        if calm >= 1.0:
            break
        await asyncio.sleep(0.05)
    return round(time.monotonic() - start, 1)


async def redraw_cost(svc: Any, two: int, five: int, repeat: int = 20) -> dict[str, Any]:
    """What one redraw costs, quiet, in its two parts: the service's ``table`` (on the
    service's loop) and ``game_page`` (on the web server's thread); medians in ms."""
    from web.page import game_page

    out: dict[str, Any] = {}
    for label, gid in (("two_players", two), ("five_players_epoch3", five)):
        tables, pages = [], []
        for _ in range(repeat):
            t = time.perf_counter()
            state = await svc.table(gid, 0)
            tables.append(time.perf_counter() - t)
            t = time.perf_counter()
            game_page(state, "en")
            pages.append(time.perf_counter() - t)
        out[label] = {"table_ms": ms(statistics.median(tables)),
                      "game_page_ms": ms(statistics.median(pages))}
    return out


def _drive_counts(*runs: dict[str, Any]) -> dict[str, Any]:
    return {"offered": sum(r["offered"] for r in runs),
            "skipped_busy": sum(r["skipped_busy"] for r in runs),
            "not_moved": sum(r["not_moved"] for r in runs),
            "moves_per_s": [r["moves_per_s"] for r in runs]}


def _tree() -> dict[str, Any]:
    """The commit measured, and whether web/ differed from it (work in progress)."""
    import subprocess

    def git(*args: str) -> str:
        try:
            return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True,
                                  text=True, timeout=10).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return ""

    return {"commit": git("rev-parse", "--short", "HEAD"),
            "web_changed_since": bool(git("status", "--porcelain", "--", "web"))}


def _cores() -> int:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else \
        (os.cpu_count() or 0)


def goals(out: dict[str, Any]) -> dict[str, Any]:
    def mark(value: Any, goal: float) -> dict[str, Any]:
        if value is None:
            return {"value": None, "goal": goal, "met": None}
        return {"value": value, "goal": goal, "met": value <= goal}

    nav = out.get("navigation", {})
    return {
        "frame_p99_ms": mark(out["frames"]["frame_p99_ms"], GOALS["frame_p99_ms"]),
        "bytes_per_update_per_socket": mark(out["bytes"]["bytes_per_followed_update_sent"],
                                            GOALS["bytes_per_update_per_socket"]),
        "submit_p99_ratio": mark(out["submit"]["p99_ratio"], GOALS["submit_p99_ratio"]),
        "navigation_median_ms": mark(nav.get("median_ms"), GOALS["navigation_median_ms"]),
        "static_gzip_bytes": mark(out["sizes"]["static_total"]["gzip"],
                                  GOALS["static_gzip_bytes"])}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--sockets-per-game", type=int, default=10)
    parser.add_argument("--rate", type=float, default=20.0, help="moves per second, in all")
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="the socket run; the run without sockets lasts as long")
    parser.add_argument("--redraw", action=argparse.BooleanOptionalAction, default=True,
                        help="each socket fetches its page again on a frame, as live.js")
    parser.add_argument("--navigations", type=int, default=10,
                        help="chromium navigations (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="also write the JSON object here")
    parser.add_argument("--client", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.client:
        asyncio.run(clients_main())
        return 0
    if args.games < 1 or args.sockets_per_game < 0 or args.rate <= 0 or args.seconds <= 0:
        parser.error("--games ≥ 1, --sockets-per-game ≥ 0, --rate and --seconds > 0")
    out = asyncio.run(bench(args))
    text = json.dumps(out, indent=1)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
