"""Acting ahead of your turn: a decision queued before the seat's turn comes (pure, no I/O).

A multi-day game waits most on its sequential steps: Phase B is five takes per player per
epoch, one player after another, and the colony and statue steps go round the table in play
order. A player who is waiting may queue the decision they would take if their turn came now;
the service keeps one plan per (game, seat) and, the moment that seat's decision opens, asks
:func:`resolve` whether the plan still answers it. If it does, the service submits the action
(``submitted_by="ahead"``); if not, the player is asked as usual. A plan never plays something
the player did not see: it applies only while the choice is legal **at the price the player
saw** when queueing it.

Plans (JSON with :meth:`to_dict` / :func:`plan_from_dict`; every constructor validates):

* :class:`PhaseBPlan` — ``cards``: card ids in preference order; ``mode``; ``max_price``: the
  buy price of each card when queued; ``min_sell``: its sale value when queued (optional per
  card); ``tile``: the bonus tile a P2 buy names. The plan looks at **the first listed card
  still on top of a discard pile** (cards taken meanwhile, or never on top, are skipped) and
  does, by ``mode``:

  - ``buy_else_sell``: buy it if the buy is legal now at a price no higher than
    ``max_price`` (a cheaper price is fine); if its price rose, nothing (the player is asked);
    if it is no longer affordable at that price, sell it.
  - ``buy_only``: buy it as above; otherwise nothing.
  - ``sell``: sell it, unless its sale value fell below ``min_sell``.

  Only that first card is considered: the player ranked it above the others still on top, so a
  refusal on it asks the player rather than falling to a card they liked less. A P2 buy needs
  ``tile`` among the tiles the buy may name now (a P2 card bought with no tile left needs none).
  No listed card on top: nothing.
* :class:`ColonyPlan` — ``level``, ``mode`` (``plunder``/``integrate``), ``pay`` (the P15 coins
  it needed when queued, 0 if none) and optionally ``front`` (the top tile's front
  ``{plunder, cost, points}`` seen). It applies when that exact action — same level, mode and
  **the same payment** — is legal now and, if ``front`` is given, the stack's top still shows
  that front (another seat may have taken the tile the player saw). ``level=None, mode=None``
  queues a skip, which always applies.
* :class:`StatuePlan` — ``space``, ``tile``, ``side`` (``colour``/``points``), ``pay``: applies
  when that exact action with the same payment is legal now; all three None queue a skip.

Every plan may name the ``epoch`` (and colony/statue plans the ``phase``, ``"A"`` or ``"B"``)
it was queued for; the ``queue_*`` helpers always do. A plan for another epoch or phase, or for
another kind of decision than the seat's current one, resolves to None. :func:`expired` tells
when the step a plan was queued for is over, so the service can drop it.

Prices, payments and legality are never worked out here: they are read from the decision
context :func:`hadara.views.context` (the ``private["context"]`` of the seat's view) and the
returned action is one of ``game.legal_actions(seat)``. The names and limits of a plan's
fields (modes, sides, tiles, card ids) and the action it names are the action codec's
(:mod:`hadara.actions`). For a seat that is not deciding yet,
:func:`plan_options` and the ``queue_*`` helpers ask the same engine code on a copy of the game
in which that seat's turn has come (:func:`as_if_turn`): exactly the choices, prices and
payments the seat would get if nobody acted before it.

What may be queued (:func:`plan_options`, :func:`queueable`): the decision of the current
sequential step while the seat's turn in it is still to come, and the decision of the next
sequential step — the colony choice during the draft's last round and during Phase B, the
statue during the colony step, the first Phase-B take during Phase A's statue step. A plan
queued a step early is checked like any other when the turn comes: the seat's own actions in
between (a card bought, a colony paid for) may change a payment or what is affordable, and
then the player is asked. What is offered a step early is computed from the seat's state now:
its pending draft pick and the income paid just before each colony step (E1) are not counted
yet, so a choice that becomes possible only through them is queued at the colony step itself.

Service contract (the service owns the storage of plans):

* when a seat's sequential decision opens (Phase B, colony, statue; after the forced ones are
  applied), call ``resolve(game, seat, plan)``; if it returns an action, submit it for that
  decision with ``submitted_by="ahead"``, else ask the player;
* a plan answers one decision: drop it once that decision resolves, whoever answered it (also
  when the player clicked instead), and whenever ``expired(game, plan)`` holds;
* a P13 second colony or statue action is a new decision: it is asked unless a new plan is
  queued.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .actions import MAX_ID, allowed, checked
from .engine import ROUNDS, Action, Game
from .errors import MalformedAction
from .state import COLONY, DRAFT, FEEDING, MEDALS, OVER, PHASE_B, STATUE
from .types import Step
from .views import context

__all__ = [
    "KINDS", "PHASE_B_MODES", "ColonyPlan", "PhaseBPlan", "Plan", "PlanError", "StatuePlan",
    "as_if_turn", "decision_kind", "expired", "plan_from_dict", "plan_options", "queue_colony",
    "queue_phase_b", "queue_statue", "queueable", "resolve",
]

#: The decisions a plan can answer (the sequential steps a player waits through).
KINDS: tuple[Step, ...] = (PHASE_B, COLONY, STATUE)
PHASE_B_MODES: tuple[str, ...] = ("buy_else_sell", "buy_only", "sell")
# A plan's fields hold what the actions it would play hold: their names and limits come from
# the action codec (hadara.actions), never restated here.
COLONY_MODES: tuple[str, ...] = allowed("colony", "mode")
STATUE_SIDES: tuple[str, ...] = allowed("statue", "side")
TILES: tuple[str, ...] = allowed("take", "tile")  # the bonus tiles a P2 buy or statue names
PHASES: tuple[str, ...] = ("A", "B")
LAST_ROUND = ROUNDS - 1  # the draft's last round (R-A4)
MAX_CARDS = 25  # at most 5 Phase-A discards per player, 5 players
MAX_CARD_ID = MAX_ID  # a card id as an action holds it
MAX_NUMBER = 999  # prices, payments and levels are small; anything beyond is a bad record


class PlanError(ValueError):
    """A plan that is not well formed; ``field`` names the place (``"cards[2]"``)."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(f"{field}: {message}" if field else message)


