"""The league and rating methods (bot/storage/store.py, one SQL for both dialects) do on
PostgreSQL what they do on SQLite: the same sequence of calls on a SqliteStore and on a PostgresStore (a
throw-away server, tests/support/pg.py) returns the same values — records, ids, orders,
StorageErrors — compared by ``repr`` so that an int where SQLite gives a float, or 1 where it gives
True, fails.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable
from pathlib import Path
from typing import Any

import pytest

from tests.support.pg import TempPostgres, missing

_reason = missing()
if _reason:
    pytest.skip(_reason, allow_module_level=True)

from bot.storage.base import (  # noqa: E402
    FINISHED,
    GameRecord,
    LeagueRecord,
    MemberRecord,
    RatedResult,
    Rating,
    RoundRecord,
    SeasonRecord,
    StorageError,
    Store,
    TableRecord,
)
from bot.storage.postgres import PostgresStore  # noqa: E402
from bot.storage.sqlite import SqliteStore  # noqa: E402

NOW = 1_700_000_000.25
SNOW = 1_234_567_890_123_456_789  # Discord ids are 64-bit
G1, G2 = SNOW, SNOW + 1
U = [SNOW + 10 + i for i in range(8)]


def clock() -> float:
    return NOW


# ---------------------------------------------------------------- the stores

@pytest.fixture(scope="session")
def server(pg_server: TempPostgres) -> TempPostgres:
    """The session's throw-away server (tests/conftest.py), skipped with its reason."""
    return pg_server


@pytest.fixture
async def pg_store(server: TempPostgres) -> AsyncIterator[PostgresStore]:
    store = PostgresStore(server.create_database(), clock=clock)
    await store.open()
    try:
        yield store
    finally:
        await store.close()


@pytest.fixture
async def sqlite_store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    store = SqliteStore(tmp_path / "h.sqlite3", clock=clock)
    await store.open()
    try:
        yield store
    finally:
        await store.close()


# ---------------------------------------------------------------- the scenario

GAME_OPTIONS: list[dict[str, Any]] = [
    {"rated": True}, {"rated": "true"}, {"rated": 1}, {"rated": 1.0}, {"rated": False},
    {"rated": "yes"}, {"rated": 0}, {}, {"rated": [1]}, {"rated": None}, {"rated": "1"},
    {"hints": "off", "rated": True, "note": "a NUL \x00 and \u2028 in the options"},
    {"nested": {"rated": True}},
]
RANKS = [
    {"user": U[0], "name": "Amira ✨", "seat": 0, "rank": 1, "total": 87, "coins": 3,
     "last": False, "win": True},
    {"user": U[1], "name": 'Bahram "B" \\ 🐪', "seat": 2, "rank": 2, "total": 70.5, "coins": 0,
     "last": True, "win": False},
]
SETTINGS: dict[str, Any] = {
    "season_rounds": 3, "table_size": "mixed", "time_control": {"move": 86400.0, "bank": None},
    "points": {"3": [3, 1, 0], "4": [4, 2, 1, 0]}, "tie_breaks": ["wins", "total"],
    "variant": "basic", "fill": "ai", "extra": {"ü": [None, True, 1.5, -2**62, 0.1, 1e300]},
}


class Recorder:
    """Runs calls and keeps ``(label, repr(value))``; a StorageError is a value too."""

    def __init__(self) -> None:
        self.out: list[tuple[str, str]] = []

    async def __call__(self, label: str, call: Awaitable[Any]) -> Any:
        try:
            value = await call
        except StorageError as exc:
            value = ("StorageError", str(exc))
        self.out.append((label, repr(value)))
        return value


async def make_games(store: Store) -> list[int]:
    ids = []
    for k, options in enumerate(GAME_OPTIONS):
        ids.append(await store.create_game(GameRecord(
            0, FINISHED, "basic", options, created_at=1000.0 + k, updated_at=1000.0 + k)))
    for status in ("active", "abandoned", "lobby"):
        ids.append(await store.create_game(GameRecord(
            0, status, "basic", {"rated": True}, created_at=2000.0, updated_at=2000.0)))
    return ids


