"""Tournaments and the balance report: seating, duplicate deals, workers, JSON, CLI."""

from __future__ import annotations

import json

import pytest

from hadara.ai import balance, tournament
from hadara.ai.tournament import lineups, play_games, summarise, wilson
from hadara.cli import main
from hadara.content import EFFECT_KINDS


def test_lineups_repeat_agents_in_rotation_and_rotate_seats():
    assert lineups(["a", "b"], 2) == [["a", "b"], ["b", "a"]]
    assert lineups(["a", "b"], 4) == [["a", "b", "a", "b"], ["b", "a", "b", "a"]]
    three = lineups(["a", "b"], 3)
    assert three == [["a", "b", "a"], ["b", "a", "a"], ["a", "a", "b"]]
    assert lineups(["g"], 5) == [["g"] * 5]


def test_duplicate_deals_give_each_agent_every_seat_of_a_deal():
    records = play_games(["greedy", "random"], 2, 4, seed=3)
    assert [r.deal for r in records] == [0, 0, 1, 1]
    assert records[0].agents == ["greedy", "random"] and records[1].agents == ["random", "greedy"]
    # Same deal, same cards: the initiative order of the seats is the same in both games.
    assert records[0].initiative_order == records[1].initiative_order


def test_games_do_not_depend_on_the_number_of_workers():
    one = play_games(["greedy", "ismcts"], 2, 2, seed=5, options={"iterations": 4}, workers=1)
    two = play_games(["greedy", "ismcts"], 2, 2, seed=5, options={"iterations": 4}, workers=2)
    strip = [(r.agents, r.scores, r.winners, r.coins) for r in one]
    assert strip == [(r.agents, r.scores, r.winners, r.coins) for r in two]


def test_short_tournament_greedy_beats_random(capsys):
    """A short duplicate tournament through the CLI; greedy should win nearly every game."""
    assert main(["tournament", "--agents", "greedy,random", "--players", "2", "--games", "16",
                 "--seed", "1", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["games"] == 16
    assert set(rep["win_rate"]) == {"greedy", "random"}
    assert rep["win_rate"]["greedy"] + rep["win_rate"]["random"] == pytest.approx(1.0)
    assert rep["win_rate"]["greedy"] >= 0.9
    lo, hi = rep["win_rate_ci95"]["greedy"]
    assert lo <= rep["win_rate"]["greedy"] <= hi
    assert rep["mean_score"]["greedy"] > rep["mean_score"]["random"]
    assert sum(rep["seat_win_rate"]) == pytest.approx(1.0)
    assert rep["decision_ms"]["greedy"]["decisions"] > 0


def test_summary_counts_shared_wins_as_fractions():
    rec = tournament.GameRecord(index=0, deal=0, agents=["a", "b", "a"], scores=[10, 10, 5],
                                coins=[1, 1, 0], winners=[0, 1], ranks=[1, 1, 3],
                                initiative_order=[2, 0, 1], effects=[[], [], []])
    rep = summarise([rec], ["a", "b"], 3, seed=0)
    assert rep["win_rate"] == {"a": 0.5, "b": 0.5}
    assert rep["seat_win_rate"] == [0.5, 0.5, 0.0]
    assert rep["initiative_win_rate"] == [0.5, 0.0, 0.5]
    assert rep["mean_rank"]["a"] == 2.0 and rep["mean_score"]["a"] == 7.5


def test_wilson_interval_contains_the_rate_and_narrows():
    lo, hi = wilson(0.7, 20)
    lo2, hi2 = wilson(0.7, 2000)
    assert lo < 0.7 < hi and lo2 < 0.7 < hi2
    assert hi2 - lo2 < hi - lo
    assert wilson(1.0, 10)[1] == 1.0


def test_tournament_text_report(capsys):
    assert main(["tournament", "--agents", "greedy", "--players", "3", "--games", "2",
                 "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "seat fairness" in out and "greedy" in out


def test_tournament_rejects_unknown_agents_and_two_budgets():
    with pytest.raises(SystemExit):
        main(["tournament", "--agents", "greedy,champion"])
    with pytest.raises(SystemExit):
        main(["tournament", "--agents", "ismcts", "--iterations", "5", "--budget-ms", "10"])
    with pytest.raises(SystemExit):
        main(["tournament", "--agents", "ismcts", "--wheel", "spin"])


def test_tournament_passes_the_wheel_to_the_expert(capsys):
    assert main(["tournament", "--agents", "ismcts,ismcts-v1", "--games", "2", "--iterations",
                 "2", "--wheel", "rule", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["options"] == {"iterations": 2, "wheel": "rule"} and rep["games"] == 2


def test_balance_report(capsys):
    assert main(["balance", "--games", "3", "--players", "2,3", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert set(rep["players"]) == {"2", "3"}
    for n, p in rep["players"].items():
        assert p["games"] == 3
        assert sum(p["seat_win_rate"]) == pytest.approx(1.0, abs=1e-3)  # rounded to 4 places
        assert sum(p["initiative_win_rate"]) == pytest.approx(1.0, abs=1e-3)
        assert set(p["effects"]) == set(EFFECT_KINDS)
        assert p["mean_winning_score"] >= p["mean_score"]
        assert p["goal_met"] == (p["max_gap_pp"] <= balance.GOAL_PP)
        assert len(p["seat_win_rate"]) == int(n)
        fair = 1 / int(n)
        assert p["se_pp"] == pytest.approx(100 * (fair * (1 - fair) / 3) ** 0.5, abs=0.01)


def test_balance_with_the_expert_at_a_budget(capsys):
    """Issue 25: the balance can be played by a stronger level than greedy (``--agent``,
    ``--iterations``); the report says which, and the text report names the noise."""
    assert main(["balance", "--games", "2", "--players", "2", "--agent", "ismcts",
                 "--iterations", "3", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["agent"] == "ismcts" and rep["options"] == {"iterations": 3}
    assert rep["players"]["2"]["games"] == 2
    assert main(["balance", "--games", "2", "--players", "2", "--agent", "ismcts",
                 "--iterations", "3", "--wheel", "rule"]) == 0
    assert capsys.readouterr().out.startswith(
        "Balance: ismcts self-play, iterations 3, wheel rule, 2 games per player count")
    assert main(["balance", "--games", "2", "--players", "2", "--agent", "gentle"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Balance: gentle self-play, 2 games per player count")
    assert "one standard error 35.4" in text
    for bad in (["--agent", "champion"], ["--wheel", "spin"]):
        with pytest.raises(SystemExit):
            main(["balance", *bad])