# ------------------------------------------------------------------------------ validation


def _type_name(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _int(value: object, name: str, lo: int = 0, hi: int = MAX_NUMBER) -> int:
    if type(value) is not int:
        raise PlanError(name, f"expected an integer, got {_type_name(value)}")
    if not lo <= value <= hi:
        raise PlanError(name, f"expected {lo}..{hi}, got {value}")
    return value


def _opt_int(value: object, name: str, lo: int = 0, hi: int = MAX_NUMBER) -> int | None:
    return None if value is None else _int(value, name, lo, hi)


def _choice(value: object, name: str, allowed: tuple[str, ...],
            optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise PlanError(name, f"expected one of {', '.join(allowed)}, got {_type_name(value)}")
    if value not in allowed:
        raise PlanError(name, f"expected one of {', '.join(allowed)}, got {value[:20]!r}")
    return value


def _card_id(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise PlanError(name, f"expected a card id, got {_type_name(value)}")
    if not 0 < len(value) <= MAX_CARD_ID:
        raise PlanError(name, f"expected a card id of 1..{MAX_CARD_ID} characters")
    return value


def _prices(value: object, name: str, cards: tuple[str, ...]) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise PlanError(name, f"expected an object, got {_type_name(value)}")
    out: dict[str, int] = {}
    for k, v in value.items():
        if k not in cards:
            raise PlanError(f"{name}.{str(k)[:MAX_CARD_ID]}", "not one of the plan's cards")
        out[k] = _int(v, f"{name}.{k}")
    return out


def _keys(data: object, kind: str, required: tuple[str, ...],
          optional: tuple[str, ...]) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise PlanError("", f"a plan must be an object, got {_type_name(data)}")
    if data.get("kind") != kind:
        raise PlanError("kind", f"expected {kind!r}")
    for k in data:
        if k != "kind" and k not in required and k not in optional:
            raise PlanError(str(k)[:40], "unknown field")
    for k in required:
        if k not in data:
            raise PlanError(k, "missing")
    return data


# ------------------------------------------------------------------------------ plans


@dataclass(frozen=True)
class PhaseBPlan:
    """A queued Phase-B take (R-B1): the first listed card still on top, per ``mode``."""

    cards: Sequence[str]
    mode: str = "buy_else_sell"
    max_price: Mapping[str, int] = field(default_factory=dict)
    min_sell: Mapping[str, int] = field(default_factory=dict)
    tile: str | None = None
    epoch: int | None = None

    kind: ClassVar[str] = PHASE_B

    def __post_init__(self) -> None:
        raw = self.cards
        if not isinstance(raw, list | tuple):
            raise PlanError("cards", f"expected a list of card ids, got {_type_name(raw)}")
        if not 0 < len(raw) <= MAX_CARDS:
            raise PlanError("cards", f"expected 1..{MAX_CARDS} card ids, got {len(raw)}")
        cards = tuple(_card_id(c, f"cards[{i}]") for i, c in enumerate(raw))
        for i, c in enumerate(cards):
            if c in cards[:i]:
                raise PlanError(f"cards[{i}]", f"{c!r} is listed twice")
        _choice(self.mode, "mode", PHASE_B_MODES)
        max_price = _prices(self.max_price, "max_price", cards)
        if self.mode != "sell":
            missing = [c for c in cards if c not in max_price]
            if missing:
                raise PlanError(f"max_price.{missing[0]}",
                                "missing: a buying plan records the price seen for every card")
        min_sell = _prices(self.min_sell, "min_sell", cards)
        _choice(self.tile, "tile", TILES, optional=True)
        _opt_int(self.epoch, "epoch", 1, 3)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "max_price", max_price)
        object.__setattr__(self, "min_sell", min_sell)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": list(self.cards), "mode": self.mode,
                "max_price": dict(self.max_price), "min_sell": dict(self.min_sell),
                "tile": self.tile, "epoch": self.epoch}

    @classmethod
    def from_dict(cls, data: object) -> PhaseBPlan:
        d = _keys(data, PHASE_B, ("cards", "mode"), ("max_price", "min_sell", "tile", "epoch"))
        if not isinstance(d["cards"], list):
            raise PlanError("cards", f"expected a list of card ids, got {_type_name(d['cards'])}")
        return cls(cards=tuple(d["cards"]), mode=d["mode"], max_price=d.get("max_price", {}),
                   min_sell=d.get("min_sell", {}), tile=d.get("tile"), epoch=d.get("epoch"))


@dataclass(frozen=True)
class ColonyPlan:
    """A queued colony choice (E2): that level and mode at the same P15 payment; or a skip."""

    level: int | None
    mode: str | None
    pay: int = 0
    front: Mapping[str, int] | None = None
    epoch: int | None = None
    phase: str | None = None

    kind: ClassVar[str] = COLONY

    def __post_init__(self) -> None:
        _opt_int(self.level, "level", 1)
        _choice(self.mode, "mode", COLONY_MODES, optional=True)
        _int(self.pay, "pay")
        if (self.level is None) != (self.mode is None):
            raise PlanError("mode", "a skip has neither level nor mode; a colony has both")
        if self.front is not None:
            if not isinstance(self.front, Mapping):
                raise PlanError("front", f"expected an object, got {_type_name(self.front)}")
            if set(self.front) != {"plunder", "cost", "points"}:
                raise PlanError("front", "expected exactly plunder, cost and points")
            for k in ("plunder", "cost", "points"):
                _int(self.front[k], f"front.{k}")
            object.__setattr__(self, "front", dict(self.front))
        if self.skip and (self.pay or self.front is not None):
            raise PlanError("pay", "a skip pays nothing and names no tile")
        _opt_int(self.epoch, "epoch", 1, 3)
        _choice(self.phase, "phase", PHASES, optional=True)

    @property
    def skip(self) -> bool:
        return self.level is None

    def action(self) -> Action:
        """The action this plan plays (with the payment it saw), as a button would send it."""
        if self.skip:
            return {"type": "colony_skip"}
        return {"type": "colony", "level": self.level, "mode": self.mode, "pay": self.pay}

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "mode": self.mode, "pay": self.pay,
                "front": None if self.front is None else dict(self.front),
                "epoch": self.epoch, "phase": self.phase}

    @classmethod
    def from_dict(cls, data: object) -> ColonyPlan:
        d = _keys(data, COLONY, ("level", "mode"), ("pay", "front", "epoch", "phase"))
        return cls(level=d["level"], mode=d["mode"], pay=d.get("pay", 0), front=d.get("front"),
                   epoch=d.get("epoch"), phase=d.get("phase"))


