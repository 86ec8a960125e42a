"""Bad input gets a clear error naming the problem, never a crash or a wrong answer."""

import pytest

from nardy_rules import (
    InvalidDiceError,
    InvalidPositionError,
    LongPosition,
    NardyError,
    NotationError,
    Position,
    ShortPosition,
    legal_plays,
    parse_dice,
    parse_play,
)


def short(white, black, turn="white"):
    return {"variant": "short", "turn": turn, "white": white, "black": black}


@pytest.mark.parametrize(
    "data, words",
    [
        (short({"24": 16}, {"1": 15}), "white has 16 checkers"),
        (short({"24": 2, "off": 1}, {"1": 15}), "white has 3 checkers"),
        (short({"24": 14, "1": 1}, {"1": 15}), "point 1 holds both"),
        (short({"25": 15}, {"1": 15}), "outside 1..24"),
        (short({"0": 15}, {"1": 15}), "outside 1..24"),
        (short({"x": 15}, {"1": 15}), "not a point"),
        (short({"24": -1, "23": 16}, {"1": 15}), "negative"),
        (short({"24": 1.5}, {"1": 15}), "whole number"),
        (short({"24": 15}, {"1": 15}, turn="red"), "turn"),
        ({"variant": "long", "white": {"24": 14, "bar": 1}, "black": {"12": 15}}, "no bar"),
        ({"variant": "medium", "white": {}, "black": {}}, "variant"),
        ({"variant": "short", "white": {"24": 15}}, "no 'black'"),
        ({"variant": "short", "white": {"24": 15}, "black": {"1": 15}, "cube": 2}, "unknown position field"),
        ([1, 2], "JSON object"),
        (short({"off": 15}, {"off": 15}), "both sides have borne off"),
    ],
)
def test_invalid_positions(data, words):
    with pytest.raises(InvalidPositionError, match=words):
        Position.from_json(data)


def test_errors_are_value_errors():
    assert issubclass(InvalidPositionError, ValueError)
    assert issubclass(NardyError, ValueError)


@pytest.mark.parametrize("dice", [(0, 1), (7, 1), (3,), (1, 2, 3), "9-1", "a-b", None, (True, 1), (2.0, 1)])
def test_invalid_dice(dice):
    with pytest.raises(InvalidDiceError):
        legal_plays(ShortPosition.start(), dice)


@pytest.mark.parametrize("text, dice", [("3-1", (3, 1)), ("31", (3, 1)), ([6, 6], (6, 6)), (" 5-2 ", (5, 2))])
def test_dice_forms(text, dice):
    assert parse_dice(text) == dice


@pytest.mark.parametrize("play", ["13-8", "13/8 banana", "99/1", ""])
def test_unparsable_play(play):
    with pytest.raises(NotationError):
        parse_play(ShortPosition.start(), (5, 3), play)


def test_positions_are_immutable_and_hashable():
    position = LongPosition.start()
    with pytest.raises(AttributeError):
        position.turn = "black"
    assert hash(position) == hash(LongPosition.start())
    assert position != ShortPosition.start()
    assert len({position, LongPosition.start()}) == 1


def test_json_round_trip():
    position = ShortPosition.from_points({24: 1, 13: 5, 8: 3, 6: 5, "bar": 1}, {19: 5, 17: 3, 12: 5, 1: 1, "off": 1}, "black")
    data = position.to_json()
    assert data["white"]["bar"] == 1 and data["black"]["off"] == 1
    assert Position.from_json(data) == position
    # bar and off may be left out
    assert Position.from_json({"variant": "long", "white": {"24": 15}, "black": {"12": 15}}) == LongPosition.start()
