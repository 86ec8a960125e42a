"""Whole games and matches (nardy_rules.game): the flow of play, the cube, resigning, matches, the scoresheet.

Expected values are worked out by hand from RULES.md in the comments, or
checked against an independent reading of the rules (tests/engine/games.py).
"""

import json

import pytest

from nardy_rules import from_text
from nardy_rules.game import CUBE_REFUSALS, ActionError, MatchPlay, apply, play_action, replay
from nardy_rules.game_record import RecordError, new_record

from .games import Policy, expected_kind, new_play, play_any, positions_of, random_match, run


def sheet(play, game=0):
    return play.state().scoresheet[game]


# ---------------------------------------------------------------------- the opening


def test_opening_ties_are_rolled_again_and_kept():
    play = run(new_play("short"), ("opening", 3, 3), ("opening", 2, 2))
    state = play.state()
    assert state.phase == "opening" and state.side is None and state.actions == ("opening",)
    assert state.dice == (2, 2)  # the tie just rolled
    run(play, ("opening", 2, 5))
    state = play.state()
    # Black's 5 beats White's 2: Black plays 5 and 2 at once (short nardy), no roll of its own.
    assert (state.phase, state.side, state.dice) == ("move", "black", (5, 2))
    assert state.turn.start.turn == "black"
    assert [e for e in sheet(play)] == [
        {"kind": "opening", "dice": [3, 3], "first": None},
        {"kind": "opening", "dice": [2, 2], "first": None},
        {"kind": "opening", "dice": [2, 5], "first": "black"},
    ]
    # The record keeps all three rolls.
    assert [a["dice"] for a in play.record().to_json()["games"][0]["actions"]] == [[3, 3], [2, 2], [2, 5]]


def test_long_opening_winner_rolls_again_and_black_first_move_takes_two_from_the_head():
    play = run(new_play("long"), ("opening", 4, 4), ("opening", 2, 5))
    state = play.state()
    # Long nardy: the winner then rolls both dice; no cube to offer.
    assert (state.phase, state.side, state.actions) == ("roll", "black", ("roll", "resign"))
    assert state.cube_refusal[0] == "no-cube" and not state.cube_used
    run(play, ("roll", 6, 6), ("move", 12, 6), ("move", 12, 6))
    state = play.state()
    # RULES.md: a first move's 6-6 takes two checkers from the head, the last two sixes are lost
    # (Black's 6 -> 24 lands on White's head).
    assert state.turn.complete and state.turn.lost_dice == (6, 6)
    assert state.actions == ("undo", "confirm", "resign")
    run(play, "confirm")
    # Black's head, 12 in White's numbering, is its own 24 (RULES.md: each side's head is its 24).
    assert sheet(play)[-1] == {"kind": "play", "side": "black", "dice": [6, 6], "play": "12/6(2)",
                               "own": "24/18(2)", "moves": [{"from": 12, "to": 6, "die": 6, "hit": False}] * 2}
    run(play, ("roll", 3, 3), ("move", 24, 21), ("move", 21, 18), ("move", 24, 21), ("move", 21, 18), "confirm")
    assert sheet(play)[-1]["play"] == "24/18(2)"


# ---------------------------------------------------------------------- short nardy: hits, the bar


def scripted_hit():
    """White opens 5-2 with 13/8 13/11; Black's 6-4 runs a back checker 1/7/11, hitting the blot on 11."""
    return run(new_play("short", 3), ("opening", 5, 2), ("move", 13, 8), ("move", 13, 11), "confirm",
               ("roll", 6, 4), ("move", 1, 7), ("move", 7, 11), "confirm")