@dataclass(frozen=True)
class StatuePlan:
    """A queued statue (E3): that space, tile and side at the same P15 payment; or a skip."""

    space: int | None
    tile: str | None
    side: str | None
    pay: int = 0
    epoch: int | None = None
    phase: str | None = None

    kind: ClassVar[str] = STATUE

    def __post_init__(self) -> None:
        _opt_int(self.space, "space", 1)
        _choice(self.tile, "tile", TILES, optional=True)
        _choice(self.side, "side", STATUE_SIDES, optional=True)
        _int(self.pay, "pay")
        given = (self.space is not None, self.tile is not None, self.side is not None)
        if any(given) and not all(given):
            raise PlanError("space", "a skip has no space, tile or side; a statue has all three")
        if self.skip and self.pay:
            raise PlanError("pay", "a skip pays nothing")
        _opt_int(self.epoch, "epoch", 1, 3)
        _choice(self.phase, "phase", PHASES, optional=True)

    @property
    def skip(self) -> bool:
        return self.space is None

    def action(self) -> Action:
        """The action this plan plays (with the payment it saw), as a button would send it."""
        if self.skip:
            return {"type": "statue_skip"}
        return {"type": "statue", "space": self.space, "tile": self.tile, "side": self.side,
                "pay": self.pay}

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "space": self.space, "tile": self.tile, "side": self.side,
                "pay": self.pay, "epoch": self.epoch, "phase": self.phase}

    @classmethod
    def from_dict(cls, data: object) -> StatuePlan:
        d = _keys(data, STATUE, ("space", "tile", "side"), ("pay", "epoch", "phase"))
        return cls(space=d["space"], tile=d["tile"], side=d["side"], pay=d.get("pay", 0),
                   epoch=d.get("epoch"), phase=d.get("phase"))


