"""Faults on one process with SQLite: a connection dropped mid-turn, the server killed with SIGKILL mid-game
and started again, the time control running out, a match abandoned; nothing a player saw is lost, nothing
is applied twice."""

from __future__ import annotations

import asyncio
import random

from .client import Client, assert_saw_the_store, join, new_match, play, random_action, run, stored_changes
from .conftest import read_store
from .servers import ServerProcess
from .test_protocol import seated


def test_a_connection_dropped_mid_turn_resumes_with_the_move_half_made(server, sqlite_env):
    async def scenario():
        created, (a, b), watcher = await seated(server.url, length=3)
        await play([a, b], random.Random(11), lambda: any(c.state["phase"] == "move" and c.my_turn()
                                                            and c.state["turn"]["max_dice"] >= 2 for c in (a, b)))
        mover = a if a.my_turn() else b
        other = b if mover is a else a
        move = mover.state["turn"]["legal_moves"][0]
        await mover.act({"act": "move", "from": move["from"], "to": move["to"], "die": move["die"]})
        before = (mover.seq, mover.state["turn"]["moves"], mover.record)
        assert len(before[1]) == 1
        mover.ws.transport.abort()  # the network gone: no closing handshake
        await other.until(lambda: mover.you not in other.online["present"])
        again = await Client(server.url, created["match"], mover.token).connect()
        await again.wait_full()
        assert (again.seq, again.state["turn"]["moves"], again.record) == before
        assert again.you == mover.you
        await other.until(lambda: mover.you in other.online["present"])
        # The turn goes on from the move made.
        await play([again, other], random.Random(12), lambda: False, [watcher])
        for client in (again, other, watcher):
            await client.close()
        return created, [mover, again, other, watcher]

    created, clients = run(scenario())
    row, entries = read_store(sqlite_env, created["match"])
    record, changes = stored_changes(row, entries)
    for client in clients[1:]:
        assert_saw_the_store(client, record, changes)
    for change in clients[0].seen:
        assert change == changes[change["base"]]


def test_sigkill_mid_game_loses_nothing_anyone_saw(site_dir, sqlite_env):
    process = ServerProcess(site_dir, sqlite_env).start()
    try:
        async def scenario():
            created, (a, b), watcher = await seated(process.url, length=3)
            rng = random.Random(5)
            await play([a, b], rng, lambda: a.seq >= 40, [watcher])

            async def keep_playing():
                # Until both connections are gone: the kill may come when each client's last state says the
                # other is to act (one's action answered, the other's frame lost), and then neither acts.
                while not all(client.closed.done() for client in (a, b)):
                    actor = next((c for c in (a, b) if c.my_turn()), None)
                    if actor is not None:
                        await actor.act(random_action(actor.state, rng))
                    else:
                        await asyncio.sleep(0.001)

            playing = asyncio.create_task(keep_playing())
            await asyncio.sleep(0.15)
            process.kill()  # mid-action: frames in flight are lost with the process
            await asyncio.gather(playing, return_exceptions=True)
            saw = {client.you: client.seq for client in (a, b)}
            assert max(saw.values()) > 40
            process.start()
            again = [await Client(process.url, created["match"], c.token).connect() for c in (a, b)]
            for old, new in zip((a, b), again):
                await new.wait_full()
                assert new.seq >= old.seq  # everything it saw is there
                new.seen = list(old.seen)  # one player across both connections
                assert new.record["games"][: len(old.record["games"]) - 1] == old.record["games"][:-1]
            await play(again, rng, lambda: False)
            for client in (a, b, watcher, *again):
                await client.close()
            return created, again

        created, again = run(scenario())
    finally:
        process.stop()
    row, entries = read_store(sqlite_env, created["match"])
    assert row.status == "over" and row.reason == "play"
    record, changes = stored_changes(row, entries)
    for client in again:
        bases = [change["base"] for change in client.seen]
        assert len(bases) == len(set(bases))  # nothing twice, across the restart
        assert_saw_the_store(client, record, changes)


def test_the_time_control_runs_out(server, sqlite_env):
    async def scenario():
        created = await new_match(server.url, length=3, clock={"delay": 1, "reserve": 1}, color="white")
        a = await Client(server.url, created["match"], created["token"]).connect()
        joined = await join(server.url, created["match"], created["invite"])
        b = await Client(server.url, created["match"], joined["token"], changed=a.changed).connect()
        await a.wait_full()
        await b.wait_full()
        await a.until(lambda: a.seq == b.seq and a.online["clock"]["running"] is not None)
        clock = a.online["clock"]
        assert clock["delay"] == 1000 and clock["reserve"] == {"white": 1000, "black": 1000}
        late = clock["running"]
        # The side to act plays quickly once: nothing comes off its reserve within the delay.
        actor = a if a.you == late else b
        answer = await actor.act(random_action(actor.state, random.Random(1)))
        assert answer.get("seq") == actor.seq
        assert actor.online["clock"]["reserve"][late] == 1000
        # Then nobody acts: whoever is to act loses on time, about 2 s later.
        await a.until(lambda: a.online["over"] is not None, 10)
        loser = a.online["clock"]["running"] if a.online["clock"]["running"] else None
        over = a.online["over"]
        assert over["reason"] == "time" and loser is None
        late_action = await actor.act({"act": "resign"})
        assert late_action["code"] == "match-over"
        await a.close()
        await b.close()
        return created, over

    created, over = run(scenario())
    row, entries = read_store(sqlite_env, created["match"])
    assert (row.status, row.reason, row.winner) == ("over", "time", over["winner"])
    assert entries[-1][2]["server"] == "timeout" and entries[-1][2]["side"] != over["winner"]


def test_an_abandoned_match_is_awarded_to_the_one_who_stayed(site_dir, sqlite_env):
    process = ServerProcess(site_dir, {**sqlite_env, "NARDY_ABANDON_SECONDS": "1.5"}).start()
    try:
        async def scenario():
            created, (a, b), watcher = await seated(process.url, length=5)
            await play([a, b], random.Random(2), lambda: a.seq >= 10, [watcher])
            await b.close()
            await a.until(lambda: b.you not in a.online["present"])
            assert a.online["over"] is None  # not at once
            await a.until(lambda: a.online["over"] is not None, 15)
            assert a.online["over"] == {"reason": "abandoned", "winner": a.you}
            await watcher.until(lambda: watcher.online["over"] is not None)
            await a.close()
            await watcher.close()
            return created, a.you

        created, winner = run(scenario())
    finally:
        process.stop()
    row, _entries = read_store(sqlite_env, created["match"])
    assert (row.status, row.reason, row.winner) == ("over", "abandoned", winner)


def test_nobody_wins_a_match_both_left(site_dir, sqlite_env):
    process = ServerProcess(site_dir, {**sqlite_env, "NARDY_ABANDON_SECONDS": "0.5"}).start()
    try:
        async def scenario():
            _created, (a, b), watcher = await seated(process.url, length=5)
            await a.close()
            await b.close()
            await asyncio.sleep(2)
            assert watcher.online["over"] is None and watcher.online["present"] == []
            await watcher.close()

        run(scenario())
    finally:
        process.stop()
