"""Reading match texts (nardy_rules.matread): files GNU Backgammon itself wrote, our own export read back,
and damaged files, each answered with its line, a code and bounded parameters.

tests/engine/data/gnubg-*.mat were written by GNU Backgammon (``export match mat``) while
scripts/make_gnubg_mats.py played both sides; the expected results below were read off the files by eye
(the "Wins" lines and the score lines), not from the reader.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nardy_rules.contract import MAX_JSON_CHARS, MAX_RECORD_CHARS
from nardy_rules.game import MatchPlay, replay
from nardy_rules.game_record import read_record
from nardy_rules.live import handle, handle_json
from nardy_rules.matfile import export_text
from nardy_rules.matread import MAX_CHARS, MatReadError, read_match_text

from .games import bot_match

DATA = Path(__file__).resolve().parent / "data"

#: Per file: the final score, and each game's (winner, points) as its "Wins" lines say.
GNUBG_FILES = {
    "gnubg-1pt.mat": ({"white": 3, "black": 0}, [("white", 3)]),
    "gnubg-3pt.mat": ({"white": 3, "black": 1}, [("black", 1), ("white", 1), ("white", 2)]),
    "gnubg-5pt-resign.mat": ({"white": 2, "black": 7},
                             [("black", 1), ("black", 1), ("black", 2), ("white", 2), ("black", 3)]),
    "gnubg-7pt.mat": ({"white": 7, "black": 1},
                      [("white", 1), ("white", 2), ("white", 1), ("white", 1), ("black", 1), ("white", 2)]),
}

SMALL = """; [Player 1 "Ali"]
; [Player 2 "Vali"]

 3 point match

 Game 1
 Ali : 0                        Vali : 0
  1) 31: 8/5 6/5                 64: 24/18 13/9
  2)  Doubles => 2                Drops
      Wins 1 point
"""


def read_error(text: str) -> MatReadError:
    with pytest.raises(MatReadError) as caught:
        read_match_text(text)
    error = caught.value
    assert str(error).startswith(f"line {error.line}: ") or error.line is None
    assert len(str(error)) < 400
    json.dumps(error.to_json())  # the page gets it as JSON
    return error


@pytest.mark.parametrize("name", sorted(GNUBG_FILES))
def test_files_gnubg_wrote_read_and_replay(name):
    score, results = GNUBG_FILES[name]
    record = read_match_text((DATA / name).read_text(encoding="utf-8"))
    state = replay(record)
    assert state.phase == "match-over" and state.score == score
    assert [(result.winner, result.points) for result in state.results] == results
    assert state.players == {"white": "gnubg", "black": "root"}


def test_a_resignation_and_a_pass_in_gnubgs_file():
    state = replay(read_match_text((DATA / "gnubg-5pt-resign.mat").read_text(encoding="utf-8")))
    assert [result.ended_by for result in state.results] == ["pass", "pass", "pass", "bear-off", "resign"]
    assert (state.results[-1].kind, state.results[-1].cube) == ("koks", 1)


def _turns(record: dict) -> list:
    """What a text keeps of a match: each turn's side, dice (either order) and resulting position, the cube."""
    play = MatchPlay.from_record(read_record(record))
    return [[(entry["kind"], entry.get("side"), sorted(entry.get("dice", ())), entry.get("value"))
             for entry in game if entry["kind"] != "opening"] for game in play.state().scoresheet] + \
        [[(r.winner, r.points) for r in play.state().results], play.state().position]


@pytest.mark.parametrize(("variant", "length", "seed"), [("short", 5, 1), ("short", 0, 2), ("long", 3, 3)])
def test_our_export_reads_back_the_same_match(variant, length, seed):
    record = bot_match(variant, length, seed)
    back = read_match_text(export_text(record)["text"])
    assert _turns(back) == _turns(record)


def test_a_match_being_played_reads_up_to_the_roll_in_hand():
    record = read_match_text(SMALL.replace("  2)  Doubles => 2                Drops\n"
                                           "      Wins 1 point\n", "  2) 52:\n"))
    state = replay(record)
    assert (state.phase, state.side, state.dice) == ("move", "white", (5, 2))


