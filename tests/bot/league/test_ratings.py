"""Ratings (bot/league/ratings.py): openskill Plackett–Luce updates from finishing order,
checked by hand and against invariants; finishing order from real games (AI seats unrated,
concessions and AI-played seats last, shared victories tied); void and recompute."""

from __future__ import annotations

import math
from typing import Any

import pytest

from bot.league import ratings as RT
from bot.league.ratings import MU, SIGMA, Ratings, fresh, ordinal, rate, replay, result_ranks
from bot.storage.base import FINISHED, GameRecord, RatedResult, SeatRecord, Store
from bot.storage.base import Rating as Row
from hadara import scoring
from hadara.simulate import random_game
from tests.support.stores import StoreFactory

G = 5  # the guild


def ranks_of(*ranks: int) -> list[dict[str, Any]]:
    """A result whose people are users 1, 2, … with these ranks."""
    return [{"user": i + 1, "rank": r, "win": r == 1} for i, r in enumerate(ranks)]


def test_two_players_by_hand() -> None:
    """openskill's Plackett–Luce (Weng & Lin 2011, algorithm 4) computed independently:
    sigma first grows by tau (dynamics), then c² = Σ (σ² + β²); for the winner
    mu += σ²/c · (1 − ½) and sigma *= sqrt(1 − γ·σ²/c²·¼) with γ = σ/c; the loser mirrors
    the mu change."""
    mu, sigma, beta, tau = 25.0, 25.0 / 3, 25.0 / 6, 25.0 / 300
    s2 = sigma ** 2 + tau ** 2
    c = math.sqrt(2 * (s2 + beta ** 2))
    gamma = math.sqrt(s2) / c
    win_mu = mu + s2 / c * 0.5
    lose_mu = mu - s2 / c * 0.5
    new_sigma = math.sqrt(s2) * math.sqrt(max(1 - gamma * s2 / c ** 2 * 0.25, 1e-4))
    out = rate({}, ranks_of(1, 2), G)
    assert out[1].mu == pytest.approx(win_mu, abs=1e-9)  # 27.6354
    assert out[2].mu == pytest.approx(lose_mu, abs=1e-9)  # 22.3646
    assert out[1].sigma == pytest.approx(new_sigma, abs=1e-9)  # 8.0659
    assert out[2].sigma == pytest.approx(new_sigma, abs=1e-9)
    assert win_mu == pytest.approx(27.635389, abs=1e-5)
    assert (out[1].games, out[1].wins, out[2].wins) == (1, 1, 0)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_invariants_for_two_to_five_players(n: int) -> None:
    out = rate({}, ranks_of(*range(1, n + 1)), G)
    assert out[1].mu > MU > out[n].mu  # the winner of an even table gains, the last loses
    mus = [out[u].mu for u in range(1, n + 1)]
    assert mus == sorted(mus, reverse=True)  # better place, better rating
    assert all(out[u].sigma < SIGMA for u in out)  # every game teaches something
    # a tie between equals changes nothing between them
    if n >= 3:
        tied = rate({}, ranks_of(1, 2, 2, *range(4, n + 1)), G)
        assert tied[2].mu == pytest.approx(tied[3].mu)
        assert tied[2].sigma == pytest.approx(tied[3].sigma)
    # a shared victory is a tie for first: the winners gain alike
    shared = rate({}, ranks_of(1, 1, *range(3, n + 1)), G)
    assert shared[1].mu == pytest.approx(shared[2].mu)
    if n > 2:
        assert shared[1].mu > MU
    # everybody tied: nobody moves
    flat = rate({}, ranks_of(*[1] * n), G)
    assert all(flat[u].mu == pytest.approx(MU) for u in flat)


def test_stronger_loser_loses_more() -> None:
    strong = Row(G, 1, 35.0, 4.0)
    weak = Row(G, 2, 20.0, 4.0)
    upset = rate({1: strong, 2: weak}, [{"user": 2, "rank": 1}, {"user": 1, "rank": 2}], G)
    expected = rate({1: strong, 2: weak}, [{"user": 1, "rank": 1}, {"user": 2, "rank": 2}], G)
    assert strong.mu - upset[1].mu > expected[1].mu - strong.mu > 0


def test_one_rated_person_counts_the_game_only() -> None:
    out = rate({}, [{"user": 9, "rank": 1, "win": True}], G)
    assert (out[9].mu, out[9].sigma, out[9].games, out[9].wins) == (MU, SIGMA, 1, 1)
    assert ordinal(MU, SIGMA) == pytest.approx(0.0)


def seats(n: int, users: dict[int, int], *, conceded: tuple[int, ...] = ()) -> list[SeatRecord]:
    return [SeatRecord(s, f"S{s}", user_id=users.get(s),
                       ai_level=None if s in users else "greedy", conceded=s in conceded)
            for s in range(n)]