def test_a_hit_and_entering_from_the_bar():
    play = scripted_hit()
    state = play.state()
    assert state.position.bar("white") == 1 and state.position.count_at(11) == ("black", 1)
    assert [e["play"] for e in sheet(play) if e["kind"] == "play"] == ["13/8 13/11", "1/11*"]
    run(play, ("roll", 3, 1))
    with pytest.raises(ActionError) as refused:
        run(play, ("move", 8, 5))
    assert refused.value.code == "refused-move" and refused.value.refusal.code == "enter-from-bar-first"
    run(play, ("move", "bar", 22), ("move", 6, 5), "confirm")
    assert sheet(play)[-1]["play"] == "bar/22 6/5"
    assert play.state().position.bar("white") == 0 and play.state().side == "black"


def test_a_roll_that_cannot_be_played_passes_by_itself():
    # Found in a seeded random game, then checked independently: positions_of asserts that the
    # position before each cannot-move entry has no legal play for its dice.
    for seed in range(40):
        play = random_match("short", 0, seed)
        for entries in play.state().scoresheet:
            if any(e["kind"] == "cannot-move" for e in entries):
                positions_of("short", entries)
                blocked = next(e for e in entries if e["kind"] == "cannot-move")
                assert set(blocked) == {"kind", "side", "dice"}
                return
    pytest.fail("no roll without a legal play in 40 random games")


# ---------------------------------------------------------------------- the cube


def test_double_taken_then_the_owner_alone_may_redouble():
    play = scripted_hit()
    run(play, ("roll", 3, 1), ("move", "bar", 22), ("move", 6, 5), "confirm")
    state = play.state()
    assert state.side == "black" and state.actions == ("roll", "double", "resign")
    run(play, "double")
    state = play.state()
    assert (state.phase, state.side, state.actions) == ("take", "white", ("take", "pass"))
    assert state.to_json()["offer"] == {"double": {"by": "black", "value": 2}}
    run(play, "take")
    state = play.state()
    # The cube doubles and belongs to the taker; the doubler now rolls and may not redouble.
    assert (state.cube.value, state.cube.owner) == (2, "white")
    assert (state.phase, state.side, state.actions) == ("roll", "black", ("roll", "resign"))
    assert state.cube_refusal == ("owned", "the cube belongs to white")
    with pytest.raises(ActionError) as refused:
        run(play, "double")
    assert refused.value.code == "cube" and "belongs to white" in str(refused.value)
    run(play, ("roll", 2, 1))
    assert play.state().cube_refusal[0] == "rolled"  # after rolling, no double
    play_any(play)
    assert play.state().side == "white" and "double" in play.state().actions
    run(play, "double", "take")
    assert (play.state().cube.value, play.state().cube.owner) == (4, "black")
    assert [(e["kind"], e["side"], e.get("value")) for e in sheet(play) if e["kind"] in ("double", "take")] == [
        ("double", "black", 2), ("take", "white", 2), ("double", "white", 4), ("take", "black", 4)]


def test_pass_loses_the_cube_value_before_the_double():
    play = scripted_hit()
    run(play, ("roll", 3, 1), ("move", "bar", 22), ("move", 6, 5), "confirm", "double", "take")
    run(play, ("roll", 2, 1))
    play_any(play)
    run(play, "double", "pass")  # White doubles 2 -> 4, Black passes: White wins 2
    state = play.state()
    assert state.phase == "game-over" and state.actions == ("next-game",)
    assert state.result.to_json() == {"winner": "white", "kind": "single", "cube": 2, "points": 2,
                                      "ended_by": "pass"}
    assert state.score == {"white": 2, "black": 0} and state.winner is None


def test_the_cube_stops_at_64():
    play = run(new_play("short", 0), ("opening", 5, 2))
    play_any(play)
    value = 1
    rolls = iter([(6, 5), (4, 3), (2, 1), (5, 3), (6, 4), (3, 1)])
    while value < 64:
        doubler = play.state().side
        run(play, "double", "take")
        value *= 2
        assert (play.state().cube.value, play.state().cube.owner) == (value, "white" if doubler == "black" else "black")
        run(play, ("roll", *next(rolls)))
        if play.state().phase == "move":
            play_any(play)
    state = play.state()
    assert state.cube.value == 64 and state.side == state.cube.owner
    assert "double" not in state.actions
    assert state.cube_refusal == ("max", "the cube is already at 64, its highest value")


