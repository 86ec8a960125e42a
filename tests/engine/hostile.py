"""Hostile inputs for every entry point, and the properties each entry point keeps on them.

Shared by the fuzz tests (``test_fuzz.py``: seeded, bounded, seconds) and the
longer run of ``scripts/fuzz.py``. The strategies start from valid material
(positions of both games, their legal plays, their text forms) and break it:
a field replaced by an odd value, deleted or added, text cut, spliced or
padded, JSON nested deep or given numbers it cannot hold; and they mix in
arbitrary values and text. The checkers raise ``AssertionError`` naming the
broken property; any other exception escaping an entry point is itself the
failure.

Properties:

- the Python API (parsers, ``Position.from_json``) raises nothing but the
  engine's :class:`~nardy_rules.NardyError`, with a message of one line of at
  most :data:`MESSAGE_LIMIT` characters; what it returns is valid and
  round-trips;
- ``live.handle`` / ``handle_json`` never raise and answer a JSON object that
  is ``{"error": ...}`` (never an internal error) or the op's shape;
- the command line exits 0 or 2 (help aside), with exactly one line
  ``error: ...`` on standard error for 2, and ``plays --batch`` and ``bot
  --batch`` answer exactly one line per non-blank input line, in order;
- a match record, however spoilt (actions reordered, deleted, repeated, any
  field of any type), is replayed, exported or refused with the engine's
  error, never another exception; the live ``game`` op answers it;
- a weights file, however damaged, loads or raises ``BotWeightsError``.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random

from hypothesis import strategies as st

from nardy_rules import (
    LongPosition,
    NardyError,
    Position,
    ShortPosition,
    from_text,
    legal_plays,
    parse_dice,
    parse_play,
    to_gnubg_id,
    to_text,
    to_xgid,
)
from nardy_rules.__main__ import main
from nardy_rules.bot import BotWeightsError, load
from nardy_rules.bot import cli as bot_cli
from nardy_rules.bot.network import WEIGHTS_DIR
from nardy_rules.contract import read_json, read_object
from nardy_rules.game import MatchState, apply, replay
from nardy_rules.game_record import new_record
from nardy_rules.live import OPS, handle, handle_json
from nardy_rules.matfile import export_text
from nardy_rules.notation import parse_tokens

from .games import Policy, random_match
from .positions import random_position

#: The longest error message allowed: messages quote at most 40 characters of any input.
MESSAGE_LIMIT = 300
#: What the answer of each live op holds.
SHAPES = {
    "state": [{"position", "turn", "dice", "remaining", "max_dice", "moves", "complete", "lost", "lost_reasons",
               "legal_moves", "pips", "next", "result", "text", "next_text", "next_pips"}],
    "check": [{"legal", "move", "notation"}, {"legal", "reason"}],
    "paths": [{"paths"}],
    "targets": [{"paths", "refused", "reason"}],
    "plays": [{"plays"}],
    "position": [{"position", "text", "turn", "pips", "result"}],
    "hint": [{"hints"}],
    "forms": [{"read", "position", "text", "turn", "pips", "result", "xgid", "gnubg", "dice"},
              {"read", "position", "text", "turn", "pips", "result"}],
    "analyse": [{"total", "from", "decisions", "next"}, {"total", "from", "decisions", "next", "summary"},
                {"match", "seq", "total", "from", "decisions", "next"},
                {"match", "seq", "total", "from", "decisions", "next", "summary"}],
    "import": [{"match", "seq", "record", "state"}],
}
#: The fields an op's error answer carries besides the message: what the page needs to say it in its language.
ERROR_FIELDS = {"forms": {"code", "params"}, "import": {"code", "params", "line"}, "analyse": {"where", "code"}}

# ---------------------------------------------------------------------- values

#: Values that broke or fooled the readers once, or would: wrong types, near misses, other scripts' digits.
ODD_VALUES = [
    None, True, False, 0, -1, 1, 6, 7, 24, 25, 2**63, -(10**30), 24.5, 24.0, -0.0, 1e300, "", " ", "24", " 24",
    "024", "+24", "２４", "٢٤", "bar", "off", "BAR", "white", "black", "short", "long", "3-1", "31", "\x00",
    "\ud800", "'\"\\", "x" * 100, [], {}, [24], [3, 1], [1, 2, 3], {"24": 1}, {"from": 24},
]
#: Python values JSON cannot hold (``live.handle`` takes any value).
PYTHON_ONLY = [float("nan"), float("inf"), (3, 1), {3, 1}, b"3-1", object(), range(3), {1: 2}]

variants = st.sampled_from(["short", "long"])
seeds = st.integers(0, 2**32 - 1)
rolls = st.tuples(st.integers(1, 6), st.integers(1, 6))
json_scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
                | st.text(max_size=12))
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)
# Copies: a mutation may add to a drawn list or object, which must not change the next example's.
odd_values = st.sampled_from(ODD_VALUES).map(copy.deepcopy) | json_values
# 10**5000: built, not listed, because hypothesis describes a strategy by the repr of its elements
# (and Python refuses to write an int of more than 4,300 digits).
python_values = (odd_values | st.sampled_from(PYTHON_ONLY).map(copy.deepcopy)
                 | st.builds(pow, st.just(10), st.just(5000)))
places = st.sampled_from(list(range(1, 25)) + ["bar", "off"])


@st.composite
def positions(draw) -> Position:
    """A valid position of either game: the start, or an arbitrary one (bar, bear-off, blocks)."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.sampled_from([ShortPosition.start(), LongPosition.start(), ShortPosition.start("black")]))
    return random_position(random.Random(draw(seeds)), draw(variants))