Plan = PhaseBPlan | ColonyPlan | StatuePlan
_CLASSES: dict[str, type[PhaseBPlan] | type[ColonyPlan] | type[StatuePlan]] = {
    PHASE_B: PhaseBPlan, COLONY: ColonyPlan, STATUE: StatuePlan}


def plan_from_dict(data: object) -> Plan:
    """A plan from JSON data (:meth:`to_dict`'s shape), or :class:`PlanError`."""
    if not isinstance(data, Mapping):
        raise PlanError("", f"a plan must be an object, got {_type_name(data)}")
    kind = data.get("kind")
    cls = _CLASSES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise PlanError("kind", f"expected one of {', '.join(KINDS)}")
    return cls.from_dict(data)


# ------------------------------------------------------------------------------ resolving


def decision_kind(game: Game, seat: int) -> str | None:
    """The kind of ``seat``'s pending decision if a plan could answer it, else None."""
    kind = game.decision_kind(seat)
    return kind if kind in KINDS else None


def _same_time(game: Game, plan: Plan) -> bool:
    if plan.epoch is not None and plan.epoch != game.epoch:
        return False
    phase = getattr(plan, "phase", None)
    return phase is None or phase == game.phase


def resolve(game: Game, seat: int, plan: Plan) -> Action | None:
    """The action ``plan`` gives for ``seat``'s decision now, or None (ask the player).

    The action is a copy of one of ``game.legal_actions(seat)``; None when the seat's decision
    is not of the plan's kind (or of another epoch/phase than the plan names), or the plan's
    choice is gone, illegal, or no longer at the price or payment the player saw. Reads the
    game only.
    """
    if decision_kind(game, seat) != plan.kind or not _same_time(game, plan):
        return None
    legal = game.legal_actions(seat)
    ctx = context(game, seat, legal)
    if ctx is None:
        return None
    if isinstance(plan, PhaseBPlan):
        return _resolve_take(plan, ctx, legal)
    if isinstance(plan, ColonyPlan):
        return _resolve_colony(plan, ctx, legal)
    return _resolve_statue(plan, ctx, legal)


