"""Results and scoring: single game, mars, koks; the doubling cube; resigning; matches.

RULES.md, "Short nardy" and "Long nardy": a single game is worth 1, mars 2
(the loser has borne off nothing), koks 3 (short nardy only: also a loser's
checker on the bar or in the winner's home board). Points = result x cube.

Attaches ``Position.result`` (see the package docstring, "Layers").
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .contract import quote, read_choice
from .errors import CubeError, NardyError
from .position import BLACK, COLORS, WHITE, Position, other

SINGLE = "single"
MARS = "mars"
KOKS = "koks"
#: Points of each kind of result, before the cube.
RESULT_POINTS = {SINGLE: 1, MARS: 2, KOKS: 3}
#: Kinds of result each game knows.
RESULT_KINDS = {"short": (SINGLE, MARS, KOKS), "long": (SINGLE, MARS)}
MAX_CUBE = 64

#: How a game ended.
BEAR_OFF = "bear-off"
PASS = "pass"
RESIGN = "resign"


@dataclass(frozen=True)
class GameResult:
    """Who won, what kind of win, and what it is worth."""

    winner: str
    kind: str
    cube: int = 1
    ended_by: str = BEAR_OFF

    @property
    def loser(self) -> str:
        return other(self.winner)

    @property
    def multiplier(self) -> int:
        return RESULT_POINTS[self.kind]

    @property
    def points(self) -> int:
        return self.multiplier * self.cube

    def with_cube(self, cube: int) -> GameResult:
        return replace(self, cube=cube)

    def to_json(self) -> dict:
        return {"winner": self.winner, "kind": self.kind, "cube": self.cube, "points": self.points,
                "ended_by": self.ended_by}


def _kind_for(position: Position, loser: str) -> str:
    """single / mars / koks for ``loser`` if the game ended now."""
    if position.off(loser):
        return SINGLE
    if KOKS in RESULT_KINDS[position.variant]:
        winner = other(loser)
        in_winners_home = any(position.count_at(p)[0] == loser for p in position.home_points(winner))
        if position.bar(loser) or in_winners_home:
            return KOKS
    return MARS


def game_result(position: Position, cube: int = 1) -> GameResult | None:
    """The result once a side has borne off all 15 checkers, else None."""
    winner = position.winner
    if winner is None:
        return None
    return GameResult(winner, _kind_for(position, other(winner)), cube)


# position.result(): the method form (position.py is below this layer: see the package docstring).
Position.result = game_result


def resign_result(position: Position, resigning: str, cube: int = 1) -> GameResult:
    """What resigning gives the opponent: what they could still win (RULES.md)."""
    read_choice(resigning, "resigning side", COLORS, NardyError)
    return GameResult(other(resigning), _kind_for(position, resigning), cube, RESIGN)


@dataclass(frozen=True)
class Cube:
    """The doubling cube (short nardy): its value and who owns it (None: centred)."""

    value: int = 1
    owner: str | None = None

    def refusal(self, player: str, *, rolled: bool = False, match: Match | None = None) -> str | None:
        """Why ``player`` may not double now, or None when they may."""
        if player not in COLORS:
            return f"player {quote(player)}: use 'white' or 'black'"
        if match is not None and not match.cube_allowed:
            if match.length == 1:
                return "there is no cube in a 1-point match"
            return "the cube is not used in the Crawford game"
        if rolled:
            return "a player may double only before rolling"
        if self.owner is not None and self.owner != player:
            return f"the cube belongs to {self.owner}"
        if self.value >= MAX_CUBE:
            return f"the cube is already at {MAX_CUBE}, its highest value"
        return None

    def may_double(self, player: str, *, rolled: bool = False, match: Match | None = None) -> bool:
        return self.refusal(player, rolled=rolled, match=match) is None

    def offer(self, player: str, *, rolled: bool = False, match: Match | None = None) -> DoubleOffer:
        """``player`` doubles; raise :class:`CubeError` if the rules do not allow it now."""
        reason = self.refusal(player, rolled=rolled, match=match)
        if reason:
            raise CubeError(f"{player if player in COLORS else 'that player'} cannot double: {reason}")
        return DoubleOffer(self, player)


@dataclass(frozen=True)
class DoubleOffer:
    """A double on the table, waiting for the opponent to take or pass."""

    cube: Cube
    doubler: str

    def take(self) -> Cube:
        """The opponent takes: the cube doubles and becomes theirs."""
        return Cube(self.cube.value * 2, other(self.doubler))

    def pass_(self) -> GameResult:
        """The opponent passes and loses the cube's value before the double."""
        return GameResult(self.doubler, SINGLE, self.cube.value, PASS)


@dataclass
class Match:
    """A match to ``length`` points: scores, the Crawford game, whether the cube is in play."""

    length: int
    scores: dict = field(default_factory=lambda: {WHITE: 0, BLACK: 0})
    #: True while the current game is the Crawford game.
    crawford: bool = False
    #: True once the Crawford game has been played (or started).
    crawford_done: bool = False

    def __post_init__(self):
        if isinstance(self.length, bool) or not isinstance(self.length, int) or self.length < 1:
            raise NardyError(f"match length {quote(self.length)}: a whole number of points, at least 1")

    def start_at(self, scores: dict, crawford: bool | None = None) -> None:
        """Begin at a score (a match written down from the middle), as GNU Backgammon reads such a file: the
        first game is the Crawford game when exactly one side is a point short (unless ``crawford`` is
        False: it was played before), and the games after it are post-Crawford; with both a point short, or
        neither, no Crawford game is left to play or yet known."""
        if any(not 0 <= scores[color] < self.length for color in COLORS):
            raise NardyError(f"a score of {scores[WHITE]}-{scores[BLACK]} in a {self.length}-point match: "
                             "each side below the length")
        self.scores = {color: scores[color] for color in COLORS}
        short = [color for color in COLORS if self.scores[color] == self.length - 1]
        self.crawford = len(short) == 1 and crawford is not False
        self.crawford_done = bool(short)

    @property
    def cube_allowed(self) -> bool:
        return self.length > 1 and not self.crawford

    @property
    def winner(self) -> str | None:
        for color in COLORS:
            if self.scores[color] >= self.length:
                return color
        return None

    def record(self, result: GameResult) -> None:
        """Add a finished game's points and set up the next game's Crawford state."""
        if self.winner is not None:
            raise NardyError("the match is already over")
        self.scores[result.winner] += result.points
        if self.crawford:
            self.crawford = False
        elif not self.crawford_done and self.winner is None and self.scores[result.winner] == self.length - 1:
            # The leader has just reached one point short: the next game is Crawford.
            self.crawford = True
            self.crawford_done = True
