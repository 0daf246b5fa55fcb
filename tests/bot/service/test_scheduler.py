"""Multi-day games: time controls, the durable scheduler, reminders, expiry, strikes, AI
takeover, votes, vacations and catch-up (bot/service/timecontrol/ and the service's calls),
on real databases (every backend of tests/conftest.py) with a virtual clock: the service's
``clock`` reads ``VirtualTime.now`` and its ``sleep`` waits (in 1 ms real steps) until the test
has moved ``now`` far enough.

The kill tests (SQLite only: they hook ``SqliteStore.before_commit``) run the service in a child process (this file run as a script), with a deadline
already due at start-up, and SIGKILL it just before the firing transaction commits (through
``SqliteStore.before_commit``) or just after; after a restart the move is in the log once.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

import pytest

ROOT = Path(__file__).resolve().parents[3]
if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))

from bot.service import GameService, ImageCache, Refusal, Update  # noqa: E402
from bot.service.timecontrol import rules as S  # noqa: E402
from bot.service.timecontrol.scheduler import Scheduler  # noqa: E402
from bot.storage import ACTIVE, FINISHED, ActionRecord, SqliteStore  # noqa: E402
from bot.storage.base import DEADLINE, REMINDER, Store, TimerRecord  # noqa: E402
from hadara.engine import Game  # noqa: E402
from hadara.setup import Setup  # noqa: E402

if TYPE_CHECKING:  # this file also runs as the kill tests' child process, without pytest's path
    from tests.support.stores import StoreFactory

H = 3600.0
START = 1_767_225_600.0  # 2026-01-01 00:00 UTC
HOST, ALICE, BOB, CAROL = 11, 12, 13, 14


class VirtualTime:
    """The service's clock and sleep: time moves only when the test moves it."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def clock(self) -> float:
        return self.now

    async def sleep(self, delay: float) -> None:
        end = self.now + delay
        while self.now < end:
            await asyncio.sleep(0.001)


@dataclass
class Env:
    make_store: StoreFactory
    place: str
    vt: VirtualTime
    store: Store
    svc: GameService
    updates: list[Update]
    pool: ThreadPoolExecutor

    async def advance(self, seconds: float) -> None:
        """Move the clock and wait until every due timer fired and the games played on."""
        self.vt.now += seconds
        await settle(self.svc)

    def causes(self, cause: str) -> list[Update]:
        return [u for u in self.updates if u.cause == cause]

    async def reopen(self) -> Env:
        await self.close()
        return await make_env(self.make_store, self.place, self.vt, self.pool)

    async def close(self) -> None:
        await self.svc.close()
        await self.store.close()


async def settle(svc: GameService) -> None:
    quiet = 0
    for _ in range(4000):
        await asyncio.sleep(0.002)
        await svc.idle()
        if svc.scheduler.busy():
            quiet = 0
            continue
        quiet += 1
        if quiet >= 3:
            return
    raise AssertionError("the scheduler did not settle")


async def make_env(make_store: StoreFactory, place: str, vt: VirtualTime,
                   pool: ThreadPoolExecutor) -> Env:
    store = make_store(place)
    await store.open()
    svc = GameService(store, clock=vt.clock, sleep=vt.sleep, ai_pool=pool,
                      image_cache=ImageCache(1 << 20))
    updates: list[Update] = []
    svc.subscribe(updates.append)
    await svc.open()
    await settle(svc)
    return Env(make_store, place, vt, store, svc, updates, pool)


@pytest.fixture(scope="module")
def pool() -> Any:
    with ThreadPoolExecutor(2) as p:
        yield p


@pytest.fixture
async def env(make_store: StoreFactory, pool: ThreadPoolExecutor) -> AsyncIterator[Env]:
    e = await make_env(make_store, "games", VirtualTime(), pool)
    try:
        yield e
    finally:
        await e.close()


