"""Where matches are kept: the interface both stores share, the schema's version, and the choice between them.

A match is a row (``matchlog.MatchRow``) and a log of numbered entries
(``matchlog``). The log is written ahead: the hub stores an entry, and only
then sends it to anyone, so whatever a player saw survives a crash of the
process. An entry's number is unique within its match (the table's primary
key), so two processes that both write entry 12 of a match cannot both
succeed: :meth:`Store.append` answers False to the second, which reloads.

- :mod:`.store_sqlite`: SQLite in WAL mode, a file in the data folder: the
  embedded default for one machine (``scripts/serve``).
- :mod:`.store_postgres`: PostgreSQL (psycopg 3 with its pool) when
  ``NARDY_DATABASE_URL`` is set: several processes, several machines.

Both write every statement with parameters (no SQL is built from values) and
keep the schema's version in a table of its own: at start a store creates the
schema in an empty database, applies the migrations from an older version,
and refuses to start on a version newer than its own (:data:`SCHEMA_VERSION`).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod

from nardy_rules.contract import read_json

from .config import Settings
from .matchlog import MatchRow

#: The schema this server reads and writes.
SCHEMA_VERSION = 1


def schema(*, integer: str, boolean: str, table_options: str) -> tuple[str, ...]:
    """The schema's statements in a store's dialect: its type for times in ms (``integer``), for a flag,
    and what follows the log's table. The words are the stores' constants, never a value."""
    return (
        """CREATE TABLE nardy_schema (version INTEGER NOT NULL)""",
        f"""CREATE TABLE matches (
        id TEXT PRIMARY KEY,
        variant TEXT NOT NULL CHECK (variant IN ('short', 'long')),
        length INTEGER NOT NULL,
        creator TEXT NOT NULL CHECK (creator IN ('white', 'black')),
        public {boolean} NOT NULL,
        delay_ms INTEGER,
        reserve_ms INTEGER,
        invite TEXT,
        white TEXT,
        black TEXT,
        status TEXT NOT NULL,
        winner TEXT,
        reason TEXT,
        rematch_of TEXT,
        created {integer} NOT NULL,
        updated {integer} NOT NULL)""",
        """CREATE INDEX matches_waiting ON matches (status, variant, created)""",
        f"""CREATE TABLE entries (
        match_id TEXT NOT NULL REFERENCES matches (id),
        n INTEGER NOT NULL,
        at {integer} NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (match_id, n)){table_options}""",
    )


#: The columns of a match row, in MatchRow's order (both stores select them in this order).
ROW_COLUMNS = ("id", "variant", "length", "creator", "public", "delay_ms", "reserve_ms", "invite", "white", "black",
               "status", "winner", "reason", "rematch_of", "created", "updated")


class StoreError(Exception):
    """The store cannot be used: a schema of another version, a database that cannot be reached."""


def row_from(values) -> MatchRow:
    fields = dict(zip(ROW_COLUMNS, values))
    fields["public"] = bool(fields["public"])
    return MatchRow(**fields)


def row_values(row: MatchRow) -> tuple:
    return tuple(getattr(row, column) for column in ROW_COLUMNS)


def body_text(body: dict) -> str:
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False)


def body_of(text: str) -> dict:
    """An entry's body as stored; one that does not read is the damaged store's loud error."""
    value = read_json(text, "a stored entry")
    if not isinstance(value, dict):
        raise StoreError(f"a stored entry is not an object: {text[:60]!r}")
    return value


class Store(ABC):
    """The matches' rows and logs. Every method is a coroutine of the server's event loop."""

    async def start(self) -> None:
        """Connect, and check the schema's version (create it in an empty database, migrate an older one)."""
        await self._connect()
        version = await self._schema_version()
        if version is None:
            await self._create_schema()
            return
        if version > SCHEMA_VERSION:
            raise StoreError(f"the database's schema is version {version}; this server knows versions up to "
                             f"{SCHEMA_VERSION}: run a newer server")
        while version < SCHEMA_VERSION:
            await self._migrate(version)
            version += 1

    @abstractmethod
    async def _connect(self) -> None: ...

    @abstractmethod
    async def _schema_version(self) -> int | None:
        """The version the database holds, or None when it has no schema yet."""

    @abstractmethod
    async def _create_schema(self) -> None: ...

    async def _migrate(self, version: int) -> None:
        """Bring a schema of ``version`` to ``version + 1`` (no migration exists yet: version 1 is the first)."""
        raise StoreError(f"no migration from schema version {version}")

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def create(self, row: MatchRow) -> None:
        """A new match (its id is new: 128 random bits)."""

    @abstractmethod
    async def claim(self, match_id: str, side: str, token_digest: str, invite_digest: str | None) -> bool:
        """Take the open seat ``side`` for the token: True when it was open and the invite fits (or the match
        is public), False otherwise; at most one claim of a seat ever succeeds."""

    @abstractmethod
    async def row(self, match_id: str) -> MatchRow | None: ...

    @abstractmethod
    async def entries(self, match_id: str, after: int = 0) -> list[tuple[int, int, dict]]:
        """The log's entries numbered above ``after``, in order, as ``(n, at, body)``."""

    @abstractmethod
    async def append(self, match_id: str, entries: list[tuple[int, int, dict]], status: tuple | None,
                     updated: int) -> bool:
        """Write entries (numbered on from the log's last) and, unless None, the row's (status, winner, reason)
        and its time ``updated``, in one transaction; False, with nothing written, when another writer has taken
        one of the numbers."""

    @abstractmethod
    async def offers(self, variant: str, limit: int = 50) -> list[MatchRow]:
        """Public matches of ``variant`` waiting for an opponent, oldest first."""

    @abstractmethod
    async def waiting(self, limit: int = 500) -> list[MatchRow]:
        """Matches of every kind waiting for an opponent, oldest first (the sweep of withdrawn offers)."""

    @abstractmethod
    async def playing_count(self, since: int) -> int:
        """How many matches are being played: started, not over, with an entry since ``since`` (ms)."""


def open_store(settings: Settings) -> Store:
    """The store the settings name (not yet started)."""
    if settings.database_url:
        from .store_postgres import PostgresStore

        return PostgresStore(settings.database_url)
    from .store_sqlite import SqliteStore

    return SqliteStore(settings.data / "nardy.sqlite3")
