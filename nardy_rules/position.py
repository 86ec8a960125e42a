"""The position: whose checkers stand where, and who is to move.

Public coordinates are **White's numbering for both colours** (points 1..24),
as in every diagram of the rules texts. Internally each side's checkers are
kept in that side's *own* numbering, where every checker travels from high to
low points and is borne off below point 1; both games then look the same to the
side to move, and the variants (``variants.py``) only say how the two sides'
numberings meet and which rules apply.

Internal board layout (a tuple of 26 counts per side, in its own numbering):
index 0 = borne off, 1..24 = points, 25 = bar.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from .contract import BAR, BLACK, COLORS, OFF, WHITE, quote, quote_list, read_choice, read_count, read_object, read_point_key
from .dice import parse_dice
from .errors import InvalidPositionError

if TYPE_CHECKING:  # pragma: no cover
    from .play import Play
    from .scoring import GameResult
    from .turn import Turn

CHECKERS = 15
#: The fields of a position's JSON object.
JSON_FIELDS = ("variant", "turn", WHITE, BLACK)

OFF_INDEX = 0
BAR_INDEX = 25


def other(color: str) -> str:
    """The opposite colour."""
    if color == WHITE:
        return BLACK
    if color == BLACK:
        return WHITE
    raise InvalidPositionError(f"colour {quote(color)}: use 'white' or 'black'")


def _parse_color(value: object, what: str) -> str:
    return read_choice(value, what, COLORS, InvalidPositionError)


#: Registry filled by ``variants.py``: variant name -> Position subclass.
VARIANTS: dict[str, type[Position]] = {}


class Position:
    """An immutable, hashable nardy position.

    Use a variant (:class:`~nardy_rules.ShortPosition`,
    :class:`~nardy_rules.LongPosition`) or :meth:`Position.from_json`; the base
    class holds what both games share.
    """

    #: ``"short"`` or ``"long"``; set by each variant.
    variant: ClassVar[str] = ""
    #: own point (index 1..24) of Black -> the same point in White's numbering.
    #: The same table maps a point of the side to move to the opponent's own
    #: numbering, because both games' maps are their own inverse.
    MIRROR: ClassVar[tuple[int, ...]] = ()
    #: Whether the variant has hitting, a bar and the doubling cube.
    HAS_BAR: ClassVar[bool] = False
    HAS_CUBE: ClassVar[bool] = False
    #: An opponent stack this high closes a point.
    CLOSING_STACK: ClassVar[int] = 2
    #: Start position of each side in its own numbering: {own point: count}.
    START: ClassVar[dict[int, int]] = {}

    __slots__ = ("_black", "_hash", "_white", "turn")

    turn: str
    _white: tuple[int, ...]
    _black: tuple[int, ...]

    def __init__(self, white: tuple[int, ...], black: tuple[int, ...], turn: str = WHITE):
        """Internal constructor: boards in each side's own numbering, not validated.

        Use :meth:`from_points`, :meth:`from_json` or :meth:`start`.
        """
        self.turn = turn
        self._white = white
        self._black = black
        self._hash = None

    # ------------------------------------------------------------------ building

    @classmethod
    def start(cls, turn: str = WHITE) -> Position:
        """The start position of this variant."""
        board = [0] * 26
        for point, count in cls.START.items():
            board[point] = count
        return cls(tuple(board), tuple(board), _parse_color(turn, "turn"))

    @classmethod
    def from_points(
        cls,
        white: Mapping[object, int],
        black: Mapping[object, int],
        turn: str = WHITE,
    ) -> Position:
        """Build and validate a position from {point: count} in White's numbering.

        Keys are points 1..24 (int, or the decimal text JSON writes: ``"24"``),
        ``"bar"`` and ``"off"``; ``off`` may be left out, and is then whatever
        makes 15. Counts are whole numbers, not negative.
        """
        if cls is Position:
            raise InvalidPositionError("say which game: use ShortPosition, LongPosition or from_json")
        turn = _parse_color(turn, "turn")
        boards = {}
        explicit_off = {}
        for color, points in ((WHITE, white), (BLACK, black)):
            if not isinstance(points, Mapping):
                raise InvalidPositionError(f"{color}: expected an object of point: count, got {quote(points)}")
            board = [0] * 26
            for key, count in points.items():
                index = cls._own_index(color, key)
                board[index] += read_count(count, f"{color} {quote(key)}")
                if index == OFF_INDEX:
                    explicit_off[color] = True
            if not explicit_off.get(color):
                board[OFF_INDEX] = max(0, CHECKERS - sum(board))
            boards[color] = tuple(board)
        position = cls(boards[WHITE], boards[BLACK], turn)
        position.validate()
        return position

    @classmethod
    def _own_index(cls, color: str, key: object) -> int:
        point = read_point_key(key, color)
        if point == BAR:
            return BAR_INDEX
        if point == OFF:
            return OFF_INDEX
        return point if color == WHITE else cls.MIRROR[point]  # type: ignore[index]

    @staticmethod
    def from_json(data: Mapping) -> Position:
        """Read the JSON contract (see README, "Engine"), with the readers of :mod:`nardy_rules.contract`.

        Raises :class:`InvalidPositionError` naming the first problem: not an
        object, an unknown field, a variant or turn that is not one of the
        names, a side that is not an object of point: count, a point or count
        of the wrong type or range, or a position that cannot occur.
        """
        data = read_object(data, "a position", InvalidPositionError)
        unknown = [key for key in data if key not in JSON_FIELDS]
        if unknown:
            raise InvalidPositionError(f"unknown position field(s): {quote_list(unknown)}")
        variant = read_choice(data.get("variant"), "variant", tuple(VARIANTS), InvalidPositionError)
        for color in COLORS:
            if color not in data:
                raise InvalidPositionError(f"the position has no {color!r} checkers object")
        return VARIANTS[variant].from_points(data[WHITE], data[BLACK], data.get("turn", WHITE))

    def to_json(self) -> dict:
        """The JSON contract: points in White's numbering, plus bar and off."""
        out: dict = {"variant": self.variant, "turn": self.turn}
        for color in COLORS:
            side = {str(point): count for point, count in self.checkers(color).items()}
            side[BAR] = self.bar(color)
            side[OFF] = self.off(color)
            out[color] = side
        return out

    def validate(self) -> None:
        """Raise :class:`InvalidPositionError` naming the first problem found."""
        for color, board in ((WHITE, self._white), (BLACK, self._black)):
            total = sum(board)
            if total != CHECKERS:
                raise InvalidPositionError(
                    f"{color} has {quote(total)} checkers (on the board, on the bar and borne off); "
                    f"each side has exactly {CHECKERS}"
                )
            if board[BAR_INDEX] and not self.HAS_BAR:
                raise InvalidPositionError(f"{color} has checkers on the bar, but {self.variant} nardy has no bar")
        for point in range(1, 25):
            if self._white[point] and self._black[self.MIRROR[point]]:
                raise InvalidPositionError(f"point {point} holds both white and black checkers")
        if self._white[OFF_INDEX] == CHECKERS and self._black[OFF_INDEX] == CHECKERS:
            raise InvalidPositionError("both sides have borne off all their checkers")

    # ------------------------------------------------------------------ reading

    def _board(self, color: str) -> tuple[int, ...]:
        return self._white if color == WHITE else self._black

    def to_white(self, color: str, own_point: int) -> int:
        """A point in ``color``'s own numbering, in White's numbering."""
        return own_point if color == WHITE else self.MIRROR[own_point]

    def to_own(self, color: str, point: int) -> int:
        """A point in White's numbering, in ``color``'s own numbering."""
        return point if color == WHITE else self.MIRROR[point]

    def checkers(self, color: str) -> dict[int, int]:
        """{point: count} in White's numbering, highest point first, bar and off excluded."""
        board = self._board(color)
        points = {self.to_white(color, q): board[q] for q in range(1, 25) if board[q]}
        return dict(sorted(points.items(), reverse=True))

    def count_at(self, point: int) -> tuple[str | None, int]:
        """(colour, count) of the checkers on ``point`` (White's numbering)."""
        if self._white[point]:
            return WHITE, self._white[point]
        black = self._black[self.MIRROR[point]]
        return (BLACK, black) if black else (None, 0)

    def bar(self, color: str) -> int:
        return self._board(color)[BAR_INDEX]

    def off(self, color: str) -> int:
        return self._board(color)[OFF_INDEX]

    def pips(self, color: str) -> int:
        """Pip count: the distance all of ``color``'s checkers still travel to bear off."""
        board = self._board(color)
        return sum(q * board[q] for q in range(1, 26))

    def home_points(self, color: str) -> tuple[int, ...]:
        """The six home points of ``color`` in White's numbering."""
        return tuple(sorted(self.to_white(color, q) for q in range(1, 7)))

    @property
    def winner(self) -> str | None:
        """The side that has borne off all 15, if any."""
        for color in COLORS:
            if self._board(color)[OFF_INDEX] == CHECKERS:
                return color
        return None

    def is_game_over(self) -> bool:
        return self.winner is not None

    def result(self) -> GameResult | None:
        """The result (winner, single/mars/koks, points) once the game is over."""
        from .scoring import game_result

        return game_result(self)

    def with_turn(self, turn: str) -> Position:
        return type(self)(self._white, self._black, _parse_color(turn, "turn"))

    # ------------------------------------------------------------------ playing

    def legal_plays(self, dice) -> list[Play]:
        """Every legal play for ``dice``, one per distinct resulting position."""
        from .play import legal_plays

        return legal_plays(self, dice)

    def _search(self, dice: tuple[int, int]) -> tuple[int, dict]:
        """(dice used, {result key: internal moves}) for the legal plays of ``dice``."""
        from .dice import dice_to_play
        from .movegen import search

        own = list(self._board(self.turn))
        env = self._env(own, self._board(other(self.turn)), self._board(self.turn), dice)
        return search(self._targets, env, dice_to_play(dice))

    def begin_turn(self, dice) -> Turn:
        """Step-by-step play of one turn (see :class:`~nardy_rules.turn.Turn`)."""
        from .turn import Turn

        return Turn(self, parse_dice(dice))

    # ------------------------------------------------------------------ identity

    def _key(self) -> tuple:
        return (self.variant, self.turn, self._white, self._black)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self._key())
        return self._hash

    def __setattr__(self, name, value):
        # Immutable once built: only the constructor and the hash cache write.
        if name == "_hash" or not hasattr(self, "_hash"):
            object.__setattr__(self, name, value)
        else:
            raise AttributeError(f"{type(self).__name__} is immutable")

    def __repr__(self) -> str:
        from .interchange import to_text

        return f"{type(self).__name__}.from_text({to_text(self)!r})"

