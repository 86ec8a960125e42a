"""The computer's levels: which legal play it picks for a roll, and the hint's ranking.

Every level plays from the same learned evaluator (``evaluate.py``) over
**every** legal play; they differ in how much they search and how much they
err, so a lower level is an honest weaker player, not a random mover:

- ``beginner``: one look at each play, with a large random error added to each
  play's equity (it often misses the best play, seldom picks a silly one);
- ``club``: one look at each play, with a small random error;
- ``strong``: no error: the play the evaluator values most;
- ``expert``: looks one roll ahead (``lookahead.py``): the plays ``strong``
  ranks close to its best are valued after every roll of the opponent and its
  best reply, and the best of them by that value is played.

Randomness comes from a ``random.Random`` passed in; without one, a
generator seeded from the position and the dice, so the same question always
gets the same answer.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

from ..contract import quote
from ..dice import parse_dice
from ..errors import NardyError
from ..interchange import to_text
from ..play import Play, legal_plays
from ..position import Position
from .evaluate import estimates_after
from .lookahead import choose
from .network import Network, load


@dataclass(frozen=True)
class Level:
    name: str
    description: str
    #: Standard deviation of the error added to each play's equity (points per unit cube).
    noise: float = 0.0
    #: Whether the closest plays are valued one roll ahead (``lookahead.choose``).
    lookahead: bool = False


LEVELS = {
    level.name: level
    for level in (
        Level("beginner", "every play evaluated, with a large random error", noise=0.4),
        Level("club", "every play evaluated, with a small random error", noise=0.12),
        Level("strong", "every play evaluated, the best one played"),
        Level("expert", "the closest plays valued after every roll of the opponent and its best reply",
              lookahead=True),
    )
}
STRONGEST = "expert"


def level_named(name: str) -> Level:
    if not isinstance(name, str) or name not in LEVELS:
        raise NardyError(f"level {quote(name)}: use one of {', '.join(LEVELS)}")
    return LEVELS[name]


def _seeded(position: Position, dice) -> random.Random:
    # hashlib, not hash(): str hashes change from one Python process to the next.
    digest = hashlib.sha256(f"{to_text(position)} {dice[0]}-{dice[1]}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def rank_plays(position: Position, dice, level: str = STRONGEST, rng: random.Random | None = None,
               network: Network | None = None):
    """[(play, estimate for the mover, score)] best first; score = equity plus the level's error.

    ``estimate`` holds ``win``, ``win mars``, ``lose mars`` (and koks in short
    nardy) and ``equity``, for the side that plays, after the play; at
    ``expert`` the plays it looked at one roll ahead come first, with their
    look-ahead estimates. ``network``: another evaluator than the shipped one
    (the benchmarks compare weights).
    """
    settings = level_named(level)
    dice = parse_dice(dice)
    plays = legal_plays(position, dice)
    if not plays:
        return []
    network = network or load(position.variant)
    ranked = [[play, mine, mine["equity"]] for play, mine in zip(plays, estimates_after(position, plays, network))]
    if settings.noise:
        rng = rng or _seeded(position, dice)
        for entry in ranked:
            entry[2] += rng.gauss(0.0, settings.noise)
    ranked.sort(key=lambda entry: -entry[2])
    ranked = [tuple(entry) for entry in ranked]
    if settings.lookahead:
        ranked = choose(ranked, network)
    return ranked


def choose_play(position: Position, dice, level: str = STRONGEST, rng: random.Random | None = None,
                network: Network | None = None) -> Play | None:
    """The play the computer makes at ``level``; None when nothing can be played."""
    ranked = rank_plays(position, dice, level, rng, network)
    return ranked[0][0] if ranked else None


class Player:
    """A computer player of one level with its own seeded generator: the same seed, the same game."""

    def __init__(self, level: str = STRONGEST, seed: int | None = 0, network: Network | None = None):
        self.level = level_named(level).name
        self.rng = random.Random(seed)
        self.network = network

    def __call__(self, position: Position, dice) -> Play | None:
        return choose_play(position, dice, self.level, self.rng, self.network)


def _rounded(values: dict) -> dict:
    return {key: round(value, 4) if isinstance(value, float) else value for key, value in values.items()}


def hint(position: Position, dice, n: int = 3, level: str = STRONGEST) -> list[dict]:
    """The top ``n`` plays for the roll, best first, as plain values.

    Each: ``{"play": notation, "moves": its single moves, "equity": ..., "win": ..., "win mars": ..., "lose mars": ...,
    ("win koks", "lose koks"), "position": JSON after the play}``; chances are
    the mover's, after the play. ``[]`` when nothing can be played.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise NardyError(f"hint count {quote(n)}: a whole number, at least 1")
    out = []
    for play, mine, _score in rank_plays(position, dice, level)[:n]:
        entry = {"play": play.notation, "moves": [move.to_json() for move in play.moves]}
        entry.update(_rounded(mine))
        entry["position"] = play.result.to_json()
        out.append(entry)
    return out
