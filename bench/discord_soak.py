"""Benchmark: a Discord soak — many games at once in one server, under the strict Discord.

    .venv/bin/python bench/discord_soak.py [--games 20] [--days 3] [--seed 1] [--json]
                                           [--channels 4] [--window-scale 60] [--quick]

Prints figures, never asserts. The real bot (``bot.client.HadaraBot`` with its own SQLite store
in a temporary folder, every extension, as ``tests/e2e/conftest.py``'s ``world()`` builds it)
runs under simcord (``simcord.run(bot)``) with the strict layer of ``tests/e2e/strict.py``
installed the way its fixture does it: :meth:`StrictDiscord.client` in place of
``simcord._runtime.FakeHTTPClient``, so discord.py's own bucket and retry code runs and every
request is held to Discord's limits. The table cog gets the production coalescer with every
delay stretched by the e2e world's ``TIME_SCALE`` (``slow_clock``: simcord only parks sleeps
longer than its settle deadline), and the layer's rate-limit windows are stretched by the same
factor (``--window-scale``, default ``TIME_SCALE``), so the bot's cadence is judged as
production would see it (docs/testing.md, "Time scale").

**Setup.** One server, ``--channels`` text channels; ``--games`` games spread over them
(channel ``g % channels``), opened one after another over the first hour or two of virtual
time: ``/hadara new`` by a person (3 or 4 seats, 1–3 people, the other seats greedy AI, a
time control of 12 h or 24 h), the others join by the lobby's button, the host starts. People
come from a pool (about 1.5 per game), so one person plays in several games; a quarter of them
asked for their turns by DM (``/hadara settings dms:True``).

**People.** Each person has a pace (a mean delay, log-uniform between 10 minutes and 4 hours)
and a carelessness (the chance to let a decision go, 2–10 %). Whenever the service's updates
show a new decision of theirs, they plan to act after an exponential delay of that mean —
sooner when they are still there: 15 s to 2 min when their own move opened the decision (the
next step of their turn), and half the time 30 s to 5 min when they acted in the game less
than five minutes before. A careless draw, or a delay past the deadline, lets the decision
go; a reminder DM brings such a person back with a chance of 60 % (5 to 60 minutes later,
if that is before the deadline); otherwise the deadline expires (the AI chooses, a strike;
after three the AI plays the seat, and the person comes back by ``/hadara rejoin`` with a
chance of one half, hours later). Acting is clicking, as the e2e helpers do: the board's
"Take my turn", then the panel's steps, selects and buttons (a random option each time) until
an option is chosen, never a call into the service. Virtual time moves by
``env.advance_time`` to the next planned click (at most ten minutes at a time), until
``--days`` of virtual time passed or every game finished; then the bot gets ten minutes to
flush what is pending, and nothing after the end is counted. A run is deterministic for a
seed (games' seeds included) up to the order of the AI's background work.

**Counted.**

* ``requests``: the bot's requests through discord.py's HTTPClient (the layer's counter;
  the driver makes none: it reads messages from simcord's backend), ``requests_per_game``,
  ``rate_limited`` (429s the layer answered), ``retries`` (attempts discord.py made again),
  ``violations`` (the layer's refusals and limits by kind: 30046, 50083, 40003, 40005,
  50035, rename 429s, 429s discord.py gave up on) and ``strict_counts`` (every counter);
  ``rate_limited_where`` (429s in game threads, DMs, elsewhere); ``by_route``: requests and
  429s per route.
* ``lost``: (a) acknowledged clicks ("✅ Chosen" on the panel, or in the click's own edit of
  it: a live player's panel may have moved on since) whose (seat, decision) is not in
  the stored log, plus published actions missing from storage (a game's last published
  version against the number of stored actions); (b) state changes (each ``Update`` of a
  started game with ``board_changed``) not followed, before the run ended, by a board edit or
  post or a message in that game's thread (seen in the requests simcord's router served, in
  order with the updates).
  A board edit counts for every update published before it, even if its payload was read
  just before the last of them (the table flushes again afterwards anyway).
* ``doubled``: stored actions whose (seat, decision_id) appears twice, and pings (a thread
  message mentioning a person) for the same (game, seat, decision) posted twice. A reminder
  in the thread (halfway through a deadline, for players without DMs) is counted apart, as
  ``thread_reminders``: it is the one reminder of that deadline, not a repeated ping.
* ``update_p99_s``: the p99 over those state changes of the virtual time from the update to
  the first board edit/post or thread message of the game after it (``update_p50_s``,
  ``update_max_s`` too). Virtual seconds with the stretched coalescer: divide by
  ``time_scale`` for the production cadence (``update_p99_prod_s``).
* ``games_finished``, ``virtual_days``, ``wall_seconds``, ``clicks`` (interactions by
  people), ``decisions`` (acknowledged choices), ``deadlines_expired`` (stored actions by the
  deadline), ``takeovers``, ``rejoins``, ``reminders``, ``dm_messages``, ``click_errors``
  (a choice answered without "✅", a click simcord refused), ``settle_timeouts`` (advances
  the bot did not settle within simcord's real-time deadline), ``bot_errors`` (errors simcord
  recorded and ERROR log records, by message).

Progress goes to stderr, the JSON (``--json``) to stdout.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import itertools
import json
import logging
import math
import random
import re
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import simcord  # noqa: E402
import simcord._runtime as simcord_runtime  # noqa: E402
from simcord import ResponseMessage  # noqa: E402
from simcord.http import router as simcord_router  # noqa: E402

import bot.service.service as service_module  # noqa: E402
from bench.stats import pct  # noqa: E402
from bot.client import HadaraBot  # noqa: E402
from bot.service import Update  # noqa: E402
from bot.storage.base import ACTIVE, LOBBY, SeatRecord  # noqa: E402
from cogs.play import panels as P  # noqa: E402
from i18n import translate  # noqa: E402
from tests.e2e.conftest import (  # noqa: E402
    BACK,
    TIME_SCALE,
    answer,
    button,
    components,
    config,
    ids,
    slow_clock,
)
from tests.e2e.strict import Limits, StrictDiscord  # noqa: E402

HOUR = 3600.0
DAY = 24 * HOUR
STEP = 600.0  # the longest single advance of virtual time
SETTLE = 100.0  # past the stretched coalescer's delays (conftest.SETTLE_SECONDS)
TAIL = 600.0  # after the end: time for the bot to flush what is pending
TIME_CONTROLS = ("12h", "24h")
_CHANNEL_MESSAGES = re.compile(r"/channels/(\d+)/messages(?:/(\d+))?")
_ORIGINAL = re.compile(r"/webhooks/\d+/([^/]+)/messages/@original")
#: What only a reminder in a game's thread says (English: the soak's server speaks it).
REMINDER_IN_THREAD = translate("en", "md.reminder.thread", mention="@", id=0, what="|", at="|",
                               rel="|").split("0", 1)[1].split("|")[0]
VIOLATION_KINDS = ("30046", "50083", "40003", "40005", "50035", "429.renames", "exhausted")

log = logging.getLogger("soak")


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------ the people


@dataclass
class Person:
    name: str
    member: Any  # simcord MemberActor
    mean_delay: float  # seconds
    careless: float  # chance to let a decision go
    dms: bool = False

    @property
    def id(self) -> int:
        return int(self.member.id)


@dataclass
class Plan:
    """A click a person means to make: at ``at`` (virtual seconds), on a decision."""

    at: float
    game: int
    seat: int
    decision: str
    user: int
    kind: str = "act"  # act | rejoin


@dataclass
class GameInfo:
    gid: int
    thread: int
    channel: Any  # the parent channel's handle
    lobby: int | None
    people: list[int]
    seats: int
    time_control: str


# ------------------------------------------------------------------------------ bookkeeping


@dataclass
class Seen:
    """One update of a started game, as the soak saw it."""

    seq: int
    at: float  # virtual seconds
    gid: int
    board_changed: bool


@dataclass
class Record:
    """What the soak observes: the service's updates and the bot's message requests, in one
    order (``seq``) on the virtual clock."""

    env: Any = None
    seq: itertools.count[int] = field(default_factory=itertools.count)
    updates: list[Seen] = field(default_factory=list)
    latest: dict[int, Update] = field(default_factory=dict)  # game -> its last update
    max_version: dict[int, int] = field(default_factory=dict)
    causes: Counter[str] = field(default_factory=Counter)
    takeovers: int = 0
    reminders: int = 0
    # game -> [(seq, virtual time)] of each board edit/post or message in its thread
    shown: defaultdict[int, list[tuple[int, float]]] = field(
        default_factory=lambda: defaultdict(list))
    pings: Counter[tuple[int, int, str]] = field(default_factory=Counter)
    unknown_pings: int = 0
    thread_reminders: int = 0
    dm_messages: int = 0
    #: interaction tokens whose message an edit marked "✅" (a choice acknowledged; a live
    #: panel may have moved on to the next decision since)
    acked_tokens: set[str] = field(default_factory=set)
    thread_posts: int = 0
    board_edits: int = 0
    lobby_ids: set[int] = field(default_factory=set)
    #: (game, seat, decision) opened by the seat's own move: the next step of its turn
    own_next: set[tuple[int, int, str]] = field(default_factory=set)
    #: (game, seat, decision) of every reminder sent, in order
    reminded: list[tuple[int, int, str]] = field(default_factory=list)
    threads: dict[int, int] = field(default_factory=dict)  # thread id -> game id
    counting: bool = True

    def now(self) -> float:
        return float(self.env.backend.clock.elapsed)

    def on_update(self, update: Update) -> None:
        if update.status == LOBBY:
            return
        gid = update.game_id
        self.latest[gid] = update
        self.max_version[gid] = max(self.max_version.get(gid, 0), update.version)
        movers = {seat for seat, by in update.by if by.startswith("user:")}
        self.own_next.update((gid, w.seat, w.decision_id) for w in update.waiting
                             if w.seat in movers)
        if not self.counting:
            return
        self.causes[update.cause] += 1
        self.takeovers += len(update.takeover)
        if update.cause == "reminder":
            self.reminders += 1
            self.reminded.extend((r.game_id, r.seat, r.decision_id or "")
                                 for r in update.reminders)
        self.updates.append(Seen(next(self.seq), self.now(), gid, update.board_changed))

    def on_request(self, method: str, path: str, body: Any) -> None:
        """A request simcord's router served for the bot (after it succeeded)."""
        original = _ORIGINAL.fullmatch(path)
        if original is not None and method == "PATCH" and isinstance(body, dict):
            texts = [body.get("content") or ""] + [
                e.get("description") or "" for e in body.get("embeds") or []]
            if any("✅" in text for text in texts):
                self.acked_tokens.add(original[1])
            return
        m = _CHANNEL_MESSAGES.fullmatch(path)
        if m is None or method not in ("POST", "PATCH"):
            return
        channel = int(m[1])
        gid = self.threads.get(channel)
        if gid is None:
            if method == "POST" and channel in self.env.backend.channels and \
                    self.env.backend.channels[channel].guild_id is None:
                self.dm_messages += 1
            return
        if method == "PATCH" and m[2] is not None and int(m[2]) in self.lobby_ids:
            return  # the lobby is not the board
        if method == "POST" and m[2] is None:
            self.thread_posts += 1
            self._pings(gid, body)
        elif method == "PATCH":
            self.board_edits += 1
        self.shown[gid].append((next(self.seq), self.now()))

    def _pings(self, gid: int, body: Any) -> None:
        users = ((body or {}).get("allowed_mentions") or {}).get("users") or []
        if not users:
            return
        if REMINDER_IN_THREAD in str((body or {}).get("content") or ""):
            self.thread_reminders += 1
            return
        update = self.latest.get(gid)
        seats = {s.user_id: s.seat for s in update.seats} if update else {}
        waiting = {w.seat: w.decision_id for w in update.waiting} if update else {}
        for u in users:
            seat = seats.get(int(u))
            decision = waiting.get(seat) if seat is not None else None
            if seat is None or decision is None:
                self.unknown_pings += 1
                continue
            self.pings[(gid, seat, decision)] += 1


