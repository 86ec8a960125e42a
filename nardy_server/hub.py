"""The match hub: the matches this process hosts, their connections, and every change to them.

The server is each match's only authority. A player's frame goes through
:meth:`Hub.frame`: the seat must be the one to act (``matchlog``), the
frame's ``seq`` the match's (an old or replayed action is refused), the
clock not run out; the server rolls the dice (``seats.roll``); the engine
plays the action (``nardy_rules.game_session``: actions in, changes out);
then, in this order:

1. the entries are **written to the store** (write-ahead): the action, and
   the opening rolls the server makes when a game begins;
2. they are **published** to the other processes hosting the match;
3. the engine's changes are **sent** to every connection of the match (both
   seats and the spectators), in the shape the play page's worker answers.

A refused action changes nothing and gets a refusal frame. If the store
refuses the entries (another process wrote the same numbers first) or fails,
the match is read again from the store and every connection gets it whole.

Entries written by another process arrive through ``events``; the hub applies
them to its own copy in order, reading any gap from the store. The clock's
deadline, a seat gone longer than ``abandon_seconds`` and an offer whose
author left are written as entries of the server's own (``matchlog``).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import time

from nardy_rules.contract import COLORS, quote
from nardy_rules.game_record import ROLL
from nardy_rules.matfile import export_text

from . import seats
from .config import Settings
from .connection import Connection
from .events import Events
from .matchlog import PLAYING, WAITING, LiveMatch, LogError, MatchRow, replay
from .store import Store

LOG = logging.getLogger("nardy_server")


def now_ms() -> int:
    return int(time.time() * 1000)


def dumps(value: dict) -> str:
    """A frame's text: ASCII, so that a lone surrogate quoted from a hostile frame is an escape, never text
    that cannot be sent."""
    return json.dumps(value, separators=(",", ":"))


class FrameError(Exception):
    """A frame refused before it reached the match: its code and message go back in an error frame."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


class Hosted:
    """A match this process hosts: its live copy, its connections here, its timers and presence."""

    def __init__(self, live: LiveMatch):
        self.live = live
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.timer: asyncio.TimerHandle | None = None
        #: Seats connected in any process, as last heard.
        self.present: set[str] = set()
        #: Since when (monotonic seconds) a seat has been away.
        self.away_since: dict[str, float] = {}
        #: Since when this process has watched the match being played (an absence counts from then at the earliest).
        self.watched_from = time.monotonic()
        #: The row's (status, winner, reason) as last written, and when (ms): written again when it changes,
        #: or a minute on (the lobby counts matches with recent entries).
        self.stored_status: tuple | None = None
        self.stored_at = 0


