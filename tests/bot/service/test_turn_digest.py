"""The turn digest (bot/service/turn_digest.py; docs/service.md "The turn digest"): the rule of
the hour across daylight saving (a zone with both changes: Europe/Paris, America/New_York; a
half-hour change: Australia/Lord_Howe; UTC when unset), and the service on real databases
(every backend) with a virtual clock — once a day at the local hour across a change of the
clocks with the games waiting on the player, the one waiting longest first; nothing when none
waits; never once turned off (after a restart too, and whatever a stale timer says); moved
with the time zone; a digest that came due while the bot was down fires once."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.service.screens import TIME_ZONE, TURN_DIGEST, TURN_PINGS
from bot.service.timecontrol.rules import zone
from bot.service.turn_digest import TurnDigest, digest_at, next_digest
from bot.storage.base import StorageUnavailable
from tests.support.storage_helpers import (
    ALICE,
    BOB,
    HOST,
    Env,
    VirtualTime,
    make_env,
    move,
    settle,
    table,
)
from tests.support.stores import StoreFactory

H = 3600.0
PARIS, NEW_YORK = ZoneInfo("Europe/Paris"), ZoneInfo("America/New_York")


def utc(*args: int) -> float:
    return datetime(*args, tzinfo=UTC).timestamp()  # type: ignore[misc]


def local(at: float, tz: ZoneInfo) -> str:
    return datetime.fromtimestamp(at, tz).strftime("%Y-%m-%d %H:%M %Z")


# ---------------------------------------------------------------------- the rule of the hour


@pytest.mark.parametrize(("tz", "day", "hour", "expected"), [
    # a normal day: the hour itself
    (PARIS, date(2026, 3, 28), 2, "2026-03-28 02:00 CET"),
    (NEW_YORK, date(2026, 7, 1), 8, "2026-07-01 08:00 EDT"),
    # spring forward, the hour skipped: the first instant after the gap
    (PARIS, date(2026, 3, 29), 2, "2026-03-29 03:00 CEST"),
    (NEW_YORK, date(2026, 3, 8), 2, "2026-03-08 03:00 EDT"),
    # the hour right after the gap is itself
    (PARIS, date(2026, 3, 29), 3, "2026-03-29 03:00 CEST"),
    # fall back, the hour repeated: its first occurrence
    (PARIS, date(2026, 10, 25), 2, "2026-10-25 02:00 CEST"),
    (NEW_YORK, date(2026, 11, 1), 1, "2026-11-01 01:00 EDT"),
    # a half-hour change (02:00 → 02:30): the first instant the clock reads 2
    (ZoneInfo("Australia/Lord_Howe"), date(2026, 10, 4), 2, "2026-10-04 02:30 +11"),
])
def test_the_first_instant_the_local_clock_reads_the_hour(
        tz: ZoneInfo, day: date, hour: int, expected: str) -> None:
    assert local(digest_at(day, hour, tz), tz) == expected


def test_utc_when_the_time_zone_is_unset_or_unknown() -> None:
    assert digest_at(date(2026, 3, 29), 8, zone(None)) == utc(2026, 3, 29, 8)
    assert digest_at(date(2026, 3, 29), 8, zone("Mars/Olympus")) == utc(2026, 3, 29, 8)


@pytest.mark.parametrize(("tz", "start", "hour", "expected"), [
    (PARIS, utc(2026, 3, 26, 12), 2,  # across spring forward
     ["2026-03-27 02:00 CET", "2026-03-28 02:00 CET", "2026-03-29 03:00 CEST",
      "2026-03-30 02:00 CEST"]),
    (PARIS, utc(2026, 10, 23, 12), 2,  # across fall back: 02:00 once, not again an hour on
     ["2026-10-24 02:00 CEST", "2026-10-25 02:00 CEST", "2026-10-26 02:00 CET",
      "2026-10-27 02:00 CET"]),
    (NEW_YORK, utc(2026, 10, 30, 12), 1,
     ["2026-10-31 01:00 EDT", "2026-11-01 01:00 EDT", "2026-11-02 01:00 EST"]),
])
def test_once_a_local_date(tz: ZoneInfo, start: float, hour: int,
                           expected: list[str]) -> None:
    now, sent = start, None
    seen = []
    for _ in expected:
        now = next_digest(now, hour, tz, sent)
        seen.append(local(now, tz))
        sent = now  # handed over
    assert seen == expected


def test_never_twice_a_local_date() -> None:
    # handed over at 09:00 on the 1st: moved to 20:00 the same day, the next is the 2nd's
    sent = utc(2026, 1, 1, 9)
    assert next_digest(sent + H, 20, zone(None), sent) == utc(2026, 1, 2, 20)
    # nothing handed over today yet: today's 20:00
    assert next_digest(sent + H, 20, zone(None), None) == utc(2026, 1, 1, 20)
    # an hour already past today: tomorrow's
    assert next_digest(sent + H, 8, zone(None), None) == utc(2026, 1, 2, 8)


# ---------------------------------------------------------------------- the service


async def waits_on(env: Env, gid: int, user: int) -> bool:
    seat = await env.svc.seat_of(gid, user)
    return any(w.seat == seat for w in await env.svc.waiting(gid))


async def until_waiting_on(env: Env, gid: int, user: int, *, moves: int = 0) -> None:
    """Moves (at least ``moves``) until the game waits on ``user``."""
    for done in range(20):
        if done >= moves and await waits_on(env, gid, user):
            return
        await move(env, gid)
    raise AssertionError("the game never waited on the user")


async def digest_on(env: Env, user: int, hour: int | None, tz: str | None = None,
                    **more: object) -> None:
    """``/hadara settings``: the stored settings with the digest's hour (None: off)."""
    settings = {k: v for k, v in (await env.svc.user_settings(user)).items()
                if k not in (TURN_DIGEST, TIME_ZONE)}
    if hour is not None:
        settings[TURN_DIGEST] = hour
    if tz is not None:
        settings[TIME_ZONE] = tz
    settings.update(more)  # type: ignore[arg-type]
    await env.svc.set_user_settings(user, settings)  # type: ignore[arg-type]


