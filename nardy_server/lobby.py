"""The lobby of open games: offers per game kind, live counts of players and games.

An offer is a public match waiting for its second seat (``hub.Hub.create``
with ``public``); it is listed while its author is connected to it (in any
process: ``events`` presence) and withdrawn by the hub when the author has
been gone ``offer_seconds``. Whoever takes one joins it like an invited
friend (``hub.Hub.join``). Listeners (the play page's lobby, a WebSocket each)
get the list again whenever an offer of their kind appears, is taken or goes,
and every few seconds for the counts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from .connection import Connection
from .hub import Hub, dumps, now_ms

LOG = logging.getLogger("nardy_server")
VARIANTS = ("short", "long")
#: A match counts as being played while an entry was written in the last this many milliseconds.
ACTIVE_MS = 15 * 60 * 1000
#: How often listeners get the counts again (seconds).
REFRESH_SECONDS = 5.0


class Lobby:
    def __init__(self, hub: Hub):
        self.hub = hub
        hub.lobby = self
        self.listeners: dict[str, set[Connection]] = {variant: set() for variant in VARIANTS}
        self.refresher: asyncio.Task | None = None
        self.dirty: set[str] = set()
        self.sending: asyncio.Task | None = None

    def start(self) -> None:
        self.refresher = asyncio.create_task(self._refresh(), name="nardy-lobby")

    async def close(self) -> None:
        for task in (self.refresher, self.sending):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def listing(self, variant: str) -> dict:
        """The offers of a game kind whose authors are here, and the counts."""
        events, store = self.hub.events, self.hub.store
        offers = []
        for row in await store.offers(variant):
            if row.creator in await events.presence(row.id):
                summary = row.summary()
                offers.append({key: summary[key] for key in ("match", "variant", "length", "clock", "open")})
        return {"lobby": {"variant": variant, "offers": offers, "players": await events.players(),
                          "games": await store.playing_count(now_ms() - ACTIVE_MS)}}

    async def add(self, connection: Connection, variant: str) -> None:
        self.listeners[variant].add(connection)
        connection.send(dumps(await self.listing(variant)))

    def remove(self, connection: Connection) -> None:
        for listeners in self.listeners.values():
            listeners.discard(connection)

    async def changed(self, variant: object) -> None:
        """An offer of ``variant`` appeared, was taken or went: its listeners hear soon (changes close together
        make one message)."""
        self.dirty.update([variant] if variant in VARIANTS else VARIANTS)
        if self.sending is None or self.sending.done():
            self.sending = asyncio.create_task(self._send_soon())

    async def _send_soon(self) -> None:
        await asyncio.sleep(0.05)
        dirty, self.dirty = self.dirty, set()
        await self._send(dirty)

    async def _send(self, variants) -> None:
        for variant in variants:
            if self.listeners[variant]:
                text = dumps(await self.listing(variant))
                for connection in list(self.listeners[variant]):
                    connection.send(text)

    async def _refresh(self) -> None:
        while True:
            await asyncio.sleep(REFRESH_SECONDS)
            try:
                await self._send(VARIANTS)
            except Exception:
                LOG.exception("lobby")
