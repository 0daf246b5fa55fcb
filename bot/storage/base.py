"""The storage interface the game service is written against.

A game is stored as its record (setup, seed, content and rules version, status, options), its
seats and its action log; the engine replays it. The store also owns what several processes
share: the per-game lock, the "game changed" notices and who runs the deadline scheduler.
SQLite (one process) is the embedded implementation; PostgreSQL (``bot/storage/postgres.py``)
lets several bot processes share one database. Both are one store (``bot/storage/store.py``,
the SQL written once, by aggregate in ``bot/storage/sql/``) over two dialects.

This module is laid out by aggregate, as the SQL is: games, timers, people, leagues, damaged
games, the web page's sessions, the turn digests; each section holds the records and the
protocol of its methods (:class:`GameStore`, :class:`TimerStore`, :class:`PeopleStore`,
:class:`LeagueStore`, :class:`DamageStore`, :class:`WebStore`, :class:`TurnDigestStore`), and
:class:`Store` is all of them with :class:`Coordination` (what several processes share). A part
of the service that needs one aggregate can ask for its protocol alone.

Every write method is one transaction: it either happens entirely or not at all. A storage
fault (read-only, disk full, locked, I/O, a lost connection) raises :class:`StorageUnavailable`
from any method, never a raw driver error; a failed write is never acknowledged.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol

#: a JSON value handed to the store, which writes it as text (``bot.storage.rows.dumps``)
JSON = bool | int | float | str | None | Sequence["JSON"] | Mapping[str, "JSON"]
#: a JSON object the store read back (``json.loads``): its values are what was written, so
#: callers index it freely
JSONObject = dict[str, Any]

# Game status
LOBBY, ACTIVE, FINISHED, ABANDONED = "lobby", "active", "finished", "abandoned"
STATUSES = (LOBBY, ACTIVE, FINISHED, ABANDONED)


class StorageError(Exception):
    """The store refuses: a database newer than the code, an unknown game, a write that would
    leave a gap in an action log, other files under a stored content version …"""


# StorageUnavailable.kind: why the database cannot take a write (or a read) right now
READ_ONLY, DISK_FULL, BUSY, IO_ERROR, GONE, CONNECTION = (
    "read_only", "disk_full", "busy", "io_error", "gone", "connection")
FAULT_KINDS = (READ_ONLY, DISK_FULL, BUSY, IO_ERROR, GONE, CONNECTION)


class StorageUnavailable(StorageError):
    """The database cannot store anything right now: ``kind`` is ``read_only`` (a read-only
    file or disk), ``disk_full``, ``busy`` (locked by another process beyond the busy
    timeout), ``io_error`` (a failing disk, a damaged file), ``gone`` (the SQLite file was
    removed or replaced while the bot ran: nothing is stored until a restart) or
    ``connection`` (PostgreSQL out of reach). The failed write is not acknowledged (rolled
    back; after a lost connection during COMMIT the server alone knows, so the service reads
    the game again); the service answers ``storage_unavailable`` with its memory as it was,
    and the next write is tried afresh (no restart needed once the fault is gone, except for
    ``gone``)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


class DamagedRecord(StorageError):
    """A stored game that cannot be read back (``load_game``): ``reason`` ``bad_json`` (an
    action that is not JSON, ``seq`` says which), ``bad_record`` (the game's record or its
    seats) or ``bad_chain`` (the log does not match its hash chain from ``seq`` on:
    ``bot/storage/chain.py``); ``detail`` in English, for logs."""

    def __init__(self, game_id: int, reason: str, detail: str, seq: int | None = None) -> None:
        super().__init__(f"game {game_id}: {detail}")
        self.game_id = game_id
        self.reason = reason
        self.detail = detail
        self.seq = seq


class FaultEpisodes:
    """Logs storage faults once per episode: the first failed write of an episode is an
    ERROR (a WARNING for ``busy``), the following ones are counted silently, and the first
    write that succeeds again is logged at INFO with the count. A store calls
    :meth:`fault` with each :class:`StorageUnavailable` it raises and :meth:`ok` after each
    committed write."""

    def __init__(self, logger: logging.Logger, where: str) -> None:
        self._log = logger
        self._where = where
        self.kind: str | None = None  # the current episode's kind (None: none)
        self.refused = 0
        self.since: float | None = None

    def fault(self, exc: StorageUnavailable) -> StorageUnavailable:
        if self.kind is None:
            self.kind, self.refused, self.since = exc.kind, 0, time.time()
            level = logging.WARNING if exc.kind == BUSY else logging.ERROR
            self._log.log(level, "storage unavailable (%s) at %s: %s; moves are refused "
                          "until it is back", exc.kind, self._where, exc)
        self.refused += 1
        return exc

    def ok(self) -> None:
        if self.kind is not None:
            self._log.info("storage is back at %s after %s (%d writes refused)", self._where,
                           self.kind, self.refused)
            self.kind, self.refused, self.since = None, 0, None


