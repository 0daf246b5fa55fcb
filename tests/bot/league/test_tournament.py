"""Tournaments (bot/league/tournaments.py) through the real game service on every storage
backend (tests/conftest.py; docs/leagues.md "Tournaments"): sign-up with a cap, Swiss rounds,
the final, the standings and their tie-breaks, the withdrawal rule (a withdrawn person's game
is finished by the AI, their results stay, they are not seated again), byes, refusals, and
tournaments kept apart from leagues in the store (migration 0012)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Collection
from dataclasses import dataclass
from typing import Any

import pytest

from bot.league.leagues import DEFAULT_POINTS, LeagueService
from bot.league.ratings import Ratings
from bot.league.recorder import Recorder
from bot.league.seating import history_of, repeats
from bot.league.sim import InlineExecutor, SimClock
from bot.league.swiss import BYE
from bot.league.tournaments import (
    ALREADY_ENTERED,
    BYE_POINTS,
    NOT_ENTERED,
    ROUND_OPEN,
    SIGNUP_CLOSED,
    TOO_FEW_ENTRANTS,
    TOURNAMENT_EXISTS,
    TOURNAMENT_FULL,
    TOURNAMENT_OVER,
    TournamentService,
    standings_rows,
)
from bot.service.refusals import Refusal
from bot.service.service import GameService
from bot.storage.base import LEAGUE, TOURNAMENT, MemberRecord, Store, TableRecord
from tests.support.stores import StoreFactory

GUILD = 77
ADMIN = 1


@dataclass
class Env:
    store: Store
    games: GameService
    leagues: LeagueService
    recorder: Recorder
    events: TournamentService
    clock: SimClock
    heard: list[dict[str, Any]]


@pytest.fixture
async def env(make_store: StoreFactory) -> AsyncIterator[Env]:
    clock = SimClock()
    store = make_store("tournament", clock=clock)
    await store.open()
    games = GameService(store, clock=clock, ai_pool=InlineExecutor(),
                        render_pool=InlineExecutor())
    await games.open()
    ratings = Ratings(store, clock)
    leagues = LeagueService(store, games, clock, ratings=ratings)
    recorder = Recorder(games, ratings, leagues)
    events = TournamentService(store, games, clock, stand_ins=True)
    recorder.listeners.append(events.recorded)
    heard: list[dict[str, Any]] = []
    events.listeners.append(heard.append)
    await recorder.start()
    try:
        yield Env(store, games, leagues, recorder, events, clock, heard)
    finally:
        recorder.stop()
        await games.close()
        await store.close()


async def play_out(env: Env, ids: list[int]) -> None:
    for _ in range(10_000):
        await env.games.idle()
        await env.recorder.idle()
        statuses = [(await env.games.load(g)).record.status for g in ids]
        if all(st == "finished" for st in statuses):
            await env.recorder.idle()
            return
    raise AssertionError("games did not finish")


async def refused(code: str, call: Any) -> Refusal:
    with pytest.raises(Refusal) as info:
        await call
    assert info.value.code == code, info.value
    return info.value


async def sign_up(env: Env, n: int, **kw: Any) -> dict[str, Any]:
    event = await env.events.create(GUILD, "Spring open", by_user=ADMIN, **kw)
    for i in range(n):
        await env.events.join(event["id"], 100 + i, f"P{i:02d}")
    return event


async def test_sign_up_to_final(env: Env) -> None:
    event = await sign_up(env, 11, rounds=3, cap=11, final_size=4, time_control="48h")
    tid = event["id"]
    await refused(TOURNAMENT_FULL, env.events.join(tid, 999, "late"))
    await refused(ALREADY_ENTERED, env.events.join(tid, 100, "again"))
    # a tournament is no league: the league commands neither list nor find it
    assert await env.leagues.leagues(GUILD) == []
    await refused(TOURNAMENT_EXISTS, env.events.create(GUILD, "spring OPEN"))
    rounds: list[dict[str, Any]] = []
    for number in range(1, 5):
        rnd = await env.events.start_round(tid, ADMIN)
        assert rnd["round"] == number and rnd["final"] == (number == 4)
        if number == 1:
            await refused(SIGNUP_CLOSED, env.events.join(tid, 998, "late"))
            await refused(ROUND_OPEN, env.events.start_round(tid, ADMIN))
        for t in rnd["tables"]:
            rec = (await env.games.load(t["game_id"])).record
            assert rec.options["rated"] and rec.options["time_control"]["seconds"] == 48 * 3600
            assert rec.options["league"]["league"] == tid and rec.options["tournament"]
        seated = [s["user"] for t in rnd["tables"] for s in t["seats"] if s["user"]]
        if not rnd["final"]:  # 11 people: 4 + 4 + 3, nobody sits out, no AI seat
            assert sorted(seated) == list(range(100, 111)) and rnd["byes"] == []
            assert sorted(len(t["seats"]) for t in rnd["tables"]) == [3, 4, 4]
            assert all(t["ai"] == 0 for t in rnd["tables"])
        before = await env.events.standings(tid)
        await play_out(env, [t["game_id"] for t in rnd["tables"]])
        assert env.heard[-1]["round"] == number
        rounds.append({**rnd, "before": before})
    final = rounds[-1]
    # the final seats the four best of the standings after the Swiss rounds
    assert [s["user"] for s in final["tables"][0]["seats"]] and len(
        final["tables"][0]["seats"]) == 4
    top4 = {r["user"] for r in final["before"] if r["position"] <= 4}
    assert {s["user"] for s in final["tables"][0]["seats"]} == top4 or len(top4) > 4
    assert env.heard[-1]["over"] and env.heard[-1]["final"]
    info = await env.events.tournament(tid)
    assert info["status"] == "finished"
    await refused(TOURNAMENT_OVER, env.events.start_round(tid, ADMIN))
    rows = await env.events.standings(tid)
    assert [r["final"] for r in rows[:4]] == sorted(r["final"] for r in rows[:4])
    assert [r["position"] for r in rows[:4]] == [1, 2, 3, 4]
    assert all(r["final"] is None for r in rows[4:])
    assert all(r["games"] == 3 for r in rows)  # the final is not a Swiss round's points
    # the Swiss rounds' repeats are those the seating reported; at 11 people in tables of
    # 4 + 4 + 3 after one round of three tables, each table of four must repeat one pair
    # (four people from three earlier tables), the table of three need not: two, no more
    tables = await env.events.tables(tid)
    for number in (2, 3):  # each round's reported repeats: its pairs' earlier meetings
        before = history_of([s["user"] for s in t.seats] for t in tables if t.round < number)
        now = [[s["user"] for s in t.seats if s["user"]] for t in tables if t.round == number]
        assert repeats(now, before) == rounds[number - 1]["repeats"], number
    assert rounds[0]["repeats"] == 0 and rounds[1]["repeats"] == 2, rounds
    # each table's points are the league's points by place at its size
    for t in tables:
        got = sorted((r["points"] for r in t.result), reverse=True)
        assert got == [float(p) for p in DEFAULT_POINTS[len(t.seats)]] or len(
            set(r["place"] for r in t.result)) < len(t.result)


async def test_withdrawal_mid_event(env: Env) -> None:
    """Everyone but P00 is stood in for by the AI, so P00's table waits on P00 until P00
    withdraws: the AI then finishes that game in P00's seat, P00 takes that table's last
    place, keeps the standings' row (withdrawn), and is never seated again."""
    stood: Collection[int] = set(range(101, 107))
    env.events.stand_ins = stood
    event = await sign_up(env, 7, rounds=2, final_size=3)
    tid = event["id"]
    rnd = await env.events.start_round(tid, ADMIN)
    mine = next(t for t in rnd["tables"] if any(s["user"] == 100 for s in t["seats"]))
    others = [t["game_id"] for t in rnd["tables"] if t is not mine]
    await play_out(env, others)
    await env.games.idle()
    assert (await env.games.load(mine["game_id"])).record.status == "active"  # waits on P00
    assert env.heard == []  # the round is not over
    out = await env.events.withdraw(tid, 100)
    assert out["conceded"] == [mine["game_id"]] and out["started"]
    await play_out(env, [mine["game_id"]])
    table = (await env.store.league_tables(game_id=mine["game_id"]))[0]
    last = max(r["place"] for r in table.result)
    assert next(r for r in table.result if r["user"] == 100)["place"] == last
    assert env.heard[-1]["round"] == 1
    await refused(NOT_ENTERED, env.events.withdraw(tid, 100))
    rnd2 = await env.events.start_round(tid, ADMIN)
    seated = {s["user"] for t in rnd2["tables"] for s in t["seats"]}
    assert 100 not in seated and seated >= set(stood)
    rows = await env.events.standings(tid)
    mine_row = next(r for r in rows if r["user"] == 100)
    assert mine_row["withdrawn"] and mine_row["games"] == 1  # the result stays
    await play_out(env, [t["game_id"] for t in rnd2["tables"]])
    final = await env.events.start_round(tid, ADMIN)
    assert 100 not in {s["user"] for t in final["tables"] for s in t["seats"]}


