"""Playing on: the one way to advance a game until someone must decide.

Two entry points, for two kinds of caller:

* :func:`step` — for a service that answers decisions when it can (an async bot whose AI thinks
  in a process pool, or that waits for people): it applies every forced decision (exactly one
  legal action) and returns the decisions the game now waits for. The caller answers them with
  ``game.apply(d.seat, action, d.id)`` in any order and calls :func:`step` again.
* :func:`play` — for a synchronous caller with a policy (the demo, simulations, tournaments,
  sample images): it answers one decision at a time, in seat order, until the game is over or a
  stop condition holds. A forced decision is applied without asking the policy.

Both never ask anyone a forced decision and reach the same positions up to the order of the
answers within a simultaneous step (the draft, setup sides, feeding, medals), whose picks stay
hidden until everyone has answered. :func:`play` answers in turn (the first seat the game waits
for), which is cheapest (one list of legal actions per action) and keeps the games of a seed —
including the agents' decision seeds, which read the view's counters — as they always were.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .engine import Action, Decision, Game, Result
from .errors import GameOver

#: A player: the action it takes (one of ``decision.actions``) for a pending decision.
Policy = Callable[[Game, Decision], Action]
#: Receives the events of every applied action (forced ones included).
OnResult = Callable[[Result], None]


def _decision(game: Game, seat: int) -> Decision:
    acts = game.legal_actions(seat)
    return Decision(game.decision_ids[seat], seat, game.step,  # type: ignore[arg-type]
                    acts, len(acts) == 1, game.commits[seat] is not None)


def pending(game: Game) -> list[Decision]:
    """The decisions the game waits for, in seat order: pending and not yet committed.

    Unlike :func:`step` it applies nothing, so forced decisions may be among them.
    """
    return [_decision(game, s) for s in game.waiting_on()]


def step(game: Game, on_result: OnResult | None = None) -> list[Decision]:
    """Apply every forced decision, then return the decisions the game waits for.

    None of the returned decisions is forced or committed; their seats are exactly
    ``game.waiting_on()``. The list is empty once the game is over (and only then).
    ``on_result`` receives the events of the forced actions, if there were any.
    """
    res = game.apply_forced()
    if on_result is not None and (res.public or res.private):
        on_result(res)
    return pending(game)


def next_decision(game: Game) -> Decision | None:
    """The first decision the game waits for (lowest seat), forced or not; None when over."""
    ids, commits = game.decision_ids, game.commits
    for seat in range(game.n):  # game.waiting_on()[0], without building the lists (hot path)
        if ids[seat] is not None and commits[seat] is None:
            return _decision(game, seat)
    return None


def policy_of(policy: Policy | Sequence[Policy], seat: int) -> Policy:
    """The policy of ``seat``: one policy for everyone, or one per seat."""
    return policy if callable(policy) else policy[seat]


def play_one(game: Game, policy: Policy | Sequence[Policy], *, check: bool = True) -> Result:
    """Answer the next decision (:func:`next_decision`); a forced one without the policy.

    ``check=False`` skips apply's legality check, for policies that return one of
    ``decision.actions`` (simulations, AI); the decision id is always checked.
    Raises :class:`~hadara.errors.GameOver` when the game is over.
    """
    d = next_decision(game)
    if d is None:
        raise GameOver("The game is over.")
    action = d.actions[0] if d.forced else policy_of(policy, d.seat)(game, d)
    return game.apply(d.seat, action, d.id, check=check)


def play(game: Game, policy: Policy | Sequence[Policy], *, on_result: OnResult | None = None,
         until: Callable[[Game], bool] | None = None, check: bool = True) -> bool:
    """Play on with ``policy`` (one for all seats, or one per seat) until the game is over.

    With ``until``, stop as soon as ``until(game)`` holds (it is checked before every action,
    forced ones included). Returns whether the stop condition holds at the end: with ``until``,
    False means the game ended first; without, it is True (the game is over).
    ``on_result`` receives the events of every action, forced ones included.
    """
    stop = until if until is not None else _over
    while not stop(game):
        if game.is_over:
            return False
        res = play_one(game, policy, check=check)
        if on_result is not None:
            on_result(res)
    return True


def _over(game: Game) -> bool:
    return game.is_over
