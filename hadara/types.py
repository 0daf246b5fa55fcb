"""The shapes of the engine's JSON data: views, decision contexts, options and events.

The producers return them (:func:`hadara.views.view` a :class:`ViewData`,
:func:`hadara.views.context` a :data:`Context`, :func:`hadara.options.options`
:class:`OptionData` entries), so a type checker checks what front ends (the bot, the images,
the AI) read. They are ``TypedDict``s: at run time every view is a plain ``dict``, and
``docs/engine.md`` says in words what each field means and who sees it. Actions have one typed
representation and codec of their own (:mod:`hadara.actions`); ``Action`` and ``Event`` are
the plain dict aliases the engine uses.

Optional fields are declared in a ``total=False`` subclass of the required ones.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict, final

# ----------------------------------------------------------------------------- plain aliases

#: An action as the engine takes it: a JSON object with a ``type`` (typed: hadara.actions).
Action = dict[str, Any]
#: An event as the engine emits it: a JSON object with a ``kind`` (see the *Event types).
Event = dict[str, Any]

Track = Literal["income", "military", "culture", "food"]
TrackColour = Literal["yellow", "red", "blue", "green"]
Colour = Literal["yellow", "red", "blue", "green", "purple"]
Step = Literal["setup_side", "wheel", "draft", "phase_b", "colony", "statue", "feeding",
               "medals", "over"]

# ----------------------------------------------------------------------------- decisions, options


class DecisionData(TypedDict):
    """:class:`hadara.engine.Decision` as JSON data."""

    id: str
    seat: int
    kind: Step
    actions: list[Action]
    forced: bool
    committed: bool


class LabelFields(TypedDict):
    """An option's label, as a code with parameters and in English."""

    label: str  # English, from label_code and label_params (hadara.narrate.label)
    label_code: str  # "buy" | "sell" | "wheel" | "plunder" | "statue" | … (hadara.reasons)
    label_params: dict[str, Any]


class _OptionBase(LabelFields):
    action: Action
    legal: bool


class OptionData(_OptionBase, total=False):
    """One entry of :func:`hadara.options.options`; the refusal fields only when not legal."""

    code: str  # "illegal" | "cannot_afford": the error it would be refused with
    why: str  # a stable reason code of hadara.narrate.REASONS
    params: dict[str, Any]  # what the reason needs to be worded
    reason: str  # English, from why and params (hadara.narrate.reason)


# ----------------------------------------------------------------------------- events


class _Kind(TypedDict):
    kind: str


class GameStartedEvent(_Kind):
    players: list[str]
    variant: Literal["basic", "advanced"]
    setup_cards: list[str]
    initiative: list[int]


class SeatEvent(_Kind):
    """``pick_committed``, ``setup_side_committed``, ``fed``, ``medals_finished``,
    ``colony_skipped``, ``statue_skipped``: that a seat acted (public)."""

    seat: int


class UndoneEvent(_Kind):
    """``undone``: ``seat`` took back its last decision (``count`` log entries in force,
    with the automatic moves that followed it)."""

    seat: int
    count: int


class _RecordedBase(_Kind):
    action: Action


class RecordedEvent(_RecordedBase, total=False):
    """``pick_recorded``, ``setup_side_recorded``, ``feeding_recorded``, ``medal_recorded``:
    the seat's own hidden action (private to it)."""

    replaced: bool  # a pick or side replacing an earlier one


class SetupRevealedEvent(_Kind):
    sides: list[str]


class SetupDoneEvent(_Kind):
    sides: list[str]
    extra_coin: list[int]
    coins: list[int]
    tracks: list[list[int]]


class EpochStartedEvent(_Kind):
    epoch: int
    first: int
    order: list[int]


class WheelSetEvent(_Kind):
    seat: int
    colour: str
    offset: int


class DrewEvent(_Kind):  # private
    cards: list[str]
    colour: str


class SeatColour(TypedDict):
    seat: int
    colour: str


