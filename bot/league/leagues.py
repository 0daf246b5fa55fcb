"""Leagues per server: seasons of rounds, tables seated by rating, standings and archives.

``LeagueService(store, games, clock)`` is written against the :class:`~bot.storage.base.Store`
protocol and creates every table's game through :class:`~bot.service.GameService`; nothing here
imports Discord (the cogs create a thread per returned game). Documentation: docs/leagues.md.

Refused calls raise :class:`~bot.service.refusals.Refusal` (code, reason, params, message) and
write nothing, as the game service does.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.service import refusals
from bot.service.refusals import Refusal
from bot.service.reliability import MIN_FINISH, check_minimum_value, minimum_of
from bot.service.service import GameService
from bot.service.timecontrol import rules
from bot.storage.base import (
    ABANDONED,
    FINISHED,
    LeagueRecord,
    MemberRecord,
    RoundRecord,
    SeasonRecord,
    SeatRecord,
    StorageError,
    Store,
    TableRecord,
)
from hadara import scoring
from hadara.engine import Game
from hadara.setup import VARIANTS

from . import seating
from .ratings import AI_MAJORITY, MU, SIGMA, Ratings, board_line, ordinal

# -- refusal codes of the league calls (besides not_found and bad_request)
LEAGUE_EXISTS = "league_exists"  # a league of that name exists on the server
ALREADY_MEMBER = "already_member"  # join: the user plays this season already
NOT_MEMBER = "not_member"  # leave: the user does not play this season
ROUND_OPEN = "round_open"  # start_round: a table of the current round has no result yet
SEASON_COMPLETE = "season_complete"  # start_round: every round of the season was started
SEASON_NOT_OVER = "season_not_over"  # end_season: rounds missing or games still running
TOO_FEW_MEMBERS = "too_few_members"  # start_round: fewer than 3 active members
CODES = (refusals.NOT_FOUND, refusals.BAD_REQUEST, LEAGUE_EXISTS, ALREADY_MEMBER, NOT_MEMBER, ROUND_OPEN,
         SEASON_COMPLETE, SEASON_NOT_OVER, TOO_FEW_MEMBERS)

#: Points by finishing place, per number of seats at the table (AI seats count as places).
DEFAULT_POINTS: dict[int, list[float]] = {3: [3, 1, 0], 4: [4, 2, 1, 0], 5: [5, 3, 2, 1, 0]}
TIE_BREAKS = ("opponents", "rating", "wins")  # after points, in the league's chosen order
DEFAULT_TIE_BREAKS = ["opponents", "rating"]
MAX_ROUNDS = 50
MAX_NAME = 64


# ------------------------------------------------------------------ pure helpers

def points_for(settings: Mapping[str, Any], seats: int) -> list[float]:
    """The points by place of a game with ``seats`` seats under a league's settings."""
    table = settings.get("points") or {}
    if str(seats) in table:
        return [float(p) for p in table[str(seats)]]
    return [float(p) for p in DEFAULT_POINTS.get(seats, [*range(seats - 1, 0, -1), 0])]


def normalise_points(points: Any, table_size: int | str) -> dict[str, list[float]]:
    """``points`` as given to ``create_league`` — None (the defaults), one list (for the
    league's size; shorter tables keep its first places and its last value) or a dict by
    size — as stored: ``{"3": […], "4": […], "5": […]}``."""
    if points is None:
        return {str(k): list(v) for k, v in DEFAULT_POINTS.items()}
    if isinstance(points, Mapping):
        out = {}
        for k, v in points.items():
            size = int(k)
            out[str(size)] = _points_list(v, size)
        for k2, v2 in DEFAULT_POINTS.items():
            out.setdefault(str(k2), list(v2))
        return out
    base = [float(p) for p in points]
    if not 2 <= len(base) <= 5:
        raise ValueError("points: 2 to 5 values, one per place")
    out = {}
    for size in (3, 4, 5):
        if size <= len(base):
            vals = base[:size - 1] + [base[-1]] if size < len(base) else base
        else:
            vals = base + [base[-1]] * (size - len(base))
        out[str(size)] = _points_list(vals, size)
    return out


