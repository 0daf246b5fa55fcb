"""Content catalogs per content version, so a game keeps the data it was started with.

At ``start`` the service saves the data files of the running content version in the store
(``store.save_content``); a game stored under an older version is replayed with the catalog
rebuilt from its stored files (``store.load_content``). Worker processes (AI, rendering) get the
files of a non-default version with the job and keep the catalog they build from them
(:func:`worker_catalog`), so a pool never rebuilds it per decision.
"""

from __future__ import annotations

# the catalogs of a store by content version live with the store (storage imports nothing of
# the service); the service's worker processes build theirs here
from bot.storage.content import Catalogs, ContentMissing, Files, catalog_from_files, read_files
from hadara.content import Catalog, default_catalog

__all__ = ["Catalogs", "ContentMissing", "Files", "catalog_from_files", "read_files",
           "worker_catalog"]

_WORKER: dict[str, Catalog] = {}


def worker_catalog(version: str | None, files: Files | None) -> Catalog:
    """In a worker: the default catalog (``version`` None or the default's), else the one
    built from ``files``, built once per process and version."""
    default = default_catalog()
    if version is None or version == default.version:
        return default
    cat = _WORKER.get(version)
    if cat is None:
        if files is None:
            raise ContentMissing(f"no data files for content version {version}")
        cat = _WORKER[version] = catalog_from_files(files)
    return cat
