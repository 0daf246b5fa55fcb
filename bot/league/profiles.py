"""A person's figures on one server, from the stored log (docs/leagues.md, "Profiles and
reliability"). Nothing here imports Discord.

Two layers:

* **Pure** (run in a thread, never on the event loop): :func:`game_facts` replays ONE stored
  finished game (``hadara.save``) and keeps what the figures need of each person's seat
  (:class:`SeatFacts`); :func:`profile_of` and :func:`reliability_of` add up the facts of a
  server's games for one person; :func:`rating_histories` replays a server's rated results.
* **Cached** (:class:`Profiles`): the facts of every finished game, computed once per game and
  kept while the game stays finished (the store's finished set is listed on every call; only
  games new to it are loaded and replayed, in one thread job; a game that left the set — a
  repair — is forgotten), and each server's rating histories, kept while its rated results
  are the same. A profile of a 200-game season is then a listing, a read of the server's rated
  results and a sum over 200 small records (bench/profiles.py).

The definitions (each figure's, docs/leagues.md says them in words):

* A game **counts** for a server when it is ``finished``, its server (``record.discord["guild"]``
  or ``record.options["guild"]``) is that server, and it is neither a learning game
  (``options["learn"]``) nor a practice fork (``options["fork"]``); a person's games are the
  counted games where a seat is theirs (``SeatRecord.user_id``). Abandoned games count nowhere.
* A seat was **handed to the AI** when it conceded, or is ``ai_takeover`` at the end, or has a
  row written by an AI (``submitted_by`` ``ai:<level>``: only after a takeover or a
  concession), or had more than half of its unforced decisions made by a machine (deadlines and
  AI: ``ratings.AI_MAJORITY``, the seats ratings rank last). Otherwise the game was **finished
  in their own seat**.
* **Vacations** declared in advance never count against anyone: a deadline cannot pass while
  the clocks are paused (the timers are pushed by the vacation), so no strike nor takeover by
  strikes happens then; a takeover whose first AI row lies inside one of the person's
  vacations (a vote) is **excused**: the game leaves the finish rate entirely; and a vacation's
  time inside a decision is not counted in its time to move.
* **Time to move**: for each of the person's own rows (``user:<id>``, not an undo, still in
  force at the end), ``at`` minus the time its decision opened minus their vacation time in
  between. A decision **opens** at the ``at`` of the row whose replay gave the seat a new
  decision id (the engine's ``decision_ids``): the previous player's move, the reveal of a
  simultaneous round (the round's last pick), the seat's own previous row in a multi-step
  turn, a forced or an AI row. So in a simultaneous round every seat is timed from the round's
  opening, not from the others' picks; a pick changed before the reveal is stored once, with the
  time of its last change (the log keeps the last pick only), and is timed to that. The
  decisions that opened at the game's start are not timed: the start time is not in the log.
* **Deadlines met** (timed games): the person's own rows against the rows the service wrote
  for their seat when a deadline passed (``submitted_by`` ``deadline``).
"""

from __future__ import annotations

import asyncio
import statistics
from array import array
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.service.reliability import NEW_BELOW, Reliability, server_of
from bot.service.timecontrol.rules import paused
from bot.storage.base import FINISHED, DamagedRecord, RatedResult, StoredGame, Vacation
from bot.storage.content import Catalogs
from hadara import save, scoring
from hadara.content import COLOURS, Catalog
from hadara.engine import UNDO, Game
from hadara.errors import HadaraError

from .ratings import AI_MAJORITY, ordinal, rate, result_ranks

#: the rivals a profile lists
RIVALS = 5
#: the two kinds of games move times are split by: no time control, and a time control
#: (``options["time_control"]``, a per-decision deadline or a time bank: the multi-day games)
LIVE, TIMED = "live", "timed"
KINDS = (LIVE, TIMED)


# ------------------------------------------------------------------ one game's facts (pure)

