"""Compile hadara/ai/evaluation.py with mypyc beside its source (``make`` runs this).

The extension is optional: if mypyc or a C compiler is missing, or the build fails, this says
so and exits 0, and the evaluation runs as Python (same results, slower search). On success it
records the hash of hadara/'s sources in hadara/ai/evaluation.native, which hadara.ai.native
checks so that a stale extension is never used.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's hadara/, the one the bot runs from

from hadara.ai import native  # noqa: E402


def main() -> int:
    mypyc = Path(sys.executable).with_name("mypyc")
    digest = native.source_hash()
    for old in native.HERE.glob(native.EXTENSIONS):
        old.unlink()
    # the stamp names what was tried even on failure, so make does not retry until a source
    # changes; only a stamp equal to the sources' hash lets the extension be used
    native.STAMP.write_text("not built\n")
    if not mypyc.exists() or shutil.which(os.environ.get("CC", "cc")) is None:
        print("native evaluation not built (needs mypyc and a C compiler); "
              "the AI runs as Python")
        return 0
    with tempfile.TemporaryDirectory() as tmp:  # mypyc writes its C files under ./build
        work = Path(tmp)
        shutil.copytree(ROOT / "hadara", work / "hadara",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        done = subprocess.run([str(mypyc), "hadara/ai/evaluation.py"], cwd=work,
                              capture_output=True, text=True)
        if done.returncode != 0:
            print("native evaluation not built (mypyc failed; the AI runs as Python):\n"
                  + done.stdout[-2000:] + done.stderr[-2000:])
            return 0
        for so in (work / "hadara" / "ai").glob(native.EXTENSIONS):
            shutil.copy2(so, native.HERE / so.name)
    native.STAMP.write_text(digest + "\n")
    print("native evaluation built (hadara/ai/evaluation*.so)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
