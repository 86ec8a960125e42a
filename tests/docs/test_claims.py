"""Claims of the documents that are not a table or a diagram (CLAIMS.md lists every claim).

Each figure is counted by the engine, compared with the number the documents
state, and, where the documents write it in digits, found in the section of
every language's page that states it.
"""

from fractions import Fraction

import pytest

from nardy_rules import ALL_ROLLS, DISTINCT_ROLLS, LongPosition, ShortPosition, legal_plays
from nardy_rules.figures import hit_rolls, opening_roll_share, opening_rolls, share
from nardy_site.languages import enabled

from .pages import ROOT, section


def pages(page):
    return [ROOT / "docs" / lang.code / page for lang in enabled()]


def in_every_language(page, section_id, *renderings):
    for path in pages(page):
        if not path.exists():
            continue
        body = section(path, section_id)
        assert any(r in body for r in renderings), f"{path.relative_to(ROOT)}#{section_id}: none of {renderings}"


def test_fifteen_opening_rolls_and_no_double():
    rolls = opening_rolls()
    assert len(rolls) == 15 and all(a != b for a, b in rolls)
    in_every_language("short.md", "first-move", "15")


def test_each_opening_roll_six_point_seven_percent():
    assert round(float(opening_roll_share()) * 100, 1) == 6.7
    in_every_language("short.md", "first-move", "6,7", "6.7")


def test_ties_and_doubles_are_six_in_36():
    doubles = share(lambda roll: roll[0] == roll[1])
    assert doubles == Fraction(6, 36) == Fraction(1, 6)
    in_every_language("long.md", "doubles", "36")


def test_twenty_one_first_rolls_in_long_nardy():
    assert len(DISTINCT_ROLLS) == 21
    in_every_language("long.md", "first-move", "21")


def test_three_in_36_first_moves_take_two_from_the_head():
    start = LongPosition.start()
    two = [roll for roll in ALL_ROLLS
           if any(sum(1 for s, *_ in p._internal if s == 24) == 2 for p in legal_plays(start, roll))]
    assert sorted(two) == [(3, 3), (4, 4), (6, 6)]
    assert Fraction(len(two), 36) == Fraction(1, 12)


def test_pips_167_and_360_in_the_text():
    assert ShortPosition.start().pips("white") == 167
    assert LongPosition.start().pips("white") == 360
    in_every_language("short.md", "setup", "167")
    in_every_language("long.md", "setup", "360")


def test_single_numbers_hit_up_to_six_only_combinations_beyond():
    for distance in range(1, 7):
        assert {r for r in ALL_ROLLS if distance in r} <= set(hit_rolls(distance))
    for distance in range(7, 13):
        assert all(distance not in roll for roll in hit_rolls(distance))


def test_entering_with_6_4_on_19_or_21():
    position = ShortPosition.from_points({"bar": 1, 13: 14}, {1: 15})
    entries = {p.moves[0].end for p in legal_plays(position, (6, 4))}
    assert entries == {19, 21}


@pytest.mark.parametrize("cls", [ShortPosition, LongPosition])
def test_same_number_of_checkers_in_both_games(cls):
    start = cls.start()
    assert sum(start.checkers("white").values()) == sum(start.checkers("black").values()) == 15


def test_cube_goes_up_to_64_in_the_text():
    in_every_language("short.md", "cube", "64")
