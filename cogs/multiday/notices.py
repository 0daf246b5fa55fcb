"""The words of multi-day games in their threads and DMs, without Discord: the thread's notices
of expiries (with the strike count), takeovers, votes, rejoins, vacations and queued choices
played, who a vote needs, and the reminders' texts. Pure functions: tests call them without a
bot. (The words of time every feature uses — time controls, timestamps, deadlines — are
``cogs.edge.times``.)"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from bot.messages import t
from bot.service import Update
from bot.service.checks import person
from bot.service.timecontrol import rules
from bot.service.updates import AWAY, BACK, DEADLINE, REJOINED, TAKEOVER, VOTE
from bot.storage.base import GameRecord, SeatRecord
from cogs.edge.times import deadline_text, stamp

MAX_REMINDER_LINES = 10


# ---------------------------------------------------------------------- thread notices


def needed_votes(seats: Sequence[SeatRecord], target: int) -> int:
    """How many votes of the other people hand ``target`` to the AI (more than half)."""
    voters = [s for s in seats if person(s) and s.seat != target]
    return len(voters) // 2 + 1


def seat_name(seats: Mapping[int, SeatRecord], seat: int) -> str:
    s = seats.get(seat)
    return s.name if s is not None else "?"


def _user_name(seats: Iterable[SeatRecord], user: int | None) -> str:
    return next((s.name for s in seats if s.user_id == user and user is not None), "?")


def notice_lines(updates: Iterable[Update], record: GameRecord) -> list[str]:
    """The thread's lines for the time-control updates of a batch: expiries (with the
    strike count), takeovers, votes, rejoins, vacations and queued choices played."""
    limit = int((record.options.get("time_control") or {}).get("strikes",
                                                               rules.DEFAULT_STRIKES))
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
            played = last.get(seat)
            if seat not in out and played is not None and person(played):
                out.append(seat)
    return out


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
