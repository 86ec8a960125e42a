"""One WebSocket connection to a match or to the lobby: its seat, its outgoing queue, its frame budget.

Frames to a connection go through a queue that one writer task empties, so a
broadcast never waits on a slow client; a client that lets
``max_queued_frames`` pile up is disconnected (it reconnects and gets the
whole match again).
"""

from __future__ import annotations

import asyncio
import contextlib

from starlette.websockets import WebSocket

from .limits import TokenBucket

#: WebSocket close codes: the policy (origin, token, too many frames), a slow client.
POLICY, TOO_SLOW = 1008, 1013
_CLOSE = object()


class Connection:
    def __init__(self, websocket: WebSocket, match_id: str | None, burst: int, rate: float, most_queued: int):
        self.websocket = websocket
        self.match_id = match_id
        #: The seat it acts for, or None (a spectator, the lobby).
        self.side: str | None = None
        self.bucket = TokenBucket(burst, rate)
        self.queue: asyncio.Queue = asyncio.Queue()
        self.most_queued = most_queued
        self.closed = False
        self.writer = asyncio.create_task(self._write(), name="nardy-connection-writer")

    def send(self, text: str) -> None:
        """Queue a frame (JSON text already made: a broadcast makes it once for every connection)."""
        if self.closed:
            return
        if self.queue.qsize() >= self.most_queued:
            self.close(TOO_SLOW)
            return
        self.queue.put_nowait(text)

    def close(self, code: int = 1000) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait((_CLOSE, code))

    async def _write(self) -> None:
        try:
            while True:
                item = await self.queue.get()
                if isinstance(item, tuple):
                    with contextlib.suppress(Exception):
                        await self.websocket.close(item[1])
                    return
                await self.websocket.send_text(item)
        except Exception:  # the client went away: the reader sees it and cleans up
            self.closed = True

    async def finish(self) -> None:
        """After the connection ended: stop the writer."""
        self.closed = True
        self.writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.writer
