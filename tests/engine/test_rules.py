"""One or more tests for every rule of RULES.md, on hand-made positions.

Expected plays are written from the rules, by hand, never copied from the engine.
"""

from __future__ import annotations

import pytest

from nardy_rules import (
    LongPosition,
    ShortPosition,
    Turn,
    from_text,
    legal_plays,
    parse_play,
)
from nardy_rules.figures import head_checkers_moved


def notations(position, dice):
    return sorted(play.notation for play in legal_plays(position, dice))


def results(position, dice):
    return {play.result for play in legal_plays(position, dice)}


def same_plays(position, dice, *texts):
    """The legal plays are exactly the plays written in ``texts``."""
    return results(position, dice) == {parse_play(position, dice, t).result for t in texts}


# ------------------------------------------------------------------ coordinates


def test_short_start_and_pips():
    start = ShortPosition.start()
    assert start.checkers("white") == {24: 2, 13: 5, 8: 3, 6: 5}
    assert start.checkers("black") == {19: 5, 17: 3, 12: 5, 1: 2}
    assert start.pips("white") == 2 * 24 + 5 * 13 + 3 * 8 + 5 * 6 == 167
    assert start.pips("black") == 167


def test_long_start_and_pips():
    start = LongPosition.start()
    assert start.checkers("white") == {24: 15}
    assert start.checkers("black") == {12: 15}
    assert start.pips("white") == start.pips("black") == 15 * 24 == 360


def test_black_numbering_short_and_long():
    # Short: Black's point is 25 - p; long: Black's head 12 is its own 24, its home 13..18.
    short = ShortPosition.start()
    assert short.home_points("black") == (19, 20, 21, 22, 23, 24)
    long = LongPosition.start()
    assert long.home_points("black") == (13, 14, 15, 16, 17, 18)
    assert long.home_points("white") == (1, 2, 3, 4, 5, 6)


def test_pips_count_the_bar_as_25():
    position = from_text("nardy:short:w:barx1,6x14:19x15")
    assert position.pips("white") == 25 + 14 * 6


# ------------------------------------------------------------------ a turn


def test_black_moves_from_1_towards_24_in_short():
    position = ShortPosition.start(turn="black")
    plays = legal_plays(position, (6, 5))
    assert plays
    for play in plays:
        for move in play.moves:
            assert move.end == "off" or move.start == "bar" or move.end > move.start
    assert parse_play(position, (6, 5), "1/12") in plays  # the black runner's 6-5


def test_both_dice_must_be_played_when_possible():
    # 6-5 from the start: every play uses both dice.
    for play in legal_plays(ShortPosition.start(), (6, 5)):
        assert sorted(play.dice_used) == [5, 6]


def test_one_checker_may_use_both_dice_through_an_open_point():
    # 5-3 from the start: 13/5 via 8 (own point) or via 10 (empty) is one play.
    start = ShortPosition.start()
    assert parse_play(start, (5, 3), "13/5") == parse_play(start, (5, 3), "13/8/5")
    assert parse_play(start, (5, 3), "13/10/5") == parse_play(start, (5, 3), "13/8 8/5")


def test_jumping_over_a_closed_point_is_fine_landing_is_not():
    # Black holds 8 and 10: 13/5 with 5-3 must land on 8 or 10 first: impossible.
    position = from_text("nardy:short:w:13x1,6x14:10x2,8x2,1x11")
    assert "13/5" not in notations(position, (5, 3))
    # Black holds only 10: 13/8/5 jumps over nothing closed and is legal.
    position = from_text("nardy:short:w:13x1,6x14:10x2,1x13")
    assert "13/5" in notations(position, (5, 3))


def test_larger_die_when_only_one_can_be_played():
    # White's last outside checker on 13; 13-6=7 and 13-5=8 are open, 2 (7-5, 8-6) is closed:
    # either die alone, never both. The larger, 6, must be played.
    position = from_text("nardy:short:w:13x1,offx14:2x2,24x13")
    assert notations(position, (6, 5)) == ["13/7"]
    assert Turn(position, (6, 5)).check(13, 8).code == "must-play-larger-die"


def test_smaller_die_when_the_larger_cannot_be_played():
    # 13-6=7 is closed, 13-5=8 open, then 8-6=2 closed: only the 5.
    position = from_text("nardy:short:w:13x1,offx14:7x2,2x2,24x11")
    assert notations(position, (6, 5)) == ["13/8"]


