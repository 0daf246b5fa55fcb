"""The hook from games to ratings and leagues: a subscriber of the game service's updates.

When a game ends (``Update.over``) the recorder, in a task of its own, stores the rated result
and updates the server's ratings (:class:`~bot.league.ratings.Ratings`), and records a league
table's result (:class:`~bot.league.leagues.LeagueService`); an abandoned league game marks its
table abandoned. Everything is keyed by game id and idempotent, so a game recorded twice (an
update and the start-up catch-up) counts once; on start-up :meth:`Recorder.catch_up` records
the finished rated games and league tables that ended while the bot was down (or before the
write of their result): restart-safe. ``bot/service/service.py`` is not touched.

The server of a game is ``record.discord["guild"]`` (set by the front end) or
``record.options["guild"]`` (league games); a rated game with neither is rated under guild 0.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from bot.service.refusals import STORAGE_UNAVAILABLE, Refusal
from bot.service.service import GameService
from bot.service.updates import DAMAGED, Update
from bot.storage.base import ABANDONED, FINISHED, RatedResult, StorageUnavailable

from .leagues import LeagueService, seat_users
from .ratings import Ratings, result_ranks

log = logging.getLogger(__name__)

#: Seconds before a recording the storage refused is tried again (doubling, up to RETRY_MAX):
#: a full disk or a lost database connection does not wait for the next start's catch-up.
RETRY_DELAY, RETRY_MAX = 5.0, 300.0


def guild_of(discord: dict[str, Any], options: dict[str, Any]) -> int:
    guild = discord.get("guild") or options.get("guild") or 0
    try:
        return int(guild)
    except (TypeError, ValueError):
        return 0


class Recorder:
    """``Recorder(games, ratings, leagues=None)``; ``await start()`` subscribes and catches
    up, ``stop()`` unsubscribes, ``await idle()`` waits for the recordings under way."""

    def __init__(self, games: GameService, ratings: Ratings | None = None,
                 leagues: LeagueService | None = None) -> None:
        self.games = games
        self.store = games.store
        self.ratings = ratings or (leagues.ratings if leagues is not None
                                   else Ratings(games.store, games.clock))
        self.leagues = leagues
        self._unsubscribe: Callable[[], None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.sleep: Callable[[float], Any] = asyncio.sleep  # tests pass a quick one
        # called after each recorded game (the front end may announce a review, a table …)
        self.listeners: list[Callable[[int, dict[str, Any]], Any]] = []

    async def start(self) -> int:
        """Subscribe to game updates, then catch up; returns how many were caught up."""
        if self._unsubscribe is None:
            self._unsubscribe = self.games.subscribe(self._on_update)
        return await self.catch_up()

    def stop(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    async def idle(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def _on_update(self, update: Update) -> None:
        if update.cause == DAMAGED:  # nothing to record until it is repaired
            return
        if update.over or update.status == ABANDONED:
            task = asyncio.ensure_future(self._safe(update.game_id))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _safe(self, game_id: int) -> None:
        delay = RETRY_DELAY
        while True:
            try:
                await self.record(game_id)
                return
            except asyncio.CancelledError:
                raise
            except (StorageUnavailable, Refusal) as exc:
                if isinstance(exc, Refusal) and exc.code != STORAGE_UNAVAILABLE:
                    log.warning("could not record the result of game %d: %r", game_id, exc)
                    return
                # the store logged the fault once; nothing was written: try again later
            except Exception:  # logged; the catch-up at the next start retries
                log.exception("could not record the result of game %d", game_id)
                return
            await self.sleep(delay)
            delay = min(delay * 2, RETRY_MAX)

    async def record(self, game_id: int) -> dict[str, Any]:
        """Record a game that ended: its rated result (ratings) and its league table, each
        at most once. Returns ``{"rated": bool, "league": bool}`` (what was written now)."""
        snap = await self.games.load(game_id)
        rec = snap.record
        out = {"rated": False, "league": False}
        if self.leagues is not None:
            out["league"] = await self.leagues.record_game(game_id)
        if rec.status == FINISHED and rec.options.get("rated") and snap.game is not None:
            tables = await self.store.league_tables(game_id=game_id)
            users, stand = seat_users(rec.seats, tables[0] if tables else None)
            stand_ins = {seat: users[seat] for seat in stand}
            names = ({int(e["user"]): str(e["name"]) for e in tables[0].seats
                      if e.get("user") is not None} if tables else {})
            ranks = result_ranks(snap.game, rec.seats, snap.ai_share, stand_ins, names)
            # the final hash it was recorded with: a later change to the log shows
            result = RatedResult(game_id, guild_of(rec.discord, rec.options),
                                 rec.updated_at, ranks,
                                 final_hash=await self.store.chain_head(game_id))
            out["rated"] = await self.ratings.record(result)
        if out["rated"] or out["league"]:
            for callback in list(self.listeners):
                try:
                    got = callback(game_id, out)
                    if asyncio.iscoroutine(got):
                        await got
                except Exception:
                    log.exception("recorder listener failed on game %d", game_id)
        return out

    async def catch_up(self) -> int:
        """Record the finished rated games without a result and the league tables whose game
        ended; returns how many records were written."""
        done = 0
        for gid in await self.store.unrecorded_rated_games():
            try:
                got = await self.record(gid)
            except Exception:
                log.exception("could not catch up game %d", gid)
                continue
            done += got["rated"] + got["league"]
        if self.leagues is not None:
            done += await self.leagues.catch_up()
        return done
