"""The compiled evaluation, when it is built and current.

``make`` compiles ``evaluation.py`` with mypyc (``tools/build_native.py``): the same code as a C
extension, the same floats (``tests/hadara/ai/test_native.py``), about twice as fast for the
search's playouts (docs/performance.md). Python prefers an extension module to the source beside
it, so an extension built from older sources would run stale code, or check values against
types the engine no longer has: the build records the hash of every source of ``hadara/``, and
:func:`prefer_current` loads the source instead when they have changed since (or when
``HADARA_PURE=1`` asks for the source). Without a build nothing changes.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "evaluation.py"
STAMP = HERE / "evaluation.native"  # source_hash() of the sources the extension was built from
EXTENSIONS = "evaluation*.so"  # the module and mypyc's library beside it
NAME = "hadara.ai.evaluation"


def source_hash() -> str:
    """The sha256 of hadara/'s sources: the evaluation and every type it was compiled against."""
    package = HERE.parent
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def built() -> bool:
    """An extension of the evaluation sits beside its source."""
    return any((HERE / f"evaluation{s}").exists()
               for s in importlib.machinery.EXTENSION_SUFFIXES)


def current() -> bool:
    """The extension is built from these very sources."""
    try:
        return built() and STAMP.read_text().strip() == source_hash()
    except OSError:
        return False


def prefer_current() -> None:
    """Before the evaluation is first imported: when its extension is stale or unwanted,
    import the source in its place."""
    if NAME in sys.modules or not built():
        return
    if current() and os.environ.get("HADARA_PURE") != "1":
        return
    spec = importlib.util.spec_from_file_location(NAME, SOURCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[NAME] = module
    spec.loader.exec_module(module)


def compiled() -> bool:
    """The evaluation in use is the extension."""
    module = sys.modules.get(NAME)
    return module is not None and not str(getattr(module, "__file__", "")).endswith(".py")
