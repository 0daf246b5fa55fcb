"""Helpers to build stacked setups, force states and drive games to a chosen moment.

Tests find cards by effect, colour, epoch or cost through the catalog (never by hard-coded ids
or values the data could change), stack them into a :class:`Setup`, and drive the game with a
passive policy (sell everything, skip colonies and statues, finish medals) plus per-test
overrides.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable
from typing import Any

from hadara.content import COLOURS, TRACK_OF_COLOUR, Card, Catalog, Colony, default_catalog
from hadara.engine import Action, Game
from hadara.rng import Rng
from hadara.setup import Setup
from hadara.state import COLONY, DRAFT, FEEDING, MEDALS, PHASE_B, SETUP_SIDE, STATUE, WHEEL

INCOME, MILITARY, CULTURE, FOOD = 0, 1, 2, 3
Policy = Callable[[Game, int], Action | None]


def catalog() -> Catalog:
    return default_catalog()


# ------------------------------------------------------------------------------ finding content


def cards(effect: str | None = None, colour: str | None = None, epoch: int | None = None,
          advanced: bool | None = None,
          where: Callable[[Card], bool] | None = None) -> list[Card]:
    """Catalog cards matching every given criterion, in data order."""
    out = []
    for c in catalog().cards.values():
        if effect is not None and c.effect_id != effect:
            continue
        if colour is not None and c.colour != colour:
            continue
        if epoch is not None and c.epoch != epoch:
            continue
        if advanced is not None and c.advanced != advanced:
            continue
        if where is not None and not where(c):
            continue
        out.append(c)
    return out


def card(effect: str | None = None, colour: str | None = None, epoch: int | None = None,
         advanced: bool | None = None, where: Callable[[Card], bool] | None = None) -> Card:
    """The first catalog card matching every criterion (fails loudly if there is none)."""
    found = cards(effect, colour, epoch, advanced, where)
    assert found, f"no card with effect={effect} colour={colour} epoch={epoch} {where}"
    return found[0]


def colonies_at(level: int) -> list[Colony]:
    cat = catalog()
    return [cat.colonies[t] for t in cat.colonies_at(level)]


def setup_card_ids_by_initiative() -> list[str]:
    cat = catalog()
    return sorted(cat.setup_cards, key=lambda s: cat.setup_cards[s].initiative)


# ------------------------------------------------------------------------------ stacked setups


def draw_colour(seat: int, rnd: int, offset: int = 0,
                deck_colours: Iterable[str] = COLOURS) -> str:
    """R-S6: the colour seat draws in Phase-A round ``rnd`` with wheel offset ``offset``."""
    return tuple(deck_colours)[(seat + offset + rnd) % 5]


def make_setup(n: int = 3, variant: str = "basic", *, setup_cards: Iterable[str] | None = None,
               deck_colours: Iterable[str] = COLOURS, offsets: dict[int, int] | None = None,
               hands: dict[tuple[int, int, int], tuple[str, str]] | None = None,
               colonies: dict[int, list[str]] | None = None,
               players: Iterable[str] | None = None) -> Setup:
    """A fully explicit setup with chosen draws.

    ``hands[(epoch, round, seat)] = (a, b)`` makes ``seat`` draw ``a`` and ``b`` in that Phase-A
    round, provided the epoch's first player sets wheel offset ``offsets[epoch]`` (default 0,
    see :func:`wheel_action`). Seat i gets the setup card of initiative i+1 unless
    ``setup_cards`` says otherwise. ``colonies[level]`` lists tiles for the top of a stack.
    """
    cat = catalog()
    deck_colours = tuple(deck_colours)
    offsets = offsets or {}
    hands = hands or {}
    advanced = variant == "advanced"
    per = cat.rules.draw_per_player * n
    decks: dict[int, dict[str, tuple[str, ...]]] = {}
    for epoch in (1, 2, 3):
        o = offsets.get(epoch, 0)
        wanted = {(r, s): pair for (e, r, s), pair in hands.items() if e == epoch}
        reserved = {c for pair in wanted.values() for c in pair}
        decks[epoch] = {}
        for k, colour in enumerate(deck_colours):
            free = [c for c in cat.pool(epoch, colour, advanced) if c not in reserved]
            deck: list[str] = []
            for r in range(5):  # draw order of deck k: round by round
                s = (k - o - r) % 5
                if s >= n:
                    continue
                pair = wanted.get((r, s))
                if pair is None:
                    deck += [free.pop(0), free.pop(0)]
                    continue
                for cid in pair:
                    got = cat.cards[cid]
                    assert got.colour == colour and got.epoch == epoch, (
                        f"{cid} is {got.colour} epoch {got.epoch}; seat {s} draws {colour} "
                        f"of epoch {epoch} in round {r}")
                deck += list(pair)
            assert len(deck) == per
            decks[epoch][colour] = tuple(deck)
    stacks: dict[int, tuple[str, ...]] = {}
    for level in cat.rules.colony_levels:
        top = list((colonies or {}).get(level, []))
        rest = [t for t in cat.colonies_at(level) if t not in top]
        stacks[level] = tuple((top + rest)[:n])
    ids = list(setup_cards) if setup_cards is not None else setup_card_ids_by_initiative()[:n]
    names = tuple(players) if players is not None else tuple(f"P{i}" for i in range(n))
    setup = Setup(names, variant, tuple(ids), deck_colours, decks, stacks)
    setup.validate(cat)
    return setup


def new_game(n: int = 3, variant: str = "basic", **kw: Any) -> Game:
    return Game.from_setup(make_setup(n, variant, **kw), seed=0)


# ------------------------------------------------------------------------------ forcing state


def force(game: Game, seat: int, *, coins: int | None = None,
          tracks: Iterable[int] | None = None, tableau: Iterable[str] | None = None,
          tiles: Iterable[int] | None = None) -> None:
    """Set a seat's fields directly (derived caches recomputed)."""
    if coins is not None:
        game.coins[seat] = coins
    if tracks is not None:
        game.tracks[seat] = list(tracks)
    if tableau is not None:
        game.tableau[seat] = list(tableau)
    if tiles is not None:
        game.tiles[seat] = list(tiles)
    game.restore_derived()


