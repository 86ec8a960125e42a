"""Why dice are lost: the engine gives a reason per lost die, the CLI's ``parse`` says so."""

import json
import random
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy_rules import BAR, LongPosition, ShortPosition, Turn, legal_plays

from .positions import random_position

ROOT = Path(__file__).resolve().parents[2]


def reasons(turn):
    return [(lost.die, lost.count, [(m.start, m.end, r.code, r.params) for m, r in lost.refusals])
            for lost in turn.lost_reasons()]


def test_first_6_6_in_long_nardy_loses_the_last_two_sixes_to_the_head_rule_and_the_opponents_head():
    turn = LongPosition.start().begin_turn((6, 6))
    turn.move(24, 18)
    assert turn.lost_reasons() == ()  # not complete yet: nothing is lost
    turn.move(24, 18)
    assert turn.complete and turn.lost_dice == (6, 6)
    assert reasons(turn) == [(6, 2, [(24, 18, "head-rule", {"count": 2, "head": 24}),
                                     (18, 12, "point-closed", {"point": 12, "count": 15, "color": "black"})])]
    # A move with a lost die is refused for its own reason, not "all dice have been played".
    assert turn.check(18, 12).code == "point-closed"
    assert turn.check(24, 18).code == "head-rule"


def test_a_closed_home_board_loses_both_dice_on_the_bar():
    black = {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 1: 3}
    position = ShortPosition.from_points({"bar": 1, 6: 5, 8: 4, 13: 5}, black)
    turn = position.begin_turn((6, 5))
    assert turn.complete and turn.max_dice == 0
    assert reasons(turn) == [
        (6, 1, [(BAR, 19, "point-closed", {"point": 19, "count": 2, "color": "black"})]),
        (5, 1, [(BAR, 20, "point-closed", {"point": 20, "count": 2, "color": "black"})]),
    ]


def test_a_played_turn_loses_nothing():
    turn = ShortPosition.start().begin_turn((3, 1))
    turn.move(8, 5)
    turn.move(6, 5)
    assert turn.complete and turn.lost_reasons() == ()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["short", "long"]), st.integers(0, 2**32 - 1), st.tuples(st.integers(1, 6), st.integers(1, 6)))
def test_every_lost_die_has_a_refusal_for_every_checker_that_might_play_it(variant, seed, roll):
    position = random_position(random.Random(seed), variant)
    plays = legal_plays(position, roll)
    turn = Turn(position, roll)
    if plays:
        for move in plays[random.Random(seed).randrange(len(plays))].moves:
            turn.move(move.start, move.end, move.die)
    assert turn.complete
    if position.is_game_over() or turn.position.is_game_over():
        assert turn.lost_reasons() == ()
        return
    lost = turn.lost_reasons()
    assert sum(item.count for item in lost) == len(turn.lost_dice)
    mover = position.turn
    places = [BAR] if position.HAS_BAR and turn.position.bar(mover) else \
        [p for p in range(1, 25) if turn.position.checkers(mover).get(p)]
    for item in lost:
        assert sorted(str(m.start) for m, _ in item.refusals) == sorted(str(p) for p in places)
        for move, refusal in item.refusals:
            assert move.die == item.die and refusal.code not in ("no-dice-left", "no-such-die", "no-checker")
            assert turn.check(move.start, move.end) is not None  # the board refuses it too


def test_the_cli_parse_says_why_dice_are_lost():
    def parse(play):
        return subprocess.run([sys.executable, "-m", "nardy_rules", "parse", "--position", "nardy:long:w:24x15:12x15",
                               "--dice", "6-6", "--play", play], cwd=ROOT, capture_output=True, text=True, timeout=60)

    out = parse("24/18 24/18 18/12")
    assert out.returncode == 2
    assert "Point 12 is closed" in out.stderr and "All dice" not in out.stderr
    out = parse("24/18 24/18")
    lost = json.loads(out.stdout)["lost"]
    assert [(item["die"], item["count"]) for item in lost] == [(6, 2)]
    assert [r["reason"]["code"] for r in lost[0]["refusals"]] == ["head-rule", "point-closed"]
