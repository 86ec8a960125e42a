"""Time control as backgammon servers keep it: a delay per move and a reserve per player.

Each time a side becomes the one to act (to roll or move, to take or pass a
double, to answer a resignation) its *period* begins. The first ``delay``
of a period is free; what it uses beyond that comes off the side's
``reserve``. A side whose period outlasts delay + reserve loses the match, as on
those servers (the hub writes a ``timeout`` entry; ``matchlog``). Nobody's
clock runs between games or during the opening roll (the server rolls it).

The clock is computed from the match's log: every entry carries the server's
time (milliseconds) and :meth:`Clock.advance` is told, after each, who is to
act; a process that opens a match from the store gets the same clock as the
one that played it.
"""

from __future__ import annotations

from dataclasses import dataclass

from nardy_rules.contract import COLORS


@dataclass(frozen=True)
class TimeControl:
    delay_ms: int
    reserve_ms: int


class Clock:
    def __init__(self, control: TimeControl):
        self.control = control
        self.reserve = dict.fromkeys(COLORS, control.reserve_ms)
        #: The side whose period runs, and when it began (ms).
        self.running: str | None = None
        self.since = 0

    def advance(self, at_ms: int, side: str | None) -> None:
        """An entry written at ``at_ms``, after which ``side`` is to act (None: nobody)."""
        if side == self.running:
            return
        self.stop(at_ms)
        self.running, self.since = side, at_ms

    def stop(self, at_ms: int) -> None:
        """End the running period at ``at_ms``, charging what it used beyond the delay."""
        if self.running is not None:
            used = max(0, at_ms - self.since - self.control.delay_ms)
            self.reserve[self.running] = max(0, self.reserve[self.running] - used)
            self.running = None

    def deadline(self) -> int | None:
        """When the running side's time is up (ms), or None."""
        if self.running is None:
            return None
        return self.since + self.control.delay_ms + self.reserve[self.running]

    def expired(self, now_ms: int) -> bool:
        deadline = self.deadline()
        return deadline is not None and now_ms > deadline

    def to_json(self, now_ms: int) -> dict:
        """What a page shows: the reserves at the start of the running period and how long it has run."""
        return {"delay": self.control.delay_ms, "reserve": dict(self.reserve), "running": self.running,
                "elapsed": max(0, now_ms - self.since) if self.running else 0}