async def test_two_left_play_with_an_ai_one_left_takes_a_bye(env: Env) -> None:
    event = await sign_up(env, 3, rounds=3, final_size=3)
    tid = event["id"]
    rnd = await env.events.start_round(tid, ADMIN)
    await play_out(env, [t["game_id"] for t in rnd["tables"]])
    await env.events.withdraw(tid, 102)
    rnd = await env.events.start_round(tid, ADMIN)  # two people: a table of three with an AI
    assert [(len(t["seats"]), t["ai"]) for t in rnd["tables"]] == [(3, 1)]
    await play_out(env, [t["game_id"] for t in rnd["tables"]])
    await env.events.withdraw(tid, 101)
    rnd = await env.events.start_round(tid, ADMIN)  # one person: a bye, the round is over
    assert rnd["tables"] == [] and rnd["byes"] == [{"user": 100, "name": "P00"}]
    assert env.heard[-1]["round"] == 3
    row = next(r for r in await env.events.standings(tid) if r["user"] == 100)
    assert row["byes"] == 1 and row["games"] == 3
    await env.events.withdraw(tid, 100)
    await refused(TOO_FEW_ENTRANTS, env.events.start_round(tid, ADMIN))


async def test_refusals_write_nothing(env: Env) -> None:
    for kw, reason in (({"rounds": 0}, "bad_event_rounds"), ({"cap": 2}, "bad_cap"),
                       ({"final_size": 6}, "bad_final"), ({"variant": "x"}, "bad_variant"),
                       ({"signup_until": 1.0}, "bad_signup"), ({"auto": "yes"}, "bad_auto")):
        got = await refused("bad_request", env.events.create(GUILD, "Cup", **kw))
        assert got.reason == reason
    got = await refused("bad_request", env.events.create(GUILD, "  "))
    assert got.reason == "bad_name"
    assert await env.events.tournaments(GUILD) == []
    event = await env.events.create(GUILD, "Cup", signup_until=env.clock.now + 100)
    await refused(TOO_FEW_ENTRANTS, env.events.start_round(event["id"], ADMIN))
    await env.events.join(event["id"], 5, "Five")
    await refused(NOT_ENTERED, env.events.withdraw(event["id"], 6))
    left = await env.events.withdraw(event["id"], 5)  # before the start: off the list
    assert not left["started"] and left["conceded"] == []
    env.clock.now += 200
    got = await refused(SIGNUP_CLOSED, env.events.join(event["id"], 7, "Seven"))
    assert got.reason == "deadline"
    assert await env.events.standings(event["id"]) == []
    await refused("not_found", env.events.find(GUILD, "nope"))
    assert await env.events.find(GUILD, "cup") == event["id"]


