"""hadara.driver: step (forced decisions applied, the rest handed back) and the play loop."""

from __future__ import annotations

import pytest

from hadara import driver
from hadara.demo import simple_policy, with_rng
from hadara.engine import Action, Decision, Game, Result
from hadara.errors import GameOver
from hadara.rng import Rng

SETTINGS = [(2, "basic", 1), (3, "advanced", 5), (4, "basic", 9), (5, "advanced", 2)]


def first(game: Game, d: Decision) -> Action:
    return d.actions[0]


def random_policy(seed: int) -> driver.Policy:
    rng = Rng(seed)

    def choose(game: Game, d: Decision) -> Action:
        return d.actions[rng.below(len(d.actions))]
    return choose


@pytest.mark.parametrize("n,variant,seed", SETTINGS)
def test_step_returns_exactly_the_waiting_seats_never_a_forced_decision(n: int, variant: str,
                                                                      seed: int) -> None:
    """Async style: call step, answer every returned decision, repeat — until the game ends."""
    game = Game.new([f"P{i}" for i in range(n)], variant, seed)
    rng = Rng(seed)
    steps = 0
    while True:
        decisions = driver.step(game)
        if not decisions:
            break
        steps += 1
        assert [d.seat for d in decisions] == game.waiting_on()
        for d in decisions:
            assert not d.forced and not d.committed and len(d.actions) > 1
            assert d.id == game.decision_id(d.seat) and d.kind == game.step
            assert d.actions == game.legal_actions(d.seat)
        # the forced decisions are applied: nobody waiting has a single legal action
        assert all(len(game.legal_actions(s)) > 1 for s in game.waiting_on())
        for d in decisions:  # answer them all, as a service would when its answers come in
            if game.decision_id(d.seat) != d.id:
                continue  # moved on (e.g. the draft round resolved): ask step again
            game.apply(d.seat, d.actions[rng.below(len(d.actions))], d.id)
    assert game.is_over and steps > 0
    assert driver.step(game) == [] and driver.pending(game) == []


def test_step_reports_the_forced_events() -> None:
    """A position with forced decisions (medals nobody can afford): step applies them."""
    game = Game.new(["A", "B", "C"], "basic", 3)
    forced_seen = False
    results: list[Result] = []
    while not game.is_over:
        waiting = driver.pending(game)
        if any(d.forced for d in waiting):
            forced_seen = True
            before = game.version
            decisions = driver.step(game, results.append)
            assert game.version > before and results and results[-1].public
            assert all(not d.forced for d in decisions)
        if not game.is_over:
            driver.play_one(game, first)
    assert forced_seen


@pytest.mark.parametrize("n,variant,seed", SETTINGS)
def test_play_finishes_the_game_and_never_asks_a_forced_decision(n: int, variant: str,
                                                                 seed: int) -> None:
    game = Game.new([f"P{i}" for i in range(n)], variant, seed)
    asked: list[Decision] = []
    events: list[Result] = []
    pick = random_policy(seed)

    def policy(game: Game, d: Decision) -> Action:
        asked.append(d)
        assert d.seat == game.waiting_on()[0]  # in turn: the first seat the game waits for
        return pick(game, d)

    assert driver.play(game, policy, on_result=events.append) is True
    assert game.is_over and asked
    assert all(not d.forced and len(d.actions) > 1 for d in asked)
    assert len(events) == len(game.log or []) > len(asked)  # forced actions too
    assert events[-1].public[-1]["kind"] == "game_over"
    with pytest.raises(GameOver):
        driver.play_one(game, policy)


def test_play_takes_one_policy_per_seat() -> None:
    game = Game.new(["A", "B"], "basic", 4)
    seen: set[tuple[int, int]] = set()

    def seat_policy(k: int) -> driver.Policy:
        def choose(game: Game, d: Decision) -> Action:
            seen.add((k, d.seat))
            return d.actions[-1]
        return choose

    driver.play(game, [seat_policy(0), seat_policy(1)], check=False)
    assert game.is_over and seen == {(0, 0), (1, 1)}


def test_play_until_stops_at_the_moment_or_reports_the_end() -> None:
    game = Game.new(["A", "B", "C"], "basic", 6)
    policy = random_policy(6)
    assert driver.play(game, policy, until=lambda g: g.epoch == 2) is True
    assert game.epoch == 2 and game.step == "wheel" and not game.is_over
    assert driver.play(game, policy, until=lambda g: g.epoch == 4) is False
    assert game.is_over


def test_async_and_loop_reach_the_same_end() -> None:
    """Answering in another order within simultaneous steps changes no outcome."""
    loop = Game.new(["A", "B", "C", "D"], "basic", 11)
    driver.play(loop, with_rng(simple_policy, Rng(11)))
    other = Game.new(["A", "B", "C", "D"], "basic", 11)
    decide = with_rng(simple_policy, Rng(11))
    while decisions := driver.step(other):
        for d in reversed(decisions):  # last seat first
            if other.decision_id(d.seat) == d.id:
                other.apply(d.seat, decide(other, d), d.id)
    assert other.scores() == loop.scores()
    assert other.tableau == loop.tableau and other.coins == loop.coins
