"""Shared helpers of the end-to-end tests: the real bot under simcord, a player that clicks
through the panels the way a person would, Discord's message limits, and the real time from
an interaction's dispatch to its acknowledgement.

simcord's clock context must not cross fixture tasks, so the world is an async context
manager the test enters itself (``async with world(tmp_path) as w``), not a fixture.
"""

from __future__ import annotations

import multiprocessing
import re
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

simcord = pytest.importorskip("simcord")

import discord  # noqa: E402
from simcord.http import router as simcord_router  # noqa: E402

import bot.service.service as service_module  # noqa: E402
from bot.client import HadaraBot  # noqa: E402
from bot.config import Config  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.storage.base import ACTIVE  # noqa: E402
from cogs.play import panels as P  # noqa: E402
from cogs.table.coalescer import Coalescer  # noqa: E402
from i18n import LOCALES, translate  # noqa: E402

from . import strict as strict_layer  # noqa: E402

# ------------------------------------------------------------------------------ strict Discord


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", strict_layer.MARKER)


@pytest.fixture(autouse=True)
def strict_discord(request: pytest.FixtureRequest,
                   monkeypatch: pytest.MonkeyPatch) -> Iterator[strict_layer.StrictDiscord | None]:
    """Every end-to-end test runs against the strict Discord (tests/e2e/strict.py, described
    in docs/testing.md) — its HTTP client and its webhook adapter (interaction responses),
    every request checked against Discord's OpenAPI description (tests/e2e/discord_schema.py)
    — unless its module is pending there or the test opts out with
    ``@pytest.mark.discord_limits(strict=False)`` (one limit: ``old_edits=False``, the
    schema check: ``schema=False``, ...)."""
    yield from strict_layer.install(request, monkeypatch)

# ------------------------------------------------------------------------------ Discord limits

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TITLE = 256
MAX_EMBED_DESCRIPTION = 4096
MAX_EMBED_FOOTER = 2048
MAX_EMBED_TOTAL = 6000
MAX_ROWS = 5
MAX_COMPONENTS = 25
MAX_ROW_BUTTONS = 5
MAX_LABEL = 80
MAX_CUSTOM_ID = 100
MAX_SELECT_OPTIONS = 25
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150

ACK_LIMIT = 1.0  # seconds of real time from an interaction's dispatch to its acknowledgement
# the label of a stepped panel's way back, in every language
BACK = {translate(lang, "play.back") for lang in LOCALES}
_CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback")


def limit_problems(payload: dict[str, Any]) -> list[str]:
    """Every way a message payload (REST json or ``Message.to_dict``-like) breaks Discord's
    limits; empty when it is fine."""
    out: list[str] = []
    content = payload.get("content") or ""
    if len(content) > MAX_CONTENT:
        out.append(f"content {len(content)} > {MAX_CONTENT}")
    embeds = payload.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        out.append(f"{len(embeds)} embeds > {MAX_EMBEDS}")
    total = 0
    for e in embeds:
        title = e.get("title") or ""
        desc = e.get("description") or ""
        footer = (e.get("footer") or {}).get("text") or ""
        total += len(title) + len(desc) + len(footer)
        total += sum(len(f.get("name", "")) + len(f.get("value", ""))
                     for f in e.get("fields") or [])
        if len(title) > MAX_EMBED_TITLE:
            out.append(f"embed title {len(title)} > {MAX_EMBED_TITLE}")
        if len(desc) > MAX_EMBED_DESCRIPTION:
            out.append(f"embed description {len(desc)} > {MAX_EMBED_DESCRIPTION}")
        if len(footer) > MAX_EMBED_FOOTER:
            out.append(f"embed footer {len(footer)} > {MAX_EMBED_FOOTER}")
    if total > MAX_EMBED_TOTAL:
        out.append(f"embeds total {total} > {MAX_EMBED_TOTAL}")
    rows = payload.get("components") or []
    if len(rows) > MAX_ROWS:
        out.append(f"{len(rows)} rows > {MAX_ROWS}")
    count = 0
    for row in rows:
        children = row.get("components") or []
        count += len(children)
        buttons = [c for c in children if c.get("type") == 2]
        selects = [c for c in children if c.get("type") == 3]
        if len(buttons) > MAX_ROW_BUTTONS:
            out.append(f"{len(buttons)} buttons in a row > {MAX_ROW_BUTTONS}")
        if selects and len(children) > 1:
            out.append("a select shares its row")
        for c in children:
            cid = c.get("custom_id") or ""
            if len(cid) > MAX_CUSTOM_ID:
                out.append(f"custom id {len(cid)} > {MAX_CUSTOM_ID}: {cid}")
            if len(c.get("label") or "") > MAX_LABEL:
                out.append(f"label {len(c['label'])} > {MAX_LABEL}")
            if len(c.get("placeholder") or "") > MAX_PLACEHOLDER:
                out.append(f"placeholder > {MAX_PLACEHOLDER}")
            options = c.get("options") or []
            if len(options) > MAX_SELECT_OPTIONS:
                out.append(f"{len(options)} select options > {MAX_SELECT_OPTIONS}")
            for o in options:
                for key in ("label", "value", "description"):
                    if len(o.get(key) or "") > MAX_OPTION_TEXT:
                        out.append(f"select option {key} > {MAX_OPTION_TEXT}")
    if count > MAX_COMPONENTS:
        out.append(f"{count} components > {MAX_COMPONENTS}")
    return out


