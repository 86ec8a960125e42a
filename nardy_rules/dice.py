"""Dice: parsing, validation and the 36 rolls every figure is counted over."""

from __future__ import annotations

from collections.abc import Iterable

from .contract import digits_hint, quote
from .errors import InvalidDiceError

Dice = tuple[int, int]

#: All 36 ordered rolls; 6-1 and 1-6 are two of them, as at a real table.
ALL_ROLLS: tuple[Dice, ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))

#: The 21 distinct rolls, larger die first (6-6, 6-5, ... 1-1).
DISTINCT_ROLLS: tuple[Dice, ...] = tuple((a, b) for a in range(6, 0, -1) for b in range(a, 0, -1))


def parse_dice(value: object) -> Dice:
    """Return two dice from ``(3, 1)``, ``[3, 1]``, ``"3-1"`` or ``"31"``.

    Text takes ASCII digits only (``int()`` would read fullwidth ``３``).
    Raises :class:`InvalidDiceError` naming the problem otherwise.
    """
    if type(value) is tuple and len(value) == 2:  # the engine's own calls: keep them cheap
        a, b = value
        if type(a) is int and type(b) is int and 1 <= a <= 6 and 1 <= b <= 6:
            return value  # type: ignore[return-value]
    if isinstance(value, str):
        text = value.strip()
        parts = [part.strip() for part in text.split("-")] if "-" in text else list(text)
        if len(parts) != 2:
            raise InvalidDiceError(f"dice {quote(value)}: a roll is exactly two dice, like 3-1")
        if not all(part.isascii() and part.isdigit() and len(part) == 1 for part in parts):
            raise InvalidDiceError(f"dice {quote(value)}: write two numbers from 1 to 6, like 3-1{digits_hint(value)}")
        numbers: list = [int(part) for part in parts]
    elif isinstance(value, (list, tuple)):
        numbers = list(value)
    else:
        raise InvalidDiceError(f"dice {quote(value)}: write two numbers from 1 to 6, like 3-1")
    if len(numbers) != 2:
        raise InvalidDiceError(f"dice {quote(value)}: a roll is exactly two dice, got {len(numbers):,}")
    for number in numbers:
        _check_die(number, value)
    return numbers[0], numbers[1]


def parse_dice_left(value: object) -> tuple[Dice, tuple[int, ...]]:
    """(roll, dice to play) from a roll of two dice or the dice still to play.

    The dice left are one die, or three or four equal dice of a double (a
    list or tuple); two dice are a roll (:func:`parse_dice`), a double then
    played four times.
    """
    if isinstance(value, (list, tuple)) and len(value) in (1, 3, 4):
        values = tuple(value)
        for number in values:
            _check_die(number, value)
        if len(set(values)) != 1:
            raise InvalidDiceError(f"dice {quote(value)}: more than two dice left means a double, all equal")
        return (values[0], values[0]), values
    roll = parse_dice(value)
    return roll, dice_to_play(roll)


def _check_die(number: object, value: object) -> None:
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 6:
        raise InvalidDiceError(f"dice {quote(value)}: a die shows a whole number from 1 to 6, not {quote(number)}")


def dice_to_play(dice: Dice) -> tuple[int, ...]:
    """The dice a roll lets the player use: a double is played four times."""
    a, b = dice
    return (a, a, a, a) if a == b else (a, b)


def format_dice(dice: Iterable[int]) -> str:
    return "-".join(str(d) for d in dice)