# ---------------------------------------------------------------------- games


@dataclass
class SeatRecord:
    """One seat: a person (``user_id``) or an AI (``ai_level``), never both."""

    seat: int  # index in the lobby; from the start on, the engine's seat (reordered then)
    name: str
    user_id: int | None = None
    ai_level: str | None = None  # a level of hadara.ai: "gentle" | "greedy" | "ismcts" | …
    conceded: bool = False  # played by the greedy AI for the rest of the game, ranks last
    # time control (migration 0003): deadlines missed, played by the greedy AI after too
    # many (until the player rejoins), the time bank left (seconds; None: no bank), and the
    # user ids of the other players who voted to let the AI play this seat
    strikes: int = 0
    ai_takeover: bool = False
    bank: float | None = None
    votes: list[int] = field(default_factory=list)
    # acting ahead (migration 0004): the seat's queued plan (hadara/ahead.py), or None
    plan: JSONObject | None = None


@dataclass
class ActionRecord:
    """One row of the action log: the engine's log entry ``seq`` (index) and who sent it."""

    seq: int
    seat: int
    action: JSONObject
    decision_id: str | None
    submitted_by: str  # "user:<id>", "ai:<level>", "forced", "deadline" …
    at: float  # the service clock's time (seconds since the epoch)
    #: its link in the log's hash chain (bot/storage/chain.py): set by the store when it
    #: reads the row; a row to write leaves it None (the store computes it)
    hash: str | None = field(default=None, compare=False)


@dataclass
class GameRecord:
    id: int
    status: str
    variant: str
    options: JSONObject  # rated, hints, AI level defaults … (JSON)
    created_at: float
    updated_at: float
    content_version: str | None = None  # set at start
    rules_version: str | None = None
    setup: JSONObject | None = None  # hadara.setup.Setup.to_dict(), set at start
    seed: int | None = None
    host_user_id: int | None = None
    seats: list[SeatRecord] = field(default_factory=list)
    # Discord bookkeeping, opaque to the service (ids as ints): guild, channel, thread,
    # board message, lobby message; per-seat panel and DM message ids live in ``seat_messages``.
    discord: JSONObject = field(default_factory=dict)



@dataclass
class StoredGame:
    record: GameRecord
    actions: list[ActionRecord]  # ordered by seq, 0..n-1 without gaps
    #: the head of the log's hash chain (verified on load; None while the log is empty): a
    #: finished game's final hash
    head: str | None = None



class GameStore(Protocol):
    """Games with their seats and action logs, the seats' messages, the content catalogs."""

    async def create_game(self, record: GameRecord) -> int:
        """Insert a game (id ignored) with its seats; returns the new id."""

    async def save_game(self, record: GameRecord, *, add_timers: Sequence[TimerRecord] = (),
                        delete_timers: Sequence[int] = ()) -> list[int]:
        """Update a game's record and replace its seats (status, setup, options, discord);
        in the same transaction delete and insert timers. Returns the new timers' ids."""

    async def load_game(self, game_id: int) -> StoredGame | None:
        """The game with its seats and actions, or None; :class:`DamagedRecord` when its rows
        do not decode (an action that is not JSON, a record that does not read) or its log
        does not match its hash chain (``bad_chain``)."""

    async def chain_head(self, game_id: int) -> str | None:
        """The head of the game's hash chain as stored (None: no actions, or no game)."""

    async def game_ids(self, statuses: tuple[str, ...] = (ACTIVE,)) -> list[int]: ...

    async def games_of_user(self, user_id: int,
                            statuses: tuple[str, ...] = (LOBBY, ACTIVE)) -> list[int]: ...

    # -- the action log
    async def write_actions(self, game_id: int, rows: list[ActionRecord],
                            status: str | None = None, *,
                            seats: Sequence[SeatRecord] | None = None,
                            add_timers: Sequence[TimerRecord] = (),
                            delete_timers: Sequence[int] = ()) -> list[int]:
        """Upsert the rows by (game, seq) and touch ``updated_at`` (and set ``status`` if
        given) in ONE transaction. An existing seq is overwritten: that is how a replaced
        simultaneous pick keeps the log the size of one pick. The hash chain is extended (or,
        after an overwrite, recomputed from the first row written) in the same transaction. In the same transaction:
        update the time-control state of ``seats`` (strikes, ai_takeover, bank, votes),
        delete the timers ``delete_timers`` (a missing id is no error) and insert
        ``add_timers``. Returns the new timers' ids, in order."""

    async def set_seat_message(self, game_id: int, seat: int, kind: str,
                               message_id: int | None) -> None:
        """Remember a per-seat message id (``kind``: "panel", "dm", …)."""

    async def seat_messages(self, game_id: int) -> dict[tuple[int, str], int]: ...

    # -- content catalogs: the data files (name -> text) of each content version a stored
    # game was created with, so a later change to data/ never makes it unloadable
    async def save_content(self, version: str, files: dict[str, str]) -> None:
        """Keep a content version's files; the same files again are a no-op, other files
        under a stored version raise StorageError."""

    async def load_content(self, version: str) -> dict[str, str] | None: ...


