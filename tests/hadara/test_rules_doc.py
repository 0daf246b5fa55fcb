"""docs/rules.md and the tests cannot drift apart.

Every rule id in docs/rules.md (R-…, E…, F…, M…, G…, P…, D-…, "Information") is named by at
least one test file, every id a test names is in docs/rules.md, each id has one entry there, and
the test files and modules an entry lists exist and (for test files) name that id. Ids may be
written with a hyphen or, in test function names, an underscore (``test_R_C1_…``, ``D_1``).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules.md"
TESTS = ROOT / "tests"
ID = re.compile(r"(?<![A-Za-z0-9-])(R[-_][CSAB]\d+|D[-_]\d+|E[1-3]|F1|M1|G[12]|P(?:1[0-5]|[1-9])|Information)"
                r"(?![A-Za-z0-9])")
ENTRY = re.compile(r"^- \*\*([^*]+)\*\*", re.M)


def ids_in(text: str) -> set[str]:
    return {m.group(1).replace("_", "-") for m in ID.finditer(text)}


def named_ids() -> dict[str, set[str]]:
    """Every Python file under tests/ (every folder) except this one, by its path from the
    repository root (``tests/hadara/test_rules_setup.py``), with the ids it names."""
    me = Path(__file__).resolve()
    return {p.relative_to(ROOT).as_posix(): ids_in(p.read_text(encoding="utf-8"))
            for p in sorted(TESTS.rglob("*.py")) if p.resolve() != me}


def entries() -> dict[str, str]:
    """id -> the text of its bullet in docs/rules.md (the bullet and its indented lines)."""
    out: dict[str, str] = {}
    current: str | None = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = ENTRY.match(line)
        if m:
            current = m.group(1)
            assert current not in out, f"{current} has two entries in docs/rules.md"
            out[current] = line
        elif current and line.startswith("  "):
            out[current] += "\n" + line
        else:
            current = None
    return out


def test_every_id_in_the_doc_is_named_by_a_test():
    named = set().union(*(ids for name, ids in named_ids().items()
                          if Path(name).name.startswith("test_")))
    missing = sorted(ids_in(DOC.read_text(encoding="utf-8")) - named)
    assert not missing, f"rule ids in docs/rules.md that no test names: {missing}"


def test_every_id_named_by_a_test_is_in_the_doc():
    documented = set(entries())
    for name, ids in named_ids().items():
        missing = sorted(ids - documented)
        assert not missing, f"{name} names rule ids without an entry in docs/rules.md: {missing}"


def test_every_id_mentioned_in_the_doc_has_an_entry():
    listed = set(entries())
    text = DOC.read_text(encoding="utf-8")
    assert set(ENTRY.findall(text)) == listed
    loose = sorted(ids_in(text) - listed)
    assert not loose, f"ids mentioned in docs/rules.md without an entry of their own: {loose}"
    assert all(ids_in(key) == {key} for key in listed), "entry heads must be rule ids"


def test_each_entry_lists_test_files_that_name_it():
    files = named_ids()
    for rid, text in entries().items():
        assert "Tested:" in text, f"{rid}: no 'Tested:' line"
        listed = re.findall(r"`([\w./]+\.py)`", text.split("Tested:", 1)[1])
        assert listed, f"{rid}: no test file listed"
        for name in listed:
            assert name in files, f"{rid}: {name} is not in tests/"
            assert rid in files[name], f"{rid}: {name} is listed but does not name {rid}"


def test_each_entry_names_existing_modules():
    for rid, text in entries().items():
        assert "Implemented:" in text, f"{rid}: no 'Implemented:' line"
        part = text.split("Implemented:", 1)[1].split("Tested:", 1)[0]
        paths = [p for p in re.findall(r"`([^`]+)`", part) if "/" in p]
        assert paths, f"{rid}: no module or data file named"
        for p in paths:
            assert (ROOT / p).exists(), f"{rid}: {p} does not exist"


def test_project_docs_point_at_the_rules_in_the_repository():
    for doc in (ROOT / "README.md", ROOT / "docs" / "engine.md"):
        text = doc.read_text(encoding="utf-8")
        assert "shared/rules" not in text, f"{doc.name} still points outside the repository"
        assert "rules.md" in text, f"{doc.name} should point at docs/rules.md"
