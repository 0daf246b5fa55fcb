"""AI players: the interface (views only, nothing hidden), every level's legality, determinism,
forced decisions, hints."""

from __future__ import annotations

import dataclasses

import pytest

from hadara.ai import agent_names, make_agent
from hadara.ai.base import decision_rng
from hadara.ai.hint import hint
from hadara.ai.ismcts import IsmctsAgent
from hadara.content import COLOURS, Catalog
from hadara.engine import Game
from hadara.options import label
from hadara.rng import Rng
from hadara.setup import Setup, random_setup
from hadara.views import view
from i18n import t

LEVELS = ("random", "gentle", "greedy", "ismcts-v1", "ismcts")
FAST = {"iterations": 6}  # enough to exercise the search; strength is measured in bench/


def play(game: Game, agents: dict[int, object], on_decision=None) -> None:
    """Play to the end asking each seat's agent with its view; check every answer is legal."""
    while not game.is_over:
        seat = game.waiting_on()[0]
        actions = game.legal_actions(seat)
        v = view(game, seat)
        action = agents[seat].choose(v, actions)  # type: ignore[attr-defined]
        assert action in actions
        if on_decision:
            on_decision(game, seat, v, actions, action)
        game.apply(seat, action)


def test_registry_names_the_levels():
    assert set(LEVELS) <= set(agent_names())
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("grandmaster")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_whole_game_legally(level):
    game = Game.new(["a", "b"], "basic", seed=11)
    agents = {s: make_agent(level, seed=s, **FAST) for s in range(2)}
    kinds = set()
    play(game, agents, lambda g, s, v, acts, a: kinds.add(g.step))
    assert game.is_over
    # The game passed through every kind of decision the basic game has.
    assert {"wheel", "draft", "phase_b", "colony", "statue", "medals"} <= kinds


def test_greedy_plays_the_advanced_variant_with_setup_sides():
    game = Game.new(["a", "b", "c"], "advanced", seed=5)
    agents = {s: make_agent("greedy", seed=s) for s in range(3)}
    play(game, agents)
    assert game.is_over and all(side in ("A", "B") for side in game.side)


# ------------------------------------------------------------------------------ hidden info


def _first_draft(setup: Setup, colour: str) -> Game:
    game = Game.from_setup(setup)
    game.apply(game.first, {"type": "wheel", "colour": colour})
    return game


def _hidden_twin(cat: Catalog, setup: Setup, keep_colour: str, rng: Rng) -> Setup:
    """The same deal except what one seat cannot see at its first draft: every epoch-I deck but
    the one it draws from, the later epochs' decks, and colony tiles other than the visible
    fronts of the stack tops."""
    per = cat.rules.draw_per_player * setup.n
    decks = {}
    for epoch, by_colour in setup.decks.items():
        decks[epoch] = {}
        for colour in COLOURS:
            if epoch == 1 and colour == keep_colour:
                decks[epoch][colour] = by_colour[colour]
                continue
            pool = list(cat.pool(epoch, colour, False))
            while True:
                rng.shuffle(pool)
                if tuple(pool[:per]) != by_colour[colour]:
                    break
            decks[epoch][colour] = tuple(pool[:per])
    colonies = {}
    for level, stack in setup.colonies.items():
        top = cat.colonies[stack[0]]
        same_front = [t for t in cat.colonies_at(level) if cat.colonies[t].front == top.front]
        new_top = next((t for t in same_front if t != stack[0]), stack[0])
        rest = [t for t in cat.colonies_at(level) if t != new_top]
        rng.shuffle(rest)
        colonies[level] = (new_top, *rest[:setup.n - 1])
    return dataclasses.replace(setup, decks=decks, colonies=colonies)