async def ratings_part(store: Store, rec: Recorder, games: list[int]) -> None:
    a, b, c, d, e = games[:5]
    await rec("unrecorded", store.unrecorded_rated_games())
    first = [Rating(G1, U[0], 27.1, 7.9, 1, 1, 5000.0), Rating(G1, U[1], 22.9, 7.8, 1, 0, 5000)]
    await rec("record a", store.record_result(RatedResult(a, G1, 5000.0, RANKS), first))
    await rec("record a again", store.record_result(
        RatedResult(a, G1, 5001.0, []), [Rating(G1, U[0], 1.0, 1.0, 9, 9, 9.0)],
        replace_all=True))
    await rec("ratings G1", store.ratings(G1))
    await rec("record b (same finish)", store.record_result(
        RatedResult(b, G1, 5000, RANKS[::-1], recorded_at=6000.5),
        [Rating(G1, U[0], 26.0, 7.0, 2, 1, 6000.0), Rating(G1, U[2], 25.0, 8.333, 1, 1, 6000)]))
    await rec("ratings G1 upserted", store.ratings(G1))
    await rec("record c (earlier, replace all)", store.record_result(
        RatedResult(c, G1, 4000.0, RANKS), [Rating(G1, U[3], 30.0, 6.5, 4, 2, 6100.0)],
        replace_all=True))
    await rec("ratings G1 replaced", store.ratings(G1))
    await rec("record d (G2, voided)", store.record_result(
        RatedResult(d, G2, 4500.0, [], voided=True, voided_by=U[5], recorded_at=1.0)))
    await rec("record e (no ratings)", store.record_result(RatedResult(e, G2, 4500, RANKS)))
    await rec("unrecorded after", store.unrecorded_rated_games())
    for gid in (a, b, d, 999_999):
        await rec(f"rated_result {gid}", store.rated_result(gid))
    await rec("results", store.rated_results())
    await rec("results G1", store.rated_results(G1))
    await rec("results G1 not voided", store.rated_results(G1, include_voided=False))
    await rec("results G2 not voided", store.rated_results(G2, include_voided=False))
    await rec("results not voided", store.rated_results(include_voided=False))
    await rec("results unknown guild", store.rated_results(42))
    await rec("void b", store.void_result(b, True, U[4], [Rating(G1, U[0], 20.0, 5.0, 1, 0, 7e3)]))
    await rec("rated_result b voided", store.rated_result(b))
    await rec("results G1 not voided", store.rated_results(G1, include_voided=False))
    await rec("ratings G1 after void", store.ratings(G1))
    await rec("unvoid b", store.void_result(b, False, U[4], []))
    await rec("rated_result b unvoided", store.rated_result(b))
    await rec("ratings G1 after unvoid", store.ratings(G1))
    await rec("void unknown", store.void_result(999_999, True, None, []))
    await rec("replace G2", store.replace_ratings(G2, [
        Rating(G2, U[7], 25.0, 8.3, 0, 0, 1.5), Rating(G2, U[6], -3.25, 0.001, 10**6, 7, 2)]))
    await rec("ratings G2", store.ratings(G2))
    await rec("replace G2 by nothing", store.replace_ratings(G2, []))
    await rec("ratings G2 empty", store.ratings(G2))
    await rec("ratings G1 untouched", store.ratings(G1))
    await rec("ratings unknown", store.ratings(7))


