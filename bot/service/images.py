"""The picture jobs and the picture cache (``pictures.py`` draws with them).

The jobs are top-level functions (picklable) that a thread or process pool runs: each takes
views (plain JSON) and the content version (plus its data files when that is not the running
content) and returns its pictures: :func:`render_job` the board, a hand, the scores (PNG);
:func:`recap_job` replays a finished game from its setup, seed and log and draws its recap (an
animated GIF); :func:`reveals_job`, :func:`card_job`, :func:`leaderboard_job`.
:class:`ImageCache` is an LRU cache bounded in bytes; one instance (:func:`shared_cache`)
serves the whole process, keyed by ``(game_id, revision, kind, seat, language)`` — the
revision is process-wide and changes with every change of a game, so a key never names two
different pictures.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from bot.storage.base import JSONObject
from hadara.content import Catalog
from hadara.replay import LogEntry, steps
from hadara.types import Event, ViewData

from .content import Files, worker_catalog

Key = tuple[int, int, str, int | None, str]
#: A leaderboard's rows (``rendering.leaderboard``): a JSON object per line.
Rows = Sequence[Mapping[str, Any]]

DEFAULT_CACHE_MB = 64


def render_job(kind: str, view: ViewData, version: str | None, files: Files | None,
               page: int = 0, language: str = "en") -> dict[str, bytes]:
    """Render one picture in a worker, its text in ``language``: ``board`` gives {"table",
    "players"}, ``hand`` (a seat's view) {"hand": …}, ``scores`` {"scores": …}."""
    import rendering  # in the worker: Pillow and the fonts load there, not on the event loop

    cat = worker_catalog(version, files)
    if kind == "board":
        return rendering.render_board(view, cat, locale=language)
    if kind == "hand":
        return {"hand": rendering.render_hand(view, cat, page=page, locale=language)}
    if kind == "scores":
        return {"scores": rendering.render_scores(view, cat, locale=language)}
    raise ValueError(f"unknown image kind {kind!r}")


def recap_views(setup: JSONObject, seed: int | None, entries: Sequence[LogEntry],
                catalog: Catalog) -> list[ViewData]:
    """The spectator views of a game at the end of each epoch (after the action whose public
    events say ``epoch_ended``) and, when the log ends the game, at its end: replayed from
    its setup, seed and log (``entries``: ``{"seat", "action"}``, as ``Game.log`` holds)."""
    from hadara.views import spectator_view

    out = []
    game = None
    for step in steps(setup, seed, catalog, entries):
        game = step.game
        if step.entry is not None and any(ev.get("kind") == "epoch_ended"
                                          for ev in step.result.public):
            out.append(spectator_view(game))
    if game is not None and game.is_over:
        out.append(spectator_view(game))
    return out


def recap_job(setup: JSONObject, seed: int | None, entries: Sequence[LogEntry],
              version: str | None, files: Files | None, language: str = "en"
              ) -> dict[str, bytes]:
    """The recap of a finished game (``rendering.render_recap``), replayed and drawn in a
    worker: ``{"recap": gif}``."""
    import rendering

    cat = worker_catalog(version, files)
    return {"recap": rendering.render_recap(recap_views(setup, seed, entries, cat), cat,
                                            locale=language)}


def reveals_job(events: list[Event], data: ViewData, version: str | None, files: Files | None,
                language: str) -> list[bytes]:
    """The pictures of a round's reveals, from the spectator's view ``data``."""
    from rendering import render_reveal

    catalog = worker_catalog(version, files)
    return [render_reveal(ev, data, catalog, locale=language) for ev in events]


def card_job(card_id: str, version: str | None, files: Files | None, language: str) -> bytes:
    """A card's full face on its own small canvas."""
    from rendering import default_fonts
    from rendering.canvas import Canvas, png_bytes
    from rendering.cards import card_face

    catalog = worker_catalog(version, files)
    card = catalog.cards[card_id]
    fonts = default_fonts()
    width, pad = 380, 10
    scratch = Canvas(width, 900, fonts, locale=language)
    bottom = card_face(scratch, pad, pad, width - 2 * pad, 880, card, catalog)
    height = int(bottom) + 24
    canvas = Canvas(width, height + 2 * pad, fonts, locale=language)
    card_face(canvas, pad, pad, width - 2 * pad, height, card, catalog)
    return png_bytes(canvas.image)


def leaderboard_job(rows: Rows, title: str, language: str) -> bytes:
    """A leaderboard or standings picture."""
    from rendering.leaderboard import render_leaderboard

    return render_leaderboard(list(rows), title, locale=language)


class ImageCache:
    """LRU by bytes: holds at most ``max_bytes`` of images; the least recently used go first.

    Used from the event loop; a lock makes it safe from threads as well. Concurrent requests
    for the same missing images share one rendering (:meth:`get_or_render`).
    """

    def __init__(self, max_bytes: int = DEFAULT_CACHE_MB << 20) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self.hits = self.misses = 0
        self._items: OrderedDict[Key, bytes] = OrderedDict()
        self._lock = threading.Lock()
        self._inflight: dict[tuple[Key, ...], asyncio.Future[dict[Key, bytes]]] = {}

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Key) -> bytes | None:
        with self._lock:
            png = self._items.get(key)
            if png is not None:
                self._items.move_to_end(key)
            return png

    def put(self, key: Key, png: bytes) -> None:
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.bytes -= len(old)
            if len(png) > self.max_bytes:
                return  # larger than the whole cache: not kept
            self._items[key] = png
            self.bytes += len(png)
            while self.bytes > self.max_bytes:
                _, dropped = self._items.popitem(last=False)
                self.bytes -= len(dropped)

    def forget(self, game_id: int) -> None:
        """Drop a game's images (it was evicted from memory or ended long ago)."""
        with self._lock:
            for key in [k for k in self._items if k[0] == game_id]:
                self.bytes -= len(self._items.pop(key))

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.bytes = 0

    async def get_or_render(self, keys: tuple[Key, ...],
                            render: Callable[[], Awaitable[dict[Key, bytes]]]
                            ) -> dict[Key, bytes]:
        """The images of ``keys``, from the cache or by one call of ``render`` (shared by
        concurrent callers); the rendered images are cached."""
        found = {k: self.get(k) for k in keys}
        if all(v is not None for v in found.values()):
            self.hits += 1
            return {k: v for k, v in found.items() if v is not None}
        pending = self._inflight.get(keys)
        if pending is not None:
            return await asyncio.shield(pending)
        self.misses += 1
        fut: asyncio.Future[dict[Key, bytes]] = asyncio.get_running_loop().create_future()
        self._inflight[keys] = fut
        try:
            out = await render()
            for k, png in out.items():
                self.put(k, png)
            fut.set_result(out)
            return out
        except BaseException as exc:
            fut.set_exception(exc)
            fut.exception()  # retrieved: no "never retrieved" warning without waiters
            raise
        finally:
            del self._inflight[keys]


_SHARED: ImageCache | None = None


def shared_cache() -> ImageCache:
    """The process's image cache (every service in the process shares its byte budget)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = ImageCache()
    return _SHARED
