"""Serialisation: a game is (content version, rules version, setup, seed, actions) and replays."""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hadara import save
from hadara.engine import Game
from hadara.errors import BadSave
from hadara.rng import Rng


def _play(game: Game, steps: int, seed: int = 0) -> Game:
    rng = Rng(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seats = game.acting_seats()
        seat = seats[rng.below(len(seats))]
        acts = game.legal_actions(seat)
        game.apply(seat, acts[rng.below(len(acts))])
    return game


@pytest.mark.parametrize(("n", "variant"), [(2, "basic"), (4, "advanced"), (5, "basic")])
def test_replay_of_a_finished_game_is_identical(n, variant):
    game = _play(Game.new([f"p{i}" for i in range(n)], variant, seed=n), 10_000, seed=n)
    assert game.is_over
    text = save.to_json(game)
    data = json.loads(text)
    assert set(data) == {"format", "content_version", "rules_version", "setup", "seed", "actions"}
    again = save.from_json(text)
    assert again.snapshot() == game.snapshot()
    assert again.scores() == game.scores()


def test_replay_mid_game_then_continue_the_same_way():
    game = _play(Game.new(["a", "b", "c"], "basic", seed=5), 120, seed=1)
    copy = save.from_json(save.to_json(game))
    assert copy.snapshot() == game.snapshot()
    _play(game, 50, seed=9)
    _play(copy, 50, seed=9)
    assert copy.snapshot() == game.snapshot()


def test_same_seed_same_setup_on_every_run():
    """The engine's own PRNG makes setups independent of Python's random module."""
    a = Game.new(["a", "b", "c", "d"], "advanced", seed=123).setup.to_dict()
    b = Game.new(["a", "b", "c", "d"], "advanced", seed=123).setup.to_dict()
    c = Game.new(["a", "b", "c", "d"], "advanced", seed=124).setup.to_dict()
    assert a == b and a != c


def test_rng_stream_is_fixed():
    """A saved seed must mean the same game forever: pin the first outputs of SplitMix64."""
    r = Rng(0)
    assert [r.next_u64() for _ in range(2)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]


def test_other_content_is_refused_unless_supplied():
    game = _play(Game.new(["a", "b"], "basic", seed=1), 30)
    data = save.to_dict(game)
    data["content_version"] = "0000000000000000"
    with pytest.raises(BadSave, match="content 0000000000000000"):
        save.from_dict(data)
    again = save.from_dict(data, catalogs={"0000000000000000": game.catalog})
    assert again.snapshot() == game.snapshot()


def test_a_game_kept_in_parts_loads_with_every_check():
    """save.from_parts: a store's record (setup data, seed, versions) and its action rows
    replay as the save they make up, refused the same way when they do not."""
    game = _play(Game.new(["a", "b", "c"], "advanced", seed=8), 150, seed=3)
    data = save.to_dict(game)
    parts = {"content_version": data["content_version"], "rules_version": data["rules_version"]}
    again = save.from_parts(data["setup"], data["seed"], game.log or [], **parts)
    assert save.to_json(again) == save.to_json(game)
    other = save.from_parts(data["setup"], data["seed"], game.log or [],
                            content_version=game.catalog.version,
                            rules_version=data["rules_version"], catalog=game.catalog)
    assert other.snapshot() == game.snapshot()
    with pytest.raises(BadSave) as err:
        save.from_parts(data["setup"], data["seed"], [*(game.log or []), game.log[0]], **parts)
    assert err.value.reason == "does_not_replay"
    with pytest.raises(BadSave) as err:
        save.from_parts(data["setup"], data["seed"], game.log or [], content_version="x",
                        rules_version=data["rules_version"])
    assert err.value.reason == "other_content"


def test_corrupt_saves_are_refused_clearly():
    game = _play(Game.new(["a", "b"], "basic", seed=1), 30)
    with pytest.raises(BadSave, match="not valid JSON"):
        save.from_json("{nope")
    data = save.to_dict(game)
    data["rules_version"] = "999"
    with pytest.raises(BadSave, match="rules version"):
        save.from_dict(data)
    data = save.to_dict(game)
    data["actions"][3]["action"] = {"type": "wheel", "colour": "mauve"}
    with pytest.raises(BadSave, match="action #3"):
        save.from_dict(data)


# ---------------------------------------------------------------- damaged and hostile saves




@cache
def _finished_save() -> str:
    return save.to_json(_play(Game.new(["a", "b", "c", "d", "e"], "advanced", seed=3), 10_000, 3))


@cache
def _short_save() -> str:
    return save.to_json(_play(Game.new(["a", "b", "c"], "advanced", seed=4), 40, seed=4))


def _refused(text: str, match: str | None = None) -> BadSave:
    """from_json raises BadSave (any other exception fails the test) and nothing loads."""
    with pytest.raises(BadSave, match=match) as info:
        save.from_json(text)
    assert isinstance(info.value.message, str) and info.value.reason
    return info.value


def _refused_dict(data, match: str | None = None) -> BadSave:
    with pytest.raises(BadSave, match=match) as info:
        save.from_dict(data)
    return info.value


def _with(path: tuple, value) -> str:
    """The finished save with the subtree at ``path`` replaced, in canonical form."""
    data = json.loads(_finished_save())
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return save._canonical(data)


def test_real_saves_round_trip_exactly():
    for text in (_finished_save(), _short_save()):
        assert save.to_json(save.from_json(text)) == text
        assert save.to_dict(save.from_dict(json.loads(text))) == json.loads(text)


def test_deep_nesting_is_refused_without_recursion():
    deep = "[" * 100_000 + "]" * 100_000
    assert _refused(deep, "nested more than").reason == "too_deep"
    _refused("{" + '"a":{' * 100_000 + "1" + "}" * 100_001)
    _refused("[" * 100_000)  # unbalanced
    _refused("[" * 50_000 + "}" * 50_000)  # mismatched
    real = _finished_save()
    _refused(real.replace('"seed":', '"seed":' + "[" * 100_000 + "]" * 100_000, 1))
    # brackets inside strings do not count
    name = json.dumps("[" * 1000)
    assert save._check_depth('{"a":' + name + "}") is None
    assert save._check_depth('"\\\\"' + "[]" * 3) is None


def test_long_numbers_are_refused_everywhere():
    big = "9" * 5000
    real = _finished_save()
    for text in (big, "-" + big, "1." + big, "1e" + big, "[" + big + "]",
                 real.replace('"format":1', '"format":' + big),
                 real.replace('"seed":3', '"seed":' + big),
                 real.replace('"seat":0', '"seat":' + big, 1),
                 real.replace('"level":3', '"level":' + big, 1),
                 real.replace('"seed":3', '"seed":' + "0." + big)):
        assert text != real or text in (big,)
        _refused(text)
    assert _refused(real.replace('"seed":3', '"seed":' + big)).reason == "too_large"


@pytest.mark.parametrize("value", [None, "", {}, 0, True, "actions", [[]]])
def test_actions_must_be_a_list_of_entries(value):
    _refused(_with(("actions",), value), r"actions")


def test_a_list_where_an_id_belongs():
    data = json.loads(_finished_save())
    card = next(i for i, e in enumerate(data["actions"]) if "card" in e["action"])
    err = _refused(_with(("actions", card, "action", "card"), ["x"]))
    assert err.message == (f"actions[{card}].action.'card': expected a string or an integer, "
                           "got a list")
    assert err.params["field"] == f"actions[{card}].action.'card'"
    _refused(_with(("actions", 12, "seat"), "0"), r"actions\[12\]\.seat: expected an integer")
    _refused(_with(("actions", 12, "seat"), [0]), r"actions\[12\]\.seat: expected an integer")
    _refused(_with(("setup", "players", 1), ["b"]), r"setup\.players\[1\]: expected a string")
    _refused(_with(("setup", "setup_cards"), "abc"), r"setup\.setup_cards: expected a list")
    _refused(_with(("setup", "decks", "2", "red", 3), {"id": 1}),
             r"setup\.decks\.2\.red\[3\]: expected a string")
    _refused(_with(("setup", "colonies", "9"), [[]]), r"setup\.colonies\.9\[0\]")
    _refused(_with(("setup", "variant"), ["basic"]), r"setup\.variant: expected a string")
    _refused(_with(("actions", 12, "action"), ["take"]), r"actions\[12\]\.action: expected an")


@pytest.mark.parametrize("value", [True, False, 1.0, "1", None, 2, 0, -1, [1], {"v": 1}])
def test_format_must_be_exactly_the_integer(value):
    err = _refused(_with(("format",), value))
    assert err.reason == ("other_format" if type(value) is int else "malformed")


@pytest.mark.parametrize("value", [True, False, "3", 3.0, [3], {}, -1, 2**63, 2**64])
def test_seed_must_be_null_or_a_63_bit_integer(value):
    _refused(_with(("seed",), value), "seed")


@pytest.mark.parametrize("seed", [None, 0, 2**63 - 1])
def test_seed_null_or_in_range_loads(seed):
    """The explicit setup decides the game; the seed is recorded as it was."""
    text = _with(("seed",), seed)
    assert save.to_json(save.from_json(text)) == text


@pytest.mark.parametrize("field", ["rules_version", "content_version"])
@pytest.mark.parametrize("value", [1, None, True, ["1"], {}])
def test_versions_must_be_strings(field, value):
    _refused(_with((field,), value), f"{field}: expected a string")


def test_extra_and_missing_keys_are_refused():
    base = json.loads(_finished_save())
    for path in [(), ("setup",), ("actions", 5)]:
        data = json.loads(_finished_save())
        node = data
        for key in path:
            node = node[key]
        node["extra"] = 1
        _refused(save._canonical(data), "unknown field 'extra'")
        _refused_dict(data, "unknown field")
        for key in list(node):
            if key == "extra":
                continue
            data = json.loads(_finished_save())
            node = data
            for k in path:
                node = node[k]
            del node[key]
            _refused(save._canonical(data), "format" if key == "format" else "missing field")
    data = json.loads(_finished_save())
    data["actions"][4]["action"]["colour"] = "red"  # an unknown action field
    _refused(save._canonical(data), "action #4")
    assert base == json.loads(_finished_save())


def test_too_large_texts_and_too_many_actions():
    assert _refused(" " * (save.MAX_CHARS + 1), "characters").reason == "too_large"
    _refused(_finished_save() + " " * save.MAX_CHARS)
    data = json.loads(_finished_save())
    data["actions"] = [{"action": {"type": "x"}, "seat": 0}] * (save.MAX_ACTIONS + 1)
    assert _refused(save._canonical(data), "at most").reason == "too_large"


@pytest.mark.parametrize("text", [
    "", " ", "null", "0", '""', "[]", "{}", "\ufeff{}", "\x00", "\ud800", '"\\ud800"', "é", "💥",
    "{\"format\":1}", "NaN", "[Infinity]", '{"format":-Infinity}', "\\", '"\\', '"\\"\\"\\',
    "[1,]", "{'format':1}", "\u2028", "\x1b[31m",
])
def test_junk_is_refused(text):
    _refused(text)


def test_junk_unicode_inside_a_save():
    real = _finished_save()
    for junk in ("\x00", "\ud800", "é", "\u202e", "\ufeff"):
        _refused(real.replace('"players":["', '"players":["' + junk, 1))  # raw: not canonical
        _refused(junk + real)
        _refused(real + junk)
    # escaped junk in a name is canonical; the name is just a name, and the save round-trips
    text = real.replace('"players":["', '"players":["\\u202e\\ud800', 1)
    assert save.to_json(save.from_json(text)) == text


def test_non_text_is_refused():
    for value in (None, b"{}", 1, [], {}):
        _refused(value)  # type: ignore[arg-type]
    for value in (None, [], "{}", 1, b"{}", (1,)):
        _refused_dict(value)


def test_truncated_saves_are_refused():
    real = _finished_save()
    for end in range(0, len(real), 97):
        _refused(real[:end])
    _refused(real[:-1])


def test_only_canonical_text_loads():
    real = _finished_save()
    data = json.loads(real)
    pretty = json.dumps(data, indent=2)
    assert _refused(pretty, "canonical").reason == "not_canonical"
    unsorted = dict(reversed(list(data.items())))
    _refused(json.dumps(unsorted, separators=(",", ":")), "canonical")  # unsorted keys
    _refused(json.dumps(data, sort_keys=True))  # spaces
    assert save.to_json(save.from_dict(json.loads(pretty))) == real  # layout only: from_dict
    _refused(real.replace('"format":1,', '"format":1,"format":1,'), "repeats the key")
    _refused(real.replace('"format":1', '"format":1e0'))


def test_actions_must_be_saved_as_the_engine_records_them():
    data = json.loads(_finished_save())
    i = next(i for i, e in enumerate(data["actions"])
             if e["action"]["type"] == "colony" and "pay" not in e["action"])
    data["actions"][i]["action"]["pay"] = 0  # the engine drops a zero pay
    err = _refused(save._canonical(data), rf"actions\[{i}\]: recorded as")
    assert err.reason == "not_canonical"
    _refused_dict(data, rf"actions\[{i}\]")


def test_actions_after_the_end_do_not_replay():
    data = json.loads(_finished_save())
    data["actions"].append(data["actions"][-1])
    err = _refused(save._canonical(data), f"action #{len(data['actions']) - 1} does not replay")
    assert err.reason == "does_not_replay"
    data = json.loads(_finished_save())
    data["actions"][7]["seat"] = 99
    _refused(save._canonical(data), "action #7 does not replay")


def test_setup_that_does_not_fit_is_refused():
    _refused(_with(("setup", "players"), ["a"]), "setup")
    _refused(_with(("setup", "variant"), "expert"), "setup")
    _refused(_with(("setup", "decks"), {}), "setup")
    _refused(_with(("setup", "decks"), {"01": {}}), "plainly")
    _refused(_with(("setup", "colonies"), {"x": []}), "plainly")


# ---------------------------------------------------------------- mutation property

_json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=8)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=3),
    max_leaves=6,
)


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, (*path, i))


