"""Post-game review through the service: ``await review_job(service, game_id, seat)``.

The finished game's save is reviewed by :func:`hadara.ai.review.review` in the service's AI
process pool (never on the event loop), and each listed moment is drawn with
``rendering.render_decision`` (the seat's private decision image at that moment) in the
service's render pool. Only the seat's own view of each moment is used, so a review shows
nothing its player could not see. Documentation: docs/ai.md, "Post-game review".
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor
from functools import partial

from bot.storage.base import ABANDONED, FINISHED, LOBBY, JSONObject
from hadara import save
from hadara.ai.review import DEFAULT_ROLLOUTS, review
from hadara.types import ViewData
from i18n import current, speaking

from . import refusals
from .content import Files, worker_catalog
from .fork import PERSON_SOURCES
from .refusals import Refusal
from .service import GameService

#: The measure the bot reviews with: the strongest that answers within seconds, the rollout
#: judged by the expert's fitted forecast (docs/ai.md, "Post-game review": its cost).
REVIEW_LEVEL = "rollout"


def review_pool_job(save_data: JSONObject, seat: int, top: int, level: str, budget: int,
                    only: list[int] | None, version: str | None,
                    files: Files | None, language: str = "en") -> JSONObject:
    """The review in a worker process, with the game's catalog (picklable, top level), worded
    in ``language`` (a worker process does not share the caller's current language)."""
    catalog = worker_catalog(version, files)
    with speaking(language):
        return review(save_data, seat, top=top, catalog=catalog, level=level, budget=budget,
                      only=only)


def render_moments(views: list[ViewData], version: str | None,
                   files: Files | None, language: str = "en") -> list[bytes]:
    """The seat's decision image of each view, as PNG bytes (picklable, top level)."""
    import rendering  # in the worker: Pillow and the fonts load there

    catalog = worker_catalog(version, files)
    return [rendering.render_decision(v, catalog, locale=language) for v in views]


async def review_job(service: GameService, game_id: int, seat: int, *, top: int = 5,
                     level: str = REVIEW_LEVEL, budget: int = DEFAULT_ROLLOUTS,
                     people_only: bool = True, images: bool = True,
                     executor: Executor | None = None,
                     language: str | None = None) -> JSONObject:
    """Review ``seat``'s decisions in a finished game: ``{"summary", "items"}`` as
    :func:`hadara.ai.review.review` returns them, each item with ``"image"`` (PNG bytes of the
    seat's decision image at that moment; None with ``images=False``).

    ``people_only``: review only the decisions the seat's person made (clicks and queued
    plans), not those an AI made for it (deadlines, concession, takeover). ``executor``: where
    to run the review (default: the service's AI pool). ``language``: of the review's words
    and pictures (default: the language being spoken). Refusals: ``not_found``,
    ``not_started`` (lobby), ``bad_request`` with reason ``not_finished`` (still in play) or
    ``bad_level``, ``abandoned``, ``not_seated`` (no such seat).
    """
    snap = await service.load(game_id)
    status = snap.record.status
    if status == LOBBY:
        raise Refusal(refusals.NOT_STARTED, "The game has not started yet.")
    if status == ABANDONED:
        raise Refusal(refusals.ABANDONED, "The game was abandoned.")
    if status != FINISHED or snap.game is None:  # still in play
        raise Refusal(refusals.BAD_REQUEST, "A review is ready once the game is over.",
                      "not_finished")
    game = snap.game
    if type(seat) is not int or not 0 <= seat < game.n:
        raise Refusal(refusals.NOT_SEATED, "There is no such seat in this game.", seat=str(seat))
    if level not in ("greedy", "rollout"):
        raise Refusal(refusals.BAD_REQUEST, f"Unknown review level {level!r}.", "bad_level",
                      level=str(level))
    only: list[int] | None = None
    if people_only:
        stored = await service.store.load_game(game_id)
        if stored is None:
            raise Refusal(refusals.NOT_FOUND, "There is no such game.")
        only = [a.seq for a in stored.actions
                if a.seat == seat and a.submitted_by.startswith(PERSON_SOURCES)]
    data = save.to_dict(game)
    version = game.catalog.version
    files = service.catalogs.files(version)
    language = language or current()
    job = partial(review_pool_job, data, seat, top, level, budget, only, version, files,
                  language)
    loop = asyncio.get_running_loop()
    if executor is not None:
        result: JSONObject = await loop.run_in_executor(executor, job)
    else:
        # The service's pool helper (a broken pool it created is replaced once).
        result = await service.run_ai_job(job)
    items = result["items"]
    pngs: list[bytes | None] = [None] * len(items)
    if images and items:
        drawn = await service.pictures.run(partial(render_moments, [i["view"] for i in items],
                                                    version, files, language))
        pngs = list(drawn)
    result["items"] = [{**item, "image": png} for item, png in zip(items, pngs, strict=True)]
    return result
