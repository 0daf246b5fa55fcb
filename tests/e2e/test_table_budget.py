"""The notification budget (issue: a quiet table), through the real bot: the scripted 3-seat
game of ``bench/table_noise.py`` (two people and a greedy AI; bob takes his turns by DM)
played twice — live (everyone acts within a minute, continuing on the panel they used last)
and away (hours between decisions).

- Nobody is pinged twice in one step (the removals of one feeding, the medals of one step, a
  draft round), live or away.
- Away, every step of a person reaches them: exactly one mention per step.
- Live, a person's open panel moves on to their next decision by itself (nearly every
  decision is taken on it) and the thread stays quiet: no more than 34 messages for the game
  (half of what it posted before the budget), the lines that ping nobody folded into the board.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("simcord")

BENCH = Path(__file__).resolve().parents[2] / "bench" / "table_noise.py"


def _bench() -> Any:
    spec = importlib.util.spec_from_file_location("bench_table_noise", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


async def test_live_table_is_quiet_and_panels_move_on() -> None:
    out = await _bench().play_game(False, 1)
    assert out["decisions"] >= 60  # the game was played to its end by clicks
    assert out["max_pings_per_person_per_step"] == 1
    assert out["thread_messages"] <= 34
    assert out["pings"] < out["person_steps"] / 4  # live people are not pinged
    assert out["decisions_on_open_panel"] >= 0.9 * out["decisions"]


async def test_away_every_step_pings_its_person_exactly_once() -> None:
    out = await _bench().play_game(True, 1)
    assert out["decisions"] >= 60
    assert out["max_pings_per_person_per_step"] == 1
    # every step a person acted in reached them, once; nobody is pinged for a step the
    # engine played for them (one legal choice) before they could have read the ping
    assert out["steps_acted_pinged"] == out["steps_acted"] >= 40
    assert out["pings"] <= out["person_steps"]
    assert out["decisions_on_open_panel"] == 0