class RoundStartedEvent(_Kind):
    epoch: int
    round: int
    draws: list[SeatColour]


class TrackEffect(TypedDict):
    effect: str  # "P2" | "P3" | "P4"
    track: TrackColour  # the colour of the track raised
    steps: int


class _BoughtOrSold(TypedDict, total=False):
    card: str  # absent in a Phase-A sale (its identity stays private)
    cost: int  # buy
    tile: TrackColour  # P2 buy
    effects: list[TrackEffect]  # buy: P2/P3/P4 extra steps
    coins: int  # sell


class RoundChoice(_BoughtOrSold):
    seat: int
    colour: str
    discarded: str | None
    mode: Literal["buy", "sell"]


class RoundRevealedEvent(_Kind):
    epoch: int
    round: int
    choices: list[RoundChoice]


class SoldPrivatelyEvent(_Kind):  # private
    card: str
    coins: int


class EpochEvent(_Kind):
    """``phase_b_started``, ``medals_started``, ``epoch_ended``."""

    epoch: int


class TookEvent(_Kind, _BoughtOrSold):
    seat: int
    colour: str
    mode: Literal["buy", "sell"]


class SeatIncome(TypedDict):
    seat: int
    income: int
    bonus: int  # P8


class IncomeEvent(_Kind):
    epoch: int
    phase: Literal["A", "B"]
    incomes: list[SeatIncome]


class _ColonyTakenBase(_Kind):
    seat: int
    level: int
    mode: Literal["plunder", "integrate"]
    front: list[int]  # requirement, plunder, cost, points
    pay: int  # P15
    bonus: int  # P9


class ColonyTakenEvent(_ColonyTakenBase, total=False):
    tile: str  # integrate only: the tile and its back become public
    back_gains: list[int]
    back_points: int


class StatueCarvedEvent(_Kind):
    seat: int
    space: int
    tile: TrackColour
    side: Literal["colour", "points"]
    pay: int
    steps: int  # colour side (with P4); 0 on the points side


class FeedingNeed(TypedDict):
    seat: int
    cards: int
    food: int


class FeedingStartedEvent(_Kind):
    epoch: int
    needs: list[FeedingNeed]


class FeedingResult(TypedDict):
    seat: int
    removed: list[str]
    paid: int  # P6 payments
    surplus: int  # P7 coins


class FeedingRevealedEvent(_Kind):
    epoch: int
    results: list[FeedingResult]


class MedalBought(TypedDict):
    seat: int
    kind: Literal["silver", "gold"]
    tile: TrackColour | None
    cost: int


class MedalsRevealedEvent(_Kind):
    epoch: int
    bought: list[MedalBought]


class GameOverEvent(_Kind):
    scores: list[dict[str, int]]
    winners: list[int]


#: Every event kind the engine emits, with its shape and whether it is private to one seat.
EVENT_KINDS: dict[str, tuple[type, bool]] = {
    "game_started": (GameStartedEvent, False),
    "setup_side_committed": (SeatEvent, False),
    "setup_side_recorded": (RecordedEvent, True),
    "setup_revealed": (SetupRevealedEvent, False),
    "setup_done": (SetupDoneEvent, False),
    "epoch_started": (EpochStartedEvent, False),
    "wheel_set": (WheelSetEvent, False),
    "drew": (DrewEvent, True),
    "round_started": (RoundStartedEvent, False),
    "pick_committed": (SeatEvent, False),
    "pick_recorded": (RecordedEvent, True),
    "sold_privately": (SoldPrivatelyEvent, True),
    "round_revealed": (RoundRevealedEvent, False),
    "phase_b_started": (EpochEvent, False),
    "took": (TookEvent, False),
    "income": (IncomeEvent, False),
    "colony_taken": (ColonyTakenEvent, False),
    "colony_skipped": (SeatEvent, False),
    "statue_carved": (StatueCarvedEvent, False),
    "statue_skipped": (SeatEvent, False),
    "feeding_started": (FeedingStartedEvent, False),
    "feeding_recorded": (RecordedEvent, True),
    "fed": (SeatEvent, False),
    "feeding_revealed": (FeedingRevealedEvent, False),
    "medals_started": (EpochEvent, False),
    "medal_recorded": (RecordedEvent, True),
    "medals_finished": (SeatEvent, False),
    "medals_revealed": (MedalsRevealedEvent, False),
    "epoch_ended": (EpochEvent, False),
    "game_over": (GameOverEvent, False),
}

