"""The access matrix: every command and component, tried by every role on games in every
status, through the real bot.

Built from what the bot loads — the command tree after every extension is in, and
``cogs.components.ALL``, the one list of components the client registers — not from a list
of its own: a command or component without an access entry (``bot.access.COMMANDS``,
``COMPONENTS``) or without a way to try it here fails ``test_every_command_and_component_is
_covered``.

For each (command or component, role, game status) the expected answer is the access
policy's (``bot.access.decide``, whose own table is ``tests/bot/test_access.py``), computed from the
role as the test set it up, not from what the bot thinks of the interaction. A refused case
must answer exactly the policy's worded refusal and change nothing (the stored record, the
action log, the game's version, the thread's messages); an allowed case must not be refused by
the policy. Refused cases of one status share one world and one game; an allowed case that
would change the game (joining, starting, deciding …) gets a fresh game of that status, so
every case sees the game as its status says.

Discord hides some commands before the bot hears of them: ``/hadara-league`` and
``/hadara-admin`` in DMs (servers only), ``/hadara-admin`` from members without Manage Server.
A hidden case must be one the policy refuses too. The home server opens ``/hadara-admin`` to
everyone (as a server may, in its integration settings), so the policy's own refusal of it is
tried there.

Private games (a practice fork and a learning game, ``bot.access.is_private``) are tried
too, owned by bob (the ``player`` and ``player_dm`` roles): nobody else reaches them but the
managers of their server abandoning or repairing them (``access.PRIVATE_MANAGED``), and the
``game:`` autocomplete never offers them to anyone else.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import pytest
from simcord import SetupError

from bot import access, limits
from bot.access import Actor
from bot.limits import Window
from bot.service import Refusal
from bot.storage.base import ABANDONED, ACTIVE, FINISHED, LOBBY
from cogs.admin.cog import RepairButton
from cogs.components import ALL
from cogs.edge.errors import refusal_text
from cogs.edge.launch import LaunchButton
from cogs.league.profile import ProfileButton
from cogs.learn.cog import NotesOffButton
from cogs.multiday.cog import VoteButton
from cogs.play import panels as P
from cogs.play import queue as A
from cogs.play.queue import AheadButton, AheadSelect
from cogs.play.turns import (
    ActionButton,
    HintButton,
    NavButton,
    OpenGameButton,
    PanelSelect,
    TakeTurnButton,
    UndoButton,
)
from cogs.player.cog import GamesPageButton
from cogs.replay.components import ReplayButton, ReplaySelect, jump_id
from cogs.replay.fork import ForkButton
from cogs.table.follow import FollowButton
from cogs.table.lobby import LOBBY_ACTIONS, LobbyButton, RematchButton
from i18n import translate

from .conftest import (
    SETTLE_SECONDS,
    World,
    answer,
    button,
    settle,
    thread_messages,
    world,
)
from .test_private_games import finished_with_a_decision, names_game, open_fork, open_learning

pytest.importorskip("simcord")

ROLES = ("host", "player", "spectator", "manager", "admin_elsewhere", "player_dm",
         "stranger_dm")
STATUSES = (LOBBY, ACTIVE, FINISHED, ABANDONED)
#: Operations whose allowed cases change a game of that status: each gets a fresh game. (A
#: finished or abandoned game changes no more; a rematch opens another table.)
CHANGES = {
    LOBBY: frozenset({"join", "leave", "start", "add_ai", "abandon", "repair"}),
    ACTIVE: frozenset({"concede", "abandon", "decide", "queue", "vote", "rejoin", "repair",
                       "undo"}),
    FINISHED: frozenset(),
    ABANDONED: frozenset(),
}
GENERIC_ERROR = translate("en", "common.error.generic")
#: Private games, by kind and status: bob's practice fork (in play, and played out) and his
#: learning game.
PRIVATE = (("fork", ACTIVE), ("fork", FINISHED), ("learn", ACTIVE))
#: The roles of a private game's owner (bob, at home and by DM).
OWNER = frozenset({"player", "player_dm"})


# ------------------------------------------------------------------------------ the roles


@dataclass
class Who:
    """A role: the simcord actor, where it types commands, and its powers there."""

    role: str
    user: Any  # UserHandle
    actor: Any  # MemberActor, or the UserHandle itself in a DM
    channel: Any  # the ChannelHandle commands are typed in (None: the user's DM)
    place: str  # "home", "other", or "dm"
    manage: bool = False

    def access(self, guilds: dict[str, int]) -> Actor:
        guild = guilds.get(self.place)
        return Actor(self.user.id, guild, manage_guild=self.manage and guild is not None,
                     manage_threads=self.manage and guild is not None)

    async def slash(self, command: str, /, **options: Any) -> Any:
        """The interaction's result, or :data:`HIDDEN` when Discord does not offer the command
        to this user there."""
        try:
            if self.channel is None:
                return await self.actor.slash(command, **options)
            return await self.actor.slash(self.channel, command, **options)
        except SetupError as exc:
            if "not visible" not in str(exc):
                raise
            return HIDDEN


#: What a command Discord does not offer answers.
HIDDEN = object()


@dataclass
class Matrix:
    w: World
    who: dict[str, Who]
    guilds: dict[str, int]
    places: dict[str, Any]  # place -> the channel (discord.abc.Messageable) the bot posts in
    posted: dict[tuple[str, int, str], discord.Message] = field(default_factory=dict)  # by place
    tried: list[tuple[str, str, str, bool]] = field(default_factory=list)
    reasons: dict[tuple[str, str], str | None] = field(default_factory=dict)  # the policy's


async def build_matrix(w: World, monkeypatch: pytest.MonkeyPatch) -> Matrix:
    env, home = w.env, w.guild
    managers = home.create_role("managers", permissions=discord.Permissions(
        manage_guild=True, manage_threads=True))
    dave = env.create_user("dave")
    dave_here = home.add_member(dave, roles=[managers])
    erin = env.create_user("erin")
    other = env.create_guild("Elsewhere", owner=erin)
    admins = other.create_role("admins", permissions=discord.Permissions(
        manage_guild=True, manage_threads=True))
    erin_there = other.add_member(erin, roles=[admins])
    elsewhere = other.create_text_channel("games")
    zed = env.create_user("zed")
    users = w.users
    who = {
        "host": Who("host", users["alice"], w.members["alice"], w.channel, "home"),
        "player": Who("player", users["bob"], w.members["bob"], w.channel, "home"),
        "spectator": Who("spectator", users["carol"], w.members["carol"], w.channel, "home"),
        "manager": Who("manager", dave, dave_here, w.channel, "home", manage=True),
        "admin_elsewhere": Who("admin_elsewhere", erin, erin_there, elsewhere, "other",
                               manage=True),
        "player_dm": Who("player_dm", users["bob"], users["bob"], None, "dm"),
        "stranger_dm": Who("stranger_dm", zed, zed, None, "dm"),
    }
    await env.settle()
    # the home server opens its administration to everyone: the policy decides alone there
    admin = env.backend.find_command("hadara-admin", None, type=1)
    home.set_command_permissions(int(admin["id"]), {home.default_role: True})
    # the matrix opens many tables and asks for many reviews: limits are tested elsewhere
    monkeypatch.setattr(limits, "MAX_OPEN_LOBBIES", 10**6)
    monkeypatch.setattr(limits, "MAX_LEARNING_GAMES", 10**6)  # practice and learning games
    for name in list(w.service.rate_limits.windows):
        w.service.rate_limits.windows[name] = Window(10**6, 1.0)
    bot = w.bot
    places: dict[str, Any] = {
        "home": bot.get_channel(w.channel.id),
        "other": bot.get_channel(elsewhere.id),
    }
    for u in (users["bob"], zed):
        places[f"dm:{u.id}"] = await (await bot.fetch_user(u.id)).create_dm()
    return Matrix(w, who, {"home": home.id, "other": other.id}, places)


# ------------------------------------------------------------------------------ the games


async def make_game(w: World, status: str) -> int:
    """A two-person table (alice hosts, bob joined) of ``status``, made through the bot as
    players make one: ``/hadara new``, Join, Start, then both concede (the AI plays it out)
    or the host abandons it."""
    alice, bob = w.members["alice"], w.members["bob"]
    made = await alice.slash(w.channel, "hadara new", seats=3 if status == LOBBY else 2)
    assert made.ephemeral and "#" in answer(made).content, answer(made).content
    gid = max(await w.service.store.game_ids((LOBBY,)))
    lobby = (await thread_messages(w, gid))[0]
    await bob.click(lobby, custom_id=button(lobby, "lobby.button.join"))
    if status != LOBBY:
        await w.env.advance_time(SETTLE_SECONDS)
        lobby = (await thread_messages(w, gid))[0]
        await alice.click(lobby, custom_id=button(lobby, "lobby.button.start"))
    if status == FINISHED:
        await alice.slash(w.channel, "hadara concede", game=gid)
        await bob.slash(w.channel, "hadara concede", game=gid)
    if status == ABANDONED:
        await alice.slash(w.channel, "hadara abandon", game=gid)
    await settle(w, gid)
    await settle(w, gid)  # the table's last flush of the start or the end
    assert (await w.service.load(gid)).record.status == status
    return gid


async def make_private(w: World, kind: str, status: str, source: tuple[int, int] | None
                       ) -> int:
    """Bob's private game of ``kind`` (``fork``: forked at his decision of ``source``, a
    finished game and a log index; ``learn``: ``/hadara learn``) of ``status`` (finished:
    he concedes, the AI plays it out)."""
    if kind == "fork":
        assert source is not None
        gid = await open_fork(w, "bob", *source)
    else:
        gid = await open_learning(w, "bob")
    if status == FINISHED:
        await w.members["bob"].slash(w.channel, "hadara concede", game=gid)
        await settle(w, gid)
        await settle(w, gid)
    record = (await w.service.load(gid)).record
    assert record.status == status and access.is_private(record.options), record.options
    return gid


# ------------------------------------------------------------------------------ the cases


@dataclass(frozen=True)
class Case:
    """One command or component, on a game: its operation and the seat it names."""

    name: str
    operation: str
    seat: int | None
    run: Callable[[Matrix, Who, int], Awaitable[Any]]
    prepare: Callable[[Matrix, Who, int], Awaitable[Any]] | None = None  # before the snapshot


#: How each command naming a game is typed (its options besides ``game``).
GAME_COMMANDS: dict[str, Callable[[Matrix], dict[str, Any]]] = {
    "hadara join": lambda m: {},
    "hadara leave": lambda m: {},
    "hadara start": lambda m: {},
    "hadara board": lambda m: {},
    "hadara hand": lambda m: {},
    "hadara history": lambda m: {},
    "hadara concede": lambda m: {},
    "hadara abandon": lambda m: {},
    "hadara rejoin": lambda m: {},
    "hadara vote": lambda m: {"player": m.w.users["alice"]},
    "hadara-replay review": lambda m: {},
    "hadara-replay export": lambda m: {},
    "hadara-replay view": lambda m: {},
    "hadara-replay undo": lambda m: {},
    "hadara-admin void": lambda m: {},
    "hadara-admin repair": lambda m: {},
}
#: Commands naming no game, typed once per role: their options.
SERVER_COMMANDS: dict[str, dict[str, Any]] = {
    "hadara new": {"seats": 2},
    "hadara games": {},
    "hadara rules": {},
    "hadara card": {"name": "Camel"},
    "hadara settings": {"server_language": "en"},
    "hadara away": {"days": 1},
    "hadara back": {},
    "hadara-admin allowance": {"days": 21},
    "hadara-admin tables": {},
    "hadara-admin spectators": {"allow": True},
    "hadara-league profile": {},
    "hadara-league leaderboard": {},
    "hadara learn": {},
    "hadara-league create": {"name": "Matrix"},
    "hadara-league join": {},
    "hadara-league leave": {},
    "hadara-league standings": {},
    "hadara-league round": {},
    "hadara-league end": {},
    "hadara-league export": {},
    "hadara-tournament create": {"name": "Matrix cup"},
    "hadara-tournament join": {},
    "hadara-tournament withdraw": {},
    "hadara-tournament round": {},
    "hadara-tournament standings": {},
}
#: Server-level operations of a command's option (beyond the command's own).
OPTION_OPERATIONS = {("hadara settings", "server_language"): "server.settings"}


def command_case(name: str) -> Case:
    async def run(m: Matrix, who: Who, gid: int) -> Any:
        return await who.slash(name, game=gid, **GAME_COMMANDS[name](m))

    return Case(f"/{name}", access.COMMANDS[name], None, run)


def _button(cid: str) -> discord.ui.Button[Any]:
    return discord.ui.Button(label="x", custom_id=cid)


def _select(cid: str, value: str) -> discord.ui.Select[Any]:
    return discord.ui.Select(custom_id=cid, options=[discord.SelectOption(label="x",
                                                                          value=value)])


@dataclass(frozen=True)
class Target:
    """What the components of one game name: the seat their panels belong to (bob's), its
    current decision and first option, the host's seat (voted about)."""

    gid: int
    seat: int
    decision: str
    action: dict[str, Any]
    token: str
    host_seat: int
    user: int


#: How each registered component is made for a game (several items for a class with several
#: actions). A class missing here fails the coverage test.
SAMPLES: dict[type, Callable[[Target], list[Any]]] = {
    LobbyButton: lambda g: [LobbyButton(a, g.gid) for a in LOBBY_ACTIONS],
    RematchButton: lambda g: [RematchButton(g.gid)],
    TakeTurnButton: lambda g: [TakeTurnButton(g.gid)],
    HintButton: lambda g: [HintButton(_button(P.hint_id(g.gid, g.seat, g.decision)))],
    ActionButton: lambda g: [ActionButton(_button(
        P.action_id(g.gid, g.seat, g.decision, 0, g.action)))],
    NavButton: lambda g: [NavButton(_button(P.nav_id(g.gid, g.seat, g.decision, ())))],
    PanelSelect: lambda g: [PanelSelect(_select(P.select_id(g.gid, g.seat, g.decision, (), 0),
                                                P.option_value(0, g.action)))],
    AheadButton: lambda g: [AheadButton(_button(A.custom_id(g.gid, g.seat, "o")))],
    AheadSelect: lambda g: [AheadSelect(_select(A.custom_id(g.gid, g.seat, "c", g.token),
                                                "skip"))],
    UndoButton: lambda g: [UndoButton(g.gid, g.seat, 0)],
    OpenGameButton: lambda g: [OpenGameButton(g.gid)],
    GamesPageButton: lambda g: [GamesPageButton(0)],
    VoteButton: lambda g: [VoteButton(g.gid, g.host_seat)],
    NotesOffButton: lambda g: [NotesOffButton(g.user)],
    RepairButton: lambda g: [RepairButton(g.gid, 0)],
    FollowButton: lambda g: [FollowButton(g.gid)],
    LaunchButton: lambda g: [LaunchButton(g.gid)],
    ReplayButton: lambda g: [ReplayButton(g.gid, 0, "f")],
    ReplaySelect: lambda g: [ReplaySelect(_select(jump_id(g.gid), "0"))],
    ForkButton: lambda g: [ForkButton(g.gid, 0)],
    ProfileButton: lambda g: [ProfileButton(g.user, "bob")],
}


async def target(w: World, gid: int) -> Target:
    snap = await w.service.load(gid)
    seats = {s.user_id: s.seat for s in snap.record.seats if s.user_id is not None}
    bob, alice = w.users["bob"].id, w.users["alice"].id
    seat = seats[bob]
    # (voted about: the host's seat; in bob's private game, where alice has none, another)
    host_seat = seats.get(alice, next(s.seat for s in snap.record.seats if s.seat != seat))
    game = snap.game
    decision = (game.decision_id(seat) if game is not None else None) or "d0"
    options = await w.service.options(gid, seat) if game is not None and \
        game.decision_id(seat) is not None else []
    action = options[0]["action"] if options else {"type": "none"}
    token = (await w.service.queue_panel(gid, bob)).token if game is not None \
        and snap.record.status == ACTIVE else "0000"
    return Target(gid, seat, decision, action, token, host_seat, bob)


def component_cases(g: Target) -> list[Case]:
    cases = []
    for cls in ALL:
        for item in SAMPLES[cls](g):
            game_id, seat = item.access_target()
            kind = item.access_name()
            is_select = isinstance(item.item, discord.ui.Select)
            value = item.item.options[0].value if is_select else None

            async def prepare(m: Matrix, who: Who, gid: int, *, cls: type = cls,
                              kind: str = kind) -> Any:
                return await post(m, who, gid, cls, kind)

            async def run(m: Matrix, who: Who, gid: int, *, cls: type = cls, kind: str = kind,
                          value: str | None = value) -> Any:
                message = await post(m, who, gid, cls, kind)  # one component: this game's
                cid = message.components[0].children[0].custom_id
                if value is not None:
                    return await who.actor.select(message, [value], custom_id=cid)
                return await who.actor.click(message, custom_id=cid)

            seat_named = seat if game_id is not None else None
            cases.append(Case(f"component {kind}", access.COMPONENTS[kind], seat_named, run,
                              prepare))
    return cases


async def post(m: Matrix, who: Who, gid: int, cls: type, kind: str) -> discord.Message:
    """The bot's message carrying the component of ``gid`` where ``who`` can click it (the
    custom id is what a modified client sends: any message it sees will do)."""
    place = "home" if who.place == "home" else "other" if who.place == "other" \
        else f"dm:{who.user.id}"
    key = (place, gid, f"{cls.__name__}:{kind}")
    if key not in m.posted or not m.posted[key].components:  # an allowed click edited it
        g = await target(m.w, gid)
        items = [i for i in SAMPLES[cls](g) if i.access_name() == kind]
        view = discord.ui.View(timeout=None)
        for item in items:
            view.add_item(item)
        m.posted[key] = await m.places[place].send(content=f"#{gid} {kind}", view=view)
        await m.w.env.settle()
    return m.posted[key]


# ------------------------------------------------------------------------------ checking


async def state(w: World, gid: int) -> tuple[Any, ...]:
    """What a refused interaction must not change."""
    stored = await w.service.store.load_game(gid)
    assert stored is not None
    snap = await w.service.load(gid)
    record = dataclasses.asdict(stored.record)
    thread = int(stored.record.discord["thread"])
    messages = w.env.backend.messages.get(thread, {})
    return (record, [(a.seq, a.seat, a.action, a.submitted_by) for a in stored.actions],
            snap.game.version if snap.game is not None else 0,
            sorted((mid, msg.content, len(msg.embeds or []), str(getattr(msg, "edited_timestamp",
                                                                          None)))
                   for mid, msg in messages.items()))


def denied_texts(w: World, facts: access.GameFacts) -> set[str]:
    """Every way the policy can word a refusal about this game."""
    out = set()
    for reason in access.REASONS:
        for seat, name in [(None, None), *facts.names.items()]:
            params: dict[str, Any] = {"game_id": facts.game_id}
            if seat is not None:
                params.update(seat=seat, name=name)
            out.add(refusal_text(Refusal("denied", "", reason, **params)))
    return out


def text_of(result: Any) -> str:
    message = answer(result)
    return (message.content or "") if message is not None else ""


async def expected(m: Matrix, who: Who, gid: int, case: Case) -> access.Verdict:
    record = (await m.w.service.load(gid)).record
    stand_ins: list[int] = []
    return access.decide(who.access(m.guilds), access.facts(record, stand_ins),
                         case.operation, seat=case.seat)


async def try_case(m: Matrix, who: Who, gid: int, case: Case, verdict: access.Verdict) -> None:
    w = m.w
    record = (await w.service.load(gid)).record
    facts = access.facts(record)
    if case.prepare is not None:
        await case.prepare(m, who, gid)
    before = await state(w, gid) if not verdict else None
    result = await case.run(m, who, gid)
    await w.service.idle(gid)
    where = f"{case.name} by {who.role} on a {record.status} game #{gid}"
    m.reasons[(case.name, who.role)] = verdict.reason
    if result is HIDDEN:
        assert not verdict and who.place == "dm", f"{where}: hidden by Discord"
        m.tried.append((case.name, who.role, record.status, False))
        return
    text = text_of(result)
    if verdict:
        assert text not in denied_texts(w, facts), f"{where}: refused ({text!r})"
        assert text != GENERIC_ERROR, f"{where}: an unexpected error"
    else:
        params: dict[str, Any] = {"game_id": gid, **verdict.params}
        want = refusal_text(Refusal("denied", "", verdict.reason, **params))
        assert answer(result).ephemeral, where  # (after a silent acknowledgement: a followup)
        assert text == want, f"{where}: {text!r} instead of {want!r}"
        assert await state(w, gid) == before, f"{where}: changed the game"
    m.tried.append((case.name, who.role, record.status, bool(verdict)))
    if verdict:  # an allowed click may have turned the message into a panel: post anew;
        m.posted.clear()  # and what it started (a rematch's new table) settles
        await w.env.advance_time(SETTLE_SECONDS)


# ------------------------------------------------------------------------------ the tests


async def test_every_command_and_component_is_covered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command the running bot loaded and every component it registers has an access
    entry and a way to be tried here; and every access entry names something the bot has."""
    async with world(tmp_path, monkeypatch) as w:
        tree = [leaf for c in w.bot.tree.get_commands()
                for leaf in (_walk(c) if isinstance(c, discord.app_commands.Group) else [c])]
        # (by name: loading an extension imports its module again)
        registered = {f"{c.__module__}.{c.__qualname__}"
                      for c in w.bot._connection._view_store._dynamic_items.values()}
    names = {c.qualified_name for c in tree}
    assert names == set(access.COMMANDS), sorted(names ^ set(access.COMMANDS))
    assert names == set(GAME_COMMANDS) | set(SERVER_COMMANDS), \
        sorted(names ^ (set(GAME_COMMANDS) | set(SERVER_COMMANDS)))
    assert registered == {f"{c.__module__}.{c.__qualname__}" for c in ALL}  # the one list
    assert set(ALL) == set(SAMPLES), sorted(c.__name__ for c in set(ALL) ^ set(SAMPLES))
    kinds = {i.access_name() for cls in ALL for i in SAMPLES[cls](
        Target(1, 0, "d0", {"type": "x"}, "0000", 1, 1))}
    assert kinds == set(access.COMPONENTS), sorted(kinds ^ set(access.COMPONENTS))
    for command in tree:  # a game command takes the game as an option
        params = {p.name for p in command.parameters}
        assert ("game" in params) == (command.qualified_name in GAME_COMMANDS), \
            command.qualified_name


def _walk(group: discord.app_commands.Group) -> list[Any]:
    out: list[Any] = []
    for c in group.commands:
        out += _walk(c) if isinstance(c, discord.app_commands.Group) else [c]
    return out


async def every_role(m: Matrix, status: str, make: Callable[[], Awaitable[int]]) -> list[Case]:
    """Every command and component by every role on games of ``status`` made by ``make``:
    the cases tried."""
    w = m.w
    gid = await make()
    g = await target(w, gid)
    cases = [command_case(name) for name in GAME_COMMANDS] + component_cases(g)
    later: list[tuple[Who, Case]] = []
    # refused cases (and allowed ones that change nothing) on the shared game
    for case in cases:
        for role in ROLES:
            who = m.who[role]
            verdict = await expected(m, who, gid, case)
            if verdict and case.operation in CHANGES[status]:
                later.append((who, case))
                continue
            await try_case(m, who, gid, case, verdict)
    # allowed cases that change the game: each on a game of its own, of this status
    for who, case in later:
        fresh = await make()
        verdict = await expected(m, who, fresh, case)
        assert verdict, (case.name, who.role)
        await try_case(m, who, fresh, case, verdict)
    refused = sum(1 for *_, ok in m.tried if not ok)
    assert len(m.tried) == len(cases) * len(ROLES)
    assert 0 < refused < len(m.tried)
    return cases


@pytest.mark.parametrize("status", STATUSES)
async def test_every_role_on_a_game(status: str, tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        m = await build_matrix(w, monkeypatch)
        await every_role(m, status, lambda: make_game(w, status))


@pytest.mark.parametrize(("kind", "status"), PRIVATE)
async def test_every_role_on_a_private_game(kind: str, status: str, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Bob's practice fork or learning game: only bob reaches it, by any command or
    component; its server's manager may only abandon or repair it; everyone else is refused
    ``private_game``, in words that name nobody, and nothing changes."""
    async with world(tmp_path, monkeypatch) as w:
        m = await build_matrix(w, monkeypatch)
        source = await finished_with_a_decision(w, "alice", "bob") if kind == "fork" else None
        cases = await every_role(m, status, lambda: make_private(w, kind, status, source))
        operation = {c.name: c.operation for c in cases}
        for (name, role), reason in m.reasons.items():
            if role in OWNER or access.rule_of(operation[name]).kind in access.SERVER_KINDS:
                continue  # (a component of no game: "Turn notes off" turns off one's own)
            if reason is None:  # allowed: only a manager's server hygiene
                assert role == "manager" and operation[name] in access.PRIVATE_MANAGED, \
                    f"{name} by {role} reached bob's private {kind}"
            else:  # refused in the words that tell nothing of it
                assert reason == access.PRIVATE_GAME, (name, role, reason)
        assert {role for (_, role), r in m.reasons.items() if r is None} \
            >= OWNER | {"manager"}


async def test_server_commands_for_every_role(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands naming no game (leagues, ratings, settings, new tables …): the server-level
    rule of the command, and of an option with its own (the server's language)."""
    async with world(tmp_path, monkeypatch) as w:
        m = await build_matrix(w, monkeypatch)
        for name, options in SERVER_COMMANDS.items():
            for role in ROLES:
                who = m.who[role]
                operations = [access.COMMANDS[name]] + [
                    op for (cmd, option), op in OPTION_OPERATIONS.items()
                    if cmd == name and option in options]
                verdicts = [access.decide_server(who.access(m.guilds), op)
                            for op in operations]
                refused = next((v for v in verdicts if not v), None)
                result = await who.slash(name, **options)
                await w.service.idle()
                await w.env.advance_time(SETTLE_SECONDS)  # a new table's thread settles
                where = f"/{name} by {role}"
                if result is HIDDEN:  # Discord offers it nowhere the policy would allow it
                    assert refused is not None and who.place == "dm", f"{where}: hidden"
                    continue
                text = text_of(result)
                if refused is None:
                    denied = {translate("en", f"refusal.denied.{r}", game_id=0)
                              for r in (access.SERVER_ONLY, access.NOT_MANAGER)}
                    assert text not in denied, f"{where}: refused ({text!r})"
                    assert text != GENERIC_ERROR, where
                else:
                    want = translate("en", f"refusal.denied.{refused.reason}")
                    assert result.ephemeral and text == want, f"{where}: {text!r}"


async def test_the_game_autocomplete_offers_only_what_the_caller_may_use_there(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        m = await build_matrix(w, monkeypatch)
        games = {status: await make_game(w, status) for status in STATUSES}
        source = await finished_with_a_decision(w, "alice", "bob")
        private = {await make_private(w, kind, status, source) for kind, status in PRIVATE}
        for name in GAME_COMMANDS:
            operation = access.COMMANDS[name]
            for role in ("host", "player", "spectator", "manager", "admin_elsewhere",
                         "player_dm"):
                who = m.who[role]
                try:
                    if who.channel is None:
                        offered = await who.actor.autocomplete(name, "game", "")
                    else:
                        offered = await who.actor.autocomplete(who.channel, name, "game", "")
                except SetupError as exc:  # not offered in a DM at all: nothing to complete
                    assert "not visible" in str(exc) and who.place == "dm", (name, role)
                    offered = []
                values = {int(c["value"]) for c in offered}
                actor = who.access(m.guilds)
                if role not in OWNER:  # bob's private games: never offered, nor named
                    assert not values & private, (name, role)
                    assert not any(names_game(str(c["name"]), gid) for c in offered
                                   for gid in private), (name, role, offered)
                for gid in values:
                    record = (await w.service.load(gid)).record
                    assert access.decide(actor, access.facts(record), operation), \
                        (name, role, gid)
                # the caller's own games that the operation allows there are all offered
                for status, gid in [*games.items(),
                                    *[((await w.service.load(g)).record.status, g)
                                      for g in private]]:
                    record = (await w.service.load(gid)).record
                    mine = who.user.id in {s.user_id for s in record.seats}
                    if mine and status in access.offered_statuses(operation) \
                            and access.decide(actor, access.facts(record), operation):
                        assert gid in values, (name, role, status)