async def test_automatic_rounds_fall_due_when_the_last_result_is_in(env: Env) -> None:
    """With automatic rounds (the default) a round's end says the next is due, and
    :meth:`due` lists the event until its next round starts (the bot's start-up starts what
    fell due while it was away); a manager's event, or one whose final is played, never."""
    auto = await sign_up(env, 6, rounds=1, final_size=3)
    manual = await env.events.create(GUILD, "Manual cup", auto=False)
    for i in range(6):
        await env.events.join(manual["id"], 200 + i, f"M{i}")
    assert auto["settings"]["auto"] and not manual["settings"]["auto"]
    assert await env.events.due() == []  # nothing before a first round (a manager's call)
    rounds = {e["id"]: await env.events.start_round(e["id"], ADMIN) for e in (auto, manual)}
    assert await env.events.due() == []  # their games are in play
    for rnd in rounds.values():
        await play_out(env, [t["game_id"] for t in rnd["tables"]])
    heard = {e["tournament"]: e for e in env.heard}
    assert heard[auto["id"]]["next_due"] and not heard[manual["id"]]["next_due"]
    assert await env.events.due() == [auto["id"]]
    final = await env.events.start_round(auto["id"], None)  # as the bot starts it
    assert final["final"] and await env.events.due() == []
    await play_out(env, [t["game_id"] for t in final["tables"]])
    assert env.heard[-1]["over"] and not env.heard[-1]["next_due"]
    assert await env.events.due() == []