# ------------------------------------------------------------------------------ driving games


def wheel_action(game: Game, offset: int) -> Action:
    """The wheel choice of the epoch's first player that yields wheel offset ``offset``."""
    return {"type": "wheel", "colour": game.deck_colours[(game.first + offset) % 5]}


def passive(game: Game, seat: int, offsets: dict[int, int] | None = None) -> Action:
    """Sell every card, skip colonies and statues, feed by removing, buy no medals."""
    step = game.step
    if step == SETUP_SIDE:
        return {"type": "setup_side", "side": "A"}
    if step == WHEEL:
        return wheel_action(game, (offsets or {}).get(game.epoch, 0))
    if step == DRAFT:
        return {"type": "draft", "card": game.hands[seat][0], "mode": "sell"}
    if step == PHASE_B:
        top = next(p[-1] for p in game.discards if p)
        return {"type": "take", "card": top, "mode": "sell"}
    if step == COLONY:
        return {"type": "colony_skip"}
    if step == STATUE:
        return {"type": "statue_skip"}
    if step == FEEDING:
        return next(a for a in game.legal_actions(seat) if a["type"] == "feed_remove")
    if step == MEDALS:
        return {"type": "medals_done"}
    raise AssertionError(f"no passive action in step {step}")


def run(game: Game, until: Callable[[Game], bool], policy: Policy | None = None,
        offsets: dict[int, int] | None = None, limit: int = 5000) -> list[Any]:
    """Apply actions (``policy`` first, else :func:`passive`) until ``until(game)`` holds.

    Returns the Results of every applied action. Seats act in the order they are waited on.
    """
    results = []
    for _ in range(limit):
        if until(game):
            return results
        assert not game.is_over, "the game ended before the condition held"
        seat = game.waiting_on()[0]
        action = policy(game, seat) if policy else None
        if action is None:
            action = passive(game, seat, offsets)
        results.append(game.apply(seat, action, game.decision_id(seat)))
    raise AssertionError("condition never reached")


def at(step: str, epoch: int | None = None, phase: str | None = None,
       rnd: int | None = None) -> Callable[[Game], bool]:
    """A condition: the game is in ``step`` (and epoch / phase / round if given)."""
    def cond(g: Game) -> bool:
        return (g.step == step and (epoch is None or g.epoch == epoch)
                and (phase is None or g.phase == phase) and (rnd is None or g.round == rnd))
    return cond


def play_random(game: Game, rng: Rng, limit: int = 10000) -> Game:
    """Finish a game with uniformly random legal actions."""
    for _ in range(limit):
        if game.is_over:
            return game
        seats = game.waiting_on()
        seat = seats[rng.below(len(seats))]
        acts = game.legal_actions(seat)
        game.apply(seat, acts[rng.below(len(acts))], game.decision_id(seat))
    raise AssertionError("game did not end")


# ------------------------------------------------------------------------------ hidden information


def hidden_card_ids(game: Game, seat: int | None) -> set[str]:
    """Card and colony ids ``seat`` (None: spectator) may not see."""
    out: set[str] = set(game.box)
    for d in game.decks:
        out.update(d)
    for e, decks in game.epoch_decks.items():
        if e > game.epoch or (e == game.epoch and game.step == SETUP_SIDE):
            for d in decks:
                out.update(d)
    for s in range(game.n):
        if s == seat:
            continue
        out.update(game.hands[s])
        out.update(c for c, public in game.sold[s] if not public)
    out.update(t for s in game.colonies for t, integrated in s if not integrated)
    out.update(t for st in game.colony_stacks for t in st)
    out.update(game.colony_box)
    return out