# ---------------------------------------------------------------------- timers

# Timer kinds
DEADLINE, REMINDER = "deadline", "reminder"
TIMER_KINDS = (DEADLINE, REMINDER)


@dataclass
class TimerRecord:
    """A durable timer: a seat's deadline for one decision, or a reminder of it."""

    id: int  # 0 until stored (the store assigns it)
    game_id: int
    seat: int
    kind: str  # "deadline" | "reminder"
    due: float  # seconds since the epoch (the service clock's)
    decision_id: str | None = None
    payload: JSONObject = field(default_factory=dict)  # user, opened, base …



class TimerStore(Protocol):
    """The durable timers: deadlines and reminders."""

    async def timers(self, game_id: int | None = None) -> list[TimerRecord]:
        """Every stored timer (of one game, if given), ordered by due time."""

    async def change_timers(self, add: Sequence[TimerRecord] = (),
                            delete: Sequence[int] = ()) -> list[int]:
        """Delete timers (a missing id is no error) and insert others in one transaction;
        returns the new ids in order."""

    async def move_timers(self, dues: Sequence[tuple[int, float]]) -> None:
        """Set the due time of timers ``(id, due)`` in one transaction."""


# ---------------------------------------------------------------------- people

@dataclass
class Vacation:
    """A player's time away: their clocks are paused from ``start`` to ``end``."""

    id: int  # 0 until stored
    user_id: int
    start: float
    end: float


# -- followers of a game (migration 0008, issue 24 "Follow a game")

@dataclass
class FollowerRecord:
    """Someone who follows a game in play (not one of its players): a digest by DM at the
    end of each epoch and the final result; forgotten when the game ends."""

    game_id: int
    user_id: int
    followed_at: float


class PeopleStore(Protocol):
    """What is kept per person or server: settings, vacations and allowances, followers."""

    # -- per-user settings (DMs on/off, language, …) and Discord message ids
    async def get_user_settings(self, user_id: int) -> JSONObject: ...

    async def set_user_settings(self, user_id: int, settings: Mapping[str, JSON]) -> None: ...

    # -- per-server settings (the language of public messages, …)
    async def get_guild_settings(self, guild_id: int) -> JSONObject: ...

    async def set_guild_settings(self, guild_id: int, settings: Mapping[str, JSON]) -> None: ...

    # -- vacations (they move timers) and servers' allowances
    async def add_vacation(self, vacation: Vacation,
                           dues: Sequence[tuple[int, float]] = ()) -> int:
        """Store a vacation and move timers (their deadlines pushed) in one transaction;
        returns its id."""

    async def end_vacation(self, vacation_id: int, end: float,
                           dues: Sequence[tuple[int, float]] = ()) -> None:
        """Move a vacation's end (a player back early) and timers in one transaction."""

    async def vacations(self, user_id: int | None = None,
                        since: float | None = None) -> list[Vacation]:
        """Vacations (of one user) ending at or after ``since``, by start."""

    async def set_away_allowance(self, guild_id: int, days: float | None) -> None:
        """A server's vacation days per year (None: back to the default)."""

    async def away_allowances(self) -> dict[int, float]:
        """Every server's vacation allowance that was set."""

    # -- followers (migration 0008): people following a game in play, one row per (game, user)
    async def toggle_follower(self, game_id: int, user_id: int, at: float) -> bool:
        """Follow the game, or stop following it if the user already does — one transaction;
        the new state (True: following). ``StorageError`` for an unknown game."""

    async def add_follower(self, follower: FollowerRecord) -> bool:
        """Follow (idempotent: False when the user already follows the game)."""

    async def followers(self, game_id: int | None = None) -> list[FollowerRecord]:
        """A game's followers (every game's with None), by game and by when they followed."""

    async def follower_count(self, user_id: int) -> int:
        """How many games in play the user follows."""

    async def forget_followers(self, game_id: int) -> int:
        """Forget every follower of the game (it ended): how many there were."""


