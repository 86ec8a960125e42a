"""Both stores, SQLite and PostgreSQL (its own instance, a fresh database per test), to one contract: the
schema's version checked at start, a seat claimed once, a log whose entry numbers two writers cannot both
take, a damaged entry said loudly."""

from __future__ import annotations

import sqlite3

import pytest

from nardy_rules.errors import NardyError
from nardy_server.matchlog import MatchRow
from nardy_server.store import SCHEMA_VERSION, StoreError
from nardy_server.store_postgres import PostgresStore
from nardy_server.store_sqlite import SqliteStore

from . import loop


@pytest.fixture(params=["sqlite", "postgres"])
def make_store(request, tmp_path):
    if request.param == "sqlite":
        path = tmp_path / "nardy.sqlite3"
        return lambda: SqliteStore(path)
    url = request.getfixturevalue("postgres").new_database()
    return lambda: PostgresStore(url)


def row(match_id="A" * 22, **changes) -> MatchRow:
    fields = dict(id=match_id, variant="short", length=3, creator="white", public=False, delay_ms=None,
                  reserve_ms=None, invite="i" * 64, white="w" * 64, black=None, status="waiting", winner=None,
                  reason=None, rematch_of=None, created=1000, updated=1000)
    return MatchRow(**{**fields, **changes})


def run(coroutine):
    return loop.run(coroutine, 120)


async def started(make_store):
    store = make_store()
    await store.start()
    return store


def test_the_schema_is_made_once_and_its_version_checked(make_store):
    async def scenario():
        store = await started(make_store)
        assert await store._schema_version() == SCHEMA_VERSION
        await store.create(row())
        await store.close()
        again = await started(make_store)  # the same database: nothing made again, nothing lost
        assert (await again.row("A" * 22)).variant == "short"
        await again.close()

    run(scenario())


@pytest.mark.parametrize("version, message", [(SCHEMA_VERSION + 1, "run a newer server"),
                                              (0, "no migration from schema version 0")])
def test_a_schema_of_another_version_is_refused(make_store, version, message):
    async def set_version(store):
        if isinstance(store, SqliteStore):
            await store._run(lambda: store.db.execute("UPDATE nardy_schema SET version = ?", (version,)))
        else:
            async with store.pool.connection() as db:
                await db.execute("UPDATE nardy_schema SET version = %s", (version,))

    async def scenario():
        store = await started(make_store)
        await set_version(store)
        await store.close()
        with pytest.raises(StoreError, match=message):
            await started(make_store)

    run(scenario())


def test_a_seat_is_claimed_once(make_store):
    async def scenario():
        store = await started(make_store)
        await store.create(row())
        await store.create(row("B" * 22, public=True, invite=None))
        assert not await store.claim("A" * 22, "black", "t" * 64, "wrong")
        assert await store.claim("A" * 22, "black", "t" * 64, "i" * 64)
        assert not await store.claim("A" * 22, "black", "u" * 64, "i" * 64)
        assert (await store.row("A" * 22)).black == "t" * 64
        assert await store.claim("B" * 22, "black", "t" * 64, None)  # public: no invite
        assert not await store.claim("C" * 22, "black", "t" * 64, None)
        await store.close()

    run(scenario())


def test_two_writers_cannot_both_take_an_entry(make_store):
    async def scenario():
        store = await started(make_store)
        await store.create(row())
        first = [(1, 10, {"server": "joined", "side": "black"}), (2, 10, {"action": {"act": "opening", "dice": [3, 1]}})]
        assert await store.append("A" * 22, first, ("playing", None, None), 10)
        other = [(2, 11, {"action": {"act": "opening", "dice": [6, 6]}}), (3, 11, {"server": "cancelled"})]
        assert not await store.append("A" * 22, other, ("cancelled", None, "cancelled"), 11)
        assert await store.entries("A" * 22) == first  # nothing of the refused write
        assert await store.entries("A" * 22, 1) == first[1:]
        stored = await store.row("A" * 22)
        assert (stored.status, stored.updated) == ("playing", 10)
        assert await store.playing_count(0) == 1 and await store.playing_count(11) == 0
        await store.close()

    run(scenario())


def test_offers_and_waiting_matches(make_store):
    async def scenario():
        store = await started(make_store)
        await store.create(row("A" * 22, public=True, invite=None, variant="long", created=3))
        await store.create(row("B" * 22, public=True, invite=None, variant="long", created=2))
        await store.create(row("C" * 22, public=False))
        await store.create(row("D" * 22, public=True, invite=None, status="playing"))
        assert [r.id for r in await store.offers("long")] == ["B" * 22, "A" * 22]
        assert await store.offers("short") == []
        assert sorted(r.id for r in await store.waiting()) == ["A" * 22, "B" * 22, "C" * 22]
        await store.close()

    run(scenario())


def test_a_damaged_entry_is_a_loud_error(tmp_path):
    async def scenario():
        store = SqliteStore(tmp_path / "nardy.sqlite3")
        await store.start()
        await store.create(row())
        await store._run(lambda: store.db.execute("INSERT INTO entries VALUES (?, 1, 5, ?)", ("A" * 22, "{not json")))
        with pytest.raises(NardyError, match="a stored entry is not valid JSON"):
            await store.entries("A" * 22)
        await store._run(lambda: store.db.execute("UPDATE entries SET body = '[1]'"))
        with pytest.raises(StoreError, match="not an object"):
            await store.entries("A" * 22)
        await store.close()

    run(scenario())


def test_sqlite_is_in_wal_mode(tmp_path):
    async def scenario():
        store = SqliteStore(tmp_path / "nardy.sqlite3")
        await store.start()
        await store.close()

    run(scenario())
    with sqlite3.connect(tmp_path / "nardy.sqlite3") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
