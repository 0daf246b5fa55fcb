"""What a front end shows for a seat's decision: every legal action with its label, then the
natural options that are not legal now, each with its reason. Labels and reasons are codes
with parameters (see :mod:`hadara.reasons`), worded in English by :mod:`hadara.narrate`.
"""

from __future__ import annotations

from . import narrate
from .engine import Game
from .reasons import explain_illegal, label, label_fields, label_parts, unavailable
from .types import OptionData

__all__ = ["explain_illegal", "label", "label_parts", "options", "unavailable"]


def options(game: Game, seat: int) -> list[OptionData]:
    """Legal actions with labels (``label``, ``label_code``, ``label_params``,
    ``legal: True``), then the unavailable natural options with reasons."""
    cat = game.catalog
    legal: list[OptionData] = []
    for a in game.legal_actions(game.check_seat(seat)):
        parts = label_parts(game, seat, a)
        legal.append({"action": a, **label_fields(parts, narrate.label(parts, cat)),
                      "legal": True})
    return legal + unavailable(game, seat)