def _replace(data, path, value):
    if not path:
        return value
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_saves_are_refused_or_round_trip(draw):
    text = draw.draw(st.sampled_from([_short_save(), _finished_save()]), "base")
    data = json.loads(text)
    for _ in range(draw.draw(st.integers(1, 3), "mutations")):
        paths = list(_paths(data))
        path = draw.draw(st.sampled_from(paths), "path")
        if draw.draw(st.booleans(), "copy another part"):
            other = draw.draw(st.sampled_from(paths), "from")
            value = data
            for key in other:
                value = value[key]
            value = json.loads(json.dumps(value))
        else:
            value = draw.draw(_json_values, "value")
        data = _replace(data, path, value)
    mutated = save._canonical(data)
    try:
        game = save.from_json(mutated)
    except BadSave:
        return
    assert save.to_json(game) == mutated


def test_huge_integers_in_python_data_are_refused():
    """from_dict takes Python data, where an int may have any size (str() of one raises)."""
    huge = 10**5000
    for path in [("format",), ("seed",), ("actions", 3, "seat"), ("actions", 3, "action", "x"),
                 ("setup", "players", 0), ("setup", "decks", "1", "red")]:
        data = json.loads(_finished_save())
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = huge
        _refused_dict(data)
    for path in [(), ("setup",), ("setup", "decks"), ("setup", "colonies"), ("actions", 2),
                 ("actions", 2, "action")]:
        data = json.loads(_finished_save())
        node = data
        for key in path:
            node = node[key]
        node[huge] = 1
        _refused_dict(data)


def test_a_setup_with_extra_decks_or_stacks_is_refused():
    """R-S1: a setup names exactly one deck per epoch and colour and one stack per colony
    level; a save with an extra epoch, colour or level is refused, not carried along."""
    data = json.loads(_short_save())
    extra_epoch = json.loads(json.dumps(data))
    extra_epoch["setup"]["decks"]["4"] = extra_epoch["setup"]["decks"]["1"]
    extra_colour = json.loads(json.dumps(data))
    extra_colour["setup"]["decks"]["1"]["pink"] = extra_colour["setup"]["decks"]["1"]["red"]
    extra_level = json.loads(json.dumps(data))
    level = next(iter(extra_level["setup"]["colonies"]))
    extra_level["setup"]["colonies"]["99"] = extra_level["setup"]["colonies"][level]
    for bad in (extra_epoch, extra_colour, extra_level):
        _refused_dict(bad)
