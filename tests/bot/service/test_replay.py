"""The replay viewer through the service (``GameService.replay``, bot/service/replay.py): a step
is one stored action; positions are rebuilt from setup, seed and log off the event loop and
drawn from the spectator's view with the board's render job, in the render pool; rebuilt
positions and pictures are cached; a finished game shows every step and the players' cards, a
game in play only the spectator's view up to its last settled step."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from bot.service import GameService, ImageCache, Refusal
from bot.service import replay as replay_module
from bot.service.history import history_lines
from bot.storage.base import FINISHED
from cogs.replay.components import text_of
from hadara.engine import Game
from hadara.views import spectator_view
from tests.support.stores import StoreFactory

HOST = 1


@pytest.fixture
async def service(make_store: StoreFactory) -> AsyncIterator[GameService]:
    store = make_store("games")
    await store.open()
    pool = ThreadPoolExecutor(1)
    svc = GameService(store, render_pool=pool, image_cache=ImageCache(8 << 20))
    await svc.open()
    try:
        yield svc
    finally:
        await svc.close()
        await store.close()
        pool.shutdown()


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[dict[str, Any], str, int]]:
    """Replace the board's render job with a cheap one that records what it was given (the
    view, the language, the thread)."""
    seen: list[tuple[dict[str, Any], str, int]] = []

    def fake(kind: str, view: dict[str, Any], version: Any, files: Any, page: int = 0,
             language: str = "en") -> dict[str, bytes]:
        assert kind == "board"
        seen.append((view, language, threading.get_ident()))
        return {"table": b"T%d" % len(seen), "players": b"P%d" % len(seen)}

    monkeypatch.setattr(replay_module, "render_job", fake)
    return seen


def rebuilt(game: Game, k: int) -> Game:
    assert game.setup is not None and game.log is not None
    g = Game.from_setup(game.setup, game.seed, game.catalog)
    for entry in game.log[:k]:
        g.apply(entry["seat"], entry["action"])
    return g


def strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(set(), *(strings(v) for v in value.values()))
    if isinstance(value, list | tuple):
        return set().union(set(), *(strings(v) for v in value))
    return set()


def hidden_cards(g: Game) -> set[str]:
    """Every card a spectator may not see at this position: hands and recorded picks. (A
    Phase-A sale's card lies on a public discard pile, and a card chosen for removal in the
    feeding is still on its tableau: what is secret there is who sold it and that it is
    going, checked apart.)"""
    out: set[str] = set()
    for s in range(g.n):
        out.update(g.hands[s])
        commit = g.commits[s]
        if commit is not None and commit.get("card"):
            out.add(commit["card"])
    return out


@pytest.mark.sqlite_only
async def test_a_finished_game_step_by_step(service: GameService, drawn: list[Any]) -> None:
    svc = service
    gid = await svc.create(HOST, None, seats=2)
    for level in ("random", "random"):
        await svc.add_ai(gid, level)
    await svc.start(gid, HOST)
    await svc.idle(gid)
    snap = await svc.load(gid)
    game = snap.game
    assert snap.record.status == FINISHED and game is not None and game.log is not None
    n = len(game.log)
    lines: list[str] = []
    main = threading.get_ident()
    for k in range(n + 1):
        step = await svc.replay(gid, k)
        assert (step.step, step.last, step.full) == (k, n, True)
        assert step.images == {"table": b"T%d" % (k + 1), "players": b"P%d" % (k + 1)}
        # drawn from the spectator's view of the position rebuilt from the log, off the loop
        view, language, thread = drawn[-1]
        assert view == spectator_view(rebuilt(game, k)) and language == "en"
        assert thread != main
        # every player's cards, as they stood
        position = rebuilt(game, k)
        assert [p.name for p in step.cards] == game.players
        assert [len(p.hand) for p in step.cards] == [len(h) for h in position.hands]
        assert (step.seat is None) == (k == 0)
        # each line is a bullet of the viewer: never a blank one (issue 33: "• " at the
        # start of each epoch and before the final scores)
        assert all(line.strip() for line in step.lines), (k, step.lines)
        assert "• \n" not in text_of(step) + "\n", (k, text_of(step))
        lines += step.lines
    assert lines == [line for line in history_lines(game) if line]
    assert "" in history_lines(game)  # (the blank lines were there to be left out)
    # the jump targets: the first step of every epoch and phase, in order
    marks = step.marks
    assert marks[0][0] == 0 and [m[0] for m in marks] == sorted(m[0] for m in marks)
    assert {(e, p) for _, e, p in marks} == {(e, p) for e in (1, 2, 3) for p in "AB"}
    # cached: the same step again neither rebuilds nor draws; another language draws only
    rebuilt_count, jobs = svc.replays.rebuilt, len(drawn)
    again = await svc.replay(gid, 5)
    assert again.images == {"table": b"T6", "players": b"P6"}
    assert (svc.replays.rebuilt, len(drawn)) == (rebuilt_count, jobs)
    french = await svc.replay(gid, 5, "fr")
    assert svc.replays.rebuilt == rebuilt_count and len(drawn) == jobs + 1
    assert drawn[-1][1] == "fr" and french.lines != again.lines
    # None: the last step; beyond it: stale
    assert (await svc.replay(gid)).step == n
    for bad in (n + 1, -1):
        with pytest.raises(Refusal) as refused:
            await svc.replay(gid, bad)
        assert (refused.value.code, refused.value.reason) == ("stale", "replay_step")


@pytest.mark.sqlite_only
async def test_a_game_in_play_shows_the_spectator_up_to_its_last_settled_step(
        service: GameService, drawn: list[Any]) -> None:
    svc = service
    gid = await svc.create(HOST, "Host", seats=3)
    for level in ("random", "random"):
        await svc.add_ai(gid, level)
    await svc.start(gid, HOST)
    await svc.idle(gid)
    seat = await svc.seat_of(gid, HOST)
    assert seat is not None
    # the host plays its first legal option until a draft round where the AI have picked
    for _ in range(200):
        snap = await svc.load(gid)
        game = snap.game
        assert game is not None
        if len(game.log or ()) > 20 and game.step == "draft" \
                and any(c is not None for c in game.commits):
            break
        options = await svc.options(gid, seat)
        legal = next(o for o in options if o.get("legal", True))
        await svc.submit(gid, HOST, game.decision_id(seat), legal["action"])
        await svc.idle(gid)
    else:
        raise AssertionError("no draft round with recorded picks")
    assert game.log is not None
    last = (await svc.replay(gid)).last
    assert last < len(game.log)  # the picks being made are not shown, nor counted
    assert all(c is None for c in rebuilt(game, last).commits)
    assert any(hidden_cards(rebuilt(game, k)) for k in range(last + 1))
    for k in range(last + 1):
        svc.images.clear()  # drawn again: the view it was drawn from is checked
        step = await svc.replay(gid, k)
        assert step.full is False and step.cards == () and step.last == last
        view = drawn[-1][0]
        position = rebuilt(game, k)
        assert view == spectator_view(position) and "private" not in view
        assert not hidden_cards(position) & strings(view), k
        for s, seat in enumerate(view["seats"]):  # pending removals: still on the tableau
            going = {a["card"] for a in position.pending[s] if a.get("card")}
            assert going <= set(seat["tableau"]) and not going & set(seat["removed"]), k
        assert all(not s["sold_public"] or set(s["sold_public"]) <= {
            c for c, public in position.sold[s["seat"]] if public} for s in view["seats"])
    with pytest.raises(Refusal) as refused:
        await svc.replay(gid, last + 1)
    assert (refused.value.code, refused.value.reason) == ("stale", "replay_step")


@pytest.mark.sqlite_only
async def test_a_step_is_drawn_with_the_boards_pictures(service: GameService) -> None:
    svc = service
    gid = await svc.create(HOST, None, seats=2)
    for level in ("random", "random"):
        await svc.add_ai(gid, level)
    await svc.start(gid, HOST)
    await svc.idle(gid)
    step = await svc.replay(gid, 3)
    assert set(step.images) == {"table", "players"}
    assert all(png.startswith(b"\x89PNG") for png in step.images.values())


async def test_a_lobby_has_no_replay(service: GameService) -> None:
    gid = await service.create(HOST, "Host", seats=2)
    with pytest.raises(Refusal) as refused:
        await service.replay(gid, 0)
    assert refused.value.code == "not_started"