# ---------------------------------------------------------------------- leagues and ratings
# (migration 0005, docs/leagues.md)

#: The kinds of a ``leagues`` row (migration 0012): a league of seasons, or a tournament (one
#: event: sign-up, Swiss rounds, a final; docs/leagues.md "Tournaments").
LEAGUE, TOURNAMENT = "league", "tournament"

@dataclass
class RatedResult:
    """A rated game's outcome on one server: the finishing order of its rated people.

    ``ranks``: ``[{"user", "name", "seat", "rank", "total", "coins", "last", "win"}]`` (rank 1
    = best, ties share a rank; ``last``: conceded or played by the AI for most of the game)."""

    game_id: int
    guild_id: int
    finished_at: float
    ranks: list[JSONObject]
    voided: bool = False
    voided_by: int | None = None
    recorded_at: float = 0.0
    final_hash: str | None = None  # the game's final hash when it was recorded (0009)


@dataclass
class Rating:
    """A person's rating on one server (openskill PlackettLuce ``mu``, ``sigma``)."""

    guild_id: int
    user_id: int
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    updated_at: float = 0.0


@dataclass
class LeagueRecord:
    id: int  # 0 until stored
    guild_id: int
    name: str
    settings: JSONObject  # season_rounds, table_size, time_control, points, tie_breaks …
    created_by: int | None = None
    created_at: float = 0.0
    kind: str = "league"  # LEAGUE or TOURNAMENT (migration 0012)


@dataclass
class SeasonRecord:
    id: int  # 0 until stored
    league_id: int
    number: int
    status: str  # "open" | "active" | "finished"
    started_at: float
    ended_at: float | None = None


@dataclass
class MemberRecord:
    season_id: int
    user_id: int
    name: str
    active: bool = True
    joined_at: float = 0.0


@dataclass
class RoundRecord:
    season_id: int
    number: int
    started_at: float
    started_by: int | None = None


@dataclass
class TableRecord:
    """A league table: ``seats`` ``[{"user", "name"}]`` (``"ai": n`` fillers in ``extra``),
    its game and, once over, ``result`` (``[{"user", "place", "points", …}]`` or
    ``{"abandoned": true}``)."""

    id: int  # 0 until stored
    season_id: int
    round: int
    number: int
    game_id: int | None
    seats: list[JSONObject]
    result: Any = None



