"""Ratings per server: openskill's Plackett–Luce model over rated games' finishing order.

Documentation: docs/leagues.md, "Ratings". Nothing here imports Discord.

* **Finishing order** (:func:`result_ranks`): the rated people of a game (seats with a user;
  AI seats are not rated) in the order of G2 (most points, then most coins; still tied: a
  shared rank — a shared victory is a tie for first). A seat that conceded or was played by
  the AI for most of the game (``ai_share > 0.5``) ranks last, tied with any other such seat.
* **Update** (:func:`rate`): ``PlackettLuce()`` with openskill's defaults (mu 25, sigma 25/3,
  beta 25/6, tau 25/300, kappa 1e-4), each person a one-player team, ``ranks`` as above. A game
  with fewer than two rated people counts as a game (and a win) but moves no rating.
* **Replay** (:func:`replay`): a server's ratings are a pure function of its non-voided
  results in order (``finished_at``, game id). Voiding a result, or recording one older than
  the newest, recomputes the server's ratings from scratch; that is deterministic.
* **Display rating**: the ordinal ``mu − 3·sigma`` (a conservative estimate; new players start
  at 0).
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from openskill.models import PlackettLuce

import i18n
from bot.storage.base import RatedResult, SeatRecord, Store
from bot.storage.base import Rating as RatingRow
from hadara import scoring
from hadara.content import COLOURS
from hadara.engine import Game

MODEL = PlackettLuce()  # openskill defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
MU, SIGMA = float(MODEL.mu), float(MODEL.sigma)
AI_MAJORITY = 0.5  # a seat played by the AI for more than this share of its decisions ranks last


def ordinal(mu: float, sigma: float) -> float:
    """The display rating: mu − 3·sigma."""
    return mu - 3.0 * sigma


def fresh(guild_id: int, user_id: int) -> RatingRow:
    return RatingRow(guild_id, user_id, MU, SIGMA, 0, 0, 0.0)


# ------------------------------------------------------------------ finishing order (pure)

def result_ranks(game: Game, seats: Sequence[SeatRecord],
                 ai_share: Mapping[int, float] | None = None,
                 stand_ins: Mapping[int, int] | None = None,
                 names: Mapping[int, str] | None = None) -> list[dict[str, Any]]:
    """The rated people of a finished game in finishing order (see the module docstring):
    ``[{"user", "name", "seat", "rank", "total", "coins", "last", "win"}]``, best first.

    ``stand_ins`` maps AI seats to the user they stand in for (``league-sim`` and tests): such
    a seat is rated as that user and never counts as "played by the AI". ``names`` (user →
    name) overrides the seat names."""
    ai_share = ai_share or {}
    stand_ins = stand_ins or {}
    table = scoring.scores(game)
    best = scoring.winners(game, table)
    people = []
    for s in seats:
        user = s.user_id if s.user_id is not None else stand_ins.get(s.seat)
        if user is None:
            continue
        standing_in = s.user_id is None
        last = bool(s.conceded) or (not standing_in
                                    and ai_share.get(s.seat, 0.0) > AI_MAJORITY)
        key = (1, 0, 0) if last else (0, -table[s.seat]["total"], -game.coins[s.seat])
        people.append((key, s, user, last))
    out = []
    for key, s, user, last in sorted(people, key=lambda p: (p[0], p[1].seat)):
        out.append({"user": int(user), "name": (names or {}).get(int(user), s.name),
                    "seat": s.seat,
                    "rank": 1 + sum(1 for k, *_ in people if k < key),
                    "total": table[s.seat]["total"], "coins": game.coins[s.seat],
                    "last": last, "win": (s.seat in best) and not last})
    return out


# ------------------------------------------------------------------ rating updates (pure)

def rate(current: Mapping[int, RatingRow], ranks: Sequence[Mapping[str, Any]], guild_id: int,
         at: float = 0.0) -> dict[int, RatingRow]:
    """The new ratings of a result's people (others unchanged, not returned)."""
    rows = [current.get(int(r["user"])) or fresh(guild_id, int(r["user"])) for r in ranks]
    if len(rows) >= 2:
        teams = [[MODEL.rating(mu=row.mu, sigma=row.sigma)] for row in rows]
        new = MODEL.rate(teams, ranks=[float(r["rank"]) for r in ranks])
        moved = [(float(t[0].mu), float(t[0].sigma)) for t in new]
    else:
        moved = [(row.mu, row.sigma) for row in rows]
    return {row.user_id: replace(row, mu=mu, sigma=sigma, games=row.games + 1,
                                 wins=row.wins + (1 if r.get("win") else 0), updated_at=at)
            for row, r, (mu, sigma) in zip(rows, ranks, moved, strict=True)}