def test_no_cube_in_a_one_point_match():
    play = run(new_play("short", 1), ("opening", 5, 2))
    play_any(play)
    state = play.state()
    assert state.actions == ("roll", "resign") and not state.cube_used
    assert state.cube_refusal == ("one-point-match", "there is no cube in a 1-point match")
    with pytest.raises(ActionError, match="no cube in a 1-point match"):
        run(play, "double")


def test_the_crawford_game_and_the_cube_after_it():
    play = run(new_play("short", 5), ("opening", 5, 2))
    play_any(play)
    run(play, ("roll", 6, 4))
    play_any(play)
    # White doubles (2), Black takes; Black redoubles (4), White takes; White redoubles (8), Black passes:
    # White wins 4, one point short of 5.
    run(play, "double", "take", ("roll", 3, 1))
    play_any(play)
    run(play, "double", "take", ("roll", 2, 1))
    play_any(play)
    run(play, "double", "pass")
    state = play.state()
    assert state.score == {"white": 4, "black": 0} and state.phase == "game-over"
    assert not state.crawford  # the game just played was not the Crawford game
    run(play, "next-game")
    state = play.state()
    assert state.game == 2 and state.crawford and not state.cube_used and state.phase == "opening"
    run(play, ("opening", 2, 5))
    play_any(play)
    state = play.state()
    assert state.side == "white" and state.actions == ("roll", "resign")
    assert state.cube_refusal == ("crawford", "the cube is not used in the Crawford game")
    # White resigns at the start: its back checkers are in Black's home, so Black wins 3 (koks).
    run(play, "resign", "accept")
    assert play.state().score == {"white": 4, "black": 3} and play.state().phase == "game-over"
    run(play, "next-game", ("opening", 6, 1))
    play_any(play)
    state = play.state()
    assert not state.crawford and state.cube_used and "double" in state.actions  # the cube is back


def test_every_cube_refusal_code_is_listed_for_the_page():
    crawford = run(new_play("short", 2), ("opening", 3, 1), ("move", 8, 5), ("move", 6, 5), "confirm",
                   "double", "pass", "next-game", ("opening", 3, 1))
    play_any(crawford)
    owned = run(new_play("short", 3), ("opening", 3, 1), ("move", 8, 5), ("move", 6, 5), "confirm",
                "double", "take", ("roll", 6, 5))
    play_any(owned)
    play_any(run(owned, ("roll", 4, 2)))  # White, the owner, has played: Black to roll, White's cube
    states = {
        "no-cube": run(new_play("long"), ("opening", 3, 1)),
        "not-now": new_play("short"),
        "one-point-match": play_any(run(new_play("short", 1), ("opening", 3, 1))),
        "crawford": crawford,
        "rolled": run(new_play("short"), ("opening", 3, 1)),
        "owned": owned,
    }
    codes = {code: play.state().cube_refusal[0] for code, play in states.items()}
    assert codes == {code: code for code in states}
    # "max" is met in test_the_cube_stops_at_64.
    assert set(CUBE_REFUSALS) == set(states) | {"max"}


# ---------------------------------------------------------------------- resigning


