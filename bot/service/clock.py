"""Time control (docs/service.md, "Time control, reminders and expiry" and "Scheduler"):
deadlines and reminders, vacations, takeover votes, catching up. ``scheduler.py`` holds the
parsing, the rules of time and the :class:`~bot.service.scheduler.Scheduler` task.

:class:`Timers` keeps every game's timers matching its pending decisions: each change plans
its timer changes (:meth:`Timers.plan`), its transaction writes them, and after the commit
the scheduler's mirror follows (:meth:`Timers.written`); it also holds the vacations that
push them. :class:`TimeControl` fires what comes due (deadlines: the AI decides, in one
transaction with the strikes; reminders: merged per user, quiet hours kept), runs vacations,
takeover votes and rejoining, and holds the scheduler's claim across processes.
"""

from __future__ import annotations

import asyncio
import copy
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.storage.base import (
    ACTIVE,
    DEADLINE,
    REMINDER,
    ActionRecord,
    GameRecord,
    SeatRecord,
    StorageUnavailable,
    Store,
    TimerRecord,
    Vacation,
)
from hadara import save
from hadara.engine import Decision, Game, Result
from hadara.errors import HadaraError
from hadara.narrate import describe
from hadara.views import view

from . import edges, refusals, updates
from .live import new_revision
from .refusals import Refusal
from .scheduler import (
    DAY,
    DEFAULT_AWAY_DAYS,
    DEFAULT_REMINDERS,
    DEFAULT_STRIKES,
    MERGE_WINDOW,
    TIMER_LEVEL,
    YEAR,
    GroupKey,
    Scheduler,
    paused,
    quiet_until,
    reminder_times,
)
from .updates import Hub, Reminder, Update

if TYPE_CHECKING:
    from .content import Catalogs
    from .live import Live, LiveGames
    from .playon import PlayOn
    from .writes import Writes

log = logging.getLogger(__name__)
#: How often a process that does not run the deadline scheduler tries to take it over (a
#: PostgreSQL advisory lock, free as soon as its holder's connection is gone).
CLAIM_EVERY = 1.0


def person(s: SeatRecord) -> bool:
    """A seat a person plays now (their clock runs)."""
    return s.user_id is not None and not s.conceded and not s.ai_takeover


