"""The checks every call shares: what the service accepts from a front end, checked once,
before anything reaches the store (docs/service.md, "Clean edges"), and the one lookup of a
user's seat and of a game's status.

A game id that is not an ``int`` in 1..``MAX_ID`` is ``not_found`` without asking the store; a
user or server id outside 0..``MAX_ID`` is ``bad_request``; a name is cleaned in one place
(:func:`clean_name`); values for the store must be storable JSON (:func:`storable`). A storage
fault becomes the refusal ``storage_unavailable`` (:func:`storage`, :func:`unavailable`). And
the checks of a game's status and of a user's seat that the calls share (:func:`playing`,
:func:`started`, :func:`ended`, :func:`host`; :func:`seat_of` finds a user's seat,
:func:`own_seat` refuses without one, :func:`person` says whether a person plays a seat now).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from functools import wraps
from typing import ParamSpec, Protocol, TypeGuard

from bot.limits import RateLimits
from bot.storage.base import (
    ABANDONED,
    FINISHED,
    LOBBY,
    GameRecord,
    SeatRecord,
    StorageUnavailable,
)
from hadara.engine import MAX_NAME, Game

from . import refusals
from .refusals import Refusal

P = ParamSpec("P")


class Loaded(Protocol):
    """A game as memory holds it (``memory.Held``): its record and, once started, the game.
    The checks read no more of it, so they need nothing of memory."""

    record: GameRecord
    game: Game | None

#: Ids the stores can hold (SQLite INTEGER, PostgreSQL BIGINT): a game id outside 1..MAX_ID is
#: no game, and a user or server id outside 0..MAX_ID is refused, without asking the store.
MAX_ID = 2**63 - 1


# ---------------------------------------------------------------------- ids and values


def check_id(game_id: object) -> None:
    """``not_found`` for a game id no store can hold (not an int in 1..MAX_ID)."""
    if type(game_id) is not int or not 0 < game_id <= MAX_ID:
        raise Refusal(refusals.NOT_FOUND, "There is no such game.", game_id=str(game_id)[:20])


def valid_user(user_id: object) -> TypeGuard[int]:
    return type(user_id) is int and 0 <= user_id <= MAX_ID


def check_user(user_id: object, reason: str = "bad_user") -> int:
    """A user (or server) id the stores can hold, else ``bad_request``."""
    if not valid_user(user_id):
        raise Refusal(refusals.BAD_REQUEST, "That id is not valid.", reason)
    return int(user_id)


def storable(value: object) -> bool:
    """Whether ``value`` is JSON the stores can keep (UTF-8 text, no NaN)."""
    try:
        json.dumps(value, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except (TypeError, ValueError, RecursionError):
        return False
    return True


# ---------------------------------------------------------------------- names

#: Characters that show nothing (besides the categories Cc, Cf, Z*, Mn, Me): Hangul fillers,
#: the Braille blank, Khmer vowel inherents, the Mongolian vowel separator …
_BLANK = frozenset("\u115f\u1160\u17b4\u17b5\u180e\u2800\u3164\uffa0")
#: Format characters kept inside a name: the zero-width (non-)joiners of emoji and scripts
#: (Persian, Indic …) and the tag characters of flag emoji; every other Cf (bidi controls,
#: zero-width space, word joiner, BOM, soft hyphen …) and every control character is removed.
_KEEP_FORMAT = frozenset("\u200c\u200d") | frozenset(chr(c) for c in range(0xE0020, 0xE0080))


def _visible(ch: str) -> bool:
    return ch not in _BLANK and unicodedata.category(ch)[0] not in "CZM"


def clean_name(name: object, taken: list[str]) -> str:
    """A seat name: NFC-normalised, control and invisible format characters removed,
    whitespace collapsed, at most MAX_NAME characters, distinct from ``taken``. Refused
    (``bad_request``): no text (``bad_name``), a lone surrogate (``bad_characters``, text
    that is not Unicode), nothing visible (``invisible_name``)."""
    if type(name) is not str or not name.strip():
        raise Refusal(refusals.BAD_REQUEST, "A name is needed.", "bad_name", max=MAX_NAME)
    if any("\ud800" <= ch <= "\udfff" for ch in name):
        raise Refusal(refusals.BAD_REQUEST, "That name holds characters that are not text.",
                      "bad_characters", max=MAX_NAME)
    text = "".join(ch for ch in unicodedata.normalize("NFC", name)
                   if ch in _KEEP_FORMAT or unicodedata.category(ch) not in ("Cc", "Cf"))
    if not any(_visible(ch) for ch in text):
        raise Refusal(refusals.BAD_REQUEST, "A name needs at least one visible character.",
                      "invisible_name", max=MAX_NAME)
    base = " ".join(text.split())[:MAX_NAME]
    out, k = base, 2
    while out in taken:
        suffix = f" {k}"
        out = base[:MAX_NAME - len(suffix)] + suffix
        k += 1
    return out


# ---------------------------------------------------------------------- storage faults


def unavailable(exc: StorageUnavailable) -> Refusal:
    return Refusal(refusals.STORAGE_UNAVAILABLE, "Your move was not taken: the game cannot be "
                   "saved right now. Try again in a moment.", exc.kind)


@asynccontextmanager
async def storage() -> AsyncIterator[None]:
    """A storage fault in the block becomes the refusal ``storage_unavailable``."""
    try:
        yield
    except StorageUnavailable as exc:
        raise unavailable(exc) from None


# ---------------------------------------------------------------------- status and seats


def ended(status: str) -> None:
    if status == FINISHED:
        raise Refusal(refusals.FINISHED, "The game is over.")
    if status == ABANDONED:
        raise Refusal(refusals.ABANDONED, "The game was abandoned.")


def playing(held: Loaded) -> Game:
    """The live game, in play (not in its lobby, not over, not abandoned)."""
    status = held.record.status
    if status == LOBBY:
        raise Refusal(refusals.NOT_STARTED, "The game has not started yet.")
    ended(status)
    assert held.game is not None
    return held.game


def started(held: Loaded) -> Game:
    """The live game, once started (over or abandoned too)."""
    if held.game is None:
        raise Refusal(refusals.NOT_STARTED, "The game has not started yet.")
    return held.game


def host(rec: GameRecord, by_user: int | None, required: bool = False) -> None:
    """``not_host`` unless ``by_user`` is the host (``by_user`` None passes unless
    ``required``: a manager the access policy let through)."""
    if (by_user is not None or required) and by_user != rec.host_user_id:
        raise Refusal(refusals.NOT_HOST, "Only the host of the table may do that.")


def seat_of(rec: GameRecord, user_id: int) -> int | None:
    """The user's seat (the engine's once started), or None: the one lookup of it."""
    return next((s.seat for s in rec.seats if s.user_id == user_id), None)


def own_seat(rec: GameRecord, user_id: int, seat: int | None = None) -> int:
    """The user's seat, refused ``not_seated`` without one (or when ``seat``, a front end's
    idea of it, names another) and ``conceded`` once they conceded; a seat the AI took over
    after missed deadlines is still theirs."""
    mine = seat_of(rec, user_id)
    if mine is None:
        raise Refusal(refusals.NOT_SEATED, "You have no seat in this game.")
    if rec.seats[mine].conceded:
        raise Refusal(refusals.CONCEDED, "You conceded; the AI plays your seat now.",
                      seat=mine)
    if seat is not None and seat != mine:
        raise Refusal(refusals.NOT_SEATED, "That seat is not yours.", seat=seat)
    return mine


def any_seat(rec: GameRecord, user_id: int) -> int:
    """The user's seat, conceded or not: ``not_seated`` without one."""
    mine = seat_of(rec, user_id)
    if mine is None:
        raise Refusal(refusals.NOT_SEATED, "You have no seat in this game.")
    return mine