def _legal(legal: list[Action], action: Action) -> Action | None:
    """A copy of ``action`` as the engine lists it, if it is legal now; else None. The action
    goes through the action codec first (its shape checked, ``pay`` 0 left out), so a plan
    names an action exactly as a button does."""
    try:
        want = checked(action)
    except MalformedAction:
        return None  # a name no action holds (a queued tile or side from a modified client)
    for a in legal:
        if a == want:
            return dict(a)
    return None


def _resolve_take(plan: PhaseBPlan, ctx: Mapping[str, Any],
                  legal: list[Action]) -> Action | None:
    offer = {c["card"]: c for c in ctx["cards"]}
    cid = next((c for c in plan.cards if c in offer), None)
    if cid is None:
        return None  # every listed card was taken (or never came to the top)
    entry = offer[cid]
    if plan.mode != "sell":
        if entry["buy"] > plan.max_price[cid]:
            return None  # the price rose since the player saw it: ask
        if entry["can_buy"]:
            if entry["tiles"]:  # a P2 buy names one of the tiles it may name now
                if plan.tile not in entry["tiles"]:
                    return None
                return _legal(legal, {"type": "take", "card": cid, "mode": "buy",
                                      "tile": plan.tile})
            return _legal(legal, {"type": "take", "card": cid, "mode": "buy"})
        if plan.mode == "buy_only":
            return None
    floor = plan.min_sell.get(cid)
    if floor is not None and entry["sell"] < floor:
        return None
    return _legal(legal, {"type": "take", "card": cid, "mode": "sell"})


def _resolve_colony(plan: ColonyPlan, ctx: Mapping[str, Any],
                    legal: list[Action]) -> Action | None:
    if plan.skip:
        return _legal(legal, {"type": "colony_skip"})
    entry = next((lv for lv in ctx["levels"] if lv["level"] == plan.level), None)
    if entry is None or entry["pay"] != plan.pay:
        return None  # no such level, or the payment changed (either way): ask
    if plan.front is not None and entry["top"] != dict(plan.front):
        return None  # the tile the player saw was taken: another one is on top
    return _legal(legal, plan.action())


def _resolve_statue(plan: StatuePlan, ctx: Mapping[str, Any],
                    legal: list[Action]) -> Action | None:
    if plan.skip:
        return _legal(legal, plan.action())
    entry = next((sp for sp in ctx["spaces"] if sp["space"] == plan.space), None)
    if entry is None or entry["pay"] != plan.pay:
        return None
    return _legal(legal, plan.action())


# ------------------------------------------------------------------------------ the game's clock

# Steps within an epoch, in order: where a plan's step lies relative to the game.
_STAGE_A = {COLONY: 1, STATUE: 2}
_STAGE_B = {PHASE_B: 3, COLONY: 4, STATUE: 5}


def _stage(step: str, phase: str) -> int:
    if step in (FEEDING, MEDALS):
        return 6
    if step in KINDS:
        return (_STAGE_B if phase == "B" else _STAGE_A)[step]
    return 0  # setup side, wheel, draft: before the epoch's first colony step


def expired(game: Game, plan: Plan) -> bool:
    """Whether the step ``plan`` was queued for is over (the service drops the plan).

    A plan naming no epoch (or, for a colony or statue plan, no phase) expires only when the
    game is over.
    """
    if game.step == OVER:
        return True
    phase = "B" if isinstance(plan, PhaseBPlan) else plan.phase
    if plan.epoch is None or phase is None:
        return False
    return (game.epoch, _stage(game.step, game.phase)) > (plan.epoch, _stage(plan.kind, phase))


