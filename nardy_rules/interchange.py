"""Positions as text: this project's compact form, XGID and GNU Backgammon's Position ID.

**Compact form** (both games), used by the diagram blocks and in ``repr``::

    nardy:<variant>:<turn>:<white>:<black>

``<turn>`` is ``w`` or ``b``; each side is a comma-separated list of
``<point>x<count>`` in White's numbering, plus ``barx<n>`` and ``offx<n>``.
Borne-off checkers may be left out (whatever makes 15). Example, long nardy's
start: ``nardy:long:w:24x15:12x15``. :func:`to_text` writes points from 24
down to 1, then bar, then off, and leaves out zero counts.

**XGID** (short nardy): eXtreme Gammon's ID. White is XG's bottom player
(upper-case letters, moving 24 -> 1), Black the top player. The position, the
side to move and the dice (the fifth field: ``52`` rolled, ``00`` to roll;
:func:`xgid_dice`) are read; the cube and score fields are written as a
money game with a centred cube, and the dice when there are some.

**GNU Backgammon Position ID** (short nardy): 14 characters of base64 over an
80-bit key: for each side, its own points 1..24 and its bar, a 1 per checker
and a 0 after each point. The side *not* on roll comes first: that is what
gnubg computes (``gnubg.positionid``), although its manual describes the
opposite order; the cross-check test pins it. The ID does not say who is on
roll, so :func:`from_gnubg_id` takes the colour on roll (White unless told).

Attaches ``repr()`` of a position, which writes the compact form (see the
package docstring, "Layers").
"""

from __future__ import annotations

import base64
import re

from .contract import digits_hint, quote, read_choice
from .dice import parse_dice
from .errors import InvalidPositionError
from .position import BAR, BAR_INDEX, BLACK, COLORS, OFF_INDEX, VARIANTS, WHITE, Position, other
from .variants import ShortPosition

# ASCII digits only ([0-9], not \d, which also takes fullwidth and other scripts' digits).
_TEXT = re.compile(r"^nardy:(short|long):([wb]):([^:]*):([^:]*)$")
_ITEM = re.compile(r"^([0-9]{1,2}|bar|off)x([0-9]{1,2})$")


def to_text(position: Position) -> str:
    sides = []
    for color in COLORS:
        items = [f"{point}x{count}" for point, count in position.checkers(color).items()]
        if position.bar(color):
            items.append(f"barx{position.bar(color)}")
        if position.off(color):
            items.append(f"offx{position.off(color)}")
        sides.append(",".join(items))
    return f"nardy:{position.variant}:{position.turn[0]}:{sides[0]}:{sides[1]}"


def position_repr(position: Position) -> str:
    """``ShortPosition.from_text('nardy:short:w:...')``: the repr of every position, which evaluates back to it."""
    return f"{type(position).__name__}.from_text({to_text(position)!r})"


# repr() of a position (position.py is below this layer: see the package docstring).
Position.__repr__ = position_repr


def from_text(text: str) -> Position:
    _require_text(text, "a position")
    match = _TEXT.match(text.strip())
    if not match:
        raise InvalidPositionError(
            f"{quote(text)} is not a position; write nardy:<short|long>:<w|b>:<white>:<black>, "
            "for example nardy:long:w:24x15:12x15"
        )
    variant, turn, white, black = match.groups()
    sides = {}
    for color, items in ((WHITE, white), (BLACK, black)):
        points: dict[str, int] = {}
        for item in filter(None, items.split(",")):
            found = _ITEM.match(item.strip())
            if not found:
                raise InvalidPositionError(
                    f"{color}: {quote(item)} is not <point>x<count>, like 13x5, barx1 or offx3{digits_hint(item)}"
                )
            key, count = found.group(1), int(found.group(2))
            if key in points:
                raise InvalidPositionError(f"{color}: {key} is given twice")
            points[key] = count
        sides[color] = points
    return VARIANTS[variant].from_points(sides[WHITE], sides[BLACK], WHITE if turn == "w" else BLACK)


# ---------------------------------------------------------------------- XGID


def to_xgid(position: Position, dice=None) -> str:
    """The XGID of a position, with the dice rolled (the side to move's, to play) or ``00`` (to roll)."""
    _require_short(position, "XGID")
    rolled = "00" if dice is None else "".join(str(die) for die in parse_dice(dice))
    chars = ["-"] * 26
    chars[0] = _xg_char(position.bar(BLACK), upper=False)
    chars[25] = _xg_char(position.bar(WHITE), upper=True)
    for point in range(1, 25):
        color, count = position.count_at(point)
        if count:
            chars[point] = _xg_char(count, upper=color == WHITE)
    turn = 1 if position.turn == WHITE else -1
    return f"XGID={''.join(chars)}:0:0:{turn}:{rolled}:0:0:0:0:10"