@pytest.mark.parametrize("level", LEVELS)
def test_an_agent_sees_nothing_hidden(cat, level):
    """Two games that differ only in what the seat cannot see (others' hands and their secret
    picks, deck orders, future epochs, colony backs) give the same decision with the same seed."""
    n = 4
    setup = random_setup(cat, [f"p{i}" for i in range(n)], "basic", 21)
    colour = setup.deck_colours[2]
    g1 = _first_draft(setup, colour)
    me = (g1.first + 1) % n
    mine = setup.deck_colours[g1.deck_of(me)]
    twin = _hidden_twin(cat, setup, mine, Rng(99))
    g2 = _first_draft(twin, colour)
    other = (me + 1) % n
    assert g1.hands[other] != g2.hands[other]  # the premise: hidden parts really differ
    assert g1.colony_stacks != g2.colony_stacks
    # Another seat has already picked, differently in the two games (picks are secret).
    g1.apply(other, g1.legal_actions(other)[0])
    g2.apply(other, g2.legal_actions(other)[-1])
    v1, v2 = view(g1, me), view(g2, me)
    assert v1 == v2
    for seed in (1, 2, 3):
        a1 = make_agent(level, seed=seed, iterations=25).choose(v1, g1.legal_actions(me))
        a2 = make_agent(level, seed=seed, iterations=25).choose(v2, g2.legal_actions(me))
        assert a1 == a2


def test_decisions_later_in_the_game_do_not_depend_on_future_decks(cat):
    """Epoch II and III decks are hidden through epoch I: a whole epoch of search decisions is
    the same in two games that differ only there."""
    setup = random_setup(cat, ["a", "b"], "basic", 8)
    decks = dict(setup.decks)
    rng = Rng(3)
    for epoch in (2, 3):
        decks[epoch] = {}
        for colour in COLOURS:
            pool = list(cat.pool(epoch, colour, False))
            rng.shuffle(pool)
            decks[epoch][colour] = tuple(pool[:4])
    g1 = Game.from_setup(setup)
    g2 = Game.from_setup(dataclasses.replace(setup, decks=decks))
    assert g1.epoch_decks[2] != g2.epoch_decks[2]
    agent = make_agent("ismcts", seed=4, iterations=8)
    checked = 0
    while g1.epoch == 1:
        seat = g1.waiting_on()[0]
        acts = g1.legal_actions(seat)
        v = view(g1, seat)
        assert v == view(g2, seat)
        a = agent.choose(v, acts)
        assert a == agent.choose(view(g2, seat), g2.legal_actions(seat))
        checked += len(acts) > 1
        g1.apply(seat, a)
        g2.apply(seat, a)
    assert checked >= 20


# ------------------------------------------------------------------------------ determinism


def _opening(n: int = 3, seed: int = 2) -> tuple[Game, int]:
    game = Game.new([f"p{i}" for i in range(n)], "basic", seed)
    game.apply(game.first, game.legal_actions(game.first)[0])
    return game, game.waiting_on()[0]


def test_decision_rng_depends_on_seed_and_public_counters():
    game, seat = _opening()
    v = view(game, seat)
    assert decision_rng(1, v).next_u64() == decision_rng(1, v).next_u64()
    assert decision_rng(1, v).next_u64() != decision_rng(2, v).next_u64()
    other = view(game, (seat + 1) % game.n)
    assert decision_rng(1, v).next_u64() != decision_rng(1, other).next_u64()


def test_ismcts_with_an_iteration_budget_is_reproducible():
    game, seat = _opening()
    v, acts = view(game, seat), game.legal_actions(seat)
    runs = []
    for _ in range(2):
        agent = IsmctsAgent(seed=5, iterations=30)
        action = agent.choose(v, acts)
        assert agent.last is not None and agent.last.iterations == 30
        stats = {k: (n.visits, round(n.total, 9)) for k, n in agent.last.root.children.items()}
        runs.append((action, stats))
    assert runs[0] == runs[1]
    assert sum(vis for vis, _ in runs[0][1].values()) == 30


def test_ismcts_time_budget_runs_and_answers():
    game, seat = _opening()
    agent = IsmctsAgent(seed=1, budget_ms=50)
    acts = game.legal_actions(seat)
    assert agent.choose(view(game, seat), acts) in acts
    assert agent.last is not None and agent.last.iterations >= 1