def replay(guild_id: int, results: Iterable[RatedResult]) -> list[RatingRow]:
    """A server's ratings from its results (voided ones skipped), in rating order."""
    table: dict[int, RatingRow] = {}
    for res in sorted(results, key=lambda r: (r.finished_at, r.game_id)):
        if res.voided or res.guild_id != guild_id:
            continue
        table.update(rate(table, res.ranks, guild_id, res.finished_at))
    return [table[u] for u in sorted(table)]


# ------------------------------------------------------------------ the service

class Ratings:
    """Ratings and results on the store; one writer per guild at a time (an asyncio lock)."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}

    def _lock(self, guild_id: int) -> asyncio.Lock:
        return self._locks.setdefault(guild_id, asyncio.Lock())

    async def record(self, result: RatedResult) -> bool:
        """Store a rated result and update the guild's ratings, once per game (a game already
        recorded is ignored: False). A result older than the newest recorded one makes the
        guild's ratings be replayed, so the order of recording never matters."""
        guild = result.guild_id
        async with self._lock(guild):
            if await self.store.rated_result(result.game_id) is not None:
                return False
            if not result.recorded_at:
                result = replace(result, recorded_at=self.clock())
            results = await self.store.rated_results(guild, include_voided=False)
            newest = max(((r.finished_at, r.game_id) for r in results), default=None)
            if newest is not None and (result.finished_at, result.game_id) < newest:
                rows = replay(guild, [*results, result])
                return await self.store.record_result(result, rows, replace_all=True)
            current = {r.user_id: r for r in await self.store.ratings(guild)}
            changed = rate(current, result.ranks, guild, result.finished_at)
            return await self.store.record_result(result, list(changed.values()))

    async def void(self, game_id: int, by_user: int | None = None, voided: bool = True
                   ) -> list[RatingRow]:
        """An admin voids (or, with ``voided=False``, restores) a result; the guild's ratings
        are recomputed from its other results. Returns the new ratings. KeyError: no result."""
        res = await self.store.rated_result(game_id)
        if res is None:
            raise KeyError(game_id)
        async with self._lock(res.guild_id):
            results = await self.store.rated_results(res.guild_id)
            marked = [replace(r, voided=voided) if r.game_id == game_id else r for r in results]
            rows = replay(res.guild_id, marked)
            await self.store.void_result(game_id, voided, by_user, rows)
            return rows

    async def recompute(self, guild_id: int) -> list[RatingRow]:
        """Replay the guild's results and store the ratings (a repair; normally a no-op)."""
        async with self._lock(guild_id):
            rows = replay(guild_id, await self.store.rated_results(guild_id))
            await self.store.replace_ratings(guild_id, rows)
            return rows

    async def rating(self, guild_id: int, user_id: int) -> RatingRow:
        for row in await self.store.ratings(guild_id):
            if row.user_id == user_id:
                return row
        return fresh(guild_id, user_id)

    async def leaderboard(self, guild_id: int, limit: int = 10) -> list[dict[str, Any]]:
        """The best ``limit`` by display rating: ``[{"position", "user", "name", "rating",
        "mu", "sigma", "games", "wins"}]`` (ties share a position); ``name`` is the latest
        name the person played under. Each row has ``text``, a one-line fallback."""
        rows = await self.store.ratings(guild_id)
        names = _names(await self.store.rated_results(guild_id))
        ranked = sorted(rows, key=lambda r: (-ordinal(r.mu, r.sigma), -r.games, r.user_id))
        out: list[dict[str, Any]] = []
        for row in ranked[:max(0, limit)]:
            value = round(ordinal(row.mu, row.sigma), 2)
            position = (out[-1]["position"] if out and out[-1]["rating"] == value
                        else len(out) + 1)
            name = names.get(row.user_id, str(row.user_id))
            out.append({"position": position, "user": row.user_id, "name": name,
                        "rating": value, "mu": round(row.mu, 3), "sigma": round(row.sigma, 3),
                        "games": row.games, "wins": row.wins})
            out[-1]["text"] = board_line(out[-1])
        return out

    async def profile(self, guild_id: int, user_id: int,
                      load: Callable[[int], Any] | None = None) -> dict[str, Any]:
        """A person's profile on a server: rating (``mu``, ``sigma``, display ``rating``),
        ``games``, ``wins``, ``mean_score`` and ``mean_by_category`` (the G1 categories),
        ``favourite_colours`` (card colours most bought, best first) — the last three from
        the stored finished games (non-voided results) replayed. ``load(game_id)`` is an
        awaitable giving the finished ``Game`` (default: :func:`load_finished`)."""
        row = await self.rating(guild_id, user_id)
        results = [r for r in await self.store.rated_results(guild_id, include_voided=False)
                   if any(p["user"] == user_id for p in r.ranks)]
        loader = load or (lambda gid: load_finished(self.store, gid))
        totals: Counter[str] = Counter()
        colours: Counter[str] = Counter()
        counted = 0
        for res in results:
            seat = next(p["seat"] for p in res.ranks if p["user"] == user_id)
            game = await loader(res.game_id)
            if game is None:
                continue
            counted += 1
            totals.update(scoring.breakdown(game, seat))
            colours.update({c: n for c, n in game.ncol[seat].items() if n})
        mean = {k: round(totals[k] / counted, 2) for k in (*scoring.CATEGORIES, "total")
                } if counted else {}
        favourite = [c for c, _ in sorted(colours.items(),
                                          key=lambda kv: (-kv[1], COLOURS.index(kv[0])
                                                          if kv[0] in COLOURS else 99))]
        name = _names(results).get(user_id, str(user_id))
        out: dict[str, Any] = {
            "guild": guild_id, "user": user_id, "name": name, "mu": round(row.mu, 3),
            "sigma": round(row.sigma, 3), "rating": round(ordinal(row.mu, row.sigma), 2),
            "games": row.games, "wins": row.wins,
            "mean_score": mean.get("total"),
            "mean_by_category": {k: mean[k] for k in scoring.CATEGORIES} if mean else {},
            "favourite_colours": favourite[:3],
        }
        out["text"] = profile_line(out)
        return out


