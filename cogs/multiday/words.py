"""The words and rules of multi-day games, without Discord: time controls, deadlines as
Discord timestamps, the thread's notices of expiries, takeovers, votes and vacations, reminder
texts, the catch-up summary and the time-zone and quiet-hours settings. Pure functions: tests
call them without a bot."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

import discord

from bot.messages import t
from bot.service import Update, scheduler
from bot.service.updates import AWAY, BACK, DEADLINE, REJOINED, TAKEOVER, VOTE, Waiting
from bot.storage.base import GameRecord, SeatRecord

#: ``/hadara new time_control`` choices: value → the service's time control (None: none).
TIME_CONTROLS: dict[str, Any] = {
    "none": None, "1h": scheduler.PRESETS["1h"], "12h": scheduler.PRESETS["12h"], "24h": scheduler.PRESETS["24h"],
    "48h": scheduler.PRESETS["48h"], "72h": scheduler.PRESETS["72h"],
    "bank24": {"kind": "bank", "initial": 24 * scheduler.HOUR, "increment": 4 * scheduler.HOUR,
               "cap": 72 * scheduler.HOUR},
}
CATCH_UP_LINES = 4  # a phone shows the panel's first button below them
MAX_REMINDER_LINES = 10
#: Zones offered first by the time-zone autocomplete (any IANA name is accepted).
COMMON_ZONES = (
    "UTC", "Europe/London", "Europe/Dublin", "Europe/Lisbon", "Europe/Paris", "Europe/Berlin",
    "Europe/Madrid", "Europe/Rome", "Europe/Amsterdam", "Europe/Stockholm", "Europe/Warsaw",
    "Europe/Athens", "Europe/Helsinki", "Europe/Istanbul", "Europe/Moscow", "Africa/Cairo",
    "Africa/Johannesburg", "Africa/Lagos", "Asia/Dubai", "Asia/Kolkata", "Asia/Bangkok",
    "Asia/Singapore", "Asia/Shanghai", "Asia/Hong_Kong", "Asia/Tokyo", "Asia/Seoul",
    "Australia/Perth", "Australia/Sydney", "Pacific/Auckland", "America/St_Johns",
    "America/Halifax", "America/New_York", "America/Chicago", "America/Denver",
    "America/Phoenix", "America/Los_Angeles", "America/Anchorage", "Pacific/Honolulu",
    "America/Mexico_City", "America/Bogota", "America/Sao_Paulo",
    "America/Argentina/Buenos_Aires")


# ---------------------------------------------------------------------- time controls


def time_control(choice: str, strikes: int = scheduler.DEFAULT_STRIKES) -> dict[str, Any] | None:
    """The ``time_control`` for ``service.create`` of a ``/hadara new`` choice."""
    value = TIME_CONTROLS.get(choice)
    if value is None:
        return None
    if isinstance(value, dict):
        return {**value, "strikes": strikes}
    return {"kind": scheduler.DEADLINE, "seconds": value, "strikes": strikes}


def duration_text(seconds: float) -> str:
    if seconds > scheduler.DAY * 3 and seconds % scheduler.DAY == 0:
        return t("md.days", n=int(seconds // scheduler.DAY))
    if seconds >= scheduler.HOUR:
        hours = seconds / scheduler.HOUR
        return t("md.hours", n=int(hours) if hours == int(hours) else round(hours, 1))
    return t("md.minutes", n=max(1, round(seconds / 60)))


def time_control_text(tc: Mapping[str, Any] | None) -> str:
    """A stored time control (``options["time_control"]``) in words."""
    if not tc:
        return t("md.tc.none")
    if tc.get("kind") == "bank":
        text = t("md.tc.bank", initial=duration_text(float(tc["initial"])),
                 increment=duration_text(float(tc.get("increment", 0))),
                 cap=duration_text(float(tc.get("cap", tc["initial"]))))
    else:
        text = t("md.tc.deadline", hours=duration_text(float(tc.get("seconds", 0))))
    return t("md.tc.strikes", tc=text, strikes=tc.get("strikes", scheduler.DEFAULT_STRIKES))


# ---------------------------------------------------------------------- timestamps


def stamp(when: float, style: str) -> str:
    """A Discord timestamp (``<t:…:style>``) of clock seconds."""
    return discord.utils.format_dt(datetime.fromtimestamp(when, UTC), style)  # type: ignore[arg-type]


def deadline_text(when: float) -> str:
    """"<t:…:f> (<t:…:R>)": the absolute time in the reader's zone and how far it is."""
    return t("md.deadline", at=stamp(when, "f"), rel=stamp(when, "R"))


