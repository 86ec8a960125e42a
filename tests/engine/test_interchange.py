"""XGID, gnubg Position ID and the compact text form, both ways."""

import pytest

from nardy_rules import (
    InvalidPositionError,
    LongPosition,
    ShortPosition,
    from_gnubg_id,
    from_text,
    from_xgid,
    to_gnubg_id,
    to_text,
    to_xgid,
)
from nardy_rules.interchange import xgid_dice

from .positions import random_game_positions


def test_start_position_ids():
    start = ShortPosition.start()
    assert to_gnubg_id(start) == "4HPwATDgc/ABMA"  # gnubg's well-known start ID
    assert to_xgid(start).startswith("XGID=-b----E-C---eE---c-e----B-:")  # eXtreme Gammon's start
    assert from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10") == start
    assert from_gnubg_id("4HPwATDgc/ABMA") == start


def test_xgid_turn_and_bar():
    position = from_xgid("XGID=a-----E-C---eE---c-e----A-:0:0:-1:00:0:0:0:0:10")
    assert position.turn == "black"
    assert position.bar("black") == 1 and position.bar("white") == 0


def test_xgid_dice_are_read_and_written():
    # eXtreme Gammon writes the roll to play in the fifth field ("52"), "00" before the roll, "D" for a double
    # on the table.
    start = "XGID=-b----E-C---eE---c-e----B-:0:0:1:{}:0:0:0:0:10"
    assert xgid_dice(start.format("52")) == (5, 2) and xgid_dice(start.format("66")) == (6, 6)
    assert xgid_dice(start.format("00")) is None and xgid_dice(start.format("D")) is None
    assert to_xgid(ShortPosition.start(), (5, 2)) == start.format("52")
    assert to_xgid(ShortPosition.start()) == start.format("00")
    for bad in ("72", "5", "5-2", "ab"):
        with pytest.raises(InvalidPositionError) as error:
            xgid_dice(start.format(bad))
        assert error.value.code == "dice"


@pytest.mark.parametrize("variant", ["short", "long"])
def test_text_round_trip(variant):
    for position, _dice in random_game_positions(variant, 300, seed=3):
        assert from_text(to_text(position)) == position
        if variant == "short":
            assert from_xgid(to_xgid(position)) == position
            assert from_gnubg_id(to_gnubg_id(position), position.turn) == position


def test_long_text_form_example():
    assert to_text(LongPosition.start()) == "nardy:long:w:24x15:12x15"
    assert from_text("nardy:long:b:24x14,20x1:12x15").checkers("white") == {24: 14, 20: 1}


@pytest.mark.parametrize(
    "text",
    ["nardy:short:w:24x16:1x15", "nardy:chess:w::", "nardy:short:w:24y2:1x15", "XGID=abc", "abcdefghijklmn!",
     "nardy:short:w:24x1,24x1,6x13:1x15"],
)
def test_bad_text_forms(text):
    with pytest.raises(InvalidPositionError):
        (from_xgid if text.startswith("XGID") else from_gnubg_id if "!" in text else from_text)(text)


def test_long_positions_have_no_xgid():
    with pytest.raises(InvalidPositionError, match="short nardy"):
        to_xgid(LongPosition.start())
