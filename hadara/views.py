"""Per-seat and spectator views: everything that seat may see and nothing else.

The only way hidden information leaves the engine ("Information" in docs/rules.md). Views are
JSON-serialisable and fresh: every list and dict is built for the caller, so changing a view
never changes the game. Nothing here names a draw pile's order, another seat's drawn cards or
Phase-A sales, an unintegrated colony's back (or its id), the box, the seed or the generator
state.

A seat's view also carries ``private["context"]``: what its current decision needs to be shown
(prices, reachability and reasons, what each choice scores), computed with the engine's own
helpers so no front end re-derives a rule. Field shapes: :mod:`hadara.types`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import scoring
from .content import COLOURS, TRACK_COLOURS, TRACKS
from .state import (
    COLONY,
    DRAFT,
    FEEDING,
    MEDALS,
    OVER,
    PHASE_B,
    SETUP_SIDE,
    SIMULTANEOUS,
    STATUE,
    WHEEL,
    State,
)
from .types import (
    Action,
    CardOffer,
    CardsContext,
    ColonyContext,
    ColonyLevel,
    ColonyView,
    Context,
    FeedingCard,
    FeedingContext,
    MedalsContext,
    SeatView,
    SetupSideContext,
    StatueContext,
    StatueSpaceContext,
    ViewData,
    WheelContext,
    WheelOption,
)

if TYPE_CHECKING:
    from .engine import Game

MILITARY, CULTURE = TRACKS.index("military"), TRACKS.index("culture")


def _tracks(values: list[int]) -> dict[str, int]:
    return dict(zip(TRACKS, values, strict=True))


def _colony(game: Game, tile_id: str, integrated: bool) -> ColonyView:
    tile = game.catalog.colonies[tile_id]
    out: ColonyView = {"level": tile.requirement, "integrated": integrated,
                           "front": {"plunder": tile.plunder, "cost": tile.cost,
                                     "points": tile.front_points}}
    if integrated:  # only a flipped tile's identity and back are public (R-C3, E2)
        out["tile"] = tile_id
        out["back"] = {"gains": _tracks(list(tile.back_gains)), "points": tile.back_points}
    return out


def _seat_public(game: Game, s: int, table: dict[str, int]) -> SeatView:
    cat = game.catalog
    simultaneous = game.step in SIMULTANEOUS
    side_known = game.variant == "basic" or game.step != "setup_side"
    return {
        "seat": s,
        "name": game.players[s],
        "setup_card": game.setup_card[s],
        "initiative": game.initiative(s),
        "side": game.side[s] if side_known else None,
        "coins": game.coins[s],
        "tracks": _tracks(game.tracks[s]),
        "tableau": game.tableau[s][:],
        "cards_by_colour": {c: game.ncol[s].get(c, 0) for c in (*TRACK_COLOURS, "purple")},
        "p2_tiles": dict(game.p2_tiles[s]),
        "colonies": [_colony(game, t, i) for t, i in game.colonies[s]],
        "statues": [None if p is None else {"tile": p[0], "side": p[1]}
                    for p in game.statues[s]],
        "bonus_tiles": dict(zip(TRACK_COLOURS, game.tiles[s], strict=True)),
        "silver_medals": game.silver[s][:],
        "gold_medals": game.gold[s],
        "sold_public": [c for c, pub in game.sold[s] if pub],
        "sold_hidden": [{"epoch": cat.cards[c].epoch, "colour": cat.cards[c].colour}
                        for c, pub in game.sold[s] if not pub],
        "removed": game.removed[s][:],
        "requirement_reduction": game.eff[s].get("P14", 0) * cat.rules.eff("P14", "reduction"),
        "score": table,
        # Only whether the seat is deciding: its decision id changes with each of its actions,
        # which in a simultaneous step would count its hidden medal or feeding choices.
        "deciding": game.decision_ids[s] is not None,
        "committed": simultaneous and (game.commits[s] is not None or game.done[s]),
        "done": game.done[s],
    }


def spectator_view(game: Game) -> ViewData:
    """What everyone at the table sees."""
    cat = game.catalog
    table = scoring.scores(game)
    view: ViewData = {
        "viewer": None,
        "content_version": cat.version,
        "variant": game.variant,
        "players": game.players[:],
        "n": game.n,
        "epoch": game.epoch,
        "phase": game.phase,
        "step": game.step,
        "round": game.round,
        "turn": game.turn,
        "acted": game.acted,
        "first": game.first,
        "order": game.order[:],
        "wheel": game.wheel,
        "deck_colours": game.deck_colours[:],
        "decks": [{"colour": c, "count": len(d)}
                  for c, d in zip(game.deck_colours, game.decks, strict=True)],
        "draws": ([{"seat": s, "colour": game.deck_colours[game.deck_of(s)]}
                   for s in range(game.n)] if game.step == DRAFT else []),
        "discards": [d[:] for d in game.discards],  # D-8: piles are public, bottom first
        "colony_stacks": [
            {"level": lv, "count": len(st),
             "top": (None if not st else
                     {"plunder": cat.colonies[st[0]].plunder, "cost": cat.colonies[st[0]].cost,
                      "points": cat.colonies[st[0]].front_points})}
            for lv, st in zip(cat.rules.colony_levels, game.colony_stacks, strict=True)],
        "seats": [_seat_public(game, s, table[s]) for s in range(game.n)],
        "waiting_on": game.waiting_on(),
        "next_decision": game.next_decision,
        # Actions recorded but hidden until a feeding or medal step resolves are not counted.
        "version": game.version - sum(len(p) for p in game.pending),
        "over": game.step == OVER,
        "winners": scoring.winners(game, table) if game.step == OVER else [],
    }
    return view


def view(game: Game, seat: int | None) -> ViewData:
    """The view of ``seat`` (None: spectator): the public view plus that seat's secrets.

    Raises :class:`~hadara.errors.NotSeated` unless ``seat`` is None or a seat index (an
    ``int`` in range; not a bool, a string or a negative number).
    """
    if seat is not None:
        game.check_seat(seat)  # NotSeated unless an exact int seat index (not True, not "0")
    out = spectator_view(game)
    if seat is None:
        return out
    out["viewer"] = seat
    cat = game.catalog
    legal = game.legal_actions(seat)
    commit = game.commits[seat]
    out["private"] = {
        "decision_id": game.decision_ids[seat],
        "hand": game.hands[seat][:],
        "commit": dict(commit) if commit is not None else None,
        "pending": [dict(a) for a in game.pending[seat]],
        "sold": [c for c, _ in game.sold[seat]],  # own sales, Phase A ones included
        "side": game.side[seat],
        "legal_actions": [dict(a) for a in legal],
        # What this seat would pay or get for each card it may buy or sell now (R-A3, P1).
        "prices": {cid: {"buy": game.card_cost(seat, cat.cards[cid]),
                         "sell": game.sell_value(seat, cat.cards[cid])}
                   for cid in game.hands[seat] + [p[-1] for p in game.discards if p]},
        "feeding": game.feeding_status(seat) if game.step == FEEDING else None,
        "medals": ({**game.medal_status(seat), "silver_cost": game.medal_cost(seat, "silver"),
                    "gold_cost": game.medal_cost(seat, "gold")}
                   if game.step == MEDALS else None),
        "context": context(game, seat, legal),
    }
    return out


# ------------------------------------------------------------------------ decision contexts


def context(game: Game, seat: int, legal: list[Action] | None = None) -> Context | None:
    """What ``seat``'s current decision needs to be shown; None when it has no decision.

    Only public information and the seat's own secrets go in (it is part of its view).
    ``legal`` is ``game.legal_actions(seat)`` if the caller has it already (it is only read).
    """
    if game.decision_ids[seat] is None:
        return None
    if legal is None:
        legal = game.legal_actions(seat)
    build = _CONTEXTS.get(game.step)
    return build(game, seat, legal) if build is not None else None


def _what_if(game: Game, **fields: Any) -> Game:
    """A shallow stand-in for ``game`` with some fields replaced, to ask the engine's own
    helpers (``deck_of``, scoring) about a hypothetical. Never mutate what it shares."""
    g: Game = type(game).__new__(type(game))
    for name in State.__slots__:
        setattr(g, name, getattr(game, name))
    for name, value in fields.items():
        setattr(g, name, value)
    return g


def _replace_seat(values: list[Any], seat: int, value: Any) -> list[Any]:
    out = values[:]
    out[seat] = value
    return out


def _setup_side_context(game: Game, seat: int, legal: list[Action]) -> SetupSideContext:
    card = game.catalog.setup_cards[game.setup_card[seat]]
    commit = game.commits[seat]
    return {
        "kind": SETUP_SIDE,
        "setup_card": card.id,
        "initiative": card.initiative,
        "sides": [{"side": a["side"], "coins": card.side(a["side"]).coins,
                   "tracks": _tracks(list(card.side(a["side"]).tracks))} for a in legal],
        "chosen": commit["side"] if commit is not None else None,
    }


def _wheel_context(game: Game, seat: int, legal: list[Action]) -> WheelContext:
    """R-A1/R-S6: for each deck the chooser's emblem may point at, where everyone draws first."""
    options: list[WheelOption] = []
    for a in legal:
        offset = (game.deck_colours.index(a["colour"]) - seat) % 5  # as Game._set_wheel
        hypo = _what_if(game, wheel=offset, round=0)
        options.append({"colour": a["colour"], "offset": offset,
                        "draws": [{"seat": s, "colour": game.deck_colours[hypo.deck_of(s)]}
                                  for s in range(game.n)]})
    return {"kind": WHEEL, "chooser": seat, "options": options}


