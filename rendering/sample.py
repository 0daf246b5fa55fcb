"""Sample games for the CLI, tests and benchmark: simple players, stopped at chosen moments.

:func:`sample_images` plays one game and images it: the public board at several moments, one
private decision image per decision kind (:data:`KINDS`), a Phase-A round reveal and the final
scores. The setup-side decision only exists in the advanced variant; for a basic game a second,
advanced game of the same seed is played up to it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from hadara import driver
from hadara.content import TRACKS
from hadara.demo import Policy, simple_policy, with_rng
from hadara.engine import Action, Game, Result
from hadara.rng import Rng
from hadara.types import View

NAMES = ("Amira", "Bahram", "Cyrus", "Darya", "Esther")

#: Every kind of private decision image (``view["private"]["context"]["kind"]``).
KINDS = ("setup_side", "wheel", "draft", "phase_b", "colony", "statue", "feeding", "medals")
#: The end-of-epoch decisions: the sample prefers one of epoch II (more on the boards).
LATE_KINDS = ("colony", "statue", "feeding", "medals")
MILITARY, CULTURE, FOOD = (TRACKS.index(t) for t in ("military", "culture", "food"))


def new_game(players: int, seed: int, variant: str = "basic",
             names: tuple[str, ...] | list[str] | None = None) -> Game:
    return Game.new(list(names or NAMES[:players]), variant, seed)


def step(game: Game, rng: Rng, policy: Policy = simple_policy) -> None:
    """One decision of the next seat the game waits on (a forced one without the policy)."""
    driver.play_one(game, with_rng(policy, rng))


def play_until(game: Game, rng: Rng, stop: Callable[[Game], bool],
               policy: Policy = simple_policy) -> bool:
    """Play until ``stop(game)`` holds (True) or the game ends without it (False)."""
    return driver.play(game, with_rng(policy, rng), until=stop)


def at(epoch: int, step_name: str, round_: int | None = None) -> Callable[[Game], bool]:
    """A stop condition: the given epoch and step (and round, if given)."""
    def stop(g: Game) -> bool:
        return (g.epoch == epoch and g.step == step_name
                and (round_ is None or g.round == round_))
    return stop


def steered_policy(wanted: tuple[str, ...] | set[str] | frozenset[str]) -> Policy:
    """The simple policy, leaning its purchases towards the decisions in ``wanted``: military
    for colonies, culture for statues, no food (so feeding is needed) for feeding, and selling
    for coins (medals). Used only when a seeded sample game lacks a decision kind."""
    def policy(game: Game, seat: int, actions: list[Action], rng: Rng) -> Action:
        trades = [a for a in actions if a["type"] in ("draft", "take")]
        if not trades:
            return simple_policy(game, seat, actions, rng)

        def lean(a: Action) -> float:
            if a["mode"] == "sell":
                return 1.0 if "medals" in wanted else -1.0
            g = game.catalog.cards[a["card"]].gains
            return (("colony" in wanted) * g[MILITARY] + ("statue" in wanted) * g[CULTURE]
                    - ("feeding" in wanted) * 2 * g[FOOD] + ("feeding" in wanted) * 0.5)
        best = max(trades, key=lean)
        return best if lean(best) > 0 else simple_policy(game, seat, actions, rng)
    return policy


def moments(players: int) -> dict[str, Callable[[Game], bool]]:
    """The board moments of a sample game, in game order: Phase A of epoch I (round 2), the
    colonies after Phase A of epoch II (the table's focus layout), a late take of Phase B in
    epoch II, and the end."""
    return {
        "epoch1-phaseA": at(1, "draft", 2),
        "epoch2-colony": lambda g: g.epoch == 2 and g.step == "colony" and g.phase == "A",
        "epoch2-phaseB": at(2, "phase_b", players + 1),
        "end": lambda g: g.is_over,
    }


@dataclass
class Sample:
    """What a sample game went through: the views to draw, by what they show."""
    boards: dict[str, View] = field(default_factory=dict)  # moment -> spectator view
    decisions: dict[str, View] = field(default_factory=dict)  # kind -> the deciding seat's
    reveal: tuple[dict[str, Any], View] | None = None  # round_revealed event, view after it
    reveal_rank: tuple[bool, bool, int] = (False, False, 0)

    def missing(self) -> list[str]:
        return [k for k in KINDS if k not in self.decisions]


def _richness(game: Game, kind: str, ctx: Mapping[str, Any], players: int) -> tuple[int, ...]:
    """How much a decision shows (the sample keeps the richest, the earliest of equals): a
    round-2 draft, a late Phase-B take, epoch II's end-of-phase decisions with the most in
    reach, and medals with both kinds for sale."""
    if kind == "draft":
        return (game.epoch == 1 and game.round == 1,)
    if kind == "phase_b":
        return (game.epoch == 2 and game.round >= players,)
    late = int(game.epoch == 2)
    if kind == "colony":
        return late, min(2, sum(bool(lv["reachable"]) for lv in ctx["levels"]))
    if kind == "statue":
        return late, min(2, sum(bool(sp["reachable"]) for sp in ctx["spaces"]))
    if kind == "medals":
        return int(bool(ctx["silver"]["legal"])) + int(bool(ctx["gold"]["legal"])), late
    if kind == "feeding":
        return late, int(ctx["must_remove"] > 0)
    return ()


def play_sample(players: int, seed: int, variant: str = "basic",
                names: tuple[str, ...] | list[str] | None = None,
                policy: Policy = simple_policy) -> Sample:
    """Play a whole game, keeping the views of the sample's moments, decisions and reveal."""
    from hadara.views import view

    game = new_game(players, seed, variant, names)
    decide = with_rng(policy, Rng(seed))
    sample = Sample()
    richness: dict[str, tuple[int, ...]] = {}
    todo = moments(players)

    def on(res: Result) -> None:
        for event in res.public:
            if event["kind"] != "round_revealed":
                continue
            modes = {c["mode"] for c in event["choices"]}
            steps = any(e.get("steps") for c in event["choices"] for e in c.get("effects", ()))
            # both a buy and a (secret) sale, an extra step if possible, the latest epoch
            rank = (modes == {"buy", "sell"}, steps, -abs(game.epoch - 2))
            if sample.reveal is None or rank > sample.reveal_rank:
                sample.reveal, sample.reveal_rank = (dict(event), view(game, None)), rank

    while True:
        for name, stop in list(todo.items()):
            if stop(game):
                sample.boards[name] = view(game, None)
                del todo[name]
        d = driver.next_decision(game)
        if d is None:
            break
        if not d.forced:
            seen = view(game, d.seat)
            ctx = seen["private"].get("context")
            kind = ctx["kind"] if ctx else None
            if ctx is not None and kind in KINDS:
                rich = _richness(game, kind, ctx, players)
                if kind not in richness or rich > richness[kind]:
                    richness[kind], sample.decisions[kind] = rich, seen
        action = d.actions[0] if d.forced else decide(game, d)
        on(game.apply(d.seat, action, d.id))
    if todo:
        raise RuntimeError(f"the sample game ({players} players, seed {seed}) never reached "
                           f"the board moments {sorted(todo)}")
    if variant != "advanced" and "setup_side" not in sample.decisions:
        setup = new_game(players, seed, "advanced", names)
        if play_until(setup, Rng(seed), lambda g: g.step == "setup_side"
                      and bool(g.waiting_on())):
            sample.decisions["setup_side"] = view(setup, setup.waiting_on()[0])
    return sample


def sample_images(players: int, seed: int, variant: str = "basic",
                  names: tuple[str, ...] | list[str] | None = None,
                  locale: str = "en") -> dict[str, bytes]:
    """A game between simple players, imaged: file name -> PNG bytes.

    - ``board-<moment>-table.png`` and ``-players.png`` for each of :func:`moments` (the end
      has the final-standings table), and ``board.png``: Phase B of epoch II stacked;
    - ``decision-<kind>.png``: one private decision image per kind of :data:`KINDS`;
    - ``reveal.png``: a Phase-A round revealed (one with a buy and a sale when there is);
    - ``scores.png``: the final scores.

    If the seeded game lacks a decision kind, it is played again with the purchases steered
    towards it (:func:`steered_policy`); a kind still missing raises RuntimeError. The
    images' words are in ``locale``.
    """
    from . import (
        render_board,
        render_board_stacked,
        render_decision,
        render_reveal,
        render_scores,
    )

    sample = full_sample(players, seed, variant, names)
    assert sample.reveal is not None
    out: dict[str, bytes] = {}
    for moment, seen in sample.boards.items():
        for part, png in render_board(seen, locale=locale).items():
            out[f"board-{moment}-{part}.png"] = png
    out["board.png"] = render_board_stacked(sample.boards["epoch2-phaseB"], locale=locale)
    for kind in KINDS:
        out[f"decision-{kind}.png"] = render_decision(sample.decisions[kind], locale=locale)
    event, after = sample.reveal
    out["reveal.png"] = render_reveal(event, after, locale=locale)
    out["scores.png"] = render_scores(sample.boards["end"], locale=locale)
    return out


def full_sample(players: int, seed: int, variant: str = "basic",
                names: tuple[str, ...] | list[str] | None = None) -> Sample:
    """:func:`play_sample` with every decision kind and a reveal (steered if need be;
    RuntimeError if one is still missing)."""
    sample = play_sample(players, seed, variant, names)
    if sample.missing():
        sample = play_sample(players, seed, variant, names,
                             steered_policy(frozenset(sample.missing())))
    if sample.missing() or sample.reveal is None:
        raise RuntimeError(f"the sample game ({players} players, seed {seed}) has no "
                           f"{', '.join(sample.missing()) or 'round reveal'} decision image")
    return sample