def test_finishing_order_from_a_game() -> None:
    game = random_game(5, 3)
    order = [r["seat"] for r in scoring.ranking(game)]  # 1, 2, 3, 0, 4 (no ties)
    users = {s: 100 + s for s in range(5) if s != order[0]}  # the winner is an AI
    out = result_ranks(game, seats(5, users), {})
    assert [r["seat"] for r in out] == order[1:]  # the AI seat is not rated
    assert [r["rank"] for r in out] == [1, 2, 3, 4]  # ranks among the rated people
    assert not any(r["win"] for r in out)  # the AI won the game
    # a concession and an AI-played seat (ai_share > 0.5) rank last, tied
    first, second = order[1], order[2]
    out = result_ranks(game, seats(5, users, conceded=(first,)), {second: 0.75})
    assert [r["seat"] for r in out][-2:] == sorted([first, second])
    assert [r["rank"] for r in out] == [1, 2, 3, 3]
    assert all(r["last"] for r in out[-2:])
    # half played by the AI is not "most of the game"
    out = result_ranks(game, seats(5, users), {second: 0.5})
    assert out[1]["seat"] == second and not out[1]["last"]
    # a stand-in AI seat is rated as its user and never demoted for being an AI
    out = result_ranks(game, seats(5, {}), {s: 1.0 for s in range(5)},
                       stand_ins={s: 100 + s for s in range(5)})
    assert [r["user"] for r in out] == [100 + s for s in order]
    assert out[0]["win"] and out[0]["rank"] == 1


def test_shared_victory_is_a_tie(monkeypatch: pytest.MonkeyPatch) -> None:
    game = random_game(3, 4)
    table = [dict(t) for t in scoring.scores(game)]
    for t in table:
        t["total"] = 50
    game.coins = [7, 7, 3]
    monkeypatch.setattr(scoring, "scores", lambda state: table)
    out = result_ranks(game, seats(3, {0: 1, 1: 2, 2: 3}), {})
    assert [(r["user"], r["rank"], r["win"]) for r in out] == [
        (1, 1, True), (2, 1, True), (3, 3, False)]  # points tie, coins tie: shared victory
    new = rate({}, out, G)
    assert new[1].mu == pytest.approx(new[2].mu) and new[1].mu > new[3].mu


# ------------------------------------------------------------------ stored: void, recompute

async def add_game(store: Store) -> int:
    rec = GameRecord(id=0, status=FINISHED, variant="basic", options={"rated": True},
                     created_at=1.0, updated_at=1.0)
    return await store.create_game(rec)


async def test_record_void_and_recompute(make_store: StoreFactory) -> None:
    store = make_store("r", clock=lambda: 123.0)
    await store.open()
    try:
        svc = Ratings(store, clock=lambda: 123.0)
        orders = [(1, 2, 3, 4), (4, 3, 2, 1), (2, 1, 4, 3), (1, 1, 3, 4), (3, 4, 1, 2)]
        results = []
        for i, order in enumerate(orders):
            gid = await add_game(store)
            results.append(RatedResult(gid, G, 1000.0 + i, ranks_of(*order)))
        # recorded out of order (a catch-up): the same ratings as in order
        for res in [results[0], results[2], results[1], results[4], results[3]]:
            assert await svc.record(res) is True
        assert await svc.record(results[1]) is False  # a duplicate is ignored
        in_order = replay(G, results)
        assert await store.ratings(G) == in_order
        assert [r.games for r in in_order] == [5, 5, 5, 5]
        # voiding a result replays the others
        await svc.void(results[1].game_id, by_user=42)
        voided = await store.rated_result(results[1].game_id)
        assert voided is not None and voided.voided and voided.voided_by == 42
        without = replay(G, [r for i, r in enumerate(results) if i != 1])
        assert await store.ratings(G) == without
        assert [r.games for r in without] == [4, 4, 4, 4]
        # deterministic: recomputing changes nothing; restoring gives the first ratings back
        assert await svc.recompute(G) == without
        await svc.void(results[1].game_id, voided=False)
        assert await store.ratings(G) == in_order
        # other guilds are separate
        assert await store.ratings(G + 1) == []
        assert (await svc.rating(G + 1, 1)) == fresh(G + 1, 1)
        board = await svc.leaderboard(G, 3)
        assert len(board) == 3
        assert [b["rating"] for b in board] == sorted((b["rating"] for b in board), reverse=True)
        assert all(b["text"].startswith(f"{b['position']}. ") for b in board)
        with pytest.raises(KeyError):
            await svc.void(999)
    finally:
        await store.close()


def test_model_defaults() -> None:
    assert (RT.MODEL.mu, RT.MODEL.sigma, RT.MODEL.beta) == pytest.approx(
        (25.0, 25.0 / 3, 25.0 / 6))
