"""The live boards' protocol (nardy_rules.live) answers everything a board shows, so the browser holds no
rule: positions as JSON or text, the ``position`` op, reasons with their message keys, the text form and
pips of the positions a ``state`` shows, why a checker cannot move at all, notation of what is played.

Expected values are worked out by hand from RULES.md, not copied from the code's output.
"""

from __future__ import annotations

import pytest

from nardy_rules import ShortPosition, from_text
from nardy_rules.live import handle

START = "nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2"


def turn(position=START, dice=(3, 1), moves=(), **extra):
    return {"position": position, "dice": list(dice),
            "moves": [{"from": a, "to": b, "die": d} for a, b, d in moves], **extra}


def test_a_position_may_be_given_as_json_or_as_text():
    as_text = handle({"op": "state", **turn()})
    as_json = handle({"op": "state", **turn(ShortPosition.start().to_json())})
    assert "error" not in as_text and as_text == as_json
    assert as_text["text"] == START


def test_the_position_op_answers_a_bare_position():
    answer = handle({"op": "position", "position": START})
    # 2x24 + 5x13 + 3x8 + 5x6 = 48 + 65 + 24 + 30 = 167 for each side at the start.
    assert answer == {"position": ShortPosition.start().to_json(), "text": START, "turn": "white",
                      "pips": {"white": 167, "black": 167}, "result": None}
    # White has borne off all 15; Black has none off and none in White's home: a mars, 2 points.
    over = handle({"op": "position", "position": "nardy:short:b:offx15:19x5,17x3,12x7"})
    assert over["result"] == {"winner": "white", "kind": "mars", "cube": 1, "points": 2, "ended_by": "bear-off"}
    assert over["turn"] == "black" and over["pips"] == {"white": 0, "black": 5 * 6 + 3 * 8 + 7 * 13}


@pytest.mark.parametrize("bad", ["nardy:short:w:24x16:1x15", "24x2", 7, None, ["nardy:long:w:24x15:12x15"]])
def test_the_position_op_refuses_a_bad_position(bad):
    answer = handle({"op": "position", "position": bad})
    assert set(answer) == {"error"} and answer["error"]


def test_reasons_carry_their_message_keys():
    # 13/8 with 3-1: no die shows 5.
    answer = handle({"op": "check", **turn(), "from": 13, "to": 8})
    assert answer == {"legal": False, "reason": {"code": "no-such-die", "params": {"distance": 5, "dice": "3, 1"},
                                                 "key": "no-such-die"}}
    # 13/12: Black holds 12 with five checkers, and the key names the colour.
    answer = handle({"op": "check", **turn(), "from": 13, "to": 12})
    assert answer["reason"] == {"code": "point-closed", "params": {"point": 12, "count": 5, "color": "black"},
                                "key": "point-closed/black"}


def test_a_legal_check_gives_the_move_and_its_notation():
    # Black's blot on 7: 13/7 with the 6 hits it.
    position = "nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x4,7x1,1x2"
    answer = handle({"op": "check", **turn(position, (6, 2)), "from": 13, "to": 7})
    assert answer == {"legal": True, "move": {"from": 13, "to": 7, "die": 6, "hit": True}, "notation": "13/7*"}


def test_a_state_carries_the_text_and_pips_of_the_position_after_the_turn():
    answer = handle({"op": "state", **turn(moves=[(8, 5, 3), (6, 5, 1)])})
    assert answer["complete"] is True
    # White moved 3 + 1 pips: 167 - 4 = 163; Black is to move next.
    assert answer["text"] == "nardy:short:w:24x2,13x5,8x2,6x4,5x2:19x5,17x3,12x5,1x2"
    assert answer["next_text"] == "nardy:short:b:24x2,13x5,8x2,6x4,5x2:19x5,17x3,12x5,1x2"
    assert answer["next_pips"] == {"white": 163, "black": 167} == answer["pips"]
    assert from_text(answer["next_text"]).to_json() == answer["next"]
    unfinished = handle({"op": "state", **turn(moves=[(8, 5, 3)])})
    assert (unfinished["next"], unfinished["next_text"], unfinished["next_pips"]) == (None, None, None)


def test_targets_say_why_a_checker_cannot_move_at_all():
    def reason(request):
        answer = handle({"op": "targets", **request})
        assert answer["paths"] == [] and answer["refused"] == [], answer
        return answer["reason"]

    # No white checker on 12 (Black's), none on the bar.
    assert reason(turn(**{"from": 12})) == {"code": "no-checker", "params": {"point": 12}, "key": "no-checker"}
    assert reason(turn(**{"from": "bar"})) == {"code": "no-checker", "params": {"point": "bar"}, "key": "no-checker/bar"}
    # A white checker on the bar must enter before the one on 13 moves.
    on_bar = "nardy:short:w:24x2,13x4,8x3,6x5,barx1:19x5,17x3,12x5,1x2"
    assert reason(turn(on_bar, **{"from": 13}))["code"] == "enter-from-bar-first"
    # Both dice played: nothing more moves.
    assert reason(turn(moves=[(8, 5, 3), (6, 5, 1)], **{"from": 13}))["code"] == "no-dice-left"
    # A finished game.
    assert reason(turn("nardy:short:w:offx15:19x5,17x3,12x7", **{"from": 6}))["code"] == "game-over"


def test_targets_of_a_checker_that_can_move():
    answer = handle({"op": "targets", **turn(), "from": 8})
    # 8/5 with the 3, 8/7 with the 1, 8/4 with both (8/5/4 or 8/7/4: the fewest moves, listed through 5).
    ends = {path["end"]: path for path in answer["paths"]}
    assert set(ends) == {5, 7, 4} and answer["refused"] == [] and answer["reason"] is None
    assert ends[5]["notation"] == "8/5" and ends[7]["notation"] == "8/7"
    assert len(ends[4]["moves"]) == 2 and ends[4]["notation"] in ("8/5/4", "8/7/4")
    # A blocked checker: with 6-6, White's checkers on 24 could only go to 18, where Black has three.
    blocked = "nardy:short:w:24x2,13x5,8x3,6x5:19x5,18x3,12x5,1x2"
    stuck = handle({"op": "targets", **turn(blocked, (6, 6)), "from": 24})
    # It is told where and why: 18 is closed.
    closed = {"code": "point-closed", "params": {"point": 18, "count": 3, "color": "black"}, "key": "point-closed/black"}
    assert stuck == {"paths": [], "refused": [{"end": 18, "reason": closed}], "reason": None}


def test_a_path_through_a_hit_writes_the_hit():
    # 13 to 5 with 5-3: 13/8 is closed (two black checkers), so the checker goes through Black's blot on 10.
    position = "nardy:short:w:24x2,13x5,6x5,5x3:19x5,17x3,12x2,10x1,8x2,1x2"
    answer = handle({"op": "targets", **turn(position, (5, 3)), "from": 13})
    ends = {path["end"]: path for path in answer["paths"]}
    assert set(ends) == {10, 5}
    assert ends[5]["notation"] == "13/10*/5" and ends[10]["notation"] == "13/10*"
    assert [move["hit"] for move in ends[5]["moves"]] == [True, False]