def _fields(value, prefix=()):
    """The path of every field inside a JSON-like value: dict keys and list indices, at any depth."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield prefix + (key,)
        yield from _fields(item, prefix + (key,))


def _at(value, path):
    for key in path:
        value = value[key]
    return value


def _draw_field(draw, value):
    """A field's path: its depth drawn first, then a field of that depth, so that the few top
    fields (a request's op, a position's variant) are hit as often as the many points of a side."""
    fields = list(_fields(value))
    if not fields:
        return None
    depth = draw(st.sampled_from(sorted({len(path) for path in fields})))
    return draw(st.sampled_from([path for path in fields if len(path) == depth]))


@st.composite
def mutated(draw, value, odd=odd_values, most: int = 3):
    """``value`` (a JSON-like dict or list, copied) with up to ``most`` fields replaced, deleted or added."""
    value = json.loads(json.dumps(value))
    for _ in range(draw(st.integers(0, most))):
        path = _draw_field(draw, value)
        if path is None:
            break
        container, key = _at(value, path[:-1]), path[-1]
        action = draw(st.sampled_from(["replace", "replace", "delete", "add"]))
        if action == "replace":
            container[key] = draw(odd)
        elif action == "delete":
            del container[key]
        elif isinstance(container, dict):
            name = draw(st.sampled_from(["24", "0", "bar", "off", "cube", "from", "to", "die"]) | st.text(max_size=5))
            container[name] = draw(odd)
        else:
            container.append(draw(odd))
    return value


@st.composite
def with_one_field(draw, value, odd=python_values):
    """``value`` with exactly one field set to an odd value."""
    value = json.loads(json.dumps(value))
    path = _draw_field(draw, value)
    if path is not None:
        _at(value, path[:-1])[path[-1]] = draw(odd)
    return value


@st.composite
def position_json(draw):
    """A position's JSON, valid or broken in a few fields."""
    return draw(mutated(draw(positions()).to_json()))


@st.composite
def dice_values(draw):
    """A roll or the dice left as the JSON contract writes them, or an odd value."""
    a, b = draw(rolls)
    return draw(st.sampled_from([[a, b], [a], [a, a, a], [a, a, a, a], f"{a}-{b}", f"{a}{b}"]) | odd_values)