async def leagues_part(store: Store, rec: Recorder, games: list[int]) -> None:
    ids = await rec("league 1", store.create_league(
        LeagueRecord(0, G1, "Hadara Cup", SETTINGS, U[0], 100.0),
        SeasonRecord(0, 0, 1, "open", 100.0)))
    await rec("league 2", store.create_league(
        LeagueRecord(0, G2, "Desert ☀ League", {}, None, 101),
        SeasonRecord(0, 0, 1, "open", 101.5)))
    await rec("league 3", store.create_league(
        LeagueRecord(0, G1, "Second", {"a": []}, U[1], 102.0),
        SeasonRecord(0, 0, 3, "active", 102, ended_at=103)))
    lg1, s1 = ids
    await rec("leagues", store.leagues())
    await rec("leagues G1", store.leagues(G1))
    await rec("leagues id 2", store.leagues(league_id=2))
    await rec("leagues G2 id 1", store.leagues(G2, league_id=1))
    await rec("leagues G1 id 3", store.leagues(guild_id=G1, league_id=3))
    await rec("save league", store.save_league(
        LeagueRecord(lg1, G2, "Hadara Cup II", {**SETTINGS, "season_rounds": 4}, None, 0.0)))
    await rec("leagues id 1 saved", store.leagues(league_id=lg1))
    await rec("save unknown league", store.save_league(LeagueRecord(99, G1, "X", {})))
    await rec("seasons 1", store.seasons(lg1))
    await rec("seasons 3", store.seasons(3))
    await rec("seasons unknown", store.seasons(99))
    # members: ordered by joined_at, then user id; an update keeps joined_at
    await rec("member c", store.set_member(MemberRecord(s1, U[2], "Cyrus", True, 200.0)))
    await rec("member a", store.set_member(MemberRecord(s1, U[0], "Amira", True, 200)))
    await rec("member b", store.set_member(MemberRecord(s1, U[1], "Bahram", joined_at=150.0)))
    await rec("member c left", store.set_member(MemberRecord(s1, U[2], "Cyrus 2", False, 999.0)))
    await rec("member elsewhere", store.set_member(MemberRecord(2, U[2], "C", False)))
    await rec("members", store.members(s1))
    await rec("members 2", store.members(2))
    await rec("members unknown", store.members(99))
    # rounds and tables
    tables = [
        TableRecord(0, s1, 1, 2, None, [{"user": U[0], "name": "Amira"}, {"ai": 1}]),
        TableRecord(0, s1, 1, 1, games[0], [{"user": U[1], "name": "Bahram", "filler": False}],
                    result={"abandoned": True}),
    ]
    t_ids = await rec("round 1", store.create_round(RoundRecord(s1, 1, 300.0, U[0]), tables))
    await rec("seasons 1 active", store.seasons(lg1))
    await rec("round 1 again", store.create_round(
        RoundRecord(s1, 1, 301.0, None), [TableRecord(0, s1, 1, 3, None, [])]))
    await rec("round 2 (no tables)", store.create_round(RoundRecord(s1, 2, 400, None), []))
    await rec("round 1 of season 3", store.create_round(
        RoundRecord(3, 1, 401.0, U[3]), [TableRecord(0, 3, 1, 1, games[1], [])]))
    await rec("rounds", store.rounds(s1))
    await rec("rounds unknown", store.rounds(99))
    t_second, t_first = t_ids
    await rec("table game", store.set_table_game(t_second, games[2]))
    await rec("table game none", store.set_table_game(t_first, None))
    await rec("table game unknown", store.set_table_game(999, games[0]))
    result = [{"user": U[0], "place": 1, "points": 3, "rank": 1, "total": 80.5},
              {"user": None, "place": 2, "points": 0.5, "rank": 2, "total": -1}]
    await rec("table result", store.set_table_result(t_second, result))
    await rec("table result again", store.set_table_result(t_second, {"abandoned": True}))
    await rec("table result preset", store.set_table_result(t_first, result))
    await rec("table result unknown", store.set_table_result(999, result))
    await rec("tables s1", store.league_tables(s1))
    await rec("tables of a game", store.league_tables(game_id=games[2]))
    await rec("tables of a game in s1", store.league_tables(s1, game_id=games[1]))
    await rec("tables of game 1", store.league_tables(game_id=games[1]))
    await rec("all tables", store.league_tables())
    await rec("tables unknown", store.league_tables(99))
    # archive
    standings = [{"user": U[0], "name": "Amira", "points": 3, "wins": 1, "tb": [80.5, 1]},
                 {"user": U[1], "name": "Bahram", "points": 0.5, "wins": 0, "tb": []}]
    podium = standings[:1]
    await rec("archive s1", store.archive_season(
        s1, standings, podium, 500.0, SeasonRecord(0, lg1, 2, "open", 500.0)))
    await rec("archive s1 again", store.archive_season(s1, [], [], 501.0))
    await rec("archive unknown", store.archive_season(999, [], [], 501.0))
    await rec("archive league 2", store.archive_season(2, [], [], 600))
    await rec("seasons 1 archived", store.seasons(lg1))
    await rec("seasons 2 archived", store.seasons(2))
    for season_id in (s1, 2, 3, 5, 999):
        await rec(f"season_archive {season_id}", store.season_archive(season_id))


async def scenario(store: Store) -> list[tuple[str, str]]:
    rec = Recorder()
    games = await make_games(store)
    await ratings_part(store, rec, games)
    await leagues_part(store, rec, games)
    return rec.out


