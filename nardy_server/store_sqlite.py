"""The SQLite store: one file in the data folder, WAL mode, written from the event loop's own thread.

WAL lets readers go on while a write commits; ``synchronous=NORMAL`` commits
without waiting for the disk, which keeps every committed entry through a
crash of the process (SIGKILL, an exception) but not through a power cut
(``NARDY_SQLITE_SYNC=FULL`` pays a disk flush per action for that). A commit
then costs tens of microseconds, less than handing it to a worker thread
(measured: the hand-over under the GIL cost more CPU than the write), so
the statements run in the loop's thread. What does wait for the disk, the
checkpoint that copies the WAL into the database and flushes both, runs in a
thread of its own on its own connection (``PASSIVE``: it never blocks a
writer), every second; left to SQLite it ran inside a commit and held the
event loop for up to seconds on a busy disk (``scripts/bench_server.py``).
Several processes on one machine may share the file (SQLite locks it; the
entries' primary key keeps their logs whole).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from pathlib import Path

from .matchlog import PLAYING, WAITING, MatchRow
from .store import ROW_COLUMNS, SCHEMA_VERSION, Store, StoreError, body_of, body_text, row_from, row_values, schema

SCHEMA = schema(integer="INTEGER", boolean="INTEGER", table_options=" WITHOUT ROWID")
SYNCHRONOUS = {"NORMAL": "PRAGMA synchronous = NORMAL", "FULL": "PRAGMA synchronous = FULL"}
NO_AUTO_CHECKPOINT = "PRAGMA wal_autocheckpoint = 0"
CHECKPOINT = "PRAGMA wal_checkpoint(PASSIVE)"
#: Seconds between two checkpoints.
CHECKPOINT_SECONDS = 1.0
SET_VERSION = "INSERT INTO nardy_schema (version) VALUES (?)"
GET_VERSION = "SELECT version FROM nardy_schema"
HAS_SCHEMA = "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'nardy_schema'"
SELECT_ROW = "SELECT id, variant, length, creator, public, delay_ms, reserve_ms, invite, white, black, status, " \
             "winner, reason, rematch_of, created, updated FROM matches"
INSERT_ROW = "INSERT INTO matches (id, variant, length, creator, public, delay_ms, reserve_ms, invite, white, " \
             "black, status, winner, reason, rematch_of, created, updated) " \
             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
ROW_BY_ID = SELECT_ROW + " WHERE id = ?"
#: One statement per seat: the column is never a value.
CLAIM = {
    "white": "UPDATE matches SET white = ? WHERE id = ? AND white IS NULL AND status = 'waiting' "
             "AND (public = 1 OR invite = ?)",
    "black": "UPDATE matches SET black = ? WHERE id = ? AND black IS NULL AND status = 'waiting' "
             "AND (public = 1 OR invite = ?)",
}
ENTRIES = "SELECT n, at, body FROM entries WHERE match_id = ? AND n > ? ORDER BY n"
INSERT_ENTRY = "INSERT INTO entries (match_id, n, at, body) VALUES (?, ?, ?, ?)"
UPDATE_STATUS = "UPDATE matches SET status = ?, winner = ?, reason = ?, updated = ? WHERE id = ?"
OFFERS = SELECT_ROW + " WHERE status = ? AND public = 1 AND variant = ? ORDER BY created LIMIT ?"
WAITING_ROWS = SELECT_ROW + " WHERE status = ? ORDER BY created LIMIT ?"
PLAYING_COUNT = "SELECT count(*) FROM matches WHERE status = ? AND updated >= ?"

assert len(ROW_COLUMNS) == INSERT_ROW.count("?")


class SqliteStore(Store):
    def __init__(self, path: Path, synchronous: str | None = None):
        self.path = Path(path)
        self.synchronous = (synchronous or os.environ.get("NARDY_SQLITE_SYNC") or "NORMAL").upper()
        if self.synchronous not in SYNCHRONOUS:
            raise StoreError(f"NARDY_SQLITE_SYNC={self.synchronous[:20]!r}: NORMAL or FULL")
        self.db: sqlite3.Connection | None = None
        self.checkpointer: threading.Thread | None = None
        self.stopping = threading.Event()

    async def _run(self, function, *args):
        return function(*args)

    # ------------------------------------------------------------------ the statements

    def _open(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)  # a test reads it too
        db.execute("PRAGMA journal_mode = WAL")
        db.execute(SYNCHRONOUS[self.synchronous])
        db.execute("PRAGMA busy_timeout = 5000")
        db.execute("PRAGMA foreign_keys = ON")
        db.execute(NO_AUTO_CHECKPOINT)
        self.db = db
        self.checkpointer = threading.Thread(target=self._checkpoints, name="nardy-sqlite-checkpoint", daemon=True)
        self.checkpointer.start()

    def _checkpoints(self) -> None:
        """Copy the WAL into the database now and then, off the event loop (its own connection)."""
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA busy_timeout = 5000")
        try:
            while not self.stopping.wait(CHECKPOINT_SECONDS):
                with contextlib.suppress(sqlite3.Error):  # busy now: the next one catches up
                    db.execute(CHECKPOINT).fetchall()
        finally:
            db.close()

    def _version(self) -> int | None:
        if self.db.execute(HAS_SCHEMA).fetchone() is None:
            return None
        row = self.db.execute(GET_VERSION).fetchone()
        if row is None:
            raise StoreError(f"{self.path}: the schema table holds no version")
        return row[0]

    def _create(self) -> None:
        with self._transaction():
            for statement in SCHEMA:
                self.db.execute(statement)
            self.db.execute(SET_VERSION, (SCHEMA_VERSION,))

    def _transaction(self):
        return _Transaction(self.db)

    def _insert(self, row: MatchRow) -> None:
        with self._transaction():
            self.db.execute(INSERT_ROW, row_values(row))

    def _claim(self, match_id, side, token_digest, invite_digest) -> bool:
        with self._transaction():
            return self.db.execute(CLAIM[side], (token_digest, match_id, invite_digest)).rowcount == 1

    def _row(self, match_id) -> MatchRow | None:
        values = self.db.execute(ROW_BY_ID, (match_id,)).fetchone()
        return None if values is None else row_from(values)

    def _entries(self, match_id, after) -> list:
        return [(n, at, body_of(text)) for n, at, text in self.db.execute(ENTRIES, (match_id, after))]

    def _append(self, match_id, entries, status, updated) -> bool:
        rows = [(match_id, n, at, body_text(body)) for n, at, body in entries]
        try:
            if len(rows) == 1 and status is None:  # the common write: one statement, its own transaction
                self.db.execute(INSERT_ENTRY, rows[0])
                return True
            with self._transaction():
                self.db.executemany(INSERT_ENTRY, rows)
                if status is not None:
                    self.db.execute(UPDATE_STATUS, (*status, updated, match_id))
        except sqlite3.IntegrityError:
            return False
        return True

    def _select(self, query, params) -> list[MatchRow]:
        return [row_from(values) for values in self.db.execute(query, params)]

    def _count(self, since) -> int:
        return self.db.execute(PLAYING_COUNT, (PLAYING, since)).fetchone()[0]

    def _close(self) -> None:
        self.stopping.set()
        if self.checkpointer is not None:
            self.checkpointer.join(timeout=10)
        if self.db is not None:
            self.db.close()
            self.db = None

    # ------------------------------------------------------------------ the interface

    async def _connect(self) -> None:
        try:
            await self._run(self._open)
        except sqlite3.Error as error:
            raise StoreError(f"{self.path}: {error}") from None

    async def _schema_version(self) -> int | None:
        return await self._run(self._version)

    async def _create_schema(self) -> None:
        await self._run(self._create)

    async def close(self) -> None:
        await self._run(self._close)

    async def create(self, row: MatchRow) -> None:
        await self._run(self._insert, row)

    async def claim(self, match_id, side, token_digest, invite_digest) -> bool:
        return await self._run(self._claim, match_id, side, token_digest, invite_digest)

    async def row(self, match_id) -> MatchRow | None:
        return await self._run(self._row, match_id)

    async def entries(self, match_id, after=0) -> list:
        return await self._run(self._entries, match_id, after)

    async def append(self, match_id, entries, status, updated) -> bool:
        return await self._run(self._append, match_id, entries, status, updated)

    async def offers(self, variant, limit=50) -> list[MatchRow]:
        return await self._run(self._select, OFFERS, (WAITING, variant, limit))

    async def waiting(self, limit=500) -> list[MatchRow]:
        return await self._run(self._select, WAITING_ROWS, (WAITING, limit))

    async def playing_count(self, since) -> int:
        return await self._run(self._count, since)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on an exception (the connection is in autocommit mode)."""

    def __init__(self, db):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind, value, traceback):
        if kind is None:
            self.db.execute("COMMIT")
        else:
            self.db.execute("ROLLBACK")
        return False
