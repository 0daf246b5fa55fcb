"""The access policy: who may do what to a game, and from where. No Discord here.

Every slash command, autocomplete and component names an **operation** (``COMMANDS``,
``COMPONENTS``); every operation has a :class:`Rule` (``OPERATIONS``). Before a cog reads or
changes a game it asks :func:`decide` (through ``GameService.authorize``, which builds the
game's :class:`GameFacts` from its live record) with the :class:`Actor` — the user, the server
they act in (None in a DM) and their powers there. The answer is :data:`ALLOWED` or a
:class:`Verdict` with a reason code the catalogs word (``refusal.denied.<reason>``).

Roles, from the game's facts and the actor:

- **seated player**: a person holding a seat (a conceded seat still counts: the service then
  refuses what a conceded player may not do);
- **host**: the user who opened the table;
- **member**: someone acting *in the game's own server* (its thread, its channel, any channel
  of that server);
- **manager**: a member with Manage Server — or, for a game's table, Manage Threads — in the
  **game's own server**. Those powers count nowhere else: the owner of another server is a
  stranger to this game;
- **anyone else**: another server, or a DM, without a seat.

A **private game** (:func:`is_private`: a learning game or a practice fork, in its player's
private thread) is its owner's alone: anyone else is refused ``private_game`` by every
operation — the managers of its server too, but for ending or mending it
(``PRIVATE_MANAGED``).

Anyone holding a game's **spectator link** (the web page) is :data:`ANYONE`, with no user and
no server: ``spectate`` shows the public view of a started game of a server that turned its
spectators on (``/hadara-admin spectators``, the game's ``spectators`` fact), never of a
private game (:func:`watch`).

Outside the game's server (another server or a DM) a player reaches only their own seat: their
panel and hand, their own decisions, concede, rejoin and leave. Votes, management and
anything that posts into the game's thread only from the game's server. The table of
operations and roles is in docs/security.md; ``tests/bot/test_access.py`` holds it as
literal expectations and ``tests/e2e/test_access_matrix.py`` drives the real bot through it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.storage.base import ABANDONED, ACTIVE, FINISHED, LOBBY, GameRecord


class Kind(StrEnum):
    """The kinds of access (docs/security.md)."""

    SEE_PUBLIC = "see_public"  # the board, the history, the scores
    SEE_PRIVATE = "see_private"  # one's own hand, panel and hint
    ACT = "act"  # one's own decisions, queue, concede, rejoin, leave, vote, join, rematch
    MANAGE = "manage"  # start, add AI, abandon, repair
    EXPORT = "export"  # a finished game's full record (seed, deck order, every hand)
    REVIEW = "review"  # the post-game review of one's own seat
    VOID = "void"  # voiding a rated result
    SERVER = "server"  # a server's own things: leagues, ratings, new tables (its members)
    SERVER_MANAGE = "server_manage"  # a server's settings and leagues (Manage Server)
    SELF = "self"  # one's own things: settings, games list, rules, cards
    WATCH = "watch"  # the public view on the web page, for anyone holding its spectator link


#: Kinds decided on the server the actor acts in (or on themselves), not on a game.
SERVER_KINDS = frozenset({Kind.SERVER, Kind.SERVER_MANAGE, Kind.SELF})


@dataclass(frozen=True)
class Rule:
    """How an operation is decided.

    ``home_only``: only from the game's own server (it posts into the game's thread, or is a
    vote of the table); ``seat``: the actor must hold a seat (False: joining a table);
    ``managers_only``: the host's power is not enough (repair); ``server_manage``: only Manage
    Server counts, not Manage Threads (ratings)."""

    kind: Kind
    home_only: bool = False
    seat: bool = True
    managers_only: bool = False
    server_manage: bool = False


#: The options that make a game private (its player's own table, in their private thread): a
#: learning game (``/hadara learn``) and a practice fork ("Try it again", bot/service/fork.py).
LEARN, FORK, PRACTICE = "learn", "fork", "practice"
#: What the managers of a private game's server may still do to it: server hygiene — end a
#: table left open, mend a damaged one — never see, play, post or export it.
PRIVATE_MANAGED = frozenset({"abandon", "repair"})


def is_private(options: Mapping[str, Any]) -> bool:
    """A private game: a learning game or a practice fork (by its record's options)."""
    return bool(options.get(LEARN)) or isinstance(options.get(FORK), dict) \
        or bool(options.get(PRACTICE))


#: Every operation on a game, a server or oneself.
OPERATIONS: dict[str, Rule] = {
    # seeing
    "board": Rule(Kind.SEE_PUBLIC),
    "board.post": Rule(Kind.SEE_PUBLIC, home_only=True),  # the board again in the thread
    "history": Rule(Kind.SEE_PUBLIC),
    # following a game in play (a digest by DM at each epoch's end): whoever sees its thread;
    # its players are answered "you're playing this game" by the service
    "follow": Rule(Kind.SEE_PUBLIC, home_only=True),
    # the replay viewer: what the board showed at each step (a finished game's cards too,
    # nothing being hidden once it is over): its players anywhere, members of its server
    "replay": Rule(Kind.SEE_PUBLIC),
    # the web page's spectator link (docs/web.md, "Spectators"): the public view for anyone
    # holding it, whoever they are — only where the game's server lets its games be watched
    "spectate": Rule(Kind.WATCH, seat=False),
    "hand": Rule(Kind.SEE_PRIVATE),
    "panel": Rule(Kind.SEE_PRIVATE),
    "hint": Rule(Kind.SEE_PRIVATE),
    # playing
    "decide": Rule(Kind.ACT),
    "queue": Rule(Kind.ACT),
    # taking back one's last move while harmless (the service decides when it is)
    "undo": Rule(Kind.ACT),
    "concede": Rule(Kind.ACT),
    "rejoin": Rule(Kind.ACT),
    "leave": Rule(Kind.ACT),
    "join": Rule(Kind.ACT, home_only=True, seat=False),
    "vote": Rule(Kind.ACT, home_only=True),
    "rematch": Rule(Kind.ACT, home_only=True),
    # running the table
    "start": Rule(Kind.MANAGE),
    "add_ai": Rule(Kind.MANAGE),
    "abandon": Rule(Kind.MANAGE),
    "repair": Rule(Kind.MANAGE, managers_only=True, server_manage=True),
    # after the game
    "export": Rule(Kind.EXPORT),
    "review": Rule(Kind.REVIEW),
    # a private practice game from one of one's own decisions ("Try it again"): the game's
    # players (the service checks the decision is the clicker's own)
    "fork": Rule(Kind.REVIEW),
    "void": Rule(Kind.VOID, server_manage=True),
    # a server's own things (no game)
    "table.new": Rule(Kind.SERVER),
    "learn": Rule(Kind.SERVER),
    "league": Rule(Kind.SERVER),
    "ratings": Rule(Kind.SERVER),
    "league.manage": Rule(Kind.SERVER_MANAGE),
    "server.settings": Rule(Kind.SERVER_MANAGE),
    # oneself
    "self": Rule(Kind.SELF),
}

#: The operation of every slash command (by qualified name). A command missing here fails
#: the access matrix test.
COMMANDS: dict[str, str] = {
    "hadara new": "table.new",
    "hadara join": "join",
    "hadara leave": "leave",
    "hadara start": "start",
    "hadara board": "board",
    "hadara hand": "hand",
    "hadara games": "self",
    "hadara rules": "self",
    "hadara card": "self",
    "hadara history": "history",
    "hadara concede": "concede",
    "hadara abandon": "abandon",
    "hadara settings": "self",  # its server_language option: "server.settings"
    "hadara rejoin": "rejoin",
    "hadara vote": "vote",
    "hadara away": "self",
    "hadara back": "self",
    "hadara-admin allowance": "server.settings",
    "hadara-admin tables": "server.settings",
    "hadara-admin spectators": "server.settings",
    "hadara-admin void": "void",
    "hadara-admin repair": "repair",
    "hadara-league profile": "ratings",
    "hadara-league leaderboard": "ratings",
    "hadara-replay review": "review",
    "hadara learn": "learn",
    "hadara-league create": "league.manage",
    "hadara-league join": "league",
    "hadara-league leave": "league",
    "hadara-league standings": "league",
    "hadara-league round": "league.manage",
    "hadara-league end": "league.manage",
    "hadara-league export": "league",  # its rated.csv: "league.manage"
    # tournaments are a server's leagues' kind of event: the same two operations
    "hadara-tournament create": "league.manage",
    "hadara-tournament join": "league",
    "hadara-tournament withdraw": "league",  # another person: "league.manage"
    "hadara-tournament round": "league.manage",
    "hadara-tournament standings": "league",
    "hadara-replay export": "export",
    "hadara-replay view": "replay",
    "hadara-replay undo": "undo",
}

#: The operation of every restart-proof component, by its ``kind`` (``Guarded.access_kind``:
#: the class name, with the action for buttons that carry one).
COMPONENTS: dict[str, str] = {
    "lobby.join": "join",
    "lobby.leave": "leave",
    "lobby.ai": "add_ai",
    "lobby.start": "start",
    "lobby.cancel": "abandon",
    "rematch": "rematch",
    "take_turn": "panel",
    # "Take my turn" in the games panel and "Next game": that game's panel, in place
    "open_game": "panel",
    # the games panel's pages: the clicker's own games
    "games.page": "self",
    "hint": "hint",
    "action": "decide",
    "nav": "panel",
    "select": "decide",
    "queue": "queue",
    "undo": "undo",
    "vote": "vote",
    "notes": "self",
    "repair": "repair",
    "follow": "follow",
    # "Open the board" as the Activity's launch (cogs/edge/launch.py): seeing the board
    "launch": "board",
    "replay": "replay",
    "replay.jump": "replay",
    "fork": "fork",
    # "Profile" beside a name in a lobby or the final scores: that person on this server
    "profile": "ratings",
}


@dataclass(frozen=True)
class Actor:
    """Who acts, and where: ``guild_id`` None is a DM. ``manage_guild`` and ``manage_threads``
    are the actor's permissions where they act (they count only in the game's own server)."""

    user_id: int
    guild_id: int | None = None
    manage_guild: bool = False
    manage_threads: bool = False


#: Whoever holds a game's spectator link on the web page: no user, no server, no powers (the
#: ``spectate`` verdict depends on the game alone).
ANYONE = Actor(user_id=0)


@dataclass(frozen=True)
class GameFacts:
    """What the policy needs to know of a game (built from its record by :func:`facts`)."""

    game_id: int
    status: str
    guild_id: int | None = None  # the game's own server (None: not a Discord table yet)
    thread_id: int | None = None
    host_user_id: int | None = None
    seats: Mapping[int, int] = field(default_factory=dict)  # user id -> seat
    names: Mapping[int, str] = field(default_factory=dict)  # seat -> name
    rated: bool = False
    league: bool = False
    private: bool = False  # a learning game or a practice fork: its owner's alone
    stand_ins: frozenset[int] = frozenset()  # league members an AI seat played for (they
    # review and export the game as its players; filled for those operations only)
    spectators: bool = False  # its server lets anyone with a link watch its games on the web
    # page (``/hadara-admin spectators``; filled for ``spectate`` only)

    @property
    def in_play(self) -> bool:
        """Hidden information is still hidden: the lobby (the seed may be drawn soon) and the
        game in play."""
        return self.status in (LOBBY, ACTIVE)


def facts(record: GameRecord, stand_ins: Iterable[int] = ()) -> GameFacts:
    """The policy's view of a stored game record (its server's ``spectators`` setting is
    added by ``GameService.authorize`` for ``spectate``)."""
    guild = record.discord.get("guild") or record.options.get("guild")
    thread = record.discord.get("thread")
    return GameFacts(
        game_id=record.id, status=record.status,
        guild_id=int(guild) if guild else None, thread_id=int(thread) if thread else None,
        host_user_id=record.host_user_id,
        seats={s.user_id: s.seat for s in record.seats if s.user_id is not None},
        names={s.seat: s.name for s in record.seats},
        rated=bool(record.options.get("rated")), league=bool(record.options.get("league")),
        private=is_private(record.options), stand_ins=frozenset(stand_ins))


@dataclass(frozen=True)
class Verdict:
    """The policy's answer: allowed, or refused with ``reason`` (``refusal.denied.<reason>``)."""

    allowed: bool
    reason: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return self.allowed


ALLOWED = Verdict(True)

# Refusal reasons (catalog keys refusal.denied.<reason>; docs/security.md)
NOT_PLAYER = "not_player"  # no seat at this table (and not a member of its server)
NOT_YOUR_SEAT = "not_your_seat"  # a component of another player's seat
NO_SUCH_SEAT = "no_such_seat"  # a seat the game does not have (a forged custom id)
ELSEWHERE = "elsewhere"  # only from the game's own server
NOT_HOST = "not_host"  # the host or a manager of the game's server
NOT_MANAGER = "not_manager"  # a manager of the game's (or this) server
IN_PLAY = "in_play"  # hidden information: the full record only once the game is over
PRIVATE_GAME = "private_game"  # someone else's private game (it names nobody)
SERVER_ONLY = "server_only"  # a server's command typed in a DM
NOT_WATCHED = "not_watched"  # no spectator link opens this game (its server's setting is off,
# or the game is not one to watch: a lobby, an abandoned game, none of a server)
REASONS = (NOT_PLAYER, NOT_YOUR_SEAT, NO_SUCH_SEAT, ELSEWHERE, NOT_HOST, NOT_MANAGER, IN_PLAY,
           PRIVATE_GAME, SERVER_ONLY, NOT_WATCHED)
#: The statuses of a game its spectator link shows (the board exists; a lobby has none).
WATCHED_STATUSES = (ACTIVE, FINISHED)


def _no(reason: str, **params: Any) -> Verdict:
    return Verdict(False, reason, params)


def rule_of(operation: str) -> Rule:
    try:
        return OPERATIONS[operation]
    except KeyError:
        raise KeyError(f"no access rule for operation {operation!r} (bot/access.py)") from None


def decide_server(actor: Actor, operation: str) -> Verdict:
    """An operation on the server the actor acts in (or on themselves)."""
    rule = rule_of(operation)
    if rule.kind is Kind.SELF:
        return ALLOWED
    if rule.kind not in SERVER_KINDS:
        raise ValueError(f"{operation!r} is an operation on a game: use decide()")
    if actor.guild_id is None:
        return _no(SERVER_ONLY)
    if rule.kind is Kind.SERVER_MANAGE and not actor.manage_guild:
        return _no(NOT_MANAGER)
    return ALLOWED


def decide(actor: Actor, game: GameFacts, operation: str, *, seat: int | None = None
           ) -> Verdict:
    """May ``actor`` do ``operation`` to ``game`` (on ``seat``, for a component of one seat)?"""
    rule = rule_of(operation)
    if rule.kind in SERVER_KINDS:
        return decide_server(actor, operation)
    home = game.guild_id is not None and actor.guild_id == game.guild_id
    mine = game.seats.get(actor.user_id)
    seated = mine is not None
    powers = actor.manage_guild or (actor.manage_threads and not rule.server_manage)
    manager = home and powers
    away = _no(ELSEWHERE) if seated or actor.guild_id is not None else _no(NOT_PLAYER)

    if rule.kind is Kind.WATCH:  # the same answer for whoever holds the link
        return watch(game)
    # Someone else's private game: refused before anything else is told (where it is played,
    # who holds which seat), by every operation; its server's managers may only end or mend it.
    if game.private and not (seated or actor.user_id == game.host_user_id) \
            and not (manager and operation in PRIVATE_MANAGED):
        return _no(PRIVATE_GAME)
    if rule.home_only and not home:
        return away
    if rule.kind is Kind.SEE_PUBLIC:
        if seated or home:
            return ALLOWED
        return away
    if rule.kind in (Kind.SEE_PRIVATE, Kind.ACT):
        if not rule.seat:  # joining: any member of the game's server
            return ALLOWED
        if not seated:
            return _no(NOT_PLAYER)
        if seat is not None and seat not in game.names:  # a forged custom id: name nobody
            return _no(NO_SUCH_SEAT)
        if seat is not None and seat != mine:
            return _no(NOT_YOUR_SEAT, seat=seat, name=game.names[seat])
        return ALLOWED
    if rule.kind is Kind.MANAGE:
        if not home:
            return away
        if manager or (not rule.managers_only and actor.user_id == game.host_user_id):
            return ALLOWED
        return _no(NOT_MANAGER) if rule.managers_only else _no(NOT_HOST)
    if rule.kind is Kind.EXPORT:
        if game.in_play:
            return _no(IN_PLAY)
        if seated or actor.user_id in game.stand_ins or manager:
            return ALLOWED
        return _no(NOT_PLAYER) if not home else _no(NOT_MANAGER)
    if rule.kind is Kind.REVIEW:
        if seated or actor.user_id in game.stand_ins:
            return ALLOWED
        return _no(NOT_PLAYER)
    if rule.kind is Kind.VOID:
        if not home:
            return away
        return ALLOWED if manager else _no(NOT_MANAGER)
    raise AssertionError(rule.kind)  # pragma: no cover


class Figures(StrEnum):
    """How much of a person's profile on a server a viewer sees (:func:`figures`)."""

    ALL = "all"  # everything: reliability, paths, rivals, best game, the rating's history
    RELIABILITY = "reliability"  # what a manager sees of someone hiding their figures: the
    # finish rate, the usual time to move, the deadlines met (with what the leaderboard shows)
    PUBLIC = "public"  # what the leaderboard shows anyway: name, rating, games, wins


def figures(actor: Actor | None, subject: int, guild: int, *, hidden: bool) -> Figures:
    """What ``actor`` sees of ``subject``'s figures on ``guild`` — ``actor`` None: a message
    everyone on the server reads (a lobby, a sign-up list). ``hidden``: the subject's
    ``/hadara settings hide_figures``. Themselves: everything; a person not hiding: everything,
    to anyone on the server; hiding: the managers of ``guild`` (Manage Server there) still see
    their reliability, the others the leaderboard's figures only. Figures are a server's own:
    from another server or a DM, nobody sees more than the leaderboard's."""
    if actor is not None and actor.user_id == subject:
        return Figures.ALL
    here = actor is None or actor.guild_id == guild
    if not here:
        return Figures.PUBLIC
    if not hidden:
        return Figures.ALL
    if actor is not None and actor.manage_guild:
        return Figures.RELIABILITY
    return Figures.PUBLIC


def watch(game: GameFacts) -> Verdict:
    """May a spectator link show ``game``'s public view to anyone holding it? Never a private
    game (a learning game, a practice fork — not even to its owner: it is never on the
    Internet); only a game of a server whose managers turned its spectators on, once started
    (in play or finished)."""
    if game.private:
        return _no(PRIVATE_GAME)
    if game.guild_id is None or not game.spectators or game.status not in WATCHED_STATUSES:
        return _no(NOT_WATCHED)
    return ALLOWED


def operation_of_command(qualified_name: str) -> str:
    try:
        return COMMANDS[qualified_name]
    except KeyError:
        raise KeyError(f"no access entry for /{qualified_name} (bot/access.py COMMANDS)") \
            from None


def operation_of_component(kind: str) -> str:
    try:
        return COMPONENTS[kind]
    except KeyError:
        raise KeyError(f"no access entry for component {kind!r} (bot/access.py COMPONENTS)") \
            from None


def offered_statuses(operation: str) -> tuple[str, ...]:
    """Which of the caller's games the ``game:`` autocomplete of an operation lists."""
    if operation in ("export", "review", "void", "fork"):
        return (FINISHED, ABANDONED) if operation == "export" else (FINISHED,)
    if operation in ("history", "board", "replay"):
        return (ACTIVE, FINISHED)
    if operation in ("join", "start", "add_ai", "leave"):
        return (LOBBY,)
    if operation == "abandon":
        return (LOBBY, ACTIVE)
    return (ACTIVE,)
