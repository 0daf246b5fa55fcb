"""Handing an absent seat to the AI and taking it back (docs/service.md, "Time control,
reminders and expiry"): the other people's majority vote (``vote_takeover``), and ``rejoin``
after a takeover (by the vote, or by the strikes of missed deadlines, ``deadlines.py``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from hadara.engine import Result

from . import checks, refusals, updates
from .refusals import Refusal
from .updates import Update, new_revision

if TYPE_CHECKING:
    from .memory import Memory
    from .writes import Writes


class Votes:
    """``GameService.rejoin`` and ``vote_takeover`` on the ``memory`` games, saved through
    ``writes``; the AI then plays a seat taken over (``PlayOn`` follows the ``takeover``
    update)."""

    def __init__(self, clock: Callable[[], float], memory: Memory, writes: Writes,
                 away_until: Callable[[int], float | None] | None = None) -> None:
        self.clock = clock
        self.memory = memory
        self.writes = writes
        # a vacation declared in advance never counts against anyone: its seat is not voted
        # to the AI while its clocks stand still (docs/service.md, "Vacations")
        self.away_until = away_until or (lambda user: None)

    async def rejoin(self, game_id: int, user_id: int) -> Update:
        """``GameService.rejoin``: the seat back from the AI, strikes and votes cleared."""
        async with self.memory.locked(game_id) as held:
            game = checks.playing(held)
            seat = checks.own_seat(held.record, user_id)
            me = held.record.seats[seat]
            if not me.ai_takeover:
                raise Refusal(refusals.NOT_TAKEN_OVER, "The AI does not play your seat.",
                              seat=seat)
            rec = copy.deepcopy(held.record)
            rec.seats[seat] = replace(me, ai_takeover=False, strikes=0, votes=[])
            rec.updated_at = self.clock()
            await self.writes.save(rec, game)
            held.record, held.rev = rec, new_revision()
            return self.writes.update(held, game, game, Result(), updates.REJOINED, [],
                                      stale={seat}, user=user_id)

    async def vote_takeover(self, game_id: int, voter_user: int, seat: int) -> Update:
        """``GameService.vote_takeover``: ``vote``, or ``takeover`` once more than half of the
        other people voted (the update's ``takeover`` names the seat)."""
        async with self.memory.locked(game_id) as held:
            game = checks.playing(held)
            rec = held.record
            mine = checks.own_seat(rec, voter_user)
            if rec.seats[mine].ai_takeover:
                raise Refusal(refusals.TAKEN_OVER, "The AI plays your seat; rejoin first.",
                              seat=mine)
            if type(seat) is not int or not 0 <= seat < len(rec.seats):
                raise Refusal(refusals.NOT_SEATED, "There is no such seat in this game.",
                              "no_seat", seat=str(seat)[:20])
            target = rec.seats[seat]
            if seat == mine:
                raise Refusal(refusals.BAD_REQUEST, "You cannot vote about your own seat.",
                              "own_seat", seat=seat)
            if not checks.person(target):
                raise Refusal(refusals.BAD_REQUEST, "An AI already plays that seat.",
                              "already_ai", seat=seat)
            until = self.away_until(target.user_id) if target.user_id is not None else None
            if until is not None:
                raise Refusal(refusals.BAD_REQUEST, f"{target.name} is on vacation: their "
                              "seat waits for them.", "on_vacation", seat=seat,
                              name=target.name, until=until)
            if voter_user in target.votes:
                raise Refusal(refusals.BAD_REQUEST, "You have already voted.",
                              "already_voted", seat=seat)
            voters = {s.user_id for s in rec.seats if checks.person(s) and s.seat != seat}
            votes = sorted(v for v in {*target.votes, voter_user} if v in voters)
            taken = 2 * len(votes) > len(voters)
            new = replace(target, votes=[] if taken else votes, ai_takeover=taken)
            out = copy.deepcopy(rec)
            out.seats[seat] = new
            out.updated_at = self.clock()
            await self.writes.save(out, game)
            held.record, held.rev = out, new_revision()
            return self.writes.update(held, game, game, Result(),
                                      updates.TAKEOVER if taken else updates.VOTE, [],
                                      stale={seat}, user=voter_user,
                                      takeover=[seat] if taken else [])
