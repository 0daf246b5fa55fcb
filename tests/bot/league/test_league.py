"""Leagues end to end through the real game service on every storage backend
(tests/conftest.py; docs/leagues.md): a simulated
season (12 players, 3 rounds, tables of 4, greedy AIs standing in), standings and archive, the
recorder's restart-safe catch-up, refusals, exports, and the rated-games-have-no-hints rule."""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.league import export, sim
from bot.league.leagues import (
    ALREADY_MEMBER,
    NOT_MEMBER,
    ROUND_OPEN,
    SEASON_COMPLETE,
    SEASON_NOT_OVER,
    TOO_FEW_MEMBERS,
    LeagueService,
    compute_standings,
    normalise_points,
)
from bot.league.ratings import Ratings
from bot.league.recorder import Recorder
from bot.league.sim import InlineExecutor, SimClock, simulate_season
from bot.service.refusals import Refusal
from bot.service.service import GameService
from bot.storage.base import MemberRecord, Store, TableRecord
from rendering.leaderboard import leaderboard_text, render_leaderboard
from tests.support.stores import SQLITE, StoreFactory

GUILD = 77


@dataclass
class Env:
    store: Store
    games: GameService
    ratings: Ratings
    leagues: LeagueService


@pytest.fixture
async def env(make_store: StoreFactory) -> AsyncIterator[Env]:
    clock = SimClock()
    store = make_store("league", clock=clock)
    await store.open()
    games = GameService(store, clock=clock, ai_pool=InlineExecutor(),
                        render_pool=InlineExecutor())
    await games.open()
    ratings = Ratings(store, clock)
    leagues = LeagueService(store, games, clock, ratings=ratings, stand_ins=True)
    try:
        yield Env(store, games, ratings, leagues)
    finally:
        await games.close()
        await store.close()


async def wait_games(env: Env, ids: list[int]) -> None:
    for _ in range(10_000):
        await env.games.idle()
        statuses = [(await env.games.load(g)).record.status for g in ids]
        if all(st == "finished" for st in statuses):
            return
    raise AssertionError("games did not finish")


