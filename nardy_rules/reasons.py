"""Why a move is refused: stable reason codes and their messages.

The live boards show these messages to readers in six languages, so each one
is a whole English sentence with named ``{placeholders}``, marked with ``N_``
(one form) or ``NP_`` (singular and plural, chosen by ``count``) for Babel's
extractor (``scripts/i18n extract``). Nothing here builds a sentence from
pieces: a variant of a message (a colour, the bar) is a message of its own.

Reason codes (stable; the JSON contract and the catalogs use them):

=========================  ====================================================
code                       parameters
=========================  ====================================================
no-checker                 point (1..24 or "bar")
backwards                  start, end
enter-from-bar-first       (none)
no-such-die                distance, dice; or point, dice when bearing off
point-closed               point, count, color (the opponent's colour)
head-rule                  count (how many may leave), head
six-block                  first, last (the run, in White's numbering)
not-all-home               count (checkers still outside home)
higher-checker-must-move   die, point, higher
must-play-larger-die       die (the die that must be played), other
leaves-dice-unplayed       count (dice another play uses)
no-dice-left               (none)
game-over                  (none)
=========================  ====================================================
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


def N_(message: str) -> str:
    """Mark a message for translation; return it unchanged."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a plural form (chosen by the ``count`` parameter)."""
    return singular, plural


#: message key -> English message (or singular/plural pair).
MESSAGES: dict[str, str | tuple[str, str]] = {
    "no-checker": N_("You have no checker on point {point}."),
    "no-checker/bar": N_("You have no checker on the bar."),
    "backwards": N_("Checkers move only forward, towards home: {start} to {end} would go backwards."),
    "enter-from-bar-first": N_(
        "Enter the checker from the bar first: no other checker may move while one is on the bar."
    ),
    "no-such-die": N_("No die left to play shows {distance}. Dice left: {dice}."),
    "no-such-die/off": N_("No die left to play can bear off the checker on point {point}. Dice left: {dice}."),
    "point-closed/black": NP_(
        "Point {point} is closed: {count} black checker stands there.",
        "Point {point} is closed: {count} black checkers stand there.",
    ),
    "point-closed/white": NP_(
        "Point {point} is closed: {count} white checker stands there.",
        "Point {point} is closed: {count} white checkers stand there.",
    ),
    "head-rule": NP_(
        "Only {count} checker may leave the head (point {head}) this turn.",
        "Only {count} checkers may leave the head (point {head}) this turn.",
    ),
    "six-block": N_(
        "This move would make six points in a row, from {first} to {last}, "
        "with no opponent checker in front of them."
    ),
    "not-all-home": NP_(
        "You cannot bear off yet: {count} checker is still outside your home.",
        "You cannot bear off yet: {count} checkers are still outside your home.",
    ),
    "higher-checker-must-move": N_(
        "A {die} cannot bear off the checker on point {point} while a checker stands farther back, "
        "on point {higher}: play the {die} inside home."
    ),
    "must-play-larger-die": N_("No play uses both dice, but either die could be played alone, so the larger one is "
                               "played: play the {die}."),
    "leaves-dice-unplayed": NP_(
        "This move is legal on its own, but afterwards fewer dice could be played: "
        "another play uses {count} die.",
        "This move is legal on its own, but afterwards fewer dice could be played: "
        "another play uses all {count} dice.",
    ),
    "no-dice-left": N_("All dice of this turn have been played."),
    # Not a refusal: the heading of a lost die's reasons (Turn.lost_reasons), one reason per line after it.
    "dice-lost": NP_(
        "{count} die showing {die} cannot be played this turn:",
        "{count} dice showing {die} cannot be played this turn:",
    ),
    "game-over": N_("The game is over."),
}

CODES = (
    "no-checker",
    "backwards",
    "enter-from-bar-first",
    "no-such-die",
    "point-closed",
    "head-rule",
    "six-block",
    "not-all-home",
    "higher-checker-must-move",
    "must-play-larger-die",
    "leaves-dice-unplayed",
    "no-dice-left",
    "game-over",
)


@dataclass(frozen=True)
class Refusal:
    """A refused move: a stable ``code`` and its parameters."""

    code: str
    params: dict = field(default_factory=dict)

    def __init__(self, code: str, **params):
        if code not in CODES:
            raise ValueError(f"unknown reason code {code!r}")
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "params", params)

    @property
    def message_key(self) -> str:
        """The key of this refusal's message in :data:`MESSAGES`."""
        params = self.params
        if self.code == "no-checker" and params.get("point") == "bar":
            return "no-checker/bar"
        if self.code == "no-such-die" and "point" in params:
            return "no-such-die/off"
        if self.code == "point-closed":
            return f"point-closed/{params['color']}"
        return self.code

    def message(
        self,
        gettext: Callable[[str], str] | None = None,
        ngettext: Callable[[str, str, int], str] | None = None,
    ) -> str:
        """The message, translated when gettext functions are given."""
        template = MESSAGES[self.message_key]
        if isinstance(template, tuple):
            count = self.params["count"]
            text = ngettext(template[0], template[1], count) if ngettext else template[count != 1]
        else:
            text = gettext(template) if gettext else template
        return text.format(**self.params)

    def to_json(self) -> dict:
        return {"code": self.code, "params": dict(self.params), "message": self.message()}

    def __hash__(self) -> int:
        return hash((self.code, tuple(sorted(self.params.items()))))

    def __str__(self) -> str:
        return f"{self.code}: {self.message()}"
