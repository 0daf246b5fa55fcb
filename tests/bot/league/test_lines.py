"""The leaderboard's, the standings' and the profile's lines are worded through the catalogs
in the reader's language (never English built by hand)."""

from __future__ import annotations

import i18n
from bot.league.ratings import board_line, profile_line
from rendering.leaderboard import leaderboard_text

RATED = {"position": 1, "name": "Ann", "rating": 12.34, "mu": 25.1, "sigma": 4.2, "games": 1,
         "wins": 1, "text": "English made elsewhere"}
STANDING = {"position": 2, "name": "Bo", "points": 1.0, "opponents": 2.5, "rating": 3.0,
            "mu": 20.0, "sigma": 5.5, "games": 2, "wins": 0, "text": "English made elsewhere"}


def test_the_lines_in_every_language() -> None:
    assert board_line(RATED, "en") == "1. Ann — 12.3 (μ 25.1 ± 4.2), 1 game, 1 win"
    assert board_line(STANDING, "en") == "2. Bo — 1 pt (opp. 2.5, rating 3.0 ± 5.5), 2 games"
    assert board_line({**STANDING, "points": 3, "games": 1}, "en").startswith("2. Bo — 3 pts")
    assert board_line(STANDING, "fr") == "2. Bo — 1 pt (adv. 2,5, cote 3,0 ± 5,5), 2 parties"
    assert board_line(RATED, "fr") == "1. Ann — 12,3 (μ 25,1 ± 4,2), 1 partie, 1 victoire"
    assert board_line(STANDING, "ja") == "2. Bo — 1ポイント（対戦相手 2.5、レーティング 3.0 ± 5.5）、2戦"
    assert board_line(RATED, "ja").endswith("1戦1勝")
    assert profile_line(RATED, "en") == "Ann: rating 12.3 (μ 25.1 ± 4.2), 1 game, 1 win"
    assert profile_line({**RATED, "mean_score": 55.0}, "fr").endswith("score moyen 55,0")


def test_the_current_language_by_default() -> None:
    with i18n.speaking("fr"):
        assert board_line(STANDING) == board_line(STANDING, "fr")
    assert board_line(STANDING) == board_line(STANDING, "en")


def test_the_fallback_text_is_in_its_own_language() -> None:
    text = leaderboard_text([STANDING], "Ligue", "fr")
    assert text.splitlines() == ["Ligue", board_line(STANDING, "fr")]
    assert "English made elsewhere" not in leaderboard_text([RATED, STANDING], None, "ja")
