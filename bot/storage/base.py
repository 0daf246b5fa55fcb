"""The storage interface the game service is written against.

A game is stored as its record (setup, seed, content and rules version, status, options), its
seats and its action log; the engine replays it. The store also owns what several processes share: the
per-game lock, the "game changed" notices and who runs the deadline scheduler. SQLite (one
process) is the embedded implementation; PostgreSQL (``bot/storage/postgres.py``) lets
several bot processes share one database.

Every write method is one transaction: it either happens entirely or not at all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol

# Game status
LOBBY, ACTIVE, FINISHED, ABANDONED = "lobby", "active", "finished", "abandoned"
STATUSES = (LOBBY, ACTIVE, FINISHED, ABANDONED)


class StorageError(Exception):
    """The store refuses: a database newer than the code, an unknown game, a write that would
    leave a gap in an action log, other files under a stored content version …"""


@dataclass
class SeatRecord:
    """One seat: a person (``user_id``) or an AI (``ai_level``), never both."""

    seat: int  # index in the lobby; from the start on, the engine's seat (reordered then)
    name: str
    user_id: int | None = None
    ai_level: str | None = None  # "random" | "greedy" | "ismcts"
    conceded: bool = False  # played by the greedy AI for the rest of the game, ranks last
    # time control (migration 0003): deadlines missed, played by the greedy AI after too
    # many (until the player rejoins), the time bank left (seconds; None: no bank), and the
    # user ids of the other players who voted to let the AI play this seat
    strikes: int = 0
    ai_takeover: bool = False
    bank: float | None = None
    votes: list[int] = field(default_factory=list)
    # acting ahead (migration 0004): the seat's queued plan (bot/service/ahead.py), or None
    plan: dict[str, Any] | None = None


@dataclass
class ActionRecord:
    """One row of the action log: the engine's log entry ``seq`` (index) and who sent it."""

    seq: int
    seat: int
    action: dict[str, Any]
    decision_id: str | None
    submitted_by: str  # "user:<id>", "ai:<level>", "forced", "deadline" …
    at: float  # the service clock's time (seconds since the epoch)


@dataclass
class GameRecord:
    id: int
    status: str
    variant: str
    options: dict[str, Any]  # rated, hints, AI level defaults … (JSON)
    created_at: float
    updated_at: float
    content_version: str | None = None  # set at start
    rules_version: str | None = None
    setup: dict[str, Any] | None = None  # hadara.setup.Setup.to_dict(), set at start
    seed: int | None = None
    host_user_id: int | None = None
    seats: list[SeatRecord] = field(default_factory=list)
    # Discord bookkeeping, opaque to the service (ids as ints): guild, channel, thread,
    # board message, lobby message; per-seat panel and DM message ids live in ``seat_messages``.
    discord: dict[str, Any] = field(default_factory=dict)


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
    payload: dict[str, Any] = field(default_factory=dict)  # JSON: user, opened, base …


@dataclass
class Vacation:
    """A player's time away: their clocks are paused from ``start`` to ``end``."""

    id: int  # 0 until stored
    user_id: int
    start: float
    end: float


# -- leagues and ratings (migration 0005, docs/leagues.md)

@dataclass
class RatedResult:
    """A rated game's outcome on one server: the finishing order of its rated people.

    ``ranks``: ``[{"user", "name", "seat", "rank", "total", "coins", "last", "win"}]`` (rank 1
    = best, ties share a rank; ``last``: conceded or played by the AI for most of the game)."""

    game_id: int
    guild_id: int
    finished_at: float
    ranks: list[dict[str, Any]]
    voided: bool = False
    voided_by: int | None = None
    recorded_at: float = 0.0


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
    settings: dict[str, Any]  # season_rounds, table_size, time_control, points, tie_breaks …
    created_by: int | None = None
    created_at: float = 0.0


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
    seats: list[dict[str, Any]]
    result: Any = None