class LeagueStore(Protocol):
    """Rated results and ratings per server; leagues, seasons, members, rounds, tables."""

    # -- rated results and ratings (per server)
    async def record_result(self, result: RatedResult, ratings: Sequence[Rating] = (),
                            *, replace_all: bool = False) -> bool:
        """Store a rated result and upsert ``ratings`` in ONE transaction (with
        ``replace_all``: the guild's ratings become exactly ``ratings``). A game already
        recorded is left alone (nothing written): returns False."""

    async def rated_result(self, game_id: int) -> RatedResult | None: ...

    async def unrecorded_rated_games(self) -> list[int]:
        """Finished games with ``options.rated`` and no rated result yet (catch-up)."""

    async def rated_results(self, guild_id: int | None = None, *,
                            include_voided: bool = True) -> list[RatedResult]:
        """Results (of one guild) in rating order: by finished_at, then game id."""

    async def void_result(self, game_id: int, voided: bool, by_user: int | None,
                          ratings: Sequence[Rating]) -> None:
        """Mark a result voided (or not) and replace its guild's ratings with ``ratings`` (a
        recomputation) in ONE transaction; StorageError for an unknown result."""

    async def replace_ratings(self, guild_id: int, ratings: Sequence[Rating]) -> None:
        """The guild's ratings become exactly ``ratings`` (one transaction)."""

    async def ratings(self, guild_id: int) -> list[Rating]: ...

    # -- leagues, seasons, members, rounds, tables, archive
    async def create_league(self, league: LeagueRecord, season: SeasonRecord) -> tuple[int, int]:
        """Insert a league and its first season (its ids ignored); returns both ids."""

    async def save_league(self, league: LeagueRecord) -> None: ...

    async def leagues(self, guild_id: int | None = None, league_id: int | None = None, *,
                      kind: str | None = "league") -> list[LeagueRecord]:
        """The leagues (``kind`` LEAGUE, the default) or tournaments (TOURNAMENT) of a
        server, or by id, by id; ``kind`` None: both kinds."""

    async def seasons(self, league_id: int) -> list[SeasonRecord]:
        """A league's seasons by number."""

    async def set_member(self, member: MemberRecord) -> None:
        """Insert or update a season's member (name, active)."""

    async def members(self, season_id: int) -> list[MemberRecord]: ...

    async def create_round(self, rnd: RoundRecord, tables: Sequence[TableRecord]) -> list[int]:
        """Insert a round and its tables and mark the season active (one transaction);
        StorageError if the round exists. Returns the tables' ids."""

    async def rounds(self, season_id: int) -> list[RoundRecord]: ...

    async def set_table_game(self, table_id: int, game_id: int | None) -> None: ...

    async def set_table_result(self, table_id: int, result: JSON) -> bool:
        """Set a table's result once; False (nothing written) if it already has one."""

    async def league_tables(self, season_id: int | None = None, *,
                            game_id: int | None = None) -> list[TableRecord]:
        """A season's tables by round and number, or the table of one game."""

    async def archive_season(self, season_id: int, standings: Sequence[Mapping[str, JSON]],
                             podium: Sequence[Mapping[str, JSON]], at: float,
                             next_season: SeasonRecord | None = None) -> int | None:
        """Archive a season's standings, mark it finished and (optionally) open the next
        season, in ONE transaction; the next season's id."""

    async def season_archive(self, season_id: int
                             ) -> tuple[list[JSONObject], list[JSONObject]] | None:
        """An archived season's (standings, podium)."""


# ---------------------------------------------------------------------- damaged games
# (migration 0007, docs/service.md "Damaged games")

#: Why a game is damaged (``DamageRecord.reason``; the catalogs word each one).
DAMAGE_REASONS = ("bad_json", "bad_action", "missing_row", "bad_setup", "bad_record",
                  "bad_seat", "other_version", "bad_chain")

@dataclass
class DamageRecord:
    """A game whose stored record cannot be rebuilt: kept in storage with its status, marked
    here until it is repaired. ``reason``: ``bad_json``, ``bad_action``, ``missing_row``,
    ``bad_setup``, ``bad_record``, ``other_version``, ``bad_chain``; ``seq``: the first bad action's log
    index (None: not an action); ``told``: the front end was told (once)."""

    game_id: int
    reason: str
    detail: str
    found_at: float
    seq: int | None = None
    told: bool = False


@dataclass
class RawAction:
    """One stored action row as found, for a repair: ``action`` is the decoded JSON, or
    None when the text is not JSON (``text`` keeps it)."""

    seq: int
    seat: Any
    action: Any
    text: str | None
    decision_id: str | None
    submitted_by: str
    at: float
    hash: str | None = None  # as stored (the hash chain's link)


@dataclass
class Salvage:
    """What a damaged game's rows still give (``Store.salvage_game``): the record (JSON
    fields that do not decode replaced by their defaults, listed in ``bad_fields``) and every
    action row in ``seq`` order as found."""

    record: GameRecord
    actions: list[RawAction]
    bad_fields: list[str] = field(default_factory=list)
    head: str | None = None  # the hash chain's head as stored (``games.log_hash``)



class DamageStore(Protocol):
    """Damaged games: quarantined, repaired up to their last valid action."""

    async def mark_damaged(self, damage: DamageRecord) -> DamageRecord:
        """Mark a game damaged (its rows stay as they are); a game marked already keeps its
        first mark, which is returned (with ``told``)."""

    async def set_damage_told(self, game_id: int) -> None:
        """The front end was told about the game's damage (it is not told again)."""

    async def damaged_games(self) -> list[DamageRecord]:
        """Every game marked damaged, by id."""

    async def salvage_game(self, game_id: int) -> Salvage | None:
        """A damaged game's record and raw action rows, decoding what can be decoded."""

    async def truncate_actions(self, game_id: int, keep: int, at: float,
                               status: str | None = None) -> int:
        """Repair: in ONE transaction copy the action rows with ``seq >= keep`` into
        ``actions_backup`` (with ``at`` as their ``repaired_at``), delete them, set the hash
        chain's head to the last row kept, clear the game's damage mark and set ``status``
        if given. Returns how many rows were removed."""


