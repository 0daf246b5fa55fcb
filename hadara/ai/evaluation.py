"""A hand-written evaluation of one seat's position, in estimated final points.

The value is the score banked so far plus what the position is expected to turn into by the
end: coins and income (valued by how much a coin can still buy), military and culture measured
against the colony and statue thresholds they unlock next, food against the cards that must be
fed, medals on projected tracks and sets, and the lasting purple effects. Greedy play takes the
action whose resulting position values highest; search uses it to cut playouts short.

Only public information and the seat's own secrets are read (tracks, tableaux, coins, public
colony stacks, the seat's own pending choices), never a deck or another seat's hand, so the same
value comes out of any determinisation of the seat's view.

A :class:`Pos` is a seat's position reduced to the numbers the value needs; actions are applied
to a copy of it (:meth:`Evaluator.after`) rather than to a cloned game, which keeps one-step
look-ahead cheap enough for playouts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..content import COLOURS, TRACK_OF_COLOUR, Catalog
from ..scoring import gold_sets
from ..state import COLONY, DRAFT, FEEDING, MEDALS, OVER, PHASE_B, SETUP_SIDE, STATUE, WHEEL
from ..types import Action

if TYPE_CHECKING:
    from ..engine import Game

INCOME, MILITARY, CULTURE, FOOD = 0, 1, 2, 3
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}  # a colour's place in ``Pos.ncol``
_NO_CARDS = (0,) * len(COLOURS)  # the default of each colour's count
SUBSTAGES = 8  # per epoch: draft, A colony, A statue, B, B colony, B statue, feeding, medals
LAST = 3 * SUBSTAGES
_SUB = {SETUP_SIDE: 0, WHEEL: 0, DRAFT: 0, PHASE_B: 3, FEEDING: 6, MEDALS: 7}
ACQ_PER_EPOCH = 10  # 5 draft rounds + 5 Phase-B turns per player (R-A4, R-B1)
#: The parts of a position's value (:meth:`Evaluator.terms`), in the order they are added.
TERMS: tuple[str, ...] = (
    "banked", "statue_p4", "coins", "income", "colonies", "statues", "feeding", "silver",
    "gold", "sets_p11", "silver_to_buy", "gold_to_buy", "discounts", "effects",
    "final_medals", "final_coins")
N_TERMS = len(TERMS)


@dataclass(frozen=True)
class Weights:
    """Tunable constants of the evaluation (tuned by self-play; see docs/ai.md)."""

    coin: tuple[float, float, float, float] = (1.3, 1.0, 0.65, 0.2)  # a coin at epoch starts, end
    buy_rate: float = 0.55  # share of future acquisitions bought rather than sold
    gain_per_card: float = 2.0  # track steps a bought card adds
    step: float = 0.6  # a track step with no other use (colony backs, statue colour side)
    reach: float = 9.0  # track steps a seat can still add per remaining epoch toward a threshold
    partial: float = 0.6  # share of a threshold's value credited while it is out of reach
    food_loss: tuple[float, float, float] = (2.0, 3.5, 6.0)  # a card lost at feeding, per epoch
    future_food: float = 0.35  # weight of deficits at later feedings
    set_future: float = 0.05  # expected future cards per colour, as a share of the even split
    silver_pot: float = 0.5  # credit for a silver medal still to buy
    gold_pot: float = 0.3  # credit for a gold medal still to buy
    discount: float = 0.5  # a colour discount's share of its face value in future purchases
    effect: float = 0.7  # share of a purple effect's expected future value credited


DEFAULT_WEIGHTS = Weights()


class Pos:
    """One seat's position as plain numbers; ``copy`` is cheap."""

    __slots__ = ("coins", "tracks", "ncol", "points", "ncards", "eff", "p3", "col_mask",
                 "col_points", "col_acts", "st_mask", "st_points", "points_side", "st_acts",
                 "tiles", "silver", "gold")

    coins: int
    # ints from the engine, floats once an expected colony back is added: Any, so that the
    # compiled module (native.py) keeps each number as it is and the floats stay the same
    tracks: list[Any]
    ncol: list[int]  # cards held per colour, in COLOURS order
    points: int  # printed points of the tableau
    ncards: int
    eff: dict[str, int]
    p3: list[str]
    col_mask: int  # bit i: a colony of level i is held
    col_points: Any  # int, or float with an expected colony back (as tracks)
    col_acts: int  # colony actions left to this seat in the game
    st_mask: int  # bit i: statue space i+1 is carved
    st_points: int
    points_side: int
    st_acts: int
    tiles: list[int]
    silver: list[str]
    gold: int

    def copy(self) -> Pos:
        """A copy sharing every list and dict: the actions replace one before changing it
        (most change the coins and a counter or two, not the tracks or the colours)."""
        p = Pos.__new__(Pos)
        p.coins, p.tracks, p.ncol = self.coins, self.tracks, self.ncol
        p.points, p.ncards, p.eff, p.p3 = self.points, self.ncards, self.eff, self.p3
        p.col_mask, p.col_points, p.col_acts = self.col_mask, self.col_points, self.col_acts
        p.st_mask, p.st_points, p.points_side = self.st_mask, self.st_points, self.points_side
        p.st_acts, p.tiles, p.silver, p.gold = self.st_acts, self.tiles, self.silver, self.gold
        return p


