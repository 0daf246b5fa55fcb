"""Feeding (F1, D-11) and medals (M1, D-4) at the end of Phase B."""

from __future__ import annotations

import pytest

from hadara.engine import Game
from hadara.errors import CannotAfford, IllegalAction
from hadara.state import FEEDING, MEDALS, STATUE, WHEEL
from hadara.views import view
from tests.support.stacking import FOOD, at, card, cards, force, new_game, run, strings_in, track


def feeding_with(tableaux: dict[int, list[str]], food: dict[int, int], n: int = 2,
                 epoch: int = 1) -> Game:
    """A game entering feeding with the given tableaux and food tracks (others: fed)."""
    g = new_game(n)
    run(g, at(STATUE, epoch=epoch, phase="B"))
    for s in range(n):
        force(g, s, tableau=tableaux.get(s, []), tracks=[0, 0, 0, food.get(s, 10)])
    run(g, lambda g: g.step != STATUE)
    return g


def plain(k: int, food: bool = False) -> list[str]:
    """k track cards without food gains (or with, if ``food``) and without effects."""
    found = cards(where=lambda c: c.colour != "purple" and (c.gains[FOOD] > 0) == food)
    return [c.id for c in found[:k]]


def test_F1_fed_players_have_nothing_to_do(cat):
    """F1: if food ≥ the number of epoch cards, nothing happens (no decision)."""
    g = feeding_with({0: plain(3), 1: plain(2)}, {0: 3, 1: 5})
    assert g.step == MEDALS  # nobody had to feed: straight on to medals
    assert g.tableau[0] == plain(3)


def test_F1_remove_cards_one_at_a_time_until_count_le_food(cat):
    """F1: a player with more cards than food removes cards of their choice, one per action,
    until count ≤ food; tracks drop by each removed card's printed gains; no coins."""
    mine = plain(4)
    g = feeding_with({0: mine}, {0: 2})
    assert g.step == FEEDING and g.waiting_on() == [0]
    removable = {a["card"] for a in g.legal_actions(0) if a["type"] == "feed_remove"}
    assert removable == set(mine)
    assert all(a["type"] == "feed_remove" for a in g.legal_actions(0))  # no way to pass
    tracks, coins = g.tracks[0][:], g.coins[0]
    victim = cat.cards[mine[1]]
    g.apply(0, {"type": "feed_remove", "card": victim.id})
    assert g.step == FEEDING and g.waiting_on() == [0]
    g.apply(0, {"type": "feed_remove", "card": mine[3]})
    assert g.step == MEDALS
    assert g.tableau[0] == [mine[0], mine[2]]
    assert g.removed[0] == [victim.id, mine[3]]
    lost = [a + b for a, b in zip(victim.gains, cat.cards[mine[3]].gains, strict=True)]
    assert g.tracks[0] == [t - d for t, d in zip(tracks, lost, strict=True)]
    assert g.coins[0] == coins


def test_F1_the_setup_card_does_not_count_purple_cards_do(cat):
    """F1: count the player's epoch cards (not the setup card); purple cards count."""
    purple = [c.id for c in cards(colour="purple", where=lambda c: c.effect_id not in
                                  ("P6", "P7") and c.gains[FOOD] == 0)][:3]
    g = feeding_with({0: purple}, {0: 2})
    assert g.step == FEEDING
    assert g.feeding_status(0)["count"] == 3
    g = feeding_with({0: purple[:2]}, {0: 2})
    assert g.step == MEDALS