# ---------------------------------------------------------------------- the web page
# (migration 0010, docs/web.md)


class WebStore(Protocol):
    """The web page's sessions (by their token's SHA-256) and its signing secret."""

    async def web_secret(self) -> str:
        """The secret for signed links, made at its first use (the same in every process)."""

    async def open_session(self, token_hash: str, user_id: int, now: float,
                           lifetime: float) -> None:
        """Store a new session of ``user_id`` ending at ``now + lifetime`` at the latest."""

    async def session_user(self, token_hash: str, now: float, idle: float) -> int | None:
        """The user of a live session (its use noted), or None (unknown, idle, ended)."""

    async def end_sessions(self, user_id: int) -> int:
        """End every session of the user (sign out everywhere): how many."""


# ---------------------------------------------------------------------- the turn digest
# (migration 0011, docs/service.md "The turn digest")

#: The scheduler's kind of a turn digest's timer (a person's, not a game's: its own table).
TURN_DIGEST = "turn_digest"


@dataclass
class TurnDigestTimer:
    """A player's turn digest: when the next one is due, and when the last one was handed
    over (None: never). One per player who has it on."""

    user_id: int
    due: float  # seconds since the epoch (the service clock's)
    sent_at: float | None = None


class TurnDigestStore(Protocol):
    """The turn digests' timers: one row per player who has the digest on."""

    async def turn_digest_timers(self, user_id: int | None = None) -> list[TurnDigestTimer]:
        """Every armed turn digest (of one user, if given), by due time."""

    async def arm_turn_digest(self, user_id: int, due: float,
                              sent_at: float | None = None) -> None:
        """Arm the user's turn digest at ``due`` (or move it there): one transaction. The
        last digest's ``sent_at`` is kept unless one is given."""

    async def disarm_turn_digest(self, user_id: int) -> bool:
        """Remove the user's turn digest (turned off): whether there was one."""

    async def rearm_turn_digest(self, user_id: int, was: float, due: float,
                                sent_at: float | None) -> bool:
        """The digest due at ``was`` fired: move it to ``due`` and note ``sent_at`` (None:
        keep the last one), in ONE transaction, only if it is still due at ``was``. False
        (nothing written): it was moved or removed meanwhile (a settings change, another
        process)."""


# ---------------------------------------------------------------------- the whole store


class Coordination(Protocol):
    """Opening and closing, and what several processes share (a PostgreSQL store implements
    these across processes; SQLite, alone in its process, owns everything)."""

    async def open(self) -> None:
        """Connect and migrate to the newest schema (refusing a newer database)."""

    async def close(self) -> None: ...

    # -- coordination (a PostgreSQL store implements these across processes)
    def lock(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """Exclusive access to one game while it is validated, written and applied."""

    def notify(self, game_id: int, version: int) -> None:
        """Tell every listener (in any process) that a game changed."""

    def listen(self, callback: Callable[[int, int], None]) -> Callable[[], None]:
        """Call ``callback(game_id, version)`` on every change; returns an unsubscribe.

        Several processes (PostgreSQL): also for a change another process made — from its
        NOTIFY, and, at the latest, inside :meth:`lock` before it yields when the game changed
        since this process last read or wrote it (so a service that drops its in-memory copy
        on such a call reloads the current game under the lock). ``version`` is then -1 when
        unknown."""

    # -- several processes (PostgreSQL); SQLite, alone in its process, owns everything
    async def claim_scheduler(self) -> bool:
        """Whether this process runs the deadline scheduler (fires timers) now. SQLite: True.
        PostgreSQL: an advisory lock held by one process at a time on its own connection,
        so it is released when that process dies; call again to take over."""

    def listen_timers(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback()`` when another process added, moved or deleted timers (the
        scheduler's owner then reloads them); returns an unsubscribe. SQLite never calls."""


class Store(GameStore, TimerStore, PeopleStore, LeagueStore, DamageStore, WebStore,
            TurnDigestStore, Coordination, Protocol):
    """What the service needs from a database. All methods are coroutines unless noted."""
