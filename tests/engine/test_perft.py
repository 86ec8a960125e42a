"""Perft: distinct positions after n plies over all 21 rolls, pinned.

Short nardy's figures are also checked against gnubg in test_gnubg.py; long
nardy's were counted by this engine and cross-checked against the naive
reference (test below) for the plies it can afford.
"""

from nardy_rules import DISTINCT_ROLLS, LongPosition, ShortPosition, legal_plays

from .positions import perft
from .reference import analyse


def test_long_perft():
    start = LongPosition.start()
    assert [perft(start, n) for n in (1, 2, 3)] == [13, 166, 4201]


def test_short_perft_one_ply():
    assert perft(ShortPosition.start(), 1) == 406


def test_long_perft_two_plies_by_the_reference():
    start = LongPosition.start()
    frontier = {start}
    for _ in range(2):
        following = set()
        for p in frontier:
            for roll in DISTINCT_ROLLS:
                plays = legal_plays(p, roll)
                _best, results, _firsts = analyse(p, roll)
                assert {r.result for r in plays} and len(results) == len(plays)
                following.update(play.result for play in plays)
        frontier = following
    assert len(frontier) == 166