async def table(env: Env, users: list[int], time_control: Any = "24h",
                guild: int | None = None) -> int:
    gid = await env.svc.create(users[0], f"u{users[0]}", seats=len(users),
                               time_control=time_control)
    for u in users[1:]:
        await env.svc.join(gid, u, f"u{u}")
    if guild is not None:
        await env.svc.set_discord(gid, {"guild": guild})
    await env.svc.start(gid, users[0])
    await settle(env.svc)
    return gid


async def seat_user(env: Env, gid: int, seat: int) -> int:
    user = (await env.svc.load(gid)).record.seats[seat].user_id
    assert user is not None
    return user


async def play_legal(env: Env, gid: int, seat: int) -> Update:
    """The seat's person takes its first legal action."""
    [w] = [w for w in await env.svc.waiting(gid) if w.seat == seat]
    legal = (await env.svc.view(gid, seat))["private"]["legal_actions"]
    return await env.svc.submit(gid, await seat_user(env, gid, seat), w.decision_id, legal[0])


def replay_ok(stored: Any) -> Game:
    """Every stored row was the pending decision of its seat, legally (independent replay)."""
    rec = stored.record
    game = Game.from_setup(Setup.from_dict(rec.setup), rec.seed)
    for row in stored.actions:
        assert game.decision_ids[row.seat] == row.decision_id, row
        game.apply(row.seat, row.action, row.decision_id)
    return game


# ---------------------------------------------------------------- time controls


def test_time_control_parsing() -> None:
    assert S.parse_time_control(None) is None and S.parse_time_control("none") is None
    assert S.parse_time_control("24h") == {"kind": "deadline", "seconds": 86400.0,
                                           "reminders": ["50%", 3600.0], "strikes": 3}
    assert S.parse_time_control({"kind": "bank", "initial": "2d", "increment": "12h",
                                 "cap": "3d", "strikes": 5, "reminders": [600]}) == {
        "kind": "bank", "initial": 172800.0, "increment": 43200.0, "cap": 259200.0,
        "reminders": [600.0], "strikes": 5}
    for bad in ("soon", -5, 0, True, {"kind": "bank", "initial": 100, "cap": 50},
                {"kind": "chess"}, {"seconds": 60, "strikes": 0},
                {"seconds": 60, "reminders": ["150%"]}):
        with pytest.raises(Refusal) as info:
            S.parse_time_control(bad)
        assert (info.value.code, info.value.reason) == ("bad_request", "bad_time_control")
    assert S.reminder_times(0, 86400, ["50%", 3600]) == [43200, 82800]
    assert S.reminder_times(0, 3600, ["50%", 3600]) == [1800]  # "1 h before" = the opening


def test_quiet_hours_in_the_users_time_zone() -> None:
    berlin = ZoneInfo("Europe/Berlin")
    settings = {"tz": "Europe/Berlin", "quiet_hours": "22-07"}
    at = datetime(2026, 1, 5, 23, 30, tzinfo=berlin).timestamp()
    assert S.quiet_until(at, settings) == datetime(2026, 1, 6, 7, 0, tzinfo=berlin).timestamp()
    early = datetime(2026, 1, 6, 6, 59, tzinfo=berlin).timestamp()
    assert S.quiet_until(early, settings) == datetime(2026, 1, 6, 7, tzinfo=berlin).timestamp()
    assert S.quiet_until(datetime(2026, 1, 6, 7, 0, tzinfo=berlin).timestamp(), settings) is None
    assert S.quiet_until(at, {"quiet_hours": "9:30-17"}) is None  # UTC: 22:30 is not quiet
    assert S.quiet_until(at, {"tz": "Nowhere/Else", "quiet_hours": "22-23:45"}) == \
        datetime(2026, 1, 5, 23, 45, tzinfo=ZoneInfo("UTC")).timestamp()
    assert S.quiet_until(at, {"quiet_hours": "rubbish"}) is None


# ---------------------------------------------------------------- the scheduler alone


