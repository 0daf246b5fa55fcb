"""Game content: frozen records loaded once from ``data/`` and validated against the rules.

Bad data raises :class:`ContentError` naming the file, the record and the field. The content
version is a hash of the data files, stored with every saved game.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TRACKS: tuple[str, ...] = ("income", "military", "culture", "food")
TRACK_COLOURS: tuple[str, ...] = ("yellow", "red", "blue", "green")
COLOURS: tuple[str, ...] = (*TRACK_COLOURS, "purple")
#: Index of the track a colour raises (yellow → income …); purple has none.
TRACK_OF_COLOUR: dict[str, int] = {c: i for i, c in enumerate(TRACK_COLOURS)}
EPOCHS: tuple[int, ...] = (1, 2, 3)
PROVENANCES = ("rules", "secondary", "estimated")
EFFECT_KINDS: dict[str, str] = {
    "P1": "sell_bonus", "P2": "bonus_tile_track", "P3": "colour_synergy", "P4": "statue_bonus",
    "P5": "medal_discount", "P6": "feed_pay", "P7": "feed_surplus", "P8": "income_bonus",
    "P9": "colony_coins", "P10": "silver_full", "P11": "set_points", "P12": "gold_wildcard",
    "P13": "double_action", "P14": "requirement_minus4", "P15": "buy_requirement",
}
Int = int  # inside _Checker the name ``int`` is a method
Gains = tuple[int, int, int, int]  # steps on the income, military, culture and food tracks
DATA_FILES = ("cards.json", "colonies.json", "statues.json", "setup_cards.json", "rules.json")
DEFAULT_DATA_DIR = Path(__file__).resolve().parent.parent / "data"


class ContentError(ValueError):
    """Bad content: says which file, record and field, and what is wrong."""

    def __init__(self, file: str, record: str, fld: str, message: str) -> None:
        super().__init__(f"{file}: record {record}: field '{fld}': {message}")
        self.file, self.record, self.field = file, record, fld


@dataclass(frozen=True, slots=True)
class Effect:
    id: str  # "P1" … "P15"
    kind: str
    colour: str | None = None  # P3
    silver: tuple[int, int, int] | None = None  # P5, per epoch
    gold: tuple[int, int, int] | None = None  # P5, per epoch


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    epoch: int
    colour: str
    cost: int
    gains: tuple[int, int, int, int]  # per track, in TRACKS order
    points: int
    effect: Effect | None
    advanced: bool
    provenance: str

    @property
    def effect_id(self) -> str | None:
        return self.effect.id if self.effect else None


@dataclass(frozen=True, slots=True)
class Colony:
    id: str
    requirement: int
    plunder: int
    cost: int
    front_points: int
    back_gains: tuple[int, int, int, int]
    back_points: int
    provenance: str

    @property
    def front(self) -> tuple[int, int, int, int]:
        """What the coin side shows: requirement, plunder coins, integration cost, points."""
        return (self.requirement, self.plunder, self.cost, self.front_points)


@dataclass(frozen=True, slots=True)
class StatueSpace:
    space: int  # 1..4
    requirement: int
    points: int
    steps: int  # track steps of a colour-side tile
    extra_points: int  # points of a points-side tile


@dataclass(frozen=True, slots=True)
class SetupSide:
    coins: int
    tracks: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class SetupCard:
    id: str
    initiative: int
    a: SetupSide
    b: SetupSide

    def side(self, name: str) -> SetupSide:
        return self.a if name == "A" else self.b


@dataclass(frozen=True, slots=True)
class Rules:
    sell_values: tuple[int, int, int]
    silver_costs: tuple[int, int, int]
    gold_costs: tuple[int, int, int]
    max_silver: int
    max_gold: int
    gold_set_points: int
    coins_per_point: int
    colony_levels: tuple[int, ...]
    bonus_tiles_per_colour: int
    cards_per_colour: int
    purple_cards: int
    draw_per_player: int
    effects: dict[str, dict[str, int]]

    def eff(self, effect: str, key: str) -> int:
        return self.effects[effect][key]


@dataclass(frozen=True)
class Catalog:
    cards: dict[str, Card]
    colonies: dict[str, Colony]
    statues: tuple[StatueSpace, ...]
    setup_cards: dict[str, SetupCard]
    rules: Rules
    version: str
    #: (epoch, colour, advanced_allowed) -> card ids in data order
    _pools: dict[tuple[int, str, bool], tuple[str, ...]] = field(default_factory=dict, repr=False)
    #: requirement -> colony tile ids, filled by colonies_at (the records never change)
    _colony_pools: dict[int, tuple[str, ...]] = field(default_factory=dict, repr=False,
                                                      compare=False)
    #: caches of derived tables for the engine's hot paths (see :meth:`memo`)
    _memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    def memo(self, key: Any, build: Any, *args: Any) -> Any:
        """A table derived from this catalog by ``build(self, *args)``, built once per key:
        the records never change, so the engine's hot paths keep their lookups here."""
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = build(self, *args)
        return got

    def pool(self, epoch: int, colour: str, advanced: bool) -> tuple[str, ...]:
        """The cards of one epoch and colour used by a game mode (R-S1)."""
        return self._pools[(epoch, colour, advanced)]

    def colonies_at(self, requirement: int) -> tuple[str, ...]:
        """The colony tiles of one level, in data order (kept once asked: setups ask often)."""
        got = self._colony_pools.get(requirement)
        if got is None:
            got = self._colony_pools[requirement] = tuple(
                c.id for c in self.colonies.values() if c.requirement == requirement)
        return got


