"""Hostile inputs that once crashed or hung the engine, one regression test each: a clear error naming the problem, quickly.

The tests of the reproducers failed on the engine before the JSON contract's
readers (``nardy_rules.contract``), checked by running this file against it:
a TypeError, OverflowError, RecursionError or AttributeError, a lenient
reading (``24.5`` as 24, ``true`` as point 1, fullwidth digits as numbers), a
message repeating a megabyte of input, a parse running for minutes, or a
command line traceback. The few marked "guard" hold what already worked and
must keep working next to them.
"""

from __future__ import annotations

import contextlib
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nardy_rules import (
    InvalidPositionError,
    LongPosition,
    NardyError,
    NotationError,
    Position,
    ShortPosition,
    from_gnubg_id,
    from_text,
    from_xgid,
    parse_dice,
    parse_play,
)
from nardy_rules.live import handle, handle_json
from nardy_rules.notation import parse_tokens
from nardy_rules.scoring import Cube, Match, resign_result

ROOT = Path(__file__).resolve().parents[2]
START = ShortPosition.start().to_json()
#: No error message is longer than this, whatever the input (messages quote at most 40 characters of it).
MESSAGE_LIMIT = 300


@contextlib.contextmanager
def time_limit(seconds: float):
    """Fail (instead of hanging) when the block runs longer than ``seconds``; the old parser ran for minutes."""

    def expire(_signum, _frame):
        raise AssertionError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def error_of(answer) -> str:
    if isinstance(answer, str):
        answer = json.loads(answer)
    assert set(answer) == {"error"}, answer
    assert len(answer["error"]) <= MESSAGE_LIMIT, answer["error"][:500]
    return answer["error"]


# ---------------------------------------------------------------------- 1, 2: live requests


def test_a_variant_of_the_wrong_type_is_named():
    request = {"op": "state", "position": {"variant": []}, "dice": [1, 2]}
    assert "variant" in error_of(handle_json(json.dumps(request)))
    assert "variant" in error_of(handle(request))


@pytest.mark.parametrize("moves", [5, 1.5, True, "24/18", {"from": 24}])
def test_moves_that_are_not_a_list_are_named(moves):
    request = {"op": "state", "position": START, "dice": [1, 2], "moves": moves}
    assert "moves" in error_of(handle(request))
    assert "moves" in error_of(handle_json(json.dumps(request)))


@pytest.mark.parametrize("number", ["1e400", "-1e400", "Infinity", "-Infinity", "NaN"])
def test_numbers_json_cannot_hold_are_refused(number):
    text = f'{{"op": "paths", "position": {json.dumps(START)}, "dice": [1, 2], "from": {number}}}'
    message = error_of(handle_json(text))
    assert number.lstrip("-") in message


@pytest.mark.parametrize("depth", [3_000, 20_000, 100_000])
def test_deeply_nested_json_is_refused(depth):
    message = error_of(handle_json("[" * depth + "]" * depth))
    assert "deep" in message or "characters long" in message


@pytest.mark.parametrize("tail", ['\\"' * 32_000, '\\"' * 32_000 + "\\", '"x' * 32_000, '"[' * 32_000])
def test_measuring_the_depth_stays_linear(tail):  # guard: a first scanner backtracked on escaped quotes (18 s)
    with time_limit(5):
        error_of(handle_json("[" * 17 + '"' + tail))


def test_a_huge_integer_is_refused():
    text = f'{{"op": "state", "position": {json.dumps(START)}, "dice": [1, {"9" * 5000}]}}'
    assert "5,000 digits" in error_of(handle_json(text))


@pytest.mark.parametrize("place", [24.5, 24.0, True, False, "24", "２４", None, [24], 1e300])
def test_a_point_is_a_whole_number_not_a_float_or_a_boolean(place):
    for op in ("paths", "targets", "check"):
        request = {"op": op, "position": START, "dice": [3, 1], "from": place, "to": 21}
        assert "from" in error_of(handle(request))
    moves = [{"from": place, "to": 21, "die": 3}]
    assert "move 1 from" in error_of(handle({"op": "state", "position": START, "dice": [3, 1], "moves": moves}))


@pytest.mark.parametrize("die", [True, 3.0, "3", 7, 0])
def test_a_die_of_a_move_is_a_whole_number_1_to_6(die):
    moves = [{"from": 24, "to": 21, "die": die}]
    assert "die" in error_of(handle({"op": "state", "position": START, "dice": [3, 1], "moves": moves}))
    assert "die" in error_of(handle({"op": "check", "position": START, "dice": [3, 1], "from": 24, "to": 21,
                                     "die": die}))


def test_more_moves_than_a_turn_has_are_refused_before_playing():
    moves = [{"from": 24, "to": 23, "die": 1}] * 1000
    assert "at most 4" in error_of(handle({"op": "state", "position": START, "dice": [1, 1], "moves": moves}))


