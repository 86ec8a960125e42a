"""Hostile input for the game server: strategies of frames, hellos and HTTP requests, and a session that sends
them to a running server and holds it to its properties (``tests/server/test_fuzz.py``, ``scripts/fuzz.py
--server``).

Properties, for every input: the server answers (a probe frame sent after it is answered on the same
connection; an HTTP request gets a status below 500 and JSON), never closes a connection for a bad frame
(only for a broken frame budget or a message over the protocol's bound), never logs a traceback, and a
frame that was refused or wrong changes no match: its seq and record are as before. A frame that did
change the match was an action of the seat to act, made on the match's seq.
"""

from __future__ import annotations

import asyncio
import json
import random

from hypothesis import strategies as st

from .client import Client, ahttp, join, new_match
from .loop import LoopThread

ACTS = ["opening", "roll", "move", "confirm", "double", "take", "pass", "resign", "accept", "decline", "undo",
        "next-game", "", "ROLL", "roll ", None]
KEYS = ["op", "match", "action", "seq", "export", "ask", "token", "act", "dice", "from", "to", "die", "record",
        "new", "computer", "hint", "x"]

#: Text a WebSocket can carry (no lone surrogates; JSON escapes them, and those are sent: see json_leaves).
def texts(max_size):
    return st.text(st.characters(exclude_categories=("Cs",)), max_size=max_size)


json_leaves = st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False) | \
    st.text(max_size=30)
json_values = st.recursive(json_leaves, lambda inner: st.lists(inner, max_size=4) |
                           st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=8), inner, max_size=4),
                           max_leaves=12)
places = st.sampled_from(["bar", "off", 0, 25, -1, 24.0, "24", True]) | st.integers(-3, 27)


def actions():
    return st.fixed_dictionaries({"act": st.sampled_from(ACTS)}, optional={
        "dice": st.lists(st.integers(-1, 8) | json_leaves, max_size=3),
        "from": places, "to": places, "die": st.integers(-1, 8) | json_leaves,
        "extra": json_values,
    }) | json_values


@st.composite
def game_frames(draw, match_id: str):
    """Frames of the game op: right and wrong ids, seqs near and far, actions good and bad, stray keys."""
    frame = {"op": draw(st.sampled_from(["game", "game", "game", "rematch", "hello", "Game", 5, None]))}
    if draw(st.booleans()):
        frame["match"] = draw(st.sampled_from([match_id, match_id.upper(), "", "x" * 22]) | json_leaves)
    if draw(st.booleans()):
        frame["action"] = draw(actions())
    if draw(st.booleans()):
        frame["seq"] = draw(st.sampled_from(["SEQ", "SEQ-1", "SEQ+1"]) | st.integers(-5, 10**12) | json_leaves)
    if draw(st.integers(0, 5)) == 0:
        frame["export"] = draw(json_leaves)
    if draw(st.booleans()):
        frame["ask"] = draw(st.integers(-5, 2**40) | json_leaves)
    if draw(st.integers(0, 5)) == 0:
        frame[draw(st.text(max_size=6))] = draw(json_values)
    return frame


def frames(match_id: str):
    """What a hostile client sends: game frames, any JSON, text that is not JSON, bytes, deep and long text."""
    return st.one_of(
        game_frames(match_id).map(lambda f: ("json", f)),
        json_values.map(lambda v: ("json", v)),
        texts(200).map(lambda t: ("text", t)),
        st.binary(max_size=200).map(lambda b: ("bytes", b)),
        st.integers(1, 40).map(lambda n: ("text", "[" * (n * 10) + "]" * (n * 10))),
        st.integers(4000, 5000).map(lambda n: ("text", json.dumps({"op": "game", "pad": "x" * n}))),
        st.sampled_from(["{", '{"op": "game", "match": ', "NaN", '{"ask": 1e999}', '{"op":"game","ask":' + "9" * 30 + "}",
                         '"\\ud800"', '{"op": "game", "match": "MATCH", "seq": "SEQ", "ask": 4, "action": '
                         '{"act": "move", "from": "\\ud800", "to": 1}}',
                         '{"op": "game", "match": "\\udfff", "ask": 3}', '{"op": "hello"}',
                         "null"]).map(lambda t: ("text", t)),
    )


def hellos():
    return st.one_of(
        json_values,
        st.fixed_dictionaries({"op": st.just("hello")}, optional={"token": st.text(max_size=40) | json_leaves,
                                                                  "ask": json_leaves, "x": json_values}),
    ).map(json.dumps) | texts(60)


def http_requests():
    paths = st.sampled_from(["/api/matches", "/api/matches/MATCH", "/api/matches/MATCH/join", "/api/lobby",
                             "/api/lobby?variant=long", "/api/lobby?variant=%00", "/api/server", "/api/x",
                             "/api/matches/" + "a" * 22 + "/join", "/api/matches/../../etc/passwd",
                             "/api/matches/MATCH/ws"])
    bodies = st.one_of(st.none(), json_values.map(lambda v: json.dumps(v).encode()), st.binary(max_size=100),
                       st.fixed_dictionaries({}, optional={
                           "variant": st.sampled_from(["short", "long", "Short"]) | json_leaves,
                           "length": st.integers(-2, 70) | json_leaves,
                           "color": st.sampled_from(["white", "black", "random", "red"]) | json_leaves,
                           "clock": st.none() | json_values | st.fixed_dictionaries(
                               {"delay": st.integers(-1, 200) | json_leaves, "reserve": st.integers(-1, 5000) | json_leaves}),
                           "public": json_leaves, "invite": json_leaves,
                       }).map(lambda v: json.dumps(v).encode()))
    return st.tuples(st.sampled_from(["GET", "POST", "PUT", "DELETE", "HEAD"]), paths, bodies)