def _cards_context(game: Game, seat: int, legal: list[Action]) -> CardsContext:
    """R-A2/R-A3/R-B1: the cards on offer with this seat's buy price and sale value."""
    cat = game.catalog
    deck: str | None = None
    if game.step == DRAFT:
        drawn = game.deck_colours[game.deck_of(seat)]
        offer = [(cid, drawn) for cid in game.hands[seat]]
        deck = drawn
    else:
        offer = [(p[-1], game.deck_colours[k]) for k, p in enumerate(game.discards) if p]
    commit = game.commits[seat]
    cards: list[CardOffer] = []
    for cid, colour in offer:
        card = cat.cards[cid]
        buys = [a for a in legal if a.get("card") == cid and a.get("mode") == "buy"]
        cards.append({
            "card": cid, "colour": colour,
            "buy": game.card_cost(seat, card), "sell": game.sell_value(seat, card),
            "can_buy": bool(buys), "tiles": [a["tile"] for a in buys if "tile" in a],
            "picked": (commit["mode"] if commit is not None and commit.get("card") == cid
                       else None),
        })
    return {"kind": DRAFT if game.step == DRAFT else PHASE_B, "coins": game.coins[seat],
            "deck_colour": deck, "cards": cards}


def _second_action(game: Game) -> bool:
    return game.acted > 0  # P13: this is the seat's second colony/statue action