async def test_one_task_woken_by_an_earlier_timer_with_real_time() -> None:
    fired: list[tuple[int, float]] = []
    base = time.monotonic()
    sched: Scheduler

    async def fire(key: Any, timers: list[TimerRecord]) -> None:
        for t in timers:
            fired.append((t.id, time.monotonic() - base - t.due))
        sched.discard(t.id for t in timers)

    sched = Scheduler(lambda: time.monotonic() - base, asyncio.sleep, fire)
    sched.start()
    sched.add([TimerRecord(1, 1, 0, DEADLINE, 30.0, "d1")])
    await asyncio.sleep(0.02)
    assert sched._sleeping and sched._armed > 29  # sleeping for the 30 s timer
    sched.add([TimerRecord(2, 2, 0, DEADLINE, 0.05, "d1"),
               TimerRecord(3, 3, 0, DEADLINE, 0.08, "d1")])  # earlier: its sleep is cancelled
    # the 30-second sleep was cut short: both fired, in order, never early, and long before 30 s
    # (how late they are is the machine's load, not the scheduler: a second is generous)
    for _ in range(100):
        if len(fired) == 2:
            break
        await asyncio.sleep(0.05)
    assert [i for i, _ in fired] == [2, 3] and all(0 <= late < 1.0 for _, late in fired)
    names = [t.get_name() for t in asyncio.all_tasks()]
    assert names.count("timer scheduler") == 1
    sched.discard([1])
    await sched.stop()
    assert not sched.running


# ---------------------------------------------------------------- deadlines and reminders


async def test_deadlines_in_waiting_and_reminders_at_their_points(env: Env) -> None:
    gid = await table(env, [HOST, ALICE], "24h")
    [w] = await env.svc.waiting(gid)
    assert w.deadline == START + 24 * H
    assert env.causes("started")[0].waiting[0].deadline == START + 24 * H
    user = await seat_user(env, gid, w.seat)
    await env.advance(12 * H - 1)
    assert env.causes("reminder") == []
    await env.advance(1)
    [r] = env.causes("reminder")
    assert r.user == user and r.reminders == [(gid, w.seat, START + 24 * H, w.decision_id)]
    await env.advance(11 * H)  # 23 h: the second one ("1 h before")
    assert len(env.causes("reminder")) == 2
    # the player acts: the deadline and the reminder of the next decision replace them
    await play_legal(env, gid, w.seat)
    await settle(env.svc)
    kinds = sorted((t.kind, t.decision_id) for t in env.svc.scheduler.of_game(gid))
    assert all(did != w.decision_id for _, did in kinds) and ("deadline", None) not in kinds
    stored_timers = await env.store.timers(gid)
    assert [(t.id, t.due) for t in stored_timers] == [
        (t.id, t.due) for t in env.svc.scheduler.all()]


async def draft_table(env: Env, users: list[int]) -> int:
    """A game whose wheel was set at once: every seat waits in the draft (from now)."""
    gid = await table(env, users, "24h")
    [w] = await env.svc.waiting(gid)
    await play_legal(env, gid, w.seat)
    await settle(env.svc)
    assert len(await env.svc.waiting(gid)) == len(users)
    return gid


async def test_reminders_of_one_user_within_ten_minutes_are_merged(env: Env) -> None:
    first = await draft_table(env, [HOST, ALICE])
    env.vt.now += 4 * 60  # HOST's second game opens 4 minutes later, the third 20 minutes
    second = await draft_table(env, [BOB, HOST])
    env.vt.now += 16 * 60
    third = await draft_table(env, [CAROL, HOST])
    opened = START
    await env.advance(opened + 12 * H - env.vt.now)  # the first game's halfway point
    got = {r.user: [(x.game_id, x.deadline) for x in r.reminders]
           for r in env.causes("reminder")}
    assert got == {HOST: [(first, opened + 24 * H), (second, opened + 24 * H + 240)],
                   ALICE: [(first, opened + 24 * H)]}
    assert len(env.causes("reminder")) == 2  # one event per user
    await env.advance(4 * 60)  # BOB's (HOST's was sent with the first)
    assert [(r.user, [x.game_id for x in r.reminders]) for r in env.causes("reminder")[2:]] \
        == [(BOB, [second])]
    await env.advance(16 * 60)  # 20 minutes after the first: not merged, its own event
    last = sorted((r.user, [x.game_id for x in r.reminders]) for r in env.causes("reminder")[3:])
    assert last == [(HOST, [third]), (CAROL, [third])]