# ---------------------------------------------------------------------------------------------
# Loading and validation


class _Checker:
    """Reads fields of one record, raising ContentError with its location."""

    def __init__(self, file: str, record: str, data: Any, prefix: str = "") -> None:
        self.file, self.record, self.data, self.prefix = file, record, data, prefix
        if not isinstance(data, dict):
            self.fail("*", "must be an object")

    def fail(self, fld: str, message: str) -> None:
        raise ContentError(self.file, self.record, self.prefix + fld, message)

    def get(self, fld: str, kind: type | tuple[type, ...]) -> Any:
        if fld not in self.data:
            self.fail(fld, "is missing")
        value = self.data[fld]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            self.fail(fld, f"must be an integer, got {value!r}")
        if not isinstance(value, kind):
            self.fail(fld, f"must be {getattr(kind, '__name__', kind)}, got {value!r}")
        return value

    def int(self, fld: str, lo: int = 0, hi: int = 10**6) -> int:
        value: Int = self.get(fld, int)
        if not lo <= value <= hi:
            self.fail(fld, f"must lie in {lo}..{hi}, got {value}")
        return value

    def one_of(self, fld: str, options: tuple[Any, ...]) -> Any:
        value = self.data.get(fld)
        if value not in options:
            self.fail(fld, f"must be one of {', '.join(map(str, options))}, got {value!r}")
        return value

    def tracks(self, fld: str, value: Any, allow_missing: bool = True) -> Gains:
        if not isinstance(value, dict):
            self.fail(fld, "must be an object of track: steps")
        for k, v in value.items():
            if k not in TRACKS:
                self.fail(f"{fld}.{k}", f"unknown track (tracks: {', '.join(TRACKS)})")
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                self.fail(f"{fld}.{k}", f"must be a non-negative integer, got {v!r}")
        if not allow_missing:
            for t in TRACKS:
                if t not in value:
                    self.fail(f"{fld}.{t}", "is missing")
        return (value.get(TRACKS[0], 0), value.get(TRACKS[1], 0), value.get(TRACKS[2], 0),
                value.get(TRACKS[3], 0))

    def provenance(self) -> str:
        prov = self.data.get("provenance")
        values = prov.values() if isinstance(prov, dict) else [prov]
        for v in values:
            if v not in PROVENANCES:
                self.fail("provenance", f"must be one of {', '.join(PROVENANCES)}, got {v!r}")
        return prov if isinstance(prov, str) else ",".join(sorted(set(values)))


def _read(directory: Path, name: str) -> Any:
    path = directory / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(name, "-", "-", f"file not found at {path}") from None
    except json.JSONDecodeError as exc:
        raise ContentError(name, "-", f"line {exc.lineno}", f"invalid JSON: {exc.msg}") from None


def content_version(directory: Path = DEFAULT_DATA_DIR) -> str:
    """A hash of the data files: a saved game records it and refuses other content."""
    h = hashlib.sha256()
    for name in DATA_FILES:
        h.update(name.encode())
        h.update((directory / name).read_bytes())
    return h.hexdigest()[:16]


