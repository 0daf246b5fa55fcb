"""Typed errors with stable codes. Every refused action leaves the game unchanged."""

from __future__ import annotations


class HadaraError(Exception):
    """Base of all engine refusals; ``code`` is stable, ``message`` is for people."""

    code = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class GameOver(HadaraError):
    code = "game_over"


class NotYourDecision(HadaraError):
    code = "not_your_decision"


class StaleDecision(HadaraError):
    code = "stale"


class IllegalAction(HadaraError):
    code = "illegal"


class CannotAfford(IllegalAction):
    code = "cannot_afford"


class BadSave(HadaraError):
    """A saved game that cannot be loaded (other content, other rules, corrupt JSON)."""

    code = "bad_save"
