#!/usr/bin/env python3
"""Benchmark the game server: many matches at once over real WebSockets on loopback.

    .venv/bin/python scripts/bench_server.py [--matches 500] [--seconds 120] [--think 1.0] [--store sqlite|cluster|both]

For each store (``sqlite``: one process with the SQLite store and in-process
events; ``cluster``: two processes on PostgreSQL and Redis, each match's
creator on the first and its opponent on the second) it starts the servers
(PostgreSQL and Redis of its own on free loopback ports, as the tests do),
creates ``--matches`` matches (single games, short and long nardy in turn) and
connects two clients to each (``tests/server/client.py``, the page's way of
keeping a match from the changes). The seat to act waits a random think time
(exponential, mean ``--think`` seconds) and plays a random legal action through
the public protocol; a finished match starts a rematch. After ``--seconds`` the
clients stop (the run is bounded in time and in count) and it prints:

- actions per second, the offered load and the load average;
- the round trip of an action: sent by one player, until the new state has
  reached both (median, 99th percentile, worst);
- the server's CPU time per action (all server processes; with PostgreSQL and
  Redis's too for the cluster) next to the engine's own time for the same
  actions, measured in the same run: inside the servers (the CPU time of the
  engine's calls, ``/api/stats``) and again by replaying every stored log
  through ``MatchSession`` after the run; and their ratio;
- memory per open match: the servers' resident memory with all matches open
  less before, divided by the matches;
- the check: every match's stored log replays through the engine, and every
  change each client took equals the store's change at that seq, its record
  the store's (finished and unfinished matches alike);
- the transport alone, as a floor under the cost per action: the same pairs
  and rhythm through ``scripts/bench_relay.py`` (uvicorn, Starlette and
  websockets writing a row and relaying an answer of the mean change's size,
  no game), on the same store and events, its CPU per action beside the
  engine's.

Exits 1 if any check failed or any action was lost.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_relay

from nardy_server.config import from_environment
from nardy_server.matchlog import LiveMatch
from nardy_server.store import open_store
from tests.server.client import Client, assert_saw_the_store, join, new_match, random_action, stored_changes
from tests.server.servers import Postgres, Redis, ServerProcess, free_port

#: Connections opened a second while the matches are set up (a real server sees players arrive over time).
RAMP_PER_SECOND = 200


class Match:
    def __init__(self, created: dict, clients: list[Client]):
        self.id = created["match"]
        self.clients = clients
        self.actions = 0
        self.round_trips: list[float] = []
        self.finished = False
        self.ids = [self.id]


async def set_up(bases: list[str], index: int, changed_events: bool = True) -> Match:
    variant = ("short", "long")[index % 2]
    created = await new_match(bases[0], variant=variant, length=1, color="random")
    joined = await join(bases[-1], created["match"], created["invite"])
    changed = asyncio.Event()
    clients = [await Client(bases[0], created["match"], created["token"], changed=changed, keep_frames=False).connect(),
               await Client(bases[-1], created["match"], joined["token"], changed=changed, keep_frames=False).connect()]
    for client in clients:
        await client.wait_full(120)
    return Match(created, clients)


async def drive(match: Match, deadline: float, think: float, rng: random.Random, bases: list[str]) -> None:
    """Play random actions with think times until the deadline; a finished match goes on as a rematch."""
    a, b = match.clients
    while time.monotonic() < deadline:
        await a.until(lambda a=a, b=b: a.seq == b.seq and a.online is not None and b.online is not None, 120)
        if a.online.get("over"):
            match.finished = True
            if not await rematch(match, bases):
                return
            a, b = match.clients
            continue
        actor = next((c for c in (a, b) if c.my_turn()), None)
        if actor is None:
            await a.until(lambda a=a, b=b: a.my_turn() or b.my_turn() or bool(a.online.get("over")), 120)
            continue
        await asyncio.sleep(rng.expovariate(1 / think) if think > 0 else 0)
        if time.monotonic() >= deadline:
            return
        seq = actor.seq
        sent = time.monotonic()
        answer = await actor.act(random_action(actor.state, rng))
        if "error" in answer or "refused" in answer:
            raise AssertionError(f"match {match.id}: {answer}")
        target = answer["seq"]
        await a.until(lambda a=a, b=b, target=target: a.seq >= target and b.seq >= target, 120)
        done = max(a.arrived.get(target, sent), b.arrived.get(target, sent))
        match.round_trips.append(done - sent)
        match.actions += 1
        assert target == seq + 1


async def rematch(match: Match, bases: list[str]) -> bool:
    a, b = match.clients
    await a.ask({"op": "rematch"})
    await b.ask({"op": "rematch"})
    await a.until(lambda: a.online["rematch"]["match"] is not None, 60)
    new_id = a.online["rematch"]["match"]
    match.ids.append(new_id)
    changed = asyncio.Event()
    clients = [await Client(base, new_id, client.token, changed=changed, keep_frames=False).connect()
               for base, client in zip(bases, (a, b))]
    for client in clients:
        await client.wait_full(60)
    match.old = getattr(match, "old", []) + [(match.id, a, b)]
    match.id, match.clients = new_id, clients
    await a.close()
    await b.close()
    return True


def engine_time(store_env: dict, matches: list[Match]) -> tuple[float, int, list[str], int]:
    """The engine's CPU time per action over every stored log, replayed through MatchSession; the check of
    every client against the store; the mean size of an action's change frame. (seconds per action, actions,
    problems, bytes)"""

    async def read_all():
        store = open_store(from_environment(store_env))
        await store.start()
        try:
            found = {}
            for match in matches:
                for match_id in match.ids:
                    found[match_id] = (await store.row(match_id), await store.entries(match_id))
            return found
        finally:
            await store.close()

    stored = asyncio.run(read_all())
    problems: list[str] = []
    spent, acted, sizes = 0.0, 0, 0
    for match in matches:
        for match_id, clients in [(old_id, (a, b)) for old_id, a, b in getattr(match, "old", [])] + \
                [(match.id, match.clients)]:
            row, entries = stored[match_id]
            try:
                record, changes = stored_changes(row, entries)
                for client in clients:
                    assert_saw_the_store(client, record, changes)
            except AssertionError as error:
                problems.append(f"{match_id}: {str(error)[:200]}")
                continue
            live = LiveMatch(row)
            for n, at, body in entries:
                if "action" in body:
                    started = time.process_time()
                    answer = live.session.act(body["action"])
                    spent += time.process_time() - started
                    acted += 1
                    sizes += len(json.dumps(answer, separators=(",", ":")))
                    live.n += 1
                else:
                    live.apply(n, at, body)
    return (spent / acted if acted else 0.0), acted, problems, (sizes // acted if acted else 2000)


def cpu_of(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")
    return total


def waited_for_cpu(pids: list[int]) -> float:
    """Seconds the processes' threads have waited for a CPU, runnable but not running (/proc schedstat)."""
    total = 0
    for pid in pids:
        for stat in Path(f"/proc/{pid}/task").glob("*/schedstat"):
            with contextlib.suppress(OSError, ValueError, IndexError):
                total += int(stat.read_text().split()[1])
    return total / 1e9


