"""The state the extensions keep on the bot (``bot.client.Kept``) and what one feature offers
another's messages (``cogs.edge.offers``), without a bot."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

pytest.importorskip("discord")

from bot.client import Kept  # noqa: E402
from cogs.edge.offers import Notices, Offers  # noqa: E402
from cogs.table.state import MAX_KEPT, Tables  # noqa: E402


@dataclass
class Counts:
    seen: list[int] = field(default_factory=list)
    last: int = 0


def test_kept_state_is_one_object_per_class_and_outlives_a_reload() -> None:
    kept = Kept()
    counts = kept.get(Counts)
    counts.seen.append(1)
    counts.last = 1
    assert kept.get(Counts) is counts

    # the same class as a reloaded extension defines it again: a new class object, same name
    @dataclass
    class Reloaded:
        seen: list[int] = field(default_factory=list)
        last: int = 0

    Reloaded.__module__, Reloaded.__qualname__ = Counts.__module__, Counts.__qualname__
    again = kept.get(Reloaded)
    assert isinstance(again, Reloaded) and again.seen == [1] and again.last == 1
    assert kept.get(Reloaded) is again


async def test_an_offer_is_withdrawn_to_nothing() -> None:
    offers = Offers()
    assert offers.watch_replay is None and offers.try_again is None
    assert await offers.panel_dm(1, 2, 3) is None
    assert offers.notices([], None, {}) == Notices()  # type: ignore[arg-type]

    def watch(game_id: int) -> object:
        return game_id

    offers.watch_replay = watch  # type: ignore[assignment]
    offers.withdraw("watch_replay")
    assert offers.watch_replay is None


def test_the_table_remembers_the_pictures_of_its_newest_boards() -> None:
    tables = Tables()
    kept = {"table": ("digest", None)}
    for game in range(MAX_KEPT + 2):
        tables.keep_uploads(game, 1000 + game, kept)  # type: ignore[arg-type]
    assert len(tables.uploaded) == MAX_KEPT
    assert tables.uploads_of(0, 1000) == {} and tables.of(0).board is None  # the oldest
    last = MAX_KEPT + 1
    assert tables.uploads_of(last, 1000 + last) == kept
    assert tables.uploads_of(last, 1) == {}  # another board message: not known