# ------------------------------------------------------------------------------ queueing


def _next_kind(game: Game) -> str | None:
    """The sequential step after the current one, if it follows directly (the E1 income before
    a colony step aside): the draft's last round → colony, colony → statue, statue (Phase A) →
    Phase B, Phase B → colony."""
    if game.step == DRAFT:
        return COLONY if game.round == LAST_ROUND else None
    if game.step == COLONY:
        return STATUE
    if game.step == STATUE:
        return PHASE_B if game.phase == "A" else None
    if game.step == PHASE_B:
        return COLONY
    return None


def _remaining(game: Game) -> int:
    """Decisions of the current sequential step still to come (P13 second actions aside)."""
    if game.step == PHASE_B:
        return sum(len(p) for p in game.discards)
    if game.step == DRAFT:
        return 0  # simultaneous: nobody decides before the colony step in turn
    return game.n - game.turn


def _turns_before(game: Game, seat: int, kind: str) -> int | None:
    """Decisions before ``seat``'s next ``kind`` decision (0: it is deciding now), as far as
    known now, or None if it has none to come in the current step or the next one."""
    n, order = game.n, game.order
    if game.step == kind == PHASE_B:
        for k in range(_remaining(game)):
            if order[(game.round + k) % n] == seat:
                return k
        return None
    if game.step == kind:  # colony or statue: one turn each, in play order
        pos = order.index(seat)
        return None if pos < game.turn else pos - game.turn
    if kind == _next_kind(game):
        return _remaining(game) + order.index(seat)
    return None


def queueable(game: Game, seat: int) -> list[str]:
    """The kinds of decision ``seat`` may queue now, soonest first (see :func:`plan_options`)."""
    game.check_seat(seat)
    when: dict[str, int | None] = {k: _turns_before(game, seat, k) for k in KINDS}
    return sorted((k for k, t in when.items() if t is not None), key=lambda k: when[k] or 0)


def as_if_turn(game: Game, seat: int, kind: str) -> Game:
    """A copy of ``game`` in which ``seat``'s ``kind`` decision is open now, nothing else
    changed: what the engine offers the seat if its turn came at once. For queueing and for
    AI suggestions; never apply its actions to the real game without :func:`resolve`."""
    game.check_seat(seat)
    step = next((k for k in KINDS if k == kind), None)
    if step is None:
        raise ValueError(f"no plan answers a {kind!r} decision")
    g = game.clone()
    g.log = None
    n = g.n
    g.step = step
    g.decision_ids = [None] * n
    g.decision_ids[seat] = "ahead"
    g.commits = [None] * n
    if kind == PHASE_B:
        g.phase = "B"
        if game.step == PHASE_B:
            g.round = game.round + (_turns_before(game, seat, PHASE_B) or 0)
        else:  # queued before Phase B: the seat's first take
            g.round = g.order.index(seat)
    else:
        g.turn, g.acted = g.order.index(seat), 0
    return g


def plan_options(game: Game, seat: int) -> dict[str, Any]:
    """What ``seat`` may queue now, with the current prices and requirements.

    ``{"seat", "epoch", "phase", "step", "phase_b", "colony", "statue"}``: each of the last
    three is None when it cannot be queued now, else the decision context the seat would get if
    its turn came now (:func:`hadara.views.context`'s shape for that kind: ``cards`` with
    ``buy``, ``sell``, ``can_buy`` and ``tiles``; ``levels`` with ``pay``, ``reason``, ``top``;
    ``spaces`` with ``pay``, ``reason``…) plus ``turns_before``: how many decisions come before
    the seat's turn (0: it is deciding now) and ``legal``: the actions it would have.
    """
    game.check_seat(seat)
    out: dict[str, Any] = {"seat": seat, "epoch": game.epoch, "phase": game.phase,
                           "step": game.step, PHASE_B: None, COLONY: None, STATUE: None}
    for kind in KINDS:
        before = _turns_before(game, seat, kind)
        if before is None:
            continue
        g = as_if_turn(game, seat, kind)
        legal = g.legal_actions(seat)
        ctx = context(g, seat, legal)
        if ctx is None:  # pragma: no cover - the copy always has the seat deciding
            continue
        shown: dict[str, Any] = dict(ctx)
        if kind == PHASE_B:  # no draft deck, and nothing picked yet
            del shown["deck_colour"]
            shown["cards"] = [{k: v for k, v in c.items() if k != "picked"}
                              for c in shown["cards"]]
        out[kind] = {**shown, "turns_before": before, "legal": legal}
    return out


