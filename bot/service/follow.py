"""Following a game (issue 24, "Follow a game"): people who are not its players ask for a short
digest by DM at the end of each epoch and the final result.

:class:`Follows` (``GameService.follows``) keeps the followers in the store (``followers``,
migration 0008: restart-proof) and turns the service's updates into :class:`Digest` s. It
subscribes to the update stream itself, as a plain callback: updates are published under the
game's lock right after the change was swapped in, so the live game is exactly the position
the update left (an epoch's last medal, the final scores) even when AI seats play on at once.
A digest is built only at an epoch's end (``epoch_ended``: epochs I and II) and at the game's
end (``over``: epoch III's end is the final result, one digest, not two) — codes and numbers,
no words: the front end words it in each follower's language and sends it (one DM per
follower per digest, nothing otherwise). The front end forgets the followers once the final
digest went out (:meth:`Follows.forget`); an abandoned game's followers are forgotten here at
once (no digest). Only games in play count towards the games a user may follow.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot import access
from bot.storage.base import ABANDONED, ACTIVE, FINISHED, JSONObject, Store
from hadara.scoring import final_ranking

from . import checks, refusals, updates
from .listeners import Listeners
from .refusals import Refusal
from .updates import Hub, Update

if TYPE_CHECKING:
    from hadara.engine import Game

    from .memory import Memory

log = logging.getLogger(__name__)

#: What pressing "Follow" answers (``Follows.toggle``): now following, no longer following,
#: the presser plays this game, or the game has as many followers as it may.
FOLLOWING, UNFOLLOWED, PLAYING, FULL = "following", "unfollowed", "playing", "full"
#: Followers of one game (each digest is one DM per follower: the bot's pacer spreads them).
MAX_FOLLOWERS = 50
#: Games one user may follow at once.
MAX_FOLLOWED = 20


@dataclass(frozen=True)
class Standing:
    """One seat at a digest: its rank (shared on a tie), points and what it holds."""

    seat: int
    name: str
    rank: int
    points: int
    cards: int
    colonies: int
    statues: int
    medals: int
    ai: bool = False  # an AI seat
    conceded: bool = False


@dataclass(frozen=True)
class Digest:
    """The end of an epoch (``final`` False: epochs I and II) or of the game (``final``: the
    ranking of the final scores, ``winners``), for the game's followers."""

    game_id: int
    epoch: int  # the epoch that ended: 1, 2, or 3 at the end
    final: bool
    standings: list[Standing]  # by rank
    winners: list[int] = field(default_factory=list)  # seats (final digest)
    discord: JSONObject = field(default_factory=dict)  # the record's guild, thread …


def digest_due(update: Update) -> bool:
    """Whether an update ends an epoch or the game (the only updates that make a digest)."""
    return update.over or any(ev.get("kind") == "epoch_ended" for ev in update.public)


def standings(game: Game, update: Update) -> tuple[list[Standing], list[int]]:
    """The seats ranked as the final ranking ranks them (conceded seats last), with what each
    holds now."""
    rows, winners = final_ranking(game, checks.conceded(update.seats))
    seats = {s.seat: s for s in update.seats}
    out = []
    for row in rows:
        s = row["seat"]
        rec = seats.get(s)
        out.append(Standing(
            seat=s, name=game.players[s], rank=int(row["rank"]), points=int(row["total"]),
            cards=len(game.tableau[s]), colonies=len(game.colonies[s]),
            statues=sum(1 for p in game.statues[s] if p is not None),
            medals=len(game.silver[s]) + int(game.gold[s]),
            ai=rec is not None and rec.user_id is None,
            conceded=bool(rec is not None and rec.conceded)))
    return out, winners


class Follows:
    """The followers of games (in ``store``) and their digests (from ``hub``'s updates and
    the games in ``memory``)."""

    def __init__(self, store: Store, clock: Callable[[], float], memory: Memory,
                 hub: Hub) -> None:
        self.store = store
        self.clock = clock
        self.memory = memory
        self._listeners: Listeners[Digest] = Listeners("digest")
        hub.subscribe(self._on_update)

    # -- following

    async def toggle(self, game_id: int, user_id: int) -> str:
        """Follow the game, or stop following it: ``FOLLOWING``, ``UNFOLLOWED``, ``PLAYING``
        (the user holds a seat: nothing stored) or ``FULL`` (no more followers allowed).
        Refusals: ``not_found``, ``not_started``, ``finished``, ``abandoned``,
        ``bad_request`` (``bad_user``), ``storage_unavailable``."""
        checks.check_user(user_id)
        rec = await self.memory.record(game_id)
        if checks.seat_of(rec, user_id) is not None:
            return PLAYING
        if rec.status != ACTIVE:
            checks.ended(rec.status)
            raise Refusal(refusals.NOT_STARTED, "The game has not started yet.")
        async with checks.storage():
            following = {f.user_id for f in await self.store.followers(game_id)}
            if user_id not in following and (
                    len(following) >= MAX_FOLLOWERS
                    or await self.store.follower_count(user_id) >= MAX_FOLLOWED):
                return FULL
            now = await self.store.toggle_follower(game_id, user_id, self.clock())
        return FOLLOWING if now else UNFOLLOWED

    async def followers(self, game_id: int) -> list[int]:
        """The users following the game, in the order they followed."""
        async with checks.storage():
            return [f.user_id for f in await self.store.followers(game_id)]

    async def forget(self, game_id: int) -> int:
        """Forget the game's followers (it ended, the final digest went out)."""
        async with checks.storage():
            return await self.store.forget_followers(game_id)

    # -- digests

    def listen(self, callback: Callable[[Digest], object]) -> Callable[[], None]:
        """Call ``callback`` with every digest (a coroutine it returns is run as a task);
        returns the unsubscribe function."""
        return self._listeners.listen(callback)

    def digest(self, update: Update) -> Digest | None:
        """The digest an update makes (None: it ends no epoch), from the live game as the
        update left it (call it while the update is being published)."""
        if not digest_due(update) or update.status not in (ACTIVE, FINISHED):
            return None
        held = self.memory.games.get(update.game_id)
        game = held.game if held is not None else None
        if held is None or game is None or game.version != update.version:
            log.warning("no digest for game %s at version %s: the game moved on",
                        update.game_id, update.version)
            return None
        if access.is_private(held.record.options):
            # someone else's practice game: followed before it was private to its owner
            # (bot/access.py), never told now; the followers are forgotten
            self._listeners.spawn(self._forget_quietly(update.game_id))
            return None
        rows, winners = standings(game, update)
        if update.over:
            return Digest(update.game_id, 3, True, rows, list(update.winners or winners),
                          dict(held.record.discord))
        ended = max(int(ev.get("epoch", 0)) for ev in update.public
                    if ev.get("kind") == "epoch_ended")
        return Digest(update.game_id, ended, False, rows, [], dict(held.record.discord))

    def _on_update(self, update: Update) -> None:
        if update.status == ABANDONED and update.cause == updates.ABANDONED:
            # no final digest for an abandoned game: its followers are simply forgotten
            self._listeners.spawn(self._forget_quietly(update.game_id))
            return
        if not self._listeners or not digest_due(update):
            return
        made = self.digest(update)
        if made is None:
            return
        self._listeners.publish(made)

    async def _forget_quietly(self, game_id: int) -> None:
        try:
            await self.store.forget_followers(game_id)
        except Exception as exc:  # rows of a game that is over are ignored anyway
            log.warning("could not forget the followers of game %s: %s", game_id, exc)