def _load_rules(raw: Any) -> Rules:
    c = _Checker("rules.json", "rules", raw)
    triples = {}
    for key in ("sell_values", "silver_costs", "gold_costs"):
        v = c.get(key, list)
        if len(v) != 3 or not all(isinstance(x, int) and x >= 0 for x in v):
            c.fail(key, "must be three non-negative integers (epochs I, II, III)")
        triples[key] = tuple(v)
    levels = c.get("colony_levels", list)
    if len(levels) != 5 or sorted(levels) != levels:
        c.fail("colony_levels", "must be five increasing requirements")
    effects = c.get("effects", dict)
    for eid, params in effects.items():
        if eid not in EFFECT_KINDS:
            c.fail(f"effects.{eid}", "unknown effect id")
        if not isinstance(params, dict):
            c.fail(f"effects.{eid}", "must be an object")
    needed = {"P1": ["coins"], "P2": ["steps"], "P3": ["steps"], "P4": ["steps", "points"],
              "P6": ["coins_per_card", "max_cards"], "P7": ["coins_per_food", "max"],
              "P8": ["coins_per_track"], "P9": ["coins"], "P11": ["points_per_set"],
              "P14": ["reduction"], "P15": ["coins_per_point", "max_coins"]}
    for eid, keys in needed.items():
        for k in keys:
            if not isinstance(effects.get(eid, {}).get(k), int):
                c.fail(f"effects.{eid}.{k}", "is missing or not an integer")
    return Rules(
        sell_values=triples["sell_values"], silver_costs=triples["silver_costs"],
        gold_costs=triples["gold_costs"], max_silver=c.int("max_silver", 0, 10),
        max_gold=c.int("max_gold", 0, 10), gold_set_points=c.int("gold_set_points"),
        coins_per_point=c.int("coins_per_point", 1), colony_levels=tuple(levels),
        bonus_tiles_per_colour=c.int("bonus_tiles_per_colour", 1, 10),
        cards_per_colour=c.int("cards_per_colour", 1), purple_cards=c.int("purple_cards", 1),
        draw_per_player=c.int("draw_per_player", 2, 2), effects=effects,
    )


_COST_RANGE = {1: (1, 4), 2: (4, 7), 3: (7, 9)}  # R-C2


def _load_card(i: int, raw: Any, rules: Rules) -> Card:
    c = _Checker("cards.json", f"#{i}", raw)
    cid = c.get("id", str)
    c.record = f"#{i} ({cid})"
    epoch = c.one_of("epoch", EPOCHS)
    colour = c.one_of("colour", COLOURS)
    lo, hi = _COST_RANGE[epoch]
    cost = c.int("cost", lo, hi)
    gains = c.tracks("gains", c.get("gains", dict))
    points = c.int("points", 0, 99)
    advanced = c.get("advanced", bool)
    effect = None
    raw_eff = raw.get("effect")
    if raw_eff is not None:
        if colour != "purple":
            c.fail("effect", "only purple cards carry an effect (R-C2)")
        if not isinstance(raw_eff, dict) or raw_eff.get("id") not in EFFECT_KINDS:
            c.fail("effect.id", f"must be one of P1..P15, got {raw_eff!r}")
        eid = raw_eff["id"]
        colour_param = silver = gold = None
        if eid == "P3":
            colour_param = raw_eff.get("colour")
            if colour_param not in TRACK_COLOURS:
                c.fail("effect.colour", f"P3 needs a track colour, got {colour_param!r}")
        if eid == "P5":
            for key in ("silver", "gold"):
                v = raw_eff.get(key)
                if not (isinstance(v, list) and len(v) == 3 and all(isinstance(x, int) for x in v)):
                    c.fail(f"effect.{key}", "P5 needs three reduced costs (epochs I, II, III)")
            silver, gold = tuple(raw_eff["silver"]), tuple(raw_eff["gold"])
        effect = Effect(eid, EFFECT_KINDS[eid], colour_param, silver, gold)
    if advanced and colour != "purple":
        c.fail("advanced", "only purple cards are advanced (R-C1)")
    return Card(cid, c.get("name", str), epoch, colour, cost, gains, points, effect, advanced,
                c.provenance())


def _load_colony(i: int, raw: Any, levels: tuple[int, ...]) -> Colony:
    c = _Checker("colonies.json", f"#{i}", raw)
    cid = c.get("id", str)
    c.record = f"#{i} ({cid})"
    req = c.one_of("requirement", levels)
    front = _Checker("colonies.json", c.record, c.get("front", dict), "front.")
    back = _Checker("colonies.json", c.record, c.get("back", dict), "back.")
    return Colony(cid, req, front.int("plunder"), front.int("cost"), front.int("points"),
                  back.tracks("gains", back.get("gains", dict)), back.int("points"),
                  c.provenance())