@st.composite
def live_requests(draw, broken: bool = True):
    """A request to ``live.handle``: a valid turn so far (moves from a legal play), with a few fields broken."""
    position = draw(positions())
    dice = draw(rolls)
    request = {"op": draw(st.sampled_from(OPS)), "position": position.to_json(), "dice": list(dice)}
    plays = legal_plays(position, dice)
    if plays and draw(st.booleans()):
        moves = draw(st.sampled_from(plays)).moves
        request["moves"] = [{"from": m.start, "to": m.end, "die": m.die} for m in moves[:draw(st.integers(0, 4))]]
    for field in ("from", "to", "die"):
        if draw(st.booleans()):
            request[field] = draw(places) if field != "die" else draw(st.integers(1, 6))
    if not broken:
        return request
    return draw(mutated(request, odd_values, most=draw(st.sampled_from([0, 1, 1, 2, 3]))))


@st.composite
def json_texts(draw, values):
    """JSON text of a value from ``values``, often spoilt: cut, spliced, nested deep, given odd numbers."""
    text = json.dumps(draw(values))
    how = draw(st.sampled_from(["as is", "as is", "cut", "splice", "nest", "number", "text"]))
    if how == "cut":
        text = text[:draw(st.integers(0, len(text)))]
    elif how == "splice":
        at = draw(st.integers(0, len(text)))
        piece = draw(st.sampled_from(["[", "{", '"', "\\", ",", ":", "NaN", "Infinity", "-Infinity", "1e400", "9" * 5000,
                                      "\ufeff", "\x00", "２４"]) | st.text(max_size=4))
        text = text[:at] + piece + text[at:]
    elif how == "nest":
        depth = draw(st.sampled_from([15, 16, 17, 100, 3000, 40_000]))
        text = "[" * depth + text + "]" * depth
    elif how == "number":
        text = text.replace("1", draw(st.sampled_from(["1e400", "9" * 5000, "1.5", "NaN", "-0"])), 1)
    elif how == "text":
        text = draw(st.text(max_size=40))
    return text


@st.composite
def spoilt_text(draw, base: str, alphabet: str):
    """``base`` with up to four edits: characters inserted, deleted, replaced, or a slice repeated."""
    text = base
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(text)))
        how = draw(st.sampled_from(["insert", "delete", "replace", "repeat"]))
        piece = draw(st.text(alphabet=alphabet, min_size=1, max_size=3) | st.text(max_size=2))
        if how == "insert":
            text = text[:at] + piece + text[at:]
        elif how == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 5)):]
        elif how == "replace":
            text = text[:at] + piece + text[at + len(piece):]
        else:
            text = text[:at] + text[at:at + draw(st.integers(1, 20))] * draw(st.integers(2, 30)) + text[at:]
    return text


NOTATION_ALPHABET = "0123456789/*() ,barofBAROF２٣"
TEXT_ALPHABET = "0123456789:,xnardyshortlongwbbarffoBO ２"
XGID_ALPHABET = "-abcdefghijklmnoABCDEFGHIJKLMNOpP:0123456789"
GNUBG_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=:! "


@st.composite
def play_texts(draw, position: Position, dice):
    """Notation for ``position`` and ``dice``: a legal play's, a spoilt one, a long repeat, or any text."""
    plays = legal_plays(position, dice)
    base = draw(st.sampled_from(plays)).notation if plays else "13/8 6/5"
    how = draw(st.sampled_from(["legal", "spoilt", "spoilt", "repeat", "any"]))
    if how == "legal":
        return base
    if how == "repeat":
        return " ".join([base] * draw(st.integers(2, 60)))
    if how == "any":
        return draw(st.text(max_size=60))
    return draw(spoilt_text(base, NOTATION_ALPHABET))


@st.composite
def position_texts(draw, position: Position | None = None):
    """A position (``position`` or any) in one of the CLI's forms (JSON, compact text, XGID, Position ID), often spoilt."""
    position = position or draw(positions())
    forms = [json.dumps(position.to_json()), to_text(position)]
    if position.variant == "short":
        forms += [to_xgid(position), to_gnubg_id(position)]
    base = draw(st.sampled_from(forms))
    how = draw(st.sampled_from(["as is", "spoilt", "json", "any"]))
    if how == "as is":
        return base
    if how == "json":
        return draw(json_texts(position_json()))
    if how == "any":
        return draw(st.text(max_size=40))
    return draw(spoilt_text(base, TEXT_ALPHABET + XGID_ALPHABET + "{}[]\",:"))