async def test_quiet_hours_delay_the_reminder_not_the_deadline(env: Env) -> None:
    berlin = ZoneInfo("Europe/Berlin")
    env.vt.now = datetime(2026, 1, 5, 11, 0, tzinfo=berlin).timestamp()  # opened 11:00
    gid = await table(env, [HOST, ALICE], "24h")
    [w] = await env.svc.waiting(gid)
    user = await seat_user(env, gid, w.seat)
    await env.store.set_user_settings(user, {"tz": "Europe/Berlin", "quiet_hours": "22-07"})
    # halfway is 23:00 (quiet until 07:00); the deadline is 11:00 the next day
    await env.advance(datetime(2026, 1, 5, 23, 0, tzinfo=berlin).timestamp() - env.vt.now)
    assert env.causes("reminder") == []
    seven = datetime(2026, 1, 6, 7, 0, tzinfo=berlin).timestamp()
    ten = datetime(2026, 1, 6, 10, 0, tzinfo=berlin).timestamp()
    reminders = sorted(t.due for t in env.svc.scheduler.of_game(gid) if t.kind == REMINDER)
    assert reminders == [seven, ten]  # halfway moved to 07:00; "1 h before" (10:00) as it was
    assert sorted(t.due for t in await env.store.timers(gid) if t.kind == REMINDER) == reminders
    await env.advance(seven - env.vt.now)
    [r] = env.causes("reminder")
    assert r.user == user and r.reminders[0].deadline == w.deadline
    # a deadline is never delayed: with quiet hours until 12:00 it still fires at 11:00
    await env.store.set_user_settings(user, {"tz": "Europe/Berlin", "quiet_hours": "9-12"})
    await env.advance(datetime(2026, 1, 6, 11, 0, tzinfo=berlin).timestamp() - env.vt.now)
    assert [u.expired for u in env.causes("deadline")] == [[w.seat]]
    assert len(env.causes("reminder")) == 1  # 10:00 was quiet; at 12:00 it would be too late
    assert env.vt.now == w.deadline


# ---------------------------------------------------------------- expiry, strikes, takeover


async def test_expiry_plays_a_legal_move_and_records_a_strike(env: Env) -> None:
    gid = await table(env, [HOST, ALICE], "1h")
    [w] = await env.svc.waiting(gid)
    await env.advance(H)
    [up] = env.causes("deadline")
    assert up.expired == [w.seat] and up.by == [(w.seat, "deadline")] and up.takeover == []
    stored = await env.store.load_game(gid)
    assert stored is not None
    assert [(a.seat, a.decision_id, a.submitted_by) for a in stored.actions] == [
        (w.seat, w.decision_id, "deadline")]
    assert stored.record.seats[w.seat].strikes == 1
    replay_ok(stored)
    # the next decisions (a simultaneous draft) got their deadlines in the same transaction
    nxt = await env.svc.waiting(gid)
    assert len(nxt) == 2 and all(x.deadline == env.vt.now + H for x in nxt)
    # both expire at once: both picks are made, in one transaction, nothing skipped
    await env.advance(H)
    up2 = env.causes("deadline")[-1]
    assert up2.expired == [0, 1] and sorted(s for s, _ in up2.by) == [0, 1]
    stored = await env.store.load_game(gid)
    assert stored is not None and replay_ok(stored).version == (await env.svc.load(gid)).game.version  # type: ignore[union-attr]