def listen(env: Env) -> list[tuple[float, TurnDigest]]:
    got: list[tuple[float, TurnDigest]] = []
    env.svc.on_turn_digest(lambda d: got.append((env.vt.now, d)))
    return got


async def hours(env: Env, n: int) -> None:
    for _ in range(n):
        await env.advance(H)


@pytest.mark.parametrize(("start", "expected"), [
    (utc(2026, 3, 26, 12), ["2026-03-27 02:00 CET", "2026-03-28 02:00 CET",
                            "2026-03-29 03:00 CEST", "2026-03-30 02:00 CEST"]),
    (utc(2026, 10, 23, 12), ["2026-10-24 02:00 CEST", "2026-10-25 02:00 CEST",
                             "2026-10-26 02:00 CET", "2026-10-27 02:00 CET"]),
])
async def test_once_a_day_at_the_local_hour_across_a_change_of_the_clocks(
        make_store: StoreFactory, start: float, expected: list[str]) -> None:
    env = await make_env(make_store, vt=VirtualTime(start))
    try:
        first = await table(env, (HOST, ALICE))
        await until_waiting_on(env, first, ALICE)
        await env.advance(H)
        second = await table(env, (HOST, ALICE))
        await until_waiting_on(env, second, ALICE)
        await env.advance(H)
        await until_waiting_on(env, first, ALICE, moves=1)  # waits on her again: since now
        theirs = await table(env, (HOST, BOB))  # not hers
        got = listen(env)
        await digest_on(env, ALICE, 2, "Europe/Paris")
        await hours(env, 24 * len(expected) - 12)
        assert [local(at, PARIS) for at, _ in got] == expected
        for _, digest in got:
            assert digest.user_id == ALICE and digest.time_zone == "Europe/Paris"
            # the one waiting longest first: the second game waits since before the first
            assert [line.game_id for line in digest.lines] == [second, first]
            assert theirs not in [line.game_id for line in digest.lines]
            assert all(line.your_turn for line in digest.lines)
        assert [d.date for at, d in got] == [datetime.fromtimestamp(at, PARIS).date()
                                             for at, _ in got]
        # and the store holds the next one
        (armed,) = await env.store.turn_digest_timers(ALICE)
        assert armed.due > env.vt.now and armed.sent_at == got[-1][0]
    finally:
        await env.close()


async def test_nothing_when_no_game_waits(make_store: StoreFactory) -> None:
    env = await make_env(make_store)
    try:
        got = listen(env)
        await digest_on(env, BOB, 8)  # UTC
        gid = await table(env, (HOST, ALICE))  # BOB plays nothing
        await hours(env, 30)
        assert got == []
        (armed,) = await env.store.turn_digest_timers(BOB)  # moved on all the same
        assert armed.due == utc(2026, 1, 2, 8) and armed.sent_at is None
        assert (await env.svc.settings(BOB)).turn_digest_due == armed.due
        assert gid
    finally:
        await env.close()


async def test_never_once_turned_off_nor_after_a_restart(make_store: StoreFactory) -> None:
    env = await make_env(make_store)
    try:
        gid = await table(env, (HOST, ALICE))
        await until_waiting_on(env, gid, ALICE)
        got = listen(env)
        await digest_on(env, ALICE, 8)
        assert (await env.svc.settings(ALICE)).turn_digest == 8
        await hours(env, 9)
        assert len(got) == 1  # on: 08:00
        await digest_on(env, ALICE, None)  # off
        assert await env.store.turn_digest_timers(ALICE) == []
        settings = await env.svc.settings(ALICE)
        assert settings.turn_digest is None and settings.turn_digest_due is None
        await hours(env, 48)
        env = await env.reopen()
        got = listen(env)
        await hours(env, 48)
        assert got == []
        # a stale timer (a write lost halfway, another process): the settings say off, so it
        # does not fire, and it is removed
        await env.store.arm_turn_digest(ALICE, env.vt.now + H)
        env = await env.reopen()
        got = listen(env)
        await hours(env, 2)
        assert got == [] and await env.store.turn_digest_timers(ALICE) == []
    finally:
        await env.close()


