"""The action codec (hadara/actions.py): one typed representation of every action and one
codec to and from the dicts the engine lists, logs and saves — byte for byte."""

from __future__ import annotations

import json
import typing
from typing import Any

import pytest

from hadara import actions, save
from hadara.actions import (
    MAX_ID,
    MAX_INT,
    Colony,
    Draft,
    Medal,
    Statue,
    Take,
    checked,
    decode,
    encode,
)
from hadara.content import COLOURS, TRACK_COLOURS
from hadara.engine import Game
from hadara.errors import MalformedAction
from hadara.replay import replayed
from hadara.rng import Rng
from hadara.types import Colour, TrackColour


def _exact(a: Any) -> str:
    """The JSON a store writes (no sorted keys): equal texts mean equal keys in equal order."""
    return json.dumps(a, separators=(",", ":"))


def _random_games() -> list[Game]:
    games = []
    for seed in range(12):
        n, variant = 2 + seed % 4, ("basic", "advanced")[seed % 2]
        game = Game.new([f"p{i}" for i in range(n)], variant, seed=seed)
        rng = Rng(seed)
        while not game.is_over:
            game.apply_forced()
            if game.is_over:
                break
            d = next(d for d in game.decisions() if not d.committed)
            for a in d.actions:  # every action the engine lists, round trip
                assert _exact(encode(decode(a))) == _exact(a)
                assert type(decode(a)).decision == d.kind == game.decision_kind(d.seat)
            game.apply(d.seat, d.actions[rng.below(len(d.actions))], d.id)
        games.append(game)
    return games


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return _random_games()


def test_every_logged_action_round_trips_byte_for_byte(games: list[Game]) -> None:
    """encode(decode(a)) == a, key order included, for every action of random games (2–5
    players, both variants), and a save rebuilt from the decoded actions is the same text."""
    entries = 0
    for game in games:
        assert game.log is not None and game.setup is not None
        for e in game.log:
            assert _exact(encode(decode(e["action"]))) == _exact(e["action"])
            assert _exact(checked(e["action"])) == _exact(e["action"])
            entries += 1
        log = [{"seat": e["seat"], "action": decode(e["action"]).to_dict()} for e in game.log]
        again = replayed(game.setup, game.seed, game.catalog, log)
        assert save.to_json(again) == save.to_json(game)
        assert save.to_json(save.from_json(save.to_json(game))) == save.to_json(game)
    assert entries > 2000


def test_typed_actions() -> None:
    assert decode({"type": "colony", "level": 9, "pay": 6, "mode": "plunder"}) == Colony(
        level=9, pay=6, mode="plunder")
    assert Colony(level=9, mode="integrate").to_dict() == {
        "type": "colony", "level": 9, "mode": "integrate"}
    paid = Statue(space=2, tile="blue", side="points", pay=3).to_dict()
    assert list(paid) == ["type", "space", "tile", "side", "pay"]
    assert list(Colony(level=9, pay=6, mode="plunder").to_dict()) == [
        "type", "level", "pay", "mode"]
    assert Draft(card="I-B07", mode="buy", tile="red").to_dict() == {
        "type": "draft", "card": "I-B07", "mode": "buy", "tile": "red"}
    assert Take(card="I-R03", mode="sell").to_dict() == {
        "type": "take", "card": "I-R03", "mode": "sell"}
    assert Medal(kind="gold").to_dict() == {"type": "medal", "kind": "gold"}
    # {"pay": 0} and no pay name the same action; the canonical dict has none
    zero = {"type": "colony", "mode": "plunder", "level": 3, "pay": 0}
    assert decode(zero) == Colony(level=3, mode="plunder")
    assert _exact(checked(zero)) == _exact({"type": "colony", "level": 3, "mode": "plunder"})


def test_the_schema_is_the_dataclasses() -> None:
    assert actions.ACTION_TYPES == tuple(actions.FIELDS) == (
        "setup_side", "wheel", "draft", "take", "colony", "colony_skip", "statue",
        "statue_skip", "feed_remove", "feed_pay", "medal", "medals_done")
    assert typing.get_args(TrackColour) == TRACK_COLOURS
    assert typing.get_args(Colour) == COLOURS
    assert actions.allowed("take", "tile") == TRACK_COLOURS
    assert actions.allowed("wheel", "colour") == COLOURS
    assert actions.allowed("colony", "mode") == ("plunder", "integrate")
    with pytest.raises(ValueError):
        actions.allowed("colony", "level")
    assert {f.name: f.required for f in actions.FIELDS["statue"]} == {
        "space": True, "tile": True, "side": True, "pay": False}


@pytest.mark.parametrize(("data", "reason", "field"), [
    ("draft", "not_an_object", None),
    ({"card": "x"}, "unknown_type", None),
    ({"type": "pass"}, "unknown_type", None),
    ({"type": "draft", "card": "x", "mode": "buy", "extra": 1}, "malformed_field", "extra"),
    ({"type": "draft", "mode": "buy"}, "malformed_field", "card"),
    ({"type": "draft", "card": "x" * (MAX_ID + 1), "mode": "buy"}, "malformed_field", "card"),
    ({"type": "draft", "card": "", "mode": "buy"}, "malformed_field", "card"),
    ({"type": "draft", "card": "x", "mode": "steal"}, "malformed_field", "mode"),
    ({"type": "colony", "level": True, "mode": "plunder"}, "malformed_field", "level"),
    ({"type": "colony", "level": 3.0, "mode": "plunder"}, "malformed_field", "level"),
    ({"type": "colony", "level": MAX_INT + 1, "mode": "plunder"}, "malformed_field", "level"),
    ({"type": "colony_skip", "pay": 1}, "malformed_field", "pay"),
    ({"type": "medal", "kind": "silver", "tile": "purple"}, "malformed_field", "tile"),
])
def test_decode_names_the_fault(data: Any, reason: str, field: str | None) -> None:
    with pytest.raises(MalformedAction) as err:
        decode(data)
    assert err.value.reason == reason
    assert err.value.params.get("field") == field


def test_limits_are_the_engines() -> None:
    """The longest id the codec takes is the longest the engine takes (MAX_ID)."""
    longest = "x" * MAX_ID
    assert decode({"type": "feed_remove", "card": longest}).to_dict()["card"] == longest
    assert decode({"type": "colony", "level": -MAX_INT, "mode": "plunder"})