#: The event of ``Game.undo`` (a player took back a move), apart from :data:`EVENT_KINDS`,
#: which lists what playing a game emits: an undo is never part of ordinary play.
UNDO_EVENT_KINDS: dict[str, tuple[type, bool]] = {"undone": (UndoneEvent, False)}

# ----------------------------------------------------------------------------- views


class ColonyFront(TypedDict):
    plunder: int
    cost: int  # integration cost
    points: int


class ColonyBack(TypedDict):
    gains: dict[str, int]
    points: int


class _ColonyViewBase(TypedDict):
    level: int
    integrated: bool
    front: ColonyFront


class ColonyView(_ColonyViewBase, total=False):
    tile: str  # integrated only
    back: ColonyBack  # integrated only


class StatueView(TypedDict):
    tile: str  # a track colour
    side: str  # "colour" | "points"


class HiddenSale(TypedDict):
    epoch: int
    colour: str  # the card's colour


class SeatView(TypedDict):
    seat: int
    name: str
    setup_card: str
    initiative: int
    side: str | None
    coins: int
    tracks: dict[str, int]
    tableau: list[str]
    cards_by_colour: dict[str, int]
    p2_tiles: dict[str, str]
    colonies: list[ColonyView]
    statues: list[StatueView | None]
    bonus_tiles: dict[str, int]
    silver_medals: list[str]
    gold_medals: int
    sold_public: list[str]
    sold_hidden: list[HiddenSale]
    removed: list[str]
    requirement_reduction: int
    score: dict[str, int]
    deciding: bool
    committed: bool
    done: bool


class DeckCount(TypedDict):
    colour: str
    count: int


class ColonyStackView(TypedDict):
    level: int
    count: int
    top: ColonyFront | None


class Price(TypedDict):
    buy: int
    sell: int


# -- decision contexts (private["context"])


class SideContext(TypedDict):
    side: Literal["A", "B"]
    coins: int
    tracks: dict[str, int]


class SetupSideContext(TypedDict):
    kind: Literal["setup_side"]
    setup_card: str
    initiative: int
    sides: list[SideContext]
    chosen: str | None


class WheelOption(TypedDict):
    colour: str
    offset: int
    draws: list[SeatColour]  # round 1: the deck colour each seat draws from


class WheelContext(TypedDict):
    kind: Literal["wheel"]
    chooser: int
    options: list[WheelOption]


class CardOffer(TypedDict):
    card: str
    colour: str  # the deck (draft) or discard pile (Phase B) it comes from
    buy: int
    sell: int
    can_buy: bool
    tiles: list[str]  # P2: the bonus tiles a buy may name ([] when none is named)
    picked: str | None  # draft: "buy"/"sell" when this card is the recorded pick


class CardsContext(TypedDict):
    kind: Literal["draft", "phase_b"]
    coins: int
    deck_colour: str | None  # draft: the deck this seat drew from
    cards: list[CardOffer]


class ColonyLevel(TypedDict):
    level: int
    count: int
    top: ColonyFront | None
    reachable: bool
    reason: str | None  # already_hold_level | no_colony_left | needs_military | requirement_payment
    requirement: int
    gap: int  # after P14
    pay: int | None  # P15 coins to close the gap (0: none needed, None: impossible)
    can_plunder: bool
    can_integrate: bool


class ColonyContext(TypedDict):
    kind: Literal["colony"]
    military: int
    reduction: int
    coins: int
    p9_bonus: int
    second_action: bool  # P13
    levels: list[ColonyLevel]


