"""The floor under the game server's cost per action: the same transport with no game in it.

``scripts/bench_server.py`` runs it after the game server, in the same run: a
Starlette app under uvicorn with the game server's WebSocket settings (the
websockets package, no compression, the same ``SiteServer``), where each frame
a seat sends writes one row to a SQLite file in WAL mode (committed, as the
match log is) and sends a frame of the game server's mean change size to both
seats of its pair. The clients play the same rhythm (a think time, then one
action, then wait until both seats have the answer). What one process's CPU
costs per action here is what uvicorn, Starlette, websockets and SQLite cost
before any game: the part of the server's cost per action that no change of
``nardy_server`` can remove.

With ``cluster``, two such processes stand beside the game server's two on
PostgreSQL and Redis: a seat's frame inserts one row into PostgreSQL (psycopg's
pool, as the store does), is published on Redis (pub/sub by pattern, as the
events are), and each process sends the answer to the seats it holds (the
seats of a pair are on different processes).

    python scripts/bench_relay.py serve PORT DATABASE               (the benchmark starts it)
    python scripts/bench_relay.py serve PORT POSTGRES_URL REDIS_URL
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


TABLE = "CREATE TABLE IF NOT EXISTS entries (pair TEXT, n INTEGER, body TEXT, PRIMARY KEY (pair, n))"


def serve(port: int, database: str, redis_url: str | None = None) -> None:
    import gc
    import json
    import os

    from starlette.applications import Starlette
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route, WebSocketRoute

    from nardy_site.serve import SiteServer

    pairs: dict[str, list] = {}
    counts: dict[str, int] = {}
    me = str(os.getpid())
    shared = {}

    def answer_of(n: int, size: int) -> str:
        return '{"seq":' + str(n) + ',"pad":"' + "x" * max(0, size - 20) + '"}'

    if redis_url is None:
        db = sqlite3.connect(database, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute(TABLE)

        async def write(pair, n, text):
            db.execute("INSERT INTO entries VALUES (?, ?, ?)", (pair, n, text))

        async def publish(pair, n, size):
            pass

        lifespan = None
    else:
        import psycopg
        import redis.asyncio as redis
        from psycopg_pool import AsyncConnectionPool

        async def write(pair, n, text):
            async with shared["pool"].connection() as connection:
                await connection.execute("INSERT INTO entries VALUES (%s, %s, %s)", (pair, n, text))

        async def publish(pair, n, size):
            await shared["redis"].publish("relay:" + pair, json.dumps({"process": me, "n": n, "size": size}))

        async def listen():
            async for message in shared["pubsub"].listen():
                if message.get("type") != "pmessage":
                    continue
                body = json.loads(message["data"])
                if body["process"] == me:
                    continue
                pair = message["channel"][len("relay:"):]
                for seat in list(pairs.get(pair, ())):
                    await seat.send_text(answer_of(body["n"], body["size"]))

        @contextlib.asynccontextmanager
        async def lifespan(_app):
            async with await psycopg.AsyncConnection.connect(database, autocommit=True) as connection:
                await connection.execute(TABLE)
            shared["pool"] = AsyncConnectionPool(database, min_size=2, max_size=16, open=False)
            await shared["pool"].open()
            shared["redis"] = redis.Redis.from_url(redis_url, decode_responses=True)
            shared["pubsub"] = shared["redis"].pubsub(ignore_subscribe_messages=True)
            await shared["pubsub"].psubscribe("relay:*")
            reader = asyncio.create_task(listen())
            yield
            reader.cancel()
            await shared["pool"].close()

    async def relay(websocket):
        pair = websocket.path_params["pair"]
        size = int(websocket.query_params.get("size", "2000"))
        await websocket.accept()
        seats = pairs.setdefault(pair, [])
        seats.append(websocket)
        try:
            while True:
                text = await websocket.receive_text()
                n = counts[pair] = counts.get(pair, 0) + 1
                await write(pair + ":" + me, n, text)  # each process numbers its own rows
                await publish(pair, n, size)
                answer = answer_of(n, size)
                for seat in list(seats):
                    await seat.send_text(answer)
        except Exception:
            pass
        finally:
            seats.remove(websocket)

    async def alive(_request):
        return PlainTextResponse("ok")

    app = Starlette(routes=[Route("/alive", alive), WebSocketRoute("/relay/{pair}", relay)], lifespan=lifespan)
    site = Path(tempfile.mkdtemp(prefix="nardy-relay-site-"))
    (site / "404.html").write_text("<!doctype html><title>404</title>", encoding="utf-8")
    gc.collect()
    gc.freeze()
    server = SiteServer(app, site, "127.0.0.1", port, quiet=True, lifespan="on" if redis_url else "off", ws_max_size=65536,
                        ws_ping_interval=20, ws_ping_timeout=20, ws_per_message_deflate=False)
    try:
        server.serve_forever()
    finally:
        server.server_close()


def start(port: int, *where: str) -> subprocess.Popen:
    """A relay process on ``port``: ``where`` is a SQLite file, or a PostgreSQL URL and a Redis URL."""
    process = subprocess.Popen([sys.executable, __file__, "serve", str(port), *map(str, where)], cwd=ROOT)
    deadline = time.monotonic() + 60
    while True:
        with contextlib.suppress(OSError), urllib.request.urlopen(f"http://127.0.0.1:{port}/alive", timeout=2):
            return process
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("the relay did not start")
        time.sleep(0.05)


async def drive_pairs(ports: list[int], pairs: int, seconds: float, think: float, size: int, frame: int,
                      seed: int) -> tuple[int, list[float]]:
    """Every pair plays ``seconds``: the seat to act waits a think time, sends ``frame`` bytes, and waits until
    both seats have the answer. (actions, round trips)"""
    import websockets

    rng = random.Random(seed)
    trips: list[float] = []
    urls = [f"ws://127.0.0.1:{port}/relay/%d?size={size}" for port in (ports[0], ports[-1])]
    payload = "y" * frame

    async def one(index: int, deadline: float, own: random.Random) -> int:
        async with websockets.connect(urls[0] % index, max_size=None, compression=None) as a, \
                websockets.connect(urls[1] % index, max_size=None, compression=None) as b:
            await asyncio.sleep(0.2)
            count = 0
            seats = [a, b]
            while time.monotonic() < deadline:
                await asyncio.sleep(own.expovariate(1 / think) if think > 0 else 0)
                sent = time.monotonic()
                await seats[count % 2].send(payload)
                await asyncio.gather(a.recv(), b.recv())
                trips.append(time.monotonic() - sent)
                count += 1
            return count

    connected = []
    deadline = time.monotonic() + seconds + 5
    for first in range(0, pairs, 100):
        connected += [asyncio.create_task(one(k, deadline, random.Random(rng.random())))
                      for k in range(first, min(pairs, first + 100))]
        await asyncio.sleep(0.5)
    counts = await asyncio.gather(*connected)
    return sum(counts), trips


if __name__ == "__main__":
    if len(sys.argv) in (4, 5) and sys.argv[1] == "serve":
        serve(int(sys.argv[2]), *sys.argv[3:])
    else:
        print(__doc__)
        sys.exit(2)