# Today's search before the fitted leaf (commit b9bca31's ``ismcts``): its choice and the
# visit counts of its root children, 40 iterations, seed 5, after ``steps`` greedy actions.
V1_PINNED = [
    (2, 3, 1, {"type": "draft", "card": "I-Y07", "mode": "buy"}, [3, 7, 9, 21]),
    (2, 5, 40, {"type": "draft", "card": "II-B10", "mode": "sell"}, [3, 9, 10, 18]),
    (3, 2, 100, {"type": "draft", "card": "III-Y01", "mode": "buy"}, [6, 8, 13, 13]),
    (4, 7, 60, {"type": "medal", "kind": "silver", "tile": "blue"}, [4, 4, 6, 7, 9, 10]),
    (5, 4, 150, {"type": "colony", "level": 3, "mode": "plunder"}, [9, 15, 16]),
    (2, 9, 90, {"type": "take", "card": "III-R03", "mode": "buy"}, [6, 34]),
]


@pytest.mark.parametrize(("n", "seed", "steps", "action", "visits"), V1_PINNED)
def test_ismcts_v1_is_the_search_before_the_fitted_leaf(n, seed, steps, action, visits):
    """The baseline the expert is measured against stays what it was: the same choices and
    root statistics as the search of commit b9bca31, on the faster engine."""
    from hadara.ai.greedy import evaluator, greedy_action

    ev = evaluator()
    game = Game.new([f"P{i}" for i in range(n)], "basic", seed)
    for _ in range(steps):
        seat = game.waiting_on()[0]
        game.apply(seat, greedy_action(ev, game, seat, game.legal_actions(seat)))
    while len(game.legal_actions(game.waiting_on()[0])) < 2:
        seat = game.waiting_on()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    seat = game.waiting_on()[0]
    agent = make_agent("ismcts-v1", seed=5, iterations=40)
    assert agent.choose(view(game, seat), game.legal_actions(seat)) == action
    assert agent.last is not None
    assert sorted(c.visits for c in agent.last.root.children.values()) == visits


def test_the_expert_scores_with_the_fitted_leaf_and_v1_without():
    game, seat = _opening()
    v, acts = view(game, seat), game.legal_actions(seat)
    expert, v1 = make_agent("ismcts", iterations=20), make_agent("ismcts-v1", iterations=20)
    expert.choose(v, acts)
    v1.choose(v, acts)
    assert expert.last is not None and expert.last.leaf is not None
    assert v1.last is not None and v1.last.leaf is None
    # rewards are standings against the others: between 0 and 1
    for agent in (expert, v1):
        assert agent.last is not None
        for child in agent.last.root.children.values():
            assert 0.0 <= child.total <= child.visits


def test_the_expert_sets_the_wheel_by_greedys_rule():
    """By default (``wheel="rule"``) the wheel (a game's first decision) as greedy sets it,
    without a search, and its hint says why; every other decision is searched as with
    ``wheel="search"``. ismcts-v1, the yardstick, always searches; an unknown way is
    refused."""
    game = Game.new(["p0", "p1", "p2"], "basic", 2)
    seat = game.first
    v, acts = view(game, seat), game.legal_actions(seat)
    assert acts[0]["type"] == "wheel" and len(acts) > 1
    rule = make_agent("ismcts", seed=3, iterations=20)
    assert rule.wheel == "rule"
    greedy = make_agent("greedy", seed=3)
    assert rule.choose(v, acts) == greedy.choose(v, acts)
    assert rule.last is None  # no search
    best, reason = rule.explain(v, acts)
    assert rule.last is None and (best, reason) == greedy.explain(v, acts)
    assert best == rule.choose(v, acts)
    assert reason == t("engine.hint.wheel", label=label(game, seat, best))
    searched = make_agent("ismcts", seed=3, iterations=20, wheel="search")
    searched.choose(v, acts)
    assert searched.last is not None and searched.last.iterations == 20
    game.apply(seat, acts[0])
    while len(game.legal_actions(game.waiting_on()[0])) < 2:
        s = game.waiting_on()[0]
        game.apply(s, game.legal_actions(s)[0])
    s = game.waiting_on()[0]
    v2, acts2 = view(game, s), game.legal_actions(s)
    assert acts2[0]["type"] != "wheel"
    assert rule.choose(v2, acts2) == searched.choose(v2, acts2)
    assert rule.last is not None and rule.last.iterations == 20
    v1 = make_agent("ismcts-v1", seed=3, iterations=20, wheel="rule")
    v1.choose(v, acts)
    assert v1.last is not None and v1.last.iterations == 20
    with pytest.raises(ValueError, match="wheel must be one of rule, search"):
        make_agent("ismcts", wheel="spin")