def board_deadlines(waiting: Iterable[Waiting], names: Mapping[int, str]) -> str | None:
    """The board's line of each pending player's deadline (None without time control)."""
    parts = []
    seen: set[int] = set()
    for w in sorted(waiting, key=lambda w: (w.deadline or 0, w.seat)):
        if w.deadline is None or w.seat in seen:
            continue
        seen.add(w.seat)
        parts.append(t("md.status.deadline", name=names.get(w.seat, "?"),
                       rel=deadline_text(w.deadline)))
    return t("md.status.deadlines", list=" · ".join(parts)) if parts else None


def panel_deadline(deadline: float | None) -> str | None:
    """The panel's "decide by" line."""
    if deadline is None:
        return None
    return t("md.deadline.panel", at=stamp(deadline, "f"), rel=stamp(deadline, "R"))


# ---------------------------------------------------------------------- thread notices


def is_human(seat: SeatRecord | None) -> bool:
    """A person plays the seat now (not an AI, not conceded, not taken over by the AI)."""
    return (seat is not None and seat.user_id is not None and not seat.conceded
            and not seat.ai_takeover)


def needed_votes(seats: Sequence[SeatRecord], target: int) -> int:
    """How many votes of the other people hand ``target`` to the AI (more than half)."""
    voters = [s for s in seats if is_human(s) and s.seat != target]
    return len(voters) // 2 + 1


def seat_name(seats: Mapping[int, SeatRecord], seat: int) -> str:
    s = seats.get(seat)
    return s.name if s is not None else "?"


def _user_name(seats: Iterable[SeatRecord], user: int | None) -> str:
    return next((s.name for s in seats if s.user_id == user and user is not None), "?")


def notice_lines(updates: Iterable[Update], record: GameRecord) -> list[str]:
    """The thread's lines for the time-control updates of a batch: expiries (with the
    strike count), takeovers, votes, rejoins, vacations and queued choices played."""
    limit = int((record.options.get("time_control") or {}).get("strikes", scheduler.DEFAULT_STRIKES))
    lines: list[str] = []
    for u in updates:
        seats = {s.seat: s for s in (u.seats or record.seats)}
        if u.cause == DEADLINE:
            for seat in u.expired:
                lines.append(t("md.notice.expired", name=seat_name(seats, seat),
                               n=min(seats[seat].strikes, limit) if seat in seats else 1,
                               max=limit))
        if u.cause in (DEADLINE, TAKEOVER):
            lines += [t("md.notice.takeover", name=seat_name(seats, s)) for s in u.takeover]
        if u.cause == VOTE:
            for seat in u.stale_panels[:1]:
                target = seats.get(seat)
                lines.append(t("md.notice.vote", voter=_user_name(seats.values(), u.user),
                               name=seat_name(seats, seat),
                               votes=len(target.votes) if target else 1,
                               needed=needed_votes(list(seats.values()), seat)))
        if u.cause == REJOINED:
            lines.append(t("md.notice.rejoined", name=_user_name(seats.values(), u.user)))
        if u.cause == AWAY and u.until is not None:
            lines.append(t("md.notice.away", name=_user_name(seats.values(), u.user),
                           at=deadline_text(u.until)))
        if u.cause == BACK:
            lines.append(t("md.notice.back", name=_user_name(seats.values(), u.user)))
        for seat, by in u.by:
            if by == "ahead":
                lines.append(t("md.notice.ahead", name=seat_name(seats, seat)))
    return lines


def vote_seats(updates: Sequence[Update]) -> list[int]:
    """Seats that missed a deadline in these updates and a person still plays at the end:
    the notice offers the vote to hand them to the AI."""
    if not updates:
        return []
    last = {s.seat: s for s in updates[-1].seats}
    out: list[int] = []
    for u in updates:
        for seat in u.expired:
            if seat not in out and is_human(last.get(seat)):
                out.append(seat)
    return out


