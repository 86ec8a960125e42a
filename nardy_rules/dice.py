"""Dice: parsing, validation and the 36 rolls every figure is counted over."""

from __future__ import annotations

from typing import Iterable

from .errors import InvalidDiceError

Dice = tuple[int, int]

#: All 36 ordered rolls; 6-1 and 1-6 are two of them, as at a real table.
ALL_ROLLS: tuple[Dice, ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))

#: The 21 distinct rolls, larger die first (6-6, 6-5, ... 1-1).
DISTINCT_ROLLS: tuple[Dice, ...] = tuple((a, b) for a in range(6, 0, -1) for b in range(a, 0, -1))


def parse_dice(value: object) -> Dice:
    """Return two dice from ``(3, 1)``, ``[3, 1]``, ``"3-1"`` or ``"31"``.

    Raises :class:`InvalidDiceError` naming the problem otherwise.
    """
    if isinstance(value, str):
        text = value.strip()
        parts = text.split("-") if "-" in text else list(text)
        try:
            numbers = [int(part) for part in parts]
        except ValueError:
            raise InvalidDiceError(f"dice {value!r}: write two numbers from 1 to 6, like 3-1") from None
    elif isinstance(value, Iterable):
        numbers = list(value)
    else:
        raise InvalidDiceError(f"dice {value!r}: write two numbers from 1 to 6, like 3-1")
    if len(numbers) != 2:
        raise InvalidDiceError(f"dice {value!r}: a roll is exactly two dice, got {len(numbers)}")
    for number in numbers:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 6:
            raise InvalidDiceError(f"dice {value!r}: a die shows a whole number from 1 to 6, not {number!r}")
    return numbers[0], numbers[1]


def dice_to_play(dice: Dice) -> tuple[int, ...]:
    """The dice a roll lets the player use: a double is played four times."""
    a, b = dice
    return (a, a, a, a) if a == b else (a, b)


def format_dice(dice: Iterable[int]) -> str:
    return "-".join(str(d) for d in dice)
