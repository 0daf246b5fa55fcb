"""Content catalogs kept in the store, so a game keeps the data it was started with.

At ``start`` the service saves the data files of the running content version in the store
(``store.save_content``); a game stored under an older version is replayed with the catalog
rebuilt from its stored files (``store.load_content``). :class:`Catalogs` does both, for any
reader of a store: the game service, and ``migrate-db``'s verification (storage imports nothing
from the service). The service's own content module adds what its worker processes need
(``worker_catalog``).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hadara.content import DATA_FILES, DEFAULT_DATA_DIR, Catalog, default_catalog, load_catalog

from .base import GameStore

Files = dict[str, str]  # data file name -> its text


class ContentMissing(LookupError):
    """No stored data files for a content version a game needs."""


def read_files(directory: Path | str = DEFAULT_DATA_DIR) -> Files:
    """The data files of a content directory, as the store keeps them."""
    directory = Path(directory)
    return {name: (directory / name).read_bytes().decode("utf-8") for name in DATA_FILES}


def catalog_from_files(files: Files) -> Catalog:
    """Build (and validate) a catalog from stored data files; its version is their hash."""
    with tempfile.TemporaryDirectory(prefix="hadara-content-") as tmp:
        for name in DATA_FILES:
            (Path(tmp) / name).write_bytes(files[name].encode("utf-8"))
        return load_catalog(tmp)


class Catalogs:
    """The catalogs of a store by content version, backed by its content table."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.default = default_catalog()
        self._catalogs: dict[str, Catalog] = {self.default.version: self.default}
        self._files: dict[str, Files] = {}
        self._saved: set[str] = set()

    async def save_current(self) -> str:
        """Store the running content's data files (once per process); returns its version."""
        version = self.default.version
        if version not in self._saved:
            await self.store.save_content(version, read_files())
            self._saved.add(version)
        return version

    async def get(self, version: str | None) -> Catalog:
        """The catalog of ``version`` (None: the running content)."""
        if version is None:
            return self.default
        cat = self._catalogs.get(version)
        if cat is not None:
            return cat
        files = await self.store.load_content(version)
        if not files:
            raise ContentMissing(f"no stored data files for content version {version}")
        cat = catalog_from_files(dict(files))
        if cat.version != version:
            raise ContentMissing(f"stored files of content version {version} hash to "
                                 f"{cat.version}")
        self._catalogs[version] = cat
        self._files[version] = dict(files)
        return cat

    def files(self, version: str) -> Files | None:
        """What a worker needs for ``version``: None for the running content, else its files."""
        return None if version == self.default.version else self._files.get(version)
