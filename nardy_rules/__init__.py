"""nardy_rules: the rules of short and long nardy.

Pure Python, standard library only; runs on CPython 3.11+ and in Pyodide.
RULES.md (shared with the project) is the rule book this implements.

    >>> from nardy_rules import ShortPosition, legal_plays
    >>> sorted(p.notation for p in legal_plays(ShortPosition.start(), (3, 1)))[:3]
    ['13/10 6/5', '13/10 8/7', '13/9']

The variant contract
--------------------
What a variant provides is declared once, on
:class:`~nardy_rules.position.Position` (its class docstring): the class
attributes ``variant``, ``OTHER_NUMBERING``, ``HAS_BAR``, ``HAS_CUBE``,
``CLOSING_STACK``, ``START`` and the rule hooks ``search_env``,
``single_moves`` and ``single_move_refusal``. ``variants.py`` fulfils it for
short and long nardy; the search and the step-by-step turn call nothing else
of a variant. Modules use each other's public names only: no module reads
another's underscore names.

Layers
------
Each module imports, at its top, only modules listed before it
(``tests/engine/test_package.py`` checks this list against the code), so
there are no import cycles and no imports inside functions:

1. ``errors``, ``reasons``: the errors raised on bad input; why a single move is refused.
2. ``contract``: the one reader of untrusted JSON, and the bounded quoting of bad values.
3. ``dice``: reading dice; the 36 rolls.
4. ``position``: the data (whose checkers stand where) and the variant contract.
5. ``movegen``: the legal-play search, in the mover's own numbering.
6. ``variants``: the rules of short and long nardy.
7. ``play``: moves, plays and ``legal_plays``.
8. ``turn``: one turn played a checker at a time, with the reason a move is refused.
9. ``notation``: plays as the rules texts write them.
10. ``interchange``: positions as text (this project's compact form, XGID, GNU Backgammon's Position ID).
11. ``scoring``: results, the doubling cube, resigning, matches.
12. ``__init__``: the package's public API (this module).
13. ``figures``, ``svg``, ``live``: the texts' figures, board diagrams, the live boards' JSON entry point.
14. ``game_record``, ``game``, ``game_session``, ``matfile``, ``matread``, ``game_live``: match records, the
    game flow, a match kept open (actions in, changes out), export, import, their live op.
15. ``bot.encoding``, ``bot.network``, ``bot.evaluate``, ``bot.lookahead``: the bot's evaluator and look-ahead.
16. ``bot.players``, ``bot.cube``, ``bot.cli``, ``bot``: the bot's levels, cube and resignations, command line.
17. ``analysis``: a match's plays and cube decisions rated by the bot.
18. ``match_cli``: the command line's ``import`` and ``analyse``.
19. ``play_live``: the play page's ops (the computer's decisions in a game, hints, a position's forms, analysis).
20. ``__main__``: the command line.

A lower layer's type may offer a method whose work belongs to a higher
layer; the higher module then attaches it at its end (an assignment marked
with a comment), and this package imports every such module, so the method
is there whenever ``nardy_rules`` is imported: ``Position.legal_plays``
(``play``), ``Position.begin_turn`` (``turn``), ``Play.notation``
(``notation``), ``repr()`` of a position (``interchange``) and
``Position.result`` (``scoring``).

One import inside a function is allowed, because it is lazy on purpose:
``live`` imports ``play_live`` on the first ``game``, ``hint``,
``forms``, ``analyse`` or ``import`` request, so a rules page's worker does not load the game modules
nor the bot at start
(``tests/engine/test_game_live.py``); the test's allow-list names it.
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