class StatueSpaceContext(TypedDict):
    space: int
    free: bool
    placed: StatueView | None
    reachable: bool
    reason: str | None  # space_taken | no_bonus_tile | needs_culture | requirement_payment
    requirement: int
    gap: int
    pay: int | None
    points: int  # the statue's own points
    colour_steps: int  # colour side: track steps (with P4)
    points_side_points: int  # points side: statue points + extra (with P4)


class StatueContext(TypedDict):
    kind: Literal["statue"]
    culture: int
    reduction: int
    coins: int
    tiles: dict[str, int]
    tile_colours: list[str]
    second_action: bool
    spaces: list[StatueSpaceContext]


class FeedingCard(TypedDict):
    card: str
    colour: str
    gains: dict[str, int]
    points: int
    effect: str | None
    p2_tile: str | None
    removed: bool  # chosen for removal (pending)
    removable: bool


class P6Context(TypedDict):
    has_p6: bool
    can_pay: bool
    cost: int
    paid: int
    payments_left: int


class FeedingContext(TypedDict):
    kind: Literal["feeding"]
    count: int
    food: int
    paid: int
    must_remove: int
    satisfied: bool
    coins: int
    cards: list[FeedingCard]
    p6: P6Context


class SilverContext(TypedDict):
    price: int
    held: int
    left: int
    tiles: dict[str, int]
    value: dict[str, int]  # points a silver medal on each tile colour would score now
    legal: list[str]


@final  # no subclass adds "tiles": testing for it tells silver from gold
class GoldContext(TypedDict):
    price: int
    held: int
    left: int
    value: int
    legal: bool


class MedalsContext(TypedDict):
    kind: Literal["medals"]
    coins: int
    silver: SilverContext
    gold: GoldContext


Context = (SetupSideContext | WheelContext | CardsContext | ColonyContext | StatueContext
           | FeedingContext | MedalsContext)


class FeedingStatus(TypedDict):
    """``State.feeding_status``: with the seat's hidden removals and payments counted."""

    cards: list[str]
    count: int
    food: int
    paid: int
    coins: int
    has_p6: bool
    satisfied: bool


class MedalCounts(TypedDict):
    """``State.medal_status``: with the seat's hidden purchases counted."""

    coins: int
    silver: int
    gold: int
    tiles: list[int]


class MedalsStatus(MedalCounts):
    silver_cost: int
    gold_cost: int


class PrivateView(TypedDict):
    decision_id: str | None
    hand: list[str]
    commit: Action | None
    pending: list[Action]
    sold: list[str]
    side: str | None
    legal_actions: list[Action]
    prices: dict[str, Price]
    feeding: FeedingStatus | None
    medals: MedalsStatus | None
    context: Context | None


class _ViewBase(TypedDict):
    viewer: int | None
    content_version: str
    variant: Literal["basic", "advanced"]
    players: list[str]
    n: int
    epoch: int
    phase: Literal["A", "B"]
    step: Step
    round: int
    turn: int
    acted: int
    first: int
    order: list[int]
    wheel: int | None
    deck_colours: list[str]
    decks: list[DeckCount]
    draws: list[SeatColour]
    discards: list[list[str]]
    colony_stacks: list[ColonyStackView]
    seats: list[SeatView]
    waiting_on: list[int]
    next_decision: int
    version: int
    over: bool
    winners: list[int]


class ViewData(_ViewBase, total=False):
    """A view; ``private`` only in a seat's view (absent in the spectator view)."""

    private: PrivateView


#: The context shape of each decision kind (``private["context"]["kind"]``).
CONTEXT_KINDS: dict[str, type] = {
    "setup_side": SetupSideContext, "wheel": WheelContext, "draft": CardsContext,
    "phase_b": CardsContext, "colony": ColonyContext, "statue": StatueContext,
    "feeding": FeedingContext, "medals": MedalsContext,
}

#: A view, as :func:`hadara.views.view` returns it (the name front ends annotate with).
View = ViewData