def test_nothing_playable_gives_no_play():
    # Closed out on the bar: all six entry points held.
    position = from_text("nardy:short:w:barx1,6x14:19x2,20x2,21x2,22x2,23x2,24x2,1x3")
    assert legal_plays(position, (6, 5)) == []
    assert Turn(position, (6, 5)).complete


def test_doubles_are_played_four_times():
    plays = legal_plays(ShortPosition.start(), (4, 4))
    assert plays and all(play.dice_used == (4, 4, 4, 4) for play in plays)


def test_partial_double_plays_as_many_as_possible():
    # White: one checker on 13; 13-6=7 open, 1 (7-6) closed by Black: only one six can be played.
    position = from_text("nardy:short:w:13x1,offx14:1x2,24x13")
    plays = legal_plays(position, (6, 6))
    assert [p.notation for p in plays] == ["13/7"]
    turn = Turn(position, (6, 6))
    turn.move(13, 7)
    assert turn.complete and turn.lost_dice == (6, 6, 6)


def test_two_spellings_of_one_play_are_one_entry():
    plays = legal_plays(ShortPosition.start(), (2, 2))
    assert len({p.result for p in plays}) == len(plays)


# ------------------------------------------------------------------ short: closed points, hitting, bar


def test_two_opponent_checkers_close_a_point_in_short():
    position = from_text("nardy:short:w:13x1,6x14:8x2,24x13")
    turn = Turn(position, (5, 2))
    refusal = turn.check(13, 8)
    assert refusal.code == "point-closed"
    assert refusal.params == {"point": 8, "count": 2, "color": "black"}


def test_landing_on_a_blot_hits_it():
    position = from_text("nardy:short:w:13x1,6x14:8x1,24x14")
    play = parse_play(position, (5, 2), "13/8* 8/6")
    assert play.result.bar("black") == 1
    assert play in legal_plays(position, (5, 2))
    assert play.notation == "13/8*/6"


def test_hitting_on_an_intermediate_point():
    # A black blot on 10: 13/10*/5 hits on the way; 13/8/5 does not.
    position = from_text("nardy:short:w:13x1,6x14:10x1,24x14")
    plays = {p.notation: p for p in legal_plays(position, (5, 3))}
    assert "13/10*/5" in plays and plays["13/10*/5"].result.bar("black") == 1
    assert "13/5" in plays and plays["13/5"].result.bar("black") == 0


def test_checker_on_the_bar_must_enter_first():
    position = from_text("nardy:short:w:barx1,13x1,6x13:1x15")
    turn = Turn(position, (6, 5))
    assert turn.check(13, 7).code == "enter-from-bar-first"
    for play in legal_plays(position, (6, 5)):
        assert play.moves[0].start == "bar"


def test_entering_on_25_minus_die_and_closed_entry_points():
    # 3-1 with 22 closed: only the 1 enters (on 24); the 3 is then played by any checker.
    position = from_text("nardy:short:w:barx1,13x1,6x13:22x2,1x13")
    turn = Turn(position, (3, 1))
    assert turn.check("bar", 22).code == "point-closed"
    assert turn.check("bar", 24) is None
    for play in legal_plays(position, (3, 1)):
        assert play.moves[0].start == "bar" and play.moves[0].end == 24


def test_two_on_the_bar_both_must_enter_before_anything_else():
    position = from_text("nardy:short:w:barx2,6x13:19x2,1x13")
    # Only 5 (entering on 20) and 1 (24) enter with 5-1? both open: both enter.
    assert same_plays(position, (5, 1), "bar/24 bar/20")
    # With 6-6 and 19 closed nothing enters.
    assert legal_plays(position, (6, 6)) == []


def test_black_enters_on_point_d():
    position = from_text("nardy:short:b:6x15:barx1,19x14")
    for play in legal_plays(position, (4, 4)):
        assert (play.moves[0].start, play.moves[0].end) == ("bar", 4)


def test_short_allows_six_points_in_a_row_in_front_of_anything():
    # White holds 8-4 and moves onto 3: six in a row with a black checker trapped on 1.
    position = from_text("nardy:short:w:9x1,8x2,7x2,6x4,5x2,4x2,13x2:1x1,19x14")
    assert "9/3 6/3" in notations(position, (6, 3))


