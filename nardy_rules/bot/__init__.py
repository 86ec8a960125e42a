"""The computer opponent: levels, hints, cube and resignation decisions, for both games.

Pure Python with the standard library, like the rest of the engine (it runs in
Pyodide). Every level plays from a small neural network per game, trained by
TD(lambda) self-play (``scripts/train_bot.py``); its weights ship in
``nardy_rules/bot/weights/`` and are checked (format, shapes, SHA-256) on first
use: a damaged file raises :class:`BotWeightsError`, never a weak player. The
strongest level, ``expert``, also looks one roll ahead (``lookahead.py``).

    >>> from nardy_rules import ShortPosition
    >>> from nardy_rules.bot import LEVELS, STRONGEST, choose_play, hint
    >>> list(LEVELS), STRONGEST
    (['beginner', 'club', 'strong', 'expert'], 'expert')
    >>> choose_play(ShortPosition.start(), (3, 1), "strong").notation
    '8/5 6/5'

API (every answer is plain values where it is not a Play):

- ``LEVELS``: {name: Level}, weakest first; ``STRONGEST`` (``"expert"``) names the strongest, the default
  of the functions below.
- ``choose_play(position, dice, level=STRONGEST, rng=None, network=None) -> Play | None``:
  one of ``legal_plays(position, dice)``, None when nothing can be played.
  ``rng`` (``random.Random``) drives the lower levels' errors; without it a
  generator seeded from the position and dice is used (same question, same answer).
  ``network``: another evaluator than the shipped one (``load(game, path)``; the benchmarks).
- ``Player(level, seed, network=None)``: a callable ``(position, dice) -> Play | None`` with
  its own seeded generator, for whole games (same seed, same game).
- ``hint(position, dice, n=3, level=STRONGEST) -> list[dict]``: the top plays, best first, each
  ``{"play", "equity", "win", "win mars", "lose mars", ("win koks", "lose koks"),
  "position"}`` (the mover's chances after the play; at ``expert`` one roll ahead for the
  plays it looked at, which come first).
- ``estimate(position) -> dict``: chances and cubeless equity of the side on roll.
- ``cube_decision(position, cube=None, match=None, chances=None) -> {"double": bool, "reason", ...}``
  for the side on roll before it rolls; ``take_decision(position, cube, match, chances=None)
  -> {"take": bool, "reason", ...}`` for the other side, after the side on roll doubled; ``chances``
  defaults to ``estimate(position)``; ``roll_estimate(position)`` is the same one roll deeper (what
  ``expert`` decides from).
- ``accept_resignation(position, resigning, kind=None, cube=1) -> {"accept", "offered", "expected"}``.
- ``load(game)`` the checked network; ``BotWeightsError`` (a ``NardyError``, so a ``ValueError``).
"""

from .cube import accept_resignation, cube_decision, take_decision
from .evaluate import estimate
from .lookahead import roll_estimate
from .network import BotWeightsError, load
from .players import LEVELS, STRONGEST, Level, Player, choose_play, hint, rank_plays

__all__ = [
    "LEVELS",
    "STRONGEST",
    "BotWeightsError",
    "Level",
    "Player",
    "accept_resignation",
    "choose_play",
    "cube_decision",
    "estimate",
    "hint",
    "load",
    "rank_plays",
    "roll_estimate",
    "take_decision",
]