@dataclass(frozen=True)
class SeatFacts:
    """What the figures need of one person's seat in one finished game."""

    seat: int
    user: int
    name: str
    conceded: bool
    handed: bool  # handed to the AI (conceded, taken over, an AI row, machine majority)
    excused: bool  # handed to the AI by a takeover that began during their vacation
    win: bool  # a G2 winner and not ranked last (as ratings' ``win``)
    last: bool  # ranked last (conceded, or machine majority), as ratings rank it
    rank: int  # among the game's people (ratings' finishing order; shared ranks)
    total: int
    moves: array[float]  # seconds to move of their timed rows (vacations taken out)
    answered: int  # their own rows (unforced decisions they made themselves)
    expired: int  # rows written for their seat by a passed deadline
    colours: tuple[tuple[str, int], ...]  # cards bought per colour (``game.ncol``)
    scores: tuple[tuple[str, int], ...] = ()  # points per scoring category (``scoring``)

    @property
    def own_finish(self) -> bool:
        return not self.handed


@dataclass(frozen=True)
class GameFacts:
    game_id: int
    guild: int | None  # None: no server (never counted)
    counted: bool  # finished, not a learning game nor a practice fork
    kind: str  # LIVE or TIMED
    finished_at: float  # the record's updated_at
    seats: tuple[SeatFacts, ...]  # the people's seats only


def _machine(by: str) -> bool:
    return not by.startswith("user:") and by != "forced"


def game_facts(stored: StoredGame, catalog: Catalog | None,
               vacations: Mapping[int, Sequence[Vacation]] | None = None) -> GameFacts | None:
    """The facts of a stored finished game (None: not finished, or its log does not replay).
    ``vacations`` are the people's (by user id), for the excuse and the move times. Pure."""
    rec = stored.record
    if rec.status != FINISHED or rec.setup is None:
        return None
    vacations = vacations or {}
    kind = TIMED if rec.options.get("time_control") else LIVE
    counted = not rec.options.get("learn") and not rec.options.get("fork")
    base = GameFacts(rec.id, server_of(rec.options, rec.discord), counted, kind,
                     float(rec.updated_at), ())
    people = {s.seat: s for s in rec.seats if s.user_id is not None}
    if not counted or not people:
        return base
    try:
        game = save.from_parts(rec.setup, rec.seed, [], content_version=rec.content_version,
                               rules_version=rec.rules_version, catalog=catalog)
        timed = _replay(game, stored)
    except (save.BadSave, HadaraError):
        return None
    if not game.is_over:
        return None
    n = len(rec.seats)
    person, machine, expired = [0] * n, [0] * n, [0] * n
    first_ai: list[float | None] = [None] * n
    for row in stored.actions:
        if row.seat >= n:
            continue
        if row.submitted_by.startswith("user:"):
            person[row.seat] += 1
        elif _machine(row.submitted_by):
            machine[row.seat] += 1
            if row.submitted_by == "deadline":
                expired[row.seat] += 1
            elif row.submitted_by.startswith("ai:") and first_ai[row.seat] is None:
                first_ai[row.seat] = row.at
    share = {s: machine[s] / (person[s] + machine[s]) if person[s] + machine[s] else 0.0
             for s in range(n)}
    ranks = {r["seat"]: r for r in result_ranks(game, rec.seats, share)}
    seats = []
    for s, sr in sorted(people.items()):
        user = int(sr.user_id)  # type: ignore[arg-type]
        away = vacations.get(user, ())
        handed = bool(sr.conceded or sr.ai_takeover or first_ai[s] is not None
                      or share[s] > AI_MAJORITY)
        began = first_ai[s]
        excused = (handed and not sr.conceded and began is not None
                   and any(v.start <= began < v.end for v in away))
        moves = array("d", (max(0.0, at - opened - paused(away, opened, at))
                            for opened, at in timed.get(s, ())))
        r = ranks[s]
        seats.append(SeatFacts(
            seat=s, user=user, name=sr.name, conceded=bool(sr.conceded), handed=handed,
            excused=excused, win=bool(r["win"]), last=bool(r["last"]), rank=int(r["rank"]),
            total=int(r["total"]), moves=moves, answered=person[s], expired=expired[s],
            colours=tuple((c, k) for c, k in game.ncol[s].items() if k),
            scores=tuple((k, int(v)) for k, v in scoring.breakdown(game, s).items()
                         if k in scoring.CATEGORIES)))
    return GameFacts(rec.id, base.guild, True, kind, base.finished_at, tuple(seats))