async def test_moved_with_the_time_zone_and_the_hour(make_store: StoreFactory) -> None:
    env = await make_env(make_store)  # 2026-01-01 00:00 UTC
    try:
        gid = await table(env, (HOST, ALICE))
        await until_waiting_on(env, gid, ALICE)
        got = listen(env)
        await digest_on(env, ALICE, 8)  # UTC: 08:00 UTC
        assert [t.due for t in await env.store.turn_digest_timers(ALICE)] == [
            utc(2026, 1, 1, 8)]
        await digest_on(env, ALICE, 8, "Asia/Tokyo")  # 08:00 JST = 23:00 UTC the day before
        assert [t.due for t in await env.store.turn_digest_timers(ALICE)] == [
            utc(2026, 1, 1, 23)]
        await digest_on(env, ALICE, 20, "Asia/Tokyo", **{TURN_PINGS: True})  # another hour
        assert [t.due for t in await env.store.turn_digest_timers(ALICE)] == [
            utc(2026, 1, 1, 11)]
        assert (await env.svc.settings(ALICE)).per_game_turns  # pings kept
        await hours(env, 12)
        assert [local(at, ZoneInfo("Asia/Tokyo")) for at, _ in got] == ["2026-01-01 20:00 JST"]
        # handed over today (in Tokyo): a later hour today would be a second one today, so
        # it comes tomorrow
        await digest_on(env, ALICE, 22, "Asia/Tokyo", **{TURN_PINGS: False})
        assert not (await env.svc.settings(ALICE)).per_game_turns  # the digest instead
        assert [t.due for t in await env.store.turn_digest_timers(ALICE)] == [
            utc(2026, 1, 2, 13)]
    finally:
        await env.close()


async def test_a_digest_due_while_the_bot_was_down_fires_once(make_store: StoreFactory
                                                               ) -> None:
    env = await make_env(make_store)
    try:
        gid = await table(env, (HOST, ALICE))
        await until_waiting_on(env, gid, ALICE)
        await digest_on(env, ALICE, 8)
        await env.close()
        env.vt.now = utc(2026, 1, 4, 7)  # down for three days and more
        env = await make_env(make_store, vt=env.vt, open_service=False)
        got = listen(env)
        await env.svc.open()  # the digest due on the 1st fires at once: once
        await settle(env.svc)
        await hours(env, 5)  # past 08:00 on the 4th
        assert [(at, d.date) for at, d in got] == [(utc(2026, 1, 4, 7), date(2026, 1, 4))]
        (armed,) = await env.store.turn_digest_timers(ALICE)
        assert armed.due == utc(2026, 1, 5, 8)  # not again on the 4th
    finally:
        await env.close()


async def test_a_storage_fault_delays_it_and_it_comes_once(make_store: StoreFactory) -> None:
    env = await make_env(make_store)
    try:
        gid = await table(env, (HOST, ALICE))
        await until_waiting_on(env, gid, ALICE)
        await digest_on(env, ALICE, 8)
        got = listen(env)
        refused = [0]

        async def fail(*args: object, **kwargs: object) -> bool:
            refused[0] += 1
            raise StorageUnavailable("disk_full", "simulated")

        env.store.rearm_turn_digest = fail  # type: ignore[method-assign]
        try:
            await hours(env, 8)  # 08:00: the move on cannot be stored, so nothing is sent
        finally:
            del env.store.rearm_turn_digest  # the class's method again
        assert refused[0] >= 1 and got == []
        await env.advance(6)  # the scheduler's retry: sent now, once
        await hours(env, 2)
        assert [at for at, _ in got] == [utc(2026, 1, 1, 8) + 6]
        assert [t.due for t in await env.store.turn_digest_timers(ALICE)] == [
            utc(2026, 1, 2, 8)]
    finally:
        await env.close()


async def test_nothing_while_on_vacation(make_store: StoreFactory) -> None:
    """On vacation the clocks of a person's games stand still: the digest asks nothing of
    them either, and comes again the day after they are back."""
    env = await make_env(make_store)
    try:
        gid = await table(env, (HOST, ALICE))
        await until_waiting_on(env, gid, ALICE)
        got = listen(env)
        await digest_on(env, ALICE, 8)  # UTC
        await env.svc.away(ALICE, 2)
        await hours(env, 24 * 2 - 1)
        assert got == []
        await hours(env, 26)  # back: the next 08:00 brings it
        assert [d.user_id for _, d in got] == [ALICE]
        assert [line.game_id for line in got[0][1].lines] == [gid]
    finally:
        await env.close()