def _reduction(game: Game, seat: int) -> int:
    return game.eff[seat].get("P14", 0) * game.catalog.rules.eff("P14", "reduction")


def _colony_context(game: Game, seat: int, legal: list[Action]) -> ColonyContext:
    """E2 with P9, P13, P14, P15: each level's reachability, price and top tile."""
    cat = game.catalog
    coins = game.coins[seat]
    held = {cat.colonies[t].requirement for t, _ in game.colonies[seat]}
    levels: list[ColonyLevel] = []
    for level, stack in zip(cat.rules.colony_levels, game.colony_stacks, strict=True):
        gap = game.requirement_gap(seat, level, MILITARY)
        pay = game.requirement_payment(seat, gap)
        modes = {a["mode"] for a in legal if a["type"] == "colony" and a["level"] == level}
        if level in held:
            reason: str | None = "already_hold_level"
        elif not stack:
            reason = "no_colony_left"
        elif pay is None:
            reason = "needs_military"
        elif pay > coins:
            reason = "requirement_payment"
        else:
            reason = None
        top = cat.colonies[stack[0]] if stack else None
        levels.append({
            "level": level, "count": len(stack),
            "top": (None if top is None else
                    {"plunder": top.plunder, "cost": top.cost, "points": top.front_points}),
            "reachable": bool(modes), "reason": reason,
            "requirement": level, "gap": gap, "pay": pay,
            "can_plunder": "plunder" in modes, "can_integrate": "integrate" in modes,
        })
    return {
        "kind": COLONY, "military": game.tracks[seat][MILITARY],
        "reduction": _reduction(game, seat), "coins": coins,
        "p9_bonus": game.eff[seat].get("P9", 0) * cat.rules.eff("P9", "coins"),
        "second_action": _second_action(game), "levels": levels,
    }


def _statue_context(game: Game, seat: int, legal: list[Action]) -> StatueContext:
    """E3 with P4, P13, P14, P15: each space's reachability, price, steps and points."""
    cat = game.catalog
    coins = game.coins[seat]
    tiles = dict(zip(TRACK_COLOURS, game.tiles[seat], strict=True))
    p4_steps = game.eff[seat].get("P4", 0) * cat.rules.eff("P4", "steps")
    now = scoring.breakdown(game, seat)["statues"]
    spaces: list[StatueSpaceContext] = []
    for i, (space, placed) in enumerate(zip(cat.statues, game.statues[seat], strict=True)):
        gap = game.requirement_gap(seat, space.requirement, CULTURE)
        pay = game.requirement_payment(seat, gap)
        reachable = any(a["type"] == "statue" and a["space"] == space.space for a in legal)
        if placed is not None:
            reason: str | None = "space_taken"
        elif not any(tiles.values()):
            reason = "no_bonus_tile"
        elif pay is None:
            reason = "needs_culture"
        elif pay > coins:
            reason = "requirement_payment"
        else:
            reason = None
        # G1 (with P4) asked of the scoring itself: this space empty, then carved either way.
        points: dict[str | None, int] = {None: now} if placed is None else {}
        for side in ("colour", "points") if placed is None else (None, "colour", "points"):
            carved = None if side is None else [TRACK_COLOURS[0], side]
            hypo = _what_if(game, statues=_replace_seat(
                game.statues, seat, _replace_seat(game.statues[seat], i, carved)))
            points[side] = scoring.breakdown(hypo, seat)["statues"]
        spaces.append({
            "space": space.space, "free": placed is None,
            "placed": None if placed is None else {"tile": placed[0], "side": placed[1]},
            "reachable": reachable, "reason": reason,
            "requirement": space.requirement, "gap": gap, "pay": pay,
            "points": points["colour"] - points[None],
            "colour_steps": space.steps + p4_steps,  # as Game._statue (E3, P4)
            "points_side_points": points["points"] - points[None],
        })
    return {
        "kind": STATUE, "culture": game.tracks[seat][CULTURE],
        "reduction": _reduction(game, seat), "coins": coins, "tiles": tiles,
        "tile_colours": [c for c in TRACK_COLOURS if tiles[c]],
        "second_action": _second_action(game), "spaces": spaces,
    }


