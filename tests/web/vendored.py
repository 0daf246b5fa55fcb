"""The check of the project's vendored front-end files against their manifest (web/vendor.json,
docs/web.md "Vendored files and accessibility").

Every entry names a file (``path``, from the repository's root), the ``package`` and exact
``version`` it came from, its ``license`` (an SPDX id), the ``license_files`` that travel with
it, its ``sha256`` and its ``source``. ``problems(manifest, root)`` lists, in words, everything
wrong: a file missing or changed (its SHA-256 is not the manifest's), a licence file missing
or not itself listed (so hashed), a version that is not exact, a file in a vendored directory
that the manifest does not list, a README.md beside the files that does not name the version
and every hash. An empty list: all is as pinned.

``python -m tests.web.vendored`` prints the problems and each listed file's SHA-256 now (for
a refresh: docs/web.md), and exits 1 when there is a problem.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path, PurePosixPath
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "web" / "vendor.json"

KEYS = ("path", "package", "version", "license", "license_files", "sha256", "source")
EXACT_VERSION = re.compile(r"\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?")
SHA256 = re.compile(r"[0-9a-f]{64}")
# beside the vendored files, not vendored themselves: the notes and git's attributes
NOT_VENDORED = frozenset({"README.md", ".gitattributes"})


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def load(manifest: Path) -> list[dict[str, Any]]:
    """The manifest's entries (a ValueError when it is not a manifest at all)."""
    data = json.loads(manifest.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("files"), list):
        raise ValueError(f"{manifest}: no list of files")
    entries: list[dict[str, Any]] = []
    for entry in data["files"]:
        if not isinstance(entry, dict):
            raise ValueError(f"{manifest}: an entry is not an object")
        entries.append(entry)
    return entries


def _inside(root: Path, rel: str) -> Path | None:
    """The file *rel* names under *root*, or None when it is not a plain relative path."""
    pure = PurePosixPath(rel)
    if not rel or pure.is_absolute() or ".." in pure.parts or "\\" in rel:
        return None
    return root.joinpath(*pure.parts)


def problems(manifest: Path = MANIFEST, root: Path = ROOT) -> list[str]:
    """Everything wrong with the vendored files against *manifest*, in words (empty: none)."""
    try:
        entries = load(manifest)
    except (OSError, ValueError) as exc:
        return [f"the manifest cannot be read: {exc}"]
    found: list[str] = []
    listed = {e.get("path") for e in entries}
    if len(listed) != len(entries):
        found.append("a path is listed twice")
    dirs: dict[Path, list[dict[str, Any]]] = {}
    for entry in entries:
        name = str(entry.get("path", "?"))
        missing = [k for k in KEYS if k not in entry]
        if missing:
            found.append(f"{name}: no {', '.join(missing)} in the manifest")
            continue
        if not all(isinstance(entry[k], str) and entry[k] for k in KEYS if k != "license_files"):
            found.append(f"{name}: an empty or non-text field in the manifest")
            continue
        if not EXACT_VERSION.fullmatch(entry["version"]):
            found.append(f"{name}: version {entry['version']!r} is not one exact version")
        if not SHA256.fullmatch(entry["sha256"]):
            found.append(f"{name}: {entry['sha256']!r} is not a SHA-256 in lower-case hex")
        path = _inside(root, name)
        if path is None:
            found.append(f"{name}: not a relative path inside the repository")
            continue
        if path.is_symlink() or not path.is_file():
            found.append(f"{name}: missing (or not a plain file)")
        else:
            actual = sha256(path)
            if actual != entry["sha256"]:
                found.append(f"{name}: changed — its SHA-256 is {actual}, "
                             f"the manifest pins {entry['sha256']}")
        dirs.setdefault(path.parent, []).append(entry)
        licences = entry["license_files"]
        if not isinstance(licences, list) or not all(isinstance(x, str) for x in licences):
            found.append(f"{name}: license_files is not a list of paths")
            continue
        is_licence = any(name in (e.get("license_files") or []) for e in entries)
        if not licences and not is_licence:
            found.append(f"{name}: no licence file travels with it")
        for lic in licences:
            lic_path = _inside(root, lic)
            if lic_path is None or not lic_path.is_file():
                found.append(f"{name}: its licence file {lic} is missing")
            if lic not in listed:
                found.append(f"{name}: its licence file {lic} is not in the manifest "
                             "(so not hashed)")
    # a package's top folder holds its README; its subfolders (an ES-module tree) are listed
    # file by file like the rest
    tops = {f for f in dirs if not any(t != f and t in f.parents for t in dirs)}
    below: dict[Path, list[dict[str, Any]]] = {}
    for folder, here in dirs.items():
        top = next(t for t in tops if t == folder or t in folder.parents)
        below.setdefault(top, []).extend(here)
    for folder, here in sorted(below.items()):
        rel = folder.relative_to(root).as_posix()
        if folder.is_dir():
            for extra in sorted(p for p in folder.rglob("*")
                                if p.name not in NOT_VENDORED and not p.is_dir()):
                name = extra.relative_to(root).as_posix()
                if name not in listed:
                    found.append(f"{name}: in a vendored directory but not in the manifest")
        readme = folder / "README.md"
        if not readme.is_file():
            found.append(f"{rel}: no README.md (package, version, licence, hashes, refresh)")
            continue
        notes = readme.read_text(encoding="utf-8")
        for entry in here:
            for word in (entry["version"], entry["sha256"]):
                if word not in notes:
                    found.append(f"{rel}/README.md: does not name {word} "
                                 f"({entry['path']})")
    return found


def main() -> int:
    found = problems()
    for entry in load(MANIFEST):
        path = _inside(ROOT, str(entry.get("path", "")))
        now = sha256(path) if path is not None and path.is_file() else "missing"
        print(f"{now}  {entry.get('path')}")
    for line in found:
        print("problem:", line, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
