"""The live boards' operations (``nardy_rules.live``) in CPython, with expected answers.

Each position is written by hand as the JSON a board sends, and each expected
answer is worked out from RULES.md, not copied from the engine's output; where
a count is needed (the plays of a roll) it comes from the naive second
implementation in ``tests/engine/reference.py``. The Pyodide parity test only
shows that Pyodide answers as CPython does; these show that the answers are right.
"""

from __future__ import annotations

import pytest

from nardy_rules import Position, live, parse_play

from .reference import analyse, result_key

SHORT_START = {"variant": "short", "turn": "white",
               "white": {"24": 2, "13": 5, "8": 3, "6": 5}, "black": {"1": 2, "12": 5, "17": 3, "19": 5}}
LONG_START = {"variant": "long", "turn": "white", "white": {"24": 15}, "black": {"12": 15}}


def position(variant, white, black, turn="white"):
    """A position as the JSON contract writes it (points in White's numbering, "bar" and "off")."""
    return {"variant": variant, "turn": turn,
            "white": {str(k): v for k, v in white.items()}, "black": {str(k): v for k, v in black.items()}}


def ask(op, position_json, dice, moves=(), **fields):
    request = {"op": op, "position": position_json, "dice": list(dice),
               "moves": [{"from": s, "to": e, "die": d} for s, e, d in moves], **fields}
    answer = live.handle(request)
    assert "error" not in answer, answer
    return answer


def move(start, end, die, hit=False):
    return {"from": start, "to": end, "die": die, "hit": hit}


def key(code, params):
    """The message key the answers carry with a reason (dev/engine.md, "Reason codes"): the code, or its variant."""
    if code == "point-closed":
        return f"point-closed/{params['color']}"
    if code == "no-checker" and params.get("point") == "bar":
        return "no-checker/bar"
    if code == "no-such-die" and "point" in params:
        return "no-such-die/off"
    return code


def reason(code, **params):
    return {"code": code, "params": params, "key": key(code, params)}


def refusal(code, **params):
    return {"legal": False, "reason": reason(code, **params)}


def legal(start, end, die, hit=False, notation=None):
    """A legal check answer: the move, and its notation (written by hand where it differs from start/end)."""
    return {"legal": True, "move": move(start, end, die, hit),
            "notation": notation or f"{start}/{end}{'*' if hit else ''}"}


# The positions, each with what RULES.md says about it.

#: 6-5: the 6 has 13/7 only (7 is closed for the 5 after it: 7/2 lands on Black's 2), the 5 13/8 only
#: (8/2 closed); the checkers on 1 cannot bear off while one is outside home. No play uses both
#: dice, either alone can be played: the larger, 13/7, is the only legal play.
ONE_DIE = position("short", {13: 1, 1: 14}, {2: 2, 19: 13})
#: 6-5: 13/7 is closed (Black's 7), so the 6 can only be 11/5; the 5 can be 13/8 or 11/6. After 11/6
#: the 6 has nowhere to go (13/7 closed, 6 cannot bear off while 13 is outside): 11/6 is legal
#: alone but leaves a die unplayed, since 13/8 11/5 plays both.
TWO_DICE_ONE_ORDER = position("short", {13: 1, 11: 1, 1: 13}, {7: 2, 2: 2, 19: 11})
#: White on the bar; Black holds 22 (two) and 20 (one, a blot). 3-1: the 3 cannot enter on 22.
ON_THE_BAR = position("short", {"bar": 1, 13: 4, 8: 3, 6: 5, 24: 2}, {22: 2, 20: 1, 17: 3, 12: 5, 1: 2, 19: 2})
#: Bearing off: White's last two checkers on 5 and 3 (13 off). A 4 finds 4 empty and a checker
#: higher, on 5: it must be played inside home (5/1), it cannot bear off the checker on 3.
BEAR_OFF = position("short", {5: 1, 3: 1, "off": 13}, {19: 15})
#: Long nardy: White holds 20, 19, 18, 17, 16; every black checker is still behind that run (on its
#: head, 12, and Black's path runs 12 ... 1, 24 ... 13). 24/21 would make six in a row, 21 to 16.
SIX_BLOCK = position("long", {24: 10, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1}, {12: 15})


# ------------------------------------------------------------------ plays