async def test_the_same_calls_give_the_same_results(sqlite_store: SqliteStore,
                                                    pg_store: PostgresStore) -> None:
    expected = await scenario(sqlite_store)
    got = await scenario(pg_store)
    assert [label for label, _ in got] == [label for label, _ in expected]
    for (label, want), (_, have) in zip(expected, got, strict=True):
        assert have == want, label
    # the scenario means something: SQLite's own answers
    found = dict(expected)
    assert found["unrecorded"] == "[1, 2, 3, 4, 12]"
    assert found["record a again"] == "False"
    assert found["round 1 again"].startswith("('StorageError'")
    assert found["void unknown"].startswith("('StorageError'")
    assert found["tables of a game"].startswith("[TableRecord(id=1,")


# ---------------------------------------------------------------- JSON round trips

JSON_VALUES: list[Any] = [
    None, True, False, 0, -1, 2**63 - 1, -(2**63), 10**30, 0.1, -0.0, 1e308, 5e-324,
    "", "NUL \x00 tab \t newline \n quote \" backslash \\", "\u2028\u2029 é 日本 🐪 \U0001f600",
    [], {}, [[[]]], {"k": {"": [None, 1.5, "x"]}}, {"1": 1, "02": "b"},
    [{"user": SNOW, "place": 1, "points": 2.5}], {"abandoned": True},
]


async def json_round_trips(store: Store) -> list[str]:
    out = []
    lg, season = await store.create_league(
        LeagueRecord(0, G1, "J", {"values": JSON_VALUES}, None, 1.0),
        SeasonRecord(0, 0, 1, "open", 1.0))
    out.append(repr(await store.leagues(league_id=lg)))
    tables = [TableRecord(0, season, 1, k, None, [{"v": v}]) for k, v in
              enumerate(JSON_VALUES, start=1)]
    ids = await store.create_round(RoundRecord(season, 1, 2.0), tables)
    for table_id, value in zip(ids, JSON_VALUES, strict=True):
        out.append(repr(await store.set_table_result(table_id, value)))
    out.append(repr(await store.league_tables(season)))
    await store.archive_season(season, [{"v": v} for v in JSON_VALUES], [{"all": JSON_VALUES}],
                               3.0)
    out.append(repr(await store.season_archive(season)))
    game = await store.create_game(GameRecord(0, FINISHED, "basic", {}, 1.0, 1.0))
    await store.record_result(RatedResult(game, G1, 1.0, [{"v": v} for v in JSON_VALUES]))
    out.append(repr(await store.rated_result(game)))
    return out


async def test_json_values_come_back_as_sqlite_gives_them(sqlite_store: SqliteStore,
                                                          pg_store: PostgresStore) -> None:
    expected = await json_round_trips(sqlite_store)
    assert await json_round_trips(pg_store) == expected
    tables = await pg_store.league_tables()
    # None as a result is JSON null: stored, not "no result" (set_table_result said True)
    assert [t.result for t in tables] == JSON_VALUES


# ---------------------------------------------------------------- one transaction per write


async def failing_writes(store: Store) -> list[str]:
    """Writes whose last statement fails: nothing of them stays (ids are left out, as a
    PostgreSQL sequence, unlike SQLite's AUTOINCREMENT, does not go back on a rollback)."""
    out: list[str] = []

    async def fails(call: Awaitable[Any]) -> None:
        try:
            await call
        except StorageError as exc:  # pragma: no cover - a wrong answer
            out.append(f"StorageError {exc}")
        except Exception:
            out.append("failed")
        else:  # pragma: no cover - a wrong answer
            out.append("did not fail")

    game = await store.create_game(GameRecord(0, FINISHED, "basic", {"rated": True}, 1.0, 1.0))
    other = await store.create_game(GameRecord(0, FINISHED, "basic", {"rated": True}, 1.0, 1.0))
    good = Rating(G1, U[0], 25.0, 8.0, 1, 1, 1.0)
    bad = Rating(G1, None, 25.0, 8.0, 1, 1, 1.0)
    await store.record_result(RatedResult(game, G1, 1.0, []), [good])
    await fails(store.record_result(RatedResult(other, G1, 2.0, []),
                                    [Rating(G1, U[1], 1.0, 1.0, 0, 0, 1.0), bad]))
    await fails(store.void_result(game, True, U[2], [bad]))
    await fails(store.replace_ratings(G1, [Rating(G1, U[3], 1.0, 1.0, 0, 0, 1.0), bad]))
    out.append(repr(await store.rated_results()))
    out.append(repr(await store.ratings(G1)))
    out.append(repr(await store.unrecorded_rated_games()))

    await fails(store.create_league(LeagueRecord(0, G1, "L", {}, None, 1.0),
                                    SeasonRecord(0, 0, None, "open", 1.0)))
    out.append(repr(await store.leagues()))
    lg, season = await store.create_league(LeagueRecord(0, G1, "M", {}, None, 1.0),
                                           SeasonRecord(0, 0, 1, "open", 1.0))
    await fails(store.create_round(RoundRecord(season, 1, 2.0), [
        TableRecord(0, season, 1, 1, None, []),
        TableRecord(0, season, 1, None, None, [])]))
    out.append(repr([(s.number, s.status) for s in await store.seasons(lg)]))
    out.append(repr(await store.rounds(season)))
    out.append(repr(await store.league_tables(season)))
    await fails(store.archive_season(season, [], [], 3.0,
                                     SeasonRecord(0, lg, 2, None, 3.0)))
    out.append(repr([(s.number, s.status, s.ended_at) for s in await store.seasons(lg)]))
    out.append(repr(await store.season_archive(season)))
    return out


