"""The complete game state as plain data, with a hand-written clone (no deepcopy).

Fields hold ids and counters only; content comes from the shared, immutable catalog. The
state is hidden-information complete: only :mod:`hadara.views` may show it to anyone.
"""

from __future__ import annotations

from typing import Any, Final, Literal, Self

from .content import TRACK_OF_COLOUR, Card, Catalog
from .errors import NotSeated
from .types import FeedingStatus, MedalCounts, Step

FOOD = 3  # index of the food track (content.TRACKS)

# Steps (``State.step``), typed as the names they are (``hadara.types.Step``)
SETUP_SIDE: Final = "setup_side"
WHEEL: Final = "wheel"
DRAFT: Final = "draft"
PHASE_B: Final = "phase_b"
COLONY: Final = "colony"
STATUE: Final = "statue"
FEEDING: Final = "feeding"
MEDALS: Final = "medals"
OVER: Final = "over"
SIMULTANEOUS = frozenset({SETUP_SIDE, DRAFT, FEEDING, MEDALS})
SEQUENTIAL = frozenset({WHEEL, PHASE_B, COLONY, STATUE})
STEPS = (SETUP_SIDE, WHEEL, DRAFT, PHASE_B, COLONY, STATUE, FEEDING, MEDALS, OVER)


# Every field of the state, once, with how ``clone`` copies it: "share" (never mutated in
# place after creation), "copy" (a flat list), "rows" (a list of lists or dicts, one level
# deeper), "rows2" (colonies: a list of lists of lists). ``__slots__``, ``clone``,
# ``snapshot`` and ``fill`` (used by creation and determinisation) all read this table, so a
# new field cannot be forgotten in one of them.
FIELDS: dict[str, str] = {
    "catalog": "share", "players": "share", "variant": "share", "n": "share",
    "setup_card": "share", "side": "copy", "coins": "copy", "tracks": "rows",
    "tableau": "rows", "p2_tiles": "rows", "colonies": "rows2",
    "statues": "rows",  # a placed statue's [tile, side] pair is replaced, never mutated
    "tiles": "rows", "silver": "rows", "gold": "copy",
    "sold": "rows",  # [card, public] pairs are never mutated
    "removed": "rows", "box": "copy",
    "epoch_decks": "share",  # dealt by copying
    "deck_colours": "share", "decks": "rows", "discards": "rows", "colony_stacks": "rows",
    "colony_box": "share", "epoch": "share", "phase": "share", "step": "share",
    "round": "share", "wheel": "share", "first": "share", "order": "share", "turn": "share",
    "hands": "rows", "commits": "copy",  # commit dicts are never mutated
    "pending": "rows", "done": "copy", "acted": "share", "decision_ids": "copy",
    "next_decision": "share", "version": "share",
    # derived caches, rebuilt from the tableaux by restore_derived()
    "ncol": "rows", "eff": "rows", "p3": "rows",
}
DERIVED = ("catalog", "ncol", "eff", "p3")  # not part of a snapshot


_FILLED = frozenset(set(FIELDS) - set(DERIVED) | {"catalog"})  # what ``fill`` takes


def _clone_source() -> str:
    """The body of ``State._copy_into``, written out from FIELDS: one line per field and no
    loop over names (a third of the cost of a clone was ``getattr``/``setattr`` by name)."""
    how = {"share": "s.{0}",
           "copy": "s.{0}[:]",
           "rows": "[r.copy() for r in s.{0}]",
           "rows2": "[[c[:] for c in r] for r in s.{0}]"}
    lines = ["def _copy_into(s, new):"]
    lines += [f"    new.{name} = {how[kind].format(name)}" for name, kind in FIELDS.items()]
    return "\n".join(lines)


_namespace: dict[str, Any] = {}
exec(compile(_clone_source(), "<State._copy_into>", "exec"), _namespace)  # noqa: S102
_copy_into: Any = _namespace["_copy_into"]


