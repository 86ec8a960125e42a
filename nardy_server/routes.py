"""The server's addresses: HTTP to create, join and list matches, WebSockets to play, watch and follow the lobby.

Every untrusted input (an HTTP body, a frame) is read by the engine's contract
reader (``nardy_rules.contract``: bounded text, depth and numbers) and then
shaped here; anything else gets a clear error and changes nothing.

HTTP (JSON in and out; bodies at most ``max_frame_chars``):

- ``GET /api/server`` (and ``/api/server.json``, which the play page asks, where a static copy of the
  site has a file saying there is no game server): that a game server is here, and what it accepts.
- ``GET /api/stats``: this process's counts (matches hosted, connections,
  actions and the engine's CPU time on them, the process's CPU time).
- ``POST /api/matches`` ``{"variant", "length", "color": "white"|"black"|"random",
  "clock": null|{"delay": s, "reserve": s}, "public": bool}``: a new match
  with the creator's seat: ``{"match", "seat", "token", "invite"}`` (the
  invite is null for a public offer). Rate-limited per address.
- ``GET /api/matches/<id>``: what anyone may know of it (``MatchRow.summary``).
- ``POST /api/matches/<id>/join`` ``{"invite"}``: the open seat:
  ``{"match", "seat", "token"}``; 403 a wrong invite, 404 no match, 409 no
  open seat.
- ``GET /api/lobby?variant=short``: the lobby's list and counts.

WebSockets (the Origin must be the server's own or one configured; a
client without one, not a browser, is let in):

- ``/api/matches/<id>/ws``: the first frame is ``{"op": "hello", "token"?}``
  (a seat's token; none: a spectator); then the ``game`` protocol of the
  play page's worker, played by id (``nardy_rules.game_live``):
  ``{"op": "game", "match", "action", "seq", "ask"?}``, ``{"op": "game",
  "match", "ask"?}`` (the whole match again), ``{"op": "game", "match",
  "export": true, "ask"?}`` and ``{"op": "rematch", "ask"?}``. ``seq`` is
  the match's as the client last saw it: any other is refused (``stale``).
  The server sends the whole match after hello and on request, each change
  as the worker answers one (``{"match", "seq", "change", "state"}``), both
  with ``online`` (seats, presence, clock, end, rematch), ``{"online"}``
  alone when only that changed, and ``"answer": ask`` to a request: on the
  last change an accepted action made (to the actor only), on the whole
  match asked for, or in a frame of its own with ``seq`` and ``refused`` as
  the engine refuses, or ``error`` and ``code``.
- ``/api/lobby/ws?variant=short``: ``{"lobby": {"variant", "offers", "players", "games"}}``
  on every change and every few seconds.

A token travels only in a request's body or a frame, never in an address, so
no access log holds one; a spectator's frames hold none.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from nardy_rules.contract import COLORS, read_choice, read_int, read_json
from nardy_rules.errors import NardyError

from . import seats
from .config import Settings
from .connection import POLICY, Connection
from .hub import FrameError, Hub, dumps
from .limits import AddressLimits
from .lobby import VARIANTS, Lobby

LOG = logging.getLogger("nardy_server")
#: Seconds a new connection has to say hello.
HELLO_SECONDS = 10
#: Error frames a connection may earn by breaking its frame budget before it is closed.
STRIKES = 20
#: HTTP statuses of the errors.
STATUS = {"no-such-match": 404, "bad-invite": 403, "seat-taken": 409, "too-many": 429, "too-long": 413,
          "origin": 403}
#: Lengths offered: a single game (0) and odd matches up to the longest.
GAME_KEYS = {"op", "match", "action", "seq", "export", "ask"}


class Routes:
    def __init__(self, hub: Hub, lobby: Lobby, settings: Settings):
        self.hub, self.lobby, self.settings = hub, lobby, settings
        self.creations = AddressLimits(settings.create_burst, settings.create_rate)

    def routes(self) -> list:
        return [
            Route("/api/server", self.server_info),
            # The address the play page asks; a built site has a file there saying no server is.
            Route("/api/server.json", self.server_info),
            Route("/api/stats", self.stats),
            Route("/api/matches", self.create, methods=["POST"]),
            Route("/api/matches/{match_id}", self.summary),
            Route("/api/matches/{match_id}/join", self.join, methods=["POST"]),
            Route("/api/lobby", self.lobby_list),
            WebSocketRoute("/api/matches/{match_id}/ws", self.match_socket),
            WebSocketRoute("/api/lobby/ws", self.lobby_socket),
            Route("/api/{rest:path}", self.unknown, methods=["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH"]),
        ]

    # ------------------------------------------------------------------ HTTP

    async def server_info(self, request: Request) -> JSONResponse:
        settings = self.settings
        return JSONResponse({"server": "nardy", "protocol": 1, "variants": list(VARIANTS),
                             "lengths": [0, *range(1, settings.max_length + 1, 2)],
                             "clock": {"max_delay": settings.max_delay_seconds, "max_reserve": settings.max_reserve_seconds}})

    async def stats(self, request: Request) -> JSONResponse:
        return JSONResponse(self.hub.stats())

    async def unknown(self, request: Request) -> JSONResponse:
        return _error("no-such-address", "no such address", 404)

    async def create(self, request: Request) -> JSONResponse:
        if not self._origin_ok(request.headers):
            return _error("origin", "requests from another site are not accepted")
        if not self.creations.take(request.client.host if request.client else "?"):
            return _error("too-many", "too many matches created from this address: wait a while")
        try:
            body = await self._body(request)
            settings = self.settings
            _only(body, {"variant", "length", "color", "clock", "public"}, "a new match")
            variant = read_choice(body.get("variant"), "variant", VARIANTS)
            length = read_int(body.get("length"), "length", 0, settings.max_length)
            if length and length % 2 == 0:
                raise NardyError(f"length {length}: a single game (0) or an odd number of points")
            color = read_choice(body.get("color", "random"), "color", (*COLORS, "random"))
            public = body.get("public", False)
            if not isinstance(public, bool):
                raise NardyError("public: true or false")
            clock = body.get("clock")
            if clock is not None:
                if not isinstance(clock, dict):
                    raise NardyError("clock: null, or an object with delay and reserve (seconds)")
                _only(clock, {"delay", "reserve"}, "clock")
                clock = {"delay": read_int(clock.get("delay"), "clock delay", 1, settings.max_delay_seconds),
                         "reserve": read_int(clock.get("reserve"), "clock reserve", 0, settings.max_reserve_seconds)}
        except FrameError as error:
            return _error(error.code, str(error))
        except NardyError as error:
            return _error("bad-request", str(error), 400)
        return JSONResponse(await self.hub.create(variant, length, color, clock, public), 201)

    async def summary(self, request: Request) -> JSONResponse:
        match_id = request.path_params["match_id"]
        row = await self.hub.store.row(match_id) if seats.is_match_id(match_id) else None
        if row is None:
            return _error("no-such-match", "no such match")
        return JSONResponse(row.summary())

    async def join(self, request: Request) -> JSONResponse:
        if not self._origin_ok(request.headers):
            return _error("origin", "requests from another site are not accepted")
        match_id = request.path_params["match_id"]
        try:
            if not seats.is_match_id(match_id):
                raise FrameError("no-such-match", "no such match")
            body = await self._body(request)
            _only(body, {"invite"}, "a join")
            return JSONResponse(await self.hub.join(match_id, body.get("invite")))
        except FrameError as error:
            return _error(error.code, str(error))
        except NardyError as error:
            return _error("bad-request", str(error), 400)

    async def lobby_list(self, request: Request) -> JSONResponse:
        try:
            variant = read_choice(request.query_params.get("variant", "short"), "variant", VARIANTS)
        except NardyError as error:
            return _error("bad-request", str(error), 400)
        return JSONResponse(await self.lobby.listing(variant))

    async def _body(self, request: Request) -> dict:
        """The JSON object of a request's body, read up to the bound (FrameError / NardyError)."""
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > self.settings.max_frame_chars:
                raise FrameError("too-long", f"a body of at most {self.settings.max_frame_chars} bytes")
            chunks.append(chunk)
        try:
            text = b"".join(chunks).decode("utf-8")
        except UnicodeDecodeError:
            raise NardyError("the body is not UTF-8 text") from None
        value = read_json(text, "the body")
        if not isinstance(value, dict):
            raise NardyError("the body is a JSON object")
        return value

    def _origin_ok(self, headers) -> bool:
        origin = headers.get("origin")
        if origin is None:
            return True  # not a browser: nothing to forge
        if origin in self.settings.origins:
            return True
        try:
            return urlsplit(origin).netloc == headers.get("host") and urlsplit(origin).scheme in ("http", "https")
        except ValueError:
            return False

    # ------------------------------------------------------------------ WebSockets

    async def match_socket(self, websocket: WebSocket) -> None:
        match_id = websocket.path_params["match_id"]
        if not self._origin_ok(websocket.headers) or not seats.is_match_id(match_id):
            await websocket.close(POLICY)
            return
        await websocket.accept()
        settings = self.settings
        connection = Connection(websocket, match_id, settings.frame_burst, settings.frame_rate, settings.max_queued_frames)
        strikes = 0
        try:
            try:
                hello = await asyncio.wait_for(self._frame(websocket, connection), HELLO_SECONDS)
                if hello.get("op") != "hello":
                    raise FrameError("hello-first", "the first frame is {\"op\": \"hello\", \"token\"?}")
                await self.hub.connect(connection, hello.get("token"))
            except (FrameError, TimeoutError) as error:
                code = error.code if isinstance(error, FrameError) else "hello-first"
                connection.send(dumps({"error": str(error) or "say hello first", "code": code}))
                connection.close(POLICY)
                await _drain(connection)
                return
            while True:
                ask = None
                try:
                    request = await self._frame(websocket, connection)
                    ask = request.get("ask")
                    if request["op"] == "hello":
                        raise FrameError("hello-twice", "this connection has said hello")
                    await self.hub.frame(connection, request)
                except FrameError as error:
                    connection.send(dumps({"answer": ask, "error": str(error), "code": error.code}))
                    if error.code == "too-many":
                        strikes += 1
                        if strikes > STRIKES:
                            connection.close(POLICY)
                            await _drain(connection)
                            return
        except WebSocketDisconnect:
            pass
        except Exception:  # a fault of the server's own: say it, never die with the connection's input
            LOG.exception("match %s: a connection failed", match_id)
            connection.close(1011)
        finally:
            await self.hub.disconnect(connection)
            await connection.finish()

    async def _frame(self, websocket: WebSocket, connection: Connection) -> dict:
        """The next frame, read and shaped; FrameError for anything else (WebSocketDisconnect when gone)."""
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        if not connection.bucket.take():
            raise FrameError("too-many", "too many frames: slow down")
        text = message.get("text")
        if text is None:
            raise FrameError("bad-frame", "frames are JSON text")
        if len(text) > self.settings.max_frame_chars:
            raise FrameError("too-long", f"a frame of at most {self.settings.max_frame_chars} characters")
        try:
            return read_frame(read_json(text, "the frame"), connection.match_id)
        except NardyError as error:
            raise FrameError("bad-frame", str(error)) from None

    async def lobby_socket(self, websocket: WebSocket) -> None:
        try:
            variant = read_choice(websocket.query_params.get("variant", "short"), "variant", VARIANTS)
        except NardyError:
            variant = None
        if variant is None or not self._origin_ok(websocket.headers):
            await websocket.close(POLICY)
            return
        await websocket.accept()
        settings = self.settings
        connection = Connection(websocket, None, settings.frame_burst, settings.frame_rate, settings.max_queued_frames)
        try:
            await self.lobby.add(connection, variant)
            while True:  # the lobby listens only; a frame is counted and otherwise ignored
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if not connection.bucket.take():
                    connection.close(POLICY)
                    break
        except WebSocketDisconnect:
            pass
        except Exception:
            LOG.exception("lobby: a connection failed")
        finally:
            self.lobby.remove(connection)
            await connection.finish()


