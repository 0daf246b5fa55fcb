"""Per-seat and spectator views: everything that seat may see and nothing else.

The only way hidden information leaves the engine ("Information" in hadara-rules.md). Views are
JSON-serialisable. Nothing here names a draw pile's order, another seat's drawn cards or Phase-A
sales, an unintegrated colony's back (or its id), the box, the seed or the generator state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import scoring
from .content import TRACK_COLOURS, TRACKS
from .state import DRAFT, FEEDING, MEDALS, OVER, SIMULTANEOUS

if TYPE_CHECKING:
    from .engine import Game


def _tracks(values: list[int]) -> dict[str, int]:
    return dict(zip(TRACKS, values, strict=True))


def _colony(game: Game, tile_id: str, integrated: bool) -> dict[str, Any]:
    tile = game.catalog.colonies[tile_id]
    out: dict[str, Any] = {"level": tile.requirement, "integrated": integrated,
                           "front": {"plunder": tile.plunder, "cost": tile.cost,
                                     "points": tile.front_points}}
    if integrated:  # only a flipped tile's identity and back are public (R-C3, E2)
        out["tile"] = tile_id
        out["back"] = {"gains": _tracks(list(tile.back_gains)), "points": tile.back_points}
    return out


def _seat_public(game: Game, s: int, table: dict[str, int]) -> dict[str, Any]:
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


def spectator_view(game: Game) -> dict[str, Any]:
    """What everyone at the table sees."""
    cat = game.catalog
    table = scoring.scores(game)
    view: dict[str, Any] = {
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


def view(game: Game, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (None: spectator): the public view plus that seat's secrets."""
    out = spectator_view(game)
    if seat is None:
        return out
    out["viewer"] = seat
    cat = game.catalog
    out["private"] = {
        "decision_id": game.decision_ids[seat],
        "hand": game.hands[seat][:],
        "commit": game.commits[seat],
        "pending": [dict(a) for a in game.pending[seat]],
        "sold": [c for c, _ in game.sold[seat]],  # own sales, Phase A ones included
        "side": game.side[seat],
        "legal_actions": game.legal_actions(seat),
        # What this seat would pay or get for each card it may buy or sell now (R-A3, P1).
        "prices": {cid: {"buy": game.card_cost(seat, cat.cards[cid]),
                         "sell": game.sell_value(seat, cat.cards[cid])}
                   for cid in game.hands[seat] + [p[-1] for p in game.discards if p]},
        "feeding": game.feeding_status(seat) if game.step == FEEDING else None,
        "medals": ({**game.medal_status(seat), "silver_cost": game.medal_cost(seat, "silver"),
                    "gold_cost": game.medal_cost(seat, "gold")}
                   if game.step == MEDALS else None),
    }
    return out
