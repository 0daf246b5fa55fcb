"""Profiles from a season: the time to compute a person's profile (bot/league/profiles.py).

Prints figures as JSON (never asserts). Usage:
    python bench/profiles.py [--games 200] [--people 12] [--db FILE]

A season of N finished four-player games on one server (and N/4 on another, which the profile
must skip) is written straight through the store's own methods (``create_game`` and one
``write_actions`` per game, a temporary SQLite file): 20 games played at random with the
engine, with a time on every row, each stored N/20 times under other people (drawn from
``--people``), some with a time control, missed deadlines, a concession or a takeover.
Building it through the service would take minutes for nothing the profile reads differently.
Ten rated results give a rating history. Then:

* ``cold_ms``: a fresh :class:`Profiles` (nothing cached): listing, loading and replaying every
  finished game (in a thread), the rating history, the sums;
* ``warm_ms``: the same profile again (median of 20): the listing, the rated results, the sums;
* ``warm_other_ms``: another person's (median of 20);
* ``one_new_game_ms``: after one more game finished (it alone is loaded and replayed);
* ``lobby_ms``: the reliability of five people at once (median of 20).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.access import Actor  # noqa: E402
from bot.league.app import Leagues  # noqa: E402
from bot.league.profiles import Profiles  # noqa: E402
from bot.league.ratings import Ratings  # noqa: E402
from bot.league.sim import InlineExecutor  # noqa: E402
from bot.service.service import GameService  # noqa: E402
from bot.storage.base import (  # noqa: E402
    FINISHED,
    ActionRecord,
    GameRecord,
    RatedResult,
    SeatRecord,
)
from bot.storage.sqlite import SqliteStore  # noqa: E402
from hadara.content import default_catalog  # noqa: E402
from hadara.engine import RULES_VERSION, Game  # noqa: E402
from rendering.profile import render_profile  # noqa: E402

GUILD, OTHER = 1, 2
ME = 1000  # the person profiled: in every game whose seats draw them
TC = {"kind": "deadline", "seconds": 86400.0, "reminders": [], "strikes": 3}


def base_game(seed: int) -> tuple[Game, list[tuple[int, dict[str, Any], bool, float]]]:
    """A finished four-player game played at random: its log as (seat, action, forced, dt)."""
    rng = random.Random(seed)
    game = Game.new(["a", "b", "c", "d"], "basic", seed)
    rows: dict[int, tuple[int, dict[str, Any], bool, float]] = {}
    while not game.is_over:
        ds = [d for d in game.decisions() if not d.committed]
        d = ds[rng.randrange(len(ds))]
        res = game.apply(d.seat, d.actions[rng.randrange(len(d.actions))], d.id)
        for i in res.logged:
            e = game.log[i]  # type: ignore[index]
            rows[i] = (e["seat"], e["action"], len(d.actions) == 1, rng.uniform(1, 3))
    return game, [rows[i] for i in sorted(rows)]


async def build(store: SqliteStore, games: int, people: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    bases = [base_game(seed * 100 + k) for k in range(min(20, max(1, games)))]
    cat = default_catalog()
    crowd = [ME, *range(ME + 1, ME + people)]
    ids = []
    clock = 1_700_000_000.0
    for k in range(games + games // 4):
        game, log = bases[k % len(bases)]
        guild = GUILD if k < games else OTHER
        timed = rng.random() < 0.5
        users = rng.sample(crowd, 4)
        conceded = rng.random() < 0.05
        taken = not conceded and rng.random() < 0.05
        rows = []
        for i, (seat, action, forced, dt) in enumerate(log):
            clock += dt * (3600 if timed else 20)
            if forced:
                by = "forced"
            elif seat == 0 and (conceded or taken) and i > len(log) // 2:
                by = "ai:greedy"
            elif timed and rng.random() < 0.03:
                by = "deadline"
            else:
                by = f"user:{users[seat]}"
            rows.append(ActionRecord(i, seat, action, None, by, clock))
        assert game.setup is not None
        gid = await store.create_game(GameRecord(
            id=0, status=FINISHED, variant="basic",
            options={"time_control": TC} if timed else {}, created_at=rows[0].at,
            updated_at=clock, content_version=cat.version, rules_version=RULES_VERSION,
            setup=game.setup.to_dict(), seed=game.seed, host_user_id=users[0],
            discord={"guild": guild},
            seats=[SeatRecord(seat=s, name=f"P{u}", user_id=u, conceded=conceded and s == 0,
                              ai_takeover=taken and s == 0) for s, u in enumerate(users)]))
        await store.write_actions(gid, rows)
        ids.append(gid)
        clock += 3600
    ratings = Ratings(store, clock=lambda: 1.0)
    for gid in ids[:10]:
        ranks = [{"user": u, "name": f"P{u}", "seat": i, "rank": i + 1, "win": i == 0}
                 for i, u in enumerate(rng.sample(crowd, 4))]
        await ratings.record(RatedResult(gid, GUILD, float(gid), ranks))
    return ids


async def timed_ms(call: Any, repeat: int = 1) -> float:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        await call()
        out.append(1000 * (time.perf_counter() - t0))
    return round(statistics.median(out), 2)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(args.db) if args.db else Path(tmp) / "profiles.sqlite3"
        store = SqliteStore(path)
        await store.open()
        try:
            t0 = time.perf_counter()
            await build(store, args.games, args.people, args.seed)
            built = time.perf_counter() - t0
            profiles = Profiles(store)
            cold = await timed_ms(lambda: profiles.profile(GUILD, ME))
            p = await profiles.profile(GUILD, ME)
            warm = await timed_ms(lambda: profiles.profile(GUILD, ME), 20)
            other = await timed_ms(lambda: profiles.profile(GUILD, ME + 1), 20)
            lobby = await timed_ms(lambda: profiles.reliability(
                GUILD, range(ME, ME + 5)), 20)
            # what /hadara-league profile does once warm: the view as a viewer may see it
            # (Leagues.profile_view: the profile, the rating, the privacy setting) and the
            # picture (drawn in the render pool in the bot; inline here)
            service = GameService(store, ai_pool=InlineExecutor(), render_pool=InlineExecutor())
            leagues = Leagues(service)
            leagues.profiles = profiles
            viewer = Actor(ME + 1, GUILD)
            view = await leagues.profile_view(viewer, GUILD, ME)
            shown = await timed_ms(lambda: leagues.profile_view(viewer, GUILD, ME), 20)

            async def draw() -> None:
                render_profile(view.card("me"), "en")

            picture = await timed_ms(draw, 5)
            await build(store, 1, args.people, args.seed + 1)  # one more finished game
            one = await timed_ms(lambda: profiles.profile(GUILD, ME))
        finally:
            await store.close()
    return {"config": {"games": args.games, "other_server_games": args.games // 4,
                       "people": args.people, "build_s": round(built, 2),
                       "built": "records written through the store, not the service"},
            "profile": {"games": p.games, "finish_rate": p.finish_rate,
                        "median_move": p.median_move, "rivals": len(p.rivals),
                        "rating_points": len(p.rating_history)},
            "cold_ms": cold, "warm_ms": warm, "warm_other_ms": other,
            "one_new_game_ms": one, "lobby_ms": lobby,
            "profile_view_ms": shown, "picture_ms": picture,
            "command_ms (view + picture)": round(shown + picture, 2)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--people", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--db", default=None, help="keep the season in this SQLite file")
    args = ap.parse_args(argv)
    print(json.dumps(asyncio.run(run(args)), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
