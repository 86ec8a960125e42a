"""Match records that do not read: every kind gives a RecordError naming where and why; a fuzz test."""

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy_rules import NardyError, live
from nardy_rules.contract import quote
from nardy_rules.game import replay
from nardy_rules.game_record import RecordError, new_record

from .games import random_match


def good(variant="short", length=3, actions=None):
    record = new_record(variant, length)
    record["games"][0]["actions"] = actions if actions is not None else [
        {"act": "opening", "dice": [3, 1]}, {"act": "move", "from": 8, "to": 5, "die": 3}]
    return record


def broken(change):
    record = good()
    change(record)
    return record


def set_action(index, value):
    def change(record):
        record["games"][0]["actions"][index] = value
    return change


@pytest.mark.parametrize("record, message", [
    ([1, 2], "a match record is a JSON object, not [1,2]"),
    (None, "a match record is a JSON object, not null"),
    (broken(lambda r: r.update(format="nardy-game")), 'format "nardy-game": not a match record'),
    (broken(lambda r: r.pop("format")), "format null: not a match record"),
    (broken(lambda r: r.update(version=3)), "version 3 is not supported: this engine reads versions 1, 2"),
    (broken(lambda r: r.update(score={"white": 1, "black": 0})), "unknown record field(s): \"score\" (version 1)"),
    (broken(lambda r: r.update(version="1")), 'version "1": a whole number'),
    (broken(lambda r: r.update(version=True)), "version true: a whole number"),
    (broken(lambda r: r.update(extra=1)), "unknown record field(s): \"extra\""),
    (broken(lambda r: r.pop("games")), "the record has no games"),
    (broken(lambda r: r.update(variant="medium")), "variant \"medium\": use 'short' or 'long'"),
    (broken(lambda r: r.update(length=-1)), "length -1: a whole number of points from 1 to 64, or 0"),
    (broken(lambda r: r.update(length=65)), "length 65"),
    (broken(lambda r: r.update(length=2.0)), "length 2.0"),
    (broken(lambda r: r.update(length=True)), "length true"),
    (broken(lambda r: r.update(players={"white": "A"})), "players {\"white\":\"A\"}: an object with exactly"),
    (broken(lambda r: r.update(players={"white": "A", "black": "x" * 40})), "black's name \"xxxxxxxx"),
    (broken(lambda r: r.update(players={"white": "A\nB", "black": "C"})), "white's name \"A\\nB\": 1 to 32 printable"),
    (broken(lambda r: r.update(games=[])), "games []: a list with at least one game"),
    (broken(lambda r: r.update(games={})), "games {}: a list"),
])
def test_bad_record_headers(record, message):
    with pytest.raises(RecordError) as error:
        replay(record)
    assert message in str(error.value)
    assert error.value.game is None and error.value.action is None


@pytest.mark.parametrize("change, game, action, message", [
    (lambda r: r["games"].__setitem__(0, []), 1, None, "game 1: [] is not an object with an 'actions' list"),
    (lambda r: r["games"][0].update(moves=[]), 1, None, "is not an object with an 'actions' list"),
    (set_action(1, "8/5"), 1, 2, "game 1, action 2 \"8/5\": an action is an object with an 'act'"),
    (set_action(1, {"act": "jump"}), 1, 2, "'act' must be one of opening, roll, move, confirm"),
    (set_action(1, {"act": "confirm", "dice": [3, 1]}), 1, 2, "confirm takes no 'dice'"),
    (set_action(0, {"act": "opening"}), 1, 1, "opening needs dice"),
    (set_action(0, {"act": "opening", "dice": [0, 7]}), 1, 1, "dice are two whole numbers from 1 to 6"),
    (set_action(0, {"act": "opening", "dice": "31"}), 1, 1, "dice are two whole numbers"),
    (set_action(0, {"act": "opening", "dice": [3, 1, 2]}), 1, 1, "dice are two whole numbers"),
    (set_action(1, {"act": "move", "from": 25, "to": 20}), 1, 2, "'from' is a point 1..24 or 'bar'"),
    (set_action(1, {"act": "move", "from": 8, "to": "bar"}), 1, 2, "'to' is a point 1..24 or 'off'"),
    (set_action(1, {"act": "move", "from": 8, "to": 5, "die": 7}), 1, 2, "'die' is a whole number from 1 to 6"),
    (set_action(1, {"act": "move", "from": "8", "to": 5}), 1, 2, "'from' is a point"),
])
def test_bad_actions_name_game_and_action(change, game, action, message):
    with pytest.raises(RecordError) as error:
        replay(broken(change))
    assert message in str(error.value)
    assert (error.value.game, error.value.action) == (game, action)


@pytest.mark.parametrize("actions, index, message, refusal", [
    # Opening 3-1 gives White the dice 3 and 1: no die shows 4.
    ([{"act": "opening", "dice": [3, 1]}, {"act": "move", "from": 24, "to": 20}], 2,
     "24/20 is not allowed: No die left to play shows 4", "no-such-die"),
    ([{"act": "opening", "dice": [3, 1]}, {"act": "move", "from": 5, "to": 4}], 2,
     "You have no checker on point 5", "no-checker"),
    ([{"act": "roll", "dice": [3, 1]}], 1, "roll is not allowed in phase opening (allowed: opening)", None),
    ([{"act": "opening", "dice": [3, 1]}, {"act": "confirm"}], 2,
     "the turn is not finished: 2 dice can be played and 0 have been", None),
    ([{"act": "opening", "dice": [3, 1]}, {"act": "double"}], 2,
     "white cannot double: a player may double only before rolling", None),
    ([{"act": "opening", "dice": [1, 3]}, {"act": "move", "from": 1, "to": 4}, {"act": "move", "from": 4, "to": 5},
      {"act": "confirm"}, {"act": "take"}], 5, "take is not allowed in phase roll (allowed: roll, double, resign)",
     None),
    ([{"act": "opening", "dice": [3, 1]}, {"act": "accept"}], 2, "accept is not allowed in phase move", None),
])
def test_illegal_actions_in_a_record(actions, index, message, refusal):
    with pytest.raises(RecordError) as error:
        replay(good(actions=actions))
    assert message in str(error.value)
    assert (error.value.game, error.value.action) == (1, index)
    assert f"game 1, action {index} " in str(error.value)
    assert (error.value.refusal.code if error.value.refusal else None) == refusal


