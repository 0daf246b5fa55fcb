"""Export a finished game as JSON (bot/service/export.py) and replay it with the engine alone:
``python -m hadara replay FILE`` prints the game's log and final scores equal to the game's."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bot.league.sim import InlineExecutor, SimClock
from bot.service.export import FORMAT
from bot.service.service import GameService
from bot.storage.sqlite import SqliteStore
from hadara.content import DEFAULT_DATA_DIR
from hadara.narrate import describe

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hadara", "replay", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


async def test_export_and_replay(tmp_path: Path) -> None:
    clock = SimClock()
    store = SqliteStore(tmp_path / "g.sqlite3", clock=clock)
    await store.open()
    games = GameService(store, clock=clock, ai_pool=InlineExecutor(),
                        render_pool=InlineExecutor())
    await games.open()
    try:
        gid = await games.create(1, None, seats=4, rated=True)
        for level in ("greedy", "greedy", "random", "greedy"):
            await games.add_ai(gid, level)
        await games.start(gid, 1)
        for _ in range(1000):
            await games.idle()
            if (await games.load(gid)).record.status == "finished":
                break
        snap = await games.load(gid)
        assert snap.game is not None and snap.game.is_over
        record = await games.export_record(gid)
    finally:
        await games.close()
        await store.close()
    assert record["format"] == FORMAT and record["game_id"] == gid
    assert record["save"]["seed"] == snap.record.seed
    assert len(record["save"]["actions"]) == len(snap.game.log or [])
    assert set(record["content"]["files"]) >= {"cards.json", "rules.json"}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), "utf-8")

    done = run(str(path), "--json")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # the log: the game's opening lines first, its final event's lines before the scores
    game = snap.game
    opening = [ln for ev in game.opening.public for ln in describe(ev, game.players,
                                                                    game.catalog)]
    assert lines[:len(opening)] == opening
    assert "Final scores:" in lines
    assert lines[-1] == "matches the recorded result"
    scores = json.loads(lines[-2])
    final = record["final"]
    assert [(r["seat"], r["rank"], r["total"]) for r in scores["scores"]] == [
        (r["seat"], r["rank"], r["total"]) for r in final["scores"]]
    assert scores["winners"] == final["winners"]
    for r in final["scores"]:
        name = game.players[r["seat"]]
        assert f"  {r['rank']}. {name}: {r['total']} points, {game.coins[r['seat']]} coins" \
            in lines

    # with an explicit content directory, and from a plain hadara.save file
    quiet = run(str(path), "--data", str(DEFAULT_DATA_DIR), "--quiet")
    assert quiet.returncode == 0, quiet.stderr
    assert quiet.stdout.splitlines()[0].startswith("Final scores")
    plain = tmp_path / "save.json"
    plain.write_text(json.dumps(record["save"]), "utf-8")
    again = run(str(plain), "--quiet")
    assert again.returncode == 0 and again.stdout.splitlines()[1:] == \
        quiet.stdout.splitlines()[1:-1]

    # a tampered record does not replay
    record["save"]["actions"][5]["action"] = {"nonsense": 1}
    path.write_text(json.dumps(record), "utf-8")
    bad = run(str(path))
    assert bad.returncode == 1 and "replay failed" in bad.stderr
