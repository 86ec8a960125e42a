"""The JSON contract's one reader: untrusted JSON text and values in, checked values or a clear error out.

Everything that reaches the engine from outside (the live boards' requests,
the command line's ``--position`` and ``--batch`` lines, ``Position.from_json``)
goes through these readers, so a bad value gets the same short message
wherever it comes from, and the engine behind them only ever sees values of
the right type and range. The limits:

- :func:`read_json`: at most :data:`MAX_JSON_CHARS` characters, arrays and
  objects nested at most :data:`MAX_JSON_DEPTH` deep (Python's parser would
  raise ``RecursionError`` on deep nesting, and in Pyodide a deep recursion
  can overflow the WebAssembly stack, so the depth is measured before
  parsing), integers of at most :data:`MAX_INT_DIGITS` digits (Python 3.11
  refuses to read more than 4,300 with a bare ``ValueError``), no ``NaN`` or
  ``Infinity``, no number that overflows to infinity (``1e400``).
- Points (:func:`read_point`): whole numbers 1..24, never ``true`` or
  ``24.5`` or ``"24"``; ``"bar"`` and ``"off"``. The keys of a side's
  ``{point: count}`` object (:func:`read_point_key`) are the decimal texts
  ``"1"`` .. ``"24"`` (JSON keys are text), ASCII digits only, no sign, space or
  leading zero.
- Colours and variant names (:func:`read_choice`): one of the listed texts.
- Moves (:func:`read_moves`): a list of at most :data:`MAX_MOVES` objects with
  ``from``, ``to`` and an optional ``die``.
- Dice are read by :func:`nardy_rules.dice.parse_dice` (a roll) and
  :func:`nardy_rules.dice.parse_dice_left` (the dice still to play).
- JSON lines (:func:`answer_lines`, the command line's ``--batch``): each
  line read on its own (bytes that are not UTF-8, text that is not JSON or
  breaks the limits above), answered in order, one answer per line, so one
  bad line never ends the stream.

Every message quotes user values through :func:`quote`, which shows at most
:data:`QUOTE_LIMIT` characters: a 1 MB field gives a short message. The
module imports nothing from the rest of the engine, so every other module can
use it.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping

from .errors import InvalidPositionError, InvalidRequestError, NardyError

WHITE = "white"
BLACK = "black"
COLORS = (WHITE, BLACK)
BAR = "bar"
OFF = "off"

#: The longest JSON text read (a live request is a few hundred characters).
MAX_JSON_CHARS = 65_536
#: The longest text of the two requests that open a whole match: a record (``nardy_rules.game_live``: a
#: stored or pasted match opened again) or a match text to import (``nardy_rules.play_live``). A 25-point
#: long-nardy match, the longest the play page offers, is 0.3-0.5 MB of record; a 64-point one, the
#: longest the engine accepts, 1.1-1.2 MB (``tests/engine/test_game_session.py`` measures both).
MAX_RECORD_CHARS = 4_194_304
#: The deepest nesting of arrays and objects read (a request nests 3 deep).
MAX_JSON_DEPTH = 16
#: The most digits of a JSON integer (no value of the contract needs more than 2).
MAX_INT_DIGITS = 20
#: A turn plays at most four single moves (a double); no request or play holds more.
MAX_MOVES = 4
#: The most characters of a user value an error message shows.
QUOTE_LIMIT = 40
#: The most characters of a value an error message shows as JSON (:func:`quote` with ``as_json``): a match record's action.
JSON_QUOTE_LIMIT = 60

# ---------------------------------------------------------------------- quoting


def quote(value: object, limit: int | None = None, *, as_json: bool = False) -> str:
    """A short, printable excerpt of a user value for an error message; never raises.

    Text is shown as ``repr`` of at most ``limit`` characters (default
    :data:`QUOTE_LIMIT`; escapes included) followed by ``...`` when cut;
    small numbers, booleans and None as ``repr``; other values only by kind
    ("a list", "an object"), because the repr of a container can be huge,
    recursive or raise.

    With ``as_json``, the value is written as compact JSON instead, containers
    included (what JSON cannot write, by ``repr``), and cut to ``limit``
    characters in all, ``...`` included (default :data:`JSON_QUOTE_LIMIT`):
    the match records' messages show the action they refuse this way.
    """
    if as_json:
        limit = JSON_QUOTE_LIMIT if limit is None else limit
        try:
            text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=repr)
        except (TypeError, ValueError, RecursionError):
            text = f"<{type(value).__name__}>"
        return text if len(text) <= limit else text[: limit - 3] + "..."
    limit = QUOTE_LIMIT if limit is None else limit
    if isinstance(value, str):
        shown = value[:limit]
        text = repr(shown)
        while len(text) > limit + 2:  # escapes (\x00, \U000e0001) lengthen the repr
            shown = shown[:-1]
            text = repr(shown)
        return text + ("..." if len(shown) < len(value) else "")
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        # str() of a huge int is slow, and refused beyond 4,300 digits.
        return str(int(value)) if -(10**limit) < value < 10**limit else f"a number of more than {limit} digits"
    if isinstance(value, float):
        return repr(float(value))
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    return f"a {type(value).__name__}"


def quote_list(values, most: int = 3) -> str:
    """``'a', 'b', 'c' and 2 more``: a bounded list of quoted user values, sorted."""
    shown = sorted(quote(value) for value in values)
    text = ", ".join(shown[:most])
    return text + (f" and {len(shown) - most} more" if len(shown) > most else "")


def digits_hint(text: object) -> str:
    """``" (write numbers with the digits 0-9)"`` when ``text`` holds digits of another script, else ``""``.

    Python's ``int()`` and ``\\d`` read fullwidth or Arabic-Indic digits as
    numbers; the engine's formats take ASCII digits only, and this says so.
    """
    if isinstance(text, str) and not text.isascii() and any(c.isnumeric() and not c.isascii() for c in text):
        return " (write numbers with the digits 0-9)"
    return ""


# ---------------------------------------------------------------------- JSON text

# A JSON string, or an unterminated one running to the end (with a lone backslash there):
# from an opening quote it always matches, without backtracking, so removing the strings
# takes linear time even on text full of unterminated strings and escaped quotes.
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+\\?(?:"|\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def json_depth(text: str) -> int:
    """How deep arrays and objects nest in ``text`` (brackets inside strings not counted).

    0 when the text has too few brackets to nest beyond :data:`MAX_JSON_DEPTH`
    (nearly every request: nothing to measure). Linear and without recursion.
    On text that is not JSON the figure may be off, but then the parser
    refuses the text anyway.
    """
    if text.count("[") + text.count("{") <= MAX_JSON_DEPTH:
        return 0
    depth = deepest = 0
    for char in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        if char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


def _read_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise InvalidRequestError(f"a number has {digits:,} digits; at most {MAX_INT_DIGITS}")
    return int(text)


def _read_float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise InvalidRequestError(f"the number {quote(text)} is out of range")
    return number


def _refuse_constant(name: str):
    raise InvalidRequestError(f"{name} is not a JSON number")


def read_json(text: object, what: str = "the request", *, max_chars: int = MAX_JSON_CHARS) -> object:
    """The value of a JSON text, within the limits above; :class:`InvalidRequestError` otherwise.

    ``max_chars`` is the length limit for a text that is not an ordinary request: the two requests that
    open a whole match, a record or a match text to import (:data:`MAX_RECORD_CHARS`), the bot's weights
    files (about 100 KB); every other limit holds as it is.
    """
    if not isinstance(text, str):
        raise InvalidRequestError(f"{what} must be JSON text, not {quote(text)}")
    if len(text) > max_chars:
        raise InvalidRequestError(f"{what} is {len(text):,} characters long; at most {max_chars:,}")
    depth = json_depth(text)
    if depth > MAX_JSON_DEPTH:
        raise InvalidRequestError(f"{what} nests arrays and objects {depth:,} deep; at most {MAX_JSON_DEPTH}")
    try:
        return json.loads(text, parse_int=_read_int, parse_float=_read_float, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise InvalidRequestError(
            f"{what} is not valid JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except InvalidRequestError as error:
        raise InvalidRequestError(f"{what}: {error}") from None


# ---------------------------------------------------------------------- typed values


def read_object(value: object, what: str, error: type[NardyError] = InvalidRequestError) -> Mapping:
    """``value`` if it is an object (a Mapping), else ``error`` saying ``what`` must be one."""
    if not isinstance(value, Mapping):
        raise error(f"{what} is a JSON object, got {quote(value)}")
    return value


def read_choice(value: object, what: str, choices, error: type[NardyError] = InvalidRequestError) -> str:
    """``value`` if it is one of the texts ``choices``, else ``error`` listing them."""
    if isinstance(value, str) and value in choices:
        return value
    names = " or ".join(repr(choice) for choice in choices)
    raise error(f"{what} must be {names}, not {quote(value)}")


def read_int(value: object, what: str, low: int, high: int, error: type[NardyError] = InvalidRequestError) -> int:
    """A whole number from ``low`` to ``high`` (not a boolean, not a float like ``2.0``)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise error(f"{what}: {quote(value)} is not a whole number from {low} to {high}")
    return value


