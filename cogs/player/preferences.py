"""A player's settings in words, without Discord: their time zone (any IANA name, common ones
offered first), their quiet hours, how reminders reach them, their turn digest ("Daily turns":
its hour, and whether each game's own pings go on), and the settings screen worded from what
the service hands over (``GameService.settings``: a ``SettingsState``). Pure functions: tests
call them without a bot."""

from __future__ import annotations

import re
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.messages import t
from bot.service.screens import TURN_DIGEST, TURN_PINGS, SettingsState
from bot.service.timecontrol import rules
from bot.storage.base import JSON
from cogs.edge.times import stamp
from i18n import NATIVE_NAMES, current

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


#: ``/hadara settings daily_turns``: off, or the local hour of the turn digest (the values of
#: its choices: 25, Discord's most).
DAILY_TURNS_OFF = "off"
DAILY_TURNS = (DAILY_TURNS_OFF, *(str(hour) for hour in range(24)))


def hour_key(hour: int) -> str:
    """The catalog key of an hour of the day (the choices, the settings): ``08:00``,
    ``8 h``, ``8時``."""
    return f"turn_digest.hour.{hour}"


def turn_digest_changes(daily_turns: str | None, turn_pings: bool | None) -> dict[str, JSON]:
    """What ``daily_turns`` (an hour, or off: None removes the setting) and ``turn_pings``
    change in the user's settings (the service arms the digest from them)."""
    changes: dict[str, JSON] = {}
    if daily_turns is not None:
        changes[TURN_DIGEST] = (None if daily_turns == DAILY_TURNS_OFF
                                else max(0, min(23, int(daily_turns))))
    if turn_pings is not None:
        changes[TURN_PINGS] = turn_pings
    return changes


def turn_digest_line(settings: SettingsState) -> str:
    """The turn digest: off, or its hour, when the next comes and whether each game still
    pings the player."""
    if settings.turn_digest is None:
        return t("turn_digest.settings.off")
    due = settings.turn_digest_due
    key = "turn_digest.settings.on_pings" if settings.turn_pings else "turn_digest.settings.on"
    return t(key, at=t(hour_key(settings.turn_digest)),
             rel=stamp(due, "R") if due is not None else "—")


def settings_lines(settings: SettingsState) -> list[str]:
    """The time zone, the quiet hours, how reminders reach the player, their turn digest."""
    tz, quiet = settings.time_zone, settings.quiet_hours
    return [t("md.settings.tz", tz=tz) if tz else t("md.settings.tz_unset"),
            t("md.settings.quiet", hours=quiet) if quiet else t("md.settings.quiet_unset"),
            t("md.settings.reminders_dm") if settings.dms
            else t("md.settings.reminders_thread"),
            t("settings.figures.hidden") if settings.hide_figures
            else t("settings.figures.shown"),
            turn_digest_line(settings)]


def settings_text(settings: SettingsState, changed: bool) -> str:
    """``/hadara settings``' answer (``changed``: something was just saved): the language
    chosen (else the one followed now), the server's language and its rule on taking back in
    rated games (with a server), turns by DM, then :func:`settings_lines`."""
    head = t("game.settings.saved") if changed else t("game.settings.title")
    chosen = settings.language
    lines = [t("settings.language", language=NATIVE_NAMES[chosen]) if chosen else
             t("settings.language.auto", language=NATIVE_NAMES[current()])]
    if settings.server_language is not None:
        lines.append(t("settings.server_language",
                       language=NATIVE_NAMES[settings.server_language]))
    if settings.rated_undo is not None:
        lines.append(t("settings.rated_undo.on") if settings.rated_undo
                     else t("settings.rated_undo.off"))
    dms = t("game.settings.dms_on") if settings.dms else t("game.settings.dms_off")
    return "\n".join([head, *lines, dms, *settings_lines(settings)])