def person(s: SeatRecord) -> bool:
    """A seat a person plays now (their clock runs): not an AI's, not conceded, not taken
    over by the AI."""
    return s.user_id is not None and not s.conceded and not s.ai_takeover


def conceded(seats: Iterable[SeatRecord]) -> frozenset[int]:
    """The seats conceded (``hadara.scoring.final_ranking`` ranks them last)."""
    return frozenset(s.seat for s in seats if s.conceded)


def seat_number(game: Game, seat: object) -> int:
    """``seat`` if the game has it, else ``not_seated`` (a front end's seat number)."""
    if type(seat) is not int or not 0 <= seat < game.n:
        raise Refusal(refusals.NOT_SEATED, "There is no such seat in this game.",
                      seat=str(seat))
    return seat


# ---------------------------------------------------------------------- limits


def limit(rate_limits: RateLimits, name: str, key: int) -> None:
    """Count one use of the windowed limit ``name`` (``bot/limits.py``) for ``key`` (a user,
    or a game): Refusal ``limited`` (reason ``name``, ``retry_at`` clock seconds) over it,
    counting nothing."""
    later = rate_limits.take(name, key)
    if later is not None:
        raise Refusal(refusals.LIMITED, "Too many of those for now; try again later.",
                      name, retry_at=later)


# ---------------------------------------------------------------------- timer handlers


def tolerant(handler: Callable[P, Awaitable[None]]) -> Callable[P, Awaitable[None]]:
    """A timer handler whose storage faults (and damaged games) end quietly: the timers stay
    stored and the scheduler fires them again (its retry), the store logged the fault once."""

    @wraps(handler)
    async def run(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            await handler(*args, **kwargs)
        except StorageUnavailable:
            pass
        except Refusal as refusal:
            if refusal.code not in (refusals.STORAGE_UNAVAILABLE, refusals.DAMAGED):
                raise

    return run