@pytest.mark.parametrize("request_", [None, 5, "state", [1, 2], {"op": "state"}, {"op": ["state"]},
                                      {"op": "state", "position": START}, {"op": "fly", "position": START}])
def test_requests_of_the_wrong_shape_are_answered(request_):  # guard
    error_of(handle(request_))
    error_of(handle_json(json.dumps(request_)))


@pytest.mark.parametrize("value", [None, 5, b'{"op": "state"}', ["{}"]])
def test_handle_json_answers_a_value_that_is_not_text(value):
    assert "JSON text" in error_of(handle_json(value))


# ---------------------------------------------------------------------- 3: parsers and messages


@pytest.mark.parametrize("reader", [from_xgid, from_gnubg_id, from_text])
@pytest.mark.parametrize("value", [None, 5, ["XGID="], b"4HPwATDgc/ABMA"])
def test_text_readers_refuse_values_that_are_not_text(reader, value):
    with pytest.raises(InvalidPositionError, match="is text"):
        reader(value)


@pytest.mark.parametrize(
    "call",
    [
        lambda: from_text("nardy:long:w:２４x15:12x15"),
        lambda: from_text("nardy:long:w:24x１５:12x15"),
        lambda: parse_tokens("２４/18"),
        lambda: parse_dice("３-１"),
        lambda: parse_dice("٣١"),
        lambda: Position.from_json({"variant": "long", "white": {"２４": 15}, "black": {"12": 15}}),
    ],
    ids=["text-point", "text-count", "notation", "dice-fullwidth", "dice-arabic-indic", "json-key"],
)
def test_digits_of_other_scripts_are_refused_with_a_hint(call):
    with pytest.raises(NardyError, match="digits 0-9"):
        call()


@pytest.mark.parametrize("key", [" 24", "24 ", "+24", "024", "24.0", "1e1"])
def test_point_keys_are_plain_decimal_text(key):
    with pytest.raises(InvalidPositionError, match="not a point"):
        Position.from_json({"variant": "long", "white": {key: 15}, "black": {"12": 15}})


MEGABYTE = "x" * 1_000_000


@pytest.mark.parametrize(
    "call",
    [
        lambda: from_text(MEGABYTE),
        lambda: from_text("nardy:short:w:" + MEGABYTE + ":1x15"),
        lambda: from_xgid(MEGABYTE),
        lambda: from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:" + MEGABYTE + ":00:0:0:0:0:10"),
        lambda: from_gnubg_id(MEGABYTE),
        lambda: from_gnubg_id("4HPwATDgc/ABMA", MEGABYTE),
        lambda: parse_tokens(MEGABYTE),
        lambda: parse_tokens("13/8 " + MEGABYTE[:100]),
        lambda: parse_dice(MEGABYTE),
        lambda: parse_dice([1] * 1_000_000),
        lambda: Position.from_json({"variant": MEGABYTE, "white": {}, "black": {}}),
        lambda: Position.from_json({"variant": "long", "turn": MEGABYTE, "white": {"24": 15}, "black": {"12": 15}}),
        lambda: Position.from_json({"variant": "long", "white": {MEGABYTE: 15}, "black": {"12": 15}}),
        lambda: Position.from_json({"variant": "long", "white": {"24": MEGABYTE}, "black": {"12": 15}}),
        lambda: Position.from_json({"variant": "long", "white": {"24": 15}, "black": {"12": 15}, MEGABYTE: 1}),
        lambda: Position.from_json({"variant": "long", "white": {"24": 10**5000}, "black": {"12": 15}}),
        lambda: Position.from_json(dict.fromkeys(map(str, range(100_000)), 1)),
        lambda: resign_result(ShortPosition.start(), MEGABYTE),
        lambda: Cube().offer(MEGABYTE),
        lambda: Match(MEGABYTE),
    ],
)
def test_messages_quote_a_bounded_excerpt(call):
    with pytest.raises(NardyError) as caught:
        call()
    assert len(str(caught.value)) <= MESSAGE_LIMIT, str(caught.value)[:500]


def test_handle_quotes_a_bounded_excerpt():
    assert len(error_of(handle({"op": MEGABYTE}))) <= MESSAGE_LIMIT
    assert len(error_of(handle({"op": "state", "position": START, "dice": MEGABYTE}))) <= MESSAGE_LIMIT
    assert len(error_of(handle_json(json.dumps({"op": MEGABYTE[:60_000]})))) <= MESSAGE_LIMIT


# ---------------------------------------------------------------------- 4: play length


