"""A fitted leaf: a seat's final points predicted from its position, for search.

The hand-written evaluation (evaluation.py) was tuned to compare the positions one action
apart; as a forecast of the final score it is far off (at the start of epoch II it is about 130
points low, and how the seats will finish correlates 0.49 with its differences). Search needs
the forecast: it cuts its playouts at the end of an epoch and compares the seats there. So the
leaf weighs the evaluation's parts (:data:`~hadara.ai.evaluation.TERMS`) with weights fitted
on self-play outcomes, one linear model per player count and stage, and knows how far off it
usually is (``sigma``: the spread of its errors on the difference between two seats), which
sets how sure a lead of so many points is.

The weights live in ``leaf_weights.json`` beside this module, written by ``python -m hadara
fit-leaf`` (``hadara.ai.fit``), which records its own command line and the content version
it was fitted on. Pure data and arithmetic: no I/O after loading, deterministic.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .evaluation import N_TERMS, TERMS, Evaluator

if TYPE_CHECKING:
    from ..engine import Game

WEIGHTS_FILE = Path(__file__).resolve().parent / "leaf_weights.json"
FORMAT = 1


class LeafError(ValueError):
    """Bad leaf weights: names the file and the field at fault."""


@dataclass(frozen=True)
class StageModel:
    weights: tuple[float, ...]  # one per term, then the constant
    sigma: float  # spread of the error on the difference between two seats' forecasts
    rows: int  # positions it was fitted on


class Leaf:
    """Per player count and stage (:attr:`~hadara.ai.evaluation.Ctx.stage`), a linear
    forecast of a seat's final points from the terms of its position."""

    def __init__(self, data: dict[str, Any], source: str = "leaf weights") -> None:
        def bad(field: str, why: str) -> LeafError:
            return LeafError(f"{source}: field '{field}': {why}")

        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise bad("format", f"must be {FORMAT}")
        if data.get("terms") != list(TERMS):
            raise bad("terms", "must name the evaluation's terms in order "
                               "(refit with python -m hadara fit-leaf)")
        self.content_version: str = str(data.get("content_version", ""))
        self.command: str = str(data.get("command", ""))
        self.models: dict[tuple[int, int], StageModel] = {}
        models = data.get("models")
        if not isinstance(models, dict):
            raise bad("models", "must be an object of player counts")
        for n_key, stages in models.items():
            if not (isinstance(n_key, str) and n_key.isdigit() and 2 <= int(n_key) <= 5):
                raise bad(f"models.{n_key}", "player counts are 2 to 5")
            if not isinstance(stages, dict):
                raise bad(f"models.{n_key}", "must be an object of stages")
            for stage_key, m in stages.items():
                where = f"models.{n_key}.{stage_key}"
                if not (isinstance(stage_key, str) and stage_key.isdigit()):
                    raise bad(where, "stages are whole numbers")
                if not isinstance(m, dict):
                    raise bad(where, "must be an object")
                w = m.get("w")
                if (not isinstance(w, list) or len(w) != N_TERMS + 1
                        or not all(type(x) in (int, float) for x in w)):
                    raise bad(f"{where}.w", f"must be {N_TERMS + 1} numbers")
                sigma = m.get("sigma")
                if not isinstance(sigma, int | float) or isinstance(sigma, bool) or sigma <= 0:
                    raise bad(f"{where}.sigma", "must be a positive number")
                rows = m.get("rows")
                if type(rows) is not int or rows < 0:
                    raise bad(f"{where}.rows", "must be a whole number")
                self.models[(int(n_key), int(stage_key))] = StageModel(
                    tuple(float(x) for x in w), float(sigma), rows)

    def model(self, n: int, stage: int) -> StageModel | None:
        return self.models.get((n, stage))

    def forecast(self, ev: Evaluator, game: Game, seat: int) -> tuple[float, float]:
        """(the seat's forecast final points, the sigma of the stage's model); without a
        model for the stage, the evaluation's own value and a default spread."""
        ctx = ev.ctx(game, seat)
        terms = ev.terms(ev.pos(game, seat, ctx), ctx)
        m = self.models.get((game.n, ctx.stage))
        if m is None:
            return sum(terms), DEFAULT_SIGMA
        w = m.weights
        v = w[-1]
        for i in range(N_TERMS):
            v += w[i] * terms[i]
        return v, m.sigma


DEFAULT_SIGMA = 20.0  # a stage without a model: about the spread of the early stages'
_LOADED: dict[Path, Leaf] = {}


def load(path: Path = WEIGHTS_FILE) -> Leaf:
    """The leaf weights at ``path`` (the shipped ones by default), read once per process."""
    leaf = _LOADED.get(path)
    if leaf is None:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise LeafError(f"{path.name}: cannot be read ({exc.strerror})") from None
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise LeafError(f"{path.name}: not JSON ({exc})") from None
        leaf = _LOADED[path] = Leaf(data, path.name)
    return leaf