def _replay(game: Game, stored: StoredGame) -> dict[int, list[tuple[float, float]]]:
    """Replay the log on ``game`` (at its start); per seat, ``(opened, at)`` of each of its
    own rows (``user:``) still in force at the end, whose decision opened after the start."""
    ids = list(game.decision_ids)
    opened: list[float | None] = [None] * game.n
    spans: list[tuple[int, int, float, float]] = []  # (seq, seat, opened, at)
    for row in stored.actions:
        seat, action = row.seat, row.action
        start = opened[seat] if 0 <= seat < game.n else None
        game.apply(seat, action)
        if (start is not None and row.submitted_by.startswith("user:")
                and action.get("type") != UNDO):
            spans.append((row.seq, seat, start, row.at))
        now = game.decision_ids
        for s in range(game.n):
            if now[s] is not None and now[s] != ids[s]:
                opened[s] = row.at
        ids = list(now)
    force = set(game.effective_log())
    out: dict[int, list[tuple[float, float]]] = {}
    for seq, seat, start, at in spans:
        if seq in force:
            out.setdefault(seat, []).append((start, at))
    return out


# ------------------------------------------------------------------ figures (pure)

@dataclass(frozen=True)
class Rival:
    """Someone the person played on the server: games together and who finished ahead (by
    the ratings' finishing order; ``games - ahead - behind`` were shared places)."""

    user: int
    name: str
    games: int
    ahead: int  # games the person finished ahead of this rival
    behind: int  # games this rival finished ahead


@dataclass(frozen=True)
class RatingPoint:
    game_id: int
    finished_at: float
    rating: float  # the display rating (ordinal) after this result


@dataclass(frozen=True)
class Profile:
    guild: int
    user: int
    name: str  # the latest name they played under on the server ("" without games)
    games: int  # counted games (finished, with a seat of theirs)
    wins: int
    finished_own: int  # of those, finished in their own seat
    excused: int  # handed to the AI during their vacation: out of the finish rate
    finish_rate: float | None  # finished_own / (games - excused)
    median_move: dict[str, float | None]  # seconds, by LIVE / TIMED
    moves: dict[str, int]  # timed rows behind each median
    deadlines_answered: int  # own decisions in timed games
    deadlines_missed: int  # decisions a passed deadline made for them
    deadlines_met: float | None  # answered / (answered + missed)
    colours: tuple[tuple[str, int], ...]  # cards bought per colour, most first
    rivals: tuple[Rival, ...]  # the RIVALS people played most, most first
    best_game: int | None  # the game id (a replay), see docs/leagues.md
    rating_history: tuple[RatingPoint, ...] = ()
    new: bool = field(default=True)
    mean_score: float | None = None  # mean final score of their counted games
    mean_by_category: tuple[tuple[str, float], ...] = ()  # in ``scoring.CATEGORIES`` order

    @property
    def reliability(self) -> Reliability:
        return Reliability(self.user, self.games, self.new, self.finish_rate,
                           dict(self.median_move), self.deadlines_met)


def _mine(games: Iterable[GameFacts], guild: int, user: int
          ) -> list[tuple[GameFacts, SeatFacts]]:
    out = []
    for g in games:
        if not g.counted or g.guild != guild:
            continue
        for s in g.seats:
            if s.user == user:
                out.append((g, s))
                break  # one seat per person and game
    return sorted(out, key=lambda gs: (gs[0].finished_at, gs[0].game_id))


