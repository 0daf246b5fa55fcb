"""The web page's storage (migration 0010) on SQLite and PostgreSQL: one signing secret made
at its first use and read the same by every store on the database, after a restart too;
sessions by their token's hash, ending when idle, at their absolute end, or all at once."""

from __future__ import annotations

from tests.support.stores import StoreFactory


async def test_one_secret_for_every_process(make_store: StoreFactory) -> None:
    one, two = make_store("web"), make_store("web")
    await one.open()
    await two.open()
    try:
        secret = await one.web_secret()
        assert len(secret) == 64 and await two.web_secret() == secret
    finally:
        await one.close()
        await two.close()
    again = make_store("web")
    await again.open()
    try:
        assert await again.web_secret() == secret
    finally:
        await again.close()


async def test_sessions(make_store: StoreFactory) -> None:
    store = make_store("web")
    await store.open()
    try:
        await store.open_session("h1", 10, 1000.0, lifetime=500.0)
        await store.open_session("h2", 10, 1000.0, lifetime=500.0)
        await store.open_session("h3", 11, 1000.0, lifetime=500.0)
        assert await store.session_user("h1", 1100.0, idle=200.0) == 10
        assert await store.session_user("h2", 1250.0, idle=200.0) is None  # idle: ended
        assert await store.session_user("h2", 1100.0, idle=200.0) is None  # and deleted
        assert await store.session_user("h1", 1290.0, idle=200.0) == 10  # used at 1100
        assert await store.session_user("h1", 1500.0, idle=10_000.0) is None  # its end
        assert await store.session_user("nope", 1000.0, idle=200.0) is None
        assert await store.end_sessions(11) == 1 and await store.end_sessions(11) == 0
        assert await store.session_user("h3", 1001.0, idle=200.0) is None
    finally:
        await store.close()
