"""The later entry points read through the one contract: ``bot --batch``, weights files, match records.

One regression test per reproducer, each of which failed on the code before
(checked by running this file against it): a traceback that ended the batch
(RecursionError, ``Exceeds the limit (4300 digits)``, UnicodeDecodeError), an
error line of a megabyte, a weights file read leniently or with a traceback,
a bare ValueError from a record's version. The engine's answer now is its own
error naming the field, in at most :data:`MESSAGE_LIMIT` characters.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from nardy_rules import LongPosition, NardyError, ShortPosition, from_text, to_gnubg_id, to_xgid
from nardy_rules.bot import BotWeightsError, accept_resignation, choose_play, hint, load
from nardy_rules.bot.network import WEIGHTS_DIR
from nardy_rules.game import apply, replay
from nardy_rules.game_record import RecordError, new_record, read_record
from nardy_rules.live import handle
from nardy_rules.play import never_moves

from .hostile import MESSAGE_LIMIT, run_cli
from .positions import random_game_positions, random_position

ROOT = Path(__file__).resolve().parents[2]
START = ShortPosition.start().to_json()
LONG_START = LongPosition.start().to_json()


def good_line(**extra) -> bytes:
    return json.dumps({"position": START, "dice": [3, 1], **extra}).encode()


def bot_batch(*lines: bytes) -> list[dict]:
    """``bot --batch`` in this process on ``lines``: its exit status must be 0, one answer per line."""
    status, out, err = run_cli(["bot", "--batch"], b"\n".join(lines) + b"\n")
    assert (status, err) == (0, ""), err[-500:]
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == len(lines), out[-500:]
    for answer in answers:
        if "error" in answer:
            assert len(answer["error"]) <= MESSAGE_LIMIT and "\n" not in answer["error"], answer["error"][:500]
            assert not answer["error"].startswith("internal error"), answer["error"]
    return answers


# ---------------------------------------------------------------------- bot --batch: one reader, every line answered


def test_a_deeply_nested_line_is_answered_and_the_batch_goes_on():
    answers = bot_batch(good_line(), b"[" * 100_000, b"[" * 60_000, good_line(level="club", seed=3))
    assert answers[0]["play"] == "8/5 6/5"
    assert answers[1]["error"] == "the line is 100,001 characters long; at most 65,536"
    assert answers[2]["error"] == "the line nests arrays and objects 60,000 deep; at most 16"
    assert "play" in answers[3]


@pytest.mark.parametrize("line", [
    good_line()[:-1] + b', "seed": ' + b"9" * 5000 + b"}",
    json.dumps({"position": START, "dice": ["D", 1]}).encode().replace(b'"D"', b"9" * 5000),
])
def test_a_number_of_thousands_of_digits_is_answered(line):
    answers = bot_batch(line, good_line())
    assert "5,000 digits; at most 20" in answers[0]["error"]
    assert answers[1]["play"] == "8/5 6/5"


def test_a_line_that_is_not_utf8_is_answered():
    answers = bot_batch(b"\xff x", good_line())
    assert answers[0] == {"error": "the line is not UTF-8 text (byte 1)"}
    assert answers[1]["play"] == "8/5 6/5"


def test_the_batch_reads_bytes_from_a_real_standard_input():
    # The command as a user runs it, with a UTF-8 standard input: the bytes reach the contract's reader.
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    stdin = b"\xff x\n" + b"[" * 100_000 + b"\n" + good_line() + b"\n"
    done = subprocess.run([sys.executable, "-m", "nardy_rules", "bot", "--batch"], input=stdin, cwd=ROOT, env=env,
                          capture_output=True, timeout=120)
    assert done.returncode == 0 and done.stderr == b"", done.stderr[-1000:]
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [sorted(answer) for answer in answers] == [["error"], ["error"], ["play", "position"]]


@pytest.mark.parametrize("field, value", [("level", "x" * 1_000_000), ("seed", list(range(200_000)))])
def test_bot_batch_errors_of_huge_lines_are_one_short_line(field, value):
    # The reproducers as given: the line is refused by its length, in one short line, and the next answered.
    answers = bot_batch(json.dumps({"position": START, "dice": [3, 1], field: value}).encode(), good_line())
    assert "characters long; at most 65,536" in answers[0]["error"]
    assert answers[1]["play"] == "8/5 6/5"


@pytest.mark.parametrize("field, value, named", [
    ("level", "x" * 60_000, "level must be 'beginner' or 'club' or 'strong' or 'expert', not 'xxxx"),
    ("level", ["strong"], "level must be 'beginner' or 'club' or 'strong' or 'expert', not a list"),
    ("seed", list(range(9_000)), "seed: a list is not a whole number from 0 to 18446744073709551615"),
    ("seed", -1, "seed: -1 is not a whole number from 0 to"),
    ("seed", True, "seed: True is not a whole number"),
    ("seed", 2.5, "seed: 2.5 is not a whole number"),
])
def test_bot_batch_errors_name_the_field_with_a_bounded_excerpt(field, value, named):
    (answer,) = bot_batch(json.dumps({"position": LONG_START, "dice": [6, 6], field: value}).encode())
    assert answer["error"].startswith(named) and len(answer["error"]) < 120, answer["error"][:500]


def test_the_python_api_quotes_bounded_excerpts_too():
    huge = "x" * 1_000_000
    calls = [
        lambda: choose_play(ShortPosition.start(), (3, 1), huge),
        lambda: choose_play(ShortPosition.start(), (3, 1), ["strong"]),  # unhashable: not a TypeError
        lambda: hint(ShortPosition.start(), (3, 1), list(range(100_000))),
        lambda: accept_resignation(ShortPosition.start(), huge),
        lambda: accept_resignation(ShortPosition.start(), "white", kind=[huge]),
        lambda: accept_resignation(ShortPosition.start(), "white", cube=10**5000),
        lambda: load(huge),
        lambda: load(["short"]),
    ]
    for call in calls:
        with pytest.raises(NardyError) as error:
            call()
        assert len(str(error.value)) <= MESSAGE_LIMIT, str(error.value)[:500]


# ---------------------------------------------------------------------- weights files: the same reader, exact types


def weights_file(tmp_path, game: str, change=None, text: str | None = None) -> Path:
    path = tmp_path / f"{game}.json"
    if text is None:
        data = json.loads((WEIGHTS_DIR / f"{game}.json").read_text())
        change(data)
        text = json.dumps(data)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("depth", [17, 3000, 100_000])
def test_a_deeply_nested_weights_file_is_a_weights_error(tmp_path, depth):
    with pytest.raises(BotWeightsError, match=f"not a readable JSON file .*nests arrays and objects {depth:,} deep"):
        load("short", weights_file(tmp_path, "short", text="[" * depth + "]" * depth))
    nested = weights_file(tmp_path, "long", lambda d: d.update(training=json.loads("[" * 20 + "]" * 20)))
    with pytest.raises(BotWeightsError, match="nests arrays and objects 21 deep"):
        load("long", nested)


@pytest.mark.parametrize("field, value, named", [
    ("version", True, "version true"),
    ("version", 1.0, "version 1.0"),
    ("inputs", 209.0, "inputs is 209.0, the engine needs 209"),
    ("inputs", "209", 'inputs is "209"'),
    ("hidden", True, "hidden is true"),
    ("hidden", 64.0, "hidden is 64.0"),
    ("hidden", 10**30, "not a readable JSON file"),
    ("outputs", ["win", "win mars", "win koks", "lose mars", 1], "outputs is"),
    ("game", ["short"], 'game is ["short"]'),
    ("sha256", 5, "sha256 is 5"),
    ("payload", ["AAAA"], "the payload is"),
    ("format", None, "not a nardy-bot-weights version 1 file"),
])
def test_weights_header_fields_have_exact_types(tmp_path, field, value, named):
    with pytest.raises(BotWeightsError) as error:
        load("short", weights_file(tmp_path, "short", lambda d: d.update({field: value})))
    assert named in str(error.value) and len(str(error.value)) <= MESSAGE_LIMIT, str(error.value)


def test_weights_that_are_not_json_text_are_a_weights_error(tmp_path):
    for text in ("NaN", '{"a": 1e400}', "\ufeff{}", '"x"', "x" * 2_000_001):
        with pytest.raises(BotWeightsError, match="bot weights"):
            load("long", weights_file(tmp_path, "long", text=text))
    path = tmp_path / "bytes.json"
    path.write_bytes(b"\xff\xfe{}")
    with pytest.raises(BotWeightsError, match="not a readable text file"):
        load("long", path)


def test_the_shipped_files_still_read_exactly(tmp_path):  # guard
    for game in ("short", "long"):
        data = json.loads((WEIGHTS_DIR / f"{game}.json").read_text())
        assert load(game, weights_file(tmp_path, game, lambda d: None)).hidden == data["hidden"]
        payload = base64.b64decode(data["payload"])
        assert hashlib.sha256(payload).hexdigest() == data["sha256"]


# ---------------------------------------------------------------------- match records: the field named, bounded


def test_a_huge_version_is_the_records_own_error():
    record = new_record("short", 3)
    record["version"] = 10**5000
    for call in (lambda: replay(record), lambda: read_record(record), lambda: apply(record, {"act": "opening"})):
        with pytest.raises(RecordError, match=r"^version a number of more than 40 digits is not supported"):
            call()
    answer = handle({"op": "game", "record": record})
    assert answer["error"].startswith("version a number of more than 40 digits") and "internal" not in answer["error"]


def test_an_action_with_many_unknown_fields_gets_a_bounded_message():
    record = new_record("short", 3)
    record["games"][0]["actions"] = [{"act": "confirm", **{f"k{i:05}" * 20: 1 for i in range(3000)}}]
    with pytest.raises(RecordError) as error:
        replay(record)
    assert "confirm takes no 'k00000" in str(error.value) and "and 2997 more" in str(error.value)
    assert len(str(error.value)) <= MESSAGE_LIMIT


# ---------------------------------------------------------------------- set-ups where neither side can ever move

#: The reproducer: both sides closed out on the bar, so every roll of either side is "cannot move".
FROZEN = "nardy:short:w:barx2,1x2,2x2,3x2,4x2,5x2,6x2,12x1:barx2,19x2,20x2,21x2,22x2,23x2,24x2,13x1"


def closed_out_both(position) -> bool:
    """RULES.md read by hand: each side has a checker on the bar and the six points it enters on are closed."""
    if position.variant != "short" or not (position.bar("white") and position.bar("black")):
        return False
    homes = (("white", range(1, 7)), ("black", range(19, 25)))
    return all(position.count_at(p)[0] == color and position.count_at(p)[1] >= 2 for color, home in homes for p in home)


def near_frozen():
    """The reproducer and positions one change away from it (a point opened, a side off the bar, Black to move)."""
    frozen = from_text(FROZEN)
    yield frozen, True
    yield frozen.with_turn("black"), True
    yield from_text("nardy:short:b:barx1,1x2,2x2,3x2,4x2,5x2,6x3,offx1:barx15"), False  # Black can never enter,
    # but White can move
    yield from_text("nardy:short:w:barx2,1x2,2x2,3x2,4x2,5x2,6x1,12x2:barx2,19x2,20x2,21x2,22x2,23x2,24x2,13x1"), False
    yield from_text("nardy:short:w:barx3,1x2,2x2,3x2,4x2,5x2,6x2:barx2,19x2,20x2,21x2,22x2,23x2,24x2,13x1"), True
    yield from_text("nardy:short:w:1x2,2x2,3x2,4x2,5x2,6x2,12x3:barx2,19x2,20x2,21x2,22x2,23x2,24x2,13x1"), False
    yield from_text("nardy:short:w:barx1,1x2,2x2,3x2,4x2,5x2,6x2,offx2:barx1,19x2,20x2,21x2,22x2,23x2,24x2,offx2"), True


def test_never_moves_is_exactly_both_sides_closed_out_on_the_bar():
    for position, frozen in near_frozen():
        assert never_moves(position) is frozen is closed_out_both(position), position
    for variant in ("short", "long"):
        rng = random.Random(8)
        for _ in range(1500):
            position = random_position(rng, variant)
            assert never_moves(position) is closed_out_both(position), position


def test_no_game_from_the_start_reaches_such_a_position():  # guard: the reason a set-up refusal is enough
    for variant in ("short", "long"):
        for position, _dice in random_game_positions(variant, 1500, seed=21)[::3]:
            assert not never_moves(position), position


@pytest.mark.parametrize("text", [FROZEN, to_xgid(from_text(FROZEN)), to_gnubg_id(from_text(FROZEN))])
def test_the_forms_op_refuses_it_with_its_own_code(text):
    answer = handle({"op": "forms", "position": text})
    assert answer == {"error": "neither side can ever move: both have checkers on the bar, and every point of both "
                               "homes is closed", "code": "frozen", "params": {}}


def test_a_new_match_or_a_record_from_it_is_refused():
    answer = handle({"op": "game", "new": {"variant": "short", "length": 0, "start": FROZEN}})
    assert answer["error"].endswith(": neither side can ever move: both have checkers on the bar, and every point of "
                                    "both homes is closed")
    assert answer["error"].startswith('start "nardy:short:w:barx2') and len(answer["error"]) <= MESSAGE_LIMIT
    record = new_record("short", 0, start="nardy:short:w:24x2,13x5,8x3,6x5:1x2,12x5,17x3,19x5")
    record["start"] = FROZEN
    with pytest.raises(RecordError, match="neither side can ever move"):
        replay(record)
    with pytest.raises(RecordError, match="neither side can ever move"):
        new_record("short", 5, start=FROZEN.replace(":w:", ":b:"))
    # One point of White's home opened: Black's sixes enter, and the same set-up plays.
    playable = handle({"op": "game", "new": {"variant": "short", "length": 0, "start": FROZEN.replace(
        "6x2,12x1", "6x1,12x2")}})
    assert playable["state"]["phase"] == "roll" and "error" not in playable
