"""The rules of Hadara: who decides what, which actions are legal, and what applying one does.

``Game.apply`` **mutates the game in place** and returns the events it caused; a refused action
raises a :class:`~hadara.errors.HadaraError` and leaves the game exactly as it was (every check
runs before the first change). Use ``clone()`` for a copy to explore.

Rule ids (R-…, E…, F1, M1, G…, P…, D-…) refer to ``docs/rules.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Self

from . import scoring
from .actions import DECISION_KIND, checked
from .content import COLOURS, TRACK_COLOURS, TRACK_OF_COLOUR, Catalog, default_catalog
from .errors import (
    BadSetup,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourDecision,
    StaleDecision,
)
from .reasons import explain_illegal
from .setup import Setup, random_setup
from .state import (
    COLONY,
    DRAFT,
    FEEDING,
    MEDALS,
    OVER,
    PHASE_B,
    SETUP_SIDE,
    STATUE,
    WHEEL,
    State,
)
from .state import SIMULTANEOUS as SIMULTANEOUS  # a rule fact front ends ask of the engine

RULES_VERSION = "1"
Action = dict[str, Any]
Event = dict[str, Any]
INCOME, MILITARY, CULTURE, FOOD = 0, 1, 2, 3
ROUNDS = 5  # Phase A: one draw from each of the five decks (R-A4)

#: Event kinds that make hidden state known to someone (conservative: any new information
#: from a hidden source counts): the reveal of simultaneous picks, cards drawn from a deck,
#: a colony taken (the next tile's front shows, an integrated tile's back is turned up) and
#: the end of the game. An action whose result holds one of them cannot be taken back.
REVEALING = frozenset({"setup_revealed", "setup_done", "round_revealed", "feeding_revealed",
                       "medals_revealed", "drew", "colony_taken", "epoch_started",
                       "game_over"})
#: The decisions a player may take back (``Game.undo``): the sequential ones, whose action
#: is public. Simultaneous picks are replaced until the reveal instead; hidden feeding and
#: medal choices are never taken back (announcing it would tell others they exist).
UNDOABLE = frozenset({"take", "colony_skip", "statue", "statue_skip", "colony", "wheel"})
UNDO = "undo"
_PICKS = (DRAFT, SETUP_SIDE)  # simultaneous picks that may be replaced until the reveal
#: Hidden choices that a later undo would betray (the view's version counts them once
#: revealed): an undo whose entries include one is refused.
HIDDEN = frozenset({"feed_remove", "feed_pay", "medal"})

# What front ends need to know about a decision, by its kind (``Decision.kind``, the step),
# asked of the rules above rather than restated: ``SIMULTANEOUS`` (from hadara.state) are
# decided by everyone at once and stay hidden until the reveal.
#: Kinds whose recorded pick may be replaced until the reveal (a draft or setup-side pick).
CHANGEABLE = frozenset(_PICKS)
#: Kinds after which a take-back may be accepted (``undo_check`` still decides): those of the
#: UNDOABLE actions, but not the wheel: setting it deals the round's cards at once (``drew``
#: is REVEALING), so taking it back is always refused.
UNDO_KINDS = frozenset(DECISION_KIND[t] for t in UNDOABLE) - {WHEEL}


class Result:
    """What an accepted action caused: public events, and private events per seat.

    A plain class with slots rather than a dataclass: search applies tens of thousands of
    actions a second and a dataclass's default factories cost a microsecond each."""

    __slots__ = ("public", "private", "logged")

    def __init__(self, public: list[Event] | None = None,
                 private: dict[int, list[Event]] | None = None,
                 logged: list[int] | None = None) -> None:
        self.public: list[Event] = [] if public is None else public
        self.private: dict[int, list[Event]] = {} if private is None else private
        # Indices of ``game.log`` entries this result wrote: appended, or overwritten by a
        # replaced simultaneous pick. A store mirrors exactly these rows (upsert by index).
        self.logged: list[int] = [] if logged is None else logged

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Result):
            return NotImplemented
        return (self.public, self.private, self.logged) == (other.public, other.private,
                                                             other.logged)

    __hash__ = None  # type: ignore[assignment]  # mutable, like the dataclass it replaced

    def __repr__(self) -> str:
        return f"Result(public={self.public!r}, private={self.private!r}, logged={self.logged!r})"

    @property
    def revealed(self) -> bool:
        """Whether this result made hidden state known to anyone (:data:`REVEALING`)."""
        return (any(e["kind"] in REVEALING for e in self.public)
                or any(e["kind"] in REVEALING for evs in self.private.values() for e in evs))

    def extend(self, other: Result) -> None:
        self.public.extend(other.public)
        self.logged.extend(i for i in other.logged if i not in self.logged)
        for seat, evs in other.private.items():
            self.private.setdefault(seat, []).extend(evs)


# Action dicts built once (templates): a quiet game's legal actions share them, a game with
# events hands out copies. They hold only names and numbers, never a catalog's records.
_COLONY_SKIP: Action = {"type": "colony_skip"}
_STATUE_SKIP: Action = {"type": "statue_skip"}
_MEDALS_DONE: Action = {"type": "medals_done"}
_GOLD: Action = {"type": "medal", "kind": "gold"}
_SILVER: tuple[Action, ...] = tuple({"type": "medal", "kind": "silver", "tile": c}
                                    for c in TRACK_COLOURS)
_FEED_PAY: Action = {"type": "feed_pay"}
_FEED_REMOVE: dict[str, Action] = {}  # card id -> its removal at feeding
_COLONY: dict[int, tuple[Action, Action]] = {}  # level -> (plunder, integrate), no payment
_STATUE: dict[int, list[list[Action]]] = {}  # space -> per tile colour: colour, points side


def _feed_template(card: str) -> Action:
    got = _FEED_REMOVE[card] = {"type": "feed_remove", "card": card}
    return got


def _colony_templates(level: int) -> tuple[Action, Action]:
    got = _COLONY[level] = ({"type": "colony", "level": level, "mode": "plunder"},
                            {"type": "colony", "level": level, "mode": "integrate"})
    return got


def _statue_templates(space: int) -> list[list[Action]]:
    got = _STATUE[space] = [[{"type": "statue", "space": space, "tile": c, "side": side}
                             for side in ("colour", "points")] for c in TRACK_COLOURS]
    return got


CardRow = tuple[int, str, bool, Action, Action, tuple[Action, ...]]


