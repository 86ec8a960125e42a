"""nardy_rules: the rules of short and long nardy.

Pure Python, standard library only; runs on CPython 3.11+ and in Pyodide.
RULES.md (shared with the project) is the rule book this implements.

    >>> from nardy_rules import ShortPosition, legal_plays
    >>> sorted(p.notation for p in legal_plays(ShortPosition.start(), (3, 1)))[:3]
    ['13/10 24/23', '13/10/9', '13/10 6/5']
"""

from .dice import ALL_ROLLS, DISTINCT_ROLLS, parse_dice
from .errors import (
    CubeError,
    IllegalPlayError,
    InvalidDiceError,
    InvalidPositionError,
    InvalidRequestError,
    NardyError,
    NotationError,
)
from .interchange import from_gnubg_id, from_text, from_xgid, to_gnubg_id, to_text, to_xgid
from .notation import format_play, parse_play
from .play import Move, Play, legal_plays
from .position import BAR, BLACK, COLORS, OFF, VARIANTS, WHITE, Position, other
from .reasons import MESSAGES, Refusal
from .scoring import KOKS, MARS, SINGLE, Cube, GameResult, Match, game_result, resign_result
from .turn import Turn, check_move
from .variants import LongPosition, ShortPosition

__version__ = "1.0.0"

__all__ = [
    "ALL_ROLLS",
    "BAR",
    "BLACK",
    "COLORS",
    "DISTINCT_ROLLS",
    "KOKS",
    "MARS",
    "MESSAGES",
    "OFF",
    "SINGLE",
    "VARIANTS",
    "WHITE",
    "Cube",
    "CubeError",
    "GameResult",
    "IllegalPlayError",
    "InvalidDiceError",
    "InvalidPositionError",
    "InvalidRequestError",
    "LongPosition",
    "Match",
    "Move",
    "NardyError",
    "NotationError",
    "Play",
    "Position",
    "Refusal",
    "ShortPosition",
    "Turn",
    "check_move",
    "format_play",
    "from_gnubg_id",
    "from_text",
    "from_xgid",
    "game_result",
    "legal_plays",
    "other",
    "parse_dice",
    "parse_play",
    "resign_result",
    "to_gnubg_id",
    "to_text",
    "to_xgid",
]
