"""Backups a server admin can trust: ``python -m bot backup FILE`` and ``python -m bot restore
FILE`` (docs/deploy.md, "Backups").

* **Backup** (SQLite): SQLite's online backup API (``sqlite3.Connection.backup``) copies a
  consistent snapshot of the database — the file and what its WAL holds — while the bot keeps
  running (a reader never blocks the writer in WAL mode). The copy is then verified
  (:func:`bot.verify.verify`, above storage: it replays every game as the service does): SQLite's
  ``integrity_check`` and every game replayed. No identity marker is written beside a backup: it
  is not a live database. PostgreSQL: ``pg_dump`` (the command prints how).
* **Restore** (SQLite, the bot stopped): the backup is verified first (every game must replay;
  nothing is changed when one does not). With ``--yes`` the live database, if any, is kept
  aside as ``<file>.before-restore-<time>`` (a backup of it, WAL included), its ``-wal`` and
  ``-shm`` companions are removed, the backup is copied into its place and the identity
  marker (``<file>.id``) is made to name the restored database. A database still open by a
  bot (which holds a shared ``flock`` on the file) is refused.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

from .sqlite import marker_path, write_marker


@contextlib.contextmanager
def unused(path: Path) -> Iterator[None]:
    """Hold an exclusive ``flock`` on the database file for the block; ``RuntimeError``
    when a bot (or any store) has it open. A missing file is unused."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise RuntimeError(f"{path} is open by a running bot (or another program using "
                               "its store): stop it first") from None
        yield
    finally:
        os.close(fd)


def copy_database(source: Path, dest: Path) -> None:
    """A consistent copy of a SQLite database (file and WAL) with the online backup API."""
    if dest.exists():
        raise FileExistsError(f"{dest} exists already: choose a new file")
    dest.parent.mkdir(parents=True, exist_ok=True)
    src = sqlite3.connect(source)
    try:
        out = sqlite3.connect(dest)
        try:
            src.backup(out)
        finally:
            out.close()
    finally:
        src.close()


def identity_of(path: Path) -> str | None:
    with sqlite3.connect(path) as con:
        try:
            row = con.execute("SELECT value FROM meta WHERE key = 'identity'").fetchone()
        except sqlite3.OperationalError:
            return None
    return None if row is None else str(row[0])


def restore(backup: Path, live: Path) -> Path | None:
    """Put a (verified) backup in the place of the live database, the bot stopped: the live
    one is kept aside first (returned: its new path, or None when there was none)."""
    kept: Path | None = None
    with unused(live):
        if live.is_file():
            kept = live.with_name(f"{live.name}.before-restore-{time.strftime('%Y%m%d-%H%M%S')}")
            copy_database(live, kept)
        staging = live.with_name(f"{live.name}.restoring")
        with contextlib.suppress(FileNotFoundError):
            staging.unlink()
        copy_database(backup, staging)
        for companion in (live.with_name(live.name + "-wal"),
                          live.with_name(live.name + "-shm"), live):
            with contextlib.suppress(FileNotFoundError):
                companion.unlink()
        os.replace(staging, live)
    identity = identity_of(live)
    if identity is not None:
        write_marker(live, identity)
    else:  # a backup from before identities: the next start gives it one
        with contextlib.suppress(FileNotFoundError):
            marker_path(live).unlink()
    return kept
