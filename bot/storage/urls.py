"""Database locations, read once: ``HADARA_DB``, ``migrate-db``'s ``--from`` and ``--to``.

:func:`parse` reads a path or URL into a :class:`DatabaseUrl` as :func:`bot.storage.open_store`
opens it:

* a plain path is a SQLite file (``":memory:"`` a throw-away database);
* ``sqlite:///path``: everything after ``sqlite://`` minus one ``/`` is the path, as in
  SQLAlchemy (``sqlite:///var/x.db`` is relative, ``sqlite:////srv/x.db`` absolute;
  ``sqlite:///:memory:`` a throw-away); the path is taken as written (no %-decoding), so
  every tool finds the file the bot opens;
* ``postgresql://…``, also ``postgres://`` and ``postgresql+asyncpg://`` (SQLAlchemy's
  spelling), in any case: PostgreSQL (:attr:`DatabaseUrl.dsn` is the spelling asyncpg takes).

:func:`redact` is the one form of a location fit to print (messages, logs, ``--check``): no
password, whatever the URL's shape. The password of the user part is hidden up to the *last*
``@`` (a raw ``@``, ``/``, ``?``, ``#`` or ``:`` in a password cannot let a piece of it
through; at worst more than the password is hidden), and so is the value of every parameter
whose name contains ``password`` (``?password=…``, ``sslpassword=…``, also in a libpq
``key=value`` string), up to the next ``&name=`` or `` name=``. :func:`scrub` also removes a
URL's passwords from any text, such as a driver's error message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Final
from urllib.parse import unquote, unquote_plus

SQLITE: Final = "sqlite"
POSTGRESQL: Final = "postgresql"
UNKNOWN: Final = "unknown"
MEMORY: Final = ":memory:"
HIDDEN: Final = "***"
PIECE: Final = 3  # the shortest piece of a password that scrub() hides on its own

#: a parameter whose name says password, and its value up to the next parameter (or the end)
_SECRET_PARAM = re.compile(
    r"(?P<key>(?:^|[?&\s])[\w.-]*password[\w.-]*\s*=)(?P<value>.*?)(?=[&\s][\w.-]+\s*=|\Z)",
    re.IGNORECASE | re.DOTALL)
#: where a URL parser splits a password written raw
_DELIMITERS = re.compile(r"[:/?#@&=\[\]\s]")


@dataclass(frozen=True)
class DatabaseUrl:
    """A database location as the stores read it (see the module's docstring)."""

    text: str  # as given, without surrounding blanks
    kind: str  # SQLITE, POSTGRESQL or UNKNOWN (from the scheme alone)
    scheme: str  # lower-cased; "" for a plain path
    #: SQLite: the database as the store opens it (MEMORY for a throw-away; "" for an empty
    #: path); None for a sqlite: URL without a path (``sqlite://x``) and for other kinds
    path: str | None

    @property
    def problem(self) -> str | None:
        """Why no store can open it (printable: redacted), or None."""
        if self.kind == UNKNOWN:
            return (f"unknown database URL scheme {self.scheme!r} in {self.redacted!r} "
                    "(expected a path, sqlite:///path or postgresql://…)")
        if self.kind == SQLITE and self.path is None:
            return f"bad SQLite URL {self.redacted!r}: expected sqlite:///path"
        if self.kind == SQLITE and not self.path:
            return "empty database path"
        return None

    @property
    def memory(self) -> bool:
        """A throw-away SQLite database."""
        return self.kind == SQLITE and self.path == MEMORY

    @property
    def file(self) -> Path | None:
        """The SQLite file (None: not SQLite, a throw-away, or no path)."""
        if self.kind != SQLITE or not self.path or self.path == MEMORY:
            return None
        return Path(self.path)

    @property
    def dsn(self) -> str:
        """The URL as asyncpg takes it: ``postgresql+asyncpg://…``, ``postgres://…`` and
        ``POSTGRESQL://…`` become ``postgresql://…``; anything else as given."""
        if self.kind != POSTGRESQL:
            return self.text
        return f"{POSTGRESQL}://{self.text.partition('://')[2]}"

    @cached_property
    def redacted(self) -> str:
        """The location fit to print: every password replaced by ``***``."""
        return _SECRET_PARAM.sub(lambda m: m["key"] + HIDDEN, _hide_user_password(self.text))

    @cached_property
    def secrets(self) -> tuple[str, ...]:
        """The passwords it holds, longest first (for :func:`scrub`): as written, decoded, and
        the pieces between the URL's delimiters of a password holding them raw, which a
        driver splits there and may quote ("invalid literal for int(): 's3cret'"); pieces of
        fewer than :data:`PIECE` characters are left, or a message would lose every "a"."""
        found: set[str] = set()
        passwords = [_user_password(self.text) or ""]
        passwords += [m["value"] for m in _SECRET_PARAM.finditer(self.text)]
        for password in filter(None, passwords):
            found |= {password, unquote(password), unquote_plus(password)}
            found |= {p for p in _DELIMITERS.split(password) if len(p) >= PIECE}
        return tuple(sorted(filter(None, found), key=lambda s: (-len(s), s)))


def parse(url_or_path: str | Path) -> DatabaseUrl:
    """Read a path or URL; never raises (:attr:`DatabaseUrl.problem` says what is wrong)."""
    if isinstance(url_or_path, Path):
        return DatabaseUrl(str(url_or_path), SQLITE, "", str(url_or_path))
    text = url_or_path.strip()
    scheme, sep, rest = text.partition("://")
    if not sep:
        return DatabaseUrl(text, SQLITE, "", text)
    scheme = scheme.lower()
    if scheme == SQLITE:
        # one "/" after "sqlite://" and at least one character of path
        path = rest[1:] if rest.startswith("/") and rest != "/" else None
        return DatabaseUrl(text, SQLITE, scheme, path)
    if scheme in ("postgresql", "postgres") or scheme.startswith("postgresql+"):
        return DatabaseUrl(text, POSTGRESQL, scheme, None)
    return DatabaseUrl(text, UNKNOWN, scheme, None)


def redact(url_or_path: str | Path) -> str:
    """A database location fit to print: ``postgresql://bob:***@db/hadara``."""
    return parse(url_or_path).redacted


def scrub(text: str, *urls: str | Path) -> str:
    """``text`` (an error message, a log line) with each URL replaced by its redacted form and
    each of its passwords, wherever it appears, by ``***``."""
    for url in urls:
        parsed = parse(url)
        if parsed.text:
            text = text.replace(parsed.text, parsed.redacted)
        for secret in parsed.secrets:
            text = text.replace(secret, HIDDEN)
    return text


def _userinfo_end(text: str) -> int:
    """The index of the ``@`` ending a URL's user part (the last one after ``://``), or -1:
    none, or an empty authority (``sqlite:///…``, ``postgresql:///db?host=…``)."""
    start = text.find("://")
    if start < 0 or text.startswith("/", start + 3):
        return -1
    return text.rfind("@", start + 3)


def _user_password(text: str) -> str | None:
    at = _userinfo_end(text)
    if at < 0:
        return None
    _, colon, password = text[text.find("://") + 3:at].partition(":")
    return password if colon else None


def _hide_user_password(text: str) -> str:
    at = _userinfo_end(text)
    if at < 0:
        return text
    start = text.find("://") + 3
    user, colon, _ = text[start:at].partition(":")
    if not colon:
        return text
    return f"{text[:start]}{user}:{HIDDEN}{text[at:]}"
