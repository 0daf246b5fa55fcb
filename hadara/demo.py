"""``python -m hadara demo``: a whole game between simple players, printed as a readable log."""

from __future__ import annotations

from collections.abc import Callable

from . import driver
from .engine import Action, Decision, Game, Result
from .narrate import describe
from .rng import Rng

Policy = Callable[[Game, int, list[Action], Rng], Action]


def random_policy(game: Game, seat: int, actions: list[Action], rng: Rng) -> Action:
    return actions[rng.below(len(actions))]


def simple_policy(game: Game, seat: int, actions: list[Action], rng: Rng) -> Action:
    """A plain heuristic: buy the card with most points per coin, take colonies and statues,
    feed by removing the least valuable card, buy medals when they are affordable."""
    cat = game.catalog

    def worth(a: Action) -> float:
        t = a["type"]
        if t in ("draft", "take"):
            card = cat.cards[a["card"]]
            if a["mode"] == "sell":
                return 1.0
            value = card.points + 1.5 * sum(card.gains) + (3 if card.effect else 0)
            return value / (1 + game.card_cost(seat, card)) + 1.5
        if t == "colony":
            return 3.0 if a["mode"] == "integrate" else 2.0
        if t == "statue":
            return 2.0 if a["side"] == "points" else 1.5
        if t == "feed_remove":
            card = cat.cards[a["card"]]
            return -card.points - 2 * card.gains[3]
        if t == "feed_pay":
            return 0.0
        if t == "medal":
            return 2.0
        if t == "wheel":
            return rng.below(100) / 100
        if t == "setup_side":
            return 1.0 if a["side"] == "A" else 0.5
        return 0.1  # skips and done
    return max(actions, key=worth)


def with_rng(policy: Policy, rng: Rng) -> driver.Policy:
    """``policy`` as a :mod:`hadara.driver` policy drawing from ``rng``."""
    def decide(game: Game, decision: Decision) -> Action:
        return policy(game, decision.seat, decision.actions, rng)
    return decide


def play(players: int = 4, seed: int = 7, variant: str = "basic",
         policy: Policy = simple_policy, out: Callable[[str], None] = print) -> Game:
    names = ["Amira", "Bahram", "Cyrus", "Darya", "Esther"][:players]
    game = Game.new(names, variant, seed)
    rng = Rng(seed)
    for line in _lines(game, game.opening.public):
        out(line)

    def show(res: Result) -> None:
        for event in res.public:
            for line in _lines(game, [event]):
                out(line)
            if event["kind"] == "medals_revealed" and not game.is_over:
                for line in standings(game):  # between epochs, the state is the epoch's end
                    out(line)

    driver.play(game, with_rng(policy, rng), on_result=show)
    return game


def standings(game: Game) -> list[str]:
    """A short table of every seat's position, printed between epochs."""
    lines = ["Standings:"]
    for s, table in enumerate(game.scores()):
        tr = game.tracks[s]
        lines.append(f"  {game.players[s]:<8} {table['total']:>4} pts · {game.coins[s]:>3} coins · "
                     f"income {tr[0]}, military {tr[1]}, culture {tr[2]}, food {tr[3]} · "
                     f"{len(game.tableau[s])} cards, {len(game.colonies[s])} colonies, "
                     f"{sum(1 for x in game.statues[s] if x)} statues")
    return lines


def _lines(game: Game, events: list[dict]) -> list[str]:
    return [line for e in events for line in describe(e, game.players, game.catalog)]