def test_resign_at_the_start_offers_koks_times_the_cube():
    play = scripted_hit()
    run(play, ("roll", 3, 1), ("move", "bar", 22), ("move", 6, 5), "confirm", "double", "take")
    state = play.state()
    # Black has borne off nothing and still has a checker on 1, in White's home: 3 x cube 2.
    assert state.resign_value.to_json() == {"winner": "white", "kind": "koks", "cube": 2, "points": 6,
                                            "ended_by": "resign"}
    run(play, "resign")
    state = play.state()
    assert (state.phase, state.side, state.actions) == ("resign", "white", ("accept", "decline"))
    assert state.to_json()["offer"]["resign"]["by"] == "black"
    run(play, "decline")
    state = play.state()
    assert (state.phase, state.side) == ("roll", "black")
    assert [e["kind"] for e in sheet(play)[-2:]] == ["resign", "decline"]
    run(play, "resign", "accept")
    state = play.state()
    # 6 points in a 3-point match: the last game's points count fully.
    assert state.phase == "match-over" and state.actions == () and state.winner == "white"
    assert state.score == {"white": 6, "black": 0}
    assert state.results[0].to_json() == {"winner": "white", "kind": "koks", "cube": 2, "points": 6,
                                          "ended_by": "resign"}


def back_checkers_run():
    """White runs both back checkers with two 6-5s (24/13 twice); Black plays 3-1 17/20 19/20 between."""
    return run(new_play("short", 3), ("opening", 6, 5), ("move", 24, 18), ("move", 18, 13), "confirm",
               ("roll", 3, 1), ("move", 17, 20), ("move", 19, 20), "confirm",
               ("roll", 6, 5))


def test_resign_during_a_turn_is_valued_before_its_moves_and_a_decline_resumes_the_turn():
    play = run(back_checkers_run(), ("move", 24, 18))
    record, state = apply(play.record().to_json(), {"act": "resign"})
    # The move 24/18 is dropped: the last White checker is still on 24, in Black's home: koks, 3.
    assert state.resign_offer.kind == "koks" and state.resign_offer.points == 3
    assert record["games"][0]["actions"][-2:] == [{"act": "roll", "dice": [6, 5]}, {"act": "resign"}]
    assert sheet_entry(state, -1) == {"kind": "resign", "side": "white", "dice": [6, 5],
                                      "result": state.resign_offer.to_json()}
    record, state = apply(record, {"act": "decline"})
    assert (state.phase, state.side, state.dice, state.turn.moves) == ("move", "white", (6, 5), ())
    # A stored record may not resign after unconfirmed moves.
    actions = play.record().to_json()
    actions["games"][0]["actions"].append({"act": "resign"})
    with pytest.raises(RecordError, match="undo the moves of this turn before resigning"):
        replay(actions)


def sheet_entry(state, index):
    return state.scoresheet[-1][index]


def test_resign_without_back_checkers_is_mars():
    play = run(back_checkers_run(), ("move", 24, 18), ("move", 18, 13), "confirm", ("roll", 2, 1))
    play_any(play)
    state = play.state()
    # White: none borne off, none on the bar or in Black's home (19..24): mars, 2.
    assert state.side == "white" and state.resign_value.kind == "mars" and state.resign_value.points == 2


def test_resign_after_bearing_off_is_a_single_game():
    def borne_off(state):
        return state.phase == "roll" and state.position.off(state.side) >= 1

    for seed in range(30):
        play = random_match("short", 0, seed, Policy(resign=0, double=0.05, pass_=0), stop=borne_off)
        state = play.state()
        if state.phase == "roll":
            assert state.resign_value.kind == "single"
            assert state.resign_value.points == state.cube.value  # 1 x cube
            run(play, "resign", "accept")
            assert play.state().result.points == state.cube.value
            return
    pytest.fail("no resignation after bearing off in 30 random games")


def test_long_nardy_resign_at_the_start_is_mars_and_has_no_cube():
    play = run(new_play("long", 3), ("opening", 6, 1), ("roll", 5, 4))
    play_any(play)
    state = play.state()
    assert state.side == "black" and state.actions == ("roll", "resign")
    with pytest.raises(ActionError) as refused:
        run(play, "double")
    assert refused.value.code == "cube" and "without the doubling cube" in str(refused.value)
    for act in ("take", "pass", "accept"):
        with pytest.raises(ActionError, match=f"{act} is not allowed in phase roll"):
            run(play, act)
    # No koks in long nardy: Black has borne off nothing: mars, 2.
    assert state.resign_value.kind == "mars" and state.resign_value.points == 2


