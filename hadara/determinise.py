"""Determinisation: a full game consistent with one seat's view, hidden parts sampled.

Used by search AIs so they never read hidden information: draw piles, others' hands and
Phase-A sales, the box and future epochs' decks are sampled from the cards the seat has not
seen; colony tiles not integrated are sampled from the tiles with the same visible front.
Other seats' uncommitted simultaneous choices are not known either, so they are left open.

A search samples hundreds of games from one view: :class:`Determiniser` reads the view once
(what is known, which cards and tiles are unseen) and :meth:`Determiniser.sample` then only
shuffles and deals. :func:`determinise` is the one-off form. Both draw the same numbers from
the generator in the same order, so a view and a seed give the same game either way.
"""

from __future__ import annotations

from typing import Any

from .content import COLOURS, TRACK_COLOURS, TRACKS, Catalog, default_catalog
from .engine import QUIET_RESULT, Game, Result
from .rng import Rng
from .state import DRAFT, FEEDING, MEDALS, SETUP_SIDE
from .types import ColonyFront, ViewData


def determinise(view: ViewData, rng: Rng, catalog: Catalog | None = None,
                quiet: bool = False) -> Game:
    """Build a Game consistent with ``view`` (a seat's view), sampling what it cannot see.
    ``quiet=True``: a game for search, without log or events (``Game.quiet``)."""
    return Determiniser(view, catalog).sample(rng, quiet)


