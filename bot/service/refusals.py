"""Typed refusals: why the service did not do what a front end asked.

Every service call that is refused raises :class:`Refusal`, and a refused call changes nothing
in memory and writes nothing to the store. A refusal carries a stable ``code`` (what kind of
refusal; the list below), a ``reason`` (a more specific stable code, the engine's reason for
engine refusals such as ``needs_military``), ``params`` (the numbers and names the reason
needs) and ``message`` (one English wording). Front ends in other languages word ``code``,
``reason`` and ``params`` themselves and never parse the message.
"""

from __future__ import annotations

from typing import Any

from hadara.errors import HadaraError

# -- the codes (documented in docs/service.md)
NOT_FOUND = "not_found"  # no game with that id
NOT_SEATED = "not_seated"  # the user has no seat in this game (or the seat does not exist)
NOT_HOST = "not_host"  # only the host (or an admin, for abandon) may do that
NOT_STARTED = "not_started"  # the game is still in its lobby
STARTED = "started"  # the lobby is closed: the game has started (or ended)
LOBBY_FULL = "lobby_full"  # every seat of the table is taken
ALREADY_JOINED = "already_joined"  # the user already holds a seat
TOO_FEW_PLAYERS = "too_few_players"  # start needs at least 2 seats
BAD_REQUEST = "bad_request"  # an argument out of range (seats, variant, AI level, name …)
CONCEDED = "conceded"  # the user conceded this seat; the AI plays it now
FINISHED = "finished"  # the game is over (the engine's game_over maps here too)
ABANDONED = "abandoned"  # the game was abandoned
# engine refusals of submit (hadara.errors), passed through with their reason and params
NOT_YOUR_DECISION = "not_your_decision"
STALE = "stale"
ILLEGAL = "illegal"
CANNOT_AFFORD = "cannot_afford"
MALFORMED = "malformed"
# time control (docs/service.md, "Time control, reminders and expiry")
TAKEN_OVER = "taken_over"  # submit/vote: the AI plays your seat (missed deadlines); rejoin
NOT_TAKEN_OVER = "not_taken_over"  # rejoin: the AI does not play your seat
AWAY_ALLOWANCE = "away_allowance"  # away: beyond the yearly vacation allowance
# the access policy (bot/access.py, docs/security.md): reason = the policy's reason code
DENIED = "denied"  # the actor may not do that to this game, or not from where they act
LIMITED = "limited"  # a per-user (or per-game) limit (bot/limits.py): reason = the limit
# storage that can be trusted (docs/service.md, "Damaged games" and "Storage faults")
DAMAGED = "damaged"  # the game's stored record is damaged (reason: bad_json, bad_action …)
NOT_DAMAGED = "not_damaged"  # repair: the game loads as it is, nothing to repair
STORAGE_UNAVAILABLE = "storage_unavailable"  # nothing was stored (reason: disk_full …)
# reliability (bot/service/reliability.py): the table or league asks for a finish rate
FINISH_RATE = "finish_rate"  # join: the user's finish rate on the server is under its minimum

CODES: tuple[str, ...] = (
    NOT_FOUND, NOT_SEATED, NOT_HOST, NOT_STARTED, STARTED, LOBBY_FULL, ALREADY_JOINED,
    TOO_FEW_PLAYERS, BAD_REQUEST, CONCEDED, FINISHED, ABANDONED, NOT_YOUR_DECISION, STALE,
    ILLEGAL, CANNOT_AFFORD, MALFORMED, TAKEN_OVER, NOT_TAKEN_OVER, AWAY_ALLOWANCE,
    DENIED, LIMITED, DAMAGED, NOT_DAMAGED, STORAGE_UNAVAILABLE, FINISH_RATE,
)


class Refusal(Exception):
    """A refused service call: nothing changed, nothing was written."""

    def __init__(self, code: str, message: str, reason: str | None = None,
                 **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.reason = reason or code
        self.params = params
        self.message = message

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "reason": self.reason, "params": dict(self.params),
                "message": self.message}

    def __repr__(self) -> str:
        return f"Refusal({self.code!r}, {self.reason!r}, {self.params!r})"

    @classmethod
    def from_engine(cls, error: HadaraError) -> Refusal:
        """The engine's refusal with its code, reason and params (``game_over`` becomes
        ``finished``, the service's code for a game that has ended)."""
        code = FINISHED if error.code == "game_over" else error.code
        return cls(code, error.message, error.reason, **error.params)
