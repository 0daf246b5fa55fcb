"""The child processes of tests/bot/storage/test_pg_processes.py: each runs its own
:class:`GameService` over one database URL (``open_store``), as one bot process of several would.

* :func:`clicker`: simulated people click random legal actions (their seats only: seat parity
  ``parity``) in the given games for ``seconds``; every acknowledged submission is reported
  with the log rows its ``write_actions`` call wrote.
* :func:`scheduler_process`: a service that owns (or waits to own) the deadline scheduler.
  Role ``"owner"`` creates games with a short time control when told to; the others only
  run, reporting every ``deadline`` update they publish (the deadlines they fired).

Each reports through a ``multiprocessing`` queue: ``(name, kind, payload)`` tuples.
Functions here are picklable by name (``spawn``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import time
import traceback
from collections import Counter
from typing import Any

from bot.league.sim import InlineExecutor
from bot.service import GameService, ImageCache, Refusal, Update
from bot.storage import open_store
from bot.storage.base import ActionRecord

log = logging.getLogger(__name__)


def _service(store: Any) -> GameService:
    return GameService(store, ai_pool=InlineExecutor(), render_pool=InlineExecutor(),
                       image_cache=ImageCache(1 << 20))


def _row(r: ActionRecord) -> dict[str, Any]:
    return {"seq": r.seq, "seat": r.seat, "action": r.action, "decision_id": r.decision_id,
            "submitted_by": r.submitted_by, "at": r.at}


def _wrap_writes(store: Any) -> dict[Any, list[ActionRecord]]:
    """Remember the rows each task's ``write_actions`` wrote (read after ``submit``)."""
    written: dict[Any, list[ActionRecord]] = {}
    original = store.write_actions

    async def write_actions(game_id: int, rows: list[ActionRecord], *args: Any,
                            **kwargs: Any) -> Any:
        out = await original(game_id, rows, *args, **kwargs)
        written.setdefault(asyncio.current_task(), []).extend(rows)
        return out

    store.write_actions = write_actions
    return written


# ---------------------------------------------------------------------- concurrent clicks


def clicker(name: str, url: str, game_ids: list[int], parity: int, seconds: float, seed: int,
            go: Any, queue: Any) -> None:
    """Process entry: click in ``game_ids`` for the seats ``seat % 2 == parity``."""
    logging.basicConfig(level="WARNING")
    try:
        out = asyncio.run(_clicker(name, url, game_ids, parity, seconds, seed, go, queue))
        queue.put((name, "done", out))
    except BaseException:
        queue.put((name, "crashed", traceback.format_exc()))


async def _clicker(name: str, url: str, game_ids: list[int], parity: int, seconds: float,
                   seed: int, go: Any, queue: Any) -> dict[str, Any]:
    rng = random.Random(seed)
    store = open_store(url)
    await store.open()
    written = _wrap_writes(store)
    svc = _service(store)
    await svc.open()
    acks: list[dict[str, Any]] = []
    refusals: Counter[str] = Counter()
    errors: list[str] = []
    queue.put((name, "ready", os.getpid()))
    await asyncio.to_thread(go.wait)
    stop = time.monotonic() + seconds

    async def drive(gid: int) -> None:
        rec = (await svc.load(gid)).record
        users = {s.seat: s.user_id for s in rec.seats
                 if s.user_id is not None and s.seat % 2 == parity}
        last: dict[int, str] = {}  # the decision each seat's last acknowledged click closed

        async def click(seat: int, decision_id: str) -> None:
            try:
                legal = (await svc.view(gid, seat))["private"]["legal_actions"]
                if not legal:
                    return
                action = legal[rng.randrange(len(legal))]
                task = asyncio.current_task()
                written.pop(task, None)
                try:
                    await svc.submit(gid, users[seat], decision_id, action)
                except Refusal as exc:
                    refusals[exc.code] += 1
                    written.pop(task, None)
                    return
                rows = written.pop(task, [])
                last[seat] = decision_id
                acks.append({"game": gid, "seat": seat, "user": users[seat],
                             "decision_id": decision_id, "action": action,
                             "rows": [_row(r) for r in rows], "pid": os.getpid()})
            except Refusal as exc:  # the view: the game ended meanwhile …
                refusals["view:" + exc.code] += 1
            except Exception:
                errors.append(traceback.format_exc())

        while time.monotonic() < stop and not errors:
            waiting = [w for w in await svc.waiting(gid)
                       if w.seat in users and last.get(w.seat) != w.decision_id]
            if not waiting:
                if (await svc.load(gid)).record.status != "active":
                    return
                await asyncio.sleep(0.01)  # the other process's turn (or its NOTIFY)
                continue
            await asyncio.gather(*(asyncio.create_task(click(w.seat, w.decision_id))
                                   for w in waiting))

    try:
        await asyncio.gather(*(drive(g) for g in game_ids))
    except Exception:
        errors.append(traceback.format_exc())
    try:
        await asyncio.wait_for(svc.idle(), 30)
    except Exception:
        errors.append("idle: " + traceback.format_exc())
    await svc.close()
    await store.close()
    return {"acks": acks, "refusals": dict(refusals), "errors": errors, "pid": os.getpid()}


# ---------------------------------------------------------------------- the scheduler


def scheduler_process(name: str, url: str, role: str, commands: Any, queue: Any) -> None:
    """Process entry: a service over ``url``; ``role`` "owner" creates the timed games when
    told (``commands``: ``("create", spec)``); every role stops on ``("stop", None)``."""
    logging.basicConfig(level="WARNING")
    try:
        out = asyncio.run(_scheduler_process(name, url, role, commands, queue))
        queue.put((name, "done", out))
    except BaseException:
        queue.put((name, "crashed", traceback.format_exc()))


async def _scheduler_process(name: str, url: str, role: str, commands: Any,
                             queue: Any) -> dict[str, Any]:
    store = open_store(url)
    await store.open()
    svc = _service(store)
    fired: list[dict[str, Any]] = []

    def on_update(up: Update) -> None:
        if up.cause == "deadline":
            fired.append({"game": up.game_id, "expired": list(up.expired),
                          "takeover": list(up.takeover), "at": time.time()})

    svc.subscribe(on_update)
    await svc.open()
    claimed = await store.claim_scheduler()
    queue.put((name, "open", {"pid": os.getpid(), "claimed": claimed}))
    while True:
        kind, spec = await asyncio.to_thread(commands.get)
        if kind == "stop":
            break
        if kind == "create":
            ids = []
            for g in range(spec["games"]):
                host = 10_000 + 10 * g
                gid = await svc.create(host, f"Host {g}", seats=spec["people"],
                                       time_control=spec["time_control"])
                for k in range(1, spec["people"]):
                    await svc.join(gid, host + k, f"Player {g}.{k}")
                await svc.start(gid, host)
                ids.append(gid)
            queue.put((name, "created", {"games": ids, "at": time.time(),
                                         "claimed": await store.claim_scheduler()}))
    try:
        await asyncio.wait_for(svc.idle(), 30)
    finally:
        await svc.close()
        await store.close()
    return {"pid": os.getpid(), "fired": fired}