def _feeding_context(game: Game, seat: int, legal: list[Action]) -> FeedingContext:
    """F1 with P6: the seat's cards by colour, what removing each loses, how many must go."""
    cat = game.catalog
    rules = cat.rules
    st = game.feeding_status(seat)  # counts this seat's hidden removals and payments
    left = set(st["cards"])
    removable = {a["card"] for a in legal if a["type"] == "feed_remove"}
    order = sorted(game.tableau[seat], key=lambda c: COLOURS.index(cat.cards[c].colour))
    cards: list[FeedingCard] = []
    for cid in order:
        card = cat.cards[cid]
        cards.append({
            "card": cid, "colour": card.colour, "gains": _tracks(list(card.gains)),
            "points": card.points, "effect": card.effect_id,
            "p2_tile": game.p2_tiles[seat].get(cid),
            "removed": cid not in left, "removable": cid in removable,
        })
    most = rules.eff("P6", "max_cards")
    return {
        "kind": FEEDING, "count": st["count"], "food": st["food"], "paid": st["paid"],
        "must_remove": max(0, st["count"] - st["paid"] - st["food"]),
        "satisfied": st["satisfied"], "coins": st["coins"], "cards": cards,
        "p6": {"has_p6": st["has_p6"], "can_pay": {"type": "feed_pay"} in legal,
               "cost": rules.eff("P6", "coins_per_card"), "paid": st["paid"],
               "payments_left": max(0, most - st["paid"]) if st["has_p6"] else 0},
    }


def _medals_context(game: Game, seat: int, legal: list[Action]) -> MedalsContext:
    """M1 with P5 prices; what one more silver (per tile colour) or gold medal scores now
    (G1 with P10, P12), with this seat's hidden purchases counted."""
    rules = game.catalog.rules
    st = game.medal_status(seat)
    bought = [a for a in game.pending[seat] if a["type"] == "medal"]
    silver = game.silver[seat] + [a["tile"] for a in bought if a["kind"] == "silver"]
    gold = game.gold[seat] + sum(1 for a in bought if a["kind"] == "gold")

    def score(silver: list[str], gold: int) -> dict[str, int]:
        hypo = _what_if(game, silver=_replace_seat(game.silver, seat, silver),
                        gold=_replace_seat(game.gold, seat, gold))
        return scoring.breakdown(hypo, seat)

    now = score(silver, gold)
    tiles = dict(zip(TRACK_COLOURS, st["tiles"], strict=True))
    return {
        "kind": MEDALS, "coins": st["coins"],
        "silver": {
            "price": game.medal_cost(seat, "silver"), "held": st["silver"],
            "left": max(0, rules.max_silver - st["silver"]), "tiles": tiles,
            "value": {c: score([*silver, c], gold)["silver_medals"] - now["silver_medals"]
                      for c in TRACK_COLOURS},
            "legal": [a["tile"] for a in legal if a.get("kind") == "silver"],
        },
        "gold": {
            "price": game.medal_cost(seat, "gold"), "held": st["gold"],
            "left": max(0, rules.max_gold - st["gold"]),
            "value": score(silver, gold + 1)["gold_medals"] - now["gold_medals"],
            "legal": any(a.get("kind") == "gold" for a in legal),
        },
    }


_CONTEXTS: dict[str, Callable[[Game, int, list[Action]], Context]] = {
    SETUP_SIDE: _setup_side_context, WHEEL: _wheel_context, DRAFT: _cards_context,
    PHASE_B: _cards_context, COLONY: _colony_context, STATUE: _statue_context,
    FEEDING: _feeding_context, MEDALS: _medals_context,
}
