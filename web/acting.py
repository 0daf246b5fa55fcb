"""Acting on the page (docs/web.md, "Acting"): a player's choice posted from their page, made
through the same service calls as Discord's buttons (``choose``, ``choose_feeding``) — exactly
once, a stale choice refused by its decision id, the same refusal codes and words.

A page posts a form (``POST /g/{game}/act``): its CSRF token, the decision it shows, and the
option chosen as ``index.check`` (the option's place in the seat's list and four hex digits of
its action, as a button's custom id carries them: a stale index never picks another action),
or for a feeding every card to remove and how many to pay for. Everything is bounded and
checked in shape here, before the service is asked.

The CSRF token is derived, never stored: an HMAC of the session's token with the links'
secret, under a purpose of its own, so a page of another site cannot post for the player
(it cannot read the page that carries the token), and it ends with the session.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass

from bot import access
from bot.service import GameService, Refusal
from bot.service.screens import Hint

_RAW = 24  # bytes of the token (HMAC-SHA256, cut)
CSRF_CHARS = 64  # its masked form in base64: pad and token, 48 bytes
#: What a page's parts carry in the token's place; the token is put in as the page is sent
#: (web/app.py), so a part's hash does not change with every masking. Random per process, so
#: no player's name can hold it.
PLACEHOLDER = f"csrf-{secrets.token_hex(12)}"
_PURPOSE = b"hadara-csrf/1|"
_DECISION = re.compile(r"^[A-Za-z0-9_.-]{1,40}$")  # "d49", "d49.1.1" (a medal step)
_OPTION = re.compile(r"^(\d{1,4})\.([0-9a-f]{4})$")
MAX_PICKS = 40  # cards removed in one feeding (a tableau holds fewer)
MAX_PAYMENTS = 20


def _raw(secret: bytes, session_token: str) -> bytes:
    if not secret:
        raise ValueError("no secret")
    return hmac.new(secret, _PURPOSE + session_token.encode("utf-8"),
                    hashlib.sha256).digest()[:_RAW]


def csrf_token(secret: bytes, session_token: str) -> str:
    """The session's CSRF token as one page carries it: masked afresh every time (a random
    pad and the token XOR the pad), so a compressed page never repeats a secret an attacker
    could guess a byte at a time (BREACH); every masking of it is valid."""
    raw = _raw(secret, session_token)
    pad = secrets.token_bytes(_RAW)
    masked = pad + bytes(a ^ b for a, b in zip(pad, raw, strict=True))
    return base64.urlsafe_b64encode(masked).decode("ascii")


def csrf_valid(secret: bytes, session_token: str, candidate: object) -> bool:
    if not isinstance(candidate, str) or len(candidate) != CSRF_CHARS:
        return False
    try:
        masked = base64.urlsafe_b64decode(candidate.encode("ascii"))
    except (ValueError, UnicodeEncodeError):
        return False
    if len(masked) != 2 * _RAW:
        return False
    pad, body = masked[:_RAW], masked[_RAW:]
    return hmac.compare_digest(bytes(a ^ b for a, b in zip(pad, body, strict=True)),
                               _raw(secret, session_token))


class BadForm(ValueError):
    """A form that no page of ours posts (a modified client): refused before the service."""


@dataclass(frozen=True)
class Choice:
    """What a page posted: the decision it shows and the option chosen, or a feeding's
    removals (options) and payments."""

    decision: str
    option: tuple[int, str] | None = None
    removals: tuple[tuple[int, str], ...] = ()
    payment: tuple[int, str] | None = None
    payments: int = 0
    do: str | None = None  # one of TOOLS instead of a choice
    plan: dict[str, object] | None = None  # do="queue": the plan (None: withdraw it)
    token: str = ""  # do="queue": the game's position the plan was made at


def _option(text: str) -> tuple[int, str]:
    match = _OPTION.match(text)
    if match is None:
        raise BadForm("an option is index.check")
    return int(match.group(1)), match.group(2)


#: What a page may do besides choosing, by the access policy's operation for it: a hint for
#: the decision shown, taking back one's last move, conceding, taking one's seat back.
TOOLS = {"hint": "hint", "undo": "undo", "concede": "concede", "rejoin": "rejoin",
         "queue": "queue"}
_TOKEN = re.compile(r"^[0-9a-f]{4}$")
_CARD = re.compile(r"^[A-Za-z0-9-]{1,20}$")
_COLONY = re.compile(r"^colony:(?:skip|(\d{1,3})\.(plunder|integrate))$")
_STATUE = re.compile(r"^statue:(?:skip|(\d)\.([a-z]{1,10})\.(colour|points))$")
PHASE_B_MODES = ("buy_else_sell", "buy_only", "sell")


def _plan(form: Mapping[str, object], cards: list[str]) -> dict[str, object] | None:
    """A plan as ``GameService.queue_choice`` takes it (None: withdraw), or BadForm."""
    plan = str(form.get("plan", ""))
    if plan == "withdraw":
        return None
    if plan == "phase_b":
        chosen = [c for c in cards if c]
        mode = form.get("mode")
        if not 1 <= len(chosen) <= 3 or not all(_CARD.match(c) for c in chosen) \
                or mode not in PHASE_B_MODES:
            raise BadForm("a Phase-B plan is one to three cards and a mode")
        return {"kind": "phase_b", "cards": list(dict.fromkeys(chosen)), "mode": mode}
    if (match := _COLONY.match(plan)) is not None:
        level, mode = match.groups()
        return {"kind": "colony", "level": int(level) if level else None, "mode": mode}
    if (match := _STATUE.match(plan)) is not None:
        space, tile, side = match.groups()
        return {"kind": "statue", "space": int(space) if space else None, "tile": tile,
                "side": side}
    raise BadForm("no such plan")


def parse(form: Mapping[str, object], getall: list[str]) -> Choice:
    """The choice in a posted form (``getall``: every ``pick`` value, or a plan's ``card``
    values), or :class:`BadForm`."""
    tool = form.get("do")
    if tool is not None:
        if tool not in TOOLS:
            raise BadForm("no such thing to do")
        if tool == "queue":
            token = str(form.get("token", ""))
            if _TOKEN.match(token) is None:
                raise BadForm("no position")
            return Choice("", do="queue", plan=_plan(form, getall[:3]), token=token)
        shown = form.get("decision", "")
        if not isinstance(shown, str) or (shown and _DECISION.match(shown) is None):
            raise BadForm("no decision")
        return Choice(shown, do=str(tool))
    decision = form.get("decision")
    if not isinstance(decision, str) or _DECISION.match(decision) is None:
        raise BadForm("no decision")
    option = form.get("o")
    if isinstance(option, str):
        return Choice(decision, _option(option))
    if len(getall) > MAX_PICKS:
        raise BadForm("too many picks")
    removals = tuple(_option(p) for p in getall)
    pay_text = form.get("pay", "")
    payment = _option(str(form.get("pay_option", ""))) if pay_text not in ("", "0") else None
    try:
        payments = int(str(pay_text or "0"))
    except ValueError:
        raise BadForm("payments are a number") from None
    if not 0 <= payments <= MAX_PAYMENTS:
        raise BadForm("payments out of range")
    if not removals and not payments:
        raise BadForm("nothing chosen")
    return Choice(decision, None, removals, payment, payments)


async def act(service: GameService, actor: access.Actor, game_id: int, choice: Choice
              ) -> Hint | None:
    """On the service's loop: the access policy for the page's session (a link's: as in a
    DM; the Activity's: in its verified server), then the choice through the buttons' own
    calls (a hint: the hint, to show). A :class:`Refusal` as the buttons get it."""
    user = actor.user_id
    seat = await service.seat_of(game_id, user)
    await service.authorize(actor, game_id, TOOLS.get(choice.do or "", "decide"))
    if seat is None:
        raise Refusal("not_seated", "You have no seat in this game.")
    service.presence.seen(game_id, seat, user)
    if choice.do == "hint":
        return await service.hint(game_id, user, choice.decision or None)
    if choice.do == "queue":
        await service.queue_choice(game_id, user, choice.plan, token=choice.token)
        return None
    # not presence.acting: that holds a Discord panel back for the click to redraw it, and
    # a page's choice redraws only the page (the panel moves on with the update)
    if choice.do == "undo":
        await service.undo(game_id, user)
    elif choice.do == "concede":
        await service.concede(game_id, user)
    elif choice.do == "rejoin":
        await service.rejoin(game_id, user)
    elif choice.option is not None:
        index, check = choice.option
        await service.choose(game_id, user, seat, choice.decision, index, check)
    else:
        picks: list[tuple[int | None, str | None]] = list(choice.removals)
        if choice.payment is not None:
            picks += [choice.payment] * choice.payments
        await service.choose_feeding(game_id, user, seat, choice.decision, picks)
    return None
