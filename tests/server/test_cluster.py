"""Two server processes on one PostgreSQL database and one Redis (each started by the tests on loopback ports
of their own): the two players of a match on different processes, a spectator on either, the process of
one player killed and the player going on through the other, the store equal to what everyone saw."""

from __future__ import annotations

import asyncio
import random

from .client import Client, assert_saw_the_store, join, new_match, play, run, stored_changes
from .conftest import read_store


async def across(one: str, two: str, **fields):
    """A match created on one process and joined on the other; a seat client on each, a spectator on each."""
    created = await new_match(one, **fields)
    changed = asyncio.Event()
    a = await Client(one, created["match"], created["token"], changed=changed).connect()
    await a.wait_full()
    joined = await join(two, created["match"], created["invite"])
    b = await Client(two, created["match"], joined["token"], changed=changed).connect()
    watchers = [await Client(url, created["match"], changed=changed).connect() for url in (one, two)]
    for client in (b, *watchers):
        await client.wait_full()
    for client in (a, b, *watchers):
        await client.until(lambda c=client: len(c.online["seated"]) == 2 and len(c.online["present"]) == 2, 15)
    return created, a, b, watchers


def test_two_processes_serve_one_match(cluster, cluster_env):
    one, two = (process.url for process in cluster)

    async def scenario():
        created, a, b, watchers = await across(one, two, length=3, variant="short")
        assert b.online["present"] == ["black", "white"]
        await play([a, b], random.Random(21), lambda: False, watchers)
        await a.until(lambda: len({c.seq for c in (a, b, *watchers)}) == 1)
        for client in (a, b, *watchers):
            await client.close()
        return created, [a, b, *watchers]

    created, clients = run(scenario())
    row, entries = read_store(cluster_env, created["match"])
    assert row.status == "over"
    record, changes = stored_changes(row, entries)
    for client in clients:
        assert_saw_the_store(client, record, changes)
        assert not client.errors, client.errors


def test_a_process_killed_its_player_goes_on_through_the_other(cluster, cluster_env):
    first, second = cluster

    async def scenario():
        created, a, b, watchers = await across(first.url, second.url, length=3, variant="long")
        rng = random.Random(4)
        await play([a, b], rng, lambda: a.seq >= 30, watchers)
        first.kill()  # a's process, and one spectator's
        await b.until(lambda: a.you not in b.online["present"], 20)  # the survivor notices (heartbeats)
        again = await Client(second.url, created["match"], a.token, changed=b.changed).connect()
        await again.wait_full()
        assert again.seq == a.seq and again.record == a.record and again.you == a.you
        again.seen = list(a.seen)
        await b.until(lambda: a.you in b.online["present"])
        await play([again, b], rng, lambda: False, [watchers[1]])
        await b.until(lambda: again.seq == b.seq == watchers[1].seq)
        for client in (again, b, *watchers, a):
            await client.close()
        return created, [again, b, watchers[1]]

    created, clients = run(scenario())
    row, entries = read_store(cluster_env, created["match"])
    assert row.status == "over" and row.reason == "play"
    record, changes = stored_changes(row, entries)
    for client in clients:
        assert_saw_the_store(client, record, changes)
