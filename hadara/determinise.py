"""Determinisation: a full game consistent with one seat's view, hidden parts sampled.

Used by search AIs so they never read hidden information: draw piles, others' hands and
Phase-A sales, the box and future epochs' decks are sampled from the cards the seat has not
seen; colony tiles not integrated are sampled from the tiles with the same visible front.
Other seats' uncommitted simultaneous choices are not known either, so they are left open.
"""

from __future__ import annotations

from typing import Any

from .content import COLOURS, TRACK_COLOURS, TRACKS, Catalog, default_catalog
from .engine import Game, Result
from .rng import Rng
from .state import DRAFT, FEEDING, MEDALS, SETUP_SIDE


def determinise(view: dict[str, Any], rng: Rng, catalog: Catalog | None = None) -> Game:
    """Build a Game consistent with ``view`` (a seat's view), sampling what it cannot see."""
    cat = catalog or default_catalog()
    me: int = view["viewer"]
    if me is None:
        raise ValueError("determinise needs a seat's view, not the spectator view")
    priv = view["private"]
    seats = view["seats"]
    n = view["n"]
    epoch = view["epoch"]
    advanced = view["variant"] == "advanced"
    step = view["step"]
    g = Game.__new__(Game)
    g.setup, g.seed, g.log = None, None, None
    f: dict[str, Any] = {}
    f["catalog"] = cat
    f["players"] = list(view["players"])
    f["variant"] = view["variant"]
    f["n"] = n
    f["setup_card"] = [s["setup_card"] for s in seats]
    f["side"] = [s["side"] for s in seats]
    f["coins"] = [s["coins"] for s in seats]
    f["tracks"] = [[s["tracks"][t] for t in TRACKS] for s in seats]
    f["tableau"] = [list(s["tableau"]) for s in seats]
    f["p2_tiles"] = [dict(s["p2_tiles"]) for s in seats]
    f["statues"] = [[None if p is None else [p["tile"], p["side"]] for p in s["statues"]]
                 for s in seats]
    f["tiles"] = [[s["bonus_tiles"][c] for c in TRACK_COLOURS] for s in seats]
    f["silver"] = [list(s["silver_medals"]) for s in seats]
    f["gold"] = [s["gold_medals"] for s in seats]
    f["removed"] = [list(s["removed"]) for s in seats]
    f["deck_colours"] = list(view["deck_colours"])
    f["discards"] = [list(d) for d in view["discards"]]
    f["epoch"], f["phase"], f["step"], f["round"] = epoch, view["phase"], step, view["round"]
    f["wheel"], f["first"], f["order"] = view["wheel"], view["first"], list(view["order"])
    f["turn"], f["acted"] = view["turn"], view["acted"]
    # Only the viewer's decision id is visible; others who decide get ids of a form the
    # engine never issues ("d<counter>.<seat>.0"), so none can collide with a later one.
    f["next_decision"] = view["next_decision"]
    f["version"] = view["version"] + len(priv["pending"])
    f["decision_ids"] = [priv["decision_id"] if i == me else
                      (_other_id(f["next_decision"], i) if s["deciding"] else None) for i, s in enumerate(seats)]

    # --- cards: what this seat has seen, per (epoch, colour)
    seen: set[str] = set(priv["sold"]) | set(priv["hand"])
    for s in seats:
        seen.update(s["tableau"], s["removed"], s["sold_public"])
    for pile in view["discards"]:
        seen.update(pile)
    unseen: dict[tuple[int, str], list[str]] = {}
    # Before the first deal (advanced setup) no epoch's cards are on the table yet.
    dealt = epoch if step != SETUP_SIDE else 0
    for e in range(1, dealt + 1):
        for c in COLOURS:
            pool = [x for x in cat.pool(e, c, advanced) if x not in seen]
            rng.shuffle(pool)
            unseen[(e, c)] = pool

    def take(e: int, c: str, k: int) -> list[str]:
        pool = unseen[(e, c)]
        if len(pool) < k:
            raise ValueError(f"view inconsistent: {k} unseen {c} cards of epoch {e} needed")
        out = pool[:k]
        del pool[:k]
        return out

    # Own sales are known; others' Phase-A sales are known only by epoch and colour.
    f["sold"] = []
    for i, s in enumerate(seats):
        if i == me:
            public = set(s["sold_public"])
            f["sold"].append([[c, c in public] for c in priv["sold"]])
        else:
            hidden = [[take(h["epoch"], h["colour"], 1)[0], False] for h in s["sold_hidden"]]
            # Order inside the list does not matter to the rules; public ones are known.
            f["sold"].append(hidden + [[c, True] for c in s["sold_public"]])
    f["hands"] = [[] for _ in range(n)]
    if step == DRAFT:
        for d in view["draws"]:
            s = d["seat"]
            f["hands"][s] = list(priv["hand"]) if s == me else take(epoch, d["colour"], 2)
    f["decks"] = [take(epoch, d["colour"], d["count"]) if d["count"] else []
               for d in view["decks"]]
    f["box"] = [x for key in sorted(unseen) for x in unseen[key]]
    per = cat.rules.draw_per_player * n
    f["epoch_decks"] = {}
    for e in range(dealt + 1, 4):
        decks = []
        for c in f["deck_colours"]:
            pool = list(cat.pool(e, c, advanced))
            rng.shuffle(pool)
            decks.append(pool[:per])
        f["epoch_decks"][e] = decks
    if dealt:
        f["epoch_decks"][epoch] = [d[:] for d in f["decks"]]

    # --- colonies: integrated ids are known; others only by their front
    levels = cat.rules.colony_levels
    known = {c["tile"] for s in seats for c in s["colonies"] if c["integrated"]}
    pools = {lv: [t for t in cat.colonies_at(lv) if t not in known] for lv in levels}
    for lv in levels:
        rng.shuffle(pools[lv])

    def take_front(level: int, front: dict[str, int]) -> str:
        key = (front["plunder"], front["cost"], front["points"])
        pool = pools[level]
        for i, t in enumerate(pool):
            tile = cat.colonies[t]
            if (tile.plunder, tile.cost, tile.front_points) == key:
                return pool.pop(i)
        raise ValueError(f"view inconsistent: no level-{level} tile with front {key}")

    f["colonies"] = []
    for s in seats:
        f["colonies"].append([[c["tile"], True] if c["integrated"]
                           else [take_front(c["level"], c["front"]), False]
                           for c in s["colonies"]])
    f["colony_stacks"] = []
    for st in view["colony_stacks"]:
        stack = [take_front(st["level"], st["top"])] if st["top"] else []
        rest = pools[st["level"]]
        stack += rest[:st["count"] - len(stack)]
        del rest[:max(0, st["count"] - 1)]
        f["colony_stacks"].append(stack)
    f["colony_box"] = sorted(t for lv in levels for t in pools[lv])

    # --- simultaneous choices: own ones are known, others' are open again
    f["commits"] = [None] * n
    f["pending"] = [[] for _ in range(n)]
    f["done"] = [False] * n
    if step in (DRAFT, SETUP_SIDE):
        f["commits"][me] = dict(priv["commit"]) if priv["commit"] else None
    elif step in (FEEDING, MEDALS):
        f["pending"][me] = [dict(a) for a in priv["pending"]]
        for i in range(n):
            if i == me:
                f["done"][i] = seats[i]["done"]
            elif step == FEEDING:
                f["done"][i] = len(f["tableau"][i]) <= f["tracks"][i][3]
            if not f["done"][i] and f["decision_ids"][i] is None:
                f["decision_ids"][i] = _other_id(f["next_decision"], i)
    g.fill(**f)
    g.opening = g._res = Result()
    return g


def _other_id(next_decision: int, seat: int) -> str:
    return f"d{next_decision}.{seat}.0"