def _card_rows(catalog: Catalog, kind: str) -> dict[str, CardRow]:
    """Card id -> (printed cost, colour, has P2, buy, sell, buy naming each P2 tile colour):
    what listing a card's actions needs, with the action dicts built once (templates)."""
    out: dict[str, CardRow] = {}
    for cid, card in catalog.cards.items():
        out[cid] = (card.cost, card.colour, card.effect_id == "P2",
                    {"type": kind, "card": cid, "mode": "buy"},
                    {"type": kind, "card": cid, "mode": "sell"},
                    tuple({"type": kind, "card": cid, "mode": "buy", "tile": colour}
                          for colour in TRACK_COLOURS))
    return out


#: What ``apply`` returns in a quiet game: empty, shared and read-only (tuples and a
#: read-only mapping, so a caller cannot fill it by mistake).
QUIET_RESULT = Result(public=(), private=MappingProxyType({}), logged=())  # type: ignore[arg-type]


@dataclass(frozen=True)
class Decision:
    """A pending choice: ``seat`` must answer decision ``id`` with one of ``actions``."""

    id: str
    seat: int
    kind: str  # the step: setup_side, wheel, draft, phase_b, colony, statue, feeding, medals
    actions: list[Action]
    forced: bool  # exactly one legal action
    committed: bool  # simultaneous steps: a pick is recorded (it may still be replaced)