def test_other_programs_spellings_read():
    text = SMALL.replace("31: 8/5 6/5", "13: 8/5 6/5").replace("64: 24/18 13/9", "64: 25/18 13/9") \
        .replace("Drops", "Passes").replace("Wins 1 point", "Wins 1 point and the match")
    assert "bar" not in json.dumps(read_match_text(SMALL))
    with pytest.raises(MatReadError) as caught:  # 25/18 is the bar: Black has no checker there
        read_match_text(text)
    assert caught.value.code == "illegal-play" and caught.value.line == 8
    text = text.replace("25/18", "24/18")
    state = replay(read_match_text(text))
    assert state.score == {"white": 1, "black": 0} and state.players == {"white": "Ali", "black": "Vali"}
    paths = SMALL.replace("64: 24/18 13/9", "64: 24/14").replace("31: 8/5 6/5", "31: 8/5 6/5")
    assert replay(read_match_text(paths)).results[0].points == 1


@pytest.mark.parametrize(("change", "code", "line", "params"), [
    (("31: 8/5 6/5", "31: 8/5 6/4"), "illegal-play", 8, {"text": "'8/5 6/4'", "dice": [3, 1]}),
    (("31: 8/5 6/5", "31: 8/5 6/5 24/20"), "illegal-play", 8, {"dice": [3, 1]}),
    (("31: 8/5 6/5", "31: 8-5 6/5"), "bad-move", 8, {"text": "'8-5'", "problem": "not-a-move"}),
    (("31: 8/5 6/5", "31: 8/5 6/55"), "bad-move", 8, {"problem": "point"}),
    (("31: 8/5 6/5", "31:"), "missing-play", 8, {"dice": [3, 1]}),
    (("31: 8/5 6/5", "33: 8/5 6/5"), "not-now", 8, {"action": "opening", "problem": "opening-double"}),
    (("Doubles => 2", "Doubles => 4"), "cube-value", 9, {"expected": 2, "found": 4}),
    # White resigns at cube 2 with checkers still in Black's home: 5 points read as GNU Backgammon reads them,
    # a koks (over twice the cube), which gives 3 x 2 points, not 5 (nor what Black needed, 3).
    (("Drops\n      Wins 1 point", "Takes\n                                 Wins 5 points"), "resign-value", 10,
     {"expected": 6, "found": 5}),
    (("Wins 1 point", "Wins 2 points"), "wrong-result", 10, {"side": "white", "expected": 1, "found": 2}),
    ((" Vali : 0", " Vali : 3"), "after-match", 7, {}),
    ((" Ali : 0  ", " Ali 0  "), "score-line", 7, {}),
    (("  2)  Doubles", "  2)  Redoubles"), "bad-line", 9, {}),
    (("  2)  Doubles => 2                Drops", "  2)  Doubles => 2                Jumps"), "bad-cell", 9,
     {"text": "'Doubles => 2 Jumps'"}),
    (("  2)  Doubles => 2                Drops", "  2)                             Doubles => 2"), "wrong-side", 9,
     {"side": "black", "expected": "white"}),
    (("  2)  Doubles => 2                Drops", "  2)  Takes"), "not-now", 9, {"action": "take"}),
    (("      Wins 1 point", "                                 Wins 1 point"), "wrong-result", 10,
     {"side": "black", "expected": 0, "found": 1}),
    (("3 point match", "65 point match"), "length", 4, {"length": 65}),
    (("; [Player 2", '; [Variation "Nackgammon"]\n; [Player 2'), "variation", 5, {"variation": "'Nackgammon'"}),
    (("Drops", "Beavers => 4"), "unsupported", 9, {"what": "beaver"}),
])
def test_a_damaged_file_says_where_and_why(change, code, line, params):
    old, new = change
    assert old in SMALL
    error = read_error(SMALL.replace(old, new, 1))
    assert (error.code, error.line) == (code, line), str(error)
    for key, value in params.items():
        assert error.params[key] == value, (key, error.params)


def test_the_file_level_problems():
    assert read_error("").code == "no-match"
    assert read_error("hello\nworld\n").line is None
    assert read_error("x" * (MAX_CHARS + 1)).params == {"chars": MAX_CHARS + 1, "limit": MAX_CHARS}
    two = SMALL + "\n Game 2\n Ali : 1                        Vali : 0\n  1) 31: 8/5 6/5\n"
    assert replay(read_match_text(two)).game == 2
    unfinished = SMALL.replace("  2)  Doubles => 2                Drops\n"
                               "      Wins 1 point\n", "") + \
        "\n Game 2\n Ali : 0                        Vali : 0\n  1) 31: 8/5 6/5\n"
    error = read_error(unfinished)
    assert (error.code, error.params) == ("unfinished", {"game": 1})
    one_point = SMALL.replace("3 point match", "1 point match")
    error = read_error(one_point)  # no cube in a 1-point match
    assert (error.code, error.line, error.params) == ("not-now", 9, {"action": "double", "problem": "cube"})
    resigned = one_point.replace("  2)  Doubles => 2                Drops\n      Wins 1 point\n",
                                 "                                 Wins 3 points\n  2) 31: 8/5 6/5\n")
    error = read_error(resigned)  # White resigned the 1-point match (a koks: 3 points), then a play follows
    assert (error.code, error.line) == ("after-match", 10)