async def test_the_store_keeps_the_kinds_apart(env: Env) -> None:
    lg = await env.leagues.create_league(GUILD, "Friday")
    ev = await env.events.create(GUILD, "Cup")
    assert [x.id for x in await env.store.leagues(GUILD)] == [lg["id"]]
    assert [x.kind for x in await env.store.leagues(GUILD, kind=None)] == [LEAGUE, TOURNAMENT]
    assert [x.id for x in await env.store.leagues(kind=TOURNAMENT)] == [ev["id"]]
    assert await env.store.leagues(league_id=ev["id"]) == []  # a league's lookup misses it
    await refused("not_found", env.events.tournament(lg["id"]))
    await refused(TOURNAMENT_EXISTS, env.events.create(GUILD, "friday"))
    # and a league may not take a tournament's name: refused before anything is written
    same = await refused("league_exists", env.leagues.create_league(GUILD, "CUP"))
    assert same.message == "There is already a league or tournament named CUP."


# ---------------------------------------------------------------------- standings (pure)

def _table(rnd: int, number: int, rows: list[tuple[int, int, float, bool]]) -> TableRecord:
    """A finished table: (user, place, points, win) per seat."""
    return TableRecord(0, 1, rnd, number, 1000 + rnd * 10 + number,
                       [{"user": u, "name": f"u{u}"} for u, *_ in rows],
                       [{"user": u, "name": f"u{u}", "place": p, "points": pts, "win": w}
                        for u, p, pts, w in rows])


SETTINGS = {"rounds": 2, "final_size": 3, "tie_breaks": ["opponents", "wins", "rating"]}


def members(*users: int, withdrawn: tuple[int, ...] = ()) -> list[MemberRecord]:
    return [MemberRecord(1, u, f"u{u}", u not in withdrawn, float(u)) for u in users]


