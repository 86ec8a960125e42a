"""Notation: the forms the documents use, formatting, parsing and its errors."""

import pytest

from nardy_rules import (
    IllegalPlayError,
    LongPosition,
    NotationError,
    ShortPosition,
    from_text,
    legal_plays,
    parse_play,
)
from nardy_rules.notation import parse_tokens


@pytest.mark.parametrize(
    "text, paths",
    [
        ("13/8*", [[(13, False), (8, True)]]),
        ("24/23/22/21/20", [[(24, False), (23, False), (22, False), (21, False), (20, False)]]),
        ("24/18(2)", [[(24, False), (18, False)]] * 2),
        ("bar/22", [[("bar", False), (22, False)]]),
        ("6/off", [[(6, False), ("off", False)]]),
        ("13/10*/5", [[(13, False), (10, True), (5, False)]]),
        ("BAR/22 6/OFF", [[("bar", False), (22, False)], [(6, False), ("off", False)]]),
    ],
)
def test_tokens(text, paths):
    assert parse_tokens(text) == paths


@pytest.mark.parametrize("bad", ["", "13-8", "13/", "25/20", "13/0", "off/3", "6/off/3", "13/8(5)", "13/8x", "6/off*"])
def test_malformed_notation_is_a_notation_error(bad):
    with pytest.raises(NotationError):
        parse_tokens(bad)


def test_spellings_of_the_same_play_are_equal():
    long = LongPosition.start()
    assert parse_play(long, (1, 1), "24/20") == parse_play(long, (1, 1), "24/23/22/21/20")
    assert parse_play(long, (3, 3), "24/18(2)") == parse_play(long, (3, 3), "24/18 24/18")
    assert parse_play(long, (3, 3), "24/15 24/21") == parse_play(long, (3, 3), "24/21 24/15")
    assert parse_play(long, (5, 5), "24/4") == parse_play(long, (5, 5), "24/19/14/9/4")
    short = ShortPosition.start()
    assert parse_play(short, (6, 5), "24/13") == parse_play(short, (6, 5), "24/18/13")


def test_format_groups_repeats_and_shows_hits_on_the_way():
    long = LongPosition.start()
    assert sorted(p.notation for p in legal_plays(long, (3, 3))) == ["24/15 24/21", "24/18(2)"]
    position = from_text("nardy:short:w:13x1,6x14:10x1,24x14")
    assert "13/10*/5" in {p.notation for p in legal_plays(position, (5, 3))}


def test_bar_and_off_round_trip_through_notation():
    position = from_text("nardy:short:w:barx1,6x14:1x15")
    for play in legal_plays(position, (4, 1)):
        assert parse_play(position, (4, 1), play.notation) == play
    home = from_text("nardy:short:w:6x2,5x1,offx12:19x15")
    for play in legal_plays(home, (6, 5)):
        assert parse_play(home, (6, 5), play.notation) == play


def test_every_legal_play_round_trips_through_its_notation():
    from .positions import random_game_positions

    for variant in ("short", "long"):
        for position, dice in random_game_positions(variant, 150, seed=11):
            for play in legal_plays(position, dice):
                assert parse_play(position, dice, play.notation) == play


def test_illegal_play_error_names_the_reason():
    position = from_text("nardy:short:w:13x1,6x14:8x2,24x13")
    with pytest.raises(IllegalPlayError) as caught:
        parse_play(position, (5, 2), "13/8 8/6")
    assert "closed" in str(caught.value)
    assert caught.value.refusal.code == "point-closed"


def test_incomplete_play_is_refused():
    with pytest.raises(IllegalPlayError, match="2 can be played"):
        parse_play(ShortPosition.start(), (3, 1), "8/5")


def test_star_without_a_blot_is_refused():
    with pytest.raises(IllegalPlayError, match="no blot"):
        parse_play(ShortPosition.start(), (3, 1), "8/5* 6/5")