# ---------------------------------------------------------------------- the Python API


def check_error(error: NardyError) -> None:
    message = str(error)
    assert message and "\n" not in message and len(message) <= MESSAGE_LIMIT, f"bad message: {message[:500]!r}"


def call_parser(reader, *args):
    """``reader(*args)``: its value, or the engine's error (checked); any other exception propagates."""
    try:
        return reader(*args)
    except NardyError as error:
        check_error(error)
        return error


def check_position_reader(reader, *args) -> None:
    """A position reader returns a valid position that round-trips, or the engine's error."""
    position = call_parser(reader, *args)
    if isinstance(position, Position):
        position.validate()
        assert Position.from_json(position.to_json()) == position
        assert from_text(to_text(position)) == position


def check_notation(position: Position, dice, text) -> None:
    paths = call_parser(parse_tokens, text)
    if not isinstance(paths, NardyError):
        assert sum(len(path) - 1 for path in paths) <= 4, (text, paths)
    play = call_parser(parse_play, position, dice, text)
    if not isinstance(play, NardyError):
        assert play in legal_plays(position, parse_dice(dice)), (text, play)


# ---------------------------------------------------------------------- live


def check_answer(request, answer) -> None:
    """``answer`` is ``{"error": ...}`` or the shape of the request's op, and survives JSON."""
    assert isinstance(answer, dict), answer
    assert json.loads(json.dumps(answer)) == answer, answer
    if "error" in answer:
        # Some ops name the problem for the page too (a code and parameters, where in a record or a file).
        op = request.get("op") if isinstance(request, dict) else None
        extra = ERROR_FIELDS.get(op, set()) if isinstance(op, str) else set()
        assert {"error"} <= set(answer) <= {"error"} | extra, answer
        message = answer["error"]
        assert isinstance(message, str) and not message.startswith("internal error"), message[:500]
        assert "\n" not in message and len(message) <= MESSAGE_LIMIT, message[:500]
        return
    assert isinstance(request, dict) and request.get("op") in SHAPES, (request, answer)
    assert set(answer) in SHAPES[request["op"]], (request["op"], sorted(answer))


def check_live(request) -> dict:
    answer = handle(request)
    check_answer(request, answer)
    return answer


def check_live_json(text) -> dict:
    out = handle_json(text)
    assert isinstance(out, str), out
    answer = json.loads(out)
    # The op says what the answer holds, its errors too (a forms op's carries a code and parameters): read
    # the request where it is JSON at all; a text that is not has only the plain error.
    try:
        request = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        request = None
    check_answer(request, answer)
    return answer


# ---------------------------------------------------------------------- command line

COMMANDS = ["plays", "check", "parse", "convert", "figures"]
OPTIONS = ["--position", "--dice", "--move", "--play", "--batch"]


@st.composite
def cli_arguments(draw) -> list[str]:
    """Arguments for ``python -m nardy_rules``: a command and options, their values any of the forms, or not."""
    command = draw(st.sampled_from(COMMANDS) | st.text(max_size=8))
    argv = [command]
    position = draw(positions())
    dice = draw(rolls)
    values = {
        "--position": position_texts(position),
        "--dice": st.sampled_from([f"{dice[0]}-{dice[1]}", f"{dice[0]}{dice[1]}"]) | st.text(max_size=6),
        "--move": play_texts(position, dice),
        "--play": play_texts(position, dice),
    }
    for option in draw(st.lists(st.sampled_from(OPTIONS) | st.text(max_size=6), max_size=4)):
        argv.append(option)
        if option in values and draw(st.integers(0, 9)):
            argv.append(draw(values[option]))
    return argv