def _points_list(values: Any, size: int) -> list[float]:
    vals = [float(v) for v in values]
    if len(vals) != size or any(v != v or v < 0 or v > 1000 for v in vals):
        raise ValueError(f"points for {size} seats: {size} numbers from 0 to 1000")
    if any(a < b for a, b in zip(vals, vals[1:], strict=False)):
        raise ValueError("points must not grow with a worse place")
    return vals


def table_result(game: Game, seats: Sequence[SeatRecord], users: Mapping[int, int],
                 points: Sequence[float], ai_share: Mapping[int, float] | None = None,
                 stand_ins: Iterable[int] = (), names: Mapping[int, str] | None = None
                 ) -> list[dict[str, Any]]:
    """Places and league points of a finished table, best first: ``[{"seat", "name",
    "user" (None for an AI filler), "place", "points", "total", "coins", "last", "win"}]``.

    Every seat takes a place (G2: points, then coins; equal: a shared place, whose points are
    the mean of the places it spans). ``names`` (user → name) overrides seat names. A person
    who conceded or was played by the AI for most
    of the game (not a ``stand_ins`` seat) is placed last (tied with any other such seat)."""
    ai_share = ai_share or {}
    stand = set(stand_ins)
    table = scoring.scores(game)
    best = scoring.winners(game, table)
    keyed = []
    for s in seats:
        person = s.seat in users
        last = person and (bool(s.conceded) or (s.seat not in stand
                                                and ai_share.get(s.seat, 0.0) > AI_MAJORITY))
        key = (1, 0, 0) if last else (0, -table[s.seat]["total"], -game.coins[s.seat])
        keyed.append((key, s, last))
    out = []
    for key, s, last in sorted(keyed, key=lambda k: (k[0], k[1].seat)):
        better = sum(1 for k, *_ in keyed if k < key)
        same = sum(1 for k, *_ in keyed if k == key)
        span = [points[i] if i < len(points) else 0.0 for i in range(better, better + same)]
        user = users.get(s.seat)
        out.append({"seat": s.seat, "user": user,
                    "name": (names or {}).get(user, s.name) if user is not None else s.name,
                    "place": better + 1, "points": round(sum(span) / len(span), 4),
                    "total": table[s.seat]["total"], "coins": game.coins[s.seat],
                    "last": last, "win": s.seat in best and not last})
    return out


def compute_standings(members: Sequence[MemberRecord], tables: Sequence[TableRecord],
                      ratings: Mapping[int, tuple[float, float]],
                      tie_breaks: Sequence[str] = DEFAULT_TIE_BREAKS) -> list[dict[str, Any]]:
    """A season's standings from its tables' results: points, then the league's tie-breaks
    (``opponents``: the sum of the season points of every opponent faced, once per game —
    Buchholz; ``rating``: the display rating; ``wins``). Rows: ``position`` (shared when every
    key is equal), ``user``, ``name``, ``points``, ``opponents``, ``games``, ``wins``,
    ``rating``, ``mu``, ``sigma``, ``active``, ``text``."""
    names = {m.user_id: m.name for m in members}
    active = {m.user_id: m.active for m in members}
    pts: dict[int, float] = {u: 0.0 for u in names}
    games: dict[int, int] = {u: 0 for u in names}
    wins: dict[int, int] = {u: 0 for u in names}
    met: dict[int, list[int]] = {u: [] for u in names}
    for t in tables:
        if not isinstance(t.result, list):
            continue
        people = [r for r in t.result if r.get("user") is not None]
        for r in people:
            u = int(r["user"])
            names.setdefault(u, str(r.get("name", u)))
            active.setdefault(u, False)
            pts[u] = pts.get(u, 0.0) + float(r["points"])
            games[u] = games.get(u, 0) + 1
            wins[u] = wins.get(u, 0) + (1 if r.get("win") else 0)
            met.setdefault(u, []).extend(int(o["user"]) for o in people if o is not r)
    rows = []
    for u in names:
        if not active.get(u) and not games.get(u):
            continue  # left without playing
        mu, sigma = ratings.get(u, (MU, SIGMA))
        row: dict[str, Any] = {"user": u, "name": names[u], "points": round(pts.get(u, 0.0), 4),
                     "opponents": round(sum(pts.get(o, 0.0) for o in met.get(u, [])), 4),
                     "games": games.get(u, 0), "wins": wins.get(u, 0),
                     "rating": round(ordinal(mu, sigma), 2), "mu": round(mu, 3),
                     "sigma": round(sigma, 3), "active": bool(active.get(u))}
        rows.append(row)

    def key(row: dict[str, Any]) -> tuple[float, ...]:
        return (-row["points"], *(-row[tb] for tb in tie_breaks))

    rows.sort(key=lambda r: (key(r), str(r["name"]).casefold(), r["user"]))
    for i, row in enumerate(rows):
        row["position"] = rows[i - 1]["position"] if i and key(rows[i - 1]) == key(row) else i + 1
        row["text"] = board_line(row)
    return [{"position": r.pop("position"), **r} for r in rows]


