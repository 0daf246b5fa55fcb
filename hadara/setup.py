"""Game setup: everything chance decides, drawn once from the seed (R-S1, R-S2, R-S3, R-S6).

A :class:`Setup` is explicit data (seat order, setup cards, deck orders of all three epochs,
colony stacks), so tests and puzzles can stack the deck and a saved game needs no generator
state after creation. Cards and tiles a setup does not place are in the box.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .content import COLOURS, EPOCHS, Catalog
from .errors import BadSave
from .rng import Rng

VARIANTS = ("basic", "advanced")


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]  # names in seat order (clockwise play order)
    variant: str  # "basic" | "advanced"
    setup_cards: tuple[str, ...]  # setup card id per seat
    deck_colours: tuple[str, ...]  # colour of wheel decks 0..4, clockwise
    decks: dict[int, dict[str, tuple[str, ...]]]  # epoch -> colour -> 2n card ids, top first
    colonies: dict[int, tuple[str, ...]]  # requirement -> n tile ids, top first

    @property
    def n(self) -> int:
        return len(self.players)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "variant": self.variant,
            "setup_cards": list(self.setup_cards),
            "deck_colours": list(self.deck_colours),
            "decks": {str(e): {c: list(ids) for c, ids in d.items()}
                      for e, d in self.decks.items()},
            "colonies": {str(r): list(ids) for r, ids in self.colonies.items()},
        }

    @staticmethod
    def from_dict(d: Any, path: str = "setup") -> Setup:
        """The setup :meth:`to_dict` wrote, with strict types; anything else raises
        :class:`BadSave` naming the field (``setup.decks.2.red[3]: expected a string``).
        Whether the setup fits the rules and content is :meth:`validate`'s question."""

        def fail(field: str, what: str, value: Any) -> BadSave:
            got = ("null" if value is None else "true/false" if isinstance(value, bool)
                   else {int: "an integer", float: "a fraction", str: "a string", list: "a list",
                         dict: "an object"}.get(type(value), type(value).__name__))
            return BadSave(f"{field}: expected {what}, got {got}", "malformed", field=field)

        def obj(field: str, value: Any) -> dict[str, Any]:
            if type(value) is not dict:
                raise fail(field, "an object", value)
            return value

        def strings(field: str, value: Any) -> tuple[str, ...]:
            if type(value) is not list:
                raise fail(field, "a list of strings", value)
            for i, item in enumerate(value):
                if type(item) is not str:
                    raise fail(f"{field}[{i}]", "a string", item)
            return tuple(value)

        def number(field: str, key: Any) -> int:
            if type(key) is not str or not (key.isascii() and key.isdigit() and len(key) <= 9
                                            and (key == "0" or key[0] != "0")):
                shown = f"{key!r:.40}" if type(key) is str else f"a key of type {type(key).__name__}"
                raise BadSave(f"{field}: keys are whole numbers written plainly, got {shown}",
                              "malformed", field=field)
            return int(key)

        fields = ("players", "variant", "setup_cards", "deck_colours", "decks", "colonies")
        d = obj(path, d)
        for name in fields:
            if name not in d:
                raise BadSave(f"{path}: missing field {name!r}", "malformed", field=path)
        for name in d:
            if name not in fields:
                shown = f"{name!r:.40}" if type(name) is str else f"of type {type(name).__name__}"
                raise BadSave(f"{path}: unknown field {shown}", "malformed", field=path)
        if type(d["variant"]) is not str:
            raise fail(f"{path}.variant", "a string", d["variant"])
        decks: dict[int, dict[str, tuple[str, ...]]] = {}
        for e, by_colour in obj(f"{path}.decks", d["decks"]).items():
            epoch = number(f"{path}.decks", e)
            decks[epoch] = {}
            for colour, ids in obj(f"{path}.decks.{e}", by_colour).items():
                if type(colour) is not str:
                    raise fail(f"{path}.decks.{e}", "colour names as keys", colour)
                decks[epoch][colour] = strings(f"{path}.decks.{e}.{colour:.40}", ids)
        colonies = {number(f"{path}.colonies", r): strings(f"{path}.colonies.{r}", ids)
                    for r, ids in obj(f"{path}.colonies", d["colonies"]).items()}
        return Setup(
            players=strings(f"{path}.players", d["players"]),
            variant=d["variant"],
            setup_cards=strings(f"{path}.setup_cards", d["setup_cards"]),
            deck_colours=strings(f"{path}.deck_colours", d["deck_colours"]),
            decks=decks,
            colonies=colonies,
        )

    def validate(self, catalog: Catalog) -> None:
        """Raise ValueError naming the first inconsistency with the rules and content."""
        n = self.n
        if not 2 <= n <= 5:
            raise ValueError(f"Hadara takes 2 to 5 players, got {n}")
        if len(set(self.players)) != n:
            raise ValueError("player names must be distinct")
        if self.variant not in VARIANTS:
            raise ValueError(f"variant must be basic or advanced, got {self.variant!r}")
        if len(self.setup_cards) != n or len(set(self.setup_cards)) != n or any(
                s not in catalog.setup_cards for s in self.setup_cards):
            raise ValueError("setup_cards needs one distinct known setup card per seat")
        if sorted(self.deck_colours) != sorted(COLOURS):
            raise ValueError("deck_colours must order the five colours")
        advanced = self.variant == "advanced"
        per = catalog.rules.draw_per_player * n
        if set(self.decks) != set(EPOCHS) or any(set(self.decks[e]) != set(COLOURS)
                                                 for e in EPOCHS):
            raise ValueError("decks needs exactly one deck per epoch and colour")
        if set(self.colonies) != set(catalog.rules.colony_levels):
            raise ValueError("colonies needs exactly one stack per colony level")
        pools = catalog.memo("setup_pools", _pool_sets)
        for epoch in EPOCHS:
            for colour in COLOURS:
                ids = self.decks.get(epoch, {}).get(colour)
                pool = pools[(epoch, colour, advanced)]
                if ids is None or len(ids) != per or len(set(ids)) != per or not pool.issuperset(
                        ids):
                    raise ValueError(f"deck epoch {epoch} {colour} needs {per} distinct cards "
                                     f"of that epoch and colour allowed in the {self.variant} game")
        for level in catalog.rules.colony_levels:
            ids = self.colonies.get(level)
            pool = pools[level]
            if ids is None or len(ids) != n or len(set(ids)) != n or not pool.issuperset(ids):
                raise ValueError(f"colony stack {level} needs {n} distinct tiles of that level")


