"""Profiles and reliability (bot/league/profiles.py, docs/leagues.md "Profiles and
reliability"): a scripted season written to the store — known concessions, takeovers, missed
deadlines, re-picked simultaneous picks, a vacation, timed and untimed games, two servers, a
learning game and an abandoned one — whose figures are recomputed here independently: the move
times from the clock as the games were played (not from the stored log), the rest by plain
counting, and compared with the module's."""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.league import profiles as P
from bot.league.ratings import Ratings, ordinal, rate
from bot.storage.base import (
    ABANDONED,
    FINISHED,
    ActionRecord,
    GameRecord,
    RatedResult,
    SeatRecord,
    StoredGame,
    Vacation,
)
from hadara.content import default_catalog
from hadara.engine import RULES_VERSION, Game
from hadara.state import DRAFT, SETUP_SIDE
from tests.support.stores import StoreFactory

A, B = 1, 2  # two servers
TIMED_TC = {"kind": "deadline", "seconds": 86400.0, "reminders": [], "strikes": 3}


@dataclass
class Script:
    """One game as played: what is stored, and the truth the test keeps on the side."""

    record: GameRecord
    rows: list[ActionRecord]
    game: Game
    # truth: per seat, the seconds each own move took, by seq (a re-pick replaces its entry)
    took: dict[int, dict[int, tuple[float, float]]] = field(default_factory=dict)


def play(gid: int, users: list[int | None], *, seed: int, start: float, timed: bool = False,
         guild: int = A, deadline_first: dict[int, int] | None = None,
         ai_from: dict[int, int] | None = None, conceded: tuple[int, ...] = (),
         taken_over: tuple[int, ...] = (), options: dict[str, Any] | None = None,
         status: str = FINISHED) -> Script:
    """Play a whole game at random, writing rows as the service would: ``user:<id>`` for a
    person's own decisions, ``forced`` for one-option ones, ``deadline`` for a seat's first
    ``deadline_first[seat]`` decisions, ``ai:greedy`` from its ``ai_from[seat]``-th decision
    on (and for AI seats); now and then a committed simultaneous pick is changed."""
    rng = random.Random(seed)
    game = Game.new([f"P{u}" if u else f"AI{i}" for i, u in enumerate(users)], "basic", seed)
    rows: dict[int, ActionRecord] = {}
    now = start
    opened: list[float | None] = [None] * game.n  # when each seat's decision opened (truth)
    ids = list(game.decision_ids)
    count = [0] * game.n
    took: dict[int, dict[int, tuple[float, float]]] = {}
    deadline_first = deadline_first or {}
    ai_from = ai_from or {}
    while not game.is_over:
        ds = game.decisions()
        fresh = [d for d in ds if not d.committed]
        repick = [d for d in ds if d.committed and game.step in (DRAFT, SETUP_SIDE)
                  and users[d.seat] is not None]
        d = rng.choice(repick) if repick and rng.random() < 0.3 else rng.choice(fresh)
        s = d.seat
        now += rng.uniform(5000, 40000) if timed else rng.uniform(2, 300)
        if len(d.actions) == 1:
            by = "forced"
        elif users[s] is None:
            by = "ai:greedy"
        else:
            k = count[s]
            count[s] += 1
            if k < deadline_first.get(s, 0):
                by = "deadline"
            elif s in ai_from and k >= ai_from[s]:
                by = "ai:greedy"
            else:
                by = f"user:{users[s]}"
        res = game.apply(s, d.actions[rng.randrange(len(d.actions))], d.id)
        for i in res.logged:
            e = game.log[i]  # type: ignore[index]
            rows[i] = ActionRecord(i, e["seat"], e["action"], d.id, by, now)
            if by.startswith("user:") and opened[s] is not None:
                took.setdefault(s, {})[i] = (opened[s], now)  # type: ignore[assignment]
            elif i in took.get(s, {}):
                del took[s][i]
        for k2 in range(game.n):
            if game.decision_ids[k2] is not None and game.decision_ids[k2] != ids[k2]:
                opened[k2] = now
        ids = list(game.decision_ids)
    opts = dict(options or {})
    if timed:
        opts["time_control"] = TIMED_TC
    seats = [SeatRecord(seat=i, name=f"P{u}" if u else f"AI{i}", user_id=u,
                        ai_level=None if u else "greedy", conceded=i in conceded,
                        ai_takeover=i in taken_over) for i, u in enumerate(users)]
    assert game.setup is not None
    rec = GameRecord(id=gid, status=status, variant="basic", options=opts, created_at=start,
                     updated_at=now, content_version=default_catalog().version,
                     rules_version=RULES_VERSION, setup=game.setup.to_dict(), seed=game.seed,
                     host_user_id=users[0], seats=seats, discord={"guild": guild})
    return Script(rec, [rows[i] for i in sorted(rows)], game, took)