def strings_in(data: Any) -> set[str]:
    """Every string inside JSON-like data (keys included)."""
    out: set[str] = set()
    if isinstance(data, str):
        out.add(data)
    elif isinstance(data, dict):
        for k, v in data.items():
            out.add(str(k))
            out |= strings_in(v)
    elif isinstance(data, list | tuple):
        for v in data:
            out |= strings_in(v)
    return out


def as_json(data: Any) -> Any:
    """Round-trip through JSON: fails on anything not serialisable."""
    return json.loads(json.dumps(data))


def perturb_hidden(game: Game, seat: int, rng: Rng) -> Game:
    """A copy of ``game`` that differs only in what ``seat`` cannot see.

    Shuffles every draw pile; exchanges other seats' drawn cards and Phase-A sales with unseen
    cards of the same epoch and colour (from the box or a draw pile); exchanges every colony
    tile whose back is hidden with another hidden tile of the same level and front; reorders the
    future epochs' decks. Simultaneous choices of other seats are left alone (tests vary those
    through actions).
    """
    g = game.clone()
    cat = g.catalog
    g.epoch_decks = {e: [d[:] for d in ds] for e, ds in g.epoch_decks.items()}
    # Unseen pools per (epoch, colour): the box and the current draw piles.
    for d in g.decks:
        rng.shuffle(d)
    for e, ds in g.epoch_decks.items():
        if e > g.epoch or (e == g.epoch and g.step == SETUP_SIDE):
            for d in ds:
                rng.shuffle(d)

    def swap_with_unseen(cid: str) -> str:
        c = cat.cards[cid]
        spots: list[tuple[list[str], int]] = [
            (g.box, i) for i, x in enumerate(g.box)
            if cat.cards[x].epoch == c.epoch and cat.cards[x].colour == c.colour]
        for d in g.decks:
            spots += [(d, i) for i, x in enumerate(d)
                      if cat.cards[x].epoch == c.epoch and cat.cards[x].colour == c.colour]
        if not spots:
            return cid
        where, i = spots[rng.below(len(spots))]
        other = where[i]
        where[i] = cid
        return other

    for s in range(g.n):
        if s == seat:
            continue
        g.hands[s] = [swap_with_unseen(c) for c in g.hands[s]]
        g.sold[s] = [[swap_with_unseen(c), False] if not public else [c, True]
                     for c, public in g.sold[s]]
    # Colonies: every tile with a hidden back may be exchanged with a same-front hidden tile.
    g.colony_box = list(g.colony_box)
    slots: list[tuple[list[Any], int]] = []
    for s in range(g.n):
        slots += [(entry, 0) for entry in g.colonies[s] if not entry[1]]
    for st in g.colony_stacks:
        slots += [(st, i) for i in range(len(st))]
    slots += [(g.colony_box, i) for i in range(len(g.colony_box))]
    for i in range(len(slots) - 1, 0, -1):
        j = rng.below(i + 1)
        (a, ia), (b, ib) = slots[i], slots[j]
        ta, tb = cat.colonies[a[ia]], cat.colonies[b[ib]]
        if ta.requirement == tb.requirement and ta.front == tb.front:
            a[ia], b[ib] = b[ib], a[ia]
    g.colony_box = sorted(g.colony_box)
    g.restore_derived()
    return g


def track(colour: str) -> int:
    return TRACK_OF_COLOUR[colour]


def played_events() -> list[tuple[list[str], dict[str, Any], bool]]:
    """(players, event, private) for every event of a random basic and advanced game."""
    out = []
    for seed, variant in ((5, "basic"), (6, "advanced")):
        g = Game.new(["Ann", "Bo", "Cy"], variant, seed)
        rng = Rng(seed)
        results = [g.opening]
        while not g.is_over:
            seat = g.waiting_on()[rng.below(len(g.waiting_on()))]
            acts = g.legal_actions(seat)
            results.append(g.apply(seat, acts[rng.below(len(acts))]))
        for res in results:
            out += [(g.players, e, False) for e in res.public]
            out += [(g.players, e, True) for evs in res.private.values() for e in evs]
    return out


def renumbered_effects(cat: Catalog) -> tuple[Catalog, dict[str, dict[str, int]]]:
    """The catalog with every effect number of the rules data replaced by a distinct new one
    (901, 902, …), and those numbers by effect: wording must follow the data."""
    changed: dict[str, dict[str, int]] = {}
    k = 901
    for eid, params in cat.rules.effects.items():
        changed[eid] = {}
        for key in params:
            changed[eid][key] = k
            k += 1
    return dataclasses.replace(cat, rules=dataclasses.replace(cat.rules, effects=changed)), changed
