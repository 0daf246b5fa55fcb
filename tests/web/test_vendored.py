"""The vendored front-end files are as pinned (web/vendor.json, tests/web/vendored.py): each
listed file is here with the manifest's SHA-256, exact version and licence files, and nothing
unlisted sits beside them. The check itself is shown to fail on a copy of the files with one
byte changed, a licence file removed, a file added, a version range or a stale README."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.web.vendored import MANIFEST, ROOT, load, problems, sha256

AXE = "tests/web/vendor/axe-core/axe.min.js"


def test_every_vendored_file_is_as_pinned() -> None:
    assert problems() == []
    entries = load(MANIFEST)
    assert AXE in {e["path"] for e in entries}
    axe = next(e for e in entries if e["path"] == AXE)
    assert axe["package"] == "axe-core" and axe["version"].startswith("4.")
    assert axe["license"] == "MPL-2.0"
    assert "tests/web/vendor/axe-core/LICENSE" in axe["license_files"]
    licence = (ROOT / "tests/web/vendor/axe-core/LICENSE").read_text(encoding="utf-8")
    assert "Mozilla Public License" in licence and "2.0" in licence
    # the file is the release it says it is
    head = (ROOT / AXE).read_bytes()[:200].decode("utf-8", "replace")
    assert f"axe v{axe['version']}" in head


@pytest.fixture
def copy(tmp_path: Path) -> tuple[Path, Path]:
    """The manifest and every file it lists (with the READMEs beside them) under tmp_path."""
    for entry in load(MANIFEST):
        for rel in (entry["path"], str(Path(entry["path"]).parent / "README.md")):
            if not (ROOT / rel).is_file():  # a package's README sits in its top folder only
                continue
            dest = tmp_path / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / rel, dest)
    manifest = tmp_path / "web" / "vendor.json"
    manifest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(MANIFEST, manifest)
    assert problems(manifest, tmp_path) == []  # the copy is as good as the original
    return manifest, tmp_path


def test_one_changed_byte_is_found(copy: tuple[Path, Path]) -> None:
    manifest, root = copy
    target = root / AXE
    data = bytearray(target.read_bytes())
    data[len(data) // 2] ^= 0x01
    target.write_bytes(bytes(data))
    found = problems(manifest, root)
    assert len(found) == 1 and found[0].startswith(f"{AXE}: changed"), found
    assert sha256(target) in found[0]


def test_a_missing_file_or_licence_is_found(copy: tuple[Path, Path]) -> None:
    manifest, root = copy
    (root / "tests/web/vendor/axe-core/LICENSE").unlink()
    found = problems(manifest, root)
    assert any("LICENSE: missing" in p for p in found), found
    assert any("licence file tests/web/vendor/axe-core/LICENSE is missing" in p
               for p in found), found
    (root / AXE).unlink()
    assert any(p == f"{AXE}: missing (or not a plain file)" for p in problems(manifest, root))


def test_an_unlisted_file_a_loose_version_or_an_unhashed_licence_is_found(
        copy: tuple[Path, Path]) -> None:
    manifest, root = copy
    (root / "tests/web/vendor/axe-core/extra.js").write_text("x", encoding="utf-8")
    assert any("extra.js: in a vendored directory but not in the manifest" in p
               for p in problems(manifest, root))
    (root / "tests/web/vendor/axe-core/extra.js").unlink()
    data = json.loads(manifest.read_text(encoding="utf-8"))
    data["files"][0]["version"] = "^4.14"
    data["files"] = [e for e in data["files"] if not e["path"].endswith("3RD-PARTY.txt")]
    manifest.write_text(json.dumps(data), encoding="utf-8")
    found = problems(manifest, root)
    assert any("is not one exact version" in p for p in found), found
    assert any("LICENSE-3RD-PARTY.txt is not in the manifest" in p for p in found), found
    assert any("LICENSE-3RD-PARTY.txt: in a vendored directory but not in the manifest" in p
               for p in found), found


def test_a_stale_readme_is_found(copy: tuple[Path, Path]) -> None:
    manifest, root = copy
    readme = root / "tests/web/vendor/axe-core/README.md"
    pinned = load(manifest)[0]["sha256"]
    readme.write_text(readme.read_text(encoding="utf-8").replace(pinned, "0" * 64),
                      encoding="utf-8")
    assert any(f"does not name {pinned}" in p for p in problems(manifest, root))


def test_a_path_outside_the_repository_is_refused(copy: tuple[Path, Path]) -> None:
    manifest, root = copy
    data = json.loads(manifest.read_text(encoding="utf-8"))
    data["files"][0]["path"] = "../outside.js"
    manifest.write_text(json.dumps(data), encoding="utf-8")
    assert any("not a relative path inside the repository" in p
               for p in problems(manifest, root))


SDK = "web/static/vendor/discord-embedded-app-sdk"


def test_the_sdk_is_pinned_whole() -> None:
    """Discord's Embedded App SDK: one exact version, MIT, and every module its entry imports
    is here (a browser resolves the relative imports: one missing breaks the Activity)."""
    from tests.web.vendor_sdk import closure

    entries = [e for e in load(MANIFEST) if e["path"].startswith(SDK + "/")]
    assert {e["version"] for e in entries} == {"2.5.0"}
    assert {e["license"] for e in entries} == {"MIT"}
    assert "MIT License" in (ROOT / SDK / "LICENSE.md").read_text(encoding="utf-8")
    listed = {e["path"] for e in entries}
    assert {f"{SDK}/output/{m}" for m in closure(ROOT / SDK / "output")} <= listed
    assert f"{SDK}/output/index.mjs" in listed and f"{SDK}/output/mock.mjs" in listed


def test_an_unlisted_file_in_a_subfolder_is_found(copy: tuple[Path, Path]) -> None:
    manifest, root = copy
    extra = root / SDK / "output" / "lib" / "extra.mjs"
    extra.write_text("export {};\n", encoding="utf-8")
    assert problems(manifest, root) == [
        f"{SDK}/output/lib/extra.mjs: in a vendored directory but not in the manifest"]
