"""The command line: data check, simulate (deterministic JSON), demo."""

from __future__ import annotations

import json

from hadara.cli import main


def test_data_check_prints_summary(capsys):
    assert main(["data", "check"]) == 0
    out = capsys.readouterr().out
    assert "data check OK" in out
    for eid in [f"P{i}" for i in range(1, 16)]:
        assert f" {eid} " in out


def test_simulate_json_is_deterministic(capsys):
    main(["simulate", "--players", "3", "--games", "5", "--seed", "4", "--json"])
    first = json.loads(capsys.readouterr().out)
    main(["simulate", "--players", "3", "--games", "5", "--seed", "4", "--json"])
    second = json.loads(capsys.readouterr().out)
    for key in ("games", "games_per_second", "mean_scores", "winners"):
        assert key in first
    assert first["mean_scores"] == second["mean_scores"]
    assert first["winners"] == second["winners"]
    assert abs(sum(first["winners"]) - 5) < 1e-6
    for seat in first["mean_scores"]:
        cats = {k: v for k, v in seat.items() if k != "total"}
        assert abs(sum(cats.values()) - seat["total"]) < 1e-6


def test_demo_prints_a_whole_game(capsys):
    assert main(["demo", "--players", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Epoch I" in out and "Epoch III" in out
    assert "Final scores" in out and "Winner:" in out


def test_demo_speaks_the_language_asked_for(capsys):
    import i18n

    for lang in i18n.LOCALES:
        assert main(["--locale", lang, "demo", "--players", "2", "--seed", "3"]) == 0
        out = capsys.readouterr().out
        for other in i18n.LOCALES:
            header = i18n.translate(other, "engine.event.final_scores")
            assert (header in out) == (other == lang), (lang, other)
    assert i18n.current() == i18n.DEFAULT  # the language was only spoken inside the command
