"""The figures the rules texts quote, counted by the engine itself.

Every number here comes from enumerating rolls through :func:`legal_plays`;
none is typed in. The doc tests compare the tables on the pages with these.
"""

from __future__ import annotations

from fractions import Fraction

from .dice import ALL_ROLLS, DISTINCT_ROLLS
from .play import Play, legal_plays
from .position import BAR, WHITE, Position
from .variants import LongPosition, ShortPosition


def percent(count: int, total: int = 36) -> int:
    """A share as a whole percentage, rounded half up (as the texts print it)."""
    return int(Fraction(100 * count, total) + Fraction(1, 2))


def _hits(play: Play) -> bool:
    return any(hit for *_rest, hit in play.steps)


def blot_hit_position(distance: int) -> ShortPosition:
    """White's lone checker on 24, a black blot ``distance`` points ahead, nothing else on the board."""
    if not 1 <= distance <= 23:
        raise ValueError(f"distance {distance}: 1..23")
    return ShortPosition.from_points({24: 1, "off": 14}, {24 - distance: 1, "off": 14})


def hit_rolls(distance: int) -> list[tuple[int, int]]:
    """The rolls (of 36) with which some legal play hits a blot ``distance`` away on an open board."""
    position = blot_hit_position(distance)
    return [roll for roll in ALL_ROLLS if any(_hits(play) for play in legal_plays(position, roll))]


#: The distances the hit table of the texts covers.
HIT_DISTANCES = tuple(range(1, 13))


def hit_chances(distances=HIT_DISTANCES) -> dict[int, int]:
    """{distance: rolls of 36 that hit} for a blot on an open board."""
    return {d: len(hit_rolls(d)) for d in distances}


def entering_position(closed: int) -> ShortPosition:
    """White has a checker on the bar; Black closes ``closed`` of White's entry points (24, 23, ...).

    Black's other checkers: one on point 1, far from White's entry, the rest off.
    """
    if not 0 <= closed <= 6:
        raise ValueError(f"closed points {closed}: 0..6")
    black = {24 - i: 2 for i in range(closed)}
    black[1] = 1
    black["off"] = 14 - 2 * closed
    return ShortPosition.from_points({BAR: 1, "off": 14}, black)


def entering_rolls(closed: int) -> list[tuple[int, int]]:
    """The rolls (of 36) that let a checker enter against ``closed`` closed home points."""
    position = entering_position(closed)
    return [roll for roll in ALL_ROLLS if legal_plays(position, roll)]


def entering_chances() -> dict[int, int]:
    return {k: len(entering_rolls(k)) for k in range(7)}


def opening_rolls() -> list[tuple[int, int]]:
    """The 15 possible opening rolls of short nardy: never a double (ties are rolled again)."""
    return [roll for roll in DISTINCT_ROLLS if roll[0] != roll[1]]


def opening_roll_share() -> Fraction:
    """How often each opening roll is the first roll of a game: 2 of the 30 non-double rolls."""
    non_doubles = [roll for roll in ALL_ROLLS if roll[0] != roll[1]]
    return Fraction(2, len(non_doubles))


def new_points(before: Position, after: Position, color: str = WHITE) -> list[int]:
    """Points ``color`` holds with two or more checkers after a play and did not hold before."""
    had, has = before.checkers(color), after.checkers(color)
    return sorted(p for p, n in has.items() if n >= 2 and had.get(p, 0) < 2)


def point_making_openings() -> dict[tuple[int, int], list[Play]]:
    """{roll: plays that make a new point} for the opening rolls that have any."""
    start = ShortPosition.start()
    found = {}
    for roll in opening_rolls():
        plays = [p for p in legal_plays(start, roll) if new_points(start, p.result)]
        if plays:
            found[roll] = plays
    return found


def share(rolls) -> Fraction:
    """The share of the 36 rolls matched by ``rolls`` (a predicate on a roll)."""
    return Fraction(sum(1 for roll in ALL_ROLLS if rolls(roll)), 36)


def head_checkers_moved(play: Play) -> int:
    """How many checkers leave the head (point 24 in White's numbering for White) in a long-nardy play."""
    return sum(1 for s, *_ in play.steps if s == LongPosition.HEAD)


def long_first_moves_doubles(color: str = WHITE) -> dict[int, list[Play]]:
    """{die: legal plays} for the first move of long nardy with each double."""
    start = LongPosition.start(turn=color)
    return {d: legal_plays(start, (d, d)) for d in range(1, 7)}


def pips_at_start(variant: type[Position]) -> tuple[int, int]:
    start = variant.start()
    return start.pips("white"), start.pips("black")
