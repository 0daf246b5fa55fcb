"""A throw-away PostgreSQL server for the tests and benchmarks.

``TempPostgres().start()`` runs ``initdb`` and ``pg_ctl`` from Debian's PostgreSQL (15 or any
other version found under ``/usr/lib/postgresql/*/bin``, or ``HADARA_PG_BIN``) in a temporary
folder, listening on a Unix socket only. PostgreSQL refuses to run as root, which the tests
and CI run as: as root the server runs as the ``postgres`` user through ``runuser``.
``missing()`` says why no server can be started (the tests skip with that reason).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

_counter = itertools.count(1)


def pg_bin() -> Path | None:
    """The folder of initdb/pg_ctl, or None."""
    explicit = os.environ.get("HADARA_PG_BIN")
    if explicit:
        return Path(explicit) if (Path(explicit) / "initdb").exists() else None
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                   key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit()
                   else 0)
    if found:
        return found[-1].parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


def _run_as() -> list[str]:
    """The prefix that runs a PostgreSQL program as an unprivileged user."""
    if os.geteuid() != 0:
        return []
    return ["runuser", "-u", "postgres", "--"]


def missing() -> str | None:
    """Why no test server can be started here, or None."""
    if pg_bin() is None:
        return ("PostgreSQL binaries not found (Debian: apt-get install postgresql; or set "
                "HADARA_PG_BIN)")
    if os.geteuid() == 0:
        if shutil.which("runuser") is None:
            return "running as root without runuser: PostgreSQL cannot be started"
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no 'postgres' user to run PostgreSQL as"
    try:
        import asyncpg  # noqa: F401
    except ImportError:
        return "asyncpg is not installed"
    return None


class TempPostgres:
    """One server in a temporary folder; ``url(db)`` for a database on it."""

    def __init__(self, port: int | None = None) -> None:
        self.bin = pg_bin()
        self.port = port or 54000 + (os.getpid() % 1000) * 3 + next(_counter) % 3
        self.dir: Path | None = None

    def _call(self, *args: str) -> None:
        assert self.bin is not None
        done = subprocess.run([*_run_as(), str(self.bin / args[0]), *args[1:]],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if done.returncode:
            raise RuntimeError(f"{args[0]} failed ({done.returncode}): "
                               f"{done.stderr.decode(errors='replace').strip()}")

    def start(self) -> TempPostgres:
        reason = missing()
        if reason:
            raise RuntimeError(reason)
        self.dir = Path(tempfile.mkdtemp(prefix="hadara-pg-"))
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres")
        data = self.dir / "data"
        self._call("initdb", "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8",
                   "--no-sync")
        # fsync stays on: the crash and exactly-once tests rely on durable commits
        self._call("pg_ctl", "-D", str(data), "-l", str(self.dir / "log"), "-w", "-o",
                   f"-k {self.dir} -p {self.port} -c listen_addresses='' "
                   "-c max_connections=200", "start")
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.dir}&port={self.port}"

    def create_database(self, name: str | None = None) -> str:
        """A new empty database; returns its URL."""
        name = name or f"t{os.getpid()}_{next(_counter)}"
        self._call("createdb", "-h", str(self.dir), "-p", str(self.port), "-U", "postgres",
                   name)
        return self.url(name)

    def stop(self) -> None:
        if self.dir is None:
            return
        with contextlib.suppress(RuntimeError):
            self._call("pg_ctl", "-D", str(self.dir / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir = None
