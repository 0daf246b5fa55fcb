"""The store's side of the log's hash chain (bot/storage/chain.py), on SQLite and
PostgreSQL: links as the pure functions compute them, an overwritten row chained again with
every row after it, an append chained from a head another store changed meanwhile (the head
compared in the game's UPDATE), a repair's cut leaving a head that verifies."""

from __future__ import annotations

from typing import Any

import pytest

from bot.storage import chain
from bot.storage.base import ACTIVE, DamagedRecord, Store, StoredGame
from tests.bot.storage.test_storage import act, game
from tests.support.stores import StoreFactory


def expected(got: StoredGame) -> list[str]:
    """The links the pure functions give for the stored rows."""
    rec = got.record
    return chain.hashes(
        chain.root(rec.id, rec.setup, rec.seed, rec.content_version, rec.rules_version),
        [chain.Entry(a.seq, a.seat, a.decision_id, a.submitted_by, a.at, a.action)
         for a in got.actions])


async def loaded(store: Store, gid: int) -> StoredGame:
    got = await store.load_game(gid)
    assert got is not None
    return got


def started(**kw: Any) -> Any:
    return game(ACTIVE, setup={"players": 2, "deck": ["x", "y"]}, seed=7,
                content_version="c1", rules_version="r1", **kw)


def test_the_pure_chain() -> None:
    root = chain.root(1, {"b": 1, "a": [1, 2]}, 7, "c", "r")
    assert root == chain.root(1, {"a": [1, 2], "b": 1}, 7, "c", "r")  # key order: no matter
    assert root != chain.root(2, {"a": [1, 2], "b": 1}, 7, "c", "r")  # bound to the game
    e = [chain.Entry(i, 0, f"d{i}", "user:1", 5, {"type": "pick", "card": f"c{i}"})
         for i in range(3)]
    links = chain.hashes(root, e)
    assert len(set(links)) == 3 and all(len(h) == 64 for h in links)
    sealed = [chain.Entry(x.seq, x.seat, x.decision_id, x.submitted_by, x.at, x.action, h)
              for x, h in zip(e, links, strict=True)]
    assert chain.check(root, sealed, links[-1]) is None
    cut = chain.check(root, sealed[:2], links[-1])  # the last row removed: the head says so
    assert cut is not None and cut.seq == 2
    swapped = [sealed[0], sealed[2], sealed[1]]
    broken = chain.check(root, swapped, links[-1])
    assert broken is not None and broken.seq == 2  # (seq 1 is the row that moved there)
    assert chain.link("p", 0, 0, None, "x", 5, {}) == chain.link("p", 0, 0, None, "x", 5.0, {})


async def test_links_overwrites_and_a_stale_head(make_store: StoreFactory) -> None:
    one, two = make_store("chain"), make_store("chain")  # two processes' stores, one database
    await one.open()
    await two.open()
    try:
        gid = await one.create_game(started())
        await one.write_actions(gid, [act(0), act(1)])
        await one.write_actions(gid, [act(2)])  # chained from the head it remembers
        got = await loaded(two, gid)
        assert [a.hash for a in got.actions] == expected(got) and got.head == expected(got)[-1]
        # an overwritten row (a changed pick) with a row after it: both chained again
        await two.write_actions(gid, [act(1, card="changed")])
        got = await loaded(one, gid)
        assert got.actions[1].action == {"card": "changed"}
        assert [a.hash for a in got.actions] == expected(got) and got.head == expected(got)[-1]
        # one appends; two, whose head is stale, appends the same seq (as a re-pick would):
        # its head no longer matches, so it goes the long way and the chain holds
        await one.write_actions(gid, [act(3)])
        await two.write_actions(gid, [act(3, card="again")])
        got = await loaded(one, gid)
        assert [a.seq for a in got.actions] == [0, 1, 2, 3]
        assert got.actions[3].action == {"card": "again"}
        assert [a.hash for a in got.actions] == expected(got) and got.head == expected(got)[-1]
        # a gap is refused on either way, nothing written
        from bot.storage.base import StorageError

        with pytest.raises(StorageError, match="gap"):
            await one.write_actions(gid, [act(5)])
        assert (await loaded(two, gid)).head == got.head
        # a repair's cut: the head names the last row kept, and the rows verify
        assert await one.truncate_actions(gid, 2, 3000.0) == 2
        got = await loaded(two, gid)
        assert len(got.actions) == 2 and got.head == expected(got)[-1]
        await one.write_actions(gid, [act(2, card="new")])
        assert (await loaded(two, gid)).head == expected(await loaded(two, gid))[-1]
    finally:
        await one.close()
        await two.close()


async def test_a_head_that_names_no_row_is_a_break(make_store: StoreFactory) -> None:
    store = make_store("chain")
    await store.open()
    try:
        gid = await store.create_game(started())
        await store.write_actions(gid, [act(0), act(1), act(2)])
        assert await store.chain_head(gid) == (await loaded(store, gid)).head
        await store.truncate_actions(gid, 0, 3000.0)  # everything cut: no head
        assert await store.chain_head(gid) is None
        assert (await loaded(store, gid)).actions == []
        await store.write_actions(gid, [act(0)])  # chained from the root again
        got = await loaded(store, gid)
        assert got.head == expected(got)[-1]
        # the head changed by hand: every row matches, the head does not
        await store.truncate_actions(gid, 1, 3000.0)

        async def set_head(tx: Any) -> None:
            await tx.execute("UPDATE games SET log_hash = ? WHERE id = ?", ("0" * 64, gid))

        await store._run(set_head, write=True)  # type: ignore[attr-defined]
        with pytest.raises(DamagedRecord) as err:
            await store.load_game(gid)
        assert (err.value.reason, err.value.seq) == ("bad_chain", 1)
    finally:
        await store.close()
