"""Events between server processes: what one process wrote to a match's log, who is connected, the lobby.

A process *hosts* a match while it has a connection to it (a seat or a
spectator). When it writes entries to the log it publishes them to the other
processes hosting the same match, which apply them to their own copy
(``matchlog.LiveMatch``) and tell their connections; a process that finds a
gap in the numbers reads the missing entries from the store, so a lost event
costs a read, never a wrong state. Presence (which seats have a connection
somewhere) and the lobby's counts are shared the same way.

- :class:`LocalEvents`: one process (the default): publishing to others is
  nothing, presence is this process's own count.
- :class:`~nardy_server.events_redis.RedisEvents`: Redis pub/sub when
  ``NARDY_REDIS_URL`` is set; presence and counts in Redis hashes kept
  current by each process's heartbeat, so a process that dies stops
  counting within a few heartbeats.
"""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable

from nardy_rules.contract import COLORS

from .config import Settings

#: A message handler: (match id, or None for the lobby; the message).
Handler = Callable[[str | None, dict], Awaitable[None]]


class Events(ABC):
    def __init__(self):
        #: This process's id in messages and presence.
        self.process = secrets.token_hex(6)
        self.handler: Handler | None = None
        #: This process's connections per (match, side).
        self.local: dict[tuple[str, str], int] = {}

    async def start(self, handler: Handler) -> None:
        self.handler = handler

    async def close(self) -> None:  # noqa: B027 - nothing to close in one process
        pass

    @abstractmethod
    async def publish(self, match_id: str | None, message: dict) -> None:
        """Tell the other processes (``match_id`` None: the lobby's channel, which this process hears too)."""

    async def heartbeat(self, players: int) -> None:  # noqa: B027 - one process needs no heartbeat
        """Called every few seconds: this process is alive, with ``players`` seat connections."""

    async def processes_changed(self) -> bool:
        """Whether a process has died or come since the last heartbeat (its connections stop or start counting)."""
        return False

    async def present(self, match_id: str, side: str, delta: int) -> None:
        """A connection of ``side`` to the match opened (+1) or closed (-1) in this process."""
        key = (match_id, side)
        count = self.local.get(key, 0) + delta
        if count > 0:
            self.local[key] = count
        else:
            self.local.pop(key, None)

    async def presence(self, match_id: str) -> set[str]:
        """The seats connected to the match in any live process."""
        return {side for side in COLORS if (match_id, side) in self.local}

    async def players(self) -> int:
        """Seat connections in all live processes."""
        return sum(self.local.values())


class LocalEvents(Events):
    async def publish(self, match_id, message) -> None:
        if match_id is None and self.handler is not None:
            await self.handler(None, message)


def open_events(settings: Settings) -> Events:
    if settings.redis_url:
        from .events_redis import RedisEvents

        return RedisEvents(settings.redis_url, settings.heartbeat_seconds)
    return LocalEvents()
