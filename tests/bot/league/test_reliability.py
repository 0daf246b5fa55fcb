"""Reliability where people sit down (docs/leagues.md, "Profiles and reliability"; docs/security.md,
"Profiles"): the access policy's answer on whose figures a viewer sees, a lobby's figures (that
server only, never theirs who hide them), a table's and a league's minimum finish rate (new
players always pass; a refused join writes nothing), a profile as each viewer sees it, and the
profiles' cache warmed at start — over the scripted season of test_profiles.py, on every store."""

from __future__ import annotations

import statistics
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from bot import access
from bot.access import Actor, Figures
from bot.league.app import Leagues
from bot.league.sim import InlineExecutor, SimClock
from bot.service import refusals
from bot.service.refusals import Refusal
from bot.service.reliability import HIDE_FIGURES, MIN_FINISH
from bot.service.service import GameService
from bot.storage.base import Store
from tests.bot.league.test_profiles import A, B, Script, season, store_season, vacation_of_102
from tests.support.stores import StoreFactory

MANAGER = Actor(900, A, manage_guild=True)
MEMBER = Actor(901, A)


# ------------------------------------------------------------------ the policy (pure)

@pytest.mark.parametrize(("actor", "hidden", "want"), [
    (Actor(101, A), True, Figures.ALL),  # one's own, hidden or not
    (Actor(101, None), True, Figures.ALL),  # one's own, from a DM
    (MEMBER, False, Figures.ALL),
    (None, False, Figures.ALL),  # a lobby everyone reads
    (MEMBER, True, Figures.PUBLIC),
    (None, True, Figures.PUBLIC),
    (MANAGER, True, Figures.RELIABILITY),  # managers still see reliability
    (Actor(900, A, manage_threads=True), True, Figures.PUBLIC),  # a table's power is not it
    (Actor(900, B, manage_guild=True), True, Figures.PUBLIC),  # another server's manager
    (Actor(901, B), False, Figures.PUBLIC),  # figures are a server's own
    (Actor(901, None), False, Figures.PUBLIC),
])
def test_who_sees_a_persons_figures(actor: Actor | None, hidden: bool, want: Figures) -> None:
    assert access.figures(actor, 101, A, hidden=hidden) is want


def test_the_profile_button_is_an_operation_of_the_policy() -> None:
    assert access.operation_of_component("profile") == "ratings"
    assert access.decide_server(Actor(5, None), "ratings").reason == access.SERVER_ONLY


# ------------------------------------------------------------------ through the service

@dataclass
class Env:
    store: Store
    games: GameService
    leagues: Leagues
    scripts: list[Script]


@pytest.fixture
async def env(make_store: StoreFactory) -> AsyncIterator[Env]:
    clock = SimClock()
    store = make_store("reliability", clock=clock)
    await store.open()
    scripts = season()
    await store_season(store, scripts)
    await store.add_vacation(vacation_of_102(scripts))
    games = GameService(store, clock=clock, ai_pool=InlineExecutor(),
                        render_pool=InlineExecutor())
    await games.open()
    leagues = Leagues(games)
    await leagues.start()
    try:
        yield Env(store, games, leagues, scripts)
    finally:
        leagues.stop()
        await games.close()
        await store.close()


async def table(env: Env, host: int = 500, minimum: float | None = None,
                guild: int = A) -> int:
    options: dict[str, object] = {} if minimum is None else {MIN_FINISH: minimum}
    gid = await env.games.create(host, f"H{host}", seats=5, options=options)
    await env.games.set_discord(gid, {"guild": guild, "channel": 1, "thread": 2})
    return gid


async def test_the_cache_is_warmed_at_start(env: Env) -> None:
    await env.leagues.warmed()
    finished = [s.record.id for s in env.scripts if s.record.status == "finished"]
    assert sorted(env.leagues.profiles._facts) == sorted(finished)


async def test_a_lobby_shows_the_figures_of_its_server_only_and_not_the_hidden(env: Env) -> None:
    rel = await env.leagues.reliability(A, [101, 102, 103, 104])
    gid = await table(env)
    for u in (101, 102, 104):
        await env.games.join(gid, u, f"P{u}")
    await env.games.set_user_settings(102, {HIDE_FIGURES: True})
    lobby = await env.games.lobby_state(gid)
    assert set(lobby.reliability) == {500, 101, 104}  # 102 hides
    assert lobby.reliability[500].new and lobby.reliability[500].games == 0  # never played
    assert lobby.reliability[101] == rel[101]
    assert lobby.reliability[101].finish_rate == pytest.approx(6 / 7)  # game 3 conceded
    assert lobby.reliability[104].new and lobby.reliability[104].games == 4
    # the same people at a table of server B: only B's one game of 101 counts
    other = await table(env, host=501, guild=B)
    await env.games.join(other, 101, "P101")
    there = await env.games.lobby_state(other)
    assert there.reliability[101].games == 1 and there.reliability[101].new
    # once it started the lobby no longer shows them
    await env.games.start(gid, 500)
    assert (await env.games.lobby_state(gid)).reliability == {}


