"""Simultaneous picks may be replaced until the reveal (R-A3 draft, R-S3 setup side); a
replacement overwrites the seat's pick in the log, so re-picks never grow a save, and nothing
public counts how often a seat changed its mind (Information)."""

from __future__ import annotations

from hadara import save
from hadara.engine import Game
from hadara.state import DRAFT
from hadara.views import spectator_view, view
from tests.support.stacking import at, new_game, run


def test_100000_replaced_draft_picks_leave_the_save_as_one_pick(cat):
    """R-A3: a hundred thousand re-picks leave the save the size of a single pick."""
    game = new_game(3)
    run(game, at(DRAFT, epoch=1))
    seat = 0
    hand = game.hands[seat]
    picks = [{"type": "draft", "card": c, "mode": "sell"} for c in hand]
    game.apply(seat, picks[0], game.decision_id(seat))
    one = save.to_json(game)
    for i in range(100_000):
        game.apply(seat, picks[(i + 1) % 2], game.decision_id(seat))
    game.apply(seat, picks[0], game.decision_id(seat))
    assert save.to_json(game) == one
    assert save.from_json(one).snapshot() == game.snapshot()


def test_a_replaced_pick_is_what_resolves(cat):
    """R-A3: the last pick before the reveal is the one applied, also after a reload."""
    game = new_game(2)
    run(game, at(DRAFT, epoch=1))
    a, b = game.hands[0]
    game.apply(0, {"type": "draft", "card": a, "mode": "sell"})
    game.apply(0, {"type": "draft", "card": b, "mode": "sell"})
    reloaded = save.from_json(save.to_json(game))
    assert reloaded.snapshot() == game.snapshot()
    other = game.hands[1][0]
    game.apply(1, {"type": "draft", "card": other, "mode": "sell"})
    assert a in game.discards[game.deck_of(0, 0)] or a in [p[-1] for p in game.discards if p]
    assert [b, False] in game.sold[0]


def test_nothing_public_counts_repicks(cat):
    """Information: the public events, the spectator view and the other seats' views are the
    same whether a seat picked once or changed its pick many times; the seat itself is told
    privately that it replaced its pick."""

    def played(repicks: int) -> tuple[list, dict, dict, list]:
        game = new_game(3)
        run(game, at(DRAFT, epoch=1))
        hand = game.hands[0]
        events = []
        private = []
        for i in range(repicks + 1):
            res = game.apply(0, {"type": "draft", "card": hand[(repicks - i) % 2],
                                 "mode": "sell"}, game.decision_id(0))
            events += res.public
            private += res.private.get(0, [])
        return events, spectator_view(game), view(game, 1), private

    once, many = played(0), played(5)
    assert once[0] == many[0] == [{"kind": "pick_committed", "seat": 0}]
    assert once[1] == many[1]
    assert once[2] == many[2]
    assert [e["replaced"] for e in many[3]] == [False] + [True] * 5


def test_setup_side_repicks_are_compact_too(cat):
    """R-S3: in the advanced game a replaced setup side overwrites the first choice."""
    game = Game.new(["a", "b", "c"], "advanced", 3)
    game.apply(0, {"type": "setup_side", "side": "A"})
    text = save.to_json(game)
    game.apply(0, {"type": "setup_side", "side": "B"})
    game.apply(0, {"type": "setup_side", "side": "A"})
    assert save.to_json(game) == text
    assert game.version == 1


def test_results_name_the_log_entries_they_wrote(cat):
    """A store mirrors the log by index: a first pick appends, a replaced pick overwrites the
    seat's own entry, and the indices in Result.logged say which."""
    game = new_game(3)
    run(game, at(DRAFT, epoch=1))
    n = len(game.log)
    hand = game.hands[1]
    first = game.apply(1, {"type": "draft", "card": hand[0], "mode": "sell"})
    assert first.logged == [n]
    game.apply(2, {"type": "draft", "card": game.hands[2][0], "mode": "sell"})
    again = game.apply(1, {"type": "draft", "card": hand[1], "mode": "sell"})
    assert again.logged == [n] and game.log[n]["action"]["card"] == hand[1]
    assert len(game.log) == n + 2