def season() -> list[Script]:
    """Users 101–105. The games' clocks never overlap (one day apart at least)."""
    day = 86400.0 * 30
    return [
        play(1, [101, 102, 103, None], seed=11, start=1 * day),
        play(2, [101, 102, 103, 104], seed=12, start=2 * day, timed=True,
             deadline_first={1: 2}),
        play(3, [101, 102, 104, None], seed=13, start=3 * day, timed=True,
             ai_from={0: 12}, conceded=(0,)),
        play(4, [102, 101, 103, 104], seed=14, start=4 * day, ai_from={0: 10},
             taken_over=(0,)),  # 102 taken over while away: excused (vacation below)
        play(5, [103, 101, 102, None], seed=15, start=5 * day, ai_from={0: 8},
             taken_over=(0,)),  # 103 taken over, no vacation
        play(6, [101, 102, None, None], seed=16, start=6 * day, guild=B),  # another server
        play(7, [101, None, None], seed=17, start=7 * day, options={"learn": True}),
        play(8, [101, 102, 103], seed=18, start=8 * day, status=ABANDONED),
        play(9, [104, 101, 105, 102], seed=19, start=9 * day, timed=True,
             deadline_first={0: 1, 3: 30}),  # 102: most decisions by deadline
        play(10, [101, 103, 102], seed=20, start=10 * day),
    ]


def vacation_of_102(scripts: list[Script]) -> Vacation:
    """Around the takeover of 102's seat in game 4 (its first AI row)."""
    g4 = next(s for s in scripts if s.record.id == 4)
    first = next(r.at for r in g4.rows if r.seat == 0 and r.submitted_by.startswith("ai:"))
    return Vacation(0, 102, first - 2000.0, first + 50.0)


# ------------------------------------------------------------------ the naive recomputation

def naive(scripts: list[Script], guild: int, user: int, vacations: list[Vacation]
          ) -> dict[str, Any]:
    """The figures from the scripts' truth, by hand (nothing of bot.league.profiles)."""
    out: dict[str, Any] = {"games": 0, "wins": 0, "own": 0, "excused": 0,
                           "live": [], "timed": [], "answered": 0, "missed": 0,
                           "colours": {}, "rivals": {}, "best": None}
    for sc in scripts:
        rec = sc.record
        if (rec.status != FINISHED or rec.discord.get("guild") != guild
                or rec.options.get("learn")):
            continue
        mine = [s for s in rec.seats if s.user_id == user]
        if not mine:
            continue
        seat = mine[0].seat
        out["games"] += 1
        by = [r.submitted_by for r in sc.rows if r.seat == seat]
        handed, last = {}, {}
        for s in rec.seats:
            sb = [r.submitted_by for r in sc.rows if r.seat == s.seat]
            o = sum(1 for b in sb if b.startswith("user:"))
            m = sum(1 for b in sb if b == "deadline" or b.startswith("ai:"))
            most = o + m > 0 and m / (o + m) > 0.5
            handed[s.seat] = (s.conceded or s.ai_takeover or most
                              or any(b.startswith("ai:") for b in sb))
            last[s.seat] = s.conceded or (s.user_id is not None and most)
        first_ai = next((r.at for r in sc.rows if r.seat == seat
                         and r.submitted_by.startswith("ai:")), None)
        excused = (handed[seat] and not mine[0].conceded and first_ai is not None
                   and any(v.start <= first_ai < v.end for v in vacations))
        out["excused"] += excused
        out["own"] += not handed[seat]
        # finishing: ranked last if conceded or machine majority; else points, then coins
        scores = sc.game.scores()
        key = {s: (1, 0, 0) if last[s] else (0, -scores[s]["total"], -sc.game.coins[s])
               for s in range(len(rec.seats))}
        won = seat in sc.game.winners() and not last[seat]
        out["wins"] += won
        for r in sc.rows:
            if r.seat == seat and r.seq in sc.took.get(seat, {}):
                opened, at = sc.took[seat][r.seq]
                lost = sum(max(0.0, min(v.end, at) - max(v.start, opened)) for v in vacations)
                out["timed" if rec.options.get("time_control") else "live"].append(
                    at - opened - lost)
        if rec.options.get("time_control"):
            out["answered"] += sum(1 for b in by if b.startswith("user:"))
            out["missed"] += by.count("deadline")
        for c, n in sc.game.ncol[seat].items():
            if n:
                out["colours"][c] = out["colours"].get(c, 0) + n
        for s in rec.seats:
            if s.user_id is None or s.user_id == user:
                continue
            row = out["rivals"].setdefault(s.user_id, [0, 0, 0])
            row[0] += 1
            row[1] += key[seat] < key[s.seat]
            row[2] += key[s.seat] < key[seat]
        if not handed[seat]:
            cand = (won, scores[seat]["total"], rec.updated_at, rec.id)
            out["best"] = max(out["best"] or cand, cand)
    return out


