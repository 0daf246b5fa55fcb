"""bot/kept.py: a bounded memo drops its oldest entries first."""

from bot.kept import Kept


def test_at_most_so_many_the_oldest_dropped_first() -> None:
    kept: Kept[int, str] = Kept(3)
    for i in range(5):
        kept[i] = str(i)
    assert list(kept) == [2, 3, 4] and kept[4] == "4"
    kept[2] = "again"  # set again: still where it was, nothing dropped
    assert list(kept) == [2, 3, 4]
    kept[5] = "5"
    assert list(kept) == [3, 4, 5]
