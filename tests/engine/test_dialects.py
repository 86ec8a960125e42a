"""The dialects of match files, each on a short text written for the test in its program's layout.

Real files with these dialects are in tests/engine/data/real (Backgammon Galaxy, Backgammon Studio); the
FIBS ones of the benchmark's corpus cannot be kept (their repository states a proprietary licence), so
their layout is copied here by hand: names with a rating after a comma, dice written lower first, a
resignation by the side not on roll, a file that starts at a score.
"""

from __future__ import annotations

import pytest

from nardy_rules.game import MatchPlay, replay
from nardy_rules.game_record import read_record
from nardy_rules.matfile import export_text
from nardy_rules.matread import MatReadError, read_match_text


def fibs(score: str, *lines: str, length: int = 5) -> str:
    return "\n".join([f" {length} point match", "", " Game 1", f" Ali,1500 : {score.split('-')[0]}"
                      f"                   Vali,1650 : {score.split('-')[1]}", *lines, ""])


def test_a_resignation_by_the_side_not_on_roll_before_the_roll():
    # White plays 3-1, then resigns before Black rolls: FIBS writes it in Black's column, "Wins 2 points"
    # (a mars at cube 1: White has borne off nothing).
    record = read_match_text(fibs("0-0", "  1) 31: 8/5 6/5                   Wins 2 points"))
    assert record["version"] == 2
    assert record["games"][0]["actions"][-2:] == [{"act": "resign", "kind": "mars", "side": "white"},
                                                  {"act": "accept"}]
    state = replay(record)
    assert state.results[0].to_json() == {"winner": "black", "kind": "mars", "cube": 1, "points": 2,
                                          "ended_by": "resign"}
    assert state.players == {"white": "Ali,1500", "black": "Vali,1650"}


def test_a_resignation_by_the_side_not_on_roll_after_the_roll():
    # Black rolls 5-1 and White resigns with Black's dice on the table: the roll written alone, the result in
    # the roller's own column (GNU Backgammon's own files write the other side's resignation so too).
    record = read_match_text(fibs("0-0", "  1) 31: 8/5 6/5                   15: ",
                                  "                                     Wins 1 point"))
    actions = record["games"][0]["actions"]
    assert actions[-3:] == [{"act": "roll", "dice": [1, 5]}, {"act": "resign", "kind": "single", "side": "white"},
                            {"act": "accept"}]
    assert replay(record).score == {"white": 0, "black": 1}


def test_a_resignation_worth_more_than_the_position_could_cost_is_the_most_it_could():
    # FIBS writes "Wins 100 points" for a resignation it scored as the position's worth.
    record = read_match_text(fibs("0-0", "  1) 31: 8/5 6/5                   Wins 100 points"))
    assert replay(record).results[0].kind == "koks" or replay(record).results[0].kind == "mars"
    assert record["games"][0]["actions"][-2]["kind"] == replay(record).results[0].kind


def test_a_file_that_starts_at_a_score():
    record = read_match_text(fibs("2-1", "  1) 31: 8/5 6/5                   64: 24/18 13/9",
                                  "  2)  Doubles => 2                  Drops",
                                  "      Wins 1 point"))
    assert record["score"] == {"white": 2, "black": 1} and record["version"] == 2
    state = replay(record)
    assert state.score == {"white": 3, "black": 1}
    # The export writes that score on the first game line, and reads back the same.
    text = export_text(record)["text"]
    assert " Ali,1500 : 2 " in text and "Vali,1650 : 1" in text
    assert read_match_text(text) == record


def test_a_file_that_starts_a_point_short_is_crawford_unless_its_first_game_doubles():
    # 4-2 in a 5-point match: as GNU Backgammon reads it, the first game is the Crawford game...
    crawford = read_match_text(fibs("4-2", "  1) 31: 8/5 6/5                   64: 24/18 13/9"))
    assert "crawford" not in crawford and MatchPlay.from_record(read_record(crawford)).games[0].crawford
    # ... unless it has a double: then the Crawford game was played before the file starts.
    post = read_match_text(fibs("4-2", "  1) 31: 8/5 6/5                    Doubles => 2",
                                "  2)  Drops", "                                     Wins 1 point"))
    assert post["crawford"] is False and replay(post).score == {"white": 4, "black": 3}
    # A file whose first game lines are already past the match is refused.
    with pytest.raises(MatReadError) as caught:
        read_match_text(fibs("5-2", "  1) 31: 8/5 6/5"))
    assert (caught.value.code, caught.value.line) == ("after-match", 4)


def test_a_hit_repeated_on_two_checkers_hits_once():
    # Black's 3-1 leaves a blot on its 21 (White's 4): White's 4-4 hits it with the first checker of 8/4*(2).
    record = read_match_text(fibs("0-0", "  1) 31: 8/5 6/5                   31: 24/21 6/5",
                                  "  2) 44: 8/4*(2) 6/2(2)"))
    state = replay(record)
    assert state.position.bar("black") == 1 and state.position.count_at(4) == ("white", 2)


def test_extreme_gammons_question_marks_after_a_roll_are_a_resignation_with_the_dice_in_hand():
    record = read_match_text(fibs("0-0", "  1) 31: 8/5 6/5                   64: 24/18 13/9",
                                  "  2) 52: ???                        Wins 1 point"))
    actions = record["games"][0]["actions"]
    assert actions[-3:] == [{"act": "roll", "dice": [5, 2]}, {"act": "resign", "kind": "single"},
                            {"act": "accept"}]


def test_galaxys_losses_cell_at_a_resignation_and_its_blank_line_before_the_last_result():
    text = "\n".join([" 1 point match", "", " Game 1", " Ali : 0                         Vali : 0",
                      "  1) 31: 8/5 6/5                 Losses 2 point", "",
                      "      Wins 2 point and the match", ""])
    # Black, on roll, resigns a mars (its Losses cell), and White wins the 1-point match (capped: 1).
    record = read_match_text(text)
    assert record["games"][0]["actions"][-2:] == [{"act": "resign", "kind": "mars"}, {"act": "accept"}]
    assert replay(record).winner == "white"


@pytest.mark.parametrize(("text", "code", "line"), [
    # The second game's line gives a score the first game did not give.
    (fibs("0-0", "  1) 31: 8/5 6/5                   Wins 2 points", "", " Game 2",
          " Ali,1500 : 0                   Vali,1650 : 1", "  1) 31: 8/5 6/5"), "wrong-score", 8),
    # A Losses cell that contradicts the game's result (Black won the pass, not White).
    (fibs("0-0", "  1) 31: 8/5 6/5                    Doubles => 2", "  2)  Drops         Losses 1 point"),
     "wrong-result", 6),
])
def test_a_malformed_file_is_refused_at_its_line(text, code, line):
    with pytest.raises(MatReadError) as caught:
        read_match_text(text)
    assert (caught.value.code, caught.value.line) == (code, line)