async def test_a_failing_write_leaves_nothing(sqlite_store: SqliteStore, pg_store: PostgresStore) -> None:
    expected = await failing_writes(sqlite_store)
    assert expected.count("failed") == 6
    assert await failing_writes(pg_store) == expected


# ---------------------------------------------------------------- PostgreSQL only


async def test_a_duplicate_league_name_is_a_storage_error(pg_store: PostgresStore) -> None:
    """Two processes creating the same league at once: the loser gets the StorageError the
    league service turns into "there is already a league named …" (SQLite too, where one
    process cannot race: tests/bot/storage/test_storage.py)."""
    await pg_store.create_league(LeagueRecord(0, G1, "Cup", {}), SeasonRecord(0, 0, 1, "open", 1))
    with pytest.raises(StorageError, match="already has a league named 'Cup'"):
        await pg_store.create_league(LeagueRecord(0, G1, "Cup", {}),
                                     SeasonRecord(0, 0, 1, "open", 1))
    assert [lg.name for lg in await pg_store.leagues()] == ["Cup"]


async def test_racing_writers_do_each_thing_once(pg_store: PostgresStore) -> None:
    """Writes from several connections at once: one result recorded, one table result set,
    one round created, one archive — the others told so, as SQLite tells a late caller."""
    game = await pg_store.create_game(GameRecord(0, FINISHED, "basic", {"rated": True}, 1, 1))
    recorded = await asyncio.gather(*(pg_store.record_result(
        RatedResult(game, G1, 1.0, [{"n": k}]), [Rating(G1, U[0], float(k), 1.0, k, 0, 1.0)])
        for k in range(8)))
    assert sorted(recorded) == [False] * 7 + [True]
    winner = recorded.index(True)
    stored = await pg_store.rated_result(game)
    assert stored is not None and stored.ranks == [{"n": winner}]
    assert [r.mu for r in await pg_store.ratings(G1)] == [float(winner)]

    lg, season = await pg_store.create_league(LeagueRecord(0, G1, "Race", {}),
                                              SeasonRecord(0, 0, 1, "open", 1.0))
    rounds = await asyncio.gather(*(pg_store.create_round(
        RoundRecord(season, 1, 2.0, k), [TableRecord(0, season, 1, 1, None, [{"k": k}])])
        for k in range(6)), return_exceptions=True)
    assert sum(isinstance(r, list) for r in rounds) == 1
    assert sum(isinstance(r, StorageError) for r in rounds) == 5
    [table] = await pg_store.league_tables(season)
    assert table.seats == [{"k": (await pg_store.rounds(season))[0].started_by}]

    set_results = await asyncio.gather(*(pg_store.set_table_result(table.id, {"k": k})
                                         for k in range(6)))
    assert sorted(set_results) == [False] * 5 + [True]

    archived = await asyncio.gather(*(pg_store.archive_season(
        season, [{"k": k}], [], 5.0, SeasonRecord(0, lg, 2, "open", 5.0)) for k in range(6)),
        return_exceptions=True)
    assert sum(isinstance(a, int) for a in archived) == 1
    assert sum(isinstance(a, StorageError) for a in archived) == 5
    assert [(s.number, s.status) for s in await pg_store.seasons(lg)] == [
        (1, "finished"), (2, "open")]
