"""The front-end API's screens a front end used to assemble itself (bot/service/screens.py,
docs/service.md "What a front end shows"): the lobby, a user's games, their settings and the
news; and who is at the table (bot/service/presence.py). On a real SQLite file, the AI inline."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.league.sim import InlineExecutor
from bot.service import GameService, ImageCache, Refusal
from bot.service.presence import WINDOW, Presence
from bot.service.screens import GamesList, LobbyState
from bot.storage.sqlite import SqliteStore
from hadara.narrate import describe
from hadara.replay import steps

HOST, GUEST, OTHER = 21, 22, 23
GUILD = 555


class Clock:
    def __init__(self) -> None:
        self.now = 2_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def svc(tmp_path: Path) -> AsyncIterator[GameService]:
    store = SqliteStore(tmp_path / "screens.sqlite3")
    await store.open()
    inline = InlineExecutor()
    service = GameService(store, clock=Clock(), ai_pool=inline, render_pool=inline,
                          image_cache=ImageCache(1 << 20))
    await service.open()
    try:
        yield service
    finally:
        await service.close()
        await store.close()


async def test_the_lobby_screen(svc: GameService) -> None:
    gid = await svc.create(HOST, "Host", seats=3, rated=False, hints=True,
                           options={"ai_level": "ismcts"}, time_control="24h")
    lobby = await svc.lobby_state(gid)
    assert isinstance(lobby, LobbyState)
    assert (lobby.status, lobby.size, lobby.host_user_id) == ("lobby", 3, HOST)
    assert [(s.name, s.user_id, s.host) for s in lobby.seats] == [("Host", HOST, True)]
    assert lobby.ai_level == "ismcts" and lobby.hints and not lobby.rated
    assert lobby.time_control is not None and lobby.time_control["seconds"] == 24 * 3600
    assert lobby.can_join and not lobby.can_start
    await svc.join(gid, GUEST, "Guest")
    await svc.add_ai(gid, "greedy")
    lobby = await svc.lobby_state(gid)
    assert [s.ai_level for s in lobby.seats] == [None, None, "greedy"]
    assert not lobby.can_join and lobby.can_start  # full, and enough players
    await svc.start(gid, HOST)
    lobby = await svc.lobby_state(gid)
    assert lobby.status == "active" and not lobby.can_join and not lobby.can_start
    with pytest.raises(Refusal):
        await svc.lobby_state(10**6)


async def test_a_users_games_and_what_they_wait_for(svc: GameService) -> None:
    open_table = await svc.create(HOST, "Host", seats=4)
    playing = await svc.create(HOST, "Host", seats=2)
    await svc.join(playing, GUEST, "Guest")
    await svc.start(playing, HOST)
    await svc.idle()
    mine = await svc.games(HOST)
    assert isinstance(mine, GamesList) and mine.more == 0 and mine.away_until is None
    lines = {line.game_id: line for line in mine.games}
    assert set(lines) == {open_table, playing}
    assert (lines[open_table].status, lines[open_table].seats_taken,
            lines[open_table].size) == ("lobby", 1, 4)
    assert lines[open_table].your_turn is None and lines[open_table].waiting == ()
    line = lines[playing]
    waiting = await svc.waiting(playing)
    seat = await svc.seat_of(playing, HOST)
    assert line.seat == seat
    names = {s.seat: s.name for s in (await svc.record(playing)).seats}
    if any(w.seat == seat for w in waiting):
        assert line.your_turn == next(w.kind for w in waiting if w.seat == seat)
    else:
        assert line.your_turn is None
        assert line.waiting == tuple(names[w.seat] for w in waiting)
    assert (await svc.games(OTHER)).games == ()
    await svc.away(HOST, 2)
    assert (await svc.games(HOST)).away_until == await svc.away_until(HOST)


async def test_the_settings_screen(svc: GameService) -> None:
    state = await svc.settings(HOST)
    assert not state.dms and state.language is None and state.time_zone is None
    assert state.server_language is None and state.rated_undo is None
    await svc.set_user_settings(HOST, {"dm_turns": True, "tz": "Europe/Paris",
                                       "quiet_hours": "22-07"})
    await svc.languages.choose(HOST, "fr")
    await svc.set_undo_rated(GUILD, True)
    state = await svc.settings(HOST, GUILD)
    assert state.dms and state.language == "fr"
    assert (state.time_zone, state.quiet_hours) == ("Europe/Paris", "22-07")
    assert state.server_language == "en" and state.rated_undo is True


async def test_the_news_since_a_point_of_the_log(svc: GameService) -> None:
    gid = await svc.create(HOST, "Host", seats=2)
    await svc.add_ai(gid, "greedy")
    await svc.start(gid, HOST)
    await svc.idle()
    for _ in range(3):  # the host plays legal moves for a while
        waiting = [w for w in await svc.waiting(gid) if w.seat == await svc.seat_of(gid, HOST)]
        if not waiting:
            break
        options = [o for o in await svc.options(gid, waiting[0].seat) if o["legal"]]
        await svc.submit(gid, HOST, waiting[0].decision_id, options[0]["action"])
        await svc.idle()
    snap = await svc.load(gid)
    game = snap.game
    assert game is not None and game.setup is not None
    log = game.log or []
    everything = await svc.news(gid, 0)
    assert everything.since == 0 and everything.version == len(log)
    expected = [ev for step in steps(game.setup, game.seed, game.catalog, log)
                if step.index > 0 for ev in step.result.public]
    assert list(everything.events) == expected
    assert list(everything.lines) == [line for ev in expected
                                      for line in describe(ev, game.players, game.catalog)]
    half = len(log) // 2
    later = await svc.news(gid, half)
    assert later.version == len(log) and len(later.events) <= len(everything.events)
    assert list(later.events) == expected[len(expected) - len(later.events):]
    nothing = await svc.news(gid, len(log))
    assert nothing.events == () and nothing.lines == ()
    with pytest.raises(Refusal) as info:
        await svc.news(gid, len(log) + 1)
    assert (info.value.code, info.value.reason) == ("stale", "news_since")


def test_presence_who_is_at_the_table() -> None:
    clock = Clock()
    presence = Presence(clock)
    assert presence.until(1, 0) is None and presence.seats(1) == []
    presence.seen(1, 0, HOST)
    assert presence.until(1, 0) == clock.now + WINDOW and presence.present(1, 0)
    # a front end that can show it only so long (a Discord token) bounds it
    presence.seen(1, 1, GUEST, until=clock.now + 60)
    assert presence.until(1, 1) == clock.now + 60
    assert presence.seats(1) == [0, 1]
    clock.now += 61
    assert presence.until(1, 1) is None and presence.seats(1) == [0]
    assert presence.seen_by(1, 1) is not None  # who had it open is remembered
    clock.now += WINDOW
    assert not presence.present(1, 0)
    presence.seen(1, 0, HOST, at=clock.now - 10)
    assert presence.until(1, 0) == clock.now - 10 + WINDOW
    with presence.acting(1, 0):
        assert presence.busy(1, 0)
        with presence.acting(1, 0):
            assert presence.busy(1, 0)
        assert presence.busy(1, 0)
    assert not presence.busy(1, 0)
    presence.leave(1, 0)
    assert presence.until(1, 0) is None
    presence.seen(1, 0, HOST)
    presence.seen(2, 0, HOST)
    presence.leave(1)
    assert presence.seats(1) == [] and presence.seats(2) == [0]
    seen = presence.seen_by(2, 0)
    assert seen is not None and math.isinf(seen.limit)
