"""Clean edges of the game service (docs/service.md, "Clean edges"): names are normalised and
checked (NFC, no lone surrogates, nothing invisible-only), ids beyond the stores' integer range
are "no such game" without asking the store, and a property test throws hostile strings and
numbers at every public coroutine taking ids, names or user ids: only typed refusals (or
normal answers) come out."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.service import Refusal
from bot.service.service import MAX_ID
from tests.support.storage_helpers import (
    ALICE,
    BOB,
    HOST,
    Env,
    assert_memory_is_storage,
    make_env,
    play,
    table,
)
from tests.support.stores import SQLITE, StoreFactory


async def refusal(call: Coroutine[Any, Any, Any]) -> tuple[str, str]:
    with pytest.raises(Refusal) as info:
        await call
    return info.value.code, info.value.reason


# ---------------------------------------------------------------- names


@pytest.mark.sqlite_only
async def test_names_are_normalised_and_invisible_ones_refused(make_store: StoreFactory) -> None:
    env = await make_env(make_store)
    try:
        for bad, reason in [("\ud800", "bad_characters"), ("Ami\udfffra", "bad_characters"),
                            ("\u200b", "invisible_name"), ("\x00", "invisible_name"),
                            ("\ufeff", "invisible_name"), ("\u00ad\u2060", "invisible_name"),
                            ("\u200d\u200c", "invisible_name"), ("\u3164", "invisible_name"),
                            ("\u0301", "invisible_name"), ("\u202e\u2066", "invisible_name"),
                            ("", "bad_name"), ("   ", "bad_name"), (42, "bad_name")]:
            assert await refusal(env.svc.create(HOST, bad)) == ("bad_request", reason), bad
        gid = await env.svc.create(HOST, "Ame\u0301lie")  # NFC: one é
        assert await refusal(env.svc.join(gid, ALICE, None)) == ("bad_request", "bad_name")
        await env.svc.join(gid, ALICE, "A\x00li\u200bce\u202e")  # controls and format removed
        for bad in ("\u200b", "\x00", "\ufeff"):  # a second invisible name never gets "… 2"
            assert (await refusal(env.svc.join(gid, BOB, bad)))[1] == "invisible_name"
        await env.svc.join(gid, BOB, "Ame\u0301lie")  # the same name once normalised
        names = [s.name for s in (await env.svc.load(gid)).record.seats]
        assert names == ["Amélie", "Alice", "Amélie 2"]
        emoji = await env.svc.create(BOB, "\U0001f468\u200d\U0001f469\u200d\U0001f467 Fam")
        assert (await env.svc.load(emoji)).record.seats[0].name == \
            "\U0001f468\u200d\U0001f469\u200d\U0001f467 Fam"  # joiners inside are kept
        await assert_memory_is_storage(env, gid)
    finally:
        await env.close()


# ---------------------------------------------------------------- ids


class Asked:
    """The game ids the store was asked about."""

    def __init__(self, store: Any) -> None:
        self.ids: list[Any] = []
        for name in ("load_game", "salvage_game"):
            original = getattr(store, name)
            setattr(store, name, self._wrap(original))
        original_lock = store.lock

        def lock(game_id: Any) -> Any:
            self.ids.append(game_id)
            return original_lock(game_id)

        store.lock = lock

    def _wrap(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        async def wrapped(game_id: Any, *args: Any) -> Any:
            self.ids.append(game_id)
            return await fn(game_id, *args)
        return wrapped


BAD_IDS = [2**70, 2**63, MAX_ID + 1, 0, -1, -(2**70), True, False, "1", 1.0, None, [1], (2,)]


@pytest.mark.sqlite_only
async def test_ids_beyond_the_database_range_are_no_such_game(make_store: StoreFactory) -> None:
    env = await make_env(make_store)
    try:
        gid = await table(env)
        asked = Asked(env.store)
        for bad in BAD_IDS:
            for call in (env.svc.load(bad), env.svc.waiting(bad), env.svc.view(bad),
                         env.svc.submit(bad, HOST, "d1", {}), env.svc.join(bad, BOB, "Bob"),
                         env.svc.abandon(bad, HOST), env.svc.catch_up(bad, 0),
                         env.svc.board_images(bad), env.svc.repair_preview(bad),
                         env.svc.repair(bad), env.svc.set_discord(bad, {})):
                assert (await refusal(call))[0] == "not_found", bad
        assert asked.ids == []  # never asked the store
        for bad_user in (2**70, -1, True, "5", None):
            assert await refusal(env.svc.join(gid, bad_user, "X")) == ("bad_request",
                                                                       "bad_user")
            assert await refusal(env.svc.create(bad_user, "X")) == ("bad_request", "bad_user")
            assert await refusal(env.svc.away(bad_user, 2)) == ("bad_request", "bad_user")
        assert await refusal(env.svc.set_away_allowance(2**70, 3)) == ("bad_request",
                                                                      "bad_guild")
        assert await refusal(env.svc.away(HOST, 2, [2**64])) == ("bad_request", "bad_guild")
        assert await refusal(env.svc.set_discord(gid, {"x": "\ud800"})) == ("bad_request",
                                                                           "bad_values")
        await assert_memory_is_storage(env, gid)
    finally:
        await env.close()


# ---------------------------------------------------------------- property: only refusals

HOSTILE_TEXT = st.one_of(
    st.text(max_size=12),
    st.text(st.characters(exclude_categories=()), max_size=6),  # surrogates included
    st.sampled_from(["\ud800", "a\udfffb", "\u200b", "\x00", "\ufeff", "\u00ad", " ", "",
                     "\u2060\u2060", "x" * 500, "d1", "d2", "greedy", "random"]))
HOSTILE_NUMBER = st.one_of(
    st.integers(), st.integers(min_value=2**62, max_value=2**90),
    st.integers(min_value=-(2**90), max_value=1), st.sampled_from([2**63, 2**63 - 1, 2**64]),
    st.booleans(), st.floats(allow_nan=True), st.none())
HOSTILE = st.one_of(HOSTILE_NUMBER, HOSTILE_TEXT, st.lists(st.integers(), max_size=2),
                    st.dictionaries(HOSTILE_TEXT, st.one_of(HOSTILE_TEXT, HOSTILE_NUMBER),
                                    max_size=3))


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, Env, list[int]]]:
    """One service for every example: a lobby, a game in play, a finished (abandoned) one."""
    loop = asyncio.new_event_loop()
    factory = StoreFactory(SQLITE, Path(tmp_path_factory.mktemp("edges")))

    async def build() -> tuple[Env, list[int]]:
        env = await make_env(factory)
        lobby = await env.svc.create(HOST, "Host", seats=4)
        await env.svc.join(lobby, ALICE, "Alice")
        active = await table(env, (HOST, ALICE))
        await play(env, active, 3)
        gone = await table(env, (BOB, ALICE))
        await env.svc.abandon(gone, BOB)
        return env, [lobby, active, gone]

    env, games = loop.run_until_complete(build())
    try:
        yield loop, env, games
    finally:
        loop.run_until_complete(env.close())
        loop.close()


def _calls(svc: Any, game: Any, user: Any, text: Any, other: Any, number: Any
           ) -> dict[str, Callable[[], Coroutine[Any, Any, Any]]]:
    return {
        "create": lambda: svc.create(user, text, seats=number),
        "join": lambda: svc.join(game, user, text),
        "leave": lambda: svc.leave(game, user),
        "add_ai": lambda: svc.add_ai(game, text, by_user=user),
        "remove_ai": lambda: svc.remove_ai(game, number, by_user=user),
        "start": lambda: svc.start(game, user),
        "submit": lambda: svc.submit(game, user, text, other),
        "concede": lambda: svc.concede(game, user),
        "abandon": lambda: svc.abandon(game, user),
        "set_discord": lambda: svc.set_discord(game, other),
        "plan_options": lambda: svc.plan_options(game, user),
        "queue": lambda: svc.queue(game, user, other),
        "rejoin": lambda: svc.rejoin(game, user),
        "vote_takeover": lambda: svc.vote_takeover(game, user, number),
        "away": lambda: svc.away(user, number, other if isinstance(other, list) else ()),
        "back": lambda: svc.back(user),
        "away_until": lambda: svc.away_until(user),
        "set_away_allowance": lambda: svc.set_away_allowance(user, number),
        "catch_up": lambda: svc.catch_up(game, number),
        "news": lambda: svc.news(game, number),
        "lobby_state": lambda: svc.lobby_state(game),
        "games": lambda: svc.games(user),
        "settings": lambda: svc.settings(user, number),
        "load": lambda: svc.load(game),
        "seat_of": lambda: svc.seat_of(game, user),
        "view": lambda: svc.view(game, number),
        "options": lambda: svc.options(game, number),
        "waiting": lambda: svc.waiting(game),
        "private_image": lambda: svc.private_image(game, number),
        "repair_preview": lambda: svc.repair_preview(game),
        "repair": lambda: svc.repair(game, keep=number),
        "damaged_games": lambda: svc.damaged_games(),
    }


CALLS = list(_calls(*[None] * 6))


@settings(max_examples=500, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(CALLS))
def test_only_typed_refusals_come_out(world: tuple[Any, Env, list[int]], data: st.DataObject,
                                      name: str) -> None:
    loop, env, games = world
    # each argument valid about half the time, so that the others reach deep into the call
    game = data.draw(st.one_of(st.sampled_from(games), HOSTILE_NUMBER, HOSTILE), "game")
    user = data.draw(st.one_of(st.sampled_from([HOST, ALICE, BOB, 7]), HOSTILE_NUMBER), "user")
    text = data.draw(st.one_of(st.sampled_from(["Bob", "greedy", "d1"]), HOSTILE_TEXT), "text")
    other = data.draw(st.one_of(st.just({}), st.just([5]), HOSTILE), "other")
    number = data.draw(st.one_of(st.integers(0, 5), HOSTILE_NUMBER), "number")
    call = _calls(env.svc, game, user, text, other, number)[name]

    async def run() -> None:
        try:
            await call()
        except Refusal as r:
            assert r.code and isinstance(r.message, str)
            r.to_dict()
        await env.svc.idle()

    loop.run_until_complete(run())


# ---------------------------------------------------------------- the words of the new codes


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_commands_and_clicks_word_the_new_refusals(lang: str) -> None:
    pytest.importorskip("discord")
    import i18n
    from bot.storage.base import StorageUnavailable
    from cogs.edge import errors

    cases = [Refusal("damaged", "x", "bad_json", game_id=3),
             Refusal("damaged", "x", "not_repairable", game_id=3, damage="bad_setup"),
             Refusal("not_damaged", "x", game_id=3),
             Refusal("storage_unavailable", "x", "disk_full"),
             Refusal("storage_unavailable", "x", "connection"),
             Refusal("stale", "x", "repair_changed", keep=4),
             Refusal("bad_request", "x", "invisible_name", max=64),
             Refusal("bad_request", "x", "bad_characters", max=64)]
    with i18n.speaking(lang):
        for refusal in cases:
            for text in (errors.refusal_text(refusal),):  # one path: commands and clicks
                assert text and text != "x", (lang, refusal)
        said, unexpected = errors.error_text(StorageUnavailable("read_only", "x"))
        assert said == errors.refusal_text(Refusal("storage_unavailable", "x", "read_only"))
        assert not unexpected  # worded for the player, not "something went wrong"
    assert i18n.translate(lang, "refusal.storage_unavailable") != \
        i18n.translate(lang, "refusal.damaged")
