"""Fuzzing every entry point with hostile input (strategies and properties in ``hostile.py``).

Seeded (``derandomize=True``: the same examples every run, on every machine)
and bounded, so the whole file takes seconds; ``scripts/fuzz.py`` runs the
same strategies for as long as one likes. The deadline is generous for a
busy two-core machine, and still catches a parse that grows with its input
(the old parse_play took seconds on 100 words).
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy_rules import (
    Position,
    from_gnubg_id,
    from_text,
    from_xgid,
    parse_dice,
    to_gnubg_id,
    to_text,
    to_xgid,
)

from .hostile import (
    GNUBG_ALPHABET,
    TEXT_ALPHABET,
    XGID_ALPHABET,
    actions,
    batch_streams,
    bot_batch_streams,
    call_parser,
    check_bot_batch,
    check_cli,
    check_live,
    check_live_json,
    check_notation,
    check_position_reader,
    check_record,
    check_weights,
    cli_arguments,
    dice_values,
    json_texts,
    json_values,
    live_requests,
    match_records,
    mutated,
    play_texts,
    position_json,
    positions,
    python_values,
    rolls,
    spoilt_text,
    weights_texts,
    with_one_field,
)

FUZZ = settings(
    derandomize=True,
    database=None,
    max_examples=120,
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


# ---------------------------------------------------------------------- live


@FUZZ
@given(live_requests())
def test_live_handle_answers_every_request(request):
    check_live(request)


@FUZZ
@given(live_requests(broken=False).flatmap(with_one_field))
def test_live_handle_answers_a_request_with_any_field_of_any_value(request):
    check_live(request)


@FUZZ
@given(st.one_of(python_values, live_requests().flatmap(lambda r: mutated(r, python_values, most=2))))
def test_live_handle_answers_any_python_value(request):
    check_live(request)


@FUZZ
@given(json_texts(live_requests()) | json_texts(json_values) | st.text(max_size=80) | python_values)
def test_live_handle_json_answers_any_text(text):
    check_live_json(text)


# ---------------------------------------------------------------------- parsers


@FUZZ
@given(positions(), rolls, st.data())
def test_notation_parses_or_refuses_any_text(position, dice, data):
    text = data.draw(play_texts(position, dice))
    check_notation(position, dice, text)


@FUZZ
@given(st.data())
def test_text_forms_read_or_refuse_any_text(data):
    position = data.draw(positions())
    base = to_text(position)
    check_position_reader(from_text, data.draw(spoilt_text(base, TEXT_ALPHABET) | st.text(max_size=30)))
    if position.variant == "short":
        xgid = data.draw(spoilt_text(to_xgid(position), XGID_ALPHABET) | st.text(max_size=30))
        check_position_reader(from_xgid, xgid)
        gnubg = data.draw(spoilt_text(to_gnubg_id(position), GNUBG_ALPHABET) | st.text(max_size=20))
        turn = data.draw(st.sampled_from(["white", "black"]) | python_values)
        check_position_reader(from_gnubg_id, gnubg, turn)


@FUZZ
@given(python_values)
def test_text_forms_refuse_any_value(value):
    for reader in (from_text, from_xgid, from_gnubg_id):
        check_position_reader(reader, value)


@FUZZ
@given(dice_values() | python_values | st.text(max_size=8))
def test_dice_read_or_refuse_any_value(value):
    dice = call_parser(parse_dice, value)
    if isinstance(dice, tuple):
        assert len(dice) == 2 and all(type(d) is int and 1 <= d <= 6 for d in dice)


@FUZZ
@given(position_json() | python_values | positions().flatmap(lambda p: with_one_field(p.to_json())))
def test_position_json_reads_or_refuses_any_value(data):
    check_position_reader(Position.from_json, data)


# ---------------------------------------------------------------------- command line


@FUZZ
@given(cli_arguments())
def test_cli_exits_0_or_2_with_one_line(argv):
    check_cli(argv)


@FUZZ
@given(batch_streams())
def test_cli_batch_answers_every_line_in_order(stream):
    check_cli(["plays", "--batch"], stream)


@FUZZ
@given(bot_batch_streams())
def test_bot_batch_answers_every_line_in_order(stream):
    check_bot_batch(stream)


# ---------------------------------------------------------------------- match records, weights files


@FUZZ
@given(match_records(), actions)
def test_spoilt_match_records_get_the_engines_errors(record, action):
    check_record(record, action)


@pytest.fixture(scope="module")
def weights_folder(tmp_path_factory):
    return tmp_path_factory.mktemp("weights")


@settings(FUZZ, max_examples=60)
@given(case=weights_texts())
def test_damaged_weights_files_are_weights_errors(weights_folder, case):
    check_weights(case, weights_folder)