def test_plays_of_the_opening_3_1():
    answer = ask("plays", SHORT_START, (3, 1))
    notations = [p["notation"] for p in answer["plays"]]
    assert "8/5 6/5" in notations
    # As many plays as the reference finds resulting positions, and the same positions.
    start = Position.from_json(SHORT_START)
    best, results, _firsts = analyse(start, (3, 1))
    assert best == 2 and len(notations) == len(results) == len(set(notations))
    assert {result_key(parse_play(start, (3, 1), n).result) for n in notations} == results
    made = next(p for p in answer["plays"] if p["notation"] == "8/5 6/5")
    assert sorted(made["moves"], key=lambda m: m["die"]) == [move(6, 5, 1), move(8, 5, 3)]


def test_plays_of_one_die_left():
    # The 1 alone from the start: 24/23, 8/7, 6/5 (13/12 lands on five black checkers).
    answer = ask("plays", SHORT_START, (1,))
    assert sorted(p["notation"] for p in answer["plays"]) == ["24/23", "6/5", "8/7"]


def test_plays_when_only_the_larger_die_can_be_played():
    answer = ask("plays", ONE_DIE, (6, 5))
    assert answer == {"plays": [{"notation": "13/7", "moves": [move(13, 7, 6)]}]}


def test_plays_of_the_long_opening_3_3():
    # RULES.md: White's opening 3-3 has exactly two legal plays.
    answer = ask("plays", LONG_START, (3, 3))
    written = {p["notation"] for p in answer["plays"]}
    start = Position.from_json(LONG_START)
    assert {parse_play(start, (3, 3), n).result for n in written} == {
        parse_play(start, (3, 3), "24/18 24/18").result, parse_play(start, (3, 3), "24/15 24/21").result}
    assert len(written) == 2


def test_plays_when_nothing_can_be_played():
    # Every entry point of White's checker on the bar closed: the roll is lost.
    closed_out = position("short", {"bar": 1, 6: 14}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 1: 3})
    assert ask("plays", closed_out, (6, 5)) == {"plays": []}


# ------------------------------------------------------------------ check


def test_check_a_legal_move_and_a_hit():
    assert ask("check", SHORT_START, (6, 5), **{"from": 24, "to": 18}) == legal(24, 18, 6)
    assert ask("check", SHORT_START, (3, 1), **{"from": 23, "to": 20}) == refusal("no-checker", point=23)
    assert ask("check", SHORT_START, (3, 1), **{"from": 8, "to": 11}) == refusal("backwards", start=8, end=11)
    # Entering with the 1 on 24, then on with the 3 to the empty 21.
    assert ask("check", ON_THE_BAR, (3, 1), **{"from": "bar", "to": 24}) == legal("bar", 24, 1)
    entered = ask("check", ON_THE_BAR, (3, 1), moves=[("bar", 24, 1)], **{"from": 24, "to": 21})
    assert entered == legal(24, 21, 3)
    # 4-1: entered with the 1, the 4 lands on Black's blot on 20 and hits it.
    hitting = ask("check", ON_THE_BAR, (4, 1), moves=[("bar", 24, 1)], **{"from": 24, "to": 20})
    assert hitting == legal(24, 20, 4, hit=True)


def test_check_a_closed_point():
    # 24/19 with the 5: Black's five checkers on 19 close it.
    answer = ask("check", SHORT_START, (6, 5), **{"from": 24, "to": 19})
    assert answer == refusal("point-closed", point=19, count=5, color="black")


def test_check_on_the_bar():
    assert ask("check", ON_THE_BAR, (3, 1), **{"from": 13, "to": 10}) == refusal("enter-from-bar-first")
    assert ask("check", ON_THE_BAR, (3, 1), **{"from": "bar", "to": 22}) == refusal(
        "point-closed", point=22, count=2, color="black")


def test_check_bearing_off():
    assert ask("check", BEAR_OFF, (4, 2), **{"from": 3, "to": "off"}) == refusal(
        "higher-checker-must-move", die=4, point=3, higher=5)
    assert ask("check", BEAR_OFF, (4, 2), **{"from": 5, "to": 1}) == legal(5, 1, 4)
    assert ask("check", BEAR_OFF, (4, 2), **{"from": 3, "to": 1}) == legal(3, 1, 2)
    # Black's checkers are named in White's numbering too: on 22 and 20 (Black's own 3 and 5), a 5
    # cannot bear off the one on 22 while the one on 20 stands farther back.
    black = position("short", {1: 15}, {22: 1, 20: 1, "off": 13}, turn="black")
    assert ask("check", black, (5, 1), **{"from": 22, "to": "off"}) == refusal(
        "higher-checker-must-move", die=5, point=22, higher=20)
    # Not all home: the opening position cannot bear off; 10 checkers (24x2, 13x5, 8x3) are outside.
    assert ask("check", SHORT_START, (6, 5), **{"from": 6, "to": "off"}) == refusal("not-all-home", count=10)