def watch_requests(record: Record) -> Any:
    """Wrap simcord's router (the layer and simcord's transport call it by attribute): every
    request it served inside the bot's scope goes to ``record``. Returns the undo."""
    original = simcord_router.dispatch

    def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        result = original(backend, method, path, **kwargs)
        if simcord_runtime._BOT_SCOPE.get() is not None:
            record.on_request(method, path, kwargs.get("json"))
        return result

    simcord_router.dispatch = dispatch

    def undo() -> None:
        simcord_router.dispatch = original

    return undo


class ErrorCount(logging.Handler):
    """ERROR records of the bot (a failed flush, a failed DM …), by message."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: Counter[str] = Counter()

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            text += f" ({type(record.exc_info[1]).__name__}: {record.exc_info[1]})"
        self.messages[re.sub(r"\d{3,}", "#", text)[:200]] += 1


# ------------------------------------------------------------------------------ the soak


def human(seat: SeatRecord | None) -> bool:
    return (seat is not None and seat.user_id is not None and not seat.conceded
            and not seat.ai_takeover)


class Soak:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.rng = random.Random(args.seed)
        self.record = Record()
        self.strict = StrictDiscord(Limits(window_scale=args.window_scale))
        self.env: Any = None
        self.bot: HadaraBot = None  # type: ignore[assignment]
        self.people: dict[int, Person] = {}
        self.games: dict[int, GameInfo] = {}
        self.plans: list[Plan] = []
        self.planned: set[tuple[int, int, str]] = set()
        self.skipped: set[tuple[int, int, str]] = set()  # decisions let go (for now)
        self.reminders_read = 0
        self.last_acted: dict[tuple[int, int], float] = {}  # (game, seat) -> virtual time
        self.rejoin_planned: set[tuple[int, int]] = set()
        self.acked: list[tuple[int, int, str, int]] = []  # game, seat, decision, user
        self.clicks = 0
        self.stale = 0  # a panel with nothing to choose (the decision had moved on)
        self.click_errors: Counter[str] = Counter()
        self.timeouts = 0
        self.rejoins = 0
        self.t0 = 0.0

    # -- time ---------------------------------------------------------------------------

    def now(self) -> float:
        return float(self.env.backend.clock.elapsed)

    def unix(self) -> float:
        return float(self.env.now().timestamp())

    async def advance(self, seconds: float) -> None:
        """``env.advance_time`` in steps of at most ``STEP``; a step the bot cannot settle
        within simcord's real-time deadline is counted and the soak goes on (its progress
        is kept)."""
        target = self.now() + seconds
        while self.now() < target - 1e-6:
            try:
                await self.env.advance_time(min(STEP, target - self.now()))
            except TimeoutError as exc:
                self.timeouts += 1
                if self.timeouts <= 5:
                    say(f"  advance_time did not settle: {str(exc).splitlines()[0]}")
            await self.bot.service.idle()

    # -- setting up ---------------------------------------------------------------------

    async def open_game(self, index: int, channel: Any, host: Person,
                        others: list[Person]) -> None:
        seats = self.rng.choice((3, 4))
        people = [host, *others][:seats - 1]
        tc = self.rng.choice(TIME_CONTROLS)
        ai = seats - len(people)
        result = await host.member.slash(channel, "hadara new", seats=seats, ai=ai,
                                         ai_level="greedy", time_control=tc)
        if not (result.ephemeral and "#" in (answer(result).content or "")):
            raise RuntimeError(f"/hadara new refused: {answer(result).content!r}")
        gid = max(await self.bot.service.store.game_ids((LOBBY,)))
        record = await self.bot.service.record(gid)
        thread = int(record.discord["thread"])
        lobby_id = int(record.discord["lobby"])
        self.record.threads[thread] = gid
        self.record.lobby_ids.add(lobby_id)
        backend = self.env.backend
        for p in people[1:]:
            lobby = ResponseMessage(self.env, backend.get_message(thread, lobby_id))
            await p.member.click(lobby, custom_id=button(lobby, "lobby.button.join"))
        await self.advance(SETTLE)
        lobby = ResponseMessage(self.env, backend.get_message(thread, lobby_id))
        await host.member.click(lobby, custom_id=button(lobby, "lobby.button.start"))
        await self.bot.service.idle(gid)
        self.games[gid] = GameInfo(gid, thread, channel, lobby_id, [p.id for p in people],
                                   seats, tc)
        say(f"  game {gid} #{index + 1}: {seats} seats, {len(people)} people, {tc}, "
            f"channel {channel.name}")

    async def setup(self) -> None:
        env = self.env
        guild = env.create_guild()
        channels = [guild.create_text_channel(f"hadara-{i + 1}")
                    for i in range(self.args.channels)]
        n_people = max(3, math.ceil(self.args.games * 1.5))
        for i in range(n_people):
            name = f"p{i + 1:02d}"
            member = guild.add_member(env.create_user(name))
            self.people[int(member.id)] = Person(
                name, member, mean_delay=math.exp(self.rng.uniform(math.log(600),
                                                                   math.log(4 * HOUR))),
                careless=self.rng.uniform(0.02, 0.10), dms=self.rng.random() < 0.25)
        for p in self.people.values():
            if p.dms:
                await p.member.slash(channels[0], "hadara settings", dms=True)
        pool = list(self.people.values())
        for g in range(self.args.games):
            channel = channels[g % len(channels)]
            chosen = self.rng.sample(pool, 3)
            await self.open_game(g, channel, chosen[0], self.rng.sample(
                chosen[1:], self.rng.randint(0, 2)))
            await self.advance(self.rng.uniform(60, 600))

    # -- people ---------------------------------------------------------------------------

    def plan(self) -> None:
        """New decisions of people, from each game's latest update: plan a click or let
        the deadline pass; a seat the AI took over: perhaps a rejoin."""
        now, unix = self.now(), self.unix()
        # a reminder brings back, often, a person who had let the decision go
        for key in self.record.reminded[self.reminders_read:]:
            gid, index, decision = key
            update = self.record.latest.get(gid)
            if key not in self.skipped or update is None or self.rng.random() >= 0.6:
                continue
            w = next((w for w in update.waiting if w.seat == index
                      and w.decision_id == decision), None)
            user = next((s.user_id for s in update.seats if s.seat == index and human(s)), None)
            delay = self.rng.uniform(300, HOUR)
            if w is None or user is None or (w.deadline is not None
                                             and unix + delay > w.deadline - 60):
                continue
            self.skipped.discard(key)
            self.plans.append(Plan(now + delay, gid, index, decision, int(user)))
        self.reminders_read = len(self.record.reminded)
        for gid, update in self.record.latest.items():
            if update.status != ACTIVE:
                continue
            seats = {s.seat: s for s in update.seats}
            for s in update.seats:
                if s.user_id is not None and s.ai_takeover and not s.conceded and \
                        (gid, s.seat) not in self.rejoin_planned:
                    self.rejoin_planned.add((gid, s.seat))
                    if self.rng.random() < 0.5:
                        self.plans.append(Plan(now + self.rng.uniform(HOUR, 6 * HOUR), gid,
                                               s.seat, "", int(s.user_id), kind="rejoin"))
            for w in update.waiting:
                seat = seats.get(w.seat)
                key = (gid, w.seat, w.decision_id)
                if not human(seat) or key in self.planned:
                    continue
                assert seat is not None and seat.user_id is not None
                self.planned.add(key)
                person = self.people[int(seat.user_id)]
                last = self.last_acted.get((gid, w.seat))
                online = last is not None and now - last < 300
                if key in self.record.own_next and online:
                    delay = self.rng.uniform(15, 120)  # the next step of their own turn
                elif online and self.rng.random() < 0.5:
                    delay = self.rng.uniform(30, 300)  # still there: plays on
                else:
                    if self.rng.random() < person.careless:
                        self.skipped.add(key)
                        continue  # lets it go (a reminder may bring them back)
                    delay = self.rng.expovariate(1 / person.mean_delay)
                if w.deadline is not None and unix + delay > w.deadline - 60:
                    self.skipped.add(key)
                    continue  # too late: the deadline expires first
                self.plans.append(Plan(now + delay, gid, w.seat, w.decision_id,
                                       int(seat.user_id)))
        self.plans.sort(key=lambda p: p.at)

    def choose(self, options: list[dict[str, Any]]) -> int:
        return self.rng.randrange(len(options))

    async def click(self, plan: Plan) -> None:
        """One person's turn by clicking: "Take my turn" on the board, then the panel."""
        person = self.people[plan.user]
        info = self.games[plan.game]
        if plan.kind == "rejoin":
            await person.member.slash(info.channel, "hadara rejoin", game=plan.game)
            self.rejoins += 1
            return
        record = await self.bot.service.record(plan.game)
        if record.status != ACTIVE:
            return
        board_id = record.discord.get("board")
        if not board_id:
            self.click_errors["no board yet"] += 1
            return
        board = ResponseMessage(self.env, self.env.backend.get_message(info.thread,
                                                                       int(board_id)))
        try:
            take = button(board, "play.take_turn")
        except StopIteration:
            self.click_errors["no Take my turn on the board"] += 1
            return
        done = await self.walk(person, board, take, steps=True)
        if done is None:
            # a step that leads nowhere: once more, preferring an option (as take_turn does)
            done = await self.walk(person, board, take, steps=False)
        if done is None:
            self.stale += 1
            return
        seat, decision, result = done
        shown = answer(result)
        text = " ".join([shown.content or ""] + [e.description or "" for e in shown.embeds])
        if "✅" in text or result._interaction.token in self.record.acked_tokens:
            self.acked.append((plan.game, seat, decision, plan.user))
            self.last_acted[(plan.game, seat)] = self.now()
        else:  # e.g. "This game is over." (the last decision taken meanwhile)
            self.click_errors[f"answered without ✅: {text.strip()[:60]}"] += 1

    async def walk(self, person: Person, board: Any, take: str, *, steps: bool
                   ) -> tuple[int, str, Any] | None:
        """Open the panel and step into it until an option is chosen: (seat, decision,
        interaction result), or None when there is nothing to choose."""
        result = await person.member.click(board, custom_id=take)
        self.clicks += 1
        panel = result.response
        if panel is None or not panel.embeds:
            return None
        for _ in range(8):
            forward = [c for c in ids(panel, "n") if c.get("label") not in BACK]
            selects = [c for c in components(panel) if c.get("type") == 3]
            actions = ids(panel, "a")
            if not steps and actions:
                forward, selects = [], []
            if forward:
                result = await person.member.click(
                    panel, custom_id=forward[self.choose(forward)]["custom_id"])
            elif selects:
                select = selects[0]
                options = select["options"]
                k = max(1, int(select.get("min_values") or 1))
                values = [o["value"] for o in self.rng.sample(options, min(k, len(options)))]
                pid = P.parse_custom_id(select["custom_id"])
                if pid is not None and P.is_batch(pid) and pid.seat is not None:
                    # the whole feeding in one select: enough cards (or payments) to feed
                    service = self.bot.service
                    ctx = (await service.view(pid.game, pid.seat))["private"]["context"]
                    values = P.feeding_pick(ctx, await service.options(pid.game, pid.seat),
                                            [o["value"] for o in options])
                    if not values:
                        self.click_errors["a feeding select with nothing to feed"] += 1
                        return None
                result = await person.member.select(panel, values,
                                                    custom_id=select["custom_id"])
                if values[0].startswith("a"):
                    self.clicks += 1
                    pid = P.parse_custom_id(select["custom_id"])
                    if pid is None or pid.seat is None or pid.decision is None:
                        return None
                    return pid.seat, pid.decision, result
            elif actions:
                chosen = actions[self.choose(actions)]["custom_id"]
                result = await person.member.click(panel, custom_id=chosen)
                self.clicks += 1
                pid = P.parse_custom_id(chosen)
                if pid is None or pid.seat is None or pid.decision is None:
                    return None
                return pid.seat, pid.decision, result
            else:
                return None
            self.clicks += 1
            panel = result.response
            if panel is None or not panel.embeds:
                return None
        return None

    # -- the run --------------------------------------------------------------------------

    def all_over(self) -> bool:
        return bool(self.games) and all(
            self.record.latest.get(g) is not None and self.record.latest[g].status != ACTIVE
            for g in self.games)

    async def play(self) -> None:
        end = self.t0 + self.args.days * DAY
        next_report = self.now() + 6 * HOUR
        while self.now() < end and not self.all_over():
            self.plan()
            due = self.plans[0].at if self.plans else math.inf
            target = min(due, end, self.now() + STEP)
            if target > self.now():
                await self.advance(target - self.now())
            while self.plans and self.plans[0].at <= self.now() + 1e-6:
                plan = self.plans.pop(0)
                try:
                    await self.click(plan)
                except Exception as exc:  # a click the simulated Discord refused
                    self.click_errors[f"{type(exc).__name__}: {str(exc)[:80]}"] += 1
                await self.bot.service.idle()
            if self.now() >= next_report:
                next_report += 6 * HOUR
                finished = sum(1 for g in self.games
                               if self.record.latest.get(g) is not None
                               and self.record.latest[g].status != ACTIVE)
                say(f"  {(self.now() - self.t0) / HOUR:5.1f} h: {self.clicks} clicks, "
                    f"{len(self.acked)} decisions, {finished}/{len(self.games)} finished, "
                    f"{self.strict.requests} requests, {self.strict.rate_limited} 429s")

    async def run(self) -> dict[str, Any]:
        started = time.perf_counter()
        service_module.secrets = SimpleNamespace(  # type: ignore[assignment]
            randbits=lambda bits: self.rng.getrandbits(bits))
        errors = ErrorCount()
        logging.getLogger().addHandler(errors)
        logging.getLogger("discord").setLevel(logging.CRITICAL)  # 429 warnings: counted
        saved = simcord_runtime.FakeHTTPClient
        simcord_runtime.FakeHTTPClient = self.strict.client  # type: ignore[misc,assignment]
        undo = watch_requests(self.record)
        try:
            with tempfile.TemporaryDirectory(prefix="hadara-soak-") as tmp:
                self.bot = HadaraBot(config(str(Path(tmp) / "hadara.sqlite3")))
                try:
                    async with simcord.run(self.bot, check_errors=False) as env:
                        self.env = self.record.env = env
                        slow_clock(self.bot)
                        unsubscribe = self.bot.service.subscribe(self.record.on_update)
                        self.t0 = self.now()
                        say(f"soak: {self.args.games} games, {self.args.days:g} days, "
                            f"seed {self.args.seed}, window scale {self.args.window_scale:g}")
                        await self.setup()
                        await self.play()
                        ended = self.now()
                        self.record.counting = False  # nothing after the end is counted
                        cutoff = next(self.record.seq)
                        await self.advance(TAIL)
                        out = await self.figures(ended, cutoff, started, errors, env)
                        unsubscribe()
                finally:
                    await self.bot.service.close()
                    await self.bot.service.store.close()
        finally:
            undo()
            simcord_runtime.FakeHTTPClient = saved  # type: ignore[misc]
            logging.getLogger().removeHandler(errors)
        return out

    async def figures(self, ended: float, cutoff: int, started: float, errors: ErrorCount,
                      env: Any) -> dict[str, Any]:
        rec, strict = self.record, self.strict
        store = self.bot.service.store
        # (a) acknowledged or published actions missing from storage; doubled actions
        stored_keys: dict[int, Counter[tuple[int, str]]] = {}
        lost_actions = doubled_actions = expired = 0
        finished = 0
        for gid in self.games:
            stored = await store.load_game(gid)
            if stored is None:
                lost_actions += rec.max_version.get(gid, 0)
                continue
            if stored.record.status != ACTIVE:
                finished += 1
            keys = Counter((a.seat, a.decision_id) for a in stored.actions if a.decision_id)
            stored_keys[gid] = keys
            doubled_actions += sum(n - 1 for n in keys.values() if n > 1)
            expired += sum(1 for a in stored.actions if a.submitted_by == "deadline")
            lost_actions += max(0, rec.max_version.get(gid, 0) - len(stored.actions))
        lost_clicks = sum(1 for gid, seat, decision, _ in self.acked
                          if stored_keys.get(gid, Counter())[(seat, decision)] == 0)
        # (b) state changes shown by a later board edit/post or thread message
        delays: list[float] = []
        unshown = 0
        for u in rec.updates:
            if not u.board_changed or u.seq > cutoff:
                continue
            shown = rec.shown.get(u.gid, [])
            i = bisect.bisect_right(shown, (u.seq, math.inf))
            if i == len(shown):
                unshown += 1
            else:
                delays.append(shown[i][1] - u.at)
        doubled_pings = sum(n - 1 for n in rec.pings.values() if n > 1)
        counts = strict.counts
        bot_requests = counts["requests"] - counts["driver"]
        games = len(self.games)
        p99 = pct(delays, 99)
        where: Counter[str] = Counter()
        for e in strict.events:
            if e.status != 429:
                continue
            m = re.match(r"/channels/(\d+)", e.path)
            channel = int(m[1]) if m else None
            backend = env.backend.channels.get(channel) if channel is not None else None
            where["game thread" if channel in rec.threads else
                  "DM" if backend is not None and backend.guild_id is None else "other"] += 1
        by_route = {route: {k: v for k, v in c.items() if k in ("requests", "429", "retries")}
                    for route, c in sorted(strict.by_route.items(),
                                           key=lambda kv: -kv[1]["requests"])}
        return {
            "games": games,
            "games_finished": finished,
            "channels": self.args.channels,
            "people": len({u for g in self.games.values() for u in g.people}),
            "virtual_days": round((ended - self.t0) / DAY, 3),
            "wall_seconds": round(time.perf_counter() - started, 1),
            "requests": bot_requests,
            "requests_per_game": round(bot_requests / games, 1) if games else 0,
            "rate_limited": strict.rate_limited,
            "retries": strict.retries,
            "violations": {k: counts[k] for k in VIOLATION_KINDS},
            "violation_details": strict.summary(strict.violations(
                {"old_edits", "renames", "archive", "dm_opens", "commands", "attachments",
                 "exhausted"}))[:12],
            "rate_limited_by_kind": {k: v for k, v in counts.items()
                                     if k.startswith("429.")},
            "rate_limited_where": dict(where),
            "lost": lost_actions + lost_clicks + unshown,
            "lost_detail": {"acknowledged_not_stored": lost_clicks,
                            "published_not_stored": lost_actions, "updates_never_shown": unshown},
            "doubled": doubled_actions + doubled_pings,
            "doubled_detail": {"actions": doubled_actions, "pings": doubled_pings},
            "state_changes": len(delays) + unshown,
            "update_p50_s": round(pct(delays, 50), 1) if delays else None,
            "update_p99_s": round(p99, 1) if delays else None,
            "update_max_s": round(max(delays), 1) if delays else None,
            "update_p99_prod_s": round(p99 / TIME_SCALE, 2) if delays else None,
            "clicks": self.clicks,
            "decisions": len(self.acked),
            "stale_panels": self.stale,
            "click_errors": dict(self.click_errors),
            "deadlines_expired": expired,
            "takeovers": rec.takeovers,
            "rejoins": self.rejoins,
            "reminders": rec.reminders,
            "thread_reminders": rec.thread_reminders,
            "board_edits": rec.board_edits,
            "thread_posts": rec.thread_posts,
            "pings": sum(rec.pings.values()),
            "dm_messages": rec.dm_messages,
            "updates_by_cause": dict(rec.causes),
            # the bot's own pacing (bot/pacing.py; its numbers are production's, unstretched)
            "pacer": {"requests": self.bot.pacer.stats.requests,
                      "waited": self.bot.pacer.stats.waited,
                      "wait_seconds": round(self.bot.pacer.stats.wait_seconds, 3),
                      "old_edits": self.bot.pacer.stats.old_edits,
                      "dm_backoffs": self.bot.pacer.stats.dm_backoffs},
            "settle_timeouts": self.timeouts,
            "bot_errors": len(env.errors) + sum(errors.messages.values()),
            "bot_error_messages": dict(errors.messages.most_common(8)),
            "time_scale": TIME_SCALE,
            "window_scale": self.args.window_scale,
            "strict_counts": dict(sorted(counts.items())),
            "by_route": by_route,
            "seed": self.args.seed,
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--days", type=float, default=3.0)
    parser.add_argument("--channels", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--window-scale", type=float, default=TIME_SCALE,
                        help="the strict layer's rate-limit windows, stretched (default: "
                             "TIME_SCALE, as the coalescer's delays are)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 4 games, 1 day")
    parser.add_argument("--json", action="store_true", help="the figures as JSON on stdout")
    args = parser.parse_args()
    if args.quick:
        args.games, args.days, args.channels = 4, 1.0, 2
    out = asyncio.run(Soak(args).run())
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for key, value in out.items():
            print(f"{key}: {value}")


if __name__ == "__main__":
    main()