class Ctx:
    """Time left in the game as seen by one seat: what the next events are worth."""

    __slots__ = ("stage", "cv", "income_value", "col_stages", "st_stages", "acq_epoch",
                 "acq_total", "feeds", "medal_cv", "medal_epoch", "reach", "stacks", "epoch",
                 "over", "n", "memo", "col_base", "buys", "sells", "per_colour", "growth",
                 "discount", "food_loss", "silver_cost", "gold_cost", "p5_silver", "p5_gold")

    stage: int
    cv: float  # a coin now
    income_value: float  # one income point, summed over the income phases still to come
    col_stages: int  # colony steps still to come (the current one if not acted yet)
    st_stages: int
    acq_epoch: int  # this seat's acquisitions left before this epoch's feeding
    acq_total: int  # ... before the end of the game
    feeds: list[tuple[float, float]]  # feedings to come: (cards bought before it, weight)
    medal_cv: float  # coin value at the next medal step still ahead
    medal_epoch: int  # epoch of that step (0: none left)
    reach: float
    stacks: list[int]  # colony tiles left per level
    epoch: int
    over: bool
    n: int
    memo: dict[tuple[int, ...], float]  # threshold terms already computed in this context
    col_base: list[float]  # value of taking a colony of each level now
    buys: float  # expected purchases left in the game
    sells: float
    per_colour: float  # expected future cards per colour
    growth: float  # expected future track steps
    discount: float  # value of one owned card as a future discount
    food_loss: float
    silver_cost: int  # prices at the next medal step, and the lowest P5 prices
    gold_cost: int
    p5_silver: int
    p5_gold: int


