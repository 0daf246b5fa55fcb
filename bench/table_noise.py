"""How much the table says: the scripted 3-seat game (two people and one greedy AI, basic
rules; bob turned DMs on) played through the real bot under simcord, counting every message
the bot posts in the game's thread, every edit of the board, the pings per person and step,
and the DM panels.

    .venv/bin/python bench/table_noise.py --json

Two runs of the same game (seed 1):

* **live**: the people act within a minute of being asked, as at a table where everyone is
  there: each continues on the panel they used last when it shows their current decision,
  otherwise they press "Take my turn" on the newest message that carries it;
* **away** (``*_away``): every decision of a person comes hours after the last, so nobody is
  ever live and every step must reach them (a mention in the thread, or a DM for bob).

Printed (JSON with ``--json``):

* ``thread_messages``: every message the bot posted in the thread (the lobby, boards posted
  again included), and ``thread_messages_per_epoch`` (by the epoch the game was in);
* ``board_edits``: edits of board messages;
* ``max_pings_per_person_per_step``: the most mentions of one person within one step — a
  step being a run of decisions of one kind that keeps a seat waiting (the four removals of
  one feeding are one step; each draft round is its own);
* ``max_dm_panels_per_person``: DM messages carrying a panel, per person;
* ``pings``, ``steps`` (``person_steps``: those of people's seats; a step the engine plays
  for them — one legal choice — is one too), ``steps_acted`` (the steps a person acted in)
  and ``steps_acted_pinged`` (those of them that mentioned the person), ``decisions``, ``decisions_on_open_panel`` (taken on the panel the
  person used last, which moved on to the decision by itself); the same with ``_away``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402  (its MonkeyPatch, outside a test)
import simcord._runtime as simcord_runtime  # noqa: E402
from simcord.http import router as simcord_router  # noqa: E402

from bot.service import Update  # noqa: E402
from bot.storage.base import ACTIVE  # noqa: E402
from tests.e2e.conftest import (  # noqa: E402
    SETTLE_SECONDS,
    World,
    button,
    components,
    new_game,
    people_waiting,
    settle,
    take_turn,
    world,
)

_MESSAGES = re.compile(r"/channels/(\d+)/messages(?:/(\d+))?")
AWAY_GAP = 3 * 3600.0  # hours between two decisions of a person, away
LIVE_GAP = 20.0  # seconds, live
#: Live, the clock moves only as far as the table's flushes need: the e2e world scales the
#: coalescer's delays 60× (its minimum interval between flushes becomes 60 s) so that simcord
#: parks the sleeps; the live window of cogs.play.live is not scaled, so each decision costs
#: about 90 virtual seconds instead of the twenty or so it takes at a real table.
LIVE_SETTLE = 70.0


@dataclass
class Noise:
    """What the bot sent, attributed to the game's epoch and its people's steps."""

    thread: int = 0
    dm_channels: dict[int, int] = field(default_factory=dict)  # DM channel -> user
    posts: int = 0
    by_epoch: Counter[int] = field(default_factory=Counter)
    board_edits: int = 0
    boards: set[int] = field(default_factory=set)
    epoch: int = 1
    steps: dict[int, int] = field(default_factory=dict)  # seat -> its current step number
    waiting: dict[int, str] = field(default_factory=dict)  # seat -> kind it waits on
    seat_of: dict[int, int] = field(default_factory=dict)  # user -> seat
    pings: Counter[tuple[int, int]] = field(default_factory=Counter)  # (user, step) -> n
    dm_panels: Counter[int] = field(default_factory=Counter)
    step_count: int = 0
    person_steps: int = 0
    acted: set[tuple[int, int]] = field(default_factory=set)  # (user, step) they acted in
    log: list[str] = field(default_factory=list)  # the thread's posts (--dump)

    def on_update(self, update: Update) -> None:
        if update.status != ACTIVE:
            return
        for ev in update.public:
            if ev.get("kind") == "epoch_started":
                self.epoch = int(ev.get("epoch", self.epoch))
        now = {w.seat: w.kind for w in update.waiting}
        for seat, kind in now.items():
            if self.waiting.get(seat) != kind:  # a new step for this seat
                self.steps[seat] = self.steps.get(seat, 0) + 1
                self.step_count += 1
                if seat in self.seat_of.values():
                    self.person_steps += 1
        self.waiting = now

    def on_request(self, method: str, path: str, body: Any) -> None:
        m = _MESSAGES.fullmatch(path)
        if m is None:
            return
        channel, message = int(m[1]), m[2]
        if channel == self.thread:
            if method == "POST" and message is None:
                self.posts += 1
                self.by_epoch[self.epoch] += 1
                self.log.append(f"E{self.epoch} " + " | ".join(
                    ((body or {}).get("content") or "").splitlines())[:160])
                for uid in ((body or {}).get("allowed_mentions") or {}).get("users") or []:
                    seat = self.seat_of.get(int(uid))
                    if seat is not None:
                        self.pings[(int(uid), self.steps.get(seat, 0))] += 1
            elif method == "PATCH" and message is not None and int(message) in self.boards:
                self.board_edits += 1
        elif channel in self.dm_channels and method == "POST" and message is None \
                and ((body or {}).get("embeds") or (body or {}).get("components")):
            self.dm_panels[self.dm_channels[channel]] += 1


def watch(noise: Noise) -> Any:
    original = simcord_router.dispatch

    def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        result = original(backend, method, path, **kwargs)
        if simcord_runtime._BOT_SCOPE.get() is not None:
            body = kwargs.get("json")
            noise.on_request(method, path, body if isinstance(body, dict) else {})
        return result

    simcord_router.dispatch = dispatch
    return lambda: setattr(simcord_router, "dispatch", original)


CONTINUED = [0]  # decisions taken on a panel that had moved on by itself (or stayed current)


def latest_turn_message(messages: list[Any]) -> Any:
    """The newest message carrying "Take my turn"."""
    for m in reversed(messages):
        if any(c.get("label") == "Take my turn" for c in components(m)):
            return m
    return None


async def play_game(away: bool, seed: int) -> dict[str, Any]:
    noise = Noise()
    CONTINUED[0] = 0
    undo = watch(noise)
    started = time.perf_counter()
    decisions = 0
    try:
        with tempfile.TemporaryDirectory(prefix="hadara-noise-") as tmp, \
                pytest.MonkeyPatch.context() as mp:
            async with world(Path(tmp), mp, names=("alice", "bob"), seed=seed) as w:
                await w.members["bob"].slash(w.channel, "hadara settings", dms=True)
                unsubscribe = w.service.subscribe(noise.on_update)
                gid, thread = await new_game(w, "alice", seats=3, ai=1, join=("bob",))
                noise.thread = thread.id
                record = (await w.service.load(gid)).record
                noise.seat_of = {s.user_id: s.seat for s in record.seats
                                 if s.user_id is not None}
                # what the bot posted before the thread was known (the lobby, the first
                # board, the first ping) is counted from the thread itself
                lobby = (await w.service.load(gid)).record.discord.get("lobby")
                for m in [m async for m in thread.history(limit=20, oldest_first=True)]:
                    noise.posts += 1
                    noise.by_epoch[1] += 1
                    for uid in m.raw_mentions:
                        seat = noise.seat_of.get(uid)
                        if seat is not None:  # the lobby's mention is the lobby's step
                            step = 0 if m.id == lobby else noise.steps.setdefault(seat, 1)
                            noise.pings[(uid, step)] += 1
                panels: dict[int, Any] = {}  # user -> the panel they used last
                for _ in range(600):
                    await settle(w, gid, SETTLE_SECONDS if away else LIVE_SETTLE)
                    board_id = (await w.service.load(gid)).record.discord.get("board")
                    if board_id:
                        noise.boards.add(int(board_id))
                    if (await w.service.load(gid)).record.status != ACTIVE:
                        break
                    waiting = await people_waiting(w, gid)
                    if not waiting:
                        await w.env.advance_time(SETTLE_SECONDS)
                        continue
                    seat, uid, _ = waiting[0]
                    await w.env.advance_time(AWAY_GAP if away else LIVE_GAP)
                    if away:
                        await settle(w, gid)
                    if (await w.service.load(gid)).record.status != ACTIVE:
                        break
                    if not any(u == uid for _, u, _ in await people_waiting(w, gid)):
                        continue
                    noise.acted.add((uid, noise.steps.get(seat, 0)))
                    turn = await act(w, gid, uid, panels.get(uid), away)
                    if turn is not None:
                        panels[uid] = turn.result.response
                        decisions += 1
                # DM panels were posted before the channels were known: count them now
                for user in w.users.values():
                    if user.dm_channel is not None:
                        noise.dm_panels[user.id] = sum(
                            1 for m in user.dm_channel.history() if m.embeds)
                unsubscribe()
    finally:
        undo()
    per_step = max(noise.pings.values(), default=0)
    return {"thread_messages": noise.posts,
            "thread_messages_per_epoch": [noise.by_epoch[e] for e in sorted(noise.by_epoch)],
            "board_edits": noise.board_edits,
            "max_pings_per_person_per_step": per_step,
            "max_dm_panels_per_person": max(noise.dm_panels.values(), default=0),
            "pings": sum(noise.pings.values()), "steps": noise.step_count,
            "person_steps": noise.person_steps,
            "steps_acted": len(noise.acted),
            "steps_acted_pinged": sum(1 for key in noise.acted if noise.pings[key]),
            "decisions_on_open_panel": CONTINUED[0],
            "decisions": decisions, "wall_seconds": round(time.perf_counter() - started, 1),
            "log": noise.log}


async def act(w: World, gid: int, uid: int, last: Any, away: bool) -> Any:
    """One decision of ``uid`` by clicking: on their last panel if it shows their current
    decision (live), else from the newest message with "Take my turn"."""
    snap = await w.service.load(gid)
    seat = next(s.seat for s in snap.record.seats if s.user_id == uid)
    decision = snap.game.decision_id(seat) if snap.game is not None else None
    if not away and last is not None and decision is not None:
        current = last  # the message as it stands now (a ResponseMessage reads it live)
        ids = [c.get("custom_id") or "" for c in components(current)]
        if any(f":{decision}:" in cid or cid.endswith(f":{decision}") for cid in ids):
            CONTINUED[0] += 1
            return await take_turn(w, gid, uid, panel=current)
    thread = w.bot.get_channel(int(snap.record.discord["thread"]))
    messages = [m async for m in thread.history(limit=50)]  # type: ignore[union-attr]
    message = latest_turn_message(list(reversed(messages)))
    if message is None:
        return None
    result = await w.member(uid).click(message, custom_id=button(message, "play.take_turn"))
    return await take_turn(w, gid, uid, panel=result.response)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dump", action="store_true",
                        help="print every message posted in the thread (live game only)")
    args = parser.parse_args()
    live = asyncio.run(play_game(False, args.seed))
    log = live.pop("log")
    if args.dump:
        print("\n".join(log))
        return
    away = asyncio.run(play_game(True, args.seed))
    away.pop("log")
    out = {**live, **{f"{k}_away": v for k, v in away.items()}}
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for key, value in out.items():
            print(f"{key:40} {value}")


if __name__ == "__main__":
    main()
