"""The storage interface the game service is written against.

A game is stored as its record (setup, seed, content and rules version, status, options), its
seats and its action log; the engine replays it. The store also owns what several processes
would have to share: the per-game lock and the "game changed" notices. SQLite (one process) is
the embedded implementation; a PostgreSQL one can implement the same protocol later without
touching the service.

Every write method is one transaction: it either happens entirely or not at all.
"""

from __future__ import annotations

from collections.abc import Callable
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

    async def save_game(self, record: GameRecord) -> None:
        """Update a game's record and replace its seats (status, setup, options, discord)."""

    async def load_game(self, game_id: int) -> StoredGame | None: ...

    async def game_ids(self, statuses: tuple[str, ...] = (ACTIVE,)) -> list[int]: ...

    async def games_of_user(self, user_id: int,
                            statuses: tuple[str, ...] = (LOBBY, ACTIVE)) -> list[int]: ...

    # -- the action log
    async def write_actions(self, game_id: int, rows: list[ActionRecord],
                            status: str | None = None) -> None:
        """Upsert the rows by (game, seq) and touch ``updated_at`` (and set ``status`` if
        given) in ONE transaction. An existing seq is overwritten: that is how a replaced
        simultaneous pick keeps the log the size of one pick."""

    # -- per-user settings (DMs on/off, language, …) and Discord message ids
    async def get_user_settings(self, user_id: int) -> dict[str, Any]: ...

    async def set_user_settings(self, user_id: int, settings: dict[str, Any]) -> None: ...

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

    # -- coordination (a PostgreSQL store implements these across processes)
    def lock(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """Exclusive access to one game while it is validated, written and applied."""

    def notify(self, game_id: int, version: int) -> None:
        """Tell every listener (in any process) that a game changed."""

    def listen(self, callback: Callable[[int, int], None]) -> Callable[[], None]:
        """Call ``callback(game_id, version)`` on every change; returns an unsubscribe."""
