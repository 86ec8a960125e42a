"""Match analysis (nardy_rules.analysis, the analyse op and command): marks on positions whose right play or
cube action is known, the decisions a record holds, the per-player summary, incremental analysis.

The positions: a bear-off where one play leaves a blot to a checker on the bar (the safe play is known);
last-roll races, where the doubler's chance is counted exactly from the dice (one checker on the 5-point
comes off with 31 rolls of 36: the taker, at 14%, must pass; on the 7-point with 23: at 36% the taker
must take).
"""

from __future__ import annotations

import json

import pytest

from nardy_rules import ShortPosition, to_text
from nardy_rules.analysis import MARKS, analyse, decisions, mark, summary
from nardy_rules.contract import MAX_JSON_CHARS
from nardy_rules.live import handle, handle_json

from .games import random_match

#: White bearing off from 6 and 5 (two each); a Black checker on the bar waits to enter on White's home board.
BEAR_OFF = to_text(ShortPosition.from_points({6: 2, 5: 2}, {"bar": 1, 19: 5, 20: 5, 21: 4}, "white"))


def record(start: str, *actions, length: int = 0) -> dict:
    return {"format": "nardy-match", "version": 1, "variant": "short", "length": length, "start": start,
            "games": [{"actions": list(actions)}]}


def last_roll(point: int) -> str:
    """White's last checker on ``point``, Black's last on its 1-point (White's 24): White's roll decides."""
    return to_text(ShortPosition.from_points({point: 1}, {24: 1}, "white"))


def move(start, end, die):
    return {"act": "move", "from": start, "to": end, "die": die}


def test_gnubg_thresholds_mark_what_is_given_away_beyond_them():
    assert MARKS == (("blunder", 0.16), ("error", 0.08), ("doubtful", 0.04))
    assert [mark(x) for x in (0.0, 0.04, 0.0401, 0.08, 0.0801, 0.16, 0.1601, None)] == \
        [None, None, "doubtful", "doubtful", "error", "error", "blunder", None]


def test_the_play_that_leaves_a_shot_is_a_blunder_and_the_safe_play_is_best():
    shot = analyse(record(BEAR_OFF, {"act": "roll", "dice": [6, 1]}, move(6, "off", 6), move(5, 4, 1),
                          {"act": "confirm"}))
    play = next(item for item in shot["decisions"] if item["kind"] == "play")
    assert (play["played"], play["best"]) == ("6/off 5/4", "6/off 6/5")
    assert play["mark"] == "blunder" and play["lost"] > 0.16
    assert play["best_moves"] == [{"from": 6, "to": "off", "die": 6, "hit": False},
                                  {"from": 6, "to": 5, "die": 1, "hit": False}]
    assert [option["play"] for option in play["options"]] == ["6/off 6/5", "6/off 5/4"]
    safe = analyse(record(BEAR_OFF, {"act": "roll", "dice": [6, 1]}, move(6, "off", 6), move(6, 5, 1),
                          {"act": "confirm"}))
    play = next(item for item in safe["decisions"] if item["kind"] == "play")
    assert (play["lost"], play["mark"], play["best"]) == (0.0, None, "6/off 6/5")
    assert play["chances"] > 0.9  # White's chance after the play


@pytest.mark.parametrize(("point", "right", "wrong"), [(5, "pass", "take"), (7, "take", "pass")])
def test_a_take_at_a_known_chance(point, right, wrong):
    for answer, marked in ((right, None), (wrong, "blunder")):
        rated = analyse(record(last_roll(point), {"act": "double"}, {"act": answer}))["decisions"]
        take = rated[-1]
        assert (take["kind"], take["side"], take["action"], take["right"]) == ("take", "black", answer, right)
        assert take["mark"] == marked
        assert take["chances"] == pytest.approx((31 if point == 5 else 23) / 36, abs=0.03)


def test_the_double_itself_is_rated_before_rolling():
    rated = analyse(record(last_roll(5), {"act": "double"}, {"act": "pass"}))["decisions"]
    cube = rated[0]
    assert (cube["kind"], cube["action"], cube["right"], cube["lost"]) == ("cube", "double", "double", 0.0)
    assert set(cube["equities"]) == {"no double", "double, take", "double, pass"}
    # Not doubling there gives away what doubling and the pass bring.
    held = analyse(record(last_roll(5), {"act": "roll", "dice": [1, 2]}))["decisions"][0]
    assert (held["action"], held["right"]) == ("no double", "double") and held["lost"] > 0


def test_decisions_follow_the_record_and_its_scoresheet():
    found = decisions(record(BEAR_OFF, {"act": "roll", "dice": [6, 1]}, move(6, "off", 6), move(6, 5, 1),
                             {"act": "confirm"}, {"act": "roll", "dice": [2, 1]}))
    # Black's roll is being played: its play is not rated yet, but it chose not to double before it.
    assert [(d.kind, d.side, d.sheet) for d in found] == [("cube", "white", 0), ("play", "white", 0),
                                                          ("cube", "black", 1)]
    assert (found[1].dice, found[1].play.notation, found[2].action) == ((6, 1), "6/off 6/5", "no double")


