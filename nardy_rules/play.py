"""Moves and plays: what a player does with one roll.

A :class:`Move` is one checker moved by one die. A :class:`Play` is the ordered
moves of a whole turn; two plays are the same play when they lead to the same
position (RULES.md, "A turn").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .dice import parse_dice
from .position import BAR, BAR_INDEX, OFF, OFF_INDEX, Position, other

if TYPE_CHECKING:  # pragma: no cover
    pass


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
    """An internal own-numbering index as a public point, ``"bar"`` or ``"off"``."""
    if own_index == BAR_INDEX:
        return BAR
    if own_index == OFF_INDEX:
        return OFF
    return position.to_white(color, own_index)


class Play:
    """The moves of one turn and the position they lead to.

    Built by :func:`legal_plays` and by notation parsing; ``moves`` and
    ``result`` are computed on first use, because a list of legal plays is
    usually read only in part.
    """

    __slots__ = ("_internal", "_result", "position")

    def __init__(self, position: Position, internal_moves: tuple):
        #: The position the play starts from.
        self.position = position
        # ((own start, own end, die, hit), ...) in the mover's own numbering.
        self._internal = internal_moves
        self._result: Position | None = None

    @property
    def color(self) -> str:
        return self.position.turn

    @property
    def moves(self) -> tuple[Move, ...]:
        color = self.position.turn
        return tuple(
            Move(public_point(self.position, color, s), public_point(self.position, color, t), d, hit)
            for s, t, d, hit in self._internal
        )

    @property
    def dice_used(self) -> tuple[int, ...]:
        return tuple(d for _, _, d, _ in self._internal)

    @property
    def result(self) -> Position:
        """The position after the play, with the other side to move."""
        if self._result is None:
            self._result = apply_internal(self.position, self._internal)
        return self._result

    @property
    def notation(self) -> str:
        from .notation import format_play

        return format_play(self)

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


def apply_internal(position: Position, internal_moves, switch_turn: bool = True) -> Position:
    """Apply moves given in the mover's own numbering; no legality check.

    The other side is to move afterwards, unless ``switch_turn`` is false (a
    turn in progress).
    """
    color = position.turn
    own = list(position._board(color))
    opp = list(position._board(other(color)))
    mirror = position.MIRROR
    for s, t, _die, hit in internal_moves:
        own[s] -= 1
        own[t] += 1
        if hit:
            opp[mirror[t]] -= 1
            opp[BAR_INDEX] += 1
    own_t, opp_t = tuple(own), tuple(opp)
    white, black = (own_t, opp_t) if color == "white" else (opp_t, own_t)
    return type(position)(white, black, other(color) if switch_turn else color)


def legal_plays(position: Position, dice) -> list[Play]:
    """Every legal play for ``dice`` (RULES.md), one per resulting position.

    An empty list means nothing can be played and the turn passes. Raises
    :class:`~nardy_rules.errors.InvalidDiceError` for bad dice.
    """
    dice = parse_dice(dice)
    if position.is_game_over():
        return []
    _used, found = position._search(dice)
    return [Play(position, moves) for moves in found.values()]