def test_a_game_before_the_last_one_ended():
    record = good()
    record["games"].append({"actions": []})
    with pytest.raises(RecordError) as error:
        replay(record)
    assert error.value.game == 2 and "there is no game 2: game 1 is still being played" in str(error.value)


def test_the_cube_refused_in_long_nardy_a_one_point_match_and_the_crawford_game():
    long = good("long", 3, [{"act": "opening", "dice": [5, 2]}, {"act": "double"}])
    with pytest.raises(RecordError, match="without the doubling cube"):
        replay(long)
    one = good("short", 1, [{"act": "opening", "dice": [3, 1]}, {"act": "move", "from": 8, "to": 5},
                            {"act": "move", "from": 6, "to": 5}, {"act": "confirm"}, {"act": "double"}])
    with pytest.raises(RecordError, match="there is no cube in a 1-point match") as error:
        replay(one)
    assert error.value.action == 5
    # 2-point match: Black doubles at its first turn and White passes: Black has 1 point, one short
    # of 2, so game 2 is the Crawford game.
    crawford = new_record("short", 2)
    crawford["games"] = [
        {"actions": [{"act": "opening", "dice": [3, 1]}, {"act": "move", "from": 8, "to": 5},
                     {"act": "move", "from": 6, "to": 5}, {"act": "confirm"}, {"act": "double"},
                     {"act": "pass"}]},
        {"actions": [{"act": "opening", "dice": [3, 1]}, {"act": "move", "from": 8, "to": 5},
                     {"act": "move", "from": 6, "to": 5}, {"act": "confirm"}, {"act": "double"}]},
    ]
    with pytest.raises(RecordError, match="the cube is not used in the Crawford game") as error:
        replay(crawford)
    assert (error.value.game, error.value.action) == (2, 5)


def test_excerpts_are_bounded():
    # The records' excerpts are contract.quote's JSON form (game_record.excerpt was folded into it).
    assert quote("x" * 500, as_json=True) == '"' + "x" * 56 + "..."
    assert len(quote(list(range(1000)), as_json=True)) == 60
    with pytest.raises(RecordError) as error:
        replay(good(actions=[{"act": "x" * 10_000}]))
    assert len(str(error.value)) < 200


# ---------------------------------------------------------------------- fuzz


def sample_records():
    """A short record with every kind of action, and seeded random ones (short with the cube, long)."""
    every_act = good("short", 3, [
        {"act": "opening", "dice": [2, 2]}, {"act": "opening", "dice": [3, 1]},
        {"act": "move", "from": 8, "to": 5, "die": 3}, {"act": "move", "from": 6, "to": 5, "die": 1},
        {"act": "confirm"}, {"act": "double"}, {"act": "take"}, {"act": "resign"}, {"act": "decline"},
        {"act": "roll", "dice": [6, 5]}, {"act": "move", "from": 1, "to": 7, "die": 6},
        {"act": "move", "from": 7, "to": 12, "die": 5}, {"act": "confirm"}, {"act": "roll", "dice": [4, 4]},
    ])
    replay(every_act)
    return [every_act] * 4 + [random_match("short", 3, 5, max_games=2).record().to_json(),
                              random_match("long", 0, 6).record().to_json()]


SAMPLES = sample_records()
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.floats(allow_nan=False),
                 st.sampled_from(["bar", "off", "move", "roll", "", "opening", "white"]),
                 st.lists(st.integers(0, 7), max_size=3), st.dictionaries(st.sampled_from(["act", "dice", "x"]),
                                                                          st.integers(0, 7), max_size=2))


def paths(value, prefix=()):
    """Every (path to a container, key) inside a JSON value."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield prefix, key
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield prefix, index
            yield from paths(item, (*prefix, index))


def mutate(record, rng, junk):
    """One random change: most often a value inside an action replaced by junk."""
    record = copy.deepcopy(record)
    places = list(paths(record))
    inside = [(path, key) for path, key in places if len(path) >= 4]  # games, g, actions, k, ...
    if inside and rng.random() < 0.7:
        places = inside
    path, key = places[rng.randrange(len(places))]
    parent = record
    for step in path:
        parent = parent[step]
    kind = rng.randrange(4)
    if kind == 0:
        parent[key] = junk
    elif kind == 1:
        del parent[key]
    elif kind == 2 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[rng.randrange(len(parent))]))
    elif isinstance(parent, list):
        del parent[key:]
    else:
        parent[key] = junk
    return record


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), JUNK, st.integers(1, 3))
def test_mutated_records_raise_only_nardy_errors_and_live_never_raises(seed, junk, times):
    rng = random.Random(seed)
    record = SAMPLES[seed % len(SAMPLES)]
    for _ in range(times):
        record = mutate(record, rng, junk)
    try:
        replay(record)
    except NardyError as error:
        assert str(error)
    answer = live.handle({"op": "game", "record": record, "action": {"act": "roll", "dice": [3, 1]}})
    assert isinstance(answer, dict) and ("error" in answer or "state" in answer)
    json.dumps(answer)
    answer = live.handle({"op": "game", "record": SAMPLES[0], "action": junk})
    assert "refused" in answer or "state" in answer or "error" in answer