# ------------------------------------------------------------------ bearing off


def test_bear_off_only_when_all_are_home():
    position = from_text("nardy:short:w:7x1,6x14:24x15")
    turn = Turn(position, (6, 1))
    refusal = turn.check(6, "off")
    assert refusal.code == "not-all-home" and refusal.params == {"count": 1}
    # Come home first, then bear off: legal.
    assert parse_play(position, (6, 1), "7/6 6/off") in legal_plays(position, (6, 1))


def test_bear_off_exact_then_highest_then_move_inside():
    # Checkers on 5 and 3, die 6: the farthest (5) comes off.
    position = from_text("nardy:short:w:5x1,3x1,offx13:24x15")
    assert same_plays(position, (6, 6), "5/off 3/off")
    # Die 4 with checkers on 5 and 3: no checker on 4 but one higher (5): 3 may not bear off.
    turn = Turn(position, (4, 1))
    refusal = turn.check(3, "off", 4)
    assert refusal.code == "higher-checker-must-move"
    assert refusal.params == {"die": 4, "point": 3, "higher": 5}


def test_moving_inside_home_instead_of_bearing_off_is_allowed():
    position = from_text("nardy:short:w:6x2,offx13:24x15")
    inside = parse_play(position, (6, 2), "6/4 6/off")
    assert inside in legal_plays(position, (6, 2))
    assert inside.result.checkers("white") == {4: 1}


def test_bear_off_with_both_dice_larger_than_the_points():
    # 6-5 with checkers on 3 and 2 (the Azerbaijani and Kazakh example): both come off.
    position = from_text("nardy:short:w:3x1,2x1,offx13:24x15")
    assert same_plays(position, (6, 5), "3/off 2/off")


def test_checker_hit_during_bear_off_must_return_home_first():
    position = from_text("nardy:short:w:barx1,6x4,5x4,offx6:19x1,1x14")
    turn = Turn(position, (6, 4))
    assert turn.check(6, "off").code == "enter-from-bar-first"
    turn.move("bar", 21)
    # Entered on 21, still outside home: no bearing off yet.
    assert turn.check(6, "off").code == "not-all-home"


# ------------------------------------------------------------------ long nardy


def test_long_single_checker_closes_a_point_and_there_is_no_hitting():
    position = from_text("nardy:long:w:24x14,14x1:12x14,9x1")
    turn = Turn(position, (5, 4))
    refusal = turn.check(14, 9)
    assert refusal.code == "point-closed" and refusal.params["count"] == 1
    assert turn.check(14, 10) is None


def test_long_stacks_any_number_on_own_point():
    position = from_text("nardy:long:w:24x1,20x14:12x15")
    play = parse_play(position, (4, 2), "24/20 20/18")
    assert play in legal_plays(position, (4, 2))
    turn = Turn(position, (4, 2))
    turn.move(24, 20)
    assert turn.position.checkers("white") == {20: 15}


@pytest.mark.parametrize("color", ["white", "black"])
def test_head_rule_one_checker_per_turn_in_the_middle_game(color):
    if color == "white":
        position = from_text("nardy:long:w:24x13,17x2:12x14,1x1")
        head = 24
    else:
        position = from_text("nardy:long:b:24x14,23x1:12x13,8x2")
        head = 12
    for play in legal_plays(position, (6, 6)):
        assert head_checkers_moved(play) <= 1
    turn = Turn(position, (6, 6))
    target = head - 6
    turn.move(head, target)
    assert turn.check(head, target).code == "head-rule"


def test_first_move_exception_white():
    start = LongPosition.start()
    assert same_plays(start, (6, 6), "24/18 24/18")
    assert same_plays(start, (4, 4), "24/16 24/16")
    assert same_plays(start, (3, 3), "24/18 24/18", "24/15 24/21")
    # Not for other doubles: one checker plays them all.
    assert same_plays(start, (5, 5), "24/4")
    assert same_plays(start, (2, 2), "24/16")
    assert same_plays(start, (1, 1), "24/23/22/21/20")
    # And not for non-doubles.
    for play in legal_plays(start, (6, 5)):
        assert head_checkers_moved(play) == 1