class Evaluator:
    """Evaluation of positions under one catalog and one set of weights."""

    def __init__(self, catalog: Catalog, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.cat = catalog
        self.w = weights
        rules = catalog.rules
        self.levels = rules.colony_levels
        self.statues = catalog.statues
        self.sell = rules.sell_values
        # Colony fronts: the back is unknown until integrated, so use the mean over the tiles
        # that share the front (they are indistinguishable to every player).
        self.front_backs: dict[tuple[int, ...], tuple[tuple[float, ...], float]] = {}
        groups: dict[tuple[int, ...], list[Any]] = {}
        for tile in catalog.colonies.values():
            groups.setdefault(tile.front, []).append(tile)
        for front, tiles in groups.items():
            k = len(tiles)
            gains = tuple(sum(t.back_gains[i] for t in tiles) / k for i in range(4))
            self.front_backs[front] = (gains, sum(t.back_points for t in tiles) / k)
        self.level_info = []  # per level: mean plunder, cost, front points, back points, gains
        for lv in self.levels:
            tiles = [catalog.colonies[t] for t in catalog.colonies_at(lv)]
            k = len(tiles)
            self.level_info.append((sum(t.plunder for t in tiles) / k,
                                    sum(t.cost for t in tiles) / k,
                                    sum(t.front_points for t in tiles) / k,
                                    sum(t.back_points for t in tiles) / k,
                                    sum(sum(t.back_gains) for t in tiles) / k))
        self.p4_steps, self.p4_points = rules.eff("P4", "steps"), rules.eff("P4", "points")
        self.p8, self.p9 = rules.eff("P8", "coins_per_track"), rules.eff("P9", "coins")
        self.p11, self.p14 = rules.eff("P11", "points_per_set"), rules.eff("P14", "reduction")
        self.gold_pts, self.coins_per_point = rules.gold_set_points, rules.coins_per_point
        self.max_silver, self.max_gold = rules.max_silver, rules.max_gold
        self.p1, self.p3 = rules.eff("P1", "coins"), rules.eff("P3", "steps")
        self.p6_coins, self.p6_max = rules.eff("P6", "coins_per_card"), rules.eff("P6", "max_cards")
        self.p7_coins, self.p7_max = rules.eff("P7", "coins_per_food"), rules.eff("P7", "max")
        p5 = [c.effect for c in catalog.cards.values() if c.effect and c.effect.id == "P5"]
        self.p5_silver = [e.silver for e in p5 if e.silver]
        # per card its printed points; per colony tile (level bit, front points, back points)
        self.card_points = {cid: card.points for cid, card in catalog.cards.items()}
        self.colony_rows = {t.id: (1 << self.levels.index(t.requirement), t.front_points,
                                   t.back_points) for t in catalog.colonies.values()}
        self.p5_gold = [e.gold for e in p5 if e.gold]
        self._ctx_cache: dict[tuple[Any, ...], Ctx] = {}
        cv = weights.coin
        # Coin value at every substage, falling linearly through each epoch.
        self.cv = [cv[e] + (cv[e + 1] - cv[e]) * k / SUBSTAGES
                   for e in range(3) for k in range(SUBSTAGES)] + [cv[3]]
        # Income arrives just before each colony step (E1 then E2).
        self.income_stages = [e * SUBSTAGES + k for e in range(3) for k in (1, 4)]
        self.income_after = [sum(self.cv[j] for j in self.income_stages if j > t)
                             for t in range(LAST + 1)]

    # ------------------------------------------------------------------ context

    def ctx(self, game: Game, seat: int) -> Ctx:
        """The context of ``seat`` now; contexts are shared by every position with the same
        time left and colony stacks (playouts ask for the same few over and over)."""
        e, step = game.epoch, game.step
        if step == OVER:
            t = LAST
        else:
            sub = _SUB.get(step)
            if sub is None:  # colony or statue step, after Phase A or Phase B
                sub = (1 if step == COLONY else 2) + (3 if game.phase == "B" else 0)
            t = (e - 1) * SUBSTAGES + sub
        # Acquisitions: Phase-A rounds and Phase-B turns this seat still has this epoch.
        n = game.n
        if step in (SETUP_SIDE, WHEEL):
            acq = ACQ_PER_EPOCH
        elif step == DRAFT:
            acq = 5 - game.round + 5
        elif step == PHASE_B:  # turns r0 … 5n−1 that are this seat's: k, k + n, … k + 4n
            k, r0 = game.order.index(seat), game.round
            acq = 5 if r0 <= k else max(0, 5 - (r0 - k + n - 1) // n)
        elif game.phase == "A" and step in (COLONY, STATUE):
            acq = 5
        else:
            acq = 0
        key = (n, t, step, acq, *map(len, game.colony_stacks))
        c = self._ctx_cache.get(key)
        if c is None:
            if len(self._ctx_cache) > 50_000:
                self._ctx_cache.clear()
            c = self._ctx_cache[key] = self._build_ctx(game, step, e, t, acq)
        return c

    def _build_ctx(self, game: Game, step: str, e: int, t: int, acq: int) -> Ctx:
        c = Ctx()
        c.epoch, c.n = e, game.n
        c.over = step == OVER
        c.stage = t
        c.cv = self.cv[t]
        # Income arrives just before each colony step; at that step it was already paid.
        c.income_value = self.income_after[t]
        # Colony and statue steps still to come: stage numbers 1, 4 (colony), 2, 5 (statue).
        c.col_stages = sum(1 for j in self.income_stages if j > t or (j == t and step == COLONY))
        c.st_stages = sum(1 for j in self.income_stages if j + 1 > t or (
            j + 1 == t and step == STATUE))
        if c.over:
            c.col_stages = c.st_stages = 0
        c.acq_epoch = 0 if c.over else acq
        later = 3 - e
        c.acq_total = c.acq_epoch + ACQ_PER_EPOCH * later
        w = self.w
        c.buys = c.acq_total * w.buy_rate
        c.sells = c.acq_total - c.buys
        c.per_colour = c.buys / 5 * w.set_future
        c.growth = c.buys * w.gain_per_card
        c.discount = w.discount * c.buys / 5 * c.cv
        c.food_loss = w.food_loss[e - 1]
        # Feedings: this epoch's unless past it, then one per later epoch.
        c.feeds = []
        if not c.over and step != MEDALS:
            c.feeds.append((c.acq_epoch * w.buy_rate, 1.0))
        for k in range(1, later + 1):
            c.feeds.append(((c.acq_epoch + ACQ_PER_EPOCH * k) * w.buy_rate, w.future_food))
        # The next medal step not yet started by this seat.
        if c.over or (step == MEDALS and e == 3):
            c.medal_epoch = 0
        else:
            c.medal_epoch = e + 1 if step == MEDALS else e
        me = c.medal_epoch
        c.medal_cv = self.cv[(me - 1) * SUBSTAGES + 7] if me else 0.0
        rules = self.cat.rules
        c.silver_cost = rules.silver_costs[me - 1] if me else 0
        c.gold_cost = rules.gold_costs[me - 1] if me else 0
        c.p5_silver = min([c.silver_cost, *(x[me - 1] for x in self.p5_silver)]) if me else 0
        c.p5_gold = min([c.gold_cost, *(x[me - 1] for x in self.p5_gold)]) if me else 0
        left = 0.0 if c.over else (LAST - t) / SUBSTAGES
        c.reach = max(1.0, w.reach * left)
        c.stacks = [len(s) for s in game.colony_stacks]
        cv, step_v = c.cv, w.step
        c.col_base = [max(plunder * cv + fpts, bpts + step_v * bgains - cost * cv)
                      for plunder, cost, fpts, bpts, bgains in self.level_info]
        c.memo = {}
        return c

    # ------------------------------------------------------------------ positions

    def pos(self, game: Game, seat: int, ctx: Ctx) -> Pos:
        """The seat's position, its own pending feeding removals and medal purchases included.
        It shares the game's lists (a position's actions copy one before changing it), so it
        holds until the game changes."""
        cat = self.cat
        p = Pos()
        p.coins = game.coins[seat]
        p.tracks = game.tracks[seat]
        p.ncol = list(map(game.ncol[seat].get, COLOURS, _NO_CARDS))
        tableau = game.tableau[seat]
        p.points = sum(map(self.card_points.__getitem__, tableau))
        p.ncards = len(tableau)
        p.eff = game.eff[seat]
        p.p3 = game.p3[seat]
        mask = points = 0
        for t, integrated in game.colonies[seat]:
            bit, front, back = self.colony_rows[t]
            mask |= bit
            points += back if integrated else front
        p.col_mask, p.col_points = mask, points
        p13 = 2 if p.eff.get("P13") else 1
        p.col_acts = ctx.col_stages * p13
        p.st_acts = ctx.st_stages * p13
        if game.step in (COLONY, STATUE) and game.order[game.turn] == seat:
            if game.step == COLONY:
                p.col_acts -= game.acted
            else:
                p.st_acts -= game.acted
        elif game.step in (COLONY, STATUE) and game.order.index(seat) < game.turn:
            if game.step == COLONY:  # this seat's turn in the step is over
                p.col_acts -= p13
            else:
                p.st_acts -= p13
        p.st_mask = 0
        p.st_points = 0
        p.points_side = 0
        statues = game.statues[seat]
        if statues.count(None) != len(statues):
            for i, (space, placed) in enumerate(zip(self.statues, statues, strict=True)):
                if placed is not None:
                    p.st_mask |= 1 << i
                    p.st_points += space.points
                    if placed[1] == "points":
                        p.st_points += space.extra_points
                        p.points_side += 1
        p.tiles = game.tiles[seat]
        p.silver = game.silver[seat]
        p.gold = game.gold[seat]
        pending = game.pending[seat]
        if pending:
            if game.step == FEEDING:
                for a in pending:
                    if a["type"] == "feed_remove":
                        self._remove(p, a["card"])
                    else:
                        p.coins -= cat.rules.eff("P6", "coins_per_card")
                        p.ncards -= 1  # a paid card counts as fed
            elif game.step == MEDALS:
                for a in pending:
                    self._medal(game, seat, p, a)
        return p

    # ------------------------------------------------------------------ actions

    def after(self, game: Game, seat: int, p: Pos, a: Action) -> Pos:
        """The position after ``seat`` takes action ``a`` (estimated where the result is hidden)."""
        t = a["type"]
        q = p.copy()
        if t in ("draft", "take"):
            card = self.cat.cards[a["card"]]
            if a["mode"] == "buy":
                self._buy(q, card, a.get("tile"))
            else:
                q.coins += self.sell[card.epoch - 1] + q.eff.get("P1", 0) * self.p1
        elif t == "colony":
            self._colony(game, q, a)
        elif t == "colony_skip":
            q.col_acts -= 1
        elif t == "statue":
            self._statue(q, a)
        elif t == "statue_skip":
            q.st_acts -= 1
        elif t == "feed_remove":
            self._remove(q, a["card"])
        elif t == "feed_pay":
            q.coins -= self.cat.rules.eff("P6", "coins_per_card")
            q.ncards -= 1
        elif t == "medal":
            self._medal(game, seat, q, a)
        elif t == "setup_side":
            side = self.cat.setup_cards[game.setup_card[seat]].side(a["side"])
            q.coins, q.tracks = side.coins, list(side.tracks)
        return q

    def _buy(self, q: Pos, card: Any, tile: str | None) -> None:
        ncol = q.ncol = q.ncol[:]
        ci = COLOUR_INDEX[card.colour]
        q.coins -= max(0, card.cost - ncol[ci])
        tr = q.tracks = q.tracks[:]
        g0, g1, g2, g3 = card.gains
        tr[0] += g0
        tr[1] += g1
        tr[2] += g2
        tr[3] += g3
        if q.p3 and card.colour in q.p3:
            tr[TRACK_OF_COLOUR[card.colour]] += q.p3.count(card.colour) * self.p3
        ncol[ci] += 1
        q.points += card.points
        q.ncards += 1
        e = card.effect
        if e is not None:
            q.eff = dict(q.eff)
            q.eff[e.id] = q.eff.get(e.id, 0) + 1
            if e.id == "P3":
                q.p3 = [*q.p3, e.colour]
                tr[TRACK_OF_COLOUR[e.colour]] += ncol[COLOUR_INDEX[e.colour]] * self.p3
            elif e.id == "P2" and tile is not None:
                q.tiles = q.tiles[:]
                q.tiles[TRACK_OF_COLOUR[tile]] -= 1
                tr[TRACK_OF_COLOUR[tile]] += self.cat.rules.eff("P2", "steps")
            elif e.id == "P13":
                q.col_acts *= 2
                q.st_acts *= 2

    def _remove(self, q: Pos, cid: str) -> None:
        card = self.cat.cards[cid]
        q.ncards -= 1
        q.points -= card.points
        q.ncol = q.ncol[:]
        q.ncol[COLOUR_INDEX[card.colour]] -= 1
        q.tracks = q.tracks[:]
        for i, g in enumerate(card.gains):
            q.tracks[i] -= g
        if card.effect is not None:
            q.eff = dict(q.eff)
            q.eff[card.effect.id] -= 1
            if card.effect.colour:
                q.p3 = [c for c in q.p3]
                q.p3.remove(card.effect.colour)

    def _colony(self, game: Game, q: Pos, a: Action) -> None:
        li = self.levels.index(a["level"])
        stack = game.colony_stacks[li]
        tile = self.cat.colonies[stack[0]]
        q.coins -= a.get("pay", 0)
        q.coins += q.eff.get("P9", 0) * self.cat.rules.eff("P9", "coins")
        q.col_mask |= 1 << li
        q.col_acts -= 1
        if a["mode"] == "plunder":
            q.coins += tile.plunder
            q.col_points += tile.front_points
        else:  # the back is hidden until flipped: expect the mean of the tiles sharing the front
            gains, points = self.front_backs[tile.front]
            q.coins -= tile.cost
            q.tracks = [x + g for x, g in zip(q.tracks, gains, strict=True)]
            q.col_points += points

    def _statue(self, q: Pos, a: Action) -> None:
        space = self.statues[a["space"] - 1]
        q.coins -= a.get("pay", 0)
        i = TRACK_OF_COLOUR[a["tile"]]
        q.tiles = q.tiles[:]
        q.tiles[i] -= 1
        q.st_mask |= 1 << (space.space - 1)
        q.st_points += space.points
        q.st_acts -= 1
        if a["side"] == "points":
            q.st_points += space.extra_points
            q.points_side += 1
        else:
            q.tracks = q.tracks[:]
            q.tracks[i] += space.steps + q.eff.get("P4", 0) * self.cat.rules.eff("P4", "steps")

    def _medal(self, game: Game, seat: int, q: Pos, a: Action) -> None:
        q.coins -= game.medal_cost(seat, a["kind"])
        if a["kind"] == "silver":
            q.silver = [*q.silver, a["tile"]]
            q.tiles = q.tiles[:]
            q.tiles[TRACK_OF_COLOUR[a["tile"]]] -= 1
        else:
            q.gold += 1

    # ------------------------------------------------------------------ value

    def value(self, p: Pos, c: Ctx) -> float:
        """Estimated final points of the position."""
        return self._value(p, c, None)

    def terms(self, p: Pos, c: Ctx) -> list[float]:
        """The value's parts, in :data:`TERMS` order (what a fitted leaf weighs,
        ``hadara.ai.leaf``): points banked, statue points of P4, coins, income, colonies and
        statues to come, feeding (a loss, so negative), silver and gold medals held, P11 sets,
        silver and gold medals still to buy, colour discounts, lasting effects, and, once the
        game is over, the final medal points and coins in points. They add up to ``value``."""
        out = [0.0] * N_TERMS
        self._value(p, c, out)
        return out

    def _value(self, p: Pos, c: Ctx, out: list[float] | None) -> float:
        """``value``, and with ``out`` its parts added into their :data:`TERMS` slots.

        One body for both, so the parts are the value's own. The value is added up term by
        term in a fixed order (the same position always gives the same float, and the same as
        before the parts existed). Written for speed (search asks for it hundreds of
        thousands of times a decision): names bound to locals, each effect looked up once."""
        eff = p.eff
        v = float(p.points + p.col_points + p.st_points)
        x: float | None
        if out is not None:
            out[0] = v
        if p.points_side and eff:
            x = p.points_side * eff.get("P4", 0) * self.p4_points
            v += x
            if out is not None:
                out[1] = x
        if c.over:
            medals, coins = self._medals_now(p), p.coins // self.coins_per_point
            if out is not None:
                out[14], out[15] = medals, coins
            return v + medals + coins
        tr = p.tracks
        t0, t1, t2, t3 = tr
        cv = c.cv
        x = p.coins * cv
        v += x
        if out is not None:
            out[2] = x
        # Income and P8 (coins per other track above income) at every income still to come.
        per_income = t0
        if eff:
            e = eff.get("P8")
            if e:
                per_income += e * self.p8 * ((t1 > t0) + (t2 > t0) + (t3 > t0))
            p14 = eff.get("P14", 0) * self.p14
        else:
            p14 = 0
        x = per_income * c.income_value
        v += x
        if out is not None:
            out[3] = x

        memo = c.memo
        if p.col_acts > 0:
            key = (t1 + p14, p.col_acts, p.col_mask, eff.get("P9", 0) if eff else 0)
            x = memo.get(key)
            if x is None:
                x = memo[key] = self._colonies(key[0], p.col_acts, p.col_mask, key[3], c)
            v += x
            if out is not None:
                out[4] = x
        tiles = p.tiles
        i0, i1, i2, i3 = tiles
        acts = p.st_acts
        if acts > 0 and (i0 or i1 or i2 or i3):
            if i0 + i1 + i2 + i3 < acts:  # no more statues than bonus tiles
                acts = i0 + i1 + i2 + i3
            p4 = eff.get("P4", 0) if eff else 0
            key = (-1 - t2 - p14, acts, p.st_mask, p4)  # negative: apart from colony keys
            x = memo.get(key)
            if x is None:
                x = memo[key] = self._statues(t2 + p14, acts, p.st_mask, p4, c)
            v += x
            if out is not None:
                out[5] = x

        # Feeding: cards beyond food must go (F1), or be paid for (P6); P7 pays for a surplus.
        loss = c.food_loss
        pen = 0.0
        p6 = eff.get("P6") if eff else 0
        p7 = eff.get("P7") if eff else 0
        ncards = p.ncards
        for need, weight in c.feeds:
            deficit = ncards + need - t3
            if deficit > 0:
                if p6:
                    paid = min(deficit, self.p6_max)
                    pen += weight * (paid * min(loss, self.p6_coins * cv)
                                     + (deficit - paid) * loss)
                else:
                    pen += weight * deficit * loss
            elif p7:
                pen -= weight * min(self.p7_max, -deficit * self.p7_coins) * cv
        v -= pen
        if out is not None:
            out[6] = -pen

        # Medals: silver on projected tracks, gold on projected sets (G1).
        ncol = p.ncol
        n_y, n_r, n_b, n_g, n_p = ncol
        per_colour = c.per_colour
        wild = eff.get("P12", 0) if eff else 0
        if wild:
            counts = dict(zip(COLOURS, ncol, strict=True))
            counts["purple"] -= wild
            sets = gold_sets(counts, wild) + per_colour
        else:
            sets = min(n_y, n_r, n_b, n_g, n_p) + per_colour
        silver = p.silver
        silver_free = self.max_silver - len(silver)
        medal_epoch = c.medal_epoch
        if silver or (medal_epoch and silver_free > 0):
            growth = c.growth / (ncards + 4)
            proj = [t0 + growth * (n_y + 1), t1 + growth * (n_r + 1),
                    t2 + growth * (n_b + 1), t3 + growth * (n_g + 1)]
            if silver:
                values = [proj[TRACK_OF_COLOUR[s]] for s in silver]
                if len(values) > 1:
                    values.sort(reverse=True)
                full = eff.get("P10", 0) if eff else 0
                for i, y in enumerate(values):
                    x = y if i < full else y / 2
                    v += x
                    if out is not None:
                        out[7] += x
        gold_pts = self.gold_pts
        gold = p.gold
        x = gold * gold_pts * sets
        v += x
        if out is not None:
            out[8] = x
        if eff:
            e = eff.get("P11")
            if e:
                x = e * self.p11 * (sets if not wild else per_colour + min(ncol))
                v += x
                if out is not None:
                    out[9] = x
        if medal_epoch:
            mcv = c.medal_cv
            if eff and eff.get("P5"):
                silver_cost, gold_cost = c.p5_silver, c.p5_gold
            else:
                silver_cost, gold_cost = c.silver_cost, c.gold_cost
            if silver_free > 0:
                best = []  # the tracks a silver medal could still go on
                if i0:
                    best.append(proj[0])
                if i1:
                    best.append(proj[1])
                if i2:
                    best.append(proj[2])
                if i3:
                    best.append(proj[3])
                if len(best) > silver_free:
                    best.sort(reverse=True)
                    del best[silver_free:]
                price = silver_cost * mcv
                silver_pot = self.w.silver_pot
                for y in best:
                    if y > 2 * price:
                        x = silver_pot * (y / 2 - price)
                        v += x
                        if out is not None:
                            out[10] += x
            if gold < self.max_gold:
                gain = gold_pts * sets - gold_cost * mcv
                if gain > 0:
                    x = self.w.gold_pot * gain * (self.max_gold - gold)
                    v += x
                    if out is not None:
                        out[11] = x

        # Colour discounts on future purchases (R-A3) and lasting effects (P1, P3, P4).
        x = c.discount * ncards
        v += x
        if out is not None:
            out[12] = x
        if eff:
            w = self.w
            ve = 0.0
            e = eff.get("P1")
            if e:
                ve += e * self.p1 * c.sells * cv
            if p.p3:
                ve += len(p.p3) * self.p3 * c.buys / 5 * w.step
            e = eff.get("P4")
            if e:
                ve += e * (4 - bin(p.st_mask).count("1")) * w.step
            x = ve * w.effect
            v += x
            if out is not None:
                out[13] = x
        return v

    def _medals_now(self, p: Pos) -> float:
        """Final medal points (game over): silver on final tracks, gold on final sets."""
        values = sorted((p.tracks[TRACK_OF_COLOUR[s]] for s in p.silver), reverse=True)
        full = p.eff.get("P10", 0)
        silver = sum(x if i < full else (x + 1) // 2 for i, x in enumerate(values))
        counts = dict(zip(COLOURS, p.ncol, strict=True))
        wild = p.eff.get("P12", 0)
        counts["purple"] -= wild
        gold = p.gold * self.gold_pts * gold_sets(counts, wild)
        sets = 0
        if p.eff.get("P11"):
            sets = p.eff["P11"] * self.p11 * min(p.ncol)
        return float(silver + gold + sets)

    def _colonies(self, m: float, acts: int, mask: int, p9: int, c: Ctx) -> float:
        """Colonies still to take: in reach now, or credited in part by the distance left."""
        bonus = p9 * self.p9 * c.cv
        return self._best_within_reach(
            [(c.col_base[li] + bonus, lv - m) for li, lv in enumerate(self.levels)
             if not mask >> li & 1 and c.stacks[li]], acts, c.reach)

    def _statues(self, cult: float, acts: int, mask: int, p4: int, c: Ctx) -> float:
        bonus = p4 * self.p4_points
        return self._best_within_reach(
            [(space.points + space.extra_points + bonus, space.requirement - cult)
             for i, space in enumerate(self.statues) if not mask >> i & 1], acts, c.reach)

    def _best_within_reach(self, options: list[tuple[float, float]], acts: int,
                           reach: float) -> float:
        """The ``acts`` best (value, requirement gap) options: one in reach counts in full, one
        still short by less than ``reach`` in part, linearly in the distance; others not."""
        partial = self.w.partial
        vals = []
        for val, gap in options:
            if gap > 0:
                if gap >= reach:
                    continue
                val *= (1.0 - gap / reach) * partial
            vals.append(val)
        if len(vals) > acts:
            vals.sort(reverse=True)
            vals = vals[:acts]
        return sum(vals)