def read_count(value: object, what: str, error: type[NardyError] = InvalidPositionError) -> int:
    """A number of checkers: a whole number, not negative."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{what}: a count must be a whole number, got {quote(value)}")
    if value < 0:
        raise error(f"{what}: a count cannot be negative ({quote(value)})")
    return value


def read_point(value: object, what: str, error: type[NardyError] = InvalidRequestError) -> int | str:
    """A place as a JSON value: a point 1..24 (a number), ``"bar"`` or ``"off"``."""
    if value in (BAR, OFF):
        return value  # type: ignore[return-value]
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{what}: {quote(value)} is not a point; use a number 1..24, 'bar' or 'off'{digits_hint(value)}")
    if not 1 <= value <= 24:
        raise error(f"{what}: point {quote(value)} is outside 1..24")
    return value


_DECIMAL = re.compile(r"0|[1-9][0-9]*")  # no sign, space or leading zero


def read_point_key(key: object, what: str, error: type[NardyError] = InvalidPositionError) -> int | str:
    """A key of a side's ``{point: count}``: ``"1"`` .. ``"24"`` (or the int, from Python), ``"bar"``, ``"off"``."""
    if key in (BAR, OFF):
        return key  # type: ignore[return-value]
    if isinstance(key, str) and _DECIMAL.fullmatch(key):
        number = int(key) if len(key) <= 2 else 0  # longer is outside 1..24 anyway
    elif isinstance(key, int) and not isinstance(key, bool):
        number = key
    else:
        raise error(f"{what}: {quote(key)} is not a point; use 1..24, 'bar' or 'off'{digits_hint(key)}")
    if not 1 <= number <= 24:
        raise error(f"{what}: point {quote(key)} is outside 1..24")
    return number