def test_check_the_head_rule():
    # 6-5 is no first-move exception: after 24/18 no second checker leaves the head.
    answer = ask("check", LONG_START, (6, 5), moves=[(24, 18, 6)], **{"from": 24, "to": 19})
    assert answer == refusal("head-rule", count=1, head=24)
    assert ask("check", LONG_START, (6, 5), moves=[(24, 18, 6)], **{"from": 18, "to": 13}) == legal(18, 13, 5)


def test_check_the_six_block():
    assert ask("check", SIX_BLOCK, (3, 1), **{"from": 24, "to": 21}) == refusal("six-block", first=21, last=16)
    # The 1 (24/23) makes no run of six: 23 is next to no held point.
    assert ask("check", SIX_BLOCK, (3, 1), **{"from": 24, "to": 23}) == legal(24, 23, 1)


def test_check_the_rules_about_the_whole_turn():
    assert ask("check", ONE_DIE, (6, 5), **{"from": 13, "to": 8}) == refusal("must-play-larger-die", die=6, other=5)
    assert ask("check", TWO_DICE_ONE_ORDER, (6, 5), **{"from": 11, "to": 6}) == refusal("leaves-dice-unplayed", count=2)
    done = ask("check", SHORT_START, (3, 1), moves=[(8, 5, 3), (6, 5, 1)], **{"from": 13, "to": 12})
    assert done == refusal("no-dice-left")


# ------------------------------------------------------------------ paths and targets


def test_paths_with_one_die_and_with_both():
    # 6-5 from the start, the checker on 24: 24/18 with the 6; 24/19 is closed, so 24/13 only through 18.
    answer = ask("paths", SHORT_START, (6, 5), **{"from": 24})
    assert sorted(answer["paths"], key=lambda p: p["end"]) == [
        {"end": 13, "moves": [move(24, 18, 6), move(18, 13, 5)]},
        {"end": 18, "moves": [move(24, 18, 6)]},
    ]


def test_paths_through_either_point():
    # 3-1, the checker on 8: to 5 or 7 with one die, to 4 with both (through 5 or through 7, both open).
    paths = {p["end"]: p["moves"] for p in ask("paths", SHORT_START, (3, 1), **{"from": 8})["paths"]}
    assert set(paths) == {4, 5, 7}
    assert paths[5] == [move(8, 5, 3)] and paths[7] == [move(8, 7, 1)]
    assert paths[4] in ([move(8, 5, 3), move(5, 4, 1)], [move(8, 7, 1), move(7, 4, 3)])


def test_paths_of_a_checker_that_cannot_move():
    assert ask("paths", ONE_DIE, (6, 5), **{"from": 1}) == {"paths": []}


def test_targets_list_the_larger_die_refusal():
    answer = ask("targets", ONE_DIE, (6, 5), **{"from": 13})
    assert answer == {
        "paths": [{"end": 7, "moves": [move(13, 7, 6)], "notation": "13/7"}],
        "refused": [{"end": 8, "reason": reason("must-play-larger-die", die=6, other=5)}],
        "reason": None,
    }


def test_targets_list_a_move_that_leaves_a_die_unplayed():
    answer = ask("targets", TWO_DICE_ONE_ORDER, (6, 5), **{"from": 11})
    assert answer == {
        "paths": [{"end": 5, "moves": [move(11, 5, 6)], "notation": "11/5"}],
        "refused": [{"end": 6, "reason": reason("leaves-dice-unplayed", count=2)}],
        "reason": None,
    }
    # The other checker: 13/8 only; 13/7 is refused because Black holds 7 with two.
    assert ask("targets", TWO_DICE_ONE_ORDER, (6, 5), **{"from": 13}) == {
        "paths": [{"end": 8, "moves": [move(13, 8, 5)], "notation": "13/8"}],
        "refused": [{"end": 7, "reason": reason("point-closed", point=7, count=2, color="black")}], "reason": None}


def test_targets_when_the_turn_is_over():
    answer = ask("targets", ONE_DIE, (6, 5), moves=[(13, 7, 6)], **{"from": 7})
    # The turn is over with the 5 lost: the checker on 7 would land on 2, which Black holds with two.
    assert answer == {"paths": [], "refused": [{"end": 2, "reason": reason("point-closed", point=2, count=2, color="black")}],
                      "reason": None}


