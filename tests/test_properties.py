"""Property tests: random legal games (2–5 players, both variants) checked after every action.

Invariants: coins and tracks never negative; every card of the dealt epochs is in exactly one
place and basic games never touch advanced cards (R-C1, R-S1); 5 Phase-A and 5 Phase-B cards
per player per epoch (R-A4, R-B1); at most one colony per level (E2), 4 statues (E3), 2 silver
and 2 gold medals (M1, D-4), bonus tiles conserved (R-C4); after feeding count − paid ≤ food
(F1, P6); the G1 breakdown sums to the total; views are JSON and leak nothing (Information);
public events name no hidden card; decisions are consistent; the saved game replays to the same
snapshot after every prefix.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from stacking import as_json, hidden_card_ids, perturb_hidden, play_random, strings_in

from hadara import save
from hadara.content import COLOURS, EPOCHS, TRACK_COLOURS
from hadara.determinise import determinise
from hadara.engine import Game, Result
from hadara.rng import Rng
from hadara.scoring import CATEGORIES
from hadara.setup import Setup
from hadara.state import COLONY, DRAFT, PHASE_B, SETUP_SIDE, SIMULTANEOUS, STATUE, WHEEL
from hadara.views import view

FOOD = 3
FORBIDDEN_VIEW_KEYS = {"seed", "rng", "box", "epoch_decks", "colony_box", "hands", "commits"}


class Invariants:
    """Checks one game after every action; remembers what it needs across actions."""

    def __init__(self, game: Game, rng: Rng, deep: bool) -> None:
        self.g = game
        self.cat = game.catalog
        self.rng = rng
        self.deep = deep  # leak perturbation for every seat (slow run) or one seat per action
        self.p2_placed: set[tuple[int, str]] = set()
        self.snapshots: list[dict[str, Any]] = [game.snapshot()]
        self.phase_cards: Counter[tuple[int, int, str]] = Counter()  # (seat, epoch, phase)
        self.epochs_done: list[int] = []

    # -- after each action

    def after(self, res: Result) -> None:
        g = self.g
        self._events(res)
        self._numbers()
        self._cards()
        self._per_epoch_counts()
        self._holdings()
        self._scores()
        self._decisions()
        self._views()
        self.snapshots.append(g.snapshot())

    def _events(self, res: Result) -> None:
        g = self.g
        hidden_all = hidden_card_ids(g, None)
        leaked = strings_in(res.public) & hidden_all
        assert not leaked, f"public events name hidden ids {leaked}: {res.public}"
        for seat, events in res.private.items():
            leaked = strings_in(events) & hidden_card_ids(g, seat)
            assert not leaked, f"private events of seat {seat} name {leaked}"
        for ev in res.public:
            if ev["kind"] == "round_revealed":
                for ch in ev["choices"]:
                    self.phase_cards[(ch["seat"], ev["epoch"], "A")] += 1
                    if ch["mode"] == "sell":
                        assert "card" not in ch  # R-A3: a Phase-A sale stays private
            elif ev["kind"] == "took":
                self.phase_cards[(ev["seat"], g.epoch, "B")] += 1
                assert "card" in ev  # a Phase-B sale is public
            elif ev["kind"] == "feeding_revealed":  # F1 / P6: count − paid ≤ food
                for r in ev["results"]:
                    s = r["seat"]
                    assert len(g.tableau[s]) - r["paid"] <= g.tracks[s][FOOD]
                    assert r["paid"] <= self.cat.rules.eff("P6", "max_cards")
            elif ev["kind"] in ("epoch_ended", "game_over"):
                e = ev.get("epoch", 3)
                self.epochs_done.append(e)
                for s in range(g.n):  # R-A4 / R-B1: 5 cards in each phase per epoch
                    assert self.phase_cards[(s, e, "A")] == 5
                    assert self.phase_cards[(s, e, "B")] == 5

    def _numbers(self) -> None:
        g = self.g
        for s in range(g.n):
            assert g.coins[s] >= 0, f"seat {s} coins {g.coins[s]}"
            assert all(v >= 0 for v in g.tracks[s]), f"seat {s} tracks {g.tracks[s]}"
            assert all(v >= 0 for v in g.tiles[s])

    def _cards(self) -> None:
        """Every card of the dealt epochs is in exactly one place; nothing else is anywhere."""
        g = self.g
        places: list[str] = list(g.box)
        for group in (g.decks, g.hands, g.discards, g.tableau, g.removed):
            for lst in group:
                places += lst
        for lst in g.sold:
            places += [c for c, _ in lst]
        dupes = [c for c, k in Counter(places).items() if k > 1]
        assert not dupes, f"cards in two places: {dupes}"
        dealt = 0 if g.step == SETUP_SIDE else g.epoch
        advanced = g.variant == "advanced"
        expected = {c for e in EPOCHS if e <= dealt for col in COLOURS
                    for c in self.cat.pool(e, col, advanced)}
        assert set(places) == expected
        if not advanced:
            adv = {c.id for c in self.cat.cards.values() if c.advanced}
            future = {c for ds in g.epoch_decks.values() for d in ds for c in d}
            assert not (adv & (set(places) | future))

    def _per_epoch_counts(self) -> None:
        g = self.g
        if g.step == SETUP_SIDE:
            return
        for s in range(g.n):
            owned = Counter(self.cat.cards[c].epoch for c in
                            [*g.tableau[s], *g.removed[s], *(c for c, _ in g.sold[s])])
            for e in EPOCHS:
                if e < g.epoch or g.is_over:
                    want = 10
                elif e > g.epoch or g.step == WHEEL:
                    want = 0
                elif g.step == DRAFT:
                    want = g.round
                elif g.step in (COLONY, STATUE) and g.phase == "A":
                    want = 5
                elif g.step == PHASE_B:
                    want = 5 + sum(1 for k in range(g.round) if g.order[k % g.n] == s)
                else:
                    want = 10
                assert owned[e] == want, f"seat {s} has {owned[e]} epoch-{e} cards, not {want}"
            if g.step == DRAFT:
                assert len(g.hands[s]) == 2
            else:
                assert g.hands[s] == []

    def _holdings(self) -> None:
        g = self.g
        rules = self.cat.rules
        for s in range(g.n):
            levels = [self.cat.colonies[t].requirement for t, _ in g.colonies[s]]
            assert len(levels) == len(set(levels))  # E2: one colony per level
            assert len(g.statues[s]) == len(self.cat.statues) == 4
            assert len(g.silver[s]) <= rules.max_silver
            assert g.gold[s] <= rules.max_gold
            self.p2_placed |= {(s, c) for c in g.p2_tiles[s]}
            used = (sum(1 for p in g.statues[s] if p is not None) + len(g.silver[s])
                    + sum(1 for seat, _ in self.p2_placed if seat == s))
            assert sum(g.tiles[s]) + used == rules.bonus_tiles_per_colour * len(TRACK_COLOURS)
        held = [t for s in g.colonies for t, _ in s]
        stacked = [t for stack in g.colony_stacks for t in stack]
        everything = held + stacked + list(g.colony_box)
        assert sorted(everything) == sorted(self.cat.colonies)

    def _scores(self) -> None:
        for row in self.g.scores():
            assert set(row) == {*CATEGORIES, "total"}
            assert sum(row[c] for c in CATEGORIES) == row["total"]
            assert all(row[c] >= 0 for c in CATEGORIES)

    def _decisions(self) -> None:
        g = self.g
        ids = [d for d in g.decision_ids if d is not None]
        assert len(ids) == len(set(ids))
        if g.is_over:
            assert g.acting_seats() == [] and g.decisions() == []
            return
        assert g.waiting_on(), "the game waits for nobody"
        for d in g.decisions():
            assert d.actions, f"seat {d.seat} has a decision without actions"
            assert d.actions == g.legal_actions(d.seat)  # stable order
            assert d.forced == (len(d.actions) == 1)
            assert d.kind == g.step
        if g.step not in SIMULTANEOUS:
            assert len(g.acting_seats()) == 1

    def _views(self) -> None:
        g = self.g
        spectator = view(g, None)
        assert as_json(spectator) == spectator
        assert not strings_in(spectator) & hidden_card_ids(g, None)
        seats = list(range(g.n)) if self.deep else [self.rng.below(g.n)]
        for s in range(g.n):
            v = view(g, s)
            assert as_json(v) == v
            assert not FORBIDDEN_VIEW_KEYS & _all_keys(v)
            leaked = strings_in(v) & hidden_card_ids(g, s)
            assert not leaked, f"view of seat {s} shows {leaked}"
            if s in seats:  # a game differing only in hidden things looks the same to s
                other = perturb_hidden(g, s, self.rng)
                assert view(other, s) == v

    # -- at the end

    def finish(self) -> None:
        g = self.g
        assert g.is_over
        assert self.epochs_done == [1, 2, 3]
        text = save.to_json(g)
        assert save.from_json(text).snapshot() == g.snapshot()
        # Replay every prefix of the saved log: each step reproduces the recorded snapshot.
        data = json.loads(text)
        replay = Game.from_setup(Setup.from_dict(data["setup"]), data["seed"])
        assert replay.snapshot() == self.snapshots[0]
        for i, entry in enumerate(data["actions"]):
            replay.apply(entry["seat"], entry["action"])
            assert replay.snapshot() == self.snapshots[i + 1], f"replay differs at action {i}"


def _all_keys(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in _all_keys(v)}
    if isinstance(data, list):
        return {k for v in data for k in _all_keys(v)}
    return set()


def check_determinisation(game: Game, seat: int, k: int) -> None:
    """A determinised game shows ``seat`` the same view and plays to the end."""
    v = view(game, seat)
    det = determinise(v, Rng(k))
    assert _masked(view(det, seat), seat) == _masked(v, seat)
    play_random(det, Rng(k + 1))


def _masked(v: dict[str, Any], seat: int) -> dict[str, Any]:
    """Drop what determinisation reopens on purpose: other seats' simultaneous commit flags."""
    out = dict(v)
    out["waiting_on"] = [s for s in v["waiting_on"] if s == seat]
    out["seats"] = []
    for s in v["seats"]:
        s = dict(s)
        if s["seat"] != seat and v["step"] in SIMULTANEOUS:
            for key in ("committed", "done", "deciding"):
                s.pop(key, None)
        out["seats"].append(s)
    return out


