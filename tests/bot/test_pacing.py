"""The process-wide pacer (bot/pacing.py): what it lets through at once, how it spaces the
rest, and that a person's request never waits behind a board edit — unit tests and a
property over random traffic, on a clock the test moves."""

from __future__ import annotations

import copy
from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.pacing import COSMETIC, DM_OPEN, PERSON, PaceLimits, Pacer

LIMITS = PaceLimits()
OLD = LIMITS.old_age + 1.0


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def pacer() -> tuple[Pacer, Clock]:
    clock = Clock()
    return Pacer(clock, LIMITS), clock


def send(p: Pacer, clock: Clock, kind: str, *, channel: int | None = None,
         message_age: float | None = None) -> float:
    """As the client does: wait out the request's own queue, then its global place; returns
    the whole wait (the clock moved over the first)."""
    start = clock.now
    clock.now += p.hold(kind, channel=channel, message_age=message_age)
    wait = clock.now - start + p.reserve(kind)
    clock.now = start
    return wait


def test_a_burst_goes_at_once_then_the_rate() -> None:
    p, c = pacer()
    waits = [send(p, c, PERSON, channel=1) for _ in range(LIMITS.burst + 2)]
    assert waits[:LIMITS.burst] == [0.0] * LIMITS.burst
    assert waits[LIMITS.burst] > 0 and waits[LIMITS.burst + 1] > waits[LIMITS.burst]
    assert abs((waits[-1] - waits[-2]) - 1 / LIMITS.per_second) < 1e-9
    assert p.stats.waited == 2 and p.stats.requests == LIMITS.burst + 2


def test_board_edits_leave_room_for_people() -> None:
    p, c = pacer()
    share = int(LIMITS.burst * LIMITS.cosmetic_share)
    edits = [send(p, c, COSMETIC, channel=1) for _ in range(share + 1)]
    assert edits[:share] == [0.0] * share and edits[share] > 0  # edits hold back …
    assert send(p, c, PERSON, channel=2) == 0.0  # … and a ping still goes at once


def test_edits_of_old_messages_three_per_six_seconds_per_channel() -> None:
    p, clock = pacer()
    waits = [p.hold(COSMETIC, channel=7, message_age=OLD) for _ in range(4)]
    assert waits[:3] == [0.0, 0.0, 0.0] and abs(waits[3] - LIMITS.old_window) < 1e-9
    assert p.hold(COSMETIC, channel=8, message_age=OLD) == 0.0  # another channel
    assert p.hold(COSMETIC, channel=7, message_age=60.0) == 0.0  # a young message
    clock.now += 2 * LIMITS.old_window
    assert p.hold(COSMETIC, channel=7, message_age=OLD) == 0.0 and p.stats.old_edits == 6
    # an old board waiting in its channel's queue holds back no one else
    waits = [p.hold(COSMETIC, channel=9, message_age=OLD) for _ in range(4)]
    assert waits[-1] > 5.0 and p.reserve(PERSON) == 0.0


def test_dm_opens_are_paced_and_stop_after_a_40003() -> None:
    p, clock = pacer()
    waits = [p.hold(DM_OPEN) for _ in range(LIMITS.dm_burst + 1)]
    assert waits[:LIMITS.dm_burst] == [0.0] * LIMITS.dm_burst
    assert abs(waits[-1] - LIMITS.dm_open_every) < 1e-6
    assert not p.dm_blocked()
    p.dm_backoff()
    assert p.dm_blocked() and p.stats.dm_backoffs == 1
    assert p.hold(DM_OPEN) >= LIMITS.dm_backoff - 1e-6
    assert p.hold(PERSON) == 0.0 and p.reserve(PERSON) == 0.0  # the rest of the traffic goes on
    clock.now += LIMITS.dm_backoff + 60
    assert not p.dm_blocked()


KINDS = st.sampled_from([PERSON, COSMETIC, DM_OPEN])
TRAFFIC = st.lists(st.tuples(st.floats(0, 0.5), KINDS, st.integers(1, 3), st.booleans()),
                   min_size=1, max_size=300)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(TRAFFIC)
def test_any_traffic_stays_within_discords_limits(traffic: list[tuple[float, str, int, bool]]
                                                  ) -> None:
    """Whatever the bot asks for and when, what it sends keeps within the global limit (50
    in any second), 3 edits of old messages per 6 s per channel and the DM opens' pace; and
    a person's request never waits longer than a board edit asked at the same moment."""
    p, clock = pacer()
    sent: list[float] = []
    old: dict[int, list[float]] = defaultdict(list)
    dms: list[float] = []
    for dt, kind, channel, is_old in traffic:
        clock.now += dt
        age = OLD if is_old and kind == COSMETIC else None
        edit_wait = send(copy.deepcopy(p), clock, COSMETIC, channel=channel)  # (not booked)
        wait = send(p, clock, kind, channel=channel, message_age=age)
        assert wait >= 0
        if kind == PERSON:
            assert wait <= edit_wait + 1e-9
        at = clock.now + wait
        sent.append(at)
        if age is not None:
            old[channel].append(at)
        if kind == DM_OPEN:
            dms.append(at)
    eps = 1e-9
    sent.sort()
    for i, start in enumerate(sent):  # any window of one second
        assert sum(1 for t in sent[i:] if t < start + 1.0 - eps) <= 50
    for times in old.values():
        times.sort()
        for i, start in enumerate(times):
            assert sum(1 for t in times[i:] if t < start + LIMITS.old_window - eps) <= 3
    dms.sort()
    for i, start in enumerate(dms):
        n = sum(1 for t in dms[i:] if t < start + 10.0 - eps)
        assert n <= LIMITS.dm_burst + 10.0 / LIMITS.dm_open_every + 1
