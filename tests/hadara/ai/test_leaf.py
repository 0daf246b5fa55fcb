"""The fitted leaf (hadara/ai/leaf.py) and its fitting (hadara/ai/fit.py): the shipped weights
fit the shipped content, forecast the final score exactly once the game is over, and a damaged
weights file is refused with the field at fault; the fit recovers a known linear law and writes
the same file from the same command."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from hadara.ai import fit
from hadara.ai.evaluation import N_TERMS, TERMS
from hadara.ai.greedy import evaluator, greedy_action
from hadara.ai.leaf import WEIGHTS_FILE, Leaf, LeafError, load
from hadara.content import default_catalog
from hadara.engine import Game


def shipped() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    return data


def test_the_shipped_weights_fit_the_shipped_content() -> None:
    data = shipped()
    assert data["content_version"] == default_catalog().version, (
        "data/ changed since the leaf was fitted: refit with " + data["command"])
    assert data["terms"] == list(TERMS)
    assert data["command"].startswith("python -m hadara fit-leaf")
    leaf = load()
    for n in (2, 3, 4, 5):
        # every stage a playout can end at: the end of each phase (at the end of the game
        # the search reads the true scores)
        for stage in (3, 8, 11, 16, 19):
            m = leaf.model(n, stage)
            assert m is not None and len(m.weights) == N_TERMS + 1 and m.sigma > 0
            assert m.rows > 1000


def test_the_forecast_is_the_final_score_once_the_game_is_over() -> None:
    ev = evaluator()
    leaf = load()
    for n, seed in ((2, 1), (3, 2), (5, 3)):
        game = Game.new([f"P{i}" for i in range(n)], "basic", seed, quiet=True)
        while not game.is_over:
            seat = game.waiting_on()[0]
            acts = game.legal_actions(seat)
            game.apply(seat, greedy_action(ev, game, seat, acts), check=False)
        for seat, row in enumerate(game.scores()):
            forecast, sigma = leaf.forecast(ev, game, seat)
            assert forecast == pytest.approx(row["total"], abs=0.5)


def test_the_forecast_is_closer_than_the_evaluation() -> None:
    """At the start of epoch III (where search cuts its playouts) the forecast of a greedy
    seat's final points is within tens of points; the evaluation itself is far below."""
    ev = evaluator()
    leaf = load()
    errors_fit, errors_eval = [], []
    for seed in range(6):
        game = Game.new(["a", "b", "c"], "basic", 100 + seed, quiet=True)
        at: list[tuple[float, float]] = []
        while not game.is_over:
            seat = game.waiting_on()[0]
            acts = game.legal_actions(seat)
            if game.epoch == 3 and game.step == "wheel" and not at:
                for s in range(3):
                    ctx = ev.ctx(game, s)
                    at.append((leaf.forecast(ev, game, s)[0],
                               ev.value(ev.pos(game, s, ctx), ctx)))
            game.apply(seat, greedy_action(ev, game, seat, acts), check=False)
        for (f, e), row in zip(at, game.scores(), strict=True):
            errors_fit.append(abs(f - row["total"]))
            errors_eval.append(abs(e - row["total"]))
    assert sum(errors_fit) / len(errors_fit) < 25
    assert sum(errors_fit) < 0.5 * sum(errors_eval)


@pytest.mark.parametrize(("damage", "field"), [
    (lambda d: d.update(format=2), "format"),
    (lambda d: d.update(terms=d["terms"][:-1]), "terms"),
    (lambda d: d.update(models=[]), "models"),
    (lambda d: d["models"].update({"7": {}}), "models.7"),
    (lambda d: d["models"]["2"].update({"x": {}}), "models.2.x"),
    (lambda d: d["models"]["2"]["8"].update(w=[1.0, 2.0]), "models.2.8.w"),
    (lambda d: d["models"]["2"]["8"].update(w=["1"] * (N_TERMS + 1)), "models.2.8.w"),
    (lambda d: d["models"]["2"]["8"].update(sigma=0), "models.2.8.sigma"),
    (lambda d: d["models"]["2"]["8"].update(sigma=True), "models.2.8.sigma"),
    (lambda d: d["models"]["2"]["8"].update(rows=-1), "models.2.8.rows"),
])
def test_damaged_weights_are_refused_naming_the_field(damage: Any, field: str) -> None:
    data = copy.deepcopy(shipped())
    damage(data)
    with pytest.raises(LeafError, match=f"leaf_weights.json: field '{field}'"):
        Leaf(data, "leaf_weights.json")


def test_an_unreadable_or_broken_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(LeafError, match="missing.json: cannot be read"):
        load(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(LeafError, match="broken.json: not JSON"):
        load(broken)


def test_the_fit_recovers_a_linear_law() -> None:
    """Rows made by final = 2·banked + 0.5·coins + 30 (plus nothing else) give back those
    weights; sigma is the spread of the pairwise error (zero here, floored at 1)."""
    rng = random.Random(4)
    games: list[fit.GameData] = []
    for _ in range(60):
        seats = []
        for _s in range(2):
            terms = [0.0] * N_TERMS
            terms[0], terms[2] = rng.uniform(0, 100), rng.uniform(0, 40)
            seats.append(terms)
        final = [round(2 * t[0] + 0.5 * t[2] + 30) for t in seats]
        # rounding to whole points is the only noise
        games.append(([(8, seats)], final))
    model = fit.fit_games(2, games)["8"]
    w = model["w"]
    assert w[0] == pytest.approx(2, abs=0.01) and w[2] == pytest.approx(0.5, abs=0.02)
    assert w[-1] == pytest.approx(30, abs=1.0)
    assert all(abs(x) < 1e-6 for i, x in enumerate(w[:-1]) if i not in (0, 2))
    assert model["rows"] == 120 and 1.0 <= model["sigma"] < 1.5


def test_the_same_command_fits_the_same_weights() -> None:
    a = fit.run(games=3, players=[2], seed=5)
    b = fit.run(games=3, players=[2], seed=5)
    a.pop("seconds"), b.pop("seconds")
    assert a == b and a["models"]["2"]
    c = fit.run(games=3, players=[2], seed=6)
    assert c["models"] != a["models"]
