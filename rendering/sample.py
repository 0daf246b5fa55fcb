"""Sample games for the CLI, tests and benchmark: simple players, stopped at chosen moments."""

from __future__ import annotations

from collections.abc import Callable

from hadara import driver
from hadara.demo import Policy, simple_policy, with_rng
from hadara.engine import Game
from hadara.rng import Rng

NAMES = ("Amira", "Bahram", "Cyrus", "Darya", "Esther")


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


def sample_images(players: int, seed: int, variant: str = "basic",
                  names: tuple[str, ...] | list[str] | None = None,
                  render: Callable[..., dict[str, bytes]] | None = None) -> dict[str, bytes]:
    """A game between simple players, imaged at several moments: file name -> PNG bytes.

    Board (table + players) in Phase A of epoch I, Phase B of epoch II and at the end, and
    the epoch-II board stacked in one file (``board.png``); the Phase-A hand of a seat
    (``hand.png``), a Phase-B pick and a feeding choice when they occur, and the final scores.
    """
    from hadara.views import view

    from . import render_board, render_board_stacked, render_hand, render_scores

    game = new_game(players, seed, variant, names)
    rng = Rng(seed)
    out: dict[str, bytes] = {}

    def board(tag: str) -> None:
        for part, png in render_board(view(game, None)).items():
            out[f"board-{tag}-{part}.png"] = png

    if play_until(game, rng, at(1, "draft", 2)):
        board("epoch1-phaseA")
        out["hand.png"] = render_hand(view(game, game.waiting_on()[0]))
    if play_until(game, rng, at(2, "phase_b", players + 1)):
        board("epoch2-phaseB")
        out["board.png"] = render_board_stacked(view(game, None))
        out["hand-phaseB.png"] = render_hand(view(game, game.waiting_on()[0]))
    if play_until(game, rng, lambda g: g.step == "feeding" and bool(g.waiting_on())):
        out["hand-feeding.png"] = render_hand(view(game, game.waiting_on()[0]))
    play_until(game, rng, lambda g: g.is_over)
    board("end")
    out["scores.png"] = render_scores(view(game, None))
    return out