def test_F1_D_11_removing_a_food_card_can_require_more_removals(cat):
    """F1 / D-11: removing a card with food gains lowers food, which may require further
    removals."""
    feeder = card(where=lambda c: c.colour == "green" and c.gains[FOOD] >= 1
                  and c.effect is None)
    others = plain(3)
    tableau = [feeder.id, *others]
    g = feeding_with({0: tableau}, {0: 3})
    food = g.tracks[0][FOOD]
    g.apply(0, {"type": "feed_remove", "card": feeder.id})
    assert g.tracks[0][FOOD] == food  # pending: applied when everyone is fed
    st = g.feeding_status(0)
    assert st["food"] == food - feeder.gains[FOOD] and st["count"] == 3
    assert st["food"] < 3  # the removed food card left too little food for 3 cards
    assert g.step == FEEDING and g.waiting_on() == [0]
    need = max(0, 3 - st["food"])
    for cid in others[:need]:
        if g.step != FEEDING:
            break
        g.apply(0, {"type": "feed_remove", "card": cid})
    assert g.step == MEDALS
    assert len(g.tableau[0]) <= g.tracks[0][FOOD]
    assert g.tracks[0][FOOD] == food - feeder.gains[FOOD] - sum(
        cat.cards[c].gains[FOOD] for c in g.removed[0][1:])


def test_F1_feeding_is_simultaneous_and_hidden_until_all_are_fed(cat):
    """F1: both players feed at the same time; removals stay private until everyone is fed,
    then are revealed together."""
    a, b = plain(3), plain(6)[3:]
    g = feeding_with({0: a, 1: b}, {0: 2, 1: 2})
    assert sorted(g.waiting_on()) == [0, 1]
    other = g.clone()
    res = g.apply(1, {"type": "feed_remove", "card": b[0]})
    other.apply(1, {"type": "feed_remove", "card": b[1]})
    assert b[0] not in strings_in(res.public)
    v0 = view(g, 0)
    assert v0["seats"][1]["tableau"] == b and v0["seats"][1]["removed"] == []
    assert v0 == view(other, 0)  # which card seat 1 removes is invisible to seat 0
    assert view(g, 1)["private"]["pending"] == [{"type": "feed_remove", "card": b[0]}]
    assert g.tableau[1] == b
    res = g.apply(0, {"type": "feed_remove", "card": a[2]})
    assert g.step == MEDALS
    revealed = next(e for e in res.public if e["kind"] == "feeding_revealed")
    assert {r["seat"]: r["removed"] for r in revealed["results"]} == {0: [a[2]], 1: [b[0]]}
    assert view(g, 0)["seats"][1]["removed"] == [b[0]]


# ------------------------------------------------------------------------------ medals


def at_medals(n: int = 2, epoch: int = 1, coins: int = 200) -> Game:
    g = new_game(n)
    run(g, at(MEDALS, epoch=epoch))
    for s in range(n):
        force(g, s, coins=coins)
    return g


@pytest.mark.parametrize("epoch", [1, 2, 3])
def test_M1_medal_costs_per_epoch_and_one_purchase_per_action(cat, epoch):
    """M1: silver 4 / 9 / 20 and gold 6 / 12 / 30 in epochs I / II / III; one purchase per
    action; a silver medal takes an unused bonus tile; purchases apply when all are done."""
    assert cat.rules.silver_costs == (4, 9, 20) and cat.rules.gold_costs == (6, 12, 30)
    g = at_medals(epoch=epoch)
    g.apply(0, {"type": "medal", "kind": "silver", "tile": "blue"})
    assert g.waiting_on() == [0, 1]  # a purchase ends no one's turn
    g.apply(0, {"type": "medal", "kind": "gold"})
    assert g.coins[0] == 200 and g.silver[0] == []  # hidden and unpaid until revealed
    g.apply(0, {"type": "medals_done"})
    g.apply(1, {"type": "medals_done"})
    assert g.coins[0] == 200 - cat.rules.silver_costs[epoch - 1] - cat.rules.gold_costs[
        epoch - 1]
    assert g.silver[0] == ["blue"] and g.gold[0] == 1
    assert g.tiles[0][track("blue")] == cat.rules.bonus_tiles_per_colour - 1