@st.composite
def batch_streams(draw) -> bytes:
    """``plays --batch`` input: good lines, broken JSON, blank lines, bytes that are not UTF-8."""
    lines = []
    for _ in range(draw(st.integers(0, 8))):
        how = draw(st.sampled_from(["good", "good", "broken", "blank", "bytes", "json"]))
        if how == "good":
            lines.append(json.dumps({"position": draw(positions()).to_json(), "dice": list(draw(rolls))}).encode())
        elif how == "broken":
            line = {"position": draw(positions()).to_json(), "dice": list(draw(rolls))}
            lines.append(draw(json_texts(mutated(line))).encode("utf-8", "surrogatepass"))
        elif how == "blank":
            lines.append(draw(st.sampled_from([b"", b" ", b"\t \r"])))
        elif how == "bytes":
            lines.append(draw(st.binary(max_size=20)))
        else:
            lines.append(draw(json_texts(json_values)).encode("utf-8", "surrogatepass"))
    ending = draw(st.sampled_from([b"\n", b"\r\n"]))
    return ending.join(lines) + draw(st.sampled_from([ending, b""]))


def run_cli(argv, stdin: bytes = b"") -> tuple[int | None, str, str]:
    """``main(argv)`` in this process, with ``stdin`` as bytes: (exit status, stdout, stderr).

    The status is None when argparse printed the help and stopped.
    """
    stdout, stderr = io.StringIO(), io.StringIO()
    source = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            status = main(argv, stdin=source, stdout=stdout)
        except SystemExit as stop:  # argparse's --help (an abbreviation such as --he too)
            assert stop.code == 0 and "usage:" in stdout.getvalue(), (argv, stop.code, stderr.getvalue()[-500:])
            return None, stdout.getvalue(), stderr.getvalue()
    return status, stdout.getvalue(), stderr.getvalue()


def check_cli(argv, stdin: bytes = b"") -> None:
    status, out, err = run_cli(argv, stdin)
    if status is None:  # the help: nothing was read
        return
    assert status in (0, 2), (argv, status)
    if status == 2:
        assert out == "", (argv, out[:500])
        assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1, (argv, err[:500])
        assert len(err) <= MESSAGE_LIMIT + 20, (argv, err[:500])
        return
    assert err == "", (argv, err[:500])
    if argv[0] == "plays" and "--batch" in argv:
        check_batch_answers(stdin, out)
    else:
        assert out.endswith("\n") and out.count("\n") == 1, (argv, out[:500])
        assert isinstance(json.loads(out), dict)


def check_batch_answers(stdin: bytes, out: str) -> None:
    """One answer line per non-blank input line, in order; a good line answered with its plays."""
    lines = [line for line in stdin.split(b"\n") if line.strip(b" \t\r\n")]
    answers = out.split("\n")
    assert answers[-1] == "", out[-500:]
    answers = answers[:-1]
    assert len(answers) == len(lines), (len(lines), len(answers), stdin[:500])
    for line, text in zip(lines, answers):
        answer = json.loads(text)
        expected = _good_line(line)
        if expected is None:
            assert "error" in answer, (line[:200], text[:200])
            check_answer(None, answer)
        else:  # the answer to this line, not to a neighbour: the batch keeps the order
            assert answer == {"plays": [play.to_json() for play in expected]}, (line[:200], text[:200])


def _good_line(line: bytes):
    """The legal plays a valid batch line asks for, or None for a bad line (the batch answers it with an error)."""
    try:
        request = read_json(line.decode("utf-8"))
        return legal_plays(Position.from_json(request["position"]), request["dice"])
    except (NardyError, UnicodeDecodeError, KeyError, TypeError):
        return None



# ---------------------------------------------------------------------- match records


