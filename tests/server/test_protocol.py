"""The game server on SQLite, over real HTTP and WebSockets: whole matches by two seats and a spectator, the
store equal to what every client saw, who may act, the dice, old and replayed actions, rematch, export,
invitations and the lobby."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
import websockets

from nardy_rules.game import replay

from .client import Client, ahttp, assert_saw_the_store, join, new_match, play, run, stored_changes
from .conftest import read_store


async def seated(base: str, **fields) -> tuple[dict, list[Client], Client]:
    """A match with both seats taken, two seat clients (the creator's first) and a spectator, all connected."""
    created = await new_match(base, **fields)
    changed = asyncio.Event()
    creator = await Client(base, created["match"], created["token"], changed=changed).connect()
    await creator.wait_full()
    joined = await join(base, created["match"], created["invite"])
    friend = await Client(base, created["match"], joined["token"], changed=changed).connect()
    watcher = await Client(base, created["match"], changed=changed).connect()
    for client in (friend, watcher):
        await client.wait_full()
    await creator.until(lambda: creator.online and len(creator.online["seated"]) == 2)
    return created, [creator, friend], watcher


@pytest.mark.parametrize("variant, length", [("short", 3), ("long", 1)])
def test_a_whole_match_and_the_store_equal_to_what_everyone_saw(server, sqlite_env, variant, length, tmp_path):
    async def scenario():
        created, (creator, friend), watcher = await seated(server.url, variant=variant, length=length, color="black")
        assert (creator.you, friend.you, watcher.you) == ("black", "white", None)
        assert creator.state["scoresheet"][0][0]["kind"] == "opening"  # the server rolled the opening
        actions = await play([creator, friend], random.Random(7), lambda: False, [watcher])
        await creator.until(lambda: creator.seq == friend.seq == watcher.seq)
        exported = await watcher.ask({"op": "game", "match": created["match"], "export": True})
        for client in (creator, friend, watcher):
            await client.close()
        return created, actions, creator, friend, watcher, exported["export"]

    created, actions, creator, friend, watcher, exported = run(scenario())
    assert actions > 50
    over = creator.online["over"]
    assert over["reason"] == "play" and over["winner"] in ("white", "black")
    assert creator.state["phase"] == "match-over" and creator.state["winner"] == over["winner"]
    row, entries = read_store(sqlite_env, created["match"])
    assert (row.status, row.winner, row.reason) == ("over", over["winner"], "play")
    record, changes = stored_changes(row, entries)
    for client in (creator, friend, watcher):
        assert_saw_the_store(client, record, changes)
    # The record the clients rebuilt replays through the engine to the same end.
    assert replay(creator.record).to_json()["winner"] == over["winner"]
    assert len(creator.seen) == len(changes)  # the creator was there from the start: every change
    # No digest or token in any frame a client got.
    text = json.dumps(watcher.frames) + json.dumps(friend.frames)
    assert created["token"] not in text and row.white not in text and row.black not in text
    if variant == "short":
        gnubg_reads_the_export(row, entries, exported, tmp_path)


def gnubg_reads_the_export(row, entries, exported: dict, tmp_path) -> None:
    """The server's .mat of a finished match, read by GNU Backgammon: every game's plays, cube actions, scores
    and winner as the stored log has them."""
    from nardy_server.matchlog import LiveMatch
    from tests.engine.test_matfile import compare, gnubg_import  # skips when gnubg is not installed

    live = LiveMatch(row)
    for n, at, body in entries:
        live.apply(n, at, body)
    assert exported["extension"] == ".mat"
    compare(live.play, gnubg_import(tmp_path, exported["text"]))
    assert sum(result.points for result in live.play.state().results if result.winner == row.winner) >= row.length


def test_only_the_seat_to_act_acts_and_the_server_rolls(server):
    async def scenario():
        _created, (white, black), watcher = await seated(server.url, length=3, color="white")
        mover = white if white.state["side"] == "white" else black
        other = black if mover is white else white
        seq = white.seq
        refusals = [
            await other.act({"act": "confirm"}),  # not its turn
            await watcher.act({"act": "confirm"}),  # a spectator
            await mover.act({"act": "opening", "dice": [6, 1]}),  # the server rolls the opening
        ]
        assert [r["code"] for r in refusals] == ["not-your-turn", "spectator", "server-rolls"]
        move = mover.state["turn"]["legal_moves"][0]
        stale = await mover.act({"act": "move", "from": move["from"], "to": move["to"]}, seq=seq - 1)
        assert stale["code"] == "stale"
        refused = await mover.act({"act": "move", "from": 24, "to": 1})
        assert refused["refused"]["code"] == "refused-move" and refused["seq"] == seq
        for answer in refusals + [stale]:
            assert "error" in answer
        # Nothing changed: the same seq everywhere.
        await asyncio.sleep(0.2)
        assert white.seq == black.seq == watcher.seq == seq
        # A turn played and confirmed; then the other rolls, and may not send its own dice.
        moves = 0
        while "confirm" not in mover.state["actions"]:
            move = mover.state["turn"]["legal_moves"][0]
            assert "seq" in await mover.act({"act": "move", "from": move["from"], "to": move["to"], "die": move["die"]})
            moves += 1
        confirmed = await mover.act({"act": "confirm"})
        assert confirmed["seq"] == mover.seq == seq + moves + 1
        await other.until(lambda: other.state["side"] == other.you)
        cheat = await other.act({"act": "roll", "dice": [6, 6]})
        assert cheat["code"] == "server-rolls"
        rolled = await other.act({"act": "roll"})
        assert rolled["seq"] == other.seq
        replayed = await mover.act({"act": "confirm"}, seq=seq + 2)  # an old frame sent again
        assert replayed["code"] in ("stale", "not-your-turn")
        for client in (white, black, watcher):
            await client.close()

    run(scenario())


def test_no_token_or_another_token_cannot_act(server):
    async def scenario():
        created, (white, black), _watcher = await seated(server.url, length=1)
        other = await new_match(server.url)
        intruders = [
            Client(server.url, created["match"]),  # the id alone: a spectator
            Client(server.url, created["match"], other["token"]),  # another match's token
        ]
        first = await intruders[0].connect()
        await first.wait_full()
        assert first.you is None
        answer = await first.act({"act": "confirm"})
        assert answer["code"] == "spectator"
        second = await intruders[1].connect()
        await second.until(lambda: second.closed.done())
        assert second.errors[0]["code"] == "bad-token" and second.closed.result() == 1008
        # A made-up token of the right shape, and one of another shape.
        for token in ("A" * 32, "not a token", 12):
            client = await Client(server.url, created["match"]).connect({"op": "hello", "token": token})
            await client.until(lambda client=client: client.closed.done())
            assert client.errors and client.errors[0]["code"] in ("bad-token", "bad-frame")
        for client in (white, black, first):
            await client.close()

    run(scenario())


def test_rematch_export_and_the_end(server, sqlite_env):
    async def scenario():
        created, (a, b), watcher = await seated(server.url, length=1, variant="short")
        await play([a, b], random.Random(3), lambda: False, [watcher])
        await a.until(lambda: a.seq == b.seq)
        after = await a.act({"act": "roll"})
        assert after["code"] == "match-over"
        exported = await watcher.ask({"op": "game", "match": created["match"], "export": True})
        assert exported["export"]["extension"] == ".mat" and "1 point match" in exported["export"]["text"]
        assert (await watcher.ask({"op": "rematch"}))["code"] == "spectator"
        await a.ask({"op": "rematch"})
        await b.until(lambda: b.online["rematch"]["asked"] == [a.you])
        assert b.online["rematch"]["match"] is None
        await b.ask({"op": "rematch"})
        await a.until(lambda: a.online["rematch"]["match"] is not None)
        new_id = a.online["rematch"]["match"]
        # Each seat keeps its token in the rematch, with the other colour.
        a2 = await Client(server.url, new_id, a.token).connect()
        b2 = await Client(server.url, new_id, b.token).connect()
        await a2.wait_full()
        await b2.wait_full()
        assert (a2.you, b2.you) == (b.you, a.you)
        assert a2.state["scoresheet"][0][0]["kind"] == "opening" and len(a2.online["seated"]) == 2
        for client in (a, b, watcher, a2, b2):
            await client.close()
        return new_id

    new_id = run(scenario())
    row, _entries = read_store(sqlite_env, new_id)
    assert row.status == "playing" and row.rematch_of is not None


def test_invitations(server):
    async def scenario():
        base = server.url
        created = await new_match(base, color="random")
        assert created["seat"] in ("white", "black") and len(created["token"]) == 32 and len(created["invite"]) == 22
        status, summary = await ahttp(base, "GET", f"/api/matches/{created['match']}")
        assert status == 200 and summary["status"] == "waiting" and summary["open"] == [
            "black" if created["seat"] == "white" else "white"]
        assert created["invite"] not in json.dumps(summary)
        for invite, code in ((None, 403), ("B" * 22, 403), (5, 403)):
            status, answer = await ahttp(base, "POST", f"/api/matches/{created['match']}/join", {"invite": invite})
            assert status == code, (invite, answer)
        joined = await join(base, created["match"], created["invite"])
        assert joined["seat"] != created["seat"] and joined["token"] != created["token"]
        status, answer = await ahttp(base, "POST", f"/api/matches/{created['match']}/join", {"invite": created["invite"]})
        assert status == 409 and answer["code"] == "seat-taken"
        status, answer = await ahttp(base, "POST", "/api/matches/" + "x" * 22 + "/join", {})
        assert status == 404

    run(scenario())


def test_the_lobby(server):
    async def scenario():
        base = server.url
        lobby = await websockets.connect(base.replace("http", "ws") + "api/lobby/ws?variant=long")
        first = json.loads(await lobby.recv())["lobby"]
        assert first["offers"] == [] and first["variant"] == "long"
        offer = await new_match(base, variant="long", length=5, public=True, color="white")
        assert offer["invite"] is None
        # Listed only once its author is connected to it.
        author = await Client(base, offer["match"], offer["token"]).connect()
        await author.wait_full()

        async def listed():
            while True:
                message = json.loads(await asyncio.wait_for(lobby.recv(), 10))["lobby"]
                if message["offers"]:
                    return message

        message = await listed()
        assert [o["match"] for o in message["offers"]] == [offer["match"]] and message["offers"][0]["length"] == 5
        assert message["players"] >= 1
        status, short = await ahttp(base, "GET", "/api/lobby?variant=short")
        assert status == 200 and short["lobby"]["offers"] == []
        taker = await join(base, offer["match"], None)  # a public offer needs no invite
        assert taker["seat"] == "black"
        while True:
            message = json.loads(await asyncio.wait_for(lobby.recv(), 10))["lobby"]
            if not message["offers"]:
                break
        await author.until(lambda: len(author.online["seated"]) == 2)
        await author.close()
        await lobby.close()

    run(scenario())


def test_an_offer_whose_author_leaves_vanishes(site_dir, sqlite_env):
    from .servers import ServerProcess

    process = ServerProcess(site_dir, {**sqlite_env, "NARDY_OFFER_SECONDS": "1"}).start()
    try:
        async def scenario():
            offer = await new_match(process.url, public=True)
            author = await Client(process.url, offer["match"], offer["token"]).connect()
            await author.wait_full()
            status, listing = await ahttp(process.url, "GET", "/api/lobby?variant=short")
            assert [o["match"] for o in listing["lobby"]["offers"]] == [offer["match"]]
            await author.close()
            await asyncio.sleep(0.6)
            status, listing = await ahttp(process.url, "GET", "/api/lobby?variant=short")
            assert listing["lobby"]["offers"] == []  # gone from the list at once
            for _ in range(100):
                status, summary = await ahttp(process.url, "GET", f"/api/matches/{offer['match']}")
                if summary["status"] == "cancelled":
                    break
                await asyncio.sleep(0.1)
            assert summary["status"] == "cancelled"
            status, _answer = await ahttp(process.url, "POST", f"/api/matches/{offer['match']}/join", {})
            assert status == 409

        run(scenario())
    finally:
        process.stop()
