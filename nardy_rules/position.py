"""The position: whose checkers stand where, who is to move, and the variant contract.

Public coordinates are **White's numbering for both colours** (points 1..24),
as in every diagram of the rules texts. Each side's checkers are kept in that
side's *own* numbering, where every checker travels from high to low points
and is borne off below point 1; both games then look the same to the side to
move, and a variant (``variants.py``) only says how the two sides' numberings
meet and which rules apply.

A side's board in its own numbering (:meth:`Position.own_board`) is a tuple of
26 counts: index 0 (:data:`OFF_INDEX`) = borne off, 1..24 = its own points,
25 (:data:`BAR_INDEX`) = the bar. A *step* is one single move in the mover's
own numbering, ``(start, end, die, hit)`` with start and end such indices:
what the search finds, :attr:`nardy_rules.play.Play.steps` holds and
:meth:`Position.apply_steps` applies.

This module is data only: it imports nothing above :mod:`nardy_rules.dice`
(see the package docstring, "Layers"). :class:`Position` declares what a
variant provides (its class docstring); the methods whose work belongs to a
higher layer are attached by that layer, as the package docstring lists.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from .contract import BAR, BLACK, COLORS, OFF, WHITE, quote, quote_list, read_choice, read_count, read_object, read_point_key
from .errors import InvalidPositionError

if TYPE_CHECKING:  # pragma: no cover
    from .dice import Dice
    from .movegen import SearchEnv
    from .play import Play
    from .reasons import Refusal
    from .scoring import GameResult
    from .turn import Turn

#: One single move in the mover's own numbering: (start, end, die, hit); see the module docstring.
Step = tuple[int, int, int, bool]

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
    """An immutable, hashable nardy position, and the contract every variant fulfils.

    Use a variant (:class:`~nardy_rules.ShortPosition`,
    :class:`~nardy_rules.LongPosition`) or :meth:`Position.from_json`; the base
    class holds what both games share.

    **The variant contract** (modelled on python-chess's ``chess/variant.py``:
    a variant subclasses the position and overrides declared public hooks). A
    variant sets the class attributes :attr:`variant`, :attr:`OTHER_NUMBERING`,
    :attr:`HAS_BAR`, :attr:`HAS_CUBE`, :attr:`CLOSING_STACK` and :attr:`START`,
    and overrides the three rule hooks, each documented below:
    :meth:`search_env` (the fixed facts of one turn's search),
    :meth:`single_moves` (the moves one die allows from a search state) and
    :meth:`single_move_refusal` (why a single move is refused). The legal-play
    search (:mod:`nardy_rules.movegen`, :func:`nardy_rules.play.legal_plays`)
    and the step-by-step turn (:mod:`nardy_rules.turn`) call nothing else of
    a variant, and every other module reads a position through the public
    methods here. A new variant is registered in :data:`VARIANTS`.

    Methods whose work belongs to a higher layer are attached to this class
    by the module that implements them (the package docstring lists them):
    :meth:`legal_plays` (``play.py``), :meth:`begin_turn` (``turn.py``),
    ``repr()`` (``interchange.py``) and :meth:`result` (``scoring.py``).
    """

    #: ``"short"`` or ``"long"``: the name :data:`VARIANTS` and the JSON contract know it by.
    variant: ClassVar[str] = ""
    #: ``OTHER_NUMBERING[q]``: the point that is ``q`` in one side's own numbering, in the other
    #: side's own numbering (index 1..24; 0 and 25, off and the bar, map to themselves). White's
    #: own numbering is White's numbering, so for Black this maps its own points to White's. Short
    #: nardy: ``25 - q`` (a mirror); long nardy: ``q`` +- 12 (a half turn). Each game's table is its
    #: own inverse, so one table serves both directions.
    OTHER_NUMBERING: ClassVar[tuple[int, ...]] = ()
    #: Whether the variant has hitting and a bar.
    HAS_BAR: ClassVar[bool] = False
    #: Whether the variant is played with the doubling cube (read by ``game.py`` and ``bot/cube.py``).
    HAS_CUBE: ClassVar[bool] = False
    #: An opponent stack this high closes a point (read by the variants' :meth:`search_env`).
    CLOSING_STACK: ClassVar[int] = 2
    #: Start position of each side in its own numbering: {own point: count}.
    START: ClassVar[dict[int, int]] = {}

    __slots__ = ("_black", "_hash", "_white", "turn")

    turn: str
    _white: tuple[int, ...]
    _black: tuple[int, ...]

    def __init__(self, white: tuple[int, ...], black: tuple[int, ...], turn: str = WHITE):
        """Build from each side's board in its own numbering (:meth:`own_board`'s form), not validated.

        The engine's constructor for positions it derives from valid ones; for
        anything else use :meth:`from_points`, :meth:`from_json` or
        :meth:`start`, or call :meth:`validate` on the result.
        """
        self.turn = turn
        self._white = white
        self._black = black
        self._hash = None

    # ------------------------------------------------------------------ the variant's rules

    def search_env(self, roll: Dice, start: Position | None = None) -> SearchEnv:
        """The search state of the side to move: the fixed facts of the turn and a mutable copy of its board.

        ``roll`` is the turn's two dice; ``start`` the position the turn began
        in (``self`` when left out): the rules that count from the turn's start
        (long nardy's head rule) read it there. The
        :class:`~nardy_rules.movegen.SearchEnv` it returns is what
        :meth:`single_moves` and :meth:`single_move_refusal` read.
        """
        raise NotImplementedError(f"{type(self).__name__} does not say how to search its moves")

    @staticmethod
    def single_moves(env: SearchEnv, die: int, max_source: int) -> list[tuple[int, int, bool]]:
        """The single moves ``die`` allows in ``env``'s state, as ``(start, end, hit)`` in the mover's own numbering.

        Only starts at most ``max_source`` (the search passes
        :data:`BAR_INDEX` for all), highest start first and a bear-off
        (``end`` :data:`OFF_INDEX`) last: :func:`~nardy_rules.play.legal_plays`
        lists plays in this order. ``hit`` is true when the move hits a blot
        not already hit in the line searched (``env.hits``). Called in the
        search's inner loop: keep it lean.
        """
        raise NotImplementedError("a variant lists its single moves")

    def single_move_refusal(self, env: SearchEnv, start: int, die: int) -> Refusal | None:
        """Why the checker on own point ``start`` may not move ``die`` in ``env``'s state, or None.

        None exactly when :meth:`single_moves` lists the move; the rules about
        the whole turn (the most dice, the larger die) are
        :class:`~nardy_rules.turn.Turn`'s. The refusal's points are in White's
        numbering.
        """
        raise NotImplementedError(f"{type(self).__name__} does not say why a move is refused")

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
        return point if color == WHITE else cls.OTHER_NUMBERING[point]  # type: ignore[index]

    @staticmethod
    def from_json(data: Mapping) -> Position:
        """Read the JSON contract (dev/engine.md, "JSON contract"), with the readers of :mod:`nardy_rules.contract`.

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
                    f"each side has exactly {CHECKERS}", "checker-count", {"color": color, "count": total}
                )
            if board[BAR_INDEX] and not self.HAS_BAR:
                raise InvalidPositionError(f"{color} has checkers on the bar, but {self.variant} nardy has no bar",
                                           "bar-in-long", {"color": color})
        for point in range(1, 25):
            if self._white[point] and self._black[self.OTHER_NUMBERING[point]]:
                raise InvalidPositionError(f"point {point} holds both white and black checkers", "both-colours",
                                           {"point": point})
        if self._white[OFF_INDEX] == CHECKERS and self._black[OFF_INDEX] == CHECKERS:
            raise InvalidPositionError("both sides have borne off all their checkers", "all-borne-off")

    # ------------------------------------------------------------------ reading

    def own_board(self, color: str) -> tuple[int, ...]:
        """``color``'s 26 counts in its own numbering: 0 borne off, 1..24 its own points, 25 the bar."""
        return self._white if color == WHITE else self._black

    def to_white(self, color: str, own_point: int) -> int:
        """A point in ``color``'s own numbering, in White's numbering."""
        return own_point if color == WHITE else self.OTHER_NUMBERING[own_point]

    def to_own(self, color: str, point: int) -> int:
        """A point in White's numbering, in ``color``'s own numbering."""
        return point if color == WHITE else self.OTHER_NUMBERING[point]

    def checkers(self, color: str) -> dict[int, int]:
        """{point: count} in White's numbering, highest point first, bar and off excluded."""
        board = self.own_board(color)
        points = {self.to_white(color, q): board[q] for q in range(1, 25) if board[q]}
        return dict(sorted(points.items(), reverse=True))

    def count_at(self, point: int) -> tuple[str | None, int]:
        """(colour, count) of the checkers on ``point`` (White's numbering)."""
        if self._white[point]:
            return WHITE, self._white[point]
        black = self._black[self.OTHER_NUMBERING[point]]
        return (BLACK, black) if black else (None, 0)

    def bar(self, color: str) -> int:
        return self.own_board(color)[BAR_INDEX]

    def off(self, color: str) -> int:
        return self.own_board(color)[OFF_INDEX]

    def pips(self, color: str) -> int:
        """Pip count: the distance all of ``color``'s checkers still travel to bear off."""
        board = self.own_board(color)
        return sum(q * board[q] for q in range(1, 26))

    def home_points(self, color: str) -> tuple[int, ...]:
        """The six home points of ``color`` in White's numbering."""
        return tuple(sorted(self.to_white(color, q) for q in range(1, 7)))

    @property
    def winner(self) -> str | None:
        """The side that has borne off all 15, if any."""
        for color in COLORS:
            if self.own_board(color)[OFF_INDEX] == CHECKERS:
                return color
        return None

    def is_game_over(self) -> bool:
        return self.winner is not None

    def with_turn(self, turn: str) -> Position:
        return type(self)(self._white, self._black, _parse_color(turn, "turn"))

    def apply_steps(self, steps, switch_turn: bool = True) -> Position:
        """The position after the side to move plays ``steps`` (:data:`Step` tuples); no legality check.

        A hit sends the opponent's checker on the landing point to its bar.
        The other side is to move afterwards, unless ``switch_turn`` is false
        (a turn in progress).
        """
        color = self.turn
        own = list(self.own_board(color))
        opp = list(self.own_board(other(color)))
        across = self.OTHER_NUMBERING
        for s, t, _die, hit in steps:
            own[s] -= 1
            own[t] += 1
            if hit:
                opp[across[t]] -= 1
                opp[BAR_INDEX] += 1
        own_t, opp_t = tuple(own), tuple(opp)
        white, black = (own_t, opp_t) if color == WHITE else (opp_t, own_t)
        return type(self)(white, black, other(color) if switch_turn else color)

    # ------------------------------------------------------------------ attached by the higher layers

    if TYPE_CHECKING:  # pragma: no cover - the real methods are attached at import (class docstring)

        def legal_plays(self, dice) -> list[Play]:
            """Every legal play for ``dice``, one per distinct resulting position (``play.legal_plays``)."""

        def begin_turn(self, dice) -> Turn:
            """Step-by-step play of one turn from a roll (``turn.begin_turn``)."""

        def result(self, cube: int = 1) -> GameResult | None:
            """The result (winner, single/mars/koks, points) once the game is over (``scoring.game_result``)."""

    # ------------------------------------------------------------------ identity

    def key(self) -> tuple:
        """What identifies the position: (variant, turn, White's own board, Black's own board)."""
        return (self.variant, self.turn, self._white, self._black)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.key() == other.key()

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self.key())
        return self._hash

    def __setattr__(self, name, value):
        # Immutable once built: only the constructor and the hash cache write.
        if name == "_hash" or not hasattr(self, "_hash"):
            object.__setattr__(self, name, value)
        else:
            raise AttributeError(f"{type(self).__name__} is immutable")
