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

**GNU Backgammon Match ID** (12 characters of base64 over 66 bits: the cube,
who is on roll, the dice, the match length and score; gnubg's ``matchid.c``):
:func:`read_match_id`. GNU Backgammon's player 0 is the first player of its
files, White here (the ``.mat`` export's left column).

**Pasted text** (:func:`read_position_text`, the one reader of what a player
pastes or types, for the play page's ``forms`` op and the command line): the
compact form; an XGID, bare or ``XGID=...``, alone or inside the text
eXtreme Gammon copies (a board and an analysis around it); GNU Backgammon's
usual copy ``PositionID:MatchID`` (``0PPgATDgc/ABMA:MAGzAAAAAAAE``), its
board's two lines ``Position ID: ...`` and ``Match ID   : ...`` (anywhere in
the copied board), ``Position ID: ...`` alone, or a bare Position ID. With a
Match ID the side on roll and the dice are its; without one, the caller's.

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


# ---------------------------------------------------------------------- gnubg's Match ID


_MATCH_ID = re.compile(r"^[A-Za-z0-9+/]{12}$")
#: (name, bits) of the Match ID's fields, in order, each least significant bit first.
_MATCH_ID_FIELDS = (("cube", 4), ("owner", 2), ("on_roll", 1), ("crawford", 1), ("state", 3), ("turn", 1),
                    ("doubled", 1), ("resigned", 2), ("die1", 3), ("die2", 3), ("length", 15), ("score0", 15),
                    ("score1", 15))


def read_match_id(text: str) -> dict:
    """GNU Backgammon's Match ID: ``{"on_roll": "white" | "black", "dice": (d1, d2) | None, "cube", "owner",
    "length", "score": {"white", "black"}, "crawford"}`` (player 0 is White)."""
    _require_text(text, "a GNU Backgammon Match ID")
    body = text.strip()
    if body.lower().startswith("match id"):
        body = body.split(":", 1)[1].strip() if ":" in body else ""
    if not _MATCH_ID.match(body):
        raise InvalidPositionError(f"{quote(text)} is not a GNU Backgammon Match ID (12 base64 characters)")
    key = base64.b64decode(body)
    bits = [(key[i // 8] >> (i % 8)) & 1 for i in range(72)]
    fields, at = {}, 0
    for name, width in _MATCH_ID_FIELDS:
        fields[name] = sum(bits[at + i] << i for i in range(width))
        at += width
    dice = (fields["die1"], fields["die2"])
    if not all(0 <= die <= 6 for die in dice) or (0 in dice and dice != (0, 0)) or fields["owner"] == 2:
        raise InvalidPositionError(f"{quote(text)} is not a GNU Backgammon Match ID: its dice or cube do not read")
    colour = (WHITE, BLACK)
    return {"on_roll": colour[fields["on_roll"]], "dice": dice if dice[0] else None, "cube": 1 << fields["cube"],
            "owner": None if fields["owner"] == 3 else colour[fields["owner"]], "length": fields["length"],
            "score": {WHITE: fields["score0"], BLACK: fields["score1"]}, "crawford": bool(fields["crawford"])}


# ---------------------------------------------------------------------- pasted text

_XGID_IN_TEXT = re.compile(r"XGID=([^\s]+)", re.IGNORECASE)
_GNUBG_PAIR = re.compile(r"^([A-Za-z0-9+/]{14}):([A-Za-z0-9+/]{12})$")
_POSITION_ID_LINE = re.compile(r"Position\s+ID\s*:\s*([A-Za-z0-9+/]{14})(?![A-Za-z0-9+/])", re.IGNORECASE)
_MATCH_ID_LINE = re.compile(r"Match\s+ID\s*:\s*([A-Za-z0-9+/]{12})(?![A-Za-z0-9+/])", re.IGNORECASE)


def read_position_text(text: object, turn: str = WHITE) -> tuple[Position, str, tuple[int, int] | None]:
    """A pasted or typed position in any of its text forms (module docstring): the position, its form
    (``text``, ``xgid``, ``gnubg``) and the dice the form carries (an XGID's, a Match ID's), or None.
    ``turn`` is the side on roll for a Position ID without a Match ID."""
    _require_text(text, "a position")
    body = text.strip()
    if body.lower().startswith("nardy:"):
        return from_text(body), "text", None
    found = _XGID_IN_TEXT.search(body)
    if found or body.count(":") >= 8:
        xgid = found.group(1) if found else body
        return from_xgid(xgid), "xgid", xgid_dice(xgid)
    pair = _GNUBG_PAIR.match(body)
    position_line, match_line = _POSITION_ID_LINE.search(body), _MATCH_ID_LINE.search(body)
    if pair or (position_line and match_line):
        position_id, match_id = pair.groups() if pair else (position_line.group(1), match_line.group(1))
        match = read_match_id(match_id)
        return from_gnubg_id(position_id, match["on_roll"]), "gnubg", match["dice"]
    if position_line or len(body) == 14:
        return from_gnubg_id(position_line.group(1) if position_line else body, turn), "gnubg", None
    raise InvalidPositionError(f"{quote(body)} is neither nardy text, an XGID nor a GNU Backgammon Position ID "
                               "(with or without its Match ID)")


def _require_text(text: object, what: str) -> None:
    if not isinstance(text, str):
        raise InvalidPositionError(f"{what} is text, not {quote(text)}")


def _require_short(position: Position, what: str) -> None:
    if position.variant != "short":
        raise InvalidPositionError(f"{what} describes short nardy (backgammon) only; use to_text for long nardy")


__all__ = ["from_gnubg_id", "from_text", "from_xgid", "read_match_id", "read_position_text", "to_gnubg_id",
           "to_text", "to_xgid", "xgid_dice"]