def test_first_move_exception_black():
    # Black's first move after White's 6-5: all 15 black checkers still on 12.
    position = from_text("nardy:long:b:24x14,13x1:12x15")
    assert same_plays(position, (6, 6), "12/6 12/6")  # 6/24 is White's head: the other sixes are lost
    assert same_plays(position, (4, 4), "12/4 12/4")
    assert same_plays(position, (3, 3), "12/6 12/6", "12/3 12/9")


def test_first_move_exception_when_a_landing_point_is_blocked():
    # A black checker on 18: White's 6-6 first move cannot leave the head at all.
    blocked = from_text("nardy:long:w:24x15:18x1,12x14")
    assert legal_plays(blocked, (6, 6)) == []
    # A black checker on 18 and 3-3: each head checker can only reach 21.
    assert same_plays(blocked, (3, 3), "24/21 24/21")
    turn = Turn(blocked, (3, 3))
    turn.move(24, 21)
    assert turn.check(21, 18).code == "point-closed"
    turn.move(24, 21)
    assert turn.complete and turn.lost_dice == (3, 3)
    # Black's 4-4 with a white checker on 4: each of two head checkers stops on 8.
    position = from_text("nardy:long:b:24x14,4x1:12x15")
    assert same_plays(position, (4, 4), "12/8 12/8")


def test_first_move_exception_is_a_permission():
    # 3-3: one checker may also stay alone on the head route if the dice allow (24/15 24/21).
    plays = legal_plays(LongPosition.start(), (3, 3))
    assert sorted(head_checkers_moved(p) for p in plays) == [2, 2]


def test_six_block_forbidden_without_an_opponent_checker_in_front():
    # White holds 20..16; 24/21 would make 21..16 with every black checker behind (12..).
    position = from_text("nardy:long:w:24x8,20x1,19x2,18x1,17x2,16x1:12x14,11x1")
    refusal = Turn(position, (3, 2)).check(24, 21)
    assert refusal.code == "six-block"
    assert refusal.params == {"first": 21, "last": 16}


def test_six_block_allowed_with_an_opponent_checker_in_front():
    position = from_text("nardy:long:w:24x8,20x1,19x2,18x1,17x2,16x1:12x14,14x1")
    assert Turn(position, (3, 2)).check(24, 21) is None


def test_six_block_counted_across_the_corner():
    # For Black's path 3, 2, 1, 24, 23, 22 are consecutive.
    position = from_text("nardy:long:w:24x5,23x2,22x2,2x2,1x2,6x2:12x10,11x5")
    refusal = Turn(position, (4, 3)).check(6, 3)
    assert refusal.code == "six-block"
    assert refusal.params == {"first": 3, "last": 22}
    # One black checker beyond 22 (on 20) lets the block stand.
    position = from_text("nardy:long:w:24x5,23x2,22x2,2x2,1x2,6x2:12x10,11x4,20x1")
    assert Turn(position, (4, 3)).check(6, 3) is None


def test_five_in_a_row_is_always_allowed():
    position = from_text("nardy:long:w:24x8,20x1,19x2,18x1,17x3:12x15")
    assert Turn(position, (4, 3)).check(24, 21) is None  # 21..17: five in a row


def test_six_block_is_checked_after_every_single_move():
    # White holds 20..16 and has checkers on 22 and 24; 1-1.
    # 22/21 first would make 21..16: refused, though 16/15 next would break it.
    position = from_text("nardy:long:w:24x8,22x1,20x1,19x1,18x1,17x2,16x1:12x14,11x1")
    turn = Turn(position, (1, 1))
    assert turn.check(22, 21).code == "six-block"
    # The other order is legal and reaches the same position.
    turn.move(16, 15)
    assert turn.check(22, 21) is None
    reached = parse_play(position, (1, 1), "16/15 22/21 24/23 15/14")
    assert reached in legal_plays(position, (1, 1))


def test_long_bear_off():
    # 6-2 with nothing on 6: the six bears off the farthest (5), the two from 2.
    position = from_text("nardy:long:w:5x3,4x3,3x3,2x3,1x3:18x15")
    assert parse_play(position, (6, 2), "5/off 2/off") in legal_plays(position, (6, 2))
    refusal = Turn(position, (4, 2)).check(3, "off", 4)
    assert refusal.code == "higher-checker-must-move"


def test_long_has_no_bar():
    with pytest.raises(ValueError, match="no bar"):
        from_text("nardy:long:w:barx1,24x14:12x15")