def _figures(mine: list[tuple[GameFacts, SeatFacts]]) -> dict[str, Any]:
    games = len(mine)
    excused = sum(1 for _, s in mine if s.excused)
    own = sum(1 for _, s in mine if s.own_finish)
    judged = games - excused
    times: dict[str, list[float]] = {k: [] for k in KINDS}
    answered = missed = 0
    for g, s in mine:
        times[g.kind].extend(s.moves)
        if g.kind == TIMED:
            answered += s.answered
            missed += s.expired
    return {
        "games": games, "excused": excused, "finished_own": own,
        "finish_rate": own / judged if judged else None,
        "median_move": {k: float(statistics.median(v)) if v else None
                        for k, v in times.items()},
        "moves": {k: len(v) for k, v in times.items()},
        "deadlines_answered": answered, "deadlines_missed": missed,
        "deadlines_met": answered / (answered + missed) if answered + missed else None,
        "new": games < NEW_BELOW,
    }


def reliability_of(games: Iterable[GameFacts], guild: int, user: int) -> Reliability:
    """A person's reliability on ``guild`` from the facts of the finished games. Pure."""
    f = _figures(_mine(games, guild, user))
    return Reliability(user, f["games"], f["new"], f["finish_rate"], f["median_move"],
                       f["deadlines_met"])


def profile_of(games: Iterable[GameFacts], guild: int, user: int,
               history: Sequence[RatingPoint] = ()) -> Profile:
    """A person's profile on ``guild`` from the facts of the finished games (all servers'
    may be given: only ``guild``'s count) and their rating history there. Pure."""
    mine = _mine(games, guild, user)
    f = _figures(mine)
    colours: Counter[str] = Counter()
    points: Counter[str] = Counter()
    met: dict[int, list[int]] = {}  # rival -> [games, ahead, behind]
    names: dict[int, str] = {}
    best: tuple[Any, ...] | None = None
    name = ""
    for g, s in mine:
        name = s.name
        colours.update(dict(s.colours))
        points.update(dict(s.scores))
        for o in g.seats:
            if o.user == user:
                continue
            row = met.setdefault(o.user, [0, 0, 0])
            row[0] += 1
            row[1] += s.rank < o.rank
            row[2] += o.rank < s.rank
            names[o.user] = o.name
        if s.own_finish:
            key = (s.win, s.total, g.finished_at, g.game_id)
            if best is None or key > best:
                best = key
    order = sorted(colours.items(), key=lambda kv: (-kv[1], COLOURS.index(kv[0])
                                                    if kv[0] in COLOURS else 99, kv[0]))
    rivals = sorted(met.items(), key=lambda kv: (-kv[1][0], kv[0]))[:RIVALS]
    return Profile(
        guild=guild, user=user, name=name, games=f["games"],
        wins=sum(1 for _, s in mine if s.win), finished_own=f["finished_own"],
        excused=f["excused"], finish_rate=f["finish_rate"], median_move=f["median_move"],
        moves=f["moves"], deadlines_answered=f["deadlines_answered"],
        deadlines_missed=f["deadlines_missed"], deadlines_met=f["deadlines_met"],
        colours=tuple(order),
        rivals=tuple(Rival(u, names[u], *row) for u, row in rivals),
        best_game=None if best is None else int(best[3]),
        rating_history=tuple(history), new=f["new"],
        mean_score=round(sum(s.total for _, s in mine) / len(mine), 2) if mine else None,
        mean_by_category=tuple((k, round(points[k] / len(mine), 2))
                               for k in scoring.CATEGORIES) if mine else ())