@pytest.mark.parametrize(
    "text, dice",
    [
        (" ".join(["24/23"] * 100), (1, 1)),
        (" ".join(["24/23"] * 1000), (1, 1)),
        (" ".join(["8/7 6/5 13/12 24/23"] * 16), (1, 1)),
        (" ".join(["24/23"] * 400), (1, 1)),
    ],
    ids=["100-words", "1000-words", "319-characters", "400-moves"],
)
def test_long_plays_are_refused_at_once(text, dice):
    started = time.perf_counter()
    with time_limit(5), pytest.raises(NotationError, match="at most"):
        parse_play(ShortPosition.start(), dice, text)
    assert time.perf_counter() - started < 1


@pytest.mark.parametrize(
    "text",
    ["24/23 24/23 24/23 24/23 24/23", "8/7(2) 6/5(3)", "24/23/22/21/20/19", "8/7(4) 6/5", "13/12/11 6/5/4/3"],
)
def test_more_than_four_single_moves_are_refused_before_searching(text):
    with time_limit(5), pytest.raises(NotationError, match="more than 4 single moves"):
        parse_play(ShortPosition.start(), (1, 1), text)


def test_plays_of_four_single_moves_still_parse():  # guard
    assert parse_play(ShortPosition.start(), (1, 1), "8/7(2) 6/5(2)").notation == "8/7(2) 6/5(2)"
    assert parse_play(LongPosition.start(), (1, 1), "24/23/22/21/20").notation == "24/20"
    assert parse_play(LongPosition.start(), (1, 1), "  24/20  ").notation == "24/20"


def test_a_play_longer_than_the_limit_is_refused_even_when_blank():
    with pytest.raises(NotationError, match="characters long"):
        parse_tokens("13/8" + " " * 300)


# ---------------------------------------------------------------------- 5, 6: command line


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "nardy_rules", *args], cwd=ROOT, input=stdin,
                          capture_output=True, timeout=120)


DEEP = "[" * 3000 + "]" * 3000
BIG = "9" * 5000


@pytest.mark.parametrize(
    "args, words",
    [
        (("plays", "--position", '{"variant":[]}', "--dice", "3-1"), "variant"),
        (("convert", "--position", '{"variant":{}}'), "variant"),
        (("plays", "--position", f'{{"variant": "short", "white": {{"24": {BIG}}}, "black": {{}}}}', "--dice", "3-1"),
         "digits"),
        (("convert", "--position", f'{{"variant": "short", "white": {DEEP}}}'), "deep"),
        (("check", "--position", "nardy:long:w:24x15:12x15", "--dice", "6-6", "--move", "２４/18"), "digits 0-9"),
        (("check", "--position", "nardy:long:w:24x15:12x15", "--dice", "6-6", "--move", "24/18/12"), "one single"),
        (("plays", "--position", "nardy:long:w:24x15:12x15", "--dice", "３-１"), "digits 0-9"),
        (("convert", "--position", "x\ny", "extra\nargument"), "unrecognized"),
    ],
    ids=["variant-list", "variant-object", "5000-digits", "3000-deep", "move-fullwidth", "move-path", "dice-fullwidth",
         "argparse-newline"],
)
def test_bad_input_exits_2_with_one_line(args, words):
    out = run(*args)
    assert out.returncode == 2, out.stderr.decode()[-2000:]
    assert out.stdout == b""
    stderr = out.stderr.decode()
    assert stderr.startswith("error: ") and stderr.count("\n") == 1 and stderr.endswith("\n"), stderr[-2000:]
    assert words in stderr and len(stderr) <= MESSAGE_LIMIT + 20, stderr[:500]


def test_batch_answers_every_line_after_bad_ones():
    good = json.dumps({"position": START, "dice": [3, 1]}).encode()
    bad = [
        b'{"position": {"variant": []}, "dice": [3, 1]}',
        b'{"position": {"variant": {}}, "dice": [3, 1]}',
        b'{"position": {"variant": "short", "white": {"24": ' + BIG.encode() + b'}}, "dice": [3, 1]}',
        b'{"position": ' + DEEP.encode() + b', "dice": [3, 1]}',
        b'{"position": {"variant": "short"}, "dice": [3, 1]',
        b'{"position": {"variant": "short", "white": {"24": 15}, "black": {"1": 15}}, "dice": [1e400, 1]}',
        b'{"position": {"variant": "short", "white": {"24": 15}, "black": {"1": 15}}, "dice": [NaN, 1]}',
        b'\xff\xfe{"position": {}}',
        b'[1, 2]',
        b'"just text"',
    ]
    lines = [good]
    for line in bad:
        lines += [line, b"   \t", good]
    out = run("plays", "--batch", stdin=b"\n".join(lines) + b"\n")
    assert out.returncode == 0, out.stderr.decode()[-2000:]
    answers = [json.loads(line) for line in out.stdout.decode().split("\n")[:-1]]
    assert len(answers) == 1 + 2 * len(bad)
    assert all("plays" in answer and len(answer["plays"]) == 16 for answer in answers[0::2])
    for answer in answers[1::2]:
        assert not error_of(answer).startswith("internal error"), answer