def read_frame(value: object, match_id: str) -> dict:
    """A match connection's frame, checked (NardyError or FrameError otherwise)."""
    if not isinstance(value, dict):
        raise NardyError("a frame is a JSON object with an 'op'")
    op = value.get("op")
    ask = value.get("ask")
    if ask is not None:
        read_int(ask, "ask", 0, 2**31 - 1)
    if op == "hello":
        _only(value, {"op", "token", "ask"}, "hello")
        token = value.get("token")
        if token is not None and not isinstance(token, str):
            raise NardyError("token: text")
        return value
    if op == "rematch":
        _only(value, {"op", "ask"}, "rematch")
        return value
    if op != "game":
        raise NardyError("op: 'hello', 'game' or 'rematch'")
    _only(value, GAME_KEYS, "a game frame")
    if value.get("match") != match_id:
        raise FrameError("wrong-match", "this connection plays another match")
    if "action" in value:
        if not isinstance(value["action"], dict):
            raise NardyError("action: an object with an 'act'")
        read_int(value.get("seq"), "seq", 0, 10**9)
        if "export" in value:
            raise NardyError("an action or an export, not both")
    elif "seq" in value:
        raise NardyError("seq goes with an action")
    if "export" in value and value["export"] is not True:
        raise NardyError("export: true")
    return value


def _only(value: dict, keys: set, what: str) -> None:
    unknown = sorted(str(key)[:40] for key in value if key not in keys)
    if unknown:
        raise NardyError(f"{what} takes no {', '.join(repr(key) for key in unknown[:3])}")


def _error(code: str, message: str, status: int | None = None) -> JSONResponse:
    return JSONResponse({"error": message, "code": code}, status or STATUS.get(code, 400))


async def _drain(connection: Connection) -> None:
    """Let the writer send what is queued (the error) and close."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(asyncio.shield(connection.writer), 2)
