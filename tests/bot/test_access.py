"""The access policy (bot/access.py) held against the table of docs/security.md, written out
here as literal expectations: every operation on a game, for every role, in every status.

The end-to-end matrix (tests/e2e/test_access_matrix.py) drives the real bot through the same
policy; this file is the policy's own specification, so a change to a rule must change a line
here and in docs/security.md."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from bot import access
from bot.access import Actor, GameFacts, Kind, decide, decide_server
from bot.storage.base import ABANDONED, ACTIVE, FINISHED, LOBBY, GameRecord, SeatRecord

HOME, OTHER = 1000, 2000
HOST, PLAYER, SPECTATOR, MANAGER, ADMIN_ELSEWHERE, STRANGER = 1, 2, 3, 4, 5, 6
STATUSES = (LOBBY, ACTIVE, FINISHED, ABANDONED)
DOC = Path(__file__).resolve().parents[2] / "docs" / "security.md"

#: The roles of the matrix: who, where, with which powers.
ROLES: dict[str, Actor] = {
    "host": Actor(HOST, HOME),
    "player": Actor(PLAYER, HOME),
    "spectator": Actor(SPECTATOR, HOME),
    "manager": Actor(MANAGER, HOME, manage_guild=True, manage_threads=True),
    "thread_manager": Actor(MANAGER, HOME, manage_threads=True),
    "admin_elsewhere": Actor(ADMIN_ELSEWHERE, OTHER, manage_guild=True, manage_threads=True),
    "player_elsewhere": Actor(PLAYER, OTHER, manage_guild=True),
    "player_dm": Actor(PLAYER, None),
    "stranger_dm": Actor(STRANGER, None),
}


def game(status: str, **kw: object) -> GameFacts:
    base = dict(game_id=7, status=status, guild_id=HOME, thread_id=77, host_user_id=HOST,
                seats={HOST: 0, PLAYER: 1}, names={0: "Host", 1: "Player", 2: "Greedy AI"})
    base.update(kw)
    return GameFacts(**base)  # type: ignore[arg-type]


# Who may, per operation (status-independent unless said): the literal table of
# docs/security.md. "seat": host, player, player_elsewhere, player_dm.
SEATED = {"host", "player", "player_elsewhere", "player_dm"}
AT_HOME = {"host", "player", "spectator", "manager", "thread_manager"}
EXPECTED: dict[str, set[str]] = {
    "board": SEATED | AT_HOME,
    "board.post": AT_HOME,
    "follow": AT_HOME,  # (its players are answered "you're playing this game")
    "history": SEATED | AT_HOME,
    "replay": SEATED | AT_HOME,
    "hand": SEATED,
    "panel": SEATED,
    "hint": SEATED,
    "decide": SEATED,
    "queue": SEATED,
    "concede": SEATED,
    "undo": SEATED,
    "rejoin": SEATED,
    "leave": SEATED,
    "join": AT_HOME,
    "vote": {"host", "player"},
    "rematch": {"host", "player"},
    "start": {"host", "manager", "thread_manager"},
    "add_ai": {"host", "manager", "thread_manager"},
    "abandon": {"host", "manager", "thread_manager"},
    "repair": {"manager"},
    "review": SEATED,
    "fork": SEATED,  # (the service: only one's own decisions, a finished game)
    "void": {"manager"},
}
#: Export: nobody while the game is in its lobby or in play; afterwards its players and the
#: managers of its server.
EXPORT_AFTER = SEATED | {"manager", "thread_manager"}


@pytest.mark.parametrize("status", STATUSES)
@pytest.mark.parametrize("operation", sorted(EXPECTED))
def test_every_operation_for_every_role(operation: str, status: str) -> None:
    allowed = {role for role, who in ROLES.items() if decide(who, game(status), operation)}
    assert allowed == EXPECTED[operation], (operation, status)


@pytest.mark.parametrize("status", STATUSES)
def test_export_only_after_the_game_and_never_elsewhere_for_strangers(status: str) -> None:
    allowed = {role for role, who in ROLES.items() if decide(who, game(status), "export")}
    if status in (LOBBY, ACTIVE):
        assert allowed == set()
        assert decide(ROLES["player"], game(status), "export").reason == access.IN_PLAY
    else:
        assert allowed == EXPORT_AFTER


def test_server_powers_count_only_in_the_game_server() -> None:
    """The owner of another server is a stranger to this game: no abandon, no export, no
    board, no history (the holes of the first week)."""
    other = ROLES["admin_elsewhere"]
    for status in STATUSES:
        for op in ("abandon", "start", "add_ai", "board", "board.post", "history", "export",
                   "void", "repair", "join", "vote"):
            verdict = decide(other, game(status), op)
            assert not verdict, (op, status)
            assert verdict.reason in (access.ELSEWHERE, access.IN_PLAY, access.NOT_PLAYER), \
                (op, verdict)


def test_outside_the_server_a_player_reaches_only_their_own_seat() -> None:
    for who in (ROLES["player_dm"], ROLES["player_elsewhere"]):
        g = game(ACTIVE)
        for op in ("hand", "panel", "hint", "decide", "queue", "concede", "rejoin", "leave",
                   "board", "history"):
            assert decide(who, g, op), op
        for op in ("vote", "rematch", "board.post", "start", "abandon", "join"):
            verdict = decide(who, g, op)
            assert not verdict and verdict.reason == access.ELSEWHERE, op


def test_a_component_of_another_seat_is_refused_with_its_owner() -> None:
    verdict = decide(ROLES["player"], game(ACTIVE), "decide", seat=0)
    assert not verdict and verdict.reason == access.NOT_YOUR_SEAT
    assert verdict.params == {"seat": 0, "name": "Host"}
    assert decide(ROLES["player"], game(ACTIVE), "decide", seat=1)
    assert not decide(ROLES["spectator"], game(ACTIVE), "decide", seat=1)


@pytest.mark.parametrize("operation", ["panel", "hint", "decide", "queue", "undo"])
def test_a_forged_seat_names_nobody(operation: str) -> None:
    """Seat 7 of a three-seat game (a modified client's custom id): a reason that names
    nobody, no "?" in a name; someone without a seat hears only that."""
    for status in STATUSES:
        verdict = decide(ROLES["player"], game(status), operation, seat=7)
        assert not verdict and verdict.reason == access.NO_SUCH_SEAT, (operation, status)
        assert verdict.params == {}
        assert decide(ROLES["spectator"], game(status), operation, seat=7).reason \
            == access.NOT_PLAYER
        assert decide(ROLES["stranger_dm"], game(status), operation, seat=7).reason \
            == access.NOT_PLAYER


def test_reasons_say_why() -> None:
    g = game(ACTIVE)
    assert decide(ROLES["spectator"], g, "hand").reason == access.NOT_PLAYER
    assert decide(ROLES["stranger_dm"], g, "board").reason == access.NOT_PLAYER
    assert decide(ROLES["admin_elsewhere"], g, "abandon").reason == access.ELSEWHERE
    assert decide(ROLES["player"], g, "abandon").reason == access.NOT_HOST
    assert decide(ROLES["thread_manager"], g, "void").reason == access.NOT_MANAGER
    assert decide(ROLES["host"], g, "repair").reason == access.NOT_MANAGER
    assert decide(ROLES["spectator"], game(FINISHED), "export").reason == access.NOT_MANAGER
    assert decide(ROLES["stranger_dm"], game(FINISHED), "export").reason == access.NOT_PLAYER
    assert set(access.REASONS) >= {v for v in (
        decide(who, g(s), op, seat=seat).reason for who in ROLES.values() for s in STATUSES
        for g in (game, private) for seat in (None, 0, 7)
        for op in access.OPERATIONS if access.rule_of(op).kind not in access.SERVER_KINDS)
        if v is not None}


# A private game (a learning game, a practice fork): the player ("player", "player_elsewhere",
# "player_dm") hosts it and holds its one person's seat; "host" is a stranger to it (as the
# host of the game it was forked from). Everyone else is refused ``private_game`` by every
# operation, but its server's managers may abandon and repair it (server hygiene).
OWNER = {"player", "player_elsewhere", "player_dm"}
EXPECTED_PRIVATE: dict[str, set[str]] = {
    "board": OWNER,
    "board.post": {"player"},
    "follow": {"player"},  # (the service answers "you're playing this game")
    "history": OWNER,
    "replay": OWNER,
    "hand": OWNER,
    "panel": OWNER,
    "hint": OWNER,
    "decide": OWNER,
    "queue": OWNER,
    "concede": OWNER,
    "undo": OWNER,
    "rejoin": OWNER,
    "leave": OWNER,
    "join": {"player"},  # (the service: already seated)
    "vote": {"player"},
    "rematch": {"player"},
    "start": {"player"},
    "add_ai": {"player"},
    "abandon": {"player", "manager", "thread_manager"},
    "repair": {"manager"},
    "review": OWNER,
    "fork": OWNER,
    "void": set(),
}
#: Export of a private game once it is over: its owner only (no manager).
EXPORT_PRIVATE_AFTER = OWNER


def private(status: str, **kw: object) -> GameFacts:
    return game(status, private=True, host_user_id=PLAYER, seats={PLAYER: 0},
                names={0: "Player", 1: "Greedy AI", 2: "Gentle AI"}, **kw)


@pytest.mark.parametrize("status", STATUSES)
@pytest.mark.parametrize("operation", sorted(EXPECTED_PRIVATE))
def test_a_private_game_is_its_owner_s_alone(operation: str, status: str) -> None:
    allowed = {role for role, who in ROLES.items() if decide(who, private(status), operation)}
    assert allowed == EXPECTED_PRIVATE[operation], (operation, status)
    for role, who in ROLES.items():  # everyone else: one reason, naming nobody
        verdict = decide(who, private(status), operation)
        if not verdict and role not in OWNER:
            assert verdict.reason == access.PRIVATE_GAME and verdict.params == {}, \
                (operation, status, role, verdict)
    # a seat of it named by a custom id: a stranger hears it is private, nothing of the seat
    for seat in (0, 1, 7):
        verdict = decide(ROLES["spectator"], private(status), operation, seat=seat)
        assert verdict.reason == access.PRIVATE_GAME and verdict.params == {}


@pytest.mark.parametrize("status", STATUSES)
def test_a_private_game_s_export_is_its_owner_s(status: str) -> None:
    allowed = {role for role, who in ROLES.items() if decide(who, private(status), "export")}
    assert allowed == (set() if status in (LOBBY, ACTIVE) else EXPORT_PRIVATE_AFTER)
    assert decide(ROLES["manager"], private(FINISHED), "export").reason == access.PRIVATE_GAME


def test_private_games_are_learning_games_and_practice_forks() -> None:
    assert access.is_private({"learn": True})
    assert access.is_private({"fork": {"game": 3, "action": 5, "seat": 1}, "practice": True})
    assert not access.is_private({})
    assert not access.is_private({"learn": False, "fork": None, "rated": True})
    assert {"abandon", "repair"} == access.PRIVATE_MANAGED


def test_league_stand_ins_review_and_export_their_game() -> None:
    g = game(FINISHED, seats={}, stand_ins=frozenset({SPECTATOR}))
    assert decide(ROLES["spectator"], g, "review")
    assert decide(ROLES["spectator"], g, "export")
    assert not decide(ROLES["stranger_dm"], g, "review")


def test_a_game_without_a_server_yet_is_managed_by_nobody_from_discord() -> None:
    g = game(LOBBY, guild_id=None)
    assert not decide(ROLES["host"], g, "start")
    assert decide(ROLES["host"], g, "leave")


def test_server_operations() -> None:
    assert decide_server(ROLES["spectator"], "league")
    assert decide_server(ROLES["stranger_dm"], "league").reason == access.SERVER_ONLY
    assert decide_server(ROLES["spectator"], "league.manage").reason == access.NOT_MANAGER
    assert not decide_server(ROLES["thread_manager"], "server.settings")  # Manage Server
    assert decide_server(ROLES["manager"], "league.manage")
    assert decide_server(ROLES["stranger_dm"], "self")
    with pytest.raises(ValueError):
        decide_server(ROLES["manager"], "abandon")
    with pytest.raises(KeyError, match="no access rule"):
        decide(ROLES["host"], game(ACTIVE), "teleport")


def test_facts_of_a_record() -> None:
    rec = GameRecord(id=3, status=ACTIVE, variant="basic",
                     options={"rated": True, "league": {"league": 1}, "guild": HOME},
                     created_at=0, updated_at=0, host_user_id=HOST,
                     seats=[SeatRecord(0, "Host", user_id=HOST),
                            SeatRecord(1, "Greedy AI", ai_level="greedy")],
                     discord={"thread": 55})
    f = access.facts(rec)
    assert (f.game_id, f.guild_id, f.thread_id, f.rated, f.league) == (3, HOME, 55, True, True)
    assert not f.private
    for options in ({"learn": True}, {"fork": {"game": 1, "action": 0, "seat": 0}}):
        assert access.facts(replace(rec, options={**rec.options, **options})).private
    assert f.seats == {HOST: 0} and f.names == {0: "Host", 1: "Greedy AI"}
    assert f.in_play and not access.facts(rec.__class__(**{**rec.__dict__,
                                                             "status": FINISHED})).in_play


def test_every_operation_has_a_kind_and_every_entry_an_operation() -> None:
    assert set(access.COMMANDS.values()) <= set(access.OPERATIONS)
    assert set(access.COMPONENTS.values()) <= set(access.OPERATIONS)
    assert all(isinstance(r.kind, Kind) for r in access.OPERATIONS.values())


def test_the_security_doc_lists_every_operation() -> None:
    """docs/security.md's policy table names every operation of the code."""
    text = DOC.read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `([a-z_.]+)` \|", text, flags=re.MULTILINE))
    assert listed == set(access.OPERATIONS), sorted(listed ^ set(access.OPERATIONS))
