"""Positions for the tests: from random games, and random arbitrary ones biased towards blocks."""

from __future__ import annotations

import random

from nardy_rules import DISTINCT_ROLLS, LongPosition, ShortPosition, legal_plays, other
from nardy_rules.position import VARIANTS

from .reference import State, forbidden_block, path


def random_game_positions(variant: str, count: int, seed: int):
    """``count`` (position, dice) pairs met while playing random legal plays from the start."""
    rng = random.Random(seed)
    cls = VARIANTS[variant]
    out = []
    while len(out) < count:
        position = cls.start()
        while not position.is_game_over() and len(out) < count:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            out.append((position, dice))
            plays = legal_plays(position, dice)
            position = rng.choice(plays).result if plays else position.with_turn(other(position.turn))
    return out


def perft(position, plies: int) -> int:
    """Distinct positions after ``plies`` plays over the 21 rolls (a side that cannot move passes)."""
    frontier = {position}
    for _ in range(plies):
        following = set()
        for p in frontier:
            for roll in DISTINCT_ROLLS:
                plays = legal_plays(p, roll)
                if plays:
                    following.update(play.result for play in plays)
                else:
                    following.add(p.with_turn(other(p.turn)))
        frontier = following
    return len(frontier)


def random_position(rng: random.Random, variant: str):
    """An arbitrary valid position, often with runs of five to seven points and bearing-off races.

    Long-nardy positions where the side to move already holds a forbidden
    six-block are skipped: they cannot arise in a game.
    """
    while True:
        position = _attempt(rng, variant)
        if position is not None:
            return position


def _six_block_setup(rng: random.Random):
    """Long nardy: the side to move holds five points in a row along the opponent's path, has
    checkers a die away from either end of the run, and every opponent checker is behind it."""
    turn = rng.choice(("white", "black"))
    mover_path, opp_path = path("long", turn), path("long", other(turn))
    k = rng.randrange(1, 18)
    sides = {turn: {}, other(turn): {}}
    for point in opp_path[k:k + 5]:
        sides[turn][point] = 1
    left = 10
    for end in (opp_path[k - 1], opp_path[k + 5]):
        i = mover_path.index(end)
        for d in rng.sample(range(1, 7), 3):
            if i - d >= 0 and mover_path[i - d] not in sides[turn] and left:
                sides[turn][mover_path[i - d]] = 1
                left -= 1
    head = mover_path[0]
    if left:
        sides[turn][head] = sides[turn].get(head, 0) + left
    behind = [p for p in opp_path[:k] if p not in sides[turn]]
    if not behind:
        return None
    left = 15
    while left:
        point = rng.choice(behind)
        n = rng.randint(1, left)
        sides[other(turn)][point] = sides[other(turn)].get(point, 0) + n
        left -= n
    position = LongPosition.from_points(sides["white"], sides["black"], turn)
    return None if forbidden_block(State.of(position)) else position


def _attempt(rng: random.Random, variant: str):
    """One try at :func:`random_position`; None when the dice of chance painted it into a corner."""
    if variant == "long" and rng.random() < 0.3:
        return _six_block_setup(rng)
    sides = {"white": {}, "black": {}}
    taken: set[int] = set()
    for color in ("white", "black"):
        my_path = path(variant, color)
        left = 15
        style = rng.random()
        if style < 0.2:  # racing home or bearing off
            low = 18 if rng.random() < 0.6 else 12
            spots = my_path[low:]
        else:
            spots = my_path
        if variant == "long" and style >= 0.2 and rng.random() < 0.6:
            # a run along the opponent's path, to meet the six-block rule
            opp_path = path(variant, other(color))
            start = rng.randrange(0, 19)
            for point in opp_path[start:start + rng.randint(4, 7)]:
                if point not in taken and left:
                    sides[color][point] = 1
                    taken.add(point)
                    left -= 1
        if variant == "short" and rng.random() < 0.2:
            bar = rng.randint(1, 2)
            sides[color]["bar"] = bar
            left -= bar
        off = rng.randint(0, 10) if style < 0.2 else 0
        left -= off
        sides[color]["off"] = off
        free = [p for p in spots if p not in taken or p in sides[color]]
        if left > 0 and not free:
            return None
        while left > 0:
            point = rng.choice(free)
            n = rng.randint(1, min(left, 4))
            sides[color][point] = sides[color].get(point, 0) + n
            taken.add(point)
            left -= n
    turn = rng.choice(("white", "black"))
    cls = LongPosition if variant == "long" else ShortPosition
    position = cls.from_points(sides["white"], sides["black"], turn)
    if position.is_game_over():
        return None
    if variant == "long" and forbidden_block(State.of(position)):
        return None
    return position