def test_resign_offers_a_single_game_a_mars_or_a_koks_each_at_the_cube():
    play = scripted_hit()
    run(play, ("roll", 3, 1), ("move", "bar", 22), ("move", 6, 5), "confirm", "double", "take")
    state = play.state()
    # Black may lose a koks here (a checker in White's home): it may offer any of the three, times cube 2.
    offers = [(offer["kind"], offer["points"]) for offer in state.to_json()["resign_offers"]]
    assert offers == [("single", 2), ("mars", 4), ("koks", 6)]
    record, state = apply(play.record().to_json(), {"act": "resign", "kind": "single"})
    assert record["games"][0]["actions"][-1] == {"act": "resign", "kind": "single"}
    assert state.resign_offer.to_json() == {"winner": "white", "kind": "single", "cube": 2, "points": 2,
                                            "ended_by": "resign"}
    assert state.to_json()["offer"]["resign"]["result"]["points"] == 2
    record, state = apply(record, {"act": "accept"})
    assert state.results[0].kind == "single" and state.score == {"white": 2, "black": 0}
    assert replay(record).score == {"white": 2, "black": 0}  # the record replays to the same


def test_a_resignation_offering_more_than_the_position_could_cost_is_refused_and_changes_nothing():
    # White ran both back checkers (as in the mars test above): it can lose a mars at most; a koks is
    # refused, and the move of the turn in progress stays.
    play = run(back_checkers_run(), ("move", 24, 18), ("move", 18, 13), "confirm", ("roll", 2, 1))
    play_any(play)
    run(play, ("roll", 6, 5))
    move = play.state().turn.legal_moves()[0]
    play_action(play, {"act": "move", "from": move.start, "to": move.end})
    assert [o.kind for o in play.state().resign_offers] == ["single", "mars"]
    with pytest.raises(ActionError) as refused:
        play_action(play, {"act": "resign", "kind": "koks"})
    assert refused.value.code == "resign-kind" and "could win no more than mars" in str(refused.value)
    assert play.state().turn.moves == (move,)
    for bad in ("gammon", 2, None):
        with pytest.raises(ActionError) as unread:
            play_action(play, {"act": "resign", "kind": bad})
        assert unread.value.code == "bad-action"
    # Long nardy knows no koks: a single game or a mars.
    long_play = run(new_play("long", 3), ("opening", 6, 1))
    assert [o.kind for o in long_play.state().resign_offers] == ["single", "mars"]
    with pytest.raises(ActionError, match="not koks"):
        play_action(long_play, {"act": "resign", "kind": "koks"})


def test_a_record_without_the_kind_of_resignation_reads_as_before():
    # Records written before the choice existed resign for the most the position could cost.
    play = run(back_checkers_run(), "resign", "accept")
    record = play.record().to_json()
    assert record["games"][0]["actions"][-2:] == [{"act": "resign"}, {"act": "accept"}]
    assert replay(record).results[0].kind == "koks" and replay(record).results[0].points == 3


def test_the_scoresheet_writes_each_side_s_play_in_its_own_numbering():
    play = run(new_play("short"), ("opening", 1, 6), ("move", 12, 18), ("move", 17, 18), "confirm",
               ("roll", 3, 1), ("move", 8, 5), ("move", 6, 5), "confirm")
    black, white = sheet(play)[1], sheet(play)[2]
    # Black's point p is its own 25 - p: 12/18 17/18 is 13/7 8/7; White's own numbering is White's.
    assert (black["play"], black["own"]) == ("12/18 17/18", "13/7 8/7")
    assert (white["play"], white["own"]) == ("8/5 6/5", "8/5 6/5")
    # Long nardy: Black's point p is its own ((p + 11) mod 24) + 1: 12/7/3 is 24/19/15, written 24/15.
    long_play = run(new_play("long"), ("opening", 1, 6), ("roll", 5, 4), ("move", 12, 7), ("move", 7, 3), "confirm")
    assert (sheet(long_play)[1]["play"], sheet(long_play)[1]["own"]) == ("12/3", "24/15")