class Timers:
    """The games' timers, planned with every change and mirrored in ``scheduler`` after its
    commit, and the vacations (by user) that push them."""

    def __init__(self, store: Store, clock: Callable[[], float], scheduler: Scheduler,
                 live: LiveGames) -> None:
        self.store = store
        self.clock = clock
        self.scheduler = scheduler
        self.live = live
        self.vacations: dict[int, list[Vacation]] = {}

    async def open(self) -> None:
        """Load the vacations of the last year, then every stored timer (those that came due
        while the bot was down fire at once)."""
        self.vacations = {}
        for v in await self.store.vacations(since=self.clock() - YEAR):
            self.vacations.setdefault(v.user_id, []).append(v)
        self.scheduler.load(await self.store.timers())

    def timed(self, rec: GameRecord) -> bool:
        """Whether the game's timers are kept: it has a time control, or timers left."""
        return "time_control" in rec.options or bool(self.scheduler.of_game(rec.id))

    def deadlines(self, game_id: int) -> dict[tuple[int, str | None], float]:
        """The game's deadlines by ``(seat, decision_id)``."""
        return {(t.seat, t.decision_id): t.due for t in self.scheduler.of_game(game_id)
                if t.kind == DEADLINE}

    def plan(self, rec: GameRecord, game: Game | None, seats: dict[int, SeatRecord],
             acted: dict[int, str] | None = None, *, status: str | None = None
             ) -> tuple[list[TimerRecord], list[int]]:
        """The timer changes that make the game's timers match its pending decisions: every
        decision a person must take (not a forced one) has a deadline and its reminders, and
        nothing else has a timer. ``seats`` holds the seat records changed by this change
        (and receives the time banks charged: a seat that acted (``acted``: its
        ``submitted_by``) pays the time it took, vacations not counted, and earns the
        increment)."""
        tc: dict[str, Any] | None = rec.options.get("time_control")
        existing = self.scheduler.of_game(rec.id)
        want: set[tuple[int, str]] = set()
        now = self.clock()
        status = status or rec.status
        if tc is not None and status == ACTIVE and game is not None and not game.is_over:
            for s in game.waiting_on():
                did = game.decision_ids[s]
                if did is not None and person(seats.get(s, rec.seats[s])) \
                        and len(game.legal_actions(s)) > 1:
                    want.add((s, did))
        delete = [t.id for t in existing if (t.seat, t.decision_id) not in want]
        have = {(t.seat, t.decision_id) for t in existing if t.kind == DEADLINE}
        if tc is not None and tc["kind"] == "bank":
            for t in existing:
                who = (acted or {}).get(t.seat)
                if t.kind != DEADLINE or t.id not in delete or who is None:
                    continue
                seat = seats.get(t.seat, rec.seats[t.seat])
                left = 0.0
                if who != updates.DEADLINE:
                    opened = float(t.payload.get("opened", now))
                    took = now - opened - paused(self.vacations.get(seat.user_id or 0, []),
                                                 opened, now)
                    left = max(0.0, float(t.payload.get("bank", 0.0)) - max(0.0, took))
                bank = min(float(tc["cap"]), left + float(tc["increment"]))
                seats[t.seat] = replace(seat, bank=round(bank, 3))
        add: list[TimerRecord] = []
        assert game is not None or not want
        for s, did in sorted(want - have):
            add.extend(self._new_timers(rec, tc or {}, seats.get(s, rec.seats[s]), did, now))
        return add, delete

    def _new_timers(self, rec: GameRecord, tc: dict[str, Any], seat: SeatRecord, did: str,
                    now: float) -> list[TimerRecord]:
        """A decision's deadline and reminders, opened now (pushed by a vacation)."""
        user = seat.user_id
        assert user is not None
        if tc["kind"] == "bank":
            window = float(tc["initial"] if seat.bank is None else seat.bank)
        else:
            window = float(tc["seconds"])
        base = now + window
        pause = paused(self.vacations.get(user, []), now)
        out = [TimerRecord(0, rec.id, seat.seat, DEADLINE, base + pause, did,
                           {"user": user, "opened": now, "base": base, "bank": window})]
        for at in reminder_times(now, base, tc.get("reminders", DEFAULT_REMINDERS)):
            out.append(TimerRecord(0, rec.id, seat.seat, REMINDER, at + pause, did,
                                   {"user": user, "opened": now, "base": at}))
        return out

    def written(self, add: list[TimerRecord], ids: list[int], delete: Iterable[int]) -> None:
        """After the commit: the scheduler's mirror follows the store."""
        self.scheduler.discard(delete)
        self.scheduler.add(replace(t, id=i) for t, i in zip(add, ids, strict=True))

    async def sync(self, game_id: int) -> None:
        """Make a resumed game's timers match its pending decisions (a game stored before
        time control existed, or by another version)."""
        async with self.live.locked(game_id) as live:
            if not self.timed(live.record):
                return
            add, delete = self.plan(live.record, live.game, {})
            if add or delete:
                ids = await self.store.change_timers(add, delete)
                self.written(add, ids, delete)


