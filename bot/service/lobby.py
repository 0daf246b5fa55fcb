"""The lobby: tables before their game starts (docs/service.md, "API").

A table is created with its options (and time control), people join and leave, the host
seats and removes AIs, and starts the game: from then on seats are the engine's seats (the
seed shuffles them). Every change is saved, swapped in and published through ``Writes``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.storage.base import ABANDONED, ACTIVE, LOBBY, GameRecord, SeatRecord, Store
from hadara.ai import agent_names
from hadara.engine import RULES_VERSION, Game
from hadara.setup import VARIANTS
from i18n import current, has, translate

from . import checks, refusals, updates
from . import reliability as reliability_
from .memory import Held
from .refusals import Refusal
from .timecontrol.rules import parse_time_control
from .updates import Update, new_revision

if TYPE_CHECKING:
    from .content import Catalogs
    from .memory import Memory
    from .writes import Writes

MIN_SEATS, MAX_SEATS = 2, 5
#: The seat name of an AI of each level in English: short (it is drawn on the pictures, a
#: duplicate gets " 2"), distinct, no algorithm's name. :func:`ai_name` words it in the
#: language being spoken (catalog ``lobby-ai_name-<level>``); a seat keeps the name it got.
AI_NAMES = {"gentle": "Novice", "greedy": "Steady", "ismcts": "Expert",
            "random": "Novice"}  # random: the novice of older tables, no longer offered


def ai_name(level: str) -> str:
    """The seat name of a new AI of ``level`` in the language being spoken (the host's, in
    an interaction; English elsewhere), "AI" for a level the catalogs do not name."""
    key = f"lobby.ai_name.{level}"
    return translate(current(), key) if has(key) else AI_NAMES.get(level, "AI")


def lobby_record(held: Held) -> GameRecord:
    """The record of a table still in its lobby (``started`` once in play, else the ended
    codes)."""
    status = held.record.status
    if status == LOBBY:
        return held.record
    if status == ACTIVE:
        raise Refusal(refusals.STARTED, "The game has already started.")
    checks.ended(status)
    raise AssertionError(status)  # pragma: no cover


def _room(rec: GameRecord) -> None:
    size = int(rec.options.get("seats", MAX_SEATS))
    if len(rec.seats) >= size:
        raise Refusal(refusals.LOBBY_FULL, "Every seat at this table is taken.", seats=size)


class Lobby:
    """The lobby calls of :class:`~bot.service.service.GameService` (see there), on the
    ``memory`` games; ``new_seed`` draws a started game's seed."""

    def __init__(self, store: Store, clock: Callable[[], float], memory: Memory,
                 writes: Writes, catalogs: Catalogs, new_seed: Callable[[], int],
                 reliability: reliability_.Board | None = None) -> None:
        self.store = store
        self.reliability = reliability or reliability_.Board()
        self.clock = clock
        self.memory = memory
        self.writes = writes
        self.catalogs = catalogs
        self.new_seed = new_seed

    async def create(self, host_user_id: int, host_name: str | None, *, seats: int,
                     variant: str, rated: bool, hints: bool,
                     options: Mapping[str, object] | None, time_control: object) -> int:
        if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
            raise Refusal(refusals.BAD_REQUEST,
                          f"A table has {MIN_SEATS} to {MAX_SEATS} seats.",
                          "seat_count", min=MIN_SEATS, max=MAX_SEATS)
        if variant not in VARIANTS:
            raise Refusal(refusals.BAD_REQUEST, "The variant must be basic or advanced.",
                          "bad_variant", variants=list(VARIANTS))
        if rated:  # rated games are played without hints (docs/leagues.md)
            hints = False
        extra = dict(options or {})
        if reliability_.MIN_FINISH in extra:  # a percentage; stored as a share, none when 0
            minimum = reliability_.check_minimum_value(extra.pop(reliability_.MIN_FINISH))
            if minimum is not None:
                extra[reliability_.MIN_FINISH] = minimum
        tc = parse_time_control(time_control if time_control is not None
                                else extra.pop("time_control", None))
        if tc is not None:
            extra["time_control"] = tc
        checks.check_user(host_user_id)
        now = self.clock()
        seat_list = []
        if host_name is not None:
            seat_list.append(SeatRecord(0, checks.clean_name(host_name, []),
                                        user_id=host_user_id))
        record = GameRecord(
            id=0, status=LOBBY, variant=variant,
            options={**extra, "seats": seats, "rated": bool(rated),
                     "hints": bool(hints)},
            created_at=now, updated_at=now, host_user_id=host_user_id, seats=seat_list)
        return await open_lobby(self.store, self.memory, self.writes, record)

    async def join(self, game_id: int, user_id: int, name: str) -> Update:
        checks.check_user(user_id)
        rec = await self.memory.record(game_id)  # a table asking for a finish rate: checked
        # before the lock (the figures may take a moment to read), on the table's own server
        await self.reliability.check(reliability_.server_of(rec.options, rec.discord),
                                     user_id, reliability_.minimum_of(rec.options))
        async with self.memory.locked(game_id) as held:
            rec = lobby_record(held)
            if checks.seat_of(rec, user_id) is not None:
                raise Refusal(refusals.ALREADY_JOINED, "You already have a seat at this "
                              "table.")
            _room(rec)
            names = [s.name for s in rec.seats]
            seat = SeatRecord(len(rec.seats), checks.clean_name(name, names), user_id=user_id)
            return await self.writes.save_lobby(held, [*rec.seats, seat], updates.JOINED)

    async def leave(self, game_id: int, user_id: int) -> Update:
        async with self.memory.locked(game_id) as held:
            rec = lobby_record(held)
            if checks.seat_of(rec, user_id) is None:
                raise Refusal(refusals.NOT_SEATED, "You have no seat at this table.")
            seats = [s for s in rec.seats if s.user_id != user_id]
            host = rec.host_user_id
            status = LOBBY
            if host == user_id:
                people = [s.user_id for s in seats if s.user_id is not None]
                host = people[0] if people else None
                status = LOBBY if people else ABANDONED
            return await self.writes.save_lobby(held, seats, updates.LEFT, host=host,
                                                status=status)

    async def add_ai(self, game_id: int, level: str, by_user: int | None) -> Update:
        async with self.memory.locked(game_id) as held:
            rec = lobby_record(held)
            checks.host(rec, by_user)
            if level not in agent_names():
                raise Refusal(refusals.BAD_REQUEST,
                              f"There is no AI level {str(level)[:20]!r}.",
                              "bad_level", levels=agent_names())
            _room(rec)
            names = [s.name for s in rec.seats]
            seat = SeatRecord(len(rec.seats),
                              checks.clean_name(ai_name(level), names),
                              ai_level=level)
            return await self.writes.save_lobby(held, [*rec.seats, seat], updates.AI_ADDED)

    async def remove_ai(self, game_id: int, seat: int, by_user: int | None) -> Update:
        async with self.memory.locked(game_id) as held:
            rec = lobby_record(held)
            checks.host(rec, by_user)
            if not any(s.seat == seat and s.ai_level is not None for s in rec.seats):
                raise Refusal(refusals.NOT_SEATED, "There is no AI in that seat.", "no_ai",
                              seat=seat)
            seats = [s for s in rec.seats if s.seat != seat]
            return await self.writes.save_lobby(held, seats, updates.AI_REMOVED)

    async def start(self, game_id: int, by_user: int | None) -> Update:
        """The game starts (``PlayOn`` then plays it on, following the update)."""
        async with self.memory.locked(game_id) as held:
            rec = lobby_record(held)
            checks.host(rec, by_user)
            if len(rec.seats) < MIN_SEATS:
                raise Refusal(refusals.TOO_FEW_PLAYERS, "A game needs at least two players.",
                              count=len(rec.seats), min=MIN_SEATS)
            version = await self.catalogs.save_current()
            seed = self.new_seed()
            game = Game.new([s.name for s in rec.seats], rec.variant, seed,
                            catalog=self.catalogs.default)
            assert game.setup is not None
            by_name = {s.name: s for s in rec.seats}
            seats = [replace(by_name[name], seat=i) for i, name in enumerate(game.players)]
            new = replace(copy.deepcopy(rec), status=ACTIVE, setup=game.setup.to_dict(),
                          seed=seed, content_version=version, rules_version=RULES_VERSION,
                          seats=seats, updated_at=self.clock())
            if new.options.get("rated"):  # never hints in a rated game (docs/leagues.md)
                new.options["hints"] = False
            await self.writes.save(new, game)
            held.record, held.game, held.rev = new, game, new_revision()
            self.store.notify(game_id, game.version)
            return self.writes.update(held, None, game, game.opening, updates.STARTED, [])


async def open_lobby(store: Store, memory: Memory, writes: Writes, record: GameRecord) -> int:
    """Store a new game's lobby record (``record.id`` is assigned), hold it in memory and
    publish its creation; the new game's id (a table's lobby, a practice fork)."""
    async with checks.storage():
        gid = await store.create_game(record)
    record = replace(record, id=gid)
    async with store.lock(gid):
        held = Held(record, None)
        memory.add(held)
        writes.publish_lobby(held, updates.CREATED)
    return gid
