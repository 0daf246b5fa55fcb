"""The compiled evaluation (hadara/ai/native.py): the same values as the source, and never a
stale build."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hadara.ai import native

ROOT = Path(__file__).resolve().parents[3]

# Every seat's values of every legal action at every decision of greedy self-play games, as
# exact float reprs (the search's choices follow these numbers).
VALUES = """
import json
from hadara.ai.greedy import evaluator, greedy_action, scored_actions
from hadara.ai import native
from hadara.engine import Game
ev, out = evaluator(), []
for seed, n in ((1, 2), (2, 3), (3, 4), (4, 5)):
    g = Game.new([f"p{i}" for i in range(n)], "basic", seed)
    while not g.is_over:
        s = g.waiting_on()[0]
        acts = g.legal_actions(s)
        if len(acts) > 1:
            out.append([repr(v) for v, _ in scored_actions(ev, g, s, acts)])
        g.apply(s, acts[0] if len(acts) == 1 else greedy_action(ev, g, s, acts))
print(json.dumps({"compiled": native.compiled(), "values": out}))
"""


def values(pure: bool) -> dict[str, object]:
    env = {**os.environ, "HADARA_PURE": "1" if pure else "0"}
    done = subprocess.run([sys.executable, "-c", VALUES], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_the_compiled_evaluation_gives_the_sources_values_exactly():
    if not native.current():
        pytest.skip("the compiled evaluation is not built here (make builds it with mypyc "
                    "when a C compiler is present)")
    fast, slow = values(pure=False), values(pure=True)
    assert fast["compiled"] is True and slow["compiled"] is False
    assert len(fast["values"]) > 200  # type: ignore[arg-type]
    assert fast["values"] == slow["values"]


def test_the_source_is_used_when_asked_or_when_the_build_is_stale(tmp_path, monkeypatch):
    assert values(pure=True)["compiled"] is False  # HADARA_PURE=1, built or not
    stamp = tmp_path / "evaluation.native"
    monkeypatch.setattr(native, "STAMP", stamp)
    monkeypatch.setattr(native, "built", lambda: True)
    stamp.write_text("not built\n")
    assert not native.current()
    stamp.write_text(native.source_hash()[::-1] + "\n")  # built from another source
    assert not native.current()
    stamp.write_text(native.source_hash() + "\n")
    assert native.current()
    stamp.unlink()
    assert not native.current()
