"""``migrate-db``'s verification (step 3 of :mod:`bot.storage.migrate`): the copy compared
with the source it was made from.

Every game is loaded from both stores (record, seats and action log must be equal) and
replayed as the game service replays it (``hadara.save`` with the catalog of its stored
content version): the save (``hadara.save.to_json``), the game's version and every view
(spectator's and each seat's) must be the same. The row count of every table must match, and
everything else is read back through the :class:`~bot.storage.base.Store` protocol on both
sides and compared. Differences go to the :class:`Summary`'s ``problems``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict, TypeVar

from .base import STATUSES, Store, StoredGame
from .content import Catalogs

if TYPE_CHECKING:
    from hadara.content import Catalog
    from hadara.engine import Game

K = TypeVar("K")
#: a read of one thing through the protocol, made on each side
Read = Callable[[Store], Awaitable[object]]


@dataclass
class Snapshot:
    """Every table of the source, read in one transaction: column names and rows (the values
    as SQLite returns them)."""

    columns: dict[str, list[str]]
    rows: dict[str, list[tuple[Any, ...]]]
    sequences: dict[str, int]  # sqlite_sequence: the highest id ever handed out per table

    def dicts(self, table: str) -> list[dict[str, Any]]:
        cols = self.columns[table]
        return [dict(zip(cols, row, strict=True)) for row in self.rows[table]]

    def column(self, table: str, column: str) -> list[Any]:
        """The distinct values of one column, sorted."""
        i = self.columns[table].index(column)
        return sorted({row[i] for row in self.rows[table]})


@dataclass
class Summary:
    """What ``migrate-db`` did and found (printed by :meth:`text`)."""

    source: str  # redacted
    target: str
    counts: dict[str, tuple[int, int]] = field(default_factory=dict)  # table: (source, target)
    games: int = 0
    replayed: int = 0  # started games whose replays matched
    lobby: int = 0  # games not started (nothing to replay; record compared)
    warnings: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    source_schema: int | None = None
    target_schema: int | None = None
    seconds: float = 0.0

    def text(self) -> str:
        lines = [f"migrate-db: {self.source} -> {self.target}"]
        if self.source_schema is not None or self.target_schema is not None:
            lines.append(f"schema versions: source {_or_unknown(self.source_schema)}, target "
                         f"{_or_unknown(self.target_schema)}")
        width = max([len(t) for t in self.counts] + [5])
        lines.append(f"  {'table':<{width}}  {'source':>8}  {'target':>8}")
        for table, (src, dst) in self.counts.items():
            mark = "" if src == dst else "  MISMATCH"
            lines.append(f"  {table:<{width}}  {src:>8}  {dst:>8}{mark}")
        lines.append(f"games verified: {self.replayed} replayed to the same state, "
                     f"{self.lobby} in the lobby compared, of {self.games}")
        lines += [f"warning: {w}" for w in self.warnings]
        lines += [f"PROBLEM: {p}" for p in self.problems[:50]]
        if len(self.problems) > 50:
            lines.append(f"… and {len(self.problems) - 50} more problems")
        lines.append(f"{'verification FAILED' if self.problems else 'ok'} "
                     f"({self.seconds:.2f} s)")
        return "\n".join(lines)


def _or_unknown(value: int | None) -> str:
    return "unknown" if value is None else str(value)


class GameState(TypedDict):
    """What must be equal after a replay, or why the game does not replay (``error`` alone)."""

    save: NotRequired[str]
    version: NotRequired[int]
    spectator: NotRequired[object]
    views: NotRequired[list[object]]
    error: NotRequired[str]


def replay(stored: StoredGame, catalog: Catalog) -> Game:
    """The game the service rebuilds from a stored game (``GameService._read``)."""
    from hadara import save

    rec = stored.record
    return save.from_parts(rec.setup, rec.seed,
                           [{"seat": a.seat, "action": a.action} for a in stored.actions],
                           content_version=rec.content_version,
                           rules_version=rec.rules_version, catalog=catalog)


def game_state(game: Game) -> GameState:
    """What must be equal after a replay: the save, the version and every view."""
    from hadara import save
    from hadara.views import spectator_view, view

    return {"save": save.to_json(game), "version": game.version,
            "spectator": spectator_view(game),
            "views": [view(game, s) for s in range(game.n)]}


async def replayed_state(stored: StoredGame, catalogs: Catalogs) -> GameState:
    """The replayed game's state, or ``{"error": …}`` when it does not replay."""
    try:
        catalog = await catalogs.get(stored.record.content_version)
        return game_state(replay(stored, catalog))
    except Exception as exc:
        return {"error": f"{type(exc).__name__}: {exc}"}