class Hub:
    def __init__(self, settings: Settings, store: Store, events: Events):
        self.settings = settings
        self.store = store
        self.events = events
        self.matches: dict[str, Hosted] = {}
        self.loading: dict[str, asyncio.Future] = {}
        #: Offers not hosted here whose author is away: match id -> since when (monotonic).
        self.offer_away: dict[str, float] = {}
        self.lobby = None  # the lobby (lobby.Lobby) tells its listeners of changes
        self.beat: asyncio.Task | None = None
        self.tasks: set[asyncio.Task] = set()
        #: Actions the engine played in this process, and the CPU time it took (``/api/stats``).
        self.acted = 0
        self.engine_seconds = 0.0
        #: How late the event loop ran a timer (seconds): the worst, and how many times over 50 ms.
        self.lag_worst = 0.0
        self.lag_worst_cpu = 0.0
        self.lags_over_50ms = 0
        self.lag_watch: asyncio.Task | None = None
        #: The garbage collector's pauses: the worst (seconds) and how many full collections.
        self.gc_worst = 0.0
        self.gc_full = 0
        self._gc_started = 0.0

    def _engine(self, function, *args):
        """Run the engine's part of an action, counting its CPU time."""
        started = time.process_time()
        try:
            return function(*args)
        finally:
            self.engine_seconds += time.process_time() - started
            self.acted += 1

    def stats(self) -> dict:
        """Counts for an operator (no match id, no token): matches hosted, connections, the engine's share."""
        return {"process": self.events.process, "matches": len(self.matches),
                "connections": sum(len(hosted.connections) for hosted in self.matches.values()),
                "actions": self.acted, "engine_seconds": round(self.engine_seconds, 6),
                "cpu_seconds": round(time.process_time(), 6),
                "loop_lag": {"worst_ms": round(self.lag_worst * 1000, 1), "over_50ms": self.lags_over_50ms,
                             "worst_cpu_ms": round(self.lag_worst_cpu * 1000, 1)},
                "gc": {"worst_ms": round(self.gc_worst * 1000, 1), "full_collections": self.gc_full}}

    def _gc_watch(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
            return
        self.gc_worst = max(self.gc_worst, time.perf_counter() - self._gc_started)
        if info.get("generation") == 2:
            self.gc_full += 1

    async def _watch_lag(self) -> None:
        """The event loop's lateness: a loop busy or blocked shows here before players feel it."""
        while True:
            started, cpu = time.monotonic(), time.thread_time()
            await asyncio.sleep(0.05)
            late = time.monotonic() - started - 0.05
            if late > self.lag_worst:
                # The loop thread's CPU time over that interval: near the lateness when the loop was busy,
                # near nothing when it was blocked (the disk) or not scheduled (a busy machine).
                self.lag_worst, self.lag_worst_cpu = late, time.thread_time() - cpu
            if late > 0.05:
                self.lags_over_50ms += 1

    async def start(self) -> None:
        await self.store.start()
        await self.events.start(self.on_event)
        self.beat = asyncio.create_task(self._heartbeat(), name="nardy-heartbeat")
        self.lag_watch = asyncio.create_task(self._watch_lag(), name="nardy-loop-lag")
        gc.callbacks.append(self._gc_watch)

    async def close(self) -> None:
        if self._gc_watch in gc.callbacks:
            gc.callbacks.remove(self._gc_watch)
        for task in (self.beat, self.lag_watch):
            if task is not None:
                task.cancel()
        for hosted in self.matches.values():
            if hosted.timer is not None:
                hosted.timer.cancel()
            for connection in list(hosted.connections):
                connection.close(1001)
        await self.events.close()
        await self.store.close()

    # ------------------------------------------------------------------ creating and joining

    async def create(self, variant: str, length: int, color: str, clock: dict | None, public: bool) -> dict:
        """A new match with the creator's seat taken: its id, the seat, its token, and a private match's invite."""
        side = seats.random_color() if color == "random" else color
        token = seats.new_token()
        invite = None if public else seats.new_invite()
        now = now_ms()
        row = MatchRow(id=seats.new_match_id(), variant=variant, length=length, creator=side, public=public,
                       delay_ms=clock["delay"] * 1000 if clock else None,
                       reserve_ms=clock["reserve"] * 1000 if clock else None,
                       invite=seats.digest(invite) if invite else None,
                       white=seats.digest(token) if side == "white" else None,
                       black=seats.digest(token) if side == "black" else None,
                       status=WAITING, winner=None, reason=None, rematch_of=None, created=now, updated=now)
        await self.store.create(row)
        if public:
            await self.events.publish(None, {"lobby": variant})
        return {"match": row.id, "seat": side, "token": token, "invite": invite}

    async def join(self, match_id: str, invite: object) -> dict:
        """Take a match's open seat (a public offer, or a private match with its invite): the seat and token.

        Raises FrameError: ``no-such-match``, ``bad-invite``, ``seat-taken``."""
        row = await self.store.row(match_id)
        if row is None:
            raise FrameError("no-such-match", "no such match")
        if row.status != WAITING:
            raise FrameError("seat-taken", "this match has no open seat")
        if not row.public and not seats.same_digest(invite, row.invite, seats.ID_TEXT):
            raise FrameError("bad-invite", "this invitation is not valid")
        side = seats.other_color(row.creator)
        token = seats.new_token()
        if not await self.store.claim(match_id, side, seats.digest(token), row.invite):
            raise FrameError("seat-taken", "this match has no open seat")
        hosted = await self._host(match_id)
        async with hosted.lock:
            await self._write(hosted, [{"server": "joined", "side": side}])
            hosted.watched_from = time.monotonic()
        self._forget_if_idle(hosted)
        if row.public:
            await self.events.publish(None, {"lobby": row.variant})
        return {"match": match_id, "seat": side, "token": token}

    # ------------------------------------------------------------------ hosting

    async def _host(self, match_id: str) -> Hosted:
        """The match, read from the store unless this process hosts it already. Raises FrameError."""
        hosted = self.matches.get(match_id)
        if hosted is not None:
            return hosted
        pending = self.loading.get(match_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future = asyncio.get_running_loop().create_future()
        self.loading[match_id] = future
        try:
            live = await self._read(match_id)
            hosted = Hosted(live)
            self.matches[match_id] = hosted
            hosted.present = await self.events.presence(match_id)
            self._arm_clock(hosted)
            future.set_result(hosted)
            return hosted
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: no "never retrieved" warning when nobody else waited
            raise
        finally:
            del self.loading[match_id]

    async def _read(self, match_id: str) -> LiveMatch:
        row = await self.store.row(match_id)
        if row is None:
            raise FrameError("no-such-match", "no such match")
        try:
            return replay(row, await self.store.entries(match_id))
        except LogError:
            LOG.exception("match %s: the stored log does not replay", match_id)
            raise FrameError("damaged", "this match cannot be read") from None

    def _forget_if_idle(self, hosted: Hosted) -> None:
        """Stop hosting a match nobody here is connected to (it is read again when someone is)."""
        match_id = hosted.live.row.id
        if not hosted.connections and self.matches.get(match_id) is hosted and not hosted.lock.locked():
            if hosted.timer is not None:
                hosted.timer.cancel()
            del self.matches[match_id]

    # ------------------------------------------------------------------ connections

    async def connect(self, connection: Connection, token: object) -> Hosted:
        """A connection to a match: a seat when the token is one of its seats', else a spectator."""
        hosted = await self._host(connection.match_id)
        row = hosted.live.row
        if token is not None:
            side = next((s for s in COLORS if seats.same_digest(token, row.seat_digest(s))), None)
            if side is None:
                # The row this process read may predate the seat being taken: read it again once.
                row = await self.store.row(row.id)
                side = next((s for s in COLORS if row is not None and seats.same_digest(token, row.seat_digest(s))), None)
                if side is None:
                    raise FrameError("bad-token", "this token holds no seat of this match")
                hosted.live.row = row
            connection.side = side
        hosted.connections.add(connection)
        async with hosted.lock:
            connection.send(dumps(self._full(hosted, connection)))
        if connection.side is not None:
            await self._presence(hosted, connection.side, +1)
        return hosted

    async def _presence(self, hosted: Hosted, side: str, delta: int) -> None:
        """A seat's connection came or went: count it, tell the other processes, tell everyone here. Events
        that cannot be sent now (Redis away) leave the presence to the next heartbeat's look."""
        match_id = hosted.live.row.id
        try:
            await self.events.present(match_id, side, delta)
            await self.events.publish(match_id, {"presence": True})
            await self._presence_changed(hosted)
        except Exception as error:
            LOG.warning("match %s: presence not shared (%s)", match_id, type(error).__name__)

    async def disconnect(self, connection: Connection) -> None:
        hosted = self.matches.get(connection.match_id)
        if hosted is None or connection not in hosted.connections:
            return
        hosted.connections.discard(connection)
        if connection.side is not None:
            await self._presence(hosted, connection.side, -1)
        self._forget_if_idle(hosted)

    def _online(self, hosted: Hosted, connection: Connection | None = None) -> dict:
        online = hosted.live.online(now_ms())
        online["present"] = sorted(hosted.present)
        if connection is not None:
            online["you"] = connection.side
        return online

    def _full(self, hosted: Hosted, connection: Connection | None = None) -> dict:
        return {**hosted.live.session.full(), "online": self._online(hosted, connection)}

    def _broadcast(self, hosted: Hosted, frame: dict) -> None:
        text = dumps(frame)
        for connection in list(hosted.connections):
            connection.send(text)

    async def _presence_changed(self, hosted: Hosted) -> None:
        present = await self.events.presence(hosted.live.row.id)
        if present == hosted.present:
            return
        now = time.monotonic()
        for side in COLORS:
            if side in present:
                hosted.away_since.pop(side, None)
            else:
                hosted.away_since.setdefault(side, now)
        hosted.present = present
        self._broadcast(hosted, {"online": self._online(hosted)})
        if hosted.live.row.public and not hosted.live.started and hosted.live.over is None:
            await self.events.publish(None, {"lobby": hosted.live.row.variant})

    # ------------------------------------------------------------------ frames

    async def frame(self, connection: Connection, request: dict) -> None:
        """One frame of a match connection (read and shaped by ``routes``): ``game`` or ``rematch``."""
        hosted = self.matches.get(connection.match_id)
        if hosted is None or connection not in hosted.connections:
            raise FrameError("not-connected", "say hello first")
        ask = request.get("ask")
        if request["op"] == "rematch":
            await self._rematch(hosted, connection, ask)
        elif "action" in request:
            await self._act(hosted, connection, request, ask)
        elif request.get("export"):
            record = hosted.live.play.record().to_json()
            connection.send(dumps({"answer": ask, "seq": hosted.live.seq, "export": export_text(record)}))
        else:
            async with hosted.lock:
                connection.send(dumps({**self._full(hosted, connection), "answer": ask}))

    async def _act(self, hosted: Hosted, connection: Connection, request: dict, ask) -> None:
        action = request["action"]
        act = action.get("act") if isinstance(action, dict) else None
        async with hosted.lock:
            live = hosted.live
            why = live.who_may_act(connection.side, act)
            if why is not None:
                raise FrameError(why, _WHY[why])
            if request.get("seq") != live.seq:
                raise FrameError("stale", f"the match is at {live.seq}, not {quote(request.get('seq'))}: "
                                          "this action was made on an older state")
            now = now_ms()
            if live.clock is not None and live.clock.expired(now):
                await self._write(hosted, [{"server": "timeout", "side": live.clock.running}])
                raise FrameError("time", "the time for this move has run out")
            if act == ROLL:
                if set(action) != {"act"}:
                    raise FrameError("server-rolls", "the server rolls the dice: send {\"act\": \"roll\"}")
                action = {"act": ROLL, "dice": seats.roll()}
            answer = self._engine(live.attempt, now, action)
            if "refused" in answer:
                connection.send(dumps({"answer": ask, "seq": live.seq, "refused": answer["refused"]}))
                return
            bodies = [{"action": action}]
            answers = [answer]
            answers += self._openings(live, now, bodies)
            if await self._store(hosted, live.n - len(bodies), now, bodies):
                self._send_answers(hosted, answers, connection, ask)

    def _openings(self, live: LiveMatch, now: int, bodies: list) -> list:
        """The opening rolls the server makes when a game begins (ties rolled again): their answers."""
        answers = []
        while live.needs_opening():
            action = {"act": "opening", "dice": seats.roll()}
            answers.append(self._engine(live.attempt, now, action))
            bodies.append({"action": action})
        return answers

    def _send_answers(self, hosted: Hosted, answers: list, actor: Connection | None = None, ask=None) -> None:
        """The engine's changes to every connection; the actor's last frame also answers its request (``ask``),
        which saves it a frame of its own."""
        online = self._online(hosted)
        last = len(answers) - 1
        for k, answer in enumerate(answers):
            text = dumps({**answer, "online": online})
            for connection in list(hosted.connections):
                if connection is actor and k == last:
                    connection.send(text[:-1] + ',"answer":' + json.dumps(ask) + "}")
                else:
                    connection.send(text)
        self._arm_clock(hosted)

    async def _write(self, hosted: Hosted, bodies: list) -> bool:
        """Apply the server's own entries (and any openings they make due), store them, tell everyone.
        Called with the match's lock held."""
        live = hosted.live
        now = now_ms()
        first = live.n
        answers = []
        for body in bodies:
            live.server_entry(now, body)
        answers += self._openings(live, now, bodies)
        if not await self._store(hosted, first, now, bodies):
            return False
        self._send_answers(hosted, answers)
        if not answers:
            self._broadcast(hosted, {"online": self._online(hosted)})
        return True

    async def _store(self, hosted: Hosted, first: int, now: int, bodies: list) -> bool:
        """Write the entries numbered from ``first + 1`` (already applied to the live match), then publish them.
        On a conflict or a failure the match is read again and sent whole; False then."""
        live = hosted.live
        entries = [(first + k, now, body) for k, body in enumerate(bodies, 1)]
        status = live.status()
        if status == hosted.stored_status and now - hosted.stored_at < 60_000:
            status = None  # the row is as it was: only the entries are written
        try:
            written = await self.store.append(live.row.id, entries, status, now)
        except Exception:
            LOG.exception("match %s: the store failed", live.row.id)
            written = False
        if status is not None and written:
            hosted.stored_status, hosted.stored_at = status, now
        if not written:
            await self._reload(hosted)
            raise FrameError("stale", "another action was taken first: the match is sent again")
        with contextlib.suppress(Exception):  # the others read a lost event from the store
            await self.events.publish(live.row.id, {"entries": [[n, at, body] for n, at, body in entries]})
        if live.over is not None and live.row.public:
            await self.events.publish(None, {"lobby": live.row.variant})
        return True

    async def _reload(self, hosted: Hosted) -> None:
        """Read the match again from the store and send it whole (the lock is held)."""
        try:
            hosted.live = await self._read(hosted.live.row.id)
        except Exception:
            LOG.exception("match %s: cannot be read again", hosted.live.row.id)
            for connection in list(hosted.connections):
                connection.close(1011)
            return
        for connection in list(hosted.connections):
            connection.send(dumps(self._full(hosted, connection)))
        self._arm_clock(hosted)

    # ------------------------------------------------------------------ events from other processes

    async def on_event(self, match_id: str | None, message: dict) -> None:
        if match_id is None:
            if self.lobby is not None:
                await self.lobby.changed(message.get("lobby"))
            return
        hosted = self.matches.get(match_id)
        if hosted is None:
            return
        if message.get("presence"):
            await self._presence_changed(hosted)
        entries = message.get("entries")
        if isinstance(entries, list):
            async with hosted.lock:
                await self._catch_up(hosted, entries)

    async def _catch_up(self, hosted: Hosted, entries: list) -> None:
        live = hosted.live
        try:
            if entries and isinstance(entries[0], list) and entries[0][0] > live.n + 1:
                entries = await self.store.entries(live.row.id, live.n)  # a gap: read what was missed
            started = live.started
            answers = []
            for n, at, body in entries:
                if n <= live.n:
                    continue
                answers.append(self._engine(live.apply, n, at, body) if "action" in body else live.apply(n, at, body))
            if live.started and not started:
                hosted.watched_from = time.monotonic()
        except Exception:
            LOG.exception("match %s: entries from another process do not apply; reading it again", live.row.id)
            await self._reload(hosted)
            return
        for answer in answers:
            self._broadcast(hosted, {"online": self._online(hosted)} if answer is None
                            else {**answer, "online": self._online(hosted)})
        self._arm_clock(hosted)

    # ------------------------------------------------------------------ rematch

    async def _rematch(self, hosted: Hosted, connection: Connection, ask) -> None:
        async with hosted.lock:
            live = hosted.live
            if connection.side is None:
                raise FrameError("spectator", _WHY["spectator"])
            if live.over is None or live.over["reason"] == "cancelled":
                raise FrameError("not-over", "a rematch is offered once the match is over")
            if live.rematch is not None or connection.side in live.rematch_asked:
                connection.send(dumps({"answer": ask, "seq": live.seq}))
                return
            body = {"server": "rematch", "side": connection.side}
            if seats.other_color(connection.side) in live.rematch_asked:
                body["match"] = await self._create_rematch(live)
            await self._write(hosted, [body])
            connection.send(dumps({"answer": ask, "seq": live.seq}))

    async def _create_rematch(self, live: LiveMatch) -> str:
        """The next match between the same two seats, colours swapped: each keeps its token."""
        old = live.row
        now = now_ms()
        row = MatchRow(id=seats.new_match_id(), variant=old.variant, length=old.length, creator="white", public=False,
                       delay_ms=old.delay_ms, reserve_ms=old.reserve_ms, invite=None, white=old.black, black=old.white,
                       status=PLAYING, winner=None, reason=None, rematch_of=old.id, created=now, updated=now)
        await self.store.create(row)
        new = LiveMatch(row)
        bodies = [{"server": "joined", "side": "black"}]
        new.server_entry(now, bodies[0])
        self._openings(new, now, bodies)
        entries = [(k, now, body) for k, body in enumerate(bodies, 1)]
        await self.store.append(row.id, entries, new.status(), now)
        return row.id

    # ------------------------------------------------------------------ time: clocks, abandoned matches, offers

    def _arm_clock(self, hosted: Hosted) -> None:
        if hosted.timer is not None:
            hosted.timer.cancel()
            hosted.timer = None
        clock = hosted.live.clock
        deadline = clock.deadline() if clock is not None and hosted.live.over is None else None
        if deadline is None:
            return
        n = hosted.live.n
        delay = max(0.0, (deadline - now_ms()) / 1000 + 0.02)
        hosted.timer = asyncio.get_running_loop().call_later(delay, self._spawn, self._time_up(hosted, n))

    def _spawn(self, coroutine) -> None:
        task = asyncio.create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _time_up(self, hosted: Hosted, n: int) -> None:
        async with hosted.lock:
            live = hosted.live
            if live.n != n or live.over is not None or live.clock is None:
                return
            if not live.clock.expired(now_ms()):
                self._arm_clock(hosted)
                return
            with contextlib.suppress(FrameError):
                await self._write(hosted, [{"server": "timeout", "side": live.clock.running}])

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(self.settings.heartbeat_seconds)
            try:
                await self.beat_once()
            except Exception:
                LOG.exception("heartbeat")

    async def beat_once(self) -> None:
        """Say this process is alive; look at presence; award abandoned matches; withdraw deserted offers."""
        players = sum(1 for hosted in self.matches.values() for c in hosted.connections if c.side is not None)
        await self.events.heartbeat(players)
        # Presence changes arrive as events; only a process that died (or came) says nothing: then look again.
        recheck = await self.events.processes_changed()
        now = time.monotonic()
        for hosted in list(self.matches.values()):
            if recheck:
                await self._presence_changed(hosted)
            live = hosted.live
            if live.over is not None:
                continue
            for side in COLORS:
                since = hosted.away_since.get(side)
                if since is None or side in hosted.present:
                    continue
                since = max(since, hosted.watched_from)
                if live.started and seats.other_color(side) in hosted.present and \
                        now - since >= self.settings.abandon_seconds:
                    async with hosted.lock:
                        if hosted.live.over is None:
                            with contextlib.suppress(FrameError):
                                await self._write(hosted, [{"server": "abandoned", "side": side}])
                elif not live.started and side == live.row.creator and live.row.public and \
                        now - since >= self.settings.offer_seconds:
                    await self._cancel(hosted)
        await self._sweep_offers(now)

    async def _sweep_offers(self, now: float) -> None:
        """Public offers hosted nowhere here whose author has gone: withdrawn after ``offer_seconds``."""
        rows = [row for row in await self.store.waiting() if row.public and row.id not in self.matches]
        seen = set()
        for row in rows:
            seen.add(row.id)
            if row.creator in await self.events.presence(row.id):
                self.offer_away.pop(row.id, None)
                continue
            since = self.offer_away.setdefault(row.id, now)
            if now - since >= self.settings.offer_seconds:
                with contextlib.suppress(FrameError):
                    hosted = await self._host(row.id)
                    await self._cancel(hosted)
                    self._forget_if_idle(hosted)
                self.offer_away.pop(row.id, None)
        for match_id in set(self.offer_away) - seen:
            del self.offer_away[match_id]

    async def _cancel(self, hosted: Hosted) -> None:
        async with hosted.lock:
            if hosted.live.over is None and not hosted.live.started:
                with contextlib.suppress(FrameError):
                    await self._write(hosted, [{"server": "cancelled"}])
                await self.events.publish(None, {"lobby": hosted.live.row.variant})


#: What a refused actor is told.
_WHY = {
    "spectator": "a spectator cannot act",
    "match-over": "the match is over",
    "waiting": "the match waits for an opponent",
    "server-rolls": "the server rolls the opening",
    "not-your-turn": "it is not this seat's turn",
}