def ahead_played(updates: Iterable[Update]) -> list[int]:
    """Seats whose queued choice was played in these updates."""
    return sorted({seat for u in updates for seat, by in u.by if by == "ahead"})


# ---------------------------------------------------------------------- reminders


def reminder_line(game_id: int, what: str, deadline: float, url: str | None) -> str:
    return t("md.reminder.line", id=game_id, what=what, at=stamp(deadline, "f"),
             rel=stamp(deadline, "R"), where=t("md.reminder.where", url=url) if url else "")


def reminder_text(lines: Sequence[str]) -> str:
    """One DM for every game of a ``reminder`` update."""
    shown = list(lines[:MAX_REMINDER_LINES])
    if len(lines) > MAX_REMINDER_LINES:
        shown.append(t("md.reminder.more", count=len(lines) - MAX_REMINDER_LINES))
    return "\n".join([t("md.reminder.title"), *shown, t("md.reminder.footer")])[:2000]


def thread_url(record: GameRecord) -> str | None:
    d = record.discord
    if d.get("guild") and d.get("thread"):
        return f"https://discord.com/channels/{d['guild']}/{d['thread']}"
    return None


def reminders_by_dm(settings: Mapping[str, Any]) -> bool:
    """Reminders come by DM only to players who asked for DMs (``/hadara settings
    dms:True``); everyone else is mentioned in the game's thread (opening DMs to many users
    quickly gets a bot refused, 40003, and can get it quarantined)."""
    return settings.get("dm_turns", False) is True


# ---------------------------------------------------------------------- catch-up


def catch_up_lines(lines: Sequence[str], limit: int = CATCH_UP_LINES) -> list[str]:
    """What happened since the player last acted, for the top of the panel: at most
    ``limit`` lines, in the order they happened; when cut, the latest ones (what led to this
    decision), after one line saying how many earlier ones ``/hadara history`` has."""
    clean = [line.strip() for line in lines if line.strip()]
    if not clean:
        return []
    if len(clean) <= limit:
        return [t("md.catchup.head"), *clean]
    kept = clean[-(limit - 1):]
    return [t("md.catchup.head"), t("md.catchup.earlier", count=len(clean) - len(kept)),
            *kept]


# ---------------------------------------------------------------------- settings


@lru_cache(maxsize=1)
def _all_zones() -> tuple[str, ...]:
    return tuple(sorted(available_timezones()))


def valid_timezone(name: str) -> str | None:
    """The IANA zone ``name`` (case-insensitively matched), or None if unknown."""
    text = name.strip()
    if not text or len(text) > 64:
        return None
    folded = {z.casefold(): z for z in _all_zones()}
    zone = folded.get(text.casefold(), text)
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        return None
    return zone


def timezone_choices(current: str, limit: int = 25) -> list[str]:
    """Zones for the autocomplete: common ones first, then any IANA zone containing it."""
    wanted = current.strip().casefold().replace(" ", "_")
    common = [z for z in COMMON_ZONES if wanted in z.casefold()]
    rest = [z for z in _all_zones() if wanted and wanted in z.casefold() and z not in common]
    return (common + rest)[:limit]


_OFF = re.compile(r"^\s*(off|none|-|no)?\s*$", re.IGNORECASE)


def normalise_quiet_hours(text: str) -> str | None:
    """``"22-07"`` as stored (the text, trimmed), ``""`` to clear, None if not understood."""
    if _OFF.match(text):
        return ""
    span = scheduler.quiet_hours(text)
    if span is None:
        return None
    start, end = span
    return f"{start // 60:02d}:{start % 60:02d}-{end // 60:02d}:{end % 60:02d}"


def settings_lines(settings: Mapping[str, Any]) -> list[str]:
    tz = settings.get("tz")
    quiet = settings.get("quiet_hours")
    return [t("md.settings.tz", tz=tz) if tz else t("md.settings.tz_unset"),
            t("md.settings.quiet", hours=quiet) if quiet else t("md.settings.quiet_unset"),
            t("md.settings.reminders_dm") if reminders_by_dm(settings)
            else t("md.settings.reminders_thread")]