def _sample_records() -> list[dict]:
    """Short records of real play to spoil: short nardy with the cube and a finished game, long nardy, a money
    game from a set-up position, each cut after about 120 actions (seeded, built once)."""
    if not _RECORDS:
        for variant, length, seed in (("short", 3, 5), ("long", 0, 6), ("short", 0, 7), ("long", 1, 8)):
            count = iter(range(10**6))
            play = random_match(variant, length, seed, Policy(double=0.1, resign=0.02), max_games=3,
                                stop=lambda _state, count=count: next(count) >= 120)
            _RECORDS.append(play.record().to_json())
        _RECORDS.append(new_record("short", 0, start="nardy:short:b:barx1,6x5,8x3,13x5,24x1:1x2,12x5,17x3,19x5"))
    return _RECORDS


_RECORDS: list[dict] = []


@st.composite
def reordered(draw, record: dict) -> dict:
    """``record`` (copied) with its actions moved: two swapped, one moved to another game, a run deleted or
    repeated, a game's actions reversed."""
    record = json.loads(json.dumps(record))
    games = [game["actions"] for game in record["games"]]
    for _ in range(draw(st.integers(1, 3))):
        actions = draw(st.sampled_from(games))
        if not actions:
            continue
        i, j = draw(st.integers(0, len(actions) - 1)), draw(st.integers(0, len(actions) - 1))
        how = draw(st.sampled_from(["swap", "move", "delete", "repeat", "reverse"]))
        if how == "swap":
            actions[i], actions[j] = actions[j], actions[i]
        elif how == "move":
            draw(st.sampled_from(games)).insert(j, actions.pop(i))
        elif how == "delete":
            del actions[min(i, j):max(i, j) + 1]
        elif how == "repeat":
            actions[j:j] = actions[min(i, j):max(i, j) + 1]
        else:
            actions.reverse()
    return record


@st.composite
def match_records(draw):
    """A match record: a real one spoilt (actions reordered, deleted or repeated; fields replaced, deleted or
    added; one field of any Python value), or an odd value."""
    record = draw(st.sampled_from(_sample_records()))
    how = draw(st.sampled_from(["reorder", "reorder", "mutate", "mutate", "one field", "both", "as is", "odd"]))
    if how in ("reorder", "both"):
        record = draw(reordered(record))
    if how in ("mutate", "both"):
        record = draw(mutated(record, odd_values, most=3))
    if how == "one field":
        record = draw(with_one_field(record))
    if how == "odd":
        record = draw(python_values)
    return record


#: Actions sent with a record: every act, legal or not, and odd values.
ACTIONS = [{"act": act} for act in ("roll", "confirm", "double", "take", "pass", "resign", "accept", "decline",
                                    "undo", "next-game", "opening")]
actions = (st.sampled_from(ACTIONS).map(copy.deepcopy)
           | st.builds(lambda act, dice: {"act": act, "dice": dice}, st.sampled_from(["roll", "opening"]),
                       st.lists(st.integers(0, 7), max_size=3))
           | st.builds(lambda start, end: {"act": "move", "from": start, "to": end}, places | odd_values,
                       places | odd_values)
           | python_values)


def check_record(record, action) -> None:
    """The match modules on a spoilt record: ``replay``, ``apply``, ``export_text`` raise only the engine's
    errors with a bounded one-line message; the live op answers an object that is ``{"error"}`` (never an
    internal error) or a record with its state."""
    state = call_parser(replay, record)
    call_parser(apply, record, action)
    exported = call_parser(export_text, record)
    if isinstance(state, MatchState):  # the record reads: what it exports reads back the same way
        assert isinstance(exported, NardyError) or set(exported) == {"format", "extension", "text"}
    answer = handle({"op": "game", "record": record, "action": action})
    assert isinstance(answer, dict), answer
    assert json.loads(json.dumps(answer)) == answer
    if "error" in answer:
        message = answer["error"]
        assert isinstance(message, str) and not message.startswith("internal error"), message[:500]
        assert "\n" not in message and len(message) <= MESSAGE_LIMIT, message[:500]
    else:
        assert {"record", "state"} <= set(answer), sorted(answer)


# ---------------------------------------------------------------------- bot --batch