# ------------------------------------------------------------------ the service

@contextlib.asynccontextmanager
async def round_games(games: GameService) -> AsyncIterator[list[tuple[int, int]]]:
    """The games of a round being opened, as ``(game id, host)`` appended to the list this
    yields: if anything fails before the round is stored, the games already created are
    abandoned again (best effort) and the error goes on; once it is stored, they start."""
    created: list[tuple[int, int]] = []
    try:
        yield created
    except BaseException:
        for gid, _ in created:
            with contextlib.suppress(Exception):  # best effort
                await games.abandon(gid, None, is_admin=True)
        raise
    for gid, host in created:
        await games.start(gid, host)


class LeagueService:
    """Leagues on the store, games through the game service. See docs/leagues.md.

    ``stand_ins=True`` (``league-sim`` and tests) seats a greedy AI for every member instead of
    the member: the AI seat stands in for them in standings and ratings."""

    def __init__(self, store: Store, games: GameService, clock: Callable[[], float] = time.time,
                 *, ratings: Ratings | None = None, stand_ins: bool = False,
                 ai_level: str = "greedy") -> None:
        self.store = store
        self.games = games
        self.clock = clock
        self.ratings = ratings or Ratings(store, clock)
        self.stand_ins = stand_ins
        self.ai_level = ai_level
        self._locks: dict[int, asyncio.Lock] = {}

    def _lock(self, league_id: int) -> asyncio.Lock:
        return self._locks.setdefault(league_id, asyncio.Lock())

    # -- leagues
    async def create_league(self, guild_id: int, name: str, *, season_rounds: int = 3,
                            table_size: int | str = 4, time_control: Any = None,
                            points: Any = None, tie_breaks: Sequence[str] | None = None,
                            variant: str = "basic", fill: str = "short",
                            by_user: int | None = None,
                            min_finish: float | None = None) -> dict[str, Any]:
        """A league on a server, with its first season open for members. Returns
        :meth:`league`'s dict. ``min_finish``: the finish rate (per cent) asked of who
        joins (new players always may; docs/leagues.md, "Profiles and reliability")."""
        clean = " ".join(str(name).split())[:MAX_NAME]
        if not clean:
            raise Refusal(refusals.BAD_REQUEST, "A league needs a name.", "bad_name")
        if type(season_rounds) is not int or not 1 <= season_rounds <= MAX_ROUNDS:
            raise Refusal(refusals.BAD_REQUEST, f"A season has 1 to {MAX_ROUNDS} rounds.",
                          "bad_rounds", min=1, max=MAX_ROUNDS)
        if table_size not in seating.TABLE_SIZES:
            raise Refusal(refusals.BAD_REQUEST, "Tables have 3, 4 or 5 seats, or mixed sizes.",
                          "bad_table_size", sizes=list(seating.TABLE_SIZES))
        if fill not in ("short", "ai"):
            raise Refusal(refusals.BAD_REQUEST, "fill is short or ai.", "bad_fill")
        if variant not in VARIANTS:
            raise Refusal(refusals.BAD_REQUEST, "The variant must be basic or advanced.",
                          "bad_variant", variants=list(VARIANTS))
        tc = rules.parse_time_control(time_control)  # raises bad_time_control
        minimum = check_minimum_value(min_finish)
        try:
            pts = normalise_points(points, table_size)
        except (TypeError, ValueError) as exc:
            raise Refusal(refusals.BAD_REQUEST, f"Bad points: {exc}", "bad_points") from None
        tbs = list(DEFAULT_TIE_BREAKS if tie_breaks is None else tie_breaks)
        if any(tb not in TIE_BREAKS for tb in tbs) or len(set(tbs)) != len(tbs):
            raise Refusal(refusals.BAD_REQUEST, f"Tie-breaks are some of {', '.join(TIE_BREAKS)}.",
                          "bad_tie_breaks", allowed=list(TIE_BREAKS))
        if any(lg.name.casefold() == clean.casefold()  # a tournament's name too (one UNIQUE)
               for lg in await self.store.leagues(guild_id, kind=None)):
            raise Refusal(LEAGUE_EXISTS, f"There is already a league or tournament named "
                          f"{clean}.", name=clean)
        now = self.clock()
        settings: dict[str, Any] = {"season_rounds": season_rounds, "table_size": table_size,
                    "time_control": tc, "points": pts, "tie_breaks": tbs,
                    "variant": variant, "fill": fill}
        if minimum is not None:
            settings[MIN_FINISH] = minimum
        try:
            league_id, _ = await self.store.create_league(
                LeagueRecord(0, guild_id, clean, settings, by_user, now),
                SeasonRecord(0, 0, 1, "open", now))
        except StorageError as exc:  # pragma: no cover - a race on the unique name
            raise Refusal(LEAGUE_EXISTS, str(exc), name=clean) from None
        return await self.league(league_id)

    async def leagues(self, guild_id: int) -> list[dict[str, Any]]:
        return [await self.league(lg.id) for lg in await self.store.leagues(guild_id)]

    async def find(self, guild_id: int, name: str) -> int:
        """A league's id by name (case-insensitive) on a server; ``not_found`` otherwise."""
        for lg in await self.store.leagues(guild_id):
            if lg.name.casefold() == " ".join(str(name).split()).casefold():
                return lg.id
        raise Refusal(refusals.NOT_FOUND, f"There is no league named {str(name)[:MAX_NAME]}.")

    async def league(self, league_id: int) -> dict[str, Any]:
        """``{"id", "guild", "name", "settings", "season", "season_status", "rounds_started",
        "members"}`` — the current (latest) season."""
        lg, season = await self._current(league_id)
        members = [m for m in await self.store.members(season.id) if m.active]
        rounds = await self.store.rounds(season.id)
        return {"id": lg.id, "guild": lg.guild_id, "name": lg.name,
                "settings": dict(lg.settings), "season": season.number,
                "season_status": season.status, "rounds_started": len(rounds),
                "members": [{"user": m.user_id, "name": m.name} for m in members]}

    async def _current(self, league_id: int) -> tuple[LeagueRecord, SeasonRecord]:
        found = await self.store.leagues(league_id=league_id)
        if not found:
            raise Refusal(refusals.NOT_FOUND, "There is no such league.", league=league_id)
        seasons = await self.store.seasons(league_id)
        return found[0], seasons[-1]

    async def _season(self, league_id: int, number: int | None) -> tuple[LeagueRecord,
                                                                         SeasonRecord]:
        lg, current = await self._current(league_id)
        if number is None or number == current.number:
            return lg, current
        for s in await self.store.seasons(league_id):
            if s.number == number:
                return lg, s
        raise Refusal(refusals.NOT_FOUND, f"This league has no season {number}.", "no_season",
                      season=number)

    # -- members
    async def join(self, league_id: int, user_id: int, name: str) -> dict[str, Any]:
        """Join (opt in to) the league's current season. Someone joining a season under way
        is seated from the next round."""
        clean = " ".join(str(name).split())[:MAX_NAME] or str(user_id)
        lg, _ = await self._current(league_id)  # its minimum finish rate, on its server
        await self.games.reliability.check(lg.guild_id, user_id, minimum_of(lg.settings))
        async with self._lock(league_id):
            _, season = await self._current(league_id)
            known = {m.user_id: m for m in await self.store.members(season.id)}
            if user_id in known and known[user_id].active:
                raise Refusal(ALREADY_MEMBER, "You already play this season.",
                              season=season.number)
            old = known.get(user_id)
            member = (replace(old, name=clean, active=True) if old is not None
                      else MemberRecord(season.id, user_id, clean, True, self.clock()))
            await self.store.set_member(member)
            return {"league": league_id, "season": season.number, "user": user_id,
                    "name": clean}

    async def leave(self, league_id: int, user_id: int) -> dict[str, Any]:
        """Leave the current season: not seated again; results played so far stay."""
        async with self._lock(league_id):
            _, season = await self._current(league_id)
            known = {m.user_id: m for m in await self.store.members(season.id)}
            member = known.get(user_id)
            if member is None or not member.active:
                raise Refusal(NOT_MEMBER, "You do not play this season.", season=season.number)
            await self.store.set_member(replace(member, active=False))
            return {"league": league_id, "season": season.number, "user": user_id}

    # -- rounds
    async def start_round(self, league_id: int, by_user: int | None = None, *,
                          seed: int | None = None) -> dict[str, Any]:
        """An admin starts the season's next round: the active members are seated
        (:mod:`bot.league.seating`: balanced by rating, avoiding this season's repeat
        opponents) and each table's rated, hint-free game is created and started through the
        game service. Returns ``{"league", "season", "round", "tables": [{"table_id",
        "number", "game_id", "seats": [{"user", "name"}], "ai"}], "repeats", "spread"}`` —
        the front end opens a thread per game (``GameService.set_discord``)."""
        async with self._lock(league_id):
            lg, season = await self._current(league_id)
            st = lg.settings
            rounds = await self.store.rounds(season.id)
            if len(rounds) >= int(st["season_rounds"]):
                raise Refusal(SEASON_COMPLETE, "Every round of this season was played; end "
                              "the season.", rounds=len(rounds))
            tables = await self.store.league_tables(season.id)
            open_tables = [t.number for t in tables if t.result is None]
            if open_tables:
                raise Refusal(ROUND_OPEN, "Some games of the current round are still being "
                              "played.", tables=open_tables, round=len(rounds))
            members = [m for m in await self.store.members(season.id) if m.active]
            if len(members) < seating.MIN_TABLE:
                raise Refusal(TOO_FEW_MEMBERS, f"A round needs at least {seating.MIN_TABLE} "
                              "players.", count=len(members), min=seating.MIN_TABLE)
            number = len(rounds) + 1
            rated = {r.user_id: ordinal(r.mu, r.sigma)
                     for r in await self.store.ratings(lg.guild_id)}
            history = seating.history_of(
                [p["user"] for p in t.seats] for t in tables)
            users = [m.user_id for m in members]
            plan = seating.seat(users, st["table_size"], ratings={u: rated.get(u, 0.0)
                                                                    for u in users},
                                history=history, fill=st.get("fill", "short"),
                                seed=seed if seed is not None
                                else lg.id * 1_000_003 + season.number * 1009 + number)
            names = {m.user_id: m.name for m in members}
            now = self.clock()
            records = []
            async with round_games(self.games) as created:
                for k, table in enumerate(plan.tables, start=1):
                    gid, host, seats = await self._lobby(lg, season.number, number, k, table,
                                                         names, by_user)
                    created.append((gid, host))
                    records.append(TableRecord(0, season.id, number, k, gid, seats))
                ids = await self.store.create_round(
                    RoundRecord(season.id, number, now, by_user), records)
            return {"league": lg.id, "season": season.number, "round": number,
                    "repeats": plan.repeats, "spread": round(plan.spread, 3),
                    "tables": [{"table_id": i, "number": t.number, "game_id": t.game_id,
                                "seats": [{"user": s["user"], "name": s["name"]}
                                          for s in t.seats],
                                "ai": sum(1 for s in t.seats if s.get("filler"))}
                               for i, t in zip(ids, records, strict=True)]}

    async def _lobby(self, lg: LeagueRecord, season: int, rnd: int, number: int,
                     table: seating.Table, names: Mapping[int, str], by_user: int | None
                     ) -> tuple[int, int, list[dict[str, Any]]]:
        """Create one table's game in its lobby: the people (or their stand-ins) and the AI
        fillers. Returns the game id, its host and the table's seats for the store."""
        st = lg.settings
        options = {"guild": lg.guild_id,
                   "league": {"league": lg.id, "season": season, "round": rnd,
                              "table": number}}
        people = list(table.people)
        seats: list[dict[str, Any]] = [{"user": u, "name": names[u]} for u in people]
        if self.stand_ins:
            host = by_user if by_user is not None else 0
            gid = await self.games.create(host, None, seats=table.size, variant=st["variant"],
                                          rated=True, hints=False, options=options,
                                          time_control=st.get("time_control"))
            for _ in people:
                await self.games.add_ai(gid, self.ai_level)
            snap = await self.games.load(gid)
            for entry, s in zip(seats, snap.record.seats, strict=True):
                entry["seat_name"] = s.name  # the AI seat standing in for this member
        else:
            host = people[0]
            gid = await self.games.create(host, names[host], seats=table.size,
                                          variant=st["variant"], rated=True, hints=False,
                                          options=options, time_control=st.get("time_control"))
            for u in people[1:]:
                await self.games.join(gid, u, names[u])
        for _ in range(table.ai):
            await self.games.add_ai(gid, self.ai_level)
        if table.ai:
            snap = await self.games.load(gid)
            taken = {e.get("seat_name", e["name"]) for e in seats}
            seats += [{"user": None, "name": s.name, "filler": True}
                      for s in snap.record.seats if s.ai_level is not None
                      and s.name not in taken]
        return gid, host, seats

    # -- results
    async def record_game(self, game_id: int) -> bool:
        """Record a league game's table result once it ended (finished or abandoned); False
        if it is no league game, still running, or already recorded. Idempotent."""
        found = await self.store.league_tables(game_id=game_id)
        if not found or found[0].result is not None:
            return False
        table = found[0]
        snap = await self.games.load(game_id)
        rec = snap.record
        if rec.status == ABANDONED:
            return await self.store.set_table_result(table.id, {"abandoned": True})
        if rec.status != FINISHED or snap.game is None:
            return False
        users, stand = seat_users(rec.seats, table)
        lg = (await self.store.leagues(league_id=(rec.options.get("league") or {}).get(
            "league", -1), kind=None)) or None  # a tournament's table too (0012)
        settings = lg[0].settings if lg else {}
        names = {int(e["user"]): str(e["name"]) for e in table.seats
                 if e.get("user") is not None}
        result = table_result(snap.game, rec.seats, users,
                              points_for(settings, len(rec.seats)), snap.ai_share, stand, names)
        final_hash = await self.store.chain_head(game_id)  # each row carries it (exports)
        return await self.store.set_table_result(
            table.id, [{**row, "final_hash": final_hash} for row in result])

    async def standings(self, league_id: int, season: int | None = None
                        ) -> list[dict[str, Any]]:
        """The standings of a season (default: the current one); an archived season's as
        archived."""
        lg, s = await self._season(league_id, season)
        if s.status == "finished":
            archived = await self.store.season_archive(s.id)
            if archived is not None:
                return archived[0]
        return await self._standings(lg, s)

    async def _standings(self, lg: LeagueRecord, s: SeasonRecord) -> list[dict[str, Any]]:
        members = await self.store.members(s.id)
        tables = await self.store.league_tables(s.id)
        ratings = {r.user_id: (r.mu, r.sigma) for r in await self.store.ratings(lg.guild_id)}
        return compute_standings(members, tables, ratings,
                                 lg.settings.get("tie_breaks", DEFAULT_TIE_BREAKS))

    async def round_status(self, league_id: int) -> dict[str, Any]:
        """The current season's rounds and tables: ``{"season", "status", "rounds":
        [{"round", "tables": [{"number", "game_id", "seats", "done", "abandoned"}]}]}``."""
        lg, s = await self._current(league_id)
        out: dict[int, list[dict[str, Any]]] = {}
        for t in await self.store.league_tables(s.id):
            out.setdefault(t.round, []).append({
                "table_id": t.id, "number": t.number, "game_id": t.game_id,
                "seats": [{"user": p["user"], "name": p["name"]} for p in t.seats],
                "done": t.result is not None,
                "abandoned": isinstance(t.result, dict) and bool(t.result.get("abandoned"))})
        return {"league": lg.id, "season": s.number, "status": s.status,
                "season_rounds": lg.settings["season_rounds"],
                "rounds": [{"round": r, "tables": ts} for r, ts in sorted(out.items())]}

    async def end_season(self, league_id: int, by_user: int | None = None, *,
                         force: bool = False) -> dict[str, Any]:
        """Archive the current season's standings, announce the podium (returned) and open
        the next season, which members join (opt in) again. Refused while rounds are missing
        or games are being played, unless ``force`` (unfinished tables then count nothing).
        Returns ``{"league", "season", "standings", "podium", "next_season"}``."""
        async with self._lock(league_id):
            lg, s = await self._current(league_id)
            rounds = await self.store.rounds(s.id)
            tables = await self.store.league_tables(s.id)
            running = [t.number for t in tables if t.result is None]
            missing = int(lg.settings["season_rounds"]) - len(rounds)
            if not force and (missing > 0 or running):
                raise Refusal(SEASON_NOT_OVER, "The season is not over yet.",
                              rounds_missing=max(0, missing), tables_running=running)
            standings = await self._standings(lg, s)
            podium = [row for row in standings if row["position"] <= 3 and row["games"]]
            now = self.clock()
            await self.store.archive_season(s.id, standings, podium, now,
                                            SeasonRecord(0, lg.id, s.number + 1, "open", now))
            return {"league": lg.id, "season": s.number, "standings": standings,
                    "podium": podium, "next_season": s.number + 1}

    async def catch_up(self) -> int:
        """Record every league table whose game ended while nobody listened (start-up)."""
        done = 0
        for t in await self.store.league_tables():
            if t.result is None and t.game_id is not None:
                try:
                    done += await self.record_game(t.game_id)
                except Refusal:
                    continue
        return done


def seat_users(seats: Sequence[SeatRecord], table: TableRecord | None
               ) -> tuple[dict[int, int], list[int]]:
    """Engine seat → user for a game's people, and the seats that are stand-ins (AI seats
    named in the league table's ``seat_name``)."""
    users = {s.seat: s.user_id for s in seats if s.user_id is not None}
    stand: list[int] = []
    if table is not None:
        by_name = {s.name: s.seat for s in seats}
        for entry in table.seats:
            name = entry.get("seat_name")
            if name is not None and entry.get("user") is not None and name in by_name:
                users[by_name[name]] = int(entry["user"])
                stand.append(by_name[name])
    return users, stand