def test_M1_D_4_at_most_two_silver_and_two_gold_per_game(cat):
    """M1 / D-4: at most 2 silver and 2 gold medals in the whole game (not per epoch)."""
    g = at_medals(epoch=1)
    for a in ({"type": "medal", "kind": "silver", "tile": "red"},
              {"type": "medal", "kind": "gold"}):
        g.apply(0, a)
    g.apply(0, {"type": "medals_done"})
    g.apply(1, {"type": "medals_done"})
    run(g, at(MEDALS, epoch=2))
    force(g, 0, coins=500)
    g.apply(0, {"type": "medal", "kind": "silver", "tile": "red"})
    g.apply(0, {"type": "medal", "kind": "gold"})
    kinds = {a.get("kind") for a in g.legal_actions(0)}
    assert kinds == {None}  # only "done" is left
    with pytest.raises(IllegalAction, match="at most 2 silver"):
        g.apply(0, {"type": "medal", "kind": "silver", "tile": "green"})
    with pytest.raises(IllegalAction, match="at most 2 gold"):
        g.apply(0, {"type": "medal", "kind": "gold"})
    g.apply(0, {"type": "medals_done"})
    g.apply(1, {"type": "medals_done"})
    run(g, at(MEDALS, epoch=3))
    force(g, 0, coins=500)
    assert g.legal_actions(0) == [{"type": "medals_done"}]
    assert len(g.silver[0]) == 2 and g.gold[0] == 2


def test_M1_purchases_are_limited_by_coins_and_tiles(cat):
    """M1: each purchase must be affordable after the ones already recorded; silver needs an
    unused bonus tile of the chosen colour."""
    silver, gold = cat.rules.silver_costs[0], cat.rules.gold_costs[0]
    g = at_medals(coins=silver + gold - 1)
    force(g, 0, tiles=[0, 0, 1, 0])
    assert g.legal_actions(0) == [{"type": "medal", "kind": "silver", "tile": "blue"},
                                  {"type": "medal", "kind": "gold"}, {"type": "medals_done"}]
    g.apply(0, {"type": "medal", "kind": "gold"})
    assert g.legal_actions(0) == [{"type": "medals_done"}]
    with pytest.raises(CannotAfford):
        g.apply(0, {"type": "medal", "kind": "silver", "tile": "blue"})


def test_M1_purchases_are_hidden_until_all_are_done(cat):
    """M1: purchases are revealed when all players are done; before that another player sees
    no difference between buying and not buying (counters included)."""
    g = at_medals()
    quiet = g.clone()
    res = g.apply(1, {"type": "medal", "kind": "silver", "tile": "yellow"})
    assert res.public == []
    assert view(g, 0) == view(quiet, 0)
    g.apply(0, {"type": "medal", "kind": "gold"})
    quiet.apply(0, {"type": "medal", "kind": "gold"})
    assert view(g, 0) == view(quiet, 0)  # not even through the viewer's next decision id
    g.apply(1, {"type": "medals_done"})
    quiet.apply(1, {"type": "medals_done"})
    assert view(g, 0) == view(quiet, 0)
    res = g.apply(0, {"type": "medals_done"})
    bought = next(e for e in res.public if e["kind"] == "medals_revealed")["bought"]
    assert {(b["seat"], b["kind"]) for b in bought} == {(1, "silver"), (0, "gold")}


def test_M1_then_the_next_epoch_is_dealt_and_its_first_player_sets_the_wheel(cat):
    """M1: after the medals the next epoch is dealt (R-S1) and its first player sets the
    wheel (R-S4, R-A1); after epoch III's medals the game ends (G1)."""
    g = at_medals()
    for s in range(2):
        g.apply(s, {"type": "medals_done"})
    assert g.step == WHEEL and g.epoch == 2 and g.waiting_on() == [g.first_player(2)]
    assert all(cat.cards[c].epoch == 2 for d in g.decks for c in d)
    run(g, at(MEDALS, epoch=3))
    for s in range(2):
        g.apply(s, {"type": "medals_done"})
    assert g.is_over
    with pytest.raises(Exception) as err:
        g.apply(0, {"type": "medals_done"})
    assert getattr(err.value, "code", None) == "game_over"