@st.composite
def bot_batch_streams(draw) -> bytes:
    """``bot --batch`` input: good lines (any level, a seed), lines with fields spoilt or of odd values, broken
    JSON, blank lines, bytes that are not UTF-8."""
    lines = []
    for _ in range(draw(st.integers(0, 6))):
        how = draw(st.sampled_from(["good", "good", "spoilt", "broken", "blank", "bytes"]))
        line = {"position": draw(positions()).to_json(), "dice": list(draw(rolls))}
        if draw(st.booleans()):
            line["level"] = draw(st.sampled_from(["beginner", "club", "strong"]))
        if draw(st.booleans()):
            line["seed"] = draw(st.integers(0, 2**64 - 1))
        if how == "good":
            lines.append(json.dumps(line).encode())
        elif how == "spoilt":
            lines.append(json.dumps(draw(with_one_field(line, odd_values) | mutated(line))).encode())
        elif how == "broken":
            lines.append(draw(json_texts(mutated(line))).encode("utf-8", "surrogatepass"))
        elif how == "blank":
            lines.append(draw(st.sampled_from([b"", b" ", b"\t \r"])))
        else:
            lines.append(draw(st.binary(max_size=20)))
    ending = draw(st.sampled_from([b"\n", b"\r\n"]))
    return ending.join(lines) + draw(st.sampled_from([ending, b""]))


def check_bot_batch(stdin: bytes) -> None:
    """``bot --batch`` exits 0 and answers every non-blank line in order: a good line with the play the bot
    makes for that line alone, a bad one with a bounded error."""
    status, out, err = run_cli(["bot", "--batch"], stdin)
    assert (status, err) == (0, ""), err[-500:]
    lines = [line for line in stdin.split(b"\n") if line.strip(b" \t\r\n")]
    answers = out.split("\n")
    assert answers[-1] == "" and len(answers) - 1 == len(lines), (len(lines), out[-500:])
    for line, text in zip(lines, answers):
        answer = json.loads(text)
        try:
            expected = bot_cli.batch_line(read_object(read_json(line.decode("utf-8"), "the line"), "each line"))
        except (NardyError, UnicodeDecodeError):
            assert set(answer) == {"error"}, (line[:200], text[:200])
            check_answer(None, answer)
        else:
            assert answer == expected, (line[:200], text[:200])


# ---------------------------------------------------------------------- bot weights files


def _shipped_weights() -> dict:
    if not _WEIGHTS:
        for game in ("short", "long"):
            _WEIGHTS[game] = json.loads((WEIGHTS_DIR / f"{game}.json").read_text(encoding="utf-8"))
    return _WEIGHTS


_WEIGHTS: dict = {}


@st.composite
def weights_texts(draw) -> tuple[str, str]:
    """(game, the text of a weights file): the shipped one with fields spoilt or of odd values, its payload
    damaged, its JSON cut, spliced or nested deep, or any text."""
    game = draw(st.sampled_from(["short", "long"]))
    data = _shipped_weights()[draw(st.sampled_from(["short", "long"]))]  # sometimes the other game's
    how = draw(st.sampled_from(["mutate", "mutate", "one field", "payload", "spoilt", "any", "as is"]))
    if how == "any":
        return game, draw(st.text(max_size=60))
    header = {key: value for key, value in data.items() if key != "payload"}
    if how == "mutate":
        header = draw(mutated(header, odd_values, most=2))
    elif how == "one field":
        header = draw(with_one_field(header, odd_values))
    payload = data["payload"]
    if how == "payload":
        at = draw(st.integers(0, len(payload) - 1))
        payload = payload[:at] + draw(st.sampled_from(["A", "/", "=", "*", "", "AAAA"])) + payload[at + 1:]
    if isinstance(header, dict):
        header["payload"] = payload
    if how == "spoilt":
        return game, draw(json_texts(st.just(header)))
    return game, json.dumps(header)


def check_weights(case, folder) -> None:
    """``load`` of a weights file either checks out or raises only :class:`BotWeightsError`, one bounded line."""
    game, text = case
    path = folder / f"{game}.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        load(game, path)
    except BotWeightsError as error:
        check_error(error)