class Game(State):
    """A game of Hadara: the state plus its rules, setup, seed and action log."""

    __slots__ = ("setup", "seed", "log", "opening", "_res")

    setup: Setup | None
    seed: int | None
    log: list[dict[str, Any]] | None
    opening: Result  # events of creation (game start, setup, first epoch)
    _res: Result | None  # the events of the action being applied; None: a quiet game

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(cls, players: list[str] | tuple[str, ...], variant: str = "basic", seed: int = 0,
            catalog: Catalog | None = None, *, quiet: bool = False) -> Game:
        """A game of 2–5 named players; the seed decides seats, cards and tiles.

        Refuses bad arguments with :class:`BadSetup`: players must be a list of 2–5 distinct,
        non-empty names of at most ``MAX_NAME`` characters; the seed an integer in
        0..2**63-1 (it fits a database integer). ``quiet=True``: a game for search and
        simulations, without log or events (:attr:`quiet`).
        """
        check_players(players)
        check_seed(seed)
        if variant not in VARIANTS:
            raise BadSetup(f"The variant must be basic or advanced, not {variant!r}.",
                           "bad_variant", variant=str(variant)[:MAX_NAME])
        catalog = catalog or default_catalog()
        # random_setup validated what it drew: no second check
        return cls._create(random_setup(catalog, players, variant, seed), seed, catalog, quiet)

    @classmethod
    def from_setup(cls, setup: Setup, seed: int | None = None,
                   catalog: Catalog | None = None, *, quiet: bool = False) -> Game:
        """A game from an explicit setup (tests and puzzles stack the deck this way)."""
        catalog = catalog or default_catalog()
        if seed is not None:
            check_seed(seed)
        try:
            setup.validate(catalog)
        except (ValueError, TypeError, KeyError) as exc:
            raise BadSetup(f"The setup does not fit the rules or content: {exc}",
                           "bad_setup_record") from None
        return cls._create(setup, seed, catalog, quiet)

    @classmethod
    def _create(cls, setup: Setup, seed: int | None, catalog: Catalog,
                quiet: bool = False) -> Game:
        """The game of a setup already validated against ``catalog``."""
        g = cls.__new__(cls)
        g.setup, g.seed = setup, seed
        g.log, g._res = (None, None) if quiet else ([], Result())
        n = setup.n
        levels = catalog.rules.colony_levels
        per = catalog.rules.bonus_tiles_per_colour
        g.fill(
            catalog=catalog, n=n, players=list(setup.players), variant=setup.variant,
            setup_card=list(setup.setup_cards), side=[None] * n, coins=[0] * n,
            tracks=[[0, 0, 0, 0] for _ in range(n)], tableau=[[] for _ in range(n)],
            p2_tiles=[{} for _ in range(n)], colonies=[[] for _ in range(n)],
            statues=[[None] * len(catalog.statues) for _ in range(n)],
            tiles=[[per] * len(TRACK_COLOURS) for _ in range(n)],
            silver=[[] for _ in range(n)], gold=[0] * n, sold=[[] for _ in range(n)],
            removed=[[] for _ in range(n)], box=[], deck_colours=list(setup.deck_colours),
            epoch_decks={e: [list(by_colour[c]) for c in setup.deck_colours]
                         for e, by_colour in setup.decks.items()},
            decks=[[] for _ in range(5)], discards=[[] for _ in range(5)],
            colony_stacks=[list(setup.colonies[lv]) for lv in levels],
            colony_box=sorted(c for lv in levels for c in catalog.colonies_at(lv)
                              if c not in setup.colonies[lv]),
            epoch=1, phase="A", step=SETUP_SIDE, round=0, wheel=None, first=0,
            order=list(range(n)), turn=0, hands=[[] for _ in range(n)], commits=[None] * n,
            pending=[[] for _ in range(n)], done=[False] * n, acted=0,
            decision_ids=[None] * n, next_decision=1, version=0,
        )
        if not quiet:
            g._emit({"kind": "game_started", "players": g.players[:], "variant": g.variant,
                     "setup_cards": g.setup_card[:],
                     "initiative": [g.initiative(s) for s in range(n)]})
        if g.variant == "advanced":  # R-S3: each player chooses a side, simultaneously
            for s in range(n):
                g._open(s)
        else:
            for s in range(n):
                g.side[s] = "A"
            g._begin_game()
        if g._res is None:
            g.opening = QUIET_RESULT
        else:
            g.opening, g._res = g._res, Result()
        return g

    def clone(self, quiet: bool = False) -> Self:
        """An independent copy (cheap, no deepcopy; the log's entries are shared, never
        mutated). ``quiet=True``: a copy for search, without log or events (:attr:`quiet`)."""
        g = State.clone(self)
        g.setup, g.seed = self.setup, self.seed
        g.log = None if quiet or self.log is None else self.log[:]
        g.opening = self.opening
        g._res = None if quiet else Result()
        return g

    @property
    def quiet(self) -> bool:
        """A game for search (``clone(quiet=True)``, ``determinise(..., quiet=True)``): it
        keeps no log, records no events (``apply`` returns an empty :class:`Result`), and its
        ``legal_actions`` are shared, read-only dicts instead of fresh ones. Nobody reads a
        playout's events, and building them was a third of the cost of an action."""
        return self._res is None

    # ------------------------------------------------------------------ queries

    @property
    def is_over(self) -> bool:
        return self.step == OVER

    def acting_seats(self) -> list[int]:
        """Seats with a pending decision (in simultaneous steps, also those who picked)."""
        out = []  # a plain loop: cheaper than a comprehension for five seats
        for s, d in enumerate(self.decision_ids):
            if d is not None:
                out.append(s)
        return out

    def waiting_on(self) -> list[int]:
        """Seats the game waits for: pending and, in simultaneous steps, not yet picked."""
        commits = self.commits
        out = []
        for s, d in enumerate(self.decision_ids):
            if d is not None and commits[s] is None:
                out.append(s)
        return out

    def decision_id(self, seat: int) -> str | None:
        """The seat's current decision id (None: nothing to decide); cheap, for every click."""
        return self.decision_ids[self.check_seat(seat)]

    def decision_kind(self, seat: int) -> str | None:
        """The kind of the seat's pending decision (``Decision.kind``: the step), None when
        it has none; cheap, without listing its legal actions."""
        return None if self.decision_ids[self.check_seat(seat)] is None else self.step

    def decisions(self) -> list[Decision]:
        out = []
        for s in self.acting_seats():
            acts = self.legal_actions(s)
            out.append(Decision(self.decision_ids[s], s, self.step, acts,  # type: ignore[arg-type]
                                len(acts) == 1, self.commits[s] is not None))
        return out

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now, in a stable order ([] if it has no decision)."""
        if type(seat) is not int or not 0 <= seat < self.n or self.decision_ids[seat] is None:
            return []  # (True == 1 in Python: a bool is no seat)
        step = self.step
        if step == DRAFT:
            return self._card_actions(seat, "draft", self.hands[seat])
        if step == PHASE_B:
            tops = []  # the top card of every discard pile (a loop: cheaper than a listcomp)
            for pile in self.discards:
                if pile:
                    tops.append(pile[-1])
            return self._card_actions(seat, "take", tops)
        if step == COLONY:
            return self._colony_actions(seat)
        if step == STATUE:
            return self._statue_actions(seat)
        if step == FEEDING:
            return self._feeding_actions(seat)
        if step == MEDALS:
            return self._medal_actions(seat)
        if step == WHEEL:
            return [{"type": "wheel", "colour": c} for c in self.deck_colours]
        if step == SETUP_SIDE:
            return [{"type": "setup_side", "side": "A"}, {"type": "setup_side", "side": "B"}]
        return []

    # -- legal action lists

    def _card_actions(self, seat: int, kind: str, cards: list[str]) -> list[Action]:
        """Buy (P2: one per bonus tile left) if affordable, and sell, per card. The dicts come
        from a table of templates: shared in a quiet game, copied otherwise."""
        out: list[Action] = []
        rows = self.catalog._memo.get(kind) or self.catalog.memo(kind, _card_rows, kind)
        coins, ncol, tiles = self.coins[seat], self.ncol[seat], self.tiles[seat]
        for cid in cards:
            cost, colour, p2, buy, sell, buy_tile = rows[cid]
            if cost - ncol.get(colour, 0) <= coins:  # R-A3 (cost floors at 0)
                if p2 and (tiles[0] or tiles[1] or tiles[2] or tiles[3]):
                    out.extend(a for a, k in zip(buy_tile, tiles, strict=True) if k)
                else:
                    out.append(buy)
            out.append(sell)
        if self._res is not None:
            return [a.copy() for a in out]
        return out

    def _colony_actions(self, seat: int) -> list[Action]:
        out: list[Action] = []
        cat = self.catalog
        colonies = cat.colonies
        held = [colonies[t].requirement for t, _ in self.colonies[seat]]
        eff = self.eff[seat]
        p9 = eff.get("P9", 0) * cat.rules.eff("P9", "coins") if eff else 0
        p15 = eff.get("P15") if eff else None
        coins = self.coins[seat]
        # requirement_gap for every level at once: the military track less P14's reduction
        military = self.tracks[seat][MILITARY] + (
            eff.get("P14", 0) * cat.rules.eff("P14", "reduction") if eff else 0)
        for level, stack in zip(cat.rules.colony_levels, self.colony_stacks, strict=True):
            if not stack or level in held:
                continue
            if level <= military:
                pay: int | None = 0
            elif not p15:  # requirement_payment: None without P15
                continue
            else:
                pay = self.requirement_payment(seat, level - military)
            if pay is None or pay > coins:
                continue
            integrate = coins - pay + p9 >= cat.colonies[stack[0]].cost
            if pay:
                out.append({"type": "colony", "level": level, "pay": pay, "mode": "plunder"})
                if integrate:
                    out.append({"type": "colony", "level": level, "pay": pay,
                                "mode": "integrate"})
                continue
            plunder_it, integrate_it = _COLONY.get(level) or _colony_templates(level)
            out.append(plunder_it)
            if integrate:
                out.append(integrate_it)
        out.append(_COLONY_SKIP)
        return out if self._res is None else [a.copy() for a in out]

    def _statue_actions(self, seat: int) -> list[Action]:
        tiles = self.tiles[seat]
        if not (tiles[0] or tiles[1] or tiles[2] or tiles[3]):
            return [_STATUE_SKIP if self._res is None else _STATUE_SKIP.copy()]
        out: list[Action] = []
        eff = self.eff[seat]
        culture = self.tracks[seat][CULTURE] + (  # requirement_gap, for every space at once
            eff.get("P14", 0) * self.catalog.rules.eff("P14", "reduction") if eff else 0)
        coins = self.coins[seat]
        for space, placed in zip(self.catalog.statues, self.statues[seat], strict=True):
            if placed is not None:
                continue
            if space.requirement <= culture:
                both = _STATUE.get(space.space) or _statue_templates(space.space)
                for i in range(4):
                    if tiles[i]:
                        out += both[i]
                continue
            pay = self.requirement_payment(seat, space.requirement - culture)
            if pay is None or pay > coins:
                continue
            for i, colour in enumerate(TRACK_COLOURS):
                if tiles[i]:
                    for side in ("colour", "points"):
                        out.append({"type": "statue", "space": space.space, "tile": colour,
                                    "side": side, "pay": pay})
        out.append(_STATUE_SKIP)
        return out if self._res is None else [a.copy() for a in out]

    def _feeding_actions(self, seat: int) -> list[Action]:
        st = self.feeding_status(seat)
        remove = _FEED_REMOVE
        out: list[Action] = [remove.get(c) or _feed_template(c) for c in st["cards"]]
        rules = self.catalog.rules
        if (st["has_p6"] and st["paid"] < rules.eff("P6", "max_cards")
                and st["coins"] >= rules.eff("P6", "coins_per_card")):
            out.append(_FEED_PAY)
        return out if self._res is None else [a.copy() for a in out]

    def _medal_actions(self, seat: int) -> list[Action]:
        # medal_status, inline: the seat's pending purchases counted
        silver_cost, gold_cost = self.medal_cost(seat, "silver"), self.medal_cost(seat, "gold")
        tiles = self.tiles[seat][:]
        coins, silver, gold = self.coins[seat], len(self.silver[seat]), self.gold[seat]
        for a in self.pending[seat]:
            if a.get("kind") == "silver":
                silver += 1
                coins -= silver_cost
                tiles[TRACK_OF_COLOUR[a["tile"]]] -= 1
            elif a.get("kind") == "gold":
                gold += 1
                coins -= gold_cost
        rules = self.catalog.rules
        out: list[Action] = []
        if silver < rules.max_silver and coins >= silver_cost:
            for i in range(4):
                if tiles[i] > 0:
                    out.append(_SILVER[i])
        if gold < rules.max_gold and coins >= gold_cost:
            out.append(_GOLD)
        out.append(_MEDALS_DONE)
        return out if self._res is None else [a.copy() for a in out]

    # ------------------------------------------------------------------ applying

    def apply(self, seat: int, action: Action, decision_id: str | None = None, *,
              check: bool = True) -> Result:
        """Apply one action of ``seat``; see the module docstring for the contract.

        Checks, in order: game over, not your decision, stale decision id, illegal (including
        cannot afford). ``check=False`` skips the legality check for callers that took the
        action from ``legal_actions`` (AI search); it never skips the other checks.
        """
        if self.step == OVER:
            raise GameOver("The game is over.")
        if type(seat) is not int or not 0 <= seat < self.n:
            raise NotYourDecision(f"There is no seat {str(seat)[:8]!r} in this game.",
                                  "no_such_seat")
        if type(action) is dict and action.get("type") == UNDO:
            # a logged undo entry (saves and stores replay it through here)
            count = action.get("count")
            if set(action) != {"type", "count"} or type(count) is not int:
                raise MalformedAction("An undo names the count of entries it takes back.",
                                      "malformed_field", field="count")
            return self.undo(seat, count)
        did = self.decision_ids[seat]
        if did is None:
            raise self._not_your_decision(seat)
        if decision_id is not None and decision_id != did:
            raise StaleDecision("That choice is no longer open: the game has moved on.")
        if self._res is None:  # a quiet game: no log, no events (search)
            if check:
                action = self._legal_copy(seat, action)
            commits = self.commits
            if action["type"] == "draft":  # half of all actions: _pick, inline
                if commits[seat] is None:
                    self.version += 1
                commits[seat] = action
                if None not in commits:
                    self._resolve_round()
                return QUIET_RESULT
            if commits[seat] is None or self.step not in _PICKS:
                self.version += 1
            self._dispatch(seat, action)
            return QUIET_RESULT
        res = Result()
        # Checked: the engine's own legal copy; unchecked (AI search): a normalised copy.
        action = self._legal_copy(seat, action) if check else normalise(action)
        self._res = res
        log = self.log
        if self.step in _PICKS and self.commits[seat] is not None:
            # A replaced simultaneous pick overwrites the seat's entry: until the reveal its
            # last entry is its pick, so re-picks neither grow the save nor show in version.
            if log is not None:
                i = len(log) - 1
                while log[i]["seat"] != seat or log[i]["action"]["type"] == UNDO:
                    i -= 1
                log[i] = {"seat": seat, "action": action}
                res.logged.append(i)
        else:
            if log is not None:
                res.logged.append(len(log))
                log.append({"seat": seat, "action": action})
            self.version += 1
        self._dispatch(seat, action)
        self._res = Result()
        return res

    # ------------------------------------------------------------------ taking back

    def effective_log(self) -> list[int]:
        """Indices of the log entries in force: every entry except undo entries and the
        entries they took back (an undo takes back the last ``count`` entries in force)."""
        out: list[int] = []
        for i, entry in enumerate(self.log or ()):
            a = entry["action"]
            if a.get("type") == UNDO:
                del out[len(out) - a["count"]:]
            else:
                out.append(i)
        return out

    def _replayed(self, entries: list[int]) -> Game:
        """A fresh game from the setup with the log entries ``entries`` applied."""
        assert self.setup is not None and self.log is not None
        g = Game.from_setup(self.setup, self.seed, self.catalog)
        for i in entries:
            e = self.log[i]
            g.apply(e["seat"], e["action"])
        return g

    def undo_check(self, seat: int, count: int) -> Game:
        """The game as it stood before the last ``count`` entries in force, if ``seat`` may
        take them back: the first of them is ``seat``'s own decision of a kind in
        :data:`UNDOABLE`, and none of them revealed anything (:data:`REVEALING`). Whether
        someone else decided among them is the caller's business (the engine does not know
        who is a person). Raises :class:`IllegalAction` (reason ``undo_*``) otherwise."""
        if self.log is None or self.setup is None:
            raise IllegalAction("This game has no log to take back.", "undo_no_log")
        live = self.effective_log()
        if not 1 <= count <= len(live):
            raise IllegalAction("There is nothing to take back.", "undo_nothing")
        first = self.log[live[-count]]
        if first["seat"] != seat:
            raise IllegalAction("Only your own move can be taken back.", "undo_not_yours")
        if first["action"]["type"] not in UNDOABLE:
            raise IllegalAction("That choice cannot be taken back.", "undo_not_undoable",
                                type=first["action"]["type"])
        if any(self.log[i]["action"]["type"] in HIDDEN for i in live[-count:]):
            raise IllegalAction("A hidden choice was made since that move.", "undo_hidden")
        before = self._replayed(live[:-count])
        probe = before.clone()
        for i in live[-count:]:
            e = self.log[i]
            res = probe.apply(e["seat"], e["action"])
            if res.revealed:
                # what was revealed (the first revealing event), so a refusal can say so: a
                # colony taken shows the next tile of its stack
                kinds = [ev["kind"] for ev in res.public if ev["kind"] in REVEALING]
                kinds += [ev["kind"] for evs in res.private.values() for ev in evs
                          if ev["kind"] in REVEALING]
                raise IllegalAction("Something hidden was revealed since that move.",
                                    "undo_revealed", event=kinds[0] if kinds else "other")
        return before

    def undo_count(self, seat: int, automatic: Any = ()) -> int:
        """How many entries in force an undo by ``seat`` takes back: back to its last own
        decision, over the entries whose log index is in ``automatic`` (forced moves, AI
        seats, queued plans the caller played on). 0: the last entry in force that is not
        automatic is someone else's. Whether the undo is allowed is :meth:`undo_check`'s."""
        live = self.effective_log()
        assert self.log is not None
        for k, i in enumerate(reversed(live), start=1):
            if i in automatic:
                continue
            return k if self.log[i]["seat"] == seat else 0
        return 0

    def undo(self, seat: int, count: int) -> Result:
        """Take back the last ``count`` entries in force (``undo_check``): an undo entry is
        APPENDED to the log and the game becomes the one rebuilt without them (exact: no
        randomness is drawn after setup). ``version`` and the decision counter only ever
        grow: every pending decision gets a fresh id, so no old id or token is reused."""
        if self.step == OVER:
            raise GameOver("The game is over.")
        before = self.undo_check(seat, count)
        assert self.log is not None
        counter = max(self.next_decision, before.next_decision)
        version = self.version + 1
        log = self.log
        for name in State.__slots__:
            setattr(self, name, getattr(before, name))
        ids: list[str | None] = []
        for s, did in enumerate(self.decision_ids):
            if did is None:
                ids.append(None)
            elif self.pending[s]:
                ids.append(f"d{counter}.{s}.{len(self.pending[s])}")
            else:
                ids.append(f"d{counter}")
                counter += 1
        self.decision_ids, self.next_decision, self.version = ids, counter, version
        self.log = log
        res = Result(public=[{"kind": "undone", "seat": seat, "count": count}],
                     logged=[len(log)])
        log.append({"seat": seat, "action": {"type": UNDO, "count": count}})
        self._res = Result()
        return res

    def _legal_copy(self, seat: int, action: Any) -> Action:
        """The engine's own copy of ``action`` if it is legal, else the specific refusal.

        The fast path finds the action among the legal ones and checks that every value has
        the exact type (3.0 == 3 and True == 1 in Python); anything else goes through the
        full shape check, which names the field at fault, and then the legality reasons.
        """
        legal = self.legal_actions(seat)
        match: Action | None
        try:
            match = legal[legal.index(action)]
        except ValueError:
            match = None
        if match is not None:
            for k, v in action.items():
                if type(v) is not type(match[k]):
                    break
            else:
                return match  # a fresh dict from legal_actions: the caller's dict is not kept
        copy = checked(action)  # a well-formed copy (pay 0 dropped), or MalformedAction
        if copy not in legal:
            raise explain_illegal(self, seat, copy, legal)
        return copy

    def apply_forced(self) -> Result:
        """Apply every pending forced decision (exactly one legal action) until none is left."""
        total = Result()
        while True:
            progressed = False
            for s in self.acting_seats():
                if self.commits[s] is not None:
                    continue
                acts = self.legal_actions(s)
                if len(acts) == 1:
                    total.extend(self.apply(s, acts[0], self.decision_ids[s], check=False))
                    progressed = True
                    break
            if not progressed:
                return total

    def _not_your_decision(self, seat: int) -> NotYourDecision:
        waiting = self.waiting_on()
        who = ", ".join(self.players[s] for s in waiting) or "nobody"
        return NotYourDecision(f"It is not your decision now; the game is waiting for {who}.",
                               "not_your_turn", waiting=waiting)

    def _dispatch(self, seat: int, a: Action) -> None:
        handler = _HANDLERS.get(a["type"])
        if handler is None:  # pragma: no cover - checked() and legal_actions yield known types
            raise MalformedAction(f"Unknown action type {a['type']!r}.", "unknown_type")
        handler(self, seat, a)

    def _pick(self, seat: int, a: Action) -> None:
        commits = self.commits
        if self._res is None:  # _commit without events: the draft is half of all actions
            commits[seat] = a
            if None not in commits:
                self._resolve_round()
            return
        self._commit(seat, a, "pick")

    def _setup_side(self, seat: int, a: Action) -> None:
        self._commit(seat, a, "setup_side")

    # -- events and decisions

    def _emit(self, event: Event, seat: int | None = None) -> None:
        res = self._res
        if res is None:  # a quiet game (hot paths do not even build their events)
            return
        if seat is None:
            res.public.append(event)
        else:
            res.private.setdefault(seat, []).append(event)

    def _open(self, seat: int) -> None:
        """Give ``seat`` a new pending decision with a fresh id.

        A further decision of a seat that has recorded hidden feeding or medal actions is
        numbered by its own count and leaves the shared counter alone, so neither the counter
        nor anyone's id reveals how many hidden choices another seat made (Information).
        """
        k = len(self.pending[seat])
        n = self.next_decision
        if k:
            self.decision_ids[seat] = f"d{n}.{seat}.{k}"
            return
        ids = _DECISION_IDS
        while len(ids) <= n:  # "d0", "d1", …: formatted once per process, not per decision
            ids.append(f"d{len(ids)}")
        self.decision_ids[seat] = ids[n]
        self.next_decision = n + 1

    def _close(self, seat: int) -> None:
        self.decision_ids[seat] = None

    # -- simultaneous picks (setup side, draft)

    def _commit(self, seat: int, a: Action, what: str) -> None:
        replaced = self.commits[seat] is not None
        self.commits[seat] = a
        if self._res is not None:
            if not replaced:  # others learn that a pick is in, never how often it changed
                self._emit({"kind": f"{what}_committed", "seat": seat})
            self._emit({"kind": f"{what}_recorded", "action": dict(a), "replaced": replaced},
                       seat)
        if None not in self.commits:
            if self.step == DRAFT:
                self._resolve_round()
            else:
                self._resolve_setup_sides()

    def _resolve_setup_sides(self) -> None:
        for s in range(self.n):
            self.side[s] = self.commits[s]["side"]  # type: ignore[index]
        self._emit({"kind": "setup_revealed", "sides": self.side[:]})
        self._begin_game()

    def _begin_game(self) -> None:
        """R-S3 coins and tracks, R-S5 extra coin, then epoch I."""
        for s in range(self.n):
            side = self.catalog.setup_cards[self.setup_card[s]].side(self.side[s])  # type: ignore[arg-type]
            self.coins[s] = side.coins
            self.tracks[s] = list(side.tracks)
        extra = self._extra_coin_seats()
        for s in extra:
            self.coins[s] += 1
        self.commits = [None] * self.n
        for s in range(self.n):
            self._close(s)
        self._emit({"kind": "setup_done", "sides": self.side[:], "extra_coin": extra,
                    "coins": self.coins[:], "tracks": [t[:] for t in self.tracks]})
        self._begin_epoch()

    def _by_initiative(self) -> list[int]:
        return sorted(range(self.n), key=self.initiative)

    def _extra_coin_seats(self) -> list[int]:
        """R-S5 / D-5: the players who are first player less often than the others."""
        order = self._by_initiative()
        count = {2: 1, 3: 0, 4: 1, 5: 2}[self.n]
        return sorted(order[self.n - count:]) if count else []

    def first_player(self, epoch: int) -> int:
        """R-S4 / D-3: lowest, second, third lowest initiative; 2 players: III is the lowest."""
        order = self._by_initiative()
        rank = epoch - 1
        if self.n == 2 and epoch == 3:
            rank = 0
        return order[rank]

    def _begin_epoch(self) -> None:
        """R-S1 deal (from the setup's deck orders) and R-A1 wheel decision."""
        e = self.epoch
        self.decks = [list(d) for d in self.epoch_decks[e]]
        dealt = {c for d in self.decks for c in d}
        advanced = self.variant == "advanced"
        box = self.box
        for colour in COLOURS:
            box += [c for c in self.catalog.pool(e, colour, advanced) if c not in dealt]
        self.discards = [[] for _ in range(5)]
        self.first = self.first_player(e)
        self.order = [(self.first + i) % self.n for i in range(self.n)]
        self.phase, self.step, self.round, self.wheel = "A", WHEEL, 0, None
        self._emit({"kind": "epoch_started", "epoch": e, "first": self.first,
                    "order": self.order[:]})
        self._open(self.first)

    def _set_wheel(self, seat: int, a: Action) -> None:
        pos = self.deck_colours.index(a["colour"])
        self.wheel = (pos - seat) % 5
        self._close(seat)
        self._emit({"kind": "wheel_set", "seat": seat, "colour": a["colour"],
                    "offset": self.wheel})
        self.step = DRAFT
        self._start_round()

    def _start_round(self) -> None:
        """R-A2: everyone draws 2 cards from the deck their emblem points at."""
        loud = self._res is not None
        draws = []
        base = (self.wheel or 0) + self.round  # R-S6, as deck_of
        decks, hands, commits = self.decks, self.hands, self.commits
        for s in range(self.n):
            k = (s + base) % 5
            deck = decks[k]
            hands[s] = deck[:2]
            del deck[:2]
            commits[s] = None
            self._open(s)
            if loud:
                draws.append({"seat": s, "colour": self.deck_colours[k]})
                self._emit({"kind": "drew", "cards": hands[s][:],
                            "colour": self.deck_colours[k]}, s)
        if loud:
            self._emit({"kind": "round_started", "epoch": self.epoch, "round": self.round,
                        "draws": draws})

    def _resolve_round(self) -> None:
        """R-A3/R-A4: reveal all picks together, discard, buy or sell, turn the wheel."""
        loud = self._res is not None
        choices = []
        base = (self.wheel or 0) + self.round  # R-S6, as deck_of
        for s in self.order:
            a = self.commits[s]
            assert a is not None
            k = (s + base) % 5
            kept = a["card"]
            hand = self.hands[s]
            discarded = None
            for c in hand:
                if c != kept:
                    discarded = c
                    self.discards[k].append(c)
                    break
            self.hands[s] = []
            if a["mode"] == "buy":
                done = self._buy(s, kept, a.get("tile"))
            else:
                done = self._sell(s, kept, public=False)
            if loud:
                entry: Event = {"seat": s, "colour": self.deck_colours[k],
                                "discarded": discarded, "mode": a["mode"]}
                entry.update(done)  # type: ignore[arg-type]
                choices.append(entry)
            self.commits[s] = None
            self.decision_ids[s] = None
        if loud:
            self._emit({"kind": "round_revealed", "epoch": self.epoch, "round": self.round,
                        "choices": choices})
        self.round += 1
        if self.round < ROUNDS:
            self._start_round()
        else:
            self._end_of_phase()

    # -- buying and selling (R-A3, P1–P4)

    def _buy(self, seat: int, cid: str, tile: str | None) -> dict[str, Any] | None:
        """Buy (R-A3, P2–P4); returns the event's fields, or None in a quiet game."""
        card = self.catalog.cards[cid]
        colour = card.colour
        ncol = self.ncol[seat]
        cost = card.cost - ncol.get(colour, 0)
        if cost < 0:
            cost = 0
        self.coins[seat] -= cost
        tr = self.tracks[seat]
        g0, g1, g2, g3 = card.gains
        tr[0] += g0
        tr[1] += g1
        tr[2] += g2
        tr[3] += g3
        effects: list[Event] | None = [] if self._res is not None else None
        p3 = self.p3[seat]
        if p3 and colour in p3:  # P3: each held synergy card of this colour adds 1
            steps = self.catalog.rules.eff("P3", "steps")
            times = p3.count(colour)
            tr[TRACK_OF_COLOUR[colour]] += steps * times
            if effects is not None:
                effects.append({"effect": "P3", "track": colour, "steps": steps * times})
        self.tableau[seat].append(cid)
        ncol[colour] = ncol.get(colour, 0) + 1
        e = card.effect
        if e is not None:
            self.eff[seat][e.id] = self.eff[seat].get(e.id, 0) + 1
            if e.id == "P3":
                steps = self.catalog.rules.eff("P3", "steps")
                p3.append(e.colour)  # type: ignore[arg-type]
                gain = steps * ncol.get(e.colour, 0)  # type: ignore[arg-type]
                tr[TRACK_OF_COLOUR[e.colour]] += gain  # type: ignore[index]
                if effects is not None:
                    effects.append({"effect": "P3", "track": e.colour, "steps": gain})
            elif e.id == "P2" and tile is not None:
                self.tiles[seat][TRACK_OF_COLOUR[tile]] -= 1
                self.p2_tiles[seat][cid] = tile
                gain = self.catalog.rules.eff("P2", "steps")
                tr[TRACK_OF_COLOUR[tile]] += gain
                if effects is not None:
                    effects.append({"effect": "P2", "track": tile, "steps": gain})
            elif e.id == "P4":  # +2 at once for each colour-side statue already carved
                gain = self.catalog.rules.eff("P4", "steps")
                for placed in self.statues[seat]:
                    if placed is not None and placed[1] == "colour":
                        tr[TRACK_OF_COLOUR[placed[0]]] += gain
                        if effects is not None:
                            effects.append({"effect": "P4", "track": placed[0], "steps": gain})
        if effects is None:
            return None
        out: dict[str, Any] = {"card": cid, "cost": cost}
        if tile is not None and e is not None and e.id == "P2":
            out["tile"] = tile
        if effects:
            out["effects"] = effects
        return out

    def _sell(self, seat: int, cid: str, public: bool) -> dict[str, Any] | None:
        """Sell: the card leaves face down (R-A3); a Phase-A sale's identity stays private.
        Returns the event's fields, or None in a quiet game."""
        cat = self.catalog
        value = cat.rules.sell_values[cat.cards[cid].epoch - 1]  # sell_value, inline
        eff = self.eff[seat]
        if eff and eff.get("P1"):
            value += eff["P1"] * cat.rules.eff("P1", "coins")
        self.coins[seat] += value
        self.sold[seat].append([cid, public])
        if self._res is None:
            return None
        if not public:
            self._emit({"kind": "sold_privately", "card": cid, "coins": value}, seat)
            return {"coins": value}
        return {"card": cid, "coins": value}

    # -- Phase B (R-B1)

    def _begin_phase_b(self) -> None:
        self.phase, self.step, self.round, self.turn = "B", PHASE_B, 0, 0
        self._emit({"kind": "phase_b_started", "epoch": self.epoch})
        self._open(self.order[0])

    def _take(self, seat: int, a: Action) -> None:
        cid = a["card"]
        discards = self.discards
        k = 0
        for k, pile in enumerate(discards):  # noqa: B007 - k is the pile taken from
            if pile and pile[-1] == cid:
                pile.pop()
                break
        if a["mode"] == "buy":
            done = self._buy(seat, cid, a.get("tile"))
        else:
            done = self._sell(seat, cid, public=True)
        if done is not None:
            ev: Event = {"kind": "took", "seat": seat, "colour": self.deck_colours[k],
                         "mode": a["mode"]}
            ev.update(done)
            self._emit(ev)
        self.decision_ids[seat] = None
        self.round += 1
        if discards[0] or discards[1] or discards[2] or discards[3] or discards[4]:
            self._open(self.order[self.round % self.n])
        else:
            self._end_of_phase()

    # -- end of phase: E1 income, E2 colony, E3 statue

    def _end_of_phase(self) -> None:
        """E1 for everyone, then the colony step in play order."""
        per_track = self.catalog.rules.eff("P8", "coins_per_track")
        incomes = []
        for s in range(self.n):
            tr = self.tracks[s]
            bonus = self.eff[s].get("P8", 0) * per_track * sum(
                1 for t in (MILITARY, CULTURE, FOOD) if tr[t] > tr[INCOME])
            self.coins[s] += tr[INCOME] + bonus
            incomes.append({"seat": s, "income": tr[INCOME], "bonus": bonus})
        if self._res is not None:
            self._emit({"kind": "income", "epoch": self.epoch, "phase": self.phase,
                        "incomes": incomes})
        self.step, self.turn, self.acted = COLONY, 0, 0
        self._open(self.order[0])

    def _sequential_next(self, seat: int, acted: bool) -> None:
        """After a colony/statue action: P13 second action, else the next seat or step."""
        self.decision_ids[seat] = None
        if acted:
            self.acted += 1
            if self.acted < 2 and self.eff[seat].get("P13"):
                self._open(seat)  # P13: a second action if any is possible
                if len(self.legal_actions(seat)) > 1:
                    return
                self._close(seat)
        self.turn += 1
        self.acted = 0
        if self.turn < self.n:
            self._open(self.order[self.turn])
            return
        if self.step == COLONY:
            self.step, self.turn = STATUE, 0
            self._open(self.order[0])
        elif self.phase == "A":
            self._begin_phase_b()
        else:
            self._begin_feeding()

    def _colony(self, seat: int, a: Action) -> None:
        """E2 (and P9, P13, P14, P15): take the top tile, then plunder or integrate."""
        if a["type"] == "colony_skip":
            if self._res is not None:
                self._emit({"kind": "colony_skipped", "seat": seat})
            self._sequential_next(seat, acted=False)
            return
        cat = self.catalog
        li = cat.rules.colony_levels.index(a["level"])
        pay = a.get("pay", 0)
        self.coins[seat] -= pay
        tile_id = self.colony_stacks[li].pop(0)
        tile = cat.colonies[tile_id]
        bonus = self.eff[seat].get("P9", 0) * cat.rules.eff("P9", "coins")
        self.coins[seat] += bonus
        if a["mode"] == "plunder":
            self.coins[seat] += tile.plunder
            self.colonies[seat].append([tile_id, False])
        else:
            self.coins[seat] -= tile.cost
            tr = self.tracks[seat]
            for i, g in enumerate(tile.back_gains):
                tr[i] += g
            self.colonies[seat].append([tile_id, True])
        if self._res is not None:
            ev: Event = {"kind": "colony_taken", "seat": seat, "level": a["level"],
                         "mode": a["mode"], "front": list(tile.front), "pay": pay,
                         "bonus": bonus}
            if a["mode"] != "plunder":
                ev.update(tile=tile_id, back_gains=list(tile.back_gains),
                          back_points=tile.back_points)
            self._emit(ev)
        self._sequential_next(seat, acted=True)

    def _statue(self, seat: int, a: Action) -> None:
        """E3 (and P4, P13, P14, P15): carve a statue with a bonus tile on either side."""
        if a["type"] == "statue_skip":
            if self._res is not None:
                self._emit({"kind": "statue_skipped", "seat": seat})
            self._sequential_next(seat, acted=False)
            return
        cat = self.catalog
        space = cat.statues[a["space"] - 1]
        pay = a.get("pay", 0)
        self.coins[seat] -= pay
        t = TRACK_OF_COLOUR[a["tile"]]
        self.tiles[seat][t] -= 1
        self.statues[seat][space.space - 1] = [a["tile"], a["side"]]
        steps = 0
        if a["side"] == "colour":
            steps = space.steps + self.eff[seat].get("P4", 0) * cat.rules.eff("P4", "steps")
            self.tracks[seat][t] += steps
        if self._res is not None:
            self._emit({"kind": "statue_carved", "seat": seat, "space": space.space,
                        "tile": a["tile"], "side": a["side"], "pay": pay, "steps": steps})
        self._sequential_next(seat, acted=True)

    # -- feeding (F1, P6, P7)

    def _begin_feeding(self) -> None:
        self.step = FEEDING
        need = []
        for s in range(self.n):
            self.pending[s] = []
            count, food = len(self.tableau[s]), self.tracks[s][FOOD]
            need.append({"seat": s, "cards": count, "food": food})
            self.done[s] = count <= food
            if not self.done[s]:
                self._open(s)
        self._emit({"kind": "feeding_started", "epoch": self.epoch, "needs": need})
        if all(self.done):
            self._resolve_feeding()

    def _feed(self, seat: int, a: Action) -> None:
        pending = self.pending[seat]
        pending.append(a)
        if self._res is not None:
            self._emit({"kind": "feeding_recorded", "action": dict(a)}, seat)
        # feeding_status(seat)["satisfied"]: cards left less those paid for, against food
        cards_of = self.catalog.cards
        left, food = len(self.tableau[seat]), self.tracks[seat][FOOD]
        for p in pending:
            left -= 1
            if p["type"] == "feed_remove":
                food -= cards_of[p["card"]].gains[FOOD]
        if left <= food:
            self.done[seat] = True
            self._close(seat)
            self._emit({"kind": "fed", "seat": seat})
            if all(self.done):
                self._resolve_feeding()
        else:
            self._open(seat)

    def _resolve_feeding(self) -> None:
        rules = self.catalog.rules
        results = []
        for s in range(self.n):
            removed, paid = [], 0
            for a in self.pending[s]:
                if a["type"] == "feed_remove":
                    self._remove_card(s, a["card"])
                    removed.append(a["card"])
                else:
                    paid += 1
            self.coins[s] -= paid * rules.eff("P6", "coins_per_card")
            surplus = 0
            if self.eff[s].get("P7"):  # P7: 3 coins per food above the card count, max 12
                diff = self.tracks[s][FOOD] - len(self.tableau[s])
                if diff > 0:
                    surplus = min(rules.eff("P7", "max"), diff * rules.eff("P7", "coins_per_food"))
                    self.coins[s] += surplus
            self.pending[s] = []
            results.append({"seat": s, "removed": removed, "paid": paid, "surplus": surplus})
        self._emit({"kind": "feeding_revealed", "epoch": self.epoch, "results": results})
        self._begin_medals()

    def _remove_card(self, seat: int, cid: str) -> None:
        """F1: the card leaves the game; tracks drop by its printed gains, its effect ends."""
        card = self.catalog.cards[cid]
        self.tableau[seat].remove(cid)
        self.ncol[seat][card.colour] -= 1
        tr = self.tracks[seat]
        for i, g in enumerate(card.gains):
            tr[i] -= g
        if card.effect is not None:
            self.eff[seat][card.effect.id] -= 1
            if card.effect.colour:
                self.p3[seat].remove(card.effect.colour)
        self.p2_tiles[seat].pop(cid, None)  # the P2 tile is lost with the card
        self.removed[seat].append(cid)

    # -- medals (M1, P5)

    def _begin_medals(self) -> None:
        self.step = MEDALS
        for s in range(self.n):
            self.pending[s] = []
            self.done[s] = False
            self._open(s)
        self._emit({"kind": "medals_started", "epoch": self.epoch})

    def _medal(self, seat: int, a: Action) -> None:
        if a["type"] == "medals_done":
            self.done[seat] = True
            self._close(seat)
            self._emit({"kind": "medals_finished", "seat": seat})
            if all(self.done):
                self._resolve_medals()
            return
        self.pending[seat].append(a)
        self._emit({"kind": "medal_recorded", "action": dict(a)}, seat)
        self._open(seat)

    def _resolve_medals(self) -> None:
        bought = []
        for s in range(self.n):
            for a in self.pending[s]:
                cost = self.medal_cost(s, a["kind"])
                self.coins[s] -= cost
                if a["kind"] == "silver":
                    self.tiles[s][TRACK_OF_COLOUR[a["tile"]]] -= 1
                    self.silver[s].append(a["tile"])
                else:
                    self.gold[s] += 1
                bought.append({"seat": s, "kind": a["kind"], "tile": a.get("tile"),
                               "cost": cost})
            self.pending[s] = []
            self.done[s] = False
        self._emit({"kind": "medals_revealed", "epoch": self.epoch, "bought": bought})
        if self.epoch == 3:
            self._end_game()
        else:
            self._emit({"kind": "epoch_ended", "epoch": self.epoch})
            self.epoch += 1
            self._begin_epoch()

    def _end_game(self) -> None:
        self.step = OVER
        if self._res is not None:
            table = scoring.scores(self)
            self._emit({"kind": "game_over", "scores": table,
                        "winners": scoring.winners(self, table)})

    # ------------------------------------------------------------------ results

    def scores(self) -> list[dict[str, int]]:
        """G1 breakdown per seat (live during play, final once over)."""
        return scoring.scores(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)


#: Action type -> the method that applies it (one dict lookup instead of a chain of tests).
_HANDLERS: dict[str, Any] = {
    "draft": Game._pick, "take": Game._take, "colony": Game._colony,
    "colony_skip": Game._colony, "statue": Game._statue, "statue_skip": Game._statue,
    "feed_remove": Game._feed, "feed_pay": Game._feed, "medal": Game._medal,
    "medals_done": Game._medal, "wheel": Game._set_wheel, "setup_side": Game._setup_side,
}


_DECISION_IDS: list[str] = []  # _open's cache of "d<n>"


def normalise(action: Action) -> Action:
    """A copy without a zero ``pay``: {"pay": 0} and no pay name the same action."""
    if action.get("pay") == 0:
        return {k: v for k, v in action.items() if k != "pay"}
    return dict(action)


VARIANTS = ("basic", "advanced")
MAX_NAME = 64  # Discord names are at most 32; room for "(AI)" suffixes and other front ends
MAX_SEED = 2**63 - 1  # seeds fit a signed 64-bit database integer


def check_players(players: object) -> None:
    """2–5 distinct, non-empty player names of sensible length, or :class:`BadSetup`."""
    if type(players) not in (list, tuple):
        raise BadSetup("Players must be a list of names.", "players_not_a_list")
    names: list[object] = list(players)  # type: ignore[call-overload]
    if not 2 <= len(names) <= 5:
        raise BadSetup(f"Hadara takes 2 to 5 players, not {len(names)}.", "player_count",
                       count=len(names))
    for name in names:
        if type(name) is not str or not name.strip() or len(name) > MAX_NAME:
            raise BadSetup(f"A player name must be 1 to {MAX_NAME} characters.",
                           "bad_player_name", max=MAX_NAME)
    if len(set(names)) != len(names):
        raise BadSetup("Player names must be distinct.", "duplicate_player_name")


def check_seed(seed: object) -> None:
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise BadSetup(f"The seed must be a whole number from 0 to {MAX_SEED}.", "bad_seed",
                       max=MAX_SEED)
