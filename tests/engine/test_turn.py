"""Step-by-step turns: moving, refusing, undo/redo, completion and lost dice."""

import pytest

from nardy_rules import IllegalPlayError, LongPosition, ShortPosition, Turn, check_move, from_text, legal_plays


def test_a_full_turn_step_by_step_gives_a_legal_play():
    start = ShortPosition.start()
    turn = Turn(start, (3, 1))
    assert turn.max_dice == 2 and not turn.complete
    turn.move(8, 5)
    assert turn.remaining == (1,)
    turn.move(6, 5)
    assert turn.complete and turn.lost_dice == ()
    assert turn.play() in legal_plays(start, (3, 1))
    assert turn.play().notation == "8/5 6/5"


def test_undo_and_redo():
    turn = Turn(ShortPosition.start(), (6, 5))
    first = turn.move(24, 18)
    turn.move(18, 13)
    assert turn.undo().start == 18
    assert turn.remaining == (5,)
    assert turn.redo().end == 13 and turn.complete
    turn.undo()
    turn.undo()
    assert turn.position == ShortPosition.start() and turn.moves == ()
    turn.redo()
    assert turn.moves == (first,)
    turn.move(13, 8)  # a new move clears what could be redone
    assert not turn.can_redo
    with pytest.raises(IllegalPlayError):
        turn.redo()


def test_move_raises_with_the_refusal():
    turn = Turn(from_text("nardy:short:w:13x1,6x14:8x2,24x13"), (5, 2))
    with pytest.raises(IllegalPlayError) as caught:
        turn.move(13, 8)
    assert caught.value.refusal.code == "point-closed"
    assert str(caught.value) == "Point 8 is closed: 2 black checkers stand there."


@pytest.mark.parametrize(
    "position, dice, move, code",
    [
        ("nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2", (3, 1), (23, 20), "no-checker"),
        ("nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2", (3, 1), ("bar", 22), "no-checker"),
        ("nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2", (3, 1), (8, 11), "backwards"),
        ("nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2", (3, 1), (13, 11), "no-such-die"),
        ("nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2", (6, 5), (13, 7), None),
        ("nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2", (6, 5), (6, "off"), "not-all-home"),
        ("nardy:short:w:barx1,13x4,8x3,6x5,24x2:19x5,17x3,12x5,1x2", (6, 5), (13, 7), "enter-from-bar-first"),
        ("nardy:long:w:24x14,18x1:12x15", (6, 6), (24, 18), None),
    ],
)
def test_refusal_codes(position, dice, move, code):
    refusal = check_move(from_text(position), dice, *move)
    assert (refusal.code if refusal else None) == code


def test_leaves_dice_unplayed():
    # White 6-1, last checker outside home on 11; Black holds 4 and 1.
    # 11/10 first: the 6 is then unplayable (10/4 closed, no bearing off with 10 outside),
    # while 11/5 and a 1 inside home uses both dice.
    position = from_text("nardy:short:w:11x1,6x5,5x1,3x2,2x6:23x1,22x1,21x1,17x3,14x1,12x1,4x3,1x3,barx1")
    turn = Turn(position, (6, 1))
    assert turn.max_dice == 2
    refusal = turn.check(11, 10)
    assert refusal.code == "leaves-dice-unplayed" and refusal.params == {"count": 2}
    assert turn.check(11, 5) is None


def test_must_play_larger_die_with_the_head_rule():
    # Long: Black closes 17. 24/18/17 and 24/23/17 are impossible and only one checker may
    # leave the head, so one die only: the larger, 24/18.
    position = from_text("nardy:long:w:24x14,1x1:17x1,12x14")
    assert [p.notation for p in legal_plays(position, (6, 1))] == ["24/18"]
    refusal = Turn(position, (6, 1)).check(24, 23)
    assert refusal.code == "must-play-larger-die" and refusal.params["die"] == 6


def test_dice_left_form():
    position = LongPosition.start()
    turn = Turn(position, (6,))
    assert turn.remaining == (6,) and turn.check(24, 18) is None
    with pytest.raises(ValueError):
        Turn(position, (6, 5, 4))


def test_paths_list_compound_destinations():
    turn = Turn(ShortPosition.start(), (5, 3))
    ends = {path["end"]: [m.notation for m in path["moves"]] for path in turn.paths(13)}
    assert ends[8] == ["13/8"] and ends[10] == ["13/10"]
    assert ends[5] in (["13/8", "8/5"], ["13/10", "10/5"])


def test_no_moves_after_the_game_is_over():
    position = from_text("nardy:short:w:offx15:19x15")
    assert check_move(position, (6, 5), 6, "off").code == "game-over"
    assert legal_plays(position, (6, 5)) == []