# ---------------------------------------------------------------------- undo, confirm


def test_undo_takes_back_moves_of_the_turn_only():
    play = run(new_play("short"), ("opening", 6, 1), ("move", 13, 7))
    record = play.record().to_json()
    record, state = apply(record, {"act": "move", "from": 8, "to": 7})
    assert state.actions == ("undo", "confirm", "resign")
    record, state = apply(record, {"act": "undo"})
    assert [m.notation for m in state.turn.moves] == ["13/7"] and state.actions == ("move", "undo", "resign")
    assert record["games"][0]["actions"][-1] == {"act": "move", "from": 13, "to": 7, "die": 6}
    record, state = apply(record, {"act": "undo"})
    assert state.turn.moves == () and state.position == from_text(
        "nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2")
    with pytest.raises(ActionError) as nothing:
        apply(record, {"act": "undo"})
    assert nothing.value.code == "nothing-to-undo"
    with pytest.raises(ActionError) as bad:
        apply(record, {"act": "undo", "from": 13})
    assert bad.value.code == "bad-action"
    record, state = apply(record, {"act": "move", "from": 13, "to": 7})
    record, state = apply(record, {"act": "move", "from": 8, "to": 7})
    record, state = apply(record, {"act": "confirm"})
    with pytest.raises(ActionError) as after_confirm:
        apply(record, {"act": "undo"})
    assert after_confirm.value.code == "nothing-to-undo"


def test_confirm_only_when_the_turn_is_complete_and_no_move_after():
    play = run(new_play("short"), ("opening", 6, 1), ("move", 13, 7))
    with pytest.raises(ActionError) as early:
        run(play, "confirm")
    assert early.value.code == "incomplete" and "2 dice can be played and 1 has been" in str(early.value)
    run(play, ("move", 8, 7))
    with pytest.raises(ActionError, match="confirm the turn"):
        run(play, ("move", 6, 5))


def test_a_refused_action_leaves_the_match_as_it_was():
    play = run(new_play("short"), ("opening", 6, 1), ("move", 13, 7))
    before = (play.record(), play.state().to_json())
    for action in ({"act": "move", "from": 13, "to": 10}, {"act": "roll", "dice": [1, 2]},
                   {"act": "confirm"}, {"act": "move", "from": "bar", "to": 20}, {"act": "next-game"},
                   {"act": "jump"}, "roll"):
        with pytest.raises(ActionError):
            play_action(play, action)
        assert (play.record(), play.state().to_json()) == before


# ---------------------------------------------------------------------- whole matches


def cube_after(entries):
    """The cube value at the end of a game, from its scoresheet: each take doubles it."""
    value = 1
    for entry in entries:
        if entry["kind"] == "take":
            assert entry["value"] == 2 * value
            value = entry["value"]
    return value


