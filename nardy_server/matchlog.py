"""A match as its log makes it: the engine's session, the clock, the seats and how the match ended.

The store keeps each match as a row (:class:`MatchRow`: what it is, who
holds its seats, as token digests) and a log of numbered entries, each
written before anyone is told of it (write-ahead). An entry's body is JSON:

- ``{"action": {...}}``: an action of the ``game`` protocol as the engine
  played it (``nardy_rules.game_session``): any recorded act, ``undo``,
  ``next-game``; the dice of ``opening`` and ``roll`` are the server's.
- ``{"server": "joined", "side"}``: the second seat was taken.
- ``{"server": "timeout", "side"}``, ``{"server": "abandoned", "side"}``: that
  side lost the match on time, or by leaving it.
- ``{"server": "cancelled"}``: an offer withdrawn before anyone took it.
- ``{"server": "rematch", "side", "match"?}``: that side asks for a rematch;
  with ``match`` when both have, naming the new match.

:class:`LiveMatch` applies entries in order (:meth:`LiveMatch.apply`), so the
process that wrote them, another process that hears of them, and one that
opens the match from the store after a crash all hold the same match. Its
``seq`` is the engine session's (the changes a page has seen); ``n`` counts
entries of every kind.
"""

from __future__ import annotations

from dataclasses import dataclass

from nardy_rules.contract import COLORS, quote
from nardy_rules.errors import NardyError
from nardy_rules.game import GAME_OVER, MATCH_OVER, OPENING_PHASE, MatchPlay
from nardy_rules.game_session import MatchSession

from .clocks import Clock, TimeControl
from .seats import other_color

WAITING, PLAYING, OVER, CANCELLED = "waiting", "playing", "over", "cancelled"
STATUSES = (WAITING, PLAYING, OVER, CANCELLED)
#: Why a match ended: by play (the engine's match-over), on time, abandoned, or an offer withdrawn.
REASONS = ("play", "time", "abandoned", "cancelled")
SERVER_ENTRIES = ("joined", "timeout", "abandoned", "cancelled", "rematch")


class LogError(NardyError):
    """A stored log that does not replay: a damaged store, said loudly, never played on."""


@dataclass(frozen=True)
class MatchRow:
    """A match's row in the store."""

    id: str
    variant: str
    length: int
    #: The side of whoever created it (the first seat taken).
    creator: str
    public: bool
    #: The time control (milliseconds), or None.
    delay_ms: int | None
    reserve_ms: int | None
    #: SHA-256 of the invite secret (private matches) and of each seat's token (None: the seat is open).
    invite: str | None
    white: str | None
    black: str | None
    status: str
    winner: str | None
    reason: str | None
    rematch_of: str | None
    created: int
    updated: int

    def seat_digest(self, side: str) -> str | None:
        return self.white if side == "white" else self.black

    @property
    def time_control(self) -> TimeControl | None:
        return None if self.delay_ms is None else TimeControl(self.delay_ms, self.reserve_ms)

    def summary(self) -> dict:
        """What anyone may know of the match (the lobby, an invite's page): no digest, no token."""
        return {"match": self.id, "variant": self.variant, "length": self.length, "public": self.public,
                "clock": None if self.delay_ms is None else {"delay": self.delay_ms, "reserve": self.reserve_ms},
                "creator": self.creator, "status": self.status, "winner": self.winner, "reason": self.reason,
                "open": [side for side in COLORS if self.seat_digest(side) is None]}