async def test_simulated_season_end_to_end(make_store: StoreFactory, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    if make_store.backend != SQLITE:  # the simulation opens "SqliteStore(file, clock=…)"
        monkeypatch.setattr(sim, "SqliteStore",
                            lambda db, *, clock: make_store(str(db), clock=clock))
    result = await simulate_season(12, 3, 4, seed=1, path=tmp_path / "sim.sqlite3")
    standings = result["standings"]
    assert len(standings) == 12 and len(result["games"]) == 9
    assert all(row["games"] == 3 for row in standings)
    # every table of four hands out 4 + 2 + 1 + 0 points (shared places split them)
    assert sum(row["points"] for row in standings) == pytest.approx(9 * 7)
    # ordered by points, then opponents' points, then rating
    keys = [(-r["points"], -r["opponents"], -r["rating"]) for r in standings]
    assert keys == sorted(keys)
    assert standings[0]["position"] == 1
    assert result["podium"] and all(p["position"] <= 3 for p in result["podium"])
    # balanced first round, the fewest possible repeats later (12 in threes of four: 3, 6)
    repeats = [r["repeats"] for r in result["rounds"]]
    assert repeats[:2] == [0, 3] and repeats[2] <= 6
    for game in result["games"]:
        places = [x["place"] for x in game["result"]]
        assert places == sorted(places) and places[0] == 1
    # the same seed plays the same season
    again = await simulate_season(12, 3, 4, seed=1)
    assert [(r["user"], r["points"]) for r in again["standings"]] == [
        (r["user"], r["points"]) for r in standings]
    assert result["seconds"] < 30


async def test_season_archive_next_season_and_refusals(env: Env) -> None:
    lg = await env.leagues.create_league(GUILD, "Friday league", season_rounds=1,
                                         table_size=4, by_user=1)
    assert lg["season"] == 1 and lg["season_status"] == "open"
    with pytest.raises(Refusal) as exc:
        await env.leagues.create_league(GUILD, "friday  LEAGUE")
    assert exc.value.code == "league_exists"
    with pytest.raises(Refusal) as exc:
        await env.leagues.create_league(GUILD, "Other", table_size=6)
    assert exc.value.reason == "bad_table_size"
    for u in range(7):
        await env.leagues.join(lg["id"], 500 + u, f"P{u}")
    with pytest.raises(Refusal) as exc:
        await env.leagues.join(lg["id"], 500, "P0")
    assert exc.value.code == ALREADY_MEMBER
    await env.leagues.leave(lg["id"], 506)
    with pytest.raises(Refusal) as exc:
        await env.leagues.leave(lg["id"], 506)
    assert exc.value.code == NOT_MEMBER
    with pytest.raises(Refusal) as exc:
        await env.leagues.end_season(lg["id"])
    assert exc.value.code == SEASON_NOT_OVER

    recorder = Recorder(env.games, env.ratings, env.leagues)
    await recorder.start()
    info = await env.leagues.start_round(lg["id"], 1)
    assert info["round"] == 1
    # six players at tables of four: 3 + 3 (tables of N-1)
    assert sorted(len(t["seats"]) for t in info["tables"]) == [3, 3]
    assert info["repeats"] == 0
    with pytest.raises(Refusal) as exc:
        await env.leagues.start_round(lg["id"], 1)
    assert exc.value.code in (ROUND_OPEN, SEASON_COMPLETE)
    ids = [t["game_id"] for t in info["tables"]]
    for gid in ids:
        rec = (await env.games.load(gid)).record
        assert rec.options["rated"] is True and rec.options["hints"] is False
        assert rec.options["league"]["round"] == 1
    await wait_games(env, ids)
    await recorder.idle()
    status = await env.leagues.round_status(lg["id"])
    assert all(t["done"] for r in status["rounds"] for t in r["tables"])
    with pytest.raises(Refusal) as exc:
        await env.leagues.start_round(lg["id"], 1)
    assert exc.value.code == SEASON_COMPLETE
    live = await env.leagues.standings(lg["id"])
    assert {r["user"] for r in live} == set(range(500, 506))
    assert sum(r["points"] for r in live) == pytest.approx(2 * 4)  # 3 + 1 + 0 per table
    end = await env.leagues.end_season(lg["id"], 1)
    assert end["season"] == 1 and end["next_season"] == 2
    assert end["podium"] == [r for r in end["standings"] if r["position"] <= 3]
    # the archive is what season 1 shows from now on; season 2 is open and empty
    assert await env.leagues.standings(lg["id"], 1) == end["standings"]
    now = await env.leagues.league(lg["id"])
    assert now["season"] == 2 and now["season_status"] == "open" and now["members"] == []
    with pytest.raises(Refusal) as exc:
        await env.leagues.start_round(lg["id"], 1)
    assert exc.value.code == TOO_FEW_MEMBERS
    await env.leagues.join(lg["id"], 500, "P0 again")  # opting in to the next season
    assert [m["user"] for m in (await env.leagues.league(lg["id"]))["members"]] == [500]
    # ratings moved, the leaderboard and its image exist
    board = await env.ratings.leaderboard(GUILD, 10)
    assert len(board) == 6 and board[0]["rating"] >= board[-1]["rating"]
    png = render_leaderboard(board, "Friday league")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert leaderboard_text(board).count("\n") == 6
    profile = await env.ratings.profile(GUILD, board[0]["user"])
    assert profile["games"] == 1 and profile["mean_score"] is not None
    assert set(profile["mean_by_category"]) >= {"colonies", "cards", "coins"}
    assert profile["favourite_colours"]
    # exports
    text = export.standings_csv(end["standings"])
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [int(r["user"]) for r in rows] == [r["user"] for r in end["standings"]]
    tables = await env.store.league_tables()
    games_csv = list(csv.DictReader(io.StringIO(export.tables_csv(tables))))
    assert len(games_csv) == 6
    results = list(csv.DictReader(io.StringIO(
        export.results_csv(await env.store.rated_results(GUILD)))))
    assert len(results) == 6
    recorder.stop()


async def test_recorder_catches_up_after_a_restart(env: Env) -> None:
    """Games that end while nobody records are recorded at the next start, once."""
    lg = await env.leagues.create_league(GUILD, "Catch-up", season_rounds=2, table_size=4)
    for u in range(8):
        await env.leagues.join(lg["id"], 900 + u, f"Q{u}")
    info = await env.leagues.start_round(lg["id"], 1)
    ids = [t["game_id"] for t in info["tables"]]
    await wait_games(env, ids)
    assert all(t.result is None for t in await env.store.league_tables())
    assert await env.store.unrecorded_rated_games() == sorted(ids)
    recorder = Recorder(env.games, env.ratings, env.leagues)
    caught = await recorder.start()
    assert caught == 2 * len(ids)  # a rated result and a table result per game
    assert await env.store.unrecorded_rated_games() == []
    assert all(t.result is not None for t in await env.store.league_tables())
    before = await env.store.ratings(GUILD)
    assert await recorder.catch_up() == 0  # idempotent
    for gid in ids:
        assert await recorder.record(gid) == {"rated": False, "league": False}
    assert await env.store.ratings(GUILD) == before
    assert len(before) == 8 and all(r.games == 1 for r in before)
    recorder.stop()


async def test_rated_games_have_no_hints(env: Env) -> None:
    gid = await env.games.create(1, "Host", seats=2, rated=True, hints=True)
    assert (await env.games.load(gid)).record.options["hints"] is False
    gid2 = await env.games.create(1, "Host", seats=2, rated=False, hints=True)
    assert (await env.games.load(gid2)).record.options["hints"] is True


def test_points_and_standings_tie_breaks() -> None:
    pts = normalise_points([6, 3, 1, 0], 4)
    assert pts["4"] == [6, 3, 1, 0] and pts["3"] == [6, 3, 0] and pts["5"] == [6, 3, 1, 0, 0]
    with pytest.raises(ValueError):
        normalise_points([0, 1, 2], 3)
    members = [MemberRecord(1, u, f"M{u}", True, 0.0) for u in (1, 2, 3, 4)]

    def res(*rows: tuple[int, float]) -> list[dict[str, Any]]:
        return [{"user": u, "name": f"M{u}", "points": p, "place": i + 1, "win": i == 0}
                for i, (u, p) in enumerate(rows)]

    tables = [TableRecord(1, 1, 1, 1, 10, [], res((1, 3), (2, 1), (3, 0))),
              TableRecord(2, 1, 2, 1, 11, [], res((4, 3), (3, 1), (2, 0))),
              TableRecord(3, 1, 3, 1, 12, [], {"abandoned": True})]
    # 1 and 4 both have 3 points; 1 met 2 and 3 (1 + 1), 4 met 3 and 2 (1 + 1): still tied
    # on opponents, so the rating decides
    rows = compute_standings(members, tables, {1: (25.0, 8.0), 4: (30.0, 8.0)})
    assert [r["user"] for r in rows[:2]] == [4, 1]
    assert [r["position"] for r in rows] == [1, 2, 3, 3]
    tied = compute_standings(members, tables, {}, tie_breaks=["opponents"])
    assert [r["position"] for r in tied] == [1, 1, 3, 3]


async def test_a_round_of_people(env: Env) -> None:
    """Without stand-ins the members sit in their seats; abandoned games count nothing and
    let the next round start."""
    leagues = LeagueService(env.store, env.games, env.games.clock, ratings=env.ratings)
    lg = await leagues.create_league(GUILD, "People", season_rounds=2, table_size=3,
                                     time_control="48h")
    assert lg["settings"]["time_control"]["seconds"] == 48 * 3600
    for u in range(7):
        await leagues.join(lg["id"], 700 + u, f"R{u}")
    recorder = Recorder(env.games, env.ratings, leagues)
    await recorder.start()
    try:
        info = await leagues.start_round(lg["id"], 1)
        # 7 at tables of three: 3 + (2 + AI) + (2 + AI)
        assert sorted((len(t["seats"]) - t["ai"], t["ai"]) for t in info["tables"]) == [
            (2, 1), (2, 1), (3, 0)]
        for t in info["tables"]:
            snap = await env.games.load(t["game_id"])
            rec = snap.record
            assert rec.status == "active" and rec.options["time_control"]["seconds"] == 172800
            people = {s.user_id for s in rec.seats if s.user_id is not None}
            assert people == {s["user"] for s in t["seats"] if s["user"] is not None}
            assert rec.host_user_id == t["seats"][0]["user"]
            assert sum(1 for s in rec.seats if s.ai_level) == t["ai"]
        with pytest.raises(Refusal) as exc:
            await leagues.start_round(lg["id"], 1)
        assert exc.value.code == ROUND_OPEN
        for t in info["tables"]:
            await env.games.abandon(t["game_id"], None, is_admin=True)
        await recorder.idle()
        status = await leagues.round_status(lg["id"])
        assert all(t["abandoned"] for t in status["rounds"][0]["tables"])
        assert all(r["points"] == 0 for r in await leagues.standings(lg["id"]))
        second = await leagues.start_round(lg["id"], 1)
        assert second["round"] == 2
        for t in second["tables"]:
            await env.games.abandon(t["game_id"], None, is_admin=True)
        await recorder.idle()
    finally:
        recorder.stop()
        await env.games.idle()


async def test_an_ordinary_rated_game_is_recorded_for_its_server(env: Env) -> None:
    """Not a league game: the server comes from the front end's set_discord; both people
    conceded, so they tie for last and the AI seat is not rated."""
    recorder = Recorder(env.games, env.ratings)
    await recorder.start()
    try:
        gid = await env.games.create(11, "Ann", seats=3, rated=True)
        await env.games.join(gid, 12, "Bob")
        await env.games.add_ai(gid, "greedy")
        await env.games.set_discord(gid, {"guild": 4242})
        await env.games.start(gid, 11)
        await env.games.concede(gid, 11)
        await env.games.concede(gid, 12)
        await wait_games(env, [gid])
        await recorder.idle()
        res = await env.store.rated_result(gid)
        assert res is not None and res.guild_id == 4242
        assert [(p["user"], p["rank"], p["last"]) for p in sorted(
            res.ranks, key=lambda p: p["user"])] == [(11, 1, True), (12, 1, True)]
        rows = await env.store.ratings(4242)
        assert [r.user_id for r in rows] == [11, 12]
        assert rows[0].mu == pytest.approx(rows[1].mu) and rows[0].games == 1
        assert await recorder.record(gid) == {"rated": False, "league": False}
    finally:
        recorder.stop()
