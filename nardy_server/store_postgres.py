"""The PostgreSQL store: psycopg 3 with its connection pool, for several server processes.

Set ``NARDY_DATABASE_URL=postgresql://user@host:port/db``. Every process
connects to the same database; a log entry's number is the primary key with
its match, so two processes writing the same entry cannot both commit (the
second gets False from :meth:`append` and reloads the match). Commits wait
for the disk (PostgreSQL's default ``synchronous_commit``): an entry sent to
a player survives a crash of the database's machine too.
"""

from __future__ import annotations

import psycopg
from psycopg_pool import AsyncConnectionPool

from .matchlog import PLAYING, WAITING, MatchRow
from .store import ROW_COLUMNS, SCHEMA_VERSION, Store, StoreError, body_of, body_text, row_from, row_values, schema

SCHEMA = schema(integer="BIGINT", boolean="BOOLEAN", table_options="")
SET_VERSION = "INSERT INTO nardy_schema (version) VALUES (%s)"
GET_VERSION = "SELECT version FROM nardy_schema"
HAS_SCHEMA = "SELECT to_regclass('nardy_schema') IS NOT NULL"
#: Two processes starting on an empty database at once: one creates the schema, the other waits for it.
SCHEMA_LOCK = "SELECT pg_advisory_xact_lock(7261337)"
SELECT_ROW = "SELECT id, variant, length, creator, public, delay_ms, reserve_ms, invite, white, black, status, " \
             "winner, reason, rematch_of, created, updated FROM matches"
INSERT_ROW = "INSERT INTO matches (id, variant, length, creator, public, delay_ms, reserve_ms, invite, white, " \
             "black, status, winner, reason, rematch_of, created, updated) " \
             "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
ROW_BY_ID = SELECT_ROW + " WHERE id = %s"
CLAIM = {
    "white": "UPDATE matches SET white = %s WHERE id = %s AND white IS NULL AND status = 'waiting' "
             "AND (public OR invite = %s)",
    "black": "UPDATE matches SET black = %s WHERE id = %s AND black IS NULL AND status = 'waiting' "
             "AND (public OR invite = %s)",
}
ENTRIES = "SELECT n, at, body FROM entries WHERE match_id = %s AND n > %s ORDER BY n"
#: Any number of entries in one statement (arrays unnested: the statement is the same for one or five), so the
#: common write, one action, is one round trip in autocommit: the statement is its own transaction.
INSERT_ENTRIES = "INSERT INTO entries (match_id, n, at, body) " \
                 "SELECT %s, n, at, body FROM unnest(%s::integer[], %s::bigint[], %s::text[]) AS e (n, at, body)"
UPDATE_STATUS = "UPDATE matches SET status = %s, winner = %s, reason = %s, updated = %s WHERE id = %s"
OFFERS = SELECT_ROW + " WHERE status = %s AND public AND variant = %s ORDER BY created LIMIT %s"
WAITING_ROWS = SELECT_ROW + " WHERE status = %s ORDER BY created LIMIT %s"
PLAYING_COUNT = "SELECT count(*) FROM matches WHERE status = %s AND updated >= %s"

assert len(ROW_COLUMNS) == INSERT_ROW.count("%s")


class PostgresStore(Store):
    def __init__(self, url: str, max_connections: int = 8):
        self.url = url
        self.pool = AsyncConnectionPool(url, min_size=2, max_size=max_connections, open=False,
                                        kwargs={"autocommit": True})

    async def _connect(self) -> None:
        try:
            await self.pool.open(wait=True, timeout=15)
        except Exception as error:  # psycopg's PoolTimeout / OperationalError: say which database, not the password
            raise StoreError(f"cannot connect to PostgreSQL ({type(error).__name__})") from None

    async def _schema_version(self) -> int | None:
        async with self.pool.connection() as db:
            if not (await (await db.execute(HAS_SCHEMA)).fetchone())[0]:
                return None
            row = await (await db.execute(GET_VERSION)).fetchone()
        if row is None:
            raise StoreError("the schema table holds no version")
        return row[0]

    async def _create_schema(self) -> None:
        async with self.pool.connection() as db, db.transaction():
            await db.execute(SCHEMA_LOCK)
            if (await (await db.execute(HAS_SCHEMA)).fetchone())[0]:
                return  # another process made it meanwhile
            for statement in SCHEMA:
                await db.execute(statement)
            await db.execute(SET_VERSION, (SCHEMA_VERSION,))

    async def close(self) -> None:
        await self.pool.close()

    async def create(self, row: MatchRow) -> None:
        async with self.pool.connection() as db:
            await db.execute(INSERT_ROW, row_values(row))

    async def claim(self, match_id, side, token_digest, invite_digest) -> bool:
        async with self.pool.connection() as db:
            cursor = await db.execute(CLAIM[side], (token_digest, match_id, invite_digest))
            return cursor.rowcount == 1

    async def row(self, match_id) -> MatchRow | None:
        async with self.pool.connection() as db:
            values = await (await db.execute(ROW_BY_ID, (match_id,))).fetchone()
        return None if values is None else row_from(values)

    async def entries(self, match_id, after=0) -> list:
        async with self.pool.connection() as db:
            rows = await (await db.execute(ENTRIES, (match_id, after))).fetchall()
        return [(n, at, body_of(text)) for n, at, text in rows]

    async def append(self, match_id, entries, status, updated) -> bool:
        values = (match_id, [n for n, _at, _body in entries], [at for _n, at, _body in entries],
                  [body_text(body) for _n, _at, body in entries])
        try:
            async with self.pool.connection() as db:
                if status is None:
                    await db.execute(INSERT_ENTRIES, values)
                else:
                    async with db.transaction():
                        await db.execute(INSERT_ENTRIES, values)
                        await db.execute(UPDATE_STATUS, (*status, updated, match_id))
        except psycopg.errors.UniqueViolation:
            return False
        return True

    async def _select(self, query, params) -> list[MatchRow]:
        async with self.pool.connection() as db:
            rows = await (await db.execute(query, params)).fetchall()
        return [row_from(values) for values in rows]

    async def offers(self, variant, limit=50) -> list[MatchRow]:
        return await self._select(OFFERS, (WAITING, variant, limit))

    async def waiting(self, limit=500) -> list[MatchRow]:
        return await self._select(WAITING_ROWS, (WAITING, limit))

    async def playing_count(self, since) -> int:
        async with self.pool.connection() as db:
            return (await (await db.execute(PLAYING_COUNT, (PLAYING, since))).fetchone())[0]
