"""The recap through the service (``GameService.recap_image``): a finished game is replayed
from its setup, seed and log, its boards at each epoch's end drawn in the render pool (never on
the event loop) into one animated GIF, cached like the other pictures; a game in play is
refused."""

from __future__ import annotations

import io
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest
from PIL import Image

from bot.service import GameService, ImageCache, Refusal
from bot.service.images import recap_views
from bot.storage.base import FINISHED
from hadara import driver
from hadara.demo import simple_policy, with_rng
from hadara.rng import Rng
from hadara.views import spectator_view
from rendering.sample import new_game
from tests.support.stores import StoreFactory

HOST = 1


class CountingPool(ThreadPoolExecutor):
    """A render pool that counts its jobs and the threads they ran in."""

    def __init__(self) -> None:
        super().__init__(1)
        self.jobs = 0
        self.threads: set[int] = set()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.jobs += 1

        def run() -> Any:
            self.threads.add(threading.get_ident())
            return fn(*args, **kwargs)
        return super().submit(run)


@pytest.fixture
async def service(make_store: StoreFactory) -> AsyncIterator[tuple[GameService, CountingPool]]:
    store = make_store("games")
    await store.open()
    pool = CountingPool()
    svc = GameService(store, render_pool=pool, image_cache=ImageCache(8 << 20))
    await svc.open()
    try:
        yield svc, pool
    finally:
        await svc.close()
        await store.close()
        pool.shutdown()


@pytest.mark.sqlite_only
async def test_a_game_in_play_has_no_recap(service) -> None:
    svc, pool = service
    gid = await svc.create(HOST, "Host", seats=2)
    await svc.add_ai(gid, "random")
    await svc.start(gid, HOST)  # it waits on the host's seat
    await svc.idle(gid)
    assert (await svc.load(gid)).record.status != FINISHED
    with pytest.raises(Refusal) as refused:
        await svc.recap_image(gid)
    assert (refused.value.code, refused.value.reason) == ("bad_request", "not_finished")
    assert pool.jobs == 0


@pytest.mark.sqlite_only
async def test_a_finished_games_recap_is_one_animated_gif(service) -> None:
    svc, pool = service
    gid = await svc.create(HOST, None, seats=2)
    for level in ("random", "random"):
        await svc.add_ai(gid, level)
    await svc.start(gid, HOST)
    await svc.idle(gid)
    assert (await svc.load(gid)).record.status == FINISHED
    main = threading.get_ident()
    jobs = pool.jobs
    data = await svc.recap_image(gid, "fr")
    assert pool.jobs == jobs + 1 and main not in pool.threads  # drawn in the render pool
    assert len(data) < 2_000_000
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.format == "GIF" and gif.n_frames == 4 and gif.size[0] == 800
        assert gif.size[1] <= 767
    again = await svc.recap_image(gid, "fr")  # cached: no second rendering
    assert again == data and pool.jobs == jobs + 1
    assert await svc.recap_image(gid, "en") != data  # another language, another picture


def test_recap_views_replay_the_epochs_ends(cat) -> None:
    """The service's replay finds the same moments as watching the game live: after the
    action whose events end each epoch, and the end."""
    game = new_game(3, 2)
    live: list[dict[str, Any]] = []

    def on_result(result: Any) -> None:
        if any(ev.get("kind") == "epoch_ended" for ev in result.public):
            live.append(spectator_view(game))

    driver.play(game, with_rng(simple_policy, Rng(2)), on_result=on_result)
    live.append(spectator_view(game))
    assert game.setup is not None and game.log is not None
    replayed = recap_views(game.setup.to_dict(), game.seed, list(game.log), cat)
    assert replayed == live and len(replayed) == 3 and replayed[-1]["over"]
    # a log that stops in epoch II: only epoch I's end, no game over
    some = list(game.log)[: len(game.log) // 2]
    part = recap_views(game.setup.to_dict(), game.seed, some, cat)
    assert len(part) == 1 and not part[0]["over"]
