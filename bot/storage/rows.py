"""Records to rows and back, the same for every dialect: JSON text written by :func:`dumps`
and read by ``json.loads`` (so both stores return equal Python values), flags as Python bools
(SQLite stores them as 0/1), the checks made before a transaction starts."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from . import chain
from .base import (
    JSON,
    STATUSES,
    TIMER_KINDS,
    ActionRecord,
    DamagedRecord,
    DamageRecord,
    GameRecord,
    RatedResult,
    Rating,
    RawAction,
    Salvage,
    SeatRecord,
    StorageError,
    TimerRecord,
)
from .dialect import Param, Row


def dumps(value: JSON) -> str:
    """JSON as every store writes it. ``allow_nan=False``: NaN/Infinity are not JSON (the
    schemas' JSON checks would refuse them anyway)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def check_statuses(statuses: Iterable[str]) -> None:
    for status in statuses:
        if status not in STATUSES:
            raise StorageError(f"unknown game status {status!r} (expected one of {STATUSES})")


def marks(n: int) -> str:
    """``?, ?, …`` for an ``IN (…)`` list of ``n`` values."""
    return ", ".join("?" * n)


def where(**filters: Param) -> tuple[str, list[Param]]:
    """`` WHERE column = ? AND …`` for the filters that are not None, with their values."""
    pairs = [(column, value) for column, value in filters.items() if value is not None]
    if not pairs:
        return "", []
    return " WHERE " + " AND ".join(f"{c} = ?" for c, _ in pairs), [v for _, v in pairs]


# ---------------------------------------------------------------------- to rows

def game_values(record: GameRecord) -> tuple[Param, ...]:
    """The columns status … discord of a game row."""
    return (
        record.status, record.variant, dumps(record.options),
        None if record.setup is None else dumps(record.setup), record.seed,
        record.content_version, record.rules_version, record.host_user_id,
        dumps(record.discord),
    )


def seat_values(game_id: int, seats: Sequence[SeatRecord]) -> list[tuple[Param, ...]]:
    return [(game_id, s.seat, s.name, s.user_id, s.ai_level, bool(s.conceded), s.strikes,
             bool(s.ai_takeover), s.bank, dumps(s.votes),
             None if s.plan is None else dumps(s.plan)) for s in seats]


#: strikes, ai_takeover, bank, votes, plan, game_id, seat
SeatState = tuple[int, bool, float | None, str, str | None, int, int]


def seat_state(game_id: int, seats: Sequence[SeatRecord]) -> list[SeatState]:
    """The time-control and plan columns of seats, for ``UPDATE seats … WHERE game_id = ?
    AND seat = ?`` (the seat last)."""
    return [(s.strikes, bool(s.ai_takeover), s.bank, dumps(s.votes),
             None if s.plan is None else dumps(s.plan), game_id, s.seat) for s in seats]


def action_values(game_id: int, rows: Sequence[ActionRecord]) -> list[tuple[Param, ...]]:
    """``(game_id, seq, seat, action, decision_id, submitted_by, at)`` of each row (the
    store appends its hash)."""
    return [(game_id, r.seq, r.seat, dumps(r.action), r.decision_id, r.submitted_by,
             float(r.at)) for r in rows]


def entry(seq: int, seat: int, action: Any, decision_id: str | None, submitted_by: str,
          at: float, hash: str | None = None) -> chain.Entry:
    """A row's hashed fields (``action`` decoded)."""
    return chain.Entry(seq, seat, decision_id, submitted_by, at, action, hash)


def record_root(record: GameRecord) -> str:
    return chain.root(record.id, record.setup, record.seed, record.content_version,
                      record.rules_version)


def timer_values(timers: Sequence[TimerRecord]) -> list[tuple[Param, ...]]:
    """Timers as rows to insert (checked and serialised before any transaction)."""
    out: list[tuple[Param, ...]] = []
    for t in timers:
        if t.kind not in TIMER_KINDS:
            raise StorageError(f"unknown timer kind {t.kind!r} (expected one of {TIMER_KINDS})")
        out.append((t.game_id, t.seat, t.kind, float(t.due), t.decision_id, dumps(t.payload)))
    return out


def rating_values(ratings: Sequence[Rating]) -> list[tuple[Param, ...]]:
    return [(r.guild_id, r.user_id, float(r.mu), float(r.sigma), r.games, r.wins,
             float(r.updated_at)) for r in ratings]


# ---------------------------------------------------------------------- from rows

def decode_record(row: Row, seat_rows: Iterable[Row]) -> GameRecord:
    """A game row (id … updated_at) and its seat rows (by seat) as a record; ValueError or
    TypeError when its JSON does not decode."""
    seats = [SeatRecord(seat, name, user_id, ai_level, bool(conceded), strikes,
                        bool(takeover), bank, json.loads(votes),
                        None if plan is None else json.loads(plan))
             for seat, name, user_id, ai_level, conceded, strikes, takeover, bank, votes,
             plan in seat_rows]
    return GameRecord(
        id=row[0], status=row[1], variant=row[2], options=json.loads(row[3]),
        setup=None if row[4] is None else json.loads(row[4]), seed=row[5],
        content_version=row[6], rules_version=row[7], host_user_id=row[8],
        discord=json.loads(row[9]), created_at=row[10], updated_at=row[11], seats=seats)


def decode_actions(game_id: int, rows: Iterable[Row]) -> list[ActionRecord]:
    """Action rows ``(seq, seat, action text, decision_id, submitted_by, at, hash)`` as
    records; :class:`DamagedRecord` ``bad_json`` naming the first row whose action is not
    JSON."""
    out = []
    for seq, seat, action, decision_id, submitted_by, at, link in rows:
        try:
            value = json.loads(action)
        except (ValueError, TypeError) as exc:
            raise DamagedRecord(game_id, "bad_json", f"action {seq} is not JSON: {exc}",
                                seq) from exc
        out.append(ActionRecord(seq, seat, value, decision_id, submitted_by, at, link))
    return out


def check_chain(record: GameRecord, actions: Sequence[ActionRecord],
                head: str | None) -> None:
    """:class:`DamagedRecord` ``bad_chain`` when a log numbered 0..n-1 does not match its
    hash chain (a log with a gap is the service's ``missing_row``)."""
    if any(a.seq != i for i, a in enumerate(actions)):
        return
    broken = chain.check(record_root(record), [
        entry(a.seq, a.seat, a.action, a.decision_id, a.submitted_by, a.at, a.hash)
        for a in actions], head)
    if broken is not None:
        raise DamagedRecord(record.id, "bad_chain", broken.detail, broken.seq)


def _loads(text: Any, default: Any, name: str, bad: list[str]) -> Any:
    if text is None:
        return default
    try:
        return json.loads(text)
    except (ValueError, TypeError):
        bad.append(name)
        return default


def salvage(game: Row, seat_rows: Iterable[Row],
            action_rows: Iterable[Row], head: str | None = None) -> Salvage:
    """A damaged game's rows decoded as far as they go: JSON that does not decode becomes its
    default and is named in ``bad_fields``."""
    bad: list[str] = []
    gid = game[0]
    seats = []
    for seat, name, user_id, ai_level, conceded, strikes, takeover, bank, votes, plan in seat_rows:
        voters = _loads(votes, [], f"seats[{seat}].votes", bad)
        queued = _loads(plan, None, f"seats[{seat}].plan", bad)
        seats.append(SeatRecord(
            seat, str(name), user_id, ai_level, bool(conceded), strikes or 0, bool(takeover),
            bank, voters if isinstance(voters, list) else [],
            queued if isinstance(queued, dict) else None))
    options = _loads(game[3], {}, "options", bad)
    discord = _loads(game[9], {}, "discord", bad)
    record = GameRecord(
        id=gid, status=game[1], variant=game[2],
        options=options if isinstance(options, dict) else {},
        setup=_loads(game[4], None, "setup", bad), seed=game[5], content_version=game[6],
        rules_version=game[7], host_user_id=game[8],
        discord=discord if isinstance(discord, dict) else {}, created_at=game[10],
        updated_at=game[11], seats=seats)
    actions = []
    for seq, seat, action, decision_id, submitted_by, at, link in action_rows:
        value = _loads(action, None, f"actions[{seq}]", [])
        actions.append(RawAction(seq, seat, value, action if value is None else None,
                                 decision_id, submitted_by, at, link))
    return Salvage(record, actions, bad, head)


def decode_damage(row: Row) -> DamageRecord:
    game_id, reason, detail, found_at, seq, told = row
    return DamageRecord(game_id, reason, detail, found_at, seq, bool(told))


def decode_result(row: Row) -> RatedResult:
    game_id, guild_id, finished_at, ranks, voided, voided_by, recorded_at, final_hash = row
    return RatedResult(game_id, guild_id, finished_at, json.loads(ranks), bool(voided),
                       voided_by, recorded_at, final_hash)


def is_rated(options: str) -> bool:
    """Whether a game's options say ``rated`` as SQLite's ``json_extract(options, '$.rated')
    IN (1, 'true')`` does: JSON true, a number equal to 1 or the string "true"."""
    try:
        value = json.loads(options)
    except ValueError:
        return False
    if not isinstance(value, dict):
        return False
    flag = value.get("rated")
    if isinstance(flag, bool):
        return flag
    if isinstance(flag, int | float):
        return flag == 1
    return flag == "true"