class TimeControl:
    """Firing due timers, vacations, takeover votes and rejoining, catching up; and the
    scheduler's claim when several processes share the store."""

    def __init__(self, store: Store, clock: Callable[[], float],
                 sleep: Callable[[float], Awaitable[Any]], *, scheduler: Scheduler,
                 timers: Timers, live: LiveGames, writes: Writes, playon: PlayOn, hub: Hub,
                 catalogs: Catalogs) -> None:
        self.store = store
        self.clock = clock
        self._sleep = sleep
        self.scheduler = scheduler
        self.timers = timers
        self.live = live
        self.writes = writes
        self.playon = playon
        self.hub = hub
        self.catalogs = catalogs
        self.closed = False
        self.claiming: asyncio.Task[None] | None = None  # waiting to own the scheduler
        self._unlisten: Callable[[], None] | None = None
        self._background: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ the scheduler's claim

    async def open(self) -> None:
        """Several processes over one database: only the process holding the scheduler's
        claim fires timers (the others keep trying, to take over when it stops), and another
        process's timer changes make the owner reload them."""
        self.closed = False
        self._unlisten = self.store.listen_timers(self._timers_changed)
        if await self.store.claim_scheduler():
            self.scheduler.start()
        if getattr(self.store, "shared", False) or not self.scheduler.running:
            self.claiming = asyncio.create_task(self._claim(), name="claim timers")

    async def close(self) -> None:
        """Stop firing timers (they stay stored)."""
        self.closed = True
        if self._unlisten is not None:
            self._unlisten()
            self._unlisten = None
        await self.scheduler.stop()
        if self.claiming is not None and not self.claiming.done():
            self.claiming.cancel()
            await asyncio.gather(self.claiming, return_exceptions=True)

    def _timers_changed(self) -> None:
        """Another process added, moved or deleted timers: the scheduler's owner reloads."""
        if self.scheduler.running and not self.closed:
            task = asyncio.create_task(self._reload_timers(), name="reload timers")
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    async def _reload_timers(self) -> None:
        self.scheduler.load(await self.store.timers())

    async def _claim(self) -> None:
        """Every ``CLAIM_EVERY`` seconds: a process without the scheduler tries to take it
        (then loads the timers — another process may have left some due — and runs it); the
        owner of a shared store checks it still holds the claim (its connection may have died,
        and another process taken over) and stops firing when it does not."""
        while not self.closed:
            await self._sleep(CLAIM_EVERY)
            try:
                claimed = await self.store.claim_scheduler()
                if claimed and not self.scheduler.running:
                    self.scheduler.load(await self.store.timers())
                    self.scheduler.start()
                    log.info("this process now runs the deadline scheduler")
                    if not getattr(self.store, "shared", False):
                        return
                elif not claimed and self.scheduler.running:
                    await self.scheduler.stop()
                    log.warning("this process lost the deadline scheduler to another one")
            except Exception:
                log.exception("claiming the scheduler failed; trying again")

    # ------------------------------------------------------------------ firing

    async def fire(self, key: GroupKey, timers: list[TimerRecord]) -> None:
        """The scheduler's callback: a game's due deadlines, or a user's due reminders."""
        kind, ident = key
        try:
            if kind == "game":
                await self._fire_deadlines(ident, timers)
            else:
                await self._fire_reminders(ident, timers)
        except StorageUnavailable:
            pass  # logged by the store once; the timers stay and are fired again later
        except Refusal as refusal:
            if refusal.code not in (refusals.STORAGE_UNAVAILABLE, refusals.DAMAGED):
                raise

    async def _fire_deadlines(self, game_id: int, timers: list[TimerRecord]) -> None:
        """Deadlines that passed: the greedy AI decides for each expired seat (and finishes
        its feeding or medals step), stored with ``submitted_by`` ``deadline``; each expiry is
        a strike, and the last allowed strike lets the AI take the seat over. ONE transaction
        writes the moves, deletes the fired timers (and any other obsolete one), arms the new
        decisions' timers and records the strikes: a kill before its commit leaves the timers
        to fire again after a restart, a kill after it leaves the moves and no timer."""
        try:
            async with self.live.locked(game_id) as live:
                await self._expire(live, timers)
                game, rec = live.game, live.record
                more = game is not None and rec.status == ACTIVE and any(
                    not person(rec.seats[s]) or len(game.legal_actions(s)) == 1
                    for s in game.waiting_on())
        except Refusal as refusal:
            if refusal.code == refusals.DAMAGED:  # its timers wait in the store for the repair
                self.scheduler.discard(t.id for t in self.scheduler.of_game(game_id))
                return
            if refusal.code != refusals.NOT_FOUND:
                raise
            # the game is gone
            await self.store.change_timers(delete=[t.id for t in timers])
            self.scheduler.discard(t.id for t in timers)
            return
        if more:  # an AI seat, a taken-over seat or a forced decision: play on
            self.playon.kick(game_id)

    async def _expire(self, live: Live, timers: list[TimerRecord]) -> None:
        rec, game = live.record, live.game
        now = self.clock()
        current = [c for t in timers if (c := self.scheduler.get(t.id)) is not None]
        if not current:
            return  # deleted meanwhile: the player acted (in the same transaction)
        if rec.status != ACTIVE or game is None or game.is_over:
            ids = [t.id for t in self.scheduler.of_game(rec.id)]
            await self.store.change_timers(delete=ids)
            self.scheduler.discard(ids)
            return
        expired: list[TimerRecord] = []
        obsolete: list[int] = []
        for t in current:
            if t.due > now:
                continue  # moved into the future meanwhile (a vacation)
            if (t.kind == DEADLINE and game.decision_ids[t.seat] == t.decision_id
                    and game.commits[t.seat] is None and person(rec.seats[t.seat])):
                expired.append(t)
            elif t.kind == DEADLINE:
                obsolete.append(t.id)
        if not expired:
            if obsolete:
                await self.store.change_timers(delete=obsolete)
                self.scheduler.discard(obsolete)
            return
        tc = rec.options.get("time_control") or {}
        clone = game.clone()
        rows: dict[int, ActionRecord] = {}
        res = Result()
        first = clone.step
        todo = sorted({t.seat for t in expired})
        version = clone.catalog.version
        files = self.catalogs.files(version)
        for _ in range(64):  # the seat's feeding or medals step may take several decisions
            decisions = []
            for s in todo:
                did = clone.decision_ids[s]
                if did is not None and clone.commits[s] is None:
                    acts = clone.legal_actions(s)
                    decisions.append(Decision(did, s, clone.step, acts, len(acts) == 1,
                                              False))
            if not decisions:
                break
            answers = await self.playon.think_many(
                TIMER_LEVEL, [(view(clone, d.seat), d) for d in decisions], clone.seed,
                version, files)
            for d, action in zip(decisions, answers, strict=True):
                try:
                    self.writes.apply(clone, d.seat, action, d.id, updates.DEADLINE, res, rows)
                except HadaraError:
                    log.exception("AI answered expired decision %s of game %s illegally",
                                  d.id, rec.id)
                    self.writes.apply(clone, d.seat, d.actions[0], d.id, updates.DEADLINE, res,
                                      rows)
            if clone.step != first or first not in ("feeding", "medals"):
                break
        seats: dict[int, SeatRecord] = {}
        takeover = []
        limit = int(tc.get("strikes", DEFAULT_STRIKES))
        for s in sorted({t.seat for t in expired}):
            seat = rec.seats[s]
            strikes = seat.strikes + 1
            taken = strikes >= limit
            if taken:
                takeover.append(s)
            seats[s] = replace(seat, strikes=strikes, ai_takeover=taken,
                               votes=[] if taken else seat.votes)
        # the fired timers go in this transaction whatever the plan says
        for t in expired:
            for extra in self.scheduler.of_game(rec.id):
                if extra.seat == t.seat and extra.decision_id == t.decision_id \
                        and extra.kind == DEADLINE and extra.id != t.id:
                    obsolete.append(extra.id)
        await self.writes.commit(live, clone, res, rows, updates.DEADLINE, seats=seats,
                                 expired=[t.seat for t in expired], takeover=takeover,
                                 delete=[t.id for t in expired] + obsolete)

    async def _fire_reminders(self, user_id: int, timers: list[TimerRecord]) -> None:
        """A user's due reminders, merged with their others due within ``MERGE_WINDOW``
        into one ``reminder`` update; in their quiet hours they wait until the hours end
        (dropped if the deadline comes first). Deleted before publishing: a kill between
        the two loses one reminder rather than sending it twice."""
        now = self.clock()
        mine = {t.id for t in timers}
        extra = self.scheduler.claim([t.id for t in self.scheduler.of_user(user_id)
                                      if t.id not in mine and t.due <= now + MERGE_WINDOW])
        try:
            group = [c for t in [*timers, *extra] if (c := self.scheduler.get(t.id))]
            group = [t for t in group if t.id not in mine or t.due <= now]
            if not group:
                return
            deadlines: dict[tuple[int, int, str | None], float] = {}
            for gid in {t.game_id for t in group}:
                for t in self.scheduler.of_game(gid):
                    if t.kind == DEADLINE:
                        deadlines[(gid, t.seat, t.decision_id)] = t.due
            live_ones = [t for t in group  # a reminder after its deadline is pointless
                         if deadlines.get((t.game_id, t.seat, t.decision_id), now) > now]
            drop = [t.id for t in group if t not in live_ones]
            settings = await self.store.get_user_settings(user_id)
            later = quiet_until(now, settings)
            if later is not None:
                moved = [(t.id, later) for t in live_ones
                         if later < deadlines[(t.game_id, t.seat, t.decision_id)]]
                drop += [t.id for t in live_ones if t.id not in dict(moved)]
                if drop:
                    await self.store.change_timers(delete=drop)
                    self.scheduler.discard(drop)
                if moved:
                    await self.store.move_timers(moved)
                    self.scheduler.move(moved)
                return
            reminders = sorted({(t.game_id, t.seat, t.decision_id):
                                Reminder(t.game_id, t.seat,
                                         deadlines[(t.game_id, t.seat, t.decision_id)],
                                         t.decision_id) for t in live_ones}.values(),
                               key=lambda r: (r.deadline, r.game_id, r.seat))
            ids = [t.id for t in group]
            await self.store.change_timers(delete=ids)
            self.scheduler.discard(ids)
            if reminders:
                first = await self.live.load(reminders[0].game_id)
                game = first.game
                update = Update(
                    game_id=first.record.id, version=game.version if game else 0,
                    revision=first.rev, status=first.record.status, cause=updates.REMINDER,
                    waiting=updates.waiting_for(game, self.timers.deadlines(first.record.id))
                    if game else [],
                    seats=updates.seat_copies(first.record.seats), user=user_id,
                    reminders=reminders)
                self.hub.publish(update)
        finally:
            self.scheduler.release([t.id for t in extra])

    # ------------------------------------------------------------------ takeover

    async def rejoin(self, game_id: int, user_id: int) -> Update:
        """``GameService.rejoin``: the seat back from the AI, strikes and votes cleared."""
        async with self.live.locked(game_id) as live:
            game = edges.playing(live)
            seat = edges.person_seat(live.record, user_id)
            me = live.record.seats[seat]
            if not me.ai_takeover:
                raise Refusal(refusals.NOT_TAKEN_OVER, "The AI does not play your seat.",
                              seat=seat)
            rec = copy.deepcopy(live.record)
            rec.seats[seat] = replace(me, ai_takeover=False, strikes=0, votes=[])
            rec.updated_at = self.clock()
            await self.writes.save(rec, game)
            live.record, live.rev = rec, new_revision()
            return self.writes.update(live, game, game, Result(), updates.REJOINED, [],
                                      stale={seat}, user=user_id)

    async def vote_takeover(self, game_id: int, voter_user: int, seat: int) -> Update:
        """``GameService.vote_takeover``: ``vote``, or ``takeover`` once more than half of the
        other people voted (the update's ``takeover`` names the seat)."""
        async with self.live.locked(game_id) as live:
            game = edges.playing(live)
            rec = live.record
            mine = edges.person_seat(rec, voter_user)
            if rec.seats[mine].ai_takeover:
                raise Refusal(refusals.TAKEN_OVER, "The AI plays your seat; rejoin first.",
                              seat=mine)
            if type(seat) is not int or not 0 <= seat < len(rec.seats):
                raise Refusal(refusals.NOT_SEATED, "There is no such seat in this game.",
                              "no_seat", seat=str(seat)[:20])
            target = rec.seats[seat]
            if seat == mine:
                raise Refusal(refusals.BAD_REQUEST, "You cannot vote about your own seat.",
                              "own_seat", seat=seat)
            if not person(target):
                raise Refusal(refusals.BAD_REQUEST, "An AI already plays that seat.",
                              "already_ai", seat=seat)
            if voter_user in target.votes:
                raise Refusal(refusals.BAD_REQUEST, "You have already voted.",
                              "already_voted", seat=seat)
            voters = {s.user_id for s in rec.seats if person(s) and s.seat != seat}
            votes = sorted(v for v in {*target.votes, voter_user} if v in voters)
            taken = 2 * len(votes) > len(voters)
            new = replace(target, votes=[] if taken else votes, ai_takeover=taken)
            out = copy.deepcopy(rec)
            out.seats[seat] = new
            out.updated_at = self.clock()
            await self.writes.save(out, game)
            live.record, live.rev = out, new_revision()
            return self.writes.update(live, game, game, Result(),
                                      updates.TAKEOVER if taken else updates.VOTE, [],
                                      stale={seat}, user=voter_user,
                                      takeover=[seat] if taken else [])

    # ------------------------------------------------------------------ vacations

    async def away(self, user_id: int, days: float, guild_ids: Iterable[int]) -> list[Update]:
        """``GameService.away``: a vacation from now, within the allowance."""
        if (isinstance(days, bool) or not isinstance(days, int | float)
                or not 0 < days <= 365):
            raise Refusal(refusals.BAD_REQUEST, "Days away must be more than 0 and at most "
                          "365.", "bad_days", max=365)
        edges.check_user(user_id)
        try:
            asked = [edges.check_user(g, "bad_guild") for g in guild_ids]
        except TypeError:  # not iterable
            raise Refusal(refusals.BAD_REQUEST, "That server id is not valid.",
                          "bad_guild") from None
        now = self.clock()
        if self._away_now(user_id, now) is not None:
            raise Refusal(refusals.BAD_REQUEST, "You are away already; come back first.",
                          "already_away")
        async with edges.storage(), self._games_of(user_id) as lives:
            guilds = set(asked)
            for live in lives:
                g = live.record.discord.get("guild")
                if isinstance(g, int):
                    guilds.add(g)
            allowances = await self.store.away_allowances()
            allowance = min((allowances.get(g, DEFAULT_AWAY_DAYS) for g in guilds),
                            default=DEFAULT_AWAY_DAYS)
            used = paused(self.timers.vacations.get(user_id, []), now - YEAR, now) / DAY
            if used + days > allowance + 1e-9:
                raise Refusal(refusals.AWAY_ALLOWANCE, "That is more time away than this "
                              "server allows in a year.", allowance=allowance,
                              used=round(used, 2), requested=days,
                              left=round(max(0.0, allowance - used), 2))
            vac = Vacation(0, user_id, now, now + days * DAY)
            vacations = [*self.timers.vacations.get(user_id, []), vac]
            dues = self._repush(user_id, lives, vacations)
            vac.id = await self.store.add_vacation(vac, dues)
            self.timers.vacations[user_id] = vacations
            self.scheduler.move(dues)
            return self._publish_clock(lives, updates.AWAY, user_id, vac.end)

    async def back(self, user_id: int) -> list[Update]:
        """``GameService.back``: the vacation ends now."""
        now = self.clock()
        vac = self._away_now(user_id, now) if edges.valid_user(user_id) else None
        if vac is None:
            raise Refusal(refusals.BAD_REQUEST, "You are not away.", "not_away")
        async with edges.storage(), self._games_of(user_id) as lives:
            ended = replace(vac, end=now)
            vacations = [ended if v is vac else v
                         for v in self.timers.vacations.get(user_id, [])]
            dues = self._repush(user_id, lives, vacations)
            await self.store.end_vacation(vac.id, now, dues)
            self.timers.vacations[user_id] = vacations
            self.scheduler.move(dues)
            return self._publish_clock(lives, updates.BACK, user_id, None)

    def away_until(self, user_id: int) -> float | None:
        """When the user's current vacation ends (None: not away)."""
        vac = self._away_now(user_id, self.clock()) if edges.valid_user(user_id) else None
        return vac.end if vac is not None else None

    async def set_away_allowance(self, guild_id: int, days: float | None) -> None:
        """``GameService.set_away_allowance``."""
        if days is not None and (isinstance(days, bool) or not isinstance(days, int | float)
                                 or not 0 <= days <= 365):
            raise Refusal(refusals.BAD_REQUEST, "An allowance is 0 to 365 days.", "bad_days",
                          max=365)
        edges.check_user(guild_id, "bad_guild")
        async with edges.storage():
            await self.store.set_away_allowance(guild_id, days)

    def _away_now(self, user_id: int, now: float) -> Vacation | None:
        return next((v for v in self.timers.vacations.get(user_id, [])
                     if v.start <= now < v.end), None)

    @asynccontextmanager
    async def _games_of(self, user_id: int) -> AsyncIterator[list[Live]]:
        """The user's active games, each locked (in id order: no deadlock)."""
        ids = await self.store.games_of_user(user_id, (ACTIVE,))
        async with AsyncExitStack() as stack:
            lives = []
            for gid in sorted(ids):
                live = await stack.enter_async_context(self.live.locked(gid))
                if live.record.status == ACTIVE:
                    lives.append(live)
            yield lives

    def _repush(self, user_id: int, lives: list[Live], vacations: list[Vacation]
                ) -> list[tuple[int, float]]:
        """The user's timers' due times under ``vacations``: the time as opened plus every
        vacation after the opening."""
        dues = []
        for live in lives:
            for t in self.scheduler.of_game(live.record.id):
                if t.payload.get("user") != user_id or "base" not in t.payload:
                    continue
                due = float(t.payload["base"]) + paused(vacations, float(t.payload["opened"]))
                if due != t.due:
                    dues.append((t.id, due))
        return dues

    def _publish_clock(self, lives: list[Live], cause: str, user_id: int,
                       until: float | None) -> list[Update]:
        out = []
        for live in lives:
            game = live.game
            if game is None:
                continue
            live.rev = new_revision()
            mine = {s.seat for s in live.record.seats if s.user_id == user_id}
            out.append(self.writes.update(live, game, game, Result(), cause, [], stale=mine,
                                          user=user_id, until=until))
        return out

    # ------------------------------------------------------------------ catching up

    async def catch_up(self, game_id: int, seat: int) -> dict[str, Any]:
        """``GameService.catch_up``: the events since ``seat`` last acted, from the stored
        log (replayed up to that action, then on with the events collected)."""
        live = await self.live.load(game_id)
        game = edges.started(live)
        if type(seat) is not int or not 0 <= seat < game.n:
            raise Refusal(refusals.NOT_SEATED, "There is no such seat in this game.",
                          seat=str(seat))
        stored = await self.live.stored(game_id)
        if stored is None:
            raise Refusal(refusals.NOT_FOUND, "There is no such game.", game_id=game_id)
        rec, actions = stored.record, stored.actions
        user = rec.seats[seat].user_id
        mine = f"user:{user}" if user is not None else None
        since = 0
        for a in actions:
            if a.seat == seat and (a.submitted_by == mine or (
                    mine is None and a.submitted_by.startswith("ai:"))):
                since = a.seq + 1
        catalog = await self.catalogs.get(rec.content_version)
        data = {"format": save.FORMAT, "content_version": rec.content_version,
                "rules_version": rec.rules_version, "setup": rec.setup, "seed": rec.seed,
                "actions": [{"seat": a.seat, "action": a.action} for a in actions[:since]]}
        replayed = save.from_dict(data, catalogs={catalog.version: catalog})
        events: list[dict[str, Any]] = []
        for a in actions[since:]:
            events.extend(replayed.apply(a.seat, a.action, a.decision_id).public)
        lines = [line for ev in events
                 for line in describe(ev, replayed.players, replayed.catalog)]
        did = game.decision_ids[seat]
        return {"seat": seat, "since": since, "actions": len(actions) - since,
                "events": events, "lines": lines,
                "deadline": self.timers.deadlines(game_id).get((seat, did))}

