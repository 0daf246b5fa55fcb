"""End of game: G1 scoring categories (with P10, P11, P12 and the worked example) and G2."""

from __future__ import annotations

from hadara import scoring
from hadara.engine import Game
from hadara.rng import Rng
from hadara.scoring import CATEGORIES, gold_sets, plain_sets
from hadara.state import MEDALS
from tests.support.stacking import at, card, cards, force, new_game, play_random, run


def blank(n: int = 2) -> Game:
    """A fresh game with every seat's coins, tracks and holdings emptied."""
    g = new_game(n)
    for s in range(n):
        force(g, s, coins=0, tracks=[0, 0, 0, 0], tableau=[])
    return g


def plain_cards(colour: str, k: int) -> list[str]:
    found = [c.id for c in cards(colour=colour, where=lambda c: c.effect is None)]
    if colour == "purple":
        found = [c.id for c in cards(colour="purple", where=lambda c: c.effect_id not in
                                     ("P11", "P12"))]
    assert len(found) >= k
    return found[:k]


def test_G1_categories_are_named_and_sum_to_the_total(cat):
    """G1: colonies, statues, silver medals, gold medals, cards, purple sets, coins — the same
    names everywhere — each computed here from the data and the rule's wording, and the total
    is their sum."""
    assert CATEGORIES == ("colonies", "statues", "silver_medals", "gold_medals", "cards",
                          "purple_sets", "coins")
    g = blank()
    level = cat.rules.colony_levels[0]
    plundered, integrated = (cat.colonies[t] for t in cat.colonies_at(level)[:2])
    g.colonies[0] = [[plundered.id, False], [integrated.id, True]]
    g.statues[0] = [["red", "colour"], None, ["blue", "points"], None]
    p11 = card(effect="P11")
    tableau = [p11.id] + [plain_cards(c, 2)[k] for c in ("yellow", "red", "blue", "green")
                          for k in range(2)]  # two of each track colour, one purple
    per = cat.rules.coins_per_point
    force(g, 0, tableau=tableau, tracks=[0, 9, 0, 0], coins=4 * per + per - 1)
    g.silver[0] = ["red"]
    g.gold[0] = 1
    s1, s3 = cat.statues[0], cat.statues[2]
    want = {
        "colonies": plundered.front_points + integrated.back_points,  # the side that is up
        "statues": s1.points + s3.points + s3.extra_points,
        "silver_medals": 5,  # half of red 9, rounded up
        "gold_medals": cat.rules.gold_set_points * 1,  # 1 medal × 1 set (one purple card)
        "cards": sum(cat.cards[c].points for c in tableau),
        "purple_sets": cat.rules.eff("P11", "points_per_set") * 1,
        "coins": 4,  # 1 per full 5 coins
    }
    assert cat.rules.gold_set_points == 7 and cat.rules.eff("P11", "points_per_set") == 4
    assert per == 5
    row = g.scores()[0]
    assert list(row) == [*CATEGORIES, "total"]
    assert {c: row[c] for c in CATEGORIES} == want
    assert row["total"] == sum(want.values())
    played = play_random(Game.new(["a", "b", "c"], "advanced", 11), Rng(3))
    for row in played.scores():
        assert list(row) == [*CATEGORIES, "total"]


def test_G1_cards_and_coins(cat):
    """G1: cards score their printed points; coins score 1 per full 5 (coins_per_point)."""
    g = blank()
    tableau = plain_cards("red", 2) + plain_cards("blue", 1)
    per = cat.rules.coins_per_point
    force(g, 0, tableau=tableau, coins=3 * per + per - 1)
    row = g.scores()[0]
    assert row["cards"] == sum(cat.cards[c].points for c in tableau)
    assert row["coins"] == 3
    assert row["total"] == row["cards"] + 3


def test_G1_statues_score_points_and_points_side_extras(cat):
    """G1: statues score the statue points, plus the extra points of points-side tiles."""
    g = blank()
    g.statues[0] = [["red", "colour"], None, ["blue", "points"], None]
    s1, s3 = cat.statues[0], cat.statues[2]
    assert g.scores()[0]["statues"] == s1.points + s3.points + s3.extra_points


def test_G1_silver_medals_score_half_the_matching_track_rounded_up(cat):
    """G1: a silver medal scores half the final value of the track matching its tile, rounded
    up."""
    g = blank()
    g.silver[0] = ["yellow", "green"]
    force(g, 0, tracks=[7, 0, 0, 10])
    assert g.scores()[0]["silver_medals"] == 4 + 5
    force(g, 0, tracks=[0, 0, 0, 1])
    assert g.scores()[0]["silver_medals"] == 0 + 1


