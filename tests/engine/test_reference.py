"""The engine against the naive second implementation (reference.py), both games.

Positions from random games and arbitrary random positions biased towards
blocks and races: the same set of resulting positions, and a single move is
accepted exactly when some legal play (in any order of its moves) starts with
it.
"""

import random

import pytest

from nardy_rules import Turn, legal_plays

from .positions import random_game_positions, random_position
from .reference import analyse, result_key


def compare(position, dice):
    best, results, firsts = analyse(position, dice)
    plays = legal_plays(position, dice)
    assert {result_key(p.result) for p in plays} == results, (position, dice)
    assert all(len(p.moves) == best for p in plays)
    accepted = {(m.start, m.end, m.die) for m in Turn(position, dice).legal_moves()}
    assert accepted == firsts, (position, dice)


@pytest.mark.parametrize("variant", ["short", "long"])
def test_random_games(variant):
    for position, dice in random_game_positions(variant, 700, seed=21):
        compare(position, dice)


@pytest.mark.parametrize("variant", ["short", "long"])
def test_random_positions(variant):
    rng = random.Random(8)
    six_block_refusals = 0
    for _ in range(400):
        position = random_position(rng, variant)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        compare(position, dice)
        turn = Turn(position, dice)
        for start in range(1, 25):
            for end in range(1, start):
                refusal = turn.check(start, end)
                six_block_refusals += bool(refusal and refusal.code == "six-block")
    if variant == "long":
        # The positions really exercise the six-block rule.
        assert six_block_refusals >= 20