def cpu_pressure() -> str:
    """The machine's CPU pressure (the share of time some task waited for a CPU, last minute), if known."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        return Path("/proc/pressure/cpu").read_text().split()[2].split("=")[1] + "%"
    return "unknown"


def postgres_pids() -> list[int]:
    found = subprocess.run(["pgrep", "-u", "postgres"], capture_output=True, text=True).stdout.split()
    return [int(pid) for pid in found]


async def stats_of(base: str) -> dict:
    from tests.server.client import ahttp

    status, answer = await ahttp(base, "GET", "/api/stats")
    assert status == 200, answer
    return answer


def rss_of(servers: list[ServerProcess]) -> int:
    return sum(server.rss_bytes() for server in servers)


def run_one(kind: str, args, site: Path) -> bool:
    folder = Path(tempfile.mkdtemp(prefix="nardy-bench-"))
    env = {"NARDY_CREATE_PER_HOUR": "1000000", "NARDY_DATA": str(folder / "data")}
    postgres = redis = None
    servers: list[ServerProcess] = []
    try:
        if kind == "cluster":
            postgres, redis = Postgres(), Redis()
            env.update(NARDY_DATABASE_URL=postgres.new_database(), NARDY_REDIS_URL=redis.url)
        servers = [ServerProcess(site, env).start() for _ in range(2 if kind == "cluster" else 1)]
        bases = [server.url for server in servers]
        time.sleep(1)
        rss_before = rss_of(servers)
        ok = asyncio.run(bench(kind, args, servers, bases, env, rss_before, postgres, redis))
    finally:
        for server in servers:
            server.stop()
        if redis is not None:
            redis.stop()
        if postgres is not None:
            postgres.stop()
    for server in servers:
        if "Traceback" in server.output():
            print(f"  the server logged a traceback:\n{server.output()[-2000:]}")
            ok = False
    return ok


async def bench(kind, args, servers, bases, env, rss_before, postgres, redis) -> bool:
    rng = random.Random(args.seed)
    started = time.monotonic()
    matches: list[Match] = []
    for first in range(0, args.matches, RAMP_PER_SECOND // 2):
        batch = range(first, min(args.matches, first + RAMP_PER_SECOND // 2))
        matches += await asyncio.gather(*(set_up(bases, index) for index in batch))
        await asyncio.sleep(max(0.0, 1 - (time.monotonic() - started) % 1))
    set_up_seconds = time.monotonic() - started
    pids = [server.process.pid for server in servers]
    extra = (postgres_pids() + [redis.process.pid]) if kind == "cluster" else []
    cpu_before, extra_before = cpu_of(pids), cpu_of(extra)
    stats_before = [await stats_of(base) for base in bases]
    waited_before = waited_for_cpu(pids)
    play_started = time.monotonic()
    own_cpu = time.process_time()
    deadline = play_started + args.seconds
    tasks = [asyncio.create_task(drive(match, deadline, args.think, random.Random(rng.random()), bases))
             for match in matches]
    await asyncio.sleep(min(args.seconds / 2, 30))
    rss_open = rss_of(servers)
    results = await asyncio.gather(*tasks, return_exceptions=True)
    elapsed = time.monotonic() - play_started
    own_cpu = time.process_time() - own_cpu
    cpu = cpu_of(pids) - cpu_before
    extra_cpu = cpu_of(extra) - extra_before
    stats_after = [await stats_of(base) for base in bases]
    waited = waited_for_cpu(pids) - waited_before
    inside = sum(after["engine_seconds"] - before["engine_seconds"] for before, after in zip(stats_before, stats_after))
    inside_actions = sum(after["actions"] - before["actions"] for before, after in zip(stats_before, stats_after))
    load = os.getloadavg()
    await asyncio.sleep(0.5)
    for match in matches:
        for client in match.clients:
            await client.close()
    failures = [result for result in results if isinstance(result, BaseException)]
    actions = sum(match.actions for match in matches)
    trips = sorted(trip for match in matches for trip in match.round_trips)
    engine, replayed, problems, frame_size = await asyncio.to_thread(engine_time, env, matches)
    finished = sum(len(match.ids) - 1 + (1 if match.finished and len(match.ids) == 1 else 0) for match in matches)

    def ms(value):
        return f"{value * 1000:.2f} ms" if value < 0.01 else f"{value * 1000:.0f} ms"

    name = {"sqlite": "SQLite, one process", "cluster": "PostgreSQL + Redis, two processes"}[kind]
    print(f"\n{name}: {len(matches)} matches, {2 * len(matches)} clients (set up in {set_up_seconds:.0f} s), "
          f"{elapsed:.0f} s of play, think time {args.think} s (offered about {len(matches) / max(args.think, 1e-3):.0f} "
          f"actions/s)")
    print(f"  load average during the run: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; CPU pressure (last minute) "
          f"{cpu_pressure()}; the servers waited {waited:.0f} s for a CPU in {elapsed:.0f} s; the clients' process "
          f"used {own_cpu / elapsed:.0%} of a core")
    print(f"  actions: {actions:,} ({actions / elapsed:.0f} a second; the engine played {inside_actions:,} in the "
          f"servers); matches finished: {finished}")
    if trips:
        p99 = trips[min(len(trips) - 1, int(len(trips) * 0.99))]
        print(f"  round trip (sent until both have the new state): median {ms(statistics.median(trips))}, "
              f"99th percentile {ms(p99)}, worst {ms(trips[-1])}")
    if actions:
        per_action = cpu / actions
        line = f"  server CPU per action: {ms(per_action)}"
        if kind == "cluster":
            line += f" (servers), {ms((cpu + extra_cpu) / actions)} with PostgreSQL and Redis"
        print(line)
        # The engine's time per call; in the cluster each process hosting a match plays each of its actions
        # (both, when its two players are on different processes), which the server's CPU per action holds.
        in_server = inside / inside_actions if inside_actions else 0.0
        print(f"  the engine's own time for the same actions: {ms(in_server)} per action inside the servers "
              f"(ratio {per_action / in_server:.1f}x" + (f", {(cpu + extra_cpu) / actions / in_server:.1f}x with "
                                                         "PostgreSQL and Redis" if kind == "cluster" else "") +
              f"); {ms(engine)} replayed alone after the run ({replayed:,} actions; ratio {per_action / engine:.1f}x)")
    lag = [after["loop_lag"] for after in stats_after]
    print("  the servers' event loops: worst lateness " + ", ".join(f"{one['worst_ms']:.0f} ms (of which "
                                                                   f"{one['worst_cpu_ms']:.0f} ms busy)" for one in lag) +
          "; timers over 50 ms late: " + ", ".join(str(one["over_50ms"]) for one in lag) +
          "; garbage collector: worst pause " + ", ".join(f"{a['gc']['worst_ms']:.0f} ms" for a in stats_after) +
          ", full collections " + ", ".join(str(a["gc"]["full_collections"]) for a in stats_after))
    print(f"  memory per open match: {(rss_open - rss_before) / len(matches) / 1024:.0f} KiB "
          f"(resident {rss_before / 2**20:.0f} MiB before, {rss_open / 2**20:.0f} MiB with every match open)")
    print(f"  check: {sum(len(m.ids) for m in matches) - len(problems)} of {sum(len(m.ids) for m in matches)} stored "
          f"matches replay and equal what both clients saw; client failures: {len(failures)}")
    for problem in (problems + [repr(f)[:300] for f in failures])[:5]:
        print(f"    {problem}")
    if actions:
        where = "a SQLite row" if kind == "sqlite" else "a PostgreSQL row and a Redis message, two processes,"
        transport = await asyncio.to_thread(relay_floor, args, frame_size, postgres, redis)
        print(f"  the transport alone (scripts/bench_relay.py: uvicorn, Starlette, websockets and {where} per action, "
              f"no game; {frame_size:,}-byte answers): {ms(transport)} CPU per action, {transport / in_server:.1f}x the "
              f"engine's time inside the servers, {transport / engine:.1f}x alone; the server's cost above the "
              f"transport: {ms(max(0.0, per_action - transport))}, {(per_action - transport) / in_server:.1f}x the "
              f"engine's time inside the servers")
    return not problems and not failures


def relay_floor(args, frame_size: int, postgres, redis) -> float:
    """The relay's CPU per action (its processes'), with the same pairs, think time and seconds as the game
    server had; on PostgreSQL and Redis when the game server was."""
    ports = [free_port()] if postgres is None else [free_port(), free_port()]
    where = [str(Path(tempfile.mkdtemp(prefix="nardy-relay-")) / "relay.sqlite")] if postgres is None else \
        [postgres.new_database(), redis.url]
    processes = [bench_relay.start(port, *where) for port in ports]
    try:
        time.sleep(1)
        pids = [process.pid for process in processes]
        before = cpu_of(pids)
        actions, _trips = asyncio.run(bench_relay.drive_pairs(ports, args.matches, args.seconds, args.think,
                                                              frame_size, 120, args.seed))
        return (cpu_of(pids) - before) / max(actions, 1)
    finally:
        for process in processes:
            process.terminate()
            process.wait(20)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=120, help="seconds of play (default 120)")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds before each action (default 1.0)")
    parser.add_argument("--store", choices=["sqlite", "cluster", "both"], default="both")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 1 <= args.matches <= 2000 or not 1 <= args.seconds <= 3600:
        print("bench_server: --matches 1..2000 and --seconds 1..3600", file=sys.stderr)
        return 2
    print(f"bench_server: {datetime.datetime.now().isoformat(timespec='minutes')}, {os.cpu_count()} cores, "
          f"python {sys.version.split()[0]}; {' '.join(sys.argv)}")
    site = Path(tempfile.mkdtemp(prefix="nardy-bench-site-"))
    (site / "404.html").write_text("<!doctype html><title>404</title>", encoding="utf-8")
    ok = True
    for kind in (["sqlite", "cluster"] if args.store == "both" else [args.store]):
        ok = run_one(kind, args, site) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