def test_G1_gold_medals_score_per_complete_set_per_medal(cat):
    """G1: each gold medal scores gold_set_points per complete set of the 5 colours."""
    g = blank()
    tableau = (plain_cards("yellow", 2) + plain_cards("red", 2) + plain_cards("blue", 2)
               + plain_cards("green", 3) + plain_cards("purple", 1))
    force(g, 0, tableau=tableau)
    assert g.scores()[0]["gold_medals"] == 0  # no medal, no points
    g.gold[0] = 2
    assert g.scores()[0]["gold_medals"] == 2 * cat.rules.gold_set_points * 1
    force(g, 0, tableau=tableau + plain_cards("purple", 2)[1:])
    assert g.scores()[0]["gold_medals"] == 2 * cat.rules.gold_set_points * 2


def test_G1_P12_P11_worked_example(cat):
    """G1 worked example: yellow 3, red 3, blue 2, green 3, purple 4 of which 1 is P12 (and
    here 1 is P11). Gold: 3 sets, 2 medals → 2 × 3 × 7 = 42; P11: min(3, 3, 2, 3, 4) = 2 sets →
    8 points."""
    p12, p11 = card(effect="P12"), card(effect="P11")
    purple = [p12.id, p11.id, *plain_cards("purple", 2)]
    tableau = (plain_cards("yellow", 3) + plain_cards("red", 3) + plain_cards("blue", 2)
               + plain_cards("green", 3) + purple)
    g = blank()
    force(g, 0, tableau=tableau)
    g.gold[0] = 2
    row = g.scores()[0]
    assert row["gold_medals"] == 2 * 3 * cat.rules.gold_set_points == 42
    assert row["purple_sets"] == 2 * cat.rules.eff("P11", "points_per_set") == 8


def test_G1_P12_gold_sets_formula(cat):
    """G1 / P12: sets = the largest k with Σ max(0, k − n_c) ≤ wildcards (P12 cards taken out
    of purple); without wildcards it is min over the colours (P11)."""
    counts = {"yellow": 3, "red": 3, "blue": 2, "green": 3, "purple": 3}
    assert gold_sets(counts, 0) == plain_sets(counts) == 2
    assert gold_sets(counts, 1) == 3
    assert gold_sets(counts, 5) == 3  # k = 4 needs 1 + 1 + 2 + 1 + 1 = 6
    assert gold_sets(counts, 6) == 4
    assert gold_sets({}, 0) == 0 and gold_sets({}, 5) == 1
    for k in range(5):
        for w in range(8):
            sets = gold_sets(counts | {"blue": k}, w)
            need = sum(max(0, sets - n) for n in (counts | {"blue": k}).values())
            more = sum(max(0, sets + 1 - n) for n in (counts | {"blue": k}).values())
            assert need <= w < more


def test_G1_P12_wildcard_only_for_gold_medals(cat):
    """P12: the wildcard counts only for gold medals; P11 counts the P12 card as purple."""
    p12, p11 = card(effect="P12"), card(effect="P11")
    tableau = (plain_cards("yellow", 1) + plain_cards("red", 1) + plain_cards("blue", 1)
               + [p12.id, p11.id])
    g = blank()
    force(g, 0, tableau=tableau)
    g.gold[0] = 1
    row = g.scores()[0]
    # gold: purple 1 (P11), wildcard fills green → 1 set; P11: green 0 → no set
    assert row["gold_medals"] == cat.rules.gold_set_points
    assert row["purple_sets"] == 0
    force(g, 0, tableau=tableau + plain_cards("green", 1))
    row = g.scores()[0]
    assert row["purple_sets"] == cat.rules.eff("P11", "points_per_set")  # P12 counts purple


def test_G1_D_9_P12_one_wildcard_per_card_P11_per_card(cat):
    """D-9: P12 gives one wildcard per card; P11 scores per set per P11 card."""
    p12s = [c.id for c in cards(effect="P12")][:2]
    p11s = [c.id for c in cards(effect="P11")][:2]
    assert len(p12s) == 2 and len(p11s) == 2
    base = (plain_cards("yellow", 2) + plain_cards("red", 2) + plain_cards("blue", 2))
    g = blank()
    force(g, 0, tableau=base + p12s + p11s)
    g.gold[0] = 1
    row = g.scores()[0]
    # purple 2 (the P11s), green 0 → 2 wildcards fill green in 2 sets
    assert row["gold_medals"] == 2 * cat.rules.gold_set_points
    force(g, 0, tableau=base + p11s + plain_cards("green", 2))
    assert g.scores()[0]["purple_sets"] == 2 * 2 * cat.rules.eff("P11", "points_per_set")