def _queueable(game: Game, seat: int, kind: str) -> Game:
    if _turns_before(game, seat, kind) is None:
        raise PlanError("kind", f"a {kind} decision cannot be queued now (step {game.step})")
    return as_if_turn(game, seat, kind)


def queue_phase_b(game: Game, seat: int, cards: Sequence[str],
                  mode: str = "buy_else_sell", tile: str | None = None) -> PhaseBPlan:
    """A Phase-B plan recording the prices ``seat`` sees now; every card must be on top now.

    The ``queue_*`` helpers raise :class:`PlanError` for what cannot be queued now."""
    g = _queueable(game, seat, PHASE_B)
    ctx: Mapping[str, Any] | None = context(g, seat)
    assert ctx is not None
    offer = {c["card"]: c for c in ctx["cards"]}
    for i, cid in enumerate(cards):
        if cid not in offer:
            raise PlanError(f"cards[{i}]", f"{str(cid)[:MAX_CARD_ID]!r} is not on top of a pile")
    return PhaseBPlan(cards=tuple(cards), mode=mode,
                      max_price={} if mode == "sell" else {c: offer[c]["buy"] for c in cards},
                      min_sell={c: offer[c]["sell"] for c in cards}, tile=tile,
                      epoch=game.epoch)


def queue_colony(game: Game, seat: int, level: int | None,
                 mode: str | None = None) -> ColonyPlan:
    """A colony plan (``level=None``: skip) recording the payment and tile front seen now;
    refused unless the choice is legal for ``seat`` now (as if its turn had come)."""
    g = _queueable(game, seat, COLONY)
    if level is None:
        return ColonyPlan(None, None, epoch=game.epoch, phase=game.phase)
    ctx: Mapping[str, Any] | None = context(g, seat)
    assert ctx is not None
    entry = next((lv for lv in ctx["levels"] if lv["level"] == level), None)
    ok = entry is not None and (entry["can_integrate"] if mode == "integrate"
                                else entry["can_plunder"] if mode == "plunder" else False)
    if entry is None or not ok:
        why = (entry["reason"] or "cannot_afford") if entry is not None else "no_such_level"
        raise PlanError("level", f"level {level} {mode} is not possible now ({why})")
    return ColonyPlan(level, mode, pay=entry["pay"], front=entry["top"], epoch=game.epoch,
                      phase=game.phase)


def queue_statue(game: Game, seat: int, space: int | None, tile: str | None = None,
                 side: str | None = None) -> StatuePlan:
    """A statue plan (``space=None``: skip) recording the payment seen now; refused unless
    the choice is legal for ``seat`` now (as if its turn had come)."""
    g = _queueable(game, seat, STATUE)
    if space is None:
        return StatuePlan(None, None, None, epoch=game.epoch, phase=game.phase)
    ctx: Mapping[str, Any] | None = context(g, seat)
    assert ctx is not None
    entry = next((sp for sp in ctx["spaces"] if sp["space"] == space), None)
    legal = g.legal_actions(seat)
    pay = entry["pay"] if entry is not None else None
    carve = {"type": "statue", "space": space, "tile": tile, "side": side, "pay": pay}
    if pay is None or _legal(legal, carve) is None:
        why = (entry["reason"] or "no_such_tile") if entry is not None else "no_such_space"
        raise PlanError("space", f"statue space {space} with a {tile} tile on the {side} side "
                                 f"is not possible now ({why})")
    return StatuePlan(space, tile, side, pay=pay, epoch=game.epoch, phase=game.phase)
