"""Fuzzing: malformed actions, wrong seats, stale ids and damaged saves thrown at games stopped
in every decision kind. Every refusal is a typed HadaraError and leaves the game exactly as it
was (snapshot and save); whatever is accepted was a legal action, and the caller's dict is not
kept by the engine. Seeds are fixed (derandomize) so a failure repeats.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hadara import save
from hadara.engine import Game
from hadara.errors import BadSave, HadaraError
from hadara.rng import Rng
from hadara.state import STEPS

KINDS = [s for s in STEPS if s != "over"]


def _positions() -> dict[str, Game]:
    """The first position of every decision kind met in a few fixed random games."""
    found: dict[str, Game] = {}
    for n, variant, seed in ((3, "advanced", 1), (5, "advanced", 2), (2, "basic", 3),
                             (4, "advanced", 4)):
        game = Game.new([f"p{i}" for i in range(n)], variant, seed)
        rng = Rng(seed)
        while not game.is_over and len(found) < len(KINDS):
            # a feeding or medal step that somebody is still in, with a pick recorded
            if game.step not in found and game.waiting_on():
                found[game.step] = game.clone()
            seats = game.waiting_on() or game.acting_seats()
            seat = seats[rng.below(len(seats))]
            acts = game.legal_actions(seat)
            game.apply(seat, acts[rng.below(len(acts))], game.decision_id(seat))
    assert set(found) == set(KINDS), f"no position for {set(KINDS) - set(found)}"
    return found


POSITIONS = _positions()

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=10**30),
    st.floats(allow_nan=True), st.text(max_size=12),
    st.sampled_from(["red", "yellow", "green", "blue", "purple", "buy", "sell", "A", "B",
                     "colour", "points", "silver", "gold", "plunder", "integrate",
                     "I-Y01", "ハダラ", "\x00", "draft", "take"]),
)
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=8)


@st.composite
def damaged_actions(draw: st.DrawFn, legal: list[dict[str, Any]]) -> Any:
    """A legal action with one or two things wrong, or something that is no action at all."""
    how = draw(st.sampled_from(["value", "float", "drop", "extra", "type", "raw"]))
    if how == "raw" or not legal:
        return draw(json_values)
    action = dict(draw(st.sampled_from(legal)))
    keys = [k for k in action if k != "type"]
    if how == "value" and keys:
        action[draw(st.sampled_from(keys))] = draw(json_values)
    elif how == "float":
        ints = [k for k in keys if type(action[k]) is int]
        if ints:
            k = draw(st.sampled_from(ints))
            action[k] = draw(st.sampled_from([float(action[k]), True, False,
                                              str(action[k]), action[k] + 10**40]))
        else:
            action["pay"] = 3.0
    elif how == "drop" and keys:
        del action[draw(st.sampled_from(keys))]
    elif how == "extra":
        action[draw(st.text(min_size=1, max_size=8))] = draw(scalars)
    else:
        action["type"] = draw(st.one_of(scalars, st.sampled_from(
            ["draft", "take", "colony", "statue", "medal", "wheel", "feed_remove"])))
    return action


def _legal_set(game: Game, seat: int) -> list[str]:
    return [json.dumps(a, sort_keys=True) for a in game.legal_actions(seat)]


@settings(max_examples=400, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), kind=st.sampled_from(KINDS))
def test_malformed_actions_are_refused_and_change_nothing(data: st.DataObject,
                                                          kind: str) -> None:
    """Errors: every bad action at every decision kind is a typed refusal that leaves the
    snapshot and the save untouched; an accepted one was legal and is not kept by reference."""
    game = POSITIONS[kind].clone()
    seat = data.draw(st.sampled_from(game.acting_seats()))
    legal = game.legal_actions(seat)
    action = data.draw(damaged_actions(legal))
    before, text = game.snapshot(), save.to_json(game)
    try:
        shown = json.dumps(action, sort_keys=True)
    except (TypeError, ValueError):
        shown = None
    try:
        game.apply(seat, action, game.decision_id(seat))
    except HadaraError:
        assert game.snapshot() == before
        assert save.to_json(game) == text
        return
    # Accepted: it was one of the legal actions (a zero pay is the same action as none).
    assert shown is not None
    if isinstance(action, dict) and action.get("pay") == 0:
        shown = json.dumps({k: v for k, v in action.items() if k != "pay"}, sort_keys=True)
    assert shown in _legal_set(POSITIONS[kind], seat)
    after = game.snapshot()
    if isinstance(action, dict):
        action.clear()  # the caller's dict is theirs: the game must not change with it
        action["type"] = "junk"
    assert game.snapshot() == after
    assert save.to_json(save.from_json(save.to_json(game))) == save.to_json(game)


@settings(max_examples=200, derandomize=True, deadline=None)
@given(data=st.data(), kind=st.sampled_from(KINDS))
def test_wrong_seats_and_stale_ids_are_refused(data: st.DataObject, kind: str) -> None:
    """Errors: seats that are not seats, seats without a decision, and ids that are not the
    current one are refused with nothing changed."""
    game = POSITIONS[kind].clone()
    seat = data.draw(st.one_of(
        st.sampled_from([-1, game.n, True, False, "0", None, 1.0, 10**20]),
        st.sampled_from(range(game.n))))
    legal_seat = next(iter(game.acting_seats()))
    action = game.legal_actions(legal_seat)[0]
    did = data.draw(st.one_of(st.none(), st.text(max_size=8), st.sampled_from(
        ["d0", f"d{game.next_decision}", f"d{game.next_decision - 2}", "d1.0.0"])))
    before = game.snapshot()
    try:
        game.apply(seat, action, did)  # type: ignore[arg-type]
    except HadaraError:
        assert game.snapshot() == before
        return
    # Accepted: a real seat with a decision, the current id (or none) and a legal action.
    assert type(seat) is int and seat in POSITIONS[kind].acting_seats()
    assert did in (None, POSITIONS[kind].decision_id(seat))
    assert json.dumps(action, sort_keys=True) in _legal_set(POSITIONS[kind], seat)


def _damage(data: st.DataObject, text: str) -> str:
    how = data.draw(st.sampled_from(["truncate", "byte", "subtree", "nest", "number"]))
    if how == "truncate":
        return text[:data.draw(st.integers(0, len(text) - 1))]
    if how == "byte":
        i = data.draw(st.integers(0, len(text) - 1))
        return text[:i] + data.draw(st.sampled_from(list('{}[],:"0x- \\é'))) + text[i + 1:]
    if how == "nest":
        depth = data.draw(st.integers(1000, 200_000))
        return text[:-1] + ',"x":' + "[" * depth + "]" * depth + "}"
    if how == "number":
        return text.replace('"seed":', '"seed":' + "9" * 5000 + ",\"_\":", 1)
    doc = json.loads(text)
    # replace one subtree somewhere in the save with an arbitrary JSON value
    node: Any = doc
    for _ in range(data.draw(st.integers(0, 4))):
        keys = list(node) if isinstance(node, dict) else list(range(len(node))) \
            if isinstance(node, list) else []
        if not keys:
            break
        key = data.draw(st.sampled_from(keys))
        if not isinstance(node[key], dict | list):
            node[key] = data.draw(json_values)
            break
        node = node[key]
    else:
        if isinstance(node, dict) and node:
            node[data.draw(st.sampled_from(list(node)))] = data.draw(json_values)
    return json.dumps(doc, separators=(",", ":"), sort_keys=True)


@settings(max_examples=200, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), kind=st.sampled_from(KINDS))
def test_damaged_saves_are_refused_or_round_trip(data: st.DataObject, kind: str) -> None:
    """Saves: a damaged save of a game in any decision kind raises BadSave and nothing else;
    whatever still loads saves back to exactly the same text."""
    text = save.to_json(POSITIONS[kind])
    damaged = _damage(data, text)
    try:
        game = save.from_json(damaged)
    except BadSave:
        return
    assert save.to_json(game) == damaged