def test_G1_P10_full_value_for_the_medal_it_improves_most(cat):
    """G1 / P10: one silver medal per P10 card scores the full track value instead of half,
    applied to whichever medal it improves most (D-9: one medal per card)."""
    p10s = [c.id for c in cards(effect="P10")]
    assert len(p10s) >= 2
    g = blank()
    g.silver[0] = ["yellow", "red"]
    force(g, 0, tracks=[5, 9, 0, 0], tableau=[p10s[0]])
    assert g.scores()[0]["silver_medals"] == 9 + 3  # red full (+4 over half), yellow half
    force(g, 0, tracks=[5, 9, 0, 0], tableau=p10s[:2])
    assert g.scores()[0]["silver_medals"] == 9 + 5
    force(g, 0, tracks=[5, 9, 0, 0], tableau=[])
    assert g.scores()[0]["silver_medals"] == 5 + 3


def test_G2_most_points_then_most_coins_then_shared(cat):
    """G2: the winner has most points; a tie goes to most coins left; still tied, the victory
    is shared."""
    g = blank(3)
    per = cat.rules.coins_per_point
    reds = sorted(plain_cards("red", 10), key=lambda c: cat.cards[c].points)
    low, high = reds[0], reds[-1]
    assert cat.cards[low].points < cat.cards[high].points
    force(g, 0, tableau=[low], coins=per)
    force(g, 1, tableau=[high], coins=per)
    assert scoring.winners(g) == [1]
    force(g, 1, tableau=[low])  # identical: shared victory
    assert scoring.winners(g) == [0, 1]
    force(g, 1, coins=per + 1)  # same points (1 per full 5 coins), more coins left
    assert g.scores()[0]["total"] == g.scores()[1]["total"]
    assert scoring.winners(g) == [1]
    ranking = scoring.ranking(g)
    assert [r["seat"] for r in ranking] == [1, 0, 2] and [r["rank"] for r in ranking] == [1, 2, 3]
    force(g, 1, coins=per)
    assert [r["rank"] for r in scoring.ranking(g)] == [1, 1, 3]


def test_final_ranking_puts_conceded_seats_last(cat):
    """G2 among the seats that played on, then among those that conceded: a conceded seat
    ranks after everyone else, whatever its score, and never wins."""
    g = blank(3)
    per = cat.rules.coins_per_point
    reds = sorted(plain_cards("red", 10), key=lambda c: cat.cards[c].points)
    force(g, 0, tableau=[reds[-1]], coins=per)  # best
    force(g, 1, tableau=[reds[0]], coins=per)
    force(g, 2, tableau=[reds[0]], coins=per)  # tied with seat 1
    rows, winners = scoring.final_ranking(g)
    assert rows == [{**r, "conceded": False} for r in scoring.ranking(g)] and winners == [0]
    assert [(r["seat"], r["rank"]) for r in rows] == [(0, 1), (1, 2), (2, 2)]
    rows, winners = scoring.final_ranking(g, {0})
    assert [(r["seat"], r["rank"], r["conceded"]) for r in rows] == [
        (1, 1, False), (2, 1, False), (0, 3, True)]
    assert winners == [1, 2]
    assert rows[2]["total"] == g.scores()[0]["total"]  # its points are kept, only its rank
    rows, winners = scoring.final_ranking(g, [0, 2])
    assert [(r["seat"], r["rank"]) for r in rows] == [(1, 1), (0, 2), (2, 3)]
    assert winners == [1]


def test_G1_G2_game_over_reports_scores_and_winners(cat):
    """G1 / G2: after epoch III's medals the game is over; the final event carries the table
    and the winners."""
    g = new_game(2)
    run(g, at(MEDALS, epoch=3))
    g.apply(0, {"type": "medals_done"})
    res = g.apply(1, {"type": "medals_done"})
    over = res.public[-1]
    assert over["kind"] == "game_over" and g.is_over
    assert over["scores"] == g.scores() and over["winners"] == g.winners()
