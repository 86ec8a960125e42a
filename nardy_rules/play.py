"""Moves and plays: what a player does with one roll, and the legal plays of a roll.

A :class:`Move` is one checker moved by one die, in White's numbering. A
:class:`Play` is the ordered moves of a whole turn; two plays are the same play
when they lead to the same position (RULES.md, "A turn"). :func:`legal_plays`
runs the search of :mod:`nardy_rules.movegen` through the variant's hooks.

Attaches :meth:`Position.legal_plays <nardy_rules.position.Position>` (see
the package docstring, "Layers"); ``Play.notation`` is attached by
:mod:`nardy_rules.notation`, which writes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .dice import DISTINCT_ROLLS, dice_to_play, parse_dice
from .errors import InvalidPositionError
from .movegen import search
from .position import BAR, BAR_INDEX, OFF, OFF_INDEX, Position, Step, other


@dataclass(frozen=True)
class Move:
    """One checker moved by one die, in White's numbering.

    ``start`` is a point 1..24 or ``"bar"``; ``end`` a point 1..24 or ``"off"``.
    """

    start: int | str
    end: int | str
    die: int
    hit: bool = False

    @property
    def notation(self) -> str:
        return f"{self.start}/{self.end}{'*' if self.hit else ''}"

    def to_json(self) -> dict:
        return {"from": self.start, "to": self.end, "die": self.die, "hit": self.hit}

    def __str__(self) -> str:
        return self.notation


def public_point(position: Position, color: str, own_index: int) -> int | str:
    """An index of ``color``'s own board as a point in White's numbering, ``"bar"`` or ``"off"``."""
    if own_index == BAR_INDEX:
        return BAR
    if own_index == OFF_INDEX:
        return OFF
    return position.to_white(color, own_index)


class Play:
    """The moves of one turn and the position they lead to.

    Built by :func:`legal_plays` and by notation parsing; ``moves`` and
    ``result`` are computed on first use, because a list of legal plays is
    usually read only in part. ``steps`` is the same play in the mover's own
    numbering, for code that works there (notation, figures, tests).
    """

    __slots__ = ("_result", "position", "steps")

    if TYPE_CHECKING:  # pragma: no cover - attached by notation.py (the module docstring)
        notation: str

    def __init__(self, position: Position, steps: tuple[Step, ...]):
        #: The position the play starts from.
        self.position = position
        #: The single moves in order, as :data:`~nardy_rules.position.Step` tuples
        #: (start, end, die, hit) in the mover's own numbering (25 the bar, 0 off).
        self.steps = steps
        self._result: Position | None = None

    @property
    def color(self) -> str:
        return self.position.turn

    @property
    def moves(self) -> tuple[Move, ...]:
        color = self.position.turn
        return tuple(
            Move(public_point(self.position, color, s), public_point(self.position, color, t), d, hit)
            for s, t, d, hit in self.steps
        )

    @property
    def dice_used(self) -> tuple[int, ...]:
        return tuple(d for _, _, d, _ in self.steps)

    @property
    def result(self) -> Position:
        """The position after the play, with the other side to move."""
        if self._result is None:
            self._result = self.position.apply_steps(self.steps)
        return self._result

    def to_json(self) -> dict:
        return {"notation": self.notation, "position": self.result.to_json()}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Play):
            return NotImplemented
        return self.position == other.position and self.result == other.result

    def __hash__(self) -> int:
        return hash((self.position, self.result))

    def __repr__(self) -> str:
        return f"<Play {self.notation or '(no move)'}>"

    def __str__(self) -> str:
        return self.notation


def legal_plays(position: Position, dice) -> list[Play]:
    """Every legal play for ``dice`` (RULES.md), one per resulting position.

    An empty list means nothing can be played and the turn passes. Raises
    :class:`~nardy_rules.errors.InvalidDiceError` for bad dice.
    """
    dice = parse_dice(dice)
    if position.is_game_over():
        return []
    _used, found = search(position.single_moves, position.search_env(dice), dice_to_play(dice))
    return [Play(position, steps) for steps in found.values()]


def never_moves(position: Position) -> bool:
    """Whether neither side can ever move: no roll gives either side a legal play.

    Nothing then changes, whoever is on roll, so no game from this position
    ever ends. In short nardy this is exactly both sides having checkers on
    the bar while every point of both homes is closed; it never follows from
    a legal play, and long nardy has no such position (README, "Games and
    matches"). A set-up start is refused for it (code ``frozen``). False
    for a finished game.
    """
    if position.is_game_over():
        return False
    sides = (position, position.with_turn(other(position.turn)))
    return not any(legal_plays(side, roll) for side in sides for roll in DISTINCT_ROLLS)


def check_playable(position: Position) -> None:
    """Raise :class:`InvalidPositionError` (code ``frozen``) when neither side can ever move (:func:`never_moves`)."""
    if never_moves(position):
        raise InvalidPositionError("neither side can ever move: both have checkers on the bar, and every point "
                                   "of both homes is closed", "frozen")


# The method form, on the position (position.py is below this layer: see the package docstring).
Position.legal_plays = legal_plays