def _number(value: Any) -> int | float:
    """A count as a number the catalogs pluralise by: whole values as integers ("1 pt", not
    "1.0 pts")."""
    number = float(value)
    return int(number) if number.is_integer() else number


def board_line(row: Mapping[str, Any], locale: str | None = None) -> str:
    """One row of :meth:`Ratings.leaderboard` (or of ``LeagueService.standings``: it has
    ``points``) as a line of text in ``locale`` (None: the current language)."""
    lang = locale or i18n.current()
    common = {"position": int(row.get("position", 0)), "name": str(row.get("name", "")),
              "rating": float(row.get("rating", 0)), "sigma": float(row.get("sigma", 0)),
              "games": int(row.get("games", 0))}
    if "points" in row:
        return i18n.translate(lang, "league.standings.line", **common,
                              points=_number(row["points"]),
                              opponents=_number(row.get("opponents", 0)))
    return i18n.translate(lang, "league.leaderboard.line", **common,
                          mu=float(row.get("mu", 0)), wins=int(row.get("wins", 0)))


def profile_line(p: Mapping[str, Any], locale: str | None = None) -> str:
    """A :meth:`Ratings.profile` as one line of text in ``locale`` (None: the current
    language)."""
    lang = locale or i18n.current()
    args = {"name": str(p.get("name", "")), "rating": float(p.get("rating", 0)),
            "mu": float(p.get("mu", 0)), "sigma": float(p.get("sigma", 0)),
            "games": int(p.get("games", 0)), "wins": int(p.get("wins", 0))}
    mean = p.get("mean_score")
    if mean is None:
        return i18n.translate(lang, "league.profile.line", **args)
    return i18n.translate(lang, "league.profile.line_mean", **args, mean=float(mean))


def _names(results: Iterable[RatedResult]) -> dict[int, str]:
    """Each person's latest name in a list of results."""
    names: dict[int, str] = {}
    for res in sorted(results, key=lambda r: (r.finished_at, r.game_id)):
        for p in res.ranks:
            names[int(p["user"])] = str(p.get("name", p["user"]))
    return names


async def load_finished(store: Store, game_id: int) -> Game | None:
    """A stored game replayed (``hadara.save``) under the content it was created with."""
    from bot.service.content import Catalogs
    from hadara import save

    stored = await store.load_game(game_id)
    if stored is None or stored.record.setup is None:
        return None
    rec = stored.record
    cats = Catalogs(store)
    catalog = await cats.get(rec.content_version)
    return save.from_parts(rec.setup, rec.seed,
                           [{"seat": a.seat, "action": a.action} for a in stored.actions],
                           content_version=rec.content_version,
                           rules_version=rec.rules_version, catalog=catalog)