def rating_histories(guild: int, results: Iterable[RatedResult]
                     ) -> dict[int, list[RatingPoint]]:
    """Each person's display rating after each of the server's non-voided rated results that
    rated them, in the order ratings are replayed (``finished_at``, game id). Pure."""
    table: dict[int, Any] = {}
    out: dict[int, list[RatingPoint]] = {}
    for res in sorted(results, key=lambda r: (r.finished_at, r.game_id)):
        if res.voided or res.guild_id != guild:
            continue
        changed = rate(table, res.ranks, guild, res.finished_at)
        table.update(changed)
        for user, row in changed.items():
            out.setdefault(user, []).append(RatingPoint(
                res.game_id, res.finished_at, round(ordinal(row.mu, row.sigma), 2)))
    return out


# ------------------------------------------------------------------ the cache

def _facts_batch(games: list[StoredGame], catalogs: Mapping[str | None, Catalog],
                 vacations: Mapping[int, Sequence[Vacation]]
                 ) -> list[tuple[int, GameFacts | None]]:
    return [(s.record.id, game_facts(s, catalogs.get(s.record.content_version), vacations))
            for s in games]


class Profiles:
    """Profiles and reliability over ``store`` (its ``Catalogs`` replay older content),
    cached per finished game and per server's rated results; the replays and the sums run in
    a thread (``asyncio.to_thread``), never on the event loop."""

    def __init__(self, store: Any, catalogs: Catalogs | None = None) -> None:
        self.store = store
        self.catalogs = catalogs or Catalogs(store)
        self._facts: dict[int, GameFacts | None] = {}
        self._histories: dict[int, tuple[tuple[Any, ...], dict[int, list[RatingPoint]]]] = {}
        self._lock = asyncio.Lock()

    def forget(self, game_id: int) -> None:
        """Drop a game's facts (it will be read again if it is still finished)."""
        self._facts.pop(game_id, None)

    async def facts(self) -> list[GameFacts]:
        """The facts of every finished game: the new ones loaded and replayed (one thread
        job), the cached ones as they are; games no longer finished are forgotten."""
        async with self._lock:
            ids = await self.store.game_ids((FINISHED,))
            present = set(ids)
            for gid in [g for g in self._facts if g not in present]:
                del self._facts[gid]
            new = [g for g in ids if g not in self._facts]
            if new:
                loaded: list[StoredGame] = []
                for gid in new:
                    try:
                        stored = await self.store.load_game(gid)
                    except DamagedRecord:
                        stored = None
                    if stored is None:
                        self._facts[gid] = None
                    else:
                        loaded.append(stored)
                cats: dict[str | None, Catalog] = {}
                for s in loaded:
                    v = s.record.content_version
                    if v not in cats:
                        cats[v] = await self.catalogs.get(v)
                away: dict[int, list[Vacation]] = {}
                for v in await self.store.vacations():
                    away.setdefault(v.user_id, []).append(v)
                for gid, f in await asyncio.to_thread(_facts_batch, loaded, cats, away):
                    self._facts[gid] = f
            return [f for f in self._facts.values() if f is not None]

    async def history(self, guild: int, user: int) -> list[RatingPoint]:
        results = await self.store.rated_results(guild, include_voided=False)
        key = tuple((r.game_id, r.finished_at, r.voided) for r in results)
        cached = self._histories.get(guild)
        if cached is None or cached[0] != key:
            cached = (key, await asyncio.to_thread(rating_histories, guild, results))
            self._histories[guild] = cached
        return list(cached[1].get(user, ()))

    async def profile(self, guild: int, user: int) -> Profile:
        """A person's profile on ``guild`` (docs/leagues.md, "Profiles and reliability")."""
        games = await self.facts()
        history = await self.history(guild, user)
        return await asyncio.to_thread(profile_of, games, guild, user, history)

    async def reliability(self, guild: int, users: Iterable[int]) -> dict[int, Reliability]:
        """The reliability of each of ``users`` on ``guild`` (a lobby's, a sign-up list's)."""
        games = await self.facts()
        wanted = list(users)

        def each() -> dict[int, Reliability]:
            return {u: reliability_of(games, guild, u) for u in wanted}

        return await asyncio.to_thread(each)
