"""Decision pictures (one per decision kind, drawn from ``private["context"]``) and the
Phase-A round reveal: each is reached in a real game, rendered, and checked for the numbers
of its context among the drawn strings, for content (not mostly background), for the 28 px
text floor and for the chat-friendly shape, at the 5-player maxima too."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from hadara import driver, narrate
from hadara.content import Catalog
from hadara.demo import simple_policy, with_rng
from hadara.engine import Game
from hadara.rng import Rng
from hadara.views import view
from rendering import FontBook, draw_hand, theme
from rendering import decision_common as common
from rendering import decisions as dec
from rendering.canvas import Canvas, content_share, png_bytes
from rendering.reveal import draw_reveal
from rendering.sample import new_game, play_until

SHIPPED_ONLY = FontBook(system=False)
MAX_HAND = 0.9  # hands keep height <= 0.9 x width (docs/rendering.md)


# ----------------------------------------------------------------------------- helpers


def shown(cv: Canvas, max_aspect: float = MAX_HAND) -> list[str]:
    """Check the image (shape, text floor, content, size) and return the strings drawn on it
    (as drawn: after any shortening with an ellipsis)."""
    check_image(cv, max_aspect)
    return [text for text, _ in cv.drawn]


def check_image(cv: Canvas, max_aspect: float = MAX_HAND) -> None:
    w, h = cv.image.size
    assert w == theme.WIDTH and 0 < h <= max_aspect * w, (w, h)
    assert cv.sizes["text"] and min(cv.sizes["text"]) >= theme.MIN_TEXT, cv.sizes
    assert not cv.sizes["glyph"] or min(cv.sizes["glyph"]) >= theme.GLYPH
    assert content_share(cv.image) >= 0.25, content_share(cv.image)
    assert len(png_bytes(cv.image)) < 1_000_000


def has(texts: list[str], needle: str) -> bool:
    """The needle in the drawn strings (a wrapped sentence's lines are drawn one after the
    other, so they are joined with spaces)."""
    return needle in " ".join(texts)


def reach(players: int, seed: int, stop: Callable[[Game], bool],
          variant: str = "basic") -> Game:
    game = new_game(players, seed, variant)
    assert play_until(game, Rng(seed), lambda g: stop(g) and bool(g.waiting_on()))
    return game


def kind_is(kind: str, epoch: int | None = None) -> Callable[[Game], bool]:
    return lambda g: g.step == kind and (epoch is None or g.epoch == epoch)


def context_of(game: Game, seat: int) -> dict[str, Any]:
    ctx = view(game, seat)["private"]["context"]
    assert ctx is not None
    return ctx  # type: ignore[no-any-return]


def effect_card(cat: Catalog, effect: str) -> str:
    return next(cid for cid, c in cat.cards.items() if c.effect_id == effect)


# ----------------------------------------------------------------------------- setup, wheel


def test_setup_side_shows_both_sides_coins_and_tracks(cat):
    game = reach(4, 2, kind_is("setup_side"), "advanced")
    seat = game.waiting_on()[0]
    ctx = context_of(game, seat)
    cv = draw_hand(view(game, seat), cat, SHIPPED_ONLY)
    drawn = shown(cv)
    assert {s["side"] for s in ctx["sides"]} == {"A", "B"}
    for side in ctx["sides"]:
        assert has(drawn, f"Side {side['side']}")
        assert str(side["coins"]) in drawn
        assert all(str(v) in drawn for v in side["tracks"].values())
    # a recorded side is framed and tagged
    game.apply(seat, {"type": "setup_side", "side": "B"}, game.decision_id(seat))
    drawn = shown(draw_hand(view(game, seat), cat, SHIPPED_ONLY))
    assert "CHOSEN" in drawn and has(drawn, "Your choice: side B")


def test_wheel_puts_every_seat_under_its_first_deck_for_each_option(cat):
    game = reach(5, 3, kind_is("wheel"))
    seat = game.waiting_on()[0]
    ctx = context_of(game, seat)
    v = view(game, seat)
    cv = draw_hand(v, cat, SHIPPED_ONLY)
    drawn = shown(cv)
    assert len(ctx["options"]) == 5
    for opt in ctx["options"]:
        assert opt["colour"] in drawn
    for s in range(game.n):
        assert game.players[s] in drawn  # the legend names every emblem
    # each option's row highlights the chooser's cell in the column of the deck it draws from
    head = cv.image.height - dec.MARGIN - dec.LEGEND_H - 5 * (dec.WHEEL_ROW_H + dec.WHEEL_GAP)
    col = (dec.INNER_W - dec.WHEEL_LABEL_W) / 5
    rgb = cv.image.convert("RGB")
    for i, opt in enumerate(ctx["options"]):
        mine = next(d["colour"] for d in opt["draws"] if d["seat"] == ctx["chooser"])
        k = v["deck_colours"].index(mine)
        y = head + i * (dec.WHEEL_ROW_H + dec.WHEEL_GAP) + dec.WHEEL_ROW_H / 2
        for j in range(5):
            x = dec.MARGIN + dec.WHEEL_LABEL_W + j * col + 16
            assert (rgb.getpixel((int(x), int(y))) == theme.HIGHLIGHT) == (j == k), (i, j, k)


# ----------------------------------------------------------------------------- draft, phase B


def test_draft_shows_both_cards_at_the_seats_prices_and_the_recorded_pick(cat):
    game = reach(5, 4, kind_is("draft"))
    seat = game.waiting_on()[0]
    ctx = context_of(game, seat)
    drawn = shown(draw_hand(view(game, seat), cat, SHIPPED_ONLY))
    assert len(ctx["cards"]) == 2
    for o in ctx["cards"]:
        assert has(drawn, cat.cards[o["card"]].name)
        assert str(o["buy"]) in drawn and f"or sell for +{o['sell']}" in drawn
    pick = ctx["cards"][1]
    game.apply(seat, {"type": "draft", "card": pick["card"], "mode": "sell"},
               game.decision_id(seat))
    drawn = shown(draw_hand(view(game, seat), cat, SHIPPED_ONLY))
    assert "YOUR PICK: SELL" in drawn
    assert has(drawn, "until the round resolves")


def test_phase_b_with_five_piles_prices_each_top_and_strikes_the_unaffordable(cat):
    game = reach(5, 3, kind_is("phase_b"))
    seat = game.waiting_on()[0]
    ctx = context_of(game, seat)
    assert len(ctx["cards"]) == 5  # every pile has a top at the start of Phase B
    cv = draw_hand(view(game, seat), cat, SHIPPED_ONLY)
    drawn = shown(cv)
    for o in ctx["cards"]:
        assert f"buy {o['buy']}" in drawn and f"sell +{o['sell']}" in drawn
    # with no coins, every priced card is struck (and said so); sales stay open
    game.coins[seat] = 0
    poor = context_of(game, seat)
    dear = [o for o in poor["cards"] if not o["can_buy"]]
    assert dear
    cv = draw_hand(view(game, seat), cat, SHIPPED_ONLY)
    drawn = shown(cv)
    assert has(drawn, "Struck prices")
    colours = cv.image.convert("RGB").getcolors(1 << 20) or []
    strike_px = sum(n for n, p in colours if p == common.BAD)
    assert strike_px >= 3 * 40 * len(dear)


# ----------------------------------------------------------------------------- colony, statue


def some_colony_in_reach(g: Game) -> bool:
    if g.step != "colony" or not g.waiting_on():
        return False
    return any(lv["reachable"] for lv in context_of(g, g.waiting_on()[0])["levels"])


def test_colony_levels_show_fronts_reachability_and_worded_reasons(cat):
    game = reach(5, 3, some_colony_in_reach)
    seat = game.waiting_on()[0]
    ctx = context_of(game, seat)
    drawn = shown(draw_hand(view(game, seat), cat, SHIPPED_ONLY))
    assert has(drawn, f"Military {ctx['military']}")
    for lv in ctx["levels"]:
        assert str(lv["requirement"]) in drawn
        if lv["top"]:
            assert f"integrate: pay {lv['top']['cost']}" in drawn
            assert has(drawn, f"+{lv['top']['plunder']}")
        if lv["reason"] == "needs_military":
            text = narrate.reason("needs_military", {"level": lv["level"],
                                                     "have": ctx["military"], "reduction": 0})
            assert has(drawn, text[1:])
    assert any(lv["reachable"] for lv in ctx["levels"]) and has(drawn, "In reach")


def test_colony_with_p15_p9_p13_and_p14(cat):
    game = reach(5, 3, kind_is("colony"))
    seat = game.waiting_on()[0]
    game.tableau[seat] += [effect_card(cat, e) for e in ("P15", "P9", "P13", "P14")]
    game.coins[seat] = 40
    game.acted = 1  # the P13 second action
    game.restore_derived()
    ctx = context_of(game, seat)
    drawn = shown(draw_hand(view(game, seat), cat, SHIPPED_ONLY))
    paid = [lv for lv in ctx["levels"] if lv["reachable"] and lv["pay"]]
    assert paid, ctx["levels"]
    for lv in paid:
        assert has(drawn, f"Pay {lv['pay']} coins (P15)")
    assert has(drawn, f"P9: +{ctx['p9_bonus']} coins") and ctx["p9_bonus"] > 0
    assert has(drawn, "Second colony (P13)")
    assert has(drawn, f"requirements −{ctx['reduction']}, P14")


def test_statue_with_four_free_spaces_and_four_tile_colours(cat):
    game = reach(5, 3, kind_is("statue"))
    seat = game.waiting_on()[0]
    ctx = context_of(game, seat)
    assert all(sp["free"] for sp in ctx["spaces"]) and len(ctx["spaces"]) == 4
    assert len(ctx["tile_colours"]) == 4
    drawn = shown(draw_hand(view(game, seat), cat, SHIPPED_ONLY))
    assert has(drawn, f"Culture {ctx['culture']}")
    for sp in ctx["spaces"]:
        assert str(sp["requirement"]) in drawn  # the culture requirement
        assert f"track +{sp['colour_steps']}" in drawn
        assert str(sp["points"]) in drawn and str(sp["points_side_points"]) in drawn
        if sp["reason"] == "needs_culture":
            assert has(drawn, f"eeds culture {sp['requirement']}, you have {ctx['culture']}")
    for colour, n in ctx["tiles"].items():
        assert f"×{n}" in drawn, colour


def test_statue_marks_a_carved_space_and_a_p15_payment(cat):
    game = reach(5, 3, kind_is("statue"))
    seat = game.waiting_on()[0]
    game.statues[seat][0] = ["red", "points"]
    game.tableau[seat] += [effect_card(cat, "P15")]
    game.coins[seat] = 60
    game.restore_derived()
    ctx = context_of(game, seat)
    drawn = shown(draw_hand(view(game, seat), cat, SHIPPED_ONLY))
    assert "Carved:" in drawn and has(drawn, "red tile, points side up")
    paid = [sp for sp in ctx["spaces"] if sp["reachable"] and sp["pay"]]
    assert paid
    for sp in paid:
        assert has(drawn, f"pay {sp['pay']} coins (P15)")


# ----------------------------------------------------------------------------- feeding, medals


def feeding_game(cat: Catalog, cards: int) -> tuple[Game, int]:
    game = reach(5, 3, kind_is("feeding"))
    seat = game.waiting_on()[0]
    p6 = effect_card(cat, "P6")
    others = [cid for cid, c in cat.cards.items() if c.epoch == 1 and cid != p6]
    game.tableau[seat] = [p6] + others[:cards - 1]
    game.coins[seat] = 5
    game.restore_derived()
    return game, seat


def test_feeding_with_eighteen_cards_is_paged_and_shows_what_must_go(cat):
    game, seat = feeding_game(cat, 18)
    ctx = context_of(game, seat)
    assert len(ctx["cards"]) == 18 and ctx["must_remove"] > 0
    pages = [draw_hand(view(game, seat), cat, SHIPPED_ONLY, page=p) for p in range(2)]
    drawn = [text for cv in pages for text in shown(cv)]
    assert has(drawn, f"{ctx['count']} cards, {ctx['food']} food: remove {ctx['must_remove']}")
    assert has(drawn, "Page 2 of 2")
    # every card on its page: page 1 holds the first FEED_PER_PAGE in colour order
    names = [cat.cards[c["card"]].name for c in ctx["cards"]]
    assert all(has(drawn, n[:6]) for n in names)
    p6 = ctx["p6"]
    assert p6["has_p6"] and p6["can_pay"]
    assert has(drawn, f"Or pay {p6['cost']} coins a card instead: {p6['payments_left']} payments")


def test_feeding_marks_removals_and_the_p6_limit(cat):
    game, seat = feeding_game(cat, 12)
    victim = context_of(game, seat)["cards"][1]["card"]
    game.apply(seat, {"type": "feed_remove", "card": victim}, game.decision_id(seat))
    game.coins[seat] = 0
    ctx = context_of(game, seat)
    assert next(c for c in ctx["cards"] if c["card"] == victim)["removed"]
    drawn = shown(draw_hand(view(game, seat), cat, SHIPPED_ONLY))
    assert "REMOVE" in drawn
    assert has(drawn, f"aying costs {ctx['p6']['cost']}, you have 0")


def test_medals_show_prices_points_by_tile_colour_and_what_is_left(cat):
    game = reach(5, 3, kind_is("medals"))
    seat = game.waiting_on()[0]
    ctx = context_of(game, seat)
    drawn = shown(draw_hand(view(game, seat), cat, SHIPPED_ONLY))
    silver, gold = ctx["silver"], ctx["gold"]
    assert str(silver["price"]) in drawn and str(gold["price"]) in drawn
    for colour, value in silver["value"].items():
        assert f"+{value}" in drawn, colour
    assert f"+{gold['value']} pts" in drawn
    assert f"{silver['left']} of 2 left" in drawn and f"{gold['left']} of 2 left" in drawn
    # too poor: the reason is worded
    game.coins[seat] = 0
    drawn = shown(draw_hand(view(game, seat), cat, SHIPPED_ONLY))
    assert has(drawn, f"osts {silver['price']} coins, you have 0")
    assert has(drawn, f"osts {gold['price']} coins, you have 0")


# ----------------------------------------------------------------------------- round reveal


def reveals(players: int, seed: int) -> Iterator[tuple[dict[str, Any], Game]]:
    """Each round_revealed event of epoch I with the game right after it."""
    game = new_game(players, seed)
    found: list[dict[str, Any]] = []

    def on(res: Any) -> None:
        found.extend(e for e in res.public if e["kind"] == "round_revealed")

    rng = Rng(seed)
    while not game.is_over and game.epoch == 1:
        before = len(found)
        driver.play(game, with_rng(simple_policy, rng), on_result=on,
                    until=lambda g, before=before: len(found) > before)
        if len(found) > before:
            yield found[-1], game


def test_round_reveal_shows_buys_and_discards_and_keeps_sales_secret(cat):
    seen = False
    for event, game in reveals(5, 3):
        modes = {c["mode"] for c in event["choices"]}
        if modes != {"buy", "sell"}:
            continue
        seen = True
        spectator = view(game, None)
        drawn = shown(draw_reveal(event, spectator, cat, SHIPPED_ONLY), max_aspect=0.6)
        for c in event["choices"]:
            assert has(drawn, game.players[c["seat"]])
            if c["discarded"]:
                assert has(drawn, cat.cards[c["discarded"]].name[:8])
            if c["mode"] == "buy":
                assert has(drawn, cat.cards[c["card"]].name[:8])
                assert f"paid {c['cost']}" in drawn
            else:
                secret = game.sold[c["seat"]][-1][0]  # the engine's own record of the sale
                assert "card" not in c
                name = cat.cards[secret].name
                if all(name != cat.cards[x["card"]].name for x in event["choices"]
                       if x["mode"] == "buy") and name not in {
                        cat.cards[x["discarded"]].name for x in event["choices"]
                        if x["discarded"]}:
                    assert not has(drawn, name), name
                assert not has(drawn, secret)
                assert f"sold a {c['colour']} card" in drawn
        break
    assert seen