class Determiniser:
    """One seat's view, read once; :meth:`sample` deals a consistent game per call."""

    def __init__(self, view: ViewData, catalog: Catalog | None = None) -> None:
        cat = self.cat = catalog or default_catalog()
        me = view["viewer"]
        if me is None:
            raise ValueError("determinise needs a seat's view, not the spectator view")
        self.me = me
        priv = view["private"]
        seats = view["seats"]
        n = self.n = view["n"]
        epoch = self.epoch = view["epoch"]
        advanced = view["variant"] == "advanced"
        step = self.step = view["step"]
        # What the seat knows, as the state holds it; sample() copies the mutable parts.
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
                             (_other_id(f["next_decision"], i) if s["deciding"] else None)
                             for i, s in enumerate(seats)]
        # Simultaneous choices: own ones are known, others' are open again.
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
        self.known = f

        # --- cards: what this seat has seen, per (epoch, colour)
        seen: set[str] = set(priv["sold"]) | set(priv["hand"])
        for s in seats:
            seen.update(s["tableau"], s["removed"], s["sold_public"])
        for pile in view["discards"]:
            seen.update(pile)
        # Before the first deal (advanced setup) no epoch's cards are on the table yet.
        self.dealt = dealt = epoch if step != SETUP_SIDE else 0
        self.unseen: list[tuple[tuple[int, str], list[str]]] = [
            ((e, c), [x for x in cat.pool(e, c, advanced) if x not in seen])
            for e in range(1, dealt + 1) for c in COLOURS]
        self.future = [(e, [list(cat.pool(e, c, advanced)) for c in f["deck_colours"]])
                       for e in range(dealt + 1, 4)]
        self.per = cat.rules.draw_per_player * n
        # Own sales are known; others' Phase-A sales are known only by epoch and colour.
        self.own_sold = [[c, c in set(seats[me]["sold_public"])] for c in priv["sold"]]
        self.sold_hidden = [[(h["epoch"], h["colour"]) for h in s["sold_hidden"]]
                            if i != me else [] for i, s in enumerate(seats)]
        self.sold_public = [[[c, True] for c in s["sold_public"]] for s in seats]
        self.draws = ([(d["seat"], d["colour"]) for d in view["draws"]]
                      if step == DRAFT else [])
        self.hand = list(priv["hand"])
        self.decks = [(d["colour"], d["count"]) for d in view["decks"]]

        # --- colonies: integrated ids are known; others only by their front
        levels = self.levels = cat.rules.colony_levels
        known = {c["tile"] for s in seats for c in s["colonies"] if c["integrated"]}
        self.colony_pools = [(lv, [t for t in cat.colonies_at(lv) if t not in known])
                             for lv in levels]
        # per seat, per colony: (tile id, None, None) if integrated, else (None, level, front)
        self.seat_colonies: list[list[tuple[Any, Any, Any]]] = [
            [(c["tile"], None, None) if c["integrated"] else
             (None, c["level"], _front(c["front"])) for c in s["colonies"]] for s in seats]
        self.stacks = [(st["level"], st["count"], _front(st["top"]) if st["top"] else None)
                       for st in view["colony_stacks"]]
        # (plunder, cost, points) of every tile, to match a visible front
        self.fronts = {t.id: (t.plunder, t.cost, t.front_points)
                       for t in cat.colonies.values()}

    def sample(self, rng: Rng, quiet: bool = False) -> Game:
        """A game consistent with the view, its hidden parts drawn from ``rng``."""
        k = self.known
        n, me, epoch = self.n, self.me, self.epoch
        unseen: dict[tuple[int, str], list[str]] = {}
        for key, cards in self.unseen:
            pool = cards[:]
            rng.shuffle(pool)
            unseen[key] = pool

        def take(e: int, c: str, count: int) -> list[str]:
            pool = unseen[(e, c)]
            if len(pool) < count:
                raise ValueError(f"view inconsistent: {count} unseen {c} cards of epoch {e} "
                                 "needed")
            out = pool[:count]
            del pool[:count]
            return out

        sold = []
        for i in range(n):
            if i == me:
                sold.append([pair[:] for pair in self.own_sold])
            else:  # order inside the list does not matter to the rules
                hidden = [[take(e, c, 1)[0], False] for e, c in self.sold_hidden[i]]
                sold.append(hidden + [pair[:] for pair in self.sold_public[i]])
        hands: list[list[str]] = [[] for _ in range(n)]
        for s, colour in self.draws:
            hands[s] = self.hand[:] if s == me else take(epoch, colour, 2)
        decks = [take(epoch, colour, count) if count else [] for colour, count in self.decks]
        box = [x for key in sorted(unseen) for x in unseen[key]]
        epoch_decks: dict[int, list[list[str]]] = {}
        per = self.per
        for e, future_pools in self.future:
            dealt_decks = []
            for cards in future_pools:
                pool = cards[:]
                rng.shuffle(pool)
                dealt_decks.append(pool[:per])
            epoch_decks[e] = dealt_decks
        if self.dealt:
            epoch_decks[epoch] = [d[:] for d in decks]

        pools: dict[int, list[str]] = {}
        for lv, tiles in self.colony_pools:
            pool = tiles[:]
            rng.shuffle(pool)
            pools[lv] = pool
        fronts = self.fronts

        def take_front(level: int, front: tuple[int, int, int]) -> str:
            pool = pools[level]
            for i, t in enumerate(pool):
                if fronts[t] == front:
                    return pool.pop(i)
            raise ValueError(f"view inconsistent: no level-{level} tile with front {front}")

        colonies = [[[tile, True] if tile is not None else [take_front(level, front), False]
                     for tile, level, front in seat] for seat in self.seat_colonies]
        stacks = []
        for level, count, top in self.stacks:
            stack = [take_front(level, top)] if top else []
            rest = pools[level]
            stack += rest[:count - len(stack)]
            del rest[:max(0, count - 1)]
            stacks.append(stack)
        colony_box = sorted(t for lv in self.levels for t in pools[lv])

        g = Game.__new__(Game)
        g.setup, g.seed, g.log = None, None, None
        g.fill(
            catalog=k["catalog"], players=k["players"][:], variant=k["variant"], n=n,
            setup_card=k["setup_card"][:], side=k["side"][:], coins=k["coins"][:],
            tracks=[t[:] for t in k["tracks"]], tableau=[t[:] for t in k["tableau"]],
            p2_tiles=[d.copy() for d in k["p2_tiles"]],
            statues=[[None if p is None else p[:] for p in s] for s in k["statues"]],
            tiles=[t[:] for t in k["tiles"]], silver=[s[:] for s in k["silver"]],
            gold=k["gold"][:], removed=[r[:] for r in k["removed"]],
            deck_colours=k["deck_colours"][:], discards=[d[:] for d in k["discards"]],
            epoch=epoch, phase=k["phase"], step=k["step"], round=k["round"],
            wheel=k["wheel"], first=k["first"], order=k["order"][:], turn=k["turn"],
            acted=k["acted"], next_decision=k["next_decision"], version=k["version"],
            decision_ids=k["decision_ids"][:],
            commits=[None if c is None else dict(c) for c in k["commits"]],
            pending=[[dict(a) for a in p] for p in k["pending"]], done=k["done"][:],
            sold=sold, hands=hands, decks=decks, box=box, epoch_decks=epoch_decks,
            colonies=colonies, colony_stacks=stacks, colony_box=colony_box)
        if quiet:
            g._res, g.opening = None, QUIET_RESULT
        else:
            g.opening = g._res = Result()
        return g


def _front(front: ColonyFront) -> tuple[int, int, int]:
    return (front["plunder"], front["cost"], front["points"])


def _other_id(next_decision: int, seat: int) -> str:
    return f"d{next_decision}.{seat}.0"
