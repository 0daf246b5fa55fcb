"""Per-user limits (bot/limits.py) on a virtual clock."""

from __future__ import annotations

from bot.limits import WINDOWS, RateLimits, Window


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_window_counts_uses_and_says_when_to_try_again() -> None:
    clock = Clock()
    limits = RateLimits(clock, {"review": Window(3, 600.0)})
    assert [limits.take("review", 1) for _ in range(3)] == [None, None, None]
    clock.now += 10
    assert limits.take("review", 1) == 1600.0  # the first use leaves the window then
    assert limits.take("review", 2) is None  # another user has their own count
    clock.now = 1600.0  # all three uses at 1000 have left the window
    assert [limits.take("review", 1) for _ in range(3)] == [None, None, None]
    assert limits.take("review", 1) == 2200.0


def test_a_refused_use_is_not_counted() -> None:
    clock = Clock()
    limits = RateLimits(clock, {"hint": Window(1, 60.0)})
    assert limits.take("hint", 5) is None
    for _ in range(10):
        clock.now += 5
        assert limits.take("hint", 5) == 1060.0
    clock.now = 1060.0
    assert limits.take("hint", 5) is None


def test_retry_at_counts_nothing() -> None:
    clock = Clock()
    limits = RateLimits(clock)
    assert limits.retry_at("board.post", 9) is None
    assert limits.retry_at("board.post", 9) is None
    assert limits.take("board.post", 9) is None
    assert limits.retry_at("board.post", 9) == 1000.0 + WINDOWS["board.post"].seconds


def test_every_limit_is_worded() -> None:
    from i18n import LOCALES, has

    for name in [*WINDOWS, "lobbies", "learning_games"]:
        for lang in LOCALES:
            assert has(f"refusal.limited.{name}", lang), (name, lang)
