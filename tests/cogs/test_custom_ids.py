"""Every restart-proof component's custom id is written once (cogs/edge/custom_ids.py): the
template discord.py matches is the spec's, an id the component writes reads back to the same
key, and a game id longer than 18 digits (beyond the database's 64-bit integers) matches no
component (docs/security.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest

pytest.importorskip("discord")

from cogs.admin.cog import RepairButton  # noqa: E402
from cogs.components import ALL  # noqa: E402
from cogs.edge.custom_ids import GAME, CustomId, number, one_of  # noqa: E402
from cogs.edge.launch import LaunchButton  # noqa: E402
from cogs.league.profile import ProfileButton  # noqa: E402
from cogs.learn.cog import NotesOffButton  # noqa: E402
from cogs.multiday.cog import VoteButton  # noqa: E402
from cogs.play import panels as P  # noqa: E402
from cogs.play import queue as A  # noqa: E402
from cogs.play.turns import (  # noqa: E402
    ActionButton,
    HintButton,
    NavButton,
    OpenGameButton,
    PanelSelect,
    TakeTurnButton,
    UndoButton,
)
from cogs.player.cog import GamesPageButton  # noqa: E402
from cogs.replay.components import ReplayButton, ReplaySelect, jump_id, step_id  # noqa: E402
from cogs.replay.fork import ForkButton, fork_id  # noqa: E402
from cogs.table.follow import FollowButton  # noqa: E402
from cogs.table.lobby import LOBBY_ACTIONS, LobbyButton, RematchButton  # noqa: E402

BIG = 10**18 - 1  # the largest game id of 18 digits
ACTION = {"type": "take", "card": "I-Y06", "mode": "buy"}

#: Ids each component writes, with the largest game id.
SAMPLES: dict[type, list[str]] = {
    LobbyButton: [LobbyButton(a, BIG).custom_id for a in LOBBY_ACTIONS],
    RematchButton: [RematchButton(BIG).custom_id],
    FollowButton: [FollowButton(BIG).custom_id],
    LaunchButton: [LaunchButton(BIG).custom_id],
    TakeTurnButton: [P.take_turn_id(BIG)],
    HintButton: [P.hint_id(BIG), P.hint_id(BIG, 4, "d12.3")],
    ActionButton: [P.action_id(BIG, 4, "d12.3", 9999, ACTION)],
    NavButton: [P.nav_id(BIG, 0, "d1", ()), P.nav_id(BIG, 0, "d1", ("I-Y06", "buy"))],
    PanelSelect: [P.select_id(BIG, 1, "d1", ("a",), 2), P.batch_id(BIG, 1, "d1")],
    UndoButton: [P.undo_id(BIG, 3, 999_999)],
    OpenGameButton: [P.go_id(BIG), P.go_id(BIG, BIG)],
    GamesPageButton: [GamesPageButton(99).custom_id],
    A.AheadButton: [A.custom_id(BIG, 4, "o"), A.custom_id(BIG, 4, "m", "ab12", "sell:I-Y06")],
    A.AheadSelect: [A.custom_id(BIG, 4, "pb", "00ff")],
    VoteButton: [VoteButton(BIG, 2).custom_id],
    NotesOffButton: [NotesOffButton(BIG).custom_id],
    RepairButton: [RepairButton(BIG, 999_999).custom_id],
    ReplayButton: [step_id(BIG, 999_999, tag) for tag in "fpnlo"],
    ReplaySelect: [jump_id(BIG)],
    ForkButton: [fork_id(BIG, 999_999)],
    ProfileButton: [ProfileButton(BIG, "a name").custom_id,
                    ProfileButton(2**64 - 1, "x" * 200).custom_id],
}


def test_every_component_has_samples() -> None:
    assert set(ALL) == set(SAMPLES)


@pytest.mark.parametrize("component", ALL, ids=lambda c: c.__name__)
def test_the_template_is_the_specs_and_ids_read_back(component: Any) -> None:
    spec = component.spec
    template = component.__discord_ui_compiled_template__  # what discord.py matches
    assert template.pattern == spec.template
    assert "{1,19}" not in spec.template
    for cid in SAMPLES[component]:
        assert len(cid) <= 100, cid
        assert template.fullmatch(cid), cid
        key = spec.parse(cid)
        assert key is not None and spec.format(key) == cid, cid
        if component in (NotesOffButton, GamesPageButton, ProfileButton):
            continue  # a user id or a page, not a game id
        longer = cid.replace(str(BIG), str(BIG) + "9", 1)
        assert not template.fullmatch(longer), longer


@dataclass(frozen=True)
class Key:
    game: int
    word: str
    step: int | None = None


def test_a_spec_writes_its_optional_tail_only_when_set() -> None:
    spec = CustomId("x:{word}:{game}[:{step}]", Key, word=one_of("a", "b-c"), game=GAME,
                    step=number(3))
    assert spec.template == (r"hd1:x:(?P<word>a|b\-c):(?P<game>[0-9]{1,18})"
                             r"(?::(?P<step>[0-9]{1,3}))?")
    assert spec.format(Key(7, "b-c")) == "hd1:x:b-c:7"
    assert spec.format(Key(7, "a", 12)) == "hd1:x:a:7:12"
    assert spec.parse("hd1:x:a:7:12") == Key(7, "a", 12)
    assert spec.parse("hd1:x:a:7") == Key(7, "a")
    for bad in ("hd1:x:d:7", "hd1:x:a:7:1234", "hd1:x:a:1234567890123456789", "x:a:7"):
        assert spec.parse(bad) is None and not re.fullmatch(spec.template, bad), bad