class State:
    """Mutable game state and the read-only queries that follow from it (prices,
    requirements, feeding and medal status). ``Game`` (engine.py) adds the rules that
    change it: who decides, which actions are legal, and what applying one does."""

    __slots__ = tuple(FIELDS)

    catalog: Catalog
    players: list[str]
    variant: Literal["basic", "advanced"]
    n: int
    setup_card: list[str]
    side: list[str | None]
    coins: list[int]
    tracks: list[list[int]]
    tableau: list[list[str]]
    p2_tiles: list[dict[str, str]]  # card id -> bonus tile colour placed on it (P2)
    colonies: list[list[list[Any]]]  # [tile id, integrated]
    statues: list[list[list[str] | None]]  # per space: [tile colour, "colour" | "points"]
    tiles: list[list[int]]  # unused bonus tiles per track colour
    silver: list[list[str]]  # tile colour of each silver medal
    gold: list[int]
    sold: list[list[list[Any]]]  # [card id, public]
    removed: list[list[str]]  # removed at feeding (public)
    box: list[str]  # cards of dealt epochs returned unseen
    epoch_decks: dict[int, list[list[str]]]  # future epochs: decks by wheel position
    deck_colours: list[str]
    decks: list[list[str]]  # draw piles by wheel position, top first
    discards: list[list[str]]  # discard piles by wheel position, bottom first
    colony_stacks: list[list[str]]  # by level index, top first
    colony_box: list[str]
    epoch: int
    phase: Literal["A", "B"]  # which phase the end-of-phase steps follow
    step: Step
    round: int  # Phase-A round 0..4, or Phase-B turn counter
    wheel: int | None  # offset o of R-S6
    first: int
    order: list[int]
    turn: int  # index into order (sequential steps)
    hands: list[list[str]]
    commits: list[dict[str, Any] | None]  # setup side / draft pick per seat, private
    pending: list[list[dict[str, Any]]]  # feeding / medal actions per seat, private
    done: list[bool]  # simultaneous step finished for this seat
    acted: int  # colony/statue actions taken by the current seat this step (P13)
    decision_ids: list[str | None]
    next_decision: int
    version: int
    ncol: list[dict[str, int]]  # cards owned per colour (derived, for discounts and sets)
    eff: list[dict[str, int]]  # effect id -> cards held (derived)
    p3: list[list[str]]  # colours of held P3 cards (derived)

    def fill(self, **values: Any) -> None:
        """Set every non-derived field at once; a missing or unknown field is an error."""
        if values.keys() != _FILLED:
            missing, extra = _FILLED - set(values), set(values) - _FILLED
            raise TypeError(f"State.fill: missing {sorted(missing)}, unknown {sorted(extra)}")
        for name, value in values.items():
            setattr(self, name, value)
        self.restore_derived()

    def clone(self) -> Self:
        cls = type(self)  # a subclass (Game) adds slots: build the same type, not a State
        new = cls.__new__(cls)
        _copy_into(self, new)
        return new

    # -- read-only queries shared by the rules, the refusal reasons, labels and views ------

    def initiative(self, seat: int) -> int:
        return self.catalog.setup_cards[self.setup_card[seat]].initiative

    def check_seat(self, seat: object) -> int:
        """``seat`` as a seat index of this game, or :class:`NotSeated` (-1, True, "0" …)."""
        if type(seat) is not int or not 0 <= seat < self.n:
            raise NotSeated(f"{str(seat)[:8]!r} is not a seat of this game.", "not_seated")
        return seat

    def deck_of(self, seat: int, rnd: int | None = None) -> int:
        """R-S6: the wheel position seat draws from in Phase-A round ``rnd``."""
        return (seat + (self.wheel or 0) + (self.round if rnd is None else rnd)) % 5

    def card_cost(self, seat: int, card: Card) -> int:
        """R-A3: printed cost minus 1 per owned card of that colour, at least 0."""
        return max(0, card.cost - self.ncol[seat].get(card.colour, 0))

    def sell_value(self, seat: int, card: Card) -> int:
        bonus = self.eff[seat].get("P1", 0) * self.catalog.rules.eff("P1", "coins")
        return self.catalog.rules.sell_values[card.epoch - 1] + bonus

    def requirement_gap(self, seat: int, requirement: int, track: int) -> int:
        """Points of requirement still missing after P14 (−4 per card)."""
        reduction = self.eff[seat].get("P14", 0) * self.catalog.rules.eff("P14", "reduction")
        return max(0, requirement - self.tracks[seat][track] - reduction)

    def requirement_payment(self, seat: int, gap: int) -> int | None:
        """P15: coins to close ``gap`` (3 per point, at most 30), None if impossible."""
        if gap == 0:
            return 0
        if not self.eff[seat].get("P15"):
            return None
        rules = self.catalog.rules
        pay = gap * rules.eff("P15", "coins_per_point")
        return pay if pay <= rules.eff("P15", "max_coins") else None

    def medal_cost(self, seat: int, kind: str) -> int:
        """M1 price this epoch; P5 cards offer lower prices, the lowest applies (D-9)."""
        i = self.epoch - 1
        rules = self.catalog.rules
        cost = (rules.silver_costs if kind == "silver" else rules.gold_costs)[i]
        if self.eff[seat].get("P5"):
            for cid in self.tableau[seat]:
                e = self.catalog.cards[cid].effect
                if e and e.id == "P5":
                    cost = min(cost, (e.silver if kind == "silver" else e.gold)[i])  # type: ignore[index]
        return cost

    def feeding_status(self, seat: int) -> FeedingStatus:
        """F1 with this seat's pending removals and payments counted (private to the seat)."""
        cards_of = self.catalog.cards
        removed: set[str] = set()
        paid = 0
        food = self.tracks[seat][FOOD]
        for a in self.pending[seat]:
            if a["type"] == "feed_remove":
                removed.add(a["card"])
                food -= cards_of[a["card"]].gains[FOOD]
            elif a["type"] == "feed_pay":
                paid += 1
        cards = [c for c in self.tableau[seat] if c not in removed] if removed else \
            self.tableau[seat][:]
        coins = self.coins[seat] - paid * self.catalog.rules.eff("P6", "coins_per_card")
        has_p6 = bool(self.eff[seat].get("P6")) and any(
            cards_of[c].effect_id == "P6" for c in cards)
        return {"cards": cards, "count": len(cards), "food": food, "paid": paid,
                "coins": coins, "has_p6": has_p6,
                "satisfied": len(cards) - paid <= food}

    def medal_status(self, seat: int) -> MedalCounts:
        """M1 with this seat's pending purchases counted (private to the seat)."""
        silver = [a["tile"] for a in self.pending[seat] if a.get("kind") == "silver"]
        gold = sum(1 for a in self.pending[seat] if a.get("kind") == "gold")
        spent = len(silver) * self.medal_cost(seat, "silver") + gold * self.medal_cost(seat,
                                                                                     "gold")
        tiles = self.tiles[seat][:]
        for c in silver:
            tiles[TRACK_OF_COLOUR[c]] -= 1
        return {"coins": self.coins[seat] - spent, "silver": len(self.silver[seat]) + len(silver),
                "gold": self.gold[seat] + gold, "tiles": tiles}

    # -- snapshot: every field as JSON data (derived fields excluded) -----------------------

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-serialisable data: equal snapshots mean equal states."""
        out: dict[str, Any] = {}
        for name in FIELDS:
            if name in DERIVED:
                continue
            value = getattr(self, name)
            if name == "epoch_decks":
                value = {str(k): v for k, v in value.items()}
            out[name] = value
        plain: dict[str, Any] = _plain(out)
        return plain

    def restore_derived(self) -> None:
        """Recompute the derived per-seat caches from the tableaux."""
        self.ncol, self.eff, self.p3 = [], [], []
        for seat in range(self.n):
            ncol: dict[str, int] = {}
            eff: dict[str, int] = {}
            p3: list[str] = []
            for cid in self.tableau[seat]:
                card = self.catalog.cards[cid]
                ncol[card.colour] = ncol.get(card.colour, 0) + 1
                if card.effect:
                    eff[card.effect.id] = eff.get(card.effect.id, 0) + 1
                    if card.effect.colour:
                        p3.append(card.effect.colour)
            self.ncol.append(ncol)
            self.eff.append(eff)
            self.p3.append(p3)


def _plain(value: Any) -> Any:
    """Deep-copy into JSON shapes (tuples to lists) so a snapshot shares nothing."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
