"""A rating has the same tenths on the standings' picture as in the text beside it, in each
language: the catalogs' numbers round the decimal as written (half to even) with the
language's separator, and so does the picture (``f"{x:.1f}"`` on the float said -1.1 where
the text said -1.2, and 5.2 where the French text said 5,2 — seen on a tournament's
standings)."""

from __future__ import annotations

import pytest

from i18n import LOCALES, tenths, translate


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("value", [-1.15, 0.25, 0.35, 5.24, 3.27, -2.45, 12.0, 0.0, 27.85])
def test_the_picture_and_the_text_agree_on_a_rating(locale: str, value: float) -> None:
    text = translate(locale, "league.standings.line", position=1, name="x", points=1,
                     opponents=1, rating=value, sigma=1.0, games=1)
    assert f" {tenths(value, locale)} " in text, (tenths(value, locale), text)


def test_halves_round_to_even_with_the_language_s_separator() -> None:
    assert [tenths(v, "en") for v in (-1.15, 0.25, 0.35)] == ["-1.2", "0.2", "0.4"]
    assert tenths(5.24, "fr") == "5,2" and tenths(5.24, "ja") == "5.2"