async def test_strikes_lead_to_takeover_and_rejoin(env: Env) -> None:
    tc = {"kind": "deadline", "seconds": H, "strikes": 2}
    gid = await table(env, [HOST, ALICE], tc)
    for _ in range(2):
        await env.advance(H)
    rec = (await env.svc.load(gid)).record
    taken = [s.seat for s in rec.seats if s.ai_takeover]
    assert taken and all(rec.seats[s].strikes == 2 for s in taken)
    assert any(u.takeover == taken for u in env.causes("deadline"))
    # the AI plays the seat now: no deadline for it; its person is refused until they rejoin
    seat = taken[0]
    assert all(t.seat != seat for t in env.svc.scheduler.of_game(gid))
    user = await seat_user(env, gid, seat)
    with pytest.raises(Refusal) as info:
        await env.svc.submit(gid, user, "d1", {})
    assert info.value.code == "taken_over"
    other = next(s.user_id for s in rec.seats if s.seat != seat)
    assert other is not None
    with pytest.raises(Refusal) as info:
        await env.svc.rejoin(gid, other)
    assert info.value.code == "not_taken_over"
    up = await env.svc.rejoin(gid, user)
    assert up.cause == "rejoined" and up.user == user
    rec = (await env.svc.load(gid)).record
    assert not rec.seats[seat].ai_takeover and rec.seats[seat].strikes == 0
    stored = await env.store.load_game(gid)
    assert stored is not None and not stored.record.seats[seat].ai_takeover
    await settle(env.svc)
    waiting = {w.seat: w for w in await env.svc.waiting(gid)}
    if seat in waiting:
        assert waiting[seat].deadline is not None


async def test_takeover_by_majority_vote(env: Env) -> None:
    gid = await table(env, [HOST, ALICE, BOB], None)  # no time control: votes still work
    rec = (await env.svc.load(gid)).record
    by_user = {s.user_id: s.seat for s in rec.seats}
    absent = by_user[BOB]
    with pytest.raises(Refusal) as info:
        await env.svc.vote_takeover(gid, BOB, absent)
    assert info.value.reason == "own_seat"
    with pytest.raises(Refusal) as info:
        await env.svc.vote_takeover(gid, 999, absent)
    assert info.value.code == "not_seated"
    up = await env.svc.vote_takeover(gid, HOST, absent)
    assert up.cause == "vote" and up.seats[absent].votes == [HOST] and not up.takeover
    with pytest.raises(Refusal) as info:
        await env.svc.vote_takeover(gid, HOST, absent)
    assert info.value.reason == "already_voted"
    up = await env.svc.vote_takeover(gid, ALICE, absent)  # 2 of the 2 others: majority
    assert up.cause == "takeover" and up.takeover == [absent]
    assert up.seats[absent].ai_takeover and up.seats[absent].votes == []
    stored = await env.store.load_game(gid)
    assert stored is not None and stored.record.seats[absent].ai_takeover
    with pytest.raises(Refusal) as info:
        await env.svc.vote_takeover(gid, HOST, absent)
    assert info.value.reason == "already_ai"
    await settle(env.svc)
    assert all(w.seat != absent for w in await env.svc.waiting(gid))
    await env.svc.rejoin(gid, BOB)


async def test_a_seat_on_vacation_is_not_voted_to_the_ai(env: Env) -> None:
    """A vacation declared in advance never counts against anyone (docs/leagues.md): while
    BOB's clocks stand still, the others cannot vote his seat to the AI; once back, they can."""
    gid = await table(env, [HOST, ALICE, BOB], "24h", guild=555)
    absent = {s.user_id: s.seat for s in (await env.svc.load(gid)).record.seats}[BOB]
    await env.svc.away(BOB, 2)
    with pytest.raises(Refusal) as info:
        await env.svc.vote_takeover(gid, HOST, absent)
    assert info.value.reason == "on_vacation" and info.value.params["name"]
    assert (await env.svc.load(gid)).record.seats[absent].votes == []  # nothing written
    await env.svc.back(BOB)
    up = await env.svc.vote_takeover(gid, HOST, absent)
    assert up.cause == "vote" and up.seats[absent].votes == [HOST]