class Session:
    """One match in play on a running server, and connections to it that hostile frames are sent on."""

    def __init__(self, base: str):
        self.base = base
        self.runner = LoopThread("hostile-session")
        self.rng = random.Random(0)
        self.clients: list[Client] = []
        self.run(self._new_match())
        self.frames = 0

    def run(self, coroutine):
        return self.runner.run(coroutine, 60)

    async def _new_match(self) -> None:
        for client in self.clients:
            await client.close()
        created = await new_match(self.base, length=5)
        joined = await join(self.base, created["match"], created["invite"])
        self.match_id = created["match"]
        self.tokens = [created["token"], joined["token"]]
        self.clients = [await Client(self.base, self.match_id, token).connect() for token in self.tokens]
        self.clients.append(await Client(self.base, self.match_id).connect())
        for client in self.clients:
            await client.wait_full()

    async def _ensure(self) -> None:
        if any(client.closed.done() for client in self.clients) or self.clients[0].online.get("over"):
            await self._new_match()

    async def probe(self, client: Client) -> dict:
        """The whole match, asked after whatever was sent before on the connection."""
        return await client.ask({"op": "game", "match": self.match_id})

    def send_frame(self, kind: str, value, on: int) -> None:
        self.run(self._send_frame(kind, value, on))

    async def _send_frame(self, kind: str, value, on: int) -> None:
        await self._ensure()
        client = self.clients[on % 3]
        before = await self.probe(client)
        if kind == "json":
            value = _fill(value, before["seq"])
            data = json.dumps(value)
        elif kind == "text":
            data = value.replace('"MATCH"', json.dumps(self.match_id)).replace('"SEQ"', str(before["seq"]))
        else:
            data = value
        await client.ws.send(data)
        try:
            after = await self.probe(client)
        except ConnectionError:
            code = client.closed.result()
            assert code in (1008, 1009), f"closed with {code} after {str(data)[:200]!r}"
            await self._new_match()
            return
        self.frames += 1
        if after["seq"] != before["seq"] or after["record"] != before["record"]:
            assert kind == "json" and isinstance(value, dict) and value.get("op") == "game" and \
                isinstance(value.get("action"), dict) and value.get("seq") == before["seq"], value
            assert before["state"]["side"] in (client.you, None) and client.you is not None, (value, client.you)

    def send_hello(self, text: str) -> None:
        self.run(self._send_hello(text))

    async def _send_hello(self, text: str) -> None:
        client = Client(self.base, self.match_id)
        client.ws = await __import__("websockets").connect(client.url)
        client.closed = asyncio.get_running_loop().create_future()
        client.reader = asyncio.create_task(client._read())
        await client.ws.send(text)
        # Either a refusal and a close, or the whole match (a hello the server takes).
        await client.until(lambda: client.closed.done() or client.record is not None, 10)
        if client.record is None:
            assert client.errors and client.errors[0]["code"] in ("hello-first", "bad-frame", "bad-token", "too-long")
            assert client.closed.result() == 1008
        else:
            assert client.you is None or text.count(self.tokens[0]) or text.count(self.tokens[1])
        await client.close()

    def send_http(self, method: str, path: str, body: bytes | None) -> None:
        self.run(self._send_http(method, path, body))

    async def _send_http(self, method, path, body) -> None:
        path = path.replace("MATCH", self.match_id)
        before = await self.probe(self.clients[2])
        status, answer = await ahttp(self.base, method, path, None, None) if body is None else \
            await asyncio.to_thread(_raw_http, self.base, method, path, body)
        assert status < 500, (method, path, body, status, answer)
        if path.startswith("/api/") and method != "HEAD":
            assert isinstance(answer, dict) and (status < 300 or "error" in answer or "text" in answer), answer
        after = await self.probe(self.clients[2])
        assert after["seq"] == before["seq"] and after["record"] == before["record"]

    def close(self) -> None:
        async def close_all():
            for client in self.clients:
                await client.close()

        self.run(close_all())
        self.runner.close()


def _fill(value, seq: int):
    """A frame's seq placeholders made the match's seq (so that some hostile actions are current)."""
    if isinstance(value, dict):
        value = dict(value)
        marker = value.get("seq")
        if marker in ("SEQ", "SEQ-1", "SEQ+1"):
            value["seq"] = seq + {"SEQ": 0, "SEQ-1": -1, "SEQ+1": 1}[marker]
    return value


def _raw_http(base: str, method: str, path: str, body: bytes) -> tuple[int, dict]:
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        connection.request(method, path, body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        data = response.read()
    finally:
        connection.close()
    try:
        return response.status, json.loads(data) if data else {}
    except ValueError:
        return response.status, {"text": data[:200].decode("utf-8", "replace")}
