"""The example in docs/engine.md is the API contract: run it so it stays true."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "engine.md"


def test_engine_md_example_runs(capsys):
    text = DOC.read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks, "docs/engine.md should hold a python example"
    namespace: dict = {}
    exec(compile(blocks[0], str(DOC), "exec"), namespace)
    assert namespace["game"].is_over
    out = capsys.readouterr().out
    assert out.startswith("[")