def _diff(a: object, b: object, where: str = "") -> str:
    """The first place where two values differ (for the report)."""
    names = getattr(a, "__dataclass_fields__", None)
    if names is not None and type(a) is type(b):
        for name in names:
            x, y = getattr(a, name), getattr(b, name)
            if x != y:
                return _diff(x, y, f"{where}.{name}")
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k) != b.get(k):
                return _diff(a.get(k), b.get(k), f"{where}[{k!r}]")
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        if len(a) != len(b):
            return f"{where}: {len(a)} items vs {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _diff(x, y, f"{where}[{i}]")
    return f"{where or 'value'}: {_short(a)} vs {_short(b)}"


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."


async def verify(snap: Snapshot, src: Store, dst: Store, counts: dict[str, int],
                 summary: Summary) -> None:
    """Compare the target (``dst``, whose row count per copied table is ``counts``) with the
    source (``src``, read as ``snap``); differences go to ``summary.problems``."""
    problems = summary.problems
    for table, found in counts.items():
        summary.counts[table] = (len(snap.rows[table]), found)
        if found != len(snap.rows[table]):
            problems.append(f"table {table}: {len(snap.rows[table])} rows in the source, "
                            f"{found} in the target")

    src_catalogs, dst_catalogs = Catalogs(src), Catalogs(dst)
    game_ids = sorted(r[0] for r in snap.rows["games"])
    summary.games = len(game_ids)
    for gid in game_ids:
        a, b = await src.load_game(gid), await dst.load_game(gid)
        if a is None or b is None:
            problems.append(f"game {gid}: missing in the {'source' if a is None else 'target'}")
            continue
        if a != b:
            problems.append(f"game {gid}: stored data differs: {_diff(a, b, 'game')}")
            continue
        if a.record.setup is None:
            summary.lobby += 1
            continue
        sa = await replayed_state(a, src_catalogs)
        sb = await replayed_state(b, dst_catalogs)
        if sa != sb:
            problems.append(f"game {gid}: replays differently: {_diff(sa, sb, 'state')}")
        elif "error" in sa:
            summary.warnings.append(f"game {gid} does not replay in the source either: "
                                    f"{sa['error']}")
        else:
            summary.replayed += 1

    for what, read in _checks(snap, game_ids):
        try:
            x = await read(src)
        except Exception as exc:
            problems.append(f"{what}: cannot be read from the source: {exc}")
            continue
        try:
            y = await read(dst)
        except Exception as exc:
            problems.append(f"{what}: cannot be read from the target: "
                            f"{type(exc).__name__}: {exc}")
            continue
        if x != y:
            problems.append(f"{what} differ: {_diff(x, y, what.split()[0])}")


def _checks(snap: Snapshot, game_ids: list[int]) -> list[tuple[str, Read]]:
    """What is read back through the protocol on both sides: everything, and each key the
    source holds (its seat messages, settings, ratings, seasons …)."""
    checks: list[tuple[str, Read]] = [
        ("game ids", lambda s: s.game_ids(STATUSES)),
        ("timers", lambda s: s.timers()),
        ("vacations", lambda s: s.vacations()),
        ("away allowances", lambda s: s.away_allowances()),
        ("rated results", lambda s: s.rated_results()),
        ("unrecorded rated games", lambda s: s.unrecorded_rated_games()),
        ("leagues", lambda s: s.leagues(kind=None)),  # tournaments too
        ("damaged games", lambda s: s.damaged_games()),
        ("followers", lambda s: s.followers()),
        ("turn digests", lambda s: s.turn_digest_timers()),
    ]
    for gid in game_ids:
        checks.append((f"seat messages of game {gid}",
                       _bind(lambda s, g: s.seat_messages(g), gid)))
    for version in snap.column("content_versions", "version"):
        checks.append((f"content version {version}",
                       _bind(lambda s, v: s.load_content(v), version)))
    for user in snap.column("user_settings", "user_id"):
        checks.append((f"settings of user {user}",
                       _bind(lambda s, u: s.get_user_settings(u), user)))
    for guild in snap.column("guild_settings", "guild_id"):
        checks.append((f"settings of server {guild}",
                       _bind(lambda s, g: s.get_guild_settings(g), guild)))
    for guild in sorted(set(snap.column("ratings", "guild_id"))
                        | set(snap.column("rated_results", "guild_id"))):
        checks.append((f"ratings of server {guild}", _bind(lambda s, g: s.ratings(g), guild)))
    for league in snap.column("leagues", "id"):
        checks.append((f"seasons of league {league}",
                       _bind(lambda s, i: s.seasons(i), league)))
    for season in snap.column("league_seasons", "id"):
        checks += [
            (f"members of season {season}", _bind(lambda s, i: s.members(i), season)),
            (f"rounds of season {season}", _bind(lambda s, i: s.rounds(i), season)),
            (f"tables of season {season}", _bind(lambda s, i: s.league_tables(i), season)),
            (f"archive of season {season}", _bind(lambda s, i: s.season_archive(i), season)),
        ]
    return checks


def _bind(fn: Callable[[Store, K], Awaitable[object]], value: K) -> Read:
    return lambda s: fn(s, value)