def load_catalog(directory: Path | str = DEFAULT_DATA_DIR) -> Catalog:
    """Load and validate every data file; raises ContentError on the first problem."""
    directory = Path(directory)
    rules = _load_rules(_read(directory, "rules.json"))

    raw_cards = _read(directory, "cards.json")
    if not isinstance(raw_cards, list):
        raise ContentError("cards.json", "-", "-", "must be a list of cards")
    cards: dict[str, Card] = {}
    for i, raw in enumerate(raw_cards):
        card = _load_card(i, raw, rules)
        if card.id in cards:
            raise ContentError("cards.json", f"#{i} ({card.id})", "id", "duplicate id")
        cards[card.id] = card
    pools: dict[tuple[int, str, bool], tuple[str, ...]] = {}
    for epoch in EPOCHS:
        for colour in COLOURS:
            group = [c for c in cards.values() if c.epoch == epoch and c.colour == colour]
            want = rules.purple_cards if colour == "purple" else rules.cards_per_colour
            if len(group) != want:
                raise ContentError("cards.json", f"epoch {epoch} {colour}", "count",
                                   f"needs {want} cards (R-C1), found {len(group)}")
            basic = [c.id for c in group if not c.advanced]
            if len(basic) < 10:  # 5 players need 2 per player per colour (R-S1)
                raise ContentError("cards.json", f"epoch {epoch} {colour}", "advanced",
                                   f"the basic game needs 10 cards, only {len(basic)} are basic")
            pools[(epoch, colour, False)] = tuple(basic)
            pools[(epoch, colour, True)] = tuple(c.id for c in group)
    present = {c.effect.id for c in cards.values() if c.effect}
    missing = sorted(set(EFFECT_KINDS) - present, key=lambda e: int(e[1:]))
    if missing:
        raise ContentError("cards.json", "-", "effect",
                           f"every purple effect must exist on a card; missing {missing}")

    raw_col = _read(directory, "colonies.json")
    if not isinstance(raw_col, list):
        raise ContentError("colonies.json", "-", "-", "must be a list of colonies")
    colonies: dict[str, Colony] = {}
    for i, raw in enumerate(raw_col):
        col = _load_colony(i, raw, rules.colony_levels)
        if col.id in colonies:
            raise ContentError("colonies.json", f"#{i} ({col.id})", "id", "duplicate id")
        colonies[col.id] = col
    for level in rules.colony_levels:
        n = sum(1 for c in colonies.values() if c.requirement == level)
        if n != 5:
            raise ContentError("colonies.json", f"requirement {level}", "count",
                               f"needs 5 tiles (R-C3), found {n}")

    raw_st = _read(directory, "statues.json")
    if not isinstance(raw_st, list) or len(raw_st) != 4:
        raise ContentError("statues.json", "-", "-", "must list exactly 4 statue spaces (R-C4)")
    statues = []
    for i, raw in enumerate(raw_st):
        c = _Checker("statues.json", f"#{i}", raw)
        statues.append(StatueSpace(c.int("space", i + 1, i + 1), c.int("requirement"),
                                   c.int("points"), c.int("steps"), c.int("extra_points")))
        c.provenance()

    raw_setup = _read(directory, "setup_cards.json")
    if not isinstance(raw_setup, list) or len(raw_setup) != 5:
        raise ContentError("setup_cards.json", "-", "-", "must list exactly 5 setup cards (R-C5)")
    setup_cards: dict[str, SetupCard] = {}
    for i, raw in enumerate(raw_setup):
        c = _Checker("setup_cards.json", f"#{i}", raw)
        sid = c.get("id", str)
        sides = []
        for name in ("A", "B"):
            s = _Checker("setup_cards.json", f"#{i} ({sid}) side {name}", c.get(name, dict))
            sides.append(SetupSide(s.int("coins"), s.tracks("tracks", s.get("tracks", dict),
                                                            allow_missing=False)))
        setup_cards[sid] = SetupCard(sid, c.int("initiative", 1, 5), sides[0], sides[1])
        c.provenance()
    if sorted(s.initiative for s in setup_cards.values()) != [1, 2, 3, 4, 5]:
        raise ContentError("setup_cards.json", "-", "initiative",
                           "the five cards must carry initiative 1..5 once each (R-C5)")

    return Catalog(cards, colonies, tuple(statues), setup_cards, rules,
                   content_version(directory), pools)


_DEFAULT: Catalog | None = None


def default_catalog() -> Catalog:
    """The shipped content, loaded once per process."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_catalog()
    return _DEFAULT