async def test_ai_share_at_the_end(env: Env) -> None:
    gid = await table(env, [HOST, ALICE], {"seconds": H, "strikes": 1})
    await env.advance(H)  # one seat expires and is taken over at once
    for _ in range(400):
        snap = await env.svc.load(gid)
        if snap.record.status == FINISHED:
            break
        await env.advance(H)
    last = [u for u in env.updates if u.over]
    assert len(last) == 1 and last[0].ai_share is not None
    share = last[0].ai_share
    assert set(share) == {0, 1} and all(v > 0.5 for v in share.values())
    assert (await env.svc.load(gid)).ai_share == share
    env2 = await env.reopen()  # recomputed from the stored log
    try:
        assert (await env2.svc.load(gid)).ai_share == share
        assert await env2.store.timers(gid) == []
    finally:
        await env2.close()
        env.svc, env.store = env2.svc, env2.store


# ---------------------------------------------------------------- time bank, vacation


async def test_time_bank_runs_only_while_the_player_thinks(env: Env) -> None:
    tc = {"kind": "bank", "initial": 2 * H, "increment": H, "cap": 3 * H, "reminders": []}
    gid = await table(env, [HOST, ALICE], tc)
    [w] = await env.svc.waiting(gid)
    assert w.deadline == START + 2 * H
    env.vt.now += 30 * 60
    await play_legal(env, gid, w.seat)
    rec = (await env.svc.load(gid)).record
    assert rec.seats[w.seat].bank == pytest.approx(2.5 * H)  # 2 h - 30 min + 1 h
    stored = await env.store.load_game(gid)
    assert stored is not None and stored.record.seats[w.seat].bank == pytest.approx(2.5 * H)
    await settle(env.svc)
    nxt = {x.seat: x for x in await env.svc.waiting(gid)}
    assert nxt[w.seat].deadline == pytest.approx(env.vt.now + 2.5 * H)
    # away for a day: the clock stands still; acting after 2 days charges 1 day - not more
    user = await seat_user(env, gid, w.seat)
    ups = await env.svc.away(user, 1)
    assert [u.cause for u in ups] == ["away"] and ups[0].until == env.vt.now + 86400
    assert {x.seat: x for x in ups[0].waiting}[w.seat].deadline == pytest.approx(
        env.vt.now + 86400 + 2.5 * H)
    env.vt.now += 86400 + H
    await play_legal(env, gid, w.seat)
    rec = (await env.svc.load(gid)).record
    assert rec.seats[w.seat].bank == pytest.approx(2.5 * H)  # 2.5 h - 1 h + 1 h


async def test_vacation_pushes_deadlines_and_back_pulls_them_in(env: Env) -> None:
    gid = await table(env, [HOST, ALICE], "24h", guild=555)
    [w] = await env.svc.waiting(gid)
    user = await seat_user(env, gid, w.seat)
    await env.svc.set_away_allowance(555, 2)
    with pytest.raises(Refusal) as info:
        await env.svc.away(user, 3)
    assert info.value.code == "away_allowance" and info.value.params["left"] == 2
    with pytest.raises(Refusal) as info:
        await env.svc.away(user, 0)
    assert info.value.reason == "bad_days"
    env.vt.now += 6 * H
    ups = await env.svc.away(user, 2)
    assert ups[0].cause == "away" and ups[0].user == user
    deadline = START + 24 * H + 2 * 86400
    assert (await env.svc.waiting(gid))[0].deadline == deadline
    assert {t.due for t in await env.store.timers(gid) if t.kind == DEADLINE} == {deadline}
    assert await env.svc.away_until(user) == env.vt.now + 2 * 86400
    with pytest.raises(Refusal):
        await env.svc.away(user, 1)  # already away
    await env.advance(24 * H)  # the original deadline passes: nothing happens
    assert env.causes("deadline") == [] and env.causes("reminder") == []
    ups = await env.svc.back(user)  # a day early: deadlines pulled in by the day not taken
    assert ups[0].cause == "back"
    assert (await env.svc.waiting(gid))[0].deadline == START + 24 * H + 24 * H
    with pytest.raises(Refusal) as info:
        await env.svc.back(user)
    assert info.value.reason == "not_away"
    with pytest.raises(Refusal) as info:  # 1 of 2 days used this year
        await env.svc.away(user, 1.5)
    assert info.value.code == "away_allowance"
    # the reminders come after the return; the deadline fires at the pulled-in time
    await env.advance(START + 48 * H - env.vt.now)
    assert [u.expired for u in env.causes("deadline")] == [[w.seat]]
    env2 = await env.reopen()  # the vacation and allowance survive a restart
    try:
        with pytest.raises(Refusal) as info:
            await env2.svc.away(user, 1.5)
        assert info.value.code == "away_allowance"
    finally:
        await env2.close()
        env.svc, env.store = env2.svc, env2.store