def check(p: P.Profile, want: dict[str, Any]) -> None:
    assert p.games == want["games"]
    assert p.wins == want["wins"]
    assert p.finished_own == want["own"]
    assert p.excused == want["excused"]
    judged = want["games"] - want["excused"]
    assert p.finish_rate == (pytest.approx(want["own"] / judged) if judged else None)
    for kind in ("live", "timed"):
        times = want[kind]
        assert p.moves[kind] == len(times)
        assert p.median_move[kind] == (pytest.approx(statistics.median(times))
                                       if times else None)
    assert (p.deadlines_answered, p.deadlines_missed) == (want["answered"], want["missed"])
    total = want["answered"] + want["missed"]
    assert p.deadlines_met == (pytest.approx(want["answered"] / total) if total else None)
    assert dict(p.colours) == want["colours"]
    assert [c for _, c in p.colours] == sorted((c for _, c in p.colours), reverse=True)
    rivals = sorted(want["rivals"].items(), key=lambda kv: (-kv[1][0], kv[0]))[:5]
    assert [(r.user, r.games, r.ahead, r.behind) for r in p.rivals] == [
        (u, *row) for u, row in rivals]
    assert p.best_game == (want["best"][3] if want["best"] else None)
    assert p.new == (want["games"] < 5)


async def store_season(store: Any, scripts: list[Script]) -> None:
    for sc in scripts:
        gid = await store.create_game(sc.record)
        assert gid == sc.record.id
        await store.write_actions(gid, sc.rows)


# ------------------------------------------------------------------ the tests

async def test_a_scripted_season_recomputed_independently(make_store: StoreFactory) -> None:
    scripts = season()
    vac = vacation_of_102(scripts)
    store = make_store("profiles")
    await store.open()
    try:
        await store_season(store, scripts)
        await store.add_vacation(vac)
        # two rated results on server A for the rating history
        ratings = Ratings(store, clock=lambda: 1.0)
        ranks = [[{"user": 101, "name": "P101", "seat": 0, "rank": 1, "win": True},
                  {"user": 102, "name": "P102", "seat": 1, "rank": 2, "win": False}],
                 [{"user": 102, "name": "P102", "seat": 0, "rank": 1, "win": True},
                  {"user": 101, "name": "P101", "seat": 1, "rank": 2, "win": False}]]
        for gid, r in ((1, ranks[0]), (2, ranks[1])):
            await ratings.record(RatedResult(gid, A, float(gid), r))
        profiles = P.Profiles(store)
        wins = 0
        for user in (101, 102, 103, 104, 105):
            vacs = [vac] if user == 102 else []
            want = naive(scripts, A, user, vacs)
            p = await profiles.profile(A, user)
            check(p, want)
            wins += p.wins
            rel = (await profiles.reliability(A, [user]))[user]
            assert (rel.games, rel.new, rel.finish_rate, rel.median_move, rel.deadlines_met) \
                == (p.games, p.new, p.finish_rate, p.median_move, p.deadlines_met)
        assert wins > 0
        # the other server counts only its own game
        b = await profiles.profile(B, 101)
        check(b, naive(scripts, B, 101, []))
        assert b.games == 1
        # the scripted cases landed where meant
        p101 = await profiles.profile(A, 101)
        assert p101.games == 7 and p101.finished_own == 6  # conceded game 3
        p102 = await profiles.profile(A, 102)
        assert p102.excused == 1 and p102.deadlines_missed > 0
        assert p102.finished_own == p102.games - 2  # game 4 (excused), game 9 (deadlines)
        p103 = await profiles.profile(A, 103)
        assert p103.finished_own == p103.games - 1  # taken over in game 5
        assert (await profiles.profile(A, 105)).new
        assert (await profiles.profile(A, 999)).games == 0
        # the rating history, replayed by hand
        table: dict[int, Any] = {}
        hist: dict[int, list[float]] = {}
        for gid, r in ((1, ranks[0]), (2, ranks[1])):
            changed = rate(table, r, A, float(gid))
            table.update(changed)
            for u, row in changed.items():
                hist.setdefault(u, []).append(round(ordinal(row.mu, row.sigma), 2))
        assert [h.rating for h in p101.rating_history] == hist[101]
        assert [h.game_id for h in p101.rating_history] == [1, 2]
        # the cache: a second profile reads no game again; a voided result changes history
        calls = 0
        load = store.load_game

        async def counting(gid: int) -> StoredGame | None:
            nonlocal calls
            calls += 1
            return await load(gid)

        store.load_game = counting  # type: ignore[method-assign]
        assert await profiles.profile(A, 101) == p101
        assert calls == 0
        await ratings.void(2)
        assert [h.game_id for h in (await profiles.profile(A, 101)).rating_history] == [1]
        # a game finishing later is read, once
        late = play(11, [101, 104, None, None], seed=21, start=11 * 86400.0 * 30)
        await store_season(store, [late])
        after = await profiles.profile(A, 101)
        assert calls == 1 and after.games == 8
        check(after, naive([*scripts, late], A, 101, []))
    finally:
        await store.close()


