"""The two checks every end-to-end test ends with, checked themselves: the Discord-limits
walker finds what breaks a limit, and the acknowledgement clock measures real time (a
handler that blocks for 0.2 s before acknowledging is measured at 0.2 s or more, though
simcord's own deadline, on virtual time, would never notice)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import discord
import pytest

from .conftest import board, check_limits, limit_problems, new_game, world

pytest.importorskip("simcord")


def test_limit_problems_names_each_breach() -> None:
    row = {"type": 1, "components": [{"type": 2, "label": "x" * 81, "custom_id": "c" * 101}]
           + [{"type": 2, "label": "b", "custom_id": f"b{i}"} for i in range(5)]}
    select = {"type": 1, "components": [{"type": 3, "custom_id": "s", "options": [
        {"label": "o", "value": f"v{i}"} for i in range(26)]}]}
    payload = {"content": "x" * 2001,
               "embeds": [{"description": "d" * 4097}] + [{}] * 10,
               "components": [row, select] + [{"type": 1, "components": []}] * 4}
    problems = "\n".join(limit_problems(payload))
    for expected in ("content 2001", "11 embeds", "embed description 4097", "6 rows",
                     "6 buttons in a row", "label 81", "custom id 101", "26 select options"):
        assert expected in problems
    assert limit_problems({"content": "fine", "embeds": [{"title": "t"}],
                           "components": [{"type": 1, "components": []}]}) == []


async def test_ack_clock_measures_real_time(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    original = discord.InteractionResponse.defer
    delay = {"seconds": 0.0}

    async def slow(self: Any, **kwargs: Any) -> Any:
        time.sleep(delay["seconds"])  # blocks the loop: real time passes, virtual does not
        return await original(self, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, "defer", slow)

    async with world(tmp_path, monkeypatch) as w:
        gid, _ = await new_game(w, "alice", seats=2, ai=1)
        fast = w.clock.max
        delay["seconds"] = 0.2
        result = await w.members["alice"].click(await board(w, gid), label="Take my turn")
        assert result.acknowledged
        slowest = w.clock.max
        assert slowest >= 0.2, w.clock.summary()
        assert fast < 0.2
        delay["seconds"] = 0.0
        # the world's check at the end would (rightly) fail on the slowed one
        slowed = [i for i, t in w.clock.acks.items() if t >= 0.2]
        for i in slowed:
            del w.clock.acks[i], w.clock.dispatched[i]
        assert check_limits(w.env).problems == []
