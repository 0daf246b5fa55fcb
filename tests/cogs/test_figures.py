"""The words of a person's reliability where people sit down (cogs/edge/figures.py), and the
fitting of a sign-up list into an embed field."""

from __future__ import annotations

import pytest

pytest.importorskip("discord")

from bot.service.reliability import Reliability  # noqa: E402
from cogs.edge.figures import figures_words, fit_lines  # noqa: E402
from i18n import speaking  # noqa: E402


def rel(games: int, rate: float | None, live: float | None = None,
        timed: float | None = None) -> Reliability:
    return Reliability(1, games, games < 5, rate, {"live": live, "timed": timed}, None)


def test_figures_in_words() -> None:
    with speaking("en"):
        assert figures_words(None) == "figures kept private"
        assert figures_words(rel(2, 0.1, 60)) == "new here"  # never their figures
        assert figures_words(rel(9, 0.92, 240, 6 * 3600)) == (
            "finishes 92% · moves in 4 min · 6 h a move in multi-day games")
        assert figures_words(rel(9, 0.5)) == "finishes 50%"
        assert figures_words(rel(9, None)) == "new here"  # nothing to judge by
    with speaking("fr"):
        assert "92" in figures_words(rel(9, 0.92, 240)) and "finit" in figures_words(
            rel(9, 0.92))


def test_fit_lines_keeps_lines_whole() -> None:
    with speaking("en"):
        lines = [f"player {i:02d} — finishes 90%" for i in range(60)]
        text = fit_lines(lines, 1024)
        assert len(text) <= 1024
        shown = text.split("\n")
        assert shown[:-1] == lines[:len(shown) - 1]  # whole lines, in order
        assert shown[-1] == f"… and {60 - len(shown) + 1} more, not shown."
        assert fit_lines(lines[:3], 1024) == "\n".join(lines[:3])
        # a last line too long for what is left: "… 1 more", never half a line
        two = ["a" * 10, "b" * 50]
        assert fit_lines(two, 40) == "a" * 10 + "\n… and 1 more, not shown."
        assert fit_lines([], 100) == ""
