"""A client of the game server for the tests and the benchmark: HTTP calls and a WebSocket per seat or spectator.

:class:`Client` keeps the match from the server's frames as the play page's
``OpenMatch`` (``assets/play/nardy-play-match.js``) does: the whole record
and every game's scoresheet from a full frame, each change applied to them, a
change whose ``base`` is not the client's ``seq`` making it ask for the whole
match. ``seen`` lists every change it took, so a test can rebuild what a
player saw and hold the store to it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
import urllib.error
import urllib.request

import websockets

from . import loop


def http(base: str, method: str, path: str, body: dict | None = None, headers: dict | None = None) -> tuple[int, dict]:
    """(status, JSON answer) of one request (blocking: call through ``asyncio.to_thread`` in a loop)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base.rstrip("/") + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, {"text": text.decode("utf-8", "replace")}


async def ahttp(base, method, path, body=None, headers=None):
    return await asyncio.to_thread(http, base, method, path, body, headers)


async def new_match(base: str, **fields) -> dict:
    body = {"variant": "short", "length": 3, "color": "white", "public": False, **fields}
    status, answer = await ahttp(base, "POST", "/api/matches", body)
    assert status == 201, (status, answer)
    return answer


async def join(base: str, match_id: str, invite: str | None) -> dict:
    status, answer = await ahttp(base, "POST", f"/api/matches/{match_id}/join", {"invite": invite})
    assert status == 200, (status, answer)
    return answer


class Client:
    def __init__(self, base: str, match_id: str, token: str | None = None, origin: str | None = None,
                 changed: asyncio.Event | None = None, keep_frames: bool = True):
        """``changed``: an event set on every frame, which clients of one match may share (to wait on all)."""
        self.url = base.replace("http://", "ws://").rstrip("/") + f"/api/matches/{match_id}/ws"
        self.match_id, self.token, self.origin = match_id, token, origin
        self.ws = None
        self.reader: asyncio.Task | None = None
        self.record: dict | None = None
        self.sheets: list = []
        self.seq = -1
        self.state: dict | None = None
        self.online: dict | None = None
        self.you: str | None = None
        self.seen: list[dict] = []
        self.frames: list[dict] = []
        self.errors: list[dict] = []
        self.pending: dict[int, asyncio.Future] = {}
        self.asked = 0
        self.changed = changed or asyncio.Event()
        self.keep_frames = keep_frames
        self.closed: asyncio.Future | None = None
        #: When each change arrived (monotonic), by the seq it made.
        self.arrived: dict[int, float] = {}

    async def connect(self, hello: dict | None = None) -> Client:
        headers = {"Origin": self.origin} if self.origin else None
        self.ws = await websockets.connect(self.url, additional_headers=headers, max_size=2**24,
                                           open_timeout=30, ping_interval=None)
        self.closed = asyncio.get_running_loop().create_future()
        self.reader = asyncio.create_task(self._read())
        first = hello or ({"op": "hello", "token": self.token} if self.token else {"op": "hello"})
        await self.ws.send(json.dumps(first))
        return self

    async def wait_full(self, timeout: float = 30) -> None:
        await self.until(lambda: self.record is not None, timeout)

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.reader

    async def _read(self) -> None:
        try:
            async for text in self.ws:
                frame = json.loads(text)
                if self.keep_frames:
                    self.frames.append(frame)
                await self._take(frame)
        except websockets.ConnectionClosed:
            pass
        finally:
            if not self.closed.done():
                self.closed.set_result(self.ws.close_code)
            for future in self.pending.values():
                if not future.done():
                    future.set_exception(ConnectionError("the connection closed"))

    async def _take(self, frame: dict) -> None:
        if "online" in frame:
            self.online = frame["online"]
            if "you" in frame["online"]:
                self.you = frame["online"]["you"]
        if "record" in frame:
            self.record, self.sheets = frame["record"], frame["state"]["scoresheet"]
            self.seq, self.state = frame["seq"], frame["state"]
        elif "change" in frame:
            change = frame["change"]
            if change["base"] != self.seq:
                self.errors.append({"missed": change["base"], "had": self.seq})
                await self.ws.send(json.dumps({"op": "game", "match": self.match_id}))
            else:
                games = self.record["games"]
                if change["game"] > len(games):
                    games.append({"actions": []})
                    self.sheets.append([])
                games[change["game"] - 1]["actions"][change["at"]:] = change["actions"]
                self.sheets[change["game"] - 1][change["sheet_at"]:] = change["sheet"]
                self.seq, self.state = frame["seq"], {**frame["state"], "scoresheet": self.sheets}
                self.seen.append(change)
                self.arrived[self.seq] = time.monotonic()
        if "error" in frame and frame.get("answer") is None:
            self.errors.append(frame)
        ask = frame.get("answer")
        if ask is not None and ask in self.pending:
            self.pending.pop(ask).set_result(frame)
        self.changed.set()

    async def ask(self, request: dict, timeout: float = 30) -> dict:
        self.asked += 1
        future = asyncio.get_running_loop().create_future()
        self.pending[self.asked] = future
        await self.ws.send(json.dumps({**request, "ask": self.asked}))
        return await asyncio.wait_for(future, timeout)

    async def act(self, action: dict, seq: int | None = None) -> dict:
        return await self.ask({"op": "game", "match": self.match_id, "action": action,
                               "seq": self.seq if seq is None else seq})

    async def until(self, condition, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"waited {timeout} s; seq {self.seq}, phase "
                                   f"{self.state and self.state['phase']}, online {self.online}")
            self.changed.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(left, 1.0))

    def my_turn(self) -> bool:
        state = self.state
        if state is None or not self.online or self.online.get("over") or len(self.online["seated"]) < 2:
            return False
        if state["side"] is None:
            return "next-game" in state["actions"]
        return state["side"] == self.you