def test_a_long_quoted_value_stays_short():
    error = read_error(SMALL.replace("31: 8/5 6/5", "31: " + "8/5" * 500))
    assert error.code == "bad-move" and len(error.params["text"]) < 60


def test_the_import_op_opens_the_match_or_says_where_it_failed():
    answer = handle({"op": "import", "text": SMALL})
    assert set(answer) == {"match", "seq", "record", "state"} and answer["seq"] == 0
    assert answer["state"]["score"] == {"white": 1, "black": 0}
    assert answer["record"]["players"] == {"white": "Ali", "black": "Vali"}
    # Opened as the game op opens a record: the page plays on by its id.
    again = handle({"op": "game", "match": answer["match"]})
    assert (again["record"], again["state"]) == (answer["record"], answer["state"])
    on = handle({"op": "game", "match": answer["match"], "action": {"act": "next-game"}})
    assert on["seq"] == 1 and on["change"]["game"] == 2
    failed = handle({"op": "import", "text": SMALL.replace("Doubles => 2", "Doubles => 8")})
    assert set(failed) == {"error", "code", "params", "line"} and failed["code"] == "cube-value"
    assert "unknown field" in handle({"op": "import", "text": SMALL, "name": "x"})["error"]
    assert "as text" in handle({"op": "import", "text": 5})["error"]


def test_an_import_may_be_as_long_as_a_record_opened_again():
    # A long match's text passes the usual bound of a request, as the record that opens a match does.
    text = "".join(f'; [Comment "{number:06d} {"x" * 60}"]\n' for number in range(1200)) + SMALL
    assert MAX_JSON_CHARS < len(text) < MAX_CHARS
    answer = json.loads(handle_json(json.dumps({"op": "import", "text": text})))
    assert answer["state"]["score"] == {"white": 1, "black": 0}
    # ... but only up to the record's bound, and no other op rides along.
    huge = json.dumps({"op": "import", "text": "x" * MAX_RECORD_CHARS})
    assert json.loads(handle_json(huge))["error"].startswith(f"the request is {len(huge):,} characters long; "
                                                            "at most 4,194,304")
    padded = json.loads(handle_json(json.dumps({"op": "forms", "start": "short", "pad": text})))
    assert "at most 65,536" in padded["error"]


#: eXtreme Gammon's way (XG Mobile): more header lines, the right column further right, the dice in the order
#: rolled, a result line with a move number.
XG = """; [Site "XG Mobile"]
; [Match ID "491989142"]
; [Player 1 "Ken"]
; [Player 2 "XG-Intermediate"]
; [Player 1 Elo "1522.94/244"]
; [EventDate "2022.12.24"]
; [Variation "Backgammon"]
; [Crawford "On"]
; [CubeLimit "1024"]

 3 point match

 Game 1
 Ken : 0                              XG-Intermediate : 0
  1)                                  16: 13/7 8/7
  2) 41: 13/9 24/23                   11: 24/23 23/22 6/5 6/5
  3)  Doubles => 2                     Drops
  4)  Wins 1 point

 Game 2
 Ken : 1                              XG-Intermediate : 0
  1) 53: 8/3 6/3                      66:
"""


def test_extreme_gammons_layout_reads():
    state = replay(read_match_text(XG))
    assert state.players == {"white": "Ken", "black": "XG-Intermediate"}
    assert (state.game, state.score, state.phase, state.side, state.dice) == (2, {"white": 1, "black": 0}, "move",
                                                                              "black", (6, 6))
    first = state.scoresheet[0]
    assert (first[0]["kind"], first[0]["dice"], first[0]["first"]) == ("opening", [1, 6], "black")
    assert first[1]["play"] == "12/18 17/18"  # Black's 13/7 8/7, in White's numbering


def test_a_money_session_and_the_jacoby_rule_are_named():
    money = XG.replace(" 3 point match", " 0 point match")
    error = read_error(money)
    assert (error.code, error.line) == ("money-session", 20)
    jacoby = money.replace('; [CubeLimit "1024"]', '; [Jacoby "On"]').replace("Wins 1 point", "Wins 3 points")
    error = read_error(jacoby)
    assert (error.code, error.params) == ("unsupported", {"what": "jacoby"})
