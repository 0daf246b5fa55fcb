"""Multi-day games on Discord: time controls, deadlines as Discord timestamps, reminders, the
thread notices of expiries, takeovers, votes and vacations, and the catch-up summary.

The wording helpers are pure (tests call them without Discord); :class:`Multiday` is the cog:
it receives the service's ``reminder`` updates (one per user, every game merged) and DMs them
— or mentions the player in each game's thread when DMs are off or refused —, tells a player
whose queued choice was played, and registers the restart-proof "Let the AI play <name>"
button (custom id ``hd1:vote:<game>:<seat>``). The commands (``/hadara rejoin``, ``vote``,
``away``, ``back``, ``admin allowance``) live in :mod:`cogs.game` with the other ``/hadara``
commands and call the helpers here. Notices in a game's thread are posted by
:mod:`cogs.table` with its coalesced news (:func:`notice_lines`, :func:`vote_view`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

import discord
from discord.ext import commands

from bot.messages import t
from bot.service import Refusal, Update
from bot.service import scheduler as S
from bot.service.updates import (
    AWAY,
    BACK,
    DEADLINE,
    REJOINED,
    REMINDER,
    TAKEOVER,
    VOTE,
    Reminder,
    Waiting,
)
from bot.storage.base import GameRecord, SeatRecord
from cogs.background import Tasks
from cogs.guard import Guarded
from cogs.language import table_language, user_language
from i18n import speaking

if TYPE_CHECKING:
    from bot.client import HadaraBot

log = logging.getLogger("hadara.bot.multiday")

#: ``/hadara new time_control`` choices: value → the service's time control (None: none).
TIME_CONTROLS: dict[str, Any] = {
    "none": None, "1h": S.PRESETS["1h"], "12h": S.PRESETS["12h"], "24h": S.PRESETS["24h"],
    "48h": S.PRESETS["48h"], "72h": S.PRESETS["72h"],
    "bank24": {"kind": "bank", "initial": 24 * S.HOUR, "increment": 4 * S.HOUR,
               "cap": 72 * S.HOUR},
}
CATCH_UP_LINES = 6
MAX_REMINDER_LINES = 10
DM_REFUSED = frozenset({50007, 50278})
VOTE_TEMPLATE = r"hd1:vote:(?P<game>[0-9]{1,18}):(?P<seat>[0-9])"
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


def time_control(choice: str, strikes: int = S.DEFAULT_STRIKES) -> dict[str, Any] | None:
    """The ``time_control`` for ``service.create`` of a ``/hadara new`` choice."""
    value = TIME_CONTROLS.get(choice)
    if value is None:
        return None
    if isinstance(value, dict):
        return {**value, "strikes": strikes}
    return {"kind": S.DEADLINE, "seconds": value, "strikes": strikes}


def duration_text(seconds: float) -> str:
    if seconds > S.DAY * 3 and seconds % S.DAY == 0:
        return t("md.days", n=int(seconds // S.DAY))
    if seconds >= S.HOUR:
        hours = seconds / S.HOUR
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
    return t("md.tc.strikes", tc=text, strikes=tc.get("strikes", S.DEFAULT_STRIKES))


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


def _name(seats: Mapping[int, SeatRecord], seat: int) -> str:
    s = seats.get(seat)
    return s.name if s is not None else "?"


def _user_name(seats: Iterable[SeatRecord], user: int | None) -> str:
    return next((s.name for s in seats if s.user_id == user and user is not None), "?")


def notice_lines(updates: Iterable[Update], record: GameRecord) -> list[str]:
    """The thread's lines for the time-control updates of a batch: expiries (with the
    strike count), takeovers, votes, rejoins, vacations and queued choices played."""
    limit = int((record.options.get("time_control") or {}).get("strikes", S.DEFAULT_STRIKES))
    lines: list[str] = []
    for u in updates:
        seats = {s.seat: s for s in (u.seats or record.seats)}
        if u.cause == DEADLINE:
            for seat in u.expired:
                lines.append(t("md.notice.expired", name=_name(seats, seat),
                               n=min(seats[seat].strikes, limit) if seat in seats else 1,
                               max=limit))
        if u.cause in (DEADLINE, TAKEOVER):
            lines += [t("md.notice.takeover", name=_name(seats, s)) for s in u.takeover]
        if u.cause == VOTE:
            for seat in u.stale_panels[:1]:
                target = seats.get(seat)
                lines.append(t("md.notice.vote", voter=_user_name(seats.values(), u.user),
                               name=_name(seats, seat),
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
                lines.append(t("md.notice.ahead", name=_name(seats, seat)))
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
    """Reminders come by DM unless the player turned DMs off (``/hadara settings dms:False``)."""
    return settings.get("dm_turns", True) is not False


# ---------------------------------------------------------------------- catch-up


def catch_up_lines(lines: Sequence[str], limit: int = CATCH_UP_LINES) -> list[str]:
    """What happened since the player last acted, for the top of the panel: at most
    ``limit`` lines (the latest), "… and N more" before them when cut."""
    clean = [line.strip() for line in lines if line.strip()]
    if not clean:
        return []
    if len(clean) <= limit:
        return [t("md.catchup.head"), *clean]
    kept = clean[-(limit - 1):]
    return [t("md.catchup.head"), t("md.catchup.more", count=len(clean) - len(kept)), *kept]


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
    span = S.quiet_hours(text)
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


# ---------------------------------------------------------------------- the vote button


class VoteButton(Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=VOTE_TEMPLATE):
    """"Let the AI play <name>" under an expiry notice: a vote of the clicker."""

    access_kind = "vote"

    def access_target(self) -> tuple[int | None, int | None]:
        return self.game_id, None  # the seat voted about is not the clicker's

    def __init__(self, game_id: int, seat: int, name: str = "?") -> None:
        super().__init__(discord.ui.Button(
            label=t("md.button.vote", name=name)[:80], style=discord.ButtonStyle.secondary,
            custom_id=f"hd1:vote:{game_id}:{seat}"))
        self.game_id, self.seat = game_id, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> VoteButton:
        return cls(int(match["game"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        interaction.extras["game_id"] = self.game_id
        try:
            text = await vote(interaction.client, self.game_id, interaction.user.id, self.seat)
            await interaction.response.send_message(text, ephemeral=True)
        except Exception as exc:
            from .errors import reply_error

            await reply_error(interaction, exc)


def vote_view(game_id: int, seats: Sequence[int],
              names: Mapping[int, str]) -> discord.ui.View | None:
    if not seats:
        return None
    view = discord.ui.View(timeout=None)
    for seat in seats[:5]:
        view.add_item(VoteButton(game_id, seat, names.get(seat, "?")))
    return view


async def vote(client: Any, game_id: int, user_id: int, seat: int) -> str:
    """Vote to hand ``seat`` to the AI; the answer for the voter."""
    update: Update = await client.service.vote_takeover(game_id, user_id, seat)
    seats = {s.seat: s for s in update.seats}
    name = _name(seats, seat)
    if seat in update.takeover:
        return t("md.vote.passed", name=name)
    target = seats.get(seat)
    return t("md.vote.done", votes=len(target.votes) if target else 1, name=name,
             needed=needed_votes(list(seats.values()), seat))


# ---------------------------------------------------------------------- the cog


class Multiday(commands.Cog):
    """Reminders by DM (or in the thread) and "your queued choice was played"."""

    def __init__(self, bot: HadaraBot) -> None:
        self.bot = bot
        self._unsubscribe: Any = None
        self._tasks = Tasks()
        #: (user, game, deadline) → how reminders went: "dm" or "thread" (tests, operators)
        self.sent: list[tuple[int, int, float, str]] = bot.__dict__.setdefault(
            "reminders_sent", [])

    async def cog_load(self) -> None:
        self._unsubscribe = self.bot.service.subscribe(self.on_update)

    async def cog_unload(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        await self._tasks.cancel()

    def on_update(self, update: Update) -> None:
        if update.cause == REMINDER and update.user is not None and update.reminders:
            self._tasks.spawn(self.remind(update.user, update.reminders))
        elif update.cause != REMINDER and ahead_played([update]):
            self._tasks.spawn(self.tell_played(update))

    async def _entries(self, reminders: Sequence[Reminder]
                       ) -> list[tuple[Reminder, GameRecord, str]]:
        out = []
        for r in reminders:
            try:
                snap = await self.bot.service.load(r.game_id)
                waiting = await self.bot.service.waiting(r.game_id)
            except Refusal:
                continue
            w = next((w for w in waiting if w.seat == r.seat), None)
            if w is None:
                continue  # answered meanwhile
            out.append((r, snap.record, w.kind))  # worded in the reader's language
        return out

    async def remind(self, user_id: int, reminders: Sequence[Reminder]) -> None:
        """One DM listing every game; in each game's thread instead when DMs are off or
        refused."""
        try:
            entries = await self._entries(reminders)
            if not entries:
                return
            settings = await self.bot.service.store.get_user_settings(user_id)
            if reminders_by_dm(settings) and await self._dm(user_id, entries):  # theirs
                self.sent.extend((user_id, r.game_id, r.deadline, "dm") for r, _, _ in entries)
                return
            for r, record, kind in entries:
                if await self._in_thread(user_id, r, record, kind):
                    self.sent.append((user_id, r.game_id, r.deadline, "thread"))
        except Exception:
            log.exception("reminder for user %s failed", user_id)

    async def _dm(self, user_id: int, entries: list[tuple[Reminder, GameRecord, str]]) -> bool:
        with speaking(await user_language(self.bot, user_id)):
            lines = [reminder_line(r.game_id, t(f"table.kind.{kind}"), r.deadline,
                                   thread_url(record)) for r, record, kind in entries]
            text = reminder_text(lines)
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(text)
        except discord.Forbidden as exc:
            if exc.code not in DM_REFUSED:
                log.warning("reminder DM to %s refused (%s)", user_id, exc.code)
            return False
        except discord.HTTPException as exc:
            log.warning("reminder DM to %s failed: %s", user_id, exc)
            return False
        return True

    async def _in_thread(self, user_id: int, r: Reminder, record: GameRecord,
                         kind: str) -> bool:
        thread_id = record.discord.get("thread")
        if not thread_id:
            return False
        try:
            thread = self.bot.get_channel(int(thread_id)) or await self.bot.fetch_channel(
                int(thread_id))
            if not isinstance(thread, discord.Thread):
                return False
            with speaking(await table_language(self.bot, record)):  # said in public
                text = t("md.reminder.thread", mention=f"<@{user_id}>", id=r.game_id,
                         what=t(f"table.kind.{kind}"), at=stamp(r.deadline, "f"),
                         rel=stamp(r.deadline, "R"))
            await thread.send(
                text,
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)],
                                                         roles=False, everyone=False))
        except discord.HTTPException as exc:
            log.warning("reminder in thread %s failed: %s", thread_id, exc)
            return False
        return True

    async def tell_played(self, update: Update) -> None:
        """The player's DM panel (if any) says their queued choice was played."""
        play: Any = self.bot.get_cog("Play")  # cogs.play imports this module: no import back
        if play is None:
            return
        users = {s.seat: s.user_id for s in update.seats}
        for seat in ahead_played([update]):
            uid = users.get(seat)
            if uid is None:
                continue
            with speaking(await user_language(self.bot, uid)):
                note = t("md.ahead.played", id=update.game_id)
            await play.update_dm(update.game_id, seat, uid, note=note)




async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Multiday(bot))  # type: ignore[arg-type]
