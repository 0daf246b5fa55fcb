"""The child process of tests/bot/storage/test_crash.py: the game service over one SQLite file,
driven by simulated people, until the parent kills it (SIGKILL) — or it kills itself at a chosen
point.

    python tests/support/crash_child.py DB ACKS SEED

Every seat of every game is a person (no AI, so no process pool): one driver task per game
asks the service who must act, takes each waiting seat's legal actions from its view and
submits a random one, the simultaneous picks of a step concurrently (as clicks would come).
For every submission the service acknowledged (``submit`` returned) it appends one line to the
ACKS file, flushed and fsynced: ``{"k": "ack", "g", "seq", "d", "a", "s"}`` — the log rows that
submission wrote, as the store received them.

Environment:

* ``CRASH_GAMES`` (default 3): games kept in play; a finished game is replaced by a new one.
* ``CRASH_FINISH=1``: create nothing, play every active game to its end, close and exit 0.
* ``CRASH_HOOK=before_commit:K``: at the K-th ``write_actions`` (counting from 1 in this
  run), after its statements ran inside the transaction and just before ``COMMIT``, write an
  ``"uncommitted"`` line with its rows and SIGKILL this process.
* ``CRASH_HOOK=after_commit:K``: at the K-th ``write_actions``, once it returned (committed)
  and before the submission is acknowledged, write a ``"committed"`` line and SIGKILL.

Prints ``ready`` once the service is open and every stored game resumed.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO, Any

from bot.service import GameService, ImageCache, Refusal
from bot.storage import ACTIVE, ActionRecord, SqliteStore

SEATS = 5


class Acks:
    """The acknowledgement file: one JSON line per row, flushed and fsynced."""

    def __init__(self, path: Path) -> None:
        self.file: IO[bytes] = open(path, "ab")  # noqa: SIM115 - open for the whole run
        if self.file.tell() > 0:
            with open(path, "rb") as f:
                f.seek(-1, os.SEEK_END)
                if f.read(1) != b"\n":  # a line torn by the last kill: end it
                    self.write_raw(b"\n")

    def write_raw(self, data: bytes) -> None:
        self.file.write(data)
        self.file.flush()
        os.fsync(self.file.fileno())

    def write(self, kind: str, game_id: int, rows: list[ActionRecord]) -> None:
        for r in rows:
            line = {"k": kind, "g": game_id, "seq": r.seq, "d": r.decision_id, "a": r.action,
                    "s": r.seat}
            self.write_raw(json.dumps(line, separators=(",", ":")).encode() + b"\n")


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def install_hooks(store: SqliteStore, acks: Acks, hook: str,
                  written: dict[asyncio.Task[Any] | None, list[ActionRecord]]) -> None:
    """Wrap ``store.write_actions``: remember the rows each task wrote (for its ack) and, if
    ``hook`` says so, die before the K-th COMMIT or after the K-th write returned."""
    where, _, nth = hook.partition(":")
    target = int(nth) if nth else 0
    calls = 0
    armed: list[tuple[int, list[ActionRecord]]] = []
    original_write = store.write_actions

    async def write_actions(game_id: int, rows: list[ActionRecord],
                            status: str | None = None) -> None:
        nonlocal calls
        calls += 1
        hit = calls == target
        if hit and where == "before_commit":
            armed.append((game_id, rows))
        await original_write(game_id, rows, status)
        if hit and where == "after_commit":
            acks.write("committed", game_id, rows)
            die()
        written[asyncio.current_task()] = rows

    store.write_actions = write_actions  # type: ignore[method-assign]

    if where == "before_commit":
        def before_commit() -> None:  # on the database thread: the statements all ran
            if armed:
                game_id, rows = armed[0]
                acks.write("uncommitted", game_id, rows)
                die()

        store.before_commit = before_commit


async def drive(svc: GameService, game_id: int, rng: random.Random, acks: Acks,
                written: dict[asyncio.Task[Any] | None, list[ActionRecord]]) -> None:
    """Play one game to its end as its people would: every waiting seat clicks a random legal
    action of its view; the seats of a simultaneous step click concurrently."""
    users = {s.seat: s.user_id for s in (await svc.load(game_id)).record.seats}

    async def click(seat: int, decision_id: str) -> None:
        legal = (await svc.view(game_id, seat))["private"]["legal_actions"]
        if not legal:
            return
        user = users[seat]
        assert user is not None
        try:
            await svc.submit(game_id, user, decision_id, legal[rng.randrange(len(legal))])
        except Refusal:
            return  # the game moved on (a forced decision was applied meanwhile)
        acks.write("ack", game_id, written.pop(asyncio.current_task()))

    while True:
        await svc.idle(game_id)  # forced decisions are applied by the service
        waiting = await svc.waiting(game_id)
        if not waiting:
            return
        await asyncio.gather(*(click(w.seat, w.decision_id) for w in waiting))


async def new_game(svc: GameService, rng: random.Random) -> int:
    users = [rng.randrange(1, 1 << 40) for _ in range(SEATS)]
    gid = await svc.create(users[0], "Host")
    for i, user in enumerate(users[1:], start=1):
        await svc.join(gid, user, f"Player {i}")
    await svc.start(gid, users[0])
    return gid


async def main(db: Path, ack_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    acks = Acks(ack_path)
    store = SqliteStore(db)
    await store.open()
    written: dict[asyncio.Task[Any] | None, list[ActionRecord]] = {}
    install_hooks(store, acks, os.environ.get("CRASH_HOOK", ""), written)
    svc = GameService(store, ai_pool=ThreadPoolExecutor(1), image_cache=ImageCache(1 << 20))
    await svc.open()
    await svc.idle()
    print("ready", flush=True)
    playing = {asyncio.create_task(drive(svc, gid, rng, acks, written))
               for gid in await store.game_ids((ACTIVE,))}
    if os.environ.get("CRASH_FINISH") == "1":
        await asyncio.gather(*playing)
        await svc.close()
        await store.close()
        return
    wanted = int(os.environ.get("CRASH_GAMES", "3"))
    while True:  # until killed
        while len(playing) < wanted:
            gid = await new_game(svc, rng)
            playing.add(asyncio.create_task(drive(svc, gid, rng, acks, written)))
        done, playing = await asyncio.wait(playing, return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            task.result()


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])))