def test_gentle_prefers_the_better_actions_but_not_always():
    """Novice (gentle): over many seeds its picks are better on average than any action's
    (by greedy's evaluation), not always the same, and an action far below the best (four
    temperatures) is hardly ever taken."""
    from hadara.ai.gentle import TEMPERATURE
    from hadara.ai.greedy import evaluator, scored_actions

    game, seat = _opening()
    v, acts = view(game, seat), game.legal_actions(seat)
    value = {repr(a): x for x, a in scored_actions(evaluator(), game, seat, acts)}
    picks = [make_agent("gentle", seed=s).choose(v, acts) for s in range(80)]
    assert all(p in acts for p in picks)
    assert len({repr(p) for p in picks}) > 1
    mean_pick = sum(value[repr(p)] for p in picks) / len(picks)
    assert mean_pick > sum(value.values()) / len(value)
    best = max(value.values())
    far = [p for p in picks if value[repr(p)] < best - 4 * TEMPERATURE]
    assert len(far) <= 0.05 * len(picks)


def test_forced_decisions_cost_no_search():
    agent = IsmctsAgent(seed=1, iterations=1000)
    game, seat = _opening()
    only = [game.legal_actions(seat)[0]]
    assert agent.choose(view(game, seat), only) is only[0]
    assert agent.last is None


def test_clone_is_independent_and_cheap_to_search_with(cat):
    game, seat = _opening()
    copy = game.clone()
    assert copy.snapshot() == game.snapshot()
    copy.apply(seat, copy.legal_actions(seat)[0])
    assert copy.snapshot() != game.snapshot()
    assert game.commits[seat] is None


# ------------------------------------------------------------------------------ hints


@pytest.mark.parametrize("level", ("greedy", "ismcts"))
def test_hint_gives_a_legal_action_and_a_one_line_reason(level):
    game = Game.new(["a", "b"], "basic", seed=4)
    greedy = make_agent("greedy")
    seen = 0
    while not game.is_over and seen < 6:
        seat = game.waiting_on()[0]
        acts = game.legal_actions(seat)
        if len(acts) > 1 and game.step in ("draft", "phase_b", "medals"):
            action, reason = hint(view(game, seat), acts, level=level, iterations=10)
            assert action in acts
            assert reason and "\n" not in reason
            seen += 1
        game.apply(seat, greedy.choose(view(game, seat), acts))
    assert seen == 6


def test_hint_for_a_forced_decision_says_so():
    game, seat = _opening()
    only = game.legal_actions(seat)[:1]
    action, reason = hint(view(game, seat), only)
    assert action == only[0] and "only" in reason
    with pytest.raises(ValueError):
        hint(view(game, seat), [])


def test_docs_example_runs(capsys):
    """The example in docs/ai.md is the AI's API contract: run it so it stays true."""
    import re
    from pathlib import Path

    doc = Path(__file__).resolve().parents[3] / "docs" / "ai.md"
    block = re.findall(r"```python\n(.*?)```", doc.read_text(), re.S)[0]
    namespace: dict = {}
    exec(compile(block, str(doc), "exec"), namespace)
    assert namespace["game"].is_over
    assert namespace["suggestion"] is not None and namespace["reason"]
    assert capsys.readouterr().out.startswith("[")


def test_decide_runs_in_a_process_pool():
    """The bot calls agents from a process pool: ``decide`` is picklable and deterministic."""
    from concurrent.futures import ProcessPoolExecutor

    from hadara.ai import decide

    game, seat = _opening()
    v, acts = view(game, seat), game.legal_actions(seat)
    with ProcessPoolExecutor(max_workers=1) as pool:
        remote = pool.submit(decide, "ismcts", v, acts, 3, iterations=12).result()
    assert remote == decide("ismcts", v, acts, 3, iterations=12)
    assert remote in acts