def read_moves(value: object, what: str = "moves") -> list[tuple[int | str, int | str, int | None]]:
    """The moves of a turn so far: ``[{"from", "to", "die"?}, ...]`` as ``[(from, to, die or None)]``.

    Absent (None) is no move. Keys other than these three are ignored (a
    board may send a move's ``hit`` back).
    """
    if value is None:
        return []
    if not isinstance(value, (list, tuple)):
        raise InvalidRequestError(f"{what}: expected a list of moves, got {quote(value)}")
    if len(value) > MAX_MOVES:
        raise InvalidRequestError(f"{what}: {len(value):,} moves, but a turn has at most {MAX_MOVES}")
    out = []
    for number, move in enumerate(value, 1):
        if not isinstance(move, Mapping):
            raise InvalidRequestError(f"move {number} is not an object with from, to and die, got {quote(move)}")
        die = move.get("die")
        out.append((
            read_point(move.get("from"), f"move {number} from"),
            read_point(move.get("to"), f"move {number} to"),
            None if die is None else read_int(die, f"move {number} die", 1, 6),
        ))
    return out


# ---------------------------------------------------------------------- JSON lines

#: What a blank line of a JSON-lines stream may hold (JSON's whitespace); any other line is answered.
BLANK = " \t\r\n"


def answer_lines(stdin, stdout, answer) -> int:
    """Answer a JSON-lines stream: one JSON object per line in, one answer line per line out, in order.

    Reads bytes when there are (``sys.stdin``'s buffer): a line is what ends
    with a line feed, and a line that is not UTF-8 is answered like any other
    bad line. Blank lines are skipped. ``answer(request)`` gets each line's
    object (read by :func:`read_json` and :func:`read_object`) and returns the
    answer; a :class:`NardyError` it raises is that line's ``{"error": ...}``.
    Each answer is flushed at once (a caller may wait for it before writing
    the next line). Returns the exit status, 0.
    """
    for line in getattr(stdin, "buffer", stdin):
        if not line.strip(BLANK.encode() if isinstance(line, bytes) else BLANK):
            continue
        stdout.write(json.dumps(_answer_line(line, answer), ensure_ascii=False) + "\n")
        stdout.flush()
    return 0


def _answer_line(line: str | bytes, answer) -> dict:
    """The answer to one line; never raises, so one line cannot end the stream."""
    try:
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError as error:
                raise InvalidRequestError(f"the line is not UTF-8 text (byte {error.start + 1})") from None
        return answer(read_object(read_json(line, "the line"), "each line"))
    except NardyError as error:
        return {"error": str(error)}
    except Exception as error:  # a bug (the fuzz tests fail on it); the other lines are still answered
        return {"error": f"internal error: {type(error).__name__}: {quote(str(error))}"}
