"""The rules of time (docs/service.md, "Time control, reminders and expiry"): parsing a time
control, the reminder points, vacations as pauses, quiet hours. Pure: no I/O, no clock of its
own (every time is passed in), nothing of the scheduler.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.storage.base import DEADLINE, JSONObject, Vacation

from .. import refusals
from ..refusals import Refusal

#: A time control as stored (``options["time_control"]``): what :func:`parse_time_control`
#: returns.
TimeControl = JSONObject

HOUR, DAY = 3600.0, 86400.0
#: The per-decision deadlines a front end offers (the service accepts any positive seconds).
PRESETS: dict[str, float] = {"1h": HOUR, "12h": 12 * HOUR, "24h": DAY, "48h": 2 * DAY,
                             "72h": 3 * DAY}
#: Reminder points: "50%" is halfway through the decision's time, a number is seconds before
#: the deadline. A point at or before the decision opened is skipped.
DEFAULT_REMINDERS: tuple[str | float, ...] = ("50%", HOUR)
DEFAULT_STRIKES = 3  # expiries before the AI takes the seat over
MERGE_WINDOW = 600.0  # reminders of one user due within 10 minutes become one
DEFAULT_AWAY_DAYS = 21.0  # vacation days per rolling year where no server set an allowance
YEAR = 365 * DAY

# Refusal codes of the time-control calls (in bot.service.refusals.CODES)
TIME_CODES = (refusals.TAKEN_OVER, refusals.NOT_TAKEN_OVER, refusals.AWAY_ALLOWANCE)


_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*$")
_UNITS = {"": 1.0, "s": 1.0, "m": 60.0, "h": HOUR, "d": DAY}


def _seconds(value: object, what: str, *, zero: bool = False) -> float:
    if isinstance(value, bool):
        raise _bad(what)
    if isinstance(value, int | float):
        seconds = float(value)
    elif isinstance(value, str) and (m := _DURATION.match(value)):
        seconds = float(m.group(1)) * _UNITS[m.group(2)]
    else:
        raise _bad(what)
    if not math.isfinite(seconds) or seconds < 0 or (seconds == 0 and not zero):
        raise _bad(what)
    return seconds


def _bad(what: str) -> Refusal:
    return Refusal(refusals.BAD_REQUEST, f"The time control is not valid ({what}).",
                   "bad_time_control", field=what, presets=[*PRESETS, "none"])


def parse_time_control(value: object) -> TimeControl | None:
    """The stored form of a time control (``options["time_control"]``), or None for none.

    Accepted: ``None``/``"none"``; a preset ``"1h"``, ``"12h"``, ``"24h"``, ``"48h"``,
    ``"72h"`` or any duration (``"90m"``, seconds as a number): a deadline per decision; or a
    dict ``{"kind": "deadline", "seconds": …}`` / ``{"kind": "bank", "initial": …,
    "increment": …, "cap": …}`` with optional ``reminders`` (points: ``"50%"`` or seconds
    before the deadline) and ``strikes`` (expiries before the AI takes over, default 3).
    Raises :class:`Refusal` ``bad_request`` / ``bad_time_control``."""
    if value is None or value == "none":
        return None
    if not isinstance(value, dict):
        return {"kind": DEADLINE, "seconds": _seconds(value, "seconds"),
                "reminders": list(DEFAULT_REMINDERS), "strikes": DEFAULT_STRIKES}
    kind = value.get("kind", DEADLINE)
    out: TimeControl
    if kind == "none":
        return None
    if kind == DEADLINE:
        out = {"kind": DEADLINE, "seconds": _seconds(value.get("seconds"), "seconds")}
    elif kind == "bank":
        initial = _seconds(value.get("initial"), "initial")
        increment = _seconds(value.get("increment", 0), "increment", zero=True)
        cap = _seconds(value.get("cap", initial), "cap")
        if cap < initial:
            raise _bad("cap")
        out = {"kind": "bank", "initial": initial, "increment": increment, "cap": cap}
    else:
        raise _bad("kind")
    points = value.get("reminders", list(DEFAULT_REMINDERS))
    if not isinstance(points, list) or len(points) > 8:
        raise _bad("reminders")
    out["reminders"] = [_point(p) for p in points]
    strikes = value.get("strikes", DEFAULT_STRIKES)
    if type(strikes) is not int or not 1 <= strikes <= 100:
        raise _bad("strikes")
    out["strikes"] = strikes
    return out


def _point(p: object) -> str | float:
    if isinstance(p, str) and p.endswith("%"):
        try:
            share = float(p[:-1])
        except ValueError:
            raise _bad("reminders") from None
        if not 0 < share < 100:
            raise _bad("reminders")
        return p
    return _seconds(p, "reminders")


def reminder_times(opened: float, base: float, points: Iterable[str | float]) -> list[float]:
    """The reminder times (before any pause) of a decision opened at ``opened`` whose deadline
    is ``base``: distinct, after the opening, before the deadline, ascending."""
    out: set[float] = set()
    for p in points:
        if isinstance(p, str):
            at = opened + (base - opened) * float(p[:-1]) / 100
        else:
            at = base - float(p)
        if opened < at < base:
            out.add(round(at, 3))
    return sorted(out)


def paused(vacations: Iterable[Vacation], since: float, until: float = math.inf) -> float:
    """Seconds of the vacations that lie between ``since`` and ``until``: the time a clock
    opened at ``since`` stands still (deadlines are pushed by it, time banks don't run)."""
    total = 0.0
    for v in vacations:
        lo, hi = max(v.start, since), min(v.end, until)
        if hi > lo:
            total += hi - lo
    return total


_QUIET = re.compile(r"^\s*(\d{1,2})(?::(\d{2}))?\s*-\s*(\d{1,2})(?::(\d{2}))?\s*$")


def quiet_hours(text: object) -> tuple[int, int] | None:
    """``"22-07"`` or ``"22:30-07:00"`` as minutes of the day (start, end); None if unset or
    not understood."""
    if not isinstance(text, str):
        return None
    m = _QUIET.match(text)
    if m is None:
        return None
    h1, m1, h2, m2 = (int(x or 0) for x in m.groups())
    if h1 > 24 or h2 > 24 or m1 > 59 or m2 > 59:
        return None
    start, end = (h1 * 60 + m1) % 1440, (h2 * 60 + m2) % 1440
    return None if start == end else (start, end)


def zone(name: object) -> ZoneInfo:
    """The user's time zone (IANA name); UTC when unset or unknown."""
    if isinstance(name, str) and name:
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    return ZoneInfo("UTC")


def quiet_until(at: float, settings: Mapping[str, object]) -> float | None:
    """If ``at`` falls in the user's quiet hours (``settings["quiet_hours"]`` in their
    ``settings["tz"]``), when they end; else None."""
    span = quiet_hours(settings.get("quiet_hours"))
    if span is None:
        return None
    start, end = span
    tz = zone(settings.get("tz"))
    local = datetime.fromtimestamp(at, tz)
    minute = local.hour * 60 + local.minute
    inside = start <= minute < end if start < end else (minute >= start or minute < end)
    if not inside:
        return None
    day = local.date() if minute < end else local.date() + timedelta(days=1)
    wall = datetime(day.year, day.month, day.day, end // 60, end % 60, tzinfo=tz)
    # a wall time in a DST gap or fold: fromtimestamp/ timestamp() resolve it (fold=0)
    return max(wall.timestamp(), at)