def _pool_sets(catalog: Catalog) -> dict[Any, frozenset[str]]:
    """The card pools by (epoch, colour, advanced) and the colony tiles by level, as sets."""
    out: dict[Any, frozenset[str]] = {
        (e, c, adv): frozenset(catalog.pool(e, c, adv))
        for e in EPOCHS for c in COLOURS for adv in (False, True)}
    for level in catalog.rules.colony_levels:
        out[level] = frozenset(catalog.colonies_at(level))
    return out


def random_setup(catalog: Catalog, players: list[str] | tuple[str, ...], variant: str,
                 seed: int) -> Setup:
    """Draw a setup from the seed: seat order, setup cards, deck order, decks and colonies."""
    if variant not in VARIANTS:
        raise ValueError(f"variant must be basic or advanced, got {variant!r}")
    rng = Rng(seed)
    seats = list(players)
    rng.shuffle(seats)  # R-S6: seat order is random
    n = len(seats)
    cards = sorted(catalog.setup_cards)
    rng.shuffle(cards)  # R-S3: deal setup cards at random
    colours = list(COLOURS)
    rng.shuffle(colours)  # R-S6: deck positions around the wheel
    advanced = variant == "advanced"
    per = catalog.rules.draw_per_player * n
    decks: dict[int, dict[str, tuple[str, ...]]] = {}
    for epoch in EPOCHS:
        decks[epoch] = {}
        for colour in COLOURS:  # R-S1: each colour shuffled separately, 2 per player kept
            pool = list(catalog.pool(epoch, colour, advanced))
            rng.shuffle(pool)
            decks[epoch][colour] = tuple(pool[:per])
    colonies: dict[int, tuple[str, ...]] = {}
    for level in catalog.rules.colony_levels:  # R-S2: 1 tile per player in each stack
        pool = list(catalog.colonies_at(level))
        rng.shuffle(pool)
        colonies[level] = tuple(pool[:n])
    setup = Setup(tuple(seats), variant, tuple(cards[:n]), tuple(colours), decks, colonies)
    setup.validate(catalog)
    return setup