def facts_of(sc: Script, vacations: dict[int, list[Vacation]] | None = None) -> P.GameFacts:
    f = P.game_facts(StoredGame(sc.record, sc.rows), None, vacations)
    assert f is not None
    return f


def test_simultaneous_picks_are_timed_from_the_rounds_opening() -> None:
    """In a draft round each seat's pick is timed from the round's opening (the reveal of
    the round before), never from another seat's pick of the same round; a changed pick is
    timed to its last change; the picks that opened at the start are not timed."""
    sc = play(1, [1, 2, 3, 4], seed=5, start=1000.0)
    f = facts_of(sc)
    between = 0  # picks with another seat's pick of the same round stored before them
    for i, row in enumerate(sc.rows):
        if row.action["type"] == "draft" and row.seq in sc.took.get(row.seat, {}):
            opened = sc.took[row.seat][row.seq][0]
            if any(r.seat != row.seat and r.at > opened for r in sc.rows[:i]):
                between += 1
    assert between > 0
    for s in f.seats:
        truth = sorted(b - a for a, b in sc.took.get(s.seat, {}).values())
        assert sorted(s.moves) == pytest.approx(truth)
        sides = [r for r in sc.rows if r.seat == s.seat and r.action["type"] == "setup_side"]
        assert all(r.seq not in sc.took.get(s.seat, {}) for r in sides)


def test_a_conceded_seat_is_not_finished_and_never_excused() -> None:
    sc = play(1, [1, 2, 3, None], seed=7, start=0.0, ai_from={0: 5}, conceded=(0,))
    vac = {1: [Vacation(0, 1, -1.0, 1e12)]}  # away the whole time: a concession still counts
    f = facts_of(sc, vac)
    me = next(s for s in f.seats if s.user == 1)
    assert me.conceded and me.handed and not me.excused and not me.win and me.last
    others = [s for s in f.seats if s.user != 1]
    assert all(not s.handed for s in others)
    p = P.profile_of([f], A, 1)
    assert (p.games, p.finished_own, p.finish_rate) == (1, 0, 0.0)


def test_another_servers_game_and_unserved_games_are_not_counted() -> None:
    a = facts_of(play(1, [1, 2], seed=3, start=0.0, guild=A))
    b = facts_of(play(2, [1, 2], seed=4, start=0.0, guild=B))
    assert P.profile_of([a, b], A, 1).games == 1
    assert P.profile_of([a, b], B, 1).games == 1
    assert P.profile_of([a, b], 3, 1).games == 0
    assert P.server_of({"guild": 7}, {}) == 7 and P.server_of({"guild": 7}, {"guild": 8}) == 8
    assert P.server_of({}, {}) is None


def test_fewer_than_five_games_is_new_and_never_a_penalty() -> None:
    games = [facts_of(play(i, [1, 2], seed=30 + i, start=i * 1e6, ai_from={0: 3},
                           taken_over=(0,))) for i in range(4)]
    rel = P.reliability_of(games, A, 1)
    assert rel.new and rel.games == 4 and rel.finish_rate == 0.0
    assert rel.meets(0.9)  # new: never refused for its figures
    games.append(facts_of(play(9, [1, 2], seed=50, start=9e6)))
    rel = P.reliability_of(games, A, 1)
    assert not rel.new and rel.finish_rate == pytest.approx(0.2)
    assert not rel.meets(0.5) and rel.meets(0.2)


def test_learning_games_practice_forks_and_unfinished_games_have_no_facts() -> None:
    learn = play(1, [1, None], seed=3, start=0.0, options={"learn": True})
    assert not facts_of(learn).counted
    fork = play(2, [1, None], seed=3, start=0.0, options={"fork": {"game": 1}})
    assert not facts_of(fork).counted
    over = play(3, [1, 2], seed=3, start=0.0, status=ABANDONED)
    assert P.game_facts(StoredGame(over.record, over.rows), None) is None
