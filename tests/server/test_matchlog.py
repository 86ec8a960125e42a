"""The pure parts of the server: the clock (a delay per move and a reserve per player), a match rebuilt from
its log (the same match whoever replays it), who may act, and a log that does not replay said loudly."""

from __future__ import annotations

import pytest

from nardy_server.clocks import Clock, TimeControl
from nardy_server.matchlog import LiveMatch, LogError, MatchRow, replay

from .test_store import row


def test_the_delay_is_free_and_the_rest_comes_off_the_reserve():
    clock = Clock(TimeControl(delay_ms=10_000, reserve_ms=60_000))
    clock.advance(0, "white")
    assert clock.deadline() == 70_000 and not clock.expired(70_000) and clock.expired(70_001)
    clock.advance(8_000, "black")  # within the delay: nothing charged
    assert clock.reserve == {"white": 60_000, "black": 60_000}
    clock.advance(8_000 + 25_000, "black")  # the same side goes on: the same period
    clock.advance(8_000 + 35_000, "white")  # 35 s used, 10 free
    assert clock.reserve == {"white": 60_000, "black": 35_000}
    assert clock.to_json(43_000 + 4_000) == {"delay": 10_000, "reserve": {"white": 60_000, "black": 35_000},
                                              "running": "white", "elapsed": 4_000}
    clock.advance(43_000 + 200_000, None)  # far over: the reserve is 0, never below
    assert clock.reserve["white"] == 0 and clock.deadline() is None and not clock.expired(10**12)


def timed_row(**changes):
    return row(delay_ms=1_000, reserve_ms=5_000, black="b" * 64, **changes)


def log():
    return [(1, 100, {"server": "joined", "side": "black"}),
            (2, 100, {"action": {"act": "opening", "dice": [3, 3]}}),
            (3, 100, {"action": {"act": "opening", "dice": [3, 1]}}),
            (4, 3_100, {"action": {"act": "move", "from": 8, "to": 5, "die": 3}}),
            (5, 3_500, {"action": {"act": "move", "from": 6, "to": 5, "die": 1}}),
            (6, 4_000, {"action": {"act": "confirm"}})]


def test_a_match_from_its_log():
    live = replay(timed_row(), log())
    assert live.n == 6 and live.seq == 5 and live.started and live.side == "black"
    assert live.play.phase == "roll"
    # White's period ran from the opening (100) to its confirm (4,000): 3.9 s, 1 s of it free.
    assert live.clock.reserve == {"white": 2_100, "black": 5_000} and live.clock.running == "black"
    assert live.who_may_act("white", "roll") == "not-your-turn"
    assert live.who_may_act("black", "roll") is None
    assert live.who_may_act(None, "roll") == "spectator"
    assert live.who_may_act("black", "opening") == "server-rolls"
    assert live.online(4_500)["clock"]["elapsed"] == 500
    assert live.status() == ("playing", None, None)
    # The same entries one at a time, as another process hears them: the same match.
    other = LiveMatch(timed_row())
    for n, at, body in log():
        other.apply(n, at, body)
    assert other.play.record().to_json() == live.play.record().to_json()
    assert other.clock.reserve == live.clock.reserve


def test_the_end_of_a_match_from_the_log():
    live = replay(timed_row(), [*log(), (7, 9_000, {"server": "timeout", "side": "black"})])
    assert live.over == {"reason": "time", "winner": "white"} and live.status() == ("over", "white", "time")
    assert live.who_may_act("black", "roll") == "match-over" and live.clock.running is None
    waiting = replay(row(), [(1, 5, {"server": "cancelled"})])
    assert waiting.status() == ("cancelled", None, "cancelled")
    assert replay(row(), []).who_may_act("white", "roll") == "waiting"


@pytest.mark.parametrize("entries, message", [
    ([(2, 1, {"server": "joined", "side": "black"})], "entry 2 follows entry 0"),
    ([(1, 1, {"action": {"act": "roll", "dice": [3, 1]}})], "before both seats were taken"),
    ([*log()[:3], (4, 1, {"action": {"act": "move", "from": 24, "to": 1}})], "entry 4"),
    ([(1, 1, {"server": "joined", "side": "green"})], "is no entry"),
    ([(1, 1, {"server": "reboot"})], "is no entry"),
])
def test_a_log_that_does_not_replay_is_a_loud_error(entries, message):
    with pytest.raises(LogError, match=message):
        replay(timed_row(), entries)


def test_a_single_game_has_a_winner():
    match = MatchRow(**{**row().__dict__, "length": 0, "black": "b" * 64})
    live = replay(match, [(1, 1, {"server": "joined", "side": "black"}),
                          (2, 1, {"action": {"act": "opening", "dice": [5, 2]}}),
                          (3, 1, {"action": {"act": "resign"}}),
                          (4, 1, {"action": {"act": "accept"}})])
    assert live.over["reason"] == "play" and live.over["winner"] == "black"
