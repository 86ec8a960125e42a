"""The server's settings: where it stores matches, how processes talk, and every limit, from the environment.

One :class:`Settings` is made at start (:func:`from_environment`) and handed
down; nothing else reads the environment. Every variable is optional: with
none set, ``scripts/serve`` runs one process with the SQLite store under
``data/`` and in-process events.

=============================  ==============================================
variable                       meaning
=============================  ==============================================
``NARDY_DATABASE_URL``         ``postgresql://...``: the PostgreSQL store;
                               unset: SQLite in ``NARDY_DATA``
``NARDY_DATA``                 the data folder of the SQLite store
                               (default ``data/`` in the repository)
``NARDY_REDIS_URL``            ``redis://host:port/db``: events between
                               processes through Redis; unset: in-process
``NARDY_ORIGINS``              more origins a WebSocket may come from,
                               separated by spaces (the server's own is always
                               allowed)
``NARDY_ABANDON_SECONDS``      a seat gone this long while its opponent waits
                               loses the match (default 180)
``NARDY_OFFER_SECONDS``        a waiting offer whose author has gone this long
                               is withdrawn (default 60)
``NARDY_HEARTBEAT_SECONDS``    how often a process says it is alive and looks
                               at presence (default 2)
``NARDY_FRAME_RATE``           frames a second one connection may send
                               (default 20, bursts of twice that)
``NARDY_CREATE_PER_HOUR``      matches one address may create an hour
                               (default 10, bursts of 20)
=============================  ==============================================
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from nardy_rules.contract import MAX_JSON_CHARS

#: The repository (the default data folder is in it, kept out of git).
REPOSITORY = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Settings:
    #: PostgreSQL's connection address, or None for SQLite.
    database_url: str | None = None
    #: The SQLite store's folder.
    data: Path = REPOSITORY / "data"
    #: Redis's address, or None for events within the process.
    redis_url: str | None = None
    #: Origins a WebSocket may come from besides the server's own (``https://example.org``).
    origins: tuple[str, ...] = ()
    #: A seat gone this long (seconds) while the opponent is there loses the match.
    abandon_seconds: float = 180.0
    #: A waiting public offer whose author has gone this long (seconds) is withdrawn.
    offer_seconds: float = 60.0
    #: How often (seconds) a process says it is alive, and looks at presence and abandoned matches.
    heartbeat_seconds: float = 2.0
    #: The longest frame a client may send (characters), and the longest HTTP body; a match's frames are tiny.
    max_frame_chars: int = 4096
    #: The protocol's own bound on a WebSocket message (bytes): bigger ones close the connection.
    ws_max_bytes: int = 65_536
    #: Frames per connection: a burst of this many, refilled at ``frame_rate`` a second.
    frame_burst: int = 40
    frame_rate: float = 20.0
    #: Matches one address may create: a burst, refilled at ``create_rate`` a second (10 an hour).
    create_burst: int = 20
    create_rate: float = 10 / 3600
    #: Frames queued for one slow client before it is disconnected.
    max_queued_frames: int = 256
    #: Open matches one process keeps in memory with nobody connected, beyond those being watched.
    idle_matches: int = 2000
    #: Time controls a match may ask for: the delay per move and the reserve per player, in seconds.
    max_delay_seconds: int = 120
    max_reserve_seconds: int = 3600
    #: Longest match offered (points); the page offers single games and 1, 3, ..., 25.
    max_length: int = 25

    def with_(self, **changes) -> Settings:
        return replace(self, **changes)


assert Settings.max_frame_chars < MAX_JSON_CHARS


def from_environment(environ: dict | None = None) -> Settings:
    """Settings from ``NARDY_*`` variables; a bad number is a clear error (``ValueError``) at start."""
    environ = os.environ if environ is None else environ
    settings = Settings()
    changes: dict = {}
    if environ.get("NARDY_DATABASE_URL"):
        changes["database_url"] = environ["NARDY_DATABASE_URL"]
    if environ.get("NARDY_DATA"):
        changes["data"] = Path(environ["NARDY_DATA"])
    if environ.get("NARDY_REDIS_URL"):
        changes["redis_url"] = environ["NARDY_REDIS_URL"]
    if environ.get("NARDY_ORIGINS"):
        changes["origins"] = tuple(environ["NARDY_ORIGINS"].split())
    for name, key in (("NARDY_ABANDON_SECONDS", "abandon_seconds"), ("NARDY_OFFER_SECONDS", "offer_seconds"),
                      ("NARDY_HEARTBEAT_SECONDS", "heartbeat_seconds"), ("NARDY_FRAME_RATE", "frame_rate"),
                      ("NARDY_CREATE_PER_HOUR", "create_rate")):
        if environ.get(name):
            try:
                value = float(environ[name])
            except ValueError:
                raise ValueError(f"{name}={environ[name][:40]!r}: a number") from None
            if not 0 < value < 10**7:
                raise ValueError(f"{name}={environ[name][:40]!r}: a number above 0 and below 10,000,000")
            changes[key] = value
    if "frame_rate" in changes:
        changes["frame_burst"] = max(1, int(2 * changes["frame_rate"]))
    if "create_rate" in changes:
        changes["create_burst"] = max(1, int(2 * changes["create_rate"]))
        changes["create_rate"] /= 3600
    return settings.with_(**changes)