def test_the_summary_counts_marks_and_error_rates_per_player():
    rated = [
        {"side": "white", "kind": "play", "forced": False, "lost": 0.2, "mark": "blunder"},
        {"side": "white", "kind": "play", "forced": False, "lost": 0.0, "mark": None},
        {"side": "white", "kind": "play", "forced": True, "lost": 0.0, "mark": None},
        {"side": "white", "kind": "cube", "close": True, "lost": 0.1, "mark": "error"},
        {"side": "black", "kind": "take", "close": True, "lost": None, "mark": None},
        {"side": "black", "kind": "cube", "close": False, "lost": 0.0, "mark": None},
    ]
    out = summary(rated)
    white = out["white"]
    assert (white["plays"], white["unforced"], white["cube"]) == (3, 2, 1)
    assert white["marks"] == {"doubtful": 0, "error": 1, "blunder": 1}
    assert white["lost"] == pytest.approx(0.3) and white["error rate"] == pytest.approx(100.0)
    assert white["play error rate"] == pytest.approx(100.0) and white["cube error rate"] == pytest.approx(100.0)
    black = out["black"]
    assert (black["plays"], black["cube"], black["error rate"], black["play error rate"]) == (0, 1, 0.0, None)


def test_the_analyse_op_goes_a_few_decisions_at_a_time_and_sums_up_at_the_end():
    rec = record(BEAR_OFF, {"act": "roll", "dice": [6, 1]}, move(6, "off", 6), move(5, 4, 1), {"act": "confirm"},
                 {"act": "roll", "dice": [6, 6]})
    first = handle({"op": "analyse", "record": rec, "from": 0, "count": 1})
    assert (first["total"], first["from"], first["next"], len(first["decisions"])) == (3, 0, 1, 1)
    assert "summary" not in first
    rest = handle({"op": "analyse", "record": rec, "from": 1, "count": 5})
    assert rest["next"] is None and [d["index"] for d in rest["decisions"]] == [1, 2]
    assert rest["summary"]["white"]["marks"]["blunder"] == 1
    whole = analyse(rec)
    assert first["decisions"] + rest["decisions"] == whole["decisions"]
    assert rest["summary"] == whole["summary"]


def test_the_analyse_op_rates_an_open_match_by_its_id_as_it_stands():
    rec = record(BEAR_OFF, {"act": "roll", "dice": [6, 1]}, move(6, "off", 6), move(5, 4, 1), {"act": "confirm"},
                 {"act": "roll", "dice": [6, 6]})
    opened = handle({"op": "game", "record": rec})
    first = handle({"op": "analyse", "match": opened["match"], "from": 0, "count": 2})
    assert (first["match"], first["seq"], first["total"], first["next"]) == (opened["match"], 0, 3, 2)
    whole = analyse(rec)
    assert first["decisions"] == whole["decisions"][:2]
    # Black plays on (in White's numbering it enters on 6, hitting, and runs that checker round: its one
    # legal play): the match has another decision, and the analysis rates the match as it stands now.
    played = handle({"op": "game", "match": opened["match"], "action": move("bar", 6, 6)})
    assert played["seq"] == 1 and "refused" not in played
    for step in (move(6, 12, 6), move(12, 18, 6), move(18, 24, 6), {"act": "confirm"}):
        assert "refused" not in handle({"op": "game", "match": opened["match"], "action": step})
    now = handle({"op": "analyse", "match": opened["match"], "from": 0, "count": 10})
    assert (now["seq"], now["total"], now["next"]) == (5, 4, None)
    assert (now["decisions"][3]["side"], now["decisions"][3]["kind"], now["decisions"][3]["forced"]) == \
        ("black", "play", True)
    assert now["decisions"][:3] == whole["decisions"]
    assert now["summary"]["white"] == whole["summary"]["white"]
    gone = handle({"op": "analyse", "match": "m999999"})
    assert gone["code"] == "no-such-match" and set(gone) == {"error", "code"}


def test_a_long_match_is_rated_by_id_not_carried_in_each_request():
    # Every request but the ones that open a match is held to MAX_JSON_CHARS (nardy_rules.live.handle_json).
    rec = random_match("long", 11, seed=1).record().to_json()  # about 145,000 characters
    assert len(json.dumps(rec)) > MAX_JSON_CHARS
    carried = json.loads(handle_json(json.dumps({"op": "analyse", "record": rec, "count": 1})))
    assert "at most 65,536" in carried["error"]
    opened = json.loads(handle_json(json.dumps({"op": "game", "record": rec})))
    by_id = json.loads(handle_json(json.dumps({"op": "analyse", "match": opened["match"], "count": 1})))
    assert by_id["total"] == len(decisions(rec)) > 100 and by_id["next"] == 1
    assert by_id["decisions"][0]["kind"] == "play" and by_id["decisions"][0]["game"] == 1


@pytest.mark.parametrize(("request_", "problem"), [
    ({"record": {"format": "x"}}, "not a match record"),
    ({"record": {}, "colour": 1}, "unknown field"),
    ({}, "('match') or a match record ('record')"),
    ({"record": {}, "match": "m1"}, "('match') or a match record ('record')"),
    ({"match": 5}, "the id of an open match"),
])
def test_a_bad_analyse_request_gets_an_error(request_, problem):
    assert problem in handle({"op": "analyse", **request_})["error"]


def test_an_analyse_request_past_the_end_is_refused():
    rec = record(BEAR_OFF, {"act": "roll", "dice": [6, 1]}, move(6, "off", 6), move(5, 4, 1), {"act": "confirm"})
    assert "not a whole number from 0 to 2" in handle({"op": "analyse", "record": rec, "from": 3})["error"]
    assert "count" in handle({"op": "analyse", "record": rec, "count": 0})["error"]
