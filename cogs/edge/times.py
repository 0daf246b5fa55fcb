"""The words of time every feature uses, without Discord's network: the time controls a table
offers (``/hadara new``, a league's rounds) and how they read, Discord timestamps, and a
deadline as the reader sees it (in their own zone, and how far it is). Pure functions: tests
call them without a bot."""

from __future__ import annotations

from datetime import UTC, datetime

import discord
from discord.utils import TimestampStyle

from bot.messages import t
from bot.service.screens import waited_for
from bot.service.timecontrol import rules
from bot.service.timecontrol.rules import TimeControl
from bot.storage.base import DEADLINE

#: ``/hadara new time_control`` choices: value → the service's time control (None: none).
TIME_CONTROLS: dict[str, float | TimeControl | None] = {
    "none": None, "1h": rules.PRESETS["1h"], "12h": rules.PRESETS["12h"],
    "24h": rules.PRESETS["24h"], "48h": rules.PRESETS["48h"], "72h": rules.PRESETS["72h"],
    "bank24": {"kind": "bank", "initial": 24 * rules.HOUR, "increment": 4 * rules.HOUR,
               "cap": 72 * rules.HOUR},
}


def time_control(choice: str, strikes: int = rules.DEFAULT_STRIKES) -> TimeControl | None:
    """The ``time_control`` for ``service.create`` of a ``/hadara new`` choice."""
    value = TIME_CONTROLS.get(choice)
    if value is None:
        return None
    if isinstance(value, dict):
        return {**value, "strikes": strikes}
    return {"kind": DEADLINE, "seconds": value, "strikes": strikes}


def duration_text(seconds: float) -> str:
    if seconds > rules.DAY * 3 and seconds % rules.DAY == 0:
        return t("md.days", n=int(seconds // rules.DAY))
    if seconds >= rules.HOUR:
        hours = seconds / rules.HOUR
        return t("md.hours", n=int(hours) if hours == int(hours) else round(hours, 1))
    return t("md.minutes", n=max(1, round(seconds / 60)))


def time_control_text(tc: TimeControl | None) -> str:
    """A stored time control (``options["time_control"]``) in words."""
    if not tc:
        return t("md.tc.none")
    if tc.get("kind") == "bank":
        text = t("md.tc.bank", initial=duration_text(float(tc["initial"])),
                 increment=duration_text(float(tc.get("increment", 0))),
                 cap=duration_text(float(tc["cap"] if "cap" in tc else tc["initial"])))
    else:
        text = t("md.tc.deadline", hours=duration_text(float(tc.get("seconds", 0))))
    return t("md.tc.strikes", tc=text, strikes=tc.get("strikes", rules.DEFAULT_STRIKES))


def stamp(when: float, style: TimestampStyle) -> str:
    """A Discord timestamp (``<t:…:style>``) of clock seconds."""
    return discord.utils.format_dt(datetime.fromtimestamp(when, UTC), style)


def deadline_text(when: float) -> str:
    """"<t:…:f> (<t:…:R>)": the absolute time in the reader's zone and how far it is."""
    return t("md.deadline", at=stamp(when, "f"), rel=stamp(when, "R"))


def panel_deadline(deadline: float | None) -> str | None:
    """The panel's "decide by" line."""
    if deadline is None:
        return None
    return t("md.deadline.panel", at=stamp(deadline, "f"), rel=stamp(deadline, "R"))


def waited_text(seconds: float, key: str) -> str:
    """How long a game has waited on the player (``bot.service.screens.waited_for``), worded
    by the catalog keys ``<key>.minutes`` / ``.hours`` / ``.days`` (with ``n``)."""
    unit, n = waited_for(seconds)
    return t(f"{key}.{unit}", n=n)
