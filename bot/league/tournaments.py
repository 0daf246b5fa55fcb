"""Tournaments on a server: a sign-up with a cap, Swiss rounds seated by standing, a final
table for the best, withdrawals. Documentation: docs/leagues.md, "Tournaments".

``TournamentService(store, games, clock, leagues=…)`` is written against the
:class:`~bot.storage.base.Store` protocol and creates every table's game through
:class:`~bot.service.GameService`; nothing here imports Discord (the cogs open the threads).
A tournament is stored as a league of kind ``tournament`` (migration 0012) with one season:
its sign-ups are the season's members, its rounds and tables the season's, so a table's
result is recorded by the league's recorder (:meth:`LeagueService.record_game`) and rated as
any league game. The seating is :mod:`bot.league.swiss`'s.

Refused calls raise :class:`~bot.service.refusals.Refusal` and write nothing.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.service import refusals
from bot.service.refusals import Refusal
from bot.service.service import GameService
from bot.service.timecontrol import rules
from bot.storage.base import (
    TOURNAMENT,
    LeagueRecord,
    MemberRecord,
    RoundRecord,
    SeasonRecord,
    StorageError,
    Store,
    TableRecord,
)
from hadara.setup import VARIANTS

from . import seating, swiss
from .leagues import (
    MAX_NAME,
    ROUND_OPEN,
    TIE_BREAKS,
    compute_standings,
    normalise_points,
    points_for,
    round_games,
)
from .ratings import ordinal

log = logging.getLogger(__name__)

# -- refusal codes of the tournament calls (besides not_found, bad_request and round_open)
TOURNAMENT_EXISTS = "tournament_exists"  # a league or tournament of that name on the server
SIGNUP_CLOSED = "signup_closed"  # join: the first round started, or the sign-up's end passed
TOURNAMENT_FULL = "tournament_full"  # join: the cap is reached
ALREADY_ENTERED = "already_entered"  # join: signed up already
NOT_ENTERED = "not_entered"  # withdraw: not (or no longer) in the event
TOURNAMENT_OVER = "tournament_over"  # the final was played
TOO_FEW_ENTRANTS = "too_few_entrants"  # round 1 needs three people; a round, one
CODES = (refusals.NOT_FOUND, refusals.BAD_REQUEST, ROUND_OPEN, TOURNAMENT_EXISTS,
         SIGNUP_CLOSED, TOURNAMENT_FULL, ALREADY_ENTERED, NOT_ENTERED, TOURNAMENT_OVER,
         TOO_FEW_ENTRANTS)

#: The tie-breaks after points, in order (docs/leagues.md, "Tournaments").
TIE_BREAKS_ORDER = ["opponents", "wins", "rating"]
MAX_ROUNDS = 12  # Swiss rounds before the final
MIN_CAP, MAX_CAP = 3, 64  # sign-ups
FINAL_SIZES = (3, 4, 5)
#: A bye's points: the mean points a seat takes at a table of three.
BYE_POINTS = round(sum(points_for({}, 3)) / 3, 4)


def round_seed(tournament_id: int, number: int) -> int:
    return tournament_id * 1_000_003 + number * 1009


def standings_rows(members: Sequence[MemberRecord], tables: Sequence[TableRecord],
                   ratings: Mapping[int, tuple[float, float]], settings: Mapping[str, Any]
                   ) -> list[dict[str, Any]]:
    """A tournament's standings: the Swiss rounds' points and tie-breaks
    (:func:`~bot.league.leagues.compute_standings`), then, once the final table has a
    result, the finalists first by their place there (``final``: that place; a shared place:
    the better standing first) and everyone else below in the same order. Every row also has
    ``withdrawn`` (not ``active``) and ``byes``."""
    swiss_rounds = int(settings["rounds"])
    played = [t for t in tables if t.round <= swiss_rounds]
    rows = compute_standings(members, played, ratings,
                             settings.get("tie_breaks", TIE_BREAKS_ORDER))
    byes: dict[int, int] = {}
    for t in played:
        if isinstance(t.result, list):
            for r in t.result:
                if r.get(swiss.BYE) and r.get("user") is not None:
                    byes[int(r["user"])] = byes.get(int(r["user"]), 0) + 1
    final: dict[int, int] = {}
    for t in tables:
        if t.round > swiss_rounds and isinstance(t.result, list):
            final.update({int(r["user"]): int(r["place"]) for r in t.result
                          if r.get("user") is not None})
    by_user = {r["user"]: r for r in rows}
    order = swiss.final_order([r["user"] for r in rows], final)
    out = []
    for user in order:
        row = dict(by_user[user])
        row["withdrawn"] = not row["active"]
        row["byes"] = byes.get(user, 0)
        row["final"] = final.get(user)
        out.append(row)
    if final:  # positions follow the final order; below the finalists, ties still share
        for i, row in enumerate(out):
            prev = out[i - 1] if i else None
            same = (prev is not None and row["final"] is None and prev["final"] is None
                    and by_user[prev["user"]]["position"] == by_user[row["user"]]["position"])
            row["position"] = prev["position"] if same and prev is not None else i + 1
    return out


class TournamentService:
    """Tournaments on the store, games through the game service. See docs/leagues.md.

    ``stand_ins``: True (``tournament-sim``, tests) seats a greedy AI for every person, or a
    collection of user ids to stand in for only those; the AI seat stands in for the person
    in standings and ratings, as in leagues."""

    def __init__(self, store: Store, games: GameService, clock: Callable[[], float] = time.time,
                 *, stand_ins: bool | Collection[int] = False, ai_level: str = "greedy") -> None:
        self.store = store
        self.games = games
        self.clock = clock
        self.stand_ins = stand_ins
        self.ai_level = ai_level
        self._locks: dict[int, asyncio.Lock] = {}
        #: called with a round's end (``{"tournament", "name", "guild", "round", "final",
        #: "over", "discord"}``) once its last table's result is recorded: the front end
        #: announces it (the standings).
        self.listeners: list[Callable[[dict[str, Any]], Any]] = []

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    # -- tournaments
    async def create(self, guild_id: int, name: str, *, rounds: int = 3, cap: int = 32,
                     final_size: int = 4, time_control: Any = None,
                     signup_until: float | None = None, variant: str = "basic",
                     auto: bool = True, by_user: int | None = None) -> dict[str, Any]:
        """A tournament on a server, open for sign-up (until ``signup_until``, seconds since
        the epoch, or the first round; at most ``cap`` people). ``rounds`` Swiss rounds, then
        a final table of the ``final_size`` best. ``auto``: from round 2 on, each round is
        due as soon as the last result of the one before is recorded (the front end starts
        it: :meth:`due`); else a manager starts each. Returns :meth:`tournament`'s dict."""
        clean = " ".join(str(name).split())[:MAX_NAME]
        if not clean:
            raise Refusal(refusals.BAD_REQUEST, "A tournament needs a name.", "bad_name")
        if type(rounds) is not int or not 1 <= rounds <= MAX_ROUNDS:
            raise Refusal(refusals.BAD_REQUEST, f"A tournament has 1 to {MAX_ROUNDS} rounds "
                          "before its final.", "bad_event_rounds", min=1, max=MAX_ROUNDS)
        if type(cap) is not int or not MIN_CAP <= cap <= MAX_CAP:
            raise Refusal(refusals.BAD_REQUEST, f"The cap is {MIN_CAP} to {MAX_CAP} people.",
                          "bad_cap", min=MIN_CAP, max=MAX_CAP)
        if final_size not in FINAL_SIZES:
            raise Refusal(refusals.BAD_REQUEST, "The final table has 3, 4 or 5 seats.",
                          "bad_final", sizes=list(FINAL_SIZES))
        if variant not in VARIANTS:
            raise Refusal(refusals.BAD_REQUEST, "The variant must be basic or advanced.",
                          "bad_variant", variants=list(VARIANTS))
        if type(auto) is not bool:
            raise Refusal(refusals.BAD_REQUEST, "Automatic rounds are on or off.", "bad_auto")
        now = self.clock()
        if signup_until is not None and not (isinstance(signup_until, int | float)
                                             and now < signup_until < now + 366 * 86400):
            raise Refusal(refusals.BAD_REQUEST, "The sign-up must end within a year.",
                          "bad_signup")
        tc = rules.parse_time_control(time_control)  # raises bad_time_control
        if any(lg.name.casefold() == clean.casefold()
               for lg in await self.store.leagues(guild_id, kind=None)):
            raise Refusal(TOURNAMENT_EXISTS, f"There is already a league or tournament named "
                          f"{clean}.", name=clean)
        settings: dict[str, Any] = {
            "rounds": rounds, "cap": cap, "final_size": final_size, "time_control": tc,
            "signup_until": signup_until, "points": normalise_points(None, "mixed"),
            "tie_breaks": list(TIE_BREAKS_ORDER), "variant": variant, "auto": auto,
            "discord": {}}
        assert all(tb in TIE_BREAKS for tb in TIE_BREAKS_ORDER)
        try:
            tid, _ = await self.store.create_league(
                LeagueRecord(0, guild_id, clean, settings, by_user, now, TOURNAMENT),
                SeasonRecord(0, 0, 1, "open", now))
        except StorageError as exc:  # pragma: no cover - a race on the unique name
            raise Refusal(TOURNAMENT_EXISTS, str(exc), name=clean) from None
        return await self.tournament(tid)

    async def tournaments(self, guild_id: int) -> list[dict[str, Any]]:
        return [await self.tournament(lg.id)
                for lg in await self.store.leagues(guild_id, kind=TOURNAMENT)]

    async def find(self, guild_id: int, name: str) -> int:
        """A tournament's id by name (case-insensitive) on a server; ``not_found`` otherwise."""
        wanted = " ".join(str(name).split()).casefold()
        for lg in await self.store.leagues(guild_id, kind=TOURNAMENT):
            if lg.name.casefold() == wanted:
                return lg.id
        raise Refusal(refusals.NOT_FOUND, f"There is no tournament named {str(name)[:MAX_NAME]}.",
                      "no_tournament", name=str(name)[:MAX_NAME])

    async def tournament(self, tournament_id: int) -> dict[str, Any]:
        """``{"id", "guild", "name", "settings", "status" (open, active, finished),
        "rounds_started", "round_open", "entrants": [{"user", "name", "active"}]}``."""
        lg, season = await self._event(tournament_id)
        members = await self.store.members(season.id)
        rounds = await self.store.rounds(season.id)
        tables = await self.store.league_tables(season.id)
        return {"id": lg.id, "guild": lg.guild_id, "name": lg.name,
                "settings": dict(lg.settings), "status": season.status,
                "rounds_started": len(rounds),
                "round_open": any(t.result is None for t in tables),
                "total_rounds": int(lg.settings["rounds"]) + 1,
                "entrants": [{"user": m.user_id, "name": m.name, "active": m.active}
                             for m in members]}

    async def _event(self, tournament_id: int) -> tuple[LeagueRecord, SeasonRecord]:
        found = await self.store.leagues(league_id=tournament_id, kind=TOURNAMENT)
        if not found:
            raise Refusal(refusals.NOT_FOUND, "There is no such tournament.", "no_tournament",
                          name=str(tournament_id))
        return found[0], (await self.store.seasons(tournament_id))[0]

    async def set_discord(self, tournament_id: int, values: Mapping[str, Any]) -> None:
        """Where the front end announces the event (a channel's ids), kept in its settings."""
        async with self._lock(tournament_id):
            lg, _ = await self._event(tournament_id)
            settings = {**lg.settings, "discord": {**lg.settings.get("discord", {}),
                                                   **dict(values)}}
            await self.store.save_league(replace(lg, settings=settings))

    # -- entrants
    async def join(self, tournament_id: int, user_id: int, name: str) -> dict[str, Any]:
        """Sign up, while the sign-up is open and below the cap."""
        clean = " ".join(str(name).split())[:MAX_NAME] or str(user_id)
        async with self._lock(tournament_id):
            lg, season = await self._event(tournament_id)
            until = lg.settings.get("signup_until")
            if season.status != "open":
                raise Refusal(SIGNUP_CLOSED, "The tournament has started.", "started",
                              name=lg.name)
            if until is not None and self.clock() >= float(until):
                raise Refusal(SIGNUP_CLOSED, "The sign-up has ended.", "deadline",
                              name=lg.name)
            known = {m.user_id: m for m in await self.store.members(season.id)}
            if user_id in known and known[user_id].active:
                raise Refusal(ALREADY_ENTERED, "You are signed up already.", name=lg.name)
            cap = int(lg.settings["cap"])
            if sum(1 for m in known.values() if m.active) >= cap:
                raise Refusal(TOURNAMENT_FULL, "The tournament is full.", name=lg.name, cap=cap)
            old = known.get(user_id)
            await self.store.set_member(
                replace(old, name=clean, active=True) if old is not None
                else MemberRecord(season.id, user_id, clean, True, self.clock()))
            count = sum(1 for m in known.values() if m.active) + 1
            return {"tournament": lg.id, "name": lg.name, "user": user_id, "count": count,
                    "cap": cap}

    async def withdraw(self, tournament_id: int, user_id: int) -> dict[str, Any]:
        """Withdraw ``user_id`` (themselves, or a manager's call): before the first round they
        leave the sign-up; afterwards they are not seated again, each of their games still
        running is conceded (the AI finishes it in their seat; they take that table's last
        place) and their results so far stay in the standings. Returns ``{"tournament",
        "name", "user", "conceded": [game ids], "started"}``."""
        async with self._lock(tournament_id):
            lg, season = await self._event(tournament_id)
            if season.status == "finished":
                raise Refusal(TOURNAMENT_OVER, "The tournament is over.", name=lg.name)
            member = next((m for m in await self.store.members(season.id)
                           if m.user_id == user_id), None)
            if member is None or not member.active:
                raise Refusal(NOT_ENTERED, "Not in this tournament.", name=lg.name)
            await self.store.set_member(replace(member, active=False))
            conceded = []
            for t in await self.store.league_tables(season.id):
                if t.result is not None or t.game_id is None:
                    continue
                if not any(s.get("user") == user_id for s in t.seats):
                    continue
                try:
                    await self.games.concede(t.game_id, user_id)
                    conceded.append(t.game_id)
                except Refusal as exc:  # a stand-in's seat (an AI already), or it just ended
                    log.info("withdrawal from game %d: %s", t.game_id, exc.code)
            return {"tournament": lg.id, "name": lg.name, "user": user_id,
                    "conceded": conceded, "started": season.status != "open"}

    # -- rounds
    async def start_round(self, tournament_id: int, by_user: int | None = None, *,
                          seed: int | None = None, seating_rule: str = "swiss"
                          ) -> dict[str, Any]:
        """A manager starts the next round: round 1 seats the entrants balanced by rating
        (:func:`bot.league.seating.seat`), the later Swiss rounds by standing
        (:func:`bot.league.swiss.swiss_seat`), the last round is the final table of the best
        ``final_size`` still in; a lone person left takes a bye. Each table's rated, hint-free
        game is created and started. ``seating_rule`` "random" (the simulation's yardstick)
        draws the Swiss rounds' tables at random. Returns ``{"tournament", "name", "round",
        "total_rounds", "final", "tables": [{"table_id", "number", "game_id", "seats",
        "ai"}], "byes": [{"user", "name"}], "repeats", "spread"}`` — the front end opens a
        thread per game."""
        async with self._lock(tournament_id):
            lg, season = await self._event(tournament_id)
            st = lg.settings
            total = int(st["rounds"]) + 1
            if season.status == "finished":
                raise Refusal(TOURNAMENT_OVER, "The tournament is over.", name=lg.name)
            rounds = await self.store.rounds(season.id)
            tables = await self.store.league_tables(season.id)
            open_tables = [t.number for t in tables if t.result is None]
            if open_tables:
                raise Refusal(ROUND_OPEN, "Some games of the current round are still being "
                              "played.", tables=open_tables, round=len(rounds))
            number = len(rounds) + 1
            if number > total:  # pragma: no cover - the final's result finishes the event
                raise Refusal(TOURNAMENT_OVER, "The tournament is over.", name=lg.name)
            members = await self.store.members(season.id)
            active = [m.user_id for m in members if m.active]
            least = seating.MIN_TABLE if number == 1 else 1
            if len(active) < least:
                raise Refusal(TOO_FEW_ENTRANTS, f"A round needs at least {least} players.",
                              count=len(active), min=least)
            ratings = {r.user_id: (r.mu, r.sigma)
                       for r in await self.store.ratings(lg.guild_id)}
            rows = standings_rows(members, tables, ratings, st)
            ranked = [r["user"] for r in rows if r["active"]]
            ranked += [u for u in active if u not in ranked]  # nobody played yet
            positions = {r["user"]: float(r["position"]) for r in rows}
            history = seating.history_of(
                [p["user"] for p in t.seats if p.get("user") is not None] for t in tables)
            rnd_seed = seed if seed is not None else round_seed(lg.id, number)
            final = number == total
            if final:
                plan = swiss.swiss_seat(swiss.finalists(ranked, set(active),
                                                        int(st["final_size"])), positions)
            elif number == 1:
                plan = await asyncio.to_thread(
                    seating.seat, ranked, "mixed",
                    ratings={u: ordinal(*ratings[u]) if u in ratings else 0.0
                             for u in ranked}, seed=rnd_seed)
                plan.spread = 0.0  # everyone stands equal before the first round
            elif seating_rule == "random":
                plan = swiss.random_seat(ranked, positions, history=history,
                                          seed=rnd_seed)
            else:
                plan = await asyncio.to_thread(swiss.swiss_seat, ranked, positions,
                                               history=history, seed=rnd_seed)
            names = {m.user_id: m.name for m in members}
            now = self.clock()
            records: list[TableRecord] = []
            async with round_games(self.games) as created:
                for k, table in enumerate(plan.tables, start=1):
                    gid, host, seats = await self._table_game(lg, number, k, table, names,
                                                              by_user)
                    created.append((gid, host))
                    records.append(TableRecord(0, season.id, number, k, gid, seats))
                byes = list(plan.meta.get("byes", []))
                for k, user in enumerate(byes, start=len(records) + 1):
                    seat = {"user": user, "name": names[user]}
                    records.append(TableRecord(0, season.id, number, k, None, [seat], [
                        {**seat, "seat": None, "place": 1, "points": BYE_POINTS,
                         "total": None, "coins": None, "last": False, "win": False,
                         swiss.BYE: True}]))
                ids = await self.store.create_round(
                    RoundRecord(season.id, number, now, by_user), records)
            out = {"tournament": lg.id, "name": lg.name, "round": number,
                   "total_rounds": total, "final": final, "repeats": plan.repeats,
                   "spread": round(plan.spread, 3),
                   "tables": [{"table_id": i, "number": t.number, "game_id": t.game_id,
                               "seats": [{"user": s["user"], "name": s["name"]}
                                         for s in t.seats],
                               "ai": sum(1 for s in t.seats if s.get("filler"))}
                              for i, t in zip(ids, records, strict=True)
                              if t.game_id is not None],
                   "byes": [{"user": u, "name": names[u]} for u in byes]}
        if not created:  # only byes: the round is over at once
            await self._round_over(lg.id, number)
        return out

    def _stands_in(self, user: int) -> bool:
        if isinstance(self.stand_ins, bool):
            return self.stand_ins
        return user in self.stand_ins

    async def _table_game(self, lg: LeagueRecord, rnd: int, number: int,
                          table: seating.Table, names: Mapping[int, str], by_user: int | None
                          ) -> tuple[int, int, list[dict[str, Any]]]:
        """One table's game in its lobby: the people, their stand-ins and the AI fillers, as
        a league table's (``options["league"]``: the access policy, the recorder and the
        reviews treat it as one). Returns the game id, its host and the table's seats."""
        st = lg.settings
        options = {"guild": lg.guild_id, "tournament": True,
                   "league": {"league": lg.id, "season": 1, "round": rnd, "table": number}}
        people = [u for u in table.people if not self._stands_in(u)]
        stood = [u for u in table.people if self._stands_in(u)]
        host = people[0] if people else (by_user if by_user is not None else 0)
        gid = await self.games.create(host, names[host] if people else None, seats=table.size,
                                      variant=st["variant"], rated=True, hints=False,
                                      options=options, time_control=st.get("time_control"))
        seats: list[dict[str, Any]] = [{"user": host, "name": names[host]}] if people else []
        for u in people[1:]:
            await self.games.join(gid, u, names[u])
            seats.append({"user": u, "name": names[u]})
        taken: set[str] = set()
        for u in stood:
            await self.games.add_ai(gid, self.ai_level)
            snap = await self.games.load(gid)
            name = next(s.name for s in reversed(snap.record.seats)
                        if s.ai_level is not None and s.name not in taken)
            taken.add(name)
            seats.append({"user": u, "name": names[u], "seat_name": name})
        for _ in range(table.ai):
            await self.games.add_ai(gid, self.ai_level)
        if table.ai:
            snap = await self.games.load(gid)
            seats += [{"user": None, "name": s.name, "filler": True}
                      for s in snap.record.seats if s.ai_level is not None
                      and s.name not in taken]
        return gid, host, seats

    # -- results
    async def recorded(self, game_id: int, written: Mapping[str, Any] | None = None) -> None:
        """The recorder's listener: a table's result was written; at the end of its round
        the listeners hear of it (and the event finishes after its final)."""
        if written is not None and not written.get("league"):
            return
        found = await self.store.league_tables(game_id=game_id)
        if not found:
            return
        rec = await self.games.record(game_id)
        tid = (rec.options.get("league") or {}).get("league")
        if not rec.options.get("tournament") or not isinstance(tid, int):
            return
        await self._round_over(tid, found[0].round)

    async def _round_over(self, tournament_id: int, number: int) -> None:
        async with self._lock(tournament_id):
            lg, season = await self._event(tournament_id)
            tables = [t for t in await self.store.league_tables(season.id) if t.round == number]
            if any(t.result is None for t in tables):
                return
            if int(lg.settings.get("rounds_over", 0)) >= number:
                return  # told already (two tables ending at once)
            lg = replace(lg, settings={**lg.settings, "rounds_over": number})
            await self.store.save_league(lg)
            total = int(lg.settings["rounds"]) + 1
            over = number >= total
            if over and season.status != "finished":
                await self._finish(lg, season)
        event = {"tournament": lg.id, "name": lg.name, "guild": lg.guild_id, "round": number,
                 "total_rounds": total, "final": number == total, "over": over,
                 "next_due": not over and bool(lg.settings.get("auto")),
                 "discord": dict(lg.settings.get("discord") or {})}
        for callback in list(self.listeners):
            try:
                got = callback(event)
                if asyncio.iscoroutine(got):
                    await got
            except Exception:
                log.exception("tournament listener failed on round %d of %d", number,
                              tournament_id)

    async def _finish(self, lg: LeagueRecord, season: SeasonRecord) -> None:
        rows = await self._standings(lg, season)
        podium = [r for r in rows if r["position"] <= 3 and r["games"]]
        await self.store.archive_season(season.id, rows, podium, self.clock())

    async def catch_up(self) -> int:
        """Finish every tournament whose final has its result but was not archived (a stop
        between the two writes); returns how many."""
        done = 0
        for lg in await self.store.leagues(kind=TOURNAMENT):
            season = (await self.store.seasons(lg.id))[0]
            if season.status != "active":
                continue
            tables = await self.store.league_tables(season.id)
            final = [t for t in tables if t.round == int(lg.settings["rounds"]) + 1]
            if final and all(t.result is not None for t in final):
                async with self._lock(lg.id):
                    await self._finish(lg, season)
                done += 1
        return done

    async def due(self) -> list[int]:
        """The tournaments whose next round is due and not started: automatic rounds, the
        last round's results all recorded, rounds left (start-up: the bot may have stopped
        between a round's end and the next's start)."""
        found = []
        for lg in await self.store.leagues(kind=TOURNAMENT):
            if not lg.settings.get("auto"):
                continue
            season = (await self.store.seasons(lg.id))[0]
            if season.status != "active":
                continue
            rounds = await self.store.rounds(season.id)
            tables = await self.store.league_tables(season.id)
            if (rounds and len(rounds) < int(lg.settings["rounds"]) + 1
                    and all(t.result is not None for t in tables)):
                found.append(lg.id)
        return found

    async def standings(self, tournament_id: int) -> list[dict[str, Any]]:
        """The standings (after the final: the final order, as archived)."""
        lg, season = await self._event(tournament_id)
        if season.status == "finished":
            archived = await self.store.season_archive(season.id)
            if archived is not None:
                return archived[0]
        return await self._standings(lg, season)

    async def _standings(self, lg: LeagueRecord, season: SeasonRecord
                         ) -> list[dict[str, Any]]:
        ratings = {r.user_id: (r.mu, r.sigma) for r in await self.store.ratings(lg.guild_id)}
        return standings_rows(await self.store.members(season.id),
                              await self.store.league_tables(season.id), ratings, lg.settings)

    async def tables(self, tournament_id: int) -> list[TableRecord]:
        """Every table of the event (the CSV of results)."""
        _, season = await self._event(tournament_id)
        return await self.store.league_tables(season.id)