def play_checked(n: int, variant: str, seed: int, data: st.DataObject, deep: bool) -> None:
    game = Game.new([f"Player {i}" for i in range(n)], variant, seed)
    inv = Invariants(game, Rng(seed), deep)
    inv.after(game.opening)
    inv.snapshots = [game.snapshot()]
    det_points = {data.draw(st.integers(0, 300), label="determinise at")}
    actions = 0
    while not game.is_over:
        seats = game.waiting_on()
        seat = seats[data.draw(st.integers(0, len(seats) - 1))] if len(seats) > 1 else seats[0]
        acts = game.legal_actions(seat)
        action = acts[data.draw(st.integers(0, len(acts) - 1))] if len(acts) > 1 else acts[0]
        res = game.apply(seat, action, game.decision_id(seat))
        inv.after(res)
        actions += 1
        if actions in det_points or deep:
            check_determinisation(game, seat, seed + actions)
        if deep:  # the saved game, replayed from JSON, is this very state
            assert save.from_json(save.to_json(game)).snapshot() == game.snapshot()
    inv.finish()


GAME = dict(n=st.integers(2, 5), variant=st.sampled_from(["basic", "advanced"]),
            seed=st.integers(0, 2**32 - 1), data=st.data())
# Shrinking a whole game's hundreds of draws takes minutes; the failing example (players,
# variant, seed and every draw) is printed and replays as it is.
NO_SHRINK = [Phase.explicit, Phase.reuse, Phase.generate]


@settings(max_examples=20, deadline=None, phases=NO_SHRINK,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(**GAME)
def test_random_games_keep_every_invariant(n: int, variant: str, seed: int,
                                           data: st.DataObject) -> None:
    """Coins/tracks ≥ 0, card conservation, 5+5 cards, holdings, F1, G1 sums, views, replay."""
    play_checked(n, variant, seed, data, deep=False)


@pytest.mark.slow
@settings(max_examples=100, deadline=None, phases=NO_SHRINK,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(**GAME)
def test_random_games_keep_every_invariant_thoroughly(n: int, variant: str, seed: int,
                                                      data: st.DataObject) -> None:
    """As above, with every seat's leak check, a determinisation and a save/replay after
    every action."""
    play_checked(n, variant, seed, data, deep=True)