# ---------------------------------------------------------------- restarts, load


async def test_rearmed_after_a_restart(env: Env) -> None:
    gid = await table(env, [HOST, ALICE], "12h")
    [w] = await env.svc.waiting(gid)
    env2 = await env.reopen()
    try:
        assert len(env2.svc.scheduler) == 3 and env2.svc.scheduler.running
        assert (await env2.svc.waiting(gid))[0].deadline == START + 12 * H
        await env2.advance(6 * H)
        assert len(env2.causes("reminder")) == 1 and env2.causes("deadline") == []
        await env2.advance(5 * H)
        assert len(env2.causes("reminder")) == 2 and env2.causes("deadline") == []
        await env2.advance(H)
        assert [u.expired for u in env2.causes("deadline")] == [[w.seat]]
    finally:
        await env2.close()
        env.svc, env.store = env2.svc, env2.store


async def test_two_hundred_games_due_at_the_same_second(env: Env) -> None:
    games = [await env.svc.create(1000 + 2 * k, "A", seats=2, time_control="1h")
             for k in range(200)]
    for k, gid in enumerate(games):
        await env.svc.join(gid, 1001 + 2 * k, "B")
        await env.svc.start(gid, 1000 + 2 * k)
    await settle(env.svc)
    due = {t.due for t in env.svc.scheduler.all() if t.kind == DEADLINE}
    assert due == {START + H} and len(env.svc.scheduler) == 200 * 2  # deadline + reminder
    started = time.process_time()  # this process's CPU: other tests beside it do not count
    await env.advance(H)
    assert time.process_time() - started < 10
    fired = env.causes("deadline")
    assert sorted(u.game_id for u in fired) == games
    for gid in games:
        stored = await env.store.load_game(gid)
        assert stored is not None and [a.submitted_by for a in stored.actions] == ["deadline"]
    assert all(t.due == START + 2 * H for t in env.svc.scheduler.all() if t.kind == DEADLINE)


async def test_catch_up_lists_what_happened_since_the_seat_last_acted(env: Env) -> None:
    gid = await table(env, [HOST, ALICE], "24h")
    [w] = await env.svc.waiting(gid)
    before = await env.svc.catch_up(gid, w.seat)
    assert before["since"] == 0 and before["actions"] == 0 and before["events"] == []
    await play_legal(env, gid, w.seat)  # the wheel
    draft = await env.svc.waiting(gid)
    other = next(x.seat for x in draft if x.seat != w.seat)
    await play_legal(env, gid, other)
    await play_legal(env, gid, w.seat)  # both picks in: the round resolves
    mine = await env.svc.catch_up(gid, w.seat)
    assert mine["since"] == 3 and mine["events"] == []  # the seat's pick was the last action
    theirs = await env.svc.catch_up(gid, other)
    assert theirs["since"] == 2 and theirs["actions"] == 1
    assert theirs["lines"] and len(theirs["lines"]) >= len(theirs["events"]) >= 1


# ---------------------------------------------------------------- killed while firing

CHILD_T0 = START + 10 * H  # the child's clock: the setup's 1 h deadline is long due


