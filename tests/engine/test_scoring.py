"""Results, the doubling cube, resigning and match play (RULES.md)."""

import pytest

from nardy_rules import Cube, CubeError, GameResult, Match, from_text, game_result, resign_result


def test_no_result_while_playing():
    assert from_text("nardy:short:w:6x15:19x15").result() is None


@pytest.mark.parametrize(
    "position, kind, points",
    [
        ("nardy:short:b:offx15:19x14,offx1", "single", 1),
        ("nardy:short:b:offx15:19x15", "mars", 2),
        ("nardy:short:b:offx15:19x14,barx1", "koks", 3),
        ("nardy:short:b:offx15:19x14,3x1", "koks", 3),  # a checker in White's home
        ("nardy:short:b:offx15:19x14,7x1", "mars", 2),  # outside White's home: still mars
        ("nardy:long:b:offx15:18x15", "mars", 2),
        ("nardy:long:b:offx15:12x1,18x13,offx1", "single", 1),
        ("nardy:long:b:offx15:3x1,18x14", "mars", 2),  # no koks in long nardy
    ],
)
def test_result_kinds(position, kind, points):
    result = from_text(position).result()
    assert (result.winner, result.kind, result.points) == ("white", kind, points)


def test_black_can_win_koks():
    result = from_text("nardy:short:w:20x1,6x14:offx15").result()
    assert (result.winner, result.kind, result.points) == ("black", "koks", 3)


@pytest.mark.parametrize("cube", [1, 2, 4, 8, 16, 32, 64])
def test_points_are_result_times_cube(cube):
    position = from_text("nardy:short:b:offx15:19x14,barx1")
    assert game_result(position, cube).points == 3 * cube
    assert GameResult("white", "single", cube).points == cube
    assert GameResult("white", "mars", cube).points == 2 * cube


def test_cube_double_take_pass():
    cube = Cube()
    assert cube.value == 1 and cube.owner is None
    offer = cube.offer("white")
    taken = offer.take()
    assert (taken.value, taken.owner) == (2, "black")
    # Only the owner may redouble, and never after rolling.
    assert not taken.may_double("white")
    assert taken.may_double("black")
    assert not taken.may_double("black", rolled=True)
    with pytest.raises(CubeError, match="belongs to black"):
        taken.offer("white")
    # Pass: the doubler wins the value before the double.
    result = taken.offer("black").pass_()
    assert (result.winner, result.points, result.ended_by) == ("black", 2, "pass")
    assert Cube().offer("white").pass_().points == 1


def test_cube_stops_at_64():
    cube = Cube()
    player = "white"
    for _ in range(6):
        cube = cube.offer(player).take()
        player = cube.owner
    assert cube.value == 64
    assert not cube.may_double(cube.owner)
    with pytest.raises(CubeError, match="64"):
        cube.offer(cube.owner)


def test_resign_gives_what_the_opponent_could_still_win():
    assert resign_result(from_text("nardy:short:w:6x14,offx1:19x15"), "white").points == 1
    assert resign_result(from_text("nardy:short:w:6x15:19x15"), "white").points == 2
    assert resign_result(from_text("nardy:short:w:6x14,20x1:19x15"), "white").points == 3
    assert resign_result(from_text("nardy:short:w:6x14,barx1:19x15"), "white", cube=4).points == 12
    assert resign_result(from_text("nardy:long:w:6x14,15x1:18x15"), "white").points == 2


def test_no_cube_in_a_one_point_match():
    match = Match(1)
    assert not match.cube_allowed
    assert "1-point" in Cube().refusal("white", match=match)


def test_crawford_rule():
    match = Match(5)
    match.record(GameResult("white", "single", 2))  # 2-0
    assert match.cube_allowed
    match.record(GameResult("white", "single", 2))  # 4-0: one short
    assert match.crawford and not match.cube_allowed
    assert "Crawford" in Cube().refusal("black", match=match)
    match.record(GameResult("black", "single", 1))  # Crawford game over: 4-1
    assert not match.crawford and match.cube_allowed
    match.record(GameResult("black", "mars"))  # 4-3: the rule applies only once
    assert match.cube_allowed
    match.record(GameResult("black", "single", 1))  # 4-4: black one short, but the Crawford game was played
    assert match.cube_allowed
    match.record(GameResult("white", "single", 1))
    assert match.winner == "white"
    with pytest.raises(ValueError):
        match.record(GameResult("black", "single", 1))


def test_match_length_must_be_positive():
    with pytest.raises(ValueError):
        Match(0)