@dataclass
class StoredGame:
    record: GameRecord
    actions: list[ActionRecord]  # ordered by seq, 0..n-1 without gaps


class Store(Protocol):
    """What the service needs from a database. All methods are coroutines unless noted."""

    async def open(self) -> None:
        """Connect and migrate to the newest schema (refusing a newer database)."""

    async def close(self) -> None: ...

    # -- games
    async def create_game(self, record: GameRecord) -> int:
        """Insert a game (id ignored) with its seats; returns the new id."""

    async def save_game(self, record: GameRecord, *, add_timers: Sequence[TimerRecord] = (),
                        delete_timers: Sequence[int] = ()) -> list[int]:
        """Update a game's record and replace its seats (status, setup, options, discord);
        in the same transaction delete and insert timers. Returns the new timers' ids."""

    async def load_game(self, game_id: int) -> StoredGame | None: ...

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
        simultaneous pick keeps the log the size of one pick. In the same transaction:
        update the time-control state of ``seats`` (strikes, ai_takeover, bank, votes),
        delete the timers ``delete_timers`` (a missing id is no error) and insert
        ``add_timers``. Returns the new timers' ids, in order."""

    # -- timers (deadlines, reminders), vacations and allowances
    async def timers(self, game_id: int | None = None) -> list[TimerRecord]:
        """Every stored timer (of one game, if given), ordered by due time."""

    async def change_timers(self, add: Sequence[TimerRecord] = (),
                            delete: Sequence[int] = ()) -> list[int]:
        """Delete timers (a missing id is no error) and insert others in one transaction;
        returns the new ids in order."""

    async def move_timers(self, dues: Sequence[tuple[int, float]]) -> None:
        """Set the due time of timers ``(id, due)`` in one transaction."""

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

    # -- per-user settings (DMs on/off, language, …) and Discord message ids
    async def get_user_settings(self, user_id: int) -> dict[str, Any]: ...

    async def set_user_settings(self, user_id: int, settings: dict[str, Any]) -> None: ...

    # -- per-server settings (the language of public messages, …)
    async def get_guild_settings(self, guild_id: int) -> dict[str, Any]: ...

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None: ...

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

    async def leagues(self, guild_id: int | None = None,
                      league_id: int | None = None) -> list[LeagueRecord]: ...

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

    async def set_table_result(self, table_id: int, result: Any) -> bool:
        """Set a table's result once; False (nothing written) if it already has one."""

    async def league_tables(self, season_id: int | None = None, *,
                            game_id: int | None = None) -> list[TableRecord]:
        """A season's tables by round and number, or the table of one game."""

    async def archive_season(self, season_id: int, standings: list[dict[str, Any]],
                             podium: list[dict[str, Any]], at: float,
                             next_season: SeasonRecord | None = None) -> int | None:
        """Archive a season's standings, mark it finished and (optionally) open the next
        season, in ONE transaction; the next season's id."""

    async def season_archive(self, season_id: int
                             ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]] | None:
        """An archived season's (standings, podium)."""

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


class SettingsTables:
    """The settings methods of a store, over its two JSON-per-key tables (``user_settings``
    by ``user_id``, ``guild_settings`` by ``guild_id``): each store provides
    ``_get_settings(table, key)`` and ``_set_settings(table, key, settings)`` in its dialect."""

    async def _get_settings(self, table: str, key: int) -> dict[str, Any]:
        raise NotImplementedError

    async def _set_settings(self, table: str, key: int, settings: dict[str, Any]) -> None:
        raise NotImplementedError

    async def get_user_settings(self, user_id: int) -> dict[str, Any]:
        return await self._get_settings("user_settings", user_id)

    async def set_user_settings(self, user_id: int, settings: dict[str, Any]) -> None:
        await self._set_settings("user_settings", user_id, settings)

    async def get_guild_settings(self, guild_id: int) -> dict[str, Any]:
        return await self._get_settings("guild_settings", guild_id)

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        await self._set_settings("guild_settings", guild_id, settings)