class LiveMatch:
    """One match being played, rebuilt from its row and log."""

    def __init__(self, row: MatchRow):
        self.row = row
        self.session = MatchSession(row.id, MatchPlay(row.variant, row.length))
        self.n = 0
        control = row.time_control
        self.clock = Clock(control) if control else None
        self.seated = {row.creator}
        #: {"reason", "winner"} once the match has ended.
        self.over: dict | None = None
        self.rematch_asked: set[str] = set()
        self.rematch: str | None = None
        #: When the last entry was written (ms).
        self.at = row.created

    @property
    def play(self) -> MatchPlay:
        return self.session.play

    @property
    def seq(self) -> int:
        return self.session.seq

    @property
    def side(self) -> str | None:
        """Who is to act now (None: nobody, or either seat between games)."""
        return None if self.over else self.play.current.side

    @property
    def started(self) -> bool:
        return len(self.seated) == 2

    def needs_opening(self) -> bool:
        """The server rolls the opening: once both seats are taken, at each game's start and after a tie."""
        return self.started and self.over is None and self.play.phase == OPENING_PHASE

    def status(self) -> tuple[str, str | None, str | None]:
        """(status, winner, reason) for the store's row after the entries applied so far."""
        if self.over is not None:
            return (CANCELLED if self.over["reason"] == "cancelled" else OVER), self.over["winner"], self.over["reason"]
        return (PLAYING if self.started else WAITING), None, None

    def apply(self, n: int, at: int, body: dict) -> dict | None:
        """Apply stored entry ``n`` (the next one): the engine's answer for an action (its change), else None."""
        if n != self.n + 1:
            raise LogError(f"match {self.row.id}: entry {n} follows entry {self.n}")
        if "action" in body:
            answer = self.attempt(at, body["action"])
            if "refused" in answer:
                raise LogError(f"match {self.row.id}: entry {n} {quote(body['action'], as_json=True)}: "
                               f"{answer['refused']['message']}")
            return answer
        self._server_entry(n, body)
        self._applied(at)
        return None

    def attempt(self, at: int, action: object) -> dict:
        """Play a player's (or the server's) action as the next entry: the engine's answer, with ``refused``
        and nothing changed when the rules do not allow it."""
        if self.over is not None or not self.started:
            raise LogError(f"match {self.row.id}: an action {'after the end' if self.over else 'before both seats were taken'}")
        answer = self.session.act(action)
        if "refused" not in answer:
            if self.play.phase == MATCH_OVER:
                self.over = {"reason": "play", "winner": _winner(self.play)}
            self._applied(at)
        return answer

    def server_entry(self, at: int, body: dict) -> None:
        """Apply an entry of the server's own (joined, timeout, ...) as the next one."""
        self._server_entry(self.n + 1, body)
        self._applied(at)

    def _applied(self, at: int) -> None:
        self.n, self.at = self.n + 1, at
        if self.clock is not None:
            self.clock.advance(at, self.side if self.started else None)

    def _server_entry(self, n: int, body: dict) -> None:
        kind, side = body.get("server"), body.get("side")
        if kind not in SERVER_ENTRIES or (kind != "cancelled" and side not in COLORS):
            raise LogError(f"match {self.row.id}: entry {n}: {quote(body, as_json=True)} is no entry")
        if kind == "joined":
            self.seated.add(side)
        elif kind in ("timeout", "abandoned"):
            self.over = {"reason": "time" if kind == "timeout" else "abandoned", "winner": other_color(side)}
        elif kind == "cancelled":
            self.over = {"reason": "cancelled", "winner": None}
        else:
            self.rematch_asked.add(side)
            if body.get("match"):
                self.rematch = body["match"]

    def who_may_act(self, side: str | None, act: object) -> str | None:
        """Why ``side`` (a seat, or None for a spectator) may not send ``act`` now: an error code, or None."""
        if side is None:
            return "spectator"
        if self.over is not None:
            return "match-over"
        if not self.started:
            return "waiting"
        if act == "opening":
            return "server-rolls"
        to_act = self.side
        if to_act is None:
            return None if self.play.phase == GAME_OVER else "not-your-turn"
        return None if side == to_act else "not-your-turn"

    def online(self, now_ms: int) -> dict:
        """The server's part of a frame: seats taken, the clock, how the match ended, a rematch."""
        return {"seated": sorted(self.seated), "clock": self.clock.to_json(now_ms) if self.clock else None,
                "over": self.over, "rematch": {"asked": sorted(self.rematch_asked), "match": self.rematch}}


def _winner(play: MatchPlay) -> str | None:
    state_winner = play.match.winner if play.match is not None else None
    if state_winner is not None:
        return state_winner
    results = [game.result for game in play.games if game.result is not None]
    return results[-1].winner if results else None


def replay(row: MatchRow, entries) -> LiveMatch:
    """The match after ``entries`` (``(n, at, body)`` in order); a log that does not replay raises :class:`LogError`."""
    live = LiveMatch(row)
    for n, at, body in entries:
        live.apply(n, at, body)
    return live
