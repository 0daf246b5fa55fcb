"""Post-game review (hadara/ai/review.py, bot/service/review.py): a planted blunder is named
first, a greedy seat loses nothing by the greedy measure, the output is plain JSON and
deterministic, and the job runs in a spawn process pool and through the service."""

from __future__ import annotations

import json
import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService, ImageCache, Refusal
from bot.service.review import render_moments, review_job, review_pool_job
from bot.storage import SqliteStore
from hadara import driver, save
from hadara.ai import make_agent
from hadara.ai.greedy import evaluator, scored_actions
from hadara.ai.review import review
from hadara.engine import Game
from hadara.errors import BadSave
from hadara.state import DRAFT
from hadara.views import view

PNG = b"\x89PNG\r\n\x1a\n"
HOST = 1


def planted_game(players: int = 2, seed: int = 3,
                 min_gap: float = 3.0) -> tuple[Game, int, dict[str, Any]]:
    """Greedy for every seat, except that seat 0 sells, at its first draft pick where the
    evaluation puts the buy at least ``min_gap`` points ahead, the card greedy buys.
    Returns the finished game, the blunder's log index and greedy's buy."""
    game = Game.new([f"P{i}" for i in range(players)], seed=seed)
    agent = make_agent("greedy", seed=1)
    ev = evaluator()
    index, buy = -1, None
    while not game.is_over:
        d = driver.next_decision(game)
        assert d is not None
        action = d.actions[0] if d.forced else agent.choose(view(game, d.seat), d.actions)
        if (buy is None and d.seat == 0 and game.step == DRAFT and not d.forced
                and action["mode"] == "buy"):
            sell = next(a for a in d.actions if a["mode"] == "sell"
                        and a["card"] == action["card"])
            values = {json.dumps(a, sort_keys=True): v
                      for v, a in scored_actions(ev, game, 0, d.actions)}
            gap = values[json.dumps(action, sort_keys=True)] - values[
                json.dumps(sell, sort_keys=True)]
            if gap >= min_gap:
                assert game.log is not None
                index, buy, action = len(game.log), action, sell
        game.apply(d.seat, action, d.id)
    assert buy is not None, "no draft pick to plant a blunder at"
    return game, index, buy


@pytest.fixture(scope="module")
def planted() -> tuple[dict[str, Any], int, dict[str, Any]]:
    game, index, buy = planted_game()
    return save.to_dict(game), index, buy


def without_views(result: dict[str, Any]) -> dict[str, Any]:
    return {**result, "items": [{k: v for k, v in i.items() if k not in ("view", "image")}
                                for i in result["items"]]}


def test_the_planted_blunder_is_named_first(planted: tuple[dict[str, Any], int, Any]) -> None:
    data, index, buy = planted
    out = review(data, 0)
    first = out["items"][0]
    assert first["index"] == index
    assert first["kind"] == "draft"
    assert first["taken"]["mode"] == "sell" and first["taken"]["card"] == buy["card"]
    assert first["best"] == buy
    assert first["loss"] >= 3.0
    assert first["loss"] == pytest.approx(first["value_best"] - first["value_taken"], abs=0.02)
    assert first["taken_label"].startswith("Sell") and first["best_label"].startswith("Buy")
    assert first["reason"].startswith(first["best_label"])
    assert "points" in first["your_move"]
    # the view at that moment: the seat's own, with the decision the seat faced
    assert first["view"]["viewer"] == 0
    assert first["view"]["private"]["decision_id"] == first["decision_id"]
    assert first["taken"] in first["view"]["private"]["legal_actions"]
    # every other decision of seat 0 was greedy's: by the greedy measure nothing else is lost
    assert len(out["items"]) == 1
    s = out["summary"]
    assert s["unit"] == "points" and s["level"] == "greedy"
    assert s["total_loss"] == first["loss"] and s["agreed"] == s["decisions"] - 1
    assert s["decisions"] > 30 and s["by_kind"]["draft"]["loss"] == first["loss"]


def test_a_greedy_seat_loses_nothing_by_the_greedy_measure(
        planted: tuple[dict[str, Any], int, Any]) -> None:
    data, _, _ = planted
    out = review(data, 1)
    assert out["items"] == [] and out["summary"]["total_loss"] == 0.0
    assert out["summary"]["agreed"] == out["summary"]["decisions"] > 30


def test_output_is_json_and_deterministic(planted: tuple[dict[str, Any], int, Any]) -> None:
    data, _, _ = planted
    a, b = review(data, 0, top=3), review(data, 0, top=3)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    r1 = review(data, 0, level="rollout", budget=2)
    r2 = review(data, 0, level="rollout", budget=2)
    assert json.dumps(r1, sort_keys=True) == json.dumps(r2, sort_keys=True)
    assert all(i["loss"] > 0 for i in r1["items"]) and len(r1["items"]) <= 5
    assert r1["summary"]["total_loss"] >= sum(i["loss"] for i in r1["items"]) - 0.05
    assert [i["loss"] for i in r1["items"]] == sorted((i["loss"] for i in r1["items"]),
                                                      reverse=True)