def from_xgid(text: str) -> Position:
    _require_text(text, "an XGID")
    body = text.strip()
    if body.upper().startswith("XGID="):
        body = body[5:]
    fields = body.split(":")
    if len(fields) < 4 or len(fields[0]) != 26:
        raise InvalidPositionError(f"{quote(text)} is not an XGID: expected 26 position characters and 9 fields")
    board = fields[0]
    white: dict = {}
    black: dict = {}
    for index, char in enumerate(board):
        if char == "-":
            continue
        if not ("a" <= char <= "o" or "A" <= char <= "O"):
            raise InvalidPositionError(f"XGID character {quote(char)} at {index}: use '-', A-O or a-o")
        count = ord(char.lower()) - ord("a") + 1
        side = white if char.isupper() else black
        if index == 0 or index == 25:
            if (index == 25) != char.isupper():
                raise InvalidPositionError(f"XGID: the bar at position {index} holds the wrong colour ({quote(char)})")
            side[BAR] = count
        else:
            side[index] = count
    if fields[3] not in ("1", "-1"):
        raise InvalidPositionError(f"XGID turn field {quote(fields[3])}: use 1 (bottom, White) or -1 (top, Black)")
    return ShortPosition.from_points(white, black, WHITE if fields[3] == "1" else BLACK)


def xgid_dice(text: str) -> tuple[int, int] | None:
    """The dice an XGID says are rolled (its fifth field, ``52``), or None: ``00`` (to roll), a cube or
    resignation on the table (``D``, ``B``, ``R``), or no such field. Other dice raise
    :class:`InvalidPositionError`."""
    from_xgid(text)  # the same checks of the rest
    body = text.strip()
    fields = (body[5:] if body.upper().startswith("XGID=") else body).split(":")
    field = fields[4] if len(fields) > 4 else "00"
    if field in ("00", "D", "B", "R"):
        return None
    if not re.fullmatch(r"[1-6][1-6]", field):
        raise InvalidPositionError(f"XGID dice field {quote(field)}: two dice 1-6 (52), or 00 for none", "dice")
    return int(field[0]), int(field[1])


def _xg_char(count: int, upper: bool) -> str:
    if not count:
        return "-"
    char = chr(ord("a") + count - 1)
    return char.upper() if upper else char


# ---------------------------------------------------------------------- gnubg


def to_gnubg_id(position: Position) -> str:
    _require_short(position, "a GNU Backgammon Position ID")
    bits: list[int] = []
    for color in (other(position.turn), position.turn):
        board = position.own_board(color)
        for index in list(range(1, 25)) + [BAR_INDEX]:
            bits.extend([1] * board[index])
            bits.append(0)
    bits.extend([0] * (80 - len(bits)))
    key = bytearray(10)
    for i, bit in enumerate(bits):
        if bit:
            key[i // 8] |= 1 << (i % 8)
    return base64.b64encode(bytes(key)).decode("ascii")[:14]


def from_gnubg_id(text: str, turn: str = WHITE) -> Position:
    _require_text(text, "a GNU Backgammon Position ID")
    turn = read_choice(turn, "turn", COLORS, InvalidPositionError)
    body = text.strip()
    if body.lower().startswith("position id:"):
        body = body.split(":", 1)[1].strip()
    if len(body) != 14 or not re.fullmatch(r"[A-Za-z0-9+/]{14}", body):
        raise InvalidPositionError(f"{quote(text)} is not a GNU Backgammon Position ID (14 base64 characters)")
    key = base64.b64decode(body + "==")
    bits = [(key[i // 8] >> (i % 8)) & 1 for i in range(80)]
    boards = []
    pos = 0
    for _side in range(2):
        board = [0] * 26
        for index in list(range(1, 25)) + [BAR_INDEX]:
            while pos < 80 and bits[pos]:
                board[index] += 1
                pos += 1
            if pos >= 80:
                raise InvalidPositionError(f"{quote(text)}: the Position ID ends before both sides are read")
            pos += 1
        board[OFF_INDEX] = 15 - sum(board)
        if board[OFF_INDEX] < 0:
            raise InvalidPositionError(f"{quote(text)}: a side has more than 15 checkers")
        boards.append(tuple(board))
    opponent, on_roll = boards
    white, black = (on_roll, opponent) if turn == WHITE else (opponent, on_roll)
    position = ShortPosition(white, black, turn)
    position.validate()
    return position


def _require_text(text: object, what: str) -> None:
    if not isinstance(text, str):
        raise InvalidPositionError(f"{what} is text, not {quote(text)}")


def _require_short(position: Position, what: str) -> None:
    if position.variant != "short":
        raise InvalidPositionError(f"{what} describes short nardy (backgammon) only; use to_text for long nardy")


__all__ = ["from_gnubg_id", "from_text", "from_xgid", "to_gnubg_id", "to_text", "to_xgid", "xgid_dice"]