async def test_a_tables_minimum_finish_rate(env: Env) -> None:
    rel = await env.leagues.reliability(A, [101, 102, 103, 104, 105])
    assert rel[103].finish_rate == pytest.approx(0.8) and not rel[103].new
    gid = await table(env, minimum=85)
    lobby = await env.games.lobby_state(gid)
    assert lobby.min_finish == pytest.approx(0.85)
    with pytest.raises(Refusal) as refused:
        await env.games.join(gid, 103, "P103")
    assert refused.value.code == refusals.FINISH_RATE
    assert refused.value.params == {"percent": 80, "minimum": 85}
    assert [s.user_id for s in (await env.games.lobby_state(gid)).seats] == [500]  # unchanged
    await env.games.join(gid, 101, "P101")  # 6/7 ≥ 85 %
    await env.games.join(gid, 104, "P104")  # new: never refused for their figures
    await env.games.join(gid, 105, "P105")
    # hiding one's figures does not lower the bar
    await env.games.set_user_settings(103, {HIDE_FIGURES: True})
    with pytest.raises(Refusal):
        await env.games.join(gid, 103, "P103")
    # a minimum is a percentage 0–100; 0 is none
    with pytest.raises(Refusal) as bad:
        await env.games.create(1, "x", seats=4, options={MIN_FINISH: 101})
    assert bad.value.reason == "bad_min_finish"
    none = await env.games.create(2, "y", seats=4, options={MIN_FINISH: 0})
    assert (await env.games.lobby_state(none)).min_finish is None


async def test_a_leagues_minimum_finish_rate_and_its_sign_ups(env: Env) -> None:
    lg = await env.leagues.leagues.create_league(A, "Slow", min_finish=85)
    assert lg["settings"][MIN_FINISH] == pytest.approx(0.85)
    with pytest.raises(Refusal) as refused:
        await env.leagues.leagues.join(lg["id"], 103, "P103")
    assert refused.value.code == refusals.FINISH_RATE
    for u in (101, 104):
        await env.leagues.leagues.join(lg["id"], u, f"P{u}")
    await env.games.set_user_settings(101, {HIDE_FIGURES: True})
    seen = {u: r for u, _, r in await env.leagues.sign_ups(MEMBER, lg["id"])}
    assert seen[101] is None and seen[104] is not None and seen[104].new
    managed = {u: r for u, _, r in await env.leagues.sign_ups(MANAGER, lg["id"])}
    assert managed[101] is not None and managed[101].finish_rate == pytest.approx(6 / 7)
    with pytest.raises(Refusal):
        await env.leagues.leagues.create_league(A, "Bad", min_finish=-1)


async def test_a_profile_as_each_viewer_sees_it(env: Env) -> None:
    mine = await env.leagues.profile_view(Actor(101, A), A, 101)
    p = mine.profile
    assert mine.shown is Figures.ALL and p.games == 7 and p.rivals and p.colours
    # the mean score, recomputed from the scripted games
    totals = [sc.game.scores()[s.seat]["total"] for sc in env.scripts
              for s in sc.record.seats if s.user_id == 101 and sc.record.id in (1, 2, 3, 4, 5,
                                                                               9, 10)]
    assert p.mean_score == pytest.approx(round(statistics.fmean(totals), 2))
    assert sum(v for _, v in p.mean_by_category) == pytest.approx(p.mean_score, abs=0.1)
    await env.games.set_user_settings(101, {HIDE_FIGURES: True})
    member = await env.leagues.profile_view(MEMBER, A, 101)
    q = member.profile
    assert member.shown is Figures.PUBLIC and member.hidden
    assert (q.games, q.wins) == (p.games, p.wins)  # what the leaderboard shows anyway
    assert q.finish_rate is None and q.deadlines_met is None
    assert set(q.median_move.values()) == {None}
    assert not q.rivals and not q.colours and q.best_game is None and q.mean_score is None
    manager = await env.leagues.profile_view(MANAGER, A, 101)
    r = manager.profile
    assert manager.shown is Figures.RELIABILITY
    assert r.finish_rate == p.finish_rate and r.median_move == p.median_move
    assert not r.rivals and r.best_game is None
    assert (await env.leagues.profile_view(Actor(1, B), A, 101)).shown is Figures.PUBLIC