def test_only_and_refusals(planted: tuple[dict[str, Any], int, Any]) -> None:
    data, index, _ = planted
    out = review(data, 0, only=[i for i in range(len(data["actions"])) if i != index])
    assert out["items"] == [] and out["summary"]["skipped"] >= 1
    assert review(data, 0, top=0)["items"] == []
    with pytest.raises(ValueError):
        review(data, 2)
    with pytest.raises(ValueError):
        review(data, 0, level="oracle")
    with pytest.raises(BadSave):
        review({**data, "actions": data["actions"][:5] + [{"seat": 0, "action": {}}]}, 0)


def test_the_job_runs_in_a_spawn_pool(planted: tuple[dict[str, Any], int, Any]) -> None:
    data, index, _ = planted
    here = review(data, 0)
    with ProcessPoolExecutor(1, multiprocessing.get_context("spawn")) as pool:
        there = pool.submit(review_pool_job, data, 0, 5, "greedy", 8, None, None, None).result()
        pngs = pool.submit(render_moments, [i["view"] for i in there["items"]], None,
                           None).result()
    assert there == here and there["items"][0]["index"] == index
    assert len(pngs) == 1 and pngs[0].startswith(PNG)


async def test_review_job_through_the_service(tmp_path: Path) -> None:
    """A person plays greedy's moves through submit, but for one planted sale; the review of
    their seat names it, with its picture; the AI seat has no decisions of a person."""
    with ProcessPoolExecutor(1, multiprocessing.get_context("spawn")) as pool:
        store = SqliteStore(tmp_path / "games.sqlite3")
        await store.open()
        svc = GameService(store, ai_pool=pool, image_cache=ImageCache(8 << 20))
        await svc.open()
        try:
            gid = await svc.create(HOST, "Host", seats=2)
            await svc.add_ai(gid, "greedy")
            await svc.start(gid, HOST)
            await svc.idle(gid)
            me = await svc.seat_of(gid, HOST)
            assert me is not None
            with pytest.raises(Refusal) as info:
                await review_job(svc, gid, me)
            assert info.value.code == "bad_request" and info.value.reason == "not_finished"
            agent, planted_at = make_agent("greedy", seed=1), -1
            while (await svc.load(gid)).record.status == "active":
                waiting = [w for w in await svc.waiting(gid) if w.seat == me]
                assert waiting, "the game waits for the AI only"
                mine = await svc.view(gid, me)
                actions = mine["private"]["legal_actions"]
                action = agent.choose(mine, actions)
                if planted_at < 0 and mine["step"] == DRAFT and action["mode"] == "buy":
                    action = next(a for a in actions if a["mode"] == "sell"
                                  and a["card"] == action["card"])
                    game = (await svc.load(gid)).game
                    assert game is not None and game.log is not None
                    planted_at = len(game.log)
                await svc.submit(gid, HOST, waiting[0].decision_id, action)
                await svc.idle(gid)
            out = await review_job(svc, gid, me, level="greedy")
            items = out["items"]
            assert out["summary"]["decisions"] > 20
            assert items[0]["index"] == planted_at and items[0]["taken"]["mode"] == "sell"
            assert all(i["image"].startswith(PNG) for i in items)
            assert items == sorted(items, key=lambda i: (-i["loss"], i["index"]))
            json.dumps(without_views(out))
            # the bot's measure by default: the rollout judged by the expert's forecast
            expert = await review_job(svc, gid, me, images=False)
            summary = expert["summary"]
            assert summary["level"] == "rollout" and summary["budget"] == 8
            assert summary["decisions"] == out["summary"]["decisions"]
            found = expert["items"]
            assert found and found == sorted(found, key=lambda i: (-i["loss"], i["index"]))
            assert all(i["loss"] > 0 and i["best"] != i["taken"] for i in found)
            ai = await review_job(svc, gid, 1 - me, images=False)
            assert ai["summary"]["decisions"] == 0 and ai["items"] == []
            with pytest.raises(Refusal) as info:
                await review_job(svc, gid, 2)
            assert info.value.code == "not_seated"
        finally:
            await svc.close()
            await store.close()


@pytest.mark.slow
def test_a_five_player_review_takes_seconds() -> None:
    game, index, _ = planted_game(players=5, seed=11)
    data = save.to_dict(game)
    t = time.perf_counter()
    out = review(data, 0)
    greedy_s = time.perf_counter() - t
    assert out["items"][0]["index"] == index and greedy_s < 10
    t = time.perf_counter()
    review(data, 0, level="rollout", budget=8)
    assert time.perf_counter() - t < 180