# ------------------------------------------------------------------ state


def test_state_at_the_start_of_a_turn():
    answer = ask("state", BEAR_OFF, (4, 2))
    assert answer["turn"] == "white" and answer["dice"] == [4, 2] and answer["remaining"] == [4, 2]
    assert answer["max_dice"] == 2 and answer["moves"] == [] and not answer["complete"] and answer["lost"] == []
    # The 4: 5/1 (4 is empty, 5 is higher, so no bear-off from 3); the 2: 5/3, 3/1.
    assert sorted(answer["legal_moves"], key=lambda m: (m["die"], m["from"])) == [
        move(3, 1, 2), move(5, 3, 2), move(5, 1, 4)]
    assert answer["pips"] == {"white": 8, "black": 15 * 6}
    assert answer["next"] is None and answer["result"] is None


def test_state_after_a_move():
    answer = ask("state", SHORT_START, (3, 1), moves=[(8, 5, 3)])
    assert answer["remaining"] == [1] and not answer["complete"] and answer["lost"] == []
    assert answer["moves"] == [move(8, 5, 3)]
    assert answer["position"]["white"] == {"24": 2, "13": 5, "8": 2, "6": 5, "5": 1, "bar": 0, "off": 0}
    assert answer["pips"] == {"white": 167 - 3, "black": 167}
    # The 1: 24/23, 8/7, 6/5, 5/4 (13/12 lands on Black's five).
    assert sorted((m["from"], m["to"]) for m in answer["legal_moves"]) == [(5, 4), (6, 5), (8, 7), (24, 23)]
    assert answer["next"] is None and answer["result"] is None


def test_state_when_dice_are_lost():
    # Long nardy's opening 6-6: 24/18 24/18, then 18/12 is Black's head and no third checker leaves.
    answer = ask("state", LONG_START, (6, 6), moves=[(24, 18, 6), (24, 18, 6)])
    assert answer["complete"] and answer["remaining"] == [6, 6] and answer["lost"] == [6, 6]
    assert answer["max_dice"] == 2 and answer["legal_moves"] == []
    # Why: both sixes, for each checker that might play one: the head lets no third checker go, and
    # 18/12 lands on Black's fifteen.
    assert answer["lost_reasons"] == [{"die": 6, "count": 2, "refusals": [
        {"start": 24, "end": 18, "reason": reason("head-rule", count=2, head=24)},
        {"start": 18, "end": 12, "reason": reason("point-closed", point=12, count=15, color="black")},
    ]}]
    assert answer["pips"] == {"white": 360 - 12, "black": 360}
    assert answer["next"] == {"variant": "long", "turn": "black",
                              "white": {"24": 13, "18": 2, "bar": 0, "off": 0},
                              "black": {"12": 15, "bar": 0, "off": 0}}
    assert answer["result"] is None


@pytest.mark.parametrize("black, kind, points", [
    ({12: 14, "off": 1}, "single", 1),   # Black bore off a checker
    ({12: 15}, "mars", 2),               # none borne off
    ({12: 14, 3: 1}, "koks", 3),         # none, and one still in White's home
    ({12: 14, "bar": 1}, "koks", 3),     # none, and one on the bar
])
def test_state_at_the_end_of_a_short_game(black, kind, points):
    # White's last checker, on 1, with 2-1: bearing it off ends the game, so only one die is played,
    # and it must be the larger: 1/off with the 2, the 1 is lost.
    last = position("short", {1: 1, "off": 14}, black)
    assert ask("check", last, (2, 1), **{"from": 1, "to": "off", "die": 1}) == refusal(
        "must-play-larger-die", die=2, other=1)
    answer = ask("state", last, (2, 1), moves=[(1, "off", 2)])
    assert answer["complete"] and answer["lost"] == [1] and answer["pips"]["white"] == 0
    assert answer["next"]["white"]["off"] == 15 and answer["next"]["turn"] == "black"
    assert answer["result"] == {"winner": "white", "kind": kind, "cube": 1, "points": points, "ended_by": "bear-off"}


def test_state_at_the_end_of_a_long_game():
    # Long nardy has no koks: a black checker still in White's home is a mars, as none is borne off.
    last = position("long", {2: 1, "off": 14}, {12: 14, 3: 1})
    answer = ask("state", last, (6, 5), moves=[(2, "off", 6)])
    assert answer["complete"] and answer["lost"] == [5]
    assert answer["result"] == {"winner": "white", "kind": "mars", "cube": 1, "points": 2, "ended_by": "bear-off"}
