"""A player's settings in words, without Discord: their time zone (any IANA name, common ones
offered first), their quiet hours, and how reminders reach them. Pure functions: tests call
them without a bot."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.messages import t
from bot.service.timecontrol import rules
from cogs.edge.dms import wants_dms

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
    span = rules.quiet_hours(text)
    if span is None:
        return None
    start, end = span
    return f"{start // 60:02d}:{start % 60:02d}-{end // 60:02d}:{end % 60:02d}"


def settings_lines(settings: Mapping[str, Any]) -> list[str]:
    tz = settings.get("tz")
    quiet = settings.get("quiet_hours")
    return [t("md.settings.tz", tz=tz) if tz else t("md.settings.tz_unset"),
            t("md.settings.quiet", hours=quiet) if quiet else t("md.settings.quiet_unset"),
            t("md.settings.reminders_dm") if wants_dms(settings)
            else t("md.settings.reminders_thread")]