def random_action(state: dict, rng: random.Random, double_rate: float = 0.05) -> dict:
    """A random legal action for the side to act (the server rolls the dice)."""
    actions = state["actions"]
    if "next-game" in actions:
        return {"act": "next-game"}
    if "take" in actions:
        return {"act": "take" if rng.random() < 0.8 else "pass"}
    if "accept" in actions:
        return {"act": "accept"}
    if "confirm" in actions:
        return {"act": "confirm"}
    if "move" in actions:
        move = rng.choice(state["turn"]["legal_moves"])
        return {"act": "move", "from": move["from"], "to": move["to"], "die": move["die"]}
    if "double" in actions and rng.random() < double_rate:
        return {"act": "double"}
    return {"act": "roll"}


async def play(seats: list[Client], rng: random.Random, until, watchers: list[Client] = (), most: int = 100_000) -> int:
    """The two seats play random legal actions, each acting only once every client has the last change,
    until ``until()`` or the match ends; the number of actions. On return every client has the same seq."""
    everyone = [*seats, *watchers]
    first = seats[0]
    count = 0
    while count < most:
        # Every client has the last change before ``until`` is asked, so a test that stops here (to kill a
        # process, say) knows what everyone saw: asked before, the other seat's action could still be on
        # its way to this one.
        await first.until(lambda: len({c.seq for c in everyone}) == 1 and all(c.online for c in everyone))
        if until() or first.online.get("over"):
            break
        actor = next((c for c in seats if c.my_turn()), None)
        if actor is None:
            await first.until(lambda: any(c.my_turn() for c in seats) or bool(first.online.get("over")), 10)
            continue
        answer = await actor.act(random_action(actor.state, rng))
        assert "error" not in answer and "refused" not in answer, answer
        count += 1
    return count


def stored_changes(live_row, entries) -> tuple[dict, list[dict]]:
    """The record a store's log replays to, and the change each action made (index: the seq it applied to)."""
    from nardy_server.matchlog import LiveMatch

    live = LiveMatch(live_row)
    changes = []
    for n, at, body in entries:
        answer = live.apply(n, at, body)
        if answer is not None:
            changes.append(answer["change"])
    return live.play.record().to_json(), changes


def assert_saw_the_store(client: Client, record: dict, changes: list[dict]) -> None:
    """Every change the client took is the store's change at that seq, none twice, and its record is the store's."""
    bases = [change["base"] for change in client.seen]
    assert bases == sorted(set(bases)), "a change taken twice, or out of order"
    for change in client.seen:
        assert change == changes[change["base"]], (change, changes[change["base"]])
    assert client.record == record


def run(coroutine, seconds: float = 300):
    """Run a test's scenario (on a loop of its own thread: ``loop``), bounded: a hang fails the test instead of
    the suite."""
    return loop.run(coroutine, seconds)
