"""The pictures a front end shows (docs/service.md, "Images and the cache"): :class:`Pictures`
owns the render pool and the image cache, and draws every picture ONE way: a picklable job
(``images.py``) run in the render pool, never on the event loop, through the cache when the
picture has a key (:meth:`Pictures.draw`), or just in the pool when it has none
(:meth:`Pictures.run`: a card's face, a leaderboard, a profile, a round's reveals).

A game's pictures are keyed by ``(game_id, revision, kind, seat, language)``: the revision is
process-wide and changes with every change of a game, so a key never names two pictures.
Each picture is drawn from a view, so it never shows what its viewer may not see: the
spectator's view for the board, the scores, the reveals and the recap, the seat's own for its
hand.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from hadara.engine import Game
from hadara.types import Event
from hadara.views import spectator_view, view

from .content import Catalogs, Files
from .images import (
    ImageCache,
    Key,
    Rows,
    card_job,
    leaderboard_job,
    recap_job,
    render_job,
    reveals_job,
)

if TYPE_CHECKING:
    from rendering.profile import ProfileCard

log = logging.getLogger(__name__)
T = TypeVar("T")
#: A render-pool job that draws pictures, in the order of their keys.
Job = Callable[[], Mapping[str, bytes]]


def profile_job(card: ProfileCard, language: str) -> bytes:
    """A player's profile picture (``rendering.profile``), drawn in a worker."""
    from rendering.profile import render_profile  # in the worker: Pillow loads there

    return render_profile(card, language)


class Pictures:
    """Drawing in ``pool`` (None: the event loop's thread pool) through ``cache``; a game's
    content files (``catalogs``) go with its jobs when it is not the running content."""

    def __init__(self, cache: ImageCache, pool: Executor | None, catalogs: Catalogs) -> None:
        self.cache = cache
        self.pool = pool
        self.catalogs = catalogs

    def files(self, version: str) -> Files | None:
        """What a worker needs to build ``version``'s catalog (None: the running content)."""
        return self.catalogs.files(version)

    async def run(self, job: Callable[[], T]) -> T:
        """A picklable job in the render pool (a picture without a key: not cached)."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, job)

    async def draw(self, keys: tuple[Key, ...], prepare: Callable[[], Job]) -> dict[Key, bytes]:
        """The pictures of ``keys``, from the cache or drawn once (concurrent requests share
        one drawing): on a miss, ``prepare`` builds on the loop the job the pool runs (a view
        is built only when a picture is missing), whose pictures come in the order of
        ``keys``."""

        async def render() -> dict[Key, bytes]:
            out = await self.run(prepare())
            return dict(zip(keys, out.values(), strict=True))

        return await self.cache.get_or_render(keys, render)

    # -- a game's pictures

    def _job(self, kind: str, game: Game, seat: int | None, page: int,
             language: str) -> Callable[[], Job]:
        def prepare() -> Job:
            data = spectator_view(game) if seat is None else view(game, seat)
            version = game.catalog.version
            return partial(render_job, kind, data, version, self.files(version), page,
                           language)

        return prepare

    async def board(self, game_id: int, rev: int, game: Game,
                    language: str) -> dict[str, bytes]:
        """The public board: {"table": png, "players": png}."""
        keys = ((game_id, rev, "table", None, language),
                (game_id, rev, "players", None, language))
        got = await self.draw(keys, self._job("board", game, None, 0, language))
        return {"table": got[keys[0]], "players": got[keys[1]]}

    async def hand(self, game_id: int, rev: int, game: Game, seat: int, language: str,
                   page: int = 0) -> bytes:
        """A seat's private panel (its hand and current decision)."""
        key: Key = (game_id, rev, f"hand:{page}", seat, language)
        return (await self.draw((key,), self._job("hand", game, seat, page, language)))[key]

    async def scores(self, game_id: int, rev: int, game: Game, language: str) -> bytes:
        """The score table (final once the game is over, live before)."""
        key: Key = (game_id, rev, "scores", None, language)
        return (await self.draw((key,), self._job("scores", game, None, 0, language)))[key]

    async def recap(self, game_id: int, rev: int, game: Game, language: str) -> bytes:
        """A finished game's recap (an animated GIF), replayed in the pool."""
        setup = game.setup
        assert setup is not None
        key: Key = (game_id, rev, "recap", None, language)

        def prepare() -> Job:
            version = game.catalog.version
            return partial(recap_job, setup.to_dict(), game.seed,
                           [{"seat": e["seat"], "action": e["action"]} for e in game.log or []],
                           version, self.files(version), language)

        return (await self.draw((key,), prepare))[key]

    async def reveals(self, game: Game, events: Sequence[Event],
                      language: str) -> list[bytes]:
        """The pictures of ``round_revealed`` events, from the spectator's view."""
        version = game.catalog.version
        return await self.run(partial(reveals_job, list(events), spectator_view(game), version,
                                      self.files(version), language))

    async def card(self, card_id: str, language: str) -> bytes:
        """A card's face, of the running content."""
        version = self.catalogs.default.version
        return await self.run(partial(card_job, card_id, version, self.files(version),
                                      language))

    async def leaderboard(self, rows: Rows, title: str, language: str) -> bytes | None:
        """A leaderboard or standings picture; None when it cannot be drawn (the text
        stands)."""
        try:
            return await self.run(partial(leaderboard_job, rows, title, language))
        except Exception:
            log.exception("could not draw %r", title)
            return None

    async def profile(self, card: ProfileCard, language: str) -> bytes | None:
        """A player's profile picture; None when it cannot be drawn (the text stands)."""
        try:
            return await self.run(partial(profile_job, card, language))
        except Exception:
            log.exception("could not draw the profile of %r", card.name)
            return None
