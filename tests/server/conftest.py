"""Fixtures of the game server's tests: a small site, server processes on SQLite, PostgreSQL and Redis of their own."""

from __future__ import annotations

import itertools

import pytest

from nardy_server.matchlog import MatchRow

from . import loop
from .servers import Postgres, Redis, ServerProcess

#: Limits that let a test act as fast as it can, and time that passes quickly.
FAST = {"NARDY_FRAME_RATE": "2000", "NARDY_CREATE_PER_HOUR": "1000000", "NARDY_HEARTBEAT_SECONDS": "0.25",
        "NARDY_ABANDON_SECONDS": "120", "NARDY_OFFER_SECONDS": "120"}
ROOT_PAGE = "<!doctype html><title>404</title><h1>404</h1>"


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory):
    site = tmp_path_factory.mktemp("site")
    (site / "index.html").write_text("<!doctype html><title>root</title>", encoding="utf-8")
    (site / "404.html").write_text(ROOT_PAGE, encoding="utf-8")
    return site


@pytest.fixture
def sqlite_env(tmp_path):
    return {**FAST, "NARDY_DATA": str(tmp_path / "data")}


@pytest.fixture
def server(site_dir, sqlite_env):
    process = ServerProcess(site_dir, sqlite_env).start()
    yield process
    process.stop()
    assert "Traceback" not in process.output(), process.output()[-3000:]


@pytest.fixture(scope="session")
def postgres():
    cluster = Postgres()
    yield cluster
    cluster.stop()


@pytest.fixture(scope="session")
def redis_server():
    server = Redis()
    yield server
    server.stop()


_redis_dbs = itertools.count(1)


@pytest.fixture
def cluster_env(postgres, redis_server):
    """A fresh database and a Redis database number of their own."""
    db = next(_redis_dbs) % 16
    url = redis_server.url.rsplit("/", 1)[0] + f"/{db}"
    import redis

    redis.Redis.from_url(url).flushdb()
    return {**FAST, "NARDY_DATABASE_URL": postgres.new_database(), "NARDY_REDIS_URL": url}


@pytest.fixture
def cluster(site_dir, cluster_env):
    """Two server processes on one PostgreSQL database and one Redis."""
    processes = [ServerProcess(site_dir, cluster_env).start() for _ in range(2)]
    yield processes
    for process in processes:
        process.stop()
        assert "Traceback" not in process.output(), process.output()[-3000:]


def read_store(env: dict, match_id: str) -> tuple[MatchRow, list]:
    """A match's row and log, read from the store the environment names (as a server at start would)."""
    from nardy_server.config import from_environment
    from nardy_server.store import open_store

    async def read():
        store = open_store(from_environment(env))
        await store.start()
        try:
            return await store.row(match_id), await store.entries(match_id)
        finally:
            await store.close()

    return loop.run(read(), 120)
