"""docs/architecture.md tells the truth about imports: every import-linter contract in
pyproject.toml is named there, and every contract it names exists (make test checks them)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_contract_is_on_the_architecture_page_and_only_those() -> None:
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
        "contracts"]
    names = {c["name"] for c in contracts}
    page = (ROOT / "docs" / "architecture.md").read_text()
    section = page[:page.index("## The rooms")]
    quoted = set(re.findall(r'"([^"]+)"', " ".join(section.split())))
    assert names <= quoted, sorted(names - quoted)
    assert quoted <= names, sorted(quoted - names)
    assert len(names) >= 8
