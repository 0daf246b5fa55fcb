"""Vendor Discord's Embedded App SDK for the board inside Discord (docs/web.md, "The board
inside Discord"): from an unpacked npm tarball, copy the ES modules the page imports
(``output/index.mjs`` and ``output/mock.mjs`` with every module they import, relative imports
only: no bundler) and the licence into ``web/static/vendor/discord-embedded-app-sdk/``, pin
each file's SHA-256 in web/vendor.json and write the README beside them.

    tmp=$(mktemp -d) && (cd "$tmp" && npm pack --ignore-scripts @discord/embedded-app-sdk@2 \\
        && tar xzf discord-embedded-app-sdk-*.tgz)
    .venv/bin/python -m tests.web.vendor_sdk "$tmp"/package "$(cd "$tmp" && ls *.tgz)"

npm only fetches (it checks the tarball against the registry's integrity hash; nothing is
installed or run). Then run tests/web/test_vendored.py and the Activity's browser tests.
"""

from __future__ import annotations

import json
import posixpath
import re
import shutil
import sys
from pathlib import Path

from tests.web.vendored import MANIFEST, ROOT, sha256

PACKAGE = "@discord/embedded-app-sdk"
DEST = "web/static/vendor/discord-embedded-app-sdk"
ENTRIES = ("index.mjs", "mock.mjs")
_IMPORT = re.compile(r"""(?:from|import)\s*['"](\.[^'"]+)['"]""")


def closure(output: Path, entries: tuple[str, ...] = ENTRIES) -> list[str]:
    """The modules ``entries`` import, transitively (paths relative to ``output``)."""
    seen: set[str] = set()
    todo = list(entries)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for target in _IMPORT.findall((output / name).read_text(encoding="utf-8")):
            todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(name), target)))
    return sorted(seen)


def main(package: Path, tarball: str) -> int:
    version = json.loads((package / "package.json").read_text())["version"]
    dest = ROOT / DEST
    shutil.rmtree(dest, ignore_errors=True)
    files = ["LICENSE.md"] + [f"output/{m}" for m in closure(package / "output")]
    for rel in files:
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(package / rel, dest / rel)
    source = f"https://registry.npmjs.org/{PACKAGE}/-/{tarball}"
    licence = f"{DEST}/LICENSE.md"
    entries = [{
        "path": f"{DEST}/{rel}", "package": PACKAGE, "version": version, "license": "MIT",
        "license_files": [] if rel == "LICENSE.md" else [licence],
        "sha256": sha256(dest / rel), "source": f"{source} (package/{rel})",
        "used_by": "the licence of the SDK's files" if rel == "LICENSE.md" else
        "the board inside Discord (web/static/activity.js imports it in the player's browser)",
    } for rel in files]
    data = json.loads(MANIFEST.read_text(encoding="utf-8"))
    data["files"] = [e for e in data["files"] if e["package"] != PACKAGE] + entries
    MANIFEST.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    rows = "\n".join(f"| `{rel}` | `{e['sha256']}` |" for rel, e in zip(files, entries, strict=True))
    (dest / "README.md").write_text(README.format(version=version, source=source, rows=rows,
                                                  count=len(files)), encoding="utf-8")
    print(f"{len(files)} files of {PACKAGE} {version} vendored in {DEST}")
    return 0


README = """\
# Discord's Embedded App SDK, vendored for the board inside Discord

Served to players as static files (`/static/vendor/discord-embedded-app-sdk/output/…`):
`web/static/activity.js` imports `output/index.mjs` in the browser (ES modules with relative
imports only: no bundler, no Node at install); the tests also import `output/mock.mjs`
(`DiscordSDKMock`). Only the modules those two import are here, unchanged.

| | |
|---|---|
| package | `{package}` (npm) |
| version | {version} (exact) |
| upstream | https://github.com/discord/embedded-app-sdk |
| fetched from | {source} |
| licence | MIT (`LICENSE.md`, Discord Inc.). The package carries, built into its modules, zod, eventemitter3, uuid, lodash.transform, decimal.js-light (MIT), big-integer (Unlicense) and tslib (0BSD) |

{count} files, with their SHA-256 (also pinned in `web/vendor.json`, checked by
`tests/web/test_vendored.py`):

| file | SHA-256 |
|---|---|
{rows}

## Refresh

From the repository's root (npm only fetches; it installs and runs nothing):

```sh
tmp=$(mktemp -d) && (cd "$tmp" && npm pack --ignore-scripts @discord/embedded-app-sdk@2 \\
    && tar xzf discord-embedded-app-sdk-*.tgz)
.venv/bin/python -m tests.web.vendor_sdk "$tmp"/package "$(cd "$tmp" && ls *.tgz)"
rm -rf "$tmp"
```

It rewrites these files, this README and the package's entries in `web/vendor.json`. Read the
SDK's changelog (a command's arguments or an event's shape may change), then run
`.venv/bin/python -m pytest -p no:cacheprovider -q tests/web/test_vendored.py tests/web/test_activity_browser.py`.
"""
README = README.replace("{package}", PACKAGE)

if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1]), sys.argv[2]))
