"""Events through Redis (``NARDY_REDIS_URL``): pub/sub for the logs' entries and the lobby, hashes for presence.

Channels: ``nardy:m:<match>`` (entries written, presence changed) to which
every process listens by pattern, and ``nardy:lobby``. Each message carries
the sender's process id; a process ignores its own. Presence is a hash per
match (``<side>:<process>`` -> connections) and liveness a sorted set of
processes scored by their last heartbeat: a process missing three heartbeats
is dead, and its connections no longer count. Pub/sub may drop a message to a
process that reconnects; the numbers in the entries make the receiver read the
gap from the store.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time

import redis.asyncio as redis

from nardy_rules.contract import COLORS, read_json

from .events import Events

LOG = logging.getLogger("nardy_server")
PREFIX = "nardy:m:"
LOBBY = "nardy:lobby"
PROCESSES = "nardy:processes"
PLAYERS = "nardy:players"


class RedisEvents(Events):
    def __init__(self, url: str, heartbeat_seconds: float):
        super().__init__()
        self.url = url
        self.heartbeat_seconds = heartbeat_seconds
        # A pool that waits for a free connection (the default one refuses at once when all are busy, as
        # they are when hundreds of players connect together).
        self.pool = redis.BlockingConnectionPool.from_url(url, decode_responses=True, max_connections=32, timeout=20)
        self.redis = redis.Redis(connection_pool=self.pool)
        self.pubsub = None
        self.reader: asyncio.Task | None = None
        self.alive: set[str] = set()
        self.alive_at = 0.0

    async def start(self, handler) -> None:
        await super().start(handler)
        await self.redis.ping()
        await self.heartbeat(0)
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self.pubsub.psubscribe(PREFIX + "*")
        await self.pubsub.subscribe(LOBBY)
        self.reader = asyncio.create_task(self._read(), name="nardy-redis-reader")

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
        try:
            await self.redis.zrem(PROCESSES, self.process)
            await self.redis.hdel(PLAYERS, self.process)
            for (match_id, side) in list(self.local):
                await self.redis.hdel(_presence_key(match_id), f"{side}:{self.process}")
        except redis.RedisError:
            pass
        if self.pubsub is not None:
            await self.pubsub.aclose()
        await self.redis.aclose()
        await self.pool.disconnect()

    async def _read(self) -> None:
        while True:
            try:
                async for message in self.pubsub.listen():
                    await self._deliver(message)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # Redis went away: try again; the gaps are read from the store
                LOG.warning("redis: %s; listening again", type(error).__name__)
                await asyncio.sleep(1)

    async def _deliver(self, message: dict) -> None:
        if message.get("type") not in ("message", "pmessage"):
            return
        try:
            body = read_json(message["data"], "an event")
        except Exception:
            LOG.warning("redis: an event that does not read, ignored")
            return
        if not isinstance(body, dict) or body.get("process") == self.process:
            return
        channel = message["channel"]
        match_id = channel[len(PREFIX):] if channel.startswith(PREFIX) else None
        try:
            await self.handler(match_id, body)
        except Exception:  # one bad event must not stop the reader
            LOG.exception("redis: handling an event failed")

    async def publish(self, match_id, message) -> None:
        text = json.dumps({**message, "process": self.process}, separators=(",", ":"))
        await self.redis.publish(LOBBY if match_id is None else PREFIX + match_id, text)
        if match_id is None and self.handler is not None:
            await self.handler(None, message)

    async def heartbeat(self, players: int) -> None:
        now = time.time()
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zadd(PROCESSES, {self.process: now})
            pipe.hset(PLAYERS, self.process, players)
            pipe.zremrangebyscore(PROCESSES, "-inf", now - 60 * self.heartbeat_seconds)
            await pipe.execute()
        self.alive_at = 0.0  # read again on the next question

    async def processes_changed(self) -> bool:
        before = self.alive
        self.alive_at = 0.0
        return await self._alive() != before

    async def _alive(self) -> set[str]:
        now = time.time()
        if now - self.alive_at > self.heartbeat_seconds:
            self.alive = set(await self.redis.zrangebyscore(PROCESSES, now - 3 * self.heartbeat_seconds, "+inf"))
            self.alive.add(self.process)
            self.alive_at = now
        return self.alive

    async def present(self, match_id, side, delta) -> None:
        await super().present(match_id, side, delta)
        key, field = _presence_key(match_id), f"{side}:{self.process}"
        count = self.local.get((match_id, side), 0)
        if count:
            await self.redis.hset(key, field, count)
        else:
            await self.redis.hdel(key, field)
        await self.redis.expire(key, 86400)

    async def presence(self, match_id) -> set[str]:
        fields = await self.redis.hgetall(_presence_key(match_id))
        alive = await self._alive()
        seated = set()
        for field, count in fields.items():
            side, _, process = field.partition(":")
            if side in COLORS and process in alive and count not in ("0", ""):
                seated.add(side)
        return seated

    async def players(self) -> int:
        counts = await self.redis.hgetall(PLAYERS)
        alive = await self._alive()
        return sum(int(count) for process, count in counts.items() if process in alive and count.isdigit())


def _presence_key(match_id: str) -> str:
    return f"nardy:presence:{match_id}"
