"""The access policy's ``spectate`` (bot/access.py, docs/security.md): a game's spectator link
on the web page shows its public view to anyone holding it — the same answer whoever they are
— only for a started game of a server that turned its spectators on, never a private game
(a learning game, a practice fork), not even to its owner."""

from __future__ import annotations

import pytest

from bot import access
from bot.access import ANYONE, Actor, decide
from bot.storage.base import ABANDONED, ACTIVE, FINISHED, LOBBY
from tests.bot.test_access import ROLES, STATUSES, game, private


@pytest.mark.parametrize("status", STATUSES)
def test_only_a_started_game_of_a_server_that_allows_it(status: str) -> None:
    for who in [ANYONE, *ROLES.values()]:
        off = decide(who, game(status), "spectate")
        assert not off and off.reason == access.NOT_WATCHED and off.params == {}
        on = decide(who, game(status, spectators=True), "spectate")
        assert bool(on) == (status in (ACTIVE, FINISHED)), (who, status)
        if status in (LOBBY, ABANDONED):
            assert on.reason == access.NOT_WATCHED


@pytest.mark.parametrize("status", STATUSES)
def test_never_a_private_game_not_even_for_its_owner(status: str) -> None:
    for who in [ANYONE, *ROLES.values()]:
        verdict = decide(who, private(status, spectators=True), "spectate")
        assert not verdict and verdict.reason == access.PRIVATE_GAME and verdict.params == {}


def test_a_game_of_no_server_is_never_watched() -> None:
    verdict = decide(ANYONE, game(ACTIVE, guild_id=None, spectators=True), "spectate")
    assert not verdict and verdict.reason == access.NOT_WATCHED


def test_practice_learning_and_forks_are_private() -> None:
    for options in ({"learn": True}, {"practice": True},
                    {"fork": {"game": 1, "action": 0, "seat": 0}, "practice": True}):
        assert access.is_private(options), options


def test_anyone_has_no_powers_elsewhere() -> None:
    """The link holder is nobody to every other operation: no seat, no server."""
    g = game(ACTIVE, spectators=True)
    assert Actor(0) == ANYONE
    for op in access.OPERATIONS:
        if access.rule_of(op).kind in access.SERVER_KINDS or op == "spectate":
            continue
        assert not decide(ANYONE, g, op), op


def test_the_setting_is_a_server_setting_for_its_managers() -> None:
    assert access.COMMANDS["hadara-admin spectators"] == "server.settings"
    assert access.decide_server(ROLES["manager"], "server.settings")
    assert not access.decide_server(ROLES["spectator"], "server.settings")
