"""Database locations (bot/storage/urls.py): how a path or URL is read, the one ``redact``
(no password printed, whatever the URL's shape: both former redactions' cases and the shapes
either let through), ``scrub`` for messages, and that the stores, ``migrate-db`` and the
client read a location the same way and never log a password."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.client import commands_marker
from bot.storage import SqliteStore, StorageError, open_store
from bot.storage import migrate as migrate_module
from bot.storage.base import CONNECTION, StorageUnavailable
from bot.storage.urls import (
    MEMORY,
    POSTGRESQL,
    SQLITE,
    UNKNOWN,
    DatabaseUrl,
    parse,
    redact,
    scrub,
)

# ---------------------------------------------------------------- reading a location


@pytest.mark.parametrize(("location", "kind", "path", "file"), [
    ("var/hadara.sqlite3", SQLITE, "var/hadara.sqlite3", Path("var/hadara.sqlite3")),
    ("  var/x.db  ", SQLITE, "var/x.db", Path("var/x.db")),
    (Path("/srv/x.db"), SQLITE, "/srv/x.db", Path("/srv/x.db")),
    ("sqlite:///var/x.sqlite3", SQLITE, "var/x.sqlite3", Path("var/x.sqlite3")),
    ("sqlite:////srv/h.sqlite3", SQLITE, "/srv/h.sqlite3", Path("/srv/h.sqlite3")),
    ("SQLite:///a.db", SQLITE, "a.db", Path("a.db")),
    ("sqlite:///my%20db.sqlite3", SQLITE, "my%20db.sqlite3", Path("my%20db.sqlite3")),
    ("sqlite:///:memory:", SQLITE, MEMORY, None),
    (":memory:", SQLITE, MEMORY, None),
    ("sqlite:///", SQLITE, None, None),
    ("sqlite://relative.db", SQLITE, None, None),
    ("", SQLITE, "", None),
    ("postgresql://bot@db/hadara", POSTGRESQL, None, None),
    ("postgres://bot@db/hadara", POSTGRESQL, None, None),
    ("postgresql+asyncpg://bot@db/hadara", POSTGRESQL, None, None),
    ("PostgreSQL://bot@db/hadara", POSTGRESQL, None, None),
    ("mysql://x", UNKNOWN, None, None),
])
def test_a_location_is_read_as_open_store_reads_it(location: str | Path, kind: str,
                                                    path: str | None, file: Path | None) -> None:
    url = parse(location)
    assert (url.kind, url.path, url.file) == (kind, path, file)
    assert url.memory == (path == MEMORY)


def test_what_is_wrong_with_a_location_is_said_and_printable() -> None:
    assert parse("var/x.db").problem is None
    assert parse("postgresql://u:pw@h/db").problem is None
    assert parse("").problem == "empty database path"
    assert parse("sqlite:///").problem == "bad SQLite URL 'sqlite:///': expected sqlite:///path"
    unknown = parse("mysql://root:hunter2@h/db").problem
    assert unknown is not None and "unknown database URL scheme 'mysql'" in unknown
    assert "hunter2" not in unknown and "root:***@h" in unknown
    for bad in ("", "sqlite:///", "mysql://root:hunter2@h/db", "sqlite://u:hunter2@x"):
        with pytest.raises(StorageError) as refused:
            open_store(bad)
        assert str(refused.value) == parse(bad).problem and "hunter2" not in str(refused.value)


def test_the_dsn_is_the_spelling_asyncpg_takes() -> None:
    for spelling in ("postgresql", "postgres", "postgresql+asyncpg", "POSTGRESQL"):
        assert parse(f" {spelling}://u:p@h:5/db?x=1 ").dsn == "postgresql://u:p@h:5/db?x=1"
    assert parse("var/x.db").dsn == "var/x.db"


def test_the_stores_the_tools_and_the_client_read_a_location_alike(tmp_path: Path) -> None:
    for location in ("var/hadara.sqlite3", "sqlite:///var/x.sqlite3", "sqlite:////srv/h.db",
                     f"sqlite:///{tmp_path}/my%20db.sqlite3"):
        store = open_store(location)
        assert isinstance(store, SqliteStore)
        # migrate-db's source and python -m bot backup find the file the bot opens
        assert migrate_module.sqlite_path(location) == store.path
        assert commands_marker(location) == Path(store.path).with_suffix(".commands")
        assert parse(location).kind == SQLITE
    for location in ("sqlite:///:memory:", ":memory:", "postgresql://bot:pw@db/hadara",
                     "mysql://x"):
        assert commands_marker(location) == Path("var") / "hadara.commands"
    for bad in ("sqlite:///:memory:", "sqlite://x", "", "postgresql://u:hunter2@h/db"):
        with pytest.raises(migrate_module.MigrationRefused) as refused:
            migrate_module.sqlite_path(bad)
        assert "hunter2" not in str(refused.value)
    assert parse("postgres://h/db").kind == POSTGRESQL
    assert parse("mysql://h/db").kind == UNKNOWN


# ---------------------------------------------------------------- redact

# (given, printed): the former migrate.redact's and postgres.redact's cases, then the shapes
# each of them let a password (or a piece of one) through
REDACTED = [
    ("postgresql://bob:s3cret-pw@h:5/db", "postgresql://bob:***@h:5/db"),
    ("postgresql:///h?user=u&password=s3cret&port=5",
     "postgresql:///h?user=u&password=***&port=5"),
    ("postgresql://bot:s3cret@/hadara?host=/run&port=1",
     "postgresql://bot:***@/hadara?host=/run&port=1"),
    ("postgresql://bot@db/hadara", "postgresql://bot@db/hadara"),
    ("postgresql://db/hadara", "postgresql://db/hadara"),
    ("var/hadara.sqlite3", "var/hadara.sqlite3"),
    ("sqlite:///var/x.sqlite3", "sqlite:///var/x.sqlite3"),
    ("sqlite:////srv/a:b@c.db", "sqlite:////srv/a:b@c.db"),
    ("  postgresql://u:s3cret@h/db  ", "postgresql://u:***@h/db"),
    # a "/" in the password: both let its end through
    ("postgresql://u:pa/ss@h/db", "postgresql://u:***@h/db"),
    # "@", "?", "#", ":" in the password
    ("postgresql://u:p@ss@h/db", "postgresql://u:***@h/db"),
    ("postgresql://u:p?a#s:s@h:5/db", "postgresql://u:***@h:5/db"),
    ("postgresql://:s3cret@h/db", "postgresql://:***@h/db"),
    ("postgresql://u:p%40ss@h/db", "postgresql://u:***@h/db"),
    # a password parameter: migrate.redact printed it
    ("postgresql://u@h/db?password=s3cret", "postgresql://u@h/db?password=***"),
    ("postgresql://u@h/db?PASSWORD=s3cret&port=5", "postgresql://u@h/db?PASSWORD=***&port=5"),
    ("postgresql://u@h/db?sslpassword=s3cret", "postgresql://u@h/db?sslpassword=***"),
    ("postgresql://u@h/db?password=s3&cr=et&port=5",
     "postgresql://u@h/db?password=***&cr=et&port=5"),
    ("postgresql://u@h/db?password=s3&cret&port=5", "postgresql://u@h/db?password=***&port=5"),
    ("postgresql://u:pw@h/db?password=again", "postgresql://u:***@h/db?password=***"),
    # a libpq key=value string (open_store would take it for a SQLite path)
    ("host=/run user=u password=s3cret dbname=x", "host=/run user=u password=*** dbname=x"),
    ("password=s3cret", "password=***"),
    ("postgresql://[::1:s3cret@h/db", "postgresql://[:***@h/db"),  # urlsplit refused it
]


@pytest.mark.parametrize(("location", "printed"), REDACTED)
def test_redact_hides_every_password(location: str, printed: str) -> None:
    assert redact(location) == printed
    assert parse(location).redacted == printed
    assert "s3cret" not in printed and "p@ss" not in printed and "pa/ss" not in printed


def test_redact_takes_paths() -> None:
    assert redact(Path("var/x.db")) == "var/x.db"


PASSWORD_CHARS = st.characters(codec="utf-8", exclude_characters="\x00")
WORD = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz0123456789_"), min_size=1, max_size=8)
MARK = "Zq9"  # at both ends of every password: any piece of one that shows carries a mark


@given(user=WORD, password=st.text(PASSWORD_CHARS, max_size=20), host=WORD, db=WORD,
       query=st.sampled_from(["", "?port=5", "?host=/run/pg&port=5", "?sslmode=require"]))
def test_no_password_in_the_user_part_is_ever_printed(user: str, password: str, host: str,
                                                      db: str, query: str) -> None:
    secret = f"{MARK}{password}{MARK}"
    for url in (f"postgresql://{user}:{secret}@{host}/{db}{query}",
                f"postgres://{user}:{secret}@{host}:5432/{db}{query}",
                f"postgresql+asyncpg://:{secret}@/{db}{query}"):
        assert MARK not in redact(url)
        assert MARK not in scrub(f"cannot connect to {url}: bad password {secret}", url)


# a parameter's value ends at the next "&name=" (" name=" in a key=value string): a password
# holding one is read as two parameters, as the driver reads it
QUERY_CHARS = st.characters(codec="utf-8", exclude_characters="&", exclude_categories=["Z", "C"])


@given(password=st.text(QUERY_CHARS, max_size=20), key=st.sampled_from(
    ["password", "PASSWORD", "sslpassword"]), before=st.sampled_from(["", "user=u&"]),
    after=st.sampled_from(["", "&port=5", "&host=/run/pg"]))
def test_no_password_parameter_is_ever_printed(password: str, key: str, before: str,
                                               after: str) -> None:
    secret = f"{MARK}{password}{MARK}"
    for url in (f"postgresql:///db?{before}{key}={secret}{after}",
                f"postgresql://u@h/db?{before}{key}={secret}{after}",
                f"host=/run/pg {key}={secret} dbname=x"):
        assert MARK not in redact(url)
        assert MARK not in scrub(f"error: {url} {secret}", url)


def test_scrub_removes_the_url_and_its_passwords_as_written_or_decoded() -> None:
    url = "postgresql://bob:p%40ss@h/db?sslpassword=a+b%21"
    text = f"cannot connect to {url}: password p@ss for bob refused; key a b! or a+b%21"
    assert scrub(text, url) == ("cannot connect to postgresql://bob:***@h/db?sslpassword=***: "
                                "password *** for bob refused; key *** or ***")
    assert scrub("nothing secret", "var/x.db", "postgresql://h/db") == "nothing secret"
    assert parse("var/x.db").secrets == ()
    assert isinstance(parse("var/x.db"), DatabaseUrl)


# ---------------------------------------------------------------- no password in a log line


async def test_a_postgresql_store_never_logs_or_raises_its_password(
        caplog: pytest.LogCaptureFixture) -> None:
    pytest.importorskip("asyncpg")
    from bot.storage.postgres import PostgresStore

    caplog.set_level(logging.DEBUG)
    for url in ("postgresql://bot:s3cret/pw@/hadara?host=/nonexistent&port=1",
                "postgresql://bot@/hadara?host=/nonexistent&port=1&password=s3cret/pw"):
        store = PostgresStore(url)
        with pytest.raises(StorageError, match="cannot connect") as refused:
            await store.open()
        assert "s3cret" not in str(refused.value) and "***" in str(refused.value)
        store.faults.fault(StorageUnavailable(CONNECTION, "the server is gone"))
        store.faults.ok()
    assert caplog.records  # the fault episode was logged, with the store's place
    assert not [r for r in caplog.records if "s3cret" in r.getMessage()]


def test_migrate_db_never_prints_a_password(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("asyncpg")
    source = tmp_path / "source.sqlite3"
    source.touch()
    for target in ("postgresql://bob:s3/cret@/hadara?host=/nonexistent&port=1",
                   "postgresql:///hadara?host=/nonexistent&port=1&password=s3/cret",
                   "mysql://bob:s3/cret@h/db"):
        code = migrate_module.main(["--from", str(source), "--to", target, "--quiet"])
        out = capsys.readouterr()
        assert code == migrate_module.EXIT_REFUSED
        assert "s3/cret" not in out.out + out.err and "cret" not in out.out + out.err