async def _child(db: Path, mode: str) -> None:
    store = SqliteStore(db)
    await store.open()
    original = store.write_actions
    armed: list[bool] = []

    def die() -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    async def write_actions(game_id: int, rows: list[ActionRecord], status: str | None = None,
                            **kw: Any) -> list[int]:
        firing = any(r.submitted_by == "deadline" for r in rows)
        if firing and mode == "before_commit":
            armed.append(True)
        out = await original(game_id, rows, status, **kw)
        if firing and mode == "after_commit":
            die()
        return out

    store.write_actions = write_actions  # type: ignore[method-assign]
    store.before_commit = lambda: die() if armed else None
    vt = VirtualTime(CHILD_T0)
    svc = GameService(store, clock=vt.clock, sleep=vt.sleep,
                      ai_pool=ThreadPoolExecutor(1), image_cache=ImageCache(1 << 20))
    await svc.open()
    await settle(svc)
    await svc.close()
    await store.close()
    print("done", flush=True)


def run_child(db: Path, mode: str) -> int:
    child = subprocess.run([sys.executable, __file__, "child", str(db), mode], cwd=ROOT,
                           env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60,
                           capture_output=True)
    assert child.returncode in (0, -signal.SIGKILL), child.stderr.decode()[-2000:]
    return child.returncode


async def _prepare(db: Path) -> tuple[int, list[int]]:
    store = SqliteStore(db)
    await store.open()
    vt = VirtualTime()
    svc = GameService(store, clock=vt.clock, sleep=vt.sleep, image_cache=ImageCache(1 << 20))
    await svc.open()
    games = []
    for k in range(2):
        gid = await svc.create(HOST + k, "A", seats=2, time_control="1h")
        await svc.join(gid, ALICE + 10 * k, "B")
        await svc.start(gid, HOST + k)
        games.append(gid)
    ids = [t.id for t in svc.scheduler.all() if t.kind == DEADLINE]
    await svc.close()
    await store.close()
    return games[0], ids


async def _state(db: Path) -> tuple[dict[int, list[str]], list[TimerRecord]]:
    store = SqliteStore(db)
    await store.open()
    try:
        logs = {}
        for gid in await store.game_ids((ACTIVE,)):
            stored = await store.load_game(gid)
            assert stored is not None
            replay_ok(stored)
            logs[gid] = [f"{a.seq}:{a.decision_id}:{a.submitted_by}" for a in stored.actions]
        return logs, await store.timers()
    finally:
        await store.close()


@pytest.mark.sqlite_only  # kills the process between the write and its COMMIT on the file
@pytest.mark.parametrize("where", ["before_commit", "after_commit"])
def test_killed_while_a_deadline_fires_it_fires_exactly_once(tmp_path: Path,
                                                             where: str) -> None:
    db = tmp_path / "games.sqlite3"
    _, deadline_ids = asyncio.run(_prepare(db))
    assert run_child(db, where) == -signal.SIGKILL
    logs, timers = asyncio.run(_state(db))
    fired = [g for g, rows in logs.items() if rows]
    if where == "before_commit":  # nothing of the killed transaction is there
        assert fired == [] or len(fired) == 1  # one game may have committed before
        assert len([t for t in timers if t.id in deadline_ids]) == 2 - len(fired)
    else:  # the committed firing is there, its timer gone, with the next decisions' timers
        assert len(fired) >= 1
        for g in fired:
            assert [r.split(":")[2] for r in logs[g]] == ["deadline"]
            assert all(t.id not in deadline_ids for t in timers if t.game_id == g)
            assert {t.decision_id for t in timers if t.game_id == g} != set()
    assert run_child(db, "none") == 0  # restart: the rest fires, nothing twice
    logs, timers = asyncio.run(_state(db))
    for rows in logs.values():
        assert [r.split(":")[2] for r in rows] == ["deadline"]  # exactly once
        assert len({r.split(":")[1] for r in rows}) == len(rows)
    assert not any(t.id in deadline_ids for t in timers)
    assert all(t.due > CHILD_T0 for t in timers)  # the next deadlines, not yet due
    assert run_child(db, "none") == 0  # and once more: nothing fires again
    assert asyncio.run(_state(db))[0] == logs


if __name__ == "__main__" and len(sys.argv) == 4 and sys.argv[1] == "child":
    asyncio.run(_child(Path(sys.argv[2]), sys.argv[3]))