def check_match(play, variant, length):
    state = play.state()
    # The record re-plays to the same state.
    assert replay(play.record().to_json()).to_json() == state.to_json()
    json.dumps(state.to_json())
    scores = {"white": 0, "black": 0}
    first_short = None
    for number, (entries, result) in enumerate(zip(state.scoresheet, state.results, strict=True), 1):
        positions = positions_of(variant, entries)
        cube = cube_after(entries)
        kinds = [e["kind"] for e in entries]
        if result.ended_by == "bear-off":
            assert positions[-1].off(result.winner) == 15
            assert result.kind == expected_kind(positions[-1], result.loser)
        elif result.ended_by == "pass":
            assert kinds[-2:] == ["double", "pass"] and result.kind == "single"
        else:
            assert kinds[-2:] == ["resign", "accept"]
            assert result.kind == expected_kind(positions[-1], result.loser)
        assert result.cube == cube and result.points == {"single": 1, "mars": 2, "koks": 3}[result.kind] * cube
        if variant == "long" or length == 1:
            assert "double" not in kinds
        # The Crawford game (short nardy; long nardy has no cube, so no Crawford game).
        assert play.games[number - 1].crawford == (variant == "short" and number == first_short)
        if number == first_short:
            assert "double" not in kinds
        assert max(scores.values()) < max(length, 1)  # only the last game may end the match
        scores[result.winner] += result.points
        if first_short is None and length > 1 and scores[result.winner] == length - 1:
            first_short = number + 1
    assert state.score == scores
    if length:
        assert state.winner == max(scores, key=scores.get) and scores[state.winner] >= length
    assert state.phase == "match-over" and len(state.results) == len(state.scoresheet)


@pytest.mark.parametrize("seed", range(4))
def test_random_short_matches(seed):
    play = random_match("short", 7, seed, Policy(double=0.03, pass_=0.4, resign=0.003))
    check_match(play, "short", 7)


@pytest.mark.parametrize("length, seed", [(0, 11), (1, 12), (3, 13)])
def test_random_short_single_games_and_short_matches(length, seed):
    check_match(random_match("short", length, seed), "short", length)


@pytest.mark.parametrize("length, seed", [(0, 21), (3, 22)])
def test_random_long_matches(length, seed):
    play = random_match("long", length, seed)
    check_match(play, "long", length)
    # Long nardy: mars is worth 2 and there is no koks.
    assert {r.kind for r in play.state().results} <= {"single", "mars"}


def test_mars_and_koks_with_the_cube_in_random_games():
    found = {}
    for seed in range(60):
        play = random_match("short", 0, 100 + seed, Policy(double=0.08, pass_=0, resign=0))
        result = play.state().results[0]
        if result.ended_by == "bear-off" and result.cube > 1:
            found.setdefault(result.kind, result)
        if len(found) == 3:
            break
    assert set(found) == {"single", "mars", "koks"}
    for kind, result in found.items():
        assert result.points == {"single": 1, "mars": 2, "koks": 3}[kind] * result.cube


def test_the_match_ends_when_a_side_reaches_the_length():
    play = run(new_play("short", 3), ("opening", 5, 2))
    play_any(play)
    run(play, "resign", "accept")  # Black resigns at the start: koks, 3 points
    state = play.state()
    assert state.phase == "match-over" and state.winner == "white" and state.score == {"white": 3, "black": 0}
    with pytest.raises(ActionError, match="next-game is not allowed in phase match-over"):
        play_action(play, {"act": "next-game"})
    record = play.record().to_json()
    record["games"].append({"actions": []})
    with pytest.raises(RecordError) as extra:
        replay(record)
    assert extra.value.game == 2 and "game 1 is over" in str(extra.value)


def test_a_single_game_ends_the_record():
    play = run(new_play("long", 0), ("opening", 5, 2), ("roll", 6, 5))
    play_any(play)
    run(play, "resign", "accept")
    state = play.state()
    assert state.phase == "match-over" and state.score == {"white": 2, "black": 0} and state.winner is None


def test_new_record_and_state_json():
    record = new_record("short", 5, {"white": " Ali ", "black": "Vali"})
    assert record == {"format": "nardy-match", "version": 1, "variant": "short", "length": 5,
                      "players": {"white": "Ali", "black": "Vali"}, "games": [{"actions": []}]}
    state = replay(record).to_json()
    assert state["phase"] == "opening" and state["players"] == {"white": "Ali", "black": "Vali"}
    assert state["position"] == MatchPlay("short", 5).state().position.to_json()
    assert state["cube"] == {"value": 1, "owner": None, "used": True, "may_double": False,
                             "refusal": {"code": "not-now",
                                         "message": "a player may double only on their turn, before rolling"}}