def _message_payload(json: Any) -> dict[str, Any] | None:
    """The message inside a REST body: an interaction callback's ``data`` or the body."""
    if not isinstance(json, dict):
        return None
    data = json.get("data")
    if "type" in json and isinstance(data, dict):
        return data
    if any(k in json for k in ("content", "embeds", "components")):
        return json
    return None


@dataclass
class LimitReport:
    payloads: int = 0  # REST bodies that carried a message (sent, edited, answered)
    stored: int = 0  # messages in the simulated Discord at the end (ephemeral ones included)
    problems: list[str] = field(default_factory=list)


def check_limits(env: Any) -> LimitReport:
    """Every message the bot sent in ``env`` — each REST body that posted, edited or answered
    with a message (ephemeral responses, followups and DMs included), and every message the
    simulated Discord holds — checked against Discord's limits."""
    report = LimitReport()
    for entry in env.http_requests:
        payload = _message_payload(entry.json)
        if payload is None:
            continue
        report.payloads += 1
        report.problems += [f"{entry.method} {entry.path}: {p}" for p in limit_problems(payload)]
    for channel_id, messages in env.backend.messages.items():
        for message in messages.values():
            report.stored += 1
            data = {"content": message.content or "",
                    "embeds": list(getattr(message, "embeds", None) or []),
                    "components": list(getattr(message, "components", None) or [])}
            report.problems += [f"stored message {message.id} in {channel_id}: {p}"
                                for p in limit_problems(data)]
    return report


# ------------------------------------------------------------------------------ ack timing