def test_tie_breaks_in_order() -> None:
    # 1 and 2 both score 4; 1's opponents scored more (Buchholz) → 1 first
    tables = [_table(1, 1, [(1, 1, 4, True), (3, 2, 2, False), (4, 3, 1, False)]),
              _table(1, 2, [(2, 1, 4, True), (5, 2, 0, False), (6, 3, 0, False)])]
    rows = standings_rows(members(1, 2, 3, 4, 5, 6), tables, {}, SETTINGS)
    assert [r["user"] for r in rows[:2]] == [1, 2] and rows[0]["opponents"] == 3
    # equal points and opponents: more wins first (1 won once, 2 shared twice)
    tables = [_table(1, 1, [(1, 1, 4, True), (3, 2, 0, False), (4, 3, 0, False)]),
              _table(1, 2, [(2, 1, 2, True), (5, 1, 2, True), (6, 3, 0, False)]),
              _table(2, 1, [(2, 1, 2, False), (3, 2, 0, False), (4, 3, 0, False)]),
              _table(2, 2, [(1, 2, 0, False), (6, 2, 0, False), (5, 3, 0, False)])]
    rows = standings_rows(members(1, 2, 3, 4, 5, 6), tables, {}, SETTINGS)
    r1, r2 = (next(r for r in rows if r["user"] == u) for u in (1, 2))
    assert (r1["points"], r2["points"]) == (4, 4)
    assert r1["opponents"] == r2["opponents"] == 2 and (r1["wins"], r2["wins"]) == (1, 1)
    # then the rating; equal on every key: a shared position
    rated = {1: (30.0, 5.0), 2: (20.0, 5.0)}
    rows = standings_rows(members(1, 2, 3, 4, 5, 6), tables, rated, SETTINGS)
    assert [r["user"] for r in rows[:2]] == [1, 2] and rows[1]["position"] == 2
    rows = standings_rows(members(1, 2, 3, 4, 5, 6), tables, {}, SETTINGS)
    assert rows[0]["position"] == rows[1]["position"] == 1


def test_the_final_orders_the_top_and_withdrawals_stay_listed() -> None:
    tables = [_table(1, 1, [(1, 1, 4, True), (2, 2, 2, False), (3, 3, 1, False),
                            (4, 4, 0, False)]),
              _table(3, 1, [(3, 1, 3, True), (1, 2, 1, False), (2, 3, 0, False)])]
    rows = standings_rows(members(1, 2, 3, 4, withdrawn=(4,)), tables, {}, SETTINGS)
    assert [(r["user"], r["position"], r["final"]) for r in rows] == [
        (3, 1, 1), (1, 2, 2), (2, 3, 3), (4, 4, None)]
    assert rows[-1]["withdrawn"] and rows[-1]["games"] == 1
    assert rows[0]["points"] == 1  # the final places, not points, order the top
    bye = TableRecord(0, 1, 2, 1, None, [{"user": 4, "name": "u4"}],
                      [{"user": 4, "name": "u4", "place": 1, "points": BYE_POINTS,
                        "win": False, BYE: True}])
    rows = standings_rows(members(1, 2, 3, 4), [tables[0], bye], {}, SETTINGS)
    assert next(r for r in rows if r["user"] == 4)["byes"] == 1


# ---------------------------------------------------------------------- the simulation

def test_tournament_sim_refuses_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    from bot.__main__ import main

    assert main(["tournament-sim", "--players", "2"]) == 2
    assert "3 to 64 players" in capsys.readouterr().err


@pytest.mark.slow
def test_tournament_sim_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m bot tournament-sim``: 20 players to the final, Swiss against random."""
    from bot.__main__ import main

    assert main(["tournament-sim", "--players", "20", "--rounds", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "4 Swiss rounds and a final" in out and "  final: " in out
    swiss_line = next(line for line in out.splitlines() if line.strip().startswith("swiss"))
    random_line = next(line for line in out.splitlines() if line.strip().startswith("random"))
    swiss_repeats, swiss_spread = int(swiss_line.split()[1]), float(swiss_line.split()[2])
    random_repeats, random_spread = int(random_line.split()[1]), float(random_line.split()[2])
    assert swiss_repeats < random_repeats and swiss_spread < random_spread
