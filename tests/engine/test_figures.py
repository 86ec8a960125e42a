"""The figures of RULES.md "Checks that follow", counted by the engine."""

from fractions import Fraction

from nardy_rules import figures
from nardy_rules.figures import head_checkers_moved


def test_hit_chances_on_an_open_board():
    assert list(figures.hit_chances().values()) == [11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3]


def test_entering_chances():
    assert figures.entering_chances() == {0: 36, 1: 35, 2: 32, 3: 27, 4: 20, 5: 11, 6: 0}


def test_opening_point_making_rolls():
    found = {roll: [p.notation for p in plays] for roll, plays in figures.point_making_openings().items()}
    assert found == {(3, 1): ["8/5 6/5"], (4, 2): ["8/4 6/4"], (5, 3): ["8/3 6/3"], (6, 1): ["13/7 8/7"],
                     (6, 4): ["8/2 6/2"]}
    assert len(figures.opening_rolls()) == 15


def test_each_opening_roll_is_one_in_fifteen():
    assert figures.opening_roll_share() == Fraction(1, 15)
    assert round(float(figures.opening_roll_share()) * 100, 1) == 6.7


def test_long_first_moves_with_doubles():
    moves = figures.long_first_moves_doubles()
    assert {d: sorted(p.notation for p in plays) for d, plays in moves.items()} == {
        1: ["24/20"], 2: ["24/16"], 3: ["24/15 24/21", "24/18(2)"], 4: ["24/16(2)"], 5: ["24/4"], 6: ["24/18(2)"],
    }
    assert {d: max(head_checkers_moved(p) for p in plays) for d, plays in moves.items()} == {
        1: 1, 2: 1, 3: 2, 4: 2, 5: 1, 6: 2,
    }


def test_shares_of_rolls():
    assert figures.share(lambda roll: roll[0] == roll[1]) == Fraction(6, 36)
    assert figures.share(lambda roll: roll in ((6, 6), (4, 4), (3, 3))) == Fraction(3, 36) == Fraction(1, 12)


def test_percent_rounds_half_up():
    assert [figures.percent(n) for n in (11, 12, 14, 15, 17, 6, 5, 3, 2)] == [31, 33, 39, 42, 47, 17, 14, 8, 6]
    assert figures.percent(1, 8) == 13  # 12.5 rounds up
