"""Typed errors with stable codes. Every refused action leaves the game unchanged.

Each error has a ``code`` (its class: what kind of refusal), a ``reason`` (a stable, more
specific code such as ``needs_military``) and ``params`` (the numbers and names the reason
needs). ``message`` is one English wording of them; front ends in other languages word the
reason and params themselves and never parse the message.
"""

from __future__ import annotations

from typing import Any


class HadaraError(Exception):
    """Base of all engine refusals; ``code`` and ``reason`` are stable, ``message`` is English."""

    code = "error"

    def __init__(self, message: str, reason: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason or self.code
        self.params = params

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "reason": self.reason, "params": dict(self.params),
                "message": self.message}


class GameOver(HadaraError):
    code = "game_over"


class NotYourDecision(HadaraError):
    code = "not_your_decision"


class NotSeated(HadaraError):
    """A seat argument that names no seat of this game (-1, True, "0", 7 …)."""

    code = "not_seated"


class StaleDecision(HadaraError):
    code = "stale"


class IllegalAction(HadaraError):
    code = "illegal"


class MalformedAction(IllegalAction):
    """The action is not a well-formed action at all (wrong shape, types or keys)."""

    code = "malformed"


class CannotAfford(IllegalAction):
    code = "cannot_afford"


class BadSetup(HadaraError):
    """Game.new / Game.from_setup arguments that cannot make a game (players, variant, seed)."""

    code = "bad_setup"


class BadSave(HadaraError):
    """A saved game that cannot be loaded (other content, other rules, corrupt JSON)."""

    code = "bad_save"