class AckClock:
    """The real time (``time.perf_counter``) from each interaction's dispatch by simcord to
    its first acknowledgement (the interaction callback request): simcord's own 3-second
    deadline runs on virtual time, so slowness would never fail a test by itself."""

    def __init__(self) -> None:
        self.dispatched: dict[int, float] = {}
        self.acks: dict[int, float] = {}

    def on_dispatch(self, record: Any) -> None:
        self.dispatched[int(record.id)] = time.perf_counter()

    def on_request(self, method: str, path: str) -> None:
        m = _CALLBACK.fullmatch(path) if method == "POST" else None
        if m is not None:
            iid = int(m[1])
            if iid in self.dispatched and iid not in self.acks:
                self.acks[iid] = time.perf_counter() - self.dispatched[iid]

    @property
    def max(self) -> float:
        return max(self.acks.values(), default=0.0)

    @property
    def unanswered(self) -> list[int]:
        return [i for i in self.dispatched if i not in self.acks]

    def summary(self) -> str:
        values = sorted(self.acks.values())
        if not values:
            return "no interactions"
        median = values[len(values) // 2]
        return (f"{len(values)} interactions acknowledged: max {self.max * 1000:.0f} ms, "
                f"median {median * 1000:.0f} ms")


@asynccontextmanager
async def ack_clock(env: Any, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[AckClock]:
    clock = AckClock()
    original = simcord_router.dispatch

    def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        clock.on_request(method, path)
        return original(backend, method, path, **kwargs)

    monkeypatch.setattr(simcord_router, "dispatch", dispatch)
    unregister = env._register_dispatch_observer(clock.on_dispatch)
    # a callback the strict layer answers itself (an Activity's launch) never reaches simcord
    strict = getattr(env.bot.http, "strict", None)
    if strict is not None:
        strict.callback_observers.append(clock.on_request)
    try:
        yield clock
    finally:
        unregister()
        if strict is not None:
            strict.callback_observers.remove(clock.on_request)


# ------------------------------------------------------------------------------ the world


def config(path: str) -> Config:
    return Config(token="x", db=path)


#: One AI process pool for every bot of this test process (a pool of spawned processes costs
#: their start-up and imports: per bot, that was a large share of the end-to-end suite's CPU).
#: Each test's bot borrows it (its service does not own it, so never shuts it down).
_AI_POOL: ProcessPoolExecutor | None = None


def shared_ai_pool() -> ProcessPoolExecutor:
    """The test process's AI pool (made again if a test broke it)."""
    global _AI_POOL
    if _AI_POOL is None or getattr(_AI_POOL, "_broken", False):
        _AI_POOL = ProcessPoolExecutor(2, multiprocessing.get_context("spawn"))
    return _AI_POOL


@pytest.fixture(scope="session", autouse=True)
def _ai_pool_of_the_session() -> Iterator[None]:
    yield
    if _AI_POOL is not None:
        _AI_POOL.shutdown(wait=True, cancel_futures=True)


def borrow_ai_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots built from now on (``HadaraBot(config)`` builds its own service) use the shared
    AI pool."""
    import bot.client as client

    class Service(GameService):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("ai_pool", shared_ai_pool())
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(client, "GameService", Service)


#: The table cog's coalescing delays, multiplied. simcord parks a bot task's sleep only when
#: it ends after its settle deadline (5 s of real time); a shorter virtual sleep is waited for
#: in real time, so each click would wait out the production delays (0.1–0.6 s). Scaled
#: uniformly, the coalescing behaves the same on virtual time, and :func:`settle` advances
#: the clock past it.
TIME_SCALE = 60.0
SETTLE_SECONDS = 100.0  # past the scaled urgent (6 s), quiet (36 s) and min interval (60 s)


def slow_clock(bot: HadaraBot) -> None:
    """Give the bot's table cog the production coalescer with every delay scaled."""
    table = bot.get_cog("Table")
    if table is not None:
        base = Coalescer()
        table.coalescer = Coalescer(  # type: ignore[attr-defined]
            quiet=base.quiet * TIME_SCALE, urgent=base.urgent * TIME_SCALE,
            max_wait=base.max_wait * TIME_SCALE, min_interval=base.min_interval * TIME_SCALE)


@dataclass
class World:
    env: Any
    bot: HadaraBot
    path: str  # the database file: a new bot built from it alone finds everything
    guild: Any
    channel: Any
    members: dict[str, Any]  # name -> MemberActor
    users: dict[str, Any]  # name -> UserHandle (DM clicks)
    clock: AckClock
    updates: Counter[int] = field(default_factory=Counter)  # game -> updates of a started game
    _unsubscribe: Callable[[], None] | None = None

    def count_updates(self) -> None:
        """Count the service's updates per started game (again after a restart)."""
        def on_update(update: Any) -> None:
            if update.status != "lobby":
                self.updates[update.game_id] += 1

        self._unsubscribe = self.service.subscribe(on_update)

    @property
    def service(self) -> GameService:
        return self.bot.service

    def member(self, user_id: int) -> Any:
        return next(m for m in self.members.values() if m.id == user_id)

    def user(self, user_id: int) -> Any:
        return next(u for u in self.users.values() if u.id == user_id)

    async def restart(self) -> HadaraBot:
        """Close the running bot's service and store, and start a new bot built from the
        database path alone (``HadaraBot(config)``: its own store and service)."""
        old = self.bot
        await old.service.close()
        await old.service.store.close()
        new = HadaraBot(config(self.path))
        await self.env.restart_bot(new)
        self.bot = new
        slow_clock(new)
        self.count_updates()
        return new


def fixed_seed(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Games the service starts from now on use ``seed`` (the service draws it with
    ``secrets.randbits``)."""
    monkeypatch.setattr(service_module, "secrets", SimpleNamespace(randbits=lambda bits: seed))


@asynccontextmanager
async def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                names: Sequence[str] = ("alice", "bob", "carol"),
                seed: int | None = 1) -> AsyncIterator[World]:
    """The real bot (every extension, its own store and service built from the database path,
    as in production) under simcord, with a server, a #hadara channel and members. Games
    start with ``seed`` (instead of a random one) so a test plays the same game each time."""
    if seed is not None:
        fixed_seed(monkeypatch, seed)
    borrow_ai_pool(monkeypatch)
    path = str(tmp_path / "hadara.sqlite3")
    bot = HadaraBot(config(path))
    w: World | None = None
    try:
        async with simcord.run(bot) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("hadara")
            users = {n: env.create_user(n) for n in names}
            members = {n: guild.add_member(u) for n, u in users.items()}
            slow_clock(bot)
            async with ack_clock(env, monkeypatch) as clock:
                w = World(env, bot, path, guild, channel, members, users, clock)
                w.count_updates()
                yield w
                await w.service.idle()
                # every test: every message within Discord's limits, every interaction
                # acknowledged, each within ACK_LIMIT of real time
                limits = check_limits(env)
                assert limits.problems == [], limits.problems[:10]
                assert clock.unanswered == [], clock.unanswered
                assert clock.max < ACK_LIMIT, clock.summary()
                assert env.errors == [], env.errors
    finally:
        if w is not None:
            await w.service.close()
            await w.service.store.close()


# ------------------------------------------------------------------------------ reading messages


def rows_of(message: Any) -> list[dict[str, Any]]:
    """A message's component rows as dicts (a ``ResponseMessage`` has them already)."""
    rows = message.components
    return [r if isinstance(r, dict) else dict(r.to_dict()) for r in rows]


def components(message: Any) -> list[dict[str, Any]]:
    return [c for row in rows_of(message) for c in row.get("components", [])]


def ids(message: Any, kind: str, *, enabled: bool = True) -> list[dict[str, Any]]:
    """Our components of ``kind`` (a, n, s, h, t) in a message."""
    out = []
    for c in components(message):
        pid = P.parse_custom_id(c.get("custom_id") or "")
        if pid is not None and pid.kind == kind and not (enabled and c.get("disabled")):
            out.append(c)
    return out


def labels(message: Any) -> list[str]:
    return [c.get("label") or "" for c in components(message) if c.get("type") == 2]


def answer(result: Any) -> Any:
    """The message that answered an interaction (after a deferral, the first followup)."""
    return result.followups[-1] if result.followups else result.response


def description(message: Any) -> str:
    return (message.embeds[0].description or "") if message.embeds else ""


def threads(bot: HadaraBot) -> list[discord.Thread]:
    return [th for g in bot.guilds for th in g.threads]


async def thread_of(w: World, gid: int) -> discord.Thread:
    record = (await w.service.load(gid)).record
    channel = w.bot.get_channel(int(record.discord["thread"])) or await w.bot.fetch_channel(
        int(record.discord["thread"]))
    assert isinstance(channel, discord.Thread)
    return channel


async def board(w: World, gid: int) -> discord.Message:
    record = (await w.service.load(gid)).record
    return await (await thread_of(w, gid)).fetch_message(int(record.discord["board"]))


async def thread_messages(w: World, gid: int) -> list[discord.Message]:
    thread = await thread_of(w, gid)
    return [m async for m in thread.history(limit=None, oldest_first=True)]


# ------------------------------------------------------------------------------ playing


async def settle(w: World, gid: int, seconds: float = SETTLE_SECONDS) -> None:
    """Let the service play on (AI and forced decisions) and the table flush its updates
    (debounced on Discord's clock, virtual under simcord)."""
    await w.service.idle(gid)
    await w.env.advance_time(seconds)
    await w.service.idle(gid)


async def play_to_results(w: World, gids: list[int], feature: str) -> None:
    """Let league or tournament games (``feature``: the cog that records them) play on until
    every one is over and its table's result recorded."""
    cog: Any = w.bot.get_cog(feature)
    for _ in range(60):
        for gid in gids:
            await settle(w, gid)
        await cog.idle()
        statuses = {(await w.service.load(g)).record.status for g in gids}
        if statuses == {"finished"}:
            tables = [await w.service.store.league_tables(game_id=g) for g in gids]
            if all(tb and tb[0].result is not None for tb in tables):
                return
    info = [(await w.service.waiting(g), (await w.service.load(g)).record.seats) for g in gids]
    raise AssertionError(f"{feature} games not over: {statuses} {info}")


async def concede_to_the_end(w: World, gid: int, who: str = "alice") -> None:
    """``who`` concedes; the AI plays the game to its end and the table flushes its last
    updates (the final scores)."""
    await w.members[who].slash(w.channel, "hadara concede", game=gid)
    for _ in range(20):
        await settle(w, gid)
        if (await w.service.load(gid)).record.status == "finished":
            break
    await settle(w, gid)  # the table's last flush
    assert (await w.service.load(gid)).record.status == "finished"


def button(message: Any, key: str) -> str:
    """The custom id of the button labelled ``key`` in whatever language the message speaks."""
    names = {translate(lang, key) for lang in LOCALES}
    return str(next(c for c in components(message) if c.get("label") in names)["custom_id"])


async def new_game(w: World, host: str, *, seats: int, ai: int = 0,
                   variant: str = "basic", join: Iterable[str] = (),
                   hints: bool = True) -> tuple[int, discord.Thread]:
    """``/hadara new`` by ``host``, the others join by the lobby's button, the host starts."""
    result = await w.members[host].slash(w.channel, "hadara new", seats=seats, ai=ai,
                                         variant=variant, hints=hints)
    assert result.ephemeral and "#" in answer(result).content
    gid = max(await w.service.store.game_ids(("lobby",)))
    thread = await thread_of(w, gid)
    lobby = [m async for m in thread.history(limit=5, oldest_first=True)][0]
    for name in join:
        await w.members[name].click(lobby, custom_id=button(lobby, "lobby.button.join"))
    await w.env.advance_time(SETTLE_SECONDS)
    lobby = await thread.fetch_message(lobby.id)
    await w.members[host].click(lobby, custom_id=button(lobby, "lobby.button.start"))
    await settle(w, gid)
    assert (await w.service.load(gid)).record.status == ACTIVE
    return gid, thread


async def people_waiting(w: World, gid: int) -> list[tuple[int, int, str]]:
    """(seat, user id, decision kind) of every person the game waits for now."""
    snap = await w.service.load(gid)
    users = {s.seat: s.user_id for s in snap.record.seats
             if not s.conceded and s.user_id is not None}
    return [(x.seat, users[x.seat], x.kind) for x in await w.service.waiting(gid)
            if users.get(x.seat) is not None]


Chooser = Callable[[list[dict[str, Any]]], int]


def first(options: list[dict[str, Any]]) -> int:
    return 0


@dataclass(frozen=True)
class Seen:
    """A panel as the player saw it at the time (a ``ResponseMessage`` reads the message's
    current state, and a panel is edited in place by the next click)."""

    title: str
    description: str
    payload: dict[str, Any]  # content, embeds, components as sent

    @classmethod
    def of(cls, message: Any) -> Seen:
        embeds = [e.to_dict() for e in message.embeds]
        return cls(embeds[0].get("title", "") if embeds else "",
                   embeds[0].get("description", "") if embeds else "",
                   {"content": message.content or "", "embeds": embeds,
                    "components": rows_of(message)})

    @property
    def rows(self) -> list[dict[str, Any]]:
        return list(self.payload["components"])

    @property
    def components(self) -> list[dict[str, Any]]:
        return [c for row in self.rows for c in row.get("components", [])]


@dataclass
class Turn:
    kind: str
    panels: list[Seen]  # every panel the player saw, the first from "Take my turn"
    result: Any  # the interaction that chose
    user: int = 0  # who chose (set by play)


async def open_panel(w: World, gid: int, user_id: int) -> Any:
    message = await board(w, gid)
    result = await w.member(user_id).click(message, custom_id=button(message, "play.take_turn"))
    panel = result.response
    assert result.ephemeral and panel is not None and panel.embeds, result
    return panel


async def take_turn(w: World, gid: int, user_id: int, *, choose: Chooser = first,
                    panel: Any = None, clicker: Any = None, steps: bool = True) -> Turn:
    """Make the user's current decision by clicking, as a person would: open "Take my turn"
    (unless ``panel`` is given), then step into the panel (with ``steps``, a step button or
    a select first, so stepped decisions are walked) until a button or a select option
    chooses an action. A step that leads nowhere starts again preferring actions."""
    if panel is None:
        panel = await open_panel(w, gid, user_id)
    actor = clicker or w.member(user_id)
    title = panel.embeds[0].title or ""
    seen = [Seen.of(panel)]
    for _ in range(8):
        forward = [c for c in ids(panel, "n") if c.get("label") not in BACK]
        selects = [c for c in components(panel) if c.get("type") == 3]
        actions = ids(panel, "a")
        if not steps and actions:
            forward, selects = [], []
        if forward:
            result = await actor.click(panel, custom_id=forward[choose(forward)]["custom_id"])
        elif selects:
            select = selects[0]
            options = select["options"]
            value = options[choose(options)]["value"]
            values = [value]
            pid = P.parse_custom_id(select["custom_id"])
            if pid is not None and P.is_batch(pid) and pid.seat is not None:
                # the whole feeding in one select: enough cards (or payments) to feed
                ctx = (await w.service.view(gid, pid.seat))["private"]["context"]
                values = P.feeding_pick(ctx, await w.service.options(gid, pid.seat),
                                        [o["value"] for o in options])
            result = await actor.select(panel, values, custom_id=select["custom_id"])
            if values[0].startswith("a"):
                return Turn(title, seen, result)
        elif actions:
            result = await actor.click(panel, custom_id=actions[choose(actions)]["custom_id"])
            return Turn(title, seen, result)
        elif steps:
            turn = await take_turn(w, gid, user_id, choose=choose, clicker=clicker, steps=False)
            turn.panels[:0] = seen
            return turn
        else:
            raise AssertionError(f"nothing to choose in {title!r}: {components(panel)}")
        panel = result.response
        assert panel is not None and panel.embeds, result
        seen.append(Seen.of(panel))
    raise AssertionError(f"no choice after 8 steps in {title!r}")


@dataclass
class Played:
    turns: list[Turn] = field(default_factory=list)

    @property
    def kinds(self) -> set[str]:
        return {t.kind for t in self.turns}


async def play(w: World, gid: int, *, until: Callable[[list[tuple[int, int, str]]], bool]
               | None = None, choose: Chooser = first, max_turns: int = 400,
               log: Played | None = None) -> Played:
    """Play every person's decision by clicking until the game ends (or ``until`` says stop,
    given who must act now)."""
    played = log or Played()
    for _ in range(max_turns):
        await settle(w, gid)
        snap = await w.service.load(gid)
        if snap.record.status != ACTIVE:
            return played
        waiting = await people_waiting(w, gid)
        if until is not None and until(waiting):
            return played
        assert waiting, f"the game waits for nobody: {await w.service.waiting(gid)}"
        seat, user_id, kind = waiting[0]
        turn = await take_turn(w, gid, user_id, choose=choose)
        turn.kind, turn.user = kind, user_id
        played.turns.append(turn)
    raise AssertionError(f"game {gid} not over after {max_turns} turns")


async def first_draft(w: World, join: Sequence[str]) -> tuple[int, list[tuple[int, int]]]:
    """A game of alice and the people of ``join``, no AI, at its first draft round (the wheel
    set by its first option): (game, [(seat, user)] of everyone, all deciding the draft)."""
    gid, _ = await new_game(w, "alice", seats=1 + len(join), join=join)
    for _ in range(10):
        waiting = await people_waiting(w, gid)
        if len(waiting) == 1 + len(join) and all(kind == "draft" for *_, kind in waiting):
            return gid, [(seat, user) for seat, user, _ in waiting]
        seat, user, _ = waiting[0]
        panel = await open_panel(w, gid, user)
        await w.member(user).click(panel, custom_id=ids(panel, "a")[0]["custom_id"])
        await settle(w, gid)
    raise AssertionError("no draft round")
