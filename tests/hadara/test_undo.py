"""Taking back a move (Game.undo): exact, appended to the log, counters only grow, and
refused after a reveal or a hidden choice (docs/engine.md, "Taking back")."""

from __future__ import annotations

import pytest

from hadara import driver, save
from hadara.engine import Game
from hadara.errors import IllegalAction
from hadara.views import spectator_view, view


def _until_kind(game: Game, kind: str) -> None:
    """Play the first legal action until someone must decide a ``kind`` decision."""
    def stop(g: Game) -> bool:
        return any(d.kind == kind for d in driver.pending(g))
    driver.play(game, lambda g, d: d.actions[0], until=stop)


def _phase_b(seed: int = 3) -> Game:
    game = Game.new(["Amira", "Bahram", "Cyrus"], "basic", seed=seed)
    _until_kind(game, "phase_b")
    driver.step(game)
    return game


def test_undo_take_is_exact_and_counters_grow() -> None:
    game = _phase_b()
    d = next(d for d in driver.pending(game) if d.kind == "phase_b")
    before = game.clone()
    res = game.apply(d.seat, d.actions[0], d.id)
    assert not res.revealed
    version, counter = game.version, game.next_decision
    assert game.undo_count(d.seat) == 1
    out = game.undo(d.seat, 1)
    assert out.public == [{"kind": "undone", "seat": d.seat, "count": 1}]
    assert game.version == version + 1 and game.next_decision > counter
    assert game.decision_id(d.seat) not in (None, d.id)
    assert game.log is not None and game.log[-1]["action"] == {"type": "undo", "count": 1}
    # the position is the one before the move, apart from the counters
    for s in [None, *range(game.n)]:
        a, b = view(game, s), view(before, s)
        for v in (a, b):
            v.pop("version"), v.pop("next_decision")
            if s is not None:
                v["private"].pop("decision_id")
        assert a == b
    # a save of a game with an undo replays exactly, and is canonical
    text = save.to_json(game)
    again = save.from_json(text)
    assert again.snapshot() == game.snapshot() and save.to_json(again) == text
    # and it plays on to the end, still replaying exactly
    driver.play(game, lambda g, dd: dd.actions[-1])
    assert save.from_json(save.to_json(game)).snapshot() == game.snapshot()


def test_stale_id_after_undo() -> None:
    game = _phase_b()
    d = next(d for d in driver.pending(game) if d.kind == "phase_b")
    game.apply(d.seat, d.actions[0], d.id)
    game.undo(d.seat, 1)
    with pytest.raises(Exception) as info:
        game.apply(d.seat, d.actions[0], d.id)
    assert getattr(info.value, "code", None) == "stale"


def test_undo_with_automatic_moves_taken_back() -> None:
    game = _phase_b()
    d = next(d for d in driver.pending(game) if d.kind == "phase_b")
    n0 = len(game.effective_log())
    game.apply(d.seat, d.actions[0], d.id)
    mine = len(game.log or []) - 1
    auto: set[int] = set()
    # the next seats' takes, as if AI seats played on at once
    for _ in range(2):
        nd = driver.pending(game)
        if not nd or nd[0].kind != "phase_b" or nd[0].seat == d.seat:
            break
        game.apply(nd[0].seat, nd[0].actions[0], nd[0].id)
        auto.add(len(game.log or []) - 1)
    k = game.undo_count(d.seat, auto)
    assert k == 1 + len(auto) and game.log is not None
    assert game.undo_count(d.seat) == (0 if auto else 1)
    game.undo(d.seat, k)
    assert len(game.effective_log()) == n0
    assert mine not in game.effective_log()
    assert save.from_json(save.to_json(game)).snapshot() == game.snapshot()


def test_refused_after_a_reveal() -> None:
    game = Game.new(["Amira", "Bahram"], "basic", seed=5)
    driver.step(game)
    d = next(d for d in driver.pending(game) if d.kind == "wheel")
    assert game.apply(d.seat, d.actions[0], d.id).revealed  # cards are drawn
    with pytest.raises(IllegalAction) as info:
        game.undo(d.seat, 1)
    assert info.value.reason == "undo_revealed"


def test_refused_for_picks_other_seats_and_nothing() -> None:
    game = Game.new(["Amira", "Bahram"], "basic", seed=5)
    with pytest.raises(IllegalAction) as info:
        game.undo(0, 1)
    assert info.value.reason == "undo_nothing"
    _until_kind(game, "draft")
    d = next(d for d in driver.pending(game) if d.kind == "draft")
    game.apply(d.seat, d.actions[0], d.id)
    with pytest.raises(IllegalAction) as info:
        game.undo(d.seat, 1)
    assert info.value.reason == "undo_not_undoable"
    with pytest.raises(IllegalAction) as info:
        game.undo(1 - d.seat, 1)
    assert info.value.reason == "undo_not_yours"


def test_malformed_undo_entry() -> None:
    game = _phase_b()
    with pytest.raises(IllegalAction) as info:
        game.apply(0, {"type": "undo", "count": "1"})
    assert info.value.code == "malformed"


def test_spectator_sees_the_news_line() -> None:
    from hadara.narrate import describe
    game = _phase_b()
    d = next(d for d in driver.pending(game) if d.kind == "phase_b")
    game.apply(d.seat, d.actions[0], d.id)
    res = game.undo(d.seat, 1)
    line = describe(res.public[0], game.players, game.catalog, "en")
    assert line == [f"{game.players[d.seat]} took back their move."]
    assert spectator_view(game)["version"] == game.version
