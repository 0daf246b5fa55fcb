"""The complete game state as plain data, with a hand-written clone (no deepcopy).

Fields hold ids and counters only; content comes from the shared, immutable catalog. The
state is hidden-information complete: only :mod:`hadara.views` may show it to anyone.
"""

from __future__ import annotations

from typing import Any

from .content import Catalog

# Steps (``State.step``)
SETUP_SIDE, WHEEL, DRAFT, PHASE_B = "setup_side", "wheel", "draft", "phase_b"
COLONY, STATUE, FEEDING, MEDALS, OVER = "colony", "statue", "feeding", "medals", "over"
SIMULTANEOUS = frozenset({SETUP_SIDE, DRAFT, FEEDING, MEDALS})
SEQUENTIAL = frozenset({WHEEL, PHASE_B, COLONY, STATUE})
STEPS = (SETUP_SIDE, WHEEL, DRAFT, PHASE_B, COLONY, STATUE, FEEDING, MEDALS, OVER)


class State:
    """Mutable game state. ``Game`` (engine.py) adds the rules on top of it."""

    __slots__ = (
        "catalog", "players", "variant", "n", "setup_card", "side", "coins", "tracks",
        "tableau", "p2_tiles", "colonies", "statues", "tiles", "silver", "gold", "sold",
        "removed", "box", "epoch_decks", "deck_colours", "decks", "discards", "colony_stacks",
        "colony_box", "epoch", "phase", "step", "round", "wheel", "first", "order", "turn",
        "hands", "commits", "pending", "done", "acted", "decision_ids", "next_decision",
        "version", "ncol", "eff", "p3",
    )

    catalog: Catalog
    players: list[str]
    variant: str
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
    phase: str  # "A" | "B" (which phase the end-of-phase steps follow)
    step: str
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

    def clone(self) -> State:
        cls = type(self)  # a subclass (Game) adds slots: build the same type, not a State
        new = cls.__new__(cls)
        new.catalog = self.catalog
        new.players = self.players  # never mutated
        new.variant = self.variant
        new.n = self.n
        new.setup_card = self.setup_card  # never mutated after setup
        new.side = self.side[:]
        new.coins = self.coins[:]
        new.tracks = [t[:] for t in self.tracks]
        new.tableau = [t[:] for t in self.tableau]
        new.p2_tiles = [dict(t) for t in self.p2_tiles]
        new.colonies = [[c[:] for c in cs] for cs in self.colonies]
        new.statues = [s[:] for s in self.statues]  # inner lists are never mutated
        new.tiles = [t[:] for t in self.tiles]
        new.silver = [s[:] for s in self.silver]
        new.gold = self.gold[:]
        new.sold = [s[:] for s in self.sold]  # inner pairs are never mutated
        new.removed = [r[:] for r in self.removed]
        new.box = self.box[:]
        new.epoch_decks = self.epoch_decks  # never mutated; dealt by copying
        new.deck_colours = self.deck_colours
        new.decks = [d[:] for d in self.decks]
        new.discards = [d[:] for d in self.discards]
        new.colony_stacks = [c[:] for c in self.colony_stacks]
        new.colony_box = self.colony_box
        new.epoch = self.epoch
        new.phase = self.phase
        new.step = self.step
        new.round = self.round
        new.wheel = self.wheel
        new.first = self.first
        new.order = self.order
        new.turn = self.turn
        new.hands = [h[:] for h in self.hands]
        new.commits = self.commits[:]  # commit dicts are never mutated
        new.pending = [p[:] for p in self.pending]
        new.done = self.done[:]
        new.acted = self.acted
        new.decision_ids = self.decision_ids[:]
        new.next_decision = self.next_decision
        new.version = self.version
        new.ncol = [dict(c) for c in self.ncol]
        new.eff = [dict(e) for e in self.eff]
        new.p3 = [p[:] for p in self.p3]
        return new

    # -- snapshot: every field as JSON data (derived fields excluded) -----------------------

    _DERIVED = ("catalog", "ncol", "eff", "p3")

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-serialisable data: equal snapshots mean equal states."""
        out: dict[str, Any] = {}
        for name in State.__slots__:  # not self.__slots__: on a Game that names only its own
            if name in self._DERIVED:
                continue
            value = getattr(self, name)
            if name == "epoch_decks":
                value = {str(k): v for k, v in value.items()}
            out[name] = value
        return _plain(out)

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
